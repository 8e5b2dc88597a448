package netsim

import "fmt"

// FlowControl selects how multi-flit packets hold buffers.
type FlowControl uint8

// Flow control methods.
const (
	// Wormhole allocates a downstream virtual channel to a packet as soon as
	// the channel is idle; flits advance one by one as credits come back,
	// so a packet may span several routers.
	Wormhole FlowControl = iota
	// VirtualCutThrough allocates a downstream virtual channel only when it
	// has buffer space for the whole packet (Config.BufPerVC must be at
	// least Config.PacketSize).
	VirtualCutThrough
)

// String returns "wormhole" or "vct".
func (f FlowControl) String() string {
	switch f {
	case Wormhole:
		return "wormhole"
	case VirtualCutThrough:
		return "vct"
	}
	return fmt.Sprintf("flowcontrol(%d)", f)
}

// Config holds every parameter of a simulation run. Durations are in
// channel cycles (one flit crosses a channel per cycle) except the router
// pipeline delays, which are in internal router cycles (Speedup of them per
// channel cycle, as in BookSim's internal_speedup). DefaultConfig returns
// the setup of Besta and Hoefler, Slim Fly, SC14, section V.
type Config struct {
	// Seed seeds every random stream of the run (traffic, routing).
	Seed uint64 `json:"seed"`
	// Threads is the number of goroutines that step the routers of one run
	// in parallel (0: one per 8,192 ports, at most GOMAXPROCS and at most
	// ThreadCap if that is set; finite workloads use one). Results do not
	// depend on it.
	Threads int `json:"-"`
	// ThreadCap bounds the automatic choice of Threads (0: no bound).
	ThreadCap int `json:"-"`

	// VCs is the number of virtual channels per port; 0 means the number of
	// VC classes the routing needs (Routing.Classes). With more VCs than
	// classes, class k uses VCs [k*VCs/C, (k+1)*VCs/C). At most MaxVCs
	// (64).
	VCs int `json:"vcs"`
	// BufPerPort is the input buffer of a port in flits, split evenly over
	// its VCs (64 in SC14).
	BufPerPort int `json:"buf_per_port"`
	// BufPerVC overrides the per-VC buffer (0: BufPerPort / VCs).
	BufPerVC int `json:"buf_per_vc,omitempty"`
	// PacketSize is the number of flits per packet (1 in SC14).
	PacketSize int `json:"packet_size"`
	// FlowControl is Wormhole or VirtualCutThrough (only matters for
	// PacketSize > 1).
	FlowControl FlowControl `json:"flow_control"`

	// Router pipeline delays in internal cycles (1 each in SC14): route
	// computation, VC allocation, switch allocation, switch (crossbar)
	// traversal.
	RoutingDelay  int `json:"routing_delay"`
	VCAllocDelay  int `json:"vc_alloc_delay"`
	SwAllocDelay  int `json:"sw_alloc_delay"`
	CrossbarDelay int `json:"crossbar_delay"`
	// CreditDelay is the time in channel cycles from a flit leaving an
	// input buffer until the upstream router (or endpoint) can use the
	// freed slot (2 in SC14). At least 1.
	CreditDelay int `json:"credit_delay"`
	// Speedup is the internal speedup: router cycles per channel cycle (2
	// in SC14). Integer, at least 1.
	Speedup int `json:"speedup"`

	// LocalLatency and GlobalLatency are the channel latencies in cycles of
	// router-to-router links inside a group and between groups
	// (Topology.Group; without groups every link is local). A per-link
	// latency given to NewNetwork overrides them. EndpointLatency is the
	// latency of injection and ejection channels. All at least 1.
	LocalLatency    int `json:"local_latency"`
	GlobalLatency   int `json:"global_latency"`
	EndpointLatency int `json:"endpoint_latency"`

	// SamplePeriod is the length in cycles of a warm-up sample. Warm-up
	// ends at the first sample boundary after WarmupMin cycles at which
	// the mean packet latency and the accepted flits of the last sample
	// both differ from those of the previous sample by at most WarmupTol
	// (relative; accepted counts also within 3 standard deviations of a
	// Poisson count, latencies within one cycle), or after WarmupMax
	// cycles (Result.Stable = false).
	SamplePeriod int     `json:"sample_period"`
	WarmupMin    int     `json:"warmup_min"`
	WarmupMax    int     `json:"warmup_max"`
	WarmupTol    float64 `json:"warmup_tol"`
	// MeasureCycles is the length of the measurement window: packets
	// created in it are measured; accepted load and link utilization are
	// counted over it.
	MeasureCycles int `json:"measure_cycles"`
	// DrainMax bounds the drain phase (cycles after the window until every
	// measured packet is delivered); hitting it marks the run saturated.
	DrainMax int `json:"drain_max"`

	// Saturation (Result.Saturated). A run is saturated when (1) its
	// measured packets are not all delivered within DrainMax cycles, (2)
	// the flits accepted in the window fall short of those offered by more
	// than SatTol of them plus 3 standard deviations of a Poisson count
	// (3*sqrt(offered flits): the shortfall is then not sampling noise), or
	// (3) the mean packet latency exceeds LatencyKnee times the zero-load
	// latency of the routes the measured packets took (Result.
	// ZeroLoadLatency), or LatencyBound cycles when that is set.
	SatTol float64 `json:"sat_tol"`
	// LatencyKnee is k of criterion (3): saturated when mean packet
	// latency > k x zero-load latency (3 by default; 0 disables it).
	LatencyKnee float64 `json:"latency_knee"`
	// LatencyBound (cycles): a mean packet latency above it marks the run
	// saturated; 0 (the default) sets no absolute bound.
	LatencyBound float64 `json:"latency_bound"`
	// AbortSaturated ends a run in warm-up when a sample is clearly past
	// saturation: its mean packet latency exceeds 2 x LatencyKnee times its
	// zero-load latency, or LatencyBound; or three consecutive samples
	// accepted fewer flits than offered by more than SatTol plus 3
	// standard deviations (the source queues grow: no steady state exists).
	// Result.Aborted is then set and the figures describe the last sample.
	// It saves the time of points past saturation, which would otherwise
	// warm up until WarmupMax; the factor 2 keeps the latency test from
	// deciding points near the knee, which the measurement window decides.
	AbortSaturated bool `json:"abort_saturated"`
	// MaxCycles bounds a finite workload run (RunWorkload) in cycles; 0
	// means the largest run the tick counter allows (about 10^9 router
	// cycles).
	MaxCycles int `json:"max_cycles,omitempty"`
	// InterleaveMessages changes how an endpoint of a finite workload run
	// injects the messages of a step. By default (false) it sends them one
	// after another in the workload's order, every packet of a message
	// before the first of the next. With InterleaveMessages it sends them
	// together, as nonblocking sends posted at once proceed: one packet of
	// each unfinished message of the step in turn (round-robin), so that
	// a message held up by the network does not delay the others. The
	// messages of a step are then all in flight at once (for all_to_all,
	// whose one step holds N-1 messages, N-1 per endpoint).
	InterleaveMessages bool `json:"interleave_messages,omitempty"`
	// DeadlockCheck is the state budget of the channel dependency check
	// made before simulating: a routing whose CDG (or, with escape
	// options, whose escape sub-network's extended dependency graph for
	// the flow control) has a cycle with the VCs given is refused with a
	// *CyclicError naming it. Networks whose enumeration needs more states
	// are not checked (Result.DeadlockCheck says so): the routing's VC
	// scheme, which the package tests verify on small instances of each
	// topology class, is trusted. 0 means DefaultDeadlockCheckStates; a
	// negative value disables the check.
	DeadlockCheck int `json:"deadlock_check,omitempty"`
	// DeadlockCycles: when no flit moves for this many cycles while flits
	// are in the network, Run returns a *DeadlockError. Raised
	// automatically to at least 8 times the longest credit round trip.
	DeadlockCycles int `json:"deadlock_cycles"`

	// CheckMemo, with CheckID, keeps the outcome of the deadlock check
	// (DeadlockCheck) so that later runs with the same CheckID, VC count,
	// flow control and budget reuse it instead of enumerating the routes
	// again (up to a second per run where the enumeration exceeds its
	// budget). The caller promises that one CheckID always names the same
	// network graph and routing; without a CheckID the memo is not used.
	// Results do not depend on it.
	CheckMemo *CheckMemo `json:"-"`
	CheckID   string     `json:"-"`

	// Progress, if set, is called from the goroutine of Run every
	// SamplePeriod cycles (RunWorkload: every 1,000 cycles) with the phase
	// and the cycle reached, for progress lines on long runs. Cycles that
	// no flit moves in may be skipped over without a call. It must return
	// quickly; results do not depend on it.
	Progress func(Progress) `json:"-"`
}

