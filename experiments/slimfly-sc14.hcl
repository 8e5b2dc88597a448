# Besta and Hoefler, "Slim Fly: A Cost Effective Low-Diameter Network
# Topology", SC14: the structural and cost results (sections II, III and VI)
# and the simulations of section V (Figs. 6 and 8).
# The text of the paper is ../shared/papers/slimfly-sc14.txt.
#
#   runexp run experiments/slimfly-sc14.hcl                          # structure and cost, the paper's sizes
#   runexp run experiments/slimfly-sc14.hcl --var simulate=fig6a     # plus Fig. 6a at the paper's sizes
#   runexp run experiments/slimfly-sc14.hcl --var simulate=all --results results/paper  # all of section V (about 7 hours on 2 cores; committed)
#   runexp run experiments/slimfly-sc14.hcl --var simulate=all --var profile=quick  # everything, CI-sized
#
# Every number the paper publishes that this experiment reproduces is an
# expectation in one of the tables below; results/slimfly-sc14/scorecard.md
# lists them, agreeing or not. Where the paper is ambiguous or inconsistent,
# the comment at the expectation says what we assume.

experiment {
  title       = "Slim Fly (SC14): structure, bounds, resiliency, cost and power"
  description = "Table II, Fig. 1, Fig. 5a-c, Table III and the resiliency results of section III-D, Fig. 11 and Table IV of Besta and Hoefler, SC14."
}

variable "simulate" {
  type        = string
  default     = "none"
  choices     = ["none", "fig6a", "all"]
  description = "Which simulations of section V to run: \"none\" (the default: the structure and cost part alone takes about a minute), \"fig6a\" (uniform traffic, Fig. 6a: about an hour on 2 cores at the paper's sizes) or \"all\" (Figs. 6a-d and 8a-e: about 7 hours on 2 cores at the paper's sizes, a minute with profile = \"quick\")."
}

variable "profile" {
  type        = string
  default     = "paper"
  choices     = ["paper", "quick"]
  description = "\"paper\": the published sizes; \"quick\": small networks and few samples (CI)."
}

locals {
  paper = var.profile == "paper"

  # Fig. 1: networks up to 5,000 endpoints (the figure's x range); quick:
  # 1,000. The topologies of Fig. 1 keep the instances within it by their
  # families' sizing formulas (keep = endpoints <= local.fig1_max).
  fig1_max = local.paper ? 5000 : 1000

  # Fig. 5: network radix up to about 100.
  sf5_q  = local.paper ? [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49, 53, 59, 61, 64] : [3, 4, 5, 7, 8, 9, 64]
  mb_k   = local.paper ? range(3, 101) : range(3, 21)
  bdf_u  = local.paper ? [3, 5, 7, 9, 11, 13, 17, 19, 23, 25, 27, 29, 31, 37, 41, 43, 47, 49, 53, 59, 61] : [3, 5, 7, 61]
  del_v  = local.paper ? [2, 3, 4, 5, 7, 8, 9] : [2, 3, 9]
  df5_p  = local.paper ? range(2, 34) : range(2, 8)
  fbf5_k = local.paper ? range(2, 34) : range(2, 8)

  # Fig. 5c: networks up to 20,000 endpoints (the figure's x range); quick:
  # 2,000 plus the sizes the expectations need.
  bb_max = local.paper ? 20000 : 2000
  bb_t3d = [for k in range(4, 30, 2) : k if pow(k, 3) <= local.bb_max]
  bb_t5d = [for k in range(4, 8, 2) : k if pow(k, 5) <= local.bb_max]
  bb_hc  = [for n in range(6, 15) : n if pow(2, n) <= local.bb_max]
  bb_ft  = [for p in range(4, 30, 2) : p if pow(p, 3) <= local.bb_max]
  bb_fbf = [for k in range(3, 12) : k if pow(k, 4) <= local.bb_max]
  bb_df  = [for p in range(2, 10) : p if p * 2 * p * (2 * p * p + 1) <= local.bb_max]
  bb_sf  = [for q in [5, 7, 9, 11, 13, 17, 19, 23] : q if 2 * q * q * ceil((3 * q + 1) / 4) <= local.bb_max]
  bb_dln = [for n in [256, 512, 1024, 2048, 4096] : n if 4 * n <= local.bb_max]

  # Fig. 11c/d: networks up to 40,000 endpoints (the figure's x range);
  # quick: 4,000.
  c_max = local.paper ? 40000 : 4000
  c_t3d = [for k in range(4, 40, 2) : k if pow(k, 3) <= local.c_max]
  c_t5d = [for k in range(3, 9) : k if pow(k, 5) <= local.c_max]
  c_hc  = [for n in range(6, 16) : n if pow(2, n) <= local.c_max]
  c_lh  = [for n in range(6, 16) : n if pow(2, n) <= local.c_max]
  c_ft  = [for k in range(8, 80, 4) : k if 2 * pow(k / 2, 3) <= local.c_max]
  c_fbf = [for k in range(3, 16) : k if pow(k, 4) <= local.c_max]
  c_df  = [for p in range(2, 14) : p if p * 2 * p * (2 * p * p + 1) <= local.c_max]
  c_sf  = [for q in [5, 7, 9, 11, 13, 17, 19, 23, 25, 27, 29] : q if 2 * q * q * ceil((3 * q + 1) / 4) <= local.c_max]
  # DLN with DF-like balance (the DF of the same p): 2p(2p^2 + 1) routers of
  # degree 3p - 1 and p endpoints each (radix 4p - 1). One topology block
  # per p below (a sweep would cross routers, degree and p).
  c_dln = [for p in range(2, 13) : p if 2 * p * p * (2 * p * p + 1) <= local.c_max]

  # Section V: loads 0.05 ... 0.95 (quick: 5 points), and the measurement
  # phases (quick: shorter).
  sim_loads   = local.paper ? [for i in range(1, 20) : i / 20] : [0.1, 0.3, 0.5, 0.7, 0.9]
  sim_warmup  = local.paper ? 2000 : 1000
  sim_measure = local.paper ? 2000 : 1000
  sim_traffic = var.simulate == "fig6a" ? ["uniform"] : ["uniform", "bit_reversal", "shift", "worst_case"]
  sim_on      = var.simulate != "none"
  sim_all     = var.simulate == "all"

  # Table III: networks of about N = 512 ... 8,192 endpoints (quick: up to
  # 1,024, plus few samples).
  r_n = local.paper ? [512, 1024, 2048, 4096, 8192] : [512, 1024]

  # Reasons of the tolerances, stated once.
  why_step   = "one 5% step: SC14 removes cables in 5% increments, sampled to a 95% confidence interval of width 2 points, so a threshold near a step can land one step either side"
  why_layout = "cable lengths: SC14 describes its rack layout only in outline (section VI-A: racks on a near-square floor, cables routed between them); the unstated details (rack order, cable slack) move cable lengths and so prices; 10% allowance, stated before these rows were compared"
  why_cost   = "printed to $1; no layout allowance: the paper's cost cannot come from the network it describes (see the note)"
  note_ft3   = "our k-ary 3-trees stay connected (every leaf reaching every other) 10-20 points longer than the paper says; the paper does not say how it builds FT-3 or what connected means for it in this analysis"
  why_claim  = "the paper's rounded percentages (\"25%\", \"almost 30%\"): 5 points"
}

# ---------------------------------------------------------------------------
# Table II and Fig. 1: diameters and average hops of the nine families.
# Low-radix networks have one endpoint per router; high-radix ones are
# balanced (SC14 section III).

topology "t3d" {
  family = "torus"
  label  = "T3D"
  n      = 3
  k      = range(3, 40)
  keep   = endpoints <= local.fig1_max
}

topology "t5d" {
  family = "torus"
  label  = "T5D"
  n      = 5
  k      = range(3, 10)
  keep   = endpoints <= local.fig1_max
}

topology "hc" {
  family = "hypercube"
  label  = "HC"
  n      = range(4, 20)
  keep   = endpoints <= local.fig1_max
}

topology "ft3" {
  family = "fattree"
  label  = "FT-3"
  levels = 3
  p      = range(3, 40)
  keep   = endpoints <= local.fig1_max
}

topology "fbf3" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = range(2, 20) # k routers per dimension, p = k endpoints per router
  keep   = endpoints <= local.fig1_max
}

topology "df" {
  family = "dragonfly"
  label  = "DF"
  p      = range(2, 20)
  keep   = endpoints <= local.fig1_max
}

# DLN (random shortcuts on a ring): Koibuchi's DLN-2-y of degree 2 + y; SC14
# gives its concentration only as an unreadable formula: we use p = 4 and
# degree 8 (radix 12) for the curve of Fig. 1.
topology "dln" {
  family  = "ring_random"
  label   = "DLN"
  routers = [64, 128, 256, 512, 1024, 2048]
  degree  = 8
  p       = 4
  keep    = endpoints <= local.fig1_max
}

topology "sf" {
  family = "slimfly"
  label  = "SF"
  q      = [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19] # prime powers; balanced p = ceil(k'/2)
  keep   = endpoints <= local.fig1_max
}

study "fig1" {
  title       = "Average hops under uniform traffic vs network size (SC14 Fig. 1)"
  description = "Long Hop (LH-HC) is missing: the family is sizing-only (the paper gives no construction we could reproduce)."
  topologies  = [topology.t3d, topology.t5d, topology.hc, topology.ft3, topology.fbf3, topology.df, topology.dln, topology.sf]
  metrics     = ["endpoints", "routers", "radix", "diameter", "endpoint_diameter", "avg_endpoint_distance"]
}

figure "fig1" {
  study   = study.fig1
  title   = "Average number of hops, uniform traffic (SC14 Fig. 1)"
  x       = "endpoints"
  y       = "avg_endpoint_distance"
  series  = ["label"]
  x_label = "Network size [endpoints]"
  y_label = "Average number of hops"
  x_min   = 0
  y_min   = 0
}

