package graph

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
)

// DistanceStats is the all-pairs distance analysis of a graph whose routers
// (vertices) carry endpoints. Distances are counted in router-to-router
// hops.
type DistanceStats struct {
	// Diameter is the largest finite distance between two routers (0 for a
	// single router, -1 for an empty graph). For a disconnected graph it is
	// the largest distance within a component.
	Diameter int
	// Hist[d] is the number of ordered pairs of distinct routers at
	// distance d; Hist[0] = 0. len(Hist) = Diameter+1.
	Hist []int64
	// EndpointHist[d] is the number of ordered pairs of distinct endpoints
	// whose routers are at distance d; EndpointHist[0] counts the pairs on
	// the same router, sum over r of conc[r]*(conc[r]-1).
	// len(EndpointHist) = Diameter+1.
	EndpointHist []int64
	// Unreachable is the number of ordered pairs of routers with no path.
	Unreachable int64
	// Ecc[r] is the eccentricity of router r: its largest finite distance
	// to another router.
	Ecc []int32
}

// AvgDistance returns the average router-to-router distance over ordered
// pairs of distinct routers joined by a path (0 if there is none).
func (s *DistanceStats) AvgDistance() float64 { return histMean(s.Hist) }

// AvgEndpointDistance returns the average distance in router hops over
// ordered pairs of distinct endpoints whose routers are joined by a path
// (endpoints on the same router are at distance 0); 0 if there is none.
func (s *DistanceStats) AvgEndpointDistance() float64 { return histMean(s.EndpointHist) }

// Connected reports whether every router can reach every other router.
func (s *DistanceStats) Connected() bool { return s.Unreachable == 0 }

func histMean(h []int64) float64 {
	var pairs, sum float64
	for d, c := range h {
		pairs += float64(c)
		sum += float64(d) * float64(c)
	}
	if pairs == 0 {
		return 0
	}
	return sum / pairs
}

// batch is a run of up to 64 sources with equal concentration and weight.
type batch struct {
	start, end int // indices into the sorted source order
	conc       int64
	weight     int64
}

// Distances computes all-pairs router distances of g and the endpoint
// distance distribution for conc[r] endpoints on router r (conc nil means
// one endpoint per router; otherwise len(conc) must be g.N() and every
// entry >= 0).
//
// It runs one bit-parallel breadth-first search per batch of 64 sources: each
// vertex holds one uint64 word each for "visited", "frontier" and "next",
// bit b standing for the b-th source of the batch. A level computes
// next[v] = OR of frontier[u] over the neighbours u of v, masked by
// ^visited[v], and counts the newly reached (source, vertex) pairs by
// popcount. The OR is pulled from the neighbours (skipping vertices already
// reached by every source of the batch) or, when the frontier is thin,
// pushed from the frontier vertices. Sources are ordered by concentration so that the 64 sources of a
// batch share one concentration c, and the endpoint pairs found at a level
// are c * sum over v of conc[v]*popcount(new bits of v).
//
// Batches are spread over workers goroutines (runtime.GOMAXPROCS(0) if
// workers <= 0). The results are identical for any number of workers: every
// count is an integer sum. Each worker allocates its word arrays once; the
// per-level loop does not allocate. ctx is checked at every level and every
// stopBlock vertices within a level (a batch on a graph of millions of
// routers can take minutes: hundreds of levels of millions of vertices); if
// it is cancelled Distances returns ctx.Err().
func Distances(ctx context.Context, g *Graph, conc []int32, workers int) (*DistanceStats, error) {
	return distances(ctx, g, conc, nil, nil, workers, levelAuto)
}

