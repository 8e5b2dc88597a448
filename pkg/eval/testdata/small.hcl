# A small experiment for the engine tests: two families, a sweep each,
# size and distance metrics, a figure and a table with expectations.

variable "qs" {
  type    = list(number)
  default = [3, 4, 5]
}

topology "sf" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = var.qs
}

topology "t2d" {
  family = "torus"
  label  = "Torus 2D"
  n      = 2
  k      = [3, 4]
}

# Every cable costs $5 (1 Gb/s at $5 per Gb/s, whatever its length or kind),
# endpoint cables included.
cost_model "flat" {
  preset                       = "sc14"
  router_cost_per_port         = 10
  router_cost_fixed            = 100
  link_bandwidth               = 1
  electric_cost_per_gbps       = 5
  electric_cost_per_gbps_meter = 0
  optical_cost_per_gbps        = 5
  optical_cost_per_gbps_meter  = 0
  endpoint_cables              = "all"
  power_per_port               = 2.8
}

study "s" {
  topologies = [topology.sf, topology.t2d]
  metrics    = ["routers", "endpoints", "radix", "links", "diameter", "avg_distance", "avg_endpoint_distance", "cost_per_endpoint", "power_total"]
  cost_model = cost_model.flat
}

figure "f" {
  study = study.s
  x     = "endpoints"
  y     = "avg_endpoint_distance"
}

table "t" {
  study   = study.s
  columns = ["label", "q", "k", "routers", "endpoints", "diameter", "avg_distance"]

  expect "hs" {
    where        = { topology = "sf", q = 5 }
    routers      = 50
    diameter     = 2
    avg_distance = { value = 1.857, abs = 0.001 }
  }
}
