package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/report"
)

// simMetrics returns the metrics of the sim group. Metrics in ns and Gb/s
// are null unless the point is physical; workload metrics unless it runs
// a workload; search metrics unless it is a throughput search.
func simMetrics() []*Metric {
	fl, in, st, bo := dataset.Float, dataset.Int, dataset.String, dataset.Bool
	return []*Metric{
		{"offered_load", GroupSim, fl, "flits/endpoint/cycle", "load offered in the measurement window"},
		{"accepted_load", GroupSim, fl, "flits/endpoint/cycle", "load delivered in the measurement window"},
		{"latency", GroupSim, fl, "cycles", "mean packet latency, from creation (source queue included) to delivery of the tail flit"},
		{"latency_p50", GroupSim, fl, "cycles", "median packet latency"},
		{"latency_p99", GroupSim, fl, "cycles", "99th percentile of the packet latency"},
		{"latency_max", GroupSim, fl, "cycles", "largest packet latency"},
		{"network_latency", GroupSim, fl, "cycles", "mean latency from the head flit leaving the source queue to delivery of the tail flit"},
		{"zero_load_latency", GroupSim, fl, "cycles", "mean latency the measured packets would have had in an empty network on the routes they took: the reference of latency_knee"},
		{"sim_hops", GroupSim, fl, "hops", "mean router-to-router hops of the measured packets"},
		{"minimal_fraction", GroupSim, fl, "", "fraction of packets routed minimally"},
		{"fairness", GroupSim, fl, "", "Jain's fairness index of the accepted load over the active endpoints"},
		{"link_util_avg", GroupSim, fl, "", "mean fraction of cycles a router-to-router channel carried a flit"},
		{"link_util_max", GroupSim, fl, "", "largest such fraction"},
		{"hop_hist", GroupSim, st, "packets", "JSON array: element h counts the measured packets that took h hops (summed over the seeds)"},
		{"saturated", GroupSim, bo, "", "the point is past saturation (any seed): not drained, accepted short of offered by 1% plus 3 standard deviations, mean latency above latency_knee x zero_load_latency or above latency_bound, or not simulated past saturation"},
		{"saturation_reason", GroupSim, st, "", "why the point is saturated (the first seed that is)"},
		{"simulated", GroupSim, bo, "", "false for a point of a load sweep past saturation that was not simulated (stop_at_saturation)"},
		{"deadlock_check", GroupSim, st, "", "the channel dependency check before simulating: acyclic, not checked (too many states) or off"},
		{"sim_vcs", GroupSim, in, "VCs", "virtual channels per port used"},
		{"sim_cycles", GroupSim, in, "cycles", "simulated cycles (warm-up, window and drain)"},
		{"sim_flits_delivered", GroupSim, in, "flits", "flits delivered over the whole run"},
		{"sim_measured_packets", GroupSim, in, "packets", "packets created in the measurement window (every packet of a workload)"},
		{"cycle_ns", GroupSim, fl, "ns", "the channel cycle of a physical point: flit_bytes x 8 / link_gbps"},
		{"latency_ns", GroupSim, fl, "ns", "latency in ns"},
		{"latency_p50_ns", GroupSim, fl, "ns", "latency_p50 in ns"},
		{"latency_p99_ns", GroupSim, fl, "ns", "latency_p99 in ns"},
		{"network_latency_ns", GroupSim, fl, "ns", "network_latency in ns"},
		{"zero_load_latency_ns", GroupSim, fl, "ns", "zero_load_latency in ns"},
		{"offered_gbps", GroupSim, fl, "Gb/s/endpoint", "offered load in Gb/s per endpoint (offered_load x link_gbps)"},
		{"accepted_gbps", GroupSim, fl, "Gb/s/endpoint", "accepted load in Gb/s per endpoint"},
		{"completion_cycles", GroupSim, fl, "cycles", "finite workload: time from the injection of the first flit to the delivery of the last"},
		{"completion_us", GroupSim, fl, "us", "completion_cycles in microseconds"},
		{"effective_throughput", GroupSim, fl, "", "finite workload: flits delivered per sending endpoint and cycle over the completion time, the fraction of the injection bandwidth (SC15 section 4.4)"},
		{"messages_delivered", GroupSim, in, "messages", "finite workload: messages delivered"},
		{"source_completion_p50_cycles", GroupSim, fl, "cycles", "finite workload: time from the injection of the first flit by which half the sending endpoints had every packet they sent delivered (nearest rank; completion_cycles is the time for all of them): a completion well above it is a tail of slow sources"},
		{"source_completion_p99_cycles", GroupSim, fl, "cycles", "finite workload: the same for 99% of the sending endpoints"},
		{"source_completion_p50_us", GroupSim, fl, "us", "source_completion_p50_cycles in microseconds"},
		{"source_completion_p99_us", GroupSim, fl, "us", "source_completion_p99_cycles in microseconds"},
		{"throughput", GroupSim, fl, "flits/endpoint/cycle", "throughput search: the accepted load at the largest load that meets the criteria"},
		{"throughput_load", GroupSim, fl, "flits/endpoint/cycle", "throughput search: that offered load"},
		{"throughput_latency", GroupSim, fl, "cycles", "throughput search: the mean latency there"},
		{"throughput_latency_ns", GroupSim, fl, "ns", "throughput_latency in ns"},
		{"throughput_gbps", GroupSim, fl, "Gb/s/endpoint", "throughput in Gb/s per endpoint"},
		{"search_probes", GroupSim, in, "", "throughput search: loads simulated (each cached)"},
	}
}

