package eval

import (
	"math/big"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/families"
)

// decodeTopology decodes a topology block (sweep axes are expanded later by
// expand, after the cell limit is checked).
func (d *decoder) decodeTopology(b *hclsyntax.Block) *Topology {
	t := &Topology{Name: b.Labels[0], Label: b.Labels[0], Range: b.LabelRanges[0], paramRange: map[string]hcl.Range{}}
	for _, nb := range b.Body.Blocks {
		d.errorf(nb.TypeRange, "Unsupported block", "A topology block holds only attributes: family, label, description, keep and the family's parameters.")
	}
	fa, ok := b.Body.Attributes["family"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing family", "Topology %q needs a family = \"...\" attribute; families: %s.", t.Name, strings.Join(d.opts.Registry.Names(), ", "))
		return nil
	}
	fname, ok := d.stringAttr(fa, nil)
	if !ok {
		return nil
	}
	fam, ok := d.opts.Registry.Lookup(fname)
	if !ok {
		d.errorf(fa.Expr.Range(), "Unknown family", "There is no topology family %q; families: %s.%s", fname, strings.Join(d.opts.Registry.Names(), ", "), didYouMean(fname, d.opts.Registry.Names()))
		return nil
	}
	t.Family = fam
	fixed := families.Values{}
	bad := false
	for _, a := range sortedAttrs(b.Body) {
		switch a.Name {
		case "family":
			continue
		case "label":
			if s, ok := d.stringAttr(a, nil); ok {
				t.Label = s
			}
			continue
		case "description":
			t.Description, _ = d.stringAttr(a, nil)
			continue
		case "keep":
			if t.keep = d.decodeKeep(a, fam); t.keep == nil {
				bad = true
			}
			continue
		}
		p := fam.Param(a.Name)
		if p == nil {
			d.errorf(a.NameRange, "Unknown parameter", "Family %q has no parameter %q; its parameters: %s (plus label, description and keep).%s", fam.Name, a.Name, strings.Join(fam.ParamNames(), ", "), didYouMean(a.Name, append(fam.ParamNames(), "label", "description", "keep")))
			bad = true
			continue
		}
		v, ok := d.eval(a.Expr)
		if !ok {
			bad = true
			continue
		}
		t.paramRange[p.Name] = a.Expr.Range()
		vals, ranges, sweep, ok := d.paramValues(fam.Name, p, v, a)
		if !ok {
			bad = true
			continue
		}
		if sweep {
			t.Axes = append(t.Axes, Axis{Param: p.Name, Values: vals, Ranges: ranges})
		} else {
			fixed[p.Name] = vals[0]
		}
	}
	if bad {
		return nil
	}
	t.fixed = fixed
	return t
}

// paramValues converts an attribute value to parameter values: one value,
// or a sweep (a list of values) for a list-valued attribute.
func (d *decoder) paramValues(fam string, p *families.Param, v cty.Value, a *hclsyntax.Attribute) ([]any, []hcl.Range, bool, bool) {
	isList := func(v cty.Value) bool {
		t := v.Type()
		return !v.IsNull() && (t.IsListType() || t.IsTupleType() || t.IsSetType())
	}
	sweep := isList(v)
	if p.Kind == families.IntList {
		// A list of numbers is one value; a list of lists is a sweep.
		sweep = false
		if isList(v) && v.LengthInt() > 0 {
			for it := v.ElementIterator(); it.Next(); {
				_, e := it.Element()
				sweep = isList(e)
				break
			}
		}
	}
	if !sweep {
		x, msg := d.paramScalar(p, v)
		if msg != "" {
			d.errorf(a.Expr.Range(), "Invalid parameter value", "Parameter %q of family %q: %s.", p.Name, fam, msg)
			return nil, nil, false, false
		}
		return []any{x}, []hcl.Range{a.Expr.Range()}, false, true
	}
	n := v.LengthInt()
	if n == 0 {
		d.errorf(a.Expr.Range(), "Empty sweep", "Parameter %q is an empty list; a sweep needs at least one value.", p.Name)
		return nil, nil, false, false
	}
	ranges := elementRanges(a.Expr, n)
	vals := make([]any, 0, n)
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		x, msg := d.paramScalar(p, e)
		if msg != "" {
			d.errorf(ranges[i], "Invalid parameter value", "Parameter %q, sweep value %d: %s.", p.Name, i+1, msg)
			return nil, nil, false, false
		}
		vals = append(vals, x)
	}
	return vals, ranges, true, true
}

