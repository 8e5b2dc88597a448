package report

import (
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// meanInput is a table of two topologies with three and two seeds: the
// ids name (key), seed (replicate), diameter (Int), aspl (Float, one null)
// and kind (String, equal in "a", different in "b").
func meanInput(t *testing.T) *dataset.Table {
	t.Helper()
	name := dataset.NewColumn("name", dataset.String, "")
	seed := dataset.NewColumn("seed", dataset.Int, "")
	diam := dataset.NewColumn("diameter", dataset.Int, "hops")
	aspl := dataset.NewColumn("aspl", dataset.Float, "hops")
	kind := dataset.NewColumn("kind", dataset.String, "")
	for _, r := range []struct {
		name string
		seed int64
		d    int64
		a    dataset.Value
		k    string
	}{
		{"a", 1, 3, dataset.FloatValue(2.5), "x"},
		{"b", 1, 7, dataset.FloatValue(4), "x"},
		{"a", 2, 4, dataset.Value{}, "x"},
		{"a", 3, 5, dataset.FloatValue(3.5), "x"},
		{"b", 2, 7, dataset.FloatValue(4), "y"},
	} {
		for _, e := range []error{
			name.Append(dataset.StringValue(r.name)), seed.Append(dataset.IntValue(r.seed)),
			diam.Append(dataset.IntValue(r.d)), aspl.Append(r.a), kind.Append(dataset.StringValue(r.k)),
		} {
			if e != nil {
				t.Fatal(e)
			}
		}
	}
	return &dataset.Table{Columns: []*dataset.Column{name, seed, diam, aspl, kind}}
}

// TestMeanOver merges the replicates of meanInput: groups in the order of
// their first rows, means over the non-null values, the extremes with the
// column's kind, Student's t half-widths (t(2) = 4.3027 for three values,
// t(1) = 12.706 for two, none for one), and strings kept only when equal.
func TestMeanOver(t *testing.T) {
	out, err := MeanOver(MeanSpec{Over: []string{"seed"}, Values: []string{"diameter", "aspl", "kind"}}, meanInput(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(out.ColumnNames(), " "), "name diameter diameter_min diameter_max diameter_ci95 aspl aspl_min aspl_max aspl_ci95 kind replicates"; got != want {
		t.Fatalf("columns %q, want %q", got, want)
	}
	if out.Column("diameter_min").Kind != dataset.Int || out.Column("diameter").Kind != dataset.Float {
		t.Errorf("kinds: mean %s, min %s", out.Column("diameter").Kind, out.Column("diameter_min").Kind)
	}
	tq2 := 4.302652729749464
	want := [][]dataset.Value{
		{dataset.StringValue("a"), dataset.FloatValue(4), dataset.IntValue(3), dataset.IntValue(5), dataset.FloatValue(tq2 / math.Sqrt(3)),
			dataset.FloatValue(3), dataset.FloatValue(2.5), dataset.FloatValue(3.5), dataset.FloatValue(12.706204736174698 * math.Sqrt(0.5) / math.Sqrt(2)),
			dataset.StringValue("x"), dataset.IntValue(3)},
		{dataset.StringValue("b"), dataset.FloatValue(7), dataset.IntValue(7), dataset.IntValue(7), dataset.FloatValue(0),
			dataset.FloatValue(4), dataset.FloatValue(4), dataset.FloatValue(4), dataset.FloatValue(0),
			{}, dataset.IntValue(2)},
	}
	if out.NumRows() != len(want) {
		t.Fatalf("%d rows, want %d", out.NumRows(), len(want))
	}
	for r, row := range want {
		for i, w := range row {
			c := out.Columns[i]
			got := c.Value(r)
			ok := got.IsNull() == w.IsNull() && got.Kind == w.Kind
			if f, isF := w.Float64(); ok && isF && w.Kind == dataset.Float {
				ok = math.Abs(got.F-f) <= 1e-9*math.Max(1, math.Abs(f))
			} else if ok {
				ok = got.Equal(w) || (got.IsNull() && w.IsNull())
			}
			if !ok {
				t.Errorf("row %d %s = %v (%s), want %v (%s)", r, c.Name, got, got.Kind, w, w.Kind)
			}
		}
	}
}

// TestMeanOverOne: a group of one row has its value as mean, min and max
// and no confidence interval; no replicate columns leaves the table as is.
func TestMeanOverOne(t *testing.T) {
	in := meanInput(t).Select(func(r int) bool { return r == 1 })
	out, err := MeanOver(MeanSpec{Over: []string{"seed"}, Values: []string{"diameter"}}, in)
	if err != nil {
		t.Fatal(err)
	}
	if out.NumRows() != 1 || out.Column("diameter").Floats[0] != 7 || out.Column("diameter_max").Ints[0] != 7 ||
		out.Column("diameter_ci95").IsValid(0) || out.Column("replicates").Ints[0] != 1 {
		t.Errorf("one row: %v", out.Columns)
	}
	if same, _ := MeanOver(MeanSpec{}, in); same != in {
		t.Error("an empty spec changed the table")
	}
}

// TestMeanOverErrors: unknown columns and a clash with the replicates
// column are refused.
func TestMeanOverErrors(t *testing.T) {
	in := meanInput(t)
	for _, c := range []struct {
		spec MeanSpec
		want string
	}{
		{MeanSpec{Over: []string{"sed"}}, `no column "sed"`},
		{MeanSpec{Over: []string{"seed"}, Values: []string{"diam"}}, `no column "diam"`},
	} {
		if _, err := MeanOver(c.spec, in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.spec, err, c.want)
		}
	}
	in.Columns[4].Name = ReplicatesColumn
	if _, err := MeanOver(MeanSpec{Over: []string{"seed"}}, in); err == nil || !strings.Contains(err.Error(), "already has") {
		t.Errorf("replicates clash: %v", err)
	}
}
