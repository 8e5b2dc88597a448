package topoio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

var update = flag.Bool("update", false, "rewrite golden files")

func instance(t testing.TB, fam string, given families.Values) (*families.Family, families.Values, *families.Topology) {
	t.Helper()
	f, ok := families.Default().Lookup(fam)
	if !ok {
		t.Fatalf("no family %s", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	return f, v, top
}

func sameGraph(a, b *graph.Graph) bool {
	return slices.Equal(a.Off, b.Off) && slices.Equal(a.Adj, b.Adj)
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got\n%s", path, got)
	}
}

// The 50-router Slim Fly (Hoffman-Singleton graph, 4 endpoints per router)
// written as a BookSim2 anynet file parses back into the same graph and
// concentrations.
func TestAnynetRoundTrip(t *testing.T) {
	_, _, top := instance(t, "slimfly", families.Values{"q": int64(5)})
	var buf bytes.Buffer
	if err := WriteAnynet(&buf, top); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 50 {
		t.Fatalf("%d lines, want 50", len(lines))
	}
	if want := "router 0 node 0 node 1 node 2 node 3 router 1 router 4 router 25 router 30 router 35 router 40 router 45"; lines[0] != want {
		t.Errorf("line 1 = %q, want %q", lines[0], want)
	}
	back, err := ReadAnynet(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(back.Graph, top.Graph) || !slices.Equal(back.Conc, top.Conc) {
		t.Errorf("anynet round trip changed the topology")
	}
	if back.Graph.Edges() != 175 || back.Endpoints() != 200 {
		t.Errorf("read back %d links, %d endpoints; want 175, 200", back.Graph.Edges(), back.Endpoints())
	}
}

func TestReadAnynet(t *testing.T) {
	// Links listed on one side only, node lines as heads, a repeated link.
	in := "router 0 node 0 router 1\nnode 1 router 1\nrouter 2 router 1 router 1\n\nrouter 2 node 2 node 3\n"
	top, err := ReadAnynet(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if top.Graph.N() != 3 || top.Graph.Edges() != 2 || !slices.Equal(top.Conc, []int32{1, 1, 2}) {
		t.Errorf("got %d routers, %d links, conc %v", top.Graph.N(), top.Graph.Edges(), top.Conc)
	}
	for _, bad := range []struct{ in, msg string }{
		{"router 0 node", `line 1: "node" without an id`},
		{"router 0 switch 1", "line 1: \"switch\""},
		{"router 0 node 0\nrouter 1 node 0", "line 2: node 0 is connected to routers 0 and 1"},
		{"node 0 node 1", "cannot connect node 0 to node 1"},
		{"router 0 router 0", "linked to itself"},
		{"router 0 node 1", "node 0 is missing"},
		{"router x", "bad router id"},
		{"router 0 router 1\nrouter 20000000 node 0", "not numbered 0..N-1"},
		{"", "no routers"},
	} {
		if _, err := ReadAnynet(strings.NewReader(bad.in)); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("ReadAnynet(%q) = %v, want an error containing %q", bad.in, err, bad.msg)
		}
	}
}

func TestMETIS(t *testing.T) {
	cases := []struct {
		fam    string
		given  families.Values
		header string
	}{
		{"slimfly", families.Values{"q": int64(5)}, "50 175"},
		{"hypercube", families.Values{"n": int64(4)}, "16 32"},
		// k = 2: every link is doubled; METIS gets weights.
		{"torus", families.Values{"k": int64(2), "n": int64(3)}, "8 12 001"},
	}
	graphchk, _ := exec.LookPath("graphchk")
	if graphchk == "" && os.Getenv("RUNEXP_REQUIRE_GRAPHCHK") != "" {
		t.Fatal("graphchk (Debian package metis) is required but not installed")
	}
	for _, c := range cases {
		_, _, top := instance(t, c.fam, c.given)
		var buf bytes.Buffer
		if err := WriteMETIS(&buf, top.Graph); err != nil {
			t.Fatal(err)
		}
		if h, _, _ := strings.Cut(buf.String(), "\n"); h != c.header {
			t.Errorf("%s: header %q, want %q", c.fam, h, c.header)
		}
		g, err := ReadMETIS(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", c.fam, err)
		}
		if !sameGraph(g, top.Graph) {
			t.Errorf("%s: METIS round trip changed the graph", c.fam)
		}
		if graphchk == "" {
			continue
		}
		path := filepath.Join(t.TempDir(), c.fam+".metis")
		os.WriteFile(path, buf.Bytes(), 0o644)
		out, err := exec.Command(graphchk, path).CombinedOutput()
		// graphchk exits 0 even for bad input: read its verdict.
		if err != nil || !strings.Contains(string(out), "The format of the graph is correct!") {
			t.Errorf("%s: graphchk rejects the file: %v\n%s", c.fam, err, out)
		}
	}
	for _, bad := range []string{"", "3 1\n2\n1\n", "2 1\n3\n1\n", "2 1 011\n2\n1\n", "2 1 001\n2\n1 1\n",
		"3 1\n2\n3\n\n",       // not symmetric
		"2 1 001\n2 3\n1 1\n", // weights differ
		"3 2\n2 2\n1 1\n\n",   // a neighbour listed twice
		"2 1\n1\n2\n",         // self loops
	} {
		if _, err := ReadMETIS(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadMETIS(%q) accepted bad input", bad)
		}
	}
}

func TestEdgeList(t *testing.T) {
	_, _, top := instance(t, "torus", families.Values{"k": int64(4), "n": int64(2)})
	var buf bytes.Buffer
	if err := WriteEdgeList(&buf, top.Graph); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	sc.Scan()
	if sc.Text() != "# routers 16 links 32" {
		t.Errorf("header %q", sc.Text())
	}
	var edges []graph.Edge
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		u, _ := strconv.Atoi(f[0])
		v, _ := strconv.Atoi(f[1])
		if u >= v {
			t.Errorf("line %q: want u < v", sc.Text())
		}
		edges = append(edges, graph.Edge{U: int32(u), V: int32(v)})
	}
	g, err := graph.FromEdges(16, edges)
	if err != nil || !sameGraph(g, top.Graph) {
		t.Errorf("edge list does not rebuild the graph (%v)", err)
	}
}

func TestJSON(t *testing.T) {
	f, v, top := instance(t, "fattree", families.Values{"p": int64(2), "levels": int64(3)})
	var buf bytes.Buffer
	if err := WriteJSON(&buf, f.Name, v, top); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Family     string
		Routers    int
		Endpoints  int64
		Links      int64
		CoordDim   int      `json:"coord_dim"`
		RouterList []Router `json:"router_list"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Family != "fattree" || doc.Routers != 12 || doc.Endpoints != 8 || doc.Links != 16 || doc.CoordDim != 3 || len(doc.RouterList) != 12 {
		t.Fatalf("header %+v", doc)
	}
	for i, r := range doc.RouterList {
		u := int32(i)
		if r.ID != u || r.Endpoints != top.Conc[u] || r.Role != top.Role[u].String() || *r.Group != top.Group[u] ||
			!slices.Equal(r.Coords, top.Coords[3*i:3*i+3]) || !slices.Equal(r.Neighbors, top.Graph.Neighbors(u)) {
			t.Errorf("router %d: %+v", i, r)
		}
	}
	golden(t, "fattree-2-3.json", buf.Bytes())
}

func TestStats(t *testing.T) {
	f, v, top := instance(t, "slimfly", families.Values{"q": int64(5)})
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, FormatStats, f, v, top, 2); err != nil {
		t.Fatal(err)
	}
	golden(t, "slimfly-5.stats.json", buf.Bytes())
	var s Stats
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	// Hoffman-Singleton: 50 routers, 7-regular, 175 links, diameter 2;
	// average distance (7*1 + 42*2)/49 = 91/49.
	if s.Routers != 50 || s.Links != 175 || s.Radix != 11 || s.NetworkRadix != 7 || s.Endpoints != 200 ||
		*s.MinDegree != 7 || *s.MaxDegree != 7 || !*s.Connected || *s.Diameter != 2 || *s.AvgDistance != 91.0/49 {
		t.Errorf("stats %+v", s)
	}
	if err := Write(context.Background(), &buf, "dot", f, v, top, 1); err == nil {
		t.Error("unknown format accepted")
	}
}

// TestAnynetIsolatedRouter reads back a network whose last router has
// neither links nor endpoints: its line ("router 2") names it, so the
// routers are numbered 0..N-1 although no link or node mentions it.
func TestAnynetIsolatedRouter(t *testing.T) {
	g, err := graph.FromEdges(3, []graph.Edge{{U: 0, V: 1}})
	if err != nil {
		t.Fatal(err)
	}
	top := &families.Topology{Graph: g, Conc: []int32{1, 1, 0}}
	var buf bytes.Buffer
	if err := WriteAnynet(&buf, top); err != nil {
		t.Fatal(err)
	}
	back, err := ReadAnynet(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(g, back.Graph) || !slices.Equal(top.Conc, back.Conc) {
		t.Errorf("read back %v %v", back.Graph, back.Conc)
	}
}

// TestMETISWeights checks that edge weights (parallel links) beyond what a
// graph holds are refused before anything is allocated for them: the
// weights of a few bytes must not make the reader allocate the links they
// describe (2^31 of them here, 16 GiB of edges).
func TestMETISWeights(t *testing.T) {
	in := "3 2 001\n2 1073741823 3 1073741823\n1 1073741823\n1 1073741823\n"
	var err error
	got := allocated(func() { _, err = ReadMETIS(strings.NewReader(in)) })
	if err == nil || !strings.Contains(err.Error(), "more than a graph holds") {
		t.Errorf("error %v", err)
	}
	if got > allocBound(len(in)) {
		t.Errorf("allocated %d bytes", got)
	}
	// Within the limit, the parallel links are there.
	g, err := ReadMETIS(strings.NewReader("2 1 001\n2 3\n1 3\n"))
	if err != nil || g.Edges() != 3 {
		t.Errorf("weight 3: %v, %v", g, err)
	}
}
