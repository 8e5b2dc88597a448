package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests below run experiments through a real Slurm cluster:
// .ci/slurm/start.sh starts a one-node one from Debian packages (as root,
// without systemd), and .ci/run runs it before go test and sets
// RUNEXP_REQUIRE_SLURM, which turns a missing cluster into a failure. The
// array tasks run this test binary as runexp (sbatch passes the
// environment on, RUNEXP_TEST_AS_MAIN included).

// slurmUp skips the test unless a Slurm cluster answers with a node up.
func slurmUp(t *testing.T) {
	t.Helper()
	skip := t.Skip
	if os.Getenv("RUNEXP_REQUIRE_SLURM") != "" {
		skip = t.Fatal
	}
	if _, err := exec.LookPath("sbatch"); err != nil {
		skip("no Slurm here (sbatch not found); .ci/slurm/start.sh starts a one-node cluster as root")
		return
	}
	out, err := exec.Command("sinfo", "-h", "-o", "%T").Output()
	if err != nil || !regexp.MustCompile(`(?m)^(idle|mixed|allocated)`).Match(out) {
		skip("Slurm is installed but no node is up (sinfo: " + strings.TrimSpace(string(out)) + "); .ci/slurm/start.sh starts one")
	}
}

// submitted returns the number of cells the runs' logs say were
// submitted to Slurm.
func submitted(logs ...string) int {
	n := 0
	for _, l := range logs {
		for _, m := range regexp.MustCompile(`submitted Slurm job \d+: (\d+) cells?`).FindAllStringSubmatch(l, -1) {
			k, _ := strconv.Atoi(m[1])
			n += k
		}
	}
	return n
}

// TestSlurmQuickstart runs the quickstart through Slurm: outputs
// byte-identical to a local run, the submission's record removed once
// every cell is cached; a second run through Slurm submits nothing. Then
// two runs at once on a fresh results directory: between them they submit
// each cell once (the second adopts the first's array), and both leave
// the outputs of a local run.
func TestSlurmQuickstart(t *testing.T) {
	slurmUp(t)
	want, _ := reference(t, quickstart)
	results := filepath.Join(t.TempDir(), "results")
	slurmArgs := []string{"run", "--results", results, "--executor", "slurm", "--slurm-poll", "500ms", "--slurm-chunk-cells", "30"}
	r := mustRun(t, append(slurmArgs, quickstart)...)
	solo := submitted(r.stderr)
	if solo == 0 {
		t.Fatalf("nothing submitted:\n%s", r.stderr)
	}
	t.Logf("%d cells in %v through Slurm", solo, r.dur)
	checkResults(t, results, want, quickstart)
	if ents, _ := os.ReadDir(filepath.Join(results, ".cache", "slurm")); len(ents) != 0 {
		t.Errorf("%d submission records left after a complete run", len(ents))
	}
	if r := mustRun(t, append(slurmArgs, quickstart)...); submitted(r.stderr) != 0 {
		t.Errorf("a second run submitted cells:\n%s", r.stderr)
	}

	both := filepath.Join(t.TempDir(), "results")
	args := []string{"run", "--results", both, "--executor", "slurm", "--slurm-poll", "500ms", "--slurm-chunk-cells", "30", "--slurm-max-running", "1", quickstart}
	a, outA := start(t, args...)
	b, outB := start(t, args...)
	ca, cb := exitCode(t, a, 5*time.Minute), exitCode(t, b, 5*time.Minute)
	if ca != 0 || cb != 0 {
		t.Fatalf("exit %d and %d\n%s\n%s", ca, cb, outA, outB)
	}
	if n := submitted(outA.String(), outB.String()); n != solo {
		t.Errorf("the two runs submitted %d cells, one run %d:\n%s\n%s", n, solo, outA, outB)
	}
	if !strings.Contains(outA.String()+outB.String(), "adopted Slurm job") {
		t.Logf("no adoption (the first array had finished before the second run looked):\n%s\n%s", outA, outB)
	}
	checkResults(t, both, want, quickstart)
}

