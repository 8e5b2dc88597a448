package eval

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/runexp/runexp/pkg/cache"
)

// An Executor computes the row cells of a run (topology builds, metrics,
// simulations: the cells whose results feed dataset rows) into the cache,
// somewhere other than the engine's own worker pool: on a batch system
// (pkg/slurm), or in this process (Pool). The engine plans, hands the
// executor every row cell the plan runs, then assembles the datasets,
// figures and tables from the cache exactly as a local run would, so the
// outputs do not depend on where the cells were computed.
type Executor interface {
	// Compute brings the batch's cells into the cache. It returns the
	// cells it could not compute with why (a cell's own failure, as its
	// error text: the dataset rows it feeds hold it), and an error when
	// the executor itself failed or ctx was cancelled; the cells that are
	// in the cache when it returns count as computed, whatever the error.
	Compute(ctx context.Context, b *Batch) (failed map[*Cell]string, err error)
}

// Batch is the work the engine gives an executor.
type Batch struct {
	Plan  *Plan
	Cells []*Cell // row cells to compute, in plan order; their inputs are cached or among them
	// Emit sends a progress event (serialized; Done and Total count the
	// batch's cells). A cell's failure is not sent: the engine reports it
	// when it adopts the executor's outcome.
	Emit func(Event)
}

// Pool is the engine's own worker pool as an Executor: it computes the
// cells on this machine, Engine.Workers at a time.
type Pool struct{ Engine *Engine }

// Compute computes b's cells with the pool.
func (p Pool) Compute(ctx context.Context, b *Batch) (map[*Cell]string, error) {
	inner := *p.Engine
	inner.Executor = nil
	inner.Observer = ObserverFunc(func(e Event) {
		// The engine reports the failed cells itself, once it adopts them.
		if !(e.Type == EventError && e.Cell != "") {
			b.Emit(e)
		}
	})
	_, failed, err := inner.RunCells(ctx, b.Plan, b.Cells)
	return failed, err
}

// RunCells computes the given row cells of p that the plan runs, and the
// build cells they need that are not cached, storing each in the cache; it
// writes no outputs and leaves the manifests alone. It is the worker side
// of a distributed run (runexp run --shard, a Slurm array task): a later
// run without it assembles the outputs. The failed map holds the cells
// whose own computation failed, with the error text a dataset would hold.
// It sends no summary event: the caller reports the summary.
func (en *Engine) RunCells(ctx context.Context, p *Plan, cells []*Cell) (*Summary, map[*Cell]string, error) {
	sub := p.Select(cells)
	want := map[*Cell]bool{}
	for _, pe := range sub.Entries {
		if pe.Run {
			want[pe.Cell] = true
		}
	}
	if !en.leased {
		en.Lease(p.Graph)
		defer en.Close()
	}
	sum := &Summary{}
	r := &run{en: en, plan: sub, results: map[*Cell]*result{}, uses: map[*Cell]int{}, failed: map[*Cell]bool{},
		outputs: map[*Experiment][]string{}, incomplete: map[*Cell]string{}}
	sum.Cells = len(want)
	if len(want) > 0 && en.leaseErr != nil {
		return sum, nil, en.leaseErr // the cache cannot be written
	}
	start := time.Now()
	r.execute(ctx, sum)
	sum.Duration = seconds(time.Since(start))
	sum.Interrupted = ctx.Err() != nil || r.timeUp
	sum.TimeLimit = r.timeUp
	failed := map[*Cell]string{}
	for c := range want {
		if res := r.results[c]; res != nil && res.failed != nil && res.failed.cell == c {
			failed[c] = res.failed.msg
		}
	}
	switch {
	case ctx.Err() != nil:
		return sum, failed, ctx.Err()
	case r.timeUp:
		return sum, failed, ErrTimeLimit
	}
	return sum, failed, nil
}

// Select returns the plan of a run that computes only the given cells (run
// --only, --shard, a Slurm array task): the row cells among them that p
// runs, and the build cells that those read and p runs, run; no other
// entry does. Every entry is kept, so that the cached inputs of the selected
// cells are found, but the entries that are neither among the cells nor
// builds they read are marked Outside, and Counts and EmitPlan leave
// them out: the counts, the expected work and the listing are those of
// the selection.
func (p *Plan) Select(cells []*Cell) *Plan {
	in := map[*Cell]bool{}
	for _, c := range cells {
		pe := p.Entry(c)
		if pe == nil || !rowCell(c) {
			continue
		}
		in[c] = true
		if !pe.Run {
			continue // a cached cell needs no build
		}
		for _, i := range c.Inputs {
			if i.Kind == KindBuild {
				in[i] = true
			}
		}
	}
	sub := &Plan{Graph: p.Graph, byCell: make(map[*Cell]*PlanEntry, len(p.Entries)), loaded: p.loaded}
	for _, pe := range p.Entries {
		e := *pe
		e.Outside = !in[pe.Cell]
		e.Run = pe.Run && !e.Outside
		sub.Entries = append(sub.Entries, &e)
		sub.byCell[pe.Cell] = &e
	}
	return sub
}

