package netsim

import "fmt"

// DOR is dimension-order routing on tori, meshes and hypercubes (Dally
// and Towles, Principles and Practices of Interconnection Networks, 2004,
// sections 8.4.1 and 14.2; e-cube routing on the hypercube): a packet
// corrects the lowest dimension in which its router's coordinates differ
// from the destination's first, one step at a time, and moves on to the
// next dimension only when that digit matches. On a ring it takes the
// shorter direction (ties: the +1 direction), so DOR is minimal.
//
// The dimensions come from Topology.Coords (the torus and mesh families:
// the digits, dimension 0 first; hypercube: the bits): a network link must
// join routers whose coordinates differ in exactly one dimension by +1 or
// -1 (mod the dimension's length). A dimension of length k >= 3 with a
// link from digit k-1 to digit 0 is a ring (torus), otherwise a line
// (mesh; length-2 dimensions of a torus and of a hypercube are single
// steps either way).
//
// Virtual channels: on a mesh or hypercube DOR is deadlock-free with one
// VC (the channel dependency graph follows the dimension order and, within
// a dimension, one direction). A ring's channels form a cycle, which two VC
// classes break (Dally and Seitz, Deadlock-Free Message Routing in
// Multiprocessor Interconnection Networks, IEEE Trans. Computers C-36(5),
// 1987). Two ways of assigning them are provided (DORScheme):
//
//   - DORPartition ("dor", the default, as BookSim2's dim_order_torus): a
//     packet picks its class when it enters a ring dimension, class 1 if
//     its route in that dimension crosses the wrap-around link (from k-1 to
//     0 going up, from 0 to k-1 going down), else class 0, and keeps it
//     until it leaves the dimension (the choice is kept in Packet.Aux, two
//     bits per dimension). Class-0 routes never cross the wrap-around link;
//     minimal class-1 routes start at most k/2 steps before it and end at
//     most k/2 steps after it, so the link half a ring away from it (from
//     k/2-1 to k/2 going up) carries none: the dependencies of each class
//     are acyclic.
//   - DORCrossing ("dor-crossing", the textbook dateline): a hop from digit
//     c towards digit t uses class 0 while the packet still has to cross
//     the wrap-around link (going up, c > t) and class 1 otherwise, so a
//     packet changes class at the dateline. Class-0 routes end at the
//     wrap-around link and class-1 routes never reach it. It needs no
//     packet state, which is why Duato's protocol uses it for its escape
//     paths (DuatoDOR), where adaptive hops come between escape hops.
//
// Both make the whole CDG acyclic with 2 VCs (CheckDeadlockFree verifies
// it); without datelines (NewDOR(net, false)) every hop uses class 0,
// which is cyclic on a ring of length >= 4.
//
// The schemes differ past saturation. With one VC per class the crossing
// scheme funnels every packet that still has to cross the dateline, from
// half of the ring, into the class-0 VC of the links before it, where the
// class-1 VC idles; the sources of that half starve behind their class-0
// head packets. On an 8 x 8 torus with 2 VCs of 8 flits (BookSim2 timing,
// uniform traffic) it saturates at 0.48 and its accepted load falls to
// 0.33 at offered 1 (Jain's fairness 0.49: the sources at x = 3 inject at
// full rate, those at x = 4..7 at 0.03 to 0.13); the partition scheme
// uses both classes on every link, saturates at 0.57 and holds 0.56 at
// offered 1 (fairness 0.85). TestTorusPastSaturation keeps these numbers.
type DOR struct {
	net     *Network
	n       int     // dimensions
	k       []int32 // length of dimension i
	wrap    []bool  // dimension i is a ring
	coord   []int32 // coord[r*n+i]
	plus    []int32 // plus[r*n+i]: port of r one step up in dimension i (-1: none)
	minus   []int32 // minus[r*n+i]: port one step down (-1: none)
	scheme  DORScheme
	classes int
}

// DORScheme is the VC class assignment of DOR on ring dimensions.
type DORScheme uint8

// DOR VC schemes (see DOR).
const (
	DORPartition  DORScheme = iota // class by whether the dimension's route crosses the wrap link
	DORCrossing                    // class 0 before the wrap link, 1 after it
	DORNoDateline                  // one class: deadlocks on rings of length >= 4
)

// dorNeeds says which topologies dimension-order routing (dor,
// dor-crossing and the escape paths of duato-dor) runs on, for errors.
const dorNeeds = "dor needs routers on a grid whose links join neighbours along one dimension: " +
	"a torus, mesh or hypercube (families torus, mesh, hypercube; hyperx and flattened_butterfly " +
	"with at most 3 routers per dimension)"

// dorElsewhere suggests routings for the networks DOR does not run on.
const dorElsewhere = "updown and duato-updown run on any network"

// NewDOR returns dimension-order routing on net, with the VC classes of
// DORPartition on ring dimensions when dateline is true (DORNoDateline
// otherwise). It fails when the topology has no coordinates or a link does
// not join grid neighbours.
func NewDOR(net *Network, dateline bool) (*DOR, error) {
	if dateline {
		return NewDORScheme(net, DORPartition)
	}
	return NewDORScheme(net, DORNoDateline)
}

