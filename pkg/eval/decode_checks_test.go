package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/runexp/runexp/pkg/report"
)

// rowsStudy is a study of literal rows (x from 0 to 4) for the cases below.
const rowsStudy = `
study "rows" {
  rows = [for x in range(0, 5) : { x = x, y = x * x + 1 }]
}
`

// TestRunTimeErrorsAtValidate: validate said ok, and run computed and then
// failed on a name too long for a file, axis limits, log axes over zero and
// table formats. They are errors of validate now, at their source.
func TestRunTimeErrorsAtValidate(t *testing.T) {
	long := strings.Repeat("n", 240)
	fig := func(attrs string) string {
		return rowsStudy + "figure \"f\" {\n  study = study.rows\n  x = \"x\"\n  y = \"y\"\n" + attrs + "\n}\n"
	}
	cases := []struct {
		name, src, want, at string
	}{
		{"name of 240 characters", rowsStudy + "table \"" + long + "\" {\n  study = study.rows\n}\n", "at most 128 characters", "5:7"},
		{"name of 129 characters", strings.Replace(rowsStudy, `"rows"`, `"`+long[:129]+`"`, 1), "at most 128 characters", "2:7"},
		{"x_min above x_max", fig("  x_min = 10\n  x_max = 2"), "x_min = 10 is not below x_max = 2", "10:11"},
		{"y_min equal to y_max", fig("  y_min = 3\n  y_max = 3"), "y_min = 3 is not below y_max = 3", "10:11"},
		{"log axis limit at 0", fig("  x_scale = \"log\"\n  x_min = 0\n  where = { x = [1, 2] }"), "x_min = 0 on a log axis", "10:11"},
		{"log axis limit below 0", fig("  y_scale = \"log\"\n  y_max = -1"), "y_max = -1 on a log axis", "10:11"},
		{"log axis over 0 in literal rows", fig("  x_scale = \"log\""), `log x axis (x_scale = "log"), but column "x" of study "rows" holds 0`, "7:7"},
		{"log axis over a sim option", strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"latency\"]\n  sim {\n    seed = [0, 1]\n  }", 1) + "figure \"f\" {\n  study = study.s\n  x = \"seed\"\n  y = \"latency\"\n  x_scale = \"log\"\n}\n", `column "seed" of study "s" holds 0`, "16:7"},
		{"table format %n", rowsStudy + "table \"t\" {\n  study = study.rows\n  formats = { x = \"%n\" }\n}\n", `formats.x = "%n": it does not format one int value`, "7:13"},
		{"table format with two verbs", rowsStudy + "table \"t\" {\n  study = study.rows\n  formats = { y = \"%d %d\" }\n}\n", "MISSING", "7:13"},
		{"table format of a float for an int", rowsStudy + "table \"t\" {\n  study = study.rows\n  formats = { y = \"%.2f\" }\n}\n", `use one verb such as "%d"`, "7:13"},
		{"table format width", rowsStudy + "table \"t\" {\n  study = study.rows\n  formats = { y = \"%99999999d\" }\n}\n", "above 1000", "7:13"},
		{"overlay of another kind", rowsStudy + "study \"other\" {\n  rows = [{ x = \"a\", y = 1 }]\n}\n" + "figure \"f\" {\n  study = study.rows\n  overlay = [study.other]\n  x = \"y\"\n  y = \"y\"\n}\n", `Column "x" holds int values in study "rows" but string values in overlay study "other"`, "10:13"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			diags, _ := loadTimed(t, c.src)
			wantDiag(t, diags, c.want, c.at)
		})
	}
	for _, ok := range []string{
		fig("  x_scale = \"log\"\n  where = { x = [1, 2, 3] }"), // the zero row is left out
		fig("  x_min = 0\n  x_max = 4"),
		rowsStudy + "table \"t\" {\n  study = study.rows\n  formats = { x = \"%03d\", y = \"%5d items\" }\n}\n",
		rowsStudy + "table \"" + long[:128] + "\" {\n  study = study.rows\n}\n",
	} {
		if diags, _ := loadTimed(t, ok); diags.HasErrors() {
			t.Errorf("%s\n%s", ok, diags.Error())
		}
	}
}

