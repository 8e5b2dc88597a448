package traffic

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// LinkFlows counts the flows of pattern pat on every directed link of top
// under deterministic minimal routing: a flow is one (source endpoint,
// Dest(source)) pair; a packet at router u bound for router t moves to the
// smallest-numbered neighbour v of u with dist(v, t) = dist(u, t) - 1
// (breadth-first distances; among parallel links, the first). flows[k] is
// the number of flows crossing the arc k of top.Graph's CSR form, the
// directed link from u to Adj[k] for Off[u] <= k < Off[u+1]. Flows between
// endpoints of the same router, and idle sources, use no link.
//
// Each source calls Dest once with a generator seeded 0, so for a Fixed
// pattern (a permutation) the result is exact; for a random pattern it is
// one sample. It returns an error if a destination is out of range or
// unreachable.
func LinkFlows(top *families.Topology, pat Pattern) ([]int64, error) {
	l, err := newLayout(top)
	if err != nil {
		return nil, fmt.Errorf("traffic: link flows: %w", err)
	}
	g := top.Graph
	routerOf := l.routers()
	rng := rand.New(rand.NewPCG(0, 0))
	// Router-level demands (dst << 32 | src), sorted by destination.
	var demands []uint64
	for s := int32(0); s < l.e; s++ {
		d := pat.Dest(s, rng)
		if d < 0 {
			continue
		}
		if d >= l.e {
			return nil, fmt.Errorf("traffic: link flows: endpoint %d sends to %d, outside [0, %d)", s, d, l.e)
		}
		if rs, rd := routerOf[s], routerOf[d]; rs != rd {
			demands = append(demands, uint64(rd)<<32|uint64(rs))
		}
	}
	slices.Sort(demands)
	flows := make([]int64, len(g.Adj))
	dist := make([]int32, g.N())
	for i := 0; i < len(demands); {
		t := int32(demands[i] >> 32)
		graph.BFS(g, t, dist)
		for ; i < len(demands) && int32(demands[i]>>32) == t; i++ {
			u := int32(uint32(demands[i]))
			if dist[u] < 0 {
				return nil, fmt.Errorf("traffic: link flows: router %d cannot reach router %d", u, t)
			}
			for u != t {
				next := int32(-1)
				for k := g.Off[u]; k < g.Off[u+1]; k++ {
					if v := g.Adj[k]; dist[v] == dist[u]-1 {
						flows[k]++ // adjacency lists are sorted: the first is the smallest
						next = v
						break
					}
				}
				u = next
			}
		}
	}
	return flows, nil
}

// MaxLinkFlow returns the largest entry of flows (from LinkFlows) and the
// directed link (from, to) carrying it, the first such arc; (0, -1, -1) if
// no link carries a flow.
func MaxLinkFlow(g *graph.Graph, flows []int64) (max int64, from, to int32) {
	from, to = -1, -1
	for u := int32(0); int(u) < g.N(); u++ {
		for k := g.Off[u]; k < g.Off[u+1]; k++ {
			if flows[k] > max {
				max, from, to = flows[k], u, g.Adj[k]
			}
		}
	}
	return max, from, to
}
