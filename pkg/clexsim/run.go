package clexsim

import (
	"context"
	"fmt"
	"math"
	"sync"
)

// A message is a record of stride T+1 int32 in a flat array: its current
// node, then its targets t_1 .. t_T, where t_l is the node the running
// instance of A(l) must deliver it to (t_T is its destination).
//
// Node ids follow pkg/families' CLEX: digits d_1 .. d_T in [0, K), id =
// d_1 + d_2 K + ... + d_T K^(T-1); a copy of C(s, l) is a block of K^l
// consecutive ids, and the arcs of level l (2 <= l <= T) take a node to
// every node with digit l-1 set to any j and digit l set to the node's old
// digit l-1 (the lower and higher digits unchanged).

// sim holds one run's configuration and derived constants.
type sim struct {
	cfg    Config
	k      int32
	stride int
	pow    []int32 // pow[l] = K^l
	ack    bool
}

// stats accumulates the measurements of a set of instances; merging is
// by sums and maxima, so the totals do not depend on how instances are
// split among workers.
type stats struct {
	inst      []int64 // per level (index l-1)
	maxRounds []int
	rounds    []int64 // sum over messages
	hops      []int64
	maxLoad   []int64 // the most messages of any instance
	remaining []int64 // per phase, level 1
	maxRem    []int64
	active    []int64
	maxPhases int
}

func newStats(T int) *stats {
	return &stats{
		inst: make([]int64, T), maxRounds: make([]int, T), rounds: make([]int64, T),
		hops: make([]int64, T), maxLoad: make([]int64, T),
	}
}

func (s *stats) merge(o *stats) {
	for l := range s.inst {
		s.inst[l] += o.inst[l]
		s.maxRounds[l] = max(s.maxRounds[l], o.maxRounds[l])
		s.rounds[l] += o.rounds[l]
		s.hops[l] += o.hops[l]
		s.maxLoad[l] = max(s.maxLoad[l], o.maxLoad[l])
	}
	for p := range o.remaining {
		s.phase(p, 0)
		s.remaining[p] += o.remaining[p]
		s.maxRem[p] = max(s.maxRem[p], o.maxRem[p])
		s.active[p] += o.active[p]
	}
	s.maxPhases = max(s.maxPhases, o.maxPhases)
}

// phase records that an instance has rem messages left after p phases.
func (s *stats) phase(p int, rem int64) {
	for len(s.remaining) <= p {
		s.remaining = append(s.remaining, 0)
		s.maxRem = append(s.maxRem, 0)
		s.active = append(s.active, 0)
	}
	s.remaining[p] += rem
	s.maxRem[p] = max(s.maxRem[p], rem)
	if rem > 0 {
		s.active[p]++
	}
}

// worker is the scratch space of one goroutine.
type worker struct {
	st     *stats
	counts []int32 // bucket counts of the partitions, K^(T-1)+1
	a1     level1
}

func (sm *sim) newWorker() *worker {
	return &worker{st: newStats(sm.cfg.T), counts: make([]int32, sm.pow[sm.cfg.T-1]+1), a1: newLevel1(int(sm.k))}
}

// run is Run after validation.
func run(ctx context.Context, cfg Config) (*Result, error) {
	T, K := cfg.T, int32(cfg.K)
	sm := &sim{cfg: cfg, k: K, stride: T + 1, pow: make([]int32, T+1), ack: cfg.RequestAck}
	sm.pow[0] = 1
	for l := 1; l <= T; l++ {
		sm.pow[l] = sm.pow[l-1] * K
	}
	n := sm.pow[T]
	M := int32(cfg.Messages)
	total := int(n) * int(M)
	S := sm.stride
	x := make([]int32, total*S)
	y := make([]int32, total*S)
	// The workload: a uniformly random permutation of the multiset holding
	// every node M times gives the destinations of the messages of node 0,
	// then node 1, ...
	dst := y[:total] // y is scratch until the recursion starts
	for i := range dst {
		dst[i] = int32(i) / M
	}
	r := newRNG(mix(cfg.Seed, 1))
	for i := total - 1; i > 0; i-- {
		if i&(1<<20-1) == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("clexsim: %w", ctx.Err())
		}
		j := r.n(uint32(i + 1))
		dst[i], dst[j] = dst[j], dst[i]
	}
	for i := range total {
		x[i*S] = int32(i) / M
		x[i*S+T] = dst[i]
	}
	st := newStats(T)
	threads := max(cfg.Threads, 1)
	if err := sm.top(ctx, x, y, mix(cfg.Seed, 2), st, threads); err != nil {
		return nil, err
	}
	res := &Result{Nodes: int64(n), Messages: int64(total), MaxPhases: st.maxPhases}
	for l := 1; l <= T; l++ {
		res.Levels = append(res.Levels, Level{
			Level:      l,
			MaxRounds:  st.maxRounds[l-1],
			AvgRounds:  float64(st.rounds[l-1]) / float64(total),
			MaxAvgLoad: float64(st.maxLoad[l-1]) / float64(sm.pow[l]),
			AvgHops:    float64(st.hops[l-1]) / float64(total),
			Instances:  st.inst[l-1],
		})
	}
	derive(res, int(K), T)
	for p := range st.maxPhases {
		res.Phases = append(res.Phases, Phase{Phase: p, Remaining: st.remaining[p], MaxRemaining: st.maxRem[p], Active: st.active[p]})
	}
	return res, nil
}

