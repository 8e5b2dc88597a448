package netsim

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Deadlock-freedom analysis by the channel dependency graph (CDG) of
// Dally and Seitz, Deadlock-Free Message Routing in Multiprocessor
// Interconnection Networks, IEEE Trans. Computers C-36(5), 1987: the
// vertices are the virtual channels (directed router-to-router link, VC),
// and there is an edge from (c1, v1) to (c2, v2) whenever some packet can
// hold (c1, v1) and request (c2, v2) next. A routing whose CDG is acyclic
// cannot deadlock (for adaptive routings an acyclic complete CDG is
// sufficient, not necessary: Duato's condition asks less). Injection and
// ejection channels are left out: they are sources and sinks of the graph
// and cannot close a cycle.
//
// The CDG is built by enumerating every route: for every ordered pair of
// distinct routers that both have endpoints the packet state at injection
// is explored through every decision the routing may take
// (PathEnumerator.NextHops: every minimal port of a random choice, every
// Valiant intermediate, both branches of an adaptive choice), so the graph
// covers every queue state and random draw. The analysis assumes, like the
// built-in routings, that decisions depend on the source and destination
// routers, not on which of their endpoints is involved (the first endpoint
// of each router is used).
//
// VC assignment: the routing returns a VC class per hop; with vcs virtual
// channels per port class k of C uses VCs [k*vcs/C, (k+1)*vcs/C) as in the
// simulator (Config.VCs). With fewer VCs than classes (which the simulator
// refuses) the classes are folded: class k uses VC floor(k*vcs/C), so that
// consecutive classes share a VC. This is how "MIN with 1 VC" (every hop
// on VC 0) or "DOR without datelines" is analysed.

// PathEnumerator is implemented by routings that can list every decision
// they may take, for the CDG analysis. All built-in routings implement it.
type PathEnumerator interface {
	Routing
	// NextHops calls yield for every next hop the routing may choose for a
	// packet in state p at router r, under any queue state and random
	// draw: the network port, the VC class and the packet state the
	// decision leaves (Route's changes to Inter, Flags and Aux; Hops is
	// still the index of the hop being decided: the analysis increments
	// it, as the simulator does). NextHops is not called at the
	// destination router once p.Inter is -1. It may read p.Src and
	// p.SrcRouter only at the source router (p.Hops == 0): the analysis
	// merges the states of packets from different sources after the
	// first hop.
	NextHops(r int32, p Packet, yield func(port, class int32, next Packet))
}

// Channel is a vertex of the channel dependency graph: the virtual
// channel VC of the directed link leaving router From on network port Port
// towards router To.
type Channel struct {
	From, To int32
	Port     int32
	VC       int32
}

// String formats the channel as "from->to/vc".
func (c Channel) String() string { return fmt.Sprintf("%d->%d/vc%d", c.From, c.To, c.VC) }

// Dependencies is the class-level channel dependency relation of a routing
// on a network: the (directed link, VC class) pairs a packet can hold
// while requesting another. It is independent of the VC count; CDG maps it
// onto VCs.
//
// For an AdaptiveRouting with escape options it also holds the extended
// dependencies of the escape sub-network (Duato, A Necessary and
// Sufficient Condition for Deadlock-Free Adaptive Routing in Wormhole
// Networks, IEEE TPDS 6(10), 1995): a direct dependency from escape
// channel c1 to escape channel c2 when a packet that arrived on c1 may
// request c2 at the next router, and an indirect one when it may request
// c2 after one or more adaptive hops (in wormhole switching the packet may
// still hold c1 then). EscapeCDG maps them onto VCs.
type Dependencies struct {
	net     *Network
	rt      Routing
	classes int
	// Routes is the number of (source router, destination router) pairs
	// explored; States the number of distinct (channel, class, packet
	// state) states visited.
	Routes, States int
	// MaxClass is the highest VC class any hop used (-1 if no packet
	// crossed a link); MaxHops the longest route in hops.
	MaxClass, MaxHops int
	// Escape reports that the routing offered escape options.
	Escape bool
	edges  map[uint64]struct{} // (link<<8|class)<<32 | (link<<8|class)
	direct map[uint64]struct{} // escape sub-network, direct dependencies
	// indirect dependencies of the escape sub-network (through adaptive hops)
	indirect map[uint64]struct{}
}

