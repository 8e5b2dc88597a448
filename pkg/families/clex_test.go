package families

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// clexRefArcs builds the arcs of C(s, t) with n^s = k literally as
// Definition 2.3 of the CLEX paper states it, on 1-based labels: C(s, 1) is
// the clique K_k on labels (1), ..., (k); C(s, l+1) holds k copies of
// C(s, l), a node v of copy i being (v_1, ..., v_l, i), plus the arcs
// E_{i,l+1} = {((v_1, ..., v_l, i), (v_1, ..., v_{l-1}, j, v_l)) | j in 1..k}.
// Labels become ids by sum (v_m - 1) k^(m-1), the documented numbering.
func clexRefArcs(k, t int) [][2]int32 {
	type arc struct{ u, w []int }
	var arcs []arc
	for a := 1; a <= k; a++ {
		for b := 1; b <= k; b++ {
			if a != b {
				arcs = append(arcs, arc{[]int{a}, []int{b}})
			}
		}
	}
	labels := [][]int{}
	for a := 1; a <= k; a++ {
		labels = append(labels, []int{a})
	}
	for l := 1; l < t; l++ {
		var next []arc
		var nextLabels [][]int
		for i := 1; i <= k; i++ {
			for _, e := range arcs {
				next = append(next, arc{append(slices.Clone(e.u), i), append(slices.Clone(e.w), i)})
			}
			for _, v := range labels {
				nextLabels = append(nextLabels, append(slices.Clone(v), i))
				for j := 1; j <= k; j++ {
					w := append(slices.Clone(v[:l-1]), j, v[l-1])
					next = append(next, arc{append(slices.Clone(v), i), w})
				}
			}
		}
		arcs, labels = next, nextLabels
	}
	id := func(v []int) int32 {
		x := 0
		for m := len(v) - 1; m >= 0; m-- {
			x = x*k + v[m] - 1
		}
		return int32(x)
	}
	out := make([][2]int32, len(arcs))
	for i, e := range arcs {
		out[i] = [2]int32{id(e.u), id(e.w)}
	}
	return out
}

// TestCLEXDefinition checks Arcs and Neighbors against the literal
// Definition 2.3 for every node of small instances: Arcs(v) is exactly the
// multiset of the definition's arcs leaving v, every node has T*K - 1 arcs
// out and in, and Neighbors(v) is the set of nodes joined to v by an arc in
// either direction, sorted, of size Degree(v).
func TestCLEXDefinition(t *testing.T) {
	for _, kt := range [][2]int{{2, 1}, {4, 1}, {2, 2}, {3, 2}, {5, 2}, {2, 3}, {3, 3}, {4, 3}, {8, 3}, {2, 4}, {3, 4}, {4, 4}, {2, 6}} {
		k, tt := kt[0], kt[1]
		c := CLEX{K: k, T: tt}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		n := c.N()
		ref := clexRefArcs(k, tt)
		if len(ref) != n*c.OutDegree() {
			t.Fatalf("k=%d t=%d: definition gives %d arcs, want n(tk-1) = %d", k, tt, len(ref), n*c.OutDegree())
		}
		out := make([][]int32, n)
		in := make([]int, n)
		und := make([]map[int32]bool, n)
		for v := range und {
			und[v] = map[int32]bool{}
		}
		for _, e := range ref {
			out[e[0]] = append(out[e[0]], e[1])
			in[e[1]]++
			if e[0] != e[1] {
				und[e[0]][e[1]], und[e[1]][e[0]] = true, true
			}
		}
		var links int64
		for v := range n {
			got := c.Arcs(int32(v), nil)
			want := slices.Clone(out[v])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("k=%d t=%d: Arcs(%d) = %v, definition %v", k, tt, v, got, want)
			}
			if in[v] != c.OutDegree() {
				t.Errorf("k=%d t=%d: node %d has in-degree %d, want %d", k, tt, v, in[v], c.OutDegree())
			}
			nb := c.Neighbors(int32(v), nil)
			wantNb := make([]int32, 0, len(und[v]))
			for u := range und[v] {
				wantNb = append(wantNb, u)
			}
			slices.Sort(wantNb)
			if !slices.Equal(nb, wantNb) {
				t.Fatalf("k=%d t=%d: Neighbors(%d) = %v, definition %v", k, tt, v, nb, wantNb)
			}
			if c.Degree(int32(v)) != len(nb) {
				t.Errorf("k=%d t=%d: Degree(%d) = %d, %d neighbours", k, tt, v, c.Degree(int32(v)), len(nb))
			}
			links += int64(len(nb))
		}
		if links/2 != c.Links() {
			t.Errorf("k=%d t=%d: %d links, Links() = %d", k, tt, links/2, c.Links())
		}
	}
}

