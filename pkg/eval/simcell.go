package eval

import (
	"context"
	"fmt"
	"maps"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
)

// CellSim is the simulation of one sim cell of an experiment, taken out of
// the pipeline to be run again by hand ('runexp sim --cell'): the cell's
// network, its sim options (a point, with any overrides applied) and the
// seed that a cell with those options gets. Run with no overrides gives
// the values the cell stores; with overrides, the values that the same
// replicate of a study with those options would store. Nothing is read
// from or written to the cache.
type CellSim struct {
	// Label is the cell's label, e.g. "sim sf routing=min".
	Label  string
	Family string
	// Params are the resolved family parameters of the cell's instance.
	Params families.Values
	// Point is the sim options, every one, overrides included.
	Point map[string]any
	// Replicate is the cell's replicate (seed index of the sim block).
	Replicate int
	// Seed is the seed the simulation runs with, derived as the cell's
	// (from the options, the network and the replicate).
	Seed uint64

	cell *Cell
}

// IsSim reports whether c is a sim cell (one simulation of a study's sim
// block).
func (c *Cell) IsSim() bool { return c.group == GroupSim && c.point != nil }

// Sim returns the simulation of sim cell c with overrides (sim option
// name: value as text, as 'runexp sim --set' takes it) applied on top of
// the cell's options. The preset cannot be overridden: the cell's point
// already holds the values its preset gave, so a new preset would change
// nothing else; set the options themselves. An override that the other
// options contradict is an error, as in a sim block.
func (c *Cell) Sim(overrides map[string]string) (*CellSim, error) {
	if !c.IsSim() {
		return nil, fmt.Errorf("cell %s is not a simulation (it is a %s cell)", c.Label, c.Kind)
	}
	if _, ok := overrides["preset"]; ok {
		return nil, &SimOptionError{Option: "preset", Msg: "a cell's options already hold its preset's values: set the options themselves"}
	}
	pt := maps.Clone(c.point)
	given, err := setSimSettings(pt, overrides)
	if err != nil {
		return nil, err
	}
	if errs := checkSimPoint(pt, given); len(errs) > 0 {
		return nil, &SimOptionError{Option: errs[0].option, Msg: errs[0].msg}
	}
	return &CellSim{
		Label: c.Label, Family: c.inst.Topology.Family.Name, Params: c.inst.Params,
		Point: pt, Replicate: c.replicate,
		Seed: c.simSeedAt(pt),
		cell: c,
	}, nil
}

// Run builds the cell's network and simulates it (its progress and
// threads as the context says: WithSimProgress, WithSimThreads). A point
// of a load sweep past saturation, which the pipeline records without
// simulating, is simulated; a throughput search runs its probes itself.
func (s *CellSim) Run(ctx context.Context) (map[string]dataset.Value, error) {
	c := s.cell
	t, err := c.inst.Topology.Family.Build(ctx, c.inst.Params)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Label, err)
	}
	j := c.simJob(t)
	j.pt, j.seed = s.Point, s.Seed
	v, err := j.run(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Label, err)
	}
	return v, nil
}
