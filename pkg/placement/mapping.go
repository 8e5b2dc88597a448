package placement

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Flow is the symmetric, sparse flow between m cabinets in compressed
// sparse row form: the flow from cabinet a to the cabinets To[Off[a]:
// Off[a+1]] (ascending, never a itself) is W[Off[a]:Off[a+1]]. Every pair
// appears in the lists of both cabinets with the same weight. NewFlow builds
// it with the number of links between cabinets as the weight.
type Flow struct {
	Off []int32   // len M()+1
	To  []int32   // len Off[M()]
	W   []float64 // len Off[M()], > 0
}

// M returns the number of cabinets.
func (f *Flow) M() int { return len(f.Off) - 1 }

// NewFlow returns the flow between the cabinets of a clustering of g:
// the number of links between routers of cabinets a and b, for a != b
// (links inside a cabinet are left out: their length does not depend on
// the mapping). cab[r] is the cabinet of router r; there are max(cab)+1
// cabinets (a cabinet id without routers gets no flow). It returns an error
// if len(cab) != g.N() or an id is negative.
func NewFlow(g *graph.Graph, cab []int32) (*Flow, error) {
	if len(cab) != g.N() {
		return nil, fmt.Errorf("placement: flow: %d cabinet ids for %d routers", len(cab), g.N())
	}
	m, err := cabinetCount(cab)
	if err != nil {
		return nil, fmt.Errorf("placement: flow: %w", err)
	}
	// Directed (a, b) keys of inter-cabinet link ends, sorted, then runs.
	var keys []uint64
	for v := 0; v < g.N(); v++ {
		cv := cab[v]
		for _, u := range g.Neighbors(int32(v)) {
			if cu := cab[u]; cu != cv {
				keys = append(keys, uint64(uint32(cv))<<32|uint64(uint32(cu)))
			}
		}
	}
	slices.Sort(keys)
	f := &Flow{Off: make([]int32, m+1)}
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j] == keys[i] {
			j++
		}
		a := int32(keys[i] >> 32)
		f.Off[a+1]++
		f.To = append(f.To, int32(uint32(keys[i])))
		f.W = append(f.W, float64(j-i))
		i = j
	}
	for a := 0; a < m; a++ {
		f.Off[a+1] += f.Off[a]
	}
	return f, nil
}

// validate checks the structure of f and its symmetry.
func (f *Flow) validate() error {
	m := f.M()
	if m < 0 || f.Off[0] != 0 || int(f.Off[m]) != len(f.To) || len(f.W) != len(f.To) {
		return fmt.Errorf("placement: malformed flow: %d offsets, %d targets, %d weights", len(f.Off), len(f.To), len(f.W))
	}
	for a := 0; a < m; a++ {
		if f.Off[a] > f.Off[a+1] {
			return fmt.Errorf("placement: malformed flow: offsets decrease at cabinet %d", a)
		}
		for e := f.Off[a]; e < f.Off[a+1]; e++ {
			b, w := f.To[e], f.W[e]
			if b < 0 || int(b) >= m || int(b) == a || (e > f.Off[a] && f.To[e-1] >= b) {
				return fmt.Errorf("placement: malformed flow: cabinet %d lists %d (want other cabinets in [0, %d), ascending)", a, b, m)
			}
			if !(w > 0) || math.IsInf(w, 0) {
				return fmt.Errorf("placement: flow %g from cabinet %d to %d, want finite > 0", w, a, b)
			}
			l := f.To[f.Off[b]:f.Off[b+1]]
			i, ok := slices.BinarySearch(l, int32(a))
			if !ok || f.W[int(f.Off[b])+i] != w {
				return fmt.Errorf("placement: flow from cabinet %d to %d is not symmetric", a, b)
			}
		}
	}
	return nil
}

// ManhattanDistances returns the flat L x L matrix of Manhattan distances
// between L floor locations at (x[i], y[i]) (for example the cabinet
// positions of pkg/cost.Place). It panics if len(x) != len(y).
func ManhattanDistances(x, y []float64) []float64 {
	if len(x) != len(y) {
		panic(fmt.Sprintf("placement: ManhattanDistances: %d x and %d y", len(x), len(y)))
	}
	l := len(x)
	d := make([]float64, l*l)
	for i := 0; i < l; i++ {
		for j := 0; j < l; j++ {
			d[i*l+j] = math.Abs(x[i]-x[j]) + math.Abs(y[i]-y[j])
		}
	}
	return d
}

