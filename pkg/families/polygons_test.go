package families

import (
	"math"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// distanceCounts returns how many vertices lie at each distance from s.
func distanceCounts(g *graph.Graph, s int32, dist []int32) []int {
	graph.BFS(g, s, dist)
	var w []int
	for _, d := range dist {
		for int(d) >= len(w) {
			w = append(w, 0)
		}
		w[d]++
	}
	return w
}

// TestPolygonIncidence checks the built incidence graphs of W(q) and H(q):
// bipartite (q+1)-regular generalized Moore graphs of diameter n and girth
// 2n, with 1, q+1, q(q+1), ..., q^(n-2)(q+1), q^(n-1) vertices at distance
// 0..n from every vertex, so that the average distance is exact.
func TestPolygonIncidence(t *testing.T) {
	cases := []struct {
		fam string
		gon int
		qs  []int
	}{
		{"gq_incidence", 4, []int{2, 3, 4, 5, 7, 8, 9}},
		{"gh_incidence", 6, []int{2, 3, 4}},
	}
	for _, c := range cases {
		for _, q := range c.qs {
			top, v := build(t, c.fam, Values{"q": int64(q)})
			if sz := sizeOf(t, c.fam, v); measured(top) != sz {
				t.Errorf("%s q=%d: built %+v, Size %+v", c.fam, q, measured(top), sz)
			}
			g := top.Graph
			if d, ok := regular(g); !ok || d != q+1 {
				t.Errorf("%s q=%d: degree %d regular %v", c.fam, q, d, ok)
			}
			want := []int{1, q + 1}
			for i := 2; i < c.gon; i++ {
				want = append(want, want[i-1]*q)
			}
			want = append(want, want[c.gon-1]/(q+1)*q) // q^(n-1)
			dist := make([]int32, g.N())
			for s := 0; s < g.N(); s += max(1, g.N()/97) {
				if w := distanceCounts(g, int32(s), dist); !slices.Equal(w, want) {
					t.Fatalf("%s q=%d: distances from %d %v, want %v", c.fam, q, s, w, want)
				}
			}
			if gi := girth(g); gi != 2*c.gon {
				t.Errorf("%s q=%d: girth %d, want %d", c.fam, q, gi, 2*c.gon)
			}
			sum, n := 0, 0
			for d, k := range want {
				sum, n = sum+d*k, n+k
			}
			if s := distances(t, top); s.Diameter != c.gon || math.Abs(s.AvgDistance()-float64(sum)/float64(n-1)) > 1e-12 {
				t.Errorf("%s q=%d: diameter %d average %v, want %d and %v", c.fam, q, s.Diameter, s.AvgDistance(), c.gon, float64(sum)/float64(n-1))
			}
		}
	}
}

// TestDelormeBuilt checks Delorme's graphs on W(q) (q = 2, 8) and H(3):
// routers, links and absolute points as the sizing formulas say, diameter
// n-1 (the polarity's symmetry is checked in package polygon).
func TestDelormeBuilt(t *testing.T) {
	cases := []struct {
		variant                         string
		q, diameter, routers, nAbsolute int
	}{
		{"quadrangle", 2, 3, 15, 5},
		{"quadrangle", 8, 3, 585, 65},
		{"hexagon", 3, 5, 364, 28},
	}
	for _, c := range cases {
		given := Values{"variant": c.variant, "q": int64(c.q)}
		top, v := build(t, "delorme", given)
		if sz := sizeOf(t, "delorme", v); measured(top) != sz || sz.Routers != int64(c.routers) {
			t.Errorf("%s q=%d: built %+v, Size %+v", c.variant, c.q, measured(top), sz)
		}
		g := top.Graph
		low := 0
		for r := 0; r < g.N(); r++ {
			switch g.Degree(int32(r)) {
			case c.q:
				low++
			case c.q + 1:
			default:
				t.Fatalf("%s q=%d: router %d has degree %d", c.variant, c.q, r, g.Degree(int32(r)))
			}
		}
		if low != c.nAbsolute {
			t.Errorf("%s q=%d: %d routers of degree q, want %d absolute points", c.variant, c.q, low, c.nAbsolute)
		}
		if s := distances(t, top); s.Diameter != c.diameter {
			t.Errorf("%s q=%d: diameter %d, want %d", c.variant, c.q, s.Diameter, c.diameter)
		}
	}
}

// TestPolygonFamiliesPinned pins the numbering of the built graphs (cached
// build cells depend on it; a change must bump the family Version).
func TestPolygonFamiliesPinned(t *testing.T) {
	for _, c := range []struct {
		fam   string
		given Values
		crc   uint32
	}{
		{"gq_incidence", Values{"q": int64(3)}, 0x1742ee27},
		{"gh_incidence", Values{"q": int64(2)}, 0xee7bf793},
		{"delorme", Values{"variant": "quadrangle", "q": int64(8)}, 0x6e06b498},
		{"delorme", Values{"variant": "hexagon", "q": int64(3)}, 0xc47b3468},
	} {
		top, _ := build(t, c.fam, c.given)
		if h := rndAdjHash(top.Graph); h != c.crc {
			t.Errorf("%s %v: adjacency CRC %#08x, want %#08x", c.fam, c.given, h, c.crc)
		}
	}
}
