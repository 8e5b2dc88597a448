package report

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/runexp/runexp/pkg/dataset"
)

// TableSpec describes a table rendered from the columns of a study table.
type TableSpec struct {
	Name, Title string
	// Columns lists the columns to show, in order; empty means all.
	Columns []string
	// Headers optionally maps column names to display headers, used
	// verbatim in Markdown and LaTeX (CSV headers are the column names).
	Headers map[string]string
	// Formats optionally maps column names to printf formats such as
	// "%.3f", applied to the int64, float64, string or bool value of a
	// cell in Markdown and LaTeX (CSV keeps raw values).
	Formats map[string]string
	// SortBy optionally lists sort keys, most significant first. The sort
	// is stable; numbers compare numerically, strings bytewise, false
	// before true, and nulls come last. A key prefixed with "-" sorts in
	// descending order (nulls still last).
	SortBy []string
	// RatioTo optionally adds ratio columns (see AddRatios).
	RatioTo *RatioSpec `json:",omitempty"`
	// MeanOver optionally merges replicate rows first (see MeanOver).
	MeanOver *MeanSpec `json:",omitempty"`
}

// RatioSpec adds, for each of Columns, the column <name>_ratio: the value
// of the one reference row that Where selects divided by the row's own
// value. A published comparison such as "SF is 25% less expensive than DF"
// is then the DF row's cost_per_endpoint_ratio, 0.75.
type RatioSpec struct {
	Where   map[string][]dataset.Value
	Columns []string
}

// RatioSuffix ends the names of the columns RatioSpec adds.
const RatioSuffix = "_ratio"

// AddRatios returns t with the ratio columns of spec.RatioTo appended (t
// itself when there are none). A row whose own value is 0 or null gets a
// null ratio. It fails unless Where selects exactly one row and every
// column is numeric.
func AddRatios(spec TableSpec, t *dataset.Table) (*dataset.Table, error) {
	r := spec.RatioTo
	if r == nil || len(r.Columns) == 0 {
		return t, nil
	}
	rows := t.Rows(r.Where)
	if len(rows) != 1 {
		return nil, fmt.Errorf("table %s: ratio_to selects %d rows with %s, want exactly one", spec.Name, len(rows), whereString(r.Where))
	}
	ref := rows[0]
	out := &dataset.Table{Meta: t.Meta, Columns: slices.Clone(t.Columns)}
	for _, name := range r.Columns {
		c, err := lookup(t, "ratio", name)
		if err != nil {
			return nil, err
		}
		if !numeric(c) {
			return nil, fmt.Errorf("table %s: ratio_to column %q holds %s values, not numbers", spec.Name, name, c.Kind)
		}
		rc := dataset.NewColumn(name+RatioSuffix, dataset.Float, "")
		rc.Doc = "the reference row's " + name + " (" + whereString(r.Where) + ") divided by this row's"
		refv, ok := c.Value(ref).Float64()
		for i := range t.NumRows() {
			v := dataset.Value{}
			if x, xok := c.Value(i).Float64(); ok && xok && c.IsValid(i) && c.IsValid(ref) && x != 0 {
				v = dataset.FloatValue(refv / x)
			}
			if err := rc.Append(v); err != nil {
				return nil, err
			}
		}
		out.Columns = append(out.Columns, rc)
	}
	return out, nil
}

// tableData is a TableSpec resolved against a table: the columns to show
// and the row order.
type tableData struct {
	cols []*dataset.Column
	rows []int
	t    *dataset.Table
}

