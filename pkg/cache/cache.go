// Package cache is runexp's content-addressed cell cache.
//
// Every cell result is one file, results/.cache/<2 hex>/<key>.rxc, named by
// the cell's key (a sha256 over the key-scheme version, the cell kind, the
// kind's code version, the canonical parameters and the keys of the input
// cells; see KeyOf). A file holds named blobs and ends with a sha256 of all
// that precedes it; Get verifies that checksum and reports a corrupt,
// truncated or non-regular file as ErrCorrupt, so a damaged entry is
// recomputed (and its file replaced by Put), never trusted. Get never
// changes the store.
//
// Writes go to a temporary file in the destination directory, are fsynced
// and then renamed over the final name. Renames are atomic, and the content
// of a key is fully determined by the key, so several processes may fill the
// same cache concurrently: the last rename wins with identical bytes, and a
// reader never sees a partial file.
//
// A process that computes into the store holds a Lease on the keys it needs
// for as long as it runs; Collect (garbage collection) never removes a key
// of a live lease. Liveness is an flock(2) held on the lease file, so a
// killed process releases its lease with its last file descriptor. Lock
// serializes writers of one set of files (an experiment's outputs), so that
// temporary files found under the lock are known to be dead. Claim keeps
// processes from computing one entry at the same time.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SchemeVersion names the key scheme and the entry file format. Changing it
// invalidates every cache entry.
const SchemeVersion = "runexp-cache-v1"

// Key identifies a cell result.
type Key [sha256.Size]byte

// String returns the key in lower-case hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Short returns the first 12 hex digits of the key.
func (k Key) Short() string { return hex.EncodeToString(k[:6]) }

// ParseKey parses a 64-digit hex key.
func ParseKey(s string) (Key, error) {
	var k Key
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(k) {
		return k, fmt.Errorf("cache: invalid key %q", s)
	}
	copy(k[:], b)
	return k, nil
}

// KeyOf computes the key of a cell: sha256 over the scheme version, the cell
// kind, the kind's code version, the canonical parameters (a canonical JSON
// encoding with sorted keys) and the keys of the input cells in order. Each
// field is length-prefixed so that no two different tuples collide.
func KeyOf(kind string, version int, params []byte, inputs []Key) Key {
	h := sha256.New()
	var buf [8]byte
	field := func(b []byte) {
		binary.LittleEndian.PutUint64(buf[:], uint64(len(b)))
		h.Write(buf[:])
		h.Write(b)
	}
	field([]byte(SchemeVersion))
	field([]byte(kind))
	binary.LittleEndian.PutUint64(buf[:], uint64(version))
	h.Write(buf[:])
	field(params)
	binary.LittleEndian.PutUint64(buf[:], uint64(len(inputs)))
	h.Write(buf[:])
	for _, k := range inputs {
		h.Write(k[:])
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// Blob is one named piece of a cell result.
type Blob struct {
	Name string
	Data []byte
}

// Entry is a cell result: a list of named blobs.
type Entry struct {
	Blobs []Blob
}

// Blob returns the data of the blob with the given name.
func (e *Entry) Blob(name string) ([]byte, bool) {
	for _, b := range e.Blobs {
		if b.Name == name {
			return b.Data, true
		}
	}
	return nil, false
}

// Size returns the total number of data bytes in e.
func (e *Entry) Size() int64 {
	var n int64
	for _, b := range e.Blobs {
		n += int64(len(b.Data))
	}
	return n
}

// ErrNotFound is returned by Get for a key without an entry.
var ErrNotFound = errors.New("cache: entry not found")

// ErrCorrupt is returned (wrapped) by Get for an entry whose file is
// truncated, malformed or fails its checksum.
var ErrCorrupt = errors.New("cache: entry corrupt")

// Store is a cache directory.
type Store struct {
	dir string
}

// New returns the store rooted at dir. Nothing is created until the first Put.
func New(dir string) *Store { return &Store{dir: dir} }

// Dir returns the store's root directory.
func (s *Store) Dir() string { return s.dir }

const fileExt = ".rxc"

// Path returns the file that holds the entry for k.
func (s *Store) Path(k Key) string {
	hx := k.String()
	return filepath.Join(s.dir, hx[:2], hx+fileExt)
}

// Has reports whether an entry file for k exists. It does not verify it.
func (s *Store) Has(k Key) bool {
	_, err := os.Stat(s.Path(k))
	return err == nil
}

var magic = [8]byte{'R', 'X', 'C', 'A', 'C', 'H', 'E', '1'}

// encode lays out an entry: magic, key, blob count, then per blob the name
// length, name, data length and data; finally the sha256 of everything
// before it.
func encode(k Key, e *Entry) []byte {
	n := len(magic) + len(k) + 4 + sha256.Size
	for _, b := range e.Blobs {
		n += 4 + len(b.Name) + 8 + len(b.Data)
	}
	out := make([]byte, 0, n)
	out = append(out, magic[:]...)
	out = append(out, k[:]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(e.Blobs)))
	for _, b := range e.Blobs {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(b.Name)))
		out = append(out, b.Name...)
		out = binary.LittleEndian.AppendUint64(out, uint64(len(b.Data)))
		out = append(out, b.Data...)
	}
	sum := sha256.Sum256(out)
	return append(out, sum[:]...)
}

