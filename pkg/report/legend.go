package report

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LegendPositions lists the values of FigureSpec.Legend ("" is "auto").
var LegendPositions = []string{"auto", "top-right", "top-left", "bottom-right", "bottom-left", "outside", "outside-right", "outside-bottom", "none"}

// legendPos is a parsed legend position.
type legendPos int

const (
	legendAuto legendPos = iota
	legendTopRight
	legendTopLeft
	legendBottomRight
	legendBottomLeft
	legendOutside // right, or below when a legend on the right would take half the width
	legendOutsideRight
	legendOutsideBottom
	legendNone
)

// corners are the inside positions in the order auto placement tries them.
var corners = []legendPos{legendTopRight, legendTopLeft, legendBottomRight, legendBottomLeft}

func (p legendPos) String() string {
	if p == legendAuto {
		return "auto"
	}
	return LegendPositions[p]
}

func parseLegend(s string) (legendPos, error) {
	if s == "" {
		return legendAuto, nil
	}
	for i, name := range LegendPositions {
		if s == name {
			return legendPos(i), nil
		}
	}
	return 0, fmt.Errorf("unknown legend position %q (want %s)", s, strings.Join(LegendPositions, ", "))
}

// Legend layout, in points: the thumbnail (a stretch of line with a
// marker) before each label, the gaps, and the padding inside the frame.
var (
	legendFontSize = vg.Points(9)
	legendThumb    = vg.Points(24)
	legendGap      = vg.Points(4)  // thumbnail to label
	legendColGap   = vg.Points(10) // between columns
	legendPad      = vg.Points(4)  // inside the frame
	legendInset    = vg.Points(5)  // from the data area's edges, or from the panels
	legendRowGap   = vg.Points(1)
)

// legendEntry is one series of a figure as its legend shows it.
type legendEntry struct {
	label  string
	style  seriesStyle
	errors string // "", "bars" or "band"
	bar    bool   // a series of a bar figure: a filled box
}

// legendBox is a laid-out legend: its entries in cols columns and rows
// rows (column by column when byColumn, else row by row), and its size.
type legendBox struct {
	title    string
	entries  []legendEntry
	cols     int
	rows     int
	byColumn bool
	colW     vg.Length
	rowH     vg.Length
	titleH   vg.Length
	w, h     vg.Length
}

func legendTextStyle() text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, legendFontSize),
		XAlign:  draw.XLeft,
		YAlign:  draw.YCenter,
		Handler: figureText,
	}
}

// newLegendBox lays out entries in cols columns (at least 1).
func newLegendBox(title string, entries []legendEntry, cols int, byColumn bool) legendBox {
	sty := legendTextStyle()
	cols = max(1, min(cols, len(entries)))
	l := legendBox{title: title, entries: entries, cols: cols, byColumn: byColumn}
	l.rows = (len(entries) + cols - 1) / cols
	ext := sty.FontExtents()
	l.rowH = ext.Ascent + ext.Descent + legendRowGap
	for _, e := range entries {
		l.colW = max(l.colW, legendThumb+legendGap+sty.Width(e.label))
	}
	l.w = vg.Length(cols)*l.colW + vg.Length(cols-1)*legendColGap
	if title != "" {
		l.titleH = l.rowH
		l.w = max(l.w, sty.Width(title))
	}
	l.w += 2 * legendPad
	l.h = l.titleH + vg.Length(l.rows)*l.rowH + 2*legendPad
	return l
}

// at returns the rectangle of the legend with its top-left corner at pt.
func (l legendBox) at(pt vg.Point) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: pt.X, Y: pt.Y - l.h}, Max: vg.Point{X: pt.X + l.w, Y: pt.Y}}
}

// corner returns the rectangle of the legend in corner pos of the data
// area r.
func (l legendBox) corner(r vg.Rectangle, pos legendPos) vg.Rectangle {
	x := r.Max.X - legendInset - l.w
	if pos == legendTopLeft || pos == legendBottomLeft {
		x = r.Min.X + legendInset
	}
	y := r.Max.Y - legendInset
	if pos == legendBottomRight || pos == legendBottomLeft {
		y = r.Min.Y + legendInset + l.h
	}
	return l.at(vg.Point{X: x, Y: y})
}

