topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["diameter", "routers"]
}

figure "f" {
  study  = study.s
  x      = "label"
  y      = ["diameter", "diamter"]
  series = ["famly"]
}

table "t" {
  study   = study.s
  columns = ["q", "routers", "cost"]

  expect "x" {
    where   = { q = 5 }
    routers = { value = 50, tolerance = 1 }
  }
  expect "nowhere" {
    routers = 50
  }
}
