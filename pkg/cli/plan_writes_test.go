package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanWrites: with every cell cached, plan says which output files a
// run would still write (a deleted table here), and the run writes exactly
// those; after it, plan has nothing to write.
func TestPlanWrites(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	results := filepath.Join(dir, "results")
	if code, _, stderr := runexp(t, context.Background(), "run", "--results", results, exp); code != ExitOK {
		t.Fatalf("run: %s", stderr)
	}
	plan := func() string {
		t.Helper()
		code, stdout, stderr := runexp(t, context.Background(), "plan", "--results", results, exp)
		if code != ExitOK {
			t.Fatalf("plan: %s", stderr)
		}
		return stdout
	}
	if got := plan(); !strings.HasSuffix(got, "no output file to write\n") {
		t.Errorf("plan after a run:\n%s", got)
	}
	table := filepath.Join(results, "small", "tables", "t.md")
	if err := os.Remove(table); err != nil {
		t.Fatal(err)
	}
	want := "small: 0 cells to compute (0 new, 0 stale), 23 cached\n1 output files to write:\n  write   " + table + "\n"
	if got := plan(); got != want {
		t.Errorf("plan:\n%s\nwant:\n%s", got, want)
	}
	_, stdout, _ := runexp(t, context.Background(), "run", "--results", results, exp)
	if !strings.Contains(stdout, "wrote   "+table) || strings.Count(stdout, "wrote") != 1 {
		t.Errorf("run after plan:\n%s", stdout)
	}
}

