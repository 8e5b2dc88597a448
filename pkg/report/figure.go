package report

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
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
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
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
	// Legend is the legend position: "top-left", "top-right" (the
	// default when empty), "bottom-left", "bottom-right" or "none".
	Legend string
	// Lines says whether to join the points of a series by lines; nil
	// means true. Markers are always drawn.
	Lines *bool
	// SeriesLabels optionally maps series keys (the default legend
	// labels, see RenderFigure) to display names.
	SeriesLabels map[string]string
	// YErr optionally gives, for each column of Y, a numeric column with
	// the half-width of an error bar drawn at every point (such as the
	// 95% confidence interval of a mean over seeds); "" draws none. Empty
	// or of the length of Y.
	YErr []string
}

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

// palette holds the series colours (the D3/matplotlib "category10"
// palette); shapes the marker shapes. Series i is drawn in
// palette[i%10] with shapes[i%8], so the first 40 series differ.
var (
	palette = []color.Color{
		rgb(0x1f, 0x77, 0xb4), rgb(0xff, 0x7f, 0x0e), rgb(0x2c, 0xa0, 0x2c),
		rgb(0xd6, 0x27, 0x28), rgb(0x94, 0x67, 0xbd), rgb(0x8c, 0x56, 0x4b),
		rgb(0xe3, 0x77, 0xc2), rgb(0x7f, 0x7f, 0x7f), rgb(0xbc, 0xbd, 0x22),
		rgb(0x17, 0xbe, 0xcf),
	}
	shapes = []draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
		draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{},
		draw.RingGlyph{}, draw.BoxGlyph{},
	}
)

func rgb(r, g, b uint8) color.Color { return color.RGBA{R: r, G: g, B: b, A: 0xff} }

// RenderFigure draws the figure described by spec from the rows of t and
// returns it as PDF (fonts embedded) and as PNG (PNGDPI dots per inch).
//
// Rows whose x or y value is null, NaN or infinite are skipped. Each series
// is one combination of Series values (and, with several Y columns, one y
// column); it is drawn in a fixed colour and marker shape assigned in order
// of first appearance in the table, the same in every panel, with its
// points sorted by x. Its legend label, which is also its key in
// spec.SeriesLabels, is the series value with one Series column, "a=1,
// b=x" with several, and is prefixed by the y column ("latency: min") when
// there are several Y columns. A figure with a single Y column and no
// Series columns has no legend.
//
// With a Panels column the figure is a grid of panels titled "col = value",
// each Width by Height, with spec.Title (if any) in a band of TitleBand
// centimetres above them; panels have their own axis ranges unless limits
// are set. Without one, the figure is a single Width by Height plot titled
// spec.Title.
//
// A log axis uses plot.LogScale with tick marks at powers of ten (and
// their multiples), and rejects non-positive data and limits. Errors name
// the figure; a missing column error lists the available ones.
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

// figure is a laid-out figure ready to be drawn on any canvas.
type figure struct {
	title          string         // drawn above a multi-panel grid
	plots          [][]*plot.Plot // rows × cols; nil where the grid has no panel
	legends        map[*plot.Plot]*legend
	series         map[*plot.Plot][]plotter.XYs // the points of each plot's series, for tests
	panelW, panelH vg.Length
	titleH         vg.Length
}

// legend is the legend of one panel. It is drawn by drawPlot inside the
// data area, on a white box, rather than by plot.Plot.Draw.
type legend struct {
	plot.Legend
	labels []string
}

func (l *legend) add(label string, thumbs ...plot.Thumbnailer) {
	l.Add(label, thumbs...)
	l.labels = append(l.labels, label)
}

// box returns the area covered by the legend when drawn on c, following
// the placement logic of plot.Legend.Draw.
func (l *legend) box(c draw.Canvas) vg.Rectangle {
	sty := l.TextStyle
	var width, enth vg.Length
	for _, s := range l.labels {
		width = max(width, l.ThumbnailWidth+sty.Width(" "+s))
		enth = max(enth, sty.Rectangle(s).Max.Y)
	}
	n := vg.Length(len(l.labels))
	descent := sty.FontExtents().Descent
	var r vg.Rectangle
	if l.Left {
		r.Min.X = c.Min.X + l.XOffs
		r.Max.X = r.Min.X + width
	} else {
		r.Max.X = c.Max.X + l.XOffs
		r.Min.X = r.Max.X - width
	}
	y := c.Max.Y - enth - descent // the lowest point of the first entry
	if !l.Top {
		y = c.Min.Y + (enth+l.Padding)*(n-1)
	}
	y += l.YOffs
	r.Max.Y = y + enth
	r.Min.Y = y - (n-1)*(enth+l.Padding)
	m := vg.Points(2)
	r.Min.X, r.Min.Y, r.Max.X, r.Max.Y = r.Min.X-m, r.Min.Y-m, r.Max.X+m, r.Max.Y+m
	return r
}