// top runs A(T) on the whole graph, the sub-instances of its steps 1 and 3
// in parallel over threads goroutines.
func (sm *sim) top(ctx context.Context, x, y []int32, seed uint64, st *stats, threads int) error {
	T := sm.cfg.T
	if T == 1 {
		w := sm.newWorker()
		sm.a(1, x, y, 0, len(x)/sm.stride, 0, seed, w)
		st.merge(w.st)
		return nil
	}
	workers := make([]*worker, threads)
	for i := range workers {
		workers[i] = sm.newWorker()
	}
	// sub runs A(T-1) on the K sub-copies of y (input and output in y, x
	// as scratch), in parallel.
	sub := func(off []int32, step uint64) error {
		var wg sync.WaitGroup
		var mu sync.Mutex
		next := 0
		for _, w := range workers {
			wg.Add(1)
			go func(w *worker) {
				defer wg.Done()
				for {
					mu.Lock()
					s := next
					next++
					mu.Unlock()
					if s >= int(sm.k) || ctx.Err() != nil {
						return
					}
					lo, hi := int(off[s]), int(off[s+1])
					sm.a(T-1, y, x, lo, hi, int32(s)*sm.pow[T-1], mix(seed, step<<32|uint64(s)), w)
				}
			}(w)
		}
		wg.Wait()
		return ctx.Err()
	}
	w0 := workers[0]
	n := len(x) / sm.stride
	w0.st.inst[T-1]++
	w0.st.maxLoad[T-1] = max(w0.st.maxLoad[T-1], int64(n))
	if err := sm.steps(T, x, y, 0, n, 0, seed, make([]int32, sm.pow[T]+1), w0.st, sub); err != nil {
		return fmt.Errorf("clexsim: %w", err)
	}
	for _, w := range workers {
		st.merge(w.st)
	}
	return nil
}

// a runs A(l) on the copy of C(s, l) at base whose messages are records
// lo .. hi-1 of x; y is scratch over the same range. The messages end in x,
// delivered to their targets t_l.
func (sm *sim) a(l int, x, y []int32, lo, hi int, base int32, seed uint64, w *worker) {
	st := w.st
	st.inst[l-1]++
	st.maxLoad[l-1] = max(st.maxLoad[l-1], int64(hi-lo))
	if l == 1 {
		w.a1.run(sm, x[lo*sm.stride:hi*sm.stride], base, seed, st)
		return
	}
	sm.steps(l, x, y, lo, hi, base, seed, w.counts, st, func(off []int32, step uint64) error {
		for s := range sm.k {
			sm.a(l-1, y, x, lo+int(off[s]), lo+int(off[s+1]), base+s*sm.pow[l-1], mix(seed, step<<32|uint64(s)), w)
		}
		return nil
	})
	copy(x[lo*sm.stride:hi*sm.stride], y[lo*sm.stride:hi*sm.stride])
}

// steps runs steps 1-3 of A(l) (l >= 2) on records lo .. hi-1 of x, with y
// as scratch; the messages end in y. Step 1 picks every message's interim
// node in its own sub-copy, whose level-l arcs lead to the sub-copy of its
// target; step 2 forwards over the level-l arcs, balancing each node's
// load (counts: scratch of K^l + 1); step 3 delivers within the target
// sub-copies. sub runs A(l-1) on the K sub-copies of y (group offsets off,
// relative to lo) for step 0 (step 1's calls) or 1 (step 3's); its error
// stops the instance.
func (sm *sim) steps(l int, x, y []int32, lo, hi int, base int32, seed uint64, counts []int32, st *stats, sub func(off []int32, step uint64) error) error {
	off := make([]int32, sm.k+1)
	sm.interim(l, x, lo, hi, base, mix(seed, 1<<40))
	sm.partition(l, x, y, lo, hi, base, off)
	if err := sub(off, 0); err != nil {
		return err
	}
	sm.forward(l, y, x, lo, hi, base, mix(seed, 2<<40), counts, st)
	sm.retarget(l, x, lo, hi)
	sm.partition(l, x, y, lo, hi, base, off)
	return sub(off, 1)
}

// digit returns digit l (1-based) of node id v.
func (sm *sim) digit(v int32, l int) int32 { return v / sm.pow[l-1] % sm.k }

