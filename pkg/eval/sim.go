package eval

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// GroupSim is the metric group of flit-level simulation (package netsim):
// one cell per topology instance and point of the study's sim block.
const GroupSim = "sim"

// A simOption is an attribute of a study's sim block. Any option may be a
// list: a sweep axis of the study (one dataset row per combination).
type simOption struct {
	Name    string
	Kind    string // "int", "number" or "string"
	Default any    // int64, float64 or string
	Min     float64
	Max     float64
	Choices []string
	Doc     string
	// set applies a value to a simulator configuration (nil: not a
	// netsim.Config field).
	set func(c *netsim.Config, v any)
}

// simOptions returns the options of the sim block; defaults are SC14
// section V (netsim.DefaultConfig).
func simOptions() []simOption {
	d := netsim.DefaultConfig()
	i := func(name string, def int, min, max float64, doc string, set func(*netsim.Config, int)) simOption {
		return simOption{Name: name, Kind: "int", Default: int64(def), Min: min, Max: max, Doc: doc,
			set: func(c *netsim.Config, v any) { set(c, int(v.(int64))) }}
	}
	return []simOption{
		{Name: "routing", Kind: "string", Default: "min", Doc: "routing algorithm (package netsim): " + strings.Join(netsim.RoutingNames(), ", ") + "; min: minimal, smallest next hop; val: Valiant; ugal-l, ugal-g: SC14 section IV; ugal-threshold[:t=T,c=C,n=N]: SC15 section 3.3; dor: dimension order with datelines (tori, meshes, hypercubes); anca: fat-tree adaptive nearest common ancestor; min-df, val-df, ugal-l-df: Dragonfly routings (Kim et al.)"},
		{Name: "traffic", Kind: "string", Default: "uniform", Choices: traffic.Names(), Doc: "traffic pattern (package traffic): " + strings.Join(traffic.Names(), ", ")},
		{Name: "load", Kind: "number", Default: 0.5, Min: 0, Max: 1, Doc: "offered load in flits per endpoint per cycle, in (0, 1]"},
		{Name: "seed", Kind: "int", Default: int64(1), Min: 0, Max: math.MaxInt64, Doc: "seed; each cell derives its streams from it and its parameters"},
		i("vcs", d.VCs, 0, 64, "virtual channels per port; 0 = the VC classes the routing needs (hop-indexed)", func(c *netsim.Config, v int) { c.VCs = v }),
		i("buffer_flits", d.BufPerPort, 1, 1<<20, "input buffer per port in flits, split over the VCs (SC14: 64)", func(c *netsim.Config, v int) { c.BufPerPort = v }),
		i("packet_flits", d.PacketSize, 1, 1<<16, "flits per packet (SC14: 1)", func(c *netsim.Config, v int) { c.PacketSize = v }),
		{Name: "flow_control", Kind: "string", Default: "wormhole", Choices: []string{"wormhole", "vct"}, Doc: "multi-flit packets: wormhole or virtual cut-through",
			set: func(c *netsim.Config, v any) {
				c.FlowControl = netsim.Wormhole
				if v.(string) == "vct" {
					c.FlowControl = netsim.VirtualCutThrough
				}
			}},
		i("routing_delay", d.RoutingDelay, 0, 1000, "route computation delay (router cycles)", func(c *netsim.Config, v int) { c.RoutingDelay = v }),
		i("vc_alloc_delay", d.VCAllocDelay, 0, 1000, "VC allocation delay (router cycles)", func(c *netsim.Config, v int) { c.VCAllocDelay = v }),
		i("sw_alloc_delay", d.SwAllocDelay, 0, 1000, "switch allocation delay (router cycles)", func(c *netsim.Config, v int) { c.SwAllocDelay = v }),
		i("crossbar_delay", d.CrossbarDelay, 0, 1000, "switch traversal delay (router cycles)", func(c *netsim.Config, v int) { c.CrossbarDelay = v }),
		i("credit_delay", d.CreditDelay, 1, 1000, "credit delay (channel cycles; SC14: 2)", func(c *netsim.Config, v int) { c.CreditDelay = v }),
		i("speedup", d.Speedup, 1, 16, "internal speedup: router cycles per channel cycle (SC14: 2)", func(c *netsim.Config, v int) { c.Speedup = v }),
		i("local_latency", d.LocalLatency, 1, 1<<20, "latency of links inside a group (channel cycles)", func(c *netsim.Config, v int) { c.LocalLatency = v }),
		i("global_latency", d.GlobalLatency, 1, 1<<20, "latency of links between groups (channel cycles)", func(c *netsim.Config, v int) { c.GlobalLatency = v }),
		i("endpoint_latency", d.EndpointLatency, 1, 1<<20, "latency of injection and ejection channels", func(c *netsim.Config, v int) { c.EndpointLatency = v }),
		i("warmup_min", d.WarmupMin, 0, 1<<30, "warm-up cycles at least", func(c *netsim.Config, v int) { c.WarmupMin = v }),
		i("warmup_max", d.WarmupMax, 0, 1<<30, "warm-up cycles at most", func(c *netsim.Config, v int) { c.WarmupMax = v }),
		i("measure_cycles", d.MeasureCycles, 1, 1<<30, "measurement window (cycles)", func(c *netsim.Config, v int) { c.MeasureCycles = v }),
		i("drain_max", d.DrainMax, 0, 1<<30, "drain cycles at most; not draining marks the point saturated", func(c *netsim.Config, v int) { c.DrainMax = v }),
		{Name: "latency_bound", Kind: "number", Default: d.LatencyBound, Min: 0, Max: math.MaxFloat64, Doc: "mean packet latency (cycles) above which a point is saturated (the run stops early in warm-up)",
			set: func(c *netsim.Config, v any) { c.LatencyBound = v.(float64) }},
	}
}

