package report

import (
	"fmt"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// gridTable returns a panel column p with one panel per function of
// empties, and in each panel nseries series (s = "0", "1", ...) of points
// on a grid over [0, 10] x [0, 10] in steps of 0.5, without the points
// where the panel's function says.
func gridTable(t testing.TB, nseries int, empties ...func(x, y float64) bool) *dataset.Table {
	x := dataset.NewColumn("x", dataset.Float, "")
	y := dataset.NewColumn("y", dataset.Float, "")
	s := dataset.NewColumn("s", dataset.String, "")
	p := dataset.NewColumn("p", dataset.Int, "")
	for panel, empty := range empties {
		for i := 0; i <= 20; i++ {
			for j := 0; j <= 20; j++ {
				xv, yv := float64(i)/2, float64(j)/2
				if empty(xv, yv) {
					continue
				}
				mustAppend(t, x, fv(xv))
				mustAppend(t, y, fv(yv))
				mustAppend(t, s, sv(fmt.Sprint((i+j)%nseries)))
				mustAppend(t, p, iv(int64(panel+1)))
			}
		}
	}
	return &dataset.Table{Columns: []*dataset.Column{x, y, s, p}}
}

func fs(f ...func(x, y float64) bool) []func(x, y float64) bool { return f }

// placeFigure lays out spec on a canvas of the figure's size.
func placeFigure(t *testing.T, spec FigureSpec, tab *dataset.Table) (*figure, placement) {
	t.Helper()
	f, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	w, h := f.size()
	return f, f.place(draw.New(vgimg.New(w, h)))
}

// TestAutoLegend: an automatic legend goes in the first corner (of
// top-right, top-left, bottom-right, bottom-left) where it hides no marker
// and no line, and outside the panels when a panel has no such corner.
func TestAutoLegend(t *testing.T) {
	noLines := false
	none := func(x, y float64) bool { return false }
	tests := []struct {
		name    string
		empties []func(x, y float64) bool // of each panel
		lines   bool
		nseries int
		small   bool   // a 5 x 4 cm panel
		want    string // a corner, or "outside"
		want2   string // the corner of panel 2
	}{
		{"bottom-left empty", fs(func(x, y float64) bool { return x < 5 && y < 5 }), false, 2, false, "bottom-left", ""},
		{"top-right and bottom-left empty", fs(func(x, y float64) bool { return (x < 5) == (y < 5) }), false, 2, false, "top-right", ""},
		{"top-left empty", fs(func(x, y float64) bool { return x < 5 && y > 5 }), false, 2, false, "top-left", ""},
		{"full", fs(none), false, 2, false, "outside", ""},
		// Top-left has no marker but the lines of the columns x = 0
		// and 0.5 cross it; bottom-right hides nothing.
		{"lines cross an empty corner", fs(func(x, y float64) bool {
			return (x > 0.5 && x < 5 && y > 5) || (x > 5 && y < 5)
		}), true, 2, false, "bottom-right", ""},
		{"panels, one full", fs(func(x, y float64) bool { return x > 5 && y > 5 }, none), false, 2, false, "outside", ""},
		{"panels with empty corners", fs(func(x, y float64) bool { return x > 5 && y > 5 }, func(x, y float64) bool { return x < 5 && y > 5 }), false, 2, false, "top-right", "top-left"},
		// No corner empty, and a legend of 12 entries outside would
		// squeeze the small panel: the corner that hides the fewest
		// markers.
		{"small and full", fs(func(x, y float64) bool { return x < 3 && y < 3 || x > 8 && y > 8 }), false, 12, true, "bottom-left", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"s"}}
			if tt.small {
				spec.Width, spec.Height = 5, 4
			}
			if !tt.lines {
				spec.Lines = &noLines
			}
			if len(tt.empties) > 1 {
				spec.Panels = "p"
			}
			f, pl := placeFigure(t, spec, gridTable(t, tt.nseries, tt.empties...))
			if tt.want == "outside" {
				if pl.outside == nil || len(pl.corners) != 0 {
					t.Fatalf("legend in %v, want outside", pl.corners)
				}
				for j, row := range f.plots {
					for i, p := range row {
						if p != nil && overlaps(p.DataCanvas(pl.canvases[j][i]).Rectangle, pl.box) {
							t.Errorf("outside legend %v overlaps the data area of panel %d,%d", pl.box, j, i)
						}
					}
				}
				if !within(pl.box, pl.canvas.Rectangle) {
					t.Errorf("outside legend %v beyond the figure %v", pl.box, pl.canvas.Rectangle)
				}
				return
			}
			if pl.outside != nil {
				t.Fatal("legend outside")
			}
			for j, row := range f.plots {
				for i, p := range row {
					if p == nil {
						continue
					}
					want := tt.want
					if j+i == 1 {
						want = tt.want2
					}
					if got := pl.corners[p].String(); got != want {
						t.Errorf("panel %d,%d: legend %s, want %s", j, i, got, want)
					}
					if tt.small {
						continue // hides some points
					}
					// No point under the legend, counted independently.
					c := pl.canvases[j][i]
					dc := p.DataCanvas(c)
					_, r := f.legendRect(p, c, pl.corners[p])
					tx, ty := p.Transforms(&dc)
					for _, s := range f.panels[p].series {
						for _, pt := range s.pts {
							x, y := tx(pt.X), ty(pt.Y)
							if x+markerRadius >= r.Min.X && x-markerRadius <= r.Max.X && y+markerRadius >= r.Min.Y && y-markerRadius <= r.Max.Y {
								t.Errorf("panel %d,%d: the legend hides the point %v", j, i, pt)
							}
						}
					}
				}
			}
		})
	}
}

