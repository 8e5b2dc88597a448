package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
)

var update = flag.Bool("update", false, "rewrite golden files")

// runexp runs the command line in-process and returns the exit code and
// outputs.
func runexp(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(ctx, args, &out, &errb)
	return code, out.String(), errb.String()
}

func golden(t *testing.T, path string, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestBadInput runs validate, plan and run on each invalid experiment in
// testdata/bad: exit 1, the diagnostics of the golden file (file:line:col,
// source snippet, the valid names), and nothing written under results/.
func TestBadInput(t *testing.T) {
	files, _ := filepath.Glob("testdata/bad/*.hcl")
	if len(files) < 14 {
		t.Fatalf("found %d bad inputs", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".hcl")
		t.Run(name, func(t *testing.T) {
			results := filepath.Join(t.TempDir(), "results")
			var first string
			for _, cmd := range []string{"validate", "plan", "run"} {
				code, stdout, stderr := runexp(t, context.Background(), cmd, "--results", results, f)
				if code != ExitInvalid {
					t.Errorf("%s: exit %d, want %d\n%s%s", cmd, code, ExitInvalid, stdout, stderr)
				}
				if stdout != "" {
					t.Errorf("%s: unexpected stdout %q", cmd, stdout)
				}
				if !strings.Contains(stderr, filepath.Base(f)+" line ") {
					t.Errorf("%s: diagnostics do not name the file and line:\n%s", cmd, stderr)
				}
				if first == "" {
					first = stderr
				} else if stderr != first {
					t.Errorf("%s prints other diagnostics than validate:\n%s", cmd, stderr)
				}
				if _, err := os.Stat(results); err == nil {
					t.Errorf("%s wrote %s", cmd, results)
				}
			}
			golden(t, strings.TrimSuffix(f, ".hcl")+".golden", first)
		})
	}
}

// TestBadInputJSON checks that --json reports diagnostics as events with
// file, line and column.
func TestBadInputJSON(t *testing.T) {
	code, stdout, _ := runexp(t, context.Background(), "validate", "--json", "testdata/bad/unknown_family.hcl")
	if code != ExitInvalid {
		t.Fatalf("exit %d", code)
	}
	var ev map[string]any
	if err := json.Unmarshal([]byte(stdout), &ev); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	if ev["event"] != "error" || ev["file"] != "testdata/bad/unknown_family.hcl" || ev["line"] != 2.0 || ev["column"] != 12.0 ||
		!strings.Contains(ev["detail"].(string), "dragonfly") {
		t.Errorf("event %v", ev)
	}
}

func TestBadVar(t *testing.T) {
	for _, args := range [][]string{
		{"--var", "nosuch=1"},
		{"--var", "novalue"},
		{"--var", "qs=[1,"},
	} {
		code, _, stderr := runexp(t, context.Background(), append([]string{"validate", "../eval/testdata/small.hcl"}, args...)...)
		if code != ExitInvalid || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	code, _, stderr := runexp(t, context.Background(), "validate", "--var", "nosuch=1", "../eval/testdata/small.hcl")
	if !strings.Contains(stderr, `no experiment declares a variable "nosuch"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// copySmall copies the engine tests' small experiment into dir.
func copySmall(t *testing.T, dir string) string {
	t.Helper()
	src, err := os.ReadFile("../eval/testdata/small.hcl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "small.hcl")
	os.WriteFile(path, src, 0o644)
	return path
}

// TestUserCommands follows the README's workflow: run, run again (nothing
// computed), edit one sweep value, plan (exactly the changed cells, and why).
func TestUserCommands(t *testing.T) {
	td, _ := filepath.Abs("testdata")
	small, _ := filepath.Abs("../eval/testdata/small.hcl")
	t.Chdir(t.TempDir())
	src, _ := os.ReadFile(small)
	exp := "small.hcl"
	os.WriteFile(exp, src, 0o644)
	code, stdout, stderr := runexp(t, context.Background(), "run", "-j", "2", exp)
	if code != ExitOK {
		t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "23 cells: 23 computed, 0 cached") || !strings.Contains(stdout, "wrote   results/small/report.md") {
		t.Errorf("first run output:\n%s", stdout)
	}
	code, stdout, _ = runexp(t, context.Background(), "run", exp)
	if code != ExitOK || !strings.Contains(stdout, "23 cells: 0 computed, 23 cached; all 5 outputs up to date") {
		t.Errorf("second run: exit %d\n%s", code, stdout)
	}
	os.WriteFile(exp, bytes.Replace(src, []byte("[3, 4, 5]"), []byte("[3, 4, 7]"), 1), 0o644)
	code, stdout, _ = runexp(t, context.Background(), "plan", exp)
	if code != ExitOK {
		t.Fatalf("plan: exit %d", code)
	}
	golden(t, filepath.Join(td, "plan_after_edit.golden"), stdout)
	// plan wrote nothing: running now computes exactly what it listed.
	code, stdout, _ = runexp(t, context.Background(), "run", exp)
	if code != ExitOK || !strings.Contains(stdout, "7 computed") {
		t.Errorf("run after edit: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runexp(t, context.Background(), "ls", exp)
	if code != ExitOK || !strings.Contains(stdout, "study s") || !strings.Contains(stdout, "all cached") {
		t.Errorf("ls: exit %d\n%s", code, stdout)
	}
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "fail.hcl")
	os.WriteFile(exp, []byte(`
topology "huge" {
  family = "slimfly"
  q      = [5, 4099]
}
study "s" {
  topologies = [topology.huge]
  metrics    = ["routers", "diameter"]
}
`), 0o644)
	results := filepath.Join(dir, "results")
	code, stdout, _ := runexp(t, context.Background(), "run", "--results", results, exp)
	if code != ExitFailed || !strings.Contains(stdout, "FAILED build huge q=4099") {
		t.Errorf("failing cell: exit %d, want %d\n%s", code, ExitFailed, stdout)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, _ = runexp(t, ctx, "run", "--results", filepath.Join(dir, "r2"), copySmall(t, dir))
	if code != ExitInterrupted || !strings.Contains(stdout, "interrupted") {
		t.Errorf("interrupted: exit %d, want %d\n%s", code, ExitInterrupted, stdout)
	}
	// A time limit that no cell fits in: nothing starts, exit 130, and the
	// summary says why; --executor slurm has its own limit.
	code, stdout, _ = runexp(t, context.Background(), "run", "--time-limit", "1ns", "--results", filepath.Join(dir, "r3"), copySmall(t, dir))
	if code != ExitInterrupted || !strings.Contains(stdout, "0 computed") || !strings.Contains(stdout, "(time limit: ") {
		t.Errorf("time limit: exit %d, want %d\n%s", code, ExitInterrupted, stdout)
	}
	code, _, stderr := runexp(t, context.Background(), "run", "--time-limit", "1h", "--executor", "slurm", "--results", filepath.Join(dir, "r3"), copySmall(t, dir))
	if code != ExitInvalid || !strings.Contains(stderr, "--slurm-time") {
		t.Errorf("time limit with slurm: exit %d\n%s", code, stderr)
	}
	if code, _, _ := runexp(t, context.Background(), "nosuchcommand"); code != ExitInvalid {
		t.Errorf("unknown command: exit %d", code)
	}
}

// TestJSONEvents checks that --json prints one JSON event per line with
// plan entries, cell start/finish with durations and a summary.
func TestJSONEvents(t *testing.T) {
	dir := t.TempDir()
	code, stdout, _ := runexp(t, context.Background(), "run", "--json", "--results", filepath.Join(dir, "results"), copySmall(t, dir))
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	var last map[string]any
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		counts[ev["event"].(string)]++
		if ev["event"] == "finish" {
			if _, ok := ev["duration_s"]; !ok {
				t.Errorf("finish without duration: %v", ev)
			}
		}
		last = ev
	}
	if counts["plan"] != 23 || counts["start"] != 23 || counts["finish"] != 23 || counts["summary"] != 1 || counts["write"] == 0 {
		t.Errorf("event counts %v", counts)
	}
	if last["event"] != "summary" || last["summary"].(map[string]any)["computed"] != 23.0 {
		t.Errorf("last event %v", last)
	}
}

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.hcl")
	os.WriteFile(path, []byte("topology \"t\" {\nfamily=\"torus\"\n  k = 4\n    n = 2\n}\n"), 0o644)
	if code, stdout, _ := runexp(t, context.Background(), "fmt", "--check", dir); code != ExitInvalid || strings.TrimSpace(stdout) != path {
		t.Errorf("fmt --check: exit %d, %q", code, stdout)
	}
	if code, _, _ := runexp(t, context.Background(), "fmt", path); code != ExitOK {
		t.Errorf("fmt: exit %d", code)
	}
	got, _ := os.ReadFile(path)
	if want := "topology \"t\" {\n  family = \"torus\"\n  k      = 4\n  n      = 2\n}\n"; string(got) != want {
		t.Errorf("formatted:\n%s\nwant:\n%s", got, want)
	}
	if code, stdout, _ := runexp(t, context.Background(), "fmt", "--check", path); code != ExitOK || stdout != "" {
		t.Errorf("fmt --check after fmt: exit %d, %q", code, stdout)
	}
	if code, _, stderr := runexp(t, context.Background(), "fmt", "testdata/bad/malformed.hcl"); code != ExitInvalid || !strings.Contains(stderr, "malformed.hcl line 4") {
		t.Errorf("fmt of malformed file: exit %d\n%s", code, stderr)
	}
}

func TestGC(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	results := filepath.Join(dir, "results")
	if code, _, _ := runexp(t, context.Background(), "run", "--results", results, exp); code != ExitOK {
		t.Fatal("run failed")
	}
	store := cache.New(filepath.Join(results, ".cache"))
	orphan := cache.KeyOf("size", 1, []byte(`{"orphan":true}`), nil)
	store.Put(orphan, &cache.Entry{Blobs: []cache.Blob{{Name: "x", Data: []byte("1234")}}})
	code, stdout, _ := runexp(t, context.Background(), "gc", "--dry-run", "--results", results, exp)
	if code != ExitOK || !strings.HasPrefix(stdout, "would remove 1 cache entries") || !store.Has(orphan) {
		t.Errorf("gc --dry-run: exit %d, %q", code, stdout)
	}
	code, stdout, _ = runexp(t, context.Background(), "gc", "--results", results, exp)
	if code != ExitOK || !strings.HasPrefix(stdout, "removed 1 cache entries") || store.Has(orphan) {
		t.Errorf("gc: exit %d, %q", code, stdout)
	}
	if code, stdout, _ := runexp(t, context.Background(), "run", "--results", results, exp); code != ExitOK || !strings.Contains(stdout, "0 computed") {
		t.Errorf("after gc, run recomputed: %s", stdout)
	}
}

func TestFamilies(t *testing.T) {
	code, stdout, _ := runexp(t, context.Background(), "families")
	for _, want := range []string{"slimfly", "dragonfly", "fattree", "torus", "hypercube", "avg_endpoint_distance"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("families output lacks %q", want)
		}
	}
	if code != ExitOK {
		t.Errorf("exit %d", code)
	}
	code, stdout, _ = runexp(t, context.Background(), "families", "oft", "moore_bound")
	if code != ExitOK {
		t.Errorf("families oft moore_bound: exit %d", code)
	}
	for _, want := range []string{"k-OFT", "construction", "sizing-only", "9,217"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("families oft moore_bound lacks %q", want)
		}
	}
	if code, _, stderr := runexp(t, context.Background(), "families", "slimfy"); code != ExitInvalid || !strings.Contains(stderr, "slimfly") {
		t.Errorf("unknown family: exit %d, %s", code, stderr)
	}
}

// TestRunOnly: run --only computes the cells of the named outputs and
// writes nothing; a plain run then computes the rest (here: the builds
// and metrics of no other study, so only datasets, figures and tables);
// two shares of --only (--shard 1/2 and 2/2) compute the same cells;
// an unknown name, or --only with --executor slurm, is a usage error.
func TestRunOnly(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	results := filepath.Join(dir, "results")
	code, stdout, stderr := runexp(t, context.Background(), "run", "--results", results, "--only", "f", exp)
	if code != ExitOK || !strings.Contains(stdout, "only f: 20 of 20 cells computed, 0 failed, 0 skipped") {
		t.Errorf("run --only f: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(results, "small")); !os.IsNotExist(err) {
		t.Errorf("run --only wrote outputs: %v", err)
	}
	code, stdout, _ = runexp(t, context.Background(), "run", "--results", results, exp)
	if code != ExitOK || !strings.Contains(stdout, "23 cells: 3 computed, 20 cached") {
		t.Errorf("run after --only: exit %d\n%s", code, stdout)
	}
	// Two shares of --only f compute its 20 cells between them (a build
	// both need is computed by the first); the plain run then finds them.
	split := filepath.Join(dir, "split")
	computed := 0
	for _, share := range []string{"1/2", "2/2"} {
		code, stdout, stderr := runexp(t, context.Background(), "run", "--results", split, "--only", "f", "--shard", share, exp)
		var n, of int
		_, err := fmt.Sscanf(stdout[strings.LastIndex(stdout, "only f, shard "+share+": "):], "only f, shard "+share+": %d of %d cells computed", &n, &of)
		if code != ExitOK || err != nil || n == 0 || n >= 20 || !strings.HasSuffix(stdout, "the outputs are written by a run without --only and --shard\n") {
			t.Errorf("run --only f --shard %s: exit %d, %v\n%s%s", share, code, err, stdout, stderr)
		}
		computed += n
	}
	if computed != 20 {
		t.Errorf("the two shares of --only f computed %d cells, want 20", computed)
	}
	if code, stdout, _ := runexp(t, context.Background(), "run", "--results", split, exp); code != ExitOK || !strings.Contains(stdout, "23 cells: 3 computed, 20 cached") {
		t.Errorf("run after the two shares: exit %d\n%s", code, stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--only", "nosuch"}, `no study, figure or table is named "nosuch"; there are: f, s, t`},
		{[]string{"--only", "f", "--executor", "slurm"}, "--executor slurm, --worker and --only or --shard exclude each other"},
	} {
		code, _, stderr := runexp(t, context.Background(), append(append([]string{"run", "--results", results}, c.args...), exp)...)
		if code != ExitInvalid || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d\n%s", c.args, code, stderr)
		}
	}
}
