package report

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot"
)

func ptr(f float64) *float64 { return &f }

// pixels returns the pixel count of a length in centimetres at PNGDPI.
func pixels(cm float64) int { return int(cm/2.54*PNGDPI + 0.5) }

func TestRenderFigure(t *testing.T) {
	tab := loadTable(t)
	uniform := tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}, "endpoints": {iv(1000)}})
	noLines := false
	tests := []struct {
		name   string
		spec   FigureSpec
		tab    *dataset.Table
		wW, wH float64 // expected size in cm
	}{
		{"single series", FigureSpec{X: "offered_load", Y: []string{"latency"}}, uniform, 12, 8},
		{"series", FigureSpec{Title: "Latency, uniform", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}}, uniform, 12, 8},
		{"two series columns", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}, Legend: "top-left"}, tab.Where(map[string][]dataset.Value{"traffic": {sv("shift")}}), 12, 8},
		{"two y columns", FigureSpec{X: "offered_load", Y: []string{"offered_load", "throughput"}, Series: []string{"routing"}, Legend: "bottom-right", Width: 10, Height: 10}, uniform, 10, 10},
		{"markers only", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, Lines: &noLines, Legend: "none"}, uniform, 12, 8},
		{"log y", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, YScale: "log"}, uniform, 12, 8},
		{"log x and y", FigureSpec{X: "endpoints", Y: []string{"latency"}, Series: []string{"routing"}, XScale: "log", YScale: "log", Legend: "bottom-left"}, tab, 12, 8},
		{"limits", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, XMin: ptr(0), XMax: ptr(0.5), YMin: ptr(0), YMax: ptr(200)}, uniform, 12, 8},
		{"log limits", FigureSpec{X: "offered_load", Y: []string{"latency"}, YScale: "log", YMin: ptr(1), YMax: ptr(1e4)}, uniform, 12, 8},
		{"panels 2x2", FigureSpec{Title: "Latency", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}, Panels: "traffic"}, tab, 24, 16 + TitleBand},
		{"panels 3 per row", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, Panels: "traffic", PanelCols: 3, Width: 8, Height: 6}, tab, 24, 12},
		{"panels 1 per row", FigureSpec{X: "offered_load", Y: []string{"latency"}, Panels: "routing", PanelCols: 1, Width: 8, Height: 5}, uniform, 8, 20},
		{"one panel", FigureSpec{Title: "Latency, uniform", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, Panels: "traffic"}, uniform, 12, 8 + TitleBand},
		{"panels, no rows", FigureSpec{Title: "Nothing", X: "offered_load", Y: []string{"latency"}, Panels: "traffic"}, tab.Where(map[string][]dataset.Value{"traffic": {sv("none")}}), 12, 8 + TitleBand},
		{"empty table", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, YScale: "log"}, tab.Where(map[string][]dataset.Value{"traffic": {sv("none")}}), 12, 8},
		{"series labels", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, SeriesLabels: map[string]string{"ugal_l": "UGAL-L", "min": "MIN"}}, uniform, 12, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Name = tt.name
			pdf, pngb, err := RenderFigure(tt.spec, tt.tab)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(pdf, []byte("%PDF")) {
				t.Errorf("PDF starts with %q", pdf[:min(8, len(pdf))])
			}
			if !bytes.Contains(pdf, []byte("/Type /Page")) {
				t.Error("PDF has no page")
			}
			if !bytes.Contains(pdf, []byte("/FontFile2")) {
				t.Error("PDF embeds no font")
			}
			img, err := png.Decode(bytes.NewReader(pngb))
			if err != nil {
				t.Fatalf("PNG: %v", err)
			}
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if w != pixels(tt.wW) || h != pixels(tt.wH) {
				t.Errorf("PNG is %dx%d pixels, want %dx%d", w, h, pixels(tt.wW), pixels(tt.wH))
			}
		})
	}
}

func TestRenderFigureDeterministic(t *testing.T) {
	spec := FigureSpec{Name: "det", Title: "Latency", X: "offered_load", Y: []string{"latency"},
		Series: []string{"routing"}, Panels: "traffic", YScale: "log"}
	tab := loadTable(t)
	pdf1, png1, err := RenderFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		pdf2, png2, err := RenderFigure(spec, tab)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pdf1, pdf2) {
			t.Error("PDF differs between renderings")
		}
		if !bytes.Equal(png1, png2) {
			t.Error("PNG differs between renderings")
		}
	}
	if !bytes.Contains(pdf1, []byte("/CreationDate (D:20000101000000)")) {
		t.Error("PDF creation date is not the fixed date")
	}
}

