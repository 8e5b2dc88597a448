package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
)

func (o *options) simCmd() *cobra.Command {
	var routing, traffic, loads, cell string
	var cycles, threads int
	var progress time.Duration
	var sets []string
	cmd := &cobra.Command{
		Use:   "sim FAMILY [name=value...] | sim --cell KEY EXPERIMENT...",
		Short: "Simulate one topology at one or more loads and print the measurements",
		Long: `sim builds one instance of a family (parameters as for 'runexp topology'),
runs the flit-level simulator (package netsim) once and prints its
measurements and the simulation speed in delivered flits per second. A run
longer than 10 seconds prints a progress line on standard error every 10
seconds (--progress changes the period): phase, cycle, flits delivered, the
delivery rate since the previous line in flits per endpoint and cycle (an
exchange's rate over time, with --progress 0 every 1,000 cycles) and the
speed so far.
Defaults are SC14 section V: 64-flit input buffers, credit delay 2, other
delays 1, speedup 2, single-flit packets. --set name=value sets any option of
a study's sim block (buffer_flits, packet_flits, flow_control, vcs, seed, ...).

--load takes one load or a comma-separated list (--load 0.1,0.3,0.5): each
load is one run, and a list prints a table with one row per load (load, the
main metrics, saturated and the run's seconds; --json has every metric),
followed by the reason of each saturated row.

The metric names are those of the dataset columns a study stores ('runexp
families' lists them): the mean router-to-router hops is sim_hops (netsim's
own result calls it avg_hops). --json prints one object per run: family,
params, sim (the sim options), result (metric name: value), seconds,
flits_per_second and cycles_per_second; a list of loads prints a JSON array
of them. A metric that a saturated point leaves undefined (a run stopped at
saturation has no latency percentiles, hops or link figures) prints n/a, or
null in JSON; metrics that do not apply to the point (physical units without
link_gbps, finite workloads, throughput search) are left out.

--cell KEY runs one sim cell of an experiment instead: the arguments are
the experiment files (with --var as for run), KEY at least 6 hex digits of
the cell's key as 'runexp ls --cells' prints it. The cell's network, every
sim option and its derived seed are the pipeline's, so the values are those
the cell stores (its cache entry is neither read nor written).
--routing, --traffic, --load, --cycles and --set change the cell's options
(not its preset, whose values the cell already holds): the run is then the
same replicate of a study with those options, e.g. the cell with
--set speedup=3.`,
		Example: `  runexp sim slimfly q=19 --routing min --traffic uniform --load 0.5
  runexp sim slimfly q=5 --load 0.1,0.3,0.5,0.7,0.9
  runexp sim dragonfly p=4 --routing ugal-l --traffic worst_case --load 0.3 --json
  runexp sim slimfly q=5 --set packet_flits=33 --set flow_control=vct
  runexp sim --cell f8e3a3fb5cae experiments/diameter-two-sc15.hcl --var simulate=claims --set speedup=3`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			invalid := func(err error) error { return &exitError{ExitInvalid, err} }
			loadList, err := parseLoads(loads)
			if err != nil {
				return invalid(err)
			}
			if progress < 0 {
				return invalid(fmt.Errorf("--progress %s: want a duration of at least 0", progress))
			}
			// settings holds the sim options the command line sets; given
			// says how it set each, for errors.
			settings := map[string]string{}
			given := map[string]string{}
			for _, f := range []struct{ flag, option, value string }{
				{"routing", "routing", routing}, {"traffic", "traffic", traffic},
				{"cycles", "measure_cycles", fmt.Sprint(cycles)},
			} {
				if cmd.Flags().Changed(f.flag) {
					settings[f.option] = f.value
					given[f.option] = "--" + f.flag + " " + f.value
				}
			}
			for _, s := range sets {
				name, val, ok := strings.Cut(s, "=")
				if !ok {
					return invalid(fmt.Errorf("--set %q: want name=value", s))
				}
				name, val = strings.TrimSpace(name), strings.TrimSpace(val)
				settings[name] = val
				given[name] = "--set " + name + "=" + val
			}
			loadChanged := cmd.Flags().Changed("load")
			if _, ok := given["load"]; ok && loadChanged && len(loadList) > 1 {
				return invalid(fmt.Errorf("--load %s and %s both set the load: give the list to --load only", loads, given["load"]))
			}
			if cell != "" {
				if !loadChanged {
					loadList = nil
				} else if _, ok := given["load"]; ok {
					// A single --load and --set load: --set wins, as below.
					loadList = nil
				}
				return o.simCellRun(cmd, cell, args, settings, given, loadList, threads, progress)
			}
			f, v, err := familyInstance(args)
			if err != nil {
				return err
			}
			if f.SizingOnlyFor(v) {
				return invalid(fmt.Errorf("family %s is %s: it cannot be simulated", f.Name, sizingWhat(f)))
			}
			if _, ok := settings["routing"]; !ok {
				settings["routing"] = routing
			}
			label := strings.Join(args, " ")
			// One point per load; --set load (when given) overrides a
			// single --load, as it always has.
			var points []map[string]any
			for _, l := range loadList {
				if loadChanged {
					if _, ok := given["load"]; !ok || len(loadList) > 1 {
						settings["load"] = l
						given["load"] = "--load " + l
					}
				}
				pt, err := eval.ParseSimOptions(settings)
				if err != nil {
					return simOptionError(err, given)
				}
				if err := eval.CheckSimInstance(f, v, label, pt, slices.Collect(maps.Keys(given))); err != nil {
					return simOptionError(err, given)
				}
				points = append(points, pt)
			}
			t, err := f.Build(cmd.Context(), v)
			if err != nil {
				return invalid(err)
			}
			runs, err := o.simRuns(cmd.Context(), len(points), threads, progress, func(ctx context.Context, i int) (string, map[string]any, map[string]dataset.Value, error) {
				vals, err := eval.Simulate(ctx, t, f.Name, v, points[i])
				if err != nil {
					where := label
					if len(points) > 1 {
						where += " at --load " + loadList[i]
					}
					err = fmt.Errorf("%s: %w", where, err)
				}
				return loadList[i], points[i], vals, err
			})
			if err != nil {
				return err
			}
			return o.printSimRuns(runs, f.Name, v, f.Name+" "+strings.Join(args[1:], " "), label)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&routing, "routing", "min", "routing algorithm (min, min-random, val, ugal-l, ugal-g, ...)")
	fl.StringVar(&traffic, "traffic", "uniform", "traffic pattern (runexp families lists them under the sim options)")
	fl.StringVar(&loads, "load", "0.5", "offered load in flits per endpoint per cycle, or a comma-separated list of loads (one run and table row each)")
	fl.IntVar(&cycles, "cycles", netsim.DefaultConfig().MeasureCycles, "measurement window in cycles (the sim option measure_cycles); a preset with physical times (sc15) takes --set sim_us=... and --set warmup_us=... instead")
	fl.StringArrayVar(&sets, "set", nil, "set a sim option: --set name=value (repeatable)")
	fl.IntVar(&threads, "threads", runtime.NumCPU(), "goroutines stepping the routers in parallel (results do not depend on it)")
	fl.DurationVar(&progress, "progress", progressEvery, "least wall time between two progress lines on standard error (0: every report of the simulator, every 1,000 cycles of an exchange)")
	fl.StringVar(&cell, "cell", "", "run the simulation of the cell whose key starts with KEY (at least 6 hex digits; 'runexp ls --cells' lists them): the arguments are then the experiment files, and --routing, --traffic, --load, --cycles and --set, when given, change the cell's own options")
	return cmd
}