// TestDefaultSeriesOfRows: a figure of a study of literal rows without a
// series attribute split its rows by the label column, which such a study
// does not have, and failed when drawn; it draws one series.
func TestDefaultSeriesOfRows(t *testing.T) {
	g, results := runSource(t, "rows", rowsStudy+`
figure "f" {
  study = study.rows
  x     = "x"
  y     = "y"
}
`)
	if len(g.Experiments[0].Figures[0].Spec.Series) != 0 {
		t.Errorf("series %v", g.Experiments[0].Figures[0].Spec.Series)
	}
	if _, err := os.Stat(filepath.Join(results, "rows", "figures", "f.png")); err != nil {
		t.Error(err)
	}
	exps, errs := loadSource(t, topo+`
figure "f" {
  study = study.s
  x     = "k"
  y     = "routers"
}
`, nil)
	if errs != "no diagnostics" || strings.Join(exps[0].Figures[0].Spec.Series, ",") != colLabel {
		t.Errorf("%s: series of a topology study %v", errs, exps)
	}
}

// TestNamesWithDots: the README forbids ".." in names, but "a..b" and a
// file dots..hcl were accepted.
func TestNamesWithDots(t *testing.T) {
	for _, label := range []string{"a..b", "..", "x..", "a...b"} {
		diags, _ := loadTimed(t, strings.Replace(topo, `"t"`, `"`+label+`"`, 1))
		wantDiag(t, diags, "without path separators or '..'", "2:10")
	}
	for _, ok := range []string{"a.b", "v1.2.3", "a-b_c"} {
		if diags, _ := loadTimed(t, strings.Replace(topo, `topology "t"`, `topology "`+ok+`"`, 1)); strings.Contains(diags.Error(), "not a valid") {
			t.Errorf("%s: %s", ok, diags.Error())
		}
	}
	dir := t.TempDir()
	for _, name := range []string{"dots..hcl", "a..b.hcl", strings.Repeat("e", 129) + ".hcl"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(topo), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags := NewLoader(Options{}).Load([]string{path})
		if !diags.HasErrors() || !strings.Contains(diags[0].Detail, path) || diags[0].Summary != "Invalid experiment file name" {
			t.Errorf("%s: %s", name, diags.Error())
		}
	}
}

// TestBadNumbers: a number out of float64's range (1e309 is infinite as a
// float64) in a figure or table attribute made validate, plan and run
// panic. Every numeric attribute refuses infinite, huge, negative,
// fractional and out-of-range numbers with an error at the attribute.
func TestBadNumbers(t *testing.T) {
	attr := func(block, a string) func(v string) string {
		return func(v string) string {
			switch block {
			case "figure":
				return topo + "figure \"f\" {\n  study = study.s\n  x = \"k\"\n  y = \"routers\"\n  " + a + " = " + v + "\n}\n"
			case "table":
				return topo + "table \"t\" {\n  study = study.s\n  " + a + " = " + v + "\n}\n"
			case "expect":
				return topo + "table \"t\" {\n  study = study.s\n  expect \"t\" {\n    routers = " + strings.ReplaceAll(a, "V", v) + "\n  }\n}\n"
			case "sim":
				return strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"latency\"]\n  sim {\n    "+a+" = "+v+"\n  }", 1)
			case "analysis":
				return strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"bisection_bandwidth\"]\n  analysis {\n    "+a+" = "+v+"\n  }", 1)
			case "cost_model":
				return topo + "cost_model \"c\" {\n  " + a + " = " + v + "\n}\n"
			case "topology":
				return strings.Replace(topo, "k      = 3", a+" = "+v, 1)
			case "rows":
				return "study \"r\" {\n  rows = [{ x = " + v + " }]\n}\n"
			case "where":
				return topo + "table \"t\" {\n  study = study.s\n  where = { k = " + v + " }\n}\n"
			}
			panic(block)
		}
	}
	paths := []struct {
		name string
		src  func(v string) string
		bad  []string // values refused
	}{
		{"figure panel_cols", attr("figure", "panel_cols"), []string{"1e309", "-1e309", "0", "-1", "1e18", "0.5", "pow(10, 400)", "1e300 * 1e300", "9223372036854775808"}},
		{"figure x_min", attr("figure", "x_min"), []string{"1e309", "-1e309", "pow(10, 400)", "1e300 * 1e300"}},
		{"figure y_max", attr("figure", "y_max"), []string{"1e309", "-pow(10, 400)", "1e-400"}},
		{"figure width", attr("figure", "width"), []string{"1e309", "0", "-1", "1e18", "pow(10, 400)"}},
		{"expect value", attr("expect", "{ value = V }"), []string{"1e309", "-1e309", "pow(10, 400)"}},
		{"expect scalar", attr("expect", "V"), []string{"1e309", "1e300 * 1e300"}},
		{"expect rel", attr("expect", "{ value = 1, rel = V }"), []string{"1e309", "-1", "pow(10, 400)"}},
		{"expect abs", attr("expect", "{ value = 1, abs = V }"), []string{"-1e309", "-1"}},
		{"expect decimals", attr("expect", "{ value = 1, decimals = V }"), []string{"1e309", "-1", "1e18", "0.5", "16"}},
		{"sim load", attr("sim", "load"), []string{"1e309", "-1e309", "0", "-1", "1e18", "pow(10, 400)"}},
		{"sim seed", attr("sim", "seed"), []string{"1e309", "-1", "0.5", "9223372036854775808", "1e300 * 1e300"}},
		{"sim seeds", attr("sim", "seeds"), []string{"1e309", "0", "1e18", "0.5"}},
		{"sim buffer_flits", attr("sim", "buffer_flits"), []string{"1e309", "0", "-1", "1e18", "0.5"}},
		{"sim latency_bound", attr("sim", "latency_bound"), []string{"1e309", "-1", "pow(10, 400)"}},
		{"analysis seed", attr("analysis", "seed"), []string{"1e309", "-1", "0.5", "9223372036854775808"}},
		{"analysis link_gbps", attr("analysis", "link_gbps"), []string{"1e309", "-1", "pow(10, 400)"}},
		{"analysis bisection_starts", attr("analysis", "bisection_starts"), []string{"0", "1e18", "0.5"}},
		{"cost model float", attr("cost_model", "link_bandwidth"), []string{"1e309", "-1e309", "-1", "pow(10, 400)"}},
		{"cost model int", attr("cost_model", "router_radix"), []string{"1e309", "-1", "0.5", "1e18"}},
		{"topology int", attr("topology", "k"), []string{"1e309", "-1e309", "0", "-1", "0.5", "pow(10, 400)", "9223372036854775808"}},
		{"topology float", attr("topology", "p"), []string{"1e309"}},
		{"rows", attr("rows", "x"), []string{"1e309", "-1e309", "pow(10, 400)", "1e300 * 1e300"}},
		{"where", attr("where", "k"), []string{"1e309", "pow(10, 400)"}},
	}
	for _, p := range paths {
		for _, v := range p.bad {
			t.Run(p.name+" = "+v, func(t *testing.T) {
				src := p.src(v)
				var diags hcl.Diagnostics
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic: %v\n%s", r, src)
						}
					}()
					diags, _ = loadTimed(t, src)
				}()
				if !diags.HasErrors() {
					t.Fatalf("no error for\n%s", src)
				}
				for _, d := range diags {
					if d.Subject == nil {
						t.Errorf("no source range: %s", d.Detail)
					}
				}
			})
		}
	}
}

