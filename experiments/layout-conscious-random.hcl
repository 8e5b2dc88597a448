# Koibuchi, Fujiwara, Matsutani and Casanova, "Layout-conscious Random
# Topologies for HPC Off-chip Interconnects", HPCA 2013
# (../shared/papers/layout-conscious-random-topologies.txt): the graph
# analysis of sections I, III-B and IV-B, i.e. Fig. 1(a), Table 1, Figs. 3
# and 4 and Fig. 12; the cabinet layouts: the sequential-layout cable
# length of Fig. 1(b), the clustering of section IV-C (Fig. 14:
# inter-cabinet links and connected cabinet pairs, sequential vs
# Walktrap), the mapping of section IV-D (Fig. 15: average cable length,
# serpentine vs simulated annealing); and what can be checked of section
# V's cost claim; with --var simulate=latency, throughput or all, the simulations of
# sections III-C, III-D, IV-B3 and V (Figs. 5-10, 13, 16: the last section
# of this file).
#
#   runexp run experiments/layout-conscious-random.hcl                      # the paper's sizes, 10 seeds
#   runexp run experiments/layout-conscious-random.hcl --var profile=quick  # CI: 3 seeds, fewer points
#
# Names as in the paper: TORUS-n is an n/2-dimensional torus of degree n,
# HYPERCUBE the binary n-cube of N = 2^n routers, FHYPERCUBE the folded
# hypercube (degree n + 1), P-topo and PF-topo its partially and fully
# random permutations with 16 routers per cabinet (section III-A), RING-n a
# ring plus n - 2 random shortcuts per router, Nbr(p)-n and Gau(alpha)-n
# the constrained shortcut rings of section IV-B.
#
# Random topologies and published numbers. The paper prints one value per
# random topology and size: one random instance, or an average it does not
# state. Every random topology here is built over several seeds (the seed
# of the permutation or of the shortcuts) and its rows are merged with
# mean_over = ["seed"]: tables and figures show the mean, with the range
# (<metric>_min, <metric>_max) and, in figures, 95% error bars. A published
# number X of a random topology is checked as one draw of the same process:
# it must fall within the range of our seeds (<metric>_min at most X,
# <metric>_max at least X; for a printed ASPL, X +- 0.005). A published
# bound ("lower than", "at most") on one draw is checked the same way: some
# seed must satisfy it (<metric>_min at most the bound). Orderings between
# two random topologies ("P-TORUS-n is more effective than PF-TORUS") are
# checked on the means, with ratio_to / ratios one-sided.
#
# Average shortest path length (ASPL): Table 1's 8.00 for the 16 x 16 torus
# (k/4 = 4 hops per dimension) is an average over all N^2 ordered pairs of
# routers, a router with itself included; over distinct pairs it would be
# 8 x 256/255 = 8.03. Every ASPL here is therefore avg_distance_all_pairs.
#
# What the paper states and this file does not check (each explained where
# it belongs): the gaps between P-HYPERCUBE and RING-n growing with n (Fig.
# 3), the maximum "two hops" by which P-FHYPERCUBE improves on FHYPERCUBE
# (Fig. 4), the TORUS gap being larger than the HYPERCUBE one (Table 1),
# Nbr(>= 0.5)-8 and Gau(>= 0.7)-8 within one hop of RING-8 at 256 routers,
# the comparable ASPL and Gau's small advantage of Fig. 12, the "sharp
# initial drop" of Fig. 1(a) and RING against the flattened butterfly of
# degree 62 there. Fig. 1(b)'s "about three times" is checked at the
# largest size only.

experiment {
  title       = "Layout-conscious random topologies (HPCA 2013): graph analysis and cabinet layouts"
  description = "Fig. 1(a) and (b), Table 1, Figs. 3, 4, 12, 14 and 15 and the cost claim of section V of Koibuchi, Fujiwara, Matsutani and Casanova, Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA 2013: diameter and average shortest path length of tori, hypercubes and folded hypercubes, their partially (P-) and fully (PF-) random link permutations, rings with random shortcuts (RING-n) and with constrained shortcuts (Nbr, Gau); the cable length of a sequential cabinet layout; inter-cabinet links and connected cabinet pairs under sequential and Walktrap clustering; average cable length under serpentine and simulated-annealing cabinet mapping.${var.simulate == "none" ? "" : " With the simulations of sections III-C, III-D, IV-B3 and V (Figs. 5-10, 13 and 16: latency and throughput of the permuted, random and constrained-shortcut topologies and of Myrinet-Clos on the paper's VCT model)."}"
}

variable "profile" {
  type        = string
  default     = "paper"
  choices     = ["paper", "quick"]
  description = "\"paper\": the published sizes, 10 seeds per random topology; \"quick\": 3 seeds, fewer degrees and shortcut ranges, Fig. 12 at 256 routers only, Fig. 1(b) up to 1,024 routers, Figs. 14 and 15 up to 512 with 2 x 10^4 annealing moves per restart (CI)."
}

locals {
  paper = var.profile == "paper"

  # Seeds of every random topology: 10 (paper) give the range of values a
  # single random instance takes; 3 in the quick profile. Every random
  # topology of the paper profile takes under a second per seed (4,096
  # routers at most), so 10 costs little.
  seeds = local.paper ? range(1, 11) : range(1, 4)

  # Figs. 3 and 4: N = 2^n routers for n = 6..12 (64 to 4,096, the sizes
  # of section III-B: "N = 2^12 already represents a very large-scale
  # platform"). Both profiles: the per-size comparison tables below need
  # every n, and the largest takes well under a second per seed.
  hc_n = range(6, 13)

  # Exact all-pairs ASPL of the folded hypercube FQ_n: routers whose labels
  # differ in h bits are min(h, n + 1 - h) hops apart, so the ASPL is
  # sum over h of C(n, h) min(h, n + 1 - h) / 2^n (n = 12: 20,618 / 4,096 =
  # 5.0337); its diameter is ceil(n/2). The hypercube's are n/2 and n.
  fq_aspl = { 6 = 154 / 64, 7 = 372 / 128, 8 = 837 / 256, 9 = 1930 / 512, 10 = 4246 / 1024, 11 = 9516 / 2048, 12 = 20618 / 4096 }

  # Fig. 1(a): RING with 1,024 routers over degrees 3 to 20 (the figure's
  # "curve's sharp initial drop"), and at the degrees of the flattened
  # butterflies' range up to 62 (quick: the degrees the expectations use).
  f1a_degrees = local.paper ? concat(range(3, 21), [24, 32, 40, 48, 56, 62]) : [3, 4, 6, 8, 10, 11, 15, 20, 32, 62]

  # Fig. 1(b): N = 2^n for even n (the torus of degree n = log2 N is the
  # 4-ary (n/2)-cube); the paper profile up to 2^14, see the figure.
  f1b_n = local.paper ? [6, 8, 10, 12, 14] : [6, 8, 10]

  # Fig. 12: Nbr(p) and Gau(alpha) for p, alpha = 0.1 .. 1.0 (i / 10, so
  # that where = { reach = 0.5 } matches exactly).
  f12_frac = local.paper ? [for i in range(1, 11) : i / 10] : [0.1, 0.3, 0.5, 0.7, 1.0]

  # Why Fig. 4's random topologies miss "improve the diameter" at some n
  # (the expectation improve_diameter below).
  note_fq_diameter = ". Where this misses (n = 7, 8 and 10), the random topologies have FHYPERCUBE's diameter in every seed: 4 at 128 and 256 routers, 5 for P- and PF-FHYPERCUBE at 1,024 (RING-11 reaches 4 in one seed of ten): no worse, but not better. Better would be diameter 3 on 128 or 256 routers of degree 8 or 9, which the Moore bound allows (1 + 8 + 8 x 7 + 8 x 49 = 457 routers) but none of our random graphs reaches. The paper prints no values for Fig. 4, and its 'improving over FHYPERCUBE by up to two hops' suggests a gain that varies with n, perhaps down to none; we read 'improve' strictly and report the misses. The quick profile's 3 seeds also miss PF-FHYPERCUBE at 512 routers (2 of the 10 seeds of the paper profile reach 4)."

  # Reasons of the tolerances, stated once.
  why_2dec  = "printed with 2 decimals (+-0.005); the paper's value is one draw of the same random process, so it must lie within the range of our seeds"
  why_diff1 = "a difference the paper prints with 2 decimals (+-0.005), from a base we know exactly; the paper's value is one draw of the same random process, so it must lie within the range of our seeds"
  why_diff2 = "two differences the paper prints with 2 decimals (+-0.005 each); the paper's value is one draw of the same random process, so it must lie within the range of our seeds"
}

# ---------------------------------------------------------------------------
# Table 1: TORUS-4 (16 x 16, 256 routers) and TORUS-6 (16 x 16 x 16, 4,096
# routers), their P- and PF-permutations with 16 routers per cabinet (router
# ids in canonical order: a cabinet is one row of 16 routers along
# dimension 0), and RING-4 / RING-6 of the same degree and size.

topology "t4" {
  family = "torus"
  label  = "TORUS-4"
  k      = 16
  n      = 2
}

topology "pt4" {
  family       = "torus"
  label        = "P-TORUS-4"
  k            = 16
  n            = 2
  permute      = "partial"
  cabinet_size = 16
  seed         = local.seeds
}

topology "pft4" {
  family       = "torus"
  label        = "PF-TORUS-4"
  k            = 16
  n            = 2
  permute      = "full"
  cabinet_size = 16
  seed         = local.seeds
}

topology "ring4" {
  family  = "ring_random"
  label   = "RING-4"
  routers = 256
  degree  = 4
  seed    = local.seeds
}

topology "t6" {
  family = "torus"
  label  = "TORUS-6"
  k      = 16
  n      = 3
}

topology "pt6" {
  family       = "torus"
  label        = "P-TORUS-6"
  k            = 16
  n            = 3
  permute      = "partial"
  cabinet_size = 16
  seed         = local.seeds
}

topology "pft6" {
  family       = "torus"
  label        = "PF-TORUS-6"
  k            = 16
  n            = 3
  permute      = "full"
  cabinet_size = 16
  seed         = local.seeds
}

topology "ring6" {
  family  = "ring_random"
  label   = "RING-6"
  routers = 4096
  degree  = 6
  seed    = local.seeds
}

study "table1" {
  title      = "Diameter and ASPL of TORUS-4, TORUS-6, their permutations and RING-n (Table 1)"
  topologies = [topology.t4, topology.pt4, topology.pft4, topology.ring4, topology.t6, topology.pt6, topology.pft6, topology.ring6]
  metrics    = ["routers", "network_radix", "diameter", "avg_distance_all_pairs"]
}

table "table1" {
  study     = study.table1
  title     = "Diameter and average shortest path length (Table 1): means over the seeds, with their range"
  mean_over = ["seed"]
  columns   = ["label", "routers", "network_radix", "diameter", "diameter_min", "diameter_max", "avg_distance_all_pairs", "avg_distance_all_pairs_min", "avg_distance_all_pairs_max", "replicates"]
  headers   = { routers = "N", network_radix = "degree", avg_distance_all_pairs = "ASPL", avg_distance_all_pairs_min = "ASPL min", avg_distance_all_pairs_max = "ASPL max" }
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", avg_distance_all_pairs_min = "%.3f", avg_distance_all_pairs_max = "%.3f" }

  # The tori exactly: diameter n/2 x floor(16/2), ASPL n/2 x 16/4 over all
  # N^2 pairs. N and the degree follow from k, n, routers and degree we set.
  expect "torus4" {
    where                  = { topology = "t4" }
    source                 = "Table 1: TORUS-4, N = 256"
    routers                = { value = 256, kind = "check" }
    network_radix          = { value = 4, kind = "check" }
    diameter               = 16
    avg_distance_all_pairs = { value = 8.00, decimals = 2, note = "k/4 = 4 hops per dimension over all 16 x 16 ordered pairs of a 16-ring (a router with itself included), 2 dimensions" }
  }
  expect "torus6" {
    where                  = { topology = "t6" }
    source                 = "Table 1: TORUS-6, N = 4,096"
    routers                = { value = 4096, kind = "check" }
    network_radix          = { value = 6, kind = "check" }
    diameter               = 24
    avg_distance_all_pairs = { value = 12.00, decimals = 2, note = "k/4 = 4 hops per dimension, 3 dimensions" }
  }
  # Random rows: the published value within the range of our seeds.
  expect "p_torus4" {
    where                      = { topology = "pt4" }
    source                     = "Table 1: P-TORUS-4, diameter 10, ASPL 5.59"
    diameter_min               = { at_most = 10 }
    diameter_max               = { at_least = 10 }
    avg_distance_all_pairs_min = { at_most = 5.59, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 5.59, abs = 0.005, why = local.why_2dec,
    note = "The paper's 5.59 is at the top of our range: the 10 seeds of the paper profile reach 5.589, the 3 of the quick profile only 5.582 (a miss of the quick profile alone)." }
  }
  expect "pf_torus4" {
    where                      = { topology = "pft4" }
    source                     = "Table 1: PF-TORUS-4, diameter 11, ASPL 5.96"
    diameter_min               = { at_most = 11 }
    diameter_max               = { at_least = 11 }
    avg_distance_all_pairs_min = { at_most = 5.96, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 5.96, abs = 0.005, why = local.why_2dec }
  }
  expect "ring4" {
    where                      = { topology = "ring4" }
    source                     = "Table 1: RING-4, N = 256, diameter 7, ASPL 4.38"
    routers                    = { value = 256, kind = "check" }
    network_radix              = { value = 4, kind = "check" }
    diameter_min               = { at_most = 7 }
    diameter_max               = { at_least = 7 }
    avg_distance_all_pairs_min = { at_most = 4.38, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 4.38, abs = 0.005, why = local.why_2dec }
  }
  expect "p_torus6" {
    where                      = { topology = "pt6" }
    source                     = "Table 1: P-TORUS-6, diameter 16, ASPL 8.41"
    diameter_min               = { at_most = 16 }
    diameter_max               = { at_least = 16 }
    avg_distance_all_pairs_min = { at_most = 8.41, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 8.41, abs = 0.005, why = local.why_2dec }
  }
  expect "pf_torus6" {
    where                      = { topology = "pft6" }
    source                     = "Table 1: PF-TORUS-6, diameter 17, ASPL 8.70"
    diameter_min               = { at_most = 17 }
    diameter_max               = { at_least = 17 }
    avg_distance_all_pairs_min = { at_most = 8.70, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 8.70, abs = 0.005, why = local.why_2dec,
    note = "Our fully random permutation of the 4,096-router torus gives 8.63-8.65 over the seeds of the paper profile (4,096 routers leave little spread), 0.05 below the paper's 8.70; its P-TORUS-6 (8.41), P-TORUS-4 (5.59) and P-HYPERCUBE (4.37, Fig. 3) sit at the top of our ranges too. A guess, not tested: section III-A says that a swap creating a parallel link keeps only the first copy (\"all other redundant edges are ignored\"), dropping the link, while our permutation skips such a swap; links lost that way raise the ASPL, and more so for PF, which swaps within the union of two cabinets." }
  }
  expect "ring6" {
    where                      = { topology = "ring6" }
    source                     = "Table 1: RING-6, N = 4,096, diameter 7, ASPL 5.06"
    routers                    = { value = 4096, kind = "check" }
    network_radix              = { value = 6, kind = "check" }
    diameter_min               = { at_most = 7 }
    diameter_max               = { at_least = 7 }
    avg_distance_all_pairs_min = { at_most = 5.06, abs = 0.005, why = local.why_2dec }
    avg_distance_all_pairs_max = { at_least = 5.06, abs = 0.005, why = local.why_2dec }
  }
}

# The orderings of section III-B on Table 1, on the means over the seeds.
# A ratio column is the reference row's value over the row's own: against
# TORUS-n, a ratio of at least 1 is a random topology no worse than the
# base ("the random topologies outperform the non-random base topology";
# the bound is inclusive, and the scorecard shows by how much); against
# P-TORUS-n, PF-TORUS-n at most 1 ("P-TORUS-n is more effective than
# PF-TORUS") and RING-n at least 1 ("P-TORUS-n is not as impressive as
# RING-n").
table "table1_vs_torus4" {
  study     = study.table1
  title     = "Table 1, N = 256: TORUS-4 over the random topologies"
  where     = { routers = 256 }
  mean_over = ["seed"]
  ratio_to  = { topology = "t4" }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "random_beat_base" {
    for_each                     = { "P-TORUS-4" = "pt4", "PF-TORUS-4" = "pft4", "RING-4" = "ring4" }
    where                        = { topology = each.value }
    source                       = "Section III-B on Table 1: the random topologies outperform the non-random base topology"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "table1_vs_ptorus4" {
  study     = study.table1
  title     = "Table 1, N = 256: P-TORUS-4 over PF-TORUS-4 and RING-4"
  where     = { routers = 256 }
  mean_over = ["seed"]
  ratio_to  = { topology = "pt4" }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_beats_pf" {
    where                        = { topology = "pft4" }
    source                       = "Section III-B on Table 1: P-TORUS-n is more effective than PF-TORUS"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_beats_p" {
    where                        = { topology = "ring4" }
    source                       = "Section III-B on Table 1: P-TORUS-n is not as impressive as RING-n"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "table1_vs_torus6" {
  study     = study.table1
  title     = "Table 1, N = 4,096: TORUS-6 over the random topologies"
  where     = { routers = 4096 }
  mean_over = ["seed"]
  ratio_to  = { topology = "t6" }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "random_beat_base" {
    for_each                     = { "P-TORUS-6" = "pt6", "PF-TORUS-6" = "pft6", "RING-6" = "ring6" }
    where                        = { topology = each.value }
    source                       = "Section III-B on Table 1: the random topologies outperform the non-random base topology"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "table1_vs_ptorus6" {
  study     = study.table1
  title     = "Table 1, N = 4,096: P-TORUS-6 over PF-TORUS-6 and RING-6"
  where     = { routers = 4096 }
  mean_over = ["seed"]
  ratio_to  = { topology = "pt6" }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_beats_pf" {
    where                        = { topology = "pft6" }
    source                       = "Section III-B on Table 1: P-TORUS-n is more effective than PF-TORUS"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_beats_p" {
    where                        = { topology = "ring6" }
    source                       = "Section III-B on Table 1: P-TORUS-n is not as impressive as RING-n"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

# Not checked: "The gap between P-TORUS-n and RING-n is larger than observed
# for the higher-degree HYPERCUBE and FHYPERCUBE topology" compares a gap
# of two rows of Table 1 with a gap of two rows of Figs. 3 and 4, and a
# ratio column compares two rows only. The table and figures show it (at
# 256 routers: P-TORUS-4 / RING-4 and P-HYPERCUBE / RING-8).

# ---------------------------------------------------------------------------
# Figs. 3 and 4: HYPERCUBE and FHYPERCUBE of N = 2^n routers, their P- and
# PF-permutations (16 routers per cabinet, router ids = labels in canonical
# order), RING-n (degree n, as the hypercube) and RING-(n+1) (degree n + 1,
# as the folded hypercube), n = 6..12. The ring families need routers and
# degree paired (a list in each would sweep their product), so each RING is
# one block per size, named by its routers; the figures select by label.

topology "hc" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = local.hc_n
}

topology "p_hc" {
  family       = "hypercube"
  label        = "P-HYPERCUBE"
  n            = local.hc_n
  permute      = "partial"
  cabinet_size = 16
  seed         = local.seeds
}

topology "pf_hc" {
  family       = "hypercube"
  label        = "PF-HYPERCUBE"
  n            = local.hc_n
  permute      = "full"
  cabinet_size = 16
  seed         = local.seeds
}

topology "fhc" {
  family = "folded_hypercube"
  label  = "FHYPERCUBE"
  n      = local.hc_n
}

topology "p_fhc" {
  family       = "folded_hypercube"
  label        = "P-FHYPERCUBE"
  n            = local.hc_n
  permute      = "partial"
  cabinet_size = 16
  seed         = local.seeds
}

topology "pf_fhc" {
  family       = "folded_hypercube"
  label        = "PF-FHYPERCUBE"
  n            = local.hc_n
  permute      = "full"
  cabinet_size = 16
  seed         = local.seeds
}

topology "ring_n_64" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 64
  degree  = 6
  seed    = local.seeds
}

topology "ring_n_128" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 128
  degree  = 7
  seed    = local.seeds
}

topology "ring_n_256" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "ring_n_512" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 512
  degree  = 9
  seed    = local.seeds
}

topology "ring_n_1024" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 1024
  degree  = 10
  seed    = local.seeds
}

topology "ring_n_2048" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 2048
  degree  = 11
  seed    = local.seeds
}

topology "ring_n_4096" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 4096
  degree  = 12
  seed    = local.seeds
}

topology "ring_n1_64" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 64
  degree  = 7
  seed    = local.seeds
}

topology "ring_n1_128" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 128
  degree  = 8
  seed    = local.seeds
}

topology "ring_n1_256" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 256
  degree  = 9
  seed    = local.seeds
}

topology "ring_n1_512" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 512
  degree  = 10
  seed    = local.seeds
}

topology "ring_n1_1024" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 1024
  degree  = 11
  seed    = local.seeds
}

topology "ring_n1_2048" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 2048
  degree  = 12
  seed    = local.seeds
}

topology "ring_n1_4096" {
  family  = "ring_random"
  label   = "RING-(n+1)"
  routers = 4096
  degree  = 13
  seed    = local.seeds
}

study "hypercubes" {
  title = "HYPERCUBE and FHYPERCUBE, their permutations and RING of the same degree (Figs. 3 and 4)"
  topologies = [
    topology.hc, topology.p_hc, topology.pf_hc,
    topology.ring_n_64, topology.ring_n_128, topology.ring_n_256, topology.ring_n_512, topology.ring_n_1024, topology.ring_n_2048, topology.ring_n_4096,
    topology.fhc, topology.p_fhc, topology.pf_fhc,
    topology.ring_n1_64, topology.ring_n1_128, topology.ring_n1_256, topology.ring_n1_512, topology.ring_n1_1024, topology.ring_n1_2048, topology.ring_n1_4096,
  ]
  metrics = ["routers", "network_radix", "diameter", "avg_distance_all_pairs"]
}

figure "fig3_diameter" {
  study      = study.hypercubes
  where      = { label = ["HYPERCUBE", "P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"] }
  mean_over  = ["seed"]
  error_bars = true
  title      = "Diameter vs network size (Fig. 3(a))"
  x          = "routers"
  y          = "diameter"
  x_scale    = "log"
  x_label    = "Number of switches N = 2^{n}"
  y_label    = "Diameter [hops]"
  y_min      = 0
}

figure "fig3_aspl" {
  study      = study.hypercubes
  where      = { label = ["HYPERCUBE", "P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"] }
  mean_over  = ["seed"]
  error_bars = true
  title      = "Average shortest path length vs network size (Fig. 3(b))"
  x          = "routers"
  y          = "avg_distance_all_pairs"
  x_scale    = "log"
  x_label    = "Number of switches N = 2^{n}"
  y_label    = "Average shortest path length [hops]"
  y_min      = 0
}

figure "fig4_diameter" {
  study      = study.hypercubes
  where      = { label = ["FHYPERCUBE", "P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"] }
  mean_over  = ["seed"]
  error_bars = true
  title      = "Diameter vs network size (Fig. 4(a))"
  x          = "routers"
  y          = "diameter"
  x_scale    = "log"
  x_label    = "Number of switches N = 2^{n}"
  y_label    = "Diameter [hops]"
  y_min      = 0
}

figure "fig4_aspl" {
  study      = study.hypercubes
  where      = { label = ["FHYPERCUBE", "P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"] }
  mean_over  = ["seed"]
  error_bars = true
  title      = "Average shortest path length vs network size (Fig. 4(b))"
  x          = "routers"
  y          = "avg_distance_all_pairs"
  x_scale    = "log"
  x_label    = "Number of switches N = 2^{n}"
  y_label    = "Average shortest path length [hops]"
  y_min      = 0
}

