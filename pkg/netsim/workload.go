package netsim

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/runexp/runexp/pkg/workload"
)

// Workload is a finite set of messages organised in steps
// (workload.Workload; pkg/workload provides all-to-all, nearest-neighbour
// and permutation exchanges, ring allreduce and recursive-doubling
// allgather). Every endpoint sends the messages of its steps in order; a
// message is cut into packets of Config.PacketSize flits (the last one
// shorter if the message is not a multiple), which the endpoint injects
// back to back. The messages of one step go one after another, or, with
// Config.InterleaveMessages, together: one packet of each unfinished
// message in turn. In a blocking workload an endpoint starts step s+1 only
// when it has injected its messages of step s and received every message
// of steps 0..s addressed to it; otherwise only the injection is waited
// for. Sizes are in flits.
type Workload = workload.Workload

// recvWindow is the number of steps ahead of its first incomplete step
// for which an endpoint counts received messages in a flat array; counts
// further ahead (rare) go to a map.
const recvWindow = 16

// msgSlot is a message in flight: the flits not yet packetized
// (interleaved injection only), the packets not yet delivered, its
// destination and its step.
type msgSlot struct {
	flits           int64
	left, dst, step int32
}

// wlState is the state of a finite workload run.
type wlState struct {
	wl       Workload
	blocking bool
	inter    bool    // Config.InterleaveMessages
	steps    []int32 // per endpoint: Steps(e)
	step     []int32 // per endpoint: current step
	msg      []int32 // per endpoint: next message of the step
	left     []int64 // per endpoint: flits of the current message not yet packetized
	cur      []int32 // per endpoint: message slot of the current message (-1: none)
	start    []int32 // per endpoint: tick at which the current step began
	done     int32   // endpoints that have injected every message

	// Message slots (one struct each: a packet formed or delivered reads
	// several fields of its slot, one cache line) and the free ones.
	slots    []msgSlot
	slotFree []int32

	// Interleaved injection: per endpoint, the slots of the current step's
	// messages that still have flits to packetize (open[e]) and the
	// position of the next one served (rr[e]).
	open [][]int32
	rr   []int32

	// Receives: recvBase[e] is e's first step whose receives are not all
	// in; win[e*recvWindow + s%recvWindow] counts the messages of step s
	// received so far, for s in [recvBase, recvBase+recvWindow).
	recvBase []int32
	win      []uint32
	over     map[[2]int32]int32

	messages    int64 // messages delivered
	firstInject int32
	lastDeliver int32
	// srcLast[e] is the tick at which the last packet from endpoint e
	// delivered so far arrived (-1: none yet); at the end, e's completion.
	srcLast []int32
}

// RunWorkload simulates net under routing rt until every message of wl is
// delivered and returns the measurements: the completion time (from the
// injection of the first flit to the delivery of the last), the effective
// throughput (flits delivered per sending endpoint and cycle over that
// time, the fraction of the injection bandwidth SC15 section 4.4 reports),
// and packet latencies over all packets, a packet being created when its
// step begins. Warm-up, window and drain settings do not apply;
// Config.MaxCycles bounds the run. It fails for a workload built for
// another number of endpoints, an invalid configuration or routing
// decision, a deadlock, a stalled blocking workload (endpoints waiting
// for messages nobody sends) or a cancelled context.
func RunWorkload(ctx context.Context, net *Network, rt Routing, wl Workload, cfg Config) (*Result, error) {
	if wl == nil {
		return nil, fmt.Errorf("netsim: nil workload")
	}
	if wl.Endpoints() != net.Endpoints() {
		return nil, fmt.Errorf("netsim: workload %s is for %d endpoints, the network has %d", wl.Name(), wl.Endpoints(), net.Endpoints())
	}
	s, err := newSim(net, rt, idle{}, 1, &cfg, true)
	if err != nil {
		return nil, err
	}
	if err := s.initWorkload(wl, cfg.InterleaveMessages); err != nil {
		return nil, err
	}
	return s.runWorkload(ctx)
}

// idle is the pattern of a workload run: no open-loop traffic.
type idle struct{}

func (idle) Dest(int32, *rand.Rand) int32 { return -1 }

