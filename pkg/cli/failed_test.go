package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFailedCells runs testdata/failed.hcl, two of whose cells fail for
// real (a load analysis the torus cannot do, a routing the deadlock check
// refuses): the run exits 2 and still writes both datasets, the figure and
// the table; report.md lists the failed cells with their rows and errors
// (golden file); the plan then names why each cell runs again; a second
// run rewrites nothing.
func TestFailedCells(t *testing.T) {
	td, _ := filepath.Abs("testdata")
	t.Chdir(t.TempDir())
	src, err := os.ReadFile(filepath.Join(td, "failed.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("failed.hcl", src, 0o644)
	code, stdout, stderr := runexp(t, context.Background(), "run", "-j", "2", "failed.hcl")
	if code != ExitFailed {
		t.Fatalf("run: exit %d, want %d\n%s%s", code, ExitFailed, stdout, stderr)
	}
	for _, want := range []string{
		`FAILED load[load_routing=group_minimal] t2d: load_routing "group_minimal" needs router groups, and family torus defines none`,
		"FAILED sim t2d routing=min-adaptive load=0.1: netsim: routing min-adaptive can deadlock with 1 VCs per port",
		"skip   sim t2d routing=min-adaptive load=0.2: input sim t2d routing=min-adaptive load=0.1 failed",
		"(assembled with 1 failed cell; written to results, not cached)",
		"2 failed, 1 skipped; ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run output lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"structure.parquet", "sim.parquet", "figures/latency.png", "figures/latency.pdf", "tables/structure.md"} {
		if _, err := os.Stat(filepath.Join("results", "failed", f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	report, _ := os.ReadFile(filepath.Join("results", "failed", "report.md"))
	golden(t, filepath.Join(td, "failed_report.golden.md"), string(report))
	var sc struct {
		Results []struct {
			OK    bool
			Error string
		}
	}
	data, _ := os.ReadFile(filepath.Join("results", "failed", "scorecard.json"))
	if err := json.Unmarshal(data, &sc); err != nil || len(sc.Results) != 1 || sc.Results[0].OK ||
		sc.Results[0].Error != `cell failed: load[load_routing=group_minimal] t2d: load_routing "group_minimal" needs router groups, and family torus defines none` {
		t.Errorf("scorecard: %v\n%s", err, data)
	}

	code, stdout, _ = runexp(t, context.Background(), "plan", "failed.hcl")
	if code != ExitOK {
		t.Fatalf("plan: exit %d", code)
	}
	golden(t, filepath.Join(td, "failed_plan.golden"), stdout)

	code, stdout, _ = runexp(t, context.Background(), "run", "-j", "2", "failed.hcl")
	if code != ExitFailed || !strings.Contains(stdout, "0 files written") {
		t.Errorf("second run: exit %d\n%s", code, stdout)
	}
}
