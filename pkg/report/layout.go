package report

import (
	"bytes"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
)

// Laying out and drawing a figure: the panels' canvases, axis padding,
// legend placement (in a corner or outside), and rendering to PDF and PNG.

// size returns the size of the whole figure.
func (f *figure) size() (w, h vg.Length) {
	return vg.Length(len(f.plots[0])) * f.panelW, vg.Length(len(f.plots))*f.panelH + f.titleH
}

// canvases returns the canvas of each panel of a figure drawn in area.
// A single plot keeps a small margin at the right and top edges.
func (f *figure) canvases(area draw.Canvas) [][]draw.Canvas {
	rows, cols := len(f.plots), len(f.plots[0])
	if rows == 1 && cols == 1 {
		c := area
		c.Max.X -= vg.Points(4)
		c.Max.Y -= vg.Points(2)
		return [][]draw.Canvas{{c}}
	}
	pad := 2 * vg.Millimeter
	tiles := draw.Tiles{
		Rows: rows, Cols: cols,
		PadX: pad, PadY: pad,
		PadTop: pad, PadBottom: pad, PadLeft: pad, PadRight: pad,
	}
	return plot.Align(f.plots, tiles, area)
}

// layout pads the axis ranges of every panel for its canvas in area and
// returns the canvases.
func (f *figure) layout(area draw.Canvas) [][]draw.Canvas {
	for _, pn := range f.panels {
		pn.plot.X.Min, pn.plot.X.Max = pn.x.lo, pn.x.hi
		pn.plot.Y.Min, pn.plot.Y.Max = pn.y.lo, pn.y.hi
	}
	cs := f.canvases(area)
	for j, row := range f.plots {
		for i, p := range row {
			if p != nil {
				f.panels[p].pad(cs[j][i])
			}
		}
	}
	return f.canvases(area)
}

// pad sets the axis ranges of pn, from the unpadded ones, so that the
// marks of its series at the extremes lie whole inside the axes when drawn
// on c (see axisRange.padded). The data area depends on the tick labels,
// which depend on the range: the smallest data area seen is used.
func (pn *panel) pad(c draw.Canvas) {
	m := pn.extent() + vg.Points(1)
	p := pn.plot
	w, h := vg.Length(math.Inf(1)), vg.Length(math.Inf(1))
	for range 3 {
		dc := p.DataCanvas(c)
		nw, nh := dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y
		if nw >= w && nh >= h {
			break
		}
		w, h = min(w, nw), min(h, nh)
		p.X.Min, p.X.Max = pn.x.padded(m, w)
		p.Y.Min, p.Y.Max = pn.y.padded(m, h)
	}
}

// draw draws the figure onto dc.
func (f *figure) draw(dc draw.Canvas) {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	switch {
	case f.titleH > 0: // the title band of a grid
		sty := text.Style{
			Color:   color.Black,
			Font:    font.From(plot.DefaultFont, vg.Points(12)),
			XAlign:  draw.XCenter,
			YAlign:  draw.YCenter,
			Handler: figureText,
		}
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y - f.titleH/2}, f.title)
		dc.Max.Y -= f.titleH
	case f.title != "": // a single plot's title, centred on the figure as plot.Plot would on the plot
		sty := plotTitleStyle()
		dc.Max.Y -= vg.Points(2)
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y + sty.FontExtents().Descent}, f.title)
		dc.Max.Y -= sty.Rectangle(f.title).Size().Y + plotTitlePadding
	}
	f.drawPlaced(f.place(dc))
}

// placement is where the panels and legends of a figure go on a canvas.
type placement struct {
	canvases [][]draw.Canvas          // of each panel, as f.plots
	corners  map[*plot.Plot]legendPos // a legend inside these panels, in that corner
	outside  *legendBox               // one legend of all series outside the panels, or nil
	box      vg.Rectangle             // where that legend goes
	canvas   draw.Canvas              // the canvas the figure is drawn on
}

// place lays out the panels of f and their legends on dc (the figure less
// its title) and pads the axis ranges to fit.
func (f *figure) place(dc draw.Canvas) placement {
	pos := f.legend
	if pos == legendAuto {
		cs := f.layout(dc)
		if where, ok := f.autoCorners(cs, false); ok {
			return placement{canvases: cs, corners: where, canvas: dc}
		}
		w, h := dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y
		if _, _, fits := outsideLegend(f.legendTitle, f.entries, legendOutside, w, h); fits {
			full := f.dataAreas(cs)
			pl := f.placeOutside(dc, legendOutside)
			if f.roomy(f.dataAreas(pl.canvases), full) {
				return pl
			}
		}
		cs = f.layout(dc)
		where, _ := f.autoCorners(cs, true)
		return placement{canvases: cs, corners: where, canvas: dc}
	}
	switch pos {
	case legendOutside, legendOutsideRight, legendOutsideBottom:
		return f.placeOutside(dc, pos)
	case legendNone:
		return placement{canvases: f.layout(dc), canvas: dc}
	}
	where := map[*plot.Plot]legendPos{}
	for p := range f.panels {
		where[p] = pos
	}
	return placement{canvases: f.layout(dc), corners: where, canvas: dc}
}

