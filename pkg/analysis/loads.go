package analysis

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Routing selects how ChannelLoads routes a flow over the minimal paths
// between its routers.
type Routing uint8

// Routings.
const (
	// SplitMinimal splits every flow evenly over all minimal router paths
	// from its source router to its destination router: each of the
	// sigma(s, t) paths carries 1/sigma(s, t) of it (Brandes-style
	// dependency accumulation on the breadth-first search DAG of s).
	SplitMinimal Routing = iota
	// SmallestNextHop sends every flow along one deterministic minimal
	// path: at every router v the next hop toward destination t is the
	// smallest-id neighbour of v one hop closer to t. The paths toward t
	// form a tree, so the routing is destination-based (a routing table per
	// router).
	SmallestNextHop
	// GroupMinimal splits every flow evenly over the shortest router paths
	// that cross at most one link between groups (LoadOptions.Groups): for
	// a Dragonfly, the local-global-local paths of its minimal routing
	// (Kim, Dally, Scott and Abts, ISCA 2008), whose global link between
	// two groups is the only one a packet takes. Paths through a third
	// group, as short in hops, are not used. A router pair that no such
	// path joins counts as unreachable.
	GroupMinimal
)

// String returns "split", "smallest_next_hop" or "group_minimal".
func (r Routing) String() string {
	switch r {
	case SplitMinimal:
		return "split"
	case SmallestNextHop:
		return "smallest_next_hop"
	case GroupMinimal:
		return "group_minimal"
	}
	return fmt.Sprintf("routing(%d)", r)
}

// LoadOptions configures ChannelLoads.
type LoadOptions struct {
	Routing Routing
	// Groups is the group of every router, for GroupMinimal (a link
	// between routers of different groups is a global link).
	Groups []int32
	// KeepLoads makes ChannelLoads return the load of every channel in
	// LoadStats.Loads.
	KeepLoads bool
	// Workers is the number of goroutines; <= 0 means runtime.GOMAXPROCS(0).
	Workers int
}

// LoadStats is the channel load analysis of uniform traffic under minimal
// routing.
//
// Traffic: every ordered pair of distinct endpoints (e, f) on different
// routers joined by a path sends one unit, so the ordered router pair (s, t)
// carries conc[s]*conc[t] units (pairs on the same router use no network
// channel). Each undirected link is two directed channels, one per
// direction; channel i (0 <= i < len(g.Adj)) leaves router v, Off[v] <= i <
// Off[v+1], and enters router Adj[i]. A flow crossing from v to w is split
// evenly over the parallel channels from v to w.
//
// Utilization (Camarero et al., Projective Networks, section 2.1): at the
// saturation point the most loaded channel is busy every cycle and "the
// network links will have an average utilization u in (0, 1]", the average
// channel load over the maximum channel load; G is well-balanced if u = 1
// (every edge-transitive graph is). The average is over all channels,
// including unused ones. Scaling conc by a constant scales every load by its
// square, so u does not depend on a uniform concentration; a non-uniform
// one (routers without endpoints) changes it.
type LoadStats struct {
	Routing Routing
	// Loads[i] is the load of channel i in units per endpoint pair (nil
	// unless LoadOptions.KeepLoads).
	Loads []float64
	// Channels is the number of directed channels, len(g.Adj) = 2|E|.
	Channels int64
	// Routers is the number of routers N; Endpoints the total T = sum conc.
	Routers, Endpoints int64
	// Flows is the number of ordered endpoint pairs on distinct routers
	// joined by a path: sum of conc[s]*conc[t]; UnreachableFlows those
	// with no path.
	Flows, UnreachableFlows int64
	// TotalLoad is the sum of the channel loads, equal to Flows*AvgDistance
	// up to rounding.
	TotalLoad float64
	// AvgLoad = TotalLoad/Channels; MaxLoad and MinLoad are the largest and
	// smallest channel loads.
	AvgLoad, MaxLoad, MinLoad float64
	// Utilization is u = AvgLoad/MaxLoad (eq. (1) of the projective networks
	// paper and the text before it), computed as TotalLoad/(Channels*MaxLoad)
	// with a single rounding (exact for integer loads); 0 without traffic.
	Utilization float64
	// AvgDistance is kbar, the average router-to-router hop count of the
	// flows (each ordered router pair weighted by conc[s]*conc[t]; the
	// average router distance when conc is uniform), computed exactly from
	// integer sums.
	AvgDistance float64
	// CostRatio is kbar/u, the measure of cost per compute node of eq. (2)
	// (C_node = c_i + c_t*kbar/u + c_r*(1 + kbar/u)/R) plotted in Fig. 6;
	// the issue calls it k/u. 0 without traffic.
	CostRatio float64
	// Degree is Delta = Channels/Routers, the average network degree (2|E| =
	// N*Delta for a Delta-regular graph, section 2).
	Degree float64
	// BalancedConc is eq. (1) with equality, Delta_0 = u*Delta/kbar: the
	// endpoints per router that a direct network with the same number of
	// endpoints on every router serves at the saturation point; a fraction
	// (round it as the design requires). 0 without traffic.
	BalancedConc float64
	// MaxInjectionLoad is the largest channel load when every endpoint
	// injects 1 unit per cycle (one channel's bandwidth) spread uniformly
	// over the other T-1 endpoints (those on its own router included, which
	// use no network channel): MaxLoad/(T-1), in units of channel bandwidth.
	MaxInjectionLoad float64
	// SaturationRate is 1/MaxInjectionLoad: the injection rate per endpoint,
	// as a fraction of its injection bandwidth, at which the most loaded
	// channel saturates (+Inf without traffic).
	SaturationRate float64
	// Throughput is min(1, SaturationRate): the fraction of the injection
	// bandwidth that uniform traffic can sustain with this routing, ideal
	// routers and channels as fast as injection links.
	Throughput float64
}

