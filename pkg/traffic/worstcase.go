package traffic

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

func newWorstCase(top *families.Topology, l layout, family string, params families.Values, seed uint64) (Pattern, error) {
	switch family {
	case "slimfly":
		return newSlimFlyWorstCase(top, l, seed)
	case "dragonfly":
		return newDragonflyWorstCase(top, l)
	case "fattree", "fattree_sc14", "myrinet_clos":
		if mode := params.Str("permute"); mode != "" && mode != "none" {
			return nil, fmt.Errorf("family %s with permute = %q is no longer a tree: no worst case defined", family, mode)
		}
		return newTreeWorstCase(top, l, family)
	case "mlfm", "oft", "spt", "sspt":
		return newLeafShift(top, l, family)
	}
	return nil, fmt.Errorf("no worst case defined for family %q; defined for: %s", family, strings.Join(WorstCaseFamilies(), ", "))
}

// pairRouters returns the endpoint table sending endpoint j of router r to
// endpoint j of router partner[r] (idle if partner[r] < 0 or that router
// has fewer endpoints).
func pairRouters(l layout, partner []int32) *table {
	dst := idleTable(l.e)
	for r, t := range partner {
		if t < 0 {
			continue
		}
		n := min(l.first[r+1]-l.first[r], l.first[t+1]-l.first[t])
		for j := int32(0); j < n; j++ {
			dst[l.first[r]+j] = l.first[t] + j
		}
	}
	return &table{dst}
}

// adjacent reports whether u ~ v in g (sorted adjacency lists).
func adjacent(g *graph.Graph, u, v int32) bool {
	_, found := slices.BinarySearch(g.Neighbors(u), v)
	return found
}

// onlyCommonNeighbor reports whether b is the only common neighbour of the
// non-adjacent routers u and v, i.e. u-b-v is their only path of length 2.
func onlyCommonNeighbor(g *graph.Graph, u, v, b int32) bool {
	nu, nv := g.Neighbors(u), g.Neighbors(v)
	for i, j := 0, 0; i < len(nu) && j < len(nv); {
		switch {
		case nu[i] < nv[j]:
			i++
		case nu[i] > nv[j]:
			j++
		default:
			if nu[i] != b {
				return false
			}
			i++
			j++
		}
	}
	return true
}

