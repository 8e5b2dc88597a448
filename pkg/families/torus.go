package families

import (
	"context"
	"fmt"
	"math"
)

// Common parameters of direct networks.

func paramP(def any, choices []string, doc string) Param {
	return Param{Name: "p", Kind: Int, Default: def, Choices: choices, Doc: doc}
}

const radixDoc = "router radix (ports per router) available; 0 = unconstrained. When > 0, p plus the network radix must fit."

func paramRadix() Param {
	return Param{Name: "max_radix", Kind: Int, Default: int64(0), Doc: radixDoc}
}

// torusParams are the resolved parameters of a torus or mesh: dims holds
// the ring (line) length of every dimension; k and n are the resolved values
// of the k and n parameters (k = 0 when the dims differ), and explicit
// reports whether dims must be kept in the resolved values (they differ).
type torusParams struct {
	k, n, p, radix int64
	dims           []int64
	explicit       bool
	netRadix       int64
}

// maxGridDims bounds the number of dimensions of a torus or mesh (each has
// at least 2 routers, so 62 dimensions already reach 2^62 routers).
const maxGridDims = 62

// gridParams returns the k, n and dims parameters shared by torus and mesh.
func gridParams(what string) []Param {
	return []Param{
		{Name: "k", Kind: Int, Default: "dims", Choices: []string{"dims"},
			Doc: "routers per dimension (" + what + " length), >= 2; required unless dims is given (\"dims\", the default, " +
				"takes the lengths from dims; resolved to 0 when they differ)"},
		{Name: "n", Kind: Int, Default: "dims", Choices: []string{"dims"},
			Doc: "number of dimensions, >= 1; required unless dims is given (\"dims\", the default, resolves to the length of dims)"},
	}
}

// paramDims is the dims parameter of torus and mesh, listed after the
// original parameters so that they keep their order.
func paramDims(what string) Param {
	return Param{Name: "dims", Kind: IntList, Default: []int64{},
		Doc: "routers per dimension, dimension 0 first (" + what + " lengths, each >= 2), e.g. [4, 4, 8]; " +
			"[] (the default) = n dimensions of k routers. Give either k and n or dims; equal lengths resolve to k and n"}
}

// parseGrid reads the parameters of a torus (wrap) or mesh (!wrap).
func parseGrid(name string, wrap bool, v Values) (torusParams, error) {
	var t torusParams
	var err error
	choice := func(param string) (int64, string, error) {
		if _, ok := v[param]; !ok {
			return 0, "dims", nil
		}
		i, s, err := intOrChoice(name, v, param)
		if err == nil && s != "" && s != "dims" {
			err = paramErr(name, param, "want an integer or \"dims\", got %q", s)
		}
		return i, s, err
	}
	k, kChoice, err := choice("k")
	if err != nil {
		return t, err
	}
	n, nChoice, err := choice("n")
	if err != nil {
		return t, err
	}
	dims := v.IntList("dims")
	if len(dims) == 0 {
		if kChoice != "" {
			return t, paramErr(name, "k", "required parameter is missing: give k and n, or dims")
		}
		if err := checkRange(name, "k", k, 2, math.MaxInt32); err != nil {
			return t, err
		}
		if nChoice != "" {
			return t, paramErr(name, "n", "required parameter is missing: give k and n, or dims")
		}
		if err := checkRange(name, "n", n, 1, maxGridDims); err != nil {
			return t, err
		}
		if _, ok := pow64(k, n); !ok {
			return t, paramErr(name, "n", "k^n = %d^%d overflows int64", k, n)
		}
		t.dims = make([]int64, n)
		for i := range t.dims {
			t.dims[i] = k
		}
	} else {
		if len(dims) > maxGridDims {
			return t, paramErr(name, "dims", "%d dimensions: at most %d", len(dims), maxGridDims)
		}
		for i, d := range dims {
			if d < 2 || d > math.MaxInt32 {
				return t, paramErr(name, "dims", "dims[%d] = %d must be in [2, %d]", i, d, int64(math.MaxInt32))
			}
		}
		if kChoice == "" && k != 0 {
			return t, paramErr(name, "k", "k = %d conflicts with dims = %v: give either k and n, or dims", k, dims)
		}
		if nChoice == "" && n != int64(len(dims)) {
			return t, paramErr(name, "n", "n = %d conflicts with dims = %v (%d dimensions): give either k and n, or dims", n, dims, len(dims))
		}
		s := sizer{ok: true}
		r := int64(1)
		for _, d := range dims {
			r = s.mul(r, d)
		}
		if !s.ok {
			return t, paramErr(name, "dims", "the product of dims = %v overflows int64", dims)
		}
		t.dims = append([]int64(nil), dims...)
		k, n = dims[0], int64(len(dims))
		for _, d := range dims {
			if d != k {
				k, t.explicit = 0, true
			}
		}
	}
	t.k, t.n = k, n
	if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
		return t, err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	for _, d := range t.dims {
		switch {
		case wrap || d > 2:
			t.netRadix += 2
		default:
			t.netRadix++ // a mesh line of 2 routers
		}
	}
	return t, checkRadix(name, t.p, t.netRadix, t.radix)
}

