package eval

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/runexp/runexp/pkg/dataset"
)

// stringAttr evaluates a string attribute (in ctx, or the file's context if nil).
func (d *decoder) stringAttr(a *hclsyntax.Attribute, ctx *hcl.EvalContext) (string, bool) {
	var v cty.Value
	if ctx != nil {
		var diags hcl.Diagnostics
		v, diags = a.Expr.Value(ctx)
		d.diags = append(d.diags, cleanDiags(diags)...)
		if diags.HasErrors() || d.budget.exhausted {
			return "", false
		}
	} else {
		var ok bool
		if v, ok = d.eval(a.Expr); !ok {
			return "", false
		}
	}
	if v.IsNull() || v.Type() != cty.String {
		sv, err := convert.Convert(v, cty.String)
		if err != nil || sv.IsNull() || v.Type().IsCollectionType() || v.Type().IsTupleType() {
			d.errorf(a.Expr.Range(), "Invalid value", "%s must be a string.", a.Name)
			return "", false
		}
		v = sv
	}
	return v.AsString(), true
}

// stringListAttr evaluates an attribute that is a string or a list of strings.
func (d *decoder) stringListAttr(a *hclsyntax.Attribute) ([]string, []hcl.Range, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, nil, false
	}
	if v.Type() == cty.String {
		return []string{v.AsString()}, []hcl.Range{a.Expr.Range()}, true
	}
	if !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) || v.IsNull() {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be a string or a list of strings.", a.Name)
		return nil, nil, false
	}
	ranges := elementRanges(a.Expr, v.LengthInt())
	var out []string
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		if e.IsNull() || e.Type() != cty.String {
			d.errorf(ranges[i], "Invalid value", "%s must be a list of strings; element %d is %s.", a.Name, i+1, describeCty(e))
			return nil, nil, false
		}
		out = append(out, e.AsString())
	}
	return out, ranges, true
}

// numberAttr evaluates a number attribute: a finite float64.
func (d *decoder) numberAttr(a *hclsyntax.Attribute) (float64, bool) {
	_, f, ok := d.numberValue(a)
	return f, ok
}

// numberValue evaluates a number attribute and returns its value and its
// float64 (finite: numbers out of range are reported).
func (d *decoder) numberValue(a *hclsyntax.Attribute) (cty.Value, float64, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return cty.NilVal, 0, false
	}
	if v.IsNull() || v.Type() != cty.Number {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be a number, got %s.", a.Name, describeCty(v))
		return cty.NilVal, 0, false
	}
	bf := v.AsBigFloat()
	if !numberInRange(bf) {
		d.errorf(a.Expr.Range(), "Number out of range", "%s = %s is out of range: %s.", a.Name, describeNumber(bf), numberRangeMsg)
		return cty.NilVal, 0, false
	}
	f, _ := bf.Float64()
	return v, f, true
}

// intAttr evaluates an integer attribute within [lo, hi].
func (d *decoder) intAttr(a *hclsyntax.Attribute, lo, hi int64) (int64, bool) {
	v, f, ok := d.numberValue(a)
	if !ok {
		return 0, false
	}
	bf := v.AsBigFloat()
	if !bf.IsInt() {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be a whole number, got %g.", a.Name, f)
		return 0, false
	}
	if i, acc := bf.Int64(); acc == big.Exact && i >= lo && i <= hi {
		return i, true
	}
	d.errorf(a.Expr.Range(), "Invalid value", "%s = %s is outside [%d, %d].", a.Name, describeNumber(bf), lo, hi)
	return 0, false
}

// numberOf converts a number value to a float64, or says why it is not a
// finite number ("want a number, got ...", "... is out of range: ...").
func numberOf(v cty.Value) (float64, string) {
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.Number {
		return 0, "want a number, got " + describeCty(v)
	}
	bf := v.AsBigFloat()
	if !numberInRange(bf) {
		return 0, describeNumber(bf) + " is out of range: " + numberRangeMsg
	}
	f, _ := bf.Float64()
	return f, ""
}

// intOf converts a number value to an integer within [lo, hi], or says why
// it cannot (not a number, out of range, fractional, outside the bounds).
func intOf(v cty.Value, lo, hi int64) (int64, string) {
	if _, msg := numberOf(v); msg != "" {
		return 0, msg
	}
	bf := v.AsBigFloat()
	if !bf.IsInt() {
		return 0, "want a whole number, got " + describeNumber(bf)
	}
	i, acc := bf.Int64()
	if acc != big.Exact || i < lo || i > hi {
		return 0, fmt.Sprintf("%s is outside [%d, %d]", describeNumber(bf), lo, hi)
	}
	return i, ""
}

// floatBound converts a float bound of an integer option to an int64
// (math.MaxInt64 for bounds at or above 2^63).
func floatBound(f float64) int64 {
	if f >= math.MaxInt64 {
		return math.MaxInt64
	}
	if f <= math.MinInt64 {
		return math.MinInt64
	}
	return int64(f)
}

