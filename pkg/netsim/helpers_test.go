package netsim

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// uniform sends every packet to an endpoint other than the source, chosen
// uniformly at random (tests and benchmarks only; the real patterns live in
// pkg/traffic).
type uniform struct{ n int32 }

func (u uniform) Dest(src int32, rng *rand.Rand) int32 {
	d := rng.Int32N(u.n - 1)
	if d >= src {
		d++
	}
	return d
}

// pair lets endpoint src send to dst; every other endpoint is idle.
type pair struct{ src, dst int32 }

func (p pair) Dest(src int32, _ *rand.Rand) int32 {
	if src == p.src {
		return p.dst
	}
	return -1
}

// buildFamily builds a topology of the default registry.
func buildFamily(tb testing.TB, name string, v families.Values) *families.Topology {
	tb.Helper()
	f, ok := families.Default().Lookup(name)
	if !ok {
		tb.Fatalf("no family %s", name)
	}
	nv, err := f.Normalize(v)
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), nv)
	if err != nil {
		tb.Fatal(err)
	}
	return top
}

// newNet builds a network of the default registry.
func newNet(tb testing.TB, name string, v families.Values) *Network {
	tb.Helper()
	n, err := NewNetwork(buildFamily(tb, name, v), nil)
	if err != nil {
		tb.Fatal(err)
	}
	if err := n.Routes(); err != nil {
		tb.Fatal(err)
	}
	return n
}

// lineNet is two routers joined by one link, one endpoint each.
func lineNet(tb testing.TB) *Network {
	tb.Helper()
	g, err := graph.FromEdges(2, []graph.Edge{{U: 0, V: 1}})
	if err != nil {
		tb.Fatal(err)
	}
	n, err := NewNetwork(&families.Topology{Graph: g, Conc: []int32{1, 1}}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

func mustMin(tb testing.TB, n *Network) *Minimal {
	tb.Helper()
	m, err := NewMinimal(n, FirstPort)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// quickConfig is DefaultConfig with short phases for tests.
func quickConfig() Config {
	c := DefaultConfig()
	c.SamplePeriod = 500
	c.WarmupMin = 1000
	c.WarmupMax = 5000
	c.MeasureCycles = 2000
	c.DrainMax = 5000
	return c
}