// TestPlanFromResults: with the cache gone (a fresh clone of committed
// results), plan takes the dataset from its results file and lists only
// the figure and the table to render (whose files plan lists, as it does
// for every cell it computes); the run writes no file, since every output
// it renders is the same.
func TestPlanFromResults(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	results := filepath.Join(dir, "results")
	if code, _, stderr := runexp(t, context.Background(), "run", "--results", results, exp); code != ExitOK {
		t.Fatalf("run: %s", stderr)
	}
	if err := os.RemoveAll(filepath.Join(results, ".cache")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runexp(t, context.Background(), "plan", "--results", results, exp)
	if code != ExitOK {
		t.Fatalf("plan: %s", stderr)
	}
	want := "small: 2 cells to compute (2 new, 0 stale), 1 cached\n" +
		"  1 dataset taken from its results file (the cells only it reads are not computed)\n" +
		"  from    dataset s  " + filepath.Join(results, "small", "s.parquet") + "\n" +
		"  new     figure f   not computed before\n" +
		"  new     table t    not computed before\n" +
		"8 output files to write:\n"
	if !strings.HasPrefix(stdout, want) {
		t.Errorf("plan:\n%s\nwant:\n%s", stdout, want)
	}
	_, stdout, _ = runexp(t, context.Background(), "run", "--results", results, exp)
	if strings.Contains(stdout, "wrote") || !strings.Contains(stdout, "2 computed") {
		t.Errorf("run on the results alone:\n%s", stdout)
	}
}

// TestPlanExpectedWork: plan states the expected work of a long run, of
// one core and at -j (SC15's Fig. 6 stage at the paper's sizes, nothing
// cached: the work model's estimate, pinned), and not of a short one (the
// goldens of the small experiments have no such line); show states that of
// the cells its scorecard lacks.
func TestPlanExpectedWork(t *testing.T) {
	exp := filepath.Join(repoRoot, "experiments", "diameter-two-sc15.hcl")
	code, stdout, stderr := runexp(t, context.Background(), "plan", "-j", "2", "--results", t.TempDir(), "--var", "simulate=fig6", exp)
	if code != ExitOK {
		t.Fatalf("plan: exit %d\n%s", code, stderr)
	}
	want := "diameter-two-sc15: 639 cells to compute (639 new, 0 stale), 0 cached\n" +
		"  expected work: about 18h18m of one core, 9h09m at -j 2 (estimated from the cells' sizes; sweep points not yet known to be past saturation count in full)\n"
	if !strings.HasPrefix(stdout, want) {
		t.Errorf("plan:\n%s\nwant it to start with:\n%s", stdout[:min(len(stdout), 600)], want)
	}
	// show, on the same empty cache: the scorecard's missing cells and
	// their expected work.
	code, stdout, stderr = runexp(t, context.Background(), "show", "--results", t.TempDir(), "--var", "simulate=fig6", exp)
	if code != ExitOK || !strings.Contains(stdout, "\nNot computed yet (244, about 3h45m of one core):\n") {
		t.Errorf("show: exit %d\n%s%s", code, stdout[max(0, len(stdout)-600):], stderr)
	}
	// With points predicted past saturation, a second figure.
	if got, want := planWork(7200, 2700, 12, 2), "  expected work: about 2h00m of one core, 1h00m at -j 2 (estimated from the cells' sizes; sweep points not yet known to be past saturation count in full)\n"+
		"  about 45m of one core, 23m at -j 2, if each load sweep stops no later than the computed sweeps of its network and traffic with other routings (12 points predicted past saturation)\n"; got != want {
		t.Errorf("planWork:\n%s\nwant:\n%s", got, want)
	}
	if got := planWork(59, 10, 3, 2); got != "" {
		t.Errorf("planWork of 59 s: %q, want nothing", got)
	}
	for sec, want := range map[float64]string{10: "1m", 89: "1m", 91: "2m", 3599: "1h00m", 3600*92 + 56*60 + 10: "92h56m"} {
		if got := fmtHours(sec); got != want {
			t.Errorf("fmtHours(%g) = %q, want %q", sec, got, want)
		}
	}
}

// TestPlanSelection: plan --only and --shard plan the run with the same
// flag. Study a needs the hypercube's builds, size and distance cells
// (figure fa reads a), study b the hypercube's and the torus's distance
// cells; each plan lists exactly the cells its run computes, counts the
// selection's cached cells alone, and lists no output file. The two
// shards together are the whole plan's row cells, and the two shares of
// --only fa its cells.
func TestPlanSelection(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "two.hcl")
	os.WriteFile(exp, []byte(`topology "hc" {
  family = "hypercube"
  n      = [3, 4]
}

topology "t" {
  family = "torus"
  n      = 2
  k      = 3
}

study "a" {
  topologies = [topology.hc]
  metrics    = ["routers", "diameter"]
}

study "b" {
  topologies = [topology.hc, topology.t]
  metrics    = ["avg_distance"]
}

figure "fa" {
  study = study.a
  x     = "routers"
  y     = "diameter"
}
`), 0o644)
	results := filepath.Join(dir, "results")
	plan := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runexp(t, context.Background(), append(append([]string{"plan", "--results", results}, args...), exp)...)
		if code != ExitOK {
			t.Fatalf("plan %v: exit %d\n%s", args, code, stderr)
		}
		return stdout
	}
	rows := func(names ...string) string {
		var b strings.Builder
		for _, n := range names {
			b.WriteString("  new     " + n + "\n")
		}
		return b.String()
	}
	hc := []string{"build hc n=3     not computed before", "distance hc n=3  not computed before", "size hc n=3      not computed before",
		"build hc n=4     not computed before", "distance hc n=4  not computed before", "size hc n=4      not computed before"}
	none := "no output file to write (a run with --only writes none)\n"
	if got, want := plan("--only", "fa"), "two (only fa): 6 cells to compute (6 new, 0 stale), 0 cached\n"+rows(hc...)+none; got != want {
		t.Errorf("plan --only fa:\n%s\nwant:\n%s", got, want)
	}
	whole := plan()
	if !strings.HasPrefix(whole, "two: 11 cells to compute") || !strings.Contains(whole, "5 output files to write") {
		t.Errorf("plan:\n%s", whole)
	}
	// The shards split the 8 row cells (builds and metrics), each with the
	// builds its cells read.
	shards := plan("--shard", "1/2") + plan("--shard", "2/2")
	for _, c := range []string{"distance hc n=3", "size hc n=3", "distance hc n=4", "size hc n=4", "distance t"} {
		if strings.Count(shards, "  new     "+c+" ") != 1 {
			t.Errorf("%s is not in exactly one shard:\n%s", c, shards)
		}
	}
	if strings.Count(shards, "no output file to write (a run with --shard writes none)\n") != 2 {
		t.Errorf("plan --shard:\n%s", shards)
	}
	// With --only and --shard, the two shares split the selection's 4
	// metric cells; each lists the builds its cells read, and none a cell
	// of the torus.
	fa := plan("--only", "fa", "--shard", "1/2") + plan("--only", "fa", "--shard", "2/2")
	for _, c := range []string{"distance hc n=3", "size hc n=3", "distance hc n=4", "size hc n=4"} {
		if strings.Count(fa, "  new     "+c+" ") != 1 {
			t.Errorf("%s is not in exactly one share of --only fa:\n%s", c, fa)
		}
	}
	if strings.Contains(fa, " t ") || !strings.HasPrefix(fa, "two (only fa, shard 1/2): ") || !strings.Contains(fa, "\ntwo (only fa, shard 2/2): ") ||
		strings.Count(fa, "no output file to write (a run with --only and --shard writes none)\n") != 2 {
		t.Errorf("plan --only fa --shard:\n%s", fa)
	}
	// After run --only fa, b lacks only the torus's cells; its cached cells
	// are the hypercube's two distance cells (the builds of cached cells
	// are not needed), which --all lists, and none of a's size cells.
	if code, _, stderr := runexp(t, context.Background(), "run", "-q", "--results", results, "--only", "fa", exp); code != ExitOK {
		t.Fatalf("run --only fa: %s", stderr)
	}
	want := "two (only b): 2 cells to compute (2 new, 0 stale), 2 cached\n" +
		rows("build t     not computed before", "distance t  not computed before") + none
	if got := plan("--only", "b"); got != want {
		t.Errorf("plan --only b after run --only fa:\n%s\nwant:\n%s", got, want)
	}
	if got := plan("--only", "b", "--all"); strings.Contains(got, "size hc") || strings.Count(got, "  cached  ") != 2 {
		t.Errorf("plan --only b --all:\n%s", got)
	}
	if got := plan("--only", "b", "--json"); !strings.Contains(got, `{"cached":2,"elsewhere":0,"event":"plan_summary","new":2,"run":2,"selection":"only b","stale":0,"writes":null}`) {
		t.Errorf("plan --only b --json:\n%s", got)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--only", "nosuch"}, `no study, figure or table is named "nosuch"; there are: a, b, fa`},
		{[]string{"--only", "a", "--shard", "0/2"}, `--shard "0/2": want I/N with 1 <= I <= N`},
		{[]string{"--shard", "3/2"}, `--shard "3/2": want I/N with 1 <= I <= N`},
	} {
		code, _, stderr := runexp(t, context.Background(), append(append([]string{"plan", "--results", results}, c.args...), exp)...)
		if code != ExitInvalid || !strings.Contains(stderr, c.want) {
			t.Errorf("plan %v: exit %d\n%s", c.args, code, stderr)
		}
	}
}

