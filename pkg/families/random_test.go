package families

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// rndShortcuts returns the ring distances of the links of a ring family that
// are not ring links, and checks that every ring link is present.
func rndShortcuts(t *testing.T, top *Topology) []int {
	t.Helper()
	g := top.Graph
	n := g.N()
	var out []int
	for v := range n {
		nb := g.Neighbors(int32(v))
		if !slices.Contains(nb, int32((v+1)%n)) {
			t.Fatalf("ring link %d ~ %d missing", v, (v+1)%n)
		}
		for _, u := range nb {
			if d := rndRingDist(v, int(u), n); int(u) > v && d > 1 {
				out = append(out, d)
			}
		}
	}
	return out
}

// rndSimple fails if g has parallel links.
func rndSimple(t *testing.T, g *graph.Graph) {
	t.Helper()
	for v := range g.N() {
		nb := g.Neighbors(int32(v))
		for i := 1; i < len(nb); i++ {
			if nb[i] == nb[i-1] {
				t.Fatalf("parallel links %d ~ %d", v, nb[i])
			}
		}
	}
}

// rndCheckDegrees checks that every router has degree want, except exactly
// one router with want-1 when short.
func rndCheckDegrees(t *testing.T, g *graph.Graph, want int, short bool) {
	t.Helper()
	low := 0
	for v := range g.N() {
		switch d := g.Degree(int32(v)); {
		case d == want:
		case d == want-1 && short:
			low++
		default:
			t.Fatalf("router %d has degree %d, want %d", v, d, want)
		}
	}
	if short && low != 1 {
		t.Fatalf("%d routers of degree %d, want exactly 1", low, want-1)
	}
}

func TestRingRandom(t *testing.T) {
	tests := []struct{ n, deg, seed int64 }{
		{256, 4, 1}, {256, 8, 2}, {255, 5, 1}, {255, 5, 2}, {101, 7, 3}, {1000, 10, 1},
		{3, 2, 1}, {10, 2, 1}, {17, 16, 1}, {16, 15, 4}, {9, 6, 5}, {5, 4, 1},
	}
	for _, tt := range tests {
		given := Values{"routers": tt.n, "degree": tt.deg, "seed": tt.seed, "p": int64(3)}
		top, _ := build(t, "ring_random", given)
		g := top.Graph
		rndSimple(t, g)
		rndCheckDegrees(t, g, int(tt.deg), tt.n*(tt.deg-2)%2 == 1)
		sc := rndShortcuts(t, top)
		if want := int(tt.n * (tt.deg - 2) / 2); len(sc) != want {
			t.Errorf("%v: %d shortcuts, want N(n-2)/2 = %d", given, len(sc), want)
		}
		if got, want := measured(top), sizeOf(t, "ring_random", given); got != want {
			t.Errorf("%v: built %+v, Size %+v", given, got, want)
		}
		if s := distances(t, top); !s.Connected() {
			t.Errorf("%v: not connected", given)
		}
		if tt.deg == tt.n-1 && g.Edges() != tt.n*(tt.n-1)/2 {
			t.Errorf("%v: degree N-1 must give the complete graph, got %d links", given, g.Edges())
		}
	}
}

