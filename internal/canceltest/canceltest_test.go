package canceltest

import (
	"context"
	"testing"
	"time"
)

// TestMidway: a function that waits for its context passes, and reports
// the time it ran on after the cancellation.
func TestMidway(t *testing.T) {
	Midway(t, 10*time.Millisecond, time.Second, func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	})
}

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed, fatal bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.fatal = true; panic(r) }
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Helper()               {}

// TestMidwayFails: a function that finishes without seeing the
// cancellation, or sees it too late, fails the test.
func TestMidwayFails(t *testing.T) {
	finish := func(ctx context.Context) error { return nil }
	late := func(ctx context.Context) error {
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond)
		return ctx.Err()
	}
	for _, c := range []struct {
		name        string
		f           func(context.Context) error
		fatal, fail bool
	}{
		{"finished", finish, true, false},
		{"late", late, false, true},
	} {
		r := &recorder{TB: t}
		func() {
			defer func() {
				if p := recover(); p != nil && p != r {
					panic(p)
				}
			}()
			Midway(r, time.Millisecond, 10*time.Millisecond, c.f)
		}()
		if r.fatal != c.fatal || r.failed != c.fail {
			t.Errorf("%s: fatal %v, failed %v; want %v, %v", c.name, r.fatal, r.failed, c.fatal, c.fail)
		}
	}
}
