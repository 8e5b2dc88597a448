package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	crashTrials = flag.Int("crash.trials", 10, "trials per kind of interruption in TestCrash")
	crashSeed   = flag.Uint64("crash.seed", 1, "seed of TestCrash's schedule of interruptions")
)

// TestCrash interrupts runs of the quickstart at random moments (a seeded
// schedule over the length of an uninterrupted run, output phase included)
// and then runs it to completion: SIGKILL once or twice in a row, SIGKILL
// right after the n-th cell is stored or the n-th output file is written
// (random n: the moments when files are being written), SIGINT (the run
// stops after its running cells, exit 130) and SIGINT twice (the running
// cells are abandoned). After each trial's completing run the
// outputs are byte-identical to an uninterrupted run's, no temporary file
// is left anywhere, every cache entry verifies and plan has nothing to
// compute. -crash.trials sets the trials per kind (default 10).
func TestCrash(t *testing.T) {
	want, dur := reference(t, quickstart)
	t.Logf("uninterrupted run: %v", dur)
	kinds := []struct {
		name string
		// interrupt interrupts one run started at the moment given and
		// returns the exit codes it accepts.
		interrupt func(t *testing.T, results string, at time.Duration, rng *rand.Rand)
	}{
		{"kill", func(t *testing.T, results string, at time.Duration, rng *rand.Rand) {
			for range 1 + rng.IntN(2) { // once, or twice in a row
				cmd, _ := start(t, "run", "--results", results, quickstart)
				go signalAfter(cmd, at, syscall.SIGKILL)
				if code := exitCode(t, cmd, time.Minute); code != -1 && code != 0 {
					t.Fatalf("killed run: exit %d", code)
				}
				at = time.Duration(rng.Int64N(int64(dur)))
			}
		}},
		{"kill-at-finish", func(t *testing.T, results string, _ time.Duration, rng *rand.Rand) {
			killAtEvent(t, results, "finish", 1+rng.IntN(176))
		}},
		{"kill-at-write", func(t *testing.T, results string, _ time.Duration, rng *rand.Rand) {
			killAtEvent(t, results, "write", 1+rng.IntN(13))
		}},
		{"interrupt", func(t *testing.T, results string, at time.Duration, _ *rand.Rand) {
			cmd, out := start(t, "run", "--results", results, quickstart)
			go signalAfter(cmd, at, syscall.SIGINT)
			// -1: the signal came before runexp installed its handler.
			if code := exitCode(t, cmd, time.Minute); code != 130 && code != 0 && code != -1 {
				t.Fatalf("interrupted run: exit %d\n%s", code, out)
			}
		}},
		{"interrupt-twice", func(t *testing.T, results string, at time.Duration, _ *rand.Rand) {
			cmd, out := start(t, "run", "--results", results, quickstart)
			go func() {
				signalAfter(cmd, at, syscall.SIGINT)
				signalAfter(cmd, 20*time.Millisecond, syscall.SIGINT)
			}()
			if code := exitCode(t, cmd, time.Minute); code != 130 && code != 0 && code != -1 {
				t.Fatalf("interrupted run: exit %d\n%s", code, out)
			}
		}},
	}
	for ki, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			for trial := range *crashTrials {
				rng := rand.New(rand.NewPCG(*crashSeed, uint64(ki)<<32|uint64(trial)))
				// Up to 20% past the reference duration: a loaded machine
				// runs slower, and the output phase comes last.
				at := time.Duration(rng.Int64N(int64(dur) * 6 / 5))
				t.Run(fmt.Sprint(trial), func(t *testing.T) {
					t.Logf("seed %d, trial %d: at %v (timed kinds)", *crashSeed, trial, at)
					results := filepath.Join(t.TempDir(), "results")
					k.interrupt(t, results, at, rng)
					mustRun(t, "run", "--results", results, quickstart)
					checkResults(t, results, want, quickstart)
				})
			}
		})
	}
}

// killAtEvent starts a run of the quickstart with --json and kills it as
// soon as it reports the n-th event of type typ (or lets it finish).
func killAtEvent(t *testing.T, results, typ string, n int) {
	t.Helper()
	cmd := command(context.Background(), "run", "--json", "--results", results, quickstart)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	seen := 0
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"event":"`+typ+`"`) {
			if seen++; seen == n {
				cmd.Process.Kill()
				break
			}
		}
	}
	io.Copy(io.Discard, out)
	if code := exitCode(t, cmd, time.Minute); code != -1 && code != 0 {
		t.Fatalf("killed run: exit %d", code)
	}
}
