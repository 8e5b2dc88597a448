package families

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/gf"
)

// productHist returns the distance histogram (ordered pairs of distinct
// routers, as graph.DistanceStats.Hist) of a Cartesian product graph from
// the ordered-pair distance counts of its factors: distances add up over
// the factors, so the pair counts convolve.
func productHist(factors [][]int64) []int64 {
	h := []int64{1}
	for _, f := range factors {
		out := make([]int64, len(h)+len(f)-1)
		for i, a := range h {
			for j, b := range f {
				out[i+j] += a * b
			}
		}
		h = out
	}
	h[0] = 0 // pairs of a router with itself
	return h
}

// ringPairs returns the ordered pairs (u, v) of a k-ring at each distance.
func ringPairs(k int64) []int64 {
	c := make([]int64, k/2+1)
	for d := int64(0); d < k; d++ {
		c[min(d, k-d)] += k
	}
	return c
}

// linePairs returns the ordered pairs of a path of k routers at each distance.
func linePairs(k int64) []int64 {
	c := make([]int64, k)
	c[0] = k
	for d := int64(1); d < k; d++ {
		c[d] = 2 * (k - d)
	}
	return c
}

// cliquePairs returns the ordered pairs of K_s at each distance.
func cliquePairs(s int64) []int64 {
	if s == 1 {
		return []int64{1}
	}
	return []int64{s, s * (s - 1)}
}

