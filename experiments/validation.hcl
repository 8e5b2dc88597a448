# netsim against BookSim2: the reference curves of ../shared/validation,
# measured with BookSim2 (booksim/booksim2, commit 28f43299) on networks
# exported by `runexp topology ... --format anynet`, simulated again here
# with the closest netsim configuration, every reference point checked.
#
#   runexp run experiments/validation.hcl                     # 5 seeds, long windows (about 3 min)
#   runexp run experiments/validation.hcl --var profile=quick # CI: 2 seeds, short windows (about 1 min)
#
# The configuration (preset "booksim", netsim.BookSimConfig) matches
# BookSim2's IQ router cycle for cycle at zero load: BookSim2 reads a
# channel of latency L one cycle after L has elapsed, so a netsim link of
# latency L + 1 stands for it (and 2 for the injection and ejection
# channels of latency 1); a BookSim2 router with internal speedup 2 and
# routing_delay 0 allocates a VC and the switch in the cycle a head arrives
# and sends it the next, which is VC allocation 1 + switch allocation 1 +
# crossbar 0 router cycles here; credits take credit_delay 2 and cross the
# link back in both. Zero-load latency is then 5 + 3h cycles in both for
# h hops of latency 1, and the credit round trip 2L + 3 + credit_delay.
#
# Differences that remain (package netsim, "Differences from BookSim2"),
# which change queueing, not the zero-load latency:
#   - MIN's VCs. BookSim2's anynet "min" lets every hop use every VC (3 of
#     21 flits), which is not deadlock-free in general; netsim's MIN is
#     deadlock-free with hop-indexed classes: the first hop uses VC 0 only,
#     the second VCs 1-2. First hops thus share one VC (more head-of-line
#     blocking), which moves the knee of the Slim Fly curves a little to
#     lower loads. The Dragonfly's min-df and BookSim2's dragonflynew min
#     both change VC at the global hop.
#   - VC choice. netsim's VC allocation grants the free VC with the most
#     credits (oldest request first); BookSim2's separable input-first
#     allocator the lowest-numbered free one (round-robin arbiters).
#   - Measurement. BookSim2's latency mode stops after 3 converged samples
#     of 1,000 cycles (at most 10); netsim measures a fixed window
#     (10,000 cycles here) after its warm-up and averages several seeds.
#   - The Dragonfly's global links. dragonflynew and runexp's dragonfly
#     family both give a balanced Dragonfly p = 4 (264 routers, 1,056
#     endpoints) one global link per pair of groups, but may assign them to
#     other routers; under uniform traffic both have 2.69 router hops on
#     average (BookSim2 counts 3.69 with the ejection channel).
#
# Saturation. Both curves are judged by netsim's criterion (package netsim,
# Config.SatTol): saturated once the mean latency exceeds 3 times the
# zero-load latency or accepted load falls 1% short of offered. For the
# reference the zero-load latency is its latency at the lowest load, and
# its saturation load is bracketed by the last load that meets the
# criterion and the next load of its grid; netsim's is found by a
# throughput search (bisection to 0.01). The issue's tolerance, 0.05, is
# widened by half the reference bracket, since the curve says only that
# the reference saturates somewhere inside it.

experiment {
  title       = "netsim against BookSim2"
  description = "Reference curves measured with BookSim2 on networks exported by runexp, simulated again with netsim's BookSim2-aligned configuration; every reference point checked: latency below saturation within the stated tolerance, saturation above it, and the saturation load."
}

variable "profile" {
  type        = string
  default     = "paper"
  choices     = ["paper", "quick"]
  description = "paper: 5 seeds, 10,000-cycle windows, searches to 0.01; quick (CI): 2 seeds, 3,000-cycle windows, searches to 0.05"
}

