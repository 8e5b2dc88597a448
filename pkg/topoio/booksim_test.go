package topoio

import (
	"bufio"
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/netsim"
)

// exportCases are the networks of the booksim and merlin golden files: the
// Hoffman-Singleton Slim Fly (q = 5: 50 routers of 4 endpoints, 175 links,
// diameter 2) and a 3 x 3 torus (9 routers of 1 endpoint, 18 links,
// diameter 2).
var exportCases = []struct {
	name, family string
	given        families.Values
	routers      int
	endpoints    int64
	links        int64
	vcs          int
}{
	{"slimfly-5", "slimfly", families.Values{"q": int64(5)}, 50, 200, 175, 2},
	{"torus-3-2", "torus", families.Values{"k": int64(3), "n": int64(2)}, 9, 9, 18, 2},
}

// bookSim writes t's BookSim2 export of s and returns both files.
func bookSim(t *testing.T, family string, v families.Values, top *families.Topology, s SimSetup) (network, config []byte) {
	t.Helper()
	var nb, cb bytes.Buffer
	if err := WriteBookSim(&nb, &cb, family, v, top, s); err != nil {
		t.Fatal(err)
	}
	return nb.Bytes(), cb.Bytes()
}

// parseBookSimConfig reads a configuration the way BookSim2's lexer
// (src/config.l) sees it: // comments dropped, "name = value;" statements.
func parseBookSimConfig(t *testing.T, cfg []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(cfg))
	for ln := 1; sc.Scan(); ln++ {
		line, _, _ := strings.Cut(sc.Text(), "//")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		if !ok || !strings.HasSuffix(val, ";") {
			t.Fatalf("config line %d: %q is not \"name = value;\"", ln, sc.Text())
		}
		name = strings.TrimSpace(name)
		if _, dup := out[name]; dup {
			t.Fatalf("config line %d: %s set twice", ln, name)
		}
		out[name] = strings.TrimSpace(strings.TrimSuffix(val, ";"))
	}
	return out
}

// TestBookSimExport writes the Slim Fly and the torus as BookSim2
// simulations matched to netsim.BookSimConfig: golden files, the network
// file parsed back (every router, endpoint and link against the topology,
// every channel of BookSim2 latency 1), and the configuration's values.
func TestBookSimExport(t *testing.T) {
	for _, c := range exportCases {
		f, v, top := instance(t, c.family, c.given)
		vcs, err := MinRoutingVCs(context.Background(), top, 1)
		if err != nil || vcs != c.vcs {
			t.Fatalf("%s: MinRoutingVCs = %d, %v; want %d", c.name, vcs, err, c.vcs)
		}
		network, config := bookSim(t, f.Name, v, top, DefaultSimSetup(vcs))
		golden(t, c.name+"."+BookSimNetworkFile, network)
		golden(t, c.name+"."+BookSimConfigFile, config)

		back, err := ParseAnynet(bytes.NewReader(network))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		bg := back.Topology.Graph
		if bg.N() != c.routers || back.Topology.Endpoints() != c.endpoints || bg.Edges() != c.links {
			t.Errorf("%s: read back %d routers, %d endpoints, %d links; want %d, %d, %d", c.name, bg.N(), back.Topology.Endpoints(), bg.Edges(), c.routers, c.endpoints, c.links)
		}
		// Every link of the topology is in the file, and nothing else.
		for u := int32(0); int(u) < top.Graph.N(); u++ {
			if !slices.Equal(top.Graph.Neighbors(u), bg.Neighbors(u)) {
				t.Errorf("%s: router %d: neighbours %v in the file, %v in the topology", c.name, u, bg.Neighbors(u), top.Graph.Neighbors(u))
			}
			if back.Topology.Conc[u] != top.Conc[u] {
				t.Errorf("%s: router %d: %d endpoints in the file, %d in the topology", c.name, u, back.Topology.Conc[u], top.Conc[u])
			}
		}
		if slices.ContainsFunc(back.Latency, func(l int32) bool { return l != 1 }) || slices.ContainsFunc(back.NodeLatency, func(l int32) bool { return l != 1 }) {
			t.Errorf("%s: channel latencies other than BookSim2's 1 (netsim 2)", c.name)
		}

		cfg := parseBookSimConfig(t, config)
		for name, want := range map[string]string{
			"topology": "anynet", "network_file": BookSimNetworkFile, "routing_function": "min",
			"num_vcs": strconv.Itoa(c.vcs), "vc_buf_size": strconv.Itoa(64 / c.vcs), "packet_size": "1",
			"credit_delay": "2", "routing_delay": "0", "vc_alloc_delay": "1", "sw_alloc_delay": "1",
			"st_prepare_delay": "0", "st_final_delay": "1", "internal_speedup": "2.0",
			"input_speedup": "1", "output_speedup": "1", "wait_for_tail_credit": "0",
			"traffic": "uniform", "injection_rate": "0.5", "injection_rate_uses_flits": "1",
			"sim_type": "latency", "warmup_periods": "3", "sample_period": "1000",
		} {
			if cfg[name] != want {
				t.Errorf("%s: %s = %q, want %q", c.name, name, cfg[name], want)
			}
		}
		// Every setting but the three explained above it names its
		// netsim counterpart on its line.
		for _, line := range strings.Split(string(config), "\n") {
			if strings.Contains(line, "=") && !strings.HasPrefix(line, "//") && !strings.Contains(line, "//") &&
				!slices.Contains([]string{"topology", "routing_function", "sim_type"}, strings.TrimSpace(strings.Split(line, "=")[0])) {
				t.Errorf("%s: %q has no comment", c.name, line)
			}
		}
	}
}

