package families

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/gf"
	"github.com/runexp/runexp/pkg/graph"
)

// build normalizes given for family fam of the default registry and builds it.
func build(t testing.TB, fam string, given Values) (*Topology, Values) {
	t.Helper()
	f, ok := Default().Lookup(fam)
	if !ok {
		t.Fatalf("family %s not registered", fam)
	}
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatalf("%s %v: Build: %v", fam, given, err)
	}
	if err := top.Graph.Validate(); err != nil {
		t.Fatalf("%s %v: invalid graph: %v", fam, given, err)
	}
	return top, v
}

func sizeOf(t testing.TB, fam string, given Values) Size {
	t.Helper()
	f, _ := Default().Lookup(fam)
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	s, err := f.Size(v)
	if err != nil {
		t.Fatalf("%s %v: Size: %v", fam, given, err)
	}
	return s
}

func distances(t testing.TB, top *Topology) *graph.DistanceStats {
	t.Helper()
	s, err := graph.Distances(context.Background(), top.Graph, top.Conc, 0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// measured returns the sizing figures of a built topology.
func measured(top *Topology) Size {
	g := top.Graph
	s := Size{Routers: int64(g.N()), Endpoints: top.Endpoints(), Links: g.Edges(), NetworkRadix: int64(g.MaxDegree())}
	for v := 0; v < g.N(); v++ {
		s.Radix = max(s.Radix, int64(g.Degree(int32(v)))+int64(top.Conc[v]))
	}
	return s
}

// girth returns the length of a shortest cycle (0 if the graph is acyclic).
func girth(g *graph.Graph) int {
	best := math.MaxInt
	dist := make([]int32, g.N())
	parent := make([]int32, g.N())
	for s := 0; s < g.N(); s++ {
		for i := range dist {
			dist[i] = -1
		}
		dist[s], parent[s] = 0, -1
		queue := []int32{int32(s)}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, u := range g.Neighbors(v) {
				switch {
				case dist[u] < 0:
					dist[u], parent[u] = dist[v]+1, v
					queue = append(queue, u)
				case u != parent[v]:
					best = min(best, int(dist[u]+dist[v]+1))
				}
			}
		}
	}
	if best == math.MaxInt {
		return 0
	}
	return best
}

func regular(g *graph.Graph) (int, bool) {
	return g.MaxDegree(), g.MaxDegree() == g.MinDegree()
}

func TestSlimFlyHoffmanSingleton(t *testing.T) {
	top, v := build(t, "slimfly", Values{"q": int64(5)})
	g := top.Graph
	if d, ok := regular(g); g.N() != 50 || !ok || d != 7 || g.Edges() != 175 {
		t.Fatalf("q=5: %d routers, degree %d (regular %v), %d links; want 50, 7-regular, 175", g.N(), d, ok, g.Edges())
	}
	if s := distances(t, top); s.Diameter != 2 || !s.Connected() {
		t.Errorf("q=5: diameter %d, connected %v; want 2, true", s.Diameter, s.Connected())
	}
	if gi := girth(g); gi != 5 {
		t.Errorf("q=5: girth %d, want 5", gi)
	}
	if v.Int("p") != 4 {
		t.Errorf("q=5: balanced p = %d, want ceil(7/2) = 4", v.Int("p"))
	}
}

func TestMMSGeneratorsPaperExample(t *testing.T) {
	// SC14 section II-B1 d): q = 5, xi = 2, X = {1, 4}, X' = {2, 3}.
	f, _ := gf.New(5)
	x, xp, delta, err := MMSGenerators(f)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(x)
	slices.Sort(xp)
	if f.Primitive() != 2 || !slices.Equal(x, []int{1, 4}) || !slices.Equal(xp, []int{2, 3}) || delta != 1 {
		t.Errorf("xi = %d, X = %v, X' = %v, delta = %d; want 2, [1 4], [2 3], 1", f.Primitive(), x, xp, delta)
	}
}

func TestSlimFly(t *testing.T) {
	tests := []struct {
		q         int64
		p         any // nil: default
		routers   int64
		kNet      int64
		endpoints int64
	}{
		{q: 3, routers: 18, kNet: 5, endpoints: 18 * 3},
		{q: 4, routers: 32, kNet: 6, endpoints: 32 * 3},
		{q: 5, routers: 50, kNet: 7, endpoints: 200},
		{q: 7, routers: 98, kNet: 11, endpoints: 98 * 6},
		{q: 8, routers: 128, kNet: 12, endpoints: 128 * 6},
		{q: 9, routers: 162, kNet: 13, endpoints: 162 * 7},
		{q: 11, routers: 242, kNet: 17, endpoints: 242 * 9},
		{q: 13, p: int64(9), routers: 338, kNet: 19, endpoints: 3042},
		{q: 13, p: int64(10), routers: 338, kNet: 19, endpoints: 3380},
		{q: 13, p: "floor", routers: 338, kNet: 19, endpoints: 3042},
		{q: 16, routers: 512, kNet: 24, endpoints: 512 * 12},
		{q: 19, routers: 722, kNet: 29, endpoints: 10830}, // SC14: balanced p = 15
		{q: 25, routers: 1250, kNet: 37, endpoints: 1250 * 19},
		{q: 27, routers: 1458, kNet: 41, endpoints: 1458 * 21},
		{q: 32, routers: 2048, kNet: 48, endpoints: 2048 * 24},
		{q: 49, routers: 4802, kNet: 73, endpoints: 4802 * 37},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("q=%d,p=%v", tt.q, tt.p), func(t *testing.T) {
			if tt.q == 49 && testing.Short() {
				t.Skip("q = 49 is slow in -short mode")
			}
			given := Values{"q": tt.q}
			if tt.p != nil {
				given["p"] = tt.p
			}
			top, _ := build(t, "slimfly", given)
			g := top.Graph
			d, ok := regular(g)
			if int64(g.N()) != tt.routers || !ok || int64(d) != tt.kNet || top.Endpoints() != tt.endpoints {
				t.Fatalf("%d routers, degree %d (regular %v), %d endpoints; want %d, %d-regular, %d",
					g.N(), d, ok, top.Endpoints(), tt.routers, tt.kNet, tt.endpoints)
			}
			if s := distances(t, top); s.Diameter != 2 || !s.Connected() {
				t.Errorf("diameter %d, connected %v; want 2, true", s.Diameter, s.Connected())
			}
			if sz := sizeOf(t, "slimfly", given); sz != measured(top) {
				t.Errorf("Size = %+v, built %+v", sz, measured(top))
			}
			// Metadata: (s, x, y) coordinates, blocks of q routers.
			q := int32(tt.q)
			for r := 0; r < g.N(); r++ {
				c := top.Coords[3*r : 3*r+3]
				if int32(r) != c[0]*q*q+c[1]*q+c[2] || top.Group[r] != c[0]*q+c[1] {
					t.Fatalf("router %d: coords %v group %d", r, c, top.Group[r])
				}
			}
		})
	}
}

