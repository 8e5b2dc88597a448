package netsim

import (
	"fmt"
	"math"
)

// LatencyStats summarizes a latency distribution in channel cycles. P50
// and P99 are nearest-rank percentiles of the exact distribution (latencies
// are whole router cycles, so with Speedup 2 they are multiples of 0.5).
type LatencyStats struct {
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
}

// Result holds the measurements of one run. Loads are in flits per active
// endpoint per channel cycle, latencies in channel cycles. Packet figures
// (latencies, hops, minimal fraction) cover the measured packets (created
// in the measurement window) that were delivered; load, fairness and link
// figures cover the window.
type Result struct {
	Routing string `json:"routing"`
	// Load is the requested offered load.
	Load float64 `json:"load"`
	// OfferedLoad is the load actually generated in the window (flits of
	// packets created in it); it is exact only when Drained.
	OfferedLoad float64 `json:"offered_load"`
	// AcceptedLoad is the load delivered to endpoints during the window.
	AcceptedLoad float64 `json:"accepted_load"`
	// PacketLatency runs from packet creation (including the time in the
	// source queue) to delivery of the tail flit; NetworkLatency from the
	// head flit leaving the source queue to delivery of the tail flit.
	PacketLatency  LatencyStats `json:"packet_latency"`
	NetworkLatency LatencyStats `json:"network_latency"`
	// ZeroLoadLatency is the mean latency the measured packets would have
	// had in an empty network on the routes they took (injection and
	// ejection channels, router pipelines, links, serialization): the
	// reference of the latency knee (Config.LatencyKnee).
	ZeroLoadLatency float64 `json:"zero_load_latency"`
	// AvgHops is the mean number of router-to-router hops.
	AvgHops float64 `json:"avg_hops"`
	// MinimalFraction is the fraction of packets whose hop count equals the
	// distance between their source and destination routers.
	MinimalFraction float64 `json:"minimal_fraction"`
	// HopHistogram[h] counts packets that took h hops.
	HopHistogram []int64 `json:"hop_histogram"`
	// Fairness is Jain's index of the accepted load per active source
	// endpoint (flits of its packets delivered during the window): 1 means
	// every source got the same throughput.
	Fairness float64 `json:"fairness"`
	// LinkUtilAvg and LinkUtilMax are the mean and maximum fraction of
	// window cycles in which a directed router-to-router channel carried a
	// flit.
	LinkUtilAvg float64 `json:"link_util_avg"`
	LinkUtilMax float64 `json:"link_util_max"`

	// Saturated is set by the criterion of Config.SatTol: the drain did not
	// finish, accepted load falls short of offered load by more than
	// Config.SatTol plus 3 standard deviations, the mean packet latency
	// exceeds Config.LatencyKnee x ZeroLoadLatency (or LatencyBound), or
	// the run was aborted in warm-up (Config.AbortSaturated);
	// SaturationReason says which.
	Saturated        bool   `json:"saturated"`
	SaturationReason string `json:"saturation_reason,omitempty"`
	// Stable reports that warm-up converged before Config.WarmupMax.
	Stable bool `json:"stable"`
	// Drained reports that every measured packet was delivered.
	Drained bool `json:"drained"`
	// Aborted reports that the run stopped in warm-up because a sample was
	// clearly past saturation (Config.AbortSaturated); the figures then
	// describe that sample (no percentiles, hops or link figures).
	Aborted bool `json:"aborted"`

	// Workload, CompletionCycles, EffectiveThroughput and
	// MessagesDelivered describe a finite workload run (RunWorkload): its
	// name, the time from the injection of its first flit to the delivery
	// of its last, in cycles, the flits delivered per sending endpoint and
	// cycle over that time (the fraction of the injection bandwidth), and
	// the messages delivered. OfferedLoad and AcceptedLoad then equal
	// EffectiveThroughput.
	Workload            string  `json:"workload,omitempty"`
	CompletionCycles    float64 `json:"completion_cycles,omitempty"`
	EffectiveThroughput float64 `json:"effective_throughput,omitempty"`
	MessagesDelivered   int64   `json:"messages_delivered,omitempty"`
	// SourceCompletionP50 and SourceCompletionP99 are, for a finite
	// workload, the times from the injection of its first flit by which
	// half and 99% of the sending endpoints had every packet they sent
	// delivered, in cycles (nearest rank; CompletionCycles is the 100th
	// percentile): a tail of a few slow sources shows as a
	// CompletionCycles well above them.
	SourceCompletionP50 float64 `json:"source_completion_p50,omitempty"`
	SourceCompletionP99 float64 `json:"source_completion_p99,omitempty"`

	WarmupCycles  int64 `json:"warmup_cycles"`
	MeasureCycles int64 `json:"measure_cycles"`
	DrainCycles   int64 `json:"drain_cycles"`
	Cycles        int64 `json:"cycles"`

	ActiveEndpoints  int   `json:"active_endpoints"`
	MeasuredPackets  int64 `json:"measured_packets"`  // measured packets injected
	DeliveredPackets int64 `json:"delivered_packets"` // measured packets delivered
	// FlitsDelivered counts all flits delivered during the whole run
	// (warm-up and drain included): the simulator's work, for speed
	// figures.
	FlitsDelivered int64 `json:"flits_delivered"`
	VCs            int   `json:"vcs"`
	// DeadlockCheck is the outcome of the channel dependency check made
	// before simulating (Config.DeadlockCheck): "acyclic", "not checked
	// (more than N states)" or "off".
	DeadlockCheck string `json:"deadlock_check"`
	BufPerVC      int    `json:"buf_per_vc"`
}

// DeadlockError reports that no flit moved for Config.DeadlockCycles
// cycles while flits were in the network.
type DeadlockError struct {
	Cycle    int64 // channel cycle at which the deadlock was declared
	Idle     int64 // cycles without movement
	InFlight int64 // flits in the network
}

// Error describes the deadlock.
func (e *DeadlockError) Error() string {
	return fmt.Sprintf("netsim: deadlock at cycle %d: %d flits in the network, none moved for %d cycles",
		e.Cycle, e.InFlight, e.Idle)
}

// hist is a histogram over non-negative integers.
type hist struct {
	c   []int64
	n   int64
	sum int64
}

func (h *hist) add(x int32) {
	if int(x) >= len(h.c) {
		n := max(2*len(h.c), int(x)+1, 64)
		c := make([]int64, n)
		copy(c, h.c)
		h.c = c
	}
	h.c[x]++
	h.n++
	h.sum += int64(x)
}

// merge adds o's counts to h.
func (h *hist) merge(o *hist) {
	if len(o.c) > len(h.c) {
		c := make([]int64, len(o.c))
		copy(c, h.c)
		h.c = c
	}
	for i, x := range o.c {
		h.c[i] += x
	}
	h.n += o.n
	h.sum += o.sum
}

// quantile returns the nearest-rank q-quantile (0 for an empty histogram).
func (h *hist) quantile(q float64) int {
	if h.n == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(h.n)))
	rank = max(rank, 1)
	var c int64
	for i, x := range h.c {
		c += x
		if c >= rank {
			return i
		}
	}
	return len(h.c) - 1
}

func (h *hist) stats(scale float64) LatencyStats {
	if h.n == 0 {
		return LatencyStats{}
	}
	return LatencyStats{
		Mean: float64(h.sum) / float64(h.n) / scale,
		P50:  float64(h.quantile(0.5)) / scale,
		P99:  float64(h.quantile(0.99)) / scale,
		Max:  float64(h.quantile(1)) / scale,
	}
}
