// Package cli implements the runexp command-line interface: the commands
// validate, plan, run, report, fmt, ls, gc, families, topology and sim, their flags,
// progress output (live on a terminal, one line per event otherwise, or JSON
// lines with --json) and exit codes. cmd/runexp only wires it to the process.
package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

// Exit codes.
const (
	ExitOK          = 0   // success
	ExitInvalid     = 1   // invalid experiment (or usage error, unformatted files with fmt --check, sim options the topology cannot run)
	ExitFailed      = 2   // at least one cell failed; the others finished and are cached
	ExitInterrupted = 130 // interrupted (Ctrl-C, or run --time-limit); finished cells are cached
)

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

// options are the global flags.
type options struct {
	jobs     int
	vars     []string
	results  string
	json     bool
	maxCells int
	quiet    bool // run, report: print only failures, errors and the summary line
	// timeLimit is run's --time-limit (0: none): the engine's Deadline is
	// that long after the engine is made, at the start of the run.
	timeLimit time.Duration

	stdout, stderr io.Writer
}

// Main runs the runexp command line with args (without the program name)
// and returns the exit code. Cancelling ctx interrupts a run.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o := &options{stdout: stdout, stderr: stderr}
	root := newRoot(o)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			o.printError(ee.err)
		}
		return ee.code
	}
	// A usage error from cobra (unknown command or flag).
	fmt.Fprintf(stderr, "runexp: %v\nRun 'runexp --help' for usage.\n", err)
	return ExitInvalid
}

func (o *options) printError(err error) {
	if o.json {
		json.NewEncoder(o.stdout).Encode(eval.Event{Type: eval.EventError, Error: err.Error()})
		return
	}
	fmt.Fprintf(o.stderr, "runexp: %v\n", err)
}