// Baseline returns the paper's baseline mapping of m cabinets (section
// IV-D): cabinet i at location i. With locations numbered in serpentine
// row order (left to right in the first row, right to left in the second,
// and so on, as pkg/cost's "rows" floor numbers them), this is the
// paper's "assigns the locations from left to right in the first row, from
// right to left in the second row, etc.".
func Baseline(m int) []int32 {
	a := make([]int32, m)
	for i := range a {
		a[i] = int32(i)
	}
	return a
}

// side returns L for a flat L x L matrix, or -1.
func side(dist []float64) int {
	l := int(math.Sqrt(float64(len(dist))))
	for l*l > len(dist) {
		l--
	}
	for (l+1)*(l+1) <= len(dist) {
		l++
	}
	if l*l != len(dist) {
		return -1
	}
	return l
}

// Cost returns the total cable length of an assignment: the sum over
// unordered pairs of cabinets {a, b} of flow(a, b) * dist[assign[a]*L +
// assign[b]], where dist is a flat L x L distance matrix between locations
// and assign[c] is the location of cabinet c. With the flow of NewFlow and
// Manhattan distances this is the length of the inter-cabinet cables
// without the per-cable overheads, which do not depend on the mapping. It
// panics if len(dist) is not a square, len(assign) < flow.M() or a location
// is outside [0, L).
func Cost(flow *Flow, dist []float64, assign []int32) float64 {
	l := side(dist)
	if l < 0 {
		panic(fmt.Sprintf("placement: Cost: %d distances do not make a square matrix", len(dist)))
	}
	_ = assign[:flow.M()]
	s := 0.0
	for a := 0; a < flow.M(); a++ {
		row := dist[int(assign[a])*l : int(assign[a])*l+l]
		for e := flow.Off[a]; e < flow.Off[a+1]; e++ {
			if b := flow.To[e]; int(b) > a {
				s += flow.W[e] * row[assign[b]]
			}
		}
	}
	return s
}

// Defaults of AnnealOptions, from the layout paper (section IV-D: "We run
// SA for 100 million iterations and pick the best solution out of five
// trials").
const (
	DefaultIterations = 100_000_000
	DefaultRestarts   = 5
)

// Parameters of the annealing schedule (see Anneal).
const (
	annealSamples    = 1000    // moves sampled for the initial temperature
	annealFinalRatio = 1e-3    // final temperature / initial temperature
	annealBlock      = 1024    // iterations per temperature step and cancellation check
	annealResync     = 1 << 20 // iterations between exact cost recomputations
)

// AnnealOptions are the parameters of Anneal.
type AnnealOptions struct {
	// Iterations is the number of proposed moves per restart (0:
	// DefaultIterations, the paper's 10^8).
	Iterations int64
	// Restarts is the number of independent runs, of which the best is
	// kept (0: DefaultRestarts, the paper's 5).
	Restarts int
	// Seed selects the random streams: restart r draws from math/rand/v2's
	// PCG seeded with (Seed, r).
	Seed uint64
	// Threads is the number of restarts run in parallel (0:
	// runtime.GOMAXPROCS(0)). It does not change the result.
	Threads int
}

