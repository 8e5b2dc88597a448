package netsim

import (
	"fmt"
	"math"
	"strconv"
)

// UGALThreshold is UGAL with a threshold, the SF-ATh / MLFM-ATh / OFT-ATh
// routing of Kathareios, Minkenberg, Prisacari, Rodriguez and Hoefler,
// Cost-Effective Diameter-Two Topologies: Analysis and Evaluation, SC15,
// section 3.3. At the source router the packet takes the minimal path when
// the occupancy q_M of its first output port is below the threshold T
// (Threshold x the port's buffer, View.PortCapacity: SC15 expresses T "as
// a percentage of the buffer size" and uses T = 10%); otherwise it runs
// generic UGAL: the minimal path costs C_M = q_M, each of Candidates (n_I)
// random Valiant paths (intermediate router other than the source and
// destination routers, as in Valiant) costs C_I = c * q_I with the
// penalty c = (L_I / L_M) * C (SC15's Slim Fly form with c_SF = C, L the
// path lengths in hops), and the cheapest path wins (ties: the minimal
// path, then the earlier candidate). Costs are compared as L_M * q_M
// against C * L_I * q_I. Later routers follow the decision with minimal
// (RandomPort) hops; VCs are hop-indexed as for UGAL (2 x diameter
// classes: 4 on a Slim Fly, SC15 section 3.4).
//
// With Threshold 0 and C = 1 the decisions, and the random draws, are
// those of UGAL-L (SC14), so the two give identical runs. SC15's constant
// c of MLFM and OFT (c not scaled by the path lengths) is not provided:
// on those families L_I / L_M is 2 for every non-adjacent pair anyway.
//
// Registered as "ugal-threshold" (T = 0.1, C = 1, n_I = 4) and
// "ugal-threshold:t=T,c=C,n=N" with any subset of the parameters.
type UGALThreshold struct {
	net        *Network
	choice     Choice
	threshold  float64
	c          float64
	candidates int
}

// Defaults of UGALThreshold: T = 10% (SC15, Figs. 8, 11, 12), c_SF = 1
// and n_I = 4 (SC15 Fig. 7b; SC14's 4 candidates).
const (
	DefaultUGALThreshold  = 0.1
	DefaultUGALPenalty    = 1.0
	DefaultUGALCandidates = 4
)

// NewUGALThreshold returns UGAL with threshold threshold (fraction of the
// port buffer, in [0, 1]), penalty factor c > 0 and candidates Valiant
// candidates (1..64).
func NewUGALThreshold(net *Network, threshold, c float64, candidates int, choice Choice) (*UGALThreshold, error) {
	if !(threshold >= 0 && threshold <= 1) {
		return nil, fmt.Errorf("netsim: ugal-threshold: threshold t = %g outside [0, 1] (a fraction of the port buffer)", threshold)
	}
	if !(c > 0) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("netsim: ugal-threshold: penalty c = %g, want a finite c > 0", c)
	}
	if candidates < 1 || candidates > 64 {
		return nil, fmt.Errorf("netsim: ugal-threshold: n = %d candidates outside [1, 64]", candidates)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &UGALThreshold{net: net, choice: choice, threshold: threshold, c: c, candidates: candidates}, nil
}

// Name returns "ugal-threshold", with the parameters when they are not
// the defaults ("ugal-threshold:t=0.2,c=1,n=4"), so that NewRouting(net,
// Name()) rebuilds the routing.
func (u *UGALThreshold) Name() string {
	if u.threshold == DefaultUGALThreshold && u.c == DefaultUGALPenalty && u.candidates == DefaultUGALCandidates {
		return "ugal-threshold"
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return fmt.Sprintf("ugal-threshold:t=%s,c=%s,n=%d", f(u.threshold), f(u.c), u.candidates)
}

// Classes returns twice the diameter (at least 1).
func (u *UGALThreshold) Classes() int { return max(1, 2*u.net.Diameter()) }

// Route decides at the source router and follows the decision afterwards.
func (u *UGALThreshold) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted != 0 {
		return twoPhase(u.net, u.choice, v, r, p), p.Hops
	}
	p.Flags |= FlagRouted
	n := u.net
	port := u.choice.port(n, v, r, p.DstRouter)
	qm := v.Occupancy(r, port)
	if float64(qm) < u.threshold*float64(v.PortCapacity()) {
		return port, p.Hops
	}
	best := float64(n.Dist(r, p.DstRouter)) * float64(qm)
	bestInter, bestPort := int32(-1), port
	for range u.candidates {
		i := randomInter(v, n.r, p)
		if i < 0 {
			break
		}
		ip := u.choice.port(n, v, r, i)
		c := u.c * float64(n.Dist(r, i)+n.Dist(i, p.DstRouter)) * float64(v.Occupancy(r, ip))
		if c < best {
			best, bestInter, bestPort = c, i, ip
		}
	}
	if bestInter >= 0 {
		p.Inter = bestInter
		p.Flags |= FlagNonMinimal
	}
	return bestPort, p.Hops
}

// NextHops enumerates the minimal path and every Valiant intermediate at
// the source router (the threshold only restricts which is chosen), then
// the hops of the chosen path.
func (u *UGALThreshold) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	(&UGAL{net: u.net, choice: u.choice, candidates: u.candidates}).NextHops(r, p, yield)
}