func TestRingNbr(t *testing.T) {
	tests := []struct {
		n, deg int64
		reach  float64
		limit  int // largest shortcut: ceil(N*reach/2) - 1
	}{
		{256, 4, 0.5, 63}, {256, 8, 0.4, 51}, {255, 5, 0.5, 63}, {4096, 6, 0.1, 204},
		{1000, 12, 0.05, 24}, {100, 3, 0.05, 2}, {256, 6, 1.0, 127}, {64, 6, 0.35, 11},
	}
	for _, tt := range tests {
		given := Values{"routers": tt.n, "degree": tt.deg, "reach": tt.reach}
		top, _ := build(t, "ring_nbr", given)
		rndSimple(t, top.Graph)
		rndCheckDegrees(t, top.Graph, int(tt.deg), tt.n*(tt.deg-2)%2 == 1)
		sc := rndShortcuts(t, top)
		mean := 0.0
		for _, d := range sc {
			// Fewer than N*reach/2 hops.
			if float64(d) >= float64(tt.n)*tt.reach/2 || d > tt.limit {
				t.Fatalf("%v: shortcut of %d hops, limit %d (< N*reach/2 = %g)", given, d, tt.limit, float64(tt.n)*tt.reach/2)
			}
			mean += float64(d) / float64(len(sc))
		}
		// Partners are uniform over the window 2..limit: mean (2+limit)/2
		// (up to end-of-round effects and sampling: within 5%).
		if want := float64(2+tt.limit) / 2; tt.limit > 4 && math.Abs(mean-want) > 0.05*want {
			t.Errorf("%v: mean shortcut length %.2f, want about %.2f", given, mean, want)
		}
		if got, want := measured(top), sizeOf(t, "ring_nbr", given); got != want {
			t.Errorf("%v: built %+v, Size %+v", given, got, want)
		}
	}
}

// rndGaussMeanHops is the mean of |k| over k = round(X), X ~ N(0, sigma^2)
// truncated to [-n/2, n/2], conditioned on |k| >= 2 (offsets 0 and +-1 are
// never shortcuts).
func rndGaussMeanHops(n int, sigma float64) float64 {
	phi := func(x float64) float64 { return 0.5 * (1 + math.Erf(x/(sigma*math.Sqrt2))) }
	half := float64(n) / 2
	var sum, w float64
	for k := 2; float64(k)-0.5 <= half; k++ {
		p := 2 * (phi(min(float64(k)+0.5, half)) - phi(float64(k)-0.5))
		sum += float64(k) * p
		w += p
	}
	return sum / w
}

func TestRingGau(t *testing.T) {
	tests := []struct {
		n, deg int64
		alpha  float64
	}{
		{256, 4, 0.7}, {256, 8, 1.0}, {4096, 6, 0.1}, {4096, 6, 0.5}, {1000, 14, 0.05}, {255, 5, 2.0}, {64, 6, 0.35},
	}
	for _, tt := range tests {
		given := Values{"routers": tt.n, "degree": tt.deg, "alpha": tt.alpha}
		top, _ := build(t, "ring_gau", given)
		rndSimple(t, top.Graph)
		rndCheckDegrees(t, top.Graph, int(tt.deg), tt.n*(tt.deg-2)%2 == 1)
		sc := rndShortcuts(t, top)
		mean := 0.0
		for _, d := range sc {
			mean += float64(d) / float64(len(sc))
		}
		sigma := float64(tt.n) * tt.alpha / 2
		if want := rndGaussMeanHops(int(tt.n), sigma); math.Abs(mean-want) > 0.1*want {
			t.Errorf("%v: mean shortcut length %.2f, want about %.2f (sigma %g)", given, mean, want, sigma)
		}
		if got, want := measured(top), sizeOf(t, "ring_gau", given); got != want {
			t.Errorf("%v: built %+v, Size %+v", given, got, want)
		}
	}
}

func TestRandomRegular(t *testing.T) {
	tests := []struct{ n, d, seed int64 }{
		{16, 3, 1}, {100, 4, 1}, {1000, 14, 2}, {10, 9, 1}, {7, 4, 3}, {50, 49, 1}, {8, 3, 7}, {4, 3, 1}, {64, 5, 9},
	}
	for _, tt := range tests {
		given := Values{"routers": tt.n, "degree": tt.d, "seed": tt.seed}
		top, _ := build(t, "random_regular", given)
		rndSimple(t, top.Graph)
		rndCheckDegrees(t, top.Graph, int(tt.d), false)
		if s := distances(t, top); !s.Connected() {
			t.Errorf("%v: not connected", given)
		}
		if got, want := measured(top), sizeOf(t, "random_regular", given); got != want {
			t.Errorf("%v: built %+v, Size %+v", given, got, want)
		}
	}
}

