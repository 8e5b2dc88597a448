# Tori given by their dimensions and by k and n, and a complete graph: the
# list column dims (null for a torus given by k and n) and a parameter
# whose column is renamed because its meaning differs (the complete
# graph's n counts routers: column complete_n).

experiment {
  title = "List columns and renamed parameters"
}

topology "shaped" {
  family = "torus"
  dims   = [[4, 4, 8], [2, 3]]
}

topology "cube" {
  family = "torus"
  k      = 4
  n      = 3
}

topology "kn" {
  family = "complete"
  n      = 5
}

study "sizes" {
  topologies = ["shaped", "cube", "kn"]
  metrics    = ["routers", "diameter"]
}
