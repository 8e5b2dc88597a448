package eval

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
)

// GroupSim is the metric group of flit-level simulation (package netsim):
// one cell per topology instance, point of the study's sim block and seed.
const GroupSim = "sim"

// SimSpec is a study's sim block: options given as single values and sweep
// axes (list-valued options, in file order, the first varying slowest).
type SimSpec struct {
	Axes   []SimAxis
	Fixed  map[string]any
	Points []map[string]any // every option's value at each point, in sweep order
	Range  hcl.Range
	// Given holds the source range of every option the block sets.
	Given map[string]hcl.Range
	// Prev[p] is the point before point p in its load sweep (the same
	// options, the next lower load), -1 if none or if the sweep does not
	// stop at saturation.
	Prev []int
	// MaxSeeds is the largest seeds option of the points.
	MaxSeeds int
}

// SimAxis is a list-valued sim option.
type SimAxis struct {
	Name   string
	Values []any
}

// decodeSim decodes a study's sim block: options, presets, points, and the
// checks that do not need the study's topologies.
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
	spec := &SimSpec{Fixed: map[string]any{}, Range: b.TypeRange, Given: map[string]hcl.Range{}}
	for _, a := range sortedAttrs(b.Body) {
		o, ok := byName[a.Name]
		if !ok {
			continue
		}
		spec.Given[a.Name] = a.Expr.Range()
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
	// The points are counted before they are built (each costs a check of
	// its configuration): at most maxSimPoints, and the cell limit.
	n := 1
	limit := min(maxSimPoints, d.opts.MaxCells)
	for _, ax := range spec.Axes {
		n *= len(ax.Values)
		if n > limit {
			var axes []string
			for _, ax := range spec.Axes {
				axes = append(axes, fmt.Sprintf("%s (%d values)", ax.Name, len(ax.Values)))
			}
			d.errorf(b.TypeRange, "Too many points", "The sim block expands to more than %s points (%s), the limit of a sim block (%s; a point is a simulation, and each seed is a cell: --max-cells bounds them too).",
				commas(limit), strings.Join(axes, " x "), commas(maxSimPoints))
			return nil
		}
	}
	presets := simPresets()
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
		// A preset's values are the defaults of the options not given.
		for k, v := range presets[pt["preset"].(string)] {
			if _, given := spec.Given[k]; !given {
				pt[k] = v
			}
		}
		spec.Points = append(spec.Points, pt)
		spec.MaxSeeds = max(spec.MaxSeeds, int(pt["seeds"].(int64)))
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < len(spec.Axes[a].Values) {
				break
			}
			idx[a] = 0
		}
	}
	reported := map[string]bool{}
	for _, pt := range spec.Points {
		for _, e := range checkSimPoint(pt, spec.Given) {
			key := e.option + "\x00" + e.msg
			if reported[key] {
				continue
			}
			reported[key] = true
			d.errorf(spec.rangeOf(e.option, b.TypeRange), "Invalid sim options", "%s", e.msg)
		}
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	spec.Prev = loadChain(spec)
	return spec
}

// rangeOf returns the range of option name in the block: its attribute if
// given, else the preset's, else def.
func (spec *SimSpec) rangeOf(name string, def hcl.Range) hcl.Range {
	if r, ok := spec.Given[name]; ok {
		return r
	}
	if r, ok := spec.Given["preset"]; ok {
		return r
	}
	return def
}

