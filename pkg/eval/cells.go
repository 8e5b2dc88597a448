package eval

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// Cell kinds. A build cell constructs a topology; size, distance and cost
// cells compute one metric group of one topology instance; a dataset cell
// assembles a study's rows into Parquet; figure and table cells render.
const (
	KindBuild   = "build"
	KindDataset = "dataset"
	KindFigure  = "figure"
	KindTable   = "table"
)

// Code versions of the non-metric cell kinds (metric groups: groupVersion;
// build cells: the family's Version). Bump one when the kind's output
// changes; exactly the cells of that kind (and their dependents) rerun.
const (
	datasetVersion = 4 // 2: units and docs as Parquet key-value metadata; an empty list parameter is null, not "[]"; 3: list parameters as list columns, parameter columns renamed where meanings collide; 4: k of a torus or mesh of unequal dims is null, not 0
	figureVersion  = 6 // 4: a filtered figure styles its series as the figure of the whole study would; 5: the note of the points outside the axes; 6: the series of overlays join the styling of filtered figures
	tableVersion   = 2
)

// Cell is one unit of work: a kind, fully resolved parameters, and input
// cells. Its Key is a sha256 over the key-scheme version, the kind, the
// kind's code version, the canonical parameters and the input keys.
type Cell struct {
	ID      string // stable identity within its experiment, e.g. "distance/sf/3"
	Exp     *Experiment
	Kind    string
	Version int
	Label   string          // short human description, e.g. "distance sf q=7"
	Params  json.RawMessage // canonical JSON (sorted keys)
	Inputs  []*Cell
	Key     cache.Key

	// What the cell computes: exactly one is set, by kind.
	inst   *Instance
	model  *CostModel
	study  *Study
	figure *Figure
	table  *Table
	group  string         // metric cells: the metric group (= Kind)
	opts   map[string]any // metric cells: the analysis options of the group
	point  map[string]any // sim cells: the sim point
	// replicate is the seed index of a sim cell (0 .. seeds-1).
	replicate int
	// epoch is, for a sim cell, the metrics epoch its key holds
	// (metricSince; 0 for most).
	epoch int
	clex  *clexJob // clex cells: the simulation
}

// Graph is the DAG of cells of a set of experiments, deduplicated by key and
// in topological order (inputs before the cells that use them).
type Graph struct {
	Experiments []*Experiment
	Cells       []*Cell
	// Datasets, Figures and Tables map each experiment's outputs to their
	// cells, in declaration order.
	Datasets map[*Study]*Cell
	Figures  map[*Figure]*Cell
	Tables   map[*Table]*Cell
	byKey    map[cache.Key]*Cell
}

// canonical encodes v as canonical JSON: encoding/json sorts map keys and
// formats numbers deterministically.
func canonical(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("eval: canonical params: %v", err))
	}
	return b
}

// add computes c's key and inserts it, or returns the existing cell with the
// same key.
func (g *Graph) add(c *Cell) *Cell {
	keys := make([]cache.Key, len(c.Inputs))
	for i, in := range c.Inputs {
		keys[i] = in.Key
	}
	c.Key = cache.KeyOf(c.Kind, c.Version, c.Params, keys)
	if prev, ok := g.byKey[c.Key]; ok {
		return prev
	}
	g.byKey[c.Key] = c
	g.Cells = append(g.Cells, c)
	return c
}

// topoParams is the canonical parameter object of a topology instance.
func topoParams(in *Instance) map[string]any {
	return map[string]any{"family": in.Topology.Family.Name, "params": in.canonicalParams()}
}

// canonicalParams returns the instance's parameters as canonical JSON,
// encoded once: every cell of the instance embeds the same bytes.
func (in *Instance) canonicalParams() json.RawMessage {
	if in.paramsJSON == nil {
		in.paramsJSON = canonical(map[string]any(in.Params))
	}
	return in.paramsJSON
}

// BuildGraph expands experiments into the cell DAG.
func BuildGraph(exps []*Experiment) *Graph {
	g := &Graph{
		Experiments: exps,
		Datasets:    map[*Study]*Cell{},
		Figures:     map[*Figure]*Cell{},
		Tables:      map[*Table]*Cell{},
		byKey:       map[cache.Key]*Cell{},
	}
	for _, e := range exps {
		g.addExperiment(e)
	}
	return g
}

