package eval

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
)

// TestLiteralRowColumns declares the types, units and docs of literal
// rows: a declared float keeps whole numbers as floats, a declared int
// column and an undeclared one of whole numbers are ints, an undeclared
// column with one fractional value is a float; bad declarations are
// errors naming the column.
func TestLiteralRowColumns(t *testing.T) {
	exps, diags := loadSource(t, `
study "prices" {
  rows = [
    { length = 1, cost = 2.5, count = 3, n = 4, name = "a" },
    { length = 2, cost = 3, count = 5, n = 4.5, name = "b" },
  ]
  columns = {
    length = { type = "float", unit = "m", doc = "cable length" }
    cost   = { unit = "USD" }
    count  = { type = "int" }
  }
}
`, nil)
	if diags != "no diagnostics" {
		t.Fatal(diags)
	}
	got := map[string]Column{}
	for _, c := range exps[0].Studies[0].Columns {
		got[c.Name] = c
	}
	want := map[string]Column{
		"length": {Name: "length", Kind: dataset.Float, Unit: "m", Doc: "cable length"},
		"cost":   {Name: "cost", Kind: dataset.Float, Unit: "USD", Doc: "literal value"},
		"count":  {Name: "count", Kind: dataset.Int, Doc: "literal value"},
		"n":      {Name: "n", Kind: dataset.Float, Doc: "literal value"},
		"name":   {Name: "name", Kind: dataset.String, Doc: "literal value"},
	}
	for n, w := range want {
		if g := got[n]; g.Kind != w.Kind || g.Unit != w.Unit || g.Doc != w.Doc {
			t.Errorf("column %s = %+v, want %+v", n, g, w)
		}
	}
	rows := exps[0].Studies[0].Literal
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	// Columns are sorted: cost, count, length, n, name.
	if v := rows[0][2]; v.Kind != dataset.Float || v.F != 1 {
		t.Errorf("length of row 1 = %+v, want the float 1", v)
	}
	if v := rows[1][1]; v.Kind != dataset.Int || v.I != 5 {
		t.Errorf("count of row 2 = %+v, want the int 5", v)
	}

	for _, c := range []struct{ columns, want string }{
		{`{ lenght = { unit = "m" } }`, `Column "lenght" is declared but no row has it; the rows' columns are length, name. Did you mean "length"?`},
		{`{ length = { type = "int" } }`, `Column "length" is declared int but a row has a fractional value.`},
		{`{ name = { type = "float" } }`, `Column "name" is declared float but its values are strings.`},
		{`{ length = { type = "double" } }`, `Column "length": type "double" is not one of int, float, string, bool.`},
		{`{ length = { units = "m" } }`, `Column "length": unknown field "units"; a column declares type, unit and doc.`},
		{`{ length = "m" }`, `Column "length": want an object with type, unit and doc, got the string "m".`},
		{`[1]`, `columns must be an object`},
	} {
		_, diags := loadSource(t, `
study "s" {
  rows    = [{ length = 1.5, name = "a" }]
  columns = `+c.columns+`
}
`, nil)
		if !strings.Contains(diags, c.want) {
			t.Errorf("columns = %s: got %q, want %q", c.columns, diags, c.want)
		}
	}
	_, diags = loadSource(t, `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers"]
  columns    = { routers = { unit = "routers" } }
}
`, nil)
	if !strings.Contains(diags, `columns declares the types and units of literal rows; it has no rows`) {
		t.Errorf("columns without rows: %q", diags)
	}
}

// TestParamValueLists writes a list parameter as a list (as its text in a
// String column shared with a scalar parameter) and an empty list (a torus
// given by k and n has no dims) as null, not "[]".
func TestParamValueLists(t *testing.T) {
	if v := paramValue([]int64{}, dataset.IntList); v.Kind != dataset.Null {
		t.Errorf("empty dims = %+v, want null", v)
	}
	if v := paramValue([]int64{4, 4, 8}, dataset.IntList); v.Kind != dataset.IntList || !slices.Equal(v.L, []int64{4, 4, 8}) {
		t.Errorf("dims 4,4,8 = %+v, want the list [4 4 8]", v)
	}
	if v := paramValue([]int64{4, 4, 8}, dataset.String); v.Kind != dataset.String || v.S != "[4,4,8]" {
		t.Errorf("dims 4,4,8 in a string column = %+v, want \"[4,4,8]\"", v)
	}
	if !dataset.IntListValue([]int64{4, 4, 8}).Equal(dataset.StringValue("[4,4,8]")) {
		t.Error(`the list [4 4 8] does not equal the filter value "[4,4,8]"`)
	}
}

