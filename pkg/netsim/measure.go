package netsim

import (
	"context"
	"fmt"
	"math"
	"runtime/debug"
)

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
	res := &Result{Routing: s.rt.Name(), Load: load, VCs: int(s.V), BufPerVC: int(s.B), DeadlockCheck: s.check}
	res.ActiveEndpoints = s.activeEndpoints()
	if res.ActiveEndpoints == 0 {
		return nil, fmt.Errorf("netsim: every endpoint is idle under the traffic pattern")
	}
	nAct := float64(res.ActiveEndpoints)

	deadTicks := s.deadlockTicks()
	work := int64(stopWork) // check ctx at the first tick
	stop := s.startWorkers()
	defer stop()

	phase := phWarmup
	period := int32(cfg.SamplePeriod)
	var prevLat, prevFlits float64
	short := 0 // consecutive warm-up samples short of the offered load
	prevOK := false
	warmEnd := int32(-1)
	var drainStart int32
	stable := false
	for phase != phDone {
		now := s.now
		if work += s.tickWork(); work >= stopWork {
			work = 0
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if now%S == 0 {
			c := now / S
			if c > 0 && c%period == 0 {
				s.progress(phaseName(phase), c)
			}
			switch phase {
			case phWarmup:
				if c > 0 && c%period == 0 {
					t := s.sum()
					lat := 0.0
					if t.periodN > 0 {
						lat = float64(t.periodLat) / float64(t.periodN) / float64(S)
					}
					fl := float64(t.periodFlits)
					zl := 0.0
					if t.periodN > 0 {
						zl = float64(t.periodZL) / float64(t.periodN) / float64(S)
					}
					// Backlog test: a sample whose accepted flits fall short
					// of the offered ones by the saturation rule's margin.
					exp := load * nAct * float64(period)
					if fl < exp-cfg.SatTol*exp-3*math.Sqrt(exp*float64(s.size)) {
						short++
					} else {
						short = 0
					}
					why := s.clearlySaturated(lat, zl)
					if why == "" && cfg.AbortSaturated && short >= divergeSamples {
						why = fmt.Sprintf("accepted load %.4f below offered %.4f in %d consecutive warm-up samples: the source queues grow without bound",
							fl/nAct/float64(period), load, short)
					}
					if why != "" {
						res.Aborted = true
						res.Saturated = true
						res.SaturationReason = why
						res.AcceptedLoad = fl / nAct / float64(period)
						res.OfferedLoad = load
						res.PacketLatency.Mean = lat
						res.ZeroLoadLatency = zl
						res.WarmupCycles = int64(c)
						res.Cycles = int64(c)
						res.FlitsDelivered = t.ejFlits
						return res, nil
					}
					conv := prevOK &&
						(math.Abs(lat-prevLat) <= cfg.WarmupTol*max(lat, prevLat) || math.Abs(lat-prevLat) <= 1) &&
						(math.Abs(fl-prevFlits) <= cfg.WarmupTol*max(fl, prevFlits) || math.Abs(fl-prevFlits) <= 3*math.Sqrt(fl+prevFlits))
					prevLat, prevFlits, prevOK = lat, fl, true
					for _, h := range s.shards {
						h.periodLat, h.periodN, h.periodFlits, h.periodZL = 0, 0, 0, 0
					}
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
				if s.sum().measuredOut == 0 && s.pendingCreations() == 0 {
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
		if err := s.advance(deadTicks); err != nil {
			return nil, err
		}
		if s.idle() {
			s.skipIdle(phase, period)
		}
	}
	t := s.sum()
	latH, netH, hops, srcAcc := s.merged()
	res.Stable = stable
	res.WarmupCycles = int64(warmEnd)
	res.MeasureCycles = int64(cfg.MeasureCycles)
	res.Cycles = int64(s.now / S)
	win := float64(cfg.MeasureCycles)
	res.OfferedLoad = float64(t.measuredFlits) / nAct / win
	res.AcceptedLoad = float64(t.accFlits) / nAct / win
	res.PacketLatency = latH.stats(float64(S))
	res.NetworkLatency = netH.stats(float64(S))
	res.MeasuredPackets = t.measuredInj
	res.DeliveredPackets = latH.n
	hopStats(res, &hops, t.minimal)
	var sx, sxx float64
	for e, a := range s.active {
		if a {
			x := float64(srcAcc[e])
			sx += x
			sxx += x * x
		}
	}
	if sxx > 0 {
		res.Fairness = sx * sx / (nAct * sxx)
	}
	var links int
	var sum, mx int64
	for o := range s.ports {
		if s.ports[o].peer >= 0 {
			links++
			sum += s.linkCnt[o]
			mx = max(mx, s.linkCnt[o])
		}
	}
	if links > 0 {
		res.LinkUtilAvg = float64(sum) / float64(links) / win
		res.LinkUtilMax = float64(mx) / win
	}
	res.FlitsDelivered = t.ejFlits

	// Saturation.
	gen := float64(t.measuredFlits)
	if !res.Drained {
		// Packets created in the window but never injected: estimate the
		// offered load by the requested one.
		gen = max(gen, load*nAct*win)
		res.OfferedLoad = gen / nAct / win
	}
	if latH.n > 0 {
		res.ZeroLoadLatency = float64(t.zlSum) / float64(latH.n) / float64(S)
	}
	switch deficit := gen - float64(t.accFlits); {
	case !res.Drained:
		res.Saturated, res.SaturationReason = true, "measured packets not drained"
	case deficit > cfg.SatTol*gen+3*math.Sqrt(gen):
		res.Saturated, res.SaturationReason = true, fmt.Sprintf("accepted load %.4f below offered %.4f", res.AcceptedLoad, res.OfferedLoad)
	case cfg.LatencyKnee > 0 && res.PacketLatency.Mean > cfg.LatencyKnee*res.ZeroLoadLatency:
		res.Saturated, res.SaturationReason = true, fmt.Sprintf("mean packet latency %.1f above %g x zero-load latency %.1f",
			res.PacketLatency.Mean, cfg.LatencyKnee, res.ZeroLoadLatency)
	case cfg.LatencyBound > 0 && res.PacketLatency.Mean > cfg.LatencyBound:
		res.Saturated, res.SaturationReason = true, fmt.Sprintf("mean packet latency %.1f above bound %g", res.PacketLatency.Mean, cfg.LatencyBound)
	}
	return res, nil
}

// divergeSamples is the number of consecutive warm-up samples whose
// accepted flits fall short of the offered ones (by the saturation rule's
// margin) after which a run is stopped as saturated (Config.AbortSaturated):
// the first sample is short by the flits that fill the network, a
// sustainable load catches up in the next, an unsustainable one never does.
const divergeSamples = 3

// stopWork is the work (see tickWork) between two checks of a run's
// context: about a millisecond, whatever the network's size and load. A
// check every fixed number of ticks waited minutes on a saturated network
// of thousands of routers (a tick then moves a million flits).
const stopWork = 1 << 20

// tickWork estimates the cost of the next tick: a step of every router and
// endpoint, and of every flit in the network.
func (s *sim) tickWork() int64 { return int64(s.R) + int64(s.E) + s.inNetAll }

// sum returns the sums of the shards' counters.
func (s *sim) sum() counters {
	var c counters
	for _, h := range s.shards {
		c.add(&h.counters)
	}
	return c
}

// merged returns the shards' latency and hop histograms and accepted flits
// per source, added up.
func (s *sim) merged() (latH, netH, hops hist, srcAcc []int64) {
	srcAcc = make([]int64, s.E)
	for _, h := range s.shards {
		latH.merge(&h.latH)
		netH.merge(&h.netH)
		hops.merge(&h.hops)
		for e, x := range h.srcAcc {
			srcAcc[e] += x
		}
	}
	return latH, netH, hops, srcAcc
}

// idle reports whether nothing is in flight: no flit in the network, no
// event scheduled, no packet half sent.
func (s *sim) idle() bool { return s.inNetAll == 0 && s.pendingAll == 0 && s.busyAll == 0 }

// pendingCreations returns the active endpoints whose oldest unsent packet
// was created before the end of the window.
func (s *sim) pendingCreations() int {
	n := 0
	for e, a := range s.active {
		if a && (s.eps[e].next < s.w1 || s.eps[e].cur >= 0 && s.pk[s.eps[e].cur].measured) {
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
		if a && s.eps[e].next < next {
			next = s.eps[e].next
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
		s.moved = next
	}
}

// deadlockTicks returns the idle time after which flits in the network
// that do not move are a deadlock: Config.DeadlockCycles, at least 8 credit
// round trips of the slowest link.
func (s *sim) deadlockTicks() int64 {
	rt := int64(0)
	for i := range s.ports {
		rt = max(rt, int64(s.ports[i].lat))
	}
	rt = 2*rt + int64(s.cd) + int64(s.rd+s.vad+s.sad) + int64(s.size)*int64(s.S)
	return max(int64(s.cfg.DeadlockCycles)*int64(s.S), 8*rt)
}

// hopStats fills the hop figures of res from the hop histogram of the
// measured packets, minimal of which took minimal routes.
func hopStats(res *Result, hops *hist, minimal int64) {
	if hops.n == 0 {
		return
	}
	res.AvgHops = float64(hops.sum) / float64(hops.n)
	res.MinimalFraction = float64(minimal) / float64(hops.n)
	hi := len(hops.c)
	for hi > 0 && hops.c[hi-1] == 0 {
		hi--
	}
	res.HopHistogram = append([]int64(nil), hops.c[:hi]...)
}

// clearlySaturated returns why a warm-up sample of mean latency lat and
// mean zero-load latency zl (cycles) is clearly past saturation
// (Config.AbortSaturated), or "".
func (s *sim) clearlySaturated(lat, zl float64) string {
	cfg := s.cfg
	if !cfg.AbortSaturated || lat == 0 {
		return ""
	}
	if k := 2 * cfg.LatencyKnee; k > 0 && lat > k*zl {
		return fmt.Sprintf("warm-up sample latency %.1f above %g x its zero-load latency %.1f", lat, k, zl)
	}
	if cfg.LatencyBound > 0 && lat > cfg.LatencyBound {
		return fmt.Sprintf("warm-up sample latency %.1f above bound %g", lat, cfg.LatencyBound)
	}
	return ""
}

// zeroLoad returns the zero-load latency of packet p's route in ticks: the
// injection and ejection channels, a router pipeline per router, the
// latencies of the links it crossed and the serialization of its flits.
func (s *sim) zeroLoad(p *Packet) int64 {
	path := int64(p.pathLat)
	if s.linkLat >= 0 {
		path = int64(p.Hops) * int64(s.linkLat)
	}
	return int64(2*s.le) + int64(p.Hops+1)*int64(s.rd+s.vad+s.sad) + path + int64(p.Size-1)*int64(s.S)
}

// advance runs one step of look router cycles (events, injection, every
// router with flits; the shards in parallel) and moves the clock on; it returns the
// run's error or a *DeadlockError when no flit has moved for deadTicks.
func (s *sim) advance(deadTicks int64) error {
	if err := s.topUp(); err != nil {
		return err
	}
	if s.usedSnap != nil {
		for i := range s.ports {
			s.usedSnap[i] = s.ports[i].used
		}
	}
	if s.workers != nil {
		for _, c := range s.workers.start {
			c <- struct{}{}
		}
		s.shards[0].tick()
		for range s.workers.start {
			<-s.workers.done
		}
	} else {
		s.shards[0].tick()
	}
	s.inNetAll, s.pendingAll, s.busyAll = 0, 0, 0
	for _, h := range s.shards {
		if h.err != nil {
			return h.err
		}
		s.inNetAll += h.inNet
		s.pendingAll += h.pending
		s.busyAll += h.busyEps
		s.moved = max(s.moved, h.lastMove)
	}
	last := s.now + s.look - 1
	if s.inNetAll > 0 && int64(last-s.moved) > deadTicks {
		return &DeadlockError{Cycle: int64(last / s.S), Idle: int64(last-s.moved) / int64(s.S), InFlight: s.inNetAll}
	}
	s.now += s.look
	return nil
}

// tick runs one step of the shard: router cycles sim.now to
// sim.now+look-1. Router by router, it delivers each cycle's events,
// routes the new heads, lets the router's endpoints inject and steps the
// router, so a router's state is loaded once per step; no event is due
// sooner than look cycles after it is scheduled, so no router sees
// another's events of the same step (see newSim).
func (s *shard) tick() {
	t0, L := s.sim.now, s.look
	s.gather()
	if s.err != nil {
		return
	}
	epOff := s.net.epOff
	if s.touch {
		for r := s.r0; r < min(s.r0+2, s.r1); r++ {
			s.prefetchArrivals(r)
		}
		s.prefetchFlits(s.r0)
	}
	for r := s.r0; r < s.r1; r++ {
		rs := at(s.rs, r)
		base := (r - s.r0) * L
		e0, e1 := *at(epOff, r), *at(epOff, r+1)
		if s.touch {
			if r+2 < s.r1 {
				s.prefetchArrivals(r + 2)
			}
			if r+1 < s.r1 {
				s.prefetchFlits(r + 1)
			}
		}
		for j := int32(0); j < L; j++ {
			s.now = t0 + j
			if evs := s.events(base+j, 1); len(evs) > 0 {
				if s.apply(r, evs) {
					if s.touch {
						s.touchHeads(r)
					}
					s.routeHeads(r)
				}
				if s.err != nil {
					return
				}
			}
			if s.wl != nil {
				s.injectWorkload(r, e0, e1)
			} else {
				s.inject(r, e0, e1)
			}
			if rs.inBuf|rs.inOq != 0 {
				s.step(r)
			}
		}
	}
}

// workers runs shards 1.. of a run on goroutines, one router cycle per
// message on start.
type workers struct {
	start []chan struct{}
	done  chan struct{}
}

// startWorkers starts the goroutines of shards 1.. (none for one shard);
// stop ends them.
func (s *sim) startWorkers() (stop func()) {
	if len(s.shards) == 1 {
		return func() {}
	}
	w := &workers{done: make(chan struct{}, len(s.shards))}
	for _, h := range s.shards[1:] {
		c := make(chan struct{})
		w.start = append(w.start, c)
		go func(h *shard) {
			for range c {
				h.safeTick()
				w.done <- struct{}{}
			}
		}(h)
	}
	s.workers = w
	return func() {
		for _, c := range w.start {
			close(c)
		}
		s.workers = nil
	}
}

// safeTick is tick on a worker goroutine: a panic becomes the shard's
// error, which the run returns, instead of ending the process.
func (s *shard) safeTick() {
	defer func() {
		if p := recover(); p != nil {
			s.err = fmt.Errorf("netsim: panic in shard %d: %v\n%s", s.k, p, debug.Stack())
		}
	}()
	s.tick()
}
