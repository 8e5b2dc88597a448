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
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// studyRef decodes the study attribute of a figure or table.
func (d *decoder) studyRef(b *hclsyntax.Block, studies map[string]*Study) *Study {
	a, ok := b.Body.Attributes["study"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing study", "%s %q needs study = study.<name>.", b.Type, b.Labels[0])
		return nil
	}
	name, ok := d.refAttr(a, "study")
	if !ok {
		return nil
	}
	return studies[name] // nil if the study block has errors, reported already
}

// columnRef checks that name is a column of s.
func (d *decoder) columnRef(s *Study, name string, rng hcl.Range, numeric bool) bool {
	c := s.Column(name)
	if c != nil && c.unknown {
		return true // the unknown metric is reported at the study
	}
	if c == nil {
		var names []string
		for _, col := range s.Columns {
			if !col.unknown {
				names = append(names, col.Name)
			}
		}
		d.errorf(rng, "Unknown column", "Study %q has no column %q; its columns: %s.%s", s.Name, name, strings.Join(names, ", "), didYouMean(name, names))
		return false
	}
	if numeric && c.Kind != dataset.Int && c.Kind != dataset.Float {
		d.errorf(rng, "Non-numeric column", "Column %q of study %q holds %s values; this axis needs numbers.", name, s.Name, c.Kind)
		return false
	}
	return true
}

// whereAttr decodes where = { column = value or [values] }; ranges are
// refused (see whereRangesAttr).
func (d *decoder) whereAttr(a *hclsyntax.Attribute, s *Study) (map[string][]dataset.Value, bool) {
	where, _, ok := d.whereRangesAttr(a, s, false)
	return where, ok
}

// whereRangesAttr decodes where = { column = value or [values] } and, with
// ranges, numeric bounds { column = { min = x, max = y } } (either bound
// may be left out).
func (d *decoder) whereRangesAttr(a *hclsyntax.Attribute, s *Study, ranges bool) (map[string][]dataset.Value, map[string]dataset.Range, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, nil, false
	}
	if v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		d.errorf(a.Expr.Range(), "Invalid where", "where must be an object: { column = value, other = [value, value] }.")
		return nil, nil, false
	}
	out := map[string][]dataset.Value{}
	var rs map[string]dataset.Range
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		col := k.AsString()
		if !e.IsNull() && (e.Type().IsObjectType() || e.Type().IsMapType()) {
			if !ranges {
				d.errorf(a.Expr.Range(), "Invalid where", "where.%s is an object; a range { min = ..., max = ... } filters the rows of a figure or table, not an expectation or a ratio's reference row, which select rows by value.", col)
				return nil, nil, false
			}
			if !d.columnRef(s, col, a.Expr.Range(), true) {
				return nil, nil, false
			}
			r, ok := d.rangeValue(a, col, e)
			if !ok {
				return nil, nil, false
			}
			if rs == nil {
				rs = map[string]dataset.Range{}
			}
			rs[col] = r
			continue
		}
		if !d.columnRef(s, col, a.Expr.Range(), false) {
			return nil, nil, false
		}
		var elems []cty.Value
		if !e.IsNull() && (e.Type().IsListType() || e.Type().IsTupleType() || e.Type().IsSetType()) {
			for it2 := e.ElementIterator(); it2.Next(); {
				_, x := it2.Element()
				elems = append(elems, x)
			}
		} else {
			elems = []cty.Value{e}
		}
		for _, x := range elems {
			dv, ok := ctyScalar(x)
			if !ok {
				d.errorf(a.Expr.Range(), "Invalid where", "where.%s must be a number, string or bool (or a list of them, or a range { min = ..., max = ... }), got %s.", col, describeCty(x))
				return nil, nil, false
			}
			out[col] = append(out[col], dv)
		}
	}
	return out, rs, true
}

