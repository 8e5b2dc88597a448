package cli

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/dataset"
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
	var sims []*eval.CellSim
	for _, l := range loads {
		ov := overrides
		if l != "" {
			ov = maps.Clone(overrides)
			ov["load"] = l
			given["load"] = "--load " + l
		}
		s, err := c.Sim(ov)
		if err != nil {
			return simOptionError(err, given)
		}
		sims = append(sims, s)
	}
	network := networkLabel(sims[0]) + " (cell " + c.Key.String()[:12] + ")"
	runs, err := o.simRuns(cmd.Context(), len(sims), threads, every, func(ctx context.Context, i int) (string, map[string]any, map[string]dataset.Value, error) {
		vals, err := sims[i].Run(ctx)
		load := loads[i]
		if load == "" {
			load = fmt.Sprint(sims[i].Point["load"])
		}
		return load, sims[i].Point, vals, err
	})
	if err != nil {
		return err
	}
	return o.printSimRuns(runs, sims[0].Family, sims[0].Params, network, network)
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
	parts := []string{s.Family}
	for _, k := range slices.Sorted(maps.Keys(s.Params)) {
		parts = append(parts, fmt.Sprintf("%s=%v", k, s.Params[k]))
	}
	return strings.Join(parts, " ")
}
