topology "t" {
  family = "torus"
  k      = range(3, 103)
  n      = range(1, 501)
  p      = [1, 2, 3]
}

study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
}
