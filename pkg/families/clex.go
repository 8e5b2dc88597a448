package families

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/graph"
)

// CLEX is the CLEX network C(s, 1/s) of Lenzen and Wattenhofer (CLEX: Yet
// Another Supercomputer Architecture?, Definition 2.3) with n = K^T nodes,
// in the paper's notation n^s = K and 1/s = l = T. C(1/3, 3) with 64^3
// nodes is CLEX{K: 64, T: 3}; C(1/4, 4) with 32^4 nodes is CLEX{K: 32,
// T: 4}. Its methods compute adjacency from a vertex's label, without
// building a graph, so they serve instances far beyond the build limits.
//
// Labels and ids. A node's label is (v_1, ..., v_T) with digits in [0, K)
// (the paper's digits minus 1); v_1 is the position inside a level-1 clique
// and v_l the copy index added at level l. The vertex id is
// v_1 + v_2*K + ... + v_T*K^(T-1), so every copy of C(s, l) is a block of
// K^l consecutive ids (the level-1 cliques are the blocks of K).
//
// Arcs. The paper's graph is directed. Level 1 is the clique K_K on digit
// v_1 (bidirectional links). Level l+1 (l = 1, ..., T-1) adds the arc set
// E_{i,l+1}: (v_1, ..., v_{l-1}, v_l, i, ...) -> (v_1, ..., v_{l-1}, j, v_l,
// ...) for every j in [0, K); only digits l and l+1 change. Every node thus
// has K-1 + (T-1)*K = T*K - 1 out-arcs and as many in-arcs, the paper's
// "uniform degrees of n^s/s - 1" (191 for C(1/3, 3) with 64^3 nodes, 127
// for C(1/4, 4) with 32^4); some arcs are loops (a node with v_l = v_{l+1}
// has one at level l+1) and some repeat a lower-level arc, as the paper's
// Fig. 1 notes. Arcs lists them.
//
// Undirected network. Neighbors is the underlying simple graph: u ~ w iff
// u != w and there is an arc u -> w or w -> u. It is not regular: Degree
// gives a node's degree in closed form, between T*(K-1) and MaxDegree()
// (316 for 64^3, 219 for 32^4), and Links counts its edges.
//
// Diameter. The paper bounds the diameter by 2^T - 1 (Section II-B:
// D(C(s, l+1)) <= 2 D(C(s, l)) + 1, printed as 2^s - 1; Section II-C calls
// 2^(1/s) - 1 the diameter). The exact diameter, of the digraph and of the
// undirected graph alike, is T for every K >= 2. Upper bound: the arc of
// level l takes digit l-1 into digit l and sets digit l-1 freely, so from u
// to w the clique hop v_1 := w_T followed by one arc on each level l = 2,
// ..., T with j = w_(l-1) reaches w in T hops (the paper's "at most one edge
// on each level"). Lower bound: from (0, ..., 0) to (1, ..., 1), no arc, in
// either direction, raises the number of digits equal to 1 by more than one.
type CLEX struct {
	K int // n^s: clique size and arcs per node and level, >= 2
	T int // 1/s: number of levels (label digits), >= 1
}

// Validate checks K >= 2, T >= 1 and that the K^T vertex ids fit int32.
func (c CLEX) Validate() error {
	if c.K < 2 || c.T < 1 {
		return fmt.Errorf("clex: need K >= 2 and T >= 1, got K = %d, T = %d", c.K, c.T)
	}
	if n, ok := pow64(int64(c.K), int64(c.T)); !ok || n > math.MaxInt32 {
		return fmt.Errorf("clex: K^T = %d^%d does not fit int32 vertex ids", c.K, c.T)
	}
	return nil
}

// N returns the number of nodes K^T. The methods of CLEX assume that
// Validate returns nil.
func (c CLEX) N() int {
	n := 1
	for i := 0; i < c.T; i++ {
		n *= c.K
	}
	return n
}

