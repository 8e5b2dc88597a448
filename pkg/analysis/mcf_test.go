package analysis

import (
	"context"
	"math"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// uniform returns a unit demand between every ordered pair of routers.
func uniform(n int) []Demand {
	var d []Demand
	for s := range n {
		for t := range n {
			if s != t {
				d = append(d, Demand{Src: int32(s), Dst: int32(t), Amount: 1})
			}
		}
	}
	return d
}

// TestMaxConcurrentFlow brackets known optima: on edge-transitive graphs
// under uniform traffic shortest paths spread evenly are optimal, so the
// optimum is the hop-distance bound; two K_4 joined by one link carry at
// most 1/16 of the uniform matrix (16 ordered pairs cross each direction
// of the bridge); a single demand across the 4-cube is its maximum flow,
// 4 (four edge-disjoint paths), far below the distance bound 64/4.
func TestMaxConcurrentFlow(t *testing.T) {
	bridge := append(complete(4), graph.Edge{U: 3, V: 4})
	for _, e := range complete(4) {
		bridge = append(bridge, graph.Edge{U: e.U + 4, V: e.V + 4})
	}
	const eps = 0.1
	tests := []struct {
		name    string
		n       int
		edges   []graph.Edge
		demands []Demand
		opt     float64 // 0: the distance bound
	}{
		{"K6", 6, complete(6), uniform(6), 1},
		{"ring 9", 9, cycle(9), uniform(9), 0},
		{"Petersen", 10, petersen(), uniform(10), 0},
		{"Q4", 16, hypercube(4), uniform(16), 0},
		{"two K4 and a bridge", 8, bridge, uniform(8), 1.0 / 16},
		{"Q4, one demand", 16, hypercube(4), []Demand{{Src: 0, Dst: 15, Amount: 1}}, 4},
	}
	for _, tt := range tests {
		g := specGraph(t, tt.n, tt.edges)
		r, err := MaxConcurrentFlow(context.Background(), g, tt.demands, eps)
		if err != nil {
			t.Fatal(err)
		}
		opt := tt.opt
		if opt == 0 {
			opt = r.DistanceBound
		}
		// Garg-Konemann: the feasible flow is within (1 - eps)^3 of the
		// optimum; every dual bound is at least the optimum.
		if r.Lower > opt*(1+1e-9) || r.Lower < opt*math.Pow(1-eps, 3) || r.Upper < opt*(1-1e-9) || r.Upper > r.DistanceBound*(1+1e-12) || r.Phases == 0 {
			t.Errorf("%s: %+v, optimum %g", tt.name, r, opt)
		}
		if tt.opt == 0 && math.Abs(r.Upper-opt) > 1e-9*opt {
			t.Errorf("%s: upper %g, want the distance bound %g", tt.name, r.Upper, opt)
		}
		if tt.opt != 0 && r.Upper > opt*(1+3*eps) {
			t.Errorf("%s: upper %g, optimum %g", tt.name, r.Upper, opt)
		}
	}
	if _, err := MaxConcurrentFlow(context.Background(), specGraph(t, 3, cycle(3)), uniform(3), 0); err == nil {
		t.Error("epsilon 0 accepted")
	}
}