// TestSlimFlyAllQ proves diameter 2 and (3q - delta)/2-regularity for every
// valid q up to 32 (and up to 64 without -short).
func TestSlimFlyAllQ(t *testing.T) {
	limit := int64(64)
	if testing.Short() {
		limit = 32
	}
	seen := map[int64]bool{}
	for q := int64(3); q <= limit; q++ {
		delta, _, ok := SlimFlyDelta(q)
		if !ok {
			continue
		}
		seen[delta] = true
		f, err := gf.New(int(q))
		if err != nil {
			t.Fatal(err)
		}
		x, xp, _, err := MMSGenerators(f)
		if err != nil {
			t.Fatal(err)
		}
		xi := make([]int, len(x))
		for i, e := range x {
			xi[i] = f.Mul(e, f.Primitive())
		}
		slices.Sort(xi)
		xp = slices.Clone(xp)
		slices.Sort(xp)
		if !slices.Equal(xi, xp) {
			t.Errorf("q = %d: X' = %v is not xi*X = %v", q, xp, xi)
		}
		top, _ := build(t, "slimfly", Values{"q": q, "p": int64(1)})
		d, reg := regular(top.Graph)
		s := distances(t, top)
		if !reg || int64(d) != (3*q-delta)/2 || s.Diameter != 2 || top.Graph.N() != int(2*q*q) {
			t.Errorf("q = %d (delta %d): degree %d regular %v diameter %d; want %d-regular, diameter 2",
				q, delta, d, reg, s.Diameter, (3*q-delta)/2)
		}
	}
	if len(seen) != 3 {
		t.Errorf("deltas covered: %v", seen)
	}
}

func TestDragonflyBalanced(t *testing.T) {
	top, v := build(t, "dragonfly", Values{"p": int64(7)})
	if v.Int("a") != 14 || v.Int("h") != 7 || v.Int("g") != 99 {
		t.Fatalf("resolved %v; want a = 14, h = 7, g = 99", v)
	}
	sz := measured(top)
	if sz.Routers != 1386 || sz.Endpoints != 9702 || sz.Radix != 27 {
		t.Errorf("built %+v; want 1,386 routers, 9,702 endpoints, radix 27", sz)
	}
	if s := distances(t, top); s.Diameter != 3 || !s.Connected() {
		t.Errorf("diameter %d, want 3", s.Diameter)
	}
	checkGroupLinks(t, top, 99, 1)
}

