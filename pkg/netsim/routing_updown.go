package netsim

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
)

// FlagDown marks a packet that has taken a down link of up*/down* routing:
// it may take only down links from then on (used by UpDown and by the
// escape channels of DuatoUpDown).
const FlagDown uint32 = 1 << 2

// FlagEscapeOnly marks a packet that DuatoUpDown has committed to its
// escape VCs.
const FlagEscapeOnly uint32 = 1 << 3

// UpDownTree is the up*/down* orientation of a network's links (Schroeder
// et al., Autonet: a High-speed, Self-configuring Local Area Network Using
// Point-to-point Links, IEEE JSAC 9(8), 1991): a breadth-first spanning
// tree from a root router gives every router a level (its distance from
// the root); the link u -> v is "up" if v is closer to the root (level[v]
// < level[u]) or, between routers of the same level, if v has the lower
// id, else "down". Every cycle of the graph has an up link and a down
// link, so routes that never take an up link after a down link (legal
// routes) have an acyclic channel dependency graph with one VC.
//
// The tree also holds the shortest legal distances between all routers
// (two tables of R x R uint16: about 4 bytes per router pair), so that
// routes can be minimal among legal routes.
type UpDownTree struct {
	net   *Network
	Root  int32
	Level []int32
	up    []bool   // per adjacency index: the link is an up link
	du    []uint16 // du[d*R+r]: shortest legal distance from r to d
	dd    []uint16 // dd[d*R+r]: shortest down-only distance from r to d (unreach if none)
}

const unreach = math.MaxUint16

// DefaultUpDownRoot returns the root up*/down* uses by default: a center
// of the graph (minimum eccentricity), ties broken by the higher degree,
// then the lower id. A central root gives the shallowest tree, so legal
// routes stay close to shortest paths.
func DefaultUpDownRoot(net *Network) (int32, error) {
	if err := net.Routes(); err != nil {
		return -1, err
	}
	R := net.r
	best, bestEcc, bestDeg := int32(-1), math.MaxInt, -1
	for r := 0; r < R; r++ {
		ecc := 0
		for b := range R {
			ecc = max(ecc, int(net.rt.distAt(r, b)))
		}
		deg := net.Degree(int32(r))
		if ecc < bestEcc || ecc == bestEcc && deg > bestDeg {
			best, bestEcc, bestDeg = int32(r), ecc, deg
		}
	}
	return best, nil
}

// NewUpDownTree orients the links of net from root (< 0: DefaultUpDownRoot)
// and computes the legal distances. It fails for a disconnected network and
// for more than 16,384 routers (the distance tables).
func NewUpDownTree(net *Network, root int32) (*UpDownTree, error) {
	if err := net.Routes(); err != nil {
		return nil, err
	}
	R := net.r
	if R > 1<<14 {
		return nil, fmt.Errorf("netsim: up*/down*: %d routers too many for its distance tables (at most 16,384)", R)
	}
	if root < 0 {
		var err error
		if root, err = DefaultUpDownRoot(net); err != nil {
			return nil, err
		}
	}
	if int(root) >= R {
		return nil, fmt.Errorf("netsim: up*/down*: root %d outside [0, %d)", root, R)
	}
	t := &UpDownTree{net: net, Root: root, Level: make([]int32, R), up: make([]bool, len(net.g.Adj))}
	for r := 0; r < R; r++ {
		t.Level[r] = net.rt.distAt(int(root), r)
	}
	for r := int32(0); r < int32(R); r++ {
		for i := int32(0); i < int32(net.Degree(r)); i++ {
			u := net.Neighbor(r, i)
			t.up[net.g.Off[r]+i] = t.Level[u] < t.Level[r] || t.Level[u] == t.Level[r] && u < r
		}
	}
	t.du = make([]uint16, R*R)
	t.dd = make([]uint16, R*R)
	// One reverse search per destination, the destinations shared out
	// among the processors (each search writes its own rows).
	workers := max(1, min(runtime.GOMAXPROCS(0), R/64))
	bad := make([]int, workers) // per worker: the lowest destination without a legal route from some router, or R
	from := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bad[w] = R
			queue := make([]int32, 0, 2*R)
			for d := w; d < R; d += workers {
				if r := t.legalDistances(d, queue); r >= 0 && d < bad[w] {
					bad[w], from[w] = d, r
				}
			}
		}()
	}
	wg.Wait()
	if i := slices.Index(bad, slices.Min(bad)); bad[i] < R {
		return nil, fmt.Errorf("netsim: up*/down*: no legal route from %d to %d", from[i], bad[i])
	}
	return t, nil
}

