package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

func parseScale(axis, s string) (log bool, err error) {
	switch s {
	case "", "linear":
		return false, nil
	case "log":
		return true, nil
	}
	return false, fmt.Errorf("unknown %s scale %q (want linear or log)", axis, s)
}

// lookup returns the named column of t or an error listing the columns.
func lookup(t *dataset.Table, role, name string) (*dataset.Column, error) {
	if name == "" {
		return nil, fmt.Errorf("no %s column given", role)
	}
	if c := t.Column(name); c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("%s column %q missing (available: %s)", role, name, strings.Join(t.ColumnNames(), ", "))
}

// numericColumn is lookup for columns that must hold numbers.
func numericColumn(t *dataset.Table, role, name string) (*dataset.Column, error) {
	c, err := lookup(t, role, name)
	if err != nil {
		return nil, err
	}
	if c.Kind != dataset.Int && c.Kind != dataset.Float {
		return nil, fmt.Errorf("%s column %q holds %s values, want int or float", role, name, c.Kind)
	}
	return c, nil
}

// number returns row r of the numeric column c and whether it is plottable.
func number(c *dataset.Column, r int) (float64, bool) {
	if !c.IsValid(r) {
		return 0, false
	}
	if c.Kind == dataset.Int {
		return float64(c.Ints[r]), true
	}
	f := c.Floats[r]
	return f, !math.IsNaN(f) && !math.IsInf(f, 0)
}

// display formats a grouping value for legends and panel titles.
func display(v dataset.Value) string {
	if v.IsNull() {
		return "null"
	}
	return v.String()
}

// groupKey identifies a value for grouping, keeping kinds apart.
func groupKey(v dataset.Value) string {
	return strconv.Itoa(int(v.Kind)) + ":" + v.String()
}

// axisLabel returns the default label of a column: its name, followed by
// its unit in brackets if it has one.
func axisLabel(c *dataset.Column) string {
	if c.Unit == "" {
		return c.Name
	}
	return c.Name + " [" + c.Unit + "]"
}

// yLabel returns the default y axis label for the y columns ys.
func yLabel(ys []*dataset.Column) string {
	if len(ys) == 1 {
		return axisLabel(ys[0])
	}
	names := make([]string, len(ys))
	sameUnit := true
	for i, c := range ys {
		names[i] = c.Name
		sameUnit = sameUnit && c.Unit == ys[0].Unit
	}
	if sameUnit {
		if ys[0].Unit == "" {
			return strings.Join(names, ", ")
		}
		return strings.Join(names, ", ") + " [" + ys[0].Unit + "]"
	}
	for i, c := range ys {
		names[i] = axisLabel(c)
	}
	return strings.Join(names, ", ")
}

// setRange applies optional fixed limits to an axis whose range plot.Add
// has set from the data (±Inf when there is none), and makes the range
// non-empty and, on a log axis, positive.
func setRange(a *plot.Axis, min, max *float64, log bool) error {
	if min != nil {
		a.Min = *min
	}
	if max != nil {
		a.Max = *max
	}
	lo, hi := a.Min, a.Max
	// widen moves a bound away from a fixed one.
	below := func(v float64) float64 {
		if log {
			return v / 10
		}
		return v - 1
	}
	above := func(v float64) float64 {
		if log {
			return v * 10
		}
		return v + 1
	}
	switch {
	case math.IsInf(lo, 0) && math.IsInf(hi, 0): // no data, no limits
		lo, hi = 0, 1
		if log {
			lo, hi = 1, 10
		}
	case math.IsInf(lo, 0):
		lo = below(hi)
	case math.IsInf(hi, 0):
		hi = above(lo)
	}
	if min == nil && max == nil && !log && lo < hi && hi-lo <= 1e-9*math.Max(math.Abs(lo), math.Abs(hi)) {
		// Values equal but for rounding noise: draw them as one value,
		// not as a zoomed-in band of noise.
		mid := lo + (hi-lo)/2
		d := 0.1 * math.Abs(mid)
		lo, hi = mid-d, mid+d
	}
	if lo >= hi {
		switch {
		case min == nil && max == nil: // a single distinct value
			if log {
				lo, hi = lo/2, hi*2
			} else {
				lo, hi = lo-1, hi+1
			}
		case min == nil: // data above the fixed maximum
			lo = below(hi)
		default: // data below the fixed minimum
			hi = above(lo)
		}
	}
	if log && !(lo > 0) {
		return fmt.Errorf("log axis range [%v, %v] is not positive", lo, hi)
	}
	a.Min, a.Max = lo, hi
	return nil
}

// axisRange is the range of an axis before padding, and which of its ends
// follow the data (rather than a fixed limit).
type axisRange struct {
	lo, hi         float64
	autoLo, autoHi bool
	log            bool
}

// padded returns the range widened at its automatic ends so that, on an
// axis of length l, each such end lies a margin m beyond the data: a
// marker of radius up to m at the extreme of the data is then drawn whole
// inside the axes. On a log axis the margin is in decades.
func (a axisRange) padded(m, l vg.Length) (lo, hi float64) {
	n := 0
	if a.autoLo {
		n++
	}
	if a.autoHi {
		n++
	}
	if n == 0 || !(l > vg.Length(n)*m) || m <= 0 {
		return a.lo, a.hi
	}
	lo, hi = a.lo, a.hi
	if a.log {
		lo, hi = math.Log10(lo), math.Log10(hi)
	}
	total := (hi - lo) * float64(l/(l-vg.Length(n)*m))
	d := total * float64(m/l)
	if a.autoLo {
		lo -= d
	}
	if a.autoHi {
		hi += d
	}
	if a.log {
		return math.Pow(10, lo), math.Pow(10, hi)
	}
	return lo, hi
}
