package eval

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// Only returns the row cells (builds excluded: whoever computes a cell
// computes or finds its build) that the named studies, figures and tables
// of g need, in graph order. A study needs every cell of its dataset; a
// figure or a table with where (or ranges) needs only the cells of the
// rows it keeps, as far as the rows' identity, parameter and sim columns
// tell before anything is computed (a condition on a metric column keeps
// every row). A name is looked up in every experiment of g; one that
// names nothing there (a study disabled with enabled = false is not in g)
// is an error that lists the names there are.
func (g *Graph) Only(names []string) ([]*Cell, error) {
	type root struct {
		c      *Cell
		where  map[string][]dataset.Value
		ranges map[string]dataset.Range
	}
	var roots []root
	for _, name := range names {
		n := len(roots)
		for _, e := range g.Experiments {
			for _, s := range e.Studies {
				if s.Name == name && g.Datasets[s] != nil {
					roots = append(roots, root{c: g.Datasets[s]})
				}
			}
			for _, f := range e.Figures {
				if f.Name == name && g.Figures[f] != nil {
					roots = append(roots, root{g.Figures[f], f.Where, f.Ranges})
				}
			}
			for _, t := range e.Tables {
				if t.Name == name && g.Tables[t] != nil {
					roots = append(roots, root{g.Tables[t], t.Where, t.Ranges})
				}
			}
		}
		if len(roots) == n {
			return nil, fmt.Errorf("no study, figure or table is named %q; there are: %s (a study that the variables disable is left out)", name, g.outputNames())
		}
	}
	want, seen := map[*Cell]bool{}, map[*Cell]bool{}
	for _, r := range roots {
		addNeeds(r.c, r.where, r.ranges, want, seen)
	}
	var out []*Cell
	for _, c := range g.Cells {
		if want[c] {
			out = append(out, c)
		}
	}
	return out, nil
}

// addNeeds adds to want the row cells (builds excluded) that output cell
// c (a dataset, figure or table) needs, the cells of the rows where and
// ranges (a figure's or a table's) keep, with every input those need;
// seen holds the cells walked so far.
func addNeeds(c *Cell, where map[string][]dataset.Value, ranges map[string]dataset.Range, want, seen map[*Cell]bool) {
	var walk func(c *Cell)
	walk = func(c *Cell) {
		if seen[c] {
			return
		}
		seen[c] = true
		if rowCell(c) && c.Kind != KindBuild {
			want[c] = true
		}
		for _, in := range c.Inputs {
			walk(in)
		}
	}
	if c.Kind == KindDataset || (where == nil && ranges == nil) {
		walk(c)
		return
	}
	// A figure's or table's datasets: the study's and the overlays'
	// (which where filters on the columns they have).
	for _, d := range c.Inputs {
		if d.Kind != KindDataset || d.study == nil {
			walk(d)
			continue
		}
		for _, in := range d.study.keptInputs(d, where, ranges) {
			walk(in)
		}
	}
}

// keptInputs returns the inputs of s's dataset cell d that feed a row that
// where and ranges may keep: a row is left out only when one of its
// identity, parameter or sim columns, known before anything is computed,
// fails a condition; conditions on columns s lacks are ignored, as a
// figure ignores them for an overlay. The inputs of literal and clex
// studies, and of a dataset cell whose rows cannot be matched with the
// study's instances and points, are all kept.
func (s *Study) keptInputs(d *Cell, where map[string][]dataset.Value, ranges map[string]dataset.Range) []*Cell {
	var p struct {
		Rows []struct {
			Inputs []int `json:"inputs"`
		} `json:"rows"`
	}
	if s.Literal != nil || s.Clex != nil || json.Unmarshal(d.Params, &p) != nil || len(p.Rows) != s.Rows() {
		return d.Inputs
	}
	index := map[string]int{}
	for i, c := range s.Columns {
		index[c.Name] = i
	}
	// known returns the column name's value in the row of instance in at
	// point pt, if the column is one whose values are known before
	// anything is computed.
	known := func(name string, t *Topology, in *Instance, pt map[string]any) (dataset.Value, bool) {
		i, ok := index[name]
		if !ok {
			return dataset.Value{}, false
		}
		if c := s.Columns[i]; !c.Metric && c.Clex == "" {
			return knownValue(c, t, in, pt), true
		}
		return dataset.Value{}, false
	}
	keep := func(t *Topology, in *Instance, pt map[string]any) bool {
		for name, wants := range where {
			if v, ok := known(name, t, in, pt); ok && !slices.ContainsFunc(wants, v.Equal) {
				return false
			}
		}
		for name, r := range ranges {
			if v, ok := known(name, t, in, pt); ok && !r.Contains(v) {
				return false
			}
		}
		return true
	}
	points := []map[string]any{nil}
	if s.Sim != nil {
		points = s.Sim.Points
	}
	var out []*Cell
	row := 0
	for _, t := range s.Topologies {
		for _, in := range t.Instances {
			for _, pt := range points {
				if keep(t, in, pt) {
					for _, i := range p.Rows[row].Inputs {
						out = append(out, d.Inputs[i])
					}
				}
				row++
			}
		}
	}
	return out
}

// outputNames lists the studies, figures and tables of g (the first 20 in
// name order), for messages.
func (g *Graph) outputNames() string {
	var names []string
	for _, e := range g.Experiments {
		for _, s := range e.Studies {
			names = append(names, s.Name)
		}
		for _, f := range e.Figures {
			names = append(names, f.Name)
		}
		for _, t := range e.Tables {
			names = append(names, t.Name)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	switch {
	case len(names) == 0:
		return "none"
	case len(names) > 20:
		return fmt.Sprintf("%s and %d more", strings.Join(names[:20], ", "), len(names)-20)
	}
	return strings.Join(names, ", ")
}
