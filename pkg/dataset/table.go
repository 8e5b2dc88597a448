// Package dataset holds the tidy, typed tables that runexp studies produce:
// one row per cell (or per load point), parameter columns first, then metric
// columns, with a unit attached to each column. Tables are written to and
// read from Parquet files (Apache Arrow schema stored, zstd compression).
package dataset

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Kind is the type of a column or value.
type Kind uint8

// The column and value kinds.
const (
	Null    Kind = iota // no value (only for Value; a column is never of kind Null)
	Int                 // int64
	Float               // float64
	String              // UTF-8 string
	Bool                // boolean
	IntList             // list of int64 (a torus's dims): a list<int64> column in Parquet
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Int:
		return "int"
	case Float:
		return "float"
	case String:
		return "string"
	case Bool:
		return "bool"
	case IntList:
		return "list(int)"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is one typed value: a parameter or metric value. The zero Value is null.
type Value struct {
	Kind Kind
	I    int64
	F    float64
	S    string
	B    bool
	L    []int64 // IntList; never changed once in a Value
}

// IntValue returns an Int value.
func IntValue(i int64) Value { return Value{Kind: Int, I: i} }

// FloatValue returns a Float value.
func FloatValue(f float64) Value { return Value{Kind: Float, F: f} }

// StringValue returns a String value.
func StringValue(s string) Value { return Value{Kind: String, S: s} }

// BoolValue returns a Bool value.
func BoolValue(b bool) Value { return Value{Kind: Bool, B: b} }

// IntListValue returns an IntList value holding l (not copied).
func IntListValue(l []int64) Value { return Value{Kind: IntList, L: l} }

// IsNull reports whether v holds no value.
func (v Value) IsNull() bool { return v.Kind == Null }

// Float64 returns v as a float64 and whether it is numeric.
func (v Value) Float64() (float64, bool) {
	switch v.Kind {
	case Int:
		return float64(v.I), true
	case Float:
		return v.F, true
	}
	return math.NaN(), false
}

// String formats v for humans: integers without decimals, floats with the
// shortest representation that round-trips, null as the empty string.
func (v Value) String() string {
	switch v.Kind {
	case Int:
		return strconv.FormatInt(v.I, 10)
	case Float:
		return strconv.FormatFloat(v.F, 'g', -1, 64)
	case String:
		return v.S
	case Bool:
		return strconv.FormatBool(v.B)
	case IntList:
		return FormatIntList(v.L)
	}
	return ""
}

// FormatIntList formats l as "[4,4,8]", the text of an IntList value (as
// in instance labels and on the command line).
func FormatIntList(l []int64) string {
	b := make([]byte, 0, 2+4*len(l))
	b = append(b, '[')
	for i, x := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return string(append(b, ']'))
}

// Equal reports whether v and w hold the same value. Int and Float values
// compare numerically, so IntValue(3) equals FloatValue(3); an IntList
// equals the String of its text, so a filter can name a list as "[4,4,8]".
func (v Value) Equal(w Value) bool {
	if v.Kind == IntList && w.Kind == String || v.Kind == String && w.Kind == IntList {
		return v.String() == w.String()
	}
	if v.Kind == w.Kind {
		switch v.Kind {
		case Null:
			return true
		case Int:
			return v.I == w.I
		case Float:
			return v.F == w.F || (math.IsNaN(v.F) && math.IsNaN(w.F))
		case String:
			return v.S == w.S
		case Bool:
			return v.B == w.B
		case IntList:
			return slices.Equal(v.L, w.L)
		}
	}
	a, ok1 := v.Float64()
	b, ok2 := w.Float64()
	return ok1 && ok2 && a == b
}

// Column is one typed column. Exactly one of the value slices matching Kind is
// used; Valid marks non-null rows (nil means every row is valid).
type Column struct {
	Name string
	Kind Kind
	Unit string // unit of the values ("hops", "routers", "$"); empty if dimensionless
	Doc  string // one-line description, stored in the Parquet field metadata

	Ints    []int64
	Floats  []float64
	Strings []string
	Bools   []bool
	Lists   [][]int64
	Valid   []bool
}

// NewColumn returns an empty column.
func NewColumn(name string, kind Kind, unit string) *Column {
	return &Column{Name: name, Kind: kind, Unit: unit}
}

// Len returns the number of rows in c.
func (c *Column) Len() int {
	switch c.Kind {
	case Int:
		return len(c.Ints)
	case Float:
		return len(c.Floats)
	case String:
		return len(c.Strings)
	case Bool:
		return len(c.Bools)
	case IntList:
		return len(c.Lists)
	}
	return 0
}

// IsValid reports whether row i holds a value.
func (c *Column) IsValid(i int) bool { return c.Valid == nil || c.Valid[i] }

// Append adds v as the next row. A null v appends a null row; an Int appended
// to a Float column is converted; any other kind mismatch is an error.
func (c *Column) Append(v Value) error {
	n := c.Len()
	valid := !v.IsNull()
	if valid && v.Kind != c.Kind && !(c.Kind == Float && v.Kind == Int) {
		return fmt.Errorf("column %q holds %s values, got %s %q", c.Name, c.Kind, v.Kind, v.String())
	}
	switch c.Kind {
	case Int:
		c.Ints = append(c.Ints, v.I)
	case Float:
		f := v.F
		if v.Kind == Int {
			f = float64(v.I)
		}
		c.Floats = append(c.Floats, f)
	case String:
		c.Strings = append(c.Strings, v.S)
	case Bool:
		c.Bools = append(c.Bools, v.B)
	case IntList:
		c.Lists = append(c.Lists, v.L)
	default:
		return fmt.Errorf("column %q has no kind", c.Name)
	}
	if !valid && c.Valid == nil {
		c.Valid = make([]bool, n, n+1)
		for i := range c.Valid {
			c.Valid[i] = true
		}
	}
	if c.Valid != nil {
		c.Valid = append(c.Valid, valid)
	}
	return nil
}

// Value returns row i of c.
func (c *Column) Value(i int) Value {
	if !c.IsValid(i) {
		return Value{}
	}
	switch c.Kind {
	case Int:
		return IntValue(c.Ints[i])
	case Float:
		return FloatValue(c.Floats[i])
	case String:
		return StringValue(c.Strings[i])
	case Bool:
		return BoolValue(c.Bools[i])
	case IntList:
		return IntListValue(c.Lists[i])
	}
	return Value{}
}

// Table is a set of equally long columns plus key/value metadata (stored in
// the Parquet file's schema metadata).
type Table struct {
	Columns []*Column
	Meta    map[string]string
}

// NumRows returns the number of rows (0 for a table without columns).
func (t *Table) NumRows() int {
	if len(t.Columns) == 0 {
		return 0
	}
	return t.Columns[0].Len()
}

// Column returns the column with the given name, or nil.
func (t *Table) Column(name string) *Column {
	for _, c := range t.Columns {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// ColumnNames returns the names of the columns in order.
func (t *Table) ColumnNames() []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

// Check verifies that all columns have the same length and distinct names.
func (t *Table) Check() error {
	seen := make(map[string]bool, len(t.Columns))
	n := t.NumRows()
	for _, c := range t.Columns {
		if seen[c.Name] {
			return fmt.Errorf("duplicate column %q", c.Name)
		}
		seen[c.Name] = true
		if c.Len() != n {
			return fmt.Errorf("column %q has %d rows, want %d", c.Name, c.Len(), n)
		}
		if c.Valid != nil && len(c.Valid) != n {
			return fmt.Errorf("column %q has %d validity entries, want %d", c.Name, len(c.Valid), n)
		}
	}
	return nil
}

// Select returns a table holding the rows of t for which keep returns true,
// in order. Metadata is shared with t.
func (t *Table) Select(keep func(row int) bool) *Table {
	out := &Table{Meta: t.Meta, Columns: make([]*Column, len(t.Columns))}
	for i, c := range t.Columns {
		out.Columns[i] = &Column{Name: c.Name, Kind: c.Kind, Unit: c.Unit, Doc: c.Doc}
	}
	for r := 0; r < t.NumRows(); r++ {
		if !keep(r) {
			continue
		}
		for i, c := range t.Columns {
			// Append cannot fail: the value comes from a column of the same kind.
			_ = out.Columns[i].Append(c.Value(r))
		}
	}
	return out
}

// Where returns the rows of t in which every named column equals one of the
// listed values; a condition on a column t lacks matches no row.
func (t *Table) Where(conds map[string][]Value) *Table {
	return t.Select(t.matcher(conds))
}

// Range bounds a numeric column: Min <= value <= Max, a nil bound open.
type Range struct {
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
}

// Contains reports whether v is a number within r (null and non-numeric
// values are not).
func (r Range) Contains(v Value) bool {
	x, ok := v.Float64()
	if !ok || math.IsNaN(x) {
		return false
	}
	return (r.Min == nil || x >= *r.Min) && (r.Max == nil || x <= *r.Max)
}

// InRange returns a table of the rows whose columns lie within ranges (a
// column the table lacks keeps no row).
func (t *Table) InRange(ranges map[string]Range) *Table {
	cols := make(map[string]*Column, len(ranges))
	for name := range ranges {
		cols[name] = t.Column(name)
	}
	return t.Select(func(row int) bool {
		for name, r := range ranges {
			if c := cols[name]; c == nil || !r.Contains(c.Value(row)) {
				return false
			}
		}
		return true
	})
}

// Rows returns the indices of the rows Where would keep.
func (t *Table) Rows(conds map[string][]Value) []int {
	match := t.matcher(conds)
	var rows []int
	for r := 0; r < t.NumRows(); r++ {
		if match(r) {
			rows = append(rows, r)
		}
	}
	return rows
}

// matcher returns the row predicate of Where.
func (t *Table) matcher(conds map[string][]Value) func(row int) bool {
	cols := make(map[string]*Column, len(conds))
	for name := range conds {
		cols[name] = t.Column(name)
	}
	return func(r int) bool {
		for name, wants := range conds {
			c := cols[name]
			if c == nil {
				return false
			}
			got, ok := c.Value(r), false
			for _, w := range wants {
				if got.Equal(w) {
					ok = true
					break
				}
			}
			if !ok {
				return false
			}
		}
		return true
	}
}

// Concat returns the rows of t followed by the rows of each of more, with
// the union of their columns in order of first appearance: a row lacking a
// column holds null there. A column that is Int in one table and Float in
// another becomes Float; other kind conflicts are errors. Metadata is t's.
func Concat(t *Table, more ...*Table) (*Table, error) {
	all := append([]*Table{t}, more...)
	out := &Table{Meta: t.Meta}
	index := map[string]int{}
	for _, x := range all {
		for _, c := range x.Columns {
			i, ok := index[c.Name]
			if !ok {
				index[c.Name] = len(out.Columns)
				out.Columns = append(out.Columns, &Column{Name: c.Name, Kind: c.Kind, Unit: c.Unit, Doc: c.Doc})
				continue
			}
			oc := out.Columns[i]
			switch {
			case oc.Kind == c.Kind:
			case (oc.Kind == Int || oc.Kind == Float) && (c.Kind == Int || c.Kind == Float):
				oc.Kind = Float
			default:
				return nil, fmt.Errorf("concat: column %q holds %s values in one table and %s in another", c.Name, oc.Kind, c.Kind)
			}
		}
	}
	for _, x := range all {
		n := x.NumRows()
		for _, oc := range out.Columns {
			src := x.Column(oc.Name)
			for r := 0; r < n; r++ {
				var v Value
				if src != nil {
					v = src.Value(r)
				}
				if err := oc.Append(v); err != nil {
					return nil, fmt.Errorf("concat: %w", err)
				}
			}
		}
	}
	return out, nil
}
