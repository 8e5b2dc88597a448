package netsim

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Packet is the simulator's record of a packet in flight, as seen by a
// routing algorithm. Routing algorithms keep their per-packet state here
// (Inter, Flags, Aux) so that they hold no mutable state themselves.
type Packet struct {
	Src, Dst             int32 // source and destination endpoints
	SrcRouter, DstRouter int32 // their routers
	// Inter is an intermediate router the packet must visit first
	// (Valiant, UGAL); -1 for none. The simulator ejects a packet at
	// DstRouter only when Inter is -1, so an algorithm clears Inter when
	// the packet reaches it.
	Inter int32
	// Hops is the number of router-to-router hops taken so far: in
	// Routing.Route it is the index of the hop being decided.
	Hops int32
	// Flags and Aux are free for the routing algorithm; both are 0 at
	// injection.
	Flags uint32
	Aux   int32
	// Size is the packet's length in flits.
	Size int32

	created, injected int32 // router cycles
	recv              int32 // flits delivered
	msg               int32 // message slot of a finite workload (-1: none)
	pathLat           int32 // latencies (ticks) of the links crossed so far
	measured          bool
	_                 [7]byte // a record is 64 bytes: one cache line
}

// Flags bits used by the built-in algorithms.
const (
	// FlagRouted marks a packet whose source-router decision is done.
	FlagRouted uint32 = 1 << 0
	// FlagNonMinimal marks a packet sent on a non-minimal (Valiant) path.
	FlagNonMinimal uint32 = 1 << 1
)

// View gives a routing algorithm read access to the simulation state. It
// is valid only during the Route call it is passed to.
type View struct {
	s   *shard
	cur int32 // the router routing
}

// Network returns the simulated network.
func (v *View) Network() *Network { return v.s.net }

// Now returns the current time in router cycles (Config.Speedup per channel
// cycle).
func (v *View) Now() int64 { return int64(v.s.now) }

// Rand returns the random stream of the router routing (one per router,
// seeded from Config.Seed; use it for every random decision to keep runs
// reproducible and independent of Config.Threads).
func (v *View) Rand() *rand.Rand { return v.s.rng }

// InPort returns the input port at which the packet being routed waits.
func (v *View) InPort() int32 { return v.s.curIn }

// Occupancy returns the flits committed to output port port of router r
// and not yet acknowledged by a credit: flits in its output queue, on the
// channel and in the downstream input buffer, summed over VCs (BookSim's
// "used credits"). This is the queue length of UGAL. For a router other
// than the one routing it is the value at the start of the router cycle
// (the routing must implement readsRemoteQueues; UGAL-G does), so that
// no result depends on the order in which routers run.
func (v *View) Occupancy(r, port int32) int32 {
	gp := v.s.rs[r].off + port
	if r != v.cur && v.s.usedSnap != nil {
		return v.s.usedSnap[gp]
	}
	return v.s.ports[gp].used
}

// PortCapacity returns the most flits Occupancy can report for a port: the
// downstream input buffer of a port, VCs x buffer per VC.
func (v *View) PortCapacity() int32 { return v.s.V * v.s.B }

// VCBuffer returns the buffer of one input VC in flits.
func (v *View) VCBuffer() int32 { return v.s.B }

// QueueLen returns the flits waiting in the output queue of port port of
// the router routing, r.
func (v *View) QueueLen(r, port int32) int32 {
	return v.s.ports[v.s.rs[r].off+port].oqLen
}

// Routing is a routing algorithm. Route is called once per packet and
// router, when the packet's head flit reaches the front of its input
// virtual channel at router r (after the routing delay the packet competes
// for a VC of the chosen class). It is not called at the destination
// router once Inter is -1: the simulator then ejects the packet.
//
// Route returns the network port of r (0 <= port < Degree(r)) and the VC
// class (0 <= class < Classes()) of the next hop. The simulator increments
// p.Hops after the call. Implementations must keep per-packet state in
// the Packet and use View.Rand for randomness; they may be shared by
// concurrent runs and so must not mutate themselves in Route.
type Routing interface {
	// Name returns a short name such as "min" or "ugal-l".
	Name() string
	// Classes returns the number of VC classes the algorithm needs for
	// deadlock freedom (hop-indexed algorithms: the maximum hop count).
	Classes() int
	// Route decides the next hop of p at router r.
	Route(v *View, r int32, p *Packet) (port, class int32)
}

