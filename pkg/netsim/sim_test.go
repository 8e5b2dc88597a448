package netsim

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
)

// zeroLoad is the analytic latency in channel cycles of a packet crossing h
// router-to-router links of latency 1 with no contention: injection and
// ejection channels, h+1 router pipelines (routing, VC allocation, switch
// allocation, crossbar; internal cycles, Speedup per channel cycle), h
// links and the serialization of the remaining flits.
func zeroLoad(c Config, h int) float64 {
	router := float64(c.RoutingDelay+c.VCAllocDelay+c.SwAllocDelay+c.CrossbarDelay) / float64(c.Speedup)
	return float64(2*c.EndpointLatency) + float64(h*c.LocalLatency) + float64(h+1)*router + float64(c.PacketSize-1)
}

// farPair returns a source endpoint on router 0 and a destination endpoint
// on a router at distance h >= 1 from it (the first such router).
func farPair(t *testing.T, n *Network, h int) pair {
	t.Helper()
	for r := int32(0); r < int32(n.Routers()); r++ {
		if int(n.Dist(0, r)) == h && n.top.Conc[r] > 0 {
			return pair{src: 0, dst: n.epOff[r]}
		}
	}
	t.Fatalf("no router at distance %d", h)
	return pair{}
}

func TestZeroLoadLatency(t *testing.T) {
	ring := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1)})
	torus := newNet(t, "torus", families.Values{"k": int64(4), "n": int64(2)})
	sf := newNet(t, "slimfly", families.Values{"q": int64(5)})
	type tc struct {
		name string
		net  *Network
		h    int
		cfg  func(*Config)
	}
	var cases []tc
	for _, nt := range []struct {
		name string
		net  *Network
		h    int
	}{{"ring8", ring, 4}, {"torus4x4", torus, 4}, {"slimfly5", sf, 2}, {"slimfly5-1hop", sf, 1}} {
		cases = append(cases,
			tc{nt.name + "/sc14", nt.net, nt.h, func(*Config) {}},
			tc{nt.name + "/speedup1", nt.net, nt.h, func(c *Config) { c.Speedup = 1 }},
			tc{nt.name + "/slow-pipeline", nt.net, nt.h, func(c *Config) {
				c.RoutingDelay, c.VCAllocDelay, c.SwAllocDelay, c.CrossbarDelay, c.EndpointLatency, c.LocalLatency = 2, 3, 1, 2, 3, 5
			}},
			tc{nt.name + "/vct8", nt.net, nt.h, func(c *Config) { c.PacketSize, c.FlowControl = 8, VirtualCutThrough }},
			tc{nt.name + "/wormhole8", nt.net, nt.h, func(c *Config) { c.PacketSize, c.BufPerVC = 8, 8 }},
		)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := quickConfig()
			// Two VCs per class: a packet created within a VC turnaround
			// of the previous one (at speedup 1 a VC carries a packet every
			// other cycle) takes the other VC instead of waiting.
			cfg.VCs = 2 * c.net.Diameter()
			c.cfg(&cfg)
			p := farPair(t, c.net, c.h)
			want := zeroLoad(cfg, c.h)
			load := 0.02 * float64(cfg.PacketSize)
			res, err := Run(context.Background(), c.net, mustMin(t, c.net), p, load, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.DeliveredPackets < 5 {
				t.Fatalf("only %d packets measured", res.DeliveredPackets)
			}
			// A packet created a cycle after its predecessor may still
			// wait for the channel the predecessor's flit holds, one
			// cycle at most.
			got := res.NetworkLatency
			if got.P50 != want || got.Mean < want || got.Max > want+1 {
				t.Errorf("network latency %+v, want %g for %d hops", got, want, c.h)
			}
			if res.ZeroLoadLatency != want {
				t.Errorf("zero-load latency of the routes %g, want %g", res.ZeroLoadLatency, want)
			}
			if cfg.PacketSize == 1 && res.PacketLatency != got {
				t.Errorf("packet latency %+v differs from network latency %+v", res.PacketLatency, got)
			}
			if res.AvgHops != float64(c.h) || res.MinimalFraction != 1 {
				t.Errorf("avg hops %g, minimal %g", res.AvgHops, res.MinimalFraction)
			}
			if res.Saturated || !res.Drained || res.ActiveEndpoints != 1 {
				t.Errorf("saturated %v (%s), drained %v, active %d", res.Saturated, res.SaturationReason, res.Drained, res.ActiveEndpoints)
			}
		})
	}
}

