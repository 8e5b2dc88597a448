package resilience

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
)

// TestAnalyzeCancel cancels Analyze on a torus of 2.1 million routers and
// 6.3 million links while it numbers the links, draws failure orders and
// adds them to union-find forests (a sample takes about a second, 1000 of
// them the analysis) or computes the intact distances (days): it must
// return context.Canceled within the bound.
func TestAnalyzeCancel(t *testing.T) {
	top := buildTopology(t, "torus", families.Values{"k": int64(128), "n": int64(3)})
	for _, c := range []struct {
		crit  Criteria
		delay time.Duration
	}{
		{Disconnection, 200 * time.Millisecond},
		{Disconnection, 1500 * time.Millisecond},
		{AllCriteria, 200 * time.Millisecond},
	} {
		ctx, cancel := context.WithCancel(t.Context())
		at := make(chan time.Time, 1)
		timer := time.AfterFunc(c.delay, func() {
			at <- time.Now()
			cancel()
		})
		_, err := Analyze(ctx, top.Graph, top.Conc, Options{Criteria: c.crit, Seed: 1, Workers: 2, Width: -1, MinSamples: 1000})
		end := time.Now()
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("criteria %b, cancelled after %v: err = %v, want context.Canceled", c.crit, c.delay, err)
			continue
		}
		lat := end.Sub(<-at)
		t.Logf("criteria %b, cancelled after %v: returned %v after the cancellation", c.crit, c.delay, lat.Round(time.Microsecond))
		if lat > 2*time.Second {
			t.Errorf("criteria %b, cancelled after %v: returned %v after the cancellation, want at most 2s", c.crit, c.delay, lat.Round(time.Millisecond))
		}
	}
}
