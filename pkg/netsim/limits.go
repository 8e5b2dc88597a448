package netsim

import (
	"fmt"
	"math"
	"strings"
)

// The limits of a run: the rule of the package documentation's "Limits",
// which Config.Check, Config.CheckNetwork, Run and RunWorkload enforce.
const (
	// MaxTicks is the longest run in router cycles. The simulator counts
	// time in router cycles in an int32 and keeps 2^24 of them free above a
	// run's end for the events the run schedules (each at most
	// MaxDelayTicks ahead).
	MaxTicks = 1<<31 - 1<<24
	// MaxDelayTicks bounds every delay in router cycles: a channel's
	// latency plus the credit delay (the timing wheel holds one slot of 48
	// bytes plus 24 per thread per router cycle of the longest of them: 96
	// MiB at the bound with two threads) and each router pipeline delay.
	MaxDelayTicks = 1 << 20
	// MaxVCs is the most virtual channels per port: switch allocation keeps
	// one bit per VC of a port in a uint64.
	MaxVCs = 64
	// MaxBufferSlots bounds the flit slots of all input buffers: ports x
	// VCs (rounded up to a power of two, the VC index being a bit field) x
	// buffer per VC. Flits in flight, at most twice the slots (router input
	// buffers and as many ejection buffers), and packets in flight, at most
	// the flits in flight plus one per endpoint, are numbered by int32.
	MaxBufferSlots = 1 << 29
)

// MaxRunCycles returns the longest run in channel cycles at the given
// speedup: MaxTicks router cycles.
func MaxRunCycles(speedup int) int64 { return MaxTicks / int64(max(speedup, 1)) }

// A LimitError is a configuration outside the limits (package
// documentation, "Limits"). Fields are the JSON names of the Config fields
// the broken rule involves, the likeliest culprit first, so that a caller
// with its own names for them (runexp's sim options) can point at the one
// the user set and say the message in its words.
type LimitError struct {
	Fields []string
	// text is the message with each field f written {f}.
	text string
}

// Error returns the message with the fields' JSON names.
func (e *LimitError) Error() string { return "netsim: config: " + e.Message(nil) }

// Message returns the message with every field f called name(f) (nil: its
// JSON name).
func (e *LimitError) Message(name func(field string) string) string {
	s := e.text
	for _, f := range e.Fields {
		n := f
		if name != nil {
			n = name(f)
		}
		s = strings.ReplaceAll(s, "{"+f+"}", n)
	}
	return s
}

// limitf returns a LimitError on fields; format writes field f as {f}.
func limitf(fields []string, format string, a ...any) *LimitError {
	return &LimitError{Fields: fields, text: fmt.Sprintf(format, a...)}
}

// field is an integer Config field with its lower bound and the bound's
// reason.
type field struct {
	name string
	v    int
	min  int
	why  string
}

// intFields returns the integer fields with their lower bounds.
func (c *Config) intFields() []field {
	return []field{
		{"vcs", c.VCs, 0, "0 takes the VC classes the routing needs"},
		{"buf_per_port", c.BufPerPort, 0, "a number of flits"},
		{"buf_per_vc", c.BufPerVC, 0, "0 splits buf_per_port over the VCs"},
		{"packet_size", c.PacketSize, 1, "a packet has a head flit"},
		{"routing_delay", c.RoutingDelay, 0, "a delay"},
		{"vc_alloc_delay", c.VCAllocDelay, 0, "a delay"},
		{"sw_alloc_delay", c.SwAllocDelay, 0, "a delay"},
		{"crossbar_delay", c.CrossbarDelay, 0, "a delay"},
		{"credit_delay", c.CreditDelay, 0, "a delay"},
		{"speedup", c.Speedup, 1, "router cycles per channel cycle"},
		{"local_latency", c.LocalLatency, 1, "a flit crosses a channel in one cycle at least"},
		{"global_latency", c.GlobalLatency, 1, "a flit crosses a channel in one cycle at least"},
		{"endpoint_latency", c.EndpointLatency, 1, "a flit crosses a channel in one cycle at least"},
		{"sample_period", c.SamplePeriod, 1, "warm-up is judged sample by sample"},
		{"warmup_min", c.WarmupMin, 0, "a number of cycles"},
		{"warmup_max", c.WarmupMax, 0, "a number of cycles"},
		{"measure_cycles", c.MeasureCycles, 1, "the window measures the packets created in it"},
		{"drain_max", c.DrainMax, 0, "a number of cycles"},
		{"max_cycles", c.MaxCycles, 0, "0 is the longest run"},
		{"deadlock_cycles", c.DeadlockCycles, 1, "a number of idle cycles"},
	}
}

