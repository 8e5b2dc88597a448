package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

func where(kv ...any) map[string][]dataset.Value {
	m := map[string][]dataset.Value{}
	for i := 0; i < len(kv); i += 2 {
		switch v := kv[i+1].(type) {
		case dataset.Value:
			m[kv[i].(string)] = []dataset.Value{v}
		case []dataset.Value:
			m[kv[i].(string)] = v
		}
	}
	return m
}

// expectations are checked against structureTable.
var expectations = []struct {
	e      Expectation
	ok     bool
	got    dataset.Value
	errSub string
}{
	{Expectation{Name: "int exact", Where: where("topology", sv("SF"), "q", iv(19)), Column: "endpoints", Want: iv(10830)}, true, iv(10830), ""},
	{Expectation{Name: "int exact off by one", Where: where("topology", sv("SF"), "q", iv(19)), Column: "routers", Want: iv(721)}, false, iv(722), ""},
	{Expectation{Name: "int vs float want", Where: where("topology", sv("SF"), "q", iv(19)), Column: "routers", Want: fv(722)}, true, iv(722), ""},
	{Expectation{Name: "float exact within 1e-9", Where: where("topology", sv("FT-3")), Column: "avg_hops", Want: fv(3.7490234375 * (1 + 5e-10))}, true, fv(3.7490234375), ""},
	{Expectation{Name: "float exact fails", Where: where("topology", sv("FT-3")), Column: "avg_hops", Want: fv(3.749)}, false, fv(3.7490234375), ""},
	{Expectation{Name: "abs holds", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.84), Abs: 0.01}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "abs fails", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.85), Abs: 0.01}, false, fv(1.8367346938775511), ""},
	{Expectation{Name: "rel holds", Where: where("topology", sv("SF"), "q", iv(19)), Column: "cost_per_node", Want: iv(1033), Rel: 0.04, Source: "Slim Fly SC14, Table IV", Pos: "experiments/slimfly.hcl:88:5"}, true, fv(998.5), ""},
	{Expectation{Name: "rel fails", Where: where("topology", sv("SF"), "q", iv(19)), Column: "cost_per_node", Want: iv(1033), Rel: 0.03, Source: "Slim Fly SC14, Table IV", Pos: "experiments/slimfly.hcl:92:5"}, false, fv(998.5), ""},
	{Expectation{Name: "abs or rel", Where: where("topology", sv("DF")), Column: "routers", Want: iv(70), Abs: 2, Rel: 0.01}, true, iv(72), ""},
	{Expectation{Name: "several values", Where: where("topology", []dataset.Value{sv("T3D"), sv("3D torus")}), Column: "endpoints", Want: iv(10000)}, true, iv(10000), ""},
	{Expectation{Name: "string", Where: where("routers", iv(1024)), Column: "note", Want: sv("hypercube")}, true, sv("hypercube"), ""},
	{Expectation{Name: "string differs", Where: where("routers", iv(1024)), Column: "topology", Want: sv("hc")}, false, sv("HC"), ""},
	{Expectation{Name: "bool", Where: where("topology", sv("DF")), Column: "deadlock_free", Want: bv(false)}, true, bv(false), ""},
	{Expectation{Name: "kind mismatch", Where: where("topology", sv("DF")), Column: "deadlock_free", Want: iv(0)}, false, bv(false), "got a bool value, want int"},
	{Expectation{Name: "null got", Where: where("topology", sv("T3D")), Column: "cost_per_node", Want: fv(1000), Rel: 0.1}, false, null, "value is null"},
	{Expectation{Name: "NaN got", Where: where("topology", sv("FT-3")), Column: "cost_per_node", Want: fv(1000), Rel: 0.1}, false, fv(math.NaN()), ""},
	{Expectation{Name: "no row", Where: where("topology", sv("SF"), "q", iv(7)), Column: "endpoints", Want: iv(294)}, false, null, "no row matches q=7, topology=SF"},
	{Expectation{Name: "several rows", Where: where("topology", sv("SF")), Column: "endpoints", Want: iv(200)}, false, null, "2 rows match topology=SF"},
	{Expectation{Name: "missing column", Where: where("topology", sv("SF"), "q", iv(5)), Column: "radix", Want: iv(7)}, false, null, `column "radix" missing (available: topology, q,`},
	{Expectation{Name: "every holds", Where: where("topology", sv("SF")), Every: true, Column: "deadlock_free", Want: bv(true)}, true, bv(true), ""},
	{Expectation{Name: "every within tolerance", Where: where("topology", sv("SF")), Every: true, Column: "avg_hops", Want: fv(1.9), Abs: 0.1}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "every fails", Where: where("topology", []dataset.Value{sv("SF"), sv("DF"), sv("HC")}), Every: true, Column: "deadlock_free", Want: bv(true)}, false, bv(false), "1 of 4 rows fail"},
	{Expectation{Name: "every, no row", Where: where("topology", sv("BF")), Every: true, Column: "routers", Want: iv(1)}, false, null, "no row matches topology=BF"},
	{Expectation{Name: "printed, nearest", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.84), Rounded: true, Decimals: 2}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "printed, up", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.84), Rounded: true, Decimals: 2, Rounding: "up"}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "printed, down fails", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.84), Rounded: true, Decimals: 2, Rounding: "down"}, false, fv(1.8367346938775511), ""},
	{Expectation{Name: "printed, null", Where: where("topology", sv("T3D")), Column: "cost_per_node", Want: fv(1000), Rounded: true}, false, null, "value is null"},
	{Expectation{Name: "missing where column", Where: where("family", sv("SF")), Column: "routers", Want: iv(50)}, false, null, `column "family" missing`},
	{Expectation{Name: "check holds", Where: where("topology", sv("SF"), "q", iv(19)), Column: "endpoints", Want: iv(10830), Kind: KindCheck, Note: "p = 15 is set by the file: 722 x 15"}, true, iv(10830), ""},
	{Expectation{Name: "check fails", Where: where("topology", sv("DF")), Column: "routers", Want: iv(70), Kind: KindCheck, Note: "a = 2p routers per group"}, false, iv(72), ""},
	{Expectation{Name: "printed precision", Where: where("topology", sv("SF"), "q", iv(19)), Column: "cost_per_node", Want: fv(998.5), Printed: "998.50", Abs: 0.005, Why: "printed with 2 decimals"}, true, fv(998.5), ""},
	{Expectation{Name: "at most holds", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.84), Bound: BoundAtMost, Why: "the paper states a limit"}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "at most fails", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.83), Bound: BoundAtMost}, false, fv(1.8367346938775511), ""},
	{Expectation{Name: "at most within slack", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: fv(1.83), Bound: BoundAtMost, Abs: 0.01, Why: "printed with 2 decimals"}, true, fv(1.8367346938775511), ""},
	{Expectation{Name: "at least holds", Where: where("topology", sv("DF")), Column: "routers", Want: iv(72), Bound: BoundAtLeast}, true, iv(72), ""},
	{Expectation{Name: "at least fails", Where: where("topology", sv("DF")), Column: "routers", Want: iv(73), Bound: BoundAtLeast}, false, iv(72), ""},
	{Expectation{Name: "at least, every row", Where: where("topology", sv("SF")), Every: true, Column: "avg_hops", Want: fv(1.9), Bound: BoundAtLeast}, false, fv(1.8367346938775511), "1 of 2 rows fail"},
	{Expectation{Name: "bound on a bool", Where: where("topology", sv("DF")), Column: "deadlock_free", Want: fv(1), Bound: BoundAtMost}, false, bv(false), "got a bool value, want a number"},
	{Expectation{Name: "miss with note", Where: where("topology", sv("SF"), "q", iv(5)), Column: "avg_hops", Want: iv(2), Abs: 0.1, Why: "read off Fig. 1", Note: "the paper counts endpoint hops"}, false, fv(1.8367346938775511), ""},
}