# Table II at the sizes of Table IV (N of about 10,000).
topology "t3d_10k" {
  family = "torus"
  label  = "T3D"
  n      = 3
  k      = 22
}

topology "t5d_10k" {
  family = "torus"
  label  = "T5D"
  n      = 5
  k      = 6
}

topology "hc_8k" {
  family = "hypercube"
  label  = "HC"
  n      = 13
}

topology "ft3_10k" {
  family = "fattree"
  label  = "FT-3"
  levels = 3
  p      = 22
}

topology "fbf3_10k" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = 10
}

topology "df_10k" {
  family = "dragonfly"
  label  = "DF"
  p      = 7
}

topology "dln_10k" {
  family  = "ring_random"
  label   = "DLN"
  routers = 1386
  degree  = 21
  p       = 7
}

topology "sf_10k" {
  family = "slimfly"
  label  = "SF"
  q      = 19
}

study "table2" {
  title      = "Diameters of the compared topologies at about 10,000 endpoints (SC14 Table II)"
  topologies = [topology.t3d_10k, topology.t5d_10k, topology.hc_8k, topology.ft3_10k, topology.fbf3_10k, topology.df_10k, topology.dln_10k, topology.sf_10k]
  metrics    = ["endpoints", "routers", "radix", "network_radix", "diameter", "endpoint_diameter", "avg_endpoint_distance"]
}

table "table2" {
  study   = study.table2
  title   = "Diameters (SC14 Table II)"
  columns = ["label", "endpoints", "routers", "radix", "diameter", "endpoint_diameter", "avg_endpoint_distance"]
  formats = { avg_endpoint_distance = "%.3f" }

  expect "t3d_10k" {
    source   = "SC14 Table II: T3D diameter ceil(3/2 N^(1/3)); N = 22^3 gives 33"
    diameter = 33
  }
  expect "t5d_10k" {
    source   = "SC14 Table II: T5D diameter ceil(5/2 N^(1/5)); N = 6^5 gives 15"
    diameter = 15
  }
  expect "hc_8k" {
    source   = "SC14 Table II: HC diameter ceil(log2 N); N = 8,192 gives 13"
    diameter = 13
  }
  expect "ft3_10k" {
    source            = "SC14 Table II: FT-3 diameter 4 (between leaf routers)"
    endpoint_diameter = 4
  }
  expect "fbf3_10k" {
    source   = "SC14 Table II: FBF-3 diameter 3"
    diameter = 3
  }
  expect "df_10k" {
    source   = "SC14 Table II: DF diameter 3"
    diameter = 3
  }
  expect "dln_10k" {
    source   = "SC14 Table II: DLN diameter 3-10 (Koibuchi et al.)"
    diameter = { value = 6.5, abs = 3.5, why = "the paper gives the range 3-10 (Koibuchi et al.), not one value" }
  }
  expect "sf_10k" {
    source   = "SC14 Table II: SF diameter 2"
    diameter = 2
  }
}

# ---------------------------------------------------------------------------
# Fig. 5a and 5b: routers vs network radix against the Moore bound.

topology "sf5" {
  family = "slimfly"
  label  = "Slim Fly MMS"
  q      = local.sf5_q
}

topology "mb2" {
  family   = "moore_bound"
  label    = "Moore bound"
  degree   = local.mb_k
  diameter = 2
}

topology "fbf2" {
  family = "flattened_butterfly"
  label  = "Flattened Butterfly (2 levels)"
  n      = 2
  k      = local.fbf5_k
}

topology "ft2" {
  family = "fattree_sc14"
  label  = "Fat tree (2 levels)"
  levels = 2
  k      = [for k in local.mb_k : k if k % 2 == 0]
}

study "fig5a" {
  title      = "Routers vs network radix, diameter 2 (SC14 Fig. 5a)"
  topologies = [topology.sf5, topology.mb2, topology.fbf2, topology.ft2]
  metrics    = ["network_radix", "routers", "moore_bound_2", "moore_ratio_2"]
}

figure "fig5a" {
  study   = study.fig5a
  title   = "The Moore bound and graphs with D = 2 (SC14 Fig. 5a)"
  x       = "network_radix"
  y       = "routers"
  series  = ["label"]
  x_label = "Network radix (k')"
  y_label = "Number of routers"
  x_min   = 0
  y_min   = 0
}

table "fig5a" {
  study   = study.fig5a
  title   = "Slim Fly MMS against the Moore bound, diameter 2"
  where   = { label = "Slim Fly MMS" }
  columns = ["network_radix", "routers", "moore_bound_2", "moore_ratio_2"]
  formats = { moore_ratio_2 = "%.3f" }

  expect "mms_96" {
    where         = { topology = "sf5", q = 64 }
    source        = "SC14 section II-B3: for k' = 96, MMS has 8,192 routers, only 12% worse than the Moore bound (9,217 = 1.125 x 8,192)"
    kind          = "check"
    note          = "arithmetic of our inputs: q = 64 gives 2q^2 = 8,192 routers of network radix (3q - 0)/2 = 96, whose Moore bound is 96^2 + 1 = 9,217"
    routers       = 8192
    moore_bound_2 = 9217
    moore_ratio_2 = { value = 0.89, decimals = 2 }
  }
  expect "hoffman_singleton" {
    where         = { topology = "sf5", q = 5 }
    source        = "SC14 section II-B: q = 5 is the Hoffman-Singleton graph, a Moore graph (50 routers, k' = 7)"
    kind          = "check"
    note          = "2q^2 = 50 routers and the Moore bound 7^2 + 1 = 50 both follow from q = 5"
    routers       = 50
    moore_ratio_2 = 1
  }
}

topology "mb3" {
  family   = "moore_bound"
  label    = "Moore bound"
  degree   = local.mb_k
  diameter = 3
}

topology "bdf" {
  family = "bdf"
  label  = "BDF"
  u      = local.bdf_u
}

topology "del" {
  family = "delorme"
  label  = "Delorme"
  q      = local.del_v
}

topology "df5" {
  family = "dragonfly"
  label  = "Dragonfly"
  p      = local.df5_p
}

topology "fbf5" {
  family = "flattened_butterfly"
  label  = "Flattened Butterfly (3 levels)"
  n      = 3
  k      = local.fbf5_k
}

study "fig5b" {
  title      = "Routers vs network radix, diameter 3 (SC14 Fig. 5b)"
  topologies = [topology.mb3, topology.bdf, topology.del, topology.df5, topology.fbf5]
  metrics    = ["network_radix", "routers", "moore_bound_3", "moore_ratio_3"]
}

figure "fig5b" {
  study   = study.fig5b
  title   = "The Moore bound and graphs with D = 3 (SC14 Fig. 5b)"
  x       = "network_radix"
  y       = "routers"
  series  = ["label"]
  x_label = "Network radix (k')"
  y_label = "Number of routers"
  y_scale = "log"
  x_min   = 0
  x_max   = 100
}

table "fig5b" {
  study   = study.fig5b
  title   = "Graphs of diameter 3 against the Moore bound"
  columns = ["label", "network_radix", "routers", "moore_bound_3", "moore_ratio_3"]
  formats = { moore_ratio_3 = "%.3f" }

  expect "delorme" {
    where         = { topology = "del", q = 9 }
    source        = "SC14 section II-C: Delorme graphs achieve 68% of the Moore bound (v = 9: k' = 100)"
    kind          = "check"
    note          = "the delorme family is sizing-only: its router count is the paper's formula, so this checks our arithmetic"
    moore_ratio_3 = { value = 0.68, decimals = 2 }
  }
  expect "bdf" {
    where         = { topology = "bdf", u = 61 }
    source        = "SC14 section II-C: BDF graphs achieve 30% of the Moore bound (u = 61: k' = 93)"
    kind          = "check"
    note          = "the bdf family is sizing-only (formula values, checks of our arithmetic); the ratio tends to 8/27 = 0.296 as u grows, which the paper rounds to 30%, but at u = 61 it is 0.2947"
    moore_ratio_3 = { value = 0.30, decimals = 2 }
  }
}

# ---------------------------------------------------------------------------
# Fig. 5c: bisection bandwidth vs network size at 10 Gb/s per link. SC14
# approximates SF and DLN with METIS and derives the others analytically
# (HC and FT-3: N/2 links, tori 2N/k); we run the same multilevel
# bisection on every network, balanced by endpoints, so the analytic values
# check the partitioner.

topology "bb_t3d" {
  family = "torus"
  label  = "T3D"
  n      = 3
  k      = local.bb_t3d
}

topology "bb_t5d" {
  family = "torus"
  label  = "T5D"
  n      = 5
  k      = local.bb_t5d
}

topology "bb_hc" {
  family = "hypercube"
  label  = "HC"
  n      = local.bb_hc
}

topology "bb_ft3" {
  family = "fattree"
  label  = "FT-3"
  levels = 3
  p      = local.bb_ft
}

topology "bb_fbf3" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = local.bb_fbf
}

topology "bb_df" {
  family = "dragonfly"
  label  = "DF"
  p      = local.bb_df
}

topology "bb_dln" {
  family  = "ring_random"
  label   = "DLN"
  routers = local.bb_dln
  degree  = 8
  p       = 4
}

topology "bb_sf" {
  family = "slimfly"
  label  = "SF"
  q      = local.bb_sf
}

study "fig5c" {
  title       = "Bisection bandwidth vs network size (SC14 Fig. 5c)"
  description = "Long Hop (LH-HC) is missing: the family is sizing-only (the paper gives no construction we could build), so there is no graph to bisect."
  topologies  = [topology.bb_t3d, topology.bb_t5d, topology.bb_hc, topology.bb_ft3, topology.bb_fbf3, topology.bb_df, topology.bb_dln, topology.bb_sf]
  metrics     = ["endpoints", "routers", "bisection_links", "bisection_bandwidth"]
  analysis {
    link_gbps = 10
  }
}

