package analysis

import (
	"context"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// TestJellyfishEquivalent checks the rewired hypercube Q8 and K_{3,5}
// plus a pendant path (an irregular graph): every router keeps its
// degree, the graph stays simple and connected, the draw is a function of
// the seed, and the random Q8 is closer on average (the Jellyfish
// result: about 2.9 hops against the cube's 4.02).
func TestJellyfishEquivalent(t *testing.T) {
	irregular := []graph.Edge{{U: 8, V: 0}, {U: 9, V: 8}, {U: 10, V: 9}}
	for i := range 3 {
		for j := range 5 {
			irregular = append(irregular, graph.Edge{U: int32(i), V: int32(3 + j)})
		}
	}
	for _, tt := range []struct {
		name  string
		n     int
		edges []graph.Edge
	}{
		{"Q8", 256, hypercube(8)},
		{"K3,5 and a path", 11, irregular},
	} {
		g := specGraph(t, tt.n, tt.edges)
		r, err := JellyfishEquivalent(context.Background(), g, 10, 1)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := JellyfishEquivalent(context.Background(), g, 10, 1)
		other, _ := JellyfishEquivalent(context.Background(), g, 10, 2)
		if !slices.Equal(r.Adj, again.Adj) {
			t.Errorf("%s: seed 1 twice gives two graphs", tt.name)
		}
		if tt.n > 100 && slices.Equal(r.Adj, other.Adj) {
			t.Errorf("%s: seeds 1 and 2 give one graph", tt.name)
		}
		if r.Edges() != g.Edges() || !connected(r) {
			t.Errorf("%s: %d links (want %d), connected %v", tt.name, r.Edges(), g.Edges(), connected(r))
		}
		for v := int32(0); int(v) < tt.n; v++ {
			if r.Degree(v) != g.Degree(v) {
				t.Errorf("%s: router %d has degree %d, was %d", tt.name, v, r.Degree(v), g.Degree(v))
			}
			nb := r.Neighbors(v)
			for i := range nb {
				if nb[i] == v || i > 0 && nb[i] == nb[i-1] {
					t.Fatalf("%s: router %d has a loop or a parallel link: %v", tt.name, v, nb)
				}
			}
		}
		if tt.n == 256 {
			if slices.Equal(r.Adj, g.Adj) {
				t.Fatal("Q8 was not rewired")
			}
			a, _ := graph.Distances(context.Background(), g, nil, 1)
			b, _ := graph.Distances(context.Background(), r, nil, 1)
			if b.AvgDistance() > 3.0 || b.AvgDistance() < 2.7 || a.AvgDistance() < 4 {
				t.Errorf("average distance: cube %.3f, random %.3f", a.AvgDistance(), b.AvgDistance())
			}
		}
	}
}
