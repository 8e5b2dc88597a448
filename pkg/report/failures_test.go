package report

import (
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// failedTable is a study table assembled while two cells failed: the load
// cell of torus k=3 (row 2: utilization null) and the whole sim row 4
// (latency and saturated null). Row 3 has a legitimately null latency (a
// point past saturation) and no error.
func failedTable(t testing.TB) *dataset.Table {
	topo := dataset.NewColumn("topology", dataset.String, "")
	k := dataset.NewColumn("k", dataset.Int, "")
	routers := dataset.NewColumn("routers", dataset.Int, "routers")
	util := dataset.NewColumn("utilization", dataset.Float, "")
	lat := dataset.NewColumn("latency", dataset.Float, "cycles")
	errs := dataset.NewColumn(ErrorColumn, dataset.String, "")
	const loadErr = `load t2d k=3: load_routing "group_minimal" needs router groups, and family torus defines none`
	const simErr = "sim t2d k=4 routing=min-adaptive: netsim: deadlock at cycle 812: 17 flits in the network, none moved for 300 cycles"
	mustAppend(t, topo, sv("df"), sv("t2d"), sv("t2d"), sv("t2d"))
	mustAppend(t, k, null, iv(3), iv(4), iv(4))
	mustAppend(t, routers, iv(6), iv(9), iv(16), iv(16))
	mustAppend(t, util, fv(0.5), null, fv(0.25), fv(0.25))
	mustAppend(t, lat, fv(12.5), fv(9), null, null)
	mustAppend(t, errs, null, sv(loadErr), null, sv(simErr))
	return &dataset.Table{Columns: []*dataset.Column{topo, k, routers, util, lat, errs}}
}

func TestCheckFailedRow(t *testing.T) {
	tab := failedTable(t)
	where := func(kv ...any) map[string][]dataset.Value {
		m := map[string][]dataset.Value{}
		for i := 0; i < len(kv); i += 2 {
			switch v := kv[i+1].(type) {
			case string:
				m[kv[i].(string)] = []dataset.Value{sv(v)}
			case int:
				m[kv[i].(string)] = []dataset.Value{iv(int64(v))}
			}
		}
		return m
	}
	tests := []struct {
		name   string
		e      Expectation
		ok     bool
		errHas string // a substring of Err; "" means Err must be empty
	}{
		{"value of the failed cell", Expectation{Where: where("k", 3), Column: "utilization", Want: fv(0.5), Rel: 0.1},
			false, `cell failed: load t2d k=3: load_routing "group_minimal" needs router groups`},
		{"null expected, failed anyway", Expectation{Where: where("k", 3), Column: "utilization", Want: null},
			false, "cell failed: load t2d k=3"},
		{"value of a cell that succeeded in a failed row", Expectation{Where: where("k", 3), Column: "routers", Want: iv(9)},
			true, ""},
		{"every row, one failed", Expectation{Where: where("topology", "t2d"), Column: "utilization", Want: fv(0.25), Every: true},
			false, "cell failed: load t2d k=3"},
		{"several rows, one failed", Expectation{Where: where("k", 4), Column: "latency", Want: fv(1)},
			false, "2 rows match k=4; cell failed: sim t2d k=4 routing=min-adaptive: netsim: deadlock at cycle 812"},
		{"every row, failed sim row", Expectation{Where: where("k", 4), Column: "latency", Want: null, Every: true},
			false, "cell failed: sim t2d k=4 routing=min-adaptive: netsim: deadlock at cycle 812"},
	}
	// A cell that gives a row per phase and failed gives one row, its phase
	// null: an expectation on phase 3 names the failure; one on another
	// topology does not.
	topo, k := dataset.NewColumn("topology", dataset.String, ""), dataset.NewColumn("k", dataset.Int, "")
	lat, errs := dataset.NewColumn("latency", dataset.Float, ""), dataset.NewColumn(ErrorColumn, dataset.String, "")
	mustAppend(t, topo, sv("t2d"), sv("t2d"))
	mustAppend(t, k, iv(2), null)
	mustAppend(t, lat, fv(3), null)
	mustAppend(t, errs, null, sv("sim t2d k=4: not computed yet"))
	phased := &dataset.Table{Columns: []*dataset.Column{topo, k, lat, errs}}
	for _, c := range []struct {
		e   Expectation
		err string
	}{
		{Expectation{Where: where("topology", "t2d", "k", 3), Column: "latency", Want: fv(1)}, "no row matches k=3, topology=t2d; cell failed: sim t2d k=4"},
		{Expectation{Where: where("topology", "hx", "k", 3), Column: "latency", Want: fv(1)}, "no row matches k=3, topology=hx"},
	} {
		if r := Check(c.e, phased); r.OK || !strings.HasPrefix(r.Err, c.err) || strings.Contains(c.err, "failed") != strings.Contains(r.Err, "failed") {
			t.Errorf("no row: ok %v, err %q, want %q", r.OK, r.Err, c.err)
		}
	}
	// A null value in a row without an error is compared as before.
	row3 := tab.Select(func(r int) bool { return r == 2 })
	if r := Check(Expectation{Where: where("k", 4), Column: "latency", Want: fv(1)}, row3); r.OK || r.Err != "value is null" {
		t.Errorf("null without an error: ok %v, err %q, want \"value is null\"", r.OK, r.Err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Check(tt.e, tab)
			if r.OK != tt.ok {
				t.Errorf("ok = %v, want %v (err %q)", r.OK, tt.ok, r.Err)
			}
			if tt.errHas == "" && r.Err != "" || !strings.Contains(r.Err, tt.errHas) {
				t.Errorf("err = %q, want it to contain %q", r.Err, tt.errHas)
			}
		})
	}
	// Every over rows 2-4, all failing, the first because its cell failed:
	// its error, and the count.
	r := Check(Expectation{Where: where("topology", "t2d"), Column: "utilization", Want: fv(0.5), Every: true}, tab)
	if r.OK || r.Err != "cell failed: "+rowError(tab, 1)+" (3 of 3 rows fail)" {
		t.Errorf("every over two failed rows: %q", r.Err)
	}
}

