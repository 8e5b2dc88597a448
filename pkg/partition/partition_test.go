package partition

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// buildTop builds a topology of the default registry.
func buildTop(tb testing.TB, fam string, given families.Values) *families.Topology {
	tb.Helper()
	f, ok := families.Default().Lookup(fam)
	if !ok {
		tb.Fatalf("no family %s", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		tb.Fatal(err)
	}
	return top
}

func mustGraph(tb testing.TB, n int, edges []graph.Edge) *graph.Graph {
	tb.Helper()
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// clique returns the edges of the complete graph on vertices off..off+n-1.
func clique(off, n int) []graph.Edge {
	var e []graph.Edge
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			e = append(e, graph.Edge{U: int32(off + i), V: int32(off + j)})
		}
	}
	return e
}

// completeBipartite returns K_{m,n} (sides 0..m-1 and m..m+n-1).
func completeBipartite(tb testing.TB, m, n int) *graph.Graph {
	var e []graph.Edge
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			e = append(e, graph.Edge{U: int32(i), V: int32(m + j)})
		}
	}
	return mustGraph(tb, m+n, e)
}

// twoCliques returns K_a and K_b joined by the single edge (0, a).
func twoCliques(tb testing.TB, a, b int) *graph.Graph {
	e := append(clique(0, a), clique(a, b)...)
	e = append(e, graph.Edge{U: 0, V: int32(a)})
	return mustGraph(tb, a+b, e)
}

// checkResult verifies the invariants of a bisection: sides are 0/1 with
// vertex 0 on side 0, Cut and Weights match Side, the tolerance is the
// documented one and is respected.
func checkResult(tb testing.TB, g *graph.Graph, weights []int32, eps float64, r *Result) {
	tb.Helper()
	if len(r.Side) != g.N() {
		tb.Fatalf("%d sides for %d vertices", len(r.Side), g.N())
	}
	var w [2]int64
	var total, maxw int64
	for v, s := range r.Side {
		if s > 1 {
			tb.Fatalf("side[%d] = %d", v, s)
		}
		x := int64(1)
		if weights != nil {
			x = int64(weights[v])
		}
		w[s] += x
		total += x
		maxw = max(maxw, x)
	}
	if g.N() > 0 && r.Side[0] != 0 {
		tb.Errorf("vertex 0 on side %d", r.Side[0])
	}
	if w != r.Weights {
		tb.Errorf("Weights = %v, sides weigh %v", r.Weights, w)
	}
	if c := CutSize(g, r.Side); c != r.Cut {
		tb.Errorf("Cut = %d, CutSize = %d", r.Cut, c)
	}
	if tol := Tolerance(total, maxw, eps); r.Tolerance != tol {
		tb.Errorf("Tolerance = %d, want %d", r.Tolerance, tol)
	}
	if d := w[0] - w[1]; d > r.Tolerance || -d > r.Tolerance {
		tb.Errorf("sides weigh %v: difference above the tolerance %d", w, r.Tolerance)
	}
}

// bruteForce returns the smallest cut of a bisection of g whose sides differ
// by at most tol in weight, by enumerating all 2^(n-1) partitions.
func bruteForce(g *graph.Graph, weights []int32, tol int64) int64 {
	n := g.N()
	best := int64(-1)
	for mask := uint32(0); mask < 1<<(n-1); mask++ {
		side := func(v int32) uint32 { return (mask << 1 >> v) & 1 } // vertex 0 on side 0
		var d int64
		for v := 0; v < n; v++ {
			x := int64(1)
			if weights != nil {
				x = int64(weights[v])
			}
			if side(int32(v)) == 0 {
				d += x
			} else {
				d -= x
			}
		}
		if d > tol || -d > tol {
			continue
		}
		var cut int64
		for v := int32(0); v < int32(n); v++ {
			for _, u := range g.Neighbors(v) {
				if u > v && side(u) != side(v) {
					cut++
				}
			}
		}
		if best < 0 || cut < best {
			best = cut
		}
	}
	return best
}