// Choice selects among several minimal next hops.
type Choice uint8

// Next-hop choices.
const (
	// FirstPort takes the lowest-numbered minimal port (deterministic,
	// like a static routing table).
	FirstPort Choice = iota
	// RandomPort picks a minimal port uniformly at random at every hop.
	RandomPort
)

func (c Choice) port(n *Network, v *View, r, d int32) int32 {
	if c == RandomPort {
		if k := n.MinPorts(r, d); k > 1 {
			return n.MinPort(r, d, v.s.rng.IntN(k))
		}
	}
	return n.MinPort(r, d, 0)
}

// Minimal is table-driven minimal routing for any graph, with hop-indexed
// VCs (hop k uses class k, so it needs Diameter classes; deadlock-free on
// any topology).
type Minimal struct {
	net    *Network
	choice Choice
}

// NewMinimal returns minimal routing on net (building its route tables).
func NewMinimal(net *Network, choice Choice) (*Minimal, error) {
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &Minimal{net: net, choice: choice}, nil
}

// Name returns "min".
func (m *Minimal) Name() string { return "min" }

// Classes returns the network diameter (at least 1).
func (m *Minimal) Classes() int { return max(1, m.net.Diameter()) }

// Route takes a minimal next hop towards the destination router.
func (m *Minimal) Route(v *View, r int32, p *Packet) (int32, int32) {
	return m.choice.port(m.net, v, r, p.DstRouter), p.Hops
}

// Valiant is Valiant random routing (SC14 section IV-B): a random
// intermediate router other than the source and destination routers, then
// minimal paths source -> intermediate -> destination, hop-indexed VCs (2 x
// diameter classes).
type Valiant struct {
	net    *Network
	choice Choice
}

// NewValiant returns Valiant routing on net.
func NewValiant(net *Network, choice Choice) (*Valiant, error) {
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &Valiant{net: net, choice: choice}, nil
}

// Name returns "val".
func (a *Valiant) Name() string { return "val" }

// Classes returns twice the diameter (at least 1).
func (a *Valiant) Classes() int { return max(1, 2*a.net.Diameter()) }

// Route picks the intermediate at the source router, then routes
// minimally to it and on to the destination.
func (a *Valiant) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted == 0 {
		p.Flags |= FlagRouted
		if i := randomInter(v, a.net.r, p); i >= 0 {
			p.Inter = i
			p.Flags |= FlagNonMinimal
		}
	}
	return twoPhase(a.net, a.choice, v, r, p), p.Hops
}

// randomInter returns a random router other than p's source and
// destination routers (-1 if there is none).
func randomInter(v *View, R int, p *Packet) int32 {
	excl := 1
	if p.SrcRouter != p.DstRouter {
		excl = 2
	}
	if R <= excl {
		return -1
	}
	lo, hi := min(p.SrcRouter, p.DstRouter), max(p.SrcRouter, p.DstRouter)
	i := int32(v.s.rng.IntN(R - excl))
	if i >= lo {
		i++
	}
	if excl == 2 && i >= hi {
		i++
	}
	return i
}

// twoPhase routes towards p.Inter (clearing it on arrival) and then
// towards p.DstRouter.
func twoPhase(n *Network, c Choice, v *View, r int32, p *Packet) int32 {
	if p.Inter == r {
		p.Inter = -1
	}
	t := p.Inter
	if t < 0 {
		t = p.DstRouter
	}
	return c.port(n, v, r, t)
}

// UGAL is Universal Globally-Adaptive Load-balanced routing as SC14
// section IV-C defines it for Slim Fly: at the source router it compares
// the minimal path with Candidates random Valiant paths and takes the
// cheapest (ties go to the minimal path, then to the earlier candidate).
// Local (UGAL-L) cost: path length in hops times the occupancy of the
// first output port. Global (UGAL-G) cost: sum of the occupancies of the
// output ports along the path (the path that FirstPort routing takes).
// Later hops route minimally to the chosen intermediate and on to the
// destination; VCs are hop-indexed (2 x diameter classes).
type UGAL struct {
	net        *Network
	choice     Choice
	global     bool
	candidates int
}

