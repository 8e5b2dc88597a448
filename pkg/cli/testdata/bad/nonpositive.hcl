topology "t" {
  family = "torus"
  k      = 0
  n      = 3
}

topology "hc" {
  family = "hypercube"
  n      = -1
}

topology "df" {
  family = "dragonfly"
  p      = [2, 0]
}
