package netsim

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/runexp/runexp/pkg/graph"
)

// routeTable holds all-pairs router distances and minimal next hops.
//
// Distances: 2 bits per pair in d2 (entry i = a*R+b in bits 2(i%4) of
// byte i/4) when the diameter is at most 3 (Slim Fly, Dragonfly, projective
// and demi-projective networks: a quarter of the memory, so the lookups of
// adaptive routing and of the minimal-route count stay in cache), else
// d8[a*R+b] when it is below 255, else d16.
//
// Next hops: nh[a*R+b] below nhMulti is the only minimal port from a
// towards b. Otherwise x - nhMulti numbers a set of minimal ports (several,
// or one port >= nhMulti): set id rowBase[2a + b>>15] + x - nhMulti, whose
// port list is ports[setOff[id]+1 : setOff[id]+1+count], ascending, with
// count = ports[setOff[id]]. Each row numbers the distinct sets of each
// block of 32,768 destinations 0, 1, ... in the order of their first
// destination (so 15 bits always suffice), and rows share the port lists.
// If the distinct sets of the whole network number at most 32,768, the
// entries number them directly and rowBase is all zero instead (the shared
// form: tori, fat trees and hypercubes have few). b == a: nh is 0 (unused).
type routeTable struct {
	r    int
	diam int
	d2   []uint8
	d8   []uint8
	d16  []uint16

	nh      []uint16
	rowBase []uint32 // len 2R
	setOff  []uint32
	ports   []uint16
}

const (
	nhMulti  = 1 << 15 // flag of a port-set entry of nh
	blkShift = 15      // destinations per block of a row: 1 << blkShift
)

// distAt returns the distance from router a to router b.
func (t *routeTable) distAt(a, b int) int32 {
	i := a*t.r + b
	if t.d2 != nil {
		return int32(t.d2[i>>2]>>(uint(i&3)*2)) & 3
	}
	if t.d8 != nil {
		return int32(t.d8[i])
	}
	return int32(t.d16[i])
}

// distAddr returns the address of the distance entry from a to b (for
// prefetch).
func (t *routeTable) distAddr(a, b int) uintptr {
	i := a*t.r + b
	switch {
	case t.d2 != nil:
		return addrOf(&t.d2[i>>2])
	case t.d8 != nil:
		return addrOf(&t.d8[i])
	}
	return addrOf(&t.d16[i])
}

// nhAddr returns the address of the next-hop entry from a towards b (for
// prefetch).
func (t *routeTable) nhAddr(a, b int32) uintptr {
	return addrOf(&t.nh[int(a)*t.r+int(b)])
}

// touch loads the next-hop entry from a towards b (nil table: nothing) so
// that a later lookup finds it in cache; see shard.touchHeads.
func (t *routeTable) touch(a, b int32) int32 {
	if t == nil {
		return 0
	}
	return int32(t.nh[int(a)*t.r+int(b)])
}

// bytes returns the memory of the tables.
func (t *routeTable) bytes() int64 {
	return int64(len(t.d2)) + int64(len(t.d8)) + 2*int64(len(t.d16)) + 2*int64(len(t.nh)) +
		4*int64(len(t.rowBase)) + 4*int64(len(t.setOff)) + 2*int64(len(t.ports))
}

// Routes builds (once) the all-pairs distance and minimal next-hop tables:
// 3 bytes per ordered router pair (a one-byte distance, a quarter byte if
// the diameter is at most 3, two bytes if it exceeds 254, and a two-byte
// next-hop entry that holds either the
// single minimal port or the number of a set of several), plus 8 bytes per
// router and the sets of several minimal ports: 2 bytes per port of each
// distinct set, and 4 bytes per distinct set of each router unless the
// network has at most 32,768 distinct sets (tori, fat trees, the Slim Fly
// of q = 89: 15,842 routers, 0.56 GB). It fails for a disconnected graph, a
// diameter above 65,534 or a router degree above 65,535.
func (n *Network) Routes() error { return n.RoutesContext(context.Background()) }

// RoutesContext is Routes with a context: the tables of thousands of
// routers take up to seconds (runtime.GOMAXPROCS goroutines build them). If
// ctx is cancelled first it returns ctx.Err(), and so do Routes and every
// routing constructor on this network from then on (build another
// Network).
func (n *Network) RoutesContext(ctx context.Context) error {
	n.once.Do(func() { n.rt, n.err = buildRoutes(ctx, n.g) })
	return n.err
}

// Diameter returns the router graph's diameter (Routes must have succeeded).
func (n *Network) Diameter() int { return n.rt.diam }

// Dist returns the router distance from a to b (Routes must have
// succeeded).
func (n *Network) Dist(a, b int32) int32 { return n.rt.distAt(int(a), int(b)) }

