package families

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/graph"
)

// hierFamilies returns the families of hierarchical.go from their
// constructors, so that the tests do not depend on their registration in
// Default.
func hierFamilies() map[string]*Family {
	return map[string]*Family{
		"megafly":       megafly(),
		"hammingmesh":   hammingMesh(),
		"rail_fattree":  railFatTree(),
		"twisted_torus": twistedTorus(),
	}
}

// hierFamily returns the hierarchical family fam.
func hierFamily(t testing.TB, fam string) *Family {
	t.Helper()
	f, ok := hierFamilies()[fam]
	if !ok {
		t.Fatalf("no hierarchical family %s", fam)
	}
	return f
}

// hierBuild normalizes given for family fam, builds it and validates the
// graph.
func hierBuild(t testing.TB, fam string, given Values) (*Topology, Values) {
	t.Helper()
	f := hierFamily(t, fam)
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

// hierSize returns the sizes of family fam for given.
func hierSize(t testing.TB, fam string, given Values) Size {
	t.Helper()
	f := hierFamily(t, fam)
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

// hierCheckMeta checks that a built topology agrees with Size and that its
// metadata arrays have one entry per router.
func hierCheckMeta(t *testing.T, fam string, given Values, top *Topology) {
	t.Helper()
	n := top.Graph.N()
	if got, want := measured(top), hierSize(t, fam, given); got != want {
		t.Errorf("%s %v: built %+v, Size %+v", fam, given, got, want)
	}
	if len(top.Conc) != n || (top.Role != nil && len(top.Role) != n) || (top.Group != nil && len(top.Group) != n) ||
		(top.Coords != nil && len(top.Coords) != n*top.CoordDim) {
		t.Errorf("%s %v: metadata lengths conc %d, role %d, group %d, coords %d (dim %d) for %d routers",
			fam, given, len(top.Conc), len(top.Role), len(top.Group), len(top.Coords), top.CoordDim, n)
	}
}

// hierConnected reports whether every router is reachable from router 0.
func hierConnected(g *graph.Graph) bool {
	dist := make([]int32, g.N())
	graph.BFS(g, 0, dist)
	for _, d := range dist {
		if d < 0 {
			return false
		}
	}
	return true
}

// hierLastNonzero returns the largest index of a nonzero entry of h (-1 if none).
func hierLastNonzero(h []int64) int {
	for d := len(h) - 1; d >= 0; d-- {
		if h[d] != 0 {
			return d
		}
	}
	return -1
}

// hierTrimHist returns h without trailing zeros.
func hierTrimHist(h []int64) []int64 { return h[:hierLastNonzero(h)+1] }

func TestMegaflySizes(t *testing.T) {
	tests := []struct {
		given Values
		want  Size
	}{
		// Balanced (leaves = spines = global_ports = p), max groups: radix 2*leaves.
		{Values{"leaves": int64(2)}, Size{Routers: 20, Endpoints: 20, Links: 30, Radix: 4, NetworkRadix: 4}},
		{Values{"leaves": int64(4)}, Size{Routers: 136, Endpoints: 272, Links: 408, Radix: 8, NetworkRadix: 8}},
		{Values{"leaves": int64(16)}, Size{Routers: 257 * 32, Endpoints: 257 * 256, Links: 257*256 + 257*128, Radix: 32, NetworkRadix: 32}},
		// Radix-64 routers: (r/2)^2 + 1 = 1,025 groups, (r/2)^2((r/2)^2+1) endpoints.
		{Values{"leaves": int64(32)}, Size{Routers: 65600, Endpoints: 1049600, Links: 1574400, Radix: 64, NetworkRadix: 64}},
		// Tapered: 2 global links per spine, 9 groups.
		{Values{"leaves": int64(4), "global_ports": int64(2), "groups": int64(9)}, Size{Routers: 72, Endpoints: 144, Links: 180, Radix: 8, NetworkRadix: 6}},
		// 3 groups, 3 links between every pair of groups.
		{Values{"leaves": int64(3), "spines": int64(2), "global_ports": int64(3), "groups": int64(3), "p": int64(1)},
			Size{Routers: 15, Endpoints: 9, Links: 27, Radix: 6, NetworkRadix: 6}},
		{Values{"leaves": int64(2), "groups": int64(2)}, Size{Routers: 8, Endpoints: 8, Links: 12, Radix: 4, NetworkRadix: 4}},
	}
	for _, tt := range tests {
		if got := hierSize(t, "megafly", tt.given); got != tt.want {
			t.Errorf("%v: Size = %+v, want %+v", tt.given, got, tt.want)
		}
	}
}

// TestMegaflyBuild checks the construction: leaves and spines of a group
// form K_{leaves,spines}, every spine has global_ports global links, every
// pair of groups is joined by m = spines*global_ports/(groups-1) links, the
// leaf-to-leaf distances are 2 within and 3 across groups (endpoint
// diameter 3), and the router diameter is 3 when every spine reaches
// every other group directly (groups - 1 <= global_ports), else 4 or 5
// (measured for this arrangement: 5 for the balanced leaves >= 3).
func TestMegaflyBuild(t *testing.T) {
	tests := []struct {
		given               Values
		l, s, h, g, p, diam int
	}{
		{Values{"leaves": int64(1)}, 1, 1, 1, 2, 1, 3},
		{Values{"leaves": int64(2)}, 2, 2, 2, 5, 2, 4},
		{Values{"leaves": int64(3)}, 3, 3, 3, 10, 3, 5},
		{Values{"leaves": int64(4)}, 4, 4, 4, 17, 4, 5},
		{Values{"leaves": int64(4), "global_ports": int64(2), "groups": int64(9)}, 4, 4, 2, 9, 4, 5},
		{Values{"leaves": int64(3), "spines": int64(2), "global_ports": int64(3), "groups": int64(3), "p": int64(1)}, 3, 2, 3, 3, 1, 3},
		{Values{"leaves": int64(2), "groups": int64(2)}, 2, 2, 2, 2, 2, 3},
		{Values{"leaves": int64(5)}, 5, 5, 5, 26, 5, 5},
		{Values{"leaves": int64(2), "spines": int64(3), "global_ports": int64(2), "groups": int64(4), "p": int64(5)}, 2, 3, 2, 4, 5, 4},
		{Values{"leaves": int64(1), "spines": int64(2), "global_ports": int64(1)}, 1, 2, 1, 3, 2, 4},
		{Values{"leaves": int64(2), "spines": int64(3), "global_ports": int64(3), "groups": int64(10), "p": int64(1)}, 2, 3, 3, 10, 1, 5},
	}
	for _, tt := range tests {
		top, _ := hierBuild(t, "megafly", tt.given)
		hierCheckMeta(t, "megafly", tt.given, top)
		g := top.Graph
		per := tt.l + tt.s
		m := tt.s * tt.h / (tt.g - 1)
		pairs := make(map[[2]int32]int)
		for r := 0; r < g.N(); r++ {
			grp, idx := r/per, r%per
			c := top.Coords[3*r : 3*r+3]
			leaf := idx < tt.l
			wantRole, wantConc, wantCoords := RoleLeaf, tt.p, []int32{0, int32(grp), int32(idx)}
			if !leaf {
				wantRole, wantConc, wantCoords = RoleSpine, 0, []int32{1, int32(grp), int32(idx - tt.l)}
			}
			if top.Role[r] != wantRole || int(top.Conc[r]) != wantConc || int(top.Group[r]) != grp || fmt.Sprint(c) != fmt.Sprint(wantCoords) {
				t.Fatalf("%v: router %d: role %v, conc %d, group %d, coords %v; want %v, %d, %d, %v",
					tt.given, r, top.Role[r], top.Conc[r], top.Group[r], c, wantRole, wantConc, grp, wantCoords)
			}
			local, global := 0, 0
			for _, u := range g.Neighbors(int32(r)) {
				ug := int(u) / per
				switch {
				case ug == grp && (int(u)%per < tt.l) != leaf:
					local++
				case ug != grp && !leaf && int(u)%per >= tt.l:
					global++
					pairs[[2]int32{int32(grp), int32(ug)}]++
				default:
					t.Fatalf("%v: router %d (group %d, index %d) linked to %d", tt.given, r, grp, idx, u)
				}
			}
			wantLocal, wantGlobal := tt.s, 0
			if !leaf {
				wantLocal, wantGlobal = tt.l, tt.h
			}
			if local != wantLocal || global != wantGlobal {
				t.Fatalf("%v: router %d: %d local and %d global links, want %d and %d", tt.given, r, local, global, wantLocal, wantGlobal)
			}
		}
		if len(pairs) != tt.g*(tt.g-1) {
			t.Errorf("%v: %d ordered group pairs joined, want %d", tt.given, len(pairs), tt.g*(tt.g-1))
		}
		for pr, c := range pairs {
			if c != m {
				t.Errorf("%v: groups %v joined by %d links, want %d", tt.given, pr, c, m)
			}
		}
		hist := hierTrimHist(leafDistances(top))
		want := []int64{0, 0, int64(tt.g * tt.l * (tt.l - 1)), int64(tt.g * (tt.g - 1) * tt.l * tt.l)}
		if fmt.Sprint(hist) != fmt.Sprint(want) {
			t.Errorf("%v: leaf distance histogram %v, want %v", tt.given, hist, want)
		}
		s := distances(t, top)
		if !s.Connected() || s.Diameter != tt.diam || hierLastNonzero(s.EndpointHist) != 3 {
			t.Errorf("%v: connected %v, diameter %d, endpoint diameter %d; want diameter %d and endpoint diameter 3",
				tt.given, s.Connected(), s.Diameter, hierLastNonzero(s.EndpointHist), tt.diam)
		}
		if (tt.g-1 <= tt.h) != (tt.diam == 3) || tt.diam < 3 || tt.diam > 5 {
			t.Errorf("%v: table diameter %d disagrees with the rule (3 iff groups-1 <= global_ports, else 4 or 5)", tt.given, tt.diam)
		}
	}
}

// hmLineDist returns the distance in the row (column) graph of a
// HammingMesh with boards of side a between global positions g1 and g2:
// along the board's mesh, or through the row switch that joins both ends
// of every board's line.
func hmLineDist(a, g1, g2 int) int {
	b1, u1, b2, u2 := g1/a, g1%a, g2/a, g2%a
	if b1 == b2 {
		lo, hi := min(u1, u2), max(u1, u2)
		return min(hi-lo, lo+2+a-1-hi)
	}
	return min(u1, a-1-u1) + 2 + min(u2, a-1-u2)
}

// hmLineDiam returns the largest hmLineDist in a line of x boards of side a.
func hmLineDiam(a, x int) int {
	if x == 1 {
		return (a + 1) / 2
	}
	return 2 * ((a + 1) / 2)
}

func TestHammingMesh(t *testing.T) {
	tests := []struct {
		name       string
		given      Values
		a, b, x, y int
		p          int
		want       Size
		diam       int // accelerator (endpoint) diameter
	}{
		{"Hx2Mesh-3x3", Values{"boards_x": int64(3)}, 2, 2, 3, 3, 1,
			Size{Routers: 48, Endpoints: 36, Links: 108, Radix: 6, NetworkRadix: 6}, 4},
		{"Hx4Mesh-2x2", Values{"board_a": int64(4), "boards_x": int64(2)}, 4, 4, 2, 2, 1,
			Size{Routers: 80, Endpoints: 64, Links: 160, Radix: 5, NetworkRadix: 4}, 8},
		{"2x3-boards-3x2-p2", Values{"board_b": int64(3), "boards_x": int64(3), "boards_y": int64(2), "p": int64(2)}, 2, 3, 3, 2, 2,
			Size{Routers: 48, Endpoints: 72, Links: 102, Radix: 6, NetworkRadix: 6}, 6},
		{"3x3-boards-1x2", Values{"board_a": int64(3), "boards_x": int64(1), "boards_y": int64(2)}, 3, 3, 1, 2, 1,
			Size{Routers: 27, Endpoints: 18, Links: 48, Radix: 5, NetworkRadix: 4}, 6},
		{"4x2-boards-2x1", Values{"board_a": int64(4), "board_b": int64(2), "boards_x": int64(2), "boards_y": int64(1)}, 4, 2, 2, 1, 1,
			Size{Routers: 26, Endpoints: 16, Links: 44, Radix: 5, NetworkRadix: 4}, 5},
		{"Hx2Mesh-1x1", Values{"boards_x": int64(1)}, 2, 2, 1, 1, 1,
			Size{Routers: 8, Endpoints: 4, Links: 12, Radix: 5, NetworkRadix: 4}, 2},
	}
	for _, tt := range tests {
		if got := hierSize(t, "hammingmesh", tt.given); got != tt.want {
			t.Errorf("%s: Size = %+v, want %+v", tt.name, got, tt.want)
		}
		if d := hmLineDiam(tt.a, tt.x) + hmLineDiam(tt.b, tt.y); d != tt.diam {
			t.Errorf("%s: diameter formula gives %d, table %d", tt.name, d, tt.diam)
		}
		top, _ := hierBuild(t, "hammingmesh", tt.given)
		hierCheckMeta(t, "hammingmesh", tt.given, top)
		checkHammingMesh(t, tt.name, top, tt.a, tt.b, tt.x, tt.y, tt.p, tt.diam)
	}
	// Hx2Mesh of 64x64 boards (16,384 accelerators): Size only.
	big := Values{"boards_x": int64(64)}
	if got, want := hierSize(t, "hammingmesh", big), (Size{Routers: 16384 + 256, Endpoints: 16384, Links: 4096 * 12, Radix: 128, NetworkRadix: 128}); got != want {
		t.Errorf("%v: Size = %+v, want %+v", big, got, want)
	}
}

// checkHammingMesh checks ports, roles, groups and coordinates of a built
// HammingMesh and that every accelerator-to-accelerator distance is the
// sum of the row and column distances of hmLineDist, with the given
// accelerator diameter.
func checkHammingMesh(t *testing.T, name string, top *Topology, a, b, x, y, p, diam int) {
	t.Helper()
	g := top.Graph
	w, h := x*a, y*b
	acc := w * h
	if g.N() != acc+w+h {
		t.Fatalf("%s: %d routers, want %d", name, g.N(), acc+w+h)
	}
	for r := 0; r < g.N(); r++ {
		gx, gy := int(top.Coords[2*r]), int(top.Coords[2*r+1])
		switch {
		case r < acc:
			if gx != r%w || gy != r/w || top.Role[r] != RoleLocal || int(top.Conc[r]) != p ||
				int(top.Group[r]) != (gy/b)*x+gx/a || g.Degree(int32(r)) != 4 {
				t.Fatalf("%s: accelerator %d: coords (%d, %d), role %v, conc %d, group %d, degree %d",
					name, r, gx, gy, top.Role[r], top.Conc[r], top.Group[r], g.Degree(int32(r)))
			}
		case r < acc+h:
			if gx != w || gy != r-acc || top.Role[r] != RoleGlobal || top.Conc[r] != 0 || g.Degree(int32(r)) != 2*x {
				t.Fatalf("%s: row switch %d: coords (%d, %d), role %v, conc %d, degree %d", name, r, gx, gy, top.Role[r], top.Conc[r], g.Degree(int32(r)))
			}
			for _, u := range g.Neighbors(int32(r)) {
				ux, uy := int(u)%w, int(u)/w
				if int(u) >= acc || uy != gy || (ux%a != 0 && ux%a != a-1) {
					t.Fatalf("%s: row switch of row %d linked to router %d", name, gy, u)
				}
			}
		default:
			if gy != h || gx != r-acc-h || top.Role[r] != RoleGlobal || top.Conc[r] != 0 || g.Degree(int32(r)) != 2*y {
				t.Fatalf("%s: column switch %d: coords (%d, %d), role %v, conc %d, degree %d", name, r, gx, gy, top.Role[r], top.Conc[r], g.Degree(int32(r)))
			}
			for _, u := range g.Neighbors(int32(r)) {
				ux, uy := int(u)%w, int(u)/w
				if int(u) >= acc || ux != gx || (uy%b != 0 && uy%b != b-1) {
					t.Fatalf("%s: column switch of column %d linked to router %d", name, gx, u)
				}
			}
		}
	}
	dist := make([]int32, g.N())
	most := 0
	for s := 0; s < acc; s++ {
		graph.BFS(g, int32(s), dist)
		for v := 0; v < acc; v++ {
			want := hmLineDist(a, s%w, v%w) + hmLineDist(b, s/w, v/w)
			if int(dist[v]) != want {
				t.Fatalf("%s: accelerators %d and %d at distance %d, want %d", name, s, v, dist[v], want)
			}
			most = max(most, want)
		}
	}
	if most != diam {
		t.Errorf("%s: accelerator diameter %d, want %d", name, most, diam)
	}
	if s := distances(t, top); hierLastNonzero(s.EndpointHist) != diam || !s.Connected() {
		t.Errorf("%s: endpoint diameter %d (connected %v), want %d", name, hierLastNonzero(s.EndpointHist), s.Connected(), diam)
	}
}

func TestRailFatTree(t *testing.T) {
	tests := []struct {
		name                         string
		given                        Values
		rails, servers, units, trunk int
		levels                       int
		want                         Size
		diam                         int // router diameter = leaf-to-leaf diameter
	}{
		{"2-level", Values{"rails": int64(4), "servers": int64(3), "units": int64(2)}, 4, 3, 2, 1, 2,
			Size{Routers: 11, Endpoints: 24, Links: 24, Radix: 8, NetworkRadix: 8}, 2},
		// DGX H100 SuperPOD-like: 4 SUs of 32 servers with 8 rails, leaves
		// doubly linked to 16 spines of 64 ports.
		{"superpod-4su", Values{"units": int64(4), "trunk": int64(2)}, 8, 32, 4, 2, 2,
			Size{Routers: 48, Endpoints: 1024, Links: 1024, Radix: 64, NetworkRadix: 64}, 2},
		{"3-level", Values{"rails": int64(4), "servers": int64(4), "units": int64(3), "levels": int64(3)}, 4, 4, 3, 1, 3,
			Size{Routers: 40, Endpoints: 48, Links: 96, Radix: 8, NetworkRadix: 6}, 4},
		{"3-level-trunk", Values{"rails": int64(2), "servers": int64(4), "units": int64(2), "trunk": int64(2), "levels": int64(3)}, 2, 4, 2, 2, 3,
			Size{Routers: 16, Endpoints: 16, Links: 32, Radix: 8, NetworkRadix: 8}, 4},
		{"3-level-1-unit", Values{"rails": int64(3), "servers": int64(2), "units": int64(1), "levels": int64(3)}, 3, 2, 1, 1, 3,
			Size{Routers: 11, Endpoints: 6, Links: 12, Radix: 4, NetworkRadix: 3}, 4},
	}
	for _, tt := range tests {
		if got := hierSize(t, "rail_fattree", tt.given); got != tt.want {
			t.Errorf("%s: Size = %+v, want %+v", tt.name, got, tt.want)
		}
		top, _ := hierBuild(t, "rail_fattree", tt.given)
		hierCheckMeta(t, "rail_fattree", tt.given, top)
		checkRail(t, tt.name, top, tt.rails, tt.servers, tt.units, tt.trunk, tt.levels)
		r, u := tt.rails, tt.units
		leaves := r * u
		var want []int64
		if tt.levels == 2 {
			want = []int64{0, 0, int64(leaves * (leaves - 1))}
		} else {
			want = []int64{0, 0, int64(r * u * (u - 1)), 0, int64(leaves * u * (r - 1))}
		}
		if hist := leafDistances(top); fmt.Sprint(hierTrimHist(hist)) != fmt.Sprint(hierTrimHist(want)) {
			t.Errorf("%s: leaf distance histogram %v, want %v", tt.name, hist, want)
		}
		s := distances(t, top)
		if !s.Connected() || s.Diameter != tt.diam || hierLastNonzero(s.EndpointHist) != tt.diam {
			t.Errorf("%s: connected %v, diameter %d, endpoint diameter %d; want %d", tt.name, s.Connected(), s.Diameter, hierLastNonzero(s.EndpointHist), tt.diam)
		}
		// NICs of a leaf are its unit's NICs of one rail: 0 hops.
		if got := s.EndpointHist[0]; got != int64(leaves*tt.servers*(tt.servers-1)) {
			t.Errorf("%s: %d endpoint pairs on a shared leaf, want %d", tt.name, got, leaves*tt.servers*(tt.servers-1))
		}
	}
	big := Values{"units": int64(16), "levels": int64(3)}
	if got, want := hierSize(t, "rail_fattree", big), (Size{Routers: 896, Endpoints: 4096, Links: 8192, Radix: 64, NetworkRadix: 32}); got != want {
		t.Errorf("%v: Size = %+v, want %+v", big, got, want)
	}
}

// checkRail checks the wiring of a rail-optimized fat tree: leaf (unit,
// rail) has servers NICs and trunk links to each of servers/trunk switches
// above it (3 levels: the spines of its rail group); 3-level spine (rail, j)
// reaches the leaves of its rail and each core of core group j once; core
// (j, c) reaches spine j of every rail.
func checkRail(t *testing.T, name string, top *Topology, r, s, u, tr, levels int) {
	t.Helper()
	g := top.Graph
	leaves, per := r*u, s/tr
	for v := 0; v < g.N(); v++ {
		c := top.Coords[3*v : 3*v+3]
		mult := map[int32]int{}
		for _, w := range g.Neighbors(int32(v)) {
			mult[w]++
		}
		switch {
		case v < leaves:
			unit, rail := v/r, v%r
			wantGroup := unit
			if levels == 3 {
				wantGroup = rail
			}
			if top.Role[v] != RoleLeaf || int(top.Conc[v]) != s || int(top.Group[v]) != wantGroup ||
				c[0] != 0 || int(c[1]) != rail || int(c[2]) != unit || len(mult) != per {
				t.Fatalf("%s: leaf %d: role %v, conc %d, group %d, coords %v, %d switches above", name, v, top.Role[v], top.Conc[v], top.Group[v], c, len(mult))
			}
			for w, k := range mult {
				wc := top.Coords[3*w : 3*w+3]
				if k != tr || wc[0] != 1 || (levels == 3 && int(wc[1]) != rail) {
					t.Fatalf("%s: leaf %d (rail %d) has %d links to switch %d at %v, want %d to rail %d", name, v, rail, k, w, wc, tr, rail)
				}
			}
		case levels == 2:
			if top.Role[v] != RoleCore || top.Conc[v] != 0 || int(top.Group[v]) != u || c[0] != 1 || int(c[1]) != v-leaves ||
				len(mult) != leaves || g.Degree(int32(v)) != leaves*tr {
				t.Fatalf("%s: top switch %d: role %v, group %d, coords %v, %d leaves, degree %d", name, v, top.Role[v], top.Group[v], c, len(mult), g.Degree(int32(v)))
			}
		case c[0] == 1:
			rail := int(c[1])
			down, up := 0, 0
			for w, k := range mult {
				wc := top.Coords[3*w : 3*w+3]
				switch {
				case wc[0] == 0 && int(wc[1]) == rail && k == tr:
					down += k
				case wc[0] == 2 && wc[1] == c[2] && k == 1:
					up++
				default:
					t.Fatalf("%s: spine %v has %d links to %v", name, c, k, wc)
				}
			}
			if top.Role[v] != RoleSpine || top.Conc[v] != 0 || int(top.Group[v]) != rail || down != u*tr || up != u*tr {
				t.Fatalf("%s: spine %d %v: role %v, group %d, %d down, %d up", name, v, c, top.Role[v], top.Group[v], down, up)
			}
		default:
			rails := map[int32]bool{}
			for w, k := range mult {
				wc := top.Coords[3*w : 3*w+3]
				if wc[0] != 1 || wc[2] != c[1] || k != 1 {
					t.Fatalf("%s: core %v has %d links to %v", name, c, k, wc)
				}
				rails[wc[1]] = true
			}
			if top.Role[v] != RoleCore || top.Conc[v] != 0 || int(top.Group[v]) != r+int(c[1]) || c[0] != 2 || len(rails) != r {
				t.Fatalf("%s: core %d %v: role %v, group %d, %d rails", name, v, c, top.Role[v], top.Group[v], len(rails))
			}
		}
	}
}

// twistedLattice returns the wrap-around vectors (the columns of M) of a
// twisted torus shape with parameter k: L_i e_i minus the twist of
// dimension i.
func twistedLattice(sh twistedShape, k int) (dims []int, vecs [][]int) {
	n := len(sh.dims)
	dims = make([]int, n)
	for i, d := range sh.dims {
		dims[i] = int(d) * k
	}
	for i := 0; i < n; i++ {
		v := make([]int, n)
		v[i] = dims[i]
		for j, s := range sh.twist[i] {
			v[j] -= int(s) * k
		}
		vecs = append(vecs, v)
	}
	return dims, vecs
}

// latticeDist returns the distance from router 0 to the router at coords c
// in the lattice graph Z^n / MZ^n: the least L1 norm of c + M t over
// integer vectors t with entries in [-2, 2].
func latticeDist(c []int, vecs [][]int) int {
	n := len(c)
	best := -1
	t := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			d := 0
			for j := 0; j < n; j++ {
				x := c[j]
				for l := 0; l < n; l++ {
					x += t[l] * vecs[l][j]
				}
				d += max(x, -x)
			}
			if best < 0 || d < best {
				best = d
			}
			return
		}
		for t[i] = -2; t[i] <= 2; t[i]++ {
			rec(i + 1)
		}
	}
	rec(0)
	return best
}

