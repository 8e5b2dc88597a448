package netsim

import (
	"fmt"
	"math/bits"
)

// startHead routes the packet at the front of idle input VC iv of r; it
// takes part in VC allocation from tick earliest on (and after the routing
// delay).
func (s *shard) startHead(r, iv, earliest int32) {
	sm := s.sim
	st := at(sm.iv, iv)
	p := at(sm.pk, at(s.fl, st.head).pkt)
	rs := at(sm.rs, r)
	var o, lo, hi int32
	// The routing's view: the input port, the router, its random stream.
	s.curIn, s.view.cur = iv>>(sm.vs&31), r
	s.useRt(r)
	switch {
	case r == p.DstRouter && p.Inter < 0:
		o, lo, hi = *at(sm.epPort, p.Dst), 0, sm.V
	case sm.ad != nil:
		o, lo, hi = s.options(r, iv, p)
		p.Hops++
	default:
		port, class := sm.rt.Route(&s.view, r, p)
		if port < 0 || port >= rs.deg || class < 0 || class >= sm.classes {
			s.err = fmt.Errorf("netsim: routing %s chose port %d (of %d) and class %d (of %d) at router %d for a packet %d -> %d after %d hops",
				sm.rt.Name(), port, rs.deg, class, sm.classes, r, p.Src, p.Dst, p.Hops)
			port, class = 0, 0
		}
		o, lo, hi = rs.off+port, sm.classLo[class], sm.classHi[class]
		p.Hops++
		sm.addPath(p, o)
	}
	ready := max(s.now+sm.rd, earliest)
	st.out, st.lo, st.hi = o, uint8(lo), uint8(hi)
	st.state = vcVA
	st.ready = ready
	st.left = p.Size
	*at(sm.vaBuf, rs.off*sm.V+rs.vaN) = iv
	rs.vaN++
	rs.vaWake = min(rs.vaWake, ready)
}

// addPath adds the latency of global output port o to p's path latency,
// for the zero-load latency of its route, when links differ (with links of
// one latency it is the hop count times that latency).
func (s *sim) addPath(p *Packet, o int32) {
	if s.linkLat < 0 {
		p.pathLat += s.ports[o].lat
	}
}

// options asks the adaptive routing for p's next hops at r. A single
// non-escape option is applied at once and returned as the route (global
// output port and VC range); several are stored for VC allocation
// (iv.nopt) and the returned route is unused.
func (s *shard) options(r, iv int32, p *Packet) (o, lo, hi int32) {
	opts := s.ad.Options(r, p, s.optBuf[:0])
	s.optBuf = opts[:0]
	if len(opts) == 0 || len(opts) > int(s.maxOpt) {
		s.err = fmt.Errorf("netsim: routing %s gave %d options (want 1..%d) at router %d for a packet %d -> %d after %d hops",
			s.rt.Name(), len(opts), s.maxOpt, r, p.Src, p.Dst, p.Hops)
		return s.rs[r].off, 0, 1
	}
	off, deg := s.rs[r].off, s.rs[r].deg
	for _, op := range opts {
		if op.Port < 0 || op.Port >= deg || op.Class < 0 || op.Class >= s.classes {
			s.err = fmt.Errorf("netsim: routing %s offered port %d (of %d) and class %d (of %d) at router %d for a packet %d -> %d after %d hops",
				s.rt.Name(), op.Port, deg, op.Class, s.classes, r, p.Src, p.Dst, p.Hops)
			return off, 0, 1
		}
	}
	if len(opts) == 1 && !opts[0].Escape {
		op := opts[0]
		p.Flags, p.Aux = op.Flags, op.Aux
		s.addPath(p, off+op.Port)
		return off + op.Port, s.classLo[op.Class], s.classHi[op.Class]
	}
	copy(s.opts[iv*s.maxOpt:], opts)
	s.iv[iv].nopt = uint8(len(opts))
	return off, 0, 1
}

