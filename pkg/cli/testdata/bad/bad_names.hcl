topology "sf" {
  family = "slimfly"
  q      = 5
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["diameter"]
}

figure "../escape" {
  study = study.s
  x     = "q"
  y     = "diameter"
}

table "sub/dir" {
  study = study.s
}

topology "a..b" {
  family = "slimfly"
  q      = 5
}

study "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn" {
  topologies = [topology.sf]
  metrics    = ["diameter"]
}
