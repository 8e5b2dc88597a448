package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// Expectation is a published number that a reproduced table should match:
// the value of Column in the one row of the table selected by Where (in
// every row it selects, if Every is set).
type Expectation struct {
	Table  string                     // name of the table block
	Name   string                     // label of the expectation
	Where  map[string][]dataset.Value // selects exactly one row (see dataset.Table.Where)
	Column string                     // column holding the value
	Want   dataset.Value              // expected number, string or bool

	// Abs and Rel are the tolerance of a numeric expectation: it holds
	// when |got-want| <= max(Abs, Rel*|want|). When both are 0 the match
	// must be exact: equal integers, or floats within 1e-9 relative.
	Abs, Rel float64

	// Rounded compares the value as printed: got rounded to Decimals
	// decimals the way the publication rounds (Rounding: "nearest", half
	// away from zero, the default; "up"; or "down") must equal Want. Abs
	// and Rel are then ignored.
	Rounded  bool
	Decimals int
	Rounding string

	// Bound makes the expectation one-sided, for published statements of
	// a direction or a limit ("over 25%", "below 50%", "bigger buffers
	// enable higher bandwidth"): BoundAtMost holds when got <= Want,
	// BoundAtLeast when got >= Want, each with the slack max(Abs,
	// Rel*|Want|) beyond the bound. Empty: two-sided. Numbers only.
	Bound string `json:",omitempty"`

	// Every makes Where select any number of rows (at least one), each of
	// which must hold the value: a property of a whole sweep, such as
	// "every instance has diameter 2".
	Every bool

	Source string // where the number is published, e.g. "Slim Fly SC14, Table IV"
	Pos    string // source position "file:line:col" of the expectation

	// The fields below describe the expectation for a reader; they do not
	// change whether it holds.

	// Kind says what the expectation is evidence of: KindReproduction
	// (the default, also when empty), a published number that nothing the
	// experiment sets determines; or KindCheck, a configuration check, a
	// value that follows from the experiment's own inputs (a parameter it
	// sets, endpoints fixed by chosen dimensions, a formula checked
	// against itself).
	Kind string `json:",omitempty"`
	// Note explains the row: the arithmetic behind the value, or why it
	// misses. Scorecards and reports show it next to the row.
	Note string `json:",omitempty"`
	// Why states the reason for the tolerance: the paper's printed
	// precision, sampling spread, a named model difference.
	Why string `json:",omitempty"`
	// Printed is the expected number as the experiment file writes it
	// ("1678.70"); its decimals are the precision values are shown with.
	Printed string `json:",omitempty"`
}

// The kinds of expectation (Expectation.Kind).
const (
	KindReproduction = "reproduction"
	KindCheck        = "check"
)

// The one-sided expectations (Expectation.Bound).
const (
	BoundAtMost  = "at_most"
	BoundAtLeast = "at_least"
)

// IsCheck reports whether e is a configuration check rather than a
// reproduction of a published number.
func (e Expectation) IsCheck() bool { return e.Kind == KindCheck }

// Result is the outcome of checking an Expectation.
type Result struct {
	Expectation
	Got dataset.Value // the value found; null if none was
	OK  bool          // whether the expectation holds
	// Err says why no value could be compared ("no row matches ...",
	// "2 rows match ...", "column ... missing") or why the comparison
	// failed other than by tolerance (a kind mismatch, or "cell failed:
	// ..." when the value is missing because its cell failed, see
	// ErrorColumn); empty otherwise.
	Err string
}

// exactRel is the relative tolerance of an "exact" float comparison.
const exactRel = 1e-9

// Check evaluates e against t, the table named e.Table. A value that is
// null because its cell failed (its row has an ErrorColumn value) fails
// the expectation with "cell failed: " and the row's error as the reason,
// whatever the expected value.
func Check(e Expectation, t *dataset.Table) Result {
	r := Result{Expectation: e}
	if t == nil {
		r.Err = fmt.Sprintf("table %q missing", e.Table)
		return r
	}
	for _, name := range slices.Sorted(maps.Keys(e.Where)) {
		if t.Column(name) == nil {
			r.Err = fmt.Sprintf("column %q missing (available: %s)", name, strings.Join(t.ColumnNames(), ", "))
			return r
		}
	}
	col := t.Column(e.Column)
	if col == nil {
		r.Err = fmt.Sprintf("column %q missing (available: %s)", e.Column, strings.Join(t.ColumnNames(), ", "))
		return r
	}
	rows := t.Rows(e.Where)
	switch {
	case len(rows) == 0:
		r.Err = "no row matches " + whereString(e.Where)
		if fe := failedUnmatched(t, e.Where); fe != "" {
			r.Err += "; " + fe
		}
		return r
	case e.Every:
		// Got is the first row that fails, or the first row.
		bad, failed := 0, ""
		for _, row := range rows {
			v := col.Value(row)
			fe := failedValue(t, row, v)
			if ok, _ := e.compare(v); !ok || fe != "" {
				if bad == 0 {
					r.Got, failed = v, fe
				}
				bad++
			}
		}
		if bad == 0 {
			r.Got, r.OK = col.Value(rows[0]), true
			return r
		}
		switch {
		case failed != "" && bad > 1:
			r.Err = fmt.Sprintf("%s (%d of %d rows fail)", failed, bad, len(rows))
		case failed != "":
			r.Err = failed
		default:
			_, r.Err = e.compare(r.Got)
		}
		if r.Err == "" {
			r.Err = fmt.Sprintf("%d of %d rows fail", bad, len(rows))
		}
		return r
	case len(rows) > 1:
		// Replicates of a cell that failed are not merged with the others:
		// the failure, not the count, is then the reason (it ends the text,
		// as for one row, so that a cell not computed yet reads as such).
		r.Err = fmt.Sprintf("%d rows match %s", len(rows), whereString(e.Where))
		for _, row := range rows {
			if fe := failedValue(t, row, col.Value(row)); fe != "" {
				r.Err += "; " + fe
				break
			}
		}
		return r
	}
	r.Got = col.Value(rows[0])
	if fe := failedValue(t, rows[0], r.Got); fe != "" {
		r.Err = fe // the value is missing because its cell failed
		return r
	}
	r.OK, r.Err = e.compare(r.Got)
	return r
}

