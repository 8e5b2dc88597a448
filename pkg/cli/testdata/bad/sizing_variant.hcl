topology "del" {
  family  = "delorme"
  variant = ["quadrangle", "sc14"]
  q       = 2
}

study "s" {
  topologies = [topology.del]
  metrics    = ["routers", "diameter"]
}
