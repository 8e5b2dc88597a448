package netsim

import (
	"fmt"
	"math"
	"math/bits"
)

// firstGen samples the first packet creation of a Bernoulli process
// (probability pInj per channel cycle, starting at cycle 0) in ticks, from
// the stream in use (an endpoint's).
func (s *shard) firstGen() int32 {
	return s.addGap(0, s.gap()-1)
}

// gap samples the cycles between consecutive Bernoulli arrivals (>= 1):
// floor(X/lambda) + 1 for X exponential with mean 1 is geometric with
// success probability 1 - e^-lambda = pInj.
func (s *shard) gap() int64 {
	if s.pInj >= 1 {
		return 1
	}
	g := math.Floor(s.rng.ExpFloat64()/s.lambda) + 1
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

// own returns the slot of this shard's own events (endpoint credits,
// ejections) due at tick t.
func (s *shard) own(t int32) *slot { return &s.wheel[t&s.wmask] }

// to returns the inbox for the events this shard sends to shard k due at
// tick t.
func (s *shard) to(k uint16, t int32) *inbox {
	return &s.shards[k].wheel[t&s.wmask].from[s.k]
}

// newPacket takes a packet record from the shard's free list, which topUp
// keeps at least as long as the shard's endpoints (one new packet per
// endpoint and router cycle at most).
func (s *shard) newPacket() int32 {
	n := len(s.free)
	id := s.free[n-1]
	s.free = s.free[:n-1]
	return id
}

// topUp grows the packet records so that every shard can start a packet at
// each of its endpoints in the coming router cycle. It runs between router
// cycles, when no shard reads the records.
func (s *sim) topUp() error {
	for _, h := range s.shards {
		need := int(h.e1 - h.e0)
		if len(h.free) >= need {
			continue
		}
		grow := max(need, len(s.pk)/4, 64)
		if int64(len(s.pk))+int64(grow) > math.MaxInt32 {
			return fmt.Errorf("netsim: more than 2^31 packets in flight")
		}
		n := int32(len(s.pk))
		s.pk = append(s.pk, make([]Packet, grow)...)
		for i := int32(grow) - 1; i >= 0; i-- {
			h.free = append(h.free, n+i)
		}
	}
	return nil
}

// inject lets every endpoint of the shard whose channel is free send one
// flit.
func (s *shard) inject() {
	now := s.now
	need := int32(1)
	if s.vct {
		need = s.size
	}
	for e := s.e0; e < s.e1; e++ {
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
			s.useEp(e)
			s.epNext[e] = s.addGap(created, s.gap())
			d := s.pat.Dest(e, s.rng)
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
func (s *shard) sendFlit(e, ci, cur int32) {
	now := s.now
	s.epCred[ci]--
	in := s.to(uint16(s.k), now+s.le)
	in.flits = append(in.flits, flitEv{s.epPort[e]<<s.vs | s.epVC[e], cur})
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

// events processes the events due now at the shard: credits, arrivals
// (and the routing of the heads among them, router by router in port
// order), ejections.
func (s *shard) events() {
	sl := &s.wheel[s.now&s.wmask]
	n := len(sl.epCredits) + len(sl.ejects)
	for k := range sl.from {
		n += len(sl.from[k].credits) + len(sl.from[k].flits)
	}
	if n == 0 {
		return
	}
	s.pending -= int64(n)
	for k := range sl.from {
		for _, ov := range sl.from[k].credits {
			s.ov[ov].credits++
			pt := &s.ports[ov>>s.vs]
			pt.used--
			if s.vct {
				// A VC may now have room for a whole packet.
				s.rs[pt.rtr].vaWake = s.now
			}
		}
		sl.from[k].credits = sl.from[k].credits[:0]
	}
	for _, c := range sl.epCredits {
		s.epCred[c]++
	}
	for k := range sl.from {
		flits := sl.from[k].flits
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
		sl.from[k].flits = flits[:0]
	}
	s.startHeads()
	for _, f := range sl.ejects {
		s.eject(f.dst, f.pkt)
	}
	sl.epCredits = sl.epCredits[:0]
	sl.ejects = sl.ejects[:0]
}

// touchChunk is the number of arrivals whose state touchArrivals loads
// ahead of processing them.
const touchChunk = 64

// touchArrivals loads the input VC and port state of every arrival of fs
// before any is processed. The loads are independent, so the
// processor overlaps their cache misses (up to its limit of outstanding
// misses) instead of waiting for each in turn; arrive then finds them in
// cache. The sum only keeps the compiler from dropping the loads.
func (s *shard) touchArrivals(fs []flitEv) {
	var x int32
	for _, f := range fs {
		x += s.iv[f.dst].len + s.ports[f.dst>>s.vs].rtr
	}
	s.touchSink += x
}

// arrive puts flit f into its input VC. A head reaching the front of an
// idle VC is routed after all arrivals of the cycle (startHeads).
func (s *shard) arrive(f flitEv) {
	iv := f.dst
	gp := iv >> s.vs
	pt := &s.ports[gp]
	r := pt.rtr
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
			// At most one flit crosses a channel per router cycle, so a
			// port has at most one new head.
			rs := &s.rs[r]
			w := s.portBits(s.newAct, r)
			if allZero(w) {
				s.newRtrs = append(s.newRtrs, r)
			}
			i := gp - rs.off
			w[i>>6] |= 1 << (i & 63)
			pt.newV = uint8(iv & s.vmask)
		case vcActive:
			s.setSA(r, gp, iv&s.vmask, true)
		}
	}
}

// allZero reports whether every word of w is 0.
func allZero(w []uint64) bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}

// startHeads routes the heads that arrived at idle VCs in this cycle,
// router by router, each router's in ascending port order: a router's
// decisions then depend only on its own state and random stream, not on
// the order in which flits from different shards were delivered.
func (s *shard) startHeads() {
	for c := 0; c < len(s.newRtrs); c += touchChunk / 4 {
		chunk := s.newRtrs[c:min(c+touchChunk/4, len(s.newRtrs))]
		s.touchHeads(chunk)
		s.routeHeads(chunk)
	}
	s.newRtrs = s.newRtrs[:0]
}

// touchHeads loads the packet records and next-hop entries of the new
// heads at routers rs (see touchArrivals).
func (s *shard) touchHeads(rtrs []int32) {
	var x int32
	t := s.net.rt
	for _, r := range rtrs {
		rs := &s.rs[r]
		for i, word := range s.portBits(s.newAct, r) {
			for word != 0 {
				gp := rs.off + int32(i)*64 + int32(bits.TrailingZeros64(word))
				word &= word - 1
				p := &s.pk[s.fl[s.iv[gp<<s.vs|int32(s.ports[gp].newV)].head].pkt]
				d := p.DstRouter
				if p.Inter >= 0 {
					d = p.Inter
				}
				x += t.touch(r, d)
			}
		}
	}
	s.touchSink += x
}

// routeHeads routes the new heads at routers rtrs.
func (s *shard) routeHeads(rtrs []int32) {
	for _, r := range rtrs {
		rs := &s.rs[r]
		w := s.portBits(s.newAct, r)
		for i, word := range w {
			for word != 0 {
				b := int32(bits.TrailingZeros64(word))
				word &= word - 1
				gp := rs.off + int32(i)*64 + b
				s.startHead(r, gp<<s.vs|int32(s.ports[gp].newV), s.now)
			}
			w[i] = 0
		}
	}
}

// eject delivers a flit that arrived at an endpoint over output VC ov.
func (s *shard) eject(ov, pkt int32) {
	in := s.to(uint16(s.k), s.now+s.cd+s.le) // the credit crosses the ejection channel back
	in.credits = append(in.credits, ov)
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