// TestPlanMeasured: run appends one line per computed cell to the timings
// log of its results directory, with the processor time of the cells that
// ran alone (all of them at -j 1), and plan scales its expected work by the
// rates the log holds for the experiment (SC15's Fig. 6 stage again, with
// a log whose cells took 0.4 s of processor time, or of time where none is
// logged, per second of expected work: 18h18m becomes 7h19m), ignoring
// other experiments' lines, a line a crash cut short and lines of the
// format without processor time.
func TestPlanMeasured(t *testing.T) {
	dir := t.TempDir()
	exp := copySmall(t, dir)
	results := filepath.Join(dir, "results")
	code, stdout, stderr := runexp(t, context.Background(), "run", "-j", "1", "--results", results, exp)
	if code != ExitOK {
		t.Fatalf("run: %s", stderr)
	}
	data, err := os.ReadFile(timingsPath(results))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if want := "23 computed"; !strings.Contains(stdout, want) || len(lines) != 23 {
		t.Errorf("the run's summary should say %q and the log hold as many lines; %d lines:\n%s\nrun:\n%s", want, len(lines), data, stdout)
	}
	distance, cpu := 0, 0 // lines of distance cells, on topology sf or t2d; lines with processor time
	for _, l := range lines {
		fs := strings.Split(l, "\t")
		if len(fs) != 6 || fs[0] != "small" {
			t.Errorf("log line %q: want 6 fields, experiment small", l)
			continue
		}
		if fs[1] == "distance" && (fs[2] == "sf" || fs[2] == "t2d") {
			distance++
		}
		if fs[5] != "0" {
			cpu++
		}
	}
	if distance == 0 || cpu == 0 {
		t.Errorf("%d lines of distance cells name their topology, %d have processor time, want some of each:\n%s", distance, cpu, data)
	}
	if m := measuredRates(results)["small"]; m == nil || m.cells != 23 {
		t.Errorf("measuredRates: %+v, want 23 cells of small", m)
	}

	sc15 := filepath.Join(repoRoot, "experiments", "diameter-two-sc15.hcl")
	results = t.TempDir()
	log := "diameter-two-sc15\tsim\ts_sf_floor\t600000\t900000\t240000\n" + // processor time 240000
		"diameter-two-sc15\tsim\t\t400000\t160000\t0\n" + // none: the time
		"other\tsim\ts_sf_floor\t1000\t10000\t10000\n" +
		"diameter-two-sc15\tsim\ts_sf_floor\t1000\t100000\n" + // no processor time column
		"diameter-two-sc15\tsim\ts_mlfm\t1000\t1000" // cut short
	if err := os.MkdirAll(filepath.Dir(timingsPath(results)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(timingsPath(results), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runexp(t, context.Background(), "plan", "-j", "2", "--results", results, "--var", "simulate=fig6", sc15)
	if code != ExitOK {
		t.Fatalf("plan: exit %d\n%s", code, stderr)
	}
	want := "diameter-two-sc15: 639 cells to compute (639 new, 0 stale), 0 cached\n" +
		"  expected work: about 18h18m of one core, 9h09m at -j 2 (estimated from the cells' sizes; sweep points not yet known to be past saturation count in full)\n" +
		"  measured here: at the rates of the 2 cells run so far under this results directory (by kind and network; processor time, or seconds where other cells ran beside one), about 7h19m of one core, 3h40m at -j 2\n"
	if !strings.HasPrefix(stdout, want) {
		t.Errorf("plan:\n%s\nwant it to start with:\n%s", stdout[:min(len(stdout), 800)], want)
	}
	// show states the same of the cells its scorecard lacks.
	code, stdout, stderr = runexp(t, context.Background(), "show", "--results", results, "--var", "simulate=fig6", sc15)
	if code != ExitOK || !strings.Contains(stdout, "\nNot computed yet (244, about 3h45m of one core; measured here: about 1h30m):\n") {
		t.Errorf("show: exit %d\n%s%s", code, stdout[max(0, len(stdout)-600):], stderr)
	}
	// Too little measured: no such line.
	if got := planMeasured(&measured{eta: newETAModel(), cells: 3, seconds: 59}, 7200, 7200, 0, 2); got != "" {
		t.Errorf("planMeasured of 59 s measured: %q, want nothing", got)
	}
}
