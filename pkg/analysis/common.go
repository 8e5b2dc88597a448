package analysis

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// checkInput validates g and conc (nil conc means one endpoint per router)
// and returns the concentration array to use.
func checkInput(op string, g *graph.Graph, conc []int32) ([]int32, error) {
	if g == nil || len(g.Off) == 0 {
		return nil, fmt.Errorf("analysis: %s: graph has no offset array", op)
	}
	n := g.N()
	if int(g.Off[n]) != len(g.Adj) {
		return nil, fmt.Errorf("analysis: %s: Off[%d] = %d, want len(Adj) = %d", op, n, g.Off[n], len(g.Adj))
	}
	if conc == nil {
		conc = make([]int32, n)
		for i := range conc {
			conc[i] = 1
		}
		return conc, nil
	}
	if len(conc) != n {
		return nil, fmt.Errorf("analysis: %s: len(conc) = %d, want %d routers", op, len(conc), n)
	}
	for r, c := range conc {
		if c < 0 {
			return nil, fmt.Errorf("analysis: %s: conc[%d] = %d < 0", op, r, c)
		}
	}
	return conc, nil
}

// stopBlock is the number of routers a search handles between two checks
// for cancellation: a check costs a few nanoseconds and a block at least
// stopBlock adjacency entries, so the checks cost nothing measurable, and a
// cancelled analysis stops within a block (well under a millisecond).
const stopBlock = 1 << 12

// fill sets every element of s to x by pieces, checking done between them
// (the first pass over a fresh array of millions of entries page-faults),
// and reports false, s unfinished, if done is closed.
func fill(done <-chan struct{}, s []int32, x int32) bool {
	for lo := 0; lo < len(s); lo += stopBlock * 16 {
		if stop.Requested(done) {
			return false
		}
		for i := lo; i < min(lo+stopBlock*16, len(s)); i++ {
			s[i] = x
		}
	}
	return true
}

// numWorkers returns the number of goroutines to use for jobs units of work.
func numWorkers(workers, jobs int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(1, min(workers, jobs))
}

// u128 is an unsigned 128-bit integer (hi*2^64 + lo).
type u128 struct{ hi, lo uint64 }

func (a *u128) add64(x uint64) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, x, 0)
	a.hi += c
}

func (a *u128) add(b u128) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, b.lo, 0)
	a.hi += b.hi + c
}

func (a u128) float() float64 { return float64(a.hi)*0x1p64 + float64(a.lo) }

// u192 is an unsigned 192-bit integer (w2*2^128 + w1*2^64 + w0).
type u192 struct{ w2, w1, w0 uint64 }

// addMul adds x*y.
func (a *u192) addMul(x, y uint64) {
	hi, lo := bits.Mul64(x, y)
	var c uint64
	a.w0, c = bits.Add64(a.w0, lo, 0)
	a.w1, c = bits.Add64(a.w1, hi, c)
	a.w2 += c
}

func (a *u192) add(b u192) {
	var c uint64
	a.w0, c = bits.Add64(a.w0, b.w0, 0)
	a.w1, c = bits.Add64(a.w1, b.w1, c)
	a.w2 += b.w2 + c
}

func (a u192) float() float64 {
	return float64(a.w2)*0x1p128 + float64(a.w1)*0x1p64 + float64(a.w0)
}

// satAdd returns a+b, saturated at math.MaxUint64.
func satAdd(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return math.MaxUint64
	}
	return s
}

// eqMask returns all ones if a == b and 0 otherwise, without a branch.
func eqMask(a, b int32) uint64 {
	return uint64((int64(uint32(a^b)) - 1) >> 63)
}
