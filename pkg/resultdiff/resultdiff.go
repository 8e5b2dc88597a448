// Package resultdiff compares two results directories of one experiment,
// as runexp writes them: the study datasets row by row and value by value,
// the scorecard's expectations by state, and the rendered tables and
// figures by content.
package resultdiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// Report is the difference between results directories A and B.
type Report struct {
	A         string         `json:"a"`
	B         string         `json:"b"`
	Datasets  []DatasetDiff  `json:"datasets"`
	Scorecard []ExpectChange `json:"scorecard"`
	Files     []FileChange   `json:"files"`
}

// Empty reports whether A and B hold the same results.
func (r *Report) Empty() bool {
	return len(r.Datasets) == 0 && len(r.Scorecard) == 0 && len(r.Files) == 0
}

// DatasetDiff is the difference of one study's dataset (NAME.parquet).
type DatasetDiff struct {
	Study          string        `json:"study"`
	Status         string        `json:"status"` // "added", "removed" or "changed"
	RowsAdded      []string      `json:"rows_added,omitempty"`
	RowsRemoved    []string      `json:"rows_removed,omitempty"`
	ColumnsAdded   []string      `json:"columns_added,omitempty"`
	ColumnsRemoved []string      `json:"columns_removed,omitempty"`
	Values         []ValueChange `json:"values,omitempty"`
}