locals {
  why_latency    = "1 cycle: the sampling spread of one BookSim2 run and of netsim's seeds at low load; 5%: the two allocation differences named at the top of this file, which act through queueing"
  why_hops       = "router hops are a property of the routing; BookSim2 prints them to 5 decimals, 0.02 covers its sampling of the routes taken"
  why_saturation = "the reference brackets saturation between two of its loads: half the bracket, plus 0.05, the tolerance the netsim validation issue set for the saturation load"
}

locals {
  quick  = var.profile == "quick"
  seeds  = local.quick ? 2 : 5
  window = local.quick ? 3000 : 10000
  res    = local.quick ? 0.05 : 0.01
  ref    = "../../shared/validation"

  # The reference curves: offered and accepted load, mean packet latency
  # (cycles, source queueing included, as netsim's latency), router hops
  # (BookSim2's hop count less the ejection channel), and BookSim2's own
  # stability verdict.
  curves = {
    for name, file in {
      sf1 = "booksim2-slimfly-q5-p4-min-1flit.csv"
      sf8 = "booksim2-slimfly-q5-p4-min-8flit.csv"
      df1 = "booksim2-dragonfly-p4-min-1flit.csv"
      } : name => [
      for r in csvdecode(file("${local.ref}/${file}")) : {
        load     = tonumber(r.offered_flits_per_node_cycle)
        latency  = tonumber(r.packet_latency_cycles)
        accepted = tonumber(r.accepted_flits_per_node_cycle)
        hops     = r.booksim_hops == "" ? null : tonumber(r.booksim_hops) - 1
        stable   = tobool(r.stable)
      }
    ]
  }
  # Zero-load latency of each reference: its latency at the lowest load.
  zero_load = { for name, rows in local.curves : name => rows[0].latency }
  # The reference points that meet the saturation criterion, and the
  # bracket of the reference's saturation load: the largest of them and the
  # next load of the curve.
  ok = { for name, rows in local.curves : name => [
    for r in rows : r.load if r.stable && r.latency <= 3 * local.zero_load[name] && r.accepted >= 0.99 * r.load
  ] }
  sat_lo = { for name, loads in local.ok : name => max(loads...) }
  sat_hi = { for name, rows in local.curves : name => min([for r in rows : r.load if r.load > local.sat_lo[name]]...) }
}

topology "sf" {
  family      = "slimfly"
  label       = "SF q=5"
  q           = 5
  description = "Hoffman-Singleton Slim Fly with 4 endpoints per router: slimfly-q5-p4.anynet"
}

topology "df" {
  family      = "dragonfly"
  label       = "DF p=4"
  p           = 4
  description = "balanced Dragonfly p = 4, a = 8, h = 4, g = 33, as BookSim2's dragonflynew k = 4"
}

# Slim Fly, 1-flit packets: booksim2-slimfly-q5.cfg (3 VCs of 21 flits).
study "sf1" {
  title      = "Slim Fly q = 5, MIN, 1-flit packets"
  topologies = [topology.sf]
  metrics    = ["accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  sim {
    preset         = "booksim"
    routing        = "min"
    vcs            = 3
    buffer_per_vc  = 21
    packet_flits   = 1
    load           = [for r in local.curves.sf1 : r.load]
    seeds          = local.seeds
    measure_cycles = local.window
    # every reference load, for the figure (past saturation a run stops
    # at its first warm-up sample beyond 6 x its zero-load latency)
    stop_at_saturation = false
  }
}

# Slim Fly, 8-flit packets (wormhole): the same with packet_size = 8.
study "sf8" {
  title      = "Slim Fly q = 5, MIN, 8-flit packets"
  topologies = [topology.sf]
  metrics    = ["accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  sim {
    preset             = "booksim"
    routing            = "min"
    vcs                = 3
    buffer_per_vc      = 21
    packet_flits       = 8
    flow_control       = "wormhole"
    load               = [for r in local.curves.sf8 : r.load]
    seeds              = local.seeds
    measure_cycles     = local.window
    stop_at_saturation = false
  }
}

