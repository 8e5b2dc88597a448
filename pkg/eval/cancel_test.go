package eval

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// longExperiment is a study whose every metric cell runs for hours on a
// 3D mesh of a million routers (the all-pairs distances alone take about
// 16,000 batches of a second or more). A mesh, not a torus: the torus is
// vertex-transitive, so its distances take one search from one router
// (Family.Orbits), a fraction of a second.
const longExperiment = `
topology "t" {
  family = "mesh"
  n      = 3
  k      = 100
}

study "s" {
  topologies = [topology.t]
  metrics    = ["diameter", "paths_mean", "load_max", "bisection_links", "resilience_diameter"]
  analysis {
    resilience_min_samples = 1000
  }
}
`

// TestRunCancelLongCells cancels Engine.Run once a metric cell of the long
// experiment has started: Run must return context.Canceled within the
// bound, every running cell stopping (the distances, paths, loads,
// bisection and resilience cells). A second run finds the build cached and
// is cancelled as its metric cells start, while they decode and validate
// the cached topology.
func TestRunCancelLongCells(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "long.hcl")
	if err := os.WriteFile(exp, []byte(longExperiment), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	for _, run := range []struct {
		name  string
		delay time.Duration // from the first metric cell's start
	}{{"built", 300 * time.Millisecond}, {"cached build", 0}} {
		ctx, cancel := context.WithCancel(t.Context())
		var once sync.Once
		at := make(chan time.Time, 1)
		en := NewEngine(results, 2, ObserverFunc(func(e Event) {
			if e.Type == EventStart && e.Kind != KindBuild {
				once.Do(func() {
					time.AfterFunc(run.delay, func() {
						at <- time.Now()
						cancel()
					})
				})
			}
		}))
		sum, err := en.Run(ctx, MakePlan(load(t, nil, exp), en.Store, results))
		end := time.Now()
		cancel()
		if !errors.Is(err, context.Canceled) || !sum.Interrupted {
			t.Fatalf("%s: err %v, summary %+v; want context.Canceled, interrupted", run.name, err, sum)
		}
		if sum.Failed != 0 || sum.Computed > 1 {
			t.Errorf("%s: summary %+v: want no failure and at most the build computed", run.name, sum)
		}
		lat := end.Sub(<-at)
		t.Logf("%s: Run returned %v after the cancellation", run.name, lat.Round(time.Millisecond))
		if lat > 2*time.Second {
			t.Errorf("%s: Run returned %v after the cancellation, want at most 2s", run.name, lat.Round(time.Millisecond))
		}
	}
}

// TestRunTimeLimit: a one-worker run of two simulation cells that take a
// second each (the hook's sleep; their work is under a second). When the
// first finishes, the deadline is set 1 s ahead: the second's own work
// (0.76 s) would fit, but scaled by how long the first took against its
// work it does not, so it is not started. The first is cached, Run
// returns ErrTimeLimit, the summary says so and no output is written. The
// skipped cells are reported in plan order, each with its own reason: the
// one that does not fit, the cells that need it, and a later cell that was
// not weighed (another study's distance metric). The next run without a
// limit computes them.
func TestRunTimeLimit(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "limit.hcl")
	src := `
topology "sf" {
  family = "slimfly"
  q      = 5
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["accepted_load"]
  sim {
    load           = [0.3, 0.4]
    measure_cycles = 2000
  }
}

study "t" {
  topologies = [topology.sf]
  metrics    = ["diameter"]
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	var skipped []string
	var en *Engine
	en = NewEngine(results, 1, ObserverFunc(func(e Event) {
		switch {
		case e.Type == EventFinish && e.Kind == GroupSim:
			// Observers are called from the engine's scheduling loop,
			// before it starts the next cell.
			en.Deadline = time.Now().Add(time.Second)
		case e.Type == EventSkip:
			skipped = append(skipped, e.Label+": "+e.Reason)
		}
	}))
	en.computeHook = func(c *Cell) error {
		if c.Kind == GroupSim {
			time.Sleep(time.Second)
		}
		return nil
	}
	en.Deadline = time.Now().Add(time.Hour)
	g := load(t, nil, exp)
	p := MakePlan(g, en.Store, results)
	for _, pe := range p.Entries {
		if pe.Cell.Kind == GroupSim && pe.Work() >= 1 {
			t.Fatalf("%s: work %g s, want under a second", pe.Cell.Label, pe.Work())
		}
	}
	sum, err := en.Run(t.Context(), p)
	if !errors.Is(err, ErrTimeLimit) || !sum.TimeLimit || !sum.Interrupted || sum.Written != 0 || sum.Failed != 0 {
		t.Fatalf("err %v, summary %+v; want ErrTimeLimit, time limit, nothing written or failed", err, sum)
	}
	// In plan order: the simulation that does not fit, the dataset that
	// needs it, and the cells after it, which were not weighed.
	want := []string{"sim sf load=0.4: not started: it would not finish by the time limit",
		"dataset s: input sim sf load=0.4 unavailable",
		"distance sf: not started: the time limit stopped the run before it (sim sf load=0.4 would not finish by it)",
		"dataset t: input distance sf unavailable"}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped cells %q, want %q", skipped, want)
	}
	en.Deadline = time.Time{}
	sum, err = en.Run(t.Context(), MakePlan(g, en.Store, results))
	if err != nil || sum.Computed != 4 || sum.Cached != 2 { // the second simulation, the distance and the two datasets; the build and the first
		t.Errorf("the run after: err %v, summary %+v", err, sum)
	}
}