figure "fig5c" {
  study   = study.fig5c
  title   = "Bisection bandwidth at 10 Gb/s per link (SC14 Fig. 5c)"
  x       = "endpoints"
  y       = "bisection_bandwidth"
  series  = ["label"]
  x_label = "Network size [endpoints]"
  y_label = "Bisection bandwidth [Gb/s]"
  x_min   = 0
  y_min   = 0
}

table "fig5c" {
  study   = study.fig5c
  title   = "Bisection bandwidth (10 Gb/s per link)"
  columns = ["label", "endpoints", "routers", "bisection_links", "bisection_bandwidth"]
  sort_by = ["label", "endpoints"]

  expect "hc_1024" {
    where           = { topology = "bb_hc", n = 10 }
    source          = "SC14 section III-C: HC bisection N/2 links"
    bisection_links = 512
  }
  expect "ft3_1728" {
    where           = { topology = "bb_ft3", p = 12 }
    source          = "SC14 section III-C: FT-3 bisection N/2 links (k-ary 3-tree, p = 12: N = 1,728)"
    bisection_links = 864
  }
  expect "t3d_1000" {
    where           = { topology = "bb_t3d", k = 10 }
    source          = "SC14 section III-C: torus bisection 2N/k links (k = 10: 200)"
    bisection_links = 200
  }
  expect "t5d_1024" {
    where           = { topology = "bb_t5d", k = 4 }
    source          = "SC14 section III-C: torus bisection 2N/k links (4^5: 512)"
    bisection_links = 512
  }
}

# ---------------------------------------------------------------------------
# Table IV and Fig. 11c/d: cost and power. The cost model is SC14 section VI
# (package cost, preset "sc14"): cables priced per Gb/s vs length at 40 Gb/s,
# routers 350.4k - 892.3 $, 2.8 W per port, racks on a near-square floor.

cost_model "sc14" {
  preset      = "sc14"
  description = "SC14 section VI: Mellanox FDR10 cable and router price fits, 4 SerDes lanes of 0.7 W per port"
}

# Fig. 11a and 11b: the cable and router price models (SC14 section VI-B1,
# VI-B2), drawn from the formulas of the sc14 preset.
study "fig11a" {
  title = "Cable cost model (SC14 Fig. 11a)"
  rows = concat(
    [for x in range(0, 31) : { length = x, cable = "electric", cost = 0.4079 * x + 0.5771 }],
    [for x in range(0, 31) : { length = x, cable = "optical", cost = 0.0919 * x + 7.2745 }],
  )
}

figure "fig11a" {
  study   = study.fig11a
  title   = "Cable cost model (SC14 Fig. 11a)"
  x       = "length"
  y       = "cost"
  series  = ["cable"]
  x_label = "Length [m]"
  y_label = "Cost [$ per Gb/s]"
  x_min   = 0
  y_min   = 0
}

study "fig11b" {
  title = "Router cost model (SC14 Fig. 11b)"
  rows  = [for k in range(8, 109, 4) : { radix = k, router = "Mellanox IB FDR10 fit", cost = 350.4 * k - 892.3 }]
}

figure "fig11b" {
  study   = study.fig11b
  title   = "Router cost model (SC14 Fig. 11b)"
  x       = "radix"
  y       = "cost"
  series  = ["router"]
  x_label = "Radix [k]"
  y_label = "Cost [$]"
  x_min   = 0
  y_min   = 0
}

topology "t4_t3d" {
  family = "torus"
  label  = "T3D"
  k      = 22
  n      = 3
}

topology "t4_t5d" {
  family = "torus"
  label  = "T5D"
  dims   = [6, 6, 6, 6, 8]
}

topology "t4_hc" {
  family = "hypercube"
  label  = "HC"
  n      = 13
}

topology "t4_lh" {
  family = "long_hop"
  label  = "LH-HC"
  n      = 13
}

topology "t4_ft3_43" {
  family = "fattree_sc14"
  label  = "FT-3"
  k      = 43
}

topology "t4_dln_43" {
  family  = "ring_random"
  label   = "DLN"
  routers = 4020
  degree  = 33
  p       = 10
}

topology "t4_fbf3_12" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = 12
}

topology "t4_df_43" {
  family = "dragonfly"
  label  = "DF"
  p      = 11
}

topology "t4_ft3_35" {
  family = "fattree_sc14"
  label  = "FT-3"
  k      = 35
}

topology "t4_dln_28" {
  family  = "ring_random"
  label   = "DLN"
  routers = 1386
  degree  = 21
  p       = 7
}

topology "t4_fbf3_10" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = 10
}

topology "t4_df_27" {
  family = "dragonfly"
  label  = "DF"
  p      = 7
}

topology "t4_sf" {
  family = "slimfly"
  label  = "SF"
  q      = 19
}

study "table4" {
  title       = "Cost and power of the ~10,000-endpoint networks (SC14 Table IV)"
  description = "The Dragonfly with 990 routers and radix 43 (a = 22, h = 11, g = 45) is missing: g - 1 = 44 does not divide a*h = 242, so its global links cannot be spread evenly (the dragonfly family refuses it)."
  topologies  = [topology.t4_t3d, topology.t4_t5d, topology.t4_hc, topology.t4_lh, topology.t4_ft3_43, topology.t4_dln_43, topology.t4_fbf3_12, topology.t4_df_43, topology.t4_ft3_35, topology.t4_dln_28, topology.t4_fbf3_10, topology.t4_df_27, topology.t4_sf]
  metrics     = ["endpoints", "routers", "radix", "electric_cables", "fiber_cables", "fiber_length", "cost_per_endpoint", "power_per_endpoint", "racks"]
  cost_model  = cost_model.sc14
}