// sc14Quick is the SC14 experiment's quick profile with every
// simulation: about 700 cells, half a minute on the 2 cores.
var (
	sc14Quick     = []string{"--var", "profile=quick", "--var", "simulate=all", filepath.Join("..", "..", "experiments", "slimfly-sc14.hcl")}
	sc14QuickOnce sync.Once
	sc14QuickRef  map[string]string
)

// sc14Reference returns the outputs of a local run of sc14Quick (computed
// once for the tests that compare with it).
func sc14Reference(t *testing.T) map[string]string {
	t.Helper()
	sc14QuickOnce.Do(func() {
		var dur time.Duration
		sc14QuickRef, dur = reference(t, sc14Quick...)
		t.Logf("local run of the SC14 quick profile: %v", dur)
	})
	if sc14QuickRef == nil {
		t.Fatal("the local reference run failed")
	}
	return sc14QuickRef
}

// runningTask waits until task of the runexp array is running and
// returns the array's job id.
func runningTask(t *testing.T, task string, cmd *exec.Cmd, out interface{ String() string }) string {
	t.Helper()
	deadline := time.Now().Add(4 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		q, _ := exec.Command("squeue", "-h", "-r", "-n", "runexp", "-t", "RUNNING", "-o", "%F %K").Output()
		for _, line := range strings.Split(strings.TrimSpace(string(q)), "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[1] == task {
				return f[0]
			}
		}
	}
	cmd.Process.Kill()
	t.Fatalf("task %s never ran:\n%s", task, out)
	return ""
}

// queued returns the lines squeue prints for job (its tasks still queued
// or running).
func queued(job string) string {
	q, _ := exec.Command("squeue", "-h", "-r", "-j", job+","+job, "-o", "%i %T").Output()
	return strings.TrimSpace(string(q))
}

// TestSlurmKillTask runs the quick profile of the SC14 paper with every
// simulation through Slurm, one array task at a time and no retries, and
// cancels one running task (scancel JOB_TASK): the run reports its cells
// failed and keeps every finished cell; a second run submits only the lost
// cells and leaves the outputs of a local run, Parquet files included.
func TestSlurmKillTask(t *testing.T) {
	slurmUp(t)
	if testing.Short() {
		t.Skip("a minute of simulations; not with -short")
	}
	want := sc14Reference(t)
	results := filepath.Join(t.TempDir(), "results")
	args := append([]string{"run", "--results", results, "--executor", "slurm", "--slurm-poll", "500ms",
		"--slurm-chunk-cells", "60", "--slurm-max-running", "1", "--slurm-retries", "0"}, sc14Quick...)
	cmd, out := start(t, args...)
	// Cancel the second task once it runs (the first's cells must stay).
	task := "1"
	job := runningTask(t, task, cmd, out)
	if err := exec.Command("scancel", job+"_"+task).Run(); err != nil {
		t.Fatal(err)
	}
	if code := exitCode(t, cmd, 5*time.Minute); code != 2 {
		t.Fatalf("exit %d after scancel %s_%s, want 2 (cells failed):\n%s", code, job, task, out)
	}
	if !strings.Contains(out.String(), "Slurm task "+job+"_"+task+" ended without computing it") {
		t.Errorf("the lost cells are not reported:\n%s", out)
	}
	first := submitted(out.String())
	r := mustRun(t, args...)
	again := submitted(r.stderr)
	if again == 0 || again > 60 || again >= first {
		t.Errorf("the rerun submitted %d cells (the first run %d, one task at most 60)", again, first)
	}
	if d := diffTrees(tree(t, results), want); len(d) > 0 {
		t.Errorf("outputs differ from a local run: %v", d)
	}
	if r := mustRun(t, append([]string{"plan", "--results", results}, sc14Quick...)...); !strings.Contains(r.stdout, ": 0 cells to compute") {
		t.Errorf("after the rerun, plan:\n%s", r.stdout)
	}
}

