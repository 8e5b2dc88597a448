package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/report"
)

// Blob names inside cache entries.
const (
	blobTopology = "topology.bin"
	blobValues   = "values.json"
	blobParquet  = "data.parquet"
	blobPDF      = "figure.pdf"
	blobPNG      = "figure.png"
	blobOutside  = "figure.outside" // report.FigureOutside's note, when not empty
	blobMarkdown = "table.md"
	blobLaTeX    = "table.tex"
	blobCSV      = "table.csv"
	blobExpect   = "expect.json"
)

// compute runs one cell. workers bounds parallelism inside the cell. Every
// step that can take long (building, decoding a cached topology, the
// metric computations) returns ctx.Err() soon after ctx is cancelled.
func compute(ctx context.Context, c *Cell, in []*result, workers int) (*result, error) {
	if c.group != "" && len(in) > 0 {
		t, err := inputTopology(ctx, c, in[0])
		if err != nil {
			return nil, err
		}
		if t != in[0].topo {
			// A cached build read for this cell: the decoded copy is the
			// cell's own (input returns a new result for every reader).
			in = append([]*result{{entry: in[0].entry, topo: t}}, in[1:]...)
		}
	}
	if c.group == GroupSim {
		return valuesResult(computeSim(ctx, c, in))
	}
	if c.group == GroupClex {
		return valuesResult(computeClex(ctx, c))
	}
	if c.group != "" {
		spec := lookupGroup(c.group)
		var t *families.Topology
		if len(in) > 0 {
			t = in[0].topo
		}
		return valuesResult(spec.compute(ctx, c, t, workers))
	}
	switch c.Kind {
	case KindBuild:
		t, err := c.inst.Topology.Family.Build(ctx, c.inst.Params)
		if err != nil {
			return nil, err
		}
		data, err := t.MarshalBinaryContext(ctx)
		if err != nil {
			return nil, err
		}
		return &result{entry: &cache.Entry{Blobs: []cache.Blob{{Name: blobTopology, Data: data}}}, topo: t}, nil
	case KindDataset:
		return computeDataset(c, in)
	case KindFigure:
		tabs := make([]*dataset.Table, len(in))
		for i, r := range in {
			tabs[i] = r.table
			if i < len(c.figure.Means) && c.figure.Means[i] != nil {
				var err error
				if tabs[i], err = report.MeanOver(*c.figure.Means[i], r.table); err != nil {
					return nil, fmt.Errorf("figure %s: %w", c.figure.Name, err)
				}
			}
		}
		t := tabs[0]
		spec := c.figure.Spec
		if c.figure.Where != nil || c.figure.Ranges != nil {
			// Style the series as in the figure of the whole study and its
			// overlays, so that its figures draw a series alike whatever
			// rows they keep (an overlay's series that one figure filters
			// out must not shift the others' styles). An error (a column
			// only an overlay has) leaves the order of first appearance;
			// RenderFigure reports real ones.
			whole := t
			if len(tabs) > 1 {
				if all, err := dataset.Concat(t, tabs[1:]...); err == nil {
					whole = all
				}
			}
			if keys, err := report.DataSeriesKeys(spec, whole); err == nil {
				spec.StyleKeys = keys
			}
		}
		if c.figure.Where != nil {
			t = t.Where(c.figure.Where)
		}
		if c.figure.Ranges != nil {
			t = t.InRange(c.figure.Ranges)
		}
		if len(in) > 1 {
			more := make([]*dataset.Table, len(in)-1)
			for i, ot := range tabs[1:] {
				more[i] = ot
				// where filters an overlay on the columns it has.
				conds := map[string][]dataset.Value{}
				for col, vals := range c.figure.Where {
					if ot.Column(col) != nil {
						conds[col] = vals
					}
				}
				if len(conds) > 0 {
					more[i] = ot.Where(conds)
				}
				ranges := map[string]dataset.Range{}
				for col, r := range c.figure.Ranges {
					if ot.Column(col) != nil {
						ranges[col] = r
					}
				}
				if len(ranges) > 0 {
					more[i] = more[i].InRange(ranges)
				}
			}
			var err error
			if t, err = dataset.Concat(t, more...); err != nil {
				return nil, fmt.Errorf("figure %s: overlay: %w", c.figure.Name, err)
			}
		}
		pdf, png, err := report.RenderFigure(spec, t)
		if err != nil {
			return nil, err
		}
		outside, err := report.FigureOutside(spec, t)
		if err != nil {
			return nil, err
		}
		blobs := []cache.Blob{{Name: blobPDF, Data: pdf}, {Name: blobPNG, Data: png}}
		if outside != "" {
			blobs = append(blobs, cache.Blob{Name: blobOutside, Data: []byte(outside)})
		}
		return &result{entry: &cache.Entry{Blobs: blobs}, incomplete: anyIncomplete(in)}, nil
	case KindTable:
		res, err := computeTable(c, in[0].table)
		if err != nil {
			return nil, err
		}
		res.incomplete = in[0].incomplete
		return res, nil
	}
	return nil, fmt.Errorf("unknown cell kind %q", c.Kind)
}

