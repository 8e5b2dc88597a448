package analysis

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// build builds family fam of the default registry.
func build(t testing.TB, fam string, given families.Values) *families.Topology {
	t.Helper()
	f, ok := families.Default().Lookup(fam)
	if !ok {
		t.Fatalf("family %s not registered", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatalf("%s %v: Build: %v", fam, given, err)
	}
	return top
}

func fromEdges(t testing.TB, n int, edges [][2]int32) *graph.Graph {
	t.Helper()
	es := make([]graph.Edge, len(edges))
	for i, e := range edges {
		es[i] = graph.Edge{U: e[0], V: e[1]}
	}
	g, err := graph.FromEdges(n, es)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func loads(t testing.TB, g *graph.Graph, conc []int32, r Routing, workers int) *LoadStats {
	t.Helper()
	st, err := ChannelLoads(context.Background(), g, conc, LoadOptions{Routing: r, KeepLoads: true, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func paths(t testing.TB, g *graph.Graph, conc []int32, histCap, workers int) *PathStats {
	t.Helper()
	st, err := MinimalPaths(context.Background(), g, conc, PathOptions{HistCap: histCap, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// channelLoad returns the load of the channel from u to v (the first
// parallel one).
func channelLoad(g *graph.Graph, l []float64, u, v int32) float64 {
	for i := g.Off[u]; i < g.Off[u+1]; i++ {
		if g.Adj[i] == v {
			return l[i]
		}
	}
	return math.NaN()
}

// TestHandGraphs checks loads computed by hand on asymmetric graphs, in
// both routing modes.
func TestHandGraphs(t *testing.T) {
	// Path 0-1-2-3: unique paths; channel u->v carries (routers on u's side)
	// x (routers on v's side).
	p4 := fromEdges(t, 4, [][2]int32{{0, 1}, {1, 2}, {2, 3}})
	// C4 0-1-2-3-0 with pendant 4 on 0.
	cp := fromEdges(t, 5, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 4}})
	type arc struct {
		u, v int32
		load float64
	}
	tests := []struct {
		name    string
		g       *graph.Graph
		routing Routing
		arcs    []arc
		u, kbar float64
	}{
		{"path4 split", p4, SplitMinimal, []arc{{0, 1, 3}, {1, 2, 4}, {2, 3, 3}, {1, 0, 3}, {2, 1, 4}, {3, 2, 3}}, 5.0 / 6, 5.0 / 3},
		{"path4 next hop", p4, SmallestNextHop, []arc{{0, 1, 3}, {1, 2, 4}, {2, 3, 3}, {1, 0, 3}, {2, 1, 4}, {3, 2, 3}}, 5.0 / 6, 5.0 / 3},
		// Split: 0->1 carries 0->1, 4->1 (1 each), 0->2, 4->2, 3->1 (1/2 each).
		{"C4+pendant split", cp, SplitMinimal, []arc{
			{0, 1, 3.5}, {0, 3, 3.5}, {1, 0, 3.5}, {3, 0, 3.5}, {0, 4, 4}, {4, 0, 4},
			{1, 2, 2.5}, {3, 2, 2.5}, {2, 1, 2.5}, {2, 3, 2.5}}, 3.2 / 4, 1.6},
		// Next hop: 0->2 and 4->2 go via 1, 1->3 and 3->1 via 0, 2->0 and
		// 2->4 via 1.
		{"C4+pendant next hop", cp, SmallestNextHop, []arc{
			{0, 1, 5}, {0, 3, 3}, {1, 0, 5}, {3, 0, 3}, {0, 4, 4}, {4, 0, 4},
			{1, 2, 3}, {3, 2, 1}, {2, 1, 3}, {2, 3, 1}}, 3.2 / 5, 1.6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := loads(t, tc.g, nil, tc.routing, 1)
			for _, a := range tc.arcs {
				if got := channelLoad(tc.g, st.Loads, a.u, a.v); got != a.load {
					t.Errorf("load %d->%d = %v, want %v", a.u, a.v, got, a.load)
				}
			}
			if st.Utilization != tc.u || st.AvgDistance != tc.kbar {
				t.Errorf("u = %v, kbar = %v; want %v, %v", st.Utilization, st.AvgDistance, tc.u, tc.kbar)
			}
			if want := tc.kbar / tc.u; math.Abs(st.CostRatio-want) > 1e-15 {
				t.Errorf("kbar/u = %v, want %v", st.CostRatio, want)
			}
		})
	}
	// Path 4: Delta = 6/4, Delta_0 = u*Delta/kbar = 3/4 = (N-1)/L_max; T = 4
	// endpoints, L_max/(T-1) = 4/3, saturation at 3/4.
	st := loads(t, p4, nil, SplitMinimal, 1)
	if st.Degree != 1.5 || st.BalancedConc != 0.75 || st.MaxInjectionLoad != 4.0/3 || st.SaturationRate != 0.75 || st.Throughput != 0.75 {
		t.Errorf("path4: Delta %v, Delta_0 %v, injection load %v, saturation %v, throughput %v; want 1.5, 0.75, 4/3, 0.75, 0.75",
			st.Degree, st.BalancedConc, st.MaxInjectionLoad, st.SaturationRate, st.Throughput)
	}
	if st.Flows != 12 || st.TotalLoad != 20 || st.MinLoad != 3 || st.MaxLoad != 4 {
		t.Errorf("path4: flows %d, total %v, min %v, max %v; want 12, 20, 3, 4", st.Flows, st.TotalLoad, st.MinLoad, st.MaxLoad)
	}
	// C4+pendant paths: (0,2), (1,3), (2,4) and reverses have 2 paths.
	ps := paths(t, cp, nil, 0, 1)
	if ps.Pairs != 20 || ps.Mean != 1.3 || ps.Max != 2 || ps.Hist[1] != 14 || ps.Hist[2] != 6 || ps.Hist[0] != 0 {
		t.Errorf("C4+pendant paths: %+v", ps)
	}
	if d := ps.ByDistance; len(d) != 4 || d[2].Pairs != 8 || d[2].Mean != 1.5 || d[3].Mean != 2 || d[1].Max != 1 {
		t.Errorf("C4+pendant by distance: %+v", d)
	}
}

// TestEndpointWeights checks concentrations, routers without endpoints and
// disconnected graphs on a path 0-1-2 plus an isolated edge 3-4.
func TestEndpointWeights(t *testing.T) {
	g := fromEdges(t, 5, [][2]int32{{0, 1}, {1, 2}, {3, 4}})
	conc := []int32{2, 0, 3, 1, 1}
	// Flows: 0<->2: 6 each way, 3<->4: 1 each way. Unreachable: endpoints
	// of {0,1,2} (5) to {3,4} (2) and back: 2*5*2 = 20.
	st := loads(t, g, conc, SplitMinimal, 2)
	if st.Flows != 14 || st.UnreachableFlows != 20 || st.Endpoints != 7 {
		t.Fatalf("flows %d, unreachable %d, endpoints %d; want 14, 20, 7", st.Flows, st.UnreachableFlows, st.Endpoints)
	}
	want := map[[2]int32]float64{{0, 1}: 6, {1, 2}: 6, {1, 0}: 6, {2, 1}: 6, {3, 4}: 1, {4, 3}: 1}
	for a, w := range want {
		if got := channelLoad(g, st.Loads, a[0], a[1]); got != w {
			t.Errorf("load %v = %v, want %v", a, got, w)
		}
	}
	// kbar = (12*2 + 2*1)/14; average load 26/6, max 6.
	if st.AvgDistance != 26.0/14 || st.Utilization != (26.0/6)/6 || st.MaxInjectionLoad != 1 || st.Throughput != 1 {
		t.Errorf("kbar %v, u %v, injection load %v, throughput %v", st.AvgDistance, st.Utilization, st.MaxInjectionLoad, st.Throughput)
	}
	ps := paths(t, g, conc, 4, 1)
	// Router pairs: 3 connected ordered pairs... 0-1, 0-2, 1-2 (x2) and 3-4
	// (x2) = 8 reachable, 20-8 = 12 unreachable.
	if ps.Pairs != 8 || ps.Unreachable != 12 || ps.Hist[0] != 12 || ps.Hist[1] != 8 {
		t.Errorf("router pairs: %+v", ps)
	}
	if ps.EndpointPairs != 14 || ps.EndpointHist[0] != 20 || ps.EndpointHist[1] != 14 || ps.EndpointMean != 1 {
		t.Errorf("endpoint pairs: %d, hist %v, mean %v", ps.EndpointPairs, ps.EndpointHist, ps.EndpointMean)
	}
}

// TestUniformConcScaling checks that a uniform concentration c scales every
// load by c^2 and leaves u unchanged.
func TestUniformConcScaling(t *testing.T) {
	top := build(t, "demi_pn", families.Values{"q": int64(4)})
	one := loads(t, top.Graph, nil, SplitMinimal, 0)
	conc := slices.Repeat([]int32{3}, top.Graph.N())
	three := loads(t, top.Graph, conc, SplitMinimal, 0)
	for i := range one.Loads {
		if three.Loads[i] != 9*one.Loads[i] {
			t.Fatalf("channel %d: load %v with conc 3, want 9 x %v", i, three.Loads[i], one.Loads[i])
		}
	}
	if one.Utilization != three.Utilization || one.AvgDistance != three.AvgDistance {
		t.Errorf("u %v vs %v, kbar %v vs %v", one.Utilization, three.Utilization, one.AvgDistance, three.AvgDistance)
	}
}

// bruteLoads computes channel loads exactly by enumerating every minimal
// path (split) or walking the smallest next hops.
func bruteLoads(g *graph.Graph, conc []int32, routing Routing) []*big.Rat {
	n := g.N()
	out := make([]*big.Rat, len(g.Adj))
	for i := range out {
		out[i] = new(big.Rat)
	}
	// addHop adds x to the channels from u to v, split over parallel ones.
	addHop := func(u, v int32, x *big.Rat) {
		var idx []int32
		for i := g.Off[u]; i < g.Off[u+1]; i++ {
			if g.Adj[i] == v {
				idx = append(idx, i)
			}
		}
		part := new(big.Rat).Quo(x, big.NewRat(int64(len(idx)), 1))
		for _, i := range idx {
			out[i].Add(out[i], part)
		}
	}
	distTo := make([][]int32, n)
	for t := range n {
		distTo[t] = make([]int32, n)
		graph.BFS(g, int32(t), distTo[t])
	}
	neigh := func(v int32) []int32 { return slices.Compact(slices.Clone(g.Neighbors(v))) }
	for s := range n {
		for t := range n {
			w := int64(conc[s]) * int64(conc[t])
			if s == t || w == 0 || distTo[t][s] < 0 {
				continue
			}
			dt := distTo[t]
			if routing == SmallestNextHop {
				x := big.NewRat(w, 1)
				for v := int32(s); v != int32(t); {
					for _, u := range neigh(v) {
						if dt[u] == dt[v]-1 {
							addHop(v, u, x)
							v = u
							break
						}
					}
				}
				continue
			}
			var all [][]int32
			var walk func(p []int32)
			walk = func(p []int32) {
				v := p[len(p)-1]
				if v == int32(t) {
					all = append(all, slices.Clone(p))
					return
				}
				for _, u := range neigh(v) {
					if dt[u] == dt[v]-1 {
						walk(append(p, u))
					}
				}
			}
			walk([]int32{int32(s)})
			x := big.NewRat(w, int64(len(all)))
			for _, p := range all {
				for i := 1; i < len(p); i++ {
					addHop(p[i-1], p[i], x)
				}
			}
		}
	}
	return out
}

// bruteSigma counts minimal router paths by dynamic programming over
// distances with big integers.
func bruteSigma(g *graph.Graph, s int32) []*big.Int {
	n := g.N()
	dist := make([]int32, n)
	graph.BFS(g, s, dist)
	order := make([]int32, 0, n)
	for v := range n {
		if dist[v] >= 0 {
			order = append(order, int32(v))
		}
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(dist[a] - dist[b]) })
	sigma := make([]*big.Int, n)
	for v := range sigma {
		sigma[v] = new(big.Int)
	}
	sigma[s].SetInt64(1)
	for _, v := range order[1:] {
		for _, u := range slices.Compact(slices.Clone(g.Neighbors(v))) {
			if dist[u] == dist[v]-1 {
				sigma[v].Add(sigma[v], sigma[u])
			}
		}
	}
	return sigma
}

// TestBruteForce compares both routings and the path counts with exact
// enumeration on random multigraphs with random concentrations, and checks
// that the results are bit-identical for any number of workers.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	for iter := range 40 {
		n := 2 + rng.IntN(70)
		if iter < 30 {
			n = 2 + rng.IntN(10)
		}
		var edges [][2]int32
		p := 2.5 / float64(n)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if rng.Float64() < p {
					edges = append(edges, [2]int32{int32(u), int32(v)})
					if rng.IntN(6) == 0 {
						edges = append(edges, [2]int32{int32(u), int32(v)}) // parallel link
					}
				}
			}
		}
		g := fromEdges(t, n, edges)
		conc := make([]int32, n)
		for i := range conc {
			conc[i] = int32(rng.IntN(4))
		}
		for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
			want := bruteLoads(g, conc, r)
			var ref *LoadStats
			for _, w := range []int{1, 2, 3, 8} {
				st := loads(t, g, conc, r, w)
				if ref == nil {
					ref = st
					for i, x := range st.Loads {
						wf, _ := want[i].Float64()
						if math.Abs(x-wf) > 1e-12*max(1, wf) {
							t.Fatalf("iter %d (%d routers) %v: channel %d load %v, want %v", iter, n, r, i, x, want[i])
						}
					}
					continue
				}
				if !slices.Equal(st.Loads, ref.Loads) || st.Utilization != ref.Utilization || st.TotalLoad != ref.TotalLoad {
					t.Fatalf("iter %d %v: %d workers differ from 1", iter, r, w)
				}
			}
		}
		// Path counts.
		capH := 3
		hist := make([]int64, capH+1)
		var pairs int64
		sum := new(big.Int)
		for s := range n {
			sg := bruteSigma(g, int32(s))
			for v, x := range sg {
				if v == s {
					continue
				}
				if x.Sign() == 0 {
					hist[0]++
					continue
				}
				pairs++
				sum.Add(sum, x)
				hist[min(int(x.Int64()), capH)]++
			}
		}
		ps := paths(t, g, conc, capH, 3)
		mean, _ := new(big.Rat).SetFrac(sum, big.NewInt(max(1, pairs))).Float64()
		if ps.Pairs != pairs || !slices.Equal(ps.Hist, hist) || ps.Mean != mean {
			t.Fatalf("iter %d: paths %d %v mean %v; want %d %v %v", iter, ps.Pairs, ps.Hist, ps.Mean, pairs, hist, mean)
		}
	}
}

