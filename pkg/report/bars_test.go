package report

import (
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// exchangeTable is a table in the shape of SC15 Figs. 13-14: one row per
// network and routing, networks with different routings, a routing
// missing on one network and a network without a value (not computed).
func exchangeTable(t testing.TB) *dataset.Table {
	net := dataset.NewColumn("label", dataset.String, "")
	ro := dataset.NewColumn("routing", dataset.String, "")
	thr := dataset.NewColumn("effective_throughput", dataset.Float, "")
	ci := dataset.NewColumn("effective_throughput_ci95", dataset.Float, "")
	for _, r := range []struct {
		net, ro string
		v       float64
	}{
		{"SF", "min", 0.26}, {"SF", "val", 0.61}, {"SF", "sfa", 0.81},
		{"MLFM", "min", 0.35}, {"MLFM", "val-leaf", 0.72}, {"MLFM", "mla", 0.85}, {"MLFM", "mlath", 0.86},
		{"SF10", "min", math.NaN()},
		{"OFT", "min", 0.16}, {"OFT", "val-leaf", 1.08},
	} {
		mustAppend(t, net, sv(r.net))
		mustAppend(t, ro, sv(r.ro))
		mustAppend(t, thr, fv(r.v))
		mustAppend(t, ci, fv(0.02))
	}
	return &dataset.Table{Columns: []*dataset.Column{net, ro, thr, ci}}
}

// TestBars: a bar figure numbers its categories in order of first
// appearance (one with no value stays as an empty slot), places each
// category's bars side by side in legend order, centred, all of one width
// (0.8 over the most bars of a category), and labels the categories on
// the x axis.
func TestBars(t *testing.T) {
	tab := exchangeTable(t)
	spec := FigureSpec{X: "label", Y: []string{"effective_throughput"}, Series: []string{"routing"}, Bars: true,
		LegendOrder: []string{"mlath"}}
	f, err := buildFigure(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	pn := f.panels[f.plots[0][0]]
	w := 0.8 / 4 // MLFM has four bars
	// Entries (legend order): mlath, min, val, sfa, val-leaf, mla.
	want := map[string][]float64{
		"min":      {0 - 1*w, 1 - 0.5*w, 3 - 0.5*w},
		"val":      {0},
		"sfa":      {0 + w},
		"val-leaf": {1 + 0.5*w, 3 + 0.5*w},
		"mla":      {1 + 1.5*w},
		"mlath":    {1 - 1.5*w},
	}
	if len(pn.series) != len(want) {
		t.Fatalf("%d series, want %d", len(pn.series), len(want))
	}
	for _, s := range pn.series {
		if s.barW != w || s.lines {
			t.Errorf("%s: bar width %g, lines %v; want %g, no lines", s.label, s.barW, s.lines, w)
		}
		xs := want[s.label]
		if len(s.pts) != len(xs) {
			t.Errorf("%s: %d bars, want %d", s.label, len(s.pts), len(xs))
			continue
		}
		for i, p := range s.pts {
			if math.Abs(p.X-xs[i]) > 1e-12 {
				t.Errorf("%s: bar %d at x = %g, want %g", s.label, i, p.X, xs[i])
			}
		}
	}
	var labels []string
	for _, e := range f.entries {
		if !e.bar {
			t.Errorf("entry %s is not a bar", e.label)
		}
		labels = append(labels, e.label)
	}
	if got := strings.Join(labels, "|"); got != "mlath|min|val|sfa|val-leaf|mla" {
		t.Errorf("legend %s", got)
	}
	pl := f.plots[0][0]
	if pl.X.Min != -0.5 || pl.X.Max != 3.5 || pl.Y.Min != 0 {
		t.Errorf("x axis [%g, %g], y from %g; want [-0.5, 3.5], from 0", pl.X.Min, pl.X.Max, pl.Y.Min)
	}
	var ticks []string
	for _, tk := range pl.X.Tick.Marker.Ticks(pl.X.Min, pl.X.Max) {
		ticks = append(ticks, tk.Label)
	}
	if got := strings.Join(ticks, "|"); got != "SF|MLFM|SF10|OFT" {
		t.Errorf("x ticks %s", got)
	}
	if _, _, err := RenderFigure(spec, tab); err != nil {
		t.Fatal(err)
	}
	// A bar beyond y_max is cut, and the note says so.
	spec.YMax = ptr(1)
	note, err := FigureOutside(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1 of 9 bars reaches beyond the axes and is cut at the limit: 1 above y_max = 1"; note != want {
		t.Errorf("note %q, want %q", note, want)
	}
}

// TestBarsErrors: what a bar figure cannot draw is refused.
func TestBarsErrors(t *testing.T) {
	tab := exchangeTable(t)
	base := FigureSpec{X: "label", Y: []string{"effective_throughput"}, Series: []string{"routing"}, Bars: true}
	tests := []struct {
		name string
		edit func(*FigureSpec)
		want string
	}{
		{"log y", func(s *FigureSpec) { s.YScale = "log" }, "a bar figure has linear axes"},
		{"x limit", func(s *FigureSpec) { s.XMin = ptr(0) }, "a bar figure has no x limits"},
		{"lines only", func(s *FigureSpec) { s.LinesOnly = []string{"min"} }, "a bar figure has no lines-only series"},
		{"band", func(s *FigureSpec) { s.YErr, s.ErrorStyle = []string{"effective_throughput_ci95"}, "band" }, "a bar figure draws error bars, not bands"},
		{"no bars: x needs numbers", func(s *FigureSpec) { s.Bars = false }, `x column "label"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base
			tt.edit(&s)
			_, err := buildFigure(s, tab)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
	// Error bars are allowed, at the bars' centres.
	s := base
	s.YErr = []string{"effective_throughput_ci95"}
	f, err := buildFigure(s, tab)
	if err != nil {
		t.Fatal(err)
	}
	for _, sr := range f.panels[f.plots[0][0]].series {
		if sr.lo == nil || sr.band {
			t.Errorf("%s: no error bars", sr.label)
		}
	}
}
