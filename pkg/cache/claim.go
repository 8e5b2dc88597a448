package cache

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// claimExt names the claim files under <store>/locks.
const claimExt = ".claim"

// claimAge is how old a claim file no process holds must be for Collect
// to remove it: one of a killed process. A younger one may have just been
// made by a process about to lock it.
const claimAge = time.Hour

// claimPath is the claim file of key k.
func (s *Store) claimPath(k Key) string {
	return filepath.Join(s.dir, locksDir, k.String()+claimExt)
}

// Claim polling: a process waiting for another's claim tries again after
// claimPollMin, doubling to claimPollMax.
const (
	claimPollMin = 20 * time.Millisecond
	claimPollMax = time.Second
)

// Claim takes this process's claim on computing the entry of key k, so
// that processes sharing the store (two runs, shards, Slurm tasks) do not
// compute one entry at the same time. A claim is an exclusive flock(2) on
// <store>/locks/<k>.claim, released also when the process dies. If
// another process holds it, Claim waits until it is released or ctx is
// done (then it returns ctx's error) and reports waited: the caller
// should then look for the entry again before computing it.
//
// Call release when the entry is stored (or the computation failed): it
// removes the claim file and unlocks. A process that opened the file
// before the removal takes its lock on the removed file, one that opens it
// after on a new file, so both may proceed: each finds the entry stored,
// unless the holder failed, and then both compute it, as they would
// without claims.
//
// Where claims cannot be taken (a read-only store, a file system without
// flock), Claim returns a release that does nothing and no error: the
// entry is computed as without claims.
func (s *Store) Claim(ctx context.Context, k Key) (release func(), waited bool, err error) {
	none := func() {}
	dir := filepath.Join(s.dir, locksDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return none, false, nil
	}
	path := s.claimPath(k)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return none, false, nil
	}
	wait := claimPollMin
	for {
		ok, err := tryFlock(f)
		if err != nil {
			f.Close()
			return none, waited, nil
		}
		if ok {
			break
		}
		waited = true
		select {
		case <-ctx.Done():
			f.Close()
			return none, true, ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, claimPollMax)
	}
	// The file's time is the claim's (Claimed): a file a dead process
	// left keeps its own time otherwise.
	now := time.Now()
	os.Chtimes(path, now, now)
	return func() {
		os.Remove(path)
		f.Close()
	}, waited, nil
}

// Claimed reports whether a process holds the claim on computing the
// entry of key k (see Claim), and since when: the time its claim file was
// made. It takes no claim and makes no file.
func (s *Store) Claimed(k Key) (since time.Time, held bool) {
	f, err := os.Open(s.claimPath(k))
	if err != nil {
		return time.Time{}, false
	}
	defer f.Close()
	free, err := tryFlock(f)
	if err != nil || free {
		return time.Time{}, false // closing f releases the lock just taken
	}
	st, err := f.Stat()
	if err != nil {
		return time.Time{}, true
	}
	return st.ModTime(), true
}

// removeClaims removes (with dryRun, counts) the claim files that no
// process holds and that were made more than age ago: those of killed
// processes, which release their claims but leave the files.
func (s *Store) removeClaims(age time.Duration, dryRun bool) int {
	dir := filepath.Join(s.dir, locksDir)
	list, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, d := range list {
		if !strings.HasSuffix(d.Name(), claimExt) || !d.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, d.Name())
		info, err := d.Info()
		if err != nil || time.Since(info.ModTime()) < age {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if free, err := tryFlock(f); err == nil && free {
			if dryRun || os.Remove(path) == nil {
				n++
			}
		}
		f.Close()
	}
	return n
}
