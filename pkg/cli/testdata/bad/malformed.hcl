topology "sf" {
  family = "slimfly"
  q      = [5, 7
}