table "table4" {
  study   = study.table4
  title   = "Cost and power per endpoint (SC14 Table IV)"
  columns = ["label", "endpoints", "routers", "radix", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  formats = { cost_per_endpoint = "%.0f", power_per_endpoint = "%.2f" }

  # Endpoints, routers and radix follow from the parameters we chose to
  # match the paper: configuration checks. Power is 2.8 W per port (4 lanes
  # of 0.7 W) times the ports, over the endpoints: arithmetic of the same
  # inputs, a check to the printed decimals. Cable counts are structural
  # counts under the paper's rule (electric inside a rack, fibre between
  # racks): reproductions, exact, except two counts printed to hundreds.
  # Costs are reproductions within the layout allowance (why_layout), except
  # where the note explains that the paper's cost cannot come from the
  # network it describes: DLN (an electric/fibre split random cables cannot
  # have), HC and LH-HC (priced with 8,192 fewer cables than the hypercube
  # has), DF(27) and SF (below the model's minimum for the paper's own cable
  # counts). Those compare to the printed dollar and miss. LH-HC and the
  # odd-k FT-3 are sizing-only families (cables from formulas): their rows
  # check our arithmetic.
  expect "t4_t3d" {
    source    = "SC14 Table IV, T3D (22^3; all links electric: folded torus)"
    endpoints = { value = 10648, kind = "check" }
    routers   = { value = 10648, kind = "check" }
    radix     = { value = 7, kind = "check" }
    electric_cables = { value = 31900, abs = 50, why = "printed to hundreds (31,900, where the other counts are exact)",
    note = "a 3-D torus has 3N = 31,944 links" }
    fiber_cables       = 0
    cost_per_endpoint  = { value = 1682, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 19.6, decimals = 1, kind = "check" }
  }
  expect "t4_t5d" {
    source          = "SC14 Table IV, T5D (6 x 6 x 6 x 6 x 8 = 10,368)"
    endpoints       = { value = 10368, kind = "check" }
    routers         = { value = 10368, kind = "check" }
    radix           = { value = 11, kind = "check" }
    electric_cables = { value = 50688, note = "5N = 51,840 links; the paper prints 50,688 = 5N - N/9" }
    fiber_cables    = 0
    # The paper's count is 2% short of the links: within the allowance.
    cost_per_endpoint  = { value = 3176, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 30.8, decimals = 1, kind = "check" }
  }
  expect "t4_hc" {
    source          = "SC14 Table IV, HC (n = 13, racks of 256 routers)"
    endpoints       = { value = 8192, kind = "check" }
    routers         = { value = 8192, kind = "check" }
    radix           = { value = 14, kind = "check" }
    electric_cables = 32768
    fiber_cables    = { value = 12288, note = "13 x 4,096 = 53,248 links; 32,768 are inside racks of 256 (8 of the 13 dimensions), so 20,480 cross racks; the paper's two counts sum to 45,056, N = 8,192 short of the hypercube's links" }
    cost_per_endpoint = { value = 4631, abs = 0.5, why = local.why_cost,
    note = "priced with the paper's cable counts, 8,192 fewer than the hypercube has" }
    power_per_endpoint = { value = 39.2, decimals = 1, kind = "check" }
  }
  expect "t4_lh" {
    source             = "SC14 Table IV, LH-HC (n = 13, L = 5; sizing-only: cables from the formulas)"
    kind               = "check"
    note               = "long_hop is sizing-only: every value is our formula's; the fibre count has the same shortfall as HC (20,480 vs 12,288), and the cost was priced with it"
    endpoints          = 8192
    routers            = 8192
    radix              = 19
    electric_cables    = 53248
    fiber_cables       = 12288
    cost_per_endpoint  = { value = 6481, abs = 0.5, why = local.why_cost }
    power_per_endpoint = { value = 53.2, decimals = 1 }
  }
  expect "t4_ft3_43" {
    source             = "SC14 Table IV, FT-3 (k = 43, p = k/2 = 21.5: section VI-B3c formulas)"
    kind               = "check"
    note               = "fattree_sc14 with odd k is sizing-only: 2p^3 endpoint cables electric (shorter than 20 m), 4p^3 router cables optical; the paper moves one pod (p^2 = 462) of endpoint cables to fibre without saying why"
    endpoints          = 19876
    routers            = 2311
    radix              = 43
    electric_cables    = 19414
    fiber_cables       = 40215
    cost_per_endpoint  = { value = 2346, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 14.0, decimals = 1 }
  }
  expect "t4_dln_43" {
    source          = "SC14 Table IV, DLN (4,020 routers of radix 43, 10 endpoints each)"
    endpoints       = { value = 40200, kind = "check" }
    routers         = { value = 4020, kind = "check" }
    radix           = { value = 43, kind = "check" }
    electric_cables = { value = 32488, note = "random cables between racks of (k+1)/2 = 22 routers are almost all inter-rack: 4,105 electric and 62,225 optical of 66,330 links; the paper's 49% electric cannot come from random cables" }
    fiber_cables    = { value = 33842, note = "see electric_cables" }
    cost_per_endpoint = { value = 1743, abs = 0.5, why = local.why_cost,
    note = "priced with the paper's electric/fibre split, which random cables cannot have" }
    power_per_endpoint = { value = 12.04, decimals = 2, kind = "check" }
  }
  expect "t4_fbf3_12" {
    source            = "SC14 Table IV, FBF-3 (k = 12 routers per dimension, p = 12)"
    endpoints         = { value = 20736, kind = "check" }
    routers           = { value = 1728, kind = "check" }
    radix             = { value = 43, kind = "check", note = "the paper prints radix 43; p + 3(k-1) = 45 ports are used" }
    electric_cables   = 9504
    fiber_cables      = { value = 20736, note = "p^3 (p - 1) = 19,008 inter-rack links; the paper counts p^4 = 20,736" }
    cost_per_endpoint = { value = 1570, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 10.8, decimals = 1, kind = "check",
    note = "10.8 W fits neither radix 43 (10.03 W) nor 45 (10.5 W)" }
  }
  expect "t4_df_43" {
    source             = "SC14 Table IV, DF (balanced, p = 11: a = 22, h = 11, g = 243)"
    endpoints          = { value = 58806, kind = "check" }
    routers            = { value = 5346, kind = "check" }
    radix              = { value = 43, kind = "check" }
    electric_cables    = 56133
    fiber_cables       = { value = 29524, note = "g(g-1)/2 = 29,403 global links; the paper prints 29,524 = (g^2 - 1)/2 + 121" }
    cost_per_endpoint  = { value = 1438, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 10.9, decimals = 1, kind = "check" }
  }
  expect "t4_ft3_35" {
    source             = "SC14 Table IV, FT-3 (k = 35, p = 17.5)"
    kind               = "check"
    note               = "fattree_sc14 with odd k is sizing-only; the paper's split (7,350 electric, 24,806 fibre) follows no stated rule, ours: the 2p^3 endpoint cables electric, the 4p^3 router cables fibre (the totals agree: 32,156 and 32,155)"
    endpoints          = 10718
    routers            = 1531
    radix              = 35
    electric_cables    = 7350
    fiber_cables       = 24806
    cost_per_endpoint  = { value = 2315, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 14.0, decimals = 1 }
  }
  expect "t4_dln_28" {
    source          = "SC14 Table IV, DLN (1,386 routers of radix 28, 7 endpoints each)"
    endpoints       = { value = 9702, kind = "check" }
    routers         = { value = 1386, kind = "check" }
    radix           = { value = 28, kind = "check" }
    electric_cables = { value = 6837, note = "as for the larger DLN: random cables are almost all inter-rack" }
    fiber_cables    = { value = 7716, note = "see electric_cables" }
    cost_per_endpoint = { value = 1566, abs = 0.5, why = local.why_cost,
    note = "priced with the paper's electric/fibre split, which random cables cannot have" }
    power_per_endpoint = { value = 11.2, decimals = 1, kind = "check" }
  }
  expect "t4_fbf3_10" {
    source             = "SC14 Table IV, FBF-3 (k = 10, p = 10)"
    endpoints          = { value = 10000, kind = "check" }
    routers            = { value = 1000, kind = "check" }
    radix              = { value = 33, kind = "check", note = "the paper prints radix 33; p + 3(k-1) = 37 ports are used" }
    electric_cables    = 4500
    fiber_cables       = { value = 10000, note = "p^3 (p - 1) = 9,000 inter-rack links; the paper counts p^4 = 10,000" }
    cost_per_endpoint  = { value = 1535, rel = 0.1, why = local.why_layout }
    power_per_endpoint = { value = 10.8, decimals = 1, kind = "check", note = "10.8 W fits neither radix 33 nor the 37 ports used (10.36 W)" }
  }
  expect "t4_df_27" {
    source          = "SC14 Table IV, DF (balanced, p = 7: a = 14, h = 7, g = 99)"
    endpoints       = { value = 9702, kind = "check" }
    routers         = { value = 1386, kind = "check" }
    radix           = { value = 27, kind = "check" }
    electric_cables = 9009
    fiber_cables    = { value = 4900, abs = 50, why = "printed to hundreds (4,900, where the other counts are exact)", note = "g(g-1)/2 = 4,851 global links" }
    cost_per_endpoint = { value = 1342, abs = 0.5, why = local.why_cost,
    note = "the paper's own cable counts at 2 m of fibre already cost $1,411 per node: the printed $1,342 is below its model's minimum" }
    power_per_endpoint = { value = 10.8, decimals = 1, kind = "check" }
  }
  expect "t4_sf" {
    source          = "SC14 Table IV, SF (q = 19, p = 15; racks of 2q routers, section VI-A)"
    endpoints       = { value = 10830, kind = "check" }
    routers         = { value = 722, kind = "check" }
    radix           = { value = 43, kind = "check", note = "the table prints k = 43; section VI-A gives k = k' + p = 29 + 15 = 44, which the network uses and we price" }
    electric_cables = { value = 6669, note = "10,469 links: 3,971 inside the 19 racks, 6,498 between them (2q = 38 per pair of racks); the paper's 6,669 + 6,869 = 13,538 cables exceed the network's links" }
    fiber_cables    = { value = 6869, note = "see electric_cables" }
    cost_per_endpoint = { value = 1033, abs = 0.5, why = local.why_cost,
    note = "the paper's own cable counts at 2 m of fibre cost $1,158 per node: $1,033 is below its model's minimum" }
    power_per_endpoint = { value = 8.02, decimals = 2, kind = "check",
    note = "8.02 W is radix 43; the network's 44 ports give 8.21 W" }
  }
}

# SC14 section VI-B4: "In all cases, SF is 25% more cost-effective than DF,
# and almost 30%, 40%, and 50% less expensive than FBF-3, DLN, and FT-3";
# section VI-C: "SF is over 25% more energy-efficient than DF, FBF-3, and
# DLN". The ratio columns are SF's value over each network's (Table IV's
# networks: both DF, FBF-3, DLN and FT-3 variants).
locals {
  note_claims = "our SF costs $1,168 per endpoint where the paper prints $1,033, below its own model's minimum for its cable counts (Table IV note); with $1,033 every cost ratio here would be 12% lower"
}

table "table4_claims" {
  study    = study.table4
  title    = "Slim Fly's cost and power relative to the high-radix networks (SC14 sections VI-B4 and VI-C)"
  where    = { label = ["DF", "FBF-3", "DLN", "FT-3"] }
  ratio_to = { topology = "t4_sf" }
  ratios   = ["cost_per_endpoint", "power_per_endpoint"]
  columns  = ["label", "endpoints", "radix", "cost_per_endpoint", "cost_per_endpoint_ratio", "power_per_endpoint", "power_per_endpoint_ratio"]
  formats  = { cost_per_endpoint = "%.0f", cost_per_endpoint_ratio = "%.2f", power_per_endpoint = "%.2f", power_per_endpoint_ratio = "%.2f" }

  expect "df" {
    where                   = { label = "DF" }
    every                   = true
    source                  = "SC14 section VI-B4: SF is 25% more cost-effective than DF (in all cases)"
    note                    = local.note_claims
    cost_per_endpoint_ratio = { value = 0.75, abs = 0.05, why = local.why_claim }
  }
  expect "fbf3" {
    where                   = { label = "FBF-3" }
    every                   = true
    source                  = "SC14 section VI-B4: SF is almost 30% less expensive than FBF-3"
    note                    = local.note_claims
    cost_per_endpoint_ratio = { value = 0.70, abs = 0.05, why = local.why_claim }
  }
  expect "dln" {
    where                   = { label = "DLN" }
    every                   = true
    source                  = "SC14 section VI-B4: SF is almost 40% less expensive than DLN"
    note                    = local.note_claims
    cost_per_endpoint_ratio = { value = 0.60, abs = 0.05, why = local.why_claim }
  }
  expect "ft3" {
    where                   = { label = "FT-3" }
    every                   = true
    source                  = "SC14 section VI-B4: SF is almost 50% less expensive than FT-3"
    note                    = local.note_claims
    cost_per_endpoint_ratio = { value = 0.50, abs = 0.05, why = local.why_claim }
  }
  expect "power" {
    where                    = { label = ["DF", "FBF-3", "DLN"] }
    every                    = true
    source                   = "SC14 section VI-C: SF is over 25% more energy-efficient than DF, FBF-3 and DLN"
    note                     = "our SF has 44 ports per router (k' + p = 29 + 15), 8.21 W per endpoint where the table prints 8.02 W for radix 43"
    power_per_endpoint_ratio = { value = 0.70, abs = 0.05, why = "\"over 25%\" bounds the ratio by 0.75 and gives no lower figure: the next 5-point step, 0.65-0.75" }
  }
}

# Fig. 11c/d: total cost and power vs network size.

topology "c_t3d" {
  family = "torus"
  label  = "T3D"
  n      = 3
  k      = local.c_t3d
}

topology "c_t5d" {
  family = "torus"
  label  = "T5D"
  n      = 5
  k      = local.c_t5d
}

topology "c_hc" {
  family = "hypercube"
  label  = "HC"
  n      = local.c_hc
}

topology "c_lh" {
  family = "long_hop"
  label  = "LH-HC"
  n      = local.c_lh
}

topology "c_ft3" {
  family = "fattree_sc14"
  label  = "FT-3"
  k      = local.c_ft
}

topology "c_fbf3" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = local.c_fbf
}