// TestMooreGraphs: the Hoffman-Singleton graph (Slim Fly q = 5, a Moore
// graph of degree 7 and diameter 2) has unique minimal paths and all 350
// channels carry 13 = 50*91/350 units: u = 1 exactly (projective networks
// paper, section 4.2).
func TestMooreGraphs(t *testing.T) {
	top := build(t, "slimfly", families.Values{"q": int64(5)})
	for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
		st := loads(t, top.Graph, nil, r, 0)
		if st.MinLoad != 13 || st.MaxLoad != 13 || st.Utilization != 1 || st.Channels != 350 {
			t.Errorf("%v: loads %v..%v, u %v, %d channels; want 13, 13, 1, 350", r, st.MinLoad, st.MaxLoad, st.Utilization, st.Channels)
		}
		if st.AvgDistance != 91.0/49 || st.CostRatio != 91.0/49 {
			t.Errorf("%v: kbar %v, kbar/u %v, want 91/49", r, st.AvgDistance, st.CostRatio)
		}
	}
	ps := paths(t, top.Graph, nil, 0, 0)
	if ps.Mean != 1 || ps.Max != 1 || ps.Hist[1] != 50*49 {
		t.Errorf("paths: mean %v, max %d, hist[1] %d; want unique paths", ps.Mean, ps.Max, ps.Hist[1])
	}
}

