package netsim

import (
	"fmt"
	"math"
	"strconv"
)

// leafSet is the set of leaf routers of an indirect network: the routers
// with endpoints, in a network where some routers have none (MLFM local
// routers, OFT levels 0 and 2, SPT and SSPT first level, fat tree and
// Myrinet-Clos leaf switches).
type leafSet struct {
	leaves []int32 // router ids, ascending
	index  []int32 // router -> position in leaves, -1 for a non-leaf
}

// newLeafSet finds the leaves of net, or fails for a direct network.
func newLeafSet(net *Network, routing string) (leafSet, error) {
	ls := leafSet{index: make([]int32, net.r)}
	for r := 0; r < net.r; r++ {
		ls.index[r] = -1
		if net.top.Conc[r] > 0 {
			ls.index[r] = int32(len(ls.leaves))
			ls.leaves = append(ls.leaves, int32(r))
		}
	}
	if len(ls.leaves) == net.r {
		return ls, fmt.Errorf("netsim: %s draws its intermediates among leaf routers, and this network has no routers without endpoints (it is direct): use an indirect network (mlfm, oft, spt, sspt, fattree, fattree_sc14, myrinet_clos), or val / ugal-threshold, whose intermediates are any router", routing)
	}
	return ls, nil
}

// random returns a leaf other than p's source and destination routers,
// uniformly (-1 if there is none).
func (ls leafSet) random(v *View, p *Packet) int32 {
	a, b := ls.index[p.SrcRouter], ls.index[p.DstRouter]
	excl := int32(1)
	if a != b {
		excl = 2
	}
	L := int32(len(ls.leaves))
	if L <= excl {
		return -1
	}
	lo, hi := min(a, b), max(a, b)
	i := int32(v.s.rng.IntN(int(L - excl)))
	if i >= lo {
		i++
	}
	if excl == 2 && i >= hi {
		i++
	}
	return ls.leaves[i]
}

// each calls f for every leaf random may return for p.
func (ls leafSet) each(p Packet, f func(i int32)) {
	for _, l := range ls.leaves {
		if l != p.SrcRouter && l != p.DstRouter {
			f(l)
		}
	}
}

// towardsAway returns the VC class of SC15 section 3.4's two-VC scheme:
// 0 on the way to the intermediate (and for minimal packets), 1 after it.
func towardsAway(p *Packet) int32 {
	if p.Flags&FlagNonMinimal != 0 && p.Inter < 0 {
		return 1
	}
	return 0
}

// leafHop routes p minimally (random among minimal ports) towards its
// intermediate, clearing it on arrival, then towards its destination, with
// the towards/away class.
func leafHop(n *Network, v *View, r int32, p *Packet) (int32, int32) {
	port := twoPhase(n, RandomPort, v, r, p)
	return port, towardsAway(p)
}

// eachLeafHop enumerates leafHop.
func eachLeafHop(n *Network, r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Inter == r {
		p.Inter = -1
	}
	t := p.Inter
	if t < 0 {
		t = p.DstRouter
	}
	cl := towardsAway(&p)
	RandomPort.each(n, r, t, func(port int32) { yield(port, cl, p) })
}

// ValiantLeaf is SC15's indirect random routing (INR) for networks with
// leaves (Kathareios et al., Cost-Effective Diameter-Two Topologies, SC15,
// sections 3.2 and 3.4): the intermediate is a leaf router drawn uniformly
// among those other than the source and destination routers, so that on
// MLFM and OFT every indirect path is exactly 4 hops; both phases route
// minimally (random among minimal ports). VCs: the towards/away scheme of
// section 3.4, class 0 until the packet reaches its intermediate, class 1
// after it (2 classes; on MLFM and OFT each class then carries towards-away
// routes only, which cannot form a cycle). Registered as "val-leaf".
type ValiantLeaf struct {
	net    *Network
	leaves leafSet
}

// NewValiantLeaf returns leaf-intermediate Valiant routing on an indirect
// network.
func NewValiantLeaf(net *Network) (*ValiantLeaf, error) {
	ls, err := newLeafSet(net, "val-leaf")
	if err != nil {
		return nil, err
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &ValiantLeaf{net: net, leaves: ls}, nil
}

// Name returns "val-leaf".
func (a *ValiantLeaf) Name() string { return "val-leaf" }

// Classes returns 2 (towards and away).
func (a *ValiantLeaf) Classes() int { return 2 }

// Route draws the intermediate at the source router and routes minimally
// towards it and on to the destination.
func (a *ValiantLeaf) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted == 0 {
		p.Flags |= FlagRouted
		if i := a.leaves.random(v, p); i >= 0 {
			p.Inter = i
			p.Flags |= FlagNonMinimal
		}
	}
	return leafHop(a.net, v, r, p)
}

// NextHops enumerates every leaf intermediate at the source router, then
// the minimal hops of both phases.
func (a *ValiantLeaf) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Flags&FlagRouted == 0 {
		p.Flags |= FlagRouted
		found := false
		a.leaves.each(p, func(i int32) {
			found = true
			q := p
			q.Inter = i
			q.Flags |= FlagNonMinimal
			eachLeafHop(a.net, r, q, yield)
		})
		if found {
			return
		}
	}
	eachLeafHop(a.net, r, p, yield)
}

// Defaults of UGALLeaf: c = 2 (SC15 Figs. 9a-12a), n_I = 4, no threshold.
const (
	DefaultLeafPenalty    = 2.0
	DefaultLeafCandidates = 4
)

