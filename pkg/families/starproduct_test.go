package families

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/gf"
	"github.com/runexp/runexp/pkg/graph"
)

// starFamilies are the star-product families by name (not yet in Default).
var starFamilies = map[string]func() *Family{"polarstar": polarStar, "bundlefly": bundlefly}

// starBuild normalizes given for the star-product family fam, builds it and
// returns the topology, the resolved values and Size.
func starBuild(t testing.TB, fam string, given Values) (*Topology, Values, Size) {
	t.Helper()
	f := starFamilies[fam]()
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	sz, err := f.Size(v)
	if err != nil {
		t.Fatalf("%s %v: Size: %v", fam, given, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatalf("%s %v: Build: %v", fam, given, err)
	}
	if err := top.Graph.Validate(); err != nil {
		t.Fatalf("%s %v: invalid graph: %v", fam, given, err)
	}
	return top, v, sz
}

// supernodeAdj returns the adjacency matrix of a supernode graph and checks
// that its links are U < V, in range and distinct.
func supernodeAdj(t *testing.T, sn starSupernode) [][]bool {
	t.Helper()
	adj := make([][]bool, sn.n)
	for i := range adj {
		adj[i] = make([]bool, sn.n)
	}
	for _, e := range sn.links {
		if e.U < 0 || e.U >= e.V || int(e.V) >= sn.n || adj[e.U][e.V] {
			t.Fatalf("bad or repeated link %d-%d in a supernode of %d vertices", e.U, e.V, sn.n)
		}
		adj[e.U][e.V], adj[e.V][e.U] = true, true
	}
	return adj
}

// TestIQGraph checks IQ(d) for every valid d <= 64: 2d+2 vertices,
// d-regular, f a fixed-point-free involution never joining linked vertices,
// and property R*: for a != b, a ~ b or b = f(a) or f(a) ~ f(b).
func TestIQGraph(t *testing.T) {
	// IQ(3) is the quad: 0 and 4 linked to 1, 2, 3; 1-6, 5-6, 2-7, 6-7, 3-5, 7-5.
	q3 := iqGraph(3)
	want := []graph.Edge{{U: 0, V: 1}, {U: 1, V: 4}, {U: 0, V: 2}, {U: 2, V: 4}, {U: 0, V: 3}, {U: 3, V: 4},
		{U: 1, V: 6}, {U: 5, V: 6}, {U: 2, V: 7}, {U: 6, V: 7}, {U: 3, V: 5}, {U: 5, V: 7}}
	if !slices.Equal(q3.links, want) || !slices.Equal(q3.f, []int32{4, 5, 6, 7, 0, 1, 2, 3}) {
		t.Errorf("IQ(3) = %v, f = %v; want %v, f = [4 5 6 7 0 1 2 3]", q3.links, q3.f, want)
	}
	count := 0
	for d := 3; d <= 64; d++ {
		if !validIQDegree(int64(d)) {
			continue
		}
		count++
		sn := iqGraph(d)
		if sn.n != 2*d+2 || len(sn.links) != d*(d+1) || len(sn.f) != sn.n {
			t.Fatalf("IQ(%d): %d vertices, %d links; want %d, %d", d, sn.n, len(sn.links), 2*d+2, d*(d+1))
		}
		adj := supernodeAdj(t, sn)
		for a := 0; a < sn.n; a++ {
			deg := 0
			for b := 0; b < sn.n; b++ {
				if adj[a][b] {
					deg++
				}
			}
			fa := int(sn.f[a])
			if deg != d || fa == a || int(sn.f[fa]) != a || adj[a][fa] {
				t.Fatalf("IQ(%d): vertex %d has degree %d, f = %d, f(f) = %d, linked to f: %v", d, a, deg, fa, sn.f[fa], adj[a][fa])
			}
			for b := a + 1; b < sn.n; b++ {
				if !adj[a][b] && b != fa && !adj[fa][sn.f[b]] {
					t.Fatalf("IQ(%d): property R* fails for %d, %d", d, a, b)
				}
			}
		}
	}
	if count != 32 {
		t.Errorf("checked %d IQ degrees, want 32", count)
	}
}

// TestPaleySupernode checks that f(a) = xi*a maps Paley(q) onto its
// complement: for a != b exactly one of a ~ b and f(a) ~ f(b) (property R1).
func TestPaleySupernode(t *testing.T) {
	for _, q := range []int{5, 9, 13, 17, 25, 29, 49, 81} {
		sn, err := paleySupernode(q)
		if err != nil {
			t.Fatal(err)
		}
		if sn.n != q || len(sn.links) != q*(q-1)/4 {
			t.Fatalf("Paley(%d): %d vertices, %d links; want %d, %d", q, sn.n, len(sn.links), q, q*(q-1)/4)
		}
		adj := supernodeAdj(t, sn)
		seen := make([]bool, q)
		for a := 0; a < q; a++ {
			if seen[sn.f[a]] {
				t.Fatalf("Paley(%d): f is not a bijection", q)
			}
			seen[sn.f[a]] = true
			for b := a + 1; b < q; b++ {
				if adj[a][b] == adj[sn.f[a]][sn.f[b]] {
					t.Fatalf("Paley(%d): %d, %d: linked %v, images linked %v", q, a, b, adj[a][b], adj[sn.f[a]][sn.f[b]])
				}
			}
		}
	}
}

// checkStarProduct checks the star-product structure of top: supernodes of
// m routers (Group = router / m); between two supernodes x < y either no
// links or exactly the m links (x, a) ~ (y, f(a)), the latter iff linked(x,
// y); inside supernode x the links of the supernode graph plus, at a loop
// (loop(x)), the links (x, a) ~ (x, f(a)).
func checkStarProduct(t *testing.T, label string, top *Topology, sn starSupernode, linked, loop func(x, y int) bool) {
	t.Helper()
	g, m := top.Graph, sn.n
	adj := supernodeAdj(t, sn)
	between := map[[2]int]int{}
	for r := 0; r < g.N(); r++ {
		x, a := r/m, r%m
		if top.Group[r] != int32(x) || top.Coords[top.CoordDim*r+top.CoordDim-1] != int32(a) {
			t.Fatalf("%s: router %d: group %d, last coordinate %d; want %d, %d", label, r, top.Group[r], top.Coords[top.CoordDim*r+top.CoordDim-1], x, a)
		}
		for _, w := range g.Neighbors(int32(r)) {
			y, b := int(w)/m, int(w)%m
			switch {
			case y == x:
				if !adj[a][b] && !(loop(x, x) && int(sn.f[a]) == b) {
					t.Fatalf("%s: link (%d, %d) ~ (%d, %d) inside a supernode", label, x, a, y, b)
				}
			case y > x:
				if int(sn.f[a]) != b || !linked(x, y) {
					t.Fatalf("%s: link (%d, %d) ~ (%d, %d) between supernodes; f(a) = %d, structure link %v", label, x, a, y, b, sn.f[a], linked(x, y))
				}
				between[[2]int{x, y}]++
			}
		}
	}
	for x := 0; x < g.N()/m; x++ {
		for y := x + 1; y < g.N()/m; y++ {
			if want := map[bool]int{true: m}[linked(x, y)]; between[[2]int{x, y}] != want {
				t.Fatalf("%s: %d links between supernodes %d and %d, want %d", label, between[[2]int{x, y}], x, y, want)
			}
		}
	}
}

func TestPolarStar(t *testing.T) {
	tests := []struct {
		given  Values
		want   Size
		minDeg int
	}{
		// IQ: (q^2+q+1)(2d'+2) routers, (q^2+q+1)(d'+1)(q+1+d') links, regular.
		{Values{"q": int64(2), "supernode_degree": int64(3)}, Size{Routers: 56, Endpoints: 112, Links: 168, Radix: 8, NetworkRadix: 6}, 6},
		{Values{"q": int64(3), "supernode": "iq", "supernode_degree": int64(4)}, Size{Routers: 130, Endpoints: 390, Links: 520, Radix: 11, NetworkRadix: 8}, 8},
		{Values{"q": int64(4), "supernode_degree": int64(7), "p": "floor"}, Size{Routers: 336, Endpoints: 1344, Links: 2016, Radix: 16, NetworkRadix: 12}, 12},
		{Values{"q": int64(7), "supernode_degree": int64(8), "p": int64(5)}, Size{Routers: 1026, Endpoints: 5130, Links: 57 * 9 * 16, Radix: 21, NetworkRadix: 16}, 16},
		// Paley: (q^2+q+1)q' routers, q'(q(q+1)^2/2 + (q^2+q+1)d'/2) links;
		// the q+1 quadric supernodes have degree q+d'.
		{Values{"q": int64(2), "supernode": "paley", "supernode_degree": int64(2)}, Size{Routers: 35, Endpoints: 70, Links: 80, Radix: 7, NetworkRadix: 5}, 4},
		{Values{"q": int64(3), "supernode": "paley", "supernode_degree": int64(4)}, Size{Routers: 117, Endpoints: 351, Links: 450, Radix: 11, NetworkRadix: 8}, 7},
		{Values{"q": int64(5), "supernode": "paley", "supernode_degree": int64(6), "max_radix": int64(16)}, Size{Routers: 403, Endpoints: 1612, Links: 2379, Radix: 16, NetworkRadix: 12}, 11},
	}
	for _, tt := range tests {
		label := fmt.Sprint(tt.given)
		top, v, sz := starBuild(t, "polarstar", tt.given)
		if sz != tt.want {
			t.Errorf("%s: Size %+v, want %+v", label, sz, tt.want)
		}
		if got := measured(top); got != tt.want {
			t.Errorf("%s: built %+v, want %+v", label, got, tt.want)
		}
		if g := top.Graph; g.MinDegree() != tt.minDeg {
			t.Errorf("%s: min degree %d, want %d", label, g.MinDegree(), tt.minDeg)
		}
		if s := distances(t, top); s.Diameter != 3 || !s.Connected() {
			t.Errorf("%s: diameter %d, connected %v; want 3, true", label, s.Diameter, s.Connected())
		}
		q, d := int(v.Int("q")), int(v.Int("supernode_degree"))
		iq := v.Str("supernode") == "iq"
		var sn starSupernode
		if iq {
			sn = iqGraph(d)
		} else {
			var err error
			if sn, err = paleySupernode(2*d + 1); err != nil {
				t.Fatal(err)
			}
		}
		pp, _ := NewProjectivePlane(q)
		checkStarProduct(t, label, top, sn,
			func(x, y int) bool { return x != y && pp.Dot(x, y) == 0 },
			func(x, _ int) bool { return iq && pp.Absolute(x) })
		// Coords: the point's homogeneous coordinates; degrees: q+1+d'
		// except the quadric supernodes of a Paley PolarStar.
		for r := 0; r < top.Graph.N(); r++ {
			x := r / sn.n
			pt := pp.Point(x)
			if c := top.Coords[4*r : 4*r+3]; top.CoordDim != 4 || c[0] != int32(pt[0]) || c[1] != int32(pt[1]) || c[2] != int32(pt[2]) {
				t.Fatalf("%s: router %d coords %v, want %v", label, r, top.Coords[4*r:4*r+4], pt)
			}
			wantDeg := q + 1 + d
			if !iq && pp.Absolute(x) {
				wantDeg--
			}
			if deg := top.Graph.Degree(int32(r)); deg != wantDeg {
				t.Fatalf("%s: router %d (quadric %v) has degree %d, want %d", label, r, pp.Absolute(x), deg, wantDeg)
			}
		}
	}
}

// TestPolarStarSizeMatchesBuild builds every small PolarStar: Size equals
// the built graph, the diameter is 3, and the degrees are k' and (Paley
// quadric supernodes) k'-1.
func TestPolarStarSizeMatchesBuild(t *testing.T) {
	for _, q := range []int64{2, 3, 4, 5, 7} {
		for _, c := range []struct {
			supernode string
			degrees   []int64
		}{{"iq", []int64{3, 4, 7, 8}}, {"paley", []int64{2, 4, 6, 8}}} {
			for _, d := range c.degrees {
				given := Values{"q": q, "supernode": c.supernode, "supernode_degree": d, "p": q%3 + 1}
				top, _, sz := starBuild(t, "polarstar", given)
				if got := measured(top); got != sz {
					t.Errorf("%v: built %+v, Size %+v", given, got, sz)
				}
				minDeg := sz.NetworkRadix
				if c.supernode == "paley" {
					minDeg--
				}
				if g := top.Graph; int64(g.MinDegree()) != minDeg {
					t.Errorf("%v: min degree %d, want %d", given, g.MinDegree(), minDeg)
				}
				if s := distances(t, top); s.Diameter != 3 || !s.Connected() {
					t.Errorf("%v: diameter %d, connected %v; want 3, true", given, s.Diameter, s.Connected())
				}
			}
		}
	}
}

func TestBundlefly(t *testing.T) {
	tests := []struct {
		given Values
		want  Size
	}{
		// 2q^2 q' routers of k' = (3q - delta)/2 + (q'-1)/2, q^2 q' k' links.
		{Values{"q": int64(3), "paley_q": int64(5)}, Size{Routers: 90, Endpoints: 270, Links: 315, Radix: 10, NetworkRadix: 7}},
		{Values{"q": int64(4), "paley_q": int64(9)}, Size{Routers: 288, Endpoints: 1152, Links: 1440, Radix: 14, NetworkRadix: 10}},
		{Values{"q": int64(5), "paley_q": int64(13), "p": "floor"}, Size{Routers: 650, Endpoints: 2600, Links: 4225, Radix: 17, NetworkRadix: 13}},
		// The radix-25 configurations with MMS(7): Paley(13) with p = 8 and
		// Paley(17) with p = 6.
		{Values{"q": int64(7), "paley_q": int64(13), "p": int64(8), "max_radix": int64(25)}, Size{Routers: 1274, Endpoints: 10192, Links: 10829, Radix: 25, NetworkRadix: 17}},
		{Values{"q": int64(7), "paley_q": int64(17), "p": int64(6), "max_radix": int64(25)}, Size{Routers: 1666, Endpoints: 9996, Links: 15827, Radix: 25, NetworkRadix: 19}},
	}
	for _, tt := range tests {
		label := fmt.Sprint(tt.given)
		top, v, sz := starBuild(t, "bundlefly", tt.given)
		if sz != tt.want {
			t.Errorf("%s: Size %+v, want %+v", label, sz, tt.want)
		}
		g := top.Graph
		if got := measured(top); got != tt.want || g.MinDegree() != g.MaxDegree() {
			t.Errorf("%s: built %+v (degrees %d..%d), want %+v, regular", label, got, g.MinDegree(), g.MaxDegree(), tt.want)
		}
		if s := distances(t, top); s.Diameter != 3 || !s.Connected() {
			t.Errorf("%s: diameter %d, connected %v; want 3, true", label, s.Diameter, s.Connected())
		}
		q, qp := int(v.Int("q")), int(v.Int("paley_q"))
		sn, err := paleySupernode(qp)
		if err != nil {
			t.Fatal(err)
		}
		mms, _ := build(t, "slimfly", Values{"q": int64(q)})
		checkStarProduct(t, label, top, sn,
			func(x, y int) bool { return d2Adjacent(mms.Graph, int32(x), int32(y)) },
			func(int, int) bool { return false })
		// Coords = (s, u, v) of the Slim Fly router, then a; f(a) = xi*a.
		fld, _ := gf.New(qp)
		for r := 0; r < g.N(); r++ {
			x, a := r/qp, r%qp
			if c := top.Coords[4*r : 4*r+4]; top.CoordDim != 4 || !slices.Equal(c[:3], mms.Coords[3*x:3*x+3]) || c[3] != int32(a) {
				t.Fatalf("%s: router %d coords %v, want %v and %d", label, r, c, mms.Coords[3*x:3*x+3], a)
			}
			if sn.f[a] != int32(fld.Mul(fld.Primitive(), a)) {
				t.Fatalf("%s: f(%d) = %d, want xi*a", label, a, sn.f[a])
			}
		}
	}
}

// TestBundleflySizeMatchesBuild builds small Bundleflies for every delta:
// Size equals the built graph, which is k'-regular of diameter 3.
func TestBundleflySizeMatchesBuild(t *testing.T) {
	for _, q := range []int64{3, 4, 5, 7, 8, 9} {
		for _, qp := range []int64{5, 9, 13} {
			given := Values{"q": q, "paley_q": qp, "p": qp % 4}
			top, _, sz := starBuild(t, "bundlefly", given)
			if got := measured(top); got != sz || top.Graph.MinDegree() != top.Graph.MaxDegree() {
				t.Errorf("%v: built %+v (min degree %d), Size %+v", given, got, top.Graph.MinDegree(), sz)
			}
			if s := distances(t, top); s.Diameter != 3 || !s.Connected() {
				t.Errorf("%v: diameter %d, connected %v; want 3, true", given, s.Diameter, s.Connected())
			}
		}
	}
}

func TestStarProductResolve(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Values
	}{
		// k' = 6: balanced ceil(6/3) = 2 = floor.
		{"polarstar", Values{"q": int64(2), "supernode_degree": int64(3)},
			Values{"q": int64(2), "supernode": "iq", "supernode_degree": int64(3), "p": int64(2), "max_radix": int64(0)}},
		// k' = 32 (q = 23, IQ(8)): ceil 11, floor 10.
		{"polarstar", Values{"q": int64(23), "supernode_degree": int64(8)},
			Values{"q": int64(23), "supernode": "iq", "supernode_degree": int64(8), "p": int64(11), "max_radix": int64(0)}},
		{"polarstar", Values{"q": int64(23), "supernode_degree": int64(8), "p": "floor"},
			Values{"q": int64(23), "supernode": "iq", "supernode_degree": int64(8), "p": int64(10), "max_radix": int64(0)}},
		{"polarstar", Values{"q": int64(13), "supernode": "paley", "supernode_degree": int64(14), "p": int64(7), "max_radix": int64(40)},
			Values{"q": int64(13), "supernode": "paley", "supernode_degree": int64(14), "p": int64(7), "max_radix": int64(40)}},
		// k' = 11 + 6 = 17: ceil 6, floor 5.
		{"bundlefly", Values{"q": int64(7), "paley_q": int64(13)},
			Values{"q": int64(7), "paley_q": int64(13), "p": int64(6), "max_radix": int64(0)}},
		{"bundlefly", Values{"q": int64(7), "paley_q": int64(13), "p": "floor"},
			Values{"q": int64(7), "paley_q": int64(13), "p": int64(5), "max_radix": int64(0)}},
	}
	for _, tt := range tests {
		f := starFamilies[tt.fam]()
		got, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatalf("%s %v: %v", tt.fam, tt.given, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %v: resolved %v, want %v", tt.fam, tt.given, got, tt.want)
		}
		if again, err := f.Resolve(got); err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
}

// TestStarProductLarge checks sizes beyond the build limits: Size works,
// Build refuses, and an overflow is a *ParamError.
func TestStarProductLarge(t *testing.T) {
	q := int64(1 << 20)
	n := q*q + q + 1
	tests := []struct {
		fam   string
		given Values
		want  Size
	}{
		{"polarstar", Values{"q": q, "supernode_degree": int64(3), "p": int64(1)},
			Size{Routers: 8 * n, Endpoints: 8 * n, Links: 4 * n * (q + 4), Radix: q + 5, NetworkRadix: q + 4}},
		{"polarstar", Values{"q": q, "supernode": "paley", "supernode_degree": int64(2), "p": int64(1)},
			Size{Routers: 5 * n, Endpoints: 5 * n, Links: 5*(q*(q+1)/2*(q+1)) + 5*n, Radix: q + 4, NetworkRadix: q + 3}},
		{"bundlefly", Values{"q": int64(1<<20 - 3), "paley_q": int64(5), "p": int64(1)}, // 2^20 - 3 = 1048573 is prime, = 1 mod 4
			Size{Routers: 10 * (1<<20 - 3) * (1<<20 - 3), Endpoints: 10 * (1<<20 - 3) * (1<<20 - 3), Links: 5 * (1<<20 - 3) * (1<<20 - 3) * ((3*(1<<20-3)-1)/2 + 2),
				Radix: (3*(1<<20-3)-1)/2 + 3, NetworkRadix: (3*(1<<20-3)-1)/2 + 2}},
	}
	for _, tt := range tests {
		f := starFamilies[tt.fam]()
		v, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatalf("%s %v: %v", tt.fam, tt.given, err)
		}
		if sz, err := f.Size(v); err != nil || sz != tt.want {
			t.Errorf("%s %v: Size %+v, %v; want %+v", tt.fam, tt.given, sz, err, tt.want)
		}
		if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "too large to build") {
			t.Errorf("%s %v: Build error %v, want too large to build", tt.fam, tt.given, err)
		}
	}
	for _, c := range []struct {
		fam   string
		given Values
		param string
	}{
		{"polarstar", Values{"q": q, "supernode_degree": int64(1 << 20)}, "supernode_degree"},
		{"polarstar", Values{"q": q, "supernode_degree": int64(3), "p": int64(1 << 30)}, "p"},
		{"bundlefly", Values{"q": int64(1<<20 - 3), "paley_q": int64(2147483629)}, "paley_q"},
	} {
		_, err := starFamilies[c.fam]().Normalize(c.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Param != c.param || !strings.Contains(pe.Msg, "overflow") {
			t.Errorf("%s %v: error %v, want an overflow of parameter %s", c.fam, c.given, err, c.param)
		}
	}
}