// maxRouteHops bounds the routes explored (a longer route means the
// routing livelocks or loops).
func maxRouteHops(n *Network) int32 { return int32(4*n.r + 64) }

type cdgState struct {
	link, class int32
	esc         int32 // the last escape channel (link<<8 | class) held, -1 if none
	p           Packet
}

// dep encodes a dependency between (link, class) channels.
func dep(a, ca, b, cb int32) uint64 {
	return uint64(a)<<40 | uint64(ca)<<32 | uint64(b)<<8 | uint64(cb)
}

// enumerate calls yield for every next hop rt may choose for p at r: its
// options (AdaptiveRouting) or its PathEnumerator hops.
func enumerate(rt Routing, r int32, p Packet, buf []Option, yield func(port, class int32, escape bool, next Packet)) ([]Option, error) {
	if ad, ok := rt.(AdaptiveRouting); ok {
		buf = ad.Options(r, &p, buf[:0])
		if len(buf) == 0 {
			return buf, fmt.Errorf("netsim: routing %s offers no next hop at router %d for %d -> %d after %d hops", rt.Name(), r, p.SrcRouter, p.DstRouter, p.Hops)
		}
		for _, op := range buf {
			q := p
			q.Flags, q.Aux = op.Flags, op.Aux
			yield(op.Port, op.Class, op.Escape, q)
		}
		return buf, nil
	}
	en, ok := rt.(PathEnumerator)
	if !ok {
		return buf, fmt.Errorf("netsim: routing %s does not enumerate its paths (PathEnumerator or AdaptiveRouting): no CDG analysis", rt.Name())
	}
	en.NextHops(r, p, func(port, class int32, next Packet) { yield(port, class, false, next) })
	return buf, nil
}

// NewDependencies enumerates every route of rt on net and collects the
// channel dependencies. rt must implement PathEnumerator or
// AdaptiveRouting. It fails for an invalid decision (port or class out of
// range), a route longer than 4*routers+64 hops, and an adaptive routing
// that offers escape options somewhere but none at some router a packet
// can reach (its escape sub-network would not be connected).
//
// Cost: one visit per distinct (channel, class, packet state); packet
// states merge across sources after the first hop, so deterministic and
// minimal routings visit about links x destinations states and Valiant
// and UGAL links x destinations x intermediates (Slim Fly q = 5: 2,800
// and 140,000 states, well under a second). Meant for the small instances
// of a topology class: R^3 states are out of reach beyond a few hundred
// routers.
func NewDependencies(net *Network, rt Routing) (*Dependencies, error) {
	return newDependencies(net, rt, 0)
}

// errTooManyStates is returned by newDependencies when the enumeration
// exceeds its state budget.
var errTooManyStates = errors.New("netsim: CDG enumeration exceeds its state budget")