// anyIncomplete reports whether one of the results is incomplete.
func anyIncomplete(rs []*result) bool {
	for _, r := range rs {
		if r.incomplete {
			return true
		}
	}
	return false
}

// inputTopology returns the built topology of in, a cell's first input:
// in.topo when it was built in this run, else decoded from its cache entry
// with ctx (a topology of tens of millions of links takes seconds to decode
// and validate, so decodeResult, which has no context, leaves it encoded).
// It returns nil for an input that is not a build.
func inputTopology(ctx context.Context, c *Cell, in *result) (*families.Topology, error) {
	if in.topo != nil || in.entry == nil {
		return in.topo, nil
	}
	b, ok := in.entry.Blob(blobTopology)
	if !ok {
		return nil, nil
	}
	t := &families.Topology{}
	if err := t.UnmarshalBinaryContext(ctx, b); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &storageError{fmt.Errorf("input %s: %w", c.Inputs[0].Label, err)}
	}
	return t, nil
}

// decodeResult turns a cache entry back into a result. The topology of a
// build cell stays encoded in the entry: compute decodes it (inputTopology).
func decodeResult(c *Cell, e *cache.Entry) (*result, error) {
	res := &result{entry: e}
	blob := func(name string) ([]byte, error) {
		b, ok := e.Blob(name)
		if !ok {
			return nil, fmt.Errorf("cache entry has no %s", name)
		}
		return b, nil
	}
	if c.group != "" {
		b, err := blob(blobValues)
		if err != nil {
			return nil, err
		}
		if res.values, err = decodeValues(b); err != nil {
			return nil, err
		}
		return res, nil
	}
	switch c.Kind {
	case KindBuild:
		if _, err := blob(blobTopology); err != nil {
			return nil, err
		}
	case KindDataset:
		b, err := blob(blobParquet)
		if err != nil {
			return nil, err
		}
		if res.table, err = dataset.ReadParquet(bytes.NewReader(b), int64(len(b))); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// storedValue is the JSON form of a metric value. Floats are stored as
// strconv 'g' -1 strings, which round-trip exactly (NaN and ±Inf included).
type storedValue struct {
	Kind string `json:"kind"`
	V    string `json:"v"`
}

func encodeValues(v metricValues) []byte {
	out := make(map[string]storedValue, len(v))
	for name, x := range v {
		out[name] = storedValue{Kind: x.Kind.String(), V: x.String()}
	}
	return canonical(out)
}

func decodeValues(b []byte) (metricValues, error) {
	var in map[string]storedValue
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, fmt.Errorf("metric values: %w", err)
	}
	out := make(metricValues, len(in))
	for name, s := range in {
		var v dataset.Value
		var err error
		switch s.Kind {
		case "null":
		case "int":
			var i int64
			i, err = strconv.ParseInt(s.V, 10, 64)
			v = dataset.IntValue(i)
		case "float":
			var f float64
			f, err = strconv.ParseFloat(s.V, 64)
			v = dataset.FloatValue(f)
		case "string":
			v = dataset.StringValue(s.V)
		case "bool":
			var b bool
			b, err = strconv.ParseBool(s.V)
			v = dataset.BoolValue(b)
		default:
			err = fmt.Errorf("unknown kind %q", s.Kind)
		}
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

func valuesResult(v metricValues, err error) (*result, error) {
	if err != nil {
		return nil, err
	}
	return &result{entry: &cache.Entry{Blobs: []cache.Blob{{Name: blobValues, Data: encodeValues(v)}}}, values: v}, nil
}

// paramValue converts a resolved family parameter to a column value.
func paramValue(x any, kind dataset.Kind) dataset.Value {
	var v dataset.Value
	if l, ok := x.([]int64); ok && len(l) == 0 {
		return v // a list the instance does not use (a torus given by k and n has no dims): null
	}
	switch y := x.(type) {
	case nil:
		return v
	case int64:
		v = dataset.IntValue(y)
	case float64:
		v = dataset.FloatValue(y)
	case string:
		v = dataset.StringValue(y)
	case bool:
		v = dataset.BoolValue(y)
	case []int64:
		v = dataset.IntListValue(y)
	default:
		v = dataset.StringValue(formatParam(x))
	}
	if kind == dataset.String && v.Kind != dataset.String {
		return dataset.StringValue(v.String())
	}
	return v
}

// metaFailures is the dataset metadata key of the failed cells (JSON of
// []report.CellFailure) of a dataset assembled with failed rows.
const metaFailures = "runexp.failures"

// errorColumnDoc describes the error column of a dataset with failed rows.
const errorColumnDoc = "why the null values of this row are missing: the cell that failed and its error " +
	"(null when every cell of the row succeeded); the next run computes the failed cell again"

// newStudyTable returns the empty dataset of dataset cell c: its study's
// columns and the metadata naming the experiment, study, key and title.
func newStudyTable(c *Cell) *dataset.Table {
	s := c.study
	t := &dataset.Table{Meta: map[string]string{
		"runexp.experiment": c.Exp.Name,
		"runexp.study":      s.Name,
		"runexp.key":        c.Key.String(),
	}}
	if s.Title != "" {
		t.Meta["runexp.title"] = s.Title
	}
	for _, col := range s.Columns {
		dc := dataset.NewColumn(col.Name, col.Kind, col.Unit)
		dc.Doc = col.Doc
		t.Columns = append(t.Columns, dc)
	}
	return t
}

// computeDataset assembles a study's table, one row per topology instance
// (and sim point), and encodes it as Parquet. An input that failed (its
// result has failed set) leaves the columns of its metric group null in
// the rows it feeds; the table then has a last column, report.ErrorColumn,
// with the failed cells and their errors, its metadata lists them
// (metaFailures), and the result is incomplete (not cached).
func computeDataset(c *Cell, in []*result) (*result, error) {
	s := c.study
	if s.Clex != nil {
		return computeClexDataset(c, in)
	}
	t := newStudyTable(c)
	for ri, row := range s.Literal {
		for i, v := range row {
			if err := t.Columns[i].Append(v); err != nil {
				return nil, fmt.Errorf("study %s, row %d: %w", s.Name, ri+1, err)
			}
		}
	}
	groups := studyGroups(s)
	points := []map[string]any{nil}
	if s.Sim != nil {
		points = s.Sim.Points
	}
	// Failed cells: the rows and columns each leaves null, in order of
	// first appearance, and the error text of every row.
	var failures []*report.CellFailure
	byCell := map[*Cell]*report.CellFailure{}
	failedCols := map[*report.CellFailure]map[string]bool{}
	var rowErrors []dataset.Value
	group := columnGroups(s)
	derived := derivedMetrics()
	derivedGroups := map[string][]string{} // derived metric -> the groups of its inputs
	for _, m := range s.Metrics {
		if _, ok := derived[m.Name]; ok {
			derivedGroups[m.Name] = metricGroups(m)
		}
	}
	next := 0
	for _, topo := range s.Topologies {
		for _, inst := range topo.Instances {
			for _, pt := range points {
				vals := metricValues{}
				var rowFailed []*failure // distinct, in input order
				failedGroups := map[*failure][]string{}
				failed := func(f *failure, grp string) {
					if _, ok := failedGroups[f]; !ok {
						rowFailed = append(rowFailed, f)
					}
					failedGroups[f] = append(failedGroups[f], grp)
				}
				for _, grp := range groups {
					if grp == GroupSim {
						n := int(pt["seeds"].(int64))
						reps := make([]metricValues, n)
						ok := true
						for r := range reps {
							if f := in[next+r].failed; f != nil {
								// One failed seed leaves the point null: a mean
								// over the other seeds would pass for all of them.
								failed(f, grp)
								ok = false
							}
							reps[r] = in[next+r].values
						}
						next += n
						if !ok {
							continue
						}
						for k, v := range aggregateSim(reps, s.Sim.MaxSeeds > 1) {
							vals[k] = v
						}
						continue
					}
					if f := in[next].failed; f != nil {
						failed(f, grp)
						next++
						continue
					}
					for k, v := range in[next].values {
						vals[k] = v
					}
					next++
				}
				for _, col := range s.Columns {
					if d, ok := derived[col.Name]; ok && col.Metric {
						switch {
						case d.text != nil && s.CostModel != nil:
							vals[col.Name] = dataset.StringValue(d.text(s.CostModel, inst))
						case d.text == nil:
							vals[col.Name] = derivedValue(d, vals)
						}
					}
				}
				row := len(rowErrors) + 1
				var texts []string
				for _, f := range rowFailed {
					texts = append(texts, f.text())
					cf := byCell[f.cell]
					if cf == nil {
						cf = &report.CellFailure{Study: s.Name, Cell: f.cell.Label, Error: f.msg}
						byCell[f.cell] = cf
						failures = append(failures, cf)
						failedCols[cf] = map[string]bool{}
					}
					if n := len(cf.Rows); n == 0 || cf.Rows[n-1] != row {
						cf.Rows = append(cf.Rows, row)
					}
					for _, grp := range failedGroups[f] {
						for _, col := range s.Columns {
							if col.Metric && (group[col.Name] == grp || slices.Contains(derivedGroups[col.Name], grp)) {
								failedCols[cf][col.Name] = true
							}
						}
					}
				}
				if len(texts) > 0 {
					rowErrors = append(rowErrors, dataset.StringValue(strings.Join(texts, "; ")))
				} else {
					rowErrors = append(rowErrors, dataset.Value{})
				}
				for i, col := range s.Columns {
					var v dataset.Value
					switch {
					case col.Metric:
						v = vals[col.Name]
					case col.Sim != "":
						v = paramValue(pt[col.Sim], col.Kind)
					default:
						v = identityValue(col, topo, inst)
					}
					if err := t.Columns[i].Append(v); err != nil {
						return nil, fmt.Errorf("study %s, %s: %w", s.Name, inst.Label(), err)
					}
				}
			}
		}
	}
	for _, cf := range failures {
		for _, col := range s.Columns {
			if failedCols[cf][col.Name] {
				cf.Columns = append(cf.Columns, col.Name)
			}
		}
	}
	return finishDataset(s, t, rowErrors, failures)
}

// finishDataset encodes the assembled table t of study s as Parquet. With
// failed cells (failures, and the error text of each row in rowErrors) it
// adds the column report.ErrorColumn and the metadata metaFailures, and
// the result is incomplete (not cached).
func finishDataset(s *Study, t *dataset.Table, rowErrors []dataset.Value, failures []*report.CellFailure) (*result, error) {
	res := &result{table: t}
	if len(failures) > 0 {
		ec := dataset.NewColumn(report.ErrorColumn, dataset.String, "")
		ec.Doc = errorColumnDoc
		for _, v := range rowErrors {
			if err := ec.Append(v); err != nil {
				return nil, fmt.Errorf("study %s: error column: %w", s.Name, err)
			}
		}
		t.Columns = append(t.Columns, ec)
		res.incomplete = true
		for _, cf := range failures {
			res.failures = append(res.failures, *cf)
		}
		t.Meta[metaFailures] = string(canonical(res.failures))
	}
	var buf bytes.Buffer
	if err := dataset.WriteParquet(&buf, t); err != nil {
		return nil, fmt.Errorf("study %s: %w", s.Name, err)
	}
	res.entry = &cache.Entry{Blobs: []cache.Blob{{Name: blobParquet, Data: buf.Bytes()}}}
	return res, nil
}

// knownValue is the value of a column whose values are known before
// anything is computed (not a metric or clex column) in the row of
// instance inst of topo at sim point pt (nil without a sim block): a sim
// option's value, or identityValue.
func knownValue(col Column, topo *Topology, inst *Instance, pt map[string]any) dataset.Value {
	if col.Sim != "" {
		return paramValue(pt[col.Sim], col.Kind)
	}
	return identityValue(col, topo, inst)
}

// identityValue is the value of a topology instance's column col: a family
// parameter, the topology's name, label or family (null for other columns).
func identityValue(col Column, topo *Topology, inst *Instance) dataset.Value {
	switch {
	case col.Param != "":
		// Only the families whose parameter this column holds: another
		// family's parameter of the same name may have a column of its own
		// (the complete graph's n is complete_n, a torus's n is n).
		p := topo.Family.Param(col.Param)
		if p == nil || col.Name != p.ColumnName() && col.Name != "param_"+p.ColumnName() {
			return dataset.Value{}
		}
		if x, ok := inst.Params[col.Param].(int64); ok && x == 0 && slices.Contains(p.Choices, "dims") {
			// A torus or mesh given by dims of unequal lengths has no k:
			// the family's 0 stands for "not one value".
			return dataset.Value{}
		}
		return paramValue(inst.Params[col.Param], col.Kind)
	case col.Name == colTopology:
		return dataset.StringValue(topo.Name)
	case col.Name == colLabel:
		return dataset.StringValue(topo.Label)
	case col.Name == colFamily:
		return dataset.StringValue(topo.Family.Name)
	}
	return dataset.Value{}
}

// columnGroups maps the metric columns of s to their metric groups (a
// confidence-interval column to that of its metric).
func columnGroups(s *Study) map[string]string {
	out := map[string]string{}
	for _, m := range s.Metrics {
		out[m.Name] = m.Group
	}
	for _, col := range s.Columns {
		if base, ok := strings.CutSuffix(col.Name, ciSuffix); ok && col.Metric && out[col.Name] == "" {
			out[col.Name] = out[base]
		}
	}
	return out
}

// tableView applies table block tb to its study's dataset full: it returns
// the rows the table shows, and the whole study with the table's merged
// replicates and ratio columns, against which its expectations are checked
// (so that a where that hides rows from the table does not hide them from
// checks).
func tableView(tb *Table, full *dataset.Table) (shown, checked *dataset.Table, err error) {
	if tb.Spec.MeanOver != nil {
		if full, err = report.MeanOver(*tb.Spec.MeanOver, full); err != nil {
			return nil, nil, fmt.Errorf("table %s: %w", tb.Name, err)
		}
	}
	full, err = report.AddRatios(tb.Spec, full)
	if err != nil {
		return nil, nil, err
	}
	t := full
	if tb.Where != nil {
		t = t.Where(tb.Where)
	}
	if tb.Ranges != nil {
		t = t.InRange(tb.Ranges)
	}
	return t, full, nil
}

// computeTable renders a table block and checks its expectations.
func computeTable(c *Cell, full *dataset.Table) (*result, error) {
	tb := c.table
	t, full, err := tableView(tb, full)
	if err != nil {
		return nil, err
	}
	md, err := report.RenderMarkdown(tb.Spec, t)
	if err != nil {
		return nil, err
	}
	tex, err := report.RenderLaTeX(tb.Spec, t)
	if err != nil {
		return nil, err
	}
	csv, err := report.RenderCSV(tb.Spec, t)
	if err != nil {
		return nil, err
	}
	results := make([]report.Result, len(tb.Expect))
	for i, e := range tb.Expect {
		results[i] = report.Check(e, full)
	}
	exp, err := json.Marshal(results)
	if err != nil {
		return nil, err
	}
	return &result{entry: &cache.Entry{Blobs: []cache.Blob{
		{Name: blobMarkdown, Data: md}, {Name: blobLaTeX, Data: tex}, {Name: blobCSV, Data: csv}, {Name: blobExpect, Data: exp},
	}}}, nil
}
