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

// d2Common returns the number of common neighbours of u and v (sorted CSR
// lists, no parallel edges).
func d2Common(g *graph.Graph, u, v int32) int {
	a, b := g.Neighbors(u), g.Neighbors(v)
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

func d2Adjacent(g *graph.Graph, u, v int32) bool {
	_, ok := slices.BinarySearch(g.Neighbors(u), v)
	return ok
}

// d2LeafDistances checks that every pair of distinct routers with endpoints
// is at distance exactly 2 and returns the number of such ordered pairs.
func d2LeafDistances(t *testing.T, top *Topology) int {
	t.Helper()
	g := top.Graph
	dist := make([]int32, g.N())
	pairs := 0
	for s := 0; s < g.N(); s++ {
		if top.Conc[s] == 0 {
			continue
		}
		graph.BFS(g, int32(s), dist)
		for v := 0; v < g.N(); v++ {
			if v != s && top.Conc[v] > 0 {
				if dist[v] != 2 {
					t.Fatalf("leaves %d and %d at distance %d, want 2", s, v, dist[v])
				}
				pairs++
			}
		}
	}
	return pairs
}

// d2Table2 is Table 2 of SC15 (the 4-ML3B): row i lists the j with (0, i)
// connected to (1, j).
var d2Table2 = [13][4]int32{
	{9, 10, 11, 12},
	{9, 0, 1, 2},
	{9, 3, 4, 5},
	{9, 6, 7, 8},
	{10, 0, 3, 6},
	{10, 1, 4, 7},
	{10, 2, 5, 8},
	{11, 0, 4, 8},
	{11, 1, 5, 6},
	{11, 2, 3, 7},
	{12, 0, 5, 7},
	{12, 1, 3, 8},
	{12, 2, 4, 6},
}

func TestOFTTable2(t *testing.T) {
	tab := ml3bMOLS(4)
	if len(tab) != 13*4 {
		t.Fatalf("4-ML3B has %d cells, want 52", len(tab))
	}
	for i, row := range d2Table2 {
		for c, want := range row {
			if got := tab[i*4+c]; got != want {
				t.Errorf("4-ML3B row %d column %d = %d, want %d (SC15 Table 2)", i, c, got, want)
			}
		}
	}
	// The built 4-OFT links (0, i) and (2, i) to exactly the L1 routers of row i.
	top, v := build(t, "oft", Values{"k": int64(4)})
	if v.Str("construction") != "mols" {
		t.Fatalf("k = 4 resolved to construction %q, want mols", v.Str("construction"))
	}
	for i, row := range d2Table2 {
		want := make([]int32, 4)
		for c, j := range row {
			want[c] = 13 + j
		}
		slices.Sort(want)
		for _, r := range []int32{int32(i), 26 + int32(i)} {
			if got := top.Graph.Neighbors(r); !slices.Equal(got, want) {
				t.Errorf("router %d: neighbours %v, want %v", r, got, want)
			}
		}
	}
}

// TestML3BDesign checks that every k-ML3B table is a 2-design: k distinct
// entries per row, every entry in exactly k rows, every two rows sharing
// exactly one entry (the single-path property).
func TestML3BDesign(t *testing.T) {
	for _, k := range []int{3, 4, 5, 6, 8, 9, 10, 12, 14, 17} {
		for _, c := range []string{oftMOLS, oftProjective} {
			if c == oftMOLS && !d2Prime(int64(k-1)) {
				continue
			}
			tab, err := ml3b(k, c)
			if err != nil {
				t.Fatal(err)
			}
			rl := k*k - k + 1
			if len(tab) != rl*k {
				t.Fatalf("k = %d %s: %d cells, want %d", k, c, len(tab), rl*k)
			}
			inc := make([]bool, rl*rl)
			count := make([]int, rl)
			for i := 0; i < rl; i++ {
				for _, j := range tab[i*k : (i+1)*k] {
					if j < 0 || int(j) >= rl || inc[i*rl+int(j)] {
						t.Fatalf("k = %d %s: row %d has a bad or repeated entry %d", k, c, i, j)
					}
					inc[i*rl+int(j)] = true
					count[j]++
				}
			}
			for j, n := range count {
				if n != k {
					t.Fatalf("k = %d %s: entry %d in %d rows, want %d", k, c, j, n, k)
				}
			}
			for a := 0; a < rl; a++ {
				for b := a + 1; b < rl; b++ {
					shared := 0
					for j := 0; j < rl; j++ {
						if inc[a*rl+j] && inc[b*rl+j] {
							shared++
						}
					}
					if shared != 1 {
						t.Fatalf("k = %d %s: rows %d and %d share %d entries, want 1", k, c, a, b, shared)
					}
				}
			}
		}
	}
}

func TestMLFM(t *testing.T) {
	tests := []struct {
		h, l, p                               int64 // l, p = 0: default (h)
		routers, endpoints, links, radix, net int64
	}{
		{h: 1, routers: 3, endpoints: 2, links: 2, radix: 2, net: 2},
		{h: 2, routers: 9, endpoints: 12, links: 12, radix: 4, net: 4},
		{h: 3, routers: 18, endpoints: 36, links: 36, radix: 6, net: 6},
		{h: 4, routers: 30, endpoints: 80, links: 80, radix: 8, net: 8},
		{h: 5, routers: 45, endpoints: 150, links: 150, radix: 10, net: 10},
		{h: 6, routers: 63, endpoints: 252, links: 252, radix: 12, net: 12},
		{h: 15, routers: 360, endpoints: 3600, links: 3600, radix: 30, net: 30},     // SC15 section 4
		{h: 21, routers: 693, endpoints: 9702, links: 9702, radix: 42, net: 42},     // MLFM 22 of the projective paper, Table 6
		{h: 4, l: 2, p: 3, routers: 20, endpoints: 30, links: 40, radix: 7, net: 4}, // (h, l, p) = (4, 2, 3)
		{h: 3, l: 5, p: 1, routers: 26, endpoints: 20, links: 60, radix: 10, net: 10},
	}
	for _, tt := range tests {
		given := Values{"h": tt.h}
		l, p := tt.h, tt.h
		if tt.l != 0 {
			given["l"], l = tt.l, tt.l
		}
		if tt.p != 0 {
			given["p"], p = tt.p, tt.p
		}
		t.Run(fmt.Sprint(given), func(t *testing.T) {
			top, v := build(t, "mlfm", given)
			if v.Int("l") != l || v.Int("p") != p {
				t.Fatalf("resolved %v", v)
			}
			want := Size{Routers: tt.routers, Endpoints: tt.endpoints, Links: tt.links, Radix: tt.radix, NetworkRadix: tt.net}
			if got := measured(top); got != want {
				t.Fatalf("built %+v, want %+v", got, want)
			}
			if sz := sizeOf(t, "mlfm", given); sz != want {
				t.Errorf("Size %+v, want %+v", sz, want)
			}
			g := top.Graph
			h := int32(tt.h)
			lrs := int32(l) * (h + 1)
			for r := int32(0); r < int32(g.N()); r++ {
				c := top.Coords[3*r : 3*r+3]
				if r < lrs {
					if top.Role[r] != RoleLocal || c[0] != 0 || c[1] != r/(h+1) || c[2] != r%(h+1) || top.Group[r] != c[1] ||
						g.Degree(r) != int(h) || int64(top.Conc[r]) != p {
						t.Fatalf("LR %d: role %v coords %v group %d degree %d conc %d", r, top.Role[r], c, top.Group[r], g.Degree(r), top.Conc[r])
					}
					continue
				}
				// A GR joins the LRs of columns a and b in every layer.
				if top.Role[r] != RoleGlobal || c[0] != 1 || c[1] >= c[2] || top.Group[r] != int32(l) || top.Conc[r] != 0 || g.Degree(r) != int(2*l) {
					t.Fatalf("GR %d: role %v coords %v group %d conc %d degree %d", r, top.Role[r], c, top.Group[r], top.Conc[r], g.Degree(r))
				}
				for _, u := range g.Neighbors(r) {
					if col := u % (h + 1); col != c[1] && col != c[2] {
						t.Fatalf("GR %d (columns %d, %d) linked to LR %d of column %d", r, c[1], c[2], u, col)
					}
				}
			}
			// SC15 section 3: h minimal paths between LRs of one column
			// (over l layers: h common GRs), exactly one otherwise.
			for a := int32(0); a < lrs; a++ {
				for b := a + 1; b < lrs; b++ {
					want := 1
					if a%(h+1) == b%(h+1) {
						want = int(h)
					}
					if n := d2Common(g, a, b); n != want {
						t.Fatalf("LRs %d, %d: %d common GRs, want %d", a, b, n, want)
					}
				}
			}
			if pairs := d2LeafDistances(t, top); pairs != int(lrs)*int(lrs-1) {
				t.Errorf("%d leaf pairs", pairs)
			}
		})
	}
}

// d2OFTInvariants returns a description of the isomorphism invariants of a
// built k-OFT and checks the SC15 structure: L1 routers of degree 2k and no
// endpoints, leaves of degree k with p endpoints, leaves never adjacent,
// k common neighbours for (0, i), (2, i) and exactly one for every other
// pair of leaves, every leaf-to-leaf distance 2.
func d2OFTInvariants(t *testing.T, top *Topology, k, p int) string {
	t.Helper()
	g := top.Graph
	rl := int32(k*k - k + 1)
	if g.N() != 3*int(rl) {
		t.Fatalf("%d routers, want %d", g.N(), 3*rl)
	}
	for r := int32(0); r < 3*rl; r++ {
		level := r / rl
		c := top.Coords[2*r : 2*r+2]
		if c[0] != level || c[1] != r%rl || top.Group[r] != level {
			t.Fatalf("router %d: coords %v group %d", r, c, top.Group[r])
		}
		wantDeg, wantConc, wantRole := k, p, RoleLocal
		if level == 1 {
			wantDeg, wantConc, wantRole = 2*k, 0, RoleGlobal
		}
		if g.Degree(r) != wantDeg || int(top.Conc[r]) != wantConc || top.Role[r] != wantRole {
			t.Fatalf("router %d (level %d): degree %d conc %d role %v; want %d, %d, %v", r, level, g.Degree(r), top.Conc[r], top.Role[r], wantDeg, wantConc, wantRole)
		}
		for _, u := range g.Neighbors(r) {
			if (level == 1) == (u/rl == 1) {
				t.Fatalf("link %d-%d does not join L1 to a leaf level", r, u)
			}
		}
	}
	leaves := make([]int32, 0, 2*rl)
	for r := int32(0); r < 3*rl; r++ {
		if r/rl != 1 {
			leaves = append(leaves, r)
		}
	}
	commonHist := map[int]int{}
	for x, a := range leaves {
		for _, b := range leaves[x+1:] {
			n := d2Common(g, a, b)
			want := 1
			if b == a+2*rl {
				want = k
			}
			if n != want {
				t.Fatalf("leaves %d, %d: %d common L1 routers, want %d", a, b, n, want)
			}
			commonHist[n]++
		}
	}
	pairs := d2LeafDistances(t, top)
	s := distances(t, top)
	return fmt.Sprintf("hist %v diameter %d common %v leaf pairs %d", s.Hist, s.Diameter, commonHist, pairs)
}

func TestOFT(t *testing.T) {
	tests := []struct {
		k                         int64
		routers, endpoints, radix int64
		constructions             []string
		auto                      string
	}{
		{k: 3, routers: 21, endpoints: 42, radix: 6, constructions: []string{"mols", "projective"}, auto: "mols"},
		{k: 4, routers: 39, endpoints: 104, radix: 8, constructions: []string{"mols", "projective"}, auto: "mols"},
		{k: 5, routers: 63, endpoints: 210, radix: 10, constructions: []string{"projective"}, auto: "projective"}, // k-1 = 4
		{k: 6, routers: 93, endpoints: 372, radix: 12, constructions: []string{"mols", "projective"}, auto: "mols"},
		{k: 8, routers: 171, endpoints: 912, radix: 16, constructions: []string{"mols", "projective"}, auto: "mols"},
		{k: 9, routers: 219, endpoints: 1314, radix: 18, constructions: []string{"projective"}, auto: "projective"},    // k-1 = 8
		{k: 12, routers: 399, endpoints: 3192, radix: 24, constructions: []string{"mols", "projective"}, auto: "mols"}, // SC15 section 4
		{k: 17, routers: 819, endpoints: 9282, radix: 34, constructions: []string{"projective"}, auto: "projective"},   // OFT 16, projective paper Table 6
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("k=%d", tt.k), func(t *testing.T) {
			k := tt.k
			want := Size{Routers: tt.routers, Endpoints: tt.endpoints, Links: 2 * k * (k*k - k + 1), Radix: tt.radix, NetworkRadix: 2 * k}
			// The SC15 formulas.
			if want.Routers != 3*(k*k-k+1) || want.Endpoints != 2*k*k*k-2*k*k+2*k || want.Radix != 2*k {
				t.Fatalf("test table disagrees with SC15's formulas: %+v", want)
			}
			if _, v := build(t, "oft", Values{"k": k}); v.Str("construction") != tt.auto || v.Int("p") != k {
				t.Errorf("auto resolved to %v, want construction %s, p = %d", v, tt.auto, k)
			}
			var first string
			for _, c := range tt.constructions {
				given := Values{"k": k, "construction": c}
				top, _ := build(t, "oft", given)
				if got := measured(top); got != want {
					t.Errorf("%s: built %+v, want %+v", c, got, want)
				}
				if sz := sizeOf(t, "oft", given); sz != want {
					t.Errorf("%s: Size %+v, want %+v", c, sz, want)
				}
				inv := d2OFTInvariants(t, top, int(k), int(k))
				if s := distances(t, top); s.Diameter != 3 || !s.Connected() || s.EndpointHist[1] != 0 || len(s.EndpointHist) != 4 || s.EndpointHist[3] != 0 {
					t.Errorf("%s: diameter %d, endpoint distances %v; want 3 and every endpoint pair at router distance 0 or 2", c, s.Diameter, s.EndpointHist)
				}
				if first == "" {
					first = inv
				} else if inv != first {
					t.Errorf("constructions differ in invariants:\n%s: %s\nfirst: %s", c, inv, first)
				}
			}
		})
	}
}

