package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/report"
)

// failingExperiment has a structure study (torus k = 3, 4: size, distance
// and load cells), a sim study over the same instances (routing x load:
// 8 rows, the 0.2 point of each routing following its 0.1 point), a figure
// of the sim study and a table with expectations of the structure study.
const failingExperiment = `
topology "t2d" {
  family = "torus"
  label  = "Torus 2D"
  n      = 2
  k      = [3, 4]
}
study "structure" {
  topologies = [topology.t2d]
  metrics    = ["routers", "diameter", "utilization"]
}
study "sim" {
  topologies = [topology.t2d]
  metrics    = ["latency", "accepted_load", "saturated"]
  sim {
    routing        = ["dor", "min"]
    load           = [0.1, 0.2]
    warmup_min     = 200
    warmup_max     = 400
    measure_cycles = 300
  }
}
figure "lat" {
  study  = study.sim
  x      = "load"
  y      = "latency"
  series = ["routing", "k"]
}
table "t" {
  study   = study.structure
  columns = ["k", "routers", "diameter", "utilization"]
  expect "u3" {
    where       = { k = 3 }
    utilization = { value = 1, rel = 0.5 }
  }
  expect "r3" {
    where   = { k = 3 }
    routers = 9
  }
}
`

// cellFailer makes cells fail: those for whose label fail returns an
// error (or panics), until fix is called.
type cellFailer struct {
	mu   sync.Mutex
	fail func(label string) error
}

// hook is the engine's computeHook.
func (f *cellFailer) hook(c *Cell) error {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	fail := f.fail
	f.mu.Unlock()
	if fail == nil {
		return nil
	}
	return fail(c.Label)
}

// fix removes the cause: no cell fails any more.
func (f *cellFailer) fix() {
	f.mu.Lock()
	f.fail = nil
	f.mu.Unlock()
}

// failCells returns a cellFailer with fail.
func failCells(fail func(label string) error) *cellFailer {
	return &cellFailer{fail: fail}
}

// runCells plans and runs g (its cells failing as f says; f may be nil), returning the summary, the sorted IDs of the
// cells computed and the error.
func runCells(g *Graph, results string, f *cellFailer) (*Summary, []string, error) {
	var mu sync.Mutex
	var computed []string
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventFinish {
			mu.Lock()
			computed = append(computed, e.Cell)
			mu.Unlock()
		}
	}))
	en.computeHook = f.hook
	sum, err := en.Run(context.Background(), MakePlan(g, en.Store, results))
	sort.Strings(computed)
	return sum, computed, err
}