// TestKnownBisections checks graphs whose bisection width is known exactly.
// Besta and Hoefler, SC14, section III-C: the bisection of the hypercube is
// N/2 links and that of a torus 2N/k; for a k-ary n-cube with k even
// (N = k^n) that is 2k^(n-1), cut by two planes.
func TestKnownBisections(t *testing.T) {
	type tc struct {
		name    string
		g       *graph.Graph
		weights []int32
		want    int64
	}
	var cases []tc
	for n := 4; n <= 10; n++ {
		top := buildTop(t, "hypercube", families.Values{"n": int64(n)})
		cases = append(cases, tc{fmt.Sprintf("hypercube-%d", n), top.Graph, nil, 1 << (n - 1)})
	}
	for _, k := range []int{4, 6, 8, 10, 16} {
		top := buildTop(t, "torus", families.Values{"k": int64(k), "n": int64(2)})
		cases = append(cases, tc{fmt.Sprintf("torus-%dx%d", k, k), top.Graph, nil, int64(2 * k)})
	}
	for _, k := range []int{4, 6, 8} {
		top := buildTop(t, "torus", families.Values{"k": int64(k), "n": int64(3)})
		cases = append(cases, tc{fmt.Sprintf("torus-%d^3", k), top.Graph, nil, int64(2 * k * k)})
	}
	// K_n: any split into ⌊n/2⌋ and ⌈n/2⌉ vertices cuts ⌊n/2⌋·⌈n/2⌉ links.
	for _, n := range []int{2, 3, 4, 7, 10, 16, 31} {
		top := buildTop(t, "complete", families.Values{"n": int64(n)})
		cases = append(cases, tc{fmt.Sprintf("complete-%d", n), top.Graph, nil, int64((n / 2) * ((n + 1) / 2))})
	}
	// K_{m,n} with m+n even: x of the m and (m+n)/2 - x of the n vertices on
	// side 0 cut 2x² - 2mx + m(m+n)/2 links, least at x = ⌊m/2⌋: ⌈mn/2⌉.
	for _, mn := range [][2]int{{4, 4}, {3, 3}, {5, 5}, {2, 6}, {3, 7}, {6, 10}, {9, 9}, {5, 11}} {
		m, n := mn[0], mn[1]
		cases = append(cases, tc{fmt.Sprintf("K%d,%d", m, n), completeBipartite(t, m, n), nil, int64((m*n + 1) / 2)})
	}
	for _, ab := range [][2]int{{5, 5}, {8, 8}, {20, 20}} {
		cases = append(cases, tc{fmt.Sprintf("cliques-%d-%d", ab[0], ab[1]), twoCliques(t, ab[0], ab[1]), nil, 1})
	}
	// Fat trees (k-ary n-trees) with weights = endpoints per router: only
	// the p^(n-1) leaves weigh (p each). A balanced bisection puts ⌊L/2⌋ and
	// ⌈L/2⌉ of the L = p^(n-1) leaves on the two sides (the tolerance is p),
	// so the lighter side has p⌊L/2⌋ endpoints. The k-ary n-tree is a folded
	// Beneš network with as many up as down ports, rearrangeably
	// non-blocking: the endpoints of the lighter side can be matched to as
	// many endpoints of the other side over link-disjoint paths, so at least
	// p⌊L/2⌋ links cross, and splitting the pods evenly attains it. For
	// even L that is N/2 (SC14 section III-C: ⌊N/2⌋ for FT-3); p = 4, 3
	// levels: 32 links; p = 3, 4 levels (L = 27, N = 81): 39.
	for _, pl := range [][2]int{{2, 3}, {4, 2}, {4, 3}, {6, 3}, {3, 4}, {3, 3}} {
		p, l := pl[0], pl[1]
		top := buildTop(t, "fattree", families.Values{"p": int64(p), "levels": int64(l)})
		leaves := int64(1)
		for i := 1; i < l; i++ {
			leaves *= int64(p)
		}
		cases = append(cases, tc{fmt.Sprintf("fattree-p%d-l%d", p, l), top.Graph, top.Conc, int64(p) * (leaves / 2)})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Bisect(context.Background(), c.g, c.weights, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, c.g, c.weights, 0, r)
			if r.Cut != c.want {
				t.Errorf("cut %d, want %d", r.Cut, c.want)
			}
		})
	}
}

