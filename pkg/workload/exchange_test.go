package workload

import (
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/traffic"
)

// checkAllPairs checks that w sends exactly one message of flits flits from
// every process to every other process of 0..n-1, n-1 per process in one
// step, and nothing from or to endpoints n..E-1.
func checkAllPairs(t *testing.T, w Workload, n int32, flits int64) {
	t.Helper()
	seen := make(map[[2]int32]bool)
	for e := range int32(w.Endpoints()) {
		wantSteps, wantCount := int32(1), n-1
		if e >= n || n < 2 {
			wantSteps, wantCount = 0, 0
		}
		if got := w.Steps(e); got != wantSteps {
			t.Fatalf("%s: Steps(%d) = %d, want %d", w.Name(), e, got, wantSteps)
		}
		if got := w.Count(e, 0); got != wantCount {
			t.Fatalf("%s: Count(%d, 0) = %d, want %d", w.Name(), e, got, wantCount)
		}
		if got := w.Recvs(e, 0); got != wantCount {
			t.Fatalf("%s: Recvs(%d, 0) = %d, want %d", w.Name(), e, got, wantCount)
		}
		for i := range w.Count(e, 0) {
			d, f := w.Message(e, 0, i)
			if d < 0 || d >= n || d == e || f != flits {
				t.Fatalf("%s: message %d of %d: to %d, %d flits", w.Name(), i, e, d, f)
			}
			if seen[[2]int32{e, d}] {
				t.Fatalf("%s: %d sends to %d twice", w.Name(), e, d)
			}
			seen[[2]int32{e, d}] = true
		}
	}
	if want := int(n) * int(n-1); len(seen) != want {
		t.Fatalf("%s: %d ordered pairs, want %d", w.Name(), len(seen), want)
	}
}

func TestAllToAllPairs(t *testing.T) {
	for _, order := range []string{"", OrderShift, OrderRandom, OrderPermutation} {
		for _, seed := range []uint64{0, 1, 2, 42, 1 << 63} {
			for _, active := range []int{0, 1, 2, 3, 5, 12} {
				w := mustNew(t, AllToAll, 12, Params{Flits: 30, Order: order, Seed: seed, Active: active})
				n := int32(active)
				if n == 0 {
					n = 12
				}
				checkAllPairs(t, w, n, 30)
				checkConsistent(t, w)
			}
		}
	}
}

func TestAllToAllShift(t *testing.T) {
	w := mustNew(t, AllToAll, 5, Params{Flits: 7})
	want := [][]int32{{1, 2, 3, 4}, {2, 3, 4, 0}, {3, 4, 0, 1}, {4, 0, 1, 2}, {0, 1, 2, 3}}
	for e, row := range want {
		for i, d := range row {
			if got, f := w.Message(int32(e), 0, int32(i)); got != d || f != 7 {
				t.Errorf("Message(%d, 0, %d) = %d, %d, want %d, 7", e, i, got, f, d)
			}
		}
	}
	// At every message index, the destinations form a permutation.
	w = mustNew(t, AllToAll, 100, Params{Flits: 1, Active: 37})
	for i := range int32(36) {
		hit := make([]bool, 37)
		for e := range int32(37) {
			d, _ := w.Message(e, 0, i)
			if hit[d] {
				t.Fatalf("index %d: %d is the target of two sources", i, d)
			}
			hit[d] = true
		}
	}
}

// TestAllToAllRandom checks that the random order is a bijection onto the
// other processes for N-1 prime and composite, deterministic per seed, and
// different from the shift order and between seeds.
func TestAllToAllRandom(t *testing.T) {
	// N-1: 1, 2, 3, 7 (prime), 11, 13, 4, 9, 12, 16, 30, 99, 210 (composite).
	for _, n := range []int{2, 3, 4, 8, 12, 14, 5, 10, 13, 17, 31, 100, 211} {
		for seed := range uint64(8) {
			checkSeededOrder(t, OrderRandom, n, 3, seed, 2, 3) // at most 2 messages per source up to n = 3: few orders exist
		}
	}
}

