package workload

import (
	"fmt"

	"github.com/runexp/runexp/pkg/traffic"
)

// allToAll is the all_to_all exchange on processes 0..n-1.
type allToAll struct {
	e     int32 // endpoints
	n     int32 // processes
	flits int64 // per message
	seed  uint64
	// a[e], b[e]: the affine order of source e (OrderRandom only; nil
	// otherwise).
	a, b []int32
	// perm[e*(n-1)+i]: the i-th offset of source e (OrderPermutation only;
	// nil otherwise).
	perm  []int32
	order string
}

// NewAllToAll returns the all_to_all exchange of SC15 section 4.4 on the
// first active endpoints (0 = all endpoints): every process sends one
// message of msgFlits flits to every other process, in order (OrderShift
// or OrderRandom; "" means OrderShift), the random order drawn from seed.
// See Doc(AllToAll).
func NewAllToAll(endpoints, active int, msgFlits int64, order string, seed uint64) (Workload, error) {
	n, err := checkEndpoints(endpoints, active)
	if err != nil {
		return nil, fmt.Errorf("workload: %s: %w", AllToAll, err)
	}
	if err := checkFlits("msg_flits", msgFlits, int64(n)*int64(n-1)); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", AllToAll, err)
	}
	w := &allToAll{e: int32(endpoints), n: n, flits: msgFlits, seed: seed, order: order}
	switch order {
	case "", OrderShift:
		w.order = OrderShift
	case OrderRandom:
		w.a, w.b = affineOrders(n, seed)
	case OrderPermutation:
		if int64(n)*int64(n-1) > maxPermEntries {
			return nil, fmt.Errorf("workload: %s: order %s for %d processes needs %d table entries, more than %d: use order %s", AllToAll, order, n, int64(n)*int64(n-1), maxPermEntries, OrderRandom)
		}
		w.perm = permutationOrders(n, seed)
	default:
		return nil, fmt.Errorf("workload: %s: unknown order %q; valid orders: %s, %s, %s", AllToAll, order, OrderShift, OrderRandom, OrderPermutation)
	}
	return w, nil
}

// permutationOrders draws, for every source e < n in turn, a uniformly
// random order of the offsets 0..n-2 (Fisher-Yates) from stream
// streamAllToAllPerm of seed: entry e*(n-1)+i is the i-th.
func permutationOrders(n int32, seed uint64) []int32 {
	m := int(n - 1)
	perm := make([]int32, int(n)*m)
	rng := newRNG(seed, streamAllToAllPerm)
	for e := range int(n) {
		p := perm[e*m : e*m+m]
		for i := range p {
			p[i] = int32(i)
		}
		for i := m - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			p[i], p[j] = p[j], p[i]
		}
	}
	return perm
}

// affineOrders draws the multiplier a[e] (a unit of Z_m, m = n-1) and the
// offset b[e] (in [0, m)) of every source e < n from stream streamAllToAll
// of seed.
func affineOrders(n int32, seed uint64) (a, b []int32) {
	m := n - 1
	a, b = make([]int32, n), make([]int32, n)
	if m < 1 {
		return a, b
	}
	rng := newRNG(seed, streamAllToAll)
	for e := range n {
		a[e] = 1
		if m > 2 {
			for {
				a[e] = 1 + rng.Int32N(m-1)
				if gcd(a[e], m) == 1 {
					break
				}
			}
		}
		b[e] = rng.Int32N(m)
	}
	return a, b
}

// gcd returns the greatest common divisor of x, y >= 0.
func gcd(x, y int32) int32 {
	for y != 0 {
		x, y = y, x%y
	}
	return x
}

func (w *allToAll) Endpoints() int { return int(w.e) }

func (w *allToAll) Steps(e int32) int32 {
	if e >= w.n || w.n < 2 {
		return 0
	}
	return 1
}

func (w *allToAll) Count(e, s int32) int32 {
	if s != 0 || e >= w.n {
		return 0
	}
	return w.n - 1
}

func (w *allToAll) Message(e, _, i int32) (int32, int64) {
	j := int64(i)
	if w.perm != nil {
		j = int64(w.perm[int(e)*int(w.n-1)+int(i)])
	} else if w.a != nil {
		j = (int64(w.a[e])*j + int64(w.b[e])) % int64(w.n-1)
	}
	return int32((int64(e) + 1 + j) % int64(w.n)), w.flits
}

func (w *allToAll) Recvs(e, s int32) int32 { return w.Count(e, s) }

func (w *allToAll) Blocking() bool { return false }

func (w *allToAll) Name() string {
	if w.order != OrderShift {
		return fmt.Sprintf("%s(n=%d, msg_flits=%d, order=%s, seed=%d)", AllToAll, w.n, w.flits, w.order, w.seed)
	}
	return fmt.Sprintf("%s(n=%d, msg_flits=%d, order=%s)", AllToAll, w.n, w.flits, OrderShift)
}

// permutation is the permutation exchange: e sends one message to dst[e].
type permutation struct {
	e     int32   // endpoints
	n     int32   // processes
	dst   []int32 // derangement of the first n endpoints; nil if n < 2
	flits int64
	seed  uint64
}

// NewPermutation returns the permutation exchange on the first active
// endpoints (0 = all endpoints): each process e sends one message of
// msgFlits flits to perm(e), perm a derangement drawn from seed as
// pkg/traffic's random_permutation draws it. See Doc(Permutation).
func NewPermutation(endpoints, active int, msgFlits int64, seed uint64) (Workload, error) {
	n, err := checkEndpoints(endpoints, active)
	if err != nil {
		return nil, fmt.Errorf("workload: %s: %w", Permutation, err)
	}
	if err := checkFlits("msg_flits", msgFlits, int64(n)); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", Permutation, err)
	}
	return &permutation{e: int32(endpoints), n: n, dst: traffic.Derangement(n, seed), flits: msgFlits, seed: seed}, nil
}

func (w *permutation) Endpoints() int { return int(w.e) }

func (w *permutation) Steps(e int32) int32 {
	if int(e) >= len(w.dst) {
		return 0
	}
	return 1
}

func (w *permutation) Count(e, s int32) int32 {
	if s != 0 {
		return 0
	}
	return w.Steps(e)
}

func (w *permutation) Message(e, _, _ int32) (int32, int64) { return w.dst[e], w.flits }

func (w *permutation) Recvs(e, s int32) int32 { return w.Count(e, s) }

func (w *permutation) Blocking() bool { return false }

func (w *permutation) Name() string {
	return fmt.Sprintf("%s(n=%d, msg_flits=%d, seed=%d)", Permutation, w.n, w.flits, w.seed)
}
