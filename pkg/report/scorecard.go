package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// Summary counts the results of an experiment's expectations, reproductions
// and configuration checks apart.
type Summary struct {
	Reproduced, Reproductions int // reproductions that hold, and all of them
	ChecksHeld, Checks        int // configuration checks that hold, and all
}

// Held returns the number of expectations that hold.
func (s Summary) Held() int { return s.Reproduced + s.ChecksHeld }

// Total returns the number of expectations.
func (s Summary) Total() int { return s.Reproductions + s.Checks }

// Summarize counts rs.
func Summarize(rs []Result) Summary {
	var s Summary
	for _, r := range rs {
		if r.IsCheck() {
			s.Checks++
			if r.OK {
				s.ChecksHeld++
			}
			continue
		}
		s.Reproductions++
		if r.OK {
			s.Reproduced++
		}
	}
	return s
}

// Headline states the summary in one sentence: "Reproduced 81 of 104
// published numbers; 46 of 46 configuration checks hold."
func (s Summary) Headline() string {
	var parts []string
	if s.Reproductions > 0 {
		parts = append(parts, fmt.Sprintf("Reproduced %d of %d published %s", s.Reproduced, s.Reproductions, plural(s.Reproductions, "number", "numbers")))
	}
	if s.Checks > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d configuration %s", s.ChecksHeld, s.Checks, plural(s.Checks, "check holds", "checks hold")))
	}
	if len(parts) == 0 {
		return "No expectations."
	}
	h := strings.Join(parts, "; ") + "."
	return strings.ToUpper(h[:1]) + h[1:]
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Misses returns the results that do not hold, in order: the rows a
// reader looks at first.
func Misses(rs []Result) []Result {
	var out []Result
	for _, r := range rs {
		if !r.OK {
			out = append(out, r)
		}
	}
	return out
}

// KindName returns the kind of e as shown: "reproduction" or "check".
func (e Expectation) KindName() string {
	if e.IsCheck() {
		return KindCheck
	}
	return KindReproduction
}

// maxShownDecimals bounds the decimals values are shown with.
const maxShownDecimals = 12

// shownDecimals returns the decimals a numeric expectation's values are
// shown with: base, those of the expected value as printed (Printed, or
// the decimals of a comparison as printed, or the shortest form of Want),
// and step, those that show a step of the tolerance. ok is false for a
// non-numeric expectation.
func shownDecimals(e Expectation) (base, step int, ok bool) {
	want, num := e.Want.Float64()
	if !num || e.Want.IsNull() || math.IsNaN(want) || math.IsInf(want, 0) {
		return 0, 0, false
	}
	switch {
	case e.Rounded:
		return e.Decimals, e.Decimals, true
	case e.Printed != "":
		base = decimalsIn(e.Printed)
	case e.Want.Kind == dataset.Float:
		base = decimalsIn(strconv.FormatFloat(want, 'f', -1, 64))
	}
	if tol := math.Max(e.Abs, e.Rel*math.Abs(want)); tol > 0 {
		// The place at which the interval want ± tol spans one unit:
		// ±0.005 shows 2 decimals, ±0.25 one, ±0.5 none.
		step = int(math.Ceil(-math.Log10(2*tol) - 1e-9))
	}
	return min(base, maxShownDecimals), min(step, maxShownDecimals), true
}