// rangeValue decodes the range { min = x, max = y } of where.col.
func (d *decoder) rangeValue(a *hclsyntax.Attribute, col string, e cty.Value) (dataset.Range, bool) {
	var r dataset.Range
	for it := e.ElementIterator(); it.Next(); {
		k, x := it.Element()
		name := k.AsString()
		var dst **float64
		switch name {
		case "min":
			dst = &r.Min
		case "max":
			dst = &r.Max
		default:
			d.errorf(a.Expr.Range(), "Invalid where", "where.%s.%s: a range takes min and max only.", col, name)
			return r, false
		}
		n, err := convert.Convert(x, cty.Number)
		if err != nil || n.IsNull() || !n.IsKnown() {
			d.errorf(a.Expr.Range(), "Invalid where", "where.%s.%s must be a number, got %s.", col, name, describeCty(x))
			return r, false
		}
		f, _ := n.AsBigFloat().Float64()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			d.errorf(a.Expr.Range(), "Invalid where", "where.%s.%s must be finite.", col, name)
			return r, false
		}
		*dst = &f
	}
	if r.Min == nil && r.Max == nil {
		d.errorf(a.Expr.Range(), "Invalid where", "where.%s: a range needs min, max or both: { min = 15000, max = 30000 }.", col)
		return r, false
	}
	if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
		d.errorf(a.Expr.Range(), "Invalid where", "where.%s: min %g is above max %g.", col, *r.Min, *r.Max)
		return r, false
	}
	return r, true
}

// stringMapAttr decodes an object of strings.
func (d *decoder) stringMapAttr(a *hclsyntax.Attribute) (map[string]string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	if v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be an object of strings: { key = \"text\" }.", a.Name)
		return nil, false
	}
	out := map[string]string{}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		s, err := convert.Convert(e, cty.String)
		if err != nil || s.IsNull() {
			d.errorf(a.Expr.Range(), "Invalid value", "%s.%s must be a string.", a.Name, k.AsString())
			return nil, false
		}
		out[k.AsString()] = s.AsString()
	}
	return out, true
}

var figureAttrs = []string{"study", "overlay", "mean_over", "title", "description", "x", "y", "series", "panels", "panel_cols", "where",
	"x_scale", "y_scale", "x_label", "y_label", "x_min", "x_max", "y_min", "y_max", "width", "height",
	"legend", "legend_title", "lines", "lines_only", "series_labels", "error_bars"}

