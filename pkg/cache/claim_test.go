//go:build unix

package cache

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestClaim: a second claim on a key waits until the first is released
// and reports that it waited; a claim on another key does not wait;
// release removes the claim file; a cancelled wait returns the context's
// error; a store whose locks cannot be made claims nothing and does not
// fail.
func TestClaim(t *testing.T) {
	s := New(t.TempDir())
	ctx := context.Background()
	k, other := KeyOf("sim", 1, []byte(`{"a":1}`), nil), KeyOf("sim", 1, []byte(`{"a":2}`), nil)
	release, waited, err := s.Claim(ctx, k)
	if err != nil || waited {
		t.Fatalf("first claim: waited %v, %v", waited, err)
	}
	path := filepath.Join(s.Dir(), "locks", k.String()+".claim")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no claim file: %v", err)
	}
	r2, w2, err := s.Claim(ctx, other)
	if err != nil || w2 {
		t.Fatalf("claim of another key: waited %v, %v", w2, err)
	}
	r2()

	type got struct {
		waited bool
		err    error
		at     time.Time
	}
	second := make(chan got)
	go func() {
		rel, w, err := s.Claim(ctx, k)
		at := time.Now()
		if err == nil {
			rel()
		}
		second <- got{w, err, at}
	}()
	time.Sleep(100 * time.Millisecond)
	select {
	case g := <-second:
		t.Fatalf("second claim did not wait: %+v", g)
	default:
	}
	released := time.Now()
	release()
	g := <-second
	if g.err != nil || !g.waited || g.at.Before(released) {
		t.Errorf("second claim: waited %v, err %v, taken %v after the release", g.waited, g.err, g.at.Sub(released))
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("claim file left after release: %v", err)
	}

	// Cancelled while waiting.
	release, _, err = s.Claim(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, w, err := s.Claim(cctx, k); !w || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled claim: waited %v, err %v; want a wait ended by the deadline", w, err)
	}
	release()

	// No locks directory can be made: no claim, no error.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ro := New(file)
	rel, w, err := ro.Claim(ctx, k)
	if err != nil || w {
		t.Errorf("store without locks: waited %v, %v", w, err)
	}
	rel()
}

// TestClaimed: Claimed sees a held claim, with the time it was taken, and
// neither a released one nor a claim file left by a process that died
// (no flock on it); it makes no file.
func TestClaimed(t *testing.T) {
	s := New(t.TempDir())
	k := KeyOf("sim", 1, []byte(`{"a":1}`), nil)
	if _, held := s.Claimed(k); held {
		t.Error("claimed before any claim")
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), "locks")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Claimed made the locks directory: %v", err)
	}
	before := time.Now().Add(-time.Second)
	release, _, err := s.Claim(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	since, held := s.Claimed(k)
	if !held || since.Before(before) || since.After(time.Now()) {
		t.Errorf("held claim: %v since %v", held, since)
	}
	// Claimed took and dropped nothing: the claim is still held.
	if _, held := s.Claimed(k); !held {
		t.Error("claim lost after Claimed")
	}
	release()
	if _, held := s.Claimed(k); held {
		t.Error("claimed after the release")
	}
	// A dead process's file: no lock on it.
	path := filepath.Join(s.Dir(), "locks", k.String()+".claim")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, held := s.Claimed(k); held {
		t.Error("a claim file without a lock counts as held")
	}
	// Claiming it anew dates the claim now, not when the file was made.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	release, _, err = s.Claim(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if since, held := s.Claimed(k); !held || since.Before(before) {
		t.Errorf("claim of a dead process's file: %v since %v", held, since)
	}
}

// TestCollectClaims: gc removes the claim files of killed processes (no
// flock, older than an hour) and counts them with the temporary files; it
// keeps a held claim's file and a young one, and a dry run removes none.
func TestCollectClaims(t *testing.T) {
	s := New(t.TempDir())
	ctx := context.Background()
	keys := []Key{KeyOf("sim", 1, []byte(`{"a":1}`), nil), KeyOf("sim", 1, []byte(`{"a":2}`), nil), KeyOf("sim", 1, []byte(`{"a":3}`), nil)}
	var paths []string
	for _, k := range keys {
		release, _, err := s.Claim(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		release()
		p := filepath.Join(s.Dir(), "locks", k.String()+".claim")
		if err := os.WriteFile(p, nil, 0o644); err != nil { // left by a killed process
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	old := time.Now().Add(-2 * time.Hour)
	held, _, err := s.Claim(ctx, keys[1])
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	for _, p := range paths[:2] {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	// keys[0]: dead and old; keys[1]: held (old); keys[2]: dead but young.
	st, err := s.Collect(nil, true)
	if err != nil || st.Temps != 1 {
		t.Errorf("dry run: %d temporary files, %v; want 1", st.Temps, err)
	}
	if _, err := os.Stat(paths[0]); err != nil {
		t.Errorf("dry run removed a claim file: %v", err)
	}
	if st, err = s.Collect(nil, false); err != nil || st.Temps != 1 {
		t.Errorf("gc: %d temporary files, %v; want 1", st.Temps, err)
	}
	for i, p := range paths {
		_, err := os.Stat(p)
		if gone := errors.Is(err, os.ErrNotExist); gone != (i == 0) {
			t.Errorf("claim file %d: removed %v", i, gone)
		}
	}
}
