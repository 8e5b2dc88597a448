//go:build !amd64 && !arm64

package netsim

// prefetch does nothing on processors without a prefetch instruction
// here: it only affects speed.
func prefetch(addrs []uintptr) {}
