package cli

import (
	"time"

	"github.com/runexp/runexp/pkg/eval"
)

// etaModel estimates the time a run has left. Every cell comes with its
// expected work (eval.Cell.Work, on plan events: seconds of the reference
// machine); the time the finished cells took, against the work they turned
// out to be (on finish events), gives the rate of each kind of cell on
// each topology, which scales the work still to do. A topology or kind
// with little finished work leans on the rate of its kind or of all
// finished cells, and that on the reference machine's (1), so that a few
// tiny cells do not set the rate of large ones.
type etaModel struct {
	cells map[etaRef]*etaCell
	// rates of the finished cells by kind and topology: {kind, topology}
	// for cells on a topology, {kind, ""} for every cell of the kind,
	// {"", ""} for all cells.
	rates map[[2]string]*etaRate
}

// etaRef names a cell: its experiment, ID and key (cells of studies with
// different analysis options may share an ID).
type etaRef struct{ exp, id, key string }

// etaCell is a cell of the run.
type etaCell struct {
	kind    string
	topo    string    // the topology block, if any
	work    float64   // expected seconds on the reference machine
	started time.Time // zero until the cell starts
	done    bool
}

// etaRate sums finished cells: their work (expected seconds on the
// reference machine) and the seconds they took.
type etaRate struct{ work, spent float64 }

// add counts a cell of work w that took spent seconds into the rate of key.
func (m *etaModel) add(key [2]string, w, spent float64) {
	r := m.rates[key]
	if r == nil {
		r = &etaRate{}
		m.rates[key] = r
	}
	r.work += w
	r.spent += spent
}

// Prior weights, in seconds of expected work: the rate of a kind is the
// kind's measured rate blended with the rate of all cells as if kindPrior
// seconds of work had run at the latter; that rate in turn blends the
// measurements with the reference machine's rate of 1 over allPrior.
const (
	kindPrior = 2.0
	allPrior  = 5.0
)

func newETAModel() *etaModel {
	return &etaModel{cells: map[etaRef]*etaCell{}, rates: map[[2]string]*etaRate{}}
}

// event updates the model with a run event that happened at now.
func (m *etaModel) event(e eval.Event, now time.Time) {
	ref := etaRef{e.Experiment, e.Cell, e.Key}
	switch e.Type {
	case eval.EventPlan:
		m.cells[ref] = &etaCell{kind: e.Kind, topo: e.Topology, work: e.Work}
	case eval.EventStart:
		if c := m.cells[ref]; c != nil {
			c.started = now
		}
	case eval.EventFinish:
		c := m.cells[ref]
		if c == nil || c.done {
			return
		}
		c.done = true
		// Calibrate with the work the cell turned out to be (a simulation
		// past saturation stops early), so that the rate measures the
		// machine, not the errors of the expected work.
		w := c.work
		if e.Work > 0 {
			w = e.Work
		}
		m.finished(c.kind, c.topo, w, e.Duration)
	case eval.EventError, eval.EventSkip:
		if c := m.cells[ref]; c != nil {
			c.done = true
		}
	}
}

// finished counts a finished cell of kind k on topology topo, of work w,
// that took spent seconds.
func (m *etaModel) finished(k, topo string, w, spent float64) {
	m.add([2]string{}, w, spent)
	m.add([2]string{k, ""}, w, spent)
	if topo != "" {
		m.add([2]string{k, topo}, w, spent)
	}
}

// rate returns the seconds per second of expected work of cells of kind
// k on topology topo: the rate measured on that topology, leaning on the
// kind's (the model fits some families better than others), which leans
// on all cells'.
func (m *etaModel) rate(k, topo string) float64 {
	rate := 1.0
	if r := m.rates[[2]string{}]; r != nil {
		rate = (r.spent + allPrior) / (r.work + allPrior)
	}
	if r := m.rates[[2]string{k, ""}]; r != nil {
		rate = (r.spent + rate*kindPrior) / (r.work + kindPrior)
	}
	if r := m.rates[[2]string{k, topo}]; r != nil && topo != "" {
		rate = (r.spent + rate*kindPrior) / (r.work + kindPrior)
	}
	return rate
}

// parallelKind reports whether cells of kind k use the processors other
// cells leave free (searches from many roots, resilience samples,
// bisection starts, annealing restarts, simulations): one of them left
// alone runs about workers times faster.
func parallelKind(k string) bool {
	switch k {
	case eval.GroupDistance, eval.GroupPaths, eval.GroupLoad, eval.GroupBisection,
		eval.GroupResilience, eval.GroupLayout, eval.GroupCost, eval.GroupSim, eval.GroupClex:
		return true
	}
	return false
}

// remaining estimates the time left at now with workers cells at a time:
// the expected time of the cells still to run and the rest of the running
// ones, spread over the workers, but at least the longest of them (spread
// too if it is of a kind that uses free processors). ok is false when no
// cell is left.
func (m *etaModel) remaining(now time.Time, workers int) (d time.Duration, ok bool) {
	var sum, longest float64
	left := 0
	for _, c := range m.cells {
		if c.done {
			continue
		}
		left++
		t := c.work * m.rate(c.kind, c.topo)
		if !c.started.IsZero() {
			t = max(0, t-now.Sub(c.started).Seconds())
		}
		sum += t
		if parallelKind(c.kind) {
			t /= float64(max(1, workers))
		}
		longest = max(longest, t)
	}
	if left == 0 {
		return 0, false
	}
	sec := max(sum/float64(max(1, min(workers, left))), longest)
	return time.Duration(sec * float64(time.Second)), true
}