// simOptionError is the usage error (ExitInvalid) of err, a bad sim
// option: an error about an option the command line set (a
// *eval.SimOptionError) names the flag or --set that set it (given).
func simOptionError(err error, given map[string]string) error {
	var se *eval.SimOptionError
	if errors.As(err, &se) && given[se.Option] != "" {
		err = fmt.Errorf("%s: %s", given[se.Option], se.Msg)
	}
	return &exitError{ExitInvalid, err}
}

// simRuns runs n simulations of 'runexp sim', each with its progress
// lines and timed: sim runs point i and returns its load as given, its
// options and its values, or an error that names it. A simulation that
// fails for options that do not fit the topology exits with ExitInvalid,
// any other failure with ExitFailed.
func (o *options) simRuns(ctx context.Context, n, threads int, every time.Duration, sim func(ctx context.Context, i int) (load string, pt map[string]any, vals map[string]dataset.Value, err error)) ([]simRun, error) {
	runs := make([]simRun, 0, n)
	for i := range n {
		start := time.Now()
		ctx := eval.WithSimThreads(ctx, threads)
		ctx = eval.WithSimProgress(ctx, simProgressLines(o.stderr, start, every))
		load, pt, vals, err := sim(ctx, i)
		if err != nil {
			code := ExitFailed
			if invalidSimError(err) {
				code = ExitInvalid // the options do not fit the topology
			}
			return nil, &exitError{code, err}
		}
		runs = append(runs, simRun{load: load, pt: pt, vals: vals, secs: time.Since(start).Seconds()})
	}
	return runs, nil
}

