package analysis

import (
	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// groupScratch holds one worker's per-root arrays for GroupMinimal: two
// states per router, (v, 0) before and (v, 1) after crossing a link between
// groups, at index 2v+c. dist is -1, sigma and ratio 0 between roots.
type groupScratch struct {
	dist  []int32
	sigma []float64
	ratio []float64 // D(state)/sigma(state)
	queue []int32   // states in BFS order
}

// newGroupScratch returns a worker's arrays for n routers, or nil if done
// is closed before they are ready.
func newGroupScratch(done <-chan struct{}, n int) *groupScratch {
	sc := &groupScratch{
		dist:  make([]int32, 2*n),
		sigma: make([]float64, 2*n),
		ratio: make([]float64, 2*n),
		queue: make([]int32, 0, 2*n),
	}
	if !fill(done, sc.dist, -1) {
		return nil
	}
	return sc
}

// crossings returns, for every channel of g, whether it joins routers of
// different groups (1) or not (0); nil if done is closed first.
func crossings(done <-chan struct{}, g *graph.Graph, group []int32) []int32 {
	cross := make([]int32, len(g.Adj))
	for v := 0; v < g.N(); v++ {
		if v%stopBlock == 0 && stop.Requested(done) {
			return nil
		}
		for i := g.Off[v]; i < g.Off[v+1]; i++ {
			if group[v] != group[g.Adj[i]] {
				cross[i] = 1
			}
		}
	}
	return cross
}

// split adds the loads of the traffic from source s, split evenly over the
// shortest paths that cross at most one link between groups, to loads. A
// router reached in both states at the same distance takes its traffic in
// proportion to their path counts. It returns ok = false, leaving the
// scratch arrays dirty and loads partial, as soon as done is closed
// (checked every stopBlock states).
func (sc *groupScratch) split(done <-chan struct{}, g *graph.Graph, cross []int32, conc []int32, totalConc int64, s int32, loads []float64) (flows, unreach, hops int64, ok bool) {
	dist, sigma, ratio, adj, off := sc.dist, sc.sigma, sc.ratio, g.Adj, g.Off
	q := append(sc.queue[:0], 2*s)
	dist[2*s], sigma[2*s] = 0, 1
	// Level by level; once every router is reached in some state, the
	// states of the next level cannot end or continue a shortest route, so
	// the search stops there (as the plain search does).
	n, found := int32(g.N()), int32(1)
	for lo := 0; lo < len(q) && found < n; {
		hi := len(q)
		for i, x := range q[lo:hi] {
			if i%stopBlock == 0 && stop.Requested(done) {
				return 0, 0, 0, false
			}
			v, c, dn, sx := x>>1, x&1, dist[x]+1, sigma[x]
			prev := int32(-1)
			for i := off[v]; i < off[v+1]; i++ {
				w := adj[i]
				if w == prev || c&cross[i] != 0 {
					continue // a parallel link (one hop), or a second global link
				}
				prev = w
				y := 2*w + (c | cross[i])
				if dist[y] < 0 {
					if dist[y^1] < 0 {
						found++
					}
					dist[y] = dn
					q = append(q, y)
				}
				if dist[y] == dn {
					sigma[y] += sx
				}
			}
		}
		lo = hi
	}
	sc.queue = q
	deepest := dist[q[len(q)-1]]
	// dmin(t) and the demand at each state: the flow s -> t ends in the
	// states of t at distance dmin(t), shared by their path counts.
	cs := int64(conc[s])
	var reached int64
	minDist := func(t int32) int32 {
		d0, d1 := dist[2*t], dist[2*t+1]
		switch {
		case d0 < 0:
			return d1
		case d1 < 0 || d0 <= d1:
			return d0
		}
		return d1
	}
	demand := func(x int32) float64 {
		t := x >> 1
		if t == s {
			return 0
		}
		m := minDist(t)
		if dist[x] != m {
			return 0
		}
		tot := 0.0
		for c := int32(0); c < 2; c++ {
			if dist[2*t+c] == m {
				tot += sigma[2*t+c]
			}
		}
		return float64(cs) * float64(conc[t]) * sigma[x] / tot
	}
	for t := int32(0); t < int32(g.N()); t++ {
		if t == s {
			continue
		}
		if m := minDist(t); m >= 0 {
			reached += int64(conc[t])
			hops += cs * int64(conc[t]) * int64(m)
		}
	}
	flows, unreach = cs*reached, cs*(totalConc-cs-reached)
	for k := len(q) - 1; k >= 0; k-- {
		if k%stopBlock == 0 && stop.Requested(done) {
			return 0, 0, 0, false
		}
		x := q[k]
		v, c, dn, sx := x>>1, x&1, dist[x]+1, sigma[x]
		d := demand(x)
		if dn > deepest { // no successors
			ratio[x] = d / sx
			continue
		}
		lo, hi := off[v], off[v+1]
		for i := lo; i < hi; {
			w := adj[i]
			j := i + 1
			for j < hi && adj[j] == w {
				j++
			}
			if y := 2*w + (c | cross[i]); c&cross[i] == 0 && dist[y] == dn && ratio[y] != 0 {
				f := sx * ratio[y]
				d += f
				fc := f / float64(j-i)
				for c := i; c < j; c++ {
					loads[c] += fc
				}
			}
			i = j
		}
		ratio[x] = d / sx
	}
	for _, x := range q {
		dist[x], sigma[x], ratio[x] = -1, 0, 0
	}
	return flows, unreach, hops, true
}