// checkSeededOrder checks a seeded all_to_all order on n of n+extra
// endpoints with seed: every pair sent once, the same order for the seed
// and, above fewOrders processes (few orders exist below), an order unlike
// the shift order and unlike another seed's.
func checkSeededOrder(t *testing.T, order string, n, extra int, seed uint64, flits int64, fewOrders int) {
	t.Helper()
	w := mustNew(t, AllToAll, n+extra, Params{Flits: flits, Order: order, Seed: seed, Active: n})
	checkAllPairs(t, w, int32(n), flits)
	again := mustNew(t, AllToAll, n+extra, Params{Flits: flits, Order: order, Seed: seed, Active: n})
	other := mustNew(t, AllToAll, n+extra, Params{Flits: flits, Order: order, Seed: seed + 100, Active: n})
	shift := mustNew(t, AllToAll, n+extra, Params{Flits: flits, Active: n})
	if n <= fewOrders {
		return
	}
	if !slices.Equal(messages(w), messages(again)) {
		t.Fatalf("%s order, n = %d, seed %d: two builds differ", order, n, seed)
	}
	if slices.Equal(messages(w), messages(shift)) {
		t.Errorf("%s order, n = %d, seed %d: equals the shift order", order, n, seed)
	}
	if slices.Equal(messages(w), messages(other)) {
		t.Errorf("%s order, n = %d: seeds %d and %d give the same order", order, n, seed, seed+100)
	}
}

// TestAllToAllPermutation checks the permutation order: every pair once,
// deterministic per seed, different between seeds and from the shift
// order, and without the affine order's long runs: on 240 processes in
// routers of 15 (the SC15 MLFM's layer), the share of consecutive messages
// of a source that go to the same router is about 14/239 (as for uniformly
// random orders), where strides near multiples of 15 give some affine
// orders far more. Too large a table is refused.
func TestAllToAllPermutation(t *testing.T) {
	for _, n := range []int{2, 3, 4, 13, 100} {
		for seed := range uint64(4) {
			checkSeededOrder(t, OrderPermutation, n, 2, seed, 3, 4)
		}
	}
	const n, group = 240, 15
	sameRouter := func(order string) (worst float64) {
		w := mustNew(t, AllToAll, n, Params{Flits: 1, Order: order, Seed: 7})
		for e := range int32(n) {
			same := 0
			prev, _ := w.Message(e, 0, 0)
			for i := int32(1); i < n-1; i++ {
				d, _ := w.Message(e, 0, i)
				if d/group == prev/group {
					same++
				}
				prev = d
			}
			worst = max(worst, float64(same)/float64(n-2))
		}
		return worst
	}
	if got := sameRouter(OrderPermutation); got > 0.15 {
		t.Errorf("permutation order: a source sends %.3f of its consecutive messages into one router, want near 14/239 = 0.059", got)
	}
	if got := sameRouter(OrderRandom); got < 0.5 {
		t.Errorf("random (affine) order: worst source sends %.3f of its consecutive messages into one router; the test expects strides near a multiple of 15 to give long runs", got)
	}
	if _, err := New(AllToAll, 20000, Params{Flits: 1, Order: OrderPermutation}); err == nil || !strings.Contains(err.Error(), "use order random") {
		t.Errorf("20,000 processes with the permutation order: %v, want a refusal", err)
	}
}

// TestAffineOrders checks the per-source multipliers are units of Z_(N-1)
// and not all equal.
func TestAffineOrders(t *testing.T) {
	for _, n := range []int32{5, 10, 13, 31, 1000} {
		a, b := affineOrders(n, 3)
		strides := map[int32]bool{}
		for e := range n {
			if a[e] < 1 || a[e] >= n-1 || gcd(a[e], n-1) != 1 || b[e] < 0 || b[e] >= n-1 {
				t.Fatalf("n = %d: a[%d] = %d, b = %d", n, e, a[e], b[e])
			}
			strides[a[e]] = true
		}
		if len(strides) < 2 {
			t.Errorf("n = %d: a single stride %v", n, strides)
		}
	}
}

