package eval

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

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
	if a, ok := attrs["bars"]; ok {
		spec.Bars, _ = d.boolAttr(a)
	}
	xa, ok := attrs["x"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing x", "Figure %q needs x = \"<column>\"; columns: %s.", f.Name, strings.Join(columnNames(s), ", "))
		return nil
	}
	if x, ok := d.stringAttr(xa, nil); ok && d.columnRef(s, x, xa.Expr.Range(), !spec.Bars) {
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
	if a, ok := attrs["legend_order"]; ok {
		spec.LegendOrder, _, _ = d.stringListAttr(a)
	}
	if a, ok := attrs["series_labels"]; ok {
		spec.SeriesLabels, _ = d.stringMapAttr(a)
	}
	if a, ok := attrs["error_bars"]; ok {
		d.errorBarsAttr(a, s, spec)
	}
	if spec.Bars {
		d.checkBars(spec, attrs)
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

// checkBars reports the attributes a bar figure (bars = true) cannot
// honour, at their ranges.
func (d *decoder) checkBars(spec *report.FigureSpec, attrs hclsyntax.Attributes) {
	bad := func(name, why string) {
		if a, ok := attrs[name]; ok {
			d.errorf(a.Expr.Range(), "Invalid for a bar figure", "A bar figure (bars = true) %s: remove %s.", why, name)
		}
	}
	if spec.XScale == "log" {
		bad("x_scale", "has a linear x axis of categories")
	}
	if spec.YScale == "log" {
		bad("y_scale", "has a linear y axis: its bars start at 0")
	}
	bad("x_min", "has no x limits: its x axis names categories")
	bad("x_max", "has no x limits: its x axis names categories")
	bad("lines_only", "has no lines-only series")
	if spec.ErrorStyle == "band" {
		bad("error_bars", `draws error bars, not bands (error_bars = true)`)
	}
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
