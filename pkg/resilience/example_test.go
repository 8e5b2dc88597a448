package resilience_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/resilience"
)

// The 3D torus of 512 routers (T3D, N = 512 in SC14 Table III: 30%).
func ExampleAnalyze() {
	f, _ := families.Default().Lookup("torus")
	v, _ := f.Normalize(families.Values{"dims": []int64{8, 8, 8}})
	top, _ := f.Build(context.Background(), v)
	r, err := resilience.Analyze(context.Background(), top.Graph, top.Conc,
		resilience.Options{Seed: 1, Criteria: resilience.Disconnection})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d links, %d samples\n", r.Links, r.Samples)
	fmt.Printf("disconnection: mean %.4f +- %.4f, table value %.2f, median %.2f\n",
		r.Disconnect.Mean, r.Disconnect.HalfWidth, r.Disconnect.Step, r.Disconnect.Median)
	// Output:
	// 1536 links, 160 samples
	// disconnection: mean 0.3009 +- 0.0096, table value 0.30, median 0.30
}

// One sample of the ring of 20 routers in 5% steps: step i fails i links.
// One failure leaves a path (connected, but diameter 19 > 10 + 2 and
// average distance 7 > 5.26 + 1); two failures disconnect it.
func ExampleNetwork_Sample() {
	var edges []graph.Edge
	for i := range int32(20) {
		edges = append(edges, graph.Edge{U: i, V: (i + 1) % 20})
	}
	g, _ := graph.FromEdges(20, edges)
	ctx := context.Background()
	nw, err := resilience.NewNetwork(ctx, g, nil, resilience.Options{Seed: 42})
	if err != nil {
		panic(err)
	}
	r, err := nw.Sample(ctx, 0, nw.NewScratch(1))
	if err != nil {
		panic(err)
	}
	fmt.Printf("intact: %+v\n", nw.Intact())
	fmt.Printf("disconnection %.2f, diameter %.2f, average distance %.2f, %d links tolerated\n",
		r.Disconnect, r.Diameter, r.AvgDistance, r.MaxConnected)
	// Output:
	// intact: {EndpointRouters:20 EndpointDiameter:10 AvgEndpointDistance:5.2631578947368425}
	// disconnection 0.05, diameter 0.00, average distance 0.00, 1 links tolerated
}
