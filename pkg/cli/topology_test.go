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

// TestTopologyBookSim exports the Hoffman-Singleton Slim Fly as a BookSim2
// simulation (-o DIR): the network file reads back as the topology and the
// configuration carries the options; without -o, into a file or with bad
// options it is a usage error.
func TestTopologyBookSim(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "sf50")
	code, out, stderr := runexp(t, ctx, "topology", "slimfly", "q=5", "--format", "booksim", "--vcs", "3", "--load", "0.7", "--packet-flits", "4", "-o", dir)
	if code != ExitOK || out != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	f, err := os.Open(filepath.Join(dir, topoio.BookSimNetworkFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, err := topoio.ParseAnynet(f)
	if err != nil {
		t.Fatal(err)
	}
	if g := n.Topology.Graph; g.N() != 50 || g.Edges() != 175 || n.Topology.Endpoints() != 200 {
		t.Errorf("network file: %d routers, %d links, %d endpoints", g.N(), g.Edges(), n.Topology.Endpoints())
	}
	cfg, err := os.ReadFile(filepath.Join(dir, topoio.BookSimConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\nnetwork_file = anynet_file;", "\nnum_vcs = 3;", "\nvc_buf_size = 21;", "\ninjection_rate = 0.7;", "\npacket_size = 4;", "\nrouting_function = min;"} {
		if !strings.Contains(string(cfg), want) {
			t.Errorf("booksim.cfg has no %q", want[1:])
		}
	}
	// Default VCs: the diameter, 2; the directory is rewritten.
	if code, _, stderr := runexp(t, ctx, "topology", "slimfly", "q=5", "--format", "booksim", "-o", dir); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if cfg, _ := os.ReadFile(filepath.Join(dir, topoio.BookSimConfigFile)); !strings.Contains(string(cfg), "\nnum_vcs = 2;") {
		t.Errorf("default VCs: %s", cfg)
	}

	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--format", "booksim"}, "give a directory with -o DIR"},
		{[]string{"--format", "booksim", "-o", file}, "not a directory"},
		{[]string{"--format", "booksim", "-o", dir, "--load", "2"}, "--load 2: want a load in (0, 1]"},
		{[]string{"--format", "booksim", "-o", dir, "--vcs", "65"}, "--vcs 65: want 1 to 64"},
		{[]string{"--format", "booksim", "-o", dir, "--packet-flits", "0"}, "--packet-flits 0"},
		{[]string{"--format", "edgelist", "--vcs", "3"}, "--vcs applies to --format booksim and merlin only"},
	} {
		code, out, stderr := runexp(t, ctx, append([]string{"topology", "slimfly", "q=5"}, c.args...)...)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, stderr, c.msg)
		}
	}
}

// TestTopologyMerlin prints SST Merlin scripts: the Slim Fly's to standard
// output, and the 2 x 2 torus's with a warning for its parallel links.
func TestTopologyMerlin(t *testing.T) {
	ctx := context.Background()
	code, out, stderr := runexp(t, ctx, "topology", "slimfly", "q=5", "--format", "merlin", "--load", "0.3")
	if code != ExitOK || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"\nVCS = 2 ", "\nLOAD = 0.3 ", "# 50 routers, 200 endpoints, 175 links.", "\n    (0, 1), (0, 4), (0, 25),", "\ndef build():"} {
		if !strings.Contains(out, want) {
			t.Errorf("script has no %q", want)
		}
	}
	code, out, stderr = runexp(t, ctx, "topology", "torus", "k=2", "n=2", "--format", "merlin")
	if code != ExitOK || !strings.Contains(stderr, "4 parallel links written once") || !strings.Contains(out, "4 links.") {
		t.Errorf("torus k = 2: exit %d, stderr %q", code, stderr)
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
