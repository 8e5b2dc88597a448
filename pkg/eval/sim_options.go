package eval

import (
	"maps"
	"math"
	"sort"
	"strings"

	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
	"github.com/runexp/runexp/pkg/workload"
)

// A simOption is an attribute of a study's sim block. Any option may be a
// list: a sweep axis of the study (one dataset row per combination).
type simOption struct {
	Name    string
	Kind    string // "int", "number", "string" or "bool"
	Default any    // int64, float64, string or bool
	Min     float64
	Max     float64
	Choices []string
	Unit    string
	Doc     string
	Section string // documentation section: the option's concern
	// Limits states the range the simulator accepts and why, for the
	// option reference (runexp families --md); unlike Doc it is not part
	// of the dataset column's description.
	Limits string
	// Field is the netsim.Config field (JSON name) the option sets; netsim
	// checks its range (netsim.LimitError), not Min and Max.
	Field string
	// set applies a value to a simulator configuration in cycles (nil: the
	// option is not a netsim.Config field).
	set func(c *netsim.Config, v any)
	// phys applies a value to the physical description (nil: not physical).
	phys func(p *netsim.Physical, v any)
	// defaultUnkeyed leaves the option out of cell keys and dataset rows
	// while it has its default value: an option added after results were
	// cached, whose default is the behaviour before it, so that adding it
	// invalidates no cached cell or dataset.
	defaultUnkeyed bool
}

// simKeyPoint returns a copy of point pt with the options that identify
// it in cell keys: without the options at a default that is not keyed
// (simOption.defaultUnkeyed).
func simKeyPoint(pt map[string]any) map[string]any {
	q := maps.Clone(pt)
	for _, o := range simOptions() {
		if o.defaultUnkeyed && q[o.Name] == o.Default {
			delete(q, o.Name)
		}
	}
	return q
}

// Sections of the sim options, in documentation order.
const (
	secRun        = "run"
	secPhysical   = "physical units"
	secCycles     = "router and links in cycles"
	secMeasure    = "measurement and saturation"
	secWorkload   = "finite workloads"
	secSearch     = "throughput search"
	secReplicates = "replication"
)

// messageLimit is the limit on message sizes (netsim.Config.CheckSend).
const messageLimit = "an endpoint injects one flit per cycle, so the flits it sends must fit the run: max_cycles, or 2^31 - 2^24 router cycles"

