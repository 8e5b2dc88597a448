package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/clexsim"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// GroupClex is the metric group of CLEX's round-based point-to-point
// routing A(l) (package clexsim): one cell per topology instance of family
// clex, point of the study's clex block and seed. The instance is not
// built: the simulator takes only its k and t.
const GroupClex = "clex"

// clexVersion is the code version of clex cells: bump it when clexsim's
// results or the stored form of a run (clexValues) change.
const clexVersion = 1

// The row grains of a clex study: one dataset row per level of each run,
// per phase of each run, or per run. The study's metrics decide it.
const (
	clexGrainLevel = "level"
	clexGrainPhase = "phase"
	clexGrainRun   = "run"
)

// clexGrains lists the row grains and their metrics.
var clexGrains = []struct {
	grain, what string
	metrics     []string
}{
	{clexGrainLevel, "per-level", []string{"max_rounds", "avg_rounds", "max_avg_load", "avg_hops", "instances"}},
	{clexGrainPhase, "per-phase", []string{"remaining", "max_remaining", "active_instances"}},
	{clexGrainRun, "per-run", []string{"max_phases", "nodes", "messages", "propagation_ratio", "hop_gain", "bandwidth_gain"}},
}

// clexGrain returns the row grain of clex metric name ("" if it is not one).
func clexGrain(name string) string {
	for _, g := range clexGrains {
		if slices.Contains(g.metrics, name) {
			return g.grain
		}
	}
	return ""
}

// clexMetrics returns the metrics of the clex group, in documentation order.
func clexMetrics() []*Metric {
	in, fl := dataset.Int, dataset.Float
	return []*Metric{
		{"max_rounds", GroupClex, in, "rounds", "clex, per level l (column level): the most rounds any instance of A(l) took, its recursive calls excluded; on level 1 with request_ack the request and acknowledgement rounds included (Lenzen and Wattenhofer, CLEX, Tables I-IV)"},
		{"avg_rounds", GroupClex, fl, "rounds", "clex, per level l: mean over the messages of the rounds a message spent on level l, in all the instances of A(l) it took part in (CLEX Tables I-IV)"},
		{"max_avg_load", GroupClex, fl, "messages/node", "clex, per level l: the largest load of any instance of A(l), in messages per node of the instance (CLEX Tables I-IV)"},
		{"avg_hops", GroupClex, fl, "hops", "clex, per level l: mean over the messages of the level-l arcs a message and its copies traversed (CLEX Tables I-IV)"},
		{"instances", GroupClex, in, "instances", "clex, per level l: the instances of A(l) run, (2k)^(t-l)"},
		{"remaining", GroupClex, in, "messages", "clex, per phase (column phase, 0 = the start, up to the last phase after which messages are left): messages the instances of A(1) have not delivered yet, summed over the instances (CLEX Fig. 3)"},
		{"max_remaining", GroupClex, in, "messages", "clex, per phase: the most messages any one instance of A(1) has left"},
		{"active_instances", GroupClex, in, "instances", "clex, per phase: instances of A(1) with messages left"},
		{"max_phases", GroupClex, in, "phases", "clex, per run: the phases the slowest instance of A(1) needed"},
		{"nodes", GroupClex, in, "nodes", "clex, per run: nodes of the simulated network, k^t"},
		{"messages", GroupClex, in, "messages", "clex, per run: messages of the workload, nodes x messages_per_node"},
		{"propagation_ratio", GroupClex, fl, "", "clex, per run: sum over levels l of avg_rounds weighted by k^(-(t-l)/3), the length of a level-l link relative to the top level's (nodes packed in cubes): CLEX Section III's bound on the average propagation delay relative to the shortest paths of a 3D torus (2.5 and 2.0 for Tables I and II, 2.3 and 1.8 for III and IV)"},
		{"hop_gain", GroupClex, fl, "", "clex, per run: 3 n^(1/3) / (2 sum_l avg_rounds), how many times fewer hop delays a message suffers than the 3 n^(1/3) / 2 hops of a 3D torus of the same n (CLEX Section III: 7.3, 9.7, 9.5, 13.1)"},
		{"bandwidth_gain", GroupClex, fl, "", "clex, per run: 3 n^(1/3) / (2 sum_l avg_hops), the effective point-to-point bandwidth relative to a 3D torus' bisection bound at the same total bandwidth per node (CLEX Section III: 8.6 and 11.5)"},
	}
}

