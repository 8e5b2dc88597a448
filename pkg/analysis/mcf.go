package analysis

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/runexp/runexp/pkg/graph"
)

// ConcurrentFlow brackets the maximum concurrent flow of a traffic matrix:
// the largest lambda such that lambda times every demand can be routed at
// once, over any paths, with every directed channel (each direction of a
// link) carrying at most one unit. It is the throughput of the matrix
// under the best possible routing (Jellyfish and Xpander measure networks
// by it), against which a routing's channel-load bound can be compared.
type ConcurrentFlow struct {
	// Lower is the lambda of a flow actually built (feasible): the
	// demands routed by the completed phases, scaled to the busiest channel.
	Lower float64
	// Upper is the smallest dual bound found: for channel lengths l,
	// lambda <= sum of l over the channels / sum over the demands of demand
	// times its l-shortest path length (with l = 1: the hop-distance bound).
	Upper float64
	// DistanceBound is that bound for unit lengths: channels / (demand x
	// hops), exact for edge-transitive graphs under uniform traffic.
	DistanceBound float64
	Phases        int // completed phases of the approximation
}

// MaxConcurrentFlow computes Garg and Konemann's (1 - epsilon)-approximation
// of the maximum concurrent flow with Fleischer's grouping of the demands
// by source (one shortest-path tree per source and step): lengths grow
// exponentially on the channels the flow uses, and the run ends when the
// lengths' total reaches 1. It returns the feasible flow's lambda and the
// best dual bound, which bracket the optimum; epsilon in (0, 0.5]. A phase
// costs one Dijkstra search per source (or a few), and about
// ln(m)/epsilon^2 phases are needed for m channels: seconds for a hundred
// routers at epsilon = 0.1.
func MaxConcurrentFlow(ctx context.Context, g *graph.Graph, demands []Demand, epsilon float64) (ConcurrentFlow, error) {
	var res ConcurrentFlow
	n := g.N()
	m := len(g.Adj)
	if !(epsilon > 0 && epsilon <= 0.5) {
		return res, fmt.Errorf("analysis: concurrent flow epsilon %g outside (0, 0.5]", epsilon)
	}
	if m == 0 {
		return res, fmt.Errorf("analysis: concurrent flow on a graph without links")
	}
	// Demands by source (self-demands need no network).
	bySrc := map[int32][]Demand{}
	var srcs []int32
	total := 0.0
	for _, d := range demands {
		if d.Src == d.Dst || d.Amount <= 0 {
			continue
		}
		if d.Src < 0 || int(d.Src) >= n || d.Dst < 0 || int(d.Dst) >= n {
			return res, fmt.Errorf("analysis: demand %d -> %d outside the %d routers", d.Src, d.Dst, n)
		}
		if _, ok := bySrc[d.Src]; !ok {
			srcs = append(srcs, d.Src)
		}
		bySrc[d.Src] = append(bySrc[d.Src], d)
		total += d.Amount
	}
	if total == 0 {
		return res, fmt.Errorf("analysis: no demand between distinct routers")
	}
	sort.Slice(srcs, func(i, j int) bool { return srcs[i] < srcs[j] })

	sp := newDijkstra(g)
	// The hop-distance bound, and the scale that makes lambda about 1.
	hopSum := 0.0
	ones := make([]float64, m)
	for i := range ones {
		ones[i] = 1
	}
	for _, s := range srcs {
		sp.run(s, ones)
		for _, d := range bySrc[s] {
			if math.IsInf(sp.dist[d.Dst], 1) {
				return res, fmt.Errorf("analysis: router %d cannot reach router %d", d.Src, d.Dst)
			}
			hopSum += d.Amount * sp.dist[d.Dst]
		}
	}
	res.DistanceBound = float64(m) / hopSum
	res.Upper = res.DistanceBound
	scale := res.DistanceBound // demands times scale: lambda* <= 1

	delta := (1 + epsilon) * math.Pow((1+epsilon)*float64(m), -1/epsilon)
	length := make([]float64, m)
	for i := range length {
		length[i] = delta
	}
	D := delta * float64(m)
	flow := make([]float64, m) // flow of the current (unfinished) phase
	done := make([]float64, m) // flow of the completed phases
	rem := make([]float64, n)
	sub := make([]float64, n)
	for D < 1 {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		complete := true
		for _, s := range srcs {
			left := 0.0
			for _, d := range bySrc[s] {
				rem[d.Dst] += d.Amount * scale
				left += d.Amount * scale
			}
			for left > 1e-12*scale && D < 1 {
				sp.run(s, length)
				// The load of the tree arc into v is the remaining demand of
				// v's subtree: children are settled after their parents, so
				// a reverse pass sums them.
				for i := len(sp.order) - 1; i >= 0; i-- {
					v := sp.order[i]
					sub[v] += rem[v]
					if a := sp.parent[v]; a >= 0 {
						sub[g.Adj[sp.rev[a]]] += sub[v] // the tail of a
					}
				}
				// Route the largest fraction f that fills no channel beyond
				// its capacity in this step.
				f := 1.0
				for _, v := range sp.order {
					if sp.parent[v] >= 0 && sub[v] > 0 {
						f = math.Min(f, 1/sub[v])
					}
				}
				for _, v := range sp.order {
					if a := sp.parent[v]; a >= 0 && sub[v] > 0 {
						x := f * sub[v]
						flow[a] += x
						old := length[a]
						length[a] *= 1 + epsilon*x
						D += length[a] - old
					}
				}
				// Reset sub for the next search, and take f of every demand.
				left = 0
				for _, v := range sp.order {
					sub[v] = 0
					rem[v] *= 1 - f
					left += rem[v]
				}
			}
			if left > 1e-12*scale {
				complete = false
				for _, d := range bySrc[s] {
					rem[d.Dst] = 0
				}
				break
			}
		}
		if !complete {
			break
		}
		res.Phases++
		copy(done, flow)
		// The dual bound of the current lengths.
		alpha := 0.0
		for _, s := range srcs {
			sp.run(s, length)
			for _, d := range bySrc[s] {
				alpha += d.Amount * sp.dist[d.Dst]
			}
		}
		if alpha > 0 {
			res.Upper = math.Min(res.Upper, D/alpha)
		}
	}
	if res.Phases > 0 {
		most := 0.0
		for _, x := range done {
			most = math.Max(most, x)
		}
		// Phases x scale x demands routed with at most `most` on a channel.
		res.Lower = float64(res.Phases) * scale / most
	}
	return res, nil
}

