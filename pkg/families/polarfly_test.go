package families

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// pfBuild normalizes given for the polarfly family and builds it (the
// family is not in Default until it is registered, so the tests use the
// constructor).
func pfBuild(t testing.TB, given Values) (*Topology, Values) {
	t.Helper()
	f := polarFly()
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("polarfly %v: Normalize: %v", given, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatalf("polarfly %v: Build: %v", given, err)
	}
	if err := top.Graph.Validate(); err != nil {
		t.Fatalf("polarfly %v: invalid graph: %v", given, err)
	}
	return top, v
}

// pfSize normalizes given for the polarfly family and sizes it.
func pfSize(t testing.TB, given Values) Size {
	t.Helper()
	f := polarFly()
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("polarfly %v: Normalize: %v", given, err)
	}
	s, err := f.Size(v)
	if err != nil {
		t.Fatalf("polarfly %v: Size: %v", given, err)
	}
	return s
}

// pfQs are the plane orders the structural tests build.
var pfQs = []int{2, 3, 4, 5, 7, 8, 9, 11, 13}

// TestPolarFlySizes checks the sizing formulas against hand-checked values
// and against the built topologies: routers q^2+q+1 + e*s (s = q for odd q,
// q+1 for even q), links, network radix and balanced p = floor(k'/2).
func TestPolarFlySizes(t *testing.T) {
	for _, c := range []struct {
		q, e, routers, links, netRadix, p int64
	}{
		{2, 0, 7, 9, 3, 1},
		{2, 1, 10, 16, 4, 2},
		{3, 0, 13, 24, 4, 2},
		{3, 1, 16, 34, 5, 2},
		{3, 2, 19, 45, 6, 3},
		{3, 3, 22, 57, 6, 3},
		{4, 0, 21, 50, 5, 2},
		{4, 1, 26, 70, 6, 3},
		{4, 2, 31, 94, 7, 3},
		{4, 3, 36, 122, 7, 3},
		{5, 0, 31, 90, 6, 3},
		{5, 1, 36, 115, 7, 3},
		{5, 2, 41, 143, 8, 4},
		{5, 5, 56, 245, 10, 5},
		{7, 0, 57, 224, 8, 4},
		{7, 1, 64, 272, 9, 4},
		{7, 2, 71, 325, 10, 5},
		{7, 7, 106, 665, 14, 7},
		{8, 0, 73, 324, 9, 4},
		{8, 1, 82, 394, 10, 5},
		{8, 2, 91, 472, 11, 5},
		{8, 7, 136, 982, 15, 7},
		{9, 0, 91, 450, 10, 5},
		{9, 1, 100, 529, 11, 5},
		{9, 2, 109, 615, 12, 6},
		{9, 9, 172, 1413, 18, 9},
		{11, 0, 133, 792, 12, 6},
		{11, 1, 144, 910, 13, 6},
		{11, 2, 155, 1037, 14, 7},
		{11, 11, 254, 2585, 22, 11},
		{13, 0, 183, 1274, 14, 7},
		{13, 1, 196, 1439, 15, 7},
		{13, 2, 209, 1615, 16, 8},
		{13, 13, 352, 4277, 26, 13},
	} {
		given := Values{"q": c.q, "expansion": c.e}
		want := Size{Routers: c.routers, Endpoints: c.routers * c.p, Links: c.links, NetworkRadix: c.netRadix, Radix: c.netRadix + c.p}
		if got := pfSize(t, given); got != want {
			t.Errorf("q = %d, expansion = %d: Size %+v, want %+v", c.q, c.e, got, want)
		}
		top, v := pfBuild(t, given)
		if got := measured(top); got != want || v.Int("p") != c.p {
			t.Errorf("q = %d, expansion = %d: built %+v (p = %d), want %+v (p = %d)", c.q, c.e, got, v.Int("p"), want, c.p)
		}
	}
	// Every expansion of every q agrees with its build.
	for _, q := range pfQs {
		fans, _ := pfFans(int64(q))
		for e := int64(0); e <= fans; e++ {
			given := Values{"q": int64(q), "expansion": e, "p": int64(3)}
			top, _ := pfBuild(t, given)
			if got, want := measured(top), pfSize(t, given); got != want {
				t.Errorf("q = %d, expansion = %d: built %+v, Size %+v", q, e, got, want)
			}
		}
	}
}

