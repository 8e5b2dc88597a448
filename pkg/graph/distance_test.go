package graph

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// naiveDistances computes DistanceStats with one plain BFS per source.
func naiveDistances(g *Graph, conc []int32) *DistanceStats {
	n := g.N()
	s := &DistanceStats{Diameter: -1, Ecc: make([]int32, n)}
	if n == 0 {
		return s
	}
	cc := func(r int) int64 {
		if conc == nil {
			return 1
		}
		return int64(conc[r])
	}
	hist := make([]int64, n)
	ehist := make([]int64, n)
	dist := make([]int32, n)
	for src := 0; src < n; src++ {
		BFS(g, int32(src), dist)
		for v, d := range dist {
			switch {
			case d < 0:
				s.Unreachable++
			case v == src:
				ehist[0] += cc(v) * (cc(v) - 1)
			default:
				hist[d]++
				ehist[d] += cc(src) * cc(v)
				s.Ecc[src] = max(s.Ecc[src], d)
				s.Diameter = max(s.Diameter, int(d))
			}
		}
	}
	s.Diameter = max(s.Diameter, 0)
	s.Hist = hist[:s.Diameter+1]
	s.EndpointHist = ehist[:s.Diameter+1]
	return s
}

// randomGraph returns a graph with n vertices and about m random edges
// (parallel edges possible), and random concentrations in [0, maxConc].
func randomGraph(rng *rand.Rand, n, m, maxConc int) (*Graph, []int32) {
	var edges []Edge
	if n > 1 {
		for i := 0; i < m; i++ {
			u, v := rng.IntN(n), rng.IntN(n)
			if u != v {
				edges = append(edges, Edge{int32(u), int32(v)})
			}
		}
	}
	g, err := FromEdges(n, edges)
	if err != nil {
		panic(err)
	}
	var conc []int32
	if maxConc >= 0 {
		conc = make([]int32, n)
		for i := range conc {
			conc[i] = int32(rng.IntN(maxConc + 1))
		}
	}
	return g, conc
}

func TestDistancesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for iter := 0; iter < 300; iter++ {
		n := rng.IntN(300)
		if iter < 10 {
			n = iter // tiny graphs, including the empty one
		}
		// Sparse graphs are often disconnected; dense ones have diameter 2-3.
		m := rng.IntN(3*n + 1)
		maxConc := rng.IntN(6) - 1 // -1: conc nil
		g, conc := randomGraph(rng, n, m, maxConc)
		want := naiveDistances(g, conc)
		for _, workers := range []int{1, 2, 7} {
			for _, strategy := range []int{levelAuto, levelPull, levelPush} {
				got, err := distances(ctx, g, conc, nil, nil, workers, strategy)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("iter %d (n=%d, m=%d, maxConc=%d, workers=%d, strategy=%d):\n got %+v\nwant %+v",
						iter, n, m, maxConc, workers, strategy, got, want)
				}
			}
		}
	}
}

func TestDistancesWorkersIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g, conc := randomGraph(rng, 2000, 5000, 9)
	ref, err := Distances(context.Background(), g, conc, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{0, 2, 3, 7, 64, 1000} {
		got, err := Distances(context.Background(), g, conc, w)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, ref) {
			t.Fatalf("workers=%d differs from workers=1", w)
		}
	}
}

func cycle(n int) *Graph {
	edges := make([]Edge, n)
	for i := range edges {
		edges[i] = Edge{int32(i), int32((i + 1) % n)}
	}
	g, err := FromEdges(n, edges)
	if err != nil {
		panic(err)
	}
	return g
}

func complete(n int) *Graph {
	var edges []Edge
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			edges = append(edges, Edge{int32(i), int32(j)})
		}
	}
	g, _ := FromEdges(n, edges)
	return g
}

func petersen() *Graph {
	var edges []Edge
	for i := int32(0); i < 5; i++ {
		edges = append(edges,
			Edge{i, (i + 1) % 5},     // outer cycle
			Edge{i, i + 5},           // spokes
			Edge{5 + i, 5 + (i+2)%5}, // inner pentagram
		)
	}
	g, _ := FromEdges(10, edges)
	return g
}

