package resultdiff

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// writeDir writes a results directory: study s with rows (q, p, hops),
// a scorecard with one expectation on table t, and a table file.
func writeDir(t *testing.T, dir string, rows [][3]float64, held bool, got float64, table string) {
	t.Helper()
	tab := &dataset.Table{}
	topo := dataset.NewColumn("topology", dataset.String, "")
	q := dataset.NewColumn("q", dataset.Int, "")
	p := dataset.NewColumn("p", dataset.Int, "")
	hops := dataset.NewColumn("avg_hops", dataset.Float, "hops")
	for _, r := range rows {
		for _, x := range []struct {
			c *dataset.Column
			v dataset.Value
		}{{topo, dataset.StringValue("sf")}, {q, dataset.IntValue(int64(r[0]))}, {p, dataset.IntValue(int64(r[1]))}, {hops, dataset.FloatValue(r[2])}} {
			if err := x.c.Append(x.v); err != nil {
				t.Fatal(err)
			}
		}
	}
	tab.Columns = []*dataset.Column{topo, q, p, hops}
	var buf bytes.Buffer
	if err := dataset.WriteParquet(&buf, tab); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "tables"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "s.parquet"), buf.Bytes(), 0o644))
	sc, _ := json.Marshal(map[string]any{"results": []map[string]any{
		{"table": "t", "name": "sf", "column": "avg_hops", "where": map[string]any{"q": []int{5}}, "got": got, "ok": held},
	}})
	must(os.WriteFile(filepath.Join(dir, "scorecard.json"), sc, 0o644))
	must(os.WriteFile(filepath.Join(dir, "tables", "t.md"), []byte(table), 0o644))
}

func TestDirs(t *testing.T) {
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	writeDir(t, a, [][3]float64{{5, 4, 1.8}, {7, 6, 1.9}}, true, 1.8, "x")
	writeDir(t, b, [][3]float64{{5, 4, 1.75}, {11, 8, 1.95}}, false, 1.75, "y")
	isMetric := func(c string) bool { return c == "avg_hops" }
	r, err := Dirs(a, b, Options{IsMetric: isMetric})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	want := `dataset s: 1 rows added, 1 rows removed, 1 values changed
  + sf q=11 p=8
  - sf q=7 p=6
  ~ sf q=5 p=4: avg_hops 1.8 → 1.75
scorecard: 1 expectations changed
  t/sf avg_hops [q=5]: held → missed (1.8 → 1.75)
files: 1 changed
  changed tables/t.md
`
	if out.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", out.String(), want)
	}
	// The same directory twice: nothing.
	same, err := Dirs(a, a, Options{IsMetric: isMetric})
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := same.WriteText(&out); err != nil || !same.Empty() || !strings.Contains(out.String(), "hold the same results") {
		t.Errorf("same directory: %q (%v)", out.String(), err)
	}
	// Markdown and JSON carry the same changes.
	out.Reset()
	if err := r.WriteMarkdown(&out); err != nil || !strings.Contains(out.String(), "| sf q=5 p=4 | avg\\_hops | 1.8 | 1.75 |") {
		t.Errorf("markdown:\n%s", out.String())
	}
	out.Reset()
	if err := r.WriteJSON(&out); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(out.Bytes(), &back); err != nil || len(back.Datasets) != 1 || back.Datasets[0].Values[0].New != "1.75" || back.Scorecard[0].New != "missed" {
		t.Errorf("json: %s (%v)", out.String(), err)
	}
	if _, err := Dirs(a, filepath.Join(a, "nope"), Options{}); err == nil {
		t.Error("a missing directory gave no error")
	}
}
