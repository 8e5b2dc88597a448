//go:build !linux

package netsim

import "unsafe"

// adviseHugeBytes does nothing where there is no huge-page advice.
func adviseHugeBytes(p unsafe.Pointer, size uintptr) {}
