package netsim

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Physical describes a network in physical units. Convert turns it into a
// Config in cycles, once; results carry both units (latencies times
// Conversion.CycleNs, loads times LinkGbps).
//
// The conversion:
//
//   - The channel cycle is the serialization time of one flit, CycleNs =
//     FlitBytes * 8 / LinkGbps: a channel carries one flit per cycle at
//     the link bandwidth. Speedup router cycles make one channel cycle.
//   - A packet is PacketFlits flits, or ceil(PacketBytes / FlitBytes).
//   - RouterNs, the latency of a head flit through a router (route
//     computation, VC and switch allocation and crossbar traversal), is
//     rounded to the nearest router cycle (half up) and split as VC
//     allocation 1, switch allocation 1, crossbar the rest, routing 0 (the
//     route is computed ahead, as in BookSim2 with routing_delay = 0): the
//     allocation stages, which limit how often a VC can start a packet,
//     take one router cycle each and the rest of the latency is pipelined.
//     A router latency below one router cycle is refused; one router cycle
//     is VC allocation alone.
//   - LinkNs, EndpointNs and each link's LinkNs + LinkNsPerM x its cable
//     length are rounded to the nearest channel cycle (half up); a latency
//     that rounds to zero cycles is refused.
//   - The input buffer of a port is BufferBytes / FlitBytes flits (rounded
//     down) or BufferPackets packets.
//   - SimUs and WarmupUs become cycles, rounded to the nearest: the
//     warm-up is fixed (WarmupMin = WarmupMax) and the measurement window
//     is what remains of SimUs.
//
// Conversion reports every rounded value and its error.
type Physical struct {
	LinkGbps      float64 `json:"link_gbps"`      // link bandwidth per direction (Gb/s)
	FlitBytes     float64 `json:"flit_bytes"`     // flit size (bytes)
	PacketBytes   float64 `json:"packet_bytes"`   // packet size (bytes), if PacketFlits is 0
	PacketFlits   int     `json:"packet_flits"`   // packet size (flits)
	RouterNs      float64 `json:"router_ns"`      // router latency of a head flit (ns)
	LinkNs        float64 `json:"link_ns"`        // router-to-router link latency (ns)
	LinkNsPerM    float64 `json:"link_ns_per_m"`  // more link latency per metre of cable (ns/m)
	EndpointNs    float64 `json:"endpoint_ns"`    // injection and ejection channel latency (ns)
	BufferBytes   float64 `json:"buffer_bytes"`   // input buffer per port (bytes), if BufferPackets is 0
	BufferPackets int     `json:"buffer_packets"` // input buffer per port (packets)
	SimUs         float64 `json:"sim_us"`         // simulated time, warm-up included (us); 0 keeps the cycle settings
	WarmupUs      float64 `json:"warmup_us"`      // warm-up (us)
	Speedup       int     `json:"speedup"`        // router cycles per channel cycle (0: the base config's)
}

// Conversion is the outcome of Physical.Convert: the channel cycle and
// every rounded quantity, with its physical value.
type Conversion struct {
	CycleNs       float64   `json:"cycle_ns"`        // one channel cycle (ns)
	TickNs        float64   `json:"tick_ns"`         // one router cycle (ns)
	PacketFlits   int       `json:"packet_flits"`    // flits per packet
	RouterTicks   int       `json:"router_ticks"`    // router latency in router cycles
	LinkCycles    int       `json:"link_cycles"`     // link latency (without cable length)
	EndpointCycle int       `json:"endpoint_cycles"` // injection/ejection latency
	BufferFlits   int       `json:"buffer_flits"`    // input buffer per port
	Rounded       []Rounded `json:"rounded"`         // each rounded quantity
}

// Rounded is one quantity rounded by the conversion.
type Rounded struct {
	Name  string  `json:"name"`
	Want  float64 `json:"want"` // physical value (ns, bytes, us)
	Got   float64 `json:"got"`  // the value simulated, in the same unit
	Unit  string  `json:"unit"`
	Steps int64   `json:"steps"` // the value in simulator units (ticks, cycles, flits)
}

