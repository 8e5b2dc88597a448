package analysis

import (
	"context"
	"errors"
	"testing"
	"time"

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

// cancelMidway runs f with a context cancelled delay after f starts, and
// fails unless f returns context.Canceled (it did not finish) within
// bound of the cancellation.
func cancelMidway(t *testing.T, delay, bound time.Duration, f func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	at := make(chan time.Time, 1)
	timer := time.AfterFunc(delay, func() {
		at <- time.Now()
		cancel()
	})
	err := f(ctx)
	end := time.Now()
	timer.Stop()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled (cancelled %v after the start)", err, delay)
	}
	lat := end.Sub(<-at)
	t.Logf("returned %v after the cancellation", lat.Round(time.Microsecond))
	if lat > bound {
		t.Errorf("want at most %v", bound)
	}
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
			cancelMidway(t, 200*time.Millisecond, 2*time.Second, func(ctx context.Context) error {
				_, err := MinimalPaths(ctx, g, nil, PathOptions{Workers: workers})
				return err
			})
		})
		for _, r := range []Routing{SplitMinimal, SmallestNextHop, GroupMinimal} {
			t.Run("loads-"+r.String(), func(t *testing.T) {
				cancelMidway(t, 200*time.Millisecond, 2*time.Second, func(ctx context.Context) error {
					_, err := ChannelLoads(ctx, g, nil, LoadOptions{Routing: r, Groups: groups, Workers: workers})
					return err
				})
			})
		}
	}
}
