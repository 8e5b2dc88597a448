package placement

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// randomFlow returns a symmetric flow between m cabinets: each pair linked
// with probability density, weights 1..5.
func randomFlow(rng *rand.Rand, m int, density float64) *Flow {
	w := make([][]float64, m)
	for a := range w {
		w[a] = make([]float64, m)
	}
	for a := 0; a < m; a++ {
		for b := a + 1; b < m; b++ {
			if rng.Float64() < density {
				x := float64(1 + rng.IntN(5))
				w[a][b], w[b][a] = x, x
			}
		}
	}
	f := &Flow{Off: make([]int32, m+1)}
	for a := 0; a < m; a++ {
		for b := 0; b < m; b++ {
			if w[a][b] > 0 {
				f.To = append(f.To, int32(b))
				f.W = append(f.W, w[a][b])
			}
		}
		f.Off[a+1] = int32(len(f.To))
	}
	return f
}

// rowsDist returns the Manhattan distances between l cabinet locations of
// the layout paper's floor (section III-D: q = ceil(sqrt(l)) serpentine
// rows of ceil(l/q) cabinets, 0.6 m wide and 2.1 m deep), as pkg/cost's
// floor "rows" places them (pkg/cost imports this package, so the test
// cannot import it; TestWalktrapAndAnneal there uses both together).
func rowsDist(l int) []float64 {
	q := int(math.Ceil(math.Sqrt(float64(l))))
	for q > 1 && (q-1)*(q-1) >= l {
		q--
	}
	p := (l + q - 1) / q
	x, y := make([]float64, l), make([]float64, l)
	for i := range l {
		row, col := i/p, i%p
		if row%2 == 1 {
			col = p - 1 - col
		}
		x[i], y[i] = float64(col)*0.6, float64(row)*2.1
	}
	return ManhattanDistances(x, y)
}

// randomDist returns a random symmetric l x l matrix with zero diagonal.
func randomDist(rng *rand.Rand, l int) []float64 {
	d := make([]float64, l*l)
	for i := 0; i < l; i++ {
		for j := i + 1; j < l; j++ {
			x := float64(rng.IntN(100)) / 4
			d[i*l+j], d[j*l+i] = x, x
		}
	}
	return d
}

// bruteForce returns the least Cost over all assignments of m cabinets to
// distinct locations among l.
func bruteForce(f *Flow, dist []float64, l int) float64 {
	m := f.M()
	assign := make([]int32, m)
	used := make([]bool, l)
	best := math.Inf(1)
	var rec func(c int)
	rec = func(c int) {
		if c == m {
			best = min(best, Cost(f, dist, assign))
			return
		}
		for q := 0; q < l; q++ {
			if !used[q] {
				used[q], assign[c] = true, int32(q)
				rec(c + 1)
				used[q] = false
			}
		}
	}
	rec(0)
	return best
}

// checkAssign checks that assign puts m cabinets at distinct locations in
// [0, l) and that cost is its Cost.
func checkAssign(tb testing.TB, f *Flow, dist []float64, l int, assign []int32, cost float64) {
	tb.Helper()
	if len(assign) != f.M() {
		tb.Fatalf("%d locations for %d cabinets", len(assign), f.M())
	}
	seen := make([]bool, l)
	for c, q := range assign {
		if q < 0 || int(q) >= l || seen[q] {
			tb.Fatalf("cabinet %d at location %d: out of range or taken", c, q)
		}
		seen[q] = true
	}
	if got := Cost(f, dist, assign); got != cost {
		tb.Fatalf("reported cost %v, Cost of the assignment %v", cost, got)
	}
}

func TestNewFlow(t *testing.T) {
	e := func(u, v int32) graph.Edge { return graph.Edge{U: u, V: v} }
	g := mustGraph(t, 6, []graph.Edge{e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(5, 0), e(0, 3), e(0, 3), e(1, 4)})
	// Cabinets {0, 1}, {2, 3}, {4, 5}, and an empty cabinet 3 (id 4 used).
	f, err := NewFlow(g, []int32{0, 0, 1, 1, 4, 4})
	if err != nil {
		t.Fatal(err)
	}
	if f.M() != 5 {
		t.Fatalf("M() = %d, want 5", f.M())
	}
	want := map[[2]int32]float64{{0, 1}: 3, {1, 4}: 1, {0, 4}: 2}
	got := map[[2]int32]float64{}
	for a := 0; a < f.M(); a++ {
		for e := f.Off[a]; e < f.Off[a+1]; e++ {
			b := f.To[e]
			got[[2]int32{int32(a), b}] = f.W[e]
			if int(b) > a && want[[2]int32{int32(a), b}] != f.W[e] {
				t.Errorf("flow %d-%d = %g, want %g", a, b, f.W[e], want[[2]int32{int32(a), b}])
			}
		}
	}
	if len(got) != 2*len(want) {
		t.Errorf("flow entries %v, want both directions of %v", got, want)
	}
	if err := f.validate(); err != nil {
		t.Errorf("NewFlow result invalid: %v", err)
	}
	if _, err := NewFlow(g, []int32{0, 0, 1}); err == nil {
		t.Error("NewFlow with 3 ids for 6 routers: no error")
	}
	if _, err := NewFlow(g, []int32{0, 0, 1, 1, -1, 2}); err == nil {
		t.Error("NewFlow with a negative id: no error")
	}
}

