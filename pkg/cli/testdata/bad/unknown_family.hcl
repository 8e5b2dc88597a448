topology "df" {
  family = "dragonfy"
  p      = 4
}
