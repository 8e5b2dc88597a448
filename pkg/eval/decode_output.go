package eval

import (
	"math"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/runexp/runexp/pkg/dataset"
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
	"legend", "legend_title", "legend_order", "bars", "lines", "lines_only", "series_labels", "error_bars"}

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
