package report

import (
	"bytes"
	"encoding/csv"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

var tableSpecs = []struct {
	file string
	spec TableSpec
}{
	{"all", TableSpec{Name: "structure"}},
	{"table4", TableSpec{
		Name:    "table4",
		Title:   "Cost & power per node (Slim Fly SC14, Table IV)",
		Columns: []string{"topology", "endpoints", "routers", "avg_hops", "cost_per_node", "note"},
		Headers: map[string]string{"cost_per_node": "cost/node [$]", "topology": "Topology"},
		Formats: map[string]string{"avg_hops": "%.2f", "endpoints": "%6d"},
		SortBy:  []string{"cost_per_node", "topology"},
	}},
	{"sorted", TableSpec{
		Name:    "sorted",
		Columns: []string{"q", "topology", "deadlock_free", "avg_hops"},
		SortBy:  []string{"-q", "deadlock_free", "-avg_hops"},
	}},
}

func TestRenderTablesGolden(t *testing.T) {
	tab := structureTable(t)
	for _, ts := range tableSpecs {
		md, err := RenderMarkdown(ts.spec, tab)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, ts.file+".md", md)
		tex, err := RenderLaTeX(ts.spec, tab)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, ts.file+".tex", tex)
		c, err := RenderCSV(ts.spec, tab)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, ts.file+".csv", c)
	}
}

// TestRenderCSVRoundTrip checks that CSV values parse back to the table's
// values at full precision.
func TestRenderCSVRoundTrip(t *testing.T) {
	tab := structureTable(t)
	b, err := RenderCSV(TableSpec{Name: "x"}, tab)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != tab.NumRows()+1 {
		t.Fatalf("%d records, want %d", len(recs), tab.NumRows()+1)
	}
	if strings.Join(recs[0], ",") != strings.Join(tab.ColumnNames(), ",") {
		t.Errorf("header %q", recs[0])
	}
	for r := 0; r < tab.NumRows(); r++ {
		for i, c := range tab.Columns {
			if got, want := recs[r+1][i], c.Value(r).String(); got != want {
				t.Errorf("row %d column %s: %q, want %q", r, c.Name, got, want)
			}
		}
	}
}

func TestRenderTableErrors(t *testing.T) {
	tab := structureTable(t)
	tests := []struct {
		name string
		spec TableSpec
		want string
	}{
		{"missing column", TableSpec{Columns: []string{"topology", "radix"}}, `table column "radix" missing (available: topology, q, routers`},
		{"missing sort key", TableSpec{SortBy: []string{"-radix"}}, `sort column "radix" missing`},
		{"header of missing column", TableSpec{Headers: map[string]string{"radix": "k"}}, `header given for column "radix", which is missing`},
		{"format of missing column", TableSpec{Formats: map[string]string{"radix": "%d"}}, `format given for column "radix"`},
		{"bad format", TableSpec{Formats: map[string]string{"topology": "%d"}}, `format "%d" does not fit string column "topology"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Name = "t1"
			_, errMD := RenderMarkdown(tt.spec, tab)
			_, errTeX := RenderLaTeX(tt.spec, tab)
			_, errCSV := RenderCSV(tt.spec, tab)
			for _, err := range []error{errMD, errTeX, errCSV} {
				if tt.name == "bad format" && err == errCSV {
					if err != nil {
						t.Errorf("CSV ignores formats, got %v", err)
					}
					continue
				}
				if err == nil {
					t.Fatal("want error")
				}
				if !strings.HasPrefix(err.Error(), `report: table "t1": `) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %q, want it to name the table and contain %q", err, tt.want)
				}
			}
		})
	}
	if _, err := RenderMarkdown(TableSpec{}, nil); err == nil {
		t.Error("nil table: want error")
	}
}

func TestFormatValue(t *testing.T) {
	tests := []struct {
		v    dataset.Value
		want string
	}{
		{null, ""},
		{iv(10830), "10830"},
		{iv(-7), "-7"},
		{sv("a|b"), "a|b"},
		{bv(true), "true"},
		{fv(0), "0"},
		{fv(math.Copysign(0, -1)), "0"},
		{fv(1033), "1033"},
		{fv(2.5), "2.5"},
		{fv(3.14159265), "3.1416"},
		{fv(-1221.987654), "-1221.9877"},
		{fv(1.99999), "2"},
		{fv(0.5), "0.5"},
		{fv(0.012345678), "0.01235"},
		{fv(0.99999), "1"},
		{fv(0.0001234), "0.0001234"},
		{fv(0.000012345), "1.234e-05"},
		{fv(-0.000012367), "-1.237e-05"},
		{fv(123456789012345), "123456789012345"},
		{fv(6.02214076e23), "6.022e+23"},
		{fv(math.NaN()), "NaN"},
		{fv(math.Inf(1)), "Inf"},
		{fv(math.Inf(-1)), "-Inf"},
	}
	for _, tt := range tests {
		if got := FormatValue(tt.v); got != tt.want {
			t.Errorf("FormatValue(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestTexEscape(t *testing.T) {
	got := texEscape("10% & $5 #1 a_b {c} ~x^2 \\n |<>\nz")
	want := `10\% \& \$5 \#1 a\_b \{c\} \textasciitilde{}x\textasciicircum{}2 \textbackslash{}n \textbar{}\textless{}\textgreater{} z`
	if got != want {
		t.Errorf("texEscape = %q, want %q", got, want)
	}
}

func BenchmarkRenderTables(b *testing.B) {
	// A 1000-row table.
	tab := loadTable(b)
	spec := TableSpec{Name: "bench", SortBy: []string{"routing", "-offered_load"}, Formats: map[string]string{"latency": "%.1f"}}
	for _, bc := range []struct {
		name   string
		render func(TableSpec, *dataset.Table) ([]byte, error)
	}{{"markdown", RenderMarkdown}, {"latex", RenderLaTeX}, {"csv", RenderCSV}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.render(spec, tab); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
