package report

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Line and marker sizes.
var (
	dataLineWidth  = vg.Points(1.2) // a data series' line
	modelLineWidth = vg.Points(2.4) // a lines-only (model) curve
	markerRadius   = vg.Points(2.5)
	errorLineWidth = vg.Points(0.8)
	errorCapWidth  = vg.Points(4)
)

// bandAlpha is the opacity of an error band (of 255).
const bandAlpha = 0x40

// The ingredients of data series styles: the D3/matplotlib "category10"
// colours, four dash patterns and eight marker shapes (filled and open in
// turn). See dataStyle.
var (
	palette = []color.Color{
		rgb(0x1f, 0x77, 0xb4), rgb(0xff, 0x7f, 0x0e), rgb(0x2c, 0xa0, 0x2c),
		rgb(0xd6, 0x27, 0x28), rgb(0x94, 0x67, 0xbd), rgb(0x8c, 0x56, 0x4b),
		rgb(0xe3, 0x77, 0xc2), rgb(0x7f, 0x7f, 0x7f), rgb(0xbc, 0xbd, 0x22),
		rgb(0x17, 0xbe, 0xcf),
	}
	dashes = [][]vg.Length{
		nil, // solid
		{vg.Points(6), vg.Points(3)},
		{vg.Points(2), vg.Points(2)},
		{vg.Points(7), vg.Points(2), vg.Points(2), vg.Points(2)},
	}
	shapes = []draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.SquareGlyph{}, draw.PyramidGlyph{},
		draw.TriangleGlyph{}, draw.CrossGlyph{}, draw.BoxGlyph{},
		draw.RingGlyph{}, draw.PlusGlyph{},
	}
	// Model curves: black, then two greys, each with four dash patterns.
	modelColors = []color.Color{rgb(0, 0, 0), rgb(0x55, 0x55, 0x55), rgb(0x99, 0x99, 0x99)}
	modelDashes = [][]vg.Length{
		nil,
		{vg.Points(9), vg.Points(4)},
		{vg.Points(2.5), vg.Points(3)},
		{vg.Points(9), vg.Points(3), vg.Points(2.5), vg.Points(3)},
	}
)

// DistinctStyles is the number of data series that dataStyle gives
// pairwise different (colour, dash pattern, marker) triples; series beyond
// it repeat the styles of the first ones.
const DistinctStyles = 320 // 10 colours x 4 dash patterns x 8 markers

func rgb(r, g, b uint8) color.Color { return color.RGBA{R: r, G: g, B: b, A: 0xff} }

// seriesStyle is how one series is drawn.
type seriesStyle struct {
	Color  color.Color
	Dashes []vg.Length      // nil: a solid line
	Width  vg.Length        // line width
	Shape  draw.GlyphDrawer // nil: no markers
}

// dataStyle returns the style of the i-th data series: colour i mod 10,
// dash pattern ⌊i/10⌋ mod 4 (the first ten series are solid) and marker
// (i + ⌊i/40⌋) mod 8. Series of the same colour differ in dash pattern
// and, among the first 40, in marker too; the first DistinctStyles
// triples are pairwise different.
func dataStyle(i int) seriesStyle {
	return seriesStyle{
		Color:  palette[i%len(palette)],
		Dashes: dashes[(i/len(palette))%len(dashes)],
		Width:  dataLineWidth,
		Shape:  shapes[(i+i/(len(palette)*len(dashes)))%len(shapes)],
	}
}

// modelStyle returns the style of the i-th lines-only (model) curve: a
// thick line without markers, black for the first four (solid, dashed,
// dotted, dash-dotted), then in two greys with the same patterns.
func modelStyle(i int) seriesStyle {
	return seriesStyle{
		Color:  modelColors[(i/len(modelDashes))%len(modelColors)],
		Dashes: modelDashes[i%len(modelDashes)],
		Width:  modelLineWidth,
	}
}

// lineStyle returns the line style of st.
func (st seriesStyle) lineStyle() draw.LineStyle {
	return draw.LineStyle{Color: st.Color, Width: st.Width, Dashes: st.Dashes}
}

// glyphStyle returns the marker style of st.
func (st seriesStyle) glyphStyle() draw.GlyphStyle {
	return draw.GlyphStyle{Color: st.Color, Radius: markerRadius, Shape: st.Shape}
}

// extent returns how far the marks of a series of style st reach beyond
// its points: the marker radius, or half the line width.
func (st seriesStyle) extent() vg.Length {
	if st.Shape != nil {
		return markerRadius
	}
	return st.Width / 2
}

// seriesPlotters returns the plotters of one series: a line in st unless
// lines is false (a lines-only style always has its line) and markers if
// st has a shape.
func seriesPlotters(pts plotter.XYs, st seriesStyle, lines bool, label string) ([]plot.Plotter, error) {
	var out []plot.Plotter
	if lines || st.Shape == nil {
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("series %q: %w", label, err)
		}
		l.LineStyle = st.lineStyle()
		out = append(out, l)
	}
	if st.Shape != nil {
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, fmt.Errorf("series %q: %w", label, err)
		}
		s.GlyphStyle = st.glyphStyle()
		out = append(out, s)
	}
	return out, nil
}

// yErrs is a series with an error below and above each point.
type yErrs struct {
	plotter.XYs
	lo, hi []float64
}

// YError returns the error below and above point i.
func (e yErrs) YError(i int) (float64, float64) { return e.lo[i], e.hi[i] }

// errorExtents returns the error below and above each point of a series
// with half-widths errs: errs itself, except that on a log axis the lower
// end is kept positive (at a hundredth of the value at the least), as a
// log axis cannot show zero.
func errorExtents(pts plotter.XYs, errs []float64, ylog bool) (lo, hi []float64) {
	lo = make([]float64, len(errs))
	copy(lo, errs)
	for i, e := range errs {
		if ylog && pts[i].Y-e < pts[i].Y/100 {
			lo[i] = pts[i].Y - pts[i].Y/100
		}
	}
	return lo, errs
}

// errorBars returns error bars reaching lo below and hi above each point,
// in the colour of st.
func errorBars(pts plotter.XYs, lo, hi []float64, st seriesStyle) (plot.Plotter, error) {
	b, err := plotter.NewYErrorBars(yErrs{pts, lo, hi})
	if err != nil {
		return nil, err
	}
	b.LineStyle = draw.LineStyle{Color: st.Color, Width: errorLineWidth}
	b.CapWidth = errorCapWidth
	return b, nil
}

// bandColor returns the translucent fill colour of an error band of a
// series in colour c.
func bandColor(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: bandAlpha}
}

// bandPolygon returns the outline of the band from y-lo to y+hi along pts.
func bandPolygon(pts plotter.XYs, lo, hi []float64) plotter.XYs {
	out := make(plotter.XYs, 0, 2*len(pts))
	for i, pt := range pts {
		out = append(out, plotter.XY{X: pt.X, Y: pt.Y + hi[i]})
	}
	for i := len(pts) - 1; i >= 0; i-- {
		out = append(out, plotter.XY{X: pts[i].X, Y: pts[i].Y - lo[i]})
	}
	return out
}

// band returns a translucent band from y-lo to y+hi along pts in the
// colour of st.
func band(pts plotter.XYs, lo, hi []float64, st seriesStyle) (plot.Plotter, error) {
	poly, err := plotter.NewPolygon(bandPolygon(pts, lo, hi))
	if err != nil {
		return nil, err
	}
	poly.Color = bandColor(st.Color)
	poly.LineStyle.Width = 0
	return poly, nil
}