// String describes a rounding, e.g. "router_ns 100 -> 99.84 ns (39 router cycles)".
func (r Rounded) String() string {
	return fmt.Sprintf("%s %g -> %.6g %s", r.Name, r.Want, r.Got, r.Unit)
}

// Physical presets (PhysicalPreset).
var physicalPresets = map[string]Physical{
	// Kathareios et al., SC15, section 4.1: 100 Gb/s links of 50 ns, 256 B
	// packets, 100 KB of buffer per port per direction, 100 ns switch
	// traversal. SC15 states no flit size: 64 B keeps every latency within
	// 2.5% after rounding (router 99.84 ns, links 51.2 ns) and makes a
	// packet 4 flits. Endpoint channels are links of 50 ns. Simulated 200
	// us with a 20 us warm-up.
	"sc15": {LinkGbps: 100, FlitBytes: 64, PacketBytes: 256, RouterNs: 100, LinkNs: 50, EndpointNs: 50,
		BufferBytes: 100 * 1024, SimUs: 200, WarmupUs: 20, Speedup: 2},
	// Koibuchi et al., the layout-conscious random topologies paper,
	// section III-C: 96 Gb/s, 256-bit flits, 33-flit packets (virtual
	// cut-through, 4 VCs: set in the sim block), a head flit crosses a
	// router in 100 ns, and "the flit injection delay and link delay
	// together are set to 20 ns", read here as 20 ns per channel
	// traversal, injection, ejection and links alike (7.5 cycles, rounded
	// to 8: 21.3 ns). The paper gives no buffer size: 2 packets per VC, 8
	// per port. No simulated time is given: the cycle settings apply.
	"layout": {LinkGbps: 96, FlitBytes: 32, PacketFlits: 33, RouterNs: 100, LinkNs: 20, EndpointNs: 20,
		BufferPackets: 8, Speedup: 2},
}

