package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/runexp/runexp/pkg/graph"
)

// Disjoint is the result of EdgeDisjointPaths.
type Disjoint struct {
	Pairs int     // router pairs evaluated
	Min   int     // fewest edge-disjoint paths between an evaluated pair
	Mean  float64 // mean over the evaluated pairs
	// MinDegreeBound counts the evaluated pairs whose number of paths is the
	// smaller of their two degrees (the most any pair can have).
	MinDegreeBound int
	Exhaustive     bool // every unordered pair was evaluated
}

// EdgeDisjointPaths counts the edge-disjoint paths between router pairs of
// g: the maximum flow between them with unit link capacities (parallel
// links count separately; Menger's theorem), by breadth-first augmenting
// paths. Every unordered pair is evaluated when there are at most samples
// of them, else samples distinct pairs drawn with seed. The minimum over
// all pairs is the edge connectivity; over a sample it is an upper bound
// on it.
func EdgeDisjointPaths(ctx context.Context, g *graph.Graph, samples int, seed uint64) (Disjoint, error) {
	n := g.N()
	if n < 2 {
		return Disjoint{}, fmt.Errorf("analysis: edge-disjoint paths need at least 2 routers")
	}
	if samples < 1 {
		return Disjoint{}, fmt.Errorf("analysis: %d samples", samples)
	}
	var pairs [][2]int32
	total := int64(n) * int64(n-1) / 2
	res := Disjoint{Exhaustive: total <= int64(samples)}
	if res.Exhaustive {
		for s := range n {
			for t := s + 1; t < n; t++ {
				pairs = append(pairs, [2]int32{int32(s), int32(t)})
			}
		}
	} else {
		rng := rand.New(rand.NewPCG(seed, 0x6564676564697331))
		seen := make(map[[2]int32]bool, samples)
		for len(pairs) < samples {
			s, t := int32(rng.IntN(n)), int32(rng.IntN(n))
			if s == t {
				continue
			}
			if s > t {
				s, t = t, s
			}
			if p := [2]int32{s, t}; !seen[p] {
				seen[p] = true
				pairs = append(pairs, p)
			}
		}
	}
	f := newUnitFlow(g)
	sum := 0
	for i, p := range pairs {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return Disjoint{}, err
			}
		}
		k := f.maxFlow(p[0], p[1])
		if i == 0 || k < res.Min {
			res.Min = k
		}
		if k == min(g.Degree(p[0]), g.Degree(p[1])) {
			res.MinDegreeBound++
		}
		sum += k
	}
	res.Pairs = len(pairs)
	res.Mean = float64(sum) / float64(len(pairs))
	return res, nil
}

// unitFlow is the residual network of g with unit capacities in both
// directions of every link: flow[a] is the flow on arc a (the position of
// the arc in g.Adj), -1, 0 or 1, and rev[a] is the opposite arc.
type unitFlow struct {
	g      *graph.Graph
	rev    []int32
	flow   []int8
	parent []int32 // arc by which BFS reached a vertex, -1: not reached
	queue  []int32
	used   []int32 // arcs whose flow is not 0, to reset
	seen   []int32 // vertices reached, to reset
}

func newUnitFlow(g *graph.Graph) *unitFlow {
	n := g.N()
	f := &unitFlow{g: g, rev: reverseArcs(g), flow: make([]int8, len(g.Adj)),
		parent: make([]int32, n), queue: make([]int32, 0, n)}
	for i := range f.parent {
		f.parent[i] = -1
	}
	return f
}

// reverseArcs returns, for every arc a (a position in g.Adj, u -> v), the
// position of the opposite arc v -> u. Lists are sorted: the k-th of the
// parallel arcs u -> v pairs with the k-th arc v -> u.
func reverseArcs(g *graph.Graph) []int32 {
	rev := make([]int32, len(g.Adj))
	for u := int32(0); int(u) < g.N(); u++ {
		lo, hi := g.Off[u], g.Off[u+1]
		for a := lo; a < hi; a++ {
			v := g.Adj[a]
			k := int32(0)
			for b := a - 1; b >= lo && g.Adj[b] == v; b-- {
				k++
			}
			vl := g.Adj[g.Off[v]:g.Off[v+1]]
			first := int32(sort.Search(len(vl), func(i int) bool { return vl[i] >= u }))
			rev[a] = g.Off[v] + first + k
		}
	}
	return rev
}

// maxFlow returns the maximum flow from s to t and leaves the network
// empty again.
func (f *unitFlow) maxFlow(s, t int32) int {
	g := f.g
	limit := min(g.Degree(s), g.Degree(t))
	k := 0
	for k < limit {
		// BFS over arcs with residual capacity 1 - flow > 0.
		f.queue = append(f.queue[:0], s)
		f.parent[s] = -2
		f.seen = append(f.seen, s)
		found := false
		for h := 0; h < len(f.queue) && !found; h++ {
			u := f.queue[h]
			for a := g.Off[u]; a < g.Off[u+1]; a++ {
				v := g.Adj[a]
				if f.parent[v] != -1 || f.flow[a] >= 1 {
					continue
				}
				f.parent[v] = a
				f.seen = append(f.seen, v)
				if v == t {
					found = true
					break
				}
				f.queue = append(f.queue, v)
			}
		}
		if found {
			for v := t; v != s; {
				a := f.parent[v]
				f.flow[a]++
				f.flow[f.rev[a]]--
				f.used = append(f.used, a)
				v = g.Adj[f.rev[a]]
			}
			k++
		}
		for _, v := range f.seen {
			f.parent[v] = -1
		}
		f.seen = f.seen[:0]
		if !found {
			break
		}
	}
	for _, a := range f.used {
		f.flow[a], f.flow[f.rev[a]] = 0, 0
	}
	f.used = f.used[:0]
	return k
}