func TestCheck(t *testing.T) {
	tab := structureTable(t)
	for _, tt := range expectations {
		t.Run(tt.e.Name, func(t *testing.T) {
			tt.e.Table = "structure"
			r := Check(tt.e, tab)
			if r.OK != tt.ok {
				t.Errorf("OK = %v, want %v (got %v, err %q)", r.OK, tt.ok, r.Got, r.Err)
			}
			if !r.Got.Equal(tt.got) || r.Got.Kind != tt.got.Kind {
				t.Errorf("Got = %#v, want %#v", r.Got, tt.got)
			}
			if tt.errSub == "" && r.Err != "" || !strings.Contains(r.Err, tt.errSub) {
				t.Errorf("Err = %q, want %q", r.Err, tt.errSub)
			}
			if r.Expectation.Name != tt.e.Name || r.Table != "structure" {
				t.Errorf("result does not carry the expectation")
			}
		})
	}
	if r := Check(Expectation{Table: "cost", Column: "x"}, nil); r.OK || !strings.Contains(r.Err, `table "cost" missing`) {
		t.Errorf("nil table: %+v", r)
	}
}

func checkAll(t *testing.T) []Result {
	tab := structureTable(t)
	rs := make([]Result, len(expectations))
	for i, tt := range expectations {
		e := tt.e
		e.Table = "structure"
		if i%3 == 0 {
			e.Table = "table4"
		}
		rs[i] = Check(e, tab)
	}
	return rs
}

