package netsim

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"unsafe"
)

// Pattern is a traffic pattern over endpoint ids 0..E-1: Dest returns the
// destination endpoint of a new packet from src, or -1 when src is idle
// (sends nothing; an idle endpoint must always return -1). pkg/traffic
// implements it. Dest is called once per packet, with the source
// endpoint's random stream, and from several goroutines at once when a run
// has several threads: it must not change the pattern.
type Pattern interface {
	Dest(src int32, rng *rand.Rand) int32
}

// Input VC states.
const (
	vcIdle   uint8 = iota // empty, no packet at the front
	vcVA                  // head routed, waiting for (or in) VC allocation
	vcActive              // output VC held; flits compete in switch allocation
)

// ivState is the state of one input virtual channel.
type ivState struct {
	head, tail int32 // flits (nodes of sim.fl), oldest first; -1 when empty
	len        int32
	ready      int32 // tick from which the current stage may proceed
	out        int32 // output port of the packet at the front
	left       int32 // flits of that packet still to leave
	outVC      int32 // output VC held (vcActive)
	lo, hi     uint8 // VC range of the packet's class
	state      uint8
	nopt       uint8 // adaptive options waiting in the arena (0: out, lo, hi hold the route)
}

// ovState is the state of one output virtual channel.
type ovState struct {
	credits int32 // free slots in the downstream input VC
	owner   int32 // input VC holding it (>= 0), or free from tick -owner-2 (isFree)
}

// fnode is a flit held by a router: in an input VC (pkt, next) or in an
// output queue (also ready and vc). Flits live in one pool (sim.fl) with a
// LIFO free list, so the memory in use follows the flits in the routers,
// not the buffer capacity, and stays hot in cache.
type fnode struct {
	pkt   int32
	next  int32 // next flit of the same queue, -1 for the last; next free node when free
	ready int32 // output queue: tick at which it has crossed the crossbar
	vc    int32 // output queue: output VC
}

// port is the state of one router port (one cache line): its input side
// (saMask, inRR), its output side (output queue, channel, credits) and
// its wiring.
type port struct {
	saMask         uint64 // input VCs with a flit and an output VC (switch allocation candidates)
	peer           int32  // global port at the other end of the link, or -1-e for endpoint e's port
	lat            int32  // output channel latency (ticks)
	peerRtr        int32  // router at the other end of the link (for an endpoint port: the port's own router)
	chanFree       int32  // tick from which the output channel is free
	used           int32  // used credits: flits committed to the output and not acknowledged
	oqHead, oqTail int32  // output queue (nodes of sim.fl), -1 when empty
	oqLen          int32
	inRR, outRR    int32  // round-robin pointers of the input and output arbiters
	saBest, saKey  int32  // switch allocation scratch: best request of this output and its priority
	pshard         uint16 // shard of the router at the other end
	newV           uint8  // VC of the head arrived in this cycle (newAct)
}

// rtrState is the per-router state.
type rtrState struct {
	off, np int32 // first global port and number of ports
	deg     int32 // network ports
	words   int32 // first word of the router in sim.saAct and sim.oqAct
	inBuf   int32 // flits in input buffers
	inOq    int32 // flits in output queues
	vaN     int32 // heads waiting in VC allocation (vaBuf from off*V)
	// vaWake is the first tick at which VC allocation can grant anything:
	// a head becomes ready, an output VC is released, or (virtual
	// cut-through) credits reach an output VC. A pass before it would fail
	// as the last one did, so step skips it.
	vaWake int32
	vaRel  int32 // the last tick an output VC was released
	epWake int32 // the first tick at which one of the router's endpoints may inject (shard.inject)
}

// event is something due at router r in a later router cycle: the
// arrival of a flit of packet b at input VC a (b >= 0), a credit for
// output VC a (b == evCredit), a credit for endpoint VC a = e<<vs | vc
// (b == evEpCredit), or (in slot.ejects) the ejection of a flit of packet
// b that left over output VC a.
type event struct{ r, a, b int32 }

// Event kinds of event.b below 0.
const (
	evCredit   = -1
	evEpCredit = -2
)