topology "c_df" {
  family = "dragonfly"
  label  = "DF"
  p      = local.c_df
}

topology "c_sf" {
  family = "slimfly"
  label  = "SF"
  q      = local.c_sf
}

topology "c_dln_2" {
  family  = "ring_random"
  label   = "DLN"
  routers = 36
  degree  = 5
  p       = 2
}

topology "c_dln_3" {
  family  = "ring_random"
  label   = "DLN"
  routers = 114
  degree  = 8
  p       = 3
}

topology "c_dln_4" {
  family  = "ring_random"
  label   = "DLN"
  routers = 264
  degree  = 11
  p       = 4
}

topology "c_dln_5" {
  family  = "ring_random"
  label   = "DLN"
  routers = 510
  degree  = 14
  p       = 5
}

topology "c_dln_6" {
  family  = "ring_random"
  label   = "DLN"
  routers = 876
  degree  = 17
  p       = 6
}

topology "c_dln_7" {
  family  = "ring_random"
  label   = "DLN"
  routers = 1386
  degree  = 20
  p       = 7
}

topology "c_dln_8" {
  family  = "ring_random"
  label   = "DLN"
  routers = 2064
  degree  = 23
  p       = 8
}

topology "c_dln_9" {
  family  = "ring_random"
  label   = "DLN"
  routers = 2934
  degree  = 26
  p       = 9
}

