package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

// durations matches the run time at the end of a summary line.
var durations = regexp.MustCompile(`(?m); [0-9][0-9.hm]*(µs|ms|s)($| \()`)

// normDurations replaces the run times of summary lines by DURATION, for
// golden files.
func normDurations(s string) string { return durations.ReplaceAllString(s, "; DURATION$2") }

// TestQuiet checks run -q / --quiet: no start, done, skip or wrote lines,
// the summary line (and the failed cells when some fail), the same exit
// codes as without -q; with --json only error and summary events.
func TestQuiet(t *testing.T) {
	td, _ := filepath.Abs("testdata")
	small, _ := filepath.Abs("../eval/testdata/small.hcl")
	failed := filepath.Join(td, "failed.hcl")
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		golden string // stdout, durations normalized
		stderr string // a line stderr must hold
	}{
		{"first run", []string{"run", "-q", "-j", "1", "--results", "r1", small}, ExitOK, "quiet_first.golden", ""},
		{"second run", []string{"run", "--quiet", "--results", "r1", small}, ExitOK, "quiet_second.golden", ""},
		{"report", []string{"report", "-q", "--force", "--results", "r1", small}, ExitOK, "quiet_report.golden", ""},
		{"failed cells", []string{"run", "-q", "-j", "1", "--results", "r2", failed}, ExitFailed, "quiet_failed.golden",
			"runexp: 2 of 16 cells failed, 1 skipped\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runexp(t, context.Background(), c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s%s", code, c.code, stdout, stderr)
			}
			for _, not := range []string{"start  ", "done   ", "wrote   ", "skip   "} {
				if strings.Contains(stdout, not) {
					t.Errorf("quiet output has a %q line:\n%s", not, stdout)
				}
			}
			golden(t, filepath.Join(td, c.golden), normDurations(stdout))
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr lacks %q:\n%s", c.stderr, stderr)
			}
		})
	}

	code, stdout, _ := runexp(t, context.Background(), "run", "-q", "--json", "--results", "r3", failed)
	if code != ExitFailed {
		t.Errorf("--json -q: exit %d, want %d", code, ExitFailed)
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		counts[ev["event"].(string)]++
	}
	// Two failed cells, the summary, and the exit error.
	if len(counts) != 2 || counts["error"] != 3 || counts["summary"] != 1 {
		t.Errorf("--json -q events %v\n%s", counts, stdout)
	}
}

