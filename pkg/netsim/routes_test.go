package netsim

import (
	"context"
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// refTable is the former route table: 6 bytes per ordered router pair.
type refTable struct {
	r    int
	dist []uint16 // dist[a*R+b]
	// nh[a*R+b] >= 0 is the only minimal next-hop port from a towards b;
	// < 0 is -(i+1) with multi[i] = count and the ports in multi[i+1:].
	nh    []int32
	multi []int32
	diam  int
}

// refRoutes is the former buildRoutes, the reference of the tests: one
// plain BFS per source, then for every ordered pair (a, b) a scan of a's
// neighbours u for dist(u, b) = dist(a, b) - 1.
func refRoutes(g *graph.Graph) (*refTable, error) {
	R := g.N()
	t := &refTable{r: R, dist: make([]uint16, R*R), nh: make([]int32, R*R)}
	d := make([]int32, R)
	for s := 0; s < R; s++ {
		graph.BFS(g, int32(s), d)
		row := t.dist[s*R : (s+1)*R]
		for v, x := range d {
			if x < 0 {
				return nil, fmt.Errorf("netsim: graph is disconnected (router %d cannot reach %d)", s, v)
			}
			if x >= math.MaxUint16 {
				return nil, fmt.Errorf("netsim: distance %d too large", x)
			}
			row[v] = uint16(x)
			t.diam = max(t.diam, int(x))
		}
	}
	var ports []int32
	for a := 0; a < R; a++ {
		nb := g.Neighbors(int32(a))
		for b := 0; b < R; b++ {
			if a == b {
				continue
			}
			want := t.dist[a*R+b] - 1
			rowB := t.dist[b*R : (b+1)*R]
			ports = ports[:0]
			for i, u := range nb {
				if rowB[u] == want {
					ports = append(ports, int32(i))
				}
			}
			switch len(ports) {
			case 0:
				return nil, fmt.Errorf("netsim: internal error: no next hop from %d to %d", a, b)
			case 1:
				t.nh[a*R+b] = ports[0]
			default:
				t.nh[a*R+b] = -int32(len(t.multi)) - 1
				t.multi = append(t.multi, int32(len(ports)))
				t.multi = append(t.multi, ports...)
			}
		}
	}
	return t, nil
}

func (t *refTable) minPorts(a, b int) int {
	x := t.nh[a*t.r+b]
	if x >= 0 {
		return 1
	}
	return int(t.multi[-x-1])
}

func (t *refTable) minPort(a, b, i int) int32 {
	x := t.nh[a*t.r+b]
	if x >= 0 {
		return x
	}
	return t.multi[int(-x-1)+1+i]
}

// routeCase is a graph for the route table tests.
type routeCase struct {
	name string
	g    func(testing.TB) *graph.Graph
}

func familyGraph(name string, v families.Values) func(testing.TB) *graph.Graph {
	return func(tb testing.TB) *graph.Graph { return buildFamily(tb, name, v).Graph }
}

func edgeGraph(n int, edges []graph.Edge) func(testing.TB) *graph.Graph {
	return func(tb testing.TB) *graph.Graph {
		tb.Helper()
		g, err := graph.FromEdges(n, edges)
		if err != nil {
			tb.Fatal(err)
		}
		return g
	}
}

// pathEdges is a path of n routers visiting 1, 2, ..., mid-1, 0, mid, ...,
// n-1: router 0 sits in the middle.
func pathEdges(n, mid int) []graph.Edge {
	order := make([]int32, 0, n)
	for v := 1; v < mid; v++ {
		order = append(order, int32(v))
	}
	order = append(order, 0)
	for v := mid; v < n; v++ {
		order = append(order, int32(v))
	}
	var e []graph.Edge
	for i := 1; i < n; i++ {
		e = append(e, graph.Edge{U: order[i-1], V: order[i]})
	}
	return e
}

func ringEdges(n int) []graph.Edge {
	var e []graph.Edge
	for v := 0; v < n; v++ {
		e = append(e, graph.Edge{U: int32(v), V: int32((v + 1) % n)})
	}
	return e
}

// routeCases covers Slim Flies, tori (with parallel links at k = 2), fat
// trees, a Dragonfly, a hypercube, a HyperX with trunked links, degrees
// above 64 (masks of several words) and above 32,768 (ports stored as
// sets), and diameters above 254 (two-byte distances, found at once or
// after a one-byte attempt).
var routeCases = []routeCase{
	{"slimfly-q5", familyGraph("slimfly", families.Values{"q": int64(5)})},
	{"slimfly-q7", familyGraph("slimfly", families.Values{"q": int64(7)})},
	{"torus-4x4", familyGraph("torus", families.Values{"k": int64(4), "n": int64(2)})},
	{"torus-5^3", familyGraph("torus", families.Values{"k": int64(5), "n": int64(3)})},
	{"torus-3x5", familyGraph("torus", families.Values{"dims": []int64{3, 5}})},
	{"torus-2^4-parallel", familyGraph("torus", families.Values{"k": int64(2), "n": int64(4)})},
	{"fattree-p4-2", familyGraph("fattree", families.Values{"p": int64(4), "levels": int64(2)})},
	{"fattree-p4-3", familyGraph("fattree", families.Values{"p": int64(4), "levels": int64(3)})},
	{"dragonfly-p2", familyGraph("dragonfly", families.Values{"p": int64(2)})},
	{"hypercube-7", familyGraph("hypercube", families.Values{"n": int64(7)})},
	{"hyperx-3x4-trunk2", familyGraph("hyperx", families.Values{"dims": []int64{3, 4}, "trunking": int64(2)})},
	{"complete-bipartite-70", familyGraph("complete_bipartite", families.Values{"n": int64(70)})},
	{"parallel-ring", edgeGraph(7, append(ringEdges(7), graph.Edge{U: 0, V: 1}, graph.Edge{U: 3, V: 4}, graph.Edge{U: 4, V: 3}))},
	{"single-router", edgeGraph(1, nil)},
	{"ring-130", edgeGraph(130, ringEdges(130))},
	{"ring-600", edgeGraph(600, ringEdges(600))},
	{"path-300-retry", edgeGraph(300, pathEdges(300, 150))},
	{"big-degree", edgeGraph(3, bigDegreeEdges())},
}

// bigDegreeEdges joins routers 0 and 1 by 32,770 parallel links and 0 and
// 2 by one: router 0's port to 2 is 32,770, stored as a set of one port.
func bigDegreeEdges() []graph.Edge {
	var e []graph.Edge
	for range 32770 {
		e = append(e, graph.Edge{U: 0, V: 1})
	}
	return append(e, graph.Edge{U: 0, V: 2})
}

// checkAgainstRef compares every distance and minimal port of t with ref.
func checkAgainstRef(tb testing.TB, g *graph.Graph, t *routeTable, ref *refTable) {
	tb.Helper()
	R := g.N()
	n := &Network{g: g, r: R, rt: t}
	if n.Diameter() != ref.diam {
		tb.Fatalf("diameter %d, want %d", n.Diameter(), ref.diam)
	}
	bad := 0
	for a := 0; a < R && bad < 10; a++ {
		for b := 0; b < R && bad < 10; b++ {
			if d, want := n.Dist(int32(a), int32(b)), int32(ref.dist[a*R+b]); d != want {
				tb.Errorf("Dist(%d, %d) = %d, want %d", a, b, d, want)
				bad++
			}
			if a == b {
				continue
			}
			k, want := n.MinPorts(int32(a), int32(b)), ref.minPorts(a, b)
			if k != want {
				tb.Errorf("MinPorts(%d, %d) = %d, want %d", a, b, k, want)
				bad++
				continue
			}
			for i := range k {
				if p, want := n.MinPort(int32(a), int32(b), i), ref.minPort(a, b, i); p != want {
					tb.Errorf("MinPort(%d, %d, %d) = %d, want %d", a, b, i, p, want)
					bad++
				}
			}
		}
	}
}

// TestRoutesMatchReference compares the tables with the former
// implementation on every case, for 1 and 3 workers, with the shared and
// the per-row numbering of the port sets, and with a switch from the
// shared to the per-row numbering after some chunks of rows. The tables of
// 1 and 3 workers are identical, and so are those of the switch and of the
// per-row numbering.
func TestRoutesMatchReference(t *testing.T) {
	for _, c := range routeCases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g(t)
			ref, err := refRoutes(g)
			if err != nil {
				t.Fatal(err)
			}
			var shared, perRow *routeTable
			for _, name := range []string{"shared", "per-row", "switch-half", "switch-last"} {
				var opts routeOptions
				switch name {
				case "per-row":
					opts.perRow = true
				case "switch-half":
					// 3 rows a chunk, at most half the sets shared: the
					// switch comes after a chunk or more.
					opts.chunk, opts.sharedMax = 3, max(1, len(shared.setOff)/2)
				case "switch-last":
					// With the last set.
					opts.chunk, opts.sharedMax = 3, max(1, len(shared.setOff)-1)
				}
				var first *routeTable
				for _, workers := range []int{1, 3} {
					opts.workers = workers
					rt, err := buildRoutesOpts(context.Background(), g, opts)
					if err != nil {
						t.Fatal(err)
					}
					checkAgainstRef(t, g, rt, ref)
					if first == nil {
						first = rt
					} else if !reflect.DeepEqual(first, rt) {
						t.Errorf("%s: the tables of 1 and %d workers differ", name, workers)
					}
				}
				if wantWide := ref.diam >= 255; (first.d16 != nil) != wantWide || (first.d8 != nil || first.d2 != nil) == wantWide {
					t.Errorf("diameter %d: two-byte distances %v", ref.diam, first.d16 != nil)
				}
				if want2 := ref.diam <= 3; (first.d2 != nil) != want2 || (first.d2 != nil && first.d8 != nil) {
					t.Errorf("diameter %d: 2-bit distances %v, one-byte %v", ref.diam, first.d2 != nil, first.d8 != nil)
				}
				switch name {
				case "shared":
					shared = first
				case "per-row":
					perRow = first
				default:
					want := perRow
					if len(shared.setOff) <= opts.sharedMax {
						want = shared
					}
					if !reflect.DeepEqual(first, want) {
						t.Errorf("the tables with a switch to the per-row numbering differ from those of the per-row numbering")
					}
				}
				if t.Failed() {
					return
				}
				t.Logf("%s: %d bytes (%.2f per pair), %d set offsets, %d port entries", name, first.bytes(),
					float64(first.bytes())/float64(max(1, g.N()*g.N())), len(first.setOff), len(first.ports))
			}
		})
	}
}