// TestFixedLegend: a legend at a corner stays there, hiding what it hides;
// outside-right and outside-bottom go beside and below the panels; none
// draws none.
func TestFixedLegend(t *testing.T) {
	tab := gridTable(t, 2, func(x, y float64) bool { return false })
	for _, pos := range LegendPositions {
		spec := FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"s"}, Legend: pos}
		f, pl := placeFigure(t, spec, tab)
		p := f.plots[0][0]
		dc := p.DataCanvas(pl.canvases[0][0])
		switch pos {
		case "auto", "outside", "outside-right":
			if pl.outside == nil || pl.box.Min.X < dc.Max.X {
				t.Errorf("%s: legend %v not right of the data area %v", pos, pl.box, dc.Rectangle)
			}
		case "outside-bottom":
			if pl.outside == nil || pl.box.Max.Y > dc.Min.Y {
				t.Errorf("%s: legend %v not below the data area %v", pos, pl.box, dc.Rectangle)
			}
		case "none":
			if pl.outside != nil || len(pl.corners) != 0 {
				t.Errorf("none: legend %v %v", pl.outside, pl.corners)
			}
		default:
			_, r := f.legendRect(p, pl.canvases[0][0], pl.corners[p])
			if pl.corners[p].String() != pos || !within(r, dc.Rectangle) {
				t.Errorf("%s: legend at %v, %v in %v", pos, pl.corners[p], r, dc.Rectangle)
			}
		}
	}
}

// within reports whether a lies inside b.
func within(a, b vg.Rectangle) bool {
	return a.Min.X >= b.Min.X && a.Min.Y >= b.Min.Y && a.Max.X <= b.Max.X && a.Max.Y <= b.Max.Y
}

