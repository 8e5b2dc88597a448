package eval

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/clexsim"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// clexTopo is a tiny CLEX network (16 nodes) and a Slim Fly for the
// cases below.
const clexTopo = `
topology "c" {
  family = "clex"
  k      = 4
  t      = 2
}
topology "sf" {
  family = "slimfly"
  q      = 5
}
`

// clexStudy returns a study of topologies with a clex block of body and
// metrics.
func clexStudy(topologies, body, metrics string) string {
	return clexTopo + `study "s" {
  topologies = [` + topologies + `]
  clex {
    ` + body + `
  }
  metrics = [` + metrics + `]
}
`
}

// TestClexDecodeErrors checks the errors of clex studies: each at the
// attribute or list element to change (line:col of the file), with the
// valid names where there is a choice.
func TestClexDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, want, at string
	}{
		{"other family", clexStudy("topology.c, topology.sf", "messages_per_node = 3", `"max_rounds"`),
			`Topology "sf" is of family slimfly: a clex block simulates`, "12:29"},
		{"mixed grains", clexStudy("topology.c", "messages_per_node = 3", `"max_rounds", "avg_hops", "remaining", "nodes"`),
			`mixes clex metrics of different row grains: per-level (max_rounds, avg_hops), per-phase (remaining), per-run (nodes)`, "16:40"},
		{"unknown metric", clexStudy("topology.c", "messages_per_node = 3", `"max_round"`),
			`There is no metric "max_round"; metrics: accepted_gbps`, "16:14"},
		{"unknown metric suggestion", clexStudy("topology.c", "messages_per_node = 3", `"max_round"`),
			`Did you mean "max_rounds"?`, "16:14"},
		{"zero messages", clexStudy("topology.c", "messages_per_node = 0", `"max_rounds"`),
			"messages_per_node: 0 is outside [1, 2147483647].", "14:25"},
		{"string messages", clexStudy("topology.c", `messages_per_node = "many"`, `"max_rounds"`),
			`messages_per_node: want a number, got the string "many".`, "14:25"},
		{"fractional message in a sweep", clexStudy("topology.c", "messages_per_node = [2, 2.5]", `"max_rounds"`),
			"messages_per_node: want a whole number, got 2.5.", "14:29"},
		{"missing messages", clexStudy("topology.c", "seeds = 2", `"max_rounds"`),
			"A clex block needs messages_per_node", "13:3"},
		{"bool option", clexStudy("topology.c", "messages_per_node = 3\n    request_ack = 1", `"max_rounds"`),
			"request_ack: want true or false, got the number 1.", "15:19"},
		{"seeds not a sweep", clexStudy("topology.c", "messages_per_node = 3\n    seeds = [1, 2]", `"max_rounds"`),
			"seeds takes one value, not a list", "15:13"},
		{"misspelt option", clexStudy("topology.c", "messages_per_node = 3\n    thread = 2", `"max_rounds"`),
			`valid arguments: messages_per_node, request_ack, seeds, threads. Did you mean "threads"?`, "15:5"},
		{"other metric", clexStudy("topology.c", "messages_per_node = 3", `"routers", "nodes"`),
			`Metric "routers" is not a clex metric`, "16:14"},
		{"no clex metric", clexStudy("topology.c", "messages_per_node = 3", `"routers"`),
			`Study "s" has a clex block but none of its metrics is a clex metric`, "16:13"},
		{"missing block", clexTopo + "study \"s\" {\n  topologies = [topology.c]\n  metrics = [\"max_phases\"]\n}\n",
			`Study "s" asks for clex metrics (max_phases) but has no clex`, "13:13"},
		{"messages overflow", clexStudy("topology.c", "messages_per_node = [1, 200000000]", `"nodes"`),
			"4^2 nodes with 200000000 messages each do not fit int32 ids", "14:25"},
		{"clique too large", strings.Replace(clexStudy("topology.c", "messages_per_node = 1", `"nodes"`), "k      = 4", "k      = 5000", 1),
			"K = 5000 is larger than the simulator's clique limit 4096", "4:12"},
		{"literal rows", clexTopo + "study \"s\" {\n  rows = [{ x = 1 }]\n  clex {\n    messages_per_node = 1\n  }\n}\n",
			`Study "s" has literal rows; it takes no clex block.`, "13:3"},
		{"sim and clex", clexTopo + "study \"s\" {\n  topologies = [topology.c]\n  sim {\n    load = 0.1\n  }\n  clex {\n    messages_per_node = 1\n  }\n  metrics = [\"nodes\"]\n}\n",
			`Study "s" has both a sim and a clex block`, "16:3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			diags, _ := loadTimed(t, c.src)
			wantDiag(t, diags, c.want, c.at)
		})
	}
}