// step runs one router cycle of router r: VC allocation, switch
// allocation and traversal, output channel transmission. VC allocation
// sees the state of the start of the cycle: an output VC released by a
// tail in this cycle's switch allocation, and the next packet of the input
// VC that tail leaves, take part in VC allocation from the next router
// cycle on (as in BookSim2's IQ router, whose stage evaluations precede
// the updates of the same internal step). Switch allocation runs first,
// which keeps the VC states it touched in cache for VC allocation; a
// released VC is marked free from the next cycle (freeFrom) and a next
// packet becomes ready then (traverse). With VCAllocDelay 0 a VC granted
// in this cycle may be switched in it, so VC allocation runs first.
func (s *shard) step(r int32) {
	rs := at(s.rs, r)
	if s.vad == 0 && rs.vaN > 0 && rs.vaWake <= s.now {
		s.vcAlloc(r)
	}
	if rs.inBuf > 0 {
		s.switchAlloc(r)
	}
	if s.vad > 0 && rs.vaN > 0 && rs.vaWake <= s.now {
		s.vcAlloc(r)
	}
	if rs.inOq > 0 {
		s.transmit(r)
	}
}

// switchAlloc is a separable input-first allocator: every input port picks
// one of its eligible VCs round-robin, then every output port grants one
// requesting input round-robin. Only the ports with candidates (saAct) are
// visited, in ascending order.
func (s *shard) switchAlloc(r int32) {
	sm := s.sim
	rs := at(sm.rs, r)
	off, np := rs.off, rs.np
	ports, ivs, ovs, touched := sm.ports, sm.iv, sm.ov, s.touched
	vs, V := sm.vs&31, sm.V
	nt := int32(0)
	now := s.now
	act := sm.portBits(sm.saAct, r)
	for w, word := range act {
		for word != 0 {
			b := int32(bits.TrailingZeros64(word))
			word &= word - 1
			p := off + int32(w)*64 + b
			pt := at(ports, p)
			m := pt.saMask
			chosen := int32(-1)
			v := pt.inRR
			for k := int32(0); k < V; k, v = k+1, v+1 {
				if v >= V {
					v -= V
				}
				if m&(1<<(v&63)) == 0 {
					continue
				}
				iv := p<<vs | v
				st := at(ivs, iv)
				if st.ready > now || at(ovs, st.out<<vs|st.outVC).credits <= 0 {
					continue
				}
				chosen = iv
				break
			}
			if chosen < 0 {
				continue
			}
			o := at(ivs, chosen).out
			po := at(ports, o)
			key := p - off - po.outRR
			if key < 0 {
				key += np
			}
			if po.saBest < 0 {
				*at(touched, nt) = o
				nt++
				po.saBest, po.saKey = chosen, key
			} else if key < po.saKey {
				po.saBest, po.saKey = chosen, key
			}
		}
	}
	for _, o := range touched[:nt] {
		po := at(ports, o)
		iv := po.saBest
		po.saBest = -1
		s.traverse(r, iv, o)
	}
}

// portBits returns router r's words of a per-port bitmask (saAct, oqAct,
// newAct): bit i for port rs[r].off + i.
func (s *sim) portBits(a []uint64, r int32) []uint64 {
	rs := at(s.rs, r)
	return a[rs.words : rs.words+(rs.np+63)/64]
}

// setSA sets or clears bit v of the switch allocation mask of port p of
// router r, keeping the router's active-port bits in step.
func (s *sim) setSA(r, p, v int32, on bool) {
	pt := at(s.ports, p)
	if on {
		if pt.saMask == 0 {
			rs := at(s.rs, r)
			i := p - rs.off
			*at(s.saAct, rs.words+i>>6) |= 1 << (i & 63)
		}
		pt.saMask |= 1 << (v & 63)
		return
	}
	pt.saMask &^= 1 << (v & 63)
	if pt.saMask == 0 {
		rs := at(s.rs, r)
		i := p - rs.off
		*at(s.saAct, rs.words+i>>6) &^= 1 << (i & 63)
	}
}

// allocFlit returns a free flit node.
func (s *shard) allocFlit() int32 {
	if n := s.flFree; n >= 0 {
		s.flFree = at(s.fl, n).next
		return n
	}
	s.fl = growHuge(s.fl, 1)
	return int32(len(s.fl) - 1)
}

