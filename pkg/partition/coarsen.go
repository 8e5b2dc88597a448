package partition

import (
	"math/rand/v2"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// wgraph is a vertex- and edge-weighted graph in CSR form: the neighbours
// of v are adj[off[v]:off[v+1]] (each neighbour once, in no particular
// order), ew holds the matching edge weights (link multiplicities, summed
// by contraction) and vw the vertex weights.
type wgraph struct {
	off   []int32
	adj   []int32
	ew    []int32
	vw    []int64
	total int64 // sum of vw
	maxvw int64 // largest vw
	maxwd int32 // largest weighted degree (bounds every FM gain)
}

func (g *wgraph) n() int32 { return int32(len(g.off) - 1) }

// fromGraph merges the parallel edges of g (repeated adjacency entries, which
// the sorted lists keep consecutive) into weighted edges. It returns nil as
// soon as done is closed (checked every stopBlock vertices).
func fromGraph(done <-chan struct{}, g *graph.Graph, weights []int32) *wgraph {
	n := g.N()
	wg := &wgraph{
		off: make([]int32, n+1),
		adj: make([]int32, 0, len(g.Adj)),
		ew:  make([]int32, 0, len(g.Adj)),
		vw:  make([]int64, n),
	}
	for v := 0; v < n; v++ {
		if v%stopBlock == 0 && stop.Requested(done) {
			return nil
		}
		nb := g.Adj[g.Off[v]:g.Off[v+1]]
		for i := 0; i < len(nb); {
			j := i + 1
			for j < len(nb) && nb[j] == nb[i] {
				j++
			}
			wg.adj = append(wg.adj, nb[i])
			wg.ew = append(wg.ew, int32(j-i))
			i = j
		}
		wg.off[v+1] = int32(len(wg.adj))
		w := int64(1)
		if weights != nil {
			w = int64(weights[v])
		}
		wg.vw[v] = w
	}
	wg.finish()
	return wg
}

// finish computes total, maxvw and maxwd.
func (g *wgraph) finish() {
	g.total, g.maxvw, g.maxwd = 0, 0, 0
	for v, w := range g.vw {
		g.total += w
		g.maxvw = max(g.maxvw, w)
		var d int32
		for _, x := range g.ew[g.off[v]:g.off[v+1]] {
			d += x
		}
		g.maxwd = max(g.maxwd, d)
	}
}

// contract computes a heavy-edge matching of g and returns the contracted
// graph and the map from the vertices of g to those of the coarse graph.
// Merged vertices weigh at most maxvw (single vertices may weigh more). It
// returns nil, nil as soon as ws.done is closed (checked every stopBlock
// vertices).
func (ws *work) contract(g *wgraph, rng *rand.Rand, maxvw int64) (*wgraph, []int32) {
	n := g.n()
	perm := ws.perm[:n]
	for i := range perm {
		perm[i] = int32(i)
	}
	// rng.Shuffle's Fisher-Yates loop (the same draws, so the same order),
	// with checks for cancellation.
	for i := int(n) - 1; i > 0; i-- {
		if i%stopBlock == 0 && ws.stopped() {
			return nil, nil
		}
		j := int(rng.Uint64N(uint64(i + 1)))
		perm[i], perm[j] = perm[j], perm[i]
	}
	rank := ws.rank[:n]
	for i, v := range perm {
		rank[v] = int32(i)
	}
	match := ws.match[:n]
	for i := range match {
		match[i] = -1
	}
	for i, u := range perm {
		if i%stopBlock == 0 && ws.stopped() {
			return nil, nil
		}
		if match[u] >= 0 {
			continue
		}
		best, bw, br := int32(-1), int32(-1), int32(0)
		lim := maxvw - g.vw[u]
		for e := g.off[u]; e < g.off[u+1]; e++ {
			v := g.adj[e]
			if match[v] >= 0 || g.vw[v] > lim {
				continue
			}
			if w := g.ew[e]; w > bw || (w == bw && rank[v] < br) {
				best, bw, br = v, w, rank[v]
			}
		}
		if best < 0 {
			match[u] = u
		} else {
			match[u], match[best] = best, u
		}
	}
	// Number the coarse vertices in the order of their smaller fine vertex.
	cmap := make([]int32, n)
	cn := int32(0)
	for u := int32(0); u < n; u++ {
		if v := match[u]; v >= u {
			cmap[u], cmap[v] = cn, cn
			cn++
		}
	}
	cg := &wgraph{
		off: make([]int32, cn+1),
		adj: make([]int32, 0, len(g.adj)),
		ew:  make([]int32, 0, len(g.adj)),
		vw:  make([]int64, cn),
	}
	pos := ws.pos[:cn] // all -1 between uses
	c := int32(0)
	for u := int32(0); u < n; u++ {
		if u%stopBlock == 0 && ws.stopped() {
			// pos is all -1 again: every coarse vertex resets its slots.
			return nil, nil
		}
		v := match[u]
		if v < u {
			continue
		}
		start := int32(len(cg.adj))
		cg.vw[c] = g.vw[u]
		for x, last := u, false; !last; x = v {
			last = x == v
			for e := g.off[x]; e < g.off[x+1]; e++ {
				cx := cmap[g.adj[e]]
				if cx == c {
					continue
				}
				if p := pos[cx]; p >= 0 {
					cg.ew[p] += g.ew[e]
				} else {
					pos[cx] = int32(len(cg.adj))
					cg.adj = append(cg.adj, cx)
					cg.ew = append(cg.ew, g.ew[e])
				}
			}
			if !last {
				cg.vw[c] += g.vw[v]
			}
		}
		for _, cx := range cg.adj[start:] {
			pos[cx] = -1
		}
		c++
		cg.off[c] = int32(len(cg.adj))
	}
	cg.finish()
	return cg, cmap
}
