package eval

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
)

// fixture copies testdata/small.hcl into a temporary directory and returns
// the experiment path and a results directory.
func fixture(t *testing.T) (exp, results string) {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/small.hcl")
	if err != nil {
		t.Fatal(err)
	}
	exp = filepath.Join(dir, "small.hcl")
	if err := os.WriteFile(exp, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return exp, filepath.Join(dir, "results")
}

// load decodes experiment files or fails the test.
func load(t *testing.T, vars map[string]string, paths ...string) *Graph {
	t.Helper()
	l := NewLoader(Options{Vars: vars})
	exps, diags := l.Load(paths)
	if diags.HasErrors() {
		t.Fatalf("load: %s", diags.Error())
	}
	return BuildGraph(exps)
}

// runAll plans and runs, failing the test on error; it returns the summary
// and the IDs of the computed cells.
func runAll(t *testing.T, g *Graph, results string, workers int) (*Summary, []string) {
	t.Helper()
	var mu sync.Mutex
	var computed []string
	en := NewEngine(results, workers, ObserverFunc(func(e Event) {
		if e.Type == EventFinish {
			mu.Lock()
			computed = append(computed, e.Cell)
			mu.Unlock()
		}
	}))
	sum, err := en.Run(context.Background(), MakePlan(g, en.Store, results))
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	sort.Strings(computed)
	return sum, computed
}

// toRun returns the IDs and reasons of the cells a plan would compute.
func toRun(p *Plan) map[string]string {
	out := map[string]string{}
	for _, pe := range p.Entries {
		if pe.Run {
			out[pe.Cell.ID] = string(pe.Status) + ": " + pe.Reason
		}
	}
	return out
}

func readTable(t *testing.T, path string) *dataset.Table {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := dataset.ReadParquet(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestRunAndRerun(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	sum, computed := runAll(t, g, results, 2)
	// 5 instances: 5 builds, 5 x (size, distance, cost), dataset, figure, table.
	if want := 5 + 15 + 3; sum.Computed != want || len(computed) != want {
		t.Fatalf("first run computed %d cells, want %d: %v", sum.Computed, want, computed)
	}
	if sum.Failed != 0 || sum.Skipped != 0 {
		t.Fatalf("summary %+v", sum)
	}

	// The dataset holds real values: Hoffman-Singleton for q = 5 and the
	// 4x4 torus (avg distance over 15 other routers: (4*1+6*2+4*3+1*4)/15).
	tab := readTable(t, filepath.Join(results, "small", "s.parquet"))
	if tab.NumRows() != 5 {
		t.Fatalf("dataset has %d rows, want 5", tab.NumRows())
	}
	wantCols := []string{"topology", "label", "family", "q", "p", "max_radix", "k", "n", "dims", "permute", "cabinet_size", "seed",
		"routers", "endpoints", "radix", "links", "diameter", "avg_distance", "avg_endpoint_distance", "cost_per_endpoint", "power_total"}
	if got := tab.ColumnNames(); strings.Join(got, ",") != strings.Join(wantCols, ",") {
		t.Errorf("columns\n got %v\nwant %v", got, wantCols)
	}
	if u := tab.Column("avg_distance").Unit; u != "hops" {
		t.Errorf("avg_distance unit %q, want hops", u)
	}
	row := func(topo string, param string, v int64) int {
		for r := 0; r < tab.NumRows(); r++ {
			if tab.Column("topology").Strings[r] == topo && tab.Column(param).Value(r).Equal(dataset.IntValue(v)) {
				return r
			}
		}
		t.Fatalf("no row %s %s=%d", topo, param, v)
		return -1
	}
	hs := row("sf", "q", 5)
	checks := []struct {
		col  string
		want dataset.Value
	}{
		{"routers", dataset.IntValue(50)},
		{"endpoints", dataset.IntValue(200)}, // balanced p = ceil(7/2) = 4
		{"radix", dataset.IntValue(11)},
		{"links", dataset.IntValue(175)},
		{"diameter", dataset.IntValue(2)},
		{"avg_distance", dataset.FloatValue(91.0 / 49)},
		// cost: 50 routers x (10 x 11 + 100) + (175 + 200 cables) x 5 = 12375, per endpoint 61.875
		{"cost_per_endpoint", dataset.FloatValue(61.875)},
		{"power_total", dataset.FloatValue(50 * 11 * 2.8)},
	}
	for _, c := range checks {
		if got := tab.Column(c.col).Value(hs); !got.Equal(c.want) {
			t.Errorf("sf q=5 %s = %v, want %v", c.col, got, c.want)
		}
	}
	if got := tab.Column("q").Value(row("t2d", "k", 4)); !got.IsNull() {
		t.Errorf("torus row has q = %v, want null", got)
	}
	if got := tab.Column("avg_distance").Value(row("t2d", "k", 4)); !got.Equal(dataset.FloatValue(32.0 / 15)) {
		t.Errorf("4x4 torus avg_distance = %v, want 32/15", got)
	}

	// Outputs: valid PNG and PDF, tables, scorecard, report.
	pngData, err := os.ReadFile(filepath.Join(results, "small", "figures", "f.png"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(pngData)); err != nil {
		t.Errorf("figure PNG does not decode: %v", err)
	}
	pdf, err := os.ReadFile(filepath.Join(results, "small", "figures", "f.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF")) || !bytes.Contains(pdf, []byte("/Type /Page")) {
		t.Errorf("figure PDF lacks a header or pages")
	}
	for _, f := range []string{"tables/t.md", "tables/t.tex", "tables/t.csv", "scorecard.md", "scorecard.json", "report.md"} {
		if _, err := os.Stat(filepath.Join(results, "small", f)); err != nil {
			t.Errorf("missing output: %v", err)
		}
	}
	score, _ := os.ReadFile(filepath.Join(results, "small", "scorecard.md"))
	if !bytes.Contains(score, []byte("Reproduced 3 of 3 published numbers.")) {
		t.Errorf("scorecard:\n%s", score)
	}

	// A second run computes nothing and rewrites nothing.
	sum, computed = runAll(t, load(t, nil, exp), results, 2)
	if sum.Computed != 0 || sum.Written != 0 || len(computed) != 0 {
		t.Fatalf("second run computed %d cells, wrote %d files: %v", sum.Computed, sum.Written, computed)
	}
	if sum.Cached != sum.Cells {
		t.Errorf("second run: %d cached of %d", sum.Cached, sum.Cells)
	}
}

// TestEditSweepValue changes one element of a sweep list and checks that
// exactly the dependent cells are planned, with the reason, and computed.
func TestEditSweepValue(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	before := readTable(t, filepath.Join(results, "small", "s.parquet"))

	src, _ := os.ReadFile(exp)
	edited := bytes.Replace(src, []byte("default = [3, 4, 5]"), []byte("default = [3, 4, 7]"), 1)
	if bytes.Equal(edited, src) {
		t.Fatal("edit did not apply")
	}
	os.WriteFile(exp, edited, 0o644)

	g := load(t, nil, exp)
	p := MakePlan(g, cache.New(CacheDir(results)), results)
	got := toRun(p)
	want := []string{"build/sf/2", "size/sf/2", "distance/sf/2", "cost/flat/sf/2", "dataset/s", "figure/f", "table/t"}
	if len(got) != len(want) {
		t.Errorf("plan runs %d cells, want %d: %v", len(got), len(want), got)
	}
	for _, id := range want {
		reason, ok := got[id]
		if !ok {
			t.Errorf("plan does not run %s", id)
			continue
		}
		if id == "build/sf/2" {
			continue // a new build, needed by the distance cell
		}
		if !strings.HasPrefix(reason, "stale: ") {
			t.Errorf("%s: %q, want stale", id, reason)
		}
		if strings.HasPrefix(id, "size") || strings.HasPrefix(id, "distance") || strings.HasPrefix(id, "cost") {
			if !strings.Contains(reason, "q: 5 → 7") {
				t.Errorf("%s reason %q does not name q: 5 → 7", id, reason)
			}
		}
	}
	if r := got["figure/f"]; !strings.Contains(r, "input changed: dataset s") {
		t.Errorf("figure reason %q", r)
	}

	sum, computed := runAll(t, g, results, 2)
	sort.Strings(want)
	if strings.Join(computed, " ") != strings.Join(want, " ") {
		t.Errorf("computed %v, want %v", computed, want)
	}
	if sum.Computed != len(want) {
		t.Errorf("summary computed %d", sum.Computed)
	}
	after := readTable(t, filepath.Join(results, "small", "s.parquet"))
	q := after.Column("q")
	if !q.Value(2).Equal(dataset.IntValue(7)) || !after.Column("routers").Value(2).Equal(dataset.IntValue(98)) {
		t.Errorf("row 2: q = %v, routers = %v; want 7, 98", q.Value(2), after.Column("routers").Value(2))
	}
	// The rows that did not change are identical.
	for _, col := range before.ColumnNames() {
		for _, r := range []int{0, 1, 3, 4} {
			if !before.Column(col).Value(r).Equal(after.Column(col).Value(r)) {
				t.Errorf("row %d column %s changed: %v → %v", r, col, before.Column(col).Value(r), after.Column(col).Value(r))
			}
		}
	}

	// Changing it back needs no computation at all: every cell is cached.
	os.WriteFile(exp, src, 0o644)
	if got := toRun(MakePlan(load(t, nil, exp), cache.New(CacheDir(results)), results)); len(got) != 0 {
		t.Errorf("after reverting, plan runs %v", got)
	}
}

// TestWorkersIdentical runs with -j 1 and -j 2 and compares every output.
func TestWorkersIdentical(t *testing.T) {
	exp, results1 := fixture(t)
	results2 := filepath.Join(t.TempDir(), "results")
	runAll(t, load(t, nil, exp), results1, 1)
	runAll(t, load(t, nil, exp), results2, 2)
	for _, f := range []string{"s.parquet", "tables/t.csv", "tables/t.md", "scorecard.json", "figures/f.png"} {
		a, err1 := os.ReadFile(filepath.Join(results1, "small", f))
		b, err2 := os.ReadFile(filepath.Join(results2, "small", f))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", f, err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between -j 1 and -j 2", f)
		}
	}
}

// cellFile returns the cache file of the cell with the given ID.
func cellFile(t *testing.T, g *Graph, results, id string) string {
	t.Helper()
	for _, c := range g.Cells {
		if c.ID == id {
			return cache.New(CacheDir(results)).Path(c.Key)
		}
	}
	t.Fatalf("no cell %s", id)
	return ""
}

// TestCorruptCache damages cache files; each is recomputed, never trusted,
// and the outputs are the same as before.
func TestCorruptCache(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	runAll(t, g, results, 2)
	ref, _ := os.ReadFile(filepath.Join(results, "small", "s.parquet"))

	// A flipped byte in the dataset entry: the dataset alone is recomputed
	// (figure and table keys do not change).
	path := cellFile(t, g, results, "dataset/s")
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0xff
	os.WriteFile(path, data, 0o644)
	p := MakePlan(load(t, nil, exp), cache.New(CacheDir(results)), results)
	if got := toRun(p); len(got) != 1 || got["dataset/s"] != "stale: cache entry was corrupt" {
		t.Errorf("plan after corruption: %v", got)
	}
	if _, computed := runAll(t, load(t, nil, exp), results, 2); strings.Join(computed, " ") != "dataset/s" {
		t.Errorf("computed %v, want dataset/s", computed)
	}

	// A truncated distance entry plus a deleted dataset (entry and results
	// file, which the plan would otherwise take): the dataset needs the
	// distance cell, which is recomputed from a rebuilt topology.
	g = load(t, nil, exp)
	dist := cellFile(t, g, results, "distance/sf/1")
	data, _ = os.ReadFile(dist)
	os.WriteFile(dist, data[:len(data)/2], 0o644)
	os.Remove(cellFile(t, g, results, "dataset/s"))
	os.Remove(filepath.Join(results, "small", "s.parquet"))
	os.Remove(cellFile(t, g, results, "build/sf/1"))
	_, computed := runAll(t, g, results, 2)
	if want := "build/sf/1 dataset/s distance/sf/1"; strings.Join(computed, " ") != want {
		t.Errorf("computed %v, want %s", computed, want)
	}
	got, _ := os.ReadFile(filepath.Join(results, "small", "s.parquet"))
	if !bytes.Equal(got, ref) {
		t.Error("dataset differs after recomputation")
	}
}

// TestInterruptResume cancels a run after its first finished cell: finished
// cells stay cached, the next run computes only the rest, and the results
// equal an uninterrupted run's.
func TestInterruptResume(t *testing.T) {
	exp, results := fixture(t)
	refResults := filepath.Join(t.TempDir(), "ref")
	runAll(t, load(t, nil, exp), refResults, 1)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	finished := 0
	en := NewEngine(results, 1, ObserverFunc(func(e Event) {
		if e.Type == EventFinish {
			finished++
			cancel()
		}
	}))
	g := load(t, nil, exp)
	sum, err := en.Run(ctx, MakePlan(g, en.Store, results))
	if !errors.Is(err, context.Canceled) || !sum.Interrupted {
		t.Fatalf("interrupted run: err %v, summary %+v", err, sum)
	}
	if sum.Computed != finished || finished == 0 || sum.Skipped == 0 {
		t.Errorf("interrupted run computed %d (finished events %d), skipped %d", sum.Computed, finished, sum.Skipped)
	}
	if _, err := os.Stat(filepath.Join(results, "small", "s.parquet")); err == nil {
		t.Error("an interrupted run wrote outputs")
	}
	sum2, _ := runAll(t, load(t, nil, exp), results, 2)
	if sum2.Computed+sum.Computed != 23 {
		t.Errorf("resume computed %d after %d, want %d in all", sum2.Computed, sum.Computed, 23)
	}
	a, _ := os.ReadFile(filepath.Join(results, "small", "s.parquet"))
	b, _ := os.ReadFile(filepath.Join(refResults, "small", "s.parquet"))
	if !bytes.Equal(a, b) {
		t.Error("resumed dataset differs from an uninterrupted run")
	}
}

// TestConcurrentRuns runs two engines on the same results directory at once
// (as two runexp processes would); both succeed with valid, equal outputs.
func TestConcurrentRuns(t *testing.T) {
	exp, results := fixture(t)
	refResults := filepath.Join(t.TempDir(), "ref")
	runAll(t, load(t, nil, exp), refResults, 1)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := NewLoader(Options{})
			exps, diags := l.Load([]string{exp})
			if diags.HasErrors() {
				errs[i] = diags
				return
			}
			en := NewEngine(results, 2, nil)
			_, errs[i] = en.Run(context.Background(), MakePlan(BuildGraph(exps), en.Store, results))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"s.parquet", "scorecard.json", "tables/t.csv"} {
		a, _ := os.ReadFile(filepath.Join(results, "small", f))
		b, _ := os.ReadFile(filepath.Join(refResults, "small", f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs after concurrent runs", f)
		}
	}
	if sum, _ := runAll(t, load(t, nil, exp), results, 2); sum.Computed != 0 {
		t.Errorf("after concurrent runs, a third run computed %d cells", sum.Computed)
	}
	n, _ := cache.New(CacheDir(results)).Temps()
	if n != 0 {
		t.Errorf("%d temporary files left", n)
	}
}

// TestFailedCell makes one cell fail (a topology too large to build but not
// to size): the run reports it, the other cells finish and stay cached, and
// the dataset is assembled with the huge instance's diameter null.
func TestFailedCell(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "fail.hcl")
	os.WriteFile(exp, []byte(`
topology "ok" {
  family = "slimfly"
  q      = 5
}
topology "huge" {
  family = "slimfly"
  q      = 4099
}
study "s" {
  topologies = [topology.ok, topology.huge]
  metrics    = ["routers", "diameter"]
}
`), 0o644)
	results := filepath.Join(dir, "results")
	var failedCells []string
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventError {
			failedCells = append(failedCells, e.Cell+": "+e.Error)
		}
	}))
	g := load(t, nil, exp)
	sum, err := en.Run(context.Background(), MakePlan(g, en.Store, results))
	if !errors.Is(err, ErrCellsFailed) {
		t.Fatalf("err = %v, want ErrCellsFailed", err)
	}
	if sum.Failed != 1 || len(failedCells) != 1 || !strings.HasPrefix(failedCells[0], "build/huge/0") {
		t.Errorf("failed: %v (summary %+v)", failedCells, sum)
	}
	// build ok, size ok, size huge, distance ok and the dataset computed;
	// distance huge skipped.
	if sum.Computed != 5 || sum.Skipped != 1 {
		t.Errorf("summary %+v, want 5 computed and 1 skipped", sum)
	}
	tab := readTable(t, filepath.Join(results, "fail", "s.parquet"))
	ec := tab.Column("error")
	if tab.NumRows() != 2 || ec == nil || ec.IsValid(0) || !tab.Column("diameter").IsValid(0) ||
		tab.Column("diameter").IsValid(1) || tab.Column("routers").Ints[1] != 33603602 ||
		!strings.HasPrefix(ec.Strings[1], "build huge: family slimfly: parameter q: too large to build") {
		t.Errorf("dataset: %d rows, columns %v, error %v", tab.NumRows(), tab.ColumnNames(), ec)
	}
	p := MakePlan(load(t, nil, exp), en.Store, results)
	if got := toRun(p); len(got) != 3 {
		t.Errorf("after the failure, plan runs %v; want the failed build, its distance cell and the dataset", got)
	}
}

