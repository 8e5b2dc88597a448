package placement

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// DefaultWalkLength is the random-walk length t that Walktrap uses when
// WalktrapOptions.T is 0: 4, the default of Pons and Latapy's program (and
// of igraph's cluster_walktrap).
const DefaultWalkLength = 4

// WalktrapOptions are the parameters of Walktrap.
type WalktrapOptions struct {
	// Size is the cabinet size: the most routers in a cluster and in a
	// cabinet (the paper's 2^p), >= 1.
	Size int
	// T is the length t of the random walks (0: DefaultWalkLength).
	T int
}

// Walktrap clusters the routers of g into exactly ceil(n/Size) cabinets
// of at most Size routers each, by the Walktrap method of Pons and Latapy
// (Computing communities in large networks using random walks, JGAA 10(2),
// 2006) capped at the cabinet size as in the layout paper (section IV-C),
// and returns the cabinet of every router.
//
// The distance between vertices i and j is the paper's
//
//	r_ij = sqrt(sum_k (P^t_ik - P^t_jk)^2 / d(k))
//
// where P^t_ik is the probability that a t-step random walk from i is at k.
// As in Pons and Latapy's program, every vertex carries a loop of weight 1
// (so the walk is aperiodic on bipartite graphs such as rings of even
// length and hypercubes) and d(k) is the degree of k plus one for the loop;
// parallel links add weight. The vector of a cluster C is the mean of its
// members' vectors, P^t_C. = (1/|C|) sum_{i in C} P^t_i., and merging
// adjacent clusters C1 and C2 increases the mean squared distance of the
// vertices to their cluster's centre by
//
//	Delta sigma(C1, C2) = (1/n) |C1||C2| / (|C1|+|C2|) r^2(C1, C2).
//
// Starting from singletons, Walktrap repeatedly merges the two adjacent
// clusters (joined by at least one link) with the smallest Delta sigma,
// among the pairs whose combined size is at most Size, until no such pair
// remains; the candidate pairs are kept in a min-heap ordered by Delta
// sigma rounded to 40 significant bits (so that values equal but for
// rounding noise, as on the symmetric links of rings and hypercubes, tie),
// ties broken by the lower, then the higher, cluster id (a merged cluster
// takes the lower id of the two; ids start as router ids). After a
// merge, Delta sigma to a cluster adjacent to both merged clusters follows
// from Pons and Latapy's Lance-Williams-type update,
//
//	Delta sigma(C3, C) = ((|C1|+|C|) Delta sigma(C1, C) + (|C2|+|C|) Delta sigma(C2, C)
//	                      - |C| Delta sigma(C1, C2)) / (|C1|+|C2|+|C|),
//
// and to the other adjacent clusters it is computed exactly. Pairs whose
// combined size exceeds Size are never evaluated.
//
// Memory: no probability vector is stored. By the reversibility of the
// walk, the inner product of two cluster vectors is <P^t_C1./sqrt(d),
// P^t_C2./sqrt(d)> = (1/|C2|) sum_{k in C2} P^2t_C1k / d(k), so a single
// 2t-step walk from the uniform distribution on a merged cluster gives its
// distance to every adjacent cluster, and n 2t-step walks from the single
// vertices give the initial distances of all links. Walktrap therefore
// needs O(n + links) memory, about 130 bytes per router and 60 per link,
// instead of the n^2 floats of dense probability vectors (512 MB in
// float64 at n = 8,192). The time is O((n + merges) * 2t * (n + links)) at
// worst (walks start sparse and turn dense when they cover a quarter of
// the vertices). Measured on one core of a shared 2-core AMD EPYC, cabinets
// of 16 (BenchmarkWalktrap): RING-10 of 1,024 routers 0.16 s and 1.1 MB
// allocated in all, RING-12 of 4,096 routers 4 s and 5.8 MB, Nbr(0.5)-13 of
// 8,192 routers 17 s and 12.6 MB.
//
// The capped clusters are then packed into exactly m = ceil(n/Size)
// cabinets (the paper compares inter-cabinet links with Sequential at the
// same cabinet count); see Pack for the rule. Cabinets are numbered in the
// order of their smallest router id; the routers of a cluster share a
// cabinet unless the packing had to split it.
//
// The result is deterministic: it depends only on g and the options (the
// floating-point operations are done in a fixed order; architectures that
// fuse multiply-adds may break near-ties differently). Walktrap returns an
// error for Size < 1 or T < 0, and ctx.Err() (wrapped) if ctx is cancelled;
// it checks ctx between vertices and merges.
func Walktrap(ctx context.Context, g *graph.Graph, opts WalktrapOptions) ([]int32, error) {
	cl, err := walktrapClusters(ctx, g, opts)
	if err != nil {
		return nil, err
	}
	return Pack(ctx, g, cl, opts.Size)
}

