package netsim

import "fmt"

// Option is one next hop an AdaptiveRouting offers for a packet at a
// router: a network port and a VC class, whether it is an escape option of
// Duato's protocol, and the packet's routing state after taking it.
type Option struct {
	Port  int32
	Class int32
	// Escape marks an option of the escape sub-network: the VC allocator
	// grants an escape option only when no non-escape option of the packet
	// has a free virtual channel (Duato's protocol).
	Escape bool
	// Flags and Aux become the packet's Flags and Aux when this option is
	// granted.
	Flags uint32
	Aux   int32
}

// AdaptiveRouting is a routing algorithm that offers several next hops and
// lets the router choose among them with the state of the moment: when the
// head flit reaches the front of its input VC the simulator asks for the
// options, and VC allocation grants the free output VC with the most
// credits among the non-escape options (ties at random with the router's
// random stream), or, when none is free, among the escape options. The
// packet waits in VC allocation until one is free, and the choice is made
// again every router cycle.
//
// Options must depend only on the router, the packet and the topology, not
// on the simulation state (which the allocator reads instead): the
// deadlock analysis (cdg.go) enumerates them as every choice the routing
// can make. Route of an AdaptiveRouting is not used by the simulator.
type AdaptiveRouting interface {
	Routing
	// MaxOptions returns the most options Options appends for one packet.
	MaxOptions() int
	// Options appends the next-hop options of p at router r (not the
	// destination router, or p.Inter >= 0) to opts and returns it. It must
	// return at least one option.
	Options(r int32, p *Packet, opts []Option) []Option
}

// VCLayout is implemented by routings whose VC classes need unequal shares
// of the virtual channels of a port (Duato's escape classes take one VC
// each, the adaptive class the rest). Without it, class k of C uses VCs
// [k*vcs/C, (k+1)*vcs/C).
type VCLayout interface {
	// ClassVCs returns the number of VCs of each class, for vcs >= Classes()
	// VCs per port: Classes() entries, each at least 1, summing to vcs.
	ClassVCs(vcs int) []int
}

// classRanges returns the VC range [lo[k], hi[k]) of each class of rt on
// vcs VCs per port (vcs >= rt.Classes()).
func classRanges(rt Routing, vcs int) (lo, hi []int32, err error) {
	C := rt.Classes()
	lo, hi = make([]int32, C), make([]int32, C)
	if l, ok := rt.(VCLayout); ok {
		n := l.ClassVCs(vcs)
		if len(n) != C {
			return nil, nil, fmt.Errorf("netsim: routing %s: ClassVCs(%d) gave %d classes, want %d", rt.Name(), vcs, len(n), C)
		}
		at := 0
		for k, c := range n {
			if c < 1 {
				return nil, nil, fmt.Errorf("netsim: routing %s: class %d has %d VCs", rt.Name(), k, c)
			}
			lo[k], hi[k] = int32(at), int32(at+c)
			at += c
		}
		if at != vcs {
			return nil, nil, fmt.Errorf("netsim: routing %s: ClassVCs(%d) sums to %d", rt.Name(), vcs, at)
		}
		return lo, hi, nil
	}
	for k := 0; k < C; k++ {
		lo[k] = int32(k * vcs / C)
		hi[k] = int32((k + 1) * vcs / C)
	}
	return lo, hi, nil
}

// escapeLayout gives each of the first escape classes one VC and the
// remaining class (the adaptive one, last) every other VC.
func escapeLayout(escape, vcs int) []int {
	n := make([]int, escape+1)
	for k := 0; k < escape; k++ {
		n[k] = 1
	}
	n[escape] = vcs - escape
	return n
}
