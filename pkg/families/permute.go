package families

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/runexp/runexp/pkg/graph"
)

// Topology permutation (Koibuchi, Fujiwara, Matsutani and Casanova,
// Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA
// 2013, section III-A): swap the end points of random pairs of links so that
// the topology becomes random while every router keeps its degree and every
// cabinet, and every pair of cabinets, keeps its number of links (hence the
// cable length of any layout of the cabinets).

// permStream is the permutation's PCG stream constant, "permute!" in ASCII.
const permStream uint64 = 0x7065726d75746521

const (
	permMaxAttempts        = 64
	permMaxCabinets        = 4096 // "full" visits every pair of cabinets
	permDefaultCabinetSize = 16
)

var permChoices = []string{"none", "partial", "full"}

// permSpec holds the permutation parameters.
type permSpec struct {
	mode    string
	cabSize int64
	seed    int64
}

func parsePerm(fam string, v Values) (permSpec, error) {
	var t permSpec
	x, ok := v["permute"]
	if !ok {
		return t, paramErr(fam, "permute", "required parameter is missing")
	}
	s, ok := x.(string)
	if !ok || !slices.Contains(permChoices, s) {
		return t, paramErr(fam, "permute", "want one of %s, got %s", quoteList(permChoices), describe(x))
	}
	t.mode = s
	var err error
	if t.cabSize, err = intParam(fam, v, "cabinet_size", 1, math.MaxInt32); err != nil {
		return t, err
	}
	t.seed, err = intParam(fam, v, "seed", math.MinInt64, math.MaxInt64)
	return t, err
}

const permDoc = " Permutation (Koibuchi et al., Layout-conscious Random Topologies for HPC Off-chip Interconnects, " +
	"HPCA 2013, section III-A): routers sit in cabinets (the family's own cabinets if it defines them, else " +
	"cabinet_size consecutive router ids per cabinet, the paper's canonical order; Topology.Cabinet is always set); " +
	"permute = \"partial\" (P-topo) takes the intra-cabinet links of each cabinet, then the links of each pair of " +
	"cabinets, shuffles them and swaps the end points of consecutive pairs (a ~ b, c ~ d become a ~ d, c ~ b, with " +
	"a in the lower-numbered cabinet for a link between cabinets), and \"full\" (PF-topo) does the same for the union " +
	"of the links of cabinets i and j and between them, for every pair of cabinets i < j, never swapping two intra-" +
	"cabinet links of different cabinets. A swap is skipped when the four routers are not distinct or it would " +
	"create a parallel link. Degrees and the number of links inside each cabinet and between each pair of cabinets " +
	"(hence cable length) are unchanged; a disconnected result is redone with the next random stream of seed."

