package eval

import (
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
)

// decodeStudy decodes a study block and computes its dataset columns.
func (d *decoder) decodeStudy(b *hclsyntax.Block, topos map[string]*Topology, models map[string]*CostModel) *Study {
	s := &Study{Name: b.Labels[0], Range: b.LabelRanges[0]}
	before := len(d.diags)
	d.checkBody(b.Body, "a study block", []string{"title", "description", "enabled", "topologies", "metrics", "cost_model", "rows", "columns"}, "analysis", "sim", "clex")
	if sb := d.nestedBlock(b, "sim"); sb != nil {
		s.Sim = d.decodeSim(sb)
	}
	if cb := d.nestedBlock(b, "clex"); cb != nil {
		s.Clex = d.decodeClex(cb)
	}
	if ab := d.nestedBlock(b, "analysis"); ab != nil {
		s.Analysis = d.decodeAnalysis(ab)
	}
	if a, ok := b.Body.Attributes["title"]; ok {
		s.Title, _ = d.stringAttr(a, nil)
	}
	if a, ok := b.Body.Attributes["description"]; ok {
		s.Description, _ = d.stringAttr(a, nil)
	}
	if ra, ok := b.Body.Attributes["rows"]; ok {
		for _, other := range []string{"topologies", "metrics", "cost_model"} {
			if a, ok := b.Body.Attributes[other]; ok {
				d.errorf(a.NameRange, "Conflicting arguments", "Study %q has literal rows; it takes no %s.", s.Name, other)
			}
		}
		for _, nb := range b.Body.Blocks {
			if nb.Type == "clex" {
				d.errorf(nb.TypeRange, "Conflicting arguments", "Study %q has literal rows; it takes no clex block.", s.Name)
				break
			}
		}
		if d.diags[before:].HasErrors() {
			return nil
		}
		if !d.decodeRows(s, ra, b.Body.Attributes["columns"]) {
			return nil
		}
		return s
	}
	if a, ok := b.Body.Attributes["columns"]; ok {
		d.errorf(a.NameRange, "Unexpected argument", "Study %q: columns declares the types and units of literal rows; it has no rows.", s.Name)
	}
	ta, ok := b.Body.Attributes["topologies"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing topologies", "Study %q needs topologies = [topology.<name>, ...] (or literal rows = [{...}, ...]).", s.Name)
		return nil
	}
	names, ok := d.refListAttr(ta, "topology")
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			d.errorf(ta.Expr.Range(), "Duplicate topology", "Topology %q is listed twice in study %q.", n, s.Name)
			return nil
		}
		seen[n] = true
		if topos[n] == nil {
			return nil // the topology block has errors, reported already
		}
		s.Topologies = append(s.Topologies, topos[n])
	}
	if a, ok := b.Body.Attributes["cost_model"]; ok {
		name, ok := d.refAttr(a, "cost_model")
		if !ok {
			return nil
		}
		if s.CostModel = models[name]; s.CostModel == nil {
			return nil
		}
	}
	ma, ok := b.Body.Attributes["metrics"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing metrics", "Study %q needs metrics = [\"...\", ...]; metrics: %s.", s.Name, strings.Join(metricNames(Metrics()), ", "))
		return nil
	}
	mnames, ranges, ok := d.stringListAttr(ma)
	if !ok {
		return nil
	}
	metricRanges := map[string]hcl.Range{}
	for i, n := range mnames {
		metricRanges[n] = ranges[i]
	}
	all := Metrics()
	var unknown []string // metric names that do not exist
	errsBefore := len(d.diags)
	for i, n := range mnames {
		m := lookupMetric(all, n)
		if base, ok := strings.CutSuffix(n, ciSuffix); ok && m == nil {
			if bm := lookupMetric(all, base); bm != nil && bm.Group == GroupSim {
				d.errorf(ranges[i], "Unknown metric", "%q is not a metric of its own: a study whose sim block has seeds > 1 gets the column %s next to %s (list %q).", n, n, base, base)
				continue
			}
		}
		if m == nil {
			d.errorf(ranges[i], "Unknown metric", "There is no metric %q; metrics: %s.%s", n, strings.Join(metricNames(all), ", "), didYouMean(n, metricNames(all)))
			unknown = append(unknown, n)
			continue
		}
		if lookupMetric(s.Metrics, n) != nil {
			d.errorf(ranges[i], "Duplicate metric", "Metric %q is listed twice.", n)
			continue
		}
		if lookupGroup(m.Group).graph {
			if t := sizingOnly(s.Topologies); t != nil {
				d.errorf(ranges[i], "Metric needs a built graph", "Metric %q needs the graph, but family %q of topology %q is sizing-only (it has formulas but no builder); use the size metrics for it.", n, t.Family.Name, t.Name)
				continue
			}
		}
		if (m.Group == GroupCost || m.Group == GroupLayout) && s.CostModel == nil {
			d.errorf(ranges[i], "Missing cost model", "Metric %q needs the study to name a cost model: cost_model = cost_model.<name>.", n)
			continue
		}
		if m.Group == GroupCost {
			bad := false
			for _, t := range s.Topologies {
				if t.sizingOnly() && cost.NeedsTopology(s.CostModel.Model, t.Family.Name) {
					d.errorf(ranges[i], "Metric needs a built graph", "Metric %q under cost model %q needs the layout of the built network, but family %q of topology %q is sizing-only (package cost prices only long_hop, fat trees, hypercubes, Dragonflies and folded tori from formulas).", n, s.CostModel.Name, t.Family.Name, t.Name)
					bad = true
					break
				}
			}
			if bad {
				continue
			}
		}
		s.Metrics = append(s.Metrics, m)
	}
	hasSim := slices.ContainsFunc(s.Metrics, func(m *Metric) bool { return m.Group == GroupSim })
	if simBlock := slices.ContainsFunc(b.Body.Blocks, func(x *hclsyntax.Block) bool { return x.Type == "sim" }); hasSim && !simBlock {
		d.errorf(ma.Expr.Range(), "Missing sim block", "Study %q asks for simulation metrics but has no sim { routing = ..., traffic = ..., load = ... } block.", s.Name)
	} else if simBlock && !hasSim && !d.diags[before:].HasErrors() {
		d.errorf(ma.Expr.Range(), "No simulation metrics", "Study %q has a sim block but none of its metrics is a simulation metric (%s, ...).", s.Name, "accepted_load, latency")
	}
	if s.Sim != nil && !d.diags[before:].HasErrors() {
		d.checkSimStudy(s, metricRanges)
	}
	d.checkClexStudy(s, b, ta, ma, metricRanges)
	if d.diags[before:].HasErrors() {
		// Unknown metric names alone: decode the study for its figures and
		// tables (their errors are reported in the same pass), with a
		// column for each unknown name so they cause no second error.
		if len(unknown) > 0 && !d.diags[before:errsBefore].HasErrors() && len(d.diags)-errsBefore == len(unknown) {
			s.partial = true
			s.Columns = studyColumns(s)
			for _, n := range unknown {
				s.Columns = append(s.Columns, Column{Name: n, Kind: dataset.Float, Metric: true, unknown: true})
			}
			return s
		}
		return nil
	}
	s.Columns = studyColumns(s)
	return s
}