study "fig11" {
  title = "Total cost and power vs network size (SC14 Fig. 11c and 11d)"
  topologies = concat([topology.c_t3d, topology.c_t5d, topology.c_hc, topology.c_lh, topology.c_ft3, topology.c_fbf3, topology.c_df, topology.c_sf],
  slice([topology.c_dln_2, topology.c_dln_3, topology.c_dln_4, topology.c_dln_5, topology.c_dln_6, topology.c_dln_7, topology.c_dln_8, topology.c_dln_9], 0, length(local.c_dln)))
  metrics    = ["endpoints", "routers", "radix", "cost_total", "power_total", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.sc14
}

figure "fig11c" {
  study   = study.fig11
  title   = "Total cost of the network (SC14 Fig. 11c)"
  x       = "endpoints"
  y       = "cost_total"
  series  = ["label"]
  x_label = "Network size [endpoints]"
  y_label = "Total cost [$]"
  x_min   = 0
  y_min   = 0
}

figure "fig11d" {
  study   = study.fig11
  title   = "Total power consumed by the network (SC14 Fig. 11d)"
  x       = "endpoints"
  y       = "power_total"
  series  = ["label"]
  x_label = "Network size [endpoints]"
  y_label = "Total power [W]"
  x_min   = 0
  y_min   = 0
}

# ---------------------------------------------------------------------------
# Table III and section III-D: resiliency under random link failures in 5%
# steps, sampled until the 95% confidence interval is narrower than 2
# percentage points. Table III gives, per N, the largest fraction of cables
# that can fail before the network disconnects; we report the mean over
# samples rounded down to a 5% step (resilience_disconnect_step). Columns of
# the paper: T3D, T5D, HC, LH-HC, FT-3, DF, FBF-3, DLN, SF. LH-HC is sizing-only
# here (no construction), so its column is missing. Network sizes: the
# instance of each family closest to N that the paper's balanced variants
# allow; DLN uses the router count, degree and concentration of the Slim Fly
# of the same N.

topology "r_t3d" {
  family = "torus"
  label  = "T3D"
  n      = 3
  k      = [for k in [8, 10, 13, 16, 20] : k if pow(k, 3) <= max(local.r_n...) * 1.1]
}

topology "r_t5d" {
  family = "torus"
  label  = "T5D"
  dims   = local.paper ? [[4, 4, 4, 4, 4], [4, 4, 8, 8, 8]] : [[4, 4, 4, 4, 4]]
}

topology "r_hc" {
  family = "hypercube"
  label  = "HC"
  n      = [for n in [9, 10, 11, 12, 13] : n if pow(2, n) <= max(local.r_n...)]
}

topology "r_ft3" {
  family = "fattree"
  label  = "FT-3"
  p      = [for p in [8, 10, 13, 16, 20] : p if pow(p, 3) <= max(local.r_n...) * 1.1]
}

topology "r_df" {
  family = "dragonfly"
  label  = "DF"
  p      = local.paper ? [4, 5, 6, 7] : [4]
}

topology "r_fbf3" {
  family = "flattened_butterfly"
  label  = "FBF-3"
  n      = 3
  k      = local.paper ? [5, 6, 7, 8] : [5, 6]
}

topology "r_dln_512" {
  family  = "ring_random"
  label   = "DLN"
  routers = 98
  degree  = 11
  p       = 6
}

topology "r_dln_2048" {
  family  = "ring_random"
  label   = "DLN"
  routers = 242
  degree  = 17
  p       = 9
}

topology "r_dln_4096" {
  family  = "ring_random"
  label   = "DLN"
  routers = 338
  degree  = 19
  p       = 10
}

topology "r_dln_8192" {
  family  = "ring_random"
  label   = "DLN"
  routers = 578
  degree  = 25
  p       = 13
}

topology "r_sf" {
  family = "slimfly"
  label  = "SF"
  q      = local.paper ? [7, 11, 13, 17] : [7]
}

study "table3" {
  title      = "Disconnection resiliency (SC14 Table III)"
  topologies = local.paper ? [topology.r_t3d, topology.r_t5d, topology.r_hc, topology.r_ft3, topology.r_df, topology.r_fbf3, topology.r_dln_512, topology.r_dln_2048, topology.r_dln_4096, topology.r_dln_8192, topology.r_sf] : [topology.r_t3d, topology.r_t5d, topology.r_hc, topology.r_ft3, topology.r_df, topology.r_fbf3, topology.r_dln_512, topology.r_sf]
  metrics    = ["endpoints", "routers", "links", "resilience_disconnect", "resilience_disconnect_step", "resilience_halfwidth", "resilience_samples"]
  analysis {
    resilience_step        = 0.05
    resilience_width       = local.paper ? 0.02 : 0.1
    resilience_max_samples = local.paper ? 1000 : 40
  }
}

table "table3" {
  study   = study.table3
  title   = "Disconnection resiliency: largest fraction of failed cables (SC14 Table III)"
  columns = ["label", "endpoints", "routers", "links", "resilience_disconnect", "resilience_disconnect_step", "resilience_halfwidth", "resilience_samples"]
  formats = { resilience_disconnect = "%.3f", resilience_disconnect_step = "%.2f", resilience_halfwidth = "%.3f" }

  # Within one 5% step of the paper (local.why_step).
  expect "t3d_512" {
    where                      = { topology = "r_t3d", k = 8 }
    source                     = "SC14 Table III: T3D, N = 512: 30%"
    resilience_disconnect_step = { value = 0.30, abs = 0.051, why = local.why_step }
  }
  expect "t3d_1024" {
    where                      = { topology = "r_t3d", k = 10 }
    source                     = "SC14 Table III: T3D, N = 1024: 25%"
    resilience_disconnect_step = { value = 0.25, abs = 0.051, why = local.why_step }
  }
  expect "t3d_2048" {
    where                      = { topology = "r_t3d", k = 13 }
    source                     = "SC14 Table III: T3D, N = 2048: 20%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.20, abs = 0.051, why = local.why_step }
  }
  expect "t3d_4096" {
    where                      = { topology = "r_t3d", k = 16 }
    source                     = "SC14 Table III: T3D, N = 4096: 15%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.15, abs = 0.051, why = local.why_step }
  }
  expect "t3d_8192" {
    where                      = { topology = "r_t3d", k = 20 }
    source                     = "SC14 Table III: T3D, N = 8192: 10%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.10, abs = 0.051, why = local.why_step }
  }
  expect "hc_512" {
    where                      = { topology = "r_hc", n = 9 }
    source                     = "SC14 Table III: HC, N = 512: 40%"
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step }
  }
  expect "hc_1024" {
    where                      = { topology = "r_hc", n = 10 }
    source                     = "SC14 Table III: HC, N = 1024: 40%"
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step }
  }
  expect "hc_2048" {
    where                      = { topology = "r_hc", n = 11 }
    source                     = "SC14 Table III: HC, N = 2048: 40%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step }
  }
  expect "hc_4096" {
    where                      = { topology = "r_hc", n = 12 }
    source                     = "SC14 Table III: HC, N = 4096: 45%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.45, abs = 0.051, why = local.why_step }
  }
  expect "hc_8192" {
    where                      = { topology = "r_hc", n = 13 }
    source                     = "SC14 Table III: HC, N = 8192: 45%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.45, abs = 0.051, why = local.why_step }
  }
  expect "ft3_512" {
    where                      = { topology = "r_ft3", p = 8 }
    source                     = "SC14 Table III: FT-3, N = 512: 35%"
    resilience_disconnect_step = { value = 0.35, abs = 0.051, why = local.why_step, note = local.note_ft3 }
  }
  expect "ft3_1024" {
    where                      = { topology = "r_ft3", p = 10 }
    source                     = "SC14 Table III: FT-3, N = 1024: 40%"
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step, note = local.note_ft3 }
  }
  expect "ft3_2048" {
    where                      = { topology = "r_ft3", p = 13 }
    source                     = "SC14 Table III: FT-3, N = 2048: 40%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step, note = local.note_ft3 }
  }
  expect "ft3_4096" {
    where                      = { topology = "r_ft3", p = 16 }
    source                     = "SC14 Table III: FT-3, N = 4096: 55%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.55, abs = 0.051, why = local.why_step, note = local.note_ft3 }
  }
  expect "ft3_8192" {
    where                      = { topology = "r_ft3", p = 20 }
    source                     = "SC14 Table III: FT-3, N = 8192: 60%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.60, abs = 0.051, why = local.why_step, note = local.note_ft3 }
  }
  expect "df_1024" {
    where                      = { topology = "r_df", p = 4 }
    source                     = "SC14 Table III: DF, N = 1024: 50%"
    resilience_disconnect_step = { value = 0.50, abs = 0.051, why = local.why_step }
  }
  expect "df_2048" {
    where                      = { topology = "r_df", p = 5 }
    source                     = "SC14 Table III: DF, N = 2048: 55%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.55, abs = 0.051, why = local.why_step }
  }
  expect "df_4096" {
    where                      = { topology = "r_df", p = 6 }
    source                     = "SC14 Table III: DF, N = 4096: 60%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "df_8192" {
    where                      = { topology = "r_df", p = 7 }
    source                     = "SC14 Table III: DF, N = 8192: 65%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.65, abs = 0.051, why = local.why_step }
  }
  expect "fbf3_512" {
    where                      = { topology = "r_fbf3", k = 5 }
    source                     = "SC14 Table III: FBF-3, N = 512: 55%"
    resilience_disconnect_step = { value = 0.55, abs = 0.051, why = local.why_step }
  }
  expect "fbf3_1024" {
    where                      = { topology = "r_fbf3", k = 6 }
    source                     = "SC14 Table III: FBF-3, N = 1024: 60%"
    resilience_disconnect_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "fbf3_2048" {
    where                      = { topology = "r_fbf3", k = 7 }
    source                     = "SC14 Table III: FBF-3, N = 2048: 65%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.65, abs = 0.051, why = local.why_step }
  }
  expect "fbf3_4096" {
    where                      = { topology = "r_fbf3", k = 8 }
    source                     = "SC14 Table III: FBF-3, N = 4096: 70%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.70, abs = 0.051, why = local.why_step }
  }
  expect "sf_512" {
    where                      = { topology = "r_sf", q = 7 }
    source                     = "SC14 Table III: SF, N = 512: 60%"
    resilience_disconnect_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "sf_2048" {
    where                      = { topology = "r_sf", q = 11 }
    source                     = "SC14 Table III: SF, N = 2048: 65%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.65, abs = 0.051, why = local.why_step }
  }
  expect "sf_4096" {
    where                      = { topology = "r_sf", q = 13 }
    source                     = "SC14 Table III: SF, N = 4096: 70%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.70, abs = 0.051, why = local.why_step }
  }
  expect "sf_8192" {
    where                      = { topology = "r_sf", q = 17 }
    source                     = "SC14 Table III: SF, N = 8192: 75%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.75, abs = 0.051, why = local.why_step }
  }
  expect "t5d_1024" {
    where                      = { topology = "r_t5d", n = 5, k = 4 }
    source                     = "SC14 Table III: T5D, N = 1024: 40%"
    resilience_disconnect_step = { value = 0.40, abs = 0.051, why = local.why_step }
  }
  expect "t5d_8192" {
    where                      = { topology = "r_t5d", dims = "[4,4,8,8,8]" }
    source                     = "SC14 Table III: T5D, N = 8192 (4 x 4 x 8 x 8 x 8): 35%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.35, abs = 0.051, why = local.why_step }
  }
  expect "dln_512" {
    where                      = { topology = "r_dln_512" }
    source                     = "SC14 Table III: DLN, N = 512: 60%"
    resilience_disconnect_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "dln_2048" {
    where                      = { topology = "r_dln_2048" }
    source                     = "SC14 Table III: DLN, N = 2048: 65%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.65, abs = 0.051, why = local.why_step }
  }
  expect "dln_4096" {
    where                      = { topology = "r_dln_4096" }
    source                     = "SC14 Table III: DLN, N = 4096: 70%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.70, abs = 0.051, why = local.why_step }
  }
  expect "dln_8192" {
    where                      = { topology = "r_dln_8192" }
    source                     = "SC14 Table III: DLN, N = 8192: 75%"
    enabled                    = local.paper
    resilience_disconnect_step = { value = 0.75, abs = 0.051, why = local.why_step }
  }
}

# Section III-D2 and III-D3 at N = 2^13: the largest fraction of failed
# cables with the diameter at most 2 above, and the average distance at
# most 1 above, the intact network's (the network staying connected).

study "resiliency_n8k" {
  title      = "Diameter and average-distance resiliency at N = 2^13 (SC14 section III-D)"
  topologies = local.paper ? [topology.r_sf, topology.r_dln_8192, topology.r_df, topology.r_t3d] : [topology.r_sf, topology.r_dln_512, topology.r_df]
  metrics    = ["endpoints", "routers", "resilience_diameter", "resilience_diameter_step", "resilience_avg_distance", "resilience_avg_distance_step", "resilience_samples"]
  analysis {
    resilience_step        = 0.05
    resilience_width       = local.paper ? 0.02 : 0.1
    resilience_max_samples = local.paper ? 1000 : 40
  }
}

table "resiliency_n8k" {
  study   = study.resiliency_n8k
  title   = "Diameter (+2) and average distance (+1) resiliency (SC14 section III-D)"
  columns = ["label", "endpoints", "routers", "resilience_diameter", "resilience_diameter_step", "resilience_avg_distance", "resilience_avg_distance_step", "resilience_samples"]
  formats = { resilience_diameter = "%.3f", resilience_diameter_step = "%.2f", resilience_avg_distance = "%.3f", resilience_avg_distance_step = "%.2f" }

  expect "sf_diameter" {
    where   = { topology = "r_sf", q = 17 }
    source  = "SC14 section III-D2: for N = 2^13, SF withstands up to 40% link failures before the diameter grows beyond four"
    enabled = local.paper
    resilience_diameter_step = { value = 0.40, abs = 0.051, why = local.why_step,
    note = "ours keeps the diameter within 4 up to 50%; the paper does not say which Slim Fly of about 2^13 endpoints it sampled (q = 17 here)" }
  }
  expect "dln_diameter" {
    where                    = { topology = "r_dln_8192" }
    source                   = "SC14 section III-D2: DLN tolerates up to 60% link failures (diameter + 2)"
    enabled                  = local.paper
    resilience_diameter_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "df_diameter" {
    where                    = { topology = "r_df", p = 7 }
    source                   = "SC14 section III-D2: DF withstands 25% link failures (diameter + 2)"
    enabled                  = local.paper
    resilience_diameter_step = { value = 0.25, abs = 0.051, why = local.why_step }
  }
  expect "t3d_avg" {
    where   = { topology = "r_t3d", k = 20 }
    source  = "SC14 section III-D3: tori survive up to 55% link failures (average distance + 1)"
    enabled = local.paper
    resilience_avg_distance_step = { value = 0.55, abs = 0.051, why = local.why_step,
    note = "55% exceeds the fraction at which a torus disconnects (Table III: 10-30%), so the paper cannot have required connectivity; we do, and a disconnected torus has no average distance" }
  }
  expect "dln_avg" {
    where                        = { topology = "r_dln_8192" }
    source                       = "SC14 section III-D3: DLN sustains up to 60% link failures for N = 2^13 (average distance + 1)"
    enabled                      = local.paper
    resilience_avg_distance_step = { value = 0.60, abs = 0.051, why = local.why_step }
  }
  expect "df_avg" {
    where                        = { topology = "r_df", p = 7 }
    source                       = "SC14 section III-D3: DF withstands up to 45% of link crashes (average distance + 1)"
    enabled                      = local.paper
    resilience_avg_distance_step = { value = 0.45, abs = 0.051, why = local.why_step }
  }
  expect "sf_avg" {
    where                        = { topology = "r_sf", q = 17 }
    source                       = "SC14 section III-D3: SF tolerates up to 55% link failures (average distance + 1)"
    enabled                      = local.paper
    resilience_avg_distance_step = { value = 0.55, abs = 0.051, why = local.why_step }
  }
}

# ---------------------------------------------------------------------------
# Section V: simulations. SF q = 19 (p = 15, 10,830 endpoints), the balanced
# Dragonfly p = 7 (9,702) and FT-3 with p = 22 (10,648), as in the paper
# (quick: q = 5, DF p = 2, FT-3 p = 4). Bernoulli injection of single-flit
# packets, 64 flit entries per input port, credit delay 2, other delays 1,
# internal speedup 2 (package netsim defaults). Virtual channels: the paper
# uses three for every simulation (OFED DFSSSP needed three); our routings
# use hop-indexed VCs, whose number each routing derives and a channel
# dependency test checks: 2 for MIN and 4 for VAL and UGAL on Slim Fly.
# Shift traffic (section V-B) is read as the paper evidently means it: each
# endpoint s of the N = 8,192 active ones sends to (s + N/2) mod N. The
# paper's formula, "d = (s mod N/2) + N/2 or d = s mod N/2 with probability
# 1/2 each", read literally addresses half of the packets to their own
# source; that reading is the pattern "shift_literal" (package traffic).
# Latency is in cycles; points past saturation are left out of the figures.
# A load sweep stops one point after the first saturated point (the points
# after it are not simulated: simulated = false, saturated = true).

topology "s_sf" {
  family = "slimfly"
  label  = "SF"
  q      = local.paper ? 19 : 5
}

topology "s_df" {
  family = "dragonfly"
  label  = "DF"
  p      = local.paper ? 7 : 2
}

topology "s_ft" {
  family = "fattree"
  label  = "FT-3"
  p      = local.paper ? 22 : 4
}

study "fig6_sf" {
  title      = "Slim Fly: MIN, VAL, UGAL-L, UGAL-G (SC14 Fig. 6)"
  enabled    = local.sim_on
  topologies = [topology.s_sf]
  metrics    = ["endpoints", "offered_load", "accepted_load", "latency", "sim_hops", "saturated"]
  sim {
    routing        = ["min", "val", "ugal-l", "ugal-g"]
    traffic        = local.sim_traffic
    load           = local.sim_loads
    warmup_min     = local.sim_warmup
    measure_cycles = local.sim_measure
  }
}

# The Dragonfly's routing. SC14 names it "Dragonfly UGAL-L (DF-UGAL-L)"
# and cites Kim et al. [28] for it, without a threshold or candidate count.
# Two readings are simulated and both are drawn:
# - "ugal-l-df": BookSim2's dragonflynew rule (the DF authors' simulator;
#   one Valiant candidate, minimal iff q_min <= 2 q_val + 30 flits). Its
#   threshold of 30 flits suits BookSim2's large buffers, not SC14's 64
#   flits per port: under shift and worst-case traffic it keeps packets on
#   the saturated minimal global channel. Paper run: shift saturated from
#   0.15; worst case from 0.05 (0.050 accepted at 49.3 cycles against 15.3
#   at zero load, a global link at utilisation 1, 27% of packets minimal),
#   so it has no curve in Fig. 6d.
# - "ugal-l": the rule SC14 section IV-B defines for UGAL-L (path length x
#   local output-queue occupancy, 4 Valiant candidates), on the Dragonfly.
#   Paper run, largest load not saturated: uniform 0.65, bit reversal
#   0.55, shift 0.30, worst case 0.35 or more. SC14 says of its DF: lower
#   bandwidth than SF under uniform traffic, and under bit reversal, shift
#   and the worst case slightly lower than SF's (40-45% worst case).
# No expectation reads the DF rows (a table compares rows of one study), so
# neither reading is scored; the figures show both.
study "fig6_df" {
  title      = "Dragonfly: UGAL-L, two readings (SC14 Fig. 6)"
  enabled    = local.sim_on
  topologies = [topology.s_df]
  metrics    = ["endpoints", "offered_load", "accepted_load", "latency", "sim_hops", "saturated"]
  sim {
    routing        = ["ugal-l-df", "ugal-l"]
    traffic        = local.sim_traffic
    load           = local.sim_loads
    warmup_min     = local.sim_warmup
    measure_cycles = local.sim_measure
  }
}

study "fig6_ft" {
  title      = "FT-3: adaptive nearest common ancestor (SC14 Fig. 6)"
  enabled    = local.sim_on
  topologies = [topology.s_ft]
  metrics    = ["endpoints", "offered_load", "accepted_load", "latency", "sim_hops", "saturated"]
  sim {
    # The paper gives every simulation three VCs; anca itself needs one,
    # and with one VC head-of-line blocking saturates FT-3 near 0.45.
    vcs            = 3
    routing        = "anca"
    traffic        = local.sim_traffic
    load           = local.sim_loads
    warmup_min     = local.sim_warmup
    measure_cycles = local.sim_measure
  }
}

figure "fig6a" {
  study   = study.fig6_sf
  overlay = [study.fig6_df, study.fig6_ft]
  where   = { traffic = "uniform", saturated = false }
  title   = "Random traffic (SC14 Fig. 6a)"
  x       = "offered_load"
  y       = "latency"
  series  = ["label", "routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  x_max   = 1
  y_min   = 0
  y_max   = 60
}

figure "fig6b" {
  study   = study.fig6_sf
  overlay = [study.fig6_df, study.fig6_ft]
  where   = { traffic = "bit_reversal", saturated = false }
  title   = "Bit reverse traffic (SC14 Fig. 6b)"
  x       = "offered_load"
  y       = "latency"
  series  = ["label", "routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  x_max   = 1
  y_min   = 0
  y_max   = 60
}

figure "fig6c" {
  study   = study.fig6_sf
  overlay = [study.fig6_df, study.fig6_ft]
  where   = { traffic = "shift", saturated = false }
  title   = "Shift traffic (SC14 Fig. 6c)"
  x       = "offered_load"
  y       = "latency"
  series  = ["label", "routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  x_max   = 1
  y_min   = 0
  y_max   = 60
}

figure "fig6d" {
  study   = study.fig6_sf
  overlay = [study.fig6_df, study.fig6_ft]
  where   = { traffic = "worst_case", saturated = false }
  title   = "Worst-case traffic (SC14 Fig. 6d)"
  x       = "offered_load"
  y       = "latency"
  series  = ["label", "routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  x_max   = 1
  y_min   = 0
  y_max   = 60
}

# Fig. 8a: input buffer sizes (flit entries per port), worst-case traffic;
# Figs. 8b-e: oversubscribed Slim Flies (k' = 29 with p = 16 and 18; quick:
# q = 5 with p = 5 and 6), random and worst-case traffic.

study "fig8a" {
  title      = "Slim Fly, worst-case traffic, buffer sizes (SC14 Fig. 8a)"
  enabled    = local.sim_all
  topologies = [topology.s_sf]
  metrics    = ["offered_load", "accepted_load", "latency", "saturated"]
  sim {
    routing        = "ugal-l"
    traffic        = "worst_case"
    buffer_flits   = [8, 16, 32, 64, 128, 256]
    load           = local.sim_loads
    warmup_min     = local.sim_warmup
    measure_cycles = local.sim_measure
  }
}

figure "fig8a" {
  study   = study.fig8a
  where   = { saturated = false }
  title   = "Various buffer sizes, worst-case traffic, UGAL-L (SC14 Fig. 8a)"
  x       = "offered_load"
  y       = "latency"
  series  = ["buffer_flits"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  y_min   = 0
}

# SC14 section V-D on Fig. 8a: "Smaller sizes result in lower latency (due
# to stiffer backpressure propagation), while bigger buffers enable higher
# bandwidth." Bandwidth is the throughput search's (the largest offered
# load that is not saturated, to 0.01) with the smallest and the largest
# buffer; latency is compared at offered load 0.3, the middle of the range
# below the paper's 45% worst-case saturation of UGAL-L (chosen from the
# paper, before our runs).
study "fig8a_tp" {
  title      = "Slim Fly, worst-case traffic, UGAL-L: throughput of the smallest and largest buffers (SC14 section V-D)"
  enabled    = local.sim_all
  topologies = [topology.s_sf]
  metrics    = ["throughput", "throughput_load", "search_probes"]
  sim {
    routing           = "ugal-l"
    traffic           = "worst_case"
    buffer_flits      = [8, 256]
    search            = "throughput"
    search_resolution = 0.01
    warmup_min        = local.sim_warmup
    measure_cycles    = local.sim_measure
  }
}

table "buffers_latency" {
  study    = study.fig8a
  title    = "Buffer size and latency at offered load 0.3, worst-case traffic, UGAL-L (SC14 section V-D)"
  where    = { load = 0.3 }
  ratio_to = { buffer_flits = 8, load = 0.3 }
  ratios   = ["latency"]
  columns  = ["buffer_flits", "load", "accepted_load", "latency", "latency_ratio", "saturated"]
  formats  = { accepted_load = "%.3f", latency = "%.1f", latency_ratio = "%.3f" }

  expect "smaller_lower_latency" {
    where         = { buffer_flits = 256, load = 0.3 }
    source        = "SC14 section V-D: smaller buffers result in lower latency"
    enabled       = local.paper && local.sim_all
    note          = "A miss by construction of the comparison: in netsim the 8-flit buffer (2 flits per VC with UGAL's 4 VCs; the paper's 3 VCs give 2.7) saturates before 0.3 under worst-case traffic (its last unsaturated load is 0.10; 16 flits 0.20, 32 flits 0.35, 64 to 256 flits 0.45), so it has no latency there. The paper's direction shows among the unsaturated sizes: at 0.35 the latency is 20.9, 20.8, 21.2 and 22.2 cycles with 32, 64, 128 and 256 flits, and at 0.45 28.1, 29.3 and 30.8 with 64, 128 and 256 (the fig8a table)."
    latency_ratio = { at_most = 1, why = "the paper states the direction only: the 8-flit buffer's latency divided by the 256-flit one's is at most 1" }
  }
}

table "buffers_throughput" {
  study    = study.fig8a_tp
  title    = "Buffer size and throughput, worst-case traffic, UGAL-L (SC14 section V-D)"
  ratio_to = { buffer_flits = 8 }
  ratios   = ["throughput"]
  columns  = ["buffer_flits", "throughput", "throughput_load", "throughput_ratio", "search_probes"]
  formats  = { throughput = "%.3f", throughput_load = "%.2f", throughput_ratio = "%.3f" }

  expect "bigger_higher_bandwidth" {
    where            = { buffer_flits = 256 }
    source           = "SC14 section V-D: bigger buffers enable higher bandwidth"
    enabled          = local.paper && local.sim_all
    throughput_ratio = { at_most = 1, why = "the paper states the direction only: the 8-flit buffer's throughput divided by the 256-flit one's is at most 1" }
  }
}

topology "s_sf_over" {
  family = "slimfly"
  label  = "SF oversubscribed"
  q      = local.paper ? 19 : 5
  p      = local.paper ? [16, 18] : [5, 6]
}

study "fig8" {
  title      = "Oversubscribed Slim Flies (SC14 Figs. 8b-8e)"
  enabled    = local.sim_all
  topologies = [topology.s_sf_over]
  metrics    = ["endpoints", "offered_load", "accepted_load", "latency", "saturated"]
  sim {
    routing        = ["min", "val", "ugal-l", "ugal-g"]
    traffic        = ["uniform", "worst_case"]
    load           = local.sim_loads
    warmup_min     = local.sim_warmup
    measure_cycles = local.sim_measure
  }
}

figure "fig8b" {
  study   = study.fig8
  where   = { p = local.paper ? 16 : 5, traffic = "uniform", saturated = false }
  title   = "Random traffic, p = ${local.paper ? 16 : 5} (SC14 Fig. 8b)"
  x       = "offered_load"
  y       = "latency"
  series  = ["routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  y_min   = 0
}

figure "fig8c" {
  study   = study.fig8
  where   = { p = local.paper ? 16 : 5, traffic = "worst_case", saturated = false }
  title   = "Worst-case traffic, p = ${local.paper ? 16 : 5} (SC14 Fig. 8c)"
  x       = "offered_load"
  y       = "latency"
  series  = ["routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  y_min   = 0
}

figure "fig8d" {
  study   = study.fig8
  where   = { p = local.paper ? 18 : 6, traffic = "uniform", saturated = false }
  title   = "Random traffic, p = ${local.paper ? 18 : 6} (SC14 Fig. 8d)"
  x       = "offered_load"
  y       = "latency"
  series  = ["routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  y_min   = 0
}

figure "fig8e" {
  study   = study.fig8
  where   = { p = local.paper ? 18 : 6, traffic = "worst_case", saturated = false }
  title   = "Worst-case traffic, p = ${local.paper ? 18 : 6} (SC14 Fig. 8e)"
  x       = "offered_load"
  y       = "latency"
  series  = ["routing"]
  x_label = "Offered load"
  y_label = "Latency [cycles]"
  x_min   = 0
  y_min   = 0
}

# The observations of section V as expectations (paper profile; the quick
# networks are too small for the published loads). Loads are the requested
# ones (0.05 steps); "saturated" is netsim's criterion (see Saturation in
# the README): measured packets that do not drain, accepted load below
# offered by 1% plus 3 standard deviations, or a mean latency above 3 x
# the zero-load latency of the routes taken. A published saturation load
# is checked at the loads of the 0.05 grid on either side of it: not
# saturated at the one below, saturated at the one above (87.5%: 0.85 and
# 0.90; "up to 40%": 0.35 and 0.45).
table "sim" {
  study   = study.fig6_sf
  title   = "Slim Fly saturation (SC14 section V)"
  where   = { load = [0.1, 0.3, 0.45, 0.5, 0.75, 0.85, 0.9] }
  columns = ["routing", "traffic", "load", "offered_load", "accepted_load", "latency", "saturated"]
  formats = { offered_load = "%.3f", accepted_load = "%.3f", latency = "%.1f" }

  # A miss (paper run, results/paper/slimfly-sc14): at 0.85 our SF q = 19
  # with MIN accepted 0.8395 of the 0.85 offered (98.8%) in three
  # consecutive warm-up samples, short by more than netsim's 1% plus 3
  # standard deviations, so the run stopped as saturated (the source
  # queues grow); the last sample's mean latency was 53.7 cycles, 5.4 x
  # the zero-load 9.87. At 0.80 it accepts 0.800 at 22.0 cycles (2.2 x),
  # not saturated. Our network thus saturates between the loads 0.80 and
  # 0.85 and carries about 0.84 at most, 3.5 points below the paper's
  # 87.5%. The paper's 87.5% is this network's channel-load bound for
  # minimal routing under uniform traffic (throughput_bound 0.8751: when
  # every endpoint sends one unit to each of the 10,829 others, the
  # busiest channel carries 12,375 units, 1.143 times what one endpoint
  # injects), so the paper's MIN reaches the bound and ours about 96% of
  # it. The VC count is not the cause: with the
  # paper's 3 VCs (runexp sim slimfly q=19 --routing min --load 0.85 --set
  # vcs=3, same warm-up and window) 0.85 is saturated as well, 0.843
  # accepted at 64.5 cycles, 6.5 x zero-load. netsim's input-queued router
  # (speedup 2, 64-flit buffers) loses the last points to switch and
  # head-of-line contention; how BookSim's run reached the bound is not
  # said.
  expect "min_uniform_085" {
    where     = { routing = "min", traffic = "uniform", load = 0.85 }
    source    = "SC14 section V-E: the full-bandwidth SF accepts up to 87.5% of uniform traffic"
    enabled   = local.paper
    note      = "Saturated by accepted load: 0.8395 of the 0.85 offered (98.8%) in three consecutive warm-up samples, short by more than 1% plus 3 standard deviations; at 0.80 it accepts 0.800 at 22.0 cycles (2.2 x zero-load), not saturated. Our network saturates between the loads 0.80 and 0.85 and carries about 0.84 at most, 96% of the channel-load bound 0.8751 (throughput_bound of this SF under MIN) that the paper's 87.5% equals. Not the VC count: with the paper's 3 VCs (vcs = 3) 0.85 is saturated too (0.843 accepted, 64.5 cycles)."
    saturated = false
  }
  expect "min_uniform_090" {
    where     = { routing = "min", traffic = "uniform", load = 0.9 }
    source    = "SC14 section V-E: the full-bandwidth SF accepts up to 87.5% of uniform traffic"
    enabled   = local.paper
    saturated = true
  }
  expect "val_uniform_050" {
    where     = { routing = "val", traffic = "uniform", load = 0.5 }
    source    = "SC14 section V-A: VAL saturates at less than 50% of the injection rate"
    enabled   = local.paper
    saturated = true
  }
  expect "ugal_l_uniform_075" {
    where     = { routing = "ugal-l", traffic = "uniform", load = 0.75 }
    source    = "SC14 section V-A: UGAL-L saturates at 80% of the injection rate"
    enabled   = local.paper
    saturated = false
  }
  expect "ugal_l_uniform_085" {
    where     = { routing = "ugal-l", traffic = "uniform", load = 0.85 }
    source    = "SC14 section V-A: UGAL-L saturates at 80% of the injection rate"
    enabled   = local.paper
    saturated = true
  }
  # Any offered load above the bound accepts about 1/30; 0.1 is the grid's
  # second point, which a sweep always simulates (it stops one point after
  # the first saturated one, here 0.05, so 0.3 would not be simulated at
  # the paper's grid).
  expect "min_worst" {
    where         = { routing = "min", traffic = "worst_case", load = 0.1 }
    source        = "SC14 section V-C: MIN is limited to 1/(2p) = 1/30 throughput in the worst case"
    enabled       = local.paper && local.sim_all
    accepted_load = { value = 0.0333, rel = 0.3, why = "the paper states the bound 1/(2p) only, not a measured throughput; 30% covers a finite measurement window and MIN's tie-breaking (our allowance, not the paper's)" }
  }
  expect "val_worst_035" {
    where     = { routing = "val", traffic = "worst_case", load = 0.35 }
    source    = "SC14 section V-C: VAL supports up to 40% offered load in the worst case"
    enabled   = local.paper && local.sim_all
    saturated = false
  }
  expect "val_worst" {
    where     = { routing = "val", traffic = "worst_case", load = 0.45 }
    source    = "SC14 section V-C: VAL supports up to 40% offered load in the worst case"
    enabled   = local.paper && local.sim_all
    saturated = true
  }
  expect "ugal_l_worst_040" {
    where     = { routing = "ugal-l", traffic = "worst_case", load = 0.4 }
    source    = "SC14 section V-C: UGAL-L supports up to 45% offered load in the worst case"
    enabled   = local.paper && local.sim_all
    saturated = false
  }
  expect "ugal_l_worst" {
    where     = { routing = "ugal-l", traffic = "worst_case", load = 0.5 }
    source    = "SC14 section V-C: UGAL-L supports up to 45% offered load in the worst case"
    enabled   = local.paper && local.sim_all
    saturated = true
  }
}

table "sim_over" {
  study   = study.fig8
  title   = "Oversubscribed Slim Flies, MIN, uniform traffic (SC14 section V-E)"
  where   = { routing = "min", traffic = "uniform" }
  columns = ["p", "endpoints", "load", "accepted_load", "latency", "saturated"]
  formats = { accepted_load = "%.3f", latency = "%.1f" }

  expect "p16_075" {
    where     = { p = 16, routing = "min", traffic = "uniform", load = 0.75 }
    source    = "SC14 section V-E: with p = 16 the SF accepts up to 80% of the offered traffic"
    enabled   = local.paper && local.sim_all
    saturated = false
  }
  expect "p16_085" {
    where     = { p = 16, routing = "min", traffic = "uniform", load = 0.85 }
    source    = "SC14 section V-E: with p = 16 the SF accepts up to 80% of the offered traffic"
    enabled   = local.paper && local.sim_all
    saturated = true
  }
  # A miss by the latency knee, not by accepted load (paper run): at 0.70
  # the SF with p = 18 accepts 0.6996 of the 0.7000 offered (99.9%), but
  # its mean packet latency is 41.1 cycles, 4.2 x the zero-load 9.87
  # (median 31.5, p99 192), past netsim's 3 x knee; at 0.65 it is 18.7
  # cycles, and at 0.75 it accepts 0.696. By accepted load our limit lies
  # between 0.70 and 0.75, as the paper's 75%; the paper does not say
  # which latency it tolerates. The channel-load bound of MIN on this
  # network is 0.7292 (throughput_bound; 0.8204 with p = 16, 0.8751 with
  # p = 15): 0.70 is 96% of it, the share at which our p = 15 network
  # saturates too (min_uniform_085), and the paper's 75% lies above it, so
  # it cannot be MIN's exact limit.
  expect "p18_070" {
    where     = { p = 18, routing = "min", traffic = "uniform", load = 0.7 }
    source    = "SC14 section V-E: with p = 18 the SF accepts up to 75% of the offered traffic"
    enabled   = local.paper && local.sim_all
    note      = "Saturated by the latency knee only: at 0.70 it accepts 0.6996 of the 0.7000 offered (99.9%), but the mean latency is 41.1 cycles, 4.2 x the zero-load 9.87 (p99 192), past netsim's 3 x; 18.7 cycles at 0.65; 0.696 accepted at 0.75. By accepted load the limit lies between 0.70 and 0.75, as the paper's 75%. 0.70 is 96% of this network's MIN channel-load bound 0.7292 (throughput_bound), the share at which our p = 15 network saturates as well; the paper's 75% lies above the bound."
    saturated = false
  }
  expect "p18_080" {
    where     = { p = 18, routing = "min", traffic = "uniform", load = 0.8 }
    source    = "SC14 section V-E: with p = 18 the SF accepts up to 75% of the offered traffic"
    enabled   = local.paper && local.sim_all
    saturated = true
  }
}
