package report

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
	"gonum.org/v1/plot/plotter"
)

// styleKey identifies a style's colour, dash pattern and marker.
func styleKey(st seriesStyle) string {
	r, g, b, a := st.Color.RGBA()
	return fmt.Sprintf("%d,%d,%d,%d|%v|%T", r, g, b, a, st.Dashes, st.Shape)
}

// TestDataStyles: series styles differ in (colour, dash, marker), and two
// series of one colour differ in dash pattern and marker.
func TestDataStyles(t *testing.T) {
	for _, n := range []int{8, 10, 14, 40, DistinctStyles} {
		seen := map[string]int{}
		for i := range n {
			k := styleKey(dataStyle(i))
			if j, dup := seen[k]; dup {
				t.Fatalf("%d series: series %d and %d share the style %s", n, j, i, k)
			}
			seen[k] = i
		}
	}
	for i := range 40 {
		for j := i + 1; j < 40; j++ {
			a, b := dataStyle(i), dataStyle(j)
			if a.Color == b.Color && (fmt.Sprint(a.Dashes) == fmt.Sprint(b.Dashes) || a.Shape == b.Shape) {
				t.Errorf("series %d and %d: same colour and same dash or marker", i, j)
			}
		}
	}
	for i := range 10 {
		if dataStyle(i).Dashes != nil || dataStyle(i).Shape == nil || dataStyle(i).Width != dataLineWidth {
			t.Errorf("series %d: want a solid line with markers", i)
		}
	}
	if styleKey(dataStyle(DistinctStyles)) != styleKey(dataStyle(0)) {
		t.Error("styles do not cycle after DistinctStyles")
	}
	seen := map[string]bool{}
	for i := range 12 {
		st := modelStyle(i)
		if st.Shape != nil || st.Width != modelLineWidth {
			t.Errorf("model curve %d: marker %v, width %v", i, st.Shape, st.Width)
		}
		if seen[styleKey(st)] {
			t.Errorf("model curve %d repeats a style", i)
		}
		seen[styleKey(st)] = true
	}
	if st := modelStyle(0); st.Color != (color.RGBA{A: 0xff}) || st.Dashes != nil {
		t.Errorf("first model curve %v, want solid black", st)
	}
}

// fourteen returns a table of n series (label "s0" ... ) of a few points
// each and a model curve "ideal".
func fourteen(t testing.TB, n int) *dataset.Table {
	x := dataset.NewColumn("x", dataset.Float, "")
	y := dataset.NewColumn("y", dataset.Float, "")
	label := dataset.NewColumn("label", dataset.String, "")
	for s := range n {
		for i := range 4 {
			mustAppend(t, x, fv(float64(10*(i+1))))
			mustAppend(t, y, fv(float64(s)+float64(i)/4))
			mustAppend(t, label, sv(fmt.Sprintf("s%d", s)))
		}
	}
	for i := range 5 {
		mustAppend(t, x, fv(float64(5+10*i)))
		mustAppend(t, y, fv(float64(i)))
		mustAppend(t, label, sv("ideal"))
	}
	return &dataset.Table{Columns: []*dataset.Column{x, y, label}}
}

// TestFigureStyles: 14 series of a figure get 14 different styles, and a
// lines-only series is a thick black line without markers, named by key
// or by display label.
func TestFigureStyles(t *testing.T) {
	tab := fourteen(t, 14)
	for _, lo := range [][]string{{"ideal"}, {"Ideal (eq. 5)"}} {
		spec := FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"label"}, LinesOnly: lo,
			SeriesLabels: map[string]string{"ideal": "Ideal (eq. 5)"}}
		f, err := buildFigure(spec, tab)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.entries) != 15 {
			t.Fatalf("%d entries", len(f.entries))
		}
		seen := map[string]string{}
		for _, e := range f.entries[:14] {
			k := styleKey(e.style)
			if other, dup := seen[k]; dup {
				t.Errorf("%s and %s share a style", other, e.label)
			}
			seen[k] = e.label
			if e.style.Shape == nil {
				t.Errorf("%s has no marker", e.label)
			}
		}
		ideal := f.entries[14]
		if ideal.label != "Ideal (eq. 5)" || ideal.style.Shape != nil || ideal.style.Width != modelLineWidth || ideal.style.Color != (color.RGBA{A: 0xff}) {
			t.Errorf("lines-only %v: entry %+v", lo, ideal)
		}
		// The model curve is a line and no scatter on the plot.
		var lines, scatters int
		for _, p := range f.panels[f.plots[0][0]].plotters {
			switch p.(type) {
			case *plotter.Line:
				lines++
			case *plotter.Scatter:
				scatters++
			}
		}
		if lines != 15 || scatters != 14 {
			t.Errorf("%d lines and %d scatters, want 15 and 14", lines, scatters)
		}
	}
	f, err := buildFigure(FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"label"}, AllLinesOnly: true, Lines: new(bool)}, tab)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range f.entries {
		if e.style.Shape != nil {
			t.Errorf("AllLinesOnly: %s has a marker", e.label)
		}
	}
	_, err = buildFigure(FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"label"}, LinesOnly: []string{"idea"}}, tab)
	if err == nil || !strings.Contains(err.Error(), `lines-only series "idea" is not a series of the figure (series: "s0", "s1"`) {
		t.Errorf("unknown lines-only series: %v", err)
	}
}

