package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// loadSource decodes one experiment given as text.
func loadSource(t *testing.T, src string, vars map[string]string) ([]*Experiment, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exps, diags := NewLoader(Options{Vars: vars}).Load([]string{path})
	return exps, diags.Error()
}

func TestSweepExpansion(t *testing.T) {
	exps, errs := loadSource(t, `
topology "t" {
  family = "torus"
  n      = [2, 3]
  k      = [4, 5, 6]
  p      = 2
}`, nil)
	if errs != "no diagnostics" {
		t.Fatal(errs)
	}
	topo := exps[0].Topologies[0]
	if len(topo.Axes) != 2 || topo.Axes[0].Param != "n" || topo.Axes[1].Param != "k" {
		t.Fatalf("axes %+v", topo.Axes)
	}
	// The first axis varies slowest.
	var got []string
	for _, in := range topo.Instances {
		got = append(got, in.Label())
		if in.Params.Int("p") != 2 || in.Params.Int("max_radix") != 0 {
			t.Errorf("%s: params %v", in.Label(), in.Params)
		}
	}
	want := "t n=2 k=4,t n=2 k=5,t n=2 k=6,t n=3 k=4,t n=3 k=5,t n=3 k=6"
	if strings.Join(got, ",") != want {
		t.Errorf("instances %v, want %s", got, want)
	}
}

func TestLanguageFeatures(t *testing.T) {
	exps, errs := loadSource(t, `
experiment {
  title = "T"
}
variable "n" {
  type    = number
  default = 3
}
variable "name" {
  default = "x"
}
locals {
  # Locals may refer to each other in any order.
  ks    = [for k in local.base : k * var.n]
  base  = range(1, 4)
  pairs = setproduct([1, 2], ["a", "b"])
  label = format("%s-%d", var.name, length(local.pairs))
  big   = length(range(3, 5003))
  frac  = range(0.05, 1, 0.05)
  mx    = max(3, 7, 5)
}
topology "t" {
  family = "torus"
  label  = local.label
  n      = 1
  k      = concat(local.ks, [local.mx, local.big, length(local.frac)])
}
`, map[string]string{"n": "4", "name": "cli"})
	if errs != "no diagnostics" {
		t.Fatal(errs)
	}
	e := exps[0]
	topo := e.Topologies[0]
	if topo.Label != "cli-4" {
		t.Errorf("label %q, want cli-4", topo.Label)
	}
	var ks []int64
	for _, in := range topo.Instances {
		ks = append(ks, in.Params.Int("k"))
	}
	// ks = [4, 8, 12], max = 7, length(range(3, 5003)) = 5000, 19 fractional steps.
	if want := []int64{4, 8, 12, 7, 5000, 19}; len(ks) != len(want) {
		t.Fatalf("k sweep %v, want %v", ks, want)
	} else {
		for i := range want {
			if ks[i] != want[i] {
				t.Errorf("k sweep %v, want %v", ks, want)
				break
			}
		}
	}
	if e.Title != "T" || len(e.Variables) != 2 || e.Variables[0].Value != "4" || e.Variables[1].Value != `"cli"` {
		t.Errorf("experiment %q, variables %+v %+v", e.Title, e.Variables[0], e.Variables[1])
	}
}