// boolAttr evaluates a bool attribute.
func (d *decoder) boolAttr(a *hclsyntax.Attribute) (bool, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return false, false
	}
	if v.IsNull() || v.Type() != cty.Bool {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be true or false, got %s.", a.Name, describeCty(v))
		return false, false
	}
	return v.True(), true
}

// refAttr evaluates a single reference such as study.x (a bare name string
// is accepted too) and returns the name.
func (d *decoder) refAttr(a *hclsyntax.Attribute, kind string) (string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return "", false
	}
	return d.refName(v, a.Expr.Range(), kind, a.Name)
}

func (d *decoder) refName(v cty.Value, rng hcl.Range, kind, attr string) (string, bool) {
	if !v.IsNull() && v.Type() == cty.String {
		name := v.AsString()
		if !d.declared[kind][name] {
			d.errorf(rng, "Reference to undeclared "+strings.ReplaceAll(kind, "_", " "), "No %s named %q is declared in this file (declared: %s).", kind, name, strings.Join(sortedKeys(d.declared[kind]), ", "))
			return "", false
		}
		return name, true
	}
	if !v.IsNull() && v.Type().IsObjectType() && v.Type().HasAttribute("kind") && v.Type().HasAttribute("name") {
		if k := v.GetAttr("kind"); k.Type() == cty.String && k.AsString() == kind {
			return v.GetAttr("name").AsString(), true
		}
	}
	d.errorf(rng, "Invalid reference", "%s must refer to a %s, as in %s.<name>; got %s.", attr, kind, kind, describeCty(v))
	return "", false
}

// refListAttr evaluates a list of references.
func (d *decoder) refListAttr(a *hclsyntax.Attribute, kind string) ([]string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		name, ok := d.refName(v, a.Expr.Range(), kind, a.Name)
		return []string{name}, ok
	}
	ranges := elementRanges(a.Expr, v.LengthInt())
	var out []string
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		name, ok := d.refName(e, ranges[i], kind, a.Name)
		if !ok {
			return nil, false
		}
		out = append(out, name)
	}
	return out, true
}

// elementRanges returns the source range of each element of a literal list
// expression, or n copies of the expression's range.
func elementRanges(expr hcl.Expression, n int) []hcl.Range {
	out := make([]hcl.Range, n)
	if tup, ok := expr.(*hclsyntax.TupleConsExpr); ok && len(tup.Exprs) == n {
		for i, e := range tup.Exprs {
			out[i] = e.Range()
		}
		return out
	}
	for i := range out {
		out[i] = expr.Range()
	}
	return out
}

// describeCty describes a value's type for error messages.
func describeCty(v cty.Value) string {
	if v == cty.NilVal || v.IsNull() {
		return "null"
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return fmt.Sprintf("the string %q", v.AsString())
	case t == cty.Number:
		if !v.IsKnown() {
			return "an unknown number"
		}
		return "the number " + describeNumber(v.AsBigFloat())
	case t == cty.Bool:
		return fmt.Sprintf("%t", v.True())
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		return "a list"
	case t.IsObjectType() || t.IsMapType():
		if t.IsObjectType() && t.HasAttribute("kind") && t.HasAttribute("name") {
			return fmt.Sprintf("%s.%s", v.GetAttr("kind").AsString(), v.GetAttr("name").AsString())
		}
		return "an object"
	}
	return t.FriendlyName()
}

// formatCty formats a value as HCL for display.
func formatCty(v cty.Value) string {
	if v.IsNull() {
		return "null"
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return fmt.Sprintf("%q", v.AsString())
	case t == cty.Number:
		return describeNumber(v.AsBigFloat())
	case t == cty.Bool:
		return fmt.Sprintf("%t", v.True())
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			parts = append(parts, formatCty(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case t.IsObjectType() || t.IsMapType():
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			parts = append(parts, k.AsString()+" = "+formatCty(e))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return t.FriendlyName()
}

// ctyScalar converts a number, string or bool to a dataset value: integral
// numbers that fit an int64 become Int, other numbers Float. A number out
// of range (not a finite float64) is not a scalar.
func ctyScalar(v cty.Value) (dataset.Value, bool) {
	if v.IsNull() || !v.IsKnown() {
		return dataset.Value{}, false
	}
	switch v.Type() {
	case cty.String:
		return dataset.StringValue(v.AsString()), true
	case cty.Bool:
		return dataset.BoolValue(v.True()), true
	case cty.Number:
		bf := v.AsBigFloat()
		if !numberInRange(bf) {
			return dataset.Value{}, false
		}
		if bf.IsInt() {
			if i, acc := bf.Int64(); acc == big.Exact {
				return dataset.IntValue(i), true
			}
		}
		f, _ := bf.Float64()
		return dataset.FloatValue(f), true
	}
	return dataset.Value{}, false
}
