// Package slurm computes runexp cells on a Slurm cluster: an eval.Executor
// that submits the pending row cells (metrics, simulations) as job arrays
// whose tasks run runexp as workers on chunks of cells, writing into the
// shared content-addressed cache, while the submitting process watches
// squeue and the cache, resubmits the cells of tasks that died, and hands
// the engine back the outcome; the engine then assembles datasets, figures
// and tables exactly as a local run would.
//
// Every submission is recorded under <cache>/slurm/<name>/ (the cells of
// each array task, the batch script, the tasks' logs, the errors of cells
// that failed) before sbatch runs, under a lock, so that a second run on
// the same results directory adopts the arrays still in squeue instead of
// submitting their cells again. Accounting (sacct) is not needed: a task
// that has left squeue is finished, and its cells are either in the cache,
// recorded as failed by the worker, or lost (the task was killed, preempted
// or its node failed), and lost cells are submitted again up to
// Options.Retries times.
package slurm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/eval"
)

// Options are the settings of submissions.
type Options struct {
	Partition  string   // sbatch --partition; empty: the cluster's default
	Time       string   // sbatch --time per array task, e.g. "02:00:00"; empty: the partition's default
	Mem        string   // sbatch --mem per task, e.g. "8G"; empty: the cluster's default
	CPUs       int      // sbatch --cpus-per-task, and the worker's -j; <= 0: 1
	MaxRunning int      // the array's %N: tasks running at once; <= 0: no limit
	ChunkWork  float64  // expected work per task in seconds (eval.Cell.Work); <= 0: DefaultChunkWork
	ChunkCells int      // if > 0, cells per task instead (groups are never split)
	Retries    int      // submissions of a lost cell after the first; < 0: 0
	Sbatch     []string // more sbatch options, e.g. "--account=abc"
	Poll       time.Duration
}

// DefaultChunkWork is the expected work of one array task: many short cells
// share a task, so that the cluster's per-job overhead stays small, while a
// task stays short enough to lose little when it is killed.
const DefaultChunkWork = 600

// DefaultPoll is how often squeue and the cache are checked.
const DefaultPoll = 5 * time.Second

// Runner runs a Slurm command and returns its standard output; the error
// of a failed command includes its standard error.
type Runner func(ctx context.Context, name string, args ...string) ([]byte, error)

// Exec runs Slurm commands as processes.
func Exec(ctx context.Context, name string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return stdout.Bytes(), fmt.Errorf("%s: %w", name, err)
		}
		return stdout.Bytes(), fmt.Errorf("%s: %s", name, msg)
	}
	return stdout.Bytes(), nil
}

// Executor submits cells to Slurm. Worker is the command line of a worker
// without the submission's flags: runexp (an absolute path every node can
// run), then `run`, --results, --var flags and the experiment files, all
// as the submitting run got them but with absolute paths; the executor adds
// --worker FILE, --worker-task and -j.
type Executor struct {
	Options
	Store  *cache.Store
	Worker []string
	Dir    string        // working directory of the tasks (sbatch --chdir)
	Local  eval.Executor // computes the pending builds before submitting (nil: the workers do)
	Run    Runner        // nil: Exec
	Log    func(string)  // progress messages (submissions, adoptions, resubmissions); may be nil
}

// submission is the record of one sbatch --array, in
// <cache>/slurm/<name>/submission.json.
type submission struct {
	Name    string     `json:"name"`
	Job     string     `json:"job"`   // the array's job id; empty until sbatch answered
	Tasks   [][]string `json:"tasks"` // cell keys per array task
	Attempt int        `json:"attempt"`
	Host    string     `json:"host"`
	PID     int        `json:"pid"`
	Created string     `json:"created"`

	dir string
	own bool // submitted by this process (cancelled on interruption)
}

// FailedDir is the directory of a submission in which workers record the
// cells whose computation failed, one file per cell key holding the error.
const FailedDir = "failed"