// TestBookSimLatencies exports a Dragonfly (p = 2: 36 routers in 9 groups)
// with netsim channels of 11 cycles inside a group and 101 between groups
// and endpoint channels of 3: BookSim2 channels of 10, 100 and 2, read
// back per direction; and per-link latencies (NetworkOptions.LinkLatency
// style) that differ between a link's two directions.
func TestBookSimLatencies(t *testing.T) {
	f, v, top := instance(t, "dragonfly", families.Values{"p": int64(2)})
	g := top.Graph
	s := DefaultSimSetup(3)
	s.Config.LocalLatency, s.Config.GlobalLatency, s.Config.EndpointLatency = 11, 101, 3
	network, config := bookSim(t, f.Name, v, top, s)
	back, err := ParseAnynet(bytes.NewReader(network))
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(back.Topology.Graph, g) {
		t.Fatal("graph changed")
	}
	var local, global int
	for u := int32(0); int(u) < g.N(); u++ {
		for i, x := range g.Neighbors(u) {
			want := int32(10)
			if top.Group[u] != top.Group[x] {
				want = 100
				global++
			} else {
				local++
			}
			if l := back.Latency[int(g.Off[u])+i]; l != want {
				t.Errorf("channel %d -> %d: latency %d, want %d", u, x, l, want)
			}
		}
	}
	if local == 0 || global == 0 {
		t.Fatalf("%d local and %d global channels", local, global)
	}
	for e, l := range back.NodeLatency {
		if l != 2 {
			t.Errorf("node %d: latency %d, want 2", e, l)
		}
	}
	if !strings.Contains(string(config), "router channels of netsim's 11 to 101 cycles") {
		t.Errorf("config does not describe the latencies:\n%s", config)
	}

	// Per link: the channel u -> x takes 2 + u netsim cycles.
	s = DefaultSimSetup(3)
	s.LinkLatency = make([]int32, len(g.Adj))
	for u := int32(0); int(u) < g.N(); u++ {
		for i := range g.Neighbors(u) {
			s.LinkLatency[int(g.Off[u])+i] = 2 + u
		}
	}
	network, _ = bookSim(t, f.Name, v, top, s)
	if back, err = ParseAnynet(bytes.NewReader(network)); err != nil {
		t.Fatal(err)
	}
	for u := int32(0); int(u) < g.N(); u++ {
		for i, x := range g.Neighbors(u) {
			if l := back.Latency[int(g.Off[u])+i]; l != 1+u {
				t.Errorf("channel %d -> %d: latency %d, want %d", u, x, l, 1+u)
			}
		}
	}
}