// TestDemiPN checks Theorem 3.10 of the projective networks paper: demi-PN
// has unique minimal paths (Lemma 3.8), the most loaded arcs (between a
// router of degree q and one of degree q+1) carry 2q router pairs, and u =
// (2q^2+q+1)/(2q(q+1)). Both routings give the same loads.
func TestDemiPN(t *testing.T) {
	for _, q := range []int64{2, 3, 4, 5, 7, 8, 9} {
		top := build(t, "demi_pn", families.Values{"q": q})
		split := loads(t, top.Graph, nil, SplitMinimal, 0)
		det := loads(t, top.Graph, nil, SmallestNextHop, 0)
		if !slices.Equal(split.Loads, det.Loads) {
			t.Errorf("q=%d: routings differ on unique minimal paths", q)
		}
		// Average load (2q^2+q+1)/(q+1): TotalLoad*(q+1) = (2q^2+q+1)*Channels.
		if split.MaxLoad != float64(2*q) || split.TotalLoad*float64(q+1) != float64((2*q*q+q+1)*split.Channels) {
			t.Errorf("q=%d: max load %v (want %d), total %v over %d channels", q, split.MaxLoad, 2*q, split.TotalLoad, split.Channels)
		}
		want := float64(2*q*q+q+1) / float64(2*q*(q+1))
		if split.Utilization != want {
			t.Errorf("q=%d: u = %v, want %v", q, split.Utilization, want)
		}
		ps := paths(t, top.Graph, nil, 0, 0)
		if ps.Max != 1 || ps.Mean != 1 {
			t.Errorf("q=%d: path counts up to %d, mean %v; want unique", q, ps.Max, ps.Mean)
		}
	}
}