// resolveGrid returns the resolved values of a torus or mesh: k and n as
// integers, and dims only when the lengths differ.
func resolveGrid(t torusParams, v Values) Values {
	dims := []int64{}
	if t.explicit {
		dims = append(dims, t.dims...)
	}
	return withValues(v, "k", t.k, "n", t.n, "dims", dims)
}

// sizeGrid sizes a torus (wrap) or mesh.
func sizeGrid(name string, wrap bool, t torusParams) (Size, error) {
	s := sizer{ok: true}
	routers := int64(1)
	for _, d := range t.dims {
		routers = s.mul(routers, d)
	}
	var links int64
	if wrap {
		links = s.mul(t.n, routers)
	} else {
		for _, d := range t.dims {
			links = s.add(links, s.mul(routers/d, d-1))
		}
	}
	sz := Size{
		Routers:      routers,
		Endpoints:    s.mul(t.p, routers),
		Links:        links,
		NetworkRadix: t.netRadix,
		Radix:        s.add(t.netRadix, t.p),
	}
	if !s.ok {
		return Size{}, paramErr(name, "n", "sizes for dims = %v, p = %d overflow int64", t.dims, t.p)
	}
	return sz, nil
}

func torus() *Family {
	const name = "torus"
	f := &Family{
		Name:    name,
		Summary: "k-ary n-cube (torus), or a torus of any shape given by dims",
		Doc: "k-ary n-cube (torus): routers are the n-digit base-k words; each router is linked to the " +
			"routers that differ by +1 or -1 (mod k) in one digit, so every router has 2n network ports " +
			"and there are n*k^n links. For k = 2 the +1 and -1 neighbours coincide and the two links are " +
			"kept as parallel links (the router still uses 2n ports; use the hypercube family for the " +
			"simple n-regular graph). Router id = sum of digit_i * k^i; Coords holds the n digits " +
			"(dimension 0 first). Diameter n*floor(k/2). Each router has p endpoints. Used as T3D and " +
			"T5D (Cray Gemini, IBM BlueGene/Q) in Besta and Hoefler, Slim Fly, SC14, with p = 1, and as " +
			"TORUS-n (an n/2-dimensional torus of degree n: TORUS-4 with 256 routers is k = 16, n = 2, " +
			"diameter 16; TORUS-6 with 4,096 routers is k = 16, n = 3, diameter 24) in Koibuchi, Fujiwara, " +
			"Matsutani and Casanova, Layout-conscious Random Topologies for HPC Off-chip Interconnects, section III-B " +
			"and Table 1. That table's average shortest path lengths 8.00 and 12.00 are means over all N^2 " +
			"ordered pairs of routers including a router with itself (k/4 = 4 hops per dimension for " +
			"k = 16); over ordered pairs of distinct routers, which is what the distance metrics report, " +
			"they are 8*256/255 = 8.03 and 12*4096/4095 = 12.003. A torus of any shape is given by dims " +
			"instead of k and n: dims = [4, 4, 8] has ring lengths 4, 4 and 8 (diameter sum of " +
			"floor(dims_i/2) = 8); router id = sum of digit_i * (dims_0 * ... * dims_{i-1}), Coords as " +
			"above. Equal lengths resolve to k and n (dims = [16, 16] is k = 16, n = 2); otherwise k " +
			"resolves to 0 and n to the number of dimensions.",
	}
	return gridFamily(f, true)
}