func TestDistancesKnownGraphs(t *testing.T) {
	tests := []struct {
		name     string
		g        *Graph
		conc     []int32
		diameter int
		hist     []int64
		avg      float64
		avgEP    float64
	}{
		{"C3", cycle(3), nil, 1, []int64{0, 6}, 1, 1},
		{"C10", cycle(10), nil, 5, []int64{0, 20, 20, 20, 20, 10}, 25.0 / 9, 25.0 / 9},
		{"C11", cycle(11), nil, 5, []int64{0, 22, 22, 22, 22, 22}, 3, 3},
		{"K7", complete(7), nil, 1, []int64{0, 42}, 1, 1},
		{"K7 conc 2", complete(7), []int32{2, 2, 2, 2, 2, 2, 2}, 1, []int64{0, 42}, 1, 168.0 / 182},
		{"Petersen", petersen(), nil, 2, []int64{0, 30, 60}, 5.0 / 3, 5.0 / 3},
		{"K1", complete(1), []int32{3}, 0, []int64{0}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Distances(context.Background(), tt.g, tt.conc, 0)
			if err != nil {
				t.Fatal(err)
			}
			if s.Diameter != tt.diameter || !reflect.DeepEqual(s.Hist, tt.hist) || !s.Connected() {
				t.Errorf("diameter %d hist %v connected %v; want %d %v true", s.Diameter, s.Hist, s.Connected(), tt.diameter, tt.hist)
			}
			if math.Abs(s.AvgDistance()-tt.avg) > 1e-12 || math.Abs(s.AvgEndpointDistance()-tt.avgEP) > 1e-12 {
				t.Errorf("avg %v, endpoint avg %v; want %v, %v", s.AvgDistance(), s.AvgEndpointDistance(), tt.avg, tt.avgEP)
			}
			for r, e := range s.Ecc {
				if int(e) != tt.diameter {
					t.Errorf("Ecc[%d] = %d, want %d (vertex-transitive graph)", r, e, tt.diameter)
				}
			}
		})
	}
}

func TestDistancesDisconnected(t *testing.T) {
	// Two triangles and an isolated vertex; conc 0 on one vertex.
	g, _ := FromEdges(7, []Edge{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}})
	conc := []int32{1, 2, 0, 1, 1, 1, 5}
	s, err := Distances(context.Background(), g, conc, 2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Connected() || s.Unreachable != 7*6-12 || s.Diameter != 1 {
		t.Errorf("connected %v unreachable %d diameter %d; want false 30 1", s.Connected(), s.Unreachable, s.Diameter)
	}
	// Endpoint pairs: same router 2*1 + 5*4 = 22; distance 1: triangle 1
	// {1,2,0}: 2*(1*2) = 4 ordered; triangle 2 {1,1,1}: 6.
	if want := []int64{22, 10}; !reflect.DeepEqual(s.EndpointHist, want) {
		t.Errorf("EndpointHist = %v, want %v", s.EndpointHist, want)
	}
	if want := []int32{1, 1, 1, 1, 1, 1, 0}; !reflect.DeepEqual(s.Ecc, want) {
		t.Errorf("Ecc = %v, want %v", s.Ecc, want)
	}
}

