package dataset

import (
	"strings"
	"testing"
)

func TestConcat(t *testing.T) {
	a := &Table{Meta: map[string]string{"k": "a"}, Columns: []*Column{NewColumn("x", Int, ""), NewColumn("s", String, "")}}
	a.Columns[0].Append(IntValue(1))
	a.Columns[1].Append(StringValue("one"))
	b := &Table{Columns: []*Column{NewColumn("x", Float, ""), NewColumn("y", Bool, "")}}
	b.Columns[0].Append(FloatValue(2.5))
	b.Columns[1].Append(BoolValue(true))
	c, err := Concat(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.ColumnNames(), " "); got != "x s y" || c.NumRows() != 2 || c.Meta["k"] != "a" {
		t.Fatalf("columns %s, %d rows, meta %v", got, c.NumRows(), c.Meta)
	}
	if c.Column("x").Kind != Float || !c.Column("x").Value(0).Equal(FloatValue(1)) || !c.Column("x").Value(1).Equal(FloatValue(2.5)) {
		t.Errorf("x = %v, %v (%v)", c.Column("x").Value(0), c.Column("x").Value(1), c.Column("x").Kind)
	}
	if !c.Column("s").Value(1).IsNull() || !c.Column("y").Value(0).IsNull() || !c.Column("y").Value(1).Equal(BoolValue(true)) {
		t.Error("missing cells are not null")
	}
	d := &Table{Columns: []*Column{NewColumn("s", Int, "")}}
	if _, err := Concat(a, d); err == nil {
		t.Error("string/int conflict accepted")
	}
}
