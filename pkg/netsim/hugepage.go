package netsim

import "unsafe"

// hugeMin is the size from which makeHuge asks for huge pages: below it a
// slice spans few pages and the translation misses it saves are few.
const hugeMin = 8 << 20

// makeHuge returns make([]T, n) for a pointer-free T and, when the slice is
// large, asks the operating system to back it with huge pages (adviseHuge).
// The simulator's big arrays (routing tables, router and VC state, packet
// records) are read at random; with 4 KiB pages nearly every such read of
// a network of a million endpoints also misses the translation buffer,
// which with 2 MiB pages covers a thousand times more memory. Results do
// not depend on it.
func makeHuge[T any](n int) []T {
	s := make([]T, n)
	adviseHuge(s)
	return s
}

// growHuge returns s extended by n zero elements, moved to a new array of
// twice the capacity (advised like makeHuge's) when its capacity does not
// suffice; append would return memory already written by its copy, too
// late for the advice.
func growHuge[T any](s []T, n int) []T {
	l := len(s) + n
	if l <= cap(s) {
		return s[:l]
	}
	g := make([]T, l, max(l, 2*cap(s)))
	adviseHuge(g)
	copy(g, s)
	return g
}

// adviseHuge asks for huge pages for the memory of s, if it is large
// enough (a no-op where the operating system has no such advice).
func adviseHuge[T any](s []T) {
	var zero T
	size := uintptr(cap(s)) * unsafe.Sizeof(zero)
	if size < hugeMin {
		return
	}
	adviseHugeBytes(unsafe.Pointer(unsafe.SliceData(s)), size)
}