func TestRenderFigureErrors(t *testing.T) {
	tab := loadTable(t)
	zero := structureTable(t) // avg_hops > 0, but cost_per_node holds a NaN and a null
	withZero := loadTable(t)
	withZero.Column("throughput").Floats[3] = 0
	tests := []struct {
		name string
		spec FigureSpec
		tab  *dataset.Table
		want []string // substrings of the error
	}{
		{"missing x", FigureSpec{X: "load", Y: []string{"latency"}}, tab, []string{`x column "load" missing`, "available: traffic, routing, endpoints, offered_load, latency, throughput"}},
		{"missing y", FigureSpec{X: "offered_load", Y: []string{"latency", "lat"}}, tab, []string{`y column "lat" missing`, "available:"}},
		{"missing series", FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"route"}}, tab, []string{`series column "route" missing`}},
		{"missing panel", FigureSpec{X: "offered_load", Y: []string{"latency"}, Panels: "pattern"}, tab, []string{`panel column "pattern" missing`}},
		{"no x", FigureSpec{Y: []string{"latency"}}, tab, []string{"no x column"}},
		{"no y", FigureSpec{X: "offered_load"}, tab, []string{"no y column"}},
		{"string x", FigureSpec{X: "routing", Y: []string{"latency"}}, tab, []string{`x column "routing" holds string values, want int or float`}},
		{"bool y", FigureSpec{X: "q", Y: []string{"deadlock_free"}}, zero, []string{`y column "deadlock_free" holds bool values`}},
		{"log zero y", FigureSpec{X: "offered_load", Y: []string{"throughput"}, YScale: "log"}, withZero, []string{"a log y axis needs positive values", `column "throughput" holds 0 (row 4`, "use a linear scale"}},
		{"log negative limit", FigureSpec{X: "offered_load", Y: []string{"latency"}, XScale: "log", XMin: ptr(-1)}, tab, []string{"XMin = -1 on a log axis"}},
		{"log zero limit", FigureSpec{X: "offered_load", Y: []string{"latency"}, YScale: "log", YMin: ptr(0)}, tab, []string{"YMin = 0 on a log axis"}},
		{"bad scale", FigureSpec{X: "offered_load", Y: []string{"latency"}, XScale: "ln"}, tab, []string{`unknown x scale "ln"`}},
		{"bad legend", FigureSpec{X: "offered_load", Y: []string{"latency"}, Legend: "left"}, tab, []string{`unknown legend position "left"`}},
		{"bad limits", FigureSpec{X: "offered_load", Y: []string{"latency"}, YMin: ptr(5), YMax: ptr(5)}, tab, []string{"YMin 5 is not below YMax 5"}},
		{"bad size", FigureSpec{X: "offered_load", Y: []string{"latency"}, Width: -3}, tab, []string{"invalid panel size"}},
		{"nil table", FigureSpec{X: "offered_load", Y: []string{"latency"}}, nil, []string{"nil table"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Name = "f1"
			_, _, err := RenderFigure(tt.spec, tt.tab)
			if err == nil {
				t.Fatal("want error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, `report: figure "f1": `) {
				t.Errorf("error %q does not name the figure", msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
		})
	}
}

// TestBuildFigureSeries checks grouping, ordering, skipping and labels on
// the laid-out plots rather than on pixels.
func TestBuildFigureSeries(t *testing.T) {
	tab := loadTable(t)
	spec := FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"},
		Panels: "traffic", PanelCols: 3, SeriesLabels: map[string]string{"val, 1000": "VAL (1k)", "ugal_g": "UGAL-G"}}
	f, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.plots) != 2 || len(f.plots[0]) != 3 || f.plots[1][1] != nil || f.plots[1][2] != nil {
		t.Fatalf("grid is %dx%d, want 2x3 with 4 panels", len(f.plots), len(f.plots[0]))
	}
	first := f.plots[0][0]
	if first.Title.Text != "traffic = uniform" || f.plots[1][0].Title.Text != "traffic = worst_case" {
		t.Errorf("panel titles %q, %q", first.Title.Text, f.plots[1][0].Title.Text)
	}
	wantLabels := []string{
		"min, 1000", "min, 10000",
		"VAL (1k)", "val, 10000",
		"ugal_l, 1000", "ugal_l, 10000",
		"UGAL-G, 1000", "UGAL-G, 10000",
	}
	if got := legendLabels(f, first); strings.Join(got, "|") != strings.Join(wantLabels, "|") {
		t.Errorf("legend labels\n got %q\nwant %q", got, wantLabels)
	}
	if first.X.Label.Text != "offered_load [flits/cycle/node]" || first.Y.Label.Text != "latency [cycles]" {
		t.Errorf("axis labels %q, %q", first.X.Label.Text, first.Y.Label.Text)
	}
	// Points: sorted by x, null and NaN latencies skipped.
	var n int
	for r := 0; r < tab.NumRows(); r++ {
		if tab.Column("traffic").Strings[r] != "uniform" {
			continue
		}
		if y := tab.Column("latency").Value(r); !y.IsNull() && !math.IsNaN(y.F) {
			n++
		}
	}
	if got := countPoints(t, spec, tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}})); got != n {
		t.Errorf("plotted %d points, want %d", got, n)
	}
}