func TestRangeFunction(t *testing.T) {
	cases := []struct {
		expr string
		want string
	}{
		{"range(4)", "[0, 1, 2, 3]"},
		{"range(2, 5)", "[2, 3, 4]"},
		{"range(5, 2)", "[5, 4, 3]"},
		{"range(0, 1, 0.25)", "[0, 0.25, 0.5, 0.75]"},
		{"range(1, 0, -0.5)", "[1, 0.5]"},
		{"length(range(0.05, 1, 0.05))", "19"},
		{"range(3, 3)", "[]"},
	}
	for _, c := range cases {
		exps, errs := loadSource(t, `variable "v" {
  default = `+c.expr+`
}`, nil)
		if errs != "no diagnostics" {
			t.Errorf("%s: %s", c.expr, errs)
			continue
		}
		if got := exps[0].Variables[0].Value; got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	for _, bad := range []string{"range(0, 1, 0)", "range(0, 5, -1)", "range(0, 1e9)"} {
		if _, errs := loadSource(t, `variable "v" {
  default = `+bad+`
}`, nil); errs == "no diagnostics" {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestStudyColumnsAndExpectations(t *testing.T) {
	exps, errs := loadSource(t, `
topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}
topology "df" {
  family = "dragonfly"
  p      = 2
}
study "s" {
  topologies = [topology.sf, topology.df]
  metrics    = ["routers", "diameter"]
}
table "t" {
  study = study.s
  where = { topology = ["sf", "df"], q = 5 }
  expect "df" {
    routers = 36
  }
  expect "hs" {
    where    = { q = 5 }
    source   = "paper"
    routers  = { value = 50, rel = 0.01, why = "printed to 1%" }
    diameter = { value = 2, abs = 0 }
  }
}
`, nil)
	if errs != "no diagnostics" {
		t.Fatal(errs)
	}
	s := exps[0].Studies[0]
	var cols []string
	for _, c := range s.Columns {
		cols = append(cols, c.Name+":"+c.Kind.String())
	}
	want := "topology:string label:string family:string q:int p:int max_radix:int a:int h:int g:int routers:int diameter:int"
	if strings.Join(cols, " ") != want {
		t.Errorf("columns %s\nwant    %s", strings.Join(cols, " "), want)
	}
	tb := exps[0].Tables[0]
	if len(tb.Where["topology"]) != 2 || !tb.Where["q"][0].Equal(dataset.IntValue(5)) {
		t.Errorf("where %v", tb.Where)
	}
	if len(tb.Expect) != 3 {
		t.Fatalf("expectations %+v", tb.Expect)
	}
	df, hs, diam := tb.Expect[0], tb.Expect[1], tb.Expect[2]
	if !df.Where["topology"][0].Equal(dataset.StringValue("df")) || df.Column != "routers" || !df.Want.Equal(dataset.IntValue(36)) {
		t.Errorf("df expectation %+v", df)
	}
	if hs.Rel != 0.01 || hs.Source != "paper" || !strings.Contains(hs.Pos, "x.hcl:") || diam.Column != "diameter" {
		t.Errorf("hs expectations %+v %+v", hs, diam)
	}
}

// TestExpectationAnnotations decodes the kind, note, tolerance reason and
// printed form of expectations: block-level kind and note, per-value
// overrides, literals as written (decimals kept, sign, not expressions),
// a warning for a tolerance without a reason and errors for bad values.
func TestExpectationAnnotations(t *testing.T) {
	head := `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers", "diameter", "avg_distance", "endpoints"]
}
table "t" {
  study = study.s
`
	exps, errs := loadSource(t, head+`
  expect "sf" {
    kind         = "check"
    note         = "q = 5 is the Hoffman-Singleton graph"
    routers      = 50
    diameter     = { value = 2, kind = "reproduction", note = "Table II" }
    avg_distance = { value = 1.80, abs = 0.005, why = "printed with 2 decimals" }
    endpoints    = { value = -150.250, rel = 0.1, why = "sign test" }
  }
  expect "computed" {
    where   = { q = 5 }
    routers = 2 * 5 * 5
  }
  expect "bounds" {
    where        = { q = 5 }
    avg_distance = { at_most = 1.90, why = "the paper says below 1.9" }
    endpoints    = { at_least = 100, abs = 5, why = "printed to 10" }
  }
}
`, nil)
	if errs != "no diagnostics" {
		t.Fatal(errs)
	}
	got := map[string]report.Expectation{}
	for _, e := range exps[0].Tables[0].Expect {
		got[e.Name+"."+e.Column] = e
	}
	for _, c := range []struct{ key, kind, note, why, printed string }{
		{"sf.routers", "check", "q = 5 is the Hoffman-Singleton graph", "", "50"},
		{"sf.diameter", "reproduction", "Table II", "", "2"},
		{"sf.avg_distance", "check", "q = 5 is the Hoffman-Singleton graph", "printed with 2 decimals", "1.80"},
		{"sf.endpoints", "check", "q = 5 is the Hoffman-Singleton graph", "sign test", "-150.250"},
		{"computed.routers", "", "", "", ""},
		{"bounds.avg_distance", "", "", "the paper says below 1.9", "1.90"},
		{"bounds.endpoints", "", "", "printed to 10", "100"},
	} {
		e, ok := got[c.key]
		if !ok {
			t.Errorf("%s: no expectation", c.key)
			continue
		}
		if e.Kind != c.kind || e.Note != c.note || e.Why != c.why || e.Printed != c.printed {
			t.Errorf("%s: kind %q note %q why %q printed %q; want %q %q %q %q", c.key, e.Kind, e.Note, e.Why, e.Printed, c.kind, c.note, c.why, c.printed)
		}
	}
	if e := got["bounds.avg_distance"]; e.Bound != report.BoundAtMost || !e.Want.Equal(dataset.FloatValue(1.9)) {
		t.Errorf("bounds.avg_distance: bound %q want %v", e.Bound, e.Want)
	}
	if e := got["bounds.endpoints"]; e.Bound != report.BoundAtLeast || !e.Want.Equal(dataset.IntValue(100)) || e.Abs != 5 {
		t.Errorf("bounds.endpoints: bound %q want %v abs %g", e.Bound, e.Want, e.Abs)
	}
	if e := got["sf.routers"]; e.Bound != "" {
		t.Errorf("sf.routers: bound %q", e.Bound)
	}
	for _, c := range []struct{ body, want string }{
		{`routers = { at_most = 50, rel = 0.1 }`, "Tolerance without a reason"},
		{`routers = { value = 50, rel = 0.1 }`, "Tolerance without a reason"},
		{`kind = "published"` + "\n" + `routers = 50`, `kind must be "reproduction"`},
		{`routers = { value = 50, kind = "checked" }`, `routers.kind must be "reproduction" or "check"`},
		{`routers = { value = 50, why = 1 }`, "routers.why must be a string"},
		{`routers = { value = 50, note = ["a"] }`, "routers.note must be a string"},
		{`note = 3` + "\n" + `routers = 50`, ""},
	} {
		_, errs := loadSource(t, head+"expect \"sf\" {\n"+c.body+"\n}\n}\n", nil)
		if c.want == "" {
			if errs != "no diagnostics" {
				t.Errorf("%s: %s", c.body, errs)
			}
			continue
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s: diagnostics %q, want %q", c.body, errs, c.want)
		}
	}
}

// TestRatioColumns: ratio_to and ratios add <column>_ratio to the columns a
// table and its expectations may name; each needs the other, and the
// compared columns must be numeric.
func TestRatioColumns(t *testing.T) {
	head := `
topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers", "diameter"]
}
table "t" {
  study = study.s
`
	exps, errs := loadSource(t, head+`
  ratio_to = { q = 5 }
  ratios   = ["routers"]
  columns  = ["q", "routers", "routers_ratio"]
  expect "q7" {
    where         = { q = 7 }
    routers_ratio = { value = 0.51, abs = 0.005, why = "two decimals" }
  }
}
`, nil)
	if errs != "no diagnostics" {
		t.Fatal(errs)
	}
	tb := exps[0].Tables[0]
	if r := tb.Spec.RatioTo; r == nil || len(r.Columns) != 1 || r.Columns[0] != "routers" || !r.Where["q"][0].Equal(dataset.IntValue(5)) {
		t.Errorf("RatioTo = %+v", tb.Spec.RatioTo)
	}
	if len(tb.Expect) != 1 || tb.Expect[0].Column != "routers_ratio" {
		t.Errorf("expectations %+v", tb.Expect)
	}
	if tb.Study.Column("routers_ratio") != nil {
		t.Error("the ratio column leaked into the study")
	}
	for _, c := range []struct{ body, want string }{
		{`ratio_to = { q = 5 }`, "Incomplete ratios"},
		{`ratios = ["routers"]`, "Incomplete ratios"},
		{"ratio_to = { q = 5 }\nratios = [\"label\"]", "Non-numeric column"},
		{"ratio_to = { q = 5 }\nratios = [\"routrs\"]", "Unknown column"},
		{`columns = ["routers_ratio"]`, "Unknown column"},
	} {
		if _, errs := loadSource(t, head+c.body+"\n}\n", nil); !strings.Contains(errs, c.want) {
			t.Errorf("%s: diagnostics %q, want %q", c.body, errs, c.want)
		}
	}
}

// TestCellLimit checks that --max-cells applies before expansion.
func TestCellLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.hcl")
	os.WriteFile(path, []byte(`
topology "t" {
  family = "torus"
  n      = 1
  k      = range(3, 103)
}
study "s" {
  topologies = [topology.t]
  metrics    = ["routers", "diameter"]
}`), 0o644)
	// 100 instances x (build + size + distance) + 1 dataset = 301 cells.
	if _, diags := NewLoader(Options{MaxCells: 300}).Load([]string{path}); !diags.HasErrors() || !strings.Contains(diags.Error(), "more than 300 cells") {
		t.Errorf("limit 300: %v", diags)
	}
	if _, diags := NewLoader(Options{MaxCells: 301}).Load([]string{path}); diags.HasErrors() {
		t.Errorf("limit 301: %v", diags)
	}
}

func TestExperimentDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.hcl"), []byte(`topology "t" {
  family = "hypercube"
  n      = 3
}`), 0o644)
	os.WriteFile(filepath.Join(dir, "a.hcl"), []byte(`topology "t" {
  family = "hypercube"
  n      = 4
}`), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("ignored"), 0o644)
	exps, diags := NewLoader(Options{}).Load([]string{dir})
	if diags.HasErrors() || len(exps) != 2 || exps[0].Name != "a" || exps[1].Name != "b" {
		t.Errorf("directory load: %v, %d experiments", diags, len(exps))
	}
	if _, diags := NewLoader(Options{}).Load([]string{t.TempDir()}); !diags.HasErrors() {
		t.Error("an empty directory loaded without error")
	}
}