// decodeFigure decodes a figure block.
func (d *decoder) decodeFigure(b *hclsyntax.Block, studies map[string]*Study) *Figure {
	d.checkBody(b.Body, "a figure block", figureAttrs)
	s := d.studyRef(b, studies)
	if s == nil {
		return nil
	}
	f := &Figure{Name: b.Labels[0], Study: s, Range: b.LabelRanges[0], attrRanges: map[string]hcl.Range{}}
	spec := &f.Spec
	spec.Name = f.Name
	attrs := b.Body.Attributes
	// s is the study as the figure sees it: replicates merged.
	var ms *report.MeanSpec
	s, ms = d.meanView(s, attrs["mean_over"], false)
	f.Means = []*report.MeanSpec{ms}
	for name, a := range attrs {
		f.attrRanges[name] = a.Expr.Range()
	}
	str := func(name string, dst *string) {
		if a, ok := attrs[name]; ok {
			*dst, _ = d.stringAttr(a, nil)
		}
	}
	str("title", &spec.Title)
	xa, ok := attrs["x"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing x", "Figure %q needs x = \"<column>\"; columns: %s.", f.Name, strings.Join(columnNames(s), ", "))
		return nil
	}
	if x, ok := d.stringAttr(xa, nil); ok && d.columnRef(s, x, xa.Expr.Range(), true) {
		spec.X = x
	}
	ya, ok := attrs["y"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing y", "Figure %q needs y = \"<column>\" (or a list of columns); columns: %s.", f.Name, strings.Join(columnNames(s), ", "))
		return nil
	}
	if ys, ranges, ok := d.stringListAttr(ya); ok {
		for i, y := range ys {
			if d.columnRef(s, y, ranges[i], true) {
				spec.Y = append(spec.Y, y)
			}
		}
	}
	if a, ok := attrs["series"]; ok {
		if ss, ranges, ok := d.stringListAttr(a); ok {
			for i, c := range ss {
				if d.columnRef(s, c, ranges[i], false) {
					spec.Series = append(spec.Series, c)
				}
			}
		}
	}
	if a, ok := attrs["panels"]; ok {
		if p, ok := d.stringAttr(a, nil); ok && d.columnRef(s, p, a.Expr.Range(), false) {
			spec.Panels = p
		}
	}
	if a, ok := attrs["panel_cols"]; ok {
		if n, ok := d.intAttr(a, 1, report.MaxPanels); ok {
			spec.PanelCols = int(n)
		}
	}
	if a, ok := attrs["where"]; ok {
		f.Where, f.Ranges, _ = d.whereRangesAttr(a, s, true)
	}
	for _, ax := range []struct {
		name string
		dst  *string
	}{{"x_scale", &spec.XScale}, {"y_scale", &spec.YScale}} {
		if a, ok := attrs[ax.name]; ok {
			if v, ok := d.stringAttr(a, nil); ok {
				if v != "linear" && v != "log" {
					d.errorf(a.Expr.Range(), "Invalid scale", "%s must be \"linear\" or \"log\", got %q.", ax.name, v)
				}
				*ax.dst = v
			}
		}
	}
	str("x_label", &spec.XLabel)
	str("y_label", &spec.YLabel)
	for _, lim := range []struct {
		name string
		dst  **float64
	}{{"x_min", &spec.XMin}, {"x_max", &spec.XMax}, {"y_min", &spec.YMin}, {"y_max", &spec.YMax}} {
		if a, ok := attrs[lim.name]; ok {
			if v, ok := d.numberAttr(a); ok {
				*lim.dst = &v
			}
		}
	}
	d.checkLimits(f, "x", spec.XScale, spec.XMin, spec.XMax)
	d.checkLimits(f, "y", spec.YScale, spec.YMin, spec.YMax)
	for _, dim := range []struct {
		name string
		dst  *float64
	}{{"width", &spec.Width}, {"height", &spec.Height}} {
		if a, ok := attrs[dim.name]; ok {
			if v, ok := d.numberAttr(a); ok {
				if v <= 0 || v > 200 {
					d.errorf(a.Expr.Range(), "Invalid size", "%s is in centimetres and must be in (0, 200], got %g.", dim.name, v)
				}
				*dim.dst = v
			}
		}
	}
	if a, ok := attrs["legend"]; ok {
		if v, ok := d.stringAttr(a, nil); ok {
			if !contains(report.LegendPositions, v) {
				d.errorf(a.Expr.Range(), "Invalid legend", "legend must be one of %s, got %q.", strings.Join(report.LegendPositions, ", "), v)
			}
			spec.Legend = v
		}
	}
	if a, ok := attrs["legend_title"]; ok {
		if v, ok := d.stringAttr(a, nil); ok {
			spec.LegendTitle = &v
		}
	}
	if a, ok := attrs["lines"]; ok {
		if v, ok := d.boolAttr(a); ok {
			spec.Lines = &v
		}
	}
	if a, ok := attrs["lines_only"]; ok {
		d.linesOnlyAttr(a, spec)
	}
	if a, ok := attrs["series_labels"]; ok {
		spec.SeriesLabels, _ = d.stringMapAttr(a)
	}
	if a, ok := attrs["error_bars"]; ok {
		d.errorBarsAttr(a, s, spec)
	}
	defer d.defaultSeries(f, attrs)
	if a, ok := attrs["overlay"]; ok {
		names, ok := d.refListAttr(a, "study")
		if !ok {
			return f
		}
		for _, n := range names {
			if d.disabled[n] {
				continue // dropped with enabled = false
			}
			o := studies[n]
			if o == nil {
				return f // reported by the reference check
			}
			if o == f.Study {
				d.errorf(a.Expr.Range(), "Invalid overlay", "Figure %q overlays its own study %q.", f.Name, n)
				continue
			}
			// An overlay with the replicate columns is merged as the
			// study is; one without (literal rows) is drawn as it is.
			var om *report.MeanSpec
			study := o // the study itself: its dataset cell feeds the figure
			if ms != nil {
				o, om = d.meanView(o, attrs["mean_over"], true)
			}
			for _, col := range append([]string{spec.X}, spec.Y...) {
				if col != "" && o.Column(col) == nil {
					d.errorf(a.Expr.Range(), "Invalid overlay", "Overlay study %q has no column %q (figure %q plots it); its columns: %s.", n, col, f.Name, strings.Join(columnNames(o), ", "))
				}
			}
			// The overlay's rows are appended to the study's: a column of
			// both must hold the same kind of values (or numbers in both).
			for _, c := range s.Columns {
				oc := o.Column(c.Name)
				numeric := func(k dataset.Kind) bool { return k == dataset.Int || k == dataset.Float }
				if oc != nil && oc.Kind != c.Kind && !(numeric(oc.Kind) && numeric(c.Kind)) {
					d.errorf(a.Expr.Range(), "Invalid overlay", "Column %q holds %s values in study %q but %s values in overlay study %q; figure %q cannot draw their rows together.", c.Name, c.Kind, s.Name, oc.Kind, n, f.Name)
				}
			}
			f.Overlay = append(f.Overlay, study)
			f.Means = append(f.Means, om)
		}
	}
	return f
}