// OutDegree returns T*K - 1, the number of arcs leaving (and entering) every
// node: the paper's degree n^s/s - 1.
func (c CLEX) OutDegree() int { return c.T*c.K - 1 }

// Links returns the number of edges of the undirected graph.
func (c CLEX) Links() int64 {
	l, _ := clexLinks(int64(c.K), int64(c.T))
	return l
}

// MaxDegree returns the largest degree of the undirected graph.
func (c CLEX) MaxDegree() int {
	_, hi := clexDegreeBounds(int64(c.K), int64(c.T))
	return int(hi)
}

// MinDegree returns the smallest degree of the undirected graph, T*(K-1)
// (the nodes whose digits are all equal).
func (c CLEX) MinDegree() int {
	lo, _ := clexDegreeBounds(int64(c.K), int64(c.T))
	return int(lo)
}

// clexMaxT bounds T so that label arrays live on the stack (int32 ids and
// K >= 2 give T <= 30).
const clexMaxT = 31

// digits fills d with the label of v and pw with the powers of K.
func (c CLEX) digits(v int32, d *[clexMaxT]int, pw *[clexMaxT + 1]int) {
	x := int(v)
	pw[0] = 1
	for i := 0; i < c.T; i++ {
		d[i] = x % c.K
		x /= c.K
		pw[i+1] = pw[i] * c.K
	}
}

// Label appends to dst[:0] the label digits (v_1, ..., v_T) of v and returns
// the result (Topology.Coords holds the same digits).
func (c CLEX) Label(v int32, dst []int32) []int32 {
	dst = dst[:0]
	x := int(v)
	for i := 0; i < c.T; i++ {
		dst = append(dst, int32(x%c.K))
		x /= c.K
	}
	return dst
}

// ID returns the vertex with the given label digits (len(label) == T).
func (c CLEX) ID(label []int32) int32 {
	id := 0
	for i := len(label) - 1; i >= 0; i-- {
		id = id*c.K + int(label[i])
	}
	return int32(id)
}

// Arcs appends to dst[:0] the heads of the OutDegree() arcs leaving v in
// port order and returns the result: first the K-1 clique neighbours
// (ascending v_1), then for each level l+1 = 2, ..., T the K arcs of
// E_{i,l+1} in order of j = 0, ..., K-1. Heads may repeat and may be v
// itself (see CLEX). It does not allocate when dst has capacity OutDegree().
func (c CLEX) Arcs(v int32, dst []int32) []int32 {
	var d [clexMaxT]int
	var pw [clexMaxT + 1]int
	c.digits(v, &d, &pw)
	dst = dst[:0]
	id := int(v)
	for j := 0; j < c.K; j++ {
		if j != d[0] {
			dst = append(dst, int32(id+j-d[0]))
		}
	}
	for q := 1; q < c.T; q++ {
		x, y := d[q-1], d[q]
		base := id - x*pw[q-1] + (x-y)*pw[q] // digit q := x, digit q-1 := 0
		for j := 0; j < c.K; j++ {
			dst = append(dst, int32(base+j*pw[q-1]))
		}
	}
	return dst
}

// Degree returns the degree of v in the undirected graph:
//
//	K-1 + sum over l = 2..T of f_l + (2K-3) * #{l : v_{l-1} != v_l},
//
// where f_l = K-1 if v_l is in S_l = {v_{l-1}, v_{l+1}} (v_{l+1} only when
// l < T) and |S_l| otherwise. The last term counts the neighbours differing
// in digits l-1 and l, f_l those differing in digit l alone.
func (c CLEX) Degree(v int32) int {
	var d [clexMaxT]int
	var pw [clexMaxT + 1]int
	c.digits(v, &d, &pw)
	deg := c.K - 1
	for l := 1; l < c.T; l++ {
		deg += int(clexSingle(int64(c.K), d[l-1], d[l], l+1 < c.T, d[min(l+1, c.T-1)]))
		if d[l-1] != d[l] {
			deg += 2*c.K - 3
		}
	}
	return deg
}

