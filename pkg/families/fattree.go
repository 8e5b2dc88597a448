package families

import (
	"context"
	"fmt"
	"math"
)

type fatTreeParams struct{ p, levels int64 }

func fatTree() *Family {
	const name = "fattree"
	parse := func(v Values) (fatTreeParams, error) {
		var t fatTreeParams
		var err error
		if t.p, err = intParam(name, v, "p", 2, math.MaxInt32); err != nil {
			return t, err
		}
		if t.levels, err = intParam(name, v, "levels", 1, 62); err != nil {
			return t, err
		}
		if _, ok := pow64(t.p, t.levels); !ok {
			return t, paramErr(name, "levels", "p^levels = %d^%d overflows int64", t.p, t.levels)
		}
		return t, nil
	}
	size := func(t fatTreeParams) (Size, error) {
		s := sizer{ok: true}
		endpoints, _ := pow64(t.p, t.levels)
		perLevel := endpoints / t.p
		sz := Size{
			Routers:   s.mul(t.levels, perLevel),
			Endpoints: endpoints,
			Links:     s.mul(t.levels-1, endpoints),
		}
		switch {
		case t.levels == 1:
			sz.NetworkRadix, sz.Radix = 0, t.p
		case t.levels == 2:
			sz.NetworkRadix, sz.Radix = t.p, 2*t.p
		default:
			sz.NetworkRadix, sz.Radix = 2*t.p, 2*t.p
		}
		if !s.ok {
			return Size{}, paramErr(name, "levels", "sizes for p = %d, levels = %d overflow int64", t.p, t.levels)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "fat tree as a k-ary n-tree (SC14's FT-3)",
		Doc: "Fat tree as a k-ary n-tree (Petrini and Vanneschi, k-ary n-trees: High Performance " +
			"Networks for Massively Parallel Architectures, IPPS 1997), the FT-3 of Besta and Hoefler, " +
			"SC14, section V (k = 44, p = 22: 1,452 routers, 10,648 endpoints). With n = levels, each " +
			"level l = 0 (leaf) ... n-1 (top) has p^(n-1) switches labelled by words w = (w_0, ..., " +
			"w_{n-2}) of base-p digits; switch (l, w) is linked to switch (l+1, w') iff w and w' agree " +
			"in every digit except digit l (the standard butterfly wiring). Leaves have p endpoints " +
			"(down ports) and p up ports, middle switches p down and p up ports (radix 2p), and the top " +
			"level uses only its p down ports. That gives n*p^(n-1) routers, p^n endpoints, " +
			"(n-1)*p^n links and a diameter of 2(n-1) between leaves. Router id = l*p^(n-1) + sum " +
			"w_i*p^i; Coords = (l, w_0, ..., w_{n-2}); Role = leaf (l = 0), spine (0 < l < n-1) or " +
			"core (l = n-1 >= 1); Group = pod for leaf and spine switches: the digit w_{n-2}, which " +
			"changes only on links to the top level (p pods of p^(n-2) switches per level); top " +
			"switches get group p + (w mod p^(n-2)), one group per set of p top switches wired to the " +
			"same switches below.",
		Params: []Param{
			paramP(nil, nil, "endpoints per leaf switch = down ports = up ports; switch radix 2p; >= 2"),
			{Name: "levels", Kind: Int, Default: int64(3), Doc: "number of switch levels n, >= 1 (2: leaf-spine, 3: FT-3)"},
		},
		Version: 1,
	}
	return pipeline[fatTreeParams]{parse: parse, size: size, limit: "p",
		build: func(ctx context.Context, t fatTreeParams, sz Size) (*Topology, error) {
			return buildFatTree(ctx, int(t.p), int(t.levels), sz)
		},
	}.wire(f)
}

func buildFatTree(ctx context.Context, p, n int, sz Size) (*Topology, error) {
	const name = "fattree"
	per := int(sz.Routers) / n // p^(n-1) switches per level
	pw := make([]int, n)       // pw[i] = p^i
	pw[0] = 1
	for i := 1; i < n; i++ {
		pw[i] = pw[i-1] * p
	}
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for l := 0; l < n-1; l++ {
		for w := 0; w < per; w++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			base := w - (w/pw[l]%p)*pw[l] // w with digit l cleared
			for d := 0; d < p; d++ {
				edges.add(l*per+w, (l+1)*per+base+d*pw[l])
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	routers := n * per
	t, err := newTopology(ctx, name, routers, edges, 0)
	if err != nil {
		return nil, err
	}
	for w := 0; w < per; w++ {
		t.Conc[w] = int32(p)
	}
	t.Role = make([]Role, routers)
	t.Group = make([]int32, routers)
	t.CoordDim = n
	t.Coords = make([]int32, n*routers)
	for r := 0; r < routers; r++ {
		l, w := r/per, r%per
		switch {
		case l == 0:
			t.Role[r] = RoleLeaf
		case l == n-1:
			t.Role[r] = RoleCore
		default:
			t.Role[r] = RoleSpine
		}
		switch {
		case n == 1:
			t.Group[r] = 0
		case l < n-1:
			t.Group[r] = int32(w / pw[n-2] % p)
		default:
			t.Group[r] = int32(p + w%pw[n-2])
		}
		t.Coords[n*r] = int32(l)
		for i := 0; i < n-1; i++ {
			t.Coords[n*r+1+i] = int32(w / pw[i] % p)
		}
	}
	return t, nil
}

// maxFatTreeSC14K bounds the switch radix of fattree_sc14 so that k^3 and
// every sizing figure fit comfortably in int64.
const maxFatTreeSC14K = 1 << 20

type fatTreeSC14Params struct{ k, levels int64 }

// fatTreeSC14Size returns the floor of the SC14 fat-tree formulas for an
// L-level fat tree of radix-k switches, p = k/2 (exact when k is even):
// routers (2L-1)*p^(L-1), endpoints 2*p^L, links 2*(L-1)*p^L. With p = k/2
// these are (2L-1)*k^(L-1)/2^(L-1), k^L/2^(L-1) and (L-1)*k^L/2^(L-1), so
// integer division gives the floors. k <= 2^20 and L <= 3: no overflow.
func fatTreeSC14Size(t fatTreeSC14Params) Size {
	l := t.levels
	kl1, _ := pow64(t.k, l-1)
	den := int64(1) << (l - 1)
	return Size{
		Routers:      (2*l - 1) * kl1 / den,
		Endpoints:    kl1 * t.k / den,
		Links:        (l - 1) * kl1 * t.k / den,
		Radix:        t.k,
		NetworkRadix: t.k,
	}
}

func fatTreeSC14() *Family {
	const name = "fattree_sc14"
	parse := func(v Values) (fatTreeSC14Params, error) {
		var t fatTreeSC14Params
		var err error
		if t.k, err = intParam(name, v, "k", 2, maxFatTreeSC14K); err != nil {
			return t, err
		}
		if t.levels, err = intParam(name, v, "levels", 2, 3); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "fat tree of radix-k switches as sized by SC14's cost model (FT-3)",
		Doc: "Fat tree of radix-k switches as sized in the cost model of Besta and Hoefler, Slim Fly, " +
			"SC14, section VI-B3c (FT-3: 5p^2 routers, 2p^3 core-aggregation plus 2p^3 aggregation-" +
			"edge cables, 2p^3 endpoints, p^2 endpoints per pod) and Table IV, with p = k/2; unlike the " +
			"k-ary n-tree of family fattree, the top level uses all k ports. For L = levels the formulas " +
			"are routers (2L-1)*p^(L-1), endpoints 2*p^L, links 2*(L-1)*p^L: L = 2 (the two-stage fat " +
			"tree of SC14 Fig. 5a) gives 3p routers, 2p^2 endpoints and 2p^2 links; L = 3 gives 5p^2, " +
			"2p^3 and 4p^3. For odd k, p = k/2 is fractional and the paper uses the fractional values; " +
			"Size reports their floors, as Table IV prints them (k = 43: 2,311 routers, 19,876 " +
			"endpoints; k = 35: 1,531 and 10,718), and only even k can be built. Construction (even " +
			"k): L = 2: 2p leaf switches with p endpoints each, each linked once to each of p spines " +
			"(router id = leaf i, then 2p + spine j; Coords = (level, index); Group = leaf index for " +
			"leaves, 2p for spines). L = 3 (Al-Fares et al., SIGCOMM 2008): 2p pods of p edge and p " +
			"aggregation switches forming a complete bipartite graph; aggregation switch j of every pod " +
			"is linked to core switches j*p ... j*p+p-1. Router id = pod*p + i for edge switches, " +
			"2p^2 + pod*p + j for aggregation, 4p^2 + j*p + i for core; Coords = (level, pod, index) " +
			"with core (2, j, i); Group = pod for edge and aggregation switches, 2p + j for core " +
			"switch (j, i) (the p core switches wired to the same aggregation switches). Role = leaf, " +
			"spine or core (the top level is core, as in fattree). Diameter 2 (L = 2) or 4 (L = 3) between leaves.",
		Params: []Param{
			{Name: "k", Kind: Int, Column: "fattree_sc14_k", Doc: "switch radix k >= 2 (p = k/2 endpoints per leaf); odd k: sizing only (floors of the formulas)"},
			{Name: "levels", Kind: Int, Default: int64(3), Doc: "number of switch levels: 2 or 3 (FT-3)"},
		},
		Version: 1,
	}
	return pipeline[fatTreeSC14Params]{
		parse: parse,
		size:  func(t fatTreeSC14Params) (Size, error) { return fatTreeSC14Size(t), nil },
		limit: "k",
		build: func(ctx context.Context, t fatTreeSC14Params, sz Size) (*Topology, error) {
			if t.k%2 != 0 {
				return nil, paramErr(name, "k", "k = %d is odd: p = k/2 = %d.5 is fractional, so only the sizing formulas apply; building needs an even k",
					t.k, t.k/2)
			}
			return buildFatTreeSC14(ctx, int(t.k/2), int(t.levels), sz)
		},
	}.wire(f)
}

func buildFatTreeSC14(ctx context.Context, p, levels int, sz Size) (*Topology, error) {
	const name = "fattree_sc14"
	routers := int(sz.Routers)
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	var t *Topology
	var err error
	if levels == 2 {
		for i := 0; i < 2*p; i++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for j := 0; j < p; j++ {
				edges.add(i, 2*p+j)
			}
		}
		if t, err = newTopology(ctx, name, routers, edges, 0); err != nil {
			return nil, err
		}
		t.Role = make([]Role, routers)
		t.Group = make([]int32, routers)
		t.CoordDim = 2
		t.Coords = make([]int32, 2*routers)
		for r := 0; r < routers; r++ {
			if r < 2*p {
				t.Conc[r], t.Role[r], t.Group[r] = int32(p), RoleLeaf, int32(r)
				t.Coords[2*r], t.Coords[2*r+1] = 0, int32(r)
			} else {
				t.Role[r], t.Group[r] = RoleCore, int32(2*p)
				t.Coords[2*r], t.Coords[2*r+1] = 1, int32(r-2*p)
			}
		}
	} else {
		pp := p * p
		agg, core := 2*pp, 4*pp
		for pod := 0; pod < 2*p; pod++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for i := 0; i < p; i++ {
				for j := 0; j < p; j++ {
					edges.add(pod*p+i, agg+pod*p+j)
				}
			}
			for j := 0; j < p; j++ {
				for i := 0; i < p; i++ {
					edges.add(agg+pod*p+j, core+j*p+i)
				}
			}
		}
		if t, err = newTopology(ctx, name, routers, edges, 0); err != nil {
			return nil, err
		}
		t.Role = make([]Role, routers)
		t.Group = make([]int32, routers)
		t.CoordDim = 3
		t.Coords = make([]int32, 3*routers)
		for r := 0; r < routers; r++ {
			var level, a, b int
			switch {
			case r < agg:
				level, a, b = 0, r/p, r%p
				t.Conc[r], t.Role[r], t.Group[r] = int32(p), RoleLeaf, int32(a)
			case r < core:
				level, a, b = 1, (r-agg)/p, (r-agg)%p
				t.Role[r], t.Group[r] = RoleSpine, int32(a)
			default:
				level, a, b = 2, (r-core)/p, (r-core)%p
				t.Role[r], t.Group[r] = RoleCore, int32(2*p+a)
			}
			t.Coords[3*r], t.Coords[3*r+1], t.Coords[3*r+2] = int32(level), int32(a), int32(b)
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	return t, nil
}
