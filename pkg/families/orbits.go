package families

import (
	"slices"

	"github.com/runexp/runexp/pkg/graph"
)

// Router orbits of the families whose automorphism groups are known (see
// Family.Orbits). Each declaration is checked against the full all-pairs
// search at several sizes by TestOrbits.

// transitiveFamilies are vertex-transitive with uniform endpoint counts:
// tori and hypercubes of any shape, HyperX and the flattened butterfly
// (Cartesian products of cycles or complete graphs: Cayley graphs), the
// folded hypercube (a Cayley graph of Z_2^n), complete graphs, K_{n,n},
// Paley graphs (Cayley graphs of F_q), Slim Fly's MMS graphs
// (vertex-transitive: Hafner, "Geometric realisation of the graphs of
// McKay-Miller-Siran", J. Comb. Theory B 90, 2004) and the projective
// network (the incidence graph of PG(2, q), whose polarity exchanges
// points and lines) and Spectralfly's LPS graphs (Cayley graphs of PSL or
// PGL(2, q)) and twisted tori (Cayley graphs of abelian groups: lattice
// graphs).
var transitiveFamilies = []string{
	"torus", "hypercube", "hyperx", "flattened_butterfly", "folded_hypercube",
	"complete", "complete_bipartite", "paley", "slimfly", "pn", "spectralfly", "twisted_torus",
}

// setOrbits sets the Orbits of the families of fams that know them.
func setOrbits(fams []*Family) {
	for _, f := range fams {
		switch {
		case slices.Contains(transitiveFamilies, f.Name):
			f.Orbits = oneOrbit
		case f.Name == "turan" || f.Name == "demi_pn":
			f.Orbits = degreeOrbits
		case f.Name == "dragonfly" || f.Name == "megafly":
			f.Orbits = groupMirrorOrbits
		case f.Name == "polarfly":
			// ER_q without expansion (demi_pn's graph); replicated
			// clusters break the symmetry.
			f.Orbits = func(v Values, t *Topology) []int32 {
				if v.Int("expansion") != 0 {
					return nil
				}
				return degreeOrbits(v, t)
			}
		}
	}
}

// unpermuted reports whether v leaves the family's links where they are
// (a randomly permuted topology has no symmetry to exploit).
func unpermuted(v Values) bool {
	m := v.Str("permute")
	return m == "" || m == "none"
}

// oneOrbit puts every router in one orbit.
func oneOrbit(v Values, t *Topology) []int32 {
	if !unpermuted(v) {
		return nil
	}
	return make([]int32, t.Graph.N())
}

// degreeOrbits gives each router the orbit of its degree and the number of
// its neighbours of each lower degree class: for a Turan graph the routers
// of parts of equal size (its automorphisms permute equal parts and the
// routers within a part), and for ER_q (demi_pn) the quadrics (degree q)
// and the non-quadric points by the number of quadrics they see (0 or 2
// for odd q, internal and external points; for even q the nucleus sees
// all q+1 and every other point one), which the orthogonal group of the
// polarity permutes transitively.
func degreeOrbits(v Values, t *Topology) []int32 {
	if !unpermuted(v) {
		return nil
	}
	g := t.Graph
	n := g.N()
	minDeg := g.MinDegree()
	type class struct{ deg, low int }
	ids := map[class]int32{}
	out := make([]int32, n)
	for r := int32(0); int(r) < n; r++ {
		c := class{deg: g.Degree(r)}
		for _, u := range g.Neighbors(r) {
			if g.Degree(u) == minDeg {
				c.low++
			}
		}
		id, ok := ids[c]
		if !ok {
			id = int32(len(ids))
			ids[c] = id
		}
		out[r] = id
	}
	return out
}

// The consecutive (absolute) global arrangement of the dragonfly and
// megafly families (consecutiveGlobals) is not invariant under rotating
// the groups, but it is under the mirror that maps group i to group g-1-i
// and global channel c of a group to channel C-1-c (C channels per group):
// channel l*(g-1) + s, towards group j (slot s = j, or j-1 above i), maps
// to channel (m-1-l)*(g-1) + (g-2-s), which is the channel of copy m-1-l
// towards group g-1-j, and the link between channel l*(g-1) + j-1 of group
// i and channel l*(g-1) + i of group j (i < j) maps to the link between
// channel L*(g-1) + i'-1 of group j' = g-1-j and channel L*(g-1) + j' of
// group i' = g-1-i (L = m-1-l, j' < i'), which the arrangement has. A
// router owning channels [x*h, (x+1)*h) thus maps to the router owning
// [C-(x+1)*h, C-x*h): index x becomes routers-1-x. TestMirrorAutomorphism
// checks the map edge by edge.

// groupMirrorOrbits gives the dragonfly's and the megafly's routers the
// orbits of the mirror. Router id = group*per + index, a megafly's leaves
// first (Role; a dragonfly has none). A router that owns global channels
// (a dragonfly router, a megafly spine) pairs with its mirror image: index
// x of group i with index per-1-x+leaves of group g-1-i. The leaves of
// groups i and g-1-i are one orbit: a group's leaves all join every spine
// of the group and carry the same endpoints, so any permutation of them is
// an automorphism. About half as many searches as routers for a dragonfly,
// fewer for a megafly.
func groupMirrorOrbits(v Values, t *Topology) []int32 {
	n := t.Graph.N()
	g := int(t.Group[n-1]) + 1
	per := n / g
	leaves := 0
	for leaves < per && t.Role != nil && t.Role[leaves] == RoleLeaf {
		leaves++
	}
	return graph.NumberOrbits(n, func(r int) int {
		grp, idx := r/per, r%per
		if idx < leaves {
			return min(grp, g-1-grp) * per
		}
		return min(r, (g-1-grp)*per+per-1-idx+leaves)
	})
}
