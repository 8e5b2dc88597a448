package eval

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/report"
)

// Engine executes plans: it computes cells on a local worker pool, stores
// each finished cell in the cache at once, and writes the experiments'
// outputs under Results.
//
// While it runs, the engine holds a cache lease on every key of the plan's
// graph, so that `runexp gc` in another process removes none of them (see
// cache.Lease). Call Lease before planning to cover the plan too (the CLI
// does), and Close when done; Run takes and releases a lease itself if none
// is held.
type Engine struct {
	Results  string       // the results directory (outputs in <Results>/<experiment>/)
	Store    *cache.Store // the cell cache (normally <Results>/.cache)
	Workers  int          // cells computed at once; <= 0 means runtime.NumCPU()
	Observer Observer     // receives progress events; may be nil
	// Executor, if set, computes the row cells (builds, metrics,
	// simulations) before the engine assembles the outputs from the
	// cache; nil computes everything on the engine's own pool, outputs as
	// soon as their inputs are done.
	Executor Executor
	// Deadline, if not zero, is when the computing must be over: a cell
	// starts only if it is expected to finish by then (its work, scaled by
	// how long the cells of its kind finished so far took against theirs,
	// never below it). The first cell that would not, and every cell after
	// it, is not started; the running ones finish and are cached, no output
	// is written, and Run returns ErrTimeLimit. For a batch allocation or
	// a session of fixed length: nothing computed is lost at its end.
	Deadline time.Time

	lease    *cache.Lease
	leaseErr error // why no lease could be taken: the cache is not writable
	leased   bool  // Lease was called

	// computeHook, set by tests, is called before a build, metric or sim
	// cell is computed: an error it returns (or a panic) is the cell's.
	computeHook func(c *Cell) error
}

// Lease registers every cell key of g as needed by this process until
// Close, so that garbage collection by other processes keeps them. It does
// not fail: a cache that cannot be written (a read-only results directory)
// is remembered, and Run then refuses to compute anything, before it starts,
// but still succeeds when every cell is cached and every output is up to
// date.
func (en *Engine) Lease(g *Graph) {
	en.Close()
	keys := make([]cache.Key, len(g.Cells))
	for i, c := range g.Cells {
		keys[i] = c.Key
	}
	en.leased = true
	if fi, err := os.Stat(en.Results); err == nil && !fi.IsDir() {
		en.leaseErr = fmt.Errorf("results directory %s is not a directory", en.Results)
		return
	}
	en.lease, en.leaseErr = en.Store.Lease(keys)
	if en.leaseErr != nil {
		en.leaseErr = fmt.Errorf("results directory %s is not writable: %w", en.Results, en.leaseErr)
	}
}

// Close releases the lease taken by Lease.
func (en *Engine) Close() error {
	err := en.lease.Release()
	en.lease, en.leaseErr, en.leased = nil, nil, false
	return err
}

// NewEngine returns an engine for the results directory with its cache in
// <results>/.cache.
func NewEngine(results string, workers int, obs Observer) *Engine {
	return &Engine{Results: results, Store: cache.New(CacheDir(results)), Workers: workers, Observer: obs}
}

// CacheDir returns the cache directory of a results directory.
func CacheDir(results string) string { return results + "/.cache" }

// ErrCellsFailed is returned (wrapped) by Run when at least one cell failed.
var ErrCellsFailed = errors.New("cells failed")

// ErrTimeLimit is returned by Run and RunCells when cells were left
// unstarted because they would not finish by Engine.Deadline.
var ErrTimeLimit = errors.New("time limit: cells that would not finish in time were not started")

// result is a computed or loaded cell result: the stored entry plus the
// decoded form dependents use.
type result struct {
	entry  *cache.Entry
	topo   *families.Topology
	values metricValues
	table  *dataset.Table

	// failed is set, instead of everything else, for a row cell (see
	// rowCell) that has no value in this run: its computation failed, or
	// that of a row cell it needs. The dataset has null values and the
	// error in the rows it feeds.
	failed *failure
	// incomplete is set for an output computed from failed cells (a
	// dataset with failed rows, or a figure or table of one): it is written
	// under results/ but not cached, so that the next run computes it again.
	incomplete bool
	// failures lists, for an incomplete dataset, the failed cells and the
	// rows they left null.
	failures []report.CellFailure
}