// TestFailedCellRows makes one cell fail — a metric cell, a sim cell with
// a deadlock, a sim cell with a limit error, a build, a metric cell that
// panics — and checks that the study datasets are still written, with the
// rows of the failed cell null and explained in an error column; that the
// figure and table are rendered, the expectation on the failed value fails
// with the error, report.md lists the failure, the exit status is a failed
// run; that nothing incomplete is cached and the same failure gives the
// same bytes; and that once the cause is gone, the next run computes only
// the failed cell and its dependents and writes the outputs of a run that
// never failed.
func TestFailedCellRows(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "fail.hcl")
	if err := os.WriteFile(exp, []byte(failingExperiment), 0o644); err != nil {
		t.Fatal(err)
	}
	refResults := filepath.Join(dir, "ref")
	runAll(t, load(t, nil, exp), refResults, 2)
	ref := outputFiles(t, filepath.Join(refResults, "fail"))

	limitErr := netsim.DefaultConfig().CheckSend(math.MaxInt64)
	if limitErr == nil {
		t.Fatal("no limit error to inject")
	}
	simMetrics := []string{"latency", "accepted_load", "saturated"}
	tests := []struct {
		name  string
		cell  string // label of the failing cell
		err   error  // its error (nil: it panics)
		want  string // the error column's text in its rows
		rows  map[string][]int
		nulls map[string][]string // null columns of the failed rows, per study
		// rerun lists the cells the run after the fix computes.
		rerun []string
	}{
		{
			name: "metric cell", cell: "load t2d k=3", err: errors.New("analysis: injected failure"),
			want:  "load t2d k=3: analysis: injected failure",
			rows:  map[string][]int{"structure": {0}},
			nulls: map[string][]string{"structure": {"utilization"}},
			rerun: []string{"dataset/structure", "load/t2d/0", "table/t"},
		},
		{
			name: "sim deadlock", cell: "sim t2d k=4 routing=min load=0.1", err: &netsim.DeadlockError{Cycle: 812, Idle: 300, InFlight: 17},
			want:  "sim t2d k=4 routing=min load=0.1: netsim: deadlock at cycle 812: 17 flits in the network, none moved for 300 cycles",
			rows:  map[string][]int{"sim": {6, 7}}, // and its 0.2 point, which follows it
			nulls: map[string][]string{"sim": simMetrics},
			rerun: []string{"dataset/sim", "figure/lat", "sim/sim/t2d/1/2", "sim/sim/t2d/1/3"},
		},
		{
			name: "sim limit", cell: "sim t2d k=3 routing=dor load=0.2", err: fmt.Errorf("workload: %w", limitErr),
			want:  "sim t2d k=3 routing=dor load=0.2: workload: " + limitErr.Error(),
			rows:  map[string][]int{"sim": {1}},
			nulls: map[string][]string{"sim": simMetrics},
			rerun: []string{"dataset/sim", "figure/lat", "sim/sim/t2d/0/1"},
		},
		{
			name: "build", cell: "build t2d k=4", err: errors.New("family torus: injected failure"),
			want:  "build t2d k=4: family torus: injected failure",
			rows:  map[string][]int{"structure": {1}, "sim": {4, 5, 6, 7}},
			nulls: map[string][]string{"structure": {"diameter", "utilization"}, "sim": simMetrics},
			rerun: []string{"build/t2d/1", "dataset/sim", "dataset/structure", "distance/t2d/1", "figure/lat", "load/t2d/1",
				"sim/sim/t2d/1/0", "sim/sim/t2d/1/1", "sim/sim/t2d/1/2", "sim/sim/t2d/1/3", "table/t"},
		},
		{
			name: "panic", cell: "distance t2d k=3",
			want:  "distance t2d k=3: panic: injected",
			rows:  map[string][]int{"structure": {0}},
			nulls: map[string][]string{"structure": {"diameter"}},
			rerun: []string{"dataset/structure", "distance/t2d/0", "table/t"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := t.TempDir()
			exp := filepath.Join(d, "fail.hcl")
			os.WriteFile(exp, []byte(failingExperiment), 0o644)
			results := filepath.Join(d, "results")
			out := filepath.Join(results, "fail")
			failer := failCells(func(label string) error {
				if label != tt.cell {
					return nil
				}
				if tt.err == nil {
					panic("injected")
				}
				return tt.err
			})
			g := load(t, nil, exp)
			sum, _, err := runCells(g, results, failer)
			if !errors.Is(err, ErrCellsFailed) || sum.Failed != 1 {
				t.Fatalf("run: %v (summary %+v), want 1 failed cell", err, sum)
			}

			// The datasets are written: the failed rows hold nulls and the error.
			for _, s := range []struct {
				name string
				rows int
			}{{"structure", 2}, {"sim", 8}} {
				tab := readTable(t, filepath.Join(out, s.name+".parquet"))
				if tab.NumRows() != s.rows {
					t.Errorf("%s: %d rows, want %d", s.name, tab.NumRows(), s.rows)
				}
				ec := tab.Column(report.ErrorColumn)
				if tt.rows[s.name] == nil {
					if ec != nil {
						t.Errorf("%s has an error column, though none of its cells failed", s.name)
					}
					continue
				}
				if ec == nil || ec.Kind != dataset.String {
					t.Fatalf("%s: no string error column: %v", s.name, tab.ColumnNames())
				}
				failed := map[int]bool{}
				for _, r := range tt.rows[s.name] {
					failed[r] = true
				}
				want := readTable(t, filepath.Join(refResults, "fail", s.name+".parquet"))
				if got, w := tab.ColumnNames(), append(want.ColumnNames(), report.ErrorColumn); !slices.Equal(got, w) {
					t.Errorf("%s: columns %v, want %v", s.name, got, w)
				}
				for r := range tab.NumRows() {
					if !failed[r] && ec.IsValid(r) {
						t.Errorf("%s row %d: error %q, want null", s.name, r+1, ec.Value(r))
					}
					if failed[r] && (!ec.Value(r).Equal(dataset.StringValue(tt.want)) || ec.Value(r).Kind != dataset.String) {
						t.Errorf("%s row %d: error %q, want %q", s.name, r+1, ec.Value(r), tt.want)
					}
					// The failed cell's columns are null, every other value is
					// that of a run without failure.
					for _, wc := range want.Columns {
						got := tab.Column(wc.Name).Value(r)
						switch {
						case failed[r] && slices.Contains(tt.nulls[s.name], wc.Name):
							if !got.IsNull() {
								t.Errorf("%s row %d: %s = %v, want null", s.name, r+1, wc.Name, got)
							}
						case !got.Equal(wc.Value(r)):
							t.Errorf("%s row %d: %s = %v, want %v", s.name, r+1, wc.Name, got, wc.Value(r))
						}
					}
				}
			}
			// The figure and the table are rendered, the scorecard says why
			// the failed value is missing, report.md lists the failure.
			files := outputFiles(t, out)
			for _, f := range []string{"figures/lat.png", "figures/lat.pdf", "tables/t.md", "tables/t.csv", "scorecard.json", "report.md"} {
				if len(files[f]) == 0 {
					t.Errorf("%s not written", f)
				}
			}
			var sc struct {
				Results []struct {
					Name, Error string
					OK          bool
				}
			}
			if err := json.Unmarshal(files["scorecard.json"], &sc); err != nil || len(sc.Results) != 2 {
				t.Fatalf("scorecard.json: %v\n%s", err, files["scorecard.json"])
			}
			u3 := sc.Results[0] // utilization of k = 3, row 1
			if slices.Contains(tt.rows["structure"], 0) && slices.Contains(tt.nulls["structure"], "utilization") {
				if u3.OK || u3.Error != "cell failed: "+tt.want {
					t.Errorf("u3: ok %v, error %q; want it to fail with the cell's error", u3.OK, u3.Error)
				}
			} else if !u3.OK {
				t.Errorf("u3 fails: %q", u3.Error)
			}
			if tt.rows["structure"] != nil && !bytes.Contains(files["tables/t.md"], []byte(" error |")) {
				t.Errorf("tables/t.md does not show the failed value as error:\n%s", files["tables/t.md"])
			}
			if !sc.Results[1].OK {
				t.Errorf("r3 (routers, a cell that did not fail) fails: %q", sc.Results[1].Error)
			}
			md := string(files["report.md"])
			if !strings.Contains(md, "## Failed cells") || !strings.Contains(md, "`"+tt.cell+"`") ||
				strings.Contains(md, "Not updated") {
				t.Errorf("report.md:\n%s", md)
			}
			if strings.Contains(md, "goroutine") || strings.Contains(md, d) {
				t.Errorf("report.md has a stack or an absolute path:\n%s", md)
			}

			// Nothing incomplete is cached: the failed cell, the datasets and
			// the outputs with failed rows run again.
			store := cache.New(CacheDir(results))
			for _, c := range g.Cells {
				if c.Label == tt.cell && store.Has(c.Key) {
					t.Errorf("the failed cell %s is cached", c.ID)
				}
			}
			plan := toRun(MakePlan(load(t, nil, exp), store, results))
			var planned []string
			for id := range plan {
				planned = append(planned, id)
			}
			sort.Strings(planned)
			if strings.Join(planned, " ") != strings.Join(tt.rerun, " ") {
				t.Errorf("after the failure, plan runs\n %v\nwant\n %v", planned, tt.rerun)
			}
			for id, why := range plan {
				if !strings.Contains(why, "last run") {
					t.Errorf("plan: %s: %q does not say it failed in the last run", id, why)
				}
			}

			// The same failure gives the same bytes.
			sum, _, err = runCells(load(t, nil, exp), results, failer)
			if !errors.Is(err, ErrCellsFailed) || sum.Written != 0 {
				t.Errorf("second failing run: %v, %d files written, want none", err, sum.Written)
			}
			sameOutputs(t, outputFiles(t, out), files)

			// Once the cause is gone, the next run computes the failed cell
			// and its dependents only, and the outputs are those of a run
			// that never failed.
			failer.fix()
			sum, computed, err := runCells(load(t, nil, exp), results, failer)
			if err != nil || sum.Failed != 0 {
				t.Fatalf("run after the fix: %v (summary %+v)", err, sum)
			}
			var ran []string
			for _, id := range computed {
				if !strings.HasPrefix(id, "build/") || slices.Contains(tt.rerun, id) {
					ran = append(ran, id)
				}
			}
			if strings.Join(ran, " ") != strings.Join(tt.rerun, " ") {
				t.Errorf("run after the fix computed\n %v\nwant\n %v", computed, tt.rerun)
			}
			sameOutputs(t, outputFiles(t, out), ref)
			if sum, computed, _ := runCells(load(t, nil, exp), results, failer); sum.Computed != 0 {
				t.Errorf("a third run computed %v", computed)
			}
		})
	}
}