func newRoot(o *options) *cobra.Command {
	root := &cobra.Command{
		Use:   "runexp",
		Short: "Reproducible interconnection-network topology experiments",
		Long: `runexp expands HCL experiment files into a DAG of cached cells (topology
builds, metrics, study datasets, figures, tables), computes only the cells
whose inputs changed, stores study results as Parquet and renders figures
(PDF, PNG), tables (Markdown, LaTeX, CSV) and a scorecard of expectations.

An EXPERIMENT argument is an .hcl file or a directory: every .hcl file in the
directory is one experiment, named after the file.

Exit codes: 0 ok, 1 invalid experiment, 2 a cell failed (the others finish
and stay cached), 130 interrupted, by Ctrl-C or run's --time-limit (finished cells stay cached).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	pf := root.PersistentFlags()
	pf.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "cells computed in parallel")
	pf.StringArrayVar(&o.vars, "var", nil, "set a variable: --var name=value (repeatable)")
	pf.StringVar(&o.results, "results", "results", "results directory (the cache is in DIR/.cache)")
	pf.BoolVar(&o.json, "json", false, "print one JSON event per line on stdout")
	pf.IntVar(&o.maxCells, "max-cells", eval.DefaultMaxCells, "refuse experiments that expand to more cells")
	topology, sim := o.topologyCmd(), o.simCmd()
	// sim --set: check the option names before the command runs,
	// suggesting the closest valid name for a typo (familyInstance does
	// the same for FAMILY name=value...).
	checkBefore(sim, checkSimSets)
	root.AddCommand(
		o.validateCmd(), o.planCmd(), o.runCmd(), o.reportCmd(),
		o.fmtCmd(), o.lsCmd(), o.showCmd(), o.gcCmd(), o.cacheCmd(), o.familiesCmd(), topology, sim, o.diffCmd(),
	)
	return root
}

// checkBefore makes cmd run checks on its arguments (after cobra's own
// argument validation) and then any PreRunE it already had; a failing
// check is a usage error (exit 1).
func checkBefore(cmd *cobra.Command, checks ...func(*cobra.Command, []string) error) {
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		for _, check := range checks {
			if err := check(c, args); err != nil {
				return &exitError{ExitInvalid, err}
			}
		}
		if prev != nil {
			return prev(c, args)
		}
		return nil
	}
}

// load parses and decodes experiments, printing diagnostics; invalid
// experiments give an exitError with ExitInvalid.
func (o *options) load(args []string) ([]*eval.Experiment, error) {
	vars := map[string]string{}
	for _, v := range o.vars {
		name, val, err := splitVar(v)
		if err != nil {
			return nil, &exitError{ExitInvalid, err}
		}
		vars[name] = val
	}
	l := eval.NewLoader(eval.Options{Registry: families.Default(), Vars: vars, MaxCells: o.maxCells})
	exps, diags := l.Load(args)
	if len(diags) > 0 {
		o.printDiags(l.Files(), diags)
	}
	if diags.HasErrors() {
		return nil, &exitError{code: ExitInvalid}
	}
	return exps, nil
}

// printDiags prints diagnostics with hcl's text writer (source snippets,
// file:line:col), or as JSON error events with --json.
func (o *options) printDiags(files map[string]*hcl.File, diags hcl.Diagnostics) {
	if o.json {
		enc := json.NewEncoder(o.stdout)
		for _, d := range diags {
			ev := map[string]any{"event": "error", "summary": d.Summary, "detail": d.Detail}
			if d.Severity == hcl.DiagWarning {
				ev["event"] = "warning"
			}
			if d.Subject != nil {
				ev["file"], ev["line"], ev["column"] = d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column
			}
			enc.Encode(ev)
		}
		return
	}
	width, color := uint(100), false
	if f, ok := o.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		color = true
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 20 {
			width = uint(w)
		}
	}
	hcl.NewDiagnosticTextWriter(o.stderr, files, width, color).WriteDiagnostics(diags)
}

// observer returns the progress observer for the output mode and a function
// to call when the run is over; outputs is the number of outputs the run
// checks (see countOutputs), for the summary line. With --quiet only
// failures, errors and the summary are printed, as plain lines (or JSON
// events with --json), never a live status line.
func (o *options) observer(outputs int) (eval.Observer, func()) {
	if o.json {
		if o.quiet {
			return quietObserver{newJSONObserver(o.stdout)}, func() {}
		}
		return newJSONObserver(o.stdout), func() {}
	}
	if o.quiet {
		return quietObserver{&plainObserver{w: o.stdout, sum: summarizer{outputs: outputs}}}, func() {}
	}
	if f, ok := o.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		w, _, _ := term.GetSize(int(f.Fd()))
		t := newTermObserver(o.stderr, w, o.jobs)
		t.sum.outputs = outputs
		return t, t.Close
	}
	return &plainObserver{w: o.stdout, sum: summarizer{outputs: outputs}}, func() {}
}

// countOutputs returns the number of outputs a run of g checks and writes
// when they changed (eval.Experiment.Outputs, summed).
func countOutputs(g *eval.Graph) int {
	n := 0
	for _, e := range g.Experiments {
		n += e.Outputs()
	}
	return n
}

func (o *options) engine(obs eval.Observer) *eval.Engine {
	if obs != nil {
		// A run: record how long its cells take here, for plan.
		obs = &timingObserver{Observer: obs, path: timingsPath(o.results), warn: o.stderr}
	}
	en := eval.NewEngine(o.results, o.jobs, obs)
	if o.timeLimit > 0 {
		en.Deadline = time.Now().Add(o.timeLimit)
	}
	return en
}

func (o *options) validateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate EXPERIMENT...",
		Short: "Check experiment files and report what they expand to",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			exps, err := o.load(args)
			if err != nil {
				return err
			}
			g := eval.BuildGraph(exps)
			for _, e := range exps {
				inst := 0
				for _, t := range e.Topologies {
					inst += len(t.Instances)
				}
				cells := 0
				for _, c := range g.Cells {
					if c.Exp == e {
						cells++
					}
				}
				if o.json {
					json.NewEncoder(o.stdout).Encode(map[string]any{"event": "valid", "experiment": e.Name, "path": e.Path,
						"topologies": len(e.Topologies), "instances": inst, "studies": len(e.Studies),
						"figures": len(e.Figures), "tables": len(e.Tables), "cells": cells})
					continue
				}
				fmt.Fprintf(o.stdout, "%s: ok: %d topologies (%d instances), %d studies, %d figures, %d tables, %d cells\n",
					e.Path, len(e.Topologies), inst, len(e.Studies), len(e.Figures), len(e.Tables), cells)
			}
			return nil
		},
	}
}

func (o *options) planCmd() *cobra.Command {
	var all bool
	var only []string
	var shard string
	cmd := &cobra.Command{
		Use:   "plan EXPERIMENT...",
		Short: "Show which cells would be computed, and why",
		Long: `plan lists every cell that 'runexp run' would compute, with its status:
new (never computed) or stale (computed before with other parameters, inputs
or code; the reason names what changed), and counts the cached cells;
then the output files 'run' would write (under --results): those of the
cells it computes, and those whose cached content differs from the file on
disk or whose file is missing. It writes nothing.

For a run of more than a minute it states the expected work, counting in
full the points of load sweeps not yet known to be past saturation, and,
when some are predicted to be (above the last simulated load of every
computed sweep of the same network, traffic and options with another
routing), a second figure that counts those as recorded; the reason of
such a point says so.

With --only NAME or --shard I/N it plans 'run' with the same flags: the
cells that the named studies, figures and tables need, or the share (of
those cells, with both), with their counts and expected work, and no
output files (such a run writes none).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			exps, err := o.load(args)
			if err != nil {
				return err
			}
			en := o.engine(nil)
			g := eval.BuildGraph(exps)
			p := eval.MakePlan(g, en.Store, o.results)
			selection := ""
			if len(only) > 0 || shard != "" {
				cells, what, err := selectCells(g, only, shard)
				if err != nil {
					return &exitError{ExitInvalid, err}
				}
				p, selection = p.Select(cells), what
			}
			elsewhere := p.MarkElsewhere(en.Store)
			var writes []string
			var werr error
			if selection == "" {
				writes, werr = en.PlannedWrites(p)
			}
			if o.json {
				en.Observer = newJSONObserver(o.stdout)
				en.EmitPlan(p, all)
				run, newN, stale, cached := p.Counts()
				ev := map[string]any{"event": "plan_summary", "run": run, "new": newN, "stale": stale, "cached": cached, "elsewhere": elsewhere, "writes": writes}
				if selection != "" {
					ev["selection"] = selection
				}
				json.NewEncoder(o.stdout).Encode(ev)
				return werr
			}
			o.printPlan(p, all, selection)
			switch {
			case selection != "":
				fmt.Fprintf(o.stdout, "no output file to write (a run with %s writes none)\n", selectionFlags(only, shard))
			case len(writes) == 0:
				fmt.Fprintln(o.stdout, "no output file to write")
			default:
				fmt.Fprintf(o.stdout, "%d output files to write:\n", len(writes))
				for _, w := range writes {
					fmt.Fprintf(o.stdout, "  write   %s\n", filepath.Join(o.results, w))
				}
			}
			return werr
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "list cached cells too")
	cmd.Flags().StringArrayVar(&only, "only", nil, "plan a run with --only `NAME` (repeatable): the cells the study, figure or table NAME needs")
	cmd.Flags().StringVar(&shard, "shard", "", "plan a run with --shard `I/N`: share I of N of the builds, metrics and simulations")
	return cmd
}