// checkGroupLinks checks that every pair of distinct groups is joined by
// exactly m links and that groups are complete graphs.
func checkGroupLinks(t *testing.T, top *Topology, groups, m int) {
	t.Helper()
	count := make([]int, groups*groups)
	g := top.Graph
	for v := 0; v < g.N(); v++ {
		for _, u := range g.Neighbors(int32(v)) {
			count[int(top.Group[v])*groups+int(top.Group[u])]++
		}
	}
	a := g.N() / groups
	for i := 0; i < groups; i++ {
		for j := 0; j < groups; j++ {
			want := m
			if i == j {
				want = a * (a - 1) // ordered intra-group pairs of a complete graph
			}
			if count[i*groups+j] != want {
				t.Fatalf("groups %d, %d: %d links, want %d", i, j, count[i*groups+j], want)
			}
		}
	}
}

func TestDragonflyGeneral(t *testing.T) {
	tests := []struct {
		p, a, h, g int64
		diameter   int
	}{
		{p: 2, a: 4, h: 2, g: 9, diameter: 3},
		{p: 2, a: 4, h: 2, g: 5, diameter: 3}, // 2 links per pair of groups
		{p: 2, a: 4, h: 2, g: 3, diameter: 2}, // 4 links per pair: router r of every group is linked to router r of the others
		{p: 2, a: 4, h: 2, g: 2, diameter: 2}, // 8 links, pairs of parallel links
		{p: 3, a: 3, h: 5, g: 16, diameter: 3},
		{p: 1, a: 1, h: 3, g: 4, diameter: 1}, // groups of one router: K4
		{p: 4, a: 6, h: 2, g: 7, diameter: 3},
	}
	for _, tt := range tests {
		given := Values{"p": tt.p, "a": tt.a, "h": tt.h, "g": tt.g}
		top, _ := build(t, "dragonfly", given)
		sz := measured(top)
		if want := sizeOf(t, "dragonfly", given); sz != want {
			t.Errorf("%v: built %+v, Size %+v", given, sz, want)
		}
		if d, ok := regular(top.Graph); !ok || int64(d) != tt.a-1+tt.h {
			t.Errorf("%v: degree %d regular %v; want %d", given, d, ok, tt.a-1+tt.h)
		}
		if s := distances(t, top); s.Diameter != tt.diameter {
			t.Errorf("%v: diameter %d, want %d", given, s.Diameter, tt.diameter)
		}
		checkGroupLinks(t, top, int(tt.g), int(tt.a*tt.h/(tt.g-1)))
	}
}

func TestFatTree(t *testing.T) {
	tests := []struct {
		p, levels                   int64
		routers, endpoints, radix   int64
		leafDiameter, graphDiameter int
	}{
		{p: 22, levels: 3, routers: 1452, endpoints: 10648, radix: 44, leafDiameter: 4, graphDiameter: 4}, // FT-3 of SC14
		{p: 4, levels: 3, routers: 48, endpoints: 64, radix: 8, leafDiameter: 4, graphDiameter: 4},
		{p: 3, levels: 4, routers: 108, endpoints: 81, radix: 6, leafDiameter: 6, graphDiameter: 6},
		{p: 8, levels: 2, routers: 16, endpoints: 64, radix: 16, leafDiameter: 2, graphDiameter: 2},
		{p: 5, levels: 1, routers: 1, endpoints: 5, radix: 5, leafDiameter: 0, graphDiameter: 0},
	}
	for _, tt := range tests {
		given := Values{"p": tt.p, "levels": tt.levels}
		top, _ := build(t, "fattree", given)
		sz := measured(top)
		if sz.Routers != tt.routers || sz.Endpoints != tt.endpoints || sz.Radix != tt.radix {
			t.Errorf("%v: built %+v; want %d routers, %d endpoints, radix %d", given, sz, tt.routers, tt.endpoints, tt.radix)
		}
		if want := sizeOf(t, "fattree", given); sz != want {
			t.Errorf("%v: built %+v, Size %+v", given, sz, want)
		}
		s := distances(t, top)
		leafD := len(s.EndpointHist) - 1
		for leafD > 0 && s.EndpointHist[leafD] == 0 {
			leafD--
		}
		if leafD != tt.leafDiameter || s.Diameter != tt.graphDiameter || !s.Connected() {
			t.Errorf("%v: leaf diameter %d, diameter %d; want %d, %d", given, leafD, s.Diameter, tt.leafDiameter, tt.graphDiameter)
		}
		// Every non-top switch has p up links; every non-leaf p down links.
		per := int(tt.routers / tt.levels)
		for r := 0; r < top.Graph.N(); r++ {
			l := r / per
			up, down := 0, 0
			for _, u := range top.Graph.Neighbors(int32(r)) {
				if int(u)/per > l {
					up++
				} else {
					down++
				}
			}
			wantUp, wantDown := int(tt.p), int(tt.p)
			if l == int(tt.levels)-1 {
				wantUp = 0
			}
			if l == 0 {
				wantDown = 0
				if top.Role[r] != RoleLeaf || top.Conc[r] != int32(tt.p) {
					t.Fatalf("%v: leaf %d role %v conc %d", given, r, top.Role[r], top.Conc[r])
				}
			} else if top.Conc[r] != 0 {
				t.Fatalf("%v: switch %d at level %d has endpoints", given, r, l)
			}
			if up != wantUp || down != wantDown {
				t.Fatalf("%v: switch %d at level %d: %d up, %d down; want %d, %d", given, r, l, up, down, wantUp, wantDown)
			}
		}
	}
}

