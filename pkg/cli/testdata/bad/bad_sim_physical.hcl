# Physical configurations that cannot be converted, or mix units.
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "rounds_to_zero" {
  topologies = [topology.sf]
  metrics    = ["latency_ns"]
  sim {
    preset   = "sc15"
    router_ns = 1
  }
}
study "both_units" {
  topologies = [topology.sf]
  metrics    = ["latency_ns"]
  sim {
    preset        = "sc15"
    local_latency = 3
  }
}
study "no_bandwidth" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    router_ns = 100
  }
}
study "ns_in_cycles" {
  topologies = [topology.sf]
  metrics    = ["latency", "latency_ns"]
  sim {
    routing = "min"
  }
}
study "warmup" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    warmup_max = 2000
  }
}