// TestFailedSeed makes one replicate of a point with two seeds fail: the
// point's row is null (its mean and confidence interval too: a mean over
// the other seed would pass for both), the other rows are complete.
func TestFailedSeed(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "fail.hcl")
	src := strings.Replace(failingExperiment, "measure_cycles = 300\n", "measure_cycles = 300\n    seeds          = 2\n", 1)
	os.WriteFile(exp, []byte(src), 0o644)
	results := filepath.Join(dir, "results")
	const cell = "sim t2d k=3 routing=dor load=0.1 seed#1"
	failer := failCells(func(label string) error {
		if label == cell {
			return &netsim.DeadlockError{Cycle: 5, Idle: 3, InFlight: 2}
		}
		return nil
	})
	sum, _, err := runCells(load(t, nil, exp), results, failer)
	if !errors.Is(err, ErrCellsFailed) || sum.Failed != 1 {
		t.Fatalf("run: %v (summary %+v)", err, sum)
	}
	tab := readTable(t, filepath.Join(results, "fail", "sim.parquet"))
	ec := tab.Column(report.ErrorColumn)
	if tab.NumRows() != 8 || ec == nil {
		t.Fatalf("sim: %d rows, columns %v", tab.NumRows(), tab.ColumnNames())
	}
	// Row 1 (k=3, dor, 0.1) and row 2 (its 0.2 point, whose seed #1 follows
	// the failed one) fail.
	for r := range tab.NumRows() {
		failed := r < 2
		for _, col := range []string{"latency", "latency_ci95", "accepted_load", "saturated"} {
			if tab.Column(col).IsValid(r) == failed {
				t.Errorf("row %d: %s valid = %v", r+1, col, !failed)
			}
		}
		want := dataset.Value{}
		if failed {
			want = dataset.StringValue(cell + ": netsim: deadlock at cycle 5: 2 flits in the network, none moved for 3 cycles")
		}
		if got := ec.Value(r); !got.Equal(want) || got.Kind != want.Kind {
			t.Errorf("row %d: error %q, want %q", r+1, got, want)
		}
	}
}

