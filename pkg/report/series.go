package report

import (
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
	xcol, err := numericColumn(t, "x", spec.X)
	if err != nil {
		return nil, err
	}
	ycols := make([]*dataset.Column, len(spec.Y))
	for i, name := range spec.Y {
		if ycols[i], err = numericColumn(t, "y", name); err != nil {
			return nil, err
		}
	}
	scols := make([]*dataset.Column, len(spec.Series))
	for i, name := range spec.Series {
		if scols[i], err = lookup(t, "series", name); err != nil {
			return nil, err
		}
	}
	var (
		comboIdx  = map[string]int{}
		comboKeys []string
		parts     [][]string
		has       = map[[2]int]bool{} // {y, combo} with a point
		keyParts  = make([]string, len(scols))
	)
	for r := 0; r < t.NumRows(); r++ {
		for i, c := range scols {
			keyParts[i] = groupKey(c.Value(r))
		}
		k := strings.Join(keyParts, "\x00")
		combo, ok := comboIdx[k]
		if !ok {
			combo = len(comboKeys)
			comboIdx[k] = combo
			comboKeys = append(comboKeys, k)
			p := make([]string, len(scols))
			for i, c := range scols {
				p[i] = display(c.Value(r))
			}
			parts = append(parts, p)
		}
		x, ok := number(xcol, r)
		if !ok || o.xlog && x <= 0 {
			continue
		}
		for yi, yc := range ycols {
			if y, ok := number(yc, r); ok && (!o.ylog || y > 0) {
				has[[2]int{yi, combo}] = true
			}
		}
	}
	lineOnly := map[string]bool{}
	for _, s := range spec.LinesOnly {
		lineOnly[s] = true
	}
	var keys []string
	for yi := range ycols {
		for combo, ck := range comboKeys {
			if !has[[2]int{yi, combo}] {
				continue
			}
			p := parts[combo]
			if len(ycols) > 1 || len(scols) == 0 {
				p = append(p[:len(p):len(p)], ycols[yi].Name)
			}
			key, label := seriesLabel(p, spec.SeriesLabels)
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