// traverse moves the front flit of input VC iv through the crossbar into
// the output queue of port o.
func (s *shard) traverse(r, iv, o int32) {
	// The state in locals: a store through s would make the compiler
	// reload every slice of s after it.
	sm, now := s.sim, s.now
	vs := sm.vs & 31
	ports, fl := sm.ports, s.fl
	p := iv >> vs
	v := iv & sm.vmask
	st := at(sm.iv, iv)
	n := st.head
	fn := at(fl, n)
	st.head = fn.next
	st.len--
	if st.len == 0 {
		st.tail = -1
	}
	rs := at(sm.rs, r)
	rs.inBuf--
	ovc := st.outVC
	ov := at(sm.ov, o<<vs|ovc)
	ov.credits--
	po := at(ports, o)
	po.used++
	// The node moves on to the output queue.
	fn.next, fn.ready, fn.vc = -1, now+sm.sad, ovc
	if po.oqLen == 0 {
		po.oqHead = n
		i := o - rs.off
		*at(sm.oqAct, rs.words+i>>6) |= 1 << (i & 63)
	} else {
		at(fl, po.oqTail).next = n
	}
	po.oqTail = n
	po.oqLen++
	rs.inOq++
	// Return the freed slot to the upstream router or endpoint: the credit
	// crosses the link back (the output channel of port p leads to the same
	// neighbour) after the credit delay.
	pi := at(ports, p)
	t := now + sm.cd + pi.lat
	if up := pi.peer; up >= 0 {
		in := s.to(pi.pshard, t)
		in.evs = append(in.evs, event{pi.peerRtr, up<<vs | v, evCredit})
	} else {
		in := s.to(uint16(s.k), t)
		in.evs = append(in.evs, event{r, (-1-up)<<vs | v, evEpCredit})
	}
	s.pending++
	if v+1 == sm.V {
		pi.inRR = 0
	} else {
		pi.inRR = v + 1
	}
	in := p - rs.off + 1
	if in == rs.np {
		in = 0
	}
	po.outRR = in
	s.lastMove = now
	st.left--
	if st.left == 0 {
		// Tail: release the output VC and start the next packet, both for
		// VC allocation from the next router cycle on.
		ov.owner = freeFrom(now + 1)
		rs.vaWake = min(rs.vaWake, now+1)
		rs.vaRel = now
		st.state = vcIdle
		s.setSA(r, p, v, false)
		if st.len > 0 {
			s.startHead(r, iv, now+1)
		}
	} else if st.len == 0 {
		s.setSA(r, p, v, false)
	}
}

// vcAlloc grants output VCs to waiting heads, oldest request first; a
// head gets the free VC of its class with the most credits (in virtual
// cut-through only VCs with room for the whole packet). A head with
// adaptive options takes the free VC with the most credits among its
// non-escape options (ties at random), else among its escape options.
func (s *shard) vcAlloc(r int32) {
	rs := at(s.rs, r)
	list := s.vaBuf[rs.off*s.V : rs.off*s.V+rs.vaN]
	ivs, ovs, vs := s.iv, s.ov, s.vs
	k := int32(0)
	now := s.now
	wake := s.neverTick
	for _, iv := range list {
		st := at(ivs, iv)
		if t := st.ready; t > now {
			*at(list, k) = iv
			k++
			wake = min(wake, t)
			continue
		}
		need := int32(0)
		if s.vct {
			need = at(s.pk, at(s.fl, st.head).pkt).Size - 1
		}
		o := st.out
		best, bc := int32(-1), need-1
		if st.nopt > 0 {
			o, best = s.chooseOption(r, iv, need)
		} else {
			base := o << (vs & 31)
			for v := int32(st.lo); v < int32(st.hi); v++ {
				if ov := at(ovs, base|v); isFree(ov.owner, now) && ov.credits > bc {
					best, bc = v, ov.credits
				}
			}
		}
		if best < 0 {
			*at(list, k) = iv
			k++
			continue
		}
		at(ovs, o<<(vs&31)|best).owner = iv
		st.out = o
		st.outVC = best
		st.state = vcActive
		st.ready = now + s.vad
		s.setSA(r, iv>>(vs&31), iv&s.vmask, true)
	}
	rs.vaN = k
	// Heads that failed wait for a release or credits; a VC released in
	// this cycle's switch allocation is free from the next cycle.
	if rs.vaRel == now {
		wake = min(wake, now+1)
	}
	rs.vaWake = wake
}