// failure is the failure of a row cell's own computation in this run.
type failure struct {
	cell *Cell
	msg  string // short and deterministic (shortError)
}

// text is the failure as the error column of a dataset holds it: the
// failed cell's label and its error.
func (f *failure) text() string { return f.cell.Label + ": " + f.msg }

// cellError is an error of a row cell's own computation: the build, metric
// or simulation returned an error (a netsim deadlock, a limit, a disconnected
// topology ...) or panicked. Such a cell fails alone: the datasets it feeds
// are still assembled, with null values and msg in its rows. Any other error
// (a cache entry that cannot be read or written, an interruption) keeps the
// outputs that depend on the cell as an earlier run wrote them.
type cellError struct {
	err error
	msg string // short and deterministic: no stack, no absolute path
}

func (e *cellError) Error() string { return e.err.Error() }
func (e *cellError) Unwrap() error { return e.err }

// storageError is a failure to read or write the cache inside a cell's
// computation (a simulation's probes, a cached topology): not the cell's
// own failure (see cellError).
type storageError struct{ err error }

func (e *storageError) Error() string { return e.err.Error() }
func (e *storageError) Unwrap() error { return e.err }

// rowCell reports whether c computes values of dataset rows: a build,
// metric or simulation cell.
func rowCell(c *Cell) bool { return c.group != "" || c.Kind == KindBuild }

// maxErrorLen bounds the length in bytes of a failed cell's error in
// datasets and reports.
const maxErrorLen = 400