// UGALLeaf is SC15's generic UGAL with a constant penalty for networks with
// leaves (MLFM-A, OFT-A; with a threshold MLFM-ATh, OFT-ATh; SC15 section
// 3.3): at the source router the minimal path costs C_M = q_M, the
// occupancy (View.Occupancy) of its first output port, and each of n_I
// indirect paths through a random leaf (as ValiantLeaf) costs C_I = c *
// q_I, with q_I the occupancy of its first output port; the cheapest path
// wins, ties going to the minimal path and then to the earlier candidate.
// With a threshold T > 0 (a fraction of the port buffer, View.PortCapacity)
// the packet goes minimally whenever q_M < T x capacity. Where several
// minimal first hops exist (MLFM routers of one column, OFT symmetric
// routers) the minimal path's is the one of lowest occupancy, ties at
// random (SC15's footnote 1, on the minimal path's cost, allows this or a
// random one). An indirect path is drawn at random whole ("n_I indirect
// routes are randomly selected"): its first hop is random among the
// minimal ports towards its intermediate, and q_I is that port's
// occupancy. Later hops are minimal, random among minimal ports, with the
// towards/away VC classes of ValiantLeaf.
//
// Revision 2 (RoutingRevision): revision 1 took the least occupied first
// hop towards a candidate intermediate too. On the MLFM that favours the
// candidates in the source's own column, whose first hop is the least
// occupied of all h up-links; their second half then crosses the global
// router of the minimal path, the very link that worst-case traffic
// overloads. With h = 15 under SC15's worst case, MLFM-A (c = 2, n_I = 5)
// saturated at 0.275 of the injection rate under revision 1; under
// revision 2 it accepts 0.448 of an offered 0.45 (INR: 0.475).
//
// Registered as "ugal-leaf" (c = 2, n_I = 4, T = 0) and
// "ugal-leaf:c=C,n=N,t=T" with any subset of the parameters.
type UGALLeaf struct {
	net        *Network
	leaves     leafSet
	c          float64
	candidates int
	threshold  float64
}

// NewUGALLeaf returns generic UGAL with leaf intermediates: penalty c > 0,
// candidates in [1, 64] and threshold in [0, 1].
func NewUGALLeaf(net *Network, c float64, candidates int, threshold float64) (*UGALLeaf, error) {
	if !(c > 0) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("netsim: ugal-leaf: penalty c = %g, want a finite c > 0", c)
	}
	if candidates < 1 || candidates > 64 {
		return nil, fmt.Errorf("netsim: ugal-leaf: n = %d candidates outside [1, 64]", candidates)
	}
	if !(threshold >= 0 && threshold <= 1) {
		return nil, fmt.Errorf("netsim: ugal-leaf: threshold t = %g outside [0, 1] (a fraction of the port buffer)", threshold)
	}
	ls, err := newLeafSet(net, "ugal-leaf")
	if err != nil {
		return nil, err
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &UGALLeaf{net: net, leaves: ls, c: c, candidates: candidates, threshold: threshold}, nil
}

// Name returns "ugal-leaf", with the parameters when they are not the
// defaults, so that NewRouting(net, Name()) rebuilds the routing.
func (u *UGALLeaf) Name() string {
	if u.c == DefaultLeafPenalty && u.candidates == DefaultLeafCandidates && u.threshold == 0 {
		return "ugal-leaf"
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return fmt.Sprintf("ugal-leaf:c=%s,n=%d,t=%s", f(u.c), u.candidates, f(u.threshold))
}

// Classes returns 2 (towards and away).
func (u *UGALLeaf) Classes() int { return 2 }

// leastOccupied returns the minimal port from r towards t of lowest
// occupancy (ties at random) and its occupancy.
func leastOccupied(n *Network, v *View, r, t int32) (int32, int32) {
	k := n.MinPorts(r, t)
	best := n.MinPort(r, t, 0)
	bq := v.Occupancy(r, best)
	ties := 1
	for i := 1; i < k; i++ {
		port := n.MinPort(r, t, i)
		switch q := v.Occupancy(r, port); {
		case q < bq:
			best, bq, ties = port, q, 1
		case q == bq:
			ties++
			if v.s.rng.IntN(ties) == 0 {
				best = port
			}
		}
	}
	return best, bq
}

// Route decides at the source router and follows the decision afterwards.
func (u *UGALLeaf) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted != 0 {
		return leafHop(u.net, v, r, p)
	}
	p.Flags |= FlagRouted
	port, qm := leastOccupied(u.net, v, r, p.DstRouter)
	if u.threshold > 0 && float64(qm) < u.threshold*float64(v.PortCapacity()) {
		return port, 0
	}
	best := float64(qm)
	bestInter, bestPort := int32(-1), port
	for range u.candidates {
		i := u.leaves.random(v, p)
		if i < 0 {
			break
		}
		ip := RandomPort.port(u.net, v, r, i)
		qi := v.Occupancy(r, ip)
		if c := u.c * float64(qi); c < best {
			best, bestInter, bestPort = c, i, ip
		}
	}
	if bestInter >= 0 {
		p.Inter = bestInter
		p.Flags |= FlagNonMinimal
	}
	return bestPort, 0
}

// NextHops enumerates, at the source router, every minimal first hop and
// every first hop towards every leaf intermediate, then the hops of the
// chosen path.
func (u *UGALLeaf) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Flags&FlagRouted != 0 {
		eachLeafHop(u.net, r, p, yield)
		return
	}
	p.Flags |= FlagRouted
	RandomPort.each(u.net, r, p.DstRouter, func(port int32) { yield(port, 0, p) })
	u.leaves.each(p, func(i int32) {
		q := p
		q.Inter = i
		q.Flags |= FlagNonMinimal
		RandomPort.each(u.net, r, i, func(port int32) { yield(port, 0, q) })
	})
}
