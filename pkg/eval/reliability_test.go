package eval

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cache"
)

// outputFiles returns every file under results/<exp>/ with its content.
func outputFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameOutputs compares two output trees file by file.
func sameOutputs(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s missing", name)
		case !bytes.Equal(g, w):
			t.Errorf("%s differs", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected file %s", name)
		}
	}
}

// TestGCDuringRun runs gc for another experiment (an empty graph: it
// references nothing) while a run is going, each time a cell finishes: the
// run's entries are leased, so gc keeps them, every output is written and
// a second run computes nothing.
func TestGCDuringRun(t *testing.T) {
	exp, results := fixture(t)
	refResults := filepath.Join(t.TempDir(), "ref")
	runAll(t, load(t, nil, exp), refResults, 1)
	want := outputFiles(t, filepath.Join(refResults, "small"))

	store := cache.New(CacheDir(results))
	var gcErr error
	kept := 0
	en := NewEngine(results, 1, ObserverFunc(func(e Event) {
		if e.Type != EventFinish {
			return
		}
		st, err := CollectGarbage(&Graph{}, store, false)
		if err != nil {
			gcErr = err
		}
		kept = st.Kept
	}))
	g := load(t, nil, exp)
	if _, err := en.Run(context.Background(), MakePlan(g, en.Store, results)); err != nil {
		t.Fatalf("run: %v", err)
	}
	if gcErr != nil {
		t.Fatalf("gc: %v", gcErr)
	}
	if kept == 0 {
		t.Error("gc during the run kept nothing")
	}
	sameOutputs(t, outputFiles(t, filepath.Join(results, "small")), want)
	if got := toRun(MakePlan(load(t, nil, exp), store, results)); len(got) != 0 {
		t.Errorf("after the run, plan computes %v", got)
	}
	// With no run live, gc for another experiment removes everything.
	st, err := CollectGarbage(&Graph{}, store, false)
	if err != nil || st.Kept != 0 || st.Removed == 0 {
		t.Errorf("gc after the run: %+v, %v", st, err)
	}
}

// TestMissingEntryFailsRun removes the cache entry of an output cell after
// it was computed and before the outputs are written (as another process
// could): the run still writes the output it computed, or fails; it never
// reports success with an output missing.
func TestMissingEntryFailsRun(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	store := cache.New(CacheDir(results))
	en := NewEngine(results, 1, ObserverFunc(func(e Event) {
		if e.Type == EventFinish && e.Kind == KindFigure {
			for _, c := range g.Cells {
				if c.ID == e.Cell {
					os.Remove(store.Path(c.Key))
				}
			}
		}
	}))
	_, err := en.Run(context.Background(), MakePlan(g, en.Store, results))
	_, statErr := os.Stat(filepath.Join(results, "small", "figures", "f.png"))
	if err == nil && statErr != nil {
		t.Fatalf("the run succeeded without figures/f.png: %v", statErr)
	}
}

// TestFailedCellKeepsOutputs makes the figure cell of an unchanged study
// fail in a second run (its cache entry path is a non-empty directory, so
// the entry can be neither read nor written): the run fails, and the
// figure's files from the first run stay, as does everything else.
func TestFailedCellKeepsOutputs(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	runAll(t, g, results, 2)
	want := outputFiles(t, filepath.Join(results, "small"))
	var fig *Cell
	for _, c := range g.Cells {
		if c.Kind == KindFigure {
			fig = c
		}
	}
	path := cache.New(CacheDir(results)).Path(fig.Key)
	blockEntry(t, path)
	runFailing(t, exp, results)
	got := outputFiles(t, filepath.Join(results, "small"))
	for _, f := range []string{"figures/f.pdf", "figures/f.png", "s.parquet", "tables/t.md"} {
		if !bytes.Equal(got[f], want[f]) {
			t.Errorf("%s removed or changed after the figure cell failed", f)
		}
	}
	if !strings.Contains(string(got["report.md"]), "f.png") {
		t.Error("report.md no longer shows the figure kept from the earlier run")
	}
	// The figure is still an output of the experiment: once the cause is
	// gone, the next run renders it again and the outputs are as before.
	os.RemoveAll(path)
	runAll(t, load(t, nil, exp), results, 2)
	sameOutputs(t, outputFiles(t, filepath.Join(results, "small")), want)
}

