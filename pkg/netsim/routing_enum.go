package netsim

// PathEnumerator implementations of the SC14 routings (routing.go), for
// the CDG analysis (cdg.go).

// each calls f for every minimal next-hop port from r towards d that the
// choice may take.
func (c Choice) each(n *Network, r, d int32, f func(port int32)) {
	if c == RandomPort {
		for i := range n.MinPorts(r, d) {
			f(n.MinPort(r, d, i))
		}
		return
	}
	f(n.MinPort(r, d, 0))
}

// eachTwoPhase enumerates twoPhase: every next hop towards p.Inter
// (cleared on arrival) or p.DstRouter, with the hop-indexed class.
func eachTwoPhase(n *Network, c Choice, r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Inter == r {
		p.Inter = -1
	}
	t := p.Inter
	if t < 0 {
		t = p.DstRouter
	}
	c.each(n, r, t, func(port int32) { yield(port, p.Hops, p) })
}

// eachInter calls f for every intermediate randomInter may return for p
// (none when it returns -1).
func eachInter(R int, p Packet, f func(i int32)) {
	for i := int32(0); i < int32(R); i++ {
		if i != p.SrcRouter && i != p.DstRouter {
			f(i)
		}
	}
}

// NextHops enumerates the minimal next hops (hop-indexed class).
func (m *Minimal) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	m.choice.each(m.net, r, p.DstRouter, func(port int32) { yield(port, p.Hops, p) })
}

// NextHops enumerates every intermediate at the source router, then the
// minimal hops of both phases.
func (a *Valiant) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Flags&FlagRouted == 0 {
		p.Flags |= FlagRouted
		found := false
		eachInter(a.net.r, p, func(i int32) {
			found = true
			q := p
			q.Inter = i
			q.Flags |= FlagNonMinimal
			eachTwoPhase(a.net, a.choice, r, q, yield)
		})
		if found {
			return
		}
	}
	eachTwoPhase(a.net, a.choice, r, p, yield)
}

// NextHops enumerates, at the source router, the minimal path and every
// Valiant intermediate (any of them may be the cheapest), then the hops of
// the chosen path.
func (u *UGAL) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	if p.Flags&FlagRouted != 0 {
		eachTwoPhase(u.net, u.choice, r, p, yield)
		return
	}
	p.Flags |= FlagRouted
	u.choice.each(u.net, r, p.DstRouter, func(port int32) { yield(port, p.Hops, p) })
	eachInter(u.net.r, p, func(i int32) {
		q := p
		q.Inter = i
		q.Flags |= FlagNonMinimal
		u.choice.each(u.net, r, i, func(port int32) { yield(port, p.Hops, q) })
	})
}
