//go:build amd64 || arm64

package netsim

// prefetch asks the processor to load the cache lines at addrs without
// waiting for them (PREFETCHT0, PRFM PLDL1KEEP): unlike a load, a
// prefetch retires at once, so a router's step overlaps the memory
// latency of the next routers' state instead of stalling on it. The
// addresses are of live memory; a prefetch never faults and changes no
// result.
//
//go:noescape
func prefetch(addrs []uintptr)