// Compute submits b's cells (the builds first, locally) and waits until
// each is cached, failed or lost beyond the retries.
func (x *Executor) Compute(ctx context.Context, b *eval.Batch) (map[*eval.Cell]string, error) {
	if x.Run == nil {
		x.Run = Exec
	}
	if x.Poll <= 0 {
		x.Poll = DefaultPoll
	}
	failed := map[*eval.Cell]string{}
	var builds, cells []*eval.Cell
	for _, c := range b.Cells {
		if c.Kind == eval.KindBuild && x.Local != nil {
			builds = append(builds, c)
		} else {
			cells = append(cells, c)
		}
	}
	if len(builds) > 0 {
		x.logf("building %d %s locally before submitting", len(builds), plural(len(builds), "topology", "topologies"))
		f, err := x.Local.Compute(ctx, &eval.Batch{Plan: b.Plan, Cells: builds, Emit: b.Emit})
		for c, why := range f {
			failed[c] = why
		}
		if err != nil {
			return failed, err
		}
	}
	w := &watch{x: x, emit: b.Emit, total: len(cells), failed: failed,
		pending: map[cache.Key]*eval.Cell{}, started: map[cache.Key]bool{}}
	var todo []*eval.Cell
	for _, c := range cells {
		if x.Store.Has(c.Key) {
			w.finish(c, "already in the cache")
			continue
		}
		if slices.ContainsFunc(c.Inputs, func(in *eval.Cell) bool { _, bad := failed[in]; return bad }) {
			w.total-- // its build failed: the engine skips it
			continue
		}
		w.pending[c.Key] = c
		todo = append(todo, c)
	}
	cells = todo
	if err := w.submitOrAdopt(ctx, cells, 0); err != nil {
		return failed, err
	}
	err := w.loop(ctx)
	return failed, err
}

// watch follows the submissions that compute a batch.
type watch struct {
	x       *Executor
	emit    func(eval.Event)
	total   int
	done    int
	failed  map[*eval.Cell]string
	pending map[cache.Key]*eval.Cell // cells not yet in the cache, failed or lost
	started map[cache.Key]bool
	subs    []*submission
}

func (w *watch) finish(c *eval.Cell, note string) {
	delete(w.pending, c.Key)
	w.done++
	w.emit(eval.Event{Type: eval.EventFinish, Experiment: c.Exp.Name, Cell: c.ID, Kind: c.Kind, Label: c.Label,
		Key: c.Key.Short(), Reason: note, Work: c.Work(), Done: w.done, Total: w.total})
}

func (w *watch) fail(c *eval.Cell, why string) {
	delete(w.pending, c.Key)
	w.done++
	w.failed[c] = why // the engine reports it
}

