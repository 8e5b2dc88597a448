package cache

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestNonRegularEntries puts a symbolic link to /dev/zero, a FIFO and
// directories at an entry's path: Get reports each as corrupt at once
// (no unbounded read, no hang, the right reason), Put replaces the link and
// the FIFO and refuses a non-empty directory with a message naming it.
func TestNonRegularEntries(t *testing.T) {
	k := KeyOf("metric", 1, []byte(`{}`), nil)
	cases := []struct {
		name    string
		make    func(path string) error
		reason  string
		putFail bool
	}{
		{"symlink to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "symbolic link", false},
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "FIFO", false},
		{"empty directory", func(p string) error { return os.Mkdir(p, 0o755) }, "directory", true},
		{"directory", func(p string) error { return os.MkdirAll(filepath.Join(p, "x"), 0o755) }, "directory", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(t.TempDir())
			path := s.Path(k)
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := c.make(path); err != nil {
				t.Skip(err)
			}
			done := make(chan error, 1)
			go func() { _, err := s.Get(k); done <- err }()
			select {
			case err := <-done:
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), c.reason) {
					t.Errorf("Get = %v, want ErrCorrupt naming %q", err, c.reason)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Get hangs")
			}
			err := s.Put(k, testEntry())
			if c.putFail {
				if err == nil || !strings.Contains(err.Error(), "is a directory") {
					t.Errorf("Put over a directory = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(k); err != nil {
				t.Errorf("Get after Put: %v", err)
			}
		})
	}
}

func TestIsTemp(t *testing.T) {
	for _, c := range []struct {
		name, base string
		want       bool
	}{
		{".tmp-s.parquet-123", "s.parquet", true},
		{".tmp-s.parquet-", "s.parquet", false},
		{".tmp-s.parquet-12a", "s.parquet", false},
		{".tmp-s.parquet.bak-1", "s.parquet", false},
		{"s.parquet", "s.parquet", false},
		{".tmp-x-1", "s.parquet", false},
	} {
		if got := IsTemp(c.name, c.base); got != c.want {
			t.Errorf("IsTemp(%q, %q) = %v", c.name, c.base, got)
		}
	}
	hx := strings.Repeat("ab", 32)
	for _, c := range []struct {
		dir, name string
		want      bool
	}{
		{"ab", ".tmp-" + hx + ".rxc-42", true},
		{"cd", ".tmp-" + hx + ".rxc-42", false}, // not in its key's directory
		{"ab", ".tmp-" + hx + ".rxc-x", false},
		{"ab", ".tmp-" + hx[:62] + ".rxc-1", false},
		{"ab", ".tmp-wheel", false},
	} {
		if got := isEntryTemp(c.dir, c.name); got != c.want {
			t.Errorf("isEntryTemp(%q, %q) = %v", c.dir, c.name, got)
		}
	}
}

