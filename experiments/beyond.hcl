# Beyond the five papers: the diameter-2 and diameter-3 topologies published
# since (PolarFly, PolarStar, Bundlefly, Spectralfly, Megafly) against Slim
# Fly, the Dragonfly, the projective network, MLFM, OFT and HyperX.
#
#   runexp run experiments/beyond.hcl
#
# 1. The Moore-bound efficiency of the diameter-2 families: how close each
#    comes to the most routers its network radix allows at diameter 2.
# 2. A cost and distance comparison at about 10,000 and about 100,000
#    endpoints with routers of at most 64 ports, every family at the sizes
#    its own sizing formulas put in the band (keep), priced with the SC14
#    cost model, with the average distance of each one's Jellyfish
#    equivalent (the same routers, ports and endpoints wired at random); the
#    channel-load throughput bound of uniform traffic and the spectral gap
#    at 10,000 endpoints.

experiment {
  title       = "Beyond the five papers: PolarFly, PolarStar, Bundlefly and Spectralfly against the diameter-2 and -3 networks they compete with"
  description = "Moore-bound efficiency of PolarFly and Slim Fly; sizes, cost per endpoint, diameter, average distance and the uniform-traffic throughput bound of every diameter-2 and diameter-3 family at about 10,000 and 100,000 endpoints with radix at most 64."
}

locals {
  max_radix    = 64
  small        = { min = 8000, max = 12500 }
  large        = { min = 80000, max = 130000 }
  prime_powers = [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49, 53, 59, 61, 64]
  paley_orders = [5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61]

  why_1dec = "printed as a percentage with one decimal (+-0.05 points); the ratio follows from the construction's exact sizes, which nothing in this file sets beyond the order q"
}

# --- 1. Moore-bound efficiency ------------------------------------------------

topology "m_pf" {
  family = "polarfly"
  label  = "PolarFly"
  q      = [31, 127]
}

topology "m_sf" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = [19, 49]
}

study "moore" {
  title      = "Moore-bound efficiency at diameter 2"
  topologies = [topology.m_pf, topology.m_sf]
  metrics    = ["routers", "network_radix", "moore_bound_2", "moore_ratio_2"]
}

table "moore" {
  study   = study.moore
  title   = "Routers against the Moore bound 1 + k'^2 for the network radix k'"
  columns = ["label", "q", "network_radix", "routers", "moore_bound_2", "moore_ratio_2"]
  formats = { moore_ratio_2 = "%.4f" }

  # Lakhotia et al., PolarFly, SC22 (abstract and section 1): PolarFly
  # reaches about 96.9% of the Moore bound at radix 32 and 99.2% at 128,
  # Slim Fly 85.7% (q = 19) and 90.1% (q = 49).
  expect "pf32" {
    where         = { label = "PolarFly", q = 31 }
    network_radix = { value = 32, kind = "check" }
    moore_ratio_2 = { value = 0.969, abs = 0.0005, why = local.why_1dec }
    source        = "Lakhotia et al., PolarFly, SC22, as quoted in issue 20 (the paper is not in ../shared/papers): 96.9% of the Moore bound at radix 32"
  }
  expect "pf128" {
    where         = { label = "PolarFly", q = 127 }
    network_radix = { value = 128, kind = "check" }
    moore_ratio_2 = { value = 0.992, abs = 0.0005, why = local.why_1dec }
    source        = "Lakhotia et al., PolarFly, SC22, as quoted in issue 20 (the paper is not in ../shared/papers): 99.2% of the Moore bound at radix 128"
  }
  expect "sf19" {
    where         = { label = "Slim Fly", q = 19 }
    moore_ratio_2 = { value = 0.857, abs = 0.0005, why = local.why_1dec }
    source        = "Lakhotia et al., PolarFly, SC22, as quoted in issue 20 (the paper is not in ../shared/papers): Slim Fly at q = 19, 85.7%"
  }
  expect "sf49" {
    where         = { label = "Slim Fly", q = 49 }
    moore_ratio_2 = { value = 0.901, abs = 0.0005, why = local.why_1dec }
    source        = "Lakhotia et al., PolarFly, SC22, as quoted in issue 20 (the paper is not in ../shared/papers): Slim Fly at q = 49, 90.1%"
  }
}