// twistedFormulas returns the diameter and the sum of distances from a
// router of a twisted torus (see the family's Doc).
func twistedFormulas(shape string, k int64) (diam, sum int64) {
	switch shape {
	case "2kxk":
		return k, k * (4*k*k - 1) / 3
	case "2kxkxk":
		if k%2 == 0 {
			return 3 * k / 2, (7*k*k*k*k - 2*k*k) / 4
		}
		return 3 * k / 2, (7*k*k*k*k - 2*k*k - 1) / 4
	default: // "2kx2kxk"
		if k%2 == 0 {
			return 3 * k / 2, (35*k*k*k*k - 8*k*k) / 8
		}
		return 3 * k / 2, (35*k*k*k*k - 14*k*k + 3) / 8
	}
}

// hierHistTotal returns the sum of d*h[d].
func hierHistTotal(h []int64) int64 {
	var s int64
	for d, c := range h {
		s += int64(d) * c
	}
	return s
}

// TestTwistedTorus builds the three twisted tori for k = 2..7 and checks the
// sizes, that the graph is simple and 2n-regular, every distance from
// router 0 against the lattice-graph distance (least L1 norm over the
// coset), the diameter and the sum of distances against the closed forms
// of the family's Doc (floor(3k/2) and about 7k/8, 35k/32 on average in 3D;
// k and about 2k/3 for the RTT), and that both are lower than those of the
// plain torus of the same shape (built by the torus family).
func TestTwistedTorus(t *testing.T) {
	for _, sh := range twistedShapes {
		for k := int64(2); k <= 7; k++ {
			given := Values{"k": k, "shape": sh.name}
			top, _ := hierBuild(t, "twisted_torus", given)
			hierCheckMeta(t, "twisted_torus", given, top)
			g := top.Graph
			dims, vecs := twistedLattice(sh, int(k))
			n := len(dims)
			routers := 1
			for _, d := range dims {
				routers *= d
			}
			if deg, ok := regular(g); !ok || deg != 2*n || !simple(g) || g.N() != routers || g.Edges() != int64(n*routers) {
				t.Fatalf("%v: %d routers, %d links, regular %v of degree %d, simple %v", given, g.N(), g.Edges(), ok, deg, simple(g))
			}
			dist := make([]int32, g.N())
			graph.BFS(g, 0, dist)
			for r := 0; r < g.N(); r++ {
				c := make([]int, n)
				for i := range c {
					c[i] = int(top.Coords[r*n+i])
				}
				if want := latticeDist(c, vecs); int(dist[r]) != want {
					t.Fatalf("%v: router %d at %v: distance %d, lattice distance %d", given, r, c, dist[r], want)
				}
			}
			s := distances(t, top)
			diam, sum := twistedFormulas(sh.name, k)
			if s.Diameter != int(diam) || hierHistTotal(s.Hist) != sum*int64(routers) {
				t.Errorf("%v: diameter %d, distance sum %d; want %d and %d", given, s.Diameter, hierHistTotal(s.Hist), diam, sum*int64(routers))
			}
			dimsList := make([]int64, n)
			var torusSum int64
			torusDiam := 0
			for i, d := range dims {
				dimsList[i] = int64(d)
				torusSum += int64(routers/d) * int64(d*d/4)
				torusDiam += d / 2
			}
			plain, _ := build(t, "torus", Values{"dims": dimsList})
			ps := distances(t, plain)
			if ps.Diameter != torusDiam || hierHistTotal(ps.Hist) != torusSum*int64(routers) {
				t.Errorf("torus %v: diameter %d, sum %d; want %d and %d", dimsList, ps.Diameter, hierHistTotal(ps.Hist), torusDiam, torusSum*int64(routers))
			}
			if s.Diameter >= ps.Diameter || s.AvgDistance() >= ps.AvgDistance() {
				t.Errorf("%v: diameter %d, average %.4f; not below the plain torus %v (%d, %.4f)",
					given, s.Diameter, s.AvgDistance(), dimsList, ps.Diameter, ps.AvgDistance())
			}
		}
	}
	// k = 10 (beyond the builds above): the closed forms give the distance
	// sums 1,330, 17,450 and 43,650 found by breadth-first search when the
	// formulas were derived, averages near 2k/3, 7k/8 and 35k/32.
	for _, c := range []struct {
		shape string
		avg   float64
	}{{"2kxk", 1330.0 / 199}, {"2kxkxk", 17450.0 / 1999}, {"2kx2kxk", 43650.0 / 3999}} {
		_, sum := twistedFormulas(c.shape, 10)
		n := map[string]int64{"2kxk": 200, "2kxkxk": 2000, "2kx2kxk": 4000}[c.shape]
		if got := float64(sum) / float64(n-1); got != c.avg {
			t.Errorf("%s k = 10: average %v, want %v", c.shape, got, c.avg)
		}
	}
}