table "fig3" {
  study     = study.hypercubes
  title     = "HYPERCUBE, its permutations and RING-n (Fig. 3): means over the seeds, with their range"
  where     = { label = ["HYPERCUBE", "P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"] }
  mean_over = ["seed"]
  sort_by   = ["routers"]
  columns   = ["label", "routers", "network_radix", "diameter", "diameter_min", "diameter_max", "avg_distance_all_pairs", "avg_distance_all_pairs_min", "avg_distance_all_pairs_max", "replicates"]
  headers   = { routers = "N", network_radix = "degree", avg_distance_all_pairs = "ASPL", avg_distance_all_pairs_min = "ASPL min", avg_distance_all_pairs_max = "ASPL max" }
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", avg_distance_all_pairs_min = "%.3f", avg_distance_all_pairs_max = "%.3f" }

  # n = 12: "its diameter is larger than that of RING-n by 3 hops but lower
  # than that of HYPERCUBE by 4 hops", "its average shortest path length is
  # 0.72 hops larger than that of RING-n but 1.63 hops lower than that of
  # HYPERCUBE". HYPERCUBE's values are exact: diameter n = 12, all-pairs
  # ASPL n/2 = 6 (each of the n bits differs for half the pairs).
  expect "hypercube_12" {
    where                  = { label = "HYPERCUBE", routers = 4096 }
    source                 = "Section III-B on Fig. 3, n = 12: the base of the differences the text gives"
    kind                   = "check"
    network_radix          = 12
    diameter               = { value = 12, note = "the hypercube's diameter is n" }
    avg_distance_all_pairs = { value = 6, note = "n/2 over all N^2 ordered pairs: each bit differs for half of them" }
  }
  expect "p_hypercube_12" {
    where                      = { label = "P-HYPERCUBE", routers = 4096 }
    source                     = "Section III-B on Fig. 3, n = 12: P-HYPERCUBE's diameter is lower than HYPERCUBE's by 4 hops, its ASPL 1.63 hops lower"
    diameter_min               = { at_most = 8, note = "12 - 4 = 8" }
    diameter_max               = { at_least = 8, note = "12 - 4 = 8" }
    avg_distance_all_pairs_min = { at_most = 4.37, abs = 0.005, why = local.why_diff1, note = "6.00 - 1.63 = 4.37" }
    avg_distance_all_pairs_max = { at_least = 4.37, abs = 0.005, why = local.why_diff1, note = "6.00 - 1.63 = 4.37" }
  }
  expect "ring_12" {
    where                      = { label = "RING-n", routers = 4096 }
    source                     = "Section III-B on Fig. 3, n = 12: P-HYPERCUBE's diameter is larger than RING-n's by 3 hops, its ASPL 0.72 hops larger"
    routers                    = { value = 4096, kind = "check" }
    network_radix              = { value = 12, kind = "check" }
    diameter_min               = { at_most = 5, note = "12 - 4 - 3 = 5" }
    diameter_max               = { at_least = 5, note = "12 - 4 - 3 = 5" }
    avg_distance_all_pairs_min = { at_most = 3.65, abs = 0.01, why = local.why_diff2, note = "6.00 - 1.63 - 0.72 = 3.65" }
    avg_distance_all_pairs_max = { at_least = 3.65, abs = 0.01, why = local.why_diff2, note = "6.00 - 1.63 - 0.72 = 3.65" }
  }
  # "We see that all random topologies improve both metrics over the
  # non-random HYPERCUBE": at every n, some seed of each random topology
  # below HYPERCUBE's diameter n and ASPL n/2 (ASPL: an inclusive bound).
  expect "improve_on_hypercube" {
    for_each                   = { for x in setproduct(local.hc_n, ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"]) : "${x[1]}, N = ${pow(2, x[0])}" => { n = x[0], label = x[1] } }
    where                      = { label = each.value.label, routers = pow(2, each.value.n) }
    source                     = "Section III-B on Fig. 3: all random topologies improve both metrics over the non-random HYPERCUBE"
    note                       = "HYPERCUBE of n = ${each.value.n}: diameter ${each.value.n}, ASPL ${each.value.n / 2}"
    diameter_min               = { at_most = each.value.n - 1 }
    avg_distance_all_pairs_min = { at_most = each.value.n / 2 }
  }
}

# Not checked: "The gaps between P-HYPERCUBE and RING-n increase as n
# increases" compares differences between sizes, and a ratio column
# compares two rows; the table shows the values (the ASPL gap grows from
# about 0.02 hop at n = 6 to 0.72 at n = 12).

table "fig4" {
  study     = study.hypercubes
  title     = "FHYPERCUBE, its permutations and RING-(n+1) (Fig. 4): means over the seeds, with their range"
  where     = { label = ["FHYPERCUBE", "P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"] }
  mean_over = ["seed"]
  sort_by   = ["routers"]
  columns   = ["label", "routers", "network_radix", "diameter", "diameter_min", "diameter_max", "avg_distance_all_pairs", "avg_distance_all_pairs_min", "avg_distance_all_pairs_max", "replicates"]
  headers   = { routers = "N", network_radix = "degree", avg_distance_all_pairs = "ASPL", avg_distance_all_pairs_min = "ASPL min", avg_distance_all_pairs_max = "ASPL max" }
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", avg_distance_all_pairs_min = "%.3f", avg_distance_all_pairs_max = "%.3f" }

  # n = 12: "its average shortest path length is 0.23 hops larger than that
  # of RING-n but 1.24 hops lower than that of HYPERCUBE". The sentence
  # repeats Fig. 3's words, but in Fig. 4 the ring is RING-(n+1) and the
  # base FHYPERCUBE, and only that reading is consistent: FHYPERCUBE's
  # exact ASPL is 20,618 / 4,096 = 5.0337 (local.fq_aspl), so P-FHYPERCUBE
  # = 5.0337 - 1.24 = 3.79 and RING-(n+1) = 3.79 - 0.23 = 3.56. With
  # HYPERCUBE's 6.00 as the base, P-FHYPERCUBE would be 4.76, above
  # P-HYPERCUBE's 4.37 with one link less per router (Fig. 3), and RING-12
  # at 4.53 would contradict its 3.65 of Fig. 3.
  expect "fhypercube_12" {
    where                  = { label = "FHYPERCUBE", routers = 4096 }
    source                 = "Section III-B on Fig. 4, n = 12: the base of the differences the text gives"
    kind                   = "check"
    network_radix          = 13
    diameter               = { value = 6, note = "ceil(n/2): labels differing in h bits are min(h, n + 1 - h) hops apart" }
    avg_distance_all_pairs = { value = 5.0337, abs = 0.00005, why = "the exact value 5.03369 written with 4 decimals", note = "sum over h of C(12, h) min(h, 13 - h) / 2^12 = 20,618 / 4,096" }
  }
  expect "p_fhypercube_12" {
    where                      = { label = "P-FHYPERCUBE", routers = 4096 }
    source                     = "Section III-B on Fig. 4, n = 12: P-FHYPERCUBE's ASPL is 1.24 hops lower than that of [F]HYPERCUBE"
    avg_distance_all_pairs_min = { at_most = 3.7937, abs = 0.005, why = local.why_diff1, note = "5.0337 - 1.24 = 3.7937 (FHYPERCUBE as the base, see above)" }
    avg_distance_all_pairs_max = { at_least = 3.7937, abs = 0.005, why = local.why_diff1, note = "5.0337 - 1.24 = 3.7937 (FHYPERCUBE as the base, see above)" }
  }
  expect "ring_n1_12" {
    where                      = { label = "RING-(n+1)", routers = 4096 }
    source                     = "Section III-B on Fig. 4, n = 12: P-FHYPERCUBE's ASPL is 0.23 hops larger than that of RING-[(n+1)]"
    routers                    = { value = 4096, kind = "check" }
    network_radix              = { value = 13, kind = "check" }
    avg_distance_all_pairs_min = { at_most = 3.5637, abs = 0.01, why = local.why_diff2, note = "5.0337 - 1.24 - 0.23 = 3.5637 (RING-(n+1), see above)" }
    avg_distance_all_pairs_max = { at_least = 3.5637, abs = 0.01, why = local.why_diff2, note = "5.0337 - 1.24 - 0.23 = 3.5637 (RING-(n+1), see above)" }
  }
  # "All random topologies improve both metrics over the non-random
  # HYPERCUBE, with the exception of the diameter when n = 6": HYPERCUBE
  # here is again FHYPERCUBE, the only base for which n = 6 is an exception
  # (any graph of degree 7 on 64 routers has diameter at least 3, as
  # 1 + 7 + 7 x 6 = 50 < 64: none can improve on FHYPERCUBE's 3, while all
  # improve on HYPERCUBE's 6). For n >= 7 some seed of each random topology
  # below FHYPERCUBE's diameter ceil(n/2); the ASPL below its exact value at
  # every n (inclusive bound); at n = 6 no improvement of the diameter.
  expect "improve_diameter" {
    for_each     = { for x in setproduct(range(7, 13), ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"]) : "${x[1]}, N = ${pow(2, x[0])}" => { n = x[0], label = x[1] } }
    where        = { label = each.value.label, routers = pow(2, each.value.n) }
    source       = "Section III-B on Fig. 4: all random topologies improve both metrics over the non-random [F]HYPERCUBE, with the exception of the diameter when n = 6"
    note         = "FHYPERCUBE of n = ${each.value.n}: diameter ceil(${each.value.n}/2) = ${ceil(each.value.n / 2)}${contains([7, 8, 9, 10], each.value.n) ? local.note_fq_diameter : ""}"
    diameter_min = { at_most = ceil(each.value.n / 2) - 1 }
  }
  expect "improve_aspl" {
    for_each                   = { for x in setproduct(local.hc_n, ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"]) : "${x[1]}, N = ${pow(2, x[0])}" => { n = x[0], label = x[1] } }
    where                      = { label = each.value.label, routers = pow(2, each.value.n) }
    source                     = "Section III-B on Fig. 4: all random topologies improve both metrics over the non-random [F]HYPERCUBE"
    note                       = "FHYPERCUBE of n = ${each.value.n}: exact ASPL ${format("%.4f", local.fq_aspl[each.value.n])}"
    avg_distance_all_pairs_min = { at_most = local.fq_aspl[each.value.n] }
  }
  expect "n6_exception" {
    for_each     = { "P-FHYPERCUBE" = "P-FHYPERCUBE", "PF-FHYPERCUBE" = "PF-FHYPERCUBE", "RING-(n+1)" = "RING-(n+1)" }
    where        = { label = each.value, routers = 64 }
    source       = "Section III-B on Fig. 4: with the exception of the diameter when n = 6"
    kind         = "check"
    diameter_max = { at_least = 3, note = "not below FHYPERCUBE's ceil(6/2) = 3 (and no graph of degree 7 on 64 routers is: see above)" }
  }
  # "P-FHYPERCUBE leads to the same diameter as RING-(n+1), improving over
  # FHYPERCUBE by up to two hops": no seed more than two hops below
  # FHYPERCUBE. The equality with RING-(n+1) is checked in the tables
  # fig4_n6 .. fig4_n12 below. Not checked: that the improvement reaches
  # two hops at some n, which the text does not name (ours reaches one hop,
  # at n = 9, 11 and 12).
  expect "at_most_two_hops" {
    for_each     = { for n in local.hc_n : "N = ${pow(2, n)}" => n }
    where        = { label = "P-FHYPERCUBE", routers = pow(2, each.value) }
    source       = "Section III-B on Fig. 4: P-FHYPERCUBE improves over FHYPERCUBE by up to two hops"
    diameter_min = { at_least = ceil(each.value / 2) - 2, note = "FHYPERCUBE's ceil(${each.value}/2) = ${ceil(each.value / 2)} less two hops" }
  }
}

# Per size, the orderings between random topologies that the text states
# for every n, on the means over the seeds. Fig. 3 (reference P-HYPERCUBE;
# ratio = P-HYPERCUBE's value over the row's): "In all cases, P-HYPERCUBE
# leads to equivalent or better results than PF-HYPERCUBE" (PF row at most
# 1) and "In terms of diameter, P-HYPERCUBE is outperformed by RING-n",
# "P-HYPERCUBE leads to larger average shortest path lengths than RING-n"
# (RING-n row at least 1; inclusive: at n = 6 both diameters are 4 in every
# seed, so "outperformed" is only "not worse" there). Fig. 4 (reference
# P-FHYPERCUBE): "Again, in all cases, P-FHYPERCUBE leads to equivalent or
# better results than PF-FHYPERCUBE" (PF row at most 1) and "P-FHYPERCUBE
# leads to the same diameter as RING-(n+1)" (RING-(n+1) row: ratio 1 within
# 0.1, see why_same). A ratio names one reference row, hence one table per
# size.

locals {
  why_same = "the paper compares one draw of each, we compare means over seeds: where a few seeds' diameters are one hop off the rest (one seed in ten moves a mean by 0.1 hop) the means differ though single draws agree; 10% of a diameter of at most 6 hops (P-FHYPERCUBE's, at most FHYPERCUBE's largest, ceil(12/2) = 6, which the text says it improves on) is under one hop, so means a whole hop apart fail"
}

table "fig3_n6" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 64: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 64 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 64 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 64 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 64 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n7" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 128: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 128 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 128 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 128 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 128 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n8" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 256: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 256 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 256 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 256 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 256 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n9" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 512: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 512 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 512 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 512 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n10" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 1,024: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 1024 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 1024 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 1024 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 1024 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n11" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 2,048: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 2048 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 2048 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 2048 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 2048 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig3_n12" {
  study     = study.hypercubes
  title     = "Fig. 3, N = 4,096: P-HYPERCUBE over PF-HYPERCUBE and RING-n"
  where     = { label = ["P-HYPERCUBE", "PF-HYPERCUBE", "RING-n"], routers = 4096 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE", routers = 4096 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-HYPERCUBE", routers = 4096 }
    source                       = "Section III-B on Fig. 3: in all cases P-HYPERCUBE leads to equivalent or better results than PF-HYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "ring_vs_p" {
    where                        = { label = "RING-n", routers = 4096 }
    source                       = "Section III-B on Fig. 3: P-HYPERCUBE is outperformed by RING-n (diameter) and has larger ASPL"
    diameter_ratio               = { at_least = 1 }
    avg_distance_all_pairs_ratio = { at_least = 1 }
  }
}

table "fig4_n6" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 64: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 64 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 64 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 64 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 64 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n7" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 128: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 128 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 128 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 128 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 128 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n8" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 256: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 256 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 256 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 256 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 256 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n9" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 512: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 512 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 512 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 512 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n10" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 1,024: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 1024 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 1024 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 1024 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 1024 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n11" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 2,048: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 2048 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 2048 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 2048 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 2048 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

table "fig4_n12" {
  study     = study.hypercubes
  title     = "Fig. 4, N = 4,096: P-FHYPERCUBE over PF-FHYPERCUBE and RING-(n+1)"
  where     = { label = ["P-FHYPERCUBE", "PF-FHYPERCUBE", "RING-(n+1)"], routers = 4096 }
  mean_over = ["seed"]
  ratio_to  = { label = "P-FHYPERCUBE", routers = 4096 }
  ratios    = ["diameter", "avg_distance_all_pairs"]
  columns   = ["label", "diameter", "avg_distance_all_pairs", "diameter_ratio", "avg_distance_all_pairs_ratio"]
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f", diameter_ratio = "%.3f", avg_distance_all_pairs_ratio = "%.3f" }

  expect "p_vs_pf" {
    where                        = { label = "PF-FHYPERCUBE", routers = 4096 }
    source                       = "Section III-B on Fig. 4: in all cases P-FHYPERCUBE leads to equivalent or better results than PF-FHYPERCUBE"
    diameter_ratio               = { at_most = 1 }
    avg_distance_all_pairs_ratio = { at_most = 1 }
  }
  expect "same_diameter_as_ring" {
    where          = { label = "RING-(n+1)", routers = 4096 }
    source         = "Section III-B on Fig. 4: P-FHYPERCUBE leads to the same diameter as RING-(n+1)"
    diameter_ratio = { value = 1, rel = 0.1, why = local.why_same }
  }
}

# ---------------------------------------------------------------------------
# Fig. 1(a): diameter vs degree for topologies of 2^10 = 1,024 vertices
# (log y axis), as the paper reproduces it from its reference [6]: the 2-,
# 3- and 4-D tori (the paper does not give their shapes: 32 x 32, 8 x 8 x
# 16 and 4 x 4 x 8 x 8, the most balanced of 1,024 routers), the
# hypercube, the twisted hypercube [9] and the folded hypercube [10] of
# n = 10, the flattened butterflies [11] of 1,024 routers, and RING (ring
# plus random shortcuts) over degrees 3 and up. Flattened butterflies of
# 1,024 = k^n routers: k = 4, n = 5 (degree 15) and k = 32, n = 2 (degree
# 62); k = 2, n = 10 is the hypercube itself and k = 1,024, n = 1 the
# complete graph (degree 1,023), both left out. The twisted hypercube is
# defined for odd n; n = 10 is TQ_9 x K_2 (see the family). "Similar
# results are obtained when considering average shortest path length": the
# second figure.

topology "f1a_torus2" {
  family = "torus"
  label  = "2-D torus"
  dims   = [32, 32]
}

topology "f1a_torus3" {
  family = "torus"
  label  = "3-D torus"
  dims   = [8, 8, 16]
}

topology "f1a_torus4" {
  family = "torus"
  label  = "4-D torus"
  dims   = [4, 4, 8, 8]
}

topology "f1a_hc" {
  family = "hypercube"
  label  = "Hypercube"
  n      = 10
}

topology "f1a_tq" {
  family = "twisted_hypercube"
  label  = "Twisted hypercube"
  n      = 10
}

topology "f1a_fq" {
  family = "folded_hypercube"
  label  = "Folded hypercube"
  n      = 10
}

topology "f1a_fb4" {
  family = "flattened_butterfly"
  label  = "Flattened butterfly, k = 4"
  k      = 4
  n      = 5
}

topology "f1a_fb32" {
  family = "flattened_butterfly"
  label  = "Flattened butterfly, k = 32"
  k      = 32
  n      = 2
}

topology "f1a_ring" {
  family  = "ring_random"
  label   = "RING"
  routers = 1024
  degree  = local.f1a_degrees
  seed    = local.seeds
}

study "fig1a" {
  title      = "Diameter vs degree for 1,024 vertices (Fig. 1(a))"
  topologies = [topology.f1a_torus2, topology.f1a_torus3, topology.f1a_torus4, topology.f1a_hc, topology.f1a_tq, topology.f1a_fq, topology.f1a_fb4, topology.f1a_fb32, topology.f1a_ring]
  metrics    = ["routers", "network_radix", "diameter", "avg_distance_all_pairs"]
}

figure "fig1a" {
  study      = study.fig1a
  mean_over  = ["seed"]
  error_bars = true
  title      = "Diameter vs degree, 2^{10} vertices (Fig. 1(a))"
  x          = "network_radix"
  y          = "diameter"
  y_scale    = "log"
  x_label    = "Degree"
  y_label    = "Diameter [hops]"
  lines      = true
}

figure "fig1a_aspl" {
  study      = study.fig1a
  mean_over  = ["seed"]
  error_bars = true
  title      = "Average shortest path length vs degree, 2^{10} vertices (section I)"
  x          = "network_radix"
  y          = "avg_distance_all_pairs"
  y_scale    = "log"
  x_label    = "Degree"
  y_label    = "Average shortest path length [hops]"
}

table "fig1a" {
  study     = study.fig1a
  title     = "Diameter and ASPL vs degree, 1,024 vertices (Fig. 1(a))"
  mean_over = ["seed"]
  sort_by   = ["network_radix", "label"]
  columns   = ["label", "dims", "k", "n", "network_radix", "diameter", "diameter_min", "diameter_max", "avg_distance_all_pairs", "replicates"]
  headers   = { network_radix = "degree", avg_distance_all_pairs = "ASPL" }
  formats   = { diameter = "%.1f", avg_distance_all_pairs = "%.3f" }

  # The non-random points: degrees and diameters follow from the shapes we
  # chose (configuration checks): tori sum of floor(k_i/2), hypercube n,
  # twisted hypercube n/2 + 1 for even n, folded hypercube ceil(n/2),
  # flattened butterfly n.
  expect "nonrandom" {
    for_each = {
      "2-D torus"                   = { t = "f1a_torus2", deg = 4, d = 32, note = "16 + 16" }
      "3-D torus"                   = { t = "f1a_torus3", deg = 6, d = 16, note = "4 + 4 + 8" }
      "4-D torus"                   = { t = "f1a_torus4", deg = 8, d = 12, note = "2 + 2 + 4 + 4" }
      "Hypercube"                   = { t = "f1a_hc", deg = 10, d = 10, note = "n = 10" }
      "Twisted hypercube"           = { t = "f1a_tq", deg = 10, d = 6, note = "n/2 + 1 = 6 (TQ_9 has (9 + 1)/2 = 5)" }
      "Folded hypercube"            = { t = "f1a_fq", deg = 11, d = 5, note = "ceil(10/2) = 5" }
      "Flattened butterfly, k = 4"  = { t = "f1a_fb4", deg = 15, d = 5, note = "n = 5 dimensions of K_4" }
      "Flattened butterfly, k = 32" = { t = "f1a_fb32", deg = 62, d = 2, note = "n = 2 dimensions of K_32" }
    }
    where         = { topology = each.value.t }
    source        = "Fig. 1(a): the non-random topologies of 2^10 vertices (their degree and diameter from the construction)"
    kind          = "check"
    routers       = 1024
    network_radix = each.value.deg
    diameter      = { value = each.value.d, note = each.value.note }
  }
  # "For a given degree, random shortcut topologies have (often
  # dramatically) lower diameter than non-random topologies": at the degree
  # of each non-random topology, some seed of RING below its diameter.
  # Not at degree 62: the 32-ary flattened butterfly has diameter 2, which
  # only the complete graph beats ("often", not always; ours is 3).
  expect "ring_lower_diameter" {
    for_each = {
      "vs 2-D torus"           = { deg = 4, d = 32 }
      "vs 3-D torus"           = { deg = 6, d = 16 }
      "vs 4-D torus"           = { deg = 8, d = 12 }
      "vs hypercube"           = { deg = 10, d = 10 }
      "vs twisted hypercube"   = { deg = 10, d = 6 }
      "vs folded hypercube"    = { deg = 11, d = 5 }
      "vs flattened butterfly" = { deg = 15, d = 5 }
    }
    where        = { label = "RING", network_radix = each.value.deg }
    source       = "Section I on Fig. 1(a): for a given degree, random shortcut topologies have (often dramatically) lower diameter than non-random topologies"
    note         = "the non-random topology of degree ${each.value.deg} has diameter ${each.value.d}"
    diameter_min = { at_most = each.value.d - 1 }
  }
  # "Similar results are obtained when considering average shortest path
  # length": RING's below the non-random topologies' exact all-pairs ASPL
  # (tori: sum of k_i/4; hypercube n/2; folded hypercube 4,246 / 1,024;
  # flattened butterfly n (k - 1)/k). The twisted hypercube has no closed
  # form we know; it is in the table and the figure.
  expect "ring_lower_aspl" {
    for_each = {
      "vs 2-D torus"           = { deg = 4, a = 16, note = "8 + 8" }
      "vs 3-D torus"           = { deg = 6, a = 8, note = "2 + 2 + 4" }
      "vs 4-D torus"           = { deg = 8, a = 6, note = "1 + 1 + 2 + 2" }
      "vs hypercube"           = { deg = 10, a = 5, note = "n/2" }
      "vs folded hypercube"    = { deg = 11, a = 4246 / 1024, note = "4,246 / 1,024 = 4.1465" }
      "vs flattened butterfly" = { deg = 15, a = 3.75, note = "5 x 3/4" }
    }
    where                      = { label = "RING", network_radix = each.value.deg }
    source                     = "Section I on Fig. 1(a): similar results are obtained when considering average shortest path length"
    avg_distance_all_pairs_min = { at_most = each.value.a, note = "the non-random topology of degree ${each.value.deg}: ${each.value.note}" }
  }
}

# ---------------------------------------------------------------------------
# Fig. 1(b): cable length vs N for the hypercube, the torus and RING, all
# of degree log2 N, "switches taken in the canonical topological order and
# mapped to cabinets sequentially", on the floor of section III-D (preset
# cabinet_grid: 16 switches per 0.6 x 2.1 m cabinet, ceil(sqrt(m)) rows,
# 2 m cables inside a cabinet, Manhattan distance + 2 x 2 m between
# cabinets, cabinets in serpentine row order). A torus of degree log2 N on
# N = 2^n routers is the 4-ary (n/2)-cube, so n is even: N = 2^6 .. 2^14
# (quick: up to 2^10). The paper's figures of cable length against size
# (Figs. 14 and 15, same degree) reach 8,192 switches (section IV-D); 2^14
# is the next even n.
#
# The caption says "aggregate cable length", the text "average cable
# length" (the figure's axis is not in our copy). We draw both (layout
# metrics cable_length_total and cable_length_avg: router-to-router cables
# only, as section III-D ignores the endpoint cables), and check the
# text's ratio on the average. The cost model cabinet_seq is the paper's
# sequential method: rack_assignment "cabinet" takes the family's own
# cabinets (tori and hypercubes: 16 consecutive router ids in canonical
# order, cabinet_size) or 16 consecutive ring positions (RING), and the
# cabinets take the floor's serpentine order (the baseline mapping of
# section IV-D). Figs. 14, 15 and section V below use it too.

cost_model "cabinet_seq" {
  preset          = "cabinet_grid"
  description     = "The section III-D floor with the sequential method: 16 consecutive routers in canonical order per cabinet, cabinets in serpentine row order"
  rack_assignment = "cabinet"
}

topology "f1b_hc6" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = 6
}

topology "f1b_torus6" {
  family = "torus"
  label  = "TORUS"
  k      = 4
  n      = 3
}

topology "f1b_ring6" {
  family  = "ring_random"
  label   = "RING"
  routers = 64
  degree  = 6
  seed    = local.seeds
}

topology "f1b_hc8" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = 8
}

topology "f1b_torus8" {
  family = "torus"
  label  = "TORUS"
  k      = 4
  n      = 4
}

topology "f1b_ring8" {
  family  = "ring_random"
  label   = "RING"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "f1b_hc10" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = 10
}

topology "f1b_torus10" {
  family = "torus"
  label  = "TORUS"
  k      = 4
  n      = 5
}

topology "f1b_ring10" {
  family  = "ring_random"
  label   = "RING"
  routers = 1024
  degree  = 10
  seed    = local.seeds
}

topology "f1b_hc12" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = 12
}

topology "f1b_torus12" {
  family = "torus"
  label  = "TORUS"
  k      = 4
  n      = 6
}

topology "f1b_ring12" {
  family  = "ring_random"
  label   = "RING"
  routers = 4096
  degree  = 12
  seed    = local.seeds
}

topology "f1b_hc14" {
  family = "hypercube"
  label  = "HYPERCUBE"
  n      = 14
}

topology "f1b_torus14" {
  family = "torus"
  label  = "TORUS"
  k      = 4
  n      = 7
}

topology "f1b_ring14" {
  family  = "ring_random"
  label   = "RING"
  routers = 16384
  degree  = 14
  seed    = local.seeds
}

study "fig1b" {
  title = "Cable length vs N, degree log2 N, sequential cabinet layout (Fig. 1(b))"
  topologies = concat(
    [topology.f1b_hc6, topology.f1b_torus6, topology.f1b_ring6, topology.f1b_hc8, topology.f1b_torus8, topology.f1b_ring8, topology.f1b_hc10, topology.f1b_torus10, topology.f1b_ring10],
    local.paper ? [topology.f1b_hc12, topology.f1b_torus12, topology.f1b_ring12, topology.f1b_hc14, topology.f1b_torus14, topology.f1b_ring14] : [],
  )
  metrics    = ["routers", "network_radix", "links", "inter_rack_links", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg"]
  cost_model = cost_model.cabinet_seq
}

figure "fig1b" {
  study      = study.fig1b
  mean_over  = ["seed"]
  error_bars = true
  title      = "Average cable length vs N, degree log2 N (Fig. 1(b))"
  x          = "routers"
  y          = "cable_length_avg"
  x_scale    = "log"
  x_label    = "Number of switches N"
  y_label    = "Average cable length [m]"
  y_min      = 0
}

figure "fig1b_aggregate" {
  study      = study.fig1b
  mean_over  = ["seed"]
  error_bars = true
  title      = "Aggregate cable length vs N, degree log2 N (Fig. 1(b), caption)"
  x          = "routers"
  y          = "cable_length_total"
  x_scale    = "log"
  y_scale    = "log"
  x_label    = "Number of switches N"
  y_label    = "Aggregate cable length [m]"
}

table "fig1b" {
  study     = study.fig1b
  title     = "Cable length vs N, degree log2 N, sequential cabinet layout (Fig. 1(b))"
  mean_over = ["seed"]
  sort_by   = ["routers", "label"]
  columns   = ["label", "routers", "network_radix", "links", "inter_rack_links", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg", "replicates"]
  headers   = { routers = "N", network_radix = "degree", inter_rack_links = "inter-cabinet links", cable_length_total = "aggregate length [m]", cable_length_avg = "average length [m]", inter_rack_cable_length_avg = "average inter-cabinet length [m]" }
  formats   = { inter_rack_links = "%.0f", cable_length_total = "%.0f", cable_length_avg = "%.2f", inter_rack_cable_length_avg = "%.2f" }

  # Every topology of degree n = log2 N, hence n N / 2 links (checks of our
  # own configuration: the sizes are comparable).
  expect "degree_log2n" {
    for_each      = { for x in setproduct(local.f1b_n, ["HYPERCUBE", "TORUS", "RING"]) : "${x[1]}, N = ${pow(2, x[0])}" => { n = x[0], label = x[1] } }
    where         = { label = each.value.label, routers = pow(2, each.value.n) }
    source        = "Fig. 1(b): for a given network size all the topologies have the same degree (log2 N)"
    kind          = "check"
    network_radix = each.value.n
    links         = { value = each.value.n * pow(2, each.value.n - 1), note = "n N / 2" }
  }
}

# "The cable length of the random topology is about three times larger
# than that of the hypercube and torus", at the right end of the figure
# (the ratio grows with N under this layout); ratio = RING's average cable
# length over the row's.
table "fig1b_ratio" {
  study     = study.fig1b
  title     = "RING's average cable length over the hypercube's and the torus's, at the largest N (Fig. 1(b))"
  where     = { routers = local.paper ? 16384 : 1024 }
  mean_over = ["seed"]
  ratio_to  = { label = "RING", routers = local.paper ? 16384 : 1024 }
  ratios    = ["cable_length_avg", "cable_length_total", "inter_rack_cable_length_avg"]
  columns   = ["label", "routers", "cable_length_avg", "cable_length_avg_ratio", "cable_length_total_ratio", "inter_rack_cable_length_avg_ratio"]
  headers   = { cable_length_avg = "average length [m]", cable_length_avg_ratio = "RING / this", cable_length_total_ratio = "RING / this, aggregate", inter_rack_cable_length_avg_ratio = "RING / this, average inter-cabinet length" }
  formats   = { cable_length_avg = "%.2f", cable_length_avg_ratio = "%.2f", cable_length_total_ratio = "%.2f", inter_rack_cable_length_avg_ratio = "%.2f" }

  expect "three_times" {
    for_each               = { "HYPERCUBE" = "HYPERCUBE", "TORUS" = "TORUS" }
    enabled                = local.paper
    where                  = { label = each.value, routers = 16384 }
    source                 = "Section I on Fig. 1(b): the cable length of the random topology is about three times larger than that of the hypercube and torus"
    cable_length_avg_ratio = { value = 3, abs = 0.5, why = "\"about three times\": one significant digit", note = "At N = 2^14; the ratio grows with N under the sequential layout (1.3 at 64 switches, 1.7 at 1,024, 2.2 at 4,096), and the paper does not say where its figure ends. The same number of links makes it the ratio of the aggregate lengths too." }
  }
}

# ---------------------------------------------------------------------------
# Fig. 12: diameter and ASPL of the constrained shortcut rings against the
# average number of ring hops a shortcut spans (metric shortcut_hops_avg;
# the caption's "vs. degree" is a slip of the text), for Nbr(p)-n (p =
# 0.1 .. 1.0, family ring_nbr, p is reach) and Gau(alpha)-n (alpha = 0.1
# .. 1.0, ring_gau), n = 8 with 256 switches and n = 12 with 4,096
# (quick: 256 only), and RING-n (ring_random) as the rightmost points.

topology "f12_nbr256" {
  family  = "ring_nbr"
  label   = "Nbr(p)-n"
  routers = 256
  degree  = 8
  reach   = local.f12_frac
  seed    = local.seeds
}

topology "f12_gau256" {
  family  = "ring_gau"
  label   = "Gau(α)-n"
  routers = 256
  degree  = 8
  alpha   = local.f12_frac
  seed    = local.seeds
}

topology "f12_ring256" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "f12_nbr4096" {
  family  = "ring_nbr"
  label   = "Nbr(p)-n"
  routers = 4096
  degree  = 12
  reach   = local.f12_frac
  seed    = local.seeds
}

topology "f12_gau4096" {
  family  = "ring_gau"
  label   = "Gau(α)-n"
  routers = 4096
  degree  = 12
  alpha   = local.f12_frac
  seed    = local.seeds
}

topology "f12_ring4096" {
  family  = "ring_random"
  label   = "RING-n"
  routers = 4096
  degree  = 12
  seed    = local.seeds
}

study "fig12" {
  title = "Constrained random shortcuts: diameter and ASPL vs average shortcut hops (Fig. 12)"
  topologies = concat(
    [topology.f12_nbr256, topology.f12_gau256, topology.f12_ring256],
    local.paper ? [topology.f12_nbr4096, topology.f12_gau4096, topology.f12_ring4096] : [],
  )
  metrics = ["routers", "network_radix", "shortcut_hops_avg", "shortcut_hops_max", "diameter", "avg_distance_all_pairs"]
}

figure "fig12_diameter" {
  study      = study.fig12
  mean_over  = ["seed"]
  error_bars = true
  panels     = "routers"
  title      = "Diameter vs average shortcut hops (Fig. 12)"
  x          = "shortcut_hops_avg"
  y          = "diameter"
  x_label    = "Average hops along the ring spanned by a shortcut"
  y_label    = "Diameter [hops]"
  y_min      = 0
}

figure "fig12_aspl" {
  study      = study.fig12
  mean_over  = ["seed"]
  error_bars = true
  panels     = "routers"
  title      = "Average shortest path length vs average shortcut hops (Fig. 12)"
  x          = "shortcut_hops_avg"
  y          = "avg_distance_all_pairs"
  x_label    = "Average hops along the ring spanned by a shortcut"
  y_label    = "Average shortest path length [hops]"
  y_min      = 0
}

table "fig12" {
  study     = study.fig12
  title     = "Constrained random shortcuts (Fig. 12): means over the seeds, with their range"
  mean_over = ["seed"]
  sort_by   = ["routers", "label", "reach", "alpha"]
  columns   = ["label", "routers", "network_radix", "reach", "alpha", "shortcut_hops_avg", "shortcut_hops_max", "diameter", "diameter_min", "diameter_max", "avg_distance_all_pairs", "avg_distance_all_pairs_min", "avg_distance_all_pairs_max", "replicates"]
  headers   = { routers = "N", network_radix = "degree", reach = "p", avg_distance_all_pairs = "ASPL", avg_distance_all_pairs_min = "ASPL min", avg_distance_all_pairs_max = "ASPL max" }
  formats   = { shortcut_hops_avg = "%.1f", shortcut_hops_max = "%.1f", diameter = "%.1f", avg_distance_all_pairs = "%.3f", avg_distance_all_pairs_min = "%.3f", avg_distance_all_pairs_max = "%.3f" }

  # Section I: with p = 0.5 "shortcuts connect only nodes that are at most
  # N/4 hops away on a N-switch ring" (partners fewer than N x 0.5 / 2 hops
  # away): a property of the p we set.
  expect "nbr_half_256" {
    where             = { topology = "f12_nbr256", reach = 0.5 }
    source            = "Section I: constrained shortcuts connect only nodes at most N/4 hops away on an N-switch ring (Nbr(0.5))"
    kind              = "check"
    shortcut_hops_max = { at_most = 64, note = "N/4 = 256/4" }
  }
  expect "nbr_half_4096" {
    enabled           = local.paper
    where             = { topology = "f12_nbr4096", reach = 0.5 }
    source            = "Section I: constrained shortcuts connect only nodes at most N/4 hops away on an N-switch ring (Nbr(0.5))"
    kind              = "check"
    shortcut_hops_max = { at_most = 1024, note = "N/4 = 4,096/4" }
  }
  # "Nbr(>= 0.5)-n and Gau(>= 0.7)-n have diameters at most one hop larger
  # than RING-n": a bound relative to RING-n's diameter, which Fig. 12 does
  # not print. At 4,096 switches (n = 12) section III-B gives it: RING-12's
  # diameter is 12 - 4 - 3 = 5 (see fig3), so these have diameter at most
  # 6; some seed of each must. At 256 switches (n = 8) the paper gives no
  # RING-8 diameter, and a bound from our own RING-8 would test nothing the
  # paper says: not checked, nor the "comparable average shortest path
  # length" (no number) or Gau's "small advantage" at equal shortcut hops
  # (a comparison of curves); the figures show them.
  expect "nbr_within_one_hop_4096" {
    enabled      = local.paper
    where        = { topology = "f12_nbr4096", reach = [0.5, 0.6, 0.7, 0.8, 0.9, 1] }
    every        = true
    source       = "Section IV-B2 on Fig. 12: Nbr(>= 0.5)-n has a diameter at most one hop larger than RING-n (4,096 switches)"
    diameter_min = { at_most = 6, note = "RING-12's diameter from section III-B: 12 - 4 - 3 = 5, plus one hop" }
  }
  expect "gau_within_one_hop_4096" {
    enabled      = local.paper
    where        = { topology = "f12_gau4096", alpha = [0.7, 0.8, 0.9, 1] }
    every        = true
    source       = "Section IV-B2 on Fig. 12: Gau(>= 0.7)-n has a diameter at most one hop larger than RING-n (4,096 switches)"
    diameter_min = { at_most = 6, note = "RING-12's diameter from section III-B: 12 - 4 - 3 = 5, plus one hop" }
  }
}

# ---------------------------------------------------------------------------
# Figs. 14 and 15: the clustering and mapping of constrained shortcutting
# (section IV-C and IV-D) for HYPERCUBE, RING-n and Nbr(0.5)-n of degree
# n = log2 N, N = 2^6 .. 2^13 (the 8,192 switches of section IV-D; quick:
# up to 2^9), plus Gau(1.0)-n for the cabinet pairs of section IV-B3.
#
# Three cost models on the floor of section III-D (preset cabinet_grid), one
# per layout method; a study has one cost model, so each method is a study
# and the figures overlay them (which is why every topology block exists
# once per method, with the method in its label):
#
#   cabinet_seq  (above, Fig. 1(b)): the sequential method "seq" (16
#                consecutive routers per cabinet, in canonical order or
#                along the ring), cabinets in serpentine order ("base")
#   walktrap     Walktrap clustering capped at 16 routers per cabinet,
#                packed into N/16 cabinets ("walk"), serpentine order
#   walktrap_sa  walk, then simulated annealing of the cabinets' floor
#                locations ("SA", section IV-D)
#
# Section IV's pipeline is shortcuts, then clustering, then mapping: Fig.
# 15's Nbr(0.5)-n and RING-n are clustered by Walktrap (the method Fig. 14
# finds better for them) and mapped by serpentine order (base: the study
# fig14_walk) or by SA (fig15_sa). For HYPERCUBE the paper does not say;
# we cluster it by Walktrap too, which on the hypercube finds exactly the
# canonical cabinets (inter_rack_links equal to the sequential optimum
# (n - 4) N / 2 at every N, and the same base cable lengths as
# cabinet_seq's), so HYPERCUBE's rows of Fig. 15 are the sequential
# layout's, and all three topologies of Fig. 15 share one study.
#
# Annealing: the paper runs 10^8 iterations and keeps the best of 5
# trials. On this machine one core anneals RING-13's 512 cabinets (8,192
# switches, dense flows) at about 0.5 million moves per second (1.4
# million at 256 cabinets, BenchmarkAnneal), so the paper's 5 x 10^8 moves
# are about 17 minutes of CPU per instance, hours for two random
# topologies over several seeds at eight sizes. The paper profile runs
# 10^6 moves per restart, 5 restarts (quick, at most 32 cabinets: 2 x
# 10^4). What that costs, measured on one instance each at 8,192 switches
# (seed 1, walk + SA, average cable length with 10^6 -> 10^7 moves per
# restart): RING-13 18.669 -> 18.630 m (-0.2%), Nbr(0.5)-13 15.704 ->
# 15.676 m (-0.2%), HYPERCUBE 8.315 -> 8.131 m (-2.2%), and HYPERCUBE with
# the paper's 10^8: 8.079 m (-0.6% more; 2 min 11 s on the 2 cores for
# this one instance). HYPERCUBE's 9-cube of cabinets, few heavy flows,
# gains most from longer annealing; all changes are far smaller than the
# gaps the expectations below test (HYPERCUBE stays above the paper's 7 m
# even at 10^8).
#
# Random topologies over seeds (merged with mean_over): 10 seeds up to
# 2,048 switches, 3 at 4,096 and 8,192 (quick: 3 throughout), where the
# Walktrap clustering takes about 3 s and 12 s per instance and the seeds
# spread little (RING-13's inter-cabinet links vary by 0.05%).
#
# Not checked, because a table compares rows of one study and a study has
# one cost model, so no expectation can compare two layout methods of the
# same topology:
#
#   - "The Walktrap method outperforms the sequential method for
#     Nbr(0.5)-n and RING-n" (Fig. 14; tables fig14_seq and fig14_walk).
#     Ours: RING-n at every N (means, 18% fewer inter-cabinet links at 64
#     switches, 3% at 8,192); Nbr(0.5)-n at every N but 64 switches, where
#     Walktrap's 70.5 links exceed the sequential 69.2 (N/4-hop shortcuts
#     on a 64-ring stay within a cabinet or its neighbour, so the
#     sequential cabinets are already good).
#   - "For all topologies, the SA mapping method improves upon the
#     baseline" and "The improvement is around 10% for Nbr(0.5)-n and
#     RING-n" (Fig. 15; tables fig14_walk and fig15). Ours: SA is shorter
#     at every N for all three (means); at 1,024 to 8,192 switches by 8%
#     to 11% for Nbr(0.5)-n, 7% to 8% for RING-n and 4% to 16% for
#     HYPERCUBE; at 64 switches (4 cabinets) by 2% to 3%.
#
# The one cross-method claim with an exact reference is HYPERCUBE's: the
# sequential method's count is known in closed form, (n - 4) N / 2.

locals {
  f14_n       = local.paper ? range(6, 14) : range(6, 10)
  f14_n_max   = local.paper ? 13 : 9
  f14_largest = pow(2, local.f14_n_max)
  seeds_big   = range(1, 4)

  f14_headers = { routers = "N", inter_rack_links = "inter-cabinet links", rack_pairs = "cabinet pairs", cable_length_avg = "average cable length [m]", inter_rack_links_ratio = "Nbr / this, links", rack_pairs_ratio = "Nbr / this, cabinet pairs", cable_length_avg_ratio = "Nbr / this, cable length" }
  f14_formats = { inter_rack_links = "%.1f", rack_pairs = "%.1f", cable_length_avg = "%.2f", inter_rack_links_ratio = "%.3f", rack_pairs_ratio = "%.3f", cable_length_avg_ratio = "%.3f" }

  src_nbr_reduces = "Section IV-C2 on Fig. 14: Nbr(0.5)-n reduces the number of inter-cabinet links by up to 24% when compared to RING-n"
  src_gau_pairs   = "Section IV-B3: the number of pairs of cabinets that are directly connected is much larger with Gau than with Nbr"
  why_pct         = "a percentage printed as a whole number (+-0.5 percentage point)"
  why_pct_64      = "a percentage printed as a whole number: +-0.5% of HYPERCUBE's 64 links"
}

cost_model "walktrap" {
  preset          = "cabinet_grid"
  description     = "The section III-D floor with Walktrap clustering (section IV-C: at most 16 routers per cabinet, N/16 cabinets), cabinets in serpentine row order"
  rack_assignment = "walktrap"
}

cost_model "walktrap_sa" {
  preset            = "cabinet_grid"
  description       = "Walktrap clustering, then simulated annealing of the cabinets' floor locations (section IV-D)"
  rack_assignment   = "walktrap"
  rack_mapping      = "anneal"
  anneal_iterations = local.paper ? 1000000 : 20000
  anneal_restarts   = 5
}

topology "f14_hc_seq" {
  family = "hypercube"
  label  = "HYPERCUBE (seq)"
  n      = local.f14_n
}

topology "f14_hc_walk" {
  family = "hypercube"
  label  = "HYPERCUBE (walk)"
  n      = local.f14_n
}

topology "f15_hc_sa" {
  family = "hypercube"
  label  = "HYPERCUBE (walk + SA)"
  n      = local.f14_n
}

# RING-n, Nbr(0.5)-n and Gau(1.0)-n: routers and degree are paired, so one
# block per size, method and family.

# N = 64, degree 6.

topology "f14_ring_seq_64" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 64
  degree  = 6
  seed    = local.seeds
}

topology "f14_ring_walk_64" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 64
  degree  = 6
  seed    = local.seeds
}

topology "f14_ring_sa_64" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 64
  degree  = 6
  seed    = local.seeds
}

topology "f14_nbr_seq_64" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 64
  degree  = 6
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_64" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 64
  degree  = 6
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_64" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 64
  degree  = 6
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_64" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 64
  degree  = 6
  alpha   = 1.0
  seed    = local.seeds
}

