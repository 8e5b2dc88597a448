//go:build !netsimcheck

package netsim

import "unsafe"

// at returns &a[i] without a bounds check. The simulator's hot paths
// (router steps, injection, ejection, the look-ahead) index their flat
// arrays with it: every index there is computed by the simulator from
// state it built and checked (ports, VCs, packets and flits it
// numbered; routing decisions are validated before use), and the checks
// were a fifth of the instructions of a run. Building with the tag
// netsimcheck makes at check its index like a[i] does; the package's
// tests run both ways (.ci/run).
func at[T any](a []T, i int32) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(a)), uintptr(i)*unsafe.Sizeof(*new(T))))
}

// checkedIndex reports whether at checks its index (the netsimcheck
// build).
const checkedIndex = false
