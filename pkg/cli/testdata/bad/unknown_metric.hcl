topology "sf" {
  family = "slimfly"
  q      = 5
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["diameter", "mean_hops"]
}