// interim sets t_(l-1) of records lo .. hi-1 of x: a node of the message's
// current sub-copy with digit l-1 equal to its target's sub-copy, the
// lower digits uniformly at random.
func (sm *sim) interim(l int, x []int32, lo, hi int, base int32, seed uint64) {
	S := sm.stride
	r := newRNG(seed)
	below := sm.pow[l-2]
	for i := lo; i < hi; i++ {
		rec := x[i*S : i*S+S]
		c := sm.digit(rec[l], l)
		v := base + sm.digit(rec[0], l)*sm.pow[l-1] + c*below
		if below > 1 {
			v += int32(r.n(uint32(below)))
		}
		rec[l-1] = v
	}
}

// retarget sets t_(l-1) = t_l for step 3 of A(l).
func (sm *sim) retarget(l int, x []int32, lo, hi int) {
	S := sm.stride
	for i := lo; i < hi; i++ {
		x[i*S+l-1] = x[i*S+l]
	}
}

// partition moves records lo .. hi-1 of x into y grouped by the sub-copy
// (digit l) of their current node, stably, and returns the group offsets
// relative to lo in off (len K+1).
func (sm *sim) partition(l int, x, y []int32, lo, hi int, base int32, off []int32) []int32 {
	S := sm.stride
	clear(off)
	for i := lo; i < hi; i++ {
		off[sm.digit(x[i*S], l)+1]++
	}
	for s := 1; s < len(off); s++ {
		off[s] += off[s-1]
	}
	pos := off[:len(off)-1]
	fill := make([]int32, len(pos))
	copy(fill, pos)
	for i := lo; i < hi; i++ {
		s := sm.digit(x[i*S], l)
		j := lo + int(fill[s])
		fill[s]++
		copy(y[j*S:j*S+S], x[i*S:i*S+S])
	}
	return off
}

// forward is step 2 of A(l): records lo .. hi-1 of y, at their interim
// nodes, cross one level-l arc each; they end in x, grouped by node. A node
// holding L messages sends K per round, one per arc: the first K (in a
// random order) over the arcs in a random order, the next K again, so a
// uniformly random subset of the arcs carries one message more.
func (sm *sim) forward(l int, y, x []int32, lo, hi int, base int32, seed uint64, counts []int32, st *stats) {
	S := sm.stride
	nodes := sm.pow[l]
	cnt := counts[:nodes+1]
	clear(cnt)
	for i := lo; i < hi; i++ {
		cnt[y[i*S]-base+1]++
	}
	for v := int32(1); v <= nodes; v++ {
		cnt[v] += cnt[v-1]
	}
	for i := lo; i < hi; i++ {
		v := y[i*S] - base
		j := lo + int(cnt[v])
		cnt[v]++
		copy(x[j*S:j*S+S], y[i*S:i*S+S])
	}
	// cnt[v] is now the end of node v's group (relative to lo).
	r := newRNG(seed)
	K := sm.k
	perm := make([]int32, K)
	lowPow, highPow := sm.pow[l-2], sm.pow[l-1]
	start := int32(0)
	maxRounds := 0
	var rounds int64
	tmp := make([]int32, S)
	for v := range nodes {
		end := cnt[v]
		L := end - start
		if L == 0 {
			continue
		}
		node := base + v
		c := sm.digit(node, l-1)
		// The node with digits l-1 and l cleared.
		rest := node - c*lowPow - sm.digit(node, l)*highPow + c*highPow
		for i := range perm {
			perm[i] = int32(i)
		}
		for i := K - 1; i > 0; i-- {
			j := int32(r.n(uint32(i + 1)))
			perm[i], perm[j] = perm[j], perm[i]
		}
		g := x[(lo+int(start))*S : (lo+int(end))*S]
		for idx := int32(0); idx < L; idx++ {
			// Fisher-Yates: a uniformly random remaining record goes next.
			if k := idx + int32(r.n(uint32(L-idx))); k != idx {
				a, b := g[idx*int32(S):(idx+1)*int32(S)], g[k*int32(S):(k+1)*int32(S)]
				copy(tmp, a)
				copy(a, b)
				copy(b, tmp)
			}
			g[idx*int32(S)] = rest + perm[idx%K]*lowPow
			rounds += int64(idx/K + 1)
		}
		maxRounds = max(maxRounds, int((L+K-1)/K))
		start = end
	}
	st.rounds[l-1] += rounds
	st.hops[l-1] += int64(hi - lo)
	st.maxRounds[l-1] = max(st.maxRounds[l-1], maxRounds)
}

// derive sets the Section III factors of res from its levels.
func derive(res *Result, K, T int) {
	var sumR, sumH float64
	res.PropagationRatio = 0
	for _, lv := range res.Levels {
		sumR += lv.AvgRounds
		sumH += lv.AvgHops
		res.PropagationRatio += lv.AvgRounds * math.Pow(float64(K), -float64(T-lv.Level)/3)
	}
	torus := 3 * math.Cbrt(float64(res.Nodes)) / 2
	res.HopGain, res.BandwidthGain = torus/sumR, torus/sumH
}
