package netsim

import "fmt"

// minimalOptions appends every minimal next hop of r towards d != r as an
// adaptive option of class class with packet flags flags.
func minimalOptions(n *Network, r, d, class int32, flags uint32, aux int32, opts []Option) []Option {
	for i := range n.MinPorts(r, d) {
		opts = append(opts, Option{Port: n.MinPort(r, d, i), Class: class, Flags: flags, Aux: aux})
	}
	return opts
}

// maxDegree returns the largest router degree of n.
func maxDegree(n *Network) int {
	m := 0
	for r := int32(0); r < int32(n.r); r++ {
		m = max(m, n.Degree(r))
	}
	return m
}

// MinAdaptive is fully adaptive minimal routing without escape channels:
// every minimal next hop is an option, on one VC class, and the router
// takes the free VC with the most credits. It deadlocks on networks whose
// minimal routes form cyclic channel dependencies (rings, tori, most
// direct networks; CheckDeadlockFree reports the cycle): it is the
// routing Duato's protocol makes deadlock-free by adding escape channels
// (DuatoDOR, DuatoUpDown). Registered as "min-adaptive".
type MinAdaptive struct {
	net *Network
	max int
}

// NewMinAdaptive returns fully adaptive minimal routing on net.
func NewMinAdaptive(net *Network) (*MinAdaptive, error) {
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &MinAdaptive{net: net, max: maxDegree(net)}, nil
}

// Name returns "min-adaptive".
func (m *MinAdaptive) Name() string { return "min-adaptive" }

// Classes returns 1.
func (m *MinAdaptive) Classes() int { return 1 }

// MaxOptions returns the largest router degree.
func (m *MinAdaptive) MaxOptions() int { return max(1, m.max) }

// Route is not used by the simulator (see AdaptiveRouting); it returns the
// first minimal port.
func (m *MinAdaptive) Route(_ *View, r int32, p *Packet) (int32, int32) {
	return m.net.MinPort(r, p.DstRouter, 0), 0
}

// Options offers every minimal next hop.
func (m *MinAdaptive) Options(r int32, p *Packet, opts []Option) []Option {
	return minimalOptions(m.net, r, p.DstRouter, 0, p.Flags, p.Aux, opts)
}

// DuatoDOR is Duato's protocol with dimension-order escape paths (Duato,
// A New Theory of Deadlock-Free Adaptive Routing in Wormhole Networks,
// IEEE TPDS 4(12), 1993; Dally and Towles, Principles and Practices of
// Interconnection Networks, section 14.3) on tori, meshes and hypercubes,
// the routing of tori and hypercubes in the layout paper (Koibuchi et al.,
// section III-C). A packet may take any minimal next hop on an adaptive VC;
// when no adaptive VC of a minimal hop is free it takes the dimension-order
// hop (DOR) on an escape VC of the DOR class (the dateline classes of a
// ring dimension, in the memoryless DORCrossing scheme), and at the next
// router it may return to adaptive VCs.
//
// VC classes: the DOR classes first (2 with a ring dimension, else 1), one
// VC each; the adaptive class last, with every other VC (ClassVCs): with 4
// VCs, 2 adaptive on a torus and 3 on a hypercube or mesh. The escape
// sub-network is DOR, whose channel dependency graph is acyclic; an escape
// channel is followed by escape or adaptive channels of minimal routes, so
// the extended dependency graph stays acyclic (CheckDeadlockFree verifies
// it). Registered as "duato-dor".
type DuatoDOR struct {
	dor *DOR
	esc int32 // escape classes
	max int
}

// NewDuatoDOR returns Duato's protocol with DOR escape paths on net (a
// torus, mesh or hypercube: routers with coordinates).
func NewDuatoDOR(net *Network) (*DuatoDOR, error) {
	d, err := NewDORScheme(net, DORCrossing)
	if err != nil {
		return nil, fmt.Errorf("%w; duato-dor escapes by dimension order, so it needs the same", err)
	}
	return &DuatoDOR{dor: d, esc: int32(d.Classes()), max: maxDegree(net) + 1}, nil
}

// Name returns "duato-dor".
func (d *DuatoDOR) Name() string { return "duato-dor" }

// Classes returns the DOR classes plus the adaptive class.
func (d *DuatoDOR) Classes() int { return int(d.esc) + 1 }

// ClassVCs gives each escape class one VC and the adaptive class the rest.
func (d *DuatoDOR) ClassVCs(vcs int) []int { return escapeLayout(int(d.esc), vcs) }

// MaxOptions returns the largest router degree plus one.
func (d *DuatoDOR) MaxOptions() int { return d.max }

// Route is not used by the simulator; it returns the DOR hop.
func (d *DuatoDOR) Route(_ *View, r int32, p *Packet) (int32, int32) {
	var aux int32
	return d.dor.next(r, p.DstRouter, &aux)
}

