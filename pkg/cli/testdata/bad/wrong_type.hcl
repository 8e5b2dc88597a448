topology "sf" {
  family = "slimfly"
  q      = "five"
}

topology "hc" {
  family = "hypercube"
  n      = 4.5
}

topology "t" {
  family = "torus"
  k      = 4
  n      = true
}

topology "ok" {
  family = "hypercube"
  n      = [3, 4]
}

study "s" {
  topologies = [topology.ok]
  metrics    = ["diameter", 3]
}

study "s2" {
  topologies = topology.ok
  metrics    = "diameter"
}

figure "f" {
  study  = study.s2
  x      = "n"
  y      = "diameter"
  width  = "wide"
  lines  = "yes"
  legend = "middle"
}
