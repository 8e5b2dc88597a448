package netsim

import (
	"syscall"
	"unsafe"
)

// hugePage is the huge page size of x86-64 and arm64 Linux.
const hugePage = 2 << 20

// adviseHugeBytes marks the whole huge pages within [p, p+size) with
// madvise(MADV_HUGEPAGE), so that the kernel backs them with huge pages
// when they are first touched (transparent huge pages in "madvise" mode,
// the default of many distributions; in "always" mode it changes nothing).
// Errors are ignored: the advice only affects speed.
func adviseHugeBytes(p unsafe.Pointer, size uintptr) {
	start := (uintptr(p) + hugePage - 1) &^ (hugePage - 1)
	end := (uintptr(p) + size) &^ (hugePage - 1)
	if end <= start {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, start-uintptr(p))), end-start)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
