// Package canceltest helps tests check that long computations stop soon
// after their context is cancelled.
package canceltest

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Midway runs f with a context cancelled delay after f starts, and fails
// the test unless f returns context.Canceled (it did not finish) within
// bound of the cancellation. It logs how long f ran on after it.
func Midway(t testing.TB, delay, bound time.Duration, f func(ctx context.Context) error) {
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
