package eval

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/runexp/runexp/pkg/netsim"
)

// TestSC15BenchConfig: netsim's BenchmarkExchangeSC15 builds its
// configuration from the sc15 preset directly (Physical.Convert of the
// default configuration, virtual cut-through, interleaved injection; see
// pkg/netsim/bench_sc15_test.go); that is the configuration the pipeline
// gives SC15 Fig. 14's exchange cells, field for field, so the benchmark
// times the cells' own simulation. (Until 2026-11-29 the benchmarks ran
// wormhole flow control, which Convert leaves as it is.)
func TestSC15BenchConfig(t *testing.T) {
	g := load(t, map[string]string{"simulate": "claims"}, filepath.Join("..", "..", "experiments", "diameter-two-sc15.hcl"))
	ph, ok := netsim.PhysicalPreset("sc15")
	if !ok {
		t.Fatal("no sc15 preset")
	}
	want, _, err := ph.Convert(netsim.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	want.FlowControl, want.InterleaveMessages = netsim.VirtualCutThrough, true
	n := 0
	for _, c := range g.Cells {
		if c.Kind != GroupSim || c.point["workload"] != "nearest_neighbor" {
			continue
		}
		n++
		s, err := simConfig(c.point)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s.cfg, want) {
			t.Errorf("%s: configuration\n%+v\nthe benchmark's\n%+v", c.Label, s.cfg, want)
		}
	}
	if n != 16 {
		t.Errorf("%d exchange cells, want Fig. 14's 16", n)
	}
}
