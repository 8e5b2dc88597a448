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

table "bounds" {
  study = study.s

  expect "two" {
    where   = { topology = "sf" }
    routers = { at_most = 60, at_least = 40 }
  }
  expect "bound_and_value" {
    where   = { topology = "sf" }
    routers = { value = 50, at_most = 60 }
  }
  expect "not_a_number" {
    where   = { topology = "sf" }
    routers = { at_least = "many" }
  }
  expect "printed" {
    where = { topology = "sf" }
    radix = { at_most = 11, decimals = 0 }
  }
}
