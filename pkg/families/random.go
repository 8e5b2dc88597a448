package families

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/runexp/runexp/internal/stop"
)

// Random topologies: the ring plus random shortcuts of Koibuchi et al. (A
// Case for Random Shortcut Topologies for HPC Interconnects, ISCA 2012; the
// DLN of Besta and Hoefler, Slim Fly, SC14), its constrained variants Nbr and
// Gau (Koibuchi, Fujiwara, Matsutani and Casanova, Layout-conscious Random
// Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B), and
// random regular graphs (Jellyfish, Singla et al., NSDI 2012).
//
// Reproducibility. Every draw comes from rand.PCG (math/rand/v2), whose
// output is specified, through the helpers of rndSource below: bounded
// integers by Lemire's multiply-shift with rejection, Gaussians by
// Marsaglia's polar method with a logarithm written out in plain float64
// operations, each product explicitly rounded so that no platform fuses a
// multiply-add. A seed therefore gives the same graph on every machine and
// Go release. Attempt t = 0, 1, 2, ... of a build uses the stream
// rand.NewPCG(uint64(seed), c + t) with a family constant c; a later attempt
// is made only when an attempt fails (a random regular graph that is not
// connected, or a completion step that finds no repair), at most
// rndMaxAttempts times.

// Family stream constants (the second PCG seed word): ASCII names.
const (
	rndStreamRing    uint64 = 0x72696e675f72616e // "ring_ran"
	rndStreamNbr     uint64 = 0x72696e675f6e6272 // "ring_nbr"
	rndStreamGau     uint64 = 0x72696e675f676175 // "ring_gau"
	rndStreamRegular uint64 = 0x72616e645f726567 // "rand_reg"

	rndMaxAttempts = 16
)

// rndSource draws from a PCG stream.
type rndSource struct {
	pcg   *rand.PCG
	spare float64 // second Gaussian deviate of the last polar pair
	has   bool
}

func newRndSource(seed int64, stream uint64, attempt int) *rndSource {
	return &rndSource{pcg: rand.NewPCG(uint64(seed), stream+uint64(attempt))}
}

func (r *rndSource) u64() uint64 { return r.pcg.Uint64() }

// intN returns a uniform integer in [0, n), n > 0 (Lemire's method).
func (r *rndSource) intN(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.u64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.u64(), un)
		}
	}
	return int(hi)
}

// coin returns a fair random bit.
func (r *rndSource) coin() bool { return r.u64()>>63 != 0 }

// shuffle permutes s uniformly (Fisher-Yates from the end).
func (r *rndSource) shuffle(s []int32) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// normal returns a standard Gaussian deviate (Marsaglia's polar method:
// each accepted pair (x, y) gives x*f, returned first, then y*f).
func (r *rndSource) normal() float64 {
	if r.has {
		r.has = false
		return r.spare
	}
	for {
		x := float64(float64(r.u64()>>11)*0x1p-52) - 1 // exact: multiples of 2^-52 in [-1, 1)
		y := float64(float64(r.u64()>>11)*0x1p-52) - 1
		s := float64(x*x) + float64(y*y)
		if s >= 1 || s == 0 {
			continue
		}
		f := math.Sqrt(-2 * rndLog(s) / s)
		r.spare, r.has = float64(y*f), true
		return float64(x * f)
	}
}

// rndLog is the natural logarithm of x > 0 by the fdlibm algorithm (as in
// Go's portable math.Log), with every product explicitly rounded so that the
// result is bit-identical on every platform (math.Log uses assembly on some
// architectures, and the compiler may fuse multiply-adds on others).
func rndLog(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
		l1    = 6.666666666666735130e-01
		l2    = 3.999999999940941908e-01
		l3    = 2.857142874366239149e-01
		l4    = 2.222219843214978396e-01
		l5    = 1.818357216161805012e-01
		l6    = 1.531383769920937332e-01
		l7    = 1.479819860511658591e-01
	)
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	f := f1 - 1
	k := float64(ki)
	s := f / (2 + f)
	s2 := float64(s * s)
	s4 := float64(s2 * s2)
	t1 := float64(s2 * (l1 + float64(s4*(l3+float64(s4*(l5+float64(s4*l7)))))))
	t2 := float64(s4 * (l2 + float64(s4*(l4+float64(s4*l6)))))
	rr := t1 + t2
	hfsq := float64(0.5 * float64(f*f))
	return float64(k*ln2Hi) - ((hfsq - (float64(s*(hfsq+rr)) + float64(k*ln2Lo))) - f)
}

// rndRingDist is the distance between u and v along an n-vertex ring.
func rndRingDist(u, v, n int) int {
	d := u - v
	if d < 0 {
		d = -d
	}
	return min(d, n-d)
}

// rndGraph is a simple graph under construction: at most cap removable links
// per vertex in flat arrays, plus (if ring) the fixed ring links i ~ i+1 mod n.
type rndGraph struct {
	n, cap int
	ring   bool
	adj    []int32 // adj[v*cap : v*cap+cnt[v]] are the removable neighbours of v
	cnt    []int32
}

