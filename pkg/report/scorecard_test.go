package report

import (
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// TestGotString checks the precision values are shown with: the expected
// value's as printed, a step of the tolerance, three significant digits of
// a miss's difference, never past the value's exact form.
func TestGotString(t *testing.T) {
	for _, c := range []struct {
		name string
		e    Expectation
		got  dataset.Value
		ok   bool
		want string
	}{
		{"printed decimals", Expectation{Want: fv(1678.7), Printed: "1678.70", Abs: 0.005}, fv(1678.6999999999998), true, "1678.70"},
		{"shortest want", Expectation{Want: fv(1678.7), Rel: 0.01}, fv(1678.6999999999998), true, "1678.7"},
		{"tolerance step", Expectation{Want: iv(5), Abs: 0.25}, fv(4.8123), true, "4.8"},
		{"coarse tolerance", Expectation{Want: iv(5), Rel: 0.1}, fv(4.6123), true, "5"},
		{"tiny tolerance, exact form", Expectation{Want: fv(12.8141), Abs: 1e-9}, fv(12.8141), true, "12.8141"},
		{"miss shows difference", Expectation{Want: iv(5), Abs: 0.5}, fv(4.41), false, "4.41"},
		{"miss, integer want", Expectation{Want: iv(5)}, fv(4.4123456), false, "4.412"},
		{"miss, close", Expectation{Want: fv(3.749)}, fv(3.7490234375), false, "3.7490234"},
		{"miss, large", Expectation{Want: iv(1033), Rel: 0.03}, fv(998.5), false, "998.5"},
		{"as printed", Expectation{Want: fv(8.4), Rounded: true, Decimals: 2}, fv(8.400000000000002), true, "8.40"},
		{"int got", Expectation{Want: fv(722.5), Abs: 1}, iv(722), true, "722"},
		{"NaN", Expectation{Want: fv(1), Rel: 0.1}, fv(math.NaN()), false, "NaN"},
		{"string", Expectation{Want: sv("x")}, sv("x"), true, "x"},
		{"null", Expectation{Want: fv(1)}, null, false, "null"},
		{"bound, three digits", Expectation{Want: iv(1), Bound: BoundAtMost}, fv(0.92212), true, "0.922"},
		{"bound, ratio above", Expectation{Want: iv(1), Bound: BoundAtLeast}, fv(1.6666666666666667), true, "1.67"},
		{"bound, small", Expectation{Want: iv(1), Bound: BoundAtMost}, fv(0.0023451), true, "0.00235"},
		{"bound, exact form", Expectation{Want: iv(3), Bound: BoundAtMost}, fv(2.5), true, "2.5"},
		{"bound, whole", Expectation{Want: iv(3), Bound: BoundAtMost}, fv(2), true, "2"},
		{"bound, large", Expectation{Want: iv(100), Bound: BoundAtMost}, fv(12.3456), true, "12.3"},
		{"bound, miss", Expectation{Want: iv(1), Bound: BoundAtMost}, fv(1.23456), false, "1.235"},
	} {
		r := Result{Expectation: c.e, Got: c.got, OK: c.ok}
		if got := r.GotString(); got != c.want {
			t.Errorf("%s: GotString = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestHeadline checks the scorecard's first sentence.
func TestHeadline(t *testing.T) {
	for _, c := range []struct {
		s    Summary
		want string
	}{
		{Summary{Reproduced: 81, Reproductions: 104, ChecksHeld: 46, Checks: 46}, "Reproduced 81 of 104 published numbers; 46 of 46 configuration checks hold."},
		{Summary{Reproduced: 1, Reproductions: 1}, "Reproduced 1 of 1 published number."},
		{Summary{ChecksHeld: 0, Checks: 1}, "0 of 1 configuration check holds."},
		{Summary{}, "No expectations."},
	} {
		if got := c.s.Headline(); got != c.want {
			t.Errorf("Headline(%+v) = %q, want %q", c.s, got, c.want)
		}
	}
	rs := []Result{
		{Expectation: Expectation{Kind: KindCheck}, OK: true},
		{Expectation: Expectation{}, OK: false},
		{Expectation: Expectation{Kind: KindReproduction}, OK: true},
	}
	if got, want := Summarize(rs), (Summary{Reproduced: 1, Reproductions: 2, ChecksHeld: 1, Checks: 1}); got != want {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
}

// TestAddRatios: the reference row's value over each row's, null where a
// row has no value or 0; a reference that is not exactly one row fails.
func TestAddRatios(t *testing.T) {
	tab := structureTable(t)
	spec := TableSpec{Name: "t", RatioTo: &RatioSpec{Where: where("topology", sv("SF"), "q", iv(19)), Columns: []string{"cost_per_node", "routers"}}}
	out, err := AddRatios(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Columns) != len(tab.Columns)+2 || len(tab.Columns) == len(out.Columns) {
		t.Fatalf("columns %v", out.ColumnNames())
	}
	for _, c := range []struct {
		where map[string][]dataset.Value
		col   string
		want  dataset.Value
	}{
		{where("topology", sv("SF"), "q", iv(19)), "cost_per_node_ratio", fv(1)},
		{where("topology", sv("SF"), "q", iv(19)), "routers_ratio", fv(1)},
		{where("topology", sv("DF")), "routers_ratio", fv(722.0 / 72)},
		{where("topology", sv("T3D")), "cost_per_node_ratio", null}, // no cost
	} {
		rows := out.Rows(c.where)
		if len(rows) != 1 {
			t.Fatalf("%v: %d rows", c.where, len(rows))
		}
		if got := out.Column(c.col).Value(rows[0]); !got.Equal(c.want) || got.Kind != c.want.Kind {
			t.Errorf("%v %s = %v, want %v", c.where, c.col, got, c.want)
		}
	}
	spec.RatioTo.Where = where("topology", sv("SF"))
	if _, err := AddRatios(spec, tab); err == nil || !strings.Contains(err.Error(), "selects 2 rows") {
		t.Errorf("two reference rows: %v", err)
	}
	spec.RatioTo = &RatioSpec{Where: where("topology", sv("DF")), Columns: []string{"note"}}
	if _, err := AddRatios(spec, tab); err == nil || !strings.Contains(err.Error(), "not numbers") {
		t.Errorf("string column: %v", err)
	}
}
