package families

import (
	"context"
	"fmt"
	"math"
)

// directFamilies returns the direct networks beyond torus and hypercube:
// mesh, folded and twisted hypercubes, flattened butterfly, HyperX / Hamming
// graphs, and the reference graphs of reference.go (complete, complete
// bipartite, Turan, Paley).
func directFamilies() []*Family {
	return []*Family{
		mesh(),
		permutable(foldedHypercube()),
		permutable(twistedHypercube()),
		flattenedButterfly(),
		hyperX(),
		complete(),
		completeBipartite(),
		turan(),
		paley(),
	}
}

// choiceP reads parameter p: an integer in [1, maxConc] or the named choice
// "balanced", which stands for bal (checked against the same range).
func choiceP(fam string, v Values, bal int64) (int64, error) {
	p, choice, err := intOrChoice(fam, v, "p")
	switch {
	case err != nil:
		return 0, err
	case choice == "balanced":
		if bal > maxConc {
			return 0, paramErr(fam, "p", "balanced p = %d exceeds %d endpoints per router", bal, int64(maxConc))
		}
		return max(bal, 1), nil
	case choice != "":
		return 0, paramErr(fam, "p", "want an integer or \"balanced\", got %q", choice)
	}
	return p, checkRange(fam, "p", p, 1, maxConc)
}

func mesh() *Family {
	const name = "mesh"
	f := &Family{
		Name:    name,
		Summary: "k-ary n-mesh: the torus without its wrap-around links",
		Doc: "k-ary n-mesh: the torus without its wrap-around links. Routers are the n-digit base-k " +
			"words; each router is linked to the routers that differ by +1 or -1 in one digit, without " +
			"wrapping around, so that there are n*(k-1)*k^(n-1) links, interior routers have 2n network " +
			"ports and corner routers n, and the diameter is n*(k-1). A mesh of any shape is given by dims " +
			"instead of k and n (dims = [4, 4, 8]: lines of 4, 4 and 8 routers, diameter 3 + 3 + 7 = 13, " +
			"sum over i of (dims_i - 1)*N/dims_i links for N routers). Router id = sum of digit_i * " +
			"(dims_0 * ... * dims_{i-1}) (with k and n: sum of digit_i * k^i); Coords holds the digits, " +
			"dimension 0 first. Each router has p endpoints. Parameters as for the torus family: equal " +
			"lengths in dims resolve to k and n; otherwise k resolves to 0 and n to the number of " +
			"dimensions. The standard low-radix reference network (Dally and Towles, Principles and " +
			"Practices of Interconnection Networks).",
	}
	return gridFamily(f, false)
}

func foldedHypercube() *Family {
	return binaryCube("folded_hypercube", "Folded hypercube FQ_n (El-Amawy and Latifi, Properties and Performance of Folded "+
		"Hypercubes, IEEE TPDS 2(1), 1991; FHYPERCUBE of Koibuchi, Fujiwara, Matsutani and "+
		"Casanova, Layout-conscious Random Topologies for HPC Off-chip Interconnects, section "+
		"III-B): the binary n-cube on 2^n routers labelled by n-bit words, plus a link from every "+
		"router to its complement (its most distant router in the cube), 2^(n-1) extra links. The "+
		"graph is (n+1)-regular with (n+1)*2^(n-1) links; two routers whose labels differ in h bits "+
		"are at distance min(h, n+1-h), so the diameter is ceil(n/2). Router id = label (the "+
		"canonical order the layout paper maps to cabinets sequentially); Coords holds the n bits, "+
		"bit 0 first. Each router has p endpoints. n >= 2 (for n = 1 the complement link would "+
		"duplicate the cube link).", cubeFolded)
}

// hyperXParams are the resolved parameters of a HyperX: dims[i] routers in
// dimension i, trunk parallel links between every pair of routers of a
// dimension line, p endpoints per router.
type hyperXParams struct {
	dims                      []int64
	trunk, p, radix, netRadix int64
	routers, links, balanced  int64
}

// maxHyperXDims bounds the number of HyperX dimensions.
const maxHyperXDims = 64

