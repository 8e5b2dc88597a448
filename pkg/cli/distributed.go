package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/slurm"
)

// distFlags are the flags of run that compute some of the cells, or
// compute them elsewhere: those of some studies, figures or tables
// (--only), a share of them (--shard), on Slurm (--executor slurm), or as
// a Slurm array task (--worker, hidden: the batch script passes it).
type distFlags struct {
	shard      string
	only       []string
	executor   string
	slurm      slurm.Options
	worker     string
	workerTask int
}

func (d *distFlags) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&d.shard, "shard", "", "compute only share `I/N` (1 <= I <= N) of the builds, metrics and simulations (with --only: of the cells it names), and write no outputs; a run without --shard then writes them")
	f.StringArrayVar(&d.only, "only", nil, "compute only the cells that the study, figure or table `NAME` needs (repeatable; a figure or table with where: the cells of the rows it keeps), and write no outputs; a run without --only then writes them")
	f.StringVar(&d.executor, "executor", "local", "where cells are computed: local (this machine, -j at once) or slurm (job arrays; see docs/cluster.md)")
	f.StringVar(&d.slurm.Partition, "slurm-partition", "", "slurm: sbatch --partition")
	f.StringVar(&d.slurm.Time, "slurm-time", "", "slurm: time limit of one array task (sbatch --time, e.g. 02:00:00)")
	f.StringVar(&d.slurm.Mem, "slurm-mem", "", "slurm: memory of one array task (sbatch --mem, e.g. 8G)")
	f.IntVar(&d.slurm.CPUs, "slurm-cpus", 1, "slurm: processors of one array task (sbatch --cpus-per-task; the worker's -j)")
	f.IntVar(&d.slurm.MaxRunning, "slurm-max-running", 0, "slurm: array tasks running at once (the array's %N; 0: no limit)")
	f.Float64Var(&d.slurm.ChunkWork, "slurm-chunk-seconds", slurm.DefaultChunkWork, "slurm: expected work of one array task in seconds (cells are packed by their expected cost)")
	f.IntVar(&d.slurm.ChunkCells, "slurm-chunk-cells", 0, "slurm: cells per array task instead of --slurm-chunk-seconds (0: by expected work)")
	f.IntVar(&d.slurm.Retries, "slurm-retries", 2, "slurm: submissions of a cell whose task ended without computing it, after the first")
	f.StringArrayVar(&d.slurm.Sbatch, "slurm-sbatch", nil, "slurm: one more sbatch option, e.g. --slurm-sbatch=--account=abc (repeatable)")
	f.DurationVar(&d.slurm.Poll, "slurm-poll", slurm.DefaultPoll, "slurm: how often squeue and the cache are checked")
	f.StringVar(&d.worker, "worker", "", "compute the cells of one array task of the Slurm submission recorded in `FILE` (the batch script's mode)")
	f.IntVar(&d.workerTask, "worker-task", 0, "the array task index (with --worker)")
	f.MarkHidden("worker")
	f.MarkHidden("worker-task")
}

// selectCells returns the cells of g that a run with --only names and
// --shard share computes (either may be unset, not both), and the
// selection's name for messages ("only fig7a, shard 1/2"). With both, the
// share is one of the named cells: the processes of one --only list with
// --shard 1/N to N/N compute each of its cells once.
func selectCells(g *eval.Graph, only []string, shard string) (cells []*eval.Cell, what string, err error) {
	var parts []string
	if len(only) > 0 {
		if cells, err = g.Only(only); err != nil {
			return nil, "", err
		}
		parts = append(parts, "only "+strings.Join(only, ", "))
	}
	if shard != "" {
		i, n, err := parseShard(shard)
		if err != nil {
			return nil, "", err
		}
		if len(only) > 0 {
			cells = eval.Share(cells, i, n)
		} else {
			cells = g.Shard(i, n)
		}
		parts = append(parts, fmt.Sprintf("shard %d/%d", i+1, n))
	}
	return cells, strings.Join(parts, ", "), nil
}

// selectionFlags names the flags of a selection: "--only", "--shard" or
// "--only and --shard".
func selectionFlags(only []string, shard string) string {
	switch {
	case len(only) > 0 && shard != "":
		return "--only and --shard"
	case shard != "":
		return "--shard"
	}
	return "--only"
}

// parseShard parses I/N of --shard into a 0-based share and a count.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("--shard %q: want I/N with 1 <= I <= N, e.g. --shard 2/4", s)
	}
	return i - 1, n, nil
}

