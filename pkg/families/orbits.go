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
		case f.Name == "dragonfly":
			f.Orbits = dragonflyOrbits
		case f.Name == "megafly":
			f.Orbits = megaflyOrbits
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

// dragonflyOrbits pairs router x of group i with router a-1-x of group
// g-1-i (the mirror; the routers of a group form a complete graph, which
// any relabelling keeps): about half as many searches as routers.
func dragonflyOrbits(v Values, t *Topology) []int32 {
	n := t.Graph.N()
	g := int(t.Group[n-1]) + 1 // router id = group*a + index
	a := n / g
	return graph.NumberOrbits(n, func(r int) int {
		return min(r, (g-1-r/a)*a+a-1-r%a)
	})
}

// megaflyOrbits gives the leaves of group i and of group g-1-i one orbit
// (a group's leaves all join every spine of the group and carry the same
// endpoints, so any permutation of them is an automorphism) and pairs
// spine x of group i with spine spines-1-x of group g-1-i (the mirror).
func megaflyOrbits(v Values, t *Topology) []int32 {
	// Router id = group*(leaves+spines) + index, the leaves first.
	n := t.Graph.N()
	g := int(t.Group[n-1]) + 1
	per := n / g
	l := 0
	for l < per && t.Role[l] == RoleLeaf {
		l++
	}
	s := per - l
	return graph.NumberOrbits(n, func(r int) int {
		grp, idx := r/per, r%per
		if idx < l {
			return min(grp, g-1-grp) * per
		}
		return min(r, (g-1-grp)*per+l+s-1-(idx-l))
	})
}
