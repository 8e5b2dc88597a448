package cli

import (
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
	var routing, traffic string
	var load float64
	var cycles, threads int
	var sets []string
	cmd := &cobra.Command{
		Use:   "sim FAMILY [name=value...]",
		Short: "Simulate one topology at one load and print the measurements",
		Long: `sim builds one instance of a family (parameters as for 'runexp topology'),
runs the flit-level simulator (package netsim) once and prints its
measurements and the simulation speed in delivered flits per second. A run
longer than 10 seconds prints a progress line on standard error every 10
seconds (phase, cycle, flits delivered, speed so far).
Defaults are SC14 section V: 64-flit input buffers, credit delay 2, other
delays 1, speedup 2, single-flit packets. --set name=value sets any option of
a study's sim block (buffer_flits, packet_flits, flow_control, vcs, seed, ...).`,
		Example: `  runexp sim slimfly q=19 --routing min --traffic uniform --load 0.5
  runexp sim dragonfly p=4 --routing ugal-l --traffic worst_case --load 0.3 --json
  runexp sim slimfly q=5 --set packet_flits=33 --set flow_control=vct`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			invalid := func(err error) error { return &exitError{ExitInvalid, err} }
			f, v, err := familyInstance(args)
			if err != nil {
				return err
			}
			if f.SizingOnlyFor(v) {
				return invalid(fmt.Errorf("family %s is %s: it cannot be simulated", f.Name, sizingWhat(f)))
			}
			// settings holds the sim options; given says how the command
			// line set each, for errors.
			settings := map[string]string{"routing": routing}
			given := map[string]string{}
			for _, f := range []struct{ flag, option, value string }{
				{"routing", "routing", routing}, {"traffic", "traffic", traffic},
				{"load", "load", fmt.Sprint(load)}, {"cycles", "measure_cycles", fmt.Sprint(cycles)},
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
			// optionError names the flag or --set that gave the option
			// an error blames.
			optionError := func(err error) error {
				var se *eval.SimOptionError
				if errors.As(err, &se) && given[se.Option] != "" {
					return invalid(fmt.Errorf("%s: %s", given[se.Option], se.Msg))
				}
				return invalid(err)
			}
			pt, err := eval.ParseSimOptions(settings)
			if err != nil {
				return optionError(err)
			}
			if err := eval.CheckSimInstance(f, v, strings.Join(args, " "), pt, slices.Collect(maps.Keys(given))); err != nil {
				return optionError(err)
			}
			t, err := f.Build(cmd.Context(), v)
			if err != nil {
				return invalid(err)
			}
			start := time.Now()
			ctx := eval.WithSimThreads(cmd.Context(), threads)
			ctx = eval.WithSimProgress(ctx, simProgressLines(o.stderr, start, progressEvery))
			vals, err := eval.Simulate(ctx, t, f.Name, v, pt)
			if err != nil {
				return &exitError{ExitFailed, err}
			}
			secs := time.Since(start).Seconds()
			flits, _ := vals["sim_flits_delivered"].Float64()
			cyc, _ := vals["sim_cycles"].Float64()
			speed := flits / secs
			metrics := eval.SimMetrics()
			if o.json {
				res := map[string]any{}
				for _, m := range metrics {
					if x := vals[m.Name]; !x.IsNull() {
						res[m.Name] = jsonValue(x)
					}
				}
				out := struct {
					Family       string          `json:"family"`
					Params       families.Values `json:"params"`
					Sim          map[string]any  `json:"sim"`
					Result       map[string]any  `json:"result"`
					Seconds      float64         `json:"seconds"`
					FlitsPerSec  float64         `json:"flits_per_second"`
					CyclesPerSec float64         `json:"cycles_per_second"`
				}{f.Name, v, pt, res, secs, speed, cyc / secs}
				enc := json.NewEncoder(o.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			tw := tabwriter.NewWriter(o.stdout, 2, 4, 2, ' ', 0)
			fmt.Fprintf(tw, "network\t%s %s\n", f.Name, strings.Join(args[1:], " "))
			for _, m := range metrics {
				x := vals[m.Name]
				if x.IsNull() || x.Kind == dataset.String && (x.S == "" || x.S == "null") {
					continue
				}
				val := x.String()
				if x.Kind == dataset.Float {
					val = strconv.FormatFloat(x.F, 'g', 6, 64)
				}
				if m.Unit != "" {
					val += " " + m.Unit
				}
				fmt.Fprintf(tw, "%s\t%s\n", m.Name, val)
			}
			if pt["search"] == "none" {
				fmt.Fprintf(tw, "speed\t%.0f flits/s, %.0f cycles/s (%.2f s)\n", speed, cyc/secs, secs)
			} else {
				fmt.Fprintf(tw, "time\t%.2f s\n", secs)
			}
			return tw.Flush()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&routing, "routing", "min", "routing algorithm (min, min-random, val, ugal-l, ugal-g, ...)")
	fl.StringVar(&traffic, "traffic", "uniform", "traffic pattern (runexp families lists them under the sim options)")
	fl.Float64Var(&load, "load", 0.5, "offered load in flits per endpoint per cycle")
	fl.IntVar(&cycles, "cycles", netsim.DefaultConfig().MeasureCycles, "measurement window in cycles (the sim option measure_cycles)")
	fl.StringArrayVar(&sets, "set", nil, "set a sim option: --set name=value (repeatable)")
	fl.IntVar(&threads, "threads", runtime.NumCPU(), "goroutines stepping the routers in parallel (results do not depend on it)")
	return cmd
}

// progressEvery is the least wall time between two progress lines of
// 'runexp sim'.
const progressEvery = 10 * time.Second

// simProgressLines returns a netsim progress callback that writes a line to
// w at most once per every (the first after every has passed): phase,
// cycle, flits delivered and the speed so far. Short runs print nothing.
func simProgressLines(w io.Writer, start time.Time, every time.Duration) func(netsim.Progress) {
	last := start
	return func(p netsim.Progress) {
		now := time.Now()
		if now.Sub(last) < every {
			return
		}
		last = now
		secs := now.Sub(start).Seconds()
		fmt.Fprintf(w, "sim: %s, cycle %d, %d flits delivered, %.0f flits/s (%s)\n",
			p.Phase, p.Cycle, p.FlitsDelivered, float64(p.FlitsDelivered)/secs, fmtDuration(secs))
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
	}
	return v.S
}