const clexSource = `
topology "c" {
  family = "clex"
  k      = 4
  t      = 2
}
study "levels" {
  topologies = [topology.c]
  clex {
    messages_per_node = 3
    seeds             = 2
  }
  metrics = ["max_rounds", "avg_rounds", "max_avg_load", "avg_hops", "instances"]
}
study "phases" {
  topologies = [topology.c]
  clex {
    messages_per_node = 3
    seeds             = 2
    threads           = 2
  }
  metrics = ["remaining", "max_remaining", "active_instances"]
}
study "runs" {
  topologies = [topology.c]
  clex {
    messages_per_node = 3
    seeds             = 2
  }
  metrics = ["max_phases", "nodes", "messages"]
}
`

// TestClexStudy runs a clex study of each row grain on C(1/2, 2) with 16
// nodes: the three share their two cells (one per seed); the per-level
// dataset has 2 seeds x 2 levels rows whose values are clexsim.Run's for
// the cell's configuration; a second run computes nothing; a run from
// scratch with one worker writes the same bytes.
func TestClexStudy(t *testing.T) {
	dir := t.TempDir()
	path := writeSource(t, dir, "clex", clexSource)
	g := load(t, nil, path)
	var cells []*Cell
	for _, c := range g.Cells {
		switch c.Kind {
		case GroupClex:
			cells = append(cells, c)
		case KindBuild:
			t.Errorf("cell %s: a clex study builds nothing", c.ID)
		}
	}
	if len(cells) != 2 {
		t.Fatalf("%d clex cells, want one per seed shared by the three studies", len(cells))
	}
	if cells[0].Label != "clex c k=4 t=2 messages_per_node=3 seed=0" {
		t.Errorf("label %q", cells[0].Label)
	}
	if got := string(cells[1].Params); got != `{"k":4,"messages_per_node":3,"request_ack":true,"seed":1,"t":2}` {
		t.Errorf("params %s", got)
	}
	results := filepath.Join(dir, "results")
	sum, computed := runAll(t, g, results, 2)
	if sum.Computed != 5 || sum.Failed != 0 {
		t.Fatalf("computed %v, summary %+v", computed, sum)
	}

	tab := readTable(t, filepath.Join(results, "clex", "levels.parquet"))
	if got := strings.Join(tab.ColumnNames(), " "); got != "topology label family clex_k t p max_radix messages_per_node request_ack seed level max_rounds avg_rounds max_avg_load avg_hops instances" {
		t.Fatalf("columns %s", got)
	}
	if tab.NumRows() != 4 {
		t.Fatalf("%d rows, want 2 seeds x 2 levels", tab.NumRows())
	}
	for col, want := range map[string]string{"seed": "0 0 1 1", "level": "1 2 1 2", "messages_per_node": "3 3 3 3", "request_ack": "true true true true", "clex_k": "4 4 4 4"} {
		if got := strings.Join(column(t, tab, col), " "); got != want {
			t.Errorf("%s = %s, want %s", col, got, want)
		}
	}
	if u := tab.Column("avg_rounds").Unit; u != "rounds" {
		t.Errorf("avg_rounds unit %q", u)
	}
	// The values are clexsim.Run's for each cell's configuration (seeded
	// from its parameters), whatever the number of threads.
	for seed, c := range cells {
		cfg := c.clexConfig(context.Background())
		if cfg.Seed != simSeed(c.Params) || cfg.K != 4 || cfg.T != 2 || cfg.Messages != 3 || !cfg.RequestAck {
			t.Errorf("seed %d: config %+v", seed, cfg)
		}
		cfg.Threads = 2
		res, err := clexsim.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range res.Levels {
			row := 2*seed + l.Level - 1
			for name, want := range map[string]dataset.Value{
				"max_rounds": dataset.IntValue(int64(l.MaxRounds)), "avg_rounds": dataset.FloatValue(l.AvgRounds),
				"max_avg_load": dataset.FloatValue(l.MaxAvgLoad), "avg_hops": dataset.FloatValue(l.AvgHops),
				"instances": dataset.IntValue(l.Instances),
			} {
				if got := tab.Column(name).Value(row); !got.Equal(want) {
					t.Errorf("seed %d level %d: %s = %v, clexsim.Run gives %v", seed, l.Level, name, got, want)
				}
			}
		}
		if seed == 1 {
			runs := readTable(t, filepath.Join(results, "clex", "runs.parquet"))
			if got := strings.Join(runs.ColumnNames(), " "); got != "topology label family clex_k t p max_radix messages_per_node request_ack seed max_phases nodes messages" {
				t.Fatalf("runs columns %s", got)
			}
			if got := strings.Join(column(t, runs, "max_phases"), " ")[2:]; runs.NumRows() != 2 || got != dataset.IntValue(int64(res.MaxPhases)).String() ||
				column(t, runs, "nodes")[1] != "16" || column(t, runs, "messages")[1] != "48" {
				t.Errorf("runs: max_phases %v (seed 1: %d), nodes %v, messages %v", column(t, runs, "max_phases"), res.MaxPhases,
					column(t, runs, "nodes"), column(t, runs, "messages"))
			}
			phases := readTable(t, filepath.Join(results, "clex", "phases.parquet"))
			var rem []string
			for r := range phases.NumRows() {
				if phases.Column("seed").Value(r).I == 1 {
					rem = append(rem, phases.Column("phase").Value(r).String()+":"+phases.Column("remaining").Value(r).String())
				}
			}
			var want []string
			for _, p := range res.Phases {
				want = append(want, dataset.IntValue(int64(p.Phase)).String()+":"+dataset.IntValue(p.Remaining).String())
			}
			if !slices.Equal(rem, want) || len(want) == 0 {
				t.Errorf("phases of seed 1: %v, want %v", rem, want)
			}
		}
	}

	// Nothing changed: nothing to compute.
	sum, computed = runAll(t, load(t, nil, path), results, 2)
	if sum.Computed != 0 || len(computed) != 0 {
		t.Errorf("second run computed %v", computed)
	}
	// From scratch with one worker: the same bytes.
	other := filepath.Join(dir, "other")
	runAll(t, load(t, nil, path), other, 1)
	for _, name := range []string{"levels", "phases", "runs"} {
		a, _ := os.ReadFile(filepath.Join(results, "clex", name+".parquet"))
		b, _ := os.ReadFile(filepath.Join(other, "clex", name+".parquet"))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: two runs give different Parquet", name)
		}
	}
}

