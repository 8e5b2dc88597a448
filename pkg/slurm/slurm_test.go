package slurm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

// fakeSlurm is a Slurm whose array tasks run in the test's process: on
// each squeue it lets every queued task run (policy decides how), so a
// run's poll loop drives the cluster.
type fakeSlurm struct {
	t      *testing.T
	mu     sync.Mutex
	next   int
	jobs   map[string]*fakeJob
	calls  []string
	policy func(job string, task int, attempt int) string // "run", "kill", "fail" or "wait"
	work   func(record string, task int) error            // computes a task's cells
}

type fakeJob struct {
	record string
	tasks  []string // "queued", "gone"
	sub    submission
}

func (f *fakeSlurm) run(ctx context.Context, name string, args ...string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, name+" "+strings.Join(args, " "))
	switch name {
	case "sbatch":
		script := args[len(args)-1]
		record := filepath.Join(filepath.Dir(script), "submission.json")
		b, err := os.ReadFile(record)
		if err != nil {
			return nil, err
		}
		var s submission
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, err
		}
		f.next++
		id := strconv.Itoa(100 + f.next)
		j := &fakeJob{record: record, sub: s, tasks: make([]string, len(s.Tasks))}
		for k := range j.tasks {
			j.tasks[k] = "queued"
		}
		f.jobs[id] = j
		return []byte(id + "\n"), nil
	case "scancel":
		if j := f.jobs[args[0]]; j != nil {
			for k := range j.tasks {
				j.tasks[k] = "gone"
			}
		}
		return nil, nil
	case "squeue":
		// Let the queued tasks run first: their cells are computed (or
		// not) and they leave the queue, unless the policy says wait.
		for id, j := range f.jobs {
			for k, st := range j.tasks {
				if st != "queued" {
					continue
				}
				switch f.policy(id, k, j.sub.Attempt) {
				case "wait":
					continue
				case "run":
					if err := f.work(j.record, k); err != nil {
						f.t.Errorf("task %s_%d: %v", id, k, err)
					}
				}
				j.tasks[k] = "gone"
			}
		}
		var jobs []string
		for i, a := range args {
			if a == "-j" {
				jobs = strings.Split(args[i+1], ",")
			}
		}
		var out strings.Builder
		for _, id := range jobs {
			if j := f.jobs[id]; j != nil {
				for k, st := range j.tasks {
					if st == "queued" {
						fmt.Fprintf(&out, "%s %d PENDING\n", id, k)
					}
				}
			}
		}
		return []byte(out.String()), nil
	}
	return nil, fmt.Errorf("unexpected command %s", name)
}

func (f *fakeSlurm) count(cmd string) int {
	n := 0
	for _, c := range f.calls {
		if strings.HasPrefix(c, cmd+" ") {
			n++
		}
	}
	return n
}

// setup loads the engine tests' small experiment into a results
// directory and returns its graph and an engine.
func setup(t *testing.T) (*eval.Graph, string) {
	t.Helper()
	l := eval.NewLoader(eval.Options{Registry: families.Default()})
	exps, diags := l.Load([]string{"../eval/testdata/small.hcl"})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	return eval.BuildGraph(exps), filepath.Join(t.TempDir(), "results")
}

// newFake returns a fake cluster whose workers compute their cells with
// an engine on results, as `runexp run --worker` does.
func newFake(t *testing.T, g *eval.Graph, results string) *fakeSlurm {
	f := &fakeSlurm{t: t, jobs: map[string]*fakeJob{}, policy: func(string, int, int) string { return "run" }}
	f.work = func(record string, task int) error {
		keys, err := ReadTask(record, task)
		if err != nil {
			return err
		}
		var cells []*eval.Cell
		for _, k := range keys {
			cells = append(cells, g.CellByKey(k))
		}
		en := eval.NewEngine(results, 1, nil)
		_, failed, err := en.RunCells(context.Background(), eval.MakePlan(g, en.Store, results), cells)
		for c, why := range failed {
			RecordFailure(record, c.Key, c.Label+": "+why)
		}
		return err
	}
	return f
}

func executor(f *fakeSlurm, en *eval.Engine, opts Options) *Executor {
	opts.Poll = time.Millisecond
	return &Executor{Options: opts, Store: en.Store, Worker: []string{"/bin/runexp", "run", "x.hcl"},
		Local: eval.Pool{Engine: en}, Run: f.run}
}

// outputs returns the files of the small experiment's outputs.
func outputs(t *testing.T, results string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	dir := filepath.Join(results, "small")
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[strings.TrimPrefix(p, dir)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func plainOutputs(t *testing.T) map[string][]byte {
	g, results := setup(t)
	en := eval.NewEngine(results, 2, nil)
	if _, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results)); err != nil {
		t.Fatal(err)
	}
	return outputs(t, results)
}

