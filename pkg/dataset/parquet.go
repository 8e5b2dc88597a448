package dataset

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// Keys of the Arrow field metadata in which a column's unit and description
// are stored.
const (
	MetaKeyUnit = "unit"
	MetaKeyDoc  = "doc"
)

// Keys of the Parquet key/value metadata entries in which WriteParquet also
// stores each column's unit and description, for readers that do not decode
// the Arrow schema (DuckDB's parquet_kv_metadata, pyarrow's
// pq.read_metadata(f).metadata): "runexp:unit:<column>" and
// "runexp:doc:<column>" for the columns that have one, and MetaKeyColumns
// for all columns as one JSON object, {"<column>": {"unit": "...", "doc":
// "..."}}, empty members left out. Keys starting with MetaKeyReserved are
// reserved: Table.Meta must not use them, and ReadParquet does not return
// them (units and docs come from the Arrow schema).
const (
	MetaKeyReserved   = "runexp:"
	MetaKeyUnitPrefix = MetaKeyReserved + "unit:"
	MetaKeyDocPrefix  = MetaKeyReserved + "doc:"
	MetaKeyColumns    = MetaKeyReserved + "columns"
)

// arrowSchemaKey is the Parquet key/value metadata entry in which pqarrow
// stores the serialized Arrow schema; it is not part of Table.Meta.
const arrowSchemaKey = "ARROW:schema"

// parquetCreatedBy is the "created by" string written into every file. It is
// fixed so that the output depends only on the table.
const parquetCreatedBy = "runexp (parquet-go version 17.0.0)"

// WriteParquet writes t to w as a single Parquet file.
//
// The file uses zstd compression and plain (never dictionary) encoding, has
// one row group, and stores the Arrow schema, so ReadParquet restores the
// column kinds exactly. Every field is nullable; Column.Valid marks the nulls.
// A column's Unit and Doc are stored in the Arrow field metadata under the
// keys "unit" and "doc" (only when non-empty), and t.Meta becomes the schema
// metadata, keys sorted. Since the Arrow schema is stored base64-encoded,
// invisible to most Parquet readers, units and docs are repeated as plain
// key/value metadata (see MetaKeyUnitPrefix), keys sorted. The output
// contains no timestamps: writing equal tables yields identical bytes.
func WriteParquet(w io.Writer, t *Table) error {
	if err := t.Check(); err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	for _, k := range []string{MetaKeyChecksum, arrowSchemaKey} {
		if _, ok := t.Meta[k]; ok {
			return fmt.Errorf("dataset: write parquet: metadata key %q is reserved", k)
		}
	}
	for k := range t.Meta {
		if strings.HasPrefix(k, MetaKeyReserved) {
			return fmt.Errorf("dataset: write parquet: metadata key %q is reserved (prefix %q)", k, MetaKeyReserved)
		}
	}
	for _, c := range t.Columns {
		if arrowType(c.Kind) == nil {
			return fmt.Errorf("dataset: write parquet: column %q has unsupported kind %s", c.Name, c.Kind)
		}
	}
	mem := memory.DefaultAllocator
	schema := arrowSchema(t)
	cols := make([]arrow.Array, len(t.Columns))
	defer func() {
		for _, a := range cols {
			if a != nil {
				a.Release()
			}
		}
	}()
	for i, c := range t.Columns {
		a, err := arrowArray(mem, c)
		if err != nil {
			return fmt.Errorf("dataset: write parquet: %w", err)
		}
		cols[i] = a
	}
	rec := array.NewRecord(schema, cols, int64(t.NumRows()))
	defer rec.Release()
	tbl := array.NewTableFromRecords(schema, []arrow.Record{rec})
	defer tbl.Release()

	props := parquet.NewWriterProperties(
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDictionaryDefault(false),
		parquet.WithCreatedBy(parquetCreatedBy),
		parquet.WithStats(true),
	)
	arrProps := pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem))
	chunk := int64(t.NumRows())
	if chunk < 1 {
		chunk = 1
	}
	// The file is assembled in memory: the checksum is patched in after
	// the footer is written, and pqarrow closes its sink, which must not
	// be the caller's writer.
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, props, arrProps)
	if err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	if err := fw.WriteTable(tbl, chunk); err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	kvs, err := columnKeyValues(t)
	if err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	for _, kv := range kvs {
		if err := fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
			return fmt.Errorf("dataset: write parquet: %w", err)
		}
	}
	// The checksum entry comes last: fileChecksum finds its last match.
	if err := fw.AppendKeyValueMetadata(MetaKeyChecksum, string(checksumPlaceholder)); err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	b := buf.Bytes()
	sum, err := fileChecksum(b)
	if err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	copy(sum.slot, sum.want) // the slot holds the placeholder; sum.want is the real checksum
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("dataset: write parquet: %w", err)
	}
	return nil
}