func TestFatTreePods(t *testing.T) {
	top, _ := build(t, "fattree", Values{"p": int64(4)})
	// Leaf-spine links stay inside a pod; pods have p leaves and p spines.
	per := 16
	podSize := map[int32]int{}
	for r := 0; r < 2*per; r++ {
		podSize[top.Group[r]]++
		for _, u := range top.Graph.Neighbors(int32(r)) {
			if int(u) < 2*per && top.Group[u] != top.Group[r] {
				t.Fatalf("link %d-%d crosses pods %d, %d", r, u, top.Group[r], top.Group[u])
			}
		}
	}
	if len(podSize) != 4 {
		t.Errorf("pods: %v", podSize)
	}
	for r := 2 * per; r < 3*per; r++ {
		if top.Role[r] != RoleCore || top.Group[r] < 4 || top.Group[r] >= 8 {
			t.Errorf("core %d: role %v group %d", r, top.Role[r], top.Group[r])
		}
	}
}

// torusAvg is the exact average distance of the k-ary n-cube over ordered
// pairs of distinct routers: n * k^(n-1) * floor(k^2/4) / (k^n - 1).
func torusAvg(k, n int) float64 {
	kn := math.Pow(float64(k), float64(n))
	return float64(n) * kn / float64(k) * float64(k*k/4) / (kn - 1)
}

func TestTorus(t *testing.T) {
	tests := []struct{ k, n int }{
		{2, 1}, {2, 3}, {3, 1}, {3, 3}, {4, 2}, {5, 3}, {8, 3}, {6, 4}, {3, 5}, {7, 2}, {16, 3},
	}
	for _, tt := range tests {
		given := Values{"k": int64(tt.k), "n": int64(tt.n)}
		top, _ := build(t, "torus", given)
		g := top.Graph
		kn := int(math.Pow(float64(tt.k), float64(tt.n)))
		d, reg := regular(g)
		if g.N() != kn || !reg || d != 2*tt.n {
			t.Errorf("%v: %d routers, degree %d regular %v; want %d, %d-regular", given, g.N(), d, reg, kn, 2*tt.n)
		}
		if want := sizeOf(t, "torus", given); measured(top) != want {
			t.Errorf("%v: built %+v, Size %+v", given, measured(top), want)
		}
		s := distances(t, top)
		if s.Diameter != tt.n*(tt.k/2) {
			t.Errorf("%v: diameter %d, want %d", given, s.Diameter, tt.n*(tt.k/2))
		}
		if got, want := s.AvgDistance(), torusAvg(tt.k, tt.n); math.Abs(got-want) > 1e-12 {
			t.Errorf("%v: average distance %v, want %v", given, got, want)
		}
		for r := 0; r < g.N(); r++ {
			id := 0
			for i := tt.n - 1; i >= 0; i-- {
				id = id*tt.k + int(top.Coords[r*tt.n+i])
			}
			if id != r {
				t.Fatalf("%v: router %d has coords %v", given, r, top.Coords[r*tt.n:(r+1)*tt.n])
			}
		}
	}
}

func TestHypercube(t *testing.T) {
	for n := 1; n <= 10; n++ {
		given := Values{"n": int64(n), "p": int64(2)}
		top, _ := build(t, "hypercube", given)
		g := top.Graph
		d, reg := regular(g)
		if g.N() != 1<<n || !reg || d != n {
			t.Errorf("n = %d: %d routers, degree %d regular %v", n, g.N(), d, reg)
		}
		if want := sizeOf(t, "hypercube", given); measured(top) != want {
			t.Errorf("n = %d: built %+v, Size %+v", n, measured(top), want)
		}
		s := distances(t, top)
		want := float64(n) * float64(int(1)<<(n-1)) / float64(int(1)<<n-1)
		if s.Diameter != n || math.Abs(s.AvgDistance()-want) > 1e-12 {
			t.Errorf("n = %d: diameter %d avg %v; want %d, %v", n, s.Diameter, s.AvgDistance(), n, want)
		}
	}
}

