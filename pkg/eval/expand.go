package eval

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/runexp/runexp/pkg/families"
)

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
	var (
		biggest                     *Topology
		biggestCells, biggestPoints int
	)
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
						for _, g := range metricGroups(m) {
							switch g {
							case GroupCost, GroupLayout:
								g += "/" + s.CostModel.Name
							case GroupSim, GroupClex:
								continue // one cell per point and seed, counted below
							}
							groups[g] = true
						}
					}
					if s.Sim != nil {
						for _, pt := range s.Sim.Points {
							simPoints += int(pt["seeds"].(int64))
						}
					}
					if s.Clex != nil {
						simPoints += len(s.Clex.Points) * s.Clex.Seeds
					}
				}
			}
			cells := sweepSize(t) * (1 + len(groups) + simPoints)
			total += cells
			if cells > biggestCells {
				biggest, biggestCells, biggestPoints = t, cells, simPoints
			}
		}
	}
	if total <= limit {
		return nil
	}
	diag := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Too many cells",
		Detail: fmt.Sprintf("The experiments expand to more than %d cells (the limit; raise it with --max-cells).", limit)}
	if biggest == nil {
		return hcl.Diagnostics{diag}
	}
	rng := biggest.Range
	diag.Subject = &rng
	axes := ""
	for _, ax := range biggest.Axes {
		axes += fmt.Sprintf("%s (%d values) x ", ax.Param, len(ax.Values))
	}
	n := sweepSize(biggest)
	if axes != "" {
		diag.Detail += fmt.Sprintf(" The largest sweep is topology %q: %s= %d instances", biggest.Name, strings.TrimSuffix(axes, "x "), n)
	} else {
		diag.Detail += fmt.Sprintf(" The largest is topology %q (%d instance)", biggest.Name, n)
	}
	if biggestPoints > 0 {
		diag.Detail += fmt.Sprintf(", each simulated at %d sim points and seeds", biggestPoints)
	}
	diag.Detail += "."
	return hcl.Diagnostics{diag}
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
		} else if keep, d := t.keep.admits(t, params, point); d != nil {
			// One error for the condition: the first instance it fails on.
			if !reported["keep"] {
				reported["keep"] = true
				diags = append(diags, d)
			}
		} else if keep {
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
	if t.keep != nil && len(t.Instances) == 0 && !diags.HasErrors() {
		rng := t.keep.rng
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "No instance kept",
			Detail: fmt.Sprintf("Topology %q: keep holds for none of its %d instances.", t.Name, n), Subject: &rng})
	}
	return diags
}
