package placement

import (
	"context"
	"fmt"
	"slices"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Pack packs the clusters of a clustering of g (cl[r] is the cluster of
// router r: any non-negative labels, clusters of any size) into exactly
// m = ceil(n/size) cabinets of at most size routers each and returns the
// cabinet of every router, cabinets numbered in the order of their smallest
// router id. Walktrap uses it on its capped clusters.
//
// Clusters that Walktrap leaves have no link between any two of them that
// fit a cabinet together (otherwise it would have merged them), so merging
// by links cannot help; the problem left is bin packing, and Pack splits a
// cluster only when it fits no cabinet. The rule, deterministic:
//
//  1. The clusters are taken in decreasing size, ties in the order of their
//     smallest router id, into m cabinets that start empty.
//  2. A cluster that fits in some cabinet goes, whole, to the cabinet with
//     the most links to it among those where it fits; ties to the one with
//     the least room left (best fit), then the lowest cabinet index.
//  3. A cluster that fits nowhere is split: the cabinet with the most room
//     (ties: the most links to the cluster, then the lowest index) is
//     filled with as many of its routers as it has room for, grown greedily
//     one router at a time: the router with the highest gain = links into
//     the cabinet and the part already moved minus links to the rest of the
//     cluster (ties to the lowest router id). The rest of the cluster then
//     goes through steps 2 and 3 again.
//
// Since the m cabinets hold m*size >= n routers, some cabinet has room
// whenever a router is left, so the packing always succeeds; and no cabinet
// ends empty, since m-1 cabinets cannot hold n > (m-1)*size routers. The
// time is O(c*m + n*size + links) for c clusters. Pack returns an error for
// size < 1, a negative label or len(cl) != g.N(), and ctx.Err() (wrapped) if
// ctx is cancelled.
func Pack(ctx context.Context, g *graph.Graph, cl []int32, size int) ([]int32, error) {
	n := g.N()
	if size < 1 {
		return nil, fmt.Errorf("placement: pack: cabinet size %d, want >= 1", size)
	}
	if len(cl) != n {
		return nil, fmt.Errorf("placement: pack: %d cluster labels for %d routers", len(cl), n)
	}
	if n == 0 {
		return []int32{}, nil
	}
	labels, err := cabinetCount(cl)
	if err != nil {
		return nil, fmt.Errorf("placement: pack: %w", err)
	}
	// Compact cluster indices in order of smallest member, members ascending.
	idx := make([]int32, labels)
	for i := range idx {
		idx[i] = -1
	}
	var start []int32
	nc := int32(0)
	for _, c := range cl {
		if idx[c] < 0 {
			idx[c] = nc
			nc++
			start = append(start, 0)
		}
		start[idx[c]]++
	}
	start = append(start, 0)
	for c, s := int32(0), int32(0); c <= nc; c++ {
		start[c], s = s, s+start[c]
	}
	mem := make([]int32, n)
	pos := slices.Clone(start[:nc])
	for v, c := range cl {
		k := idx[c]
		mem[pos[k]] = int32(v)
		pos[k]++
	}
	order := make([]int32, nc)
	for c := range order {
		order[c] = int32(c)
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		return int((start[b+1] - start[b]) - (start[a+1] - start[a]))
	})

	p := newPacker(g, size)
	done := ctx.Done()
	for i, c := range order {
		if i%64 == 0 && stop.Requested(done) {
			return nil, fmt.Errorf("placement: pack: %w", ctx.Err())
		}
		p.place(mem[start[c]:start[c+1]])
	}
	return canonical(p.bin), nil
}

// packer holds the cabinets being filled.
type packer struct {
	g       *graph.Graph
	size    int
	bin     []int32 // cabinet of each router, -1 while unplaced
	room    []int   // free places per cabinet
	cnt     []int   // scratch per cabinet: links to the cluster
	touched []int32
	rest    []int32
	// greedy split scratch, indexed by position in rest
	loc    []int32 // per router: position in rest, -1
	gain   []int
	picked []bool
}

func newPacker(g *graph.Graph, size int) *packer {
	n := g.N()
	m := (n + size - 1) / size
	p := &packer{g: g, size: size, bin: make([]int32, n), room: make([]int, m), cnt: make([]int, m), loc: make([]int32, n)}
	for i := range p.bin {
		p.bin[i], p.loc[i] = -1, -1
	}
	for b := range p.room {
		p.room[b] = size
	}
	return p
}

// place places the routers of one cluster (ascending ids), splitting it
// if it fits no cabinet.
func (p *packer) place(cluster []int32) {
	rest := append(p.rest[:0], cluster...)
	for len(rest) > 0 {
		p.links(rest)
		best := -1
		for b, r := range p.room {
			if r < len(rest) {
				continue
			}
			if best < 0 || p.cnt[b] > p.cnt[best] || (p.cnt[b] == p.cnt[best] && r < p.room[best]) {
				best = b
			}
		}
		if best >= 0 {
			for _, v := range rest {
				p.bin[v] = int32(best)
			}
			p.room[best] -= len(rest)
			p.clearLinks()
			break
		}
		for b, r := range p.room {
			if best < 0 || r > p.room[best] || (r == p.room[best] && p.cnt[b] > p.cnt[best]) {
				best = b
			}
		}
		p.clearLinks()
		rest = p.split(rest, int32(best))
	}
	p.rest = rest[:0]
}

// links counts the links from rest to every cabinet into cnt.
func (p *packer) links(rest []int32) {
	for _, v := range rest {
		for _, u := range p.g.Neighbors(v) {
			if b := p.bin[u]; b >= 0 {
				if p.cnt[b] == 0 {
					p.touched = append(p.touched, b)
				}
				p.cnt[b]++
			}
		}
	}
}

func (p *packer) clearLinks() {
	for _, b := range p.touched {
		p.cnt[b] = 0
	}
	p.touched = p.touched[:0]
}

// split moves room[b] routers of rest into cabinet b (room[b] < len(rest))
// by greedy growth and returns the routers left, in ascending order.
func (p *packer) split(rest []int32, b int32) []int32 {
	k := p.room[b]
	p.gain = slices.Grow(p.gain[:0], len(rest))[:len(rest)]
	p.picked = slices.Grow(p.picked[:0], len(rest))[:len(rest)]
	for i, v := range rest {
		p.loc[v] = int32(i)
		p.picked[i] = false
	}
	for i, v := range rest {
		gain := 0
		for _, u := range p.g.Neighbors(v) {
			switch {
			case p.bin[u] == b:
				gain++
			case p.loc[u] >= 0:
				gain--
			}
		}
		p.gain[i] = gain
	}
	for ; k > 0; k-- {
		best := -1
		for i := range rest {
			if !p.picked[i] && (best < 0 || p.gain[i] > p.gain[best]) {
				best = i
			}
		}
		p.picked[best] = true
		v := rest[best]
		p.bin[v] = b
		for _, u := range p.g.Neighbors(v) {
			if j := p.loc[u]; j >= 0 && !p.picked[j] {
				p.gain[j] += 2 // u's link to v moves from the rest to the cabinet
			}
		}
	}
	p.room[b] = 0
	left := rest[:0]
	for i, v := range rest {
		p.loc[v] = -1
		if !p.picked[i] {
			left = append(left, v)
		}
	}
	return left
}

// canonical renumbers cabinets 0..m-1 in the order of their smallest
// router id, in place, and returns cab.
func canonical(cab []int32) []int32 {
	m := int32(0)
	for _, c := range cab {
		m = max(m, c+1)
	}
	id := make([]int32, m)
	for i := range id {
		id[i] = -1
	}
	next := int32(0)
	for r, c := range cab {
		if id[c] < 0 {
			id[c] = next
			next++
		}
		cab[r] = id[c]
	}
	return cab
}
