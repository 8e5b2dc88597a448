package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/eval"
)

// simCellRun is 'runexp sim --cell KEY EXPERIMENT...': it finds the sim
// cell whose key starts with key among the experiments' cells, applies the
// options the flags set on top of the cell's own, and runs it as the
// pipeline would (same network, options and derived seed), printing what
// 'runexp sim' prints. overrides maps option names to their text, given
// to the flag or --set that set each (for errors); loads are the values of
// --load when it was given (one run each), else nil.
func (o *options) simCellRun(cmd *cobra.Command, key string, args []string, overrides, given map[string]string, loads []string, threads int, every time.Duration) error {
	invalid := func(err error) error { return &exitError{ExitInvalid, err} }
	exps, err := o.load(args)
	if err != nil {
		return err
	}
	c, err := findCell(eval.BuildGraph(exps), key)
	if err != nil {
		return invalid(err)
	}
	if len(loads) == 0 {
		loads = []string{""}
	}
	var runs []simRun
	var sims []*eval.CellSim
	for _, l := range loads {
		ov := overrides
		if l != "" {
			ov = map[string]string{}
			for k, v := range overrides {
				ov[k] = v
			}
			ov["load"] = l
			given["load"] = "--load " + l
		}
		s, err := c.Sim(ov)
		if err != nil {
			var se *eval.SimOptionError
			if errors.As(err, &se) && given[se.Option] != "" {
				return invalid(fmt.Errorf("%s: %s", given[se.Option], se.Msg))
			}
			return invalid(err)
		}
		sims = append(sims, s)
	}
	network := networkLabel(sims[0]) + " (cell " + c.Key.String()[:12] + ")"
	for i, s := range sims {
		start := time.Now()
		ctx := eval.WithSimThreads(cmd.Context(), threads)
		ctx = eval.WithSimProgress(ctx, simProgressLines(o.stderr, start, every))
		vals, err := s.Run(ctx)
		if err != nil {
			code := ExitFailed
			if invalidSimError(err) {
				code = ExitInvalid
			}
			return &exitError{code, err}
		}
		load := loads[i]
		if load == "" {
			load = fmt.Sprint(s.Point["load"])
		}
		runs = append(runs, simRun{load: load, pt: s.Point, vals: vals, secs: time.Since(start).Seconds()})
	}
	if o.json {
		enc := json.NewEncoder(o.stdout)
		enc.SetIndent("", "  ")
		out := make([]simJSON, len(runs))
		for i, r := range runs {
			out[i] = r.jsonObject(sims[i].Family, sims[i].Params)
		}
		if len(out) == 1 {
			return enc.Encode(out[0])
		}
		return enc.Encode(out)
	}
	if len(runs) == 1 {
		return runs[0].writeText(o.stdout, network)
	}
	return writeSimTable(o.stdout, network, runs)
}

// findCell returns the cell of g whose key starts with prefix (at least 6
// hex digits, as 'runexp ls --cells' prints 12); it must be one sim cell.
func findCell(g *eval.Graph, prefix string) (*eval.Cell, error) {
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	if len(prefix) < 6 || strings.Trim(prefix, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("--cell %q: want at least 6 hex digits of a cell's key ('runexp ls --cells' lists them)", prefix)
	}
	var found []*eval.Cell
	for _, c := range g.Cells {
		if strings.HasPrefix(c.Key.String(), prefix) {
			found = append(found, c)
		}
	}
	switch {
	case len(found) == 0:
		return nil, fmt.Errorf("--cell %s: no cell of the experiments has a key starting so ('runexp ls --cells' lists them; --var changes which cells there are)", prefix)
	case len(found) > 1:
		labels := make([]string, len(found))
		for i, c := range found {
			labels[i] = c.Key.String()[:16] + " " + c.Label
		}
		sort.Strings(labels)
		return nil, fmt.Errorf("--cell %s: %d cells have keys starting so, give more digits: %s", prefix, len(found), strings.Join(labels, "; "))
	case !found[0].IsSim():
		return nil, fmt.Errorf("--cell %s: %s is not a simulation", prefix, found[0].Label)
	}
	return found[0], nil
}

// networkLabel names the network of a cell's simulation as 'runexp sim'
// names its own: the family and its parameters.
func networkLabel(s *eval.CellSim) string {
	names := make([]string, 0, len(s.Params))
	for k := range s.Params {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := []string{s.Family}
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s=%v", k, s.Params[k]))
	}
	return strings.Join(parts, " ")
}
