package families

import (
	"slices"

	"github.com/runexp/runexp/internal/stop"
)

// rndGraph is a simple graph under construction: at most cap removable links
// per vertex in flat arrays, plus (if ring) the fixed ring links i ~ i+1 mod n.
type rndGraph struct {
	n, cap int
	ring   bool
	adj    []int32 // adj[v*cap : v*cap+cnt[v]] are the removable neighbours of v
	cnt    []int32
}

func newRndGraph(n, k int, ring bool) *rndGraph {
	return &rndGraph{n: n, cap: k, ring: ring, adj: make([]int32, n*k), cnt: make([]int32, n)}
}

func (g *rndGraph) reset() { clear(g.cnt) }

func (g *rndGraph) nbrs(v int) []int32 { return g.adj[v*g.cap : v*g.cap+int(g.cnt[v])] }

func (g *rndGraph) deficit(v int) int { return g.cap - int(g.cnt[v]) }

func (g *rndGraph) has(u, v int) bool {
	if g.ring && rndRingDist(u, v, g.n) == 1 {
		return true
	}
	if g.cnt[v] < g.cnt[u] {
		u, v = v, u
	}
	return slices.Contains(g.nbrs(u), int32(v))
}

func (g *rndGraph) link(u, v int) {
	g.adj[u*g.cap+int(g.cnt[u])] = int32(v)
	g.cnt[u]++
	g.adj[v*g.cap+int(g.cnt[v])] = int32(u)
	g.cnt[v]++
}

func (g *rndGraph) drop(u, v int) {
	l := g.nbrs(u)
	i := slices.Index(l, int32(v))
	l[i] = l[len(l)-1]
	g.cnt[u]--
}

func (g *rndGraph) unlink(u, v int) {
	g.drop(u, v)
	g.drop(v, u)
}

// connected reports whether the graph (ring links included) is connected.
// It returns false early when done is closed (the caller checks the
// context).
func (g *rndGraph) connected(done <-chan struct{}) bool {
	if g.n == 0 || g.ring {
		return true
	}
	seen := make([]bool, g.n)
	queue := make([]int32, 1, g.n)
	seen[0] = true
	for i := 0; i < len(queue); i++ {
		if i%stopBlock == 0 && stop.Requested(done) {
			return false
		}
		for _, u := range g.nbrs(int(queue[i])) {
			if !seen[u] {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	return len(queue) == g.n
}
