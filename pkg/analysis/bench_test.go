package analysis

import (
	"context"
	"fmt"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// benchTopologies are the paper-scale graphs: Slim Fly q = 19 (722 routers,
// SC14's 10K-endpoint design) and q = 49 (4,802 routers), and RING-14 with
// 16,384 routers (the layout paper's largest random topology; path
// diversity only).
var benchTopologies = []struct {
	name   string
	fam    string
	values families.Values
	loads  bool
}{
	{"slimfly_q19", "slimfly", families.Values{"q": int64(19)}, true},
	{"slimfly_q49", "slimfly", families.Values{"q": int64(49)}, true},
	{"ring_random_16384_14", "ring_random", families.Values{"routers": int64(16384), "degree": int64(14)}, false},
}

// BenchmarkChannelLoads times both routings on the Slim Fly graphs with all
// workers.
func BenchmarkChannelLoads(b *testing.B) {
	for _, bt := range benchTopologies {
		if !bt.loads {
			continue
		}
		top := build(b, bt.fam, bt.values)
		for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
			b.Run(fmt.Sprintf("%s/%v", bt.name, r), func(b *testing.B) {
				for b.Loop() {
					st, err := ChannelLoads(context.Background(), top.Graph, nil, LoadOptions{Routing: r})
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(st.Utilization, "u")
				}
			})
		}
	}
}

// BenchmarkMinimalPaths times path diversity on every benchmark graph with
// all workers.
func BenchmarkMinimalPaths(b *testing.B) {
	for _, bt := range benchTopologies {
		top := build(b, bt.fam, bt.values)
		b.Run(bt.name, func(b *testing.B) {
			for b.Loop() {
				st, err := MinimalPaths(context.Background(), top.Graph, top.Conc, PathOptions{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(st.Mean, "mean_paths")
			}
		})
	}
}

// BenchmarkSmallPaths times the path counting kernel on one worker (RING-14
// with 4,096 routers).
func BenchmarkSmallPaths(b *testing.B) {
	top := build(b, "ring_random", families.Values{"routers": int64(4096), "degree": int64(14)})
	for b.Loop() {
		if _, err := MinimalPaths(context.Background(), top.Graph, top.Conc, PathOptions{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmallLoads times the load kernels on one worker.
func BenchmarkSmallLoads(b *testing.B) {
	for _, bt := range []struct {
		name string
		fam  string
		v    families.Values
	}{
		{"ring4096", "ring_random", families.Values{"routers": int64(4096), "degree": int64(14)}},
		{"sf19", "slimfly", families.Values{"q": int64(19)}},
	} {
		top := build(b, bt.fam, bt.v)
		for _, r := range []Routing{SplitMinimal, SmallestNextHop} {
			b.Run(bt.name+"/"+r.String(), func(b *testing.B) {
				for b.Loop() {
					if _, err := ChannelLoads(context.Background(), top.Graph, nil, LoadOptions{Routing: r, Workers: 1}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkGroupLoads times the Dragonfly p = 7 (1,386 routers) loads on one
// worker under its local-global-local routing and, for comparison, split
// over all minimal paths.
func BenchmarkGroupLoads(b *testing.B) {
	top := build(b, "dragonfly", families.Values{"p": int64(7)})
	for _, r := range []Routing{GroupMinimal, SplitMinimal} {
		b.Run(r.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{Routing: r, Groups: top.Group, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