// linesOnlyAttr decodes lines_only: true (every series) or the series
// (keys or display labels) drawn as model curves.
func (d *decoder) linesOnlyAttr(a *hclsyntax.Attribute, spec *report.FigureSpec) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return
	}
	if !v.IsNull() && v.Type() == cty.Bool {
		spec.AllLinesOnly = v.True()
		return
	}
	if !v.IsNull() && (v.Type() == cty.String || v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		names, _, ok := d.stringListAttr(a)
		if ok {
			spec.LinesOnly = names
		}
		return
	}
	d.errorf(a.Expr.Range(), "Invalid value", "lines_only must be true, false or a list of series (legend labels), got %s.", describeCty(v))
}

// resilienceMeans are the resilience metrics that are means over failure
// samples: resilience_halfwidth bounds the half-width of their 95%
// confidence intervals.
var resilienceMeans = []string{"resilience_disconnect", "resilience_diameter", "resilience_avg_distance"}

// errorColumn returns the column of study s holding the half-width of the
// 95% confidence interval of column y, or "": y's _ci95 column (a sim
// metric with seeds > 1) or, for a resilience mean, resilience_halfwidth.
func errorColumn(s *Study, y string) string {
	if s.Column(y+ciSuffix) != nil {
		return y + ciSuffix
	}
	if slices.Contains(resilienceMeans, y) && s.Column("resilience_halfwidth") != nil {
		return "resilience_halfwidth"
	}
	return ""
}

// errorBarsAttr decodes error_bars: true or "bars" (error bars), "band"
// (translucent bands) or false, drawing the confidence interval of each
// y column that has one.
func (d *decoder) errorBarsAttr(a *hclsyntax.Attribute, s *Study, spec *report.FigureSpec) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return
	}
	switch {
	case !v.IsNull() && v.Type() == cty.Bool:
		if !v.True() {
			return
		}
	case !v.IsNull() && v.Type() == cty.String && contains(report.ErrorStyles, v.AsString()):
		spec.ErrorStyle = v.AsString()
	default:
		d.errorf(a.Expr.Range(), "Invalid value", "error_bars must be true, false, %s, got %s.", quoteList(report.ErrorStyles, " or "), describeCty(v))
		return
	}
	var have []string
	for _, y := range spec.Y {
		e := errorColumn(s, y)
		spec.YErr = append(spec.YErr, e)
		if e != "" {
			have = append(have, e)
		}
	}
	if len(have) == 0 {
		d.errorf(a.Expr.Range(), "No error bars", "error_bars draws the 95%% confidence interval of each y column: the %s column of a sim metric (a study with seeds > 1), or resilience_halfwidth for %s (list it in metrics); study %q has none for %s.",
			"<y>"+ciSuffix, strings.Join(resilienceMeans, ", "), s.Name, strings.Join(spec.Y, ", "))
	}
}

// quoteList quotes each of names and joins them, the last with sep.
func quoteList(names []string, sep string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + sep + q[len(q)-1]
}