// planWorkShown is the expected work (seconds of one core) from which
// plan states it: below, a run is too short for the estimate to matter.
const planWorkShown = 60

// planWork is plan's statement of the expected work (seconds of one core)
// at -j jobs, with the work if the likelyN points predicted past
// saturation are (likely); none below planWorkShown.
func planWork(work, likely float64, likelyN, jobs int) string {
	if work < planWorkShown {
		return ""
	}
	j := max(1, jobs)
	s := fmt.Sprintf("  expected work: about %s of one core, %s at -j %d (estimated from the cells' sizes; sweep points not yet known to be past saturation count in full)\n",
		fmtHours(work), fmtHours(work/float64(j)), j)
	if likelyN > 0 {
		s += fmt.Sprintf("  about %s of one core, %s at -j %d, if each load sweep stops no later than the computed sweeps of its network and traffic with other routings (%d points predicted past saturation)\n",
			fmtHours(likely), fmtHours(likely/float64(j)), j, likelyN)
	}
	return s
}

// fmtHours formats seconds of work as hours and minutes ("92h56m", "14m").
func fmtHours(sec float64) string {
	m := int64(math.Round(sec / 60))
	if m < 60 {
		return fmt.Sprintf("%dm", max(1, m))
	}
	return fmt.Sprintf("%dh%02dm", m/60, m%60)
}