func TestStarProductErrors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"polarstar", Values{"q": int64(6), "supernode_degree": int64(3)}, "q", "q = 6 is not a prime power"},
		{"polarstar", Values{"q": int64(1), "supernode_degree": int64(3)}, "q", "too small"},
		{"polarstar", Values{"q": int64(3)}, "supernode_degree", "required parameter is missing"},
		{"polarstar", Values{"q": int64(3), "supernode_degree": int64(5)}, "supernode_degree", "nearest valid: 4, 7"},
		{"polarstar", Values{"q": int64(3), "supernode_degree": int64(2)}, "supernode_degree", "at least 3"},
		{"polarstar", Values{"q": int64(3), "supernode": "paley", "supernode_degree": int64(5)}, "supernode_degree", "q' = 11"},
		{"polarstar", Values{"q": int64(3), "supernode": "paley", "supernode_degree": int64(10)}, "supernode_degree", "nearest valid: 8, 12"},
		{"polarstar", Values{"q": int64(3), "supernode": "paley", "supernode_degree": int64(1)}, "supernode_degree", "at least 2"},
		{"polarstar", Values{"q": int64(3), "supernode": "star", "supernode_degree": int64(3)}, "supernode", `"iq", "paley"`},
		{"polarstar", Values{"q": int64(3), "supernode_degree": int64(3), "p": "half"}, "p", `"balanced", "floor"`},
		{"polarstar", Values{"q": int64(2), "supernode_degree": int64(3), "p": int64(3), "max_radix": int64(8)}, "p", "p = 3 needs 9 ports but max_radix = 8"},
		{"polarstar", Values{"q": int64(2), "supernode_degree": int64(3), "max_radix": int64(6)}, "max_radix", "too small"},
		{"bundlefly", Values{"q": int64(6), "paley_q": int64(5)}, "q", "q = 6 is not a prime power"},
		{"bundlefly", Values{"q": int64(2), "paley_q": int64(5)}, "q", "too small"},
		{"bundlefly", Values{"q": int64(1 << 21), "paley_q": int64(5)}, "q", "too large"},
		{"bundlefly", Values{"q": int64(5)}, "paley_q", "required parameter is missing"},
		{"bundlefly", Values{"q": int64(5), "paley_q": int64(7)}, "paley_q", "paley_q = 7 is not a prime power with paley_q mod 4 = 1; nearest valid: 5, 9"},
		{"bundlefly", Values{"q": int64(5), "paley_q": int64(21)}, "paley_q", "nearest valid: 17, 25"},
		{"bundlefly", Values{"q": int64(5), "paley_q": int64(3)}, "paley_q", "at least 5"},
		{"bundlefly", Values{"q": int64(7), "paley_q": int64(13), "p": int64(9), "max_radix": int64(25)}, "p", "at most p = 8 fits"},
	}
	for _, tt := range tests {
		f := starFamilies[tt.fam]()
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) {
			t.Errorf("%s %v: error %v, want a *ParamError", tt.fam, tt.given, err)
			continue
		}
		if pe.Family != tt.fam || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%s %v: error %q (param %s); want param %s and %q", tt.fam, tt.given, err, pe.Param, tt.param, tt.contains)
		}
		if _, err := f.Size(tt.given); err == nil {
			t.Errorf("%s %v: Size accepted invalid values", tt.fam, tt.given)
		}
	}
}

