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
func (s *shard) own(t int32) *slot { return at(s.wheel, t&s.wmask) }

// to returns the inbox for the events this shard sends to shard k due at
// tick t.
func (s *shard) to(k uint16, t int32) *inbox {
	h := *at(s.shards, int32(k))
	return at(at(h.wheel, t&s.wmask).from, s.k)
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
// each of its endpoints in each router cycle of its coming step. It runs
// between steps, when no shard reads the records.
func (s *sim) topUp() error {
	// A shard that runs short gets at least a quarter of its share of the
	// records in use (amortized growth); the share, not the whole, so that
	// many shards growing in one call do not compound.
	share := len(s.pk) / 4 / len(s.shards)
	for _, h := range s.shards {
		need := int(h.e1-h.e0) * int(s.look)
		if len(h.free) >= need {
			continue
		}
		grow := max(need, share, 64)
		if int64(len(s.pk))+int64(grow) > math.MaxInt32 {
			return fmt.Errorf("netsim: more than 2^31 packets in flight")
		}
		n := int32(len(s.pk))
		s.pk = growHuge(s.pk, grow)
		for i := int32(grow) - 1; i >= 0; i-- {
			h.free = append(h.free, n+i)
		}
	}
	return nil
}

// inject lets every endpoint e0 <= e < e1 of router r whose channel is
// free send one flit. It notes in the router's epWake the first tick at
// which one of them may act again (a credit for an endpoint sets it to
// the tick it arrives), and does nothing before it.
func (s *shard) inject(r, e0, e1 int32) {
	sm, now := s.sim, s.now
	rs := at(sm.rs, r)
	if rs.epWake > now {
		return
	}
	wake := sm.neverTick
	need := int32(1)
	if sm.vct {
		need = sm.size
	}
	vs := sm.vs & 31
	for e := e0; e < e1; e++ {
		ep := at(sm.eps, e)
		if t := ep.free; t > now {
			wake = min(wake, t)
			continue
		}
		cur := ep.cur
		if cur < 0 {
			if t := ep.next; t > now {
				wake = min(wake, t)
				continue
			}
			bv := sm.injectionVC(e, need)
			if bv < 0 {
				continue
			}
			created := ep.next
			s.useEp(e)
			ep.next = sm.addGap(created, s.gap())
			d := sm.pat.Dest(e, s.rng)
			if d < 0 {
				wake = min(wake, ep.next)
				continue
			}
			if d >= sm.E {
				s.err = fmt.Errorf("netsim: pattern sent endpoint %d to %d, outside [0, %d)", e, d, sm.E)
				return
			}
			cur = s.newPacket()
			p := at(sm.pk, cur)
			*p = Packet{
				Src: e, Dst: d, SrcRouter: sm.net.EndpointRouter(e), DstRouter: sm.net.EndpointRouter(d),
				Inter: -1, Size: sm.size, created: created, injected: now, msg: -1,
			}
			if created >= sm.w0 && created < sm.w1 {
				p.measured = true
				s.measuredInj++
				s.measuredOut++
				s.measuredFlits += int64(sm.size)
			}
			ep.cur = cur
			ep.left = sm.size
			ep.vc = bv
			s.busyEps++
		}
		ci := e<<vs | ep.vc
		if *at(sm.epCred, ci) <= 0 {
			continue
		}
		s.sendFlit(r, e, ci, cur)
		wake = min(wake, ep.free)
	}
	rs.epWake = wake
}

// injectionVC returns the injection VC of endpoint e with the most credits,
// at least need of them, or -1.
func (s *sim) injectionVC(e, need int32) int32 {
	base := e << (s.vs & 31)
	bv, bc := int32(-1), need-1
	for v := int32(0); v < s.V; v++ {
		if c := *at(s.epCred, base|v); c > bc {
			bv, bc = v, c
		}
	}
	return bv
}

// sendFlit sends the next flit of packet cur from endpoint e (of router r)
// on its injection VC (credit index ci).
func (s *shard) sendFlit(r, e, ci, cur int32) {
	sm, now := s.sim, s.now
	ep := at(sm.eps, e)
	*at(sm.epCred, ci)--
	in := s.to(uint16(s.k), now+sm.le)
	in.evs = append(in.evs, event{r, *at(sm.epPort, e)<<(sm.vs&31) | ep.vc, cur})
	s.pending++
	s.inNet++
	ep.free = now + sm.S
	s.lastMove = now
	ep.left--
	if ep.left == 0 {
		ep.cur = -1
		s.busyEps--
	}
}

// gather sorts the events due in the shard's step (ticks sim.now to
// sim.now+look-1) by router and tick into evBuf (a counting sort: the
// events of router r at tick sim.now+j are evBuf[evIdx[i]:evIdx[i+1]], i =
// (r-r0)*look + j), and delivers the step's ejections, which touch no
// router state. The wheel's slots of the step are emptied.
func (s *shard) gather() {
	t0, L := s.sim.now, s.look
	cnt := s.evIdx
	clear(cnt)
	n := 0
	r0 := s.r0
	for j := int32(0); j < L; j++ {
		sl := at(s.wheel, (t0+j)&s.wmask)
		for k := range sl.from {
			evs := sl.from[k].evs
			for _, ev := range evs {
				*at(cnt, (ev.r-r0)*L+j)++
			}
			n += len(evs)
		}
	}
	sum := int32(0)
	for i, c := range cnt {
		cnt[i] = sum
		sum += c
	}
	if cap(s.evBuf) < n {
		s.evBuf = make([]event, n, n+n/4)
	}
	s.evBuf = s.evBuf[:n]
	buf := s.evBuf
	for j := int32(0); j < L; j++ {
		sl := at(s.wheel, (t0+j)&s.wmask)
		for k := range sl.from {
			evs := sl.from[k].evs
			for _, ev := range evs {
				c := at(cnt, (ev.r-r0)*L+j)
				*at(buf, *c) = ev
				*c++
			}
			sl.from[k].evs = evs[:0]
		}
	}
	// cnt[i] is now the end of bucket i: shift to starts.
	copy(cnt[1:], cnt[:len(cnt)-1])
	cnt[0] = 0
	s.pending -= int64(n)
	for j := int32(0); j < L; j++ {
		sl := at(s.wheel, (t0+j)&s.wmask)
		s.now = t0 + j
		s.pending -= int64(len(sl.ejects))
		ej := sl.ejects
		if s.touch {
			s.prefetchEjects(ej[:min(touchChunk, len(ej))])
		}
		for c := 0; c < len(ej); c += touchChunk {
			chunk := ej[c:min(c+touchChunk, len(ej))]
			if s.touch {
				// Two stages: the packet records of the next chunk, and
				// what this chunk's records (prefetched one chunk ago)
				// point to.
				if next := c + touchChunk; next < len(ej) {
					s.prefetchEjects(ej[next:min(next+touchChunk, len(ej))])
				}
				s.prefetchDelivery(chunk)
			}
			for _, ev := range chunk {
				s.eject(ev.r, ev.a, ev.b)
			}
		}
		sl.ejects = ej[:0]
	}
}

// touchChunk is the number of ejections whose packet records gather
// prefetches ahead of delivering them.
const touchChunk = 32

// apply applies the events evs due at router r now: credits, arrivals.
// It reports whether a head reached the front of an idle input VC.
func (s *shard) apply(r int32, evs []event) (heads bool) {
	sm, now := s.sim, s.now
	vs := sm.vs & 31
	rs := at(sm.rs, r)
	for _, ev := range evs {
		switch ev.b {
		case evCredit:
			at(sm.ov, ev.a).credits++
			at(sm.ports, ev.a>>vs).used--
			if sm.vct {
				// A VC may now have room for a whole packet.
				rs.vaWake = now
			}
		case evEpCredit:
			*at(sm.epCred, ev.a)++
			rs.epWake = now
		default:
			if s.arrive(r, ev.a, ev.b) {
				heads = true
			}
		}
	}
	return heads
}

// arrive puts a flit of packet pkt into input VC iv of router r and
// reports whether it is a head at the front of an idle VC, which is routed
// after all arrivals of the cycle (startHeads).
func (s *shard) arrive(r, iv, pkt int32) bool {
	sm := s.sim
	st := at(sm.iv, iv)
	n := st.len
	if n >= sm.B {
		s.err = fmt.Errorf("netsim: internal error: buffer overflow at input VC %d", iv)
		return false
	}
	node := s.allocFlit()
	fl := s.fl
	fn := at(fl, node)
	fn.pkt, fn.next = pkt, -1
	if n == 0 {
		st.head = node
	} else {
		at(fl, st.tail).next = node
	}
	st.tail = node
	st.len = n + 1
	rs := at(sm.rs, r)
	rs.inBuf++
	if n > 0 {
		return false
	}
	gp := iv >> (sm.vs & 31)
	switch st.state {
	case vcIdle:
		// At most one flit crosses a channel per router cycle, so a port
		// has at most one new head.
		i := gp - rs.off
		*at(sm.newAct, rs.words+i>>6) |= 1 << (i & 63)
		at(sm.ports, gp).newV = uint8(iv & sm.vmask)
		return true
	case vcActive:
		sm.setSA(r, gp, iv&sm.vmask, true)
	}
	return false
}

// routeHeads routes the heads that arrived at idle VCs of router r in this
// cycle, in ascending port order: the router's decisions then depend only
// on its own state and random stream, not on the order in which flits
// from different shards were delivered.
func (s *shard) routeHeads(r int32) {
	rs := at(s.rs, r)
	w := s.portBits(s.newAct, r)
	for i, word := range w {
		for word != 0 {
			b := int32(bits.TrailingZeros64(word))
			word &= word - 1
			gp := rs.off + int32(i)*64 + b
			s.startHead(r, gp<<(s.vs&31)|int32(at(s.ports, gp).newV), s.now)
		}
		w[i] = 0
	}
}

// eject delivers a flit that arrived at an endpoint of router r over
// output VC ov.
func (s *shard) eject(r, ov, pkt int32) {
	in := s.to(uint16(s.k), s.now+s.cd+s.le) // the credit crosses the ejection channel back
	in.evs = append(in.evs, event{r, ov, evCredit})
	s.pending++
	s.inNet--
	s.ejFlits++
	p := at(s.pk, pkt)
	p.recv++
	s.periodFlits++
	if s.inWindow {
		*at(s.srcAcc, p.Src)++
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
		s.wl.srcLast[p.Src] = s.now
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
