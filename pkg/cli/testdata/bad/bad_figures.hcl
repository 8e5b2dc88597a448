# Errors that used to surface only when run drew the figure or table,
# minutes later.
study "rows" {
  rows = [for x in range(0, 5) : { x = x, y = x * x }]
}

figure "limits" {
  study = study.rows
  x     = "x"
  y     = "y"
  x_min = 10
  x_max = 2
  y_min = 3
  y_max = 3
}

figure "log_limits" {
  study   = study.rows
  x       = "x"
  y       = "y"
  x_scale = "log"
  x_min   = 0
  y_scale = "log"
  y_max   = -1
  where   = { x = [1, 2, 3] }
}

figure "log_data" {
  study   = study.rows
  x       = "x"
  y       = "y"
  x_scale = "log"
}

figure "log_filtered" {
  study   = study.rows
  x       = "x"
  y       = "y"
  x_scale = "log"
  where   = { x = [1, 2, 3] }
}

table "t" {
  study   = study.rows
  formats = { x = "%n", y = "%d %d" }
}

table "u" {
  study   = study.rows
  formats = { x = "%.2f", y = "%999999999d" }
}

figure "styles" {
  study        = study.rows
  x            = "x"
  y            = "y"
  legend       = "outside-left"
  legend_title = ["x"]
  lines_only   = 3
  error_bars   = "whiskers"
}

figure "no_intervals" {
  study      = study.rows
  x          = "x"
  y          = "y"
  lines_only = ["x", 1]
  error_bars = "band"
}
