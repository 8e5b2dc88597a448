package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const simSource = `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["endpoints", "accepted_load", "latency", "saturated", "sim_hops"]
  sim {
    routing        = ["min", "val"]
    load           = [0.1, 0.3]
    warmup_max     = 5000
    measure_cycles = 2000
  }
}
`

// TestSimStudy runs a two-axis sim block on the Hoffman-Singleton Slim Fly:
// one row per (routing, load), accepted load equal to offered below
// saturation, MIN packets within the diameter, VAL packets longer, and
// bit-identical Parquet for 1 and 2 workers.
func TestSimStudy(t *testing.T) {
	g, results := runSource(t, "sim", simSource)
	tab := readTable(t, filepath.Join(results, "sim", "s.parquet"))
	if got := strings.Join(tab.ColumnNames(), " "); got != "topology label family q p max_radix routing load warmup_max measure_cycles endpoints accepted_load latency saturated sim_hops" {
		t.Fatalf("columns %s", got)
	}
	if got := strings.Join(column(t, tab, "routing"), " "); got != "min min val val" {
		t.Errorf("routing = %s", got)
	}
	if got := strings.Join(column(t, tab, "saturated"), " "); got != "false false false false" {
		t.Errorf("saturated = %s", got)
	}
	acc, ld, hops := tab.Column("accepted_load"), tab.Column("load"), tab.Column("sim_hops")
	for i := 0; i < tab.NumRows(); i++ {
		a, _ := acc.Value(i).Float64()
		l, _ := ld.Value(i).Float64()
		if a < 0.9*l || a > 1.1*l {
			t.Errorf("row %d: accepted %.4f at load %.2f", i, a, l)
		}
		h, _ := hops.Value(i).Float64()
		if (i < 2 && (h < 1.5 || h > 2)) || (i >= 2 && h <= 2) {
			t.Errorf("row %d: %.3f hops", i, h)
		}
	}
	var sims int
	for _, c := range g.Cells {
		if c.Kind == GroupSim {
			sims++
		}
	}
	if sims != 4 {
		t.Errorf("%d sim cells, want 4", sims)
	}
	// Another worker count gives the same bytes.
	dir := t.TempDir()
	path := filepath.Join(dir, "sim.hcl")
	os.WriteFile(path, []byte(simSource), 0o644)
	other := filepath.Join(dir, "results")
	runAll(t, load(t, nil, path), other, 1)
	a, _ := os.ReadFile(filepath.Join(results, "sim", "s.parquet"))
	b, _ := os.ReadFile(filepath.Join(other, "sim", "s.parquet"))
	if !bytes.Equal(a, b) {
		t.Error("-j 1 and -j 2 give different Parquet")
	}
}

func TestSimStudyErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{`topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["latency"]
}`, "has no sim"},
		{`topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers"]
  sim {
    load = 0.5
  }
}`, "none of its metrics is a simulation metric"},
		{`topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["latency"]
  sim {
    load    = [0.5, 1.5]
    traffic = "unifrom"
  }
}`, "1.5 is outside [0, 1]"},
	} {
		_, diags := loadSource(t, c.src, nil)
		if !strings.Contains(diags, c.msg) {
			t.Errorf("diagnostics %q lack %q", diags, c.msg)
		}
	}
}

// TestSimCheckID: the sim cells of one topology and routing share the
// identity under which their deadlock check is remembered (the loads of a
// sweep; a throughput search's probes copy their job's), other routings
// and other instances have their own.
func TestSimCheckID(t *testing.T) {
	src := strings.Replace(simSource, "q      = 5", "q      = [5, 7]", 1)
	g := load(t, nil, writeSource(t, t.TempDir(), "ids", src))
	ids := map[string][]string{}
	for _, c := range g.Cells {
		if c.Kind == GroupSim {
			id := c.simJob(nil).checkID
			ids[id] = append(ids[id], c.Label)
		}
	}
	if len(ids) != 4 {
		t.Fatalf("%d check identities, want 4 (2 instances x 2 routings): %v", len(ids), ids)
	}
	for id, labels := range ids {
		if len(labels) != 2 || !strings.HasPrefix(labels[0], strings.TrimSuffix(labels[1], "load=0.3")) {
			t.Errorf("%q: %v, want the two loads of one instance and routing", id, labels)
		}
	}
}

// An option added after results were cached (injection) stays out of a
// point's key at its default, so the cells and datasets cached before it
// keep their keys; any other value is keyed. The point itself is not
// modified.
func TestSimKeyPoint(t *testing.T) {
	pt, err := ParseSimOptions(map[string]string{"workload": "nearest_neighbor", "torus": "2x2x2", "message_flits": "8"})
	if err != nil {
		t.Fatal(err)
	}
	if k := simKeyPoint(pt); k["injection"] != nil || len(k) != len(pt)-1 || pt["injection"] != "sequential" {
		t.Errorf("default injection: key point has injection %v and %d of %d options; point has %v", k["injection"], len(k), len(pt), pt["injection"])
	}
	pt["injection"] = "interleaved"
	if k := simKeyPoint(pt); k["injection"] != "interleaved" || len(k) != len(pt) {
		t.Errorf("interleaved: key point has injection %v and %d of %d options", k["injection"], len(k), len(pt))
	}
}
