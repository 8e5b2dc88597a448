package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/topoio"
)

// TestTopology runs `runexp topology` on the Slim Fly of SC14 section V
// (q = 19) and checks the statistics, an anynet export read back, and the
// errors for bad input.
func TestTopology(t *testing.T) {
	ctx := context.Background()
	code, out, stderr := runexp(t, ctx, "topology", "slimfly", "q=19")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var s topoio.Stats
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	// SC14 section V: 722 routers, network radix 29, p = 15, 10,830 endpoints, diameter 2.
	if s.Routers != 722 || s.NetworkRadix != 29 || s.Radix != 44 || s.Endpoints != 10830 || *s.Diameter != 2 || s.Params["p"] != 15.0 {
		t.Errorf("stats %+v", s)
	}

	path := filepath.Join(t.TempDir(), "sf.anynet")
	if code, _, stderr := runexp(t, ctx, "topology", "slimfly", "q=5", "p=2", "--format", "anynet", "-o", path); code != ExitOK {
		t.Fatalf("anynet: exit %d: %s", code, stderr)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	top, err := topoio.ReadAnynet(f)
	if err != nil {
		t.Fatal(err)
	}
	if top.Graph.N() != 50 || top.Graph.Edges() != 175 || top.Endpoints() != 100 {
		t.Errorf("anynet file read back: %d routers, %d links, %d endpoints", top.Graph.N(), top.Graph.Edges(), top.Endpoints())
	}

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"topology", "slimfy", "q=5"}, `unknown family "slimfy"`},
		{[]string{"topology", "slimfly", "q=6"}, "q = 6 is not a prime power"},
		{[]string{"topology", "slimfly", "q=five"}, "parameter q: want an integer"},
		{[]string{"topology", "slimfly", "r=5"}, "parameter r: unknown parameter; valid parameters: q, p, max_radix"},
		{[]string{"topology", "slimfly", "q"}, `"q" is not a name=value assignment`},
		{[]string{"topology", "slimfly", "q=5", "q=7"}, "given twice"},
		{[]string{"topology", "slimfly", "q=5", "--format", "dot"}, `unknown format "dot"`},
		{[]string{"topology", "torus", "k=4", "n=2", "p=x"}, "parameter p: want an integer"},
	} {
		code, out, stderr := runexp(t, ctx, c.args...)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, stderr, c.msg)
		}
	}
}

// TestTopologySizingOnly checks that a sizing-only family prints its
// sizing figures (the Moore bound for k' = 96, diameter 2: 9,217 routers,
// SC14 section II-A) and refuses graph formats.
func TestTopologySizingOnly(t *testing.T) {
	ctx := context.Background()
	code, out, stderr := runexp(t, ctx, "topology", "moore_bound", "degree=96")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var s topoio.Stats
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if !s.SizingOnly || s.Routers != 9217 || s.NetworkRadix != 96 || s.Diameter != nil || s.MaxDegree != nil {
		t.Errorf("stats %+v", s)
	}
	code, out, stderr = runexp(t, ctx, "topology", "moore_bound", "degree=96", "--format", "edgelist")
	if code != ExitInvalid || out != "" || !strings.Contains(stderr, "sizing-only: only --format stats") {
		t.Errorf("edgelist of a sizing-only family: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestSim runs `runexp sim` on the Hoffman-Singleton Slim Fly at a low load:
// accepted equals offered, packets take at most 2 hops, and bad options are
// usage errors.
func TestSim(t *testing.T) {
	ctx := context.Background()
	code, out, stderr := runexp(t, ctx, "sim", "slimfly", "q=5", "--load", "0.2", "--cycles", "1000", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Result struct {
			Accepted  float64 `json:"accepted_load"`
			Hops      float64 `json:"sim_hops"`
			Saturated bool    `json:"saturated"`
		} `json:"result"`
		FlitsPerSecond float64 `json:"flits_per_second"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Result.Accepted < 0.18 || r.Result.Accepted > 0.22 || r.Result.Hops < 1.5 || r.Result.Hops > 2 || r.Result.Saturated || r.FlitsPerSecond <= 0 {
		t.Errorf("result %+v, %g flits/s", r.Result, r.FlitsPerSecond)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sim", "slimfly", "q=5", "--load", "2"}, "2 is outside [0, 1]"},
		{[]string{"sim", "slimfly", "q=5", "--load", "0"}, "the load must be positive"},
		{[]string{"sim", "slimfly", "q=5", "--traffic", "unifrom"}, `Did you mean "uniform"?`},
		{[]string{"sim", "slimfly", "q=5", "--set", "buffers=4"}, `unknown sim option "buffers"`},
		{[]string{"sim", "moore_bound", "degree=7"}, "sizing-only"},
	} {
		code, _, stderr := runexp(t, ctx, c.args...)
		if code != ExitInvalid || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, stderr, c.msg)
		}
	}
}