// inbox holds the events one shard scheduled for another (or itself) in
// one router cycle.
type inbox struct {
	evs []event
}

// slot holds the events due at one shard in one router cycle: those of
// every shard (from[k] from shard k, itself included), and its own
// ejections.
type slot struct {
	from   []inbox
	ejects []event
}

// sim is the state of one run. Indices: global port gp = rs[r].off + i;
// input VC iv = gp<<vs | v and output VC ov = gp<<vs | v; endpoint VC
// credit index e<<vs | v. Time is in router cycles ("ticks"): S per
// channel cycle.
//
// The routers are split into shards of consecutive routers (with their
// endpoints), stepped in parallel a step at a time; see shard.
type sim struct {
	cfg   *Config
	net   *Network
	rt    Routing
	ad    AdaptiveRouting // rt, if it offers options
	wl    *wlState        // finite workload (RunWorkload), nil for open-loop runs
	check string          // outcome of the deadlock check (Result.DeadlockCheck)
	pat   Pattern

	shards []*shard

	S         int32 // speedup
	V         int32 // VCs per port
	vs        uint  // log2 of the VC stride
	vmask     int32
	B         int32 // buffer per VC
	size      int32 // packet size
	vct       bool
	classLo   []int32
	classHi   []int32
	classes   int32
	linkLat   int32    // the latency (ticks) of every router-to-router link, or -1 if they differ
	maxOpt    int32    // options per input VC in opts (adaptive routings)
	opts      []Option // adaptive options of the head of input VC iv: opts[iv*maxOpt:]
	rd, vad   int32    // routing, VC allocation delay
	look      int32    // ticks per step of the shards (see shard.tick): S, or 1
	sad       int32    // switch allocation + crossbar delay
	cd        int32    // credit delay (ticks)
	le        int32    // endpoint channel latency (ticks)
	now       int32
	wmask     int32
	inWindow  bool
	pInj      float64 // packet injection probability per cycle
	lambda    float64 // -log(1 - pInj): gaps are floor(Exp(1)/lambda) + 1
	neverTick int32

	// Random streams: one per endpoint (traffic: arrivals, destinations),
	// then one per router (routing decisions), so that no draw depends on
	// the order in which shards run.
	rngs []rand.PCG
	// usedSnap is a copy of every port's used credits taken at the start
	// of the router cycle, for routings that read other routers' queues
	// (remoteReader); nil otherwise.
	usedSnap []int32

	// routers
	R       int32
	rs      []rtrState
	ports   []port
	saAct   []uint64 // per router, one bit per port with saMask != 0 (words from rtrState.words)
	oqAct   []uint64 // per router, one bit per port with a non-empty output queue
	newAct  []uint64 // per router, one bit per port with a head arrived in this cycle (port.newV)
	vaBuf   []int32
	linkCnt []int64 // per output port: flits sent in the window

	// input VCs; output VCs
	iv []ivState
	ov []ovState

	// endpoints
	E      int32
	epPort []int32
	active []bool
	eps    []epState
	epCred []int32

	// packets: records in one array, grown only between router cycles
	// (topUp) and numbered from the shards' free lists.
	pk []Packet

	w0, w1 int32 // window in ticks

	// touch makes the shards prefetch the state of the next routers and
	// load that of new heads ahead of use (prefetchArrivals,
	// prefetchFlits, touchHeads), which pays when the state does not fit
	// in the processor's cache; see touchBytes.
	touch bool

	// Sums over the shards after each router cycle.
	inNetAll, pendingAll int64
	busyAll              int32
	moved                int32 // the last tick a flit moved
	workers              *workers
}

// epState is the injection state of one endpoint, in one record so that
// the endpoints of a router are one stream of memory.
type epState struct {
	next int32 // tick of the next (oldest unsent) packet creation
	cur  int32 // packet being sent, -1 if none
	left int32 // its flits still to send
	vc   int32 // its injection VC
	free int32 // tick from which the injection channel is free
}

