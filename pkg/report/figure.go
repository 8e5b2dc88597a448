package report

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// FigureSpec describes a line/marker figure drawn from the columns of a
// table.
type FigureSpec struct {
	Name, Title string

	// X is the column for the x axis; it must hold numbers.
	X string
	// Y lists one or more numeric columns for the y axis. Several y
	// columns give several series.
	Y []string
	// Series lists columns whose distinct value combinations split the
	// data into series (lines). They may be of any kind.
	Series []string
	// Panels optionally names a column with one panel (sub-plot) per
	// distinct value, laid out in a grid in order of first appearance.
	Panels string
	// PanelCols is the number of panels per row; 0 means
	// ceil(sqrt(#panels)).
	PanelCols int

	// Bars draws a grouped bar chart instead of lines and markers: X
	// then names categories (a column of any kind), one group of bars per
	// distinct value in order of first appearance, labelled with the
	// value; each series with a point in a group has a bar there, side by
	// side in legend order, from 0 to its y value. A bar figure has a
	// linear y axis with 0 in its range, no x limits and no lines-only
	// series.
	Bars bool

	// XScale and YScale are "linear" (the default when empty) or "log".
	XScale, YScale string
	// XLabel and YLabel default to the column name with its unit in
	// brackets, as in "avg_hops [hops]". With several y columns the
	// default lists them all.
	XLabel, YLabel string
	// XMin, XMax, YMin and YMax optionally fix the axis limits.
	XMin, XMax, YMin, YMax *float64

	// Width and Height give the size of one panel in centimetres;
	// 0 means 12 by 8.
	Width, Height float64
	// Legend is the legend position, one of LegendPositions: "auto" (the
	// default when empty) puts it in the first corner of the data area,
	// of top-right, top-left, bottom-right and bottom-left, where it hides
	// no marker, line, error bar or band; if some panel has no such
	// corner, outside (as "outside") if the panels keep at least half
	// their data area's width and height, else in the corner where it
	// hides the fewest markers (then lines). "top-right",
	// "top-left", "bottom-right" and "bottom-left" put it in that corner
	// whatever it hides; "outside-right" and "outside-bottom" put one
	// legend of all series beside or below the panels, which shrink to
	// make room; "outside" takes the side that leaves the panels at least
	// half the figure's width or height and takes less of its area (right
	// on a tie); "none" draws none.
	Legend string
	// LegendTitle, if not nil, is the legend's title ("" for none). By
	// default a legend whose entries are the values of one Series column
	// (with one Y column) is titled with the column's name and unit, as
	// "buffer [flits]" for a column buffer_flits in flits, unless the
	// column is "label" or "topology", whose values are names already.
	LegendTitle *string
	// Lines says whether to join the points of a series by lines; nil
	// means true. Markers are drawn unless the series is lines-only.
	Lines *bool
	// LinesOnly lists series, by key or display label (see RenderFigure),
	// drawn as model curves: thick lines without markers, black (then
	// grey) with a dash pattern of their own. AllLinesOnly draws every
	// series so.
	LinesOnly    []string
	AllLinesOnly bool
	// LegendOrder lists series, by key or display label (see
	// RenderFigure), whose legend entries come first, in that order; the
	// others follow in order of first appearance. It orders the legend
	// only: the series' styles and the order they are drawn in are
	// unchanged. A name the figure has no series for is an error.
	LegendOrder []string
	// SeriesLabels maps series keys (see RenderFigure), or the parts they
	// are made of (a series column's value, a y column's name), to
	// display names.
	SeriesLabels map[string]string
	// YErr optionally gives, for each column of Y, a numeric column with
	// the half-width of an error interval at every point (such as the 95%
	// confidence interval of a mean over seeds); "" draws none. Empty or
	// of the length of Y.
	YErr []string
	// ErrorStyle is how YErr is drawn, one of ErrorStyles: "bars" (the
	// default when empty) or "band", a translucent band in the series'
	// colour (a series of one point gets a bar).
	ErrorStyle string
	// StyleKeys, if not empty, fixes the styles of the data series: the
	// series whose style key is the i-th of the list takes the i-th data
	// style, and series not in the list take the styles after it, in
	// order of first appearance. Set it to DataSeriesKeys of the
	// unfiltered data so that figures drawing different rows of one study
	// (a where filter) style each series alike; package eval does.
	StyleKeys []string
}