// NewUGAL returns UGAL-L (global false) or UGAL-G (global true) with the
// given number of random Valiant candidates (SC14: 4; <= 0 means 4; UGAL-G
// takes at most ugalWalkCandidates).
func NewUGAL(net *Network, global bool, candidates int, choice Choice) (*UGAL, error) {
	if candidates <= 0 {
		candidates = 4
	}
	if global && candidates > ugalWalkCandidates {
		return nil, fmt.Errorf("netsim: ugal-g takes at most %d Valiant candidates, got %d", ugalWalkCandidates, candidates)
	}
	if err := net.Routes(); err != nil {
		return nil, err
	}
	return &UGAL{net: net, choice: choice, global: global, candidates: candidates}, nil
}

// Name returns "ugal-l" or "ugal-g".
func (u *UGAL) Name() string {
	if u.global {
		return "ugal-g"
	}
	return "ugal-l"
}

// Classes returns twice the diameter (at least 1).
func (u *UGAL) Classes() int { return max(1, 2*u.net.Diameter()) }

// Route decides between the minimal and Valiant paths at the source router
// and follows the decision afterwards.
func (u *UGAL) Route(v *View, r int32, p *Packet) (int32, int32) {
	if p.Flags&FlagRouted != 0 {
		return twoPhase(u.net, u.choice, v, r, p), p.Hops
	}
	p.Flags |= FlagRouted
	if u.global {
		return u.routeGlobal(v, r, p), p.Hops
	}
	n := u.net
	port := u.choice.port(n, v, r, p.DstRouter)
	best := localCost(v, r, port, n.Dist(r, p.DstRouter))
	bestInter := int32(-1)
	bestPort := port
	for range u.candidates {
		i := randomInter(v, n.r, p)
		if i < 0 {
			break
		}
		ip := u.choice.port(n, v, r, i)
		if c := localCost(v, r, ip, n.Dist(r, i)+n.Dist(i, p.DstRouter)); c < best {
			best, bestInter, bestPort = c, i, ip
		}
	}
	if bestInter >= 0 {
		p.Inter = bestInter
		p.Flags |= FlagNonMinimal
	}
	return bestPort, p.Hops
}

// ugalWalkCandidates is the most Valiant candidates routeGlobal takes.
const ugalWalkCandidates = 8

// routeGlobal is Route's source decision for UGAL-G: the cost of a path
// is the sum of the occupancies of its output ports (the path FirstPort
// routing takes after the first port), with the walks along the minimal
// path and along each candidate's two phases advanced one hop at a time
// side by side. A hop reads the walk's next-hop entry, adjacency and
// occupancy snapshot (on a large network three cache misses in a chain);
// interleaving the walks lets the processor overlap the misses of
// different walks instead of waiting for each chain in turn. The random
// draws come in Route's order (the minimal first port, then each
// candidate and its first port; the walks draw nothing), and so does the
// decision (ties to the minimal path, then to the earlier candidate).
func (u *UGAL) routeGlobal(v *View, r int32, p *Packet) int32 {
	n := u.net
	var inter, iport [ugalWalkCandidates]int32
	// Walk 0: the minimal path after its first hop; walks 1+2j and 2+2j:
	// candidate j's path to its intermediate after the first hop, and on
	// from the intermediate to the destination.
	var at, to [1 + 2*ugalWalkCandidates]int32
	var acc [1 + 2*ugalWalkCandidates]int64
	port := u.choice.port(n, v, r, p.DstRouter)
	acc[0] = int64(v.Occupancy(r, port))
	at[0], to[0] = n.Neighbor(r, port), p.DstRouter
	w, k := 1, 0
	for range u.candidates {
		i := randomInter(v, n.r, p)
		if i < 0 {
			break
		}
		ip := u.choice.port(n, v, r, i)
		inter[k], iport[k] = i, ip
		k++
		acc[w] = int64(v.Occupancy(r, ip))
		at[w], to[w] = n.Neighbor(r, ip), i
		at[w+1], to[w+1] = i, p.DstRouter
		w += 2
	}
	for moved := true; moved; {
		moved = false
		for x := range w {
			if a := at[x]; a != to[x] {
				pt := n.MinPort(a, to[x], 0)
				acc[x] += int64(v.Occupancy(a, pt))
				at[x] = n.Neighbor(a, pt)
				moved = true
			}
		}
	}
	best, bestInter, bestPort := acc[0], int32(-1), port
	for j := range k {
		if c := acc[1+2*j] + acc[2+2*j]; c < best {
			best, bestInter, bestPort = c, inter[j], iport[j]
		}
	}
	if bestInter >= 0 {
		p.Inter = bestInter
		p.Flags |= FlagNonMinimal
	}
	return bestPort
}