// TestReportFromResults re-renders figures and tables with an empty cache
// from the Parquet files under results/ (as on a fresh clone with committed
// results), computing no metric.
func TestReportFromResults(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	os.RemoveAll(CacheDir(results))
	os.Remove(filepath.Join(results, "small", "figures", "f.png"))

	var kinds []string
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventFinish {
			kinds = append(kinds, e.Kind)
		}
	}))
	g := load(t, nil, exp)
	if _, err := en.Run(context.Background(), MakeReportPlan(g, en.Store, results, false)); err != nil {
		t.Fatal(err)
	}
	sort.Strings(kinds)
	if strings.Join(kinds, " ") != "figure table" {
		t.Errorf("report computed %v, want figure and table only", kinds)
	}
	if _, err := os.Stat(filepath.Join(results, "small", "figures", "f.png")); err != nil {
		t.Error("report did not write the figure")
	}

	// Without data, report fails clearly and computes nothing.
	empty := filepath.Join(t.TempDir(), "results")
	var errs []string
	en = NewEngine(empty, 2, ObserverFunc(func(e Event) {
		if e.Type == EventError {
			errs = append(errs, e.Error)
		}
	}))
	_, err := en.Run(context.Background(), MakeReportPlan(load(t, nil, exp), en.Store, empty, false))
	if !errors.Is(err, ErrCellsFailed) || len(errs) != 2 || !strings.Contains(errs[0], "dataset s has not been computed") {
		t.Errorf("report without data: %v %q", err, errs)
	}
}

