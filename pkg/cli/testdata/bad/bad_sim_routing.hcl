# Routings that a family cannot run, refused at validate.
topology "ring" {
  family  = "ring_random"
  routers = 16
  degree  = 4
}
topology "sf" {
  family = "slimfly"
  q      = 5
}
topology "ptorus" {
  family  = "torus"
  k       = 4
  n       = 2
  permute = "partial"
}
study "dor_on_random" {
  topologies = [topology.ring]
  metrics    = ["latency"]
  sim {
    routing = "duato-dor"
  }
}
study "leaf_on_direct" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    routing = ["min", "val-leaf"]
  }
}
study "dor_on_permuted" {
  topologies = [topology.ptorus]
  metrics    = ["latency"]
  sim {
    routing = "dor"
  }
}
study "bad_parameter" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    routing = "ugal-threshold:t=2"
  }
}