// RowCells returns the row cells of p that the plan runs, in plan order:
// what an executor computes.
func (p *Plan) RowCells() []*Cell {
	var out []*Cell
	for _, pe := range p.Entries {
		if pe.Run && rowCell(pe.Cell) {
			out = append(out, pe.Cell)
		}
	}
	return out
}

// CellByKey returns the cell of g with key k, or nil.
func (g *Graph) CellByKey(k cache.Key) *Cell { return g.byKey[k] }

// Shard returns share i (0 <= i < n) of g's row cells, builds excluded (a
// share computes the builds its cells need): Share of them. The split
// depends only on g, not on what is cached, so processes that plan at
// different times agree on it.
func (g *Graph) Shard(i, n int) []*Cell {
	var cells []*Cell
	for _, c := range g.Cells {
		if rowCell(c) && c.Kind != KindBuild {
			cells = append(cells, c)
		}
	}
	return Share(cells, i, n)
}

// Share returns share i (0 <= i < n) of row cells (builds excluded, in
// graph order), in their order: the groups of Groups are dealt to the n
// shares largest expected work first (Cell.Work; ties in the order of
// cells), each to the share with the least work so far. The n shares of
// a list hold each of its cells once, and the split depends only on the
// list, so processes that select the same cells (the same --only names)
// agree on it.
func Share(cells []*Cell, i, n int) []*Cell {
	if n < 1 || i < 0 || i >= n {
		return nil
	}
	groups := Groups(cells)
	work := make([]float64, len(groups))
	order := make([]int, len(groups))
	for j, gr := range groups {
		order[j] = j
		for _, c := range gr {
			work[j] += c.Work()
		}
	}
	// Largest first; ties in the order of cells.
	sort.SliceStable(order, func(a, b int) bool { return work[order[a]] > work[order[b]] })
	load := make([]float64, n)
	var out []*Cell
	for _, j := range order {
		best := 0
		for s := 1; s < n; s++ {
			if load[s] < load[best] {
				best = s
			}
		}
		load[best] += work[j]
		if best == i {
			out = append(out, groups[j]...)
		}
	}
	pos := make(map[*Cell]int, len(cells))
	for j, c := range cells {
		pos[c] = j
	}
	slices.SortFunc(out, func(a, b *Cell) int { return pos[a] - pos[b] })
	return out
}

// Groups splits row cells into the groups that must be computed in one
// process: a cell and the cells of the list it reads (other than builds,
// which every process that needs them computes or finds cached) are in
// one group. Groups and their cells keep the order of cells.
func Groups(cells []*Cell) [][]*Cell {
	idx := map[*Cell]int{}
	for j, c := range cells {
		idx[c] = j
	}
	parent := make([]int, len(cells))
	for j := range parent {
		parent[j] = j
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for j, c := range cells {
		for _, in := range c.Inputs {
			if k, ok := idx[in]; ok && in.Kind != KindBuild {
				parent[find(j)] = find(k)
			}
		}
	}
	at := map[int]int{}
	var out [][]*Cell
	for j, c := range cells {
		root := find(j)
		k, ok := at[root]
		if !ok {
			k = len(out)
			at[root] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], c)
	}
	return out
}

// runExecutor has en.Executor compute the plan's row cells and the run
// adopt the outcome. An executor error other than an interruption ends the
// run before any output is written.
func (en *Engine) runExecutor(ctx context.Context, r *run, sum *Summary) error {
	cells := r.plan.RowCells()
	var mu sync.Mutex
	failed, err := en.Executor.Compute(ctx, &Batch{Plan: r.plan, Cells: cells, Emit: func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		en.emit(e)
	}})
	sum.Computed += r.adoptRemote(cells, failed)
	if err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// adoptRemote makes the run take the executor's outcome for its row cells:
// a cell in the cache is used as if cached (its dependents read it from
// there), one that failed is computed to its failure (runCell returns the
// executor's error text), and one the executor left neither cached nor
// failed fails with a note that it was not computed.
func (r *run) adoptRemote(cells []*Cell, failed map[*Cell]string) (computed int) {
	r.remote = map[*Cell]string{}
	for _, c := range cells {
		pe := r.plan.Entry(c)
		if r.en.Store.Has(c.Key) {
			pe.Run, pe.Status = false, Cached
			computed++
			continue
		}
		why, ok := failed[c]
		if !ok {
			why = "not computed by the executor"
		}
		r.remote[c] = why
	}
	return computed
}

// remoteFailure is the error runCell returns for a row cell the executor
// failed to compute, or nil.
func (r *run) remoteFailure(c *Cell) error {
	why, ok := r.remote[c]
	if !ok {
		return nil
	}
	return &cellError{err: fmt.Errorf("%s", why), msg: why}
}
