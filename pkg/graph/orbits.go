package graph

import (
	"context"
	"errors"
	"fmt"
)

// ErrOrbitEndpoints is the error (wrapped) of DistancesByOrbit when the
// routers of an orbit carry different numbers of endpoints: the caller can
// fall back to Distances.
var ErrOrbitEndpoints = errors.New("endpoint counts differ within an orbit")

// NumberOrbits returns the orbit of each of n routers, numbered 0, 1, ...
// in order of first router as DistancesByOrbit wants them, from first(r),
// the lowest router of r's orbit (first(r) <= r).
func NumberOrbits(n int, first func(r int) int) []int32 {
	out := make([]int32, n)
	next := int32(0)
	for r := range out {
		if f := first(r); f < r {
			out[r] = out[f]
			continue
		}
		out[r] = next
		next++
	}
	return out
}

// bitOrbits is the number of orbits from which DistancesByOrbit runs the
// bit-parallel search: one plain search costs less than a bit-parallel
// batch of one source (the million-router torus: 0.62-0.75 s against
// 0.74-0.93 s, BenchmarkDistanceTorusMillion), a batch of a few sources
// less than as many plain searches.
const bitOrbits = 4

// DistancesByOrbit computes what Distances computes, with one
// breadth-first search per orbit instead of one per router: orbit[r] is
// the orbit of router r (0 .. m-1), and the routers of one orbit must be
// mapped onto one another by automorphisms of g that preserve conc (the
// caller's claim: a torus, a hypercube or a Cayley graph has one orbit).
// The statistics of an orbit's first router are those of every router in
// it, so the results equal Distances' when the claim holds; a conc that
// differs within an orbit is an error wrapping ErrOrbitEndpoints.
//
// With few orbits (below bitOrbits) each is one plain breadth-first
// search, O(links): a million-router torus takes tens of milliseconds.
// With more, the orbits' first routers are the sources of Distances'
// bit-parallel search on workers goroutines (runtime.GOMAXPROCS(0) if
// workers <= 0), each counted as many times as its orbit has routers: the
// cost falls with the number of orbits from that of Distances (a
// Dragonfly's mirror pairs halve it).
func DistancesByOrbit(ctx context.Context, g *Graph, conc []int32, orbit []int32, workers int) (*DistanceStats, error) {
	n := g.N()
	if len(orbit) != n || (conc != nil && len(conc) != n) {
		return nil, fmt.Errorf("graph: distances by orbit: %d orbit entries and %d concentrations for %d routers", len(orbit), len(conc), n)
	}
	concOf := func(r int32) int64 {
		if conc == nil {
			return 1
		}
		return int64(conc[r])
	}
	// The first router and size of each orbit.
	var rep []int32
	var size []int64
	for r := int32(0); int(r) < n; r++ {
		o := orbit[r]
		if o < 0 || int(o) > len(rep) {
			return nil, fmt.Errorf("graph: distances by orbit: router %d has orbit %d; orbits must be numbered 0, 1, ... in order of first router", r, o)
		}
		if int(o) == len(rep) {
			rep = append(rep, r)
			size = append(size, 0)
		}
		size[o]++
		if c := concOf(r); c < 0 || c != concOf(rep[o]) {
			return nil, fmt.Errorf("graph: distances by orbit: routers %d and %d of orbit %d have %d and %d endpoints: %w", rep[o], r, o, concOf(rep[o]), c, ErrOrbitEndpoints)
		}
	}
	if len(rep) >= bitOrbits {
		stats, err := distances(ctx, g, conc, rep, size, workers, levelAuto)
		if err != nil {
			return nil, err
		}
		for r, o := range orbit {
			stats.Ecc[r] = stats.Ecc[rep[o]]
		}
		return stats, nil
	}
	stats := &DistanceStats{Diameter: -1, Ecc: make([]int32, n)}
	if n == 0 {
		return stats, nil
	}
	stats.Diameter = 0
	dist := make([]int32, n)
	queue := make([]int32, 0, n)
	ecc := make([]int32, len(rep))
	for o, s := range rep {
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue = append(queue[:0], s)
		var hist, ephist []int64
		add := func(d int32, routers, endpoints int64) {
			for int(d) >= len(hist) {
				hist, ephist = append(hist, 0), append(ephist, 0)
			}
			hist[d] += routers
			ephist[d] += endpoints
		}
		cs := concOf(s)
		add(0, 0, cs*(cs-1))
		reached := int64(1)
		for h := 0; h < len(queue); h++ {
			if h%stopBlock == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			u := queue[h]
			for _, v := range g.Neighbors(u) {
				if dist[v] >= 0 {
					continue
				}
				dist[v] = dist[u] + 1
				queue = append(queue, v)
				reached++
				add(dist[v], 1, cs*concOf(v))
			}
		}
		ecc[o] = int32(len(hist) - 1)
		stats.Diameter = max(stats.Diameter, len(hist)-1)
		w := size[o]
		for len(stats.Hist) < len(hist) {
			stats.Hist, stats.EndpointHist = append(stats.Hist, 0), append(stats.EndpointHist, 0)
		}
		for d := range hist {
			stats.Hist[d] += w * hist[d]
			stats.EndpointHist[d] += w * ephist[d]
		}
		stats.Unreachable += w * (int64(n) - reached)
	}
	for r := range stats.Ecc {
		stats.Ecc[r] = ecc[orbit[r]]
	}
	return stats, nil
}