// gridFamily completes f (Name and Doc set) as the torus (wrap) or mesh
// family: parameters k, n, p, max_radix, dims and the grid pipeline.
func gridFamily(f *Family, wrap bool) *Family {
	name, unit := f.Name, "line"
	if wrap {
		unit = "ring"
	}
	f.Params = append(append(gridParams(unit),
		paramP(int64(1), nil, "endpoints per router, >= 1"),
		paramRadix()),
		paramDims(unit))
	f.Version = 1
	return limitDims(pipeline[torusParams]{
		parse:   func(v Values) (torusParams, error) { return parseGrid(name, wrap, v) },
		resolve: resolveGrid,
		size:    func(t torusParams) (Size, error) { return sizeGrid(name, wrap, t) },
		limit:   "k",
		build: func(ctx context.Context, t torusParams, sz Size) (*Topology, error) {
			return buildGrid(ctx, name, intDims(t.dims), wrap, t.p, int(sz.Routers), sz.Links)
		},
	}.wire(f))
}

// limitDims makes f.Build blame dims rather than k when dims is given and
// the topology is too large to build.
func limitDims(f *Family) *Family {
	build := f.Build
	f.Build = func(ctx context.Context, v Values) (*Topology, error) {
		if len(v.IntList("dims")) > 0 {
			if sz, err := f.Size(v); err == nil {
				if err := checkBuildable(f.Name, "dims", sz); err != nil {
					return nil, err
				}
			}
		}
		return build(ctx, v)
	}
	return f
}

// intDims converts dimension lengths (already checked to fit) to ints.
func intDims(dims []int64) []int {
	out := make([]int, len(dims))
	for i, d := range dims {
		out[i] = int(d)
	}
	return out
}

// buildTorus builds the k-ary n-cube with conc endpoints per router.
func buildTorus(ctx context.Context, fam string, k, n int, conc int64, routers int) (*Topology, error) {
	dims := make([]int, n)
	for i := range dims {
		dims[i] = k
	}
	return buildGrid(ctx, fam, dims, true, conc, routers, int64(n)*int64(routers))
}

// buildGrid builds the torus (wrap) or mesh with dims[i] routers in
// dimension i and conc endpoints per router: router r = sum of digit_i *
// (dims_0 * ... * dims_{i-1}) is linked to the router one step up in every
// dimension (wrapping around in a torus). links is the number of links.
func buildGrid(ctx context.Context, fam string, dims []int, wrap bool, conc int64, routers int, links int64) (*Topology, error) {
	n := len(dims)
	edges := make(edgeList, 0, links)
	coords := make([]int32, n*routers)
	st := newStopper(ctx)
	for r := 0; r < routers; r++ {
		if st.stop(r) {
			return nil, ctx.Err()
		}
		stride, x := 1, r
		for i, k := range dims {
			d := x % k
			x /= k
			coords[r*n+i] = int32(d)
			switch {
			case d < k-1:
				edges.add(r, r+stride)
			case wrap:
				edges.add(r, r-(k-1)*stride)
			}
			stride *= k
		}
	}
	if int64(len(edges)) != links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", fam, len(edges), links)
	}
	t, err := newTopology(ctx, fam, routers, edges, conc)
	if err != nil {
		return nil, err
	}
	t.Coords, t.CoordDim = coords, n
	return t, nil
}

