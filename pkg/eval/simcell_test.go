package eval

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
)

// simCellSrc is a small experiment with two routings and two replicates
// of one load: four sim cells.
const simCellSrc = `
experiment {
  title = "cell sims"
}
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["accepted_load", "latency", "sim_hops"]
  sim {
    routing        = ["min", "val"]
    load           = [0.3]
    measure_cycles = 500
    seeds          = 2
  }
}
`

// TestCellSim checks that a sim cell taken out of the pipeline runs as the
// pipeline ran it: with no overrides every metric equals the cell's cached
// value, bit for bit; with routing overridden to the other routing, the
// values are those of the other routing's cell of the same replicate (the
// seed is derived from the options as a cell's is). Bad overrides are
// errors naming the option.
func TestCellSim(t *testing.T) {
	ctx := context.Background()
	g, results := runSource(t, "cells", simCellSrc)
	store := cache.New(CacheDir(results))
	stored := func(c *Cell) metricValues {
		t.Helper()
		e, err := store.Get(c.Key)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := e.Blob(blobValues)
		v, err := decodeValues(b)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	byLabel := map[string]*Cell{}
	for _, c := range g.Cells {
		if c.IsSim() {
			byLabel[c.Label] = c
		} else if _, err := c.Sim(nil); err == nil || !strings.Contains(err.Error(), "is not a simulation") {
			t.Errorf("%s: Sim gives %v, want an error", c.Label, err)
		}
	}
	if len(byLabel) != 4 {
		t.Fatalf("%d sim cells, want 4", len(byLabel))
	}
	same := func(t *testing.T, what string, got, want metricValues) {
		t.Helper()
		n := 0
		for _, m := range simMetrics() {
			if g, w := got[m.Name], want[m.Name]; g.Kind != w.Kind || !g.Equal(w) {
				t.Errorf("%s: %s = %v, want %v", what, m.Name, g, w)
			}
			if !got[m.Name].IsNull() {
				n++
			}
		}
		if n < 10 {
			t.Errorf("%s: only %d metrics have values", what, n)
		}
	}
	for label, c := range byLabel {
		s, err := c.Sim(nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Seed != simSeed(c.Params) || s.Family != "slimfly" || s.Point["routing"] != c.point["routing"] {
			t.Errorf("%s: seed %d (cell's %d), family %s, routing %v", label, s.Seed, simSeed(c.Params), s.Family, s.Point["routing"])
		}
		v, err := s.Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		same(t, label, v, stored(c))
	}
	// The min cell of replicate 1 with routing val is the val cell of
	// replicate 1; replicate 0 with val is not (another seed).
	minCell, val1, val0 := byLabel["sim sf routing=min load=0.3 seed#1"], byLabel["sim sf routing=val load=0.3 seed#1"], byLabel["sim sf routing=val load=0.3 seed#0"]
	if minCell == nil || val1 == nil || val0 == nil {
		t.Fatalf("labels: %v", byLabel)
	}
	s, err := minCell.Sim(map[string]string{"routing": "val"})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "min cell with routing val", v, stored(val1))
	if v["latency"].Equal(stored(val0)["latency"]) {
		t.Errorf("replicates 0 and 1 give the same latency %v: the seed does not depend on the replicate", v["latency"])
	}
	for _, c := range []struct {
		overrides map[string]string
		option    string
		msg       string
	}{
		{map[string]string{"preset": "sc15"}, "preset", "already hold its preset's values"},
		{map[string]string{"load": "2"}, "load", "outside"},
		{map[string]string{"speedup": "x"}, "speedup", "want a number"},
	} {
		_, err := minCell.Sim(c.overrides)
		var se *SimOptionError
		if !errors.As(err, &se) || se.Option != c.option || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%v: error %v, want option %s and %q", c.overrides, err, c.option, c.msg)
		}
	}
	if _, err := minCell.Sim(map[string]string{"no_such": "1"}); err == nil || !strings.Contains(err.Error(), `unknown sim option "no_such"`) {
		t.Errorf("unknown option: %v", err)
	}
}
