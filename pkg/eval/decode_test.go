package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
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
    routers  = { value = 50, rel = 0.01 }
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
