//go:build unix

package userfile

import (
	"io/fs"
	"os"
	"syscall"
)

// links returns the number of hard links of a file.
func links(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// chown gives f the owner and group of old when the process may (root, or
// the owner keeping a group it belongs to); otherwise f keeps the
// process's, as any new file would.
func chown(f *os.File, old fs.FileInfo) {
	if st, ok := old.Sys().(*syscall.Stat_t); ok {
		if f.Chown(int(st.Uid), int(st.Gid)) != nil {
			f.Chown(-1, int(st.Gid))
		}
	}
}
