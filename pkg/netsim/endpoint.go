package netsim

import (
	"fmt"
	"math"
)

// firstGen samples the first packet creation of a Bernoulli process
// (probability pInj per channel cycle, starting at cycle 0) in ticks.
func (s *sim) firstGen() int32 {
	return s.addGap(0, s.gap()-1)
}

// gap samples the cycles between consecutive Bernoulli arrivals (>= 1).
func (s *sim) gap() int64 {
	if s.pInj >= 1 {
		return 1
	}
	u := s.trng.Float64()
	g := math.Floor(math.Log1p(-u)/s.logq) + 1
	if g > 1<<31 {
		return 1 << 31
	}
	return int64(g)
}

func (s *sim) addGap(t int32, cycles int64) int32 {
	x := int64(t) + cycles*int64(s.S)
	if x >= int64(s.neverTick) {
		return s.neverTick
	}
	return int32(x)
}

func (s *sim) at(t int32) *slot { return &s.wheel[t&s.wmask] }

// newPacket takes a packet record from the pool.
func (s *sim) newPacket() int32 {
	if n := len(s.free); n > 0 {
		id := s.free[n-1]
		s.free = s.free[:n-1]
		return id
	}
	s.pk = append(s.pk, Packet{})
	return int32(len(s.pk) - 1)
}

// inject lets every endpoint whose channel is free send one flit.
func (s *sim) inject() {
	now := s.now
	need := int32(1)
	if s.vct {
		need = s.size
	}
	for e := int32(0); e < s.E; e++ {
		if s.epFree[e] > now {
			continue
		}
		cur := s.epCur[e]
		if cur < 0 {
			if s.epNext[e] > now {
				continue
			}
			bv := s.injectionVC(e, need)
			if bv < 0 {
				continue
			}
			created := s.epNext[e]
			s.epNext[e] = s.addGap(created, s.gap())
			d := s.pat.Dest(e, s.trng)
			if d < 0 {
				continue
			}
			if d >= s.E {
				s.err = fmt.Errorf("netsim: pattern sent endpoint %d to %d, outside [0, %d)", e, d, s.E)
				return
			}
			cur = s.newPacket()
			p := &s.pk[cur]
			*p = Packet{
				Src: e, Dst: d, SrcRouter: s.net.epRtr[e], DstRouter: s.net.epRtr[d],
				Inter: -1, Size: s.size, created: created, injected: now, msg: -1,
			}
			if created >= s.w0 && created < s.w1 {
				p.measured = true
				s.measuredInj++
				s.measuredOut++
				s.measuredFlits += int64(s.size)
			}
			s.epCur[e] = cur
			s.epLeft[e] = s.size
			s.epVC[e] = bv
			s.busyEps++
		}
		ci := e<<s.vs | s.epVC[e]
		if s.epCred[ci] <= 0 {
			continue
		}
		s.sendFlit(e, ci, cur)
	}
}

// injectionVC returns the injection VC of endpoint e with the most credits,
// at least need of them, or -1.
func (s *sim) injectionVC(e, need int32) int32 {
	base := e << s.vs
	bv, bc := int32(-1), need-1
	for v := int32(0); v < s.V; v++ {
		if c := s.epCred[base|v]; c > bc {
			bv, bc = v, c
		}
	}
	return bv
}

// sendFlit sends the next flit of packet cur from endpoint e on its
// injection VC (credit index ci).
func (s *sim) sendFlit(e, ci, cur int32) {
	now := s.now
	s.epCred[ci]--
	sl := s.at(now + s.le)
	sl.flits = append(sl.flits, flitEv{s.epPort[e]<<s.vs | s.epVC[e], cur})
	s.pending++
	s.inNet++
	s.epFree[e] = now + s.S
	s.lastMove = now
	s.epLeft[e]--
	if s.epLeft[e] == 0 {
		s.epCur[e] = -1
		s.busyEps--
	}
}