# N = 128, degree 7.

topology "f14_ring_seq_128" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 128
  degree  = 7
  seed    = local.seeds
}

topology "f14_ring_walk_128" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 128
  degree  = 7
  seed    = local.seeds
}

topology "f14_ring_sa_128" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 128
  degree  = 7
  seed    = local.seeds
}

topology "f14_nbr_seq_128" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 128
  degree  = 7
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_128" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 128
  degree  = 7
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_128" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 128
  degree  = 7
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_128" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 128
  degree  = 7
  alpha   = 1.0
  seed    = local.seeds
}

# N = 256, degree 8.

topology "f14_ring_seq_256" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "f14_ring_walk_256" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "f14_ring_sa_256" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 256
  degree  = 8
  seed    = local.seeds
}

topology "f14_nbr_seq_256" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 256
  degree  = 8
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_256" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 256
  degree  = 8
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_256" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 256
  degree  = 8
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_256" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 256
  degree  = 8
  alpha   = 1.0
  seed    = local.seeds
}

# N = 512, degree 9.

topology "f14_ring_seq_512" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 512
  degree  = 9
  seed    = local.seeds
}

topology "f14_ring_walk_512" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 512
  degree  = 9
  seed    = local.seeds
}

topology "f14_ring_sa_512" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 512
  degree  = 9
  seed    = local.seeds
}

topology "f14_nbr_seq_512" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 512
  degree  = 9
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_512" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 512
  degree  = 9
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_512" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 512
  degree  = 9
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_512" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 512
  degree  = 9
  alpha   = 1.0
  seed    = local.seeds
}

# N = 1,024, degree 10 (paper profile only).

topology "f14_ring_seq_1024" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 1024
  degree  = 10
  seed    = local.seeds
}

topology "f14_ring_walk_1024" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 1024
  degree  = 10
  seed    = local.seeds
}

topology "f14_ring_sa_1024" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 1024
  degree  = 10
  seed    = local.seeds
}

topology "f14_nbr_seq_1024" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 1024
  degree  = 10
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_1024" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 1024
  degree  = 10
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_1024" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 1024
  degree  = 10
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_1024" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 1024
  degree  = 10
  alpha   = 1.0
  seed    = local.seeds
}

# N = 2,048, degree 11 (paper profile only).

topology "f14_ring_seq_2048" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 2048
  degree  = 11
  seed    = local.seeds
}

topology "f14_ring_walk_2048" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 2048
  degree  = 11
  seed    = local.seeds
}

topology "f14_ring_sa_2048" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 2048
  degree  = 11
  seed    = local.seeds
}

topology "f14_nbr_seq_2048" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 2048
  degree  = 11
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_walk_2048" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 2048
  degree  = 11
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_nbr_sa_2048" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 2048
  degree  = 11
  reach   = 0.5
  seed    = local.seeds
}

topology "f14_gau_walk_2048" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 2048
  degree  = 11
  alpha   = 1.0
  seed    = local.seeds
}

# N = 4,096, degree 12 (paper profile only).

topology "f14_ring_seq_4096" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 4096
  degree  = 12
  seed    = local.seeds_big
}

topology "f14_ring_walk_4096" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 4096
  degree  = 12
  seed    = local.seeds_big
}

topology "f14_ring_sa_4096" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 4096
  degree  = 12
  seed    = local.seeds_big
}

topology "f14_nbr_seq_4096" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 4096
  degree  = 12
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_nbr_walk_4096" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 4096
  degree  = 12
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_nbr_sa_4096" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 4096
  degree  = 12
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_gau_walk_4096" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 4096
  degree  = 12
  alpha   = 1.0
  seed    = local.seeds_big
}

# N = 8,192, degree 13 (paper profile only).

topology "f14_ring_seq_8192" {
  family  = "ring_random"
  label   = "RING-n (seq)"
  routers = 8192
  degree  = 13
  seed    = local.seeds_big
}

topology "f14_ring_walk_8192" {
  family  = "ring_random"
  label   = "RING-n (walk)"
  routers = 8192
  degree  = 13
  seed    = local.seeds_big
}

topology "f14_ring_sa_8192" {
  family  = "ring_random"
  label   = "RING-n (walk + SA)"
  routers = 8192
  degree  = 13
  seed    = local.seeds_big
}

topology "f14_nbr_seq_8192" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (seq)"
  routers = 8192
  degree  = 13
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_nbr_walk_8192" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk)"
  routers = 8192
  degree  = 13
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_nbr_sa_8192" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-n (walk + SA)"
  routers = 8192
  degree  = 13
  reach   = 0.5
  seed    = local.seeds_big
}

topology "f14_gau_walk_8192" {
  family  = "ring_gau"
  label   = "Gau(1.0)-n (walk)"
  routers = 8192
  degree  = 13
  alpha   = 1.0
  seed    = local.seeds_big
}

study "fig14_seq" {
  title = "Inter-cabinet links, cabinet pairs and cable length, sequential method (Fig. 14 seq, Fig. 15 is Walktrap's)"
  topologies = concat(
    [topology.f14_hc_seq, topology.f14_ring_seq_64, topology.f14_nbr_seq_64, topology.f14_ring_seq_128, topology.f14_nbr_seq_128, topology.f14_ring_seq_256, topology.f14_nbr_seq_256, topology.f14_ring_seq_512, topology.f14_nbr_seq_512],
    local.paper ? [topology.f14_ring_seq_1024, topology.f14_nbr_seq_1024, topology.f14_ring_seq_2048, topology.f14_nbr_seq_2048, topology.f14_ring_seq_4096, topology.f14_nbr_seq_4096, topology.f14_ring_seq_8192, topology.f14_nbr_seq_8192] : [],
  )
  metrics    = ["routers", "network_radix", "links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg"]
  cost_model = cost_model.cabinet_seq
}

study "fig14_walk" {
  title = "Inter-cabinet links, cabinet pairs and cable length, Walktrap clustering, serpentine mapping (Fig. 14 walk, Fig. 15 base)"
  topologies = concat(
    [topology.f14_hc_walk, topology.f14_ring_walk_64, topology.f14_nbr_walk_64, topology.f14_gau_walk_64, topology.f14_ring_walk_128, topology.f14_nbr_walk_128, topology.f14_gau_walk_128, topology.f14_ring_walk_256, topology.f14_nbr_walk_256, topology.f14_gau_walk_256, topology.f14_ring_walk_512, topology.f14_nbr_walk_512, topology.f14_gau_walk_512],
    local.paper ? [topology.f14_ring_walk_1024, topology.f14_nbr_walk_1024, topology.f14_gau_walk_1024, topology.f14_ring_walk_2048, topology.f14_nbr_walk_2048, topology.f14_gau_walk_2048, topology.f14_ring_walk_4096, topology.f14_nbr_walk_4096, topology.f14_gau_walk_4096, topology.f14_ring_walk_8192, topology.f14_nbr_walk_8192, topology.f14_gau_walk_8192] : [],
  )
  metrics    = ["routers", "network_radix", "links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg"]
  cost_model = cost_model.walktrap
}

study "fig15_sa" {
  title = "Cable length, Walktrap clustering and simulated annealing of the cabinet locations (Fig. 15 SA)"
  topologies = concat(
    [topology.f15_hc_sa, topology.f14_ring_sa_64, topology.f14_nbr_sa_64, topology.f14_ring_sa_128, topology.f14_nbr_sa_128, topology.f14_ring_sa_256, topology.f14_nbr_sa_256, topology.f14_ring_sa_512, topology.f14_nbr_sa_512],
    local.paper ? [topology.f14_ring_sa_1024, topology.f14_nbr_sa_1024, topology.f14_ring_sa_2048, topology.f14_nbr_sa_2048, topology.f14_ring_sa_4096, topology.f14_nbr_sa_4096, topology.f14_ring_sa_8192, topology.f14_nbr_sa_8192] : [],
  )
  metrics    = ["routers", "network_radix", "links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg"]
  cost_model = cost_model.walktrap_sa
}

# The figures overlay the studies of the methods and draw the means over
# the seeds with their 95% intervals (mean_over on the study and its
# overlays); the tables give the means with the seeds' ranges.

figure "fig14" {
  study      = study.fig14_seq
  overlay    = [study.fig14_walk]
  mean_over  = ["seed"]
  error_bars = true
  where      = { label = ["HYPERCUBE (seq)", "HYPERCUBE (walk)", "RING-n (seq)", "RING-n (walk)", "Nbr(0.5)-n (seq)", "Nbr(0.5)-n (walk)"] }
  title      = "Inter-cabinet links vs N, degree log2 N (Fig. 14)"
  x          = "routers"
  y          = "inter_rack_links"
  x_scale    = "log"
  y_scale    = "log"
  x_label    = "Number of switches N"
  y_label    = "Inter-cabinet links"
}

figure "fig14_pairs" {
  study      = study.fig14_walk
  overlay    = [study.fig14_seq]
  mean_over  = ["seed"]
  error_bars = true
  title      = "Cabinet pairs joined by a link vs N (section IV-B3)"
  x          = "routers"
  y          = "rack_pairs"
  x_scale    = "log"
  y_scale    = "log"
  x_label    = "Number of switches N"
  y_label    = "Directly connected cabinet pairs"
  height     = 10
  legend     = "top-left"
}

figure "fig15" {
  study         = study.fig15_sa
  overlay       = [study.fig14_walk]
  mean_over     = ["seed"]
  error_bars    = true
  where         = { label = ["HYPERCUBE (walk)", "HYPERCUBE (walk + SA)", "RING-n (walk)", "RING-n (walk + SA)", "Nbr(0.5)-n (walk)", "Nbr(0.5)-n (walk + SA)"] }
  title         = "Average cable length vs N, degree log2 N (Fig. 15)"
  x             = "routers"
  y             = "cable_length_avg"
  x_scale       = "log"
  x_label       = "Number of switches N"
  y_label       = "Average cable length [m]"
  y_min         = 0
  series_labels = { "HYPERCUBE (walk)" = "HYPERCUBE (base)", "HYPERCUBE (walk + SA)" = "HYPERCUBE (SA)", "RING-n (walk)" = "RING-n (base)", "RING-n (walk + SA)" = "RING-n (SA)", "Nbr(0.5)-n (walk)" = "Nbr(0.5)-n (base)", "Nbr(0.5)-n (walk + SA)" = "Nbr(0.5)-n (SA)" }
}

table "fig14_seq" {
  study     = study.fig14_seq
  title     = "Fig. 14, sequential method (seq): means over the seeds, with their range"
  mean_over = ["seed"]
  sort_by   = ["routers", "label"]
  columns   = ["label", "routers", "network_radix", "links", "inter_rack_links", "inter_rack_links_min", "inter_rack_links_max", "rack_pairs", "cable_length_avg", "inter_rack_cable_length_avg", "replicates"]
  headers   = { routers = "N", network_radix = "degree", inter_rack_links = "inter-cabinet links", inter_rack_links_min = "min", inter_rack_links_max = "max", rack_pairs = "cabinet pairs", cable_length_avg = "average cable length [m]", inter_rack_cable_length_avg = "average inter-cabinet length [m]" }
  formats   = { inter_rack_links = "%.1f", inter_rack_links_min = "%d", inter_rack_links_max = "%d", rack_pairs = "%.1f", cable_length_avg = "%.2f", inter_rack_cable_length_avg = "%.2f" }

  # HYPERCUBE in canonical order, 16 = 2^4 routers per cabinet: each
  # cabinet is a 4-subcube, so the links of the 4 low dimensions stay
  # inside (2N of the n N / 2) and the cabinets form an (n - 4)-cube of
  # N/16 cabinets, each pair of neighbouring cabinets joined by 16 links.
  # By the edge-isoperimetric inequality of the hypercube no 16 routers
  # hold more than 32 links, so (n - 4) N / 2 is the least number of
  # inter-cabinet links of any assignment to N/16 cabinets ("assigning
  # nodes to cabinet in the canonical topological order minimizes the
  # number of inter-cabinet links").
  expect "hypercube_seq" {
    for_each         = { for n in local.f14_n : "N = ${pow(2, n)}" => n }
    where            = { label = "HYPERCUBE (seq)", routers = pow(2, each.value) }
    source           = "Section IV-C2 on Fig. 14: for the HYPERCUBE, assigning nodes to cabinets in the canonical topological order minimizes the number of inter-cabinet links"
    kind             = "check"
    inter_rack_links = { value = (each.value - 4) * pow(2, each.value - 1), note = "(n - 4) N / 2, the minimum" }
    rack_pairs       = { value = (each.value - 4) * pow(2, each.value - 5), note = "the edges of the (n - 4)-cube of N/16 cabinets" }
  }
}

table "fig14_walk" {
  study     = study.fig14_walk
  title     = "Fig. 14, Walktrap clustering (walk), and Fig. 15's base mapping: means over the seeds, with their range"
  mean_over = ["seed"]
  sort_by   = ["routers", "label"]
  columns   = ["label", "routers", "network_radix", "links", "inter_rack_links", "inter_rack_links_min", "inter_rack_links_max", "rack_pairs", "cable_length_avg", "cable_length_avg_min", "cable_length_avg_max", "inter_rack_cable_length_avg", "replicates"]
  headers   = { routers = "N", network_radix = "degree", inter_rack_links = "inter-cabinet links", inter_rack_links_min = "min", inter_rack_links_max = "max", rack_pairs = "cabinet pairs", cable_length_avg = "average cable length [m]", cable_length_avg_min = "min", cable_length_avg_max = "max", inter_rack_cable_length_avg = "average inter-cabinet length [m]" }
  formats   = { inter_rack_links = "%.1f", inter_rack_links_min = "%d", inter_rack_links_max = "%d", rack_pairs = "%.1f", cable_length_avg = "%.2f", cable_length_avg_min = "%.2f", cable_length_avg_max = "%.2f", inter_rack_cable_length_avg = "%.2f" }

  # "The sequential method produces better results than the Walktrap
  # method for the HYPERCUBE topology": Walktrap's count above the
  # sequential optimum (n - 4) N / 2 (table fig14_seq). One sentence, one
  # expectation: checked at the largest N; the note says what we get at
  # the others.
  expect "seq_better_on_hypercube" {
    where            = { label = "HYPERCUBE (walk)", routers = local.f14_largest }
    source           = "Section IV-C2 on Fig. 14: the sequential method produces better results than the Walktrap method for the HYPERCUBE topology"
    inter_rack_links = { at_least = (local.f14_n_max - 4) * pow(2, local.f14_n_max - 1) + 1, note = "A tie, at every N: our Walktrap (capped at 16 routers per cluster, then packed) finds the canonical 4-subcubes, (n - 4) N / 2 inter-cabinet links, the least any assignment to N/16 cabinets can have (table fig14_seq), so the sequential method cannot do better. The paper's modified Walktrap evidently stopped short of that optimum on hypercubes; the reason it gives for the sequential method winning (the canonical order minimizes the count) holds." }
  }
}

# "The number of inter-cabinet links for RING-n is 59% larger than that of
# HYPERCUBE": the paper names neither the size nor the method. We compare
# each topology's better method, Walktrap for RING-n (the sentence follows
# "The Walktrap method outperforms the sequential method for ... RING-n")
# and the sequential optimum for HYPERCUBE, which our Walktrap reaches (the
# study fig14_walk holds both). The ratio cannot reach 1.59 at large N:
# RING-n has n N / 2 links in all and HYPERCUBE (n - 4) N / 2 between
# cabinets, so RING-n / HYPERCUBE < n / (n - 4), 1.57 at n = 11, 1.44 at
# n = 13. It falls with N under both methods, so we check it at the
# smallest N, 64 switches, where it is largest. HYPERCUBE's count there is
# exact, (6 - 4) x 64 / 2 = 64, so 59% more is 101.76 links, and RING-n's
# count is checked as one draw: within the range of our seeds. Ratio =
# RING-n's mean count over the row's.
table "fig14_ring_vs_hypercube" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 64: RING-n's inter-cabinet links over HYPERCUBE's and Nbr(0.5)-n's (Walktrap)"
  where     = { routers = 64 }
  mean_over = ["seed"]
  ratio_to  = { label = "RING-n (walk)", routers = 64 }
  ratios    = ["inter_rack_links"]
  columns   = ["label", "inter_rack_links", "inter_rack_links_min", "inter_rack_links_max", "inter_rack_links_ratio", "replicates"]
  headers   = { inter_rack_links = "inter-cabinet links", inter_rack_links_min = "min", inter_rack_links_max = "max", inter_rack_links_ratio = "RING / this" }
  formats   = { inter_rack_links = "%.1f", inter_rack_links_min = "%d", inter_rack_links_max = "%d", inter_rack_links_ratio = "%.3f" }

  expect "ring_59_percent" {
    where                = { label = "RING-n (walk)", routers = 64 }
    source               = "Section IV-C2 on Fig. 14: the number of inter-cabinet links for RING-n is 59% larger than that of HYPERCUBE"
    inter_rack_links_min = { at_most = 1.59 * 64, abs = 0.32, why = local.why_pct_64, note = "1.59 x HYPERCUBE's 64" }
    inter_rack_links_max = { at_least = 1.59 * 64, abs = 0.32, why = local.why_pct_64, note = "1.59 x HYPERCUBE's 64. Our Walktrap gives RING-6 81 to 90 inter-cabinet links over the seeds (mean 85.3, 33% above HYPERCUBE; 34% at 128 switches, 20% at 8,192). The sequential method gives 93 to 115 (mean 103.8, 62% above; 54% at 128 switches): the paper's 59% fits a comparison of the sequential layouts at 64 switches, or a Walktrap that gains less on RING-n than ours (18% fewer links than sequential at 64 switches)." }
  }
}