// BalancedConc returns Delta_0 = u*Delta/kbar, the number of endpoints per
// router at which a network of degree delta, link utilization u and average
// distance avgDist saturates (eq. (1) of the projective networks paper with
// equality; Table 3 lists it per topology).
func BalancedConc(u, delta, avgDist float64) float64 { return u * delta / avgDist }

// blockRoots is the number of roots whose channel loads are summed in one
// block: the blocks partition the roots independently of the number of
// workers, each block is summed in root order and the blocks are added in
// block order, so the floating-point result is bit-identical for any number
// of workers.
const blockRoots = 128

// loadBlock is the result of one block of roots.
type loadBlock struct {
	idx                          int
	buf                          []float64
	flows, unreachableFlows, hop int64
}

// ChannelLoads computes the load of every directed channel of g (conc[r]
// endpoints on router r; nil means one per router) under uniform traffic
// routed minimally as opt.Routing says, and the figures derived from it (see
// LoadStats).
//
// SplitMinimal runs a breadth-first search from every source router s with
// conc[s] > 0, counting minimal paths sigma, then walks the routers in
// reverse BFS order accumulating D(v), the traffic from s that reaches v
// (destined to v or beyond): D(v) = conc[s]*conc[v] + sum over the
// successors w of v of sigma(v)*D(w)/sigma(w), the last term being the load
// added to the channels from v to w. SmallestNextHop runs a search from
// every destination t with conc[t] > 0, recording the smallest-id
// predecessor of every router, and pushes F(v) = conc[v]*conc[t] + the
// inflow of v to that next hop in reverse BFS order. Both take O(N*(N+E))
// time at worst; a search stops as soon as every router is found and none
// is deeper (in a diameter-2 graph it scans only the links of the root and
// its neighbours). Roots are spread over opt.Workers goroutines in fixed
// blocks of 128 (see blockRoots) whose sums are added in block order, so the
// result does not depend on the number of workers. ctx is checked before
// every root and every stopBlock routers of a search or of its
// accumulation (one root of a graph of millions of routers takes seconds).
//
// Precision: path counts are float64 here (exact below 2^53 paths, never
// overflowing in practice), so split loads carry rounding errors of order
// 1e-16 relative; loads made only of unique paths (or SmallestNextHop
// without parallel links) are sums of integers, exact below 2^53.
func ChannelLoads(ctx context.Context, g *graph.Graph, conc []int32, opt LoadOptions) (*LoadStats, error) {
	conc, err := checkInput("channel loads", g, conc)
	if err != nil {
		return nil, err
	}
	n := g.N()
	switch opt.Routing {
	case SplitMinimal, SmallestNextHop:
	case GroupMinimal:
		if len(opt.Groups) != n {
			return nil, fmt.Errorf("analysis: channel loads: group_minimal routing needs the group of each of the %d routers, got %d", n, len(opt.Groups))
		}
	default:
		return nil, fmt.Errorf("analysis: channel loads: unknown routing %v", opt.Routing)
	}
	var totalConc int64
	for _, c := range conc {
		totalConc += int64(c)
	}
	done := ctx.Done()
	var cross []int32
	if opt.Routing == GroupMinimal {
		if cross = crossings(done, g, opt.Groups); cross == nil {
			return nil, ctx.Err()
		}
	}
	nb := (n + blockRoots - 1) / blockRoots
	workers := numWorkers(opt.Workers, nb)
	// At most nbuf block buffers exist. The workers make them as they
	// need them, after checking ctx, and clear a recycled one by pieces,
	// checking ctx: on a graph of millions of links, allocating or clearing
	// a buffer takes tens of milliseconds (seconds where page faults are
	// slow).
	nbuf := 2 * workers
	free := make(chan []float64, nbuf)
	var made atomic.Int64
	take := func() (buf []float64, ok bool) {
		select {
		case buf = <-free:
		default:
			if made.Add(1) <= int64(nbuf) {
				return make([]float64, len(g.Adj)), true // zero
			}
			buf = <-free
		}
		for lo := 0; lo < len(buf); lo += stopBlock * 16 {
			if stop.Requested(done) {
				return buf, false
			}
			clear(buf[lo:min(lo+stopBlock*16, len(buf))])
		}
		return buf, true
	}
	results := make(chan loadBlock, nbuf)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var sc *loadScratch
			var gs *groupScratch
			if opt.Routing == GroupMinimal {
				gs = newGroupScratch(done, n)
			} else {
				sc = newLoadScratch(done, n)
			}
			if gs == nil && sc == nil { // cancelled
				return
			}
			for {
				// Take a buffer before claiming a block: the lowest
				// unmerged block is then always being computed, so the
				// ordered merge below cannot starve.
				if stop.Requested(done) {
					return
				}
				buf, ok := take()
				b := int(next.Add(1)) - 1
				if b >= nb || !ok || stop.Requested(done) {
					free <- buf
					return
				}
				res := loadBlock{idx: b, buf: buf}
				for r := b * blockRoots; r < min((b+1)*blockRoots, n); r++ {
					if conc[r] == 0 {
						continue
					}
					var f, u, h int64
					ok := false
					switch opt.Routing {
					case SplitMinimal:
						f, u, h, ok = sc.split(done, g, conc, totalConc, int32(r), buf)
					case SmallestNextHop:
						f, u, h, ok = sc.nextHop(done, g, conc, totalConc, int32(r), buf)
					default:
						f, u, h, ok = gs.split(done, g, cross, conc, totalConc, int32(r), buf)
					}
					if !ok {
						// Cancelled: the scratch arrays are dirty and the
						// block partial; it is still sent (the ordered merge
						// needs every claimed block) and the worker stops.
						break
					}
					res.flows += f
					res.unreachableFlows += u
					res.hop += h
				}
				results <- res
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var loads []float64 // made at the first merge
	pending := make([]*loadBlock, nb)
	merged := 0
	var flows, unreach, hops int64
	for res := range results {
		pending[res.idx] = &res
		for merged < nb && pending[merged] != nil {
			p := pending[merged]
			pending[merged] = nil
			if !stop.Requested(done) { // cancelled: only recycle the buffer
				if loads == nil {
					loads = make([]float64, len(g.Adj))
				}
				for i, x := range p.buf {
					loads[i] += x
				}
			}
			flows += p.flows
			unreach += p.unreachableFlows
			hops += p.hop
			free <- p.buf
			merged++
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if merged < nb {
		return nil, fmt.Errorf("analysis: channel loads: %d of %d blocks merged", merged, nb)
	}
	if loads == nil { // no block
		loads = make([]float64, len(g.Adj))
	}
	st := &LoadStats{
		Routing:          opt.Routing,
		Channels:         int64(len(g.Adj)),
		Routers:          int64(n),
		Endpoints:        totalConc,
		Flows:            flows,
		UnreachableFlows: unreach,
		SaturationRate:   math.Inf(1),
		Throughput:       1,
	}
	st.fill(loads, hops)
	if opt.KeepLoads {
		st.Loads = loads
	}
	return st, nil
}

// fill computes the summary figures from the channel loads and the integer
// hop sum.
func (st *LoadStats) fill(loads []float64, hops int64) {
	if len(loads) > 0 {
		st.MinLoad = math.Inf(1)
	}
	for _, x := range loads {
		st.TotalLoad += x
		st.MaxLoad = max(st.MaxLoad, x)
		st.MinLoad = min(st.MinLoad, x)
	}
	if st.Channels > 0 {
		st.AvgLoad = st.TotalLoad / float64(st.Channels)
	}
	if st.Routers > 0 {
		st.Degree = float64(st.Channels) / float64(st.Routers)
	}
	if st.Flows == 0 || st.MaxLoad == 0 {
		return
	}
	st.AvgDistance = float64(hops) / float64(st.Flows)
	// One rounding: exact for integer loads, and invariant under a uniform
	// concentration (TotalLoad and MaxLoad both scale by c^2).
	st.Utilization = st.TotalLoad / (float64(st.Channels) * st.MaxLoad)
	st.CostRatio = st.AvgDistance / st.Utilization
	st.BalancedConc = BalancedConc(st.Utilization, st.Degree, st.AvgDistance)
	st.MaxInjectionLoad = st.MaxLoad / float64(st.Endpoints-1)
	st.SaturationRate = 1 / st.MaxInjectionLoad
	st.Throughput = min(1, st.SaturationRate)
}

// loadScratch holds one worker's per-root arrays. dist is -1, sigma and acc
// are 0 everywhere between roots.
type loadScratch struct {
	dist  []int32
	sigma []float64 // minimal path counts (split)
	acc   []float64 // D(v)/sigma(v) (split) or the inflow F(v) (next hop)
	pred  []int32   // next hop: the smallest-id neighbour one hop closer
	queue []int32
	// unvisited is the bottom-up search's list of routers not yet found.
	unvisited []int32
}

// newLoadScratch returns a worker's arrays for n routers, or nil if done is
// closed before they are ready.
func newLoadScratch(done <-chan struct{}, n int) *loadScratch {
	sc := &loadScratch{
		dist:      make([]int32, n),
		sigma:     make([]float64, n),
		acc:       make([]float64, n),
		pred:      make([]int32, n),
		queue:     make([]int32, 0, n),
		unvisited: make([]int32, 0, n),
	}
	if !fill(done, sc.dist, -1) {
		return nil
	}
	return sc
}

// bfs fills dist from r, sigma (the minimal path counts) if count, else
// pred (the smallest-id neighbour one hop closer to r), and sc.queue with the
// reached routers in BFS order. It stops as soon as every router is found
// and no deeper one remains. Without counting it is
// direction-optimizing (Beamer, Asanovic and Patterson, SC12): a level is
// expanded bottom-up (every router not yet found looks for a neighbour on
// the frontier and stops at the first) when the routers not yet found have
// fewer links than the frontier. Counting needs every frontier link, so it
// always expands top-down. It returns false, leaving the scratch arrays
// dirty, as soon as done is closed (checked every stopBlock routers).
func (sc *loadScratch) bfs(done <-chan struct{}, g *graph.Graph, r int32, count bool) bool {
	dist, sigma, pred := sc.dist, sc.sigma, sc.pred
	adj, off := g.Adj, g.Off
	n := len(dist)
	q := append(sc.queue[:0], r)
	dist[r] = 0
	sigma[r] = 1
	unvisitedLinks := int64(len(adj)) - int64(off[r+1]-off[r])
	frontierLinks := int64(off[r+1] - off[r])
	haveList := false
	unvisited := sc.unvisited
	for lo, d := 0, int32(0); lo < len(q) && len(q) < n; d++ {
		hi := len(q)
		dn := d + 1
		if !count && unvisitedLinks < frontierLinks {
			if !haveList {
				unvisited = unvisited[:0]
				for v := range n {
					if dist[v] < 0 {
						unvisited = append(unvisited, int32(v))
					}
				}
				haveList = true
			}
			left := unvisited[:0]
			for i, u := range unvisited {
				if i%stopBlock == 0 && stop.Requested(done) {
					return false
				}
				if dist[u] >= 0 {
					continue // found top-down after the list was made
				}
				found := false
				for _, w := range adj[off[u]:off[u+1]] {
					if dist[w] == d { // sorted: the smallest id
						pred[u] = w
						found = true
						break
					}
				}
				if !found {
					left = append(left, u)
					continue
				}
				dist[u] = dn
				q = append(q, u)
			}
			unvisited = left
		} else {
			for i, v := range q[lo:hi] {
				if i%stopBlock == 0 && stop.Requested(done) {
					return false
				}
				sv := sigma[v]
				prev := int32(-1)
				for _, w := range adj[off[v]:off[v+1]] {
					if w == prev {
						continue
					}
					prev = w
					if dist[w] < 0 { // rare: first visit
						dist[w] = dn
						pred[w] = v
						q = append(q, w)
					}
					// Branch-free (the comparison is unpredictable in
					// random graphs): when w is one hop farther than v,
					// add sv to its count or take v as its predecessor if
					// smaller.
					m := eqMask(dist[w], dn)
					if count {
						sigma[w] += math.Float64frombits(math.Float64bits(sv) & m)
					} else {
						p := uint32(pred[w])
						pred[w] = int32(p ^ ((p ^ uint32(min(pred[w], v))) & uint32(m)))
					}
				}
			}
		}
		frontierLinks = 0
		for _, v := range q[hi:] {
			frontierLinks += int64(off[v+1] - off[v])
		}
		unvisitedLinks -= frontierLinks
		lo = hi
	}
	sc.queue = q
	sc.unvisited = unvisited
	return true
}

// flowCounts returns the flows from (or to) root r, the unreachable flows and
// the hop sum, integers from the BFS of r.
func (sc *loadScratch) flowCounts(conc []int32, totalConc int64) (flows, unreach, hops int64) {
	r := sc.queue[0]
	cr := int64(conc[r])
	var reached int64
	for _, v := range sc.queue[1:] {
		c := int64(conc[v])
		reached += c
		hops += c * int64(sc.dist[v])
	}
	return cr * reached, cr * (totalConc - cr - reached), cr * hops
}

// split adds the loads of the traffic from source s, split evenly over the
// minimal paths, to loads. It returns ok = false, leaving the scratch arrays
// dirty and loads partial, as soon as done is closed.
func (sc *loadScratch) split(done <-chan struct{}, g *graph.Graph, conc []int32, totalConc int64, s int32, loads []float64) (flows, unreach, hops int64, ok bool) {
	if !sc.bfs(done, g, s, true) {
		return 0, 0, 0, false
	}
	flows, unreach, hops = sc.flowCounts(conc, totalConc)
	if !sc.splitDemand(done, g, s, conc, nil, loads) {
		return 0, 0, 0, false
	}
	return flows, unreach, hops, true
}

// nextHop adds the loads of the traffic toward destination t, each source
// router sending along its smallest-id next hops, to loads. It returns ok =
// false, leaving the scratch arrays dirty and loads partial, as soon as done
// is closed.
func (sc *loadScratch) nextHop(done <-chan struct{}, g *graph.Graph, conc []int32, totalConc int64, t int32, loads []float64) (flows, unreach, hops int64, ok bool) {
	if !sc.bfs(done, g, t, false) {
		return 0, 0, 0, false
	}
	flows, unreach, hops = sc.flowCounts(conc, totalConc)
	in, adj := sc.acc, g.Adj
	ct := float64(conc[t])
	for k := len(sc.queue) - 1; k >= 1; k-- {
		if k%stopBlock == 0 && stop.Requested(done) {
			return 0, 0, 0, false
		}
		v := sc.queue[k]
		f := in[v] + ct*float64(conc[v])
		if f == 0 {
			continue
		}
		w := sc.pred[v]
		// The first channel from v to w: binary search in the sorted list.
		lo, hi := g.Off[v], g.Off[v+1]
		for a, b := lo, hi; a < b; {
			if mid := int32(uint32(a+b) >> 1); adj[mid] < w {
				a = mid + 1
				lo = a
			} else {
				b = mid
			}
		}
		i := lo
		j := i + 1
		for j < hi && adj[j] == w {
			j++
		}
		in[w] += f
		if j == i+1 {
			loads[i] += f
		} else {
			fc := f / float64(j-i)
			for c := i; c < j; c++ {
				loads[c] += fc
			}
		}
	}
	for _, v := range sc.queue {
		sc.dist[v] = -1
		sc.sigma[v] = 0
		in[v] = 0
	}
	return flows, unreach, hops, true
}
