topology "sf" {
  family    = "slimfly"
  q         = 19
  p         = 20
  max_radix = 44
}