// TestFigureStyleAttrs decodes the legend, legend_title, legend_order,
// bars, lines_only and error_bars attributes of a figure into its spec, and
// error_bars to the confidence-interval column of each y column: <y>_ci95 of a sim metric
// with seeds > 1, resilience_halfwidth for a resilience mean.
func TestFigureStyleAttrs(t *testing.T) {
	resilience := strings.Replace(topo, `metrics    = ["routers"]`, `metrics    = ["resilience_disconnect", "resilience_disconnect_step", "resilience_halfwidth"]`, 1)
	replicated := strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"latency\", \"accepted_load\"]\n  sim {\n    seeds = 3\n  }", 1)
	fig := func(study, attrs string) string {
		return study + "figure \"f\" {\n  study = study.s\n" + attrs + "\n}\n"
	}
	empty := ""
	cases := []struct {
		name, src string
		check     func(s report.FigureSpec) bool
	}{
		{"defaults", fig(topo, `x = "k"
y = "routers"`), func(s report.FigureSpec) bool {
			return s.Legend == "" && s.LegendTitle == nil && s.LinesOnly == nil && !s.AllLinesOnly && s.YErr == nil && s.ErrorStyle == ""
		}},
		{"outside legend, empty title", fig(topo, `x = "k"
y = "routers"
legend = "outside"
legend_title = ""`), func(s report.FigureSpec) bool {
			return s.Legend == "outside" && s.LegendTitle != nil && *s.LegendTitle == empty
		}},
		{"auto legend, title", fig(topo, `x = "k"
y = "routers"
legend = "auto"
legend_title = "k̄ [hops]"`), func(s report.FigureSpec) bool {
			return s.Legend == "auto" && *s.LegendTitle == "k̄ [hops]"
		}},
		{"lines_only list", fig(topo, `x = "k"
y = "routers"
lines_only = ["Ideal", "Bound"]`), func(s report.FigureSpec) bool {
			return strings.Join(s.LinesOnly, "|") == "Ideal|Bound" && !s.AllLinesOnly
		}},
		{"legend_order", fig(topo, `x = "k"
y = "routers"
legend_order = ["Bound", "Ideal"]`), func(s report.FigureSpec) bool {
			return strings.Join(s.LegendOrder, "|") == "Bound|Ideal"
		}},
		{"bars", fig(topo, `bars = true
x = "topology"
y = "routers"`), func(s report.FigureSpec) bool { return s.Bars && s.X == "topology" }},
		{"lines_only string", fig(topo, `x = "k"
y = "routers"
lines_only = "Ideal"`), func(s report.FigureSpec) bool {
			return strings.Join(s.LinesOnly, "|") == "Ideal"
		}},
		{"lines_only true", fig(topo, `x = "k"
y = "routers"
lines_only = true`), func(s report.FigureSpec) bool { return s.AllLinesOnly && s.LinesOnly == nil }},
		{"error bars of seeds", fig(replicated, `x = "k"
y = ["latency", "accepted_load"]
error_bars = true`), func(s report.FigureSpec) bool {
			return strings.Join(s.YErr, ",") == "latency_ci95,accepted_load_ci95" && s.ErrorStyle == ""
		}},
		{"error band of seeds", fig(replicated, `x = "k"
y = "latency"
error_bars = "band"`), func(s report.FigureSpec) bool {
			return strings.Join(s.YErr, ",") == "latency_ci95" && s.ErrorStyle == "band"
		}},
		{"error bars off", fig(replicated, `x = "k"
y = "latency"
error_bars = false`), func(s report.FigureSpec) bool { return s.YErr == nil }},
		{"resilience spread", fig(resilience, `x = "k"
y = ["resilience_disconnect", "resilience_disconnect_step"]
error_bars = "bars"`), func(s report.FigureSpec) bool {
			return strings.Join(s.YErr, ",") == "resilience_halfwidth," && s.ErrorStyle == "bars"
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			exps, errs := loadSource(t, c.src, nil)
			if errs != "no diagnostics" {
				t.Fatal(errs)
			}
			if s := exps[0].Figures[0].Spec; !c.check(s) {
				t.Errorf("spec %+v", s)
			}
		})
	}
	bad := []struct {
		name, src, want, at string
	}{
		{"unknown legend", fig(topo, "x = \"k\"\ny = \"routers\"\nlegend = \"outside-left\""), `legend must be one of auto, top-right, top-left, bottom-right, bottom-left, outside, outside-right, outside-bottom, none, got "outside-left"`, "15:10"},
		{"legend title not a string", fig(topo, "x = \"k\"\ny = \"routers\"\nlegend_title = [1]"), "legend_title must be a string", "15:16"},
		{"x of names without bars", fig(topo, "x = \"topology\"\ny = \"routers\""), "this axis needs numbers", "13:5"},
		{"bars with an x limit", fig(topo, "bars = true\nx = \"topology\"\ny = \"routers\"\nx_min = 0"), "A bar figure (bars = true) has no x limits: its x axis names categories: remove x_min.", "16:9"},
		{"bars with a log y", fig(topo, "bars = true\nx = \"topology\"\ny = \"routers\"\ny_scale = \"log\""), "has a linear y axis: its bars start at 0: remove y_scale.", "16:11"},
		{"bars with bands", fig(replicated, "bars = true\nx = \"k\"\ny = \"latency\"\nerror_bars = \"band\""), "draws error bars, not bands", "19:14"},
		{"lines_only a number", fig(topo, "x = \"k\"\ny = \"routers\"\nlines_only = 2"), "lines_only must be true, false or a list of series", "15:14"},
		{"legend_order of numbers", fig(topo, "x = \"k\"\ny = \"routers\"\nlegend_order = [\"a\", 2]"), "element 2 is the number 2", "15:22"},
		{"lines_only of numbers", fig(topo, "x = \"k\"\ny = \"routers\"\nlines_only = [\"a\", 2]"), "element 2 is the number 2", "15:20"},
		{"error_bars unknown", fig(replicated, "x = \"k\"\ny = \"latency\"\nerror_bars = \"whiskers\""), `error_bars must be true, false, "bars" or "band", got the string "whiskers"`, "18:14"},
		{"error_bars without intervals", fig(topo, "x = \"k\"\ny = \"routers\"\nerror_bars = \"band\""), "resilience_halfwidth for resilience_disconnect", "15:14"},
		{"resilience without halfwidth", fig(strings.Replace(resilience, `, "resilience_halfwidth"`, "", 1), "x = \"k\"\ny = \"resilience_disconnect\"\nerror_bars = true"), "(list it in metrics)", "15:14"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			diags, _ := loadTimed(t, c.src)
			wantDiag(t, diags, c.want, c.at)
		})
	}
}