// prepare validates spec against t and resolves columns and row order.
func prepare(spec TableSpec, t *dataset.Table) (*tableData, error) {
	if t == nil {
		return nil, errors.New("nil table")
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	d := &tableData{t: t}
	if len(spec.Columns) == 0 {
		d.cols = t.Columns
	}
	for _, name := range spec.Columns {
		c, err := lookup(t, "table", name)
		if err != nil {
			return nil, err
		}
		d.cols = append(d.cols, c)
	}
	for _, m := range []struct {
		what string
		m    map[string]string
	}{{"header", spec.Headers}, {"format", spec.Formats}} {
		for name := range m.m {
			if t.Column(name) == nil {
				return nil, fmt.Errorf("%s given for column %q, which is missing (available: %s)",
					m.what, name, strings.Join(t.ColumnNames(), ", "))
			}
		}
	}
	type key struct {
		c    *dataset.Column
		desc bool
	}
	keys := make([]key, len(spec.SortBy))
	for i, name := range spec.SortBy {
		desc := strings.HasPrefix(name, "-")
		c, err := lookup(t, "sort", strings.TrimPrefix(name, "-"))
		if err != nil {
			return nil, err
		}
		keys[i] = key{c, desc}
	}
	d.rows = make([]int, t.NumRows())
	for i := range d.rows {
		d.rows[i] = i
	}
	if len(keys) > 0 {
		sort.SliceStable(d.rows, func(i, j int) bool {
			for _, k := range keys {
				if c := compareCells(k.c, d.rows[i], d.rows[j], k.desc); c != 0 {
					return c < 0
				}
			}
			return false
		})
	}
	return d, nil
}

// compareCells compares rows a and b of c, nulls last, then NaNs just
// before them; desc reverses the order of the other values.
func compareCells(c *dataset.Column, a, b int, desc bool) int {
	va, vb := c.IsValid(a), c.IsValid(b)
	switch {
	case !va && !vb:
		return 0
	case !va:
		return 1
	case !vb:
		return -1
	}
	var r int
	switch c.Kind {
	case dataset.Int:
		r = cmpOrdered(c.Ints[a], c.Ints[b])
	case dataset.Float:
		fa, fb := c.Floats[a], c.Floats[b]
		na, nb := math.IsNaN(fa), math.IsNaN(fb)
		switch {
		case na && nb:
			return 0
		case na:
			return 1
		case nb:
			return -1
		}
		r = cmpOrdered(fa, fb)
	case dataset.String:
		r = strings.Compare(c.Strings[a], c.Strings[b])
	case dataset.Bool:
		r = cmpBool(c.Bools[a], c.Bools[b])
	case dataset.IntList:
		r = slices.Compare(c.Lists[a], c.Lists[b])
	}
	if desc {
		r = -r
	}
	return r
}

func cmpOrdered[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// header returns the display header of c: spec.Headers[c.Name] if given,
// otherwise the name followed by the unit in brackets, unless the unit is
// empty or equal to the name ("routers", "avg_hops [hops]").
func header(spec TableSpec, c *dataset.Column) string {
	if h, ok := spec.Headers[c.Name]; ok {
		return h
	}
	if c.Unit == "" || c.Unit == c.Name {
		return c.Name
	}
	return c.Name + " [" + c.Unit + "]"
}

// cell formats row r of c for Markdown and LaTeX: with the column's format
// from spec.Formats if it has one, otherwise with FormatValue.
func cell(spec TableSpec, c *dataset.Column, r int) (string, error) {
	v := c.Value(r)
	f, ok := spec.Formats[c.Name]
	if !ok || v.IsNull() {
		return FormatValue(v), nil
	}
	var s string
	switch v.Kind {
	case dataset.Int:
		s = fmt.Sprintf(f, v.I)
	case dataset.Float:
		s = fmt.Sprintf(f, v.F)
	case dataset.String:
		s = fmt.Sprintf(f, v.S)
	case dataset.Bool:
		s = fmt.Sprintf(f, v.B)
	case dataset.IntList:
		s = fmt.Sprintf(f, v.String())
	}
	if strings.Contains(s, "%!") {
		return "", fmt.Errorf("format %q does not fit %s column %q: %s", f, c.Kind, c.Name, s)
	}
	return s, nil
}

// numeric reports whether c holds numbers (right-aligned in tables).
func numeric(c *dataset.Column) bool {
	return c.Kind == dataset.Int || c.Kind == dataset.Float
}

// FormatValue formats a value for a human-readable table:
//
//   - null is the empty string; booleans are "true" and "false";
//     strings are unchanged; integers are printed in full;
//   - NaN, +Inf and -Inf are "NaN", "Inf" and "-Inf"; zero is "0";
//   - floats with 1 <= |f| < 1e15 are rounded to 4 decimal places, with
//     trailing zeros (and a trailing point) removed: 1033, 2.5, 3.1416;
//   - floats with 1e-4 <= |f| < 1 keep 4 significant digits: 0.5,
//     0.01235, 0.0001234;
//   - other floats use exponent notation with 4 significant digits:
//     1.235e-05, 6.022e+23.
func FormatValue(v dataset.Value) string {
	if v.Kind != dataset.Float {
		return v.String()
	}
	f := v.F
	a := math.Abs(f)
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case f == 0:
		return "0"
	case a >= 1 && a < 1e15:
		return trimZeros(strconv.FormatFloat(f, 'f', 4, 64))
	case a >= 1e-4 && a < 1:
		prec := 3 - int(math.Floor(math.Log10(a)))
		return trimZeros(strconv.FormatFloat(f, 'f', prec, 64))
	}
	return strconv.FormatFloat(f, 'e', 3, 64)
}

// trimZeros removes trailing zeros after a decimal point, and the point.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// formatted returns the header and cells of d, formatted for humans. A
// null cell of a row whose cells failed (ErrorColumn) reads "error".
func formatted(spec TableSpec, d *tableData) (head []string, body [][]string, err error) {
	head = make([]string, len(d.cols))
	for i, c := range d.cols {
		head[i] = header(spec, c)
	}
	body = make([][]string, len(d.rows))
	for k, r := range d.rows {
		body[k] = make([]string, len(d.cols))
		failed := rowError(d.t, r) != ""
		for i, c := range d.cols {
			if failed && !c.IsValid(r) {
				body[k][i] = errorText // null because a cell of the row failed
				continue
			}
			if body[k][i], err = cell(spec, c, r); err != nil {
				return nil, nil, err
			}
		}
	}
	return head, body, nil
}

// RenderMarkdown renders the table as a GitHub-flavoured Markdown table,
// preceded by the title in bold if spec has one. Numeric columns are
// right-aligned; cells are padded so that the source lines up; "|" is
// escaped and line breaks become spaces.
func RenderMarkdown(spec TableSpec, t *dataset.Table) ([]byte, error) {
	d, err := prepare(spec, t)
	if err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	head, body, err := formatted(spec, d)
	if err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	right := make([]bool, len(d.cols))
	for i, c := range d.cols {
		right[i] = numeric(c)
	}
	var b bytes.Buffer
	if spec.Title != "" {
		fmt.Fprintf(&b, "**%s**\n\n", mdText(spec.Title))
	}
	writeMarkdownTable(&b, head, body, right)
	return b.Bytes(), nil
}

// writeMarkdownTable writes a padded Markdown table.
func writeMarkdownTable(b *bytes.Buffer, head []string, body [][]string, right []bool) {
	esc := func(s string) string {
		s = strings.ReplaceAll(s, "|", `\|`)
		s = strings.ReplaceAll(s, "\r\n", " ")
		return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	}
	head = mapStrings(head, esc)
	for k := range body {
		body[k] = mapStrings(body[k], esc)
	}
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = max(3, utf8.RuneCountInString(h))
		for _, row := range body {
			width[i] = max(width[i], utf8.RuneCountInString(row[i]))
		}
	}
	pad := func(s string, i int) string {
		n := width[i] - utf8.RuneCountInString(s)
		if right[i] {
			return strings.Repeat(" ", n) + s
		}
		return s + strings.Repeat(" ", n)
	}
	line := func(cells []string) {
		b.WriteString("|")
		for i, s := range cells {
			b.WriteString(" ")
			b.WriteString(pad(s, i))
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	line(head)
	b.WriteString("|")
	for i := range head {
		if right[i] {
			b.WriteString(" " + strings.Repeat("-", width[i]-1) + ": |")
		} else {
			b.WriteString(" " + strings.Repeat("-", width[i]) + " |")
		}
	}
	b.WriteString("\n")
	for _, row := range body {
		line(row)
	}
}

func mapStrings(ss []string, f func(string) string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// mdText escapes the characters of s that Markdown would interpret in
// running text.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '*', '_', '`', '[', ']', '<', '>', '|', '#':
			b.WriteByte('\\')
		case '\n', '\r':
			r = ' '
		}
		b.WriteRune(r)
	}
	return b.String()
}

