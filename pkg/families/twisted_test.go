package families

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"
)

// twistedRefEdges returns the links (u < v) of TQ_n from the recursive
// definition of Chang, Wang and Hsu (Topological Properties of Twisted
// Cube, Information Sciences 113, 1999), independent of twistedNeighbor:
// TQ_1 = K_2; for odd n >= 3, four copies of TQ_{n-2} prefixed ab = 00, 01,
// 10, 11, with 00x ~ 01x and 10x ~ 11x, plus 00x ~ 10x and 01x ~ 11x if
// P_{n-3}(x) = 0, else 00x ~ 11x and 01x ~ 10x. For even n (the family's
// extension), two copies of TQ_{n-1} joined by 0x ~ 1x.
func twistedRefEdges(n int) map[[2]int]bool {
	out := make(map[[2]int]bool)
	link := func(u, v int) { out[[2]int{min(u, v), max(u, v)}] = true }
	switch {
	case n == 1:
		link(0, 1)
	case n%2 == 0:
		sub, hi := twistedRefEdges(n-1), 1<<(n-1)
		for e := range sub {
			link(e[0], e[1])
			link(hi|e[0], hi|e[1])
		}
		for x := 0; x < hi; x++ {
			link(x, hi|x)
		}
	default:
		sub, m := twistedRefEdges(n-2), n-2
		pre := func(a, b, x int) int { return a<<(m+1) | b<<m | x }
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				for e := range sub {
					link(pre(a, b, e[0]), pre(a, b, e[1]))
				}
			}
		}
		for x := 0; x < 1<<m; x++ {
			link(pre(0, 0, x), pre(0, 1, x))
			link(pre(1, 0, x), pre(1, 1, x))
			if bits.OnesCount(uint(x))%2 == 0 { // P_{n-3}(x) = 0
				link(pre(0, 0, x), pre(1, 0, x))
				link(pre(0, 1, x), pre(1, 1, x))
			} else {
				link(pre(0, 0, x), pre(1, 1, x))
				link(pre(0, 1, x), pre(1, 0, x))
			}
		}
	}
	return out
}

// TestTwistedHypercube builds TQ_n for n = 1..12 and checks the counts
// (2^n routers, n*2^(n-1) links), n-regularity, simplicity, symmetry,
// connectedness, the diameter ceil((n+1)/2) (Efe for odd n; one more than
// TQ_{n-1} for even n), Size against the built graph, Coords, Conc, and
// the links against the recursive definition.
func TestTwistedHypercube(t *testing.T) {
	tests := []struct {
		name     string
		n        int
		diameter int
	}{
		{"TQ1=K2", 1, 1},
		{"even-2=C4", 2, 2},
		{"TQ3", 3, 2},
		{"even-4", 4, 3},
		{"TQ5", 5, 3},
		{"even-6", 6, 4},
		{"TQ7", 7, 4},
		{"even-8", 8, 5},
		{"TQ9", 9, 5},
		{"even-10-fig1a", 10, 6}, // Fig. 1(a) of the layout paper: 2^10 vertices, degree 10
		{"TQ11", 11, 6},
		{"even-12", 12, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.n
			if want := (n + 2) / 2; tt.diameter != want { // ceil((n+1)/2)
				t.Fatalf("table: diameter %d, want ceil((n+1)/2) = %d", tt.diameter, want)
			}
			p := int64(n%3 + 1)
			given := Values{"n": int64(n), "p": p}
			top, _ := build(t, "twisted_hypercube", given) // build validates: sorted, in range, no self loop, symmetric
			g := top.Graph
			routers, links := 1<<n, int64(n)<<(n-1)
			if d, reg := regular(g); g.N() != routers || g.Edges() != links || !reg || d != n {
				t.Errorf("%d routers, %d links, max degree %d regular %v; want %d, %d, %d-regular",
					g.N(), g.Edges(), d, reg, routers, links, n)
			}
			ref := twistedRefEdges(n)
			for v := int32(0); v < int32(g.N()); v++ {
				nb := g.Neighbors(v)
				for k, u := range nb {
					if u == v || (k > 0 && nb[k-1] == u) {
						t.Fatalf("router %d: self loop or parallel link in %v", v, nb)
					}
					if !slices.Contains(g.Neighbors(u), v) {
						t.Fatalf("link %d ~ %d has no reverse", v, u)
					}
					if !ref[[2]int{int(min(u, v)), int(max(u, v))}] {
						t.Fatalf("link %d ~ %d is not in the recursive definition", v, u)
					}
				}
			}
			if int64(len(ref)) != links {
				t.Errorf("recursive definition has %d links, want %d", len(ref), links)
			}
			s := distances(t, top)
			if !s.Connected() || s.Diameter != tt.diameter {
				t.Errorf("diameter %d (unreachable pairs %d), want %d", s.Diameter, s.Unreachable, tt.diameter)
			}
			if got, want := measured(top), sizeOf(t, "twisted_hypercube", given); got != want {
				t.Errorf("built %+v, Size %+v", got, want)
			}
			if top.CoordDim != n || len(top.Coords) != n*routers || len(top.Conc) != routers {
				t.Fatalf("CoordDim %d, %d coords, %d conc", top.CoordDim, len(top.Coords), len(top.Conc))
			}
			for r := 0; r < routers; r++ {
				for i := 0; i < n; i++ {
					if top.Coords[r*n+i] != int32(r>>i&1) {
						t.Fatalf("router %d: coords %v, want its bits", r, top.Coords[r*n:(r+1)*n])
					}
				}
				if int64(top.Conc[r]) != p {
					t.Fatalf("router %d: conc %d, want %d", r, top.Conc[r], p)
				}
			}
		})
	}
}