// runDistributed runs `run` in one of its distributed modes; handled is
// false for a plain local run.
func (o *options) runDistributed(ctx context.Context, d *distFlags, args []string) (handled bool, err error) {
	modes := 0
	for _, on := range []bool{d.shard != "" || len(d.only) > 0, d.executor != "local", d.worker != ""} {
		if on {
			modes++
		}
	}
	if modes > 1 {
		return true, &exitError{ExitInvalid, errors.New("--executor slurm, --worker and --only or --shard exclude each other")}
	}
	if o.timeLimit > 0 && d.executor == "slurm" {
		return true, &exitError{ExitInvalid, errors.New("--time-limit limits the cells computed on this machine; with --executor slurm, limit the array tasks with --slurm-time")}
	}
	switch {
	case d.worker != "":
		return true, o.runWorker(ctx, d, args)
	case d.shard != "" || len(d.only) > 0:
		return true, o.runCells(ctx, args, selectionFlags(d.only, d.shard), func(g *eval.Graph) ([]*eval.Cell, string, error) {
			return selectCells(g, d.only, d.shard)
		}, nil)
	case d.executor == "slurm":
		return true, o.runSlurm(ctx, d, args)
	case d.executor != "local":
		return true, &exitError{ExitInvalid, fmt.Errorf("--executor %q: want local or slurm", d.executor)}
	}
	return false, nil
}

// runCells computes the cells pick chooses (and the builds they need),
// writing no outputs; pick also names its selection for the summary line,
// which says that a run without flag writes the outputs. failed, if set,
// is told each cell that failed.
func (o *options) runCells(ctx context.Context, args []string, flag string, pick func(*eval.Graph) ([]*eval.Cell, string, error),
	failed func(*eval.Cell, string) error) error {
	exps, err := o.load(args)
	if err != nil {
		return err
	}
	g := eval.BuildGraph(exps)
	cells, what, err := pick(g)
	if err != nil {
		return &exitError{ExitInvalid, err}
	}
	obs, done := o.observer(0)
	en := o.engine(obs)
	en.Lease(g)
	defer en.Close()
	p := eval.MakePlan(g, en.Store, o.results)
	sum, fails, err := en.RunCells(ctx, p, cells)
	done()
	for c, why := range fails {
		if failed != nil {
			if ferr := failed(c, why); ferr != nil {
				return &exitError{ExitFailed, ferr}
			}
		}
	}
	sum.Failed = len(fails)
	if o.json {
		obs.Event(eval.Event{Type: eval.EventSummary, Summary: sum})
	} else {
		other := ""
		if sum.Shared > 0 {
			other = fmt.Sprintf(" (%d more computed meanwhile by another run)", sum.Shared)
		}
		fmt.Fprintf(o.stdout, "%s: %d of %d cells computed%s, %d failed, %d skipped; %s; the outputs are written by a run without %s\n",
			what, sum.Computed, sum.Cells, other, sum.Failed, sum.Skipped, fmtDuration(sum.Duration), flag)
	}
	switch {
	case err != nil:
		return runError(err, sum)
	case len(fails) > 0:
		return &exitError{ExitFailed, fmt.Errorf("%s: %d of %d cells failed", what, len(fails), sum.Cells)}
	}
	return nil
}

// runWorker is a Slurm array task: it computes the cells the submission
// lists for its task and records the failures for the submitting run.
func (o *options) runWorker(ctx context.Context, d *distFlags, args []string) error {
	keys, err := slurm.ReadTask(d.worker, d.workerTask)
	if err != nil {
		return &exitError{ExitInvalid, err}
	}
	what := fmt.Sprintf("slurm task %d", d.workerTask)
	return o.runCells(ctx, args, "--worker", func(g *eval.Graph) ([]*eval.Cell, string, error) {
		cells := make([]*eval.Cell, 0, len(keys))
		for _, k := range keys {
			c := g.CellByKey(k)
			if c == nil {
				return nil, "", fmt.Errorf("cell %s of %s is not in these experiments: were the files or --var values changed since it was submitted?", k.Short(), d.worker)
			}
			cells = append(cells, c)
		}
		return cells, what, nil
	}, func(c *eval.Cell, why string) error {
		return slurm.RecordFailure(d.worker, c.Key, c.Label+": "+why)
	})
}

// runSlurm runs the experiments with the Slurm executor: the workers are
// this binary, with the same experiments, variables and results directory
// as absolute paths.
func (o *options) runSlurm(ctx context.Context, d *distFlags, args []string) error {
	self, err := os.Executable()
	if err != nil {
		return &exitError{ExitFailed, fmt.Errorf("slurm: the path of runexp: %w", err)}
	}
	wd, err := os.Getwd()
	if err != nil {
		return &exitError{ExitFailed, err}
	}
	results, err := filepath.Abs(o.results)
	if err != nil {
		return &exitError{ExitFailed, err}
	}
	worker := []string{self, "run", "--quiet", "--results", results, "--max-cells", strconv.Itoa(o.maxCells)}
	for _, v := range o.vars {
		worker = append(worker, "--var", v)
	}
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return &exitError{ExitFailed, err}
		}
		worker = append(worker, abs)
	}
	return o.execute(ctx, args, func(g *eval.Graph, en *eval.Engine) *eval.Plan {
		en.Executor = &slurm.Executor{Options: d.slurm, Store: en.Store, Worker: worker, Dir: wd,
			Local: eval.Pool{Engine: en}, Log: o.logLine}
		return eval.MakePlan(g, en.Store, o.results)
	})
}

// logLine prints a progress message of an executor (not with -q or
// --json).
func (o *options) logLine(msg string) {
	if o.quiet || o.json {
		return
	}
	fmt.Fprintf(o.stderr, "%s runexp: %s\n", time.Now().Format("15:04:05"), msg)
}
