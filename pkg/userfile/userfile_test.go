//go:build unix

package userfile

import (
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	oldData = "old content, longer than the new one\n"
	newData = "new content\n"
)

// file creates a regular file with content and mode.
func file(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // not masked by the umask
		t.Fatal(err)
	}
}

// content returns a file's content.
func content(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lmode returns the mode of path itself (not of a link's target).
func lmode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// nullCopy makes a character device with /dev/null's device number in dir,
// so that the device case never risks the system's /dev/null (a rename over
// it, the defect this package fixes, would replace it for every process).
func nullCopy(t *testing.T, dir string) string {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat("/dev/null", &st); err != nil {
		t.Skip(err)
	}
	path := filepath.Join(dir, "null")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, int(st.Rdev)); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err != nil {
		t.Skipf("device nodes do not work here: %v", err) // a nodev mount
	} else {
		f.Close()
	}
	return path
}

// TestWrite writes over each kind of file the package documents and checks
// what it leaves: content, mode, links, file type, or the error.
func TestWrite(t *testing.T) {
	root := os.Geteuid() == 0
	// devices: the private device case passed, so writing the system's
	// /dev/null is safe to try (or the process could not replace it anyway).
	devices := !root
	cases := []struct {
		name string
		// setup prepares dir and returns the path to write.
		setup func(t *testing.T, dir string) string
		// check inspects the result of a successful write.
		check   func(t *testing.T, dir, path string)
		wantErr string
	}{
		{
			name: "regular file, mode 0600 kept",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o600)
				return p
			},
			check: func(t *testing.T, dir, path string) {
				if got := content(t, path); got != newData {
					t.Errorf("content %q", got)
				}
				if m := lmode(t, path); m != 0o600 {
					t.Errorf("mode %v, want -rw-------", m)
				}
			},
		},
		{
			name: "regular file, mode 0755 kept",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o755)
				return p
			},
			check: func(t *testing.T, dir, path string) {
				if m := lmode(t, path); m != 0o755 {
					t.Errorf("mode %v, want -rwxr-xr-x", m)
				}
			},
		},
		{
			name: "regular file, owner and group kept",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o644)
				if err := os.Chown(p, 4321, 4322); err != nil {
					t.Skipf("cannot give a file another owner: %v", err)
				}
				return p
			},
			check: func(t *testing.T, dir, path string) {
				fi, _ := os.Stat(path)
				st := fi.Sys().(*syscall.Stat_t)
				if st.Uid != 4321 || st.Gid != 4322 {
					t.Errorf("owner %d:%d, want 4321:4322", st.Uid, st.Gid)
				}
			},
		},
		{
			name: "regular file, atomic: no temporary file left",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o644)
				return p
			},
			check: func(t *testing.T, dir, path string) {
				ents, _ := os.ReadDir(dir)
				if len(ents) != 1 {
					t.Errorf("directory holds %d entries, want 1", len(ents))
				}
			},
		},
		{
			name: "symbolic link: link kept, target written",
			setup: func(t *testing.T, dir string) string {
				file(t, filepath.Join(dir, "target"), oldData, 0o640)
				p := filepath.Join(dir, "link")
				if err := os.Symlink("target", p); err != nil {
					t.Fatal(err)
				}
				return p
			},
			check: func(t *testing.T, dir, path string) {
				if m := lmode(t, path); m&fs.ModeSymlink == 0 {
					t.Errorf("the link became %v", m)
				}
				target := filepath.Join(dir, "target")
				if got := content(t, target); got != newData {
					t.Errorf("target content %q", got)
				}
				if m := lmode(t, target); m != 0o640 {
					t.Errorf("target mode %v, want -rw-r-----", m)
				}
			},
		},
		{
			name: "chain of links through a linked directory, relative ..",
			setup: func(t *testing.T, dir string) string {
				// dir/a/b/target; dir/dl -> a/b; dir/dl/l2 -> ../b/target
				// (.. of dl is a, not dir); dir/l1 -> dl/l2.
				b := filepath.Join(dir, "a", "b")
				os.MkdirAll(b, 0o755)
				file(t, filepath.Join(b, "target"), oldData, 0o644)
				for _, l := range [][2]string{{"a/b", "dl"}, {"../b/target", "a/b/l2"}, {"dl/l2", "l1"}} {
					if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
						t.Fatal(err)
					}
				}
				return filepath.Join(dir, "l1")
			},
			check: func(t *testing.T, dir, path string) {
				if got := content(t, filepath.Join(dir, "a", "b", "target")); got != newData {
					t.Errorf("target content %q", got)
				}
				for _, l := range []string{"l1", "dl", "a/b/l2"} {
					if m := lmode(t, filepath.Join(dir, l)); m&fs.ModeSymlink == 0 {
						t.Errorf("link %s became %v", l, m)
					}
				}
			},
		},
		{
			name: "dangling link: target created",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "link")
				if err := os.Symlink("missing", p); err != nil {
					t.Fatal(err)
				}
				return p
			},
			check: func(t *testing.T, dir, path string) {
				if got := content(t, filepath.Join(dir, "missing")); got != newData {
					t.Errorf("target content %q", got)
				}
				if m := lmode(t, path); m&fs.ModeSymlink == 0 {
					t.Errorf("the link became %v", m)
				}
			},
		},
		{
			name: "link loop",
			setup: func(t *testing.T, dir string) string {
				os.Symlink("b", filepath.Join(dir, "a"))
				os.Symlink("a", filepath.Join(dir, "b"))
				return filepath.Join(dir, "a")
			},
			wantErr: "too many levels of symbolic links",
		},
		{
			name: "hard link: both names see the new content",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o600)
				if err := os.Link(p, filepath.Join(dir, "g")); err != nil {
					t.Fatal(err)
				}
				return p
			},
			check: func(t *testing.T, dir, path string) {
				for _, n := range []string{"f", "g"} {
					if got := content(t, filepath.Join(dir, n)); got != newData {
						t.Errorf("%s: content %q", n, got)
					}
				}
				a, _ := os.Stat(path)
				b, _ := os.Stat(filepath.Join(dir, "g"))
				if !os.SameFile(a, b) {
					t.Error("the names are no longer the same file")
				}
				if a.Mode() != 0o600 {
					t.Errorf("mode %v", a.Mode())
				}
			},
		},
		{
			name:  "character device (a copy of /dev/null)",
			setup: nullCopy,
			check: func(t *testing.T, dir, path string) {
				if m := lmode(t, path); m&fs.ModeCharDevice == 0 {
					t.Errorf("the device became %v", m)
				} else {
					devices = true
				}
			},
		},
		{
			name: "/dev/null stays a character device",
			setup: func(t *testing.T, dir string) string {
				if !devices {
					t.Skip("the device case failed or was skipped: writing could replace the system's /dev/null")
				}
				return "/dev/null"
			},
			check: func(t *testing.T, dir, path string) {
				if m := lmode(t, path); m&fs.ModeCharDevice == 0 {
					t.Errorf("/dev/null became %v", m)
				}
			},
		},
		{
			name: "named pipe: written to the reader",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "fifo")
				if err := syscall.Mkfifo(p, 0o600); err != nil {
					t.Skip(err)
				}
				got := make(chan string, 1)
				go func() {
					f, err := os.Open(p)
					if err != nil {
						got <- err.Error()
						return
					}
					b, _ := io.ReadAll(f)
					f.Close()
					got <- string(b)
				}()
				t.Cleanup(func() {
					select {
					case s := <-got:
						if s != newData {
							t.Errorf("the reader got %q", s)
						}
					case <-time.After(10 * time.Second):
						t.Error("the reader got nothing: the pipe was not written")
					}
				})
				return p
			},
			check: func(t *testing.T, dir, path string) {
				if m := lmode(t, path); m&fs.ModeNamedPipe == 0 {
					t.Errorf("the pipe became %v", m)
				}
			},
		},
		{
			name: "/proc/self/fd/N: appended to the open file",
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "log")
				file(t, p, oldData, 0o600)
				f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { f.Close() })
				fd := "/proc/self/fd/" + strconv.Itoa(int(f.Fd()))
				if _, err := os.Stat(fd); err != nil {
					t.Skip(err)
				}
				return fd
			},
			check: func(t *testing.T, dir, path string) {
				p := filepath.Join(dir, "log")
				if got := content(t, p); got != oldData+newData {
					t.Errorf("content %q", got)
				}
				if m := lmode(t, p); m != 0o600 {
					t.Errorf("mode %v", m)
				}
			},
		},
		{
			name:    "directory: refused",
			setup:   func(t *testing.T, dir string) string { return dir },
			wantErr: "is a directory",
		},
		{
			name: "socket: refused",
			setup: func(t *testing.T, dir string) string {
				short, err := os.MkdirTemp("", "uf") // socket paths are short
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.RemoveAll(short) })
				p := filepath.Join(short, "s")
				l, err := net.Listen("unix", p)
				if err != nil {
					t.Skip(err)
				}
				t.Cleanup(func() { l.Close() })
				return p
			},
			wantErr: "a socket",
		},
		{
			name:  "missing file: created 0644",
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "new") },
			check: func(t *testing.T, dir, path string) {
				if got := content(t, path); got != newData {
					t.Errorf("content %q", got)
				}
				if m := lmode(t, path); m != 0o644 {
					t.Errorf("mode %v, want -rw-r--r--", m)
				}
			},
		},
		{
			name:  "missing directories: created",
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "x", "y", "new") },
			check: func(t *testing.T, dir, path string) {
				if got := content(t, path); got != newData {
					t.Errorf("content %q", got)
				}
			},
		},
		{
			name: "read-only file: refused unless root",
			setup: func(t *testing.T, dir string) string {
				if root {
					t.Skip("root may write any file")
				}
				p := filepath.Join(dir, "f")
				file(t, p, oldData, 0o444)
				return p
			},
			wantErr: "permission denied",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := c.setup(t, dir)
			err := Write(path, []byte(newData))
			switch {
			case c.wantErr != "" && err == nil:
				t.Fatalf("no error, want %q", c.wantErr)
			case c.wantErr != "":
				if !strings.Contains(err.Error(), c.wantErr) || !strings.Contains(err.Error(), path) {
					t.Errorf("error %q, want %q naming %s", err, c.wantErr, path)
				}
			case err != nil:
				t.Fatal(err)
			default:
				c.check(t, dir, path)
			}
		})
	}
}