// ClexSpec is a study's clex block: the simulation of CLEX's routing
// algorithm on every instance of the study's topologies (family clex), at
// every point (the cartesian product of the list-valued options, in file
// order, the first varying slowest) and seed.
type ClexSpec struct {
	Axes   []ClexAxis
	Points []ClexPoint
	Seeds  int // replicates of every point: seed 0 .. Seeds-1
	// Threads is the number of goroutines of a simulation, 0 for an equal
	// share of the processors among the cells that can run when it starts;
	// results do not depend on it, and it is part of no cell key.
	Threads int
	// Grain is the row grain the study's metrics ask for: clexGrainLevel,
	// clexGrainPhase or clexGrainRun.
	Grain string
	Range hcl.Range
	// Given holds the source range of every option the block sets.
	Given map[string]hcl.Range
}

// ClexAxis is a list-valued option of a clex block.
type ClexAxis struct {
	Name   string
	Values []any
}

// ClexPoint is one point of a clex block: the options a simulation
// depends on.
type ClexPoint struct {
	MessagesPerNode int64
	RequestAck      bool
}

// clexOption is an attribute of a study's clex block.
type clexOption struct {
	Name     string
	Kind     string // "int" or "bool"
	Default  any    // int64 or bool; nil for a required option
	Min, Max int64
	Sweep    bool // a list is a sweep axis
	Doc      string
}

// clexOptions returns the options of the clex block, in documentation order.
func clexOptions() []clexOption {
	return []clexOption{
		{Name: "messages_per_node", Kind: "int", Min: 1, Max: math.MaxInt32, Sweep: true,
			Doc: "messages every node sends and receives: the destinations are a random permutation of the multiset holding every node messages_per_node times (k^t x messages_per_node messages, at most 2^31 - 1)"},
		{Name: "request_ack", Kind: "bool", Default: true, Sweep: true,
			Doc: "true: a message is relayed on level 1 only after a request and its acknowledgement (the paper's dense traffic, Tables I and II); false: whole copies go to the relays (light traffic, Tables III and IV)"},
		{Name: "seeds", Kind: "int", Default: int64(1), Min: 1, Max: maxSimPoints,
			Doc: "replicates of every point, column seed = 0 .. seeds-1: each is a cell with its own workload and random choices, seeded from its parameters; average them with mean_over = [\"seed\"]"},
		{Name: "threads", Kind: "int", Default: int64(0), Min: 0, Max: 1 << 12,
			Doc: "goroutines of one simulation; 0: an equal share of the processors among the cells that can run when it starts (all of them for a cell that runs alone). Results do not depend on it, and it is part of no cell key"},
	}
}

// lookupClexOption returns the clex option name, or nil.
func lookupClexOption(name string) *clexOption {
	for _, o := range clexOptions() {
		if o.Name == name {
			return &o
		}
	}
	return nil
}

// clexValue converts one value of option o, or returns why it is invalid.
func clexValue(o *clexOption, v cty.Value) (any, string) {
	if v.IsNull() {
		return nil, "a value is null"
	}
	if o.Kind == "bool" {
		if v.Type() != cty.Bool {
			return nil, "want true or false, got " + describeCty(v)
		}
		return v.True(), ""
	}
	i, msg := intOf(v, o.Min, o.Max)
	if msg != "" {
		return nil, msg
	}
	return i, ""
}