// loadChain returns each point's predecessor in its load sweep: points
// equal in every option but load, ordered by load. Only sweeps that stop
// at saturation, of open-loop traffic without a search, with at least two
// loads, are chained.
func loadChain(spec *SimSpec) []int {
	prev := make([]int, len(spec.Points))
	for i := range prev {
		prev[i] = -1
	}
	if !slices.ContainsFunc(spec.Axes, func(a SimAxis) bool { return a.Name == "load" }) {
		return prev
	}
	series := map[string][]int{}
	var order []string
	for i, pt := range spec.Points {
		if !sweepPoint(pt) {
			continue
		}
		rest := map[string]any{}
		for k, v := range pt {
			if k != "load" {
				rest[k] = v
			}
		}
		key := string(canonical(rest))
		if _, ok := series[key]; !ok {
			order = append(order, key)
		}
		series[key] = append(series[key], i)
	}
	for _, key := range order {
		pts := series[key]
		slices.SortStableFunc(pts, func(a, b int) int {
			la, lb := spec.Points[a]["load"].(float64), spec.Points[b]["load"].(float64)
			switch {
			case la < lb:
				return -1
			case la > lb:
				return 1
			}
			return 0
		})
		for k := 1; k < len(pts); k++ {
			prev[pts[k]] = pts[k-1]
		}
	}
	return prev
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
			if err := netsim.CheckRoutingName(s); err != nil {
				return nil, strings.TrimPrefix(err.Error(), "netsim: ")
			}
		}
		if len(o.Choices) > 0 && !slices.Contains(o.Choices, s) {
			return nil, fmt.Sprintf("want one of %s, got %q.%s", quoteAll(o.Choices), s, didYouMean(s, o.Choices))
		}
		if s == "" && len(o.Choices) == 0 && o.Name != "torus" {
			return nil, "want a non-empty string"
		}
		return s, ""
	case "bool":
		if v.Type() != cty.Bool {
			return nil, fmt.Sprintf("want true or false, got %s", describeCty(v))
		}
		return v.True(), ""
	default:
		f, msg := numberOf(v)
		if msg != "" {
			return nil, msg
		}
		// netsim checks the range of the options that set its Config.
		if o.Kind == "int" {
			lo, hi := floatBound(o.Min), floatBound(o.Max)
			if o.Field != "" {
				lo, hi = math.MinInt64, math.MaxInt64
			}
			i, msg := intOf(v, lo, hi)
			if msg != "" {
				return nil, msg
			}
			return i, ""
		}
		if o.Field == "" && (f < o.Min || f > o.Max) {
			return nil, fmt.Sprintf("%g is outside [%g, %g]", f, o.Min, o.Max)
		}
		if o.Name == "load" && f == 0 {
			return nil, "the load must be positive"
		}
		return f, ""
	}
}

// pointError is a problem of a sim point, attributed to an option.
type pointError struct{ option, msg string }

// physicalPoint reports whether a point describes the network physically.
func physicalPoint(pt map[string]any) bool { return pt["link_gbps"].(float64) > 0 }

