package eval

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// planExperiment is a 10,003-cell experiment: 5,000 ring instances, each
// with a size and a cost cell, plus a dataset, a figure and a table.
const planExperiment = `
topology "ring" {
  family = "torus"
  n      = 1
  k      = range(3, 5003)
}
cost_model "m" {
  router_cost_per_port = 350.4
  router_cost_fixed    = -892.3
  power_per_port       = 2.8
}
study "s" {
  topologies = [topology.ring]
  metrics    = ["routers", "endpoints", "cost_per_endpoint"]
  cost_model = cost_model.m
}
figure "f" {
  study = study.s
  x     = "endpoints"
  y     = "cost_per_endpoint"
}
table "t" {
  study   = study.s
  columns = ["k", "routers", "cost_per_endpoint"]
}
`

func writeExperiment(b *testing.B, src string) (string, string) {
	dir := b.TempDir()
	path := filepath.Join(dir, "plan10k.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	return path, filepath.Join(dir, "results")
}

// planOnce loads, expands and plans, as `runexp plan` does.
func planOnce(b *testing.B, path, results string) *Plan {
	l := NewLoader(Options{})
	exps, diags := l.Load([]string{path})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	en := NewEngine(results, 0, nil)
	return MakePlan(BuildGraph(exps), en.Store, results)
}

// BenchmarkPlan10k measures `runexp plan` of a 10,003-cell experiment with
// an empty cache (every cell new) and with every cell cached.
func BenchmarkPlan10k(b *testing.B) {
	path, results := writeExperiment(b, planExperiment)
	b.Run("empty-cache", func(b *testing.B) {
		for b.Loop() {
			p := planOnce(b, path, results)
			if run, _, _, _ := p.Counts(); run != 10003 {
				b.Fatalf("plan runs %d cells", run)
			}
		}
	})
	en := NewEngine(results, 0, nil)
	if _, err := en.Run(context.Background(), planOnce(b, path, results)); err != nil {
		b.Fatal(err)
	}
	b.Run("all-cached", func(b *testing.B) {
		for b.Loop() {
			p := planOnce(b, path, results)
			if run, _, _, cached := p.Counts(); run != 0 || cached != 10003 {
				b.Fatalf("plan runs %d cells, %d cached", run, cached)
			}
		}
	})
}

// BenchmarkNoopRunQuickstart measures a second `runexp run` of the
// quickstart experiment: load, plan, verify the outputs, write nothing.
func BenchmarkNoopRunQuickstart(b *testing.B) {
	results := filepath.Join(b.TempDir(), "results")
	exp := "../../experiments/quickstart.hcl"
	run := func() *Summary {
		l := NewLoader(Options{})
		exps, diags := l.Load([]string{exp})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		en := NewEngine(results, 0, nil)
		sum, err := en.Run(context.Background(), MakePlan(BuildGraph(exps), en.Store, results))
		if err != nil {
			b.Fatal(err)
		}
		return sum
	}
	run()
	for b.Loop() {
		if sum := run(); sum.Computed != 0 || sum.Written != 0 {
			b.Fatalf("no-op run computed %d cells, wrote %d files", sum.Computed, sum.Written)
		}
	}
}

// BenchmarkDistanceTorusMillion is the distance group of the 100 x 100 x
// 100 torus (a million routers) from its built graph: one search, the
// torus being vertex-transitive (families.Family.Orbits).
func BenchmarkDistanceTorusMillion(b *testing.B) {
	f, _ := families.Default().Lookup("torus")
	v, err := f.Normalize(families.Values{"k": int64(100), "n": int64(3)})
	if err != nil {
		b.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := computeDistance(context.Background(), f, v, top, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDistanceDragonfly is the distance group of SC14's balanced
// Dragonfly with p = 13 (339 groups of 26 routers: 8,814 routers, 114,582
// endpoints) with its declared mirror orbits (4,420 searches) and, for
// comparison, one search per router.
func BenchmarkDistanceDragonfly(b *testing.B) {
	f, _ := families.Default().Lookup("dragonfly")
	v, err := f.Normalize(families.Values{"p": int64(13)})
	if err != nil {
		b.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		fam  *families.Family
	}{{"orbits", f}, {"all", nil}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if _, err := computeDistance(context.Background(), c.fam, v, top, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
