package eval

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/analysis"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/traffic"
)

// patternLoad evaluates the load group under the fixed traffic pattern
// name (analysis option load_traffic): every endpoint sends one unit to
// its destination, split over the minimal paths between their routers.
// The patterns' randomness (random_permutation, the order in which the Slim
// Fly worst case pairs routers) is seeded with 1; a sim cell seeds it from
// its own parameters, so its pairing can differ (the most loaded link of
// the Slim Fly worst case carries 2p flows in every pairing).
func patternLoad(ctx context.Context, c *Cell, t *families.Topology, name string) (metricValues, error) {
	demands, err := patternDemands(c, t, name, "load_traffic", "the load analysis")
	if err != nil {
		return nil, err
	}
	loads, unreach, err := analysis.MatrixLoads(ctx, t.Graph, demands)
	if err != nil {
		return nil, err
	}
	if unreach > 0 {
		return nil, fmt.Errorf("the topology is disconnected (%g units of %s traffic have no path)", unreach, name)
	}
	var sum, most float64
	for _, l := range loads {
		sum += l
		most = max(most, l)
	}
	out := partialLoadValues(most)
	if len(loads) > 0 {
		out["load_avg"] = dataset.FloatValue(sum / float64(len(loads)))
	}
	if most > 1 {
		out["throughput_bound"] = dataset.FloatValue(1 / most)
	}
	return out, nil
}

// patternDemands returns the router-to-router demands of the fixed
// traffic pattern name (seeded with 1), every endpoint sending one unit to
// its destination; option and user name the analysis option and the
// analysis for the error of a pattern that draws destinations at random.
func patternDemands(c *Cell, t *families.Topology, name, option, user string) ([]analysis.Demand, error) {
	pat, err := traffic.New(name, t, c.inst.Topology.Family.Name, c.inst.Params, 1)
	if err != nil {
		return nil, err
	}
	fixed, ok := pat.(traffic.Fixed)
	if !ok {
		return nil, fmt.Errorf("%s %q draws destinations at random for family %s; %s needs a fixed pattern (a permutation or a fixed shift)", option, name, c.inst.Topology.Family.Name, user)
	}
	router := make([]int32, 0, t.Endpoints())
	for r, n := range t.Conc {
		for range n {
			router = append(router, int32(r))
		}
	}
	amount := map[[2]int32]float64{}
	var keys [][2]int32
	for e, d := range fixed.Table() {
		if d < 0 {
			continue
		}
		k := [2]int32{router[e], router[d]}
		if _, seen := amount[k]; !seen {
			keys = append(keys, k)
		}
		amount[k]++
	}
	demands := make([]analysis.Demand, len(keys))
	for i, k := range keys {
		demands[i] = analysis.Demand{Src: k[0], Dst: k[1], Amount: amount[k]}
	}
	return demands, nil
}

// partialLoadValues returns the load group's values with load_max = most,
// throughput_bound = 1 and every other metric empty, for the analyses that
// fill only some of them (a traffic pattern, up*/down* routing).
func partialLoadValues(most float64) metricValues {
	return metricValues{
		"load_avg":         dataset.Value{},
		"load_max":         dataset.FloatValue(most),
		"utilization":      dataset.Value{},
		"cost_k_over_u":    dataset.Value{},
		"balanced_p":       dataset.Value{},
		"throughput_bound": dataset.FloatValue(1),
		"subscription":     dataset.Value{},
	}
}
