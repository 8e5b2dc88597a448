package netsim

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// TestLimits checks each rule of "Limits" at its bound and one past it:
// the values the issue found inconsistent (a negative window, a window of
// 2^30 cycles, 65536-flit packets) and the others, with the field each
// error blames first.
func TestLimits(t *testing.T) {
	run := MaxRunCycles(2) // at the default speedup
	d := DefaultConfig()
	// fixed: the run's cycles besides the one a case sets.
	fixed := int64(d.WarmupMax + d.SamplePeriod + d.DrainMax + 8)
	cases := []struct {
		name     string
		set      func(c *Config)
		workload bool
		ports    int64 // CheckNetwork with this many ports; 0: Check
		field    string
		msg      string // "" for a valid configuration
	}{
		{"defaults", func(c *Config) {}, false, 0, "", ""},
		{"negative window", func(c *Config) { c.MeasureCycles = -5 }, false, 0, "measure_cycles", "measure_cycles = -5, want >= 1"},
		{"window of 2^30 cycles", func(c *Config) { c.MeasureCycles = 1 << 30 }, false, 0, "measure_cycles", "more than 2^31 - 2^24"},
		{"the longest window", func(c *Config) { c.MeasureCycles = int(run - fixed) }, false, 0, "", ""},
		{"one cycle more", func(c *Config) { c.MeasureCycles = int(run-fixed) + 1 }, false, 0, "measure_cycles", "int32 router cycles"},
		{"window of 2^30 at speedup 1", func(c *Config) { c.MeasureCycles, c.Speedup = 1<<30, 1 }, false, 0, "", ""},
		{"long warm-up blamed", func(c *Config) { c.WarmupMax = 1 << 30 }, false, 0, "warmup_max", "more than 2^31 - 2^24"},
		{"beyond int32", func(c *Config) { c.DrainMax = 1 << 40 }, false, 0, "drain_max", "int32"},
		{"65536-flit packets, default drain", func(c *Config) { c.PacketSize = 65536 }, false, 0, "packet_size", "needs drain_max >= 65535"},
		{"65536-flit packets, drain 65535", func(c *Config) { c.PacketSize, c.DrainMax = 65536, 65535 }, false, 0, "", ""},
		{"65536-flit packets in a workload", func(c *Config) { c.PacketSize = 65536 }, true, 0, "", ""},
		{"no packet", func(c *Config) { c.PacketSize = 0 }, false, 0, "packet_size", "want >= 1"},
		{"vct packet larger than the VC buffer", func(c *Config) { c.PacketSize, c.FlowControl, c.VCs = 40, VirtualCutThrough, 2 }, false, 0, "packet_size", "virtual cut-through"},
		{"64 VCs", func(c *Config) { c.VCs = 64 }, false, 0, "", ""},
		{"65 VCs", func(c *Config) { c.VCs = 65 }, false, 0, "vcs", "64-bit word"},
		{"empty VC buffer", func(c *Config) { c.BufPerPort, c.VCs = 3, 4 }, false, 0, "buf_per_port", "leaves 0 flits per VC"},
		{"slots of one port at the bound", func(c *Config) { c.VCs, c.BufPerVC = 64, 1<<23 }, false, 0, "", ""},
		{"slots of one port past it", func(c *Config) { c.VCs, c.BufPerVC = 33, 1<<23+1 }, false, 0, "buf_per_vc", "per port, more than the 2^29"},
		{"slots of a network at the bound", func(c *Config) { c.VCs, c.BufPerVC = 4, 1<<20 }, false, 128, "", ""},
		{"slots of a network past it", func(c *Config) { c.VCs, c.BufPerVC = 4, 1<<20 }, false, 129, "buf_per_vc", "129 ports x 4 VCs"},
		{"router delay at the bound", func(c *Config) { c.CrossbarDelay = 1 << 20 }, false, 0, "", ""},
		{"router delay past it", func(c *Config) { c.CrossbarDelay = 1<<20 + 1 }, false, 0, "crossbar_delay", "2^20"},
		{"channel at the bound", func(c *Config) { c.GlobalLatency = 1<<19 - 3 }, false, 0, "", ""},
		{"channel past it", func(c *Config) { c.GlobalLatency = 1<<19 - 2 }, false, 0, "global_latency", "timing wheel"},
		{"speedup past the channel bound", func(c *Config) { c.Speedup = 1 << 19 }, false, 0, "local_latency", "x speedup = 524288"},
		{"speedup 16 no longer a limit", func(c *Config) { c.Speedup = 17 }, false, 0, "", ""},
		{"max_cycles at the bound", func(c *Config) { c.MaxCycles = int(run) }, true, 0, "", ""},
		{"max_cycles past it", func(c *Config) { c.MaxCycles = int(run) + 1 }, true, 0, "max_cycles", "int32 router cycles"},
		{"warmup_max below warmup_min", func(c *Config) { c.WarmupMin = d.WarmupMax + 1 }, false, 0, "warmup_max", "below warmup_min"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			c.set(&cfg)
			var err error
			switch {
			case c.ports > 0:
				err = cfg.CheckNetwork(c.ports, c.workload)
			case c.workload:
				err = cfg.CheckWorkload()
			default:
				err = cfg.Check()
			}
			if c.msg == "" {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("want a *LimitError with %q, got %v", c.msg, err)
			}
			if le.Fields[0] != c.field || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v (fields %v), want field %s and %q", err, le.Fields, c.field, c.msg)
			}
			if strings.Contains(err.Error(), "{") {
				t.Errorf("a field was not named: %v", err)
			}
		})
	}
}