// Uniform traffic at very low load: mean latency = zero-load latency of
// the mean hop count (contention negligible).
func TestLowLoadUniform(t *testing.T) {
	for _, nt := range []struct {
		name string
		v    families.Values
	}{
		{"torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}},
		{"slimfly", families.Values{"q": int64(5)}},
	} {
		t.Run(nt.name, func(t *testing.T) {
			n := newNet(t, nt.name, nt.v)
			cfg := quickConfig()
			res, err := Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.002, cfg)
			if err != nil {
				t.Fatal(err)
			}
			want := zeroLoad(cfg, 0) + res.AvgHops*(1+4.0/2)
			if d := res.PacketLatency.Mean - want; d < 0 || d > 0.01*want {
				t.Errorf("mean latency %g, zero-load %g for %g hops", res.PacketLatency.Mean, want, res.AvgHops)
			}
			if math.Abs(res.ZeroLoadLatency-want) > 1e-9*want {
				t.Errorf("zero-load latency of the routes %g, want %g", res.ZeroLoadLatency, want)
			}
		})
	}
}

func TestBelowSaturation(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	for _, load := range []float64{0.1, 0.4, 0.7} {
		cfg := quickConfig()
		res, err := Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, load, cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Standard deviation of the offered load: sqrt(load*E*W)/(E*W).
		sd := math.Sqrt(load*float64(n.Endpoints())*float64(cfg.MeasureCycles)) / float64(n.Endpoints()*cfg.MeasureCycles)
		if math.Abs(res.AcceptedLoad-load) > 5*sd || math.Abs(res.OfferedLoad-load) > 5*sd {
			t.Errorf("load %g: offered %g accepted %g (sd %g)", load, res.OfferedLoad, res.AcceptedLoad, sd)
		}
		if res.Saturated || !res.Drained || !res.Stable {
			t.Errorf("load %g: saturated %v (%s) drained %v stable %v", load, res.Saturated, res.SaturationReason, res.Drained, res.Stable)
		}
		if res.MinimalFraction != 1 || res.Fairness < 0.95 || res.LinkUtilMax > 1 || res.LinkUtilAvg <= 0 {
			t.Errorf("load %g: minimal %g fairness %g link util %g/%g", load, res.MinimalFraction, res.Fairness, res.LinkUtilAvg, res.LinkUtilMax)
		}
		// Mean link load = accepted x endpoints x avg hops / directed links.
		links := float64(2 * n.g.Edges())
		wantUtil := res.AcceptedLoad * float64(n.Endpoints()) * res.AvgHops / links
		if math.Abs(res.LinkUtilAvg-wantUtil) > 0.02*wantUtil {
			t.Errorf("load %g: link util %g, want about %g", load, res.LinkUtilAvg, wantUtil)
		}
		var sum int64
		for _, c := range res.HopHistogram {
			sum += c
		}
		if sum != res.DeliveredPackets || res.DeliveredPackets != res.MeasuredPackets || len(res.HopHistogram) != 3 {
			t.Errorf("hop histogram %v: sum %d, delivered %d, measured %d", res.HopHistogram, sum, res.DeliveredPackets, res.MeasuredPackets)
		}
	}
}