// TestStarProductDocs checks the schema: documented parameters, no parameter
// named like a metric, a one-line summary and a doc naming the paper.
func TestStarProductDocs(t *testing.T) {
	for name, mk := range starFamilies {
		f := mk()
		if f.Name != name || f.Version != 1 || len(f.Doc) < 200 || f.SizingOnly() || f.Summary == "" ||
			strings.Contains(f.Summary, "\n") || strings.HasSuffix(f.Summary, ".") || len(f.Summary) > 90 {
			t.Errorf("%s: incomplete family (name %s, version %d, doc %d chars, summary %q)", name, f.Name, f.Version, len(f.Doc), f.Summary)
		}
		for _, p := range f.Params {
			if p.Doc == "" || slices.Contains([]string{"routers", "endpoints", "links", "radix", "diameter"}, p.Name) {
				t.Errorf("%s: parameter %s (doc %q)", name, p.Name, p.Doc)
			}
		}
	}
	if f := polarStar(); !strings.Contains(f.Doc, "SPAA 2024") || !strings.Contains(f.Doc, "ER_q") {
		t.Error("polarstar doc does not name the paper and ER_q")
	}
	if f := bundlefly(); !strings.Contains(f.Doc, "ICS 2020") || !strings.Contains(f.Doc, "MMS") {
		t.Error("bundlefly doc does not name the paper and the MMS graph")
	}
}

// TestStarProductCancel cancels a PolarStar build of 2.3 million links
// while it runs.
func TestStarProductCancel(t *testing.T) {
	f := polarStar()
	v, err := f.Normalize(Values{"q": int64(32), "supernode_degree": int64(32)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	timer := time.AfterFunc(5*time.Millisecond, cancel)
	defer timer.Stop()
	start := time.Now()
	_, err = f.Build(ctx, v)
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v after %v, want context.Canceled", err, time.Since(start))
	}
}