// Options offers every minimal next hop on the adaptive class and the DOR
// hop as the escape.
func (d *DuatoDOR) Options(r int32, p *Packet, opts []Option) []Option {
	opts = minimalOptions(d.dor.net, r, p.DstRouter, d.esc, 0, 0, opts)
	var aux int32 // the crossing scheme keeps no state
	port, class := d.dor.next(r, p.DstRouter, &aux)
	return append(opts, Option{Port: port, Class: class, Escape: true})
}

// DuatoUpDown is topology-agnostic adaptive routing with up*/down* escape
// paths (Silla and Duato, High-Performance Routing in Networks of
// Workstations with Irregular Topology, IEEE TPDS 11(7), 2000), the
// routing of random topologies in the layout paper (Koibuchi et al.,
// section III-C): a packet may take any minimal next hop on an adaptive
// VC; when none has a free VC it takes a next hop of a shortest legal
// up*/down* route (UpDownTree) on the escape VC. A packet that arrived on
// an escape down link may continue on escape VCs only by down links; after
// an adaptive hop its escape route starts afresh from the router it is at.
//
// A packet returns to the adaptive VCs after an escape hop, as Duato's
// protocol allows, unless that hop took it no closer to its destination (a
// shortest legal route need not be a shortest path): from then on it stays
// on the escape VCs (FlagEscapeOnly). Without this rule a packet could
// alternate escape hops away from its destination and adaptive hops back
// forever; with it, every hop before the commitment shortens the distance
// to the destination and every hop after it the legal distance, so every
// route ends, and the escape sub-network keeps every packet connected.
//
// VC classes: escape (one VC) and adaptive (the rest). In virtual
// cut-through the escape sub-network's direct dependencies are those of
// up*/down*, which are acyclic; in wormhole switching a packet may hold an
// escape down channel while it requests an escape up channel after
// adaptive hops (an indirect dependency), and CheckDeadlockFreeFC reports
// the cycles that this can close on a given network. Registered as
// "duato-updown" (default root) and "duato-updown:root=R".
type DuatoUpDown struct {
	net  *Network
	tree *UpDownTree
	name string
	max  int
}

// NewDuatoUpDown returns adaptive routing with up*/down* escape paths on
// net from root (< 0: the default root, DefaultUpDownRoot).
func NewDuatoUpDown(net *Network, root int32) (*DuatoUpDown, error) {
	t, err := NewUpDownTree(net, root)
	if err != nil {
		return nil, err
	}
	name := "duato-updown"
	if root >= 0 {
		name = fmt.Sprintf("duato-updown:root=%d", root)
	}
	return &DuatoUpDown{net: net, tree: t, name: name, max: 2 * maxDegree(net)}, nil
}

// Name returns "duato-updown" or "duato-updown:root=R".
func (d *DuatoUpDown) Name() string { return d.name }

// Classes returns 2: escape (class 0) and adaptive (class 1).
func (d *DuatoUpDown) Classes() int { return 2 }

// ClassVCs gives the escape class one VC and the adaptive class the rest.
func (d *DuatoUpDown) ClassVCs(vcs int) []int { return escapeLayout(1, vcs) }

// MaxOptions returns twice the largest router degree.
func (d *DuatoUpDown) MaxOptions() int { return max(1, d.max) }

// Tree returns the up*/down* orientation of the escape paths.
func (d *DuatoUpDown) Tree() *UpDownTree { return d.tree }

// Route is not used by the simulator; it returns the first minimal port.
func (d *DuatoUpDown) Route(_ *View, r int32, p *Packet) (int32, int32) {
	return d.net.MinPort(r, p.DstRouter, 0), 1
}

// Options offers every minimal next hop on the adaptive class (unless the
// packet is committed to the escape VCs) and every next hop of a shortest
// legal up*/down* route as escapes.
func (d *DuatoUpDown) Options(r int32, p *Packet, opts []Option) []Option {
	committed := p.Flags&FlagEscapeOnly != 0
	if !committed {
		opts = minimalOptions(d.net, r, p.DstRouter, 1, p.Flags&^FlagDown, p.Aux, opts)
	}
	dist := d.net.Dist(r, p.DstRouter)
	d.tree.each(r, p.DstRouter, p.Flags&FlagDown != 0, func(port int32, down bool) {
		f := p.Flags &^ FlagDown
		if down {
			f |= FlagDown
		}
		if d.net.Dist(d.net.Neighbor(r, port), p.DstRouter) >= dist {
			f |= FlagEscapeOnly
		}
		opts = append(opts, Option{Port: port, Class: 0, Escape: true, Flags: f, Aux: p.Aux})
	})
	return opts
}