// decodeTable decodes a table block with its expect blocks.
func (d *decoder) decodeTable(b *hclsyntax.Block, studies map[string]*Study) *Table {
	d.checkBody(b.Body, "a table block", []string{"study", "title", "description", "columns", "where", "sort_by", "headers", "formats", "ratio_to", "ratios", "mean_over"}, "expect")
	study := d.studyRef(b, studies)
	if study == nil {
		return nil
	}
	t := &Table{Name: b.Labels[0], Study: study, Range: b.LabelRanges[0]}
	t.Spec.Name = t.Name
	attrs := b.Body.Attributes
	// s is the study as the table sees it: replicates merged, with the
	// ratio columns.
	var s *Study
	s, t.Spec.MeanOver = d.meanView(study, attrs["mean_over"], false)
	s = d.ratioColumns(t, s, attrs)
	if a, ok := attrs["title"]; ok {
		t.Spec.Title, _ = d.stringAttr(a, nil)
	}
	colList := func(name string) []string {
		a, ok := attrs[name]
		if !ok {
			return nil
		}
		cols, ranges, ok := d.stringListAttr(a)
		if !ok {
			return nil
		}
		var out []string
		for i, c := range cols {
			if d.columnRef(s, c, ranges[i], false) {
				out = append(out, c)
			}
		}
		return out
	}
	t.Spec.Columns = colList("columns")
	if len(t.Spec.Columns) == 0 && !hasAttr(attrs, "columns") {
		t.Spec.Columns = columnNames(s)
	}
	t.Spec.SortBy = colList("sort_by")
	if a, ok := attrs["where"]; ok {
		t.Where, t.Ranges, _ = d.whereRangesAttr(a, s, true)
	}
	for _, m := range []struct {
		name string
		dst  *map[string]string
	}{{"headers", &t.Spec.Headers}, {"formats", &t.Spec.Formats}} {
		if a, ok := attrs[m.name]; ok {
			if mm, ok := d.stringMapAttr(a); ok {
				for _, k := range sortedKeys(mm) {
					if d.columnRef(s, k, a.Expr.Range(), false) && m.name == "formats" {
						if msg := checkTableFormat(mm[k], s.Column(k).Kind); msg != "" {
							d.errorf(a.Expr.Range(), "Invalid format", "formats.%s = %q: %s.", k, mm[k], msg)
						}
					}
				}
				*m.dst = mm
			}
		}
	}
	for _, eb := range b.Body.Blocks {
		if eb.Type != "expect" {
			continue
		}
		t.Expect = append(t.Expect, d.decodeExpect(eb, t, s)...)
	}
	return t
}

// meanView decodes mean_over (the replicate columns, e.g. "seed") for
// study s and returns s as the merged rows show it, with the merge: without
// the replicate columns, each numeric metric x as its mean (Float) followed
// by x_min, x_max and x_ci95, and the column replicates. With a nil a, or
// when overlay is true and s lacks a replicate column (an overlay of
// literal rows), it returns s and nil.
func (d *decoder) meanView(s *Study, a *hclsyntax.Attribute, overlay bool) (*Study, *report.MeanSpec) {
	if a == nil {
		return s, nil
	}
	cols, ranges, ok := d.stringListAttr(a)
	if !ok {
		return s, nil
	}
	spec := &report.MeanSpec{}
	for i, c := range cols {
		if overlay && s.Column(c) == nil {
			return s, nil
		}
		if !d.columnRef(s, c, ranges[i], false) {
			return s, nil
		}
		if s.Column(c).Metric {
			d.errorf(ranges[i], "Invalid mean_over", "mean_over: %q is a metric; list the columns whose values are replicates (a random family's seed), and the metrics are averaged over them.", c)
			return s, nil
		}
		spec.Over = append(spec.Over, c)
	}
	view := *s
	view.Columns = nil
	for _, c := range s.Columns {
		switch {
		case slices.Contains(spec.Over, c.Name):
		case c.Metric:
			spec.Values = append(spec.Values, c.Name)
			names, kinds := report.MeanColumns(c.Name, c.Kind)
			for i, n := range names {
				if i > 0 && s.Column(n) != nil {
					d.errorf(a.Expr.Range(), "Duplicate column", "mean_over: study %q already has a column %q (a sim block with seeds averages its replicates itself).", s.Name, n)
					return s, nil
				}
				nc := c
				nc.Name, nc.Kind = n, kinds[i]
				if i > 0 {
					nc.Doc = strings.TrimPrefix(n, c.Name+"_") + " of " + c.Name + " over the replicates"
				}
				view.Columns = append(view.Columns, nc)
			}
		default:
			view.Columns = append(view.Columns, c)
		}
	}
	if s.Column(report.ReplicatesColumn) != nil {
		d.errorf(a.Expr.Range(), "Duplicate column", "mean_over: study %q already has a column %q.", s.Name, report.ReplicatesColumn)
		return s, nil
	}
	view.Columns = append(view.Columns, Column{Name: report.ReplicatesColumn, Kind: dataset.Int, Unit: "rows", Metric: true,
		Doc: "rows merged into this one (replicates over " + strings.Join(spec.Over, ", ") + ")"})
	return &view, spec
}

