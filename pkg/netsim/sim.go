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
	head, len int32 // ring buffer of flits in ivBuf
	ready     int32 // tick from which the current stage may proceed
	out       int32 // output port of the packet at the front
	left      int32 // flits of that packet still to leave
	outVC     int32 // output VC held (vcActive)
	lo, hi    uint8 // VC range of the packet's class
	state     uint8
	nopt      uint8 // adaptive options waiting in the arena (0: out, lo, hi hold the route)
}

// ovState is the state of one output virtual channel.
type ovState struct {
	credits int32 // free slots in the downstream input VC
	owner   int32 // input VC holding it (>= 0), or free from tick -owner-2 (isFree)
}

// oqEntry is a flit in an output queue.
type oqEntry struct {
	pkt   int32
	ready int32 // tick at which it has crossed the crossbar
	vc    uint8
}

type flitEv struct{ dst, pkt int32 } // dst: input VC (arrival) or output VC of an ejection port (ejection)

// slot holds the events due in one router cycle.
type slot struct {
	credits   []int32 // output VCs
	epCredits []int32 // endpoint<<vs | vc
	flits     []flitEv
	ejects    []flitEv
}

// sim is the state of one run. Indices: global port gp = portOff[r] + i;
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
	Q         int32 // output queue capacity per port (V*B)
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

	// routers
	R       int32
	portOff []int32 // len R+1
	deg     []int32
	inBuf   []int32 // flits in input buffers per router
	inOq    []int32 // flits in output queues per router
	vaOff   []int32 // per router: start in vaBuf
	vaN     []int32
	// vaWake[r] is the first tick at which VC allocation at r can grant
	// anything: a head becomes ready, an output VC of r is released, or
	// (virtual cut-through) credits reach an output VC of r. A pass before
	// it would fail as the last one did, so step skips it.
	vaWake   []int32
	vaRel    []int32 // the last tick an output VC of r was released
	vaBuf    []int32
	portRtr  []int32 // global port -> router
	portEp   []int32 // global port -> endpoint, -1 for network ports
	peer     []int32 // global port -> global port at the other end, -1 for endpoint ports
	lat      []int32 // global port -> output channel latency (ticks)
	saMask   []uint64
	inRR     []int32
	outRR    []int32
	saBest   []int32
	saKey    []int32
	touched  []int32
	chanFree []int32
	used     []int32   // per output port: used credits
	oq       []oqEntry // output queues: Q entries per port
	oqHead   []int32
	oqLen    []int32
	linkCnt  []int64 // per output port: flits sent in the window

	// input VCs: state per VC, flits in ivBuf (B per VC)
	iv    []ivState
	ivBuf []int32
	// output VCs
	ov []ovState

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
	s.Q = int32(V * B)
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
	s.portOff = make([]int32, R+1)
	s.deg = make([]int32, R)
	for r := 0; r < R; r++ {
		s.deg[r] = int32(g.Degree(int32(r)))
		np := int64(s.deg[r]) + int64(net.top.Conc[r])
		if int64(s.portOff[r])+np > math.MaxInt32>>7 {
			return nil, fmt.Errorf("netsim: too many ports")
		}
		s.portOff[r+1] = s.portOff[r] + int32(np)
	}
	P := int(s.portOff[R])
	if m := net.maxLinkLatency(); m > 0 {
		if err := checkChannel("link_latency", int64(m), int64(cfg.CreditDelay), int64(cfg.Speedup)); err != nil {
			return nil, err
		}
	}
	s.portRtr = make([]int32, P)
	s.portEp = make([]int32, P)
	s.peer = make([]int32, P)
	s.lat = make([]int32, P)
	s.epPort = make([]int32, s.E)
	maxLat := s.le
	for r := 0; r < R; r++ {
		off := s.portOff[r]
		for i := int32(0); i < s.deg[r]; i++ {
			gp := off + i
			s.portRtr[gp] = int32(r)
			s.portEp[gp] = -1
			u := net.Neighbor(int32(r), i)
			s.peer[gp] = s.portOff[u] + net.PeerPort(int32(r), i)
			s.lat[gp] = net.linkLatency(int32(r), i, cfg) * s.S
			maxLat = max(maxLat, s.lat[gp])
		}
		for j := int32(0); j < net.top.Conc[r]; j++ {
			gp := off + s.deg[r] + j
			e := net.epOff[r] + j
			s.portRtr[gp] = int32(r)
			s.portEp[gp] = e
			s.peer[gp] = -1
			s.lat[gp] = s.le
			s.epPort[e] = gp
		}
	}
	// With links of one latency a packet's path latency is its hops times
	// it; otherwise routing sums it per hop (Packet.pathLat).
	s.linkLat = -2
	for gp, l := range s.lat {
		if s.peer[gp] < 0 {
			continue
		}
		switch {
		case s.linkLat == -2:
			s.linkLat = l
		case s.linkLat != l:
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

	s.inBuf = make([]int32, R)
	s.inOq = make([]int32, R)
	s.vaOff = make([]int32, R)
	s.vaN = make([]int32, R)
	s.vaWake = make([]int32, R)
	s.vaRel = make([]int32, R)
	for r := range s.vaRel {
		s.vaRel[r] = -1
	}
	for r := 0; r < R; r++ {
		s.vaOff[r] = s.portOff[r] * s.V
	}
	s.vaBuf = make([]int32, P*V)
	s.saMask = make([]uint64, P)
	s.inRR = make([]int32, P)
	s.outRR = make([]int32, P)
	s.saBest = make([]int32, P)
	for i := range s.saBest {
		s.saBest[i] = -1
	}
	s.saKey = make([]int32, P)
	maxPorts := int32(0)
	for r := 0; r < R; r++ {
		maxPorts = max(maxPorts, s.portOff[r+1]-s.portOff[r])
	}
	s.touched = make([]int32, maxPorts)
	s.chanFree = make([]int32, P)
	s.used = make([]int32, P)
	s.oq = make([]oqEntry, P*int(s.Q))
	s.oqHead = make([]int32, P)
	s.oqLen = make([]int32, P)
	s.linkCnt = make([]int64, P)

	NV := P << s.vs
	s.ivBuf = make([]int32, NV*B)
	s.iv = make([]ivState, NV)
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
	for gp := 0; gp < P; gp++ {
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