func TestScorecardGolden(t *testing.T) {
	rs := checkAll(t)
	md := ScorecardMarkdown("slimfly", rs)
	if !strings.Contains(string(md), "Reproduced 17 of 38 published numbers; 1 of 2 configuration checks hold.") {
		t.Errorf("summary line missing:\n%s", md)
	}
	golden(t, "scorecard.md", md)
	js, err := ScorecardJSON("slimfly", rs)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "scorecard.json", js)
	var doc struct {
		Passed, Total int
		Results       []map[string]any
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Passed != 18 || doc.Total != 40 || len(doc.Results) != 40 {
		t.Errorf("JSON passed/total/results = %d/%d/%d", doc.Passed, doc.Total, len(doc.Results))
	}
	// Deterministic despite map-valued Where.
	for i := 0; i < 5; i++ {
		again, _ := ScorecardJSON("slimfly", checkAll(t))
		if string(again) != string(js) {
			t.Fatal("ScorecardJSON is not deterministic")
		}
		if string(ScorecardMarkdown("slimfly", checkAll(t))) != string(md) {
			t.Fatal("ScorecardMarkdown is not deterministic")
		}
	}
	golden(t, "scorecard_empty.md", ScorecardMarkdown("quickstart", nil))
	if js, err := ScorecardJSON("quickstart", nil); err != nil || !strings.Contains(string(js), `"results": []`) {
		t.Errorf("empty JSON scorecard: %s, %v", js, err)
	}
}

func TestToleranceString(t *testing.T) {
	tests := []struct {
		e    Expectation
		want string
	}{
		{Expectation{Want: iv(3)}, "exact"},
		{Expectation{Want: sv("x"), Abs: 1}, "exact"},
		{Expectation{Want: fv(3), Abs: 0.5}, "±0.5"},
		{Expectation{Want: fv(3), Rel: 0.03}, "±3%"},
		{Expectation{Want: fv(3), Abs: 2, Rel: 0.001}, "±max(2, 0.1%)"},
		{Expectation{Want: fv(3), Bound: BoundAtMost}, "one-sided"},
		{Expectation{Want: fv(3), Bound: BoundAtLeast, Abs: 0.5, Why: "printed with no decimal"}, "one-sided, up to 0.5 beyond (printed with no decimal)"},
	}
	for _, tt := range tests {
		if got := toleranceString(tt.e); got != tt.want {
			t.Errorf("toleranceString(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	tab := loadTable(b)
	e := Expectation{Where: where("traffic", sv("shift"), "routing", sv("val"), "endpoints", iv(10000), "offered_load", fv(0.25)),
		Column: "throughput", Want: fv(0.25), Rel: 0.01}
	b.ReportAllocs()
	for b.Loop() {
		if r := Check(e, tab); !r.OK {
			b.Fatal(r)
		}
	}
}

// TestRoundTo checks rounding as publications print: a value exact in
// decimal but not in binary does not move a step.
func TestRoundTo(t *testing.T) {
	for _, c := range []struct {
		x        float64
		decimals int
		mode     string
		want     float64
	}{
		{757 * 42 * 2.8 / 10598, 2, "up", 8.40}, // 8.400000000000002 in binary
		{757 * 42 * 2.8 / 10598, 2, "down", 8.40},
		{1986 * 45 * 2.8 / 25818, 2, "up", 9.70}, // 9.6923: projective networks Table 5
		{1986 * 45 * 2.8 / 25818, 2, "nearest", 9.69},
		{1986 * 45 * 2.8 / 25818, 1, "down", 9.6},
		{-1.25, 1, "nearest", -1.3},
		{2.5, 0, "nearest", 3},
	} {
		if got := roundTo(c.x, c.decimals, c.mode); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("roundTo(%v, %d, %s) = %v, want %v", c.x, c.decimals, c.mode, got, c.want)
		}
	}
}
