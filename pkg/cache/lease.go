package cache

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Files of the store that are not entries.
const (
	lockFile = "lock"   // flock'ed to register a lease or to collect garbage
	leaseDir = "leases" // one file per live lease: <random>.lease
	locksDir = "locks"  // named locks: <name>.lock; claims: <key>.claim
	leaseExt = ".lease"
)

var leaseMagic = [8]byte{'R', 'X', 'L', 'E', 'A', 'S', 'E', '1'}

// A Lease is a live process's claim on cache entries: Collect keeps every
// key of a live lease. The lease is a file under <store>/leases holding its
// keys, on which the process holds an flock(2) until Release; a process that
// dies releases it with its file descriptors, and its lease file is then
// stale and removed by the next Lease or Collect.
type Lease struct {
	f *os.File
}

// Lease registers keys as needed by the calling process until Release. It
// is serialized with Collect: an entry a lease names is never removed by a
// Collect that starts after Lease returns, and a Collect in progress
// finishes before Lease registers. When no other lease is live, the
// temporary files of killed writers are removed first (no live process can
// be writing them); only a process that held a lease writes into the store,
// so there are such files only if a stale lease was found. Lease fails if
// the store's directory cannot be created or written: a run calls it before
// computing anything.
func (s *Store) Lease(keys []Key) (*Lease, error) {
	var l *Lease
	err := s.exclusive(func() error {
		live, stale, err := s.liveLeases(nil)
		if err != nil {
			return err
		}
		if live == 0 && len(stale) > 0 {
			if _, err := s.sweep(stale); err != nil {
				return err
			}
		}
		f, err := os.CreateTemp(filepath.Join(s.dir, leaseDir), "*"+leaseExt)
		if err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		if ok, err := tryFlock(f); err != nil || !ok {
			f.Close()
			os.Remove(f.Name())
			return fmt.Errorf("cache: lock %s: %v", f.Name(), err)
		}
		buf := make([]byte, 0, len(leaseMagic)+len(keys)*len(Key{}))
		buf = append(buf, leaseMagic[:]...)
		for _, k := range keys {
			buf = append(buf, k[:]...)
		}
		if _, err := f.Write(buf); err != nil {
			f.Close()
			os.Remove(f.Name())
			return fmt.Errorf("cache: write %s: %w", f.Name(), err)
		}
		l = &Lease{f: f}
		return nil
	})
	return l, err
}

// Release ends the lease and removes its file.
func (l *Lease) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := os.Remove(l.f.Name())
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

// exclusive runs fn holding the store's lock file, creating the store's
// directories first.
func (s *Store) exclusive(fn func() error) error {
	if err := os.MkdirAll(filepath.Join(s.dir, leaseDir), 0o755); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(s.dir, lockFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	defer f.Close() // releases the flock
	if err := flock(f); err != nil {
		return fmt.Errorf("cache: lock %s: %w", f.Name(), err)
	}
	return fn()
}

// sweep removes the temporary files of every entry and then the stale
// lease files given, in that order: a stale lease file is the only trace
// that a killed process may have left temporary files, so it goes only once
// they are gone (a process killed while sweeping leaves the next one the
// same work). The caller holds the store's lock and knows that no lease is
// live. It returns the number of temporary files removed.
func (s *Store) sweep(stale []string) (temps int, err error) {
	temps, _, err = s.removeTemps(0, false)
	if err != nil {
		return temps, err
	}
	for _, path := range stale {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return temps, fmt.Errorf("cache: %w", err)
		}
	}
	return temps, nil
}

// liveLeases counts the live leases, adds their keys to keep (if not nil)
// and returns the paths of the stale lease files.
func (s *Store) liveLeases(keep map[Key]bool) (live int, stale []string, err error) {
	dir := filepath.Join(s.dir, leaseDir)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil, nil
	}
	if err != nil {
		return 0, nil, fmt.Errorf("cache: %w", err)
	}
	for _, d := range ents {
		if !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), leaseExt) {
			continue
		}
		path := filepath.Join(dir, d.Name())
		f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow, 0)
		if err != nil {
			continue // released meanwhile
		}
		free, err := tryFlock(f)
		if err != nil {
			f.Close()
			return 0, nil, fmt.Errorf("cache: lock %s: %w", path, err)
		}
		if free {
			stale = append(stale, path)
			f.Close()
			continue
		}
		live++
		data, err := io.ReadAll(io.LimitReader(f, MaxEntrySize))
		f.Close()
		if err != nil {
			return 0, nil, fmt.Errorf("cache: read %s: %w", path, err)
		}
		if !bytes.HasPrefix(data, leaseMagic[:]) || (len(data)-len(leaseMagic))%len(Key{}) != 0 {
			return 0, nil, fmt.Errorf("cache: %s is held by a live process but is not a lease", path)
		}
		if keep != nil {
			for p := data[len(leaseMagic):]; len(p) > 0; p = p[len(Key{}):] {
				keep[Key(p[:len(Key{})])] = true
			}
		}
	}
	return live, stale, nil
}

// Lock takes the store's exclusive lock called name (a file name), waiting
// for it, and returns the function that releases it. Locks are flock(2)s on
// <store>/locks/<name>.lock, released also when the process dies.
func (s *Store) Lock(name string) (unlock func() error, err error) {
	dir := filepath.Join(s.dir, locksDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, name+".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	if err := flock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cache: lock %s: %w", f.Name(), err)
	}
	return f.Close, nil
}

// Collected reports what Collect removed and kept.
type Collected struct {
	Removed, Kept           int   // entries
	RemovedBytes, KeptBytes int64 // their sizes
	Temps                   int   // temporary files and claim files of killed writers removed
	Live                    int   // live leases whose keys were kept
	Foreign                 int   // files at entries' paths that are not runexp's, left alone
}

// Collect removes every entry that keep does not hold and no live lease
// names, and the temporary files of killed writers: all of them when no
// lease is live, else those older than an hour. It touches only runexp's
// files: entries that begin with runexp's header, temporary files named as
// Put names them. With dryRun it only counts (and takes no lock).
func (s *Store) Collect(keep map[Key]bool, dryRun bool) (Collected, error) {
	var st Collected
	if _, err := os.Stat(s.dir); errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	run := func() error {
		all := make(map[Key]bool, len(keep))
		for k := range keep {
			all[k] = true
		}
		live, stale, err := s.liveLeases(all)
		if err != nil {
			return err
		}
		st.Live = live
		list, err := s.List()
		if err != nil {
			return err
		}
		for _, e := range list {
			if all[e.Key] {
				st.Kept++
				st.KeptBytes += e.Size
				continue
			}
			if dryRun {
				if s.owns(e.Key, s.Path(e.Key)) {
					st.Removed++
					st.RemovedBytes += e.Size
				} else {
					st.Foreign++
				}
				continue
			}
			switch err := s.Remove(e.Key); {
			case errors.Is(err, ErrForeign):
				st.Foreign++
			case err != nil:
				return err
			default:
				st.Removed++
				st.RemovedBytes += e.Size
			}
		}
		st.Temps = s.removeClaims(claimAge, dryRun)
		if live > 0 || dryRun {
			// Live writers' temporary files are young; stale lease
			// files stay until a sweep with no lease live.
			age := time.Duration(0)
			if live > 0 {
				age = time.Hour
			}
			n, _, err := s.removeTemps(age, dryRun)
			st.Temps += n
			return err
		}
		n, err := s.sweep(stale)
		st.Temps += n
		return err
	}
	if dryRun {
		return st, run()
	}
	return st, s.exclusive(run)
}
