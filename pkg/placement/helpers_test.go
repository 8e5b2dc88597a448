package placement

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// mustGraph builds a graph from edges or fails the test.
func mustGraph(tb testing.TB, n int, edges []graph.Edge) *graph.Graph {
	tb.Helper()
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// ring returns the cycle on n vertices, i ~ i+1 mod n.
func ring(tb testing.TB, n int) *graph.Graph {
	var e []graph.Edge
	for i := 0; i < n; i++ {
		e = append(e, graph.Edge{U: int32(i), V: int32((i + 1) % n)})
	}
	return mustGraph(tb, n, e)
}

// hypercube returns the d-dimensional hypercube Q_d.
func hypercube(tb testing.TB, d int) *graph.Graph {
	n := 1 << d
	var e []graph.Edge
	for v := 0; v < n; v++ {
		for b := 0; b < d; b++ {
			if u := v ^ 1<<b; u > v {
				e = append(e, graph.Edge{U: int32(v), V: int32(u)})
			}
		}
	}
	return mustGraph(tb, n, e)
}

// cliqueRing returns k cliques of s vertices, clique q's last vertex linked
// to clique q+1's first (mod k), with vertex ids shuffled by seed; clique[v]
// is the clique of vertex v.
func cliqueRing(tb testing.TB, k, s int, seed uint64) (g *graph.Graph, clique []int32) {
	n := k * s
	perm := rand.New(rand.NewPCG(seed, 1)).Perm(n)
	clique = make([]int32, n)
	var e []graph.Edge
	for q := 0; q < k; q++ {
		for i := 0; i < s; i++ {
			clique[perm[q*s+i]] = int32(q)
			for j := i + 1; j < s; j++ {
				e = append(e, graph.Edge{U: int32(perm[q*s+i]), V: int32(perm[q*s+j])})
			}
		}
		e = append(e, graph.Edge{U: int32(perm[q*s+s-1]), V: int32(perm[((q+1)%k)*s])})
	}
	return mustGraph(tb, n, e), clique
}

// randomGraph returns a graph on n vertices with m random links (parallel
// links possible, isolated vertices likely when m is small).
func randomGraph(tb testing.TB, rng *rand.Rand, n, m int) *graph.Graph {
	var e []graph.Edge
	for n > 1 && len(e) < m {
		u, v := rng.IntN(n), rng.IntN(n)
		if u != v {
			e = append(e, graph.Edge{U: int32(u), V: int32(v)})
		}
	}
	return mustGraph(tb, n, e)
}

// famGraph builds a topology of pkg/families.
func famGraph(tb testing.TB, name string, v families.Values) *graph.Graph {
	tb.Helper()
	f, ok := families.Default().Lookup(name)
	if !ok {
		tb.Fatalf("no family %s", name)
	}
	nv, err := f.Normalize(v)
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), nv)
	if err != nil {
		tb.Fatal(err)
	}
	return top.Graph
}

// checkCabinets checks that cab puts n routers in exactly ceil(n/size)
// cabinets of 1..size routers numbered in order of their smallest router.
func checkCabinets(tb testing.TB, cab []int32, n, size int) {
	tb.Helper()
	if len(cab) != n {
		tb.Fatalf("%d cabinet ids for %d routers", len(cab), n)
	}
	m := (n + size - 1) / size
	count := make([]int, m)
	next := int32(0)
	for r, c := range cab {
		if c < 0 || int(c) >= m {
			tb.Fatalf("router %d in cabinet %d, want [0, %d)", r, c, m)
		}
		if c > next {
			tb.Fatalf("router %d opens cabinet %d before cabinet %d: not numbered by smallest router", r, c, next)
		}
		if c == next {
			next++
		}
		count[c]++
	}
	for c, k := range count {
		if k < 1 || k > size {
			tb.Fatalf("cabinet %d holds %d routers, want 1..%d", c, k, size)
		}
	}
}

// samePartition reports whether labelings a and b group the same routers.
func samePartition(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	ab := map[int32]int32{}
	ba := map[int32]int32{}
	for i := range a {
		if x, ok := ab[a[i]]; ok && x != b[i] {
			return false
		}
		if y, ok := ba[b[i]]; ok && y != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

// groups returns the members of every label, each ascending, in order of
// smallest member.
func groups(cl []int32) [][]int32 {
	idx := map[int32]int{}
	var out [][]int32
	for v, c := range cl {
		i, ok := idx[c]
		if !ok {
			i = len(out)
			idx[c] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], int32(v))
	}
	for _, m := range out {
		slices.Sort(m)
	}
	return out
}
