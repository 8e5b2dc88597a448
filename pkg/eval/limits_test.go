package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
)

// loadTimed loads src as x.hcl and returns the diagnostics and how long
// loading took. A panic fails the test.
func loadTimed(t *testing.T, src string) (hcl.Diagnostics, time.Duration) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	exps, diags := NewLoader(Options{}).Load([]string{path})
	if !diags.HasErrors() {
		BuildGraph(exps)
	}
	return diags, time.Since(start)
}

// wantDiag checks that diags hold an error whose summary and detail
// contain want and whose subject starts at line:col ("" to skip).
func wantDiag(t *testing.T, diags hcl.Diagnostics, want, at string) {
	t.Helper()
	for _, d := range diags {
		if !strings.Contains(d.Summary+": "+d.Detail, want) {
			continue
		}
		if at == "" {
			return
		}
		if d.Subject == nil {
			t.Errorf("%q has no source range", want)
			return
		}
		if got := fmt.Sprintf("%d:%d", d.Subject.Start.Line, d.Subject.Start.Column); got != at {
			t.Errorf("%q at %s, want %s", want, got, at)
		}
		return
	}
	t.Errorf("no error %q in:\n%s", want, diags.Error())
}

// topo is a small topology and study for the cases below.
const topo = `
topology "t" {
  family = "torus"
  k      = 3
  n      = 1
}
study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
}
`

// TestRangeOverflow: range() computed its length as an int from a float,
// and range(1e19), range(9.3e18) and range(0, 1, 1e-300) overflowed to an
// empty list; they are errors at the call.
func TestRangeOverflow(t *testing.T) {
	cases := []struct{ expr, want string }{
		{"range(1e19)", "range would have 1e+19 elements, more than the limit of a list (100,000)"},
		{"range(9.3e18)", "range would have 9.3e+18 elements"},
		{"range(0, 1, 1e-300)", "range would have 1e+300 elements"},
		{"range(-1e300, 1e300)", "range would have 2e+300 elements"},
		{"range(0, 1e308, 1e-308)", "range would have"},
		{"range(100001)", "range would have 100,001 elements"},
		{"range(pow(10, 400))", "out of range"},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			diags, took := loadTimed(t, "locals {\n  a = "+c.expr+"\n}\n")
			at := "2:7"
			if strings.Contains(c.expr, "pow") {
				at = "2:13" // the argument
			}
			wantDiag(t, diags, c.want, at)
			if took > 5*time.Second {
				t.Errorf("took %v", took)
			}
		})
	}
	for _, ok := range []string{"range(100000)", "range(0, 1, 0.00001)", "range(1e300, 1e300)", "range(5, 2)"} {
		if diags, _ := loadTimed(t, "locals {\n  a = "+ok+"\n}\n"); diags.HasErrors() {
			t.Errorf("%s: %s", ok, diags.Error())
		}
	}
}