// MetaKeyChecksum is the Parquet key/value metadata entry in which
// WriteParquet stores the file checksum: the hex SHA-256 of the whole file
// with this value replaced by 64 '0' characters. ReadParquet verifies it
// before decoding anything, so that corrupt files are rejected up front
// rather than crashing the decoder. The key is reserved, like the
// "ARROW:schema" key where pqarrow stores the Arrow schema: Table.Meta
// must not use them, and ReadParquet does not return them.
const MetaKeyChecksum = "runexp.sha256"

// checksumPlaceholder is the value of the checksum entry while the
// checksum is computed.
var checksumPlaceholder = bytes.Repeat([]byte{'0'}, 64)

// checksumMarker is how the checksum entry's key and the header of its
// value appear in the Thrift compact encoding of the footer: the key
// string, the field header of field 2 (binary), and the length 64.
var checksumMarker = []byte(MetaKeyChecksum + "\x18\x40")

// checksum locates the checksum of a file.
type checksum struct {
	slot []byte // the 64 bytes of the stored value, inside the file
	got  []byte // the stored value (a copy)
	want []byte // the checksum computed over the file with slot zeroed
}

// fileChecksum finds the checksum entry in the footer of b and computes the
// checksum b should carry. It reports errNoChecksum if b has no entry.
func fileChecksum(b []byte) (checksum, error) {
	if len(b) < 12 {
		return checksum{}, errors.New("file too short to be Parquet")
	}
	footerLen := int64(binary.LittleEndian.Uint32(b[len(b)-8:]))
	start := int64(len(b)) - 8 - footerLen
	if start < 4 {
		start = 4
	}
	i := bytes.LastIndex(b[start:len(b)-8], checksumMarker)
	if i < 0 {
		return checksum{}, errNoChecksum
	}
	i += int(start) + len(checksumMarker)
	if i+64 > len(b)-8 {
		return checksum{}, errors.New("checksum entry truncated")
	}
	var c checksum
	c.slot = b[i : i+64]
	c.got = append([]byte(nil), c.slot...)
	copy(c.slot, checksumPlaceholder)
	h := sha256.Sum256(b)
	copy(c.slot, c.got)
	c.want = make([]byte, 64)
	hex.Encode(c.want, h[:])
	return c, nil
}

var errNoChecksum = errors.New("no checksum")

// columnKeyValues returns the key/value entries that describe the columns
// of t (see MetaKeyUnitPrefix), sorted by key: none for a table without
// columns.
func columnKeyValues(t *Table) ([][2]string, error) {
	if len(t.Columns) == 0 {
		return nil, nil
	}
	type columnMeta struct {
		Unit string `json:"unit,omitempty"`
		Doc  string `json:"doc,omitempty"`
	}
	all := make(map[string]columnMeta, len(t.Columns))
	var kvs [][2]string
	for _, c := range t.Columns {
		all[c.Name] = columnMeta{Unit: c.Unit, Doc: c.Doc}
		if c.Unit != "" {
			kvs = append(kvs, [2]string{MetaKeyUnitPrefix + c.Name, c.Unit})
		}
		if c.Doc != "" {
			kvs = append(kvs, [2]string{MetaKeyDocPrefix + c.Name, c.Doc})
		}
	}
	// encoding/json writes map keys sorted; HTML escaping would turn a
	// unit such as "<1" into "\u003c1".
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(all); err != nil {
		return nil, err
	}
	kvs = append(kvs, [2]string{MetaKeyColumns, strings.TrimSuffix(js.String(), "\n")})
	sort.Slice(kvs, func(i, j int) bool { return kvs[i][0] < kvs[j][0] })
	return kvs, nil
}

