package partition

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/graph"
)

// TestBisectCancel cancels Bisect on a random graph of half a million
// vertices and 4 million edges at several points of its first starts
// (weighting the graph, heavy-edge matchings and contractions of seconds
// each, FM refinement): it must return context.Canceled within the bound.
func TestBisectCancel(t *testing.T) {
	const n, m = 1 << 19, 1 << 22
	rng := rand.New(rand.NewPCG(1, 2))
	edges := make([]graph.Edge, 0, m)
	for len(edges) < m {
		if u, v := rng.Int32N(n), rng.Int32N(n); u != v {
			edges = append(edges, graph.Edge{U: u, V: v})
		}
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	for _, delay := range []time.Duration{100 * time.Millisecond, 700 * time.Millisecond, 2 * time.Second} {
		ctx, cancel := context.WithCancel(t.Context())
		at := make(chan time.Time, 1)
		timer := time.AfterFunc(delay, func() {
			at <- time.Now()
			cancel()
		})
		_, err := Bisect(ctx, g, nil, Options{Seed: 1, Workers: 2})
		end := time.Now()
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled after %v: err = %v, want context.Canceled", delay, err)
			continue
		}
		lat := end.Sub(<-at)
		t.Logf("cancelled after %v: returned %v after the cancellation", delay, lat.Round(time.Microsecond))
		if lat > 2*time.Second {
			t.Errorf("cancelled after %v: returned %v after the cancellation, want at most 2s", delay, lat.Round(time.Millisecond))
		}
	}
}