# Per size, Walktrap clustering (the study fig14_walk), ratio = Nbr(0.5)-n's
# value over the row's. "Nbr(0.5)-n reduces the number of inter-cabinet
# links by up to 24% when compared to RING-n": at every N, RING-n's row
# between 0.76 (a reduction of at most 24%) and 1 (a reduction), on the
# means. "Up to" also says that the reduction reaches 24% somewhere. Ours
# is largest at the smallest N and falls with N (means: 17% at 64
# switches, 7% at 128, 3% at 256, 0.3% at 8,192): Nbr(0.5)-n's shortcuts
# span fewer than N/4 ring hops, N/64 cabinets of a ring in canonical
# order, a locality the 16-router cabinets can use only while N is small.
# So the 24% is checked at 64 switches, as one draw of each topology (the
# paper's instances): between Nbr(0.5)-n's fewest links over RING-n's
# fewest and its most over RING-n's most (the columns _min_ratio and
# _max_ratio of the table fig14_n6).
#
# Section IV-B3: "the number of pairs of cabinets that are directly
# connected is much larger with Gau than with Nbr" (seen "in the
# experiments presented in upcoming sections", i.e. with clustering):
# Gau(1.0)-n's row of rack_pairs at most 1. "Much" is not a number: ours
# is 5% to 18% larger (Nbr / Gau 0.95 at 64 switches, 0.85 at 1,024, 0.94
# at 8,192), and the paper omits Gau(1.0)-n from Fig. 14 as "similar to
# Nbr(0.5)-n", which ours is at large N (0.2% more inter-cabinet links at
# 8,192 switches) but not at 64 (21% more; Gau's shortcuts have no bound).
#
# The cable_length_avg column is Fig. 15's base mapping. In the quick
# profile, which stops at 512 switches, the tables of larger N repeat
# N = 512 with their expectations disabled.

