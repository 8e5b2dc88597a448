package eval

import (
	"fmt"
	"math"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

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