// TestEvaluationBombs: small files that made the loader allocate gigabytes,
// compute for minutes or crash (a 10^7-element range in a local: 2.6 GB,
// 100 s; a sim load sweep of range(0, 1, 1e-7): 5.4 GB, 231 s; setproduct of
// 100^4 and 5,000 figure panels: fatal out of memory; 100,000 nested
// parentheses: fatal stack overflow; range(2, 1000002) as a topology
// sweep: 12.7 s) are refused quickly with an error at the source.
func TestEvaluationBombs(t *testing.T) {
	deep := strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000)
	cases := []struct {
		name, src, want, at string
	}{
		{"range 10^7 in a local", "locals {\n  a = range(10000000)\n}\n", "range would have 10,000,000 elements", "2:7"},
		{"sim load sweep", strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"latency\"]\n  sim {\n    load = range(0, 1, 1e-7)\n  }", 1), "range would have 10,000,000 elements", "11:12"},
		{"sim points", strings.Replace(topo, `metrics    = ["routers"]`, "metrics = [\"latency\"]\n  sim {\n    load = range(0.0001, 1, 0.0001)\n    seeds = [1, 2]\n  }", 1), "more than 10,000 points", "10:3"},
		{"setproduct 100^4", "locals {\n  a = setproduct(range(100), range(100), range(100), range(100))\n}\n", "setproduct would make more than 100,000 elements", "2:7"},
		{"100,000 nested parentheses", "locals {\n  a = " + deep + "\n}\n", "nests more than 256 levels", "2:"},
		{"long operator chain", "locals {\n  a = 1" + strings.Repeat(" + 1", 100000) + "\n}\n", "nests more than 256 levels", ""},
		{"unary chain", "locals {\n  a = " + strings.Repeat("-", 100000) + "1\n}\n", "nests more than 256 levels", ""},
		{"index chain", "locals {\n  a = [1]" + strings.Repeat("[0]", 100000) + "\n}\n", "nests more than 256 levels", ""},
		{"sweep range(2, 1000002)", strings.Replace(topo, "k      = 3", "k      = range(2, 1000002)", 1), "range would have 1,000,000 elements", "4:12"},
		{"sweep beyond the cell limit", strings.Replace(topo, "k      = 3", "k      = [for k in range(100000) : k + 3]", 1) + strings.Replace(strings.Replace(topo, `"t"`, `"u"`, 1), `"s"`, `"v"`, 1), "more than 100000 cells", ""},
		{"5,000 panels", strings.Replace(topo, "k      = 3", "k      = range(3, 5003)", 1) + "figure \"f\" {\n  study = study.s\n  x = \"n\"\n  y = \"routers\"\n  panels = \"k\"\n}\n", "5000 panels (the distinct values of column \"k\"), more than 64", "15:12"},
		{"nested loops", "locals {\n  a = [for i in range(1000) : [for j in range(1000) : [for k in range(1000) : k]]]\n}\n", "takes more than 1,000,000 steps", "2:"},
		{"loop over a shared list", "locals {\n  big = range(100000)\n  a = [for i in range(1000) : local.big]\n}\n", "has more than 100,000 elements", "3:7"},
		{"loop calling a function on a shared list", "locals {\n  big = range(100000)\n  a = [for i in range(1000) : length(local.big)]\n}\n", "takes more than 1,000,000 steps", ""},
		{"flatten of a shared list", "locals {\n  big = range(100000)\n  a = flatten([for i in range(20) : local.big])\n}\n", "more than 100,000 elements", "3:15"},
		{"comparison of shared lists", "locals {\n  big = range(100000)\n  a = [for i in range(2) : local.big] == [local.big, local.big]\n}\n", "too many to compare", "3:7"},
		{"tuple to list conversion", "locals {\n  a = join(\",\", [for i in range(60000) : \"x\"])\n}\n", "takes more than 1,000,000 steps", ""},
		{"string doubling", "locals {\n  s0 = \"xxxxxxxxxxxxxxxx\"\n" + doubling(30) + "}\n", "String", ""},
		{"template repetition", "locals {\n  s = format(\"%1000s\", \"\")\n  t = replace(local.s, \" \", local.s)\n  u = \"" + strings.Repeat("${local.t}", 100) + "\"\n}\n", "exceed 67,108,864 bytes", "4:"},
		{"format width", "locals {\n  a = format(\"%999999999d\", 1)\n}\n", "above 1000", "2:7"},
		{"join separator", "locals {\n  s = replace(format(\"%1000s\", \"\"), \" \", format(\"%1000s\", \"\"))\n  a = join(local.s, range(100))\n}\n", "join would make a string of about", "3:7"},
		{"split", "locals {\n  s = replace(format(\"%1000s\", \"\"), \" \", format(\"%1000s\", \"\"))\n  a = split(\"\", local.s)\n}\n", "split would make 1,000,000 elements", "3:7"},
		{"csvdecode", "locals {\n  s = replace(format(\"%1000s\", \"\"), \" \", replace(format(\"%200s\", \"\"), \" \", \",\"))\n  a = csvdecode(local.s)\n}\n", "csvdecode: the text has about", "3:7"},
		{"huge exponent in a template", "locals {\n  a = \"${1e9999999}\"\n}\n", "about 1e+9999999 is out of range", "2:10"},
		{"huge exponent from a string", "locals {\n  a = \"${\"1e9999999\" * 1}\"\n}\n", "about 1e+9999999 is out of range", "2:10"},
		{"huge exponent by multiplication", "locals {\n  a = [" + strings.Repeat("1e300 * ", 100) + "1]\n}\n", "is out of range", "2:8"},
		{"long number literal", "locals {\n  a = 1." + strings.Repeat("0", 1000) + "1\n}\n", "longer than the limit (400)", "2:7"},
		{"parseint of a long string", "locals {\n  a = parseint(format(\"%0999d\", 1), 10)\n}\n", "longer than the limit", "2:7"},
		{"file of a device", "locals {\n  a = file(\"/dev/zero\")\n}\n", "/dev/zero is not a regular file", "2:7"},
		{"distinct is linear", "locals {\n  a = length(distinct(range(100000))) == 100000 ? [] : [1, 2]\n  b = local.a[0]\n}\n", "Invalid index", "3:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			diags, took := loadTimed(t, c.src)
			wantDiag(t, diags, c.want, "")
			if c.at != "" && !strings.HasSuffix(c.at, ":") {
				wantDiag(t, diags, c.want, c.at)
			}
			if took > 10*time.Second {
				t.Errorf("took %v", took)
			}
		})
	}
}

// doubling returns locals s1 ... sn, each the previous twice.
func doubling(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  s%d = \"${local.s%d}${local.s%d}\"\n", i, i-1, i-1)
	}
	return b.String()
}

// TestNesting checks the nesting measure on what real files hold (the
// experiments nest at most a few levels) and at the limit.
func TestNesting(t *testing.T) {
	for _, f := range []string{"../../experiments/slimfly-sc14.hcl", "../../experiments/projective-networks.hcl", "../../experiments/validation.hcl", "../../experiments/quickstart.hcl"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if diags := checkSource(src, f); diags.HasErrors() {
			t.Errorf("%s: %s", f, diags.Error())
		}
	}
	at := func(n int) string {
		return "locals {\n  a = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "\n}\n"
	}
	if diags := checkSource([]byte(at(maxNesting-2)), "x.hcl"); diags.HasErrors() {
		t.Errorf("%d levels: %s", maxNesting-1, diags.Error())
	}
	if diags := checkSource([]byte(at(maxNesting)), "x.hcl"); !diags.HasErrors() {
		t.Errorf("%d levels accepted", maxNesting+1)
	}
	// Separators end an expression: long lists and blocks are flat.
	long := "locals {\n  a = [" + strings.Repeat("-1, ", 10000) + "1]\n" + strings.Repeat("  b = 1 + 2 + 3\n", 1) + "}\n"
	if diags := checkSource([]byte(long), "x.hcl"); diags.HasErrors() {
		t.Errorf("long list: %s", diags.Error())
	}
}