// TestLegendOrder: legend_order puts the series it names (by key or
// label) first, in its order, and the others after them as they were; the
// styles and the drawing order stay; an unknown name is an error.
func TestLegendOrder(t *testing.T) {
	tab := loadTable(t)
	spec := FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"},
		Panels: "traffic", SeriesLabels: map[string]string{"ugal_g": "UGAL-G"}}
	plain, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	spec.LegendOrder = []string{"UGAL-G, 10000", "min, 10000", "val, 1000"}
	f, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"UGAL-G, 10000", "min, 10000", "val, 1000",
		"min, 1000", "val, 10000", "ugal_l, 1000", "ugal_l, 10000", "UGAL-G, 1000",
	}
	first := f.plots[0][0]
	if got := legendLabels(f, first); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("legend labels\n got %q\nwant %q", got, want)
	}
	var got []string
	for _, e := range f.entries {
		got = append(got, e.label)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("figure legend\n got %q\nwant %q", got, want)
	}
	// Styles and drawing order as without legend_order.
	for p, pl := range plain.plots[0] {
		if pl == nil {
			continue
		}
		a, b := plain.panels[pl].series, f.panels[f.plots[0][p]].series
		if len(a) != len(b) {
			t.Fatalf("panel %d: %d series, want %d", p, len(b), len(a))
		}
		for i := range a {
			if a[i].label != b[i].label || a[i].style.Color != b[i].style.Color || a[i].style.Shape != b[i].style.Shape {
				t.Errorf("panel %d, series %d: %s drawn as %s", p, i, b[i].label, a[i].label)
			}
		}
	}
	spec.LegendOrder = []string{"ugal_x"}
	if _, err := buildFigure(spec, tab); err == nil || !strings.Contains(err.Error(), `legend order: "ugal_x" is not a series of the figure (series: "min, 1000", `) {
		t.Errorf("unknown series: %v", err)
	}
}

// legendLabels returns the labels of the legend of panel p of f (none
// if the figure has no legend).
func legendLabels(f *figure, p *plot.Plot) []string {
	if f.legend == legendNone {
		return nil
	}
	var out []string
	for _, e := range f.panels[p].entries(f) {
		out = append(out, e.label)
	}
	return out
}

// countPoints lays out spec and counts the points of its line plotters,
// checking that each line is sorted by x.
func countPoints(t *testing.T, spec FigureSpec, tab *dataset.Table) int {
	t.Helper()
	spec.Panels = ""
	f, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range f.panels[f.plots[0][0]].series {
		for i := 1; i < len(s.pts); i++ {
			if s.pts[i].X < s.pts[i-1].X {
				t.Errorf("series not sorted by x: %v", s.pts)
			}
		}
		n += len(s.pts)
	}
	return n
}

