# Camarero, Martinez, Vallejo and Beivide, "Projective Networks: Topologies
# for Large Parallel Computer Systems" (../shared/papers/projective-networks.txt):
# its cost model, the comparison of graph families near the Moore bound, and
# its example networks, with the published numbers as expectations.
#
#   runexp run experiments/projective-networks.hcl
#   runexp run experiments/projective-networks.hcl --var profile=quick

experiment {
  title       = "Projective networks: cost model, families near the Moore bound, example networks"
  description = "Tables 2-6 and Figs. 4-8 of Camarero et al., Projective Networks."
}

variable "profile" {
  type        = string
  default     = "paper"
  description = "\"paper\": the published sizes; \"quick\": smaller sweeps (CI)."
}

locals {
  paper = var.profile == "paper"

  # Table 2 and Figs. 4-8: growing sizes (quick: the small end).
  kn_n   = local.paper ? [4, 8, 16, 32, 63] : [4, 8, 16]
  tur_n  = local.paper ? [6, 12, 24, 48, 96] : [6, 12, 24]
  knn_n  = local.paper ? [3, 6, 12, 24, 42] : [3, 6, 12]
  ham_n  = local.paper ? [3, 4, 6, 8, 12, 16, 22] : [3, 4, 6, 8]
  ham3_n = local.paper ? [3, 4, 6, 8, 12, 16] : [3, 4, 6]
  pp_q   = local.paper ? [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41] : [2, 3, 4, 5, 7, 8, 9, 11, 13]
  sf_q   = local.paper ? [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49] : [3, 4, 5, 7, 8, 9, 11, 13]
  df_h   = local.paper ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] : [1, 2, 3, 4, 5]
  hc_n   = local.paper ? range(2, 15) : range(2, 9)
  gq_q   = local.paper ? [2, 3, 4, 5, 7, 8, 9, 11, 13, 16] : [2, 3, 4, 5]
  gh_q   = local.paper ? [2, 3, 4, 5] : [2, 3]
  delq_q = local.paper ? [2, 8, 32] : [2, 8]
}

# ---------------------------------------------------------------------------
# Tables 4, 5 and 6: example networks of about 10,000 and 25,000 compute
# nodes, priced with the paper's model (section 5.3): routers 350.4R - 892.3 $,
# 2.8 W per port, 40 Gb/s cables, electrical cables 0.985 $/Gb/s inside
# electrical groups of about 500 compute nodes, optical 7.7432 $/Gb/s (10,000)
# and 7.9178 $/Gb/s (25,000) between them; indirect networks all optical.
# Names as in the paper: "SF MMS(19)" is q = 19 with Delta_0 = 4/9 k' (13),
# "OFT 16" is q = 16 (k = 17, router radix 34), "MLFM 22" is built on K_22
# (h = 21).

cost_model "pn10k" {
  preset      = "projective10k"
  description = "Projective networks section 5.3, about 10,000 compute nodes"
}

cost_model "pn25k" {
  preset      = "projective25k"
  description = "Projective networks section 5.3, about 25,000 compute nodes"
}

topology "ham22" {
  family = "hyperx"
  label  = "Hamming K22^2"
  dims   = [22, 22]
  p      = "balanced"
}

topology "dpn27" {
  family = "demi_pn"
  label  = "demi-PN(27)"
  q      = 27
}

topology "sf19" {
  family = "slimfly"
  label  = "SF MMS(19)"
  q      = 19
  p      = 13
}

topology "pn23" {
  family = "pn"
  label  = "PN(23)"
  q      = 23
  p      = "floor"
}

topology "df7" {
  family = "dragonfly"
  label  = "dragonfly(7)"
  p      = 7
}

topology "ham29" {
  family = "hyperx"
  label  = "Hamming K29^2"
  dims   = [29, 29]
  p      = "balanced"
}

topology "dpn37" {
  family = "demi_pn"
  label  = "demi-PN(37)"
  q      = 37
}

topology "sf27" {
  family = "slimfly"
  label  = "SF MMS(27)"
  q      = 27
  p      = 18
}

topology "pn31" {
  family = "pn"
  label  = "PN(31)"
  q      = 31
}

topology "df9" {
  family = "dragonfly"
  label  = "dragonfly(9)"
  p      = 9
}

topology "mlfm22" {
  family = "mlfm"
  label  = "MLFM 22"
  h      = 21
}

topology "mlfm30" {
  family = "mlfm"
  label  = "MLFM 30"
  h      = 29
}

topology "oft16" {
  family = "oft"
  label  = "OFT 16"
  k      = 17
}

topology "oft23" {
  family = "oft"
  label  = "OFT 23"
  k      = 24
}