// initWorkload sets up the endpoints' cursors; inter selects interleaved
// injection (Config.InterleaveMessages).
func (s *sim) initWorkload(wl Workload, inter bool) error {
	E := int(s.E)
	w := &wlState{
		wl: wl, blocking: wl.Blocking(), inter: inter,
		steps: make([]int32, E), step: make([]int32, E), msg: make([]int32, E), left: make([]int64, E),
		cur: make([]int32, E), start: make([]int32, E),
		recvBase: make([]int32, E), over: map[[2]int32]int32{},
		firstInject: -1, srcLast: make([]int32, E),
	}
	for e := range w.srcLast {
		w.srcLast[e] = -1
	}
	if w.blocking {
		w.win = make([]uint32, E*recvWindow)
	}
	if inter {
		w.open, w.rr = make([][]int32, E), make([]int32, E)
	}
	for e := int32(0); e < s.E; e++ {
		w.cur[e] = -1
		w.steps[e] = wl.Steps(e)
		if w.steps[e] < 0 {
			return fmt.Errorf("netsim: workload %s: endpoint %d has %d steps", wl.Name(), e, w.steps[e])
		}
		if w.steps[e] == 0 {
			w.done++
		} else if wl.Count(e, 0) == 0 {
			w.step[e] = -1
			w.nextStep(e)
		}
		s.active[e] = w.steps[e] > 0
		s.eps[e].next = s.neverTick
	}
	if w.done == s.E {
		return fmt.Errorf("netsim: workload %s sends nothing", wl.Name())
	}
	if w.blocking {
		for e := int32(0); e < s.E; e++ {
			w.advanceRecv(e)
		}
	}
	s.wl = w
	return nil
}

// canStart reports whether endpoint e may begin its current step.
func (w *wlState) canStart(e int32) bool {
	return !w.blocking || w.recvBase[e] >= w.step[e]
}

// nextPacket forms the next packet endpoint e can inject now: its
// destination, flits, creation tick (the start of its step) and message
// slot; ok is false when e has nothing to send (finished, or waiting for
// the receives its next step needs).
func (s *shard) nextPacket(e int32) (dst, flits, created, slot int32, ok bool) {
	w := s.wl
	if w.inter {
		return s.nextInterleaved(e)
	}
	if w.left[e] == 0 {
		st := w.step[e]
		if st >= w.steps[e] {
			return 0, 0, 0, 0, false
		}
		if w.msg[e] == 0 {
			if !w.canStart(e) {
				return 0, 0, 0, 0, false
			}
			w.start[e] = s.now
		}
		d, f, ok := s.message(e, st, w.msg[e])
		if !ok {
			return 0, 0, 0, 0, false
		}
		w.msg[e]++
		w.left[e] = f
		w.cur[e] = w.newSlot(d, st, f, s.size)
	}
	slot = w.cur[e]
	f := min(w.left[e], int64(s.size))
	w.left[e] -= f
	if w.left[e] == 0 && w.msg[e] >= w.wl.Count(e, w.step[e]) {
		w.nextStep(e)
	}
	return w.slots[slot].dst, int32(f), w.start[e], slot, true
}

// nextInterleaved is nextPacket under interleaved injection: at the start
// of a step every message of it is opened, then the open messages give one
// packet each in turn; a message whose last packet is formed leaves the
// turn (the last open one takes its place, so a turn still serves each
// open message once).
func (s *shard) nextInterleaved(e int32) (dst, flits, created, slot int32, ok bool) {
	w := s.wl
	if len(w.open[e]) == 0 {
		st := w.step[e]
		if st >= w.steps[e] || !w.canStart(e) {
			return 0, 0, 0, 0, false
		}
		w.start[e] = s.now
		n := w.wl.Count(e, st)
		if cap(w.open[e]) < int(n) {
			w.open[e] = make([]int32, 0, n)
		}
		for i := range n {
			d, f, ok := s.message(e, st, i)
			if !ok {
				return 0, 0, 0, 0, false
			}
			w.open[e] = append(w.open[e], w.newSlot(d, st, f, s.size))
		}
		w.msg[e], w.rr[e] = n, 0
	}
	o, k := w.open[e], w.rr[e]
	slot = o[k]
	ms := &w.slots[slot]
	f := min(ms.flits, int64(s.size))
	ms.flits -= f
	if ms.flits == 0 {
		last := len(o) - 1
		o[k] = o[last]
		o = o[:last]
		w.open[e] = o
	} else {
		k++
	}
	if int(k) >= len(o) {
		k = 0
	}
	w.rr[e] = k
	if len(o) == 0 {
		w.nextStep(e)
	}
	return ms.dst, int32(f), w.start[e], slot, true
}

