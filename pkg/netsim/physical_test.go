package netsim

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// The presets convert to the documented cycles.
func TestPhysicalPresets(t *testing.T) {
	for _, c := range []struct {
		name                          string
		cycleNs                       float64
		packet, router, link, ep, buf int
		warmup, measure               int
		routerNs, linkNs              float64 // after rounding
	}{
		// SC15: 64 B at 100 Gb/s = 5.12 ns; router 100 ns = 39.06 router
		// cycles of 2.56 ns -> 39 (99.84 ns); links 50 ns = 9.77 -> 10
		// cycles (51.2 ns); 100 KB = 1600 flits; 200 us = 39,062.5 -> 39,063
		// cycles, 20 us = 3,906.25 -> 3,906.
		{"sc15", 5.12, 4, 39, 10, 10, 1600, 3906, 39063 - 3906, 99.84, 51.2},
		// Layout paper: 256 bits at 96 Gb/s = 2.667 ns; 100 ns = 75 router
		// cycles exactly; 20 ns = 7.5 -> 8 cycles (21.33 ns); 8 packets of
		// 33 flits.
		{"layout", 256.0 / 96, 33, 75, 8, 8, 264, 0, 0, 100, 8 * 256.0 / 96},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := PhysicalPreset(c.name)
			if !ok {
				t.Fatal("no preset")
			}
			cfg, cv, err := p.Convert(DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(cv.CycleNs-c.cycleNs) > 1e-12 || cv.PacketFlits != c.packet || cv.RouterTicks != c.router ||
				cv.LinkCycles != c.link || cv.EndpointCycle != c.ep || cv.BufferFlits != c.buf {
				t.Errorf("conversion %+v", cv)
			}
			if cfg.PacketSize != c.packet || cfg.LocalLatency != c.link || cfg.EndpointLatency != c.ep || cfg.BufPerPort != c.buf ||
				cfg.RoutingDelay+cfg.VCAllocDelay+cfg.SwAllocDelay+cfg.CrossbarDelay != c.router || cfg.Speedup != 2 {
				t.Errorf("config %+v", cfg)
			}
			if c.measure > 0 && (cfg.WarmupMin != c.warmup || cfg.WarmupMax != c.warmup || cfg.MeasureCycles != c.measure) {
				t.Errorf("warm-up %d..%d, measure %d; want %d, %d", cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles, c.warmup, c.measure)
			}
			for _, r := range cv.Rounded {
				switch r.Name {
				case "router_ns":
					if math.Abs(r.Got-c.routerNs) > 1e-9 {
						t.Errorf("router %v", r)
					}
				case "link_ns":
					if math.Abs(r.Got-c.linkNs) > 1e-9 {
						t.Errorf("link %v", r)
					}
				}
			}
			t.Log(cv.Summary())
		})
	}
}

// Zero-load latency in ns equals the closed form of the converted
// configuration: 2 endpoint channels, h links, h+1 routers and the
// serialization of all flits but the head, times the channel cycle; and
// it is within the rounding (half a cycle per channel, half a router
// cycle per router) of the paper's values.
func TestPhysicalZeroLoad(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	for _, preset := range []string{"sc15", "layout"} {
		p, _ := PhysicalPreset(preset)
		p.SimUs, p.WarmupUs = 0, 0
		for _, h := range []int{1, 2} {
			cfg, cv, err := p.Convert(quickConfig())
			if err != nil {
				t.Fatal(err)
			}
			cfg.FlowControl = VirtualCutThrough
			res, err := Run(context.Background(), n, mustMin(t, n), farPair(t, n, h), 0.01*float64(cfg.PacketSize), cfg)
			if err != nil {
				t.Fatal(err)
			}
			gotNs := res.NetworkLatency.Mean * cv.CycleNs
			closed := cv.CycleNs*float64(2*cv.EndpointCycle+h*cv.LinkCycles+cv.PacketFlits-1) + float64((h+1)*cv.RouterTicks)*cv.TickNs
			if math.Abs(gotNs-closed) > 1e-9*closed || res.NetworkLatency.Max != res.NetworkLatency.Mean {
				t.Errorf("%s, %d hops: zero-load %g ns (max %g cycles), closed form %g ns", preset, h, gotNs, res.NetworkLatency.Max, closed)
			}
			paper := 2*p.EndpointNs + float64(h)*p.LinkNs + float64(h+1)*p.RouterNs + float64(cv.PacketFlits-1)*cv.CycleNs
			bound := float64(2+h)*cv.CycleNs/2 + float64(h+1)*cv.TickNs/2
			if math.Abs(gotNs-paper) > bound {
				t.Errorf("%s, %d hops: %g ns, the paper's values give %g ns (rounding bound %g)", preset, h, gotNs, paper, bound)
			}
			t.Logf("%s, %d hops: %.2f ns (paper values %.2f ns)", preset, h, gotNs, paper)
		}
	}
}

func TestPhysicalErrors(t *testing.T) {
	base := func() Physical { p, _ := PhysicalPreset("sc15"); return p }
	for _, c := range []struct {
		name string
		mod  func(*Physical)
		want string
	}{
		{"router-zero", func(p *Physical) { p.RouterNs = 1 }, "router_ns = 1 rounds to 0 router cycles"},
		{"link-zero", func(p *Physical) { p.LinkNs = 2 }, "link_ns = 2 ns rounds to 0 channel cycles"},
		{"endpoint-zero", func(p *Physical) { p.EndpointNs = 0.5 }, "endpoint_ns = 0.5 ns rounds to 0"},
		{"bandwidth", func(p *Physical) { p.LinkGbps = 0 }, "link_gbps = 0"},
		{"nan", func(p *Physical) { p.FlitBytes = math.NaN() }, "flit_bytes = NaN"},
		{"packet", func(p *Physical) { p.PacketBytes, p.PacketFlits = 0, 0 }, "packet_bytes or packet_flits"},
		{"buffer", func(p *Physical) { p.BufferBytes = 10 }, "buffer_bytes = 10 is an input buffer of 0 flits"},
		{"warmup", func(p *Physical) { p.WarmupUs = 300 }, "no measurement time"},
	} {
		p := base()
		c.mod(&p)
		_, _, err := p.Convert(DefaultConfig())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// Cable lengths: 5 ns/m on 51.2-ns... 10-cycle links: 0 m -> 10 cycles,
	// 2 m -> 60 ns = 11.7 -> 12 cycles.
	p := base()
	p.LinkNsPerM = 5
	lat, err := p.LinkLatencies([]float64{0, 2, 10})
	if err != nil {
		t.Fatal(err)
	}
	if lat[0] != 10 || lat[1] != 12 || lat[2] != 20 {
		t.Errorf("cable latencies %v, want [10 12 20]", lat)
	}
	if _, err := p.LinkLatencies([]float64{-1}); err == nil {
		t.Error("negative cable length: no error")
	}
}
