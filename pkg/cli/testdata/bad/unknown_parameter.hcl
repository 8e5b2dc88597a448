topology "t" {
  family = "torus"
  k      = 4
  n      = 3
  sides  = [4, 4, 4]
}