// decodeRows decodes a study's literal rows: a list of objects whose
// attributes become the dataset's columns (sorted by name). A column holds
// numbers (Int when every value is a whole number, else Float), strings or
// bools; a row may omit a column (null). The study's columns attribute
// (decl, may be nil) declares a column's type, unit and doc.
func (d *decoder) decodeRows(s *Study, a, decl *hclsyntax.Attribute) bool {
	v, ok := d.eval(a.Expr)
	if !ok {
		return false
	}
	if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType()) || v.LengthInt() == 0 {
		d.errorf(a.Expr.Range(), "Invalid rows", "rows must be a non-empty list of objects, such as [{ length = 1, cost = 2.5 }, ...].")
		return false
	}
	cols := map[string]*rowColInfo{}
	var objs []map[string]cty.Value
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		if e.IsNull() || !(e.Type().IsObjectType() || e.Type().IsMapType()) {
			d.errorf(a.Expr.Range(), "Invalid rows", "Element %d of rows is %s, not an object.", i+1, describeCty(e))
			return false
		}
		obj := e.AsValueMap()
		for name, x := range obj {
			if !validName(name) {
				d.errorf(a.Expr.Range(), "Invalid rows", "Column name %q (row %d) is not a valid name.", name, i+1)
				return false
			}
			if x.IsNull() {
				continue
			}
			var k dataset.Kind
			switch x.Type() {
			case cty.Number:
				k = dataset.Float
			case cty.String:
				k = dataset.String
			case cty.Bool:
				k = dataset.Bool
			default:
				d.errorf(a.Expr.Range(), "Invalid rows", "Row %d, column %q: want a number, string or bool, got %s.", i+1, name, describeCty(x))
				return false
			}
			c := cols[name]
			if c == nil {
				c = &rowColInfo{kind: k, integral: true}
				cols[name] = c
			} else if c.kind != k {
				d.errorf(a.Expr.Range(), "Invalid rows", "Column %q mixes kinds: row %d has %s.", name, i+1, describeCty(x))
				return false
			}
			if k == dataset.Float {
				f, _ := x.AsBigFloat().Float64()
				c.integral = c.integral && f == math.Trunc(f) && math.Abs(f) < 1<<53
			}
		}
		objs = append(objs, obj)
	}
	decls, ok := d.decodeRowColumns(decl, cols)
	if !ok {
		return false
	}
	names := sortedKeys(cols)
	for _, n := range names {
		k := cols[n].kind
		if k == dataset.Float && cols[n].integral {
			k = dataset.Int
		}
		col := Column{Name: n, Kind: k, Doc: "literal value"}
		if dc, ok := decls[n]; ok {
			if dc.kind != dataset.Null {
				col.Kind = dc.kind
			}
			col.Unit = dc.unit
			if dc.doc != "" {
				col.Doc = dc.doc
			}
		}
		s.Columns = append(s.Columns, col)
	}
	for _, obj := range objs {
		row := make([]dataset.Value, len(names))
		for j, n := range names {
			x, ok := obj[n]
			if !ok || x.IsNull() {
				continue
			}
			switch s.Columns[j].Kind {
			case dataset.Int:
				f, _ := x.AsBigFloat().Float64()
				row[j] = dataset.IntValue(int64(f))
			case dataset.Float:
				f, _ := x.AsBigFloat().Float64()
				row[j] = dataset.FloatValue(f)
			case dataset.String:
				row[j] = dataset.StringValue(x.AsString())
			case dataset.Bool:
				row[j] = dataset.BoolValue(x.True())
			}
		}
		s.Literal = append(s.Literal, row)
	}
	return true
}