// checkLimits checks c against the limits for a routing with classes VC
// classes (at least 1) on a network of ports ports (router ports, network
// and endpoint; at least 1), in an open-loop run or a finite workload run.
// It returns the VC count and the buffer per VC.
func (c *Config) checkLimits(classes int, ports int64, workload bool) (vcs, bufVC int, err error) {
	// Every value is an int32 in the simulator; bounding them first keeps
	// the sums and products below far from overflowing.
	for _, f := range c.intFields() {
		if f.v < f.min {
			return 0, 0, limitf([]string{f.name}, "{%s} = %d, want >= %d (%s)", f.name, f.v, f.min, f.why)
		}
		if f.v > math.MaxInt32 {
			return 0, 0, limitf([]string{f.name}, "{%s} = %d exceeds 2^31 - 1: the simulator keeps it in an int32", f.name, f.v)
		}
	}
	if c.FlowControl > VirtualCutThrough {
		return 0, 0, fmt.Errorf("netsim: config: unknown flow control %d", c.FlowControl)
	}

	// Virtual channels.
	if classes < 1 {
		return 0, 0, fmt.Errorf("netsim: config: routing needs %d VC classes, want >= 1", classes)
	}
	vcs = c.VCs
	if vcs == 0 {
		vcs = classes
	}
	if vcs > MaxVCs {
		return 0, 0, limitf([]string{"vcs"}, "{vcs} = %d exceeds %d: switch allocation keeps one bit per VC of a port in a 64-bit word", vcs, MaxVCs)
	}
	if vcs < classes {
		return 0, 0, limitf([]string{"vcs"}, "{vcs} = %d is below the %d VC classes the routing needs", vcs, classes)
	}

	// Buffers.
	bufVC = c.BufPerVC
	if bufVC == 0 {
		bufVC = c.BufPerPort / vcs
		if bufVC < 1 {
			return 0, 0, limitf([]string{"buf_per_port", "vcs", "buf_per_vc"},
				"{buf_per_port} = %d split over %d VCs leaves %d flits per VC, want >= 1", c.BufPerPort, vcs, bufVC)
		}
	}
	if err := checkSlots(ports, vcs, bufVC, c.BufPerVC > 0); err != nil {
		return 0, 0, err
	}

	// Packets.
	if c.FlowControl == VirtualCutThrough && bufVC < c.PacketSize {
		return 0, 0, limitf([]string{"packet_size", "buf_per_vc", "buf_per_port", "vcs"},
			"virtual cut-through needs a VC buffer of at least {packet_size} = %d flits, have %d", c.PacketSize, bufVC)
	}
	if !workload && c.PacketSize-1 > c.DrainMax {
		return 0, 0, limitf([]string{"packet_size", "drain_max"},
			"{packet_size} = %d needs {drain_max} >= %d, have %d: a source sends one flit per cycle, so the tail of a packet created at the end of the measurement window leaves it %d cycles later, and with a shorter drain no such packet could be delivered: every point would be saturated",
			c.PacketSize, c.PacketSize-1, c.DrainMax, c.PacketSize-1)
	}

	// Delays.
	for _, d := range []struct {
		name string
		v    int
	}{{"routing_delay", c.RoutingDelay}, {"vc_alloc_delay", c.VCAllocDelay}, {"sw_alloc_delay", c.SwAllocDelay}, {"crossbar_delay", c.CrossbarDelay}} {
		if d.v > MaxDelayTicks {
			return 0, 0, limitf([]string{d.name}, "{%s} = %d router cycles exceeds 2^20: events are scheduled at most 2^20 router cycles ahead, within the 2^24 the int32 clock keeps free above a run's end", d.name, d.v)
		}
	}
	for _, l := range []struct {
		name string
		v    int
	}{{"local_latency", c.LocalLatency}, {"global_latency", c.GlobalLatency}, {"endpoint_latency", c.EndpointLatency}} {
		if err := checkChannel(l.name, int64(l.v), int64(c.CreditDelay), int64(c.Speedup)); err != nil {
			return 0, 0, err
		}
	}

	// Time.
	S := int64(c.Speedup)
	if workload {
		if int64(c.MaxCycles)*S > MaxTicks {
			return 0, 0, limitf([]string{"max_cycles", "speedup"},
				"{max_cycles} = %d at {speedup} = %d is %d router cycles, more than 2^31 - 2^24 = %d: time is counted in int32 router cycles, 2^24 of them kept for events past the end (0 runs as long as that allows, %d cycles)",
				c.MaxCycles, S, int64(c.MaxCycles)*S, MaxTicks, MaxRunCycles(c.Speedup))
		}
	} else {
		// Warm-up ends at the first sample boundary at or after
		// warmup_max; the drain is checked every 8 cycles.
		phases := []struct {
			name string
			v    int64
		}{{"warmup_max", int64(c.WarmupMax)}, {"measure_cycles", int64(c.MeasureCycles)}, {"drain_max", int64(c.DrainMax)}, {"sample_period", int64(c.SamplePeriod)}}
		total := int64(8)
		for _, p := range phases {
			total += p.v
		}
		if total*S > MaxTicks {
			// The longest phase first: the likeliest culprit.
			fields := []string{"warmup_max", "measure_cycles", "drain_max", "sample_period"}
			longest := 0
			for i, p := range phases {
				if p.v > phases[longest].v {
					longest = i
				}
			}
			fields[0], fields[longest] = fields[longest], fields[0]
			fields = append(fields, "speedup")
			return 0, 0, limitf(fields,
				"the run lasts up to {warmup_max} + {sample_period} + {measure_cycles} + {drain_max} + 8 = %d cycles, %d router cycles at {speedup} = %d, more than 2^31 - 2^24 = %d: time is counted in int32 router cycles, 2^24 of them kept for events past the end (at most %d cycles at this speedup)",
				total, total*S, S, MaxTicks, MaxRunCycles(c.Speedup))
		}
		if c.WarmupMax < c.WarmupMin {
			return 0, 0, limitf([]string{"warmup_max", "warmup_min"}, "{warmup_max} = %d is below {warmup_min} = %d", c.WarmupMax, c.WarmupMin)
		}
	}
	if int64(c.DeadlockCycles)*S > MaxTicks {
		return 0, 0, limitf([]string{"deadlock_cycles", "speedup"}, "{deadlock_cycles} = %d at {speedup} = %d is more than 2^31 - 2^24 router cycles: longer than any run", c.DeadlockCycles, S)
	}

	// Fractions and thresholds.
	if !(c.WarmupTol >= 0) || !(c.SatTol >= 0) || !(c.LatencyBound >= 0) || !(c.LatencyKnee >= 0) ||
		math.IsInf(c.LatencyBound, 0) || math.IsInf(c.LatencyKnee, 0) {
		return 0, 0, fmt.Errorf("netsim: config: warmup_tol, sat_tol, latency_knee and latency_bound must be finite and >= 0")
	}
	if c.LatencyKnee > 0 && c.LatencyKnee < 1 {
		return 0, 0, limitf([]string{"latency_knee"}, "{latency_knee} = %g: a latency below the zero-load latency is impossible, want 0 (off) or >= 1", c.LatencyKnee)
	}
	return vcs, bufVC, nil
}

