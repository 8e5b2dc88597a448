package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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
	exp := filepath.Join("..", "..", "experiments", "slimfly-sc14.hcl")
	vars := []string{"--var", "profile=quick", "--var", "simulate=all"}
	want, dur := reference(t, append(vars, exp)...)
	t.Logf("local run: %v", dur)
	results := filepath.Join(t.TempDir(), "results")
	args := append([]string{"run", "--results", results, "--executor", "slurm", "--slurm-poll", "500ms",
		"--slurm-chunk-cells", "60", "--slurm-max-running", "1", "--slurm-retries", "0"}, append(vars, exp)...)
	cmd, out := start(t, args...)
	// Cancel the second task once it runs (the first's cells must stay).
	job, task := "", ""
	deadline := time.Now().Add(4 * time.Minute)
	for job == "" && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		q, _ := exec.Command("squeue", "-h", "-r", "-n", "runexp", "-t", "RUNNING", "-o", "%F %K").Output()
		for _, line := range strings.Split(strings.TrimSpace(string(q)), "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[1] == "1" {
				job, task = f[0], f[1]
			}
		}
	}
	if job == "" {
		cmd.Process.Kill()
		t.Fatalf("task 1 never ran:\n%s", out)
	}
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
	if r := mustRun(t, append([]string{"plan", "--results", results}, append(vars, exp)...)...); !strings.Contains(r.stdout, ": 0 cells to compute") {
		t.Errorf("after the rerun, plan:\n%s", r.stdout)
	}
}
