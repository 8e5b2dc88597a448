package eval

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// decodeVariables evaluates the variable blocks with --var overrides.
func (d *decoder) decodeVariables() {
	d.vars = map[string]cty.Value{}
	fnCtx := &hcl.EvalContext{Functions: guardedFunctions(d.budget, functions()),
		Variables: map[string]cty.Value{budgetVar: d.budgetValue()}}
	for _, b := range d.blocks["variable"] {
		name := b.Labels[0]
		if _, seen := d.usedVars[name]; !seen {
			d.usedVars[name] = false // declared; true once --var sets it
		}
		d.checkBody(b.Body, "a variable block", []string{"type", "default", "description", "choices"})
		v := &Variable{Name: name, Range: b.LabelRanges[0]}
		ty := cty.DynamicPseudoType
		if a, ok := b.Body.Attributes["type"]; ok {
			t, diags := typeexpr.TypeConstraint(a.Expr)
			d.diags = append(d.diags, diags...)
			if diags.HasErrors() {
				continue
			}
			ty = t
			v.Type = typeexpr.TypeString(t)
		}
		if a, ok := b.Body.Attributes["description"]; ok {
			v.Description, _ = d.stringAttr(a, fnCtx)
		}
		var val cty.Value
		var rng hcl.Range
		if raw, ok := d.opts.Vars[name]; ok {
			d.usedVars[name] = true
			var ok2 bool
			val, ok2 = d.parseVar(name, raw, ty, b, fnCtx)
			if !ok2 {
				continue
			}
			rng = b.LabelRanges[0]
		} else if a, ok := b.Body.Attributes["default"]; ok {
			dv, diags := a.Expr.Value(fnCtx)
			d.diags = append(d.diags, cleanDiags(diags)...)
			if diags.HasErrors() || d.budget.exhausted {
				continue
			}
			val, rng = dv, a.Expr.Range()
		} else {
			d.errorf(b.LabelRanges[0], "Variable without value", "Variable %q has no default; set it with --var %s=VALUE.", name, name)
			continue
		}
		if ty != cty.DynamicPseudoType {
			if err := d.budget.spend(tupleCost(val)); err != nil {
				d.diags = append(d.diags, d.budget.diag(err, rng)...)
				continue
			}
			cv, err := convert.Convert(val, ty)
			if err != nil {
				d.errorf(rng, "Invalid value for variable", "Variable %q: %s.", name, err)
				continue
			}
			val = cv
		}
		// A conversion may have made numbers of strings, and a --var value
		// is not guarded: the value is checked before it is formatted.
		if err := checkValue(val); err != nil {
			d.limitError(rng, err)
			continue
		}
		if a, ok := b.Body.Attributes["choices"]; ok && !d.checkChoice(name, val, a, rng, fnCtx) {
			continue
		}
		v.Value = formatCty(val)
		d.vars[name] = val
		d.exp.Variables = append(d.exp.Variables, v)
	}
}

// checkChoice checks a variable's value against its choices = [...]: a
// list of the values it may take (after the type conversion). A value
// outside them is an error at rng (the variable's label for a --var
// value, the default otherwise) naming the choices and the closest one.
func (d *decoder) checkChoice(name string, val cty.Value, a *hclsyntax.Attribute, rng hcl.Range, fnCtx *hcl.EvalContext) bool {
	cv, diags := a.Expr.Value(fnCtx)
	d.diags = append(d.diags, cleanDiags(diags)...)
	if diags.HasErrors() {
		return false
	}
	if !cv.Type().IsTupleType() && !cv.Type().IsListType() || cv.LengthInt() == 0 || !cv.IsWhollyKnown() {
		d.errorf(a.Expr.Range(), "Invalid choices", "Variable %q: choices must be a non-empty list of the values the variable may take.", name)
		return false
	}
	var shown, plain []string
	for it := cv.ElementIterator(); it.Next(); {
		_, c := it.Element()
		if c.IsNull() {
			d.errorf(a.Expr.Range(), "Invalid choices", "Variable %q: a choice is null.", name)
			return false
		}
		if c.Type().Equals(val.Type()) && c.Equals(val).True() {
			return true
		}
		if conv, err := convert.Convert(c, val.Type()); err == nil && conv.Equals(val).True() {
			return true
		}
		shown = append(shown, formatCty(c))
		if c.Type() == cty.String {
			plain = append(plain, c.AsString())
		}
	}
	hint := ""
	if val.Type() == cty.String {
		hint = didYouMean(val.AsString(), plain)
	}
	d.errorf(rng, "Invalid value for variable", "Variable %q must be one of %s, got %s.%s", name, strings.Join(shown, ", "), formatCty(val), hint)
	return false
}

// parseVar converts a --var value: a string variable takes it verbatim;
// otherwise it is parsed as an HCL expression, falling back to a string.
func (d *decoder) parseVar(name, raw string, ty cty.Type, b *hclsyntax.Block, fnCtx *hcl.EvalContext) (cty.Value, bool) {
	isString := ty == cty.String
	if ty == cty.DynamicPseudoType {
		if a, ok := b.Body.Attributes["default"]; ok {
			if dv, diags := a.Expr.Value(fnCtx); !diags.HasErrors() && dv.Type() == cty.String {
				isString = true
			}
		}
	}
	if isString {
		return cty.StringVal(raw), true
	}
	src := "--var " + name
	if diags := checkExpressionSource([]byte(raw), src); diags.HasErrors() {
		d.errorf(b.LabelRanges[0], "Invalid --var value", "--var %s: %s", name, diags[0].Detail)
		return cty.NilVal, false
	}
	expr, diags := hclsyntax.ParseExpression([]byte(raw), src, hcl.InitialPos)
	if !diags.HasErrors() {
		guardTree(expr)
		if v, diags := expr.Value(fnCtx); !diags.HasErrors() && !d.budget.exhausted {
			return v, true
		}
	}
	if ty == cty.DynamicPseudoType {
		return cty.StringVal(raw), true
	}
	d.errorf(b.LabelRanges[0], "Invalid --var value", "--var %s=%s is not a valid %s value.", name, raw, typeexpr.TypeString(ty))
	return cty.NilVal, false
}