func newRndGraph(n, k int, ring bool) *rndGraph {
	return &rndGraph{n: n, cap: k, ring: ring, adj: make([]int32, n*k), cnt: make([]int32, n)}
}

func (g *rndGraph) reset() { clear(g.cnt) }

func (g *rndGraph) nbrs(v int) []int32 { return g.adj[v*g.cap : v*g.cap+int(g.cnt[v])] }

func (g *rndGraph) deficit(v int) int { return g.cap - int(g.cnt[v]) }

func (g *rndGraph) has(u, v int) bool {
	if g.ring && rndRingDist(u, v, g.n) == 1 {
		return true
	}
	if g.cnt[v] < g.cnt[u] {
		u, v = v, u
	}
	return slices.Contains(g.nbrs(u), int32(v))
}

func (g *rndGraph) link(u, v int) {
	g.adj[u*g.cap+int(g.cnt[u])] = int32(v)
	g.cnt[u]++
	g.adj[v*g.cap+int(g.cnt[v])] = int32(u)
	g.cnt[v]++
}

func (g *rndGraph) drop(u, v int) {
	l := g.nbrs(u)
	i := slices.Index(l, int32(v))
	l[i] = l[len(l)-1]
	g.cnt[u]--
}

func (g *rndGraph) unlink(u, v int) {
	g.drop(u, v)
	g.drop(v, u)
}

