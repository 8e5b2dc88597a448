// Package stop is the check for cancellation that runexp's long loops make
// between blocks of work: a non-blocking receive on a context's Done
// channel, small enough to be inlined into the loop.
package stop

// Requested reports whether done (a context's Done channel) is closed; a
// nil done (a context that is never cancelled) never is. It does not block
// or lock.
func Requested(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
