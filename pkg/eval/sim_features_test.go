package eval

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// floats returns a numeric column as float64s (NaN for null).
func floats(t *testing.T, tab *dataset.Table, name string) []float64 {
	t.Helper()
	c := tab.Column(name)
	if c == nil {
		t.Fatalf("no column %q in %v", name, tab.ColumnNames())
	}
	out := make([]float64, c.Len())
	for i := range out {
		x, ok := c.Value(i).Float64()
		if !ok {
			x = math.NaN()
		}
		out[i] = x
	}
	return out
}

// writeSource writes src as NAME.hcl in dir and returns the path.
func writeSource(t *testing.T, dir, name, src string) string {
	t.Helper()
	path := filepath.Join(dir, name+".hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const replicateSource = `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["accepted_load", "latency", "saturated", "hop_hist"]
  sim {
    load           = [0.2, 0.4]
    seeds          = SEEDS
    warmup_max     = 3000
    measure_cycles = 1000
  }
}
figure "f" {
  study      = study.s
  x          = "load"
  y          = "latency"
  error_bars = true
}
`

// seeds = 3: three cells per point, the mean and a 95% confidence interval
// of every numeric metric; raising seeds to 4 computes one more cell per
// point and keeps the three cached.
func TestSimReplicates(t *testing.T) {
	dir := t.TempDir()
	path := writeSource(t, dir, "rep", strings.Replace(replicateSource, "SEEDS", "3", 1))
	results := filepath.Join(dir, "results")
	g := load(t, nil, path)
	sims := 0
	for _, c := range g.Cells {
		if c.Kind == GroupSim {
			sims++
		}
	}
	if sims != 6 {
		t.Fatalf("%d sim cells, want 2 points x 3 seeds", sims)
	}
	runAll(t, g, results, 2)
	tab := readTable(t, filepath.Join(results, "rep", "s.parquet"))
	if got := strings.Join(tab.ColumnNames(), " "); !strings.Contains(got, "accepted_load accepted_load_ci95 latency latency_ci95 saturated hop_hist") {
		t.Fatalf("columns %s", got)
	}
	if _, err := os.Stat(filepath.Join(results, "rep", "figures", "f.png")); err != nil {
		t.Errorf("figure with error bars: %v", err)
	}
	acc, ci := floats(t, tab, "accepted_load"), floats(t, tab, "accepted_load_ci95")
	lci := floats(t, tab, "latency_ci95")
	for i, l := range []float64{0.2, 0.4} {
		// The window offers l x 200 endpoints x 1000 cycles flits: the
		// standard deviation of a seed's accepted load is about
		// sqrt(l/200000), and the interval of 3 seeds some multiple of it.
		sd := math.Sqrt(l / 200000)
		if math.Abs(acc[i]-l) > 4*sd || !(ci[i] > 0) || ci[i] > 20*sd || !(lci[i] > 0) {
			t.Errorf("load %g: accepted %.4f +- %.4f (sd of one seed %.4f), latency +- %.3f", l, acc[i], ci[i], sd, lci[i])
		}
	}
	// Four seeds: one more cell per point, the others cached.
	os.WriteFile(path, []byte(strings.Replace(replicateSource, "SEEDS", "4", 1)), 0o644)
	g = load(t, nil, path)
	_, computed := runAll(t, g, results, 2)
	var newSims []string
	for _, id := range computed {
		if strings.HasPrefix(id, "sim/") {
			newSims = append(newSims, id)
		}
	}
	if strings.Join(newSims, " ") != "sim/s/sf/0/0/3 sim/s/sf/0/1/3" {
		t.Errorf("computed %v, want the fourth seed of each point only", newSims)
	}
}

const stopSource = `
topology "ring" {
  family = "torus"
  k      = 8
  n      = 1
  p      = 4
}
study "s" {
  topologies = [topology.ring]
  metrics    = ["accepted_load", "saturated", "simulated"]
  sim {
    load               = [0.6, 0.1, 0.4, 0.5, 0.7]
    stop_at_saturation = STOP
    warmup_max         = 3000
    measure_cycles     = 1000
  }
}
`

// A load sweep past saturation: the ring of 8 routers with 4 endpoints each
// saturates at 8/(k p) = 0.25 (its bisection); the sweep simulates the
// first saturated load (0.4) and one more (0.5), then stops. Loads are
// ordered by value, not as listed.
func TestSimStopAtSaturation(t *testing.T) {
	for _, c := range []struct {
		stop                 string
		simulated, saturated string
	}{
		{"true", "false true true true false", "true false true true true"},
		{"false", "true true true true true", "true false true true true"},
	} {
		t.Run("stop="+c.stop, func(t *testing.T) {
			g, results := runSource(t, "stop", strings.Replace(stopSource, "STOP", c.stop, 1))
			tab := readTable(t, filepath.Join(results, "stop", "s.parquet"))
			if got := strings.Join(column(t, tab, "simulated"), " "); got != c.simulated {
				t.Errorf("simulated = %s, want %s (loads 0.6 0.1 0.4 0.5 0.7)", got, c.simulated)
			}
			if got := strings.Join(column(t, tab, "saturated"), " "); got != c.saturated {
				t.Errorf("saturated = %s, want %s", got, c.saturated)
			}
			chained := 0
			for _, cell := range g.Cells {
				if cell.Kind == GroupSim && len(cell.Inputs) > 1 {
					chained++
				}
			}
			if want := map[string]int{"true": 4, "false": 0}[c.stop]; chained != want {
				t.Errorf("%d sim cells chained to the previous load, want %d", chained, want)
			}
		})
	}
}

// A sweep extended past its saturation: with loads 0.1, 0.4 and 0.5
// computed (0.4 and 0.5 saturated), the plan of 0.1 to 0.7 marks 0.6 (its
// cached predecessor saturated twice in a row) and 0.7 (after 0.6) past
// saturation, with the work of recording a cell, and the run simulates
// neither.
func TestPlanPastSaturation(t *testing.T) {
	dir := t.TempDir()
	src := strings.Replace(stopSource, "STOP", "true", 1)
	first := strings.Replace(src, "[0.6, 0.1, 0.4, 0.5, 0.7]", "[0.1, 0.4, 0.5]", 1)
	results := filepath.Join(dir, "results")
	path := writeSource(t, dir, "stop", first)
	runAll(t, load(t, nil, path), results, 2)
	writeSource(t, dir, "stop", src)
	g := load(t, nil, path)
	en := NewEngine(results, 2, nil)
	defer en.Close()
	p := MakePlan(g, en.Store, results)
	var past, run []string
	for _, pe := range p.Entries {
		if pe.Cell.Kind != GroupSim || !pe.Run {
			continue
		}
		load := fmt.Sprint(pe.Cell.point["load"])
		run = append(run, load)
		if pe.PastSaturation {
			past = append(past, load)
			if pe.Work() != cellOverhead || pe.Reason != pastSaturationNote {
				t.Errorf("load %s: work %g, reason %q", load, pe.Work(), pe.Reason)
			}
		}
	}
	if strings.Join(run, " ") != "0.6 0.7" || strings.Join(past, " ") != "0.6 0.7" {
		t.Errorf("sims to run %v, past saturation %v; want 0.6 and 0.7, both past saturation", run, past)
	}
	_, computed := runAll(t, g, results, 2)
	tab := readTable(t, filepath.Join(results, "stop", "s.parquet"))
	if got := strings.Join(column(t, tab, "simulated"), " "); got != "false true true true false" {
		t.Errorf("simulated = %s after the run of %v, want the two new loads (0.6, 0.7 as listed first and last) not simulated", got, computed)
	}
}

const searchSource = `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "search" {
  topologies = [topology.sf]
  metrics    = ["throughput", "throughput_load", "search_probes", "saturated"]
  sim {
    search            = "throughput"
    search_resolution = 0.05
    warmup_max        = 3000
    measure_cycles    = 1000
  }
}
`

// The throughput search on the Hoffman-Singleton Slim Fly with MIN: the
// largest unsaturated load on a grid of 0.05 (BookSim2 saturates this
// network near 0.93 with 1-flit packets; netsim's SC14 setup is within a
// grid step of it), found in 1 + 4 or 5 probes (bisection of 20 steps);
// each probe
// is cached as the cell of that point, so a later study of load 1 (the
// first probe) finds its cell cached.
func TestSimThroughputSearch(t *testing.T) {
	dir := t.TempDir()
	path := writeSource(t, dir, "search", searchSource)
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, path), results, 2)
	tab := readTable(t, filepath.Join(results, "search", "search.parquet"))
	thr, ld, probes := floats(t, tab, "throughput"), floats(t, tab, "throughput_load"), floats(t, tab, "search_probes")
	if ld[0] < 0.8 || ld[0] > 0.95 || math.Abs(thr[0]-ld[0]) > 0.02 || probes[0] < 5 || probes[0] > 6 {
		t.Errorf("throughput %.4f at load %.2f after %g probes", thr[0], ld[0], probes[0])
	}
	if got := column(t, tab, "saturated")[0]; got != "false" {
		t.Errorf("saturated = %s at the found load", got)
	}
	// The point at load 1, as a study of its own: cached by the search.
	more := searchSource + `
study "full" {
  topologies = [topology.sf]
  metrics    = ["accepted_load"]
  sim {
    load           = 1
    warmup_max     = 3000
    measure_cycles = 1000
  }
}
`
	os.WriteFile(path, []byte(more), 0o644)
	_, computed := runAll(t, load(t, nil, path), results, 2)
	for _, id := range computed {
		if strings.HasPrefix(id, "sim/") {
			t.Errorf("computed %s: the search's probe at load 1 should be its cached cell", id)
		}
	}
}

const physicalSource = `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["latency", "latency_ns", "zero_load_latency_ns", "cycle_ns", "accepted_load", "accepted_gbps"]
  sim {
    preset         = "layout"
    load           = 0.2
    warmup_max     = 3000
    measure_cycles = 2000
  }
}
`

// The layout paper's preset: results in cycles and in physical units, the
// channel cycle 256 bits / 96 Gb/s.
func TestSimPhysicalStudy(t *testing.T) {
	_, results := runSource(t, "phys", physicalSource)
	tab := readTable(t, filepath.Join(results, "phys", "s.parquet"))
	T := 256.0 / 96
	lat, ns, cyc := floats(t, tab, "latency")[0], floats(t, tab, "latency_ns")[0], floats(t, tab, "cycle_ns")[0]
	acc, gbps := floats(t, tab, "accepted_load")[0], floats(t, tab, "accepted_gbps")[0]
	if math.Abs(cyc-T) > 1e-12 || math.Abs(ns-lat*T) > 1e-9*ns || math.Abs(gbps-96*acc) > 1e-9*gbps {
		t.Errorf("cycle %g ns, latency %g cycles = %g ns, accepted %g = %g Gb/s", cyc, lat, ns, acc, gbps)
	}
	// 33-flit packets over 1.8 hops at zero load: 2 endpoint channels and
	// 1.8 links of 21.3 ns, 2.8 routers of 100 ns and 32 flits of 2.67 ns,
	// about 450 ns.
	if zl := floats(t, tab, "zero_load_latency_ns")[0]; zl < 420 || zl > 480 {
		t.Errorf("zero-load latency %g ns", zl)
	}
	if tab.Column("preset") == nil || column(t, tab, "preset")[0] != "layout" {
		t.Errorf("no preset column: %v", tab.ColumnNames())
	}
}

const workloadSource = `
topology "ft" {
  family = "fattree"
  p      = 4
  levels = 2
}
study "a2a" {
  topologies = [topology.ft]
  metrics    = ["completion_cycles", "effective_throughput", "messages_delivered", "latency"]
  sim {
    routing       = "anca"
    workload      = "all_to_all"
    message_flits = 128
    packet_flits  = 8
    flow_control  = "vct"
    vcs           = 4
  }
}
`

// A finite workload as a study: the all-to-all of netsim's
// TestAllToAllFatTreeBound, within 3% of its injection bound.
func TestSimWorkloadStudy(t *testing.T) {
	_, results := runSource(t, "wl", workloadSource)
	tab := readTable(t, filepath.Join(results, "wl", "a2a.parquet"))
	c, eff := floats(t, tab, "completion_cycles")[0], floats(t, tab, "effective_throughput")[0]
	msgs := column(t, tab, "messages_delivered")[0]
	if c < 1929 || c > 1.03*1929 || msgs != strconv.Itoa(16*15) || eff < 0.95 {
		t.Errorf("completion %g cycles, effective throughput %g, %s messages", c, eff, msgs)
	}
}

const cableSource = `
topology "ring" {
  family  = "ring_random"
  routers = 64
  degree  = 4
  p       = 2
}
cost_model "floor" {
  preset = "cabinet_grid"
}
study "s" {
  topologies = [topology.ring]
  cost_model = cost_model.floor
  metrics    = ["zero_load_latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    link_ns_per_m  = [0, 5]
    load           = 0.05
    warmup_min     = 1000
    warmup_max     = 2000
    measure_cycles = 1000
  }
}
`

// Cable lengths make links slower: with 5 ns per metre of the cabinet
// floor's cables the zero-load latency of the same routes grows by the
// cables' delay (2 m inside a cabinet, Manhattan distance plus 4 m
// between cabinets: tens of ns per hop). The point's cell depends on the
// cost model then: another floor is another cell (and another probe key).
func TestSimCableLatency(t *testing.T) {
	g, results := runSource(t, "cable", cableSource+`