// TestVarOverride sets a list variable from the command line.
func TestVarOverride(t *testing.T) {
	exp, _ := fixture(t)
	g := load(t, map[string]string{"qs": "[7, 8]"}, exp)
	var sf *Topology
	for _, tp := range g.Experiments[0].Topologies {
		if tp.Name == "sf" {
			sf = tp
		}
	}
	if len(sf.Instances) != 2 || sf.Instances[1].Params.Int("q") != 8 || sf.Instances[1].Params.Int("p") != 6 {
		t.Errorf("instances %v", sf.Instances)
	}
}

// TestReportForce re-renders a figure whose cached rendering is outdated
// (as after a change to the rendering code): the fresh rendering is written.
func TestReportForce(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	runAll(t, g, results, 2)
	png := filepath.Join(results, "small", "figures", "f.png")
	fresh, _ := os.ReadFile(png)
	store := cache.New(CacheDir(results))
	for _, c := range g.Cells {
		if c.ID == "figure/f" {
			store.Put(c.Key, &cache.Entry{Blobs: []cache.Blob{{Name: blobPDF, Data: []byte("old")}, {Name: blobPNG, Data: []byte("old")}}})
		}
	}
	en := NewEngine(results, 2, nil)
	if _, err := en.Run(context.Background(), MakeReportPlan(load(t, nil, exp), en.Store, results, false)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(png); string(got) != "old" {
		t.Fatalf("report without --force did not use the cached rendering")
	}
	if _, err := en.Run(context.Background(), MakeReportPlan(load(t, nil, exp), en.Store, results, true)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(png); !bytes.Equal(got, fresh) {
		t.Errorf("report --force wrote %d bytes, want the fresh rendering (%d bytes)", len(got), len(fresh))
	}
}

// TestCachedMeanwhile: a run planned before another run (a second
// process, a shard, a Slurm task) computed its cells takes them from the
// shared cache instead of computing them again, and writes the same
// outputs.
func TestCachedMeanwhile(t *testing.T) {
	dir := t.TempDir()
	exp := writeSource(t, dir, "meanwhile", strings.Replace(replicateSource, "SEEDS", "2", 1))
	results := filepath.Join(dir, "results")
	g := load(t, nil, exp)
	var mu sync.Mutex
	var computed []string
	en := NewEngine(results, 1, nil)
	en.computeHook = func(c *Cell) error {
		mu.Lock()
		computed = append(computed, c.Label)
		mu.Unlock()
		return nil
	}
	plan := MakePlan(g, en.Store, results)
	// The other run computes every cell after the plan was made.
	runAll(t, load(t, nil, exp), filepath.Join(dir, "results"), 2)
	ref := outputFiles(t, filepath.Join(results, "meanwhile"))
	if _, err := en.Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	if len(computed) > 0 {
		t.Errorf("computed again: %v", computed)
	}
	if got := outputFiles(t, filepath.Join(results, "meanwhile")); !reflect.DeepEqual(got, ref) {
		t.Errorf("outputs differ from the other run's")
	}
}

// TestClaimedMeanwhile: two runs of one experiment on one results
// directory, planned before either computed anything, compute each cell
// once. The second reaches the first cell while the first run computes
// it, waits for the first's claim (cache.Store.Claim) and takes its entry,
// and says so.
func TestClaimedMeanwhile(t *testing.T) {
	dir := t.TempDir()
	exp := writeSource(t, dir, "claimed", strings.Replace(replicateSource, "SEEDS", "2", 1))
	results := filepath.Join(dir, "results")
	var mu sync.Mutex
	computed := map[string]int{}
	var first string              // the cell A computes first
	holds := make(chan struct{})  // A computes its first cell
	bWaits := make(chan struct{}) // B started that cell
	notes := map[string]string{}  // B's finish notes by cell
	a := NewEngine(results, 1, nil)
	a.computeHook = func(c *Cell) error {
		mu.Lock()
		computed[c.ID]++
		isFirst := first == ""
		if isFirst {
			first = c.ID
		}
		mu.Unlock()
		if isFirst {
			close(holds)
			<-bWaits
			time.Sleep(100 * time.Millisecond) // B is in its claim's wait by now
		}
		return nil
	}
	var once sync.Once
	b := NewEngine(results, 1, ObserverFunc(func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case e.Type == EventStart && e.Cell == first:
			once.Do(func() { close(bWaits) })
		case e.Type == EventFinish:
			notes[e.Cell] = e.Reason
		}
	}))
	b.computeHook = func(c *Cell) error {
		mu.Lock()
		computed[c.ID]++
		mu.Unlock()
		return nil
	}
	pa, pb := MakePlan(load(t, nil, exp), a.Store, results), MakePlan(load(t, nil, exp), b.Store, results)
	errs := make(chan error, 2)
	var bsum *Summary
	go func() { _, err := a.Run(context.Background(), pa); errs <- err }()
	<-holds
	go func() {
		var err error
		bsum, err = b.Run(context.Background(), pb)
		errs <- err
	}()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if bsum.Shared < 1 {
		t.Errorf("the second run's summary counts %d cells computed by the other run, want at least the one it waited for", bsum.Shared)
	}
	if len(computed) < 4 {
		t.Errorf("%d cells computed, want the 4 simulations and more: %v", len(computed), computed)
	}
	for id, n := range computed {
		if n != 1 {
			t.Errorf("%s computed %d times", id, n)
		}
	}
	if want := "computed meanwhile by another run, which this run waited for"; notes[first] != want {
		t.Errorf("the second run's note on %s: %q, want %q", first, notes[first], want)
	}
}

