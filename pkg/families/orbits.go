package families

import "slices"

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
