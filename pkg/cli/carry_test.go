package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheExportImport carries the computed cells of an experiment to a
// fresh results directory: export copies the metric cells' entries (not
// the builds, datasets, figures or tables), a second export adds nothing,
// import merges them, and a run there computes no metric or build cell,
// only the dataset and the outputs. A corrupt entry fails the import.
func TestCacheExportImport(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	a, b, carry := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "carry")
	ctx := context.Background()
	if code, _, stderr := runexp(t, ctx, "run", "--results", a, exp); code != ExitOK {
		t.Fatalf("run: %s", stderr)
	}
	code, stdout, stderr := runexp(t, ctx, "cache", "export", "--results", a, "--to", carry, exp)
	if code != ExitOK || !strings.HasPrefix(stdout, "exported 15 cache entries") || !strings.Contains(stdout, "; 0 were there already; 0 cells not in the cache") {
		t.Fatalf("export: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, stdout, _ = runexp(t, ctx, "cache", "export", "--results", a, "--to", carry, exp); !strings.HasPrefix(stdout, "exported 0 cache entries (0 B)") || !strings.Contains(stdout, "15 were there already") {
		t.Errorf("second export: %s", stdout)
	}
	code, stdout, stderr = runexp(t, ctx, "cache", "import", "--results", b, carry)
	if code != ExitOK || !strings.HasPrefix(stdout, "imported 15 cache entries") {
		t.Fatalf("import: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runexp(t, ctx, "run", "--results", b, exp)
	if code != ExitOK || !strings.Contains(stdout, "18 cells: 3 computed, 15 cached") {
		t.Errorf("run after import: exit %d\n%s%s", code, stdout, stderr)
	}

	// A corrupt entry: the import fails and writes nothing.
	var entry string
	filepath.WalkDir(carry, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && entry == "" {
			entry = path
		}
		return nil
	})
	data, _ := os.ReadFile(entry)
	data[len(data)/2] ^= 0xff
	os.WriteFile(entry, data, 0o644)
	c := filepath.Join(dir, "c")
	code, _, stderr = runexp(t, ctx, "cache", "import", "--results", c, carry)
	if code != ExitFailed || !strings.Contains(stderr, "checksum mismatch") {
		t.Errorf("import of a corrupt entry: exit %d, %s", code, stderr)
	}
}