// draw draws the legend, framed on white, into the rectangle r (of the
// legend's size).
func (l legendBox) draw(c draw.Canvas, r vg.Rectangle) {
	box := r.Path()
	c.SetColor(color.White)
	c.Fill(box)
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 0xbb}, Width: vg.Points(0.5)})
	c.Stroke(box)
	sty := legendTextStyle()
	top := r.Max.Y - legendPad
	left := r.Min.X + legendPad
	if l.title != "" {
		c.FillText(sty, vg.Point{X: left, Y: top - l.rowH/2}, l.title)
		top -= l.titleH
	}
	for i, e := range l.entries {
		row, col := i/l.cols, i%l.cols
		if l.byColumn {
			row, col = i%l.rows, i/l.rows
		}
		x := left + vg.Length(col)*(l.colW+legendColGap)
		y := top - vg.Length(row)*l.rowH - l.rowH/2
		drawThumb(c, e, vg.Rectangle{Min: vg.Point{X: x, Y: y - l.rowH/2}, Max: vg.Point{X: x + legendThumb, Y: y + l.rowH/2}})
		c.FillText(sty, vg.Point{X: x + legendThumb + legendGap, Y: y}, e.label)
	}
}

// drawThumb draws the thumbnail of a legend entry into r: its band or
// error bar, its line and its marker; or, for a bar figure, a box and its
// error bar.
func drawThumb(c draw.Canvas, e legendEntry, r vg.Rectangle) {
	mid := vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}
	half := (r.Max.Y - r.Min.Y) * 0.35
	if e.bar { // the box beneath its error mark, which is drawn dark
		drawBar(c, vg.Rectangle{Min: vg.Point{X: r.Min.X + half, Y: mid.Y - half}, Max: vg.Point{X: r.Max.X - half, Y: mid.Y + half}}, e.style)
		e.style.Color = barOutline.Color
	}
	switch e.errors {
	case "band":
		c.SetColor(bandColor(e.style.Color))
		c.Fill(vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: mid.Y - half}, Max: vg.Point{X: r.Max.X, Y: mid.Y + half}}.Path())
	case "bars":
		ls := draw.LineStyle{Color: e.style.Color, Width: errorLineWidth}
		c.StrokeLine2(ls, mid.X, mid.Y-half, mid.X, mid.Y+half)
		c.StrokeLine2(ls, mid.X-errorCapWidth/2, mid.Y-half, mid.X+errorCapWidth/2, mid.Y-half)
		c.StrokeLine2(ls, mid.X-errorCapWidth/2, mid.Y+half, mid.X+errorCapWidth/2, mid.Y+half)
	}
	if e.bar {
		return
	}
	c.StrokeLine2(e.style.lineStyle(), r.Min.X, mid.Y, r.Max.X, mid.Y)
	if e.style.Shape != nil {
		c.DrawGlyph(e.style.glyphStyle(), mid)
	}
}

// outsideLegend lays out the legend of entries outside the panels of an
// area of size w x h: beside them for legendOutsideRight (one column, more
// if it is taller than h), below them for legendOutsideBottom (as many
// columns as fit w), and for legendOutside on the side that fits (leaves
// the panels at least half the area's width or height) and takes less of
// the area, right on a tie. fits reports whether the legend returned
// fits.
func outsideLegend(title string, entries []legendEntry, pos legendPos, w, h vg.Length) (l legendBox, side legendPos, fits bool) {
	one := newLegendBox(title, entries, 1, true)
	avail := h - one.titleH - 2*legendPad
	cols := 1
	if avail > one.rowH {
		rows := int(avail / one.rowH)
		cols = (len(entries) + rows - 1) / rows
	}
	right := newLegendBox(title, entries, cols, true)
	rightFits := right.w+legendInset <= w/2 && right.h <= h
	cols = max(1, int((w-2*legendPad+legendColGap)/(one.colW+legendColGap)))
	below := newLegendBox(title, entries, cols, false)
	belowFits := below.h+legendInset <= h/2 && below.w <= w
	rightLoss, belowLoss := (right.w+legendInset)*h, (below.h+legendInset)*w
	switch {
	case pos == legendOutsideRight:
		return right, legendOutsideRight, rightFits
	case pos == legendOutsideBottom:
		return below, legendOutsideBottom, belowFits
	case rightFits && (!belowFits || rightLoss <= belowLoss):
		return right, legendOutsideRight, true
	case belowFits:
		return below, legendOutsideBottom, true
	case rightLoss <= belowLoss:
		return right, legendOutsideRight, false
	}
	return below, legendOutsideBottom, false
}