// TestCollect removes what is neither kept nor leased, leaves files that
// are not runexp's, and removes temporary files by age while a lease is
// live and all of them once none is.
func TestCollect(t *testing.T) {
	s := New(t.TempDir())
	var keys []Key
	for i := range 4 {
		k := KeyOf("m", 1, []byte{byte(i)}, nil)
		keys = append(keys, k)
		if err := s.Put(k, testEntry()); err != nil {
			t.Fatal(err)
		}
	}
	// A file with an entry's name that is not runexp's.
	alien := KeyOf("m", 1, []byte("alien"), nil)
	os.MkdirAll(filepath.Dir(s.Path(alien)), 0o755)
	os.WriteFile(s.Path(alien), []byte("someone else's data"), 0o644)
	l, err := s.Lease(keys[1:2])
	if err != nil {
		t.Fatal(err)
	}
	// Temporary files: one old, one young, one of another program.
	hx := keys[0].String()
	old := filepath.Join(s.Dir(), hx[:2], ".tmp-"+hx+".rxc-1")
	young := filepath.Join(s.Dir(), hx[:2], ".tmp-"+hx+".rxc-2")
	other := filepath.Join(s.Dir(), hx[:2], ".tmp-notes")
	for _, p := range []string{old, young, other} {
		os.WriteFile(p, []byte("x"), 0o644)
	}
	past := time.Now().Add(-2 * time.Hour)
	os.Chtimes(old, past, past)
	os.Chtimes(other, past, past)
	st, err := s.Collect(map[Key]bool{keys[0]: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := Collected{Removed: 2, Kept: 2, Temps: 1, Live: 1, Foreign: 1}
	st.RemovedBytes, st.KeptBytes = 0, 0
	if st != want {
		t.Errorf("Collect with a live lease = %+v, want %+v", st, want)
	}
	for _, k := range keys[:2] {
		if _, err := s.Get(k); err != nil {
			t.Errorf("kept entry: %v", err)
		}
	}
	if _, err := os.Stat(s.Path(alien)); err != nil {
		t.Error("a file that is not runexp's was removed")
	}
	if _, err := os.Stat(young); err != nil {
		t.Error("a young temporary file was removed while a lease is live")
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	st, err = s.Collect(nil, false)
	if err != nil || st.Removed != 2 || st.Temps != 1 || st.Live != 0 {
		t.Errorf("Collect after Release = %+v, %v", st, err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Error("another program's temporary file was removed")
	}
}

// TestStaleLease leaves a lease file nobody holds (a killed process's): it
// does not protect anything and is removed.
func TestStaleLease(t *testing.T) {
	s := New(t.TempDir())
	k := KeyOf("m", 1, nil, nil)
	s.Put(k, testEntry())
	os.MkdirAll(filepath.Join(s.Dir(), leaseDir), 0o755)
	stale := filepath.Join(s.Dir(), leaseDir, "123.lease")
	os.WriteFile(stale, append(leaseMagic[:], k[:]...), 0o644)
	st, err := s.Collect(nil, false)
	if err != nil || st.Removed != 1 || st.Live != 0 {
		t.Errorf("Collect = %+v, %v", st, err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("stale lease file not removed")
	}
}

// deadTemp writes the temporary file a writer of an entry killed before its
// rename leaves, and returns its path.
func deadTemp(t *testing.T, s *Store) string {
	t.Helper()
	hx := KeyOf("m", 1, nil, nil).String()
	dir := filepath.Join(s.Dir(), hx[:2])
	tmp := filepath.Join(dir, ".tmp-"+hx+".rxc-77")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmp, []byte("partial"), 0o644); err != nil {
		t.Fatal(err)
	}
	return tmp
}

// TestLeaseRemovesDeadTemps: a lease that finds a stale lease (a killed
// run's) and no live one removes every temporary file of an entry,
// whatever its age; without a stale lease, or while another lease is live,
// it removes none.
func TestLeaseRemovesDeadTemps(t *testing.T) {
	s := New(t.TempDir())
	tmp := deadTemp(t, s)
	l0, err := s.Lease(nil)
	if err != nil {
		t.Fatal(err)
	}
	l0.Release()
	if _, err := os.Stat(tmp); err != nil {
		t.Error("a lease removed a temporary file with no stale lease in the store")
	}
	os.WriteFile(filepath.Join(s.Dir(), leaseDir, "killed.lease"), leaseMagic[:], 0o644)
	l1, err := s.Lease(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l1.Release()
	if _, err := os.Stat(tmp); err == nil {
		t.Error("the first lease after a killed run left a dead temporary file")
	}
	os.WriteFile(tmp, []byte("partial"), 0o644)
	os.WriteFile(filepath.Join(s.Dir(), leaseDir, "killed.lease"), leaseMagic[:], 0o644)
	l2, err := s.Lease(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); err != nil {
		t.Error("a lease removed a temporary file while another lease is live")
	}
	// The stale lease is the only trace of the dead temporary file: it
	// stays until a lease or gc with no live lease sweeps (a process killed
	// between removing the stale lease and sweeping would otherwise leave
	// the temporary file for good).
	l1.Release()
	l2.Release()
	if _, err := os.Stat(filepath.Join(s.Dir(), leaseDir, "killed.lease")); err != nil {
		t.Error("a lease removed a stale lease without sweeping its temporary files")
	}
	l3, err := s.Lease(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l3.Release()
	if _, err := os.Stat(tmp); err == nil {
		t.Error("the first lease with no other live lease left a dead temporary file")
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), leaseDir, "killed.lease")); err == nil {
		t.Error("stale lease file not removed by the sweep")
	}
}

// TestCollectKeepsStaleLeaseWhileLive: gc while a run is live removes only
// old temporary files, so it keeps the stale lease that tells a later run
// or gc to sweep the young ones of the killed process.
func TestCollectKeepsStaleLeaseWhileLive(t *testing.T) {
	s := New(t.TempDir())
	tmp := deadTemp(t, s)
	live, err := s.Lease(nil)
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(s.Dir(), leaseDir, "killed.lease")
	os.WriteFile(stale, leaseMagic[:], 0o644)
	st, err := s.Collect(nil, false)
	if err != nil || st.Temps != 0 || st.Live != 1 {
		t.Errorf("Collect with a live lease = %+v, %v; want no temporary file removed, 1 live", st, err)
	}
	if _, err := os.Stat(stale); err != nil {
		t.Error("gc removed a stale lease while a lease was live (its young temporary files were kept)")
	}
	live.Release()
	st, err = s.Collect(nil, false)
	if err != nil || st.Temps != 1 || st.Live != 0 {
		t.Errorf("Collect with no live lease = %+v, %v; want 1 temporary file removed", st, err)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Error("gc with no live lease left a dead temporary file")
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("stale lease file not removed by gc with no live lease")
	}
}

// TestLock: a named lock excludes a second holder until released.
func TestLock(t *testing.T) {
	s := New(t.TempDir())
	unlock, err := s.Lock("exp")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	order := []string{}
	done := make(chan struct{})
	go func() {
		u2, err := s.Lock("exp")
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		order = append(order, "second")
		mu.Unlock()
		u2()
		close(done)
	}()
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	order = append(order, "first")
	mu.Unlock()
	unlock()
	<-done
	if strings.Join(order, ",") != "first,second" {
		t.Errorf("lock order %v", order)
	}
}

// TestLeaseNotWritable: a store under a file cannot be leased.
func TestLeaseNotWritable(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := New(filepath.Join(f, ".cache")).Lease(nil); err == nil {
		t.Error("Lease under a file succeeded")
	}
}

// FuzzDecode feeds arbitrary bytes to the entry decoder, as they are and
// with a valid checksum appended (so that the parser behind the checksum is
// reached): it must not panic, every error wraps ErrCorrupt, and whatever
// it accepts encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	k := KeyOf("m", 1, nil, nil)
	f.Add(encode(k, testEntry()))
	f.Add(encode(k, &Entry{}))
	f.Add(encode(k, &Entry{Blobs: []Blob{{Name: "a", Data: []byte("b")}}}))
	f.Add([]byte{})
	f.Add(append(magic[:], k[:]...))
	f.Fuzz(func(t *testing.T, data []byte) {
		sum := sha256.Sum256(data)
		for _, in := range [][]byte{data, append(data[:len(data):len(data)], sum[:]...)} {
			e, err := decode(k, in)
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("error %v does not wrap ErrCorrupt", err)
				}
				continue
			}
			if !bytes.Equal(encode(k, e), in) {
				t.Fatal("decoded entry does not encode to its bytes")
			}
		}
	})
}
