package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cache"
)

// copyExperiment copies the quickstart into dir under name (another
// experiment whose cells are all shared with the quickstart's).
func copyExperiment(t *testing.T, dir, name string) string {
	t.Helper()
	src, err := os.ReadFile(quickstart)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// smallBlocks is an experiment that shares no cell with the quickstart.
const smallBlocks = `
topology "t" {
  family = "torus"
  k      = 3
  n      = 2
}
study "s" {
  topologies = [topology.t]
  metrics    = ["routers", "diameter"]
}
`

// small writes smallBlocks as an experiment in dir.
func small(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "other.hcl")
	if err := os.WriteFile(path, []byte(smallBlocks), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestConcurrentRuns runs three processes at once on one results directory:
// two runs of the quickstart and one of the quickstart plus a copy of it
// under another name (every cell shared). All succeed and the outputs are
// those of separate uninterrupted runs.
func TestConcurrentRuns(t *testing.T) {
	dir := t.TempDir()
	copy := copyExperiment(t, dir, "copy.hcl")
	want, _ := reference(t, quickstart, copy)
	results := filepath.Join(dir, "results")
	var wg sync.WaitGroup
	runs := [][]string{{quickstart}, {quickstart}, {copy, quickstart}}
	outs := make([]result, len(runs))
	for i, exps := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = runexp(t, append([]string{"run", "-j", "1", "--results", results}, exps...)...)
		}()
	}
	wg.Wait()
	for i, r := range outs {
		if r.code != 0 {
			t.Errorf("run %d: exit %d\n%s%s", i, r.code, r.stdout, r.stderr)
		}
	}
	checkResults(t, results, want, quickstart, copy)
}

// TestGCDuringRun runs `runexp gc` for another experiment again and again
// while a run of the quickstart is going. The cache holds only the run's
// cells, which it leases, so every gc but the last (which may start as the
// run ends) removes nothing; the run succeeds with every output; and once
// no run is live the same gc removes the quickstart's entries.
func TestGCDuringRun(t *testing.T) {
	dir := t.TempDir()
	other := small(t, dir)
	want, _ := reference(t, quickstart)
	results := filepath.Join(dir, "results")
	cmd, out := start(t, "run", "-j", "1", "--results", results, quickstart)
	done := make(chan int)
	go func() { done <- exitCode(t, cmd, 5*time.Minute) }()
	var gcs []string
	live := 0
	for running := true; running; {
		select {
		case code := <-done:
			if code != 0 {
				t.Fatalf("run during gc: exit %d\n%s", code, out)
			}
			running = false
		default:
			r := mustRun(t, "gc", "--results", results, other)
			gcs = append(gcs, r.stdout)
			if strings.Contains(r.stdout, "running runexp") {
				live++
			}
		}
	}
	t.Logf("%d gc runs, %d of them while the run was live", len(gcs), live)
	if len(gcs) < 3 {
		t.Skip("fewer than 3 gc runs during the run (the machine is too fast for this test)")
	}
	for _, g := range gcs[:len(gcs)-1] {
		if !strings.HasPrefix(g, "removed 0 cache entries") {
			t.Errorf("gc during the run removed its cells: %s", g)
		}
	}
	last := gcs[len(gcs)-1]
	if strings.HasPrefix(last, "removed 0 cache entries") {
		checkResults(t, results, want, quickstart)
	} else { // the last gc saw the run finished and removed its cells
		checkResults(t, results, want)
	}
	r := mustRun(t, "gc", "--results", results, other)
	if !strings.Contains(r.stdout, "kept 0 (0 B)") {
		t.Errorf("gc after the run: %s", r.stdout)
	}
}

// TestRunDuringGC is the other order: a run that starts while gc holds the
// cache lock (here the test holds it and removes every entry, as gc does,
// and the datasets' results files, which the plan would otherwise take)
// waits, then plans and computes what was removed.
func TestRunDuringGC(t *testing.T) {
	dir := t.TempDir()
	want, _ := reference(t, quickstart)
	results := filepath.Join(dir, "results")
	mustRun(t, "run", "--results", results, quickstart)
	lock, err := os.OpenFile(filepath.Join(results, ".cache", "lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	cmd, out := start(t, "run", "--json", "--results", results, quickstart)
	time.Sleep(500 * time.Millisecond)
	if out.Len() > 0 || cmd.ProcessState != nil {
		t.Fatalf("the run did not wait for the cache lock:\n%s", out)
	}
	store := cache.New(filepath.Join(results, ".cache"))
	list, _ := store.List()
	for _, e := range list {
		if err := store.Remove(e.Key); err != nil {
			t.Fatal(err)
		}
	}
	studies, _ := filepath.Glob(filepath.Join(results, "quickstart", "*.parquet"))
	for _, f := range studies {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if code := exitCode(t, cmd, 5*time.Minute); code != 0 {
		t.Fatalf("run after gc: exit %d\n%s", code, out)
	}
	if !strings.Contains(out.String(), `"computed":176`) {
		t.Errorf("the run did not recompute the removed cells:\n%s", out)
	}
	checkResults(t, results, want, quickstart)
}
