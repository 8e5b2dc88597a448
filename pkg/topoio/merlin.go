package topoio

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/runexp/runexp/pkg/families"
)

// Merlin's units: the script runs one flit of merlinFlitBytes per channel
// cycle of 1 ns, so link_bw is merlinFlitBytes*8 Gb/s.
const merlinFlitBytes = 32

// WriteMerlin writes the instance v of family f (built topology t) as an
// SST configuration script (Python, run with `sst FILE`) that simulates s
// on SST Merlin with its anytopo topology (Python class topoAny, C++
// subcomponent merlin.anytopo in sstsimulator/sst-elements,
// src/sst/elements/merlin/topology). The script holds the network as data
// (ENDPOINTS per router, LINKS as router pairs), builds the networkx graph
// that topoAny.import_graph takes (node attribute "endpoints"), routes with
// netsim's min routing (at every router the lowest-numbered neighbour one
// hop closer; topoAny source routing) and sets hr_router, EndpointNIC and
// OfferedLoadJob as SST's own anytopo test does, with the values of s
// where Merlin has a counterpart (the script's comments name them).
//
// topoAny connects parallel links wrongly (it creates one set of links
// per parallel edge), so they are written once (ParallelLinks), and it
// gives every router link one latency, so s must give every link the same
// one. The script was checked against the anytopo source, not run under
// SST: the header says so.
func WriteMerlin(w io.Writer, family string, v families.Values, t *families.Topology, s SimSetup) error {
	p, err := s.params(t, false)
	if err != nil {
		return fmt.Errorf("merlin: %w", err)
	}
	if lo, hi := slices.Min(p.lat), slices.Max(p.lat); lo != hi {
		return fmt.Errorf("merlin: router links of %d to %d cycles: anytopo gives every router link the same latency", lo, hi)
	}
	params, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("merlin: %w", err)
	}
	g := t.Graph
	c := s.Config
	bw := bufio.NewWriterSize(w, 1<<16)
	pr := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	name := family + " " + string(params)
	distinct := g.Edges() - ParallelLinks(g)
	pr(`#!/usr/bin/env python3
# SST Merlin configuration written by runexp (topology --format merlin).
# Network: family %s, params %s:
# %d routers, %d endpoints, %d links.
`, family, params, g.N(), t.Endpoints(), distinct)
	if dup := ParallelLinks(g); dup > 0 {
		pr("# %d parallel links are written once (anytopo mis-wires parallel edges).\n", dup)
	}
	if i := slices.Index(t.Conc, 0); i >= 0 {
		pr("# WARNING: router %d (and maybe others) has no endpoints; merlin.anytopo as read\n", i)
		pr("# (sst-elements anytopo.cc) stops with \"No endpoint-to-port mapping provided\".\n")
	}
	pr(`#
# Run: sst THIS_FILE
# It needs sst-elements with Merlin's anytopo topology (Python class topoAny,
# sst-elements src/sst/elements/merlin/topology/pymerlin-topo-any.py, and the
# subcomponent merlin.anytopo) and networkx in SST's Python. Imported from
# another script it gives the network alone: ENDPOINTS (endpoints per
# router; router r's are numbered after router r-1's) and LINKS (router
# pairs) are the data, graph() the networkx graph that topoAny.import_graph
# takes (node attribute "endpoints"), netsim_min_routes() the routing table
# of netsim's min routing in topoAny's format.
#
# Checked: graph() and the routing table against topoAny's source
# (import_graph, _process_graph, calculate_routing_table) and build() against
# SST's own anytopo test (merlin/topology/anytopo_ultility/tests/
# test_anytopo.py); runexp's tests run graph() and netsim_min_routes() with
# networkx and compare the routes with netsim's. NOT checked: a run under
# SST, which was not available; anytopo is recent and its Python interface
# has changed between sst-elements commits.
#
# The settings follow a netsim run (runexp pkg/netsim, Config field named in
# each comment) where Merlin has a counterpart, with one flit per channel
# cycle of CYCLE_NS. Merlin's hr_router is not cycle-matched to netsim or
# BookSim2 (no separate routing and allocation stages, no credit delay):
# compare accepted load and saturation, not absolute latencies.

NAME = %q
`, name)
	pr(`
CYCLE_NS = 1  # one channel cycle
FLIT_BYTES = %d  # a flit crosses a link in one cycle
LINK_BW = "%dGb/s"  # FLIT_BYTES per CYCLE_NS
XBAR_BW = "%dGb/s"  # Config.Speedup %d times LINK_BW
LOAD = %s  # offered load, flits per endpoint per cycle
PACKET_FLITS = %d  # Config.PacketSize
VCS = %d  # Config.VCs; anytopo routes hop k on VC k and injects on VC 0: VCS + 1 VCs
VC_BUF_FLITS = %d  # per VC (Merlin's buffer sizes are per VC); Config.BufPerPort / VCs or BufPerVC
ROUTER_CYCLES = %s  # (RoutingDelay + VCAllocDelay + SwAllocDelay + CrossbarDelay) / Speedup: hr_router input_latency
LINK_CYCLES = %d  # Config.LocalLatency/GlobalLatency (or per link): anytopo link_latency
HOST_LINK_CYCLES = %d  # Config.EndpointLatency: anytopo host_link_latency
WARMUP_CYCLES = %d  # Config.WarmupMin (netsim warms up until two samples agree)
MEASURE_CYCLES = %d  # Config.MeasureCycles
DRAIN_CYCLES = %d  # Config.DrainMax

`, merlinFlitBytes, merlinFlitBytes*8, merlinFlitBytes*8*p.speedup, p.speedup,
		strconv.FormatFloat(p.load, 'g', -1, 64), p.packet, p.vcs, p.bufVC,
		strconv.FormatFloat(p.router, 'g', -1, 64), p.lat[0], p.endpointLat,
		c.WarmupMin, p.measure, p.drain)

	// The data: 20 concentrations, 10 links per line.
	pr("ENDPOINTS = [")
	for u, e := range t.Conc {
		if u%20 == 0 {
			pr("\n    ")
		} else {
			pr(" ")
		}
		pr("%d,", e)
	}
	pr("\n]\n\nLINKS = [")
	k := 0
	for u := int32(0); int(u) < g.N(); u++ {
		nb := g.Neighbors(u)
		for i, x := range nb {
			if x < u || (i > 0 && nb[i-1] == x) {
				continue
			}
			if k%10 == 0 {
				pr("\n    ")
			} else {
				pr(" ")
			}
			pr("(%d, %d),", u, x)
			k++
		}
	}
	pr("\n]\n")
	bw.WriteString(merlinCode)
	return bw.Flush()
}

