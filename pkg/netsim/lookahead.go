package netsim

import (
	"math/bits"
	"unsafe"
)

// The look-ahead of runs whose state does not fit in the processor's
// cache (sim.touch): prefetches of the state the next routers and
// ejections will read, and loads of what new heads are routed with. See
// the package documentation, section Memory.

// prefetchArrivals prefetches the state router r will read first in its
// step (stage 1 of two, run two routers ahead): the packet records and
// input VCs of the flits arriving at it, the port state (and the first
// input VCs) of its ports with switch allocation candidates or queued
// output, and the free packet records its endpoints are expected to take
// (below those of the two routers before it, at the top of the free
// list). Every address comes from memory already in cache (the step's
// events, the router's activity bits), so nothing here waits for memory.
func (s *shard) prefetchArrivals(r int32) {
	sm := s.sim
	vs := sm.vs & 31
	pf := s.pf[:0]
	for _, ev := range s.stepEvents(r) {
		if ev.b >= 0 {
			pf = append(pf, addrOf(at(sm.pk, ev.b)), addrOf(at(sm.iv, ev.a)))
		}
	}
	rs := at(sm.rs, r)
	act := sm.portBits(sm.saAct, r)
	for w, word := range act {
		for word != 0 {
			p := rs.off + int32(w)*64 + int32(bits.TrailingZeros64(word))
			word &= word - 1
			pf = append(pf, addrOf(at(sm.ports, p)), addrOf(at(sm.iv, p<<vs)))
		}
	}
	for w, word := range sm.portBits(sm.oqAct, r) {
		word &^= act[w] // ports prefetched above
		for word != 0 {
			o := rs.off + int32(w)*64 + int32(bits.TrailingZeros64(word))
			word &= word - 1
			pf = append(pf, addrOf(at(sm.ports, o)))
		}
	}
	if sm.wl == nil {
		// m: the packets a router's endpoints start in a step (pInj per
		// channel cycle, look/S channel cycles), with a margin of one.
		m := int(float64(sm.net.epOff[r+1]-sm.net.epOff[r])*sm.pInj*float64(s.look)/float64(sm.S)) + 1
		for _, id := range s.free[max(0, len(s.free)-3*m):max(0, len(s.free)-m)] {
			pf = append(pf, addrOf(at(sm.pk, id)))
		}
	}
	prefetch(pf)
	s.pf = pf
}

// prefetchFlits prefetches what router r's step will read through the
// state stage 1 brought in (stage 2, run one router ahead): the next-hop
// table entries towards the destinations (or intermediates) of the
// arriving packets, the front flit of an input VC with a switch
// allocation candidate and the head of every non-empty output queue.
func (s *shard) prefetchFlits(r int32) {
	sm := s.sim
	vs := sm.vs & 31
	pf := s.pf[:0]
	if t := sm.net.rt; t != nil {
		for _, ev := range s.stepEvents(r) {
			if ev.b >= 0 {
				pf = append(pf, t.nhAddr(r, routeTarget(at(sm.pk, ev.b))))
			}
		}
	}
	rs := at(sm.rs, r)
	for w, word := range sm.portBits(sm.saAct, r) {
		for word != 0 {
			p := rs.off + int32(w)*64 + int32(bits.TrailingZeros64(word))
			word &= word - 1
			if m := at(sm.ports, p).saMask; m != 0 {
				pf = append(pf, addrOf(at(s.fl, at(sm.iv, p<<vs|int32(bits.TrailingZeros64(m))).head)))
			}
		}
	}
	for w, word := range sm.portBits(sm.oqAct, r) {
		for word != 0 {
			o := rs.off + int32(w)*64 + int32(bits.TrailingZeros64(word))
			word &= word - 1
			pf = append(pf, addrOf(at(s.fl, at(sm.ports, o).oqHead)))
		}
	}
	prefetch(pf)
	s.pf = pf
}

// addrOf returns the address of *p for prefetch.
func addrOf[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

// prefetchEjects prefetches the packet records of ejections ej.
func (s *shard) prefetchEjects(ej []event) {
	pf := s.pf[:0]
	for _, ev := range ej {
		pf = append(pf, addrOf(at(s.pk, ev.b)))
	}
	prefetch(pf)
	s.pf = pf
}

// prefetchDelivery prefetches what delivering ejections ej reads beyond
// their packet records (which must be in cache): the accepted-flit
// counter of each source in the measurement window, and the distance
// entry of each measured packet (minimal or not).
func (s *shard) prefetchDelivery(ej []event) {
	pf := s.pf[:0]
	t := s.net.rt
	for _, ev := range ej {
		p := at(s.pk, ev.b)
		if s.inWindow {
			pf = append(pf, addrOf(at(s.srcAcc, p.Src)))
		}
		if p.measured && t != nil {
			pf = append(pf, t.distAddr(int(p.SrcRouter), int(p.DstRouter)))
		}
	}
	prefetch(pf)
	s.pf = pf
}

// touchHeads loads the packet records and next-hop entries of the new
// heads at router r before any is routed: the loads are independent, so
// the processor overlaps their cache misses (up to its limit of
// outstanding misses) instead of waiting for each in turn. The sum only
// keeps the compiler from dropping the loads.
func (s *shard) touchHeads(r int32) {
	var x int32
	t := s.net.rt
	rs := at(s.rs, r)
	for i, word := range s.portBits(s.newAct, r) {
		for word != 0 {
			gp := rs.off + int32(i)*64 + int32(bits.TrailingZeros64(word))
			word &= word - 1
			p := at(s.pk, at(s.fl, at(s.iv, gp<<(s.vs&31)|int32(at(s.ports, gp).newV)).head).pkt)
			x += t.touch(r, routeTarget(p))
		}
	}
	s.touchSink += x
}

// stepEvents returns the events due at router r in the shard's step.
func (s *shard) stepEvents(r int32) []event { return s.events((r-s.r0)*s.look, s.look) }

// events returns the events of the n consecutive buckets of gather's
// counting sort from bucket i on (bucket (r-r0)*look + j: router r at tick
// sim.now+j).
func (s *shard) events(i, n int32) []event {
	return s.evBuf[*at(s.evIdx, i):*at(s.evIdx, i+n)]
}

// routeTarget returns the router p is routed towards: its intermediate
// while it has one, else its destination.
func routeTarget(p *Packet) int32 {
	if p.Inter >= 0 {
		return p.Inter
	}
	return p.DstRouter
}