// TestOutputsOfRemovedBlocks removes the figure block from the experiment:
// its files go, the others stay.
func TestOutputsOfRemovedBlocks(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	src, _ := os.ReadFile(exp)
	i := strings.Index(string(src), `figure "f"`)
	j := strings.Index(string(src), `table "t"`)
	os.WriteFile(exp, append(append([]byte{}, src[:i]...), src[j:]...), 0o644)
	runAll(t, load(t, nil, exp), results, 2)
	got := outputFiles(t, filepath.Join(results, "small"))
	for _, f := range []string{"figures/f.pdf", "figures/f.png"} {
		if _, ok := got[f]; ok {
			t.Errorf("%s of the removed figure block is still there", f)
		}
	}
	if _, ok := got["s.parquet"]; !ok {
		t.Error("s.parquet removed")
	}
}

// TestTempOutputsRemoved leaves temporary files of a killed output phase in
// results/small/ (and one that is not runexp's): a rerun removes runexp's.
func TestTempOutputsRemoved(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	dir := filepath.Join(results, "small")
	ours := []string{".tmp-s.parquet-123456", "figures/.tmp-f.png-99", "tables/.tmp-t.csv-1", ".tmp-report.md-42",
		"../.cache/manifests/.tmp-small.json-7"}
	for _, f := range ours {
		os.WriteFile(filepath.Join(dir, f), []byte("partial"), 0o644)
	}
	foreign := filepath.Join(dir, ".tmp-notes.txt-1")
	os.WriteFile(foreign, []byte("mine"), 0o644)
	runAll(t, load(t, nil, exp), results, 2)
	for _, f := range ours {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s left behind", f)
		}
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("a file that is not runexp's was removed: %v", err)
	}
}

// TestScorecardPositions loads the same experiment by a relative and an
// absolute path: the scorecards are identical (positions are relative to the
// experiment's directory) and the second, fully cached, run writes nothing.
func TestScorecardPositions(t *testing.T) {
	exp, results := fixture(t)
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	if err := os.Chdir(filepath.Dir(filepath.Dir(exp))); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join(filepath.Base(filepath.Dir(exp)), "small.hcl")
	runAll(t, load(t, nil, rel), results, 2)
	sc, _ := os.ReadFile(filepath.Join(results, "small", "scorecard.json"))
	if !strings.Contains(string(sc), `"pos": "small.hcl:`) {
		t.Errorf("scorecard positions are not relative to the experiment's directory:\n%s", sc)
	}
	sum, _ := runAll(t, load(t, nil, exp), results, 2)
	if sum.Written != 0 {
		t.Errorf("a fully cached run by another path wrote %d files", sum.Written)
	}
}

// TestPlanWritesNothing corrupts a cached entry: plan reports it and leaves
// the file alone (run replaces it).
func TestPlanWritesNothing(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	runAll(t, g, results, 2)
	path := cellFile(t, g, results, "dataset/s")
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0xff
	os.WriteFile(path, data, 0o644)
	p := MakePlan(load(t, nil, exp), cache.New(CacheDir(results)), results)
	if got := toRun(p); got["dataset/s"] != "stale: cache entry was corrupt" {
		t.Errorf("plan: %v", got)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, data) {
		t.Errorf("plan changed the corrupt entry: %v", err)
	}
}

// TestResultsNotWritable points the results directory at a file: the run
// fails before computing any cell.
func TestResultsNotWritable(t *testing.T) {
	exp, _ := fixture(t)
	results := filepath.Join(t.TempDir(), "results")
	os.WriteFile(results, []byte("a file"), 0o644)
	started := 0
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventStart {
			started++
		}
	}))
	_, err := en.Run(context.Background(), MakePlan(load(t, nil, exp), en.Store, results))
	if err == nil || !strings.Contains(err.Error(), results) {
		t.Errorf("err = %v, want an error naming %s", err, results)
	}
	if started != 0 {
		t.Errorf("%d cells started before the results directory was found unusable", started)
	}
}

