package eval

import (
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
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

// TestParamValueLists writes a list parameter as its text and an empty
// list (a torus given by k and n has no dims) as null, not "[]".
func TestParamValueLists(t *testing.T) {
	if v := paramValue([]int64{}, dataset.String); v.Kind != dataset.Null {
		t.Errorf("empty dims = %+v, want null", v)
	}
	if v := paramValue([]int64{4, 4, 8}, dataset.String); v.Kind != dataset.String || v.S != "[4,4,8]" {
		t.Errorf("dims 4,4,8 = %+v, want \"[4,4,8]\"", v)
	}
}