// SimSpec is a study's sim block: options given as single values and sweep
// axes (list-valued options, in file order, the first varying slowest).
type SimSpec struct {
	Axes   []SimAxis
	Fixed  map[string]any
	Points []map[string]any // every option's value at each point, in sweep order
	Range  hcl.Range
}

// SimAxis is a list-valued sim option.
type SimAxis struct {
	Name   string
	Values []any
}

// decodeSim decodes a study's sim block.
func (d *decoder) decodeSim(b *hclsyntax.Block) *SimSpec {
	opts := simOptions()
	names := make([]string, len(opts))
	byName := map[string]simOption{}
	for i, o := range opts {
		names[i] = o.Name
		byName[o.Name] = o
	}
	before := len(d.diags)
	d.checkBody(b.Body, "a sim block", names)
	spec := &SimSpec{Fixed: map[string]any{}, Range: b.TypeRange}
	for _, a := range sortedAttrs(b.Body) {
		o, ok := byName[a.Name]
		if !ok {
			continue
		}
		v, ok := d.eval(a.Expr)
		if !ok {
			continue
		}
		var elems []cty.Value
		var ranges []hcl.Range
		list := v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()
		if list && !v.IsNull() {
			ranges = elementRanges(a.Expr, v.LengthInt())
			for it := v.ElementIterator(); it.Next(); {
				_, e := it.Element()
				elems = append(elems, e)
			}
			if len(elems) == 0 {
				d.errorf(a.Expr.Range(), "Empty sweep", "%s = [] has no values.", a.Name)
				continue
			}
		} else {
			elems, ranges = []cty.Value{v}, []hcl.Range{a.Expr.Range()}
		}
		var vals []any
		for i, e := range elems {
			x, msg := simValue(o, e)
			if msg != "" {
				d.errorf(ranges[i], "Invalid value", "%s: %s", a.Name, msg)
				continue
			}
			vals = append(vals, x)
		}
		if len(vals) != len(elems) {
			continue
		}
		if list {
			spec.Axes = append(spec.Axes, SimAxis{Name: a.Name, Values: vals})
		} else {
			spec.Fixed[a.Name] = vals[0]
		}
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	n := 1
	for _, ax := range spec.Axes {
		n *= len(ax.Values)
		if n > DefaultMaxCells {
			d.errorf(b.TypeRange, "Too many points", "The sim block expands to more than %d points.", DefaultMaxCells)
			return nil
		}
	}
	idx := make([]int, len(spec.Axes))
	for p := 0; p < n; p++ {
		pt := map[string]any{}
		for _, o := range opts {
			pt[o.Name] = o.Default
		}
		for k, v := range spec.Fixed {
			pt[k] = v
		}
		for a, ax := range spec.Axes {
			pt[ax.Name] = ax.Values[idx[a]]
		}
		spec.Points = append(spec.Points, pt)
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < len(spec.Axes[a].Values) {
				break
			}
			idx[a] = 0
		}
	}
	return spec
}