// DefaultConfig returns the SC14 section V setup: 64 flit entries per input
// port, credit delay 2, routing, VC allocation, switch allocation, crossbar
// and channel delays 1, internal speedup 2, single-flit packets; VCs from
// the routing's classes. Measurement: 1000-cycle warm-up samples, 3,000 to
// 30,000 warm-up cycles, tolerance 5%, 5,000 measured cycles, drain at most
// 20,000 cycles; saturated beyond a 1% (plus 3 standard deviations)
// shortfall of accepted load or a mean latency of 3 times the zero-load
// latency (abort in warm-up at 6 times); deadlock after 5,000 idle cycles.
func DefaultConfig() Config {
	return Config{
		Seed:            1,
		BufPerPort:      64,
		PacketSize:      1,
		FlowControl:     Wormhole,
		RoutingDelay:    1,
		VCAllocDelay:    1,
		SwAllocDelay:    1,
		CrossbarDelay:   1,
		CreditDelay:     2,
		Speedup:         2,
		LocalLatency:    1,
		GlobalLatency:   1,
		EndpointLatency: 1,
		SamplePeriod:    1000,
		WarmupMin:       3000,
		WarmupMax:       30000,
		WarmupTol:       0.05,
		MeasureCycles:   5000,
		DrainMax:        20000,
		SatTol:          0.01,
		LatencyKnee:     3,
		AbortSaturated:  true,
		DeadlockCycles:  5000,
	}
}

