topology "sf" {
  family = "slimfly"
  q      = [5, 6, 7, 2]
}