// TestMarkElsewhere: plan (and show's list of the cells not computed yet)
// marks the cells whose claims another process holds, with the time the
// claim was taken, and none once it is released.
func TestMarkElsewhere(t *testing.T) {
	dir := t.TempDir()
	exp := writeSource(t, dir, "elsewhere", strings.Replace(replicateSource, "SEEDS", "2", 1))
	results := filepath.Join(dir, "results")
	store := cache.New(CacheDir(results))
	p := MakePlan(load(t, nil, exp), store, results)
	var sims []*PlanEntry
	for _, pe := range p.Entries {
		if pe.Run && pe.Cell.Kind == GroupSim {
			sims = append(sims, pe)
		}
	}
	if len(sims) != 4 {
		t.Fatalf("%d simulations to run, want 4", len(sims))
	}
	release, _, err := store.Claim(context.Background(), sims[1].Cell.Key)
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().Add(-time.Second)
	if n := p.MarkElsewhere(store); n != 1 {
		t.Errorf("%d cells marked, want 1", n)
	}
	for i, pe := range sims {
		if pe.Elsewhere != (i == 1) {
			t.Errorf("simulation %d: Elsewhere %v", i, pe.Elsewhere)
		}
	}
	r := sims[1].Reason
	const mark = "not computed before; being computed by another run since "
	since, err := time.ParseInLocation("2006-01-02 15:04:05", strings.TrimPrefix(r, mark), time.Local)
	if !strings.HasPrefix(r, mark) || err != nil || since.Before(before) || since.After(time.Now()) {
		t.Errorf("reason %q (%v): want %q and the time the claim was taken", r, err, mark)
	}
	// show's list of the cells not computed yet says so too.
	pk, err := p.Peek(context.Background(), store, "", "s")
	if err != nil {
		t.Fatal(err)
	}
	var marked []string
	for _, m := range pk.Missing {
		if strings.HasSuffix(m, " (being computed by another run)") {
			marked = append(marked, m)
		}
	}
	if len(marked) != 1 || marked[0] != sims[1].Cell.Label+" (being computed by another run)" {
		t.Errorf("Peek marks %q, want the label of %s", marked, sims[1].Cell.ID)
	}
	release()
	p = MakePlan(load(t, nil, exp), store, results)
	if n := p.MarkElsewhere(store); n != 0 {
		t.Errorf("after the release: %d cells marked", n)
	}
}