func (g *Graph) addExperiment(e *Experiment) {
	builds := map[*Instance]*Cell{}
	build := func(in *Instance) *Cell {
		if c, ok := builds[in]; ok {
			return c
		}
		c := g.add(&Cell{
			ID: fmt.Sprintf("build/%s/%d", in.Topology.Name, in.Index), Exp: e, Kind: KindBuild,
			Version: in.Topology.Family.Version, Label: "build " + in.Label(),
			Params: canonical(topoParams(in)), inst: in,
		})
		builds[in] = c
		return c
	}
	type metricKey struct {
		in    *Instance
		group string
		model *CostModel
		opts  string
		epoch int
	}
	metricCells := map[metricKey]*Cell{}
	groupMetrics := map[string][]string{}
	type studyGroup struct {
		s     *Study
		group string
	}
	epochs := map[studyGroup]int{}
	// epoch returns s.metricEpoch(group), computed once per study and group.
	epoch := func(s *Study, group string) int {
		k := studyGroup{s, group}
		e, ok := epochs[k]
		if !ok {
			e = s.metricEpoch(group)
			epochs[k] = e
		}
		return e
	}
	metric := func(in *Instance, group string, s *Study) *Cell {
		var model *CostModel
		if group == GroupCost || group == GroupLayout {
			model = s.CostModel
		}
		opts := s.instanceOptions(group, in)
		ep := epoch(s, group)
		k := metricKey{in, group, model, string(canonical(opts)), ep}
		if c, ok := metricCells[k]; ok {
			return c
		}
		params := topoParams(in)
		// The group's metric names, and the epoch of the metrics added
		// later that s asks for (metricSince): cached values never lack a
		// metric a study asks for.
		if groupMetrics[group] == nil {
			groupMetrics[group] = groupMetricNames(group)
		}
		params["metrics"] = groupMetrics[group]
		if ep > 0 {
			params["metrics_epoch"] = ep
		}
		id := fmt.Sprintf("%s/%s/%d", group, in.Topology.Name, in.Index)
		label := group + " " + in.Label()
		var inputs []*Cell
		if needsBuild(group, in, model) {
			inputs = []*Cell{build(in)}
		}
		if len(opts) > 0 {
			params["analysis"] = opts
			if tag := optionTag(group, opts); tag != "" {
				id = fmt.Sprintf("%s[%s]/%s/%d", group, tag, in.Topology.Name, in.Index)
				label = fmt.Sprintf("%s[%s] %s", group, tag, in.Label())
			}
		}
		if model != nil {
			params["cost_model"] = model.canonical()
			id = fmt.Sprintf("%s/%s/%s/%d", group, model.Name, in.Topology.Name, in.Index)
			label = fmt.Sprintf("%s %s %s", group, model.Name, in.Label())
		}
		c := g.add(&Cell{ID: id, Exp: e, Kind: group, Version: groupVersion(group), Label: label,
			Params: canonical(params), Inputs: inputs, inst: in, model: model, group: group, opts: opts})
		metricCells[k] = c
		return c
	}
	// simCells returns the cells of point p of study s for instance in,
	// one per replicate. A point of a load sweep that stops at saturation
	// takes the cell of the same replicate at the sweep's previous load as
	// an input.
	type simKey struct {
		in    *Instance
		study *Study
		point int
	}
	simCells := map[simKey][]*Cell{}
	var simCell func(in *Instance, s *Study, p int) []*Cell
	simCell = func(in *Instance, s *Study, p int) []*Cell {
		k := simKey{in, s, p}
		if cs, ok := simCells[k]; ok {
			return cs
		}
		pt := s.Sim.Points[p]
		var prevCells []*Cell
		if prev := s.Sim.Prev[p]; prev >= 0 {
			prevCells = simCell(in, s, prev)
		}
		var model *CostModel
		if pt["link_ns_per_m"].(float64) > 0 {
			model = s.CostModel
		}
		seeds := int(pt["seeds"].(int64))
		cs := make([]*Cell, seeds)
		ep := epoch(s, GroupSim)
		for r := range seeds {
			params := simKeyParams(in, pt, r, model, ep)
			label := "sim " + in.Label()
			if l := simPointLabel(s.Sim, pt); l != "" {
				label += " " + l
			}
			id := fmt.Sprintf("sim/%s/%s/%d/%d", s.Name, in.Topology.Name, in.Index, p)
			if seeds > 1 {
				label += fmt.Sprintf(" seed#%d", r)
				id += fmt.Sprintf("/%d", r)
			}
			// Each seed is a sweep of its own: replicate r of this load
			// follows replicate r of the previous one (so raising seeds
			// keeps the cells of the existing replicates).
			inputs := []*Cell{build(in)}
			if r < len(prevCells) {
				inputs = append(inputs, prevCells[r])
			}
			cs[r] = g.add(&Cell{ID: id, Exp: e, Kind: GroupSim, Version: groupVersion(GroupSim), Label: label,
				Params: canonical(params), Inputs: inputs, inst: in, group: GroupSim, point: pt, replicate: r, model: model, epoch: ep})
		}
		simCells[k] = cs
		return cs
	}
	for _, s := range e.Studies {
		if s.Clex != nil {
			g.Datasets[s] = g.addClexStudy(e, s)
			continue
		}
		groups := studyGroups(s)
		points := 1
		if s.Sim != nil {
			points = len(s.Sim.Points)
		}
		var inputs []*Cell
		var rows []map[string]any
		for _, t := range s.Topologies {
			for _, in := range t.Instances {
				for _, grp := range groups {
					if needsBuild(grp, in, s.CostModel) {
						build(in) // list the build before the cells that need it
					}
				}
				for p := 0; p < points; p++ {
					row := map[string]any{"topology": t.Name, "label": t.Label, "family": t.Family.Name, "params": in.canonicalParams()}
					if s.Sim != nil {
						row["sim"] = simKeyPoint(s.Sim.Points[p])
					}
					var idx []int
					for _, grp := range groups {
						if grp == GroupSim {
							for _, c := range simCell(in, s, p) {
								idx = append(idx, len(inputs))
								inputs = append(inputs, c)
							}
						} else {
							idx = append(idx, len(inputs))
							inputs = append(inputs, metric(in, grp, s))
						}
					}
					row["inputs"] = idx
					rows = append(rows, row)
				}
			}
		}
		params := map[string]any{
			"experiment": e.Name, "study": s.Name, "title": s.Title,
			"columns": s.Columns, "rows": rows,
		}
		if s.Literal != nil {
			params["literal"] = literalParams(s.Literal)
		}
		g.Datasets[s] = g.add(&Cell{ID: "dataset/" + s.Name, Exp: e, Kind: KindDataset, Version: datasetVersion,
			Label: "dataset " + s.Name, Params: canonical(params), Inputs: inputs, study: s})
	}
	for _, f := range e.Figures {
		params := map[string]any{"experiment": e.Name, "spec": f.Spec, "where": f.Where}
		if len(f.Ranges) > 0 {
			params["ranges"] = f.Ranges
		}
		if slices.ContainsFunc(f.Means, func(m *report.MeanSpec) bool { return m != nil }) {
			params["mean_over"] = f.Means
		}
		inputs := []*Cell{g.Datasets[f.Study]}
		for _, o := range f.Overlay {
			inputs = append(inputs, g.Datasets[o])
		}
		g.Figures[f] = g.add(&Cell{ID: "figure/" + f.Name, Exp: e, Kind: KindFigure, Version: figureVersion,
			Label: "figure " + f.Name, Params: canonical(params), Inputs: inputs, figure: f})
	}
	for _, t := range e.Tables {
		params := map[string]any{"experiment": e.Name, "spec": t.Spec, "where": t.Where, "expect": expectParams(t.Expect)}
		if len(t.Ranges) > 0 {
			params["ranges"] = t.Ranges
		}
		g.Tables[t] = g.add(&Cell{ID: "table/" + t.Name, Exp: e, Kind: KindTable, Version: tableVersion,
			Label: "table " + t.Name, Params: canonical(params), Inputs: []*Cell{g.Datasets[t.Study]}, table: t})
	}
}

