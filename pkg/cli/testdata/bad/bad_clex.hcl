topology "c44" {
  family = "clex"
  k      = 4
  t      = 2
}

topology "sf" {
  family = "slimfly"
  q      = 5
}

topology "huge" {
  family = "clex"
  k      = 5000
  t      = 2
}

study "wrong_family" {
  topologies = [topology.c44, topology.sf]
  clex {
    messages_per_node = 2
  }
  metrics = ["max_rounds"]
}

study "mixed" {
  topologies = [topology.c44]
  clex {
    messages_per_node = 2
  }
  metrics = ["max_rounds", "avg_hops", "remaining", "nodes"]
}

study "bad_options" {
  topologies = [topology.c44]
  clex {
    messages_per_node = [0, "many", 2.5]
    request_ack       = "yes"
    seeds             = [1, 2]
    thread            = 2
  }
  metrics = ["max_rounds"]
}

study "no_block" {
  topologies = [topology.c44]
  metrics    = ["max_phases"]
}

study "other_metrics" {
  topologies = [topology.c44]
  clex {
    messages_per_node = 2
  }
  metrics = ["routers", "max_phases"]
}

study "too_large" {
  topologies = [topology.huge, topology.c44]
  clex {
    messages_per_node = [1, 200000000]
  }
  metrics = ["nodes"]
}

study "not_clex" {
  topologies = [topology.sf]
  metrics    = ["diameter", "avg_hops"]
}
