package netsim

import (
	"fmt"
)

// startHead routes the packet at the front of idle input VC iv of r; it
// takes part in VC allocation from tick earliest on (and after the routing
// delay).
func (s *sim) startHead(r, iv, earliest int32) {
	pkt := s.ivBuf[iv*s.B+s.iv[iv].head]
	p := &s.pk[pkt]
	var o, lo, hi int32
	switch {
	case r == p.DstRouter && p.Inter < 0:
		o, lo, hi = s.epPort[p.Dst], 0, s.V
	case s.ad != nil:
		o, lo, hi = s.options(r, iv, p)
		p.Hops++
	default:
		s.curIn = iv >> s.vs
		port, class := s.rt.Route(&s.view, r, p)
		if port < 0 || port >= s.deg[r] || class < 0 || class >= s.classes {
			s.err = fmt.Errorf("netsim: routing %s chose port %d (of %d) and class %d (of %d) at router %d for a packet %d -> %d after %d hops",
				s.rt.Name(), port, s.deg[r], class, s.classes, r, p.Src, p.Dst, p.Hops)
			port, class = 0, 0
		}
		o, lo, hi = s.portOff[r]+port, s.classLo[class], s.classHi[class]
		p.Hops++
		s.addPath(p, o)
	}
	ready := max(s.now+s.rd, earliest)
	s.iv[iv].out, s.iv[iv].lo, s.iv[iv].hi = o, uint8(lo), uint8(hi)
	s.iv[iv].state = vcVA
	s.iv[iv].ready = ready
	s.iv[iv].left = p.Size
	s.vaBuf[s.vaOff[r]+s.vaN[r]] = iv
	s.vaN[r]++
	s.vaWake[r] = min(s.vaWake[r], ready)
}

// addPath adds the latency of global output port o to p's path latency,
// for the zero-load latency of its route, when links differ (with links of
// one latency it is the hop count times that latency).
func (s *sim) addPath(p *Packet, o int32) {
	if s.linkLat < 0 {
		p.pathLat += s.lat[o]
	}
}

