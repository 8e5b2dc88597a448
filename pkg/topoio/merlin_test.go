package topoio

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
)

// merlinCheck loads a merlin script without SST (so its build() does not
// run) and prints its graph and routes as JSON.
const merlinCheck = `
import json, runpy, sys
m = runpy.run_path(sys.argv[1], run_name="runexp_check")
g = m["graph"]()
routes = m["netsim_min_routes"](g)
nodes = sorted(g.nodes())
print(json.dumps({
    "int_nodes": all(isinstance(r, int) for r in nodes),
    "nodes": nodes,
    "endpoints": [g.nodes[r]["endpoints"] for r in nodes],
    "edges": sorted([min(u, v), max(u, v)] for u, v in g.edges()),
    "multigraph": g.is_multigraph(),
    "routes": [[routes[s][d][0][1] for d in nodes] for s in nodes],
    "weights": sorted({w for s in nodes for d in nodes for w, _ in routes[s][d]}),
}))
`

// TestMerlinExport writes the Slim Fly and the torus as SST Merlin
// scripts (golden files) and, where python3 with networkx is installed
// (required when RUNEXP_REQUIRE_NETWORKX is set), loads each without SST:
// its networkx graph must be the topology (integer routers with their
// endpoints, every link once) and its routing table netsim's min routes,
// hop by hop.
func TestMerlinExport(t *testing.T) {
	python, _ := exec.LookPath("python3")
	if python != "" && exec.Command(python, "-c", "import networkx").Run() != nil {
		python = ""
	}
	if python == "" && os.Getenv("RUNEXP_REQUIRE_NETWORKX") != "" {
		t.Fatal("python3 with networkx is required but not installed")
	}
	for _, c := range exportCases {
		f, v, top := instance(t, c.family, c.given)
		var buf bytes.Buffer
		if err := Write(context.Background(), &buf, FormatMerlin, f, v, top, 1); err != nil {
			t.Fatal(err)
		}
		script := buf.Bytes()
		golden(t, c.name+".merlin.py", script)
		for _, want := range []string{"VCS = 2 ", "VC_BUF_FLITS = 32 ", "LINK_CYCLES = 2 ", "HOST_LINK_CYCLES = 2 ", "ROUTER_CYCLES = 1 ", "LOAD = 0.5 ", "PACKET_FLITS = 1 "} {
			if !bytes.Contains(script, []byte("\n"+want)) {
				t.Errorf("%s: no line %q", c.name, want)
			}
		}
		if python == "" {
			continue
		}
		path := filepath.Join(t.TempDir(), "merlin.py")
		if err := os.WriteFile(path, script, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(python, "-c", merlinCheck, path).Output()
		if err != nil {
			t.Fatalf("%s: python: %v\n%s", c.name, err, out)
		}
		var got struct {
			IntNodes   bool `json:"int_nodes"`
			Nodes      []int32
			Endpoints  []int32
			Edges      [][2]int32
			Multigraph bool
			Routes     [][][]int32
			Weights    []float64
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		g := top.Graph
		var edges [][2]int32
		for u := int32(0); int(u) < g.N(); u++ {
			for _, x := range g.Neighbors(u) {
				if x > u {
					edges = append(edges, [2]int32{u, x})
				}
			}
		}
		if !got.IntNodes || len(got.Nodes) != c.routers || got.Nodes[len(got.Nodes)-1] != int32(c.routers-1) || !slices.Equal(got.Endpoints, top.Conc) || got.Multigraph {
			t.Errorf("%s: graph nodes %v, endpoints %v, multigraph %v", c.name, got.Nodes, got.Endpoints, got.Multigraph)
		}
		if !slices.Equal(got.Edges, edges) {
			t.Errorf("%s: graph edges %v, want %v", c.name, got.Edges, edges)
		}
		if !slices.Equal(got.Weights, []float64{1}) {
			t.Errorf("%s: route weights %v, want [1]", c.name, got.Weights)
		}
		n, err := netsim.NewNetwork(top, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := n.Routes(); err != nil {
			t.Fatal(err)
		}
		for s := int32(0); int(s) < g.N(); s++ {
			for d := int32(0); int(d) < g.N(); d++ {
				var want []int32
				for r := s; r != d; {
					r = n.Neighbor(r, n.MinPort(r, d, 0))
					want = append(want, r)
				}
				if p := got.Routes[s][d]; !slices.Equal(p, want) && (len(p) != 0 || len(want) != 0) {
					t.Errorf("%s: route %d -> %d is %v, netsim's min takes %v", c.name, s, d, p, want)
				}
			}
		}
	}
}

// TestMerlinRefused checks the latencies anytopo cannot give and the
// warnings for parallel links and routers without endpoints.
func TestMerlinRefused(t *testing.T) {
	f, v, top := instance(t, "dragonfly", families.Values{"p": int64(2)})
	s := DefaultSimSetup(3)
	s.Config.GlobalLatency = 5
	var buf bytes.Buffer
	if err := WriteMerlin(&buf, f.Name, v, top, s); err == nil || !strings.Contains(err.Error(), "same latency") {
		t.Errorf("group latencies: %v", err)
	}
	f, v, top = instance(t, "torus", families.Values{"k": int64(2), "n": int64(2)})
	buf.Reset()
	if err := WriteMerlin(&buf, f.Name, v, top, DefaultSimSetup(2)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "# 4 parallel links are written once") || !strings.Contains(buf.String(), "4 links.") {
		t.Errorf("torus k = 2: no note of its parallel links:\n%.600s", buf.String())
	}
	f, v, top = instance(t, "fattree", families.Values{"p": int64(2), "levels": int64(3)})
	buf.Reset()
	if err := WriteMerlin(&buf, f.Name, v, top, DefaultSimSetup(4)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "has no endpoints") {
		t.Errorf("fat tree: no warning of its routers without endpoints")
	}
}