// TestSizeMatchesBuild compares Size with the built graph across families
// and parameters, including p, radix and named choices.
func TestSizeMatchesBuild(t *testing.T) {
	cases := []struct {
		fam   string
		given Values
	}{
		{"torus", Values{"k": int64(2), "n": int64(4), "p": int64(3)}},
		{"torus", Values{"k": int64(5), "n": int64(2), "p": int64(2), "max_radix": int64(6)}},
		{"torus", Values{"k": int64(10), "n": int64(1)}},
		{"hypercube", Values{"n": int64(6), "p": int64(4), "max_radix": int64(10)}},
		{"slimfly", Values{"q": int64(7), "p": "floor"}},
		{"slimfly", Values{"q": int64(8), "p": int64(3), "max_radix": int64(20)}},
		{"slimfly", Values{"q": int64(9), "max_radix": int64(20)}},
		{"dragonfly", Values{"p": int64(1)}},
		{"dragonfly", Values{"p": int64(3), "a": int64(5)}},
		{"dragonfly", Values{"p": int64(4), "h": int64(2), "g": int64(9)}},
		{"fattree", Values{"p": int64(6), "levels": int64(2)}},
		{"fattree", Values{"p": int64(2), "levels": int64(6)}},
	}
	// Sweeps over small parameter ranges.
	for k := int64(2); k <= 6; k++ {
		for n := int64(1); n <= 3; n++ {
			cases = append(cases, struct {
				fam   string
				given Values
			}{"torus", Values{"k": k, "n": n, "p": k - 1}})
		}
	}
	for n := int64(1); n <= 8; n++ {
		cases = append(cases, struct {
			fam   string
			given Values
		}{"hypercube", Values{"n": n, "p": n%3 + 1}})
	}
	for q := int64(3); q <= 32; q++ {
		if _, _, ok := SlimFlyDelta(q); ok {
			for _, p := range []any{"balanced", "floor", q%5 + 1} {
				cases = append(cases, struct {
					fam   string
					given Values
				}{"slimfly", Values{"q": q, "p": p}})
			}
		}
	}
	for p := int64(1); p <= 4; p++ {
		ah := 2 * p * p
		for g := int64(2); g <= ah+1; g++ {
			if ah%(g-1) == 0 {
				cases = append(cases, struct {
					fam   string
					given Values
				}{"dragonfly", Values{"p": p, "g": g}})
			}
		}
	}
	for p := int64(2); p <= 5; p++ {
		for l := int64(1); l <= 4; l++ {
			cases = append(cases, struct {
				fam   string
				given Values
			}{"fattree", Values{"p": p, "levels": l}})
		}
	}
	for _, c := range cases {
		top, _ := build(t, c.fam, c.given)
		if got, want := measured(top), sizeOf(t, c.fam, c.given); got != want {
			t.Errorf("%s %v: built %+v, Size %+v", c.fam, c.given, got, want)
		}
		if len(top.Conc) != top.Graph.N() {
			t.Errorf("%s %v: len(Conc) = %d", c.fam, c.given, len(top.Conc))
		}
		if top.Coords != nil && len(top.Coords) != top.CoordDim*top.Graph.N() {
			t.Errorf("%s %v: len(Coords) = %d, CoordDim %d", c.fam, c.given, len(top.Coords), top.CoordDim)
		}
	}
}

func TestSizeLarge(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Size
	}{
		{"slimfly", Values{"q": int64(1021)}, Size{Routers: 2084882, Endpoints: 2084882 * 766, Links: 1531 * 1021 * 1021, Radix: 1531 + 766, NetworkRadix: 1531}},
		{"slimfly", Values{"q": int64(1 << 20)}, Size{Routers: 1 << 41, Endpoints: (1 << 41) * (3 << 18), Links: (3 << 19) * (1 << 40), Radix: 9 << 18, NetworkRadix: 3 << 19}},
		{"torus", Values{"k": int64(100), "n": int64(6)}, Size{Routers: 1e12, Endpoints: 1e12, Links: 6e12, Radix: 13, NetworkRadix: 12}},
		{"hypercube", Values{"n": int64(40)}, Size{Routers: 1 << 40, Endpoints: 1 << 40, Links: 40 << 39, Radix: 41, NetworkRadix: 40}},
		{"dragonfly", Values{"p": int64(64)}, Size{Routers: 128 * 8193, Endpoints: 64 * 128 * 8193, Links: 8193*128*127/2 + 8193*128*64/2, Radix: 64 + 127 + 64, NetworkRadix: 191}},
		{"fattree", Values{"p": int64(1000), "levels": int64(5)}, Size{Routers: 5e12, Endpoints: 1e15, Links: 4e15, Radix: 2000, NetworkRadix: 2000}},
	}
	for _, tt := range tests {
		if got := sizeOf(t, tt.fam, tt.given); got != tt.want {
			t.Errorf("%s %v: Size = %+v, want %+v", tt.fam, tt.given, got, tt.want)
		}
		f, _ := Default().Lookup(tt.fam)
		v, _ := f.Normalize(tt.given)
		if _, err := f.Build(context.Background(), v); err == nil {
			t.Errorf("%s %v: Build of %d routers succeeded", tt.fam, tt.given, tt.want.Routers)
		}
	}
}