# Dragonfly: booksim2-dragonfly-p4.cfg (min routing, 2 VCs of 256 flits,
# local channels of 10 cycles, global of 100: 11 and 101 here).
study "df1" {
  title      = "Dragonfly p = 4, minimal routing, 1-flit packets"
  topologies = [topology.df]
  metrics    = ["accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  sim {
    preset         = "booksim"
    routing        = "min-df"
    vcs            = 2
    buffer_per_vc  = 256
    local_latency  = 11
    global_latency = 101
    load           = [for r in local.curves.df1 : r.load]
    seeds          = local.seeds
    measure_cycles = local.window
  }
}

# Saturation loads by throughput search, with each study's configuration.
study "saturation" {
  title      = "Saturation load (largest load meeting the criterion)"
  topologies = [topology.sf]
  metrics    = ["throughput", "throughput_load", "search_probes"]
  sim {
    preset            = "booksim"
    routing           = "min"
    vcs               = 3
    buffer_per_vc     = 21
    packet_flits      = [1, 8]
    flow_control      = "wormhole"
    search            = "throughput"
    search_resolution = local.res
    seeds             = local.seeds
    measure_cycles    = local.window
  }
}

study "df_saturation" {
  title      = "Dragonfly saturation load"
  topologies = [topology.df]
  metrics    = ["throughput", "throughput_load", "search_probes"]
  sim {
    preset            = "booksim"
    routing           = "min-df"
    vcs               = 2
    buffer_per_vc     = 256
    local_latency     = 11
    global_latency    = 101
    search            = "throughput"
    search_resolution = local.res
    seeds             = local.quick ? 1 : 3
    measure_cycles    = local.window
  }
}

# The reference curves as studies of their own, for the figures.
study "ref_sf1" {
  title = "BookSim2: Slim Fly q = 5, 1-flit packets"
  rows  = [for r in local.curves.sf1 : { label = "BookSim2", load = r.load, latency = r.latency, accepted_load = r.accepted } if r.latency != null]
}
study "ref_sf8" {
  title = "BookSim2: Slim Fly q = 5, 8-flit packets"
  rows  = [for r in local.curves.sf8 : { label = "BookSim2", load = r.load, latency = r.latency, accepted_load = r.accepted } if r.latency != null]
}
study "ref_df1" {
  title = "BookSim2: Dragonfly p = 4"
  rows  = [for r in local.curves.df1 : { label = "BookSim2", load = r.load, latency = r.latency, accepted_load = r.accepted } if r.latency != null]
}

