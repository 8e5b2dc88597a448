package analysis_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/analysis"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// The demi-projective network of order 3 (13 routers): unique minimal paths
// and u = (2q^2+q+1)/(2q(q+1)) = 22/24 (Theorem 3.10 of the projective
// networks paper), its cost measure kbar/u, the balanced concentration of
// eq. (1), and its distance to the Moore bounds.
func Example() {
	ctx := context.Background()
	f, _ := families.Default().Lookup("demi_pn")
	v, _ := f.Normalize(families.Values{"q": int64(3)})
	top, _ := f.Build(context.Background(), v)
	g := top.Graph

	ld, _ := analysis.ChannelLoads(ctx, g, nil, analysis.LoadOptions{Routing: analysis.SplitMinimal})
	fmt.Printf("u = %.4f (22/24 = %.4f), kbar = %.4f, kbar/u = %.4f, Delta_0 = %.4f\n",
		ld.Utilization, 22.0/24, ld.AvgDistance, ld.CostRatio, ld.BalancedConc)
	fmt.Printf("max channel load %.0f router pairs; saturation at %.4f of injection bandwidth\n",
		ld.MaxLoad, ld.Throughput)

	ps, _ := analysis.MinimalPaths(ctx, g, nil, analysis.PathOptions{})
	fmt.Printf("minimal paths per pair: mean %.0f, max %d\n", ps.Mean, ps.Max)

	ds, _ := graph.Distances(ctx, g, nil, 0)
	b, _ := analysis.Bounds(g, ds)
	fmt.Printf("routers/M(%d,%d) = %d/%d, kbar/kbar_min = %.4f\n", b.Degree, b.Diameter, b.Routers, b.MooreBound, b.AvgDistanceRatio)
	e := analysis.Eccentricities(ds)
	fmt.Printf("radius %d, diameter %d\n", e.Radius, e.Diameter)
	// Output:
	// u = 0.9167 (22/24 = 0.9167), kbar = 1.6923, kbar/u = 1.8462, Delta_0 = 2.0000
	// max channel load 6 router pairs; saturation at 1.0000 of injection bandwidth
	// minimal paths per pair: mean 1, max 1
	// routers/M(4,2) = 13/17, kbar/kbar_min = 1.0154
	// radius 2, diameter 2
}