// ErrorStyles lists the values of FigureSpec.ErrorStyle ("" is "bars").
var ErrorStyles = []string{"bars", "band"}

// Figure rendering constants.
const (
	// PNGDPI is the resolution of PNG figures, in dots per inch.
	PNGDPI = 150
	// DefaultWidth and DefaultHeight are the panel size used when a
	// FigureSpec gives none, in centimetres.
	DefaultWidth  = 12.0
	DefaultHeight = 8.0
	// TitleBand is the height, in centimetres, added above the panels of
	// a figure with a Panels column and a title.
	TitleBand = 1.0
)

// RenderFigure draws the figure described by spec from the rows of t and
// returns it as PDF (fonts embedded) and as PNG (PNGDPI dots per inch).
//
// Rows whose x or y value is null, NaN or infinite are skipped. Each series
// is one combination of Series values (and, with several Y columns, one y
// column), drawn with its points sorted by x. Its key, the default legend
// label, joins its Series values and then, with several Y columns, the y
// column's name with ", " ("SF, min", "PN, avg_distance"); its label is
// spec.SeriesLabels of the key, or else of each part. A figure with a
// single Y column and no Series columns has no legend.
//
// Series are styled in order of first appearance in the table (or of
// spec.StyleKeys), the same in every panel: data series by colour, dash
// pattern and marker, pairwise different for the first DistinctStyles;
// lines-only series (LinesOnly) as thick black or grey lines with their own
// dash patterns.
//
// With a Panels column the figure is a grid of panels titled "col = value",
// each Width by Height, with spec.Title (if any) in a band of TitleBand
// centimetres above them; panels have their own axis ranges unless limits
// are set. Without one, the figure is a single Width by Height plot titled
// spec.Title. An axis end without a limit is padded beyond the data so
// that markers at the extremes are drawn whole inside the axes.
//
// A log axis uses plot.LogScale with tick marks at powers of ten (and
// their multiples), labelled 10^n, and rejects non-positive data and
// limits. Texts may hold combining marks (k̄) and "^{...}" superscripts.
// Errors name the figure; a missing column error lists the available ones.
//
// The output is deterministic: equal inputs give identical PDF and PNG
// bytes. The PDF creation and modification dates are fixed at 2000-01-01
// UTC (set as fpdf package defaults when this package is initialised).
func RenderFigure(spec FigureSpec, t *dataset.Table) (pdf, png []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			pdf, png, err = nil, nil, fmt.Errorf("report: figure %q: %v", spec.Name, p)
		}
	}()
	fig, err := buildFigure(spec, t)
	if err != nil {
		return nil, nil, fmt.Errorf("report: figure %q: %w", spec.Name, err)
	}
	if pdf, err = fig.renderPDF(); err != nil {
		return nil, nil, fmt.Errorf("report: figure %q: pdf: %w", spec.Name, err)
	}
	if png, err = fig.renderPNG(); err != nil {
		return nil, nil, fmt.Errorf("report: figure %q: png: %w", spec.Name, err)
	}
	return pdf, png, nil
}

// FigureOutside describes the points of the figure of spec and t that its
// fixed axis limits (XMin, XMax, YMin, YMax) leave out of the plot, for a
// note under the figure: "" when every point is drawn, else how many of
// how many and beyond which limit, e.g. "3 of 120 points lie outside the
// axes and are not drawn: 3 above y_max = 100" (limits by their names in
// an experiment file; a bar figure's bars are cut at the limit). A point
// beyond two limits
// counts once in the total and under each limit. Error bars and bands are
// not counted.
func FigureOutside(spec FigureSpec, t *dataset.Table) (note string, err error) {
	defer func() {
		if p := recover(); p != nil {
			note, err = "", fmt.Errorf("report: figure %q: %v", spec.Name, p)
		}
	}()
	fig, err := buildFigure(spec, t)
	if err != nil {
		return "", fmt.Errorf("report: figure %q: %w", spec.Name, err)
	}
	limits := []struct {
		name  string
		v     *float64
		below bool
		y     bool
	}{{"x_min", spec.XMin, true, false}, {"x_max", spec.XMax, false, false}, {"y_min", spec.YMin, true, true}, {"y_max", spec.YMax, false, true}}
	counts := make([]int, len(limits))
	total, out := 0, 0
	for _, pn := range fig.panels {
		for _, s := range pn.series {
			for _, p := range s.pts {
				total++
				beyond := false
				for i, l := range limits {
					c := p.X
					if l.y {
						c = p.Y
					}
					if l.v != nil && ((l.below && c < *l.v) || (!l.below && c > *l.v)) {
						counts[i]++
						beyond = true
					}
				}
				if beyond {
					out++
				}
			}
		}
	}
	if out == 0 {
		return "", nil
	}
	var parts []string
	for i, l := range limits {
		if counts[i] > 0 {
			side := "above"
			if l.below {
				side = "below"
			}
			parts = append(parts, fmt.Sprintf("%d %s %s = %s", counts[i], side, l.name, strconv.FormatFloat(*l.v, 'g', -1, 64)))
		}
	}
	if spec.Bars {
		verb := "reach beyond the axes and are"
		if out == 1 {
			verb = "reaches beyond the axes and is"
		}
		return fmt.Sprintf("%d of %d bars %s cut at the limit: %s", out, total, verb, strings.Join(parts, ", ")), nil
	}
	verb := "lie outside the axes and are"
	if out == 1 {
		verb = "lies outside the axes and is"
	}
	return fmt.Sprintf("%d of %d points %s not drawn: %s", out, total, verb, strings.Join(parts, ", ")), nil
}