// TestCLEXSmallest spells out C(1/2, 2) with n^s = 2 (labels 1-based as in
// the paper): cliques {(1,1), (2,1)} and {(1,2), (2,2)}; level-2 arcs
// (2,1) -> (1,2), (2,2) and (1,2) -> (1,1), (2,1), while (1,1) -> (1,1),
// (2,1) and (2,2) -> (1,2), (2,2) are a loop and a repeated clique link.
func TestCLEXSmallest(t *testing.T) {
	top, _ := build(t, "clex", Values{"k": int64(2), "t": int64(2)})
	want := &graph.Graph{Off: []int32{0, 2, 5, 8, 10}, Adj: []int32{1, 2, 0, 2, 3, 0, 1, 3, 1, 2}}
	if g := top.Graph; !slices.Equal(g.Off, want.Off) || !slices.Equal(g.Adj, want.Adj) {
		t.Errorf("C(1/2, 2), k = 2: Off %v Adj %v, want %v %v", top.Graph.Off, top.Graph.Adj, want.Off, want.Adj)
	}
	if got := (CLEX{K: 2, T: 2}).Arcs(0, nil); !slices.Equal(got, []int32{1, 0, 1}) {
		t.Errorf("Arcs(0) = %v, want [1 0 1] (clique, loop, repeated clique arc)", got)
	}
	s := distances(t, top)
	if s.Diameter != 2 || s.Hist[1] != 10 || s.Hist[2] != 2 {
		t.Errorf("diameter %d, hist %v; want 2, 10 ordered pairs at 1 and 2 at 2", s.Diameter, s.Hist)
	}
}

// directedEcc returns the largest directed eccentricity over the arcs.
func directedEcc(c CLEX) int {
	n := c.N()
	dist := make([]int32, n)
	queue := make([]int32, 0, n)
	buf := make([]int32, 0, c.OutDegree())
	ecc := 0
	for s := range n {
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue = append(queue[:0], int32(s))
		for h := 0; h < len(queue); h++ {
			u := queue[h]
			buf = c.Arcs(u, buf)
			for _, w := range buf {
				if dist[w] < 0 {
					dist[w] = dist[u] + 1
					queue = append(queue, w)
				}
			}
		}
		if len(queue) != n {
			return -1
		}
		ecc = max(ecc, int(dist[queue[n-1]]))
	}
	return ecc
}