// decodeClex decodes a study's clex block: its options and points.
func (d *decoder) decodeClex(b *hclsyntax.Block) *ClexSpec {
	opts := clexOptions()
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	before := len(d.diags)
	d.checkBody(b.Body, "a clex block", names)
	spec := &ClexSpec{Range: b.TypeRange, Given: map[string]hcl.Range{}}
	fixed := map[string]any{}
	for _, a := range sortedAttrs(b.Body) {
		o := lookupClexOption(a.Name)
		if o == nil {
			continue
		}
		spec.Given[a.Name] = a.Expr.Range()
		v, ok := d.eval(a.Expr)
		if !ok {
			continue
		}
		elems, ranges := []cty.Value{v}, []hcl.Range{a.Expr.Range()}
		list := !v.IsNull() && (v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType())
		if list {
			if !o.Sweep {
				d.errorf(a.Expr.Range(), "Invalid value", "%s takes one value, not a list (the sweep axes of a clex block are messages_per_node and request_ack).", a.Name)
				continue
			}
			if v.LengthInt() == 0 {
				d.errorf(a.Expr.Range(), "Empty sweep", "%s = [] has no values.", a.Name)
				continue
			}
			elems, ranges = nil, elementRanges(a.Expr, v.LengthInt())
			for it := v.ElementIterator(); it.Next(); {
				_, e := it.Element()
				elems = append(elems, e)
			}
		}
		var vals []any
		for i, e := range elems {
			x, msg := clexValue(o, e)
			if msg != "" {
				d.errorf(ranges[i], "Invalid value", "%s: %s.", a.Name, msg)
				continue
			}
			vals = append(vals, x)
		}
		switch {
		case len(vals) != len(elems):
		case list:
			spec.Axes = append(spec.Axes, ClexAxis{Name: a.Name, Values: vals})
		default:
			fixed[a.Name] = vals[0]
		}
	}
	if _, ok := spec.Given["messages_per_node"]; !ok {
		d.errorf(b.TypeRange, "Missing messages_per_node", "A clex block needs messages_per_node = N (or a list, a sweep axis): the messages every node sends and receives.")
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	option := func(name string) any {
		if v, ok := fixed[name]; ok {
			return v
		}
		return lookupClexOption(name).Default
	}
	spec.Seeds, spec.Threads = int(option("seeds").(int64)), int(option("threads").(int64))
	n := 1
	for _, ax := range spec.Axes {
		if n *= len(ax.Values); n > maxSimPoints {
			d.errorf(b.TypeRange, "Too many points", "The clex block expands to more than %s points, the limit of a clex block (each point is a simulation per seed and topology instance).", commas(maxSimPoints))
			return nil
		}
	}
	idx := make([]int, len(spec.Axes))
	for range n {
		pt := map[string]any{"messages_per_node": option("messages_per_node"), "request_ack": option("request_ack")}
		for a, ax := range spec.Axes {
			pt[ax.Name] = ax.Values[idx[a]]
		}
		spec.Points = append(spec.Points, ClexPoint{MessagesPerNode: pt["messages_per_node"].(int64), RequestAck: pt["request_ack"].(bool)})
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < len(spec.Axes[a].Values) {
				break
			}
			idx[a] = 0
		}
	}
	return spec
}

