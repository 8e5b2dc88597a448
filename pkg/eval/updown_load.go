package eval

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
)

// upDownLoad evaluates the load group under load_routing = "updown": the
// channel loads of uniform traffic routed as netsim's "updown" routes it
// (up*/down* from netsim's default root, shortest legal routes, the flow
// split evenly among the next hops on them). load_avg, load_max,
// utilization and throughput_bound are filled; cost_k_over_u, balanced_p
// and subscription are minimal-routing measures and stay empty.
func upDownLoad(ctx context.Context, t *families.Topology, workers int) (metricValues, error) {
	net, err := netsim.NewNetwork(t, nil)
	if err != nil {
		return nil, err
	}
	tree, err := netsim.NewUpDownTree(net, -1)
	if err != nil {
		return nil, fmt.Errorf("load_routing \"updown\": %w", err)
	}
	loads, err := tree.UniformLoads(ctx, workers)
	if err != nil {
		return nil, err
	}
	var sum, most float64
	for _, l := range loads {
		sum += l
		most = max(most, l)
	}
	out := partialLoadValues(most)
	if len(loads) > 0 && most > 0 {
		avg := sum / float64(len(loads))
		out["load_avg"] = dataset.FloatValue(avg)
		out["utilization"] = dataset.FloatValue(avg / most)
		out["throughput_bound"] = dataset.FloatValue(min(1, float64(t.Endpoints()-1)/most))
	}
	return out, nil
}
