package netsim

import "fmt"

// DragonflyMode selects the Dragonfly routing algorithm.
type DragonflyMode uint8

// Dragonfly routing modes (Kim, Dally, Scott and Abts, Technology-Driven,
// Highly-Scalable Dragonfly Topology, ISCA 2008, section 4).
const (
	// DFMinimal routes hierarchically: a local hop to the router of the
	// source group that holds a global channel to the destination group,
	// the global channel, a local hop to the destination (MIN).
	DFMinimal DragonflyMode = iota
	// DFValiant routes minimally to a random intermediate group and then
	// minimally to the destination (VAL).
	DFValiant
	// DFUGALLocal decides at the source router between the minimal path
	// and a Valiant path through a random intermediate group by local
	// queue occupancy times path length (UGAL-L).
	DFUGALLocal
)

// Dragonfly is hierarchical routing on the Dragonfly (family dragonfly:
// groups of routers forming complete graphs, joined by global channels;
// Topology.Group gives the groups) as defined by Kim et al., ISCA 2008,
// section 4, and used for the DF of Besta and Hoefler, SC14, section V
// (DF UGAL-L). Registered as "min-df", "val-df" and "ugal-l-df"; the
// generic "min", "val" and "ugal-l" stay the topology-agnostic SC14
// algorithms on every network, including Dragonflies (NewRouting does not
// dispatch by family: a table-driven shortest path may cross two global
// channels through a third group, which the Dragonfly VC scheme below does
// not allow).
//
// Minimal path from router r to router t (another group): if r holds a
// global channel to t's group it takes it (one landing at t if there is
// one), else it takes a local hop to the router of its group holding the
// channel to t's group (preferring one that lands at t; otherwise the
// first in router and port order), crosses it, and takes a local hop to t
// if it landed elsewhere: at most local, global, local (3 hops). Within a
// group: the direct local link.
//
// Valiant path: at the source router a random intermediate group other than
// the source and destination groups is drawn, and one of the global
// channels from the source group to it (one of the source router's own if
// it has any, else one of the group's, uniformly): the router it lands on
// is the packet's intermediate (Packet.Inter); the packet routes minimally
// to it and on to the destination: at most local, global, local, global,
// local (5 hops).
//
// UGAL-L (Kim et al., section 4.1; Singh's UGAL with local queue
// information): at the source router Candidates (default 1, as in Kim et
// al.) Valiant paths are drawn; the packet takes the minimal path if
// q_min <= Multiplier * q_nm + Threshold, where q is View.Occupancy of the
// first output port of the path (the flits sent on it and not yet
// acknowledged: its output queue, the link and the downstream buffer), else
// the first candidate that fails the test. The defaults, Multiplier 2 (a
// Valiant path is about twice as long) and Threshold 30 flits, are those of
// ugal_dragonflynew in BookSim2 (src/networks/dragonfly.cpp), the
// simulator of the Dragonfly's authors; the threshold keeps packets
// minimal while the minimal port's occupancy is made of the flits in
// flight on a long link rather than of a queue (without it, with 100-cycle
// global links, 16% of packets went non-minimally at load 0.01). Threshold
// 0 and Multiplier 1 compare the bare occupancies. Later routers follow
// the decision.
//
// VC classes (Kim et al., section 4.2: the VC is raised at every global
// hop): a hop uses class g, the number of global channels the packet has
// crossed before it (kept in Packet.Aux). Minimal routes use local 0,
// global 0, local 1 (2 classes); Valiant and UGAL routes local 0, global
// 0, local 1, global 1, local 2 (3 classes). Every route crosses at most
// one local channel per class and group, so channels are visited in the
// strict order local 0 < global 0 < local 1 < global 1 < local 2 and the
// CDG is acyclic (CheckDeadlockFree verifies it); with 2 VCs VAL and UGAL
// are cyclic (local channels of classes 0 and 1 share a VC).
//
// Hop counts: the hierarchical minimal path can be longer than the graph
// distance (Result.MinimalFraction compares with the distance), since two
// global channels through a third group may be shorter than local, global,
// local in a Dragonfly with g = a*h + 1.
type Dragonfly struct {
	net        *Network
	mode       DragonflyMode
	candidates int
	threshold  int32 // UGAL-L bias in flits
	mult       int32 // UGAL-L multiplier of the Valiant path's occupancy
	group      []int32
	G          int32
	// links from group A to group B: glinks[goff[A*G+B]:goff[A*G+B+1]],
	// adjacency indices (owner router's Off + port) in router and port
	// order.
	goff   []int32
	glinks []int32
	owner  []int32 // adjacency index -> router holding it
}

// Defaults of the Dragonfly UGAL-L decision (BookSim2's ugal_dragonflynew).
const (
	DefaultDFThreshold  = 30
	DefaultDFMultiplier = 2
)

// dfNeeds says which topologies the Dragonfly routings run on, for errors.
const dfNeeds = "dragonfly routing (min-df, val-df, ugal-l-df) needs a Dragonfly: groups of routers " +
	"that are complete graphs, every pair of groups joined by a global channel (family dragonfly)"

