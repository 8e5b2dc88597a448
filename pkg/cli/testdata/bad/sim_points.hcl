topology "t" {
  family = "torus"
  k      = 3
  n      = 1
}

study "s" {
  topologies = [topology.t]
  metrics    = ["latency"]
  sim {
    load  = range(0.0001, 1, 0.0001)
    seeds = [1, 2]
  }
}
