package eval

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/runexp/runexp/pkg/cache"
)

// A sweep is one load sweep that stops at saturation (one replicate of
// one series of points equal in every option but the load), with what the
// plan knows of where it stops.
type sweep struct {
	points []*PlanEntry // by increasing load
	// resolved is set when the plan knows the sweep's last simulated
	// load: a point is past saturation (cached as not simulated, or
	// marked PastSaturation), or every point is cached.
	resolved bool
	last     float64 // the last simulated load of a resolved sweep (+Inf: none past saturation)
}

// markLikelyPast sets LikelyPast on the points of load sweeps that will be
// simulated and are not known to be past saturation, but will probably
// be: those above the loads at which every resolved sweep of the same
// network, replicate and options other than routing (its siblings: the
// other routings of a figure) stopped simulating. The latest stop of the
// siblings is taken, so a sweep is predicted to stop no earlier than the
// most loadable routing computed so far; a sweep without a resolved
// sibling is counted in full. The prediction is plan's second estimate of
// the work (PlanEntry.LikelyWork); the run decides from the results.
func (p *Plan) markLikelyPast(store *cache.Store) {
	sweeps := map[string]*sweep{}
	var order []string
	for _, pe := range p.Entries {
		c := pe.Cell
		if _, load := c.point["load"].(float64); c.group != GroupSim || !load || !sweepPoint(c.point) {
			continue
		}
		k := sweepKey(c, true)
		s := sweeps[k]
		if s == nil {
			s = &sweep{}
			sweeps[k] = s
			order = append(order, k)
		}
		s.points = append(s.points, pe)
	}
	for _, s := range sweeps {
		slices.SortStableFunc(s.points, func(a, b *PlanEntry) int { return cmp.Compare(pointLoad(a.Cell), pointLoad(b.Cell)) })
	}
	// Resolve the sweeps of the sibling groups that have a point to
	// predict, reading the cached points' results.
	pending := map[string]bool{}
	for _, k := range order {
		for _, pe := range sweeps[k].points {
			if pe.Run && !pe.PastSaturation {
				pending[sweepKey(pe.Cell, false)] = true
				break
			}
		}
	}
	latest := map[string]float64{}
	for _, k := range order {
		s := sweeps[k]
		sib := sweepKey(s.points[0].Cell, false)
		if !pending[sib] {
			continue
		}
		s.resolve(p, store)
		if s.resolved {
			if l, ok := latest[sib]; !ok || s.last > l {
				latest[sib] = s.last
			}
		}
	}
	for _, k := range order {
		s := sweeps[k]
		l, ok := latest[sweepKey(s.points[0].Cell, false)]
		if !ok || s.resolved {
			continue
		}
		for _, pe := range s.points {
			if pe.Run && !pe.PastSaturation && pointLoad(pe.Cell) > l {
				pe.LikelyPast = true
				pe.Reason += fmt.Sprintf("; probably past saturation: the computed sweeps of its network and traffic with other routings simulated no load above %g", l)
			}
		}
	}
}

// resolve sets s.resolved and s.last from the plan and the cache.
func (s *sweep) resolve(p *Plan, store *cache.Store) {
	last, all := math.Inf(-1), true
	for _, pe := range s.points {
		if pe.PastSaturation {
			s.resolved, s.last = true, last
			return
		}
		if pe.Run || pe.Status != Cached {
			all = false
			continue
		}
		e, ok := p.loaded[pe.Cell.Key]
		if !ok {
			var err error
			if e, err = store.Get(pe.Cell.Key); err != nil {
				all = false
				continue
			}
		}
		res, err := decodeResult(pe.Cell, e)
		if err != nil {
			all = false
			continue
		}
		if v := res.values["simulated"]; v.Kind != 0 && !v.B {
			s.resolved, s.last = true, last
			return
		}
		last = pointLoad(pe.Cell)
	}
	if all {
		s.resolved, s.last = true, math.Inf(1)
	}
}

// sweepPoint reports whether sim point pt can be a point of a load sweep
// that stops at saturation: open-loop traffic without a search, with
// stop_at_saturation (loadChain chains such points when the study has a
// load axis).
func sweepPoint(pt map[string]any) bool {
	w, _ := pt["workload"].(string)
	s, _ := pt["search"].(string)
	stop, _ := pt["stop_at_saturation"].(bool)
	return w == "" && s == "none" && stop
}

// pointLoad is the offered load of a sim cell's point.
func pointLoad(c *Cell) float64 {
	l, _ := c.point["load"].(float64)
	return l
}

// sweepKey identifies the sweep of sim cell c (every option but the load,
// the network instance, the replicate), or with routing false its sibling
// group (the routing left out too).
func sweepKey(c *Cell, routing bool) string {
	rest := map[string]any{}
	for k, v := range c.point {
		if k != "load" && (routing || k != "routing") {
			rest[k] = v
		}
	}
	return fmt.Sprintf("%p/%d/%s", c.inst, c.replicate, canonical(rest))
}

// LikelyWork is the entry's expected work with a point predicted past
// saturation (LikelyPast) counted as one: Work, or almost none.
func (pe *PlanEntry) LikelyWork() float64 {
	if pe.LikelyPast {
		return cellOverhead
	}
	return pe.Work()
}