// clexSingle returns the number of neighbours of a node differing from it in
// digit l >= 2 only, given its digits prev = v_{l-1}, cur = v_l and, if
// hasNext, next = v_{l+1}.
func clexSingle(k int64, prev, cur int, hasNext bool, next int) int64 {
	switch {
	case cur == prev || hasNext && cur == next:
		return k - 1
	case hasNext && next != prev:
		return 2
	}
	return 1
}

// Neighbors appends to dst[:0] the neighbours of v in the undirected graph,
// sorted ascending without repeats, and returns the result. It does not
// allocate when dst has capacity Degree(v) (MaxDegree() for any v).
//
// A neighbour w differs from v in digit l alone (l = 1: the clique; l >= 2:
// an arc of level l or l+1 that leaves digit l-1, respectively l+1,
// unchanged) or in digits l-1 and l (an arc of level l, either way). The
// lists come out sorted without a sort: w < v iff w_p < v_p at the highest
// digit p where they differ, so the smaller neighbours are those with p =
// T, ..., 1 and w_p < v_p in turn, the larger ones those with p = 1, ..., T
// and w_p > v_p, each run ordered by (w_p, w_{p-1}).
func (c CLEX) Neighbors(v int32, dst []int32) []int32 {
	var d [clexMaxT]int
	var pw [clexMaxT + 1]int
	c.digits(v, &d, &pw)
	dst = dst[:0]
	for p := c.T - 1; p >= 0; p-- {
		for b := 0; b < d[p]; b++ {
			dst = c.appendRun(dst, &d, &pw, int(v), p, b)
		}
	}
	for p := 0; p < c.T; p++ {
		for b := d[p] + 1; b < c.K; b++ {
			dst = c.appendRun(dst, &d, &pw, int(v), p, b)
		}
	}
	return dst
}

// appendRun appends, in ascending order, the neighbours w of v whose highest
// digit differing from v is p, with w_p = b.
func (c CLEX) appendRun(dst []int32, d *[clexMaxT]int, pw *[clexMaxT + 1]int, id, p, b int) []int32 {
	y := d[p]
	if p == 0 { // level-1 clique
		return append(dst, int32(id+b-y))
	}
	x := d[p-1]
	base := id + (b-y)*pw[p] - x*pw[p-1] // w_p = b, w_{p-1} = 0
	if b == x {
		// The arcs v = (x, y) -> (x', x) of level p (digits p-1, p) for
		// every x' != x, plus the single-digit neighbour (x, x) that the
		// arc with x' = x reaches: every w_{p-1} in [0, K).
		for xp := 0; xp < c.K; xp++ {
			dst = append(dst, int32(base+xp*pw[p-1]))
		}
		return dst
	}
	// b != x, y. The pair neighbour (y, b) -> (x', y) = v exists iff y != x
	// (w_{p-1} = y); the single neighbour (x, b) iff {y, b} meets S_p.
	hasNext := p+1 < c.T
	single := y == x || hasNext && (y == d[p+1] || b == d[p+1])
	pair := y != x
	switch {
	case single && pair && x < y:
		dst = append(dst, int32(base+x*pw[p-1]), int32(base+y*pw[p-1]))
	case single && pair:
		dst = append(dst, int32(base+y*pw[p-1]), int32(base+x*pw[p-1]))
	case single:
		dst = append(dst, int32(base+x*pw[p-1]))
	case pair:
		dst = append(dst, int32(base+y*pw[p-1]))
	}
	return dst
}

