package netsim

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
)

// Pattern is a traffic pattern over endpoint ids 0..E-1: Dest returns the
// destination endpoint of a new packet from src, or -1 when src is idle
// (sends nothing; an idle endpoint must always return -1). pkg/traffic
// implements it. Dest is called once per packet, with the run's traffic
// random stream.
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
	rtr            int32  // router
	chanFree       int32  // tick from which the output channel is free
	used           int32  // used credits: flits committed to the output and not acknowledged
	oqHead, oqTail int32  // output queue (nodes of sim.fl), -1 when empty
	oqLen          int32
	inRR, outRR    int32 // round-robin pointers of the input and output arbiters
	saBest, saKey  int32 // switch allocation scratch: best request of this output and its priority
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
}

type flitEv struct{ dst, pkt int32 } // dst: input VC (arrival) or output VC of an ejection port (ejection)

// slot holds the events due in one router cycle.
type slot struct {
	credits   []int32 // output VCs
	epCredits []int32 // endpoint<<vs | vc
	flits     []flitEv
	ejects    []flitEv
}

// sim is the state of one run. Indices: global port gp = rs[r].off + i;
// input VC iv = gp<<vs | v and output VC ov = gp<<vs | v; endpoint VC
// credit index e<<vs | v. Time is in router cycles ("ticks"): S per
// channel cycle.
type sim struct {
	cfg   *Config
	net   *Network
	rt    Routing
	ad    AdaptiveRouting // rt, if it offers options
	wl    *wlState        // finite workload (RunWorkload), nil for open-loop runs
	check string          // outcome of the deadlock check (Result.DeadlockCheck)
	pat   Pattern
	view  View

	trng, rrng *rand.Rand

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
	optBuf    []Option
	rd, vad   int32 // routing, VC allocation delay
	sad       int32 // switch allocation + crossbar delay
	cd        int32 // credit delay (ticks)
	le        int32 // endpoint channel latency (ticks)
	now       int32
	curIn     int32
	err       error
	wheel     []slot
	wmask     int32
	pending   int64 // scheduled, unprocessed events
	inNet     int64 // flits injected and not yet ejected
	lastMove  int32
	busyEps   int32 // endpoints in the middle of a packet
	inWindow  bool
	delivered int64
	ejFlits   int64   // flits delivered
	pInj      float64 // packet injection probability per cycle
	logq      float64
	neverTick int32
	touchSink int32 // see touchArrivals

	// routers
	R       int32
	rs      []rtrState
	ports   []port
	saAct   []uint64 // per router, one bit per port with saMask != 0 (words from rtrState.words)
	oqAct   []uint64 // per router, one bit per port with a non-empty output queue
	vaBuf   []int32
	touched []int32
	linkCnt []int64 // per output port: flits sent in the window

	// input VCs and their flits; output VCs
	iv     []ivState
	ov     []ovState
	fl     []fnode
	flFree int32 // first free node of fl, -1 if none

	// endpoints
	E      int32
	epPort []int32
	active []bool
	epNext []int32 // tick of the next (oldest unsent) packet creation
	epCur  []int32
	epLeft []int32
	epVC   []int32
	epFree []int32
	epCred []int32
	srcAcc []int64

	// packets
	pk   []Packet
	free []int32

	// statistics
	latH, netH         hist
	hops               hist
	minimal            int64
	measuredInj        int64
	measuredOut        int64 // measured packets injected and not delivered
	measuredFlits      int64
	accFlits           int64
	periodLat, periodN int64
	periodZL           int64 // zero-load latency (ticks) of the packets delivered in the sample
	zlSum              int64 // zero-load latency (ticks) of the measured packets delivered
	periodFlits        int64
	w0, w1             int32 // window in ticks
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
		checked, err := checkRun(net, rt, V, fc, budget)
		if err != nil {
			return nil, err
		}
		check = "acyclic"
		if !checked {
			check = fmt.Sprintf("not checked (more than %d states)", budget)
		}
	}
	s := &sim{cfg: cfg, net: net, rt: rt, pat: pat, check: check}
	s.view.s = s
	s.trng = rand.New(rand.NewPCG(cfg.Seed, 0x7472616666696301))
	s.rrng = rand.New(rand.NewPCG(cfg.Seed, 0x726f7574696e6702))
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
	s.logq = math.Log1p(-s.pInj)
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
	s.ports = make([]port, P)
	s.epPort = make([]int32, s.E)
	maxLat := s.le
	for r := 0; r < R; r++ {
		off, deg := s.rs[r].off, s.rs[r].deg
		for i := int32(0); i < deg; i++ {
			pt := &s.ports[off+i]
			pt.rtr = int32(r)
			u := net.Neighbor(int32(r), i)
			pt.peer = s.rs[u].off + net.PeerPort(int32(r), i)
			pt.lat = net.linkLatency(int32(r), i, cfg) * s.S
			maxLat = max(maxLat, pt.lat)
		}
		for j := int32(0); j < net.top.Conc[r]; j++ {
			gp := off + deg + j
			e := net.epOff[r] + j
			pt := &s.ports[gp]
			pt.rtr = int32(r)
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
	maxDelay := maxLat + s.cd + 1
	W := int32(1)
	for W < maxDelay {
		W <<= 1
	}
	s.wheel = make([]slot, W)
	s.wmask = W - 1

	s.vaBuf = make([]int32, int(P)*V)
	s.saAct = make([]uint64, words)
	s.oqAct = make([]uint64, words)
	s.touched = make([]int32, maxPorts)
	s.linkCnt = make([]int64, P)
	s.flFree = -1

	NV := int(P) << s.vs
	s.iv = make([]ivState, NV)
	for i := range s.iv {
		s.iv[i].head, s.iv[i].tail = -1, -1
	}
	s.ov = make([]ovState, NV)
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
		s.optBuf = make([]Option, 0, m)
	}
	for gp := 0; gp < int(P); gp++ {
		for v := 0; v < V; v++ {
			s.ov[gp<<s.vs|v].credits = s.B
			s.ov[gp<<s.vs|v].owner = -1
		}
	}

	E := int(s.E)
	s.active = make([]bool, E)
	s.epNext = make([]int32, E)
	s.epCur = make([]int32, E)
	s.epLeft = make([]int32, E)
	s.epVC = make([]int32, E)
	s.epFree = make([]int32, E)
	s.epCred = make([]int32, E<<s.vs)
	s.srcAcc = make([]int64, E)
	probe := rand.New(rand.NewPCG(cfg.Seed, 0x70726f6265000003))
	for e := 0; e < E; e++ {
		d := pat.Dest(int32(e), probe)
		s.active[e] = d >= 0
		s.epCur[e] = -1
		s.epNext[e] = s.neverTick
		if s.active[e] {
			s.epNext[e] = s.firstGen()
		}
		for v := 0; v < V; v++ {
			s.epCred[e<<s.vs|v] = s.B
		}
	}
	s.w0, s.w1 = s.neverTick, s.neverTick
	s.pk = make([]Packet, 0, 1024)
	return s, nil
}