// message returns message i of endpoint e's step st, checked: on an
// invalid one it sets s.err and ok is false.
func (s *shard) message(e, st, i int32) (dst int32, flits int64, ok bool) {
	d, f := s.wl.wl.Message(e, st, i)
	if d < 0 || d >= s.E || d == e || f < 1 {
		s.err = fmt.Errorf("netsim: workload %s: endpoint %d step %d message %d goes to %d with %d flits", s.wl.wl.Name(), e, st, i, d, f)
		return 0, 0, false
	}
	return d, f, true
}

// nextStep moves e to its next step that sends something (steps without
// messages only wait, which the blocking rule of the next one covers).
func (w *wlState) nextStep(e int32) {
	w.msg[e], w.cur[e] = 0, -1
	for {
		w.step[e]++
		if w.step[e] >= w.steps[e] {
			w.done++
			return
		}
		if w.wl.Count(e, w.step[e]) > 0 {
			return
		}
	}
}

// newSlot records a message of flits flits to dst in step st, cut into
// packets of size flits.
func (w *wlState) newSlot(dst, st int32, flits int64, size int32) int32 {
	packets := int32((flits + int64(size) - 1) / int64(size))
	if n := len(w.slotFree); n > 0 {
		id := w.slotFree[n-1]
		w.slotFree = w.slotFree[:n-1]
		w.slots[id] = msgSlot{flits: flits, left: packets, dst: dst, step: st}
		return id
	}
	w.slots = append(w.slots, msgSlot{flits: flits, left: packets, dst: dst, step: st})
	return int32(len(w.slots) - 1)
}

// delivered accounts for a delivered packet of message slot id.
func (w *wlState) delivered(id int32) {
	ms := &w.slots[id]
	if ms.left--; ms.left > 0 {
		return
	}
	w.messages++
	w.slotFree = append(w.slotFree, id)
	if !w.blocking {
		return
	}
	e, st := ms.dst, ms.step
	switch base := w.recvBase[e]; {
	case st < base:
		// A step already complete: more messages than Recvs said; ignored.
	case st-base < recvWindow:
		w.win[int(e)*recvWindow+int(st%recvWindow)]++
		if st == base {
			w.advanceRecv(e)
		}
	default:
		w.over[[2]int32{e, st}]++
	}
}

// advanceRecv moves e's first incomplete step past the steps whose
// receives are all in.
func (w *wlState) advanceRecv(e int32) {
	row := w.win[int(e)*recvWindow : int(e+1)*recvWindow]
	for {
		b := w.recvBase[e]
		if b >= w.steps[e] {
			return
		}
		k := b % recvWindow
		if row[k] < uint32(w.wl.Recvs(e, b)) {
			return
		}
		row[k] = 0
		w.recvBase[e] = b + 1
		// The step entering the window may have counts in the map.
		far := b + recvWindow
		if n, ok := w.over[[2]int32{e, far}]; ok {
			row[far%recvWindow] = uint32(n)
			delete(w.over, [2]int32{e, far})
		}
	}
}