// literalParams encodes literal rows for cell parameters.
func literalParams(rows [][]dataset.Value) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, v := range r {
			out[i][j] = v.Kind.String() + ":" + v.String()
		}
	}
	return out
}

// expectParams returns the expectations without what does not change
// whether they hold (source positions, kinds, notes, the reasons of
// tolerances and the printed forms of values), so that moving or
// annotating an expect block does not invalidate the table.
func expectParams(es []report.Expectation) []report.Expectation {
	out := make([]report.Expectation, len(es))
	for i, e := range es {
		e.Pos, e.Kind, e.Note, e.Why, e.Printed = "", "", "", "", ""
		out[i] = e
	}
	return out
}

// studyGroups returns the metric groups a study needs, in a fixed order.
func studyGroups(s *Study) []string {
	set := map[string]bool{}
	for _, m := range s.Metrics {
		for _, g := range metricGroups(m) {
			set[g] = true
		}
	}
	groups := make([]string, 0, len(set))
	for grp := range set {
		groups = append(groups, grp)
	}
	sort.Strings(groups)
	return groups
}

// needsBuild reports whether the metric cell of group for instance in
// needs the built topology: always for the graph groups, and for the cost
// group when the family can be built and the cost model needs the layout of
// the built network (package cost prices some families from formulas).
func needsBuild(group string, in *Instance, model *CostModel) bool {
	if group == GroupCost {
		return model != nil && !in.Topology.Family.SizingOnlyFor(in.Params) && cost.NeedsTopology(model.Model, in.Topology.Family.Name)
	}
	return lookupGroup(group).graph
}

// laterModelField reports whether a cost model field was added after cost
// cells were cached: at its zero value it is left out of the key, so that
// the cells of models that do not use it keep their keys.
func laterModelField(name string) bool {
	switch name {
	case "rack_mapping", "anneal_iterations", "anneal_restarts", "anneal_seed":
		return true
	}
	return false
}

// canonical returns the cost model's coefficients for cell parameters:
// every field of the resolved model (but the later fields at their zero
// value, see laterModelField), so that a change of a preset's coefficients
// in code changes the keys too. It is encoded once.
func (m *CostModel) canonical() json.RawMessage {
	if m.canon == nil {
		fields := map[string]any{}
		for _, f := range cost.Fields() {
			v, _ := m.Model.Get(f.Name)
			if laterModelField(f.Name) && (v == "" || v == 0) {
				continue // unset: the key of a model without it
			}
			fields[f.Name] = v
		}
		m.canon = canonical(fields)
	}
	return m.canon
}
