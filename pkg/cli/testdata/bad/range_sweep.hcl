# A sweep of range(2, 1000002) is refused at the range, before a million
# values are converted and expanded; so is a sim block's load sweep.
topology "t" {
  family = "torus"
  k      = range(2, 1000002)
  n      = 1
}

study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
  sim {
    load = range(0, 1, 1e-7)
  }
}
