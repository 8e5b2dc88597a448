package eval

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/families"
)

// sizingNames are the sizing figures a topology's keep condition may use,
// with the families.Size field each stands for.
var sizingNames = []string{"routers", "endpoints", "links", "radix", "network_radix"}

// keepFilter is a topology's keep = <condition>: an expression over the
// family's parameters and sizing figures, evaluated for every instance of
// the sweep before anything is built; the instances for which it is false
// are left out.
type keepFilter struct {
	expr hcl.Expression
	ctx  *hcl.EvalContext // the file's variables, locals and functions
	rng  hcl.Range
}

// decodeKeep decodes keep = <condition> of a topology of family fam: its
// references must be var, local, the family's parameters or the sizing
// figures.
func (d *decoder) decodeKeep(a *hclsyntax.Attribute, fam *families.Family) *keepFilter {
	names := map[string]bool{}
	for _, n := range append(fam.ParamNames(), sizingNames...) {
		names[n] = true
	}
	ok := true
	for _, tr := range a.Expr.Variables() {
		root := tr.RootName()
		switch {
		case names[root], root == "var", root == "local":
		default:
			all := append(fam.ParamNames(), sizingNames...)
			d.errorf(tr.SourceRange(), "Unknown name in keep", "keep may use the sizing figures %s, the parameters of family %s (%s), var.<name> and local.<name>; there is no %q.%s",
				strings.Join(sizingNames, ", "), fam.Name, strings.Join(fam.ParamNames(), ", "), root, didYouMean(root, all))
			ok = false
		}
	}
	if !ok || !d.checkRefsWith(a.Expr, names) {
		return nil
	}
	return &keepFilter{expr: a.Expr, ctx: d.ctx, rng: a.Expr.Range()}
}

// admits evaluates the condition for the resolved parameters of one
// instance (at sweep point point); a nil filter admits everything. A
// condition that fails or is not a bool is an error at its source range.
func (k *keepFilter) admits(t *Topology, params families.Values, point []any) (bool, *hcl.Diagnostic) {
	if k == nil {
		return true, nil
	}
	fail := func(msg string) (bool, *hcl.Diagnostic) {
		where := ""
		if len(t.Axes) > 0 {
			where = " at " + (&Instance{Topology: t, Point: point}).Label()
		}
		return false, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid keep",
			Detail: fmt.Sprintf("Topology %q%s: %s.", t.Name, where, msg), Subject: &k.rng}
	}
	sz, err := t.Family.Size(params)
	if err != nil {
		return fail("the family's sizing formulas fail: " + err.Error())
	}
	vars := make(map[string]cty.Value, len(params)+len(sizingNames))
	for name, v := range params {
		vars[name] = ctyParam(v)
	}
	for i, x := range []int64{sz.Routers, sz.Endpoints, sz.Links, sz.Radix, sz.NetworkRadix} {
		vars[sizingNames[i]] = cty.NumberIntVal(x)
	}
	child := k.ctx.NewChild()
	child.Variables = vars
	v, diags := k.expr.Value(child)
	if diags.HasErrors() {
		var msgs []string
		for _, d := range diags {
			msgs = append(msgs, strings.TrimSuffix(d.Summary+": "+d.Detail, "."))
		}
		return fail(strings.Join(msgs, "; "))
	}
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool {
		return fail("keep must be a condition (true or false), got " + strings.TrimSuffix(describeCty(v), "."))
	}
	return v.True(), nil
}

// ctyParam converts a resolved family parameter value to cty.
func ctyParam(v any) cty.Value {
	switch x := v.(type) {
	case int64:
		return cty.NumberIntVal(x)
	case float64:
		return cty.NumberFloatVal(x)
	case string:
		return cty.StringVal(x)
	case bool:
		return cty.BoolVal(x)
	case []int64:
		if len(x) == 0 {
			return cty.ListValEmpty(cty.Number)
		}
		l := make([]cty.Value, len(x))
		for i, e := range x {
			l[i] = cty.NumberIntVal(e)
		}
		return cty.ListVal(l)
	}
	return cty.DynamicVal
}
