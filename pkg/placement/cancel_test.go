package placement

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/runexp/runexp/internal/canceltest"
)

// TestCancelMidway: Walktrap (seconds of work on 3,000 routers of degree
// 12) and Anneal (10^9 iterations) stop soon after their context is
// cancelled.
func TestCancelMidway(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	g := randomGraph(t, rng, 3000, 18000)
	canceltest.Midway(t, 50*time.Millisecond, 500*time.Millisecond, func(ctx context.Context) error {
		_, err := Walktrap(ctx, g, WalktrapOptions{Size: 16})
		return err
	})
	f := randomFlow(rng, 100, 0.3)
	dist := rowsDist(100)
	canceltest.Midway(t, 50*time.Millisecond, 500*time.Millisecond, func(ctx context.Context) error {
		_, _, err := Anneal(ctx, f, dist, AnnealOptions{Iterations: 1e9, Restarts: 3, Threads: 2})
		return err
	})
}
