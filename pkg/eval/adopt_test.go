package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
)

// TestRunAdoptsResultsFiles runs an experiment, drops its whole cache (a
// fresh clone of committed results), and runs it again: the dataset is taken
// from its results file, so only the figure and the table are rendered,
// every output is byte-identical, and a third run computes nothing. With a
// sweep value edited, the file no longer carries the dataset's key: every
// cell the new dataset reads is computed.
func TestRunAdoptsResultsFiles(t *testing.T) {
	exp, results := fixture(t)
	runAll(t, load(t, nil, exp), results, 2)
	dir := filepath.Join(results, "small")
	want := outputFiles(t, dir)
	if err := os.RemoveAll(CacheDir(results)); err != nil {
		t.Fatal(err)
	}

	g := load(t, nil, exp)
	p := MakePlan(g, cache.New(CacheDir(results)), results)
	pe := p.Entry(g.Datasets[g.Experiments[0].Studies[0]])
	if pe.Status != Cached || pe.Run || pe.From != filepath.Join(dir, "s.parquet") {
		t.Errorf("dataset: status %s, run %v, from %q; want cached, taken from s.parquet", pe.Status, pe.Run, pe.From)
	}
	if got := toRun(p); len(got) != 2 || got["figure/f"] == "" || got["table/t"] == "" {
		t.Errorf("plan on the results alone runs %v, want figure/f and table/t", got)
	}
	if run, _, _, cached := p.Counts(); run != 2 || cached != 1 {
		t.Errorf("counts: %d to run, %d cached; want 2 and 1 (the cells only the dataset reads are not counted)", run, cached)
	}
	if _, computed := runAll(t, g, results, 2); strings.Join(computed, " ") != "figure/f table/t" {
		t.Errorf("computed %v, want figure/f table/t", computed)
	}
	got := outputFiles(t, dir)
	for f, w := range want {
		if !bytes.Equal(got[f], w) {
			t.Errorf("%s differs after the run from the results files", f)
		}
	}
	if _, computed := runAll(t, load(t, nil, exp), results, 2); len(computed) != 0 {
		t.Errorf("third run computed %v, want nothing", computed)
	}

	// Another sweep value: another dataset key, so nothing is taken.
	g = load(t, map[string]string{"qs": "[3, 4, 7]"}, exp)
	p = MakePlan(g, cache.New(CacheDir(results)), results)
	if pe := p.Entry(g.Datasets[g.Experiments[0].Studies[0]]); pe.From != "" || !pe.Run {
		t.Errorf("edited dataset: from %q, run %v; want computed", pe.From, pe.Run)
	}
	if got := toRun(p); got["distance/sf/0"] == "" || got["distance/t2d/1"] == "" {
		t.Errorf("edited plan runs %v, want every metric cell of the dataset (the cache holds none)", got)
	}
}