// paramScalar converts one parameter value; msg is non-empty on error.
func (d *decoder) paramScalar(p *families.Param, v cty.Value) (any, string) {
	if v.IsNull() {
		return nil, "the value is null"
	}
	t := v.Type()
	switch p.Kind {
	case families.Int:
		if t == cty.String {
			return v.AsString(), "" // a named choice, checked by Normalize
		}
		if t != cty.Number {
			return nil, "want an integer, got " + describeCty(v)
		}
		bf := v.AsBigFloat()
		i, acc := bf.Int64()
		if !bf.IsInt() || acc != big.Exact {
			return nil, "want an integer, got " + describeCty(v)
		}
		return i, ""
	case families.Float:
		f, msg := numberOf(v)
		if msg != "" {
			return nil, msg
		}
		return f, ""
	case families.String:
		if t != cty.String {
			return nil, "want a string, got " + describeCty(v)
		}
		return v.AsString(), ""
	case families.IntList:
		if !(t.IsListType() || t.IsTupleType()) {
			return nil, "want a list of integers, got " + describeCty(v)
		}
		var out []int64
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if e.IsNull() || e.Type() != cty.Number {
				return nil, "want a list of integers, got an element " + describeCty(e)
			}
			i, acc := e.AsBigFloat().Int64()
			if !e.AsBigFloat().IsInt() || acc != big.Exact {
				return nil, "want a list of integers, got an element " + describeCty(e)
			}
			out = append(out, i)
		}
		return out, ""
	}
	return nil, "unsupported parameter kind " + p.Kind.String()
}

// decodeCostModel decodes a cost_model block: a preset of package cost and
// field overrides.
func (d *decoder) decodeCostModel(b *hclsyntax.Block) *CostModel {
	m := &CostModel{Name: b.Labels[0], Range: b.LabelRanges[0], Preset: "sc14"}
	var fields []cost.Field
	allowed := []string{"description", "preset"}
	for _, f := range cost.Fields() {
		if f.Name == "name" { // the preset's name: set by preset
			continue
		}
		fields = append(fields, f)
		allowed = append(allowed, f.Name)
	}
	before := len(d.diags)
	d.checkBody(b.Body, "a cost_model block", allowed)
	if a, ok := b.Body.Attributes["description"]; ok {
		m.Description, _ = d.stringAttr(a, nil)
	}
	if a, ok := b.Body.Attributes["preset"]; ok {
		if p, ok := d.stringAttr(a, nil); ok {
			if !slices.Contains(cost.PresetNames(), p) {
				d.errorf(a.Expr.Range(), "Unknown cost model preset", "There is no preset %q; presets: %s.%s", p, strings.Join(cost.PresetNames(), ", "), didYouMean(p, cost.PresetNames()))
				return nil
			}
			m.Preset = p
		}
	}
	model, err := cost.Preset(m.Preset)
	if err != nil {
		d.errorf(b.LabelRanges[0], "Invalid cost model", "%v", err)
		return nil
	}
	for _, f := range fields {
		a, ok := b.Body.Attributes[f.Name]
		if !ok {
			continue
		}
		var v any
		switch f.Kind {
		case "string":
			s, ok := d.stringAttr(a, nil)
			if !ok {
				continue
			}
			v = s
		case "bool":
			x, ok := d.boolAttr(a)
			if !ok {
				continue
			}
			v = x
		default:
			x, ok := d.numberAttr(a)
			if !ok {
				continue
			}
			v = x
		}
		if err := model.Set(f.Name, v); err != nil {
			d.errorf(a.Expr.Range(), "Invalid value", "%v", err)
		}
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	if err := model.Validate(); err != nil {
		d.errorf(b.LabelRanges[0], "Invalid cost model", "Cost model %q: %v", m.Name, err)
		return nil
	}
	m.Model = model
	return m
}
