package report

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update to accept)\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

// mustAppend appends values to a column, failing the test on error.
func mustAppend(t testing.TB, c *dataset.Column, vs ...dataset.Value) {
	t.Helper()
	for _, v := range vs {
		if err := c.Append(v); err != nil {
			t.Fatal(err)
		}
	}
}

var (
	iv   = dataset.IntValue
	fv   = dataset.FloatValue
	sv   = dataset.StringValue
	bv   = dataset.BoolValue
	null = dataset.Value{}
)

// structureTable is a small study table in the spirit of the Slim Fly
// paper's structure and cost tables, with every kind, units, nulls and
// LaTeX/Markdown special characters.
func structureTable(t testing.TB) *dataset.Table {
	topo := dataset.NewColumn("topology", dataset.String, "")
	q := dataset.NewColumn("q", dataset.Int, "")
	routers := dataset.NewColumn("routers", dataset.Int, "routers")
	endpoints := dataset.NewColumn("endpoints", dataset.Int, "endpoints")
	hops := dataset.NewColumn("avg_hops", dataset.Float, "hops")
	cost := dataset.NewColumn("cost_per_node", dataset.Float, "$")
	note := dataset.NewColumn("note", dataset.String, "")
	df := dataset.NewColumn("deadlock_free", dataset.Bool, "")
	rows := []struct {
		topo   string
		q      dataset.Value
		r, e   int64
		hops   float64
		cost   dataset.Value
		note   string
		dlfree dataset.Value
	}{
		{"SF", iv(5), 50, 200, 1.8367346938775511, fv(1033.4), "MMS q=5", bv(true)},
		{"DF", null, 72, 342, 2.5915492957746480, fv(1221.987654), "a=2p=2h", bv(false)},
		{"SF", iv(19), 722, 10830, 1.9972260748959778, fv(998.5), "10% cheaper & $ more_ #1 {x} ~^\\", bv(true)},
		{"FT-3", null, 1280, 10240, 3.7490234375, fv(math.NaN()), "fat | tree", null},
		{"T3D", null, 1000, 10000, 7.5075075075075075, null, "", bv(false)},
		{"HC", null, 1024, 10240, 5.0048875855327470, fv(0.000012345), "hypercube", bv(true)},
	}
	for _, r := range rows {
		mustAppend(t, topo, sv(r.topo))
		mustAppend(t, q, r.q)
		mustAppend(t, routers, iv(r.r))
		mustAppend(t, endpoints, iv(r.e))
		mustAppend(t, hops, fv(r.hops))
		mustAppend(t, cost, r.cost)
		mustAppend(t, note, sv(r.note))
		mustAppend(t, df, r.dlfree)
	}
	return &dataset.Table{
		Columns: []*dataset.Column{topo, q, routers, endpoints, hops, cost, note, df},
		Meta:    map[string]string{"study": "structure"},
	}
}

// loadTable is a simulation study: latency against offered load for
// several routings, traffic patterns and sizes, with a few null and NaN
// latencies (saturated points).
func loadTable(t testing.TB) *dataset.Table {
	traffic := dataset.NewColumn("traffic", dataset.String, "")
	routing := dataset.NewColumn("routing", dataset.String, "")
	size := dataset.NewColumn("endpoints", dataset.Int, "endpoints")
	load := dataset.NewColumn("offered_load", dataset.Float, "flits/cycle/node")
	lat := dataset.NewColumn("latency", dataset.Float, "cycles")
	thr := dataset.NewColumn("throughput", dataset.Float, "flits/cycle/node")
	for _, tr := range []string{"uniform", "shift", "bit_reverse", "worst_case"} {
		for ri, ro := range []string{"min", "val", "ugal_l", "ugal_g"} {
			for _, n := range []int64{1000, 10000} {
				// Loads in decreasing order: RenderFigure must sort.
				for l := 19; l >= 1; l-- {
					x := float64(l) * 0.05
					sat := 0.95 - 0.15*float64(ri)
					if tr != "uniform" {
						sat /= 2
					}
					mustAppend(t, traffic, sv(tr))
					mustAppend(t, routing, sv(ro))
					mustAppend(t, size, iv(n))
					mustAppend(t, load, fv(x))
					switch {
					case x > sat+0.1:
						mustAppend(t, lat, null)
					case x > sat:
						mustAppend(t, lat, fv(math.NaN()))
					default:
						mustAppend(t, lat, fv(20+5*float64(ri)+float64(n)/1000+10/math.Max(sat-x, 0.02)))
					}
					mustAppend(t, thr, fv(math.Min(x, sat)))
				}
			}
		}
	}
	return &dataset.Table{Columns: []*dataset.Column{traffic, routing, size, load, lat, thr}}
}