// TestBruteForce compares Bisect with exhaustive search on small graphs:
// the exact formulas of TestKnownBisections (K_{m,n}, two cliques, the
// p = 2 fat tree) and random multigraphs with random weights (zeros
// included), with and without extra imbalance.
func TestBruteForce(t *testing.T) {
	type tc struct {
		name    string
		g       *graph.Graph
		weights []int32
		eps     float64
		want    int64 // -1: no closed form
	}
	ft := buildTop(t, "fattree", families.Values{"p": int64(2), "levels": int64(3)})
	cases := []tc{
		{"K3,5", completeBipartite(t, 3, 5), nil, 0, 8},
		{"K5,5", completeBipartite(t, 5, 5), nil, 0, 13},
		{"K2,8", completeBipartite(t, 2, 8), nil, 0, 8},
		{"cliques-6-6", twoCliques(t, 6, 6), nil, 0, 1},
		{"fattree-p2-l3", ft.Graph, ft.Conc, 0, 4},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 40; i++ {
		n := 6 + rng.IntN(11) // 6..16
		var edges []graph.Edge
		m := n + rng.IntN(3*n)
		for len(edges) < m {
			u, v := rng.Int32N(int32(n)), rng.Int32N(int32(n))
			if u != v {
				edges = append(edges, graph.Edge{U: u, V: v}) // parallel edges allowed
			}
		}
		var w []int32
		if i%2 == 1 {
			w = make([]int32, n)
			for v := range w {
				w[v] = rng.Int32N(4) // 0..3
			}
		}
		eps := 0.0
		if i%4 >= 2 {
			eps = 0.2
		}
		cases = append(cases, tc{fmt.Sprintf("random-%d-n%d-m%d", i, n, m), mustGraph(t, n, edges), w, eps, -1})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var total, maxw int64
			for v := 0; v < c.g.N(); v++ {
				x := int64(1)
				if c.weights != nil {
					x = int64(c.weights[v])
				}
				total += x
				maxw = max(maxw, x)
			}
			opt := bruteForce(c.g, c.weights, Tolerance(total, maxw, c.eps))
			if c.want >= 0 && opt != c.want {
				t.Fatalf("exhaustive optimum %d, formula %d", opt, c.want)
			}
			r, err := Bisect(context.Background(), c.g, c.weights, Options{Imbalance: c.eps})
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, c.g, c.weights, c.eps, r)
			if r.Cut != opt {
				t.Errorf("cut %d, optimum %d", r.Cut, opt)
			}
		})
	}
}

// TestImbalance: K_5 and K_7 joined by one edge. Strict balance (6 + 6)
// moves one K_7 vertex across: its 6 K_7 links are cut (the best choice is
// the bridge end, whose bridge then stays inside). With Imbalance 1/6 the
// sides may differ by ⌊12/6⌋ = 2 vertices and only the bridge is cut.
func TestImbalance(t *testing.T) {
	g := twoCliques(t, 5, 7)
	for _, c := range []struct {
		eps  float64
		tol  int64
		want int64
	}{{0, 1, 6}, {0.1, 1, 6}, {1.0 / 6, 2, 1}, {0.5, 6, 1}} {
		r, err := Bisect(context.Background(), g, nil, Options{Imbalance: c.eps})
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, g, nil, c.eps, r)
		if r.Tolerance != c.tol || r.Cut != c.want {
			t.Errorf("imbalance %v: tolerance %d cut %d, want %d and %d", c.eps, r.Tolerance, r.Cut, c.tol, c.want)
		}
	}
}