// TestTwistedNeighborTwists checks the twist on TQ_3 by hand: router 000
// (parity of bit 0 even) has the cube neighbours 001, 010, 100; router 001
// (odd) has 000, 011 and, across bits 2 and 1, 111 instead of 101.
func TestTwistedNeighborTwists(t *testing.T) {
	for _, tt := range []struct {
		u    int
		want []int
	}{
		{0b000, []int{0b001, 0b010, 0b100}},
		{0b001, []int{0b000, 0b011, 0b111}},
		{0b010, []int{0b011, 0b000, 0b110}},
		{0b011, []int{0b010, 0b001, 0b101}},
	} {
		u := tt.u
		var got []int
		for i := 0; i < 3; i++ {
			got = append(got, twistedNeighbor(u, i))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("neighbours of %03b: %03b, want %03b", u, got, tt.want)
		}
	}
}

// TestTwistedSizeMatchesBuild compares Size with the built graph over p,
// max_radix and the permutation options.
func TestTwistedSizeMatchesBuild(t *testing.T) {
	var cases []Values
	for n := int64(1); n <= 9; n++ {
		cases = append(cases, Values{"n": n, "p": n%3 + 1}, Values{"n": n, "p": int64(2), "max_radix": n + 2})
	}
	cases = append(cases,
		Values{"n": int64(10)},
		Values{"n": int64(10), "permute": "partial"},
		Values{"n": int64(8), "permute": "full", "cabinet_size": int64(32), "seed": int64(7)},
	)
	for _, given := range cases {
		top, v := build(t, "twisted_hypercube", given)
		if got, want := measured(top), sizeOf(t, "twisted_hypercube", given); got != want {
			t.Errorf("%v: built %+v, Size %+v", given, got, want)
		}
		if v.Str("permute") != "none" {
			if d, reg := regular(top.Graph); !reg || int64(d) != v.Int("n") || !distances(t, top).Connected() {
				t.Errorf("%v: permuted graph degree %d regular %v or disconnected", given, d, reg)
			}
		}
		if len(top.Cabinet) != top.Graph.N() {
			t.Errorf("%v: %d cabinet entries for %d routers", given, len(top.Cabinet), top.Graph.N())
		}
	}
}

func TestTwistedSizeLarge(t *testing.T) {
	given := Values{"n": int64(40)}
	want := Size{Routers: 1 << 40, Endpoints: 1 << 40, Links: 40 << 39, Radix: 41, NetworkRadix: 40}
	if got := sizeOf(t, "twisted_hypercube", given); got != want {
		t.Errorf("Size = %+v, want %+v", got, want)
	}
	f, _ := Default().Lookup("twisted_hypercube")
	v, _ := f.Normalize(given)
	if _, err := f.Build(context.Background(), v); err == nil {
		t.Errorf("Build of 2^40 routers succeeded")
	}
}

func TestTwistedNormalize(t *testing.T) {
	f, ok := Default().Lookup("twisted_hypercube")
	if !ok {
		t.Fatal("twisted_hypercube not registered")
	}
	got, err := f.Normalize(Values{"n": int64(5)})
	want := Values{"n": int64(5), "p": int64(1), "max_radix": int64(0), "permute": "none", "cabinet_size": int64(16), "seed": int64(1)}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Normalize(n = 5) = %v, %v; want %v", got, err, want)
	}
	for _, tt := range []struct {
		given    Values
		param    string
		contains string
	}{
		{Values{}, "n", "required"},
		{Values{"n": int64(0)}, "n", "positive"},
		{Values{"n": int64(63)}, "n", "at most 62"},
		{Values{"n": int64(4), "p": int64(5), "max_radix": int64(8)}, "p", "p = 5 needs 9 ports but max_radix = 8"},
		{Values{"n": int64(4), "max_radix": int64(4)}, "max_radix", "too small"},
		{Values{"n": int64(4), "permute": "some"}, "permute", `"partial"`},
	} {
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Family != "twisted_hypercube" || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%v: error %v; want parameter %s and %q", tt.given, err, tt.param, tt.contains)
		}
	}
}