// TestSubmitAndCollect runs the small experiment through the fake
// cluster, 3 cells per array task: one sbatch of as many tasks, outputs
// identical to a local run's, the submission's record removed.
func TestSubmitAndCollect(t *testing.T) {
	want := plainOutputs(t)
	g, results := setup(t)
	f := newFake(t, g, results)
	en := eval.NewEngine(results, 2, nil)
	en.Executor = executor(f, en, Options{ChunkCells: 3, MaxRunning: 2, Partition: "debug", Sbatch: []string{"--account=abc"}})
	p := eval.MakePlan(g, en.Store, results)
	var metrics int
	for _, c := range p.RowCells() {
		if c.Kind != eval.KindBuild {
			metrics++
		}
	}
	if _, err := en.Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if f.count("sbatch") != 1 {
		t.Fatalf("calls %q", f.calls)
	}
	sb := f.calls[slices.IndexFunc(f.calls, func(c string) bool { return strings.HasPrefix(c, "sbatch ") })]
	tasks := (metrics + 2) / 3
	for _, arg := range []string{fmt.Sprintf("--array=0-%d%%2", tasks-1), "--partition=debug", "--account=abc", "--cpus-per-task=1"} {
		if !strings.Contains(sb, " "+arg+" ") {
			t.Errorf("sbatch lacks %s: %s", arg, sb)
		}
	}
	got := outputs(t, results)
	if len(got) != len(want) {
		t.Fatalf("%d outputs, want %d", len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s differs from the local run's", name)
		}
	}
	if ents, _ := os.ReadDir(filepath.Join(en.Store.Dir(), "slurm")); len(ents) != 0 {
		t.Errorf("%d submission records left", len(ents))
	}
}

// TestLostTaskResubmitted kills task 0 of the first array: its cells are
// submitted again in a second array, and the run completes.
func TestLostTaskResubmitted(t *testing.T) {
	g, results := setup(t)
	f := newFake(t, g, results)
	f.policy = func(job string, task, attempt int) string {
		if attempt == 0 && task == 0 {
			return "kill"
		}
		return "run"
	}
	en := eval.NewEngine(results, 2, nil)
	en.Executor = executor(f, en, Options{ChunkCells: 4, Retries: 1})
	sum, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results))
	if err != nil || sum.Failed != 0 {
		t.Fatalf("%+v %v", sum, err)
	}
	if f.count("sbatch") != 2 || !strings.Contains(f.calls[len(f.calls)-1], "squeue") {
		t.Fatalf("calls %q", f.calls)
	}
	if !strings.Contains(strings.Join(f.calls, "\n"), "--array=0-0 ") {
		t.Errorf("the resubmission is not one task of the lost cells: %q", f.calls)
	}
}

// TestRetriesExhausted: without retries a killed task's cells fail with
// a message naming the task and its log; the other cells are cached.
func TestRetriesExhausted(t *testing.T) {
	g, results := setup(t)
	f := newFake(t, g, results)
	f.policy = func(job string, task, attempt int) string {
		if task == 1 {
			return "kill"
		}
		return "run"
	}
	en := eval.NewEngine(results, 2, nil)
	en.Executor = executor(f, en, Options{ChunkCells: 4, Retries: 0})
	sum, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results))
	if !errors.Is(err, eval.ErrCellsFailed) || sum.Failed == 0 || sum.Failed > 4 {
		t.Fatalf("%+v %v", sum, err)
	}
	tab := readError(t, results)
	if !strings.Contains(tab, "Slurm task 101_1 ended without computing it (1 attempt; log ") {
		t.Errorf("errors %q", tab)
	}
	// A second run computes exactly the lost cells.
	f.policy = func(string, int, int) string { return "run" }
	p := eval.MakePlan(g, en.Store, results)
	if _, err := en.Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if got := outputs(t, results); !bytes.Equal(got["/s.parquet"], plainOutputs(t)["/s.parquet"]) {
		t.Error("the rerun's dataset differs from a local run's")
	}
}

