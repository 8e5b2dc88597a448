package graph

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/runexp/runexp/internal/canceltest"
)

// torus3 returns the k x k x k torus (k >= 3): k^3 vertices of degree 6.
func torus3(tb testing.TB, k int) *Graph {
	tb.Helper()
	n := k * k * k
	edges := make([]Edge, 0, 3*n)
	for v := 0; v < n; v++ {
		x, y, z := v%k, v/k%k, v/(k*k)
		edges = append(edges,
			Edge{int32(v), int32((x+1)%k + y*k + z*k*k)},
			Edge{int32(v), int32(x + (y+1)%k*k + z*k*k)},
			Edge{int32(v), int32(x + y*k + (z+1)%k*k*k)})
	}
	g, err := FromEdges(n, edges)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestDistancesCancel cancels Distances in its first batches on a torus of
// 2.1 million vertices (diameter 192): one batch of 64 sources takes seconds
// (about 100 levels scan every vertex), the whole search days. Distances
// checks the context every level and every stopBlock vertices, so it must
// stop well within the bound (when it checked only between batches it ran
// on to the end of the batch).
func TestDistancesCancel(t *testing.T) {
	g := torus3(t, 128)
	for _, workers := range []int{1, 2} {
		canceltest.Midway(t, 200*time.Millisecond, 2*time.Second, func(ctx context.Context) error {
			_, err := Distances(ctx, g, nil, workers)
			return err
		})
	}
}

// TestContextVariantsCancelled checks that FromEdgesContext and
// ValidateContext give up on a cancelled context.
func TestContextVariantsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	g := cycle(100)
	if _, err := FromEdgesContext(ctx, 3, []Edge{{0, 1}, {1, 2}}); !errors.Is(err, context.Canceled) {
		t.Errorf("FromEdgesContext: err = %v, want context.Canceled", err)
	}
	if err := g.ValidateContext(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("ValidateContext: err = %v, want context.Canceled", err)
	}
	if err := g.ValidateContext(t.Context()); err != nil {
		t.Errorf("ValidateContext: %v", err)
	}
}