// newDependencies is NewDependencies with a budget of distinct states (0:
// none).
func newDependencies(net *Network, rt Routing, budget int) (*Dependencies, error) {
	if err := net.Routes(); err != nil {
		return nil, err
	}
	C := rt.Classes()
	if C < 1 || C > 255 {
		return nil, fmt.Errorf("netsim: routing %s has %d VC classes, want 1..255", rt.Name(), C)
	}
	if len(net.g.Adj) >= 1<<24 {
		return nil, fmt.Errorf("netsim: %d directed links too many for the CDG analysis", len(net.g.Adj))
	}
	d := &Dependencies{net: net, rt: rt, classes: C, MaxClass: -1, edges: map[uint64]struct{}{},
		direct: map[uint64]struct{}{}, indirect: map[uint64]struct{}{}}
	seen := map[cdgState]struct{}{}
	limit := maxRouteHops(net)
	var err error
	var bufs [][]Option // one option buffer per recursion depth
	noEscape := ""      // a state without escape options, for the error
	// explore follows the packet in state p at router r that holds
	// (link, class) (link < 0: it was just injected); esc is the last
	// escape channel it held and held whether it holds it now.
	var explore func(r int32, p Packet, link, class, esc int32, held bool, depth int)
	explore = func(r int32, p Packet, link, class, esc int32, held bool, depth int) {
		if err != nil || (r == p.DstRouter && p.Inter < 0) {
			return
		}
		if p.Hops >= limit {
			err = fmt.Errorf("netsim: routing %s: route %d -> %d longer than %d hops", rt.Name(), p.SrcRouter, p.DstRouter, limit)
			return
		}
		for len(bufs) <= depth {
			bufs = append(bufs, nil)
		}
		offered := false
		var eerr error
		bufs[depth], eerr = enumerate(rt, r, p, bufs[depth], func(port, cl int32, escape bool, q Packet) {
			if err != nil {
				return
			}
			if port < 0 || int(port) >= net.Degree(r) || cl < 0 || int(cl) >= C {
				err = fmt.Errorf("netsim: routing %s chose port %d (of %d) and class %d (of %d) at router %d for %d -> %d after %d hops",
					rt.Name(), port, net.Degree(r), cl, C, r, p.SrcRouter, p.DstRouter, p.Hops)
				return
			}
			out := net.g.Off[r] + port
			if link >= 0 {
				d.edges[dep(link, class, out, cl)] = struct{}{}
			}
			nesc, nheld := esc, false
			if escape {
				offered, d.Escape = true, true
				if esc >= 0 {
					e := dep(esc>>8, esc&0xff, out, cl)
					if held {
						d.direct[e] = struct{}{}
					} else {
						d.indirect[e] = struct{}{}
					}
				}
				nesc, nheld = out<<8|cl, true
			}
			d.MaxClass = max(d.MaxClass, int(cl))
			q.Hops = p.Hops + 1
			d.MaxHops = max(d.MaxHops, int(q.Hops))
			key := q
			key.Src, key.SrcRouter = -1, -1 // not read after the first hop
			st := cdgState{out, cl, nesc, key}
			if _, ok := seen[st]; ok {
				return
			}
			seen[st] = struct{}{}
			if budget > 0 && len(seen) > budget {
				err = errTooManyStates
				return
			}
			explore(net.Neighbor(r, port), q, out, cl, nesc, nheld, depth+1)
		})
		if eerr != nil && err == nil {
			err = eerr
		}
		if !offered && noEscape == "" {
			noEscape = fmt.Sprintf("router %d for a packet %d -> %d after %d hops", r, p.SrcRouter, p.DstRouter, p.Hops)
		}
	}
	R := int32(net.r)
	for s := int32(0); s < R; s++ {
		if net.top.Conc[s] == 0 {
			continue
		}
		for t := int32(0); t < R; t++ {
			if t == s || net.top.Conc[t] == 0 {
				continue
			}
			d.Routes++
			p := Packet{Src: net.epOff[s], Dst: net.epOff[t], SrcRouter: s, DstRouter: t, Inter: -1, Size: 1}
			explore(s, p, -1, 0, -1, false, 0)
			if err != nil {
				return nil, err
			}
		}
	}
	if d.Escape && noEscape != "" {
		return nil, fmt.Errorf("netsim: routing %s offers escape options but none at %s: its escape sub-network is not connected", rt.Name(), noEscape)
	}
	d.States = len(seen)
	return d, nil
}

// Edges returns the number of class-level dependencies.
func (d *Dependencies) Edges() int { return len(d.edges) }

// vcRanges returns the VC range of each of C classes on vcs VCs: the
// routing's own layout (classRanges) when vcs >= C, else folded: class k
// on VC floor(k*vcs/C), so that consecutive classes share a VC.
func vcRanges(rt Routing, C, vcs int) (lo, hi []int32, err error) {
	if vcs >= C && C == rt.Classes() {
		return classRanges(rt, vcs)
	}
	if _, ok := rt.(VCLayout); ok && C == rt.Classes() {
		return nil, nil, fmt.Errorf("netsim: routing %s needs at least %d VCs, have %d", rt.Name(), C, vcs)
	}
	lo, hi = make([]int32, C), make([]int32, C)
	for k := 0; k < C; k++ {
		lo[k] = int32(k * vcs / C)
		hi[k] = int32(max((k+1)*vcs/C, int(lo[k])+1))
	}
	return lo, hi, nil
}

