package eval

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

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
