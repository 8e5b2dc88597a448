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
  metrics    = ["endpoints", "radix", "routers", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn10k
}

study "table5" {
  title      = "Example networks with about 25,000 compute nodes (Table 5)"
  topologies = [topology.ham29, topology.dpn37, topology.sf27, topology.pn31, topology.df9]
  metrics    = ["endpoints", "radix", "routers", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  cost_model = cost_model.pn25k
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
  columns = ["label", "endpoints", "radix", "routers", "p", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", racks = "groups" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  # T, R, N and Delta_0 exact; power per node to the paper's two decimals;
  # cost per node within 3%. The cable counts and the number of electrical
  # groups depend on a grouping the paper does not publish: they are listed
  # beside the paper's (10% tolerance), see the note at each row.
  expect "ham22" {
    source             = "Projective networks, Table 4"
    endpoints          = 10648
    radix              = 64
    routers            = 484
    p                  = 22
    electric_cables    = { value = 5082, rel = 0.1 }
    fiber_cables       = { value = 5082, rel = 0.1 }
    racks              = { value = 22, rel = 0.1 }
    cost_per_endpoint  = { value = 1145.41, rel = 0.03 }
    power_per_endpoint = { value = 8.15, abs = 0.005 }
  }
  expect "dpn27" {
    source             = "Projective networks, Table 4"
    endpoints          = 10598
    radix              = 42
    routers            = 757
    p                  = 14
    electric_cables    = { value = 556, rel = 0.1 }
    fiber_cables       = { value = 10028, rel = 0.1 }
    racks              = { value = 22, rel = 0.1 }
    cost_per_endpoint  = { value = 1282.59, rel = 0.03 }
    power_per_endpoint = { value = 8.40, abs = 0.005 }
  }
  expect "sf19" {
    source             = "Projective networks, Table 4"
    endpoints          = 9386
    radix              = 42
    routers            = 722
    p                  = 13
    electric_cables    = { value = 3971, rel = 0.1 }
    fiber_cables       = { value = 6498, rel = 0.1 }
    racks              = { value = 19, rel = 0.1 }
    cost_per_endpoint  = { value = 1294.51, rel = 0.03 }
    power_per_endpoint = { value = 9.05, abs = 0.005 }
  }
  expect "pn23" {
    source             = "Projective networks, Table 4"
    endpoints          = 9954
    radix              = 33
    routers            = 1106
    p                  = 9
    electric_cables    = { value = 1907, rel = 0.1 }
    fiber_cables       = { value = 11365, rel = 0.1 }
    racks              = { value = 26, rel = 0.1 }
    cost_per_endpoint  = { value = 1546.83, rel = 0.03 }
    power_per_endpoint = { value = 10.27, abs = 0.005 }
  }
  expect "df7" {
    source             = "Projective networks, Table 4"
    endpoints          = 9702
    radix              = 27
    routers            = 1386
    p                  = 7
    electric_cables    = { value = 8926, rel = 0.1 }
    fiber_cables       = { value = 4514, rel = 0.1 }
    racks              = { value = 20, rel = 0.1 }
    cost_per_endpoint  = { value = 1404.42, rel = 0.03 }
    power_per_endpoint = { value = 10.80, abs = 0.005 }
  }
}

table "table5" {
  study   = study.table5
  title   = "Example networks with about 25,000 compute nodes (Table 5)"
  columns = ["label", "endpoints", "radix", "routers", "p", "racks", "electric_cables", "fiber_cables", "cost_per_endpoint", "power_per_endpoint"]
  headers = { endpoints = "T", radix = "R", routers = "N", p = "Delta_0", racks = "groups" }
  formats = { cost_per_endpoint = "%.2f", power_per_endpoint = "%.2f" }

  # T, R, N and Delta_0 exact; power per node to the paper's two decimals;
  # cost per node within 3%. The cable counts and the number of electrical
  # groups depend on a grouping the paper does not publish: they are listed
  # beside the paper's (10% tolerance), see the note at each row.
  expect "ham29" {
    source             = "Projective networks, Table 5"
    endpoints          = 24389
    radix              = 85
    routers            = 841
    p                  = 29
    electric_cables    = { value = 5684, rel = 0.1 }
    fiber_cables       = { value = 17864, rel = 0.1 }
    racks              = { value = 58, rel = 0.1 }
    cost_per_endpoint  = { value = 1237.43, rel = 0.03 }
    power_per_endpoint = { value = 8.21, abs = 0.005 }
  }
  expect "dpn37" {
    source             = "Projective networks, Table 5"
    endpoints          = 26733
    radix              = 57
    routers            = 1407
    p                  = 19
    electric_cables    = { value = 620, rel = 0.1 }
    fiber_cables       = { value = 26094, rel = 0.1 }
    racks              = { value = 51, rel = 0.1 }
    cost_per_endpoint  = { value = 1314.29, rel = 0.03 }
    power_per_endpoint = { value = 8.40, abs = 0.005 }
  }
  expect "sf27" {
    source             = "Projective networks, Table 5"
    endpoints          = 26244
    radix              = 59
    routers            = 1458
    p                  = 18
    electric_cables    = { value = 10935, rel = 0.1 }
    fiber_cables       = { value = 18954, rel = 0.1 }
    racks              = { value = 54, rel = 0.1 }
    cost_per_endpoint  = { value = 1344.11, rel = 0.03 }
    power_per_endpoint = { value = 9.18, abs = 0.005 }
  }
  expect "pn31" {
    source             = "Projective networks, Table 5"
    endpoints          = 25818
    radix              = 45
    routers            = 1986
    p                  = 13
    electric_cables    = { value = 3381, rel = 0.1 }
    fiber_cables       = { value = 28395, rel = 0.1 }
    racks              = { value = 51, rel = 0.1 }
    cost_per_endpoint  = { value = 1497.77, rel = 0.03 }
    power_per_endpoint = { value = 9.70, abs = 0.005 }
  }
  expect "df9" {
    source             = "Projective networks, Table 5"
    endpoints          = 26406
    radix              = 35
    routers            = 2934
    p                  = 9
    electric_cables    = { value = 25101, rel = 0.1 }
    fiber_cables       = { value = 13041, rel = 0.1 }
    racks              = { value = 55, rel = 0.1 }
    cost_per_endpoint  = { value = 1457.39, rel = 0.03 }
    power_per_endpoint = { value = 10.89, abs = 0.005 }
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
    power_per_endpoint = { value = 8.40, abs = 0.005 }
  }
  expect "oft16" {
    source             = "Projective networks, Table 6"
    endpoints          = 9282
    radix              = 34
    routers            = 819
    p                  = 17
    fiber_cables       = 9282
    cost_per_endpoint  = { value = 1282.19, rel = 0.01 }
    power_per_endpoint = { value = 8.40, abs = 0.005 }
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
    power_per_endpoint = { value = 8.40, abs = 0.005 }
  }
  expect "oft23" {
    source             = "Projective networks, Table 6"
    endpoints          = 26544
    radix              = 48
    routers            = 1659
    p                  = 24
    fiber_cables       = 26544
    cost_per_endpoint  = { value = 1312.14, rel = 0.01 }
    power_per_endpoint = { value = 8.40, abs = 0.005 }
  }
}