// printSimRuns prints the runs of 'runexp sim' of one network (family and
// params): with --json one object, or an array for several runs; else one
// run's metric lines headed by network, or a table of several runs headed
// by label.
func (o *options) printSimRuns(runs []simRun, family string, params families.Values, network, label string) error {
	if o.json {
		enc := json.NewEncoder(o.stdout)
		enc.SetIndent("", "  ")
		if len(runs) == 1 {
			return enc.Encode(runs[0].jsonObject(family, params))
		}
		out := make([]simJSON, len(runs))
		for i, r := range runs {
			out[i] = r.jsonObject(family, params)
		}
		return enc.Encode(out)
	}
	if len(runs) == 1 {
		return runs[0].writeText(o.stdout, network)
	}
	return writeSimTable(o.stdout, label, runs)
}

// parseLoads splits the value of --load into its loads: one value or a
// comma-separated list, each trimmed and non-empty (ParseSimOptions checks
// that each is a number in range).
func parseLoads(s string) ([]string, error) {
	var loads []string
	for _, l := range strings.Split(s, ",") {
		l = strings.TrimSpace(l)
		if l == "" {
			return nil, fmt.Errorf("--load %q: want a load or a comma-separated list of loads (0.1,0.2), got an empty one", s)
		}
		loads = append(loads, l)
	}
	return loads, nil
}

// simRun is one run of 'runexp sim': the load as given, the sim options,
// the metric values and the wall time.
type simRun struct {
	load string
	pt   map[string]any
	vals map[string]dataset.Value
	secs float64
}

// simJSON is the JSON object of one run of 'runexp sim --json'. Result
// maps metric names (as in the registry and the datasets) to values; a
// metric a saturated point leaves undefined is null.
type simJSON struct {
	Family       string          `json:"family"`
	Params       families.Values `json:"params"`
	Sim          map[string]any  `json:"sim"`
	Result       map[string]any  `json:"result"`
	Seconds      float64         `json:"seconds"`
	FlitsPerSec  float64         `json:"flits_per_second"`
	CyclesPerSec float64         `json:"cycles_per_second"`
}

// speeds returns the run's delivered flits and simulated cycles per
// second of wall time.
func (r simRun) speeds() (flits, cycles float64) {
	fl, _ := r.vals["sim_flits_delivered"].Float64()
	cyc, _ := r.vals["sim_cycles"].Float64()
	return fl / r.secs, cyc / r.secs
}