// CDG is the channel dependency graph of a routing for a VC count:
// vertex link*VCs + vc for the adjacency index link of a directed link.
type CDG struct {
	net *Network
	VCs int
	adj [][]int32
	// Edges is the number of dependencies (VC pairs).
	Edges int
}

// CDG maps the dependencies onto vcs virtual channels per port.
func (d *Dependencies) CDG(vcs int) (*CDG, error) { return d.cdg(vcs, d.classes, d.edges) }

// EscapeCDG maps the extended dependency graph of the escape sub-network
// onto vcs VCs per port: its direct dependencies and, for wormhole
// switching, its indirect ones. By Duato's theorem the routing is
// deadlock-free if this graph is acyclic (and the escape sub-network
// connected, which NewDependencies checks). In virtual cut-through a
// blocked packet sits in one buffer and holds no channel behind it, so
// indirect dependencies cannot close a cycle and only the direct ones
// count (Duato, A Necessary and Sufficient Condition for Deadlock-Free
// Routing in Cut-Through and Store-and-Forward Networks, IEEE TPDS 7(8),
// 1996). It fails if the routing offered no escape option.
func (d *Dependencies) EscapeCDG(vcs int, fc FlowControl) (*CDG, error) {
	if !d.Escape {
		return nil, fmt.Errorf("netsim: routing %s has no escape sub-network", d.rt.Name())
	}
	edges := d.direct
	if fc == Wormhole {
		edges = make(map[uint64]struct{}, len(d.direct)+len(d.indirect))
		for k := range d.direct {
			edges[k] = struct{}{}
		}
		for k := range d.indirect {
			edges[k] = struct{}{}
		}
	}
	return d.cdg(vcs, d.classes, edges)
}

// graph returns the graph whose acyclicity makes the routing deadlock-free
// with vcs VCs and flow control fc: the escape sub-network's extended
// dependency graph for a routing with escape options, else the CDG.
func (d *Dependencies) graph(vcs int, fc FlowControl) (*CDG, error) {
	if d.Escape {
		return d.EscapeCDG(vcs, fc)
	}
	return d.CDG(vcs)
}

// cdg maps edges onto vcs VCs, classes as vcRanges gives them for C
// classes.
func (d *Dependencies) cdg(vcs, C int, edges map[uint64]struct{}) (*CDG, error) {
	if vcs < 1 || vcs > 64 {
		return nil, fmt.Errorf("netsim: CDG with %d VCs, want 1..64", vcs)
	}
	lo, hi, err := vcRanges(d.rt, C, vcs)
	if err != nil {
		return nil, err
	}
	g := &CDG{net: d.net, VCs: vcs, adj: make([][]int32, len(d.net.g.Adj)*vcs)}
	keys := make([]uint64, 0, len(edges))
	for k := range edges {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, k := range keys {
		a, ca := int(k>>40), int(k>>32&0xff)
		b, cb := int(k>>8&0xffffff), int(k&0xff)
		for va := lo[ca]; va < hi[ca]; va++ {
			u := a*vcs + int(va)
			for vb := lo[cb]; vb < hi[cb]; vb++ {
				g.adj[u] = append(g.adj[u], int32(b*vcs+int(vb)))
				g.Edges++
			}
		}
	}
	return g, nil
}

// channel returns the Channel of vertex x.
func (g *CDG) channel(x int32) Channel {
	link, vc := int(x)/g.VCs, int32(int(x)%g.VCs)
	// The router owning adjacency index link: the first r with Off[r+1] > link.
	off := g.net.g.Off
	r := sort.Search(g.net.r, func(i int) bool { return int(off[i+1]) > link })
	return Channel{From: int32(r), To: g.net.g.Adj[link], Port: int32(link) - off[r], VC: vc}
}

// Cycle returns a cycle of the graph (channels in dependency order, the
// last depending on the first) or nil if the graph is acyclic.
func (g *CDG) Cycle() []Channel {
	n := len(g.adj)
	color := make([]uint8, n) // 0 new, 1 on the stack, 2 done
	type frame struct{ v, i int32 }
	var stack []frame
	for s := 0; s < n; s++ {
		if color[s] != 0 || len(g.adj[s]) == 0 {
			continue
		}
		stack = append(stack[:0], frame{int32(s), 0})
		color[s] = 1
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if int(f.i) == len(g.adj[f.v]) {
				color[f.v] = 2
				stack = stack[:len(stack)-1]
				continue
			}
			w := g.adj[f.v][f.i]
			f.i++
			switch color[w] {
			case 0:
				color[w] = 1
				stack = append(stack, frame{w, 0})
			case 1:
				// Back edge: the cycle is the stack from w up.
				k := len(stack) - 1
				for stack[k].v != w {
					k--
				}
				cyc := make([]Channel, 0, len(stack)-k)
				for _, fr := range stack[k:] {
					cyc = append(cyc, g.channel(fr.v))
				}
				return cyc
			}
		}
	}
	return nil
}