func TestCostAndBaseline(t *testing.T) {
	// Three cabinets in a row 1 m apart; flows 0-1: 2, 1-2: 1, 0-2: 3.
	f := &Flow{Off: []int32{0, 2, 4, 6}, To: []int32{1, 2, 0, 2, 0, 1}, W: []float64{2, 3, 2, 1, 3, 1}}
	dist := ManhattanDistances([]float64{0, 1, 2}, []float64{0, 0, 0})
	tests := []struct {
		assign []int32
		want   float64
	}{
		{Baseline(3), 2*1 + 1*1 + 3*2},
		{[]int32{1, 0, 2}, 2*1 + 1*2 + 3*1},
		{[]int32{0, 2, 1}, 2*2 + 1*1 + 3*1},
	}
	for _, tt := range tests {
		if got := Cost(f, dist, tt.assign); got != tt.want {
			t.Errorf("Cost(%v) = %g, want %g", tt.assign, got, tt.want)
		}
	}
	if b := Baseline(4); !slices.Equal(b, []int32{0, 1, 2, 3}) {
		t.Errorf("Baseline(4) = %v", b)
	}
	// Five locations in rows of 2 (q = 3 rows, p = 2): 0 (0, 0), 1 (0.6, 0),
	// 2 (0.6, 2.1), 3 (0, 2.1), 4 (0, 4.2).
	d := rowsDist(5)
	for _, c := range []struct {
		i, j int
		want float64
	}{{0, 1, 0.6}, {1, 2, 2.1}, {0, 3, 2.1}, {0, 4, 4.2}, {1, 4, 0.6 + 4.2}, {2, 2, 0}} {
		if got := d[c.i*5+c.j]; math.Abs(got-c.want) > 1e-12 || d[c.j*5+c.i] != got {
			t.Errorf("rows distance (%d, %d) = %g, want %g", c.i, c.j, got, c.want)
		}
	}
}

// TestAnnealDelta checks the incremental cost change of every proposed
// move against a full recomputation, over random flows, distances and
// floors with empty locations, along a random walk of applied moves.
func TestAnnealDelta(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		m := 2 + rng.IntN(30)
		l := m + rng.IntN(4)
		f := randomFlow(rng, m, rng.Float64())
		dist := randomDist(rng, l)
		s := &annealer{f: f, dist: dist, l: l, loc: Baseline(m), occ: make([]int32, l)}
		for i := range s.occ {
			s.occ[i] = -1
			if i < m {
				s.occ[i] = int32(i)
			}
		}
		cur := Cost(f, dist, s.loc)
		for i := 0; i < 200; i++ {
			a, q, b := s.propose(rng)
			if q == int(s.loc[a]) || (b >= 0 && s.loc[b] != int32(q)) {
				t.Fatalf("seed %d: bad proposal a %d at %d, q %d, b %d", seed, a, s.loc[a], q, b)
			}
			d := s.delta(a, q, b)
			s.move(a, q, b)
			next := Cost(f, dist, s.loc)
			if math.Abs(next-cur-d) > 1e-9*(1+math.Abs(cur)) {
				t.Fatalf("seed %d move %d: delta %g, recomputed %g", seed, i, d, next-cur)
			}
			for c, q := range s.loc {
				if s.occ[q] != int32(c) {
					t.Fatalf("seed %d: loc and occ disagree", seed)
				}
			}
			cur = next
		}
	}
}