func TestNormalizeErrors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"torus", Values{"k": int64(4), "n": int64(3), "x": int64(1)}, "x", "valid parameters: k, n, p, max_radix"},
		{"torus", Values{"n": int64(3)}, "k", "required"},
		{"torus", Values{"k": int64(0), "n": int64(3)}, "k", "at least 2"},
		{"torus", Values{"k": int64(1), "n": int64(3)}, "k", "at least 2"},
		{"torus", Values{"k": int64(4), "n": int64(0)}, "n", "positive"},
		{"torus", Values{"k": int64(4), "n": int64(3), "p": int64(0)}, "p", "positive"},
		{"torus", Values{"k": int64(4), "n": int64(3), "p": int64(-2)}, "p", "positive"},
		{"torus", Values{"k": int64(4), "n": int64(3), "p": "x"}, "p", "want an integer"},
		{"torus", Values{"k": int64(4), "n": int64(3), "p": int64(20), "max_radix": int64(24)}, "p", "p = 20 needs 26 ports but max_radix = 24"},
		{"torus", Values{"k": int64(4), "n": int64(3), "max_radix": int64(6)}, "max_radix", "too small"},
		{"torus", Values{"k": int64(10), "n": int64(30)}, "n", "overflows"},
		{"hypercube", Values{"n": int64(0)}, "n", "positive"},
		{"hypercube", Values{"n": int64(63)}, "n", "at most 62"},
		{"hypercube", Values{"n": int64(4), "p": int64(5), "max_radix": int64(8)}, "p", "p = 5 needs 9 ports but max_radix = 8"},
		{"slimfly", Values{"q": int64(6)}, "q", "nearest valid: 5, 7"},
		{"slimfly", Values{"q": int64(2)}, "q", "nearest valid: 3"},
		{"slimfly", Values{"q": int64(12)}, "q", "nearest valid: 11, 13"},
		{"slimfly", Values{"q": int64(0)}, "q", "nearest valid: 3"},
		{"slimfly", Values{"q": int64(-5)}, "q", "too small"},
		{"slimfly", Values{"q": int64(1 << 21)}, "q", "too large"},
		{"slimfly", Values{"q": 5.0}, "q", "want int"},
		{"slimfly", Values{"q": int64(19), "p": int64(0)}, "p", "positive"},
		{"slimfly", Values{"q": int64(19), "p": "most"}, "p", `"balanced", "floor"`},
		{"slimfly", Values{"q": int64(19), "max_radix": int64(40)}, "p", "p = 15 needs 44 ports but max_radix = 40"},
		{"slimfly", Values{"q": int64(19), "p": int64(20), "max_radix": int64(44)}, "p", "p = 20 needs 49 ports but max_radix = 44"},
		{"slimfly", Values{"q": int64(19), "max_radix": int64(29)}, "max_radix", "too small"},
		{"dragonfly", Values{}, "p", "required"},
		{"dragonfly", Values{"p": int64(0)}, "p", "positive"},
		{"dragonfly", Values{"p": int64(2), "a": int64(0)}, "a", "positive"},
		{"dragonfly", Values{"p": int64(2), "h": int64(-1)}, "h", "positive"},
		{"dragonfly", Values{"p": int64(2), "g": int64(1)}, "g", "[2, 9]"},
		{"dragonfly", Values{"p": int64(2), "g": int64(10)}, "g", "[2, 9]"},
		{"dragonfly", Values{"p": int64(2), "g": int64(4)}, "g", "valid g: 2, 3, 5, 9"},
		{"dragonfly", Values{"p": int64(2), "a": "max"}, "a", `"balanced"`},
		{"dragonfly", Values{"p": int64(7), "max_radix": int64(26)}, "p", "p = 7 needs 27 ports but max_radix = 26"},
		{"fattree", Values{"p": int64(1)}, "p", "at least 2"},
		{"fattree", Values{"p": int64(4), "levels": int64(0)}, "levels", "positive"},
		{"fattree", Values{"p": int64(1000), "levels": int64(9)}, "levels", "overflows"},
		{"fattree", Values{"p": int64(4), "max_radix": int64(8)}, "max_radix", "valid parameters: p, levels"},
	}
	reg := Default()
	for _, tt := range tests {
		f, _ := reg.Lookup(tt.fam)
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) {
			t.Errorf("%s %v: error %v, want a *ParamError", tt.fam, tt.given, err)
			continue
		}
		if pe.Family != tt.fam || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%s %v: error %q (param %s); want param %s and %q", tt.fam, tt.given, err, pe.Param, tt.param, tt.contains)
		}
		// Size and Build reject the same values with the same error.
		if f.Param(tt.param) != nil {
			if _, err2 := f.Size(tt.given); err2 == nil {
				t.Errorf("%s %v: Size accepted invalid values", tt.fam, tt.given)
			}
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Values
	}{
		{"slimfly", Values{"q": int64(19)}, Values{"q": int64(19), "p": int64(15), "max_radix": int64(0)}},
		{"slimfly", Values{"q": int64(19), "p": "floor"}, Values{"q": int64(19), "p": int64(14), "max_radix": int64(0)}},
		{"slimfly", Values{"q": int64(4)}, Values{"q": int64(4), "p": int64(3), "max_radix": int64(0)}},
		// Projective networks Table 4: SF MMS(19) has Delta_0 = 13 = round(4*29/9);
		// Table 5: SF MMS(27) has 18 = round(4*41/9).
		{"slimfly", Values{"q": int64(19), "p": "projective"}, Values{"q": int64(19), "p": int64(13), "max_radix": int64(0)}},
		{"slimfly", Values{"q": int64(27), "p": "projective"}, Values{"q": int64(27), "p": int64(18), "max_radix": int64(0)}},
		{"dragonfly", Values{"p": int64(4)}, Values{"p": int64(4), "a": int64(8), "h": int64(4), "g": int64(33), "max_radix": int64(0)}},
		{"dragonfly", Values{"p": int64(4), "a": int64(3)}, Values{"p": int64(4), "a": int64(3), "h": int64(4), "g": int64(13), "max_radix": int64(0)}},
		{"torus", Values{"k": int64(4), "n": int64(3)}, Values{"k": int64(4), "n": int64(3), "p": int64(1), "max_radix": int64(0), "dims": []int64{}, "permute": "none", "cabinet_size": int64(16), "seed": int64(1)}},
		{"torus", Values{"dims": []int64{4, 4, 8}}, Values{"k": int64(0), "n": int64(3), "p": int64(1), "max_radix": int64(0), "dims": []int64{4, 4, 8}, "permute": "none", "cabinet_size": int64(16), "seed": int64(1)}},
		{"torus", Values{"dims": []int64{5, 5}}, Values{"k": int64(5), "n": int64(2), "p": int64(1), "max_radix": int64(0), "dims": []int64{}, "permute": "none", "cabinet_size": int64(16), "seed": int64(1)}},
		{"fattree", Values{"p": int64(22)}, Values{"p": int64(22), "levels": int64(3)}},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
		got, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %v: resolved %v, want %v", tt.fam, tt.given, got, tt.want)
		}
		// Resolving again changes nothing.
		again, err := f.Resolve(got)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
}