// TestBookSimRefused checks what the export cannot match.
func TestBookSimRefused(t *testing.T) {
	f, v, top := instance(t, "slimfly", families.Values{"q": int64(5)})
	two, err := graph.FromEdges(4, []graph.Edge{{U: 0, V: 1}, {U: 2, V: 3}})
	if err != nil {
		t.Fatal(err)
	}
	split := &families.Topology{Graph: two, Conc: []int32{1, 1, 1, 1}}
	for _, c := range []struct {
		top *families.Topology
		set func(*SimSetup)
		msg string
	}{
		{top, func(s *SimSetup) { s.Config = netsim.DefaultConfig(); s.Config.VCs = 2 }, "is not netsim.BookSimConfig's"},
		{top, func(s *SimSetup) { s.Config.VCs = 0 }, "VC count is not set"},
		{top, func(s *SimSetup) { s.Config.VCs = 65 }, "leave no buffer per VC"},
		{top, func(s *SimSetup) { s.Config.LocalLatency = 1 }, "is 2 netsim cycles"},
		{top, func(s *SimSetup) { s.Config.EndpointLatency = 1 }, "endpoint latency 1"},
		{top, func(s *SimSetup) { s.Load = 1.5 }, "outside (0, 1]"},
		{top, func(s *SimSetup) { s.Config.PacketSize, s.Config.FlowControl = 4, netsim.VirtualCutThrough }, "wormhole flow control only"},
		{split, func(*SimSetup) {}, "disconnected"},
	} {
		s := DefaultSimSetup(2)
		c.set(&s)
		var nb, cb bytes.Buffer
		if err := WriteBookSim(&nb, &cb, f.Name, v, c.top, s); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v", c.msg, err)
		}
	}
	if _, err := MinRoutingVCs(context.Background(), split, 1); err == nil || !strings.Contains(err.Error(), "disconnected") {
		t.Errorf("MinRoutingVCs of a disconnected graph: %v", err)
	}
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, FormatBookSim, f, v, top, 1); err == nil || !strings.Contains(err.Error(), "two files") {
		t.Errorf("Write booksim: %v", err)
	}
}

// TestParseAnynetLatencies follows BookSim2's reading of latencies
// (src/networks/anynet.cpp, readFile): an entry's number is the latency
// of the channel from the line's router to it (both channels of a node),
// the reverse channel keeps its own (1 by default), an entry listed again
// without one is back to 1.
func TestParseAnynetLatencies(t *testing.T) {
	in := "router 0 node 0 3 router 1 5 router 2 7\nrouter 1 node 1 router 2\nrouter 2 router 0 4 node 2 2\nrouter 0 router 2\n"
	n, err := ParseAnynet(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	g := n.Topology.Graph
	lat := map[[2]int32]int32{}
	for u := int32(0); int(u) < g.N(); u++ {
		for i, x := range g.Neighbors(u) {
			lat[[2]int32{u, x}] = n.Latency[int(g.Off[u])+i]
		}
	}
	want := map[[2]int32]int32{{0, 1}: 5, {1, 0}: 1, {0, 2}: 1, {2, 0}: 4, {1, 2}: 1, {2, 1}: 1}
	if len(lat) != len(want) {
		t.Errorf("channels %v, want %v", lat, want)
	}
	for k, l := range want {
		if lat[k] != l {
			t.Errorf("channel %d -> %d: latency %d, want %d", k[0], k[1], lat[k], l)
		}
	}
	if !slices.Equal(n.NodeLatency, []int32{3, 1, 2}) {
		t.Errorf("node latencies %v, want [3 1 2]", n.NodeLatency)
	}
	for _, bad := range []struct{ in, msg string }{
		{"router 0 5", `line 1: "5" is neither`},
		{"router 0 router 1 0", "nor a latency"},
		{"router 0 router 1 2 3", `line 1: "3" is neither`},
		{"node 0 router 0 2", "starts with a node"},
	} {
		if _, err := ParseAnynet(strings.NewReader(bad.in)); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("ParseAnynet(%q) = %v, want an error containing %q", bad.in, err, bad.msg)
		}
	}
}