// TestPN checks the PN (incidence graph G_q, section 3.1): symmetric, hence
// u = 1; average distance (5q^2+3q+1)/(2q^2+2q+1); unique paths at
// distances 1 and 2 and q+1 minimal paths at distance 3 (Lemma 3.4).
func TestPN(t *testing.T) {
	for _, q := range []int64{2, 3, 4, 5} {
		top := build(t, "pn", families.Values{"q": q})
		st := loads(t, top.Graph, nil, SplitMinimal, 0)
		if math.Abs(st.Utilization-1) > 1e-12 {
			t.Errorf("q=%d: u = %v, want 1", q, st.Utilization)
		}
		if want := float64(5*q*q+3*q+1) / float64(2*q*q+2*q+1); st.AvgDistance != want {
			t.Errorf("q=%d: kbar = %v, want %v", q, st.AvgDistance, want)
		}
		n := int64(top.Graph.N())
		ps := paths(t, top.Graph, nil, 0, 0)
		d := ps.ByDistance
		if len(d) != 4 || d[1].Max != 1 || d[2].Max != 1 || d[3].Min != uint64(q+1) || d[3].Max != uint64(q+1) || d[3].Pairs != n*q*q {
			t.Errorf("q=%d: by distance %+v", q, d)
		}
		if ps.Hist[1] != n*(q+1+q*q+q) || ps.Hist[q+1] != n*q*q {
			t.Errorf("q=%d: hist %v", q, ps.Hist)
		}
	}
}