func hypercube() *Family {
	return binaryCube("hypercube", "Binary hypercube: 2^n routers labelled by n-bit words, linked when the labels differ in "+
		"exactly one bit; n-regular with n*2^(n-1) links, diameter n and average distance "+
		"n*2^(n-1)/(2^n - 1). Coords holds the n bits (bit 0 first). Each router has p endpoints. "+
		"Used as HC (NASA Pleiades) in Besta and Hoefler, Slim Fly, SC14, with p = 1.", cubePlain)
}

// cubeVariant selects the links of a binaryCube family.
type cubeVariant uint8

const (
	cubePlain   cubeVariant = iota // the binary n-cube
	cubeFolded                     // plus a link from every router to its complement
	cubeTwisted                    // Efe's twisted cube (see twistedNeighbor)
)

// binaryCube returns the binary n-cube family on 2^n routers labelled by
// n-bit words: the hypercube (cubePlain), the folded hypercube (cubeFolded),
// which adds a link from every router to its complement (n >= 2, so that
// the complement link never doubles a cube link), or the twisted hypercube
// (cubeTwisted), which replaces some cube links by links across two bits
// and keeps the degree n.
func binaryCube(name, doc string, variant cubeVariant) *Family {
	type params struct{ n, p, radix int64 }
	folded := variant == cubeFolded
	minN, maxN, extra := int64(1), int64(62), int64(0)
	if folded {
		minN, maxN, extra = 2, 58, 1
	}
	parse := func(v Values) (params, error) {
		var t params
		var err error
		if t.n, err = intParam(name, v, "n", minN, maxN); err != nil {
			return t, err
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.n+extra, t.radix)
	}
	size := func(t params) (Size, error) {
		s := sizer{ok: true}
		routers := int64(1) << t.n
		deg := t.n + extra
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        s.mul(deg, routers/2),
			NetworkRadix: deg,
			Radix:        s.add(deg, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for n = %d, p = %d overflow int64", t.n, t.p)
		}
		return sz, nil
	}
	summary := "binary hypercube of 2^n routers"
	switch variant {
	case cubeFolded:
		summary = "folded hypercube FQ_n: the hypercube plus a link to each router's complement"
	case cubeTwisted:
		summary = "twisted hypercube TQ_n of Efe: degree n, diameter about n/2"
	}
	f := &Family{
		Name:    name,
		Summary: summary,
		Doc:     doc,
		Params: []Param{
			{Name: "n", Kind: Int, Doc: fmt.Sprintf("dimension (bits per router label), %d..%d", minN, maxN)},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[params]{parse: parse, size: size, limit: "n",
		build: func(ctx context.Context, t params, sz Size) (*Topology, error) {
			n, routers := int(t.n), int(sz.Routers)
			mask := routers - 1
			edges := make(edgeList, 0, sz.Links)
			coords := make([]int32, n*routers)
			st := newStopper(ctx)
			for r := 0; r < routers; r++ {
				if st.stop(r) {
					return nil, ctx.Err()
				}
				for i := 0; i < n; i++ {
					coords[r*n+i] = int32(r >> i & 1)
					switch {
					case variant == cubeTwisted:
						if u := twistedNeighbor(r, i); r < u {
							edges.add(r, u)
						}
					case r>>i&1 == 0:
						edges.add(r, r|1<<i)
					}
				}
				if folded && r < r^mask {
					edges.add(r, r^mask)
				}
			}
			top, err := newTopology(ctx, name, routers, edges, t.p)
			if err != nil {
				return nil, err
			}
			top.Coords, top.CoordDim = coords, n
			return top, nil
		},
	}.wire(f)
}