func TestTolerance(t *testing.T) {
	for _, c := range []struct {
		total, maxw int64
		eps         float64
		want        int64
	}{
		{100, 1, 0, 1},
		{100, 1, 0.03, 3},
		{10830, 15, 0.001, 15}, // Slim Fly q = 19: ⌊10.83⌋ < 15
		{10830, 15, 0.002, 21},
		{0, 0, 0, 0},
		{100, 1, 1e300, 100},
		{100, 1, 2, 100},
	} {
		if got := Tolerance(c.total, c.maxw, c.eps); got != c.want {
			t.Errorf("Tolerance(%d, %d, %v) = %d, want %d", c.total, c.maxw, c.eps, got, c.want)
		}
	}
}

// TestDegenerate covers empty, tiny, disconnected and weightless graphs.
func TestDegenerate(t *testing.T) {
	two := append(clique(0, 5), clique(5, 5)...)
	cases := []struct {
		name    string
		g       *graph.Graph
		weights []int32
		want    int64
	}{
		{"empty", mustGraph(t, 0, nil), nil, 0},
		{"single", mustGraph(t, 1, nil), nil, 0},
		{"edge", mustGraph(t, 2, []graph.Edge{{U: 0, V: 1}}), nil, 1},
		{"triple-edge", mustGraph(t, 2, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 0}, {U: 0, V: 1}}), nil, 3},
		{"isolated", mustGraph(t, 7, nil), nil, 0},
		{"two-K5", mustGraph(t, 10, two), nil, 0},
		{"two-K5-one-heavy", mustGraph(t, 10, two), []int32{0, 0, 0, 0, 9, 1, 2, 3, 1, 2}, 0},
		{"all-zero", mustGraph(t, 10, clique(0, 10)), make([]int32, 10), 0},
		// One vertex carries all the weight: the tolerance is its weight,
		// so every vertex can stay on one side.
		{"one-heavy", mustGraph(t, 10, clique(0, 10)), []int32{0, 0, 0, 5, 0, 0, 0, 0, 0, 0}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Bisect(context.Background(), c.g, c.weights, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, c.g, c.weights, 0, r)
			if r.Cut != c.want {
				t.Errorf("cut %d, want %d", r.Cut, c.want)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	g := mustGraph(t, 3, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}})
	bg := context.Background()
	for _, c := range []struct {
		name string
		g    *graph.Graph
		w    []int32
		opt  Options
	}{
		{"nil graph", nil, nil, Options{}},
		{"no offsets", &graph.Graph{}, nil, Options{}},
		{"bad offsets", &graph.Graph{Off: []int32{0, 1}}, nil, Options{}},
		{"weights length", g, []int32{1, 1}, Options{}},
		{"negative weight", g, []int32{1, -1, 1}, Options{}},
		{"negative imbalance", g, nil, Options{Imbalance: -0.1}},
		{"NaN imbalance", g, nil, Options{Imbalance: nan()}},
		{"negative starts", g, nil, Options{Starts: -1}},
		{"negative workers", g, nil, Options{Workers: -2}},
	} {
		if _, err := Bisect(bg, c.g, c.w, c.opt); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	top := buildTop(t, "hypercube", families.Values{"n": int64(8)})
	if _, err := Bisect(ctx, top.Graph, nil, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: error %v", err)
	}
}

func nan() float64 {
	z := 0.0
	return z / z
}