// checkClexStudy checks a study whose metrics or blocks involve the clex
// simulation: a clex block for clex metrics and clex metrics for a clex
// block, topologies of family clex only, no other metrics, no sim block,
// and metrics of one row grain (which it records in s.Clex.Grain).
// topoAttr and metricsAttr are the study's attributes, metricRanges the
// source range of each metric listed.
func (d *decoder) checkClexStudy(s *Study, b *hclsyntax.Block, topoAttr, metricsAttr *hclsyntax.Attribute, metricRanges map[string]hcl.Range) {
	hasMetric := slices.ContainsFunc(s.Metrics, func(m *Metric) bool { return m.Group == GroupClex })
	var block *hclsyntax.Block
	for _, nb := range b.Body.Blocks {
		if nb.Type == "clex" && block == nil {
			block = nb
		}
	}
	if block == nil {
		if hasMetric {
			var names []string
			for _, m := range s.Metrics {
				if m.Group == GroupClex {
					names = append(names, m.Name)
				}
			}
			hint := ""
			if !slices.ContainsFunc(s.Topologies, func(t *Topology) bool { return t.Family.Name == "clex" }) {
				hint = " They are results of the simulation of CLEX's routing algorithm, on topologies of family clex."
			}
			d.errorf(metricsAttr.Expr.Range(), "Missing clex block", "Study %q asks for clex metrics (%s) but has no clex { messages_per_node = ... } block.%s", s.Name, strings.Join(names, ", "), hint)
		}
		return
	}
	if slices.ContainsFunc(b.Body.Blocks, func(x *hclsyntax.Block) bool { return x.Type == "sim" }) {
		d.errorf(block.TypeRange, "Conflicting blocks", "Study %q has both a sim and a clex block; simulate with one of them per study.", s.Name)
	}
	for i, t := range s.Topologies {
		if t.Family.Name != "clex" {
			rng := elementRanges(topoAttr.Expr, len(s.Topologies))[i]
			d.errorf(rng, "Topology not supported", "Topology %q is of family %s: a clex block simulates the routing algorithm of the CLEX network, family \"clex\" (parameters k and t).", t.Name, t.Family.Name)
		}
	}
	if !hasMetric {
		if len(s.Metrics) == len(metricRanges) { // else an unknown metric may have been meant

			d.errorf(metricsAttr.Expr.Range(), "No clex metrics", "Study %q has a clex block but none of its metrics is a clex metric (%s, ...).", s.Name, "max_rounds, remaining, max_phases")
		}
		return
	}
	byGrain := map[string][]string{}
	var order []string // grains in order of first appearance
	for _, m := range s.Metrics {
		if m.Group != GroupClex {
			d.errorf(metricRanges[m.Name], "Metric not supported", "Metric %q is not a clex metric: the rows of a study with a clex block are the levels, phases or runs of its simulations; list %q in another study.", m.Name, m.Name)
			continue
		}
		g := clexGrain(m.Name)
		if len(byGrain[g]) == 0 {
			order = append(order, g)
		}
		byGrain[g] = append(byGrain[g], m.Name)
	}
	if len(order) > 1 {
		var groups []string
		for _, g := range clexGrains {
			if ms := byGrain[g.grain]; len(ms) > 0 {
				groups = append(groups, fmt.Sprintf("%s (%s)", g.what, strings.Join(ms, ", ")))
			}
		}
		d.errorf(metricRanges[byGrain[order[1]][0]], "Mixed row grains", "Study %q mixes clex metrics of different row grains: %s. Its rows are one per level, per phase or per run of each simulation: put each grain in a study of its own (the studies share the simulations).",
			s.Name, strings.Join(groups, ", "))
	}
	if s.Clex != nil && len(order) > 0 {
		s.Clex.Grain = order[0]
	}
}

// clexColumns returns the dataset columns of a clex study after the
// topology parameters: the options, the seed, and the level or phase.
func clexColumns(spec *ClexSpec) []Column {
	cols := []Column{
		{Name: "messages_per_node", Kind: dataset.Int, Unit: "messages", Doc: "clex: messages every node sends and receives", Clex: "messages_per_node"},
		{Name: "request_ack", Kind: dataset.Bool, Doc: "clex: relays on level 1 after a request and its acknowledgement (false: whole copies)", Clex: "request_ack"},
		{Name: "seed", Kind: dataset.Int, Doc: "clex: replicate, 0 .. seeds-1", Clex: "seed"},
	}
	switch spec.Grain {
	case clexGrainLevel:
		cols = append(cols, Column{Name: "level", Kind: dataset.Int, Doc: "clex: level l of the algorithm A(l), 1 .. t", Clex: "level"})
	case clexGrainPhase:
		cols = append(cols, Column{Name: "phase", Kind: dataset.Int, Unit: "phases", Doc: "clex: phases of A(1) passed, 0 (the start) .. max_phases - 1 (after max_phases phases no instance has messages left)", Clex: "phase"})
	}
	return cols
}