// TestMMS checks the MMS graph (Slim Fly), whose link utilization converges
// to 8/9 (projective networks paper, section 4.2 and Fig. 5); q = 5 is the
// Hoffman-Singleton graph with u = 1. With split routing, u decreases toward
// 8/9 from above for q = 4w+1 and q = 4w, and increases toward it from
// below for q = 4w-1: within each class |u - 8/9| strictly decreases with q.
func TestMMS(t *testing.T) {
	qs := []int64{5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49}
	if testing.Short() {
		qs = []int64{5, 7, 8, 9, 11, 13, 16, 17, 49}
	}
	last := map[int64]float64{} // delta -> previous |u - 8/9|
	for _, q := range qs {
		top := build(t, "slimfly", families.Values{"q": q})
		st := loads(t, top.Graph, nil, SplitMinimal, 0)
		gap := math.Abs(st.Utilization - 8.0/9)
		t.Logf("MMS q=%d: u = %.6f, |u - 8/9| = %.4f, kbar/u = %.4f", q, st.Utilization, gap, st.CostRatio)
		delta := (q+1)%4 - 1 // q = 4w + delta
		if prev, ok := last[delta]; ok && !(gap < prev) {
			t.Errorf("q=%d (delta %d): |u - 8/9| = %v, not below %v of the previous q", q, delta, gap, prev)
		}
		last[delta] = gap
		if above := st.Utilization > 8.0/9; above != (delta >= 0) {
			t.Errorf("q=%d (delta %d): u = %v on the wrong side of 8/9", q, delta, st.Utilization)
		}
		switch {
		case q == 5 && st.Utilization != 1:
			t.Errorf("q=5: u = %v, want 1", st.Utilization)
		case q == 47 && gap > 0.002, q == 49 && gap > 0.02:
			t.Errorf("q=%d: u = %v, want close to 8/9", q, st.Utilization)
		}
	}
}

func factorial(n int) uint64 {
	f := uint64(1)
	for i := 2; i <= n; i++ {
		f *= uint64(i)
	}
	return f
}

func binom(n, k int) int64 {
	b := int64(1)
	for i := range k {
		b = b * int64(n-i) / int64(i+1)
	}
	return b
}