// TestGCForeignFiles runs gc on a results directory whose .cache belongs to
// other programs too: only runexp's entries and temporary files go.
func TestGCForeignFiles(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	cdir := CacheDir(results)
	old := time.Now().Add(-2 * time.Hour)
	foreign := []string{"pip/.tmp-wheel", "ab/.tmp-x", "ab/" + strings.Repeat("cd", 32) + ".rxc", "fontconfig/cache-1"}
	for _, f := range foreign {
		p := filepath.Join(cdir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("not runexp's"), 0o644)
		os.Chtimes(p, old, old)
	}
	oursTemp := filepath.Join(cdir, "ab", ".tmp-"+strings.Repeat("ab", 32)+".rxc-12345")
	os.WriteFile(oursTemp, []byte("partial"), 0o644)
	os.Chtimes(oursTemp, old, old)
	st, err := CollectGarbage(&Graph{}, cache.New(cdir), false)
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed == 0 || st.Temps != 1 {
		t.Errorf("gc: %+v, want runexp's entries and 1 temporary file removed", st)
	}
	for _, f := range foreign {
		if _, err := os.Stat(filepath.Join(cdir, f)); err != nil {
			t.Errorf("gc removed %s, which is not runexp's", f)
		}
	}
	if _, err := os.Stat(oursTemp); err == nil {
		t.Error("gc left runexp's temporary file")
	}
}

// TestStorageFailureKeepsOutputs makes a metric cell of a study whose
// dataset is computed again fail in a second run because its result cannot be stored (its cache entry
// path is a non-empty directory): that is not a failure of the cell's
// computation, so the dataset is not assembled with a null row (nor
// written); the files of its figure and table stay as the first run wrote
// them.
func TestStorageFailureKeepsOutputs(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	runAll(t, g, results, 2)
	want := outputFiles(t, filepath.Join(results, "small"))
	// The dataset runs, so its inputs are verified: neither its cache entry
	// nor its results file, which the plan would take, is there.
	os.Remove(cellFile(t, g, results, "dataset/s"))
	os.Remove(filepath.Join(results, "small", "s.parquet"))
	path := cellFile(t, g, results, "distance/sf/0")
	blockEntry(t, path)
	runFailing(t, exp, results)
	got := outputFiles(t, filepath.Join(results, "small"))
	if _, ok := got["s.parquet"]; ok {
		t.Error("s.parquet written after a cell's result could not be stored")
	}
	for _, f := range []string{"figures/f.png", "tables/t.md", "scorecard.json"} {
		if !bytes.Equal(got[f], want[f]) {
			t.Errorf("%s changed after a cell's result could not be stored", f)
		}
	}
	md := string(got["report.md"])
	if !strings.Contains(md, "Not updated by the last run") || strings.Contains(md, "Failed cells") {
		t.Errorf("report.md:\n%s", md)
	}
	os.RemoveAll(path)
	runAll(t, load(t, nil, exp), results, 2)
	sameOutputs(t, outputFiles(t, filepath.Join(results, "small")), want)
}

// blockEntry replaces the cache entry at path by a directory, so that
// storing the cell's result fails.
func blockEntry(t *testing.T, path string) {
	t.Helper()
	os.Remove(path)
	if err := os.MkdirAll(filepath.Join(path, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// runFailing runs the experiment exp and fails the test unless a cell
// fails.
func runFailing(t *testing.T, exp, results string) {
	t.Helper()
	en := NewEngine(results, 2, nil)
	_, err := en.Run(context.Background(), MakePlan(load(t, nil, exp), en.Store, results))
	if !errors.Is(err, ErrCellsFailed) {
		t.Fatalf("err = %v, want ErrCellsFailed", err)
	}
}