// TestCLEXBuild builds small instances and checks the metadata, the degrees
// against the closed forms and the diameter: the paper proves D <= 2^t - 1
// (Section II-B, D(C(s, l+1)) <= 2 D(C(s, l)) + 1); the exact diameter is t
// (see CLEX), for the undirected graph and for the paper's digraph.
func TestCLEXBuild(t *testing.T) {
	for _, kt := range [][2]int{{2, 1}, {7, 1}, {2, 2}, {4, 2}, {2, 3}, {3, 3}, {4, 3}, {8, 3}, {2, 4}, {3, 4}, {4, 4}, {8, 4}, {2, 8}, {3, 6}} {
		k, tt := kt[0], kt[1]
		c := CLEX{K: k, T: tt}
		top, _ := build(t, "clex", Values{"k": int64(k), "t": int64(tt)})
		g := top.Graph
		if g.N() != c.N() || g.Edges() != c.Links() {
			t.Fatalf("k=%d t=%d: %d routers %d links, want %d, %d", k, tt, g.N(), g.Edges(), c.N(), c.Links())
		}
		if g.MinDegree() != c.MinDegree() || g.MaxDegree() != c.MaxDegree() || c.MinDegree() != tt*(k-1) {
			t.Errorf("k=%d t=%d: degrees %d..%d, closed forms %d..%d, t(k-1) = %d", k, tt, g.MinDegree(), g.MaxDegree(), c.MinDegree(), c.MaxDegree(), tt*(k-1))
		}
		label := make([]int32, 0, tt)
		for v := range g.N() {
			if g.Degree(int32(v)) != c.Degree(int32(v)) {
				t.Fatalf("k=%d t=%d: router %d degree %d, Degree() %d", k, tt, v, g.Degree(int32(v)), c.Degree(int32(v)))
			}
			label = c.Label(int32(v), label)
			if !slices.Equal(top.Coords[v*tt:(v+1)*tt], label) || c.ID(label) != int32(v) {
				t.Fatalf("k=%d t=%d: router %d Coords %v, label %v", k, tt, v, top.Coords[v*tt:(v+1)*tt], label)
			}
			// Group = the level-1 clique: routers of one group are pairwise adjacent.
			if top.Group[v] != int32(v/k) || top.Conc[v] != 1 {
				t.Fatalf("k=%d t=%d: router %d Group %d Conc %d", k, tt, v, top.Group[v], top.Conc[v])
			}
			if v%k != 0 {
				if _, ok := slices.BinarySearch(g.Neighbors(int32(v)), int32(v-1)); !ok {
					t.Fatalf("k=%d t=%d: routers %d and %d of clique %d not adjacent", k, tt, v-1, v, v/k)
				}
			}
		}
		s := distances(t, top)
		if !s.Connected() || s.Diameter != tt || s.Diameter > 1<<tt-1 {
			t.Errorf("k=%d t=%d: diameter %d, want t = %d (paper bound 2^t - 1 = %d)", k, tt, s.Diameter, tt, 1<<tt-1)
		}
		if c.N() <= 1024 {
			if d := directedEcc(c); d != tt {
				t.Errorf("k=%d t=%d: directed diameter %d, want %d", k, tt, d, tt)
			}
		}
	}
}

// TestCLEXSizeMatchesBuild compares Size with the measured size of the built
// graph over a sweep of small parameters.
func TestCLEXSizeMatchesBuild(t *testing.T) {
	var cases []Values
	for k := int64(2); k <= 7; k++ {
		for tt := int64(1); tt <= 5; tt++ {
			if n, _ := pow64(k, tt); n <= 2500 {
				cases = append(cases, Values{"k": k, "t": tt, "p": (k+tt)%3 + 1})
			}
		}
	}
	cases = append(cases, Values{"k": int64(4), "t": int64(3), "p": int64(2), "max_radix": int64(18)})
	for _, given := range cases {
		top, _ := build(t, "clex", given)
		if got, want := measured(top), sizeOf(t, "clex", given); got != want {
			t.Errorf("clex %v: built %+v, Size %+v", given, got, want)
		}
	}
}