// checkSimPoint returns the problems of a point that do not depend on the
// topology: conflicting options, incomplete physical descriptions and
// conversions that round to zero cycles, workload and search options.
func checkSimPoint(pt map[string]any, given map[string]hcl.Range) []pointError {
	var errs []pointError
	add := func(option, format string, a ...any) {
		errs = append(errs, pointError{option, fmt.Sprintf(format, a...)})
	}
	isGiven := func(n string) bool { _, ok := given[n]; return ok }
	if physicalPoint(pt) {
		for _, n := range sortedKeys(physicalReplaces) {
			if isGiven(n) {
				add(n, "%s is in cycles, but this sim block describes the network physically (link_gbps or a physical preset): set %s instead.", n, physicalReplaces[n])
			}
		}
		if pt["sim_us"].(float64) > 0 {
			for _, n := range timeReplaces {
				if isGiven(n) {
					add(n, "%s is in cycles, but sim_us sets the simulated time: set sim_us and warmup_us instead.", n)
				}
			}
		}
		if isGiven("packet_bytes") && isGiven("packet_flits") {
			add("packet_flits", "packet_bytes and packet_flits both give the packet size: keep one.")
		}
		if isGiven("buffer_bytes") && isGiven("buffer_packets") {
			add("buffer_packets", "buffer_bytes and buffer_packets both give the buffer: keep one.")
		}
		if _, _, err := simPhysical(pt); err != nil {
			opt := "link_gbps"
			for _, o := range simOptions() {
				if o.phys != nil && strings.Contains(err.Error(), o.Name) {
					opt = o.Name
					break
				}
			}
			add(opt, "%s.", strings.TrimPrefix(err.Error(), "netsim: "))
		}
	} else {
		for _, o := range simOptions() {
			if o.phys != nil && isGiven(o.Name) && o.Name != "link_gbps" {
				add(o.Name, "%s is a physical value: it needs link_gbps (or a physical preset) to convert it to cycles.", o.Name)
			}
		}
		for _, n := range []string{"latency_bound_ns", "search_max_latency_ns", "message_bytes"} {
			if isGiven(n) {
				add(n, "%s is in physical units: it needs link_gbps (or a physical preset).", n)
			}
		}
	}
	wl := pt["workload"].(string)
	if wl != "" {
		for _, n := range []string{"traffic", "load"} {
			if isGiven(n) {
				add(n, "%s is for open-loop traffic; workload = %q replaces it.", n, wl)
			}
		}
		if pt["search"].(string) != "none" {
			add("search", "a throughput search needs open-loop traffic, not workload = %q.", wl)
		}
		sizes := 0
		for _, n := range []string{"message_bytes", "message_flits", "message_packets"} {
			if v := pt[n]; v != 0.0 && v != int64(0) {
				sizes++
			}
		}
		if sizes != 1 {
			add("workload", "workload = %q needs the message size as exactly one of message_bytes, message_flits and message_packets.", wl)
		}
		if wl == "nearest_neighbor" {
			if _, err := parseTorus(pt["torus"].(string)); err != nil {
				add("torus", "%v", err)
			}
			if isGiven("active") {
				add("active", "nearest_neighbor places its processes by torus; active does not apply.")
			}
		} else if isGiven("torus") {
			add("torus", "torus is the logical torus of workload = \"nearest_neighbor\".")
		}
		if wl != "all_to_all" && isGiven("order") {
			add("order", "order applies to workload = \"all_to_all\".")
		}
	} else {
		for _, n := range []string{"message_bytes", "message_flits", "message_packets", "order", "injection", "torus", "active", "max_cycles"} {
			if isGiven(n) {
				add(n, "%s is an option of finite workloads: set workload too.", n)
			}
		}
	}
	if pt["search"].(string) == "throughput" {
		if isGiven("load") {
			add("load", "search = \"throughput\" chooses the loads itself: remove load.")
		}
		if pt["search_max_latency_ns"].(float64) > 0 && !physicalPoint(pt) {
			add("search_max_latency_ns", "search_max_latency_ns needs physical units (link_gbps).")
		}
	} else {
		for _, n := range []string{"search_resolution", "search_max_latency", "search_max_latency_ns"} {
			if isGiven(n) {
				add(n, "%s is an option of search = \"throughput\".", n)
			}
		}
	}
	if setup, err := simConfig(pt); err == nil {
		check := setup.cfg.Check
		if wl != "" {
			check = setup.cfg.CheckWorkload
		}
		if err := check(); err != nil {
			e := simLimitError(err, pt, isGiven)
			add(e.Option, "%s.", e.Msg)
		} else if wl != "" {
			flits, opt := messageFlits(pt, setup)
			what := fmt.Sprintf("%s = %v", opt, pt[opt])
			if opt != "message_flits" {
				what += fmt.Sprintf(" (%.6g flits)", flits)
			}
			if msg := checkSend(setup.cfg, flits, what, pt); msg != "" {
				add(opt, "%s.", msg)
			}
		}
	}
	if k := pt["latency_knee"].(float64); k > 0 && k < 1 {
		add("latency_knee", "latency_knee = %g: a mean latency below the zero-load latency is impossible; use 0 (off) or a value >= 1.", k)
	}
	return errs
}

