package partition

import (
	"context"
	"math/rand/v2"

	"github.com/runexp/runexp/internal/stop"
)

// pcgStream is the second PCG word mixed with the start index.
const pcgStream = 0x5bd1e9955bd1e995

// work is the scratch space of one worker, sized for the finest graph and
// reused by every start and level.
type work struct {
	cfg    config
	perm   []int32 // coarsening: random visiting order
	rank   []int32 // coarsening: position of a vertex in perm
	match  []int32 // coarsening: matched partner
	pos    []int32 // contraction: slot of a coarse neighbour, −1 if none
	sides  [2][]uint8
	id, ed []int32 // weighted degree to own / other side
	locked []bool
	moves  []int32
	keep   []uint8 // best initial bisection of the coarsest graph
	q      queues

	// done is the context's Done channel during run (nil: never
	// cancelled).
	done <-chan struct{}
}

func newWork(n int, cfg config) *work {
	ws := &work{
		cfg:    cfg,
		perm:   make([]int32, n),
		rank:   make([]int32, n),
		match:  make([]int32, n),
		pos:    make([]int32, n),
		sides:  [2][]uint8{make([]uint8, n), make([]uint8, n)},
		id:     make([]int32, n),
		ed:     make([]int32, n),
		locked: make([]bool, n),
		keep:   make([]uint8, n),
		q:      newQueues(n),
	}
	for i := range ws.pos {
		ws.pos[i] = -1
	}
	return ws
}

// state is the balance and cut of the current bisection of one level.
type state struct {
	g    *wgraph
	side []uint8
	w    [2]int64
	cut  int64
	tol  int64
}

func (st *state) diff() int64 { return st.w[0] - st.w[1] }

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Queue maintenance after a move.
const (
	modeNone    = iota // rollback: degrees only
	modeFM             // unlocked boundary vertices in their side's queue
	modeFMAll          // every unlocked vertex in its side's queue
	modeBalance        // update queued neighbours only
	modeGrow           // side-1 neighbours enter or move in queue 1
)

// stopped reports whether the run was cancelled (ws.done is closed). It
// does not block or lock.
func (ws *work) stopped() bool { return stop.Requested(ws.done) }

// degrees computes id, ed, the side weights and the cut of st.side. It
// stops early, the figures incomplete, when the run is cancelled.
func (ws *work) degrees(st *state) {
	g := st.g
	st.w = [2]int64{}
	var cut int64
	for v := int32(0); v < g.n(); v++ {
		if v%stopBlock == 0 && ws.stopped() {
			return
		}
		s := st.side[v]
		st.w[s] += g.vw[v]
		var in, ex int32
		for e := g.off[v]; e < g.off[v+1]; e++ {
			if st.side[g.adj[e]] == s {
				in += g.ew[e]
			} else {
				ex += g.ew[e]
			}
		}
		ws.id[v], ws.ed[v] = in, ex
		cut += int64(ex)
	}
	st.cut = cut / 2
}

// apply moves v to the other side, updating degrees, weights, cut and (per
// mode) the queues of its neighbours.
func (ws *work) apply(st *state, v int32, mode int) {
	g := st.g
	id, ed, side, q := ws.id, ws.ed, st.side, &ws.q
	from := side[v]
	to := from ^ 1
	st.cut -= int64(ed[v] - id[v])
	st.w[from] -= g.vw[v]
	st.w[to] += g.vw[v]
	side[v] = to
	id[v], ed[v] = ed[v], id[v]
	for e := g.off[v]; e < g.off[v+1]; e++ {
		u, w := g.adj[e], g.ew[e]
		if side[u] == to {
			id[u] += w
			ed[u] -= w
		} else {
			id[u] -= w
			ed[u] += w
		}
		switch mode {
		case modeFM:
			if ws.locked[u] {
				continue
			}
			if ed[u] > 0 {
				if q.inq[u] >= 0 {
					q.update(u, ed[u]-id[u])
				} else {
					q.insert(u, int(side[u]), ed[u]-id[u])
				}
			} else if q.inq[u] >= 0 {
				q.remove(u)
			}
		case modeFMAll:
			if !ws.locked[u] {
				q.update(u, ed[u]-id[u])
			}
		case modeBalance:
			if q.inq[u] >= 0 {
				q.update(u, ed[u]-id[u])
			}
		case modeGrow:
			if side[u] == 1 {
				if q.inq[u] >= 0 {
					q.update(u, ed[u]-id[u])
				} else {
					q.insert(u, 1, ed[u]-id[u])
				}
			}
		}
	}
}