// checkSlots checks the buffer slots of ports ports with vcs VCs of bufVC
// flits against MaxBufferSlots; perVC says bufVC was given directly.
func checkSlots(ports int64, vcs, bufVC int, perVC bool) error {
	rounded := int64(1)
	for rounded < int64(vcs) {
		rounded <<= 1
	}
	perPort := rounded * int64(bufVC) // <= 64 * (2^31 - 1)
	if perPort <= MaxBufferSlots && ports <= MaxBufferSlots/perPort {
		return nil
	}
	fields := []string{"buf_per_port", "vcs", "buf_per_vc"}
	if perVC {
		fields = []string{"buf_per_vc", "vcs", "buf_per_port"}
	}
	const why = "flits and packets in flight are numbered by int32"
	v := fmt.Sprintf("%d VCs", vcs)
	if rounded != int64(vcs) {
		v = fmt.Sprintf("%d VCs (%d rounded up to a power of two)", rounded, vcs)
	}
	if ports == 1 {
		return limitf(fields, "%s x %d flits per VC is %d flit slots per port, more than the 2^29 of a whole network: %s",
			v, bufVC, perPort, why)
	}
	return limitf(fields, "%d ports x %s x %d flits per VC is %.4g flit slots, more than 2^29: %s",
		ports, v, bufVC, float64(ports)*float64(perPort), why)
}

// checkChannel checks a channel of latency lat (channel cycles) named name
// against MaxDelayTicks: its latency plus the credit delay, in router
// cycles, is how far ahead its events are scheduled.
func checkChannel(name string, lat, credit, speedup int64) error {
	if t := (lat + credit) * speedup; t >= MaxDelayTicks {
		return limitf([]string{name, "credit_delay", "speedup"},
			"({%s} = %d + {credit_delay} = %d) x {speedup} = %d is %d router cycles, want less than 2^20: the timing wheel holds one slot of 48 bytes plus 24 per thread per router cycle of the longest channel delay",
			name, lat, credit, speedup, t)
	}
	return nil
}