// readsRemoteQueues reports whether u reads the queues of other routers
// (UGAL-G): they are then read as of the start of the router cycle.
func (u *UGAL) readsRemoteQueues() bool { return u.global }

// localCost is UGAL-L's cost of a path of hops hops leaving r on port:
// hops x occupancy(port).
func localCost(v *View, r, port, hops int32) int64 {
	return int64(hops) * int64(v.Occupancy(r, port))
}

// routingNames lists the names NewRouting accepts (without parameters).
var routingNames = []string{"min", "min-random", "val", "ugal-l", "ugal-g", "ugal-threshold", "dor", "dor-crossing", "anca",
	"min-df", "val-df", "ugal-l-df", "updown", "min-adaptive", "duato-dor", "duato-updown", "val-leaf", "ugal-leaf", "ugal-pf"}

// RoutingNames returns the names NewRouting accepts.
func RoutingNames() []string { return append([]string(nil), routingNames...) }

// RoutingDoc returns a one-paragraph description of each routing name.
func RoutingDoc() map[string]string {
	return map[string]string{
		"min":            "minimal, table-driven, lowest-numbered minimal port; hop-indexed VCs (diameter classes); any topology",
		"min-random":     "minimal, random minimal port at every hop; hop-indexed VCs; any topology",
		"val":            "Valiant (SC14 IV-B): random intermediate router, minimal phases; 2 x diameter classes; any topology",
		"ugal-l":         "UGAL-L (SC14 IV-C): minimal vs 4 Valiant candidates by hops x first-port occupancy; 2 x diameter classes",
		"ugal-g":         "UGAL-G (SC14 IV-C): sum of occupancies along the path; 2 x diameter classes",
		"ugal-threshold": "UGAL with threshold (SC15 3.3, SF-A with t=0, SF-ATh): ugal-threshold:t=T,c=C,n=N (T = 0.1, C = 1, N = 4); penalty scaled by path lengths",
		"dor":            "dimension order, VC class by whether the route crosses the ring's wrap link (BookSim2's dim_order_torus): torus, mesh, hypercube",
		"dor-crossing":   "dimension order with the textbook dateline (class changes at the wrap link; falls past saturation, see DOR): torus, mesh, hypercube",
		"anca":           "adaptive nearest common ancestor: fattree, fattree_sc14",
		"min-df":         "Dragonfly minimal, local-global-local (Kim et al. 2008): dragonfly",
		"val-df":         "Dragonfly Valiant through a random group: dragonfly",
		"ugal-l-df":      "Dragonfly UGAL-L: minimal iff q_min <= m*q_val + t (BookSim2's rule): ugal-l-df:t=30,m=2,n=1",
		"updown":         "up*/down* (Autonet): shortest legal routes, random legal next hop, 1 VC; any connected topology; updown:root=R (default: a graph center)",
		"min-adaptive":   "fully adaptive minimal on one VC class, no escape (deadlocks on most direct networks: the check refuses it)",
		"duato-dor":      "Duato's protocol: adaptive minimal VCs plus DOR escape VCs (1 per DOR class): torus, mesh, hypercube",
		"duato-updown":   "adaptive minimal VCs plus an up*/down* escape VC (Silla and Duato): any connected topology; duato-updown:root=R",
		"val-leaf":       "SC15 INR for indirect networks: random leaf intermediate (4-hop paths on MLFM/OFT), towards/away VCs (2)",
		"ugal-leaf":      "SC15 MLFM-A/OFT-A (t=0) and -ATh: C_M = q_M vs C_I = c*q_I over n leaf candidates: ugal-leaf:c=2,n=4,t=0",
		"ugal-pf":        "PolarFly's UGAL_PF (SC22, as its authors' SST code routes): Valiant candidates among the source's neighbours unless the destination is adjacent; minimal iff q_min <= m*q_val + t*buffer: ugal-pf:n=4,m=1.5,t=0.1; any topology, PolarFly's own",
	}
}

