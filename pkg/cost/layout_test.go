package cost

import (
	"context"
	"math"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

func build(t testing.TB, family string, given families.Values) (families.Values, families.Size, *families.Topology) {
	t.Helper()
	f, ok := families.Default().Lookup(family)
	if !ok {
		t.Fatalf("no family %s", family)
	}
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatal(err)
	}
	sz, err := f.Size(v)
	if err != nil {
		t.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	return v, sz, top
}

func TestIsqrt(t *testing.T) {
	for n := 0; n < 10000; n++ {
		r := isqrt(n)
		if r*r > n || (r+1)*(r+1) <= n {
			t.Fatalf("isqrt(%d) = %d", n, r)
		}
	}
}

func TestGrid(t *testing.T) {
	type pos struct{ col, row int }
	for _, c := range []struct {
		floor string
		n     int
		want  map[int]pos // rack -> position (a sample)
		rows  int         // rows used
	}{
		// SC14 VI-A: 19 racks = 4 x 4 + 3.
		{"near_square", 19, map[int]pos{0: {0, 0}, 3: {3, 0}, 4: {0, 1}, 15: {3, 3}, 16: {0, 4}, 18: {2, 4}}, 5},
		// 32 racks = 5 x 6 + 2; 99 = 9 x 11; 243 = 15 x 16 + 3.
		{"near_square", 32, map[int]pos{29: {4, 5}, 30: {0, 6}, 31: {1, 6}}, 7},
		{"near_square", 99, map[int]pos{98: {8, 10}}, 11},
		{"near_square", 243, map[int]pos{239: {14, 15}, 242: {2, 16}}, 17},
		{"near_square", 1, map[int]pos{0: {0, 0}}, 1},
		// Layout paper III-D: 5 cabinets: 3 rows of 2, serpentine.
		{"rows", 5, map[int]pos{0: {0, 0}, 1: {1, 0}, 2: {1, 1}, 3: {0, 1}, 4: {0, 2}}, 3},
		// 512 cabinets: 23 rows of 23.
		{"rows", 512, map[int]pos{22: {22, 0}, 23: {22, 1}, 45: {0, 1}, 46: {0, 2}, 511: {5, 22}}, 23},
	} {
		col, row, err := Grid(c.floor, c.n)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range c.want {
			if col[i] != p.col || row[i] != p.row {
				t.Errorf("%s n = %d: rack %d at (%d, %d), want (%d, %d)", c.floor, c.n, i, col[i], row[i], p.col, p.row)
			}
		}
		if got := row[c.n-1] + 1; got != c.rows {
			t.Errorf("%s n = %d: %d rows, want %d", c.floor, c.n, got, c.rows)
		}
		seen := map[pos]bool{}
		for i := range col {
			p := pos{col[i], row[i]}
			if seen[p] {
				t.Fatalf("%s n = %d: two racks at %v", c.floor, c.n, p)
			}
			seen[p] = true
		}
	}
	if _, _, err := Grid("spiral", 4); err == nil {
		t.Error("unknown floor accepted")
	}
	x, y, err := Place("rows", 5, 0.6, 2.1)
	if err != nil || x[2] != 0.6 || y[2] != 2.1 || x[4] != 0 || y[4] != 4.2 {
		t.Errorf("Place rows: %v %v %v", x, y, err)
	}
}

// TestSlimFlyRacks checks the SC14 VI-A layout: q racks of 2q routers, each
// rack with the same q(q-delta)/2 + q intra-rack links (two blocks of q
// routers of degree (q-delta)/2, plus q links between them), and "2q
// inter-connections between every pair of racks".
func TestSlimFlyRacks(t *testing.T) {
	m, _ := Preset("sc14")
	for _, q := range []int{5, 7, 8, 9, 19} {
		_, _, top := build(t, "slimfly", families.Values{"q": int64(q)})
		l, err := NewLayout(context.Background(), &m, "slimfly", top)
		if err != nil {
			t.Fatal(err)
		}
		if l.Racks() != q {
			t.Fatalf("q = %d: %d racks", q, l.Racks())
		}
		delta, _, _ := families.SlimFlyDelta(int64(q))
		members := make([]int, q)
		intra := make([]int, q)
		pair := make([]int, q*q)
		g := top.Graph
		for u := 0; u < g.N(); u++ {
			members[l.Rack[u]]++
			for _, w := range g.Neighbors(int32(u)) {
				if int(w) > u {
					a, b := l.Rack[u], l.Rack[w]
					if a == b {
						intra[a]++
					} else {
						pair[int(min(a, b))*q+int(max(a, b))]++
					}
				}
			}
		}
		wantIntra := q*(q-int(delta))/2 + q
		for r := 0; r < q; r++ {
			if members[r] != 2*q || intra[r] != wantIntra {
				t.Errorf("q = %d rack %d: %d routers, %d intra links; want %d, %d", q, r, members[r], intra[r], 2*q, wantIntra)
			}
			for s := r + 1; s < q; s++ {
				if pair[r*q+s] != 2*q {
					t.Errorf("q = %d racks %d, %d: %d links, want %d", q, r, s, pair[r*q+s], 2*q)
				}
			}
		}
	}
}

// TestSlimFlyCost recomputes the SC14 Slim Fly (q = 19) by hand: 19 racks
// on the near-square floor (4 per row), 38 fiber cables between every pair
// of racks of length Manhattan distance + 2 m, 209 electric cables of 1 m
// in every rack, 722 routers of 44 ports.
func TestSlimFlyCost(t *testing.T) {
	m, _ := Preset("sc14")
	v, sz, top := build(t, "slimfly", families.Values{"q": int64(19)})
	b, err := Evaluate(context.Background(), m, "slimfly", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	var fiberLen float64
	for i := 0; i < 19; i++ {
		for j := i + 1; j < 19; j++ {
			d := math.Abs(float64(i%4-j%4)) + math.Abs(float64(i/4-j/4))
			fiberLen += 38 * (d + 2)
		}
	}
	total := 722*(350.4*44-892.3) + 3971*40*(0.5771+0.4079) + 40*(6498*7.2745+0.0919*fiberLen)
	if b.ElectricCables != 3971 || b.FiberCables != 6498 || b.Racks != 19 {
		t.Errorf("cables %d/%d racks %d", b.ElectricCables, b.FiberCables, b.Racks)
	}
	if relErr(b.FiberLength, fiberLen) > 1e-12 || b.ElectricLength != 3971 {
		t.Errorf("lengths %v/%v, want %v/3971", b.FiberLength, b.ElectricLength, fiberLen)
	}
	if relErr(b.Total, total) > 1e-12 || relErr(b.PerEndpoint, total/10830) > 1e-12 {
		t.Errorf("total %v, want %v", b.Total, total)
	}
	if relErr(b.Power, 722*44*2.8) > 1e-12 {
		t.Errorf("power %v", b.Power)
	}
}

// TestAnalyticMatchesBuilt checks that the analytic models of Evaluate (t =
// nil) agree with the link-by-link evaluation of the built topology.
func TestAnalyticMatchesBuilt(t *testing.T) {
	sc14m, _ := Preset("sc14")
	cab, _ := Preset("cabinet_grid")
	small := sc14m
	small.RackRouters = 16
	for _, c := range []struct {
		name   string
		m      Model
		family string
		v      families.Values
	}{
		{"DF p=3", sc14m, "dragonfly", families.Values{"p": int64(3)}},
		{"DF p=7", sc14m, "dragonfly", families.Values{"p": int64(7)}},
		{"HC n=13", sc14m, "hypercube", families.Values{"n": int64(13)}},
		{"HC n=10 racks 16", small, "hypercube", families.Values{"n": int64(10)}},
		{"HC n=8 cabinets", cab, "hypercube", families.Values{"n": int64(8), "p": int64(2)}},
		{"HC n=4 one rack", sc14m, "hypercube", families.Values{"n": int64(4)}},
		{"T3D", sc14m, "torus", families.Values{"k": int64(6), "n": int64(3)}},
		{"FT k=8", sc14m, "fattree_sc14", families.Values{"k": int64(8)}},
		{"FT k=6 L=2", sc14m, "fattree_sc14", families.Values{"k": int64(6), "levels": int64(2)}},
		{"k-ary 3-tree", sc14m, "fattree", families.Values{"p": int64(4)}},
	} {
		v, sz, top := build(t, c.family, c.v)
		built, err := Evaluate(context.Background(), c.m, c.family, v, sz, top)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		an, err := Evaluate(context.Background(), c.m, c.family, v, sz, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if built.ElectricCables != an.ElectricCables || built.FiberCables != an.FiberCables || built.Routers != an.Routers ||
			built.Endpoints != an.Endpoints || built.Radix != an.Radix ||
			relErr(built.FiberLength, an.FiberLength) > 1e-12 || relErr(built.ElectricLength, an.ElectricLength) > 1e-12 ||
			relErr(built.Total, an.Total) > 1e-12 {
			t.Errorf("%s: built %+v\nanalytic %+v", c.name, *built, *an)
		}
	}
}

// TestLongHop checks the analytic Long Hop model against the hypercube:
// L*N/2 more electric cables, L more ports per router.
func TestLongHop(t *testing.T) {
	m, _ := Preset("sc14")
	reg := families.Default()
	f, _ := reg.Lookup("long_hop")
	v, err := f.Normalize(families.Values{"n": int64(13)})
	if err != nil {
		t.Fatal(err)
	}
	sz, _ := f.Size(v)
	lh, err := Evaluate(context.Background(), m, "long_hop", v, sz, nil)
	if err != nil {
		t.Fatal(err)
	}
	hv, hsz, htop := build(t, "hypercube", families.Values{"n": int64(13)})
	hc, err := Evaluate(context.Background(), m, "hypercube", hv, hsz, htop)
	if err != nil {
		t.Fatal(err)
	}
	if v.Int("extra") != 5 || lh.ElectricCables-hc.ElectricCables != 5*8192/2 || lh.FiberCables != hc.FiberCables ||
		lh.FiberLength != hc.FiberLength || lh.Radix != hc.Radix+5 {
		t.Errorf("LH %+v\nHC %+v", *lh, *hc)
	}
	want := hc.Total + 8192*5*350.4 + 5*8192/2*39.4
	if relErr(lh.Total, want) > 1e-12 {
		t.Errorf("LH total %v, want %v", lh.Total, want)
	}
}

// TestFatTreeEndpointCables checks the central-row fat tree model with
// deeper rows, so that the outer pod rows need optical endpoint cables: k =
// 43, 43 pods in 8 rows of 6 (the last with 1 pod), central row after row 3:
// rows 0 and 7 cross 4 rows, 4 * 5 m + 2 m = 22 m >= 20 m, so their 7 pods
// of p^2 = 462.25 endpoints are optical; rows 1 and 6 cross 3 rows (17 m).
func TestFatTreeEndpointCables(t *testing.T) {
	m, _ := Preset("sc14")
	m.RackDepth = 5
	f, _ := families.Default().Lookup("fattree_sc14")
	v, _ := f.Normalize(families.Values{"k": int64(43)})
	sz, _ := f.Size(v)
	b, err := Evaluate(context.Background(), m, "fattree_sc14", v, sz, nil)
	if err != nil {
		t.Fatal(err)
	}
	const pp = 21.5 * 21.5
	ne := int64(36 * pp) // 16,641
	nf := int64(19876) - ne
	if b.ElectricCables != ne || b.FiberCables != 39753+nf || b.EndpointCables != 19876 || b.Racks != 43 {
		t.Errorf("%+v", *b)
	}
	// Electric: 12 pods at 7 m (rows 3, 4), 12 at 12 m, 12 at 17 m.
	if want := 12 * pp * (7 + 12 + 17); relErr(b.ElectricLength, want) > 1e-12 {
		t.Errorf("electric length %v, want %v", b.ElectricLength, want)
	}
	if want := 39753 + 7*pp*22; relErr(b.FiberLength, want) > 1e-12 {
		t.Errorf("fiber length %v, want %v", b.FiberLength, want)
	}
	m.EndpointCables = "none"
	b, _ = Evaluate(context.Background(), m, "fattree_sc14", v, sz, nil)
	if b.ElectricCables != 0 || b.FiberCables != 39753 || b.EndpointCables != 0 {
		t.Errorf("no endpoint cables: %+v", *b)
	}
}

// TestCabinetGrid checks the layout paper's floor by hand: a 6-cube in
// cabinets of 16 (4 cabinets: 2 rows of 2, serpentine: cabinet 0 at (0, 0),
// 1 at (0.6, 0), 2 at (0.6, 2.1), 3 at (0, 2.1)). Dimension 4 links
// cabinets 0-1 and 2-3 (0.6 m apart), dimension 5 links 0-2 and 1-3 (2.7
// m); 32 links each, plus 4 m of overhead; 128 links inside cabinets of 2 m.
func TestCabinetGrid(t *testing.T) {
	m, _ := Preset("cabinet_grid")
	v, sz, top := build(t, "hypercube", families.Values{"n": int64(6)})
	b, err := Evaluate(context.Background(), m, "hypercube", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	if b.Racks != 4 || b.ElectricCables != 128 || b.FiberCables != 64 || b.ElectricLength != 256 ||
		relErr(b.FiberLength, 32*(0.6+4)+32*(2.7+4)) > 1e-12 {
		t.Errorf("%+v", *b)
	}
	// Permutation (layout paper III-A) keeps the links inside each cabinet
	// and between each pair of cabinets, hence every cable length.
	for _, perm := range []string{"partial", "full"} {
		pv, psz, ptop := build(t, "hypercube", families.Values{"n": int64(8), "permute": perm, "seed": int64(3)})
		bv, bsz, btop := build(t, "hypercube", families.Values{"n": int64(8)})
		pb, err1 := Evaluate(context.Background(), m, "hypercube", pv, psz, ptop)
		bb, err2 := Evaluate(context.Background(), m, "hypercube", bv, bsz, btop)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if pb.ElectricCables != bb.ElectricCables || relErr(pb.FiberLength, bb.FiberLength) > 1e-12 || relErr(pb.Total, bb.Total) > 1e-12 {
			t.Errorf("permute %s: %+v vs %+v", perm, *pb, *bb)
		}
	}
}

func TestGreedyGroups(t *testing.T) {
	// Two 4-cliques {0,2,4,6} and {1,3,5,7} joined by 6-1, and a path 8-9.
	var edges []graph.Edge
	for _, c := range [][]int32{{0, 2, 4, 6}, {1, 3, 5, 7}} {
		for i := range c {
			for j := i + 1; j < len(c); j++ {
				edges = append(edges, graph.Edge{U: c[i], V: c[j]})
			}
		}
	}
	edges = append(edges, graph.Edge{U: 6, V: 1}, graph.Edge{U: 8, V: 9})
	g, err := graph.FromEdges(10, edges)
	if err != nil {
		t.Fatal(err)
	}
	got, err := GreedyGroups(context.Background(), &families.Topology{Graph: g}, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []int32{0, 1, 0, 1, 0, 1, 0, 1, 2, 2}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("groups %v, want %v", got, want)
		}
	}
	if _, err := GreedyGroups(context.Background(), &families.Topology{Graph: g}, 0); err == nil {
		t.Error("group size 0 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GreedyGroups(ctx, &families.Topology{Graph: g}, 4); err == nil {
		t.Error("cancelled context ignored")
	}
}

// TestElectricalGroups checks the unit merging and splitting of the
// "groups" assignment.
func TestElectricalGroups(t *testing.T) {
	m, _ := Preset("projective25k")
	for _, c := range []struct {
		family string
		v      families.Values
		sizes  map[int]int // routers per group -> number of groups
	}{
		{"hyperx", families.Values{"dims": []int64{29, 29}, "p": "balanced"}, map[int]int{15: 29, 14: 29}},
		{"dragonfly", families.Values{"p": int64(9)}, map[int]int{54: 54, 18: 1}},
		{"slimfly", families.Values{"q": int64(27), "p": int64(18)}, map[int]int{27: 54}},
		{"pn", families.Values{"q": int64(31)}, map[int]int{38: 52, 1986 - 52*38: 1}},
	} {
		_, _, top := build(t, c.family, c.v)
		l, err := NewLayout(context.Background(), &m, c.family, top)
		if err != nil {
			t.Fatal(err)
		}
		count := make([]int, l.Racks())
		for _, r := range l.Rack {
			count[r]++
		}
		hist := map[int]int{}
		for _, n := range count {
			hist[n]++
		}
		if len(hist) != len(c.sizes) {
			t.Errorf("%s: group sizes %v, want %v", c.family, hist, c.sizes)
		}
		for s, n := range c.sizes {
			if hist[s] != n {
				t.Errorf("%s: group sizes %v, want %v", c.family, hist, c.sizes)
			}
		}
	}
}

func TestLayoutErrors(t *testing.T) {
	m, _ := Preset("sc14")
	ctx := context.Background()
	if _, err := NewLayout(ctx, &m, "slimfly", nil); err == nil {
		t.Error("nil topology accepted")
	}
	_, _, ft := build(t, "fattree_sc14", families.Values{"k": int64(4)})
	if _, err := NewLayout(ctx, &m, "fattree_sc14", ft); err == nil {
		t.Error("fat tree layout accepted in sc14")
	}
	_, _, pn := build(t, "pn", families.Values{"q": int64(3)})
	if _, err := NewLayout(ctx, &m, "slimfly", pn); err == nil {
		t.Error("slimfly racks without coordinates accepted")
	}
	// Families without racks of their own: floor((k+1)/2) consecutive ids.
	l, err := NewLayout(ctx, &m, "pn", pn)
	if err != nil {
		t.Fatal(err)
	}
	if k := 4 + 2; l.Racks() != (26+(k+1)/2-1)/((k+1)/2) {
		t.Errorf("pn q = 3 (26 routers, radix %d): %d racks", k, l.Racks())
	}
	m.RackAssignment = "router"
	if l, _ := NewLayout(ctx, &m, "pn", pn); l.Racks() != 26 {
		t.Errorf("router assignment: %d racks", l.Racks())
	}
	if _, err := Evaluate(ctx, m, "pn", families.Values{}, families.Size{}, nil); err == nil {
		t.Error("pn without topology accepted")
	}
	g, _ := Preset("projective10k")
	if _, err := Evaluate(ctx, g, "long_hop", families.Values{"n": int64(8), "extra": int64(4)}, families.Size{Routers: 256}, nil); err == nil {
		t.Error("long_hop in electrical groups accepted")
	}
	m.RackAssignment = "sc14"
	m.RackRouters = 24
	if _, err := Evaluate(ctx, m, "long_hop", families.Values{"n": int64(8), "extra": int64(4)}, families.Size{Routers: 256}, nil); err == nil {
		t.Error("long_hop with racks of 24 accepted")
	}
}

func TestSumPairDistances(t *testing.T) {
	x := []float64{0, 3, 1, 7, 2}
	y := []float64{5, 1, 1, 0, 2}
	var want float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			want += math.Abs(x[i]-x[j]) + math.Abs(y[i]-y[j])
		}
	}
	if got := sumPairDistances(x, y); got != want {
		t.Errorf("sumPairDistances = %v, want %v", got, want)
	}
}

// TestRackEndpoints checks the modal endpoints per rack of the SC14 Slim Fly
// layout: q = 19 racks of 2q = 38 routers, 570 endpoints each (section VI-A).
func TestRackEndpoints(t *testing.T) {
	f, _ := families.Default().Lookup("slimfly")
	v, err := f.Normalize(families.Values{"q": int64(19)})
	if err != nil {
		t.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	sz, _ := f.Size(v)
	m, _ := Preset("sc14")
	b, err := Evaluate(context.Background(), m, "slimfly", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	if b.Racks != 19 || b.RackEndpoints != 570 {
		t.Errorf("%d racks of %d endpoints, want 19 of 570", b.Racks, b.RackEndpoints)
	}
}

// TestWalktrapAndAnneal: on RING-8 with 256 routers (layout paper section
// IV), Walktrap cabinets cut fewer links than 16 consecutive ids (the
// ring's locality), every cabinet holds at most 16 routers, and annealing
// the cabinets' floor locations gives inter-cabinet cables no longer in
// total than the serpentine order, identically on every run; a hypercube
// with annealing needs the built topology.
func TestWalktrapAndAnneal(t *testing.T) {
	base, _ := Preset("cabinet_grid")
	v, sz, top := build(t, "ring_random", families.Values{"routers": int64(256), "degree": int64(8), "seed": int64(2)})
	eval := func(m Model) *Breakdown {
		t.Helper()
		b, err := Evaluate(context.Background(), m, "ring_random", v, sz, top)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	seq := eval(base)
	walk := base
	walk.RackAssignment = "walktrap"
	wb := eval(walk)
	if wb.Racks != 16 || wb.FiberCables >= seq.FiberCables || wb.FiberCables+wb.ElectricCables != seq.FiberCables+seq.ElectricCables {
		t.Errorf("walktrap: %d racks, %d of %d links between racks (sequential: %d)", wb.Racks, wb.FiberCables, wb.FiberCables+wb.ElectricCables, seq.FiberCables)
	}
	l, err := NewLayout(context.Background(), &walk, "ring_random", top)
	if err != nil {
		t.Fatal(err)
	}
	count := make([]int, l.Racks())
	for _, r := range l.Rack {
		count[r]++
	}
	for r, c := range count {
		if c > 16 || c == 0 {
			t.Errorf("cabinet %d holds %d routers", r, c)
		}
	}
	ann := walk
	ann.RackMapping, ann.AnnealIterations, ann.AnnealRestarts, ann.AnnealSeed = "anneal", 200000, 2, 7
	ab := eval(ann)
	if ab.FiberCables != wb.FiberCables || ab.FiberLength > wb.FiberLength || ab.FiberLength < wb.FiberLength*0.5 {
		t.Errorf("anneal: %d cables of %.1f m, serpentine %d of %.1f m", ab.FiberCables, ab.FiberLength, wb.FiberCables, wb.FiberLength)
	}
	if again := eval(ann); again.FiberLength != ab.FiberLength {
		t.Errorf("anneal not deterministic: %v then %v", ab.FiberLength, again.FiberLength)
	}
	hc := base
	hc.RackMapping = "anneal"
	if !NeedsTopology(hc, "hypercube") || NeedsTopology(base, "hypercube") {
		t.Error("NeedsTopology: annealing a hypercube's cabinets needs the graph")
	}
	hv, hsz, _ := build(t, "hypercube", families.Values{"n": int64(6)})
	if _, err := Evaluate(context.Background(), hc, "hypercube", hv, hsz, nil); err == nil {
		t.Error("annealing without the topology: no error")
	}
}
