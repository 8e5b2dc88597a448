topology "sf" {
  family = "slimfly"
  q      = 5
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["routers"]
  analysis {
    load_routing     = "ecmp"
    bisection_starts = 0
    seed             = 1.5
    resilience_widht = 0.02
  }
}
