package families

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestBuildCancel cancels builds that take seconds (a minute for ring_gau)
// while they run: Build must return context.Canceled within the bound,
// whether it is generating links, drawing random ones, permuting them or
// sorting them into the graph.
func TestBuildCancel(t *testing.T) {
	for _, c := range []struct {
		fam   string
		given Values
		delay time.Duration
	}{
		{"torus", Values{"k": int64(160), "n": int64(3)}, 100 * time.Millisecond},
		{"hypercube", Values{"n": int64(21)}, 100 * time.Millisecond},
		{"complete", Values{"n": int64(5000)}, 100 * time.Millisecond},
		{"random_regular", Values{"routers": int64(500000), "degree": int64(16)}, 100 * time.Millisecond},
		{"ring_gau", Values{"routers": int64(500000), "degree": int64(16)}, 100 * time.Millisecond},
		// The torus takes 0.1 to 0.5 s, the permutation seconds.
		{"torus", Values{"k": int64(100), "n": int64(3), "permute": "full", "cabinet_size": int64(16384)}, time.Second},
	} {
		f, _ := Default().Lookup(c.fam)
		v, err := f.Normalize(c.given)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		at := make(chan time.Time, 1)
		timer := time.AfterFunc(c.delay, func() {
			at <- time.Now()
			cancel()
		})
		_, err = f.Build(ctx, v)
		end := time.Now()
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s %v: err = %v, want context.Canceled", c.fam, c.given, err)
			continue
		}
		lat := end.Sub(<-at)
		t.Logf("%s %v: returned %v after the cancellation", c.fam, c.given, lat.Round(time.Microsecond))
		if lat > 2*time.Second {
			t.Errorf("%s %v: returned %v after the cancellation, want at most 2s", c.fam, c.given, lat.Round(time.Millisecond))
		}
	}
}

// TestBinaryCancelled checks that MarshalBinaryContext and
// UnmarshalBinaryContext give up on a cancelled context, the latter leaving
// the topology unchanged.
func TestBinaryCancelled(t *testing.T) {
	top, _ := build(t, "torus", Values{"k": int64(8), "n": int64(3)})
	data, err := top.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if b, err := top.MarshalBinaryContext(ctx); !errors.Is(err, context.Canceled) || b != nil {
		t.Errorf("MarshalBinaryContext: %d bytes, err = %v: want context.Canceled", len(b), err)
	}
	var got Topology
	if err := got.UnmarshalBinaryContext(ctx, data); !errors.Is(err, context.Canceled) || got.Graph != nil {
		t.Errorf("UnmarshalBinaryContext: err = %v, graph %v: want context.Canceled and no graph", err, got.Graph)
	}
	if err := got.UnmarshalBinaryContext(t.Context(), data); err != nil || got.Graph.N() != 512 {
		t.Errorf("UnmarshalBinaryContext: err = %v: want the 512-router torus", err)
	}
}