func paramHint(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=..."
	}
	return strings.Join(parts, ", ")
}

// NewRouting returns a built-in algorithm by name (RoutingDoc describes
// each):
//
//   - "min" (FirstPort), "min-random", "val", "ugal-l", "ugal-g" (the
//     latter three with random minimal next hops, 4 UGAL candidates): any
//     topology, SC14 section IV, hop-indexed VCs;
//   - "ugal-threshold" or "ugal-threshold:t=T,c=C,n=N": UGAL with the
//     threshold of SC15 section 3.3 (UGALThreshold), any topology;
//   - "dor": dimension-order routing with dateline VCs (DOR): torus, mesh,
//     hypercube; "duato-dor": Duato's protocol with DOR escape (DuatoDOR);
//   - "updown[:root=R]": up*/down* (UpDown) and "duato-updown[:root=R]":
//     adaptive with up*/down* escape (DuatoUpDown), any connected network;
//     "min-adaptive": adaptive minimal without escape (MinAdaptive);
//   - "anca": adaptive nearest-common-ancestor routing (ANCA): fattree,
//     fattree_sc14;
//   - "val-leaf", "ugal-leaf[:c=C,n=N,t=T]": SC15's indirect random and
//     adaptive routing with leaf intermediates (ValiantLeaf, UGALLeaf):
//     networks with routers without endpoints;
//   - "ugal-pf[:n=N,m=M,t=T]": PolarFly's UGAL_PF (UGALPF), any topology;
//   - "min-df", "val-df", "ugal-l-df[:t=T,m=M,n=N]": hierarchical Dragonfly
//     routing of Kim et al., ISCA 2008 (Dragonfly): dragonfly. The generic
//     names do not dispatch by family: "ugal-l" on a Dragonfly is SC14's
//     topology-agnostic UGAL-L.
func NewRouting(net *Network, name string) (Routing, error) {
	base, kv, err := parseRoutingName(name)
	if err != nil {
		return nil, &RoutingError{err}
	}
	var r Routing
	switch base {
	case "min":
		r, err = NewMinimal(net, FirstPort)
	case "min-random":
		r, err = NewMinimal(net, RandomPort)
	case "val":
		r, err = NewValiant(net, RandomPort)
	case "ugal-l":
		r, err = NewUGAL(net, false, 4, RandomPort)
	case "ugal-g":
		r, err = NewUGAL(net, true, 4, RandomPort)
	case "ugal-threshold":
		r, err = NewUGALThreshold(net, kv["t"], kv["c"], int(kv["n"]), RandomPort)
	case "dor":
		r, err = NewDORScheme(net, DORPartition)
	case "dor-crossing":
		r, err = NewDORScheme(net, DORCrossing)
	case "anca":
		r, err = NewANCA(net)
	case "min-df":
		r, err = NewDragonfly(net, DFMinimal, 0)
	case "val-df":
		r, err = NewDragonfly(net, DFValiant, 0)
	case "ugal-l-df":
		r, err = NewDragonflyUGAL(net, DFUGALLocal, int(kv["n"]), int(kv["t"]), int(kv["m"]))
	case "updown":
		r, err = NewUpDown(net, int32(kv["root"]))
	case "duato-updown":
		r, err = NewDuatoUpDown(net, int32(kv["root"]))
	case "min-adaptive":
		r, err = NewMinAdaptive(net)
	case "duato-dor":
		r, err = NewDuatoDOR(net)
	case "val-leaf":
		r, err = NewValiantLeaf(net)
	case "ugal-leaf":
		r, err = NewUGALLeaf(net, kv["c"], int(kv["n"]), kv["t"])
	case "ugal-pf":
		r, err = NewUGALPF(net, int(kv["n"]), kv["m"], kv["t"])
	}
	if err != nil {
		return nil, &RoutingError{err}
	}
	return r, nil
}

// RoutingError is an error of NewRouting: an unknown routing, parameters
// out of range, or a network the routing does not fit (a Dragonfly routing
// on a torus). Its text is that of the error it wraps.
type RoutingError struct{ Err error }

// Error returns the wrapped error's text.
func (e *RoutingError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *RoutingError) Unwrap() error { return e.Err }