func TestPermutation(t *testing.T) {
	for _, e := range []int{2, 3, 12, 100, 1001} {
		for seed := range uint64(5) {
			w := mustNew(t, Permutation, e, Params{Flits: 5, Seed: seed})
			checkConsistent(t, w)
			hit := make([]bool, e)
			for x := range int32(e) {
				if w.Steps(x) != 1 || w.Count(x, 0) != 1 || w.Recvs(x, 0) != 1 {
					t.Fatalf("E = %d: endpoint %d: %d steps, %d messages, %d receives", e, x, w.Steps(x), w.Count(x, 0), w.Recvs(x, 0))
				}
				d, f := w.Message(x, 0, 0)
				if d == x || hit[d] || f != 5 {
					t.Fatalf("E = %d seed %d: %d -> %d (%d flits) is not a derangement", e, seed, x, d, f)
				}
				hit[d] = true
			}
			again := mustNew(t, Permutation, e, Params{Flits: 5, Seed: seed})
			if !slices.Equal(messages(w), messages(again)) {
				t.Fatalf("E = %d seed %d: two builds differ", e, seed)
			}
			if e >= 100 {
				other := mustNew(t, Permutation, e, Params{Flits: 5, Seed: seed + 1})
				if slices.Equal(messages(w), messages(other)) {
					t.Errorf("E = %d: seeds %d and %d give the same permutation", e, seed, seed+1)
				}
			}
		}
	}
	// An active subset: the derangement of 0..6, 7..11 idle.
	w := mustNew(t, Permutation, 12, Params{Flits: 1, Active: 7})
	for x := range int32(12) {
		if want := int32(min(1, 7-min(x, 7))); w.Steps(x) != want {
			t.Errorf("Active 7: Steps(%d) = %d, want %d", x, w.Steps(x), want)
		}
	}
	checkConsistent(t, w)
}

// TestPermutationMatchesTraffic checks that permutation draws the same
// derangement as pkg/traffic's random_permutation from the same seed.
func TestPermutationMatchesTraffic(t *testing.T) {
	for _, tc := range []struct{ routers, conc int }{{6, 2}, {10, 10}, {37, 3}} {
		edges := make([]graph.Edge, tc.routers)
		for i := range edges {
			edges[i] = graph.Edge{U: int32(i), V: int32((i + 1) % tc.routers)}
		}
		g, err := graph.FromEdges(tc.routers, edges)
		if err != nil {
			t.Fatal(err)
		}
		conc := make([]int32, tc.routers)
		for i := range conc {
			conc[i] = int32(tc.conc)
		}
		top := &families.Topology{Graph: g, Conc: conc}
		e := tc.routers * tc.conc
		for seed := range uint64(4) {
			p, err := traffic.New(traffic.RandomPermutation, top, "", nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			tab := p.(traffic.Fixed).Table()
			w := mustNew(t, Permutation, e, Params{Flits: 1, Seed: seed})
			for x := range int32(e) {
				if d, _ := w.Message(x, 0, 0); d != tab[x] {
					t.Fatalf("E = %d seed %d: endpoint %d sends to %d, traffic says %d", e, seed, x, d, tab[x])
				}
			}
		}
	}
}

func TestGCD(t *testing.T) {
	for _, tc := range [][3]int32{{12, 18, 6}, {7, 13, 1}, {0, 5, 5}, {5, 0, 5}, {1, 1, 1}, {99, 33, 33}} {
		if got := gcd(tc[0], tc[1]); got != tc[2] {
			t.Errorf("gcd(%d, %d) = %d, want %d", tc[0], tc[1], got, tc[2])
		}
	}
}