// TestOFTConstructionsIsomorphic maps the MOLS labelling onto the projective
// one for k-1 = q prime and checks that the map is an isomorphism. Reading
// the k-ML3B table with L1 index j = c*q + v as the affine point (1, c, v),
// L1 index q^2 (the first column of block 0) as the point (0, 0, 1) and
// q^2 + b, b >= 1, as (0, 1, b-1), row 0 is the line (1, 0, 0), row 1 + r
// of block 0 the line x = r, i.e. (-r, 1, 0), and row 1 + b*q + r of block
// b >= 1 the line y = (b-1)x + r, i.e. (-r, -(b-1), 1).
func TestOFTConstructionsIsomorphic(t *testing.T) {
	for _, q := range []int{2, 3, 5, 7, 11} {
		k := q + 1
		pp, err := NewProjectivePlane(q)
		if err != nil {
			t.Fatal(err)
		}
		f := pp.Field()
		rl := q*q + q + 1
		lineOf := func(i int) int {
			if i == 0 {
				return pp.Index([3]int{1, 0, 0})
			}
			b, r := (i-1)/q, (i-1)%q
			if b == 0 {
				return pp.Index([3]int{f.Neg(r), 1, 0})
			}
			return pp.Index([3]int{f.Neg(r), f.Neg(b - 1), 1})
		}
		pointOf := func(j int) int {
			switch {
			case j < q*q:
				return pp.Index([3]int{1, j / q, j % q})
			case j == q*q:
				return pp.Index([3]int{0, 0, 1})
			}
			return pp.Index([3]int{0, 1, j - q*q - 1})
		}
		phi := make([]int32, 3*rl)
		seen := make([]bool, 3*rl)
		for r := 0; r < 3*rl; r++ {
			level, i := r/rl, r%rl
			img := lineOf(i)
			if level == 1 {
				img = pointOf(i)
			}
			phi[r] = int32(level*rl + img)
			if img < 0 || seen[phi[r]] {
				t.Fatalf("q = %d: map not injective at router %d", q, r)
			}
			seen[phi[r]] = true
		}
		mols, _ := build(t, "oft", Values{"k": int64(k), "construction": "mols"})
		proj, _ := build(t, "oft", Values{"k": int64(k), "construction": "projective"})
		if mols.Graph.Edges() != proj.Graph.Edges() {
			t.Fatalf("q = %d: %d vs %d links", q, mols.Graph.Edges(), proj.Graph.Edges())
		}
		for u := int32(0); u < int32(3*rl); u++ {
			for _, v := range mols.Graph.Neighbors(u) {
				if !d2Adjacent(proj.Graph, phi[u], phi[v]) {
					t.Fatalf("k = %d: mols link %d-%d maps to the non-link %d-%d", k, u, v, phi[u], phi[v])
				}
			}
		}
		if q == 3 && slices.Equal(mols.Graph.Adj, proj.Graph.Adj) {
			t.Errorf("q = 3: the constructions are identical as labelled graphs; the doc says they differ")
		}
	}
}