// TestClexCellKeys: threads is part of no key; the options, the seed
// index and k and t are, and each seed has its own stream; a sweep axis
// makes one cell per value.
func TestClexCellKeys(t *testing.T) {
	keys := func(body string) []string {
		t.Helper()
		g := load(t, nil, writeSource(t, t.TempDir(), "x", clexStudy("topology.c", body, `"nodes"`)))
		var out []string
		for _, c := range g.Cells {
			if c.Kind == GroupClex {
				out = append(out, c.Key.String())
			}
		}
		return out
	}
	base := keys("messages_per_node = 3\n    seeds = 2")
	if len(base) != 2 || base[0] == base[1] {
		t.Fatalf("keys %v", base)
	}
	if got := keys("messages_per_node = 3\n    seeds = 2\n    threads = 7"); !slices.Equal(got, base) {
		t.Errorf("threads changes the keys")
	}
	if got := keys("messages_per_node = 3\n    seeds = 3"); !slices.Equal(got[:2], base) {
		t.Errorf("raising seeds changes the keys of the first seeds")
	}
	if got := keys("messages_per_node = 3\n    seeds = 2\n    request_ack = false"); slices.Contains(got, base[0]) {
		t.Errorf("request_ack is not in the key")
	}
	if got := keys("messages_per_node = [3, 4]\n    request_ack = [true, false]"); len(got) != 4 || got[0] != base[0] {
		t.Errorf("sweep: %d cells (first %v), want 4 starting with messages_per_node = 3", len(got), got)
	}
	g := load(t, nil, writeSource(t, t.TempDir(), "x", clexStudy("topology.c", "messages_per_node = 3\n    seeds = 2", `"nodes"`)))
	var seeds []uint64
	for _, c := range g.Cells {
		if c.Kind == GroupClex {
			seeds = append(seeds, c.clexConfig(context.Background()).Seed)
		}
	}
	if len(seeds) != 2 || seeds[0] == seeds[1] {
		t.Errorf("seeds %v", seeds)
	}
}

