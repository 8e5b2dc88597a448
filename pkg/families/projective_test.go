package families

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

var projQs = []int{2, 3, 4, 5, 7, 8, 9}

func TestProjectivePlane(t *testing.T) {
	for _, q := range append(slices.Clone(projQs), 16, 25, 27) {
		pp, err := NewProjectivePlane(q)
		if err != nil {
			t.Fatal(err)
		}
		f := pp.Field()
		n := pp.Points()
		if n != q*q+q+1 || pp.Order() != q {
			t.Fatalf("q = %d: %d points", q, n)
		}
		absolute := 0
		var orth []int32
		for i := 0; i < n; i++ {
			pt := pp.Point(i)
			if pp.Index(pt) != i {
				t.Fatalf("q = %d: Index(Point(%d)) = %d", q, i, pp.Index(pt))
			}
			// Every non-zero multiple names the same point.
			for s := 1; s < q; s++ {
				if m := pp.Index([3]int{f.Mul(s, pt[0]), f.Mul(s, pt[1]), f.Mul(s, pt[2])}); m != i {
					t.Fatalf("q = %d: %d * point %d has index %d", q, s, i, m)
				}
			}
			orth = pp.Orthogonal(i, orth[:0])
			var brute []int32
			for j := 0; j < n; j++ {
				if pp.Dot(i, j) == 0 {
					brute = append(brute, int32(j))
				}
			}
			if len(orth) != q+1 || !slices.Equal(orth, brute) {
				t.Fatalf("q = %d: Orthogonal(%d) = %v, brute force %v", q, i, orth, brute)
			}
			if pp.Absolute(i) {
				absolute++
			}
		}
		if absolute != q+1 {
			t.Errorf("q = %d: %d absolute points, want q+1", q, absolute)
		}
		if pp.Index([3]int{}) != -1 {
			t.Errorf("zero vector has an index")
		}
		// Two distinct points have exactly one common orthogonal point, P x Q.
		if q > 9 {
			continue
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				c := pp.Cross(i, j)
				if i == j {
					if c != -1 {
						t.Fatalf("Cross(%d, %d) = %d", i, j, c)
					}
					continue
				}
				common := 0
				for x := 0; x < n; x++ {
					if pp.Dot(i, x) == 0 && pp.Dot(j, x) == 0 {
						common++
						if x != c {
							t.Fatalf("q = %d: points %d, %d: common orthogonal %d, Cross %d", q, i, j, x, c)
						}
					}
				}
				if common != 1 {
					t.Fatalf("q = %d: points %d, %d have %d common orthogonal points", q, i, j, common)
				}
			}
		}
	}
	if _, err := NewProjectivePlane(6); err == nil {
		t.Error("projective plane of order 6 built")
	}
}

// ExampleProjectivePlane lists the lines of the Fano plane P_2(F_2): line L
// holds the points P with P.L = 0 (as in Example 3.3 of the projective
// networks paper, line 001 holds the points 100, 110 and 010). Points
// 101, 110 and 011 lie on their own lines: the absolute points.
func ExampleProjectivePlane() {
	pp, err := NewProjectivePlane(2)
	if err != nil {
		panic(err)
	}
	for l := 0; l < pp.Points(); l++ {
		fmt.Print(pp.Point(l), ":")
		for _, p := range pp.Orthogonal(l, nil) {
			fmt.Print(" ", pp.Point(int(p)))
		}
		fmt.Println()
	}
	// Output:
	// [1 0 0]: [0 1 0] [0 1 1] [0 0 1]
	// [1 0 1]: [1 0 1] [1 1 1] [0 1 0]
	// [1 1 0]: [1 1 0] [1 1 1] [0 0 1]
	// [1 1 1]: [1 0 1] [1 1 0] [0 1 1]
	// [0 1 0]: [1 0 0] [1 0 1] [0 0 1]
	// [0 1 1]: [1 0 0] [1 1 1] [0 1 1]
	// [0 0 1]: [1 0 0] [1 1 0] [0 1 0]
}