// ratioColumns decodes ratio_to (a where selecting the reference row) and
// ratios (the numeric columns to compare) into t.Spec.RatioTo, and returns
// s with the ratio columns added (s itself when there are none).
func (d *decoder) ratioColumns(t *Table, s *Study, attrs hclsyntax.Attributes) *Study {
	ra, hasRef := attrs["ratio_to"]
	ca, hasCols := attrs["ratios"]
	if hasRef != hasCols {
		rng := firstRange(ra, ca)
		d.errorf(rng, "Incomplete ratios", "ratio_to (a where selecting the reference row, e.g. { label = \"SF\" }) and ratios (the columns to compare) go together.")
		return s
	}
	if !hasRef {
		return s
	}
	where, ok := d.whereAttr(ra, s)
	if !ok {
		return s
	}
	cols, ranges, ok := d.stringListAttr(ca)
	if !ok {
		return s
	}
	view := *s
	view.Columns = slices.Clone(s.Columns)
	spec := &report.RatioSpec{Where: where}
	for i, c := range cols {
		if !d.columnRef(s, c, ranges[i], true) {
			continue
		}
		if view.Column(c+report.RatioSuffix) != nil {
			d.errorf(ranges[i], "Duplicate column", "ratios: column %q already exists.", c+report.RatioSuffix)
			continue
		}
		spec.Columns = append(spec.Columns, c)
		view.Columns = append(view.Columns, Column{Name: c + report.RatioSuffix, Kind: dataset.Float,
			Doc: "the reference row's " + c + " divided by this row's"})
	}
	t.Spec.RatioTo = spec
	return &view
}

// firstRange returns the range of the first non-nil attribute.
func firstRange(as ...*hclsyntax.Attribute) hcl.Range {
	for _, a := range as {
		if a != nil {
			return a.SrcRange
		}
	}
	return hcl.Range{}
}

func hasAttr(attrs hclsyntax.Attributes, name string) bool {
	_, ok := attrs[name]
	return ok
}

// decodeExpect decodes an expect block: one expectation per column attribute.
func (d *decoder) decodeExpect(b *hclsyntax.Block, t *Table, s *Study) []report.Expectation {
	if len(b.Labels) != 1 {
		d.errorf(b.TypeRange, "Missing expect label", "An expect block takes one label naming the expectation: expect \"sf19\" { ... }.")
		return nil
	}
	a, ok := b.Body.Attributes["for_each"]
	if !ok {
		return d.decodeOneExpect(b, t, s, b.Labels[0])
	}
	// One expectation per element: each.key is its index (a list) or key
	// (a map), each.value the element.
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil
	}
	if v.IsNull() || !v.CanIterateElements() {
		d.errorf(a.Expr.Range(), "Invalid for_each", "for_each must be a list or a map, got %s.", describeCty(v))
		return nil
	}
	parent := d.ctx
	defer func() { d.ctx = parent }()
	var out []report.Expectation
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		child := parent.NewChild()
		child.Variables = map[string]cty.Value{"each": cty.ObjectVal(map[string]cty.Value{"key": k, "value": x})}
		d.ctx = child
		key, _ := ctyScalar(k)
		out = append(out, d.decodeOneExpect(b, t, s, fmt.Sprintf("%s[%s]", b.Labels[0], key.String()))...)
	}
	return out
}

// expectAttrs are the attributes of an expect block that are not column
// values.
var expectAttrs = map[string]bool{"where": true, "source": true, "enabled": true, "every": true, "for_each": true, "kind": true, "note": true}

// expectKind evaluates an expectation's kind: "reproduction" or "check".
func (d *decoder) expectKind(expr hcl.Expression) (string, bool) {
	v, ok := d.eval(expr)
	if !ok {
		return "", false
	}
	if !isKind(v) {
		d.errorf(expr.Range(), "Invalid expectation kind", "kind must be %q (a published number, the default) or %q (a configuration check: a value that follows from the experiment's own inputs), got %s.", report.KindReproduction, report.KindCheck, describeCty(v))
		return "", false
	}
	return v.AsString(), true
}