// TestRoutesNetworkAPI checks the tables through NewNetwork and Routes on a
// Slim Fly and a torus.
func TestRoutesNetworkAPI(t *testing.T) {
	for _, c := range []struct {
		name string
		v    families.Values
	}{
		{"slimfly", families.Values{"q": int64(5)}},
		{"torus", families.Values{"k": int64(4), "n": int64(3)}},
	} {
		n := newNet(t, c.name, c.v)
		ref, err := refRoutes(n.g)
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstRef(t, n.g, n.rt, ref)
	}
}

// TestRoutesWorkersIdentical builds the tables of a Slim Fly of q = 19 (722
// routers, few multi-port pairs: per-row numbering) and of an 8-ary 3-cube
// (shared numbering) with 1, 2 and 5 workers: identical.
func TestRoutesWorkersIdentical(t *testing.T) {
	for _, c := range []struct {
		name string
		v    families.Values
	}{
		{"slimfly", families.Values{"q": int64(19)}},
		{"torus", families.Values{"k": int64(8), "n": int64(3)}},
	} {
		g := buildFamily(t, c.name, c.v).Graph
		var first *routeTable
		for _, w := range []int{1, 2, 5} {
			rt, err := buildRoutesOpts(context.Background(), g, routeOptions{workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = rt
				continue
			}
			if !reflect.DeepEqual(first, rt) {
				t.Errorf("%s: the tables of 1 and %d workers differ", c.name, w)
			}
		}
		t.Logf("%s: %d routers, %d bytes, %d set offsets, %d port entries", c.name, g.N(), first.bytes(), len(first.setOff), len(first.ports))
	}
}

// TestRoutesErrors: a disconnected graph fails with the reference's
// message, and so does a cancelled context.
func TestRoutesErrors(t *testing.T) {
	g := edgeGraph(6, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 3, V: 4}, {U: 4, V: 5}})(t)
	_, refErr := refRoutes(g)
	for _, w := range []int{1, 3} {
		_, err := buildRoutesOpts(context.Background(), g, routeOptions{workers: w})
		if err == nil || refErr == nil || err.Error() != refErr.Error() {
			t.Errorf("disconnected: err = %v, want %v", err, refErr)
		}
		if err != nil && !strings.Contains(err.Error(), "disconnected (router 0 cannot reach 3)") {
			t.Errorf("disconnected: err = %v", err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := buildRoutes(ctx, buildFamily(t, "slimfly", families.Values{"q": int64(5)}).Graph); err != context.Canceled {
		t.Errorf("cancelled: err = %v", err)
	}
}

// TestRoutesTwoBlocks builds the tables of a 160 x 205 torus (32,800
// routers: rows of two blocks of destinations), with the per-row and the
// shared numbering of the port sets, and checks sampled rows against BFS
// distances and the definition of a minimal port. It takes 3.5 GB and three
// minutes of one core: run with RUNEXP_BIG_TESTS=1.
func TestRoutesTwoBlocks(t *testing.T) {
	if os.Getenv("RUNEXP_BIG_TESTS") == "" {
		t.Skip("3.5 GB: set RUNEXP_BIG_TESTS=1")
	}
	g := buildFamily(t, "torus", families.Values{"dims": []int64{160, 205}}).Graph
	R := g.N()
	rows := []int{0, 1, 777, 20000, 32767, 32768, 32799}
	want := make([][][]int32, len(rows)) // want[k][b]: minimal ports of rows[k] towards b
	dist := make([][]int32, len(rows))
	for k, a := range rows {
		dist[k] = make([]int32, R)
		graph.BFS(g, int32(a), dist[k])
		nb := g.Neighbors(int32(a))
		du := make([]int32, R)
		want[k] = make([][]int32, R)
		for i, u := range nb {
			graph.BFS(g, u, du)
			for b := range R {
				if b != a && du[b] == dist[k][b]-1 {
					want[k][b] = append(want[k][b], int32(i))
				}
			}
		}
	}
	for _, perRow := range []bool{true, false} {
		runtime.GC() // the previous tables
		rt, err := buildRoutesOpts(context.Background(), g, routeOptions{perRow: perRow})
		if err != nil {
			t.Fatal(err)
		}
		n := &Network{g: g, r: R, rt: rt}
		for k, a := range rows {
			for b := range R {
				if got := n.Dist(int32(a), int32(b)); got != dist[k][b] {
					t.Fatalf("perRow %v: Dist(%d, %d) = %d, want %d", perRow, a, b, got, dist[k][b])
				}
				if a == b {
					continue
				}
				got := make([]int32, n.MinPorts(int32(a), int32(b)))
				for i := range got {
					got[i] = n.MinPort(int32(a), int32(b), i)
				}
				if !reflect.DeepEqual(got, want[k][b]) {
					t.Fatalf("perRow %v: minimal ports %d -> %d: %v, want %v", perRow, a, b, got, want[k][b])
				}
			}
		}
		t.Logf("perRow %v: %d bytes, %d set offsets", perRow, rt.bytes(), len(rt.setOff))
	}
}