func TestPN(t *testing.T) {
	for _, q := range projQs {
		given := Values{"q": int64(q)}
		top, v := build(t, "pn", given)
		g := top.Graph
		n := q*q + q + 1
		p, _ := pnBalancedP(int64(q))
		want := Size{Routers: int64(2 * n), Endpoints: int64(2*n) * p, Links: int64(n * (q + 1)), Radix: int64(q+1) + p, NetworkRadix: int64(q + 1)}
		if got := measured(top); got != want || v.Int("p") != p {
			t.Errorf("q = %d: built %+v (p = %d), want %+v", q, got, v.Int("p"), want)
		}
		if sz := sizeOf(t, "pn", given); sz != want {
			t.Errorf("q = %d: Size %+v, want %+v", q, sz, want)
		}
		if d, ok := regular(g); !ok || d != q+1 {
			t.Errorf("q = %d: degree %d regular %v, want %d-regular", q, d, ok, q+1)
		}
		// Distance distribution from every vertex: 1, q+1, q^2+q, q^2.
		dist := make([]int32, g.N())
		wantW := []int{1, q + 1, q*q + q, q * q}
		for s := 0; s < g.N(); s++ {
			graph.BFS(g, int32(s), dist)
			w := make([]int, 4)
			for _, d := range dist {
				if d < 0 || d > 3 {
					t.Fatalf("q = %d: vertex %d at distance %d from %d", q, s, d, s)
				}
				w[d]++
			}
			if !slices.Equal(w, wantW) {
				t.Fatalf("q = %d: distance distribution from %d is %v, want %v", q, s, w, wantW)
			}
		}
		s := distances(t, top)
		wantAvg := float64(5*q*q+3*q+1) / float64(2*q*q+2*q+1)
		if s.Diameter != 3 || math.Abs(s.AvgDistance()-wantAvg) > 1e-12 {
			t.Errorf("q = %d: diameter %d average %v; want 3, %v", q, s.Diameter, s.AvgDistance(), wantAvg)
		}
		if gi := girth(g); gi != 6 {
			t.Errorf("q = %d: girth %d, want 6", q, gi)
		}
		// Bipartite between points and lines; Lemma 3.4: two vertices of one
		// side have the single common neighbour (1-s, P x Q); coordinates.
		pp, _ := NewProjectivePlane(q)
		for r := 0; r < g.N(); r++ {
			c := top.Coords[4*r : 4*r+4]
			pt := pp.Point(r % n)
			if c[0] != int32(r/n) || c[1] != int32(pt[0]) || c[2] != int32(pt[1]) || c[3] != int32(pt[2]) || top.Conc[r] != int32(p) {
				t.Fatalf("q = %d: router %d coords %v conc %d", q, r, c, top.Conc[r])
			}
			for _, u := range g.Neighbors(int32(r)) {
				if int(u)/n == r/n || pp.Dot(r%n, int(u)%n) != 0 {
					t.Fatalf("q = %d: link %d-%d is not a point-line incidence", q, r, u)
				}
			}
		}
		for side := 0; side < 2; side++ {
			for a := 0; a < n; a++ {
				for b := a + 1; b < n; b++ {
					u, w := int32(side*n+a), int32(side*n+b)
					mid := int32((1-side)*n + pp.Cross(a, b))
					if d2Common(g, u, w) != 1 || !d2Adjacent(g, u, mid) || !d2Adjacent(g, w, mid) {
						t.Fatalf("q = %d: vertices %d, %d: %d common neighbours, P x Q = %d", q, u, w, d2Common(g, u, w), mid)
					}
				}
			}
		}
	}
}

func TestPNHeawood(t *testing.T) {
	top, _ := build(t, "pn", Values{"q": int64(2), "p": int64(1)})
	g := top.Graph
	if d, ok := regular(g); g.N() != 14 || g.Edges() != 21 || !ok || d != 3 {
		t.Fatalf("q = 2: %d vertices, %d edges, degree %d (regular %v); want the Heawood graph: 14, 21, 3-regular", g.N(), g.Edges(), d, ok)
	}
	if gi, s := girth(g), distances(t, top); gi != 6 || s.Diameter != 3 {
		t.Errorf("girth %d diameter %d, want 6 and 3", gi, s.Diameter)
	}
}

// projPathCounts returns, for source s, the number of shortest paths to
// every vertex and the distances.
func projPathCounts(g *graph.Graph, s int32, dist []int32, count []int64) {
	for i := range dist {
		dist[i], count[i] = -1, 0
	}
	dist[s], count[s] = 0, 1
	queue := []int32{s}
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		for _, u := range g.Neighbors(v) {
			switch {
			case dist[u] < 0:
				dist[u] = dist[v] + 1
				count[u] = count[v]
				queue = append(queue, u)
			case dist[u] == dist[v]+1:
				count[u] += count[v]
			}
		}
	}
}

