package report

import (
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// barGroupWidth is the share of a category's slot on the x axis that its
// group of bars fills.
const barGroupWidth = 0.8

// barOutline is the style of a bar's outline.
var barOutline = draw.LineStyle{Color: color.Gray{Y: 0x33}, Width: vg.Points(0.5)}

// barSlots places the bars of one panel of a bar figure: in each
// category, the series with a point there side by side, in legend order
// (by entry index), centred on the category.
type barSlots struct {
	members map[int][]int // category -> entries with a bar there, sorted
	n       int           // the most bars of any category
}

func newBarSlots() barSlots { return barSlots{members: map[int][]int{}} }

// add records the categories where the series of entry e has points.
func (b *barSlots) add(e int, pts plotter.XYs) {
	for _, p := range pts {
		c := int(p.X)
		m := b.members[c]
		if i, found := slices.BinarySearch(m, e); !found {
			m = slices.Insert(m, i, e)
			b.members[c] = m
			b.n = max(b.n, len(m))
		}
	}
}

// width returns the width of one bar in x units: the groups share one
// width, set by the largest.
func (b *barSlots) width() float64 {
	return barGroupWidth / float64(max(b.n, 1))
}

// place returns the points of entry e moved from their categories to the
// centres of their bars.
func (b *barSlots) place(e int, pts plotter.XYs) plotter.XYs {
	w := b.width()
	out := make(plotter.XYs, len(pts))
	for i, p := range pts {
		c := int(p.X)
		m := b.members[c]
		k, _ := slices.BinarySearch(m, e)
		out[i] = plotter.XY{X: float64(c) + (float64(k)-float64(len(m)-1)/2)*w, Y: p.Y}
	}
	return out
}

// barRect returns the rectangle, in data units, of the bar whose top
// centre is p and whose width is w: from 0 to p.Y.
func barRect(p plotter.XY, w float64) (x0, x1, y0, y1 float64) {
	return p.X - w/2, p.X + w/2, math.Min(0, p.Y), math.Max(0, p.Y)
}

// barsPlotter draws the bars of one series of a bar figure.
type barsPlotter struct {
	pts   plotter.XYs
	w     float64
	style seriesStyle
}

// Plot implements plot.Plotter: each bar filled in the series' colour
// with a dark outline, clipped to the data area.
func (b barsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, pt := range b.pts {
		x0, x1, y0, y1 := barRect(pt, b.w)
		r := vg.Rectangle{
			Min: vg.Point{X: max(tx(x0), c.Min.X), Y: max(ty(y0), c.Min.Y)},
			Max: vg.Point{X: min(tx(x1), c.Max.X), Y: min(ty(y1), c.Max.Y)},
		}
		if r.Min.X >= r.Max.X || r.Min.Y > r.Max.Y {
			continue
		}
		drawBar(c, r, b.style)
	}
}

// DataRange implements plot.DataRanger: the bars' extent, with 0 in the
// y range.
func (b barsPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), 0, 0
	for _, pt := range b.pts {
		x0, x1, y0, y1 := barRect(pt, b.w)
		xmin, xmax = math.Min(xmin, x0), math.Max(xmax, x1)
		ymin, ymax = math.Min(ymin, y0), math.Max(ymax, y1)
	}
	return xmin, xmax, ymin, ymax
}

// drawBar fills r in the colour of st and outlines it.
func drawBar(c draw.Canvas, r vg.Rectangle, st seriesStyle) {
	c.SetColor(st.Color)
	c.Fill(r.Path())
	c.SetLineStyle(barOutline)
	c.Stroke(r.Path())
}

// barsHit counts the bars of s that rectangle r (canvas units, with the
// transforms tx and ty of the data area) overlaps.
func (s *drawnSeries) barsHit(tx, ty func(float64) vg.Length, r vg.Rectangle) int {
	n := 0
	for _, p := range s.pts {
		x0, x1, y0, y1 := barRect(p, s.barW)
		if overlaps(vg.Rectangle{Min: vg.Point{X: tx(x0), Y: ty(y0)}, Max: vg.Point{X: tx(x1), Y: ty(y1)}}, r) {
			n++
		}
	}
	return n
}

// categoryTicks marks the categories of a bar figure's x axis, at 0, 1,
// ..., with their names.
type categoryTicks []string

// Ticks implements plot.Ticker.
func (t categoryTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for i, name := range t {
		if x := float64(i); x >= lo && x <= hi {
			out = append(out, plot.Tick{Value: x, Label: name})
		}
	}
	return out
}

// categoryAxis makes the x axis of pn that of a bar figure with the
// categories names: one slot of width 1 per category, labelled with its
// name, the ends fixed; and the y axis starts at 0 when no bar is
// negative and no limit is set.
func categoryAxis(pn *panel, names []string) {
	p := pn.plot
	p.X.Min, p.X.Max = -0.5, float64(max(len(names), 1))-0.5
	p.X.Tick.Marker = categoryTicks(names)
	p.X.Tick.Length = 0
	pn.x = axisRange{lo: p.X.Min, hi: p.X.Max}
	if pn.y.autoLo && pn.y.lo >= 0 {
		pn.y.lo, pn.y.autoLo = 0, false
		p.Y.Min = 0
	}
}