// TestRandomSizeMatchesBuild sweeps small parameters of every random family
// (seeds 1..3) and checks simplicity, degrees, connectivity and Size.
func TestRandomSizeMatchesBuild(t *testing.T) {
	for n := int64(3); n <= 14; n++ {
		for d := int64(2); d < n; d++ {
			for seed := int64(1); seed <= 3; seed++ {
				cases := []struct {
					fam   string
					given Values
				}{
					{"ring_random", Values{"routers": n, "degree": d, "seed": seed}},
					{"ring_gau", Values{"routers": n, "degree": d, "seed": seed, "alpha": 0.7, "p": d}},
				}
				// Nbr(0.7) needs enough partners within its limit; when only
				// 2-hop shortcuts are allowed and N = 2 mod 4, they form two
				// odd cycles and degree 3 has no completion (see
				// TestRandomImpossibleCompletion).
				limit := min(int(math.Ceil(float64(n)*0.7/2))-1, int(n/2))
				if rndRingCandidates(int(n), limit) >= int(d)-2 && !(limit == 2 && n%4 == 2 && d == 3) {
					cases = append(cases, struct {
						fam   string
						given Values
					}{"ring_nbr", Values{"routers": n, "degree": d, "seed": seed, "reach": 0.7}})
				}
				if n >= 4 && d >= 3 && n*d%2 == 0 {
					cases = append(cases, struct {
						fam   string
						given Values
					}{"random_regular", Values{"routers": n, "degree": d, "seed": seed}})
				}
				for _, c := range cases {
					top, _ := build(t, c.fam, c.given)
					rndSimple(t, top.Graph)
					if got, want := measured(top), sizeOf(t, c.fam, c.given); got != want {
						t.Errorf("%s %v: built %+v, Size %+v", c.fam, c.given, got, want)
					}
					rndCheckDegrees(t, top.Graph, int(d), n*d%2 == 1)
					if !distances(t, top).Connected() {
						t.Errorf("%s %v: not connected", c.fam, c.given)
					}
				}
			}
		}
	}
}

func TestRandomImpossibleCompletion(t *testing.T) {
	// Only 2-hop shortcuts on a 6-ring: the 2-hop graph is two triangles,
	// which have no perfect matching.
	f, _ := Default().Lookup("ring_nbr")
	v, err := f.Normalize(Values{"routers": int64(6), "degree": int64(3), "reach": 1.0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "could not complete") {
		t.Errorf("Build: %v, want a completion error", err)
	}
}

// rndAdjHash is the CRC-32 of the adjacency array (little endian).
func rndAdjHash(g *graph.Graph) uint32 {
	b := make([]byte, 0, 4*len(g.Adj))
	for _, u := range g.Adj {
		b = binary.LittleEndian.AppendUint32(b, uint32(u))
	}
	return crc32.ChecksumIEEE(b)
}

// TestRandomDeterminism checks that a seed gives the same graph (on every
// machine: the golden checksums pin the exact graphs), and another seed
// another graph.
func TestRandomDeterminism(t *testing.T) {
	tests := []struct {
		fam    string
		given  Values
		golden uint32
	}{
		{"ring_random", Values{"routers": int64(256), "degree": int64(6)}, 0x6d6b9e2f},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(6), "reach": 0.3}, 0x2171a9f2},
		{"ring_gau", Values{"routers": int64(256), "degree": int64(6), "alpha": 0.5}, 0x63e6f43f},
		{"random_regular", Values{"routers": int64(256), "degree": int64(6)}, 0xcbd7fc83},
		{"torus", Values{"k": int64(16), "n": int64(2), "permute": "partial"}, 0x33ad15cc},
		{"torus", Values{"k": int64(16), "n": int64(2), "permute": "full"}, 0x7efcd8d5},
		{"hypercube", Values{"n": int64(8), "permute": "partial", "cabinet_size": int64(8)}, 0xb0e01439},
	}
	for _, tt := range tests {
		a, _ := build(t, tt.fam, tt.given)
		b, _ := build(t, tt.fam, tt.given)
		if !slices.Equal(a.Graph.Off, b.Graph.Off) || !slices.Equal(a.Graph.Adj, b.Graph.Adj) {
			t.Errorf("%s %v: same seed, different graphs", tt.fam, tt.given)
		}
		if h := rndAdjHash(a.Graph); h != tt.golden {
			t.Errorf("%s %v: graph checksum %#08x, want %#08x", tt.fam, tt.given, h, tt.golden)
		}
		other := withValues(tt.given, "seed", int64(2))
		c, _ := build(t, tt.fam, other)
		if slices.Equal(a.Graph.Adj, c.Graph.Adj) {
			t.Errorf("%s %v: seeds 1 and 2 give the same graph", tt.fam, tt.given)
		}
	}
}

