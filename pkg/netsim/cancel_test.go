package netsim

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/runexp/runexp/internal/canceltest"
	"github.com/runexp/runexp/pkg/families"
)

// TestRunCancelSaturated cancels a run of the SC14 Slim Fly (722 routers,
// 10,830 endpoints) offered full load: saturated, a cycle moves hundreds of
// thousands of flits and takes tens of milliseconds, so a check of the
// context every 4096 cycles came after minutes. Run checks it after every
// million units of work (routers, endpoints and flits in the network summed
// over cycles) and must stop within the bound.
func TestRunCancelSaturated(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(19)})
	m := mustMin(t, n)
	canceltest.Midway(t, time.Second, 2*time.Second, func(ctx context.Context) error {
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
	canceltest.Midway(t, 200*time.Millisecond, 2*time.Second, n.RoutesContext)
	if err := n.Routes(); !errors.Is(err, context.Canceled) {
		t.Errorf("Routes after the cancelled build: err = %v, want context.Canceled", err)
	}
}
