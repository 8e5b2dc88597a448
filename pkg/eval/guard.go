package eval

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// The loader bounds the evaluation of an experiment file's expressions
// (limits.go) by rewriting their syntax trees once after parsing: every
// operand, argument, element and part of a composite expression is
// wrapped in a guard, which charges the file's budget before and after it
// evaluates the expression and refuses numbers out of range before
// anything formats them. A guard holds its expression in a
// hclsyntax.ParenthesesExpr, so that walks of the tree (Variables, which
// finds references) see the expression as before. It finds the budget of
// the file being decoded in the evaluation context (budgetVar).

// A guardKind says what a guard charges besides one step.
type guardKind int

const (
	guardStep     guardKind = iota // nothing more; numbers checked
	guardArg                       // a function argument: its elements, walked by the call
	guardIterate                   // a for expression's or splat's collection: its elements
	guardCompared                  // an operand of == or !=: its elements, walked by the comparison
	guardPart                      // a template part: its bytes
	guardBranch                    // a result of a conditional: as guardArg (the results' types are unified)
)

// tupleCost is the cost in steps of converting a tuple (what a for
// expression makes) to a list, as a function parameter of a list type or
// the unification of a conditional's results do: go-cty compares the
// types of every pair of its elements. One step is about 400 comparisons.
func tupleCost(v cty.Value) int {
	if !v.Type().IsTupleType() {
		return 0
	}
	n := v.LengthInt()
	return n * n / 400
}

// guardExpr is a guarded expression.
type guardExpr struct {
	*hclsyntax.ParenthesesExpr
	kind guardKind
}

// budgetVar is the name of the evaluation context variable holding the
// file's budget (not an identifier: experiments cannot refer to it).
const budgetVar = "(budget)"

// budgetType is the capsule type of budgetVar's value.
var budgetType = cty.Capsule("budget", reflect.TypeOf(budget{}))

// budgetOf returns the budget of an evaluation context (searching its
// parents), or nil.
func budgetOf(ctx *hcl.EvalContext) *budget {
	for c := ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[budgetVar]; ok {
			return v.EncapsulatedValue().(*budget)
		}
	}
	return nil
}

// Value evaluates the guarded expression within the budget.
func (g *guardExpr) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	inner := g.ParenthesesExpr.Expression
	b := budgetOf(ctx)
	if b == nil {
		return inner.Value(ctx)
	}
	if b.exhausted {
		return cty.DynamicVal, nil // reported once, where it ran out
	}
	if err := b.spend(1); err != nil {
		return cty.DynamicVal, b.diag(err, inner.Range())
	}
	v, diags := inner.Value(ctx)
	if diags.HasErrors() || !v.IsKnown() || v.IsNull() {
		return v, diags
	}
	if err := g.charge(b, v); err != nil {
		return cty.DynamicVal, append(diags, b.diag(err, inner.Range())...)
	}
	return v, diags
}

// charge charges b for the value v of the guarded expression.
func (g *guardExpr) charge(b *budget, v cty.Value) error {
	if err := checkNumber(v); err != nil {
		return err
	}
	switch g.kind {
	case guardArg, guardBranch:
		if v.CanIterateElements() {
			n, _, _ := valueSize(v, min(b.steps, maxElements)+1)
			if n > maxElements {
				return &limitError{"Value too large", fmt.Sprintf("This value has more than %s elements (counting those of nested lists and objects), the limit of a value passed to a function or chosen by a conditional.", commas(maxElements))}
			}
			return b.spend(n + tupleCost(v))
		}
	case guardIterate:
		if v.CanIterateElements() {
			n := v.LengthInt()
			if n > maxElements {
				return &limitError{"Too many iterations", fmt.Sprintf("This collection has %s elements; a for expression iterates over at most %s.", commas(n), commas(maxElements))}
			}
			return b.spend(n)
		}
	case guardCompared:
		n, _, _ := valueSize(v, min(b.steps, maxElements)+1)
		if n > maxElements {
			return &limitError{"Value too large", fmt.Sprintf("This value has more than %s elements (counting those of nested lists and objects), too many to compare.", commas(maxElements))}
		}
		return b.spend(n)
	case guardPart:
		switch v.Type() {
		case cty.String:
			return b.spendBytes(len(v.AsString()))
		case cty.Number:
			return b.spendBytes(24)
		}
		return b.spendBytes(5)
	}
	return nil
}

// diag returns the diagnostic of a limit error at rng; once the budget is
// exhausted, only the first such error is reported.
func (b *budget) diag(err error, rng hcl.Range) hcl.Diagnostics {
	le, ok := err.(*limitError)
	if !ok {
		le = &limitError{"Invalid value", err.Error()}
	}
	if b.exhausted {
		if b.reported {
			return nil
		}
		b.reported = true
	}
	return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: le.summary, Detail: le.detail, Subject: &rng}}
}