// shortError returns msg as a failed cell's error for datasets and
// reports: its first line, without the experiment's and the results
// directory's absolute paths, at most maxErrorLen bytes, so that the same
// failure gives the same bytes wherever it runs.
func (r *run) shortError(c *Cell, msg string) string {
	msg, _, _ = strings.Cut(msg, "\n")
	msg = strings.TrimSpace(msg)
	for _, d := range []string{r.en.Results, filepath.Dir(c.Exp.Path)} {
		if abs, err := filepath.Abs(d); err == nil && abs != string(filepath.Separator) {
			msg = strings.ReplaceAll(msg, abs+string(filepath.Separator), "")
		}
	}
	if len(msg) > maxErrorLen {
		cut := maxErrorLen
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}

// run is the state of one execution.
type run struct {
	en      *Engine
	plan    *Plan
	mu      sync.Mutex // guards results and observer calls
	results map[*Cell]*result
	uses    map[*Cell]int            // remaining dependents that will read the result
	failed  map[*Cell]bool           // cells that failed or were skipped in this run
	outputs map[*Experiment][]string // files written or confirmed per experiment
	// incomplete holds, for the manifest, why each cell that failed or was
	// left incomplete by a failed cell is not cached ("failed in the last
	// run: ..."): the next plan gives it as the reason the cell runs.
	incomplete map[*Cell]string
	// remote holds the row cells the executor failed to compute, with
	// why (see adoptRemote).
	remote map[*Cell]string
	// dry makes writeOutputs write nothing and list in would the files it
	// would write (a plan's outputs; see PlannedWrites).
	dry   bool
	would []string
	// checks keeps the deadlock checks of the run's simulations, so that
	// the cells of one network and routing (a load sweep, the probes of a
	// throughput search) enumerate its routes once (withSimCheckMemo).
	checks netsim.CheckMemo
	// timeUp is set when a cell was not started for Engine.Deadline.
	timeUp bool
}

func (en *Engine) emit(e Event) {
	if en.Observer != nil {
		en.Observer.Event(e)
	}
}

func (en *Engine) workers() int {
	if en.Workers > 0 {
		return en.Workers
	}
	return runtime.NumCPU()
}

// EmitPlan sends one plan event per cell that will run (and per cached cell
// if all is set).
func (en *Engine) EmitPlan(p *Plan, all bool) {
	for _, pe := range p.Entries {
		if !pe.Run && !(all && pe.Status == Cached && !pe.Outside) {
			continue
		}
		c := pe.Cell
		en.emit(Event{Type: EventPlan, Experiment: c.Exp.Name, Cell: c.ID, Kind: c.Kind, Label: c.Label,
			Key: c.Key.Short(), Status: string(pe.Status), Reason: pe.Reason, Work: pe.Work(), Topology: c.TopologyName()})
	}
}

// Run computes the cells the plan marks to run, then writes the outputs of
// every experiment and records the run's cells for the next plan. When ctx
// is cancelled, no new cell starts; running cells are asked to stop, every
// finished cell stays cached, outputs are not written, and Run returns
// ctx.Err(). If cells fail, the others still run and are cached, and the
// error wraps ErrCellsFailed. A build, metric or sim cell whose computation
// fails (cellError) leaves null values and its error in the dataset rows it
// feeds: the datasets, figures and tables are written all the same, but not
// cached, and the next run computes the failed cell and them again. After
// any other failure, the outputs that depend on the failed cell keep the
// files of the last run that wrote them. A results directory that cannot be
// written is reported before any cell is computed.
func (en *Engine) Run(ctx context.Context, p *Plan) (*Summary, error) {
	start := time.Now()
	r := &run{en: en, plan: p, results: map[*Cell]*result{}, uses: map[*Cell]int{}, failed: map[*Cell]bool{},
		outputs: map[*Experiment][]string{}, incomplete: map[*Cell]string{}}
	sum := &Summary{}
	runs := false
	for _, pe := range p.Entries {
		if pe.Run || pe.Status == Cached {
			sum.Cells++
		}
		if pe.Status == Cached && !pe.Run {
			sum.Cached++
		}
		runs = runs || pe.Run
	}
	if !en.leased {
		en.Lease(p.Graph)
		defer en.Close()
	}
	if runs {
		if err := en.writable(p.Graph); err != nil {
			return sum, err
		}
	}
	// Datasets taken from results files join the cache, where later runs
	// find them; one that cannot be stored stays in its file.
	for _, pe := range p.Entries {
		if pe.From != "" && en.leaseErr == nil {
			_ = en.Store.Put(pe.Cell.Key, p.loaded[pe.Cell.Key])
		}
	}
	if en.Executor != nil && runs {
		if err := en.runExecutor(ctx, r, sum); err != nil {
			// No summary line: nothing was written, and the error says why.
			return sum, err
		}
	}
	failed := r.execute(ctx, sum)
	sum.Interrupted = ctx.Err() != nil || r.timeUp
	sum.TimeLimit = r.timeUp
	var err error
	for _, e := range p.Graph.Experiments {
		n, werr := r.finish(e, !sum.Interrupted)
		sum.Written += n
		if werr != nil {
			en.emit(Event{Type: EventError, Experiment: e.Name, Error: werr.Error()})
			err = errors.Join(err, werr)
		}
	}
	sum.Duration = seconds(time.Since(start))
	en.emit(Event{Type: EventSummary, Summary: sum})
	switch {
	case ctx.Err() != nil:
		return sum, ctx.Err()
	case r.timeUp:
		return sum, ErrTimeLimit
	case failed > 0:
		return sum, fmt.Errorf("%d of %d %w", failed, sum.Computed+failed, ErrCellsFailed)
	}
	return sum, err
}

// writable reports an error if the cache or an experiment's output
// directory cannot be written, so that a run fails before it computes.
func (en *Engine) writable(g *Graph) error {
	if en.leaseErr != nil {
		return en.leaseErr
	}
	for _, e := range g.Experiments {
		dir := filepath.Join(en.Results, e.Name)
		if err := en.probe(e, dir); err != nil {
			return fmt.Errorf("results directory %s is not writable: %w", dir, err)
		}
	}
	return nil
}

// probeName is the base of the temporary file writable creates in an
// experiment's output directory; removeTemps deletes one a killed run left.
const probeName = "probe"

// probe creates and removes a temporary file in dir, the output directory
// of e, under e's output lock, so that a run killed between the two leaves
// a file the next run's removeTemps (under the same lock) deletes.
func (en *Engine) probe(e *Experiment, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	unlock, err := en.Store.Lock("outputs-" + e.Name)
	if err != nil {
		return err
	}
	defer unlock()
	f, err := os.CreateTemp(dir, cache.TempName(probeName)+"*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// finish writes the outputs of e (if write) and records its cells in the
// manifest, holding e's output lock: concurrent runs of one experiment
// write its outputs one after the other, and a temporary output file found
// under the lock was left by a killed process and is removed.
func (r *run) finish(e *Experiment, write bool) (int, error) {
	unlock, err := r.en.Store.Lock("outputs-" + e.Name)
	if err != nil {
		if r.en.leaseErr == nil {
			return 0, err
		}
		unlock = func() error { return nil } // a read-only results directory: nobody writes it
	}
	defer unlock()
	var errs []error
	n := 0
	m := readManifest(r.en.Results, e.Name)
	if err := r.removeTemps(e, m.Outputs); err != nil && r.en.leaseErr == nil {
		errs = append(errs, err)
	}
	if write {
		var werr error
		n, werr = r.writeOutputs(e, m.Outputs)
		errs = append(errs, werr)
	}
	errs = append(errs, r.updateManifest(e, m))
	return n, errors.Join(errs...)
}

// task is a cell that runs in this execution.
type task struct {
	cell       *Cell
	index      int // position in topological order
	pending    int // inputs that run and have not finished
	dependents []*task
}

// execute runs the plan's cells; it returns the number of failed cells.
func (r *run) execute(ctx context.Context, sum *Summary) int {
	tasks := map[*Cell]*task{}
	var order []*task
	for i, pe := range r.plan.Entries {
		if pe.Run {
			t := &task{cell: pe.Cell, index: i}
			tasks[pe.Cell] = t
			order = append(order, t)
		}
	}
	for _, t := range order {
		for _, in := range t.cell.Inputs {
			r.uses[in]++
			if it, ok := tasks[in]; ok {
				t.pending++
				it.dependents = append(it.dependents, t)
			}
		}
	}
	var ready, later []*task // later: ready, but another run computes them now
	for _, t := range order {
		if t.pending == 0 {
			ready = append(ready, t)
		}
	}
	type done struct {
		t    *task
		note string  // why a finished cell is incomplete
		work float64 // the work the cell turned out to be (see Event.Work)
		err  error
		dur  time.Duration
		cpu  float64 // the process's processor seconds while the cell ran
		solo int     // starts when the cell started alone, else 0
		// other is set when another run computed the cell meanwhile
		// and this one took its entry from the cache
		other bool
	}
	doneCh := make(chan done)
	// starts counts the cells started; a cell that started with no other
	// running and saw no other start before it finished ran alone, and
	// the process's processor time over it is its own (Event.CPU).
	starts := 0
	total, finished, running, failed := len(order), 0, 0, 0
	skipped := map[*task]bool{}
	var skip func(t *task, why string)
	skip = func(t *task, why string) {
		if skipped[t] {
			return
		}
		skipped[t] = true
		r.failed[t.cell] = true
		finished++
		sum.Skipped++
		r.en.emit(Event{Type: EventSkip, Experiment: t.cell.Exp.Name, Cell: t.cell.ID, Kind: t.cell.Kind, Label: t.cell.Label,
			Reason: why, Done: finished, Total: total, Running: running})
		for _, d := range t.dependents {
			skip(d, "input "+t.cell.Label+" unavailable")
		}
	}
	// fail records that t has no value because f's cell failed (from is
	// the input through which it learns so): a row cell is skipped and
	// passes the failure on, a dataset runs once its other inputs are done
	// and holds the failure in its rows.
	var fail func(t *task, f *failure, from *Cell)
	fail = func(t *task, f *failure, from *Cell) {
		switch {
		case skipped[t]:
			return
		case t.cell.Kind == KindDataset:
			if t.pending--; t.pending == 0 {
				ready = append(ready, t)
				sort.SliceStable(ready, func(i, j int) bool { return ready[i].index < ready[j].index })
			}
			return
		case !rowCell(t.cell):
			skip(t, "input "+from.Label+" failed")
			return
		}
		skipped[t] = true
		finished++
		sum.Skipped++
		r.mu.Lock()
		r.results[t.cell] = &result{failed: f}
		r.incomplete[t.cell] = "not computed in the last run: " + f.cell.Label + " failed"
		r.mu.Unlock()
		r.en.emit(Event{Type: EventSkip, Experiment: t.cell.Exp.Name, Cell: t.cell.ID, Kind: t.cell.Kind, Label: t.cell.Label,
			Reason: "input " + from.Label + " failed", Done: finished, Total: total, Running: running})
		for _, d := range t.dependents {
			fail(d, f, t.cell)
		}
	}
	workers := r.en.workers()
	// spent and worked are, per kind, the seconds the finished cells took
	// and the work they turned out to be: the scale of the estimates that
	// Engine.Deadline admits cells by.
	spent, worked := map[string]float64{}, map[string]float64{}
	var stopAt *Cell // the cell the time limit did not start
	fits := func(c *Cell) bool {
		if r.en.Deadline.IsZero() {
			return true
		}
		est := r.plan.work(c)
		if worked[c.Kind] > 0 {
			est *= max(1, spent[c.Kind]/worked[c.Kind])
		}
		return !time.Now().Add(time.Duration(est * float64(time.Second))).After(r.en.Deadline)
	}
	for {
		// The cells of later whose claims are free again (the other run
		// stored them, or failed) go first: they take little.
		if running < workers && len(later) > 0 {
			var still []*task
			for _, t := range later {
				if _, held := r.en.Store.Claimed(t.cell.Key); held {
					still = append(still, t)
				} else {
					ready = append([]*task{t}, ready...)
				}
			}
			later = still
		}
		for running < workers && len(ready)+len(later) > 0 && ctx.Err() == nil && !r.timeUp {
			// A ready cell that another run is computing now waits in
			// later while other cells can start; one started from later
			// waits for the other run in runCell (cache.Store.Claim).
			from := &ready
			if len(ready) == 0 {
				from = &later
			}
			t := (*from)[0]
			if !fits(t.cell) {
				r.timeUp, stopAt = true, t.cell
				break
			}
			*from = (*from)[1:]
			if from == &ready && rowCell(t.cell) {
				if _, held := r.en.Store.Claimed(t.cell.Key); held {
					later = append(later, t)
					continue
				}
			}
			running++
			r.en.emit(Event{Type: EventStart, Experiment: t.cell.Exp.Name, Cell: t.cell.ID, Kind: t.cell.Kind, Label: t.cell.Label,
				Key: t.cell.Key.Short(), Done: finished, Total: total, Running: running})
			// A simulation gets an equal share of the processors among
			// the cells that can run now: one thread each in a sweep of
			// many cells (two cells on two cores with one thread each
			// deliver about 10% more flits than one with two threads next
			// to one with one, which oversubscribes the cores), all of
			// them for a cell that runs alone. The processors are those Go
			// may use (GOMAXPROCS: every CPU, or a cgroup's limit, or the
			// variable's value). Results do not depend on it.
			threads := max(1, runtime.GOMAXPROCS(0)/min(workers, running+len(ready)))
			starts++
			solo := 0
			if running == 1 {
				solo = starts
			}
			go func() {
				t0, cpu0 := time.Now(), processCPU()
				note, work, other, err := r.runCell(withSimCheckMemo(WithSimThreads(ctx, threads), &r.checks), t.cell)
				doneCh <- done{t, note, work, err, time.Since(t0), processCPU() - cpu0, solo, other}
			}()
		}
		if running == 0 {
			break
		}
		d := <-doneCh
		running--
		finished++
		c := d.t.cell
		cpu := 0.0
		if d.solo == starts {
			cpu = d.cpu
		}
		if d.err == nil && d.work > 0 {
			spent[c.Kind] += d.dur.Seconds()
			worked[c.Kind] += d.work
		}
		if d.err != nil {
			failed++
			msg := d.err.Error()
			if ctx.Err() != nil && errors.Is(d.err, ctx.Err()) {
				msg = "interrupted"
				failed--
				finished--
				skip(d.t, msg)
			} else {
				r.failed[c] = true
				r.en.emit(Event{Type: EventError, Experiment: c.Exp.Name, Cell: c.ID, Kind: c.Kind, Label: c.Label,
					Error: msg, Duration: seconds(d.dur), Done: finished, Total: total, Running: running})
				var ce *cellError
				if errors.As(d.err, &ce) {
					f := &failure{cell: c, msg: ce.msg}
					r.mu.Lock()
					r.results[c] = &result{failed: f}
					r.incomplete[c] = "failed in the last run: " + ce.msg
					r.mu.Unlock()
					for _, dep := range d.t.dependents {
						fail(dep, f, c)
					}
				} else {
					for _, dep := range d.t.dependents {
						skip(dep, "input "+c.Label+" failed")
					}
				}
			}
			continue
		}
		if d.other {
			sum.Shared++
		} else {
			sum.Computed++
		}
		r.en.emit(Event{Type: EventFinish, Experiment: c.Exp.Name, Cell: c.ID, Kind: c.Kind, Label: c.Label,
			Key: c.Key.Short(), Reason: d.note, Duration: seconds(d.dur), CPU: cpu, Work: d.work, Topology: c.TopologyName(), Done: finished, Total: total, Running: running})
		var next []*task
		for _, dep := range d.t.dependents {
			dep.pending--
			if dep.pending == 0 && !skipped[dep] {
				next = append(next, dep)
			}
		}
		ready = append(ready, next...)
		sort.SliceStable(ready, func(i, j int) bool { return ready[i].index < ready[j].index })
	}
	if ctx.Err() != nil || r.timeUp {
		// why is the reason of every cell not started: interrupted, or
		// the time limit, which one cell (stopAt) would have overrun;
		// the cells after it were not weighed.
		why := func(c *Cell) string {
			switch {
			case ctx.Err() != nil:
				return "interrupted"
			case c == stopAt:
				return "not started: it would not finish by the time limit"
			}
			return "not started: the time limit stopped the run before it (" + stopAt.Label + " would not finish by it)"
		}
		// In plan order: the cells waiting for inputs and the ready ones.
		isReady := make(map[*task]bool, len(ready)+len(later))
		for _, q := range [][]*task{ready, later} {
			for _, t := range q {
				isReady[t] = true
			}
		}
		for _, t := range order {
			if (t.pending > 0 || isReady[t]) && !skipped[t] {
				skip(t, why(t.cell))
			}
		}
	}
	sum.Failed = failed
	return failed
}

// runCell computes one cell from its inputs and stores the result. The
// error of a row cell's own computation is a *cellError. A result computed
// from failed cells is kept for the outputs but not stored; note then says
// so. work is the work the cell turned out to be (Cell.doneWork); other
// reports that another run computed the cell meanwhile and its entry was
// taken from the cache.
func (r *run) runCell(ctx context.Context, c *Cell) (note string, work float64, other bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
			if rowCell(c) {
				err = &cellError{err: err, msg: r.shortError(c, fmt.Sprint("panic: ", p))}
			}
		}
	}()
	if err := r.remoteFailure(c); err != nil {
		return "", 0, false, err
	}
	if rowCell(c) {
		// Another process sharing the cache (a second run, a shard, a
		// Slurm task) may have computed the cell since this run was
		// planned: take its entry instead of computing the cell again.
		if r.fromStore(c) {
			return "in the cache already: computed meanwhile by another run", 0, true, nil
		}
		// Or it may be computing it now: wait for it rather than
		// compute the cell twice (cache.Store.Claim).
		release, waited, err := r.en.Store.Claim(ctx, c.Key)
		if err != nil {
			return "", 0, false, err
		}
		defer release()
		if waited && r.fromStore(c) {
			return "computed meanwhile by another run, which this run waited for", 0, true, nil
		}
	}
	inputs := make([]*result, len(c.Inputs))
	for i, in := range c.Inputs {
		res, err := r.input(in)
		if err != nil {
			return "", 0, false, err
		}
		inputs[i] = res
	}
	var res *result
	if h := r.en.computeHook; h != nil && rowCell(c) {
		err = h(c)
	}
	if err == nil {
		res, err = compute(withStore(ctx, r.en.Store), c, inputs, r.en.workers())
	}
	if err != nil {
		var se *storageError
		if rowCell(c) && ctx.Err() == nil && !errors.As(err, &se) {
			return "", 0, false, &cellError{err: err, msg: r.shortError(c, err.Error())}
		}
		return "", 0, false, err
	}
	if err := ctx.Err(); err != nil {
		return "", 0, false, err
	}
	if res.incomplete {
		n := len(res.failures)
		note = "computed from a dataset with failed cells; written to results, not cached"
		why := "incomplete in the last run: its dataset had failed cells"
		if c.Kind == KindDataset {
			note = fmt.Sprintf("assembled with %d failed %s; written to results, not cached", n, plural(n, "cell", "cells"))
			why = fmt.Sprintf("incomplete in the last run: %d failed %s", n, plural(n, "cell", "cells"))
		}
		r.mu.Lock()
		r.incomplete[c] = why
		r.mu.Unlock()
	} else if err := r.en.Store.Put(c.Key, res.entry); err != nil {
		return "", 0, false, err
	}
	r.keep(c, res)
	return note, c.doneWork(res.values), false, nil
}

// fromStore takes the result of c from the cache if it is there, as keep
// would record a computed one, and reports whether it was.
func (r *run) fromStore(c *Cell) bool {
	e, err := r.en.Store.Get(c.Key)
	if err != nil {
		return false
	}
	res, err := decodeResult(c, e)
	if err != nil {
		return false
	}
	r.keep(c, res)
	return true
}

// keep records the result of c for the cells that read it and releases
// the results of c's inputs that no other cell still needs.
func (r *run) keep(c *Cell, res *result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.uses[c] > 0 || isOutput(c) {
		r.results[c] = res // outputs are written from memory, whatever happens to the cache
	}
	for _, in := range c.Inputs {
		r.uses[in]--
		if r.uses[in] == 0 && !isOutput(in) {
			delete(r.results, in)
		}
	}
}

// plural returns one if n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// input returns the result of an input cell: computed in this run, verified
// while planning, or read from the cache.
func (r *run) input(c *Cell) (*result, error) {
	r.mu.Lock()
	res, ok := r.results[c]
	r.mu.Unlock()
	if ok {
		return res, nil
	}
	e, ok := r.plan.loaded[c.Key]
	if !ok {
		var err error
		e, err = r.en.Store.Get(c.Key)
		if errors.Is(err, cache.ErrNotFound) {
			if c.Kind == KindDataset {
				return nil, fmt.Errorf("%s has not been computed: run `runexp run %s` first", c.Label, c.Exp.Path)
			}
			return nil, fmt.Errorf("input %s is not in the cache", c.Label)
		}
		if err != nil {
			return nil, fmt.Errorf("input %s: %w", c.Label, err)
		}
	}
	res, err := decodeResult(c, e)
	if err != nil {
		return nil, fmt.Errorf("input %s: %w", c.Label, err)
	}
	return res, nil
}

// isOutput reports whether c's result is written under results/.
func isOutput(c *Cell) bool {
	switch c.Kind {
	case KindDataset, KindFigure, KindTable:
		return true
	}
	return false
}

// updateManifest records in m, e's manifest as read before the outputs
// were written, the cells of e that are now in the cache, keeping the
// previous record of cells that were not computed, and the cells that
// failed or are incomplete because a cell failed (with the reason the next
// plan gives), and writes it if it changed.
func (r *run) updateManifest(e *Experiment, m *manifest) error {
	changed := false
	current := map[string]bool{}
	for _, c := range r.plan.Graph.Cells {
		if c.Exp == e {
			current[c.ID] = true
		}
	}
	for id := range m.Cells {
		if !current[id] {
			delete(m.Cells, id)
			changed = true
		}
	}
	for id := range m.Failed {
		if !current[id] {
			delete(m.Failed, id)
			changed = true
		}
	}
	r.mu.Lock()
	incomplete := maps.Clone(r.incomplete)
	r.mu.Unlock()
	for _, pe := range r.plan.Entries {
		c := pe.Cell
		if c.Exp != e || (!pe.Run && pe.Status != Cached) {
			continue
		}
		if why, ok := incomplete[c]; ok {
			f := &manifestFailure{Key: c.Key.String(), Reason: why}
			if prev := m.Failed[c.ID]; prev == nil || *prev != *f {
				if m.Failed == nil {
					m.Failed = map[string]*manifestFailure{}
				}
				m.Failed[c.ID] = f
				changed = true
			}
		} else if _, ok := m.Failed[c.ID]; ok && (pe.Status == Cached || r.en.Store.Has(c.Key)) {
			delete(m.Failed, c.ID)
			changed = true
		}
		if pe.Run && !r.en.Store.Has(c.Key) {
			continue
		}
		if prev, ok := m.Cells[c.ID]; ok && prev.Key == c.Key.String() {
			continue
		}
		m.Cells[c.ID] = manifestEntryOf(c)
		changed = true
	}
	if outs, ok := r.outputs[e]; ok {
		if fmt.Sprint(outs) != fmt.Sprint(m.Outputs) {
			m.Outputs = outs
			changed = true
		}
	}
	if !changed {
		return nil
	}
	return m.write(r.en.Results, e.Name)
}