// rowColInfo is what the values of a literal column are: their kind, and
// for numbers whether all are whole.
type rowColInfo struct {
	kind     dataset.Kind
	integral bool
}

// rowColumn is a column declaration of literal rows.
type rowColumn struct {
	kind      dataset.Kind // Null to infer it from the values
	unit, doc string
}

// rowColumnTypes are the types a literal column may declare.
var rowColumnTypes = map[string]dataset.Kind{"int": dataset.Int, "float": dataset.Float, "string": dataset.String, "bool": dataset.Bool}

// decodeRowColumns decodes columns = { name = { type = "int", unit = "m",
// doc = "..." }, ... } of a study with literal rows (a nil attribute
// declares nothing) and checks each declaration against the values of the
// rows (cols): a declared column must occur in them, an int column must
// hold whole numbers, a declared type must match the values' kind (a float
// column may hold whole numbers).
func (d *decoder) decodeRowColumns(a *hclsyntax.Attribute, cols map[string]*rowColInfo) (map[string]rowColumn, bool) {
	out := map[string]rowColumn{}
	if a == nil {
		return out, true
	}
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	rng := a.Expr.Range()
	if v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		d.errorf(rng, "Invalid columns", "columns must be an object such as { length = { type = \"float\", unit = \"m\", doc = \"cable length\" } }.")
		return nil, false
	}
	ok = true
	for name, x := range v.AsValueMap() {
		c := cols[name]
		if c == nil {
			d.errorf(rng, "Invalid columns", "Column %q is declared but no row has it; the rows' columns are %s.%s", name, strings.Join(sortedKeys(cols), ", "), didYouMean(name, sortedKeys(cols)))
			ok = false
			continue
		}
		if x.IsNull() || !(x.Type().IsObjectType() || x.Type().IsMapType()) {
			d.errorf(rng, "Invalid columns", "Column %q: want an object with type, unit and doc, got %s.", name, describeCty(x))
			ok = false
			continue
		}
		var rc rowColumn
		for field, fv := range x.AsValueMap() {
			if fv.IsNull() || fv.Type() != cty.String {
				d.errorf(rng, "Invalid columns", "Column %q: %s must be a string, got %s.", name, field, describeCty(fv))
				ok = false
				continue
			}
			switch s := fv.AsString(); field {
			case "type":
				k, known := rowColumnTypes[s]
				switch {
				case !known:
					d.errorf(rng, "Invalid columns", "Column %q: type %q is not one of int, float, string, bool.", name, s)
					ok = false
				case k == dataset.Int && c.kind == dataset.Float && !c.integral:
					d.errorf(rng, "Invalid columns", "Column %q is declared int but a row has a fractional value.", name)
					ok = false
				case k != c.kind && !(c.kind == dataset.Float && k == dataset.Int):
					d.errorf(rng, "Invalid columns", "Column %q is declared %s but its values are %s.", name, s, kindWord(c.kind))
					ok = false
				}
				rc.kind = k
			case "unit":
				rc.unit = s
			case "doc":
				rc.doc = s
			default:
				d.errorf(rng, "Invalid columns", "Column %q: unknown field %q; a column declares type, unit and doc.", name, field)
				ok = false
			}
		}
		out[name] = rc
	}
	return out, ok
}

