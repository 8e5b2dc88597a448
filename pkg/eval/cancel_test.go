package eval

import (
	"context"
	"errors"
	"os"
	"path/filepath"
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
