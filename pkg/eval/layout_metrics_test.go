package eval

import (
	"path/filepath"
	"strconv"
	"testing"
)

// layoutSrc lays out the hypercube of 64 routers (4 cabinets of 16) and
// RING-6 with 64 routers on the layout paper's cabinet floor, sequentially
// and with Walktrap cabinets placed by annealing.
const layoutSrc = `
cost_model "seq" {
  preset = "cabinet_grid"
}
cost_model "walk" {
  preset            = "cabinet_grid"
  rack_assignment   = "walktrap"
  rack_mapping      = "anneal"
  anneal_iterations = 20000
  anneal_restarts   = 2
}
topology "hc" {
  family = "hypercube"
  n      = 6
}
topology "ring" {
  family  = "ring_random"
  routers = 64
  degree  = 6
}
study "seq" {
  topologies = [topology.hc, topology.ring]
  cost_model = cost_model.seq
  metrics    = ["links", "inter_rack_links", "rack_pairs", "cable_length_total", "cable_length_avg", "inter_rack_cable_length_avg", "fiber_cables", "fiber_length", "electric_length"]
}
study "walk" {
  topologies = [topology.hc, topology.ring]
  cost_model = cost_model.walk
  metrics    = ["inter_rack_links", "rack_pairs", "cable_length_total", "fiber_length"]
}
`

// TestLayoutMetrics: the hypercube of 64 routers in 4 sequential cabinets
// of 16 (2 rows of 2, serpentine) has 64 links between cabinets (dimensions
// 4 and 5), four pairs of cabinets joined (dimension 4: cabinets 0-1 and
// 2-3, side by side; dimension 5: 0-2 and 1-3, across the serpentine's
// turn), 128 links of 2 m inside cabinets and 32 + 32 links of 0.6 + 4 and
// 0.6 + 2.1 + 4 m between them: 256 + 361.6 = 617.6 m, 617.6 / 192 =
// 3.2167 m on average, 361.6 / 64 = 5.65 m between cabinets; the layout metrics agree with the cost group's lengths; with
// Walktrap and annealing RING-6 cuts fewer links and needs shorter cables.
func TestLayoutMetrics(t *testing.T) {
	_, results := runSource(t, "lay", layoutSrc)
	seq := readTable(t, filepath.Join(results, "lay", "seq.parquet"))
	f := func(tab string, c string, row int) float64 {
		t.Helper()
		tb := seq
		if tab == "walk" {
			tb = readTable(t, filepath.Join(results, "lay", "walk.parquet"))
		}
		x, err := strconv.ParseFloat(column(t, tb, c)[row], 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, w := range []struct {
		col  string
		want float64
	}{{"inter_rack_links", 64}, {"rack_pairs", 4}, {"cable_length_total", 617.6}, {"cable_length_avg", 617.6 / 192}, {"inter_rack_cable_length_avg", 5.65}} {
		if got := f("seq", w.col, 0); got < w.want-1e-9 || got > w.want+1e-9 {
			t.Errorf("hypercube %s = %v, want %v", w.col, got, w.want)
		}
	}
	for row := range 2 {
		if tot, parts := f("seq", "cable_length_total", row), f("seq", "fiber_length", row)+f("seq", "electric_length", row); tot < parts-1e-9 || tot > parts+1e-9 {
			t.Errorf("row %d: cable_length_total %v, cost group %v", row, tot, parts)
		}
	}
	if a, b := f("walk", "inter_rack_links", 1), f("seq", "inter_rack_links", 1); a >= b {
		t.Errorf("RING-6: walktrap cuts %v links, sequential %v", a, b)
	}
	if a, b := f("walk", "fiber_length", 1), f("seq", "fiber_length", 1); a >= b {
		t.Errorf("RING-6: annealed inter-cabinet cables %v m, sequential %v m", a, b)
	}
}
