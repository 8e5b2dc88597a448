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
// a dimension, one direction). A ring's channels form a cycle, broken by
// the dateline scheme of Dally and Seitz, Deadlock-Free Message Routing
// in Multiprocessor Interconnection Networks, IEEE Trans. Computers
// C-36(5), 1987 (torus routing, two VC classes per channel): in the +1
// direction a hop from digit c towards digit t uses class 1 ("high") if
// c < t and class 0 ("low") if c > t (the packet still has to cross the
// wrap-around link from k-1 to 0, after which c < t); in the -1 direction
// class 1 if c > t and class 0 if c < t. Class-0 routes end at the
// wrap-around link and class-1 routes never reach it, so the dependencies
// of each class are acyclic; dimension order makes the whole CDG acyclic
// with 2 VCs (CheckDeadlockFree verifies it). Without datelines
// (NewDOR(net, false)) every hop uses class 0, which is cyclic on a ring
// of length >= 4.
type DOR struct {
	net      *Network
	n        int     // dimensions
	k        []int32 // length of dimension i
	wrap     []bool  // dimension i is a ring
	coord    []int32 // coord[r*n+i]
	plus     []int32 // plus[r*n+i]: port of r one step up in dimension i (-1: none)
	minus    []int32 // minus[r*n+i]: port one step down (-1: none)
	dateline bool
	classes  int
}

// NewDOR returns dimension-order routing on net, with the dateline VC
// classes on ring dimensions when dateline is true. It fails when the
// topology has no coordinates or a link does not join grid neighbours.
func NewDOR(net *Network, dateline bool) (*DOR, error) {
	top := net.top
	n := top.CoordDim
	if top.Coords == nil || n < 1 || len(top.Coords) != n*net.r {
		return nil, fmt.Errorf("netsim: dor needs router coordinates (torus, mesh, hypercube)")
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	d := &DOR{net: net, n: n, k: make([]int32, n), wrap: make([]bool, n), coord: top.Coords,
		plus: make([]int32, n*net.r), minus: make([]int32, n*net.r), dateline: dateline, classes: 1}
	for r := 0; r < net.r; r++ {
		for i := 0; i < n; i++ {
			c := top.Coords[r*n+i]
			if c < 0 {
				return nil, fmt.Errorf("netsim: dor: router %d has negative coordinate %d", r, c)
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
				return nil, fmt.Errorf("netsim: dor: link %d-%d does not join routers that differ in one coordinate", r, u)
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
				return nil, fmt.Errorf("netsim: dor: link %d-%d joins digits %d and %d of dimension %d (length %d)", r, u, a, b, dim, k)
			}
		}
	}
	if dateline {
		for _, w := range d.wrap {
			if w {
				d.classes = 2
			}
		}
	}
	return d, nil
}

// Name returns "dor" (or "dor-nodateline").
func (d *DOR) Name() string {
	if !d.dateline {
		return "dor-nodateline"
	}
	return "dor"
}

// Classes returns 2 with datelines on a network with a ring dimension,
// else 1.
func (d *DOR) Classes() int { return d.classes }

// next returns the port and class of the DOR hop from r towards t != r.
func (d *DOR) next(r, t int32) (int32, int32) {
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
		var class int32
		if d.classes > 1 && d.wrap[i] && ((up && c < g) || (!up && c > g)) {
			class = 1
		}
		return port, class
	}
	return -1, 0
}

// Route takes the dimension-order hop towards the destination router.
func (d *DOR) Route(_ *View, r int32, p *Packet) (int32, int32) {
	return d.next(r, p.DstRouter)
}

// NextHops enumerates the single DOR hop.
func (d *DOR) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	port, class := d.next(r, p.DstRouter)
	yield(port, class, p)
}
