# Lenzen and Wattenhofer, "CLEX: Yet Another Supercomputer Architecture?":
# the point-to-point algorithm A(l) on C(1/4, 4) with 32^4 nodes and
# C(1/3, 3) with 64^3 nodes (Section III: Tables I-IV, Fig. 3 and the
# factors against a 3D torus), and the all-to-all comparison of Section II-C.
# The text of the paper is ../shared/papers/clex.txt.
#
#   runexp run experiments/clex.hcl                    # the paper's sizes, 5 seeds: about 2 minutes on 2 cores
#   runexp run experiments/clex.hcl --var profile=quick  # one seed (CI)
#
# The simulator is pkg/clexsim (its doc comments state the model): a
# synchronous round-based protocol, every recursive call run one after
# another, as the paper simulated it. What the paper leaves open and we
# chose is stated there and at the expectations below.
#
# Tolerances. The issue that asked for this file sets "within 10% of every
# table cell" for a randomized algorithm whose implementation the paper
# describes only in prose; every 10% below is that bound. Averages are the
# mean over our seeds (spread shown). A maximum over many random instances
# ("max. rds.") is checked as one draw of the same process: the published
# value must lie within the range of our seeds. A cell that follows from
# the algorithm alone (the hops and rounds of levels 2 and above, the top
# level's load, which is the workload we set) is a check of the
# configuration, not a reproduction.

experiment {
  title       = "CLEX (Lenzen and Wattenhofer): the routing algorithm A(l) at a million nodes"
  description = "Tables I-IV, Fig. 3 and the Section III factors of Lenzen and Wattenhofer, CLEX: Yet Another Supercomputer Architecture?, simulated with the round-based model of pkg/clexsim; Section II-C's all-to-all hop comparison with a 3D torus."
}

variable "profile" {
  type        = string
  default     = "paper"
  choices     = ["paper", "quick"]
  description = "\"paper\": the published sizes with 5 seeds; \"quick\": the published sizes with one seed (CI)."
}

locals {
  paper = var.profile == "paper"
  seeds = local.paper ? 5 : 1

  why10  = "the 10% the reproduction asks of every table cell, for a randomized algorithm the paper describes in prose only (Sections II-D and III-A)"
  why_ex = "exact: every message crosses one arc of level l in each of the 2^(T-l) calls of A(l) it takes part in"
  why_rd = "a maximum over all instances of a level: one random draw, checked against the range of our seeds"

  # The columns of Tables I-IV (one row per level) and of the factor tables.
  level_columns  = ["level", "max_rounds", "max_rounds_min", "max_rounds_max", "avg_rounds", "avg_rounds_ci95", "max_avg_load", "max_avg_load_min", "max_avg_load_max", "avg_hops", "replicates"]
  level_headers  = { max_rounds = "max. rds. (mean)", max_rounds_min = "min", max_rounds_max = "max", avg_rounds = "avg. rds.", avg_rounds_ci95 = "±95%", max_avg_load = "max. avg. load", max_avg_load_min = "min", max_avg_load_max = "max", avg_hops = "avg. hops" }
  level_formats  = { max_rounds = "%.1f", avg_rounds = "%.2f", avg_rounds_ci95 = "%.3f", max_avg_load = "%.2f", max_avg_load_min = "%.2f", max_avg_load_max = "%.2f", avg_hops = "%.2f" }
  factor_columns = ["max_phases", "max_phases_min", "max_phases_max", "propagation_ratio", "hop_gain", "bandwidth_gain", "replicates"]
  factor_headers = { max_phases = "phases (mean)", max_phases_min = "min", max_phases_max = "max", propagation_ratio = "propagation / torus", hop_gain = "torus hops / CLEX", bandwidth_gain = "bandwidth / torus" }
  factor_formats = { max_phases = "%.1f", propagation_ratio = "%.2f", hop_gain = "%.2f", bandwidth_gain = "%.2f" }
}

topology "c44" {
  family = "clex"
  k      = 32
  t      = 4
}

topology "c33" {
  family = "clex"
  k      = 64
  t      = 3
}

# Tables I-IV: one study per table (the paper pairs each network with its
# own load), one row per level and seed.