// clexRows returns the number of rows of a clex study's dataset. For the
// phase grain it is the number of runs: how many phases each run takes is
// known once it is computed.
func clexRows(s *Study) int {
	n := 0
	for _, t := range s.Topologies {
		for _, in := range t.Instances {
			per := 1
			if s.Clex.Grain == clexGrainLevel {
				per = int(in.Params.Int("t"))
			}
			n += per * len(s.Clex.Points) * s.Clex.Seeds
		}
	}
	return n
}

// datasetRows returns the number of rows of an encoded dataset, or def
// if it cannot be read.
func datasetRows(data []byte, def int) int {
	t, err := dataset.ReadParquet(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return def
	}
	return t.NumRows()
}

// checkClexInstances checks, after the sweeps are expanded, every point
// of every clex block on every instance against the simulator's limits
// (clexsim.Config.Validate): the clique size, and the messages, which
// must fit int32 ids.
func checkClexInstances(e *Experiment) hcl.Diagnostics {
	var diags hcl.Diagnostics
	reported := map[string]bool{}
	for _, s := range e.Studies {
		spec := s.Clex
		if spec == nil {
			continue
		}
		for _, t := range s.Topologies {
			for _, in := range t.Instances {
				for _, pt := range spec.Points {
					cfg := clexConfigOf(in, pt)
					err := cfg.Validate()
					if err == nil {
						continue
					}
					msg := fmt.Sprintf("Study %q, topology %s: %s.", s.Name, in.Label(), strings.TrimPrefix(err.Error(), "clexsim: "))
					if reported[msg] {
						continue
					}
					reported[msg] = true
					// The topology is to blame if it is too large without
					// messages, else messages_per_node.
					rng := spec.Given["messages_per_node"]
					one := cfg
					one.Messages = 1
					if one.Validate() != nil {
						rng = t.Range
						if r, ok := t.paramRange["k"]; ok {
							rng = r
						}
					}
					diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Simulation too large", Detail: msg, Subject: &rng})
				}
			}
		}
	}
	return diags
}

// clexConfigOf returns the simulator configuration of point pt on
// instance in, without seed and threads.
func clexConfigOf(in *Instance, pt ClexPoint) clexsim.Config {
	return clexsim.Config{K: int(in.Params.Int("k")), T: int(in.Params.Int("t")), Messages: int(pt.MessagesPerNode), RequestAck: pt.RequestAck}
}

// clexJob is what a clex cell simulates.
type clexJob struct {
	inst    *Instance
	point   ClexPoint
	seed    int // the replicate, 0 .. seeds-1
	threads int // goroutines; 0: the context's (WithSimThreads)
}

// clexCellParams returns the parameters of the clex cell of replicate
// seed of point pt on instance in: k, t and the options the results
// depend on (not threads), so that studies of other grains share the cell.
func clexCellParams(in *Instance, pt ClexPoint, seed int) map[string]any {
	return map[string]any{
		"k": in.Params.Int("k"), "t": in.Params.Int("t"),
		"messages_per_node": pt.MessagesPerNode, "request_ack": pt.RequestAck, "seed": seed,
	}
}

// clexConfig returns the simulator configuration of clex cell c: its
// seed is derived from the cell's parameters (the seed index included),
// as a sim cell's, and its threads are the block's or ctx's.
func (c *Cell) clexConfig(ctx context.Context) clexsim.Config {
	j := c.clex
	cfg := clexConfigOf(j.inst, j.point)
	cfg.Seed = simSeed(c.Params)
	cfg.Threads = j.threads
	if cfg.Threads <= 0 {
		cfg.Threads = simThreads(ctx)
	}
	return cfg
}

// clexRun is one simulation of a clex study: replicate seed of point
// index point on instance in of topology topo.
type clexRun struct {
	topo  *Topology
	inst  *Instance
	point int
	seed  int
}

// clexRuns lists a study's simulations in dataset order: topologies,
// instances, points, seeds.
func clexRuns(s *Study) []clexRun {
	var runs []clexRun
	for _, t := range s.Topologies {
		for _, in := range t.Instances {
			for p := range s.Clex.Points {
				for seed := range s.Clex.Seeds {
					runs = append(runs, clexRun{t, in, p, seed})
				}
			}
		}
	}
	return runs
}