table "fig14_n6" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 64, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = 64 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = 64 }
  ratios    = ["inter_rack_links", "inter_rack_links_min", "inter_rack_links_max", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "inter_rack_links_min_ratio", "inter_rack_links_max_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = merge(local.f14_headers, { inter_rack_links_min_ratio = "Nbr / this, fewest links", inter_rack_links_max_ratio = "Nbr / this, most links" })
  formats   = merge(local.f14_formats, { inter_rack_links_min_ratio = "%.3f", inter_rack_links_max_ratio = "%.3f" })

  expect "nbr_fewer_links" {
    where                  = { label = "RING-n (walk)", routers = 64 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    where                  = { label = "RING-n (walk)", routers = 64 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    where            = { label = "Gau(1.0)-n (walk)", routers = 64 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
  expect "nbr_24_percent_as_a_draw" {
    where                      = { label = "RING-n (walk)", routers = 64 }
    source                     = local.src_nbr_reduces
    inter_rack_links_min_ratio = { at_most = 0.76, abs = 0.005, why = local.why_pct, note = "Nbr(0.5)-6's fewest inter-cabinet links over RING-6's fewest" }
    inter_rack_links_max_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct, note = "Nbr(0.5)-6's most over RING-6's most. On the means the reduction is 17% (0.76 would be 24%): Nbr(0.5)-6's count spreads widely over the seeds (50 to 82 links against RING-6's 81 to 90), as 64 routers leave few shortcuts to average over." }
  }
}

table "fig14_n7" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 128, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = 128 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = 128 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    where                  = { label = "RING-n (walk)", routers = 128 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    where                  = { label = "RING-n (walk)", routers = 128 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    where            = { label = "Gau(1.0)-n (walk)", routers = 128 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n8" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 256, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = 256 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = 256 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    where                  = { label = "RING-n (walk)", routers = 256 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    where                  = { label = "RING-n (walk)", routers = 256 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    where            = { label = "Gau(1.0)-n (walk)", routers = 256 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n9" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 512, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = 512 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    where                  = { label = "RING-n (walk)", routers = 512 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    where                  = { label = "RING-n (walk)", routers = 512 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    where            = { label = "Gau(1.0)-n (walk)", routers = 512 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n10" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 1,024, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = local.paper ? 1024 : 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = local.paper ? 1024 : 512 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 1024 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 1024 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    enabled          = local.paper
    where            = { label = "Gau(1.0)-n (walk)", routers = 1024 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n11" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 2,048, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = local.paper ? 2048 : 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = local.paper ? 2048 : 512 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 2048 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 2048 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    enabled          = local.paper
    where            = { label = "Gau(1.0)-n (walk)", routers = 2048 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n12" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 4,096, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = local.paper ? 4096 : 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = local.paper ? 4096 : 512 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 4096 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 4096 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    enabled          = local.paper
    where            = { label = "Gau(1.0)-n (walk)", routers = 4096 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig14_n13" {
  study     = study.fig14_walk
  title     = "Fig. 14, N = 8,192, Walktrap clustering: Nbr(0.5)-n over RING-n, Gau(1.0)-n and HYPERCUBE"
  where     = { routers = local.paper ? 8192 : 512 }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk)", routers = local.paper ? 8192 : 512 }
  ratios    = ["inter_rack_links", "rack_pairs", "cable_length_avg"]
  columns   = ["label", "routers", "inter_rack_links", "rack_pairs", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_avg_ratio"]
  headers   = local.f14_headers
  formats   = local.f14_formats

  expect "nbr_fewer_links" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 8192 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_most = 1 }
  }
  expect "nbr_up_to_24" {
    enabled                = local.paper
    where                  = { label = "RING-n (walk)", routers = 8192 }
    source                 = local.src_nbr_reduces
    inter_rack_links_ratio = { at_least = 0.76, abs = 0.005, why = local.why_pct }
  }
  expect "gau_more_pairs" {
    enabled          = local.paper
    where            = { label = "Gau(1.0)-n (walk)", routers = 8192 }
    source           = local.src_gau_pairs
    rack_pairs_ratio = { at_most = 1 }
  }
}

table "fig15" {
  study     = study.fig15_sa
  title     = "Fig. 15, Walktrap clustering and SA mapping: average cable length, means over the seeds, with their range"
  mean_over = ["seed"]
  sort_by   = ["routers", "label"]
  columns   = ["label", "routers", "network_radix", "inter_rack_links", "cable_length_avg", "cable_length_avg_min", "cable_length_avg_max", "inter_rack_cable_length_avg", "cable_length_total", "replicates"]
  headers   = { routers = "N", network_radix = "degree", inter_rack_links = "inter-cabinet links", cable_length_avg = "average cable length [m]", cable_length_avg_min = "min", cable_length_avg_max = "max", inter_rack_cable_length_avg = "average inter-cabinet length [m]", cable_length_total = "aggregate length [m]" }
  formats   = { inter_rack_links = "%.1f", cable_length_avg = "%.2f", cable_length_avg_min = "%.2f", cable_length_avg_max = "%.2f", inter_rack_cable_length_avg = "%.2f", cable_length_total = "%.0f" }

  # "Consider 8,192 switches ... At this scale, using the SA mapping
  # method, the average cable length for Nbr(0.5)-n is around 11m, while it
  # is around 7m for HYPERCUBE but more than 14m for RING-n." Random
  # topologies as one draw (within the range of the seeds).
  expect "nbr_11m" {
    enabled              = local.paper
    where                = { label = "Nbr(0.5)-n (walk + SA)", routers = 8192 }
    source               = "Section IV-D2 on Fig. 15: at 8,192 switches with SA, the average cable length for Nbr(0.5)-n is around 11m"
    cable_length_avg_min = { at_most = 11, abs = 0.5, why = local.why_metre }
    cable_length_avg_max = { at_least = 11, abs = 0.5, why = local.why_metre, note = "Ours: 15.6 to 15.7 m over the seeds (10^7 moves per restart shorten it by 0.2%). The section III-D floor puts 512 cabinets in 23 rows of 23 (13.2 m by 46.2 m), where two random cabinets are 20.7 m apart on average, plus the 4 m overhead; Nbr(0.5)-n's shortcuts span up to N/4 = 2,048 ring positions (128 cabinets), so no mapping keeps most of them short. The paper's three lengths at this size are all below ours (Nbr(0.5)-n 11 m vs 15.7, HYPERCUBE 7 m vs 8.3, RING-n more than 14 m vs 18.7): its floor at 8,192 switches may not be the one section III-D describes (see hypercube_7m), which we cannot tell from the text." }
  }
  expect "hypercube_7m" {
    enabled          = local.paper
    where            = { label = "HYPERCUBE (walk + SA)", routers = 8192 }
    source           = "Section IV-D2 on Fig. 15: at 8,192 switches with SA, the average cable length is around 7m for HYPERCUBE"
    cable_length_avg = { value = 7, abs = 0.5, why = local.why_metre, note = "Ours: 8.32 m with 10^6 moves per restart, 8.13 m with 10^7 and 8.08 m with the paper's 10^8 (one run, 2 min 11 s): more annealing does not reach 7 m. The 512 cabinets form a 9-cube (16 links between neighbours); on a floor of 16 rows of 32 cabinets, with 5 cube dimensions along the rows (0.6 m pitch: 0.6 + 1.2 + 2.4 + 4.8 + 9.6 m) and 4 across them (2.1 m pitch: 2.1 + 4.2 + 8.4 + 16.8 m), the average would be (16,384 x 2 + 4,096 x (50.1 + 9 x 4)) / 53,248 = 7.24 m, about the paper's 7; the section III-D floor of 23 x 23 locations does not allow that embedding. At 4,096 switches (a 16 x 16 floor, where the same embedding gives 6.71 m) our SA reaches 6.83 m." }
  }
  expect "ring_14m" {
    enabled              = local.paper
    where                = { label = "RING-n (walk + SA)", routers = 8192 }
    source               = "Section IV-D2 on Fig. 15: at 8,192 switches with SA, the average cable length is more than 14m for RING-n"
    cable_length_avg_max = { at_least = 14 }
  }
}

locals {
  why_metre = "\"around\" a whole number of metres (+-0.5 m)"
}

# "Nbr(0.5)-n improves the average cable length by 26% compared to RING-n,
# but HYPERCUBE leads to markedly lower average cable length": with SA
# (the layout section V compares), at the largest N, where the paper then
# quantifies the lengths; ratio = Nbr(0.5)-n's length over the row's.
table "fig15_ratio" {
  study     = study.fig15_sa
  title     = "Fig. 15 with SA, at the largest N: Nbr(0.5)-n's average cable length over RING-n's and HYPERCUBE's"
  where     = { routers = local.f14_largest }
  mean_over = ["seed"]
  ratio_to  = { label = "Nbr(0.5)-n (walk + SA)", routers = local.f14_largest }
  ratios    = ["cable_length_avg", "inter_rack_cable_length_avg"]
  columns   = ["label", "routers", "cable_length_avg", "cable_length_avg_ratio", "inter_rack_cable_length_avg", "inter_rack_cable_length_avg_ratio"]
  headers   = { routers = "N", cable_length_avg = "average cable length [m]", cable_length_avg_ratio = "Nbr / this", inter_rack_cable_length_avg = "average inter-cabinet length [m]", inter_rack_cable_length_avg_ratio = "Nbr / this, inter-cabinet" }
  formats   = { cable_length_avg = "%.2f", cable_length_avg_ratio = "%.3f", inter_rack_cable_length_avg = "%.2f", inter_rack_cable_length_avg_ratio = "%.3f" }

  expect "nbr_26_percent" {
    where                  = { label = "RING-n (walk + SA)", routers = local.f14_largest }
    source                 = "Section IV-D2 on Fig. 15: Nbr(0.5)-n improves the average cable length by 26% compared to RING-n"
    cable_length_avg_ratio = { value = 0.74, abs = 0.005, why = local.why_pct, note = "Ours: 0.840 (16% shorter) at 8,192 switches; with SA the gain grows with N (9% at 64 switches, 11% at 1,024, 15% at 4,096: table fig15), and with the base mapping it is 13% at 8,192 (table fig14_n13). Nbr(0.5)-n's shortcuts are half as long as RING-n's along the ring (at most N/4 hops), but on a 2-D floor half the ring distance is far from half the cable length." }
  }
  expect "hypercube_shorter" {
    where                  = { label = "HYPERCUBE (walk + SA)", routers = local.f14_largest }
    source                 = "Section IV-D2 on Fig. 15: HYPERCUBE leads to markedly lower average cable length"
    cable_length_avg_ratio = { at_least = 1, note = "\"markedly\" is not a number: Nbr(0.5)-n's length at least HYPERCUBE's" }
  }
}

# ---------------------------------------------------------------------------
# Section V: "Costs can be estimated using the method and parameters
# available in recent studies [35], [36]. The cost of 10Gbps cables ...
# is simply assumed to be in the $50-$200 range. Installation and
# re-wiring costs are in the $10-$50 range. ... For instance, P-HYPERCUBE
# decreases cost by up to 27% when compared to RING-12 in a network with
# 4,096 switches."
#
# The paper gives no formula, and its numbers do not determine one. On
# the sequential layout (table sec5_cost, means over the seeds):
#
#   - one price per cable ($50-$200) plus installation ($10-$50): no
#     difference at all, both networks having 24,576 cables (degree 12);
#   - cheap cables inside a cabinet ($50 + $10), dear ones between
#     cabinets ($200 + $50): 1 - (8,192 x 60 + 16,384 x 250) / (3,908 x 60
#     + 20,668 x 250) = 15%; 21% (1 - 16,384 / 20,668) even if the cables
#     inside a cabinet cost nothing;
#   - copper ($50) up to the 10 m that section II-C gives for passive
#     copper, optical ($200) beyond: 35% to 43% (from the cable lengths of
#     seed 1, counted outside this file: 19,200 of P-HYPERCUBE's cables
#     and 7,678 of RING-12's are at most 10 m);
#   - a price proportional to the length: 1 - 7.108 / 15.668 = 55%;
#   - a price rising linearly with the length across the $50-$200 range,
#     from the shortest cable (2 m) to the longest this floor allows (9 +
#     31.5 + 4 = 44.5 m), plus installation: 28% at $10, 20% at $50, i.e.
#     "up to 28%"; 27% if the $200 cable is 47 m.
#
# Only the last comes close, and it adds a length rule the paper does not
# state, so it is a guess and is not checked.
#
# What can be checked: (1) section III-A's premise, that a permutation
# keeps the cable length (P-HYPERCUBE's inter-cabinet links, cabinet pairs
# and cable length equal HYPERCUBE's in the same cabinets), and (2) that a
# 27% decrease is possible at all: for any price of the form fixed part +
# per-metre part, equal for both (the same 24,576 cables), P-HYPERCUBE's
# cost over RING-12's lies between its average cable length over RING-12's
# (no fixed part) and 1 (no per-metre part), so "27% cheaper" needs the
# length ratio at most 0.73. Both on the sequential layout of Fig. 1(b)
# (cabinet_seq), P-HYPERCUBE in its base topology's cabinets.

topology "sec5_phc" {
  family       = "hypercube"
  label        = "P-HYPERCUBE"
  n            = 12
  permute      = "partial"
  cabinet_size = 16
  seed         = local.seeds
}

topology "sec5_ring12" {
  family  = "ring_random"
  label   = "RING-12"
  routers = 4096
  degree  = 12
  seed    = local.seeds
}

study "sec5" {
  title      = "P-HYPERCUBE, HYPERCUBE and RING-12 on 4,096 switches, sequential layout (section V cost)"
  topologies = [topology.sec5_phc, topology.f1b_hc12, topology.sec5_ring12]
  metrics    = ["routers", "network_radix", "links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg"]
  cost_model = cost_model.cabinet_seq
}

table "sec5_cost" {
  study     = study.sec5
  title     = "Section V, 4,096 switches: P-HYPERCUBE's cabling over HYPERCUBE's and RING-12's (sequential layout)"
  mean_over = ["seed"]
  ratio_to  = { label = "P-HYPERCUBE" }
  ratios    = ["links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg"]
  columns   = ["label", "links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_links_ratio", "rack_pairs_ratio", "cable_length_total_ratio", "cable_length_avg_ratio", "replicates"]
  headers   = { inter_rack_links = "inter-cabinet links", rack_pairs = "cabinet pairs", cable_length_total = "aggregate length [m]", cable_length_avg = "average length [m]", inter_rack_links_ratio = "P-HC / this, links", rack_pairs_ratio = "P-HC / this, pairs", cable_length_total_ratio = "P-HC / this, aggregate", cable_length_avg_ratio = "P-HC / this, average" }
  formats   = { inter_rack_links = "%.0f", rack_pairs = "%.0f", cable_length_total = "%.0f", cable_length_avg = "%.3f", inter_rack_links_ratio = "%.3f", rack_pairs_ratio = "%.3f", cable_length_total_ratio = "%.3f", cable_length_avg_ratio = "%.3f" }

  expect "permutation_keeps_length" {
    where                    = { label = "HYPERCUBE" }
    source                   = "Section III-A: because all endpoint permutations are for links between the same pair of cabinets, bisection bandwidth and cable length are conserved"
    inter_rack_links_ratio   = 1
    rack_pairs_ratio         = 1
    cable_length_total_ratio = 1
  }
  expect "same_cables" {
    where       = { label = "RING-12" }
    source      = "Section V: P-HYPERCUBE and RING-12 of 4,096 switches have the same degree 12"
    kind        = "check"
    links_ratio = { value = 1, note = "24,576 links each: a per-cable price alone makes no difference" }
  }
  expect "cost_27_percent_possible" {
    where                  = { label = "RING-12" }
    source                 = "Section V: P-HYPERCUBE decreases cost by up to 27% when compared to RING-12 in a network with 4,096 switches ($50-$200 per 10 Gb/s cable, $10-$50 installation)"
    cable_length_avg_ratio = { at_most = 0.73, abs = 0.005, why = local.why_pct, note = "P-HYPERCUBE's average cable length is 0.454 of RING-12's (7.11 m against 15.67 m), so prices with a fixed and a per-metre part give decreases anywhere from 0 to 55%, 27% among them; the paper does not say which. Candidates, all guesses: one price per cable, 0% (the same 24,576 cables); dearer cables between cabinets ($200 + $50) than inside ($50 + $10), 15% (21% with free cables inside); copper up to 10 m and optical beyond, 35% to 43%; a price proportional to length, 55%; a price rising linearly from $50 at 2 m to $200 at 44.5 m (the longest cable this floor allows) plus $10 to $50 installation, 28% to 20%, the only one near 27% (see the comment above the table sec5_cost in the experiment file)." }
  }
}

# ===========================================================================
# SIMULATION SECTION of the reproduction of Koibuchi, Fujiwara, Matsutani
# and Casanova, "Layout-conscious Random Topologies for HPC Off-chip
# Interconnects", HPCA 2013 (../shared/papers/layout-conscious-random-
# topologies.txt): sections III-C (Figs. 5-8), III-D (Figs. 9 and 10),
# IV-B3 (Fig. 13) and V (Fig. 16), and the conclusion's percentages.
#
# Every name of this section starts with sim_:
#
#   runexp run experiments/layout-conscious-random.hcl --var simulate=all --var profile=quick   # CI: about 25 s on one core
#   runexp run experiments/layout-conscious-random.hcl --var simulate=latency                   # paper sizes, low-load latencies and cable lengths only
#   runexp run experiments/layout-conscious-random.hcl --var simulate=throughput                # paper sizes, also the throughput searches (Figs. 10, 16 and the throughput claims)
#   runexp run experiments/layout-conscious-random.hcl --var simulate=all                       # paper sizes, everything (about 2.5 hours on 2 cores, see "Cost" below)
#
# The model (section III-C1) is netsim's preset "layout": 96 Gb/s links,
# 256-bit flits (a channel cycle of 2.667 ns), 33-flit packets, virtual
# cut-through, 100 ns per router (75 router cycles at speedup 2), 20 ns per
# channel ("the flit injection delay and link delay together are set to
# 20 ns": injection, ejection and every link, 8 cycles = 21.3 ns), 4 VCs of
# 2 packets each. Zero-load latency is then about 228 + 121 h ns for h
# router-to-router hops (33 flits serialized once, two endpoint channels,
# h + 1 routers and h links): 713 ns on the 256-switch hypercube (h = 4),
# 1,200 ns on the 16 x 16 torus (h = 8).
#
# Networks (section III-C2 and the captions): 64 switches with 256 hosts (4
# per switch, 8 switches per cabinet), 256 switches with 2,048 hosts and 512
# with 4,096 (8 per switch, 16 per cabinet): HYPERCUBE (n = 6, 8, 9), its
# partial and full permutations P- and PF-HYPERCUBE, RING-n of the same
# degree, and at 256 switches TORUS-4 (16 x 16), P-/PF-TORUS-4 and RING-4;
# Fig. 13's Nbr(0.4)-8, Nbr(0.5)-8, Gau(0.7)-8 and Gau(1.0)-8 and Fig. 16's
# Nbr(0.5)-4 at 256 switches; Myrinet-Clos with 256 and 512 hosts (80 and
# 160 switches of 16 ports) and its full permutation ("the permuted Clos
# topology is computed using our fully randomness method"), leaves in the
# cabinets of their hosts and the other switches in switch-only cabinets
# (the family's cabinets). Quick profile: every network has 16 switches
# (hypercube n = 4, 4 x 4 torus, rings of degree 4) with 2 hosts each and 4
# switches per cabinet, and the Clos has 128 hosts; the quick profile only
# exercises the pipeline (its expectations are disabled, but for the
# configuration checks of the cable lengths).
#
# Random topologies: the paper simulates one instance of each; so do we
# (seed 1 of the family, the first of the main file's seeds). Their graph
# properties vary little between instances at these sizes (main file, Fig. 3
# and Table 1: ASPL within +-0.2% for P-HYPERCUBE and RING-8 at 256 switches,
# +-0.5% for P-TORUS-4 and RING-4, +-2% for PF-TORUS-4 over 10 seeds), and the
# tolerances below allow for that spread; they are not fitted to our output.
#
# Routing (section III-C1): Duato's protocol with dimension-order escape
# paths on tori and hypercubes ("duato-dor": 1 DOR escape VC and 3 adaptive
# VCs on a hypercube; 2 dateline escape VCs and 2 adaptive on a torus),
# Silla and Duato's adaptive routing with up*/down* escape on the random
# topologies, permuted ones included ("duato-updown": 1 escape and 3
# adaptive VCs), up*/down* on Myrinet-Clos ("updown", 4 VCs of one class).
# A study has one sim block, so one routing for all its topologies, and a
# table compares rows of one study only. The figures use the paper's
# routing for every network (HYPERCUBE and TORUS-4 in studies of their own,
# drawn over the random topologies' studies), but the comparison tables need
# HYPERCUBE and TORUS-4 in the same study as the random topologies, hence
# under duato-updown: escape paths by up*/down* instead of dimension order.
# Tables sim_escape_lat and sim_escape_thr check (kind "check", paper
# profile) that this changes the compared values by at most 1% of the
# low-load latency and one step of the throughput search; at 1% load the
# two schemes give the same latency under uniform traffic and differ by up
# to 1.6% under the permutations (64-switch transpose, TORUS-4 bit
# reversal), where the escape channels are sometimes used.
#
# Latency: "the elapsed time between the generation of a packet at a source
# host and its delivery at a destination host", netsim's latency_ns (from
# creation, source queue included, to the tail flit's delivery). Section
# III-C2 compares "the network latency of a given topology", "the value of
# the corresponding curve on the left of the horizontal axis", and section
# III-D says "latency values are the network delays measured in low load
# conditions before network saturation": the comparisons use the latency at
# an offered load of 1% of the link rate (0.96 Gb/s per host; quick: 5%),
# over 3 simulation seeds (quick: 2) whose 95% interval the tables show.
# At 1% the queueing adds about 1.5% to the zero-load latency of the routes
# taken (zero_load_latency_ns, also in the tables).
#
# Throughput: "the largest amount of traffic (in Gbit/sec) accepted by the
# network before network is not saturated" (III-C1), read off the latency
# curves as "the points at which the latency curve shoots up" (III-C2), and
# computed in III-D "as the largest accepted traffic at which network delay
# is less than 1.2 us". Each statement is checked with its own section's
# definition: those of sections III-C and IV-B3 (which uses "the
# methodology described in Section III-C1") on the saturation throughput
# (studies sim_sat and sim_clos_sat: netsim's throughput search, bisection
# over offered loads in steps of 0.0025 of the link rate, 0.24 Gb/s, quick
# 0.25, stopping at netsim's saturation criteria: accepted short of
# offered, packets not drained, latency above 3x the zero-load latency of
# its routes), those of sections III-D and V (Figs. 10 and 16) on the same
# search with search_max_latency_ns = 1200 (study sim_thr: the largest
# traffic before saturation with a delay under 1.2 us). The two differ where
# the latency reaches 1.2 us before the curve shoots up: TORUS-4's
# zero-load latency is about 1.2 us, so its throughput by the III-D
# criterion is 0, not the knee of its curve, and HYPERCUBE's searches in
# sim_thr stop at 1.2 us, 3% to 7% below its saturation; the random
# networks saturate before their latency reaches 1.2 us, so sim_sat and
# sim_thr agree on them. One search per point (seed 1);
# the tolerance of a throughput ratio is a search step on each side.
#
# Cable lengths and latency: the paper's link delay is a fixed 20 ns
# whatever the cable, so the reproduction does not set link_ns_per_m (cable
# lengths do not enter the simulated latency). Figs. 9, 10 and 16 plot the
# simulated values against the average inter-cabinet cable length
# (inter_rack_cable_length_avg) of the layout of section III-D (cost model
# preset cabinet_grid: 0.6 x 2.1 m cabinets of 16 switches in ceil(sqrt(m))
# rows, the Manhattan distance plus 2 m at each end); the layout is that of
# a cost_model, not of the simulation. HYPERCUBE, TORUS-4 and their
# permutations are laid out sequentially ("sequentially mapping switches to
# cabinets according to the canonical topological order", the serpentine
# floor order); RING-n and Nbr(0.5)-n by Walktrap clustering into cabinets
# and simulated annealing of the cabinet locations (sections IV-C and IV-D,
# 10^8 moves, best of 5; quick: 2 x 10^4 moves, 1 run). As an aside that
# the paper does not make, study sim_cable_* adds 5 ns per metre of cable
# (link_ns_per_m, copper or fibre) to the 20 ns and redraws Fig. 9 for
# uniform traffic (figure sim_fig9_cable_delay): no expectation.
#
# Traffic patterns: uniform, bit_reversal and transpose of netsim (package
# traffic). With 2^b hosts for odd b (2,048 hosts at 256 switches, the
# 512-host Clos) transpose is the rectangular matrix transpose (a 64 x 32
# matrix of hosts for 2^11: d_i = s_((i+5) mod 11)), so every host takes
# part; the paper does not say how it transposes 2^11 hosts. Bit reversal
# uses all 2^b hosts. Fig. 8 shows uniform and transpose only ("results for the bit
# reversal traffic pattern are similar but are omitted"); Fig. 13 likewise.
#
# What the text states and this section does not check, or checks partly:
# - comparisons between two tables (a table has one reference row): the
#   growth of the advantage with size is checked against the printed 256-
#   switch percentages (at most them at 64 switches, at least at 512), not
#   between our own sizes;
# - the cable lengths of Figs. 9 and 16 come from two cost models (the
#   sequential layout and Walktrap + annealing), hence two studies: "24% to
#   25% longer" and "30% to 31%" are checked as absolute lengths, the
#   published ratio times the sequential layout's length of P-TORUS-4
#   (5.2375 m) and P-HYPERCUBE (6.325 m), which a permutation does not
#   change and which tables sim_cable_seq_* check against the floor's
#   arithmetic;
# - "the best topology is permuted topology P-HYPERCUBE at degree 8" is
#   read with the rest of the sentence ("the other topologies lead to
#   similar (or even worse) performance at higher cabling costs"): the
#   others are at most 5% better and have longer cables;
# - vague words get a number, stated where used: "similar" and "sensibly
#   the same" within 5% (10% for the throughput of section III-C2's
#   "similar", which also says RING-n is "better"), "significantly" at
#   least 10%;
# - Fig. 13's "results for the bit reversal traffic pattern are omitted
#   because virtually identical to results obtained with the uniform
#   traffic pattern" is not simulated;
# - the paper's figures themselves (curve values) are not in its text: the
#   figures are redrawn from our simulations, without expectations.
#
# Findings at the paper's sizes (simulate = "all", committed in
# results/paper/layout-conscious-random): uniform traffic reproduces the
# 256-switch latency percentages closely (RING-8 / HYPERCUBE 0.805 for the
# paper's 0.806, P-HYPERCUBE / HYPERCUBE 0.832 for 0.835, RING-4 /
# PF-TORUS-4 0.790 for 0.79, P-TORUS-4 / PF-TORUS-4 0.947 for 0.95); so does
# transpose, with 2,048 hosts transposed as a 64 x 32 matrix; bit reversal
# keeps the order with smaller gaps (0.877 for 0.844, 0.905 for 0.880: our
# host numbering gives HYPERCUBE shorter bit-reversal routes); RING-4 /
# P-TORUS-4 is 0.83-0.84, as section III-C2's own 21% and 5% imply (0.832),
# not section III-D's 0.80-0.81. Throughput: RING-n leads the random
# networks, but the permuted hypercubes sustain less than HYPERCUBE and
# RING-n (the paper: "similar"), as their minimal paths' channel loads say
# (table sim_bound); HYPERCUBE, with hundreds of minimal paths per switch
# pair, leads under the two permutations; TORUS-4 is last under the 1.2 us
# criterion (its latency is above it at every load) but not under
# saturation; RING-4 / P-TORUS-4 is 1.83-1.86 against 2.0-2.5; Myrinet-Clos
# and its permutation are limited by their up*/down* root (table
# sim_bound_updown). Each miss carries its arithmetic in the scorecard.
#
# Cost (paper profile, the 2 cores at nice 19 while other work loaded the
# machine): simulate = "latency" (335 low-load cells and four annealed
# layouts) 10 minutes; "throughput" adds 120 searches under the 1.2 us
# criterion (1 h 12 min) and 71 saturation searches (39 min); "all" adds
# the load sweeps and the cable-delay aside, 1,449 cells in 25 minutes (a
# sweep stops one point past saturation), and the degree-4 networks' fine
# sweeps, 240 cells in 48 s.
# ===========================================================================


variable "simulate" {
  type        = string
  default     = "none"
  choices     = ["none", "latency", "throughput", "all"]
  description = "Which simulations of sections III-C, III-D, IV-B3 and V to run: \"none\" (the default), \"latency\" (the low-load latencies and the layouts' cable lengths: about 10 minutes at the paper's sizes), \"throughput\" (also the throughput searches of sections III-C2, III-D, IV-B3 and V and Figs. 10 and 16) or \"all\" (also the load sweeps of Figs. 5-8 and 13 and the cable-delay aside: about 2.5 hours on 2 cores at the paper's sizes, about 25 s with profile = \"quick\")."
}

locals {
  sim_on  = var.simulate != "none"
  sim_thr = var.simulate == "throughput" || var.simulate == "all"
  sim_all = var.simulate == "all"

  # Sizes: hypercube dimension n (2^n switches, degree n), hosts per switch
  # and switches per cabinet of the 64-, 256- and 512-switch networks (s, m,
  # l); quick: 16 switches, 2 hosts, 4 per cabinet for all three.
  sim_n       = { s = local.paper ? 6 : 4, m = local.paper ? 8 : 4, l = local.paper ? 9 : 4 }
  sim_routers = { for k, n in local.sim_n : k => pow(2, n) }
  sim_p       = { s = local.paper ? 4 : 2, m = local.paper ? 8 : 2, l = local.paper ? 8 : 2 }
  sim_cab     = { s = local.paper ? 8 : 4, m = local.paper ? 16 : 4, l = local.paper ? 16 : 4 }
  sim_t4_k    = local.paper ? 16 : 4 # TORUS-4: k x k, 256 (quick 16) switches
  # Myrinet-Clos: hosts, and the switches the family builds (5 x hosts / 16).
  sim_clos_hosts    = local.paper ? [256, 512] : [128]
  sim_clos_switches = [for h in local.sim_clos_hosts : 5 * h / 16]

  # Simulation settings. The low load of the latency comparisons (1% of the
  # link rate; quick 5%, where 1% would measure about 10 packets), its
  # seeds, the load sweeps of the figures (stopped one point past
  # saturation), the throughput search's step, and netsim's run lengths in
  # channel cycles of 2.667 ns (the defaults: warm-up 3,000 to 30,000
  # cycles, 5,000 measured, at most 20,000 to drain; quick: shorter).
  sim_l0        = local.paper ? 0.01 : 0.05
  sim_seeds_lat = local.paper ? 3 : 2
  sim_loads     = local.paper ? [0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.225, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0] : [0.05, 0.5]
  sim_loads4    = local.paper ? [for i in range(1, 21) : i / 200] : local.sim_loads
  sim_res       = local.paper ? 0.0025 : 0.25
  sim_wmin      = local.paper ? 3000 : 500
  sim_wmax      = local.paper ? 30000 : 2000
  sim_measure   = local.paper ? 5000 : 3000
  sim_drain     = local.paper ? 20000 : 5000

  # Annealing of the Walktrap cabinets (0 = the paper's 10^8 moves, 5 runs).
  sim_anneal_iterations = local.paper ? 0 : 20000
  sim_anneal_restarts   = local.paper ? 0 : 1

  # The sequential layout's average inter-cabinet cable length of TORUS-4
  # and HYPERCUBE (and of their permutations, which keep every cable between
  # the same two cabinets), from the floor of section III-D: m = 16
  # cabinets in 4 rows of 4, numbered in serpentine order (row i / 4,
  # column i mod 4, reversed in odd rows), 0.6 m apart in a row and 2.1 m
  # between rows, plus 2 m at each end. TORUS-4: cabinet y holds row y of the
  # 16 x 16 torus; its 256 inter-cabinet links join cabinets y and y + 1 mod
  # 16, 16 each: 12 pairs 0.6 m apart, 3 pairs 2.1 m apart (row changes)
  # and 15 ~ 0 at 6.3 m, (12 x 0.6 + 3 x 2.1 + 6.3) / 16 + 4 = 5.2375 m.
  # HYPERCUBE (n = 8): cabinet c holds ids 16c..16c+15; its 512
  # inter-cabinet links join c and c XOR 2^j (j = 0..3), 16 each: the 32
  # cabinet pairs are on average 2.325 m apart, 6.325 m with the overhead.
  # Quick: 4 cabinets of 4 on a 2 x 2 floor: (0.6 + 2.1 + 0.6 + 2.1) / 4 + 4
  # = 5.35 m for the 4 x 4 torus, (0.6 + 0.6 + 2.7 + 2.7) / 4 + 4 = 5.65 m
  # for the 4-cube.
  sim_cable_t4 = local.paper ? 5.2375 : 5.35
  sim_cable_hc = local.paper ? 6.325 : 5.65

  # Table columns.
  sim_lat_columns      = ["label", "endpoints", "traffic", "zero_load_latency_ns", "latency_ns", "latency_ns_ci95", "sim_hops", "latency_ns_ratio"]
  sim_lat_formats      = { zero_load_latency_ns = "%.1f", latency_ns = "%.1f", latency_ns_ci95 = "%.1f", sim_hops = "%.3f", latency_ns_ratio = "%.4f" }
  sim_thr_columns      = ["label", "traffic", "throughput_load", "throughput_gbps", "throughput_latency_ns", "search_probes", "throughput_gbps_ratio"]
  sim_thr_formats      = { throughput_load = "%.4f", throughput_gbps = "%.3f", throughput_latency_ns = "%.1f", throughput_gbps_ratio = "%.4f" }
  sim_clos_lat_columns = ["label", "hosts", "routers", "traffic", "zero_load_latency_ns", "latency_ns", "latency_ns_ci95", "sim_hops", "latency_ns_ratio"]
  sim_clos_thr_columns = ["label", "hosts", "traffic", "throughput_load", "throughput_gbps", "throughput_latency_ns", "search_probes", "throughput_gbps_ratio"]

  # Slack of one-sided comparisons, and its reasons (stated once).
  # Latency: one random draw of each random topology (+-0.2% of ASPL at 256
  # switches for the hypercube family, about 0.12% of the low-load latency,
  # for each of two networks) and our seeds' interval: 0.005.
  sim_slack_hc = 0.005
  # Throughput: one search step (0.0025 of the link rate) on each side of a
  # ratio of throughputs near 0.2 of the link rate (hypercubes and RING-n
  # under uniform traffic: 4 hops over 8 links shared by 8 hosts) is 2.5%;
  # near 0.1 for the degree-4 networks (TORUS-4's family and RING-4: 5%).
  sim_slack_step  = 0.025
  sim_slack_step4 = 0.05

  sim_why_slack_hc    = "one random draw of each random topology (ASPL within +-0.2% over 10 seeds at these sizes, about +-0.12% of the low-load latency) and the 95% interval of our 3 simulation seeds"
  sim_why_pct1        = "printed to 0.1 percentage point (+-0.0005) plus 0.005 for one random draw of each random topology (ASPL within +-0.2% over 10 seeds, about +-0.12% of the low-load latency) and the 95% interval of our 3 simulation seeds"
  sim_why_pct0_pf     = "printed to whole percents (+-0.005) plus 0.02 for one random draw: PF-TORUS-4's ASPL varies by +-2% over 10 seeds (5.88 to 6.14), about +-1.5% of its low-load latency"
  sim_why_19to20      = "the printed range 0.80 to 0.81 (19% to 20% smaller, over the three patterns), its ends rounded to whole percents (+-0.005), plus 0.01 for one random draw of P-TORUS-4 and RING-4 (ASPL within +-0.5% over 10 seeds, about +-0.4% of the low-load latency each)"
  sim_why_3to5        = "the printed range 0.95 to 0.97 (3% to 5% smaller, over the three patterns), its ends rounded to whole percents (+-0.005), plus 0.005 for one random draw of RING-8 and P-HYPERCUBE (ASPL within +-0.2% over 10 seeds) and our seeds' interval"
  sim_why_same        = "\"sensibly the same\": read as within 5%"
  sim_why_same_step   = "\"sensibly the same\": read as within 5%; the search step (0.0025 of the link rate at throughputs near 0.2) is within it"
  sim_why_similar     = "\"similar (or even worse)\": read as at most 5% better"
  sim_why_similar10   = "\"similar throughput\" next to \"RING-n leads to the better results\": read as RING-n at most 10% above"
  sim_why_significant = "\"decreases significantly\": read as at least 10% below RING-8, twice the 5% of \"sensibly the same\""
  sim_why_tilde15     = "\"up to ~15%\" with one significant digit: at most 17.5% (the paper's own 17.2% at 256 switches fits)"
  sim_why_step        = "one step of the throughput search (0.0025 of the link rate) on each of two throughputs near 0.2 of the link rate: 2.5%"
  sim_why_step4       = "one step of the throughput search (0.0025 of the link rate) on each of two throughputs near 0.1 of the link rate (degree-4 networks): 5%"
  sim_why_100to150    = "the printed range 2.0 to 2.5 (100% to 150% more, over the three patterns)"
  sim_why_cable       = "the printed range (24% to 25%, resp. 30% to 31%, longer) with its ends rounded to whole percents: +-1% of the reference length"
  sim_why_escape      = "for two rows (the two routings) the 95% half-width is t(0.975, 1) x |a - b| / 2 = 6.353 |a - b|; the bound is |a - b| at most 1% of the network's uniform zero-load latency (228 + 121.3 h ns, h = n/2 hops on the hypercube, k/2 on the torus), small against the differences the tables compare (3% and more)"
  sim_why_escape_thr  = "for two rows the 95% half-width is 6.353 |a - b|; the bound is |a - b| at most one step of the throughput search"

  # The statements checked, quoted once.
  sim_src_ring256 = "Section III-C2: for a 256-switch topology, [RING-n] achieves latency lower than that of HYPERCUBE by 19.4%, 20.1%, and 15.6% for the uniform, matrix-transpose, and bit-reversal traffic, respectively"
  sim_src_php256  = "Section III-C2: By comparison, the latency of P-HYPERCUBE improves over that of HYPERCUBE by 16.5%, 17.2%, and 12.0%"
  sim_src_pf      = "Section III-C2: PF-HYPERCUBE leads to performance inferior to that of P-HYPERCUBE"
  sim_src_trend   = "Section III-C2: The advantage of random topologies over the baseline HYPERCUBE increases as network size increases"
  sim_src_best    = "Section III-C2: For 2^n-switch topologies, RING-n leads to the better results in terms of both latency and throughput than all HYPERCUBE versions"
  sim_src_similar = "Section III-C2: It is worth noting that all same-degree hypercube and RING-n topologies achieve similar throughput"
  sim_src_torus   = "Section III-C2: In the case of 256 switches, results show that the non-random TORUS-4 is widely outperformed by same-degree random topologies"
  sim_src_pt4     = "Section III-C2: P-TORUS-4 is significantly better than PF-TORUS-4 (with a latency 5% lower) but not as good as RING-4 (which has a latency 21% lower than PF-TORUS-4)"
  sim_src_order   = "Section III-C2: for these low-degree topologies, we do observe differences in throughput, with network saturation being reached first by TORUS-4, then PF-TORUS-4, then P-TORUS-4, and finally by RING-4"
  sim_src_clos    = "Section III-C2 on Fig. 8: the original and permuted topologies achieve sensibly the same throughput, but the permuted topology improves communication latency for all traffic patterns, by up to 23.4%"
  sim_src_f9_4    = "Section III-D on Fig. 9: Among the topologies with degree 4, RING-4 leads to latency between 19% and 20% smaller than P-TORUS-4 but at the expense of between 24% and 25% longer average cable length"
  sim_src_f9_8    = "Section III-D on Fig. 9: RING-8 leads to latencies only between 3% and 5% smaller than P-HYPERCUBE, but incurs an increase in cable length between 30% and 31%"
  sim_src_f10_4   = "Section III-D on Fig. 10: RING-4 improves on P-TORUS-4 by between 100% and 150%"
  sim_src_f10_8   = "Section III-D on Fig. 10: RING-8 improves on P-HYPERCUBE by less than 0.04% in the case of the uniform and matrix transpose traffics and even leads to lower throughput than P-HYPERCUBE for the bit reversal traffic"
  sim_src_ptopo   = "Section III-D: In all results, and as expected, a topology topo is either equivalent to or outperformed by the P-topo topology"
  sim_src_f13u    = "Section IV-B3 on Fig. 13: The results for the uniform traffic pattern show that all topologies lead to sensibly the same results"
  sim_src_f13t    = "Section IV-B3 on Fig. 13: for the matrix transpose traffic, we observe that the throughput decreases significantly for Nbr(0.4)-8 and Gau(0.7)-8 compared to the other topologies"
  sim_src_f16_8   = "Section V on Fig. 16: For all traffic patterns considering latency or throughput, the results show that the best topology is permuted topology P-HYPERCUBE at degree 8. The other topologies lead to similar (or even worse) performance at higher cabling costs"
  sim_src_f16_4   = "Section V on Fig. 16: At degree 4, ... the permuted topology P-TORUS is the most economical, RING-n is the most high-performance, and Nbr(0.5)-n strikes a compromise between the two"
  sim_src_concl   = "Section VII: In our results permuting a topology can improve latency (by up to ~15% for direct topologies and ~25% for indirect topologies) while leading to the same or even slightly higher throughput"
}

# Layouts of section III-D (Figs. 9, 10, 16): the sequential one (cabinets
# of the family: cabinet_size consecutive router ids, set below on every
# torus and hypercube) and the one of RING-n and Nbr(0.5)-n (Walktrap
# clustering capped at the cabinet size, then annealed cabinet locations).

cost_model "sim_sequential" {
  preset       = "cabinet_grid"
  description  = "Section III-D: switches in canonical order, mapped to cabinets sequentially, cabinets in serpentine order on the floor"
  rack_routers = local.sim_cab.m
}

cost_model "sim_walktrap" {
  preset            = "cabinet_grid"
  description       = "Sections IV-C and IV-D: Walktrap clusters of at most a cabinet's switches, cabinet locations by simulated annealing"
  rack_assignment   = "walktrap"
  rack_mapping      = "anneal"
  rack_routers      = local.sim_cab.m
  anneal_iterations = local.sim_anneal_iterations
  anneal_restarts   = local.sim_anneal_restarts
}

# ---------------------------------------------------------------------------
# Topologies. One random instance each (seed 1).

topology "sim_hc_s" {
  family       = "hypercube"
  label        = "HYPERCUBE"
  n            = local.sim_n.s
  p            = local.sim_p.s
  cabinet_size = local.sim_cab.s
}

topology "sim_php_s" {
  family       = "hypercube"
  label        = "P-HYPERCUBE"
  n            = local.sim_n.s
  p            = local.sim_p.s
  permute      = "partial"
  cabinet_size = local.sim_cab.s
  seed         = 1
}

topology "sim_pfhc_s" {
  family       = "hypercube"
  label        = "PF-HYPERCUBE"
  n            = local.sim_n.s
  p            = local.sim_p.s
  permute      = "full"
  cabinet_size = local.sim_cab.s
  seed         = 1
}

topology "sim_ring_s" {
  family  = "ring_random"
  label   = "RING-${local.sim_n.s}"
  routers = local.sim_routers.s
  degree  = local.sim_n.s
  p       = local.sim_p.s
  seed    = 1
}

topology "sim_hc_m" {
  family       = "hypercube"
  label        = "HYPERCUBE"
  n            = local.sim_n.m
  p            = local.sim_p.m
  cabinet_size = local.sim_cab.m
}

topology "sim_php_m" {
  family       = "hypercube"
  label        = "P-HYPERCUBE"
  n            = local.sim_n.m
  p            = local.sim_p.m
  permute      = "partial"
  cabinet_size = local.sim_cab.m
  seed         = 1
}

topology "sim_pfhc_m" {
  family       = "hypercube"
  label        = "PF-HYPERCUBE"
  n            = local.sim_n.m
  p            = local.sim_p.m
  permute      = "full"
  cabinet_size = local.sim_cab.m
  seed         = 1
}

topology "sim_ring_m" {
  family  = "ring_random"
  label   = "RING-${local.sim_n.m}"
  routers = local.sim_routers.m
  degree  = local.sim_n.m
  p       = local.sim_p.m
  seed    = 1
}

topology "sim_hc_l" {
  family       = "hypercube"
  label        = "HYPERCUBE"
  n            = local.sim_n.l
  p            = local.sim_p.l
  cabinet_size = local.sim_cab.l
}

topology "sim_php_l" {
  family       = "hypercube"
  label        = "P-HYPERCUBE"
  n            = local.sim_n.l
  p            = local.sim_p.l
  permute      = "partial"
  cabinet_size = local.sim_cab.l
  seed         = 1
}

topology "sim_pfhc_l" {
  family       = "hypercube"
  label        = "PF-HYPERCUBE"
  n            = local.sim_n.l
  p            = local.sim_p.l
  permute      = "full"
  cabinet_size = local.sim_cab.l
  seed         = 1
}

topology "sim_ring_l" {
  family  = "ring_random"
  label   = "RING-${local.sim_n.l}"
  routers = local.sim_routers.l
  degree  = local.sim_n.l
  p       = local.sim_p.l
  seed    = 1
}

# Degree 4 at 256 switches (quick: 16): TORUS-4 is the k x k torus, one
# cabinet per row of k switches (router id x + k y, cabinet y).

topology "sim_t4" {
  family       = "torus"
  label        = "TORUS-4"
  k            = local.sim_t4_k
  n            = 2
  p            = local.sim_p.m
  cabinet_size = local.sim_cab.m
}

topology "sim_pt4" {
  family       = "torus"
  label        = "P-TORUS-4"
  k            = local.sim_t4_k
  n            = 2
  p            = local.sim_p.m
  permute      = "partial"
  cabinet_size = local.sim_cab.m
  seed         = 1
}

topology "sim_pft4" {
  family       = "torus"
  label        = "PF-TORUS-4"
  k            = local.sim_t4_k
  n            = 2
  p            = local.sim_p.m
  permute      = "full"
  cabinet_size = local.sim_cab.m
  seed         = 1
}

topology "sim_ring4" {
  family  = "ring_random"
  label   = "RING-4"
  routers = local.sim_routers.m
  degree  = 4
  p       = local.sim_p.m
  seed    = 1
}

# Constrained shortcutting (section IV-B): Fig. 13's four topologies of
# degree 8 and Fig. 16's Nbr(0.5)-n of degree 4 and 8.

topology "sim_nbr4" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-4"
  routers = local.sim_routers.m
  degree  = 4
  reach   = 0.5
  p       = local.sim_p.m
  seed    = 1
}

topology "sim_nbr8" {
  family  = "ring_nbr"
  label   = "Nbr(0.5)-${local.sim_n.m}"
  routers = local.sim_routers.m
  degree  = local.sim_n.m
  reach   = 0.5
  p       = local.sim_p.m
  seed    = 1
}

topology "sim_nbr04_8" {
  family  = "ring_nbr"
  label   = "Nbr(0.4)-${local.sim_n.m}"
  routers = local.sim_routers.m
  degree  = local.sim_n.m
  reach   = 0.4
  p       = local.sim_p.m
  seed    = 1
}

topology "sim_gau07_8" {
  family  = "ring_gau"
  label   = "Gau(0.7)-${local.sim_n.m}"
  routers = local.sim_routers.m
  degree  = local.sim_n.m
  alpha   = 0.7
  p       = local.sim_p.m
  seed    = 1
}

topology "sim_gau10_8" {
  family  = "ring_gau"
  label   = "Gau(1.0)-${local.sim_n.m}"
  routers = local.sim_routers.m
  degree  = local.sim_n.m
  alpha   = 1.0
  p       = local.sim_p.m
  seed    = 1
}

# Myrinet-Clos (Fig. 8): 16-port switches, 8 hosts per leaf; the family's
# cabinets (leaves with their hosts, up to 128 per cabinet; spines and tops
# in switch-only cabinets of 16). The permuted network: permute = "full".

topology "sim_clos" {
  family = "myrinet_clos"
  label  = "Myrinet-Clos"
  hosts  = local.sim_clos_hosts
}

topology "sim_pclos" {
  family  = "myrinet_clos"
  label   = "PF-Myrinet-Clos"
  hosts   = local.sim_clos_hosts
  permute = "full"
  seed    = 1
}

# ---------------------------------------------------------------------------
# Studies. Every sim block: preset "layout" with the run lengths of the
# profile. Cells are shared between studies wherever the point is the same
# (a low-load point of sim_lat is the first point of a sweep, the
# duato-updown points of the escape checks are those of sim_lat and
# sim_thr, the layout studies' points are those of sim_lat and sim_thr:
# the cost model enters a sim cell only with link_ns_per_m).

# Low-load latency of every direct network, for the comparison tables:
# duato-updown on all of them (see the head of the section).
study "sim_lat" {
  title   = "Low-load latency of the direct networks (sections III-C2, III-D, IV-B3, V), duato-updown"
  enabled = local.sim_on
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m,
    topology.sim_t4, topology.sim_pt4, topology.sim_pft4, topology.sim_ring4,
    topology.sim_nbr4, topology.sim_nbr8, topology.sim_nbr04_8, topology.sim_gau07_8, topology.sim_gau10_8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["routers", "endpoints", "latency_ns", "zero_load_latency_ns", "sim_hops", "accepted_gbps", "saturated"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_l0
    seeds          = local.sim_seeds_lat
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

# Throughput (latency under 1.2 us) of every direct network, duato-updown.
study "sim_thr" {
  title   = "Throughput of the direct networks: largest accepted traffic with latency under 1.2 us (sections III-C2, III-D, IV-B3, V), duato-updown"
  enabled = local.sim_thr
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m,
    topology.sim_t4, topology.sim_pt4, topology.sim_pft4, topology.sim_ring4,
    topology.sim_nbr4, topology.sim_nbr8, topology.sim_nbr04_8, topology.sim_gau07_8, topology.sim_gau10_8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["throughput_gbps", "throughput_load", "throughput", "throughput_latency_ns", "search_probes"]
  sim {
    preset                = "layout"
    routing               = "duato-updown"
    traffic               = ["uniform", "transpose", "bit_reversal"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

# Saturation throughput (sections III-C1, III-C2 and IV-B3: "the largest
# amount of traffic accepted by the network before network is not
# saturated", "the points at which the latency curve shoots up"): the same
# search without the latency bound of section III-D, so it stops at
# netsim's saturation criteria only. The statements of sections III-C and
# IV-B3 are checked on it, those of sections III-D and V (Figs. 10 and 16)
# on sim_thr.
study "sim_sat" {
  title   = "Saturation throughput of the direct networks: the largest load netsim does not find saturated (sections III-C1, III-C2, IV-B3), duato-updown"
  enabled = local.sim_thr
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m,
    topology.sim_t4, topology.sim_pt4, topology.sim_pft4, topology.sim_ring4,
    topology.sim_nbr4, topology.sim_nbr8, topology.sim_nbr04_8, topology.sim_gau07_8, topology.sim_gau10_8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["throughput_gbps", "throughput_load", "throughput", "throughput_latency_ns", "search_probes"]
  sim {
    preset            = "layout"
    routing           = "duato-updown"
    traffic           = ["uniform", "transpose", "bit_reversal"]
    search            = "throughput"
    search_resolution = local.sim_res
    warmup_min        = local.sim_wmin
    warmup_max        = local.sim_wmax
    measure_cycles    = local.sim_measure
    drain_max         = local.sim_drain
  }
}

# The escape paths: HYPERCUBE and TORUS-4 under the paper's duato-dor and
# under duato-updown, one seed (the first of sim_lat's), merged over the
# routing in tables sim_escape_lat and sim_escape_thr.
study "sim_escape_lat" {
  title      = "HYPERCUBE and TORUS-4: low-load latency with DOR and with up*/down* escape paths"
  enabled    = local.sim_on
  topologies = [topology.sim_hc_s, topology.sim_hc_m, topology.sim_hc_l, topology.sim_t4]
  metrics    = ["endpoints", "latency_ns", "zero_load_latency_ns"]
  sim {
    preset         = "layout"
    routing        = ["duato-dor", "duato-updown"]
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_l0
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_escape_thr" {
  title      = "HYPERCUBE and TORUS-4: throughput with DOR and with up*/down* escape paths"
  enabled    = local.sim_thr
  topologies = [topology.sim_hc_s, topology.sim_hc_m, topology.sim_hc_l, topology.sim_t4]
  metrics    = ["endpoints", "throughput_gbps", "throughput_load"]
  sim {
    preset                = "layout"
    routing               = ["duato-dor", "duato-updown"]
    traffic               = ["uniform", "transpose", "bit_reversal"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

# Load sweeps of Figs. 5-7 with the paper's routings: HYPERCUBE and TORUS-4
# with duato-dor, the random topologies with duato-updown.
study "sim_sweep_dor" {
  title      = "Latency vs accepted traffic, HYPERCUBE and TORUS-4, duato-dor (Figs. 5-7)"
  enabled    = local.sim_all
  topologies = [topology.sim_hc_s, topology.sim_hc_m, topology.sim_hc_l]
  metrics    = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "duato-dor"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_loads
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_sweep_rnd" {
  title   = "Latency vs accepted traffic, random topologies, duato-updown (Figs. 5-7)"
  enabled = local.sim_all
  topologies = [
    topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m,
    topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_loads
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

# The degree-4 networks of Fig. 6 saturate below a load of 0.08 (table
# sim_sat_t4_*), where the grid of sim_loads has five points: their sweeps
# take steps of 0.005 up to 0.1 instead (quick: the same grid as the rest).
study "sim_sweep_deg4_dor" {
  title      = "Latency vs accepted traffic, TORUS-4, duato-dor, a fine grid (Fig. 6)"
  enabled    = local.sim_all
  topologies = [topology.sim_t4]
  metrics    = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "duato-dor"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_loads4
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_sweep_deg4_rnd" {
  title      = "Latency vs accepted traffic, P-TORUS-4, PF-TORUS-4 and RING-4, duato-updown, a fine grid (Fig. 6)"
  enabled    = local.sim_all
  topologies = [topology.sim_pt4, topology.sim_pft4, topology.sim_ring4]
  metrics    = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_loads4
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

# Fig. 13: RING-8 and the constrained shortcut topologies, uniform and
# transpose (RING-8's points are those of sim_sweep_rnd).
study "sim_sweep_f13" {
  title      = "Latency vs accepted traffic, RING-8, Nbr(0.4)-8, Nbr(0.5)-8, Gau(0.7)-8, Gau(1.0)-8 (Fig. 13)"
  enabled    = local.sim_all
  topologies = [topology.sim_ring_m, topology.sim_nbr04_8, topology.sim_nbr8, topology.sim_gau07_8, topology.sim_gau10_8]
  metrics    = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose"]
    load           = local.sim_loads
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

# Fig. 8: Myrinet-Clos and its permutation, up*/down*.
study "sim_clos_lat" {
  title      = "Myrinet-Clos and PF-Myrinet-Clos: low-load latency (Fig. 8)"
  enabled    = local.sim_on
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["routers", "endpoints", "latency_ns", "zero_load_latency_ns", "sim_hops", "saturated"]
  sim {
    preset         = "layout"
    routing        = "updown"
    traffic        = ["uniform", "transpose"]
    load           = local.sim_l0
    seeds          = local.sim_seeds_lat
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_clos_thr" {
  title      = "Myrinet-Clos and PF-Myrinet-Clos: throughput, latency under 1.2 us (Fig. 8)"
  enabled    = local.sim_thr
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["throughput_gbps", "throughput_load", "throughput", "throughput_latency_ns", "search_probes"]
  sim {
    preset                = "layout"
    routing               = "updown"
    traffic               = ["uniform", "transpose"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

study "sim_clos_sat" {
  title      = "Myrinet-Clos and PF-Myrinet-Clos: saturation throughput (Fig. 8, section III-C2)"
  enabled    = local.sim_thr
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["throughput_gbps", "throughput_load", "throughput", "throughput_latency_ns", "search_probes"]
  sim {
    preset            = "layout"
    routing           = "updown"
    traffic           = ["uniform", "transpose"]
    search            = "throughput"
    search_resolution = local.sim_res
    warmup_min        = local.sim_wmin
    warmup_max        = local.sim_wmax
    measure_cycles    = local.sim_measure
    drain_max         = local.sim_drain
  }
}

# The paper does not say where its up*/down* tree is rooted, and the root
# decides what the Clos networks sustain (table sim_bound_updown: from
# netsim's default root, a centre, the original 512-host Clos keeps 1/8 of
# its bandwidth). As a second reading, drawn but not checked: the root of
# Autonet's rule (the lowest id), router 0, a leaf switch, from which every
# minimal route of the original Clos is legal.
study "sim_clos_sat_leafroot" {
  title      = "Myrinet-Clos and PF-Myrinet-Clos: saturation throughput under up*/down* rooted at router 0, a leaf (a second reading of Fig. 8)"
  enabled    = local.sim_thr
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["throughput_gbps", "throughput_load", "throughput", "throughput_latency_ns", "search_probes"]
  sim {
    preset            = "layout"
    routing           = "updown:root=0"
    traffic           = ["uniform", "transpose"]
    search            = "throughput"
    search_resolution = local.sim_res
    warmup_min        = local.sim_wmin
    warmup_max        = local.sim_wmax
    measure_cycles    = local.sim_measure
    drain_max         = local.sim_drain
  }
}

table "sim_clos_sat_leafroot" {
  study   = study.sim_clos_sat_leafroot
  title   = "Myrinet-Clos, up*/down* rooted at router 0 (a leaf): saturation throughput (a second reading, not checked)"
  sort_by = ["hosts", "traffic", "label"]
  columns = ["label", "hosts", "traffic", "throughput_load", "throughput_gbps", "throughput_latency_ns", "search_probes"]
  formats = { throughput_load = "%.4f", throughput_gbps = "%.3f", throughput_latency_ns = "%.1f" }
}

study "sim_clos_sweep" {
  title      = "Myrinet-Clos and PF-Myrinet-Clos: latency vs accepted traffic (Fig. 8)"
  enabled    = local.sim_all
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["offered_gbps", "accepted_gbps", "latency_ns", "saturated", "simulated"]
  sim {
    preset         = "layout"
    routing        = "updown"
    traffic        = ["uniform", "transpose"]
    load           = local.sim_loads
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

# Figs. 9, 10 and 16: the 256-switch networks with their layouts' cable
# lengths. Three studies per quantity: TORUS-4 and HYPERCUBE (sequential
# layout, duato-dor), P-TORUS-4 and P-HYPERCUBE (sequential, duato-updown),
# RING-n and Nbr(0.5)-n (Walktrap and annealing, duato-updown). PF-topo
# topologies are left out, as in the paper ("to avoid clutter").

study "sim_lay_lat_base" {
  title      = "TORUS-4 and HYPERCUBE: low-load latency and cable length, sequential layout (Fig. 9)"
  enabled    = local.sim_on
  topologies = [topology.sim_t4, topology.sim_hc_m]
  cost_model = cost_model.sim_sequential
  metrics    = ["inter_rack_cable_length_avg", "cable_length_avg", "latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-dor"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_l0
    seeds          = local.sim_seeds_lat
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_lay_lat_perm" {
  title      = "P-TORUS-4 and P-HYPERCUBE: low-load latency and cable length, sequential layout (Figs. 9, 16)"
  enabled    = local.sim_on
  topologies = [topology.sim_pt4, topology.sim_php_m]
  cost_model = cost_model.sim_sequential
  metrics    = ["inter_rack_cable_length_avg", "cable_length_avg", "latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_l0
    seeds          = local.sim_seeds_lat
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_lay_lat_ring" {
  title      = "RING-n and Nbr(0.5)-n: low-load latency and cable length, Walktrap and annealed layout (Figs. 9, 16)"
  enabled    = local.sim_on
  topologies = [topology.sim_ring4, topology.sim_ring_m, topology.sim_nbr4, topology.sim_nbr8]
  cost_model = cost_model.sim_walktrap
  metrics    = ["inter_rack_cable_length_avg", "cable_length_avg", "latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = ["uniform", "transpose", "bit_reversal"]
    load           = local.sim_l0
    seeds          = local.sim_seeds_lat
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_lay_thr_base" {
  title      = "TORUS-4 and HYPERCUBE: throughput and cable length, sequential layout (Fig. 10)"
  enabled    = local.sim_thr
  topologies = [topology.sim_t4, topology.sim_hc_m]
  cost_model = cost_model.sim_sequential
  metrics    = ["inter_rack_cable_length_avg", "throughput_gbps"]
  sim {
    preset                = "layout"
    routing               = "duato-dor"
    traffic               = ["uniform", "transpose", "bit_reversal"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

study "sim_lay_thr_perm" {
  title      = "P-TORUS-4 and P-HYPERCUBE: throughput and cable length, sequential layout (Figs. 10, 16)"
  enabled    = local.sim_thr
  topologies = [topology.sim_pt4, topology.sim_php_m]
  cost_model = cost_model.sim_sequential
  metrics    = ["inter_rack_cable_length_avg", "throughput_gbps"]
  sim {
    preset                = "layout"
    routing               = "duato-updown"
    traffic               = ["uniform", "transpose", "bit_reversal"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

study "sim_lay_thr_ring" {
  title      = "RING-n and Nbr(0.5)-n: throughput and cable length, Walktrap and annealed layout (Figs. 10, 16)"
  enabled    = local.sim_thr
  topologies = [topology.sim_ring4, topology.sim_ring_m, topology.sim_nbr4, topology.sim_nbr8]
  cost_model = cost_model.sim_walktrap
  metrics    = ["inter_rack_cable_length_avg", "throughput_gbps"]
  sim {
    preset                = "layout"
    routing               = "duato-updown"
    traffic               = ["uniform", "transpose", "bit_reversal"]
    search                = "throughput"
    search_max_latency_ns = 1200
    search_resolution     = local.sim_res
    warmup_min            = local.sim_wmin
    warmup_max            = local.sim_wmax
    measure_cycles        = local.sim_measure
    drain_max             = local.sim_drain
  }
}

# An aside, not in the paper: cable lengths in the latency (5 ns per metre
# on top of the fixed 20 ns), uniform traffic, duato-updown for all, one
# seed (each such cell lays its network out again: 1-2 minutes of annealing
# for a ring).
study "sim_cable_seq" {
  title      = "With 5 ns per metre of cable: low-load latency, sequential layout (not in the paper)"
  enabled    = local.sim_all
  topologies = [topology.sim_t4, topology.sim_pt4, topology.sim_hc_m, topology.sim_php_m]
  cost_model = cost_model.sim_sequential
  metrics    = ["inter_rack_cable_length_avg", "latency_ns", "zero_load_latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = "uniform"
    load           = local.sim_l0
    link_ns_per_m  = 5
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}

study "sim_cable_ring" {
  title      = "With 5 ns per metre of cable: low-load latency, Walktrap and annealed layout (not in the paper)"
  enabled    = local.sim_all
  topologies = [topology.sim_ring4, topology.sim_ring_m, topology.sim_nbr4, topology.sim_nbr8]
  cost_model = cost_model.sim_walktrap
  metrics    = ["inter_rack_cable_length_avg", "latency_ns", "zero_load_latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    traffic        = "uniform"
    load           = local.sim_l0
    link_ns_per_m  = 5
    warmup_min     = local.sim_wmin
    warmup_max     = local.sim_wmax
    measure_cycles = local.sim_measure
    drain_max      = local.sim_drain
  }
}


# ---------------------------------------------------------------------------
# The latency comparisons of sections III-C2, III-D and V and of Fig. 13, as
# ratios of low-load latencies (study sim_lat). One table per network size,
# traffic pattern and reference topology: a table's ratio column is the
# reference row's latency over each row's, so "X's latency is f lower than
# Y's" is Y's row of X's table at 1 - f. The 256-switch values of the text
# are checked as stated; at 64 and 512 switches the text gives a trend
# ("the advantage of random topologies over the baseline HYPERCUBE increases
# as network size increases"), checked one-sided against the 256-switch
# values.

table "sim_lat_s_ring_uniform" {
  study    = study.sim_lat
  title    = "64 switches, uniform traffic: low-load latency, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_s", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "config_s" {
    where     = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 and the caption of Fig. 5: 64 switches, 256 hosts"
    routers   = local.sim_routers.s
    endpoints = local.sim_routers.s * local.sim_p.s
    note      = "follows from n and the hosts per switch we set (4 per switch)"
  }

  expect "ring_best" {
    where            = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "uniform" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, uniform traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_s", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.194, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 64 switches no larger than the 19.4% of 256 switches (uniform traffic): RING-n / HYPERCUBE >= 0.806"
  }
}

table "sim_lat_s_php_uniform" {
  study    = study.sim_lat
  title    = "64 switches, uniform traffic: low-load latency, P-HYPERCUBE over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "uniform" }
  ratio_to = { topology = "sim_php_s", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_s", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.165, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 64 switches no larger than the 16.5% of 256 switches (uniform traffic): P-HYPERCUBE / HYPERCUBE >= 0.835"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_s", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher; at 64 switches the ASPL ranges of P- and PF-HYPERCUBE over 10 seeds overlap (2.432-2.475 and 2.472-2.516, main file, Fig. 3): one instance each may fall in either order"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_s", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%"
  }
}

table "sim_lat_s_ring_transpose" {
  study    = study.sim_lat
  title    = "64 switches, matrix transpose traffic: low-load latency, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_s", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "transpose" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, matrix transpose traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_s", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.201, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 64 switches no larger than the 20.1% of 256 switches (matrix transpose traffic): RING-n / HYPERCUBE >= 0.799"
  }
}

table "sim_lat_s_php_transpose" {
  study    = study.sim_lat
  title    = "64 switches, matrix transpose traffic: low-load latency, P-HYPERCUBE over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "transpose" }
  ratio_to = { topology = "sim_php_s", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_s", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.172, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 64 switches no larger than the 17.2% of 256 switches (matrix transpose traffic): P-HYPERCUBE / HYPERCUBE >= 0.828"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_s", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher; at 64 switches the ASPL ranges of P- and PF-HYPERCUBE over 10 seeds overlap (2.432-2.475 and 2.472-2.516, main file, Fig. 3): one instance each may fall in either order"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_s", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%"
  }
}

table "sim_lat_s_ring_bit_reversal" {
  study    = study.sim_lat
  title    = "64 switches, bit reversal traffic: low-load latency, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_s", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "bit_reversal" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, bit reversal traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_s", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.156, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 64 switches no larger than the 15.6% of 256 switches (bit reversal traffic): RING-n / HYPERCUBE >= 0.844"
  }
}

table "sim_lat_s_php_bit_reversal" {
  study    = study.sim_lat
  title    = "64 switches, bit reversal traffic: low-load latency, P-HYPERCUBE over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_php_s", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_s", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_least = 1 - 0.120, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 64 switches no larger than the 12.0% of 256 switches (bit reversal traffic): P-HYPERCUBE / HYPERCUBE >= 0.880"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_s", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher; at 64 switches the ASPL ranges of P- and PF-HYPERCUBE over 10 seeds overlap (2.432-2.475 and 2.472-2.516, main file, Fig. 3): one instance each may fall in either order"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_s", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%"
  }
}

table "sim_lat_m_ring_uniform" {
  study    = study.sim_lat
  title    = "256 switches, uniform traffic: low-load latency, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_m", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "config_m" {
    where     = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m"], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 and the caption of Fig. 6: 256 switches, 2,048 hosts"
    routers   = local.sim_routers.m
    endpoints = local.sim_routers.m * local.sim_p.m
    note      = "follows from n and the hosts per switch we set (8 per switch)"
  }

  expect "ring_best" {
    where            = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "uniform" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, uniform traffic"
  }

  expect "ring_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_ring256
    latency_ns_ratio = { value = 1 - 0.194, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "19.4% lower, uniform traffic: RING-8 / HYPERCUBE = 1 - 0.194 = 0.806"
  }

  expect "ring_vs_php" {
    where            = { topology = "sim_php_m", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_f9_8
    latency_ns_ratio = { value = 0.96, abs = 0.02, why = local.sim_why_3to5 }
    note             = "RING-8 / P-HYPERCUBE between 0.95 and 0.97 (3% to 5% smaller); section III-C2's percentages give (1 - 0.194) / (1 - 0.165) = 0.965"
  }

  expect "fig13_uniform" {
    where            = { topology = ["sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "uniform" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_f13u
    latency_ns_ratio = { value = 1, abs = 0.05, why = local.sim_why_same }
    note             = "RING-8's low-load latency over that of each constrained shortcut topology of Fig. 13; Nbr(0.4)-8's ASPL is 3.15 hops against RING-8's 2.88 (main file, Fig. 12), which the zero-load latency 228 + 121 h ns turns into (228 + 121 x 3.15) / (228 + 121 x 2.88) = 1.057: 5.7% slower, at the edge of 5%"
  }
}

table "sim_lat_m_php_uniform" {
  study    = study.sim_lat
  title    = "256 switches, uniform traffic: low-load latency, P-HYPERCUBE over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "uniform" }
  ratio_to = { topology = "sim_php_m", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "php_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_php256
    latency_ns_ratio = { value = 1 - 0.165, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "16.5% lower, uniform traffic: P-HYPERCUBE / HYPERCUBE = 1 - 0.165 = 0.835"
  }

  expect "fig16_nbr8" {
    where            = { topology = "sim_nbr8", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_f16_8
    latency_ns_ratio = { at_most = 1.05, why = local.sim_why_similar }
    note             = "P-HYPERCUBE over Nbr(0.5)-8: Nbr(0.5)-8 at most 5% faster (\"similar (or even worse)\")"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_m", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_m", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%"
  }
}

table "sim_lat_m_ring_transpose" {
  study    = study.sim_lat
  title    = "256 switches, matrix transpose traffic: low-load latency, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_m", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "transpose" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, matrix transpose traffic; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "ring_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_ring256
    latency_ns_ratio = { value = 1 - 0.201, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "20.1% lower, matrix transpose traffic: RING-8 / HYPERCUBE = 1 - 0.201 = 0.799; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "ring_vs_php" {
    where            = { topology = "sim_php_m", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_f9_8
    latency_ns_ratio = { value = 0.96, abs = 0.02, why = local.sim_why_3to5 }
    note             = "RING-8 / P-HYPERCUBE between 0.95 and 0.97 (3% to 5% smaller); section III-C2's percentages give (1 - 0.201) / (1 - 0.172) = 0.965; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_lat_m_php_transpose" {
  study    = study.sim_lat
  title    = "256 switches, matrix transpose traffic: low-load latency, P-HYPERCUBE over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "transpose" }
  ratio_to = { topology = "sim_php_m", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "php_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_php256
    latency_ns_ratio = { value = 1 - 0.172, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "17.2% lower, matrix transpose traffic: P-HYPERCUBE / HYPERCUBE = 1 - 0.172 = 0.828; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "fig16_nbr8" {
    where            = { topology = "sim_nbr8", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_f16_8
    latency_ns_ratio = { at_most = 1.05, why = local.sim_why_similar }
    note             = "P-HYPERCUBE over Nbr(0.5)-8: Nbr(0.5)-8 at most 5% faster (\"similar (or even worse)\"); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_m", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_m", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_lat_m_ring_bit_reversal" {
  study    = study.sim_lat
  title    = "256 switches, bit reversal traffic: low-load latency, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_m", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "bit_reversal" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, bit reversal traffic"
  }

  expect "ring_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_ring256
    latency_ns_ratio = { value = 1 - 0.156, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "15.6% lower, bit reversal traffic: RING-8 / HYPERCUBE = 1 - 0.156 = 0.844; HYPERCUBE's bit-reversal routes are 3.50 switch hops on average with our host numbering (host h on switch h div 8: the switch address is the top 8 of the host's 11 bits, and reversal sends them to the reversed low 8), against 4.01 under uniform traffic; with RING-8's 2.857 hops the paper's 0.844 needs 3.73 (228 + 121.3 h = 574.6 / 0.844 ns): its host numbering, which it does not give, evidently puts more of the reversed bits into the switch address"
  }

  expect "ring_vs_php" {
    where            = { topology = "sim_php_m", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_f9_8
    latency_ns_ratio = { value = 0.96, abs = 0.02, why = local.sim_why_3to5 }
    note             = "RING-8 / P-HYPERCUBE between 0.95 and 0.97 (3% to 5% smaller); section III-C2's percentages give (1 - 0.156) / (1 - 0.120) = 0.959"
  }
}

table "sim_lat_m_php_bit_reversal" {
  study    = study.sim_lat
  title    = "256 switches, bit reversal traffic: low-load latency, P-HYPERCUBE over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_php_m", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "php_vs_hc" {
    where            = { topology = "sim_hc_m", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_php256
    latency_ns_ratio = { value = 1 - 0.120, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "12.0% lower, bit reversal traffic: P-HYPERCUBE / HYPERCUBE = 1 - 0.120 = 0.880; as for RING-8 in table sim_lat_m_ring_bit_reversal: HYPERCUBE's bit-reversal routes are 3.50 hops with our host numbering, and the paper's 0.880 with P-HYPERCUBE's 3.001 hops (592.1 ns) needs 3.67 (228 + 121.3 h = 592.1 / 0.880 ns)"
  }

  expect "fig16_nbr8" {
    where            = { topology = "sim_nbr8", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_f16_8
    latency_ns_ratio = { at_most = 1.05, why = local.sim_why_similar }
    note             = "P-HYPERCUBE over Nbr(0.5)-8: Nbr(0.5)-8 at most 5% faster (\"similar (or even worse)\")"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_m", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_m", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%"
  }
}

table "sim_lat_l_ring_uniform" {
  study    = study.sim_lat
  title    = "512 switches, uniform traffic: low-load latency, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_l", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "config_l" {
    where     = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 and the caption of Fig. 7: 512 switches, 4,096 hosts"
    routers   = local.sim_routers.l
    endpoints = local.sim_routers.l * local.sim_p.l
    note      = "follows from n and the hosts per switch we set (8 per switch)"
  }

  expect "ring_best" {
    where            = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "uniform" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, uniform traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_l", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.194, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 512 switches no smaller than the 19.4% of 256 switches (uniform traffic): RING-n / HYPERCUBE <= 0.806"
  }
}

table "sim_lat_l_php_uniform" {
  study    = study.sim_lat
  title    = "512 switches, uniform traffic: low-load latency, P-HYPERCUBE over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "uniform" }
  ratio_to = { topology = "sim_php_l", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_l", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.165, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 512 switches no smaller than the 16.5% of 256 switches (uniform traffic): P-HYPERCUBE / HYPERCUBE <= 0.835"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_l", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_l", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%; at 512 switches section III-C2's growing advantage and this ~15% pull in opposite directions"
  }
}

table "sim_lat_l_ring_transpose" {
  study    = study.sim_lat
  title    = "512 switches, matrix transpose traffic: low-load latency, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_l", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "transpose" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, matrix transpose traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_l", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.201, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 512 switches no smaller than the 20.1% of 256 switches (matrix transpose traffic): RING-n / HYPERCUBE <= 0.799"
  }
}

table "sim_lat_l_php_transpose" {
  study    = study.sim_lat
  title    = "512 switches, matrix transpose traffic: low-load latency, P-HYPERCUBE over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "transpose" }
  ratio_to = { topology = "sim_php_l", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_l", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.172, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 512 switches no smaller than the 17.2% of 256 switches (matrix transpose traffic): P-HYPERCUBE / HYPERCUBE <= 0.828"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_l", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_l", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%; at 512 switches section III-C2's growing advantage and this ~15% pull in opposite directions"
  }
}

table "sim_lat_l_ring_bit_reversal" {
  study    = study.sim_lat
  title    = "512 switches, bit reversal traffic: low-load latency, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_l", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring_best" {
    where            = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "bit_reversal" }
    every            = true
    enabled          = local.paper
    source           = local.sim_src_best
    latency_ns_ratio = { at_most = 1, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's low-load latency over each HYPERCUBE version's, bit reversal traffic"
  }

  expect "trend_ring" {
    where            = { topology = "sim_hc_l", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.156, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "RING-n's advantage over HYPERCUBE at 512 switches no smaller than the 15.6% of 256 switches (bit reversal traffic): RING-n / HYPERCUBE <= 0.844"
  }
}

table "sim_lat_l_php_bit_reversal" {
  study    = study.sim_lat
  title    = "512 switches, bit reversal traffic: low-load latency, P-HYPERCUBE over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_php_l", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "trend_php" {
    where            = { topology = "sim_hc_l", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_trend
    latency_ns_ratio = { at_most = 1 - 0.120, abs = local.sim_slack_hc, why = local.sim_why_slack_hc }
    note             = "P-HYPERCUBE's advantage over HYPERCUBE at 512 switches no smaller than the 12.0% of 256 switches (bit reversal traffic): P-HYPERCUBE / HYPERCUBE <= 0.880"
  }

  expect "pf_inferior" {
    where            = { topology = "sim_pfhc_l", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_pf
    latency_ns_ratio = { at_most = 1 }
    note             = "P-HYPERCUBE / PF-HYPERCUBE: PF-HYPERCUBE's latency is the higher"
  }

  expect "conclusion" {
    where            = { topology = "sim_hc_l", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_concl
    latency_ns_ratio = { at_least = 0.825, why = local.sim_why_tilde15 }
    note             = "P-HYPERCUBE / HYPERCUBE at least 1 - 0.175: an improvement of at most ~15%; at 512 switches section III-C2's growing advantage and this ~15% pull in opposite directions"
  }
}

table "sim_lat_ring4_uniform" {
  study    = study.sim_lat
  title    = "256 switches, uniform traffic: low-load latency, RING-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring4", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "config_t4" {
    where     = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 and the caption of Fig. 6: 256 switches, 2,048 hosts"
    routers   = local.sim_routers.m
    endpoints = local.sim_routers.m * local.sim_p.m
    note      = "follows from k, n and the hosts per switch we set"
  }

  expect "ring4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.79, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "21% lower than PF-TORUS-4 (uniform traffic; the text names no pattern): RING-4 / PF-TORUS-4 = 0.79"
  }

  expect "ring4_vs_pt4" {
    where            = { topology = "sim_pt4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_f9_4
    latency_ns_ratio = { value = 0.805, abs = 0.02, why = local.sim_why_19to20 }
    note             = "between 19% and 20% smaller: RING-4 / P-TORUS-4 between 0.80 and 0.81; section III-C2's own percentages put it at 0.79 / 0.95 = 0.832 (RING-4 21% and P-TORUS-4 5% below PF-TORUS-4)"
  }

  expect "torus_outperformed" {
    where            = { topology = "sim_t4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_torus
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / TORUS-4"
  }

  expect "fig16_ring4_fastest" {
    where            = { topology = "sim_nbr4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance"
  }
}

table "sim_lat_pt4_uniform" {
  study    = study.sim_lat
  title    = "256 switches, uniform traffic: low-load latency, P-TORUS-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_pt4", traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "pt4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.95, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "5% lower than PF-TORUS-4 (uniform traffic; the text names no pattern): P-TORUS-4 / PF-TORUS-4 = 0.95"
  }

  expect "topo_le_ptopo" {
    where            = { topology = "sim_t4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_ptopo
    latency_ns_ratio = { at_most = 1 }
    note             = "P-TORUS-4 / TORUS-4 (and TORUS-4 \"widely outperformed\")"
  }

  expect "fig16_nbr4_compromise" {
    where            = { topology = "sim_nbr4", traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_least = 1 }
    note             = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 faster than P-TORUS-4 (and slower than RING-4, table sim_lat_ring4)"
  }
}

table "sim_lat_ring4_transpose" {
  study    = study.sim_lat
  title    = "256 switches, matrix transpose traffic: low-load latency, RING-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring4", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.79, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "21% lower than PF-TORUS-4 (matrix transpose traffic; the text names no pattern): RING-4 / PF-TORUS-4 = 0.79; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "ring4_vs_pt4" {
    where            = { topology = "sim_pt4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_f9_4
    latency_ns_ratio = { value = 0.805, abs = 0.02, why = local.sim_why_19to20 }
    note             = "between 19% and 20% smaller: RING-4 / P-TORUS-4 between 0.80 and 0.81; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); section III-C2's own percentages put it at 0.79 / 0.95 = 0.832 (RING-4 21% and P-TORUS-4 5% below PF-TORUS-4)"
  }

  expect "torus_outperformed" {
    where            = { topology = "sim_t4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_torus
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / TORUS-4; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "fig16_ring4_fastest" {
    where            = { topology = "sim_nbr4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_lat_pt4_transpose" {
  study    = study.sim_lat
  title    = "256 switches, matrix transpose traffic: low-load latency, P-TORUS-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_pt4", traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "pt4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.95, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "5% lower than PF-TORUS-4 (matrix transpose traffic; the text names no pattern): P-TORUS-4 / PF-TORUS-4 = 0.95; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "topo_le_ptopo" {
    where            = { topology = "sim_t4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_ptopo
    latency_ns_ratio = { at_most = 1 }
    note             = "P-TORUS-4 / TORUS-4 (and TORUS-4 \"widely outperformed\"); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }

  expect "fig16_nbr4_compromise" {
    where            = { topology = "sim_nbr4", traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_least = 1 }
    note             = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 faster than P-TORUS-4 (and slower than RING-4, table sim_lat_ring4); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_lat_ring4_bit_reversal" {
  study    = study.sim_lat
  title    = "256 switches, bit reversal traffic: low-load latency, RING-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring4", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "ring4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.79, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "21% lower than PF-TORUS-4 (bit reversal traffic; the text names no pattern): RING-4 / PF-TORUS-4 = 0.79"
  }

  expect "ring4_vs_pt4" {
    where            = { topology = "sim_pt4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_f9_4
    latency_ns_ratio = { value = 0.805, abs = 0.02, why = local.sim_why_19to20 }
    note             = "between 19% and 20% smaller: RING-4 / P-TORUS-4 between 0.80 and 0.81; section III-C2's own percentages put it at 0.79 / 0.95 = 0.832 (RING-4 21% and P-TORUS-4 5% below PF-TORUS-4)"
  }

  expect "torus_outperformed" {
    where            = { topology = "sim_t4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_torus
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / TORUS-4"
  }

  expect "fig16_ring4_fastest" {
    where            = { topology = "sim_nbr4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_most = 1 }
    note             = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance"
  }
}

table "sim_lat_pt4_bit_reversal" {
  study    = study.sim_lat
  title    = "256 switches, bit reversal traffic: low-load latency, P-TORUS-4 over each row (Figs. 6, 9, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_pt4", traffic = "bit_reversal" }
  ratios   = ["latency_ns"]
  columns  = local.sim_lat_columns
  formats  = local.sim_lat_formats

  expect "pt4_vs_pft4" {
    where            = { topology = "sim_pft4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_pt4
    latency_ns_ratio = { value = 0.95, abs = 0.025, why = local.sim_why_pct0_pf }
    note             = "5% lower than PF-TORUS-4 (bit reversal traffic; the text names no pattern): P-TORUS-4 / PF-TORUS-4 = 0.95"
  }

  expect "topo_le_ptopo" {
    where            = { topology = "sim_t4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_ptopo
    latency_ns_ratio = { at_most = 1 }
    note             = "P-TORUS-4 / TORUS-4 (and TORUS-4 \"widely outperformed\")"
  }

  expect "fig16_nbr4_compromise" {
    where            = { topology = "sim_nbr4", traffic = "bit_reversal" }
    enabled          = local.paper
    source           = local.sim_src_f16_4
    latency_ns_ratio = { at_least = 1 }
    note             = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 faster than P-TORUS-4 (and slower than RING-4, table sim_lat_ring4)"
  }
}

# ---------------------------------------------------------------------------
# The throughput comparisons (study sim_thr: the largest accepted traffic
# with mean latency under 1.2 us, see the section's head). A table's ratio
# column is the reference row's throughput over each row's. The TORUS-4
# comparisons put TORUS-4 in the numerator (table sim_thr_t4_*): its
# throughput can be 0 (its zero-load latency is about 1.2 us), and a ratio
# over 0 is empty.

table "sim_sat_s_ring_uniform" {
  study    = study.sim_sat
  title    = "64 switches, uniform traffic: saturation throughput, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_s", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; table sim_bound (uniform traffic split evenly over all minimal paths) gives the share of the injection bandwidth the busiest channel allows: HYPERCUBE 0.498, P-HYPERCUBE 0.4225, PF-HYPERCUBE 0.349, RING-6 0.422, so RING-6 / PF-HYPERCUBE = 1.21 from the graphs alone (measured 1.22); P-HYPERCUBE's bound equals RING-6's, and its 10% lower measured throughput is not in this bound (at 256 switches, without escape VCs, P-HYPERCUBE gains 8%: table sim_thr_php_uniform's note)"
  }
}

table "sim_sat_s_ring_transpose" {
  study    = study.sim_sat
  title    = "64 switches, matrix transpose traffic: saturation throughput, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_s", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 31 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; arithmetic, against the statement on our graphs (table sim_perm_transpose): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-6 sustains at least 0.5876 of the injection rate and P- and PF-HYPERCUBE at most 0.5125 and 0.4952, so the best routing on RING-6 is at least 14.7% and 18.7% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.1509 and 0.1261 against RING-6's 0.2874: the measured ratios are 1.322 and 2.017"
  }
}

table "sim_sat_s_ring_bit_reversal" {
  study    = study.sim_sat
  title    = "64 switches, bit reversal traffic: saturation throughput, RING-n over each row (Fig. 5)"
  where    = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_s", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 31 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; arithmetic, against the statement on our graphs (table sim_perm_bit_reversal): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-6 sustains at least 0.5628 of the injection rate and P- and PF-HYPERCUBE at most 0.5117 and 0.4950, so the best routing on RING-6 is at least 10.0% and 13.7% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.2065 and 0.1630 against RING-6's 0.2069: the measured ratios are 0.913 (holds) and 1.411"
  }
}

table "sim_sat_m_ring_uniform" {
  study    = study.sim_sat
  title    = "256 switches, uniform traffic: saturation throughput, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_m", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; table sim_bound (uniform traffic split evenly over all minimal paths) gives the share of the injection bandwidth the busiest channel allows: HYPERCUBE 0.250, P-HYPERCUBE 0.211, PF-HYPERCUBE 0.157, RING-8 0.256, so RING-8 / P- and PF-HYPERCUBE = 1.21 and 1.63 from the graphs (measured 1.36 and 1.52); and RING-8 / HYPERCUBE 1.02 from the graphs against 1.15 measured: RING-8 sustains more than its even-split bound (0.280 against 0.256), HYPERCUBE less (0.245 against 0.250)"
  }

  expect "fig13_uniform" {
    where                 = { topology = ["sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_f13u
    throughput_gbps_ratio = { value = 1, abs = 0.05, why = local.sim_why_same }
    note                  = "RING-8's throughput over each constrained shortcut topology's; table sim_bound (uniform traffic split evenly over all minimal paths) gives the share of the injection bandwidth the busiest channel allows: RING-8 0.256, Nbr(0.5)-8 0.137, Nbr(0.4)-8 0.102, Gau(0.7)-8 0.234, Gau(1.0)-8 0.252: shortcuts of fewer than 256 x p / 2 ring hops seldom cross a halving of the ring, so RING-8 / Nbr(0.5)-8 and Nbr(0.4)-8 = 1.87 and 2.52 from the graphs (measured 1.58 and 2.21)"
  }
}

table "sim_sat_m_ring_transpose" {
  study    = study.sim_sat
  title    = "256 switches, matrix transpose traffic: saturation throughput, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_m", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 430 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); arithmetic, against the statement on our graphs (table sim_perm_transpose): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-8 sustains at least 0.3247 of the injection rate and P- and PF-HYPERCUBE at most 0.2564 and 0.2564, so the best routing on RING-8 is at least 26.6% and 26.6% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.0892 and 0.0639 against RING-8's 0.1166: the measured ratios are 1.400 and 1.884"
  }

  expect "fig13_drop" {
    where                 = { topology = ["sim_nbr04_8", "sim_gau07_8"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_f13t
    throughput_gbps_ratio = { at_least = 1.1, why = local.sim_why_significant }
    note                  = "RING-8's throughput over Nbr(0.4)-8's and Gau(0.7)-8's: at least 10% more; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); misses on Gau(0.7)-8 (1.04): a Gaussian of standard deviation 256 x 0.7 / 2 = 89.6 ring hops truncated to +-128 is nearly flat, so Gau(0.7)-8 is nearly RING-8 (ASPL 2.900 against 2.898, uniform bound 0.234 against 0.256 in table sim_bound); Nbr(0.4)-8 drops as stated (1.91)"
  }

  expect "fig13_others" {
    where                 = { topology = ["sim_nbr8", "sim_gau10_8"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_f13t
    throughput_gbps_ratio = { at_most = 1.05, why = local.sim_why_similar }
    note                  = "Nbr(0.5)-8 and Gau(1.0)-8 are among \"the other topologies\": within 5% of RING-8; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); Nbr(0.5)-8's shortcuts span fewer than 64 ring hops and seldom cross a halving of the ring: under uniform traffic (table sim_bound) its busiest channel allows 0.137 against RING-8's 0.256 (1.87 from the graphs), and transpose moves half of the hosts' traffic across such a halving too"
  }
}

table "sim_sat_m_ring_bit_reversal" {
  study    = study.sim_sat
  title    = "256 switches, bit reversal traffic: saturation throughput, RING-8 over each row (Fig. 6)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr04_8", "sim_nbr8", "sim_gau07_8", "sim_gau10_8"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_m", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 430 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; arithmetic, against the statement on our graphs (table sim_perm_bit_reversal): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-8 sustains at least 0.3265 of the injection rate and P- and PF-HYPERCUBE at most 0.2555 and 0.2556, so the best routing on RING-8 is at least 27.8% and 27.7% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.0962 and 0.0638 against RING-8's 0.1373: the measured ratios are 1.350 and 1.503"
  }
}

table "sim_sat_l_ring_uniform" {
  study    = study.sim_sat
  title    = "512 switches, uniform traffic: saturation throughput, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring_l", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; table sim_bound (uniform traffic split evenly over all minimal paths) gives the share of the injection bandwidth the busiest channel allows: HYPERCUBE 0.250, P-HYPERCUBE 0.220, PF-HYPERCUBE 0.144, RING-9 0.288, so RING-9 / each = 1.15, 1.31 and 2.00 from the graphs (measured 1.05, 1.26 and 1.46)"
  }
}

table "sim_sat_l_ring_transpose" {
  study    = study.sim_sat
  title    = "512 switches, matrix transpose traffic: saturation throughput, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring_l", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 1,930 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; arithmetic, against the statement on our graphs (table sim_perm_transpose): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-9 sustains at least 0.3384 of the injection rate and P- and PF-HYPERCUBE at most 0.2569 and 0.2567, so the best routing on RING-9 is at least 31.7% and 31.8% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.0800 and 0.0758 against RING-9's 0.1334: the measured ratios are 1.591 and 1.567"
  }
}

table "sim_sat_l_ring_bit_reversal" {
  study    = study.sim_sat
  title    = "512 switches, bit reversal traffic: saturation throughput, RING-n over each row (Fig. 7)"
  where    = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring_l", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring_best" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_best
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "RING-n's throughput over each HYPERCUBE version's; HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 1,930 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "similar" {
    where                 = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_similar
    throughput_gbps_ratio = { at_most = 1.1, why = local.sim_why_similar10 }
    note                  = "RING-n's throughput at most 10% above each HYPERCUBE version's; arithmetic, against the statement on our graphs (table sim_perm_bit_reversal): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing, escape paths included) RING-9 sustains at least 0.3433 of the injection rate and P- and PF-HYPERCUBE at most 0.2559 and 0.2559, so the best routing on RING-9 is at least 34.2% and 34.2% above the best on P- and PF-HYPERCUBE. The simulated routings take minimal paths, split evenly over which the permuted hypercubes' busiest channel allows 0.0890 and 0.0667 against RING-9's 0.1274: the measured ratios are 1.302 and 1.512"
  }
}

table "sim_thr_php_uniform" {
  study    = study.sim_thr
  title    = "256 switches, uniform traffic: throughput, P-HYPERCUBE over each row (Figs. 10, 16)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "uniform" }
  ratio_to = { topology = "sim_php_m", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "topo_le_ptopo" {
    where                 = { topology = "sim_hc_m", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_ptopo
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / HYPERCUBE (also the conclusion's \"the same or even slightly higher throughput\"); table sim_bound (uniform traffic split evenly over all minimal paths): P-HYPERCUBE's busiest channel carries 9,686 flows against HYPERCUBE's 8,192 although its paths are 24% shorter, a bound of 0.211 against 0.250 (ratio 0.85, measured 0.87); without escape VCs (routing min-adaptive, deadlock-prone) P-HYPERCUBE stays unsaturated at 0.225 under 1.2 us (runexp sim hypercube n=8 p=8 permute=partial cabinet_size=16 seed=1 --set preset=layout), still below HYPERCUBE's 0.2375"
  }

  expect "fig16_nbr8" {
    where                 = { topology = "sim_nbr8", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_f16_8
    throughput_gbps_ratio = { at_least = 0.95, why = local.sim_why_similar }
    note                  = "P-HYPERCUBE / Nbr(0.5)-8: Nbr(0.5)-8 at most 5% above (\"similar (or even worse)\")"
  }
  expect "ring8_vs_php" {
    where                 = { topology = "sim_ring_m", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_f10_8
    throughput_gbps_ratio = { at_least = 0.9996, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / RING-8 at least 1 / 1.0004 = 0.9996: RING-8 better \"by less than 0.04%\"; table sim_bound (uniform traffic split evenly over all minimal paths) gives the share of the injection bandwidth the busiest channel allows: RING-8 0.256 against P-HYPERCUBE 0.211 (9,686 flows on its busiest channel against 8,003 though its minimal paths are only 5% longer), 1.21 from the graphs (measured 1.36, a P-HYPERCUBE / RING-8 of 0.737)"
  }
}

table "sim_thr_ring4_uniform" {
  study    = study.sim_thr
  title    = "256 switches, uniform traffic: throughput, RING-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_ring4", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring4_vs_pt4" {
    where                 = { topology = "sim_pt4", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_f10_4
    throughput_gbps_ratio = { value = 2.25, abs = 0.25, why = local.sim_why_100to150 }
    note                  = "RING-4 / P-TORUS-4 between 2.0 and 2.5 (100% to 150% more); table sim_bound (uniform traffic split evenly over all minimal paths) gives RING-4 0.0738 and P-TORUS-4 0.0554, 1.33 from the graphs; the measured ratio is larger because P-TORUS-4 stops at the 1.2 us criterion before it saturates (zero-load latency 906 ns under uniform traffic, 1,107 ns at its last load), but still short of the paper's 2.0"
  }

  expect "fig16_ring4" {
    where                 = { topology = "sim_nbr4", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance"
  }
}

table "sim_thr_pt4_uniform" {
  study    = study.sim_thr
  title    = "256 switches, uniform traffic: throughput, P-TORUS-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_pt4", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "fig16_nbr4" {
    where                 = { topology = "sim_nbr4", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 between P-TORUS-4 and RING-4"
  }
}

table "sim_sat_t4_uniform" {
  study    = study.sim_sat
  title    = "256 switches, uniform traffic: saturation throughput, TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_t4", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_t4" {
    where                 = { topology = ["sim_pft4", "sim_pt4", "sim_ring4"], traffic = "uniform" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "TORUS-4 over each random topology of degree 4 (also \"topo is outperformed by P-topo\" for TORUS-4); under the saturation criterion TORUS-4 sustains more than P- and PF-TORUS-4 (0.0525 against 0.0375 and 0.0200), as the channel-load arithmetic says: under uniform traffic split over minimal paths TORUS-4's busiest channel allows 0.0625, P-TORUS-4's 0.0554 and PF-TORUS-4's 0.0202 (table sim_bound), the order measured. The paper's order fits the 1.2 us criterion of section III-D instead, where TORUS-4 comes first: its latency is above 1.2 us at every load (1,254 ns at 1% load under uniform traffic; zero-load 228 + 121.3 ns x 8.03 hops = 1,203 ns), i.e. where the latency curves cross a fixed delay, which TORUS-4's 8-hop routes reach first"
  }
}

table "sim_sat_pft4_uniform" {
  study    = study.sim_sat
  title    = "256 switches, uniform traffic: saturation throughput, PF-TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "uniform" }
  ratio_to = { topology = "sim_pft4", traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_pft4_pt4" {
    where                 = { topology = "sim_pt4", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / P-TORUS-4 at most 1: PF-TORUS-4 saturates before P-TORUS-4"
  }

  expect "order_pft4_ring4" {
    where                 = { topology = "sim_ring4", traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / RING-4 at most 1: PF-TORUS-4 saturates before RING-4"
  }
}

table "sim_thr_php_transpose" {
  study    = study.sim_thr
  title    = "256 switches, matrix transpose traffic: throughput, P-HYPERCUBE over each row (Figs. 10, 16)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "transpose" }
  ratio_to = { topology = "sim_php_m", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "topo_le_ptopo" {
    where                 = { topology = "sim_hc_m", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_ptopo
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / HYPERCUBE (also the conclusion's \"the same or even slightly higher throughput\"); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 430 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "fig16_nbr8" {
    where                 = { topology = "sim_nbr8", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_f16_8
    throughput_gbps_ratio = { at_least = 0.95, why = local.sim_why_similar }
    note                  = "P-HYPERCUBE / Nbr(0.5)-8: Nbr(0.5)-8 at most 5% above (\"similar (or even worse)\"); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); with the best routing over any paths (table sim_perm_transpose) P-HYPERCUBE sustains at most 0.2564 of the injection rate and Nbr(0.5)-8 at least 0.2863 (0.90), but split evenly over the minimal paths, as the simulated routings' minimal channels go, their busiest channels allow about the same, 0.0892 and 0.0917 (0.97): measured 1.000"
  }
  expect "ring8_vs_php" {
    where                 = { topology = "sim_ring_m", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_f10_8
    throughput_gbps_ratio = { at_least = 0.9996, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / RING-8 at least 1 / 1.0004 = 0.9996: RING-8 better \"by less than 0.04%\"; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); arithmetic, against the statement on our graphs (table sim_perm_transpose): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing) P-HYPERCUBE sustains at most 0.2564 of the injection rate and RING-8 at least 0.3247, so the best routing on P-HYPERCUBE reaches at most 0.79 of the best on RING-8 (measured 0.714); split evenly over the minimal paths, as the simulated routings' minimal channels go, their busiest channels allow 0.0892 and 0.1166 (0.77)"
  }
}

table "sim_thr_ring4_transpose" {
  study    = study.sim_thr
  title    = "256 switches, matrix transpose traffic: throughput, RING-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_ring4", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring4_vs_pt4" {
    where                 = { topology = "sim_pt4", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_f10_4
    throughput_gbps_ratio = { value = 2.25, abs = 0.25, why = local.sim_why_100to150 }
    note                  = "RING-4 / P-TORUS-4 between 2.0 and 2.5 (100% to 150% more); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); table sim_bound (uniform traffic split evenly over all minimal paths) gives RING-4 0.0738 and P-TORUS-4 0.0554, 1.33 from the graphs; the measured ratio is larger because P-TORUS-4 stops at the 1.2 us criterion before it saturates (zero-load latency 906 ns under uniform traffic, 1,150 ns at its last load), but still short of the paper's 2.0"
  }

  expect "fig16_ring4" {
    where                 = { topology = "sim_nbr4", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_thr_pt4_transpose" {
  study    = study.sim_thr
  title    = "256 switches, matrix transpose traffic: throughput, P-TORUS-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_pt4", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "fig16_nbr4" {
    where                 = { topology = "sim_nbr4", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 between P-TORUS-4 and RING-4; 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section)"
  }
}

table "sim_sat_t4_transpose" {
  study    = study.sim_sat
  title    = "256 switches, matrix transpose traffic: saturation throughput, TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_t4", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_t4" {
    where                 = { topology = ["sim_pft4", "sim_pt4", "sim_ring4"], traffic = "transpose" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "TORUS-4 over each random topology of degree 4 (also \"topo is outperformed by P-topo\" for TORUS-4); 2,048 hosts transposed as a 64 x 32 matrix (see the head of the section); under the saturation criterion TORUS-4 sustains more than P- and PF-TORUS-4 (0.0450 against 0.0300 and 0.0175), as the channel-load arithmetic says: under uniform traffic split over minimal paths TORUS-4's busiest channel allows 0.0625, P-TORUS-4's 0.0554 and PF-TORUS-4's 0.0202 (table sim_bound), the order measured. The paper's order fits the 1.2 us criterion of section III-D instead, where TORUS-4 comes first: its latency is above 1.2 us at every load (1,254 ns at 1% load under uniform traffic; zero-load 228 + 121.3 ns x 8.03 hops = 1,203 ns), i.e. where the latency curves cross a fixed delay, which TORUS-4's 8-hop routes reach first"
  }
}

table "sim_sat_pft4_transpose" {
  study    = study.sim_sat
  title    = "256 switches, matrix transpose traffic: saturation throughput, PF-TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "transpose" }
  ratio_to = { topology = "sim_pft4", traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_pft4_pt4" {
    where                 = { topology = "sim_pt4", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / P-TORUS-4 at most 1: PF-TORUS-4 saturates before P-TORUS-4"
  }

  expect "order_pft4_ring4" {
    where                 = { topology = "sim_ring4", traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / RING-4 at most 1: PF-TORUS-4 saturates before RING-4"
  }
}

table "sim_thr_php_bit_reversal" {
  study    = study.sim_thr
  title    = "256 switches, bit reversal traffic: throughput, P-HYPERCUBE over each row (Figs. 10, 16)"
  where    = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_nbr8"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_php_m", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "topo_le_ptopo" {
    where                 = { topology = "sim_hc_m", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_ptopo
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / HYPERCUBE (also the conclusion's \"the same or even slightly higher throughput\"); HYPERCUBE's adaptive routing has far more minimal paths to spread a permutation over: under a permutation each host's flow can only take its switch pair's minimal paths (the adaptive VCs of duato-dor and duato-updown are minimal), on average 430 in HYPERCUBE against 2.6 to 4.5 in the random networks (paths_mean, table sim_bound); that orders them as measured, but we have no bound for adaptive routing under a permutation that gives the ratio (the even split over minimal paths is not one)"
  }

  expect "fig16_nbr8" {
    where                 = { topology = "sim_nbr8", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_f16_8
    throughput_gbps_ratio = { at_least = 0.95, why = local.sim_why_similar }
    note                  = "P-HYPERCUBE / Nbr(0.5)-8: Nbr(0.5)-8 at most 5% above (\"similar (or even worse)\"); arithmetic, against the statement on our graphs (table sim_perm_bit_reversal): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing) P-HYPERCUBE sustains at most 0.2555 of the injection rate and Nbr(0.5)-8 at least 0.3067, so the best routing on P-HYPERCUBE reaches at most 0.83 of the best on Nbr(0.5)-8, below the 0.95 asked (measured 0.8545); split evenly over the minimal paths, their busiest channels allow 0.0962 and 0.1190 (0.81)"
  }
  expect "ring8_vs_php" {
    where                 = { topology = "sim_ring_m", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_f10_8
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step, why = local.sim_why_step }
    note                  = "P-HYPERCUBE / RING-8 at least 1: RING-8 \"leads to lower throughput than P-HYPERCUBE\" for bit reversal (section III-D; section III-C's \"better throughput\" above asks for the opposite within one step); arithmetic, against the statement on our graphs (table sim_perm_bit_reversal): with the best routing over any paths (the maximum concurrent flow, a ceiling for every routing) P-HYPERCUBE sustains at most 0.2555 of the injection rate and RING-8 at least 0.3265, so the best routing on P-HYPERCUBE reaches at most 0.78 of the best on RING-8 (measured 0.741); split evenly over the minimal paths, their busiest channels allow 0.0962 and 0.1373 (0.70)"
  }
}

table "sim_thr_ring4_bit_reversal" {
  study    = study.sim_thr
  title    = "256 switches, bit reversal traffic: throughput, RING-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_ring4", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "ring4_vs_pt4" {
    where                 = { topology = "sim_pt4", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_f10_4
    throughput_gbps_ratio = { value = 2.25, abs = 0.25, why = local.sim_why_100to150 }
    note                  = "RING-4 / P-TORUS-4 between 2.0 and 2.5 (100% to 150% more); table sim_bound (uniform traffic split evenly over all minimal paths) gives RING-4 0.0738 and P-TORUS-4 0.0554, 1.33 from the graphs; the measured ratio is larger because P-TORUS-4 stops at the 1.2 us criterion before it saturates (zero-load latency 906 ns under uniform traffic, 1,104 ns at its last load), but still short of the paper's 2.0"
  }

  expect "fig16_ring4" {
    where                 = { topology = "sim_nbr4", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_least = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "RING-4 / Nbr(0.5)-4: RING-4 the most high-performance"
  }
}

table "sim_thr_pt4_bit_reversal" {
  study    = study.sim_thr
  title    = "256 switches, bit reversal traffic: throughput, P-TORUS-4 over each row (Figs. 6, 10, 16)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_pt4", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "fig16_nbr4" {
    where                 = { topology = "sim_nbr4", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_f16_4
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "P-TORUS-4 / Nbr(0.5)-4: Nbr(0.5)-4 between P-TORUS-4 and RING-4"
  }
}

table "sim_sat_t4_bit_reversal" {
  study    = study.sim_sat
  title    = "256 switches, bit reversal traffic: saturation throughput, TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_t4", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_t4" {
    where                 = { topology = ["sim_pft4", "sim_pt4", "sim_ring4"], traffic = "bit_reversal" }
    every                 = true
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "TORUS-4 over each random topology of degree 4 (also \"topo is outperformed by P-topo\" for TORUS-4); under the saturation criterion TORUS-4 sustains more than P- and PF-TORUS-4 (0.0400 against 0.0350 and 0.0200), as the channel-load arithmetic says: under uniform traffic split over minimal paths TORUS-4's busiest channel allows 0.0625, P-TORUS-4's 0.0554 and PF-TORUS-4's 0.0202 (table sim_bound), the order measured. The paper's order fits the 1.2 us criterion of section III-D instead, where TORUS-4 comes first: its latency is above 1.2 us at every load (1,254 ns at 1% load under uniform traffic; zero-load 228 + 121.3 ns x 8.03 hops = 1,203 ns), i.e. where the latency curves cross a fixed delay, which TORUS-4's 8-hop routes reach first"
  }
}

table "sim_sat_pft4_bit_reversal" {
  study    = study.sim_sat
  title    = "256 switches, bit reversal traffic: saturation throughput, PF-TORUS-4 over each row (Figs. 6, 10)"
  where    = { topology = ["sim_t4", "sim_pt4", "sim_pft4", "sim_ring4", "sim_nbr4"], traffic = "bit_reversal" }
  ratio_to = { topology = "sim_pft4", traffic = "bit_reversal" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_thr_columns
  formats  = local.sim_thr_formats

  expect "order_pft4_pt4" {
    where                 = { topology = "sim_pt4", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / P-TORUS-4 at most 1: PF-TORUS-4 saturates before P-TORUS-4"
  }

  expect "order_pft4_ring4" {
    where                 = { topology = "sim_ring4", traffic = "bit_reversal" }
    enabled               = local.paper
    source                = local.sim_src_order
    throughput_gbps_ratio = { at_most = 1, abs = local.sim_slack_step4, why = local.sim_why_step4 }
    note                  = "PF-TORUS-4 / RING-4 at most 1: PF-TORUS-4 saturates before RING-4"
  }
}

# ---------------------------------------------------------------------------
# Fig. 8: Myrinet-Clos and its permutation, latency and throughput (studies
# sim_clos_lat and sim_clos_thr), one table per size and pattern, the
# permuted network as the reference.

table "sim_clos_lat_256_uniform" {
  study    = study.sim_clos_lat
  title    = "Myrinet-Clos, 256 hosts, uniform traffic: low-load latency, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[0], traffic = "uniform" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[0], traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_clos_lat_columns
  formats  = local.sim_lat_formats

  expect "config" {
    where     = { hosts = local.sim_clos_hosts[0], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 on Fig. 8: 80- and 160-switch topologies with 256 and 512 hosts"
    routers   = local.sim_clos_switches[0]
    endpoints = local.sim_clos_hosts[0]
    note      = "5 x hosts / 16 switches of 16 ports (family myrinet_clos)"
  }

  expect "improves" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_most = 1 }
    note             = "PF-Myrinet-Clos / Myrinet-Clos below 1"
  }

  expect "up_to" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_least = 0.766, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "an improvement of at most 23.4%: PF-Myrinet-Clos / Myrinet-Clos at least 0.766 (\"up to\" is the largest over the patterns and sizes; each one is checked against it)"
  }
}

table "sim_clos_sat_256_uniform" {
  study    = study.sim_clos_sat
  title    = "Myrinet-Clos, 256 hosts, uniform traffic: saturation throughput, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[0], traffic = "uniform" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[0], traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_clos_thr_columns
  formats  = local.sim_thr_formats

  expect "same_throughput" {
    where                 = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_clos
    throughput_gbps_ratio = { value = 1, abs = 0.05, why = local.sim_why_same_step }
    note                  = "PF-Myrinet-Clos / Myrinet-Clos throughput; up*/down* leaves only part of the network: table sim_bound_updown routes uniform traffic as the simulation does (netsim's default root, a centre) and finds the busiest channel's bound 0.1285 for Myrinet-Clos and 0.1732 for PF-Myrinet-Clos, a ratio of 1.35 (measured 1.38). With a leaf as root the original Clos would keep all its minimal routes (bound 1.0, TestUpDownUniformLoadsClos in pkg/netsim); the paper does not say where its up*/down* tree is rooted. Under minimal routing both are near 1 (table sim_bound: 1.0 and 0.85); rooted at a leaf instead (table sim_clos_sat_leafroot) the original Clos sustains 0.83 to 0.90 and the permuted one 0.15 to 0.16: neither root gives \"sensibly the same\""
  }
}

table "sim_clos_lat_256_transpose" {
  study    = study.sim_clos_lat
  title    = "Myrinet-Clos, 256 hosts, matrix transpose traffic: low-load latency, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[0], traffic = "transpose" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[0], traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_clos_lat_columns
  formats  = local.sim_lat_formats

  expect "improves" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_most = 1 }
    note             = "PF-Myrinet-Clos / Myrinet-Clos below 1"
  }

  expect "up_to" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_least = 0.766, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "an improvement of at most 23.4%: PF-Myrinet-Clos / Myrinet-Clos at least 0.766 (\"up to\" is the largest over the patterns and sizes; each one is checked against it)"
  }
}

table "sim_clos_sat_256_transpose" {
  study    = study.sim_clos_sat
  title    = "Myrinet-Clos, 256 hosts, matrix transpose traffic: saturation throughput, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[0], traffic = "transpose" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[0], traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_clos_thr_columns
  formats  = local.sim_thr_formats

  expect "same_throughput" {
    where                 = { topology = "sim_clos", hosts = local.sim_clos_hosts[0], traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_clos
    throughput_gbps_ratio = { value = 1, abs = 0.05, why = local.sim_why_same_step }
    note                  = "PF-Myrinet-Clos / Myrinet-Clos throughput; up*/down* leaves only part of the network: under uniform traffic table sim_bound_updown finds the busiest channel's bound 0.1285 for Myrinet-Clos and 0.1732 for PF-Myrinet-Clos (the simulation's routing, netsim's default root); the transpose bound is not computed, the ratio follows the uniform one; rooted at a leaf instead (table sim_clos_sat_leafroot) the original Clos sustains 0.83 to 0.90 and the permuted one 0.15 to 0.16: neither root gives \"sensibly the same\""
  }
}

table "sim_clos_lat_512_uniform" {
  study    = study.sim_clos_lat
  title    = "Myrinet-Clos, 512 hosts, uniform traffic: low-load latency, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
  ratios   = ["latency_ns"]
  columns  = local.sim_clos_lat_columns
  formats  = local.sim_lat_formats

  expect "config" {
    where     = { hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
    every     = true
    enabled   = local.paper
    kind      = "check"
    source    = "Section III-C2 on Fig. 8: 80- and 160-switch topologies with 256 and 512 hosts"
    routers   = local.sim_clos_switches[length(local.sim_clos_switches) - 1]
    endpoints = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1]
    note      = "5 x hosts / 16 switches of 16 ports (family myrinet_clos)"
  }

  expect "improves" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_most = 1 }
    note             = "PF-Myrinet-Clos / Myrinet-Clos below 1; PF-Myrinet-Clos's zero-load latency is the lower (its routes are shorter, table columns zero_load_latency_ns), but at 1% load its up*/down* root's channels already queue: the busiest carries 19,904 flows of uniform traffic against 4,032 in the original (table sim_bound_updown), a utilisation of about 0.38 at 1% load against 0.08"
  }

  expect "up_to" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_least = 0.766, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "an improvement of at most 23.4%: PF-Myrinet-Clos / Myrinet-Clos at least 0.766 (\"up to\" is the largest over the patterns and sizes; each one is checked against it)"
  }
}

table "sim_clos_sat_512_uniform" {
  study    = study.sim_clos_sat
  title    = "Myrinet-Clos, 512 hosts, uniform traffic: saturation throughput, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_clos_thr_columns
  formats  = local.sim_thr_formats

  expect "same_throughput" {
    where                 = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "uniform" }
    enabled               = local.paper
    source                = local.sim_src_clos
    throughput_gbps_ratio = { value = 1, abs = 0.05, why = local.sim_why_same_step }
    note                  = "PF-Myrinet-Clos / Myrinet-Clos throughput; up*/down* leaves only part of the network: table sim_bound_updown routes uniform traffic as the simulation does (netsim's default root, a centre) and finds the busiest channel's bound 0.1267 for Myrinet-Clos and 0.0257 for PF-Myrinet-Clos, a ratio of 0.20 (measured 0.20). With a leaf as root the original Clos would keep all its minimal routes (bound 1.0, TestUpDownUniformLoadsClos in pkg/netsim); the paper does not say where its up*/down* tree is rooted. Under minimal routing both are near 1 (table sim_bound: 1.0 and 0.91); rooted at a leaf instead (table sim_clos_sat_leafroot) the original Clos sustains 0.83 to 0.90 and the permuted one 0.15 to 0.16: neither root gives \"sensibly the same\""
  }
}

table "sim_clos_lat_512_transpose" {
  study    = study.sim_clos_lat
  title    = "Myrinet-Clos, 512 hosts, matrix transpose traffic: low-load latency, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
  ratios   = ["latency_ns"]
  columns  = local.sim_clos_lat_columns
  formats  = local.sim_lat_formats

  expect "improves" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_most = 1 }
    note             = "PF-Myrinet-Clos / Myrinet-Clos below 1; PF-Myrinet-Clos's zero-load latency is the lower (its routes are shorter, table columns zero_load_latency_ns), but at 1% load its up*/down* root's channels already queue: the busiest carries 19,904 flows of uniform traffic against 4,032 in the original (table sim_bound_updown), under uniform traffic; the transpose loads are not computed"
  }

  expect "up_to" {
    where            = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
    enabled          = local.paper
    source           = local.sim_src_clos
    latency_ns_ratio = { at_least = 0.766, abs = 0.0055, why = local.sim_why_pct1 }
    note             = "an improvement of at most 23.4%: PF-Myrinet-Clos / Myrinet-Clos at least 0.766 (\"up to\" is the largest over the patterns and sizes; each one is checked against it)"
  }
}

table "sim_clos_sat_512_transpose" {
  study    = study.sim_clos_sat
  title    = "Myrinet-Clos, 512 hosts, matrix transpose traffic: saturation throughput, the permuted (PF-) Clos over each row (Fig. 8)"
  where    = { hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
  ratio_to = { topology = "sim_pclos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
  ratios   = ["throughput_gbps"]
  columns  = local.sim_clos_thr_columns
  formats  = local.sim_thr_formats

  expect "same_throughput" {
    where                 = { topology = "sim_clos", hosts = local.sim_clos_hosts[length(local.sim_clos_hosts) - 1], traffic = "transpose" }
    enabled               = local.paper
    source                = local.sim_src_clos
    throughput_gbps_ratio = { value = 1, abs = 0.05, why = local.sim_why_same_step }
    note                  = "PF-Myrinet-Clos / Myrinet-Clos throughput; up*/down* leaves only part of the network: under uniform traffic table sim_bound_updown finds the busiest channel's bound 0.1267 for Myrinet-Clos and 0.0257 for PF-Myrinet-Clos (the simulation's routing, netsim's default root); the transpose bound is not computed, the ratio follows the uniform one; rooted at a leaf instead (table sim_clos_sat_leafroot) the original Clos sustains 0.83 to 0.90 and the permuted one 0.15 to 0.16: neither root gives \"sensibly the same\""
  }
}

# ---------------------------------------------------------------------------
# Channel-load bounds of the simulated networks (no simulation; with the
# simulations, as they explain the throughput tables): the fraction of the
# injection bandwidth uniform traffic reaches when its busiest channel is
# saturated (throughput_bound). Study sim_bound routes minimally, each flow
# split evenly over all minimal paths (load_routing = "split"), and counts
# the minimal paths between two routers (paths_mean): the adaptive
# routings' minimal VCs (duato-dor, duato-updown) take minimal paths, and
# choose among them by the queues, which can balance better than an even
# split (RING-8's simulated throughput, 0.28, is above its 0.256), so this
# is a reference, not a ceiling. Under the permutations (transpose, bit
# reversal) each host's flow can only spread over its switch pair's minimal
# paths: 430 on average in the 256-switch HYPERCUBE, 3 to 4 in the random
# networks. Study sim_bound_updown routes the
# Myrinet-Clos networks as study sim_clos_thr does (load_routing = "updown":
# up*/down* from netsim's default root, a graph centre, shortest legal
# routes split evenly among their next hops), where the bound is what the
# root leaves of the network.

study "sim_bound" {
  title   = "Uniform-traffic channel-load bound of the simulated networks under minimal routing"
  enabled = local.sim_on
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m,
    topology.sim_t4, topology.sim_pt4, topology.sim_pft4, topology.sim_ring4,
    topology.sim_nbr4, topology.sim_nbr8, topology.sim_nbr04_8, topology.sim_gau07_8, topology.sim_gau10_8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
    topology.sim_clos, topology.sim_pclos,
  ]
  metrics = ["routers", "endpoints", "avg_distance", "paths_mean", "load_max", "throughput_bound"]
}

study "sim_bound_updown" {
  title      = "Uniform-traffic channel-load bound of the Myrinet-Clos networks under up*/down* (the routing of study sim_clos_thr)"
  enabled    = local.sim_on
  topologies = [topology.sim_clos, topology.sim_pclos]
  metrics    = ["routers", "endpoints", "load_max", "throughput_bound"]
  analysis {
    load_routing = "updown"
  }
}

# Under the permutations: the best routing over any paths (the maximum
# concurrent flow, mcf_throughput, with the dual bound mcf_throughput_upper:
# a ceiling for every routing, the escape paths included) and minimal
# routing split evenly over the minimal paths (throughput_bound, with
# load_traffic = the pattern: a reference for the minimal-adaptive
# routings, not a ceiling). The HYPERCUBE versions have the same ceiling;
# RING-n's is higher, so "similar throughput" cannot hold within 10% on our
# graphs whatever the routing.

study "sim_perm_transpose" {
  title   = "Transpose: the best routing's throughput and minimal routing's channel-load bound of the simulated networks"
  enabled = local.sim_on
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m, topology.sim_nbr8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["routers", "endpoints", "load_max", "throughput_bound", "mcf_throughput", "mcf_throughput_upper"]
  analysis {
    load_traffic    = "transpose"
    mcf_traffic     = "transpose"
    mcf_max_routers = 512
  }
}

study "sim_perm_bit_reversal" {
  title   = "Bit reversal: the best routing's throughput and minimal routing's channel-load bound of the simulated networks"
  enabled = local.sim_on
  topologies = [
    topology.sim_hc_s, topology.sim_php_s, topology.sim_pfhc_s, topology.sim_ring_s,
    topology.sim_hc_m, topology.sim_php_m, topology.sim_pfhc_m, topology.sim_ring_m, topology.sim_nbr8,
    topology.sim_hc_l, topology.sim_php_l, topology.sim_pfhc_l, topology.sim_ring_l,
  ]
  metrics = ["routers", "endpoints", "load_max", "throughput_bound", "mcf_throughput", "mcf_throughput_upper"]
  analysis {
    load_traffic    = "bit_reversal"
    mcf_traffic     = "bit_reversal"
    mcf_max_routers = 512
  }
}

table "sim_perm_transpose" {
  study   = study.sim_perm_transpose
  title   = "Transpose: the throughput of the best routing over any paths (maximum concurrent flow, feasible value and dual bound) and of minimal routing split evenly over the minimal paths (the busiest channel's flows and the fraction of the injection rate it allows)"
  sort_by = ["routers", "label"]
  columns = ["label", "routers", "endpoints", "mcf_throughput", "mcf_throughput_upper", "load_max", "throughput_bound"]
  formats = { mcf_throughput = "%.4f", mcf_throughput_upper = "%.4f", load_max = "%.2f", throughput_bound = "%.4f" }
}

table "sim_perm_bit_reversal" {
  study   = study.sim_perm_bit_reversal
  title   = "Bit reversal: the throughput of the best routing over any paths (maximum concurrent flow, feasible value and dual bound) and of minimal routing split evenly over the minimal paths (the busiest channel's flows and the fraction of the injection rate it allows)"
  sort_by = ["routers", "label"]
  columns = ["label", "routers", "endpoints", "mcf_throughput", "mcf_throughput_upper", "load_max", "throughput_bound"]
  formats = { mcf_throughput = "%.4f", mcf_throughput_upper = "%.4f", load_max = "%.2f", throughput_bound = "%.4f" }
}

table "sim_bound" {
  study   = study.sim_bound
  title   = "Uniform traffic, minimal routing split evenly over all minimal paths: the busiest channel's load (flows of one unit per ordered pair of hosts on different switches) and the fraction of the injection bandwidth it allows"
  sort_by = ["routers", "label"]
  columns = ["label", "routers", "endpoints", "avg_distance", "paths_mean", "load_max", "throughput_bound"]
  formats = { avg_distance = "%.3f", paths_mean = "%.2f", load_max = "%.1f", throughput_bound = "%.4f" }
}

table "sim_bound_updown" {
  study   = study.sim_bound_updown
  title   = "Myrinet-Clos, uniform traffic, up*/down* from netsim's default root (as simulated): the busiest channel's load and the fraction of the injection bandwidth it allows"
  sort_by = ["routers", "label"]
  columns = ["label", "routers", "endpoints", "load_max", "throughput_bound"]
  formats = { load_max = "%.1f", throughput_bound = "%.4f" }
}

# ---------------------------------------------------------------------------
# The escape paths (configuration checks): HYPERCUBE and TORUS-4 with the
# paper's duato-dor and with duato-updown, merged over the routing. The
# comparison tables above take the duato-updown values; these tables show
# both (latency_ns_min / _max, throughput_load_min / _max) and check that
# they agree within 1% of the latency and one step of the search at the
# paper's sizes and 1% load. Not in the quick profile: on its 16-switch
# 4-cube with 2 hosts per switch at 5% load, the schemes differ by up to 8%
# under transpose (the escape channels are used there).

table "sim_escape_lat" {
  study     = study.sim_escape_lat
  title     = "HYPERCUBE and TORUS-4, low-load latency: duato-dor and duato-updown (one seed each)"
  mean_over = ["routing"]
  columns   = ["label", "endpoints", "traffic", "latency_ns_min", "latency_ns_max", "latency_ns_ci95", "zero_load_latency_ns", "replicates"]
  formats   = { latency_ns_min = "%.1f", latency_ns_max = "%.1f", latency_ns_ci95 = "%.2f", zero_load_latency_ns = "%.1f" }

  expect "same_latency_64" {
    where           = { topology = "sim_hc_s" }
    every           = true
    enabled         = local.paper
    kind            = "check"
    source          = "Our substitution: the comparison tables route HYPERCUBE and TORUS-4 with duato-updown (section III-C1: Duato's protocol with dimension-order escape paths)"
    latency_ns_ci95 = { at_most = 6.353 * 0.01 * (228 + 121.3 * local.sim_n.s / 2), why = local.sim_why_escape }
    note            = "the bound: 1% of the uniform zero-load latency of HYPERCUBE, 64 switches: 228 + 121.3 x 3 = 592 ns"
  }

  expect "same_latency_256" {
    where           = { topology = "sim_hc_m" }
    every           = true
    enabled         = local.paper
    kind            = "check"
    source          = "Our substitution: the comparison tables route HYPERCUBE and TORUS-4 with duato-updown (section III-C1: Duato's protocol with dimension-order escape paths)"
    latency_ns_ci95 = { at_most = 6.353 * 0.01 * (228 + 121.3 * local.sim_n.m / 2), why = local.sim_why_escape }
    note            = "the bound: 1% of the uniform zero-load latency of HYPERCUBE, 256 switches: 228 + 121.3 x 4 = 713 ns"
  }

  expect "same_latency_512" {
    where           = { topology = "sim_hc_l" }
    every           = true
    enabled         = local.paper
    kind            = "check"
    source          = "Our substitution: the comparison tables route HYPERCUBE and TORUS-4 with duato-updown (section III-C1: Duato's protocol with dimension-order escape paths)"
    latency_ns_ci95 = { at_most = 6.353 * 0.01 * (228 + 121.3 * local.sim_n.l / 2), why = local.sim_why_escape }
    note            = "the bound: 1% of the uniform zero-load latency of HYPERCUBE, 512 switches: 228 + 121.3 x 4.5 = 774 ns"
  }

  expect "same_latency_torus" {
    where           = { topology = "sim_t4" }
    every           = true
    enabled         = local.paper
    kind            = "check"
    source          = "Our substitution: the comparison tables route HYPERCUBE and TORUS-4 with duato-updown (section III-C1: Duato's protocol with dimension-order escape paths)"
    latency_ns_ci95 = { at_most = 6.353 * 0.01 * (228 + 121.3 * local.sim_t4_k / 2), why = local.sim_why_escape }
    note            = "the bound: 1% of the uniform zero-load latency of TORUS-4: 228 + 121.3 x 8 = 1,198 ns"
  }

}

table "sim_escape_thr" {
  study     = study.sim_escape_thr
  title     = "HYPERCUBE and TORUS-4, throughput (latency under 1.2 us): duato-dor and duato-updown"
  mean_over = ["routing"]
  columns   = ["label", "endpoints", "traffic", "throughput_load_min", "throughput_load_max", "throughput_load_ci95", "throughput_gbps", "replicates"]
  formats   = { throughput_load_min = "%.4f", throughput_load_max = "%.4f", throughput_load_ci95 = "%.4f", throughput_gbps = "%.3f" }

  expect "same_throughput" {
    where                = { topology = ["sim_hc_s", "sim_hc_m", "sim_hc_l", "sim_t4"] }
    every                = true
    enabled              = local.paper
    kind                 = "check"
    source               = "Our substitution: the comparison tables route HYPERCUBE and TORUS-4 with duato-updown (section III-C1: Duato's protocol with dimension-order escape paths)"
    throughput_load_ci95 = { at_most = 6.36 * local.sim_res, why = local.sim_why_escape_thr }
    note                 = "the two escape schemes give the same throughput within one step of the search (on the torus duato-dor has 2 adaptive VCs, duato-updown 3)"
  }
}

# ---------------------------------------------------------------------------
# Cable lengths of Figs. 9, 10 and 16 (the layout metrics of the studies
# sim_lay_lat_*; the same in every traffic row, checked on the uniform
# ones). The sequential layouts against the floor's arithmetic (see
# sim_cable_t4 and sim_cable_hc), and the published ratios as lengths.

table "sim_cable_seq_base" {
  study   = study.sim_lay_lat_base
  title   = "TORUS-4 and HYPERCUBE, sequential layout: average inter-cabinet cable length"
  where   = { traffic = "uniform" }
  columns = ["label", "inter_rack_cable_length_avg", "cable_length_avg", "latency_ns"]
  formats = { inter_rack_cable_length_avg = "%.4f", cable_length_avg = "%.4f", latency_ns = "%.1f" }

  expect "torus4" {
    where                       = { topology = "sim_t4", traffic = "uniform" }
    kind                        = "check"
    source                      = "Section III-D's floor: the sequential layout of TORUS-4 (16 cabinets of one torus row each)"
    inter_rack_cable_length_avg = { value = local.sim_cable_t4, rel = 1e-9, why = "arithmetic of the floor (sim_cable_t4): exact up to floating point" }
  }
  expect "hypercube" {
    where                       = { topology = "sim_hc_m", traffic = "uniform" }
    kind                        = "check"
    source                      = "Section III-D's floor: the sequential layout of HYPERCUBE (16 cabinets of 16 consecutive ids)"
    inter_rack_cable_length_avg = { value = local.sim_cable_hc, rel = 1e-9, why = "arithmetic of the floor (sim_cable_hc): exact up to floating point" }
  }
}

table "sim_cable_seq_perm" {
  study   = study.sim_lay_lat_perm
  title   = "P-TORUS-4 and P-HYPERCUBE, sequential layout: average inter-cabinet cable length"
  where   = { traffic = "uniform" }
  columns = ["label", "inter_rack_cable_length_avg", "cable_length_avg", "latency_ns"]
  formats = { inter_rack_cable_length_avg = "%.4f", cable_length_avg = "%.4f", latency_ns = "%.1f" }

  expect "ptorus4" {
    where                       = { topology = "sim_pt4", traffic = "uniform" }
    kind                        = "check"
    source                      = "Section III-A: because all endpoint permutations are for links between the same pair of cabinets, bisection bandwidth and cable length are conserved"
    inter_rack_cable_length_avg = { value = local.sim_cable_t4, rel = 1e-9, why = "TORUS-4's length (sim_cable_t4): exact up to floating point" }
  }
  expect "phypercube" {
    where                       = { topology = "sim_php_m", traffic = "uniform" }
    kind                        = "check"
    source                      = "Section III-A: because all endpoint permutations are for links between the same pair of cabinets, bisection bandwidth and cable length are conserved"
    inter_rack_cable_length_avg = { value = local.sim_cable_hc, rel = 1e-9, why = "HYPERCUBE's length (sim_cable_hc): exact up to floating point" }
  }
}

table "sim_cable_ring" {
  study    = study.sim_lay_lat_ring
  title    = "RING-n and Nbr(0.5)-n, Walktrap clusters and annealed cabinet locations: average inter-cabinet cable length, RING-4 over each row"
  where    = { traffic = "uniform" }
  ratio_to = { topology = "sim_ring4", traffic = "uniform" }
  ratios   = ["inter_rack_cable_length_avg"]
  columns  = ["label", "inter_rack_cable_length_avg", "cable_length_avg", "latency_ns", "inter_rack_cable_length_avg_ratio"]
  formats  = { inter_rack_cable_length_avg = "%.4f", cable_length_avg = "%.4f", latency_ns = "%.1f", inter_rack_cable_length_avg_ratio = "%.4f" }

  expect "ring4_vs_ptorus4" {
    where                       = { topology = "sim_ring4", traffic = "uniform" }
    enabled                     = local.paper
    source                      = local.sim_src_f9_4
    inter_rack_cable_length_avg = { value = 1.245 * local.sim_cable_t4, abs = 0.01 * local.sim_cable_t4, why = local.sim_why_cable }
    note                        = "24% to 25% longer than P-TORUS-4's 5.2375 m (the sequential layout, table sim_cable_seq_perm): 1.245 x 5.2375 = 6.52 m; ours: 6.90 m, 32% longer. A layout difference we cannot resolve: RING-n's average cable depends on which links the clustering keeps inside cabinets and on the annealing, and the paper's clusters are not recoverable; our Walktrap gains more on RING-n than the paper's at 64 switches (table fig14_ring_vs_hypercube), and our RING-8 comes out shorter than the paper's (next row) while RING-4 comes out 6% longer"
  }
  expect "ring8_vs_phypercube" {
    where                       = { topology = "sim_ring_m", traffic = "uniform" }
    enabled                     = local.paper
    source                      = local.sim_src_f9_8
    inter_rack_cable_length_avg = { value = 1.305 * local.sim_cable_hc, abs = 0.01 * local.sim_cable_hc, why = local.sim_why_cable }
    note                        = "30% to 31% longer than P-HYPERCUBE's 6.325 m (the sequential layout, table sim_cable_seq_perm): 1.305 x 6.325 = 8.25 m; ours: 7.13 m, 13% longer (14% shorter than the paper's 8.25 m): see the row above; one graph (seed 1) and one layout (10^8 moves, best of 5 restarts)"
  }
  expect "degree4_economy" {
    where                       = { topology = ["sim_ring4", "sim_nbr4"], traffic = "uniform" }
    every                       = true
    enabled                     = local.paper
    source                      = local.sim_src_f16_4
    inter_rack_cable_length_avg = { at_least = local.sim_cable_t4 }
    note                        = "P-TORUS-4 the most economical: RING-4 and Nbr(0.5)-4 longer than its 5.2375 m"
  }
  expect "degree4_compromise" {
    where                             = { topology = "sim_nbr4", traffic = "uniform" }
    enabled                           = local.paper
    source                            = local.sim_src_f16_4
    inter_rack_cable_length_avg_ratio = { at_least = 1 }
    note                              = "RING-4 / Nbr(0.5)-4: Nbr(0.5)-4's cables shorter than RING-4's (and, above, longer than P-TORUS-4's)"
  }
  expect "degree8_cost" {
    where                       = { topology = ["sim_ring_m", "sim_nbr8"], traffic = "uniform" }
    every                       = true
    enabled                     = local.paper
    source                      = local.sim_src_f16_8
    inter_rack_cable_length_avg = { at_least = local.sim_cable_hc }
    note                        = "\"at higher cabling costs\": RING-8 and Nbr(0.5)-8 longer than P-HYPERCUBE's 6.325 m"
  }
}

# ---------------------------------------------------------------------------
# Figures. Latency curves against accepted traffic per host (Gb/s), one
# panel per traffic pattern, the points netsim does not find saturated
# (the sweep stops one point past saturation): a saturated point has no
# steady-state latency, and past saturation the accepted traffic falls back
# (TORUS-4 under uniform traffic accepts 5.3 Gb/s per host at a load of
# 0.075 and 2.2 at 0.1), which would fold the curve back on itself. A curve
# ends at its last stable load; where the paper's curves "shoot up" lies
# between it and the next load of the sweep. The axis is cut at 3 us.

figure "sim_fig5" {
  study   = study.sim_sweep_dor
  overlay = [study.sim_sweep_rnd]
  where   = { topology = ["sim_hc_s", "sim_php_s", "sim_pfhc_s", "sim_ring_s"], simulated = true, saturated = false }
  panels  = "traffic"
  title   = "Latency vs accepted traffic, ${local.sim_routers.s} switches, ${local.sim_routers.s * local.sim_p.s} hosts (Fig. 5)"
  x       = "accepted_gbps"
  y       = "latency_ns"
  x_label = "Accepted traffic [Gb/s per host]"
  y_label = "Latency [ns]"
  x_min   = 0
  y_min   = 0
  y_max   = 3000
}

figure "sim_fig6" {
  study   = study.sim_sweep_dor
  overlay = [study.sim_sweep_rnd, study.sim_sweep_deg4_dor, study.sim_sweep_deg4_rnd]
  where   = { topology = ["sim_hc_m", "sim_php_m", "sim_pfhc_m", "sim_ring_m", "sim_t4", "sim_pt4", "sim_pft4", "sim_ring4"], simulated = true, saturated = false }
  panels  = "traffic"
  title   = "Latency vs accepted traffic, ${local.sim_routers.m} switches, ${local.sim_routers.m * local.sim_p.m} hosts (Fig. 6)"
  x       = "accepted_gbps"
  y       = "latency_ns"
  x_label = "Accepted traffic [Gb/s per host]"
  y_label = "Latency [ns]"
  x_min   = 0
  y_min   = 0
  y_max   = 3000
}

figure "sim_fig7" {
  study   = study.sim_sweep_dor
  overlay = [study.sim_sweep_rnd]
  where   = { topology = ["sim_hc_l", "sim_php_l", "sim_pfhc_l", "sim_ring_l"], simulated = true, saturated = false }
  panels  = "traffic"
  title   = "Latency vs accepted traffic, ${local.sim_routers.l} switches, ${local.sim_routers.l * local.sim_p.l} hosts (Fig. 7)"
  x       = "accepted_gbps"
  y       = "latency_ns"
  x_label = "Accepted traffic [Gb/s per host]"
  y_label = "Latency [ns]"
  x_min   = 0
  y_min   = 0
  y_max   = 3000
}

figure "sim_fig8" {
  study   = study.sim_clos_sweep
  where   = { simulated = true, saturated = false }
  panels  = "traffic"
  series  = ["label", "hosts"]
  title   = "Latency vs accepted traffic, Myrinet-Clos and its permutation (Fig. 8)"
  x       = "accepted_gbps"
  y       = "latency_ns"
  x_label = "Accepted traffic [Gb/s per host]"
  y_label = "Latency [ns]"
  x_min   = 0
  y_min   = 0
  y_max   = 3000
}

figure "sim_fig13" {
  study   = study.sim_sweep_f13
  where   = { simulated = true, saturated = false }
  panels  = "traffic"
  title   = "Latency vs accepted traffic, constrained shortcut topologies, ${local.sim_routers.m} switches (Fig. 13)"
  x       = "accepted_gbps"
  y       = "latency_ns"
  x_label = "Accepted traffic [Gb/s per host]"
  y_label = "Latency [ns]"
  x_min   = 0
  y_min   = 0
  y_max   = 3000
}

# Figs. 9, 10 and 16: one point per topology and pattern, against the
# average inter-cabinet cable length of its layout; latency with the 95%
# interval of the seeds.

figure "sim_fig9" {
  study      = study.sim_lay_lat_base
  overlay    = [study.sim_lay_lat_perm, study.sim_lay_lat_ring]
  where      = { topology = ["sim_t4", "sim_hc_m", "sim_pt4", "sim_php_m", "sim_ring4", "sim_ring_m"] }
  panels     = "traffic"
  title      = "Low-load latency vs average inter-cabinet cable length, ${local.sim_routers.m} switches (Fig. 9)"
  x          = "inter_rack_cable_length_avg"
  y          = "latency_ns"
  lines      = false
  error_bars = true
  x_label    = "Average inter-cabinet cable length [m]"
  y_label    = "Latency [ns]"
  y_min      = 0
}

figure "sim_fig10" {
  study   = study.sim_lay_thr_base
  overlay = [study.sim_lay_thr_perm, study.sim_lay_thr_ring]
  where   = { topology = ["sim_t4", "sim_hc_m", "sim_pt4", "sim_php_m", "sim_ring4", "sim_ring_m"] }
  panels  = "traffic"
  title   = "Throughput (latency under 1.2 us) vs average inter-cabinet cable length, ${local.sim_routers.m} switches (Fig. 10)"
  x       = "inter_rack_cable_length_avg"
  y       = "throughput_gbps"
  lines   = false
  x_label = "Average inter-cabinet cable length [m]"
  y_label = "Throughput [Gb/s per host]"
  y_min   = 0
}

figure "sim_fig16_latency" {
  study      = study.sim_lay_lat_perm
  overlay    = [study.sim_lay_lat_ring]
  panels     = "traffic"
  title      = "Low-load latency vs average inter-cabinet cable length: P-TORUS-4, P-HYPERCUBE, Nbr(0.5)-n, RING-n (Fig. 16)"
  x          = "inter_rack_cable_length_avg"
  y          = "latency_ns"
  lines      = false
  error_bars = true
  x_label    = "Average inter-cabinet cable length [m]"
  y_label    = "Latency [ns]"
  y_min      = 0
}

figure "sim_fig16_throughput" {
  study   = study.sim_lay_thr_perm
  overlay = [study.sim_lay_thr_ring]
  panels  = "traffic"
  title   = "Throughput vs average inter-cabinet cable length: P-TORUS-4, P-HYPERCUBE, Nbr(0.5)-n, RING-n (Fig. 16)"
  x       = "inter_rack_cable_length_avg"
  y       = "throughput_gbps"
  lines   = false
  x_label = "Average inter-cabinet cable length [m]"
  y_label = "Throughput [Gb/s per host]"
  y_min   = 0
}

figure "sim_fig9_cable_delay" {
  study   = study.sim_cable_seq
  overlay = [study.sim_cable_ring]
  title   = "Not in the paper: Fig. 9 (uniform) with 5 ns per metre of cable on top of the 20 ns links"
  x       = "inter_rack_cable_length_avg"
  y       = "latency_ns"
  lines   = false
  x_label = "Average inter-cabinet cable length [m]"
  y_label = "Latency [ns]"
  y_min   = 0
}

table "sim_cable_delay" {
  study   = study.sim_cable_seq
  title   = "Not in the paper: low-load latency with 5 ns per metre of cable, sequential layout (uniform traffic)"
  columns = ["label", "inter_rack_cable_length_avg", "zero_load_latency_ns", "latency_ns"]
  formats = { inter_rack_cable_length_avg = "%.3f", zero_load_latency_ns = "%.1f", latency_ns = "%.1f" }
}

table "sim_cable_delay_ring" {
  study   = study.sim_cable_ring
  title   = "Not in the paper: low-load latency with 5 ns per metre of cable, Walktrap and annealed layout (uniform traffic)"
  columns = ["label", "inter_rack_cable_length_avg", "zero_load_latency_ns", "latency_ns"]
  formats = { inter_rack_cable_length_avg = "%.3f", zero_load_latency_ns = "%.1f", latency_ns = "%.1f" }
}

