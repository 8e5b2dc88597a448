package analysis

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// TestEdgeDisjointPaths checks Menger counts with known edge
// connectivities: every pair of a d-dimensional hypercube has d
// edge-disjoint paths, of the Petersen graph 3, of a ring 2, of K_n n-1;
// two K_4 joined by one link have 1 between the halves; parallel links
// count separately.
func TestEdgeDisjointPaths(t *testing.T) {
	bridge := append(complete(4), graph.Edge{U: 3, V: 4})
	for _, e := range complete(4) {
		bridge = append(bridge, graph.Edge{U: e.U + 4, V: e.V + 4})
	}
	parallel := []graph.Edge{{U: 0, V: 1}, {U: 0, V: 1}, {U: 0, V: 1}, {U: 1, V: 2}}
	tests := []struct {
		name       string
		n          int
		edges      []graph.Edge
		samples    int
		min        int
		mean       float64
		atDegree   int
		exhaustive bool
	}{
		{"Q6 all pairs", 64, hypercube(6), 5000, 6, 6, 2016, true},
		{"Q10 sampled", 1024, hypercube(10), 200, 10, 10, 200, false},
		{"Petersen", 10, petersen(), 100, 3, 3, 45, true},
		{"ring", 9, cycle(9), 100, 2, 2, 36, true},
		{"K8", 8, complete(8), 100, 7, 7, 28, true},
		// 12 pairs inside a K_4 (3 paths each, their degree), 16 across the
		// bridge (1).
		{"two K4 and a bridge", 8, bridge, 100, 1, (12*3 + 16*1) / 28.0, 12, true},
		// 0-1: 3 parallel links; 0-2 and 1-2: 1 (the single link 1-2).
		{"parallel links", 3, parallel, 10, 1, 5 / 3.0, 3, true},
	}
	for _, tt := range tests {
		g := specGraph(t, tt.n, tt.edges)
		d, err := EdgeDisjointPaths(context.Background(), g, tt.samples, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := Disjoint{Pairs: d.Pairs, Min: tt.min, Mean: tt.mean, MinDegreeBound: tt.atDegree, Exhaustive: tt.exhaustive}
		if d != want || (tt.exhaustive && d.Pairs != tt.n*(tt.n-1)/2) || (!tt.exhaustive && d.Pairs != tt.samples) {
			t.Errorf("%s: %+v, want %+v", tt.name, d, want)
		}
	}
}