// counters are the statistics a shard gathers; a run's are their sums.
type counters struct {
	pending            int64 // scheduled, unprocessed events (may be negative in a shard: they are consumed elsewhere)
	inNet              int64 // flits injected and not yet ejected (likewise)
	busyEps            int32 // endpoints in the middle of a packet
	delivered          int64
	ejFlits            int64 // flits delivered
	minimal            int64
	measuredInj        int64
	measuredOut        int64 // measured packets injected and not delivered
	measuredFlits      int64
	accFlits           int64
	periodLat, periodN int64
	periodZL           int64 // zero-load latency (ticks) of the packets delivered in the sample
	zlSum              int64 // zero-load latency (ticks) of the measured packets delivered
	periodFlits        int64
}

// add adds o's counters to c.
func (c *counters) add(o *counters) {
	c.pending += o.pending
	c.inNet += o.inNet
	c.busyEps += o.busyEps
	c.delivered += o.delivered
	c.ejFlits += o.ejFlits
	c.minimal += o.minimal
	c.measuredInj += o.measuredInj
	c.measuredOut += o.measuredOut
	c.measuredFlits += o.measuredFlits
	c.accFlits += o.accFlits
	c.periodLat += o.periodLat
	c.periodN += o.periodN
	c.periodZL += o.periodZL
	c.zlSum += o.zlSum
	c.periodFlits += o.periodFlits
}

// shard is the part of a run one goroutine steps: routers r0..r1-1 and
// their endpoints e0..e1-1. Within a step (look router cycles, see tick) a
// shard touches only its own routers, endpoints and flits, reads the shared
// tables, and sends the events that cross to another shard to that shard's
// wheel (slot.from); every event is due in a later step, so one barrier per
// step orders them. Results do not depend on the number of
// shards: random draws come from per-endpoint and per-router streams, and
// the order in which a router routes the heads that reach it in a cycle is
// the order of their ports (see arrive), not of their arrival.
type shard struct {
	*sim
	k      int32
	r0, r1 int32
	e0, e1 int32

	wheel []slot // events due at this shard

	src  pcgRef     // the random stream in use: an endpoint's or a router's
	rng  *rand.Rand // draws from src
	view View

	now       int32 // the router cycle being simulated (sim.now is the start of the step)
	curIn     int32
	err       error
	lastMove  int32
	touchSink int32     // see touchHeads
	pf        []uintptr // prefetch addresses (prefetchArrivals, prefetchFlits)
	touched   []int32   // switchAlloc scratch: the outputs requested in this cycle
	optBuf    []Option
	evBuf     []event // the step's events, by router and tick (gather)
	evIdx     []int32 // evBuf[evIdx[i]:evIdx[i+1]]: the events of router r0 + i/look at tick sim.now + i%look

	fl     []fnode // flits held by this shard's routers
	flFree int32   // first free node of fl, -1 if none
	free   []int32 // free packet records

	counters
	latH, netH hist
	hops       hist
	srcAcc     []int64 // per endpoint (all of them): flits accepted in the window
}

// pcgRef is a rand.Source drawing from stream i of the run's streams, so
// that one rand.Rand serves every stream of a shard. Switching streams
// writes an index, not a pointer: a pointer store on this path, taken at
// every injection and routing decision, pays the garbage collector's write
// barrier whenever a collection is marking.
type pcgRef struct {
	streams []rand.PCG // sim.rngs
	i       int32
}

// Uint64 draws from the stream in use.
func (r *pcgRef) Uint64() uint64 { return r.streams[r.i].Uint64() }

// useEp switches the shard's random draws to endpoint e's stream.
func (h *shard) useEp(e int32) { h.src.i = e }

// useRt switches the shard's random draws to router r's stream.
func (h *shard) useRt(r int32) { h.src.i = h.E + r }

// remoteReader is implemented by routings that read the queues of routers
// other than the one routing (View.Occupancy(r', ...)): they see the
// queues as they were at the start of the router cycle.
type remoteReader interface {
	readsRemoteQueues() bool
}