func TestDistancesErrors(t *testing.T) {
	g := cycle(5)
	ctx := context.Background()
	if _, err := Distances(ctx, g, []int32{1, 1}, 1); err == nil {
		t.Error("short conc accepted")
	}
	if _, err := Distances(ctx, g, []int32{1, 1, -1, 1, 1}, 1); err == nil {
		t.Error("negative conc accepted")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Distances(cctx, cycle(1000), nil, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v, want context.Canceled", err)
	}
	s, err := Distances(ctx, &Graph{Off: []int32{0}}, nil, 1)
	if err != nil || s.Diameter != -1 || len(s.Hist) != 0 || !s.Connected() || s.AvgDistance() != 0 {
		t.Errorf("empty graph: %+v, %v", s, err)
	}
}

func TestBFS(t *testing.T) {
	g := cycle(6)
	dist := make([]int32, 6)
	BFS(g, 2, dist)
	if want := []int32{2, 1, 0, 1, 2, 3}; !reflect.DeepEqual(dist, want) {
		t.Errorf("BFS = %v, want %v", dist, want)
	}
}

func TestFromEdges(t *testing.T) {
	g, err := FromEdges(4, []Edge{{3, 0}, {0, 1}, {1, 0}, {2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{1, 1, 2, 3, 0, 0, 0, 0}; !reflect.DeepEqual(g.Adj, want) {
		t.Errorf("Adj = %v, want %v", g.Adj, want)
	}
	if want := []int32{0, 4, 6, 7, 8}; !reflect.DeepEqual(g.Off, want) {
		t.Errorf("Off = %v, want %v", g.Off, want)
	}
	if err := g.Validate(); err != nil {
		t.Error(err)
	}
	for _, bad := range []struct {
		n     int
		edges []Edge
	}{
		{3, []Edge{{0, 3}}}, {3, []Edge{{-1, 0}}}, {3, []Edge{{1, 1}}}, {-1, nil},
	} {
		if _, err := FromEdges(bad.n, bad.edges); err == nil {
			t.Errorf("FromEdges(%d, %v) accepted", bad.n, bad.edges)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 50; i++ {
		g, _ := randomGraph(rng, rng.IntN(100), rng.IntN(400), -1)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		g    Graph
	}{
		{"no offsets", Graph{}},
		{"off[0]", Graph{Off: []int32{1, 1}, Adj: []int32{0}}},
		{"decreasing", Graph{Off: []int32{0, 2, 1, 2}, Adj: []int32{1, 0}}},
		{"length", Graph{Off: []int32{0, 1, 1}, Adj: []int32{1, 0}}},
		{"range", Graph{Off: []int32{0, 1, 2}, Adj: []int32{2, 0}}},
		{"self loop", Graph{Off: []int32{0, 1, 2}, Adj: []int32{0, 1}}},
		{"unsorted", Graph{Off: []int32{0, 2, 3, 4}, Adj: []int32{2, 1, 0, 0}}},
		{"asymmetric", Graph{Off: []int32{0, 1, 2, 3}, Adj: []int32{1, 2, 0}}},
		{"multiplicity", Graph{Off: []int32{0, 2, 3}, Adj: []int32{1, 1, 0}}},
	}
	for _, tt := range tests {
		if err := tt.g.Validate(); err == nil {
			t.Errorf("%s: Validate accepted %+v", tt.name, tt.g)
		}
	}
	ok := Graph{Off: []int32{0, 2, 4, 5, 6}, Adj: []int32{1, 1, 0, 0, 3, 2}}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid graph rejected: %v", err)
	}
}

func ExampleDistances() {
	// The Petersen graph: 10 routers of degree 3, diameter 2.
	var edges []Edge
	for i := int32(0); i < 5; i++ {
		edges = append(edges, Edge{i, (i + 1) % 5}, Edge{i, i + 5}, Edge{5 + i, 5 + (i+2)%5})
	}
	g, err := FromEdges(10, edges)
	if err != nil {
		panic(err)
	}
	conc := []int32{2, 2, 2, 2, 2, 2, 2, 2, 2, 2} // two endpoints per router
	s, err := Distances(context.Background(), g, conc, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("diameter:", s.Diameter, "hist:", s.Hist)
	fmt.Printf("avg router distance: %.4f\n", s.AvgDistance())
	fmt.Println("endpoint hist:", s.EndpointHist)
	fmt.Printf("avg endpoint distance: %.4f\n", s.AvgEndpointDistance())
	// Output:
	// diameter: 2 hist: [0 30 60]
	// avg router distance: 1.6667
	// endpoint hist: [20 120 240]
	// avg endpoint distance: 1.5789
}