// TestHierarchicalSizeMatchesBuild compares Size with the built graph over
// sweeps of small parameters of the four families, and checks that every
// topology is connected and has endpoints exactly on its leaf (local)
// routers.
func TestHierarchicalSizeMatchesBuild(t *testing.T) {
	type tcase struct {
		fam   string
		given Values
	}
	var cases []tcase
	for l := int64(1); l <= 4; l++ {
		for s := int64(1); s <= 3; s++ {
			for h := int64(1); h <= 3; h++ {
				for g := int64(2); g <= s*h+1; g++ {
					if (s*h)%(g-1) != 0 {
						continue
					}
					for _, p := range []any{"balanced", int64(1)} {
						cases = append(cases, tcase{"megafly", Values{"leaves": l, "spines": s, "global_ports": h, "groups": g, "p": p}})
					}
				}
			}
		}
	}
	for a := int64(2); a <= 4; a++ {
		for b := int64(2); b <= 3; b++ {
			for x := int64(1); x <= 3; x++ {
				for y := int64(1); y <= 3; y++ {
					cases = append(cases, tcase{"hammingmesh", Values{"board_a": a, "board_b": b, "boards_x": x, "boards_y": y, "p": x}})
				}
			}
		}
	}
	for r := int64(1); r <= 3; r++ {
		for _, s := range []int64{1, 2, 4} {
			for u := int64(1); u <= 3; u++ {
				for tr := int64(1); tr <= s; tr++ {
					if s%tr != 0 {
						continue
					}
					for lv := int64(2); lv <= 3; lv++ {
						cases = append(cases, tcase{"rail_fattree", Values{"rails": r, "servers": s, "units": u, "trunk": tr, "levels": lv}})
					}
				}
			}
		}
	}
	for _, sh := range twistedShapeNames() {
		for k := int64(2); k <= 6; k++ {
			cases = append(cases, tcase{"twisted_torus", Values{"k": k, "shape": sh, "p": k - 1}})
		}
	}
	for _, c := range cases {
		top, _ := hierBuild(t, c.fam, c.given)
		hierCheckMeta(t, c.fam, c.given, top)
		if !hierConnected(top.Graph) {
			t.Errorf("%s %v: not connected", c.fam, c.given)
		}
		for r, conc := range top.Conc {
			endpointRole := top.Role == nil || top.Role[r] == RoleLeaf || top.Role[r] == RoleLocal
			if (conc > 0) != endpointRole {
				t.Fatalf("%s %v: router %d with role %v has %d endpoints", c.fam, c.given, r, top.Role[r], conc)
			}
		}
	}
}