// simOptions returns the options of the sim block; defaults are SC14
// section V (netsim.DefaultConfig), or the preset's.
func simOptions() []simOption {
	d := netsim.DefaultConfig()
	// cyc is an option in cycles that sets the netsim.Config field field;
	// its limits are the field's (netsim.LimitDoc).
	cyc := func(name, field string, def int, unit, doc string, set func(*netsim.Config, int)) simOption {
		return simOption{Name: name, Field: field, Kind: "int", Default: int64(def), Unit: unit, Doc: doc, Limits: netsim.LimitDoc(field), Section: secCycles,
			set: func(c *netsim.Config, v any) { set(c, int(v.(int64))) }}
	}
	meas := func(name string, def int, doc string, set func(*netsim.Config, int)) simOption {
		o := cyc(name, name, def, "cycles", doc, set)
		o.Section = secMeasure
		return o
	}
	// phys is a physical option; netsim.Physical checks it and converts
	// it to cycles, to which the limits of the options in cycles apply.
	phys := func(name string, unit, doc, limits string, set func(*netsim.Physical, float64)) simOption {
		return simOption{Name: name, Kind: "number", Default: 0.0, Min: 0, Max: math.Inf(1), Unit: unit, Doc: doc, Limits: limits, Section: secPhysical,
			phys: func(p *netsim.Physical, v any) { set(p, v.(float64)) }}
	}
	return []simOption{
		{Name: "preset", Kind: "string", Default: "", Choices: simPresetNames(), Section: secRun,
			Doc: "a published setup whose values become the defaults of the other options (any option given overrides it): " + presetDoc()},
		{Name: "routing", Kind: "string", Default: "min", Section: secRun,
			Doc: "routing algorithm (package netsim), optionally with parameters as name:k=v,...: " + routingDoc()},
		{Name: "traffic", Kind: "string", Default: "uniform", Choices: traffic.Names(), Section: secRun,
			Doc: "open-loop traffic pattern (package traffic): " + strings.Join(traffic.Names(), ", ")},
		{Name: "load", Kind: "number", Default: 0.5, Min: 0, Max: 1, Unit: "flits/endpoint/cycle", Section: secRun,
			Doc: "offered load of the open-loop traffic (Bernoulli injection), in (0, 1]"},
		{Name: "seed", Kind: "int", Default: int64(1), Min: 0, Max: math.MaxInt64, Section: secRun,
			Doc: "seed; each cell derives its random streams from it and its parameters"},
		cyc("vcs", "vcs", d.VCs, "VCs", "virtual channels per port; 0 = the VC classes the routing needs", func(c *netsim.Config, v int) { c.VCs = v }),
		cyc("buffer_flits", "buf_per_port", d.BufPerPort, "flits", "input buffer per port, split over the VCs (SC14: 64)", func(c *netsim.Config, v int) { c.BufPerPort = v }),
		cyc("buffer_per_vc", "buf_per_vc", 0, "flits", "input buffer per VC (0: buffer_flits / vcs), as BookSim2's vc_buf_size", func(c *netsim.Config, v int) { c.BufPerVC = v }),
		cyc("packet_flits", "packet_size", d.PacketSize, "flits", "flits per packet (SC14: 1)", func(c *netsim.Config, v int) { c.PacketSize = v }),
		{Name: "flow_control", Kind: "string", Default: "wormhole", Choices: []string{"wormhole", "vct"}, Section: secCycles,
			Doc: "multi-flit packets: wormhole or virtual cut-through",
			set: func(c *netsim.Config, v any) {
				c.FlowControl = netsim.Wormhole
				if v.(string) == "vct" {
					c.FlowControl = netsim.VirtualCutThrough
				}
			}},
		cyc("routing_delay", "routing_delay", d.RoutingDelay, "router cycles", "route computation delay", func(c *netsim.Config, v int) { c.RoutingDelay = v }),
		cyc("vc_alloc_delay", "vc_alloc_delay", d.VCAllocDelay, "router cycles", "VC allocation delay", func(c *netsim.Config, v int) { c.VCAllocDelay = v }),
		cyc("sw_alloc_delay", "sw_alloc_delay", d.SwAllocDelay, "router cycles", "switch allocation delay", func(c *netsim.Config, v int) { c.SwAllocDelay = v }),
		cyc("crossbar_delay", "crossbar_delay", d.CrossbarDelay, "router cycles", "switch traversal delay", func(c *netsim.Config, v int) { c.CrossbarDelay = v }),
		cyc("credit_delay", "credit_delay", d.CreditDelay, "cycles", "credit processing delay before the credit crosses the link back (SC14: 2)", func(c *netsim.Config, v int) { c.CreditDelay = v }),
		cyc("speedup", "speedup", d.Speedup, "", "internal speedup: router cycles per channel cycle (SC14: 2)", func(c *netsim.Config, v int) { c.Speedup = v }),
		cyc("local_latency", "local_latency", d.LocalLatency, "cycles", "latency of links inside a group (BookSim2's channel latency L is L+1 here: see netsim.BookSimConfig)", func(c *netsim.Config, v int) { c.LocalLatency = v }),
		cyc("global_latency", "global_latency", d.GlobalLatency, "cycles", "latency of links between groups", func(c *netsim.Config, v int) { c.GlobalLatency = v }),
		cyc("endpoint_latency", "endpoint_latency", d.EndpointLatency, "cycles", "latency of injection and ejection channels", func(c *netsim.Config, v int) { c.EndpointLatency = v }),
		phys("link_gbps", "Gb/s", "link bandwidth per direction; setting it (or a physical preset) describes the network physically: the options of this section replace the router and link options in cycles", "", func(p *netsim.Physical, v float64) { p.LinkGbps = v }),
		phys("flit_bytes", "B", "flit size; the channel cycle is flit_bytes x 8 / link_gbps ns", "", func(p *netsim.Physical, v float64) { p.FlitBytes = v }),
		phys("packet_bytes", "B", "packet size (or packet_flits); ceil(packet_bytes / flit_bytes) flits", "the limits of packet_flits", func(p *netsim.Physical, v float64) { p.PacketBytes = v }),
		phys("router_ns", "ns", "latency of a head flit through a router, rounded to router cycles (half a channel cycle at speedup 2)", "at most 2^20 router cycles (events are scheduled at most 2^20 router cycles ahead)", func(p *netsim.Physical, v float64) { p.RouterNs = v }),
		phys("link_ns", "ns", "router-to-router link latency, rounded to channel cycles", "each cable's latency (with link_ns_per_m) has the channel limit of local_latency", func(p *netsim.Physical, v float64) { p.LinkNs = v }),
		phys("link_ns_per_m", "ns/m", "more link latency per metre of cable, with the cable lengths of the study's cost_model layout (about 5 ns/m in copper and fibre)", "", func(p *netsim.Physical, v float64) { p.LinkNsPerM = v }),
		phys("endpoint_ns", "ns", "injection and ejection channel latency", "the channel limit of endpoint_latency", func(p *netsim.Physical, v float64) { p.EndpointNs = v }),
		phys("buffer_bytes", "B", "input buffer per port (or buffer_packets), floor(buffer_bytes / flit_bytes) flits", "the limits of buffer_flits", func(p *netsim.Physical, v float64) { p.BufferBytes = v }),
		{Name: "buffer_packets", Kind: "int", Default: int64(0), Min: 0, Max: math.Inf(1), Unit: "packets", Section: secPhysical,
			Doc: "input buffer per port in packets (physical units)", Limits: "the limits of buffer_flits",
			phys: func(p *netsim.Physical, v any) { p.BufferPackets = int(v.(int64)) }},
		phys("sim_us", "us", "simulated time, warm-up included; replaces warmup_min, warmup_max and measure_cycles", "the limits of warmup_min, warmup_max and measure_cycles apply to the cycles it makes", func(p *netsim.Physical, v float64) { p.SimUs = v }),
		phys("warmup_us", "us", "warm-up, part of sim_us", "", func(p *netsim.Physical, v float64) { p.WarmupUs = v }),
		meas("warmup_min", d.WarmupMin, "warm-up cycles at least", func(c *netsim.Config, v int) { c.WarmupMin = v }),
		meas("warmup_max", d.WarmupMax, "warm-up cycles at most", func(c *netsim.Config, v int) { c.WarmupMax = v }),
		meas("measure_cycles", d.MeasureCycles, "measurement window", func(c *netsim.Config, v int) { c.MeasureCycles = v }),
		meas("drain_max", d.DrainMax, "drain at most; not draining marks the point saturated", func(c *netsim.Config, v int) { c.DrainMax = v }),
		{Name: "latency_knee", Kind: "number", Default: d.LatencyKnee, Min: 0, Max: 1e6, Section: secMeasure,
			Doc: "k: a point whose mean packet latency exceeds k x the zero-load latency of its packets' routes is saturated (0 disables; at 1 or more)",
			set: func(c *netsim.Config, v any) { c.LatencyKnee = v.(float64) }},
		{Name: "latency_bound", Kind: "number", Default: 0.0, Min: 0, Max: math.MaxFloat64, Unit: "cycles", Section: secMeasure,
			Doc: "a mean packet latency above it marks the point saturated (0: no bound)",
			set: func(c *netsim.Config, v any) { c.LatencyBound = v.(float64) }},
		{Name: "latency_bound_ns", Kind: "number", Default: 0.0, Min: 0, Max: math.MaxFloat64, Unit: "ns", Section: secMeasure,
			Doc: "latency_bound in ns (physical units)"},
		{Name: "stop_at_saturation", Kind: "bool", Default: true, Section: secMeasure,
			Doc: "a load sweep stops one point after the first saturated point: later points are not simulated (simulated = false, saturated = true)"},
		{Name: "max_cycles", Field: "max_cycles", Kind: "int", Default: int64(0), Unit: "cycles", Section: secWorkload,
			Doc: "bound of a finite workload run (0: the simulator's limit)", Limits: netsim.LimitDoc("max_cycles"),
			set: func(c *netsim.Config, v any) { c.MaxCycles = int(v.(int64)) }},
		{Name: "workload", Kind: "string", Default: "", Choices: append([]string{""}, workload.Names()...), Section: secWorkload,
			Doc: "a finite workload instead of open-loop traffic, run until its last message is delivered (package workload): " + strings.Join(workload.Names(), ", ")},
		{Name: "message_bytes", Kind: "number", Default: 0.0, Min: 0, Max: math.Inf(1), Unit: "B", Section: secWorkload,
			Doc: "message size (physical units): per pair for all_to_all, nearest_neighbor and permutation, the vector for ring_allreduce, the block for allgather_rd", Limits: messageLimit},
		{Name: "message_flits", Kind: "int", Default: int64(0), Min: 0, Max: math.Inf(1), Unit: "flits", Section: secWorkload,
			Doc: "message size in flits (instead of message_bytes)", Limits: messageLimit},
		{Name: "message_packets", Kind: "int", Default: int64(0), Min: 0, Max: math.Inf(1), Unit: "packets", Section: secWorkload,
			Doc: "message size in packets (SC15's all-to-all: 30 packets per pair)", Limits: messageLimit},
		{Name: "order", Kind: "string", Default: "shift", Choices: []string{"shift", "random", "permutation"}, Section: secWorkload,
			Doc: "all_to_all destination order: shift ((e+1+i) mod N), random (a seeded affine order per source: stride and start) or permutation (a seeded uniformly random order per source; N(N-1) table entries)"},
		{Name: "injection", Kind: "string", Default: "sequential", Choices: []string{"sequential", "interleaved"}, Section: secWorkload,
			Doc: "how an endpoint sends the messages of a step: sequential (one after another, in the workload's order) or interleaved (together, as nonblocking sends posted at once: one packet of each unfinished message in turn)",
			set: func(c *netsim.Config, v any) { c.InterleaveMessages = v.(string) == "interleaved" }, defaultUnkeyed: true},
		{Name: "torus", Kind: "string", Default: "", Section: secWorkload,
			Doc: "nearest_neighbor: the logical 3D torus XxYxZ, e.g. \"12x14x19\"; process rank x + X(y + Yz) runs on endpoint rank"},
		{Name: "active", Kind: "int", Default: int64(0), Min: 0, Max: 1 << 30, Section: secWorkload,
			Doc: "processes of all_to_all, permutation, ring_allreduce and allgather_rd: endpoints 0..active-1 (0: all)"},
		{Name: "search", Kind: "string", Default: "none", Choices: []string{"none", "throughput"}, Section: secSearch,
			Doc: "throughput: find by bisection the largest offered load that is not saturated and whose mean latency stays under search_max_latency(_ns); each probe is cached as the point at that load would be"},
		{Name: "search_resolution", Kind: "number", Default: 0.01, Min: 1e-4, Max: 0.5, Unit: "flits/endpoint/cycle", Section: secSearch,
			Doc: "the search stops when the bracket is this narrow; probes are multiples of it"},
		{Name: "search_max_latency", Kind: "number", Default: 0.0, Min: 0, Max: math.MaxFloat64, Unit: "cycles", Section: secSearch,
			Doc: "latency bound of the search (0: only the saturation criterion)"},
		{Name: "search_max_latency_ns", Kind: "number", Default: 0.0, Min: 0, Max: math.MaxFloat64, Unit: "ns", Section: secSearch,
			Doc: "latency bound of the search in ns (the layout paper: 1200)"},
		{Name: "seeds", Kind: "int", Default: int64(1), Min: 1, Max: 1000, Section: secReplicates,
			Doc: "replicates of every point, each with its own random streams; the dataset holds their mean and, with seeds > 1, a 95% confidence interval (Student's t) of every numeric simulation metric as <metric>_ci95"},
	}
}

