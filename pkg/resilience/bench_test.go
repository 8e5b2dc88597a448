package resilience

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

func buildTopology(tb testing.TB, fam string, given families.Values) *families.Topology {
	tb.Helper()
	f, ok := families.Default().Lookup(fam)
	if !ok {
		tb.Fatalf("no family %s", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		tb.Fatal(err)
	}
	return top
}

// benchNetworks are SC14-scale networks of 8,192 routers (N = 2^13 with
// p = 1, the largest size of Table III).
var benchNetworks = []struct {
	name  string
	fam   string
	given families.Values
}{
	{"torus-32x16x16", "torus", families.Values{"dims": []int64{32, 16, 16}}},
	{"hypercube-13", "hypercube", families.Values{"n": int64(13)}},
}

// BenchmarkSample times one sample: all three criteria with graph.Distances
// on 1 or 2 workers, and the disconnection criterion alone.
func BenchmarkSample(b *testing.B) {
	ctx := context.Background()
	for _, bn := range benchNetworks {
		top := buildTopology(b, bn.fam, bn.given)
		for _, c := range []struct {
			name string
			crit Criteria
			dw   int
		}{{"all/w1", AllCriteria, 1}, {"all/w2", AllCriteria, 2}, {"disconnect", Disconnection, 1}} {
			nw, err := NewNetwork(ctx, top.Graph, top.Conc, Options{Criteria: c.crit, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			sc := nw.NewScratch(c.dw)
			b.Run(bn.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				i, probes := 0, 0
				for b.Loop() {
					r, err := nw.Sample(ctx, i, sc)
					if err != nil {
						b.Fatal(err)
					}
					i++
					probes += r.Probes
				}
				b.ReportMetric(float64(probes)/float64(i), "probes/op")
			})
		}
	}
}

// BenchmarkAnalyze times a fixed number of samples (8) of the 8,192-router
// torus on 2 workers: two samples in parallel (1 Distances worker each) or,
// with Batch 1, one sample at a time with 2 Distances workers.
func BenchmarkAnalyze(b *testing.B) {
	ctx := context.Background()
	top := buildTopology(b, "torus", families.Values{"dims": []int64{32, 16, 16}})
	for _, c := range []struct {
		name       string
		min, batch int
	}{{"parallel-samples", 8, 8}, {"parallel-distances", 2, 1}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_, err := Analyze(ctx, top.Graph, top.Conc, Options{Seed: 1, Workers: 2, Width: -1, MinSamples: c.min, MaxSamples: 8, Batch: c.batch})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
