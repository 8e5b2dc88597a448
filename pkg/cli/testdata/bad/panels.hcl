# A figure with 5,000 panels (one per value of k) would be drawn on a
# canvas of gigabytes; the panels of a parameter column are counted at
# validate.
topology "t" {
  family = "torus"
  k      = range(3, 5003)
  n      = 1
}

study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
}

figure "f" {
  study  = study.s
  x      = "n"
  y      = "routers"
  panels = "k"
}

figure "wide" {
  study      = study.s
  x          = "n"
  y          = "routers"
  panels     = "k"
  panel_cols = 20
  where      = { k = range(3, 23) }
}
