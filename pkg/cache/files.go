package cache

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const tempPrefix = ".tmp-"

// WriteFileAtomic writes data to path so that readers see either the old
// content or the new one, never a mix: it writes a temporary file named
// TempName(filepath.Base(path)) + random digits in the same directory,
// fsyncs it, and renames it over path. Parent directories are created as
// needed. On failure the temporary file is removed; a killed process leaves
// it behind, and IsTemp recognizes it.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, TempName(filepath.Base(path))+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// TempName is the prefix of the temporary files WriteFileAtomic writes for
// a file named base: ".tmp-" + base + "-", followed by random digits.
func TempName(base string) string { return tempPrefix + base + "-" }

// IsTemp reports whether name is a temporary file WriteFileAtomic writes
// for a file named base (TempName(base) followed by digits only).
func IsTemp(name, base string) bool {
	rest, ok := strings.CutPrefix(name, TempName(base))
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isEntryTemp reports whether name (in the directory of two hex digits
// dir) is a temporary file of an entry written by Put.
func isEntryTemp(dir, name string) bool {
	rest, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return false
	}
	base, _, ok := strings.Cut(rest, "-")
	if !ok || !strings.HasSuffix(base, fileExt) {
		return false
	}
	k, err := ParseKey(strings.TrimSuffix(base, fileExt))
	return err == nil && k.String()[:2] == dir && IsTemp(name, base)
}

// removeTemps deletes the temporary files of entries (and only those:
// names as isEntryTemp, in directories of two hex digits) that are older
// than age; younger ones may belong to a running process. It returns the
// number of files and bytes removed.
func (s *Store) removeTemps(age time.Duration, dryRun bool) (files int, bytes int64, err error) {
	cutoff := time.Now().Add(-age)
	dirs, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("cache: %w", err)
	}
	for _, d := range dirs {
		if !d.IsDir() || !isHex2(d.Name()) {
			continue
		}
		sub := filepath.Join(s.dir, d.Name())
		ents, err := os.ReadDir(sub)
		if err != nil {
			return files, bytes, fmt.Errorf("cache: %w", err)
		}
		for _, f := range ents {
			if !f.Type().IsRegular() || !isEntryTemp(d.Name(), f.Name()) {
				continue
			}
			info, err := f.Info()
			if err != nil || (age > 0 && info.ModTime().After(cutoff)) {
				continue
			}
			if dryRun || os.Remove(filepath.Join(sub, f.Name())) == nil {
				files++
				bytes += info.Size()
			}
		}
	}
	return files, bytes, nil
}

// RemoveTempsIn deletes the temporary files WriteFileAtomic left in dir for
// the files named in bases (whatever their age: the caller knows that no
// live process writes them, typically by holding Lock). It returns the
// number removed. A missing dir is not an error.
func RemoveTempsIn(dir string, bases []string) (int, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, f := range ents {
		if !f.Type().IsRegular() || !strings.HasPrefix(f.Name(), tempPrefix) {
			continue
		}
		for _, b := range bases {
			if IsTemp(f.Name(), b) {
				if err := os.Remove(filepath.Join(dir, f.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
					errs = append(errs, err)
				} else {
					n++
				}
				break
			}
		}
	}
	return n, errors.Join(errs...)
}

func isHex2(s string) bool {
	if len(s) != 2 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Temps returns the number of temporary entry files in the store, whatever
// their age (for tests and diagnostics; Collect removes them).
func (s *Store) Temps() (int, error) {
	n, _, err := s.removeTemps(0, true)
	return n, err
}