// TestHypercubeTorusComplete: edge-transitive graphs are well-balanced (u =
// 1); in the n-cube the pairs at distance d have d! minimal paths.
func TestHypercubeTorusComplete(t *testing.T) {
	for n := 1; n <= 6; n++ {
		top := build(t, "hypercube", families.Values{"n": int64(n)})
		st := loads(t, top.Graph, nil, SplitMinimal, 0)
		// Every channel carries N*N*kbar/(N*n) with kbar = n*2^(n-1)/(N-1).
		if half := math.Ldexp(1, n-1); math.Abs(st.Utilization-1) > 1e-12 || math.Abs(st.MaxLoad-half) > 1e-12*half {
			t.Errorf("hypercube n=%d: u = %v, max load %v, want 1, %v", n, st.Utilization, st.MaxLoad, half)
		}
		ps := paths(t, top.Graph, nil, 1000, 0)
		nr := int64(top.Graph.N())
		for d := 1; d <= n; d++ {
			b := ps.ByDistance[d]
			if b.Min != factorial(d) || b.Max != factorial(d) || b.Pairs != nr*binom(n, d) {
				t.Errorf("hypercube n=%d distance %d: %+v, want %d pairs with %d paths", n, d, b, nr*binom(n, d), factorial(d))
			}
			if ps.Hist[factorial(d)] != nr*binom(n, d) {
				t.Errorf("hypercube n=%d: hist[%d!] = %d", n, d, ps.Hist[factorial(d)])
			}
		}
	}
	// Histogram cap: 4-cube with cap 6 puts the 6- and 24-path pairs
	// (4 + 1 per router) in the last bucket.
	top := build(t, "hypercube", families.Values{"n": int64(4)})
	ps := paths(t, top.Graph, nil, 6, 0)
	if want := []int64{0, 64, 96, 0, 0, 0, 80}; !slices.Equal(ps.Hist, want) {
		t.Errorf("4-cube cap 6: hist %v, want %v", ps.Hist, want)
	}
	if mean := float64(16*(4*1+6*2+4*6+24)) / 240; ps.Mean != mean {
		t.Errorf("4-cube mean paths %v, want %v", ps.Mean, mean)
	}
	for _, tc := range []struct {
		k, n int64
		load float64 // per channel: total distance / channels
	}{
		{2, 2, 1}, // 4-cycle with doubled links: each arc carries 2, split over 2 channels
		{3, 2, 9 * 12 / 36.0},
		{4, 2, 16 * 32 / 64.0},
		{5, 3, 125 * (3 * 25 * 6) / 750.0}, // ring distances 0, 1, 2, 2, 1
	} {
		top := build(t, "torus", families.Values{"k": tc.k, "n": tc.n})
		st := loads(t, top.Graph, nil, SplitMinimal, 0)
		want := tc.load
		if math.Abs(st.Utilization-1) > 1e-12 || math.Abs(st.MaxLoad-want) > 1e-12*want {
			t.Errorf("torus k=%d n=%d: u = %v, max load %v, want 1, %v", tc.k, tc.n, st.Utilization, st.MaxLoad, want)
		}
	}
	// K_6 with 2 endpoints per router: every channel carries 4; the
	// injection load is 4/(12-1) and the balanced concentration N-1 = 5
	// with one endpoint per router.
	top = build(t, "complete", families.Values{"n": int64(6)})
	conc := slices.Repeat([]int32{2}, 6)
	for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
		st := loads(t, top.Graph, conc, r, 0)
		if st.MinLoad != 4 || st.MaxLoad != 4 || st.Utilization != 1 || st.AvgDistance != 1 || st.MaxInjectionLoad != 4.0/11 || st.Throughput != 1 {
			t.Errorf("K6 %v: %+v", r, st)
		}
	}
	if st := loads(t, top.Graph, nil, SplitMinimal, 0); st.BalancedConc != 5 {
		t.Errorf("K6: balanced concentration %v, want 5", st.BalancedConc)
	}
}

// TestSaturation builds a chain of m diamonds (2^m minimal paths end to
// end): m = 63 is exact, m = 64 and 65 saturate at MaxUint64.
func TestSaturation(t *testing.T) {
	for _, m := range []int{63, 64, 65} {
		var edges [][2]int32
		for i := range m {
			v, a, b, w := int32(3*i), int32(3*i+1), int32(3*i+2), int32(3*i+3)
			edges = append(edges, [2]int32{v, a}, [2]int32{v, b}, [2]int32{a, w}, [2]int32{b, w})
		}
		g := fromEdges(t, 3*m+1, edges)
		ps := paths(t, g, nil, 0, 0)
		last := ps.ByDistance[2*m]
		if m == 63 {
			if last.Max != 1<<63 || ps.Saturated != 0 || ps.Max != 1<<63 {
				t.Errorf("m=63: max %d, saturated %d", last.Max, ps.Saturated)
			}
			continue
		}
		// Pairs (v0, v_m) and back, plus (for m = 65) (v0, v_64),
		// (v1, v_65), and the ones from the middle vertices of the
		// first and last diamonds (2^64 paths each)...
		if ps.Max != math.MaxUint64 || ps.Saturated == 0 || last.Max != math.MaxUint64 {
			t.Errorf("m=%d: max %d, saturated %d", m, ps.Max, ps.Saturated)
		}
		if m == 64 && ps.Saturated != 2 {
			t.Errorf("m=64: %d saturated pairs, want 2", ps.Saturated)
		}
	}
}

