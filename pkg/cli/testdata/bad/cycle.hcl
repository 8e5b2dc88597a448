locals {
  a = local.c + 1
  b = 2
  c = local.a * local.b
}

topology "t" {
  family = "torus"
  k      = local.a
  n      = 2
}