// checkHyperX validates dims and trunking and computes the sizes; param
// names the parameter blamed for the dimension lengths.
func checkHyperX(name, param string, dims []int64, trunk int64) (hyperXParams, error) {
	t := hyperXParams{dims: append([]int64(nil), dims...), trunk: trunk}
	if len(dims) == 0 || len(dims) > maxHyperXDims {
		return t, paramErr(name, param, "want 1 to %d dimensions, got %d", maxHyperXDims, len(dims))
	}
	s := sizer{ok: true}
	t.routers = 1
	minS := int64(0)
	for i, d := range dims {
		if d < 1 || d > math.MaxInt32 {
			return t, paramErr(name, param, "dims[%d] = %d must be in [1, %d]", i, d, int64(math.MaxInt32))
		}
		t.routers = s.mul(t.routers, d)
		t.netRadix = s.add(t.netRadix, s.mul(d-1, trunk))
		if d > 1 && (minS == 0 || d < minS) {
			minS = d
		}
	}
	if !s.ok {
		return t, paramErr(name, param, "sizes for dims = %v overflow int64", dims)
	}
	for _, d := range dims {
		// Each of the routers/d lines of dimension i is a complete graph
		// on d routers with trunk parallel links per pair.
		t.links = s.add(t.links, s.mul(s.mul(t.routers/d, d*(d-1)/2), trunk))
	}
	t.balanced = 1 // a single router
	if minS > 0 {
		t.balanced = s.mul(minS, trunk)
	}
	if !s.ok {
		return t, paramErr(name, param, "sizes for dims = %v, trunking = %d overflow int64", dims, trunk)
	}
	return t, nil
}

func (t hyperXParams) size(name string) (Size, error) {
	s := sizer{ok: true}
	sz := Size{
		Routers:      t.routers,
		Endpoints:    s.mul(t.p, t.routers),
		Links:        t.links,
		NetworkRadix: t.netRadix,
		Radix:        s.add(t.netRadix, t.p),
	}
	if !s.ok {
		return Size{}, paramErr(name, "p", "sizes for dims = %v, p = %d overflow int64", t.dims, t.p)
	}
	return sz, nil
}

// buildHyperX builds the HyperX: router id = sum of c_i * (S_0 * ... *
// S_{i-1}) for position c; every pair of routers differing in exactly one
// coordinate is joined by trunk parallel links. Coords = c; Group = the
// dimension-0 line (id / S_0).
func buildHyperX(ctx context.Context, name string, t hyperXParams, sz Size) (*Topology, error) {
	routers, L := int(sz.Routers), len(t.dims)
	dims := intDims(t.dims)
	edges := make(edgeList, 0, sz.Links)
	coords := make([]int32, L*routers)
	group := make([]int32, routers)
	st := newStopper(ctx)
	for r := 0; r < routers; r++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		stride, x := 1, r
		for i, k := range dims {
			d := x % k
			x /= k
			coords[r*L+i] = int32(d)
			for e := d + 1; e < k; e++ {
				for c := int64(0); c < t.trunk; c++ {
					edges.add(r, r+(e-d)*stride)
				}
			}
			stride *= k
		}
		group[r] = int32(r / dims[0])
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, routers, edges, t.p)
	if err != nil {
		return nil, err
	}
	top.Coords, top.CoordDim, top.Group = coords, L, group
	return top, nil
}