// fmPass runs one Fiduccia-Mattheyses pass and reports whether it found a
// better balanced state (smaller cut, or equal cut and smaller imbalance).
// The bisection must satisfy the tolerance on entry; it does on exit. When
// the run is cancelled it stops at once, leaving the state, the queues and
// the locks inconsistent (the work is then discarded).
func (ws *work) fmPass(st *state) bool {
	g := st.g
	n := g.n()
	q := &ws.q
	q.reset(n, g.maxwd, &ws.cfg)
	// Small graphs (the coarsest level) queue every vertex, not only the
	// boundary, so that a pass may also move interior vertices.
	all := int(n) <= ws.cfg.coarsenTo
	mode := modeFM
	if all {
		mode = modeFMAll
	}
	for v := int32(0); v < n; v++ {
		if v%stopBlock == 0 && ws.stopped() {
			return false
		}
		if all || ws.ed[v] > 0 {
			q.insert(v, int(st.side[v]), ws.ed[v]-ws.id[v])
		}
	}
	limit := min(max(int(n)/ws.cfg.limitDiv, ws.cfg.limitMin), ws.cfg.limitMax)
	ws.moves = ws.moves[:0]
	bestCut, bestDiff, bestLen := st.cut, abs64(st.diff()), 0
	for {
		if len(ws.moves)%stopMoves == 0 && ws.stopped() {
			return false
		}
		d := st.diff()
		ad := abs64(d)
		pick, pickGain, pickAD := int32(-1), int32(0), int64(0)
		for s := 0; s < 2; s++ {
			v := q.first(s)
			if v < 0 {
				continue
			}
			nd := d - 2*g.vw[v]
			if s == 1 {
				nd = d + 2*g.vw[v]
			}
			and := abs64(nd)
			if and > st.tol && and >= ad {
				continue
			}
			if gain := q.key[v]; pick < 0 || gain > pickGain || (gain == pickGain && and < pickAD) {
				pick, pickGain, pickAD = v, gain, and
			}
		}
		if pick < 0 {
			// No top keeps the balance: move from the heavier side (from the
			// side with the better top when both weigh the same).
			v0, v1 := q.first(0), q.first(1)
			switch {
			case d > 0:
				pick = v0
			case d < 0:
				pick = v1
			case v0 < 0:
				pick = v1
			case v1 < 0 || q.key[v0] >= q.key[v1]:
				pick = v0
			default:
				pick = v1
			}
			if pick < 0 {
				break
			}
		}
		q.remove(pick)
		ws.locked[pick] = true
		ws.moves = append(ws.moves, pick)
		ws.apply(st, pick, mode)
		if nad := abs64(st.diff()); nad <= st.tol && (st.cut < bestCut || (st.cut == bestCut && nad < bestDiff)) {
			bestCut, bestDiff, bestLen = st.cut, nad, len(ws.moves)
		} else if len(ws.moves)-bestLen >= limit {
			break
		}
	}
	for i := len(ws.moves) - 1; i >= bestLen; i-- {
		ws.apply(st, ws.moves[i], modeNone)
	}
	for _, v := range ws.moves {
		ws.locked[v] = false
	}
	q.clear(n)
	return bestLen > 0
}

// balance moves vertices from the heavier side, largest gain first, until
// the sides differ by at most st.tol. It needs st.tol >= the largest vertex
// weight: then every move of a positive-weight vertex strictly reduces the
// imbalance without overshooting the tolerance. When the run is cancelled
// it stops at once, the state unbalanced and the queues dirty.
func (ws *work) balance(st *state) {
	d := st.diff()
	if abs64(d) <= st.tol {
		return
	}
	g := st.g
	n := g.n()
	heavy := uint8(0)
	if d < 0 {
		heavy = 1
	}
	q := &ws.q
	q.reset(n, g.maxwd, &ws.cfg)
	for v := int32(0); v < n; v++ {
		if v%stopBlock == 0 && ws.stopped() {
			return
		}
		if st.side[v] == heavy && g.vw[v] > 0 {
			q.insert(v, int(heavy), ws.ed[v]-ws.id[v])
		}
	}
	for moves := 0; abs64(st.diff()) > st.tol; moves++ {
		if moves%stopMoves == 0 && ws.stopped() {
			return
		}
		v := q.first(int(heavy))
		q.remove(v)
		ws.apply(st, v, modeBalance)
	}
	q.clear(n)
}