// Check validates the parts of the configuration that do not depend on
// the network or the routing (a routing of one VC class, one port): what
// Run refuses whatever they are. Errors of the limits are *LimitError.
func (c Config) Check() error {
	_, _, err := c.checkLimits(max(1, min(c.VCs, MaxVCs+1)), 1, false)
	return err
}

// CheckWorkload is Check for RunWorkload: the warm-up, measurement and
// drain settings do not apply, and MaxCycles must fit the tick counter.
func (c Config) CheckWorkload() error {
	_, _, err := c.checkLimits(max(1, min(c.VCs, MaxVCs+1)), 1, true)
	return err
}

// CheckNetwork is Check (or CheckWorkload) for a network of ports router
// ports (network and endpoint ports: twice the links plus the endpoints),
// whose buffers must fit MaxBufferSlots. With VCs = 0 it assumes one VC
// class: the buffers are only known with the routing.
func (c Config) CheckNetwork(ports int64, workload bool) error {
	_, _, err := c.checkLimits(max(1, min(c.VCs, MaxVCs+1)), max(ports, 1), workload)
	return err
}

// WorkloadCycles returns how long a finite workload run may last in
// channel cycles: MaxCycles, or MaxRunCycles when it is 0.
func (c Config) WorkloadCycles() int64 {
	if c.MaxCycles > 0 {
		return min(int64(c.MaxCycles), MaxRunCycles(c.Speedup))
	}
	return MaxRunCycles(c.Speedup)
}

// CheckSend checks that an endpoint can send flits flits in a finite
// workload run: it injects at most one flit per channel cycle, so it needs
// at least flits cycles, at most WorkloadCycles.
func (c Config) CheckSend(flits int64) error {
	if limit := c.WorkloadCycles(); flits > limit {
		return limitf([]string{"max_cycles", "speedup"},
			"an endpoint sends %d flits, more than the %d cycles a run can last (%s): it injects one flit per cycle",
			flits, limit, c.workloadLimitWhy())
	}
	return nil
}

// workloadLimitWhy says where WorkloadCycles comes from.
func (c Config) workloadLimitWhy() string {
	if c.MaxCycles > 0 && int64(c.MaxCycles) <= MaxRunCycles(c.Speedup) {
		return "{max_cycles}"
	}
	return fmt.Sprintf("2^31 - 2^24 router cycles at {speedup} = %d", c.Speedup)
}

// LimitDoc states the limits on a Config field (JSON name) in a phrase for
// documentation, with their reasons; "" for a field without one.
func LimitDoc(field string) string {
	const (
		run     = "the run, (warmup_max + a warm-up sample (sample_period, 1000) + measure_cycles + drain_max + 8) x speedup router cycles, at most 2^31 - 2^24 (time is an int32 count of router cycles, 2^24 of them kept for events past the end)"
		channel = "(latency + credit_delay) x speedup below 2^20 router cycles for every channel (the timing wheel holds one slot of 48 bytes plus 24 per thread per router cycle of the longest channel delay)"
		router  = "at most 2^20 router cycles (events are scheduled at most 2^20 router cycles ahead)"
		buffers = "ports x VCs (rounded up to a power of two) x flits per VC at most 2^29 flit slots (flits and packets in flight are numbered by int32; 16 bytes per slot)"
	)
	switch field {
	case "vcs":
		return "at most 64 (switch allocation keeps one bit per VC of a port in a 64-bit word)"
	case "buf_per_port", "buf_per_vc":
		return "at least 1 flit per VC; " + buffers
	case "packet_size":
		return "at least 1; in open-loop runs at most drain_max + 1 (a source sends one flit per cycle: a longer packet created at the end of the measurement window could never drain); with virtual cut-through at most the buffer per VC"
	case "routing_delay", "vc_alloc_delay", "sw_alloc_delay", "crossbar_delay":
		return router
	case "credit_delay", "local_latency", "global_latency", "endpoint_latency":
		return channel
	case "speedup":
		return "at least 1; the run and channel limits are in router cycles, so they shrink as it grows"
	case "warmup_min":
		return "at most warmup_max"
	case "warmup_max", "measure_cycles", "drain_max", "sample_period":
		return run
	case "max_cycles":
		return "max_cycles x speedup at most 2^31 - 2^24 router cycles (time is an int32 count of router cycles; 0 runs that long); an endpoint sends one flit per cycle, so the flits it sends must fit"
	}
	return ""
}