// kindWord names the values of a literal column of kind k.
func kindWord(k dataset.Kind) string {
	switch k {
	case dataset.Float:
		return "numbers"
	case dataset.String:
		return "strings"
	case dataset.Bool:
		return "bools"
	}
	return k.String()
}

// nestedBlock returns the unlabelled nested block of type typ in b (nil if
// there is none), reporting a second one and labels.
func (d *decoder) nestedBlock(b *hclsyntax.Block, typ string) *hclsyntax.Block {
	var found *hclsyntax.Block
	for _, nb := range b.Body.Blocks {
		if nb.Type != typ {
			continue
		}
		if found != nil {
			d.errorf(nb.TypeRange, "Duplicate "+typ+" block", "%s %q has more than one %s block.", b.Type, b.Labels[0], typ)
			continue
		}
		if len(nb.Labels) > 0 {
			d.errorf(nb.LabelRanges[0], "Unexpected label", "A %s block takes no label.", typ)
		}
		found = nb
	}
	return found
}

// sizingOnly returns the first topology with an instance that its family
// cannot build (a sizing-only family, or a variant without a construction).
func sizingOnly(ts []*Topology) *Topology {
	for _, t := range ts {
		if t.sizingOnly() {
			return t
		}
	}
	return nil
}

// sizingOnly reports whether t's family is sizing-only or, once the sweep
// is expanded, cannot build one of t's instances (a variant without a
// construction, such as delorme's "sc14").
func (t *Topology) sizingOnly() bool { return t.Family.SizingOnly() || t.unbuildable() != nil }

