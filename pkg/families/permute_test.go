package families

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// permCabinetCounts returns the number of links per cabinet class (i, j),
// i <= j, as a map key i*m + j.
func permCabinetCounts(g *graph.Graph, cab []int32) map[int64]int {
	m := int64(slices.Max(cab)) + 1
	out := map[int64]int{}
	for v := range g.N() {
		for _, u := range g.Neighbors(int32(v)) {
			if int(u) > v {
				i, j := min(cab[v], cab[u]), max(cab[v], cab[u])
				out[int64(i)*m+int64(j)]++
			}
		}
	}
	return out
}

// permCableDecimeters is the total cable length of the layout paper's floor
// (section III-D) in decimeters: m cabinets on ceil(sqrt(m)) rows of
// ceil(m/rows) cabinets, cabinet c at row c / perRow and column c % perRow,
// 0.6 m wide and 2.1 m deep (aisle included); an inter-cabinet cable is the
// Manhattan distance plus 2 m overhead at each cabinet, an intra-cabinet
// cable 2 m.
func permCableDecimeters(g *graph.Graph, cab []int32) int64 {
	m := int(slices.Max(cab)) + 1
	rows := int(math.Ceil(math.Sqrt(float64(m))))
	perRow := (m + rows - 1) / rows
	var total int64
	for v := range g.N() {
		for _, u := range g.Neighbors(int32(v)) {
			if int(u) < v {
				continue
			}
			a, b := int(cab[v]), int(cab[u])
			if a == b {
				total += 20
				continue
			}
			dr, dc := a/perRow-b/perRow, a%perRow-b%perRow
			total += int64(21*max(dr, -dr)+6*max(dc, -dc)) + 40
		}
	}
	return total
}

func permDegrees(g *graph.Graph) []int {
	d := make([]int, g.N())
	for v := range d {
		d[v] = g.Degree(int32(v))
	}
	return d
}

// permCheck compares a permuted topology with its base.
func permCheck(t *testing.T, name string, base, perm *Topology) {
	t.Helper()
	if !slices.Equal(perm.Cabinet, base.Cabinet) {
		t.Fatalf("%s: cabinets differ", name)
	}
	if !slices.Equal(permDegrees(perm.Graph), permDegrees(base.Graph)) {
		t.Errorf("%s: degree sequence changed", name)
	}
	bc, pc := permCabinetCounts(base.Graph, base.Cabinet), permCabinetCounts(perm.Graph, perm.Cabinet)
	if fmt.Sprint(bc) != fmt.Sprint(pc) {
		t.Errorf("%s: links per cabinet pair changed:\n base %v\n perm %v", name, bc, pc)
	}
	if b, p := permCableDecimeters(base.Graph, base.Cabinet), permCableDecimeters(perm.Graph, perm.Cabinet); b != p {
		t.Errorf("%s: cable length %.1f m, base %.1f m", name, float64(p)/10, float64(b)/10)
	}
	if slices.Equal(perm.Graph.Adj, base.Graph.Adj) {
		t.Errorf("%s: permuted graph equals the base", name)
	}
	if !distances(t, perm).Connected() {
		t.Errorf("%s: not connected", name)
	}
	if !slices.Equal(perm.Conc, base.Conc) || !slices.Equal(perm.Coords, base.Coords) {
		t.Errorf("%s: metadata changed", name)
	}
}

