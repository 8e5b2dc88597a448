package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

func (o *options) simCmd() *cobra.Command {
	var routing, traffic string
	var load float64
	var cycles int
	var sets []string
	cmd := &cobra.Command{
		Use:   "sim FAMILY [name=value...]",
		Short: "Simulate one topology at one load and print the measurements",
		Long: `sim builds one instance of a family (parameters as for 'runexp topology'),
runs the flit-level simulator (package netsim) once and prints its
measurements and the simulation speed in delivered flits per second.
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
			settings := map[string]string{
				"routing": routing, "traffic": traffic, "load": fmt.Sprint(load),
			}
			if cycles > 0 {
				settings["measure_cycles"] = fmt.Sprint(cycles)
			}
			for _, s := range sets {
				name, val, ok := strings.Cut(s, "=")
				if !ok {
					return invalid(fmt.Errorf("--set %q: want name=value", s))
				}
				settings[strings.TrimSpace(name)] = strings.TrimSpace(val)
			}
			pt, err := eval.ParseSimOptions(settings)
			if err != nil {
				return invalid(err)
			}
			t, err := f.Build(v)
			if err != nil {
				return invalid(err)
			}
			start := time.Now()
			res, err := eval.Simulate(cmd.Context(), t, f.Name, v, pt)
			if err != nil {
				return &exitError{ExitFailed, err}
			}
			secs := time.Since(start).Seconds()
			speed := float64(res.FlitsDelivered) / secs
			if o.json {
				out := struct {
					Family       string          `json:"family"`
					Params       families.Values `json:"params"`
					Sim          map[string]any  `json:"sim"`
					Result       any             `json:"result"`
					Seconds      float64         `json:"seconds"`
					FlitsPerSec  float64         `json:"flits_per_second"`
					CyclesPerSec float64         `json:"cycles_per_second"`
				}{f.Name, v, pt, res, secs, speed, float64(res.Cycles) / secs}
				enc := json.NewEncoder(o.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			tw := tabwriter.NewWriter(o.stdout, 2, 4, 2, ' ', 0)
			row := func(k string, format string, a ...any) {
				fmt.Fprintf(tw, "%s\t"+format+"\n", append([]any{k}, a...)...)
			}
			row("network", "%s %s", f.Name, strings.Join(args[1:], " "))
			row("routing / traffic", "%s / %s, %d VCs of %d flits", res.Routing, pt["traffic"], res.VCs, res.BufPerVC)
			row("offered load", "%.4f flits/endpoint/cycle (requested %.4f)", res.OfferedLoad, res.Load)
			row("accepted load", "%.4f", res.AcceptedLoad)
			row("packet latency", "mean %.2f, p50 %.0f, p99 %.0f, max %.0f cycles", res.PacketLatency.Mean, res.PacketLatency.P50, res.PacketLatency.P99, res.PacketLatency.Max)
			row("network latency", "mean %.2f cycles", res.NetworkLatency.Mean)
			row("hops", "mean %.3f, minimal %.1f%%", res.AvgHops, 100*res.MinimalFraction)
			row("fairness", "%.4f", res.Fairness)
			row("link utilization", "mean %.3f, max %.3f", res.LinkUtilAvg, res.LinkUtilMax)
			sat := "no"
			if res.Saturated {
				sat = "yes: " + res.SaturationReason
			}
			row("saturated", "%s", sat)
			row("cycles", "%d (warm-up %d, window %d, drain %d)", res.Cycles, res.WarmupCycles, res.MeasureCycles, res.DrainCycles)
			row("speed", "%.0f flits/s, %.0f cycles/s (%.2f s)", speed, float64(res.Cycles)/secs, secs)
			return tw.Flush()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&routing, "routing", "min", "routing algorithm (min, min-random, val, ugal-l, ugal-g, ...)")
	fl.StringVar(&traffic, "traffic", "uniform", "traffic pattern (runexp families lists them under the sim options)")
	fl.Float64Var(&load, "load", 0.5, "offered load in flits per endpoint per cycle")
	fl.IntVar(&cycles, "cycles", 0, "measurement window in cycles (0: the default)")
	fl.StringArrayVar(&sets, "set", nil, "set a sim option: --set name=value (repeatable)")
	return cmd
}
