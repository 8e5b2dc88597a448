package cache

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
)

func testEntry() *Entry {
	return &Entry{Blobs: []Blob{
		{Name: "values.json", Data: []byte(`{"diameter":2}`)},
		{Name: "empty", Data: nil},
		{Name: "big", Data: bytes.Repeat([]byte{7}, 100000)},
	}}
}

func TestPutGet(t *testing.T) {
	s := New(t.TempDir())
	k := KeyOf("metric", 1, []byte(`{"q":5}`), nil)
	if s.Has(k) {
		t.Fatal("Has before Put")
	}
	if _, err := s.Get(k); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get before Put: %v", err)
	}
	if err := s.Put(k, testEntry()); err != nil {
		t.Fatal(err)
	}
	if !s.Has(k) {
		t.Fatal("Has after Put")
	}
	e, err := s.Get(k)
	if err != nil {
		t.Fatal(err)
	}
	want := testEntry()
	if len(e.Blobs) != len(want.Blobs) {
		t.Fatalf("got %d blobs, want %d", len(e.Blobs), len(want.Blobs))
	}
	for i, b := range want.Blobs {
		if e.Blobs[i].Name != b.Name || !bytes.Equal(e.Blobs[i].Data, b.Data) {
			t.Errorf("blob %d: got %q (%d bytes), want %q (%d bytes)", i, e.Blobs[i].Name, len(e.Blobs[i].Data), b.Name, len(b.Data))
		}
	}
	if d, ok := e.Blob("values.json"); !ok || string(d) != `{"diameter":2}` {
		t.Errorf("Blob(values.json) = %q, %v", d, ok)
	}
	if e.Size() != want.Size() {
		t.Errorf("Size = %d, want %d", e.Size(), want.Size())
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || list[0].Key != k {
		t.Fatalf("List = %v, %v", list, err)
	}
}

// TestCorrupt damages an entry in several ways; each must be reported as
// ErrCorrupt, the file left as it is (Get writes nothing), and a Put
// replaces it.
func TestCorrupt(t *testing.T) {
	k := KeyOf("metric", 1, []byte(`{}`), nil)
	other := KeyOf("metric", 2, []byte(`{}`), nil)
	cases := []struct {
		name   string
		damage func(path string, data []byte) []byte
	}{
		{"flipped byte", func(_ string, d []byte) []byte { d[len(d)/2] ^= 1; return d }},
		{"truncated", func(_ string, d []byte) []byte { return d[:len(d)-100] }},
		{"empty", func(string, []byte) []byte { return nil }},
		{"wrong key", func(string, []byte) []byte { return encode(other, testEntry()) }},
		{"trailing garbage", func(_ string, d []byte) []byte { return append(d, 1, 2, 3) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(t.TempDir())
			if err := s.Put(k, testEntry()); err != nil {
				t.Fatal(err)
			}
			path := s.Path(k)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, c.damage(path, data), 0o644); err != nil {
				t.Fatal(err)
			}
			damaged, _ := os.ReadFile(path)
			if _, err := s.Get(k); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Get = %v, want ErrCorrupt", err)
			}
			if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, damaged) {
				t.Errorf("Get changed the corrupt entry (%v)", err)
			}
			if err := s.Put(k, testEntry()); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(k); err != nil {
				t.Errorf("Get after Put: %v", err)
			}
		})
	}
}

func TestKeyOf(t *testing.T) {
	base := KeyOf("metric", 1, []byte("p"), nil)
	in := KeyOf("build", 1, []byte("x"), nil)
	distinct := []Key{
		base,
		KeyOf("metrics", 1, []byte("p"), nil),
		KeyOf("metric", 2, []byte("p"), nil),
		KeyOf("metric", 1, []byte("q"), nil),
		KeyOf("metric", 1, []byte("p"), []Key{in}),
		KeyOf("metric", 1, []byte("p"), []Key{in, in}),
		// Length prefixes keep kind/params boundaries apart.
		KeyOf("metricp", 1, nil, nil),
	}
	seen := map[Key]int{}
	for i, k := range distinct {
		if j, dup := seen[k]; dup {
			t.Errorf("keys %d and %d collide", i, j)
		}
		seen[k] = i
	}
	if KeyOf("metric", 1, []byte("p"), nil) != base {
		t.Error("KeyOf is not deterministic")
	}
	// Pin the scheme: a change here invalidates every cache, which must be
	// a deliberate decision (bump SchemeVersion).
	if got, want := base.String(), "853550c5d6190ad96af902b715114a69a052eb85af1094416282fc8285e8b1fb"; got != want {
		t.Errorf("KeyOf(metric, 1, p) = %s, want %s", got, want)
	}
	k2, err := ParseKey(base.String())
	if err != nil || k2 != base {
		t.Errorf("ParseKey round trip: %v", err)
	}
	if _, err := ParseKey("abc"); err == nil {
		t.Error("ParseKey accepted a short key")
	}
}

// TestConcurrentPut writes the same keys from many goroutines (as two
// runexp processes would); every entry must verify afterwards and no temp
// file may remain.
func TestConcurrentPut(t *testing.T) {
	s := New(t.TempDir())
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				k := KeyOf("cell", 1, []byte(fmt.Sprint(i)), nil)
				if err := s.Put(k, testEntry()); err != nil {
					t.Error(err)
				}
				if _, err := s.Get(k); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	list, err := s.List()
	if err != nil || len(list) != 20 {
		t.Fatalf("List: %d entries, %v", len(list), err)
	}
	n, _, err := s.removeTemps(0, true)
	if err != nil || n != 0 {
		t.Errorf("found %d leftover temp files (%v)", n, err)
	}
}

func BenchmarkGet(b *testing.B) {
	s := New(b.TempDir())
	k := KeyOf("metric", 1, []byte(`{"q":19}`), nil)
	e := &Entry{Blobs: []Blob{{Name: "values.json", Data: []byte(`[{"name":"diameter","kind":"int","value":2},{"name":"avg_distance","kind":"float","value":1.95}]`)}}}
	if err := s.Put(k, e); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Get(k); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHas(b *testing.B) {
	s := New(b.TempDir())
	k := KeyOf("metric", 1, nil, nil)
	s.Put(k, &Entry{})
	b.ReportAllocs()
	for b.Loop() {
		if !s.Has(k) {
			b.Fatal("missing")
		}
	}
}

func BenchmarkKeyOf(b *testing.B) {
	params := []byte(`{"family":"slimfly","p":15,"q":19,"radix":0}`)
	in := []Key{KeyOf("build", 1, params, nil)}
	b.ReportAllocs()
	for b.Loop() {
		KeyOf("distance", 1, params, in)
	}
}

func BenchmarkPut(b *testing.B) {
	s := New(b.TempDir())
	e := &Entry{Blobs: []Blob{{Name: "values.json", Data: make([]byte, 200)}}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if err := s.Put(KeyOf("m", 1, []byte(fmt.Sprint(i)), nil), e); err != nil {
			b.Fatal(err)
		}
	}
}