// TestPermutePaperTable1 builds the permuted tori and hypercubes of the
// layout paper (16 switches per cabinet) and compares diameter and average
// shortest path length (ASPL over all ordered pairs including self pairs, as
// the paper's 8.00 for TORUS-4 implies) with Table 1 and section III-B.
func TestPermutePaperTable1(t *testing.T) {
	tests := []struct {
		name     string
		fam      string
		given    Values
		diameter int
		aspl     float64 // paper; 0 = not given
		tol      float64 // relative ASPL tolerance
	}{
		{"TORUS-4", "torus", Values{"k": int64(16), "n": int64(2)}, 16, 8.00, 1e-12},
		{"P-TORUS-4", "torus", Values{"k": int64(16), "n": int64(2), "permute": "partial"}, 10, 5.59, 0.03},
		{"PF-TORUS-4", "torus", Values{"k": int64(16), "n": int64(2), "permute": "full"}, 11, 5.96, 0.03},
		{"TORUS-6", "torus", Values{"k": int64(16), "n": int64(3)}, 24, 12.00, 1e-12},
		{"P-TORUS-6", "torus", Values{"k": int64(16), "n": int64(3), "permute": "partial"}, 16, 8.41, 0.03},
		{"PF-TORUS-6", "torus", Values{"k": int64(16), "n": int64(3), "permute": "full"}, 17, 8.70, 0.03},
		// Section III-B: for n = 12, P-HYPERCUBE has diameter 4 below
		// HYPERCUBE and ASPL 1.63 below (6.00 - 1.63 = 4.37).
		{"P-HYPERCUBE-12", "hypercube", Values{"n": int64(12), "permute": "partial"}, 8, 4.37, 0.03},
	}
	for _, tt := range tests {
		top, _ := build(t, tt.fam, tt.given)
		s := distances(t, top)
		n := float64(top.Graph.N())
		aspl := s.AvgDistance() * (n - 1) / n
		if s.Diameter < tt.diameter-1 || s.Diameter > tt.diameter+1 || math.Abs(aspl-tt.aspl) > tt.tol*tt.aspl {
			t.Errorf("%s: diameter %d, ASPL %.3f (%.3f without self pairs); paper %d, %.2f",
				tt.name, s.Diameter, aspl, s.AvgDistance(), tt.diameter, tt.aspl)
		}
	}
}

// TestPermuteConserves checks degrees, links per cabinet and cabinet pair,
// cable length and connectivity, and that the permutation improves the
// distances, for several bases, cabinet sizes, modes and seeds.
func TestPermuteConserves(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		same  []string // modes that cannot change the graph
	}{
		{"torus", Values{"k": int64(16), "n": int64(2)}, nil},
		{"torus", Values{"k": int64(4), "n": int64(3), "cabinet_size": int64(8)}, nil},
		{"torus", Values{"k": int64(5), "n": int64(3), "cabinet_size": int64(7)}, nil}, // last cabinet partial
		{"hypercube", Values{"n": int64(8)}, nil},
		{"hypercube", Values{"n": int64(10), "cabinet_size": int64(32)}, nil},
		// One router per cabinet: at most one link per pair of cabinets,
		// nothing to swap.
		{"hypercube", Values{"n": int64(6), "cabinet_size": int64(1)}, []string{"partial", "full"}},
		// One cabinet: no pair of cabinets, "full" does nothing.
		{"hypercube", Values{"n": int64(6), "cabinet_size": int64(64)}, []string{"full"}},
	}
	for _, tt := range tests {
		base, _ := build(t, tt.fam, tt.given)
		bs := distances(t, base)
		for _, mode := range []string{"partial", "full"} {
			for seed := int64(1); seed <= 3; seed++ {
				given := withValues(tt.given, "permute", mode, "seed", seed)
				name := fmt.Sprintf("%s %v", tt.fam, given)
				perm, _ := build(t, tt.fam, given)
				if slices.Contains(tt.same, mode) {
					if !slices.Equal(perm.Graph.Adj, base.Graph.Adj) {
						t.Errorf("%s: the graph changed", name)
					}
					continue
				}
				permCheck(t, name, base, perm)
				rndSimple(t, perm.Graph)
				ps := distances(t, perm)
				if ps.Diameter > bs.Diameter || ps.AvgDistance() >= bs.AvgDistance() {
					t.Errorf("%s: diameter %d, average %.3f; base %d, %.3f", name, ps.Diameter, ps.AvgDistance(), bs.Diameter, bs.AvgDistance())
				}
			}
		}
	}
}