// TestBounds checks eqs. (3)-(5) of the projective networks paper.
func TestBounds(t *testing.T) {
	ctx := context.Background()
	type want struct {
		moore      int64
		mooreRatio float64
		kmin       float64
		kratio     float64
	}
	hs := build(t, "slimfly", families.Values{"q": int64(5)})
	pn3 := build(t, "pn", families.Values{"q": int64(3)})
	dpn4 := build(t, "demi_pn", families.Values{"q": int64(4)})
	c7 := fromEdges(t, 7, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 0}})
	tests := []struct {
		name string
		g    *graph.Graph
		want want
	}{
		// Hoffman-Singleton: M(7, 2) = 50, kbar = kbar_min = (7 + 2*42)/49.
		{"hoffman-singleton", hs.Graph, want{50, 1, 91.0 / 49, 1}},
		// PN(3): 26 routers, Delta 4, D 3: M(4, 3) = 1+4+12+36 = 53; the
		// distance distribution 1, 4, 12, 9 is the generalized Moore one.
		{"pn3", pn3.Graph, want{53, 26.0 / 53, (4 + 24 + 27) / 25.0, 1}},
		// demi-PN(4): 21 routers, Delta 5, D 2: M(5, 2) = 26; generalized
		// Moore 1, 5, 15: kbar_min = 35/20.
		{"demi-pn4", dpn4.Graph, want{26, 21.0 / 26, 35.0 / 20, 0}},
		// C7: M(2, 3) = 7, generalized Moore 1, 2, 2, 2: kbar = 12/6 = 2.
		{"cycle7", c7, want{7, 1, 2, 1}},
	}
	for _, tc := range tests {
		ds, err := graph.Distances(ctx, tc.g, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Bounds(tc.g, ds)
		if err != nil {
			t.Fatal(err)
		}
		if b.MooreBound != tc.want.moore || b.MooreRatio != tc.want.mooreRatio || b.MinAvgDistance != tc.want.kmin {
			t.Errorf("%s: %+v", tc.name, b)
		}
		if tc.want.kratio != 0 && b.AvgDistanceRatio != tc.want.kratio {
			t.Errorf("%s: kbar ratio %v, want %v", tc.name, b.AvgDistanceRatio, tc.want.kratio)
		}
		if b.AvgDistanceRatio < 1 || b.MooreRatio > 1 {
			t.Errorf("%s: bound violated: %+v", tc.name, b)
		}
	}
	// Eq. (4): Hoffman-Singleton 2 - 7/50; PN(3) 3 - 16/26.
	for _, tc := range []struct {
		n, d int64
		want float64
	}{{50, 7, 2 - 7.0/50}, {26, 4, 3 - 16.0/26}, {1000, 10, 4 - 1000.0/1000}} {
		if got, ok := ApproxMinAvgDistance(tc.n, tc.d); !ok || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("ApproxMinAvgDistance(%d, %d) = %v, %v; want %v", tc.n, tc.d, got, ok, tc.want)
		}
	}
	// Generalized Moore: 1000 routers of degree 10: 1, 10, 90, 810, 89.
	if got, k, ok := MinAvgDistance(1000, 10); !ok || k != 4 || got != float64(10+180+2430+356)/999 {
		t.Errorf("MinAvgDistance(1000, 10) = %v, %d, %v", got, k, ok)
	}
	for _, tc := range []struct{ n, d int64 }{{1, 3}, {3, 1}, {5, 0}} {
		if _, _, ok := MinAvgDistance(tc.n, tc.d); ok {
			t.Errorf("MinAvgDistance(%d, %d) ok", tc.n, tc.d)
		}
	}
	// Eq. (5): R = 48, k = 2, kbar = 1.9: T = 48^2 * 1.9 / (0.1 * 2.9^2).
	d, ok := IdealTerminals(48, 2, 1.9)
	wantT := 48 * 48 * 1.9 / (0.1 * 2.9 * 2.9)
	if !ok || math.Abs(d.Terminals-wantT) > 1e-9*wantT || math.Abs(d.Conc-48/2.9) > 1e-12 ||
		math.Abs(d.Conc+d.Degree-48) > 1e-12 || math.Abs(d.Conc*d.Routers-d.Terminals) > 1e-9*wantT {
		t.Errorf("IdealTerminals(48, 2, 1.9) = %+v, %v; want T = %v", d, ok, wantT)
	}
	// Consistency with eq. (4): N = T/Delta_0 and k - kbar = Delta^(k-1)/N.
	if got := math.Pow(d.Degree, 1) / d.Routers; math.Abs(got-0.1) > 1e-12 {
		t.Errorf("eq. (5) design: Delta/N = %v, want k - kbar = 0.1", got)
	}
	for _, bad := range [][3]float64{{48, 2, 2}, {48, 2, 0.9}, {0, 2, 1.5}, {48, 0, 0.5}} {
		if _, ok := IdealTerminals(bad[0], int(bad[1]), bad[2]); ok {
			t.Errorf("IdealTerminals%v ok", bad)
		}
	}
	// Eccentricities of the path 0-1-2-3: 3, 2, 2, 3.
	p4 := fromEdges(t, 4, [][2]int32{{0, 1}, {1, 2}, {2, 3}})
	ds, _ := graph.Distances(ctx, p4, nil, 1)
	if e := Eccentricities(ds); e != (EccSummary{Radius: 2, Diameter: 3, Mean: 2.5, Center: 2}) {
		t.Errorf("path4 eccentricities %+v", e)
	}
	disc := fromEdges(t, 4, [][2]int32{{0, 1}, {2, 3}})
	ds, _ = graph.Distances(ctx, disc, nil, 1)
	if _, err := Bounds(disc, ds); err == nil {
		t.Error("Bounds of a disconnected graph: no error")
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	g := fromEdges(t, 3, [][2]int32{{0, 1}, {1, 2}})
	if _, err := ChannelLoads(ctx, g, []int32{1, 1}, LoadOptions{}); err == nil {
		t.Error("short conc: no error")
	}
	if _, err := ChannelLoads(ctx, g, []int32{1, -1, 1}, LoadOptions{}); err == nil {
		t.Error("negative conc: no error")
	}
	if _, err := ChannelLoads(ctx, g, nil, LoadOptions{Routing: 9}); err == nil {
		t.Error("bad routing: no error")
	}
	if _, err := MinimalPaths(ctx, g, nil, PathOptions{HistCap: -1}); err == nil {
		t.Error("negative histogram cap: no error")
	}
	if _, err := MinimalPaths(ctx, &graph.Graph{}, nil, PathOptions{}); err == nil {
		t.Error("empty graph struct: no error")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	top := build(t, "slimfly", families.Values{"q": int64(7)})
	if _, err := ChannelLoads(cancelled, top.Graph, nil, LoadOptions{}); err == nil {
		t.Error("cancelled loads: no error")
	}
	if _, err := MinimalPaths(cancelled, top.Graph, nil, PathOptions{}); err == nil {
		t.Error("cancelled paths: no error")
	}
	// Zero-router graph and graph without traffic.
	empty := fromEdges(t, 0, nil)
	if st, err := ChannelLoads(ctx, empty, nil, LoadOptions{}); err != nil || st.Utilization != 0 || st.Throughput != 1 {
		t.Errorf("empty graph: %+v, %v", st, err)
	}
	if st := loads(t, g, []int32{0, 5, 0}, SplitMinimal, 0); st.Flows != 0 || st.MaxLoad != 0 || st.Utilization != 0 || !math.IsInf(st.SaturationRate, 1) {
		t.Errorf("no traffic: %+v", st)
	}
}

// TestWorkerIndependence checks bit-identical results for any number of
// workers on graphs of many root blocks.
func TestWorkerIndependence(t *testing.T) {
	for _, top := range []*families.Topology{
		build(t, "slimfly", families.Values{"q": int64(11)}),
		build(t, "ring_random", families.Values{"routers": int64(1000), "degree": int64(4), "seed": int64(3)}),
		build(t, "torus", families.Values{"dims": []int64{6, 7, 8}}),
	} {
		g := top.Graph
		for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
			ref := loads(t, g, nil, r, 1)
			for _, w := range []int{2, 3, 5} {
				st := loads(t, g, nil, r, w)
				if !slices.Equal(st.Loads, ref.Loads) || !reflect.DeepEqual(stripLoads(st), stripLoads(ref)) {
					t.Errorf("%d routers %v: %d workers differ from 1", g.N(), r, w)
				}
			}
		}
		ref := paths(t, g, nil, 0, 1)
		for _, w := range []int{2, 5} {
			ps := paths(t, g, nil, 0, w)
			if ps.Mean != ref.Mean || !slices.Equal(ps.Hist, ref.Hist) || !slices.Equal(ps.ByDistance, ref.ByDistance) {
				t.Errorf("%d routers paths: %d workers differ from 1", g.N(), w)
			}
		}
	}
}

func stripLoads(st *LoadStats) *LoadStats {
	c := *st
	c.Loads = nil
	return &c
}

// TestCancel cancels long computations midway: they must return promptly
// with the context's error.
func TestCancel(t *testing.T) {
	top := build(t, "ring_random", families.Values{"routers": int64(3000), "degree": int64(8)})
	for _, run := range []func(ctx context.Context) error{
		func(ctx context.Context) error {
			_, err := ChannelLoads(ctx, top.Graph, nil, LoadOptions{Workers: 3})
			return err
		},
		func(ctx context.Context) error {
			_, err := MinimalPaths(ctx, top.Graph, nil, PathOptions{Workers: 3})
			return err
		},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
		start := time.Now()
		err := run(ctx)
		cancel()
		if err == nil || time.Since(start) > 2*time.Second {
			t.Errorf("cancelled after 5 ms: err %v after %v", err, time.Since(start))
		}
	}
}