// simValue converts one value of option o, or returns why it is invalid.
func simValue(o simOption, v cty.Value) (any, string) {
	if v.IsNull() {
		return nil, "a value is null"
	}
	switch o.Kind {
	case "string":
		if v.Type() != cty.String {
			return nil, fmt.Sprintf("want a string, got %s", describeCty(v))
		}
		s := v.AsString()
		if o.Name == "routing" {
			base, _, _ := strings.Cut(s, ":")
			if names := netsim.RoutingNames(); !slices.Contains(names, base) {
				return nil, fmt.Sprintf("want one of %s, got %q.%s", quoteAll(names), s, didYouMean(base, names))
			}
		}
		if len(o.Choices) > 0 && !slices.Contains(o.Choices, s) {
			return nil, fmt.Sprintf("want one of %s, got %q.%s", quoteAll(o.Choices), s, didYouMean(s, o.Choices))
		}
		if s == "" {
			return nil, "want a non-empty string"
		}
		return s, ""
	default:
		if v.Type() != cty.Number {
			return nil, fmt.Sprintf("want a number, got %s", describeCty(v))
		}
		f, _ := v.AsBigFloat().Float64()
		if o.Kind == "int" && f != math.Trunc(f) {
			return nil, fmt.Sprintf("want a whole number, got %g", f)
		}
		if f < o.Min || f > o.Max {
			return nil, fmt.Sprintf("%g is outside [%g, %g]", f, o.Min, o.Max)
		}
		if o.Name == "load" && f == 0 {
			return nil, "the load must be positive"
		}
		if o.Kind == "int" {
			return int64(f), ""
		}
		return f, ""
	}
}

// simColumns returns the dataset columns of the sim block's options that
// the study sets (axes and fixed values), in option order.
func simColumns(spec *SimSpec) []Column {
	var cols []Column
	for _, o := range simOptions() {
		_, fixed := spec.Fixed[o.Name]
		axis := slices.ContainsFunc(spec.Axes, func(a SimAxis) bool { return a.Name == o.Name })
		if !fixed && !axis {
			continue
		}
		k := dataset.String
		switch o.Kind {
		case "int":
			k = dataset.Int
		case "number":
			k = dataset.Float
		}
		cols = append(cols, Column{Name: o.Name, Kind: k, Doc: "sim: " + o.Doc, Sim: o.Name})
	}
	return cols
}

// simPointLabel describes a sim point by its axis values.
func simPointLabel(spec *SimSpec, pt map[string]any) string {
	var parts []string
	for _, ax := range spec.Axes {
		parts = append(parts, fmt.Sprintf("%s=%v", ax.Name, pt[ax.Name]))
	}
	return strings.Join(parts, " ")
}

// simSeed derives the seed of a sim cell from its canonical parameters, so
// that every point has its own streams and the same parameters give the
// same results on any machine.
func simSeed(params []byte) uint64 {
	h := fnv.New64a()
	h.Write(params)
	return h.Sum64()
}

// computeSim runs one simulation point.
func computeSim(ctx context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
	cfg := netsim.DefaultConfig()
	for _, o := range simOptions() {
		if o.set != nil {
			o.set(&cfg, c.point[o.Name])
		}
	}
	cfg.Seed = simSeed(c.Params)
	res, err := runSim(ctx, t, c.inst.Topology.Family.Name, c.inst.Params, c.point, cfg)
	if err != nil {
		return nil, err
	}
	return simValues(res), nil
}

// simValues turns a simulation result into metric values.
func simValues(r *netsim.Result) metricValues {
	f := dataset.FloatValue
	orNull := func(ok bool, v float64) dataset.Value {
		if !ok {
			return dataset.Value{}
		}
		return f(v)
	}
	full := !r.Aborted // aborted runs have no percentiles, hops or link figures
	return metricValues{
		"offered_load":         f(r.OfferedLoad),
		"accepted_load":        f(r.AcceptedLoad),
		"latency":              f(r.PacketLatency.Mean),
		"latency_p50":          orNull(full, r.PacketLatency.P50),
		"latency_p99":          orNull(full, r.PacketLatency.P99),
		"latency_max":          orNull(full, r.PacketLatency.Max),
		"network_latency":      f(r.NetworkLatency.Mean),
		"sim_hops":             orNull(full, r.AvgHops),
		"minimal_fraction":     orNull(full, r.MinimalFraction),
		"fairness":             orNull(full, r.Fairness),
		"link_util_avg":        orNull(full, r.LinkUtilAvg),
		"link_util_max":        orNull(full, r.LinkUtilMax),
		"hop_hist":             dataset.StringValue(string(canonical(r.HopHistogram))),
		"saturated":            dataset.BoolValue(r.Saturated),
		"sim_vcs":              dataset.IntValue(int64(r.VCs)),
		"sim_cycles":           dataset.IntValue(r.Cycles),
		"sim_flits_delivered":  dataset.IntValue(r.FlitsDelivered),
		"sim_measured_packets": dataset.IntValue(r.MeasuredPackets),
	}
}