// Run simulates net under routing rt and traffic pat at offered load load
// (flits per active endpoint per channel cycle, 0 < load <= 1) and returns
// the measurements. It fails for an invalid configuration, an invalid
// routing decision, a deadlock (*DeadlockError) or a cancelled context.
// Runs are deterministic: the same inputs and cfg.Seed give the same
// Result.
func Run(ctx context.Context, net *Network, rt Routing, pat Pattern, load float64, cfg Config) (*Result, error) {
	if !(load > 0 && load <= 1) {
		return nil, fmt.Errorf("netsim: load %g outside (0, 1]", load)
	}
	s, err := newSim(net, rt, pat, load, &cfg, false)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, load)
}

// newSim sets up a run of an open-loop pattern, or of a finite workload
// (RunWorkload sets it up after newSim).
func newSim(net *Network, rt Routing, pat Pattern, load float64, cfg *Config, workload bool) (*sim, error) {
	if net == nil || rt == nil || pat == nil {
		return nil, fmt.Errorf("netsim: nil network, routing or pattern")
	}
	classes := rt.Classes()
	V, B, err := cfg.checkLimits(classes, int64(net.ports()), workload)
	if err != nil {
		return nil, err
	}
	check := "off"
	if cfg.DeadlockCheck >= 0 {
		budget := cfg.DeadlockCheck
		if budget == 0 {
			budget = DefaultDeadlockCheckStates
		}
		// One-flit packets hold one buffer at a time, as in virtual
		// cut-through: indirect dependencies cannot block them.
		fc := cfg.FlowControl
		if cfg.PacketSize == 1 {
			fc = VirtualCutThrough
		}
		checked, err := cfg.CheckMemo.check(cfg.CheckID, net, rt, V, fc, budget)
		if err != nil {
			return nil, err
		}
		check = "acyclic"
		if !checked {
			check = fmt.Sprintf("not checked (more than %d states)", budget)
		}
	}
	s := &sim{cfg: cfg, net: net, rt: rt, pat: pat, check: check}
	s.S = int32(cfg.Speedup)
	s.V = int32(V)
	for 1<<s.vs < V {
		s.vs++
	}
	s.vmask = 1<<s.vs - 1
	s.B = int32(B)
	s.size = int32(cfg.PacketSize)
	s.vct = cfg.FlowControl == VirtualCutThrough
	s.classes = int32(classes)
	if s.classLo, s.classHi, err = classRanges(rt, V); err != nil {
		return nil, err
	}
	s.rd = int32(cfg.RoutingDelay)
	s.vad = int32(cfg.VCAllocDelay)
	s.sad = int32(cfg.SwAllocDelay + cfg.CrossbarDelay)
	s.cd = int32(cfg.CreditDelay) * s.S
	s.le = int32(cfg.EndpointLatency) * s.S
	s.pInj = load / float64(cfg.PacketSize)
	s.lambda = -math.Log1p(-s.pInj)
	s.neverTick = math.MaxInt32

	g := net.g
	R := net.r
	s.R = int32(R)
	s.E = int32(net.e)
	s.rs = make([]rtrState, R)
	var P, words int32
	maxPorts := int32(0)
	for r := 0; r < R; r++ {
		deg := int32(g.Degree(int32(r)))
		np := int64(deg) + int64(net.top.Conc[r])
		if int64(P)+np > math.MaxInt32>>7 {
			return nil, fmt.Errorf("netsim: too many ports")
		}
		s.rs[r] = rtrState{off: P, np: int32(np), deg: deg, words: words, vaRel: -1}
		P += int32(np)
		words += (int32(np) + 63) / 64
		maxPorts = max(maxPorts, int32(np))
	}
	if m := net.maxLinkLatency(); m > 0 {
		if err := checkChannel("link_latency", int64(m), int64(cfg.CreditDelay), int64(cfg.Speedup)); err != nil {
			return nil, err
		}
	}
	s.ports = makeHuge[port](int(P))
	s.epPort = make([]int32, s.E)
	maxLat := s.le
	for r := 0; r < R; r++ {
		off, deg := s.rs[r].off, s.rs[r].deg
		for i := int32(0); i < deg; i++ {
			pt := &s.ports[off+i]
			u := net.Neighbor(int32(r), i)
			pt.peerRtr = u
			pt.peer = s.rs[u].off + net.PeerPort(int32(r), i)
			pt.lat = net.linkLatency(int32(r), i, cfg) * s.S
			maxLat = max(maxLat, pt.lat)
		}
		for j := int32(0); j < net.top.Conc[r]; j++ {
			gp := off + deg + j
			e := net.epOff[r] + j
			pt := &s.ports[gp]
			pt.peerRtr = int32(r)
			pt.peer = -1 - e
			pt.lat = s.le
			s.epPort[e] = gp
		}
	}
	for i := range s.ports {
		pt := &s.ports[i]
		pt.oqHead, pt.oqTail, pt.saBest = -1, -1, -1
	}
	// With links of one latency a packet's path latency is its hops times
	// it; otherwise routing sums it per hop (Packet.pathLat).
	s.linkLat = -2
	for gp := range s.ports {
		pt := &s.ports[gp]
		if pt.peer < 0 {
			continue
		}
		switch {
		case s.linkLat == -2:
			s.linkLat = pt.lat
		case s.linkLat != pt.lat:
			s.linkLat = -1
		}
	}
	// The shards step look ticks at a time, each router through all of
	// them in turn (shard.tick): exact when no event is due sooner than
	// look ticks after it is scheduled. The shortest delay is a channel's
	// latency; a routing that reads other routers' queues (UGAL-G) reads
	// them at the start of every tick, and a finite workload's ejections
	// release other endpoints' messages in the same tick.
	minLat := s.le
	for i := range s.ports {
		minLat = min(minLat, s.ports[i].lat)
	}
	s.look = 1
	if rr, ok := rt.(remoteReader); minLat >= s.S && !workload && !(ok && rr.readsRemoteQueues()) {
		s.look = s.S
	}
	maxDelay := maxLat + s.cd + 1
	W := int32(1)
	for W < maxDelay {
		W <<= 1
	}
	s.wmask = W - 1

	s.vaBuf = makeHuge[int32](int(P) * V)
	s.saAct = make([]uint64, words)
	s.oqAct = make([]uint64, words)
	s.newAct = make([]uint64, words)
	s.linkCnt = makeHuge[int64](int(P))

	NV := int(P) << s.vs
	s.iv = makeHuge[ivState](NV)
	for i := range s.iv {
		s.iv[i].head, s.iv[i].tail = -1, -1
	}
	s.ov = makeHuge[ovState](NV)
	if ad, ok := rt.(AdaptiveRouting); ok {
		s.ad = ad
		m := ad.MaxOptions()
		if m < 1 || m > 255 {
			return nil, fmt.Errorf("netsim: routing %s offers up to %d options, want 1..255", rt.Name(), m)
		}
		if int64(NV)*int64(m) > 1<<28 {
			return nil, fmt.Errorf("netsim: %d input VCs x %d routing options too many", NV, m)
		}
		s.maxOpt = int32(m)
		s.opts = make([]Option, NV*m)
	}
	if rr, ok := rt.(remoteReader); ok && rr.readsRemoteQueues() {
		s.usedSnap = make([]int32, P)
	}
	for gp := 0; gp < int(P); gp++ {
		for v := 0; v < V; v++ {
			s.ov[gp<<s.vs|v].credits = s.B
			s.ov[gp<<s.vs|v].owner = -1
		}
	}

	E := int(s.E)
	s.active = make([]bool, E)
	s.eps = makeHuge[epState](E)
	s.epCred = makeHuge[int32](E << s.vs)
	s.rngs = makeHuge[rand.PCG](E + R)
	for e := 0; e < E; e++ {
		s.rngs[e].Seed(streamSeed(cfg.Seed, 0x7472616666696301), streamSeed(uint64(e), 0x7472616666696302))
	}
	for r := 0; r < R; r++ {
		s.rngs[E+r].Seed(streamSeed(cfg.Seed, 0x726f7574696e6701), streamSeed(uint64(r), 0x726f7574696e6702))
	}
	T := cfg.Threads
	if T <= 0 {
		// One shard per 8,192 ports, at most one per processor: below that
		// the barrier of every router cycle costs more than it saves.
		T = min(runtime.GOMAXPROCS(0), (int(P)+8191)/8192)
		if cfg.ThreadCap > 0 {
			T = min(T, cfg.ThreadCap)
		}
	}
	if workload {
		T = 1 // a finite workload's message state is shared by all endpoints
	}
	s.makeShards(max(1, min(T, R, MaxThreads)), int(W), maxPorts)
	probe := rand.New(rand.NewPCG(cfg.Seed, 0x70726f6265000003))
	h := s.shards[0]
	for e := 0; e < E; e++ {
		for int32(e) >= h.e1 {
			h = s.shards[h.k+1]
		}
		d := pat.Dest(int32(e), probe)
		s.active[e] = d >= 0
		s.eps[e].cur = -1
		s.eps[e].next = s.neverTick
		if s.active[e] {
			h.useEp(int32(e))
			s.eps[e].next = h.firstGen()
		}
		for v := 0; v < V; v++ {
			s.epCred[e<<s.vs|v] = s.B
		}
	}
	s.w0, s.w1 = s.neverTick, s.neverTick
	s.touch = s.stateBytes() > touchBytes
	return s, nil
}

