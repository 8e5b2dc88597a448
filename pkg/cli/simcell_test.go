package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// cellKeys returns the key prefixes 'runexp ls --cells' prints, by cell
// label.
func cellKeys(t *testing.T, ctx context.Context, args ...string) map[string]string {
	t.Helper()
	code, out, stderr := runexp(t, ctx, append([]string{"ls", "--cells"}, args...)...)
	if code != ExitOK {
		t.Fatalf("ls: exit %d: %s", code, stderr)
	}
	keys := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "cached" && f[0] != "new" {
			continue
		}
		for i := 2; i < len(f); i++ {
			if len(f[i]) == 12 && strings.Trim(f[i], "0123456789abcdef") == "" {
				keys[strings.Join(f[1:i], " ")] = f[i]
				break
			}
		}
	}
	return keys
}

// simHops returns the sim_hops value of 'runexp sim' text output.
func simHops(t *testing.T, out string) float64 {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "sim_hops" {
			x, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
	}
	t.Fatalf("no sim_hops in:\n%s", out)
	return 0
}

// TestSimCell runs 'runexp sim --cell': a cell of an experiment by the key
// 'runexp ls --cells' prints, with the cell's options, or with some
// changed (routing val doubles MIN's hops on the Slim Fly), and the usage
// errors (too short a key, no cell, not a sim cell, a preset, a bad value)
// naming the flag.
func TestSimCell(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	exp := filepath.Join(dir, "e.hcl")
	if err := os.WriteFile(exp, []byte(`experiment {
  title = "t"
}
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["accepted_load", "latency", "sim_hops"]
  sim {
    routing        = ["min"]
    load           = [0.3]
    measure_cycles = 500
  }
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	keys := cellKeys(t, ctx, exp, "--results", results)
	key, build := keys["sim sf routing=min load=0.3"], keys["build sf"]
	if len(key) != 12 || len(build) != 12 {
		t.Fatalf("keys %v", keys)
	}
	code, out, stderr := runexp(t, ctx, "sim", "--cell", key, exp, "--results", results)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "network               slimfly max_radix=0 p=4 q=5 (cell " + key + ")\n"; !strings.HasPrefix(out, want) {
		t.Errorf("first line: want %q, got:\n%s", want, out)
	}
	// MIN on the q = 5 Slim Fly (diameter 2, 50 routers, degree 7): mean
	// distance (7 + 2 x 42) / 50 = 1.82 over all router pairs.
	if h := simHops(t, out); h < 1.7 || h > 1.95 {
		t.Errorf("MIN: sim_hops %g, want about 1.82", h)
	}
	code, out, stderr = runexp(t, ctx, "sim", "--cell", strings.ToUpper(key[:8]), exp, "--results", results, "--routing", "val")
	if code != ExitOK {
		t.Fatalf("--routing val: exit %d: %s", code, stderr)
	}
	// Valiant: two minimal legs through a random router, about twice.
	if h := simHops(t, out); h < 3.4 || h > 3.9 {
		t.Errorf("--routing val: sim_hops %g, want about 3.6", h)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--cell", "5e8f"}, "want at least 6 hex digits"},
		{[]string{"--cell", "zzzzzz"}, "want at least 6 hex digits"},
		{[]string{"--cell", "000000"}, "no cell of the experiments has a key starting so"},
		{[]string{"--cell", build}, "build sf is not a simulation"},
		{[]string{"--cell", key, "--set", "preset=sc15"}, "--set preset=sc15: a cell's options already hold its preset's values"},
		{[]string{"--cell", key, "--set", "load=2"}, "--set load=2: 2 is outside [0, 1]"},
		{[]string{"--cell", key, "--load", "0.1,2"}, "--load 2: 2 is outside [0, 1]"},
	} {
		if c.args[1] == "000000" && strings.HasPrefix(key, "000000") {
			continue
		}
		code, out, stderr := runexp(t, ctx, append(append([]string{"sim"}, c.args...), exp, "--results", results)...)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, stderr, ExitInvalid, c.msg)
		}
	}
}