// TestSlurmInterruptAndAdopt: a submitting run killed outright (SIGKILL,
// a lost login session) leaves its array running, and the next run adopts
// it (submits nothing) and writes the outputs of a local run; a run
// interrupted with Ctrl-C (SIGINT) cancels its array and exits 130.
func TestSlurmInterruptAndAdopt(t *testing.T) {
	slurmUp(t)
	if testing.Short() {
		t.Skip("a minute of simulations; not with -short")
	}
	want := sc14Reference(t)
	results := filepath.Join(t.TempDir(), "results")
	args := append([]string{"run", "--results", results, "--executor", "slurm", "--slurm-poll", "500ms",
		"--slurm-chunk-cells", "60", "--slurm-max-running", "2"}, sc14Quick...)
	cmd, out := start(t, args...)
	job := runningTask(t, "0", cmd, out)
	cmd.Process.Kill()
	exitCode(t, cmd, time.Minute)
	if queued(job) == "" {
		t.Fatalf("the array of the killed run is not in squeue any more:\n%s", out)
	}
	r := mustRun(t, args...)
	if !strings.Contains(r.stderr, "adopted Slurm job "+job+" ") || submitted(r.stderr) != 0 {
		t.Errorf("the second run did not adopt job %s alone:\n%s", job, r.stderr)
	}
	if d := diffTrees(tree(t, results), want); len(d) > 0 {
		t.Errorf("outputs differ from a local run: %v", d)
	}

	fresh := filepath.Join(t.TempDir(), "results")
	args = append([]string{"run", "--results", fresh, "--executor", "slurm", "--slurm-poll", "500ms",
		"--slurm-chunk-cells", "60", "--slurm-max-running", "1"}, sc14Quick...)
	cmd, out = start(t, args...)
	job = runningTask(t, "0", cmd, out)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if code := exitCode(t, cmd, time.Minute); code != 130 {
		t.Fatalf("exit %d after SIGINT, want 130:\n%s", code, out)
	}
	deadline := time.Now().Add(30 * time.Second)
	for queued(job) != "" && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
	}
	if q := queued(job); q != "" || !strings.Contains(out.String(), "cancelled Slurm job "+job) {
		t.Errorf("after SIGINT the array is still queued (%q):\n%s", q, out)
	}
}

// TestShardRuns splits the quickstart over two `run --shard` processes,
// which write no outputs, and checks that a run without --shard then
// computes only the datasets, figures and tables and writes the outputs
// of a plain run; a bad share is a usage error.
func TestShardRuns(t *testing.T) {
	want, _ := reference(t, quickstart)
	results := filepath.Join(t.TempDir(), "results")
	for _, s := range []string{"1/2", "2/2"} {
		r := mustRun(t, "run", "--results", results, "--shard", s, quickstart)
		if !strings.Contains(r.stdout, "shard "+s+": ") || !strings.Contains(r.stdout, " 0 failed") {
			t.Errorf("shard %s:\n%s", s, r.stdout)
		}
	}
	if _, err := os.Stat(filepath.Join(results, "quickstart")); !os.IsNotExist(err) {
		t.Errorf("the shards wrote outputs: %v", err)
	}
	r := mustRun(t, "run", "--results", results, quickstart)
	if !strings.Contains(r.stdout, "176 cells: 5 computed, 171 cached") {
		t.Errorf("the run after the shards:\n%s", r.stdout)
	}
	checkResults(t, results, want, quickstart)
	for _, bad := range []string{"0/2", "3/2", "1", "a/b"} {
		if r := runexp(t, "run", "--results", results, "--shard", bad, quickstart); r.code != 1 || !strings.Contains(r.stderr, "want I/N with 1 <= I <= N") {
			t.Errorf("--shard %s: exit %d\n%s", bad, r.code, r.stderr)
		}
	}
}