// clexLinks returns the number of undirected edges of the CLEX network with
// clique size k and t levels, and whether it fits int64. Pairs differing in
// digit 1 only: k^(t-1) * k(k-1)/2 (the cliques); in digit l only, 2 <= l <
// t: 2 k^(t-2) (k-1)^2; in digit t only (t >= 2): k^(t-1) (k-1); in digits
// l-1 and l (t-1 choices of l): k^(t-2) * k(k-1)/2 * (2k-3) each.
func clexLinks(k, t int64) (int64, bool) {
	s := sizer{ok: true}
	kt1, ok := pow64(k, t-1)
	s.ok = s.ok && ok
	half := k * (k - 1) / 2 // k <= MaxInt32: fits
	links := s.mul(kt1, half)
	if t >= 2 {
		kt2, _ := pow64(k, t-2)
		links = s.add(links, s.mul(kt1, k-1))
		links = s.add(links, s.mul(s.mul(t-1, kt2), s.mul(half, 2*k-3)))
		links = s.add(links, s.mul(s.mul(2*(t-2), kt2), s.mul(k-1, k-1)))
	}
	return links, s.ok
}

// clexDegreeBounds returns the smallest and largest degree of the undirected
// CLEX network. The degree of a node (see CLEX.Degree) depends only on which
// digits at distance 1 or 2 are equal, so a dynamic program over labels with
// digits in {0, 1, 2} (every such equality pattern occurs among them) finds
// both extremes exactly in O(t) steps.
func clexDegreeBounds(k, t int64) (lo, hi int64) {
	if t == 1 {
		return k - 1, k - 1
	}
	c := int(min(k, 3))
	pair := func(a, b int) int64 {
		if a != b {
			return 2*k - 3
		}
		return 0
	}
	// best[a][b]: extreme sum of the terms fixed so far, given the last two
	// digits (a, b).
	var mx, mn [3][3]int64
	for a := 0; a < c; a++ {
		for b := 0; b < c; b++ {
			mx[a][b], mn[a][b] = pair(a, b), pair(a, b)
		}
	}
	for m := int64(1); m+1 < t; m++ {
		var nx, nn [3][3]int64
		for b := 0; b < c; b++ {
			for e := 0; e < c; e++ {
				nx[b][e], nn[b][e] = math.MinInt64, math.MaxInt64
				for a := 0; a < c; a++ {
					add := clexSingle(k, a, b, true, e) + pair(b, e)
					nx[b][e] = max(nx[b][e], mx[a][b]+add)
					nn[b][e] = min(nn[b][e], mn[a][b]+add)
				}
			}
		}
		mx, mn = nx, nn
	}
	lo, hi = math.MaxInt64, math.MinInt64
	for a := 0; a < c; a++ {
		for b := 0; b < c; b++ {
			last := clexSingle(k, a, b, false, 0)
			hi = max(hi, mx[a][b]+last)
			lo = min(lo, mn[a][b]+last)
		}
	}
	return lo + k - 1, hi + k - 1
}

type clexParams struct{ k, t, p, radix, maxDeg int64 }

