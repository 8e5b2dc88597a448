package eval

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/analysis"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// computeMCF evaluates the mcf group: the maximum concurrent flow of the
// study's traffic matrix (mcf_traffic) as a fraction of the endpoints'
// injection rate, bracketed by analysis.MaxConcurrentFlow up to
// mcf_max_routers routers; beyond, only the hop-distance bound.
func computeMCF(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	g := t.Graph
	demands, err := mcfDemands(c, t)
	if err != nil {
		return nil, err
	}
	capped := func(x float64) dataset.Value { return dataset.FloatValue(math.Min(1, x)) }
	out := metricValues{"mcf_throughput": {}, "mcf_throughput_upper": {}}
	if int64(g.N()) <= optInt(c.opts, "mcf_max_routers") {
		r, err := analysis.MaxConcurrentFlow(ctx, g, demands, optFloat(c.opts, "mcf_epsilon"))
		if err != nil {
			return nil, err
		}
		out["mcf_throughput"] = capped(r.Lower)
		out["mcf_throughput_upper"] = capped(r.Upper)
		out["mcf_distance_bound"] = capped(r.DistanceBound)
		return out, nil
	}
	// The hop-distance bound alone: channels / sum of demand x hops.
	hops := 0.0
	if optString(c.opts, "mcf_traffic") == "uniform" {
		st, err := graph.Distances(ctx, g, t.Conc, workers)
		if err != nil {
			return nil, err
		}
		for d, n := range st.EndpointHist {
			hops += float64(d) * float64(n)
		}
		hops /= float64(t.Endpoints() - 1)
	} else {
		bySrc := map[int32][]analysis.Demand{}
		for _, d := range demands {
			bySrc[d.Src] = append(bySrc[d.Src], d)
		}
		dist := make([]int32, g.N())
		for s, ds := range bySrc {
			graph.BFS(g, s, dist)
			for _, d := range ds {
				hops += d.Amount * float64(dist[d.Dst])
			}
		}
	}
	if hops == 0 {
		return nil, fmt.Errorf("the traffic matrix has no demand between distinct routers")
	}
	out["mcf_distance_bound"] = capped(float64(len(g.Adj)) / hops)
	return out, nil
}

// mcfDemands returns the router-to-router demands of the study's traffic
// matrix, each endpoint injecting one unit (the capacity of a channel):
// uniform spreads it evenly over the other endpoints, a fixed pattern
// sends it to the endpoint's destination.
func mcfDemands(c *Cell, t *families.Topology) ([]analysis.Demand, error) {
	name := optString(c.opts, "mcf_traffic")
	E := t.Endpoints()
	if E < 2 {
		return nil, fmt.Errorf("the concurrent flow needs at least 2 endpoints")
	}
	var out []analysis.Demand
	if name == "uniform" {
		for s, cs := range t.Conc {
			for d, cd := range t.Conc {
				if s != d && cs > 0 && cd > 0 {
					out = append(out, analysis.Demand{Src: int32(s), Dst: int32(d), Amount: float64(cs) * float64(cd) / float64(E-1)})
				}
			}
		}
		return out, nil
	}
	// Demands within a router are kept: they use no channel, and both the
	// flow and the distance bound pass over them.
	out, err := patternDemands(c, t, name, "mcf_traffic", "the concurrent flow")
	if err != nil {
		return nil, err
	}
	local := 0
	for _, d := range out {
		if d.Src == d.Dst {
			local++
		}
	}
	if local == len(out) {
		out = nil
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("mcf_traffic %q sends nothing between distinct routers", name)
	}
	return out, nil
}
