package stop

import (
	"context"
	"testing"
)

func TestRequested(t *testing.T) {
	if Requested(nil) {
		t.Error("Requested(nil) = true; a context that is never cancelled has a nil Done")
	}
	ctx, cancel := context.WithCancel(context.Background())
	if Requested(ctx.Done()) {
		t.Error("Requested before the cancellation = true")
	}
	cancel()
	if !Requested(ctx.Done()) {
		t.Error("Requested after the cancellation = false")
	}
}
