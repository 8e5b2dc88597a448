package eval

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// treeFiles returns the files under dir (relative path -> contents).
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameTree fails the test if the outputs of experiment exp differ between
// two results directories.
func sameTree(t *testing.T, exp, a, b string) {
	t.Helper()
	ta, tb := treeFiles(t, filepath.Join(a, exp)), treeFiles(t, filepath.Join(b, exp))
	if len(ta) == 0 || len(ta) != len(tb) {
		t.Fatalf("%s: %d files against %d", exp, len(ta), len(tb))
	}
	for name, x := range ta {
		if !bytes.Equal(x, tb[name]) {
			t.Errorf("%s/%s differs", exp, name)
		}
	}
}

// TestPoolExecutorIdentical runs the quickstart and the small fixture
// with the pool as an Executor (row cells first, then the outputs from
// the cache) and checks every output is byte-identical to a plain run's.
func TestPoolExecutorIdentical(t *testing.T) {
	small, _ := fixture(t)
	for _, file := range []string{small, "../../experiments/quickstart.hcl"} {
		exp := strings.TrimSuffix(filepath.Base(file), ".hcl")
		t.Run(exp, func(t *testing.T) {
			plain, viaExec := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
			runAll(t, load(t, nil, file), plain, 2)
			g := load(t, nil, file)
			en := NewEngine(viaExec, 2, nil)
			en.Executor = Pool{Engine: en}
			p := MakePlan(g, en.Store, viaExec)
			rows := len(p.RowCells())
			sum, err := en.Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if rows == 0 || sum.Computed < rows || sum.Failed != 0 {
				t.Errorf("%d row cells, summary %+v", rows, sum)
			}
			sameTree(t, exp, plain, viaExec)
		})
	}
}

// TestShards splits the quickstart's row cells into three shares that are
// disjoint and cover them, computes each share alone (no outputs), and
// checks that a plain run afterwards computes no row cell and writes the
// outputs of a plain run from scratch.
func TestShards(t *testing.T) {
	const file = "../../experiments/quickstart.hcl"
	plain, sharded := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	runAll(t, load(t, nil, file), plain, 2)

	g := load(t, nil, file)
	seen := map[*Cell]int{}
	for i := range 3 {
		share := g.Shard(i, 3)
		if len(share) == 0 {
			t.Fatalf("share %d is empty", i)
		}
		for _, c := range share {
			seen[c]++
		}
		en := NewEngine(sharded, 1, nil)
		sum, failed, err := en.RunCells(context.Background(), MakePlan(g, en.Store, sharded), share)
		if err != nil || len(failed) != 0 || sum.Computed == 0 {
			t.Fatalf("share %d: %+v %v %v", i, sum, failed, err)
		}
		if _, err := os.Stat(filepath.Join(sharded, "quickstart")); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("share %d wrote outputs: %v", i, err)
		}
	}
	for _, c := range g.Cells {
		want := 0
		if rowCell(c) && c.Kind != KindBuild {
			want = 1
		}
		if seen[c] != want {
			t.Errorf("%s is in %d shares, want %d", c.Label, seen[c], want)
		}
	}
	if g.Shard(3, 3) != nil || g.Shard(0, 0) != nil {
		t.Error("a share outside 0..n-1 is not empty")
	}

	_, computed := runAll(t, load(t, nil, file), sharded, 2)
	for _, id := range computed {
		if kind, _, _ := strings.Cut(id, "/"); kind != KindDataset && kind != "figure" && kind != "table" {
			t.Errorf("the run after the shards computed %s", id)
		}
	}
	sameTree(t, "quickstart", plain, sharded)
}

// dropExecutor computes every cell with the pool but the first metric
// cell, which it reports failed as a lost node would leave it.
type dropExecutor struct{ Pool }

func (d dropExecutor) Compute(ctx context.Context, b *Batch) (map[*Cell]string, error) {
	var keep []*Cell
	var lost *Cell
	for _, c := range b.Cells {
		if lost == nil && c.group != "" && c.Kind != KindBuild {
			lost = c
			continue
		}
		keep = append(keep, c)
	}
	failed, err := d.Pool.Compute(ctx, &Batch{Plan: b.Plan, Cells: keep, Emit: b.Emit})
	if failed == nil {
		failed = map[*Cell]string{}
	}
	failed[lost] = "node lost"
	return failed, err
}

// TestExecutorFailure checks that a cell an executor could not compute
// fails like a local failure: its dataset rows hold the error, the others
// are complete, the run reports failed cells, and the next plan runs the
// cell again.
func TestExecutorFailure(t *testing.T) {
	exp, results := fixture(t)
	g := load(t, nil, exp)
	en := NewEngine(results, 2, nil)
	en.Executor = dropExecutor{Pool{Engine: en}}
	sum, err := en.Run(context.Background(), MakePlan(g, en.Store, results))
	if !errors.Is(err, ErrCellsFailed) || sum.Failed != 1 {
		t.Fatalf("summary %+v, error %v", sum, err)
	}
	tab := readTable(t, filepath.Join(results, "small", "s.parquet"))
	ec := tab.Column("error")
	if ec == nil {
		t.Fatal("no error column")
	}
	n := 0
	for r := range tab.NumRows() {
		if v := ec.Value(r); !v.IsNull() {
			n++
			if !strings.HasSuffix(v.S, ": node lost") {
				t.Errorf("row %d: error %q", r, v.S)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d rows with an error, want 1", n)
	}
	again := toRun(MakePlan(load(t, nil, exp), en.Store, results))
	if len(again) == 0 {
		t.Error("the next plan runs nothing")
	}
}

// TestOnly: the cells a study, figure or table needs are its metric cells
// (builds excluded), whichever of the three names them; names add up; an
// unknown name is an error that lists the names there are. Computing them
// alone writes no outputs, and a plain run then computes only the rest.
func TestOnly(t *testing.T) {
	small, dir := fixture(t)
	g := load(t, nil, small)
	kinds := func(cells []*Cell) map[string]int {
		m := map[string]int{}
		for _, c := range cells {
			m[c.Kind]++
		}
		return m
	}
	// Study s: 3 Slim Flies and 2 tori, metric groups size, distance and
	// cost: 5 cells each.
	want := map[string]int{GroupSize: 5, GroupDistance: 5, GroupCost: 5}
	for _, names := range [][]string{{"s"}, {"f"}, {"t"}, {"f", "t", "s"}} {
		cells, err := g.Only(names)
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		if got := kinds(cells); !maps.Equal(got, want) {
			t.Errorf("%v: %v, want %v", names, got, want)
		}
	}
	if _, err := g.Only([]string{"s", "nosuch"}); err == nil || !strings.Contains(err.Error(), `"nosuch"; there are: f, s, t`) {
		t.Errorf("unknown name: %v", err)
	}

	cells, _ := g.Only([]string{"f"})
	en := NewEngine(dir, 2, nil)
	sum, failed, err := en.RunCells(context.Background(), MakePlan(g, en.Store, dir), cells)
	if err != nil || len(failed) != 0 || sum.Computed != 15+5 { // and the 5 builds
		t.Fatalf("only f: %+v %v %v", sum, failed, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "small")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("--only wrote outputs: %v", err)
	}
	for _, pe := range MakePlan(load(t, nil, small), en.Store, dir).Entries {
		if pe.Run && rowCell(pe.Cell) {
			t.Errorf("%s is computed again after Only", pe.Cell.Label)
		}
	}
}