// routingDoc lists the routing names with a short description each.
func routingDoc() string {
	doc := netsim.RoutingDoc()
	var parts []string
	for _, n := range netsim.RoutingNames() {
		parts = append(parts, n+" ("+doc[n]+")")
	}
	return strings.Join(parts, "; ")
}

// simPresets returns the presets: option values that become the defaults
// of a point.
func simPresets() map[string]map[string]any {
	b := netsim.BookSimConfig()
	physical := func(name string) map[string]any {
		p, _ := netsim.PhysicalPreset(name)
		m := map[string]any{
			"link_gbps": p.LinkGbps, "flit_bytes": p.FlitBytes, "router_ns": p.RouterNs,
			"link_ns": p.LinkNs, "endpoint_ns": p.EndpointNs, "flow_control": "vct",
			"speedup": int64(p.Speedup), "sim_us": p.SimUs, "warmup_us": p.WarmupUs,
		}
		if p.PacketFlits > 0 {
			m["packet_flits"] = int64(p.PacketFlits)
		} else {
			m["packet_bytes"] = p.PacketBytes
		}
		if p.BufferPackets > 0 {
			m["buffer_packets"] = int64(p.BufferPackets)
		} else {
			m["buffer_bytes"] = p.BufferBytes
		}
		return m
	}
	layout := physical("layout")
	layout["vcs"] = int64(4)
	return map[string]map[string]any{
		"sc14": {},
		"booksim": {
			"routing_delay": int64(b.RoutingDelay), "vc_alloc_delay": int64(b.VCAllocDelay), "sw_alloc_delay": int64(b.SwAllocDelay),
			"crossbar_delay": int64(b.CrossbarDelay), "credit_delay": int64(b.CreditDelay), "speedup": int64(b.Speedup),
			"endpoint_latency": int64(b.EndpointLatency), "local_latency": int64(b.LocalLatency), "global_latency": int64(b.GlobalLatency),
		},
		"sc15":   physical("sc15"),
		"layout": layout,
	}
}

