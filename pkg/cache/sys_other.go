//go:build !unix

package cache

import "os"

// openNoFollow is 0 where the flags do not exist; Get still checks the
// file type before and after opening.
const openNoFollow = 0

// flock is a no-op without flock(2): leases and locks do not protect
// against concurrent processes on this system.
func flock(*os.File) error { return nil }

// tryFlock always succeeds without flock(2), so every lease looks stale.
func tryFlock(*os.File) (bool, error) { return true, nil }
