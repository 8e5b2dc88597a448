package netsim

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
)

// cancelAfter runs f with a context cancelled delay after f starts, and
// fails unless f returns context.Canceled within bound of the cancellation.
func cancelAfter(t *testing.T, delay, bound time.Duration, f func(ctx context.Context) error) {
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

// TestRunCancelSaturated cancels a run of the SC14 Slim Fly (722 routers,
// 10,830 endpoints) offered full load: saturated, a cycle moves hundreds of
// thousands of flits and takes tens of milliseconds, so a check of the
// context every 4096 cycles came after minutes. Run checks it after every
// million units of work (routers, endpoints and flits in the network summed
// over cycles) and must stop within the bound.
func TestRunCancelSaturated(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(19)})
	m := mustMin(t, n)
	cancelAfter(t, time.Second, 2*time.Second, func(ctx context.Context) error {
		_, err := Run(ctx, n, m, uniform{int32(n.Endpoints())}, 1, DefaultConfig())
		return err
	})
}

// TestRoutesCancel cancels the all-pairs tables of a 4096-router hypercube
// (seconds) as they are built: RoutesContext returns context.Canceled
// within the bound, and the network's routes stay failed.
func TestRoutesCancel(t *testing.T) {
	n, err := NewNetwork(buildFamily(t, "hypercube", families.Values{"n": int64(12)}), nil)
	if err != nil {
		t.Fatal(err)
	}
	cancelAfter(t, 200*time.Millisecond, 2*time.Second, n.RoutesContext)
	if err := n.Routes(); !errors.Is(err, context.Canceled) {
		t.Errorf("Routes after the cancelled build: err = %v, want context.Canceled", err)
	}
}