// TestRandomPaperTable1 compares RING-n with the layout paper (Table 1 and
// section III-B): diameter and average shortest path length (ASPL, which the
// paper averages over all ordered pairs including a router with itself:
// TORUS-4 has 8.00 that way).
func TestRandomPaperTable1(t *testing.T) {
	tests := []struct {
		n, deg   int64
		diameter int
		aspl     float64
	}{
		{256, 4, 7, 4.38},   // Table 1 RING-4
		{4096, 6, 7, 5.06},  // Table 1 RING-6
		{4096, 12, 5, 3.65}, // section III-B: P-HYPERCUBE (n = 12) is 3 hops and 0.72 hops above RING-12
	}
	for _, tt := range tests {
		top, _ := build(t, "ring_random", Values{"routers": tt.n, "degree": tt.deg})
		s := distances(t, top)
		n := float64(tt.n)
		aspl := s.AvgDistance() * (n - 1) / n
		if s.Diameter < tt.diameter-1 || s.Diameter > tt.diameter+1 || math.Abs(aspl-tt.aspl) > 0.03*tt.aspl {
			t.Errorf("RING-%d on %d: diameter %d, ASPL %.3f; paper %d, %.2f", tt.deg, tt.n, s.Diameter, aspl, tt.diameter, tt.aspl)
		}
	}
}

func TestRndLogAndNormal(t *testing.T) {
	for i := 1; i < 20000; i++ {
		x := float64(i) / 20000
		x = x * x * x // dense near 0
		got, want := rndLog(x), math.Log(x)
		if math.Abs(got-want) > 2e-16*math.Max(1, math.Abs(want)) {
			t.Fatalf("rndLog(%g) = %v, math.Log = %v", x, got, want)
		}
	}
	r := newRndSource(1, 99, 0)
	const k = 200000
	var s1, s2, s4 float64
	for range k {
		z := r.normal()
		s1 += z
		s2 += z * z
		s4 += z * z * z * z
	}
	mean, variance, kurt := s1/k, s2/k, s4/k
	if math.Abs(mean) > 0.01 || math.Abs(variance-1) > 0.01 || math.Abs(kurt-3) > 0.05 {
		t.Errorf("normal: mean %.4f, variance %.4f, fourth moment %.4f; want 0, 1, 3", mean, variance, kurt)
	}
	// intN is uniform and in range.
	counts := make([]int, 7)
	for range 70000 {
		counts[r.intN(7)]++
	}
	for i, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("intN(7): value %d drawn %d times of 70000", i, c)
		}
	}
}

