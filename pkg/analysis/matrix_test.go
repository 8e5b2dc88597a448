package analysis

import (
	"context"
	"math"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestMatrixLoadsRing: on a ring of 6, the demand 0 -> 3 splits over the
// two minimal paths (half a unit on each of their six channels), 0 -> 1
// takes its one link, a demand to itself nothing, and a router of another
// component is unreachable.
func TestMatrixLoadsRing(t *testing.T) {
	g := fromEdges(t, 7, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}})
	loads, unreach, err := MatrixLoads(context.Background(), g, []Demand{{0, 3, 1}, {0, 1, 2}, {4, 4, 5}, {2, 6, 0.5}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]int32]float64{{0, 1}: 2.5, {1, 2}: 0.5, {2, 3}: 0.5, {0, 5}: 0.5, {5, 4}: 0.5, {4, 3}: 0.5}
	for v := range int32(g.N()) {
		for i, w := range g.Neighbors(v) {
			if got := loads[g.Off[v]+int32(i)]; got != want[[2]int32{v, w}] {
				t.Errorf("channel %d -> %d: %v, want %v", v, w, got, want[[2]int32{v, w}])
			}
		}
	}
	if unreach != 0.5 {
		t.Errorf("unreachable %v, want 0.5", unreach)
	}
	if _, _, err := MatrixLoads(context.Background(), g, []Demand{{0, 9, 1}}); err == nil {
		t.Error("a router outside the graph: no error")
	}
}

// TestMatrixLoadsUniform: the demands of uniform traffic (conc[s]*conc[t]
// for every ordered pair of distinct routers) give ChannelLoads' split
// loads, channel by channel, on a Slim Fly, a torus with parallel links
// (k = 2) and a Dragonfly.
func TestMatrixLoadsUniform(t *testing.T) {
	for _, c := range []struct {
		fam string
		v   families.Values
	}{
		{"slimfly", families.Values{"q": int64(5)}},
		{"torus", families.Values{"k": int64(2), "n": int64(3), "p": int64(2)}},
		{"dragonfly", families.Values{"p": int64(2)}},
	} {
		top := build(t, c.fam, c.v)
		g := top.Graph
		var ds []Demand
		for s := range int32(g.N()) {
			for d := range int32(g.N()) {
				if s != d {
					ds = append(ds, Demand{s, d, float64(top.Conc[s]) * float64(top.Conc[d])})
				}
			}
		}
		got, unreach, err := MatrixLoads(context.Background(), g, ds)
		if err != nil {
			t.Fatal(err)
		}
		want := loads(t, g, top.Conc, SplitMinimal, 1).Loads
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-9*max(1, want[i]) {
				t.Fatalf("%s: channel %d: %v, want %v", c.fam, i, got[i], want[i])
			}
		}
		if unreach != 0 {
			t.Errorf("%s: %v unreachable", c.fam, unreach)
		}
	}
}