func TestDemiPN(t *testing.T) {
	for _, q := range projQs {
		given := Values{"q": int64(q)}
		top, v := build(t, "demi_pn", given)
		g := top.Graph
		n := q*q + q + 1
		p := int64(q+2) / 2
		want := Size{Routers: int64(n), Endpoints: int64(n) * p, Links: int64(q * (q + 1) * (q + 1) / 2), Radix: int64(q+1) + p, NetworkRadix: int64(q + 1)}
		if got := measured(top); got != want || v.Int("p") != p {
			t.Errorf("q = %d: built %+v (p = %d), want %+v", q, got, v.Int("p"), want)
		}
		if sz := sizeOf(t, "demi_pn", given); sz != want {
			t.Errorf("q = %d: Size %+v, want %+v", q, sz, want)
		}
		pp, _ := NewProjectivePlane(q)
		// Degrees: q for the q+1 absolute points, q+1 for the others; no two
		// absolute points adjacent (Theorem 3.10); links are orthogonalities.
		degQ := 0
		for r := 0; r < n; r++ {
			wantDeg := q + 1
			if pp.Absolute(r) {
				wantDeg = q
				degQ++
			}
			if g.Degree(int32(r)) != wantDeg {
				t.Fatalf("q = %d: point %d (absolute %v) has degree %d", q, r, pp.Absolute(r), g.Degree(int32(r)))
			}
			pt := pp.Point(r)
			if c := top.Coords[3*r : 3*r+3]; c[0] != int32(pt[0]) || c[1] != int32(pt[1]) || c[2] != int32(pt[2]) {
				t.Fatalf("q = %d: router %d coords %v, want %v", q, r, c, pt)
			}
			for _, u := range g.Neighbors(int32(r)) {
				if pp.Dot(r, int(u)) != 0 || int(u) == r || (pp.Absolute(r) && pp.Absolute(int(u))) {
					t.Fatalf("q = %d: bad link %d-%d", q, r, u)
				}
			}
		}
		if degQ != q+1 {
			t.Errorf("q = %d: %d routers of degree q, want q+1", q, degQ)
		}
		s := distances(t, top)
		wantAvg := float64(2*q*q+q+1) / float64(n)
		if s.Diameter != 2 || !s.Connected() || math.Abs(s.AvgDistance()-wantAvg) > 1e-12 {
			t.Errorf("q = %d: diameter %d average %v; want 2, %v", q, s.Diameter, s.AvgDistance(), wantAvg)
		}
		// Lemma 3.8: a unique minimum path between every pair of vertices;
		// Corollary 3.9: for non-adjacent P, Q it is P, P x Q, Q.
		dist := make([]int32, n)
		count := make([]int64, n)
		for a := 0; a < n; a++ {
			projPathCounts(g, int32(a), dist, count)
			for b := 0; b < n; b++ {
				if count[b] != 1 {
					t.Fatalf("q = %d: %d minimum paths between %d and %d, want 1", q, count[b], a, b)
				}
				if dist[b] == 2 {
					mid := int32(pp.Cross(a, b))
					if !d2Adjacent(g, int32(a), mid) || !d2Adjacent(g, int32(b), mid) {
						t.Fatalf("q = %d: %d, %d: P x Q = %d is not the middle vertex", q, a, b, mid)
					}
				}
			}
		}
	}
}

// TestProjectiveConcentration checks p against the projective networks
// paper: Tables 4 and 5 (PN(23) with p = 9, PN(31) with p = 13, demi-PN(27)
// with p = 14, demi-PN(37) with p = 19) and Table 3's Delta_0.
func TestProjectiveConcentration(t *testing.T) {
	tests := []struct {
		fam                       string
		given                     Values
		p, endpoints, radix, nRtr int64
	}{
		{"pn", Values{"q": int64(23), "p": "floor"}, 9, 9954, 33, 1106},
		{"pn", Values{"q": int64(23)}, 10, 11060, 34, 1106}, // Delta/kbar = 9.77
		{"pn", Values{"q": int64(31)}, 13, 25818, 45, 1986}, // Delta/kbar = 12.97
		{"pn", Values{"q": int64(31), "p": "floor"}, 12, 23832, 44, 1986},
		{"pn", Values{"q": int64(2)}, 1, 14, 4, 14}, // 39/27
		{"pn", Values{"q": int64(3)}, 2, 52, 6, 26}, // 100/55
		{"demi_pn", Values{"q": int64(27)}, 14, 10598, 42, 757},
		{"demi_pn", Values{"q": int64(37)}, 19, 26733, 57, 1407},
		{"demi_pn", Values{"q": int64(4)}, 3, 63, 8, 21},
		{"demi_pn", Values{"q": int64(4), "p": "floor"}, 2, 42, 7, 21},
		{"demi_pn", Values{"q": int64(5), "p": "floor"}, 3, 93, 9, 31},
		{"demi_pn", Values{"q": int64(5), "p": int64(7)}, 7, 217, 13, 31},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
		v, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatal(err)
		}
		sz := sizeOf(t, tt.fam, tt.given)
		if v.Int("p") != tt.p || sz.Endpoints != tt.endpoints || sz.Radix != tt.radix || sz.Routers != tt.nRtr {
			t.Errorf("%s %v: p = %d, Size %+v; want p = %d, %d endpoints, radix %d, %d routers", tt.fam, tt.given, v.Int("p"), sz, tt.p, tt.endpoints, tt.radix, tt.nRtr)
		}
		if again, err := f.Resolve(v); err != nil || fmt.Sprint(again) != fmt.Sprint(v) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
	// The balanced PN concentration is the nearest integer to
	// (q+1)(2q^2+2q+1)/(5q^2+3q+1) for every q.
	for q := int64(2); q <= 1<<20; q = q*3/2 + 1 {
		x := float64(q+1) * float64(2*q*q+2*q+1) / float64(5*q*q+3*q+1)
		if near, fl := pnBalancedP(q); near != int64(math.Floor(x+0.5)) || fl != int64(math.Floor(x)) {
			t.Errorf("q = %d: pnBalancedP = %d, %d; want round and floor of %v", q, near, fl, x)
		}
	}
}