// submitOrAdopt covers the pending cells among cells with submissions:
// under the submission lock, the live submissions of other runs are
// adopted for the cells they hold, and the rest is submitted.
func (w *watch) submitOrAdopt(ctx context.Context, cells []*eval.Cell, attempt int) error {
	unlock, err := w.x.Store.Lock("slurm")
	if err != nil {
		return err
	}
	defer unlock()
	known := map[string]bool{}
	for _, s := range w.subs {
		known[s.Name] = true
	}
	others, err := w.x.records()
	if err != nil {
		return err
	}
	var live []*submission
	for _, s := range others {
		if !known[s.Name] && s.Job != "" {
			live = append(live, s)
		}
	}
	tasks, err := w.x.liveTasks(ctx, live)
	if err != nil {
		return err
	}
	covered := map[string]bool{}
	for _, s := range live {
		adopted := 0
		for k, keys := range s.Tasks {
			if !tasks[taskID{s.Job, k}].live() {
				s.Tasks[k] = nil // finished: its cells are cached, failed or ours to submit
				continue
			}
			for _, key := range keys {
				covered[key] = true
				adopted++
			}
		}
		if adopted > 0 {
			w.subs = append(w.subs, s)
			w.x.logf("adopted Slurm job %s (%d cells still queued or running, submitted by %s pid %d)", s.Job, adopted, s.Host, s.PID)
		}
	}
	var todo []*eval.Cell
	for _, c := range cells {
		if _, ok := w.pending[c.Key]; ok && !covered[c.Key.String()] && !w.x.Store.Has(c.Key) {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	s, err := w.x.submit(ctx, todo, attempt)
	if err != nil {
		return err
	}
	w.subs = append(w.subs, s)
	return nil
}

// loop polls squeue and the cache until no cell is pending.
func (w *watch) loop(ctx context.Context) error {
	tick := time.NewTicker(w.x.Poll)
	defer tick.Stop()
	for len(w.pending) > 0 {
		select {
		case <-ctx.Done():
			w.cancel()
			return ctx.Err()
		case <-tick.C:
		}
		if err := w.poll(ctx); err != nil {
			if ctx.Err() != nil {
				w.cancel()
				return ctx.Err()
			}
			return err
		}
	}
	w.cleanup()
	return nil
}

// poll takes one look at the cache and the queue.
func (w *watch) poll(ctx context.Context) error {
	w.collect()
	tasks, err := w.x.liveTasks(ctx, w.subs)
	if err != nil {
		return err
	}
	var lost []*eval.Cell
	for _, s := range w.subs {
		for k, keys := range s.Tasks {
			st := tasks[taskID{s.Job, k}]
			if st.live() {
				if st == running {
					w.markStarted(s, keys)
				}
				continue
			}
			for _, key := range keys {
				k2, _ := cache.ParseKey(key)
				c, ok := w.pending[k2]
				if !ok {
					continue
				}
				// The task has left the queue: its cell is cached (perhaps
				// just now), recorded as failed, or lost.
				if w.x.Store.Has(c.Key) {
					w.finish(c, "computed by Slurm job "+s.Job+"_"+strconv.Itoa(k))
					continue
				}
				if why, err := os.ReadFile(filepath.Join(s.dir, FailedDir, key)); err == nil {
					w.fail(c, strings.TrimSpace(string(why)))
					continue
				}
				if s.Attempt >= max(0, w.x.Retries) {
					w.fail(c, fmt.Sprintf("Slurm task %s_%d ended without computing it (%d %s; log %s)",
						s.Job, k, s.Attempt+1, plural(s.Attempt+1, "attempt", "attempts"), filepath.Join(s.dir, fmt.Sprintf("task-%d.log", k))))
					continue
				}
				lost = append(lost, c)
			}
		}
	}
	if len(lost) == 0 {
		return nil
	}
	attempt := 0
	for _, s := range w.subs {
		attempt = max(attempt, s.Attempt+1)
	}
	w.x.logf("%d %s lost by ended Slurm tasks: submitting again (attempt %d of %d)", len(lost), plural(len(lost), "cell", "cells"), attempt+1, w.x.Retries+1)
	// Resubmitted cells are no longer counted as held by their old task.
	for _, c := range lost {
		w.drop(c.Key.String())
	}
	return w.submitOrAdopt(ctx, lost, attempt)
}

// collect finishes the pending cells that are in the cache.
func (w *watch) collect() {
	keys := make([]cache.Key, 0, len(w.pending))
	for k := range w.pending {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i][:], keys[j][:]) < 0 })
	for _, k := range keys {
		if w.x.Store.Has(k) {
			c := w.pending[k]
			w.finish(c, "computed on Slurm")
		}
	}
}

// markStarted sends a start event for the pending cells of a running task.
func (w *watch) markStarted(s *submission, keys []string) {
	for _, key := range keys {
		k, _ := cache.ParseKey(key)
		c, ok := w.pending[k]
		if !ok || w.started[k] {
			continue
		}
		w.started[k] = true
		w.emit(eval.Event{Type: eval.EventStart, Experiment: c.Exp.Name, Cell: c.ID, Kind: c.Kind, Label: c.Label,
			Key: c.Key.Short(), Done: w.done, Total: w.total})
	}
}

// drop removes a cell key from the tasks of the watched submissions.
func (w *watch) drop(key string) {
	for _, s := range w.subs {
		for k, keys := range s.Tasks {
			for i, x := range keys {
				if x == key {
					s.Tasks[k] = append(keys[:i:i], keys[i+1:]...)
					break
				}
			}
		}
	}
}