// isKind reports whether v is an expectation kind: "reproduction" or
// "check".
func isKind(v cty.Value) bool {
	return !v.IsNull() && v.IsKnown() && v.Type() == cty.String &&
		(v.AsString() == report.KindReproduction || v.AsString() == report.KindCheck)
}

// objectItem returns the value expression of key in an object constructor
// expression, or nil.
func objectItem(expr hcl.Expression, key string) hcl.Expression {
	obj, ok := unwrapGuard(expr).(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil
	}
	for _, it := range obj.Items {
		if k, diags := it.KeyExpr.Value(nil); !diags.HasErrors() && k.Type() == cty.String && k.AsString() == key {
			return it.ValueExpr
		}
	}
	return nil
}

// printedNumber returns a number literal as the file writes it ("1678.70",
// "-0.5"), or "" when expr is not a plain decimal literal (an expression,
// an exponent). Its decimals are the precision a scorecard shows.
func (d *decoder) printedNumber(expr hcl.Expression) string {
	e := unwrapGuard(expr)
	neg := false
	if u, ok := e.(*hclsyntax.UnaryOpExpr); ok && u.Op == hclsyntax.OpNegate {
		neg, e = true, unwrapGuard(u.Val)
	}
	lit, ok := e.(*hclsyntax.LiteralValueExpr)
	if !ok || lit.Val.Type() != cty.Number {
		return ""
	}
	r := lit.SrcRange
	if r.Start.Byte < 0 || r.End.Byte > len(d.src) || r.Start.Byte >= r.End.Byte {
		return ""
	}
	text := string(d.src[r.Start.Byte:r.End.Byte])
	if strings.Trim(text, "0123456789.") != "" || strings.Count(text, ".") > 1 {
		return ""
	}
	if neg {
		text = "-" + text
	}
	return text
}

