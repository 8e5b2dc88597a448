//go:build !unix

package eval

// processCPU returns 0: the processor time is not read on this system.
func processCPU() float64 { return 0 }