// permutable adds the permutation parameters of the layout paper (P-topo and
// PF-topo) to a family whose routers have a cabinet assignment.
//
// The wrapped family has the parameters of f plus permute ("none",
// "partial", "full"), cabinet_size and seed, the same sizes and version, and
// f's Doc followed by a paragraph on the permutation. Build builds f, sets
// Topology.Cabinet (router r in cabinet r / cabinet_size when f defines no
// cabinets) and, unless permute = "none", permutes the links:
//
// Links are the undirected edges of the base graph (parallel links are
// separate links). A link between cabinets i < j is oriented a ~ b with a in
// cabinet i; an intra-cabinet link has no orientation. Processing a set of
// links: shuffle the list (Fisher-Yates), take consecutive pairs
// (a ~ b, c ~ d) (an odd last link is left alone); if at least one of the
// two is an intra-cabinet link, a fair coin reverses the first
// intra-cabinet link of the pair (so both possible reconnections are equally
// likely); the swap replaces them by a ~ d and c ~ b. It is skipped when
// a, b, c, d are not all distinct, when both links are intra-cabinet links
// of different cabinets, or when a ~ d or c ~ b already exists (the graph
// stays simple; the paper ignores duplicates instead, which loses links).
//
// "partial" processes E_i, the intra-cabinet links of cabinet i, for
// i = 0, 1, ..., then E_ij, the links between cabinets i and j, for every
// pair i < j in lexicographic order. "full" processes, for every pair i < j
// in lexicographic order (including pairs with no link between them), the
// union of E_ij, E_i and E_j as they are at that moment: a link of E_i is
// thus reconsidered in each of the m-1 unions containing cabinet i. Each
// swap turns two links into two links of the same two classes (intra i,
// intra j, between i and j), so every class keeps its size.
//
// If the result is not connected, the permutation is redone from the base
// graph with the next stream: attempt t uses rand.NewPCG(uint64(seed),
// permStream + t), up to permMaxAttempts attempts. "full" refuses more than
// permMaxCabinets cabinets (it visits every pair of cabinets).
func permutable(f *Family) *Family {
	for _, name := range []string{"permute", "cabinet_size", "seed"} {
		if f.Param(name) != nil {
			panic("families: permutable: family " + f.Name + " already has a parameter " + name)
		}
	}
	base := *f
	params := slices.Clone(f.Params)
	params = append(params,
		Param{Name: "permute", Kind: String, Default: "none", Choices: permChoices,
			Doc: "random link permutation of the layout paper: \"none\" (the base topology), \"partial\" (P-topo: swaps inside each cabinet, then between each pair of cabinets) or \"full\" (PF-topo: swaps in the union of two cabinets and their links, for every pair of cabinets)"},
		Param{Name: "cabinet_size", Kind: Int, Default: int64(permDefaultCabinetSize),
			Doc: "routers per cabinet, filled in router-id order (ignored when the family defines cabinets), >= 1"},
		Param{Name: "seed", Kind: Int, Default: int64(1),
			Doc: "random seed of the permutation (any integer); the same seed gives the same graph"},
	)
	out := &Family{Name: f.Name, Summary: f.Summary, Doc: f.Doc + permDoc, Params: params, Version: f.Version}
	out.Resolve = func(v Values) (Values, error) {
		t, err := parsePerm(f.Name, v)
		if err != nil {
			return nil, err
		}
		r := v.Clone()
		if base.Resolve != nil {
			if r, err = base.Resolve(v); err != nil {
				return nil, err
			}
		}
		// "full" visits every pair of cabinets; refuse too many sequential
		// cabinets here rather than in Build (families with their own
		// cabinets are checked by Build).
		if sz, err := base.Size(r); err == nil && t.mode == "full" && (sz.Routers+t.cabSize-1)/t.cabSize > permMaxCabinets {
			return nil, paramErr(f.Name, "cabinet_size", "permute = \"full\" visits every pair of cabinets: %d routers in cabinets of %d make %d cabinets, more than the limit of %d (use larger cabinets or \"partial\")",
				sz.Routers, t.cabSize, (sz.Routers+t.cabSize-1)/t.cabSize, permMaxCabinets)
		}
		return withValues(r, "permute", t.mode, "cabinet_size", t.cabSize, "seed", t.seed), nil
	}
	out.Size = func(v Values) (Size, error) {
		if _, err := parsePerm(f.Name, v); err != nil {
			return Size{}, err
		}
		return base.Size(v)
	}
	if base.Build == nil {
		return out
	}
	out.Build = func(ctx context.Context, v Values) (*Topology, error) {
		t, err := parsePerm(f.Name, v)
		if err != nil {
			return nil, err
		}
		top, err := base.Build(ctx, v)
		if err != nil {
			return nil, err
		}
		n := top.Graph.N()
		if top.Cabinet == nil {
			top.Cabinet = make([]int32, n)
			for r := range n {
				top.Cabinet[r] = int32(int64(r) / t.cabSize)
			}
		}
		if t.mode == "none" {
			return top, nil
		}
		g, _, err := permuteGraph(ctx, f.Name, top.Graph, top.Cabinet, t)
		if err != nil {
			return nil, err
		}
		top.Graph = g
		return top, nil
	}
	return out
}

// permState is the mutable graph of a permutation: adjacency lists with the
// base graph's offsets (degrees never change) and the link slots. Each slot
// keeps its class (pair of cabinets) for ever; a swap stores its two new
// links in the slots of the matching classes.
type permState struct {
	off   []int32
	adj   []int32
	links []graph.Edge
	cab   []int32
	r     *rndSource
	// st checks for cancellation; work counts the slots processed.
	st   *stopper
	work int
}

func (p *permState) has(u, v int32) bool {
	if p.off[v+1]-p.off[v] < p.off[u+1]-p.off[u] {
		u, v = v, u
	}
	return slices.Contains(p.adj[p.off[u]:p.off[u+1]], v)
}