func TestDefaultRegistry(t *testing.T) {
	r1, r2 := Default(), Default()
	core := []string{"dragonfly", "fattree", "hypercube", "slimfly", "torus"}
	for _, name := range core {
		if _, ok := r1.Lookup(name); !ok {
			t.Errorf("family %s not registered", name)
		}
	}
	for _, name := range r1.Names() {
		f1, _ := r1.Lookup(name)
		f2, _ := r2.Lookup(name)
		if f1 == f2 {
			t.Errorf("%s: Default returned the same *Family twice", name)
		}
		if f1.Version < 1 || len(f1.Doc) < 200 || f1.Resolve == nil || f1.Size == nil {
			t.Errorf("%s: incomplete family (version %d, doc %d chars)", name, f1.Version, len(f1.Doc))
		}
		if f1.SizingOnly() && !strings.Contains(strings.ToLower(f1.Doc), "sizing-only") {
			t.Errorf("%s: sizing-only family whose doc does not say so", name)
		}
		for _, p := range f1.Params {
			if p.Doc == "" {
				t.Errorf("%s: parameter %s has no doc", name, p.Name)
			}
		}
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	cases := []struct {
		fam   string
		given Values
	}{
		{"slimfly", Values{"q": int64(5)}},
		{"fattree", Values{"p": int64(3)}},
		{"dragonfly", Values{"p": int64(2)}},
		{"torus", Values{"k": int64(3), "n": int64(2)}},
	}
	for _, c := range cases {
		top, _ := build(t, c.fam, c.given)
		b, err := top.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := top.MarshalBinary()
		if string(b) != string(b2) {
			t.Errorf("%s: encoding not deterministic", c.fam)
		}
		var got Topology
		if err := got.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: %v", c.fam, err)
		}
		if !slices.Equal(got.Graph.Off, top.Graph.Off) || !slices.Equal(got.Graph.Adj, top.Graph.Adj) ||
			!slices.Equal(got.Conc, top.Conc) || !slices.Equal(got.Role, top.Role) ||
			!slices.Equal(got.Group, top.Group) || !slices.Equal(got.Coords, top.Coords) || got.CoordDim != top.CoordDim ||
			(got.Role == nil) != (top.Role == nil) || (got.Group == nil) != (top.Group == nil) {
			t.Errorf("%s: round trip differs", c.fam)
		}
		// Every truncation and every single-byte corruption is rejected.
		for i := 0; i < len(b); i++ {
			if err := new(Topology).UnmarshalBinary(b[:i]); err == nil {
				t.Fatalf("%s: truncated to %d bytes accepted", c.fam, i)
			}
		}
		for i := 0; i < len(b); i += 7 {
			bad := slices.Clone(b)
			bad[i] ^= 0x5a
			if err := new(Topology).UnmarshalBinary(bad); err == nil {
				t.Fatalf("%s: corruption at byte %d accepted", c.fam, i)
			}
		}
	}
	if _, err := (&Topology{}).MarshalBinary(); err == nil {
		t.Error("topology without graph marshalled")
	}
	top, _ := build(t, "torus", Values{"k": int64(3), "n": int64(1)})
	top.Conc = top.Conc[:1]
	if _, err := top.MarshalBinary(); err == nil {
		t.Error("short Conc marshalled")
	}
}