func TestHierarchicalResolve(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Values
	}{
		{"megafly", Values{"leaves": int64(3)},
			Values{"leaves": int64(3), "spines": int64(3), "global_ports": int64(3), "groups": int64(10), "p": int64(3), "max_radix": int64(0)}},
		{"megafly", Values{"leaves": int64(4), "spines": int64(2), "global_ports": int64(3)},
			Values{"leaves": int64(4), "spines": int64(2), "global_ports": int64(3), "groups": int64(7), "p": int64(2), "max_radix": int64(0)}},
		{"hammingmesh", Values{"boards_x": int64(4)},
			Values{"board_a": int64(2), "board_b": int64(2), "boards_x": int64(4), "boards_y": int64(4), "p": int64(1), "max_radix": int64(0)}},
		{"hammingmesh", Values{"board_a": int64(4), "boards_x": int64(8), "boards_y": int64(2)},
			Values{"board_a": int64(4), "board_b": int64(4), "boards_x": int64(8), "boards_y": int64(2), "p": int64(1), "max_radix": int64(0)}},
		{"rail_fattree", Values{"units": int64(4)},
			Values{"rails": int64(8), "servers": int64(32), "units": int64(4), "trunk": int64(1), "levels": int64(2), "max_radix": int64(0)}},
		{"twisted_torus", Values{"k": int64(4)},
			Values{"k": int64(4), "shape": "2kxkxk", "p": int64(1), "max_radix": int64(0)}},
	}
	for _, tt := range tests {
		f := hierFamily(t, tt.fam)
		got, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatalf("%s %v: %v", tt.fam, tt.given, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %v: resolved %v, want %v", tt.fam, tt.given, got, tt.want)
		}
		again, err := f.Resolve(got)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
}