// merlinCode is the code part of the merlin script.
const merlinCode = `

def graph():
    """The router graph as topoAny.import_graph takes it: an undirected
    networkx graph of integer routers with attribute "endpoints"."""
    import networkx as nx
    g = nx.Graph()
    for r, e in enumerate(ENDPOINTS):
        g.add_node(r, endpoints=e)
    g.add_edges_from(LINKS)
    return g


def netsim_min_routes(_graph=None):
    """netsim's min routing as a topoAny source-routing table:
    routes[src][dst] = [(1.0, path)], path the routers after src up to dst
    ([] for dst == src). Every router forwards to its lowest-numbered
    neighbour one hop closer to the destination (netsim: the lowest minimal
    port). Takes O(routers x links) time."""
    n = len(ENDPOINTS)
    adj = [[] for _ in range(n)]
    for u, v in LINKS:
        adj[u].append(v)
        adj[v].append(u)
    for a in adj:
        a.sort()
    routes = {s: {} for s in range(n)}
    for d in range(n):
        dist = [-1] * n
        dist[d] = 0
        queue = [d]
        for x in queue:
            for y in adj[x]:
                if dist[y] < 0:
                    dist[y] = dist[x] + 1
                    queue.append(y)
        nxt = [-1] * n
        for r in range(n):
            if r != d:
                nxt[r] = next(y for y in adj[r] if dist[y] == dist[r] - 1)
        for s in range(n):
            path = []
            r = s
            while r != d:
                r = nxt[r]
                path.append(r)
            routes[s][d] = [(1.0, path)]
    return routes


def _set(obj, name, value):
    """Sets a parameter that some anytopo versions lack."""
    try:
        setattr(obj, name, value)
    except Exception as e:
        print("runexp: %s = %r not set (%s): anytopo's default applies" % (name, value, e))


def _ns(cycles):
    return "%gns" % (cycles * CYCLE_NS)


def build():
    """Builds the SST simulation: topoAny with netsim's min routes,
    hr_router, EndpointNIC with source routing, uniform OfferedLoadJob."""
    topo = topoAny()
    topo.topo_name = NAME
    topo.routing_mode = "source_routing"
    _set(topo, "vcs_per_vn", VCS + 1)
    topo.import_graph(graph())
    routes = topo.calculate_routing_table(netsim_min_routes)

    buf = "%dB" % (VC_BUF_FLITS * FLIT_BYTES)
    router = hr_router()
    router.link_bw = LINK_BW
    router.flit_size = "%dB" % FLIT_BYTES
    router.xbar_bw = XBAR_BW
    router.input_latency = _ns(ROUTER_CYCLES)
    router.output_latency = "0ns"
    router.input_buf_size = buf
    router.output_buf_size = buf  # netsim bounds output queues by the downstream credits only
    router.num_vns = 1
    router.xbar_arb = "merlin.xbar_arb_rr"  # netsim: round-robin arbiters
    topo.router = router
    topo.link_latency = _ns(LINK_CYCLES)
    topo.host_link_latency = _ns(HOST_LINK_CYCLES)

    nic = EndpointNIC(use_reorderLinkControl=True, topo=topo)
    nic.addPlugin("sourceRoutingPlugin", routing_table=routes)
    nic.link_bw = LINK_BW
    nic.input_buf_size = buf
    nic.output_buf_size = buf
    nic.vn_remap = [0]

    ep = OfferedLoadJob(0, topo.getNumNodes())
    ep.setEndpointNIC(nic)
    ep.pattern = UniformTarget()
    ep.offered_load = LOAD
    ep.link_bw = LINK_BW
    ep.message_size = "%dB" % (PACKET_FLITS * FLIT_BYTES)
    ep.warmup_time = _ns(WARMUP_CYCLES)
    ep.collect_time = _ns(MEASURE_CYCLES)
    ep.drain_time = _ns(DRAIN_CYCLES)

    system = System()
    system.setTopology(topo)
    system.allocateNodes(ep, "linear")
    system.build()


if __name__ == "__main__":
    import sst
    from sst.merlin.base import *
    from sst.merlin.endpoint import *
    from sst.merlin.interface import *
    from sst.merlin.topology import *
    from sst.merlin.targetgen import *
    build()
`