func hyperX() *Family {
	const name = "hyperx"
	parse := func(v Values) (hyperXParams, error) {
		trunk, err := intParam(name, v, "trunking", 1, math.MaxInt32)
		if err != nil {
			return hyperXParams{}, err
		}
		t, err := checkHyperX(name, "dims", v.IntList("dims"), trunk)
		if err != nil {
			return t, err
		}
		if t.p, err = choiceP(name, v, t.balanced); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.netRadix, t.radix)
	}
	f := &Family{
		Name:    name,
		Summary: "HyperX: a grid whose every dimension line is a complete graph",
		Doc: "HyperX (Ahn, Binkert, Davis, McLaren and Schreiber, HyperX: Topology, Routing, and " +
			"Packaging of Efficient Large-Scale Networks, SC09): routers are the positions (c_0, ..., " +
			"c_{L-1}), 0 <= c_i < S_i, of an L-dimensional grid with S_i = dims[i]; every pair of " +
			"routers differing in exactly one coordinate is joined by K = trunking parallel links (each " +
			"line of a dimension is a complete graph). Network radix K*sum(S_i - 1), K*N*sum(S_i - 1)/2 " +
			"links for N = prod S_i routers, diameter = number of dimensions with S_i > 1. With all S_i " +
			"= q and K = 1 it is the Hamming graph H(L, q) = K_q x ... x K_q (rook's graph, generalized " +
			"hypercube), the flattened butterfly's router graph, and the \"Hamming graph 2D/3D of side " +
			"n\" of Camarero, Martinez, Vallejo and Beivide, Projective Networks, section 4.1 and Tables " +
			"2-5: dims = [22, 22], p = \"balanced\" is their Hamming K_22^2 (484 routers, 22 endpoints " +
			"each, 10,648 endpoints, radix 64; Table 4) and dims = [n, n, n] their 3D graph (Table 3: " +
			"n^4 endpoints, radix 4n - 3). p = \"balanced\" is K*min{S_i : S_i > 1}: under uniform " +
			"traffic with minimal routing and every endpoint injecting at full rate, a link of dimension " +
			"i is loaded to p/(K*S_i) of its capacity, so that is the largest p that saturates no link; for Hamming graphs " +
			"it is the projective paper's Delta_0 = n (Table 3). Router id = sum of c_i*(S_0*...*S_{i-1}); " +
			"Coords = (c_0, ..., c_{L-1}); Group = id / S_0, the dimension-0 line (a complete graph, the " +
			"projective paper's electrical group of Table 4). Each router has p endpoints.",
		Params: []Param{
			{Name: "dims", Kind: IntList, Doc: "routers per dimension S_1..S_L, each >= 1, e.g. [16, 16, 16] (required)"},
			{Name: "trunking", Kind: Int, Default: int64(1), Doc: "K: parallel links between every pair of routers in a dimension line, >= 1"},
			paramP(int64(1), []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = trunking * (smallest S_i > 1)"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[hyperXParams]{
		parse:   parse,
		resolve: func(t hyperXParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    func(t hyperXParams) (Size, error) { return t.size(name) },
		limit:   "dims",
		build: func(ctx context.Context, t hyperXParams, sz Size) (*Topology, error) {
			return buildHyperX(ctx, name, t, sz)
		},
	}.wire(f)
}

func flattenedButterfly() *Family {
	const name = "flattened_butterfly"
	parse := func(v Values) (hyperXParams, error) {
		k, err := intParam(name, v, "k", 2, math.MaxInt32)
		if err != nil {
			return hyperXParams{}, err
		}
		n, err := intParam(name, v, "n", 1, maxGridDims)
		if err != nil {
			return hyperXParams{}, err
		}
		if _, ok := pow64(k, n); !ok {
			return hyperXParams{}, paramErr(name, "n", "k^n = %d^%d overflows int64", k, n)
		}
		dims := make([]int64, n)
		for i := range dims {
			dims[i] = k
		}
		t, err := checkHyperX(name, "n", dims, 1)
		if err != nil {
			return t, err
		}
		if t.p, err = choiceP(name, v, k); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.netRadix, t.radix)
	}
	f := &Family{
		Name:    name,
		Summary: "flattened butterfly, the k-ary (n+1)-flat of Kim, Dally and Abts",
		Doc: "Flattened butterfly (Kim, Dally and Abts, Flattened Butterfly: A Cost-Efficient " +
			"Topology for High-Radix Networks, ISCA 2007): the k-ary (n+1)-flat, obtained by merging " +
			"the routers of each row of a k-ary (n+1)-fly butterfly into one router. Routers are the " +
			"n-digit base-k words and every pair of routers differing in exactly one digit is linked: " +
			"the n-dimensional HyperX (see hyperx) with k routers per dimension, k^n routers of network " +
			"radix n*(k-1), n*(k-1)*k^n/2 links and diameter n. Note that n counts the dimensions of the " +
			"router graph: n = 3 is the FBF-3 (\"3-level flattened butterfly\") of Besta and Hoefler, " +
			"Slim Fly, SC14, which is Kim et al.'s k-ary 4-flat. p = \"balanced\" (the default) = k " +
			"endpoints per router, as in Kim et al. (a k-ary n-flat router has k terminals) and SC14 " +
			"section III (p = floor((radix + 3)/4) for FBF-3, radix = 4k - 3); SC14 Table IV uses k = 10 " +
			"(1,000 routers, 10,000 endpoints) and k = 12 (1,728 routers, 20,736 endpoints). Router id = " +
			"sum of digit_i * k^i; Coords = the digits, dimension 0 first; Group = Cabinet = id / k, the " +
			"k routers of a dimension-0 line, which SC14 (section VI-B, d) puts in one rack (fully " +
			"connected by electric cables, the other dimensions by fiber).",
		Params: []Param{
			{Name: "k", Kind: Int, Doc: "routers per dimension, >= 2"},
			{Name: "n", Kind: Int, Default: int64(3), Doc: "dimensions of the router graph, >= 1 (3: FBF-3; Kim et al.'s k-ary (n+1)-flat)"},
			paramP("balanced", []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = k"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[hyperXParams]{
		parse:   parse,
		resolve: func(t hyperXParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    func(t hyperXParams) (Size, error) { return t.size(name) },
		limit:   "k",
		build: func(ctx context.Context, t hyperXParams, sz Size) (*Topology, error) {
			top, err := buildHyperX(ctx, name, t, sz)
			if err != nil {
				return nil, err
			}
			top.Cabinet = append([]int32(nil), top.Group...)
			return top, nil
		},
	}.wire(f)
}