// TestClexFailedCell: a failed clex cell leaves its rows (one per level)
// null, with its error in the error column; the other seed's rows are
// complete.
func TestClexFailedCell(t *testing.T) {
	dir := t.TempDir()
	path := writeSource(t, dir, "clex", clexSource)
	const cell = "clex c k=4 t=2 messages_per_node=3 seed=1"
	failer := failCells(func(label string) error {
		if label == cell {
			return errors.New("out of memory")
		}
		return nil
	})
	sum, _, err := runCells(load(t, nil, path), filepath.Join(dir, "results"), failer)
	if !errors.Is(err, ErrCellsFailed) || sum.Failed != 1 {
		t.Fatalf("run: %v (summary %+v)", err, sum)
	}
	for name, rows := range map[string]int{"levels": 4, "runs": 2} {
		tab := readTable(t, filepath.Join(dir, "results", "clex", name+".parquet"))
		ec := tab.Column(report.ErrorColumn)
		if tab.NumRows() != rows || ec == nil {
			t.Fatalf("%s: %d rows, columns %v", name, tab.NumRows(), tab.ColumnNames())
		}
		for r := range rows {
			failed := tab.Column("seed").Value(r).I == 1
			metric := tab.Column(tab.ColumnNames()[len(tab.ColumnNames())-2])
			want := dataset.Value{}
			if failed {
				want = dataset.StringValue(cell + ": out of memory")
			}
			if metric.IsValid(r) == failed || !ec.Value(r).Equal(want) || ec.Value(r).Kind != want.Kind {
				t.Errorf("%s row %d: metric valid %v, error %q", name, r+1, metric.IsValid(r), ec.Value(r))
			}
		}
		if name == "levels" {
			if got := strings.Join(column(t, tab, "level"), " "); got != "1 2 1 2" {
				t.Errorf("levels of the failed rows: %s", got)
			}
		}
	}
}

// TestClexCancel cancels a run while a clex cell simulates C(1/3, 3) with
// 64^3 nodes and 32 messages each (seconds of work): Run returns
// context.Canceled well before the simulation would end, and nothing is
// computed (how soon it returns is logged, not asserted: timings are
// not reliable on a shared machine).
func TestClexCancel(t *testing.T) {
	dir := t.TempDir()
	path := writeSource(t, dir, "long", strings.Replace(clexStudy("topology.c", "messages_per_node = 32", `"nodes"`), "k      = 4\n  t      = 2", "k      = 64\n  t      = 3", 1))
	results := filepath.Join(dir, "results")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var once sync.Once
	at := make(chan time.Time, 1)
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventStart && e.Kind == GroupClex {
			once.Do(func() {
				time.AfterFunc(200*time.Millisecond, func() {
					at <- time.Now()
					cancel()
				})
			})
		}
	}))
	sum, err := en.Run(ctx, MakePlan(load(t, nil, path), en.Store, results))
	end := time.Now()
	if !errors.Is(err, context.Canceled) || !sum.Interrupted || sum.Computed != 0 || sum.Failed != 0 {
		t.Fatalf("err %v, summary %+v; want context.Canceled, nothing computed", err, sum)
	}
	t.Logf("Run returned %v after the cancellation", end.Sub(<-at).Round(time.Millisecond))
}