// guardBody rewrites the expressions of a body and its nested blocks
// (except variable types, which are type expressions, not values). The
// root expression of an attribute is left as it is (the decoder looks at
// literal lists); its parts are guarded.
func guardBody(body *hclsyntax.Body) {
	for _, a := range body.Attributes {
		guardTree(a.Expr)
	}
	for _, b := range body.Blocks {
		if b.Type == "variable" {
			for name, a := range b.Body.Attributes {
				if name != "type" {
					guardTree(a.Expr)
				}
			}
			continue
		}
		guardBody(b.Body)
	}
}

// guardTree guards the sub-expressions of expr. It is idempotent: guarded
// expressions are not guarded again.
func guardTree(expr hclsyntax.Expression) {
	hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		switch e := n.(type) {
		case *hclsyntax.FunctionCallExpr:
			for i := range e.Args {
				e.Args[i] = guardWrap(guardArg, e.Args[i])
			}
		case *hclsyntax.ConditionalExpr:
			e.Condition = guardWrap(guardStep, e.Condition)
			e.TrueResult = guardWrap(guardBranch, e.TrueResult)
			e.FalseResult = guardWrap(guardBranch, e.FalseResult)
		case *hclsyntax.IndexExpr:
			e.Collection = guardWrap(guardStep, e.Collection)
			e.Key = guardWrap(guardStep, e.Key)
		case *hclsyntax.RelativeTraversalExpr:
			e.Source = guardWrap(guardStep, e.Source)
		case *hclsyntax.TupleConsExpr:
			for i := range e.Exprs {
				e.Exprs[i] = guardWrap(guardStep, e.Exprs[i])
			}
		case *hclsyntax.ObjectConsExpr:
			for i := range e.Items {
				e.Items[i].ValueExpr = guardWrap(guardStep, e.Items[i].ValueExpr)
			}
		case *hclsyntax.ForExpr:
			e.CollExpr = guardWrap(guardIterate, e.CollExpr)
			e.KeyExpr = guardWrap(guardStep, e.KeyExpr)
			e.ValExpr = guardWrap(guardStep, e.ValExpr)
			e.CondExpr = guardWrap(guardStep, e.CondExpr)
		case *hclsyntax.SplatExpr:
			e.Source = guardWrap(guardIterate, e.Source)
		case *hclsyntax.BinaryOpExpr:
			k := guardStep
			if e.Op == hclsyntax.OpEqual || e.Op == hclsyntax.OpNotEqual {
				k = guardCompared
			}
			e.LHS = guardWrap(k, e.LHS)
			e.RHS = guardWrap(k, e.RHS)
		case *hclsyntax.UnaryOpExpr:
			e.Val = guardWrap(guardStep, e.Val)
		case *hclsyntax.TemplateExpr:
			for i := range e.Parts {
				e.Parts[i] = guardWrap(guardPart, e.Parts[i])
			}
		case *hclsyntax.TemplateJoinExpr:
			e.Tuple = guardWrap(guardStep, e.Tuple)
		case *hclsyntax.TemplateWrapExpr:
			e.Wrapped = guardWrap(guardStep, e.Wrapped)
		}
		return nil
	})
}

// guardWrap returns e guarded (nil stays nil; a guard is not guarded again).
func guardWrap(kind guardKind, e hclsyntax.Expression) hclsyntax.Expression {
	if e == nil {
		return nil
	}
	if _, ok := e.(*guardExpr); ok {
		return e
	}
	return &guardExpr{ParenthesesExpr: &hclsyntax.ParenthesesExpr{Expression: e, SrcRange: e.Range()}, kind: kind}
}

// cleanDiags rewrites the diagnostics of an evaluation: a limit error of a
// function gets its own summary and detail, the stack trace of a panic
// recovered in a function is dropped, and repeated diagnostics (the same
// error at the same place, as in every iteration of a for expression) are
// reported once.
func cleanDiags(diags hcl.Diagnostics) hcl.Diagnostics {
	out := diags[:0]
	seen := map[string]bool{}
	for _, d := range diags {
		if x, ok := hcl.DiagnosticExtra[hclsyntax.FunctionCallDiagExtra](d); ok {
			var le *limitError
			if errors.As(x.FunctionCallError(), &le) {
				// The values of the call's references are large by
				// definition: they are not printed.
				d.Summary, d.Detail = le.summary, le.detail
				d.Expression, d.EvalContext = nil, nil
			}
		}
		if i := strings.Index(d.Detail, "panic in function implementation: "); i >= 0 {
			if j := strings.IndexByte(d.Detail[i:], '\n'); j >= 0 {
				d.Detail = strings.TrimRight(d.Detail[:i+j], ".") + "."
			}
		}
		key := d.Summary + "\x00" + d.Detail
		if d.Subject != nil {
			key += "\x00" + d.Subject.String()
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, d)
	}
	return out
}

// unwrapGuard returns the expression a guard wraps (e itself when it is
// not guarded), for code that looks at the syntax of an expression.
func unwrapGuard(e hcl.Expression) hcl.Expression {
	for {
		g, ok := e.(*guardExpr)
		if !ok {
			return e
		}
		e = g.Expression
	}
}