// parseTorus parses "XxYxZ".
func parseTorus(s string) ([3]int, error) {
	var dims [3]int
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), "x")
	if len(parts) != 3 {
		return dims, fmt.Errorf("torus = %q: want three dimensions as \"XxYxZ\", e.g. \"12x14x19\"", s)
	}
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 1 {
			return dims, fmt.Errorf("torus = %q: dimension %q is not a whole number >= 1", s, p)
		}
		dims[i] = v
	}
	return dims, nil
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
		case "bool":
			k = dataset.Bool
		}
		cols = append(cols, Column{Name: o.Name, Kind: k, Unit: o.Unit, Doc: "sim: " + o.Doc, Sim: o.Name})
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
// command line) into a full point: every option, the preset's values and
// the defaults filled in, checked as a sim block's point is. Errors about
// a known option are *SimOptionError, naming the option to change.
func ParseSimOptions(settings map[string]string) (map[string]any, error) {
	pt := map[string]any{}
	for _, o := range simOptions() {
		pt[o.Name] = o.Default
	}
	given, err := setSimSettings(pt, settings)
	if err != nil {
		return nil, err
	}
	for k, v := range simPresets()[pt["preset"].(string)] {
		if _, ok := given[k]; !ok {
			pt[k] = v
		}
	}
	if errs := checkSimPoint(pt, given); len(errs) > 0 {
		return nil, &SimOptionError{Option: errs[0].option, Msg: errs[0].msg}
	}
	return pt, nil
}

// setSimSettings parses settings (option name: text) into pt and returns
// the options they give, for checkSimPoint.
func setSimSettings(pt map[string]any, settings map[string]string) (map[string]hcl.Range, error) {
	given := map[string]hcl.Range{}
	for _, name := range sortedKeys(settings) {
		x, err := parseSimSetting(name, settings[name])
		if err != nil {
			return nil, err
		}
		pt[name] = x
		given[name] = hcl.Range{}
	}
	return given, nil
}

// parseSimSetting parses the text of sim option name as ParseSimOptions
// and 'runexp sim --set' take it: a string, true or false, or a number,
// checked against the option's range and choices.
func parseSimSetting(name, text string) (any, error) {
	o := lookupSimOption(name)
	if o == nil {
		return nil, fmt.Errorf("unknown sim option %q; options: %s.%s", name, strings.Join(SimOptionNames(), ", "), didYouMean(name, SimOptionNames()))
	}
	var v cty.Value
	switch o.Kind {
	case "string":
		v = cty.StringVal(text)
	case "bool":
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, &SimOptionError{Option: name, Msg: fmt.Sprintf("want true or false, got %q", text)}
		}
		v = cty.BoolVal(b)
	default:
		n, err := cty.ParseNumberVal(text)
		if err != nil {
			return nil, &SimOptionError{Option: name, Msg: fmt.Sprintf("want a number, got %q", text)}
		}
		v = n
	}
	x, msg := simValue(*o, v)
	if msg != "" {
		return nil, &SimOptionError{Option: name, Msg: msg}
	}
	return x, nil
}

// routingFamilies lists the families each family-specific routing runs on
// (the others run on any connected network).
var routingFamilies = map[string][]string{
	"dor":          {"torus", "mesh", "hypercube"},
	"dor-crossing": {"torus", "mesh", "hypercube"},
	"duato-dor":    {"torus", "mesh", "hypercube"},
	"anca":         {"fattree", "fattree_sc14"},
	"min-df":       {"dragonfly"},
	"val-df":       {"dragonfly"},
	"ugal-l-df":    {"dragonfly"},
	"val-leaf":     {"mlfm", "oft", "spt", "sspt", "fattree", "fattree_sc14", "myrinet_clos"},
	"ugal-leaf":    {"mlfm", "oft", "spt", "sspt", "fattree", "fattree_sc14", "myrinet_clos"},
}