// TestTableFailedRow renders the null values of failed rows as "error" in
// Markdown and LaTeX, and empty in CSV; a null of a row that did not fail
// stays empty everywhere.
func TestTableFailedRow(t *testing.T) {
	tab := failedTable(t)
	spec := TableSpec{Name: "t", Columns: []string{"topology", "k", "utilization", "latency"}}
	md, err := RenderMarkdown(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	want := `| topology |   k | utilization | latency [cycles] |
| -------- | --: | ----------: | ---------------: |
| df       |     |         0.5 |             12.5 |
| t2d      |   3 |       error |                9 |
| t2d      |   4 |        0.25 |                  |
| t2d      |   4 |        0.25 |            error |
`
	if string(md) != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", md, want)
	}
	tex, err := RenderLaTeX(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tex), "t2d & 3 & error & 9 \\\\\n") || !strings.Contains(string(tex), "t2d & 4 & 0.25 &  \\\\\n") {
		t.Errorf("latex:\n%s", tex)
	}
	csv, err := RenderCSV(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	if want := "topology,k,utilization,latency\ndf,,0.5,12.5\nt2d,3,,9\nt2d,4,0.25,\nt2d,4,0.25,\n"; string(csv) != want {
		t.Errorf("csv:\n%s\nwant:\n%s", csv, want)
	}
}

// TestRenderIndexFailures lists the failed cells near the top of
// report.md, before the outputs not updated and the scorecard.
func TestRenderIndexFailures(t *testing.T) {
	ix := Index{
		Experiment: "fail",
		Failures: []CellFailure{
			{Study: "structure", Cell: "load t2d k=3", Rows: []int{2}, Columns: []string{"utilization"},
				Error: `load_routing "group_minimal" needs router groups, and family torus defines none`},
			{Study: "sim", Cell: "sim t2d k=4 routing=min-adaptive load=0.1", Rows: []int{3, 4, 5, 9}, Columns: []string{"latency", "saturated"},
				Error: "netsim: deadlock at cycle 812: 17 flits in the network, none moved for 300 cycles"},
		},
		NotUpdated: []string{"figure g: its cell failed or was skipped; no earlier output"},
		Scorecard: NewScoreSummary([]Result{
			{Expectation: Expectation{Table: "t", Name: "r3", Column: "routers", Want: iv(9)}, Got: iv(9), OK: true},
			{Expectation: Expectation{Table: "t", Name: "u3", Column: "utilization", Want: iv(1), Rel: 0.5, Why: "read off a figure"},
				Err: "cell failed: load t2d k=3: load_routing \"group_minimal\" needs router groups"},
			{Expectation: Expectation{Table: "t", Name: "k3", Column: "k", Want: iv(4), Kind: KindCheck, Note: "k is set to 3 by the file"}, Got: iv(3)},
		}, "scorecard.md", "scorecard.json"),
	}
	md := RenderIndex(ix)
	golden(t, "report_failures.md", md)
	s := string(md)
	for _, want := range []string{
		"2 cells failed in the last run",
		"- `load t2d k=3` (study structure, row 2; null: `utilization`): load\\_routing \"group\\_minimal\" needs router groups",
		"(study sim, rows 3-5, 9; null: `latency`, `saturated`)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("report.md lacks %q:\n%s", want, s)
		}
	}
	if f, n, sc := strings.Index(s, "## Failed cells"), strings.Index(s, "## Not updated"), strings.Index(s, "## Scorecard"); f < 0 || f > n || n > sc {
		t.Errorf("sections out of order (failed %d, not updated %d, scorecard %d)", f, n, sc)
	}
	if strings.Contains(string(RenderIndex(Index{Experiment: "ok"})), "Failed cells") {
		t.Error("report.md without failures has a Failed cells section")
	}
}