// TestFailedDatasetNotAdopted checks that `runexp report`, which adopts a
// results Parquet file carrying a dataset's key when the cache lacks it,
// does not adopt one assembled with failed cells: it is not a result.
func TestFailedDatasetNotAdopted(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "fail.hcl")
	os.WriteFile(exp, []byte(failingExperiment), 0o644)
	results := filepath.Join(dir, "results")
	failer := failCells(func(label string) error {
		if label == "load t2d k=4" {
			return errors.New("injected")
		}
		return nil
	})
	if _, _, err := runCells(load(t, nil, exp), results, failer); !errors.Is(err, ErrCellsFailed) {
		t.Fatalf("run: %v", err)
	}
	os.RemoveAll(CacheDir(results))
	g := load(t, nil, exp)
	p := MakeReportPlan(g, cache.New(CacheDir(results)), results, false)
	for s, c := range g.Datasets {
		st := p.Entry(c).Status
		if (s.Name == "structure") != (st == New) {
			t.Errorf("report plan: dataset %s is %s", s.Name, st)
		}
	}
}

func TestShortError(t *testing.T) {
	dir := t.TempDir()
	exp := &Experiment{Name: "x", Path: filepath.Join(dir, "x.hcl")}
	results := filepath.Join(dir, "results")
	r := &run{en: &Engine{Results: results}}
	c := &Cell{Exp: exp, Label: "load t"}
	long := strings.Repeat("é", 300) // 600 bytes
	tests := []struct{ in, want string }{
		{"netsim: deadlock", "netsim: deadlock"},
		{"panic: boom\ngoroutine 7 [running]:\nmain.go:12", "panic: boom"},
		{"open " + filepath.Join(dir, "data", "links.csv") + ": no such file", "open data/links.csv: no such file"},
		{"cannot write " + filepath.Join(results, ".cache", "ab") + ": full", "cannot write .cache/ab: full"},
		{long, strings.Repeat("é", 200) + "…"},
	}
	for _, tt := range tests {
		if got := r.shortError(c, tt.in); got != tt.want {
			t.Errorf("shortError(%.40q) = %.60q, want %.60q", tt.in, got, tt.want)
		}
	}
}
