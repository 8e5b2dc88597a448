// Package clexsim simulates the point-to-point routing algorithm A(l) of
// Lenzen and Wattenhofer (CLEX: Yet Another Supercomputer Architecture?,
// Sections II-D and III) on the CLEX graph C(s, 1/s): a synchronous,
// round-based protocol, not a flit model.
package clexsim

import (
	"context"
	"fmt"
	"math"
)

// Config is one simulation: the CLEX graph C(1/T, T) with K^T nodes (K = n^s,
// the clique size; T = 1/s, the number of levels) and a workload of
// Messages messages from and to every node.
type Config struct {
	K        int // clique size n^s, >= 2
	T        int // levels 1/s, >= 1
	Messages int // messages per node: every node sends and receives exactly this many, >= 1
	// RequestAck relays a message on level 1 only after a request and its
	// acknowledgement (the paper's dense traffic, Tables I and II); false
	// sends whole copies to the relays (light traffic, Tables III and IV).
	RequestAck bool
	Seed       uint64 // every random choice derives from it
	// Threads is the number of goroutines; results do not depend on it
	// (0: 1).
	Threads int
}

// Level holds the paper's four measurements of one level l (Tables I-IV).
type Level struct {
	Level int // 1 .. T
	// MaxRounds is the largest number of rounds any instance of A(l) took,
	// recursive calls excluded (on level 1 including the request and
	// acknowledgement rounds of RequestAck).
	MaxRounds int
	// AvgRounds is the mean over messages of the rounds a message spent on
	// level l in all the instances of A(l) it took part in.
	AvgRounds float64
	// MaxAvgLoad is the largest messages-per-node of any instance of A(l).
	MaxAvgLoad float64
	// AvgHops is the mean over messages of the level-l arcs a message (and
	// its copies) traversed.
	AvgHops float64
	// Instances is the number of instances of A(l) run.
	Instances int64
}

// Phase is the state of all instances of A(1) after a number of phases
// (Fig. 3 of the paper).
type Phase struct {
	Phase        int   // phases passed; 0 is the start
	Remaining    int64 // messages not yet delivered, summed over the instances
	MaxRemaining int64 // the most any one instance had left
	Active       int64 // instances with messages left
}

// Result is the outcome of Run.
type Result struct {
	Nodes    int64   // K^T
	Messages int64   // Nodes * Config.Messages
	Levels   []Level // Levels[l-1] is level l
	// Phases[p] is the state after p phases, for p = 0 .. MaxPhases-1: the
	// phases after which some instance still had messages (after MaxPhases
	// phases none has; the zero is left out for logarithmic plots).
	Phases    []Phase
	MaxPhases int // the phases the slowest instance of A(1) needed

	// The comparisons of Section III with a 3D torus of the same n, whose
	// uncongested shortest paths average 3 n^(1/3) / 2 hops:
	//
	// PropagationRatio is the sum over levels of AvgRounds_l, weighted by
	// the length of a level-l link relative to the top level, K^(-(T-l)/3)
	// (nodes packed in cubes: a link of level l is K^(1/3) times longer
	// than one of level l-1): the paper's bound on the average propagation
	// delay relative to a torus' shortest paths (2.5 and 2 for Tables I and
	// II, 2.3 and 1.8 for III and IV).
	PropagationRatio float64
	// HopGain is 3 n^(1/3) / (2 sum_l AvgRounds_l): how many times fewer
	// hop delays a message suffers than on the torus (7.3, 9.7, 9.5, 13.1).
	HopGain float64
	// BandwidthGain is 3 n^(1/3) / (2 sum_l AvgHops_l): the effective
	// point-to-point bandwidth relative to the torus' bisection bound with
	// the same total bandwidth per node (8.6 and 11.5 for Tables I and II).
	BandwidthGain float64
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if c.K < 2 || c.T < 1 {
		return fmt.Errorf("clexsim: need K >= 2 and T >= 1, got K = %d, T = %d", c.K, c.T)
	}
	if c.K > 1<<12 {
		return fmt.Errorf("clexsim: K = %d is larger than the simulator's clique limit 4096", c.K)
	}
	if c.Messages < 1 {
		return fmt.Errorf("clexsim: need at least 1 message per node, got %d", c.Messages)
	}
	n := 1.0
	for range c.T {
		n *= float64(c.K)
	}
	if n > math.MaxInt32 || n*float64(c.Messages) > 1<<31-1 {
		return fmt.Errorf("clexsim: %d^%d nodes with %d messages each do not fit int32 ids", c.K, c.T, c.Messages)
	}
	return nil
}

// MemoryBytes estimates the memory Run needs for c, for limits.
func (c Config) MemoryBytes() int64 {
	n := int64(1)
	for range c.T {
		n *= int64(c.K)
	}
	rec := int64(4 * (c.T + 1))
	return 2*n*int64(c.Messages)*rec + 8*n + int64(c.Threads+1)*int64(c.K*c.K)*16
}

// Run simulates A(T) on C(1/T, T) for cfg's workload.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return run(ctx, cfg)
}