// CheckDeadlockFree builds the channel dependency graph of rt on net with
// vcs virtual channels per port (classes folded onto fewer VCs as
// described above) and tests it for acyclicity: it returns true and a nil
// cycle if the CDG is acyclic, else false and one cycle of channels. For
// a routing with escape options (Duato's protocol) the graph tested is the
// escape sub-network's extended dependency graph for wormhole switching
// (EscapeCDG); CheckDeadlockFreeFC chooses the switching.
func CheckDeadlockFree(net *Network, rt Routing, vcs int) (bool, []Channel, error) {
	return CheckDeadlockFreeFC(net, rt, vcs, Wormhole)
}

// CheckDeadlockFreeFC is CheckDeadlockFree for flow control fc, which
// matters only for escape sub-networks (see EscapeCDG).
func CheckDeadlockFreeFC(net *Network, rt Routing, vcs int, fc FlowControl) (bool, []Channel, error) {
	d, err := NewDependencies(net, rt)
	if err != nil {
		return false, nil, err
	}
	g, err := d.graph(vcs, fc)
	if err != nil {
		return false, nil, err
	}
	cyc := g.Cycle()
	return cyc == nil, cyc, nil
}

// RequiredVCs returns the number of virtual channels per port that rt
// needs on net for deadlock freedom under its own VC class order. The
// classes in use are derived from the enumerated routes (the highest class
// used plus one: for hop-indexed routings the longest route in hops, so
// the diameter D for MIN and 2D for Valiant and UGAL, which on a Slim Fly
// gives the 2 and 4 VCs of Besta and Hoefler, SC14, section IV-D); the
// result is the smallest v whose CDG, with the used classes folded onto v
// VCs (class k on VC floor(k*v/used)), is acyclic, so the derived count is
// verified by the CDG test and lowered when the topology allows it (a
// tree needs 1). An error is returned if even one VC per used class
// leaves a cycle: the routing's VC scheme does not make it deadlock-free.
//
// The count is for the routing's own VC scheme. SC14 section IV-D reports
// that the topology-agnostic DFSSSP of OFED "consistently needed three
// VCs" to route Slim Flies, whereas hop-indexed MIN needs 2 (the
// diameter): DFSSSP assigns whole shortest paths to layers and breaks the
// cycles of each layer greedily, which is not optimal for a diameter-2
// graph, while the hop index orders the channels of any route of length
// at most D.
func RequiredVCs(net *Network, rt Routing) (int, error) {
	d, err := NewDependencies(net, rt)
	if err != nil {
		return 0, err
	}
	used := d.MaxClass + 1
	if used < 1 {
		return 1, nil // no router-to-router hop at all
	}
	if d.Escape {
		v := d.classes
		g, err := d.EscapeCDG(v, Wormhole)
		if err != nil {
			return 0, err
		}
		if cyc := g.Cycle(); cyc != nil {
			return 0, fmt.Errorf("netsim: routing %s is not deadlock-free on this network: its escape sub-network has the cycle %v", rt.Name(), cyc)
		}
		return v, nil
	}
	for v := 1; v <= min(used, 64); v++ {
		g, err := d.cdg(v, used, d.edges)
		if err != nil {
			return 0, err
		}
		if g.Cycle() == nil {
			return v, nil
		}
	}
	return 0, fmt.Errorf("netsim: routing %s is not deadlock-free on this network: its CDG has a cycle even with one VC per class", rt.Name())
}