// Past saturation the run is flagged (and aborted by the latency bound).
func TestSaturation(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1), "p": int64(4)})
	cfg := quickConfig()
	res, err := Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.9, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Saturated || !res.Aborted {
		t.Errorf("ring at load 0.9 not saturated: %+v", res)
	}
	cfg.AbortSaturated = false
	cfg.DrainMax = 500
	res, err = Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.9, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Bisection bound of a ring with p endpoints per router: 8/(k p) = 0.25.
	if !res.Saturated || res.Aborted || res.AcceptedLoad > 0.26 || res.AcceptedLoad < 0.15 {
		t.Errorf("ring at load 0.9: saturated %v aborted %v accepted %g", res.Saturated, res.Aborted, res.AcceptedLoad)
	}
	// Without the latency tests the backlog test stops the warm-up after
	// divergeSamples short samples, long before WarmupMax.
	cfg = quickConfig()
	cfg.LatencyKnee = 0
	res, err = Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.9, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Saturated || !res.Aborted || !strings.Contains(res.SaturationReason, "source queues grow") ||
		res.Cycles != int64(divergeSamples*cfg.SamplePeriod) || res.AcceptedLoad > 0.26 || res.AcceptedLoad < 0.15 {
		t.Errorf("ring at load 0.9 without latency tests: saturated %v aborted %v (%s) after %d cycles, accepted %g",
			res.Saturated, res.Aborted, res.SaturationReason, res.Cycles, res.AcceptedLoad)
	}
}

// clockwise routes every packet around a ring in increasing router order
// with a single VC class: cyclic channel dependencies.
type clockwise struct{ n *Network }

func (c clockwise) Name() string { return "clockwise" }
func (c clockwise) Classes() int { return 1 }
func (c clockwise) Route(_ *View, r int32, _ *Packet) (int32, int32) {
	next := (r + 1) % int32(c.n.Routers())
	for i := int32(0); i < int32(c.n.Degree(r)); i++ {
		if c.n.Neighbor(r, i) == next {
			return i, 0
		}
	}
	return -1, 0
}

func TestDeadlock(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(4), "n": int64(1), "p": int64(2)})
	cfg := quickConfig()
	cfg.VCs, cfg.BufPerPort = 1, 4
	cfg.DeadlockCycles = 200
	cfg.AbortSaturated = false
	// The check before simulating refuses the routing, naming the cycle of
	// the 4 clockwise channels.
	_, err := Run(context.Background(), n, clockwise{n}, shift{int32(n.Endpoints()), 6}, 1, cfg)
	var cy *CyclicError
	if !errors.As(err, &cy) || len(cy.Cycle) != 4 || cy.VCs != 1 || cy.Escape {
		t.Fatalf("want a 4-channel *CyclicError, got %v", err)
	}
	// Simulated anyway, it deadlocks and the detector says so.
	cfg.DeadlockCheck = -1
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// Every endpoint sends three routers ahead: all packets cross the
	// channels of the cycle.
	_, err = Run(ctx, n, clockwise{n}, shift{int32(n.Endpoints()), 6}, 1, cfg)
	var dl *DeadlockError
	if !errors.As(err, &dl) {
		t.Fatalf("want a deadlock error, got %v", err)
	}
	if dl.InFlight < 4*4 || dl.Idle < 200 {
		t.Errorf("deadlock %+v: want >= 16 flits (full ring buffers), >= 200 idle cycles", dl)
	}
	t.Log(err)
	// The same traffic with hop-indexed minimal routing is deadlock-free.
	cfg.VCs = 0
	res, err := Run(ctx, n, mustMin(t, n), shift{int32(n.Endpoints()), 6}, 1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.AcceptedLoad <= 0 {
		t.Errorf("min routing accepted %g", res.AcceptedLoad)
	}
}

// shift sends endpoint i to i+k mod n.
type shift struct{ n, k int32 }

func (s shift) Dest(src int32, _ *rand.Rand) int32 { return (src + s.k) % s.n }

