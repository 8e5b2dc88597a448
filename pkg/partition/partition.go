// Package partition computes balanced graph bisections with a multilevel
// scheme in the style of METIS (Karypis and Kumar, A Fast and High Quality
// Multilevel Scheme for Partitioning Irregular Graphs, SIAM J. Sci. Comput.
// 20(1), 1998), to estimate the bisection bandwidth of network topologies.
//
// Besta and Hoefler, Slim Fly, SC14, section III-C ("Bisection Bandwidth")
// and Fig. 5c: "For SF and DLN we approximate the bisection bandwidth using
// the METIS [25] partitioner. Bisection bandwidths for other topologies can
// be derived analytically and are equal to: ⌊N/2⌋ (HC and FT-3), ⌊2N/k⌋
// (tori)" (N endpoints, k the torus ring length; the fractions are garbled
// in the extracted text, these are the known values). Bisect plays the role of METIS here: the bisection width is the
// smallest number of router-to-router links (parallel links counted) that
// cross a partition of the routers into two sides of equal endpoint weight;
// multiplied by the link bandwidth it is the bisection bandwidth.
//
// The algorithm of one start:
//
//  1. Coarsening by heavy-edge matching: vertices are visited in a random
//     order and each unmatched vertex is matched with the unmatched
//     neighbour joined by the heaviest edge (edge weight = number of
//     parallel links; ties go to the neighbour earliest in the random
//     order), provided the merged vertex weighs at most max(1.5 W / 100,
//     heaviest input vertex) (W = total vertex weight, as in METIS). Matched
//     pairs are contracted (edge weights summed) until at most 100 vertices
//     remain or a level shrinks by less than 5%.
//  2. Initial bisection of the coarsest graph by greedy graph growing: from
//     a random seed vertex, side 0 absorbs the boundary vertex of largest
//     gain until it holds half of the weight; each of 8 growths is refined
//     by Fiduccia-Mattheyses (FM) and the best is kept.
//  3. Uncoarsening: the bisection is projected to each finer level,
//     rebalanced if the finer level's tolerance is violated (moves from the
//     heavier side, largest gain first) and refined by FM passes (at most
//     10 per level, until a pass gains nothing).
//
// FM (Fiduccia and Mattheyses, A Linear-Time Heuristic for Improving
// Network Partitions, DAC 1982) keeps the boundary vertices of each side (on
// the coarsest graph every vertex) in a gain-bucket queue: doubly linked
// lists per gain, last in first out, with a max pointer; an indexed binary
// heap with the same order replaces the buckets when the gain range is much
// larger than the graph. Each pass moves the best allowed vertex, locks it,
// updates the gains of its neighbours, stops after max(50, min(n/20, 400))
// moves without a new best balanced state and rolls back to the best
// prefix. A move is allowed if it keeps the sides within the tolerance or
// reduces the imbalance; when neither queue top is allowed the heavier
// side's top moves anyway, so that strict balance can be crossed by pairs of
// moves. Only balanced states are recorded as best. Coarse levels allow an
// imbalance of max(tolerance, heaviest coarse vertex); the finest level
// enforces the requested tolerance.
//
// Starts are independent (each with its own random stream derived from
// Options.Seed and the start index), run in parallel, and the best result
// wins with a deterministic tie-break, so the result does not depend on
// Options.Workers.
package partition

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/pkg/graph"
)

// DefaultStarts is the number of independent starts used when
// Options.Starts is 0.
const DefaultStarts = 8

// Options tune Bisect. The zero value is valid: DefaultStarts starts, seed 0,
// the tightest balance and runtime.GOMAXPROCS(0) workers.
type Options struct {
	// Starts is the number of independent multilevel runs with different
	// random streams; the best cut wins. 0 means DefaultStarts.
	Starts int
	// Seed selects the random streams: start i uses PCG(Seed, i).
	Seed uint64
	// Imbalance is the allowed weight imbalance ε >= 0: the sides may
	// differ by at most max(maxw, ⌊ε·W⌋) where W is the total vertex weight
	// and maxw the largest vertex weight, i.e. each side weighs at most
	// (1+ε)·W/2 (METIS's -ufactor=1000ε for recursive bisection). The
	// default 0 asks for the most balanced bisection that is always
	// reachable, |W0 − W1| <= maxw (with unit weights: sides of ⌊N/2⌋ and
	// ⌈N/2⌉ vertices).
	Imbalance float64
	// Workers is the number of goroutines running starts; 0 means
	// runtime.GOMAXPROCS(0). The result does not depend on it.
	Workers int
}

// Result is a bisection.
type Result struct {
	// Cut is the number of edges with end points on different sides,
	// parallel edges counted: the bisection width in links.
	Cut int64
	// Side[v] is 0 or 1, the side of vertex v. Vertex 0 is always on side
	// 0 (the two sides are interchangeable; this fixes the orientation).
	Side []uint8
	// Weights are the total vertex weights of side 0 and side 1.
	Weights [2]int64
	// Tolerance is the largest |Weights[0] − Weights[1]| that was allowed:
	// max(maxw, ⌊Imbalance·W⌋).
	Tolerance int64
}

// Tolerance returns the allowed weight difference between the two sides for
// total weight total, largest vertex weight maxw and imbalance eps:
// max(maxw, ⌊eps·total⌋).
func Tolerance(total, maxw int64, eps float64) int64 {
	t := total
	if x := math.Floor(eps * float64(total)); x < float64(total) {
		t = int64(x)
	}
	return max(t, maxw)
}

