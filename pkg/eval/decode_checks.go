package eval

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/report"
)

// Checks that would otherwise fail only when the cells run: of figures and
// tables, which would fail when rendered, after the cells they draw on have
// been computed (axis limits, log axes over values that are known before
// anything is computed, the panel grid, the default series of a study
// without labels, printf formats of table columns), and of metrics that
// need a network a family cannot build.

// checkLimits checks the limits of one axis of a figure: the minimum below
// the maximum, and positive on a log axis.
func (d *decoder) checkLimits(f *Figure, axis, scale string, lo, hi *float64) {
	if scale == "log" {
		for _, l := range []struct {
			name string
			v    *float64
		}{{axis + "_min", lo}, {axis + "_max", hi}} {
			if l.v != nil && *l.v <= 0 {
				d.errorf(f.attrRanges[l.name], "Invalid axis limit", "%s = %g on a log axis (%s_scale = \"log\"): a log axis needs positive limits.", l.name, *l.v, axis)
			}
		}
	}
	if lo != nil && hi != nil && *lo >= *hi {
		d.errorf(f.attrRanges[axis+"_max"], "Invalid axis limits", "%s_min = %g is not below %s_max = %g.", axis, *lo, axis, *hi)
	}
}

// defaultSeries sets the series of a figure without a series attribute:
// the label column, when the study or an overlay has one; a study of
// literal rows without a label column is drawn as one series per y column.
func (d *decoder) defaultSeries(f *Figure, attrs hclsyntax.Attributes) {
	if _, given := attrs["series"]; given {
		return
	}
	has := f.Study.Column(colLabel) != nil
	for _, o := range f.Overlay {
		has = has || o.Column(colLabel) != nil
	}
	if has {
		f.Spec.Series = []string{colLabel}
	}
}

// checkTableFormat returns why the printf format f does not fit the
// values of a column of kind k (as the table renders them), or "".
func checkTableFormat(f string, k dataset.Kind) string {
	if _, err := printfWidths(f); err != nil {
		return err.Error()
	}
	var sample any
	switch k {
	case dataset.Int:
		sample = int64(1)
	case dataset.Float:
		sample = 1.5
	case dataset.String, dataset.IntList:
		sample = "x"
	case dataset.Bool:
		sample = true
	default:
		return ""
	}
	if out := fmt.Sprintf(f, sample); strings.Contains(out, "%!") {
		return fmt.Sprintf("it does not format one %s value (it gives %q); use one verb such as %s", k, out, verbFor(k))
	}
	return ""
}

func verbFor(k dataset.Kind) string {
	switch k {
	case dataset.Int:
		return `"%d"`
	case dataset.Float:
		return `"%.3f" or "%g"`
	case dataset.Bool:
		return `"%t"`
	}
	return `"%s"`
}

// checkFigures checks, after the sweeps are expanded, what a figure's rows
// imply where their values are known before anything is computed (the
// identity, parameter and sim columns of a study, and literal rows): the
// number of panels and the size of the grid, and positive values on log
// axes. Columns of computed metrics are checked when the figure is drawn.
func checkFigures(e *Experiment) hcl.Diagnostics {
	var diags hcl.Diagnostics
	add := func(rng hcl.Range, summary, format string, args ...any) {
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &rng})
	}
	for _, f := range e.Figures {
		spec := f.Spec
		if spec.Panels != "" {
			if vals, ok := knownValues(f.Study, spec.Panels, f.Where); ok {
				distinct := map[string]bool{}
				for _, v := range vals {
					distinct[v.Kind.String()+"\x00"+v.String()] = true
				}
				if err := report.CheckGrid(spec, len(distinct)); err != nil {
					add(f.attrRanges["panels"], "Too many panels", "Figure %q: %v; leave rows out with where, or choose another panels column.", f.Name, err)
				}
			}
		}
		axes := []struct {
			attr, scale string
			cols        []string
		}{{"x", spec.XScale, []string{spec.X}}, {"y", spec.YScale, spec.Y}}
		for _, ax := range axes {
			if ax.scale != "log" {
				continue
			}
			for _, col := range ax.cols {
				vals, ok := knownValues(f.Study, col, f.Where)
				if !ok {
					continue
				}
				for _, v := range vals {
					if x, num := v.Float64(); num && x <= 0 {
						add(f.attrRanges[ax.attr], "Log axis over non-positive values", "Figure %q has a log %s axis (%s_scale = \"log\"), but column %q of study %q holds %s; use a linear scale, or leave such rows out with where.",
							f.Name, ax.attr, ax.attr, col, f.Study.Name, v.String())
						break
					}
				}
			}
		}
	}
	return diags
}

// knownValues returns the values of column col in the rows of study s that
// where keeps, when the column and those where tests are known before
// anything is computed (identity, parameter and sim columns, literal
// rows); ok is false otherwise.
func knownValues(s *Study, col string, where map[string][]dataset.Value) (vals []dataset.Value, ok bool) {
	index := map[string]int{}
	for i, c := range s.Columns {
		index[c.Name] = i
	}
	for _, n := range append(sortedKeys(where), col) {
		i, found := index[n]
		if !found || s.Columns[i].Metric || s.Columns[i].Clex != "" {
			return nil, false // computed, or a clex column (the rows of a clex study are its runs' levels or phases)
		}
	}
	keep := func(get func(name string) dataset.Value) bool {
		for name, wants := range where {
			got, hit := get(name), false
			for _, w := range wants {
				hit = hit || got.Equal(w)
			}
			if !hit {
				return false
			}
		}
		return true
	}
	if s.Literal != nil {
		for _, row := range s.Literal {
			get := func(name string) dataset.Value { return row[index[name]] }
			if keep(get) {
				vals = append(vals, get(col))
			}
		}
		return vals, true
	}
	points := []map[string]any{nil}
	if s.Sim != nil {
		points = s.Sim.Points
	}
	for _, t := range s.Topologies {
		for _, in := range t.Instances {
			for _, pt := range points {
				get := func(name string) dataset.Value { return knownValue(s.Columns[index[name]], t, in, pt) }
				if keep(get) {
					vals = append(vals, get(col))
				}
			}
		}
	}
	return vals, true
}

// checkBuildable reports, after the sweeps are expanded, studies that ask
// a family building only some of its variants for graph metrics on an
// instance it cannot build (families sizing-only as a whole are reported
// at the metric while decoding).
func checkBuildable(e *Experiment) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, s := range e.Studies {
		for _, t := range s.Topologies {
			bad := t.unbuildable()
			if t.Family.SizingOnly() || bad == nil {
				continue
			}
			for _, m := range s.Metrics {
				graph := lookupGroup(m.Group).graph ||
					(m.Group == GroupCost && s.CostModel != nil && cost.NeedsTopology(s.CostModel.Model, t.Family.Name))
				if !graph {
					continue
				}
				rng := s.Range
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Metric needs a built graph",
					Detail: fmt.Sprintf("Study %q asks for metric %q, which needs the built network, but instance %s of family %q cannot be built: %v.",
						s.Name, m.Name, bad.Label(), t.Family.Name, buildError(t.Family, bad.Params)),
					Subject: &rng})
				break
			}
		}
	}
	return diags
}

// buildError returns why f cannot build v, as its builder says.
func buildError(f *families.Family, v families.Values) error {
	if _, err := f.Build(context.Background(), v); err != nil {
		return err
	}
	return fmt.Errorf("sizing-only")
}