// TestCLEXPaperInstances checks the two simulated instances of the paper
// (Section III: C(1/3, 3) with 64^3 nodes, C(1/4, 4) with 32^4 nodes)
// through the implicit API, without building: out-degree n^s/s - 1 (191,
// 127) for sampled nodes; Neighbors(v) equal to the arcs leaving v plus the
// arcs entering it (found by scanning every node's arcs), sorted, of size
// Degree(v), and symmetric (u in N(v) iff v in N(u)); and the closed forms
// for links and degree extremes against sums over every node.
func TestCLEXPaperInstances(t *testing.T) {
	tests := []struct {
		k, t, n, outDeg, minDeg, maxDeg int
		links                           int64
		routers                         int64
	}{
		{k: 64, t: 3, n: 262144, outDeg: 191, minDeg: 189, maxDeg: 316, links: 41279616},
		{k: 32, t: 4, n: 1048576, outDeg: 127, minDeg: 124, maxDeg: 219, links: 114151424},
	}
	for _, tt := range tests {
		c := CLEX{K: tt.k, T: tt.t}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		if c.N() != tt.n || c.OutDegree() != tt.outDeg || c.OutDegree() != tt.k*tt.t-1 {
			t.Fatalf("C(1/%d, %d), %d^%d: N %d, out-degree %d; want %d, %d", tt.t, tt.t, tt.k, tt.t, c.N(), c.OutDegree(), tt.n, tt.outDeg)
		}
		// Sums over every node: links, degree extremes.
		var sum int64
		lo, hi := c.N(), 0
		for v := range c.N() {
			d := c.Degree(int32(v))
			sum += int64(d)
			lo, hi = min(lo, d), max(hi, d)
		}
		if sum != 2*tt.links || c.Links() != tt.links || lo != tt.minDeg || hi != tt.maxDeg || c.MinDegree() != lo || c.MaxDegree() != hi {
			t.Errorf("%d^%d: degree sum %d, degrees %d..%d; Links() %d, Min/MaxDegree %d..%d; want %d links, %d..%d",
				tt.k, tt.t, sum, lo, hi, c.Links(), c.MinDegree(), c.MaxDegree(), tt.links, tt.minDeg, tt.maxDeg)
		}
		sz := sizeOf(t, "clex", Values{"k": int64(tt.k), "t": int64(tt.t)})
		if want := (Size{Routers: int64(tt.n), Endpoints: int64(tt.n), Links: tt.links, NetworkRadix: int64(tt.maxDeg), Radix: int64(tt.maxDeg) + 1}); sz != want {
			t.Errorf("%d^%d: Size %+v, want %+v", tt.k, tt.t, sz, want)
		}

		// A sample of nodes, including the extreme labels.
		rng := rand.New(rand.NewPCG(1, 0xc1e4))
		sample := []int32{0, int32(c.N() - 1), int32(c.N() / 3)}
		for range 150 {
			sample = append(sample, int32(rng.IntN(c.N())))
		}
		slices.Sort(sample)
		sample = slices.Compact(sample)
		inSample := make([]int32, c.N()) // 1 + index in sample, 0 if absent
		for i, v := range sample {
			inSample[v] = int32(i + 1)
		}
		want := make([]map[int32]bool, len(sample)) // arcs out of and into each sampled node
		for i, v := range sample {
			want[i] = map[int32]bool{}
			arcs := c.Arcs(v, nil)
			if len(arcs) != tt.outDeg {
				t.Fatalf("%d^%d: node %d has %d arcs, want %d", tt.k, tt.t, v, len(arcs), tt.outDeg)
			}
			for _, w := range arcs {
				if w != v {
					want[i][w] = true
				}
			}
		}
		buf := make([]int32, 0, c.OutDegree())
		for u := range c.N() {
			buf = c.Arcs(int32(u), buf)
			for _, w := range buf {
				if i := inSample[w]; i > 0 && w != int32(u) {
					want[i-1][int32(u)] = true
				}
			}
		}
		nb := make([]int32, 0, c.MaxDegree())
		nb2 := make([]int32, 0, c.MaxDegree())
		for i, v := range sample {
			nb = c.Neighbors(v, nb)
			if len(nb) != c.Degree(v) || len(nb) != len(want[i]) || !slices.IsSorted(nb) {
				t.Fatalf("%d^%d: node %d: %d neighbours (sorted %v), Degree %d, %d nodes joined by arcs",
					tt.k, tt.t, v, len(nb), slices.IsSorted(nb), c.Degree(v), len(want[i]))
			}
			for j, u := range nb {
				if !want[i][u] || j > 0 && nb[j-1] == u {
					t.Fatalf("%d^%d: neighbour %d of %d is not joined by an arc (or repeated)", tt.k, tt.t, u, v)
				}
				nb2 = c.Neighbors(u, nb2)
				if _, ok := slices.BinarySearch(nb2, v); !ok {
					t.Fatalf("%d^%d: %d in N(%d) but not %d in N(%d)", tt.k, tt.t, u, v, v, u)
				}
			}
		}
		if allocs := testing.AllocsPerRun(10, func() {
			nb = c.Neighbors(sample[3], nb)
			buf = c.Arcs(sample[3], buf)
		}); allocs != 0 {
			t.Errorf("%d^%d: Neighbors and Arcs allocate %.0f times with capacity", tt.k, tt.t, allocs)
		}
	}
}