// decodeOneExpect decodes an expect block (one element of a for_each) as
// the expectation named label.
func (d *decoder) decodeOneExpect(b *hclsyntax.Block, t *Table, s *Study, label string) []report.Expectation {
	for _, nb := range b.Body.Blocks {
		d.errorf(nb.TypeRange, "Unsupported block", "An expect block holds only attributes: where, every, source, kind, note, enabled and column = value.")
	}
	if a, ok := b.Body.Attributes["enabled"]; ok {
		on, ok := d.boolAttr(a)
		if !ok || !on {
			return nil // disabled (e.g. rows a quick profile does not compute)
		}
	}
	var where map[string][]dataset.Value
	if a, ok := b.Body.Attributes["where"]; ok {
		var ok2 bool
		if where, ok2 = d.whereAttr(a, s); !ok2 {
			return nil
		}
	} else {
		isTopo := false
		for _, tp := range s.Topologies {
			isTopo = isTopo || tp.Name == b.Labels[0]
		}
		if !isTopo {
			d.errorf(b.LabelRanges[0], "Missing where", "expect %q needs where = { column = value, ... } selecting one row (or a label that names a topology of study %q).", label, s.Name)
			return nil
		}
		where = map[string][]dataset.Value{colTopology: {dataset.StringValue(b.Labels[0])}}
	}
	source := ""
	if a, ok := b.Body.Attributes["source"]; ok {
		source, _ = d.stringAttr(a, nil)
	}
	every := false
	if a, ok := b.Body.Attributes["every"]; ok {
		every, _ = d.boolAttr(a)
	}
	kind, note := "", ""
	if a, ok := b.Body.Attributes["kind"]; ok {
		kind, _ = d.expectKind(a.Expr)
	}
	if a, ok := b.Body.Attributes["note"]; ok {
		note, _ = d.stringAttr(a, nil)
	}
	var out []report.Expectation
	stated := 0 // column attributes, valid or not
	for _, a := range sortedAttrs(b.Body) {
		if expectAttrs[a.Name] {
			continue
		}
		stated++
		if !d.columnRef(s, a.Name, a.NameRange, false) {
			continue
		}
		v, ok := d.eval(a.Expr)
		if !ok {
			continue
		}
		e := report.Expectation{Table: t.Name, Name: label, Where: where, Column: a.Name, Every: every, Source: source, Pos: a.NameRange.String(),
			Kind: kind, Note: note}
		if !v.IsNull() && (v.Type().IsObjectType() || v.Type().IsMapType()) {
			values := 0       // of value, at_most and at_least
			badBound := false // reported already
			for it := v.ElementIterator(); it.Next(); {
				k, x := it.Element()
				switch key := k.AsString(); key {
				case "value":
					want, ok := ctyScalar(x)
					if !ok {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.value must be a number, string or bool.", a.Name)
					}
					e.Want = want
					e.Printed = d.printedNumber(objectItem(a.Expr, "value"))
					values++
				case report.BoundAtMost, report.BoundAtLeast:
					want, ok := ctyScalar(x)
					if _, num := want.Float64(); !ok || !num || want.IsNull() {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.%s must be a number.", a.Name, key)
						badBound = true
						continue
					}
					e.Want, e.Bound = want, key
					e.Printed = d.printedNumber(objectItem(a.Expr, key))
					values++
				case "why", "note":
					if x.IsNull() || x.Type() != cty.String || !x.IsKnown() {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.%s must be a string.", a.Name, key)
						continue
					}
					if key == "why" {
						e.Why = x.AsString()
					} else {
						e.Note = x.AsString()
					}
				case "kind":
					if !isKind(x) {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.kind must be %q or %q.", a.Name, report.KindReproduction, report.KindCheck)
						continue
					}
					e.Kind = x.AsString()
				case "abs", "rel":
					tv, ok := ctyScalar(x)
					f, num := tv.Float64()
					if !ok || !num || f < 0 {
						d.errorf(a.Expr.Range(), "Invalid tolerance", "%s.%s must be a non-negative number.", a.Name, key)
						continue
					}
					if key == "abs" {
						e.Abs = f
					} else {
						e.Rel = f
					}
				case "decimals":
					tv, ok := ctyScalar(x)
					f, num := tv.Float64()
					if !ok || !num || f < 0 || f > 15 || f != math.Trunc(f) {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.decimals must be an integer from 0 to 15.", a.Name)
						continue
					}
					e.Rounded, e.Decimals = true, int(f)
				case "rounding":
					tv, _ := ctyScalar(x)
					if tv.Kind != dataset.String || (tv.S != "nearest" && tv.S != "up" && tv.S != "down") {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.rounding must be \"nearest\", \"up\" or \"down\".", a.Name)
						continue
					}
					e.Rounding = tv.S
				default:
					d.errorf(a.Expr.Range(), "Invalid expectation", "Unknown key %q in %s; use { value = X, abs = A }, { value = X, rel = R }, { value = X, decimals = D, rounding = \"up\" } or a bound { at_most = X } or { at_least = X }, with why (the tolerance's reason), note and kind.", key, a.Name)
				}
			}
			if badBound {
				continue
			}
			if e.Want.IsNull() {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s needs a value: { value = X, rel = 0.01 }, or a bound: { at_most = X } or { at_least = X }.", a.Name)
				continue
			}
			if values > 1 {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s: give one of value, at_most and at_least.", a.Name)
				continue
			}
			if e.Bound != "" && e.Rounded {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s: decimals compares a value as printed; a bound (%s) takes abs or rel as its slack instead.", a.Name, e.Bound)
				continue
			}
			if e.Rounding != "" && !e.Rounded {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s.rounding needs decimals: { value = X, decimals = 2, rounding = %q }.", a.Name, e.Rounding)
				continue
			}
			if e.Rounded && (e.Abs != 0 || e.Rel != 0) {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s: decimals compares the value as printed; it takes no abs or rel.", a.Name)
				continue
			}
			if (e.Abs != 0 || e.Rel != 0) && e.Why == "" {
				d.warnf(a.Expr.Range(), "Tolerance without a reason", "%s: state why the tolerance is what it is (the paper's printed precision, sampling spread, a named model difference): { value = X, rel = R, why = \"...\" }.", a.Name)
			}
		} else {
			want, ok := ctyScalar(v)
			if !ok {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s must be a number, string or bool, or { value = X, abs = A, rel = R }.", a.Name)
				continue
			}
			e.Want = want
			e.Printed = d.printedNumber(a.Expr)
		}
		out = append(out, e)
	}
	if stated == 0 {
		d.errorf(b.LabelRanges[0], "Empty expectation", "expect %q states no column value.", label)
	}
	return out
}