// dfElsewhere suggests routings for the networks the Dragonfly routings do
// not run on.
const dfElsewhere = "min, val and ugal-l run on any network"

// NewDragonfly returns Dragonfly routing in the given mode on net (UGAL
// candidates: <= 0 means 1), with the default UGAL-L threshold and
// multiplier. It fails unless the topology has groups that are complete
// graphs.
func NewDragonfly(net *Network, mode DragonflyMode, candidates int) (*Dragonfly, error) {
	return NewDragonflyUGAL(net, mode, candidates, DefaultDFThreshold, DefaultDFMultiplier)
}

// NewDragonflyUGAL is NewDragonfly with the UGAL-L threshold (flits, >= 0)
// and multiplier (>= 1) given.
func NewDragonflyUGAL(net *Network, mode DragonflyMode, candidates, threshold, mult int) (*Dragonfly, error) {
	if threshold < 0 || threshold > 1<<20 || mult < 1 || mult > 1<<10 {
		return nil, fmt.Errorf("netsim: dragonfly routing: threshold t = %d (want >= 0) or multiplier m = %d (want >= 1) out of range", threshold, mult)
	}
	top := net.top
	if top.Group == nil {
		return nil, fmt.Errorf("netsim: %s; this topology is not one: its routers have no groups (%s)", dfNeeds, dfElsewhere)
	}
	if mode > DFUGALLocal {
		return nil, fmt.Errorf("netsim: unknown dragonfly routing mode %d", mode)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	if candidates <= 0 {
		candidates = 1
	}
	d := &Dragonfly{net: net, mode: mode, candidates: candidates, threshold: int32(threshold), mult: int32(mult), group: top.Group}
	members := map[int32][]int32{}
	for r, g := range top.Group {
		if g < 0 {
			return nil, fmt.Errorf("netsim: %s; this topology is not one: router %d has the negative group %d (%s)", dfNeeds, r, g, dfElsewhere)
		}
		d.G = max(d.G, g+1)
		members[g] = append(members[g], int32(r))
	}
	if int64(d.G)*int64(d.G) > 1<<26 {
		return nil, fmt.Errorf("netsim: dragonfly routing: %d groups too many", d.G)
	}
	for g, ms := range members {
		for _, a := range ms {
			for _, b := range ms {
				if a != b && net.Dist(a, b) != 1 {
					return nil, fmt.Errorf("netsim: %s; this topology is not one: its group %d is not a complete graph (routers %d and %d not linked) (%s)", dfNeeds, g, a, b, dfElsewhere)
				}
			}
		}
	}
	G := int(d.G)
	cnt := make([]int32, G*G+1)
	d.owner = make([]int32, len(net.g.Adj))
	for r := int32(0); r < int32(net.r); r++ {
		for port := int32(0); port < int32(net.Degree(r)); port++ {
			d.owner[net.g.Off[r]+port] = r
			if u := net.Neighbor(r, port); d.group[u] != d.group[r] {
				cnt[int(d.group[r])*G+int(d.group[u])+1]++
			}
		}
	}
	for i := 1; i <= G*G; i++ {
		cnt[i] += cnt[i-1]
	}
	d.goff = append([]int32(nil), cnt...)
	d.glinks = make([]int32, cnt[G*G])
	for r := int32(0); r < int32(net.r); r++ {
		for port := int32(0); port < int32(net.Degree(r)); port++ {
			if u := net.Neighbor(r, port); d.group[u] != d.group[r] {
				k := int(d.group[r])*G + int(d.group[u])
				d.glinks[cnt[k]] = net.g.Off[r] + port
				cnt[k]++
			}
		}
	}
	for a := 0; a < G; a++ {
		for b := 0; b < G; b++ {
			if a != b && len(members[int32(a)]) > 0 && len(members[int32(b)]) > 0 && d.goff[a*G+b] == d.goff[a*G+b+1] {
				return nil, fmt.Errorf("netsim: %s; this topology is not one: no global channel from group %d to group %d (%s)", dfNeeds, a, b, dfElsewhere)
			}
		}
	}
	return d, nil
}

// Name returns "min-df", "val-df" or "ugal-l-df" (with its parameters
// when they are not the defaults: "ugal-l-df:t=0,m=1,n=1").
func (d *Dragonfly) Name() string {
	switch d.mode {
	case DFValiant:
		return "val-df"
	case DFUGALLocal:
		if d.threshold == DefaultDFThreshold && d.mult == DefaultDFMultiplier && d.candidates == 1 {
			return "ugal-l-df"
		}
		return fmt.Sprintf("ugal-l-df:t=%d,m=%d,n=%d", d.threshold, d.mult, d.candidates)
	}
	return "min-df"
}

// Classes returns 2 for minimal routing, 3 for Valiant and UGAL-L.
func (d *Dragonfly) Classes() int {
	if d.mode == DFMinimal {
		return 2
	}
	return 3
}

// links returns the global channels from group a to group b.
func (d *Dragonfly) links(a, b int32) []int32 {
	k := int(a)*int(d.G) + int(b)
	return d.glinks[d.goff[k]:d.goff[k+1]]
}

// next returns the port of the minimal hierarchical hop from r towards
// router t != r.
func (d *Dragonfly) next(r, t int32) int32 {
	n := d.net
	gr, gt := d.group[r], d.group[t]
	if gr == gt {
		return n.MinPort(r, t, 0)
	}
	best, bestPri := int32(-1), 4
	for _, l := range d.links(gr, gt) {
		pri := 0
		if d.owner[l] != r {
			pri = 2
		}
		if n.g.Adj[l] != t {
			pri++
		}
		if pri < bestPri {
			best, bestPri = l, pri
		}
	}
	if o := d.owner[best]; o != r {
		return n.MinPort(r, o, 0)
	}
	return best - n.g.Off[r]
}

// hops returns the length of the minimal hierarchical path from r to t.
func (d *Dragonfly) hops(r, t int32) int32 {
	h := int32(0)
	for r != t {
		r = d.net.Neighbor(r, d.next(r, t))
		h++
	}
	return h
}

// interLinks returns the global channels a Valiant path from r may take
// to group i: r's own if it has any, else all of r's group.
func (d *Dragonfly) interLinks(r, i int32) []int32 {
	all := d.links(d.group[r], i)
	lo, hi := len(all), len(all)
	for k, l := range all {
		if d.owner[l] == r {
			lo = min(lo, k)
			hi = k + 1
		}
	}
	if lo < hi {
		return all[lo:hi] // r's channels are contiguous (router order)
	}
	return all
}

// drawInter draws a random intermediate group and one of the channels to
// it; it returns the router the channel lands on, or -1 if there is no
// group other than the source's and the destination's.
func (d *Dragonfly) drawInter(v *View, r int32, p *Packet) int32 {
	gs, gd := d.group[r], d.group[p.DstRouter]
	excl := int32(1)
	if gs != gd {
		excl = 2
	}
	if d.G <= excl {
		return -1
	}
	lo, hi := min(gs, gd), max(gs, gd)
	i := int32(v.s.rng.IntN(int(d.G - excl)))
	if i >= lo {
		i++
	}
	if excl == 2 && i >= hi {
		i++
	}
	ls := d.interLinks(r, i)
	l := ls[0]
	if len(ls) > 1 {
		l = ls[v.s.rng.IntN(len(ls))]
	}
	return d.net.g.Adj[l]
}

// hop returns the port towards p's current target and the class, and
// updates p (Inter cleared on arrival, Aux counts global hops).
func (d *Dragonfly) hop(r int32, p *Packet) (int32, int32) {
	if p.Inter == r {
		p.Inter = -1
	}
	t := p.Inter
	if t < 0 {
		t = p.DstRouter
	}
	port := d.next(r, t)
	class := p.Aux
	if d.net.IsGlobal(r, port) {
		p.Aux++
	}
	return port, class
}

// Route makes the source-router decision (VAL, UGAL-L) and takes the
// minimal hierarchical hop towards the current target.
func (d *Dragonfly) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted == 0 && d.mode != DFMinimal {
		p.Flags |= FlagRouted
		switch d.mode {
		case DFValiant:
			if i := d.drawInter(v, r, p); i >= 0 {
				p.Inter = i
				p.Flags |= FlagNonMinimal
			}
		case DFUGALLocal:
			qmin := int64(v.Occupancy(r, d.next(r, p.DstRouter)))
			bias := min(int64(d.threshold), int64(v.VCBuffer()/2))
			bestInter := int32(-1)
			for range d.candidates {
				i := d.drawInter(v, r, p)
				if i < 0 {
					break
				}
				qnm := int64(v.Occupancy(r, d.next(r, i)))
				if qmin > int64(d.mult)*qnm+bias {
					bestInter = i
					break
				}
			}
			if bestInter >= 0 {
				p.Inter = bestInter
				p.Flags |= FlagNonMinimal
			}
		}
	}
	return d.hop(r, p)
}

// NextHops enumerates, at the source router, the minimal path (MIN,
// UGAL-L) and every Valiant intermediate (VAL, UGAL-L), then the
// deterministic hops.
func (d *Dragonfly) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	one := func(q Packet) {
		port, class := d.hop(r, &q)
		yield(port, class, q)
	}
	if p.Flags&FlagRouted != 0 || d.mode == DFMinimal {
		one(p)
		return
	}
	p.Flags |= FlagRouted
	gs, gd := d.group[r], d.group[p.DstRouter]
	inter := false
	for i := int32(0); i < d.G; i++ {
		if i == gs || i == gd {
			continue
		}
		for _, l := range d.interLinks(r, i) {
			inter = true
			q := p
			q.Inter = d.net.g.Adj[l]
			q.Flags |= FlagNonMinimal
			one(q)
		}
	}
	if d.mode == DFUGALLocal || !inter {
		one(p)
	}
}