// TestLimitMessage checks that a caller names the fields its own way.
func TestLimitMessage(t *testing.T) {
	cfg := DefaultConfig()
	cfg.PacketSize = 100
	cfg.DrainMax = 10
	var le *LimitError
	if !errors.As(cfg.Check(), &le) {
		t.Fatal("no LimitError")
	}
	names := map[string]string{"packet_size": "packet_flits", "drain_max": "drain_max"}
	if got := le.Message(func(f string) string { return names[f] }); !strings.HasPrefix(got, "packet_flits = 100 needs drain_max >= 99, have 10") {
		t.Errorf("message %q", got)
	}
}

// TestRunLimits checks that Run and RunWorkload enforce the rule with what
// only the network tells: its ports (buffer slots, as CheckNetwork with
// the same count) and per-link latencies.
func TestRunLimits(t *testing.T) {
	ctx := context.Background()
	n := lineNet(t) // 2 routers, 1 link, 2 endpoints: 4 ports
	ports := int64(4)
	cfg := quickConfig()
	cfg.VCs, cfg.BufPerVC = 4, MaxBufferSlots/(int(ports)*4)+1
	_, err := Run(ctx, n, mustMin(t, n), pair{0, 1}, 0.1, cfg)
	var le *LimitError
	if !errors.As(err, &le) || le.Fields[0] != "buf_per_vc" {
		t.Fatalf("Run with %d flits per VC: %v, want a buf_per_vc LimitError", cfg.BufPerVC, err)
	}
	if want := cfg.CheckNetwork(ports, false); want == nil || want.Error() != err.Error() {
		t.Errorf("CheckNetwork(%d) = %v, Run %v", ports, want, err)
	}
	if err := cfg.Check(); err != nil {
		t.Errorf("one port's buffers are within the limit: %v", err)
	}

	cfg = quickConfig()
	cfg.PacketSize, cfg.DrainMax = 100, 10
	if _, err := Run(ctx, n, mustMin(t, n), pair{0, 1}, 0.1, cfg); !errors.As(err, &le) || le.Fields[0] != "packet_size" {
		t.Errorf("Run with 100-flit packets and a 10-cycle drain: %v", err)
	}

	// A cable of 2^19 cycles: (2^19 + 2) x 2 router cycles.
	g, err := graph.FromEdges(2, []graph.Edge{{U: 0, V: 1}})
	if err != nil {
		t.Fatal(err)
	}
	long, err := NewNetwork(&families.Topology{Graph: g, Conc: []int32{1, 1}}, &NetworkOptions{LinkLatency: []int32{1 << 19, 1 << 19}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, long, mustMin(t, long), pair{0, 1}, 0.1, quickConfig()); !errors.As(err, &le) || le.Fields[0] != "link_latency" {
		t.Errorf("Run with a cable of 2^19 cycles: %v", err)
	}
	if _, err := NewNetwork(&families.Topology{Graph: g, Conc: []int32{1, 1}}, &NetworkOptions{LinkLatency: []int32{1 << 20, 1}}); err == nil {
		t.Error("NewNetwork took a link latency of 2^20 cycles")
	}
}

// TestPhysicalLimits checks that physical values are converted and then
// meet the same rule, and that values beyond an int32 are refused by the
// conversion with the option named.
func TestPhysicalLimits(t *testing.T) {
	base, _ := PhysicalPreset("sc15")
	for _, c := range []struct {
		name  string
		set   func(p *Physical)
		field string // LimitError of Check after conversion
		conv  string // error of Convert
	}{
		{"preset", func(p *Physical) {}, "", ""},
		{"sim_us beyond int32", func(p *Physical) { p.SimUs = 1e9 }, "", "sim_us = 1e+09 is"},
		{"sim_us beyond the run", func(p *Physical) { p.SimUs = 1e7 }, "measure_cycles", ""},
		{"huge sim_us does not wrap", func(p *Physical) { p.SimUs = 1e300 }, "", "more than 2^31 - 1"},
		{"buffer beyond int32", func(p *Physical) { p.BufferBytes = 1e12 }, "", "buffer_bytes = 1e+12"},
		{"router beyond 2^20 cycles", func(p *Physical) { p.RouterNs = 1e9 }, "", "router_ns"},
		{"link beyond the wheel", func(p *Physical) { p.LinkNs = 1e7 }, "local_latency", ""},
		{"packets beyond int32", func(p *Physical) { p.PacketBytes = 1e12 }, "", "packet_bytes"},
		{"long packets need a long drain", func(p *Physical) { p.PacketBytes = 64 * 30000 }, "packet_size", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := base
			c.set(&p)
			cfg, _, err := p.Convert(DefaultConfig())
			if c.conv != "" {
				if err == nil || !strings.Contains(err.Error(), c.conv) {
					t.Errorf("Convert: %v, want %q", err, c.conv)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			err = cfg.Check()
			var le *LimitError
			switch {
			case c.field == "" && err != nil:
				t.Errorf("Check: %v", err)
			case c.field != "" && (!errors.As(err, &le) || le.Fields[0] != c.field):
				t.Errorf("Check: %v, want a LimitError on %s", err, c.field)
			}
		})
	}
	if got := roundHalfUp(math.Inf(1)); got != math.MaxInt64 {
		t.Errorf("roundHalfUp(+Inf) = %d", got)
	}
}