// Anneal maps the m = flow.M() cabinets to L >= m floor locations so as to
// minimize Cost (a quadratic assignment problem; the layout paper, section
// IV-D, uses simulated annealing) and returns the location of every
// cabinet and the cost. dist is a flat, symmetric L x L matrix of finite
// distances between locations (its diagonal is not used); locations beyond
// m start empty.
//
// Each restart starts from Baseline and proposes Iterations moves: a
// cabinet a, uniform, and another location q, uniform; a moves to q and
// the cabinet at q, if any, to a's location (with L = m, a uniform swap of
// two cabinets). The cost change is computed from the flow lists of the two
// cabinets only, in O(deg(a) + deg(b)). A move that does not increase the
// cost is always accepted, an increase Delta with probability
// exp(-Delta/T); changes of at most 10^-12 (1 + baseline cost) count as
// zero, and every move draws its uniform whether it is used or not, so that
// rounding noise does not change the random stream. The schedule is
// geometric: T(i) = T0 * (10^-3)^(i/I) for
// iteration i of I, updated every 1,024 iterations, where T0 = mean(Delta+)
// / ln 2 makes the average uphill move accepted with probability 1/2 at the
// start, Delta+ being the cost increases among 1,000 moves sampled from the
// baseline (T0 = 0, pure descent, if none increases the cost). The running
// cost is recomputed exactly every 2^20 iterations so that rounding does not
// drift, and the best assignment seen is kept. The result is the best
// restart by exact cost, ties to the lower restart index, and never costs
// more than the baseline.
//
// Restart r draws from its own PCG stream seeded with (Seed, r), and the
// restarts run in up to Threads goroutines, so the result is bit-identical
// for every Threads value. At m = 256 cabinets (RING-12 of 4,096 routers
// in cabinets of 16: about 140 neighbour cabinets per cabinet) one core of
// a shared 2-core AMD EPYC runs about 1.4 million iterations per second
// (BenchmarkAnneal): the paper's 5 x 10^8 iterations take about 6 minutes
// of CPU time, divided among the threads.
//
// Anneal returns an error for a malformed or asymmetric flow, a distance
// matrix that is not square, asymmetric, non-finite or smaller than m x
// m, negative options, and ctx.Err() (wrapped) if ctx is cancelled (checked
// every 1,024 iterations).
func Anneal(ctx context.Context, flow *Flow, dist []float64, opts AnnealOptions) (assign []int32, cost float64, err error) {
	if err := flow.validate(); err != nil {
		return nil, 0, err
	}
	m, l := flow.M(), side(dist)
	if l < 0 {
		return nil, 0, fmt.Errorf("placement: anneal: %d distances do not make a square matrix", len(dist))
	}
	if l < m {
		return nil, 0, fmt.Errorf("placement: anneal: %d locations for %d cabinets", l, m)
	}
	for i := 0; i < l; i++ {
		for j := i; j < l; j++ {
			d := dist[i*l+j]
			if math.IsNaN(d) || math.IsInf(d, 0) || d != dist[j*l+i] {
				return nil, 0, fmt.Errorf("placement: anneal: distance (%d, %d) = %g, (%d, %d) = %g: want finite and symmetric", i, j, d, j, i, dist[j*l+i])
			}
		}
	}
	if opts.Iterations < 0 || opts.Restarts < 0 || opts.Threads < 0 {
		return nil, 0, fmt.Errorf("placement: anneal: negative option (iterations %d, restarts %d, threads %d)", opts.Iterations, opts.Restarts, opts.Threads)
	}
	iters, restarts, threads := opts.Iterations, opts.Restarts, opts.Threads
	if iters == 0 {
		iters = DefaultIterations
	}
	if restarts == 0 {
		restarts = DefaultRestarts
	}
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = min(threads, restarts)

	base := Baseline(m)
	baseCost := Cost(flow, dist, base)
	if m < 2 || l < 2 {
		return base, baseCost, nil
	}
	type result struct {
		assign []int32
		cost   float64
		err    error
	}
	res := make([]result, restarts)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				r := int(next.Add(1) - 1)
				if r >= restarts {
					return
				}
				a, c, err := anneal1(ctx, flow, dist, l, iters, opts.Seed, r)
				res[r] = result{a, c, err}
			}
		}()
	}
	wg.Wait()
	assign, cost = base, baseCost
	for r, x := range res {
		if x.err != nil {
			return nil, 0, fmt.Errorf("placement: anneal restart %d: %w", r, x.err)
		}
		if x.cost < cost {
			assign, cost = x.assign, x.cost
		}
	}
	return assign, cost, nil
}

// annealer is the state of one annealing run.
type annealer struct {
	f    *Flow
	dist []float64
	l    int
	loc  []int32 // location of each cabinet
	occ  []int32 // cabinet at each location, -1 when empty
}

