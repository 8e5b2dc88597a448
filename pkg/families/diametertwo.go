package families

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/gf"
)

// The indirect diameter-two networks of Kathareios, Minkenberg, Prisacari,
// Rodriguez and Hoefler, Cost-Effective Diameter-Two Topologies: Analysis
// and Evaluation, SC15, section 2.2: Single-Path Trees (SPT), Stacked
// Single-Path Trees (SSPT) and their two members, the Multi-Layer Full-Mesh
// (MLFM) and the two-level Orthogonal Fat Tree (OFT).
//
// All four share one layout: first-level routers (with endpoints, Role
// RoleLocal) and top-level routers (no endpoints, Role RoleGlobal). An
// SPT(r1, r2) is the bipartite incidence graph of a 2-design: R1 = 1 +
// r1(r2-1) first-level routers with r1 up links, R2 = R1*r1/r2 top routers
// with r2 down links, and exactly one common top router for every pair of
// first-level routers. The incidence is stored as a table of R1 rows of r1
// top-router indices (SC15's "tabular representation").

// OFT constructions.
const (
	oftAuto       = "auto"
	oftMOLS       = "mols"
	oftProjective = "projective"
)

func diameterTwoFamilies() []*Family { return []*Family{mlfm(), oft(), spt(), sspt()} }

// isPrime reports whether n is prime.
func d2Prime(n int64) bool {
	_, m, ok := gf.IsPrimePower(int(n))
	return ok && m == 1
}

// completeIncidence returns the SPT(n-1, 2) table: the incidence of the
// complete graph K_n. Row a lists the indices of the n-1 edges {a, b}, the
// edges numbered in lexicographic order of (min, max) (edge {a, b}, a < b,
// has index a*n - a(a+1)/2 + b - a - 1), in ascending order.
func completeIncidence(n int) []int32 {
	w := n - 1
	tab := make([]int32, n*w)
	fill := make([]int, n)
	e := int32(0)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			tab[a*w+fill[a]] = e
			tab[b*w+fill[b]] = e
			fill[a]++
			fill[b]++
			e++
		}
	}
	return tab
}

// ml3bMOLS returns the k-ML3B table of SC15 section 2.2.4, built by the
// MOLS procedure of that section for k - 1 = m prime, R_L = k^2 - k + 1 rows
// of k entries:
//
//  1. row 0 is R_L-k, ..., R_L-1;
//  2. the first column of the rows 1 + b*m + r (block b in [0, k), r in
//     [0, m)) is R_L-k+b;
//  3. the other m columns c of block 0 hold r*m + c (0 to m^2-1 left to
//     right, top to bottom), block 1 holds the transpose c*m + r, and block
//     a+1 (a in [1, m-1]) holds the Latin square L_a(r, c) = (r + a*c) mod m
//     with column c increased by c*m.
//
// SC15 does not say which k-2 MOLS of order m to use; the cyclic squares
// L_1, ..., L_{m-1} in this order are the ones that reproduce its Table 2
// (k = 4) cell for cell.
func ml3bMOLS(k int) []int32 {
	m := k - 1
	rl := k*k - k + 1
	tab := make([]int32, rl*k)
	for c := 0; c < k; c++ {
		tab[c] = int32(rl - k + c)
	}
	for b := 0; b < k; b++ {
		for r := 0; r < m; r++ {
			row := tab[(1+b*m+r)*k : (2+b*m+r)*k]
			row[0] = int32(rl - k + b)
			for c := 0; c < m; c++ {
				var v int
				switch b {
				case 0:
					v = r*m + c
				case 1:
					v = c*m + r
				default:
					v = c*m + (r+(b-1)*c)%m
				}
				row[1+c] = int32(v)
			}
		}
	}
	return tab
}

// ml3bProjective returns the k-ML3B table of the projective plane of order
// q = k - 1 (Camarero et al., Projective Networks, Definition 6.1): row i
// lists the q + 1 points orthogonal to point i of P_2(F_q) in ascending
// order (see ProjectivePlane for the point indices).
func ml3bProjective(k int) ([]int32, error) {
	pp, err := NewProjectivePlane(k - 1)
	if err != nil {
		return nil, err
	}
	n := pp.Points()
	tab := make([]int32, 0, n*k)
	for i := 0; i < n; i++ {
		tab = pp.Orthogonal(i, tab)
	}
	return tab, nil
}

// ml3b returns the k-ML3B table of the given resolved construction.
func ml3b(k int, construction string) ([]int32, error) {
	if construction == oftMOLS {
		return ml3bMOLS(k), nil
	}
	return ml3bProjective(k)
}