// coverage counts what a legend in rectangle r of data canvas dc would
// hide of the series of pn: markers (points), and line segments, error
// bars and bands (lines).
func (pn *panel) coverage(dc draw.Canvas, r vg.Rectangle) (points, lines int) {
	tx, ty := pn.plot.Transforms(&dc)
	for _, s := range pn.series {
		st := s.style
		pts := make([]vg.Point, len(s.pts))
		for i, p := range s.pts {
			pts[i] = vg.Point{X: tx(p.X), Y: ty(p.Y)}
		}
		if s.barW > 0 {
			points += s.barsHit(tx, ty, r)
		} else if st.Shape != nil {
			for _, p := range pts {
				g := vg.Rectangle{Min: vg.Point{X: p.X - markerRadius, Y: p.Y - markerRadius}, Max: vg.Point{X: p.X + markerRadius, Y: p.Y + markerRadius}}
				if overlaps(g, r) && overlaps(g, dc.Rectangle) {
					points++
				}
			}
		}
		if s.lines {
			for i := 1; i < len(pts); i++ {
				if segmentHits(pts[i-1], pts[i], r) {
					lines++
				}
			}
		}
		if s.lo == nil {
			continue
		}
		lo := make([]vg.Point, len(pts))
		hi := make([]vg.Point, len(pts))
		for i, p := range s.pts {
			lo[i] = vg.Point{X: pts[i].X, Y: ty(p.Y - s.lo[i])}
			hi[i] = vg.Point{X: pts[i].X, Y: ty(p.Y + s.hi[i])}
			if segmentHits(lo[i], hi[i], r) {
				lines++
			}
		}
		if s.band {
			poly := append(append([]vg.Point{}, hi...), reversed(lo)...)
			for i := range poly {
				if segmentHits(poly[i], poly[(i+1)%len(poly)], r) {
					lines++
				}
			}
			if inPolygon(vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}, poly) {
				lines++
			}
		}
	}
	return points, lines
}

func reversed(ps []vg.Point) []vg.Point {
	out := make([]vg.Point, len(ps))
	for i, p := range ps {
		out[len(ps)-1-i] = p
	}
	return out
}

// overlaps reports whether rectangles a and b intersect.
func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X <= b.Max.X && b.Min.X <= a.Max.X && a.Min.Y <= b.Max.Y && b.Min.Y <= a.Max.Y
}

// segmentHits reports whether the segment from a to b meets rectangle r
// (Liang-Barsky clipping).
func segmentHits(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// inPolygon reports whether p lies inside the polygon poly (even-odd rule).
func inPolygon(p vg.Point, poly []vg.Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// seriesLabel returns the key and the display label of a series. parts
// are the values of its series columns and, with several y columns, the y
// column's name last. The key joins the parts with ", " ("SF, min"); the
// label is labels[key] if given, else the parts, each replaced by its
// entry in labels if it has one, joined alike ("SF, MIN" with
// labels = {min = "MIN"}).
func seriesLabel(parts []string, labels map[string]string) (key, label string) {
	key = strings.Join(parts, ", ")
	if d, ok := labels[key]; ok {
		return key, d
	}
	shown := make([]string, len(parts))
	for i, p := range parts {
		shown[i] = p
		if d, ok := labels[p]; ok {
			shown[i] = d
		}
	}
	return key, strings.Join(shown, ", ")
}

// nameColumns are columns whose values are display names already: a
// legend of their values needs no title.
var nameColumns = map[string]bool{"label": true, "topology": true}

// defaultLegendTitle returns the legend title of a figure whose series
// are the values of column c: its name and unit, the unit in brackets and
// not repeated at the end of the name ("buffer [flits]" for the column
// buffer_flits in flits), or "" for a column of names.
func defaultLegendTitle(c *dataset.Column) string {
	if nameColumns[c.Name] {
		return ""
	}
	if c.Unit == "" {
		return c.Name
	}
	name := strings.TrimSuffix(c.Name, "_"+c.Unit)
	if name == "" {
		name = c.Name
	}
	return name + " [" + c.Unit + "]"
}