// drawPlot draws p and then its legend onto c.
func (f *figure) drawPlot(p *plot.Plot, c draw.Canvas) {
	p.Draw(c)
	l := f.legends[p]
	if l == nil || len(l.labels) == 0 {
		return
	}
	dc := p.DataCanvas(c)
	box := l.box(dc).Path()
	dc.SetColor(color.White)
	dc.Fill(box)
	dc.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 0xbb}, Width: vg.Points(0.5)})
	dc.Stroke(box)
	l.Draw(dc)
}

// size returns the size of the whole figure.
func (f *figure) size() (w, h vg.Length) {
	return vg.Length(len(f.plots[0])) * f.panelW, vg.Length(len(f.plots))*f.panelH + f.titleH
}

// draw draws the figure onto dc.
func (f *figure) draw(dc draw.Canvas) {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if f.titleH > 0 {
		sty := text.Style{
			Color:   color.Black,
			Font:    font.From(plot.DefaultFont, vg.Points(12)),
			XAlign:  draw.XCenter,
			YAlign:  draw.YCenter,
			Handler: plot.DefaultTextHandler,
		}
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y - f.titleH/2}, f.title)
		dc.Max.Y -= f.titleH
	}
	rows, cols := len(f.plots), len(f.plots[0])
	if rows == 1 && cols == 1 {
		f.drawPlot(f.plots[0][0], dc)
		return
	}
	pad := 2 * vg.Millimeter
	tiles := draw.Tiles{
		Rows: rows, Cols: cols,
		PadX: pad, PadY: pad,
		PadTop: pad, PadBottom: pad, PadLeft: pad, PadRight: pad,
	}
	canvases := plot.Align(f.plots, tiles, dc)
	for j, row := range f.plots {
		for i, p := range row {
			if p != nil {
				f.drawPlot(p, canvases[j][i])
			}
		}
	}
}

func (f *figure) renderPDF() ([]byte, error) {
	w, h := f.size()
	c := vgpdf.New(w, h)
	c.EmbedFonts(true)
	f.draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (f *figure) renderPNG() ([]byte, error) {
	w, h := f.size()
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))
	f.draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// figureOptions are the validated display options of a FigureSpec.