// runWorkload runs until every message is delivered.
func (s *sim) runWorkload(ctx context.Context) (*Result, error) {
	cfg := s.cfg
	w := s.wl
	S := s.S
	res := &Result{Routing: s.rt.Name(), Workload: w.wl.Name(), VCs: int(s.V), BufPerVC: int(s.B), DeadlockCheck: s.check}
	res.ActiveEndpoints = s.activeEndpoints()
	deadTicks := s.deadlockTicks()
	limit := cfg.WorkloadCycles() * int64(S)
	s.inWindow = true
	s.w0, s.w1 = 0, s.neverTick
	work := int64(stopWork) // check ctx at the first tick
	for w.done < s.E || s.inNetAll > 0 || s.busyAll > 0 {
		if work += s.tickWork(); work >= stopWork {
			work = 0
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if s.now%S == 0 && s.now > 0 && (s.now/S)%progressPeriod == 0 {
			s.progress("workload", s.now/S)
		}
		if int64(s.now) >= limit {
			return nil, fmt.Errorf("netsim: workload %s not finished after %d cycles (max_cycles): %d messages and %d flits delivered so far",
				w.wl.Name(), int64(s.now)/int64(S), w.messages, s.sum().ejFlits)
		}
		if err := s.advance(deadTicks); err != nil {
			return nil, err
		}
		if s.idle() && w.done < s.E && !s.anyReady() {
			return nil, fmt.Errorf("netsim: workload %s stalled at cycle %d: %d endpoints wait for messages that were never sent",
				w.wl.Name(), s.now/S, s.E-w.done)
		}
	}
	if w.firstInject < 0 {
		return nil, fmt.Errorf("netsim: workload %s injected nothing", w.wl.Name())
	}
	t := s.sum()
	latH, netH, hops, _ := s.merged()
	span := float64(w.lastDeliver-w.firstInject) / float64(S)
	res.CompletionCycles = span
	res.SourceCompletionP50, res.SourceCompletionP99 = w.sourceCompletion(S)
	res.FlitsDelivered = t.ejFlits
	res.MessagesDelivered = w.messages
	if span > 0 && res.ActiveEndpoints > 0 {
		res.EffectiveThroughput = float64(t.ejFlits) / span / float64(res.ActiveEndpoints)
	}
	res.Cycles = int64(s.now / S)
	res.Drained = true
	res.PacketLatency = latH.stats(float64(S))
	res.NetworkLatency = netH.stats(float64(S))
	res.MeasuredPackets = t.measuredInj
	res.DeliveredPackets = latH.n
	res.AcceptedLoad = res.EffectiveThroughput
	res.OfferedLoad = res.EffectiveThroughput
	hopStats(res, &hops, t.minimal)
	return res, nil
}

// anyReady reports whether an endpoint can inject a packet now.
func (s *sim) anyReady() bool {
	w := s.wl
	for e := int32(0); e < s.E; e++ {
		if w.step[e] < w.steps[e] && (w.left[e] > 0 || w.msg[e] > 0 || w.canStart(e)) {
			return true
		}
	}
	return false
}

// injectWorkload lets every endpoint e0 <= e < e1 of router r whose
// channel is free send one flit of its workload: the current packet, or
// the next one it may form. A new
// packet waits for an injection VC with room for it (the whole packet
// under virtual cut-through).
func (s *shard) injectWorkload(r, e0, e1 int32) {
	now := s.now
	w := s.wl
	for e := e0; e < e1; e++ {
		if s.eps[e].free > now || !s.active[e] {
			continue
		}
		cur := s.eps[e].cur
		if cur < 0 {
			d, f, created, slot, ok := s.nextPacket(e)
			if !ok {
				continue
			}
			cur = s.newPacket()
			s.pk[cur] = Packet{
				Src: e, Dst: d, SrcRouter: s.net.EndpointRouter(e), DstRouter: s.net.EndpointRouter(d),
				Inter: -1, Size: f, created: created, msg: slot, measured: true,
			}
			s.measuredInj++
			s.measuredOut++
			s.measuredFlits += int64(f)
			s.eps[e].cur = cur
			s.eps[e].left = f
			s.eps[e].vc = -1
			s.busyEps++
		}
		if s.eps[e].vc < 0 {
			need := int32(1)
			if s.vct {
				need = s.pk[cur].Size
			}
			bv := s.injectionVC(e, need)
			if bv < 0 {
				continue
			}
			s.eps[e].vc = bv
			s.pk[cur].injected = now
		}
		ci := e<<(s.vs&31) | s.eps[e].vc
		if s.epCred[ci] <= 0 {
			continue
		}
		if w.firstInject < 0 {
			w.firstInject = now
		}
		s.sendFlit(r, e, ci, cur)
	}
}

// sourceCompletion returns the times, in cycles from the first injection,
// by which half and 99% of the endpoints that sent packets had every
// packet delivered (nearest rank over their completion times): with the
// completion of the whole workload, the 100th percentile, how unevenly
// the sources were served.
func (w *wlState) sourceCompletion(S int32) (p50, p99 float64) {
	var t []int32
	for _, last := range w.srcLast {
		if last >= 0 {
			t = append(t, last-w.firstInject)
		}
	}
	if len(t) == 0 {
		return 0, 0
	}
	slices.Sort(t)
	rank := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(t)))) - 1
		return float64(t[max(0, i)]) / float64(S)
	}
	return rank(0.5), rank(0.99)
}
