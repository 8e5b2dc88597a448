package families

import (
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
		Name: name,
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
		build: func(t fatTreeParams, sz Size) (*Topology, error) {
			return buildFatTree(int(t.p), int(t.levels), sz)
		},
	}.wire(f)
}

func buildFatTree(p, n int, sz Size) (*Topology, error) {
	const name = "fattree"
	per := int(sz.Routers) / n // p^(n-1) switches per level
	pw := make([]int, n)       // pw[i] = p^i
	pw[0] = 1
	for i := 1; i < n; i++ {
		pw[i] = pw[i-1] * p
	}
	edges := make(edgeList, 0, sz.Links)
	for l := 0; l < n-1; l++ {
		for w := 0; w < per; w++ {
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
	t, err := newTopology(name, routers, edges, 0)
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