// replace changes one occurrence of from in u's list into to.
func (p *permState) replace(u, from, to int32) {
	l := p.adj[p.off[u]:p.off[u+1]]
	l[slices.Index(l, from)] = to
}

func (p *permState) class(e graph.Edge) (int32, int32) {
	a, b := p.cab[e.U], p.cab[e.V]
	return min(a, b), max(a, b)
}

// orient returns link e with its end point in the lower cabinet first and
// whether it is an intra-cabinet link.
func (p *permState) orient(e graph.Edge) (a, b int32, intra bool) {
	a, b = e.U, e.V
	if p.cab[a] > p.cab[b] {
		a, b = b, a
	}
	return a, b, p.cab[a] == p.cab[b]
}

// process shuffles the slots in set and swaps consecutive pairs. It
// returns ctx.Err(), the swaps unfinished, when ctx is cancelled (checked
// every stopBlock slots).
func (p *permState) process(ctx context.Context, set []int32) error {
	work := p.work
	p.work += len(set)
	if p.st.stop(work) {
		return ctx.Err()
	}
	p.r.shuffle(set)
	for k := 0; k+1 < len(set); k += 2 {
		if p.st.stop(work + k) {
			return ctx.Err()
		}
		s1, s2 := set[k], set[k+1]
		a, b, intra1 := p.orient(p.links[s1])
		c, d, intra2 := p.orient(p.links[s2])
		if intra1 || intra2 {
			if p.r.coin() {
				if intra1 {
					a, b = b, a
				} else {
					c, d = d, c
				}
			}
		}
		if intra1 && intra2 && p.cab[a] != p.cab[c] {
			continue
		}
		if a == b || a == c || a == d || b == c || b == d || c == d {
			continue
		}
		if p.has(a, d) || p.has(c, b) {
			continue
		}
		p.replace(a, b, d)
		p.replace(d, c, a)
		p.replace(c, d, b)
		p.replace(b, a, c)
		n1, n2 := graph.Edge{U: a, V: d}, graph.Edge{U: c, V: b}
		i1, j1 := p.class(p.links[s1])
		if x, y := p.class(n1); x != i1 || y != j1 {
			n1, n2 = n2, n1
		}
		if x, y := p.class(n1); x != i1 || y != j1 {
			return fmt.Errorf("permute: internal error: swap of %v and %v changes the cabinet classes", p.links[s1], p.links[s2])
		}
		p.links[s1], p.links[s2] = n1, n2
	}
	return nil
}

