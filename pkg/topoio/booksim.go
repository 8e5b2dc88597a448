package topoio

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/netsim"
)

// File names of the booksim format: the configuration names the network
// file by BookSimNetworkFile, which BookSim2 opens relative to its working
// directory.
const (
	BookSimNetworkFile = "anynet_file"
	BookSimConfigFile  = "booksim.cfg"
)

// SimSetup is the netsim run that the booksim and merlin formats set up in
// another simulator, so that a point can be cross-checked: uniform traffic
// at Load under minimal routing with Config's VCs, buffers, packet size,
// timing and warm-up.
type SimSetup struct {
	// Config is the netsim configuration to match. Its timing must be
	// netsim.BookSimConfig's (routing delay 0, VC and switch allocation 1,
	// crossbar 0, speedup 2, channels of at least 2 cycles): that is the
	// timing BookSim2's IQ router reproduces (pkg/netsim, "Correspondence
	// with BookSim2"). VCs must be set (MinRoutingVCs gives what netsim's
	// min routing takes by default); credit delay, buffers, packet size,
	// channel latencies, SamplePeriod and WarmupMin are free.
	Config netsim.Config
	// Load is the offered load in flits per endpoint per cycle, in (0, 1].
	Load float64
	// LinkLatency optionally gives the netsim latency of each router
	// channel per adjacency entry (as netsim.NetworkOptions.LinkLatency,
	// e.g. from cable lengths); nil or 0 entries: Config.LocalLatency or
	// GlobalLatency by the routers' groups, as netsim does.
	LinkLatency []int32
}

// DefaultSimSetup returns netsim.BookSimConfig() (SC14's 64-flit input
// ports, single-flit packets, credit delay 2) at load 0.5 with vcs VCs.
func DefaultSimSetup(vcs int) SimSetup {
	c := netsim.BookSimConfig()
	c.VCs = vcs
	return SimSetup{Config: c, Load: 0.5}
}

// MinRoutingVCs returns the VCs netsim's min routing uses by default on t:
// one class per hop, the router graph's diameter (at least 1). It fails for
// a disconnected graph, which neither BookSim2 nor netsim can route. The
// distances use workers goroutines (0: all CPUs).
func MinRoutingVCs(ctx context.Context, t *families.Topology, workers int) (int, error) {
	ds, err := graph.Distances(ctx, t.Graph, nil, workers)
	if err != nil {
		return 0, err
	}
	if !ds.Connected() {
		return 0, errors.New("the router graph is disconnected: no minimal routing reaches every router")
	}
	return max(1, ds.Diameter), nil
}

// simParams are a SimSetup's values for the exports, checked.
type simParams struct {
	vcs, bufVC, packet int
	creditDelay        int
	lat                []int32 // netsim latency per adjacency entry
	endpointLat        int
	load               float64
	sample, warmup     int // SamplePeriod; WarmupMin in samples (at least 1)
	measure, drain     int // MeasureCycles, DrainMax
	speedup            int
	router             float64 // router pipeline in channel cycles
}