// options asks the adaptive routing for p's next hops at r. A single
// non-escape option is applied at once and returned as the route (global
// output port and VC range); several are stored for VC allocation
// (iv.nopt) and the returned route is unused.
func (s *sim) options(r, iv int32, p *Packet) (o, lo, hi int32) {
	opts := s.ad.Options(r, p, s.optBuf[:0])
	s.optBuf = opts[:0]
	if len(opts) == 0 || len(opts) > int(s.maxOpt) {
		s.err = fmt.Errorf("netsim: routing %s gave %d options (want 1..%d) at router %d for a packet %d -> %d after %d hops",
			s.rt.Name(), len(opts), s.maxOpt, r, p.Src, p.Dst, p.Hops)
		return s.portOff[r], 0, 1
	}
	for _, op := range opts {
		if op.Port < 0 || op.Port >= s.deg[r] || op.Class < 0 || op.Class >= s.classes {
			s.err = fmt.Errorf("netsim: routing %s offered port %d (of %d) and class %d (of %d) at router %d for a packet %d -> %d after %d hops",
				s.rt.Name(), op.Port, s.deg[r], op.Class, s.classes, r, p.Src, p.Dst, p.Hops)
			return s.portOff[r], 0, 1
		}
	}
	if len(opts) == 1 && !opts[0].Escape {
		op := opts[0]
		p.Flags, p.Aux = op.Flags, op.Aux
		s.addPath(p, s.portOff[r]+op.Port)
		return s.portOff[r] + op.Port, s.classLo[op.Class], s.classHi[op.Class]
	}
	copy(s.opts[iv*s.maxOpt:], opts)
	s.iv[iv].nopt = uint8(len(opts))
	return s.portOff[r], 0, 1
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
func (s *sim) step(r int32) {
	if s.vad == 0 && s.vaN[r] > 0 && s.vaWake[r] <= s.now {
		s.vcAlloc(r)
	}
	if s.inBuf[r] > 0 {
		s.switchAlloc(r)
	}
	if s.vad > 0 && s.vaN[r] > 0 && s.vaWake[r] <= s.now {
		s.vcAlloc(r)
	}
	if s.inOq[r] > 0 {
		s.transmit(r)
	}
}

// switchAlloc is a separable input-first allocator: every input port picks
// one of its eligible VCs round-robin, then every output port grants one
// requesting input round-robin.
func (s *sim) switchAlloc(r int32) {
	off, end := s.portOff[r], s.portOff[r+1]
	np := end - off
	nt := 0
	now := s.now
	for p := off; p < end; p++ {
		m := s.saMask[p]
		if m == 0 {
			continue
		}
		chosen := int32(-1)
		v := s.inRR[p]
		for k := int32(0); k < s.V; k, v = k+1, v+1 {
			if v >= s.V {
				v -= s.V
			}
			if m&(1<<v) == 0 {
				continue
			}
			iv := p<<s.vs | v
			if s.iv[iv].ready > now || s.ov[s.iv[iv].out<<s.vs|s.iv[iv].outVC].credits <= 0 {
				continue
			}
			chosen = iv
			break
		}
		if chosen < 0 {
			continue
		}
		o := s.iv[chosen].out
		key := p - off - s.outRR[o]
		if key < 0 {
			key += np
		}
		if s.saBest[o] < 0 {
			s.touched[nt] = o
			nt++
			s.saBest[o], s.saKey[o] = chosen, key
		} else if key < s.saKey[o] {
			s.saBest[o], s.saKey[o] = chosen, key
		}
	}
	for i := 0; i < nt; i++ {
		o := s.touched[i]
		iv := s.saBest[o]
		s.saBest[o] = -1
		s.traverse(r, iv, o)
	}
}

// traverse moves the front flit of input VC iv through the crossbar into
// the output queue of port o.
func (s *sim) traverse(r, iv, o int32) {
	p := iv >> s.vs
	v := iv & s.vmask
	h := s.iv[iv].head
	pkt := s.ivBuf[iv*s.B+h]
	if h++; h == s.B {
		h = 0
	}
	s.iv[iv].head = h
	s.iv[iv].len--
	s.inBuf[r]--
	ovc := s.iv[iv].outVC
	ov := o<<s.vs | ovc
	s.ov[ov].credits--
	s.used[o]++
	q := s.oqHead[o] + s.oqLen[o]
	if q >= s.Q {
		q -= s.Q
	}
	idx := o*s.Q + q
	s.oq[idx].pkt = pkt
	s.oq[idx].vc = uint8(ovc)
	s.oq[idx].ready = s.now + s.sad
	s.oqLen[o]++
	s.inOq[r]++
	// Return the freed slot to the upstream router or endpoint: the credit
	// crosses the link back (the output channel of port p leads to the same
	// neighbour) after the credit delay.
	sl := s.at(s.now + s.cd + s.lat[p])
	if up := s.peer[p]; up >= 0 {
		sl.credits = append(sl.credits, up<<s.vs|v)
	} else {
		sl.epCredits = append(sl.epCredits, s.portEp[p]<<s.vs|v)
	}
	s.pending++
	if v+1 == s.V {
		s.inRR[p] = 0
	} else {
		s.inRR[p] = v + 1
	}
	in := p - s.portOff[r] + 1
	if in == s.portOff[r+1]-s.portOff[r] {
		in = 0
	}
	s.outRR[o] = in
	s.lastMove = s.now
	s.iv[iv].left--
	if s.iv[iv].left == 0 {
		// Tail: release the output VC and start the next packet, both for
		// VC allocation from the next router cycle on.
		s.ov[ov].owner = freeFrom(s.now + 1)
		s.vaWake[r] = min(s.vaWake[r], s.now+1)
		s.vaRel[r] = s.now
		s.iv[iv].state = vcIdle
		s.saMask[p] &^= 1 << v
		if s.iv[iv].len > 0 {
			s.startHead(r, iv, s.now+1)
		}
	} else if s.iv[iv].len == 0 {
		s.saMask[p] &^= 1 << v
	}
}

// vcAlloc grants output VCs to waiting heads, oldest request first; a
// head gets the free VC of its class with the most credits (in virtual
// cut-through only VCs with room for the whole packet). A head with
// adaptive options takes the free VC with the most credits among its
// non-escape options (ties at random), else among its escape options.
func (s *sim) vcAlloc(r int32) {
	list := s.vaBuf[s.vaOff[r] : s.vaOff[r]+s.vaN[r]]
	k := 0
	now := s.now
	wake := s.neverTick
	for _, iv := range list {
		if t := s.iv[iv].ready; t > now {
			list[k] = iv
			k++
			wake = min(wake, t)
			continue
		}
		need := int32(0)
		if s.vct {
			need = s.pk[s.ivBuf[iv*s.B+s.iv[iv].head]].Size - 1
		}
		o := s.iv[iv].out
		best, bc := int32(-1), need-1
		if s.iv[iv].nopt > 0 {
			o, best = s.chooseOption(r, iv, need)
		} else {
			for v := int32(s.iv[iv].lo); v < int32(s.iv[iv].hi); v++ {
				ov := o<<s.vs | v
				if isFree(s.ov[ov].owner, now) && s.ov[ov].credits > bc {
					best, bc = v, s.ov[ov].credits
				}
			}
		}
		if best < 0 {
			list[k] = iv
			k++
			continue
		}
		s.ov[o<<s.vs|best].owner = iv
		s.iv[iv].out = o
		s.iv[iv].outVC = best
		s.iv[iv].state = vcActive
		s.iv[iv].ready = now + s.vad
		s.saMask[iv>>s.vs] |= 1 << (iv & s.vmask)
	}
	s.vaN[r] = int32(k)
	// Heads that failed wait for a release or credits; a VC released in
	// this cycle's switch allocation is free from the next cycle.
	if s.vaRel[r] == now {
		wake = min(wake, now+1)
	}
	s.vaWake[r] = wake
}

// chooseOption picks the output VC of a head with adaptive options: the
// free VC (with room for need+1 flits) with the most credits among the
// non-escape options, ties broken at random; if there is none, the same
// among the escape options. On success it applies the option's packet
// state and returns the global output port and the VC; else best < 0.
func (s *sim) chooseOption(r, iv, need int32) (o, best int32) {
	opts := s.opts[iv*s.maxOpt : iv*s.maxOpt+int32(s.iv[iv].nopt)]
	off := s.portOff[r]
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
				ov := gp<<s.vs | v
				if !isFree(s.ov[ov].owner, s.now) {
					continue
				}
				switch c := s.ov[ov].credits; {
				case c > bc:
					bestOpt, best, bc, ties = i, v, c, 1
				case c == bc && bestOpt >= 0:
					// Reservoir sampling: uniform among the equally good.
					ties++
					if s.rrng.IntN(ties) == 0 {
						bestOpt, best = i, v
					}
				}
			}
		}
		if bestOpt >= 0 {
			op := &opts[bestOpt]
			p := &s.pk[s.ivBuf[iv*s.B+s.iv[iv].head]]
			p.Flags, p.Aux = op.Flags, op.Aux
			s.addPath(p, off+op.Port)
			s.iv[iv].nopt = 0
			return off + op.Port, best
		}
	}
	return -1, -1
}