study "table1" {
  title      = "A(4) on C(1/4, 4), 32^4 nodes, 28 messages from and to each node (request and acknowledge)"
  topologies = [topology.c44]
  clex {
    messages_per_node = 28
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["max_rounds", "avg_rounds", "max_avg_load", "avg_hops"]
}

study "table2" {
  title      = "A(3) on C(1/3, 3), 64^3 nodes, 57 messages from and to each node (request and acknowledge)"
  topologies = [topology.c33]
  clex {
    messages_per_node = 57
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["max_rounds", "avg_rounds", "max_avg_load", "avg_hops"]
}

study "table3" {
  title      = "A(4) on C(1/4, 4), 32^4 nodes, 4 messages from and to each node (whole copies)"
  topologies = [topology.c44]
  clex {
    messages_per_node = 4
    request_ack       = false
    seeds             = local.seeds
  }
  metrics = ["max_rounds", "avg_rounds", "max_avg_load", "avg_hops"]
}

study "table4" {
  title      = "A(3) on C(1/3, 3), 64^3 nodes, 5 messages from and to each node (whole copies)"
  topologies = [topology.c33]
  clex {
    messages_per_node = 5
    request_ack       = false
    seeds             = local.seeds
  }
  metrics = ["max_rounds", "avg_rounds", "max_avg_load", "avg_hops"]
}

# Table I. Level 1 is where A(1)'s load balancing decides: its rounds, load
# and hops are reproductions. Levels 2-4: the hops (1, 2, 4) and the top
# level's load (the 28 we set) follow from the algorithm; their rounds and
# the lower levels' loads come from the random interim choices.
table "table1" {
  study     = study.table1
  mean_over = ["seed"]
  sort_by   = ["level"]
  columns   = local.level_columns
  headers   = local.level_headers
  formats   = local.level_formats

  expect "lvl1" {
    where          = { level = 1 }
    source         = "Table I, level 1: 11 rounds at most, 13.69 on average, load 33.44, 10.63 hops"
    max_rounds_min = { at_most = 11, why = local.why_rd }
    max_rounds_max = { at_least = 11, why = local.why_rd }
    avg_rounds     = { value = 13.69, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 33.44, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 10.63, rel = 0.1, why = local.why10 }
  }
  expect "lvl2" {
    where          = { level = 2 }
    source         = "Table I, level 2: 2 rounds at most, 4.11 on average, load 30.33, 4 hops"
    max_rounds_min = { at_most = 2, why = local.why_rd }
    max_rounds_max = { at_least = 2, why = local.why_rd }
    avg_rounds     = { value = 4.11, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 30.33, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 4, kind = "check", why = local.why_ex }
  }
  expect "lvl3" {
    where          = { level = 3 }
    source         = "Table I, level 3: 2 rounds at most, 2.05 on average, load 28.06, 2 hops"
    max_rounds_min = { at_most = 2, why = local.why_rd }
    max_rounds_max = { at_least = 2, why = local.why_rd }
    avg_rounds     = { value = 2.05, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 28.06, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 2, kind = "check", why = local.why_ex }
  }
  expect "lvl4" {
    where          = { level = 4 }
    source         = "Table I, level 4: 2 rounds at most, 1.03 on average, load 28, 1 hop"
    max_rounds_min = { at_most = 2, why = local.why_rd }
    max_rounds_max = { at_least = 2, why = local.why_rd }
    avg_rounds     = { value = 1.03, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 28, kind = "check", why = "the workload we set: the top instance holds every message" }
    avg_hops       = { value = 1, kind = "check", why = local.why_ex }
  }
}

table "table2" {
  study     = study.table2
  mean_over = ["seed"]
  sort_by   = ["level"]
  columns   = local.level_columns
  headers   = local.level_headers
  formats   = local.level_formats

  expect "lvl1" {
    where          = { level = 1 }
    source         = "Table II, level 1: 9 rounds at most, 6.90 on average, load 62.06, 5.34 hops"
    max_rounds_min = { at_most = 9, why = local.why_rd }
    max_rounds_max = { at_least = 9, why = local.why_rd }
    avg_rounds     = { value = 6.90, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 62.06, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 5.34, rel = 0.1, why = local.why10 }
  }
  expect "lvl2" {
    where          = { level = 2 }
    source         = "Table II, level 2: 2 rounds at most, 2.03 on average, load 57.30, 2 hops"
    max_rounds_min = { at_most = 2, why = local.why_rd }
    max_rounds_max = { at_least = 2, why = local.why_rd }
    avg_rounds     = { value = 2.03, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 57.30, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 2, kind = "check", why = local.why_ex }
  }
  expect "lvl3" {
    where          = { level = 3 }
    source         = "Table II, level 3: 2 rounds at most, 1.01 on average, load 57, 1 hop"
    max_rounds_min = { at_most = 2, why = local.why_rd }
    max_rounds_max = { at_least = 2, why = local.why_rd }
    avg_rounds     = { value = 1.01, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 57, kind = "check", why = "the workload we set: the top instance holds every message" }
    avg_hops       = { value = 1, kind = "check", why = local.why_ex }
  }
}

# Light traffic. The paper does not say how many whole copies a node sends
# in a relay phase; Section II-D's k(1) = 1 gives one, so a relayed message
# takes 2 hops on level 1. The paper's level-1 hop averages imply about 6
# (Table III) and 8 (Table IV) hops per relayed message: with its average
# rounds (9.02 over 8 calls: 1 + 2f, f = 6.4% relayed) 10.53 hops over 8
# calls is 1 + 4.9 f; for Table IV (4.32 over 4 calls: f = 4%) 5.11 over 4
# is 1 + 6.9 f. That is three or four copies, each forwarded; with so many
# copies our A(1) ends within three rounds on C(1/3, 3), where the paper
# reports five. We keep the algorithm as Section II-D states it, and the
# hop cells as misses.
#
# Loads. An instance's load is its messages over its nodes, the largest
# over the instances of a level. Ours exceed the workload by 4.0 and 3.3
# messages per node on level 1 of Tables I and II (the paper: 5.4 and 5.1)
# and by 1.6 and 1.1 in light traffic (the paper: 5.0 and 5.4): the
# paper's excess is about the same whatever the load, ours shrinks with it,
# as the count of a clique's messages does (with 4 messages per node a
# 32-node clique gets 128 +- 11). Table III's level 1 prints the 9.02 of its
# average rounds again. We found no reading of "maximal average load" that
# gives both the dense and the light values, and keep ours: the light
# loads of levels 1 and 2 are misses.

table "table3" {
  study     = study.table3
  mean_over = ["seed"]
  sort_by   = ["level"]
  columns   = local.level_columns
  headers   = local.level_headers
  formats   = local.level_formats

  expect "lvl1" {
    where          = { level = 1 }
    source         = "Table III, level 1: 5 rounds at most, 9.02 on average, load 9.02, 10.53 hops"
    max_rounds_min = { at_most = 5, why = local.why_rd }
    max_rounds_max = { at_least = 5, why = local.why_rd }
    avg_rounds     = { value = 9.02, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 9.02, rel = 0.1, why = local.why10, note = "the paper prints the average rounds' 9.02 here too" }
    avg_hops       = { value = 10.53, rel = 0.1, why = local.why10, note = "one whole copy per relayed message (k(1) = 1); the paper's average implies about 6 hops per relayed message" }
  }
  expect "lvl2" {
    where          = { level = 2 }
    source         = "Table III, level 2: 1 round at most, 4 on average, load 7.32, 4 hops"
    max_rounds_min = { at_most = 1, why = local.why_rd }
    max_rounds_max = { at_least = 1, why = local.why_rd }
    avg_rounds     = { value = 4, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 7.32, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 4, kind = "check", why = local.why_ex }
  }
  expect "lvl3" {
    where          = { level = 3 }
    source         = "Table III, level 3: 1 round at most, 2 on average, load 4.02, 2 hops"
    max_rounds_min = { at_most = 1, why = local.why_rd }
    max_rounds_max = { at_least = 1, why = local.why_rd }
    avg_rounds     = { value = 2, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 4.02, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 2, kind = "check", why = local.why_ex }
  }
  expect "lvl4" {
    where          = { level = 4 }
    source         = "Table III, level 4: 1 round at most, 1 on average, load 4, 1 hop"
    max_rounds_min = { at_most = 1, why = local.why_rd }
    max_rounds_max = { at_least = 1, why = local.why_rd }
    avg_rounds     = { value = 1, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 4, kind = "check", why = "the workload we set: the top instance holds every message" }
    avg_hops       = { value = 1, kind = "check", why = local.why_ex }
  }
}

table "table4" {
  study     = study.table4
  mean_over = ["seed"]
  sort_by   = ["level"]
  columns   = local.level_columns
  headers   = local.level_headers
  formats   = local.level_formats

  expect "lvl1" {
    where          = { level = 1 }
    source         = "Table IV, level 1: 5 rounds at most, 4.32 on average, load 10.36, 5.11 hops"
    max_rounds_min = { at_most = 5, why = local.why_rd }
    max_rounds_max = { at_least = 5, why = local.why_rd }
    avg_rounds     = { value = 4.32, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 10.36, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 5.11, rel = 0.1, why = local.why10, note = "one whole copy per relayed message (k(1) = 1); the paper's average implies about 8 hops per relayed message" }
  }
  expect "lvl2" {
    where          = { level = 2 }
    source         = "Table IV, level 2: 1 round at most, 2 on average, load 5.09, 2 hops"
    max_rounds_min = { at_most = 1, why = local.why_rd }
    max_rounds_max = { at_least = 1, why = local.why_rd }
    avg_rounds     = { value = 2, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 5.09, rel = 0.1, why = local.why10 }
    avg_hops       = { value = 2, kind = "check", why = local.why_ex }
  }
  expect "lvl3" {
    where          = { level = 3 }
    source         = "Table IV, level 3: 1 round at most, 1 on average, load 5, 1 hop"
    max_rounds_min = { at_most = 1, why = local.why_rd }
    max_rounds_max = { at_least = 1, why = local.why_rd }
    avg_rounds     = { value = 1, rel = 0.1, why = local.why10 }
    max_avg_load   = { value = 5, kind = "check", why = "the workload we set: the top instance holds every message" }
    avg_hops       = { value = 1, kind = "check", why = local.why_ex }
  }
}

# Section III's factors against a 3D torus and Fig. 3's phase counts: one
# row per run. These studies share the simulations of Tables I-IV (same
# cells). The factors are the paper's formulas applied to our table values
# (pkg/clexsim: PropagationRatio, HopGain, BandwidthGain), so they inherit
# the tables' 10%.

study "runs1" {
  title      = "Table I's runs: C(1/4, 4), 28 messages per node"
  topologies = [topology.c44]
  clex {
    messages_per_node = 28
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["max_phases", "propagation_ratio", "hop_gain", "bandwidth_gain"]
}

study "runs2" {
  title      = "Table II's runs: C(1/3, 3), 57 messages per node"
  topologies = [topology.c33]
  clex {
    messages_per_node = 57
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["max_phases", "propagation_ratio", "hop_gain", "bandwidth_gain"]
}

study "runs3" {
  title      = "Table III's runs: C(1/4, 4), 4 messages per node"
  topologies = [topology.c44]
  clex {
    messages_per_node = 4
    request_ack       = false
    seeds             = local.seeds
  }
  metrics = ["max_phases", "propagation_ratio", "hop_gain", "bandwidth_gain"]
}

study "runs4" {
  title      = "Table IV's runs: C(1/3, 3), 5 messages per node"
  topologies = [topology.c33]
  clex {
    messages_per_node = 5
    request_ack       = false
    seeds             = local.seeds
  }
  metrics = ["max_phases", "propagation_ratio", "hop_gain", "bandwidth_gain"]
}

table "factors1" {
  study     = study.runs1
  title     = "Section III-A on Table I: delays and bandwidth against a 3D torus of 32^4 nodes"
  mean_over = ["seed"]
  columns   = local.factor_columns
  headers   = local.factor_headers
  formats   = local.factor_formats

  expect "factors" {
    where             = { topology = "c44" }
    source            = "Section III-A: propagation delays at worst about 2.5 times a torus' shortest paths; hop delays fewer by about 7.3; bandwidth at least about 8.6 times the torus' theoretical maximum"
    propagation_ratio = { value = 2.5, rel = 0.1, why = local.why10 }
    hop_gain          = { value = 7.3, rel = 0.1, why = local.why10 }
    bandwidth_gain    = { value = 8.6, rel = 0.1, why = local.why10 }
  }
  expect "phases" {
    where          = { topology = "c44" }
    source         = "Fig. 3 (caption): on C(1/4, 4) a single instance of A(1) required 5 phases"
    max_phases_min = { at_most = 5, why = local.why_rd }
    max_phases_max = { at_least = 5, why = local.why_rd }
  }
}

table "factors2" {
  study     = study.runs2
  title     = "Section III-A on Table II: delays and bandwidth against a 3D torus of 64^3 nodes"
  mean_over = ["seed"]
  columns   = local.factor_columns
  headers   = local.factor_headers
  formats   = local.factor_formats

  expect "factors" {
    where             = { topology = "c33" }
    source            = "Section III-A: propagation at worst about 2 times a torus' shortest paths; hop delays fewer by about 9.7; bandwidth at least about 11.5 times the torus' (the paper prints 3 * 64^3 for 3 * (64^3)^(1/3) in the hop factor)"
    propagation_ratio = { value = 2.0, rel = 0.1, why = local.why10 }
    hop_gain          = { value = 9.7, rel = 0.1, why = local.why10 }
    bandwidth_gain    = { value = 11.5, rel = 0.1, why = local.why10 }
  }
  expect "phases" {
    where          = { topology = "c33" }
    source         = "Table II's 9 rounds on level 1: 1 + 2 + 2 x 3, four phases"
    max_phases_min = { at_most = 4, why = local.why_rd }
    max_phases_max = { at_least = 4, why = local.why_rd }
  }
}

table "factors3" {
  study     = study.runs3
  title     = "Section III-B on Table III: light traffic on C(1/4, 4)"
  mean_over = ["seed"]
  columns   = local.factor_columns
  headers   = local.factor_headers
  formats   = local.factor_formats

  expect "factors" {
    where             = { topology = "c44" }
    source            = "Section III-B: propagation at worst about 2.3 times a torus' shortest paths; hop delays fewer by about 9.5"
    propagation_ratio = { value = 2.3, rel = 0.1, why = local.why10 }
    hop_gain          = { value = 9.5, rel = 0.1, why = local.why10 }
  }
  expect "phases" {
    where          = { topology = "c44" }
    source         = "Section III-B: A(1) terminates after at most 5 rounds in all instances (three phases without requests)"
    max_phases_max = { at_most = 3 }
  }
}

table "factors4" {
  study     = study.runs4
  title     = "Section III-B on Table IV: light traffic on C(1/3, 3)"
  mean_over = ["seed"]
  columns   = local.factor_columns
  headers   = local.factor_headers
  formats   = local.factor_formats

  expect "factors" {
    where             = { topology = "c33" }
    source            = "Section III-B: propagation at worst about 1.8 times a torus' shortest paths; hop delays fewer by about 13.1 (3 * 64^3 printed for 3 * 64)"
    propagation_ratio = { value = 1.8, rel = 0.1, why = local.why10 }
    hop_gain          = { value = 13.1, rel = 0.1, why = local.why10 }
  }
  expect "phases" {
    where          = { topology = "c33" }
    source         = "Section III-B: A(1) terminates after at most 5 rounds in all instances (three phases without requests)"
    max_phases_max = { at_most = 3 }
  }
}

# Fig. 3: messages the instances of A(1) still have to deliver after each
# phase (dense traffic). We draw the sum over all instances and the most any
# one instance has left; the curves end at the last phase after which some
# instance still had messages.

study "fig3_c44" {
  title      = "Fig. 3 (left): C(1/4, 4), 28 messages per node"
  topologies = [topology.c44]
  clex {
    messages_per_node = 28
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["remaining", "max_remaining", "active_instances"]
}

study "fig3_c33" {
  title      = "Fig. 3 (right): C(1/3, 3), 57 messages per node"
  topologies = [topology.c33]
  clex {
    messages_per_node = 57
    request_ack       = true
    seeds             = local.seeds
  }
  metrics = ["remaining", "max_remaining", "active_instances"]
}

figure "fig3_c44" {
  study         = study.fig3_c44
  title         = "Fig. 3 (left): C(1/4, 4), 32^{4} nodes, 28 messages per node"
  mean_over     = ["seed"]
  x             = "phase"
  y             = ["remaining", "max_remaining", "active_instances"]
  y_scale       = "log"
  x_label       = "phases passed"
  y_label       = "messages (instances)"
  series_labels = { remaining = "messages left, all instances", max_remaining = "messages left, largest instance", active_instances = "instances with messages left" }
}

figure "fig3_c33" {
  study         = study.fig3_c33
  title         = "Fig. 3 (right): C(1/3, 3), 64^{3} nodes, 57 messages per node"
  mean_over     = ["seed"]
  x             = "phase"
  y             = ["remaining", "max_remaining", "active_instances"]
  y_scale       = "log"
  x_label       = "phases passed"
  y_label       = "messages (instances)"
  series_labels = { remaining = "messages left, all instances", max_remaining = "messages left, largest instance", active_instances = "instances with messages left" }
}

# "In both cases most of the instances terminated after three phases":
# fewer than half of the (2k)^(t-1) instances of A(1) have messages left
# after phase 3.
table "fig3_c44" {
  study     = study.fig3_c44
  mean_over = ["seed"]
  sort_by   = ["phase"]
  columns   = ["phase", "remaining", "max_remaining", "active_instances", "active_instances_min", "active_instances_max", "replicates"]
  formats   = { remaining = "%.0f", max_remaining = "%.1f", active_instances = "%.1f" }
  expect "three_phases" {
    where            = { phase = 3 }
    source           = "Fig. 3 (caption): most of the 262,144 instances terminated after three phases"
    active_instances = { at_most = 131072 }
  }
  expect "single" {
    where                = { phase = 4 }
    source               = "Fig. 3 (caption): on C(1/4, 4), a single instance required 5 phases"
    active_instances_min = { at_most = 1 }
    active_instances_max = { at_least = 1 }
  }
}

table "fig3_c33" {
  study     = study.fig3_c33
  mean_over = ["seed"]
  sort_by   = ["phase"]
  columns   = ["phase", "remaining", "max_remaining", "active_instances", "active_instances_min", "active_instances_max", "replicates"]
  formats   = { remaining = "%.0f", max_remaining = "%.1f", active_instances = "%.1f" }
  expect "three_phases" {
    where            = { phase = 3 }
    source           = "Fig. 3 (caption): most of the 16,384 instances terminated after three phases"
    active_instances = { at_most = 8192 }
  }
}

# Section II-C: all-to-all communication. On a 3D torus of n = k^3 nodes the
# dimension-order flooding scheme makes messages travel (k1 + k2 + k3)/2 =
# 3 n^(1/3) / 2 hops on average; on C(s, 1/s) a message reaches every node
# after at most one edge per level (1/s hops), and the paper compares with
# the diameter bound 2^(1/s) - 1: "the number of hops reduces about a
# factor 10". Both come from n and s alone (checks of the arithmetic). Its
# propagation sum, sum_{i < 1/s} n^(-is/3) (the "(1 + o(1))" term), is 1.45
# and 1.31 here; the paper calls it "close to sqrt(3)" (1.73), which we
# leave unchecked.
study "all_to_all" {
  title = "Section II-C: all-to-all hops on CLEX and on a 3D torus of the same size"
  rows = [for c in [{ name = "C(1/4, 4)", k = 32, t = 4 }, { name = "C(1/3, 3)", k = 64, t = 3 }] : {
    label            = c.name
    nodes            = pow(c.k, c.t)
    torus_hops       = 3 * pow(c.k, c.t / 3) / 2
    clex_hops        = c.t
    diameter_bound   = pow(2, c.t) - 1
    reduction        = 3 * pow(c.k, c.t / 3) / 2 / (pow(2, c.t) - 1)
    reduction_levels = 3 * pow(c.k, c.t / 3) / 2 / c.t
    propagation_sum  = (1 - pow(c.k, -c.t / 3)) / (1 - pow(c.k, -1 / 3))
  }]
}

table "all_to_all" {
  study   = study.all_to_all
  columns = ["label", "nodes", "torus_hops", "clex_hops", "diameter_bound", "reduction", "reduction_levels", "propagation_sum"]
  headers = { torus_hops = "torus avg. hops", clex_hops = "CLEX hops (one per level)", diameter_bound = "2^(1/s) - 1", reduction = "torus / bound", reduction_levels = "torus / levels", propagation_sum = "sum n^(-is/3)" }
  formats = { torus_hops = "%.1f", reduction = "%.1f", reduction_levels = "%.1f", propagation_sum = "%.3f" }
  expect "c44" {
    where     = { label = "C(1/4, 4)" }
    source    = "Section II-C: for the parameters of Section III the number of hops reduces about a factor 10 against a torus of the same size"
    reduction = { value = 10, rel = 0.05, kind = "check", why = "\"about a factor 10\": 152.4 / 15 = 10.2" }
  }
}