// RenderLaTeX renders the table as a LaTeX tabular environment with
// booktabs rules (\toprule, \midrule, \bottomrule; the document needs
// \usepackage{booktabs}), ready for \input inside a table float. The name
// and title are given in a leading comment. Numeric columns are
// right-aligned, others left-aligned; the LaTeX specials & % $ # _ { } ~ ^ \
// in headers and cells are escaped, as are | < > (which the default OT1
// font encoding would misprint).
func RenderLaTeX(spec TableSpec, t *dataset.Table) ([]byte, error) {
	d, err := prepare(spec, t)
	if err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	head, body, err := formatted(spec, d)
	if err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	var b bytes.Buffer
	comment := "% Table " + spec.Name
	if spec.Title != "" {
		comment += ": " + spec.Title
	}
	b.WriteString(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(comment))
	b.WriteString("\n% Generated by runexp; requires \\usepackage{booktabs}.\n")
	b.WriteString(`\begin{tabular}{`)
	for _, c := range d.cols {
		if numeric(c) {
			b.WriteByte('r')
		} else {
			b.WriteByte('l')
		}
	}
	b.WriteString("}\n\\toprule\n")
	row := func(cells []string) {
		for i, s := range cells {
			if i > 0 {
				b.WriteString(" & ")
			}
			b.WriteString(texEscape(s))
		}
		b.WriteString(" \\\\\n")
	}
	row(head)
	b.WriteString("\\midrule\n")
	for _, r := range body {
		row(r)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	return b.Bytes(), nil
}

// texEscape escapes the LaTeX special characters in s.
func texEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&', '%', '$', '#', '_', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// RenderCSV renders the table as CSV (encoding/csv, "\n" line ends): a
// header row of column names, then one record per row with raw values at
// full precision (dataset.Value.String: integers in full, floats in the
// shortest form that round-trips, nulls empty). Headers, Formats and Title
// do not apply; Columns and SortBy do.
func RenderCSV(spec TableSpec, t *dataset.Table) ([]byte, error) {
	d, err := prepare(spec, t)
	if err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	rec := make([]string, len(d.cols))
	for i, c := range d.cols {
		rec[i] = c.Name
	}
	if err := w.Write(rec); err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	for _, r := range d.rows {
		for i, c := range d.cols {
			rec[i] = c.Value(r).String()
		}
		if err := w.Write(rec); err != nil {
			return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("report: table %q: %w", spec.Name, err)
	}
	return b.Bytes(), nil
}
