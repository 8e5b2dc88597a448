# Sim sizes past the simulator's limits (netsim, "Limits"): each error
# names the option, its value and the reason.
topology "sf" {
  family = "slimfly"
  q      = 19
}
study "negative_window" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    measure_cycles = -5
  }
}
study "window_past_int32" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    measure_cycles = [5000, 1073741824]
  }
}
study "packets_longer_than_the_drain" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    packet_flits = 65536
  }
}
study "too_many_vcs" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    vcs = 65
  }
}
study "buffers_past_the_slots" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    buffer_flits = 16777216
  }
}
study "sim_us_past_the_run" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    preset = "sc15"
    sim_us = 1e7
  }
}
study "messages_past_the_run" {
  topologies = [topology.sf]
  metrics    = ["completion_cycles"]
  sim {
    workload      = "all_to_all"
    message_flits = 100000
  }
}