// printPlan prints a plan as aligned text, per experiment; selection
// ("only fig7a", "shard 1/4") names the cells a selected plan holds
// (Plan.Select).
func (o *options) printPlan(p *eval.Plan, all bool, selection string) {
	rates := measuredRates(o.results)
	for _, e := range p.Graph.Experiments {
		var rows, from [][3]string
		run, newN, stale, cached, past, likelyN, elsewhere := 0, 0, 0, 0, 0, 0, 0
		work, likely := 0.0, 0.0
		mwork, mlikely := 0.0, 0.0 // at the measured rates
		for _, pe := range p.Entries {
			if pe.Cell.Exp != e || pe.Outside {
				continue
			}
			if pe.Run && pe.PastSaturation {
				past++
			}
			if pe.Run && pe.Elsewhere {
				elsewhere++
			}
			if pe.Run {
				work += pe.Work()
				likely += pe.LikelyWork()
				if m := rates[e.Name]; m != nil {
					r := m.rate(pe.Cell.Kind, pe.Cell.TopologyName())
					mwork += pe.Work() * r
					mlikely += pe.LikelyWork() * r
				}
				if pe.LikelyPast {
					likelyN++
				}
			}
			if pe.From != "" {
				from = append(from, [3]string{"from", pe.Cell.Label, pe.From})
			}
			switch {
			case pe.Run && pe.Status == eval.New:
				run++
				newN++
			case pe.Run:
				run++
				stale++
			case pe.Status == eval.Cached:
				cached++
			default:
				continue
			}
			if pe.Run || all {
				rows = append(rows, [3]string{string(pe.Status), pe.Cell.Label, pe.Reason})
			}
		}
		name := e.Name
		if selection != "" {
			name += " (" + selection + ")"
		}
		fmt.Fprintf(o.stdout, "%s: %d cells to compute (%d new, %d stale), %d cached\n", name, run, newN, stale, cached)
		if past > 0 {
			fmt.Fprintf(o.stdout, "  %d of them past saturation: recorded without simulating (stop_at_saturation)\n", past)
		}
		if elsewhere > 0 {
			fmt.Fprintf(o.stdout, "  %d of them being computed by another run now (a run waits for them and takes its results)\n", elsewhere)
		}
		fmt.Fprint(o.stdout, planWork(work, likely, likelyN, o.jobs))
		fmt.Fprint(o.stdout, planMeasured(rates[e.Name], mwork, mlikely, likelyN, o.jobs))
		if len(from) > 0 {
			// Datasets adopted from their results files: the cells only
			// they read are neither computed nor counted.
			if len(from) == 1 {
				fmt.Fprintln(o.stdout, "  1 dataset taken from its results file (the cells only it reads are not computed)")
			} else {
				fmt.Fprintf(o.stdout, "  %d datasets taken from their results files (the cells only they read are not computed)\n", len(from))
			}
			rows = append(from, rows...)
		}
		wl := 0
		for _, r := range rows {
			wl = max(wl, len(r[1]))
		}
		for _, r := range rows {
			if r[2] != "" {
				fmt.Fprintf(o.stdout, "  %-6s  %-*s  %s\n", r[0], wl, r[1], r[2])
			} else {
				fmt.Fprintf(o.stdout, "  %-6s  %s\n", r[0], r[1])
			}
		}
	}
}

