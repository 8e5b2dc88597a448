package workload

import (
	"fmt"
	"math"
	"math/bits"
)

// nearestNeighbor is the 3D torus nearest-neighbour exchange.
type nearestNeighbor struct {
	e     int32    // endpoints
	dims  [3]int32 // X, Y, Z
	p     int32    // processes X*Y*Z
	flits int64    // per message
	dirs  [6]dir   // the directions that send, in order +x, -x, +y, -y, +z, -z
	nd    int32    // number of directions used: 2 per dimension of length >= 2
	// ep[r] is the endpoint of rank r and rank[e] the rank on endpoint e
	// (-1: idle); both nil for the contiguous mapping.
	ep, rank []int32
}

// dir is one direction of the torus: a step of +1 (plus) or -1 along the
// dimension of the given stride and length.
type dir struct {
	stride, length int32
	plus           bool
}

// NewNearestNeighbor returns the 3D nearest-neighbour exchange of SC15
// section 4.4 on a dims[0] x dims[1] x dims[2] torus of processes, each
// sending one message of msgFlits flits to each of its 6 neighbours.
// mapping[r] is the endpoint of rank r (len(mapping) = X*Y*Z, distinct
// endpoints); nil maps rank r to endpoint r. See Doc(NearestNeighbor).
func NewNearestNeighbor(endpoints int, dims [3]int, msgFlits int64, mapping []int32) (Workload, error) {
	if _, err := checkEndpoints(endpoints, 0); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", NearestNeighbor, err)
	}
	torus := fmt.Sprintf("%dx%dx%d", dims[0], dims[1], dims[2])
	for _, d := range dims {
		if d < 1 {
			return nil, fmt.Errorf("workload: %s: torus %s: every dimension must be >= 1 (e.g. dims 12x14x19)", NearestNeighbor, torus)
		}
	}
	p, ok := product(dims)
	if !ok {
		return nil, fmt.Errorf("workload: %s: torus %s has more processes than the network's %d endpoints", NearestNeighbor, torus, endpoints)
	}
	if p > int64(endpoints) {
		return nil, fmt.Errorf("workload: %s: torus %s = %d processes, but the network has %d endpoints: use at most %d processes",
			NearestNeighbor, torus, p, endpoints, endpoints)
	}
	w := &nearestNeighbor{e: int32(endpoints), p: int32(p), flits: msgFlits}
	stride := int32(1)
	for k, d := range dims {
		w.dims[k] = int32(d)
		if d >= 2 {
			w.dirs[w.nd] = dir{stride: stride, length: int32(d), plus: true}
			w.dirs[w.nd+1] = dir{stride: stride, length: int32(d)}
			w.nd += 2
		}
		stride *= int32(d)
	}
	if err := checkFlits("msg_flits", msgFlits, p*int64(w.nd)); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", NearestNeighbor, err)
	}
	if mapping != nil {
		if int64(len(mapping)) != p {
			return nil, fmt.Errorf("workload: %s: torus %s = %d processes, but the mapping has %d entries: give one endpoint per rank",
				NearestNeighbor, torus, p, len(mapping))
		}
		w.ep = make([]int32, p)
		copy(w.ep, mapping)
		w.rank = make([]int32, endpoints)
		for i := range w.rank {
			w.rank[i] = -1
		}
		for r, x := range w.ep {
			if x < 0 || int(x) >= endpoints {
				return nil, fmt.Errorf("workload: %s: mapping[%d] = %d: endpoints are 0..%d", NearestNeighbor, r, x, endpoints-1)
			}
			if q := w.rank[x]; q >= 0 {
				return nil, fmt.Errorf("workload: %s: ranks %d and %d both map to endpoint %d: the mapping must be one-to-one", NearestNeighbor, q, r, x)
			}
			w.rank[x] = int32(r)
		}
	}
	return w, nil
}

// product returns dims[0]*dims[1]*dims[2] (all >= 1), or false if it
// exceeds MaxInt64.
func product(dims [3]int) (int64, bool) {
	p := uint64(1)
	for _, d := range dims {
		hi, lo := bits.Mul64(p, uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		p = lo
	}
	return int64(p), true
}

// rankOf returns the rank on endpoint e, or -1 if e is idle.
func (w *nearestNeighbor) rankOf(e int32) int32 {
	if w.rank != nil {
		return w.rank[e]
	}
	if e >= w.p {
		return -1
	}
	return e
}

func (w *nearestNeighbor) Endpoints() int { return int(w.e) }

func (w *nearestNeighbor) Steps(e int32) int32 {
	if w.nd == 0 || w.rankOf(e) < 0 {
		return 0
	}
	return 1
}

func (w *nearestNeighbor) Count(e, s int32) int32 {
	if s != 0 || w.rankOf(e) < 0 {
		return 0
	}
	return w.nd
}

func (w *nearestNeighbor) Message(e, _, i int32) (int32, int64) {
	r := w.rankOf(e)
	d := w.dirs[i]
	c := r / d.stride % d.length // coordinate of r along d
	switch {
	case d.plus && c == d.length-1:
		r -= (d.length - 1) * d.stride
	case d.plus:
		r += d.stride
	case c == 0:
		r += (d.length - 1) * d.stride
	default:
		r -= d.stride
	}
	if w.ep != nil {
		return w.ep[r], w.flits
	}
	return r, w.flits
}

// Recvs: the torus is symmetric, so a process receives one message per
// direction it sends in.
func (w *nearestNeighbor) Recvs(e, s int32) int32 { return w.Count(e, s) }

func (w *nearestNeighbor) Blocking() bool { return false }

func (w *nearestNeighbor) Name() string {
	m := ""
	if w.ep != nil {
		m = ", mapping=custom"
	}
	return fmt.Sprintf("%s(torus=%dx%dx%d, msg_flits=%d%s)", NearestNeighbor, w.dims[0], w.dims[1], w.dims[2], w.flits, m)
}