// unbuildable returns the first instance of t that its family cannot build,
// or nil.
func (t *Topology) unbuildable() *Instance {
	for _, in := range t.Instances {
		if t.Family.SizingOnlyFor(in.Params) {
			return in
		}
	}
	return nil
}

// Identity columns at the start of every study dataset.
const (
	colTopology = "topology" // the topology block name
	colLabel    = "label"    // its display label
	colFamily   = "family"   // the family name
)

// studyColumns returns a study's dataset columns: identity columns, the
// union of the families' parameters (in order of first appearance, under
// their column names: paramColumn), the sim or clex options, then the
// metrics in the order listed. A parameter whose kinds differ across
// families becomes a Float column if all kinds are numeric, else String.
func studyColumns(s *Study) []Column {
	cols := []Column{
		{Name: colTopology, Kind: dataset.String, Doc: "topology block name"},
		{Name: colLabel, Kind: dataset.String, Doc: "topology display label"},
		{Name: colFamily, Kind: dataset.String, Doc: "topology family"},
	}
	index := map[string]int{}
	metric := metricSet()
	for _, t := range s.Topologies {
		for _, p := range t.Family.Params {
			k := paramColumnKind(p.Kind)
			name := paramColumn(p, metric)
			if i, ok := index[name]; ok {
				if prev := cols[i].Kind; prev != k {
					if (prev == dataset.Int || prev == dataset.Float) && (k == dataset.Int || k == dataset.Float) {
						cols[i].Kind = dataset.Float
					} else {
						cols[i].Kind = dataset.String
					}
				}
				continue
			}
			index[name] = len(cols)
			cols = append(cols, Column{Name: name, Kind: k, Doc: "parameter: " + p.Doc, Param: p.Name})
		}
	}
	if s.Sim != nil {
		for _, c := range simColumns(s.Sim) {
			if i, clash := index[c.Name]; clash {
				cols[i].Name = "param_" + c.Name // a family parameter named like a sim option
			}
			index[c.Name] = len(cols)
			cols = append(cols, c)
		}
	}
	if s.Clex != nil {
		cols = append(cols, clexColumns(s.Clex)...) // no clash: family clex has k, t, p and max_radix
	}
	replicates := s.Sim != nil && s.Sim.MaxSeeds > 1
	for _, m := range s.Metrics {
		numeric := m.Kind == dataset.Int || m.Kind == dataset.Float
		if replicates && m.Group == GroupSim && numeric {
			// The mean over the seeds, and its confidence interval.
			cols = append(cols, Column{Name: m.Name, Kind: dataset.Float, Unit: m.Unit, Doc: m.Doc + " (mean over the seeds)", Metric: true},
				Column{Name: m.Name + ciSuffix, Kind: dataset.Float, Unit: m.Unit, Metric: true,
					Doc: "half-width of the 95% confidence interval of the mean of " + m.Name + " over the seeds (Student's t)"})
			continue
		}
		cols = append(cols, Column{Name: m.Name, Kind: m.Kind, Unit: m.Unit, Doc: m.Doc, Metric: true})
	}
	return cols
}

// paramColumn returns the dataset column of family parameter p: its own
// column name (families.Param.ColumnName), prefixed with "param_" when
// that is the name of a metric (metric), so that a column named like a
// metric always holds the metric, whether or not the study asks for it.
func paramColumn(p families.Param, metric map[string]bool) string {
	name := p.ColumnName()
	if metric[name] {
		return "param_" + name
	}
	return name
}

func paramColumnKind(k families.ParamKind) dataset.Kind {
	switch k {
	case families.Int:
		return dataset.Int
	case families.Float:
		return dataset.Float
	case families.IntList:
		return dataset.IntList
	}
	return dataset.String
}

// columnNames lists a study's column names.
func columnNames(s *Study) []string {
	names := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		names[i] = c.Name
	}
	return names
}