// BookSimConfig returns the configuration whose timing matches BookSim2's
// IQ router (booksim/booksim2: src/routers/iq_router.cpp, channel.hpp,
// trafficmanager.cpp) with internal_speedup = 2, routing_delay = 0
// (lookahead routing), vc_alloc_delay = sw_alloc_delay = st_final_delay =
// 1, st_prepare_delay = 0, credit_delay = 2 and channels of latency 1: the
// settings of the reference curves in ../shared/validation.
//
// The correspondence, cycle by cycle (BookSim2 counts in network cycles;
// netsim's router delays are in internal cycles, two per channel cycle):
//
//   - An item BookSim2 sends on a channel of latency L in cycle S is read by
//     the next router in cycle S+L+1: a netsim link latency of L+1
//     (BookSimLatency). Injection and ejection channels (latency 1) take 2
//     cycles each: EndpointLatency 2.
//   - A BookSim2 router allocates a VC (internal step 1) and the switch
//     (step 2) in the cycle the head flit is read and sends it the next
//     cycle: 1 cycle per router, here VCAllocDelay 1 + SwAllocDelay 1 +
//     CrossbarDelay 0 internal cycles with RoutingDelay 0.
//   - Zero-load latency of a 1-flit packet over h links of latency L:
//     BookSim2 3 + 2(h+1) + hL (5 + 3h for L = 1); netsim 2*2 + (h+1)*1 +
//     h(L+1), the same.
//   - Credit round trip from a switch allocation to the reuse of the slot:
//     BookSim2 2L + 3 + credit_delay cycles; netsim (1 + 2*2(L+1) + 0 + 1 +
//     2*credit_delay)/2, the same for head flits (body flits of a VC
//     already allocated skip VC allocation: half a cycle faster).
//   - Output VCs are released when the tail wins switch allocation and can
//     be granted again from the next internal cycle (wait_for_tail_credit
//     = 0), in both.
//
// Remaining differences are listed in the package documentation ("Differences
// from BookSim2"). VCs, buffers, packet size and measurement are left at
// DefaultConfig's values: set them as the compared run does.
func BookSimConfig() Config {
	c := DefaultConfig()
	c.RoutingDelay, c.VCAllocDelay, c.SwAllocDelay, c.CrossbarDelay = 0, 1, 1, 0
	c.CreditDelay = 2
	c.Speedup = 2
	c.EndpointLatency = 2
	c.LocalLatency, c.GlobalLatency = BookSimLatency(1), BookSimLatency(1)
	return c
}

// BookSimLatency returns the netsim link latency that matches a BookSim2
// channel of latency l: l + 1 (BookSim2 reads a channel's output one cycle
// after its latency has elapsed; see BookSimConfig).
func BookSimLatency(l int) int { return l + 1 }
