package eval

import (
	"math"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// TestDiameterEstimate checks the diameter estimates of the work model:
// exact for tori and hypercubes, the Moore bound's depth otherwise.
func TestDiameterEstimate(t *testing.T) {
	for _, c := range []struct {
		fam        string
		R, L, k, D float64
	}{
		{"torus", 4096, 12288, 6, 24},      // 16-ary 3-cube: 3 * 8
		{"torus", 8000, 24000, 6, 30},      // 20-ary 3-cube
		{"hypercube", 8192, 53248, 13, 13}, // n = 13
		{"slimfly", 50, 175, 7, 2},         // Hoffman-Singleton: a Moore graph
		{"slimfly", 4418, 156839, 71, 2},   // q = 47
		{"pn", 3446, 72366, 42, 3},         // 1 + 42 + 42*41 = 1765 < 3446
		{"dragonfly", 16416, 385776, 47, 3},
		{"ring", 100, 100, 2, 50},
	} {
		if got := diameterEstimate(c.fam, c.R, c.L, c.k); got != c.D {
			t.Errorf("%s R=%g L=%g k=%g: %g, want %g", c.fam, c.R, c.L, c.k, got, c.D)
		}
	}
}

// TestCellWork checks the work model's shapes on cells of a small
// experiment, and the work a finished simulation turned out to be.
func TestCellWork(t *testing.T) {
	exps, diags := loadSource(t, `
topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["diameter", "accepted_load"]
  sim {
    load = [0.1, 0.5]
  }
}
`, nil)
	if diags != "no diagnostics" {
		t.Fatal(diags)
	}
	work := map[string]float64{}
	var sim *Cell
	for _, c := range BuildGraph(exps).Cells {
		work[c.ID] = c.Work()
		if c.ID == "sim/s/sf/0/1" {
			sim = c
		}
	}
	for _, w := range [][2]string{
		{"distance/sf/0", "distance/sf/1"}, // 50 and 98 routers
		{"sim/s/sf/0/0", "sim/s/sf/0/1"},   // load 0.1 and 0.5
		{"sim/s/sf/0/1", "sim/s/sf/1/1"},   // 200 and 588 endpoints
	} {
		if !(work[w[0]] > 0 && work[w[0]] < work[w[1]]) {
			t.Errorf("work of %s = %g, of %s = %g: want 0 < first < second", w[0], work[w[0]], w[1], work[w[1]])
		}
	}
	// SC14 setup on 200 endpoints at load 0.5: (0.02 + 0.5) flit-equivalents
	// per endpoint and cycle of warm-up, window and a sample.
	setup, _ := simConfig(sim.point)
	cfg := setup.cfg
	cycles := float64(cfg.WarmupMin + cfg.MeasureCycles + cfg.SamplePeriod)
	// The Slim Fly's diameter is 2 and the routing minimal: no hop factor.
	if want := cellOverhead + simFlitSeconds*200*cycles*0.52; math.Abs(work["sim/s/sf/0/1"]-want) > 1e-9 {
		t.Errorf("sim work %g, want %g", work["sim/s/sf/0/1"], want)
	}
	done := func(v metricValues) float64 { return sim.doneWork(v) }
	if got := done(metricValues{"simulated": dataset.BoolValue(false)}); got != cellOverhead {
		t.Errorf("a point the sweep skips: %g, want %g", got, cellOverhead)
	}
	v := metricValues{"simulated": dataset.BoolValue(true), "sim_cycles": dataset.IntValue(1000), "sim_flits_delivered": dataset.IntValue(5000),
		"search_probes": {}}
	if got, want := done(v), cellOverhead+simFlitSeconds*(0.02*200*1000+5000); math.Abs(got-want) > 1e-12 {
		t.Errorf("a simulated point: %g, want %g", got, want)
	}
	v["search_probes"] = dataset.IntValue(7)
	if got := done(v); got != sim.Work() {
		t.Errorf("a search: %g, want the expected %g", got, sim.Work())
	}
}
