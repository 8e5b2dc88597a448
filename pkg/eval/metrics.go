package eval

import (
	"context"
	"fmt"
	"sort"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// Metric groups: metrics of one group are computed together by one cell.
const (
	GroupSize     = "size"     // sizing formulas; no graph is built
	GroupDistance = "distance" // all-pairs bit-parallel BFS on the built graph
	GroupCost     = "cost"     // the study's cost_model applied to the sizing figures
)

// groupVersion returns the code version of a metric group's computation:
// bump one when its results change, and exactly the cells of that group rerun.
func groupVersion(group string) int {
	switch group {
	case GroupSize, GroupDistance, GroupCost:
		return 1
	}
	panic("eval: unknown metric group " + group)
}

// Metric describes a metric usable in a study's metrics list.
type Metric struct {
	Name  string       `json:"name"`
	Group string       `json:"group"`
	Kind  dataset.Kind `json:"-"`
	Unit  string       `json:"unit"`
	Doc   string       `json:"doc"`
}

// Metrics returns every metric, sorted by group then name.
func Metrics() []*Metric {
	ms := []*Metric{
		{"routers", GroupSize, dataset.Int, "routers", "number of routers (switches)"},
		{"endpoints", GroupSize, dataset.Int, "endpoints", "number of endpoints (compute nodes)"},
		{"links", GroupSize, dataset.Int, "links", "number of router-to-router links (cables between routers)"},
		{"radix", GroupSize, dataset.Int, "ports", "router radix k: the most ports used on one router (network plus endpoint ports)"},
		{"network_radix", GroupSize, dataset.Int, "ports", "network radix k': the most router-to-router ports on one router"},
		{"diameter", GroupDistance, dataset.Int, "hops", "largest router-to-router distance (in router-to-router links)"},
		{"endpoint_diameter", GroupDistance, dataset.Int, "hops", "largest distance between two routers that have endpoints"},
		{"avg_distance", GroupDistance, dataset.Float, "hops", "average router-to-router distance over ordered pairs of distinct routers"},
		{"avg_endpoint_distance", GroupDistance, dataset.Float, "hops", "average number of router-to-router hops between two distinct endpoints, over all ordered endpoint pairs (endpoints on the same router are 0 hops apart): the average hop count of uniform random traffic under minimal routing"},
		{"cost_total", GroupCost, dataset.Float, "$", "network cost under the study's cost_model: routers, router links and endpoint links"},
		{"cost_per_endpoint", GroupCost, dataset.Float, "$/endpoint", "cost_total divided by endpoints"},
		{"power_total", GroupCost, dataset.Float, "W", "router power under the study's cost_model: routers x radix x power_per_port"},
		{"power_per_endpoint", GroupCost, dataset.Float, "W/endpoint", "power_total divided by endpoints"},
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Group < ms[j].Group })
	return ms
}

// metricNames returns the sorted names of ms.
func metricNames(ms []*Metric) []string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	sort.Strings(names)
	return names
}

// lookupMetric returns the metric with the given name.
func lookupMetric(ms []*Metric, name string) *Metric {
	for _, m := range ms {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// metricValues is the result of a metric cell: one value per metric name.
type metricValues map[string]dataset.Value

// computeSize evaluates the size group from the family's sizing formulas.
func computeSize(f *families.Family, p families.Values) (metricValues, error) {
	s, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	return sizeValues(s), nil
}

func sizeValues(s families.Size) metricValues {
	return metricValues{
		"routers":       dataset.IntValue(s.Routers),
		"endpoints":     dataset.IntValue(s.Endpoints),
		"links":         dataset.IntValue(s.Links),
		"radix":         dataset.IntValue(s.Radix),
		"network_radix": dataset.IntValue(s.NetworkRadix),
	}
}

// computeDistance evaluates the distance group on a built topology.
func computeDistance(ctx context.Context, t *families.Topology, workers int) (metricValues, error) {
	st, err := graph.Distances(ctx, t.Graph, t.Conc, workers)
	if err != nil {
		return nil, err
	}
	if !st.Connected() {
		return nil, fmt.Errorf("the topology is disconnected (%d ordered router pairs have no path)", st.Unreachable)
	}
	epDiam := 0
	for d := len(st.EndpointHist) - 1; d > 0; d-- {
		if st.EndpointHist[d] > 0 {
			epDiam = d
			break
		}
	}
	return metricValues{
		"diameter":              dataset.IntValue(int64(st.Diameter)),
		"endpoint_diameter":     dataset.IntValue(int64(epDiam)),
		"avg_distance":          dataset.FloatValue(st.AvgDistance()),
		"avg_endpoint_distance": dataset.FloatValue(st.AvgEndpointDistance()),
	}, nil
}

// computeCost evaluates the cost group: the cost model applied to sizing.
func computeCost(f *families.Family, p families.Values, m *CostModel) (metricValues, error) {
	s, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	router := m.RouterPerPort*float64(s.Radix) + m.RouterFixed
	cost := float64(s.Routers)*router + float64(s.Links)*m.Link + float64(s.Endpoints)*m.EndpointLink
	power := float64(s.Routers) * float64(s.Radix) * m.PowerPerPort
	perEP := func(x float64) dataset.Value {
		if s.Endpoints == 0 {
			return dataset.Value{}
		}
		return dataset.FloatValue(x / float64(s.Endpoints))
	}
	return metricValues{
		"cost_total":         dataset.FloatValue(cost),
		"cost_per_endpoint":  perEP(cost),
		"power_total":        dataset.FloatValue(power),
		"power_per_endpoint": perEP(power),
	}, nil
}
