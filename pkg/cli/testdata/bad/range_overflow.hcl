# range() computes its length exactly before building anything: a list
# longer than the limit (100,000 elements) is an error at the call, not an
# empty list or gigabytes of numbers.
locals {
  huge    = range(1e19)
  int64   = range(9.3e18)
  tiny    = range(0, 1, 1e-300)
  million = range(10000000)
}