// TestDeterminism: the result depends on neither the number of workers nor
// the queue representation (gain buckets or heap), and starts can only
// improve with their number.
func TestDeterminism(t *testing.T) {
	sf := buildTop(t, "slimfly", families.Values{"q": int64(7)})
	df := buildTop(t, "dragonfly", families.Values{"p": int64(3)})
	rr := buildTop(t, "random_regular", families.Values{"routers": int64(300), "degree": int64(5)})
	for _, c := range []struct {
		name string
		g    *graph.Graph
		w    []int32
	}{{"slimfly-q7", sf.Graph, sf.Conc}, {"dragonfly-p3", df.Graph, df.Conc}, {"random-300-5", rr.Graph, nil}} {
		t.Run(c.name, func(t *testing.T) {
			var ref *Result
			for _, v := range []struct {
				workers int
				heap    bool
			}{{1, false}, {2, false}, {3, false}, {1, true}, {2, true}} {
				cfg := defaultConfig()
				cfg.forceHeap = v.heap
				r, err := bisect(context.Background(), c.g, c.w, Options{Starts: 6, Seed: 42, Workers: v.workers}, cfg)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, c.g, c.w, 0, r)
				if ref == nil {
					ref = r
				} else if r.Cut != ref.Cut || r.Weights != ref.Weights || !slices.Equal(r.Side, ref.Side) {
					t.Errorf("workers %d heap %v: cut %d %v differs from cut %d %v", v.workers, v.heap, r.Cut, r.Weights, ref.Cut, ref.Weights)
				}
			}
			// Starts 0..5 of 12 starts are the 6 above; the best of 12 is no worse.
			r, err := Bisect(context.Background(), c.g, c.w, Options{Starts: 12, Seed: 42})
			if err != nil {
				t.Fatal(err)
			}
			if r.Cut > ref.Cut {
				t.Errorf("12 starts: cut %d above the 6-start cut %d", r.Cut, ref.Cut)
			}
		})
	}
}

func TestCutSize(t *testing.T) {
	// 4-cycle 0-1-2-3-0 with a doubled edge 0-1.
	g := mustGraph(t, 4, []graph.Edge{{U: 0, V: 1}, {U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}, {U: 3, V: 0}})
	for _, c := range []struct {
		side []uint8
		want int64
	}{
		{[]uint8{0, 0, 0, 0}, 0},
		{[]uint8{0, 1, 1, 0}, 3},
		{[]uint8{0, 0, 1, 1}, 2},
		{[]uint8{0, 1, 0, 1}, 5},
	} {
		if got := CutSize(g, c.side); got != c.want {
			t.Errorf("CutSize(%v) = %d, want %d", c.side, got, c.want)
		}
	}
}

// TestQueues drives both queue representations with the same random
// operations and checks that they agree with each other and with a naive
// reference (highest gain first, most recent first among equal gains).
func TestQueues(t *testing.T) {
	const n, r = 200, 20
	rng := rand.New(rand.NewPCG(1, 2))
	cfgB, cfgH := defaultConfig(), defaultConfig()
	cfgH.forceHeap = true
	qb, qh := newQueues(n), newQueues(n)
	qb.reset(n, r, &cfgB)
	qh.reset(n, r, &cfgH)
	if qb.heap || !qh.heap {
		t.Fatal("wrong queue modes")
	}
	stamp := make([]int, n) // reference: last insert/change time, 0 = absent
	gain := make([]int32, n)
	side := make([]int, n)
	clock := 0
	for step := 0; step < 20000; step++ {
		v := rng.Int32N(n)
		switch op := rng.IntN(4); {
		case stamp[v] == 0:
			s, gn := rng.IntN(2), rng.Int32N(2*r+1)-r
			qb.insert(v, s, gn)
			qh.insert(v, s, gn)
			clock++
			stamp[v], gain[v], side[v] = clock, gn, s
		case op == 0:
			qb.remove(v)
			qh.remove(v)
			stamp[v] = 0
		default:
			gn := rng.Int32N(2*r+1) - r
			qb.update(v, gn)
			qh.update(v, gn)
			if gn != gain[v] {
				clock++
				stamp[v], gain[v] = clock, gn
			}
		}
		for s := 0; s < 2; s++ {
			want := int32(-1)
			for u := int32(0); u < n; u++ {
				if stamp[u] > 0 && side[u] == s && (want < 0 || gain[u] > gain[want] || (gain[u] == gain[want] && stamp[u] > stamp[want])) {
					want = u
				}
			}
			if b, h := qb.first(s), qh.first(s); b != want || h != want {
				t.Fatalf("step %d side %d: buckets %d heap %d, want %d", step, s, b, h, want)
			}
		}
	}
}
