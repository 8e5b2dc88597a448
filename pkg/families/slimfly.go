package families

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/gf"
)

// maxSlimFlyQ bounds q so that every sizing figure fits comfortably in int64
// (routers 2q^2, endpoints up to about 3q^3).
const maxSlimFlyQ = 1 << 20

// SlimFlyDelta returns delta in {-1, 0, 1} and w with q = 4w + delta, and
// whether q is a valid Slim Fly MMS order: a prime power with q mod 4 != 2
// and w >= 1 (so q >= 3).
func SlimFlyDelta(q int64) (delta, w int64, ok bool) {
	if q < 3 {
		return 0, 0, false
	}
	if _, _, pp := gf.IsPrimePower(int(q)); !pp {
		return 0, 0, false
	}
	switch q % 4 {
	case 0:
		delta = 0
	case 1:
		delta = 1
	case 3:
		delta = -1
	default:
		return 0, 0, false
	}
	return delta, (q - delta) / 4, true
}

// MMSGenerators returns the generator sets X and X' of the MMS graph over
// the field f (order q = 4w + delta), as field elements, and delta. With
// xi = f.Primitive() and exponent lists:
//
//	delta = +1: X = {xi^0, xi^2, ..., xi^(q-3)},  X' = {xi^1, xi^3, ..., xi^(q-2)}
//	delta =  0: X = {xi^0, xi^2, ..., xi^(q-2)},  X' = {xi^1, xi^3, ..., xi^(q-1)}
//	delta = -1: X = {xi^0, xi^2, ..., xi^(2w-2)} u {xi^(2w-1), xi^(2w+1), ..., xi^(4w-3)},
//	            X' = {xi^1, xi^3, ..., xi^(2w-1)} u {xi^(2w), xi^(2w+2), ..., xi^(4w-2)}
//
// In every case X' = xi*X. The delta = +1 sets are those of the Slim Fly
// paper (Besta and Hoefler, SC14, section II-B1, which refers to [22] for
// the other cases); the delta = 0 and -1 sets are Hafner's (P. R. Hafner,
// Geometric realisation of the graphs of McKay-Miller-Siran, J. Combin.
// Theory Ser. B 90 (2004) 223-232), as implemented by the ETH SPCL
// reference Slim Fly generator. In each case |X| = |X'| = (q - delta)/2,
// X = -X and X' = -X' (so the intra-block relations are symmetric) and 0 is
// in neither set; MMSGenerators checks these invariants and returns an error
// if they fail. The resulting graph is (3q - delta)/2-regular with diameter
// 2, which the package tests verify for every valid q <= 64.
func MMSGenerators(f *gf.Field) (x, xp []int, delta int, err error) {
	q := f.Q()
	d, w64, ok := SlimFlyDelta(int64(q))
	if !ok {
		return nil, nil, 0, fmt.Errorf("slimfly: q = %d is not a prime power of the form 4w + delta, delta in {-1, 0, 1}", q)
	}
	delta, w := int(d), int(w64)
	powers := func(lo, hi int) []int { // xi^lo, xi^(lo+2), ..., xi^hi
		var s []int
		for i := lo; i <= hi; i += 2 {
			s = append(s, f.Exp(i))
		}
		return s
	}
	switch delta {
	case 1:
		x, xp = powers(0, q-3), powers(1, q-2)
	case 0:
		x, xp = powers(0, q-2), powers(1, q-1)
	case -1:
		x = append(powers(0, 2*w-2), powers(2*w-1, 4*w-3)...)
		xp = append(powers(1, 2*w-1), powers(2*w, 4*w-2)...)
	}
	for _, set := range [][]int{x, xp} {
		in := make([]bool, q)
		for _, e := range set {
			if e == 0 || in[e] {
				return nil, nil, 0, fmt.Errorf("slimfly: internal error: generator set for q = %d has zero or a repeated element", q)
			}
			in[e] = true
		}
		if len(set) != (q-delta)/2 {
			return nil, nil, 0, fmt.Errorf("slimfly: internal error: generator set for q = %d has %d elements, want %d", q, len(set), (q-delta)/2)
		}
		for _, e := range set {
			if !in[f.Neg(e)] {
				return nil, nil, 0, fmt.Errorf("slimfly: internal error: generator set for q = %d is not closed under negation", q)
			}
		}
	}
	return x, xp, delta, nil
}

// nearestSlimFlyQ returns the nearest valid q values below and above q
// (0 if none is found within a bounded search).
func nearestSlimFlyQ(q int64) (below, above int64) {
	const span = 1 << 16
	for d := int64(1); d <= span && below == 0 && q-d >= 3; d++ {
		if _, _, ok := SlimFlyDelta(q - d); ok {
			below = q - d
		}
	}
	start := max(q+1, 3)
	for c := start; c <= start+span && c <= maxSlimFlyQ; c++ {
		if _, _, ok := SlimFlyDelta(c); ok {
			above = c
			break
		}
	}
	return below, above
}

func slimFlyQError(name string, q int64) error {
	if q > maxSlimFlyQ {
		return paramErr(name, "q", "q = %d is too large (at most %d)", q, maxSlimFlyQ)
	}
	below, above := nearestSlimFlyQ(q)
	var near []string
	for _, c := range []int64{below, above} {
		if c != 0 {
			near = append(near, fmt.Sprint(c))
		}
	}
	why := "is not a prime power"
	if q < 3 {
		why = "is too small"
	} else if _, _, ok := gf.IsPrimePower(int(q)); ok {
		why = "is a prime power but not of the form 4w + delta"
	}
	return paramErr(name, "q", "q = %d %s: q must be a prime power 4w + delta with delta in {-1, 0, 1}, w >= 1; nearest valid: %s",
		q, why, strings.Join(near, ", "))
}