// jsonObject returns the run as printed by --json.
func (r simRun) jsonObject(family string, params families.Values) simJSON {
	res := map[string]any{}
	for _, m := range eval.SimMetrics() {
		switch x := r.vals[m.Name]; {
		case undefinedAtSaturation(r.vals, m.Name):
			res[m.Name] = nil
		case !x.IsNull():
			res[m.Name] = jsonValue(x)
		}
	}
	fps, cps := r.speeds()
	return simJSON{family, params, r.pt, res, r.secs, fps, cps}
}

// writeText prints one run as "metric value unit" lines, then the speed
// (or, for a throughput search, the time).
func (r simRun) writeText(w io.Writer, network string) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "network\t%s\n", network)
	for _, m := range eval.SimMetrics() {
		if undefinedAtSaturation(r.vals, m.Name) {
			fmt.Fprintf(tw, "%s\tn/a\n", m.Name)
			continue
		}
		x := r.vals[m.Name]
		if isNullValue(x) {
			continue
		}
		val := formatSimValue(x, 6)
		if m.Unit != "" {
			val += " " + m.Unit
		}
		fmt.Fprintf(tw, "%s\t%s\n", m.Name, val)
	}
	if r.pt["search"] == "none" {
		fps, cps := r.speeds()
		fmt.Fprintf(tw, "speed\t%.0f flits/s, %.0f cycles/s (%.2f s)\n", fps, cps, r.secs)
	} else {
		fmt.Fprintf(tw, "time\t%.2f s\n", r.secs)
	}
	return tw.Flush()
}

// simTableColumns are the metrics of the table 'runexp sim' prints for a
// list of loads, in order; a column is shown when some row has a value
// (or n/a) for it.
var simTableColumns = []string{
	"offered_load", "accepted_load", "latency", "latency_p50", "latency_p99",
	"network_latency", "sim_hops", "link_util_max",
	"latency_ns", "latency_p99_ns", "accepted_gbps", "saturated",
}

