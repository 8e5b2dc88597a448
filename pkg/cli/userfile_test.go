//go:build unix

package cli

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteUserFiles runs `runexp topology -o` and `runexp fmt` on the
// files a user may hand them: a regular file keeps its mode, a symbolic
// link stays a link and its target is written, hard links keep seeing the
// same content, a device stays a device (a private copy of /dev/null, then
// /dev/null itself once the copy survived), a directory is refused and a
// missing file is created 0644.
func TestWriteUserFiles(t *testing.T) {
	ctx := context.Background()
	code, edges, stderr := runexp(t, ctx, "topology", "slimfly", "q=5", "--format", "edgelist")
	if code != ExitOK {
		t.Fatalf("topology: exit %d: %s", code, stderr)
	}
	const (
		unformatted = "topology \"t\" {\nfamily=\"torus\"\n  k = 4\n    n = 2\n}\n"
		formatted   = "topology \"t\" {\n  family = \"torus\"\n  k      = 4\n  n      = 2\n}\n"
	)
	commands := []struct {
		name      string
		old, want string // content before and after
		args      func(path string) []string
	}{
		{"topology -o", "stale\n", edges, func(p string) []string {
			return []string{"topology", "slimfly", "q=5", "--format", "edgelist", "-o", p}
		}},
		{"fmt", unformatted, formatted, func(p string) []string { return []string{"fmt", p} }},
	}
	devices := os.Geteuid() != 0 // /dev/null is safe to write: not root, or the copy survived
	kinds := []struct {
		name string
		// setup creates the file(s) holding old in dir and returns the
		// path to name on the command line; "" skips the case.
		setup func(t *testing.T, dir, old string) string
		// check inspects dir after a successful command.
		check   func(t *testing.T, dir, path, want string)
		wantErr string // a failing command's message (exit 2)
	}{
		{
			name: "regular file 0600",
			setup: func(t *testing.T, dir, old string) string {
				p := filepath.Join(dir, "x.hcl")
				writeMode(t, p, old, 0o600)
				return p
			},
			check: func(t *testing.T, dir, path, want string) {
				wantFile(t, path, want, 0o600)
			},
		},
		{
			name: "symbolic link",
			setup: func(t *testing.T, dir, old string) string {
				writeMode(t, filepath.Join(dir, "target.hcl"), old, 0o640)
				p := filepath.Join(dir, "link.hcl")
				if err := os.Symlink("target.hcl", p); err != nil {
					t.Fatal(err)
				}
				return p
			},
			check: func(t *testing.T, dir, path, want string) {
				if m := lmode(t, path); m&fs.ModeSymlink == 0 {
					t.Errorf("the link became %v", m)
				}
				wantFile(t, filepath.Join(dir, "target.hcl"), want, 0o640)
			},
		},
		{
			name: "hard link",
			setup: func(t *testing.T, dir, old string) string {
				p := filepath.Join(dir, "x.hcl")
				writeMode(t, p, old, 0o644)
				if err := os.Link(p, filepath.Join(dir, "other.hcl")); err != nil {
					t.Fatal(err)
				}
				return p
			},
			check: func(t *testing.T, dir, path, want string) {
				wantFile(t, path, want, 0o644)
				wantFile(t, filepath.Join(dir, "other.hcl"), want, 0o644)
			},
		},
		{
			name: "character device (a copy of /dev/null)",
			setup: func(t *testing.T, dir, old string) string {
				if old == unformatted {
					return "" // fmt reads a device as an empty, formatted file
				}
				var st syscall.Stat_t
				if err := syscall.Stat("/dev/null", &st); err != nil {
					return ""
				}
				p := filepath.Join(dir, "null")
				if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, int(st.Rdev)); err != nil {
					return ""
				}
				return p
			},
			check: func(t *testing.T, dir, path, want string) {
				if m := lmode(t, path); m&fs.ModeCharDevice == 0 {
					t.Errorf("the device became %v", m)
				} else {
					devices = true
				}
			},
		},
		{
			name: "/dev/null",
			setup: func(t *testing.T, dir, old string) string {
				if old == unformatted || !devices {
					return "" // never risk replacing the system's /dev/null
				}
				return "/dev/null"
			},
			check: func(t *testing.T, dir, path, want string) {
				if m := lmode(t, path); m&fs.ModeCharDevice == 0 {
					t.Errorf("/dev/null became %v", m)
				}
			},
		},
		{
			name: "directory",
			setup: func(t *testing.T, dir, old string) string {
				if old == unformatted {
					return "" // fmt formats the files of a directory
				}
				return dir
			},
			wantErr: "is a directory",
		},
		{
			name: "missing file",
			setup: func(t *testing.T, dir, old string) string {
				if old == unformatted {
					return "" // fmt formats existing files
				}
				return filepath.Join(dir, "new.anynet")
			},
			check: func(t *testing.T, dir, path, want string) {
				wantFile(t, path, want, 0o644)
			},
		},
	}
	for _, c := range commands {
		for _, k := range kinds {
			t.Run(c.name+"/"+k.name, func(t *testing.T) {
				dir := t.TempDir()
				path := k.setup(t, dir, c.old)
				if path == "" {
					t.Skip("not applicable or not possible here")
				}
				code, _, stderr := runexp(t, ctx, c.args(path)...)
				switch {
				case k.wantErr != "":
					if code != ExitFailed || !strings.Contains(stderr, k.wantErr) {
						t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr, k.wantErr)
					}
				case code != ExitOK:
					t.Errorf("exit %d: %s", code, stderr)
				default:
					k.check(t, dir, path, c.want)
				}
			})
		}
	}
}

// writeMode creates a file with content and exactly mode (no umask).
func writeMode(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// wantFile checks a regular file's content and mode.
func wantFile(t *testing.T, path, want string, mode fs.FileMode) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
		return
	}
	if string(got) != want {
		t.Errorf("%s: content %.60q, want %.60q", filepath.Base(path), got, want)
	}
	if fi, err := os.Lstat(path); err != nil {
		t.Error(err)
	} else if fi.Mode() != mode {
		t.Errorf("%s: mode %v, want %v", filepath.Base(path), fi.Mode(), mode)
	}
}

// lmode returns the mode of path itself, not of a link's target.
func lmode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}