// legalDistances fills the rows of destination d of du and dd by a
// reverse breadth-first search over the states (router, phase): phase up
// may take up links (staying up) or down links (turning down), phase down
// only down links. queue is scratch space of capacity 2R. It returns a
// router with no legal route to d, or -1.
func (t *UpDownTree) legalDistances(d int, queue []int32) int {
	net, R := t.net, t.net.r
	du, dd := t.du[d*R:(d+1)*R], t.dd[d*R:(d+1)*R]
	for i := range du {
		du[i], dd[i] = unreach, unreach
	}
	du[d], dd[d] = 0, 0
	queue = append(queue[:0], int32(d)<<1, int32(d)<<1|1) // state v<<1 | down
	for h := 0; h < len(queue); h++ {
		v, down := queue[h]>>1, queue[h]&1 == 1
		dist := du[v]
		if down {
			dist = dd[v]
		}
		// Predecessors u of v: links u -> v.
		off := net.g.Off[v]
		for i, u := range net.g.Neighbors(v) {
			upLink := !t.up[off+int32(i)] // v -> u down means u -> v up
			if upLink == down {
				continue // u -> v up leads to phase up only; down to phase down only
			}
			if upLink {
				if du[u] == unreach {
					du[u] = dist + 1
					queue = append(queue, u<<1)
				}
				continue
			}
			if du[u] == unreach {
				du[u] = dist + 1
				queue = append(queue, u<<1)
			}
			if dd[u] == unreach {
				dd[u] = dist + 1
				queue = append(queue, u<<1|1)
			}
		}
	}
	for r, x := range du {
		if x == unreach {
			return r
		}
	}
	return -1
}

// Up reports whether network port port of router r is an up link.
func (t *UpDownTree) Up(r, port int32) bool { return t.up[t.net.g.Off[r]+port] }

// Dist returns the length of the shortest legal route from r to d; with
// down set, of the shortest route from r to d using down links only
// (math.MaxUint16 if there is none).
func (t *UpDownTree) Dist(r, d int32, down bool) int {
	if down {
		return int(t.dd[int(d)*t.net.r+int(r)])
	}
	return int(t.du[int(d)*t.net.r+int(r)])
}

// each calls f for every port of r on a shortest legal route to d != r for
// a packet in the given phase, with whether the packet is in the down
// phase after taking it.
func (t *UpDownTree) each(r, d int32, down bool, f func(port int32, downAfter bool)) {
	R := t.net.r
	want := t.Dist(r, d, down) - 1
	du, dd := t.du[int(d)*R:], t.dd[int(d)*R:]
	off := t.net.g.Off[r]
	for i, u := range t.net.g.Neighbors(r) {
		if t.up[off+int32(i)] {
			if !down && int(du[u]) == want {
				f(int32(i), false)
			}
		} else if int(dd[u]) == want {
			f(int32(i), true)
		}
	}
}

// UpDown is up*/down* routing (UpDownTree) on any connected network: a
// packet takes a shortest legal route, never an up link after a down link,
// choosing uniformly at random among the next hops on shortest legal
// routes (with the run's routing stream); one VC class. The phase is kept
// in Packet.Flags (FlagDown). Registered as "updown" (default root) and
// "updown:root=R".
type UpDown struct {
	tree *UpDownTree
	name string
}

// NewUpDown returns up*/down* routing on net from root (< 0: the default
// root).
func NewUpDown(net *Network, root int32) (*UpDown, error) {
	t, err := NewUpDownTree(net, root)
	if err != nil {
		return nil, err
	}
	name := "updown"
	if root >= 0 {
		name = fmt.Sprintf("updown:root=%d", root)
	}
	return &UpDown{tree: t, name: name}, nil
}

// Name returns "updown" or "updown:root=R".
func (u *UpDown) Name() string { return u.name }

// Classes returns 1.
func (u *UpDown) Classes() int { return 1 }

// Tree returns the up*/down* orientation the routing uses.
func (u *UpDown) Tree() *UpDownTree { return u.tree }

// Route takes a random next hop on a shortest legal route.
func (u *UpDown) Route(v *View, r int32, p *Packet) (int32, int32) {
	down := p.Flags&FlagDown != 0
	pick, downAfter, n := int32(-1), false, 0
	u.tree.each(r, p.DstRouter, down, func(port int32, d bool) {
		n++
		if n == 1 || v.s.rng.IntN(n) == 0 {
			pick, downAfter = port, d
		}
	})
	if downAfter {
		p.Flags |= FlagDown
	}
	return pick, 0
}

// NextHops enumerates every next hop on a shortest legal route.
func (u *UpDown) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	u.tree.each(r, p.DstRouter, p.Flags&FlagDown != 0, func(port int32, d bool) {
		q := p
		if d {
			q.Flags |= FlagDown
		}
		yield(port, 0, q)
	})
}