cost_model "long" {
  preset              = "cabinet_grid"
  inter_rack_overhead = 40
}
study "s2" {
  topologies = [topology.ring]
  cost_model = cost_model.long
  metrics    = ["zero_load_latency_ns"]
  sim {
    preset         = "layout"
    routing        = "duato-updown"
    link_ns_per_m  = [0, 5]
    load           = 0.05
    warmup_min     = 1000
    warmup_max     = 2000
    measure_cycles = 1000
  }
}
`)
	sims := 0
	for _, c := range g.Cells {
		if c.Kind == GroupSim {
			sims++
		}
	}
	// Without cables the two floors share their cell; with cables not.
	if sims != 3 {
		t.Errorf("%d sim cells, want 3 (one shared at 0 ns/m, one per floor at 5 ns/m)", sims)
	}
	long := readTable(t, filepath.Join(results, "cable", "s2.parquet"))
	if zl, zl2 := floats(t, readTable(t, filepath.Join(results, "cable", "s.parquet")), "zero_load_latency_ns"), floats(t, long, "zero_load_latency_ns"); zl2[0] != zl[0] || !(zl2[1] > zl[1]) {
		t.Errorf("zero-load latency: cabinet floor %v, longer cables %v", zl, zl2)
	}
	tab := readTable(t, filepath.Join(results, "cable", "s.parquet"))
	zl := floats(t, tab, "zero_load_latency_ns")
	if !(zl[1] > zl[0]+20) {
		t.Errorf("zero-load latency %g ns without cables, %g ns with 5 ns/m", zl[0], zl[1])
	}
	t.Logf("zero-load latency: %.1f ns, with cable delays %.1f ns", zl[0], zl[1])
}

// TestTrafficRevision: a pattern whose definition changed (transpose,
// revision 2) carries its revision in the sim cells' parameters, so cells
// computed under the earlier definition rerun; other patterns' keys are
// unchanged.
func TestTrafficRevision(t *testing.T) {
	src := strings.Replace(strings.Replace(replicateSource, "SEEDS", "2", 1), "load           = [0.2, 0.4]", "load           = 0.2\n    traffic        = [\"uniform\", \"transpose\"]", 1)
	g := load(t, nil, writeSource(t, t.TempDir(), "rev", src))
	seen := map[string]bool{}
	for _, c := range g.Cells {
		if c.Kind != GroupSim {
			continue
		}
		tr := c.point["traffic"].(string)
		seen[tr] = true
		has := strings.Contains(string(c.Params), `"traffic_revision":2`)
		if has != (tr == "transpose") {
			t.Errorf("%s: params %s", tr, c.Params)
		}
	}
	if !seen["uniform"] || !seen["transpose"] {
		t.Fatalf("sim cells of %v, want uniform and transpose", seen)
	}
}

// TestRoutingRevision: a routing whose definition changed (ugal-leaf,
// revision 2) carries its revision in the sim cells' parameters, so cells
// computed under the earlier definition rerun; other routings' keys are
// unchanged.
func TestRoutingRevision(t *testing.T) {
	src := `
topology "m" {
  family = "mlfm"
  h      = 3
}
study "s" {
  topologies = [topology.m]
  metrics    = ["accepted_load"]
  sim {
    load    = 0.2
    routing = ["min-random", "val-leaf", "ugal-leaf", "ugal-leaf:c=2,n=5,t=0.1"]
  }
}
`
	g := load(t, nil, writeSource(t, t.TempDir(), "rrev", src))
	seen := 0
	for _, c := range g.Cells {
		if c.Kind != GroupSim {
			continue
		}
		seen++
		r := c.point["routing"].(string)
		has := strings.Contains(string(c.Params), `"routing_revision":2`)
		if has != strings.HasPrefix(r, "ugal-leaf") {
			t.Errorf("%s: params %s", r, c.Params)
		}
	}
	if seen != 4 {
		t.Fatalf("%d sim cells, want 4", seen)
	}
}