// simPresetNames returns "" (no preset) and the preset names.
func simPresetNames() []string {
	names := []string{""}
	for n := range simPresets() {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return names
}

func presetDoc() string {
	return `"sc14" (the defaults: SC14 section V), "booksim" (BookSim2's IQ router timing with routing_delay 0, credit_delay 2, speedup 2 and channels of latency 1: netsim.BookSimConfig), ` +
		`"sc15" (SC15 section 4.1: 100 Gb/s, 256 B packets of 64 B flits, 100 KB per port, 100 ns switch, 50 ns links, 200 us with 20 us warm-up, virtual cut-through), ` +
		`"layout" (layout paper section III-C: 96 Gb/s, 256-bit flits, 33-flit packets, virtual cut-through, 100 ns router, 20 ns per channel, 4 VCs, 8 packets per port)`
}

// physicalOptions lists the options that a physical description converts
// (netsim.Physical.Convert) and so must not be given in cycles as well:
// for each, the physical option to use instead.
var physicalReplaces = map[string]string{
	"routing_delay": "router_ns", "vc_alloc_delay": "router_ns", "sw_alloc_delay": "router_ns", "crossbar_delay": "router_ns",
	"local_latency": "link_ns", "global_latency": "link_ns", "endpoint_latency": "endpoint_ns",
	"buffer_flits": "buffer_bytes or buffer_packets", "buffer_per_vc": "buffer_bytes or buffer_packets",
}

// timeReplaces lists the options sim_us replaces.
var timeReplaces = []string{"warmup_min", "warmup_max", "measure_cycles"}

// lookupSimOption returns the option named name, or nil.
func lookupSimOption(name string) *simOption {
	for _, o := range simOptions() {
		if o.Name == name {
			return &o
		}
	}
	return nil
}