// CyclicError reports a routing whose channel dependencies have a cycle
// with the VCs given: the simulator refuses to run it (it can deadlock).
type CyclicError struct {
	Routing string
	VCs     int
	Escape  bool // the cycle is in the escape sub-network's extended dependency graph
	Cycle   []Channel
}

// Error names the cycle.
func (e *CyclicError) Error() string {
	parts := make([]string, len(e.Cycle))
	for i, c := range e.Cycle {
		parts[i] = c.String()
	}
	what := "channel dependency graph"
	if e.Escape {
		what = "escape sub-network's extended dependency graph"
	}
	return fmt.Sprintf("netsim: routing %s can deadlock with %d VCs per port: its %s has the cycle %s (a packet holding each channel waits for the next)",
		e.Routing, e.VCs, what, strings.Join(parts, " -> "))
}

// hopIndexed is implemented by the routings whose VC class is the index of
// the hop (Minimal, Valiant, UGAL, UGALThreshold).
type hopIndexed interface{ hopIndexed() }

func (*Minimal) hopIndexed()       {}
func (*Valiant) hopIndexed()       {}
func (*UGAL) hopIndexed()          {}
func (*UGALThreshold) hopIndexed() {}

// DefaultDeadlockCheckStates is the state budget of the deadlock check
// Run and RunWorkload make before simulating (Config.DeadlockCheck).
const DefaultDeadlockCheckStates = 250000

// CheckMemo remembers outcomes of the deadlock check that runs make before
// simulating (Config.CheckMemo). The zero value is ready to use; it is
// safe for concurrent use.
type CheckMemo struct {
	mu sync.Mutex
	m  map[checkMemoKey]checkOutcome
}

type checkMemoKey struct {
	id     string
	vcs    int
	fc     FlowControl
	budget int
}

type checkOutcome struct {
	checked bool
	err     error
}

// check returns the outcome of checkRun for id, computing it on the first
// call (concurrent first calls may both compute it: it is deterministic).
func (m *CheckMemo) check(id string, net *Network, rt Routing, vcs int, fc FlowControl, budget int) (bool, error) {
	if m == nil || id == "" {
		return checkRun(net, rt, vcs, fc, budget)
	}
	k := checkMemoKey{id, vcs, fc, budget}
	m.mu.Lock()
	o, ok := m.m[k]
	m.mu.Unlock()
	if ok {
		return o.checked, o.err
	}
	checked, err := checkRun(net, rt, vcs, fc, budget)
	m.mu.Lock()
	if m.m == nil {
		m.m = map[checkMemoKey]checkOutcome{}
	}
	m.m[k] = checkOutcome{checked, err}
	m.mu.Unlock()
	return checked, err
}

// checkRun runs the CDG check of rt with vcs VCs and flow control fc
// within budget states. It returns a *CyclicError for a cyclic graph,
// nil if it is acyclic, and checked = false when the enumeration exceeds
// the budget or the routing cannot be enumerated.
func checkRun(net *Network, rt Routing, vcs int, fc FlowControl, budget int) (checked bool, err error) {
	if _, ok := rt.(hopIndexed); ok {
		// Every hop's class is its index: dependencies go from class k to
		// class k+1 only, so the CDG is acyclic (the simulator rejects a
		// class beyond Classes()).
		return true, nil
	}
	_, ok1 := rt.(PathEnumerator)
	_, ok2 := rt.(AdaptiveRouting)
	if !ok1 && !ok2 {
		return false, nil
	}
	d, err := newDependencies(net, rt, budget)
	if errors.Is(err, errTooManyStates) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	g, err := d.graph(vcs, fc)
	if err != nil {
		return false, err
	}
	if cyc := g.Cycle(); cyc != nil {
		return true, &CyclicError{Routing: rt.Name(), VCs: vcs, Escape: d.Escape, Cycle: cyc}
	}
	return true, nil
}