func (o *options) runCmd() *cobra.Command {
	var dist distFlags
	cmd := &cobra.Command{
		Use:   "run EXPERIMENT...",
		Short: "Compute what changed and write datasets, figures, tables and reports",
		Long: `run computes every cell that is not cached (see 'runexp plan'), in parallel
(-j), storing each finished cell in the cache at once, then writes
results/<experiment>/: <study>.parquet, figures/*.pdf|png, tables/*.md|tex|csv,
scorecard.md|json and report.md. Ctrl-C stops scheduling and waits for the
running cells (Ctrl-C again abandons them); finished cells stay cached and the
next run resumes. With -q only failed cells, errors and the summary line are
printed.

--time-limit D starts no cell that is expected to end more than D after the
run began (its work as plan estimates it, scaled by how long the cells of its
kind took so far in this run): the first that would not fit, and every cell
after it, waits for the next run; the running ones finish and are cached, no
output is written, and the exit code is 130, as for Ctrl-C. For a batch
allocation or any session of fixed length, so that its end loses nothing.

--shard I/N computes one share of the builds, metrics and simulations and
writes no outputs, so that several machines sharing the results directory
(or any batch system) can split a run; a run without --shard then writes the
outputs. --only NAME computes only the cells that the study, figure or table
NAME needs, and writes no outputs either; with --shard too, one share of
those cells, so that N processes split one figure. --executor slurm submits
the cells to Slurm as job arrays and writes the outputs when they are done
(see docs/cluster.md).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if handled, err := o.runDistributed(cmd.Context(), &dist, args); handled {
				return err
			}
			return o.execute(cmd.Context(), args, func(g *eval.Graph, en *eval.Engine) *eval.Plan {
				return eval.MakePlan(g, en.Store, o.results)
			})
		},
	}
	o.quietFlag(cmd)
	dist.add(cmd)
	cmd.Flags().DurationVar(&o.timeLimit, "time-limit", 0, "start no cell expected to end more than `D` (e.g. 2h30m) after the run began; running cells finish, no output is written, exit code 130 (0: no limit)")
	return cmd
}

// quietFlag adds -q/--quiet to a command that runs a plan (run, report).
func (o *options) quietFlag(cmd *cobra.Command) {
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false,
		"print only failed cells, errors and the one-line summary (no progress, no wrote lines); exit codes are unchanged")
}

// execute loads the experiments, plans with makePlan, runs the plan with
// progress output and maps the outcome to an exit code.
func (o *options) execute(ctx context.Context, args []string, makePlan func(*eval.Graph, *eval.Engine) *eval.Plan) error {
	exps, err := o.load(args)
	if err != nil {
		return err
	}
	g := eval.BuildGraph(exps)
	obs, done := o.observer(countOutputs(g))
	en := o.engine(obs)
	en.Lease(g) // before planning: gc keeps what the plan finds cached
	defer en.Close()
	p := makePlan(g, en)
	en.EmitPlan(p, false)
	sum, err := en.Run(ctx, p)
	done()
	return runError(err, sum)
}

// runError maps an engine error to an exit code. Failed cells are reported
// in the summary line's terms: "F of N cells failed" with N the summary's
// cell count (and the skipped cells, which depend on failed ones).
func runError(err error, sum *eval.Summary) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled), errors.Is(err, eval.ErrTimeLimit):
		return &exitError{code: ExitInterrupted}
	case errors.Is(err, eval.ErrCellsFailed) && sum != nil:
		msg := fmt.Sprintf("%d of %d cells failed", sum.Failed, sum.Cells)
		if sum.Skipped > 0 {
			msg += fmt.Sprintf(", %d skipped", sum.Skipped)
		}
		return &exitError{ExitFailed, errors.New(msg)}
	}
	return &exitError{ExitFailed, err}
}

func (o *options) reportCmd() *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "report EXPERIMENT...",
		Short: "Re-render figures, tables and reports from stored datasets, computing nothing else",
		Long: `report renders the figures and tables whose rendering is not cached (or all
of them with --force) from the study datasets in the cache, or from
results/<experiment>/<study>.parquet when the cache lacks them and the file
carries the matching key, and rewrites the reports. It never computes
topologies or metrics: a study without stored data is reported as missing.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.execute(cmd.Context(), args, func(g *eval.Graph, en *eval.Engine) *eval.Plan {
				return eval.MakeReportPlan(g, en.Store, o.results, force)
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "re-render every figure and table, cached or not")
	o.quietFlag(cmd)
	return cmd
}

func (o *options) fmtCmd() *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "fmt EXPERIMENT...",
		Short: "Format experiment files in the canonical HCL style",
		Long: `fmt rewrites experiment files in the canonical HCL layout (hclwrite). With
--check it only lists the files that are not formatted and exits 1 if any.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := eval.ExperimentFiles(args)
			if err != nil {
				return &exitError{ExitInvalid, err}
			}
			res, diags, files2 := eval.FormatFiles(files, !check)
			if diags.HasErrors() {
				o.printDiags(files2, diags)
				return &exitError{code: ExitInvalid}
			}
			for _, f := range res {
				fmt.Fprintln(o.stdout, f)
			}
			if check && len(res) > 0 {
				return &exitError{code: ExitInvalid}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "list unformatted files and exit 1 if any; change nothing")
	return cmd
}

func (o *options) lsCmd() *cobra.Command {
	var cells bool
	cmd := &cobra.Command{
		Use:   "ls EXPERIMENT...",
		Short: "List studies, figures, tables and cells with their status",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			exps, err := o.load(args)
			if err != nil {
				return err
			}
			en := o.engine(nil)
			p := eval.MakePlan(eval.BuildGraph(exps), en.Store, o.results)
			var buf bytes.Buffer
			eval.List(&buf, p, cells, o.json)
			o.stdout.Write(buf.Bytes())
			return nil
		},
	}
	cmd.Flags().BoolVar(&cells, "cells", false, "list every cell")
	return cmd
}

func (o *options) gcCmd() *cobra.Command {
	var dry bool
	cmd := &cobra.Command{
		Use:   "gc [EXPERIMENT...]",
		Short: "Drop cache entries that no experiment references",
		Long: `gc removes every cache entry (results/.cache) that none of the named
experiments (default: the experiments directory) references with the current
--var values, plus temporary files left by killed processes. Cells of other
profiles (say --var profile=paper) are dropped unless you name them with the
same --var values. Cells of runs that are going on (any experiment, profile
or --var values) are kept: each run leases its cells for as long as it
lives. gc touches only runexp's own files.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"experiments"}
			}
			exps, err := o.load(args)
			if err != nil {
				return err
			}
			en := o.engine(nil)
			st, err := eval.CollectGarbage(eval.BuildGraph(exps), en.Store, dry)
			if err != nil {
				return &exitError{ExitFailed, err}
			}
			if o.json {
				json.NewEncoder(o.stdout).Encode(map[string]any{"event": "gc", "removed": st.Removed, "removed_bytes": st.RemovedBytes,
					"kept": st.Kept, "kept_bytes": st.KeptBytes, "temp_files": st.Temps, "live_runs": st.Live,
					"foreign_files": st.Foreign, "dry_run": dry})
				return nil
			}
			verb := "removed"
			if dry {
				verb = "would remove"
			}
			fmt.Fprintf(o.stdout, "%s %d cache entries (%s) and %d temporary files; kept %d (%s)",
				verb, st.Removed, fmtBytes(st.RemovedBytes), st.Temps, st.Kept, fmtBytes(st.KeptBytes))
			if st.Live > 0 {
				fmt.Fprintf(o.stdout, ", including those of %d running runexp process(es)", st.Live)
			}
			fmt.Fprintln(o.stdout)
			if st.Foreign > 0 {
				fmt.Fprintf(o.stdout, "left alone %d files with cache entry names that are not runexp entries\n", st.Foreign)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&dry, "dry-run", false, "only report what would be removed")
	return cmd
}

func fmtBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func (o *options) familiesCmd() *cobra.Command {
	var markdown bool
	cmd := &cobra.Command{
		Use:   "families [FAMILY...]",
		Short: "List topology families, their parameters and the metrics",
		Long: `families prints an index of the topology families of the registry (one line
each: name and what it is) and the metrics a study can compute;
with names, the documentation, parameters and defaults of those families
only. --markdown prints the generated reference of docs/ (families, metrics, options, cost fields).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			reg := families.Default()
			for _, a := range args {
				if _, ok := reg.Lookup(a); !ok {
					return &exitError{ExitInvalid, unknownFamily(reg, a)}
				}
			}
			switch {
			case o.json:
				return json.NewEncoder(o.stdout).Encode(eval.FamiliesDoc(reg, args))
			case markdown:
				io.WriteString(o.stdout, eval.FamiliesMarkdown(reg))
			default:
				io.WriteString(o.stdout, eval.FamiliesText(reg, args))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print the Markdown reference generated into docs/")
	return cmd
}

// unknownFamily is the error for a family name the registry lacks: with
// the closest name if it looks like a typo, else with every name.
func unknownFamily(reg *families.Registry, name string) error {
	if s := suggest(name, reg.Names()); s != "" {
		return fmt.Errorf("unknown family %q; did you mean %q? (runexp families lists them all)", name, s)
	}
	return fmt.Errorf("unknown family %q; families: %s", name, strings.Join(reg.Names(), ", "))
}

// checkSimSets checks the option names of sim's --set name=value flags: an
// unknown one is an error that suggests the closest option (or lists them
// all). Values are checked by the command.
func checkSimSets(cmd *cobra.Command, _ []string) error {
	sets, err := cmd.Flags().GetStringArray("set")
	if err != nil {
		return nil // no --set flag
	}
	options := eval.SimOptionNames()
	for _, s := range sets {
		name, _, ok := strings.Cut(s, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || slices.Contains(options, name) {
			continue
		}
		if sug := suggest(name, options); sug != "" {
			return fmt.Errorf("--set %s: unknown sim option %q; did you mean %q? (runexp families --markdown lists the options)", s, name, sug)
		}
		return fmt.Errorf("--set %s: unknown sim option %q; options: %s", s, name, strings.Join(options, ", "))
	}
	return nil
}
