package families

import "math"

// Common parameters of direct networks.

func paramP(def any, choices []string, doc string) Param {
	return Param{Name: "p", Kind: Int, Default: def, Choices: choices, Doc: doc}
}

const radixDoc = "router radix (ports per router) available; 0 = unconstrained. When > 0, p plus the network radix must fit."

func paramRadix() Param {
	return Param{Name: "max_radix", Kind: Int, Default: int64(0), Doc: radixDoc}
}

// torusParams are the resolved parameters of a k-ary n-cube.
type torusParams struct{ k, n, p, radix int64 }

func torus() *Family {
	const name = "torus"
	parse := func(v Values) (torusParams, error) {
		var t torusParams
		var err error
		if t.k, err = intParam(name, v, "k", 2, math.MaxInt32); err != nil {
			return t, err
		}
		if t.n, err = intParam(name, v, "n", 1, 62); err != nil {
			return t, err
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		if _, ok := pow64(t.k, t.n); !ok {
			return t, paramErr(name, "n", "k^n = %d^%d overflows int64", t.k, t.n)
		}
		return t, checkRadix(name, t.p, 2*t.n, t.radix)
	}
	size := func(t torusParams) (Size, error) {
		s := sizer{ok: true}
		routers, _ := pow64(t.k, t.n)
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        s.mul(t.n, routers),
			NetworkRadix: 2 * t.n,
			Radix:        s.add(2*t.n, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "n", "sizes for k = %d, n = %d, p = %d overflow int64", t.k, t.n, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name: name,
		Doc: "k-ary n-cube (torus): routers are the n-digit base-k words; each router is linked to the " +
			"routers that differ by +1 or -1 (mod k) in one digit, so every router has 2n network ports " +
			"and there are n*k^n links. For k = 2 the +1 and -1 neighbours coincide and the two links are " +
			"kept as parallel links (the router still uses 2n ports; use the hypercube family for the " +
			"simple n-regular graph). Router id = sum of digit_i * k^i; Coords holds the n digits " +
			"(dimension 0 first). Diameter n*floor(k/2). Each router has p endpoints. Used as T3D and " +
			"T5D (Cray Gemini, IBM BlueGene/Q) in Besta and Hoefler, Slim Fly, SC14, with p = 1.",
		Params: []Param{
			{Name: "k", Kind: Int, Doc: "routers per dimension (ring length), >= 2"},
			{Name: "n", Kind: Int, Doc: "number of dimensions, >= 1"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[torusParams]{parse: parse, size: size, limit: "k",
		build: func(t torusParams, sz Size) (*Topology, error) {
			return buildTorus(name, int(t.k), int(t.n), t.p, int(sz.Routers))
		},
	}.wire(f)
}

// buildTorus builds the k-ary n-cube with conc endpoints per router.
func buildTorus(fam string, k, n int, conc int64, routers int) (*Topology, error) {
	edges := make(edgeList, 0, n*routers)
	coords := make([]int32, n*routers)
	for r := 0; r < routers; r++ {
		stride, x := 1, r
		for i := 0; i < n; i++ {
			d := x % k
			x /= k
			coords[r*n+i] = int32(d)
			up := r + stride
			if d == k-1 {
				up = r - (k-1)*stride
			}
			edges.add(r, up)
			stride *= k
		}
	}
	t, err := newTopology(fam, routers, edges, conc)
	if err != nil {
		return nil, err
	}
	t.Coords, t.CoordDim = coords, n
	return t, nil
}

func hypercube() *Family {
	const name = "hypercube"
	type params struct{ n, p, radix int64 }
	parse := func(v Values) (params, error) {
		var t params
		var err error
		if t.n, err = intParam(name, v, "n", 1, 62); err != nil {
			return t, err
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.n, t.radix)
	}
	size := func(t params) (Size, error) {
		s := sizer{ok: true}
		routers := int64(1) << t.n
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        s.mul(t.n, routers/2),
			NetworkRadix: t.n,
			Radix:        s.add(t.n, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for n = %d, p = %d overflow int64", t.n, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name: name,
		Doc: "Binary hypercube: 2^n routers labelled by n-bit words, linked when the labels differ in " +
			"exactly one bit; n-regular with n*2^(n-1) links, diameter n and average distance " +
			"n*2^(n-1)/(2^n - 1). Coords holds the n bits (bit 0 first). Each router has p endpoints. " +
			"Used as HC (NASA Pleiades) in Besta and Hoefler, Slim Fly, SC14, with p = 1.",
		Params: []Param{
			{Name: "n", Kind: Int, Doc: "dimension (bits per router label), 1..62"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[params]{parse: parse, size: size, limit: "n",
		build: func(t params, sz Size) (*Topology, error) {
			n, routers := int(t.n), int(sz.Routers)
			edges := make(edgeList, 0, sz.Links)
			coords := make([]int32, n*routers)
			for r := 0; r < routers; r++ {
				for i := 0; i < n; i++ {
					coords[r*n+i] = int32(r >> i & 1)
					if r>>i&1 == 0 {
						edges.add(r, r|1<<i)
					}
				}
			}
			top, err := newTopology(name, routers, edges, t.p)
			if err != nil {
				return nil, err
			}
			top.Coords, top.CoordDim = coords, n
			return top, nil
		},
	}.wire(f)
}
