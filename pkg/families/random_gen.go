package families

import (
	"math"
	"slices"
)

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
