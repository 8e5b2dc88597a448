package dataset

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// sampleTable returns a table of n rows holding every kind, with nulls in
// every column when nulls is true.
func sampleTable(n int, nulls bool) *Table {
	topo := NewColumn("topology", String, "")
	topo.Doc = "topology family"
	q := NewColumn("q", Int, "")
	ep := NewColumn("endpoints", Int, "endpoints")
	hops := NewColumn("avg_hops", Float, "hops")
	hops.Doc = "average router-to-router distance"
	ok := NewColumn("deadlock_free", Bool, "")
	dims := NewColumn("dims", IntList, "routers")
	dims.Doc = "routers per dimension"
	names := []string{"slimfly", "dragonfly", "fattree", "héllo, wörld", ""}
	for i := 0; i < n; i++ {
		null := nulls && i%7 == 3
		appendOrNull := func(c *Column, v Value, isNull bool) {
			if isNull {
				v = Value{}
			}
			if err := c.Append(v); err != nil {
				panic(err)
			}
		}
		appendOrNull(topo, StringValue(names[i%len(names)]), null)
		appendOrNull(q, IntValue(int64(i)*37-1000), nulls && i%5 == 1)
		appendOrNull(ep, IntValue(math.MaxInt64-int64(i)), false)
		f := float64(i)/3 + 0.125
		switch i % 11 {
		case 4:
			f = math.NaN()
		case 5:
			f = math.Inf(-1)
		case 6:
			f = math.Copysign(0, -1) // negative zero (the literal -0.0 is +0)
		}
		appendOrNull(hops, FloatValue(f), null)
		appendOrNull(ok, BoolValue(i%3 == 0), nulls && i%4 == 2)
		l := make([]int64, i%4) // 0 to 3 dimensions: the empty list is not null
		for j := range l {
			l[j] = int64(i*(j+1)) - 7
		}
		appendOrNull(dims, IntListValue(l), nulls && i%6 == 5)
	}
	return &Table{
		Columns: []*Column{topo, q, ep, hops, ok, dims},
		Meta:    map[string]string{"study": "structure", "experiment": "sf14", "code_version": "3"},
	}
}

// sameTable reports the first difference between two tables, or "".
func sameTable(got, want *Table) string {
	if len(got.Columns) != len(want.Columns) {
		return fmt.Sprintf("got %d columns, want %d", len(got.Columns), len(want.Columns))
	}
	if got.NumRows() != want.NumRows() {
		return fmt.Sprintf("got %d rows, want %d", got.NumRows(), want.NumRows())
	}
	if len(got.Meta) != len(want.Meta) {
		return fmt.Sprintf("got meta %v, want %v", got.Meta, want.Meta)
	}
	for k, v := range want.Meta {
		if got.Meta[k] != v {
			return fmt.Sprintf("meta %q: got %q, want %q", k, got.Meta[k], v)
		}
	}
	for i, w := range want.Columns {
		g := got.Columns[i]
		if g.Name != w.Name || g.Kind != w.Kind || g.Unit != w.Unit || g.Doc != w.Doc {
			return fmt.Sprintf("column %d: got %q %s unit %q doc %q, want %q %s unit %q doc %q",
				i, g.Name, g.Kind, g.Unit, g.Doc, w.Name, w.Kind, w.Unit, w.Doc)
		}
		if (g.Valid == nil) != (w.Valid == nil) {
			return fmt.Sprintf("column %q: got Valid nil=%v, want nil=%v", w.Name, g.Valid == nil, w.Valid == nil)
		}
		for r := 0; r < w.Len(); r++ {
			gv, wv := g.Value(r), w.Value(r)
			if !gv.Equal(wv) || gv.Kind != wv.Kind {
				return fmt.Sprintf("column %q row %d: got %#v, want %#v", w.Name, r, gv, wv)
			}
			if wv.Kind == Float && math.Signbit(gv.F) != math.Signbit(wv.F) {
				return fmt.Sprintf("column %q row %d: sign of %v lost", w.Name, r, wv.F)
			}
		}
	}
	return ""
}

func encode(t testing.TB, tab *Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteParquet(&buf, tab); err != nil {
		t.Fatalf("WriteParquet: %v", err)
	}
	return buf.Bytes()
}

func TestParquetRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		tab  *Table
	}{
		{"empty table", &Table{}},
		{"zero rows", sampleTable(0, false)},
		{"one row", sampleTable(1, false)},
		{"no nulls", sampleTable(100, false)},
		{"nulls", sampleTable(100, true)},
		{"10000 rows", sampleTable(10000, true)},
		{"no meta", &Table{Columns: sampleTable(10, true).Columns}},
		{"all null", &Table{Columns: []*Column{{Name: "x", Kind: Float, Floats: make([]float64, 3), Valid: make([]bool, 3)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := encode(t, tt.tab)
			got, err := ReadParquet(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				t.Fatalf("ReadParquet: %v", err)
			}
			if d := sameTable(got, tt.tab); d != "" {
				t.Error(d)
			}
		})
	}
}

func TestWriteParquetDeterministic(t *testing.T) {
	tab := sampleTable(1000, true)
	a := encode(t, tab)
	b := encode(t, tab)
	if !bytes.Equal(a, b) {
		t.Fatal("two writes of the same table differ")
	}
	// Map iteration order of Meta must not matter either.
	for i := 0; i < 20; i++ {
		tab.Meta[fmt.Sprintf("k%02d", i)] = fmt.Sprint(i)
	}
	a = encode(t, tab)
	for i := 0; i < 5; i++ {
		if !bytes.Equal(a, encode(t, tab)) {
			t.Fatal("writes with a larger Meta map differ")
		}
	}
}

func TestWriteParquetRejectsBadTable(t *testing.T) {
	tab := &Table{Columns: []*Column{
		{Name: "a", Kind: Int, Ints: []int64{1, 2}},
		{Name: "b", Kind: Int, Ints: []int64{1}},
	}}
	if err := WriteParquet(&bytes.Buffer{}, tab); err == nil {
		t.Fatal("want error for columns of different lengths")
	}
	tab = &Table{Columns: []*Column{{Name: "a", Kind: Int}}, Meta: map[string]string{MetaKeyChecksum: "x"}}
	if err := WriteParquet(&bytes.Buffer{}, tab); err == nil {
		t.Fatal("want error for the reserved metadata key")
	}
	tab = &Table{Columns: []*Column{{Name: "a", Kind: Null}}}
	if err := WriteParquet(&bytes.Buffer{}, tab); err == nil {
		t.Fatal("want error for a column without kind")
	}
}

// TestParquetIndependentRead reads the file with pqarrow and the low-level
// file reader, not with ReadParquet, and checks what was written.
func TestParquetIndependentRead(t *testing.T) {
	want := sampleTable(2500, true)
	b := encode(t, want)
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(b), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatalf("pqarrow.ReadTable: %v", err)
	}
	defer tbl.Release()
	if got := tbl.NumRows(); got != int64(want.NumRows()) {
		t.Fatalf("got %d rows, want %d", got, want.NumRows())
	}
	sc := tbl.Schema()
	wantTypes := []arrow.Type{arrow.STRING, arrow.INT64, arrow.INT64, arrow.FLOAT64, arrow.BOOL, arrow.LIST}
	for i, c := range want.Columns {
		f := sc.Field(i)
		if f.Name != c.Name || f.Type.ID() != wantTypes[i] || !f.Nullable {
			t.Errorf("field %d = %v, want %s of type %v, nullable", i, f, c.Name, wantTypes[i])
		}
		unit, _ := f.Metadata.GetValue("unit")
		doc, _ := f.Metadata.GetValue("doc")
		if unit != c.Unit || doc != c.Doc {
			t.Errorf("field %s: unit %q doc %q, want %q %q", c.Name, unit, doc, c.Unit, c.Doc)
		}
		row := 0
		for _, chunk := range tbl.Column(i).Data().Chunks() {
			for j := 0; j < chunk.Len(); j, row = j+1, row+1 {
				wv := c.Value(row)
				if chunk.IsNull(j) != wv.IsNull() {
					t.Fatalf("%s row %d: null = %v, want %v", c.Name, row, chunk.IsNull(j), wv.IsNull())
				}
				if wv.IsNull() {
					continue
				}
				var gv Value
				switch a := chunk.(type) {
				case *array.String:
					gv = StringValue(a.Value(j))
				case *array.Int64:
					gv = IntValue(a.Value(j))
				case *array.Float64:
					gv = FloatValue(a.Value(j))
				case *array.Boolean:
					gv = BoolValue(a.Value(j))
				case *array.List:
					lo, hi := a.ValueOffsets(j)
					gv = IntListValue(a.ListValues().(*array.Int64).Int64Values()[lo:hi])
				default:
					t.Fatalf("%s: unexpected array %T", c.Name, chunk)
				}
				if !gv.Equal(wv) {
					t.Fatalf("%s row %d: got %v, want %v", c.Name, row, gv, wv)
				}
			}
		}
	}

	// The low-level reader sees zstd, no dictionary pages, one row group.
	path := filepath.Join(t.TempDir(), "structure.parquet")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatalf("file.OpenParquetFile: %v", err)
	}
	defer pf.Close()
	md := pf.MetaData()
	if pf.NumRowGroups() != 1 {
		t.Errorf("got %d row groups, want 1", pf.NumRowGroups())
	}
	if md.GetCreatedBy() != parquetCreatedBy {
		t.Errorf("created by %q", md.GetCreatedBy())
	}
	if md.KeyValueMetadata().FindValue(arrowSchemaKey) == nil {
		t.Error("Arrow schema not stored")
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	asc, err := fr.Schema()
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range want.Meta {
		if got, _ := asc.Metadata().GetValue(k); got != v {
			t.Errorf("schema metadata %q = %q, want %q", k, got, v)
		}
	}
	if v := md.KeyValueMetadata().FindValue(MetaKeyChecksum); v == nil || len(*v) != 64 {
		t.Errorf("checksum entry = %v", v)
	}
	rg := md.RowGroup(0)
	for i := 0; i < rg.NumColumns(); i++ {
		cc, err := rg.ColumnChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		if cc.Compression() != compress.Codecs.Zstd {
			t.Errorf("column %d compressed with %v, want zstd", i, cc.Compression())
		}
		if cc.HasDictionaryPage() {
			t.Errorf("column %d has a dictionary page", i)
		}
		for _, enc := range cc.Encodings() {
			if enc == parquet.Encodings.PlainDict || enc == parquet.Encodings.RLEDict {
				t.Errorf("column %d uses dictionary encoding %v", i, enc)
			}
		}
	}
}

