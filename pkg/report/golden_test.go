package report

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// Golden images: a few figures rendered from fixed small datasets are
// compared with testdata/figure_<name>.png, so that a change of style
// (colours, dash patterns, markers, legend placement, axis padding, tick
// labels, text rendering) shows as a failing test. go test -update
// rewrites the files after a deliberate change; look at them before
// committing.
//
// The comparison has a tolerance. Rendering is deterministic on one
// machine (TestRenderFigureDeterministic compares bytes), but gonum's
// pure-Go rasteriser and font scaling compute in floating point, whose
// last bits may differ between CPU architectures (fused multiply-add on
// arm64, ppc64 and s390x), which moves anti-aliased edge pixels by a few
// levels. So a pixel counts as different only if a channel differs by
// more than goldenLevel (of 255), and up to goldenPixels of the pixels
// may differ. The smallest style regression exceeds that by far: moving
// the legend, recolouring or re-dashing one series, or changing a marker
// shape changes hundreds to thousands of pixels by full contrast.
const (
	goldenLevel  = 64
	goldenPixels = 0.001 // a fraction of the image: about 240 pixels of 10 x 7 cm
)

// goldenFigures are the figures of the golden-image test.
func goldenFigures(t testing.TB) []struct {
	name string
	spec FigureSpec
	tab  *dataset.Table
} {
	load := loadTable(t)
	ci := dataset.NewColumn("latency_ci95", dataset.Float, "cycles")
	buf := dataset.NewColumn("buffer_flits", dataset.Int, "flits")
	lat, routing := load.Column("latency"), load.Column("routing")
	for r := range load.NumRows() {
		e := 1.0
		if v, ok := number(lat, r); ok {
			e = 0.04 * v * float64(1+r%3)
		}
		mustAppend(t, ci, fv(e))
		mustAppend(t, buf, iv(map[string]int64{"min": 8, "val": 16, "ugal_l": 32, "ugal_g": 64}[routing.Strings[r]]))
	}
	load.Columns = append(load.Columns, ci, buf)
	uniform := load.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}, "endpoints": {iv(1000)}})
	two := load.Where(map[string][]dataset.Value{"traffic": {sv("uniform"), sv("shift")}, "endpoints": {iv(10000)}})

	// Fourteen series and a model curve over a log axis (projective
	// networks Fig. 6).
	many := fourteen(t, 14)
	for i, v := range many.Column("x").Floats {
		many.Column("x").Floats[i] = v * v * v
	}
	// Eight lines from the origin (SC14 Figs. 5c, 11c): the legend fits
	// in the empty top-left corner; limits at 0 and markers at the
	// extremes.
	fan := func() *dataset.Table {
		x := dataset.NewColumn("endpoints", dataset.Int, "endpoints")
		y := dataset.NewColumn("cost", dataset.Float, "$")
		l := dataset.NewColumn("label", dataset.String, "")
		for s, name := range []string{"T3D", "T5D", "HC", "FT-3", "FBF-3", "DF", "DLN", "SF"} {
			for i := range 6 {
				mustAppend(t, x, iv(int64(1000*i*(s%3+3))))
				mustAppend(t, y, fv(float64(i*i*(s+1))*1e6+float64(i)*5e6))
				mustAppend(t, l, sv(name))
			}
		}
		return &dataset.Table{Columns: []*dataset.Column{x, y, l}}
	}()
	small := func(s FigureSpec) FigureSpec {
		s.Width, s.Height = 10, 7
		return s
	}
	return []struct {
		name string
		spec FigureSpec
		tab  *dataset.Table
	}{
		{"styles", small(FigureSpec{Title: "Fourteen series and a model: k̄/u", X: "x", Y: []string{"y"}, Series: []string{"label"},
			XScale: "log", YLabel: "k̄/u", LinesOnly: []string{"ideal"}}), many},
		{"corner", small(FigureSpec{Title: "Total cost", X: "endpoints", Y: []string{"cost"}, Series: []string{"label"},
			XMin: ptr(0), YMin: ptr(0)}), fan},
		{"band", small(FigureSpec{Title: "Latency, 95% CI band", X: "offered_load", Y: []string{"latency"}, Series: []string{"buffer_flits"},
			YScale: "log", YErr: []string{"latency_ci95"}, ErrorStyle: "band"}), uniform},
		{"bars", small(FigureSpec{Title: "Effective throughput, bars", Bars: true, X: "label", Y: []string{"effective_throughput"},
			Series: []string{"routing"}, YMin: ptr(0), YMax: ptr(1), YErr: []string{"effective_throughput_ci95"},
			SeriesLabels: map[string]string{"min": "MIN", "val": "INR", "val-leaf": "INR (leaf)", "sfa": "SF-A", "mla": "MLFM-A", "mlath": "MLFM-ATh"}}),
			exchangeTable(t)},
		{"panels", FigureSpec{Title: "Latency with error bars", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"},
			Panels: "traffic", Width: 7, Height: 6, YErr: []string{"latency_ci95"}, Legend: "outside-bottom",
			SeriesLabels: map[string]string{"min": "MIN", "val": "VAL", "ugal_l": "UGAL-L", "ugal_g": "UGAL-G"}}, two},
	}
}

func TestGoldenImages(t *testing.T) {
	for _, g := range goldenFigures(t) {
		t.Run(g.name, func(t *testing.T) {
			g.spec.Name = g.name
			_, got, err := RenderFigure(g.spec, g.tab)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "figure_"+g.name+".png")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if bytes.Equal(got, want) {
				return
			}
			n, total, diff, err := pixelDiff(got, want)
			if err != nil {
				t.Fatal(err)
			}
			if float64(n) > goldenPixels*float64(total) {
				dir, _ := os.MkdirTemp("", "golden-"+g.name+"-")
				os.WriteFile(filepath.Join(dir, "got.png"), got, 0o644)
				os.WriteFile(filepath.Join(dir, "diff.png"), diff, 0o644)
				t.Errorf("%s: %d of %d pixels differ by more than %d levels (tolerance %.0f); the rendering and the differing pixels are in %s (go test -update accepts the change)",
					path, n, total, goldenLevel, goldenPixels*float64(total), dir)
			}
		})
	}
}

// pixelDiff decodes two PNGs and counts the pixels where a channel differs
// by more than goldenLevel; diff marks them red on a faded copy of want.
func pixelDiff(got, want []byte) (n, total int, diff []byte, err error) {
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return 0, 0, nil, err
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return 0, 0, nil, err
	}
	if a.Bounds() != b.Bounds() {
		return 0, 0, nil, fmt.Errorf("image is %v, golden %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	out := image.NewRGBA(r)
	far := func(x, y uint32) bool { return x > y+goldenLevel<<8 || y > x+goldenLevel<<8 }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
				out.Set(x, y, color.RGBA{R: 0xff, A: 0xff})
				continue
			}
			out.Set(x, y, color.RGBA{R: uint8(0xc0 + r2>>10), G: uint8(0xc0 + g2>>10), B: uint8(0xc0 + b2>>10), A: 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return 0, 0, nil, err
	}
	return n, r.Dx() * r.Dy(), buf.Bytes(), nil
}