// routingWhy says why a family-specific routing needs its families.
var routingWhy = map[string]string{
	"dor":          "dimension-order routing needs routers on a grid (coordinates)",
	"dor-crossing": "dimension-order routing needs routers on a grid (coordinates)",
	"duato-dor":    "its escape paths are dimension-order routes, which need routers on a grid (coordinates)",
	"anca":         "it climbs and descends the levels of a fat tree",
	"min-df":       "it routes through the groups of a Dragonfly",
	"val-df":       "it routes through the groups of a Dragonfly",
	"ugal-l-df":    "it routes through the groups of a Dragonfly",
	"val-leaf":     "its intermediates are leaf routers of an indirect network (routers without endpoints elsewhere)",
	"ugal-leaf":    "its intermediates are leaf routers of an indirect network (routers without endpoints elsewhere)",
}

// nativeRoutings maps a generic routing to a family's own version of it,
// the one its paper routes with (Kim et al. and SC14 route Dragonflies
// with min-df, val-df, ugal-l-df; SC15 sends indirect traffic of MLFM, OFT
// and fat trees through leaf routers): validate warns when a study runs
// the generic one.
var nativeRoutings = map[string]map[string]string{
	"min":    {"dragonfly": "min-df"},
	"val":    {"dragonfly": "val-df", "mlfm": "val-leaf", "oft": "val-leaf", "spt": "val-leaf", "sspt": "val-leaf", "fattree": "val-leaf", "fattree_sc14": "val-leaf", "myrinet_clos": "val-leaf"},
	"ugal-l": {"dragonfly": "ugal-l-df", "polarfly": "ugal-pf"},
}

// routingAlternatives suggests what works on any network.
var routingAlternatives = map[string]string{
	"dor": "updown or duato-updown", "dor-crossing": "updown or duato-updown", "duato-dor": "duato-updown (adaptive with up*/down* escape)", "anca": "updown or min",
	"min-df": "min", "val-df": "val", "ugal-l-df": "ugal-l", "val-leaf": "val", "ugal-leaf": "ugal-threshold",
}

// workloadMetrics, searchMetrics and physicalMetrics are the sim metrics
// that only some points have.
var (
	workloadMetrics = []string{"completion_cycles", "completion_us", "effective_throughput", "messages_delivered",
		"source_completion_p50_cycles", "source_completion_p99_cycles", "source_completion_p50_us", "source_completion_p99_us"}
	searchMetrics   = []string{"throughput", "throughput_load", "throughput_latency", "throughput_latency_ns", "throughput_gbps", "search_probes"}
	physicalMetrics = []string{"cycle_ns", "latency_ns", "latency_p50_ns", "latency_p99_ns", "network_latency_ns",
		"zero_load_latency_ns", "offered_gbps", "accepted_gbps", "completion_us", "throughput_latency_ns", "throughput_gbps",
		"source_completion_p50_us", "source_completion_p99_us"}
)

