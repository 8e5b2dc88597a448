# Two cells fail: the load analysis of the torus, which has no router groups
# for load_routing = "group_minimal", and the simulation of min-adaptive
# routing, which the deadlock check refuses on the torus.
topology "df" {
  family = "dragonfly"
  p      = 1
  a      = 2
  h      = 1
}
topology "t2d" {
  family = "torus"
  n      = 2
  k      = 4
}
study "structure" {
  topologies = [topology.df, topology.t2d]
  metrics    = ["routers", "diameter", "utilization"]
  analysis {
    load_routing = "group_minimal"
  }
}
study "sim" {
  topologies = [topology.t2d]
  metrics    = ["latency", "saturated"]
  sim {
    routing        = ["dor", "min-adaptive"]
    load           = [0.1, 0.2]
    warmup_min     = 200
    warmup_max     = 400
    measure_cycles = 300
  }
}
figure "latency" {
  study  = study.sim
  x      = "load"
  y      = "latency"
  series = ["routing"]
}
table "structure" {
  study   = study.structure
  columns = ["topology", "routers", "diameter", "utilization"]
  expect "torus_u" {
    where       = { topology = "t2d" }
    utilization = 1
  }
}