// distances is Distances from the sources srcs (nil: every router), each
// standing for weight[i] routers with its statistics (nil: 1 each; see
// DistancesByOrbit), with a fixed level strategy (for tests). Only the
// sources' entries of Ecc are set.
func distances(ctx context.Context, g *Graph, conc []int32, srcs []int32, weight []int64, workers, strategy int) (*DistanceStats, error) {
	n := g.N()
	if n < 0 {
		return nil, fmt.Errorf("graph: distances: graph has no offset array")
	}
	if conc != nil && len(conc) != n {
		return nil, fmt.Errorf("graph: distances: len(conc) = %d, want %d routers", len(conc), n)
	}
	var endpoints int64
	for r := 0; r < n; r++ {
		c := int64(1)
		if conc != nil {
			c = int64(conc[r])
		}
		if c < 0 {
			return nil, fmt.Errorf("graph: distances: conc[%d] = %d is negative", r, c)
		}
		endpoints += c
	}
	// Ordered endpoint pairs must fit in int64.
	if endpoints > 0 && endpoints > math.MaxInt64/endpoints {
		return nil, fmt.Errorf("graph: distances: %d endpoints: pair counts overflow int64", endpoints)
	}
	stats := &DistanceStats{Diameter: -1, Ecc: make([]int32, n)}
	if n == 0 {
		return stats, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Source order: by concentration and weight, then index; batches of
	// up to 64 sources with equal concentration and weight.
	concOf := func(r int32) int64 {
		if conc == nil {
			return 1
		}
		return int64(conc[r])
	}
	if srcs == nil {
		srcs = make([]int32, n)
		for i := range srcs {
			srcs[i] = int32(i)
		}
	}
	weightOf := func(i int32) int64 {
		if weight == nil {
			return 1
		}
		return weight[i]
	}
	order := make([]int32, len(srcs)) // indices into srcs
	for i := range order {
		order[i] = int32(i)
	}
	if conc != nil || weight != nil {
		slices.SortStableFunc(order, func(a, b int32) int {
			if c := cmp.Compare(concOf(srcs[a]), concOf(srcs[b])); c != 0 {
				return c
			}
			return cmp.Compare(weightOf(a), weightOf(b))
		})
	}
	sorted := make([]int32, len(order))
	for i, k := range order {
		sorted[i] = srcs[k]
	}
	var batches []batch
	for i := 0; i < len(order); {
		c, w := concOf(sorted[i]), weightOf(order[i])
		j := i + 1
		for j < len(order) && j-i < 64 && concOf(sorted[j]) == c && weightOf(order[j]) == w {
			j++
		}
		batches = append(batches, batch{start: i, end: j, conc: c, weight: w})
		i = j
	}

	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > len(batches) {
		workers = len(batches)
	}
	ws := make([]*bfsWorker, workers)
	done := ctx.Done()
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range ws {
		ws[w] = newBFSWorker(g, conc, strategy)
		wg.Add(1)
		go func(bw *bfsWorker) {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(batches) {
					return
				}
				b := batches[i]
				if !bw.run(done, sorted[b.start:b.end], b.conc, b.weight, stats.Ecc) {
					return
				}
			}
		}(ws[w])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Combine in worker order (integer sums: the order does not matter).
	maxD := 0
	for _, bw := range ws {
		maxD = max(maxD, bw.maxD)
	}
	stats.Diameter = maxD
	stats.Hist = make([]int64, maxD+1)
	stats.EndpointHist = make([]int64, maxD+1)
	for _, bw := range ws {
		for d := 1; d <= bw.maxD; d++ {
			stats.Hist[d] += bw.hist[d]
			stats.EndpointHist[d] += bw.ehist[d]
		}
	}
	var pairs int64
	for _, c := range stats.Hist {
		pairs += c
	}
	stats.Unreachable = int64(n)*int64(n-1) - pairs
	for r := 0; r < n; r++ {
		c := concOf(int32(r))
		stats.EndpointHist[0] += c * (c - 1)
	}
	return stats, nil
}

// stopBlock is the number of vertices (or frontier vertices) a level
// processes between two checks for cancellation: a check costs a few
// nanoseconds, a block at least stopBlock adjacency entries, so the checks
// cost nothing measurable and a cancelled search stops within a block
// (well under a millisecond).
const stopBlock = 1 << 12

// Level strategies of the bit-parallel BFS.
const (
	levelAuto = iota // choose per level by estimated cost
	levelPull        // always pull (gather from neighbours)
	levelPush        // always push (scatter from the frontier)
)

// bfsWorker holds one goroutine's word arrays and histograms.
type bfsWorker struct {
	off, adj []int32
	conc     []int32 // nil: 1 per router
	strategy int
	visited  []uint64
	frontier []uint64 // non-zero exactly at the vertices in flist
	next     []uint64 // all zero between levels
	flist    []int32  // vertices of the frontier
	nlist    []int32  // vertices of the next frontier
	hist     []int64  // hist[d]: router pairs found at level d
	ehist    []int64  // ehist[d]: endpoint pairs found at level d
	maxD     int
	ecc      [64]int32
	// level, if not nil, is called at every level that reaches new pairs
	// (BitBFS); run stops, returning false, when it returns false.
	level func(d int, reached []int32, bits []uint64) bool
}

func newBFSWorker(g *Graph, conc []int32, strategy int) *bfsWorker {
	n := g.N()
	return &bfsWorker{
		off:      g.Off,
		adj:      g.Adj,
		conc:     conc,
		strategy: strategy,
		visited:  make([]uint64, n),
		frontier: make([]uint64, n),
		next:     make([]uint64, n),
		flist:    make([]int32, 0, n),
		nlist:    make([]int32, 0, n),
		hist:     make([]int64, 16),
		ehist:    make([]int64, 16),
	}
}

// run performs the bit-parallel BFS from srcs (len <= 64), all with
// concentration c, adds its counts times wt to the worker's histograms and stores the
// sources' eccentricities in ecc (unless nil). It returns false, leaving the worker's
// arrays and counts unusable, as soon as done is closed (checked every level
// and every stopBlock vertices) or w.level returns false.
//
// A level either pulls (every vertex not yet reached by all sources ORs the
// frontier words of its neighbours) or pushes (every frontier vertex ORs
// its word into its neighbours' next words). Pushing costs about twice as
// much per adjacency entry but only touches the frontier, so it wins on the
// first levels and on the thin frontiers of large-diameter graphs; the
// choice compares the adjacency entries of the frontier with those of the
// vertices not yet fully reached.
func (w *bfsWorker) run(done <-chan struct{}, srcs []int32, c, wt int64, ecc []int32) bool {
	visited, frontier, next := w.visited, w.frontier, w.next
	flist, nlist := w.flist[:0], w.nlist[:0]
	off, adj, conc := w.off, w.adj, w.conc
	n := len(visited)
	for lo := 0; lo < n; lo += 16 * stopBlock { // the first pass page-faults
		if stop.Requested(done) {
			return false
		}
		clear(visited[lo:min(lo+16*stopBlock, n)])
	}
	full := ^uint64(0) >> (64 - uint(len(srcs)))
	// remDeg: adjacency entries of the vertices not reached by every source.
	remDeg := int64(off[n])
	var fdeg int64 // adjacency entries of the frontier
	for b, s := range srcs {
		visited[s] |= 1 << uint(b)
		if frontier[s] == 0 {
			flist = append(flist, s)
			fdeg += int64(off[s+1] - off[s])
		}
		frontier[s] |= 1 << uint(b)
		w.ecc[b] = 0
	}
	if full == 1 {
		remDeg -= int64(off[srcs[0]+1] - off[srcs[0]])
	}
	for d := 1; ; d++ {
		pushing := w.strategy == levelPush || (w.strategy == levelAuto && 2*fdeg < remDeg)
		if pushing {
			for lo := 0; lo < len(flist); lo += stopBlock {
				if stop.Requested(done) {
					return false
				}
				nlist = push(off, adj, visited, frontier, next, flist[lo:min(lo+stopBlock, len(flist))], nlist)
			}
		} else {
			for lo := 0; lo < n; lo += stopBlock {
				if stop.Requested(done) {
					return false
				}
				nlist = pull(off, adj, visited, frontier, next, full, lo, min(lo+stopBlock, n), nlist)
			}
		}
		var active uint64
		var cnt, ecnt int64
		fdeg = 0
		for _, v := range nlist {
			x := next[v]
			k := int64(bits.OnesCount64(x))
			cnt += k
			if conc == nil {
				ecnt += k
			} else {
				ecnt += k * int64(conc[v])
			}
			active |= x
			deg := int64(off[v+1] - off[v])
			fdeg += deg
			vis := visited[v] | x
			visited[v] = vis
			if vis == full {
				remDeg -= deg
			}
		}
		// The old frontier becomes the (all zero) next array.
		for _, u := range flist {
			frontier[u] = 0
		}
		frontier, next = next, frontier
		flist, nlist = nlist, flist[:0]
		if active == 0 {
			break
		}
		if d >= len(w.hist) {
			// Amortized growth: at most log2(diameter) times per worker.
			w.hist = append(w.hist, make([]int64, len(w.hist))...)
			w.ehist = append(w.ehist, make([]int64, len(w.ehist))...)
		}
		if w.level != nil && !w.level(d, flist, frontier) {
			return false
		}
		w.hist[d] += wt * cnt
		w.ehist[d] += wt * c * ecnt
		w.maxD = max(w.maxD, d)
		for a := active; a != 0; a &= a - 1 {
			w.ecc[bits.TrailingZeros64(a)] = int32(d)
		}
	}
	// Both word arrays are all zero again (the last frontier was empty).
	w.frontier, w.next = frontier, next
	w.flist, w.nlist = flist, nlist
	if ecc != nil {
		for b, s := range srcs {
			ecc[s] = w.ecc[b]
		}
	}
	return true
}

// push ORs the frontier word of every vertex of flist into the next words
// of its neighbours, masked by their visited words, and appends the
// neighbours whose next word becomes non-zero to nlist. (One block of a
// pushed level: the checks for cancellation stay out of the loops.)
func push(off, adj []int32, visited, frontier, next []uint64, flist, nlist []int32) []int32 {
	for _, u := range flist {
		fu := frontier[u]
		for _, v := range adj[off[u]:off[u+1]] {
			if x := fu &^ visited[v]; x != 0 {
				if next[v] == 0 {
					nlist = append(nlist, v)
				}
				next[v] |= x
			}
		}
	}
	return nlist
}

// pull sets the next word of every vertex v in [lo, hi) not reached by
// every source (visited[v] != full) to the OR of its neighbours' frontier
// words masked by visited[v], and appends v to nlist when it is non-zero.
// (One block of a pulled level.)
func pull(off, adj []int32, visited, frontier, next []uint64, full uint64, lo, hi int, nlist []int32) []int32 {
	for v := lo; v < hi; v++ {
		vis := visited[v]
		if vis == full {
			continue
		}
		var x uint64
		for _, u := range adj[off[v]:off[v+1]] {
			x |= frontier[u]
		}
		if x &^= vis; x != 0 {
			next[v] = x
			nlist = append(nlist, int32(v))
		}
	}
	return nlist
}

// BFS computes the distances from src to every vertex of g into dist, which
// must have length at least g.N(); unreachable vertices get -1. It allocates
// one queue of g.N() entries.
func BFS(g *Graph, src int32, dist []int32) {
	n := g.N()
	dist = dist[:n]
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int32, 1, n)
	queue[0] = src
	dist[src] = 0
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		dv := dist[v] + 1
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			if dist[u] < 0 {
				dist[u] = dv
				queue = append(queue, u)
			}
		}
	}
}
