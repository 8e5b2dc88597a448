package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/gonum/stat/distuv"
)

// MeanSpec merges the rows of a table that differ only in the columns
// Over, such as the seed of a random family: each group of such rows
// (replicates) becomes one row holding the mean of every numeric column of
// Values with its spread. The columns of neither list identify a group.
type MeanSpec struct {
	// Over lists the replicate columns; they are dropped.
	Over []string
	// Values lists the columns to average (a study's metric columns).
	Values []string
}

// Suffixes of the columns MeanOver adds for a numeric value column, and
// the name of the column that counts a group's rows.
const (
	MinSuffix        = "_min"
	MaxSuffix        = "_max"
	CISuffix         = "_ci95"
	ReplicatesColumn = "replicates"
)

// MeanColumns returns the names and kinds of the columns MeanOver makes of
// a value column of kind k: the mean (Float for numbers, k otherwise) and,
// for numbers, the smallest and largest value (kind k) and the 95%
// confidence half-width of the mean (Float).
func MeanColumns(name string, k dataset.Kind) (names []string, kinds []dataset.Kind) {
	if k != dataset.Int && k != dataset.Float {
		return []string{name}, []dataset.Kind{k}
	}
	return []string{name, name + MinSuffix, name + MaxSuffix, name + CISuffix},
		[]dataset.Kind{dataset.Float, k, k, dataset.Float}
}

// MeanOver returns t with the rows of each group of replicates (rows equal
// in every column that is neither in spec.Over nor in spec.Values) merged
// into one, in the order of the groups' first rows (t itself when
// spec.Over is empty). A numeric value column x becomes its mean over the
// group's non-null values, followed by x_min, x_max and x_ci95 (the
// half-width of the 95% confidence interval of the mean, Student's t; null
// for fewer than two values); a value column of strings or booleans keeps
// the group's value if all its rows agree, else null. The column
// replicates counts the rows of each group.
func MeanOver(spec MeanSpec, t *dataset.Table) (*dataset.Table, error) {
	if len(spec.Over) == 0 {
		return t, nil
	}
	for _, name := range slices.Concat(spec.Over, spec.Values) {
		if t.Column(name) == nil {
			return nil, fmt.Errorf("mean_over: no column %q (available: %s)", name, strings.Join(t.ColumnNames(), ", "))
		}
	}
	if t.Column(ReplicatesColumn) != nil {
		return nil, fmt.Errorf("mean_over: the table already has a column %q", ReplicatesColumn)
	}
	var keys []*dataset.Column
	for _, c := range t.Columns {
		if !slices.Contains(spec.Over, c.Name) && !slices.Contains(spec.Values, c.Name) {
			keys = append(keys, c)
		}
	}
	// Group the rows by their key columns.
	index := map[string]int{}
	var groups [][]int
	var sb strings.Builder
	for r := range t.NumRows() {
		sb.Reset()
		for _, c := range keys {
			v := c.Value(r)
			fmt.Fprintf(&sb, "%d:%d:%s\x00", v.Kind, len(v.String()), v.String())
		}
		g, ok := index[sb.String()]
		if !ok {
			g = len(groups)
			index[sb.String()] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], r)
	}
	out := &dataset.Table{Meta: t.Meta}
	for _, c := range t.Columns {
		switch {
		case slices.Contains(spec.Over, c.Name):
		case slices.Contains(spec.Values, c.Name):
			cols, err := meanColumns(c, groups)
			if err != nil {
				return nil, err
			}
			out.Columns = append(out.Columns, cols...)
		default:
			nc := dataset.NewColumn(c.Name, c.Kind, c.Unit)
			nc.Doc = c.Doc
			for _, g := range groups {
				if err := nc.Append(c.Value(g[0])); err != nil {
					return nil, err
				}
			}
			out.Columns = append(out.Columns, nc)
		}
	}
	rep := dataset.NewColumn(ReplicatesColumn, dataset.Int, "rows")
	rep.Doc = "rows merged into this one (replicates over " + strings.Join(spec.Over, ", ") + ")"
	for _, g := range groups {
		if err := rep.Append(dataset.IntValue(int64(len(g)))); err != nil {
			return nil, err
		}
	}
	out.Columns = append(out.Columns, rep)
	for _, c := range out.Columns {
		if n := out.Column(c.Name); n != c {
			return nil, fmt.Errorf("mean_over: column %q would appear twice", c.Name)
		}
	}
	return out, nil
}

// meanColumns returns the merged columns of value column c over groups.
func meanColumns(c *dataset.Column, groups [][]int) ([]*dataset.Column, error) {
	names, kinds := MeanColumns(c.Name, c.Kind)
	cols := make([]*dataset.Column, len(names))
	for i := range names {
		cols[i] = dataset.NewColumn(names[i], kinds[i], c.Unit)
	}
	cols[0].Doc = c.Doc
	if len(cols) == 1 {
		for _, g := range groups {
			v := c.Value(g[0])
			for _, r := range g[1:] {
				if w := c.Value(r); !w.Equal(v) || w.IsNull() {
					v = dataset.Value{}
					break
				}
			}
			if err := cols[0].Append(v); err != nil {
				return nil, err
			}
		}
		return cols, nil
	}
	if c.Doc != "" {
		cols[0].Doc = "mean of " + c.Doc
	}
	cols[1].Doc, cols[2].Doc = "smallest "+c.Name+" of the replicates", "largest "+c.Name+" of the replicates"
	cols[3].Unit = c.Unit
	cols[3].Doc = "half-width of the 95% confidence interval of the mean of " + c.Name + " (Student's t)"
	for _, g := range groups {
		var vals []float64
		lo, hi := dataset.Value{}, dataset.Value{}
		for _, r := range g {
			v := c.Value(r)
			x, ok := v.Float64()
			if !ok || math.IsNaN(x) {
				continue
			}
			vals = append(vals, x)
			if y, _ := lo.Float64(); lo.IsNull() || x < y {
				lo = v
			}
			if y, _ := hi.Float64(); hi.IsNull() || x > y {
				hi = v
			}
		}
		mean, ci := dataset.Value{}, dataset.Value{}
		if n := len(vals); n > 0 {
			var sum float64
			for _, x := range vals {
				sum += x
			}
			mean = dataset.FloatValue(sum / float64(n))
			if n > 1 {
				ci = dataset.FloatValue(CIHalfWidth(vals))
			}
		}
		for i, v := range []dataset.Value{mean, lo, hi, ci} {
			if err := cols[i].Append(v); err != nil {
				return nil, err
			}
		}
	}
	return cols, nil
}

// CIHalfWidth returns the half-width of the 95% confidence interval of the
// mean of xs (Student's t with n-1 degrees of freedom), NaN for n < 2.
func CIHalfWidth(xs []float64) float64 {
	n := len(xs)
	if n < 2 {
		return math.NaN()
	}
	var sum, sq float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	for _, x := range xs {
		sq += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(sq / float64(n-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975)
	return t * sd / math.Sqrt(float64(n))
}