// PhysicalPresets returns the names of the physical presets.
func PhysicalPresets() []string {
	names := make([]string, 0, len(physicalPresets))
	for n := range physicalPresets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PhysicalPreset returns a preset by name: "sc15" (SC15 section 4.1) or
// "layout" (the layout-conscious random topologies paper, section III-C).
func PhysicalPreset(name string) (Physical, bool) {
	p, ok := physicalPresets[name]
	return p, ok
}

// roundHalfUp rounds x to the nearest integer, halves up (x >= 0); values
// beyond int64 give math.MaxInt64.
func roundHalfUp(x float64) int64 {
	r := math.Floor(x + 0.5)
	if r >= math.MaxInt64 { // saturate: huge values stay huge (int64 conversion would not)
		return math.MaxInt64
	}
	return int64(r)
}

// CycleNs returns the channel cycle in ns, FlitBytes * 8 / LinkGbps.
func (p Physical) CycleNs() float64 { return p.FlitBytes * 8 / p.LinkGbps }

// Validate checks the physical values (every field that is used must be
// positive and finite) and returns why they are invalid, naming the
// field, or nil.
func (p Physical) Validate() error {
	bad := func(format string, a ...any) error { return fmt.Errorf("netsim: physical: "+format, a...) }
	finite := func(name string, v float64, positive bool) error {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || (positive && v == 0) {
			want := ">= 0"
			if positive {
				want = "> 0"
			}
			return bad("%s = %g, want a finite value %s", name, v, want)
		}
		return nil
	}
	for _, f := range []struct {
		name     string
		v        float64
		positive bool
	}{
		{"link_gbps", p.LinkGbps, true}, {"flit_bytes", p.FlitBytes, true}, {"router_ns", p.RouterNs, true},
		{"link_ns", p.LinkNs, false}, {"link_ns_per_m", p.LinkNsPerM, false}, {"endpoint_ns", p.EndpointNs, true},
		{"packet_bytes", p.PacketBytes, false}, {"buffer_bytes", p.BufferBytes, false},
		{"sim_us", p.SimUs, false}, {"warmup_us", p.WarmupUs, false},
	} {
		if err := finite(f.name, f.v, f.positive); err != nil {
			return err
		}
	}
	if p.PacketFlits < 0 || p.BufferPackets < 0 || p.Speedup < 0 {
		return bad("packet_flits, buffer_packets and speedup must be >= 0")
	}
	if p.PacketFlits == 0 && p.PacketBytes == 0 {
		return bad("give the packet size: packet_bytes or packet_flits")
	}
	if p.BufferBytes == 0 && p.BufferPackets == 0 {
		return bad("give the input buffer per port: buffer_bytes or buffer_packets")
	}
	if p.LinkNs == 0 && p.LinkNsPerM == 0 {
		return bad("link_ns and link_ns_per_m are both 0: a link needs a latency")
	}
	if p.SimUs > 0 && p.WarmupUs >= p.SimUs {
		return bad("warmup_us = %g leaves no measurement time of sim_us = %g", p.WarmupUs, p.SimUs)
	}
	return nil
}

// Convert returns base with the physical values converted to cycles (the
// other fields of base, such as VCs, flow control and routing-independent
// measurement settings, are kept) and the conversion. It fails for
// invalid values and for latencies that round to zero cycles.
func (p Physical) Convert(base Config) (Config, *Conversion, error) {
	if err := p.Validate(); err != nil {
		return base, nil, err
	}
	c := base
	if p.Speedup > 0 {
		c.Speedup = p.Speedup
	}
	if c.Speedup < 1 {
		return base, nil, fmt.Errorf("netsim: physical: speedup %d, want >= 1", c.Speedup)
	}
	T := p.CycleNs()
	S := float64(c.Speedup)
	cv := &Conversion{CycleNs: T, TickNs: T / S}
	note := func(name string, want, got float64, unit string, steps int64) {
		cv.Rounded = append(cv.Rounded, Rounded{Name: name, Want: want, Got: got, Unit: unit, Steps: steps})
	}
	// Packet.
	if p.PacketFlits > 0 {
		cv.PacketFlits = p.PacketFlits
	} else {
		f := math.Ceil(p.PacketBytes/p.FlitBytes - 1e-9)
		if f > math.MaxInt32 {
			return base, nil, fmt.Errorf("netsim: physical: packet_bytes = %g is %g flits of %g B, more than 2^31 - 1: the simulator keeps sizes in int32", p.PacketBytes, f, p.FlitBytes)
		}
		cv.PacketFlits = int(f)
		note("packet_bytes", p.PacketBytes, float64(cv.PacketFlits)*p.FlitBytes, "B", int64(cv.PacketFlits))
	}
	if cv.PacketFlits < 1 {
		return base, nil, fmt.Errorf("netsim: physical: %d flits per packet, want >= 1", cv.PacketFlits)
	}
	c.PacketSize = cv.PacketFlits
	// Router.
	ticks := roundHalfUp(p.RouterNs / cv.TickNs)
	if ticks < 1 {
		return base, nil, fmt.Errorf("netsim: physical: router_ns = %g rounds to 0 router cycles of %.4g ns (channel cycle %.4g ns at speedup %d): use a larger router latency, a smaller link bandwidth or larger flits",
			p.RouterNs, cv.TickNs, T, c.Speedup)
	}
	if ticks > MaxDelayTicks {
		return base, nil, fmt.Errorf("netsim: physical: router_ns = %g is %d router cycles, more than 2^20: events are scheduled at most 2^20 router cycles ahead", p.RouterNs, ticks)
	}
	cv.RouterTicks = int(ticks)
	note("router_ns", p.RouterNs, float64(ticks)*cv.TickNs, "ns", ticks)
	c.RoutingDelay, c.VCAllocDelay, c.SwAllocDelay, c.CrossbarDelay = 0, 1, 0, 0
	if ticks >= 2 {
		c.SwAllocDelay, c.CrossbarDelay = 1, int(ticks-2)
	}
	// Channels.
	cycles := func(name string, ns float64) (int, error) {
		n := roundHalfUp(ns / T)
		if n < 1 {
			return 0, fmt.Errorf("netsim: physical: %s = %g ns rounds to 0 channel cycles of %.4g ns: a channel takes at least one cycle; use a larger latency, a smaller link bandwidth or larger flits", name, ns, T)
		}
		if n > math.MaxInt32 {
			return 0, fmt.Errorf("netsim: physical: %s = %g ns is %d cycles, more than 2^31 - 1: the simulator keeps times in int32", name, ns, n)
		}
		note(name, ns, float64(n)*T, "ns", n)
		return int(n), nil
	}
	var err error
	if p.LinkNs > 0 {
		if cv.LinkCycles, err = cycles("link_ns", p.LinkNs); err != nil {
			return base, nil, err
		}
		c.LocalLatency, c.GlobalLatency = cv.LinkCycles, cv.LinkCycles
	}
	if cv.EndpointCycle, err = cycles("endpoint_ns", p.EndpointNs); err != nil {
		return base, nil, err
	}
	c.EndpointLatency = cv.EndpointCycle
	// Buffers.
	var buf float64
	given := fmt.Sprintf("buffer_bytes = %g", p.BufferBytes)
	if p.BufferPackets > 0 {
		buf = float64(p.BufferPackets) * float64(cv.PacketFlits)
		given = fmt.Sprintf("buffer_packets = %d", p.BufferPackets)
	} else {
		buf = math.Floor(p.BufferBytes / p.FlitBytes)
	}
	if buf < 1 || buf > math.MaxInt32 {
		return base, nil, fmt.Errorf("netsim: physical: %s is an input buffer of %g flits, want 1 to 2^31 - 1 (the simulator keeps sizes in int32)", given, buf)
	}
	cv.BufferFlits = int(buf)
	if p.BufferPackets == 0 {
		note("buffer_bytes", p.BufferBytes, float64(cv.BufferFlits)*p.FlitBytes, "B", int64(cv.BufferFlits))
	}
	c.BufPerPort = cv.BufferFlits
	c.BufPerVC = 0
	// Time.
	if p.SimUs > 0 {
		warm := roundHalfUp(p.WarmupUs * 1000 / T)
		total := roundHalfUp(p.SimUs * 1000 / T)
		if total > math.MaxInt32 {
			return base, nil, fmt.Errorf("netsim: physical: sim_us = %g is %d cycles of %.4g ns, more than 2^31 - 1: the simulator keeps times in int32", p.SimUs, total, T)
		}
		if total-warm < 1 {
			return base, nil, fmt.Errorf("netsim: physical: sim_us = %g and warmup_us = %g give %d measured cycles of %.4g ns", p.SimUs, p.WarmupUs, total-warm, T)
		}
		c.WarmupMin, c.WarmupMax = int(warm), int(warm)
		c.MeasureCycles = int(total - warm)
		note("warmup_us", p.WarmupUs, float64(warm)*T/1000, "us", warm)
		note("sim_us", p.SimUs, float64(total)*T/1000, "us", total)
	}
	return c, cv, nil
}

// LinkLatencies returns the per-adjacency latencies in cycles of net's
// links (NetworkOptions.LinkLatency) for cable lengths in metres given
// per adjacency entry (Graph.Adj order): LinkNs + LinkNsPerM x length,
// rounded to the nearest channel cycle, at least one cycle.
func (p Physical) LinkLatencies(lengths []float64) ([]int32, error) {
	T := p.CycleNs()
	lat := make([]int32, len(lengths))
	for i, m := range lengths {
		if !(m >= 0) || math.IsInf(m, 0) {
			return nil, fmt.Errorf("netsim: physical: cable %d has length %g m", i, m)
		}
		ns := p.LinkNs + p.LinkNsPerM*m
		n := roundHalfUp(ns / T)
		if n < 1 {
			return nil, fmt.Errorf("netsim: physical: a %g m cable has latency %g ns, which rounds to 0 channel cycles of %.4g ns", m, ns, T)
		}
		if n >= MaxDelayTicks {
			return nil, fmt.Errorf("netsim: physical: a %g m cable is %d cycles, want less than 2^20: a channel's events are scheduled at most 2^20 router cycles ahead", m, n)
		}
		lat[i] = int32(n)
	}
	return lat, nil
}

// Summary describes the conversion in one line: the channel cycle and the
// rounded values.
func (cv *Conversion) Summary() string {
	parts := []string{fmt.Sprintf("channel cycle %.4g ns", cv.CycleNs)}
	for _, r := range cv.Rounded {
		parts = append(parts, r.String())
	}
	return strings.Join(parts, "; ")
}