func (p *permState) connected() bool {
	n := len(p.off) - 1
	if n == 0 {
		return true
	}
	seen := make([]bool, n)
	queue := make([]int32, 1, n)
	seen[0] = true
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		for _, u := range p.adj[p.off[v]:p.off[v+1]] {
			if !seen[u] {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	return len(queue) == n
}

// countSort writes to dst the slots of src (nil: 0, 1, ..., len(dst)-1)
// ordered by digit(keys[slot]), a value in [0, m), keeping the order of src
// among equal digits (a stable counting sort). It returns false, dst
// unfinished, if ctx is cancelled.
func countSort(ctx context.Context, dst, src []int32, keys []int64, m int, digit func(int64) int64) bool {
	count := make([]int, m+1)
	for _, k := range keys {
		count[digit(k)+1]++
	}
	for c := 1; c <= m; c++ {
		count[c] += count[c-1]
	}
	st := newStopper(ctx)
	for x := range dst {
		if st.stop(x) {
			return false
		}
		s := int32(x)
		if src != nil {
			s = src[x]
		}
		d := digit(keys[s])
		dst[count[d]] = s
		count[d]++
	}
	return true
}

// permuteGraph returns the permuted graph of g (see permutable) and the
// attempt (0-based) that gave a connected graph, or ctx.Err() if ctx is
// cancelled (checked between the swaps of every stopBlock links and
// between the steps; the sort of the link classes is not interrupted).
func permuteGraph(ctx context.Context, fam string, g *graph.Graph, cab []int32, t permSpec) (*graph.Graph, int, error) {
	n := g.N()
	if len(cab) != n {
		return nil, 0, fmt.Errorf("family %s: permute: %d cabinet entries for %d routers", fam, len(cab), n)
	}
	m := 0
	for _, c := range cab {
		if c < 0 {
			return nil, 0, fmt.Errorf("family %s: permute: negative cabinet %d", fam, c)
		}
		m = max(m, int(c)+1)
	}
	if t.mode == "full" && m > permMaxCabinets {
		return nil, 0, paramErr(fam, "cabinet_size", "permute = \"full\" visits every pair of cabinets: %d cabinets exceed the limit of %d (use larger cabinets or \"partial\")", m, permMaxCabinets)
	}
	// Base links, each once (u < v; parallel links repeat).
	st := newStopper(ctx)
	base := make([]graph.Edge, 0, g.Edges())
	for v := range n {
		if st.stop(len(base)) {
			return nil, 0, ctx.Err()
		}
		for _, u := range g.Neighbors(int32(v)) {
			if int(u) > v {
				base = append(base, graph.Edge{U: int32(v), V: u})
			}
		}
	}
	p := &permState{off: g.Off, adj: make([]int32, len(g.Adj)), links: make([]graph.Edge, len(base)), cab: cab, st: newStopper(ctx)}
	// Slots grouped by class (i, j), i <= j, in lexicographic order, then
	// by slot: two stable counting passes, by j and then by i (a radix
	// sort, O(links + cabinets), with checks for cancellation).
	keys := make([]int64, len(base))
	st = newStopper(ctx) // each phase counts its own work
	for s := range keys {
		if st.stop(s) {
			return nil, 0, ctx.Err()
		}
		i, j := p.class(base[s])
		keys[s] = int64(i)*int64(m) + int64(j)
	}
	key := func(s int32) int64 { return keys[s] }
	byJ := make([]int32, len(base))
	order := make([]int32, len(base))
	if !countSort(ctx, byJ, nil, keys, m, func(k int64) int64 { return k % int64(m) }) ||
		!countSort(ctx, order, byJ, keys, m, func(k int64) int64 { return k / int64(m) }) {
		return nil, 0, ctx.Err()
	}
	type group struct {
		i, j       int32
		start, end int
	}
	var groups []group
	for k := 0; k < len(order); {
		i, j := p.class(base[order[k]])
		e := k
		for e < len(order) && key(order[e]) == key(order[k]) {
			e++
		}
		groups = append(groups, group{i, j, k, e})
		k = e
	}
	var scratch []int32
	for attempt := range permMaxAttempts {
		copy(p.adj, g.Adj)
		copy(p.links, base)
		p.r = newRndSource(t.seed, permStream, attempt)
		if t.mode == "partial" {
			for _, intraFirst := range []bool{true, false} {
				for _, gr := range groups {
					if (gr.i == gr.j) == intraFirst {
						scratch = append(scratch[:0], order[gr.start:gr.end]...)
						if err := p.process(ctx, scratch); err != nil {
							return nil, 0, err
						}
					}
				}
			}
		} else {
			// Intra-cabinet groups by cabinet; the groups between cabinets
			// i and j > i are contiguous (sorted by j) from rowStart[i].
			intra := make([][]int32, m)
			rowStart := make([]int, m+1)
			for k, gr := range groups {
				if gr.i == gr.j {
					intra[gr.i] = order[gr.start:gr.end]
				}
				rowStart[gr.i+1] = k + 1
			}
			for i := 1; i <= m; i++ {
				rowStart[i] = max(rowStart[i], rowStart[i-1])
			}
			for i := range m {
				k := rowStart[i]
				for j := i + 1; j < m; j++ {
					scratch = scratch[:0]
					for k < rowStart[i+1] && (groups[k].i == groups[k].j || int(groups[k].j) < j) {
						k++
					}
					if k < rowStart[i+1] && int(groups[k].j) == j {
						scratch = append(scratch, order[groups[k].start:groups[k].end]...)
					}
					scratch = append(scratch, intra[i]...)
					scratch = append(scratch, intra[j]...)
					if err := p.process(ctx, scratch); err != nil {
						return nil, 0, err
					}
				}
			}
		}
		if p.connected() {
			out, err := graph.FromEdgesContext(ctx, n, p.links)
			if err != nil && ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			if err != nil {
				return nil, 0, fmt.Errorf("family %s: permute: %w", fam, err)
			}
			return out, attempt, nil
		}
	}
	return nil, 0, fmt.Errorf("family %s: permute: no connected permutation in %d attempts", fam, permMaxAttempts)
}