// ValueChange is one metric value that differs in a row both have.
type ValueChange struct {
	Row    string `json:"row"`
	Column string `json:"column"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

// ExpectChange is a scorecard expectation whose state or value changed,
// or that only one side has.
type ExpectChange struct {
	Expectation string `json:"expectation"` // table/name column [where]
	Old         string `json:"old"`         // "held", "missed", "error" or "" (absent)
	New         string `json:"new"`
	OldGot      string `json:"old_got,omitempty"`
	NewGot      string `json:"new_got,omitempty"`
}

// FileChange is a rendered table or figure that differs.
type FileChange struct {
	Path   string `json:"path"`   // relative to the results directory
	Status string `json:"status"` // "added", "removed" or "changed"
}

// Options tune Dirs.
type Options struct {
	// IsMetric reports whether a dataset column is a metric (compared by
	// value) rather than a parameter (part of a row's identity). Nil: every
	// floating-point column is a metric.
	IsMetric func(column string) bool
}

// Dirs compares results directories a and b (each results/<experiment>,
// holding the datasets, scorecard.json, tables/ and figures/).
func Dirs(a, b string, opts Options) (*Report, error) {
	r := &Report{A: a, B: b}
	for _, d := range []string{a, b} {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("resultdiff: %s is not a results directory", d)
		}
	}
	names, err := union(a, b, ".", ".parquet")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		d, err := datasetDiff(filepath.Join(a, n), filepath.Join(b, n), opts)
		if err != nil {
			return nil, err
		}
		if d != nil {
			d.Study = strings.TrimSuffix(n, ".parquet")
			r.Datasets = append(r.Datasets, *d)
		}
	}
	if r.Scorecard, err = scorecardDiff(filepath.Join(a, "scorecard.json"), filepath.Join(b, "scorecard.json")); err != nil {
		return nil, err
	}
	for _, sub := range []struct{ dir, ext string }{{"tables", ".md"}, {"figures", ".png"}} {
		names, err := union(a, b, sub.dir, sub.ext)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			rel := filepath.ToSlash(filepath.Join(sub.dir, n))
			da, ea := os.ReadFile(filepath.Join(a, sub.dir, n))
			db, eb := os.ReadFile(filepath.Join(b, sub.dir, n))
			switch {
			case ea != nil && eb == nil:
				r.Files = append(r.Files, FileChange{rel, "added"})
			case ea == nil && eb != nil:
				r.Files = append(r.Files, FileChange{rel, "removed"})
			case ea == nil && eb == nil && !bytes.Equal(da, db):
				r.Files = append(r.Files, FileChange{rel, "changed"})
			}
		}
	}
	return r, nil
}

// union lists the files with extension ext directly in dir of a or b.
func union(a, b, dir, ext string) ([]string, error) {
	set := map[string]bool{}
	for _, root := range []string{a, b} {
		ents, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil && !os.IsNotExist(err) {
			return nil, fmt.Errorf("resultdiff: %w", err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ext) {
				set[e.Name()] = true
			}
		}
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// readTable reads a dataset, or nil if the file does not exist.
func readTable(path string) (*dataset.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, fmt.Errorf("resultdiff: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("resultdiff: %w", err)
	}
	t, err := dataset.ReadParquet(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("resultdiff: %s: %w", path, err)
	}
	return t, nil
}

// errorColumn is the column of a dataset's failed-cell errors (report.ErrorColumn).
const errorColumn = "error"

// datasetDiff compares two versions of a dataset; nil if they are equal.
func datasetDiff(pa, pb string, opts Options) (*DatasetDiff, error) {
	ta, err := readTable(pa)
	if err != nil {
		return nil, err
	}
	tb, err := readTable(pb)
	if err != nil {
		return nil, err
	}
	switch {
	case ta == nil:
		return &DatasetDiff{Status: "added"}, nil
	case tb == nil:
		return &DatasetDiff{Status: "removed"}, nil
	}
	metric := func(c *dataset.Column) bool {
		if opts.IsMetric == nil {
			return c.Kind == dataset.Float
		}
		return opts.IsMetric(c.Name)
	}
	d := &DatasetDiff{Status: "changed"}
	var keys, metrics []string
	for _, c := range tb.Columns {
		if ta.Column(c.Name) == nil {
			d.ColumnsAdded = append(d.ColumnsAdded, c.Name)
			continue
		}
		if c.Name == errorColumn || metric(c) {
			metrics = append(metrics, c.Name)
		} else {
			keys = append(keys, c.Name)
		}
	}
	for _, c := range ta.Columns {
		if tb.Column(c.Name) == nil {
			d.ColumnsRemoved = append(d.ColumnsRemoved, c.Name)
		}
	}
	// The key columns that vary name a row; all key columns identify it.
	varying := varyingColumns(keys, ta, tb)
	rowsA, labelsA := index(ta, keys, varying)
	rowsB, labelsB := index(tb, keys, varying)
	for _, k := range rowsB.order {
		if _, ok := rowsA.rows[k]; !ok {
			d.RowsAdded = append(d.RowsAdded, labelsB[k])
		}
	}
	for _, k := range rowsA.order {
		rb, ok := rowsB.rows[k]
		if !ok {
			d.RowsRemoved = append(d.RowsRemoved, labelsA[k])
			continue
		}
		ra := rowsA.rows[k]
		for _, m := range metrics {
			va, vb := ta.Column(m).Value(ra), tb.Column(m).Value(rb)
			if !va.Equal(vb) && !(va.IsNull() && vb.IsNull()) {
				d.Values = append(d.Values, ValueChange{Row: labelsA[k], Column: m, Old: show(va), New: show(vb)})
			}
		}
	}
	if len(d.RowsAdded)+len(d.RowsRemoved)+len(d.ColumnsAdded)+len(d.ColumnsRemoved)+len(d.Values) == 0 {
		return nil, nil
	}
	return d, nil
}

// show formats a value for a change list: null as "null".
func show(v dataset.Value) string {
	if v.IsNull() {
		return "null"
	}
	return v.String()
}

// rowIndex maps a row's identity to its index, in table order.
type rowIndex struct {
	rows  map[string]int
	order []string
}

// index keys the rows of t by the values of keys (a repeated key gets a
// #n suffix) and labels them by the values of varying: for a row of
// topology T (a "topology" column), the key columns that vary among the
// rows of T, nulls left out.
func index(t *dataset.Table, keys []string, varying map[string][]string) (rowIndex, map[string]string) {
	ix := rowIndex{rows: map[string]int{}}
	labels := map[string]string{}
	topo := t.Column("topology")
	for r := 0; r < t.NumRows(); r++ {
		var id, label []string
		for _, k := range keys {
			id = append(id, k+"="+show(t.Column(k).Value(r)))
		}
		group := ""
		if topo != nil {
			group = show(topo.Value(r))
			label = append(label, group)
		}
		for _, k := range varying[group] {
			if v := t.Column(k).Value(r); !v.IsNull() {
				label = append(label, k+"="+show(v))
			}
		}
		key := strings.Join(id, "\x00")
		l := strings.Join(label, " ")
		if l == "" {
			l = fmt.Sprintf("row %d", r+1)
		}
		for n := 2; ; n++ {
			if _, dup := ix.rows[key]; !dup {
				break
			}
			key = strings.Join(id, "\x00") + fmt.Sprintf("#%d", n)
			l = strings.TrimSuffix(l, fmt.Sprintf(" #%d", n-1)) + fmt.Sprintf(" #%d", n)
		}
		ix.rows[key] = r
		ix.order = append(ix.order, key)
		labels[key] = l
	}
	return ix, labels
}

// varyingColumns returns, per topology (the value of a "topology" column;
// "" for a table without one), the key columns whose value is not the same
// in every row of that topology in a and b.
func varyingColumns(keys []string, a, b *dataset.Table) map[string][]string {
	seen := map[string]map[string]map[string]bool{} // topology -> column -> values
	for _, t := range []*dataset.Table{a, b} {
		topo := t.Column("topology")
		for r := 0; r < t.NumRows(); r++ {
			g := ""
			if topo != nil {
				g = show(topo.Value(r))
			}
			if seen[g] == nil {
				seen[g] = map[string]map[string]bool{}
			}
			for _, k := range keys {
				if k == "topology" {
					continue
				}
				if seen[g][k] == nil {
					seen[g][k] = map[string]bool{}
				}
				seen[g][k][show(t.Column(k).Value(r))] = true
			}
		}
	}
	out := map[string][]string{}
	for g, cols := range seen {
		for _, k := range keys {
			if len(cols[k]) > 1 {
				out[g] = append(out[g], k)
			}
		}
	}
	return out
}

// scorecard is the part of scorecard.json a diff reads.
type scorecard struct {
	Results []struct {
		Table  string                       `json:"table"`
		Name   string                       `json:"name"`
		Column string                       `json:"column"`
		Where  map[string][]json.RawMessage `json:"where"`
		Got    json.RawMessage              `json:"got"`
		OK     bool                         `json:"ok"`
		Error  string                       `json:"error"`
	} `json:"results"`
}

// scorecardDiff compares two scorecard.json files (either may be absent).
func scorecardDiff(pa, pb string) ([]ExpectChange, error) {
	read := func(p string) (map[string][2]string, []string, error) {
		data, err := os.ReadFile(p)
		if err != nil {
			if os.IsNotExist(err) {
				return nil, nil, nil
			}
			return nil, nil, fmt.Errorf("resultdiff: %w", err)
		}
		var sc scorecard
		if err := json.Unmarshal(data, &sc); err != nil {
			return nil, nil, fmt.Errorf("resultdiff: %s: %w", p, err)
		}
		out := map[string][2]string{}
		var order []string
		for _, r := range sc.Results {
			key := r.Table + "/" + r.Name + " " + r.Column
			if len(r.Where) > 0 {
				var parts []string
				for _, k := range slices.Sorted(maps.Keys(r.Where)) {
					var vs []string
					for _, v := range r.Where[k] {
						vs = append(vs, strings.Trim(string(v), `"`))
					}
					parts = append(parts, k+"="+strings.Join(vs, "|"))
				}
				key += " [" + strings.Join(parts, ", ") + "]"
			}
			state := "held"
			switch {
			case r.Error != "":
				state = "error"
			case !r.OK:
				state = "missed"
			}
			if _, dup := out[key]; !dup {
				order = append(order, key)
			}
			out[key] = [2]string{state, strings.Trim(string(r.Got), `"`)}
		}
		return out, order, nil
	}
	a, orderA, err := read(pa)
	if err != nil {
		return nil, err
	}
	b, orderB, err := read(pb)
	if err != nil {
		return nil, err
	}
	var out []ExpectChange
	for _, k := range orderB {
		va, ok := a[k]
		vb := b[k]
		if !ok || va != vb {
			out = append(out, ExpectChange{Expectation: k, Old: va[0], New: vb[0], OldGot: va[1], NewGot: vb[1]})
		}
	}
	for _, k := range orderA {
		if _, ok := b[k]; !ok {
			out = append(out, ExpectChange{Expectation: k, Old: a[k][0], OldGot: a[k][1]})
		}
	}
	return out, nil
}

