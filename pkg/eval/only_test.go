package eval

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const onlySource = `
topology "ring" {
  family = "torus"
  k      = 8
  n      = 1
  p      = 4
}
topology "hc" {
  family = "hypercube"
  n      = 3
}
study "s" {
  topologies = [topology.ring, topology.hc]
  metrics    = ["accepted_load", "saturated", "diameter"]
  sim {
    routing            = ["min", "val"]
    load               = [0.1, 0.2, 0.3]
    stop_at_saturation = STOP
  }
}
study "o" {
  topologies = [topology.ring, topology.hc]
  metrics    = ["accepted_load"]
  sim {
    routing = ["min", "val"]
    load    = [0.5]
  }
}
figure "fr" {
  study   = study.s
  overlay = [study.o]
  where   = { routing = "val", topology = "ring", saturated = false }
  x       = "load"
  y       = "accepted_load"
}
table "tl" {
  study   = study.s
  where   = { load = { min = 0.25 } }
  columns = ["topology", "routing", "load", "accepted_load"]
}
`

// TestOnlyWhere: a figure or table with where needs only the cells of the
// rows it keeps, by their identity, parameter and sim columns (fr: the
// ring's val points of study s and of overlay o, and the ring's distance
// cell; the condition on the metric saturated keeps every row; tl: the
// points at load 0.3, by ranges); a study needs all its cells. A point
// chained to the sweep's previous load (stop_at_saturation) brings that
// point's cell along.
func TestOnlyWhere(t *testing.T) {
	for _, c := range []struct {
		stop, name string
		want       []string
	}{
		{"false", "fr", []string{"distance ring", "sim ring routing=val load=0.1", "sim ring routing=val load=0.2", "sim ring routing=val load=0.3",
			"sim ring routing=val load=0.5"}},
		{"false", "tl", []string{"distance hc", "distance ring", "sim hc routing=min load=0.3", "sim hc routing=val load=0.3",
			"sim ring routing=min load=0.3", "sim ring routing=val load=0.3"}},
		{"false", "s", nil}, // a study: all 14 cells
		{"true", "tl", nil}, // load 0.3 needs 0.2, which needs 0.1
	} {
		t.Run(c.stop+"/"+c.name, func(t *testing.T) {
			dir := t.TempDir()
			g := load(t, nil, writeSource(t, dir, "only", strings.Replace(onlySource, "STOP", c.stop, 1)))
			cells, err := g.Only([]string{c.name})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, cell := range cells {
				got = append(got, cell.Label)
			}
			slices.Sort(got)
			want := c.want
			if want == nil {
				for _, topo := range []string{"hc", "ring"} {
					want = append(want, "distance "+topo)
					for _, r := range []string{"min", "val"} {
						for _, l := range []string{"0.1", "0.2", "0.3"} {
							want = append(want, fmt.Sprintf("sim %s routing=%s load=%s", topo, r, l))
						}
					}
				}
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Only(%s):\n%s\nwant:\n%s", c.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestPeekNeeds: show (Peek) counts, for a figure or a table, the cells
// run --only would compute for it, not every cell of its study: on an
// empty cache figure fr lacks its 5 cells, table tl its 6, study s all 14;
// after run --only fr, fr has all 5 and s 4 of 14 (the ring's val points
// and distance cell; the fifth is overlay o's).
func TestPeekNeeds(t *testing.T) {
	dir := t.TempDir()
	g := load(t, nil, writeSource(t, dir, "only", strings.Replace(onlySource, "STOP", "false", 1)))
	results := filepath.Join(dir, "results")
	en := NewEngine(results, 2, nil)
	defer en.Close()
	peek := func(name string) (cells, computed int) {
		t.Helper()
		pk, err := MakePlan(g, en.Store, results).Peek(context.Background(), en.Store, "", name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(pk.Missing) != pk.Cells-pk.Computed {
			t.Errorf("%s: %d missing of %d cells, %d computed", name, len(pk.Missing), pk.Cells, pk.Computed)
		}
		return pk.Cells, pk.Computed
	}
	for name, want := range map[string][2]int{"fr": {5, 0}, "tl": {6, 0}, "s": {14, 0}} {
		if c, n := peek(name); c != want[0] || n != want[1] {
			t.Errorf("empty cache, %s: %d of %d cells computed, want %d of %d", name, n, c, want[1], want[0])
		}
	}
	cells, err := g.Only([]string{"fr"})
	if err != nil {
		t.Fatal(err)
	}
	if _, failed, err := en.RunCells(context.Background(), MakePlan(g, en.Store, results), cells); err != nil || len(failed) > 0 {
		t.Fatalf("run --only fr: %v %v", failed, err)
	}
	for name, want := range map[string][2]int{"fr": {5, 5}, "s": {14, 4}} {
		if c, n := peek(name); c != want[0] || n != want[1] {
			t.Errorf("after run --only fr, %s: %d of %d cells computed, want %d of %d", name, n, c, want[1], want[0])
		}
	}
}
