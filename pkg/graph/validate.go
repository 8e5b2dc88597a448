package graph

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/internal/stop"
)

// Validate checks the CSR invariants: Off starts at 0, is non-decreasing and
// ends at len(Adj); every neighbour is in [0, N()); lists are sorted
// ascending; there are no self loops; and the graph is symmetric (v appears
// in u's list as often as u appears in v's). It runs in O(N + len(Adj)) time
// and is meant for graphs read from untrusted input.
func (g *Graph) Validate() error { return g.ValidateContext(context.Background()) }

// ValidateContext is Validate with a context: it returns ctx.Err() if ctx
// is cancelled (checked every stopBlock vertices of each pass; the symmetry
// pass reads the lists in random order and takes seconds on tens of
// millions of links).
func (g *Graph) ValidateContext(ctx context.Context) error {
	if len(g.Off) == 0 {
		if len(g.Adj) != 0 {
			return fmt.Errorf("graph: %d adjacency entries but no offsets", len(g.Adj))
		}
		return fmt.Errorf("graph: empty offset array (want N()+1 entries)")
	}
	n := g.N()
	done := ctx.Done()
	if g.Off[0] != 0 {
		return fmt.Errorf("graph: Off[0] = %d, want 0", g.Off[0])
	}
	for v := 0; v < n; v++ {
		if g.Off[v+1] < g.Off[v] {
			return fmt.Errorf("graph: offsets decrease at vertex %d", v)
		}
	}
	if int(g.Off[n]) != len(g.Adj) {
		return fmt.Errorf("graph: Off[N] = %d, but len(Adj) = %d", g.Off[n], len(g.Adj))
	}
	for lo := 0; lo < n; lo += stopBlock {
		if stop.Requested(done) {
			return ctx.Err()
		}
		if err := g.validateLists(lo, min(lo+stopBlock, n)); err != nil {
			return err
		}
	}
	// Symmetry: visiting v in ascending order and advancing a cursor in
	// the list of every neighbour u must meet exactly v each time (the lists
	// are sorted, so the reverse arcs appear in the same order).
	pos := make([]int32, n)
	copy(pos, g.Off[:n])
	for lo := 0; lo < n; lo += stopBlock {
		if stop.Requested(done) {
			return ctx.Err()
		}
		if err := g.validateReverse(pos, lo, min(lo+stopBlock, n)); err != nil {
			return err
		}
	}
	return nil
}

// validateLists checks the lists of the vertices lo..hi-1: neighbours in
// range, no self loop, sorted. (The blocks of Validate keep the checks for
// cancellation out of the loops.)
func (g *Graph) validateLists(lo, hi int) error {
	n := g.N()
	for v := lo; v < hi; v++ {
		prev := int32(-1)
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			if u < 0 || int(u) >= n {
				return fmt.Errorf("graph: vertex %d has neighbour %d outside [0, %d)", v, u, n)
			}
			if int(u) == v {
				return fmt.Errorf("graph: self loop at %d", v)
			}
			if u < prev {
				return fmt.Errorf("graph: neighbours of %d not sorted", v)
			}
			prev = u
		}
	}
	return nil
}

// validateReverse advances the cursors pos past the reverse arcs of the
// vertices lo..hi-1 (see Validate's symmetry pass).
func (g *Graph) validateReverse(pos []int32, lo, hi int) error {
	for v := lo; v < hi; v++ {
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			if pos[u] >= g.Off[u+1] || g.Adj[pos[u]] != int32(v) {
				return fmt.Errorf("graph: edge (%d, %d) has no matching reverse entry", v, u)
			}
			pos[u]++
		}
	}
	return nil
}