type slimFlyParams struct {
	q, delta, kNet, p, radix int64
}

func slimFly() *Family {
	const name = "slimfly"
	parse := func(v Values) (slimFlyParams, error) {
		var t slimFlyParams
		var err error
		if t.q, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		var ok bool
		if t.delta, _, ok = SlimFlyDelta(t.q); !ok || t.q > maxSlimFlyQ {
			return t, slimFlyQError(name, t.q)
		}
		t.kNet = (3*t.q - t.delta) / 2
		p, choice, err := intOrChoice(name, v, "p")
		if err != nil {
			return t, err
		}
		switch choice {
		case "":
			if err := checkRange(name, "p", p, 1, maxConc); err != nil {
				return t, err
			}
			t.p = p
		case "balanced":
			t.p = (t.kNet + 1) / 2
		case "floor":
			t.p = t.kNet / 2
		case "projective":
			t.p = max(1, (4*t.kNet+4)/9) // round(4k'/9)
		default:
			return t, paramErr(name, "p", "want an integer or one of \"balanced\", \"floor\", \"projective\", got %q", choice)
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.kNet, t.radix)
	}
	size := func(t slimFlyParams) (Size, error) {
		routers := 2 * t.q * t.q // q <= 2^20: routers and links fit easily
		s := sizer{ok: true}
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        t.kNet * t.q * t.q,
			NetworkRadix: t.kNet,
			Radix:        t.kNet + t.p,
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "p = %d endpoints per router on %d routers overflows int64", t.p, routers)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Slim Fly: the diameter-2 MMS graph over F_q (Besta and Hoefler, SC14)",
		Doc: "Slim Fly (Besta and Hoefler, Slim Fly: A Cost Effective Low-Diameter Network Topology, SC14, " +
			"section II-B): the diameter-2 McKay-Miller-Siran (MMS) graph over the finite field F_q, " +
			"q = 4w + delta a prime power, delta in {-1, 0, 1}. With a primitive element xi of F_q " +
			"(the smallest, see package gf) and generator sets X, X' (see MMSGenerators: the paper's " +
			"sets for delta = 1, Hafner's for delta = 0 and -1), the routers are {0, 1} x F_q x F_q and " +
			"(0, x, y) ~ (0, x, y') iff y - y' in X; (1, m, c) ~ (1, m, c') iff c - c' in X'; " +
			"(0, x, y) ~ (1, m, c) iff y = m*x + c. That gives 2q^2 routers of network radix " +
			"k' = (3q - delta)/2 and diameter 2 (q = 5 is the Hoffman-Singleton graph). " +
			"Each router has p endpoints; p = \"balanced\" is ceil(k'/2), the paper's full global " +
			"bandwidth choice (q = 19: k' = 29, p = 15, 10,830 endpoints), \"floor\" is floor(k'/2). " +
			"Router id = s*q^2 + x*q + y; Coords = (s, x, y); Group = s*q + x, the subgraph block " +
			"of q routers sharing (s, x). p = \"projective\" is round(4k'/9), the concentration of Camarero et al., " +
			"Projective Networks, Table 3 (Delta_0 = 2/9 (3q - delta), from u = 8/9; SF MMS(19) of Table 4 has 13).",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "prime power q = 4w + delta, delta in {-1, 0, 1} (3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, ...)"},
			paramP("balanced", []string{"balanced", "floor", "projective"}, "endpoints per router: an integer >= 1, \"balanced\" = ceil(k'/2), \"floor\" = floor(k'/2) or \"projective\" = round(4k'/9) (projective networks Table 3: the load-balanced concentration for u = 8/9)"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[slimFlyParams]{
		parse:   parse,
		resolve: func(t slimFlyParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t slimFlyParams, sz Size) (*Topology, error) {
			return buildSlimFly(ctx, int(t.q), t.p, sz)
		},
	}.wire(f)
}

func buildSlimFly(ctx context.Context, q int, p int64, sz Size) (*Topology, error) {
	const name = "slimfly"
	f, err := gf.New(q)
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	x, xp, _, err := MMSGenerators(f)
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	qq := q * q
	id := func(s, a, b int) int { return s*qq + a*q + b }
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	// Intra-block links, equations (1) and (2): each unordered pair once.
	for s, set := range [][]int{x, xp} {
		for a := 0; a < q; a++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for y := 0; y < q; y++ {
				for _, g := range set {
					if y2 := f.Add(y, g); y < y2 {
						edges.add(id(s, a, y), id(s, a, y2))
					}
				}
			}
		}
	}
	// Inter-block links, equation (3): (0, x, y) ~ (1, m, c) iff y = m*x + c.
	for a := 0; a < q; a++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for m := 0; m < q; m++ {
			mx := f.Mul(m, a)
			for c := 0; c < q; c++ {
				edges.add(id(0, a, f.Add(mx, c)), id(1, m, c))
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	t, err := newTopology(ctx, name, 2*qq, edges, p)
	if err != nil {
		return nil, err
	}
	t.CoordDim = 3
	t.Coords = make([]int32, 3*2*qq)
	t.Group = make([]int32, 2*qq)
	for r := 0; r < 2*qq; r++ {
		s, a, b := r/qq, r/q%q, r%q
		t.Coords[3*r], t.Coords[3*r+1], t.Coords[3*r+2] = int32(s), int32(a), int32(b)
		t.Group[r] = int32(s*q + a)
	}
	return t, nil
}