// sharedParamColumns are the dataset columns that several families'
// parameters share, with the one meaning they have in all of them. A new
// family whose parameter reuses one of these names with another meaning
// must give it a column of its own (families.Param.Column).
var sharedParamColumns = map[string]string{
	"p":             "endpoints per router (per leaf, local or first-level router where only those have endpoints)",
	"q":             "order of the finite field or geometry (a prime power)",
	"n":             "number of dimensions",
	"k":             "routers per dimension",
	"degree":        "router-to-router ports per router",
	"levels":        "switch levels of a fat tree",
	"dims":          "routers per dimension, as a list",
	"max_radix":     "router ports available",
	"seed":          "seed of the graph's random choices",
	"permute":       "the layout paper's random link permutation",
	"cabinet_size":  "routers per cabinet",
	"param_routers": "number of routers (the routers metric, as given)",
	"r1":            "network radix of an SPT's first-level router",
	"r2":            "links per top router in one SPT",
}

// TestParamColumnsMeanOneThing checks that a dataset column named like a
// metric always holds the metric (a parameter of that name is written as
// param_<name>) and that parameters of several families share a column
// only under the names of sharedParamColumns.
func TestParamColumnsMeanOneThing(t *testing.T) {
	metric := metricSet()
	reg := families.Default()
	users := map[string][]string{}
	got := map[string]string{}
	for _, n := range reg.Names() {
		f, _ := reg.Lookup(n)
		for _, p := range f.Params {
			c := paramColumn(p, metric)
			if metric[c] {
				t.Errorf("family %s: parameter %s has column %s, the name of a metric", n, p.Name, c)
			}
			users[c] = append(users[c], n)
			got[n+"."+p.Name] = c
		}
	}
	for c, fams := range users {
		if _, ok := sharedParamColumns[c]; len(fams) > 1 && !ok {
			t.Errorf("column %s is shared by families %v but has no documented common meaning", c, fams)
		}
	}
	for param, want := range map[string]string{
		"complete.n": "complete_n", "complete_bipartite.n": "complete_bipartite_n", "turan.n": "turan_n",
		"hypercube.n": "n", "torus.n": "n", "torus.k": "k", "oft.k": "oft_k", "fattree_sc14.k": "fattree_sc14_k",
		"clex.k": "clex_k", "mlfm.h": "mlfm_h", "dragonfly.h": "h",
		"moore_bound.diameter": "param_diameter", "myrinet_clos.radix": "param_radix", "ring_random.routers": "param_routers",
	} {
		if got[param] != want {
			t.Errorf("%s: column %q, want %q", param, got[param], want)
		}
	}
}

// TestUnequalDimsK: a torus given by dims of unequal lengths has no k (the
// family resolves it to 0): its k is null in the dataset; equal lengths
// resolve to k and n (one cache key with the torus given so), and dims is
// then null, as where k and n were given.
func TestUnequalDimsK(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "dims.hcl")
	src := `
topology "t" {
  family = "torus"
  dims   = [[4, 4, 8], [3, 3, 3]]
}
topology "c" {
  family = "torus"
  k      = 5
  n      = 2
}
study "s" {
  topologies = [topology.t, topology.c]
  metrics    = ["routers"]
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, exp), results, 1)
	tab := readTable(t, filepath.Join(results, "dims", "s.parquet"))
	var got []string
	for r := range tab.NumRows() {
		got = append(got, tab.Column("k").Value(r).String()+"/"+tab.Column("n").Value(r).String()+"/"+tab.Column("dims").Value(r).String())
	}
	if s := strings.Join(got, " "); s != "/3/[4,4,8] 3/3/ 5/2/" {
		t.Errorf("k/n/dims: %s", s)
	}
}