func TestHierarchicalErrors(t *testing.T) {
	tests := []paramErrorCase{
		{"megafly", Values{}, "leaves", "required"},
		{"megafly", Values{"leaves": int64(0)}, "leaves", "positive"},
		{"megafly", Values{"leaves": int64(2), "groups": int64(4)}, "groups", "valid groups: 2, 3, 5"},
		{"megafly", Values{"leaves": int64(2), "groups": int64(1)}, "groups", "[2, 5]"},
		{"megafly", Values{"leaves": int64(2), "groups": int64(6)}, "groups", "[2, 5]"},
		{"megafly", Values{"leaves": int64(2), "spines": "max"}, "spines", `"balanced"`},
		{"megafly", Values{"leaves": int64(2), "global_ports": int64(0)}, "global_ports", "positive"},
		{"megafly", Values{"leaves": int64(4), "max_radix": int64(7)}, "max_radix", "a spine needs leaves + global_ports = 8 ports"},
		{"megafly", Values{"leaves": int64(4), "p": int64(5), "max_radix": int64(8)}, "p", "p = 5 needs 9 ports on a leaf but max_radix = 8 (at most p = 4 fits)"},
		{"megafly", Values{"leaves": int64(2), "spines": int64(4), "global_ports": int64(1), "max_radix": int64(4)}, "max_radix", "spines = 4 up ports"},
		{"hammingmesh", Values{}, "boards_x", "required"},
		{"hammingmesh", Values{"boards_x": int64(0)}, "boards_x", "positive"},
		{"hammingmesh", Values{"board_a": int64(1), "boards_x": int64(2)}, "board_a", "at least 2"},
		{"hammingmesh", Values{"boards_x": int64(2), "boards_y": "max"}, "boards_y", `"square"`},
		{"hammingmesh", Values{"boards_x": int64(3), "max_radix": int64(5)}, "boards_x", "2*boards_x = 6 ports but max_radix = 5 (at most boards_x = 2 fits)"},
		{"hammingmesh", Values{"boards_x": int64(2), "boards_y": int64(4), "max_radix": int64(6)}, "boards_y", "2*boards_y = 8"},
		{"hammingmesh", Values{"boards_x": int64(2), "p": int64(2), "max_radix": int64(5)}, "p", "p = 2 needs 6 ports"},
		{"hammingmesh", Values{"boards_x": int64(2), "max_radix": int64(4)}, "max_radix", "too small"},
		{"rail_fattree", Values{}, "units", "required"},
		{"rail_fattree", Values{"units": int64(2), "trunk": int64(3)}, "trunk", "trunk = 3 does not divide servers = 32"},
		{"rail_fattree", Values{"units": int64(2), "levels": int64(4)}, "levels", "at most 3"},
		{"rail_fattree", Values{"units": int64(2), "levels": int64(1)}, "levels", "at least 2"},
		{"rail_fattree", Values{"units": int64(5), "trunk": int64(2), "max_radix": int64(64)}, "units", "at most units = 4 fits"},
		{"rail_fattree", Values{"units": int64(17), "levels": int64(3), "max_radix": int64(32)}, "servers", "at most servers = 16 fits"},
		{"rail_fattree", Values{"units": int64(17), "servers": int64(16), "levels": int64(3), "max_radix": int64(32)}, "units", "at most units = 16 fits"},
		{"rail_fattree", Values{"rails": int64(0), "units": int64(1)}, "rails", "positive"},
		{"twisted_torus", Values{}, "k", "required"},
		{"twisted_torus", Values{"k": int64(1)}, "k", "at least 2"},
		{"twisted_torus", Values{"k": int64(1 << 20)}, "k", "at most"},
		{"twisted_torus", Values{"k": int64(4), "shape": "kxkxk"}, "shape", `want one of "2kxk", "2kxkxk", "2kx2kxk"`},
		{"twisted_torus", Values{"k": int64(4), "p": int64(7), "max_radix": int64(12)}, "p", "p = 7 needs 13 ports"},
		{"twisted_torus", Values{"k": int64(4), "shape": "2kxk", "max_radix": int64(4)}, "max_radix", "too small"},
	}
	for _, tt := range tests {
		f := hierFamily(t, tt.fam)
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Family != tt.fam || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%s %v: error %v; want a *ParamError on %s containing %q", tt.fam, tt.given, err, tt.param, tt.contains)
		}
	}
	// Size and Build reject unresolved invalid values too.
	f := megafly()
	bad := Values{"leaves": int64(2), "spines": int64(2), "global_ports": int64(2), "groups": int64(4), "p": int64(2), "max_radix": int64(0)}
	if _, err := f.Size(bad); err == nil {
		t.Error("megafly Size accepted groups = 4 for 4 global links per group")
	}
	if _, err := f.Build(context.Background(), bad); err == nil {
		t.Error("megafly Build accepted groups = 4 for 4 global links per group")
	}
}