// TestReadParquetForeign reads a file written by pqarrow without a stored
// schema and with narrower types.
func TestReadParquetForeign(t *testing.T) {
	mem := memory.DefaultAllocator
	sc := arrow.NewSchema([]arrow.Field{
		{Name: "i32", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "u8", Type: arrow.PrimitiveTypes.Uint8},
		{Name: "f32", Type: arrow.PrimitiveTypes.Float32},
	}, nil)
	b := array.NewRecordBuilder(mem, sc)
	defer b.Release()
	b.Field(0).(*array.Int32Builder).AppendValues([]int32{-5, 0, 7}, []bool{true, false, true})
	b.Field(1).(*array.Uint8Builder).AppendValues([]uint8{1, 2, 255}, nil)
	b.Field(2).(*array.Float32Builder).AppendValues([]float32{0.5, 1.5, -2}, nil)
	rec := b.NewRecord()
	defer rec.Release()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(sc, &buf, nil, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatalf("ReadParquet: %v", err)
	}
	want := &Table{Columns: []*Column{
		{Name: "i32", Kind: Int, Ints: []int64{-5, 0, 7}, Valid: []bool{true, false, true}},
		{Name: "u8", Kind: Int, Ints: []int64{1, 2, 255}},
		{Name: "f32", Kind: Float, Floats: []float64{0.5, 1.5, -2}},
	}}
	if d := sameTable(got, want); d != "" {
		t.Error(d)
	}
}

func TestReadParquetCorrupt(t *testing.T) {
	good := encode(t, sampleTable(300, true))
	cases := map[string][]byte{
		"empty":         nil,
		"short":         []byte("PAR1"),
		"not parquet":   []byte(strings.Repeat("hello world ", 20)),
		"no footer":     good[:len(good)-8],
		"half":          good[:len(good)/2],
		"footer length": append(append([]byte{}, good[:len(good)-8]...), 0xff, 0xff, 0xff, 0x7f, 'P', 'A', 'R', '1'),
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := ReadParquet(bytes.NewReader(b), int64(len(b))); err == nil {
				t.Error("want error")
			}
		})
	}

	// Flip bytes all over the file: the checksum catches every change.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400; i++ {
		b := append([]byte{}, good...)
		for k := 0; k < 1+i%4; k++ {
			b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
		}
		if _, err := ReadParquet(bytes.NewReader(b), int64(len(b))); err == nil {
			t.Errorf("corrupt file %d: want error", i)
		}
	}
	// A damaged checksum key still does not pass for a foreign file.
	b := bytes.Replace(append([]byte{}, good...), []byte(MetaKeyChecksum), []byte("runexp.sha257"), 1)
	if _, err := ReadParquet(bytes.NewReader(b), int64(len(b))); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("damaged checksum key: err = %v, want checksum error", err)
	}
	// Truncate at every length in the footer region and a sample of others.
	for n := 0; n < len(good); n += 1 + n/64 {
		if _, err := ReadParquet(bytes.NewReader(good[:n]), int64(n)); err == nil {
			t.Errorf("truncated to %d of %d bytes: want error", n, len(good))
		}
	}
}