// params checks s against t and returns its values; for BookSim2 the
// timing must be BookSimConfig's.
func (s SimSetup) params(t *families.Topology, booksim bool) (*simParams, error) {
	c := s.Config
	if booksim && (c.RoutingDelay != 0 || c.VCAllocDelay != 1 || c.SwAllocDelay != 1 || c.CrossbarDelay != 0 || c.Speedup != 2) {
		return nil, fmt.Errorf("the netsim timing (routing %d, VC allocation %d, switch allocation %d, crossbar %d router cycles, speedup %d) is not netsim.BookSimConfig's (0, 1, 1, 0, speedup 2), the one BookSim2's IQ router matches",
			c.RoutingDelay, c.VCAllocDelay, c.SwAllocDelay, c.CrossbarDelay, c.Speedup)
	}
	if c.Speedup < 1 {
		return nil, fmt.Errorf("speedup %d, want at least 1", c.Speedup)
	}
	minLat := 1
	if booksim {
		minLat = 2
	}
	if c.VCs < 1 {
		return nil, errors.New("the VC count is not set (netsim's min routing uses the diameter: MinRoutingVCs)")
	}
	if c.PacketSize < 1 {
		return nil, fmt.Errorf("packet size %d flits, want at least 1", c.PacketSize)
	}
	if c.FlowControl != netsim.Wormhole && c.PacketSize > 1 {
		return nil, fmt.Errorf("flow control %s: the export matches wormhole flow control only", c.FlowControl)
	}
	bufVC := c.BufPerVC
	if bufVC == 0 {
		bufVC = c.BufPerPort / c.VCs
	}
	if bufVC < 1 {
		return nil, fmt.Errorf("%d-flit ports split over %d VCs leave no buffer per VC", c.BufPerPort, c.VCs)
	}
	if c.CreditDelay < 1 {
		return nil, fmt.Errorf("credit delay %d, want at least 1", c.CreditDelay)
	}
	if c.EndpointLatency < minLat {
		return nil, fmt.Errorf("endpoint latency %d: %s", c.EndpointLatency, shortChannel(booksim))
	}
	if !(s.Load > 0 && s.Load <= 1) {
		return nil, fmt.Errorf("load %g is outside (0, 1]", s.Load)
	}
	if c.SamplePeriod < 1 {
		return nil, fmt.Errorf("sample period %d, want at least 1", c.SamplePeriod)
	}
	g := t.Graph
	if s.LinkLatency != nil && len(s.LinkLatency) != len(g.Adj) {
		return nil, fmt.Errorf("%d link latencies for %d adjacency entries", len(s.LinkLatency), len(g.Adj))
	}
	lat := make([]int32, len(g.Adj))
	for u := int32(0); int(u) < g.N(); u++ {
		for i, v := range g.Neighbors(u) {
			k := int(g.Off[u]) + i
			l := int32(c.LocalLatency)
			if t.Group != nil && t.Group[u] != t.Group[v] {
				l = int32(c.GlobalLatency)
			}
			if s.LinkLatency != nil && s.LinkLatency[k] != 0 {
				l = s.LinkLatency[k]
			}
			if l < int32(minLat) {
				return nil, fmt.Errorf("link %d-%d has latency %d: %s", u, v, l, shortChannel(booksim))
			}
			lat[k] = l
		}
	}
	if err := connected(g); err != nil {
		return nil, err
	}
	return &simParams{vcs: c.VCs, bufVC: bufVC, packet: c.PacketSize, creditDelay: c.CreditDelay,
		lat: lat, endpointLat: c.EndpointLatency, load: s.Load,
		sample: c.SamplePeriod, warmup: max(1, c.WarmupMin/c.SamplePeriod),
		measure: c.MeasureCycles, drain: c.DrainMax, speedup: c.Speedup,
		router: float64(c.RoutingDelay+c.VCAllocDelay+c.SwAllocDelay+c.CrossbarDelay) / float64(c.Speedup)}, nil
}

// shortChannel says why a channel latency is too short.
func shortChannel(booksim bool) string {
	if booksim {
		return "BookSim2's shortest channel (1 cycle) is 2 netsim cycles"
	}
	return "want at least 1 cycle"
}

// connected returns an error unless every router of g is reachable from
// router 0 (neither BookSim2's anynet nor SST's anytopo can route
// otherwise).
func connected(g *graph.Graph) error {
	if g.N() == 0 {
		return errors.New("the network has no routers")
	}
	dist := make([]int32, g.N())
	graph.BFS(g, 0, dist)
	if i := slices.Index(dist, -1); i >= 0 {
		return fmt.Errorf("the router graph is disconnected (router %d is not reachable from router 0)", i)
	}
	return nil
}

