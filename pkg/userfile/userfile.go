// Package userfile writes files that belong to the user rather than to
// runexp: an experiment file rewritten by `runexp fmt`, the file named by
// `runexp topology -o`. Such a file may be a symbolic link, have several
// hard links, carry a mode or an owner the user chose, or not be a file at
// all (/dev/null, /dev/stdout, a named pipe). Write writes the data the way
// the user means it, where a plain "temporary file + rename" (as the
// cache's own outputs under results/ use) would replace the link, the
// device or the mode:
//
//   - A symbolic link is followed (chains of links too): the link stays and
//     its target is written. A dangling link creates its target.
//   - A regular file with one link is replaced atomically: the data goes to
//     a temporary file in the target's directory, which is fsynced, given
//     the old file's mode (and owner and group, when the process may set
//     them) and renamed over the target; the directory is fsynced after the
//     rename. A crash leaves the old content or the new one, never a mix.
//     Extended attributes and ACLs of the old file are not copied.
//   - A regular file with several hard links (Nlink > 1) is written in
//     place (opened, overwritten, truncated to the new length, fsynced),
//     since a rename would detach the name from the other links. That is
//     not atomic: a crash or a full disk in the middle leaves a file that
//     holds part of the new content and possibly part of the old.
//   - A character or block device or a named pipe (/dev/null, a terminal)
//     is opened for writing and written, without creating, truncating,
//     renaming or fsyncing anything. A path through /proc (/dev/stdout,
//     /dev/stderr and /dev/fd/N are links to /proc/self/fd/N) names a file
//     the process already has open: it is written through that path in
//     append mode, as writing to the descriptor would, so a shell's
//     `>> log` redirection is appended to, not truncated.
//   - A directory, a socket or any other kind of file is refused with an
//     error that names it.
//   - A missing file is created with mode 0644 (the missing parent
//     directories with 0755), atomically as above.
//
// An existing regular file that the process may not write (a read-only
// file, for a user other than root) is refused as writing to it would be,
// although the rename could replace it.
package userfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks bounds the symbolic links followed to resolve one path, as the
// kernel does (Linux's MAXSYMLINKS is 40).
const maxLinks = 40

// newMode is the mode of a file that did not exist.
const newMode fs.FileMode = 0o644

// Write writes data to the file named by path as the package documentation
// describes: through symbolic links, keeping the mode, owner and hard links
// of a regular file and replacing it atomically when it has one link,
// writing devices and pipes directly, and refusing directories and other
// kinds of file. Errors name path.
func Write(path string, data []byte) error {
	if err := write(path, data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func write(path string, data []byte) error {
	info, err := os.Stat(path) // follows links, as opening would
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if exists {
		switch m := info.Mode(); {
		case m.IsDir():
			return errors.New("is a directory")
		case m&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
			return writeOpen(path, data, os.O_WRONLY)
		case !m.IsRegular():
			return fmt.Errorf("not a regular file, device or pipe (%s)", fileKind(m))
		}
	}
	target, proc, err := resolve(path)
	if err != nil {
		return err
	}
	if proc && exists {
		return writeOpen(path, data, os.O_WRONLY|os.O_APPEND)
	}
	if !exists {
		return replace(target, data, newMode, nil)
	}
	// Writable as the user would find it with a shell redirection (root
	// always is); the rename alone would not check.
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if errors.Is(err, fs.ErrPermission) {
		return err
	}
	if err == nil {
		f.Close()
	}
	if links(info) > 1 {
		return writeInPlace(target, data)
	}
	return replace(target, data, info.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky), info)
}

// resolve follows the symbolic links of path (the last component; the
// kernel resolves the directories) to the file they name, which may not
// exist. proc reports that the chain enters /proc, whose links name open
// files rather than directory entries (/proc/self/fd/1 reads "pipe:[...]"
// or the path of a file that may since have been renamed); resolution
// stops there.
func resolve(path string) (target string, proc bool, err error) {
	p, err := filepath.Abs(path)
	if err != nil {
		return "", false, err
	}
	for range maxLinks {
		if p == "/proc" || strings.HasPrefix(p, "/proc/") {
			return p, true, nil
		}
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, false, nil
		}
		if err != nil {
			return "", false, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, false, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(dest) {
			// Relative to the link's directory as the kernel sees it: ".."
			// of a directory reached through a link is the parent of the
			// link's target, not the lexical parent.
			dir, err := filepath.EvalSymlinks(filepath.Dir(p))
			if err != nil {
				return "", false, err
			}
			dest = filepath.Join(dir, dest)
		}
		p = filepath.Clean(dest)
	}
	return "", false, fmt.Errorf("more than %d symbolic links", maxLinks)
}

// writeOpen opens an existing file with flag and writes data to it.
func writeOpen(path string, data []byte, flag int) error {
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeInPlace overwrites the regular file path with data, keeping its
// inode (and so its hard links, mode and owner).
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// replace writes data to a temporary file next to path, gives it mode (and
// the owner of old, when old is not nil and the process may), fsyncs it and
// renames it over path.
func replace(path string, data []byte, mode fs.FileMode, old fs.FileInfo) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if old != nil {
		chown(f, old) // before chmod: a chown clears the set-user-ID bit
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir fsyncs a directory so that a rename in it survives a crash; a
// file system that cannot sync directories is not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// fileKind names the type of a file mode for errors.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "type " + m.Type().String()
}
