//go:build netsimcheck

package netsim

// at returns &a[i], checking i like a[i] does (the netsimcheck build; see
// unchecked.go).
func at[T any](a []T, i int32) *T { return &a[i] }

// checkedIndex reports whether at checks its index (the netsimcheck
// build).
const checkedIndex = true
