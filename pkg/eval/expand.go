package eval

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/zclconf/go-cty/cty"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/runexp/runexp/pkg/families"
)

// functions returns the functions available in experiment files: the go-cty
// standard library under Terraform's names.
func functions() map[string]function.Function {
	return map[string]function.Function{
		"abs":             stdlib.AbsoluteFunc,
		"ceil":            stdlib.CeilFunc,
		"chunklist":       stdlib.ChunklistFunc,
		"coalesce":        stdlib.CoalesceFunc,
		"coalescelist":    stdlib.CoalesceListFunc,
		"compact":         stdlib.CompactFunc,
		"concat":          stdlib.ConcatFunc,
		"contains":        stdlib.ContainsFunc,
		"distinct":        stdlib.DistinctFunc,
		"element":         stdlib.ElementFunc,
		"flatten":         stdlib.FlattenFunc,
		"floor":           stdlib.FloorFunc,
		"format":          stdlib.FormatFunc,
		"formatlist":      stdlib.FormatListFunc,
		"index":           stdlib.IndexFunc,
		"join":            stdlib.JoinFunc,
		"jsonencode":      stdlib.JSONEncodeFunc,
		"keys":            stdlib.KeysFunc,
		"length":          stdlib.LengthFunc,
		"log":             stdlib.LogFunc,
		"lookup":          stdlib.LookupFunc,
		"lower":           stdlib.LowerFunc,
		"max":             stdlib.MaxFunc,
		"merge":           stdlib.MergeFunc,
		"min":             stdlib.MinFunc,
		"parseint":        stdlib.ParseIntFunc,
		"pow":             stdlib.PowFunc,
		"range":           rangeFunc(),
		"replace":         stdlib.ReplaceFunc,
		"reverse":         stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc,
		"setproduct":      stdlib.SetProductFunc,
		"setsubtract":     stdlib.SetSubtractFunc,
		"setunion":        stdlib.SetUnionFunc,
		"signum":          stdlib.SignumFunc,
		"slice":           stdlib.SliceFunc,
		"sort":            stdlib.SortFunc,
		"split":           stdlib.SplitFunc,
		"strlen":          stdlib.StrlenFunc,
		"substr":          stdlib.SubstrFunc,
		"title":           stdlib.TitleFunc,
		"trimspace":       stdlib.TrimSpaceFunc,
		"upper":           stdlib.UpperFunc,
		"values":          stdlib.ValuesFunc,
		"zipmap":          stdlib.ZipmapFunc,
	}
}

// maxRange bounds the length of a list made by range.
const maxRange = 10_000_000

// rangeFunc is range(end), range(start, end) or range(start, end, step) as
// in go-cty's standard library, without its 1,024-element cap (sweeps are
// bounded by the cell limit instead). Element i is start + i*step, so a
// fractional step does not accumulate rounding errors: range(0.05, 1, 0.05)
// has 19 elements, 0.05 to 0.95.
func rangeFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Returns a list of numbers from start (inclusive) to end (exclusive) by step.",
		VarParam:    &function.Parameter{Name: "params", Type: cty.Number},
		Type:        function.StaticReturnType(cty.List(cty.Number)),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			f := make([]*big.Float, len(args))
			for i, a := range args {
				f[i] = a.AsBigFloat()
			}
			var start, end, step *big.Float
			switch len(args) {
			case 1:
				start, end = new(big.Float), f[0]
			case 2:
				start, end = f[0], f[1]
			case 3:
				start, end, step = f[0], f[1], f[2]
			default:
				return cty.NilVal, fmt.Errorf("range takes one, two or three arguments")
			}
			if step == nil {
				step = big.NewFloat(1)
				if end.Cmp(start) < 0 {
					step = big.NewFloat(-1)
				}
			}
			if step.Sign() == 0 {
				return cty.NilVal, function.NewArgErrorf(2, "step must not be zero")
			}
			span := new(big.Float).Sub(end, start)
			if span.Sign() != 0 && span.Sign() != step.Sign() {
				return cty.NilVal, function.NewArgErrorf(1, "end must be beyond start in the direction of step")
			}
			q, _ := new(big.Float).Quo(span, step).Float64()
			n := int(math.Ceil(q - 1e-9))
			if n > maxRange {
				return cty.NilVal, fmt.Errorf("range would have %d elements, more than %d", n, maxRange)
			}
			if n <= 0 {
				return cty.ListValEmpty(cty.Number), nil
			}
			vals := make([]cty.Value, n)
			for i := range vals {
				x := new(big.Float).Mul(step, big.NewFloat(float64(i)))
				vals[i] = cty.NumberVal(x.Add(x, start))
			}
			return cty.ListVal(vals), nil
		},
	})
}

