package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/runexp/runexp/pkg/graph"
)

// JellyfishEquivalent returns a random graph with exactly the equipment of
// g: the same routers, the same number of router-to-router ports on each
// (its degree sequence) and so the same links, wired at random as
// Jellyfish wires its switches (Singla, Hong, Popa and Godfrey, NSDI 2012).
// It is drawn by degree-preserving double-edge swaps (links {a,b} and
// {c,d} become {a,d} and {c,b}), swapsPerLink times the number of links,
// from a stream seeded by seed; a swap that would make a loop or a second
// link between two routers is refused, so a simple graph stays simple
// (parallel links of g, such as a HyperX's trunks, may stay). A draw that
// leaves the graph disconnected is replaced by the next one, up to 16.
func JellyfishEquivalent(ctx context.Context, g *graph.Graph, swapsPerLink int, seed uint64) (*graph.Graph, error) {
	n := g.N()
	var edges []graph.Edge
	for u := int32(0); int(u) < n; u++ {
		for _, v := range g.Neighbors(u) {
			if u < v {
				edges = append(edges, graph.Edge{U: u, V: v})
			}
		}
	}
	m := len(edges)
	if m < 2 {
		return nil, fmt.Errorf("analysis: a Jellyfish equivalent needs at least 2 links, the graph has %d", m)
	}
	key := func(u, v int32) uint64 {
		if u > v {
			u, v = v, u
		}
		return uint64(u)<<32 | uint64(uint32(v))
	}
	for attempt := range 16 {
		rng := rand.New(rand.NewPCG(seed, 0x6a656c6c79666973+uint64(attempt)))
		e := append([]graph.Edge(nil), edges...)
		count := make(map[uint64]int32, m)
		for _, x := range e {
			count[key(x.U, x.V)]++
		}
		swaps := swapsPerLink * m
		for s := 0; s < swaps; s++ {
			if s%(1<<16) == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			i, j := rng.IntN(m), rng.IntN(m)
			if i == j {
				continue
			}
			a, b, c, d := e[i].U, e[i].V, e[j].U, e[j].V
			if rng.IntN(2) == 1 {
				c, d = d, c
			}
			// {a,b},{c,d} -> {a,d},{c,b}
			if a == d || c == b || count[key(a, d)] > 0 || count[key(c, b)] > 0 {
				continue
			}
			count[key(a, b)]--
			count[key(c, d)]--
			count[key(a, d)]++
			count[key(c, b)]++
			e[i] = graph.Edge{U: a, V: d}
			e[j] = graph.Edge{U: c, V: b}
		}
		out, err := graph.FromEdges(n, e)
		if err != nil {
			return nil, err
		}
		if connected(out) {
			return out, nil
		}
	}
	return nil, fmt.Errorf("analysis: 16 random rewirings of the graph were all disconnected")
}

// connected reports whether g is connected.
func connected(g *graph.Graph) bool {
	if g.N() == 0 {
		return true
	}
	dist := make([]int32, g.N())
	graph.BFS(g, 0, dist)
	return !slices.Contains(dist, -1)
}