// arrowSchema returns the Arrow schema of t.
func arrowSchema(t *Table) *arrow.Schema {
	fields := make([]arrow.Field, len(t.Columns))
	for i, c := range t.Columns {
		var keys, vals []string
		if c.Unit != "" {
			keys, vals = append(keys, MetaKeyUnit), append(vals, c.Unit)
		}
		if c.Doc != "" {
			keys, vals = append(keys, MetaKeyDoc), append(vals, c.Doc)
		}
		fields[i] = arrow.Field{Name: c.Name, Type: arrowType(c.Kind), Nullable: true}
		if len(keys) > 0 {
			fields[i].Metadata = arrow.NewMetadata(keys, vals)
		}
	}
	var meta *arrow.Metadata
	if len(t.Meta) > 0 {
		keys := make([]string, 0, len(t.Meta))
		for k := range t.Meta {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		vals := make([]string, len(keys))
		for i, k := range keys {
			vals[i] = t.Meta[k]
		}
		m := arrow.NewMetadata(keys, vals)
		meta = &m
	}
	return arrow.NewSchema(fields, meta)
}

// arrowType returns the Arrow type used to store values of kind k.
func arrowType(k Kind) arrow.DataType {
	switch k {
	case Int:
		return arrow.PrimitiveTypes.Int64
	case Float:
		return arrow.PrimitiveTypes.Float64
	case String:
		return arrow.BinaryTypes.String
	case Bool:
		return arrow.FixedWidthTypes.Boolean
	case IntList:
		return arrow.ListOf(arrow.PrimitiveTypes.Int64)
	}
	return nil
}

// arrowArray converts c to an Arrow array.
func arrowArray(mem memory.Allocator, c *Column) (arrow.Array, error) {
	switch c.Kind {
	case Int:
		b := array.NewInt64Builder(mem)
		defer b.Release()
		b.AppendValues(c.Ints, c.Valid)
		return b.NewArray(), nil
	case Float:
		b := array.NewFloat64Builder(mem)
		defer b.Release()
		b.AppendValues(c.Floats, c.Valid)
		return b.NewArray(), nil
	case String:
		b := array.NewStringBuilder(mem)
		defer b.Release()
		b.AppendValues(c.Strings, c.Valid)
		return b.NewArray(), nil
	case Bool:
		b := array.NewBooleanBuilder(mem)
		defer b.Release()
		b.AppendValues(c.Bools, c.Valid)
		return b.NewArray(), nil
	case IntList:
		b := array.NewListBuilder(mem, arrow.PrimitiveTypes.Int64)
		defer b.Release()
		vb := b.ValueBuilder().(*array.Int64Builder)
		for i, l := range c.Lists {
			if !c.IsValid(i) {
				b.AppendNull()
				continue
			}
			b.Append(true)
			vb.AppendValues(l, nil)
		}
		return b.NewArray(), nil
	}
	return nil, fmt.Errorf("column %q has unsupported kind %s", c.Name, c.Kind)
}

// ReadParquet reads a table from the first size bytes of r, which it loads
// into memory in full. A *bytes.Reader, or an *os.File with its size from
// Stat, serves as r.
//
// Files written by WriteParquet carry a checksum that is verified before
// anything is decoded: corrupt or truncated files yield an error, never a
// panic. Other Parquet files of flat columns are read too (without that
// guarantee; decoder panics are still turned into errors): integer columns
// of any width become Int columns, float32 and float64 columns Float,
// string columns String, boolean columns Bool and lists of int64 IntList;
// other types are an error.
// Units, docs, table metadata and nulls are restored; null rows hold the
// zero value.
func ReadParquet(r io.ReaderAt, size int64) (t *Table, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, fmt.Errorf("dataset: read parquet: corrupt file: %v", p)
		}
	}()
	t, err = readParquet(r, size)
	if err != nil {
		return nil, fmt.Errorf("dataset: read parquet: %w", err)
	}
	return t, nil
}

