package families

import (
	"context"
	"reflect"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// TestOrbits checks every orbit declaration: for each family that has
// one, at several sizes, the distance statistics from one search per
// orbit equal those of the full all-pairs search.
func TestOrbits(t *testing.T) {
	reg := Default()
	cases := []struct {
		family string
		values Values
		orbits int
	}{
		{"torus", Values{"k": int64(4), "n": int64(3)}, 1},
		{"torus", Values{"dims": []int64{3, 4, 5}, "p": int64(2)}, 1},
		{"hypercube", Values{"n": int64(6)}, 1},
		{"hyperx", Values{"dims": []int64{3, 4}, "trunking": int64(2)}, 1},
		{"flattened_butterfly", Values{"k": int64(3), "n": int64(2)}, 1},
		{"folded_hypercube", Values{"n": int64(5)}, 1},
		{"complete", Values{"n": int64(7)}, 1},
		{"complete_bipartite", Values{"n": int64(5)}, 1},
		{"paley", Values{"q": int64(13)}, 1},
		{"paley", Values{"q": int64(25)}, 1},
		{"slimfly", Values{"q": int64(5)}, 1},
		{"slimfly", Values{"q": int64(7)}, 1},
		{"slimfly", Values{"q": int64(8)}, 1},
		{"slimfly", Values{"q": int64(9)}, 1},
		{"pn", Values{"q": int64(3)}, 1},
		{"pn", Values{"q": int64(4)}, 1},
		{"pn", Values{"q": int64(7)}, 1},
		{"turan", Values{"n": int64(11), "r": int64(3)}, 2},
		{"demi_pn", Values{"q": int64(3)}, 3},
		{"demi_pn", Values{"q": int64(4)}, 3},
		{"demi_pn", Values{"q": int64(5)}, 3},
		{"demi_pn", Values{"q": int64(7)}, 3},
		{"demi_pn", Values{"q": int64(8)}, 3},
		{"demi_pn", Values{"q": int64(9)}, 3},
		{"demi_pn", Values{"q": int64(16)}, 3},
		{"polarfly", Values{"q": int64(7)}, 3},
		{"polarfly", Values{"q": int64(8)}, 3},
		{"twisted_torus", Values{"k": int64(4), "shape": "2kxkxk"}, 1},
		{"twisted_torus", Values{"k": int64(3), "shape": "2kx2kxk"}, 1},
		{"twisted_torus", Values{"k": int64(5), "shape": "2kxk"}, 1},
		{"spectralfly", Values{"lps_p": int64(5), "q": int64(13)}, 1},
		{"spectralfly", Values{"lps_p": int64(13), "q": int64(5)}, 1},
		{"spectralfly", Values{"lps_p": int64(5), "q": int64(11)}, 1},
		// The mirror pairs: (routers - a) / 2 + a / 2 for odd g.
		{"dragonfly", Values{"p": int64(2)}, 18},
		{"dragonfly", Values{"p": int64(3)}, 57},
		{"dragonfly", Values{"p": int64(2), "a": int64(4), "h": int64(3), "g": int64(7)}, 14},
		{"dragonfly", Values{"p": int64(2), "a": int64(6), "h": int64(2), "g": int64(5)}, 15},
		// Leaves by group pair, spines by mirror pair.
		{"megafly", Values{"leaves": int64(3)}, 5 + 15},
		{"megafly", Values{"leaves": int64(4), "spines": int64(3), "global_ports": int64(2), "groups": int64(4)}, 2 + 6},
	}
	for _, c := range cases {
		f, ok := reg.Lookup(c.family)
		if !ok || f.Orbits == nil {
			t.Fatalf("%s declares no orbits", c.family)
		}
		v, err := f.Normalize(c.values)
		if err != nil {
			t.Fatalf("%s %v: %v", c.family, c.values, err)
		}
		top, err := f.Build(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		orbit := f.Orbits(v, top)
		m := int32(0)
		for _, o := range orbit {
			m = max(m, o+1)
		}
		if int(m) != c.orbits {
			t.Errorf("%s %v: %d orbits, want %d", c.family, c.values, m, c.orbits)
		}
		want, err := graph.Distances(context.Background(), top.Graph, top.Conc, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := graph.DistancesByOrbit(context.Background(), top.Graph, top.Conc, orbit, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %v: the orbit search differs from the full one:\n%+v\n%+v", c.family, c.values, got, want)
		}
	}
	// A permuted torus has no declared symmetry.
	f, _ := reg.Lookup("torus")
	v, _ := f.Normalize(Values{"k": int64(4), "n": int64(2), "permute": "partial", "cabinet_size": int64(4)})
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	if f.Orbits(v, top) != nil {
		t.Error("a permuted torus declares orbits")
	}
}

// TestMirrorAutomorphism checks that the mirror of the consecutive global
// arrangement (group i to g-1-i, router or spine x to the last minus x)
// maps every link of a dragonfly or megafly to a link, for m = 1 and m > 1
// links between two groups.
func TestMirrorAutomorphism(t *testing.T) {
	reg := Default()
	cases := []struct {
		family string
		values Values
		per    int // routers per group
		first  int // index of the first mirrored router in a group
	}{
		{"dragonfly", Values{"p": int64(2)}, 4, 0},
		{"dragonfly", Values{"p": int64(3)}, 6, 0},
		{"dragonfly", Values{"p": int64(2), "a": int64(4), "h": int64(3), "g": int64(7)}, 4, 0},
		{"dragonfly", Values{"p": int64(2), "a": int64(6), "h": int64(2), "g": int64(5)}, 6, 0},
		{"megafly", Values{"leaves": int64(3)}, 6, 3},
		{"megafly", Values{"leaves": int64(4), "spines": int64(3), "global_ports": int64(2), "groups": int64(4)}, 7, 4},
	}
	for _, c := range cases {
		f, _ := reg.Lookup(c.family)
		v, err := f.Normalize(c.values)
		if err != nil {
			t.Fatalf("%s %v: %v", c.family, c.values, err)
		}
		top, err := f.Build(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		gr := top.Graph
		n := gr.N()
		g := n / c.per
		mirror := func(r int32) int32 {
			grp, idx := int(r)/c.per, int(r)%c.per
			if idx >= c.first {
				idx = c.first + c.per - 1 - idx
			}
			return int32((g-1-grp)*c.per + idx)
		}
		links := map[[2]int32]int{}
		for r := int32(0); int(r) < n; r++ {
			for _, u := range gr.Neighbors(r) {
				links[[2]int32{r, u}]++
			}
		}
		for l, k := range links {
			if got := links[[2]int32{mirror(l[0]), mirror(l[1])}]; got != k {
				t.Errorf("%s %v: link %d-%d (x%d) maps to %d-%d (x%d)", c.family, c.values, l[0], l[1], k, mirror(l[0]), mirror(l[1]), got)
				break
			}
		}
	}
}