// checkSimStudy checks a study's sim block against its topologies and
// metrics: routings a family cannot run, workloads larger than a network
// (endpoints from the sizing formulas, nothing is built), metrics that no
// point produces, and cable latencies without a cost model.
func (d *decoder) checkSimStudy(s *Study, metricRanges map[string]hcl.Range) {
	spec := s.Sim
	anyPt := func(f func(map[string]any) bool) bool { return slices.ContainsFunc(spec.Points, f) }
	for _, m := range s.Metrics {
		if m.Group != GroupSim {
			continue
		}
		rng := metricRanges[m.Name]
		switch {
		case slices.Contains(workloadMetrics, m.Name) && !anyPt(func(p map[string]any) bool { return p["workload"] != "" }):
			d.errorf(rng, "Metric needs a workload", "Metric %q describes a finite workload, and no point of the sim block sets workload.", m.Name)
		case slices.Contains(searchMetrics, m.Name) && !anyPt(func(p map[string]any) bool { return p["search"] == "throughput" }):
			d.errorf(rng, "Metric needs a search", "Metric %q is a result of search = \"throughput\", which no point of the sim block sets.", m.Name)
		case slices.Contains(physicalMetrics, m.Name) && !anyPt(physicalPoint):
			d.errorf(rng, "Metric needs physical units", "Metric %q is in physical units, and no point of the sim block sets link_gbps (or a physical preset).", m.Name)
		}
	}
	if anyPt(func(p map[string]any) bool { return p["link_ns_per_m"].(float64) > 0 }) && s.CostModel == nil {
		d.errorf(spec.rangeOf("link_ns_per_m", spec.Range), "Missing cost model", "link_ns_per_m takes the cable lengths of the study's cost_model layout: set cost_model = cost_model.<name> in the study.")
	}
	reported := map[string]bool{}
	runs := map[string]bool{} // the routings of the block, without options
	for _, pt := range spec.Points {
		base, _, _ := strings.Cut(pt["routing"].(string), ":")
		runs[base] = true
	}
	for _, t := range s.Topologies {
		for _, pt := range spec.Points {
			routing := pt["routing"].(string)
			base, _, _ := strings.Cut(routing, ":")
			if fams, ok := routingFamilies[base]; ok && !slices.Contains(fams, t.Family.Name) {
				msg := fmt.Sprintf("Routing %q cannot run on topology %q of family %s: %s (families %s). On any connected network: %s.",
					routing, t.Name, t.Family.Name, routingWhy[base], strings.Join(fams, ", "), routingAlternatives[base])
				if !reported[msg] {
					reported[msg] = true
					d.errorf(spec.rangeOf("routing", spec.Range), "Routing not supported", "%s", msg)
				}
			}
			// A block that also runs the native routing compares the two,
			// as the warning advises: nothing to say.
			if native, ok := nativeRoutings[base][t.Family.Name]; ok && !runs[native] {
				msg := fmt.Sprintf("Study %q runs the generic routing %q on topology %q of family %s, whose own is %q (the routing its papers use), and the results differ: use %q to reproduce them, keep %q to compare the two.",
					s.Name, routing, t.Name, t.Family.Name, native, native, routing)
				if !reported[msg] {
					reported[msg] = true
					d.warnf(spec.rangeOf("routing", spec.Range), "Routing not native to the family", "%s", msg)
				}
			}
		}
	}
}

// checkSimInstances checks, after the sweeps are expanded, each sim point
// against each topology instance: dimension-order routing on permuted
// tori and hypercubes, workloads larger than the instance (endpoints from
// the sizing formulas, nothing is built) or longer than a run can last.
func checkSimInstances(e *Experiment) hcl.Diagnostics {
	var diags hcl.Diagnostics
	reported := map[string]bool{}
	add := func(rng hcl.Range, summary, msg string) {
		if reported[msg] {
			return
		}
		reported[msg] = true
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: msg, Subject: &rng})
	}
	for _, s := range e.Studies {
		spec := s.Sim
		if spec == nil {
			continue
		}
		// Configurations per point and ports per instance, once.
		cfgs := make([]*netsim.Config, len(spec.Points))
		for i, pt := range spec.Points {
			if setup, err := simConfig(pt); err == nil {
				cfgs[i] = &setup.cfg
			}
		}
		for _, t := range s.Topologies {
			sizes := make([]*families.Size, len(t.Instances))
			for k, in := range t.Instances {
				if sz, err := t.Family.Size(in.Params); err == nil {
					sizes[k] = &sz
				}
			}
			for i, pt := range spec.Points {
				routing := pt["routing"].(string)
				base, _, _ := strings.Cut(routing, ":")
				for k, in := range t.Instances {
					dorLike := base == "dor" || base == "dor-crossing" || base == "duato-dor"
					if pm, ok := in.Params["permute"]; ok && pm != "none" && dorLike {
						add(spec.rangeOf("routing", spec.Range), "Routing not supported",
							fmt.Sprintf("Routing %q cannot run on %s: the permutation (permute = %q) moves links off the grid that dimension order follows. Use %s.",
								routing, in.Label(), pm, routingAlternatives[base]))
					}
					if sizes[k] == nil {
						continue
					}
					if pt["workload"] != "" {
						if msg, opt := checkWorkloadSize(pt, *sizes[k], in.Label()); msg != "" {
							add(spec.rangeOf(opt, spec.Range), "Workload does not fit", msg)
						}
					}
					if cfgs[i] != nil {
						if e := checkSimBuffers(pt, *cfgs[i], spec.Given, *sizes[k], in.Label()); e != nil {
							add(spec.rangeOf(e.Option, spec.Range), "Buffers too large", e.Msg)
						}
					}
				}
			}
		}
	}
	return diags
}

