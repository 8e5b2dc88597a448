package analysis

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Demand is traffic from router Src to router Dst: Amount units (for
// example the number of endpoints of Src that send to endpoints of Dst, each
// injecting one unit).
type Demand struct {
	Src, Dst int32
	Amount   float64
}

// MatrixLoads returns the load of every directed channel (indexed as
// g.Adj, as in LoadStats.Loads) when each demand is split evenly over the
// minimal router paths from its source to its destination (SplitMinimal),
// and the amount of the demands whose routers no path joins. Demands of a
// router to itself use no channel. The loads of a permutation pattern under
// minimal routing: the busiest channel bounds the accepted load of every
// endpoint at 1/max(loads) of its injection rate.
func MatrixLoads(ctx context.Context, g *graph.Graph, demands []Demand) (loads []float64, unreachable float64, err error) {
	n := g.N()
	for _, d := range demands {
		if d.Src < 0 || int(d.Src) >= n || d.Dst < 0 || int(d.Dst) >= n || !(d.Amount >= 0) {
			return nil, 0, fmt.Errorf("analysis: matrix loads: demand %+v outside %d routers or not a non-negative amount", d, n)
		}
	}
	ds := slices.Clone(demands)
	slices.SortStableFunc(ds, func(a, b Demand) int { return cmp.Compare(a.Src, b.Src) })
	done := ctx.Done()
	sc := newLoadScratch(done, n)
	if sc == nil {
		return nil, 0, ctx.Err()
	}
	loads = make([]float64, len(g.Adj))
	dem := make([]float64, n)
	for lo := 0; lo < len(ds); {
		s := ds[lo].Src
		hi := lo
		for hi < len(ds) && ds[hi].Src == s {
			hi++
		}
		if !sc.bfs(done, g, s, true) {
			return nil, 0, ctx.Err()
		}
		for _, d := range ds[lo:hi] {
			switch {
			case d.Dst == s:
			case sc.dist[d.Dst] < 0:
				unreachable += d.Amount
			default:
				dem[d.Dst] += d.Amount
			}
		}
		if !sc.splitDemand(done, g, s, nil, dem, loads) {
			return nil, 0, ctx.Err()
		}
		for _, d := range ds[lo:hi] {
			dem[d.Dst] = 0
		}
		lo = hi
	}
	return loads, unreachable, nil
}

// splitDemand adds to loads the traffic from s to every router v != s,
// split evenly over the minimal paths of the breadth-first search of s that
// sc holds (bfs with counting; Brandes-style dependency accumulation), and
// resets the scratch arrays. The traffic is dem[v], or with dem nil that of
// uniform traffic, conc[s]*conc[v]. It returns false, leaving the arrays
// dirty and loads partial, as soon as done is closed.
func (sc *loadScratch) splitDemand(done <-chan struct{}, g *graph.Graph, s int32, conc []int32, dem []float64, loads []float64) bool {
	dist, sigma, ratio, adj := sc.dist, sc.sigma, sc.acc, g.Adj
	deepest := dist[sc.queue[len(sc.queue)-1]]
	var cs float64
	if dem == nil {
		cs = float64(conc[s])
	}
	for k := len(sc.queue) - 1; k >= 0; k-- {
		if k%stopBlock == 0 && stop.Requested(done) {
			return false
		}
		v := sc.queue[k]
		d := 0.0 // traffic from s through or to v
		switch {
		case v == s:
		case dem != nil:
			d = dem[v]
		default:
			d = cs * float64(conc[v])
		}
		dn, sv := dist[v]+1, sigma[v]
		if dn <= deepest {
			lo, hi := g.Off[v], g.Off[v+1]
			for i := lo; i < hi; {
				w := adj[i]
				j := i + 1
				for j < hi && adj[j] == w {
					j++
				}
				if dist[w] == dn && ratio[w] != 0 {
					f := sv * ratio[w]
					d += f
					f /= float64(j - i) // parallel channels share it
					for c := i; c < j; c++ {
						loads[c] += f
					}
				}
				i = j
			}
		}
		ratio[v] = d / sv
	}
	for _, v := range sc.queue {
		dist[v] = -1
		sigma[v] = 0
		ratio[v] = 0
	}
	return true
}