// TestHierarchicalFamilyDocs checks the house rules of the four families:
// a one-line summary, a paragraph of doc, version 1, documented parameters,
// no parameter named like a metric, and parameter names shared with other
// families only where they keep their common meaning (p, k, levels,
// max_radix).
func TestHierarchicalFamilyDocs(t *testing.T) {
	metricLike := map[string]bool{"routers": true, "endpoints": true, "links": true, "radix": true, "diameter": true, "network_radix": true}
	shared := map[string]bool{"p": true, "k": true, "levels": true, "max_radix": true}
	mine := hierFamilies()
	reg := Default()
	for name, f := range mine {
		if f.Name != name || f.Version != 1 || len(f.Doc) < 200 || f.Resolve == nil || f.Size == nil || f.Build == nil {
			t.Errorf("%s: incomplete family (name %q, version %d, doc %d chars)", name, f.Name, f.Version, len(f.Doc))
		}
		if s := f.Summary; s == "" || strings.Contains(s, "\n") || strings.HasSuffix(s, ".") || len(s) > 90 {
			t.Errorf("%s: summary %q (%d chars)", name, s, len(s))
		}
		for _, p := range f.Params {
			if p.Doc == "" || metricLike[p.Name] {
				t.Errorf("%s: parameter %s: doc %q", name, p.Name, p.Doc)
			}
			if shared[p.Name] {
				continue
			}
			for _, other := range reg.Names() {
				if o, _ := reg.Lookup(other); other != name && o.Param(p.Name) != nil {
					t.Errorf("%s: parameter %s is also a parameter of %s", name, p.Name, other)
				}
			}
			for other, o := range mine {
				if other != name && o.Param(p.Name) != nil {
					t.Errorf("%s: parameter %s is also a parameter of %s", name, p.Name, other)
				}
			}
		}
	}
}

// TestHierarchicalBuildCancel cancels large builds while they run.
func TestHierarchicalBuildCancel(t *testing.T) {
	for _, c := range []struct {
		fam   string
		given Values
	}{
		{"megafly", Values{"leaves": int64(48)}},                       // 221,280 routers, 8.0M links
		{"twisted_torus", Values{"k": int64(100), "shape": "2kx2kxk"}}, // 4M routers, 12M links
	} {
		f := hierFamily(t, c.fam)
		v, err := f.Normalize(c.given)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		start := time.Now()
		_, err = f.Build(ctx, v)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s %v: err = %v, want context.DeadlineExceeded", c.fam, c.given, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s %v: returned after %v", c.fam, c.given, d)
		}
	}
}
