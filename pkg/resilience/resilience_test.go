package resilience

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

func mustGraph(t testing.TB, n int, edges []graph.Edge) *graph.Graph {
	t.Helper()
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cycle(t testing.TB, n int) *graph.Graph {
	var e []graph.Edge
	for i := range n {
		e = append(e, graph.Edge{U: int32(i), V: int32((i + 1) % n)})
	}
	return mustGraph(t, n, e)
}

func path(t testing.TB, n int) *graph.Graph {
	var e []graph.Edge
	for i := 0; i+1 < n; i++ {
		e = append(e, graph.Edge{U: int32(i), V: int32(i + 1)})
	}
	return mustGraph(t, n, e)
}

func complete(t testing.TB, n int) *graph.Graph {
	var e []graph.Edge
	for i := range n {
		for j := i + 1; j < n; j++ {
			e = append(e, graph.Edge{U: int32(i), V: int32(j)})
		}
	}
	return mustGraph(t, n, e)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestTQuantile975(t *testing.T) {
	// Student t 0.975 quantiles (standard tables).
	for _, c := range []struct {
		df   int
		want float64
	}{
		{1, 12.706204736}, {2, 4.302652730}, {3, 3.182446305}, {4, 2.776445105},
		{5, 2.570581836}, {9, 2.262157163}, {10, 2.228138852}, {19, 2.093024054},
		{29, 2.045229642}, {30, 2.042272456}, {99, 1.984216952}, {999, 1.962341461},
	} {
		if got := tQuantile975(c.df); math.Abs(got-c.want) > 1e-8 {
			t.Errorf("t(0.975, %d) = %.10f, want %.9f", c.df, got, c.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	xs := []float64{0.3, 0.35, 0.25, 0.3}
	m := summarize(xs, 0.05, nil)
	// mean 0.3, s^2 = (0 + 0.0025 + 0.0025 + 0)/3, hw = t(3) s / 2.
	wantHW := 3.182446305 * math.Sqrt(0.005/3) / 2
	if !near(m.Mean, 0.3) || math.Abs(m.HalfWidth-wantHW) > 1e-9 || !near(m.Step, 0.3) ||
		!near(m.Median, 0.3) || !near(m.Min, 0.25) || !near(m.Max, 0.35) {
		t.Errorf("summarize = %+v, want mean 0.3, hw %.6f, step 0.3, median 0.3, min 0.25, max 0.35", m, wantHW)
	}
	// Step rounds the mean down to the grid.
	for _, c := range []struct{ mean, want float64 }{{0.2342, 0.2}, {0.2999, 0.25}, {0.6, 0.6}, {0.0499, 0}, {1, 1}} {
		if got := floorToStep(c.mean, 0.05); !near(got, c.want) {
			t.Errorf("floorToStep(%g) = %g, want %g", c.mean, got, c.want)
		}
	}
}

// TestDeterministicGraphs checks graphs whose every sample has the same,
// exactly known outcome.
func TestDeterministicGraphs(t *testing.T) {
	for _, c := range []struct {
		name    string
		g       *graph.Graph
		conc    []int32
		step    float64
		a, b, d float64 // disconnection, diameter, average distance
	}{
		// C_20, 5% steps: step i fails i links. One failure leaves the
		// path P_20 (connected), two disconnect: (a) = 5%. P_20 has
		// diameter 19 > 10 + 2 and average 7 > 100/19 + 1: (b) = (c) = 0.
		{"C20", cycle(t, 20), nil, 0.05, 0.05, 0, 0},
		// C_6, steps of 1/6: P_6 has diameter 5 <= 3 + 2 and average 7/3
		// <= 9/5 + 1: all three 1/6.
		{"C6", cycle(t, 6), nil, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6},
		// C_8, steps of 1/8: P_8 diameter 7 > 4 + 2, average 3 <= 16/7 + 1.
		{"C8", cycle(t, 8), nil, 1.0 / 8, 1.0 / 8, 0, 1.0 / 8},
		// Trees: any failure disconnects. P_10 has 9 links: step 1 fails
		// round(0.45) = 0 links, step 2 round(0.9) = 1: all 5%.
		{"P10", path(t, 10), nil, 0.05, 0.05, 0.05, 0.05},
		// P_11 has 10 links: step 1 fails round(0.5) = 1: all 0.
		{"P11", path(t, 11), nil, 0.05, 0, 0, 0},
		// A star with 40 leaves: step 1 fails 2 links.
		{"star", star(t, 40), nil, 0.05, 0, 0, 0},
		// Two routers joined by two parallel links (separate cables): one
		// failure keeps them connected; the diameter stays 1.
		{"parallel", mustGraph(t, 2, []graph.Edge{{U: 0, V: 1}, {U: 0, V: 1}}), nil, 0.5, 0.5, 0.5, 0.5},
		// A path 0-1-2 whose router 2 has no endpoints and a star whose
		// centre alone has endpoints: cutting routers without endpoints off
		// is harmless, every failure is tolerated (the 5% grid ends at 1).
		{"star-centre-endpoints", star(t, 5), []int32{3, 0, 0, 0, 0, 0}, 0.05, 1, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, workers := range []int{1, 2} {
				r, err := Analyze(context.Background(), c.g, c.conc, Options{Step: c.step, Seed: 7, Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if !near(r.Disconnect.Mean, c.a) || !near(r.Diameter.Mean, c.b) || !near(r.AvgDistance.Mean, c.d) {
					t.Errorf("means (a, b, c) = (%g, %g, %g), want (%g, %g, %g)",
						r.Disconnect.Mean, r.Diameter.Mean, r.AvgDistance.Mean, c.a, c.b, c.d)
				}
				if !near(r.Disconnect.Min, c.a) || !near(r.Disconnect.Max, c.a) || !near(r.Disconnect.Step, c.a) {
					t.Errorf("disconnection %+v: want every sample %g", r.Disconnect, c.a)
				}
				// Zero variance: the rule stops after MinSamples.
				if r.Samples != 10 || !r.Converged || r.Disconnect.HalfWidth > 1e-9 {
					t.Errorf("samples %d converged %v hw %g, want 10 true 0", r.Samples, r.Converged, r.Disconnect.HalfWidth)
				}
			}
		})
	}
}

func star(t testing.TB, leaves int) *graph.Graph {
	var e []graph.Edge
	for i := 1; i <= leaves; i++ {
		e = append(e, graph.Edge{U: 0, V: int32(i)})
	}
	return mustGraph(t, leaves+1, e)
}

// TestEndpointRouters: in the path 0-1-2 with endpoints on routers 0 and 1
// only, step 1 of 1/2 fails one link; the endpoint routers stay connected
// exactly when that link is {1, 2}.
func TestEndpointRouters(t *testing.T) {
	g := path(t, 3)
	ctx := context.Background()
	for _, c := range []struct {
		conc []int32
		want func(first graph.Edge) float64
	}{
		{[]int32{1, 1, 0}, func(first graph.Edge) float64 {
			if first == (graph.Edge{U: 1, V: 2}) {
				return 0.5
			}
			return 0
		}},
		{nil, func(graph.Edge) float64 { return 0 }},
	} {
		nw, err := NewNetwork(ctx, g, c.conc, Options{Step: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		sc := nw.NewScratch(1)
		seen := map[float64]int{}
		for i := range 40 {
			r, err := nw.Sample(ctx, i, sc)
			if err != nil {
				t.Fatal(err)
			}
			first := nw.Links()[sc.Order()[0]]
			if want := c.want(first); r.Disconnect != want || r.Diameter != want || r.AvgDistance != want {
				t.Errorf("conc %v sample %d (first failure %v): %+v, want all %g", c.conc, i, first, r, want)
			}
			seen[r.Disconnect]++
		}
		if c.conc != nil && (seen[0] == 0 || seen[0.5] == 0) {
			t.Errorf("conc %v: outcomes %v, want both 0 and 0.5 among 40 samples", c.conc, seen)
		}
	}
}

// exactExpectation returns the exact expected sample values of criteria
// (a), (b), (c) for g with one endpoint per router and Step = 1/L, by
// enumerating all subsets of surviving links: a criterion is monotone, so
// P(value >= k/L) is the probability that a uniform random set of L - k
// surviving links satisfies it.
func exactExpectation(t *testing.T, g *graph.Graph) [3]float64 {
	var links []graph.Edge
	for v := range int32(g.N()) {
		for _, u := range g.Neighbors(v) {
			if v < u {
				links = append(links, graph.Edge{U: v, V: u})
			}
		}
	}
	L := len(links)
	base, err := graph.Distances(context.Background(), g, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	d0, s0 := endpointDiameter(base), base.AvgEndpointDistance()
	var ok [3][]float64 // ok[c][r]: subsets of size r satisfying c
	for c := range ok {
		ok[c] = make([]float64, L+1)
	}
	total := make([]float64, L+1)
	var sub []graph.Edge
	for mask := uint64(0); mask < 1<<L; mask++ {
		sub = sub[:0]
		for i := range L {
			if mask>>i&1 == 1 {
				sub = append(sub, links[i])
			}
		}
		r := bits.OnesCount64(mask)
		total[r]++
		st, err := graph.Distances(context.Background(), mustGraph(t, g.N(), sub), nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Connected() {
			continue
		}
		ok[0][r]++
		if endpointDiameter(st) <= d0+2 {
			ok[1][r]++
		}
		if st.AvgEndpointDistance() <= s0+1 {
			ok[2][r]++
		}
	}
	var e [3]float64
	for c := range e {
		for k := 1; k <= L; k++ {
			e[c] += ok[c][L-k] / total[L-k] / float64(L)
		}
	}
	return e
}

// TestComplete compares sampled means on K_4 and K_5 with their exact
// expectations (K_4: (a) = (2 + 16/20)/6 = 0.4667: two failures never
// disconnect K_4, three leave a spanning tree unless they leave a
// triangle, 4 of the 20 triples).
func TestComplete(t *testing.T) {
	for _, n := range []int{4, 5} {
		g := complete(t, n)
		L := n * (n - 1) / 2
		exact := exactExpectation(t, g)
		if n == 4 && !near(exact[0], (2+16.0/20)/6) {
			t.Errorf("K_4 exact (a) = %g, want %g", exact[0], (2+16.0/20)/6)
		}
		r, err := Analyze(context.Background(), g, nil, Options{Step: 1 / float64(L), Width: 0.01, MaxSamples: 20000, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged {
			t.Errorf("K_%d: not converged after %d samples", n, r.Samples)
		}
		for c, m := range []Metric{r.Disconnect, r.Diameter, r.AvgDistance} {
			// Deterministic for the seed; 3 half-widths is a 99.9% bound.
			if math.Abs(m.Mean-exact[c]) > 3*m.HalfWidth || m.HalfWidth > 0.005 {
				t.Errorf("K_%d criterion %d: mean %.4f +- %.4f, exact %.4f", n, c, m.Mean, m.HalfWidth, exact[c])
			}
		}
		t.Logf("K_%d: exact %.4f, sampled %.4f %.4f %.4f (%d samples)", n, exact, r.Disconnect.Mean, r.Diameter.Mean, r.AvgDistance.Mean, r.Samples)
	}
}

// linearSample evaluates every step of sample index independently of
// Sample: the surviving graph from graph.FromEdges, connectivity by
// graph.BFS, distances by graph.Distances. It fails the test if a criterion
// is not monotone and returns the largest step fraction of each criterion.
func linearSample(t *testing.T, nw *Network, sc *Scratch, index int) [3]float64 {
	ctx := context.Background()
	// Draw the same order as Sample.
	nw.shuffle(nil, sc, index)
	g, conc := nw.g, nw.conc
	L := len(nw.links)
	var res [3]float64
	var holds [3]bool
	for c := range holds {
		holds[c] = true
	}
	dist := make([]int32, g.N())
	for i := 0; i <= nw.Steps(); i++ {
		k := int(math.Round(float64(i) * nw.opt.Step * float64(L)))
		var sub []graph.Edge
		for _, id := range sc.perm[k:] {
			sub = append(sub, nw.links[id])
		}
		sg := mustGraph(t, g.N(), sub)
		conn := true
		first := int32(-1)
		for r := range int32(g.N()) {
			if conc != nil && conc[r] == 0 {
				continue
			}
			if first < 0 {
				first = r
				graph.BFS(sg, r, dist)
			} else if dist[r] < 0 {
				conn = false
			}
		}
		var now [3]bool
		now[0] = conn
		if conn {
			st, err := graph.Distances(ctx, sg, conc, 1)
			if err != nil {
				t.Fatal(err)
			}
			now[1] = endpointDiameter(st) <= nw.intact.EndpointDiameter+nw.opt.MaxDiameterIncrease
			now[2] = st.AvgEndpointDistance() <= nw.intact.AvgEndpointDistance+nw.opt.MaxAvgIncrease+1e-12
		}
		for c := range now {
			if now[c] && !holds[c] {
				t.Fatalf("sample %d: criterion %d holds at step %d after failing earlier", index, c, i)
			}
			if now[c] {
				res[c] = float64(i) * nw.opt.Step
			}
			holds[c] = now[c]
		}
	}
	return res
}

// randomGraph returns a connected random multigraph: a random spanning tree
// plus extra random links (parallel links possible), and random
// concentrations 0..2 with at least two endpoint routers.
func randomGraph(t *testing.T, seed uint64, n, extra int) (*graph.Graph, []int32) {
	r := rand.New(rand.NewPCG(seed, 99))
	var e []graph.Edge
	for v := 1; v < n; v++ {
		e = append(e, graph.Edge{U: int32(r.IntN(v)), V: int32(v)})
	}
	for range extra {
		u, v := r.IntN(n), r.IntN(n)
		if u != v {
			e = append(e, graph.Edge{U: int32(u), V: int32(v)})
		}
	}
	conc := make([]int32, n)
	for i := range conc {
		conc[i] = int32(r.IntN(3))
	}
	conc[0], conc[n-1] = 1, 2
	return mustGraph(t, n, e), conc
}

// TestSearchEqualsLinearScan: the union-find and binary searches of Sample
// give the same fractions as evaluating every step.
func TestSearchEqualsLinearScan(t *testing.T) {
	ctx := context.Background()
	for gi, c := range []struct {
		n, extra int
		step     float64
		useConc  bool
		fam      string
		given    families.Values
	}{
		{n: 30, extra: 30, step: 0.05, useConc: true}, {n: 40, extra: 80, step: 0.05, useConc: false}, {n: 25, extra: 60, step: 0.1, useConc: true},
		{n: 50, extra: 40, step: 0.07, useConc: true}, {n: 20, extra: 100, step: 0.05, useConc: false}, {n: 60, extra: 120, step: 0.03, useConc: true},
		{n: 16, extra: 150, step: 0.05, useConc: true}, {n: 24, extra: 200, step: 0.04, useConc: false},
		{fam: "slimfly", given: families.Values{"q": int64(5)}, step: 0.05},
		{fam: "torus", given: families.Values{"k": int64(4), "n": int64(3)}, step: 0.05},
	} {
		var g *graph.Graph
		var conc []int32
		if c.fam != "" {
			top := buildTopology(t, c.fam, c.given)
			g, conc = top.Graph, top.Conc
		} else {
			g, conc = randomGraph(t, uint64(gi), c.n, c.extra)
			if !c.useConc {
				conc = nil
			}
		}
		nw, err := NewNetwork(ctx, g, conc, Options{Step: c.step, Seed: uint64(gi)})
		if err != nil {
			t.Fatal(err)
		}
		sc, lin := nw.NewScratch(1), nw.NewScratch(1)
		var sum [3]float64
		for i := range 15 {
			got, err := nw.Sample(ctx, i, sc)
			if err != nil {
				t.Fatal(err)
			}
			want := linearSample(t, nw, lin, i)
			for k := range sum {
				sum[k] += want[k] / 15
			}
			if !near(got.Disconnect, want[0]) || !near(got.Diameter, want[1]) || !near(got.AvgDistance, want[2]) {
				t.Errorf("graph %d sample %d: search (%g, %g, %g), linear scan %v", gi, i, got.Disconnect, got.Diameter, got.AvgDistance, want)
			}
			// The disconnection step fails at most MaxConnected links, the
			// next step more.
			ia := int(math.Round(got.Disconnect / c.step))
			if nw.removed[ia] > got.MaxConnected || (ia < nw.Steps() && nw.removed[ia+1] <= got.MaxConnected) {
				t.Errorf("graph %d sample %d: disconnect %g inconsistent with MaxConnected %d", gi, i, got.Disconnect, got.MaxConnected)
			}
		}
		t.Logf("graph %d: mean fractions %.3f", gi, sum)
	}
}

// TestMaxConnected: removing MaxConnected links keeps the endpoint routers
// connected, removing one more disconnects them.
func TestMaxConnected(t *testing.T) {
	ctx := context.Background()
	g, conc := randomGraph(t, 5, 40, 50)
	nw, err := NewNetwork(ctx, g, conc, Options{Criteria: Disconnection})
	if err != nil {
		t.Fatal(err)
	}
	sc := nw.NewScratch(1)
	connected := func(k int) bool {
		dist := make([]int32, g.N())
		graph.BFS(nw.surviving(nil, sc, k), 0, dist) // router 0 has endpoints
		for r, c := range conc {
			if c > 0 && dist[r] < 0 {
				return false
			}
		}
		return true
	}
	for i := range 20 {
		r, err := nw.Sample(ctx, i, sc)
		if err != nil {
			t.Fatal(err)
		}
		if !connected(r.MaxConnected) || connected(r.MaxConnected+1) {
			t.Errorf("sample %d: MaxConnected %d is not the disconnection point", i, r.MaxConnected)
		}
	}
}

// TestWorkersAndSeeds: results are identical for any number of workers and
// differ between seeds.
func TestWorkersAndSeeds(t *testing.T) {
	ctx := context.Background()
	top := buildTopology(t, "torus", families.Values{"k": int64(4), "n": int64(3)})
	run := func(seed uint64, workers int) *Result {
		r, err := Analyze(ctx, top.Graph, top.Conc, Options{Seed: seed, Workers: workers, Width: 0.05})
		if err != nil {
			t.Fatal(err)
		}
		r.Options.Workers = 0
		return r
	}
	r1 := run(1, 1)
	for _, w := range []int{2, 3, 16} {
		if rw := run(1, w); !reflect.DeepEqual(r1, rw) {
			t.Errorf("workers %d: result differs from 1 worker", w)
		}
	}
	r2 := run(2, 2)
	if reflect.DeepEqual(r1.Values[:10], r2.Values[:10]) {
		t.Error("seeds 1 and 2 gave identical samples")
	}
}

// TestStoppingRule: sampling stops at the first checkpoint (MinSamples,
// then every Batch samples) where every interval is at most Width wide, or
// at MaxSamples.
func TestStoppingRule(t *testing.T) {
	ctx := context.Background()
	top := buildTopology(t, "torus", families.Values{"k": int64(6), "n": int64(2)})
	for _, opt := range []Options{
		{Seed: 1, MinSamples: 10, Batch: 10},
		{Seed: 2, MinSamples: 5, Batch: 3, Width: 0.04},
		{Seed: 3, MinSamples: 10, Batch: 7, MaxSamples: 31, Width: 0.001},
		{Seed: 4, MinSamples: 4, Batch: 5, MaxSamples: 12, Width: -1},
	} {
		r, err := Analyze(ctx, top.Graph, top.Conc, opt)
		if err != nil {
			t.Fatal(err)
		}
		o := r.Options
		var checkpoints []int
		for n := o.MinSamples; ; n += o.Batch {
			checkpoints = append(checkpoints, min(n, o.MaxSamples))
			if n >= o.MaxSamples {
				break
			}
		}
		met := func(n int) bool {
			for _, get := range []func(SampleResult) float64{
				func(s SampleResult) float64 { return s.Disconnect },
				func(s SampleResult) float64 { return s.Diameter },
				func(s SampleResult) float64 { return s.AvgDistance },
			} {
				var xs []float64
				for _, v := range r.Values[:n] {
					xs = append(xs, get(v))
				}
				if !(2*summarize(xs, o.Step, nil).HalfWidth <= o.Width) {
					return false
				}
			}
			return true
		}
		want := checkpoints[len(checkpoints)-1]
		for _, n := range checkpoints {
			if met(n) {
				want = n
				break
			}
		}
		if r.Samples != want || len(r.Values) != want || r.Converged != met(want) {
			t.Errorf("%+v: %d samples (converged %v), want %d (converged %v)", opt, r.Samples, r.Converged, want, met(want))
		}
		if r.Converged && (2*r.Disconnect.HalfWidth > o.Width || 2*r.Diameter.HalfWidth > o.Width || 2*r.AvgDistance.HalfWidth > o.Width) {
			t.Errorf("%+v: converged with half-widths %g %g %g", opt, r.Disconnect.HalfWidth, r.Diameter.HalfWidth, r.AvgDistance.HalfWidth)
		}
		t.Logf("%+v: %d samples, converged %v", opt, r.Samples, r.Converged)
	}
}

// TestTableIII reproduces the entries of SC14 Table III (disconnection, 5%
// steps, CI width 2 percentage points) that this implementation matches,
// as Metric.Step (the mean rounded down to 5%): T3D N = 512 (8x8x8) 30%,
// N = 1024 (8x8x16) 25%, T5D N = 8192 (4x4x8x8x8) 35%, SF N ~ 512 (q = 7,
// 588 endpoints) 60%, N ~ 2048 (q = 11, 2178 endpoints) 65%, N ~ 8192
// (q = 19, 10,830 endpoints) 75%.
func TestTableIII(t *testing.T) {
	if testing.Short() {
		t.Skip("paper-scale")
	}
	for _, c := range []struct {
		fam   string
		given families.Values
		want  float64
	}{
		{"torus", families.Values{"dims": []int64{8, 8, 8}}, 0.30},
		{"torus", families.Values{"dims": []int64{8, 8, 16}}, 0.25},
		{"torus", families.Values{"dims": []int64{4, 4, 8, 8, 8}}, 0.35},
		{"slimfly", families.Values{"q": int64(7)}, 0.60},
		{"slimfly", families.Values{"q": int64(11)}, 0.65},
		{"slimfly", families.Values{"q": int64(19)}, 0.75},
	} {
		top := buildTopology(t, c.fam, c.given)
		r, err := Analyze(context.Background(), top.Graph, top.Conc, Options{Seed: 1, Criteria: Disconnection})
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.Disconnect.Step, c.want) || !r.Converged || r.Disconnect.HalfWidth > 0.01 {
			t.Errorf("%s %v: disconnection %+v after %d samples, want step value %g", c.fam, c.given, r.Disconnect, r.Samples, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	g := cycle(t, 6)
	two := mustGraph(t, 4, []graph.Edge{{U: 0, V: 1}, {U: 2, V: 3}})
	for _, c := range []struct {
		name string
		g    *graph.Graph
		conc []int32
		opt  Options
	}{
		{"step>1", g, nil, Options{Step: 1.5}},
		{"step<0", g, nil, Options{Step: -0.1}},
		{"min<2", g, nil, Options{MinSamples: 1}},
		{"max<min", g, nil, Options{MinSamples: 20, MaxSamples: 10}},
		{"batch<0", g, nil, Options{Batch: -1}},
		{"criteria", g, nil, Options{Criteria: 8}},
		{"conc length", g, []int32{1, 1}, Options{}},
		{"conc negative", g, []int32{1, 1, 1, 1, 1, -1}, Options{}},
		{"disconnected", two, nil, Options{}},
		{"no links", mustGraph(t, 3, nil), nil, Options{}},
	} {
		if _, err := Analyze(ctx, c.g, c.conc, c.opt); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	// Two components, but only one has endpoints: fine.
	if _, err := Analyze(ctx, two, []int32{1, 1, 0, 0}, Options{}); err != nil {
		t.Errorf("endpoints in one component: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Analyze(cctx, complete(t, 8), nil, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// TestNoAllocs: after the first sample, a disconnection-only sample and the
// construction of a surviving graph do not allocate.
func TestNoAllocs(t *testing.T) {
	ctx := context.Background()
	top := buildTopology(t, "torus", families.Values{"k": int64(6), "n": int64(3)})
	nw, err := NewNetwork(ctx, top.Graph, top.Conc, Options{Criteria: Disconnection})
	if err != nil {
		t.Fatal(err)
	}
	sc := nw.NewScratch(1)
	i := 0
	if a := testing.AllocsPerRun(20, func() {
		if _, err := nw.Sample(ctx, i, sc); err != nil {
			t.Fatal(err)
		}
		i++
	}); a != 0 {
		t.Errorf("disconnection sample: %g allocations", a)
	}
	if a := testing.AllocsPerRun(20, func() { nw.surviving(nil, sc, 100) }); a != 0 {
		t.Errorf("surviving graph: %g allocations", a)
	}
	if err := nw.surviving(nil, sc, 100).Validate(); err != nil {
		t.Errorf("surviving graph invalid: %v", err)
	}
	if got, want := nw.surviving(nil, sc, 100).Edges(), top.Graph.Edges()-100; got != want {
		t.Errorf("surviving graph has %d links, want %d", got, want)
	}
}