func readParquet(r io.ReaderAt, size int64) (*Table, error) {
	if size < 12 {
		return nil, errors.New("file too short to be Parquet")
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(r, 0, size), b); err != nil {
		return nil, err
	}
	sum, err := fileChecksum(b)
	switch {
	case err == errNoChecksum:
		// A file from elsewhere; a file of ours with a damaged entry still
		// names its writer.
		if bytes.Contains(b, []byte(parquetCreatedBy)) {
			return nil, errors.New("checksum entry missing or damaged")
		}
	case err != nil:
		return nil, err
	case !bytes.Equal(sum.got, sum.want):
		return nil, fmt.Errorf("checksum mismatch: file says %.12s..., content hashes to %.12s...", sum.got, sum.want)
	}
	mem := memory.DefaultAllocator
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		return nil, err
	}
	// Columns are read one by one in this goroutine, not with
	// FileReader.ReadTable, which decodes in goroutines of its own: a
	// decoder panic on corrupt data there could not be recovered.
	rowGroups := make([]int, pf.NumRowGroups())
	var n int64
	for i := range rowGroups {
		rowGroups[i] = i
		n += pf.MetaData().RowGroups[i].GetNumRows()
	}
	if n < 0 || n > math.MaxInt32 {
		return nil, fmt.Errorf("implausible row count %d", n)
	}
	fields := fr.Manifest.Fields
	if len(fields) != pf.MetaData().Schema.NumColumns() {
		return nil, errors.New("nested columns are not supported")
	}
	out := &Table{Columns: make([]*Column, len(fields))}
	// The table metadata is the file's key/value metadata, where pqarrow
	// writes the Arrow schema metadata, minus the serialized schema, the
	// checksum and the copies of units and docs (restored from the schema).
	for _, kv := range pf.MetaData().KeyValueMetadata() {
		if kv.Key == arrowSchemaKey || kv.Key == MetaKeyChecksum || strings.HasPrefix(kv.Key, MetaKeyReserved) || kv.Value == nil {
			continue
		}
		if out.Meta == nil {
			out.Meta = make(map[string]string)
		}
		out.Meta[kv.Key] = *kv.Value
	}
	ctx := context.Background()
	for i := range fields {
		c, err := readField(ctx, fr, i, rowGroups, n)
		if err != nil {
			return nil, err
		}
		out.Columns[i] = c
	}
	if err := out.Check(); err != nil {
		return nil, err
	}
	return out, nil
}

// readField reads field i, a leaf column, from all row groups.
func readField(ctx context.Context, fr *pqarrow.FileReader, i int, rowGroups []int, n int64) (*Column, error) {
	f := fr.Manifest.Fields[i].Field
	if f == nil || arrow.IsNested(f.Type.ID()) && !isIntList(f.Type) {
		return nil, fmt.Errorf("field %d is nested; only flat columns and lists of int64 are supported", i)
	}
	cr, err := fr.GetFieldReader(ctx, i, map[int]bool{i: true}, rowGroups)
	if err != nil {
		return nil, fmt.Errorf("column %q: %w", f.Name, err)
	}
	defer cr.Release()
	data, err := cr.NextBatch(n)
	if err != nil {
		return nil, fmt.Errorf("column %q: %w", f.Name, err)
	}
	defer data.Release()
	return readColumn(*cr.Field(), data, int(n))
}

// isIntList reports whether t is a list of int64, the type of an IntList
// column; it has one leaf column, so field and leaf indices stay equal.
func isIntList(t arrow.DataType) bool {
	lt, ok := t.(*arrow.ListType)
	return ok && lt.Elem().ID() == arrow.INT64
}

// readColumn converts one chunked Arrow column of n rows to a Column.
func readColumn(f arrow.Field, data *arrow.Chunked, n int) (*Column, error) {
	c := &Column{Name: f.Name}
	if v, ok := f.Metadata.GetValue(MetaKeyUnit); ok {
		c.Unit = v
	}
	if v, ok := f.Metadata.GetValue(MetaKeyDoc); ok {
		c.Doc = v
	}
	switch f.Type.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64,
		arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		c.Kind, c.Ints = Int, make([]int64, 0, n)
	case arrow.FLOAT32, arrow.FLOAT64:
		c.Kind, c.Floats = Float, make([]float64, 0, n)
	case arrow.STRING, arrow.LARGE_STRING:
		c.Kind, c.Strings = String, make([]string, 0, n)
	case arrow.BOOL:
		c.Kind, c.Bools = Bool, make([]bool, 0, n)
	case arrow.LIST:
		if !isIntList(f.Type) {
			return nil, fmt.Errorf("column %q has unsupported type %s", f.Name, f.Type)
		}
		c.Kind, c.Lists = IntList, make([][]int64, 0, n)
	default:
		return nil, fmt.Errorf("column %q has unsupported type %s", f.Name, f.Type)
	}
	if data.NullN() > 0 {
		c.Valid = make([]bool, 0, n)
	}
	for _, a := range data.Chunks() {
		if err := appendChunk(c, a); err != nil {
			return nil, err
		}
	}
	if c.Len() != n {
		return nil, fmt.Errorf("column %q has %d rows, want %d", f.Name, c.Len(), n)
	}
	return c, nil
}

