# Small expressions that would build gigabytes or compute for hours are
# refused where a limit is exceeded (README, "Limits").
locals {
  product  = setproduct(range(100), range(100), range(100), range(100))
  width    = format("%999999999d", 1)
  big      = range(100000)
  shared   = [for i in range(1000) : local.big]
  flat     = flatten([for i in range(20) : local.big])
  compared = [for i in range(2) : local.big] == [for i in range(2) : local.big]
  spaces   = replace(format("%1000s", ""), " ", format("%1000s", ""))
  csv      = csvdecode(replace(local.spaces, " ", ","))
  literal  = "${1e9999999}"
  parsed   = "${"1e9999999" * 1}"
  infinite = pow(10, 400)
  nan      = pow(-1, 0.5)
}

topology "t" {
  family = "torus"
  k      = 3
  n      = 1
}

study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
}
