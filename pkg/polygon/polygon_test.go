package polygon

import (
	"context"
	"errors"
	"testing"
)

// incidence returns the adjacency lists of g's incidence graph: points
// 0..n-1, lines n..2n-1.
func incidence(g *Polygon) [][]int32 {
	n := g.Points()
	adj := make([][]int32, 2*n)
	for p := 0; p < n; p++ {
		for _, l := range g.LinesOf(p) {
			adj[p] = append(adj[p], int32(n)+l)
		}
	}
	for l := 0; l < n; l++ {
		for _, p := range g.PointsOf(l) {
			adj[n+l] = append(adj[n+l], p)
		}
	}
	return adj
}

// diameterGirth returns the diameter and girth of a connected graph by BFS
// from every vertex (diameter -1 if disconnected).
func diameterGirth(adj [][]int32) (diam, girth int) {
	n := len(adj)
	dist := make([]int, n)
	parent := make([]int32, n)
	queue := make([]int32, 0, n)
	girth = 1 << 30
	for s := 0; s < n; s++ {
		for i := range dist {
			dist[i] = -1
		}
		dist[s], parent[s] = 0, -1
		queue = append(queue[:0], int32(s))
		for h := 0; h < len(queue); h++ {
			u := queue[h]
			for _, v := range adj[u] {
				switch {
				case dist[v] < 0:
					dist[v], parent[v] = dist[u]+1, u
					queue = append(queue, v)
				case v != parent[u]:
					if c := dist[u] + dist[v] + 1; c < girth {
						girth = c
					}
				}
			}
		}
		if len(queue) < n {
			return -1, girth
		}
		if d := dist[queue[len(queue)-1]]; d > diam {
			diam = d
		}
	}
	return diam, girth
}

func TestGeneralizedPolygons(t *testing.T) {
	cases := []struct {
		name  string
		build func(int) (*Polygon, error)
		gon   int
		qs    []int
	}{
		{"W", Symplectic, 4, []int{2, 3, 4, 5, 7, 8, 9, 11}},
		{"H", SplitCayley, 6, []int{2, 3, 4, 5}},
	}
	for _, c := range cases {
		for _, q := range c.qs {
			g, err := c.build(q)
			if err != nil {
				t.Fatalf("%s(%d): %v", c.name, q, err)
			}
			if g.Points() != pointCount(q, c.gon) {
				t.Errorf("%s(%d): %d points", c.name, q, g.Points())
			}
			d, gi := diameterGirth(incidence(g))
			if d != c.gon || gi != 2*c.gon {
				t.Errorf("%s(%d): incidence graph diameter %d girth %d, want %d and %d", c.name, q, d, gi, c.gon, 2*c.gon)
			}
		}
	}
}

// delormeAdj returns the adjacency lists of the polarity graph: point p is
// adjacent to every other point of its image line.
func delormeAdj(pl *Polarity) ([][]int32, int) {
	g := pl.Polygon()
	adj := make([][]int32, g.Points())
	abs := 0
	for p := range adj {
		if pl.Absolute(p) {
			abs++
		}
		for _, r := range g.PointsOf(pl.Line(p)) {
			if int(r) != p {
				adj[p] = append(adj[p], r)
			}
		}
	}
	return adj, abs
}

func TestPolarities(t *testing.T) {
	cases := []struct {
		q, gon, absolute, diameter int
	}{
		{2, 4, 5, 3}, {8, 4, 65, 3}, {32, 4, 1025, 3}, {3, 6, 28, 5},
	}
	for _, c := range cases {
		var pl *Polarity
		var err error
		if c.gon == 4 {
			g, _ := Symplectic(c.q)
			pl, err = SymplecticPolarity(g)
		} else {
			g, _ := SplitCayley(c.q)
			pl, err = SplitCayleyPolarity(context.Background(), g)
		}
		if err != nil {
			t.Fatalf("q=%d n=%d: %v", c.q, c.gon, err)
		}
		adj, abs := delormeAdj(pl)
		if abs != c.absolute {
			t.Errorf("q=%d n=%d: %d absolute points, want %d", c.q, c.gon, abs, c.absolute)
		}
		if c.q > 8 {
			continue
		}
		d, girth := diameterGirth(adj)
		if d != c.diameter {
			t.Errorf("q=%d n=%d: Delorme graph diameter %d, want %d (girth %d)", c.q, c.gon, d, c.diameter, girth)
		}
	}
}

// TestSearchPolarityExistence checks the exhaustive search against the
// theory: W(q) has a polarity exactly when q is an odd power of 2, H(q)
// exactly when q is an odd power of 3 (Tits). Every polarity found has
// q^2+1 (W) or q^3+1 (H) absolute points.
func TestSearchPolarityExistence(t *testing.T) {
	cases := []struct {
		gon, q int
		exists bool
	}{
		{4, 2, true}, {4, 3, false}, {4, 4, false}, {4, 5, false}, {4, 8, true},
		{6, 2, false}, {6, 3, true},
	}
	for _, c := range cases {
		if c.q == 8 && testing.Short() {
			continue // about 2 s
		}
		var g *Polygon
		var err error
		if c.gon == 4 {
			g, err = Symplectic(c.q)
		} else {
			g, err = SplitCayley(c.q)
		}
		if err != nil {
			t.Fatal(err)
		}
		pl, err := SearchPolarity(context.Background(), g, 4096)
		if (err == nil) != c.exists {
			t.Errorf("n=%d q=%d: search error %v, want a polarity: %v", c.gon, c.q, err, c.exists)
			continue
		}
		if err != nil {
			continue
		}
		_, abs := delormeAdj(pl)
		want := c.q*c.q + 1
		if c.gon == 6 {
			want = c.q*c.q*c.q + 1
		}
		if abs != want {
			t.Errorf("n=%d q=%d: %d absolute points, want %d", c.gon, c.q, abs, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := Symplectic(4)
	if _, err := SearchPolarity(ctx, g, 4096); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: error %v", err)
	}
	if _, err := SearchPolarity(context.Background(), g, 100); err == nil {
		t.Error("search beyond maxPoints: no error")
	}
}

// TestMaxPoints checks the documented reach of MaxPoints: W(157) and H(19)
// fit, W(163) and H(23) do not.
func TestMaxPoints(t *testing.T) {
	for _, c := range []struct {
		q, gon int
		fits   bool
	}{{157, 4, true}, {163, 4, false}, {19, 6, true}, {23, 6, false}} {
		if fits := pointCount(c.q, c.gon) <= MaxPoints; fits != c.fits {
			t.Errorf("q=%d n=%d: %d points, fits %v", c.q, c.gon, pointCount(c.q, c.gon), fits)
		}
	}
	if _, err := SplitCayley(23); err == nil {
		t.Error("H(23): no error")
	}
}