func TestSPT(t *testing.T) {
	for _, tt := range []struct{ r1, r2 int64 }{
		{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {9, 9},
	} {
		given := Values{"r1": tt.r1, "r2": tt.r2}
		top, v := build(t, "spt", given)
		r1, r2 := tt.r1, tt.r2
		rows1 := 1 + r1*(r2-1)
		rows2 := rows1 * r1 / r2
		want := Size{Routers: rows1 + rows2, Endpoints: r1*r1*(r2-1) + r1, Links: rows1 * r1, Radix: max(2*r1, r2), NetworkRadix: max(r1, r2)}
		if got := measured(top); got != want || v.Int("p") != r1 {
			t.Errorf("%v: built %+v (p = %d), want %+v", given, got, v.Int("p"), want)
		}
		if sz := sizeOf(t, "spt", given); sz != want {
			t.Errorf("%v: Size %+v, want %+v", given, sz, want)
		}
		g := top.Graph
		for a := int32(0); a < int32(rows1); a++ {
			if g.Degree(a) != int(r1) || top.Role[a] != RoleLocal || top.Coords[2*a] != 0 || top.Coords[2*a+1] != a {
				t.Fatalf("%v: first-level router %d: degree %d role %v", given, a, g.Degree(a), top.Role[a])
			}
			for b := a + 1; b < int32(rows1); b++ {
				if n := d2Common(g, a, b); n != 1 {
					t.Fatalf("%v: first-level routers %d, %d have %d common top routers, want 1", given, a, b, n)
				}
			}
		}
		for j := int32(rows1); j < int32(g.N()); j++ {
			if g.Degree(j) != int(r2) || top.Role[j] != RoleGlobal || top.Conc[j] != 0 || top.Coords[2*j] != 1 || top.Coords[2*j+1] != j-int32(rows1) {
				t.Fatalf("%v: top router %d: degree %d role %v coords %v", given, j, g.Degree(j), top.Role[j], top.Coords[2*j:2*j+2])
			}
		}
		d2LeafDistances(t, top)
	}
}

func TestSSPT(t *testing.T) {
	for _, tt := range []struct{ r1, r2 int64 }{
		{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8},
	} {
		given := Values{"r1": tt.r1, "r2": tt.r2}
		top, _ := build(t, "sspt", given)
		r1, r2 := tt.r1, tt.r2
		s := 2 * r1 / r2
		rows1 := 1 + r1*(r2-1)
		n := (r1*r1*(r2-1) + r1) * s
		// SC15: N = r^3/4 (r2-1)/r2 + r^2/(2 r2) with r = 2 r1, times 4 r2.
		if r := 2 * r1; 4*r2*n != r*r*r*(r2-1)+2*r*r {
			t.Errorf("%v: N = %d disagrees with SC15's formula in r", given, n)
		}
		want := Size{Routers: s*rows1 + rows1*r1/r2, Endpoints: n, Links: s * rows1 * r1, Radix: 2 * r1, NetworkRadix: 2 * r1}
		if got := measured(top); got != want {
			t.Errorf("%v: built %+v, want %+v", given, got, want)
		}
		if sz := sizeOf(t, "sspt", given); sz != want {
			t.Errorf("%v: Size %+v, want %+v", given, sz, want)
		}
		// Identical to the MLFM (r2 = 2) and isomorphic to the OFT (r2 = r1)
		// under copy 0 -> L0, top -> L1, copy 1 -> L2.
		if r2 == 2 {
			m, _ := build(t, "mlfm", Values{"h": r1})
			if !slices.Equal(m.Graph.Off, top.Graph.Off) || !slices.Equal(m.Graph.Adj, top.Graph.Adj) ||
				!slices.Equal(m.Role, top.Role) || !slices.Equal(m.Group, top.Group) || !slices.Equal(m.Conc, top.Conc) {
				t.Errorf("%v: differs from mlfm h = %d", given, r1)
			}
		}
		if r2 == r1 && r1 > 2 {
			o, _ := build(t, "oft", Values{"k": r1})
			rl := int32(rows1)
			phi := func(r int32) int32 {
				switch r / rl {
				case 0:
					return r
				case 1:
					return r + rl
				}
				return r - rl
			}
			for u := int32(0); u < int32(top.Graph.N()); u++ {
				for _, v := range top.Graph.Neighbors(u) {
					if !d2Adjacent(o.Graph, phi(u), phi(v)) {
						t.Fatalf("%v: link %d-%d is not an oft link", given, u, v)
					}
				}
			}
		}
		d2LeafDistances(t, top)
	}
}

// TestD2PaperSizes checks sizes quoted by the papers, without building.
func TestD2PaperSizes(t *testing.T) {
	tests := []struct {
		fam                          string
		given                        Values
		routers, endpoints, radix, l int64 // l = 0: links not checked
	}{
		{"mlfm", Values{"h": int64(15)}, 360, 3600, 30, 3600},                          // SC15 section 4
		{"oft", Values{"k": int64(12)}, 399, 3192, 24, 3192},                           // SC15 section 4
		{"oft", Values{"k": int64(32)}, 3 * 993, 63552, 64, 0},                         // SC15 2.3.1: radix 64, ~63.5K nodes
		{"mlfm", Values{"h": int64(21)}, 693, 9702, 42, 9702},                          // projective paper Table 6, MLFM 22
		{"mlfm", Values{"h": int64(29)}, 1305, 25230, 58, 25230},                       // MLFM 30
		{"oft", Values{"k": int64(17)}, 819, 9282, 34, 9282},                           // OFT 16
		{"oft", Values{"k": int64(24)}, 1659, 26544, 48, 26544},                        // OFT 23
		{"sspt", Values{"r1": int64(12)}, 399, 3192, 24, 3192},                         // = OFT k = 12
		{"sspt", Values{"r1": int64(15), "r2": int64(2)}, 360, 3600, 30, 3600},         // = MLFM h = 15
		{"spt", Values{"r1": int64(12), "r2": int64(2)}, 13 + 78, 12*12 + 12, 24, 156}, // N = r1^2(r2-1) + r1
	}
	for _, tt := range tests {
		sz := sizeOf(t, tt.fam, tt.given)
		if sz.Routers != tt.routers || sz.Endpoints != tt.endpoints || sz.Radix != tt.radix || (tt.l != 0 && sz.Links != tt.l) {
			t.Errorf("%s %v: Size %+v; want %d routers, %d endpoints, radix %d, %d links", tt.fam, tt.given, sz, tt.routers, tt.endpoints, tt.radix, tt.l)
		}
	}
	// Huge instances: Size works, Build refuses.
	for _, c := range []struct {
		fam   string
		given Values
		want  Size
	}{
		{"oft", Values{"k": int64(1<<20 + 1)}, Size{Routers: 3 * (1<<40 + 1<<20 + 1), Endpoints: 2 * (1<<20 + 1) * (1<<40 + 1<<20 + 1), Links: 2 * (1<<20 + 1) * (1<<40 + 1<<20 + 1), Radix: 2 * (1<<20 + 1), NetworkRadix: 2 * (1<<20 + 1)}},
		{"mlfm", Values{"h": int64(1 << 20)}, Size{Routers: 3 * (1 << 19) * (1<<20 + 1), Endpoints: (1 << 60) + (1 << 40), Links: (1 << 60) + (1 << 40), Radix: 1 << 21, NetworkRadix: 1 << 21}},
	} {
		if got := sizeOf(t, c.fam, c.given); got != c.want {
			t.Errorf("%s %v: Size %+v, want %+v", c.fam, c.given, got, c.want)
		}
		f, _ := Default().Lookup(c.fam)
		v, _ := f.Normalize(c.given)
		if _, err := f.Build(context.Background(), v); err == nil {
			t.Errorf("%s %v: Build succeeded", c.fam, c.given)
		}
	}
}

func TestD2SizeMatchesBuild(t *testing.T) {
	type tc struct {
		fam   string
		given Values
	}
	var cases []tc
	for h := int64(1); h <= 7; h++ {
		cases = append(cases, tc{"mlfm", Values{"h": h}}, tc{"mlfm", Values{"h": h, "l": h%3 + 1, "p": h%4 + 1}})
	}
	for k := int64(3); k <= 20; k++ {
		if projCheckOrder("oft", "k", k, 1) != nil {
			continue
		}
		cases = append(cases, tc{"oft", Values{"k": k, "construction": "projective", "p": k%5 + 1}}, tc{"oft", Values{"k": k}})
		cases = append(cases, tc{"spt", Values{"r1": k}}, tc{"sspt", Values{"r1": k, "p": int64(2)}})
		if d2Prime(k - 1) {
			cases = append(cases, tc{"oft", Values{"k": k, "construction": "mols", "p": 2 * k}})
		}
	}
	for r1 := int64(1); r1 <= 8; r1++ {
		cases = append(cases, tc{"spt", Values{"r1": r1, "r2": int64(2), "p": r1 + 1}}, tc{"sspt", Values{"r1": r1, "r2": int64(2)}})
	}
	for _, c := range cases {
		top, _ := build(t, c.fam, c.given)
		if got, want := measured(top), sizeOf(t, c.fam, c.given); got != want {
			t.Errorf("%s %v: built %+v, Size %+v", c.fam, c.given, got, want)
		}
		n := top.Graph.N()
		if len(top.Conc) != n || len(top.Role) != n || len(top.Group) != n || len(top.Coords) != top.CoordDim*n {
			t.Errorf("%s %v: metadata lengths %d %d %d %d for %d routers", c.fam, c.given, len(top.Conc), len(top.Role), len(top.Group), len(top.Coords), n)
		}
	}
}

func TestD2Errors(t *testing.T) {
	tests := []struct {
		fam      string
		given    Values
		param    string
		contains string
	}{
		{"mlfm", Values{"h": int64(0)}, "h", "positive"},
		{"mlfm", Values{}, "h", "required"},
		{"mlfm", Values{"h": int64(3), "l": int64(0)}, "l", "positive"},
		{"mlfm", Values{"h": int64(3), "p": "max"}, "p", `"balanced"`},
		{"mlfm", Values{"h": int64(3), "l": "x"}, "l", `"balanced"`},
		{"mlfm", Values{"h": int64(1 << 31)}, "h", "at most"},
		{"oft", Values{"k": int64(7)}, "k", "k = 7: k-1 = 6 is not a prime power"},
		{"oft", Values{"k": int64(7)}, "k", "nearest valid k: 6, 8"},
		{"oft", Values{"k": int64(11)}, "k", "nearest valid k: 10, 12"},
		{"oft", Values{"k": int64(2)}, "k", "too small"},
		{"oft", Values{"k": int64(2)}, "k", "nearest valid k: 3"},
		{"oft", Values{"k": int64(-4)}, "k", "too small"},
		{"oft", Values{"k": int64(1<<20 + 2)}, "k", "too large"},
		{"oft", Values{"k": int64(9), "construction": "mols"}, "construction", "k-1 = 8 is a prime power, not a prime"},
		{"oft", Values{"k": int64(5), "construction": "mols"}, "construction", "k-1 prime"},
		{"oft", Values{"k": int64(4), "construction": "latin"}, "construction", `"auto", "mols", "projective"`},
		{"oft", Values{"k": int64(4), "p": int64(0)}, "p", "positive"},
		{"spt", Values{"r1": int64(5), "r2": int64(3)}, "r2", "only for r2 = 2"},
		{"spt", Values{"r1": int64(7)}, "r1", "r1-1 = 6 is not a prime power"},
		{"sspt", Values{"r1": int64(1)}, "r1", "too small"},
		{"sspt", Values{"r1": int64(6), "r2": int64(4)}, "r2", "only for r2 = 2"},
		{"sspt", Values{"r1": int64(0)}, "r1", "positive"},
		{"sspt", Values{"r1": int64(4), "r2": "two"}, "r2", `"r1"`},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
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

func TestD2Resolve(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Values
	}{
		{"mlfm", Values{"h": int64(15)}, Values{"h": int64(15), "l": int64(15), "p": int64(15)}},
		{"mlfm", Values{"h": int64(4), "l": int64(2)}, Values{"h": int64(4), "l": int64(2), "p": int64(4)}},
		{"oft", Values{"k": int64(12)}, Values{"k": int64(12), "construction": "mols", "p": int64(12)}},
		{"oft", Values{"k": int64(17)}, Values{"k": int64(17), "construction": "projective", "p": int64(17)}},
		{"oft", Values{"k": int64(12), "construction": "projective", "p": int64(3)}, Values{"k": int64(12), "construction": "projective", "p": int64(3)}},
		{"spt", Values{"r1": int64(4)}, Values{"r1": int64(4), "r2": int64(4), "p": int64(4)}},
		{"sspt", Values{"r1": int64(4), "r2": int64(2)}, Values{"r1": int64(4), "r2": int64(2), "p": int64(4)}},
	}
	for _, tt := range tests {
		f, _ := Default().Lookup(tt.fam)
		got, err := f.Normalize(tt.given)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %v: resolved %v, want %v", tt.fam, tt.given, got, tt.want)
		}
		if again, err := f.Resolve(got); err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", tt.fam, again, err)
		}
	}
}
