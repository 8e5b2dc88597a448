# Three nested loops of 1,000 iterations each would take 10^9 steps: the
# file's evaluation stops at its budget (1,000,000 steps), with one error.
locals {
  loops = [for i in range(1000) : [for j in range(1000) : [for k in range(1000) : k]]]
  later = [for i in range(10) : i]
}
