package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShow computes part of the small experiment (Slim Fly q = 3 and 4,
// not 5) and shows its table, its study and its scorecard from the cache:
// the q = 5 rows are blank, the expectations on q = 5 pending, not missed,
// those on q = 3 and 4 checked (one holds, one misses), and nothing is
// computed or written. After the whole run the q = 5 expectations hold.
func TestShow(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	// A second table: one expectation that holds, one that misses.
	f, err := os.OpenFile(exp, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`
table "t3" {
  study   = study.s
  columns = ["label", "q", "routers"]
  expect "q3" {
    where   = { topology = "sf", q = 3 }
    routers = 18
  }
  expect "q4" {
    where   = { topology = "sf", q = 4 }
    routers = 33
  }
}

table "s" {
  study   = study.s
  columns = ["label", "q"]
}
`)
	f.Close()
	results := filepath.Join(dir, "results")
	ctx := context.Background()
	if code, stdout, stderr := runexp(t, ctx, "run", "-q", "--results", results, "--var", "qs=[3, 4]", exp); code != ExitOK {
		t.Fatalf("run qs=[3, 4]: exit %d\n%s%s", code, stdout, stderr)
	}
	show := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runexp(t, ctx, append([]string{"show", "--results", results, exp}, args...)...)
		if code != ExitOK {
			t.Fatalf("show %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		return stdout
	}
	var b strings.Builder
	for _, name := range []string{"t", "study.s", ""} {
		args := []string{}
		if name != "" {
			args = append(args, name)
		}
		b.WriteString(strings.TrimSpace("$ runexp show small.hcl "+name) + "\n")
		b.WriteString(show(args...) + "\n")
	}
	golden(t, "testdata/show_partial.golden", b.String())
	// A figure of the rows computed so far.
	partial := filepath.Join(dir, "partial.png")
	if got := show("figure.f", "-o", partial); !strings.HasPrefix(got, "small, figure f (study s): 12 of 15 cells computed, 3 not computed yet; drawn into "+partial) {
		t.Errorf("show figure.f:\n%s", got)
	}
	// The table s, not the study s, unless qualified.
	if got := show("s"); !strings.HasPrefix(got, "small, table s (study s): 12 of 15 cells computed") {
		t.Errorf("show s:\n%s", got)
	}
	// show reads; it did not add q = 5 to the cache: a plan still computes it.
	code, stdout, _ := runexp(t, ctx, "plan", "--results", results, exp)
	if code != ExitOK || !strings.Contains(stdout, "build sf q=5") {
		t.Errorf("plan after show: exit %d, q = 5 not to compute:\n%s", code, stdout)
	}

	if code, stdout, stderr := runexp(t, ctx, "run", "-q", "--results", results, exp); code != ExitOK {
		t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := show("t"); !strings.Contains(got, "So far: Reproduced 3 of 3 published numbers.") || strings.Contains(got, "not computed") {
		t.Errorf("show t after the run:\n%s", got)
	}
	// A fresh clone has the results files and no cache: show takes the
	// dataset from its file, as run does.
	if err := os.RemoveAll(filepath.Join(results, ".cache")); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = runexp(t, ctx, "show", "--json", "--results", results, exp, "table.t")
	lines := strings.Split(strings.TrimSpace(stdout), "\n") // warnings first, then the show event
	var js struct {
		Table, Study    string
		Cells, Computed int
		Expectations    []struct{ OK, Pending bool }
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &js); code != ExitOK || err != nil || js.Table != "t" || js.Study != "s" ||
		js.Cells != js.Computed || len(js.Expectations) != 3 || !js.Expectations[0].OK {
		t.Errorf("show --json table.t: exit %d, %v\n%s", code, err, stdout)
	}

	// A figure is drawn into the file -o names, PNG or PDF.
	for _, name := range []string{"f.png", "f.pdf"} {
		path := filepath.Join(dir, name)
		code, stdout, stderr := runexp(t, ctx, "show", "--results", results, exp, "f", "-o", path)
		data, err := os.ReadFile(path)
		magic := map[string]string{".png": "\x89PNG", ".pdf": "%PDF"}[filepath.Ext(name)]
		if code != ExitOK || err != nil || !strings.HasPrefix(string(data), magic) ||
			!strings.HasPrefix(stdout, "small, figure f (study s): 15 of 15 cells computed; drawn into "+path) {
			t.Errorf("show f -o %s: exit %d, %v\n%s%s", name, code, err, stdout, stderr)
		}
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tt"}, `experiment small has no study, table or figure "tt"; did you mean "t"?`},
		{[]string{"study.t"}, `experiment small has no study, table or figure "study.t"`},
		{[]string{"nosuchthing"}, `experiment small has no study, table or figure "nosuchthing" (enabled ones: s, t, t3, f)`},
		{[]string{"f"}, "figure f: name the file to draw it into with -o FILE.png or -o FILE.pdf"},
		{[]string{"f", "-o", filepath.Join(dir, "f.svg")}, "want a .png or .pdf file"},
		{[]string{"t", "-o", filepath.Join(dir, "t.png")}, "-o draws a figure: name one (this is table t (study s))"},
	} {
		code, _, stderr := runexp(t, ctx, append([]string{"show", "--results", results, exp}, c.args...)...)
		if code != ExitInvalid || !strings.Contains(stderr, c.want) {
			t.Errorf("show %v: exit %d\n%s", c.args, code, stderr)
		}
	}
	// A directory of experiments: the one with the name, or an error.
	other := filepath.Join(dir, "other.hcl")
	os.WriteFile(other, []byte("topology \"r\" {\n  family = \"hypercube\"\n  n      = 3\n}\n\nstudy \"s\" {\n  topologies = [topology.r]\n  metrics    = [\"routers\"]\n}\n\nstudy \"only_here\" {\n  topologies = [topology.r]\n  metrics    = [\"routers\"]\n}\n"), 0o644)
	if code, stdout, stderr := runexp(t, ctx, "show", "--results", results, dir, "t3"); code != ExitOK || !strings.HasPrefix(stdout, "small, table t3") {
		t.Errorf("show DIR t3: exit %d\n%s%s", code, stdout, stderr)
	}
	for name, want := range map[string]string{
		"s":      `"s" is in 2 experiments (other, small): name the experiment's file`,
		"nosuch": `none of the 2 experiments has a study, table or figure "nosuch" enabled`,
		"":       "2 experiments: name one (other, small)",
	} {
		code, _, stderr := runexp(t, ctx, "show", "--results", results, dir, name)
		if code != ExitInvalid || !strings.Contains(stderr, want) {
			t.Errorf("show DIR %q: exit %d\n%s", name, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "t.png")); !os.IsNotExist(err) {
		t.Errorf("show t -o t.png wrote a file: %v", err)
	}
}

// TestShowPendingRows: before any cell of the CLEX experiment is computed,
// every expectation is pending, including those on a level or a phase (a
// cell gives one row per level or phase, a cell not computed gives one
// row with them null) and those of tables that keep replicates apart.
func TestShowPendingRows(t *testing.T) {
	exp := filepath.Join(repoRoot, "experiments", "clex.hcl")
	code, stdout, stderr := runexp(t, context.Background(), "show", "--results", t.TempDir(), "--var", "profile=quick", exp)
	if code != ExitOK {
		t.Fatalf("show: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.HasPrefix(stdout, "clex, scorecard: 0 of 4 cells computed, 4 not computed yet") ||
		!strings.Contains(stdout, "So far: 1 of 1 configuration check holds; 90 pending") || strings.Contains(stdout, "MISS") {
		t.Errorf("show clex, nothing computed:\n%s", stdout)
	}
}