// walktrapClusters runs the capped Walktrap merges and returns the cluster
// of every vertex (the smallest vertex id ever merged into it, not
// compact).
func walktrapClusters(ctx context.Context, g *graph.Graph, opts WalktrapOptions) ([]int32, error) {
	if opts.Size < 1 {
		return nil, fmt.Errorf("placement: walktrap: cabinet size %d, want >= 1", opts.Size)
	}
	t := opts.T
	if t == 0 {
		t = DefaultWalkLength
	}
	if t < 0 {
		return nil, fmt.Errorf("placement: walktrap: walk length %d, want >= 1 (0 for the default %d)", opts.T, DefaultWalkLength)
	}
	w := newWalktrap(g, opts.Size, t)
	if err := w.init(ctx); err != nil {
		return nil, fmt.Errorf("placement: walktrap: %w", err)
	}
	done := ctx.Done()
	for len(w.heap) > 0 {
		if stop.Requested(done) {
			return nil, fmt.Errorf("placement: walktrap: %w", ctx.Err())
		}
		w.merge(w.heap[0])
	}
	cl := make([]int32, w.n)
	for c := 0; c < w.n; c++ {
		if w.size[c] == 0 {
			continue
		}
		for v := w.head[c]; v >= 0; v = w.next[v] {
			cl[v] = int32(c)
		}
	}
	return cl, nil
}

// wpair is a pair of adjacent clusters.
type wpair struct {
	a, b int32   // the clusters, a < b
	pos  int32   // position in the heap, -1 when not in it
	ds   float64 // Delta sigma while in the heap
	key  float64 // quantize(ds), the heap key
}

// walktrap is the state of the capped Walktrap merges. Cluster ids are
// vertex ids: a merged cluster keeps the smaller id of the two.
type walktrap struct {
	g     *graph.Graph
	n     int
	limit int32 // the cabinet size
	t2    int   // walk steps per distance evaluation: 2t
	invW  []float64

	size             []int32   // members per cluster, 0 for a merged-away id
	head, tail, next []int32   // member lists
	self             []float64 // |P^t_C./sqrt(d)|^2 per cluster
	adj              [][]int32 // pairs of each cluster
	pairs            []wpair
	heap             []int32 // min-heap of pair indices

	mark    []int32 // per cluster: a pair index, -1
	lw      []bool  // per cluster: Delta sigma set by Lance-Williams
	direct  []int32 // scratch: pairs to evaluate exactly
	members []int32 // scratch: members of a cluster
	walk    walker
}

func newWalktrap(g *graph.Graph, size, t int) *walktrap {
	n := g.N()
	w := &walktrap{
		g: g, n: n, limit: int32(min(size, n+1)), t2: 2 * t,
		invW: make([]float64, n),
		size: make([]int32, n), head: make([]int32, n), tail: make([]int32, n), next: make([]int32, n),
		self: make([]float64, n), adj: make([][]int32, n),
		mark: make([]int32, n), lw: make([]bool, n),
	}
	for v := 0; v < n; v++ {
		w.invW[v] = 1 / float64(g.Degree(int32(v))+1)
		w.size[v] = 1
		w.head[v], w.tail[v], w.next[v] = int32(v), int32(v), -1
		w.mark[v] = -1
	}
	w.walk = newWalker(g, w.invW)
	return w
}

// init computes the vertex self products, creates a pair for every linked
// pair of vertices with its initial Delta sigma and heapifies them.
func (w *walktrap) init(ctx context.Context) error {
	g, n := w.g, w.n
	done := ctx.Done()
	dot := make([]float64, 0, g.Edges())
	one := []int32{0}
	for v := 0; v < n; v++ {
		if v%64 == 0 && stop.Requested(done) {
			return ctx.Err()
		}
		nb := g.Neighbors(int32(v))
		if len(nb) == 0 {
			continue
		}
		one[0] = int32(v)
		y := w.walk.run(one, w.t2)
		w.self[v] = y[v] * w.invW[v]
		for i := 0; i < len(nb); {
			u := nb[i]
			j := i + 1
			for j < len(nb) && nb[j] == u {
				j++ // parallel links: one pair
			}
			if int(u) > v {
				p := int32(len(w.pairs))
				w.pairs = append(w.pairs, wpair{a: int32(v), b: u, pos: -1})
				dot = append(dot, y[u]*w.invW[u])
				w.adj[v] = append(w.adj[v], p)
				w.adj[u] = append(w.adj[u], p)
			}
			i = j
		}
	}
	if w.limit < 2 {
		return nil
	}
	w.heap = make([]int32, len(w.pairs))
	for p := range w.pairs {
		pr := &w.pairs[p]
		r2 := max(0, w.self[pr.a]+w.self[pr.b]-2*dot[p])
		pr.ds = r2 * 0.5 / float64(n)
		pr.key = quantize(pr.ds)
		pr.pos = int32(p)
		w.heap[p] = int32(p)
	}
	for i := len(w.heap)/2 - 1; i >= 0; i-- {
		w.down(i)
	}
	return nil
}

