# Numbers out of float64's range (1e309 is infinite as a float64) and
# numbers that do not fit an attribute are errors at their source, never a
# panic.
topology "t" {
  family = "torus"
  k      = [3, 4]
  n      = 1
}

study "s" {
  topologies = [topology.t]
  metrics    = ["routers", "diameter"]
}

study "options" {
  topologies = [topology.t]
  metrics    = ["bisection_bandwidth"]
  analysis {
    seed             = 9223372036854775808
    bisection_starts = 1e18
    link_gbps        = -1e309
  }
}

figure "f" {
  study      = study.s
  x          = "k"
  y          = "routers"
  panel_cols = 1e309
  x_min      = -1e309
  x_max      = 1e300 * 1e300
  y_min      = pow(10, 400)
  width      = 1e18
}

figure "g" {
  study      = study.s
  x          = "k"
  y          = "routers"
  panel_cols = 0.5
  height     = -1
}

table "t" {
  study = study.s
  expect "t" {
    where    = { k = 3 }
    routers  = { value = 1e300 * 1e300, rel = 1e309 }
    diameter = { value = 1, decimals = 1e18 }
  }
}