// delta returns the cost change of moving cabinet a to location q and the
// cabinet b at q (b = -1: none) to a's location.
func (s *annealer) delta(a int32, q int, b int32) float64 {
	f, l := s.f, s.l
	p := int(s.loc[a])
	rp, rq := s.dist[p*l:p*l+l], s.dist[q*l:q*l+l]
	lo, hi := f.Off[a], f.Off[a+1]
	d := gather(f.To[lo:hi], f.W[lo:hi], s.loc, rq, rp)
	if b < 0 {
		return d
	}
	blo, bhi := f.Off[b], f.Off[b+1]
	d += gather(f.To[blo:bhi], f.W[blo:bhi], s.loc, rp, rq)
	// The sums include the link between a and b, whose length does not
	// change: remove its two terms.
	if i, ok := slices.BinarySearch(f.To[lo:hi], b); ok {
		w := f.W[int(lo)+i]
		d -= w*(rq[q]-rp[q]) + w*(rp[p]-rq[p])
	}
	return d
}

// gather returns sum_e w[e] * (plus[loc[to[e]]] - minus[loc[to[e]]]), with
// four accumulators to overlap the additions.
func gather(to []int32, w []float64, loc []int32, plus, minus []float64) float64 {
	w = w[:len(to)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(to); i += 4 {
		l0, l1, l2, l3 := loc[to[i]], loc[to[i+1]], loc[to[i+2]], loc[to[i+3]]
		s0 += w[i] * (plus[l0] - minus[l0])
		s1 += w[i+1] * (plus[l1] - minus[l1])
		s2 += w[i+2] * (plus[l2] - minus[l2])
		s3 += w[i+3] * (plus[l3] - minus[l3])
	}
	for ; i < len(to); i++ {
		lk := loc[to[i]]
		s0 += w[i] * (plus[lk] - minus[lk])
	}
	return (s0 + s1) + (s2 + s3)
}

// move applies the move of delta.
func (s *annealer) move(a int32, q int, b int32) {
	p := s.loc[a]
	s.loc[a], s.occ[q] = int32(q), a
	s.occ[p] = b
	if b >= 0 {
		s.loc[b] = p
	}
}

// propose draws a move: a cabinet and another location, and the cabinet
// there.
func (s *annealer) propose(rng *rand.Rand) (a int32, q int, b int32) {
	a = int32(rng.IntN(s.f.M()))
	q = rng.IntN(s.l - 1)
	if q >= int(s.loc[a]) {
		q++
	}
	return a, q, s.occ[q]
}

// anneal1 runs restart r and returns its best assignment and exact cost.
func anneal1(ctx context.Context, f *Flow, dist []float64, l int, iters int64, seed uint64, r int) ([]int32, float64, error) {
	m := f.M()
	rng := rand.New(rand.NewPCG(seed, uint64(r)))
	s := &annealer{f: f, dist: dist, l: l, loc: Baseline(m), occ: make([]int32, l)}
	for i := range s.occ {
		s.occ[i] = -1
		if i < m {
			s.occ[i] = int32(i)
		}
	}
	cur := Cost(f, dist, s.loc)
	tiny := 1e-12 * (math.Abs(cur) + 1)
	var sum float64
	var up int
	for range min(int64(annealSamples), iters) {
		if d := s.delta(s.propose(rng)); d > tiny {
			sum += d
			up++
		}
	}
	t0 := 0.0
	if up > 0 {
		t0 = sum / float64(up) / math.Ln2
	}
	logRatio := math.Log(annealFinalRatio)

	best, bestCost := slices.Clone(s.loc), cur
	done := ctx.Done()
	temp := t0
	for i := int64(0); i < iters; i++ {
		if i%annealBlock == 0 {
			if stop.Requested(done) {
				return nil, 0, ctx.Err()
			}
			temp = t0 * math.Exp(logRatio*float64(i)/float64(iters))
			if i%annealResync == 0 && i > 0 {
				cur = Cost(f, dist, s.loc)
			}
		}
		a, q, b := s.propose(rng)
		// One uniform per move, used or not, so that the stream does not
		// depend on the sign of a change that is zero but for rounding.
		u := rng.Float64()
		d := s.delta(a, q, b)
		if d > tiny && (temp <= 0 || u >= math.Exp(-d/temp)) {
			continue
		}
		s.move(a, q, b)
		cur += d
		if cur < bestCost-tiny {
			bestCost = cur
			copy(best, s.loc)
		}
	}
	return best, Cost(f, dist, best), nil
}
