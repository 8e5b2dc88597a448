package netsim

import "fmt"

// UGALPF is PolarFly's adaptive routing UGAL_PF (Lakhotia et al.,
// PolarFly, SC22), as its authors implement it in SST Merlin's polarfly
// topology (routeUgalpf): UGAL whose Valiant candidates are chosen so
// that non-minimal paths stay short. At the source router, when the
// destination router is not adjacent, the candidates are neighbours of
// the source (a non-minimal path of at most 1 + 2 hops on a diameter-2
// network, instead of up to 4); when it is adjacent, any router. Of
// Candidates candidates the one whose first output port is least occupied
// is compared with the minimal path: the packet goes minimally iff
// q_min <= Mult x q_val + Threshold x capacity (occupancies in flits of
// the first output port, capacity the port's buffer, View.PortCapacity).
// The authors use Mult = 1.5 and a bias of 50 of their queue units, for
// their buffers; the threshold here is a fraction of the port buffer as in
// ugal-threshold, 0.1 by default (DefaultUGALThreshold), so that a packet
// or two queued at an otherwise idle source do not send traffic the long
// way. Later hops route minimally to the intermediate and on to the
// destination; VCs are hop-indexed (2 x diameter classes).
type UGALPF struct {
	net        *Network
	choice     Choice
	candidates int
	mult       float64
	threshold  float64
}

// Defaults of UGAL_PF (SST Merlin's routeUgalpf: 4 tries, 3/2).
const (
	DefaultPFCandidates = 4
	DefaultPFMultiplier = 1.5
)

// NewUGALPF returns UGAL_PF with the given candidates (>= 1), multiplier
// (>= 1) and threshold (a fraction of the port buffer, in [0, 1]).
func NewUGALPF(net *Network, candidates int, mult, threshold float64) (*UGALPF, error) {
	if candidates < 1 || !(mult >= 1) || !(threshold >= 0 && threshold <= 1) {
		return nil, fmt.Errorf("netsim: ugal-pf: n = %d (want >= 1), m = %g (want >= 1), t = %g (want 0..1)", candidates, mult, threshold)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &UGALPF{net: net, choice: RandomPort, candidates: candidates, mult: mult, threshold: threshold}, nil
}

// Name returns "ugal-pf".
func (u *UGALPF) Name() string { return "ugal-pf" }

// Classes returns twice the diameter (at least 1).
func (u *UGALPF) Classes() int { return max(1, 2*u.net.Diameter()) }

// Route decides between the minimal and a Valiant path at the source
// router and follows the decision afterwards.
func (u *UGALPF) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted != 0 {
		return twoPhase(u.net, u.choice, v, r, p), p.Hops
	}
	p.Flags |= FlagRouted
	n := u.net
	minPort := u.choice.port(n, v, r, p.DstRouter)
	qMin := v.Occupancy(r, minPort)
	adjacent := n.Dist(r, p.DstRouter) == 1
	deg := n.Degree(r)
	bestInter, bestPort := int32(-1), int32(-1)
	qVal := int32(0)
	for range u.candidates {
		var i int32
		if adjacent || deg == 0 {
			if i = randomInter(v, n.r, p); i < 0 {
				break
			}
		} else {
			i = n.Neighbor(r, int32(v.s.rng.IntN(int(deg))))
		}
		ip := u.choice.port(n, v, r, i)
		if q := v.Occupancy(r, ip); bestInter < 0 || q < qVal {
			bestInter, bestPort, qVal = i, ip, q
		}
	}
	if bestInter < 0 || float64(qMin) <= u.mult*float64(qVal)+u.threshold*float64(v.PortCapacity()) {
		return minPort, p.Hops
	}
	p.Inter = bestInter
	p.Flags |= FlagNonMinimal
	return bestPort, p.Hops
}