type figureOptions struct {
	xlog, ylog            bool
	lines                 bool
	legend                bool
	legendTop, legendLeft bool
	w, h                  vg.Length
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
	o.legend = true
	switch spec.Legend {
	case "", "top-right":
		o.legendTop = true
	case "top-left":
		o.legendTop, o.legendLeft = true, true
	case "bottom-left":
		o.legendLeft = true
	case "bottom-right":
	case "none":
		o.legend = false
	default:
		return o, fmt.Errorf("unknown legend position %q (want top-left, top-right, bottom-left, bottom-right or none)", spec.Legend)
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
	xcol, err := numericColumn(t, "x", spec.X)
	if err != nil {
		return nil, err
	}
	if len(spec.Y) == 0 {
		return nil, errors.New("no y column given")
	}
	ycols := make([]*dataset.Column, len(spec.Y))
	for i, name := range spec.Y {
		if ycols[i], err = numericColumn(t, "y", name); err != nil {
			return nil, err
		}
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
	scols := make([]*dataset.Column, len(spec.Series))
	for i, name := range spec.Series {
		if scols[i], err = lookup(t, "series", name); err != nil {
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
		comboIdx    = map[string]int{}
		comboLabels []string
		points      = map[pointsKey]plotter.XYs{}
		errs        = map[pointsKey][]float64{}
		keyParts    = make([]string, len(scols))
		labelParts  = make([]string, len(scols))
	)
	if pcol == nil {
		panelTitles = []string{spec.Title}
	}
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
		for i, c := range scols {
			v := c.Value(r)
			keyParts[i] = groupKey(v)
			if len(scols) == 1 {
				labelParts[i] = display(v)
			} else {
				labelParts[i] = c.Name + "=" + display(v)
			}
		}
		k := strings.Join(keyParts, "\x00")
		combo, ok := comboIdx[k]
		if !ok {
			combo = len(comboLabels)
			comboIdx[k] = combo
			comboLabels = append(comboLabels, strings.Join(labelParts, ", "))
		}
		x, ok := number(xcol, r)
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

	label := func(yi, combo int) string {
		var l string
		switch {
		case len(ycols) == 1:
			l = comboLabels[combo]
			if len(scols) == 0 {
				l = ycols[0].Name
			}
		case len(scols) == 0:
			l = ycols[yi].Name
		default:
			l = ycols[yi].Name + ": " + comboLabels[combo]
		}
		if d, ok := spec.SeriesLabels[l]; ok {
			return d
		}
		return l
	}
	showLegend := o.legend && (len(scols) > 0 || len(ycols) > 1)
	xlabel, ylabel := spec.XLabel, spec.YLabel
	if xlabel == "" {
		xlabel = axisLabel(xcol)
	}
	if ylabel == "" {
		ylabel = yLabel(ycols)
	}

	plots := make([]*plot.Plot, len(panelTitles))
	legends := make(map[*plot.Plot]*legend, len(plots))
	series := make(map[*plot.Plot][]plotter.XYs, len(plots))
	for p := range plots {
		pl, leg := newPlot(panelTitles[p], xlabel, ylabel, o)
		legends[pl] = leg
		for yi := range ycols {
			for combo := range comboLabels {
				pk := pointsKey{p, yi, combo}
				pts, es := points[pk], errs[pk]
				if len(pts) == 0 {
					continue
				}
				order := make([]int, len(pts))
				for i := range order {
					order[i] = i
				}
				sort.SliceStable(order, func(i, j int) bool { return pts[order[i]].X < pts[order[j]].X })
				sorted := make(plotter.XYs, len(pts))
				sortedErr := make([]float64, len(pts))
				for i, k := range order {
					sorted[i], sortedErr[i] = pts[k], es[k]
				}
				pts = sorted
				series[pl] = append(series[pl], pts)
				l := leg
				if !showLegend {
					l = nil
				}
				style := yi*len(comboLabels) + combo
				if err := addSeries(pl, l, pts, style, label(yi, combo), o.lines); err != nil {
					return nil, err
				}
				if errcols[yi] != nil {
					if err := addErrorBars(pl, pts, sortedErr, style); err != nil {
						return nil, err
					}
				}
			}
		}
		if err := setRange(&pl.X, spec.XMin, spec.XMax, o.xlog); err != nil {
			return nil, err
		}
		if err := setRange(&pl.Y, spec.YMin, spec.YMax, o.ylog); err != nil {
			return nil, err
		}
		plots[p] = pl
	}

	f := &figure{panelW: o.w, panelH: o.h, legends: legends, series: series}
	if pcol == nil {
		f.plots = [][]*plot.Plot{{plots[0]}}
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

// newPlot returns an empty plot with runexp's styling and its legend.
func newPlot(title, xlabel, ylabel string, o figureOptions) (*plot.Plot, *legend) {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Title.Padding = vg.Points(4)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(10)
		a.Tick.Label.Font.Size = vg.Points(9)
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
	l := &legend{Legend: plot.NewLegend()}
	l.TextStyle.Font.Size = vg.Points(9)
	l.Top, l.Left = o.legendTop, o.legendLeft
	l.ThumbnailWidth = vg.Points(16)
	l.XOffs = vg.Points(-5)
	if o.legendLeft {
		l.XOffs = vg.Points(5)
	}
	l.YOffs = vg.Points(-5)
	if !o.legendTop {
		l.YOffs = vg.Points(5)
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xdd}
	grid.Horizontal.Color = color.Gray{Y: 0xdd}
	p.Add(grid)
	return p, l
}

// addSeries adds one series, drawn in style i, to p and, unless it is nil,
// to the legend l.
func addSeries(p *plot.Plot, l *legend, pts plotter.XYs, i int, label string, lines bool) error {
	clr := palette[i%len(palette)]
	var thumbs []plot.Thumbnailer
	if lines {
		l, err := plotter.NewLine(pts)
		if err != nil {
			return fmt.Errorf("series %q: %w", label, err)
		}
		l.LineStyle = draw.LineStyle{Color: clr, Width: vg.Points(1.2)}
		p.Add(l)
		thumbs = append(thumbs, l)
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return fmt.Errorf("series %q: %w", label, err)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: clr, Radius: vg.Points(2.5), Shape: shapes[i%len(shapes)]}
	p.Add(s)
	thumbs = append(thumbs, s)
	if l != nil {
		l.add(label, thumbs...)
	}
	return nil
}

// yErrs is a series with a symmetric error per point.
type yErrs struct {
	plotter.XYs
	errs []float64
}

// YError returns the error below and above point i.
func (e yErrs) YError(i int) (float64, float64) { return e.errs[i], e.errs[i] }

// addErrorBars draws symmetric error bars of half-widths errs at pts in
// style i.
func addErrorBars(p *plot.Plot, pts plotter.XYs, errs []float64, i int) error {
	b, err := plotter.NewYErrorBars(yErrs{pts, errs})
	if err != nil {
		return err
	}
	b.LineStyle = draw.LineStyle{Color: palette[i%len(palette)], Width: vg.Points(0.8)}
	b.CapWidth = vg.Points(4)
	p.Add(b)
	return nil
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