func FuzzUnmarshal(f *testing.F) {
	for _, given := range []Values{{"q": int64(3)}, {"q": int64(4), "p": int64(1)}} {
		top, _ := build(f, "slimfly", given)
		b, _ := top.MarshalBinary()
		f.Add(b)
	}
	ft, _ := build(f, "fattree", Values{"p": int64(2), "levels": int64(2)})
	b, _ := ft.MarshalBinary()
	f.Add(b)
	f.Add([]byte("RXTOPO"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(data []byte) {
			var top Topology
			if err := top.UnmarshalBinary(data); err != nil {
				return
			}
			// Whatever decodes must be a valid graph and re-encode identically.
			if err := top.Graph.Validate(); err != nil {
				t.Fatalf("decoded invalid graph: %v", err)
			}
			out, err := top.MarshalBinary()
			if err != nil {
				t.Fatalf("re-marshal: %v", err)
			}
			if string(out) != string(data) {
				t.Fatalf("re-encoding differs")
			}
		}
		check(data)
		// Fix up the checksum so that mutations reach the structural checks.
		if len(data) >= 4 {
			fixed := slices.Clone(data)
			binary.LittleEndian.PutUint32(fixed[len(fixed)-4:], crc32.ChecksumIEEE(fixed[:len(fixed)-4]))
			check(fixed)
		}
	})
}

func BenchmarkBuild(b *testing.B) {
	cases := []struct {
		name, fam string
		given     Values
	}{
		{"slimfly-q19", "slimfly", Values{"q": int64(19)}},
		{"slimfly-q49", "slimfly", Values{"q": int64(49)}},
		{"dragonfly-p7", "dragonfly", Values{"p": int64(7)}},
		{"fattree-p22", "fattree", Values{"p": int64(22)}},
		{"torus-16^3", "torus", Values{"k": int64(16), "n": int64(3)}},
		// The paper-scale builds of issue 3.
		{"pn-q31", "pn", Values{"q": int64(31)}},
		{"oft-k32", "oft", Values{"k": int64(32)}},
		{"ring-14-16384", "ring_random", Values{"routers": int64(16384), "degree": int64(14)}},
		{"clex-64^3", "clex", Values{"k": int64(64), "t": int64(3)}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			f, _ := Default().Lookup(c.fam)
			v, err := f.Normalize(c.given)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Build(context.Background(), v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMarshal(b *testing.B) {
	top, _ := build(b, "slimfly", Values{"q": int64(19)})
	data, _ := top.MarshalBinary()
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			top.MarshalBinary()
		}
	})
	b.Run("unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var t Topology
			if err := t.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
