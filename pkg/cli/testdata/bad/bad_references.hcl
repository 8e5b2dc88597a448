topology "sf" {
  family = "slimfly"
  q      = var.q
}

study "s" {
  topologies = [topology.sf, topology.df]
  metrics    = ["diameter"]
}

figure "f" {
  study = study.nope
  x     = "q"
  y     = "diameter"
}
