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
  choices     = ["paper", "quick"]
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

  # T, R, N and Delta_0 follow from the q, dims and p we set, and the power
  # per node from them (2.8 W x R x N / T, rounded up as the paper prints
  # it: PN(31) 9.6923 W is 9.70): configuration checks. Reproductions: the
  # subscription (eq. (1): Delta_0 kbar / (u Delta)) to the paper's three
  # decimals, the electrical groups and the electric/optical split of the
  # links (exact: the paper does not publish its grouping, so where ours
  # differs the row fails, with the reason in its note), and the cost per
  # node. The 10k costs of Tables 4 and 6 all need an optical price of
  # 7.7430 $/Gb/s (each printed cost bounds it; together 7.74295-7.74302),
  # not the 7.7432 of section 5.3: that is the cost tolerance beyond the
  # cent. With the paper's split, all of them are ours to the cent.
  expect "ham22" {
    source             = "Projective networks, Table 4"
    endpoints          = { value = 10648, kind = "check" }
    radix              = { value = 64, kind = "check" }
    routers            = { value = 484, kind = "check" }
    p                  = { value = 22, kind = "check" }
    subscription       = { value = 1.002, decimals = 3, note = "22 kbar / (u 42) with kbar = 2n/(n+1) = 1.9130 and u = 1: 1.0021" }
    electric_cables    = 5082
    fiber_cables       = 5082
    racks              = 22
    rack_endpoints     = 484
    cost_per_endpoint  = { value = 1145.41, abs = 0.011, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 0.48 optical cables per node = 0.006" }
    power_per_endpoint = { value = 8.15, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "dpn27" {
    source             = "Projective networks, Table 4"
    endpoints          = { value = 10598, kind = "check" }
    radix              = { value = 42, kind = "check" }
    routers            = { value = 757, kind = "check" }
    p                  = { value = 14, kind = "check" }
    subscription       = { value = 0.999, decimals = 3, note = "The paper's eq. (1) takes Delta = q + 1 = 28, the maximum degree: 2q Delta_0 / (q^2 + q + 1) = 756/757 = 0.9987. demi-PN is not regular (its q + 1 absolute points have degree q); ours divides by the links there are (average degree 27.96), which gives exactly 2 Delta_0 / (q + 1) = 1." }
    electric_cables    = { value = 556, note = "Same 22 groups of 504 nodes (36 routers). The paper's 556 links inside them are what consecutive router numbers give (random placement keeps 22 x C(36, 2) x 28 / 756 = 513); our grouping, which maximizes the links inside as section 5.3 asks, keeps 1,619." }
    fiber_cables       = { value = 10028, note = "The 10,584 links less the electric ones: 10,584 - 1,619 = 8,965 (the paper: 10,584 - 556)." }
    racks              = 22
    rack_endpoints     = 504
    cost_per_endpoint  = { value = 1282.59, abs = 0.017, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 0.95 optical cables per node = 0.012", note = "With the paper's split (556 electric, 10,028 optical) our pricing gives 1,282.60 (1,282.59 at 7.7430 $/Gb/s); ours makes 1,063 more cables electric: 1,063 x 40 x (7.7432 - 0.985) / 10,598 = 27.11 $ less per node." }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "sf19" {
    source             = "Projective networks, Table 4"
    endpoints          = { value = 9386, kind = "check" }
    radix              = { value = 42, kind = "check" }
    routers            = { value = 722, kind = "check" }
    p                  = { value = 13, kind = "check" }
    subscription       = { value = 0.991, decimals = 3, note = "13 kbar / (29 u) with kbar = 2 - 29/721 = 1.9598: the paper's 0.991 needs u between 0.8861 and 0.8869, ours is 0.8859 with each flow split evenly over its minimal paths. q = 19 has e = -1, so some pairs have two minimal paths, and the paper does not say how it shares them; at q = 27 (Table 5, also e = -1) the same rule gives the paper's 0.976." }
    electric_cables    = 3971
    fiber_cables       = 6498
    racks              = 19
    rack_endpoints     = 494
    cost_per_endpoint  = { value = 1294.51, abs = 0.014, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 0.69 optical cables per node = 0.009" }
    power_per_endpoint = { value = 9.05, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "pn23" {
    source             = "Projective networks, Table 4"
    endpoints          = { value = 9954, kind = "check" }
    radix              = { value = 33, kind = "check" }
    routers            = { value = 1106, kind = "check" }
    p                  = { value = 9, kind = "check" }
    subscription       = { value = 0.921, decimals = 3 }
    electric_cables    = { value = 1907, note = "The paper makes 26 groups of 44 routers (396 nodes) though 56 routers (504 nodes) are closer to its 500; our 20 groups of 56 keep 1,799 links inside, the paper's 26 keep 1,907." }
    fiber_cables       = { value = 11365, note = "The 13,272 links less the electric ones: 13,272 - 1,799 = 11,473." }
    racks              = { value = 26, note = "Groups of 44 routers (396 nodes) in the paper, of 56 (504 nodes, closer to the 500 of section 5.3) here." }
    rack_endpoints     = { value = 396, note = "Groups of 44 routers (396 nodes) in the paper, of 56 (504 nodes, closer to the 500 of section 5.3) here." }
    cost_per_endpoint  = { value = 1546.83, abs = 0.019, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 1.14 optical cables per node = 0.014", note = "With the paper's split our pricing gives 1,546.84 (1,546.83 at 7.7430 $/Gb/s): its 108 more electric cables save 108 x 40 x (7.7432 - 0.985) / 9,954 = 2.93 $ per node over our 1,549.77." }
    power_per_endpoint = { value = 10.27, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "df7" {
    source             = "Projective networks, Table 4"
    endpoints          = { value = 9702, kind = "check" }
    radix              = { value = 27, kind = "check" }
    routers            = { value = 1386, kind = "check" }
    p                  = { value = 7, kind = "check" }
    subscription       = { value = 0.994, decimals = 3, note = "Routed local-global-local as the paper routes it (load_routing = native): u = 0.9982 and 2.8397 hops on average, 7 x 2.8397 / (0.9982 x 20) = 0.9957. The paper's 0.994 divides the graph's average distance, 2.8357 (2-hop paths through a third group, which those routes skip), by that u: 0.9943. Over all minimal paths u would be 0.74 and the subscription 1.35." }
    electric_cables    = { value = 8926, note = "dragonfly(7) has 1,386 x 20 / 2 = 13,860 links; our 20 groups of 5 dragonfly groups (490 nodes) hold its 9,009 local links and 196 global ones: 9,205. The paper's 8,926 + 4,514 = 13,440 cables are 420 fewer than the links, and 8,926 is less than the local links alone: no grouping gives its counts." }
    fiber_cables       = { value = 4514, note = "The 4,851 global links less the 196 inside a group: 4,655 (see electric_cables: the paper's counts miss 420 links)." }
    racks              = 20
    rack_endpoints     = 490
    cost_per_endpoint  = { value = 1404.42, abs = 0.011, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 0.47 optical cables per node = 0.006", note = "With the paper's cable counts our pricing gives 1,404.43 (1,404.42 at 7.7430 $/Gb/s); ours prices the 13,860 links the network has." }
    power_per_endpoint = { value = 10.80, decimals = 2, rounding = "up", kind = "check" }
  }
}

table "table5" {
  study   = study.table5
  title   = "Example networks with about 25,000 compute nodes (Table 5)"
  columns = ["label", "endpoints", "radix", "routers", "p", "subscription", "rack_endpoints", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", rack_endpoints = "group size", racks = "groups" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f", subscription = "%.3f" }

  # As in Table 4: T, R, N, Delta_0 and the power per node are configuration
  # checks; the subscription (three decimals), the groups, the cable split
  # (exact) and the cost per node (to the cent: the 25k optical price
  # 7.9178 $/Gb/s is the one every 25k cost of Tables 5 and 6 needs) are
  # reproductions.
  expect "ham29" {
    source             = "Projective networks, Table 5"
    endpoints          = { value = 24389, kind = "check" }
    radix              = { value = 85, kind = "check" }
    routers            = { value = 841, kind = "check" }
    p                  = { value = 29, kind = "check" }
    subscription       = { value = 1.001, decimals = 3 }
    electric_cables    = 5684
    fiber_cables       = 17864
    racks              = 58
    rack_endpoints     = 435
    cost_per_endpoint  = { value = 1237.43, decimals = 2 }
    power_per_endpoint = { value = 8.21, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "dpn37" {
    source             = "Projective networks, Table 5"
    endpoints          = { value = 26733, kind = "check" }
    radix              = { value = 57, kind = "check" }
    routers            = { value = 1407, kind = "check" }
    p                  = { value = 19, kind = "check" }
    subscription       = { value = 0.999, decimals = 3, note = "The paper's eq. (1) takes Delta = q + 1 = 38, the maximum degree: 2q Delta_0 / (q^2 + q + 1) = 1,406/1,407 = 0.9993; ours divides by the average degree, 37.97, which gives exactly 2 Delta_0 / (q + 1) = 1 (see demi-PN(27))." }
    electric_cables    = { value = 620, note = "The paper's 51 groups of 28 routers (532 nodes) keep 620 links inside, about what random placement keeps (51 x C(28, 2) x 38 / 1,406 = 521); our 55 groups of 26 routers (494 nodes, closer to 500) keep 2,606." }
    fiber_cables       = { value = 26094, note = "The 26,714 links less the electric ones: 26,714 - 2,606 = 24,108." }
    racks              = { value = 51, note = "Groups of 28 routers (532 nodes) in the paper, of 26 (494 nodes, closer to the 500 of section 5.3) here: 55 groups." }
    rack_endpoints     = { value = 532, note = "Groups of 28 routers (532 nodes) in the paper, of 26 (494 nodes, closer to the 500 of section 5.3) here." }
    cost_per_endpoint  = { value = 1314.29, decimals = 2, note = "With the paper's split our pricing gives 1,314.29, the paper's number; our 1,986 more electric cables save 1,986 x 40 x (7.9178 - 0.985) / 26,733 = 20.60 $ per node." }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "sf27" {
    source             = "Projective networks, Table 5"
    endpoints          = { value = 26244, kind = "check" }
    radix              = { value = 59, kind = "check" }
    routers            = { value = 1458, kind = "check" }
    p                  = { value = 18, kind = "check" }
    subscription       = { value = 0.976, decimals = 3 }
    electric_cables    = { value = 10935, note = "Same 54 groups of 27 routers (486 nodes). Ours keep 10,206 = 54 x 189 links inside, the local links of the 54 MMS columns (s, x); the paper keeps 729 = 27^2 more, by a grouping it does not describe." }
    fiber_cables       = { value = 18954, note = "The 29,889 links less the electric ones: 29,889 - 10,206 = 19,683." }
    racks              = 54
    rack_endpoints     = 486
    cost_per_endpoint  = { value = 1344.11, decimals = 2, note = "With the paper's split our pricing gives 1,344.11, the paper's number; its 729 more electric cables save 729 x 40 x (7.9178 - 0.985) / 26,244 = 7.70 $ per node over our 1,351.82." }
    power_per_endpoint = { value = 9.18, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "pn31" {
    source             = "Projective networks, Table 5"
    endpoints          = { value = 25818, kind = "check" }
    radix              = { value = 45, kind = "check" }
    routers            = { value = 1986, kind = "check" }
    p                  = { value = 13, kind = "check" }
    subscription       = { value = 1.003, decimals = 3 }
    electric_cables    = { value = 3381, note = "The paper's 51 groups of 40 routers (520 nodes) keep 3,381 links inside, our 53 groups of 38 routers (494 nodes, closer to 500) 1,830." }
    fiber_cables       = { value = 28395, note = "The 31,776 links less the electric ones: 31,776 - 1,830 = 29,946." }
    racks              = { value = 51, note = "Groups of 40 routers (520 nodes) in the paper, of 38 (494 nodes, closer to the 500 of section 5.3) here: 53 groups." }
    rack_endpoints     = { value = 520, note = "Groups of 40 routers (520 nodes) in the paper, of 38 (494 nodes, closer to the 500 of section 5.3) here." }
    cost_per_endpoint  = { value = 1497.77, decimals = 2, note = "With the paper's split our pricing gives 1,497.77, the paper's number: 1,514.43 - 1,551 x 40 x (7.9178 - 0.985) / 25,818." }
    power_per_endpoint = { value = 9.70, decimals = 2, rounding = "up", kind = "check" }
  }
  expect "df9" {
    source             = "Projective networks, Table 5"
    endpoints          = { value = 26406, kind = "check" }
    radix              = { value = 35, kind = "check" }
    routers            = { value = 2934, kind = "check" }
    p                  = { value = 9, kind = "check" }
    subscription       = { value = 0.996, decimals = 3, note = "As for dragonfly(7): ours, 0.9973, divides by the local-global-local routed hop count; the graph's average distance gives 0.9964, the paper's 0.996." }
    electric_cables    = 25101
    fiber_cables       = 13041
    racks              = 55
    rack_endpoints     = 486
    cost_per_endpoint  = { value = 1457.39, decimals = 2 }
    power_per_endpoint = { value = 10.89, decimals = 2, rounding = "up", kind = "check" }
  }
}

table "table6_10k" {
  study   = study.table6_10k
  title   = "MLFM and OFT networks (Table 6), every cable optical"
  columns = ["label", "endpoints", "radix", "routers", "p", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", fiber_cables = "cables" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  # Every value of Table 6 follows from the h or k we set and the paper's
  # pricing with every cable optical: configuration checks (the cost to the
  # cent, plus the 10k optical price, see Table 4).
  expect "mlfm22" {
    source             = "Projective networks, Table 6"
    kind               = "check"
    endpoints          = 9702
    radix              = 42
    routers            = 693
    p                  = 21
    fiber_cables       = 9702
    cost_per_endpoint  = { value = 1297.18, abs = 0.017, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 1 optical cable per node = 0.012" }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "oft16" {
    source             = "Projective networks, Table 6"
    kind               = "check"
    endpoints          = 9282
    radix              = 34
    routers            = 819
    p                  = 17
    fiber_cables       = 9282
    cost_per_endpoint  = { value = 1282.19, abs = 0.017, why = "printed to the cent (0.005), plus the paper's 10k optical price 7.7430 instead of the printed 7.7432 $/Gb/s: 40 x 0.0003 x 1 optical cable per node = 0.012" }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
}

table "table6_25k" {
  study   = study.table6_25k
  title   = "MLFM and OFT networks (Table 6), every cable optical"
  columns = ["label", "endpoints", "radix", "routers", "p", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", fiber_cables = "cables" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  # Configuration checks, as for the 10k networks; the cost to the cent.
  expect "mlfm30" {
    source             = "Projective networks, Table 6"
    kind               = "check"
    endpoints          = 25230
    radix              = 58
    routers            = 1305
    p                  = 29
    fiber_cables       = 25230
    cost_per_endpoint  = { value = 1321.76, decimals = 2 }
    power_per_endpoint = { value = 8.40, decimals = 2, rounding = "up" }
  }
  expect "oft23" {
    source             = "Projective networks, Table 6"
    kind               = "check"
    endpoints          = 26544
    radix              = 48
    routers            = 1659
    p                  = 24
    fiber_cables       = 26544
    cost_per_endpoint  = { value = 1312.14, decimals = 2 }
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

  # Configuration checks: each row evaluates the paper's sizing formulas at
  # a size we choose and compares them with our sizing of that family.
  expect "kn" {
    where         = { topology = "t3_kn" }
    source        = "Projective networks Table 3: K_N, N = 10: T = N^2, R = 2N - 1, Delta = N - 1, Delta_0 = N"
    kind          = "check"
    endpoints     = 100
    radix         = 19
    routers       = 10
    network_radix = 9
    p             = 10
  }
  expect "tur" {
    where         = { topology = "t3_tur" }
    source        = "Projective networks Table 3: Turan(12, 3): T = N^2 (r-1)/(r+1) = 72, R = N (r-1)(2r+1)/(r(r+1)) = 14, Delta = N (r-1)/r = 8, Delta_0 = N (r-1)/(r+1) = 6"
    kind          = "check"
    endpoints     = 72
    radix         = 14
    routers       = 12
    network_radix = 8
    p             = 6
  }
  expect "knn" {
    where         = { topology = "t3_knn" }
    source        = "Projective networks Table 3: K_{6,6}: T = 4n^2/3 = 48, R = 5n/3 = 10, N = 2n, Delta = n, Delta_0 = 2n/3 = 4"
    kind          = "check"
    endpoints     = 48
    radix         = 10
    routers       = 12
    network_radix = 6
    p             = 4
  }
  expect "ham2" {
    where         = { topology = "t3_ham2" }
    source        = "Projective networks Table 3: 2D Hamming graph of side 8: T = n^3, R = 3n - 2, N = n^2, Delta = 2(n - 1), Delta_0 = n"
    kind          = "check"
    endpoints     = 512
    radix         = 22
    routers       = 64
    network_radix = 14
    p             = 8
  }
  expect "dpn5" {
    where         = { topology = "t3_dpn", q = 5 }
    source        = "Projective networks Table 3: demi-PN q = 5: T = q^3/2 + q^2 + q + 1/2 = 93, R = 3(q+1)/2 = 9, N = q^2 + q + 1, Delta = q + 1, Delta_0 = (q+1)/2"
    kind          = "check"
    endpoints     = 93
    radix         = 9
    routers       = 31
    network_radix = 6
    p             = 3
  }
  expect "dpn7" {
    where         = { topology = "t3_dpn", q = 7 }
    source        = "Projective networks Table 3: demi-PN q = 7: T = 228, R = 12, N = 57, Delta = 8, Delta_0 = 4"
    kind          = "check"
    endpoints     = 228
    radix         = 12
    routers       = 57
    network_radix = 8
    p             = 4
  }
  expect "pn4" {
    where         = { topology = "t3_pn", q = 4 }
    source        = "Projective networks Table 3: PN q = 4: T = 4/5 (q^3 + 2q^2 + 2q + 1) = 84, R = 7(q+1)/5 = 7, N = 2(q^2 + q + 1), Delta = q + 1, Delta_0 = 2(q+1)/5"
    kind          = "check"
    endpoints     = 84
    radix         = 7
    routers       = 42
    network_radix = 5
    p             = 2
  }
  expect "pn9" {
    where         = { topology = "t3_pn", q = 9 }
    source        = "Projective networks Table 3: PN q = 9: T = 728, R = 14, N = 182, Delta = 10, Delta_0 = 4"
    kind          = "check"
    endpoints     = 728
    radix         = 14
    routers       = 182
    network_radix = 10
    p             = 4
  }
  expect "df2" {
    where         = { topology = "t3_df", p = 2 }
    source        = "Projective networks Table 3: Dragonfly h = 2: T = 4h^4 + 2h^2 = 72, R = 4h - 1, N = 4h^3 + 2h, Delta = 3h - 1, Delta_0 = h"
    kind          = "check"
    endpoints     = 72
    radix         = 7
    routers       = 36
    network_radix = 5
    p             = 2
  }
  expect "df3" {
    where         = { topology = "t3_df", p = 3 }
    source        = "Projective networks Table 3: Dragonfly h = 3: T = 342, R = 11, N = 114, Delta = 8, Delta_0 = 3"
    kind          = "check"
    endpoints     = 342
    radix         = 11
    routers       = 114
    network_radix = 8
    p             = 3
  }
  expect "del2" {
    where         = { topology = "t3_del", q = 2 }
    source        = "Projective networks Table 3: Delorme quadrangles q = 2: T = (q+1)^2 (q^2+1)/3 = 15, R = 4(q+1)/3 = 4, N = q^3 + q^2 + q + 1, Delta = q + 1, Delta_0 = (q+1)/3"
    kind          = "check"
    endpoints     = 15
    radix         = 4
    routers       = 15
    network_radix = 3
    p             = 1
  }
  expect "del8" {
    where         = { topology = "t3_del", q = 8 }
    source        = "Projective networks Table 3: Delorme quadrangles q = 8: T = 1,755, R = 12, N = 585, Delta = 9, Delta_0 = 3"
    kind          = "check"
    endpoints     = 1755
    radix         = 12
    routers       = 585
    network_radix = 9
    p             = 3
  }
  expect "ham3" {
    where         = { topology = "t3_ham3" }
    source        = "Projective networks Table 3: 3D Hamming graph of side 4: T = n^4, R = 4n - 3, N = n^3, Delta = 3(n - 1), Delta_0 = n"
    kind          = "check"
    endpoints     = 256
    radix         = 13
    routers       = 64
    network_radix = 9
    p             = 4
  }
  expect "hc" {
    where         = { topology = "t3_hc" }
    source        = "Projective networks Table 3: Hypercube n = 6: T = 2^(n+1), R = n + 2, N = 2^n, Delta = n, Delta_0 = 2"
    kind          = "check"
    endpoints     = 128
    radix         = 8
    routers       = 64
    network_radix = 6
    p             = 2
  }
  expect "gq13" {
    where         = { topology = "t3_gq" }
    source        = "Projective networks Table 3: incidence graph of generalized quadrangles, q = 13: T = 4/7 (q+1)^2 (q^2+1) = 19,040, R = 9/7 (q+1) = 18, N = 2(q^3+q^2+q+1) = 4,760, Delta = q + 1, Delta_0 = 2(q+1)/7 = 4"
    kind          = "check"
    endpoints     = 19040
    radix         = 18
    routers       = 4760
    network_radix = 14
    p             = 4
  }
  expect "delh3" {
    where         = { topology = "t3_delh" }
    source        = "Projective networks Table 3: Delorme's graph on generalized hexagons, q = 3: N = q^5 + ... + q + 1 = 364, Delta = q + 1 = 4 (T = 1/5 (q^4+q^2+1)(q+1)^2 = 291.2 and Delta_0 = 0.8 are not integers: Delta_0 rounds up to 1)"
    kind          = "check"
    routers       = 364
    network_radix = 4
  }
  expect "gh43" {
    where         = { topology = "t3_gh" }
    source        = "Projective networks Table 3: incidence graph of generalized hexagons, q = 43: R = 13/11 (q+1) = 52, N = 2(q^5 + ... + 1), Delta = q + 1, Delta_0 = 2(q+1)/11 = 8, T = 4/11 (q^4+q^2+1)(q+1)^2"
    kind          = "check"
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
    kind          = "check"
    endpoints     = { value = 936, abs = 36, why = "Delta_0 = 2/9 (3q - e) = 5.78 is rounded to 6 compute nodes per router (as Table 4 rounds 12.89 to 13 at q = 19): T = N Delta_0 grows by 162 x 0.22 = 36" }
    radix         = { value = 18.78, abs = 0.23, why = "Delta_0 rounded from 5.78 to 6 adds 0.22 to R = Delta + Delta_0 (the formula's 18.78)" }
    routers       = 162
    network_radix = 13
  }
  expect "sf19" {
    where         = { topology = "t3_sf", q = 19 }
    source        = "Projective networks Table 3: SF MMS q = 19 (e = -1): T = 9,401, R = 41.9, N = 722, Delta = 29 (Table 4: T = 9,386, R = 42, Delta_0 = 13)"
    kind          = "check"
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

  # Diameters exact. For kbar and u the paper gives limits (N -> infinity);
  # the largest instance built is compared with the limit, within the
  # distance still to go at that size where its exact value is known (the
  # paper's formula, or an exact count named in the why); where it is not
  # (Dragonfly and Delorme kbar, Delorme u), with the limit as printed (0
  # decimals), and a size that cannot show the limit fails. u = 1 of the
  # edge-transitive graphs holds exactly at every size.
  expect "kn" {
    where        = { topology = "kn", complete_n = local.paper ? 63 : 16 }
    source       = "Projective networks Table 2: K_N: k = 1, kbar = 1, u = 1"
    diameter     = 1
    avg_distance = 1
    utilization  = 1
  }
  expect "tur" {
    where        = { topology = "tur", turan_n = local.paper ? 96 : 24 }
    source       = "Projective networks Table 2: Turan(N, r): k = 2, kbar -> 1 + 1/r, u = 1"
    diameter     = 2
    avg_distance = { value = 1.3333, abs = local.paper ? 0.0070 : 0.0290, why = "finite size: Turan(N, 3) has exactly 1 + (N/3 - 1)/(N - 1), 1.3263 at N = 96 (1.3043 at N = 24)" }
    utilization  = 1
  }
  expect "knn" {
    where        = { topology = "knn", complete_bipartite_n = local.paper ? 42 : 12 }
    source       = "Projective networks Table 2: K_{n,n}: k = 2, kbar -> 1.5, u = 1"
    diameter     = 2
    avg_distance = { value = 1.5, abs = local.paper ? 0.0061 : 0.0218, why = "finite size: K_{n,n} has exactly 1 + (n - 1)/(2n - 1), 1.4940 at n = 42 (1.4783 at n = 12)" }
    utilization  = 1
  }
  expect "ham2" {
    where        = { topology = "ham2", routers = local.paper ? 484 : 64 }
    source       = "Projective networks Table 2: 2D Hamming: k = 2, kbar -> 2, u = 1"
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.0870 : 0.2223, why = "finite size: 2(n - 1) vertices at distance 1 and (n - 1)^2 at 2 give exactly 2n/(n + 1), 1.9130 at n = 22 (1.7778 at n = 8)", note = "Section 4.1 prints kbar = 2 - 2/n - 1/n^2 (1.9070 at n = 22), which is neither the average over the other vertices, 2n/(n + 1), nor over all, 2 - 2/n; the paper's own Tables 4 and 5 use 2n/(n + 1) (subscription 22 x 1.9130 / 42 = 1.002)." }
    utilization  = 1
  }
  expect "dpn" {
    where        = { topology = "dpn", q = local.paper ? 41 : 13 }
    source       = "Projective networks Table 2: demi-PN: k = 2, kbar -> 2, u -> 1"
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.0244 : 0.0766, why = "finite size: diameter 2 with q(q + 1)^2 arcs gives exactly (2q^2 + q + 1)/(q^2 + q + 1), 1.9756 at q = 41 (1.9235 at q = 13)" }
    utilization  = { value = 1, abs = local.paper ? 0.0117 : 0.0330, why = "finite size: the paper's Theorem 3.10, u = (2q^2 + q + 1)/(2q(q + 1)), is 0.9884 at q = 41 (0.9670 at q = 13)" }
  }
  expect "sf" {
    where        = { topology = "sf", q = local.paper ? 49 : 13 }
    source       = "Projective networks Table 2: SF MMS: k = 2, kbar -> 2, u -> 8/9"
    note         = "At q = 49 and 13 (e = 1: minimal paths unique) rather than 47 and 11 (e = -1: the paper notes u is a little worse there, and no exact value is known to us; ours at q = 47 is 0.8879)."
    diameter     = 2
    avg_distance = { value = 2, abs = local.paper ? 0.0153 : 0.0564, why = "finite size: diameter 2 and degree Delta = (3q - e)/2 give exactly 2 - Delta/(N - 1), 1.9848 at q = 49 (1.9436 at q = 13)" }
    utilization  = { value = 0.8889, abs = local.paper ? 0.0114 : 0.0429, why = "finite size: section 4.2's route count made exact (e = 1) puts 3q - 2 on each global link and 2q + 3 on each local one: u = (8q^2 - 3q - 3)/((3q - 1)(3q - 2)), 0.9002 at q = 49 (0.9317 at q = 13, 1 at q = 5)" }
  }
  expect "pn" {
    enabled      = local.paper
    where        = { topology = "pn", q = local.paper ? 41 : 13 }
    source       = "Projective networks Table 2: PN: k = 3, kbar -> 2.5, u = 1"
    diameter     = 3
    avg_distance = { value = 2.5, abs = local.paper ? 0.0243 : 0.0754, why = "finite size: the paper's own (5q^2 + 3q + 1)/(2q^2 + 2q + 1) (section 3.1) is 2.4758 at q = 41 (2.4247 at q = 13)" }
    utilization  = 1
  }
  # Dragonfly, routed local-global-local as Kim et al. and the paper route
  # it (over all minimal paths the global links carry more and u stays near
  # 0.76).
  expect "df" {
    where        = { topology = "df", p = local.paper ? 16 : 5 }
    source       = "Projective networks Table 2: Dragonfly: k = 3, kbar -> 3, u -> 1"
    diameter     = 3
    avg_distance = { value = 3, decimals = 0, note = "Its exact value depends on how the global links are arranged; counting the routers within two hops (4h^2 + h - 1 to 5h^2 - 1 of the 4h^3 + 2h - 1 others) bounds it to 2.9192-2.9338 at h = 16 (2.7289-2.7682 at h = 5), and ours is inside." }
    utilization  = { value = 1, abs = local.paper ? 0.0004 : 0.0036, why = "finite size: routed local-global-local, each local link carries 2ahp^2 + p^2 flows and each global one (ap)^2 (a = 2h, p = h): u = 0.9997 at h = 16 (0.9965 at h = 5)" }
  }
  expect "delq" {
    where        = { topology = "delq", q = local.paper ? 32 : 8 }
    source       = "Projective networks Table 2: Delorme's graph on quadrangles: k = 3, kbar -> 3, u -> 1"
    diameter     = 3
    avg_distance = { value = 3, decimals = 0, note = "No exact value is known to us; the generalized Moore bound puts any graph of 33,825 routers of degree at most 33 at kbar >= 2.9668 (q = 8: 585 routers of degree 9, kbar >= 2.8459), and ours nearly attains it." }
    utilization  = { value = 1, decimals = 0, note = "The absolute points (degree q) load the links unevenly, as in demi-PN, and no exact value is known to us: ours is 0.975 at q = 8 and 0.991 at q = 32." }
  }
  expect "ham3" {
    enabled      = local.paper
    where        = { topology = "ham3", routers = local.paper ? 4096 : 216 }
    source       = "Projective networks Table 2: 3D Hamming: k = 3, kbar -> 3, u = 1"
    diameter     = 3
    avg_distance = { value = 3, abs = local.paper ? 0.1869 : 0.4884, why = "finite size: 3(n - 1), 3(n - 1)^2 and (n - 1)^3 vertices at distance 1, 2 and 3 give exactly 3n^2/(n^2 + n + 1), 2.8132 at n = 16 (2.5116 at n = 6)" }
    utilization  = 1
  }
  # The incidence graphs of W(q) and H(q) are edge-transitive (their groups
  # act transitively on flags), so u = 1 exactly.
  expect "gq" {
    where        = { topology = "gq", q = local.paper ? 16 : 5 }
    source       = "Projective networks Table 2: incidence graph of generalized quadrangles: k = 4, kbar -> 3.5, u = 1"
    diameter     = 4
    avg_distance = { value = 3.5, abs = local.paper ? 0.0663 : 0.2332, why = "finite size: q + 1, q(q + 1), q^2(q + 1) and q^3 vertices at distance 1 to 4 give exactly (7q^3 + 5q^2 + 3q + 1)/(2q^3 + 2q^2 + 2q + 1), 3.4338 at q = 16 (3.2669 at q = 5)" }
    utilization  = 1
  }
  expect "delh" {
    where        = { topology = "delh" }
    source       = "Projective networks Table 2: Delorme's graph on hexagons: k = 5, kbar -> 5, u -> 1"
    diameter     = 5
    avg_distance = { value = 5, decimals = 0, note = "Not reproducible at a size that can be built: q must be an odd power of 3, and q = 27 has 14.9 M routers. At q = 3 (364 routers of degree 4) the generalized Moore bound allows kbar down to 4.36, so no graph of this size shows the limit 5; ours is 4.41." }
    utilization  = { value = 1, decimals = 0, note = "No exact value is known to us; ours is 0.986 at q = 3." }
  }
  expect "gh" {
    where        = { topology = "gh", q = local.paper ? 5 : 3 }
    source       = "Projective networks Table 2: incidence graph of generalized hexagons: k = 6, kbar -> 5.5, u = 1"
    diameter     = 6
    avg_distance = { value = 5.5, abs = local.paper ? 0.2490 : 0.4849, why = "finite size: q + 1, q(q + 1), ..., q^4(q + 1) and q^5 vertices at distance 1 to 6 give exactly (11q^5 + 9q^4 + 7q^3 + 5q^2 + 3q + 1)/(2q^5 + 2q^4 + 2q^3 + 2q^2 + 2q + 1), 5.2511 at q = 5 (5.0151 at q = 3)" }
    utilization  = 1
  }
  expect "hc" {
    where        = { topology = "hc", n = local.paper ? 14 : 8 }
    source       = "Projective networks Table 2: hypercube C_2^n: k = n, kbar -> n/2, u = 1"
    diameter     = local.paper ? 14 : 8
    avg_distance = { value = local.paper ? 7 : 4, abs = local.paper ? 0.0005 : 0.0157, why = "finite size: exactly n 2^(n-1)/(2^n - 1), 7.0004 at n = 14 (4.0157 at n = 8)" }
    utilization  = 1
  }
  # Table 3's formulas (T, R, N, Delta) against the built graphs: at every
  # size of every family the built graph has exactly the routers, endpoints,
  # links, radix and network radix that our sizing of the family gives
  # (configuration checks: the sizing is ours, of the paper's formulas).
  expect "kn_sizes" {
    where         = { topology = "kn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the K_N, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "tur_sizes" {
    where         = { topology = "tur" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Turan(N, 3), at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "knn_sizes" {
    where         = { topology = "knn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the K_{n,n}, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "ham2_sizes" {
    where         = { topology = "ham2" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the 2D Hamming, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "dpn_sizes" {
    where         = { topology = "dpn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the demi-PN, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "sf_sizes" {
    where         = { topology = "sf" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the SF MMS, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "pn_sizes" {
    where         = { topology = "pn" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the PN, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "df_sizes" {
    where         = { topology = "df" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Dragonfly, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "delq_sizes" {
    where         = { topology = "delq" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Delorme's graph on quadrangles, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "ham3_sizes" {
    where         = { topology = "ham3" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the 3D Hamming, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "gq_sizes" {
    where         = { topology = "gq" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the incidence graph of generalized quadrangles, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "delh_sizes" {
    where         = { topology = "delh" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the Delorme's graph on hexagons, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "gh_sizes" {
    where         = { topology = "gh" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the incidence graph of generalized hexagons, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
  expect "hc_sizes" {
    where         = { topology = "hc" }
    every         = true
    source        = "Projective networks Table 3: sizing formulas of the hypercube, at every size built here"
    kind          = "check"
    size_mismatch = 0
  }
}

# Fig. 4: MMS routers over the Moore bound, tending to 8/9 (Hoffman-Singleton
# at 1; the axis starts at 0.65 so that q = 3, degree 5, 18 of 26 routers =
# 0.69, is drawn); Fig. 5: MMS link utilization, tending to 8/9.
figure "fig4" {
  study   = study.families
  where   = { topology = "sf" }
  title   = "MMS graphs: routers over the Moore bound (Fig. 4)"
  x       = "network_radix"
  y       = "moore_ratio_2"
  x_label = "Degree Delta"
  y_label = "N / Moore bound"
  y_min   = 0.65
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
    moore_ratio_2 = { value = 1, kind = "check", note = "N = 2q^2 = 50 and Delta = 7, both fixed by q = 5: 50 / (1 + 7^2)" }
    utilization   = 1
  }
  # N / Moore bound = 2q^2 / (1 + Delta^2), Delta = (3q - e)/2: fixed by q,
  # so a check of our sizing; it tends to 8/9 from above for e = 1 and from
  # below for e = -1.
  expect "mms_limit_49" {
    enabled       = local.paper
    kind          = "check"
    where         = { topology = "sf", q = local.paper ? 49 : 13 }
    source        = "Projective networks Fig. 4: N / Moore bound tends to 8/9"
    moore_ratio_2 = { value = 0.8889, abs = 0.0121, why = "finite size: 2q^2 / (1 + Delta^2) with Delta = 73 is 0.9009 at q = 49 (e = 1)" }
  }
  expect "mms_limit_47" {
    enabled       = local.paper
    kind          = "check"
    where         = { topology = "sf", q = local.paper ? 47 : 11 }
    source        = "Projective networks Fig. 4: N / Moore bound tends to 8/9"
    moore_ratio_2 = { value = 0.8889, abs = 0.0127, why = "finite size: 2q^2 / (1 + Delta^2) with Delta = 71 is 0.8762 at q = 47 (e = -1)" }
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