// decimalsIn returns the number of digits after the point in a decimal
// number as written ("1678.70": 2; "5": 0; "1e-3": 0).
func decimalsIn(s string) int {
	if strings.ContainsAny(s, "eE") {
		return 0
	}
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// WantString formats the expected value as the experiment file writes it,
// after "≤ " or "≥ " for a one-sided expectation.
func (e Expectation) WantString() string {
	s := e.Printed
	if s == "" {
		s = valueString(e.Want)
	}
	switch e.Bound {
	case BoundAtMost:
		return "≤ " + s
	case BoundAtLeast:
		return "≥ " + s
	}
	return s
}

// GotString formats the value found with the precision of the expected
// value (1678.70, not 1678.6999999999998), with more decimals where they
// show a step of the tolerance (4.8 against 5 ± 0.25) and, for a value that
// misses, where they show its difference from the expected value to three
// significant digits (4.41 against 5, not 4); a value checked against a
// one-sided bound shows three significant digits (0.922 against at most
// 1, not 1: a bound says nothing of the value's scale). The extra
// decimals never go past the value's shortest exact form (12.8141, not
// 12.814100000).
func (r Result) GotString() string {
	base, step, ok := shownDecimals(r.Expectation)
	g, num := r.Got.Float64()
	if !ok || !num || r.Got.Kind != dataset.Float || math.IsNaN(g) || math.IsInf(g, 0) {
		return valueString(r.Got)
	}
	more := step
	if a := math.Abs(g); r.Bound != "" && a > 0 {
		more = max(more, int(math.Ceil(-math.Log10(a)-1e-9))+2)
	}
	if !r.OK {
		want, _ := r.Want.Float64()
		if diff := math.Abs(g - want); diff > 0 {
			more = max(more, int(math.Ceil(-math.Log10(diff)-1e-9))+2)
		}
	}
	exact := decimalsIn(strconv.FormatFloat(g, 'f', -1, 64))
	d := max(base, min(more, exact, maxShownDecimals))
	return strconv.FormatFloat(g, 'f', d, 64)
}

// toleranceString describes the tolerance of e: "exact", "±0.5", "±3%",
// "±max(0.5, 3%)" or "2 decimals, up", followed by its reason in
// parentheses when the file states one.
func toleranceString(e Expectation) string {
	s := toleranceBound(e)
	if e.Why != "" {
		s += " (" + e.Why + ")"
	}
	return s
}

// toleranceBound describes the bound of e's tolerance, without its reason.
func toleranceBound(e Expectation) string {
	_, num := e.Want.Float64()
	switch {
	case !num:
		return "exact"
	case e.Bound != "" && e.Abs == 0 && e.Rel == 0:
		return "one-sided"
	case e.Bound != "":
		e.Bound = ""
		return "one-sided, up to " + strings.TrimPrefix(toleranceBound(e), "±") + " beyond"
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

// gotCell formats the got column of a scorecard row: the value, or the
// reason no value could be compared.
func gotCell(r Result) string {
	got := r.GotString()
	if r.Err != "" {
		if r.Got.IsNull() {
			return "error: " + r.Err
		}
		got += " (" + r.Err + ")"
	}
	return got
}

// ScorecardMarkdown renders the results of an experiment's expectations as
// Markdown: a heading; the headline (Summary.Headline); the misses, every
// result that does not hold, with its note; then the reproductions and the
// configuration checks, each a table with one row per result in the order
// given (table, name, where, column, expected, got, tolerance, ok, note,
// source, position). Values are shown with the precision of the expected
// value (GotString); a result with an error shows it in the got column.
func ScorecardMarkdown(experiment string, rs []Result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Scorecard: %s\n\n", mdText(experiment))
	b.WriteString(Summarize(rs).Headline() + "\n")
	if len(rs) == 0 {
		return b.Bytes()
	}
	if misses := Misses(rs); len(misses) > 0 {
		b.WriteString("\n## Misses\n\n")
		head := []string{"table", "name", "kind", "column", "expected", "got", "tolerance", "note"}
		body := make([][]string, len(misses))
		for i, r := range misses {
			body[i] = []string{r.Table, r.Name, r.KindName(), r.Column, r.WantString(), gotCell(r), toleranceString(r.Expectation), r.Note}
		}
		writeMarkdownTable(&b, head, body, make([]bool, len(head)))
	}
	for _, sec := range []struct {
		title string
		check bool
	}{{"Reproductions", false}, {"Configuration checks", true}} {
		var body [][]string
		for _, r := range rs {
			if r.IsCheck() != sec.check {
				continue
			}
			ok := "yes"
			if !r.OK {
				ok = "**NO**"
			}
			body = append(body, []string{
				r.Table, r.Name, selectionString(r.Expectation), r.Column,
				r.WantString(), gotCell(r), toleranceString(r.Expectation), ok,
				r.Note, r.Source, r.Pos,
			})
		}
		if len(body) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n", sec.title)
		head := []string{"table", "name", "where", "column", "expected", "got", "tolerance", "ok", "note", "source", "position"}
		writeMarkdownTable(&b, head, body, make([]bool, len(head)))
	}
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
	case dataset.IntList:
		return []byte(dataset.FormatIntList(v.L)), nil
	}
	return []byte("null"), nil
}

// scorecardJSON is the document written by ScorecardJSON.
type scorecardJSON struct {
	Experiment    string       `json:"experiment"`
	Headline      string       `json:"headline"`
	Passed        int          `json:"passed"`
	Total         int          `json:"total"`
	Reproduced    int          `json:"reproduced"`
	Reproductions int          `json:"reproductions"`
	ChecksHeld    int          `json:"checks_held"`
	Checks        int          `json:"checks"`
	Results       []resultJSON `json:"results"`
}

type resultJSON struct {
	Table     string                 `json:"table"`
	Name      string                 `json:"name"`
	Kind      string                 `json:"kind"`
	Where     map[string][]jsonValue `json:"where"`
	Every     bool                   `json:"every,omitempty"`
	Column    string                 `json:"column"`
	Want      jsonValue              `json:"want"`
	Bound     string                 `json:"bound,omitempty"`
	Printed   string                 `json:"want_printed,omitempty"`
	Got       jsonValue              `json:"got"`
	Abs       float64                `json:"abs"`
	Rel       float64                `json:"rel"`
	Tolerance string                 `json:"tolerance"`
	Why       string                 `json:"tolerance_reason,omitempty"`
	Decimals  *int                   `json:"decimals,omitempty"`
	Rounding  string                 `json:"rounding,omitempty"`
	OK        bool                   `json:"ok"`
	Error     string                 `json:"error,omitempty"`
	Note      string                 `json:"note,omitempty"`
	Source    string                 `json:"source,omitempty"`
	Pos       string                 `json:"pos,omitempty"`
}

// ScorecardJSON renders the results as an indented JSON document:
//
//	{"experiment", "headline", "passed", "total", "reproduced",
//	 "reproductions", "checks_held", "checks", "results": [{
//	  "table", "name", "kind" ("reproduction" or "check"),
//	  "where": {column: [values]}, "every" (when set), "column",
//	  "want", "bound" ("at_most" or "at_least" for a one-sided
//	  expectation), "want_printed" (as the file writes it), "got" (full
//	  precision),
//	  "abs", "rel", "tolerance" (the bound, as in the Markdown),
//	  "tolerance_reason", "decimals" and "rounding" (for a comparison as
//	  printed), "ok", "error", "note", "source", "pos"}]}
//
// Values are JSON numbers, strings, booleans or null (NaN and infinities
// as the strings "NaN", "+Inf", "-Inf"); optional strings are omitted when
// empty. Results keep their order and map keys are sorted, so the output
// is deterministic.
func ScorecardJSON(experiment string, rs []Result) ([]byte, error) {
	sum := Summarize(rs)
	doc := scorecardJSON{
		Experiment:    experiment,
		Headline:      sum.Headline(),
		Passed:        sum.Held(),
		Total:         sum.Total(),
		Reproduced:    sum.Reproduced,
		Reproductions: sum.Reproductions,
		ChecksHeld:    sum.ChecksHeld,
		Checks:        sum.Checks,
		Results:       make([]resultJSON, len(rs)),
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
			Table: r.Table, Name: r.Name, Kind: r.KindName(), Where: where, Every: r.Every, Column: r.Column,
			Want: jsonValue(r.Want), Bound: r.Bound, Printed: r.Printed, Got: jsonValue(r.Got),
			Abs: r.Abs, Rel: r.Rel, Tolerance: toleranceBound(r.Expectation), Why: r.Why,
			OK: r.OK, Error: r.Err, Note: r.Note, Source: r.Source, Pos: r.Pos,
		}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("report: scorecard %q: %w", experiment, err)
	}
	return append(b, '\n'), nil
}