// TestLegendLabels: legend entries read as words, and a legend of the
// values of one column is titled with its name and unit.
func TestLegendLabels(t *testing.T) {
	tab := loadTable(t)
	buf := dataset.NewColumn("buffer_flits", dataset.Int, "flits")
	label := dataset.NewColumn("label", dataset.String, "")
	for r := range tab.NumRows() {
		mustAppend(t, buf, iv(int64(8<<(r%3))))
		mustAppend(t, label, sv([]string{"SF", "DF"}[r%2]))
	}
	tab.Columns = append(tab.Columns, buf, label)
	uniform := tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}, "endpoints": {iv(1000)}})
	title := "Routing"
	empty := ""
	tests := []struct {
		name   string
		spec   FigureSpec
		labels string
		title  string
	}{
		{"two series columns", FigureSpec{Series: []string{"label", "routing"}, SeriesLabels: map[string]string{"min": "MIN", "ugal_g": "UGAL-G"}},
			"SF, MIN|DF, MIN|SF, val|DF, val|SF, ugal_l|DF, ugal_l|SF, UGAL-G|DF, UGAL-G", ""},
		{"whole key", FigureSpec{Series: []string{"label", "routing"}, SeriesLabels: map[string]string{"SF, min": "Slim Fly (minimal)", "min": "MIN"}},
			"Slim Fly (minimal)|DF, MIN|SF, val|DF, val|SF, ugal_l|DF, ugal_l|SF, ugal_g|DF, ugal_g", ""},
		{"y columns named", FigureSpec{Y: []string{"latency", "throughput"}, Series: []string{"label"}, SeriesLabels: map[string]string{"latency": "T", "throughput": "θ"}},
			"SF, T|DF, T|SF, θ|DF, θ", ""},
		{"y columns only", FigureSpec{Y: []string{"latency", "throughput"}}, "latency|throughput", ""},
		{"column with unit", FigureSpec{Series: []string{"buffer_flits"}}, "8|16|32", "buffer [flits]"},
		{"column without unit", FigureSpec{Series: []string{"routing"}}, "min|val|ugal_l|ugal_g", "routing"},
		{"label column", FigureSpec{Series: []string{"label"}}, "SF|DF", ""},
		{"given title", FigureSpec{Series: []string{"routing"}, LegendTitle: &title}, "min|val|ugal_l|ugal_g", "Routing"},
		{"no title", FigureSpec{Series: []string{"buffer_flits"}, LegendTitle: &empty}, "8|16|32", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			spec.X = "offered_load"
			if spec.Y == nil {
				spec.Y = []string{"latency"}
			}
			f, err := buildFigure(spec, uniform)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(legendLabels(f, f.plots[0][0]), "|"); got != tt.labels {
				t.Errorf("labels %q, want %q", got, tt.labels)
			}
			if f.legendTitle != tt.title {
				t.Errorf("title %q, want %q", f.legendTitle, tt.title)
			}
		})
	}
}

