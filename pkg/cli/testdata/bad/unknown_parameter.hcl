topology "t" {
  family = "torus"
  k      = 4
  n      = 3
  dims   = [4, 4, 4]
}
