package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tmpfs mounts a tmpfs of the given size (mount(8) syntax, e.g. "2m") on a
// new directory and returns it, or skips the test where mounting is not
// allowed. The file system is unmounted when the test ends.
func tmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mnt")
	os.Mkdir(dir, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		return ""
	} else if len(out) > 0 {
		t.Logf("mount: %s", out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// remount changes the options of a tmpfs mounted by tmpfs.
func remount(t *testing.T, dir, opts string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,"+opts, dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s: %v: %s", opts, err, out)
	}
}

// TestDiskFull runs the quickstart on a file system too small for its cache
// (a 2 MiB tmpfs; where mounting is not allowed, a file size limit of
// 256 KiB, so that large entries fail with EFBIG): the run fails with the
// system's error named, leaves no temporary file and no entry that does
// not verify; with room again, the next run completes with the outputs of
// an uninterrupted run.
func TestDiskFull(t *testing.T) {
	want, _ := reference(t, quickstart)
	mnt := tmpfs(t, "2m")
	var r result
	var results, reason string
	if mnt != "" {
		results, reason = filepath.Join(mnt, "results"), "no space left on device"
		r = runexp(t, "run", "--results", results, quickstart)
	} else {
		t.Log("cannot mount a tmpfs here: limiting the file size instead")
		results, reason = filepath.Join(t.TempDir(), "results"), "file too large"
		exe, _ := os.Executable()
		cmd := exec.Command("sh", "-c", `ulimit -f 512 && exec "$0" "$@"`, exe, "run", "--results", results, quickstart)
		cmd.Env = append(os.Environ(), asMain+"=1")
		out, err := cmd.CombinedOutput()
		r = result{stderr: string(out)}
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		}
	}
	if r.code != 2 || !strings.Contains(r.stdout+r.stderr, reason) {
		t.Fatalf("run on a full disk: exit %d, want 2 naming %q\n%s%s", r.code, reason, r.stdout, r.stderr)
	}
	checkNoTemps(t, results)
	if mnt != "" {
		remount(t, mnt, "size=64m")
	}
	mustRun(t, "run", "--results", results, quickstart)
	checkResults(t, results, want, quickstart)
}

// checkNoTemps fails the test if a temporary file is left under dir or a
// cache entry does not verify.
func checkNoTemps(t *testing.T, results string) {
	t.Helper()
	filepath.WalkDir(results, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}

// TestReadOnlyResults makes the results directory read-only after a
// complete run (a read-only remount of a tmpfs; without mount, no write
// permission, which binds only other users than root): a fully cached run
// succeeds and writes nothing; a run with a cell to compute fails before
// computing anything, naming the directory.
func TestReadOnlyResults(t *testing.T) {
	dir := t.TempDir()
	exp := copyExperiment(t, dir, "qs.hcl")
	mnt := tmpfs(t, "64m")
	if mnt == "" {
		if os.Geteuid() == 0 {
			t.Skip("cannot mount a tmpfs, and permissions do not bind root")
		}
		mnt = filepath.Join(dir, "mnt")
		os.Mkdir(mnt, 0o755)
	}
	results := filepath.Join(mnt, "results")
	mustRun(t, "run", "--results", results, exp)
	before := tree(t, results)
	if os.Geteuid() == 0 {
		remount(t, mnt, "ro")
		t.Cleanup(func() { exec.Command("mount", "-o", "remount,rw", mnt).Run() })
	} else {
		filepath.WalkDir(results, func(path string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(path, 0o555)
			}
			return nil
		})
		t.Cleanup(func() {
			filepath.WalkDir(results, func(path string, d os.DirEntry, err error) error {
				if err == nil && d.IsDir() {
					os.Chmod(path, 0o755)
				}
				return nil
			})
		})
	}
	r := mustRun(t, "run", "--results", results, exp)
	if !strings.Contains(r.stdout, "outputs up to date") {
		t.Errorf("a fully cached run on read-only results:\n%s", r.stdout)
	}
	if d := diffTrees(tree(t, results), before); len(d) > 0 {
		t.Errorf("outputs changed: %v", d)
	}
	src, _ := os.ReadFile(exp)
	os.WriteFile(exp, append(src, smallBlocks...), 0o644) // new cells to compute
	r = runexp(t, "run", "--results", results, exp)
	if r.code == 0 || !strings.Contains(r.stderr, "not writable") || !strings.Contains(r.stderr, results) ||
		strings.Contains(r.stdout, "start") {
		t.Errorf("a run with cells to compute on read-only results: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