# Latency below saturation: |netsim - BookSim2| <= max(1 cycle, 5%).
# Why: at zero load both give exactly 5 + 3h cycles (the configurations are
# matched cycle for cycle), so the 1 cycle covers the sampling spread of
# a single BookSim2 run and the spread of netsim's seeds at low load
# (about 0.1 cycles); the 5% covers the two allocation differences named
# at the top, which act through queueing once latency grows. Near the
# knee queueing grows steeply and the difference in where the knee lies
# (first hops on one VC here) exceeds 5%: those misses are expected and
# stay in the scorecard.
table "sf1" {
  study   = study.sf1
  title   = "Slim Fly q = 5, MIN, 1-flit packets: netsim"
  columns = ["load", "accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  formats = { accepted_load = "%.4f", latency = "%.2f", latency_ci95 = "%.2f", zero_load_latency = "%.2f", sim_hops = "%.3f" }

  # Misses (2, at the knee). At 0.90 netsim is 29.4 cycles (paper profile;
  # 30.2 quick; BookSim2 27.2, +8%) and at 0.91 37.1 (34.1 quick; BookSim2
  # 29.8), saturated by the 3 x zero-load knee: netsim's knee lies about
  # 0.01 lower.
  # Cause: netsim's MIN puts every first hop on VC 0 (its deadlock-free
  # hop-indexed classes), BookSim2's anynet min lets first hops use all
  # three VCs, so first hops see more head-of-line blocking here. Evidence:
  # with 4 VCs (two for first hops) netsim gives 27.9 cycles at 0.90 and
  # 31.2 at 0.91 (one seed, 20,000-cycle window), BookSim2's values within
  # 0.7 and 1.5 cycles. Up to 0.85 the curves agree within 0.9 cycles.
  expect "latency" {
    for_each = [for r in local.curves.sf1 : r if r.stable && r.load <= local.sat_lo.sf1]
    where    = { load = each.value.load }
    source   = "BookSim2, booksim2-slimfly-q5-p4-min-1flit.csv: below saturation"
    latency  = { value = each.value.latency, abs = 1, rel = 0.05, why = local.why_latency, note = each.value.load > 0.85 ? "at the knee: netsim's MIN puts every first hop on VC 0, BookSim2's anynet min lets first hops use all three VCs, so netsim's knee lies about 0.01 lower (with 4 VCs netsim is within 1.5 cycles of BookSim2 here)" : "" }
  }
  expect "saturated" {
    for_each  = [for r in local.curves.sf1 : r if r.load > local.sat_lo.sf1]
    where     = { load = each.value.load }
    source    = "BookSim2, booksim2-slimfly-q5-p4-min-1flit.csv: past saturation by the common criterion"
    saturated = true
  }
  expect "hops" {
    where    = { load = 0.5 }
    source   = "BookSim2 at load 0.5: 2.82082 hops counting ejection; router hops are a property of the routing, printed to 5 decimals"
    sim_hops = { value = local.curves.sf1[5].hops, abs = 0.02, why = local.why_hops }
  }
}

table "sf8" {
  study   = study.sf8
  title   = "Slim Fly q = 5, MIN, 8-flit packets: netsim"
  columns = ["load", "accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  formats = { accepted_load = "%.4f", latency = "%.2f", latency_ci95 = "%.2f", zero_load_latency = "%.2f", sim_hops = "%.3f" }

  expect "latency" {
    for_each = [for r in local.curves.sf8 : r if r.stable && r.load <= local.sat_lo.sf8]
    where    = { load = each.value.load }
    source   = "BookSim2, booksim2-slimfly-q5-p4-min-8flit.csv: below saturation"
    latency  = { value = each.value.latency, abs = 1, rel = 0.05, why = local.why_latency }
  }
  expect "saturated" {
    for_each  = [for r in local.curves.sf8 : r if r.load > local.sat_lo.sf8]
    where     = { load = each.value.load }
    source    = "BookSim2, booksim2-slimfly-q5-p4-min-8flit.csv: past saturation by the common criterion"
    saturated = true
  }
}

table "df1" {
  study   = study.df1
  title   = "Dragonfly p = 4, min-df, 1-flit packets: netsim"
  columns = ["load", "accepted_load", "latency", "zero_load_latency", "sim_hops", "saturated", "simulated"]
  formats = { accepted_load = "%.4f", latency = "%.2f", latency_ci95 = "%.2f", zero_load_latency = "%.2f", sim_hops = "%.3f" }

  expect "latency" {
    for_each = [for r in local.curves.df1 : r if r.stable && r.load <= local.sat_lo.df1]
    where    = { load = each.value.load }
    source   = "BookSim2, booksim2-dragonfly-p4-min-1flit.csv: below saturation"
    latency  = { value = each.value.latency, abs = 1, rel = 0.05, why = local.why_latency }
  }
  # Miss (1): at 0.8 BookSim2 declared its run unstable: its rule is the
  # mean age of all packets, those waiting at the sources included, above
  # latency_thres = 500 cycles (4x its zero-load latency here). netsim at
  # 0.8 accepts 0.792 (1.0% short of offered, inside the 1% tolerance plus
  # 3 standard deviations) with a mean latency of 262 cycles (2.1x zero
  # load; paper profile, 5 seeds): just below its knee by its criterion,
  # not past it. Both put the
  # limit of this network at 0.8: netsim's search finds 0.80 (the
  # saturation table), inside BookSim2's bracket of 0.7 to 0.8 widened by
  # the issue's 0.05.
  expect "saturated" {
    for_each  = [for r in local.curves.df1 : r if r.load > local.sat_lo.df1]
    where     = { load = each.value.load }
    source    = "BookSim2, booksim2-dragonfly-p4-min-1flit.csv: unstable (BookSim2's own verdict)"
    note      = each.value.load == 0.8 ? "BookSim2 calls 0.8 unstable by the mean age of all packets, source queues included (above 500 cycles); netsim accepts 0.792 there with a mean latency of 262 cycles, 2.1x zero load: just below its knee. Both put the limit at 0.8 (netsim's search: 0.80)" : ""
    saturated = true
  }
  expect "hops" {
    where    = { load = 0.5 }
    source   = "BookSim2 at load 0.5: 3.69373 hops counting ejection"
    sim_hops = { value = local.curves.df1[1].hops, abs = 0.02, why = local.why_hops }
  }
}

# Saturation loads: netsim's throughput search against the reference
# bracket [sat_lo, sat_hi), within 0.05 (the issue's tolerance) plus half
# the bracket.
table "saturation" {
  study   = study.saturation
  title   = "Slim Fly saturation load: netsim's search"
  columns = ["packet_flits", "throughput_load", "throughput", "search_probes"]
  formats = { throughput = "%.4f", throughput_load = "%.2f" }

  expect "sf1" {
    where           = { packet_flits = 1 }
    source          = "BookSim2 1-flit curve: saturation between ${local.sat_lo.sf1} and ${local.sat_hi.sf1}"
    throughput_load = { value = (local.sat_lo.sf1 + local.sat_hi.sf1) / 2, abs = 0.05 + (local.sat_hi.sf1 - local.sat_lo.sf1) / 2, why = local.why_saturation }
  }
  expect "sf8" {
    where           = { packet_flits = 8 }
    source          = "BookSim2 8-flit curve: saturation between ${local.sat_lo.sf8} and ${local.sat_hi.sf8}"
    throughput_load = { value = (local.sat_lo.sf8 + local.sat_hi.sf8) / 2, abs = 0.05 + (local.sat_hi.sf8 - local.sat_lo.sf8) / 2, why = local.why_saturation }
  }
}

table "df_saturation" {
  study   = study.df_saturation
  title   = "Dragonfly saturation load: netsim's search"
  columns = ["throughput_load", "throughput", "search_probes"]
  formats = { throughput = "%.4f", throughput_load = "%.2f" }

  expect "df" {
    where           = { topology = "df" }
    source          = "BookSim2 Dragonfly curve: stable at ${local.sat_lo.df1}, unstable at ${local.sat_hi.df1}"
    throughput_load = { value = (local.sat_lo.df1 + local.sat_hi.df1) / 2, abs = 0.05 + (local.sat_hi.df1 - local.sat_lo.df1) / 2, why = local.why_saturation }
  }
}

figure "sf1" {
  study         = study.sf1
  overlay       = [study.ref_sf1]
  where         = { simulated = true }
  title         = "Slim Fly q = 5, 1-flit packets"
  x             = "load"
  y             = "latency"
  series        = ["label"]
  series_labels = { "SF q=5" = "netsim" }
  y_max         = 100
}

figure "sf8" {
  study         = study.sf8
  overlay       = [study.ref_sf8]
  where         = { simulated = true }
  title         = "Slim Fly q = 5, 8-flit packets"
  x             = "load"
  y             = "latency"
  series        = ["label"]
  series_labels = { "SF q=5" = "netsim" }
  y_max         = 300
}

figure "df1" {
  study         = study.df1
  overlay       = [study.ref_df1]
  where         = { simulated = true }
  title         = "Dragonfly p = 4"
  x             = "load"
  y             = "latency"
  series        = ["label"]
  series_labels = { "DF p=4" = "netsim" }
}