// TestErrorStyles: error intervals are bars by default, bands (beneath
// the lines) with ErrorStyle "band", and kept positive on a log axis.
func TestErrorStyles(t *testing.T) {
	tab := loadTable(t)
	ci := dataset.NewColumn("latency_ci95", dataset.Float, "cycles")
	for r := range tab.NumRows() {
		mustAppend(t, ci, fv(float64(r%7)))
	}
	tab.Columns = append(tab.Columns, ci)
	uniform := tab.Where(map[string][]dataset.Value{"traffic": {sv("uniform")}, "endpoints": {iv(1000)}})
	for _, tt := range []struct {
		style        string
		bars, polys  int
		errors       string
		polygonFirst bool
	}{
		{"", 4, 0, "bars", false},
		{"bars", 4, 0, "bars", false},
		{"band", 0, 4, "band", true},
	} {
		spec := FigureSpec{X: "offered_load", Y: []string{"latency"}, Series: []string{"routing"}, YErr: []string{"latency_ci95"}, ErrorStyle: tt.style}
		f, err := buildFigure(spec, uniform)
		if err != nil {
			t.Fatal(err)
		}
		var bars, polys int
		first := -1
		for i, p := range f.panels[f.plots[0][0]].plotters {
			switch p.(type) {
			case *plotter.YErrorBars:
				bars++
			case *plotter.Polygon:
				polys++
			case *plotter.Line:
				if first < 0 {
					first = i
				}
			}
		}
		if bars != tt.bars || polys != tt.polys || f.entries[0].errors != tt.errors {
			t.Errorf("%q: %d bars, %d bands, legend %q", tt.style, bars, polys, f.entries[0].errors)
		}
		if tt.polygonFirst && first != polys { // the bands, then the lines
			t.Errorf("%q: first line is plotter %d", tt.style, first)
		}
	}
	if _, err := buildFigure(FigureSpec{X: "offered_load", Y: []string{"latency"}, YErr: []string{"latency_ci95"}, ErrorStyle: "whiskers"}, uniform); err == nil {
		t.Error("unknown error style accepted")
	}
	lo, hi := errorExtents(plotter.XYs{{X: 1, Y: 10}, {X: 2, Y: 10}}, []float64{20, 3}, true)
	if lo[0] != 9.9 || hi[0] != 20 || lo[1] != 3 || hi[1] != 3 {
		t.Errorf("log extents %v %v", lo, hi)
	}
}

// TestStyleKeys: a figure of a subset of a table's rows, given the style
// keys of the whole table, draws each series in the style it has in the
// figure of the whole table; without them its series restyle from the
// first. Lines-only series and series without a point take no data style.
func TestStyleKeys(t *testing.T) {
	tab := fourteen(t, 4) // s0 ... s3 and the model curve "ideal"
	spec := FigureSpec{X: "x", Y: []string{"y"}, Series: []string{"label"}, LinesOnly: []string{"ideal"}}
	keys, err := DataSeriesKeys(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 4 {
		t.Fatalf("%d keys, want 4 (s0-s3; ideal is lines-only)", len(keys))
	}
	full, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, e := range full.entries {
		want[e.label] = styleKey(e.style)
	}
	sub := tab.Where(map[string][]dataset.Value{"label": {sv("s2"), sv("ideal"), sv("s3")}})
	for _, tc := range []struct {
		keys  []string
		style map[string]int // data style index of each data series
	}{
		{keys, map[string]int{"s2": 2, "s3": 3}},
		{nil, map[string]int{"s2": 0, "s3": 1}},
		{keys[:3], map[string]int{"s2": 2, "s3": 3}}, // s3 unlisted: after the list
		{keys[3:], map[string]int{"s2": 1, "s3": 0}}, // s2 unlisted: after s3's
	} {
		spec.StyleKeys = tc.keys
		f, err := buildFigure(spec, sub)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.entries) != 3 {
			t.Fatalf("%d entries, want 3", len(f.entries))
		}
		for _, e := range f.entries {
			i, data := tc.style[e.label]
			switch {
			case !data && styleKey(e.style) != want[e.label]:
				t.Errorf("keys %q: lines-only %s restyled", tc.keys, e.label)
			case data && styleKey(e.style) != styleKey(dataStyle(i)):
				t.Errorf("keys %q: %s has not data style %d", tc.keys, e.label, i)
			}
		}
	}
	// With the keys of the whole table, the subset's series look as there.
	spec.StyleKeys = keys
	f, err := buildFigure(spec, sub)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range f.entries {
		if styleKey(e.style) != want[e.label] {
			t.Errorf("%s styled unlike the whole figure", e.label)
		}
	}
	// A series without a plottable point takes no style.
	y := tab.Column("y")
	for r := 0; r < tab.NumRows(); r++ {
		if tab.Column("label").Value(r).String() == "s1" {
			y.Floats[r] = math.NaN()
		}
	}
	if keys, err = DataSeriesKeys(spec, tab); err != nil || len(keys) != 3 {
		t.Errorf("with s1 all NaN: keys %q, %v; want 3", keys, err)
	}
}
