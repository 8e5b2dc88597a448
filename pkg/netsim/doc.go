// Package netsim is runexp's cycle-accurate, flit-level network simulator:
// input-queued virtual-channel routers with credit flow control, modelled
// on BookSim2's IQ router, in flat preallocated arrays so that one core
// simulates on the order of a million flits per second on a 10,000-endpoint
// network. (CLEX's round-based simulator will live elsewhere.)
//
// # Use
//
//	net, _ := netsim.NewNetwork(top, nil)          // top from pkg/families
//	rt, _ := netsim.NewRouting(net, "min")         // or NewMinimal, NewValiant, NewUGAL
//	res, err := netsim.Run(ctx, net, rt, pattern, 0.5, netsim.DefaultConfig())
//
// pattern implements Pattern (pkg/traffic provides them); res holds offered
// and accepted load, packet and network latency (mean, p50, p99, max),
// hops, minimal fraction, Jain fairness, link utilization and the
// saturation flag. A Network and the built-in Routings are read-only and
// may be shared by concurrent runs; a run itself is single-threaded and
// deterministic (Config.Seed drives PCG streams for traffic and routing).
//
// # Model
//
// Time advances in router cycles; Config.Speedup router cycles make one
// channel cycle (BookSim's internal_speedup). A channel carries one flit
// per channel cycle. Every router port has an input buffer of
// Config.BufPerPort flits split statically over Config.VCs virtual
// channels (or Config.BufPerVC per VC) and an output queue.
//
// A head flit that reaches the front of its input VC is routed at once
// (Routing.Route, which sees the queue state of that moment) and may enter
// VC allocation RoutingDelay router cycles later. VC allocation serves the
// waiting heads of a router oldest first; a head takes the free output VC of
// its class with the most credits (virtual cut-through: only VCs with room
// for the whole packet). VCAllocDelay router cycles after the grant the
// packet's flits compete in switch allocation, a separable input-first
// allocator with round-robin arbiters: every input port picks one of its
// VCs that has a flit and a downstream credit, every output port grants one
// of the requesting inputs; one grant per input and output port per router
// cycle. A granted flit leaves its input buffer (the credit reaches the
// upstream router or endpoint CreditDelay channel cycles later), consumes a
// downstream credit and enters the output queue, from which it may leave
// SwAllocDelay + CrossbarDelay router cycles later, one flit per channel
// cycle, to arrive after the link latency. The output VC is released when
// the tail flit is granted. Injection and ejection channels have
// EndpointLatency; ejection buffers (at the endpoint) hold BufPerVC flits
// per VC and are drained at once.
//
// The zero-load latency of a packet of size flits crossing h links is
// therefore, in channel cycles,
//
//	2*EndpointLatency + sum of link latencies
//	  + (h+1) * (RoutingDelay + VCAllocDelay + SwAllocDelay + CrossbarDelay) / Speedup
//	  + (size - 1)
//
// (10 cycles for a 2-hop Slim Fly path under DefaultConfig), and a link
// whose downstream VC has b flits of buffer carries at most b flits per
// credit round trip of Speedup*(link latency + CreditDelay) + RoutingDelay
// + VCAllocDelay + SwAllocDelay + CrossbarDelay router cycles.
//
// Endpoints have infinite source queues fed by a Bernoulli process of
// packets (probability load/PacketSize per channel cycle); the queue is
// implicit (only the creation time of its oldest packet is kept, later
// arrivals are sampled as geometric gaps), so saturated runs take no extra
// memory. The destination is drawn from the Pattern when a packet starts
// injection. An endpoint sends one flit per channel cycle on the VC with
// the most credits.
//
// # Measurement
//
// Warm-up runs in samples of SamplePeriod cycles until the mean latency and
// the accepted flits of two consecutive samples agree within WarmupTol (at
// least WarmupMin, at most WarmupMax cycles). Packets created during the
// next MeasureCycles are measured; the run then drains until all of them
// are delivered (at most DrainMax cycles), while injection continues. A run
// whose warm-up sample latency exceeds LatencyBound is aborted as saturated
// (AbortOnLatencyBound). If no flit moves for DeadlockCycles while flits are
// in the network, Run returns a *DeadlockError.
//
// # Routing
//
// Routing is an interface: Route(view, router, packet) returns an output
// port and a VC class; per-packet algorithm state lives in the Packet
// (Inter, Flags, Aux), queue state is read through the View (Occupancy,
// QueueLen). Classes map to VC ranges, so with more VCs than classes each
// class gets several VCs. Built in: Minimal (table-driven shortest paths
// on any graph, first or random minimal port, hop k on class k), Valiant
// and UGAL-L/UGAL-G as defined for Slim Fly in Besta and Hoefler, SC14,
// section IV (4 random Valiant candidates; UGAL-L cost hops x occupancy of
// the first output port, UGAL-G sum of occupancies along the path;
// 2 x diameter classes), UGALThreshold (SC15 section 3.3: minimal below an
// occupancy threshold, else UGAL), and family-specific ones: DOR
// (dimension order on tori, meshes and hypercubes, Dally-Seitz dateline
// VCs), ANCA (adaptive nearest-common-ancestor on fat trees, 1 VC) and
// Dragonfly (Kim et al., ISCA 2008: hierarchical MIN, VAL and UGAL-L with
// a VC class per global hop taken). NewRouting lists the names.
// Network.Dist, MinPorts and MinPort expose the all-pairs tables (about 6
// bytes per router pair) to other algorithms.
//
// # Deadlock freedom
//
// CheckDeadlockFree builds the channel dependency graph (Dally and Seitz,
// 1987) of a routing on a network for a VC count by enumerating every
// route and every adaptive or random choice (PathEnumerator, implemented
// by all built-in routings) and tests it for cycles; RequiredVCs derives
// the VC count a routing needs and verifies it. Results (tests in
// cdg_test.go): Slim Fly q = 5 MIN needs 2 VCs, VAL, UGAL-L/G and
// ugal-threshold 4 (SC14 section IV-D); DOR 2 on tori (1 without a ring
// dimension), cyclic without datelines; ANCA 1; Dragonfly min-df 2,
// val-df and ugal-l-df 3, table-driven MIN 3 (its diameter).
//
// # Differences from BookSim2
//
//   - Speedup is an integer and speeds up the whole router pipeline; input
//     and output speedup are 1. Output queues are bounded only by the
//     downstream credits (BookSim: output_buffer_size).
//   - Routing is computed when the head reaches the front of its VC, then
//     RoutingDelay is waited; there is no speculative switch allocation
//     and VC allocation is oldest-first rather than a separable allocator.
//   - Buffers are partitioned statically over VCs; no shared buffer pools.
//   - Warm-up and drain follow BookSim's latency-mode ideas but with the
//     convergence test described above; latencies are exact distributions
//     (histograms), not sample means.
//   - Destinations are drawn at injection rather than at creation (the
//     same for memoryless patterns).
package netsim
