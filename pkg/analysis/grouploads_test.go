package analysis

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestGroupMinimalDragonfly checks the loads of a balanced Dragonfly (a =
// 2h routers per group, p = h endpoints per router, one global link per
// pair of groups) under its local-global-local minimal routing against the
// exact counts: a local channel r -> s carries the flows from r to the h
// groups whose global link is at s, those arriving at s for r, and r's
// flows to s: 2ahp^2 + p^2; a global channel carries every flow between its
// two groups, (ap)^2. With h = 2 that is 68 and 64, so u = (local channels
// * 68 + global channels * 64) / (channels * 68).
func TestGroupMinimalDragonfly(t *testing.T) {
	for _, h := range []int{2, 3, 4} {
		top := build(t, "dragonfly", families.Values{"p": int64(h)})
		a, p := 2*h, h
		local, global := float64(2*a*h*p*p+p*p), float64(a*p*a*p)
		ls, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{Routing: GroupMinimal, Groups: top.Group, KeepLoads: true, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		g := top.Graph
		var nLocal, nGlobal float64
		for v := 0; v < g.N(); v++ {
			for i := g.Off[v]; i < g.Off[v+1]; i++ {
				want := local
				if top.Group[v] != top.Group[g.Adj[i]] {
					want = global
					nGlobal++
				} else {
					nLocal++
				}
				if math.Abs(ls.Loads[i]-want) > 1e-9*want {
					t.Fatalf("h=%d: channel %d -> %d carries %v, want %v", h, v, g.Adj[i], ls.Loads[i], want)
				}
			}
		}
		wantU := (nLocal*local + nGlobal*global) / ((nLocal + nGlobal) * local)
		if ls.UnreachableFlows != 0 || math.Abs(ls.Utilization-wantU) > 1e-12 {
			t.Errorf("h=%d: u = %v (unreachable %d), want %v", h, ls.Utilization, ls.UnreachableFlows, wantU)
		}
		// Minimal routing over all shortest paths also takes paths through
		// a third group and loads the global links more.
		sp, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if h > 2 && sp.Utilization > ls.Utilization-0.1 {
			t.Errorf("h=%d: split u = %v, group-minimal u = %v", h, sp.Utilization, ls.Utilization)
		}
	}
}

// TestGroupMinimalOneGroup checks that with a single group GroupMinimal is
// SplitMinimal, and that a routing with too few group labels is refused.
func TestGroupMinimalOneGroup(t *testing.T) {
	top := build(t, "slimfly", families.Values{"q": int64(7)})
	one := make([]int32, top.Graph.N())
	a, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{KeepLoads: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{Routing: GroupMinimal, Groups: one, KeepLoads: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Loads {
		if math.Abs(a.Loads[i]-b.Loads[i]) > 1e-9*a.Loads[i] {
			t.Fatalf("channel %d: split %v, group-minimal %v", i, a.Loads[i], b.Loads[i])
		}
	}
	if a.Flows != b.Flows || math.Abs(a.AvgDistance-b.AvgDistance) > 1e-12 {
		t.Errorf("flows %d / %d, kbar %v / %v", a.Flows, b.Flows, a.AvgDistance, b.AvgDistance)
	}
	// Slim Fly's blocks as groups: pairs of routers in blocks of the same
	// side need two global links, so they are unreachable.
	c, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{Routing: GroupMinimal, Groups: top.Group})
	if err != nil || c.UnreachableFlows == 0 {
		t.Errorf("Slim Fly blocks: %d unreachable flows, error %v", c.UnreachableFlows, err)
	}
	if _, err := ChannelLoads(context.Background(), top.Graph, top.Conc, LoadOptions{Routing: GroupMinimal, Groups: one[:3]}); err == nil || !strings.Contains(err.Error(), "group of each") {
		t.Errorf("short Groups: %v", err)
	}
}