// TestAnnealOptimal: on tiny instances (m <= 7 cabinets, brute force over
// all m! assignments, and 5 cabinets on 7 locations) annealing finds the
// optimum.
func TestAnnealOptimal(t *testing.T) {
	tests := []struct {
		m, l    int
		density float64
		rows    bool
	}{
		{2, 2, 1, true}, {3, 3, 1, false}, {4, 4, 0.7, true}, {5, 5, 0.6, false},
		{6, 6, 0.5, true}, {7, 7, 0.5, false}, {7, 7, 0.9, true}, {5, 7, 0.8, false},
	}
	for i, tt := range tests {
		rng := rand.New(rand.NewPCG(uint64(i), 5))
		f := randomFlow(rng, tt.m, tt.density)
		dist := randomDist(rng, tt.l)
		if tt.rows {
			dist = rowsDist(tt.l)
		}
		want := bruteForce(f, dist, tt.l)
		assign, cost, err := Anneal(context.Background(), f, dist, AnnealOptions{Iterations: 20000, Restarts: 3, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		checkAssign(t, f, dist, tt.l, assign, cost)
		if math.Abs(cost-want) > 1e-9*(1+want) {
			t.Errorf("m %d, l %d: cost %g, optimum %g", tt.m, tt.l, cost, want)
		}
	}
}

// TestAnnealThreads: the result does not depend on the number of threads.
func TestAnnealThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	f := randomFlow(rng, 40, 0.2)
	dist := rowsDist(44)
	var first []int32
	var firstCost float64
	for _, threads := range []int{1, 2, 3, 0} {
		assign, cost, err := Anneal(context.Background(), f, dist, AnnealOptions{Iterations: 30000, Restarts: 5, Seed: 42, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		checkAssign(t, f, dist, 44, assign, cost)
		if first == nil {
			first, firstCost = assign, cost
			continue
		}
		if !slices.Equal(assign, first) || math.Float64bits(cost) != math.Float64bits(firstCost) {
			t.Errorf("Threads %d: cost %v, assignment differs from Threads 1 (cost %v)", threads, cost, firstCost)
		}
	}
}

// TestAnnealNotWorse: over random instances and iteration budgets (down to
// a single move), the result never costs more than the baseline, is a valid
// injective assignment and reports its own Cost.
func TestAnnealNotWorse(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 17))
		m := 1 + rng.IntN(50)
		l := m + rng.IntN(3)
		f := randomFlow(rng, m, rng.Float64()*0.5)
		dist := randomDist(rng, l)
		if seed%2 == 0 {
			dist = rowsDist(l)
		}
		iters := []int64{1, 10, 100, 5000}[seed%4]
		assign, cost, err := Anneal(context.Background(), f, dist, AnnealOptions{Iterations: iters, Restarts: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		checkAssign(t, f, dist, l, assign, cost)
		if base := Cost(f, dist, Baseline(m)); cost > base {
			t.Errorf("seed %d: cost %g above the baseline %g", seed, cost, base)
		}
	}
}

func TestAnnealErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	f := randomFlow(rng, 6, 0.8)
	dist := rowsDist(6)
	asym := slices.Clone(dist)
	asym[1] += 1
	nan := slices.Clone(dist)
	nan[7] = math.NaN()
	badFlow := &Flow{Off: []int32{0, 1, 1}, To: []int32{1}, W: []float64{1}} // 0->1 without 1->0
	selfFlow := &Flow{Off: []int32{0, 1, 1}, To: []int32{0}, W: []float64{1}}
	zeroFlow := &Flow{Off: []int32{0, 1, 2}, To: []int32{1, 0}, W: []float64{0, 0}}
	short := &Flow{Off: []int32{0, 2}, To: []int32{1}, W: []float64{1}}
	tests := []struct {
		name string
		f    *Flow
		dist []float64
		opts AnnealOptions
	}{
		{"not-square", f, dist[:35], AnnealOptions{}},
		{"too-few-locations", f, rowsDist(5), AnnealOptions{}},
		{"asymmetric-dist", f, asym, AnnealOptions{}},
		{"nan-dist", f, nan, AnnealOptions{}},
		{"asymmetric-flow", badFlow, rowsDist(2), AnnealOptions{}},
		{"self-flow", selfFlow, rowsDist(2), AnnealOptions{}},
		{"zero-flow", zeroFlow, rowsDist(2), AnnealOptions{}},
		{"malformed-flow", short, rowsDist(2), AnnealOptions{}},
		{"negative-iterations", f, dist, AnnealOptions{Iterations: -1}},
		{"negative-restarts", f, dist, AnnealOptions{Restarts: -1}},
		{"negative-threads", f, dist, AnnealOptions{Threads: -1}},
	}
	for _, tt := range tests {
		if _, _, err := Anneal(context.Background(), tt.f, tt.dist, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Anneal(ctx, f, dist, AnnealOptions{Iterations: 1000}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

// TestAnnealImproves: a ring of 64 cabinets mapped in a scrambled order
// onto the 8 x 8 serpentine floor. A cycle through all locations crosses
// each of the 7 row boundaries at least twice (2.1 m each) and needs at
// least 64 - 14 horizontal steps of 0.6 m, so no mapping costs less than
// 59.4 m; 2 x 2*10^5 iterations get within 50% of that (10^7 reach about
// 61 m).
func TestAnnealImproves(t *testing.T) {
	const m = 64
	perm := rand.New(rand.NewPCG(2, 2)).Perm(m)
	f := &Flow{Off: make([]int32, m+1)}
	for a := 0; a < m; a++ {
		// cabinet perm[i] linked to perm[i±1]
		var nb []int32
		for i, c := range perm {
			if c == a {
				nb = append(nb, int32(perm[(i+1)%m]), int32(perm[(i+m-1)%m]))
			}
		}
		slices.Sort(nb)
		f.To = append(f.To, nb...)
		f.W = append(f.W, 1, 1)
		f.Off[a+1] = int32(len(f.To))
	}
	dist := rowsDist(m)
	base := Cost(f, dist, Baseline(m))
	_, cost, err := Anneal(context.Background(), f, dist, AnnealOptions{Iterations: 200000, Restarts: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	const bound = 50*0.6 + 14*2.1
	if cost < bound-1e-9 || cost > 1.5*bound {
		t.Errorf("ring of %d cabinets: cost %g, want within [%g, %g] (baseline %g)", m, cost, bound, 1.5*bound, base)
	}
	t.Logf("ring of %d cabinets: baseline %.1f m, annealed %.1f m, bound %.1f m", m, base, cost, bound)
}