// CutSize returns the number of edges of g whose end points lie on different
// sides (parallel edges counted). side must have g.N() entries; only whether
// two entries are equal matters.
func CutSize(g *graph.Graph, side []uint8) int64 {
	if len(side) != g.N() {
		panic(fmt.Sprintf("partition: CutSize: %d sides for %d vertices", len(side), g.N()))
	}
	var c int64
	for v := 0; v < g.N(); v++ {
		s := side[v]
		for _, u := range g.Adj[g.Off[v]:g.Off[v+1]] {
			if side[u] != s {
				c++
			}
		}
	}
	return c / 2
}

// config holds internal knobs (tests use them to force code paths).
type config struct {
	coarsenTo   int // stop coarsening at this many vertices
	initTries   int // greedy growings on the coarsest graph
	maxPasses   int // FM passes per level
	limitDiv    int // an FM pass stops after clamp(n/limitDiv, limitMin, limitMax)
	limitMin    int // moves without a new best state
	limitMax    int
	forceHeap   bool // use the heap queue even when buckets fit
	bucketSlack int  // buckets are used when 2R+1 <= 4n + bucketSlack
}

// stopBlock is the number of vertices a loop handles between two checks
// for cancellation, stopMoves the number of moves (a move costs at least a
// queue update per neighbour): a check costs a few nanoseconds, so the
// checks cost nothing measurable.
const (
	stopBlock = 1 << 12
	stopMoves = 1 << 8
)

func defaultConfig() config {
	return config{coarsenTo: 100, initTries: 8, maxPasses: 10, limitDiv: 20, limitMin: 50, limitMax: 400, bucketSlack: 1 << 12}
}

// Bisect splits the vertices of g into two sides of (nearly) equal weight
// with as few crossing edges as it can find (a heuristic: the optimum is
// NP-hard in general). weights[v] >= 0 is the weight of vertex v (nil: all
// 1); vertices of weight 0, such as fat-tree switches without endpoints, may
// go to either side. The sides' weights differ by at most
// Tolerance(W, maxw, opt.Imbalance); such a bisection always exists, and
// Bisect always returns one. Parallel edges count with their multiplicity.
// The result is a deterministic function of g, weights, opt.Starts,
// opt.Seed and opt.Imbalance. It returns ctx.Err() when ctx is cancelled:
// every loop over vertices checks ctx every stopBlock vertices and every
// loop of moves every stopMoves moves, so it stops within milliseconds.
func Bisect(ctx context.Context, g *graph.Graph, weights []int32, opt Options) (*Result, error) {
	return bisect(ctx, g, weights, opt, defaultConfig())
}

// startResult is the outcome of one start.
type startResult struct {
	cut   int64
	diff  int64 // |W0 − W1|
	index int   // start index, −1 for none
	side  []uint8
	err   error
}

// better reports whether r precedes o in the order (cut, diff, index); a
// result with index −1 comes last.
func (r *startResult) better(o *startResult) bool {
	if o.index < 0 {
		return true
	}
	if r.cut != o.cut {
		return r.cut < o.cut
	}
	if r.diff != o.diff {
		return r.diff < o.diff
	}
	return r.index < o.index
}

func bisect(ctx context.Context, g *graph.Graph, weights []int32, opt Options, cfg config) (*Result, error) {
	if g == nil {
		return nil, errors.New("partition: nil graph")
	}
	if len(g.Off) == 0 || int(g.Off[len(g.Off)-1]) != len(g.Adj) {
		return nil, errors.New("partition: malformed graph offsets")
	}
	n := g.N()
	if weights != nil && len(weights) != n {
		return nil, fmt.Errorf("partition: %d vertex weights for %d vertices", len(weights), n)
	}
	for v, w := range weights {
		if w < 0 {
			return nil, fmt.Errorf("partition: vertex %d has negative weight %d", v, w)
		}
	}
	if opt.Imbalance < 0 || math.IsNaN(opt.Imbalance) || math.IsInf(opt.Imbalance, 0) {
		return nil, fmt.Errorf("partition: imbalance %v must be finite and >= 0", opt.Imbalance)
	}
	if opt.Starts < 0 {
		return nil, fmt.Errorf("partition: %d starts", opt.Starts)
	}
	if opt.Workers < 0 {
		return nil, fmt.Errorf("partition: %d workers", opt.Workers)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	starts := opt.Starts
	if starts == 0 {
		starts = DefaultStarts
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, starts)

	base := fromGraph(ctx.Done(), g, weights)
	if base == nil {
		return nil, ctx.Err()
	}
	tol := Tolerance(base.total, base.maxvw, opt.Imbalance)
	res := &Result{Side: make([]uint8, n), Tolerance: tol}
	if n == 0 {
		return res, nil
	}

	// Each worker keeps the best of its starts under the total order (cut,
	// imbalance, start index), so the overall best does not depend on which
	// worker ran which start.
	bests := make([]startResult, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws := newWork(n, cfg)
			best := &bests[w]
			best.index = -1
			for {
				i := int(next.Add(1) - 1)
				if i >= starts {
					return
				}
				r := ws.run(ctx, base, tol, opt.Seed, uint64(i))
				if r.err != nil {
					best.err = r.err
					return
				}
				r.index = i
				if r.better(best) {
					*best = r
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var b *startResult
	for w := range bests {
		r := &bests[w]
		if r.err != nil {
			return nil, r.err
		}
		if r.index >= 0 && (b == nil || r.better(b)) {
			b = r
		}
	}
	flip := b.side[0]
	for v, s := range b.side {
		s ^= flip
		res.Side[v] = s
		res.Weights[s] += base.vw[v]
	}
	res.Cut = b.cut
	return res, nil
}