// WriteBookSim writes the instance v of family f (built topology t) as a
// BookSim2 simulation of s: the anynet network file to network (see
// WriteAnynet; router channels of netsim latency L as BookSim2 latency
// L-1, endpoint channels likewise) and to config a BookSim2 configuration
// (topology = anynet, network_file = BookSimNetworkFile) whose every
// setting carries a comment naming the netsim value it matches. BookSim's
// anynet collapses parallel links into one (ParallelLinks). BookSim2 source
// read: booksim/booksim2 src/networks/anynet.cpp (file syntax, min
// routing), src/config.l (// comments).
func WriteBookSim(network, config io.Writer, family string, v families.Values, t *families.Topology, s SimSetup) error {
	p, err := s.params(t, true)
	if err != nil {
		return fmt.Errorf("booksim: %w", err)
	}
	blat := make([]int32, len(p.lat))
	uniform := true
	for i, l := range p.lat {
		blat[i] = l - 1
		uniform = uniform && l == p.lat[0]
	}
	if err := writeAnynet(network, t, blat, int32(p.endpointLat-1)); err != nil {
		return err
	}
	params, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("booksim: %w", err)
	}
	c := s.Config
	bw := bufio.NewWriter(config)
	pr := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	pr("// BookSim2 configuration written by runexp (topology --format booksim).\n")
	pr("// Network: family %s, params %s: %d routers, %d endpoints, %d links.\n", family, params, t.Graph.N(), t.Endpoints(), t.Graph.Edges())
	pr("// Run it in this directory (BookSim2 opens network_file relative to the\n")
	pr("// working directory): booksim %s\n", BookSimConfigFile)
	pr("//\n")
	pr("// Every value matches a netsim run with netsim.BookSimConfig() timing and the\n")
	pr("// netsim Config field named in its comment (runexp: pkg/netsim/config.go,\n")
	pr("// BookSimConfig, and pkg/netsim/doc.go, \"Correspondence with BookSim2\"): a\n")
	pr("// netsim channel of L cycles is a BookSim2 channel of L-1, BookSim2's router\n")
	pr("// (internal speedup 2, routing 0, VC allocation, switch allocation and switch\n")
	pr("// traversal 1 each) is netsim's VC allocation 1 + switch allocation 1 +\n")
	pr("// crossbar 0 router cycles at speedup 2; zero-load latency and credit round\n")
	pr("// trip are then equal. What still differs is listed in pkg/netsim/doc.go,\n")
	pr("// \"Differences from BookSim2\".\n\n")

	pr("topology = anynet;\n")
	pr("network_file = %s; // %d routers, %d endpoints\n", BookSimNetworkFile, t.Graph.N(), t.Endpoints())
	pr("// Channel latencies are in %s: ", BookSimNetworkFile)
	if uniform {
		pr("every router channel is netsim's %d cycles (Config.LocalLatency/GlobalLatency or the per-link latency), BookSim2 %d", p.lat[0], p.lat[0]-1)
	} else {
		lo, hi := slices.Min(p.lat), slices.Max(p.lat)
		pr("router channels of netsim's %d to %d cycles (Config.LocalLatency/GlobalLatency by group, or per link), BookSim2 %d to %d", lo, hi, lo-1, hi-1)
	}
	pr(";\n// injection and ejection channels are netsim's Config.EndpointLatency %d, BookSim2 %d.\n\n", p.endpointLat, p.endpointLat-1)

	pr("// anynet's only routing function is min (min_anynet): one shortest path per\n")
	pr("// router pair (Dijkstra over the channel latencies), and every hop may use every\n")
	pr("// VC. netsim's min also takes one fixed minimal path (the lowest-numbered\n")
	pr("// minimal port; shortest in hops, not always the same path as BookSim2's) but\n")
	pr("// puts hop k on VC class k, which is deadlock-free where anynet's min is not in\n")
	pr("// general, and gives first hops fewer VCs (pkg/netsim/doc.go, \"Differences from\n")
	pr("// BookSim2\": the knee of a load curve lies slightly lower in netsim).\n")
	pr("routing_function = min;\n\n")

	pr("num_vcs = %d; // Config.VCs\n", p.vcs)
	if c.BufPerVC > 0 {
		pr("vc_buf_size = %d; // Config.BufPerVC\n", p.bufVC)
	} else {
		pr("vc_buf_size = %d; // Config.BufPerPort %d / VCs %d\n", p.bufVC, c.BufPerPort, p.vcs)
	}
	pr("wait_for_tail_credit = 0; // netsim releases an output VC when the tail wins switch allocation\n")
	pr("vc_allocator = separable_input_first; // netsim allocates VCs oldest first, taking the free VC with the most credits (differs)\n")
	pr("sw_allocator = separable_input_first; // netsim: separable input-first switch allocation, round-robin arbiters\n")
	pr("alloc_iters = 1; // netsim: one allocation pass per router cycle\n")
	pr("credit_delay = %d; // Config.CreditDelay\n", p.creditDelay)
	pr("routing_delay = 0; // Config.RoutingDelay 0 (lookahead routing)\n")
	pr("vc_alloc_delay = 1; // with sw_alloc_delay and st_final_delay: one cycle per router, netsim's Config.VCAllocDelay 1 + SwAllocDelay 1 + CrossbarDelay 0 router cycles at Speedup 2\n")
	pr("sw_alloc_delay = 1; // see vc_alloc_delay\n")
	pr("st_prepare_delay = 0; // see vc_alloc_delay\n")
	pr("st_final_delay = 1; // see vc_alloc_delay\n")
	pr("input_speedup = 1; // netsim has no input speedup\n")
	pr("output_speedup = 1; // netsim has no output speedup\n")
	pr("internal_speedup = 2.0; // Config.Speedup\n\n")

	pr("packet_size = %d; // Config.PacketSize (flits)\n", p.packet)
	pr("traffic = uniform; // netsim traffic uniform\n")
	pr("injection_process = bernoulli; // netsim sources are Bernoulli processes of packets\n")
	pr("injection_rate_uses_flits = 1; // netsim loads are flits per endpoint per cycle\n")
	pr("injection_rate = %s; // the offered load\n\n", strconv.FormatFloat(p.load, 'g', -1, 64))

	pr("// BookSim2 measures sample periods until its latency converges; netsim warms up\n")
	pr("// in samples until two agree (Config.WarmupTol), then measures one window of\n")
	pr("// Config.MeasureCycles %d cycles and drains (at most Config.DrainMax %d).\n", p.measure, p.drain)
	pr("sim_type = latency;\n")
	pr("warmup_periods = %d; // Config.WarmupMin %d / SamplePeriod\n", p.warmup, c.WarmupMin)
	pr("sample_period = %d; // Config.SamplePeriod\n", p.sample)
	return bw.Flush()
}