# --- 2. The comparison -----------------------------------------------------------
# Every family twice: s_* keeps its instances in the 10,000 band, l_* in the
# 100,000 band, both with routers of at most 64 ports. Slim Fly, PolarFly,
# MLFM, OFT, 2D HyperX and PN have no instance at 100,000 endpoints with 64
# ports: a diameter-2 network of network radix k' has at most 1 + k'^2
# routers (the Moore bound), about 40,000 endpoints at radix 64 with
# p = k'/2 (PN, diameter 3 between routers, is an incidence graph of only
# 2(q^2 + q + 1) routers of degree q + 1).
topology "s_sf" {
  family = "slimfly"
  label  = "Slim Fly"
  q      = [for q in local.prime_powers : q if q > 2]
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_pf" {
  family = "polarfly"
  label  = "PolarFly"
  q      = local.prime_powers
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_mlfm" {
  family = "mlfm"
  label  = "MLFM"
  h      = range(2, 64)
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_oft" {
  family = "oft"
  label  = "OFT"
  k      = [for q in local.prime_powers : q + 1 if q > 1]
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_hx" {
  family = "hyperx"
  label  = "HyperX (2D)"
  dims   = [for s in range(2, 48) : [s, s]]
  p      = "balanced"
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = range(2, 33)
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_mf" {
  family = "megafly"
  label  = "Megafly"
  leaves = range(2, 33)
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_pn" {
  family = "pn"
  label  = "PN"
  q      = local.prime_powers
  keep   = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_bf" {
  family  = "bundlefly"
  label   = "Bundlefly"
  q       = [for q in local.prime_powers : q if q > 2]
  paley_q = local.paley_orders
  keep    = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "s_ps" {
  family           = "polarstar"
  label            = "PolarStar (IQ)"
  q                = local.prime_powers
  supernode        = "iq"
  supernode_degree = [for d in range(3, 48) : d if d % 4 == 0 || d % 4 == 3]
  keep             = radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

# Spectralfly has no balanced p: p = ceil(k'/3), as for the other
# diameter-3 families (a third of the ports to endpoints), and LPS orders
# q > 2 sqrt(lps_p) (q = 13 with lps_p = 29 gives X^{29,13}: 1,092 routers
# of degree 30, 10 endpoints each).
topology "s_spf" {
  family = "spectralfly"
  label  = "Spectralfly"
  lps_p  = [5, 17, 29, 37, 41]
  q      = [13, 19, 23]
  p      = range(1, 22)
  keep   = 3 * p >= network_radix && 3 * (p - 1) < network_radix && radix <= local.max_radix && endpoints >= local.small.min && endpoints <= local.small.max
}

topology "l_df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = range(2, 33)
  keep   = radix <= local.max_radix && endpoints >= local.large.min && endpoints <= local.large.max
}

topology "l_mf" {
  family = "megafly"
  label  = "Megafly"
  leaves = range(2, 33)
  keep   = radix <= local.max_radix && endpoints >= local.large.min && endpoints <= local.large.max
}

topology "l_bf" {
  family  = "bundlefly"
  label   = "Bundlefly"
  q       = [for q in local.prime_powers : q if q > 2]
  paley_q = local.paley_orders
  keep    = radix <= local.max_radix && endpoints >= local.large.min && endpoints <= local.large.max
}

topology "l_ps" {
  family           = "polarstar"
  label            = "PolarStar (IQ)"
  q                = local.prime_powers
  supernode        = "iq"
  supernode_degree = [for d in range(3, 48) : d if d % 4 == 0 || d % 4 == 3]
  keep             = radix <= local.max_radix && endpoints >= local.large.min && endpoints <= local.large.max
}

topology "l_spf" {
  family = "spectralfly"
  label  = "Spectralfly"
  lps_p  = [5, 13, 17, 29, 37, 41]
  q      = [19, 23, 31, 43, 47]
  p      = range(1, 22)
  keep   = 3 * p >= network_radix && 3 * (p - 1) < network_radix && radix <= local.max_radix && endpoints >= local.large.min && endpoints <= local.large.max
}

cost_model "sc14" {
  preset = "sc14"
}

study "compare" {
  title      = "Diameter-2 and diameter-3 networks at about 10,000 and 100,000 endpoints, radix at most 64"
  topologies = [topology.s_sf, topology.s_pf, topology.s_mlfm, topology.s_oft, topology.s_hx, topology.s_df, topology.s_mf, topology.s_pn, topology.s_bf, topology.s_ps, topology.s_spf, topology.l_df, topology.l_mf, topology.l_bf, topology.l_ps, topology.l_spf]
  cost_model = cost_model.sc14
  metrics    = ["endpoints", "routers", "radix", "network_radix", "links", "cost_per_endpoint", "power_per_endpoint", "cost_method", "endpoint_diameter", "avg_endpoint_distance", "jellyfish_avg_endpoint_distance"]
}

table "compare_10k" {
  study   = study.compare
  title   = "About 10,000 endpoints (8,000-12,500), radix at most 64, cheapest first"
  where   = { endpoints = local.small }
  sort_by = ["cost_per_endpoint"]
  columns = ["label", "endpoints", "routers", "radix", "links", "endpoint_diameter", "avg_endpoint_distance", "jellyfish_avg_endpoint_distance", "cost_per_endpoint", "power_per_endpoint", "cost_method"]
  formats = { cost_per_endpoint = "%.0f", power_per_endpoint = "%.1f", avg_endpoint_distance = "%.3f", jellyfish_avg_endpoint_distance = "%.3f" }
}

table "compare_100k" {
  study   = study.compare
  title   = "About 100,000 endpoints (80,000-130,000), radix at most 64, cheapest first"
  where   = { endpoints = local.large }
  sort_by = ["cost_per_endpoint"]
  columns = ["label", "endpoints", "routers", "radix", "links", "endpoint_diameter", "avg_endpoint_distance", "jellyfish_avg_endpoint_distance", "cost_per_endpoint", "power_per_endpoint", "cost_method"]
  formats = { cost_per_endpoint = "%.0f", power_per_endpoint = "%.1f", avg_endpoint_distance = "%.3f", jellyfish_avg_endpoint_distance = "%.3f" }
}

figure "compare" {
  study  = study.compare
  title  = "Cost per endpoint against average distance, radix at most 64"
  x      = "avg_endpoint_distance"
  y      = "cost_per_endpoint"
  series = "label"
}

# At 10,000 endpoints: the throughput of uniform traffic under minimal
# routing (the busiest channel's load) below, and the hop-distance bound on
# the best routing's throughput above (the maximum concurrent flow lies
# between them; computing it exactly is left to networks of a few hundred
# routers: mcf_max_routers), and the expansion of the graphs.
study "throughput" {
  title      = "Uniform-traffic throughput bound and spectral gap at about 10,000 endpoints"
  topologies = [topology.s_sf, topology.s_pf, topology.s_mlfm, topology.s_oft, topology.s_hx, topology.s_df, topology.s_mf, topology.s_pn, topology.s_bf, topology.s_ps, topology.s_spf]
  metrics    = ["endpoints", "routers", "throughput_bound", "load_max", "mcf_distance_bound", "spectral_gap", "lambda2", "ramanujan_ratio"]
}

table "throughput_10k" {
  study   = study.throughput
  title   = "About 10,000 endpoints: uniform-traffic throughput under minimal routing (throughput_bound) and its hop-distance bound under any routing (mcf_distance_bound), and the spectral gap"
  sort_by = ["label", "endpoints"]
  columns = ["label", "endpoints", "routers", "load_max", "throughput_bound", "mcf_distance_bound", "spectral_gap", "lambda2", "ramanujan_ratio"]
  formats = { throughput_bound = "%.3f", mcf_distance_bound = "%.3f", spectral_gap = "%.2f", lambda2 = "%.2f", ramanujan_ratio = "%.3f", load_max = "%.0f" }

  expect "spectralfly_ramanujan" {
    where           = { label = "Spectralfly" }
    ramanujan_ratio = { at_most = 1, why = "a theorem, not a measurement: the LPS graphs are Ramanujan (every eigenvalue other than +-(p+1) at most 2 sqrt(p) in absolute value)" }
    source          = "Young et al., Spectralfly: Ramanujan Graphs as Flexible and Efficient Interconnection Networks, IPDPS 2022 (the LPS construction of Lubotzky, Phillips and Sarnak, 1988)"
  }
}
