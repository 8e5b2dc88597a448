topology "moore" {
  family = "moore_bound"
  degree = [7, 29, 96]
}

study "s" {
  topologies = [topology.moore]
  metrics    = ["routers", "diameter"]
}