// TestCLEXLimits checks sizes beyond the build limits and parameter errors.
func TestCLEXLimits(t *testing.T) {
	f, _ := Default().Lookup("clex")
	// 32^4 has 114M links: Size works, Build refuses (the limit is 2^26).
	v, err := f.Normalize(Values{"k": int64(32), "t": int64(4)})
	if err != nil {
		t.Fatal(err)
	}
	var pe *ParamError
	if _, err := f.Build(context.Background(), v); !errors.As(err, &pe) || pe.Param != "k" {
		t.Errorf("Build of 32^4: err = %v, want a ParamError on k", err)
	}
	// 1000^5 = 10^15 routers, 4.5 * 10^18 links: sizes without building.
	// The largest degree is that of labels with distinct digits at
	// distance 1 and 2: k-1 + (t-1)(2k-3) + 2(t-2) + 1.
	huge := sizeOf(t, "clex", Values{"k": int64(1000), "t": int64(5), "p": int64(2)})
	if huge.Routers != 1e15 || huge.Endpoints != 2e15 || huge.NetworkRadix != 999+4*1997+2*3+1 || huge.Radix != huge.NetworkRadix+2 ||
		huge.Links != clexLinksCheck(1000, 5) || huge.Links < 4e18 {
		t.Errorf("1000^5: Size %+v", huge)
	}
	// t = 1 is the clique K_k.
	if s := sizeOf(t, "clex", Values{"k": int64(1 << 30), "t": int64(1)}); s.Links != (1<<30)*(1<<30-1)/2 || s.NetworkRadix != 1<<30-1 {
		t.Errorf("k = 2^30, t = 1: Size %+v", s)
	}
	bad := []struct {
		given Values
		param string
	}{
		{Values{"k": int64(1), "t": int64(3)}, "k"},
		{Values{"k": int64(4), "t": int64(0)}, "t"},
		{Values{"k": int64(2), "t": int64(63)}, "t"},
		{Values{"k": int64(10), "t": int64(19)}, "t"},                          // 10^19 overflows
		{Values{"k": int64(1000), "t": int64(6)}, "t"},                         // 10^18 routers, links overflow
		{Values{"k": int64(1 << 20), "t": int64(3), "p": int64(1 << 30)}, "t"}, // endpoints overflow
		{Values{"k": int64(4), "t": int64(3), "p": int64(0)}, "p"},
		{Values{"k": int64(4), "t": int64(3), "max_radix": int64(16)}, "max_radix"}, // max degree 16 needs 17
		{Values{"k": int64(4), "t": int64(3), "p": int64(3), "max_radix": int64(18)}, "p"},
		{Values{"k": "big", "t": int64(3)}, "k"},
	}
	for _, b := range bad {
		v, err := f.Normalize(b.given)
		if err == nil {
			_, err = f.Size(v)
		}
		if !errors.As(err, &pe) || pe.Param != b.param {
			t.Errorf("clex %v: err = %v, want a ParamError on %s", b.given, err, b.param)
		}
	}
	if err := (CLEX{K: 2, T: 31}).Validate(); err == nil {
		t.Errorf("CLEX{2, 31}.Validate() accepted 2^31 nodes")
	}
	if err := (CLEX{K: 1, T: 3}).Validate(); err == nil {
		t.Errorf("CLEX{1, 3}.Validate() accepted K = 1")
	}
}

