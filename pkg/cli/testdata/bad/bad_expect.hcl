topology "sf" {
  family = "slimfly"
  q      = 5
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["routers", "radix"]
}

table "t" {
  study = study.s

  expect "sf" {
    routers = { value = 50, decimals = 1.5 }
    radix   = { value = 11, decimals = 0, rounding = "sideways" }
  }
  expect "rounding_alone" {
    where   = { topology = "sf" }
    routers = { value = 50, rounding = "up" }
  }
  expect "both" {
    where   = { topology = "sf" }
    routers = { value = 50, decimals = 0, abs = 1 }
  }
}