// TestOutsideLegendShape: "outside" takes the side that costs the data
// area less; a right legend too tall for the figure gets more columns.
func TestOutsideLegendShape(t *testing.T) {
	entries := func(n int, label string) []legendEntry {
		out := make([]legendEntry, n)
		for i := range out {
			out[i] = legendEntry{label: fmt.Sprintf("%s %d", label, i), style: dataStyle(i)}
		}
		return out
	}
	cm := vg.Centimeter
	for _, tt := range []struct {
		name       string
		n          int
		label      string
		w, h       vg.Length
		want       legendPos
		cols, rows int
		fits       bool
	}{
		{"few short entries, wide figure", 3, "SF", 22 * cm, 13 * cm, legendOutsideBottom, 3, 1, true},
		{"long entries, wide figure", 14, "Incidence graph of generalized quadrangles", 22 * cm, 13 * cm, legendOutsideBottom, 3, 5, true},
		{"few entries, wide and short figure", 8, "SF", 20 * cm, 6 * cm, legendOutsideRight, 1, 8, true},
		{"many entries, short figure", 30, "x", 12 * cm, 4 * cm, legendOutsideBottom, 6, 5, false},
	} {
		l, pos, fits := outsideLegend("", entries(tt.n, tt.label), legendOutside, tt.w, tt.h)
		if pos != tt.want || l.cols != tt.cols || l.rows != tt.rows || fits != tt.fits {
			t.Errorf("%s: %v with %d x %d (fits %v), want %v with %d x %d (%v)", tt.name, pos, l.cols, l.rows, fits, tt.want, tt.cols, tt.rows, tt.fits)
		}
		if pos == legendOutsideRight && l.h > tt.h {
			t.Errorf("%s: legend taller (%v) than the figure", tt.name, l.h)
		}
	}
}

// TestPaddedRanges: markers at the extremes of the data lie whole inside
// the axes at every automatic end, on linear and log axes, small and
// large panels, grids and beside outside legends; at a fixed limit they
// lie whole inside the panel.
func TestPaddedRanges(t *testing.T) {
	tab := loadTable(t)
	uniform := tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}})
	tests := []struct {
		name string
		spec FigureSpec
		tab  *dataset.Table
	}{
		{"linear", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}}, uniform},
		{"log", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, XScale: "log", YScale: "log"}, uniform},
		{"small panel", FigureSpec{X: "offered_load", Y: []string{"throughput"}, Series: []string{"routing"}, Width: 5, Height: 4}, uniform},
		{"fixed minimum", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, XMin: ptr(0), YMin: ptr(0)}, uniform},
		{"fixed maximum at the data", FigureSpec{X: "offered_load", Y: []string{"throughput"}, Series: []string{"routing"}, XMax: ptr(0.95)}, uniform},
		{"grid", FigureSpec{Title: "t", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}, Panels: "traffic", YScale: "log"}, tab},
		{"outside legend", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}, Legend: "outside"}, uniform},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, pl := placeFigure(t, tt.spec, tt.tab)
			for j, row := range f.plots {
				for i, p := range row {
					if p == nil {
						continue
					}
					checkMarkers(t, f.panels[p], pl.canvases[j][i])
				}
			}
		})
	}
}

// checkMarkers checks that every marker of pn drawn on c lies inside the
// axes at the automatic ends of its ranges and inside c at all.
func checkMarkers(t *testing.T, pn *panel, c draw.Canvas) {
	t.Helper()
	p := pn.plot
	dc := p.DataCanvas(c)
	tx, ty := p.Transforms(&dc)
	const eps = 1e-6
	n := 0
	for _, s := range pn.series {
		for _, pt := range s.pts {
			if pt.X < p.X.Min || pt.X > p.X.Max || pt.Y < p.Y.Min || pt.Y > p.Y.Max {
				continue // beyond a fixed limit
			}
			n++
			x, y := tx(pt.X), ty(pt.Y)
			g := vg.Rectangle{Min: vg.Point{X: x - markerRadius, Y: y - markerRadius}, Max: vg.Point{X: x + markerRadius, Y: y + markerRadius}}
			bad := func(end string, out bool) {
				if out {
					t.Errorf("marker at %v beyond the %s end of the axes (data area %v, marker %v)", pt, end, dc.Rectangle, g)
				}
			}
			bad("left", pn.x.autoLo && g.Min.X < dc.Min.X-eps)
			bad("right", pn.x.autoHi && g.Max.X > dc.Max.X+eps)
			bad("bottom", pn.y.autoLo && g.Min.Y < dc.Min.Y-eps)
			bad("top", pn.y.autoHi && g.Max.Y > dc.Max.Y+eps)
			if !within(g, c.Rectangle) {
				t.Errorf("marker at %v beyond the panel %v", pt, c.Rectangle)
			}
		}
	}
	if n == 0 {
		t.Error("no markers checked")
	}
}

var _ = plot.New
