# Which network is cheapest per endpoint at about 20,000 and about 100,000
# endpoints, with routers of at most 64 ports?
#
#   runexp run experiments/examples/cheapest.hcl
#
# Every family is swept over a wide range of its size parameter; keep leaves
# only the instances in one of the two bands whose radix fits, by each
# family's own sizing formulas (nothing is built for the others), and the
# tables pick each band with a where range. Prices: the SC14 cost model
# (cables per Gb/s and length, routers by radix, families laid out rack by
# rack). No sizing formula is written here.

experiment {
  title       = "Cheapest network per endpoint at 20,000 and 100,000 endpoints, radix at most 64"
  description = "Slim Fly, Dragonfly, 3-level fat tree, demi-PN (PolarFly), PN, 3D HyperX, MLFM and OFT, each at its sizes within 15,000-30,000 and 75,000-130,000 endpoints whose routers have at most 64 ports, priced with the SC14 cost model."
}

locals {
  max_radix = 64
  small     = { min = 15000, max = 30000 }
  large     = { min = 75000, max = 130000 }
  prime_powers = [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49, 53, 59, 61, 64]
}

# The condition every topology keeps its instances by.
# (HCL has no functions of our own, so it is repeated in each block.)

topology "sf" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = [for q in local.prime_powers : q if q > 2]
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = range(2, 33)
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "ft3" {
  family = "fattree"
  label  = "Fat tree (3 levels)"
  levels = 3
  p      = range(2, 33)
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "dpn" {
  family = "demi_pn"
  label  = "demi-PN (PolarFly)"
  q      = local.prime_powers
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "pn" {
  family = "pn"
  label  = "PN"
  q      = local.prime_powers
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "hx" {
  family = "hyperx"
  label  = "HyperX (3D)"
  dims   = [for s in range(2, 33) : [s, s, s]]
  p      = "balanced"
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "mlfm" {
  family = "mlfm"
  label  = "MLFM"
  h      = range(2, 64)
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

topology "oft" {
  family = "oft"
  label  = "OFT"
  k      = [for q in local.prime_powers : q + 1 if q > 1]
  keep   = radix <= local.max_radix && (endpoints >= local.small.min && endpoints <= local.small.max || endpoints >= local.large.min && endpoints <= local.large.max)
}

cost_model "sc14" {
  preset = "sc14"
}

study "cost" {
  title      = "Cost and power per endpoint (SC14 cost model)"
  topologies = [topology.sf, topology.df, topology.ft3, topology.dpn, topology.pn, topology.hx, topology.mlfm, topology.oft]
  cost_model = cost_model.sc14
  metrics    = ["endpoints", "routers", "radix", "cost_per_endpoint", "power_per_endpoint", "cost_method"]
}

table "cheapest_20k" {
  study   = study.cost
  title   = "About 20,000 endpoints (15,000-30,000), radix at most 64, cheapest first"
  where   = { endpoints = local.small }
  sort_by = ["cost_per_endpoint"]
  columns = ["label", "endpoints", "routers", "radix", "cost_per_endpoint", "power_per_endpoint", "cost_method"]
  formats = { cost_per_endpoint = "%.0f", power_per_endpoint = "%.1f" }
}

table "cheapest_100k" {
  study   = study.cost
  title   = "About 100,000 endpoints (75,000-130,000), radix at most 64, cheapest first"
  where   = { endpoints = local.large }
  sort_by = ["cost_per_endpoint"]
  columns = ["label", "endpoints", "routers", "radix", "cost_per_endpoint", "power_per_endpoint", "cost_method"]
  formats = { cost_per_endpoint = "%.0f", power_per_endpoint = "%.1f" }
}

figure "cost" {
  study   = study.cost
  title   = "Cost per endpoint, radix at most 64"
  x       = "endpoints"
  y       = "cost_per_endpoint"
  x_scale = "log"
  x_label = "endpoints"
  y_label = "cost per endpoint [$]"
}