func binomial(n, k int64) int64 {
	r := int64(1)
	for i := int64(1); i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// histSum returns the sum of d*h[d] and the number of pairs counted.
func histSum(h []int64) (sum, pairs int64) {
	for d, c := range h {
		sum += int64(d) * c
		pairs += c
	}
	return sum, pairs
}

// TestTorusLayoutTable1 reproduces the TORUS rows of Table 1 of Koibuchi et
// al., Layout-conscious Random Topologies (section III-B): TORUS-4 = 16x16
// torus, diameter 16, ASPL 8.00; TORUS-6 = 16x16x16, diameter 24, ASPL
// 12.00. The table's ASPL is the mean distance over all N^2 ordered pairs
// of vertices, a vertex with itself included: exactly 8 and 12 (k/4 = 4
// hops per dimension). Over the N(N-1) ordered pairs of distinct vertices
// (AvgDistance) it is 8*256/255 = 8.03 and 12*4096/4095 = 12.003: the 2D
// value would print as 8.03, so the table uses the N^2 definition.
func TestTorusLayoutTable1(t *testing.T) {
	tests := []struct {
		given            Values
		routers          int64
		degree, diameter int
		aspl             int64 // sum of distances / N^2, exact
		distinct         float64
		distinctStr      string // the distinct-pair average to two decimals
	}{
		{Values{"k": int64(16), "n": int64(2)}, 256, 4, 16, 8, 8 * 256.0 / 255, "8.03"},
		{Values{"dims": []int64{16, 16}}, 256, 4, 16, 8, 8 * 256.0 / 255, "8.03"},
		{Values{"k": int64(16), "n": int64(3)}, 4096, 6, 24, 12, 12 * 4096.0 / 4095, "12.00"},
	}
	for _, tt := range tests {
		top, _ := build(t, "torus", tt.given)
		g := top.Graph
		d, reg := regular(g)
		if int64(g.N()) != tt.routers || !reg || d != tt.degree {
			t.Fatalf("%v: %d routers, degree %d regular %v; want %d, %d-regular", tt.given, g.N(), d, reg, tt.routers, tt.degree)
		}
		s := distances(t, top)
		sum, pairs := histSum(s.Hist)
		n := tt.routers
		if s.Diameter != tt.diameter || pairs != n*(n-1) || sum != tt.aspl*n*n {
			t.Errorf("%v: diameter %d, sum of distances %d over %d pairs; want %d, %d = %d * N^2",
				tt.given, s.Diameter, sum, pairs, tt.diameter, tt.aspl*n*n, tt.aspl)
		}
		if got := s.AvgDistance(); math.Abs(got-tt.distinct) > 1e-12 || fmt.Sprintf("%.2f", got) != tt.distinctStr {
			t.Errorf("%v: average over distinct pairs %v, want %v (%s)", tt.given, got, tt.distinct, tt.distinctStr)
		}
		if got := fmt.Sprintf("%.2f", float64(sum)/float64(n*n)); got != fmt.Sprintf("%d.00", tt.aspl) {
			t.Errorf("%v: average over all N^2 pairs prints as %s, want Table 1's %d.00", tt.given, got, tt.aspl)
		}
	}
	// dims = [16, 16] is the same graph as k = 16, n = 2.
	a, _ := build(t, "torus", Values{"k": int64(16), "n": int64(2)})
	b, _ := build(t, "torus", Values{"dims": []int64{16, 16}})
	if !slices.Equal(a.Graph.Off, b.Graph.Off) || !slices.Equal(a.Graph.Adj, b.Graph.Adj) || !slices.Equal(a.Coords, b.Coords) {
		t.Error("dims = [16, 16] differs from k = 16, n = 2")
	}
}

// TestGridDims checks tori and meshes of any shape against exact distance
// histograms (convolutions of ring / path distances), sizes, degrees and
// coordinates.
func TestGridDims(t *testing.T) {
	tests := []struct {
		fam      string
		dims     []int64
		diameter int
		minDeg   int
		maxDeg   int
	}{
		{"torus", []int64{4, 4, 8}, 8, 6, 6},
		{"torus", []int64{2, 3, 5}, 1 + 1 + 2, 6, 6},
		{"torus", []int64{7}, 3, 2, 2},
		{"torus", []int64{3, 6}, 1 + 3, 4, 4},
		{"mesh", []int64{4, 4, 8}, 3 + 3 + 7, 3, 6},
		{"mesh", []int64{2, 3, 5}, 1 + 2 + 4, 3, 5},
		{"mesh", []int64{2, 2, 2, 2}, 4, 4, 4},
		{"mesh", []int64{9}, 8, 1, 2},
		{"mesh", []int64{5, 3}, 4 + 2, 2, 4},
	}
	for _, tt := range tests {
		given := Values{"dims": tt.dims, "p": int64(2)}
		top, v := build(t, tt.fam, given)
		g := top.Graph
		var factors [][]int64
		routers := int64(1)
		for _, k := range tt.dims {
			routers *= k
			if tt.fam == "torus" {
				factors = append(factors, ringPairs(k))
			} else {
				factors = append(factors, linePairs(k))
			}
		}
		if int64(g.N()) != routers || g.MinDegree() != tt.minDeg || g.MaxDegree() != tt.maxDeg {
			t.Errorf("%s %v: %d routers, degrees %d..%d; want %d, %d..%d", tt.fam, tt.dims, g.N(), g.MinDegree(), g.MaxDegree(), routers, tt.minDeg, tt.maxDeg)
		}
		s := distances(t, top)
		if want := productHist(factors); s.Diameter != tt.diameter || !slices.Equal(s.Hist, want) {
			t.Errorf("%s %v: diameter %d, hist %v; want %d, %v", tt.fam, tt.dims, s.Diameter, s.Hist, tt.diameter, want)
		}
		if want := sizeOf(t, tt.fam, given); measured(top) != want {
			t.Errorf("%s %v: built %+v, Size %+v", tt.fam, tt.dims, measured(top), want)
		}
		// Equal lengths resolve to k and n, others keep dims with k = 0.
		wantK, wantDims := int64(0), tt.dims
		if slices.Min(tt.dims) == slices.Max(tt.dims) {
			wantK, wantDims = tt.dims[0], nil
		}
		if v.Int("n") != int64(len(tt.dims)) || v.Int("k") != wantK || !slices.Equal(v.IntList("dims"), wantDims) {
			t.Errorf("%s %v: resolved %v", tt.fam, tt.dims, v)
		}
		n := len(tt.dims)
		for r := 0; r < g.N(); r++ {
			id, stride := 0, 1
			for i := 0; i < n; i++ {
				id += int(top.Coords[r*n+i]) * stride
				stride *= int(tt.dims[i])
			}
			if id != r {
				t.Fatalf("%s %v: router %d has coords %v", tt.fam, tt.dims, r, top.Coords[r*n:(r+1)*n])
			}
		}
	}
}

func TestMesh(t *testing.T) {
	for k := int64(2); k <= 6; k++ {
		for n := int64(1); n <= 3; n++ {
			given := Values{"k": k, "n": n}
			top, _ := build(t, "mesh", given)
			g := top.Graph
			kn := int64(math.Pow(float64(k), float64(n)))
			links := n * (k - 1) * kn / k
			maxDeg := n * min(2, k-1)
			if int64(g.N()) != kn || g.Edges() != links || int64(g.MinDegree()) != n || int64(g.MaxDegree()) != maxDeg {
				t.Errorf("%v: %d routers, %d links, degrees %d..%d; want %d, %d, %d..%d",
					given, g.N(), g.Edges(), g.MinDegree(), g.MaxDegree(), kn, links, n, maxDeg)
			}
			if s := distances(t, top); s.Diameter != int(n*(k-1)) || !s.Connected() {
				t.Errorf("%v: diameter %d, want n(k-1) = %d", given, s.Diameter, n*(k-1))
			}
		}
	}
}

func TestFoldedHypercube(t *testing.T) {
	for n := int64(2); n <= 10; n++ {
		given := Values{"n": n, "p": int64(3)}
		top, _ := build(t, "folded_hypercube", given)
		g := top.Graph
		d, reg := regular(g)
		if g.N() != 1<<n || !reg || int64(d) != n+1 || g.Edges() != (n+1)<<(n-1) {
			t.Errorf("n = %d: %d routers, degree %d regular %v, %d links; want %d, %d-regular, %d",
				n, g.N(), d, reg, g.Edges(), 1<<n, n+1, (n+1)<<(n-1))
		}
		// Labels differing in h bits are at distance min(h, n+1-h).
		want := make([]int64, (n+1)/2+1)
		for h := int64(1); h <= n; h++ {
			want[min(h, n+1-h)] += binomial(n, h) << n
		}
		s := distances(t, top)
		if s.Diameter != int((n+1)/2) || !slices.Equal(s.Hist, want) {
			t.Errorf("n = %d: diameter %d, hist %v; want ceil(n/2) = %d, %v", n, s.Diameter, s.Hist, (n+1)/2, want)
		}
		if got, want := measured(top), sizeOf(t, "folded_hypercube", given); got != want {
			t.Errorf("n = %d: built %+v, Size %+v", n, got, want)
		}
		for r := 0; r < g.N(); r++ {
			if !slices.Contains(g.Neighbors(int32(r)), int32(r^(1<<n-1))) {
				t.Fatalf("n = %d: router %d not linked to its complement", n, r)
			}
		}
	}
}

// intraGroupLinks counts the links whose two routers share a Group.
func intraGroupLinks(top *Topology) int64 {
	var c int64
	g := top.Graph
	for v := 0; v < g.N(); v++ {
		for _, u := range g.Neighbors(int32(v)) {
			if int(u) > v && top.Group[u] == top.Group[v] {
				c++
			}
		}
	}
	return c
}

// TestFlattenedButterflySC14 checks the FBF-3 networks of Table IV of Besta
// and Hoefler, Slim Fly, SC14: k = 10 (1,000 routers, 10,000 endpoints,
// 4,500 electric cables) and k = 12 (1,728 routers, 20,736 endpoints, 9,504
// electric cables): the electric cables are the links inside the racks of k
// routers (section VI-B d). The table's radix (33 and 43) and fiber counts
// (10,000 and 20,736) do not follow from that construction (4k - 3 = 37
// and 45; 3k^3(k-1)/2 - electric = 9,000 and 19,008 fiber links), so they
// are not asserted.
func TestFlattenedButterflySC14(t *testing.T) {
	tests := []struct {
		k                                int64
		routers, endpoints, electric, rk int64
	}{
		{k: 10, routers: 1000, endpoints: 10000, electric: 4500, rk: 37},
		{k: 12, routers: 1728, endpoints: 20736, electric: 9504, rk: 45},
	}
	for _, tt := range tests {
		top, v := build(t, "flattened_butterfly", Values{"k": tt.k})
		sz := measured(top)
		if v.Int("p") != tt.k || v.Int("n") != 3 || sz.Routers != tt.routers || sz.Endpoints != tt.endpoints || sz.Radix != tt.rk {
			t.Errorf("k = %d: resolved %v, built %+v; want %d routers, %d endpoints, radix %d", tt.k, v, sz, tt.routers, tt.endpoints, tt.rk)
		}
		if got := intraGroupLinks(top); got != tt.electric || sz.Links != 3*tt.routers*(tt.k-1)/2 {
			t.Errorf("k = %d: %d intra-rack links of %d; want %d of %d", tt.k, got, sz.Links, tt.electric, 3*tt.routers*(tt.k-1)/2)
		}
		if !slices.Equal(top.Cabinet, top.Group) {
			t.Errorf("k = %d: Cabinet differs from Group", tt.k)
		}
		for r := range top.Group {
			if top.Group[r] != int32(int64(r)/tt.k) {
				t.Fatalf("k = %d: router %d in group %d", tt.k, r, top.Group[r])
			}
		}
		if s := distances(t, top); s.Diameter != 3 {
			t.Errorf("k = %d: diameter %d, want 3", tt.k, s.Diameter)
		}
	}
}

// TestHyperX checks degree K*sum(S_i - 1), diameter = #{i : S_i > 1} and the
// exact distance histogram (pairs differing in d coordinates are at
// distance d) for general shapes and trunking.
func TestHyperX(t *testing.T) {
	tests := []struct {
		dims  []int64
		trunk int64
	}{
		{[]int64{4}, 1},
		{[]int64{1}, 1},
		{[]int64{2, 2, 2}, 1},
		{[]int64{3, 4, 2}, 2},
		{[]int64{1, 3, 4}, 1},
		{[]int64{5, 1, 5}, 3},
		{[]int64{2, 3, 4, 5}, 1},
		{[]int64{6, 6}, 2},
	}
	for _, tt := range tests {
		given := Values{"dims": tt.dims, "trunking": tt.trunk, "p": "balanced"}
		top, v := build(t, "hyperx", given)
		g := top.Graph
		var factors [][]int64
		routers, degree, diameter, minS := int64(1), int64(0), 0, int64(0)
		for _, s := range tt.dims {
			routers *= s
			degree += (s - 1) * tt.trunk
			factors = append(factors, cliquePairs(s))
			if s > 1 {
				diameter++
				if minS == 0 || s < minS {
					minS = s
				}
			}
		}
		d, reg := regular(g)
		if int64(g.N()) != routers || !reg || int64(d) != degree || g.Edges() != routers*degree/2 {
			t.Errorf("%v K=%d: %d routers, degree %d regular %v, %d links; want %d, %d-regular", tt.dims, tt.trunk, g.N(), d, reg, g.Edges(), routers, degree)
		}
		s := distances(t, top)
		if want := productHist(factors); s.Diameter != diameter || !slices.Equal(s.Hist, want) {
			t.Errorf("%v K=%d: diameter %d, hist %v; want %d, %v", tt.dims, tt.trunk, s.Diameter, s.Hist, diameter, want)
		}
		if wantP := max(1, minS*tt.trunk); v.Int("p") != wantP {
			t.Errorf("%v K=%d: balanced p = %d, want %d", tt.dims, tt.trunk, v.Int("p"), wantP)
		}
		if want := sizeOf(t, "hyperx", given); measured(top) != want {
			t.Errorf("%v K=%d: built %+v, Size %+v", tt.dims, tt.trunk, measured(top), want)
		}
		L := len(tt.dims)
		for r := 0; r < g.N(); r++ {
			id, stride := int64(0), int64(1)
			for i := 0; i < L; i++ {
				id += int64(top.Coords[r*L+i]) * stride
				stride *= tt.dims[i]
			}
			if id != int64(r) || int64(top.Group[r]) != int64(r)/tt.dims[0] {
				t.Fatalf("%v: router %d has coords %v, group %d", tt.dims, r, top.Coords[r*L:(r+1)*L], top.Group[r])
			}
		}
	}
}

// TestHamming checks the Hamming graphs H(L, q) (hyperx with L dimensions
// of q routers): from every router, C(L, d)(q-1)^d routers at distance d.
func TestHamming(t *testing.T) {
	for _, L := range []int64{2, 3} {
		for q := int64(2); q <= 7; q++ {
			dims := make([]int64, L)
			for i := range dims {
				dims[i] = q
			}
			top, _ := build(t, "hyperx", Values{"dims": dims})
			n := int64(top.Graph.N())
			want := make([]int64, L+1)
			for d := int64(1); d <= L; d++ {
				pw, _ := pow64(q-1, d)
				want[d] = n * binomial(L, d) * pw
			}
			if s := distances(t, top); !slices.Equal(s.Hist, want) {
				t.Errorf("H(%d, %d): hist %v, want %v", L, q, s.Hist, want)
			}
		}
	}
}

// TestHammingProjective reproduces the Hamming networks of Camarero et al.,
// Projective Networks: Table 4's K_22^2 (T = 10,648, R = 64, N = 484,
// Delta_0 = 22; 5,082 electrical cables inside the 22 groups of 22 routers
// and 5,082 optical), Table 5's K_29^2 (T = 24,389, R = 85, N = 841,
// Delta_0 = 29; 5,684 + 17,864 = 23,548 cables) and Table 3's 3D graph of
// side n (T = n^4, R = 4n - 3, N = n^3, Delta = 3(n-1), Delta_0 = n).
func TestHammingProjective(t *testing.T) {
	top, v := build(t, "hyperx", Values{"dims": []int64{22, 22}, "p": "balanced"})
	sz := measured(top)
	if v.Int("p") != 22 || sz != (Size{Routers: 484, Endpoints: 10648, Links: 10164, Radix: 64, NetworkRadix: 42}) {
		t.Errorf("K_22^2: p = %d, built %+v", v.Int("p"), sz)
	}
	if got := intraGroupLinks(top); got != 5082 {
		t.Errorf("K_22^2: %d electrical (intra-group) links, want 5,082", got)
	}
	want := Size{Routers: 841, Endpoints: 24389, Links: 5684 + 17864, Radix: 85, NetworkRadix: 56}
	if got := sizeOf(t, "hyperx", Values{"dims": []int64{29, 29}, "p": "balanced"}); got != want {
		t.Errorf("K_29^2: Size %+v, want %+v", got, want)
	}
	for n := int64(2); n <= 8; n++ {
		got := sizeOf(t, "hyperx", Values{"dims": []int64{n, n, n}, "p": "balanced"})
		if got.Endpoints != n*n*n*n || got.Radix != 4*n-3 || got.Routers != n*n*n || got.NetworkRadix != 3*(n-1) {
			t.Errorf("3D Hamming of side %d: %+v", n, got)
		}
	}
}

func TestComplete(t *testing.T) {
	for n := int64(1); n <= 9; n++ {
		given := Values{"n": n, "p": "balanced"}
		top, v := build(t, "complete", given)
		g := top.Graph
		d, reg := regular(g)
		s := distances(t, top)
		wantDiam := 1
		if n == 1 {
			wantDiam = 0
		}
		if int64(g.N()) != n || !reg || int64(d) != n-1 || g.Edges() != n*(n-1)/2 || s.Diameter != wantDiam {
			t.Errorf("K_%d: %d routers, degree %d, %d links, diameter %d", n, g.N(), d, g.Edges(), s.Diameter)
		}
		// Table 3 of the projective paper: Delta_0 = N, T = N^2, R = 2N - 1.
		sz := measured(top)
		if v.Int("p") != n || sz.Endpoints != n*n || sz.Radix != 2*n-1 || sz != sizeOf(t, "complete", given) {
			t.Errorf("K_%d: p = %d, built %+v, Size %+v", n, v.Int("p"), sz, sizeOf(t, "complete", given))
		}
	}
}

func TestCompleteBipartite(t *testing.T) {
	for n := int64(1); n <= 7; n++ {
		top, v := build(t, "complete_bipartite", Values{"n": n, "p": "balanced"})
		g := top.Graph
		d, reg := regular(g)
		s := distances(t, top)
		wantDiam := 2
		if n == 1 {
			wantDiam = 1
		}
		if int64(g.N()) != 2*n || !reg || int64(d) != n || g.Edges() != n*n || s.Diameter != wantDiam {
			t.Errorf("K_{%d,%d}: %d routers, degree %d, %d links, diameter %d", n, n, g.N(), d, g.Edges(), s.Diameter)
		}
		for r := 0; r < g.N(); r++ {
			if top.Group[r] != int32(int64(r)/n) || top.Coords[2*r] != top.Group[r] || int64(top.Coords[2*r+1]) != int64(r)%n {
				t.Fatalf("K_{%d,%d}: router %d group %d coords %v", n, n, r, top.Group[r], top.Coords[2*r:2*r+2])
			}
			for _, u := range g.Neighbors(int32(r)) {
				if top.Group[u] == top.Group[r] {
					t.Fatalf("K_{%d,%d}: link %d-%d inside a side", n, n, r, u)
				}
			}
		}
		// K_{n,n} = Turan(2n, 2).
		tu, _ := build(t, "turan", Values{"n": 2 * n, "r": int64(2)})
		if n > 0 && (!slices.Equal(tu.Graph.Adj, g.Adj) || !slices.Equal(tu.Graph.Off, g.Off)) {
			t.Errorf("K_{%d,%d} differs from Turan(%d, 2)", n, n, 2*n)
		}
		if want := (2*n + 1) / 3; v.Int("p") != want { // the integer nearest to 2n/3
			t.Errorf("K_{%d,%d}: balanced p = %d, want round(2n/3) = %d", n, n, v.Int("p"), want)
		}
	}
	// Table 3: n = 3 has Delta_0 = 2n/3 = 2, T = 4n^2/3 = 12, R = 5n/3 = 5.
	if sz := sizeOf(t, "complete_bipartite", Values{"n": int64(3), "p": "balanced"}); sz.Endpoints != 12 || sz.Radix != 5 {
		t.Errorf("K_{3,3} balanced: %+v", sz)
	}
}

func TestTuran(t *testing.T) {
	tests := []struct {
		n, r  int64
		links int64 // 0: check the formula only
	}{
		{n: 10, r: 3, links: 33}, // t(10, 3): parts 4, 3, 3
		{n: 7, r: 2, links: 12},  // floor(49/4)
		{n: 6, r: 3, links: 12},  // the octahedron K_{2,2,2}
		{n: 5, r: 5, links: 10},  // K_5
		{n: 13, r: 4}, {n: 20, r: 6}, {n: 9, r: 2}, {n: 17, r: 16}, {n: 2, r: 2},
	}
	for _, tt := range tests {
		given := Values{"n": tt.n, "r": tt.r, "p": int64(2)}
		top, _ := build(t, "turan", given)
		g := top.Graph
		// Parts as equal as possible: s_i = floor((n + i)/r), i = 0..r-1.
		var sq int64
		for i := int64(0); i < tt.r; i++ {
			s := (tt.n + i) / tt.r
			sq += s * s
		}
		links := (tt.n*tt.n - sq) / 2
		if tt.links != 0 && links != tt.links {
			t.Fatalf("Turan(%d, %d): formula %d, literature %d", tt.n, tt.r, links, tt.links)
		}
		ceil, floor := (tt.n+tt.r-1)/tt.r, tt.n/tt.r
		if int64(g.N()) != tt.n || g.Edges() != links || int64(g.MinDegree()) != tt.n-ceil || int64(g.MaxDegree()) != tt.n-floor {
			t.Errorf("Turan(%d, %d): %d routers, %d links, degrees %d..%d; want %d links, degrees %d..%d",
				tt.n, tt.r, g.N(), g.Edges(), g.MinDegree(), g.MaxDegree(), links, tt.n-ceil, tt.n-floor)
		}
		wantDiam := 2
		if tt.r == tt.n {
			wantDiam = 1
		}
		if s := distances(t, top); s.Diameter != wantDiam {
			t.Errorf("Turan(%d, %d): diameter %d, want %d", tt.n, tt.r, s.Diameter, wantDiam)
		}
		if want := sizeOf(t, "turan", given); measured(top) != want {
			t.Errorf("Turan(%d, %d): built %+v, Size %+v", tt.n, tt.r, measured(top), want)
		}
		// A router is linked to every router outside its part.
		parts := map[int32]int64{}
		for r := 0; r < g.N(); r++ {
			parts[top.Group[r]]++
		}
		for r := 0; r < g.N(); r++ {
			if int64(g.Degree(int32(r))) != tt.n-parts[top.Group[r]] {
				t.Fatalf("Turan(%d, %d): router %d in a part of %d has degree %d", tt.n, tt.r, r, parts[top.Group[r]], g.Degree(int32(r)))
			}
		}
		if int64(len(parts)) != tt.r {
			t.Errorf("Turan(%d, %d): %d parts", tt.n, tt.r, len(parts))
		}
	}
	// Table 3: Turan(N = 12, r = 3) has Delta_0 = N(r-1)/(r+1) = 6, T =
	// N^2 (r-1)/(r+1) = 72, R = N(r-1)(2r+1)/(r(r+1)) = 14.
	if sz := sizeOf(t, "turan", Values{"n": int64(12), "r": int64(3), "p": "balanced"}); sz.Endpoints != 72 || sz.Radix != 14 {
		t.Errorf("Turan(12, 3) balanced: %+v", sz)
	}
}

// TestPaley checks Paley(q): (q-1)/2-regular, diameter 2, strongly regular
// with lambda = (q-5)/4 and mu = (q-1)/4, and self-complementary under
// x -> xi*x (xi a non-square); Paley(5) is the 5-cycle.
func TestPaley(t *testing.T) {
	for _, q := range []int64{5, 9, 13, 17, 25, 29, 37, 49, 81} {
		top, v := build(t, "paley", Values{"q": q, "p": "balanced"})
		g := top.Graph
		d, reg := regular(g)
		if int64(g.N()) != q || !reg || int64(d) != (q-1)/2 || g.Edges() != q*(q-1)/4 {
			t.Errorf("q = %d: %d routers, degree %d regular %v, %d links", q, g.N(), d, reg, g.Edges())
		}
		if s := distances(t, top); s.Diameter != 2 {
			t.Errorf("q = %d: diameter %d, want 2", q, s.Diameter)
		}
		if v.Int("p") != q/3 { // the integer nearest to (q-1)/3
			t.Errorf("q = %d: balanced p = %d", q, v.Int("p"))
		}
		n := int(q)
		adj := make([]bool, n*n)
		for x := 0; x < n; x++ {
			for _, y := range g.Neighbors(int32(x)) {
				adj[x*n+int(y)] = true
			}
		}
		f, _ := gf.New(n)
		xi := f.Primitive()
		for x := 0; x < n; x++ {
			for y := x + 1; y < n; y++ {
				common := int64(0)
				for z := 0; z < n; z++ {
					if adj[x*n+z] && adj[y*n+z] {
						common++
					}
				}
				want := (q - 1) / 4
				if adj[x*n+y] {
					want = (q - 5) / 4
				}
				if common != want {
					t.Fatalf("q = %d: %d, %d (adjacent %v) have %d common neighbours, want %d", q, x, y, adj[x*n+y], common, want)
				}
				if adj[x*n+y] == adj[f.Mul(xi, x)*n+f.Mul(xi, y)] {
					t.Fatalf("q = %d: x -> xi*x does not map %d, %d to the complement", q, x, y)
				}
			}
		}
	}
	top, _ := build(t, "paley", Values{"q": int64(5)})
	if gi := girth(top.Graph); gi != 5 {
		t.Errorf("Paley(5): girth %d, want 5 (the 5-cycle)", gi)
	}
	for x := int32(0); x < 5; x++ {
		if nb := top.Graph.Neighbors(x); !slices.Equal(nb, []int32{(x + 1) % 5, (x + 4) % 5}) && !slices.Equal(nb, []int32{(x + 4) % 5, (x + 1) % 5}) {
			t.Errorf("Paley(5): router %d has neighbours %v", x, nb)
		}
	}
}

type directCase struct {
	fam   string
	given Values
}

// TestDirectSizeMatchesBuild compares Size with the built graph over sweeps
// of small parameters of every family of this file.
func TestDirectSizeMatchesBuild(t *testing.T) {
	var cases []directCase
	add := func(fam string, given Values) { cases = append(cases, directCase{fam, given}) }
	for _, fam := range []string{"torus", "mesh"} {
		for k := int64(2); k <= 5; k++ {
			for n := int64(1); n <= 3; n++ {
				add(fam, Values{"k": k, "n": n, "p": n})
			}
		}
		for _, dims := range [][]int64{{2, 3}, {3, 2}, {2, 2, 5}, {4, 1 + 1, 3}, {6, 5, 4, 3}, {9, 2}} {
			add(fam, Values{"dims": dims, "p": int64(len(dims))})
		}
	}
	for n := int64(2); n <= 9; n++ {
		add("folded_hypercube", Values{"n": n, "p": n%3 + 1})
	}
	for k := int64(2); k <= 5; k++ {
		for n := int64(1); n <= 3; n++ {
			add("flattened_butterfly", Values{"k": k, "n": n})
			add("flattened_butterfly", Values{"k": k, "n": n, "p": int64(1)})
		}
	}
	for _, dims := range [][]int64{{1}, {3}, {1, 1}, {2, 5}, {5, 2, 1}, {3, 3, 3}, {4, 2, 3}} {
		for trunk := int64(1); trunk <= 3; trunk++ {
			add("hyperx", Values{"dims": dims, "trunking": trunk})
			add("hyperx", Values{"dims": dims, "trunking": trunk, "p": "balanced"})
		}
	}
	for n := int64(1); n <= 8; n++ {
		add("complete", Values{"n": n, "p": n%4 + 1})
		add("complete_bipartite", Values{"n": n, "p": "balanced"})
		for r := int64(2); r <= n; r++ {
			add("turan", Values{"n": n, "r": r, "p": "balanced"})
			add("turan", Values{"n": n, "r": r})
		}
	}
	for q := int64(5); q <= 130; q++ {
		if validPaleyQ(q) {
			add("paley", Values{"q": q, "p": "balanced"})
		}
	}
	for _, c := range cases {
		top, _ := build(t, c.fam, c.given)
		if got, want := measured(top), sizeOf(t, c.fam, c.given); got != want {
			t.Errorf("%s %v: built %+v, Size %+v", c.fam, c.given, got, want)
		}
		n := top.Graph.N()
		if len(top.Conc) != n || (top.Coords != nil && len(top.Coords) != top.CoordDim*n) ||
			(top.Group != nil && len(top.Group) != n) || (top.Cabinet != nil && len(top.Cabinet) != n) {
			t.Errorf("%s %v: metadata lengths: conc %d coords %d (dim %d) group %d cabinet %d for %d routers",
				c.fam, c.given, len(top.Conc), len(top.Coords), top.CoordDim, len(top.Group), len(top.Cabinet), n)
		}
	}
}

func TestDirectSizeLarge(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Size
	}{
		{"torus", Values{"dims": []int64{100, 100, 100, 1000, 1000}}, Size{Routers: 1e12, Endpoints: 1e12, Links: 5e12, Radix: 11, NetworkRadix: 10}},
		{"mesh", Values{"k": int64(1000), "n": int64(4)}, Size{Routers: 1e12, Endpoints: 1e12, Links: 4 * 999 * 1e9, Radix: 9, NetworkRadix: 8}},
		{"folded_hypercube", Values{"n": int64(40)}, Size{Routers: 1 << 40, Endpoints: 1 << 40, Links: 41 << 39, Radix: 42, NetworkRadix: 41}},
		{"flattened_butterfly", Values{"k": int64(1000), "n": int64(4)}, Size{Routers: 1e12, Endpoints: 1e15, Links: 4 * 999 * 1e12 / 2, Radix: 4*999 + 1000, NetworkRadix: 4 * 999}},
		{"hyperx", Values{"dims": []int64{1 << 20, 1 << 20}, "trunking": int64(2)}, Size{Routers: 1 << 40, Endpoints: 1 << 40, Links: 2 * ((1 << 20) - 1) << 40, Radix: 4*((1<<20)-1) + 1, NetworkRadix: 4 * ((1 << 20) - 1)}},
		{"complete", Values{"n": int64(1 << 30)}, Size{Routers: 1 << 30, Endpoints: 1 << 30, Links: (1 << 29) * ((1 << 30) - 1), Radix: 1 << 30, NetworkRadix: (1 << 30) - 1}},
		{"complete_bipartite", Values{"n": int64(1 << 30)}, Size{Routers: 1 << 31, Endpoints: 1 << 31, Links: 1 << 60, Radix: (1 << 30) + 1, NetworkRadix: 1 << 30}},
		{"turan", Values{"n": int64(3e9 / 3 * 2), "r": int64(1000)}, Size{Routers: 2e9, Endpoints: 2e9, Links: (4e18 - 1000*4e12) / 2, Radix: 2e9 - 2e6 + 1, NetworkRadix: 2e9 - 2e6}},
		{"paley", Values{"q": int64(1000033)}, Size{Routers: 1000033, Endpoints: 1000033, Links: 1000033 * 1000032 / 4, Radix: 500016 + 1, NetworkRadix: 500016}},
	}
	for _, tt := range tests {
		if got := sizeOf(t, tt.fam, tt.given); got != tt.want {
			t.Errorf("%s %v: Size = %+v, want %+v", tt.fam, tt.given, got, tt.want)
		}
		f, _ := Default().Lookup(tt.fam)
		v, _ := f.Normalize(tt.given)
		if _, err := f.Build(context.Background(), v); err == nil {
			t.Errorf("%s %v: Build of %d routers succeeded", tt.fam, tt.given, tt.want.Routers)
		}
	}
}