// SlimFlyPartners returns the router pairing of the Slim Fly worst case
// (partner[r] is the router r exchanges all its traffic with, -1 if none)
// and the number of quadruples A-B-C-D it contains (each loads the links
// B->C and C->B with 2p flows; other pairs may load further links with 2p
// flows by coincidence). See Doc(WorstCase) for the construction; it
// assumes a diameter-2 graph (any such graph is accepted).
func SlimFlyPartners(g *graph.Graph, seed uint64) (partner []int32, quads int) {
	n := g.N()
	partner = make([]int32, n)
	quad := make([]int32, n) // quadruple of each router, -1 if none
	for i := range partner {
		partner[i], quad[i] = -1, -1
	}
	free := func(v int32) bool { return partner[v] < 0 }
	rng := newRNG(seed, streamSlimFly)
	// Undirected links B-C in a seeded random order, each taken in a
	// random orientation.
	type link struct{ b, c int32 }
	links := make([]link, 0, g.Edges())
	for u := int32(0); int(u) < n; u++ {
		for _, v := range g.Neighbors(u) {
			if u < v && (len(links) == 0 || links[len(links)-1] != link{u, v}) {
				links = append(links, link{u, v})
			}
		}
	}
	rng.Shuffle(len(links), func(i, j int) { links[i], links[j] = links[j], links[i] })
	nq := int32(0)
	for _, lk := range links {
		b, c := lk.b, lk.c
		if rng.Uint64()&1 == 1 {
			b, c = c, b
		}
		if !free(b) || !free(c) {
			continue
		}
		// A ~ B, A !~ C, the only path of length 2 from A to C via B.
		a := int32(-1)
		for _, x := range g.Neighbors(b) {
			if x != c && free(x) && !adjacent(g, x, c) && onlyCommonNeighbor(g, x, c, b) {
				a = x
				break
			}
		}
		if a < 0 {
			continue
		}
		// D ~ C, D !~ B, the only path of length 2 from B to D via C.
		d := int32(-1)
		for _, x := range g.Neighbors(c) {
			if x != b && x != a && free(x) && !adjacent(g, x, b) && onlyCommonNeighbor(g, x, b, c) {
				d = x
				break
			}
		}
		if d < 0 {
			continue
		}
		partner[a], partner[c] = c, a
		partner[b], partner[d] = d, b
		quad[a], quad[b], quad[c], quad[d] = nq, nq, nq, nq
		nq++
	}
	// Pair the rest at distance 2 greedily. What is left then is a set of
	// pairwise adjacent routers: pair each two of them, u and v, with the
	// two routers of an existing pair (w, z), as (u, w), (v, z) or
	// (u, z), (v, w) at distance 2, trying the pairs outside quadruples
	// first and then those of quadruples (a broken quadruple no longer
	// loads its link with 2p flows); pair u and v with each other only if
	// no such swap exists. An odd router out stays idle.
	var rest []int32
	for v := int32(0); int(v) < n; v++ {
		if free(v) {
			rest = append(rest, v)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for i, u := range rest {
		if !free(u) {
			continue
		}
		for _, v := range rest[i+1:] {
			if free(v) && !adjacent(g, u, v) {
				partner[u], partner[v] = v, u
				break
			}
		}
	}
	left := slices.DeleteFunc(rest, func(v int32) bool { return !free(v) })
	for ; len(left) >= 2; left = left[2:] {
		u, v := left[0], left[1]
		if !swapPair(g, partner, quad, u, v, false) && !swapPair(g, partner, quad, u, v, true) {
			partner[u], partner[v] = v, u
		}
	}
	intact := make([]bool, nq)
	for _, q := range quad {
		if q >= 0 && !intact[q] {
			intact[q] = true
			quads++
		}
	}
	return partner, quads
}

// swapPair pairs the unpaired routers u and v with the two routers of an
// existing pair (w, z) so that both new pairs are non-adjacent, among the
// pairs of quadruples (inQuad) or the other pairs; it reports whether it
// found one. Breaking a quadruple clears quad for its four routers.
func swapPair(g *graph.Graph, partner, quad []int32, u, v int32, inQuad bool) bool {
	for w := int32(0); int(w) < len(partner); w++ {
		z := partner[w]
		if z < w || (quad[w] >= 0) != inQuad { // each pair once (z > w >= 0)
			continue
		}
		for _, c := range [2][2]int32{{w, z}, {z, w}} {
			if adjacent(g, u, c[0]) || adjacent(g, v, c[1]) {
				continue
			}
			if q := quad[w]; q >= 0 {
				for r := range quad {
					if quad[r] == q {
						quad[r] = -1
					}
				}
			}
			partner[u], partner[c[0]] = c[0], u
			partner[v], partner[c[1]] = c[1], v
			return true
		}
	}
	return false
}

func newSlimFlyWorstCase(top *families.Topology, l layout, seed uint64) (Pattern, error) {
	partner, _ := SlimFlyPartners(top.Graph, seed)
	return pairRouters(l, partner), nil
}

// groupTraffic is the Dragonfly worst case: a packet of group i goes to a
// uniformly drawn endpoint of group next[i].
type groupTraffic struct {
	group []int32 // group index of each endpoint
	off   []int32 // endpoints of group i: eps[off[next(i)]:off[next(i)+1]]
	eps   []int32
}

func (t *groupTraffic) Dest(src int32, rng *rand.Rand) int32 {
	g := t.group[src] + 1
	if int(g) == len(t.off)-1 {
		g = 0
	}
	lo, hi := t.off[g], t.off[g+1]
	return t.eps[lo+rng.Int32N(hi-lo)]
}

// endpointGroups groups the endpoints by the Group of their router: the
// distinct groups of routers with endpoints in ascending order get indices
// 0, 1, ...; it returns the index of each endpoint and, for index i, the
// endpoints eps[off[i]:off[i+1]] in ascending order.
func endpointGroups(top *families.Topology, l layout, pick func(r int) bool) (group, off, eps []int32, err error) {
	if top.Group == nil {
		return nil, nil, nil, fmt.Errorf("topology has no router groups")
	}
	var ids []int32
	for r, c := range top.Conc {
		if c > 0 && pick(r) {
			ids = append(ids, top.Group[r])
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	index := make(map[int32]int32, len(ids))
	for i, id := range ids {
		index[id] = int32(i)
	}
	group = idleTable(l.e)
	off = make([]int32, len(ids)+1)
	for r, c := range top.Conc {
		if c > 0 && pick(r) {
			gi := index[top.Group[r]]
			off[gi+1] += c
			for x := l.first[r]; x < l.first[r+1]; x++ {
				group[x] = gi
			}
		}
	}
	for i := range ids {
		off[i+1] += off[i]
	}
	eps = make([]int32, off[len(ids)])
	pos := slices.Clone(off[:len(ids)])
	for x, gi := range group {
		if gi >= 0 {
			eps[pos[gi]] = int32(x)
			pos[gi]++
		}
	}
	return group, off, eps, nil
}

func newDragonflyWorstCase(top *families.Topology, l layout) (Pattern, error) {
	group, off, eps, err := endpointGroups(top, l, func(int) bool { return true })
	if err != nil {
		return nil, err
	}
	if len(off)-1 < 2 {
		return nil, fmt.Errorf("dragonfly worst case needs at least 2 groups with endpoints, have %d", len(off)-1)
	}
	return &groupTraffic{group: group, off: off, eps: eps}, nil
}

// newTreeWorstCase sends endpoint j of pod P (the leaf switches with Group
// P) to endpoint j of the next pod.
func newTreeWorstCase(top *families.Topology, l layout, family string) (Pattern, error) {
	leaf := func(r int) bool { return top.Role == nil || top.Role[r] == families.RoleLeaf }
	_, off, eps, err := endpointGroups(top, l, leaf)
	if err != nil {
		return nil, err
	}
	pods := len(off) - 1
	if pods < 2 {
		return nil, fmt.Errorf("family %s: %d pod(s): no traffic has to cross the top level", family, pods)
	}
	size := off[1] - off[0]
	for i := 1; i < pods; i++ {
		if off[i+1]-off[i] != size {
			return nil, fmt.Errorf("family %s: pods hold different numbers of endpoints (%d and %d)", family, size, off[i+1]-off[i])
		}
	}
	dst := idleTable(l.e)
	for i := 0; i < pods; i++ {
		next := (i + 1) % pods
		for j := int32(0); j < size; j++ {
			dst[eps[off[i]+j]] = eps[off[next]+j]
		}
	}
	return &table{dst}, nil
}

// newLeafShift is SC15's shift by one leaf router: d = (s + p) mod E.
func newLeafShift(top *families.Topology, l layout, family string) (Pattern, error) {
	var p int32
	for r, c := range top.Conc {
		if c == 0 {
			continue
		}
		if p == 0 {
			p = c
		} else if c != p {
			return nil, fmt.Errorf("family %s: routers hold different numbers of endpoints (%d and %d at router %d)", family, p, c, r)
		}
	}
	if l.e/p < 2 {
		return nil, fmt.Errorf("family %s: a single leaf router: nothing to shift to", family)
	}
	dst := make([]int32, l.e)
	for s := range dst {
		dst[s] = int32((int64(s) + int64(p)) % int64(l.e))
	}
	return &table{dst}, nil
}
