package eval

import "time"

// Event types emitted by planning, execution and output writing.
const (
	EventPlan    = "plan"    // one per cell that will run (and, with Observer.All, per cached cell)
	EventStart   = "start"   // a cell started computing
	EventFinish  = "finish"  // a cell finished and its result is stored (unless Reason says it is computed from failed cells)
	EventError   = "error"   // a cell failed, or an output could not be written
	EventSkip    = "skip"    // a cell was not run because an input failed or the run was interrupted
	EventWrite   = "write"   // an output file under results/ was written
	EventSummary = "summary" // the end of a run
)

// Event is one progress event. The JSON form (with --json) has one event per
// line; fields that do not apply are omitted.
type Event struct {
	Type       string  `json:"event"`
	Experiment string  `json:"experiment,omitempty"`
	Cell       string  `json:"cell,omitempty"` // cell ID
	Kind       string  `json:"kind,omitempty"`
	Label      string  `json:"label,omitempty"`
	Key        string  `json:"key,omitempty"`
	Status     string  `json:"status,omitempty"` // plan: cached, new or stale
	Reason     string  `json:"reason,omitempty"` // plan: why the cell runs; skip: why not; finish: why the result is not cached
	Duration   float64 `json:"duration_s,omitempty"`
	// CPU is, on finish events, the processor time in seconds the process
	// used while the cell ran, when no other cell ran beside it in the
	// process (its threads' time summed: seconds of one core), else 0.
	CPU   float64 `json:"cpu_s,omitempty"`
	Error string  `json:"error,omitempty"`
	Path  string  `json:"path,omitempty"`
	// Work is, on plan events, the cell's expected computing time in
	// seconds of the reference machine (Cell.Work), and on finish events
	// the work it turned out to be in the same units (a simulation's
	// measured cycles and flits instead of the expected ones), for
	// progress estimates; Topology names, on plan and finish events, the
	// topology block of a cell that computes on one of its instances.
	Work     float64 `json:"work_s,omitempty"`
	Topology string  `json:"topology,omitempty"`

	// Progress, on start/finish/error/skip events.
	Done    int `json:"done,omitempty"`
	Total   int `json:"total,omitempty"`
	Running int `json:"running,omitempty"`

	// Summary fields.
	Summary *Summary `json:"summary,omitempty"`
}

// Summary is the outcome of a run.
type Summary struct {
	Cells    int `json:"cells"`    // cells in the DAG (build cells that were not needed excluded)
	Computed int `json:"computed"` // cells computed in this run
	// Shared counts the cells that another run sharing the cache
	// computed while this one ran (it waited for them or found them
	// stored): taken from the cache, not computed here.
	Shared      int     `json:"by_other_runs,omitempty"`
	Cached      int     `json:"cached"` // cells whose cached result was used
	Failed      int     `json:"failed"`
	Skipped     int     `json:"skipped"`
	Written     int     `json:"written"` // output files written (unchanged ones are not rewritten)
	Interrupted bool    `json:"interrupted,omitempty"`
	TimeLimit   bool    `json:"time_limit,omitempty"` // cells were not started for Engine.Deadline (Interrupted is set too)
	Duration    float64 `json:"duration_s"`
}

// Observer receives events. Calls are serialized by the engine.
type Observer interface {
	Event(Event)
}

// ObserverFunc adapts a function to the Observer interface.
type ObserverFunc func(Event)

// Event calls f(e).
func (f ObserverFunc) Event(e Event) { f(e) }

func seconds(d time.Duration) float64 {
	return float64(d.Round(time.Microsecond)) / float64(time.Second)
}