// MinPorts returns the number of minimal next-hop ports from router r
// towards router d != r (Routes must have succeeded).
func (n *Network) MinPorts(r, d int32) int {
	t := n.rt
	x := t.nh[int(r)*t.r+int(d)]
	if x < nhMulti {
		return 1
	}
	return int(t.ports[t.setOff[t.rowBase[2*int(r)+int(d>>blkShift)]+uint32(x-nhMulti)]])
}

// MinPort returns the i-th (0 <= i < MinPorts(r, d)) minimal next-hop port
// from r towards d, in ascending port order.
func (n *Network) MinPort(r, d int32, i int) int32 {
	t := n.rt
	x := t.nh[int(r)*t.r+int(d)]
	if x < nhMulti {
		return int32(x)
	}
	return int32(t.ports[int(t.setOff[t.rowBase[2*int(r)+int(d>>blkShift)]+uint32(x-nhMulti)])+1+i])
}

// routeOptions are the settings of buildRoutesOpts (tests vary them).
type routeOptions struct {
	workers int // goroutines; <= 0: runtime.GOMAXPROCS(0)
	// perRow numbers the port sets per row (and block) even when the
	// shared numbering fits.
	perRow bool
	// sharedMax > 0 replaces 32,768 as the most sets of the shared
	// numbering, chunk > 0 replaces rowChunk.
	sharedMax, chunk int
}

// buildRoutes builds the tables of g with runtime.GOMAXPROCS(0) goroutines;
// it returns ctx.Err() if ctx is cancelled.
func buildRoutes(ctx context.Context, g *graph.Graph) (*routeTable, error) {
	return buildRoutesOpts(ctx, g, routeOptions{})
}

// rowChunk is the number of rows whose next hops the workers compute
// between two merges of their port sets into the network's.
const rowChunk = 256

// buildRoutesOpts builds the tables in two parallel passes; they are
// identical for any number of workers.
//
// Distances: bit-parallel BFS (graph.BitBFS) from batches of 64 consecutive
// sources, one batch per worker at a time. Distances are symmetric, so the
// pairs a level reaches at vertex v fill row v, in the 64 columns of the
// batch. Besides the distance, it records dist mod 3 of every pair in two
// bit planes (bit j of word k of row v: source 64k+j).
//
// Next hops: a neighbour u of a is a minimal next hop towards b iff
// dist(u, b) = dist(a, b) - 1, and as dist(u, b) is dist(a, b) - 1,
// dist(a, b) or dist(a, b) + 1, iff dist(u, b) = dist(a, b) - 1 mod 3: one
// comparison of bit planes covers 64 destinations, R*deg*R/64 word
// operations in all. For row a, the ports in ascending order set the single
// port of the destinations they reach first and mark those reached again;
// the port sets of the marked destinations are then collected as bit masks
// and numbered within the row, and the rows' sets are merged into the
// network's in row order (see nextHops).
//
// A BFS from router 0 checks connectivity first: a disconnected graph fails
// with the first router 0 cannot reach, as a source-by-source search would.
func buildRoutesOpts(ctx context.Context, g *graph.Graph, opts routeOptions) (*routeTable, error) {
	R := g.N()
	if int64(R)*int64(R) > 1<<32 {
		return nil, fmt.Errorf("netsim: %d routers too many for all-pairs routing tables", R)
	}
	if d := g.MaxDegree(); d > math.MaxUint16 {
		return nil, fmt.Errorf("netsim: router degree %d too large for the routing tables (at most 65,535)", d)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	workers := opts.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &routeTable{r: R, nh: makeHuge[uint16](R * R), rowBase: make([]uint32, 2*R), ports: []uint16{}}
	if R == 0 {
		t.d8 = []uint8{}
		return t, nil
	}
	d := make([]int32, R)
	graph.BFS(g, 0, d)
	ecc0 := 0
	for v, x := range d {
		if x < 0 {
			return nil, fmt.Errorf("netsim: graph is disconnected (router %d cannot reach %d)", 0, v)
		}
		if x >= math.MaxUint16 {
			return nil, fmt.Errorf("netsim: distance %d too large", x)
		}
		ecc0 = max(ecc0, int(x))
	}

	W := (R + 63) / 64
	planes := make([]uint64, 2*R*W)
	// Two bytes per distance if ecc0 (at most the diameter) exceeds 254;
	// else one, and two after all if the search meets a distance of 255.
	wide := ecc0 >= math.MaxUint8
	for {
		overflow, err := t.distances(ctx, g, planes, wide, workers)
		if err != nil {
			return nil, err
		}
		if !overflow {
			break
		}
		wide = true
		clear(planes)
	}
	if err := t.nextHops(ctx, g, planes, workers, opts); err != nil {
		return nil, err
	}
	if t.d8 != nil && t.diam <= 3 {
		t.d2 = makeHuge[uint8]((len(t.d8) + 3) / 4)
		for i, d := range t.d8 {
			t.d2[i>>2] |= d << (uint(i&3) * 2)
		}
		t.d8 = nil
	}
	return t, nil
}
