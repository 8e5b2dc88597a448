topology "moore" {
  family = "moore_bound"
  degree = [7, 29, 96]
}

study "s" {
  topologies = [topology.moore]
  metrics    = ["routers", "diameter"]
}

cost_model "sc14" {
  preset = "sc14"
}

study "c" {
  topologies = [topology.moore]
  metrics    = ["cost_per_endpoint"]
  cost_model = cost_model.sc14
}