// checkSimBuffers checks the buffers of point pt (configuration cfg) on
// an instance of size sz (sizing formulas): its ports, twice the links plus
// the endpoints (netsim.Config.CheckNetwork).
func checkSimBuffers(pt map[string]any, cfg netsim.Config, given map[string]hcl.Range, sz families.Size, label string) *SimOptionError {
	if err := cfg.CheckNetwork(2*sz.Links+sz.Endpoints, pt["workload"] != ""); err != nil {
		e := simLimitError(err, pt, func(n string) bool { _, ok := given[n]; return ok })
		e.Msg = fmt.Sprintf("Topology %s: %s.", label, e.Msg)
		return e
	}
	return nil
}

// CheckSimInstance checks a sim point (from ParseSimOptions) on one
// instance of family f with parameters v as validate checks a study's
// instances, from the sizing formulas (nothing is built): the buffers of
// its ports and, for a workload, the flits an endpoint sends, against the
// simulator's limits (netsim, "Limits"). given lists the options the user
// set, to blame one of them; label names the instance in messages.
// Errors are *SimOptionError.
func CheckSimInstance(f *families.Family, v families.Values, label string, pt map[string]any, given []string) error {
	sz, err := f.Size(v)
	if err != nil {
		return nil
	}
	setup, err := simConfig(pt)
	if err != nil {
		return nil
	}
	g := map[string]hcl.Range{}
	for _, n := range given {
		g[n] = hcl.Range{}
	}
	if e := checkSimBuffers(pt, setup.cfg, g, sz, label); e != nil {
		e.Msg = strings.TrimSuffix(e.Msg, ".")
		return e
	}
	if pt["workload"] != "" {
		if msg, opt := checkWorkloadSize(pt, sz, label); msg != "" {
			return &SimOptionError{Option: opt, Msg: strings.TrimSuffix(msg, ".")}
		}
	}
	return nil
}

// checkWorkloadSize checks a point's workload against an instance's
// endpoint count (sizing formulas) and the simulator's time limit: the
// flits one endpoint sends must fit the cycles a run can last.
// It returns the problem and the option to blame: the workload, or the
// message size when the flits do not fit.
func checkWorkloadSize(pt map[string]any, sz families.Size, label string) (msg, option string) {
	E := sz.Endpoints
	if E > 1<<31-1 {
		return fmt.Sprintf("Topology %s has %d endpoints, more than the simulator takes.", label, E), "workload"
	}
	setup, err := simConfig(pt)
	if err != nil {
		return "", ""
	}
	wl, err := simWorkload(pt, int(E), setup)
	if err != nil {
		return fmt.Sprintf("Topology %s: %s.", label, strings.TrimPrefix(err.Error(), "workload: ")), "workload"
	}
	// The flits the busiest endpoint sends, from the workload's first
	// messages: each endpoint sends its steps' messages back to back.
	var perEndpoint float64
	for e := int32(0); e < min(int32(E), 4); e++ {
		var f float64
		for s := int32(0); s < wl.Steps(e); s++ {
			n := wl.Count(e, s)
			if n == 0 {
				continue
			}
			_, m := wl.Message(e, s, 0)
			f += float64(n) * float64(m)
		}
		perEndpoint = max(perEndpoint, f)
	}
	if msg := checkSend(setup.cfg, perEndpoint, fmt.Sprintf("Topology %s: workload %s", label, wl.Name()), pt); msg != "" {
		return msg + ": use smaller messages or fewer processes.", messageOption(pt)
	}
	return "", ""
}
