package graph_test

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

func buildTopology(b *testing.B, fam string, given families.Values) *families.Topology {
	b.Helper()
	f, ok := families.Default().Lookup(fam)
	if !ok {
		b.Fatalf("no family %s", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		b.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		b.Fatal(err)
	}
	return top
}

var benchGraphs = []struct {
	name  string
	fam   string
	given families.Values
}{
	{"slimfly-q19", "slimfly", families.Values{"q": int64(19)}},
	{"slimfly-q49", "slimfly", families.Values{"q": int64(49)}},
	{"torus-16^3", "torus", families.Values{"k": int64(16), "n": int64(3)}},
	// Issue 4's targets: RING-14 with 16,384 switches (114,688 links) under
	// 3 s (the layout paper reports 82 s for its path computation), the 22^3
	// torus under 1 s.
	{"ring-14-16384", "ring_random", families.Values{"routers": int64(16384), "degree": int64(14)}},
	{"torus-22^3", "torus", families.Values{"k": int64(22), "n": int64(3)}},
}

func BenchmarkDistances(b *testing.B) {
	for _, bg := range benchGraphs {
		top := buildTopology(b, bg.fam, bg.given)
		for _, w := range []struct {
			name    string
			workers int
		}{{"w1", 1}, {"wmax", 0}} {
			b.Run(bg.name+"/"+w.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := graph.Distances(context.Background(), top.Graph, top.Conc, w.workers); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkFromEdges(b *testing.B) {
	for _, bg := range benchGraphs {
		top := buildTopology(b, bg.fam, bg.given)
		g := top.Graph
		var edges []graph.Edge
		for v := 0; v < g.N(); v++ {
			for _, u := range g.Neighbors(int32(v)) {
				if int32(v) < u {
					edges = append(edges, graph.Edge{U: u, V: int32(v)})
				}
			}
		}
		b.Run(bg.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := graph.FromEdges(g.N(), edges); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