func TestRandomErrors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"ring_random", Values{"degree": int64(4)}, "routers", "required"},
		{"ring_random", Values{"routers": int64(2), "degree": int64(2)}, "routers", "at least 3"},
		{"ring_random", Values{"routers": int64(10), "degree": int64(1)}, "degree", "at least 2"},
		{"ring_random", Values{"routers": int64(10), "degree": int64(10)}, "degree", "at most routers - 1 = 9"},
		{"ring_random", Values{"routers": int64(10), "degree": int64(4), "p": int64(0)}, "p", "positive"},
		{"ring_random", Values{"routers": int64(10), "degree": int64(4), "seed": "x"}, "seed", "want an integer"},
		{"ring_random", Values{"routers": int64(10), "degree": int64(4), "reach": 0.5}, "reach", "unknown parameter"},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(4), "reach": 0.0}, "reach", "must be in (0, 1]"},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(4), "reach": 1.5}, "reach", "must be in (0, 1]"},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(4), "reach": math.NaN()}, "reach", "must be in (0, 1]"},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(4), "reach": int64(1)}, "reach", "want float"},
		{"ring_nbr", Values{"routers": int64(256), "degree": int64(8), "reach": 0.02}, "reach", "at most 2 ring hops"},
		{"ring_gau", Values{"routers": int64(256), "degree": int64(4), "alpha": -1.0}, "alpha", "must be in (0, 1e+06]"},
		{"ring_gau", Values{"routers": int64(256), "degree": int64(4), "alpha": 0.001}, "alpha", "less than one ring hop"},
		{"random_regular", Values{"routers": int64(9), "degree": int64(3)}, "degree", "is odd"},
		{"random_regular", Values{"routers": int64(9), "degree": int64(2)}, "degree", "at least 3"},
		{"random_regular", Values{"routers": int64(8), "degree": int64(8)}, "degree", "at most routers - 1 = 7"},
		{"random_regular", Values{"routers": int64(3), "degree": int64(3)}, "routers", "at least 4"},
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
	}
}

func TestRandomSizeLarge(t *testing.T) {
	const n = math.MaxInt32
	tests := []struct {
		fam   string
		given Values
		want  Size
	}{
		{"ring_random", Values{"routers": int64(n), "degree": int64(100), "p": int64(10)},
			Size{Routers: n, Endpoints: 10 * n, Links: n + n*98/2, Radix: 110, NetworkRadix: 100}},
		{"ring_nbr", Values{"routers": int64(n), "degree": int64(5)},
			Size{Routers: n, Endpoints: n, Links: n + n*3/2, Radix: 6, NetworkRadix: 5}},
		{"ring_gau", Values{"routers": int64(n), "degree": int64(3)},
			Size{Routers: n, Endpoints: n, Links: n + n/2, Radix: 4, NetworkRadix: 3}},
		{"random_regular", Values{"routers": int64(n - 1), "degree": int64(64)},
			Size{Routers: n - 1, Endpoints: n - 1, Links: (n - 1) * 32, Radix: 65, NetworkRadix: 64}},
	}
	for _, tt := range tests {
		if got := sizeOf(t, tt.fam, tt.given); got != tt.want {
			t.Errorf("%s %v: Size = %+v, want %+v", tt.fam, tt.given, got, tt.want)
		}
		f, _ := Default().Lookup(tt.fam)
		v, _ := f.Normalize(tt.given)
		if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "too large to build") {
			t.Errorf("%s %v: Build error %v, want too large", tt.fam, tt.given, err)
		}
	}
}

func BenchmarkBuildRandom(b *testing.B) {
	cases := []struct {
		name, fam string
		given     Values
	}{
		{"ring-14-16384", "ring_random", Values{"routers": int64(16384), "degree": int64(14)}},
		{"nbr0.5-14-16384", "ring_nbr", Values{"routers": int64(16384), "degree": int64(14), "reach": 0.5}},
		{"gau1.0-14-16384", "ring_gau", Values{"routers": int64(16384), "degree": int64(14), "alpha": 1.0}},
		{"regular-14-16384", "random_regular", Values{"routers": int64(16384), "degree": int64(14)}},
		{"p-hypercube-14", "hypercube", Values{"n": int64(14), "permute": "partial"}},
		{"pf-hypercube-14", "hypercube", Values{"n": int64(14), "permute": "full"}},
		{"hypercube-14", "hypercube", Values{"n": int64(14)}},
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