// other returns the cluster of pair p that is not c.
func (w *walktrap) other(p, c int32) int32 {
	if w.pairs[p].a == c {
		return w.pairs[p].b
	}
	return w.pairs[p].a
}

// unlink removes pair p from the pair list of cluster c.
func (w *walktrap) unlink(c, p int32) {
	l := w.adj[c]
	for i, q := range l {
		if q == p {
			l[i] = l[len(l)-1]
			w.adj[c] = l[:len(l)-1]
			return
		}
	}
}

// merge merges the two clusters of pair p (the heap's minimum).
func (w *walktrap) merge(p int32) {
	a, b := w.pairs[p].a, w.pairs[p].b
	sa, sb := w.size[a], w.size[b]
	s3 := sa + sb
	dsab := w.pairs[p].ds
	w.remove(p)
	w.unlink(a, p)
	w.unlink(b, p)
	// Every pair of a or b changes key or goes: take them out of the heap
	// before changing keys, and push back those that still fit.
	for _, l := range [2][]int32{w.adj[a], w.adj[b]} {
		for _, q := range l {
			if w.pairs[q].pos >= 0 {
				w.remove(q)
			}
		}
	}

	for _, q := range w.adj[a] {
		w.mark[w.other(q, a)] = q
	}
	for _, q := range w.adj[b] {
		c := w.other(q, b)
		if q1 := w.mark[c]; q1 >= 0 {
			// c is adjacent to both: keep a's pair, drop b's.
			if sc := w.size[c]; s3+sc <= w.limit {
				d1, d2 := w.pairs[q1].ds, w.pairs[q].ds
				w.pairs[q1].ds = (float64(sa+sc)*d1 + float64(sb+sc)*d2 - float64(sc)*dsab) / float64(s3+sc)
				w.lw[c] = true
			}
			w.unlink(c, q)
			continue
		}
		w.pairs[q].a, w.pairs[q].b = min(a, c), max(a, c)
		w.adj[a] = append(w.adj[a], q)
	}
	w.adj[b] = nil
	w.next[w.tail[a]] = w.head[b]
	w.tail[a] = w.tail[b]
	w.size[a], w.size[b] = s3, 0

	w.direct = w.direct[:0]
	for _, q := range w.adj[a] {
		c := w.other(q, a)
		w.mark[c] = -1
		switch {
		case s3+w.size[c] > w.limit:
		case w.lw[c]:
			w.lw[c] = false
			w.push(q)
		default:
			w.direct = append(w.direct, q)
		}
	}
	if len(w.direct) == 0 {
		// |v3|^2 from |v1|^2, |v2|^2 and r^2(C1, C2).
		fa, fb, f3 := float64(sa), float64(sb), float64(s3)
		r2 := dsab * float64(w.n) * f3 / (fa * fb)
		dot := (w.self[a] + w.self[b] - r2) / 2
		w.self[a] = (fa*fa*w.self[a] + fb*fb*w.self[b] + 2*fa*fb*dot) / (f3 * f3)
		return
	}
	w.members = w.members[:0]
	for v := w.head[a]; v >= 0; v = w.next[v] {
		w.members = append(w.members, v)
	}
	y := w.walk.run(w.members, w.t2)
	w.self[a] = w.mean(y, a)
	for _, q := range w.direct {
		c := w.other(q, a)
		r2 := max(0, w.self[a]+w.self[c]-2*w.mean(y, c))
		sc := float64(w.size[c])
		w.pairs[q].ds = r2 * float64(s3) * sc / (float64(s3) + sc) / float64(w.n)
		w.push(q)
	}
}

// mean returns (1/|C|) sum_{k in C} y_k / d(k) for cluster c.
func (w *walktrap) mean(y []float64, c int32) float64 {
	s := 0.0
	for v := w.head[c]; v >= 0; v = w.next[v] {
		s += y[v] * w.invW[v]
	}
	return s / float64(w.size[c])
}

// quantize rounds a non-negative Delta sigma to 40 significant bits
// (relative steps of about 1e-12), so that values that differ only by
// rounding noise (as on the symmetric links of a ring or a hypercube)
// compare equal and are ordered by cluster ids.
func quantize(ds float64) float64 {
	const drop = 52 - 40
	b := math.Float64bits(ds)
	b = (b + 1<<(drop-1)) &^ (1<<drop - 1)
	return math.Float64frombits(b)
}