// appendChunk appends the values of one Arrow array to c. Null slots become
// zero values.
func appendChunk(c *Column, a arrow.Array) error {
	m := a.Len()
	if c.Valid != nil {
		for j := 0; j < m; j++ {
			c.Valid = append(c.Valid, a.IsValid(j))
		}
	}
	switch a := a.(type) {
	case *array.Int64:
		if a.NullN() == 0 {
			c.Ints = append(c.Ints, a.Int64Values()...)
			break
		}
		for j := 0; j < m; j++ {
			c.Ints = append(c.Ints, nullZero(a, j, a.Value))
		}
	case *array.Int32:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Int16:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Int8:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Uint64:
		for j := 0; j < m; j++ {
			v := nullZero(a, j, a.Value)
			if v > math.MaxInt64 {
				return fmt.Errorf("column %q: value %d overflows int64", c.Name, v)
			}
			c.Ints = append(c.Ints, int64(v))
		}
	case *array.Uint32:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Uint16:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Uint8:
		c.Ints = appendConverted(c.Ints, a, a.Value)
	case *array.Float64:
		if a.NullN() == 0 {
			c.Floats = append(c.Floats, a.Float64Values()...)
			break
		}
		for j := 0; j < m; j++ {
			c.Floats = append(c.Floats, nullZero(a, j, a.Value))
		}
	case *array.Float32:
		c.Floats = appendConverted(c.Floats, a, a.Value)
	case *array.String:
		c.Strings = appendStrings(c.Strings, a, a.ValueBytes(), a.ValueOffsets())
	case *array.LargeString:
		c.Strings = appendStrings(c.Strings, a, a.ValueBytes(), a.ValueOffsets())
	case *array.Boolean:
		for j := 0; j < m; j++ {
			c.Bools = append(c.Bools, nullZero(a, j, a.Value))
		}
	case *array.List:
		vals, ok := a.ListValues().(*array.Int64)
		if !ok || vals.NullN() > 0 {
			return fmt.Errorf("column %q: want a list of non-null int64", c.Name)
		}
		// One copy of the chunk's values, sliced into the rows (the
		// offsets index the whole child array).
		offs := a.Offsets()
		all := append([]int64(nil), vals.Int64Values()[offs[0]:offs[m]]...)
		for j := 0; j < m; j++ {
			if a.IsNull(j) {
				c.Lists = append(c.Lists, nil)
				continue
			}
			lo, hi := offs[j]-offs[0], offs[j+1]-offs[0]
			c.Lists = append(c.Lists, all[lo:hi:hi])
		}
	default:
		return fmt.Errorf("column %q: unexpected array type %s", c.Name, a.DataType())
	}
	return nil
}

// nullZero returns value(j), or the zero value if row j of a is null.
// appendConverted appends the values of a narrower numeric array to dst,
// converted to int64 or float64 (null slots as zero).
func appendConverted[T int8 | int16 | int32 | uint8 | uint16 | uint32 | float32, U int64 | float64](dst []U, a arrow.Array, value func(int) T) []U {
	for j := 0; j < a.Len(); j++ {
		dst = append(dst, U(nullZero(a, j, value)))
	}
	return dst
}

func nullZero[T any](a arrow.Array, j int, value func(int) T) T {
	var zero T
	if a.IsNull(j) {
		return zero
	}
	return value(j)
}

// appendStrings appends the strings of a String or LargeString chunk (""
// for nulls). The chunk's characters are copied once, owned by Go, and
// sliced into the strings: a.Value would alias Arrow's buffer.
func appendStrings[O int32 | int64](dst []string, a arrow.Array, data []byte, offs []O) []string {
	all := string(data)
	for j := 0; j < a.Len(); j++ {
		if a.IsNull(j) {
			dst = append(dst, "")
			continue
		}
		dst = append(dst, all[offs[j]-offs[0]:offs[j+1]-offs[0]])
	}
	return dst
}
