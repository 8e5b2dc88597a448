// Package netsim is runexp's cycle-accurate, flit-level network simulator:
// input-queued virtual-channel routers with credit flow control, modelled
// on BookSim2's IQ router (and aligned with it cycle for cycle by
// BookSimConfig), in flat arrays. Measured on a 2-core machine whose speed
// varies by 20-40% from run to run (BenchmarkSim, Slim Fly q = 19 of SC14
// with 10,830 endpoints, uniform traffic; medians of 5-8 runs): one thread
// delivers 0.65-0.75 M flits per second with MIN at load 0.5, 0.40-0.45 M
// with UGAL-L, 0.30-0.36 M with VAL at 0.4, about 0.28 M with UGAL-G
// (median of 10 runs, 0.21-0.39 M; its source decision reads other
// routers' state) and 0.8-1.0 M with 8-flit packets; two threads about twice as many (1.2-1.6 M with MIN). A Slim
// Fly of a million endpoints (q = 89, BenchmarkLargeSim: 500 warm-up and
// 1,000 measured cycles at load 0.5 with MIN) runs at 1.0 M flits per
// second on two threads in 2.9 GiB: 13 minutes. (CLEX's round-based
// simulator lives in pkg/clexsim.)
//
// # Use
//
//	net, _ := netsim.NewNetwork(top, nil)          // top from pkg/families
//	rt, _ := netsim.NewRouting(net, "min")         // or NewMinimal, NewValiant, NewUGAL, ...
//	res, err := netsim.Run(ctx, net, rt, pattern, 0.5, netsim.DefaultConfig())
//	res, err = netsim.RunWorkload(ctx, net, rt, wl, cfg) // a finite workload (pkg/workload)
//
// pattern implements Pattern (pkg/traffic provides them); res holds offered
// and accepted load, packet and network latency (mean, p50, p99, max), the
// zero-load latency of the routes taken, hops, minimal fraction, Jain
// fairness, link utilization and the saturation verdict; a workload run
// its completion time and effective throughput. A Network and the built-in
// Routings are read-only and may be shared by concurrent runs. A run is
// deterministic: Config.Seed seeds one PCG stream per endpoint (packet
// arrivals, destinations) and one per router (routing decisions).
//
// # Threads
//
// Config.Threads goroutines step one run: the routers are split into
// shards of consecutive routers with about equal numbers of ports, each
// with its endpoints. A shard steps one channel cycle (Config.Speedup
// router cycles) at a time, router by router: each router takes its
// events, routes its new heads, lets its endpoints inject and runs its
// pipeline for every router cycle of the step before the next router's
// turn, so its state is loaded into cache once per channel cycle. This is
// exact because no flit or credit is due sooner than one channel cycle
// after it is sent (every channel has a latency of at least one cycle);
// with UGAL-G, which reads other routers' queues, and in finite workloads,
// whose deliveries release other endpoints' messages, a step is one router
// cycle. Within a step a shard touches only its own routers, endpoints and
// flits, and the flits and credits it sends to another shard are due in a
// later step, so the shards meet once per step. Results are identical for
// every thread count (TestThreadsIdentical), and to those of the former
// cycle-by-cycle order (TestGoldenRuns):
// random draws come from the per-endpoint and per-router streams; the heads
// that reach a router in a cycle are routed in the order of their input
// ports, not in the order of delivery; and a routing that reads the queues
// of other routers (UGAL-G) reads them as they were at the start of the
// cycle.
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
// (Routing.Route, which sees the queue state of that moment, or the
// options of an AdaptiveRouting) and may enter VC allocation RoutingDelay
// router cycles later. Each router cycle a router runs VC allocation, then
// switch allocation, then sends on its output channels. VC allocation
// serves the waiting heads oldest first; a head takes the free output VC of
// its class with the most credits (virtual cut-through: only VCs with room
// for the whole packet; an adaptive routing's options are compared the
// same way, escape options only when no other has a free VC). VCAllocDelay
// router cycles after the grant the packet's flits compete in switch
// allocation, a separable input-first allocator with round-robin arbiters:
// every input port picks one of its VCs that has a flit and a downstream
// credit, every output port grants one of the requesting inputs; one grant
// per input and output port per router cycle. A granted flit leaves its
// input buffer, consumes a downstream credit and enters the output queue,
// from which it may leave SwAllocDelay + CrossbarDelay router cycles later,
// one flit per channel cycle, to arrive after the link latency. The freed
// slot's credit reaches the upstream router (or endpoint) after
// CreditDelay channel cycles and the latency of the link back. The output
// VC is released when the tail flit is granted; because VC allocation runs
// before switch allocation, the released VC, and the next packet of the
// input VC the tail left, take part in VC allocation from the next router
// cycle (so a VC carries at most one packet per channel cycle at speedup
// 2, as in BookSim2). Injection and ejection channels have EndpointLatency;
// ejection buffers (at the endpoint) hold BufPerVC flits per VC and are
// drained at once.
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
// credit round trip of SwAllocDelay + CrossbarDelay + Speedup*(2*link
// latency + CreditDelay) + RoutingDelay + VCAllocDelay router cycles (for
// head flits; body flits skip the last two).
//
// # Correspondence with BookSim2
//
// BookSim2 reads a channel of latency L one cycle after L has elapsed and,
// with internal speedup 2 and routing_delay 0, allocates a VC and the
// switch in the cycle a head arrives and sends it in the next: its
// zero-load latency is 3 + 2H + sum of L (H routers), 5 + 3h for h links of
// latency 1, and its credit round trip 2L + 3 + credit_delay. BookSimConfig
// gives the same numbers: links of L+1 (BookSimLatency), endpoint channels
// of 2, VC allocation 1 + switch allocation 1 + crossbar 0 router cycles,
// routing 0 (tests: TestBookSimZeroLoad, TestCreditRoundTrip). A hop of
// DefaultConfig (SC14's delays of 1) costs 2.5 + L cycles here against
// 3 + L in BookSim2 with those delays. experiments/validation.hcl compares
// whole curves.
//
// Endpoints have infinite source queues fed by a Bernoulli process of
// packets (probability load/PacketSize per channel cycle); the queue is
// implicit (only the creation time of its oldest packet is kept, later
// arrivals are sampled as geometric gaps), so saturated runs take no extra
// memory. The destination is drawn from the Pattern when a packet starts
// injection. An endpoint sends one flit per channel cycle on the VC with
// the most credits.
//
// A finite workload (Workload; RunWorkload) replaces the Bernoulli
// sources: every endpoint sends the messages of its steps in order, each
// cut into packets of PacketSize flits, back to back; in a blocking
// workload (a collective) a step starts only when the endpoint has
// received every message of the earlier steps. The run ends when the last
// message is delivered; packets are created when their step starts.
//
// # Physical units
//
// Physical describes a network in Gb/s, bytes and ns; Physical.Convert
// turns it into a Config once. The channel cycle is one flit's
// serialization time (flit bytes x 8 / link Gb/s); router latency is
// rounded to router cycles (half up) and split as VC allocation 1, switch
// allocation 1, crossbar the rest; link and endpoint latencies, and the
// latency of each cable (NetworkOptions.LinkLatency, from cable lengths),
// are rounded to channel cycles; a latency that rounds to zero cycles is
// refused. Presets: "sc15" and "layout" (PhysicalPreset).
//
// # Measurement and saturation
//
// Warm-up runs in samples of SamplePeriod cycles until the mean latency and
// the accepted flits of two consecutive samples agree within WarmupTol (at
// least WarmupMin, at most WarmupMax cycles). Packets created during the
// next MeasureCycles are measured; the run then drains until all of them
// are delivered (at most DrainMax cycles), while injection continues.
//
// A run is saturated (Result.Saturated, with the reason) when its measured
// packets are not all delivered within DrainMax; when the accepted flits
// fall short of those offered by more than SatTol (1%) plus 3 standard
// deviations of a Poisson count; or when the mean packet latency exceeds
// LatencyKnee (3) times the zero-load latency of the routes the measured
// packets took (Result.ZeroLoadLatency, computed packet by packet, so that
// non-minimal routes are their own reference), or LatencyBound cycles if
// set. A run is stopped in warm-up as saturated (AbortSaturated) when a
// sample's mean latency is already past twice the knee, or when three
// consecutive samples accept fewer flits than offered by the margin above:
// the source queues then grow without bound, latency never settles, and
// the warm-up would otherwise run to WarmupMax. A point past saturation
// thus costs about three samples. If no flit moves for DeadlockCycles
// while flits are in the network, Run returns a *DeadlockError.
//
// # Memory
//
// A run's state is flat arrays indexed by router, port, virtual channel and
// endpoint; buffers take memory only for the flits they hold. Per router
// port: 64 bytes (port state, one cache line) plus 44 bytes per VC (input
// VC 32, output VC 8, VC allocation list 4; the VC count rounded up to a
// power of two) plus 8 (link counter): 160 bytes with the 2 VCs of MIN on
// a Slim Fly, 248 with the 4 of UGAL; an adaptive routing (AdaptiveRouting)
// adds 20 bytes per VC and option, UGAL-G 4 per port for its queue
// snapshot. Per endpoint about 50 bytes plus 4 per VC and 8 per thread;
// per router 52. Per flit in a router 16 bytes, per packet in flight 64
// (both grow with the load: flits in flight are about the accepted flits
// per cycle times the latency). The routing tables of the Network take 3
// bytes per ordered router pair, 2.25 if the diameter is at most 3
// (Routes). A Slim Fly of a million endpoints (q = 89: 15,842 routers, 3.2
// million ports) thus needs about 0.5 GB of router state, 0.56 GB of
// tables and, at load 0.5 with MIN, about 0.5 GB of flits and
// packets (BenchmarkLargeSim measures the peak).
//
// On large networks memory latency, not instructions, bounds the speed: a
// router's step reads the records of the packets and flits that reach it
// and the next-hop entries of their destinations, which lie anywhere in
// memory. A run whose router state exceeds 512 KiB therefore prefetches
// (prefetch instructions on amd64 and arm64) in two stages: two routers
// ahead, the arriving packets' records and input VCs, the state of ports
// with work and the free packet records the router's endpoints will take;
// one router ahead, the next-hop entries and the flits at the front of its
// queues. Arrays of 8 MiB and more are advised for transparent huge pages
// on Linux (madvise mode), which on the reference machine halves the
// latency of a random read of a 512 MiB table (240 against 470 ns). Results
// depend on neither. The hot paths index their arrays without bounds
// checks (at, in unchecked.go: every index there is one the simulator
// computed from state it built and validated), which removes 12-16% of a
// run's instructions; the build tag netsimcheck restores the checks, and
// .ci/run runs the package's tests with it.
//
// # Limits
//
// Every size and duration has one rule, which Config.Check (the parts that
// need neither network nor routing), Config.CheckWorkload,
// Config.CheckNetwork (with the network's port count), Run and
// RunWorkload enforce, reporting a *LimitError that names the fields involved (runexp
// says it in its sim options' words, at validate and on the command line).
// Lower bounds are what the values mean: packets of at least one flit,
// channels of at least one cycle, a measurement window of at least one
// cycle, a speedup of at least 1, delays of at least 0. Upper bounds come
// only from the simulator's representation and from what can be measured:
//
//   - Integers: every value is an int32 in the simulator, at most 2^31 - 1.
//   - Time: time is an int32 count of router cycles, 2^24 of them kept free
//     above a run's end for the events the run schedules, so a run lasts at
//     most MaxTicks = 2^31 - 2^24 router cycles: (warmup_max +
//     sample_period + measure_cycles + drain_max + 8) x speedup for an
//     open-loop run (warm-up ends at a sample boundary, the drain is
//     checked every 8 cycles), max_cycles x speedup for a finite workload
//     (0: that long; MaxRunCycles). At speedup 2 that is 1,065,353,216
//     channel cycles.
//   - Delays: an event is scheduled at most MaxDelayTicks = 2^20 router
//     cycles ahead. Each router pipeline delay is at most that; for every
//     channel (link, cable or endpoint channel), (latency + credit_delay) x
//     speedup is below it, because the timing wheel holds one slot of 48
//     bytes plus 24 per thread per router cycle of the longest channel
//     delay (96 MiB at the bound with two threads).
//   - VCs: at most MaxVCs = 64 per port: switch allocation keeps one bit
//     per VC of a port in a 64-bit word.
//   - Buffers: ports x VCs (rounded up to a power of two: the VC index is a
//     bit field) x flits per VC is at most MaxBufferSlots = 2^29 flit
//     slots, and a VC holds at least one flit. Every flit in flight holds a
//     slot of a router input buffer or of an ejection buffer (as many
//     again), and every packet in flight at least one flit or its source's
//     injection, so flits and packets in flight stay below 2^31 and fit
//     the int32 indices that number them. Buffers take memory only when
//     they hold flits: a flit in a router takes a 16-byte node of one pool
//     (its input VC and output queue link the nodes), a packet in flight a
//     64-byte record.
//   - Packets: a source sends one flit per channel cycle, so the tail of a
//     packet of n flits created at the end of the measurement window leaves
//     n - 1 cycles after it: an open-loop run needs drain_max >= n - 1, or
//     no such packet could be delivered in the drain and every point would
//     be saturated. Virtual cut-through needs a VC buffer of at least n.
//   - Workloads: an endpoint injects one flit per cycle, so the flits it
//     sends must fit the run's cycles (Config.CheckSend).
//
// Physical values (Physical) are converted to cycles first and then obey
// the same rule; the conversion only refuses what does not fit an int32 or
// rounds to nothing.
//
// # Routing
//
// Routing is an interface: Route(view, router, packet) returns an output
// port and a VC class; per-packet algorithm state lives in the Packet
// (Inter, Flags, Aux), queue state is read through the View (Occupancy,
// QueueLen). Classes map to VC ranges (a routing may size them, VCLayout),
// so with more VCs than classes each class gets several VCs. An
// AdaptiveRouting instead offers options (port, class, escape or not)
// among which VC allocation chooses with the credit state of each cycle.
// Built in (NewRouting, RoutingNames, RoutingDoc):
//
//   - any topology: Minimal (table-driven shortest paths, hop k on class
//     k), Valiant and UGAL-L/UGAL-G as defined for Slim Fly in Besta and
//     Hoefler, SC14, section IV (2 x diameter classes), UGALThreshold (SC15
//     section 3.3), UpDown (up*/down*, Autonet), DuatoUpDown (adaptive
//     minimal with up*/down* escape, Silla and Duato) and MinAdaptive
//     (adaptive minimal without escape: deadlocks, refused by the check);
//   - tori, meshes, hypercubes: DOR (dimension order, two VC schemes on
//     rings: DORPartition and DORCrossing) and DuatoDOR (Duato's protocol
//     with DOR escape);
//   - indirect networks with leaves (MLFM, OFT, fat trees, Myrinet-Clos):
//     ValiantLeaf and UGALLeaf, SC15's INR and MLFM-A/OFT-A(Th), with the
//     two-VC towards/away scheme of SC15 section 3.4;
//   - fat trees: ANCA; Dragonflies: Dragonfly (Kim et al., ISCA 2008:
//     hierarchical MIN, VAL and UGAL-L with BookSim2's bias).
//
// Network.Dist, MinPorts and MinPort expose the all-pairs tables (about 3
// bytes per router pair) to other algorithms.
//
// # Deadlock freedom
//
// CheckDeadlockFree builds the channel dependency graph (Dally and Seitz,
// 1987) of a routing on a network for a VC count by enumerating every
// route and every adaptive or random choice (PathEnumerator, or the
// options of an AdaptiveRouting) and tests it for cycles. For a routing
// with escape options it tests the escape sub-network's extended
// dependency graph instead (Duato's theorem: direct dependencies, and for
// wormhole switching the indirect ones through adaptive hops), after
// checking that every reachable state has an escape. RequiredVCs derives
// the VC count a routing needs and verifies it. Before simulating, Run and
// RunWorkload make this check (within a budget of states,
// Config.DeadlockCheck; hop-indexed routings are acyclic by construction)
// and refuse a cyclic configuration with a *CyclicError naming the cycle;
// a CheckMemo (Config.CheckMemo, CheckID) keeps the outcome for the runs
// of one network and routing, since an enumeration that exceeds its budget
// still costs about half a second (BenchmarkDeadlockCheck: duato-updown on
// a 256-router RING-8), a fifth of a low-load point of the layout paper.
// Results (tests in cdg_test.go, routing_escape_test.go): Slim Fly q = 5
// MIN needs 2 VCs, VAL, UGAL-L/G and ugal-threshold 4 (SC14 section IV-D);
// DOR 2 on tori (1 without a ring dimension), cyclic without datelines;
// Duato-DOR acyclic in wormhole and virtual cut-through; up*/down* escape
// acyclic in virtual cut-through, cyclic in wormhole on tori and random
// rings; val-leaf and ugal-leaf 2 on MLFM and OFT; ANCA 1; Dragonfly
// min-df 2, val-df and ugal-l-df 3, table-driven MIN 3 (its diameter).
//
// # Differences from BookSim2
//
//   - Speedup is an integer and speeds up the whole router pipeline; input
//     and output speedup are 1. Output queues are bounded only by the
//     downstream credits (BookSim: output_buffer_size).
//   - Routing is computed when the head reaches the front of its VC, then
//     RoutingDelay is waited; there is no speculative switch allocation,
//     and VC allocation is oldest-first and takes the free VC with the most
//     credits rather than BookSim2's separable allocator, which takes the
//     lowest-numbered free VC.
//   - Minimal routing is deadlock-free: hop-indexed classes confine first
//     hops to VC 0 where BookSim2's anynet "min" lets every hop use every VC
//     (which is not deadlock-free in general); first hops thus see more
//     head-of-line blocking and the knee of a load curve lies slightly
//     lower (validation: about 0.01 on the Slim Fly q = 5).
//   - Body flits of a VC already allocated are switched in their arrival
//     cycle, so their credits come back half a cycle sooner than a head's.
//   - Buffers are partitioned statically over VCs; no shared buffer pools.
//   - Warm-up and drain follow BookSim's latency-mode ideas but with the
//     convergence test described above and a fixed measurement window;
//     latencies are exact distributions (histograms), not sample means.
//   - Destinations are drawn at injection rather than at creation (the
//     same for memoryless patterns).
//   - Heads arriving at a router in the same cycle are routed in input
//     port order; UGAL-G reads the queues of other routers as of the start
//     of the cycle (see Threads).
//   - Saturation is the criterion above; BookSim2 declares a run unstable
//     when the mean age of all packets (source queues included) exceeds
//     latency_thres (500 cycles by default).
package netsim
