package netsim

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// Network is the simulated network built from a topology: routers with
// their ports, endpoints and channel latencies, plus lazily built
// all-pairs distance and minimal next-hop tables for the routing
// algorithms. A Network is read-only after NewNetwork and may be shared by
// concurrent runs.
//
// Ports of router r: port i < Degree(r) is the network port towards
// Neighbor(r, i) (the order of the graph's adjacency list, so parallel links
// are distinct ports); ports Degree(r) .. Degree(r)+Conc[r]-1 attach the
// router's endpoints in id order. Endpoint e sits on the router found by the
// prefix sums of Topology.Conc.
type Network struct {
	top   *families.Topology
	g     *graph.Graph
	r, e  int
	epOff []int32 // len R+1: endpoints of router r are epOff[r] .. epOff[r+1]-1
	epRtr []int32 // endpoint -> router
	// conc is the concentration of every router when all have the same
	// (endpoint e is then on router e / conc), else 0: a division is
	// cheaper than the cache miss of epRtr, a random read of 4 MiB for
	// the destinations of a million endpoints.
	conc int32
	peer []int32 // per adjacency index: port index at the neighbour of the reverse link
	lat  []int32 // per adjacency index: explicit latency in cycles, nil or 0 = by class
	glob []bool  // per adjacency index: link joins two groups

	once sync.Once
	rt   *routeTable
	err  error
}

// NetworkOptions are optional settings of NewNetwork.
type NetworkOptions struct {
	// LinkLatency gives a latency in cycles per adjacency entry (index into
	// Graph.Adj, so both directions of a link are given; they may differ).
	// Zero entries fall back to Config.LocalLatency/GlobalLatency. nil: all
	// links by class. Use it for cable-length-derived delays.
	LinkLatency []int32
}

// NewNetwork builds a network from a topology. opts may be nil.
func NewNetwork(top *families.Topology, opts *NetworkOptions) (*Network, error) {
	if top == nil || top.Graph == nil {
		return nil, fmt.Errorf("netsim: nil topology")
	}
	g := top.Graph
	R := g.N()
	if len(top.Conc) != R {
		return nil, fmt.Errorf("netsim: topology has %d routers but %d concentration entries", R, len(top.Conc))
	}
	n := &Network{top: top, g: g, r: R}
	n.epOff = make([]int32, R+1)
	for r := 0; r < R; r++ {
		if top.Conc[r] < 0 {
			return nil, fmt.Errorf("netsim: router %d has negative concentration", r)
		}
		s := int64(n.epOff[r]) + int64(top.Conc[r])
		if s > math.MaxInt32/2 {
			return nil, fmt.Errorf("netsim: too many endpoints")
		}
		n.epOff[r+1] = int32(s)
	}
	n.e = int(n.epOff[R])
	if n.e == 0 {
		return nil, fmt.Errorf("netsim: topology has no endpoints")
	}
	n.epRtr = make([]int32, n.e)
	n.conc = top.Conc[0]
	for _, c := range top.Conc {
		if c != n.conc {
			n.conc = 0
		}
	}
	for r := 0; r < R; r++ {
		for e := n.epOff[r]; e < n.epOff[r+1]; e++ {
			n.epRtr[e] = int32(r)
		}
	}
	n.peer = make([]int32, len(g.Adj))
	for r := 0; r < R; r++ {
		nb := g.Neighbors(int32(r))
		for i, u := range nb {
			// k-th parallel link to u at r matches the k-th link to r at u.
			k := i - sort.Search(len(nb), func(j int) bool { return nb[j] >= u })
			un := g.Neighbors(u)
			j0 := sort.Search(len(un), func(j int) bool { return un[j] >= int32(r) })
			j := j0 + k
			if j >= len(un) || un[j] != int32(r) {
				return nil, fmt.Errorf("netsim: adjacency of routers %d and %d is not symmetric", r, u)
			}
			n.peer[int(g.Off[r])+i] = int32(j)
		}
	}
	if top.Group != nil {
		if len(top.Group) != R {
			return nil, fmt.Errorf("netsim: topology has %d routers but %d group entries", R, len(top.Group))
		}
		n.glob = make([]bool, len(g.Adj))
		for r := 0; r < R; r++ {
			for i, u := range g.Neighbors(int32(r)) {
				n.glob[int(g.Off[r])+i] = top.Group[r] != top.Group[u]
			}
		}
	}
	if opts != nil && opts.LinkLatency != nil {
		if len(opts.LinkLatency) != len(g.Adj) {
			return nil, fmt.Errorf("netsim: %d link latencies for %d adjacency entries", len(opts.LinkLatency), len(g.Adj))
		}
		for i, l := range opts.LinkLatency {
			if l < 0 || l >= MaxDelayTicks {
				return nil, fmt.Errorf("netsim: link latency %d at adjacency index %d outside [0, 2^20): a channel's events are scheduled at most 2^20 router cycles ahead", l, i)
			}
		}
		n.lat = append([]int32(nil), opts.LinkLatency...)
	}
	return n, nil
}

// Topology returns the topology the network was built from.
func (n *Network) Topology() *families.Topology { return n.top }

// Routers returns the number of routers.
func (n *Network) Routers() int { return n.r }

// Endpoints returns the number of endpoints.
func (n *Network) Endpoints() int { return n.e }

// Degree returns the number of network ports of router r.
func (n *Network) Degree(r int32) int { return n.g.Degree(r) }

// Neighbor returns the router at the far end of network port port of r.
func (n *Network) Neighbor(r, port int32) int32 { return n.g.Adj[n.g.Off[r]+port] }

// PeerPort returns the port index at Neighbor(r, port) of the same link.
func (n *Network) PeerPort(r, port int32) int32 { return n.peer[n.g.Off[r]+port] }

// EndpointRouter returns the router endpoint e is attached to.
func (n *Network) EndpointRouter(e int32) int32 {
	if n.conc > 0 {
		return e / n.conc
	}
	return n.epRtr[e]
}

// IsGlobal reports whether network port port of r leads to another group.
func (n *Network) IsGlobal(r, port int32) bool {
	return n.glob != nil && n.glob[n.g.Off[r]+port]
}

// ports returns the number of router ports: both ends of every link and
// one port per endpoint.
func (n *Network) ports() int { return len(n.g.Adj) + n.e }

// maxLinkLatency returns the largest latency in cycles given per link
// (NetworkOptions.LinkLatency), 0 if none.
func (n *Network) maxLinkLatency() int32 {
	var m int32
	for _, l := range n.lat {
		m = max(m, l)
	}
	return m
}

// linkLatency returns the latency in cycles of network port port of r.
func (n *Network) linkLatency(r, port int32, cfg *Config) int32 {
	i := n.g.Off[r] + port
	if n.lat != nil && n.lat[i] > 0 {
		return n.lat[i]
	}
	if n.glob != nil && n.glob[i] {
		return int32(cfg.GlobalLatency)
	}
	return int32(cfg.LocalLatency)
}
