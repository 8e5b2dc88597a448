// Package graph provides a compact undirected graph in compressed sparse row
// (CSR) form with int32 vertex ids, and fast all-pairs distance analysis by
// bit-parallel breadth-first search.
package graph

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/internal/stop"
)

// Graph is an undirected graph in CSR form. The neighbours of vertex v are
// Adj[Off[v]:Off[v+1]], sorted ascending. Every edge appears in the lists of
// both end points. Parallel edges are kept (a 2-ary torus ring has two links
// between the same routers); self loops are not allowed.
type Graph struct {
	Off []int32 // len N()+1
	Adj []int32 // len 2*Edges()
}

// N returns the number of vertices.
func (g *Graph) N() int { return len(g.Off) - 1 }

// Edges returns the number of undirected edges (parallel edges counted).
func (g *Graph) Edges() int64 { return int64(len(g.Adj)) / 2 }

// Degree returns the degree of v.
func (g *Graph) Degree(v int32) int { return int(g.Off[v+1] - g.Off[v]) }

// Neighbors returns the neighbours of v (a slice of Adj; do not modify).
func (g *Graph) Neighbors(v int32) []int32 { return g.Adj[g.Off[v]:g.Off[v+1]] }

// MaxDegree returns the largest vertex degree (0 for an empty graph).
func (g *Graph) MaxDegree() int {
	m := 0
	for v := 0; v < g.N(); v++ {
		if d := g.Degree(int32(v)); d > m {
			m = d
		}
	}
	return m
}

// MinDegree returns the smallest vertex degree (0 for an empty graph).
func (g *Graph) MinDegree() int {
	if g.N() == 0 {
		return 0
	}
	m := g.Degree(0)
	for v := 1; v < g.N(); v++ {
		if d := g.Degree(int32(v)); d < m {
			m = d
		}
	}
	return m
}

// Edge is an undirected edge between two vertices.
type Edge struct{ U, V int32 }

// FromEdges builds a graph with n vertices from an edge list. Each edge is
// stored in both directions; parallel edges are kept. It returns an error for
// an end point outside [0, n) or a self loop, and when n or 2*len(edges)
// does not fit the int32 offsets. It runs in O(n + len(edges)) time: the
// sorted adjacency lists come from a counting sort, not a comparison sort.
func FromEdges(n int, edges []Edge) (*Graph, error) {
	return FromEdgesContext(context.Background(), n, edges)
}

// FromEdgesContext is FromEdges with a context: it returns ctx.Err() if ctx
// is cancelled (checked every stopBlock edges or vertices of each pass;
// tens of millions of edges take seconds).
func FromEdgesContext(ctx context.Context, n int, edges []Edge) (*Graph, error) {
	if n < 0 || n > math.MaxInt32-1 {
		return nil, fmt.Errorf("graph: vertex count %d outside [0, %d)", n, math.MaxInt32)
	}
	if int64(len(edges)) > math.MaxInt32/2 {
		return nil, fmt.Errorf("graph: %d edges exceed the int32 adjacency limit %d", len(edges), math.MaxInt32/2)
	}
	done := ctx.Done()
	off := make([]int32, n+1)
	for i, e := range edges {
		if i%stopBlock == 0 && stop.Requested(done) {
			return nil, ctx.Err()
		}
		if e.U < 0 || int(e.U) >= n || e.V < 0 || int(e.V) >= n {
			return nil, fmt.Errorf("graph: edge (%d, %d) outside [0, %d)", e.U, e.V, n)
		}
		if e.U == e.V {
			return nil, fmt.Errorf("graph: self loop at %d", e.U)
		}
		off[e.U+1]++
		off[e.V+1]++
	}
	for v := 0; v < n; v++ {
		off[v+1] += off[v]
	}
	// First pass: unsorted lists.
	tmp := make([]int32, off[n])
	pos := make([]int32, n)
	copy(pos, off[:n])
	for i, e := range edges {
		if i%stopBlock == 0 && stop.Requested(done) {
			return nil, ctx.Err()
		}
		tmp[pos[e.U]] = e.V
		pos[e.U]++
		tmp[pos[e.V]] = e.U
		pos[e.V]++
	}
	// Second pass: the graph is symmetric, so visiting every v in ascending
	// order and appending v to the list of each of its neighbours u yields
	// sorted lists (parallel edges give repeated entries).
	adj := make([]int32, off[n])
	copy(pos, off[:n])
	for v := 0; v < n; v++ {
		if v%stopBlock == 0 && stop.Requested(done) {
			return nil, ctx.Err()
		}
		for _, u := range tmp[off[v]:off[v+1]] {
			adj[pos[u]] = int32(v)
			pos[u]++
		}
	}
	return &Graph{Off: off, Adj: adj}, nil
}
