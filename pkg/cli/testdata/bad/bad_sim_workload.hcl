# Finite workloads, searches and replicates given wrongly.
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "torus_too_big" {
  topologies = [topology.sf]
  metrics    = ["completion_cycles"]
  sim {
    workload      = "nearest_neighbor"
    torus         = "10x10x10"
    message_flits = 8
  }
}
study "no_size" {
  topologies = [topology.sf]
  metrics    = ["completion_cycles"]
  sim {
    workload = "all_to_all"
    load     = 0.5
  }
}
study "no_search" {
  topologies = [topology.sf]
  metrics    = ["throughput"]
  sim {
    seeds = 0
  }
}
study "too_long" {
  topologies = [topology.sf]
  metrics    = ["completion_cycles"]
  sim {
    workload      = "all_to_all"
    message_flits = 10000000
  }
}
study "throughput_without_search" {
  topologies = [topology.sf]
  metrics    = ["throughput"]
  sim {
    load = [0.1, 0.2]
  }
}
study "injection_without_workload" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    load      = 0.5
    injection = "interleaved"
  }
}
