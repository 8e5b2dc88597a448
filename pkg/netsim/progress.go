package netsim

// Progress describes how far a run has got, for Config.Progress.
type Progress struct {
	// Phase is "warm-up", "measure" or "drain" for Run, "workload" for
	// RunWorkload.
	Phase string
	// Cycle is the channel cycle reached.
	Cycle int64
	// FlitsDelivered counts the flits ejected so far (every phase).
	FlitsDelivered int64
	// Endpoints is the number of endpoints that send (the active ones),
	// so that flits per endpoint and cycle, the unit of the load, can be
	// derived from two reports.
	Endpoints int
}

// progressPeriod is the number of cycles between two Config.Progress calls
// of RunWorkload (Run calls it once per warm-up sample period).
const progressPeriod = 1000

// phaseName returns the Progress.Phase of a run phase.
func phaseName(phase int) string {
	switch phase {
	case phWarmup:
		return "warm-up"
	case phMeasure:
		return "measure"
	case phDrain:
		return "drain"
	}
	return "done"
}

// progress calls Config.Progress, if set, at channel cycle c.
func (s *sim) progress(phase string, c int32) {
	if f := s.cfg.Progress; f != nil {
		f(Progress{Phase: phase, Cycle: int64(c), FlitsDelivered: s.sum().ejFlits, Endpoints: s.activeEndpoints()})
	}
}

// activeEndpoints counts the endpoints that send (s.active, fixed once the
// pattern or workload is set up).
func (s *sim) activeEndpoints() int {
	n := 0
	for _, a := range s.active {
		if a {
			n++
		}
	}
	return n
}
