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
}

// ovState is the state of one output virtual channel.
type ovState struct {
	credits int32 // free slots in the downstream input VC
	owner   int32 // input VC holding it, -1 if free
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
	cfg  *Config
	net  *Network
	rt   Routing
	pat  Pattern
	view View

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
	R        int32
	portOff  []int32 // len R+1
	deg      []int32
	inBuf    []int32 // flits in input buffers per router
	inOq     []int32 // flits in output queues per router
	vaOff    []int32 // per router: start in vaBuf
	vaN      []int32
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
	s, err := newSim(net, rt, pat, load, &cfg)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, load)
}

func newSim(net *Network, rt Routing, pat Pattern, load float64, cfg *Config) (*sim, error) {
	if net == nil || rt == nil || pat == nil {
		return nil, fmt.Errorf("netsim: nil network, routing or pattern")
	}
	classes := rt.Classes()
	V, B, err := cfg.validate(classes)
	if err != nil {
		return nil, err
	}
	s := &sim{cfg: cfg, net: net, rt: rt, pat: pat}
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
	s.classLo = make([]int32, classes)
	s.classHi = make([]int32, classes)
	for k := 0; k < classes; k++ {
		s.classLo[k] = int32(k * V / classes)
		s.classHi[k] = int32((k + 1) * V / classes)
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
	if int64(P)<<s.vs*int64(B) > 1<<31-1 {
		return nil, fmt.Errorf("netsim: %d ports x %d VCs x %d flits of buffer too large", P, V, B)
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
	maxDelay := max(maxLat, s.cd) + 1
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

// firstGen samples the first packet creation of a Bernoulli process
// (probability pInj per channel cycle, starting at cycle 0) in ticks.
func (s *sim) firstGen() int32 {
	return s.addGap(0, s.gap()-1)
}

// gap samples the cycles between consecutive Bernoulli arrivals (>= 1).
func (s *sim) gap() int64 {
	if s.pInj >= 1 {
		return 1
	}
	u := s.trng.Float64()
	g := math.Floor(math.Log1p(-u)/s.logq) + 1
	if g > 1<<31 {
		return 1 << 31
	}
	return int64(g)
}

func (s *sim) addGap(t int32, cycles int64) int32 {
	x := int64(t) + cycles*int64(s.S)
	if x >= int64(s.neverTick) {
		return s.neverTick
	}
	return int32(x)
}

func (s *sim) at(t int32) *slot { return &s.wheel[t&s.wmask] }

// newPacket takes a packet record from the pool.
func (s *sim) newPacket() int32 {
	if n := len(s.free); n > 0 {
		id := s.free[n-1]
		s.free = s.free[:n-1]
		return id
	}
	s.pk = append(s.pk, Packet{})
	return int32(len(s.pk) - 1)
}

// inject lets every endpoint whose channel is free send one flit.
func (s *sim) inject() {
	now := s.now
	need := int32(1)
	if s.vct {
		need = s.size
	}
	for e := int32(0); e < s.E; e++ {
		if s.epFree[e] > now {
			continue
		}
		cur := s.epCur[e]
		if cur < 0 {
			if s.epNext[e] > now {
				continue
			}
			// Pick the VC with most credits.
			base := e << s.vs
			bv, bc := int32(-1), need-1
			for v := int32(0); v < s.V; v++ {
				if c := s.epCred[base|v]; c > bc {
					bv, bc = v, c
				}
			}
			if bv < 0 {
				continue
			}
			created := s.epNext[e]
			s.epNext[e] = s.addGap(created, s.gap())
			d := s.pat.Dest(e, s.trng)
			if d < 0 {
				continue
			}
			if d >= s.E {
				s.err = fmt.Errorf("netsim: pattern sent endpoint %d to %d, outside [0, %d)", e, d, s.E)
				return
			}
			cur = s.newPacket()
			p := &s.pk[cur]
			*p = Packet{
				Src: e, Dst: d, SrcRouter: s.net.epRtr[e], DstRouter: s.net.epRtr[d],
				Inter: -1, Size: s.size, created: created, injected: now,
			}
			if created >= s.w0 && created < s.w1 {
				p.measured = true
				s.measuredInj++
				s.measuredOut++
				s.measuredFlits += int64(s.size)
			}
			s.epCur[e] = cur
			s.epLeft[e] = s.size
			s.epVC[e] = bv
			s.busyEps++
		}
		ci := e<<s.vs | s.epVC[e]
		if s.epCred[ci] <= 0 {
			continue
		}
		s.epCred[ci]--
		sl := s.at(now + s.le)
		sl.flits = append(sl.flits, flitEv{s.epPort[e]<<s.vs | s.epVC[e], cur})
		s.pending++
		s.inNet++
		s.epFree[e] = now + s.S
		s.lastMove = now
		s.epLeft[e]--
		if s.epLeft[e] == 0 {
			s.epCur[e] = -1
			s.busyEps--
		}
	}
}

// events processes the events due now.
func (s *sim) events() {
	sl := s.at(s.now)
	if n := len(sl.credits) + len(sl.epCredits) + len(sl.flits) + len(sl.ejects); n > 0 {
		s.pending -= int64(n)
	} else {
		return
	}
	for _, ov := range sl.credits {
		s.ov[ov].credits++
		s.used[ov>>s.vs]--
	}
	for _, c := range sl.epCredits {
		s.epCred[c]++
	}
	for _, f := range sl.flits {
		iv := f.dst
		gp := iv >> s.vs
		r := s.portRtr[gp]
		n := s.iv[iv].len
		if n >= s.B {
			s.err = fmt.Errorf("netsim: internal error: buffer overflow at input VC %d", iv)
			return
		}
		h := s.iv[iv].head + n
		if h >= s.B {
			h -= s.B
		}
		s.ivBuf[iv*s.B+h] = f.pkt
		s.iv[iv].len = n + 1
		s.inBuf[r]++
		if n == 0 {
			switch s.iv[iv].state {
			case vcIdle:
				s.startHead(r, iv)
			case vcActive:
				s.saMask[gp] |= 1 << (iv & s.vmask)
			}
		}
	}
	for _, f := range sl.ejects {
		s.eject(f.dst, f.pkt)
	}
	sl.credits = sl.credits[:0]
	sl.epCredits = sl.epCredits[:0]
	sl.flits = sl.flits[:0]
	sl.ejects = sl.ejects[:0]
}

// eject delivers a flit that arrived at an endpoint over output VC ov.
func (s *sim) eject(ov, pkt int32) {
	sl := s.at(s.now + s.cd)
	sl.credits = append(sl.credits, ov)
	s.pending++
	s.inNet--
	s.ejFlits++
	p := &s.pk[pkt]
	p.recv++
	s.periodFlits++
	if s.inWindow {
		s.srcAcc[p.Src]++
		s.accFlits++
	}
	if p.recv < p.Size {
		return
	}
	s.delivered++
	lat := s.now - p.created
	s.periodLat += int64(lat)
	s.periodN++
	if p.measured {
		s.measuredOut--
		s.latH.add(lat)
		s.netH.add(s.now - p.injected)
		s.hops.add(p.Hops)
		if p.Hops == s.net.Dist(p.SrcRouter, p.DstRouter) {
			s.minimal++
		}
	}
	s.free = append(s.free, pkt)
}

// startHead routes the packet at the front of idle input VC iv of r.
func (s *sim) startHead(r, iv int32) {
	pkt := s.ivBuf[iv*s.B+s.iv[iv].head]
	p := &s.pk[pkt]
	var o, lo, hi int32
	if r == p.DstRouter && p.Inter < 0 {
		o, lo, hi = s.epPort[p.Dst], 0, s.V
	} else {
		s.curIn = iv >> s.vs
		port, class := s.rt.Route(&s.view, r, p)
		if port < 0 || port >= s.deg[r] || class < 0 || class >= s.classes {
			s.err = fmt.Errorf("netsim: routing %s chose port %d (of %d) and class %d (of %d) at router %d for a packet %d -> %d after %d hops",
				s.rt.Name(), port, s.deg[r], class, s.classes, r, p.Src, p.Dst, p.Hops)
			port, class = 0, 0
		}
		o, lo, hi = s.portOff[r]+port, s.classLo[class], s.classHi[class]
		p.Hops++
	}
	s.iv[iv].out, s.iv[iv].lo, s.iv[iv].hi = o, uint8(lo), uint8(hi)
	s.iv[iv].state = vcVA
	s.iv[iv].ready = s.now + s.rd
	s.iv[iv].left = p.Size
	s.vaBuf[s.vaOff[r]+s.vaN[r]] = iv
	s.vaN[r]++
}

// step runs one router cycle of router r: switch allocation and
// traversal, VC allocation, output channel transmission.
func (s *sim) step(r int32) {
	if s.inBuf[r] > 0 {
		s.switchAlloc(r)
	}
	if s.vaN[r] > 0 {
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
	// Return the freed slot to the upstream router or endpoint.
	sl := s.at(s.now + s.cd)
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
		// Tail: release the output VC and start the next packet.
		s.ov[ov].owner = -1
		s.iv[iv].state = vcIdle
		s.saMask[p] &^= 1 << v
		if s.iv[iv].len > 0 {
			s.startHead(r, iv)
		}
	} else if s.iv[iv].len == 0 {
		s.saMask[p] &^= 1 << v
	}
}

// vcAlloc grants output VCs to waiting heads, oldest request first; a
// head gets the free VC of its class with the most credits (in virtual
// cut-through only VCs with room for the whole packet).
func (s *sim) vcAlloc(r int32) {
	list := s.vaBuf[s.vaOff[r] : s.vaOff[r]+s.vaN[r]]
	k := 0
	now := s.now
	need := int32(0)
	if s.vct {
		need = s.size - 1
	}
	for _, iv := range list {
		if s.iv[iv].ready > now {
			list[k] = iv
			k++
			continue
		}
		o := s.iv[iv].out
		best, bc := int32(-1), need-1
		for v := int32(s.iv[iv].lo); v < int32(s.iv[iv].hi); v++ {
			ov := o<<s.vs | v
			if s.ov[ov].owner < 0 && s.ov[ov].credits > bc {
				best, bc = v, s.ov[ov].credits
			}
		}
		if best < 0 {
			list[k] = iv
			k++
			continue
		}
		s.ov[o<<s.vs|best].owner = iv
		s.iv[iv].outVC = best
		s.iv[iv].state = vcActive
		s.iv[iv].ready = now + s.vad
		s.saMask[iv>>s.vs] |= 1 << (iv & s.vmask)
	}
	s.vaN[r] = int32(k)
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

// Run phases.
const (
	phWarmup = iota
	phMeasure
	phDrain
	phDone
)

func (s *sim) run(ctx context.Context, load float64) (*Result, error) {
	cfg := s.cfg
	S := s.S
	res := &Result{Routing: s.rt.Name(), Load: load, VCs: int(s.V), BufPerVC: int(s.B)}
	for _, a := range s.active {
		if a {
			res.ActiveEndpoints++
		}
	}
	if res.ActiveEndpoints == 0 {
		return nil, fmt.Errorf("netsim: every endpoint is idle under the traffic pattern")
	}
	nAct := float64(res.ActiveEndpoints)

	// Deadlock window: at least 8 credit round trips.
	rt := int64(0)
	for _, l := range s.lat {
		rt = max(rt, int64(l))
	}
	rt += int64(s.cd) + int64(s.rd+s.vad+s.sad) + int64(s.size)*int64(S)
	deadTicks := max(int64(cfg.DeadlockCycles)*int64(S), 8*rt)

	phase := phWarmup
	period := int32(cfg.SamplePeriod)
	var prevLat, prevFlits float64
	prevOK := false
	warmEnd := int32(-1)
	var drainStart int32
	stable := false
	for phase != phDone {
		now := s.now
		if now&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if now%S == 0 {
			c := now / S
			switch phase {
			case phWarmup:
				if c > 0 && c%period == 0 {
					lat := 0.0
					if s.periodN > 0 {
						lat = float64(s.periodLat) / float64(s.periodN) / float64(S)
					}
					fl := float64(s.periodFlits)
					if cfg.AbortOnLatencyBound && cfg.LatencyBound > 0 && lat > cfg.LatencyBound {
						res.Aborted = true
						res.Saturated = true
						res.SaturationReason = fmt.Sprintf("warm-up sample latency %.1f above bound %g", lat, cfg.LatencyBound)
						res.AcceptedLoad = fl / nAct / float64(period)
						res.OfferedLoad = load
						res.PacketLatency.Mean = lat
						res.WarmupCycles = int64(c)
						res.Cycles = int64(c)
						res.FlitsDelivered = s.ejFlits
						return res, nil
					}
					conv := prevOK &&
						(math.Abs(lat-prevLat) <= cfg.WarmupTol*max(lat, prevLat) || math.Abs(lat-prevLat) <= 1) &&
						(math.Abs(fl-prevFlits) <= cfg.WarmupTol*max(fl, prevFlits) || math.Abs(fl-prevFlits) <= 3*math.Sqrt(fl+prevFlits))
					prevLat, prevFlits, prevOK = lat, fl, true
					s.periodLat, s.periodN, s.periodFlits = 0, 0, 0
					if (conv && c >= int32(cfg.WarmupMin)) || c >= int32(cfg.WarmupMax) {
						stable = conv
						warmEnd = c
					}
				}
				if cfg.WarmupMax == 0 {
					warmEnd = 0
				}
				if warmEnd >= 0 {
					phase = phMeasure
					s.w0 = now
					s.w1 = now + int32(cfg.MeasureCycles)*S
					s.inWindow = true
				}
			case phMeasure:
				if now >= s.w1 {
					s.inWindow = false
					phase = phDrain
					drainStart = c
				}
			}
			if phase == phDrain && c%8 == 0 {
				if s.measuredOut == 0 && s.pendingCreations() == 0 {
					res.Drained = true
					phase = phDone
				} else if c-drainStart >= int32(cfg.DrainMax) {
					phase = phDone
				}
				if phase == phDone {
					res.DrainCycles = int64(c - drainStart)
					break
				}
			}
		}
		s.events()
		s.inject()
		for r := int32(0); r < s.R; r++ {
			if s.inBuf[r]|s.inOq[r] != 0 {
				s.step(r)
			}
		}
		if s.err != nil {
			return nil, s.err
		}
		if s.inNet > 0 && int64(s.now-s.lastMove) > deadTicks {
			return nil, &DeadlockError{Cycle: int64(s.now / S), Idle: int64(s.now-s.lastMove) / int64(S), InFlight: s.inNet}
		}
		s.now++
		if s.inNet == 0 && s.pending == 0 && s.busyEps == 0 {
			s.skipIdle(phase, period)
		}
	}
	res.Stable = stable
	res.WarmupCycles = int64(warmEnd)
	res.MeasureCycles = int64(cfg.MeasureCycles)
	res.Cycles = int64(s.now / S)
	win := float64(cfg.MeasureCycles)
	res.OfferedLoad = float64(s.measuredFlits) / nAct / win
	res.AcceptedLoad = float64(s.accFlits) / nAct / win
	res.PacketLatency = s.latH.stats(float64(S))
	res.NetworkLatency = s.netH.stats(float64(S))
	res.MeasuredPackets = s.measuredInj
	res.DeliveredPackets = s.latH.n
	if s.hops.n > 0 {
		res.AvgHops = float64(s.hops.sum) / float64(s.hops.n)
		res.MinimalFraction = float64(s.minimal) / float64(s.hops.n)
		hi := len(s.hops.c)
		for hi > 0 && s.hops.c[hi-1] == 0 {
			hi--
		}
		res.HopHistogram = append([]int64(nil), s.hops.c[:hi]...)
	}
	var sx, sxx float64
	for e, a := range s.active {
		if a {
			x := float64(s.srcAcc[e])
			sx += x
			sxx += x * x
		}
	}
	if sxx > 0 {
		res.Fairness = sx * sx / (nAct * sxx)
	}
	var links int
	var sum, mx int64
	for o, d := range s.peer {
		if d >= 0 {
			links++
			sum += s.linkCnt[o]
			mx = max(mx, s.linkCnt[o])
		}
	}
	if links > 0 {
		res.LinkUtilAvg = float64(sum) / float64(links) / win
		res.LinkUtilMax = float64(mx) / win
	}
	res.FlitsDelivered = s.ejFlits

	// Saturation.
	gen := float64(s.measuredFlits)
	if !res.Drained {
		// Packets created in the window but never injected: estimate the
		// offered load by the requested one.
		gen = max(gen, load*nAct*win)
		res.OfferedLoad = gen / nAct / win
	}
	switch deficit := gen - float64(s.accFlits); {
	case !res.Drained:
		res.Saturated, res.SaturationReason = true, "measured packets not drained"
	case deficit > cfg.SatTol*gen+3*math.Sqrt(gen):
		res.Saturated, res.SaturationReason = true, fmt.Sprintf("accepted load %.4f below offered %.4f", res.AcceptedLoad, res.OfferedLoad)
	case cfg.LatencyBound > 0 && res.PacketLatency.Mean > cfg.LatencyBound:
		res.Saturated, res.SaturationReason = true, fmt.Sprintf("mean packet latency %.1f above bound %g", res.PacketLatency.Mean, cfg.LatencyBound)
	}
	return res, nil
}

// pendingCreations returns the active endpoints whose oldest unsent packet
// was created before the end of the window.
func (s *sim) pendingCreations() int {
	n := 0
	for e, a := range s.active {
		if a && (s.epNext[e] < s.w1 || s.epCur[e] >= 0 && s.pk[s.epCur[e]].measured) {
			n++
		}
	}
	return n
}

// skipIdle advances time over cycles in which nothing can happen: no flit
// in the network, no event pending and no packet being injected. It stops
// at the next packet creation and at the next phase boundary.
func (s *sim) skipIdle(phase int, period int32) {
	next := s.neverTick
	for e, a := range s.active {
		if a && s.epNext[e] < next {
			next = s.epNext[e]
		}
	}
	// Phase boundaries are at cycle starts.
	var b int32
	switch phase {
	case phWarmup:
		c := s.now/s.S + 1
		b = ((c + period - 1) / period) * period * s.S
	case phMeasure:
		b = s.w1
	case phDrain:
		c := s.now/s.S + 1
		b = ((c + 7) / 8) * 8 * s.S
	default:
		return
	}
	next = min(next, b)
	// Keep the time aligned so that the wheel and the cycle test work.
	if next > s.now {
		s.now = next
		s.lastMove = next
	}
}