// figure is a laid-out figure ready to be drawn on any canvas.
type figure struct {
	title          string         // drawn above the plot or, in a band of height titleH, above a grid
	plots          [][]*plot.Plot // rows × cols; nil where the grid has no panel
	panels         map[*plot.Plot]*panel
	entries        []legendEntry // every series that has points, in style order
	legendTitle    string
	legend         legendPos // legendNone when the figure has no legend
	panelW, panelH vg.Length
	titleH         vg.Length
}

// panel is one plot of a figure with the series drawn on it.
type panel struct {
	plot     *plot.Plot
	series   []*drawnSeries
	plotters []plot.Plotter // added to plot after its grid, in order
	x, y     axisRange      // before padding
}

// add adds ps to the plot of pn.
func (pn *panel) add(ps ...plot.Plotter) {
	pn.plot.Add(ps...)
	pn.plotters = append(pn.plotters, ps...)
}

// drawnSeries is one series of a panel.
type drawnSeries struct {
	entry  int // index in figure.entries
	label  string
	style  seriesStyle
	pts    plotter.XYs // in a bar figure, the centres of the bars' tops
	lines  bool
	barW   float64   // a bar figure's bar width in x units; 0: lines and markers
	lo, hi []float64 // error below and above each point; nil for none
	band   bool
}

// entries returns the legend entries of the series of pn, in the order
// of f.entries.
func (pn *panel) entries(f *figure) []legendEntry {
	idx := make([]int, 0, len(pn.series))
	for _, s := range pn.series {
		idx = append(idx, s.entry)
	}
	slices.Sort(idx)
	out := make([]legendEntry, len(idx))
	for i, e := range idx {
		out[i] = f.entries[e]
	}
	return out
}

// extent returns how far the marks of pn's series reach beyond their
// points.
func (pn *panel) extent() vg.Length {
	var m vg.Length
	for _, s := range pn.series {
		m = max(m, s.style.extent())
	}
	return m
}

// figureOptions are the validated display options of a FigureSpec.
type figureOptions struct {
	xlog, ylog bool
	bars       bool
	lines      bool
	legend     legendPos
	band       bool
	w, h       vg.Length
}

func figureOpts(spec FigureSpec) (figureOptions, error) {
	var o figureOptions
	var err error
	if o.xlog, err = parseScale("x", spec.XScale); err != nil {
		return o, err
	}
	if o.ylog, err = parseScale("y", spec.YScale); err != nil {
		return o, err
	}
	o.lines = spec.Lines == nil || *spec.Lines
	if spec.Bars {
		switch {
		case o.xlog || o.ylog:
			return o, errors.New("a bar figure has linear axes (x names categories; bars start at 0)")
		case spec.XMin != nil || spec.XMax != nil:
			return o, errors.New("a bar figure has no x limits: its x axis names categories")
		case spec.AllLinesOnly || len(spec.LinesOnly) > 0:
			return o, errors.New("a bar figure has no lines-only series")
		case spec.ErrorStyle == "band":
			return o, errors.New("a bar figure draws error bars, not bands")
		}
		o.bars, o.lines = true, false
	}
	if o.legend, err = parseLegend(spec.Legend); err != nil {
		return o, err
	}
	switch spec.ErrorStyle {
	case "", "bars":
	case "band":
		o.band = true
	default:
		return o, fmt.Errorf("unknown error style %q (want %s)", spec.ErrorStyle, strings.Join(ErrorStyles, " or "))
	}
	w, h := spec.Width, spec.Height
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	if !(w > 0 && h > 0) || math.IsInf(w, 0) || math.IsInf(h, 0) || w > 1000 || h > 1000 {
		return o, fmt.Errorf("invalid panel size %g x %g cm", w, h)
	}
	o.w, o.h = vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter
	if spec.PanelCols < 0 {
		return o, fmt.Errorf("negative PanelCols %d", spec.PanelCols)
	}
	return o, nil
}

