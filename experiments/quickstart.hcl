# Quickstart: a small version of Fig. 1 of the Slim Fly paper (Besta and
# Hoefler, SC14): the average number of router hops of uniform random traffic
# under minimal routing, versus network size, for balanced topologies of up
# to about 5,000 endpoints. A second study checks the paper's network sizes
# (Table IV, section V) and the diameters of Table II.
#
#   runexp run experiments/quickstart.hcl

experiment {
  title       = "Quickstart: average hops vs network size (Slim Fly SC14, Fig. 1)"
  description = "Balanced tori, hypercubes, fat trees, Dragonflies and Slim Flies up to about 5,000 endpoints, as in Fig. 1 of the Slim Fly paper, plus the paper's full-size networks as expectations."
}

variable "max_endpoints" {
  type        = number
  default     = 5000
  description = "Largest network (endpoints) in the Fig. 1 sweep."
}

# Every topology keeps the instances of its sweep that fit the largest
# network, by its family's sizing formulas (nothing is built for the
# others): keep = endpoints <= var.max_endpoints. Low-radix networks use one
# endpoint per router (SC14 section III); Dragonflies and Slim Flies are
# balanced; Slim Fly needs prime powers q = 4w + d, d in {-1, 0, 1}. To
# sweep further: runexp run experiments/quickstart.hcl --var max_endpoints=20000

topology "t3d" {
  family = "torus"
  label  = "Torus 3D"
  n      = 3
  k      = range(3, 40)
  keep   = endpoints <= var.max_endpoints
}

topology "t5d" {
  family = "torus"
  label  = "Torus 5D"
  n      = 5
  k      = range(3, 10)
  keep   = endpoints <= var.max_endpoints
}

topology "hc" {
  family = "hypercube"
  label  = "Hypercube"
  n      = range(4, 20)
  keep   = endpoints <= var.max_endpoints
}

topology "ft3" {
  family = "fattree"
  label  = "Fat tree (3 levels)"
  levels = 3
  p      = range(3, 40) # k-ary 3-trees: p^3 endpoints
  keep   = endpoints <= var.max_endpoints
}

topology "df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = range(2, 20)
  keep   = endpoints <= var.max_endpoints
}

topology "sf" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19]
  p      = "balanced"
  keep   = endpoints <= var.max_endpoints
}

study "fig1" {
  title      = "Average hops under uniform traffic vs network size"
  topologies = [topology.t3d, topology.t5d, topology.hc, topology.ft3, topology.df, topology.sf]
  metrics    = ["endpoints", "routers", "radix", "diameter", "avg_endpoint_distance"]
}

figure "fig1" {
  study   = study.fig1
  title   = "Average number of hops, uniform traffic (cf. SC14 Fig. 1)"
  x       = "endpoints"
  y       = "avg_endpoint_distance"
  series  = ["label"]
  x_label = "Network size [endpoints]"
  y_label = "Average number of hops"
  x_min   = 0
  y_min   = 0
}

table "fig1" {
  study   = study.fig1
  title   = "Average hops vs network size"
  columns = ["label", "endpoints", "routers", "radix", "diameter", "avg_endpoint_distance"]
  formats = { avg_endpoint_distance = "%.3f" }

  expect "sf_q5_hoffman_singleton" {
    where    = { topology = "sf", q = 5 }
    source   = "SC14 section II-B: q = 5 is the Hoffman-Singleton graph (50 routers, diameter 2)"
    routers  = { value = 50, kind = "check", note = "2q^2 routers: follows from q = 5" }
    diameter = 2
  }
  expect "sf_q13" {
    where     = { topology = "sf", q = 13 }
    source    = "SC15 section 4.1: q = 13 gives 338 routers of network radix 19; balanced p = 10 gives 3,380 endpoints"
    routers   = { value = 338, kind = "check", note = "2q^2 routers: follows from q = 13" }
    endpoints = { value = 3380, kind = "check", note = "2q^2 x balanced p = 10: follows from q = 13" }
    diameter  = 2
  }
  expect "hc_4096" {
    where    = { topology = "hc", endpoints = 4096 }
    source   = "SC14 Table II: hypercube diameter log2 N"
    diameter = 12
  }
  expect "t3d_4096" {
    where    = { topology = "t3d", endpoints = 4096 }
    source   = "SC14 Table II: 3D torus diameter 3/2 N^(1/3) (k = 16: 24)"
    diameter = 24
  }
}

# The networks the paper simulates and prices (SC14 section V and Table IV).
topology "sf_10k" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = 19
}

topology "df_10k" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = 7
}

topology "ft3_10k" {
  family = "fattree"
  label  = "Fat tree (3 levels)"
  p      = 22
}

study "paper_sizes" {
  title      = "The ~10,000-endpoint networks of the paper"
  topologies = [topology.sf_10k, topology.df_10k, topology.ft3_10k]
  metrics    = ["endpoints", "routers", "radix", "network_radix", "links", "diameter", "endpoint_diameter", "avg_endpoint_distance"]
}

table "paper_sizes" {
  study   = study.paper_sizes
  title   = "Network sizes of SC14 section V and Table IV"
  columns = ["label", "endpoints", "routers", "radix", "network_radix", "links", "diameter", "endpoint_diameter", "avg_endpoint_distance"]
  formats = { avg_endpoint_distance = "%.3f" }

  expect "sf_10k" {
    source        = "SC14 Table IV and section VI-A: q = 19, k' = 29, p = 15, k = 44"
    note          = "the sizes follow from q = 19 and the balanced p; the diameter is measured"
    endpoints     = { value = 10830, kind = "check" }
    routers       = { value = 722, kind = "check" }
    network_radix = { value = 29, kind = "check" }
    radix         = { value = 44, kind = "check" }
    diameter      = 2
  }
  expect "df_10k" {
    source    = "SC14 Table IV and section V: balanced Dragonfly, p = 7, k = 27"
    endpoints = { value = 9702, kind = "check" }
    routers   = { value = 1386, kind = "check" }
    radix     = { value = 27, kind = "check" }
    diameter  = 3
  }
  expect "ft3_10k" {
    source            = "SC14 section V: FT-3 with k = 44, p = 22"
    endpoints         = { value = 10648, kind = "check" }
    routers           = { value = 1452, kind = "check" }
    radix             = { value = 44, kind = "check" }
    endpoint_diameter = 4
  }
}
