package traffic

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// build builds family fam with the given parameters.
func build(t testing.TB, fam string, given families.Values) (*families.Topology, families.Values) {
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
	return top, v
}

// ring returns a ring of n routers with conc endpoints each.
func ring(t testing.TB, n int, conc int32) *families.Topology {
	t.Helper()
	var edges []graph.Edge
	for i := 0; i < n && n > 1 && !(n == 2 && i == 1); i++ {
		edges = append(edges, graph.Edge{U: int32(i), V: int32((i + 1) % n)})
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	c := make([]int32, n)
	for i := range c {
		c[i] = conc
	}
	return &families.Topology{Graph: g, Conc: c}
}

func mustNew(t testing.TB, name string, top *families.Topology, fam string, v families.Values, seed uint64) Pattern {
	t.Helper()
	p, err := New(name, top, fam, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func tableOf(t testing.TB, p Pattern) []int32 {
	t.Helper()
	f, ok := p.(Fixed)
	if !ok {
		t.Fatalf("%T is not a Fixed pattern", p)
	}
	return f.Table()
}

// checkBijection checks that dst permutes its active set {s : dst[s] >= 0}
// and returns the size of that set.
func checkBijection(t *testing.T, name string, dst []int32) int {
	t.Helper()
	seen := make([]bool, len(dst))
	active := 0
	for s, d := range dst {
		if d < 0 {
			continue
		}
		active++
		if int(d) >= len(dst) || dst[d] < 0 {
			t.Fatalf("%s: %d -> %d, not an active endpoint", name, s, d)
		}
		if seen[d] {
			t.Fatalf("%s: %d is the destination of two sources", name, d)
		}
		seen[d] = true
	}
	return active
}

func TestNamesAndDocs(t *testing.T) {
	want := []string{"bit_complement", "bit_reversal", "random_permutation", "shift", "shift_literal", "shuffle", "transpose", "uniform", "worst_case"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, n := range want {
		if d, ok := Doc(n); !ok || len(d) < 50 {
			t.Errorf("Doc(%q) = %q, %v", n, d, ok)
		}
	}
	top := ring(t, 4, 2)
	if _, err := New("nope", top, "", nil, 1); err == nil || !strings.Contains(err.Error(), "uniform") {
		t.Errorf("unknown pattern: err = %v", err)
	}
	if _, err := New(Uniform, ring(t, 3, 0), "", nil, 1); err == nil {
		t.Error("no endpoints: want an error")
	}
	if _, err := New(WorstCase, top, "torus", nil, 1); err == nil || !strings.Contains(err.Error(), "slimfly") {
		t.Errorf("worst case of torus: err = %v", err)
	}
}

// bit returns bit i of x.
func bit(x uint32, i int) uint32 { return x >> i & 1 }

func TestBitPatternsExact(t *testing.T) {
	// Hand-checked destinations on 16 endpoints (b = 4).
	top := ring(t, 4, 4)
	exact := map[string][][2]int32{
		BitComplement: {{0b0000, 0b1111}, {0b0011, 0b1100}, {0b1010, 0b0101}},
		BitReversal:   {{0b0001, 0b1000}, {0b0110, 0b0110}, {0b1101, 0b1011}, {0b0011, 0b1100}},
		Shuffle:       {{0b1001, 0b0011}, {0b0001, 0b0010}, {0b1000, 0b0001}, {0b1111, 0b1111}, {0b0000, 0b0000}},
		Transpose:     {{0b0111, 0b1101}, {0b0100, 0b0001}, {0b1010, 0b1010}},
	}
	for name, cases := range exact {
		dst := tableOf(t, mustNew(t, name, top, "", nil, 1))
		for _, c := range cases {
			if dst[c[0]] != c[1] {
				t.Errorf("%s: %04b -> %04b, want %04b", name, dst[c[0]], c[0], c[1])
			}
		}
	}
	// The bit definitions of SC14 V-B, bit by bit, on 2^b endpoints.
	for b := 1; b <= 7; b++ {
		n := 1 << b
		top := ring(t, n/2, 2)
		for _, name := range []string{BitComplement, BitReversal, Shuffle, Transpose} {
			if name == Transpose && b < 2 {
				continue
			}
			dst := tableOf(t, mustNew(t, name, top, "", nil, 1))
			for s := uint32(0); s < uint32(n); s++ {
				var d uint32
				for i := 0; i < b; i++ {
					var v uint32
					switch name {
					case BitComplement:
						v = 1 - bit(s, i)
					case BitReversal:
						v = bit(s, b-i-1)
					case Shuffle:
						v = bit(s, (i-1+b)%b)
					case Transpose:
						v = bit(s, (i+b/2)%b)
					}
					d |= v << i
				}
				if dst[s] != int32(d) {
					t.Fatalf("%s, b = %d: %d -> %d, want %d", name, b, s, dst[s], d)
				}
			}
			if checkBijection(t, name, dst) != n {
				t.Fatalf("%s, b = %d: not every endpoint active", name, b)
			}
		}
	}
}

func TestPowerOfTwoSubset(t *testing.T) {
	for _, c := range []struct {
		routers  int
		conc     int32
		pow2, tr int // active endpoints of the bit patterns and of transpose
	}{
		{5, 4, 16, 16},  // E = 20
		{10, 4, 32, 32}, // E = 40: a 8 x 4 transpose
		{3, 1, 2, 0},    // E = 3: transpose idle
		{50, 4, 128, 128},
	} {
		top := ring(t, c.routers, c.conc)
		e := c.routers * int(c.conc)
		for _, name := range []string{BitComplement, BitReversal, Shuffle, Transpose} {
			active := c.pow2
			if name == Transpose {
				active = c.tr
			}
			dst := tableOf(t, mustNew(t, name, top, "", nil, 1))
			if len(dst) != e {
				t.Fatalf("%s: table of %d endpoints, want %d", name, len(dst), e)
			}
			for s, d := range dst {
				if (s < active) != (d >= 0) {
					t.Fatalf("%s, E = %d: endpoint %d -> %d, want active iff < %d", name, e, s, d, active)
				}
			}
			if got := checkBijection(t, name, dst); got != active {
				t.Fatalf("%s, E = %d: %d active endpoints, want %d", name, e, got, active)
			}
		}
		sh := mustNew(t, Shift, top, "", nil, 1)
		rng := rand.New(rand.NewPCG(1, 2))
		for s := int32(0); s < int32(e); s++ {
			if d := sh.Dest(s, rng); (int(s) < c.pow2) != (d >= 0) || int(d) >= c.pow2 {
				t.Fatalf("shift, E = %d: endpoint %d -> %d, want active iff < %d", e, s, d, c.pow2)
			}
		}
	}
}

// TestShift: SC14's shift as evidently meant is the permutation s -> (s +
// N/2) mod N on the first N = 2^b endpoints: no packet to its own source.
func TestShift(t *testing.T) {
	top := ring(t, 5, 4) // E = 20, N = 16
	p := mustNew(t, Shift, top, "", nil, 1)
	if _, ok := p.(Fixed); !ok {
		t.Fatal("shift is not a fixed pattern")
	}
	for s := int32(0); s < 20; s++ {
		want := int32(-1)
		if s < 16 {
			want = (s + 8) % 16
		}
		if d := p.Dest(s, nil); d != want {
			t.Errorf("shift: %d -> %d, want %d", s, d, want)
		}
	}
}

// TestShiftLiteral: read literally, SC14's shift sends each packet of s to
// s mod N/2 or s mod N/2 + N/2 with probability 1/2 each: half of the
// packets to s itself.
func TestShiftLiteral(t *testing.T) {
	top := ring(t, 5, 4) // E = 20, N = 16
	p := mustNew(t, ShiftLiteral, top, "", nil, 1)
	rng := rand.New(rand.NewPCG(3, 4))
	const draws = 400
	for s := int32(0); s < 16; s++ {
		lo, hi := s%8, s%8+8
		self := 0
		for i := 0; i < draws; i++ {
			d := p.Dest(s, rng)
			if d != lo && d != hi {
				t.Fatalf("shift_literal: %d -> %d, want %d or %d", s, d, lo, hi)
			}
			if d == s {
				self++
			}
		}
		// Binomial(400, 1/2): standard deviation 10; 80 is 8 of them.
		if self < draws/2-80 || self > draws/2+80 {
			t.Errorf("shift_literal: %d went to itself in %d of %d draws, want about half", s, self, draws)
		}
	}
	if d := p.Dest(17, rng); d != -1 {
		t.Errorf("shift_literal: inactive endpoint 17 -> %d, want idle", d)
	}
}

func TestUniform(t *testing.T) {
	top := ring(t, 5, 3) // E = 15
	p := mustNew(t, Uniform, top, "", nil, 1)
	rng := rand.New(rand.NewPCG(5, 6))
	const draws = 2800 // 200 per other endpoint
	for s := int32(0); s < 15; s++ {
		count := make([]int, 15)
		for i := 0; i < draws; i++ {
			d := p.Dest(s, rng)
			if d == s || d < 0 || d >= 15 {
				t.Fatalf("uniform: %d -> %d", s, d)
			}
			count[d]++
		}
		for d, c := range count {
			if d != int(s) && (c < 130 || c > 270) { // mean 200, sd about 14
				t.Errorf("uniform: %d -> %d %d times in %d draws, want about 200", s, d, c, draws)
			}
		}
	}
	one := mustNew(t, Uniform, ring(t, 1, 1), "", nil, 0)
	if d := one.Dest(0, rng); d != -1 {
		t.Errorf("uniform on a single endpoint: 0 -> %d, want idle", d)
	}
}

func TestRandomPermutation(t *testing.T) {
	for _, e := range []int{2, 3, 20, 1000} {
		top := ring(t, e, 1)
		a := tableOf(t, mustNew(t, RandomPermutation, top, "", nil, 7))
		if checkBijection(t, "random_permutation", a) != e {
			t.Fatalf("E = %d: not every endpoint active", e)
		}
		for s, d := range a {
			if int(d) == s {
				t.Fatalf("E = %d: fixed point %d", e, s)
			}
		}
		b := tableOf(t, mustNew(t, RandomPermutation, top, "", nil, 7))
		if !slices.Equal(a, b) {
			t.Fatalf("E = %d: the same seed gave different permutations", e)
		}
		if e >= 20 {
			c := tableOf(t, mustNew(t, RandomPermutation, top, "", nil, 8))
			if slices.Equal(a, c) {
				t.Fatalf("E = %d: seeds 7 and 8 gave the same permutation", e)
			}
		}
	}
}

func TestLinkFlows(t *testing.T) {
	// Ring of 4 routers, one endpoint each: 0 -> 2 and 3 -> 1 have two
	// minimal paths each, the tie-break takes the smallest next hop (1 and
	// 0).
	top := ring(t, 4, 1)
	flows, err := LinkFlows(top, &table{[]int32{2, -1, -1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	g := top.Graph
	got := map[[2]int32]int64{}
	for u := int32(0); u < 4; u++ {
		for k := g.Off[u]; k < g.Off[u+1]; k++ {
			if flows[k] != 0 {
				got[[2]int32{u, g.Adj[k]}] = flows[k]
			}
		}
	}
	want := map[[2]int32]int64{{0, 1}: 2, {1, 2}: 1, {3, 0}: 1}
	if len(got) != len(want) {
		t.Fatalf("flows %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("flows %v, want %v", got, want)
		}
	}
	if m, from, to := MaxLinkFlow(g, flows); m != 2 || from != 0 || to != 1 {
		t.Errorf("MaxLinkFlow = %d (%d -> %d), want 2 (0 -> 1)", m, from, to)
	}
	if _, err := LinkFlows(top, &table{[]int32{9, -1, -1, -1}}); err == nil {
		t.Error("destination out of range: want an error")
	}
}

// distances returns all-pairs router distances.
func distances(g *graph.Graph) [][]int32 {
	d := make([][]int32, g.N())
	for u := range d {
		d[u] = make([]int32, g.N())
		graph.BFS(g, int32(u), d[u])
	}
	return d
}

func TestSlimFlyWorstCase(t *testing.T) {
	for _, q := range []int64{5, 7, 11} {
		top, v := build(t, "slimfly", families.Values{"q": q})
		p := v.Int("p")
		l, _ := newLayout(top)
		routerOf := l.routers()
		dist := distances(top.Graph)
		for seed := uint64(1); seed <= 3; seed++ {
			pat := mustNew(t, WorstCase, top, "slimfly", v, seed)
			dst := tableOf(t, pat)
			if got := checkBijection(t, "slimfly worst case", dst); got != int(l.e) {
				t.Fatalf("q = %d: %d active endpoints, want all %d", q, got, l.e)
			}
			for s, d := range dst {
				rs, rd := routerOf[s], routerOf[d]
				if dist[rs][rd] != 2 {
					t.Fatalf("q = %d: routers %d and %d at distance %d, want 2", q, rs, rd, dist[rs][rd])
				}
				if dst[d] != int32(s) {
					t.Fatalf("q = %d: %d -> %d but %d -> %d: routers do not communicate in pairs", q, s, d, d, dst[d])
				}
			}
			flows, err := LinkFlows(top, pat)
			if err != nil {
				t.Fatal(err)
			}
			m, from, to := MaxLinkFlow(top.Graph, flows)
			if m != 2*p {
				t.Fatalf("q = %d, p = %d, seed %d: max link flow %d (%d -> %d), want 2p = %d", q, p, seed, m, from, to, 2*p)
			}
			at := 0
			for _, f := range flows {
				if f == 2*p {
					at++
				}
			}
			_, quads := SlimFlyPartners(top.Graph, seed)
			if at < 2*quads || quads < top.Graph.N()/8 {
				t.Errorf("q = %d: %d arcs carry 2p flows with %d quadruples", q, at, quads)
			}
			t.Logf("q = %d, p = %d, seed %d: %d quadruples cover %d of %d routers; %d arcs carry 2p = %d flows",
				q, p, seed, quads, 4*quads, top.Graph.N(), at, 2*p)
		}
		a := tableOf(t, mustNew(t, WorstCase, top, "slimfly", v, 9))
		b := tableOf(t, mustNew(t, WorstCase, top, "slimfly", v, 9))
		if !slices.Equal(a, b) {
			t.Fatalf("q = %d: the same seed gave different patterns", q)
		}
	}
}

func TestDragonflyWorstCase(t *testing.T) {
	for _, given := range []families.Values{
		{"p": int64(2)},                // a = 4, h = 2, g = 9
		{"p": int64(2), "g": int64(3)}, // g = 3
	} {
		top, v := build(t, "dragonfly", given)
		g := int32(v.Int("g"))
		pat := mustNew(t, WorstCase, top, "dragonfly", v, 1)
		l, _ := newLayout(top)
		routerOf := l.routers()
		rng := rand.New(rand.NewPCG(1, 1))
		hit := make([]bool, l.e)
		for s := int32(0); s < l.e; s++ {
			src := top.Group[routerOf[s]]
			for i := 0; i < 100; i++ {
				d := pat.Dest(s, rng)
				if d < 0 || d >= l.e || top.Group[routerOf[d]] != (src+1)%g {
					t.Fatalf("g = %d: endpoint %d of group %d -> %d (group %d), want group %d", g, s, src, d, top.Group[routerOf[d]], (src+1)%g)
				}
				hit[d] = true
			}
		}
		if slices.Contains(hit, false) {
			t.Errorf("g = %d: some endpoint never received a packet", g)
		}
	}
}

func TestTreeWorstCase(t *testing.T) {
	for _, c := range []struct {
		fam   string
		given families.Values
	}{
		{"fattree", families.Values{"p": int64(3), "levels": int64(3)}},
		{"fattree", families.Values{"p": int64(4), "levels": int64(2)}},
		{"fattree", families.Values{"p": int64(2), "levels": int64(4)}},
		{"fattree_sc14", families.Values{"k": int64(4), "levels": int64(3)}},
		{"fattree_sc14", families.Values{"k": int64(6), "levels": int64(2)}},
		{"myrinet_clos", families.Values{"hosts": int64(128)}},
	} {
		top, v := build(t, c.fam, c.given)
		pat := mustNew(t, WorstCase, top, c.fam, v, 1)
		dst := tableOf(t, pat)
		l, _ := newLayout(top)
		if checkBijection(t, c.fam, dst) != int(l.e) {
			t.Fatalf("%s %v: not every endpoint active", c.fam, c.given)
		}
		routerOf := l.routers()
		for s, d := range dst {
			if top.Group[routerOf[s]] == top.Group[routerOf[d]] {
				t.Fatalf("%s %v: %d -> %d in the same pod", c.fam, c.given, s, d)
			}
		}
		// Every flow enters exactly one top-level (core) switch.
		flows, err := LinkFlows(top, pat)
		if err != nil {
			t.Fatal(err)
		}
		var core int64
		g := top.Graph
		for u := int32(0); int(u) < g.N(); u++ {
			for k := g.Off[u]; k < g.Off[u+1]; k++ {
				if top.Role[g.Adj[k]] == families.RoleCore {
					core += flows[k]
				}
			}
		}
		if core != int64(l.e) {
			t.Errorf("%s %v: %d flows enter a core switch, want all %d", c.fam, c.given, core, l.e)
		}
	}
	top, v := build(t, "fattree", families.Values{"p": int64(4), "levels": int64(1)})
	if _, err := New(WorstCase, top, "fattree", v, 1); err == nil {
		t.Error("single-switch fat tree: want an error")
	}
	top, v = build(t, "myrinet_clos", families.Values{"hosts": int64(128), "permute": "partial"})
	if _, err := New(WorstCase, top, "myrinet_clos", v, 1); err == nil {
		t.Error("permuted Myrinet-Clos: want an error")
	}
}

func TestDiameterTwoWorstCase(t *testing.T) {
	for _, c := range []struct {
		fam   string
		given families.Values
		flows int64 // SC15: h flows (MLFM), k flows (OFT) per link of the path
	}{
		{"mlfm", families.Values{"h": int64(3)}, 3},
		{"mlfm", families.Values{"h": int64(5)}, 5},
		{"mlfm", families.Values{"h": int64(4), "l": int64(2), "p": int64(3)}, 3},
		{"oft", families.Values{"k": int64(4)}, 4},
		{"oft", families.Values{"k": int64(6)}, 6},
		{"sspt", families.Values{"r1": int64(4), "r2": int64(2)}, 4},
	} {
		top, v := build(t, c.fam, c.given)
		pat := mustNew(t, WorstCase, top, c.fam, v, 1)
		dst := tableOf(t, pat)
		l, _ := newLayout(top)
		if checkBijection(t, c.fam, dst) != int(l.e) {
			t.Fatalf("%s %v: not every endpoint active", c.fam, c.given)
		}
		routerOf := l.routers()
		p := int32(v.Int("p"))
		for s, d := range dst {
			rs, rd := routerOf[s], routerOf[d]
			// Shift by p: endpoint j of a leaf router goes to endpoint j of
			// the next leaf router.
			if d != (int32(s)+p)%l.e || rd == rs || d-l.first[rd] != int32(s)-l.first[rs] {
				t.Fatalf("%s: %d -> %d, want %d", c.fam, s, d, (int32(s)+p)%l.e)
			}
			if c.fam == "mlfm" && top.Coords[3*rs+2] == top.Coords[3*rd+2] {
				t.Fatalf("mlfm: %d -> %d in the same column", s, d)
			}
			if c.fam == "oft" && top.Coords[2*rs+1] == top.Coords[2*rd+1] {
				t.Fatalf("oft: %d -> %d symmetrical routers", s, d)
			}
		}
		flows, err := LinkFlows(top, pat)
		if err != nil {
			t.Fatal(err)
		}
		if m, from, to := MaxLinkFlow(top.Graph, flows); m != c.flows {
			t.Errorf("%s %v: max link flow %d (%d -> %d), want %d", c.fam, c.given, m, from, to, c.flows)
		}
	}
}

func TestDestDoesNotAllocate(t *testing.T) {
	top, v := build(t, "slimfly", families.Values{"q": int64(5)})
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range Names() {
		pat := mustNew(t, name, top, "slimfly", v, 1)
		s := int32(0)
		if a := testing.AllocsPerRun(1000, func() { pat.Dest(s%200, rng); s++ }); a != 0 {
			t.Errorf("%s: Dest allocates %.1f times per call", name, a)
		}
	}
	dtop, dv := build(t, "dragonfly", families.Values{"p": int64(2)})
	pat := mustNew(t, WorstCase, dtop, "dragonfly", dv, 1)
	if a := testing.AllocsPerRun(1000, func() { pat.Dest(5, rng) }); a != 0 {
		t.Errorf("dragonfly worst case: Dest allocates %.1f times per call", a)
	}
}

func benchmarkDest(b *testing.B, name string) {
	top, v := build(b, "slimfly", families.Values{"q": int64(19)})
	pat := mustNew(b, name, top, "slimfly", v, 1)
	e := int32(top.Endpoints())
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	s := int32(0)
	var sink int32
	for b.Loop() {
		sink += pat.Dest(s, rng)
		if s++; s == e {
			s = 0
		}
	}
	_ = sink
}

func BenchmarkDestUniform(b *testing.B)           { benchmarkDest(b, Uniform) }
func BenchmarkDestRandomPermutation(b *testing.B) { benchmarkDest(b, RandomPermutation) }
func BenchmarkDestShift(b *testing.B)             { benchmarkDest(b, Shift) }