// connected reports whether the graph (ring links included) is connected.
// It returns false early when done is closed (the caller checks the
// context).
func (g *rndGraph) connected(done <-chan struct{}) bool {
	if g.n == 0 || g.ring {
		return true
	}
	seen := make([]bool, g.n)
	queue := make([]int32, 1, g.n)
	seen[0] = true
	for i := 0; i < len(queue); i++ {
		if i%stopBlock == 0 && stop.Requested(done) {
			return false
		}
		for _, u := range g.nbrs(int(queue[i])) {
			if !seen[u] {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	return len(queue) == g.n
}

// rndGen generates the removable links of a rndGraph.
type rndGen struct {
	g *rndGraph
	r *rndSource
	// limit is the largest ring distance of a link (ring families; n/2 when
	// unconstrained). nearest orders the repair candidates of ring_gau by
	// ring distance instead of a random rotation.
	limit   int
	nearest bool
	// Gaussian offsets (ring_gau): standard deviation and the number of
	// draws after which a vertex is deemed to have no partner in a round.
	gauss bool
	sigma float64
	tries int
	// Round state: rem[:nrem] are the vertices still in V; pos[v] is v's
	// index in rem (v is in V iff pos[v] < nrem).
	rem, pos []int32
	nrem     int
	// Repair state.
	stubs []int32
	work  int
	// st checks for cancellation every stopBlock steps (ticks).
	st    *stopper
	ticks int
}

// stop counts one step of the generation and reports whether the build is
// cancelled (reading the context every stopBlock steps). A step that sees
// it returns early; the build's caller checks the context.
func (s *rndGen) stop() bool {
	s.ticks++
	return s.st.stop(s.ticks)
}

// allowed reports whether the link u ~ v may be added: distinct end points,
// not already linked, and within the ring distance limit.
func (s *rndGen) allowed(u, v int) bool {
	if u == v {
		return false
	}
	if s.g.ring && rndRingDist(u, v, s.g.n) > s.limit {
		return false
	}
	return !s.g.has(u, v)
}

// rndRingCandidates is the number of vertices at ring distance 2..limit of a
// vertex of an n-ring.
func rndRingCandidates(n, limit int) int {
	if limit < 2 {
		return 0
	}
	c := 2 * (limit - 1)
	if 2*limit == n {
		c-- // the antipode is one vertex
	}
	return c
}

// rndRingOffset returns the j-th ring offset in the order +2, -2, +3, -3, ...
func rndRingOffset(j int) int {
	d := 2 + j/2
	if j%2 == 1 {
		return -d
	}
	return d
}

func (s *rndGen) take(w int) {
	i := s.pos[w]
	last := s.rem[s.nrem-1]
	s.rem[i], s.pos[last] = last, i
	s.rem[s.nrem-1], s.pos[w] = int32(w), int32(s.nrem-1)
	s.nrem--
}

func (s *rndGen) inV(w int) bool { return int(s.pos[w]) < s.nrem }

// round runs one round of the layout paper's procedure (section IV-B1):
// V = all vertices; repeat until V is empty: remove a uniformly random u
// from V; choose its partner v (pickUniform or pickGauss); if there is one,
// link u ~ v and remove v from V, otherwise u stays one link short. It
// returns early, the round unfinished, when the build is cancelled.
func (s *rndGen) round() {
	if s.stop() { // cancelled in an earlier round
		return
	}
	n := s.g.n
	for i := range n {
		s.rem[i], s.pos[i] = int32(i), int32(i)
	}
	s.nrem = n
	for s.nrem > 0 {
		if s.stop() {
			return
		}
		u := int(s.rem[s.r.intN(s.nrem)])
		s.take(u)
		var v int
		if s.gauss {
			v = s.pickGauss(u)
		} else {
			v = s.pickUniform(u)
		}
		if v >= 0 {
			s.g.link(u, v)
			s.take(v)
		}
	}
}

// pickUniform returns a vertex drawn uniformly from the vertices of V that
// may be linked to u (-1 if none): up to 32 draws from V by rejection, then
// an enumeration of V (or of u's ring window, whichever is smaller). Both
// give the uniform distribution over the acceptable vertices.
func (s *rndGen) pickUniform(u int) int {
	for t := 0; t < 32 && s.nrem > 0; t++ {
		if w := int(s.rem[s.r.intN(s.nrem)]); s.allowed(u, w) {
			return w
		}
	}
	n := s.g.n
	window := rndRingCandidates(n, s.limit)
	s.ticks += min(s.nrem, window) // the enumeration's work, for stop
	// nth returns the k-th acceptable vertex (k < 0: count them).
	nth := func(k int) (int, int) {
		c := 0
		if s.nrem <= window {
			for _, w := range s.rem[:s.nrem] {
				if s.allowed(u, int(w)) {
					if c == k {
						return int(w), c
					}
					c++
				}
			}
			return -1, c
		}
		for j := range window {
			w := ((u+rndRingOffset(j))%n + n) % n
			if s.inV(w) && s.allowed(u, w) {
				if c == k {
					return w, c
				}
				c++
			}
		}
		return -1, c
	}
	_, c := nth(-1)
	if c == 0 {
		return -1
	}
	w, _ := nth(s.r.intN(c))
	return w
}

// pickGauss draws ring offsets k = round(sigma*Z), Z standard Gaussian,
// rejecting draws with |sigma*Z| > n/2 (truncation), and returns the first
// u+k that is in V and may be linked to u; after s.tries draws it gives up
// (-1).
func (s *rndGen) pickGauss(u int) int {
	n := s.g.n
	half := float64(n) / 2
	for t := range s.tries {
		x := float64(s.r.normal() * s.sigma)
		if x > half || x < -half {
			continue
		}
		k := int(math.Round(x))
		if k == 0 {
			continue
		}
		w := ((u+k)%n + n) % n
		if s.inV(w) && s.allowed(u, w) {
			s.ticks += t // the draws' work, for stop
			return w
		}
	}
	s.ticks += s.tries
	return -1
}

// candidate returns the j-th of the m repair candidates around x: the
// admissible ring offsets rotated by st (all other vertices rotated by st
// without a ring), or in nearest mode the offsets nearest first
// (+2, -2, +3, ...), mirrored when st == 1.
func (s *rndGen) candidate(x, j, m, st int) int {
	n := s.g.n
	if !s.g.ring {
		return (x + 1 + (st+j)%m) % n
	}
	var off int
	if s.nearest {
		off = rndRingOffset(j)
		if st == 1 {
			off = -off
		}
	} else {
		off = rndRingOffset((st + j) % m)
	}
	return ((x+off)%n + n) % n
}

// candidates returns the number m of repair candidates around x and a random
// start st for candidate (a rotation, or a side in nearest mode).
func (s *rndGen) candidates(x int) (m, st int) {
	if s.g.ring {
		m = rndRingCandidates(s.g.n, s.limit)
	} else {
		m = s.g.n - 1
	}
	if m == 0 {
		return 0, 0
	}
	if s.nearest {
		if s.r.coin() {
			return m, 1
		}
		return m, 0
	}
	return m, s.r.intN(m)
}

// rndRepairBudget bounds the work (adjacency entries examined) of the
// search that completes one missing link after steps (a) and (b) fail.
const rndRepairBudget = 1 << 26

// complete adds links until every vertex has cap removable links (all but
// one vertex short by one when n*cap is odd), and reports success. The
// vertices short of links ("stubs") are completed one missing link at a
// time, lowest id first: a stub x is
//
//	(a) linked directly to another stub y;
//	(b) else linked by removing a link u ~ v and adding x ~ u and v ~ y,
//	    y a stub other than u (possibly x itself if x lacks two links:
//	    the Jellyfish repair);
//	(c) else, on a ring (ring families), its missing link is walked toward
//	    the stub y nearest along the ring: while h (initially x) cannot be
//	    joined to y directly or as in (b), remove the link u ~ v (u
//	    linkable to h, v != y) that brings v nearest to y, add h ~ u, and
//	    continue from h = v, which now lacks the link; when no step reduces
//	    the ring distance to y, the walk continues from h toward the
//	    nearest stub not tried yet, and fails when none is left;
//	(c') else, without a ring (random_regular), by removing u1 ~ v1 and
//	    u2 ~ v2 and adding x ~ u1, v1 ~ u2 and v2 ~ y.
//
// Every added link satisfies the family's constraint (allowed), and no
// other degree changes. Candidates y are scanned from a random start in the
// stub list; candidates u around a vertex in a random rotation of the
// admissible ring offsets (of all vertices without a ring), or nearest
// first from a random side for ring_gau. The search of (c) and (c') is
// bounded by rndRepairBudget. When the build is cancelled complete stops
// and reports failure (the caller checks the context).
func (s *rndGen) complete() bool {
	if s.stop() { // cancelled while generating
		return false
	}
	g := s.g
	s.stubs = s.stubs[:0]
	short := 0
	for v := range g.n {
		if d := g.deficit(v); d > 0 {
			s.stubs = append(s.stubs, int32(v))
			short += d
		}
	}
	leftover := (g.n * g.cap) % 2
	for i := 0; short > leftover; {
		if s.stop() {
			return false
		}
		for g.deficit(int(s.stubs[i])) == 0 {
			i++
		}
		if !s.fix(int(s.stubs[i])) {
			return false
		}
		short -= 2
	}
	return true
}

// stubFor returns a stub y, not in ex, that may be linked to w (x itself
// only if it lacks two links), or -1.
func (s *rndGen) stubFor(x, w int, ex ...int) int {
	k := len(s.stubs)
	st := s.r.intN(k)
	for j := range k {
		y := int(s.stubs[(st+j)%k])
		d := s.g.deficit(y)
		if d == 0 || (y == x && d < 2) || slices.Contains(ex, y) {
			continue
		}
		if s.allowed(w, y) {
			return y
		}
	}
	return -1
}

func (s *rndGen) fix(x int) bool {
	g := s.g
	if y := s.stubFor(x, x, x); y >= 0 { // (a)
		g.link(x, y)
		return true
	}
	if s.oneRemoval(x, -1) { // (b)
		return true
	}
	s.work = 0
	if g.ring {
		return s.walk(x)
	}
	return s.twoRemovals(x)
}

// oneRemoval removes a link u ~ v and adds h ~ u and v ~ y, with y the
// given stub (y >= 0) or any stub (y < 0); it reports success.
func (s *rndGen) oneRemoval(h, y int) bool {
	g := s.g
	m, st := s.candidates(h)
	for j := range m {
		if s.stop() {
			return false
		}
		u := s.candidate(h, j, m, st)
		if !s.allowed(h, u) {
			continue
		}
		for _, v := range g.nbrs(u) {
			w := y
			if y < 0 {
				w = s.stubFor(h, int(v), u)
			} else if w == u || !s.allowed(int(v), w) {
				w = -1
			}
			if w >= 0 {
				g.unlink(u, int(v))
				g.link(h, u)
				g.link(int(v), w)
				return true
			}
		}
	}
	return false
}

// walk is step (c) of complete.
func (s *rndGen) walk(x int) bool {
	g := s.g
	var tried []int
	for h := x; ; {
		// Target: the nearest stub not tried yet.
		y, yd := -1, g.n
		for _, z := range s.stubs {
			z := int(z)
			if d := rndRingDist(h, z, g.n); z != h && g.deficit(z) > 0 && d < yd && !slices.Contains(tried, z) {
				y, yd = z, d
			}
		}
		if y < 0 {
			return false
		}
		for {
			if s.allowed(h, y) {
				g.link(h, y)
				return true
			}
			if s.oneRemoval(h, y) {
				return true
			}
			bu, bv, bd := -1, -1, rndRingDist(h, y, g.n)
			m, st := s.candidates(h)
			for j := range m {
				if s.stop() {
					return false
				}
				u := s.candidate(h, j, m, st)
				if !s.allowed(h, u) {
					continue
				}
				s.work += g.cap
				for _, v := range g.nbrs(u) {
					if d := rndRingDist(int(v), y, g.n); int(v) != y && d < bd {
						bu, bv, bd = u, int(v), d
					}
				}
			}
			if s.work > rndRepairBudget {
				return false
			}
			if bu < 0 {
				tried = append(tried, y)
				break
			}
			g.unlink(bu, bv)
			g.link(h, bu)
			h = bv
		}
	}
}

// twoRemovals is step (c') of complete.
func (s *rndGen) twoRemovals(x int) bool {
	g := s.g
	m, st := s.candidates(x)
	for j := range m {
		u1 := s.candidate(x, j, m, st)
		if !s.allowed(x, u1) {
			continue
		}
		for _, v1 := range g.nbrs(u1) {
			v1 := int(v1)
			m2, st2 := s.candidates(v1)
			for j2 := range m2 {
				u2 := s.candidate(v1, j2, m2, st2)
				if u2 == x || u2 == u1 || !s.allowed(v1, u2) {
					continue
				}
				for _, v2 := range g.nbrs(u2) {
					v2 := int(v2)
					s.work += len(s.stubs)
					if s.work > rndRepairBudget || s.stop() {
						return false
					}
					if v2 == x || v2 == u1 || v2 == v1 {
						continue
					}
					if y := s.stubFor(x, v2, u1, v1, u2); y >= 0 {
						g.unlink(u1, v1)
						g.unlink(u2, v2)
						g.link(x, u1)
						g.link(v1, u2)
						g.link(v2, y)
						return true
					}
				}
			}
		}
	}
	return false
}

// rndRingSpec describes a ring-with-shortcuts family instance.
type rndRingSpec struct {
	routers, degree int
	limit           int     // largest ring distance of a shortcut
	gauss           bool    // ring_gau
	sigma           float64 // ring_gau standard deviation in ring hops
	seed            int64
	stream          uint64
}

// rndBuildShortcuts runs the degree-2 shortcut rounds and the completion of
// a ring family, with the next stream after a failed completion, and
// returns the graph, an error after rndMaxAttempts failed attempts, or
// ctx.Err() if ctx is cancelled.
func rndBuildShortcuts(ctx context.Context, fam string, sp rndRingSpec) (*rndGraph, error) {
	n, k := sp.routers, sp.degree-2
	g := newRndGraph(n, k, true)
	if k == 0 {
		return g, nil
	}
	s := &rndGen{g: g, limit: sp.limit, gauss: sp.gauss, nearest: sp.gauss, sigma: sp.sigma,
		tries: min(4*n, 1<<22), rem: make([]int32, n), pos: make([]int32, n), st: newStopper(ctx)}
	for attempt := range rndMaxAttempts {
		g.reset()
		s.r = newRndSource(sp.seed, sp.stream, attempt)
		for range k {
			s.round()
		}
		ok := s.complete()
		if err := ctx.Err(); err != nil { // round and complete stop early
			return nil, err
		}
		if ok {
			return g, nil
		}
	}
	return nil, fmt.Errorf("family %s: could not complete a degree-%d graph on %d routers in %d attempts (the shortcut constraint leaves too few partners; allow longer shortcuts or lower the degree)",
		fam, sp.degree, n, rndMaxAttempts)
}

// rndBuildRegular returns a connected simple d-regular graph on n
// vertices (n*d even): Jellyfish's random link process on free ports, then
// completion, regenerated with the next stream when not connected.
//
// Link process: the free ports ("stubs", d per vertex) are in a list; two
// distinct stubs are drawn uniformly; if their vertices differ and are not
// linked, the link is added and both stubs removed, otherwise the draw is
// rejected. After 64 consecutive rejections the valid vertex pairs are
// enumerated and one is drawn with probability proportional to the product
// of the free ports of its vertices (the same distribution); when there is
// none the process ends and complete repairs the remaining free ports. It
// returns ctx.Err() if ctx is cancelled.
func rndBuildRegular(ctx context.Context, fam string, n, d int, seed int64) (*rndGraph, error) {
	g := newRndGraph(n, d, false)
	s := &rndGen{g: g, st: newStopper(ctx)}
	stubs := make([]int32, 0, n*d)
	var seen []bool
	var verts []int32
	for attempt := range rndMaxAttempts {
		g.reset()
		s.r = newRndSource(seed, rndStreamRegular, attempt)
		r := s.r
		stubs = stubs[:0]
		for v := range n {
			if s.stop() {
				return nil, ctx.Err()
			}
			for range d {
				stubs = append(stubs, int32(v))
			}
		}
		remove := func(i int) {
			stubs[i] = stubs[len(stubs)-1]
			stubs = stubs[:len(stubs)-1]
		}
		fails := 0
		for len(stubs) >= 2 {
			if s.stop() {
				return nil, ctx.Err()
			}
			if fails < 64 {
				k := len(stubs)
				i, j := r.intN(k), r.intN(k-1)
				if j >= i {
					j++
				}
				a, b := int(stubs[i]), int(stubs[j])
				if a == b || g.has(a, b) {
					fails++
					continue
				}
				g.link(a, b)
				remove(max(i, j))
				remove(min(i, j))
				fails = 0
				continue
			}
			// Enumerate the distinct vertices with free ports.
			if seen == nil {
				seen = make([]bool, n)
			}
			verts = verts[:0]
			for _, v := range stubs {
				if !seen[v] {
					seen[v] = true
					verts = append(verts, v)
				}
			}
			for _, v := range verts {
				seen[v] = false
			}
			slices.Sort(verts)
			var total uint64
			for i, a := range verts {
				for _, b := range verts[i+1:] {
					if !g.has(int(a), int(b)) {
						total += uint64(g.deficit(int(a)) * g.deficit(int(b)))
					}
				}
			}
			if total == 0 {
				break
			}
			k := uint64(r.intN(int(total)))
			var a, b int
		pick:
			for i, x := range verts {
				for _, y := range verts[i+1:] {
					if !g.has(int(x), int(y)) {
						w := uint64(g.deficit(int(x)) * g.deficit(int(y)))
						if k < w {
							a, b = int(x), int(y)
							break pick
						}
						k -= w
					}
				}
			}
			g.link(a, b)
			remove(slices.Index(stubs, int32(a)))
			remove(slices.Index(stubs, int32(b)))
			fails = 0
		}
		ok := s.complete() && g.connected(ctx.Done())
		if err := ctx.Err(); err != nil { // complete and connected stop early
			return nil, err
		}
		if ok {
			return g, nil
		}
	}
	return nil, fmt.Errorf("family %s: no connected %d-regular graph on %d routers found in %d attempts", fam, d, n, rndMaxAttempts)
}

// rndFloatParam reads a Float parameter and checks that it lies in (lo, hi].
func rndFloatParam(fam string, v Values, name string, lo, hi float64) (float64, error) {
	x, ok := v[name]
	if !ok {
		return 0, paramErr(fam, name, "required parameter is missing")
	}
	f, ok := x.(float64)
	if !ok {
		return 0, paramErr(fam, name, "want a number, got %s", describe(x))
	}
	if !(f > lo && f <= hi) { // also rejects NaN
		return 0, paramErr(fam, name, "%s = %g must be in (%g, %g]", name, f, lo, hi)
	}
	return f, nil
}

// rndParams are the parsed parameters of the ring families.
type rndParams struct {
	routers, degree, p, seed int64
	limit                    int64   // largest shortcut ring distance
	sigma                    float64 // ring_gau
}

// rndParseRing reads routers, degree, p and seed.
func rndParseRing(name string, v Values) (rndParams, error) {
	var t rndParams
	var err error
	if t.routers, err = intParam(name, v, "routers", 3, math.MaxInt32); err != nil {
		return t, err
	}
	if t.degree, err = intParam(name, v, "degree", 2, math.MaxInt32); err != nil {
		return t, err
	}
	if t.degree > t.routers-1 {
		return t, paramErr(name, "degree", "degree = %d must be at most routers - 1 = %d", t.degree, t.routers-1)
	}
	if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
		return t, err
	}
	if t.seed, err = intParam(name, v, "seed", math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	t.limit = t.routers / 2
	return t, nil
}

// rndRingSize is the size of a ring of N routers with degree n: N ring links
// plus floor(N(n-2)/2) shortcuts (one router is one link short when
// N(n-2) is odd).
func rndRingSize(name string, t rndParams) (Size, error) {
	s := sizer{ok: true}
	short := s.mul(t.routers, t.degree-2) / 2
	sz := Size{
		Routers:      t.routers,
		Endpoints:    s.mul(t.p, t.routers),
		Links:        s.add(t.routers, short),
		NetworkRadix: t.degree,
		Radix:        s.add(t.degree, t.p),
	}
	if !s.ok {
		return Size{}, paramErr(name, "routers", "sizes for routers = %d, degree = %d, p = %d overflow int64", t.routers, t.degree, t.p)
	}
	return sz, nil
}

// rndBuildRing builds the ring family topology from the generated shortcuts.
func rndBuildRing(ctx context.Context, name string, t rndParams, sz Size, gauss bool, stream uint64) (*Topology, error) {
	n := int(t.routers)
	g, err := rndBuildShortcuts(ctx, name, rndRingSpec{routers: n, degree: int(t.degree),
		limit: int(t.limit), gauss: gauss, sigma: t.sigma, seed: t.seed, stream: stream})
	if err != nil {
		return nil, err
	}
	edges := make(edgeList, 0, sz.Links)
	for v := range n {
		edges.add(v, (v+1)%n)
	}
	st := newStopper(ctx)
	for v := range n {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for _, u := range g.nbrs(v) {
			if int(u) > v {
				edges.add(v, int(u))
			}
		}
	}
	return newTopology(ctx, name, n, edges, t.p)
}

const rndCompletionDoc = "The paper's procedure can leave a router without a partner in a round (no acceptable router left in V), " +
	"which would leave it short of links; the graph is then completed so that every router has degree exactly n " +
	"(when N(n-2) is odd, one router has n-1): each missing link of a router x is made directly to another short " +
	"router y, or by a swap (remove a shortcut u ~ v, add x ~ u and v ~ y), or by moving it along the ring toward the " +
	"nearest short router with such swaps; every added shortcut respects the family's constraint and no other degree " +
	"changes. If that fails the whole graph is regenerated with the next random stream (up to 16 attempts). "

const rndRingIDDoc = "Router id = ring position; the ring links are r ~ r+1 mod N. Each router has p endpoints; " +
	"seed selects the random stream (math/rand/v2 PCG), and the same seed gives the same graph on every machine."

func rndRingParamList(extra ...Param) []Param {
	ps := []Param{
		{Name: "routers", Kind: Int, Doc: "number of routers N on the ring, >= 3"},
		{Name: "degree", Kind: Int, Doc: "router degree n (2 ring links + n-2 shortcuts), 2..N-1"},
	}
	ps = append(ps, extra...)
	return append(ps,
		paramP(int64(1), nil, "endpoints per router, >= 1"),
		Param{Name: "seed", Kind: Int, Default: int64(1), Doc: "random seed (any integer); the same seed gives the same graph"},
	)
}

func ringRandom() *Family {
	const name = "ring_random"
	f := &Family{
		Name:    name,
		Summary: "ring plus uniformly random shortcuts, RING-n (Koibuchi et al.)",
		Doc: "Ring plus random shortcuts, RING-n (Koibuchi et al., A Case for Random Shortcut Topologies for HPC " +
			"Interconnects, ISCA 2012; the DLN compared in Besta and Hoefler, Slim Fly, SC14; RING-n of the layout paper, " +
			"Koibuchi et al., HPCA 2013, sections III-B and IV-B): a ring of N routers plus n-2 random shortcuts at every " +
			"router. Construction (the layout paper's procedure with no distance bound): repeat n-2 rounds: V = all " +
			"routers; while V is not empty, remove a uniformly random router u from V and pick v uniformly among the " +
			"routers of V that are not u and not already linked to u; link u ~ v and remove v from V. " + rndCompletionDoc +
			"The graph is simple, connected (the ring) and has N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params:  rndRingParamList(),
		Version: 1,
	}
	return wireRing(f, func(v Values) (rndParams, error) { return rndParseRing(name, v) }, false, rndStreamRing)
}

func ringNbr() *Family {
	const name = "ring_nbr"
	parse := func(v Values) (rndParams, error) {
		t, err := rndParseRing(name, v)
		if err != nil {
			return t, err
		}
		reach, err := rndFloatParam(name, v, "reach", 0, 1)
		if err != nil {
			return t, err
		}
		// Fewer than N*reach/2 hops: distance <= ceil(N*reach/2) - 1.
		lim := int64(math.Ceil(float64(t.routers)*reach/2)) - 1
		t.limit = min(lim, t.routers/2)
		if c := int64(rndRingCandidates(int(t.routers), int(t.limit))); c < t.degree-2 {
			return t, paramErr(name, "reach", "reach = %g allows shortcuts of at most %d ring hops (fewer than N*reach/2 = %g), "+
				"that is %d partners per router, fewer than the degree - 2 = %d shortcuts needed", reach, t.limit, float64(t.routers)*reach/2, c, t.degree-2)
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "ring plus random shortcuts of bounded reach, Nbr(p)-n (layout paper)",
		Doc: "Ring with constrained random shortcuts, Nbr(reach)-n (Koibuchi, Fujiwara, Matsutani and Casanova, " +
			"Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B1, where reach is " +
			"called p): as RING-n (ring_random), but the partner v of u is drawn uniformly among the routers of V not " +
			"linked to u that are fewer than N*reach/2 hops away from u along the ring, so that every shortcut spans at " +
			"most ceil(N*reach/2) - 1 ring hops. Repeat n-2 rounds: V = all routers; while V is not empty, remove a " +
			"uniformly random u from V; if such a v exists, link u ~ v and remove v from V. " + rndCompletionDoc +
			"Nbr(1.0)-n is RING-n except that for even N the antipodal router (exactly N/2 hops) is excluded. The paper " +
			"recommends reach >= 0.5. The graph is simple, connected and has N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params: rndRingParamList(Param{Name: "reach", Kind: Float, Default: 0.5,
			Doc: "shortcut reach (the paper's p): shortcuts join routers fewer than N*reach/2 ring hops apart, 0 < reach <= 1"}),
		Version: 1,
	}
	return wireRing(f, parse, false, rndStreamNbr)
}

func ringGau() *Family {
	const name = "ring_gau"
	parse := func(v Values) (rndParams, error) {
		t, err := rndParseRing(name, v)
		if err != nil {
			return t, err
		}
		alpha, err := rndFloatParam(name, v, "alpha", 0, 1e6)
		if err != nil {
			return t, err
		}
		t.sigma = float64(float64(t.routers)*alpha) / 2
		if t.sigma < 1 {
			return t, paramErr(name, "alpha", "alpha = %g gives a standard deviation N*alpha/2 = %g of less than one ring hop", alpha, t.sigma)
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "ring plus Gaussian-distributed random shortcuts, Gau(alpha)-n (layout paper)",
		Doc: "Ring with Gaussian random shortcuts, Gau(alpha)-n (Koibuchi, Fujiwara, Matsutani and Casanova, " +
			"Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B1): as RING-n " +
			"(ring_random), but the partner of u is u + k (mod N) with the signed ring offset k = round(x), x drawn from " +
			"a Gaussian with mean 0 and standard deviation N*alpha/2 truncated to [-N/2, N/2] (draws outside are " +
			"redrawn); a draw is rejected when k = 0 or u + k is not in V or already linked to u, and after " +
			"min(4N, 2^22) draws u is deemed to have no partner. Repeat n-2 rounds: V = all routers; while V is not " +
			"empty, remove a uniformly random u from V; if a partner v is found, link u ~ v and remove v from V. " +
			rndCompletionDoc + "Completion links of ring_gau are the shortest possible (nearest candidates first). " +
			"The paper recommends alpha >= 1.0; larger alpha approaches RING-n. The graph is simple, connected and has " +
			"N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params: rndRingParamList(Param{Name: "alpha", Kind: Float, Default: 1.0,
			Doc: "Gaussian width: shortcut ring offsets have standard deviation N*alpha/2 (at least 1 hop), alpha > 0"}),
		Version: 1,
	}
	return wireRing(f, parse, true, rndStreamGau)
}

// wireRing wires a ring-with-shortcuts family: ring sizes, and the build of
// rndBuildRing with the family's shortcut rule (gaussian) and stream.
func wireRing(f *Family, parse func(Values) (rndParams, error), gaussian bool, stream uint64) *Family {
	name := f.Name
	return pipeline[rndParams]{
		parse: parse,
		size:  func(t rndParams) (Size, error) { return rndRingSize(name, t) },
		limit: "routers",
		build: func(ctx context.Context, t rndParams, sz Size) (*Topology, error) {
			return rndBuildRing(ctx, name, t, sz, gaussian, stream)
		},
	}.wire(f)
}

func randomRegular() *Family {
	const name = "random_regular"
	parse := func(v Values) (rndParams, error) {
		var t rndParams
		var err error
		if t.routers, err = intParam(name, v, "routers", 4, math.MaxInt32); err != nil {
			return t, err
		}
		if t.degree, err = intParam(name, v, "degree", 3, math.MaxInt32); err != nil {
			return t, err
		}
		if t.degree > t.routers-1 {
			return t, paramErr(name, "degree", "degree = %d must be at most routers - 1 = %d", t.degree, t.routers-1)
		}
		if t.routers%2 == 1 && t.degree%2 == 1 {
			return t, paramErr(name, "degree", "routers * degree = %d * %d is odd: no regular graph exists", t.routers, t.degree)
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		t.seed, err = intParam(name, v, "seed", math.MinInt64, math.MaxInt64)
		return t, err
	}
	size := func(t rndParams) (Size, error) {
		s := sizer{ok: true}
		sz := Size{
			Routers:      t.routers,
			Endpoints:    s.mul(t.p, t.routers),
			Links:        s.mul(t.routers, t.degree) / 2,
			NetworkRadix: t.degree,
			Radix:        s.add(t.degree, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "routers", "sizes for routers = %d, degree = %d, p = %d overflow int64", t.routers, t.degree, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "random regular graph (Jellyfish's switch graph)",
		Doc: "Random regular graph (the switch graph of Jellyfish, Singla, Hong, Popa and Godfrey, Jellyfish: " +
			"Networking Data Centers Randomly, NSDI 2012; the fully random graphs cited by the layout paper): a " +
			"connected simple degree-regular graph on N routers, N*degree even. Construction: every router has " +
			"degree free ports; two free ports are drawn uniformly at random and linked if their routers differ and " +
			"are not yet linked, else redrawn (after 64 rejections in a row the valid router pairs are enumerated " +
			"and drawn with the same probabilities); when no valid pair remains, the remaining free ports are filled " +
			"by Jellyfish's repair (remove a link x ~ y, link the port owner to both, or one or two such swaps between " +
			"two owners). A graph that is not connected is regenerated with the next random stream (up to 16 attempts). " +
			"The result is close to, but not exactly, uniform over the regular graphs. Router ids carry no structure. " +
			"Each router has p endpoints; seed selects the random stream (math/rand/v2 PCG), and the same seed gives " +
			"the same graph on every machine.",
		Params: []Param{
			{Name: "routers", Kind: Int, Doc: "number of routers N, >= 4"},
			{Name: "degree", Kind: Int, Doc: "router degree d (network ports), 3..N-1, N*d even"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			{Name: "seed", Kind: Int, Default: int64(1), Doc: "random seed (any integer); the same seed gives the same graph"},
		},
		Version: 1,
	}
	return pipeline[rndParams]{parse: parse, size: size, limit: "routers",
		build: func(ctx context.Context, t rndParams, sz Size) (*Topology, error) {
			n := int(t.routers)
			g, err := rndBuildRegular(ctx, name, n, int(t.degree), t.seed)
			if err != nil {
				return nil, err
			}
			edges := make(edgeList, 0, sz.Links)
			st := newStopper(ctx)
			for v := range n {
				if st.stop(len(edges)) {
					return nil, ctx.Err()
				}
				for _, u := range g.nbrs(v) {
					if int(u) > v {
						edges.add(v, int(u))
					}
				}
			}
			return newTopology(ctx, name, n, edges, t.p)
		},
	}.wire(f)
}

// randomFamilies returns the seeded random topologies: RING-n, random regular graphs, constrained shortcuts Nbr and Gau.
func randomFamilies() []*Family {
	return []*Family{ringRandom(), ringNbr(), ringGau(), randomRegular()}
}

// HasRingIDs reports whether the routers of the named family are numbered
// along a ring whose links r ~ r+1 (mod N) every instance has, the other
// links being shortcuts: ring_random, ring_nbr and ring_gau.
func HasRingIDs(family string) bool {
	switch family {
	case "ring_random", "ring_nbr", "ring_gau":
		return true
	}
	return false
}