// grow builds a bisection of st.g by greedy graph growing from a random seed
// vertex: side 0 absorbs the side-1 boundary vertex of largest gain until
// the balance is within st.tol (a fresh random seed vertex is taken when
// the region has no boundary left, as in a disconnected graph). When the
// run is cancelled it stops at once, the state unbalanced and the queues
// dirty.
func (ws *work) grow(st *state, rng *rand.Rand) {
	g := st.g
	n := g.n()
	for v := int32(0); v < n; v++ {
		st.side[v] = 1
	}
	ws.degrees(st)
	q := &ws.q
	q.reset(n, g.maxwd, &ws.cfg)
	for moves := 0; st.diff() < -st.tol; moves++ {
		if moves%stopMoves == 0 && ws.stopped() {
			return
		}
		v := q.first(1)
		if v >= 0 {
			q.remove(v)
		} else {
			start := rng.Int32N(n)
			for k := int32(0); k < n; k++ {
				if u := (start + k) % n; st.side[u] == 1 {
					v = u
					break
				}
			}
		}
		ws.apply(st, v, modeGrow)
	}
	q.clear(n)
}

// refine balances st and runs FM passes until one gains nothing. It
// returns ctx.Err() if the run was cancelled (the state is then unusable).
func (ws *work) refine(ctx context.Context, st *state) error {
	ws.balance(st)
	for p := 0; p < ws.cfg.maxPasses; p++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !ws.fmPass(st) {
			break
		}
	}
	return ctx.Err()
}

// coarsen builds the levels above base (levels[0] = base; cmaps[l] maps
// level l to level l+1).
func (ws *work) coarsen(ctx context.Context, base *wgraph, rng *rand.Rand, maxvw int64) ([]*wgraph, [][]int32, error) {
	levels := []*wgraph{base}
	var cmaps [][]int32
	for {
		g := levels[len(levels)-1]
		if int(g.n()) <= ws.cfg.coarsenTo {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		cg, cmap := ws.contract(g, rng, maxvw)
		if cg == nil {
			return nil, nil, ctx.Err()
		}
		if cg.n() == g.n() {
			break
		}
		levels = append(levels, cg)
		cmaps = append(cmaps, cmap)
		if int64(cg.n()) > int64(g.n())*95/100 {
			break
		}
	}
	return levels, cmaps, nil
}

// uncoarsen carries the bisection of the coarsest level (in ws.sides[0])
// down to base, balancing and refining it at every finer level, and returns
// the final state of base (its side is ws.sides[0]).
func (ws *work) uncoarsen(ctx context.Context, levels []*wgraph, cmaps [][]int32, tol int64) (*state, error) {
	top := len(levels) - 1
	side := ws.sides[0][:levels[top].n()]
	for l := top - 1; l >= 0; l-- {
		g := levels[l]
		fine := ws.sides[1][:g.n()]
		for v, c := range cmaps[l] {
			fine[v] = side[c]
		}
		ws.sides[0], ws.sides[1] = ws.sides[1], ws.sides[0]
		side = fine
		st := &state{g: g, side: side, tol: max(tol, g.maxvw)}
		ws.degrees(st) // refine checks for cancellation before using them
		if err := ws.refine(ctx, st); err != nil {
			return nil, err
		}
		if l == 0 {
			return st, nil
		}
	}
	st := &state{g: levels[0], side: side, tol: tol}
	ws.degrees(st)
	return st, ctx.Err()
}

// run performs one multilevel start and returns its bisection of base, or
// ctx.Err() in startResult.err if ctx is cancelled (checked every stopBlock
// vertices or stopMoves moves of each step; the work is then unusable).
func (ws *work) run(ctx context.Context, base *wgraph, tol int64, seed, start uint64) startResult {
	ws.done = ctx.Done()
	rng := rand.New(rand.NewPCG(seed, pcgStream^start))
	cfg := &ws.cfg
	maxvw := max(base.maxvw, 3*base.total/int64(2*cfg.coarsenTo))
	levels, cmaps, err := ws.coarsen(ctx, base, rng, maxvw)
	if err != nil {
		return startResult{err: err}
	}

	// Initial bisection of the coarsest graph: the best of several growings.
	coarsest := levels[len(levels)-1]
	nc := coarsest.n()
	st := &state{g: coarsest, side: ws.sides[0][:nc], tol: max(tol, coarsest.maxvw)}
	bestCut, bestDiff := int64(-1), int64(0)
	for t := 0; t < cfg.initTries; t++ {
		ws.grow(st, rng) // refine checks for cancellation before using it
		if err := ws.refine(ctx, st); err != nil {
			return startResult{err: err}
		}
		if d := abs64(st.diff()); bestCut < 0 || st.cut < bestCut || (st.cut == bestCut && d < bestDiff) {
			bestCut, bestDiff = st.cut, d
			copy(ws.keep[:nc], st.side)
		}
	}
	copy(st.side, ws.keep[:nc])
	if st, err = ws.uncoarsen(ctx, levels, cmaps, tol); err != nil {
		return startResult{err: err}
	}
	return startResult{cut: st.cut, diff: abs64(st.diff()), side: append([]uint8(nil), st.side...)}
}