study "table4" {
  title      = "Example networks with about 10,000 compute nodes (Table 4)"
  topologies = [topology.ham22, topology.dpn27, topology.sf19, topology.pn23, topology.df7]
  metrics    = ["endpoints", "radix", "routers", "subscription", "racks", "rack_endpoints", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn10k
  # The Dragonfly routed as the paper routes it: local-global-local.
  analysis {
    load_routing = "native"
  }
}

study "table5" {
  title      = "Example networks with about 25,000 compute nodes (Table 5)"
  topologies = [topology.ham29, topology.dpn37, topology.sf27, topology.pn31, topology.df9]
  metrics    = ["endpoints", "radix", "routers", "subscription", "racks", "rack_endpoints", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn25k
  # The Dragonfly routed as the paper routes it: local-global-local.
  analysis {
    load_routing = "native"
  }
}

study "table6_10k" {
  title      = "MLFM and OFT, about 10,000 compute nodes (Table 6)"
  topologies = [topology.mlfm22, topology.oft16]
  metrics    = ["endpoints", "radix", "routers", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn10k
}

study "table6_25k" {
  title      = "MLFM and OFT, about 25,000 compute nodes (Table 6)"
  topologies = [topology.mlfm30, topology.oft23]
  metrics    = ["endpoints", "radix", "routers", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn25k
}

table "table4" {
  study   = study.table4
  title   = "Example networks with about 10,000 compute nodes (Table 4)"
  columns = ["label", "endpoints", "radix", "routers", "p", "subscription", "rack_endpoints", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", rack_endpoints = "group size", racks = "groups" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f", subscription = "%.3f" }

  # T, R, N and Delta_0 exact; subscription (Delta_0 over u Delta / kbar,
  # eq. (1)) to the paper's three decimals; power per node as printed: the
  # paper rounds it up to two decimals (every power of Tables 4-6 is ours
  # rounded up, e.g. PN(31): 1986 * 45 * 2.8 / 25818 = 9.6923 prints as
  # 9.70, and rounding to the nearest would miss that one); cost per node
  # within 3%. The cable counts and the number of electrical
  # groups depend on a grouping the paper does not publish: they are listed
  # beside the paper's (10% tolerance), see the note at each row.
  expect "ham22" {
    source             = "Projective networks, Table 4"
    endpoints          = 10648
    radix              = 64
    routers            = 484
    p                  = 22
    subscription       = { value = 1.002, abs = 0.0015 }
    electric_cables    = { value = 5082, rel = 0.1 }
    fiber_cables       = { value = 5082, rel = 0.1 }
    racks              = { value = 22, rel = 0.1 }
    rack_endpoints     = { value = 484, rel = 0.1 }
    cost_per_endpoint  = { value = 1145.41, rel = 0.03 }
    power_per_endpoint = { value = 8.15, decimals = 2, rounding = "up" }
  }
  # demi-PN(27): the paper's 556 electric cables in 22 groups of 36 routers
  # are what consecutive router numbers give (random placement expects
  # 22 * C(36, 2) * 28 / 756 = 513); our greedy grouping keeps 1,619 links
  # inside the same 22 groups of 504 nodes. Moving those 1,063 cables from
  # optical to electrical saves 1,063 * 40 * (7.7432 - 0.985) $ = 27.11 $ per
  # node: 1,255.49 + 27.11 = 1,282.60, the paper's 1,282.59. The pricing is
  # the paper's; only the grouping differs.
  expect "dpn27" {
    source             = "Projective networks, Table 4"
    endpoints          = 10598
    radix              = 42
    routers            = 757
    p                  = 14
    subscription       = { value = 0.999, abs = 0.0015 }
    electric_cables    = { value = 556, rel = 0.1 }
    fiber_cables       = { value = 10028, rel = 0.1 }
    racks              = { value = 22, rel = 0.1 }
    rack_endpoints     = { value = 504, rel = 0.1 }
    cost_per_endpoint  = { value = 1282.59, rel = 0.03 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "sf19" {
    source             = "Projective networks, Table 4"
    endpoints          = 9386
    radix              = 42
    routers            = 722
    p                  = 13
    subscription       = { value = 0.991, abs = 0.0015 }
    electric_cables    = { value = 3971, rel = 0.1 }
    fiber_cables       = { value = 6498, rel = 0.1 }
    racks              = { value = 19, rel = 0.1 }
    rack_endpoints     = { value = 494, rel = 0.1 }
    cost_per_endpoint  = { value = 1294.51, rel = 0.03 }
    power_per_endpoint = { value = 9.05, decimals = 2, rounding = "up" }
  }
  # PN(23): the paper makes 26 groups of 44 routers (396 nodes) where 56
  # routers (504 nodes) are closer to 500; we take 56. Electric cables differ
  # by 108: 1,549.77 - 108 * 40 * (7.7432 - 0.985) / 9,954 = 1,546.84, the
  # paper's 1,546.83.
  expect "pn23" {
    source             = "Projective networks, Table 4"
    endpoints          = 9954
    radix              = 33
    routers            = 1106
    p                  = 9
    subscription       = { value = 0.921, abs = 0.0015 }
    electric_cables    = { value = 1907, rel = 0.1 }
    fiber_cables       = { value = 11365, rel = 0.1 }
    racks              = { value = 26, rel = 0.1 }
    rack_endpoints     = { value = 396, rel = 0.1 }
    cost_per_endpoint  = { value = 1546.83, rel = 0.03 }
    power_per_endpoint = { value = 10.27, decimals = 2, rounding = "up" }
  }
  # Dragonfly subscription, routed local-global-local (load_routing =
  # "native"): u = 0.9982 and 2.8397 hops on average, so 7 * 2.8397 /
  # (0.9982 * 20) = 0.9957. The paper's 0.994 divides the graph's average
  # distance, 2.8357, by that u: 7 * 2.8357 / (0.9982 * 20) = 0.9943 (the
  # local-global-local routes skip the 2-hop paths through a third group).
  # Over all minimal paths instead, u would be 0.74 and the subscription 1.35.
  expect "df7" {
    source             = "Projective networks, Table 4"
    endpoints          = 9702
    radix              = 27
    routers            = 1386
    p                  = 7
    subscription       = { value = 0.994, abs = 0.0015 }
    electric_cables    = { value = 8926, rel = 0.1 }
    fiber_cables       = { value = 4514, rel = 0.1 }
    racks              = { value = 20, rel = 0.1 }
    rack_endpoints     = { value = 490, rel = 0.1 }
    cost_per_endpoint  = { value = 1404.42, rel = 0.03 }
    power_per_endpoint = { value = 10.80, decimals = 2, rounding = "up" }
  }
}

table "table5" {
  study   = study.table5
  title   = "Example networks with about 25,000 compute nodes (Table 5)"
  columns = ["label", "endpoints", "radix", "routers", "p", "subscription", "rack_endpoints", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", rack_endpoints = "group size", racks = "groups" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f", subscription = "%.3f" }

  # T, R, N and Delta_0 exact; subscription (Delta_0 over u Delta / kbar,
  # eq. (1)) to the paper's three decimals; power per node as printed: the
  # paper rounds it up to two decimals (every power of Tables 4-6 is ours
  # rounded up, e.g. PN(31): 1986 * 45 * 2.8 / 25818 = 9.6923 prints as
  # 9.70, and rounding to the nearest would miss that one); cost per node
  # within 3%. The cable counts and the number of electrical
  # groups depend on a grouping the paper does not publish: they are listed
  # beside the paper's (10% tolerance), see the note at each row.
  expect "ham29" {
    source             = "Projective networks, Table 5"
    endpoints          = 24389
    radix              = 85
    routers            = 841
    p                  = 29
    subscription       = { value = 1.001, abs = 0.0015 }
    electric_cables    = { value = 5684, rel = 0.1 }
    fiber_cables       = { value = 17864, rel = 0.1 }
    racks              = { value = 58, rel = 0.1 }
    rack_endpoints     = { value = 435, rel = 0.1 }
    cost_per_endpoint  = { value = 1237.43, rel = 0.03 }
    power_per_endpoint = { value = 8.21, decimals = 2, rounding = "up" }
  }
  # demi-PN(37): the paper's groups have 28 routers (532 nodes), ours 26
  # (494, closer to 500); its 620 electric cables are again about random
  # placement (51 * C(28, 2) * 38 / 1,406 = 521), ours 2,606. With its
  # split, our pricing gives 1,293.69 + 1,986 * 40 * (7.9178 - 0.985) /
  # 26,733 = 1,314.29, the paper's number.
  expect "dpn37" {
    source             = "Projective networks, Table 5"
    endpoints          = 26733
    radix              = 57
    routers            = 1407
    p                  = 19
    subscription       = { value = 0.999, abs = 0.0015 }
    electric_cables    = { value = 620, rel = 0.1 }
    fiber_cables       = { value = 26094, rel = 0.1 }
    racks              = { value = 51, rel = 0.1 }
    rack_endpoints     = { value = 532, rel = 0.1 }
    cost_per_endpoint  = { value = 1314.29, rel = 0.03 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "sf27" {
    source             = "Projective networks, Table 5"
    endpoints          = 26244
    radix              = 59
    routers            = 1458
    p                  = 18
    subscription       = { value = 0.976, abs = 0.0015 }
    electric_cables    = { value = 10935, rel = 0.1 }
    fiber_cables       = { value = 18954, rel = 0.1 }
    racks              = { value = 54, rel = 0.1 }
    rack_endpoints     = { value = 486, rel = 0.1 }
    cost_per_endpoint  = { value = 1344.11, rel = 0.03 }
    power_per_endpoint = { value = 9.18, decimals = 2, rounding = "up" }
  }
  # PN(31): the paper's groups of 40 routers keep 3,381 links inside, our
  # greedy groups of 38 routers (494 nodes) 1,830. With its split, our
  # pricing gives 1,514.43 - 1,551 * 40 * (7.9178 - 0.985) / 25,818 =
  # 1,497.77, the paper's number.
  expect "pn31" {
    source             = "Projective networks, Table 5"
    endpoints          = 25818
    radix              = 45
    routers            = 1986
    p                  = 13
    subscription       = { value = 1.003, abs = 0.0015 }
    electric_cables    = { value = 3381, rel = 0.1 }
    fiber_cables       = { value = 28395, rel = 0.1 }
    racks              = { value = 51, rel = 0.1 }
    rack_endpoints     = { value = 520, rel = 0.1 }
    cost_per_endpoint  = { value = 1497.77, rel = 0.03 }
    power_per_endpoint = { value = 9.70, decimals = 2, rounding = "up" }
  }
  # As for dragonfly(7): 0.9973 with the routed hop count, 0.9964 with the
  # graph's average distance (the paper's 0.996).
  expect "df9" {
    source             = "Projective networks, Table 5"
    endpoints          = 26406
    radix              = 35
    routers            = 2934
    p                  = 9
    subscription       = { value = 0.996, abs = 0.0015 }
    electric_cables    = { value = 25101, rel = 0.1 }
    fiber_cables       = { value = 13041, rel = 0.1 }
    racks              = { value = 55, rel = 0.1 }
    rack_endpoints     = { value = 486, rel = 0.1 }
    cost_per_endpoint  = { value = 1457.39, rel = 0.03 }
    power_per_endpoint = { value = 10.89, decimals = 2, rounding = "up" }
  }
}

table "table6_10k" {
  study   = study.table6_10k
  title   = "MLFM and OFT networks (Table 6), every cable optical"
  columns = ["label", "endpoints", "radix", "routers", "p", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", fiber_cables = "cables" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  expect "mlfm22" {
    source             = "Projective networks, Table 6"
    endpoints          = 9702
    radix              = 42
    routers            = 693
    p                  = 21
    fiber_cables       = 9702
    cost_per_endpoint  = { value = 1297.18, rel = 0.01 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "oft16" {
    source             = "Projective networks, Table 6"
    endpoints          = 9282
    radix              = 34
    routers            = 819
    p                  = 17
    fiber_cables       = 9282
    cost_per_endpoint  = { value = 1282.19, rel = 0.01 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
}

table "table6_25k" {
  study   = study.table6_25k
  title   = "MLFM and OFT networks (Table 6), every cable optical"
  columns = ["label", "endpoints", "radix", "routers", "p", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", fiber_cables = "cables" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  expect "mlfm30" {
    source             = "Projective networks, Table 6"
    endpoints          = 25230
    radix              = 58
    routers            = 1305
    p                  = 29
    fiber_cables       = 25230
    cost_per_endpoint  = { value = 1321.76, rel = 0.01 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "oft23" {
    source             = "Projective networks, Table 6"
    endpoints          = 26544
    radix              = 48
    routers            = 1659
    p                  = 24
    fiber_cables       = 26544
    cost_per_endpoint  = { value = 1312.14, rel = 0.01 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
}

# ---------------------------------------------------------------------------
# Table 3: T (compute nodes), R (router radix), N (routers), Delta (network
# degree) and Delta_0 (compute nodes per router) of each family, checked at
# sizes where the paper's formulas are integers. Delta_0 is the family's
# "balanced" choice (the paper's formula, rounded where it is not an integer).
# These rows check the formulas at the paper's sizes (GH q = 43 has 301 M
# routers, beyond building); the *_sizes expectations of Table 2 check the
# same formulas against the built graphs at every size of the families study.
# Delorme's graph on hexagons needs q an odd power of 3 (the geometry's
# polarity), where (q+1)/5 is never an integer.

topology "t3_kn" {
  family = "complete"
  label  = "Complete graph K_N"
  n      = 10
  p      = "balanced"
}

topology "t3_tur" {
  family = "turan"
  label  = "Turan(N, r)"
  n      = 12
  r      = 3
  p      = "balanced"
}

topology "t3_knn" {
  family = "complete_bipartite"
  label  = "Complete bipartite K_{n,n}"
  n      = 6
  p      = "balanced"
}

topology "t3_ham2" {
  family = "hyperx"
  label  = "Hamming graph 2D"
  dims   = [8, 8]
  p      = "balanced"
}

topology "t3_dpn" {
  family = "demi_pn"
  label  = "Demi-projective network"
  q      = [5, 7]
}

topology "t3_sf" {
  family = "slimfly"
  label  = "Slim Fly MMS"
  q      = [9, 19]
  p      = "projective"
}

topology "t3_pn" {
  family = "pn"
  label  = "Projective network G_q"
  q      = [4, 9]
}

topology "t3_df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = [2, 3]
}

topology "t3_del" {
  family  = "delorme"
  label   = "Delorme's graph on quadrangles"
  variant = "quadrangle"
  q       = [2, 8]
}

topology "t3_gq" {
  family = "gq_incidence"
  label  = "Incidence graph of generalized quadrangles"
  q      = 13
}

topology "t3_delh" {
  family  = "delorme"
  label   = "Delorme's graph on generalized hexagons"
  variant = "hexagon"
  q       = 3
}

topology "t3_gh" {
  family = "gh_incidence"
  label  = "Incidence graph of generalized hexagons"
  q      = 43
}

topology "t3_ham3" {
  family = "hyperx"
  label  = "Hamming graph 3D"
  dims   = [4, 4, 4]
  p      = "balanced"
}

topology "t3_hc" {
  family = "hypercube"
  label  = "Hypercube"
  n      = 6
  p      = 2
}

study "table3" {
  title      = "Structural parameters of the families (Table 3)"
  topologies = [topology.t3_kn, topology.t3_tur, topology.t3_knn, topology.t3_ham2, topology.t3_dpn, topology.t3_sf, topology.t3_pn, topology.t3_df, topology.t3_del, topology.t3_ham3, topology.t3_gq, topology.t3_delh, topology.t3_gh, topology.t3_hc]
  metrics    = ["endpoints", "radix", "routers", "network_radix"]
}

table "table3" {
  study   = study.table3
  title   = "T, R, N, Delta and Delta_0 (Table 3)"
  columns = ["label", "endpoints", "radix", "routers", "network_radix", "p"]
  headers = { endpoints = "T", radix = "R", routers = "N", network_radix = "Delta", p = "Delta_0" }

  expect "kn" {
    where         = { topology = "t3_kn" }
    source        = "Projective networks Table 3: K_N, N = 10: T = N^2, R = 2N - 1, Delta = N - 1, Delta_0 = N"
    endpoints     = 100
    radix         = 19
    routers       = 10
    network_radix = 9
    p             = 10
  }
  expect "tur" {
    where         = { topology = "t3_tur" }
    source        = "Projective networks Table 3: Turan(12, 3): T = N^2 (r-1)/(r+1) = 72, R = N (r-1)(2r+1)/(r(r+1)) = 14, Delta = N (r-1)/r = 8, Delta_0 = N (r-1)/(r+1) = 6"
    endpoints     = 72
    radix         = 14
    routers       = 12
    network_radix = 8
    p             = 6
  }
  expect "knn" {
    where         = { topology = "t3_knn" }
    source        = "Projective networks Table 3: K_{6,6}: T = 4n^2/3 = 48, R = 5n/3 = 10, N = 2n, Delta = n, Delta_0 = 2n/3 = 4"
    endpoints     = 48
    radix         = 10
    routers       = 12
    network_radix = 6
    p             = 4
  }
  expect "ham2" {
    where         = { topology = "t3_ham2" }
    source        = "Projective networks Table 3: 2D Hamming graph of side 8: T = n^3, R = 3n - 2, N = n^2, Delta = 2(n - 1), Delta_0 = n"
    endpoints     = 512
    radix         = 22
    routers       = 64
    network_radix = 14
    p             = 8
  }
  expect "dpn5" {
    where         = { topology = "t3_dpn", q = 5 }
    source        = "Projective networks Table 3: demi-PN q = 5: T = q^3/2 + q^2 + q + 1/2 = 93, R = 3(q+1)/2 = 9, N = q^2 + q + 1, Delta = q + 1, Delta_0 = (q+1)/2"
    endpoints     = 93
    radix         = 9
    routers       = 31
    network_radix = 6
    p             = 3
  }
  expect "dpn7" {
    where         = { topology = "t3_dpn", q = 7 }
    source        = "Projective networks Table 3: demi-PN q = 7: T = 228, R = 12, N = 57, Delta = 8, Delta_0 = 4"
    endpoints     = 228
    radix         = 12
    routers       = 57
    network_radix = 8
    p             = 4
  }
  expect "pn4" {
    where         = { topology = "t3_pn", q = 4 }
    source        = "Projective networks Table 3: PN q = 4: T = 4/5 (q^3 + 2q^2 + 2q + 1) = 84, R = 7(q+1)/5 = 7, N = 2(q^2 + q + 1), Delta = q + 1, Delta_0 = 2(q+1)/5"
    endpoints     = 84
    radix         = 7
    routers       = 42
    network_radix = 5
    p             = 2
  }
  expect "pn9" {
    where         = { topology = "t3_pn", q = 9 }
    source        = "Projective networks Table 3: PN q = 9: T = 728, R = 14, N = 182, Delta = 10, Delta_0 = 4"
    endpoints     = 728
    radix         = 14
    routers       = 182
    network_radix = 10
    p             = 4
  }
  expect "df2" {
    where         = { topology = "t3_df", p = 2 }
    source        = "Projective networks Table 3: Dragonfly h = 2: T = 4h^4 + 2h^2 = 72, R = 4h - 1, N = 4h^3 + 2h, Delta = 3h - 1, Delta_0 = h"
    endpoints     = 72
    radix         = 7
    routers       = 36
    network_radix = 5
    p             = 2
  }
  expect "df3" {
    where         = { topology = "t3_df", p = 3 }
    source        = "Projective networks Table 3: Dragonfly h = 3: T = 342, R = 11, N = 114, Delta = 8, Delta_0 = 3"
    endpoints     = 342
    radix         = 11
    routers       = 114
    network_radix = 8
    p             = 3
  }
  expect "del2" {
    where         = { topology = "t3_del", q = 2 }
    source        = "Projective networks Table 3: Delorme quadrangles q = 2: T = (q+1)^2 (q^2+1)/3 = 15, R = 4(q+1)/3 = 4, N = q^3 + q^2 + q + 1, Delta = q + 1, Delta_0 = (q+1)/3"
    endpoints     = 15
    radix         = 4
    routers       = 15
    network_radix = 3
    p             = 1
  }
  expect "del8" {
    where         = { topology = "t3_del", q = 8 }
    source        = "Projective networks Table 3: Delorme quadrangles q = 8: T = 1,755, R = 12, N = 585, Delta = 9, Delta_0 = 3"
    endpoints     = 1755
    radix         = 12
    routers       = 585
    network_radix = 9
    p             = 3
  }
  expect "ham3" {
    where         = { topology = "t3_ham3" }
    source        = "Projective networks Table 3: 3D Hamming graph of side 4: T = n^4, R = 4n - 3, N = n^3, Delta = 3(n - 1), Delta_0 = n"
    endpoints     = 256
    radix         = 13
    routers       = 64
    network_radix = 9
    p             = 4
  }
  expect "hc" {
    where         = { topology = "t3_hc" }
    source        = "Projective networks Table 3: Hypercube n = 6: T = 2^(n+1), R = n + 2, N = 2^n, Delta = n, Delta_0 = 2"
    endpoints     = 128
    radix         = 8
    routers       = 64
    network_radix = 6
    p             = 2
  }
  expect "gq13" {
    where         = { topology = "t3_gq" }
    source        = "Projective networks Table 3: incidence graph of generalized quadrangles, q = 13: T = 4/7 (q+1)^2 (q^2+1) = 19,040, R = 9/7 (q+1) = 18, N = 2(q^3+q^2+q+1) = 4,760, Delta = q + 1, Delta_0 = 2(q+1)/7 = 4"
    endpoints     = 19040
    radix         = 18
    routers       = 4760
    network_radix = 14
    p             = 4
  }
  expect "delh3" {
    where         = { topology = "t3_delh" }
    source        = "Projective networks Table 3: Delorme's graph on generalized hexagons, q = 3: N = q^5 + ... + q + 1 = 364, Delta = q + 1 = 4 (T = 1/5 (q^4+q^2+1)(q+1)^2 = 291.2 and Delta_0 = 0.8 are not integers: Delta_0 rounds up to 1)"
    routers       = 364
    network_radix = 4
  }
  expect "gh43" {
    where         = { topology = "t3_gh" }
    source        = "Projective networks Table 3: incidence graph of generalized hexagons, q = 43: R = 13/11 (q+1) = 52, N = 2(q^5 + ... + 1), Delta = q + 1, Delta_0 = 2(q+1)/11 = 8, T = 4/11 (q^4+q^2+1)(q+1)^2"
    radix         = 52
    routers       = 301017288
    network_radix = 44
    p             = 8
    endpoints     = 2408138304
  }
  # Slim Fly MMS: T = 4/9 q^2 (3q - e), R = 13/18 (3q - e), Delta_0 = 2/9 (3q - e)
  # are never integers (3q - e would have to be a multiple of 18 with q a
  # prime power); with Delta_0 rounded (q = 19: 13, Table 4) T and R are within
  # rounding of the formulas.
  expect "sf9" {
    where         = { topology = "t3_sf", q = 9 }
    source        = "Projective networks Table 3: SF MMS q = 9 (e = 1): T = 4/9 q^2 (3q - e) = 936, R = 13/18 (3q - e) = 18.8, N = 2q^2, Delta = (3q - e)/2"
    endpoints     = { value = 936, rel = 0.05 }
    radix         = { value = 18.78, abs = 0.5 }
    routers       = 162
    network_radix = 13
  }
  expect "sf19" {
    where         = { topology = "t3_sf", q = 19 }
    source        = "Projective networks Table 3: SF MMS q = 19 (e = -1): T = 9,401, R = 41.9, N = 722, Delta = 29 (Table 4: T = 9,386, R = 42, Delta_0 = 13)"
    endpoints     = 9386
    radix         = 42
    routers       = 722
    network_radix = 29
    p             = 13
  }
}

# ---------------------------------------------------------------------------
# Table 2: diameter and the limits of the average distance and of the link
# utilization u (minimal routing, uniform traffic, each flow split evenly over
# its minimal paths; the Dragonfly local-global-local), computed from the
# constructions at growing sizes.

topology "kn" {
  family = "complete"
  label  = "Complete graph K_N"
  n      = local.kn_n
  p      = "balanced"
}

topology "tur" {
  family = "turan"
  label  = "Turan(N, 3)"
  r      = 3
  n      = local.tur_n
  p      = "balanced"
}

topology "knn" {
  family = "complete_bipartite"
  label  = "Complete bipartite K_{n,n}"
  n      = local.knn_n
  p      = "balanced"
}

topology "ham2" {
  family = "hyperx"
  label  = "Hamming graph 2D"
  dims   = [for n in local.ham_n : [n, n]]
  p      = "balanced"
}

topology "dpn" {
  family = "demi_pn"
  label  = "demi-PN"
  q      = local.pp_q
}

topology "sf" {
  family = "slimfly"
  label  = "Slim Fly MMS"
  q      = local.sf_q
  p      = "projective"
}

topology "pn" {
  family = "pn"
  label  = "PN"
  q      = local.pp_q
}

topology "df" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = local.df_h
}

topology "ham3" {
  family = "hyperx"
  label  = "Hamming graph 3D"
  dims   = [for n in local.ham3_n : [n, n, n]]
  p      = "balanced"
}

topology "hc" {
  family = "hypercube"
  label  = "Hypercube"
  n      = local.hc_n
  p      = 2
}

# Delorme's graphs exist only for q an odd power of 2 (quadrangles: 15, 585
# and 33,825 routers for q = 2, 8, 32; the next, q = 128, has 2.1 M) and of
# 3 (hexagons: 364 routers for q = 3; q = 27 has 14.9 M), so their limits
# are approached by at most three sizes.
topology "delq" {
  family  = "delorme"
  label   = "Delorme's graph on quadrangles"
  variant = "quadrangle"
  q       = local.delq_q
  p       = "balanced"
}

topology "gq" {
  family = "gq_incidence"
  label  = "Incidence graph of generalized quadrangles"
  q      = local.gq_q
  p      = "balanced"
}

topology "delh" {
  family  = "delorme"
  label   = "Delorme's graph on hexagons"
  variant = "hexagon"
  q       = 3
  p       = "balanced"
}

topology "gh" {
  family = "gh_incidence"
  label  = "Incidence graph of generalized hexagons"
  q      = local.gh_q
  p      = "balanced"
}

study "families" {
  title      = "The families at growing sizes (Table 2, Figs. 4-8)"
  topologies = [topology.kn, topology.tur, topology.knn, topology.ham2, topology.dpn, topology.sf, topology.pn, topology.df, topology.delq, topology.ham3, topology.gq, topology.delh, topology.gh, topology.hc]
  metrics    = ["endpoints", "radix", "routers", "network_radix", "degree_min", "degree_max", "size_mismatch", "diameter", "avg_distance", "utilization", "cost_k_over_u", "moore_ratio_2"]
  # u under each family's own minimal routing: all minimal paths, except
  # the Dragonfly's local-global-local routing (see the df expectation).
  analysis {
    load_routing = "native"
  }
}

table "table2" {
  study   = study.families
  title   = "Diameter, average distance and link utilization at growing sizes (Table 2)"
  columns = ["label", "routers", "network_radix", "diameter", "avg_distance", "utilization"]
  formats = { avg_distance = "%.4f", utilization = "%.4f" }
  headers = { network_radix = "Delta", avg_distance = "kbar", utilization = "u" }

  # Diameters exact; the average distance and u of the largest instance
  # computed, against the limit the paper gives (the tolerance is the
  # distance still to go at that size, by the exact formula where one is
  # known).
  expect "kn" {
    where        = { topology = "kn", n = local.paper ? 63 : 16 }
    source       = "Projective networks Table 2: K_N: k = 1, kbar = 1, u = 1"
    diameter     = 1
    avg_distance = 1
    utilization  = 1
  }
  expect "tur" {
    where        = { topology = "tur", n = local.paper ? 96 : 24 }
    source       = "Projective networks Table 2: Turan(N, r): k = 2, kbar -> 1 + 1/r (r = 3: exactly 1 + (N/r - 1)/(N - 1)), u = 1"
    diameter     = 2
    avg_distance = { value = 1.3333, abs = local.paper ? 0.01 : 0.03 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  expect "knn" {
    where        = { topology = "knn", n = local.paper ? 42 : 12 }
    source       = "Projective networks Table 2: K_{n,n}: k = 2, kbar -> 1.5 (exactly 1 + (n-1)/(2n-1)), u = 1"
    diameter     = 2
    avg_distance = { value = 1.5, abs = local.paper ? 0.01 : 0.03 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  expect "ham2" {
    where        = { topology = "ham2", routers = local.paper ? 484 : 64 }
    source       = "Projective networks Table 2: 2D Hamming: k = 2, kbar -> 2 (exactly 2n/(n+1)), u = 1"
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.09 : 0.23 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  expect "dpn" {
    where        = { topology = "dpn", q = local.paper ? 41 : 13 }
    source       = "Projective networks Table 2: demi-PN: k = 2, kbar -> 2 (exactly (2q^2+q+1)/(q^2+q+1)), u -> 1 (exactly (2q^2+q+1)/(2q(q+1)))"
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.025 : 0.08 }
    utilization  = { value = 1, abs = local.paper ? 0.013 : 0.04 }
  }
  expect "sf" {
    where        = { topology = "sf", q = local.paper ? 47 : 11 }
    source       = "Projective networks Table 2: SF MMS: k = 2, kbar -> 2, u -> 8/9"
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.02 : 0.08 }
    utilization  = { value = 0.8889, abs = local.paper ? 0.002 : 0.01 }
  }
  expect "pn" {
    enabled      = local.paper
    where        = { topology = "pn", q = local.paper ? 41 : 13 }
    source       = "Projective networks Table 2: PN: k = 3, kbar -> 2.5 (exactly (5q^2+3q+1)/(2q^2+2q+1)), u = 1"
    diameter     = 3
    avg_distance = { value = 2.5, abs = local.paper ? 0.025 : 0.04 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  # Dragonfly, routed local-global-local as Kim et al. and the paper route
  # it: a local channel carries 2ahp^2 + p^2 flows and a global one (ap)^2,
  # so with a = 2h and p = h, u = 1 - O(1/h^2): 0.9997 at h = 16. Spread
  # over all minimal paths (load_routing = "split") the 2-hop routes through
  # a third group load the global links more, and u stays near 0.76.
  expect "df" {
    where        = { topology = "df", p = local.paper ? 16 : 5 }
    source       = "Projective networks Table 2: Dragonfly: k = 3, kbar -> 3, u -> 1"
    diameter     = 3
    avg_distance = { value = 3, abs = local.paper ? 0.1 : 0.35 }
    utilization  = { value = 1, abs = local.paper ? 0.001 : 0.004 }
  }
  # Delorme's graphs: the absolute points (degree q) leave the links slightly
  # unevenly loaded, as in demi-PN; u = 0.975 at q = 8 and 0.991 at q = 32.
  expect "delq" {
    where        = { topology = "delq", q = local.paper ? 32 : 8 }
    source       = "Projective networks Table 2: Delorme's graph on quadrangles: k = 3, kbar -> 3, u -> 1"
    diameter     = 3
    avg_distance = { value = 3, abs = local.paper ? 0.035 : 0.16 }
    utilization  = { value = 1, abs = local.paper ? 0.01 : 0.03 }
  }
  expect "ham3" {
    enabled      = local.paper
    where        = { topology = "ham3", routers = local.paper ? 4096 : 216 }
    source       = "Projective networks Table 2: 3D Hamming: k = 3, kbar -> 3 (exactly 3n/(n+1)), u = 1"
    diameter     = 3
    avg_distance = { value = 3, abs = local.paper ? 0.19 : 0.45 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  # The incidence graphs of W(q) and H(q) are edge-transitive (their groups
  # act transitively on flags), so u = 1 exactly; their distance counts from
  # every vertex are 1, q+1, q(q+1), ..., q^(n-1), which gives the exact
  # averages in the sources.
  expect "gq" {
    where        = { topology = "gq", q = local.paper ? 16 : 5 }
    source       = "Projective networks Table 2: incidence graph of generalized quadrangles: k = 4, kbar -> 3.5 (exactly (7q^3+5q^2+3q+1)/(2q^3+2q^2+2q+1)), u = 1"
    diameter     = 4
    avg_distance = { value = 3.5, abs = local.paper ? 0.067 : 0.234 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  # Only q = 3 is within reach (the next odd power of 3, q = 27, gives 14.9 M
  # routers), so the limit 5 is far: kbar = 4.41 at 364 routers.
  expect "delh" {
    where        = { topology = "delh" }
    source       = "Projective networks Table 2: Delorme's graph on hexagons: k = 5, kbar -> 5, u -> 1"
    diameter     = 5
    avg_distance = { value = 5, abs = 0.6 }
    utilization  = { value = 1, abs = 0.015 }
  }
  expect "gh" {
    where        = { topology = "gh", q = local.paper ? 5 : 3 }
    source       = "Projective networks Table 2: incidence graph of generalized hexagons: k = 6, kbar -> 5.5 (exactly (11q^5+9q^4+7q^3+5q^2+3q+1)/(2q^5+2q^4+2q^3+2q^2+2q+1)), u = 1"
    diameter     = 6
    avg_distance = { value = 5.5, abs = local.paper ? 0.25 : 0.49 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  expect "hc" {
    where        = { topology = "hc", n = local.paper ? 14 : 8 }
    source       = "Projective networks Table 2: hypercube C_2^n: k = n, kbar -> n/2 (exactly n 2^(n-1)/(2^n - 1)), u = 1"
    diameter     = local.paper ? 14 : 8
    avg_distance = { value = local.paper ? 7 : 4, abs = 0.02 }
    utilization  = { value = 1, abs = 1e-9 }
  }
  # Table 3's formulas (T, R, N, Delta) against the built graphs: at every
  # size of every family the built graph has exactly the routers, endpoints,
  # links, radix and network radix that the family's sizing formulas give.
  expect "kn_sizes" {
    where         = { topology = "kn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the K_N, at every size built here"
    size_mismatch = 0
  }
  expect "tur_sizes" {
    where         = { topology = "tur" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Turan(N, 3), at every size built here"
    size_mismatch = 0
  }
  expect "knn_sizes" {
    where         = { topology = "knn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the K_{n,n}, at every size built here"
    size_mismatch = 0
  }
  expect "ham2_sizes" {
    where         = { topology = "ham2" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the 2D Hamming, at every size built here"
    size_mismatch = 0
  }
  expect "dpn_sizes" {
    where         = { topology = "dpn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the demi-PN, at every size built here"
    size_mismatch = 0
  }
  expect "sf_sizes" {
    where         = { topology = "sf" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the SF MMS, at every size built here"
    size_mismatch = 0
  }
  expect "pn_sizes" {
    where         = { topology = "pn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the PN, at every size built here"
    size_mismatch = 0
  }
  expect "df_sizes" {
    where         = { topology = "df" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Dragonfly, at every size built here"
    size_mismatch = 0
  }
  expect "delq_sizes" {
    where         = { topology = "delq" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Delorme's graph on quadrangles, at every size built here"
    size_mismatch = 0
  }
  expect "ham3_sizes" {
    where         = { topology = "ham3" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the 3D Hamming, at every size built here"
    size_mismatch = 0
  }
  expect "gq_sizes" {
    where         = { topology = "gq" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the incidence graph of generalized quadrangles, at every size built here"
    size_mismatch = 0
  }
  expect "delh_sizes" {
    where         = { topology = "delh" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Delorme's graph on hexagons, at every size built here"
    size_mismatch = 0
  }
  expect "gh_sizes" {
    where         = { topology = "gh" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the incidence graph of generalized hexagons, at every size built here"
    size_mismatch = 0
  }
  expect "hc_sizes" {
    where         = { topology = "hc" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the hypercube, at every size built here"
    size_mismatch = 0
  }
}

# Fig. 4: MMS routers over the Moore bound, tending to 8/9 (Hoffman-Singleton
# at 1); Fig. 5: MMS link utilization, tending to 8/9.
figure "fig4" {
  study   = study.families
  where   = { topology = "sf" }
  title   = "MMS graphs: routers over the Moore bound (Fig. 4)"
  x       = "network_radix"
  y       = "moore_ratio_2"
  x_label = "Degree Delta"
  y_label = "N / Moore bound"
  y_min   = 0.8
  y_max   = 1.02
}

figure "fig5" {
  study   = study.families
  where   = { topology = "sf" }
  title   = "MMS graphs: link utilization (Fig. 5)"
  x       = "network_radix"
  y       = "utilization"
  x_label = "Degree Delta"
  y_label = "Average link utilization u"
  y_min   = 0.8
  y_max   = 1.02
}

table "fig4" {
  study   = study.families
  where   = { topology = "sf" }
  title   = "MMS graphs against the Moore bound and their utilization (Figs. 4 and 5)"
  columns = ["q", "network_radix", "routers", "moore_ratio_2", "utilization"]
  formats = { moore_ratio_2 = "%.4f", utilization = "%.4f" }

  expect "hoffman_singleton" {
    where         = { topology = "sf", q = 5 }
    source        = "Projective networks section 4.2 and Fig. 4: q = 5 is the Hoffman-Singleton graph: N equals the Moore bound, u = 1"
    moore_ratio_2 = 1
    utilization   = { value = 1, abs = 1e-9 }
  }
  # 2q^2 / (1 + k'^2) with k' = (3q - e)/2 tends to 8/9 from above for e = 1
  # and from below for e = -1: q = 49 gives 0.9009, q = 47 gives 0.8762.
  expect "mms_limit_49" {
    enabled       = local.paper
    where         = { topology = "sf", q = local.paper ? 49 : 13 }
    source        = "Projective networks Fig. 4: N / Moore bound tends to 8/9"
    moore_ratio_2 = { value = 0.8889, abs = local.paper ? 0.013 : 0.04 }
  }
  expect "mms_limit_47" {
    enabled       = local.paper
    where         = { topology = "sf", q = local.paper ? 47 : 11 }
    source        = "Projective networks Fig. 4: N / Moore bound tends to 8/9"
    moore_ratio_2 = { value = 0.8889, abs = local.paper ? 0.013 : 0.04 }
  }
}

# Fig. 6: the cost measure kbar/u against the number of compute nodes; Fig.
# 7: compute nodes against router radix; Fig. 8: kbar and kbar/u of SF MMS,
# PN and demi-PN. As in the paper, the figures show routers of at most 64
# ports (the where filters), though the sweeps reach beyond for Table 2.
# Within 64 ports Delorme's graph on quadrangles has three sizes (q = 2, 8,
# 32: radix 4, 12, 44). The ideal curve of eq. (5) is the literal study
# "ideal", overlaid on Fig. 6.
# The thick curve of Fig. 6: an ideal generalized Moore graph with u = 1 and
# routers of radix R = 64, eq. (5): T = R^k kbar^(k-1) / ((k - kbar)(kbar + 1)^k)
# for diameter k and average distance kbar in [k - 1, k).
study "ideal" {
  title = "Ideal generalized Moore graph, R = 64 (eq. (5))"
  # Points beyond the Moore bound of their degree (N > M(Delta, k), with N =
  # T (kbar + 1)/R and Delta = R kbar/(kbar + 1)) are left out: there eq.
  # (4), on which eq. (5) rests, no longer holds.
  rows = [for x in flatten([for k in [2, 3] : [for i in range(1, 100) : {
    k    = k
    kbar = k - 1 + i / 100
    t    = pow(64, k) * pow(k - 1 + i / 100, k - 1) / ((1 - i / 100) * pow(k + i / 100, k))
    d    = 64 * (k - 1 + i / 100) / (k + i / 100)
    }]]) : {
    endpoints     = x.t
    cost_k_over_u = x.kbar
    label         = "Ideal (eq. 5), R = 64"
  } if x.t * (x.kbar + 1) / 64 <= 1 + x.d * (pow(x.d - 1, x.k) - 1) / (x.d - 2) && x.t <= 400000]
}

figure "fig6" {
  study      = study.families
  where      = { radix = range(1, 65) }
  overlay    = [study.ideal]
  title      = "Cost measure k̄/u vs compute nodes (Fig. 6)"
  x          = "endpoints"
  y          = "cost_k_over_u"
  x_scale    = "log"
  x_label    = "Compute nodes T"
  y_label    = "k̄/u"
  lines_only = ["Ideal (eq. 5), R = 64"] # the paper's thick black curve
  width      = 22
  height     = 13
}

figure "fig7" {
  study   = study.families
  title   = "Compute nodes vs router radix (Fig. 7)"
  x       = "radix"
  y       = "endpoints"
  y_scale = "log"
  x_max   = 64
  x_label = "Router radix R"
  y_label = "Compute nodes T"
  legend  = "bottom-right"
  width   = 22
  height  = 13
}

figure "fig8" {
  study         = study.families
  where         = { topology = ["sf", "pn", "dpn"], radix = range(1, 65) }
  title         = "Average distance and k̄/u of SF MMS, PN and demi-PN (Fig. 8)"
  x             = "endpoints"
  y             = ["avg_distance", "cost_k_over_u"]
  x_scale       = "log"
  x_label       = "Compute nodes T"
  y_label       = "k̄, k̄/u"
  series_labels = { avg_distance = "k̄", cost_k_over_u = "k̄/u" }
}

table "fig8" {
  study   = study.families
  where   = { topology = ["sf", "pn", "dpn"], radix = range(1, 65) }
  title   = "SF MMS, PN and demi-PN: average distance and kbar/u by compute nodes (Fig. 8)"
  columns = ["label", "q", "endpoints", "radix", "avg_distance", "utilization", "cost_k_over_u"]
  sort_by = ["endpoints"]
  formats = { avg_distance = "%.4f", utilization = "%.4f", cost_k_over_u = "%.4f" }
  headers = { endpoints = "T", radix = "R", avg_distance = "kbar", utilization = "u", cost_k_over_u = "kbar/u" }
}
