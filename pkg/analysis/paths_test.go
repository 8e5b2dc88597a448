package analysis

import (
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// TestNonAdjacentAndEndpointMax checks PathStats.NonAdjacent (the pairs
// at distance 2 or more) and PathStats.EndpointMax (the largest count
// between two routers with endpoints) on graphs counted by hand.
func TestNonAdjacentAndEndpointMax(t *testing.T) {
	// C4 0-1-2-3-0 with pendant 4 on 0: at distance 2 (0,2) and (1,3) have
	// 2 paths, (1,4) and (3,4) 1; at distance 3 (2,4) has 2. Ordered: 10
	// pairs, 16 paths.
	cp := fromEdges(t, 5, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 4}})
	// K_{2,3}: sides {0, 1} and {2, 3, 4}; (0, 1) has 3 paths, each pair of
	// {2, 3, 4} has 2: 8 ordered pairs, 18 paths; with the 12 adjacent
	// ones, 30 paths over 20 pairs.
	k23 := fromEdges(t, 5, [][2]int32{{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}})
	// K4: every pair adjacent.
	k4 := fromEdges(t, 4, [][2]int32{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}})
	// Path 0-1-2-3: (0,2), (1,3), (0,3) have one path each.
	p4 := fromEdges(t, 4, [][2]int32{{0, 1}, {1, 2}, {2, 3}})
	tests := []struct {
		name    string
		g       *graph.Graph
		conc    []int32
		want    DistancePaths
		epMax   uint64
		allMax  uint64
		allMean float64
	}{
		{"C4+pendant", cp, nil, DistancePaths{Pairs: 10, Mean: 1.6, Min: 1, Max: 2}, 2, 2, 1.3},
		{"C4+pendant, endpoints on 0, 2, 4", cp, []int32{1, 0, 1, 0, 1}, DistancePaths{Pairs: 10, Mean: 1.6, Min: 1, Max: 2}, 2, 2, 1.3},
		{"C4+pendant, endpoints on 0, 1, 4", cp, []int32{1, 1, 0, 0, 1}, DistancePaths{Pairs: 10, Mean: 1.6, Min: 1, Max: 2}, 1, 2, 1.3},
		{"K2,3", k23, nil, DistancePaths{Pairs: 8, Mean: 2.25, Min: 2, Max: 3}, 3, 3, 30.0 / 20},
		{"K2,3, endpoints on the side of 3", k23, []int32{0, 0, 2, 2, 2}, DistancePaths{Pairs: 8, Mean: 2.25, Min: 2, Max: 3}, 2, 3, 30.0 / 20},
		{"K2,3, endpoints on the side of 2", k23, []int32{5, 1, 0, 0, 0}, DistancePaths{Pairs: 8, Mean: 2.25, Min: 2, Max: 3}, 3, 3, 30.0 / 20},
		{"K4", k4, nil, DistancePaths{}, 1, 1, 1},
		{"K4, one router with endpoints", k4, []int32{0, 0, 3, 0}, DistancePaths{}, 0, 1, 1},
		{"path4", p4, nil, DistancePaths{Pairs: 6, Mean: 1, Min: 1, Max: 1}, 1, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, workers := range []int{1, 3} {
				st := paths(t, tc.g, tc.conc, 0, workers)
				if st.NonAdjacent != tc.want {
					t.Errorf("workers %d: NonAdjacent = %+v, want %+v", workers, st.NonAdjacent, tc.want)
				}
				if st.EndpointMax != tc.epMax || st.Max != tc.allMax || st.Mean != tc.allMean {
					t.Errorf("workers %d: EndpointMax %d, Max %d, Mean %v; want %d, %d, %v", workers, st.EndpointMax, st.Max, st.Mean, tc.epMax, tc.allMax, tc.allMean)
				}
			}
		})
	}
}

// TestPathDiversitySC15 checks the path diversity that Kathareios et al.,
// SC15, section 2.3.3 describes: k minimal paths between the leaves (0, i)
// and (2, i) of a k-OFT and one between any other two leaves; h within a
// column of an h-MLFM and one otherwise. Endpoint pairs: 2 R_L leaves of k
// endpoints (OFT), h(h+1) local routers of h endpoints (MLFM).
func TestPathDiversitySC15(t *testing.T) {
	tests := []struct {
		fam    string
		params families.Values
		epMax  uint64
		epMean float64 // over ordered pairs of leaves, all with p endpoints
	}{
		// Each of 26 leaves: 1 partner with 4 paths, 24 with 1: (4 + 24)/25.
		{"oft", families.Values{"k": int64(4)}, 4, 28.0 / 25},
		{"oft", families.Values{"k": int64(6)}, 6, (6.0 + 60) / 61},
		// Each of 12 local routers: 2 in its column with 3 paths, 9 with 1.
		{"mlfm", families.Values{"h": int64(3)}, 3, (2*3.0 + 9) / 11},
		{"mlfm", families.Values{"h": int64(5)}, 5, (4*5.0 + 25) / 29},
	}
	for _, tc := range tests {
		top := build(t, tc.fam, tc.params)
		st := paths(t, top.Graph, top.Conc, 0, 2)
		if st.EndpointMax != tc.epMax || st.EndpointMean != tc.epMean {
			t.Errorf("%s %v: EndpointMax %d, EndpointMean %v; want %d, %v", tc.fam, tc.params, st.EndpointMax, st.EndpointMean, tc.epMax, tc.epMean)
		}
	}
}