// clexKey returns the cache key of the clex cell of run r.
func clexKey(s *Study, r clexRun) cache.Key {
	return cache.KeyOf(GroupClex, clexVersion, canonical(clexCellParams(r.inst, s.Clex.Points[r.point], r.seed)), nil)
}

// addClexStudy adds the cells of a study with a clex block, one per run
// (shared with every study of the same runs, whatever its grain), and its
// dataset cell.
func (g *Graph) addClexStudy(e *Experiment, s *Study) *Cell {
	var inputs []*Cell
	index := map[*Cell]int{}
	var rows []map[string]any
	for _, r := range clexRuns(s) {
		pt := s.Clex.Points[r.point]
		in := r.inst
		label := fmt.Sprintf("clex %s k=%d t=%d messages_per_node=%d", r.topo.Name, in.Params.Int("k"), in.Params.Int("t"), pt.MessagesPerNode)
		if !pt.RequestAck {
			label += " request_ack=false"
		}
		label += fmt.Sprintf(" seed=%d", r.seed)
		c := g.add(&Cell{ID: fmt.Sprintf("clex/%s/%s/%d/%d/%d", s.Name, r.topo.Name, in.Index, r.point, r.seed), Exp: e,
			Kind: GroupClex, Version: clexVersion, Label: label, Params: canonical(clexCellParams(in, pt, r.seed)),
			inst: in, group: GroupClex, clex: &clexJob{inst: in, point: pt, seed: r.seed, threads: s.Clex.Threads}})
		i, ok := index[c]
		if !ok {
			// Instances that differ only in what the simulation ignores
			// (p, max_radix) share a cell: it is an input once.
			i = len(inputs)
			index[c] = i
			inputs = append(inputs, c)
		}
		rows = append(rows, map[string]any{"topology": r.topo.Name, "label": r.topo.Label, "family": r.topo.Family.Name,
			"params": in.canonicalParams(), "messages_per_node": pt.MessagesPerNode, "request_ack": pt.RequestAck,
			"seed": r.seed, "input": i})
	}
	params := map[string]any{"experiment": e.Name, "study": s.Name, "title": s.Title, "columns": s.Columns, "rows": rows}
	return g.add(&Cell{ID: "dataset/" + s.Name, Exp: e, Kind: KindDataset, Version: datasetVersion,
		Label: "dataset " + s.Name, Params: canonical(params), Inputs: inputs, study: s})
}

// computeClex runs the clex cell c.
func computeClex(ctx context.Context, c *Cell) (metricValues, error) {
	res, err := clexsim.Run(ctx, c.clexConfig(ctx))
	if err != nil {
		return nil, err
	}
	return clexValues(res)
}

// clexResultValue is the value of a clex cell that holds the whole
// simulation result, levels and phases, as JSON (encoding/json writes
// floats so that they read back exactly), whatever grain the study that
// computed it asked for.
const clexResultValue = "result"

// clexValues turns a simulation result into a clex cell's values.
func clexValues(r *clexsim.Result) (metricValues, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("clex result: %w", err)
	}
	return metricValues{clexResultValue: dataset.StringValue(string(b))}, nil
}