// TestPolarFlyIsDemiPN checks that PolarFly without expansion is the graph
// demi_pn builds (ER_q), router for router, with the same coordinates.
func TestPolarFlyIsDemiPN(t *testing.T) {
	for _, q := range pfQs {
		top, _ := pfBuild(t, Values{"q": int64(q)})
		f := demiProjectiveNetwork()
		v, err := f.Normalize(Values{"q": int64(q)})
		if err != nil {
			t.Fatal(err)
		}
		demi, err := f.Build(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(top.Graph.Off, demi.Graph.Off) || !slices.Equal(top.Graph.Adj, demi.Graph.Adj) ||
			!slices.Equal(top.Coords, demi.Coords) || top.CoordDim != demi.CoordDim {
			t.Errorf("q = %d: polarfly differs from demi_pn", q)
		}
	}
}

// TestPolarFlyDiameter checks diameter 2 without expansion and 3 with any
// expansion, and that the routers of ER_q stay within distance 2 of one
// another when clusters are replicated (no link is rewired).
func TestPolarFlyDiameter(t *testing.T) {
	for _, q := range pfQs {
		fans, _ := pfFans(int64(q))
		for e := int64(0); e <= fans; e++ {
			top, _ := pfBuild(t, Values{"q": int64(q), "expansion": e})
			s := distances(t, top)
			want := 2
			if e > 0 {
				want = 3
			}
			if s.Diameter != want || !s.Connected() {
				t.Errorf("q = %d, expansion = %d: diameter %d (connected %v), want %d", q, e, s.Diameter, s.Connected(), want)
			}
			n := q*q + q + 1
			dist := make([]int32, top.Graph.N())
			for u := 0; u < n; u++ {
				graph.BFS(top.Graph, int32(u), dist)
				for w := 0; w < n; w++ {
					if dist[w] > 2 {
						t.Fatalf("q = %d, expansion = %d: routers %d and %d of ER_q at distance %d", q, e, u, w, dist[w])
					}
				}
			}
		}
	}
}

// TestPolarFlyLayout checks the paper's layout (Algorithm 1) and its
// structure: Group 0 holds the q+1 quadrics (Role global, degree q, no two
// adjacent, coordinates self-orthogonal), every other router has degree
// q+1 and Role router; each other cluster is a centre adjacent to the
// quadric v0 of smallest index plus its non-quadric neighbours, and is a
// fan of triangles sharing the centre: q clusters of q routers ((q-1)/2
// triangles) for odd q; q-1 clusters of q+1 routers (q/2 triangles) and the
// nucleus, adjacent to every quadric and nothing else, for even q. Every
// quadric has exactly one neighbour in each fan. For odd q the centre and
// (q-1)/2 other routers of a fan are adjacent to two quadrics each (V1),
// the other (q-1)/2 to none (V2); the triangles {c, x, y} are self-polar
// triangles, which pair a V1 with a V2 router when q = 3 (mod 4) and two
// routers of the same kind when q = 1 (mod 4) (a property of the geometry
// checked here, not one the paper's layout depends on). For even q every
// router of a fan is adjacent to exactly one quadric.
func TestPolarFlyLayout(t *testing.T) {
	for _, q := range pfQs {
		top, _ := pfBuild(t, Values{"q": int64(q)})
		g := top.Graph
		n := q*q + q + 1
		pp, err := NewProjectivePlane(q)
		if err != nil {
			t.Fatal(err)
		}
		members := make([][]int32, q+1)
		quadric := make([]bool, n)
		for r := 0; r < n; r++ {
			c := top.Coords[3*r : 3*r+3]
			pt := pp.Point(r)
			if c[0] != int32(pt[0]) || c[1] != int32(pt[1]) || c[2] != int32(pt[2]) {
				t.Fatalf("q = %d: router %d has coordinates %v, want %v", q, r, c, pt)
			}
			if top.Group[r] < 0 || int(top.Group[r]) > q {
				t.Fatalf("q = %d: router %d in group %d", q, r, top.Group[r])
			}
			members[top.Group[r]] = append(members[top.Group[r]], int32(r))
			quadric[r] = pp.Absolute(r)
			wantDeg, wantRole, inW := q+1, RoleRouter, top.Group[r] == 0
			if quadric[r] {
				wantDeg, wantRole = q, RoleGlobal
			}
			if g.Degree(int32(r)) != wantDeg || top.Role[r] != wantRole || inW != quadric[r] {
				t.Fatalf("q = %d: router %d (quadric %v) has degree %d, role %s, group %d", q, r, quadric[r], g.Degree(int32(r)), top.Role[r], top.Group[r])
			}
		}
		if len(members[0]) != q+1 {
			t.Fatalf("q = %d: %d quadrics, want %d", q, len(members[0]), q+1)
		}
		for _, w := range members[0] {
			for _, u := range g.Neighbors(w) {
				if quadric[u] {
					t.Fatalf("q = %d: quadrics %d and %d adjacent", q, w, u)
				}
			}
		}
		v0 := members[0][0]
		fans, size := q, q
		if q%2 == 0 {
			fans, size = q-1, q+1
			nucleus := members[q]
			if len(nucleus) != 1 || g.Degree(nucleus[0]) != q+1 {
				t.Fatalf("q = %d: last cluster %v, want the nucleus alone", q, nucleus)
			}
			for _, u := range g.Neighbors(nucleus[0]) {
				if !quadric[u] {
					t.Fatalf("q = %d: nucleus %d adjacent to non-quadric %d", q, nucleus[0], u)
				}
			}
		}
		for i := 1; i <= fans; i++ {
			cl := members[i]
			if len(cl) != size {
				t.Fatalf("q = %d: cluster %d has %d routers, want %d", q, i, len(cl), size)
			}
			in := make(map[int32]bool, len(cl))
			for _, x := range cl {
				in[x] = true
			}
			var centres []int32
			for _, x := range cl {
				if d2Adjacent(g, x, v0) {
					centres = append(centres, x)
				}
			}
			if len(centres) != 1 {
				t.Fatalf("q = %d: cluster %d has %d routers adjacent to v0 = %d, want its centre alone", q, i, len(centres), v0)
			}
			c := centres[0]
			// Algorithm 1: the cluster is the centre and its non-quadric neighbours.
			want := []int32{c}
			for _, u := range g.Neighbors(c) {
				if !quadric[u] {
					want = append(want, u)
				}
			}
			slices.Sort(want)
			if !slices.Equal(want, cl) {
				t.Fatalf("q = %d: cluster %d = %v, want centre %d and its non-quadric neighbours %v", q, i, cl, c, want)
			}
			// A fan: every other router is adjacent to the centre and to one
			// partner; the pairs are the triangles.
			internal, triangles, v1 := 0, 0, 0
			for _, x := range cl {
				var inside []int32
				for _, u := range g.Neighbors(x) {
					if in[u] {
						inside = append(inside, u)
					}
				}
				internal += len(inside)
				if x == c {
					continue
				}
				if len(inside) != 2 || !slices.Contains(inside, c) {
					t.Fatalf("q = %d: cluster %d: router %d has in-cluster neighbours %v, want the centre %d and one partner", q, i, x, inside, c)
				}
				y := inside[0]
				if y == c {
					y = inside[1]
				}
				kx, ky := pfQuadricNeighbours(g, x, quadric), pfQuadricNeighbours(g, y, quadric)
				if kx > 0 {
					v1++
				}
				if x < y {
					triangles++
					if mixed := (kx > 0) != (ky > 0); q%2 == 1 && mixed != (q%4 == 3) {
						t.Errorf("q = %d: cluster %d: triangle %d, %d, %d with %d and %d quadric neighbours", q, i, c, x, y, kx, ky)
					}
				}
				if q%2 == 1 && kx != 0 && kx != 2 || q%2 == 0 && kx != 1 {
					t.Errorf("q = %d: cluster %d: router %d has %d quadric neighbours", q, i, x, kx)
				}
			}
			if triangles != (size-1)/2 || internal/2 != 3*triangles {
				t.Errorf("q = %d: cluster %d: %d triangles and %d links, want %d and %d", q, i, triangles, internal/2, (size-1)/2, 3*((size-1)/2))
			}
			wantV1, wantC := q, 1 // even q: every router of a fan has one quadric neighbour
			if q%2 == 1 {
				wantV1, wantC = (q-1)/2, 2
			}
			if v1 != wantV1 || pfQuadricNeighbours(g, c, quadric) != wantC {
				t.Errorf("q = %d: cluster %d: %d other routers adjacent to quadrics, centre adjacent to %d; want %d and %d", q, i, v1, pfQuadricNeighbours(g, c, quadric), wantV1, wantC)
			}
			for _, w := range members[0] {
				k := 0
				for _, u := range g.Neighbors(w) {
					if in[u] {
						k++
					}
				}
				if k != 1 {
					t.Errorf("q = %d: quadric %d has %d neighbours in cluster %d, want 1", q, w, k, i)
				}
			}
		}
	}
}

// pfQuadricNeighbours returns the number of quadrics adjacent to x.
func pfQuadricNeighbours(g *graph.Graph, x int32, quadric []bool) int {
	k := 0
	for _, u := range g.Neighbors(x) {
		if int(u) < len(quadric) && quadric[u] {
			k++
		}
	}
	return k
}

// TestPolarFlyExpansion checks the replicas: ids, groups, roles and
// coordinates, and that the replica x' of router x of fan i is linked to
// exactly the replicas of x's neighbours in the fan, x's neighbours outside
// it, the replicas of those in replicated fans, and (for the centre) x.
func TestPolarFlyExpansion(t *testing.T) {
	for _, q := range pfQs {
		fans, size := pfFans(int64(q))
		for _, e := range []int64{1, fans / 2, fans} {
			if e < 1 {
				continue
			}
			ref, _ := pfBuild(t, Values{"q": int64(q)})
			top, _ := pfBuild(t, Values{"q": int64(q), "expansion": e})
			g, n, s := top.Graph, q*q+q+1, int(size)
			if g.N() != n+int(e)*s {
				t.Fatalf("q = %d, expansion = %d: %d routers", q, e, g.N())
			}
			// replica[x] is the replica of router x of a replicated fan.
			replica := map[int32]int32{}
			for i := 1; i <= int(e); i++ {
				var cl []int32
				for r := 0; r < n; r++ {
					if ref.Group[r] == int32(i) {
						cl = append(cl, int32(r))
					}
				}
				// Centre first (the member adjacent to the smallest quadric).
				v0 := int32(slices.Index(ref.Role, RoleGlobal))
				for j, x := range cl {
					if d2Adjacent(ref.Graph, x, v0) {
						cl[0], cl[j] = cl[j], cl[0]
						slices.Sort(cl[1:])
						break
					}
				}
				for j, x := range cl {
					r := n + (i-1)*s + j
					replica[x] = int32(r)
					if top.Group[r] != int32(q+i) || top.Role[r] != RoleRouter || !slices.Equal(top.Coords[3*r:3*r+3], top.Coords[3*x:3*x+3]) {
						t.Fatalf("q = %d, expansion = %d: router %d (replica of %d in fan %d): group %d, role %s, coords %v, want %d, router, %v",
							q, e, r, x, i, top.Group[r], top.Role[r], top.Coords[3*r:3*r+3], q+i, top.Coords[3*x:3*x+3])
					}
				}
			}
			for r := 0; r < n; r++ {
				if top.Group[r] != ref.Group[r] || top.Role[r] != ref.Role[r] {
					t.Fatalf("q = %d, expansion = %d: router %d changed group or role", q, e, r)
				}
				for _, u := range ref.Graph.Neighbors(int32(r)) {
					if !d2Adjacent(g, int32(r), u) {
						t.Fatalf("q = %d, expansion = %d: link %d-%d of ER_q removed", q, e, r, u)
					}
				}
			}
			for x, xr := range replica {
				var want []int32
				for _, y := range ref.Graph.Neighbors(x) {
					yr, replicated := replica[y]
					switch {
					case ref.Group[y] == ref.Group[x]:
						want = append(want, yr)
					case replicated:
						want = append(want, y, yr)
					default:
						want = append(want, y)
					}
				}
				if d2Adjacent(ref.Graph, x, int32(slices.Index(ref.Role, RoleGlobal))) {
					want = append(want, x) // the centre
				}
				slices.Sort(want)
				got := slices.Sorted(slices.Values(g.Neighbors(xr)))
				if !slices.Equal(got, want) {
					t.Fatalf("q = %d, expansion = %d: replica %d of %d has neighbours %v, want %v", q, e, xr, x, got, want)
				}
			}
		}
	}
}

// TestPolarFlyMooreEfficiency checks the paper's Moore-bound efficiencies:
// the network has q^2+q+1 routers of network radix k' = q+1 and the Moore
// bound for diameter 2 is k'^2+1, so radix 32 (q = 31) gives 993/1025 =
// 96.9% and radix 128 (q = 127) 16257/16385 = 99.2%. q = 31 is built and
// has diameter 2.
func TestPolarFlyMooreEfficiency(t *testing.T) {
	for _, c := range []struct {
		q, routers, netRadix int64
		percent              string
	}{
		{31, 993, 32, "96.9"},
		{127, 16257, 128, "99.2"},
	} {
		sz := pfSize(t, Values{"q": c.q})
		eff := float64(sz.Routers) / float64(sz.NetworkRadix*sz.NetworkRadix+1)
		if sz.Routers != c.routers || sz.NetworkRadix != c.netRadix || fmt.Sprintf("%.1f", 100*eff) != c.percent {
			t.Errorf("q = %d: %d routers of network radix %d, efficiency %.4f; want %d, %d, %s%%", c.q, sz.Routers, sz.NetworkRadix, eff, c.routers, c.netRadix, c.percent)
		}
	}
	top, _ := pfBuild(t, Values{"q": int64(31)})
	if s := distances(t, top); s.Diameter != 2 || measured(top).NetworkRadix != 32 || top.Graph.N() != 993 {
		t.Errorf("q = 31: %d routers, network radix %d, diameter %d; want 993, 32, 2", top.Graph.N(), measured(top).NetworkRadix, s.Diameter)
	}
}

// TestPolarFlyResolve checks the named concentrations and that Resolve is
// idempotent.
func TestPolarFlyResolve(t *testing.T) {
	for _, c := range []struct {
		given Values
		p     int64
	}{
		{Values{"q": int64(31)}, 16},
		{Values{"q": int64(4)}, 2},
		{Values{"q": int64(4), "p": "ceil"}, 3},
		{Values{"q": int64(5), "expansion": int64(2)}, 4},
		{Values{"q": int64(5), "expansion": int64(2), "p": "ceil"}, 4},
		{Values{"q": int64(5), "expansion": int64(1), "p": "ceil"}, 4},
		{Values{"q": int64(7), "p": int64(9)}, 9},
	} {
		f := polarFly()
		v, err := f.Normalize(c.given)
		if err != nil {
			t.Fatalf("%v: %v", c.given, err)
		}
		if v.Int("p") != c.p || v.Int("expansion") != c.given.Int("expansion") {
			t.Errorf("%v: resolved %v, want p = %d", c.given, v, c.p)
		}
		again, err := f.Normalize(v)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(v) {
			t.Errorf("%v: Resolve not idempotent: %v, %v", c.given, again, err)
		}
	}
}

// TestPolarFlyErrors checks that invalid parameters give a *ParamError
// naming the parameter with a clear message.
func TestPolarFlyErrors(t *testing.T) {
	for _, c := range []struct {
		given        Values
		param, inMsg string
	}{
		{Values{}, "q", "required"},
		{Values{"q": int64(6)}, "q", "not a prime power"},
		{Values{"q": int64(1)}, "q", "too small"},
		{Values{"q": int64(1 << 21)}, "q", "too large"},
		{Values{"q": int64(5), "expansion": int64(-1)}, "expansion", "at least 0"},
		{Values{"q": int64(5), "expansion": int64(6)}, "expansion", "expansion <= 5"},
		{Values{"q": int64(4), "expansion": int64(4)}, "expansion", "3 non-quadric clusters of 5 routers"},
		{Values{"q": int64(5), "expansion": "all"}, "expansion", "want an integer"},
		{Values{"q": int64(5), "p": "floor"}, "p", "floor"},
		{Values{"q": int64(5), "p": int64(0)}, "p", "must be positive"},
		{Values{"q": int64(5), "max_radix": int64(6)}, "max_radix", "too small"},
		{Values{"q": int64(5), "max_radix": int64(8)}, "p", "at most p = 2"},
		{Values{"q": int64(5), "expansion": int64(1), "max_radix": int64(9)}, "p", "at most p = 2"},
		{Values{"q": int64(5), "routers": int64(5)}, "routers", "unknown parameter"},
	} {
		_, err := polarFly().Normalize(c.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Param != c.param || pe.Family != "polarfly" || !strings.Contains(err.Error(), c.inMsg) {
			t.Errorf("%v: error %v, want a *ParamError for %s containing %q", c.given, err, c.param, c.inMsg)
		}
	}
}

// TestPolarFlyFamily checks the family's description and that its
// topologies survive the binary encoding (roles, groups, coordinates).
func TestPolarFlyFamily(t *testing.T) {
	f := polarFly()
	if f.Name != "polarfly" || f.Version != 1 || len(f.Summary) > 90 || strings.HasSuffix(f.Summary, ".") ||
		!strings.Contains(f.Doc, "arXiv:2208.01695") || f.SizingOnly() {
		t.Errorf("family %q: version %d, summary %q (%d chars), sizing-only %v", f.Name, f.Version, f.Summary, len(f.Summary), f.SizingOnly())
	}
	for _, p := range f.Params {
		if p.Doc == "" {
			t.Errorf("parameter %s has no doc", p.Name)
		}
	}
	top, _ := pfBuild(t, Values{"q": int64(5), "expansion": int64(2)})
	b, err := top.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Topology
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Graph.Adj, top.Graph.Adj) || !slices.Equal(got.Role, top.Role) ||
		!slices.Equal(got.Group, top.Group) || !slices.Equal(got.Coords, top.Coords) || got.CoordDim != 3 {
		t.Error("round trip differs")
	}
}