// autoConstruction is the construction "auto" resolves to for k.
func autoConstruction(k int64) string {
	if d2Prime(k - 1) {
		return oftMOLS
	}
	return oftProjective
}

// stackedSize returns the sizing figures of copies stacked SPT(r1, r2) with
// p endpoints per first-level router (copies = 1: a plain SPT).
func stackedSize(fam, param string, r1, r2, copies, p int64) (Size, error) {
	s := sizer{ok: true}
	r1Rows := s.add(1, s.mul(r1, r2-1))
	r2Rows := s.mul(r1Rows, r1) / r2
	leaves := s.mul(copies, r1Rows)
	top := s.mul(copies, r2)
	sz := Size{
		Routers:      s.add(leaves, r2Rows),
		Endpoints:    s.mul(leaves, p),
		Links:        s.mul(leaves, r1),
		NetworkRadix: max(r1, top),
		Radix:        max(s.add(r1, p), top),
	}
	if !s.ok {
		return Size{}, paramErr(fam, param, "sizes overflow int64")
	}
	return sz, nil
}

// buildStacked builds copies stacked SPTs from an SPT table (rows first-level
// routers, r1 entries each, values in [0, r2Rows)): first-level router i of
// copy c has id c*rows + i (Role local, Group c, p endpoints) and top router
// j has id copies*rows + j (Role global, Group copies, no endpoints). Coords
// are left to the caller.
func buildStacked(ctx context.Context, name string, tab []int32, r1, copies int, p int64, sz Size) (*Topology, error) {
	rows := len(tab) / r1
	routers := int(sz.Routers)
	base := copies * rows
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for c := 0; c < copies; c++ {
		for i := 0; i < rows; i++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for _, j := range tab[i*r1 : (i+1)*r1] {
				edges.add(c*rows+i, base+int(j))
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	t, err := newTopology(ctx, name, routers, edges, p)
	if err != nil {
		return nil, err
	}
	t.Role = make([]Role, routers)
	t.Group = make([]int32, routers)
	for r := 0; r < routers; r++ {
		if r < base {
			t.Role[r], t.Group[r] = RoleLocal, int32(r/rows)
		} else {
			t.Role[r], t.Group[r], t.Conc[r] = RoleGlobal, int32(copies), 0
		}
	}
	return t, nil
}

// d2Balanced reads an Int parameter that may be "balanced" (= def).
func d2Balanced(fam string, v Values, param string, def, lo int64) (int64, error) {
	i, s, err := intOrChoice(fam, v, param)
	switch {
	case err != nil:
		return 0, err
	case s == "balanced":
		return def, nil
	case s != "":
		return 0, paramErr(fam, param, "want an integer or \"balanced\", got %q", s)
	}
	return i, checkRange(fam, param, i, lo, math.MaxInt32)
}

type mlfmParams struct{ h, l, p int64 }

func mlfm() *Family {
	const name = "mlfm"
	parse := func(v Values) (mlfmParams, error) {
		var t mlfmParams
		var err error
		if t.h, err = intParam(name, v, "h", 1, math.MaxInt32); err != nil {
			return t, err
		}
		if t.l, err = d2Balanced(name, v, "l", t.h, 1); err != nil {
			return t, err
		}
		if t.p, err = d2Balanced(name, v, "p", t.h, 1); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Multi-Layer Full-Mesh (h, l, p)-MLFM of SC15, diameter 2",
		Doc: "Multi-Layer Full-Mesh, the (h, l, p)-MLFM of Kathareios et al., Cost-Effective " +
			"Diameter-Two Topologies, SC15, section 2.2.3 (after Fujitsu's design): l layers of h+1 " +
			"local routers (LRs) each with p endpoints; in every layer the link of a full mesh between " +
			"LRs a < b is replaced by two links to the global router (GR) of the pair {a, b}, which is " +
			"shared by all layers. That gives l(h+1) LRs of radix h+p, h(h+1)/2 GRs of radix 2l, " +
			"l*h(h+1) links and a leaf-to-leaf distance of exactly 2 (one minimal path, except h for LRs " +
			"of the same column). The default l = p = h is SC15's h-MLFM: 3h(h+1)/2 routers, h^3+h^2 " +
			"endpoints, radix 2h (h = 15: 360 routers, 3,600 endpoints, radix 30). It is the SSPT of " +
			"SPT(h, 2) stacked h times, and the MLFM n of Camarero et al. (Projective Networks, section " +
			"6, built on the incidence graph of K_n) is h = n-1 (MLFM 22: h = 21, 693 routers, 9,702 " +
			"endpoints, radix 42). LR id = layer*(h+1) + column, GR id = l(h+1) + the lexicographic index " +
			"of {a, b}; Role = local (LR) or global (GR); Coords = (0, layer, column) for an LR and " +
			"(1, a, b) for a GR; Group = layer for an LR and l for every GR.",
		Params: []Param{
			{Name: "h", Kind: Int, Column: "mlfm_h", Doc: "network radix of a local router: h+1 local routers per layer, >= 1"},
			{Name: "l", Kind: Int, Default: "balanced", Choices: []string{"balanced"}, Doc: "number of layers (global router radix 2l), >= 1; \"balanced\" = h (the h-MLFM)"},
			paramP("balanced", []string{"balanced"}, "endpoints per local router, >= 1; \"balanced\" = h (the h-MLFM)"),
		},
		Version: 1,
	}
	return pipeline[mlfmParams]{
		parse:   parse,
		resolve: func(t mlfmParams, v Values) Values { return withValues(v, "l", t.l, "p", t.p) },
		size: func(t mlfmParams) (Size, error) {
			return stackedSize(name, "h", t.h, 2, t.l, t.p)
		},
		limit: "h",
		build: func(ctx context.Context, t mlfmParams, sz Size) (*Topology, error) {
			h, l := int(t.h), int(t.l)
			top, err := buildStacked(ctx, name, completeIncidence(h+1), h, l, t.p, sz)
			if err != nil {
				return nil, err
			}
			top.CoordDim = 3
			top.Coords = make([]int32, 0, 3*len(top.Conc))
			for layer := 0; layer < l; layer++ {
				for col := 0; col <= h; col++ {
					top.Coords = append(top.Coords, 0, int32(layer), int32(col))
				}
			}
			for a := 0; a <= h; a++ {
				for b := a + 1; b <= h; b++ {
					top.Coords = append(top.Coords, 1, int32(a), int32(b))
				}
			}
			return top, nil
		},
	}.wire(f)
}

type oftParams struct {
	k, p         int64
	construction string // resolved: oftMOLS or oftProjective
}

func oft() *Family {
	const name = "oft"
	parse := func(v Values) (oftParams, error) {
		var t oftParams
		var err error
		if t.k, err = intParam(name, v, "k", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		if err := projCheckOrder(name, "k", t.k, 1); err != nil {
			return t, err
		}
		switch c := v.Str("construction"); c {
		case oftAuto:
			t.construction = autoConstruction(t.k)
		case oftMOLS:
			if !d2Prime(t.k - 1) {
				return t, paramErr(name, "construction", "construction %q (the MOLS procedure of SC15 section 2.2.4) is defined for k-1 prime, but k-1 = %d is a prime power, not a prime: use %q or %q",
					c, t.k-1, oftProjective, oftAuto)
			}
			t.construction = c
		case oftProjective:
			t.construction = c
		default:
			return t, paramErr(name, "construction", "want one of %q, %q, %q, got %s", oftAuto, oftMOLS, oftProjective, describe(v["construction"]))
		}
		if t.p, err = d2Balanced(name, v, "p", t.k, 1); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "two-level Orthogonal Fat Tree k-OFT of SC15, diameter 2",
		Doc: "Two-level Orthogonal Fat Tree k-OFT (Kathareios et al., Cost-Effective Diameter-Two " +
			"Topologies, SC15, section 2.2.4, after Valerio, Moser and Melliar-Smith): three levels " +
			"L0, L1, L2 of R_L = k^2-k+1 routers; (0, i) and (2, i) are both linked to the k routers " +
			"(1, j) listed in row i of the k-ML3B table, so every leaf-to-leaf distance is exactly 2 " +
			"(one minimal path, k between (0, i) and (2, i)). Leaves have p endpoints (default k), L1 " +
			"routers 2k links: 3(k^2-k+1) routers, 2k^3-2k^2+2k endpoints, radix 2k (k = 12: 399 " +
			"routers, 3,192 endpoints, radix 24). construction = \"mols\" fills the table by SC15's " +
			"MOLS procedure (k-1 prime; the cyclic Latin squares (r + a*c) mod (k-1), a = 1..k-2, which " +
			"reproduce SC15 Table 2 for k = 4); \"projective\" is Definition 6.1 of Camarero et al., " +
			"Projective Networks: (0, P) ~ (1, L) ~ (2, P) iff P.L = 0 over the projective plane " +
			"P_2(F_q), q = k-1 any prime power (their OFT 16 is q = 16: k = 17, radix 34). Both give " +
			"isomorphic graphs, with different router labels; \"auto\" is \"mols\" when k-1 is prime, " +
			"else \"projective\". Router id = level*R_L + index; Coords = (level, index); Group = level; " +
			"Role = local (L0, L2) or global (L1).",
		Params: []Param{
			{Name: "k", Kind: Int, Column: "oft_k", Doc: "network radix of a leaf router; k-1 must be a prime power (k = 3, 4, 5, 6, 8, 9, 10, 12, 14, 17, ...)"},
			{Name: "construction", Kind: String, Default: oftAuto, Choices: []string{oftAuto, oftMOLS, oftProjective},
				Doc: "\"mols\" (SC15's MOLS procedure, k-1 prime), \"projective\" (the projective plane of order k-1, any prime power) or \"auto\" (mols when k-1 is prime, else projective)"},
			paramP("balanced", []string{"balanced"}, "endpoints per leaf router (L0 and L2), >= 1; \"balanced\" = k as in SC15"),
		},
		Version: 1,
	}
	return pipeline[oftParams]{
		parse: parse,
		resolve: func(t oftParams, v Values) Values {
			return withValues(v, "construction", t.construction, "p", t.p)
		},
		size: func(t oftParams) (Size, error) {
			return stackedSize(name, "k", t.k, t.k, 2, t.p)
		},
		limit: "k",
		build: func(ctx context.Context, t oftParams, sz Size) (*Topology, error) {
			return buildOFT(ctx, name, int(t.k), t.construction, t.p, sz)
		},
	}.wire(f)
}

// buildOFT builds the k-OFT: L0 ids [0, R_L), L1 [R_L, 2R_L), L2 [2R_L, 3R_L).
func buildOFT(ctx context.Context, name string, k int, construction string, p int64, sz Size) (*Topology, error) {
	tab, err := ml3b(k, construction)
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	rl := k*k - k + 1
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for i := 0; i < rl; i++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for _, j := range tab[i*k : (i+1)*k] {
			edges.add(i, rl+int(j))
			edges.add(2*rl+i, rl+int(j))
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	t, err := newTopology(ctx, name, 3*rl, edges, p)
	if err != nil {
		return nil, err
	}
	t.Role = make([]Role, 3*rl)
	t.Group = make([]int32, 3*rl)
	t.CoordDim = 2
	t.Coords = make([]int32, 2*3*rl)
	for r := range t.Role {
		level := r / rl
		t.Role[r] = RoleLocal
		if level == 1 {
			t.Role[r], t.Conc[r] = RoleGlobal, 0
		}
		t.Group[r] = int32(level)
		t.Coords[2*r], t.Coords[2*r+1] = int32(level), int32(r%rl)
	}
	return t, nil
}

type sptParams struct{ r1, r2, p int64 }

// parseSPT reads r1, r2 and p of the spt and sspt families: an SPT(r1, r2)
// is built for r2 = 2 (any r1 >= 1) and for r2 = r1 with r1-1 a prime power.
func parseSPT(name string, v Values) (sptParams, error) {
	var t sptParams
	var err error
	if t.r1, err = intParam(name, v, "r1", 1, math.MaxInt32); err != nil {
		return t, err
	}
	r2, s, err := intOrChoice(name, v, "r2")
	switch {
	case err != nil:
		return t, err
	case s == "r1":
		r2 = t.r1
	case s != "":
		return t, paramErr(name, "r2", "want an integer or \"r1\", got %q", s)
	}
	t.r2 = r2
	switch {
	case r2 == 2:
	case r2 == t.r1:
		if err := projCheckOrder(name, "r1", t.r1, 1); err != nil {
			return t, err
		}
	default:
		return t, paramErr(name, "r2", "r2 = %d with r1 = %d: an SPT(r1, r2) is constructed (SC15 section 2.2.2) only for r2 = 2 (any r1) and for r2 = r1 with r1-1 a prime power", r2, t.r1)
	}
	if t.p, err = d2Balanced(name, v, "p", t.r1, 1); err != nil {
		return t, err
	}
	return t, nil
}

// sptTable returns the SPT(r1, r2) table: the K_{r1+1} incidence for
// r2 = 2, else the r1-ML3B of the oft family's "auto" construction.
func sptTable(r1, r2 int) ([]int32, error) {
	if r2 == 2 {
		return completeIncidence(r1 + 1), nil
	}
	return ml3b(r1, autoConstruction(int64(r1)))
}

func sptFamily(name string, stacked bool) *Family {
	copies := func(t sptParams) int64 {
		if stacked {
			return 2 * t.r1 / t.r2
		}
		return 1
	}
	what := "Single-Path Tree SPT(r1, r2) (Kathareios et al., Cost-Effective Diameter-Two " +
		"Topologies, SC15, section 2.2.2): two levels; R1 = 1 + r1(r2-1) first-level routers, each " +
		"with p endpoints (default p = r1, SC15's choice) and r1 links up, and R2 = R1*r1/r2 top " +
		"routers with r2 links down, wired so that every pair of first-level routers has exactly one " +
		"common top router (a single minimal path, leaf-to-leaf distance 2). "
	layout := "First-level router i has id i and Coords (0, i); top router j has id R1 + j and " +
		"Coords (1, j); Group = level; Role = local (first level) or global (top)."
	if stacked {
		what = "Stacked Single-Path Tree SSPT(r1, r2) (Kathareios et al., Cost-Effective Diameter-Two " +
			"Topologies, SC15, section 2.2.2): s = 2r1/r2 copies of the single-path tree SPT(r1, r2) " +
			"(R1 = 1 + r1(r2-1) first-level routers with p endpoints, default r1, and r1 up links; " +
			"R2 = R1*r1/r2 top routers) whose corresponding top routers are merged into one router of " +
			"radix 2r1: s*R1 + R2 routers, p*s*R1 endpoints, every router of radix 2r1 when p = r1. "
		layout = "First-level router i of copy c has id c*R1 + i and Coords (c, i); merged top router j " +
			"has id s*R1 + j and Coords (s, j); Group = copy (s for the top level); Role = local " +
			"(first level) or global (top). r2 = 2 is the h-MLFM with h = r1 (the same labelled graph " +
			"as family mlfm), r2 = r1 the k-OFT with k = r1."
	}
	summary := "Single-Path Tree SPT(r1, r2) of SC15: two levels, diameter 2"
	if stacked {
		summary = "Stacked Single-Path Tree SSPT(r1, r2) of SC15: merged SPT copies"
	}
	f := &Family{
		Name:    name,
		Summary: summary,
		Doc: what + "SC15 cites constructions only for r2 = 2, where the top routers are the edges of " +
			"the complete graph K_{r1+1}, and for r2 = r1 with r1-1 prime, the r1-ML3B of the OFT; " +
			"r2 = r1 is built here for any prime power r1-1 with the projective plane of order r1-1 " +
			"(as family oft with construction \"auto\"), and other (r1, r2) are rejected. " + layout,
		Params: []Param{
			{Name: "r1", Kind: Int, Doc: "network radix of a first-level router, >= 1 (r1-1 a prime power when r2 = r1)"},
			{Name: "r2", Kind: Int, Default: "r1", Choices: []string{"r1"}, Doc: "links per top router in one SPT: 2 or \"r1\" (= r1)"},
			paramP("balanced", []string{"balanced"}, "endpoints per first-level router, >= 1; \"balanced\" = r1 as in SC15"),
		},
		Version: 1,
	}
	return pipeline[sptParams]{
		parse:   func(v Values) (sptParams, error) { return parseSPT(name, v) },
		resolve: func(t sptParams, v Values) Values { return withValues(v, "r2", t.r2, "p", t.p) },
		size: func(t sptParams) (Size, error) {
			return stackedSize(name, "r1", t.r1, t.r2, copies(t), t.p)
		},
		limit: "r1",
		build: func(ctx context.Context, t sptParams, sz Size) (*Topology, error) {
			tab, err := sptTable(int(t.r1), int(t.r2))
			if err != nil {
				return nil, fmt.Errorf("family %s: %w", name, err)
			}
			top, err := buildStacked(ctx, name, tab, int(t.r1), int(copies(t)), t.p, sz)
			if err != nil {
				return nil, err
			}
			rows := len(tab) / int(t.r1)
			top.CoordDim = 2
			top.Coords = make([]int32, 2*len(top.Conc))
			for r := range top.Conc {
				top.Coords[2*r], top.Coords[2*r+1] = top.Group[r], int32(r%rows)
				if top.Role[r] == RoleGlobal {
					top.Coords[2*r+1] = int32(r - int(top.Group[r])*rows)
				}
			}
			return top, nil
		},
	}.wire(f)
}

func spt() *Family  { return sptFamily("spt", false) }
func sspt() *Family { return sptFamily("sspt", true) }