func clexFamily() *Family {
	const name = "clex"
	parse := func(v Values) (clexParams, error) {
		var c clexParams
		var err error
		if c.k, err = intParam(name, v, "k", 2, math.MaxInt32); err != nil {
			return c, err
		}
		if c.t, err = intParam(name, v, "t", 1, 62); err != nil {
			return c, err
		}
		if _, ok := pow64(c.k, c.t); !ok {
			return c, paramErr(name, "t", "n = k^t = %d^%d overflows int64", c.k, c.t)
		}
		if c.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return c, err
		}
		if c.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return c, err
		}
		_, c.maxDeg = clexDegreeBounds(c.k, c.t)
		return c, checkRadix(name, c.p, c.maxDeg, c.radix)
	}
	size := func(c clexParams) (Size, error) {
		s := sizer{ok: true}
		routers, _ := pow64(c.k, c.t)
		links, ok := clexLinks(c.k, c.t)
		s.ok = s.ok && ok
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(c.p, routers),
			Links:        links,
			NetworkRadix: c.maxDeg,
			Radix:        s.add(c.maxDeg, c.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "t", "sizes for k = %d, t = %d, p = %d overflow int64", c.k, c.t, c.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "CLEX clique-expander C(s, 1/s) of Lenzen and Wattenhofer",
		Doc: "CLEX (CLique-EXpander; Lenzen and Wattenhofer, CLEX: Yet Another Supercomputer Architecture?, " +
			"Section II-B, Definition 2.3): the graph C(s, 1/s) on n = k^t nodes, in the paper's notation " +
			"n^s = k and 1/s = l = t, so C(1/3, 3) with 64^3 nodes is k = 64, t = 3 and C(1/4, 4) with 32^4 " +
			"nodes is k = 32, t = 4. Nodes are labels (v_1, ..., v_t) with digits in [0, k). Level 1 is a " +
			"clique K_k on digit v_1; level l+1 adds arcs (.., v_l, v_{l+1}, ..) -> (.., j, v_l, ..) for every " +
			"j, changing digits l and l+1 only. The paper's graph is directed, with out-degree " +
			"n^s/s - 1 = tk - 1 (191 for 64^3, 127 for 32^4) counting loops and repeated arcs; this family " +
			"builds the underlying simple undirected graph (u ~ w iff an arc joins them either way), " +
			"whose degree ranges from t(k-1) to the NetworkRadix (316 for 64^3) and whose diameter is " +
			"exactly t, below the paper's bound 2^t - 1. Each node is one processor: p endpoints per router, " +
			"default 1. Router id = v_1 + v_2 k + ... + v_t k^(t-1), so each copy of C(s, l) is a block of " +
			"k^l ids; Coords = the label (v_1, ..., v_t), CoordDim = t; Group = id / k, the level-1 clique " +
			"(the paper's basic building block of n^s nodes). The exported type CLEX gives the arcs, " +
			"neighbours and degrees from a label without building (any size).",
		Params: []Param{
			{Name: "k", Kind: Int, Column: "clex_k", Doc: "n^s: clique size, digits per label position, arcs per node and level; >= 2"},
			{Name: "t", Kind: Int, Doc: "1/s: number of levels, n = k^t nodes; >= 1"},
			paramP(int64(1), nil, "endpoints per router (the paper: one processor per node), >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[clexParams]{parse: parse, size: size, limit: "k",
		build: func(ctx context.Context, c clexParams, sz Size) (*Topology, error) {
			return buildCLEX(ctx, CLEX{K: int(c.k), T: int(c.t)}, c.p, sz)
		},
	}.wire(f)
}

// buildCLEX writes the CSR arrays directly from the label arithmetic: rows
// come out of CLEX.Neighbors sorted and in place, with no edge list.
func buildCLEX(ctx context.Context, c CLEX, p int64, sz Size) (*Topology, error) {
	const name = "clex"
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	n := c.N()
	off := make([]int32, n+1)
	adj := make([]int32, 2*sz.Links)
	maxDeg := int(sz.NetworkRadix)
	o := 0
	st := newStopper(ctx)
	for v := 0; v < n; v++ {
		if st.stop(o) {
			return nil, ctx.Err()
		}
		end := min(len(adj), o+maxDeg)
		row := c.Neighbors(int32(v), adj[o:o:end])
		if len(row) > end-o { // append left adj: more neighbours than sized
			return nil, fmt.Errorf("family %s: internal error: router %d has %d neighbours, room for %d", name, v, len(row), end-o)
		}
		o += len(row)
		off[v+1] = int32(o)
	}
	if o != len(adj) {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, o/2, sz.Links)
	}
	t := &Topology{
		Graph:    &graph.Graph{Off: off, Adj: adj},
		Conc:     make([]int32, n),
		Group:    make([]int32, n),
		Coords:   make([]int32, n*c.T),
		CoordDim: c.T,
	}
	for v := 0; v < n; v++ {
		t.Conc[v] = int32(p)
		t.Group[v] = int32(v / c.K)
		x := v
		for i := range c.T {
			t.Coords[v*c.T+i] = int32(x % c.K)
			x /= c.K
		}
	}
	return t, nil
}

// clexFamilies returns the CLEX networks.
func clexFamilies() []*Family { return []*Family{clexFamily()} }
