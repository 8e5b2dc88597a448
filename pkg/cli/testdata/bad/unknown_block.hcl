topolgy "sf" {
  family = "slimfly"
  q      = 5
}