// WriteText writes r for a terminal: a line per dataset, expectation and
// file that changed, with the rows and values under each dataset.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.Empty() {
		fmt.Fprintf(&b, "%s and %s hold the same results\n", r.A, r.B)
		_, err := io.WriteString(w, b.String())
		return err
	}
	for _, d := range r.Datasets {
		fmt.Fprintf(&b, "dataset %s: %s\n", d.Study, d.summary())
		for _, c := range d.ColumnsAdded {
			fmt.Fprintf(&b, "  + column %s\n", c)
		}
		for _, c := range d.ColumnsRemoved {
			fmt.Fprintf(&b, "  - column %s\n", c)
		}
		for _, row := range d.RowsAdded {
			fmt.Fprintf(&b, "  + %s\n", row)
		}
		for _, row := range d.RowsRemoved {
			fmt.Fprintf(&b, "  - %s\n", row)
		}
		for _, v := range d.Values {
			fmt.Fprintf(&b, "  ~ %s: %s %s → %s\n", v.Row, v.Column, v.Old, v.New)
		}
	}
	if len(r.Scorecard) > 0 {
		fmt.Fprintf(&b, "scorecard: %d expectations changed\n", len(r.Scorecard))
		for _, e := range r.Scorecard {
			fmt.Fprintf(&b, "  %s: %s\n", e.Expectation, e.change())
		}
	}
	if len(r.Files) > 0 {
		fmt.Fprintf(&b, "files: %d changed\n", len(r.Files))
		for _, f := range r.Files {
			fmt.Fprintf(&b, "  %s %s\n", f.Status, f.Path)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summary counts a dataset's changes.
func (d *DatasetDiff) summary() string {
	if d.Status != "changed" {
		return d.Status
	}
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, what))
		}
	}
	add(len(d.RowsAdded), "rows added")
	add(len(d.RowsRemoved), "rows removed")
	add(len(d.ColumnsAdded), "columns added")
	add(len(d.ColumnsRemoved), "columns removed")
	add(len(d.Values), "values changed")
	return strings.Join(parts, ", ")
}

