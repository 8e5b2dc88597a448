package netsim

import (
	"fmt"

	"github.com/runexp/runexp/pkg/families"
)

// ANCA is adaptive nearest-common-ancestor routing on fat trees (Leiserson,
// Fat-Trees: Universal Networks for Hardware-Efficient Supercomputing,
// IEEE Trans. Computers C-34(10), 1985; for k-ary n-trees Petrini and
// Vanneschi, k-ary n-trees: High Performance Networks for Massively
// Parallel Architectures, IPPS 1997, whose adaptive algorithm this is): a
// packet climbs until it reaches a common ancestor of its source and
// destination leaves, then descends. In the up phase every up port leads
// to a nearest common ancestor and the router takes the least occupied
// one (View.Occupancy; ties broken at random with the run's routing
// stream); the down phase is deterministic (the down path from an
// ancestor to a leaf is unique in a k-ary n-tree and in the fat trees of
// fattree_sc14). Routes are minimal: 2 x the level of the nearest common
// ancestor hops.
//
// The levels come from Topology.Coords[r*CoordDim] (families fattree: (l,
// w...), and fattree_sc14: (level, ...)); the topology must have roles
// (Topology.Role) and every link must join adjacent levels. A router is an
// ancestor of destination leaf d iff the distance to d equals its level;
// then it goes down on its first minimal port, otherwise up on the least
// occupied minimal up port.
//
// Up*/down* routes never turn from a down channel to an up channel, so the
// channel dependency graph is acyclic with a single VC class (Classes 1;
// CheckDeadlockFree verifies it).
type ANCA struct {
	net   *Network
	level []int32
}

// ancaNeeds says which topologies ANCA runs on, for errors.
const ancaNeeds = "anca needs a fat tree: leaf routers with the endpoints at level 0, switches above them " +
	"and links between adjacent levels only (families fattree, fattree_sc14)"

// ancaElsewhere suggests routings for the networks ANCA does not run on.
const ancaElsewhere = "updown and min run on any network"

// NewANCA returns adaptive NCA routing on a fat tree.
func NewANCA(net *Network) (*ANCA, error) {
	top := net.top
	if top.Role == nil || top.Coords == nil || top.CoordDim < 1 || len(top.Coords) != top.CoordDim*net.r {
		return nil, fmt.Errorf("netsim: %s; this topology is not one: its routers have no roles and levels (%s)", ancaNeeds, ancaElsewhere)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	a := &ANCA{net: net, level: make([]int32, net.r)}
	for r := 0; r < net.r; r++ {
		a.level[r] = top.Coords[r*top.CoordDim]
		if (a.level[r] == 0) != (top.Role[r] == families.RoleLeaf) {
			return nil, fmt.Errorf("netsim: %s; this topology is not one: router %d has level %d and role %s (%s)", ancaNeeds, r, a.level[r], top.Role[r], ancaElsewhere)
		}
		if a.level[r] != 0 && top.Conc[r] > 0 {
			return nil, fmt.Errorf("netsim: %s; this topology is not one: router %d above the leaves has endpoints (%s)", ancaNeeds, r, ancaElsewhere)
		}
	}
	for r := int32(0); r < int32(net.r); r++ {
		for port := int32(0); port < int32(net.Degree(r)); port++ {
			if d := a.level[net.Neighbor(r, port)] - a.level[r]; d != 1 && d != -1 {
				return nil, fmt.Errorf("netsim: %s; this topology is not one: link %d-%d joins levels %d and %d (%s)", ancaNeeds, r, net.Neighbor(r, port), a.level[r], a.level[net.Neighbor(r, port)], ancaElsewhere)
			}
		}
	}
	return a, nil
}

// Name returns "anca".
func (a *ANCA) Name() string { return "anca" }

// Classes returns 1.
func (a *ANCA) Classes() int { return 1 }

// down reports whether r is an ancestor of leaf router d.
func (a *ANCA) down(r, d int32) bool { return a.net.Dist(r, d) == a.level[r]-a.level[d] }

// Route goes down deterministically below a common ancestor, else up on
// the least occupied up port.
func (a *ANCA) Route(v *View, r int32, p *Packet) (int32, int32) {
	n, d := a.net, p.DstRouter
	if a.down(r, d) {
		return n.MinPort(r, d, 0), 0
	}
	best, bestOcc, ties := int32(-1), int32(0), 0
	for i := range n.MinPorts(r, d) {
		port := n.MinPort(r, d, i)
		if a.level[n.Neighbor(r, port)] <= a.level[r] {
			continue
		}
		occ := v.Occupancy(r, port)
		switch {
		case best < 0 || occ < bestOcc:
			best, bestOcc, ties = port, occ, 1
		case occ == bestOcc:
			// Reservoir sampling: uniform among the least occupied.
			ties++
			if v.s.rng.IntN(ties) == 0 {
				best = port
			}
		}
	}
	if best < 0 { // not reached on a fat tree: every minimal port from a non-ancestor is up
		best = n.MinPort(r, d, 0)
	}
	return best, 0
}

// NextHops enumerates the down port below a common ancestor, else every
// up port.
func (a *ANCA) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	n, d := a.net, p.DstRouter
	if a.down(r, d) {
		yield(n.MinPort(r, d, 0), 0, p)
		return
	}
	found := false
	for i := range n.MinPorts(r, d) {
		if port := n.MinPort(r, d, i); a.level[n.Neighbor(r, port)] > a.level[r] {
			found = true
			yield(port, 0, p)
		}
	}
	if !found {
		yield(n.MinPort(r, d, 0), 0, p)
	}
}