// less orders heap entries by quantized Delta sigma, then by cluster ids.
func (w *walktrap) less(i, j int) bool {
	p, q := &w.pairs[w.heap[i]], &w.pairs[w.heap[j]]
	if p.key != q.key {
		return p.key < q.key
	}
	if p.a != q.a {
		return p.a < q.a
	}
	return p.b < q.b
}

func (w *walktrap) swap(i, j int) {
	h := w.heap
	h[i], h[j] = h[j], h[i]
	w.pairs[h[i]].pos = int32(i)
	w.pairs[h[j]].pos = int32(j)
}

func (w *walktrap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !w.less(i, p) {
			return
		}
		w.swap(i, p)
		i = p
	}
}

func (w *walktrap) down(i int) bool {
	i0 := i
	n := len(w.heap)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		j := l
		if r := l + 1; r < n && w.less(r, l) {
			j = r
		}
		if !w.less(j, i) {
			break
		}
		w.swap(i, j)
		i = j
	}
	return i > i0
}

// push inserts pair p into the heap.
func (w *walktrap) push(p int32) {
	w.pairs[p].key = quantize(w.pairs[p].ds)
	w.heap = append(w.heap, p)
	w.pairs[p].pos = int32(len(w.heap) - 1)
	w.up(len(w.heap) - 1)
}

// remove removes pair p from the heap.
func (w *walktrap) remove(p int32) {
	i := int(w.pairs[p].pos)
	last := len(w.heap) - 1
	if i != last {
		w.swap(i, last)
	}
	w.heap = w.heap[:last]
	w.pairs[p].pos = -1
	if i != last {
		if !w.down(i) {
			w.up(i)
		}
	}
}

// walker computes random-walk distributions x P^s on a graph with a loop
// of weight 1 at every vertex, sparsely while the support is small.
type walker struct {
	g      *graph.Graph
	invW   []float64
	x, y   []float64 // zero outside sup between sparse steps
	stamp  []uint32
	epoch  uint32
	sup    []int32 // support of x while sparse
	nsup   []int32
	dense  bool // the last walk ended dense: x and y are garbage
	sparse bool // the last walk ended sparse: x is non-zero on sup only
}

func newWalker(g *graph.Graph, invW []float64) walker {
	n := g.N()
	return walker{g: g, invW: invW, x: make([]float64, n), y: make([]float64, n), stamp: make([]uint32, n)}
}

// run returns the distribution after steps steps of the walk that starts
// uniform on start. The slice is valid until the next call.
func (w *walker) run(start []int32, steps int) []float64 {
	g, n := w.g, w.g.N()
	switch {
	case w.dense:
		clear(w.x)
		clear(w.y)
	case w.sparse:
		for _, v := range w.sup {
			w.x[v] = 0
		}
	}
	w.dense, w.sparse = false, true
	x, y := w.x, w.y
	p0 := 1 / float64(len(start))
	w.sup = append(w.sup[:0], start...)
	for _, v := range start {
		x[v] = p0
	}
	for s := 0; s < steps; s++ {
		if !w.dense && 4*len(w.sup) > n {
			w.dense, w.sparse = true, false
		}
		if w.dense {
			invW := w.invW[:len(x)]
			for v := range x {
				x[v] *= invW[v]
			}
			off, adj := g.Off[:n+1], g.Adj
			for v := range n {
				// Four accumulators break the chain of dependent additions.
				nb := adj[off[v]:off[v+1]]
				a0, a1, a2, a3 := x[v], 0.0, 0.0, 0.0
				i := 0
				for ; i+4 <= len(nb); i += 4 {
					a0 += x[nb[i]]
					a1 += x[nb[i+1]]
					a2 += x[nb[i+2]]
					a3 += x[nb[i+3]]
				}
				for ; i < len(nb); i++ {
					a0 += x[nb[i]]
				}
				y[v] = (a0 + a1) + (a2 + a3)
			}
			x, y = y, x
			continue
		}
		w.epoch++
		if w.epoch == 0 {
			clear(w.stamp)
			w.epoch = 1
		}
		ep := w.epoch
		nsup := w.nsup[:0]
		for _, v := range w.sup {
			q := x[v] * w.invW[v]
			if w.stamp[v] != ep {
				w.stamp[v] = ep
				nsup = append(nsup, v)
			}
			y[v] += q
			for _, u := range g.Neighbors(v) {
				if w.stamp[u] != ep {
					w.stamp[u] = ep
					nsup = append(nsup, u)
				}
				y[u] += q
			}
		}
		for _, v := range w.sup {
			x[v] = 0
		}
		w.sup, w.nsup = nsup, w.sup
		x, y = y, x
	}
	w.x, w.y = x, y
	return x
}
