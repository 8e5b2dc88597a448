#!/usr/bin/env python3
# SST Merlin configuration written by runexp (topology --format merlin).
# Network: family slimfly, params {"max_radix":0,"p":4,"q":5}:
# 50 routers, 200 endpoints, 175 links.
#
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

NAME = "slimfly {\"max_radix\":0,\"p\":4,\"q\":5}"

CYCLE_NS = 1  # one channel cycle
FLIT_BYTES = 32  # a flit crosses a link in one cycle
LINK_BW = "256Gb/s"  # FLIT_BYTES per CYCLE_NS
XBAR_BW = "512Gb/s"  # Config.Speedup 2 times LINK_BW
LOAD = 0.5  # offered load, flits per endpoint per cycle
PACKET_FLITS = 1  # Config.PacketSize
VCS = 2  # Config.VCs; anytopo routes hop k on VC k and injects on VC 0: VCS + 1 VCs
VC_BUF_FLITS = 32  # per VC (Merlin's buffer sizes are per VC); Config.BufPerPort / VCs or BufPerVC
ROUTER_CYCLES = 1  # (RoutingDelay + VCAllocDelay + SwAllocDelay + CrossbarDelay) / Speedup: hr_router input_latency
LINK_CYCLES = 2  # Config.LocalLatency/GlobalLatency (or per link): anytopo link_latency
HOST_LINK_CYCLES = 2  # Config.EndpointLatency: anytopo host_link_latency
WARMUP_CYCLES = 3000  # Config.WarmupMin (netsim warms up until two samples agree)
MEASURE_CYCLES = 5000  # Config.MeasureCycles
DRAIN_CYCLES = 20000  # Config.DrainMax

ENDPOINTS = [
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
]

LINKS = [
    (0, 1), (0, 4), (0, 25), (0, 30), (0, 35), (0, 40), (0, 45), (1, 2), (1, 26), (1, 31),
    (1, 36), (1, 41), (1, 46), (2, 3), (2, 27), (2, 32), (2, 37), (2, 42), (2, 47), (3, 4),
    (3, 28), (3, 33), (3, 38), (3, 43), (3, 48), (4, 29), (4, 34), (4, 39), (4, 44), (4, 49),
    (5, 6), (5, 9), (5, 25), (5, 34), (5, 38), (5, 42), (5, 46), (6, 7), (6, 26), (6, 30),
    (6, 39), (6, 43), (6, 47), (7, 8), (7, 27), (7, 31), (7, 35), (7, 44), (7, 48), (8, 9),
    (8, 28), (8, 32), (8, 36), (8, 40), (8, 49), (9, 29), (9, 33), (9, 37), (9, 41), (9, 45),
    (10, 11), (10, 14), (10, 25), (10, 33), (10, 36), (10, 44), (10, 47), (11, 12), (11, 26), (11, 34),
    (11, 37), (11, 40), (11, 48), (12, 13), (12, 27), (12, 30), (12, 38), (12, 41), (12, 49), (13, 14),
    (13, 28), (13, 31), (13, 39), (13, 42), (13, 45), (14, 29), (14, 32), (14, 35), (14, 43), (14, 46),
    (15, 16), (15, 19), (15, 25), (15, 32), (15, 39), (15, 41), (15, 48), (16, 17), (16, 26), (16, 33),
    (16, 35), (16, 42), (16, 49), (17, 18), (17, 27), (17, 34), (17, 36), (17, 43), (17, 45), (18, 19),
    (18, 28), (18, 30), (18, 37), (18, 44), (18, 46), (19, 29), (19, 31), (19, 38), (19, 40), (19, 47),
    (20, 21), (20, 24), (20, 25), (20, 31), (20, 37), (20, 43), (20, 49), (21, 22), (21, 26), (21, 32),
    (21, 38), (21, 44), (21, 45), (22, 23), (22, 27), (22, 33), (22, 39), (22, 40), (22, 46), (23, 24),
    (23, 28), (23, 34), (23, 35), (23, 41), (23, 47), (24, 29), (24, 30), (24, 36), (24, 42), (24, 48),
    (25, 27), (25, 28), (26, 28), (26, 29), (27, 29), (30, 32), (30, 33), (31, 33), (31, 34), (32, 34),
    (35, 37), (35, 38), (36, 38), (36, 39), (37, 39), (40, 42), (40, 43), (41, 43), (41, 44), (42, 44),
    (45, 47), (45, 48), (46, 48), (46, 49), (47, 49),
]


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