// cancel cancels the arrays this process submitted (not adopted ones);
// every cell a task finished stays cached.
func (w *watch) cancel() {
	ctx, done := context.WithTimeout(context.Background(), 30*time.Second)
	defer done()
	for _, s := range w.subs {
		if s.own && s.Job != "" {
			if _, err := w.x.Run(ctx, "scancel", s.Job); err != nil {
				w.x.logf("cancelling Slurm job %s: %v", s.Job, err)
			} else {
				w.x.logf("cancelled Slurm job %s", s.Job)
			}
		}
	}
}

// cleanup removes the records of this process's submissions whose cells
// are all cached; those with failed or lost cells stay, with their logs.
func (w *watch) cleanup() {
	for _, s := range w.subs {
		if !s.own {
			continue
		}
		all := true
		for _, keys := range s.Tasks {
			for _, key := range keys {
				k, err := cache.ParseKey(key)
				all = all && err == nil && w.x.Store.Has(k)
			}
		}
		if all {
			os.RemoveAll(s.dir)
		}
	}
}

// taskID names one array task.
type taskID struct {
	job  string
	task int
}

// taskState is an array task's state in squeue.
type taskState uint8

const (
	gone    taskState = iota // not in squeue: finished one way or another
	queued                   // pending (or any state before running)
	running                  // running (or completing)
)

func (s taskState) live() bool { return s != gone }

// liveTasks asks squeue for the tasks of the submissions' arrays.
func (x *Executor) liveTasks(ctx context.Context, subs []*submission) (map[taskID]taskState, error) {
	out := map[taskID]taskState{}
	var jobs []string
	for _, s := range subs {
		if s.Job != "" {
			jobs = append(jobs, s.Job)
		}
	}
	if len(jobs) == 0 {
		return out, nil
	}
	// -r lists the tasks of an array one per line; %F is the array's job
	// id, %K the task index, %T the state. A list of job ids keeps squeue
	// from failing when one of them has left the queue.
	b, err := x.Run(ctx, "squeue", "-h", "-r", "-j", strings.Join(append(jobs, jobs[0]), ","), "-o", "%F %K %T")
	if err != nil {
		if strings.Contains(err.Error(), "Invalid job id") {
			return out, nil
		}
		return nil, fmt.Errorf("slurm: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		k, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		st := queued
		switch f[2] {
		case "RUNNING", "COMPLETING", "CONFIGURING", "STAGE_OUT":
			st = running
		case "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE":
			continue
		}
		out[taskID{f[0], k}] = st
	}
	return out, nil
}

// records reads the submission records under the cache.
func (x *Executor) records() ([]*submission, error) {
	root := filepath.Join(x.Store.Dir(), "slurm")
	ents, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	var out []*submission
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		b, err := os.ReadFile(filepath.Join(dir, "submission.json"))
		if err != nil {
			continue // being written, or left by a run killed before sbatch
		}
		s := &submission{dir: dir}
		if json.Unmarshal(b, s) == nil {
			out = append(out, s)
		}
	}
	return out, nil
}

