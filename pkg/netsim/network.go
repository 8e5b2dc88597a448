package netsim

import (
	"context"
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
	peer  []int32 // per adjacency index: port index at the neighbour of the reverse link
	lat   []int32 // per adjacency index: explicit latency in cycles, nil or 0 = by class
	glob  []bool  // per adjacency index: link joins two groups

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
func (n *Network) EndpointRouter(e int32) int32 { return n.epRtr[e] }

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

// routeTable holds all-pairs router distances and minimal next hops.
type routeTable struct {
	r    int
	dist []uint16 // dist[a*R+b]
	// nh[a*R+b] >= 0 is the only minimal next-hop port from a towards b;
	// < 0 is -(i+1) with multi[i] = count and the ports in multi[i+1:].
	// b == a: 0 (unused).
	nh    []int32
	multi []int32
	diam  int
}

// Routes builds (once) the all-pairs distance and minimal next-hop tables:
// about 6 bytes per ordered router pair. It fails for a disconnected graph
// or a diameter above 65,534.
func (n *Network) Routes() error { return n.RoutesContext(context.Background()) }

// RoutesContext is Routes with a context: the tables of thousands of
// routers take seconds to minutes. If ctx is cancelled first it returns
// ctx.Err(), and so do Routes and every routing constructor on this network
// from then on (build another Network).
func (n *Network) RoutesContext(ctx context.Context) error {
	n.once.Do(func() { n.rt, n.err = buildRoutes(ctx, n.g) })
	return n.err
}

// buildRoutes builds the tables of g; it returns ctx.Err() if ctx is
// cancelled (checked for every source router).
func buildRoutes(ctx context.Context, g *graph.Graph) (*routeTable, error) {
	R := g.N()
	if int64(R)*int64(R) > 1<<32 {
		return nil, fmt.Errorf("netsim: %d routers too many for all-pairs routing tables", R)
	}
	t := &routeTable{r: R, dist: make([]uint16, R*R), nh: make([]int32, R*R)}
	d := make([]int32, R)
	for s := 0; s < R; s++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		graph.BFS(g, int32(s), d)
		row := t.dist[s*R : (s+1)*R]
		for v, x := range d {
			if x < 0 {
				return nil, fmt.Errorf("netsim: graph is disconnected (router %d cannot reach %d)", s, v)
			}
			if x >= math.MaxUint16 {
				return nil, fmt.Errorf("netsim: distance %d too large", x)
			}
			row[v] = uint16(x)
			if int(x) > t.diam {
				t.diam = int(x)
			}
		}
	}
	// Distances are symmetric: the next hop from a to b is a neighbour u
	// with dist(u, b) = dist(a, b) - 1, read from row b.
	var ports []int32
	for a := 0; a < R; a++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		nb := g.Neighbors(int32(a))
		for b := 0; b < R; b++ {
			if a == b {
				continue
			}
			want := t.dist[a*R+b] - 1
			rowB := t.dist[b*R : (b+1)*R]
			ports = ports[:0]
			for i, u := range nb {
				if rowB[u] == want {
					ports = append(ports, int32(i))
				}
			}
			switch len(ports) {
			case 0:
				return nil, fmt.Errorf("netsim: internal error: no next hop from %d to %d", a, b)
			case 1:
				t.nh[a*R+b] = ports[0]
			default:
				if len(t.multi) > math.MaxInt32/2 {
					return nil, fmt.Errorf("netsim: next-hop table too large")
				}
				t.nh[a*R+b] = -int32(len(t.multi)) - 1
				t.multi = append(t.multi, int32(len(ports)))
				t.multi = append(t.multi, ports...)
			}
		}
	}
	return t, nil
}

// touch loads the next-hop entry from a towards b (nil table: nothing)
// so that a later lookup finds it in cache; see sim.touchArrivals.
func (t *routeTable) touch(a, b int32) int32 {
	if t == nil {
		return 0
	}
	return t.nh[int(a)*t.r+int(b)]
}

// Diameter returns the router graph's diameter (Routes must have succeeded).
func (n *Network) Diameter() int { return n.rt.diam }

// Dist returns the router distance from a to b (Routes must have
// succeeded).
func (n *Network) Dist(a, b int32) int32 { return int32(n.rt.dist[int(a)*n.r+int(b)]) }

// MinPorts returns the number of minimal next-hop ports from router r
// towards router d != r (Routes must have succeeded).
func (n *Network) MinPorts(r, d int32) int {
	x := n.rt.nh[int(r)*n.r+int(d)]
	if x >= 0 {
		return 1
	}
	return int(n.rt.multi[-x-1])
}

// MinPort returns the i-th (0 <= i < MinPorts(r, d)) minimal next-hop port
// from r towards d, in ascending port order.
func (n *Network) MinPort(r, d int32, i int) int32 {
	x := n.rt.nh[int(r)*n.r+int(d)]
	if x >= 0 {
		return x
	}
	return n.rt.multi[int(-x-1)+1+i]
}
