//go:build !unix

package userfile

import (
	"io/fs"
	"os"
)

// links returns 1: hard links are not counted on this system.
func links(fs.FileInfo) uint64 { return 1 }

// chown does nothing: owners are not kept on this system.
func chown(*os.File, fs.FileInfo) {}