// chunks packs groups of cells into array tasks of about ChunkWork
// expected seconds each (or ChunkCells cells), in order.
func (x *Executor) chunks(cells []*eval.Cell) [][]string {
	target := x.ChunkWork
	if target <= 0 {
		target = DefaultChunkWork
	}
	var out [][]string
	var cur []string
	work := 0.0
	for _, gr := range eval.Groups(cells) {
		for _, c := range gr {
			cur = append(cur, c.Key.String())
			work += c.Work()
		}
		full := work >= target
		if x.ChunkCells > 0 {
			full = len(cur) >= x.ChunkCells
		}
		if full {
			out = append(out, cur)
			cur, work = nil, 0
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// submit records and submits one array for cells.
func (x *Executor) submit(ctx context.Context, cells []*eval.Cell, attempt int) (*submission, error) {
	host, _ := os.Hostname()
	now := time.Now().UTC()
	name := fmt.Sprintf("%s-%d-%s", now.Format("20060102T150405"), os.Getpid(), cells[0].Key.Short())
	s := &submission{Name: name, Tasks: x.chunks(cells), Attempt: attempt, Host: host, PID: os.Getpid(),
		Created: now.Format(time.RFC3339), dir: filepath.Join(x.Store.Dir(), "slurm", name), own: true}
	if err := os.MkdirAll(filepath.Join(s.dir, FailedDir), 0o755); err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	record := filepath.Join(s.dir, "submission.json")
	if err := writeJSON(record, s); err != nil {
		return nil, err
	}
	cpus := max(1, x.CPUs)
	script := filepath.Join(s.dir, "job.sh")
	argv := append(append([]string{}, x.Worker...), "--worker", record, "--worker-task", "${SLURM_ARRAY_TASK_ID}", "-j", strconv.Itoa(cpus))
	body := "#!/bin/sh\n# runexp worker: computes the cells of one array task of " + name + "\nexec " + shellJoin(argv) + "\n"
	if err := cache.WriteFileAtomic(script, []byte(body)); err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	if err := os.Chmod(script, 0o755); err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	array := fmt.Sprintf("0-%d", len(s.Tasks)-1)
	if x.MaxRunning > 0 {
		array += "%" + strconv.Itoa(x.MaxRunning)
	}
	args := []string{"--parsable", "--array=" + array, "--job-name=runexp", "--cpus-per-task=" + strconv.Itoa(cpus),
		"--output=" + filepath.Join(s.dir, "task-%a.log")}
	if x.Dir != "" {
		args = append(args, "--chdir="+x.Dir)
	}
	if x.Partition != "" {
		args = append(args, "--partition="+x.Partition)
	}
	if x.Time != "" {
		args = append(args, "--time="+x.Time)
	}
	if x.Mem != "" {
		args = append(args, "--mem="+x.Mem)
	}
	args = append(append(args, x.Sbatch...), script)
	out, err := x.Run(ctx, "sbatch", args...)
	if err != nil {
		os.RemoveAll(s.dir)
		if errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("slurm: sbatch not found: run on a machine that can submit Slurm jobs (a login node), or compute here with --executor local")
		}
		return nil, fmt.Errorf("slurm: submitting %d cells: %w", len(cells), err)
	}
	// --parsable prints "jobid" or "jobid;cluster".
	s.Job, _, _ = strings.Cut(strings.TrimSpace(string(out)), ";")
	if _, err := strconv.Atoi(s.Job); err != nil {
		return nil, fmt.Errorf("slurm: sbatch answered %q, not a job id", out)
	}
	if err := writeJSON(record, s); err != nil {
		return nil, err
	}
	x.logf("submitted Slurm job %s: %d %s in %d array %s", s.Job, len(cells), plural(len(cells), "cell", "cells"), len(s.Tasks), plural(len(s.Tasks), "task", "tasks"))
	return s, nil
}

// ReadTask returns the cell keys of array task k of the submission
// recorded in file (the worker's side).
func ReadTask(file string, k int) ([]cache.Key, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	var s submission
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("slurm: %s: %w", file, err)
	}
	if k < 0 || k >= len(s.Tasks) {
		return nil, fmt.Errorf("slurm: %s has %d tasks, not task %d", file, len(s.Tasks), k)
	}
	keys := make([]cache.Key, len(s.Tasks[k]))
	for i, x := range s.Tasks[k] {
		if keys[i], err = cache.ParseKey(x); err != nil {
			return nil, fmt.Errorf("slurm: %s: %w", file, err)
		}
	}
	return keys, nil
}

// RecordFailure records, next to the submission file, that the cell with
// key k failed with why, so that the submitting run reports it instead of
// submitting it again.
func RecordFailure(file string, k cache.Key, why string) error {
	return cache.WriteFileAtomic(filepath.Join(filepath.Dir(file), FailedDir, k.String()), []byte(why+"\n"))
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := cache.WriteFileAtomic(path, append(b, '\n')); err != nil {
		return fmt.Errorf("slurm: %w", err)
	}
	return nil
}

// shellJoin quotes argv for sh; ${SLURM_ARRAY_TASK_ID} stays expanded.
func shellJoin(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		if a == "${SLURM_ARRAY_TASK_ID}" {
			parts[i] = `"$SLURM_ARRAY_TASK_ID"`
			continue
		}
		parts[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(parts, " ")
}

func (x *Executor) logf(format string, args ...any) {
	if x.Log != nil {
		x.Log(fmt.Sprintf(format, args...))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
