package eval

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
)

// committedResults are the results directories committed with the
// experiments, with the variables they were rendered with.
var committedResults = []struct {
	file    string
	vars    map[string]string
	results string
}{
	{"quickstart.hcl", nil, "results"},
	{"beyond.hcl", nil, "results"},
	{"projective-networks.hcl", nil, "results"},
	{"clex.hcl", nil, "results"},
	{"validation.hcl", nil, "results"},
	{"examples/cheapest.hcl", nil, "results"},
	{"slimfly-sc14.hcl", nil, "results"},
	{"diameter-two-sc15.hcl", nil, "results"},
	{"layout-conscious-random.hcl", nil, "results"},
	{"slimfly-sc14.hcl", map[string]string{"simulate": "all"}, "results/paper"},
	{"diameter-two-sc15.hcl", map[string]string{"simulate": "claims"}, "results/paper"},
	{"layout-conscious-random.hcl", map[string]string{"simulate": "all"}, "results/paper"},
}

// TestCommittedResultsCurrent plans every committed results directory as
// a fresh clone would, with an empty cache: every dataset must be taken
// from its committed Parquet file, whose stored key is the dataset's. A
// change to what keys a dataset (a new sim option in its rows, the
// canonical form of a point, an edited study) fails here, before it sends
// a fresh clone back to recompute the hours of simulation behind the
// committed files, whose cells are not in any cache; an intended change
// re-renders and commits the results.
func TestCommittedResultsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("plans every committed experiment")
	}
	for _, c := range committedResults {
		name := c.file
		for k, v := range c.vars {
			name += " " + k + "=" + v
		}
		t.Run(name, func(t *testing.T) {
			g := load(t, c.vars, filepath.Join("../../experiments", c.file))
			results := filepath.Join("../..", c.results)
			p := MakePlan(g, cache.New(t.TempDir()), results)
			var stale []string
			for _, e := range g.Experiments {
				for _, s := range e.Studies {
					d := g.Datasets[s]
					if d == nil {
						continue
					}
					if pe := p.Entry(d); pe.From == "" {
						stale = append(stale, s.Name+" ("+string(pe.Status)+": "+pe.Reason+")")
					}
				}
			}
			sort.Strings(stale)
			if len(stale) > 0 {
				t.Errorf("%d datasets are not those committed in %s; re-render and commit them (runexp run with these variables and --results %s): %s",
					len(stale), c.results, c.results, strings.Join(stale, "; "))
			}
		})
	}
}