// dijkstra is a reusable shortest-path search over the arcs of g (arc a =
// position in g.Adj).
type dijkstra struct {
	g      *graph.Graph
	dist   []float64
	parent []int32 // arc into the vertex on its shortest path, -1 for the root or unreached
	rev    []int32 // rev[a] is the opposite arc of a (its head is a's tail)
	order  []int32 // vertices in the order they were settled
	h      distHeap
	done   []bool
}

func newDijkstra(g *graph.Graph) *dijkstra {
	n := g.N()
	d := &dijkstra{g: g, dist: make([]float64, n), parent: make([]int32, n), done: make([]bool, n),
		rev: reverseArcs(g)}
	return d
}

// run computes the shortest paths from s with arc lengths length.
func (d *dijkstra) run(s int32, length []float64) {
	g := d.g
	for i := range d.dist {
		d.dist[i] = math.Inf(1)
		d.parent[i] = -1
		d.done[i] = false
	}
	d.order = d.order[:0]
	d.dist[s] = 0
	d.h = append(d.h[:0], distItem{s, 0})
	for len(d.h) > 0 {
		it := heap.Pop(&d.h).(distItem)
		u := it.v
		if d.done[u] || it.d > d.dist[u] {
			continue
		}
		d.done[u] = true
		d.order = append(d.order, u)
		for a := g.Off[u]; a < g.Off[u+1]; a++ {
			v := g.Adj[a]
			if nd := d.dist[u] + length[a]; nd < d.dist[v] {
				d.dist[v] = nd
				d.parent[v] = a
				heap.Push(&d.h, distItem{v, nd})
			}
		}
	}
}

type distItem struct {
	v int32
	d float64
}

type distHeap []distItem

func (h distHeap) Len() int { return len(h) }
func (h distHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d < h[j].d
	}
	return h[i].v < h[j].v
}
func (h distHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *distHeap) Push(x any)   { *h = append(*h, x.(distItem)) }
func (h *distHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