// compare checks got against the expectation: as printed when Rounded,
// else within the tolerance.
func (e Expectation) compare(got dataset.Value) (bool, string) {
	if e.Bound != "" {
		return e.compareBound(got)
	}
	if !e.Rounded {
		return compare(got, e.Want, e.Abs, e.Rel)
	}
	g, ok := got.Float64()
	if !ok || got.IsNull() {
		return compare(got, e.Want, 0, 0) // explains the kind mismatch
	}
	return compare(dataset.FloatValue(roundTo(g, e.Decimals, e.Rounding)), e.Want, 0, 0)
}

// compareBound checks got against a one-sided expectation.
func (e Expectation) compareBound(got dataset.Value) (bool, string) {
	g, gnum := got.Float64()
	w, wnum := e.Want.Float64()
	switch {
	case !wnum || e.Want.IsNull():
		return false, fmt.Sprintf("bound %s is not a number", e.Want)
	case got.IsNull():
		return false, "value is null"
	case !gnum:
		return false, fmt.Sprintf("got a %s value, want a number", got.Kind)
	case math.IsNaN(g):
		return false, ""
	}
	slack := math.Max(e.Abs, e.Rel*math.Abs(w))
	if e.Bound == BoundAtLeast {
		return g >= w-slack, ""
	}
	return g <= w+slack, ""
}

// roundTo rounds x to the given decimals: "up" (toward +Inf), "down"
// (toward -Inf) or to the nearest (half away from zero). A relative slack
// of 1e-9 keeps values that are exact in decimal but not in binary (8.4
// computed as 8.400000000000002) from rounding up or down a step.
func roundTo(x float64, decimals int, mode string) float64 {
	scale := math.Pow(10, float64(decimals))
	y := x * scale
	slack := 1e-9 * math.Max(1, math.Abs(y))
	switch mode {
	case "up":
		y = math.Ceil(y - slack)
	case "down":
		y = math.Floor(y + slack)
	default:
		y = math.Round(y)
	}
	return y / scale
}

// compare reports whether got matches want within the tolerance, and
// explains kind mismatches.
func compare(got, want dataset.Value, abs, rel float64) (bool, string) {
	gf, gnum := got.Float64()
	wf, wnum := want.Float64()
	switch {
	case want.IsNull():
		return got.IsNull(), ""
	case got.IsNull():
		return false, "value is null"
	case wnum && gnum:
		if abs == 0 && rel == 0 {
			if got.Kind == dataset.Int && want.Kind == dataset.Int {
				return got.I == want.I, ""
			}
			if math.IsNaN(wf) {
				return math.IsNaN(gf), ""
			}
			return gf == wf || math.Abs(gf-wf) <= exactRel*math.Abs(wf), ""
		}
		return math.Abs(gf-wf) <= math.Max(abs, rel*math.Abs(wf)), ""
	case got.Kind != want.Kind:
		return false, fmt.Sprintf("got a %s value, want %s", got.Kind, want.Kind)
	}
	return got.Equal(want), ""
}

// selectionString formats the rows an expectation checks: its where, as
// "every row: ..." when it applies to every selected row.
func selectionString(e Expectation) string {
	if e.Every {
		return "every row: " + whereString(e.Where)
	}
	return whereString(e.Where)
}

// whereString formats a row selection: "topology=sf, q=5", with
// alternatives as "q in {5, 7}", keys sorted.
func whereString(where map[string][]dataset.Value) string {
	if len(where) == 0 {
		return "(all rows)"
	}
	parts := make([]string, 0, len(where))
	for _, k := range slices.Sorted(maps.Keys(where)) {
		vs := where[k]
		if len(vs) == 1 {
			parts = append(parts, k+"="+valueString(vs[0]))
			continue
		}
		ss := make([]string, len(vs))
		for i, v := range vs {
			ss[i] = valueString(v)
		}
		parts = append(parts, k+" in {"+strings.Join(ss, ", ")+"}")
	}
	return strings.Join(parts, ", ")
}

// valueString formats a value exactly, for scorecards: null as "null",
// strings quoted only when they would be ambiguous.
func valueString(v dataset.Value) string {
	switch v.Kind {
	case dataset.Null:
		return "null"
	case dataset.String:
		if v.S == "" || v.S == "null" || strings.ContainsAny(v.S, ",={}\"") ||
			strings.TrimSpace(v.S) != v.S {
			return strconv.Quote(v.S)
		}
	}
	return v.String()
}