// TestGridBuildLimit checks that a torus or mesh too large to build blames
// the parameter the user gave: k (with k and n) or dims.
func TestGridBuildLimit(t *testing.T) {
	for _, fam := range []string{"torus", "mesh"} {
		for _, tt := range []struct {
			given Values
			param string
		}{
			{Values{"k": int64(1 << 13), "n": int64(2)}, "k"},
			{Values{"dims": []int64{1 << 12, 1 << 13}}, "dims"},
		} {
			f, _ := Default().Lookup(fam)
			v, err := f.Normalize(tt.given)
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.Build(context.Background(), v)
			var pe *ParamError
			if !errors.As(err, &pe) || pe.Param != tt.param || !strings.Contains(pe.Msg, "too large to build") {
				t.Errorf("%s %v: Build error %v, want a too-large error on %s", fam, tt.given, err, tt.param)
			}
		}
	}
}

func TestDirectNormalizeErrors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"torus", Values{}, "k", "required parameter is missing: give k and n, or dims"},
		{"torus", Values{"k": int64(4)}, "n", "required parameter is missing: give k and n, or dims"},
		{"torus", Values{"k": int64(4), "dims": []int64{4, 4}}, "k", "k = 4 conflicts with dims = [4 4]"},
		{"torus", Values{"n": int64(3), "dims": []int64{4, 4}}, "n", "n = 3 conflicts with dims = [4 4] (2 dimensions)"},
		{"torus", Values{"dims": []int64{4, 1, 4}}, "dims", "dims[1] = 1 must be in [2, 2147483647]"},
		{"torus", Values{"dims": []int64{1 << 30, 1 << 30, 1 << 30}}, "dims", "overflows"},
		{"torus", Values{"dims": []int64{4, 4}, "p": int64(3), "max_radix": int64(6)}, "p", "p = 3 needs 7 ports but max_radix = 6"},
		{"torus", Values{"k": "x", "n": int64(2)}, "k", `want an integer or one of "dims"`},
		{"mesh", Values{"n": int64(2)}, "k", "required"},
		{"mesh", Values{"k": int64(1), "n": int64(2)}, "k", "at least 2"},
		{"mesh", Values{"dims": []int64{2, 2}, "max_radix": int64(2)}, "max_radix", "the network alone needs 2 ports"},
		{"folded_hypercube", Values{"n": int64(1)}, "n", "at least 2"},
		{"folded_hypercube", Values{"n": int64(59)}, "n", "at most 58"},
		{"folded_hypercube", Values{"n": int64(4), "p": int64(4), "max_radix": int64(8)}, "p", "p = 4 needs 9 ports but max_radix = 8"},
		{"flattened_butterfly", Values{}, "k", "required"},
		{"flattened_butterfly", Values{"k": int64(1)}, "k", "at least 2"},
		{"flattened_butterfly", Values{"k": int64(1000), "n": int64(7)}, "n", "overflows"},
		{"flattened_butterfly", Values{"k": int64(10), "p": "most"}, "p", `"balanced"`},
		{"flattened_butterfly", Values{"k": int64(10), "max_radix": int64(33)}, "p", "p = 10 needs 37 ports but max_radix = 33"},
		{"hyperx", Values{}, "dims", "required"},
		{"hyperx", Values{"dims": []int64{}}, "dims", "want 1 to 64 dimensions, got 0"},
		{"hyperx", Values{"dims": []int64{4, 0}}, "dims", "dims[1] = 0 must be in [1, 2147483647]"},
		{"hyperx", Values{"dims": []int64{4, 4}, "trunking": int64(0)}, "trunking", "positive"},
		{"hyperx", Values{"dims": []int64{1 << 31}}, "dims", "dims[0] = 2147483648"},
		{"hyperx", Values{"dims": []int64{1 << 30, 1 << 30, 1 << 30}}, "dims", "overflow"},
		{"hyperx", Values{"dims": []int64{4}, "p": int64(0)}, "p", "positive"},
		{"complete", Values{"n": int64(0)}, "n", "positive"},
		{"complete", Values{"n": int64(5), "p": "balanced", "max_radix": int64(8)}, "p", "p = 5 needs 9 ports but max_radix = 8"},
		{"complete_bipartite", Values{"n": int64(-1)}, "n", "positive"},
		{"turan", Values{"n": int64(4), "r": int64(5)}, "r", "r = 5 parts must be at most n = 4 vertices"},
		{"turan", Values{"n": int64(4), "r": int64(1)}, "r", "at least 2"},
		{"turan", Values{"n": int64(1), "r": int64(2)}, "n", "at least 2"},
		{"turan", Values{"n": int64(4)}, "r", "required"},
		{"paley", Values{"q": int64(7)}, "q", "q = 7 is a prime power but q mod 4 = 3: q must be a prime power with q mod 4 = 1; nearest valid: 5, 9"},
		{"paley", Values{"q": int64(21)}, "q", "q = 21 is not a prime power: q must be a prime power with q mod 4 = 1; nearest valid: 17, 25"},
		{"paley", Values{"q": int64(16)}, "q", "q = 16 is a prime power but q mod 4 = 0"},
		{"paley", Values{"q": int64(3)}, "q", "is too small"},
		{"paley", Values{"q": int64(-9)}, "q", "nearest valid: 5"},
		{"paley", Values{"q": int64(1) << 40}, "q", "too large"},
		{"paley", Values{"q": int64(13), "p": "half"}, "p", `"balanced"`},
	}
	reg := Default()
	for _, tt := range tests {
		f, ok := reg.Lookup(tt.fam)
		if !ok {
			t.Fatalf("family %s not registered", tt.fam)
		}
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) {
			t.Errorf("%s %v: error %v, want a *ParamError", tt.fam, tt.given, err)
			continue
		}
		if pe.Family != tt.fam || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%s %v: error %q (param %s); want param %s and %q", tt.fam, tt.given, err, pe.Param, tt.param, tt.contains)
		}
	}
}

