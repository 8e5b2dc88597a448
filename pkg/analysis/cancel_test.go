package analysis

import (
	"context"
	"testing"
	"time"

	"github.com/runexp/runexp/internal/canceltest"
	"github.com/runexp/runexp/pkg/graph"
)

// torus3 returns the k x k x k torus (k >= 3) and its z planes as groups.
func torus3(tb testing.TB, k int) (*graph.Graph, []int32) {
	tb.Helper()
	n := k * k * k
	edges := make([]graph.Edge, 0, 3*n)
	groups := make([]int32, n)
	for v := 0; v < n; v++ {
		x, y, z := v%k, v/k%k, v/(k*k)
		edges = append(edges,
			graph.Edge{U: int32(v), V: int32((x+1)%k + y*k + z*k*k)},
			graph.Edge{U: int32(v), V: int32(x + (y+1)%k*k + z*k*k)},
			graph.Edge{U: int32(v), V: int32(x + y*k + (z+1)%k*k*k)})
		groups[v] = int32(z)
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		tb.Fatal(err)
	}
	return g, groups
}

// TestCancelLargeSearches cancels the all-pairs analyses in their first
// searches on a torus of 2.1 million routers: one search visits every
// router (about 0.1 s), 8 sources of MinimalPaths or a block of 128 roots
// of ChannelLoads take seconds, the whole analysis days. Both check the
// context every stopBlock routers of a search, of its accumulation and of
// the merge, so they must stop well within the bound.
func TestCancelLargeSearches(t *testing.T) {
	g, groups := torus3(t, 128)
	for _, workers := range []int{1, 2} {
		t.Run("paths", func(t *testing.T) {
			canceltest.Midway(t, 200*time.Millisecond, 2*time.Second, func(ctx context.Context) error {
				_, err := MinimalPaths(ctx, g, nil, PathOptions{Workers: workers})
				return err
			})
		})
		for _, r := range []Routing{SplitMinimal, SmallestNextHop, GroupMinimal} {
			t.Run("loads-"+r.String(), func(t *testing.T) {
				canceltest.Midway(t, 200*time.Millisecond, 2*time.Second, func(ctx context.Context) error {
					_, err := ChannelLoads(ctx, g, nil, LoadOptions{Routing: r, Groups: groups, Workers: workers})
					return err
				})
			})
		}
	}
}