// sweepSize returns the number of instances of t (the product of the axis
// lengths), saturating at math.MaxInt32.
func sweepSize(t *Topology) int {
	n := 1
	for _, ax := range t.Axes {
		n *= len(ax.Values)
		if n > math.MaxInt32 {
			return math.MaxInt32
		}
	}
	return n
}

// checkCellLimit estimates the number of cells before anything is expanded:
// per topology instance one build cell plus one cell per metric group its
// studies use, plus one cell per study, figure and table.
func checkCellLimit(exps []*Experiment, limit int) hcl.Diagnostics {
	total := 0
	var biggest *Topology
	biggestN := 0
	for _, e := range exps {
		total += len(e.Studies) + len(e.Figures) + len(e.Tables)
		for _, t := range e.Topologies {
			groups := map[string]bool{}
			simPoints := 0
			for _, s := range e.Studies {
				for _, st := range s.Topologies {
					if st != t {
						continue
					}
					for _, m := range s.Metrics {
						g := m.Group
						switch g {
						case GroupCost:
							g += "/" + s.CostModel.Name
						case GroupSim:
							continue // one cell per point and seed, counted below
						}
						groups[g] = true
					}
					if s.Sim != nil {
						for _, pt := range s.Sim.Points {
							simPoints += int(pt["seeds"].(int64))
						}
					}
				}
			}
			n := sweepSize(t)
			total += n * (1 + len(groups) + simPoints)
			if n > biggestN {
				biggest, biggestN = t, n
			}
		}
	}
	if total <= limit {
		return nil
	}
	rng := biggest.Range
	axes := ""
	for i, ax := range biggest.Axes {
		if i > 0 {
			axes += " x "
		}
		axes += fmt.Sprintf("%s (%d values)", ax.Param, len(ax.Values))
	}
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  "Too many cells",
		Detail: fmt.Sprintf("The experiments expand to more than %d cells (the limit; raise it with --max-cells). The largest sweep is topology %q: %s = %d instances.",
			limit, biggest.Name, axes, biggestN),
		Subject: &rng,
	}}
}

// expand computes the instances of a topology: the cartesian product of its
// axes (first axis outermost), each normalized and resolved by the family.
// An invalid value is reported at its source range.
func expand(t *Topology) hcl.Diagnostics {
	n := sweepSize(t)
	t.Instances = make([]*Instance, 0, n)
	idx := make([]int, len(t.Axes))
	var diags hcl.Diagnostics
	reported := map[string]bool{}
	for i := 0; i < n; i++ {
		given := t.fixed.Clone()
		point := make([]any, len(t.Axes))
		for a, ax := range t.Axes {
			given[ax.Param] = ax.Values[idx[a]]
			point[a] = ax.Values[idx[a]]
		}
		params, err := t.Family.Normalize(given)
		if err != nil {
			rng, where := t.Range, ""
			var pe *families.ParamError
			msg := err.Error()
			if errors.As(err, &pe) {
				msg = pe.Msg
				if r, ok := t.paramRange[pe.Param]; ok {
					rng = r
				}
				for a, ax := range t.Axes {
					if ax.Param == pe.Param {
						rng = ax.Ranges[idx[a]]
					}
				}
				where = fmt.Sprintf("parameter %s", pe.Param)
			}
			if len(t.Axes) > 0 {
				inst := &Instance{Topology: t, Point: point}
				where += " (at " + inst.Label() + ")"
			}
			key := rng.String() + msg
			if !reported[key] {
				reported[key] = true
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Invalid parameter value",
					Detail:   fmt.Sprintf("Topology %q (family %s), %s: %s.", t.Name, t.Family.Name, where, msg),
					Subject:  &rng,
				})
			}
		} else {
			t.Instances = append(t.Instances, &Instance{Topology: t, Index: i, Params: params, Point: point})
		}
		for a := len(idx) - 1; a >= 0; a-- {
			idx[a]++
			if idx[a] < len(t.Axes[a].Values) {
				break
			}
			idx[a] = 0
		}
	}
	return diags
}