// writeSimTable prints the runs of a list of loads as an aligned table:
// a line naming the network and the routing and traffic, a header of
// metric names, one row per load (load as given first, seconds last), the
// units of the columns and the reason of each saturated row.
func writeSimTable(w io.Writer, label string, runs []simRun) error {
	metrics := map[string]*eval.Metric{}
	for _, m := range eval.SimMetrics() {
		metrics[m.Name] = m
	}
	var cols []string
	for _, c := range simTableColumns {
		if slices.ContainsFunc(runs, func(r simRun) bool { return !isNullValue(r.vals[c]) || undefinedAtSaturation(r.vals, c) }) {
			cols = append(cols, c)
		}
	}
	pt := runs[0].pt
	fmt.Fprintf(w, "network %s, routing %v, traffic %v\n", label, pt["routing"], pt["traffic"])
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "load\t%s\tseconds\n", strings.Join(cols, "\t"))
	for _, r := range runs {
		row := []string{r.load}
		for _, c := range cols {
			switch x := r.vals[c]; {
			case undefinedAtSaturation(r.vals, c):
				row = append(row, "n/a")
			case isNullValue(x):
				row = append(row, "-")
			default:
				row = append(row, formatSimValue(x, 4))
			}
		}
		row = append(row, fmt.Sprintf("%.2f", r.secs))
		fmt.Fprintf(tw, "%s\n", strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// units: columns grouped by unit, in order of first appearance.
	byUnit := map[string][]string{}
	var units []string
	add := func(col, unit string) {
		if unit == "" {
			return
		}
		if _, ok := byUnit[unit]; !ok {
			units = append(units, unit)
		}
		byUnit[unit] = append(byUnit[unit], col)
	}
	add("load", metrics["offered_load"].Unit)
	for _, c := range cols {
		add(c, metrics[c].Unit)
	}
	var parts []string
	for _, u := range units {
		parts = append(parts, strings.Join(byUnit[u], ", ")+" in "+u)
	}
	fmt.Fprintf(w, "units: %s\n", strings.Join(parts, "; "))
	for _, r := range runs {
		if r.vals["saturated"].B {
			fmt.Fprintf(w, "load %s saturated: %s\n", r.load, r.vals["saturation_reason"].S)
		}
	}
	return nil
}

// saturatedUndefined lists the metrics a run stopped at saturation leaves
// undefined (no percentiles, hops or link figures), each with the metric
// that shows it applies to the point at all ("" for always): the ns
// figures need a physical point (cycle_ns), fairness and link utilization
// open-loop traffic (offered_load).
var saturatedUndefined = map[string]string{
	"latency_p50": "", "latency_p99": "", "latency_max": "", "network_latency": "",
	"sim_hops": "", "minimal_fraction": "", "hop_hist": "",
	"fairness": "offered_load", "link_util_avg": "offered_load", "link_util_max": "offered_load",
	"latency_p50_ns": "cycle_ns", "latency_p99_ns": "cycle_ns", "network_latency_ns": "cycle_ns",
}

// undefinedAtSaturation reports whether metric name has no value because
// the point saturated (printed n/a, or null in JSON), as opposed to a
// metric that does not apply to the point (left out).
func undefinedAtSaturation(vals map[string]dataset.Value, name string) bool {
	need, ok := saturatedUndefined[name]
	return ok && vals["saturated"].B && isNullValue(vals[name]) && (need == "" || !isNullValue(vals[need]))
}

// isNullValue reports whether a metric value is missing: null, or an empty
// or "null" string (a run stopped at saturation has hop_hist "null").
func isNullValue(x dataset.Value) bool {
	return x.IsNull() || x.Kind == dataset.String && (x.S == "" || x.S == "null")
}

// formatSimValue formats a metric value, floats with digits significant
// digits.
func formatSimValue(x dataset.Value, digits int) string {
	if x.Kind == dataset.Float {
		return strconv.FormatFloat(x.F, 'g', digits, 64)
	}
	return x.String()
}

// progressEvery is the least wall time between two progress lines of
// 'runexp sim'.
const progressEvery = 10 * time.Second

// simProgressLines returns a netsim progress callback that writes a line to
// w at most once per every (the first after every has passed; every = 0:
// at every report): phase, cycle, flits delivered, the rate since the
// previous line in flits per endpoint and cycle (the unit of the load:
// the accepted load of an open-loop run, the delivery rate of an exchange)
// and the speed so far. Short runs print nothing.
func simProgressLines(w io.Writer, start time.Time, every time.Duration) func(netsim.Progress) {
	last := start
	var lastCycle, lastFlits int64
	return func(p netsim.Progress) {
		now := time.Now()
		if now.Sub(last) < every {
			return
		}
		last = now
		secs := now.Sub(start).Seconds()
		rate := ""
		if dc := p.Cycle - lastCycle; dc > 0 && p.Endpoints > 0 {
			rate = fmt.Sprintf(" (%.3f flits/endpoint/cycle since cycle %d)", float64(p.FlitsDelivered-lastFlits)/float64(dc)/float64(p.Endpoints), lastCycle)
		}
		lastCycle, lastFlits = p.Cycle, p.FlitsDelivered
		fmt.Fprintf(w, "sim: %s, cycle %d, %d flits delivered%s, %.0f flits/s (%s)\n",
			p.Phase, p.Cycle, p.FlitsDelivered, rate, float64(p.FlitsDelivered)/secs, fmtDuration(secs))
	}
}

// jsonValue returns a dataset value as a JSON-friendly Go value.
func jsonValue(v dataset.Value) any {
	switch v.Kind {
	case dataset.Int:
		return v.I
	case dataset.Float:
		return v.F
	case dataset.Bool:
		return v.B
	case dataset.IntList:
		return v.L
	}
	return v.S
}

// invalidSimError reports whether a simulation failed because its options
// do not fit the topology: a routing it cannot run, a configuration whose
// channel dependencies are cyclic, a size or duration past the
// simulator's limits.
func invalidSimError(err error) bool {
	var (
		re *netsim.RoutingError
		ce *netsim.CyclicError
		le *netsim.LimitError
	)
	return errors.As(err, &re) || errors.As(err, &ce) || errors.As(err, &le)
}
