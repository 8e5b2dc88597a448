package report

import (
	"bytes"
	"encoding/json"
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

	// Every makes Where select any number of rows (at least one), each of
	// which must hold the value: a property of a whole sweep, such as
	// "every instance has diameter 2".
	Every bool

	Source string // where the number is published, e.g. "Slim Fly SC14, Table IV"
	Pos    string // source position "file:line:col" of the expectation
}

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
		r.Err = fmt.Sprintf("%d rows match %s", len(rows), whereString(e.Where))
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
	if !e.Rounded {
		return compare(got, e.Want, e.Abs, e.Rel)
	}
	g, ok := got.Float64()
	if !ok || got.IsNull() {
		return compare(got, e.Want, 0, 0) // explains the kind mismatch
	}
	return compare(dataset.FloatValue(roundTo(g, e.Decimals, e.Rounding)), e.Want, 0, 0)
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

// toleranceString describes the tolerance of e: "exact", "±0.5", "±3%" or
// "±max(0.5, 3%)".
func toleranceString(e Expectation) string {
	_, num := e.Want.Float64()
	switch {
	case !num:
		return "exact"
	case e.Rounded:
		mode := e.Rounding
		if mode == "" {
			mode = "nearest"
		}
		return fmt.Sprintf("%d decimals, %s", e.Decimals, mode)
	case e.Abs == 0 && e.Rel == 0:
		return "exact"
	case e.Rel == 0:
		return "±" + strconv.FormatFloat(e.Abs, 'g', -1, 64)
	case e.Abs == 0:
		return "±" + strconv.FormatFloat(e.Rel*100, 'g', 6, 64) + "%"
	}
	return "±max(" + strconv.FormatFloat(e.Abs, 'g', -1, 64) + ", " + strconv.FormatFloat(e.Rel*100, 'g', 6, 64) + "%)"
}

// passed counts the results that hold.
func passed(rs []Result) int {
	n := 0
	for _, r := range rs {
		if r.OK {
			n++
		}
	}
	return n
}

// ScorecardMarkdown renders the results of an experiment's expectations as
// Markdown: a heading, the summary line "N of M expectations hold.", and a
// table with one row per result, in the order given, with the columns
// table, name, where, column, expected, got, tolerance, ok, source and
// position. A result with an error shows it in the got column.
func ScorecardMarkdown(experiment string, rs []Result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Scorecard: %s\n\n", mdText(experiment))
	fmt.Fprintf(&b, "%d of %d expectations hold.\n", passed(rs), len(rs))
	if len(rs) == 0 {
		return b.Bytes()
	}
	b.WriteString("\n")
	head := []string{"table", "name", "where", "column", "expected", "got", "tolerance", "ok", "source", "position"}
	body := make([][]string, len(rs))
	for i, r := range rs {
		got := valueString(r.Got)
		if r.Err != "" {
			if r.Got.IsNull() {
				got = "error: " + r.Err
			} else {
				got += " (" + r.Err + ")"
			}
		}
		ok := "yes"
		if !r.OK {
			ok = "**NO**"
		}
		body[i] = []string{
			r.Table, r.Name, selectionString(r.Expectation), r.Column,
			valueString(r.Want), got, toleranceString(r.Expectation), ok,
			r.Source, r.Pos,
		}
	}
	writeMarkdownTable(&b, head, body, make([]bool, len(head)))
	return b.Bytes()
}

// jsonValue encodes a dataset.Value as JSON: null, a number, a string or a
// boolean. NaN and infinities, which JSON lacks, become the strings "NaN",
// "+Inf" and "-Inf".
type jsonValue dataset.Value

func (v jsonValue) MarshalJSON() ([]byte, error) {
	switch v.Kind {
	case dataset.Int:
		return strconv.AppendInt(nil, v.I, 10), nil
	case dataset.Float:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			return json.Marshal(dataset.Value(v).String())
		}
		return json.Marshal(v.F)
	case dataset.String:
		return json.Marshal(v.S)
	case dataset.Bool:
		return json.Marshal(v.B)
	}
	return []byte("null"), nil
}

// scorecardJSON is the document written by ScorecardJSON.
type scorecardJSON struct {
	Experiment string       `json:"experiment"`
	Passed     int          `json:"passed"`
	Total      int          `json:"total"`
	Results    []resultJSON `json:"results"`
}

type resultJSON struct {
	Table     string                 `json:"table"`
	Name      string                 `json:"name"`
	Where     map[string][]jsonValue `json:"where"`
	Every     bool                   `json:"every,omitempty"`
	Column    string                 `json:"column"`
	Want      jsonValue              `json:"want"`
	Got       jsonValue              `json:"got"`
	Abs       float64                `json:"abs"`
	Rel       float64                `json:"rel"`
	Tolerance string                 `json:"tolerance"`
	Decimals  *int                   `json:"decimals,omitempty"`
	Rounding  string                 `json:"rounding,omitempty"`
	OK        bool                   `json:"ok"`
	Error     string                 `json:"error,omitempty"`
	Source    string                 `json:"source,omitempty"`
	Pos       string                 `json:"pos,omitempty"`
}

// ScorecardJSON renders the results as an indented JSON document:
//
//	{"experiment": ..., "passed": N, "total": M, "results": [{
//	  "table", "name", "where": {column: [values]}, "every" (when set), "column",
//	  "want", "got", "abs", "rel", "tolerance" (as in the Markdown),
//	  "decimals" and "rounding" (for a comparison as printed),
//	  "ok", "error", "source", "pos"}]}
//
// Values are JSON numbers, strings, booleans or null (NaN and infinities
// as the strings "NaN", "+Inf", "-Inf"); "error", "source" and "pos" are
// omitted when empty. Results keep their order and map keys are sorted,
// so the output is deterministic.
func ScorecardJSON(experiment string, rs []Result) ([]byte, error) {
	doc := scorecardJSON{
		Experiment: experiment,
		Passed:     passed(rs),
		Total:      len(rs),
		Results:    make([]resultJSON, len(rs)),
	}
	for i, r := range rs {
		where := make(map[string][]jsonValue, len(r.Where))
		for k, vs := range r.Where {
			jv := make([]jsonValue, len(vs))
			for j, v := range vs {
				jv[j] = jsonValue(v)
			}
			where[k] = jv
		}
		var decimals *int
		rounding := ""
		if r.Rounded {
			decimals, rounding = &r.Decimals, r.Rounding
			if rounding == "" {
				rounding = "nearest"
			}
		}
		doc.Results[i] = resultJSON{
			Decimals: decimals, Rounding: rounding,
			Table: r.Table, Name: r.Name, Where: where, Every: r.Every, Column: r.Column,
			Want: jsonValue(r.Want), Got: jsonValue(r.Got),
			Abs: r.Abs, Rel: r.Rel, Tolerance: toleranceString(r.Expectation),
			OK: r.OK, Error: r.Err, Source: r.Source, Pos: r.Pos,
		}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("report: scorecard %q: %w", experiment, err)
	}
	return append(b, '\n'), nil
}
