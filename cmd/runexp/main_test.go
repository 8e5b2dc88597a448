package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/cache"
)

// The tests of this package run runexp as a process (the test binary itself,
// re-executed with asMain set: see TestMain), so that they can kill it,
// interrupt it and run several at once, as users do.

const asMain = "RUNEXP_TEST_AS_MAIN"

var update = flag.Bool("update", false, "rewrite golden files")

func TestMain(m *testing.M) {
	if os.Getenv(asMain) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// quickstart is the experiment the process tests run.
var quickstart = filepath.Join("..", "..", "experiments", "quickstart.hcl")

// command returns a runexp process with args.
func command(ctx context.Context, args ...string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), asMain+"=1")
	return cmd
}

// result is how a runexp process ended.
type result struct {
	code           int
	stdout, stderr string
	dur            time.Duration
}

// runexp runs runexp to completion (at most 5 minutes).
func runexp(t *testing.T, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := command(ctx, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	err := cmd.Run()
	res := result{stdout: out.String(), stderr: errb.String(), dur: time.Since(t0)}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		res.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("runexp %s: %v", strings.Join(args, " "), err)
	}
	return res
}

// mustRun runs runexp and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) result {
	t.Helper()
	r := runexp(t, args...)
	if r.code != 0 {
		t.Fatalf("runexp %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

// tree returns the sha256 of every regular file under dir, by relative
// slash-separated path; the cache directory is left out.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".cache" {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		sum := sha256.Sum256(data)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffTrees lists the differences between two trees.
func diffTrees(got, want map[string]string) []string {
	var d []string
	for name, w := range want {
		switch g, ok := got[name]; {
		case !ok:
			d = append(d, name+" missing")
		case g != w:
			d = append(d, name+" differs")
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			d = append(d, name+" unexpected")
		}
	}
	sort.Strings(d)
	return d
}

// checkResults checks a results directory after a completed run: outputs
// identical to want, no temporary file anywhere, every cache entry
// verifies, and the experiment is fully cached.
func checkResults(t *testing.T, results string, want map[string]string, exps ...string) {
	t.Helper()
	if d := diffTrees(tree(t, results), want); len(d) > 0 {
		t.Errorf("outputs differ from an uninterrupted run: %v", d)
	}
	filepath.WalkDir(results, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
	store := cache.New(filepath.Join(results, ".cache"))
	list, err := store.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if _, err := store.Get(e.Key); err != nil {
			t.Errorf("cache entry does not verify: %v", err)
		}
	}
	fullyCached(t, results, exps...)
}

// fullyCached checks that plan has nothing to compute for exps.
func fullyCached(t *testing.T, results string, exps ...string) {
	t.Helper()
	for _, exp := range exps {
		r := mustRun(t, "plan", "--results", results, exp)
		if !strings.Contains(r.stdout, ": 0 cells to compute") {
			t.Errorf("after the run, plan %s:\n%s%s", exp, r.stdout, r.stderr)
		}
	}
}

// reference runs exps uninterrupted into a new results directory and
// returns its output tree and the run's duration.
func reference(t *testing.T, exps ...string) (map[string]string, time.Duration) {
	t.Helper()
	results := filepath.Join(t.TempDir(), "ref")
	r := mustRun(t, append([]string{"run", "--results", results}, exps...)...)
	return tree(t, results), r.dur
}

// TestQuickstartGolden checks the sha256 of every quickstart output against
// testdata/quickstart.sha256, so that every CI machine reproduces the same
// bytes (go test -update rewrites the file after a deliberate change).
func TestQuickstartGolden(t *testing.T) {
	got, _ := reference(t, quickstart)
	var b strings.Builder
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(&b, "%s  %s\n", got[name], name)
	}
	golden := filepath.Join("testdata", "quickstart.sha256")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("quickstart outputs differ from %s (go test -update rewrites it after a deliberate change)\n--- got\n%s--- want\n%s", golden, b.String(), want)
	}
}

// start starts runexp without waiting for it.
func start(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := command(context.Background(), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// exitCode waits for cmd and returns its exit code (-1 if killed by a
// signal), failing the test if it does not end within limit.
func exitCode(t *testing.T, cmd *exec.Cmd, limit time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("runexp did not end within %v of the signal", limit)
	}
	return 0
}

// signalAfter sends sig to cmd after d (if it is still running).
func signalAfter(cmd *exec.Cmd, d time.Duration, sig syscall.Signal) {
	time.Sleep(d)
	cmd.Process.Signal(sig)
}