// decode parses and verifies an entry file for key k.
func decode(k Key, data []byte) (*Entry, error) {
	head := len(magic) + len(k) + 4
	if len(data) < head+sha256.Size {
		return nil, fmt.Errorf("%w: truncated (%d bytes)", ErrCorrupt, len(data))
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	if !bytes.Equal(body[:len(magic)], magic[:]) {
		return nil, fmt.Errorf("%w: bad magic", ErrCorrupt)
	}
	if !bytes.Equal(body[len(magic):len(magic)+len(k)], k[:]) {
		return nil, fmt.Errorf("%w: entry belongs to another key", ErrCorrupt)
	}
	count := binary.LittleEndian.Uint32(body[head-4:])
	p := body[head:]
	e := &Entry{}
	for i := uint32(0); i < count; i++ {
		if len(p) < 4 {
			return nil, fmt.Errorf("%w: truncated blob header", ErrCorrupt)
		}
		nl := binary.LittleEndian.Uint32(p)
		p = p[4:]
		if uint64(len(p)) < uint64(nl)+8 {
			return nil, fmt.Errorf("%w: truncated blob name", ErrCorrupt)
		}
		name := string(p[:nl])
		p = p[nl:]
		dl := binary.LittleEndian.Uint64(p)
		p = p[8:]
		if uint64(len(p)) < dl {
			return nil, fmt.Errorf("%w: truncated blob %q", ErrCorrupt, name)
		}
		e.Blobs = append(e.Blobs, Blob{Name: name, Data: p[:dl:dl]})
		p = p[dl:]
	}
	if len(p) != 0 {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrCorrupt, len(p))
	}
	return e, nil
}

// MaxEntrySize is the largest entry file Get reads (4 GiB); a larger file
// is reported as corrupt rather than read into memory.
const MaxEntrySize = 1 << 32

// Get reads and verifies the entry for k. A missing entry gives ErrNotFound;
// a corrupt one (bad checksum, truncated, another key's, larger than
// MaxEntrySize, or not a regular file: a symbolic link, a directory, a FIFO
// or a device) gives an error wrapping ErrCorrupt. Get does not remove
// anything: a corrupt entry is replaced when its cell is computed again.
func (s *Store) Get(k Key) (*Entry, error) {
	path := s.Path(k)
	data, err := readRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	e, err := decode(k, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return e, nil
}

// readRegular reads path if it is a regular file of at most MaxEntrySize
// bytes, without following a symbolic link and without blocking on a FIFO.
func readRegular(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: %w: not a regular file (%s)", path, ErrCorrupt, fileType(fi.Mode()))
		}
		return nil, fmt.Errorf("cache: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w: not a regular file (%s)", path, ErrCorrupt, fileType(st.Mode()))
	}
	if st.Size() > MaxEntrySize {
		return nil, fmt.Errorf("%s: %w: %d bytes, more than the %d an entry may have", path, ErrCorrupt, st.Size(), int64(MaxEntrySize))
	}
	data := make([]byte, st.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrCorrupt, err)
	}
	return data, nil
}

// fileType names a non-regular file mode.
func fileType(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// Put stores e under k atomically: temp file, fsync, rename. The rename
// replaces a corrupt entry, a symbolic link, a FIFO or a device node at the
// entry's path; a directory there is refused (runexp removes nothing it
// did not write).
func (s *Store) Put(k Key, e *Entry) error {
	path := s.Path(k)
	err := WriteFileAtomic(path, encode(k, e))
	if err != nil {
		if fi, serr := os.Lstat(path); serr == nil && fi.IsDir() {
			return fmt.Errorf("cache: %s is a directory, not a cache entry; remove it", path)
		}
	}
	return err
}

// Remove deletes the entry for k (no error if it does not exist). It
// removes only a regular file that starts as a runexp entry of k does (or
// an empty file), so a file of another program that happens to have an
// entry's name is left alone (Remove then returns ErrForeign).
func (s *Store) Remove(k Key) error {
	path := s.Path(k)
	if !s.owns(k, path) {
		return fmt.Errorf("%s: %w", path, ErrForeign)
	}
	err := os.Remove(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// ErrForeign is returned (wrapped) by Remove for a file at an entry's path
// that is not a runexp cache entry.
var ErrForeign = errors.New("not a runexp cache entry; left alone")

// owns reports whether path (the file of k) is runexp's: a regular file
// that is empty (a killed write cannot leave one, but an interrupted copy
// can) or begins with the entry magic and k, or a path that does not exist.
func (s *Store) owns(k Key, path string) bool {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	if fi.Size() == 0 {
		return true
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [len(magic) + len(Key{})]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return false
	}
	return bytes.Equal(head[:len(magic)], magic[:]) && bytes.Equal(head[len(magic):], k[:])
}

// EntryInfo describes one entry file found by List.
type EntryInfo struct {
	Key  Key
	Size int64
}

// List returns every entry in the store, sorted by key: the regular files
// named <key>.rxc in the directory of the key's first two hex digits.
// Anything else under the store's directory is not runexp's and is ignored.
func (s *Store) List() ([]EntryInfo, error) {
	var out []EntryInfo
	dirs, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	for _, d := range dirs {
		if !d.IsDir() || !isHex2(d.Name()) {
			continue
		}
		files, err := os.ReadDir(filepath.Join(s.dir, d.Name()))
		if err != nil {
			return nil, fmt.Errorf("cache: %w", err)
		}
		for _, f := range files {
			name := f.Name()
			if !strings.HasSuffix(name, fileExt) {
				continue
			}
			k, err := ParseKey(strings.TrimSuffix(name, fileExt))
			if err != nil || k.String()[:2] != d.Name() || !f.Type().IsRegular() {
				continue
			}
			info, err := f.Info()
			if err != nil {
				continue
			}
			out = append(out, EntryInfo{Key: k, Size: info.Size()})
		}
	}
	return out, nil
}