// buildFigure validates spec against t and lays out the plots.
func buildFigure(spec FigureSpec, t *dataset.Table) (*figure, error) {
	if t == nil {
		return nil, errors.New("nil table")
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	o, err := figureOpts(spec)
	if err != nil {
		return nil, err
	}
	xcol, ycols, scols, err := figureColumns(spec, t)
	if err != nil {
		return nil, err
	}
	if len(spec.YErr) != 0 && len(spec.YErr) != len(spec.Y) {
		return nil, fmt.Errorf("%d error-bar columns for %d y columns", len(spec.YErr), len(spec.Y))
	}
	errcols := make([]*dataset.Column, len(spec.Y))
	for i, name := range spec.YErr {
		if name == "" {
			continue
		}
		if errcols[i], err = numericColumn(t, "error bar", name); err != nil {
			return nil, err
		}
	}
	var pcol *dataset.Column
	if spec.Panels != "" {
		if pcol, err = lookup(t, "panel", spec.Panels); err != nil {
			return nil, err
		}
	}
	for _, l := range []struct {
		name string
		v    *float64
		log  bool
	}{{"XMin", spec.XMin, o.xlog}, {"XMax", spec.XMax, o.xlog}, {"YMin", spec.YMin, o.ylog}, {"YMax", spec.YMax, o.ylog}} {
		if l.v == nil {
			continue
		}
		if math.IsNaN(*l.v) || math.IsInf(*l.v, 0) {
			return nil, fmt.Errorf("%s is %v", l.name, *l.v)
		}
		if l.log && *l.v <= 0 {
			return nil, fmt.Errorf("%s = %v on a log axis; a log axis needs positive limits", l.name, *l.v)
		}
	}
	if spec.XMin != nil && spec.XMax != nil && *spec.XMin >= *spec.XMax {
		return nil, fmt.Errorf("XMin %v is not below XMax %v", *spec.XMin, *spec.XMax)
	}
	if spec.YMin != nil && spec.YMax != nil && *spec.YMin >= *spec.YMax {
		return nil, fmt.Errorf("YMin %v is not below YMax %v", *spec.YMin, *spec.YMax)
	}

	// Group the rows into panels and series, in order of first appearance.
	type pointsKey struct{ panel, y, combo int }
	var (
		panelIdx    = map[string]int{}
		panelTitles []string
		groups      = newSeriesGroups(scols)
		points      = map[pointsKey]plotter.XYs{}
		errs        = map[pointsKey][]float64{}
	)
	if pcol == nil {
		panelTitles = []string{spec.Title}
	}
	xa := newXAxis(xcol, o.bars)
	for r := 0; r < t.NumRows(); r++ {
		panel := 0
		if pcol != nil {
			v := pcol.Value(r)
			k := groupKey(v)
			i, ok := panelIdx[k]
			if !ok {
				i = len(panelTitles)
				panelIdx[k] = i
				panelTitles = append(panelTitles, pcol.Name+" = "+display(v))
			}
			panel = i
		}
		combo := groups.of(r)
		x, ok := xa.value(r)
		if !ok {
			continue
		}
		if o.xlog && x <= 0 {
			return nil, fmt.Errorf("a log x axis needs positive values, but column %q holds %v (row %d of the figure's data); use a linear scale, or leave such rows out (where)", xcol.Name, x, r+1)
		}
		for yi, yc := range ycols {
			y, ok := number(yc, r)
			if !ok {
				continue
			}
			if o.ylog && y <= 0 {
				return nil, fmt.Errorf("a log y axis needs positive values, but column %q holds %v (row %d of the figure's data); use a linear scale, or leave such rows out (where)", yc.Name, y, r+1)
			}
			pk := pointsKey{panel, yi, combo}
			points[pk] = append(points[pk], plotter.XY{X: x, Y: y})
			e := 0.0
			if errcols[yi] != nil {
				if v, ok := number(errcols[yi], r); ok && v >= 0 {
					e = v
				}
			}
			errs[pk] = append(errs[pk], e)
		}
	}
	if len(panelTitles) == 0 { // a Panels column but no rows
		panelTitles = []string{""}
	}
	panels := 0
	if pcol != nil {
		panels = len(panelTitles)
	}
	if err := CheckGrid(spec, panels); err != nil {
		return nil, err
	}

	// Label and style every series with points, in order: y column, then
	// combination of series values.
	type seriesKey struct{ y, combo int }
	f := &figure{panelW: o.w, panelH: o.h, legend: o.legend, panels: map[*plot.Plot]*panel{}}
	entryOf := map[seriesKey]int{}
	lineOnly := lineOnlySet(spec)
	usedLineOnly := map[string]bool{}
	styleIdx := make(map[string]int, len(spec.StyleKeys))
	for i, k := range spec.StyleKeys {
		if _, dup := styleIdx[k]; !dup {
			styleIdx[k] = i
		}
	}
	var nData, nModel int
	var entryKeys []string // the key of each of f.entries
	for yi := range ycols {
		for combo := range groups.parts {
			has := false
			for p := range panelTitles {
				has = has || len(points[pointsKey{p, yi, combo}]) > 0
			}
			if !has {
				continue
			}
			key, label := groups.label(combo, yi, ycols, spec.SeriesLabels)
			var st seriesStyle
			if spec.AllLinesOnly || lineOnly[key] || lineOnly[label] {
				usedLineOnly[key], usedLineOnly[label] = true, true
				st = modelStyle(nModel)
				nModel++
			} else if i, ok := styleIdx[styleKeyOf(spec.Y[yi], groups.keys[combo])]; ok {
				st = dataStyle(i)
			} else {
				st = dataStyle(len(spec.StyleKeys) + nData)
				nData++
			}
			e := legendEntry{label: label, style: st, bar: o.bars}
			if errcols[yi] != nil {
				e.errors = "bars"
				if o.band {
					e.errors = "band"
				}
			}
			entryOf[seriesKey{yi, combo}] = len(f.entries)
			f.entries = append(f.entries, e)
			entryKeys = append(entryKeys, key)
		}
	}
	if len(spec.LegendOrder) > 0 {
		perm, err := legendOrder(spec.LegendOrder, entryKeys, f.entries)
		if err != nil {
			return nil, err
		}
		entries := make([]legendEntry, len(f.entries))
		for old, e := range f.entries {
			entries[perm[old]] = e
		}
		f.entries = entries
		for k, old := range entryOf {
			entryOf[k] = perm[old]
		}
	}
	for _, s := range spec.LinesOnly {
		if !usedLineOnly[s] {
			var have []string
			for _, e := range f.entries {
				have = append(have, fmt.Sprintf("%q", e.label))
			}
			return nil, fmt.Errorf("lines-only series %q is not a series of the figure (series: %s)", s, strings.Join(have, ", "))
		}
	}
	if !o.lines && spec.AllLinesOnly {
		o.lines = true
	}
	if o.legend == legendNone || (len(scols) == 0 && len(ycols) == 1) || len(f.entries) == 0 {
		f.legend = legendNone
	}
	switch {
	case spec.LegendTitle != nil:
		f.legendTitle = *spec.LegendTitle
	case len(scols) == 1 && len(ycols) == 1:
		f.legendTitle = defaultLegendTitle(scols[0])
	}

	xlabel, ylabel := spec.XLabel, spec.YLabel
	if xlabel == "" {
		xlabel = axisLabel(xcol)
	}
	if ylabel == "" {
		ylabel = yLabel(ycols)
	}
	plots := make([]*plot.Plot, len(panelTitles))
	for p := range plots {
		title := panelTitles[p]
		if pcol == nil {
			title = "" // drawn by figure.draw, across an outside legend too
		}
		pl := newPlot(title, xlabel, ylabel, o)
		pn := &panel{plot: pl}
		var slots barSlots
		if o.bars {
			slots = newBarSlots()
			for yi := range ycols {
				for combo := range groups.parts {
					slots.add(entryOf[seriesKey{yi, combo}], points[pointsKey{p, yi, combo}])
				}
			}
		}
		for yi := range ycols {
			for combo := range groups.parts {
				pk := pointsKey{p, yi, combo}
				pts, es := points[pk], errs[pk]
				if len(pts) == 0 {
					continue
				}
				if o.bars {
					pts = slots.place(entryOf[seriesKey{yi, combo}], pts)
				}
				order := make([]int, len(pts))
				for i := range order {
					order[i] = i
				}
				sort.SliceStable(order, func(i, j int) bool { return pts[order[i]].X < pts[order[j]].X })
				s := &drawnSeries{entry: entryOf[seriesKey{yi, combo}], pts: make(plotter.XYs, len(pts))}
				sortedErr := make([]float64, len(pts))
				for i, k := range order {
					s.pts[i], sortedErr[i] = pts[k], es[k]
				}
				e := f.entries[s.entry]
				s.label, s.style = e.label, e.style
				s.lines = o.lines || s.style.Shape == nil
				if o.bars {
					s.lines, s.barW = false, slots.width()
				}
				if errcols[yi] != nil {
					s.lo, s.hi = errorExtents(s.pts, sortedErr, o.ylog)
					s.band = o.band && len(s.pts) > 1
				}
				pn.series = append(pn.series, s)
			}
		}
		// Bands first, beneath every line and marker.
		for _, s := range pn.series {
			if s.band {
				b, err := band(s.pts, s.lo, s.hi, s.style)
				if err != nil {
					return nil, err
				}
				pn.add(b)
			}
		}
		for _, s := range pn.series {
			if s.barW > 0 {
				pn.add(barsPlotter{pts: s.pts, w: s.barW, style: s.style})
			} else {
				ps, err := seriesPlotters(s.pts, s.style, o.lines, s.label)
				if err != nil {
					return nil, err
				}
				pn.add(ps...)
			}
			if s.lo != nil && !s.band {
				st := s.style
				if s.barW > 0 {
					st.Color = barOutline.Color // visible on the bar
				}
				b, err := errorBars(s.pts, s.lo, s.hi, st)
				if err != nil {
					return nil, err
				}
				pn.add(b)
			}
		}
		if err := setRange(&pl.X, spec.XMin, spec.XMax, o.xlog); err != nil {
			return nil, err
		}
		if err := setRange(&pl.Y, spec.YMin, spec.YMax, o.ylog); err != nil {
			return nil, err
		}
		pn.x = axisRange{lo: pl.X.Min, hi: pl.X.Max, autoLo: spec.XMin == nil, autoHi: spec.XMax == nil, log: o.xlog}
		pn.y = axisRange{lo: pl.Y.Min, hi: pl.Y.Max, autoLo: spec.YMin == nil, autoHi: spec.YMax == nil, log: o.ylog}
		if o.bars {
			categoryAxis(pn, xa.names)
		}
		f.panels[pl] = pn
		plots[p] = pl
	}

	if pcol == nil {
		f.plots = [][]*plot.Plot{{plots[0]}}
		f.title = spec.Title
		return f, nil
	}
	cols, rows := gridShape(spec.PanelCols, len(plots))
	f.plots = make([][]*plot.Plot, rows)
	for j := range f.plots {
		f.plots[j] = make([]*plot.Plot, cols)
		for i := range f.plots[j] {
			if k := j*cols + i; k < len(plots) {
				f.plots[j][i] = plots[k]
			}
		}
	}
	if spec.Title != "" {
		f.title = spec.Title
		f.titleH = vg.Length(TitleBand) * vg.Centimeter
	}
	return f, nil
}

// plotTitlePadding is the space below the title of a plot.
var plotTitlePadding = vg.Points(4)

// plotTitleStyle returns the style of the title of a plot.
func plotTitleStyle() text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, vg.Points(11)),
		XAlign:  draw.XCenter,
		YAlign:  draw.YTop,
		Handler: figureText,
	}
}

// newPlot returns an empty plot with runexp's styling.
func newPlot(title, xlabel, ylabel string, o figureOptions) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle = plotTitleStyle()
	p.Title.Padding = plotTitlePadding
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(10)
		a.Label.TextStyle.Handler = figureText
		a.Tick.Label.Font.Size = vg.Points(9)
		a.Tick.Label.Handler = figureText
		a.Tick.Length = vg.Points(5)
		a.Tick.Marker = linearTicks{}
	}
	if o.xlog {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if o.ylog {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xdd}
	if o.bars {
		grid.Vertical.Color = nil // no lines through the groups of bars
	}
	grid.Horizontal.Color = color.Gray{Y: 0xdd}
	p.Add(grid)
	return p
}