// Credit flow control on one link with one VC of b flits: a flit slot is
// reused every credit round trip of SAD + STD + S*L + RD + VAD + S*(CD + L)
// router cycles (switch allocation and crossbar at the sender, the link,
// route and VC allocation at the receiver, the credit delay and the link
// back), so the link carries b flits per round trip.
func TestCreditRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name                 string
		speedup, buf, credit int
		link                 int
		booksim              bool // BookSim2-aligned pipeline (BookSimConfig)
		want                 float64
	}{
		{"s1", 1, 1, 2, 1, false, 1.0 / 8},  // 1 + 1 + 1 + 1 + 1 + (2 + 1)
		{"s2", 2, 1, 2, 1, false, 2.0 / 12}, // (1 + 1 + 2 + 1 + 1 + 6) / 2 = 6 cycles
		{"s2-b2", 2, 2, 2, 1, false, 4.0 / 12},
		{"cd5", 1, 1, 5, 1, false, 1.0 / 11},
		{"cd0", 1, 1, 0, 1, false, 1.0 / 6},
		{"b3", 1, 3, 2, 1, false, 3.0 / 8},
		{"full", 2, 8, 2, 1, false, 1}, // enough buffer: full rate
		// A 100-cycle link with 32 flits per VC: the credit crosses the link
		// back, so the round trip is (2 + 200 + 1 + 1 + 4 + 200) / 2 = 204
		// cycles, not 104.
		{"long", 2, 32, 2, 100, false, 32.0 / 204},
		// BookSim2's round trip is 2L + 3 + credit_delay cycles: 205 for its
		// Dragonfly's 100-cycle global links (netsim link latency 101 in the
		// aligned configuration), 7 for L = 1.
		{"booksim-global", 2, 32, 2, 101, true, 32.0 / 205},
		{"booksim-1", 2, 2, 2, 2, true, 2.0 / 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := lineNet(t)
			cfg := quickConfig()
			if c.booksim {
				b := BookSimConfig()
				cfg.RoutingDelay, cfg.VCAllocDelay, cfg.SwAllocDelay, cfg.CrossbarDelay = b.RoutingDelay, b.VCAllocDelay, b.SwAllocDelay, b.CrossbarDelay
				cfg.EndpointLatency = b.EndpointLatency
			}
			cfg.Speedup, cfg.BufPerVC, cfg.CreditDelay, cfg.VCs = c.speedup, c.buf, c.credit, 1
			cfg.LocalLatency, cfg.GlobalLatency = c.link, c.link
			cfg.AbortSaturated = false
			cfg.DrainMax = 0
			cfg.MeasureCycles = 20000
			res, err := Run(context.Background(), n, mustMin(t, n), pair{0, 1}, 1, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(res.AcceptedLoad-c.want) > 1.5*float64(c.buf)/float64(cfg.MeasureCycles) {
				t.Errorf("speedup %d, buffer %d, credit delay %d, link %d: accepted %g, want %g",
					c.speedup, c.buf, c.credit, c.link, res.AcceptedLoad, c.want)
			}
			if math.Abs(res.LinkUtilMax-c.want) > 1.5*float64(c.buf)/float64(cfg.MeasureCycles) {
				t.Errorf("link utilization %g, want %g", res.LinkUtilMax, c.want)
			}
		})
	}
}

func TestDeterminism(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	for _, name := range []string{"min-random", "val", "ugal-l", "ugal-g"} {
		rt, err := NewRouting(n, name)
		if err != nil {
			t.Fatal(err)
		}
		cfg := quickConfig()
		cfg.MeasureCycles = 1000
		cfg.Seed = 42
		a, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 0.3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 0.3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: same seed, different results:\n%+v\n%+v", name, a, b)
		}
		cfg.Seed = 43
		c, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 0.3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 42 and 43 gave identical results", name)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	n := lineNet(t)
	m := mustMin(t, n)
	for _, c := range []struct {
		name string
		mod  func(*Config)
		load float64
	}{
		{"load", func(*Config) {}, 1.5},
		{"vcs", func(c *Config) { c.VCs = 65 }, 0.1},
		{"credit", func(c *Config) { c.CreditDelay = -1 }, 0.1},
		{"vct-buffer", func(c *Config) { c.PacketSize, c.FlowControl, c.BufPerVC = 33, VirtualCutThrough, 32 }, 0.1},
		{"warmup", func(c *Config) { c.WarmupMax = 10 }, 0.1},
	} {
		cfg := quickConfig()
		c.mod(&cfg)
		if _, err := Run(context.Background(), n, m, pair{0, 1}, c.load, cfg); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, n, m, pair{0, 1}, 0.5, quickConfig()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}
