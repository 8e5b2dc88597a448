package report

import (
	"errors"
	"fmt"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// DataSeriesKeys returns the style keys of the data series the figure
// described by spec would draw from t, in the order RenderFigure styles
// them: each combination of Series values (with several Y columns, each y
// column of it) that has a point, except lines-only series. Passed as
// FigureSpec.StyleKeys to the rendering of a subset of t's rows, it gives
// every series the style it has in the figure of all of t. Rows that a log
// axis could not draw count as no point.
func DataSeriesKeys(spec FigureSpec, t *dataset.Table) ([]string, error) {
	if t == nil {
		return nil, nil
	}
	o, err := figureOpts(spec)
	if err != nil {
		return nil, err
	}
	xcol, ycols, scols, err := figureColumns(spec, t)
	if err != nil {
		return nil, err
	}
	groups := newSeriesGroups(scols)
	xa := newXAxis(xcol, o.bars)
	has := map[[2]int]bool{} // {y, combo} with a point
	for r := 0; r < t.NumRows(); r++ {
		combo := groups.of(r)
		x, ok := xa.value(r)
		if !ok || o.xlog && x <= 0 {
			continue
		}
		for yi, yc := range ycols {
			if y, ok := number(yc, r); ok && (!o.ylog || y > 0) {
				has[[2]int{yi, combo}] = true
			}
		}
	}
	lineOnly := lineOnlySet(spec)
	var keys []string
	for yi := range ycols {
		for combo, ck := range groups.keys {
			if !has[[2]int{yi, combo}] {
				continue
			}
			key, label := groups.label(combo, yi, ycols, spec.SeriesLabels)
			if spec.AllLinesOnly || lineOnly[key] || lineOnly[label] {
				continue
			}
			keys = append(keys, styleKeyOf(spec.Y[yi], ck))
		}
	}
	return keys, nil
}

// styleKeyOf is the style key of the series of y column y and series
// values of group key combo (the Series columns' groupKeys joined by NUL).
func styleKeyOf(y, combo string) string { return y + "\x01" + combo }

// figureColumns resolves the x, y and series columns of spec in t.
func figureColumns(spec FigureSpec, t *dataset.Table) (x *dataset.Column, ys, series []*dataset.Column, err error) {
	if spec.Bars {
		x, err = lookup(t, "x", spec.X)
	} else {
		x, err = numericColumn(t, "x", spec.X)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	if len(spec.Y) == 0 {
		return nil, nil, nil, errors.New("no y column given")
	}
	ys = make([]*dataset.Column, len(spec.Y))
	for i, name := range spec.Y {
		if ys[i], err = numericColumn(t, "y", name); err != nil {
			return nil, nil, nil, err
		}
	}
	series = make([]*dataset.Column, len(spec.Series))
	for i, name := range spec.Series {
		if series[i], err = lookup(t, "series", name); err != nil {
			return nil, nil, nil, err
		}
	}
	return x, ys, series, nil
}

// seriesGroups numbers the combinations of series values of a table's
// rows in order of first appearance.
type seriesGroups struct {
	cols  []*dataset.Column
	idx   map[string]int
	keys  []string   // the group key of each combination (groupKeys joined by NUL)
	parts [][]string // the displayed series values of each combination
	buf   []string
}

func newSeriesGroups(cols []*dataset.Column) *seriesGroups {
	return &seriesGroups{cols: cols, idx: map[string]int{}, buf: make([]string, len(cols))}
}

// of returns the number of row r's combination.
func (g *seriesGroups) of(r int) int {
	for i, c := range g.cols {
		g.buf[i] = groupKey(c.Value(r))
	}
	k := strings.Join(g.buf, "\x00")
	combo, ok := g.idx[k]
	if !ok {
		combo = len(g.keys)
		g.idx[k] = combo
		g.keys = append(g.keys, k)
		parts := make([]string, len(g.cols))
		for i, c := range g.cols {
			parts[i] = display(c.Value(r))
		}
		g.parts = append(g.parts, parts)
	}
	return combo
}

// label returns the key and display label of the series of combination
// combo and y column yi: the combination's values, then the y column's
// name when there are several y columns or no series columns.
func (g *seriesGroups) label(combo, yi int, ycols []*dataset.Column, labels map[string]string) (key, label string) {
	parts := g.parts[combo]
	if len(ycols) > 1 || len(g.cols) == 0 {
		parts = append(parts[:len(parts):len(parts)], ycols[yi].Name)
	}
	return seriesLabel(parts, labels)
}

// lineOnlySet is spec.LinesOnly as a set of series keys and labels.
func lineOnlySet(spec FigureSpec) map[string]bool {
	set := make(map[string]bool, len(spec.LinesOnly))
	for _, s := range spec.LinesOnly {
		set[s] = true
	}
	return set
}

// legendOrder returns the position in the legend of each of entries,
// whose series keys are keys: the series order names (by key or label)
// first, in that order, then the others as they are.
func legendOrder(order, keys []string, entries []legendEntry) ([]int, error) {
	perm := make([]int, len(entries))
	placed := make([]bool, len(entries))
	next := 0
	for _, name := range order {
		found := false
		for i, e := range entries {
			if keys[i] == name || e.label == name {
				found = true
				if !placed[i] {
					placed[i] = true
					perm[i] = next
					next++
				}
			}
		}
		if !found {
			have := make([]string, len(entries))
			for i, e := range entries {
				have[i] = fmt.Sprintf("%q", e.label)
			}
			return nil, fmt.Errorf("legend order: %q is not a series of the figure (series: %s)", name, strings.Join(have, ", "))
		}
	}
	for i := range entries {
		if !placed[i] {
			perm[i] = next
			next++
		}
	}
	return perm, nil
}

// xAxis reads the x values of a figure's rows: the numbers of the x
// column or, in a bar figure, the index of each row's category (its x
// value, numbered in order of first appearance).
type xAxis struct {
	col   *dataset.Column
	bars  bool
	idx   map[string]int
	names []string // the displayed value of each category
}

func newXAxis(col *dataset.Column, bars bool) *xAxis {
	return &xAxis{col: col, bars: bars, idx: map[string]int{}}
}

// value returns the x value of row r, false if it has none.
func (a *xAxis) value(r int) (float64, bool) {
	if !a.bars {
		return number(a.col, r)
	}
	v := a.col.Value(r)
	if v.IsNull() {
		return 0, false
	}
	k := groupKey(v)
	i, ok := a.idx[k]
	if !ok {
		i = len(a.names)
		a.idx[k] = i
		a.names = append(a.names, display(v))
	}
	return float64(i), true
}