// RoutingRevision returns the revision of the definition of the routing
// name (with or without parameters), for the cache keys of the cells that
// simulate it: a cell computed under an earlier definition must rerun.
// Every routing is at revision 1 but "ugal-leaf", at 2: revision 1 took
// the least occupied first hop towards a candidate intermediate (see
// UGALLeaf).
func RoutingRevision(name string) int {
	base, _, _ := strings.Cut(name, ":")
	if base == "ugal-leaf" {
		return 2
	}
	return 1
}

// CheckRoutingName reports whether NewRouting accepts name on some
// network: a known routing with valid parameters (whether a network can
// run it is known only with the network).
func CheckRoutingName(name string) error {
	_, _, err := parseRoutingName(name)
	return err
}

// routingParam is a numeric routing parameter: its default and range.
type routingParam struct {
	def, min, max float64
	integer       bool
	what          string
}

// routingParamSpecs are the parameters of each routing that takes some.
var routingParamSpecs = map[string]map[string]routingParam{
	"ugal-threshold": {
		"t": {DefaultUGALThreshold, 0, 1, false, "threshold, a fraction of the port buffer"},
		"c": {DefaultUGALPenalty, math.SmallestNonzeroFloat64, math.MaxFloat64, false, "penalty"},
		"n": {DefaultUGALCandidates, 1, 64, true, "candidates"},
	},
	"ugal-leaf": {
		"c": {DefaultLeafPenalty, math.SmallestNonzeroFloat64, math.MaxFloat64, false, "penalty"},
		"n": {DefaultLeafCandidates, 1, 64, true, "candidates"},
		"t": {0, 0, 1, false, "threshold, a fraction of the port buffer"},
	},
	"ugal-l-df": {
		"t": {DefaultDFThreshold, 0, 1 << 20, true, "threshold in flits"},
		"m": {DefaultDFMultiplier, 1, 1 << 10, true, "multiplier"},
		"n": {1, 1, 64, true, "candidates"},
	},
	"ugal-pf": {
		"n": {DefaultPFCandidates, 1, 64, true, "candidates"},
		"m": {DefaultPFMultiplier, 1, 1 << 10, false, "multiplier"},
		"t": {DefaultUGALThreshold, 0, 1, false, "threshold, a fraction of the port buffer"},
	},
	"updown":       {"root": {-1, 0, math.MaxInt32, true, "root router"}},
	"duato-updown": {"root": {-1, 0, math.MaxInt32, true, "root router"}},
}

// parseRoutingName splits "base:k=v,..." and returns the base and every
// parameter of the routing (defaults filled in).
func parseRoutingName(name string) (string, map[string]float64, error) {
	base, params, hasParams := strings.Cut(name, ":")
	if !slices.Contains(routingNames, base) {
		return "", nil, fmt.Errorf("netsim: unknown routing %q (want %s)", name, strings.Join(routingNames, ", "))
	}
	specs := routingParamSpecs[base]
	kv := map[string]float64{}
	for k, p := range specs {
		kv[k] = p.def
	}
	if !hasParams {
		return base, kv, nil
	}
	if specs == nil {
		return "", nil, fmt.Errorf("netsim: routing %q takes no parameters", base)
	}
	keys := slices.Sorted(maps.Keys(specs))
	seen := map[string]bool{}
	for _, item := range strings.Split(params, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		if !ok || val == "" {
			return "", nil, fmt.Errorf("netsim: %s: bad parameter %q (want %s)", base, item, paramHint(keys))
		}
		p, known := specs[k]
		if !known {
			return "", nil, fmt.Errorf("netsim: %s: unknown parameter %q (want %s)", base, k, paramHint(keys))
		}
		if seen[k] {
			return "", nil, fmt.Errorf("netsim: %s: parameter %s given twice", base, k)
		}
		seen[k] = true
		f, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return "", nil, fmt.Errorf("netsim: %s: parameter %s = %q is not a number", base, k, val)
		}
		if p.integer && f != math.Trunc(f) {
			return "", nil, fmt.Errorf("netsim: %s: parameter %s = %g is not a whole number", base, k, f)
		}
		if f < p.min || f > p.max {
			return "", nil, fmt.Errorf("netsim: %s: %s %s = %g outside [%g, %g]", base, p.what, k, f, p.min, p.max)
		}
		kv[k] = f
	}
	return base, kv, nil
}