// ciSuffix names the confidence-interval column of a metric.
const ciSuffix = "_ci95"

// aggregateSim combines the values of the replicates of a point: numeric
// metrics become their mean over the seeds that have them (and, with
// replicates, <metric>_ci95), saturated is true if any seed is, simulated
// if every seed was, hop_hist is summed, and the other strings are the
// first seed's (saturation_reason the first saturated seed's). With one
// replicate the values are returned as they are.
func aggregateSim(reps []metricValues, replicates bool) metricValues {
	if !replicates {
		return reps[0]
	}
	out := metricValues{}
	for _, m := range simMetrics() {
		switch m.Kind {
		case dataset.Int, dataset.Float:
			var xs []float64
			for _, r := range reps {
				if x, ok := r[m.Name].Float64(); ok {
					xs = append(xs, x)
				}
			}
			if len(xs) == 0 {
				out[m.Name], out[m.Name+ciSuffix] = dataset.Value{}, dataset.Value{}
				continue
			}
			var sum float64
			for _, x := range xs {
				sum += x
			}
			out[m.Name] = dataset.FloatValue(sum / float64(len(xs)))
			out[m.Name+ciSuffix] = dataset.Value{}
			if ci := report.CIHalfWidth(xs); !math.IsNaN(ci) {
				out[m.Name+ciSuffix] = dataset.FloatValue(ci)
			}
		case dataset.Bool:
			all, any := true, false
			for _, r := range reps {
				b := r[m.Name].B
				all, any = all && b, any || b
			}
			if m.Name == "simulated" {
				out[m.Name] = dataset.BoolValue(all)
			} else {
				out[m.Name] = dataset.BoolValue(any)
			}
		default:
			out[m.Name] = reps[0][m.Name]
		}
	}
	for _, r := range reps {
		if r["saturated"].B {
			out["saturation_reason"] = r["saturation_reason"]
			break
		}
	}
	var hist []int64
	for _, r := range reps {
		var h []int64
		if json.Unmarshal([]byte(r["hop_hist"].S), &h) != nil {
			continue
		}
		for len(hist) < len(h) {
			hist = append(hist, 0)
		}
		for i, x := range h {
			hist[i] += x
		}
	}
	out["hop_hist"] = dataset.StringValue(string(canonical(hist)))
	return out
}

// Simulate runs one simulation point on a built topology of the named
// family (resolved parameters params; pt from ParseSimOptions) and returns
// its metric values. The seed is the point's seed option itself (a study
// derives per-cell seeds instead); a throughput search runs its probes
// without caching them.
func Simulate(ctx context.Context, t *families.Topology, family string, params families.Values, pt map[string]any) (map[string]dataset.Value, error) {
	if pt["link_ns_per_m"].(float64) > 0 {
		return nil, fmt.Errorf("link_ns_per_m needs a study's cost_model for the cable lengths: use a study")
	}
	j := &simJob{family: family, params: params, topo: t, pt: pt, seed: uint64(pt["seed"].(int64))}
	return j.run(ctx)
}

// SimMetrics returns the metrics of flit-level simulation, in
// documentation order.
func SimMetrics() []*Metric { return simMetrics() }