// simMetrics returns the metrics of the sim group.
func simMetrics() []*Metric {
	return []*Metric{
		{"offered_load", GroupSim, dataset.Float, "flits/endpoint/cycle", "load offered in the measurement window"},
		{"accepted_load", GroupSim, dataset.Float, "flits/endpoint/cycle", "load delivered in the measurement window"},
		{"latency", GroupSim, dataset.Float, "cycles", "mean packet latency, from creation (source queue included) to delivery of the tail flit"},
		{"latency_p50", GroupSim, dataset.Float, "cycles", "median packet latency"},
		{"latency_p99", GroupSim, dataset.Float, "cycles", "99th percentile of the packet latency"},
		{"latency_max", GroupSim, dataset.Float, "cycles", "largest packet latency"},
		{"network_latency", GroupSim, dataset.Float, "cycles", "mean latency from the head flit leaving the source queue to delivery of the tail flit"},
		{"sim_hops", GroupSim, dataset.Float, "hops", "mean router-to-router hops of the measured packets"},
		{"minimal_fraction", GroupSim, dataset.Float, "", "fraction of packets routed minimally"},
		{"fairness", GroupSim, dataset.Float, "", "Jain's fairness index of the accepted load over the active endpoints"},
		{"link_util_avg", GroupSim, dataset.Float, "", "mean fraction of cycles a router-to-router channel carried a flit"},
		{"link_util_max", GroupSim, dataset.Float, "", "largest such fraction"},
		{"hop_hist", GroupSim, dataset.String, "packets", "JSON array: element h counts the measured packets that took h hops"},
		{"saturated", GroupSim, dataset.Bool, "", "the point is past saturation: accepted below offered by more than the tolerance, latency above latency_bound, or the drain did not finish"},
		{"sim_vcs", GroupSim, dataset.Int, "VCs", "virtual channels per port used"},
		{"sim_cycles", GroupSim, dataset.Int, "cycles", "simulated cycles (warm-up, window and drain)"},
		{"sim_flits_delivered", GroupSim, dataset.Int, "flits", "flits delivered over the whole run"},
		{"sim_measured_packets", GroupSim, dataset.Int, "packets", "packets created in the measurement window"},
	}
}

// SimOptionNames returns the names of the sim block's options, in
// documentation order.
func SimOptionNames() []string {
	var names []string
	for _, o := range simOptions() {
		names = append(names, o.Name)
	}
	return names
}

// ParseSimOptions converts "name=value" settings of sim options (as on the
// command line) into a full point: every option, defaults filled in.
func ParseSimOptions(settings map[string]string) (map[string]any, error) {
	pt := map[string]any{}
	for _, o := range simOptions() {
		pt[o.Name] = o.Default
	}
	for name, text := range settings {
		var o *simOption
		for _, x := range simOptions() {
			if x.Name == name {
				o = &x
				break
			}
		}
		if o == nil {
			return nil, fmt.Errorf("unknown sim option %q; options: %s", name, strings.Join(SimOptionNames(), ", "))
		}
		var v cty.Value
		if o.Kind == "string" {
			v = cty.StringVal(text)
		} else {
			n, err := cty.ParseNumberVal(text)
			if err != nil {
				return nil, fmt.Errorf("sim option %s: want a number, got %q", name, text)
			}
			v = n
		}
		x, msg := simValue(*o, v)
		if msg != "" {
			return nil, fmt.Errorf("sim option %s: %s", name, msg)
		}
		pt[name] = x
	}
	return pt, nil
}

// Simulate runs one simulation point on a built topology of the named
// family (resolved parameters params) and returns the result. The seed is
// the point's seed option itself (a study derives per-cell seeds instead).
func Simulate(ctx context.Context, t *families.Topology, family string, params families.Values, pt map[string]any) (*netsim.Result, error) {
	cfg := netsim.DefaultConfig()
	for _, o := range simOptions() {
		if o.set != nil {
			o.set(&cfg, pt[o.Name])
		}
	}
	cfg.Seed = uint64(pt["seed"].(int64))
	return runSim(ctx, t, family, params, pt, cfg)
}

// runSim builds the network, routing and traffic of a point and runs it.
func runSim(ctx context.Context, t *families.Topology, family string, params families.Values, pt map[string]any, cfg netsim.Config) (*netsim.Result, error) {
	net, err := netsim.NewNetwork(t, nil)
	if err != nil {
		return nil, err
	}
	rt, err := netsim.NewRouting(net, pt["routing"].(string))
	if err != nil {
		return nil, err
	}
	pat, err := traffic.New(pt["traffic"].(string), t, family, params, cfg.Seed)
	if err != nil {
		return nil, err
	}
	return netsim.Run(ctx, net, rt, pat, pt["load"].(float64), cfg)
}