func TestProjectiveSizeMatchesBuild(t *testing.T) {
	for q := int64(2); q <= 32; q++ {
		if projCheckOrder("pn", "q", q, 0) != nil {
			continue
		}
		for _, fam := range []string{"pn", "demi_pn"} {
			for _, p := range []any{"balanced", "floor", q%4 + 1} {
				given := Values{"q": q, "p": p}
				top, _ := build(t, fam, given)
				if got, want := measured(top), sizeOf(t, fam, given); got != want {
					t.Errorf("%s %v: built %+v, Size %+v", fam, given, got, want)
				}
				if len(top.Coords) != top.CoordDim*top.Graph.N() || top.Role != nil || top.Group != nil {
					t.Errorf("%s %v: metadata", fam, given)
				}
			}
		}
	}
	// Huge: Size works, Build refuses.
	q := int64(1 << 20)
	n := q*q + q + 1
	for _, c := range []struct {
		fam  string
		want Size
	}{
		{"pn", Size{Routers: 2 * n, Endpoints: 2 * n * 419431, Links: n * (q + 1), Radix: q + 1 + 419431, NetworkRadix: q + 1}},
		{"demi_pn", Size{Routers: n, Endpoints: n * (q/2 + 1), Links: q * (q + 1) * (q + 1) / 2, Radix: q + 1 + q/2 + 1, NetworkRadix: q + 1}},
	} {
		given := Values{"q": q}
		if got := sizeOf(t, c.fam, given); got != c.want {
			t.Errorf("%s q = 2^20: Size %+v, want %+v", c.fam, got, c.want)
		}
		f, _ := Default().Lookup(c.fam)
		v, _ := f.Normalize(given)
		if _, err := f.Build(context.Background(), v); err == nil {
			t.Errorf("%s q = 2^20: Build succeeded", c.fam)
		}
	}
}

func TestProjectiveErrors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"pn", Values{"q": int64(6)}, "q", "q = 6 is not a prime power"},
		{"pn", Values{"q": int64(6)}, "q", "nearest valid q: 5, 7"},
		{"pn", Values{"q": int64(10)}, "q", "nearest valid q: 9, 11"},
		{"pn", Values{"q": int64(1)}, "q", "too small"},
		{"pn", Values{"q": int64(0)}, "q", "nearest valid q: 2"},
		{"pn", Values{"q": int64(1<<20 + 7)}, "q", "too large"},
		{"pn", Values{}, "q", "required"},
		{"pn", Values{"q": int64(5), "p": int64(0)}, "p", "positive"},
		{"pn", Values{"q": int64(5), "p": "ceil"}, "p", `"balanced", "floor"`},
		{"pn", Values{"q": int64(31), "max_radix": int64(40)}, "p", "p = 13 needs 45 ports but max_radix = 40"},
		{"pn", Values{"q": int64(31), "max_radix": int64(32)}, "max_radix", "too small"},
		{"demi_pn", Values{"q": int64(12)}, "q", "nearest valid q: 11, 13"},
		{"demi_pn", Values{"q": int64(15)}, "q", "nearest valid q: 13, 16"},
		{"demi_pn", Values{"q": int64(27), "max_radix": int64(41)}, "p", "p = 14 needs 42 ports but max_radix = 41"},
		{"demi_pn", Values{"q": 4.0}, "q", "want int"},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
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

// BenchmarkBuildD2 builds paper-scale instances: PN and demi-PN for q = 31
// and the 32-OFT (k-1 = 31 prime, so both constructions), plus SC15's MLFM.
func BenchmarkBuildD2(b *testing.B) {
	cases := []struct {
		name, fam string
		given     Values
	}{
		{"pn-q31", "pn", Values{"q": int64(31)}},
		{"demi_pn-q31", "demi_pn", Values{"q": int64(31)}},
		{"oft-k32-mols", "oft", Values{"k": int64(32), "construction": "mols"}},
		{"oft-k32-projective", "oft", Values{"k": int64(32), "construction": "projective"}},
		{"mlfm-h15", "mlfm", Values{"h": int64(15)}},
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