// readError returns the error column of the small study's dataset, one
// line per row with an error.
func readError(t *testing.T, results string) string {
	t.Helper()
	f, err := os.Open(filepath.Join(results, "small", "s.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	tab, err := dataset.ReadParquet(f, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	c := tab.Column("error")
	if c == nil {
		return ""
	}
	var lines []string
	for r := range tab.NumRows() {
		if v := c.Value(r); !v.IsNull() {
			lines = append(lines, v.S)
		}
	}
	return strings.Join(lines, "\n")
}

// TestWorkerFailure: a cell the worker recorded as failed is reported
// with the worker's error and not submitted again.
func TestWorkerFailure(t *testing.T) {
	g, results := setup(t)
	f := newFake(t, g, results)
	var victim cache.Key
	f.policy = func(job string, task, attempt int) string { return "run" }
	inner := f.work
	f.work = func(record string, task int) error {
		keys, _ := ReadTask(record, task)
		if task == 0 {
			victim = keys[0]
			return RecordFailure(record, keys[0], "metric distance: out of memory")
		}
		return inner(record, task)
	}
	en := eval.NewEngine(results, 2, nil)
	en.Executor = executor(f, en, Options{ChunkCells: 1, Retries: 3})
	sum, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results))
	if !errors.Is(err, eval.ErrCellsFailed) || sum.Failed != 1 || f.count("sbatch") != 1 {
		t.Fatalf("%+v %v %q", sum, err, f.calls)
	}
	if en.Store.Has(victim) {
		t.Error("the failed cell is cached")
	}
	if !strings.Contains(readError(t, results), "out of memory") {
		t.Error("the dataset lacks the worker's error")
	}
}

// TestAdopt: an array another run submitted, still queued, holds every
// cell; this run submits nothing and waits for it.
func TestAdopt(t *testing.T) {
	g, results := setup(t)
	f := newFake(t, g, results)
	en := eval.NewEngine(results, 2, nil)
	x := executor(f, en, Options{})
	// The other run: builds computed, its array queued.
	p := eval.MakePlan(g, en.Store, results)
	var cells []*eval.Cell
	var builds []*eval.Cell
	for _, c := range p.RowCells() {
		if c.Kind == eval.KindBuild {
			builds = append(builds, c)
		} else {
			cells = append(cells, c)
		}
	}
	if _, _, err := en.RunCells(context.Background(), p, builds); err != nil {
		t.Fatal(err)
	}
	f.policy = func(string, int, int) string { return "wait" }
	other, err := x.submit(context.Background(), cells, 0)
	if err != nil {
		t.Fatal(err)
	}
	polls := 0
	f.policy = func(string, int, int) string {
		polls++
		if polls < 3 {
			return "wait"
		}
		return "run"
	}
	en.Executor = x
	if _, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results)); err != nil {
		t.Fatal(err)
	}
	if f.count("sbatch") != 1 {
		t.Errorf("submitted again: %q", f.calls)
	}
	if _, err := os.Stat(other.dir); err != nil {
		t.Errorf("the other run's record was removed by the adopting run: %v", err)
	}
}

// TestCancel: an interrupted run cancels its own arrays and returns the
// context's error; the cells computed before stay cached.
func TestCancel(t *testing.T) {
	g, results := setup(t)
	f := newFake(t, g, results)
	ctx, cancel := context.WithCancel(context.Background())
	f.policy = func(job string, task, attempt int) string {
		if task == 0 {
			return "run"
		}
		cancel()
		return "wait"
	}
	en := eval.NewEngine(results, 2, nil)
	en.Executor = executor(f, en, Options{ChunkCells: 2})
	_, err := en.Run(ctx, eval.MakePlan(g, en.Store, results))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v", err)
	}
	if f.count("scancel") != 1 {
		t.Errorf("calls %q", f.calls)
	}
	keys, err := ReadTask(filepath.Join(en.Store.Dir(), "slurm", onlyDir(t, filepath.Join(en.Store.Dir(), "slurm")), "submission.json"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if !en.Store.Has(k) {
			t.Errorf("cell %s of the finished task is not cached", k.Short())
		}
	}
}

func onlyDir(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 {
		t.Fatalf("%s: %v %v", dir, ents, err)
	}
	return ents[0].Name()
}

// TestShellJoin quotes every argument but the task index.
func TestShellJoin(t *testing.T) {
	got := shellJoin([]string{"/opt/run exp/runexp", "--var", "title=it's", "--worker-task", "${SLURM_ARRAY_TASK_ID}"})
	want := `'/opt/run exp/runexp' '--var' 'title=it'\''s' '--worker-task' "$SLURM_ARRAY_TASK_ID"`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestNoSbatch: without sbatch the run fails before writing anything,
// saying what to do.
func TestNoSbatch(t *testing.T) {
	g, results := setup(t)
	en := eval.NewEngine(results, 2, nil)
	x := executor(&fakeSlurm{t: t}, en, Options{})
	x.Run = func(ctx context.Context, name string, args ...string) ([]byte, error) {
		return Exec(ctx, "runexp-test-no-"+name, args...) // not in PATH
	}
	en.Executor = x
	_, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results))
	if err == nil || !strings.Contains(err.Error(), "sbatch not found") {
		t.Fatalf("error %v", err)
	}
	// The writability probe makes the output directory; nothing is in it.
	if ents, _ := os.ReadDir(filepath.Join(results, "small")); len(ents) != 0 {
		t.Errorf("outputs written: %v", ents)
	}
}
