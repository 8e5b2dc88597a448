package placement_test

import (
	"context"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/placement"
)

// ringRandom builds RING-n of pkg/families: a ring of routers with
// degree-2 random shortcuts per router (seed 1).
func ringRandom(tb testing.TB, family string, routers, degree int64) *graph.Graph {
	tb.Helper()
	f, _ := families.Default().Lookup(family)
	v, err := f.Normalize(families.Values{"routers": routers, "degree": degree})
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		tb.Fatal(err)
	}
	return top.Graph
}

// BenchmarkWalktrap clusters the paper's topologies (degree log2 N, section
// IV-C) into cabinets of 16 and reports the inter-cabinet links found and,
// for comparison, those of Sequential. B/op is the memory allocated.
func BenchmarkWalktrap(b *testing.B) {
	for _, c := range []struct {
		name            string
		family          string
		routers, degree int64
	}{
		{"ring_random-1024", "ring_random", 1024, 10},
		{"ring_random-4096", "ring_random", 4096, 12},
		{"ring_nbr-4096", "ring_nbr", 4096, 12},
	} {
		g := ringRandom(b, c.family, c.routers, c.degree)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var cab []int32
			for b.Loop() {
				var err error
				cab, err = placement.Walktrap(context.Background(), g, placement.WalktrapOptions{Size: 16})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(placement.InterCabinetLinks(g, cab)), "inter-links")
			b.ReportMetric(float64(placement.InterCabinetLinks(g, placement.Sequential(g.N(), 16))), "seq-inter-links")
		})
	}
}

// BenchmarkAnneal measures annealing iterations per second on one thread
// at m = 256 cabinets: RING-12 of 4,096 routers in sequential cabinets of 16
// on the paper's serpentine floor.
func BenchmarkAnneal(b *testing.B) {
	g := ringRandom(b, "ring_random", 4096, 12)
	flow, err := placement.NewFlow(g, placement.Sequential(g.N(), 16))
	if err != nil {
		b.Fatal(err)
	}
	x, y, err := cost.Place("rows", flow.M(), 0.6, 2.1)
	if err != nil {
		b.Fatal(err)
	}
	dist := placement.ManhattanDistances(x, y)
	const iters = 1 << 20
	opts := placement.AnnealOptions{Iterations: iters, Restarts: 1, Threads: 1, Seed: 1}
	base := placement.Cost(flow, dist, placement.Baseline(flow.M()))
	var c float64
	start := time.Now()
	n := 0
	for b.Loop() {
		_, c, err = placement.Anneal(context.Background(), flow, dist, opts)
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)*iters/time.Since(start).Seconds(), "iter/s")
	b.ReportMetric(c/base, "cost/baseline")
}
