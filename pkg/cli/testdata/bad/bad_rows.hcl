topology "sf" {
  family = "slimfly"
  q      = 5
}

study "both" {
  rows       = [{ x = 1 }]
  topologies = [topology.sf]
}

study "mixed" {
  rows = [{ x = 1 }, { x = "one" }]
}

study "notobjects" {
  rows = [1, 2]
}