func TestDirectResolve(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Values
	}{
		{"torus", Values{"dims": []int64{16, 16}}, Values{"k": int64(16), "n": int64(2), "p": int64(1), "max_radix": int64(0), "dims": []int64{}}},
		{"torus", Values{"dims": []int64{4, 4, 8}, "p": int64(2)}, Values{"k": int64(0), "n": int64(3), "p": int64(2), "max_radix": int64(0), "dims": []int64{4, 4, 8}}},
		{"torus", Values{"dims": []int64{4, 4, 8}, "k": int64(0), "n": int64(3)}, Values{"k": int64(0), "n": int64(3), "p": int64(1), "max_radix": int64(0), "dims": []int64{4, 4, 8}}},
		{"mesh", Values{"k": int64(5), "n": int64(2)}, Values{"k": int64(5), "n": int64(2), "p": int64(1), "max_radix": int64(0), "dims": []int64{}}},
		{"flattened_butterfly", Values{"k": int64(10)}, Values{"k": int64(10), "n": int64(3), "p": int64(10), "max_radix": int64(0)}},
		{"hyperx", Values{"dims": []int64{8, 4, 6}, "trunking": int64(2), "p": "balanced"}, Values{"dims": []int64{8, 4, 6}, "trunking": int64(2), "p": int64(8), "max_radix": int64(0)}},
		{"hyperx", Values{"dims": []int64{1, 1}, "p": "balanced"}, Values{"dims": []int64{1, 1}, "trunking": int64(1), "p": int64(1), "max_radix": int64(0)}},
		{"complete", Values{"n": int64(7), "p": "balanced"}, Values{"n": int64(7), "p": int64(7), "max_radix": int64(0)}},
		{"complete_bipartite", Values{"n": int64(7), "p": "balanced"}, Values{"n": int64(7), "p": int64(5), "max_radix": int64(0)}},
		{"turan", Values{"n": int64(10), "r": int64(4), "p": "balanced"}, Values{"n": int64(10), "r": int64(4), "p": int64(6), "max_radix": int64(0)}},
		{"paley", Values{"q": int64(29), "p": "balanced"}, Values{"q": int64(29), "p": int64(9), "max_radix": int64(0)}},
		{"folded_hypercube", Values{"n": int64(5)}, Values{"n": int64(5), "p": int64(1), "max_radix": int64(0)}},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
		got, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatalf("%s %v: %v", tt.fam, tt.given, err)
		}
		for name, w := range tt.want {
			if fmt.Sprint(got[name]) != fmt.Sprint(w) {
				t.Errorf("%s %v: resolved %s = %v, want %v", tt.fam, tt.given, name, got[name], w)
			}
		}
		for _, p := range f.Params {
			if _, ok := got[p.Name]; !ok {
				t.Errorf("%s %v: resolved values lack %s", tt.fam, tt.given, p.Name)
			}
		}
		again, err := f.Resolve(got)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
}

func BenchmarkBuildDirect(b *testing.B) {
	cases := []struct {
		name, fam string
		given     Values
	}{
		{"torus-16x16x16", "torus", Values{"k": int64(16), "n": int64(3)}},
		{"folded_hypercube-n14", "folded_hypercube", Values{"n": int64(14)}},
		{"hyperx-16x16x16", "hyperx", Values{"dims": []int64{16, 16, 16}}},
		{"paley-q4001", "paley", Values{"q": int64(4001)}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			f, _ := Default().Lookup(c.fam)
			v, err := f.Normalize(c.given)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Build(context.Background(), v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