// transmit sends one flit on every output channel that is free and has a
// flit through the crossbar.
func (s *sim) transmit(r int32) {
	now := s.now
	for o := s.portOff[r]; o < s.portOff[r+1]; o++ {
		if s.oqLen[o] == 0 || s.chanFree[o] > now {
			continue
		}
		idx := o*s.Q + s.oqHead[o]
		if s.oq[idx].ready > now {
			continue
		}
		pkt, vc := s.oq[idx].pkt, int32(s.oq[idx].vc)
		if s.oqHead[o]++; s.oqHead[o] == s.Q {
			s.oqHead[o] = 0
		}
		s.oqLen[o]--
		s.inOq[r]--
		s.chanFree[o] = now + s.S
		sl := s.at(now + s.lat[o])
		if d := s.peer[o]; d >= 0 {
			sl.flits = append(sl.flits, flitEv{d<<s.vs | vc, pkt})
			if s.inWindow {
				s.linkCnt[o]++
			}
		} else {
			sl.ejects = append(sl.ejects, flitEv{o<<s.vs | vc, pkt})
		}
		s.pending++
		s.lastMove = now
	}
}

// freeFrom returns the owner value of an output VC that is free from tick
// t on: -1 for t <= -1 (free), -t-2 otherwise.
func freeFrom(t int32) int32 { return -t - 2 }

// isFree reports whether an output VC with owner value owner is free at
// tick now (owner < 0: free from tick -owner-2).
func isFree(owner, now int32) bool { return owner < 0 && -owner-2 <= now }