// change describes an expectation's change.
func (e ExpectChange) change() string {
	state := func(s string) string {
		if s == "" {
			return "absent"
		}
		return s
	}
	s := state(e.Old) + " → " + state(e.New)
	if e.Old != "" && e.New != "" {
		s += fmt.Sprintf(" (%s → %s)", e.OldGot, e.NewGot)
	}
	return s
}

// WriteMarkdown writes r as Markdown: a section per kind of change.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Results: %s → %s\n\n", mdEscape(r.A), mdEscape(r.B))
	if r.Empty() {
		b.WriteString("No difference.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	for _, d := range r.Datasets {
		fmt.Fprintf(&b, "## Dataset %s: %s\n\n", mdEscape(d.Study), d.summary())
		for _, row := range d.RowsAdded {
			fmt.Fprintf(&b, "- added: %s\n", mdEscape(row))
		}
		for _, row := range d.RowsRemoved {
			fmt.Fprintf(&b, "- removed: %s\n", mdEscape(row))
		}
		if len(d.Values) > 0 {
			b.WriteString("\n| row | column | old | new |\n| --- | --- | ---: | ---: |\n")
			for _, v := range d.Values {
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdEscape(v.Row), mdEscape(v.Column), mdEscape(v.Old), mdEscape(v.New))
			}
		}
		b.WriteString("\n")
	}
	if len(r.Scorecard) > 0 {
		b.WriteString("## Scorecard\n\n| expectation | change |\n| --- | --- |\n")
		for _, e := range r.Scorecard {
			fmt.Fprintf(&b, "| %s | %s |\n", mdEscape(e.Expectation), mdEscape(e.change()))
		}
		b.WriteString("\n")
	}
	if len(r.Files) > 0 {
		b.WriteString("## Files\n\n")
		for _, f := range r.Files {
			fmt.Fprintf(&b, "- %s: %s\n", f.Status, mdEscape(f.Path))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape escapes the characters Markdown tables and emphasis use.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`).Replace(s)
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