// chooseOption picks the output VC of a head with adaptive options: the
// free VC (with room for need+1 flits) with the most credits among the
// non-escape options, ties broken at random; if there is none, the same
// among the escape options. On success it applies the option's packet
// state and returns the global output port and the VC; else best < 0.
func (s *shard) chooseOption(r, iv, need int32) (o, best int32) {
	opts := s.opts[iv*s.maxOpt : iv*s.maxOpt+int32(s.iv[iv].nopt)]
	off := s.rs[r].off
	s.useRt(r)
	for _, escape := range [2]bool{false, true} {
		bestOpt, bc, ties := -1, need-1, 0
		best = -1
		for i := range opts {
			op := &opts[i]
			if op.Escape != escape {
				continue
			}
			gp := off + op.Port
			for v := s.classLo[op.Class]; v < s.classHi[op.Class]; v++ {
				ov := gp<<(s.vs&31) | v
				if !isFree(s.ov[ov].owner, s.now) {
					continue
				}
				switch c := s.ov[ov].credits; {
				case c > bc:
					bestOpt, best, bc, ties = i, v, c, 1
				case c == bc && bestOpt >= 0:
					// Reservoir sampling: uniform among the equally good.
					ties++
					if s.rng.IntN(ties) == 0 {
						bestOpt, best = i, v
					}
				}
			}
		}
		if bestOpt >= 0 {
			op := &opts[bestOpt]
			p := &s.pk[s.fl[s.iv[iv].head].pkt]
			p.Flags, p.Aux = op.Flags, op.Aux
			s.addPath(p, off+op.Port)
			s.iv[iv].nopt = 0
			return off + op.Port, best
		}
	}
	return -1, -1
}

// transmit sends one flit on every output channel that is free and has a
// flit through the crossbar; only ports with a non-empty output queue
// (oqAct) are visited, in ascending order.
func (s *shard) transmit(r int32) {
	sm, now := s.sim, s.now
	rs := at(sm.rs, r)
	ports, fl := sm.ports, s.fl
	vs := sm.vs & 31
	act := sm.portBits(sm.oqAct, r)
	for w := range act {
		word := act[w]
		for word != 0 {
			b := int32(bits.TrailingZeros64(word))
			word &= word - 1
			o := rs.off + int32(w)*64 + b
			po := at(ports, o)
			if po.chanFree > now {
				continue
			}
			n := po.oqHead
			fn := at(fl, n)
			if fn.ready > now {
				continue
			}
			pkt, vc := fn.pkt, fn.vc
			po.oqHead = fn.next
			po.oqLen--
			if po.oqLen == 0 {
				po.oqTail = -1
				act[w] &^= 1 << b
			}
			fn.next = s.flFree
			s.flFree = n
			rs.inOq--
			po.chanFree = now + sm.S
			if d := po.peer; d >= 0 {
				in := s.to(po.pshard, now+po.lat)
				in.evs = append(in.evs, event{po.peerRtr, d<<vs | vc, pkt})
				if sm.inWindow {
					*at(sm.linkCnt, o)++
				}
			} else {
				sl := s.own(now + po.lat)
				sl.ejects = append(sl.ejects, event{r, o<<vs | vc, pkt})
			}
			s.pending++
			s.lastMove = now
		}
	}
}

// freeFrom returns the owner value of an output VC that is free from tick
// t on: -1 for t <= -1 (free), -t-2 otherwise.
func freeFrom(t int32) int32 { return -t - 2 }

// isFree reports whether an output VC with owner value owner is free at
// tick now (owner < 0: free from tick -owner-2).
func isFree(owner, now int32) bool { return owner < 0 && -owner-2 <= now }
