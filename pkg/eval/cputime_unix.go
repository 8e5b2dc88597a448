//go:build unix

package eval

import "syscall"

// processCPU returns the processor time (user and system) the process has
// used so far, in seconds, or 0 if it cannot be read.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