// TestClaimedLater: a run that finds a ready cell claimed by another run
// computes its other ready cells first and takes the claimed one when the
// other run has stored it. Here the first run holds its first simulation
// until the second has finished another one: a second run that waited for
// the claimed cell first would never let it go.
func TestClaimedLater(t *testing.T) {
	dir := t.TempDir()
	exp := writeSource(t, dir, "later", strings.Replace(replicateSource, "SEEDS", "2", 1))
	results := filepath.Join(dir, "results")
	var mu sync.Mutex
	computed := map[string]int{}
	var held string              // the simulation A holds
	holds := make(chan struct{}) // A holds it
	other := make(chan struct{}) // B finished another simulation
	notes := map[string]string{} // B's finish notes
	count := func(c *Cell) {
		mu.Lock()
		computed[c.ID]++
		mu.Unlock()
	}
	a := NewEngine(results, 1, nil)
	a.computeHook = func(c *Cell) error {
		count(c)
		mu.Lock()
		first := c.Kind == GroupSim && held == ""
		if first {
			held = c.ID
		}
		mu.Unlock()
		if first {
			close(holds)
			select {
			case <-other:
			case <-time.After(20 * time.Second):
				t.Error("the second run did not compute another simulation while the first held " + c.ID)
			}
		}
		return nil
	}
	var once sync.Once
	b := NewEngine(results, 1, ObserverFunc(func(e Event) {
		if e.Type != EventFinish {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		notes[e.Cell] = e.Reason
		if e.Kind == GroupSim && e.Cell != held && e.Reason == "" {
			once.Do(func() { close(other) })
		}
	}))
	b.computeHook = func(c *Cell) error { count(c); return nil }
	pa, pb := MakePlan(load(t, nil, exp), a.Store, results), MakePlan(load(t, nil, exp), b.Store, results)
	errs := make(chan error, 2)
	go func() { _, err := a.Run(context.Background(), pa); errs <- err }()
	<-holds
	go func() { _, err := b.Run(context.Background(), pb); errs <- err }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for id, n := range computed {
		if n != 1 {
			t.Errorf("%s computed %d times", id, n)
		}
	}
	if n := notes[held]; !strings.Contains(n, "computed meanwhile by another run") {
		t.Errorf("the second run's note on %s: %q", held, n)
	}
}