// FuzzReadParquet checks that no input makes ReadParquet panic.
func FuzzReadParquet(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteParquet(&buf, sampleTable(20, true)); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := ReadParquet(bytes.NewReader(b), int64(len(b)))
		if err == nil {
			if err := tab.Check(); err != nil {
				t.Fatalf("inconsistent table: %v", err)
			}
		}
	})
}

func BenchmarkParquetWriteRead(b *testing.B) {
	tab := sampleTable(10000, true)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteParquet(&buf, tab); err != nil {
			b.Fatal(err)
		}
		if _, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len())); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "file-bytes")
}

func BenchmarkWriteParquet(b *testing.B) {
	tab := sampleTable(10000, true)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteParquet(&buf, tab); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadParquet(b *testing.B) {
	tab := sampleTable(10000, true)
	var buf bytes.Buffer
	if err := WriteParquet(&buf, tab); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len())); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReadParquetFile reads through an *os.File, as the cache does.
func TestReadParquetFile(t *testing.T) {
	want := sampleTable(50, true)
	path := filepath.Join(t.TempDir(), "cell.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteParquet(f, want); err != nil {
		t.Fatal(err)
	}
	// WriteParquet must not close the caller's writer.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatalf("file closed by WriteParquet? %v", err)
	}
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadParquet(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if d := sameTable(got, want); d != "" {
		t.Error(d)
	}
	if _, err := ReadParquet(f, st.Size()); err == nil {
		t.Error("reading a closed file: want error")
	}
}

// TestParquetKeyValueMetadata reads the file's key/value metadata with the
// low-level reader, as DuckDB's parquet_kv_metadata and pyarrow's
// read_metadata show it: units and docs are there in plain text, besides
// the Arrow schema, the table metadata and the checksum.
func TestParquetKeyValueMetadata(t *testing.T) {
	routers := NewColumn("routers", Int, "routers")
	routers.Doc = "number of routers"
	lat := NewColumn("latency", Float, "cycles")
	lat.Doc = `mean packet latency, "<" saturation`
	label := NewColumn("label", String, "")
	for i := 0; i < 3; i++ {
		for _, err := range []error{
			routers.Append(IntValue(int64(50 * (i + 1)))),
			lat.Append(FloatValue(float64(i) + 0.5)),
			label.Append(StringValue("Slim Fly")),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	tab := &Table{
		Columns: []*Column{label, routers, lat},
		Meta:    map[string]string{"runexp.title": "Fig. 1"},
	}
	b := encode(t, tab)
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	var got []string
	for _, kv := range pf.MetaData().KeyValueMetadata() {
		v := "<nil>"
		switch {
		case kv.Key == arrowSchemaKey || kv.Key == MetaKeyChecksum:
			v = "..." // checked elsewhere
		case kv.Value != nil:
			v = *kv.Value
		}
		got = append(got, kv.Key+" = "+v)
	}
	want := []string{
		"runexp.title = Fig. 1",
		"ARROW:schema = ...",
		`runexp:columns = {"label":{},"latency":{"unit":"cycles","doc":"mean packet latency, \"<\" saturation"},"routers":{"unit":"routers","doc":"number of routers"}}`,
		`runexp:doc:latency = mean packet latency, "<" saturation`,
		"runexp:doc:routers = number of routers",
		"runexp:unit:latency = cycles",
		"runexp:unit:routers = routers",
		"runexp.sha256 = ...",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("key/value metadata:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// ReadParquet restores units and docs from the Arrow schema and
	// leaves the copies out of Meta.
	back, err := ReadParquet(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if d := sameTable(back, tab); d != "" {
		t.Error(d)
	}
	if !bytes.Equal(b, encode(t, back)) {
		t.Error("writing the table read back changes the bytes")
	}

	// Table metadata may not use the reserved prefix.
	tab.Meta = map[string]string{MetaKeyUnitPrefix + "routers": "x"}
	if err := WriteParquet(&bytes.Buffer{}, tab); err == nil {
		t.Error("want error for a metadata key with the reserved prefix")
	}
	// A table without columns has no column entries.
	b = encode(t, &Table{})
	pf, err = file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	for _, kv := range pf.MetaData().KeyValueMetadata() {
		if strings.HasPrefix(kv.Key, MetaKeyReserved) {
			t.Errorf("table without columns: entry %q", kv.Key)
		}
	}
}