// NewDORScheme returns dimension-order routing with the given VC scheme.
func NewDORScheme(net *Network, scheme DORScheme) (*DOR, error) {
	if scheme > DORNoDateline {
		return nil, fmt.Errorf("netsim: dor: unknown VC scheme %d", scheme)
	}
	top := net.top
	n := top.CoordDim
	if top.Coords == nil || n < 1 || len(top.Coords) != n*net.r {
		return nil, fmt.Errorf("netsim: %s; this topology is not one: its routers have no coordinates (%s)", dorNeeds, dorElsewhere)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	d := &DOR{net: net, n: n, k: make([]int32, n), wrap: make([]bool, n), coord: top.Coords,
		plus: make([]int32, n*net.r), minus: make([]int32, n*net.r), scheme: scheme, classes: 1}
	for r := 0; r < net.r; r++ {
		for i := 0; i < n; i++ {
			c := top.Coords[r*n+i]
			if c < 0 {
				return nil, fmt.Errorf("netsim: %s; this topology is not one: router %d has the negative coordinate %d (%s)", dorNeeds, r, c, dorElsewhere)
			}
			d.k[i] = max(d.k[i], c+1)
		}
	}
	for i := range d.plus {
		d.plus[i], d.minus[i] = -1, -1
	}
	for r := int32(0); r < int32(net.r); r++ {
		for port := int32(0); port < int32(net.Degree(r)); port++ {
			u := net.Neighbor(r, port)
			dim := -1
			for i := 0; i < n; i++ {
				if d.coord[int(r)*n+i] != d.coord[int(u)*n+i] {
					if dim >= 0 {
						dim = -2
						break
					}
					dim = i
				}
			}
			if dim < 0 {
				differ := "more than one coordinate"
				if dim == -1 {
					differ = "no coordinate"
				}
				return nil, fmt.Errorf("netsim: %s; this topology is not one: link %d-%d joins routers that differ in %s, not in exactly one (%s)", dorNeeds, r, u, differ, dorElsewhere)
			}
			k := d.k[dim]
			a, b := d.coord[int(r)*n+dim], d.coord[int(u)*n+dim]
			x := int(r)*n + dim
			switch {
			case b == a+1:
				if d.plus[x] < 0 {
					d.plus[x] = port
				} else if k == 2 && d.minus[x] < 0 {
					d.minus[x] = port // parallel link of a 2-ring
				}
			case b == a-1:
				if d.minus[x] < 0 {
					d.minus[x] = port
				} else if k == 2 && d.plus[x] < 0 {
					d.plus[x] = port
				}
			case k >= 3 && a == k-1 && b == 0:
				d.plus[x] = port
				d.wrap[dim] = true
			case k >= 3 && a == 0 && b == k-1:
				d.minus[x] = port
				d.wrap[dim] = true
			default:
				return nil, fmt.Errorf("netsim: %s; this topology is not one: link %d-%d joins coordinates %d and %d of dimension %d (length %d), which are not neighbours on a line or ring (%s)", dorNeeds, r, u, a, b, dim, k, dorElsewhere)
			}
		}
	}
	if n > 15 && scheme == DORPartition {
		return nil, fmt.Errorf("netsim: dor: %d dimensions, the partition scheme keeps 2 bits per dimension in 32 (use dor-crossing)", n)
	}
	if scheme != DORNoDateline {
		for _, w := range d.wrap {
			if w {
				d.classes = 2
			}
		}
	}
	return d, nil
}

// Name returns "dor", "dor-crossing" or "dor-nodateline".
func (d *DOR) Name() string {
	switch d.scheme {
	case DORCrossing:
		return "dor-crossing"
	case DORNoDateline:
		return "dor-nodateline"
	}
	return "dor"
}

// Classes returns 2 with datelines on a network with a ring dimension,
// else 1.
func (d *DOR) Classes() int { return d.classes }

// next returns the port and class of the DOR hop from r towards t != r
// for a packet whose partition-scheme bits are in *aux (updated).
func (d *DOR) next(r, t int32, aux *int32) (int32, int32) {
	n := d.n
	for i := 0; i < n; i++ {
		c, g := d.coord[int(r)*n+i], d.coord[int(t)*n+i]
		if c == g {
			continue
		}
		x := int(r)*n + i
		k := d.k[i]
		up := g > c
		if d.wrap[i] {
			f := g - c // steps in the +1 direction
			if f < 0 {
				f += k
			}
			up = f <= k-f
		}
		port := d.plus[x]
		if !up {
			port = d.minus[x]
		}
		if port < 0 { // a length-2 dimension may have one direction only
			port = max(d.plus[x], d.minus[x])
		}
		if d.classes < 2 || !d.wrap[i] {
			return port, 0
		}
		if d.scheme == DORCrossing {
			if (up && c < g) || (!up && c > g) {
				return port, 1
			}
			return port, 0
		}
		entered, crosses := int32(1)<<(2*i), int32(1)<<(2*i+1)
		if *aux&entered == 0 {
			*aux |= entered
			if (up && c > g) || (!up && c < g) {
				*aux |= crosses
			}
		}
		if *aux&crosses != 0 {
			return port, 1
		}
		return port, 0
	}
	return -1, 0
}

// Route takes the dimension-order hop towards the destination router.
func (d *DOR) Route(_ *View, r int32, p *Packet) (int32, int32) {
	return d.next(r, p.DstRouter, &p.Aux)
}

// NextHops enumerates the single DOR hop.
func (d *DOR) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	port, class := d.next(r, p.DstRouter, &p.Aux)
	yield(port, class, p)
}
