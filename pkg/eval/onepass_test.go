package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOnePass: six independent mistakes in one file are reported in one
// pass, including those of a figure whose study has an unknown metric
// (the figure's reference to the unknown metric itself is not a second
// error).
func TestOnePass(t *testing.T) {
	src := `topology "sf" {
  family = "slimfly"
  q      = 6
}
topology "df" {
  family = "dragonfy"
  p      = 3
}
cost_model "c" {
  preset = "nope"
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["diameterr", "routers"]
}
figure "f" {
  study = study.s
  x     = "diameterr"
  y     = "nothing"
}
table "t" {
  study   = study.missing
  columns = ["x"]
}
`
	path := filepath.Join(t.TempDir(), "x.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := NewLoader(Options{}).Load([]string{path})
	var lines []string
	for _, d := range diags {
		lines = append(lines, fmt.Sprintf("%s: %s; %s", d.Subject, d.Summary, d.Detail))
	}
	errs := strings.Join(lines, "\n")
	if len(diags) != 6 {
		t.Errorf("%d diagnostics, want 6:\n%s", len(diags), errs)
	}
	for _, want := range []string{
		"x.hcl:3,12-13: Invalid parameter value",
		`x.hcl:6,12-22: Unknown family`,
		`x.hcl:10,12-18: Unknown cost model preset`,
		`x.hcl:14,17-28: Unknown metric; There is no metric "diameterr"`,
		`x.hcl:19,11-20: Unknown column; Study "s" has no column "nothing"; its columns: topology, label, family, q, p, max_radix, routers.`,
		`x.hcl:22,13-26: Reference to undeclared study`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("missing %q in\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "diameterr"); n != 1 {
		t.Errorf("the unknown metric is named %d times, want once:\n%s", n, errs)
	}
}