// TestPermuteCabinetOrientation permutes with cabinets that do not follow
// the router ids (router r in cabinet r mod m), so that links between two
// cabinets come in both orientations: the per-pair counts must still hold.
func TestPermuteCabinetOrientation(t *testing.T) {
	base, _ := build(t, "torus", Values{"k": int64(8), "n": int64(2)})
	for _, m := range []int32{3, 5, 16} {
		cab := make([]int32, base.Graph.N())
		for r := range cab {
			cab[r] = int32(r) % m
		}
		for _, mode := range []string{"partial", "full"} {
			g, _, err := permuteGraph(context.Background(), "torus", base.Graph, cab, permSpec{mode: mode, cabSize: 1, seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			perm := &Topology{Graph: g, Conc: base.Conc, Coords: base.Coords, Cabinet: cab}
			permCheck(t, fmt.Sprintf("m = %d %s", m, mode), &Topology{Graph: base.Graph, Conc: base.Conc, Coords: base.Coords, Cabinet: cab}, perm)
		}
	}
}

// TestPermuteParallelBase permutes the 2-ary torus, whose base graph has
// parallel links: degrees and cabinet counts are kept.
func TestPermuteParallelBase(t *testing.T) {
	given := Values{"k": int64(2), "n": int64(6), "cabinet_size": int64(4)}
	base, _ := build(t, "torus", given)
	for _, mode := range []string{"partial", "full"} {
		perm, _ := build(t, "torus", withValues(given, "permute", mode))
		permCheck(t, mode, base, perm)
	}
}

func TestPermuteNoneAndCabinets(t *testing.T) {
	plain := torus()
	v, _ := plain.Normalize(Values{"k": int64(6), "n": int64(2)})
	want, _ := plain.Build(context.Background(), v)
	top, vals := build(t, "torus", Values{"k": int64(6), "n": int64(2), "cabinet_size": int64(5)})
	if !slices.Equal(top.Graph.Adj, want.Graph.Adj) || !slices.Equal(top.Graph.Off, want.Graph.Off) {
		t.Error("permute = none changed the graph")
	}
	for r, c := range top.Cabinet {
		if c != int32(r/5) {
			t.Fatalf("router %d in cabinet %d, want %d", r, c, r/5)
		}
	}
	if vals.Str("permute") != "none" || vals.Int("seed") != 1 || vals.Int("cabinet_size") != 5 {
		t.Errorf("resolved %v", vals)
	}
	if sz := sizeOf(t, "torus", Values{"k": int64(6), "n": int64(2), "permute": "full"}); sz != measured(want) {
		t.Errorf("Size %+v, base %+v", sz, measured(want))
	}
	// A family that defines its own cabinets keeps them.
	own := &Family{Name: "own", Doc: "test", Params: []Param{{Name: "n", Kind: Int, Default: int64(6)}}, Version: 3,
		Size: func(Values) (Size, error) { return Size{}, nil },
		Build: func(ctx context.Context, v Values) (*Topology, error) {
			top, err := buildTorus(ctx, "own", 2, int(v.Int("n")), 1, 64)
			if err == nil {
				top.Cabinet = make([]int32, 64)
				for r := range top.Cabinet {
					top.Cabinet[r] = int32(r % 4)
				}
			}
			return top, err
		}}
	w := permutable(own)
	if w.Version != 3 || !strings.HasPrefix(w.Doc, "test ") || !strings.Contains(w.Doc, "section III-A") {
		t.Errorf("wrapped family: version %d, doc %q", w.Version, w.Doc)
	}
	wv, err := w.Normalize(Values{"permute": "partial"})
	if err != nil {
		t.Fatal(err)
	}
	wt, err := w.Build(context.Background(), wv)
	if err != nil {
		t.Fatal(err)
	}
	if wt.Cabinet[5] != 1 || wt.Cabinet[16] != 0 {
		t.Errorf("own cabinets replaced: %v", wt.Cabinet[:8])
	}
}

// TestPermuteResolve wraps a family whose Resolve replaces values (Slim
// Fly's p = "balanced"): the wrapper keeps them and its own parameters.
func TestPermuteResolve(t *testing.T) {
	f := permutable(slimFly())
	v, err := f.Normalize(Values{"q": int64(5), "permute": "full", "seed": int64(9)})
	if err != nil {
		t.Fatal(err)
	}
	want := Values{"q": int64(5), "p": int64(4), "max_radix": int64(0), "permute": "full", "cabinet_size": int64(16), "seed": int64(9)}
	if fmt.Sprint(v) != fmt.Sprint(want) {
		t.Errorf("resolved %v, want %v", v, want)
	}
	again, err := f.Resolve(v)
	if err != nil || fmt.Sprint(again) != fmt.Sprint(v) {
		t.Errorf("Resolve not idempotent: %v, %v", again, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	base := slimFly()
	bv, _ := base.Normalize(Values{"q": int64(5)})
	bt, _ := base.Build(context.Background(), bv)
	bt.Cabinet = top.Cabinet
	permCheck(t, "slimfly q=5", bt, top)
	if d, ok := regular(top.Graph); !ok || d != 7 {
		t.Errorf("permuted Hoffman-Singleton graph: degree %d, regular %v", d, ok)
	}
}

func TestPermuteErrors(t *testing.T) {
	tests := []struct {
		given    Values
		param    string
		contains string
	}{
		{Values{"k": int64(4), "n": int64(2), "permute": "shuffle"}, "permute", `"none", "partial", "full"`},
		{Values{"k": int64(4), "n": int64(2), "permute": int64(1)}, "permute", "want string"},
		{Values{"k": int64(4), "n": int64(2), "cabinet_size": int64(0)}, "cabinet_size", "positive"},
		{Values{"k": int64(4), "n": int64(2), "seed": 1.5}, "seed", "want int"},
		{Values{"k": int64(1), "n": int64(2), "permute": "full"}, "k", "at least 2"},
	}
	f, _ := Default().Lookup("torus")
	for _, tt := range tests {
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%v: error %v; want param %s and %q", tt.given, err, tt.param, tt.contains)
		}
	}
	// Direct calls (no Normalize) validate the added parameters too.
	if _, err := f.Size(Values{"k": int64(4), "n": int64(2), "p": int64(1), "max_radix": int64(0), "permute": "x", "cabinet_size": int64(1), "seed": int64(1)}); err == nil {
		t.Error("Size accepted permute = x")
	}
	// "full" visits every pair of cabinets: too many cabinets is an error,
	// reported by Normalize.
	_, err := f.Normalize(Values{"k": int64(70), "n": int64(2), "permute": "full", "cabinet_size": int64(1)})
	var pe *ParamError
	if !errors.As(err, &pe) || pe.Param != "cabinet_size" || !strings.Contains(pe.Msg, "4900 cabinets") {
		t.Errorf("full with 4,900 cabinets: %v", err)
	}
}

// TestPermuteRetry permutes a ring (2-regular): most swaps inside a cabinet
// split it into cycles, so connected results come from later attempts
// (streams); a base whose cabinets are its components never connects.
func TestPermuteRetry(t *testing.T) {
	base, _ := torus().Build(context.Background(), Values{"k": int64(64), "n": int64(1), "p": int64(1), "max_radix": int64(0)})
	cab := make([]int32, 64)
	for r := range cab {
		cab[r] = int32(r / 8)
	}
	retried := 0
	for seed := int64(1); seed <= 5; seed++ {
		g, attempt, err := permuteGraph(context.Background(), "torus", base.Graph, cab, permSpec{mode: "partial", seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		top := &Topology{Graph: g, Conc: base.Conc}
		if s := distances(t, top); !s.Connected() || s.Diameter != 32 {
			t.Errorf("seed %d: connected %v, diameter %d; want a 64-cycle", seed, s.Connected(), s.Diameter)
		}
		if attempt > 0 {
			retried++
		}
	}
	if retried == 0 {
		t.Error("no seed needed a second attempt")
	}
	// Two disjoint 4-cycles, one per cabinet.
	two, err := graph.FromEdges(8, []graph.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 2, V: 3}, {U: 3, V: 0}, {U: 4, V: 5}, {U: 5, V: 6}, {U: 6, V: 7}, {U: 7, V: 4}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = permuteGraph(context.Background(), "two", two, []int32{0, 0, 0, 0, 1, 1, 1, 1}, permSpec{mode: "full", seed: 1})
	if err == nil || !strings.Contains(err.Error(), "no connected permutation in 64 attempts") {
		t.Errorf("disconnected base: error %v", err)
	}
}