// touchBytes is the size of a run's router state above which the shards
// load state ahead of use: below it (a core's level-2 cache, 512 KiB on
// the reference machine) the state stays in cache and the extra loads
// only cost instructions (about a tenth of them on a Slim Fly of 50
// routers). Results do not depend on it.
const touchBytes = 512 << 10

// stateBytes estimates the memory a run's routers and routing tables
// take (see the Memory section of the package documentation).
func (s *sim) stateBytes() int64 {
	R := int64(s.R)
	return int64(len(s.ports))*int64(unsafe.Sizeof(port{})) + int64(len(s.iv))*int64(unsafe.Sizeof(ivState{})) +
		int64(len(s.ov))*int64(unsafe.Sizeof(ovState{})) + R*R*3
}

// MaxThreads is the most shards (goroutines) a run uses.
const MaxThreads = 256

// streamSeed mixes x and a stream's domain into a seed word (splitmix64's
// finalizer), so that neighbouring endpoints and routers start far apart
// in the PCG sequence.
func streamSeed(x, domain uint64) uint64 {
	z := x*0x9e3779b97f4a7c15 + domain
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// makeShards splits the routers into T shards of consecutive routers with
// about equal numbers of ports, each with a wheel of W slots.
func (s *sim) makeShards(T, W int, maxPorts int32) {
	P := int64(len(s.ports))
	s.shards = make([]*shard, T)
	r := int32(0)
	for k := 0; k < T; k++ {
		h := &shard{sim: s, k: int32(k), r0: r, flFree: -1}
		// Routers up to the k+1-th T-th of the ports, at least one, and
		// leaving one for each later shard.
		goal := P * int64(k+1) / int64(T)
		for r < s.R && (r == h.r0 || int64(s.rs[r].off) < goal) && s.R-r > int32(T-k-1) {
			r++
		}
		if k == T-1 {
			r = s.R
		}
		h.r1 = r
		h.e0, h.e1 = s.net.epOff[h.r0], s.net.epOff[h.r1]
		h.wheel = make([]slot, W)
		for i := range h.wheel {
			h.wheel[i].from = make([]inbox, T)
		}
		h.src.streams = s.rngs
		h.rng = rand.New(&h.src)
		h.view.s = h
		h.touched = make([]int32, maxPorts)
		if s.maxOpt > 0 {
			h.optBuf = make([]Option, 0, s.maxOpt)
		}
		h.srcAcc = make([]int64, s.E)
		h.evIdx = make([]int32, int(h.r1-h.r0)*int(s.look)+1)
		s.shards[k] = h
	}
	for i := range s.ports {
		pt := &s.ports[i]
		if pt.peer >= 0 {
			pt.pshard = uint16(s.shardOf(pt.peerRtr))
		}
	}
}

// shardOf returns the shard of router r.
func (s *sim) shardOf(r int32) int32 {
	k := int32(0)
	for r >= s.shards[k].r1 {
		k++
	}
	return k
}