// clexLinksCheck counts the links of the k^t CLEX network by classes of node
// pairs with big-number-free int64 arithmetic in a different order from
// clexLinks: for each digit position, the pairs differing there only or
// there and one position below, counted per choice of the other digits.
func clexLinksCheck(k, t int64) int64 {
	var links int64
	rest, _ := pow64(k, t-1) // choices of the other t-1 digits
	links += rest * k * (k - 1) / 2
	for l := int64(2); l <= t; l++ {
		rest2, _ := pow64(k, t-2)
		links += rest2 * (k*(k-1)*(k-1) - k*(k-1)/2) // digits l-1 and l: arcs minus mutual pairs
		if l < t {
			// k^(t-3) choices outside {l-1, l, l+1}; v_{l-1} = v_{l+1} or not.
			rest3, _ := pow64(k, t-3)
			links += rest3 * (k*(k-1) + k*(k-1)*(2*k-3))
		} else {
			links += rest2 * k * (k - 1)
		}
	}
	return links
}

// ExampleCLEX evaluates C(1/3, 3) with 64^3 nodes, the paper's smaller
// simulated instance, without building it.
func ExampleCLEX() {
	c := CLEX{K: 64, T: 3}
	if err := c.Validate(); err != nil {
		panic(err)
	}
	v := c.ID([]int32{5, 9, 2}) // label (v_1, v_2, v_3), digits from 0
	arcs := c.Arcs(v, make([]int32, 0, c.OutDegree()))
	nb := c.Neighbors(v, make([]int32, 0, c.MaxDegree()))
	fmt.Printf("%d nodes, out-degree n^s/s - 1 = %d\n", c.N(), len(arcs))
	fmt.Printf("node %d %v: %d neighbours (undirected degrees %d..%d, %d links)\n",
		v, c.Label(v, nil), len(nb), c.MinDegree(), c.MaxDegree(), c.Links())
	fmt.Println("level-3 arcs to", c.Label(arcs[63+64], nil), "...", c.Label(arcs[len(arcs)-1], nil))
	// Output:
	// 262144 nodes, out-degree n^s/s - 1 = 191
	// node 8773 [5 9 2]: 316 neighbours (undirected degrees 189..316, 41279616 links)
	// level-3 arcs to [5 0 9] ... [5 63 9]
}

// BenchmarkBuildCLEX builds C(1/3, 3) with 64^3 nodes (41,279,616 links),
// the paper's smaller simulated instance.
func BenchmarkBuildCLEX(b *testing.B) {
	f, _ := Default().Lookup("clex")
	v, err := f.Normalize(Values{"k": int64(64), "t": int64(3)})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		top, err := f.Build(context.Background(), v)
		if err != nil {
			b.Fatal(err)
		}
		if top.Graph.Edges() != 41279616 {
			b.Fatalf("%d links", top.Graph.Edges())
		}
	}
}

// BenchmarkCLEXNeighbors lists the neighbours of the nodes of C(1/4, 4) with
// 32^4 nodes in turn through the implicit API (per node).
func BenchmarkCLEXNeighbors(b *testing.B) {
	c := CLEX{K: 32, T: 4}
	dst := make([]int32, 0, c.MaxDegree())
	v := int32(0)
	b.ReportAllocs()
	for b.Loop() {
		dst = c.Neighbors(v, dst)
		if v++; int(v) == c.N() {
			v = 0
		}
	}
}