// TestSummaryLine checks the wording of the summary line: "all N outputs
// up to date" when a run writes nothing and nothing failed, the files
// written otherwise, and failed cells as "F failed" (as runError's "F of N
// cells failed").
func TestSummaryLine(t *testing.T) {
	for _, c := range []struct {
		name    string
		sum     eval.Summary
		outputs int
		errors  bool
		want    string
	}{
		{"nothing to do", eval.Summary{Cells: 23, Cached: 23}, 5, false,
			"23 cells: 0 computed, 23 cached; all 5 outputs up to date; 0µs"},
		{"computed, outputs unchanged", eval.Summary{Cells: 23, Computed: 7, Cached: 16}, 5, false,
			"23 cells: 7 computed, 16 cached; all 5 outputs up to date; 0µs"},
		{"shared with another run", eval.Summary{Cells: 23, Computed: 5, Shared: 3, Cached: 15}, 5, false,
			"23 cells: 5 computed, 15 cached, 3 computed meanwhile by another run; all 5 outputs up to date; 0µs"},
		{"one output", eval.Summary{Cells: 2, Cached: 2}, 1, false,
			"2 cells: 0 computed, 2 cached; its 1 output is up to date; 0µs"},
		{"written", eval.Summary{Cells: 23, Computed: 23, Written: 9, Duration: 0.176}, 5, false,
			"23 cells: 23 computed, 0 cached; 9 files written; 176ms"},
		{"failed", eval.Summary{Cells: 16, Computed: 4, Cached: 9, Failed: 2, Skipped: 1}, 5, true,
			"16 cells: 4 computed, 9 cached, 2 failed, 1 skipped; 0 files written; 0µs"},
		{"output error", eval.Summary{Cells: 3, Cached: 3}, 2, true,
			"3 cells: 0 computed, 3 cached; 0 files written; 0µs"},
		{"interrupted", eval.Summary{Cells: 23, Computed: 2, Interrupted: true, Duration: 1.5}, 5, false,
			"23 cells: 2 computed, 0 cached; 0 files written; 1.5s (interrupted: finished cells are cached, the next run resumes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := summarizer{outputs: c.outputs, errors: c.errors}
			if got := s.line(&c.sum); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	err := runError(eval.ErrCellsFailed, &eval.Summary{Cells: 16, Failed: 2, Skipped: 1})
	if err.Error() != "2 of 16 cells failed, 1 skipped" {
		t.Errorf("runError: %q", err)
	}
}

// TestCountOutputs checks the N of "all N outputs up to date": datasets,
// figures, tables, the scorecard when a table has expectations, and the
// report, per experiment.
func TestCountOutputs(t *testing.T) {
	dir := t.TempDir()
	bare := filepath.Join(dir, "bare.hcl")
	os.WriteFile(bare, []byte(`
topology "t" {
  family = "torus"
  k      = 4
  n      = 2
}
study "s" {
  topologies = [topology.t]
  metrics    = ["routers"]
}
`), 0o644)
	for _, c := range []struct {
		files []string
		want  int
	}{
		{[]string{bare}, 2},                                    // bare.parquet, report.md
		{[]string{"../eval/testdata/small.hcl"}, 5},            // s.parquet, figure f, table t, scorecard, report.md
		{[]string{bare, "../eval/testdata/small.hcl"}, 2 + 5},  // per experiment
		{[]string{filepath.Join("testdata", "failed.hcl")}, 6}, // 2 studies, 1 figure, 1 table, scorecard, report.md
	} {
		o := &options{maxCells: eval.DefaultMaxCells, stdout: io.Discard, stderr: io.Discard}
		exps, err := o.load(c.files)
		if err != nil {
			t.Fatalf("%v: %v", c.files, err)
		}
		if got := countOutputs(eval.BuildGraph(exps)); got != c.want {
			t.Errorf("%v: %d outputs, want %d", c.files, got, c.want)
		}
	}
}

// TestFamiliesIndex checks `runexp families`: one line per family with its
// summary, then the metrics once; with names, their documentation and a
// pointer to the metrics instead of the metric list; --json carries the
// summaries.
func TestFamiliesIndex(t *testing.T) {
	code, stdout, _ := runexp(t, context.Background(), "families")
	index, metrics, ok := strings.Cut(stdout, "\nmetrics (study metrics = [...])\n")
	if code != ExitOK || !ok || !strings.Contains(metrics, "avg_endpoint_distance") {
		t.Fatalf("families: exit %d\n%s", code, stdout)
	}
	golden(t, filepath.Join("testdata", "families_index.golden"), index)

	for _, c := range []struct {
		args   []string
		golden string
	}{
		{[]string{"families", "demi_pn"}, "families_demi_pn.golden"},
		{[]string{"families", "slimfly", "moore_bound"}, ""},
	} {
		code, stdout, _ := runexp(t, context.Background(), c.args...)
		if code != ExitOK {
			t.Errorf("%v: exit %d", c.args, code)
		}
		if strings.Contains(stdout, "avg_endpoint_distance") || strings.Count(stdout, "metrics:") != 1 ||
			!strings.HasSuffix(stdout, "metrics: runexp families (without names) lists them\n") {
			t.Errorf("%v prints the metrics (or not the pointer once):\n%s", c.args, stdout)
		}
		if c.golden != "" {
			golden(t, filepath.Join("testdata", c.golden), stdout)
		}
	}

	code, stdout, _ = runexp(t, context.Background(), "families", "--json")
	var doc struct {
		Families []struct{ Name, Summary string }
		Metrics  []any
	}
	if err := json.Unmarshal([]byte(stdout), &doc); code != ExitOK || err != nil {
		t.Fatalf("families --json: exit %d, %v", code, err)
	}
	if len(doc.Families) != len(families.Default().Names()) || len(doc.Metrics) == 0 {
		t.Errorf("families --json: %d families, %d metrics", len(doc.Families), len(doc.Metrics))
	}
	for _, f := range doc.Families {
		if f.Summary == "" {
			t.Errorf("families --json: %s has no summary", f.Name)
		}
		if f.Name == "demi_pn" && !strings.Contains(f.Summary, "PolarFly") {
			t.Errorf("demi_pn summary %q does not say PolarFly", f.Summary)
		}
	}
}

// TestSuggestions checks the "did you mean" of names typed on the command
// line: families, family parameters, --set options and --var variables;
// with a suggestion the long list of valid names is left out, without one
// it is printed.
func TestSuggestions(t *testing.T) {
	small := "../eval/testdata/small.hcl"
	for _, c := range []struct {
		args []string
		want string // in stderr
		not  string // not in stderr
	}{
		{[]string{"topology", "slimfy", "q=5"}, `runexp: unknown family "slimfy"; did you mean "slimfly"? (runexp families lists them all)`, "bdf"},
		{[]string{"sim", "dragonfy", "p=2"}, `unknown family "dragonfy"; did you mean "dragonfly"?`, "bdf"},
		{[]string{"families", "torrus"}, `unknown family "torrus"; did you mean "torus"?`, "bdf"},
		{[]string{"topology", "nosuchthing"}, `unknown family "nosuchthing"; families: bdf, bundlefly, clex,`, "did you mean"},
		{[]string{"topology", "slimfly", "q=5", "max_radx=3"},
			`family slimfly: parameter max_radx: unknown parameter; did you mean "max_radix"? valid parameters: q, p, max_radix`, ""},
		{[]string{"sim", "torus", "dimz=4,4"}, `family torus: parameter dimz: unknown parameter; did you mean "dims"?`, ""},
		{[]string{"topology", "slimfly", "r=5"}, "parameter r: unknown parameter; valid parameters: q, p, max_radix", "did you mean"},
		{[]string{"sim", "slimfly", "q=5", "--set", "pakcet_flits=33"},
			`runexp: --set pakcet_flits=33: unknown sim option "pakcet_flits"; did you mean "packet_flits"?`, "preset,"},
		{[]string{"sim", "slimfly", "q=5", "--set", "nosuchoption=1"}, `unknown sim option "nosuchoption"; options: preset, routing,`, "did you mean"},
		{[]string{"validate", "--var", "qz=[3]", small}, `--var qz: no experiment declares a variable "qz". Did you mean "qs"?`, ""},
		{[]string{"validate", "--var", "nosuch=1", small}, `no experiment declares a variable "nosuch". Declared variables: qs.`, ""},
		{[]string{"validate", "--var", "nosuch=1", "testdata/failed.hcl"}, `no experiment declares a variable "nosuch". The experiments declare no variables.`, ""},
		// A file that does not parse may declare the variable: its syntax
		// error alone is reported.
		{[]string{"validate", "--var", "simulate=all", "testdata/bad/malformed.hcl"}, `on testdata/bad/malformed.hcl line 4`, "no experiment declares"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, stderr := runexp(t, context.Background(), c.args...)
			if code != ExitInvalid {
				t.Errorf("exit %d, want %d", code, ExitInvalid)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr lacks %q:\n%s", c.want, stderr)
			}
			if c.not != "" && strings.Contains(stderr, c.not) {
				t.Errorf("stderr has %q:\n%s", c.not, stderr)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"q", "p", "max_radix", "slimfly", "dragonfly", "simulate", "profile"}
	for _, c := range []struct{ name, want string }{
		{"slimfy", "slimfly"},
		{"max_radx", "max_radix"},
		{"simulat", "simulate"},
		{"profle", "profile"},
		{"qq", "q"},
		{"r", ""}, // one letter: no correction into another letter
		{"torus", ""},
		{"", ""},
	} {
		if got := suggest(c.name, names); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
