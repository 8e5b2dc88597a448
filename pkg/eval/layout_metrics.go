package eval

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
)

// computeLayout evaluates the layout group: the routers of the built
// network t placed in racks and the racks on the floor as the study's cost
// model says (cost.NewLayout: its rack assignment, floor, rack mapping),
// and the links counted and measured on that layout.
func computeLayout(ctx context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
	if c.model == nil {
		return nil, fmt.Errorf("the layout metrics need a cost model")
	}
	m := c.model.Model
	l, err := cost.NewLayout(ctx, &m, c.inst.Topology.Family.Name, t)
	if err != nil {
		return nil, err
	}
	g := t.Graph
	pairs := map[[2]int32]bool{}
	var links, inter int64
	var total, interLen float64
	for u := range int32(g.N()) {
		for _, v := range g.Neighbors(u) {
			if v <= u {
				continue
			}
			links++
			length := l.CableLength(&m, u, v)
			total += length
			a, b := l.Rack[u], l.Rack[v]
			if a == b {
				continue
			}
			inter++
			interLen += length
			pairs[[2]int32{min(a, b), max(a, b)}] = true
		}
	}
	out := metricValues{
		"inter_rack_links":            dataset.IntValue(inter),
		"rack_pairs":                  dataset.IntValue(int64(len(pairs))),
		"cable_length_total":          dataset.FloatValue(total),
		"cable_length_avg":            dataset.Value{},
		"inter_rack_cable_length_avg": dataset.Value{},
	}
	if links > 0 {
		out["cable_length_avg"] = dataset.FloatValue(total / float64(links))
	}
	if inter > 0 {
		out["inter_rack_cable_length_avg"] = dataset.FloatValue(interLen / float64(inter))
	}
	return out, nil
}