// clexRowValues returns the values of the rows of one run (a clex cell's
// values v) at grain: the level or phase column and the metrics, one map
// per row.
func clexRowValues(v metricValues, grain string) ([]metricValues, error) {
	var r clexsim.Result
	if err := json.Unmarshal([]byte(v[clexResultValue].S), &r); err != nil {
		return nil, fmt.Errorf("clex result: %w", err)
	}
	i64 := func(x int) dataset.Value { return dataset.IntValue(int64(x)) }
	var out []metricValues
	switch grain {
	case clexGrainLevel:
		for _, l := range r.Levels {
			out = append(out, metricValues{
				"level":        i64(l.Level),
				"max_rounds":   i64(l.MaxRounds),
				"avg_rounds":   dataset.FloatValue(l.AvgRounds),
				"max_avg_load": dataset.FloatValue(l.MaxAvgLoad),
				"avg_hops":     dataset.FloatValue(l.AvgHops),
				"instances":    dataset.IntValue(l.Instances),
			})
		}
	case clexGrainPhase:
		for _, p := range r.Phases {
			out = append(out, metricValues{
				"phase":            i64(p.Phase),
				"remaining":        dataset.IntValue(p.Remaining),
				"max_remaining":    dataset.IntValue(p.MaxRemaining),
				"active_instances": dataset.IntValue(p.Active),
			})
		}
	default:
		out = append(out, metricValues{
			"max_phases": i64(r.MaxPhases), "nodes": dataset.IntValue(r.Nodes), "messages": dataset.IntValue(r.Messages),
			"propagation_ratio": dataset.FloatValue(r.PropagationRatio), "hop_gain": dataset.FloatValue(r.HopGain), "bandwidth_gain": dataset.FloatValue(r.BandwidthGain),
		})
	}
	return out, nil
}

// computeClexDataset assembles the dataset of a study with a clex block:
// one row per level, phase or run of each simulation (s.Clex.Grain), in
// the order of clexRuns. A failed cell leaves its rows' metrics null (t
// rows with their levels at the level grain, else one row) with its error
// in report.ErrorColumn, as computeDataset does.
func computeClexDataset(c *Cell, in []*result) (*result, error) {
	s := c.study
	t := newStudyTable(c)
	index := map[cache.Key]int{}
	for i, ic := range c.Inputs {
		index[ic.Key] = i
	}
	var failures []*report.CellFailure
	byCell := map[*Cell]*report.CellFailure{}
	var rowErrors []dataset.Value
	for _, r := range clexRuns(s) {
		i, ok := index[clexKey(s, r)]
		if !ok {
			return nil, fmt.Errorf("study %s: no clex cell for %s", s.Name, r.inst.Label())
		}
		pt := s.Clex.Points[r.point]
		var rows []metricValues
		errText := dataset.Value{}
		if f := in[i].failed; f != nil {
			n := 1
			if s.Clex.Grain == clexGrainLevel {
				n = int(r.inst.Params.Int("t"))
			}
			for l := range n {
				row := metricValues{}
				if s.Clex.Grain == clexGrainLevel {
					row["level"] = dataset.IntValue(int64(l + 1))
				}
				rows = append(rows, row)
			}
			errText = dataset.StringValue(f.text())
			cf := byCell[f.cell]
			if cf == nil {
				cf = &report.CellFailure{Study: s.Name, Cell: f.cell.Label, Error: f.msg}
				for _, col := range s.Columns {
					if col.Metric {
						cf.Columns = append(cf.Columns, col.Name)
					}
				}
				byCell[f.cell] = cf
				failures = append(failures, cf)
			}
			for range rows {
				cf.Rows = append(cf.Rows, len(rowErrors)+1)
				rowErrors = append(rowErrors, errText)
			}
		} else {
			var err error
			if rows, err = clexRowValues(in[i].values, s.Clex.Grain); err != nil {
				return nil, fmt.Errorf("study %s, %s: %w", s.Name, c.Inputs[i].Label, err)
			}
			for range rows {
				rowErrors = append(rowErrors, dataset.Value{})
			}
		}
		for _, vals := range rows {
			for j, col := range s.Columns {
				var v dataset.Value
				switch {
				case col.Metric:
					v = vals[col.Name]
				case col.Clex == "messages_per_node":
					v = dataset.IntValue(pt.MessagesPerNode)
				case col.Clex == "request_ack":
					v = dataset.BoolValue(pt.RequestAck)
				case col.Clex == "seed":
					v = dataset.IntValue(int64(r.seed))
				case col.Clex != "":
					v = vals[col.Clex] // level or phase
				default:
					v = identityValue(col, r.topo, r.inst)
				}
				if err := t.Columns[j].Append(v); err != nil {
					return nil, fmt.Errorf("study %s, %s: %w", s.Name, r.inst.Label(), err)
				}
			}
		}
	}
	return finishDataset(s, t, rowErrors, failures)
}