// dataAreas returns the data area of each panel drawn on cs, in the order
// of f.plots.
func (f *figure) dataAreas(cs [][]draw.Canvas) []vg.Rectangle {
	var out []vg.Rectangle
	for j, row := range f.plots {
		for i, p := range row {
			if p != nil {
				out = append(out, p.DataCanvas(cs[j][i]).Rectangle)
			}
		}
	}
	return out
}

// roomy reports whether every data area of got is at least half as wide
// and half as high as the one of full: an outside legend may not squeeze
// the panels more.
func (f *figure) roomy(got, full []vg.Rectangle) bool {
	for i, r := range got {
		s, fs := r.Size(), full[i].Size()
		if !(s.X >= fs.X/2 && s.Y >= fs.Y/2) {
			return false
		}
	}
	return true
}

// autoCorners returns, for each panel with a legend, the first corner
// where its legend hides nothing, and false if a panel has no such corner;
// with least, the corner where it hides the fewest markers (then lines)
// for a panel without one.
func (f *figure) autoCorners(cs [][]draw.Canvas, least bool) (map[*plot.Plot]legendPos, bool) {
	where := map[*plot.Plot]legendPos{}
	for j, row := range f.plots {
		for i, p := range row {
			if p == nil {
				continue
			}
			pn := f.panels[p]
			entries := pn.entries(f)
			if len(entries) == 0 {
				continue
			}
			pos, ok := pn.emptyCorner(cs[j][i], newLegendBox(f.legendTitle, entries, 1, true), least)
			if !ok {
				return nil, false
			}
			where[p] = pos
		}
	}
	return where, true
}

// emptyCorner returns the first of corners where legend l, drawn in the
// data area of pn on c, hides nothing of pn's series; with least, if there
// is none, the first where it hides the fewest markers, then lines.
func (pn *panel) emptyCorner(c draw.Canvas, l legendBox, least bool) (legendPos, bool) {
	dc := pn.plot.DataCanvas(c)
	best, bestPts, bestLines := legendTopRight, math.MaxInt, math.MaxInt
	for _, pos := range corners {
		r := l.corner(dc.Rectangle, pos)
		if r.Min.X < dc.Min.X || r.Min.Y < dc.Min.Y {
			continue // larger than the data area
		}
		pts, lines := pn.coverage(dc, r)
		if pts == 0 && lines == 0 {
			return pos, true
		}
		if pts < bestPts || (pts == bestPts && lines < bestLines) {
			best, bestPts, bestLines = pos, pts, lines
		}
	}
	return best, least
}

// legendRect returns the rectangle of the legend of panel p drawn on c in
// corner pos, with the legend.
func (f *figure) legendRect(p *plot.Plot, c draw.Canvas, pos legendPos) (legendBox, vg.Rectangle) {
	l := newLegendBox(f.legendTitle, f.panels[p].entries(f), 1, true)
	return l, l.corner(p.DataCanvas(c).Rectangle, pos)
}

// placeOutside lays out the panels in dc less the room of one legend of
// all series, and that legend beside them (aligned with the top of the
// data area) or below them (centred).
func (f *figure) placeOutside(dc draw.Canvas, pos legendPos) placement {
	w, h := dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y
	l, pos, _ := outsideLegend(f.legendTitle, f.entries, pos, w, h)
	area := dc
	if pos == legendOutsideRight {
		area.Max.X -= l.w + legendInset
	} else {
		area.Min.Y += l.h + legendInset
	}
	pl := placement{canvases: f.layout(area), outside: &l, canvas: dc}
	if pos == legendOutsideRight {
		top := area.Max.Y
		for i := len(f.plots[0]) - 1; i >= 0; i-- {
			if p := f.plots[0][i]; p != nil {
				top = p.DataCanvas(pl.canvases[0][i]).Max.Y
				break
			}
		}
		top = max(min(top, dc.Max.Y-vg.Points(1)), dc.Min.Y+l.h)
		pl.box = l.at(vg.Point{X: dc.Max.X - l.w - vg.Points(1), Y: top})
		return pl
	}
	pl.box = l.at(vg.Point{X: dc.Min.X + (w-l.w)/2, Y: dc.Min.Y + l.h + vg.Points(1)})
	return pl
}

// drawPlaced draws the panels and legends as placed.
func (f *figure) drawPlaced(pl placement) {
	for j, row := range f.plots {
		for i, p := range row {
			if p == nil {
				continue
			}
			c := pl.canvases[j][i]
			p.Draw(c)
			pos, ok := pl.corners[p]
			if !ok || len(f.panels[p].entries(f)) == 0 {
				continue
			}
			l, r := f.legendRect(p, c, pos)
			l.draw(p.DataCanvas(c), r)
		}
	}
	if pl.outside != nil {
		pl.outside.draw(pl.canvas, pl.box)
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