// events processes the events due now.
func (s *sim) events() {
	sl := s.at(s.now)
	if n := len(sl.credits) + len(sl.epCredits) + len(sl.flits) + len(sl.ejects); n > 0 {
		s.pending -= int64(n)
	} else {
		return
	}
	for _, ov := range sl.credits {
		s.ov[ov].credits++
		pt := &s.ports[ov>>s.vs]
		pt.used--
		if s.vct {
			// A VC may now have room for a whole packet.
			s.rs[pt.rtr].vaWake = s.now
		}
	}
	for _, c := range sl.epCredits {
		s.epCred[c]++
	}
	flits := sl.flits
	for c := 0; c < len(flits); c += touchChunk {
		chunk := flits[c:min(c+touchChunk, len(flits))]
		s.touchArrivals(chunk)
		for _, f := range chunk {
			s.arrive(f)
			if s.err != nil {
				return
			}
		}
	}
	for _, f := range sl.ejects {
		s.eject(f.dst, f.pkt)
	}
	sl.credits = sl.credits[:0]
	sl.epCredits = sl.epCredits[:0]
	sl.flits = sl.flits[:0]
	sl.ejects = sl.ejects[:0]
}

// touchChunk is the number of arrivals whose state touchArrivals loads
// ahead of processing them.
const touchChunk = 64

// touchArrivals loads the input VC state and the packet record of every
// arrival of fs before any is processed. The loads are independent, so the
// processor overlaps their cache misses (up to its limit of outstanding
// misses) instead of waiting for each in turn; arrive then finds them in
// cache. The sum only keeps the compiler from dropping the loads.
func (s *sim) touchArrivals(fs []flitEv) {
	var x int32
	rt := s.net.rt
	for _, f := range fs {
		p := &s.pk[f.pkt]
		d := p.DstRouter
		if p.Inter >= 0 {
			d = p.Inter
		}
		x += s.iv[f.dst].len + rt.touch(s.ports[f.dst>>s.vs].rtr, d)
	}
	s.touchSink += x
}

// arrive puts flit f into its input VC.
func (s *sim) arrive(f flitEv) {
	{
		iv := f.dst
		gp := iv >> s.vs
		r := s.ports[gp].rtr
		st := &s.iv[iv]
		n := st.len
		if n >= s.B {
			s.err = fmt.Errorf("netsim: internal error: buffer overflow at input VC %d", iv)
			return
		}
		node := s.allocFlit()
		s.fl[node].pkt, s.fl[node].next = f.pkt, -1
		if n == 0 {
			st.head = node
		} else {
			s.fl[st.tail].next = node
		}
		st.tail = node
		st.len = n + 1
		s.rs[r].inBuf++
		if n == 0 {
			switch st.state {
			case vcIdle:
				s.startHead(r, iv, s.now)
			case vcActive:
				s.setSA(r, gp, iv&s.vmask, true)
			}
		}
	}
}

// eject delivers a flit that arrived at an endpoint over output VC ov.
func (s *sim) eject(ov, pkt int32) {
	sl := s.at(s.now + s.cd + s.le) // the credit crosses the ejection channel back
	sl.credits = append(sl.credits, ov)
	s.pending++
	s.inNet--
	s.ejFlits++
	p := &s.pk[pkt]
	p.recv++
	s.periodFlits++
	if s.inWindow {
		s.srcAcc[p.Src]++
		s.accFlits++
	}
	if p.recv < p.Size {
		return
	}
	s.delivered++
	lat := s.now - p.created
	zl := s.zeroLoad(p)
	s.periodLat += int64(lat)
	s.periodZL += zl
	s.periodN++
	if s.wl != nil {
		s.wl.delivered(p.msg)
		s.wl.lastDeliver = s.now
	}
	if p.measured {
		s.measuredOut--
		s.latH.add(lat)
		s.zlSum += zl
		s.netH.add(s.now - p.injected)
		s.hops.add(p.Hops)
		if p.Hops == s.net.Dist(p.SrcRouter, p.DstRouter) {
			s.minimal++
		}
	}
	s.free = append(s.free, pkt)
}