func TestDefaultLabels(t *testing.T) {
	tab := loadTable(t)
	tests := []struct {
		y    []string
		want string
	}{
		{[]string{"latency"}, "latency [cycles]"},
		{[]string{"offered_load", "throughput"}, "offered_load, throughput [flits/cycle/node]"},
		{[]string{"latency", "throughput"}, "latency [cycles], throughput [flits/cycle/node]"},
	}
	for _, tt := range tests {
		f, err := buildFigure(FigureSpec{X: "endpoints", Y: tt.y}, tab)
		if err != nil {
			t.Fatal(err)
		}
		p := f.plots[0][0]
		if p.Y.Label.Text != tt.want {
			t.Errorf("Y %v: label %q, want %q", tt.y, p.Y.Label.Text, tt.want)
		}
		if p.X.Label.Text != "endpoints [endpoints]" {
			t.Errorf("x label %q", p.X.Label.Text)
		}
		if len(tt.y) == 1 && len(legendLabels(f, p)) != 0 {
			t.Errorf("single series has a legend: %q", legendLabels(f, p))
		}
		if len(tt.y) == 2 && strings.Join(legendLabels(f, p), ",") != strings.Join(tt.y, ",") {
			t.Errorf("legend %q, want the y columns", legendLabels(f, p))
		}
	}
}

func TestLogTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		labels   []string
	}{
		{1, 1000, []string{"10^{0}", "10^{1}", "10^{2}", "10^{3}"}},
		{0.05, 3, []string{"10^{\u22121}", "10^{0}"}},
		{50, 500, []string{"50", "100", "200", "500"}},
		{2, 8, []string{"2", "3", "4", "5", "6", "7", "8"}},
		{1e-20, 1e20, []string{"10^{\u221214}", "10^{\u22127}", "10^{0}", "10^{7}", "10^{14}"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range (logTicks{}).Ticks(tt.min, tt.max) {
			if tk.Label != "" && tk.Value >= tt.min && tk.Value <= tt.max {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.labels, " ") {
			t.Errorf("Ticks(%g, %g) labels %q, want %q", tt.min, tt.max, got, tt.labels)
		}
	}
	if ticks := (logTicks{}).Ticks(0, 10); ticks != nil {
		t.Errorf("Ticks(0, 10) = %v, want nil", ticks)
	}
}

func BenchmarkRenderFigure(b *testing.B) {
	tab := loadTable(b)
	uniform := tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}})
	for _, bc := range []struct {
		name string
		spec FigureSpec
		tab  *dataset.Table
	}{
		{"single", FigureSpec{Name: "b", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}}, uniform},
		{"panels4", FigureSpec{Name: "b", Title: "t", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing", "endpoints"}, Panels: "traffic", YScale: "log"}, tab},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := RenderFigure(bc.spec, bc.tab); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRenderFigureConcurrent renders figures from several goroutines, as
// the runner's worker pool does; run it with -race.
func TestRenderFigureConcurrent(t *testing.T) {
	tab := loadTable(t)
	spec := FigureSpec{Name: "conc", X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, Panels: "traffic"}
	want, _, err := RenderFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		go func() {
			pdf, _, err := RenderFigure(spec, tab)
			if err == nil && !bytes.Equal(pdf, want) {
				err = errors.New("concurrent rendering differs")
			}
			errs <- err
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestLinearTicks(t *testing.T) {
	cases := []struct {
		min, max float64
		want     string // labelled ticks
	}{
		{16, 4913, "1000 2000 3000 4000"},
		{0, 5000, "0 1000 2000 3000 4000 5000"},
		{1.9, 12.7, "2 4 6 8 10 12"},
		{0, 1, "0 0.2 0.4 0.6 0.8 1"},
		{0.05, 0.95, "0.2 0.4 0.6 0.8"},
		{-3, 3, "-3 -2 -1 0 1 2 3"},
		{2.5, 12.5, "4 6 8 10 12"},
		{0, 0.25, "0 0.05 0.1 0.15 0.2 0.25"},
		// Large values print with an exponent, as in SC14 Fig. 11c.
		{0, 2.6e8, "0 5e+07 1e+08 1.5e+08 2e+08 2.5e+08"},
		{0, 17.5, "0 2.5 5 7.5 10 12.5 15 17.5"},
		{7, 7, "7"},
		{158.90000000001, 158.90000000003, "158.9"},
		{1e6, 1e6 + 1e-4, "1e+06"},
	}
	for _, c := range cases {
		var labels []string
		for _, tk := range (linearTicks{}).Ticks(c.min, c.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("Ticks(%g, %g) = %q, want %q", c.min, c.max, got, c.want)
		}
	}
}

// TestRenderFigureGrid checks the limits of a figure's grid: 5,000 panels
// (of a column with 5,000 values) or a grid larger than MaxFigureCm are
// refused before anything is drawn, and CheckGrid says so before the data
// exist.
func TestRenderFigureGrid(t *testing.T) {
	tab := &dataset.Table{}
	p, x, y := dataset.NewColumn("p", dataset.Int, ""), dataset.NewColumn("x", dataset.Float, ""), dataset.NewColumn("y", dataset.Float, "")
	for i := 0; i < 5000; i++ {
		p.Append(dataset.IntValue(int64(i)))
		x.Append(dataset.FloatValue(1))
		y.Append(dataset.FloatValue(2))
	}
	tab.Columns = []*dataset.Column{p, x, y}
	tests := []struct {
		name   string
		spec   FigureSpec
		panels int
		want   string // "" for no error
	}{
		{"5000 panels", FigureSpec{X: "x", Y: []string{"y"}, Panels: "p"}, 5000, "5000 panels (the distinct values of column \"p\"), more than 64"},
		{"wide grid", FigureSpec{X: "x", Y: []string{"y"}, Panels: "p", PanelCols: 20, Width: 12}, 20, "the figure would be 240 x 8 cm"},
		{"tall panel", FigureSpec{X: "x", Y: []string{"y"}, Height: 300}, 0, "larger than 200 cm on a side"},
		{"64 panels", FigureSpec{X: "x", Y: []string{"y"}, Panels: "p", Width: 5, Height: 4}, 64, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckGrid(tt.spec, tt.panels)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("CheckGrid: %v, want %q", err, tt.want)
			}
			rows := tab.Where(map[string][]dataset.Value{})
			if tt.panels > 0 && tt.panels < 5000 {
				keep := make([]dataset.Value, tt.panels)
				for i := range keep {
					keep[i] = dataset.IntValue(int64(i))
				}
				rows = tab.Where(map[string][]dataset.Value{"p": keep})
			}
			tt.spec.Name = "g"
			if _, _, err := RenderFigure(tt.spec, rows); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("RenderFigure: %v, want %q", err, tt.want)
			}
		})
	}
}

// TestFigureOutside counts the points that fixed axis limits leave out,
// per limit, on the structure table (routers 50, 72, 722, 1280, 1000,
// 1024 against average hops 1.84, 2.59, 2.00, 3.75, 7.51, 5.005).
func TestFigureOutside(t *testing.T) {
	tab := structureTable(t)
	tests := []struct {
		name string
		spec FigureSpec
		want string
	}{
		{"no limits", FigureSpec{}, ""},
		{"limits around the data", FigureSpec{XMin: ptr(0), XMax: ptr(2000), YMin: ptr(1), YMax: ptr(8)}, ""},
		{"one point", FigureSpec{XMax: ptr(1200)}, "1 of 6 points lies outside the axes and is not drawn: 1 above x_max = 1200"},
		{"two points", FigureSpec{YMax: ptr(5)}, "2 of 6 points lie outside the axes and are not drawn: 2 above y_max = 5"},
		{"two limits", FigureSpec{XMin: ptr(100), YMax: ptr(7)}, "3 of 6 points lie outside the axes and are not drawn: 2 below x_min = 100, 1 above y_max = 7"},
		{"a point beyond two limits counts once", FigureSpec{XMin: ptr(900), YMin: ptr(2.5)}, "3 of 6 points lie outside the axes and are not drawn: 3 below x_min = 900, 2 below y_min = 2.5"},
		{"per series", FigureSpec{Series: []string{"topology"}, YMin: ptr(2.5)}, "2 of 6 points lie outside the axes and are not drawn: 2 below y_min = 2.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Name, tt.spec.X, tt.spec.Y = tt.name, "routers", []string{"avg_hops"}
			got, err := FigureOutside(tt.spec, tab)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	if _, err := FigureOutside(FigureSpec{Name: "bad", X: "nosuch", Y: []string{"avg_hops"}}, tab); err == nil || !strings.Contains(err.Error(), `figure "bad"`) {
		t.Errorf("missing column: %v", err)
	}
}
