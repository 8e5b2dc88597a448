package families

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/gf"
)

// sizingFamilies returns the families defined by their sizing formulas
// first: the sizing-only Long Hop, BDF and Moore bound, Delorme's graphs
// (built for the generalized quadrangle and hexagon variants) and the
// incidence graphs of generalized quadrangles and hexagons (built).
func sizingFamilies() []*Family {
	return []*Family{longHop(), bdf(), delorme(), mooreBound(),
		generalizedPolygonIncidence("gq_incidence", 4), generalizedPolygonIncidence("gh_incidence", 6)}
}

// MooreBound returns the Moore bound for network radix (degree) k and
// diameter d: 1 + k * sum_{i<d} (k-1)^i, the largest possible number of
// routers of a graph of maximum degree k and diameter d (Besta and Hoefler,
// SC14, section II-A; for k >= 3 it equals (k(k-1)^d - 2)/(k - 2), eq. (3)
// of the projective networks paper). ok is false for k < 1, d < 1 or when
// the bound overflows int64.
func MooreBound(k, d int64) (n int64, ok bool) {
	if k < 1 || d < 1 {
		return 0, false
	}
	s := sizer{ok: true}
	sum, term := int64(0), int64(1) // term = (k-1)^i
	for i := int64(0); i < d; i++ {
		sum = s.add(sum, term)
		if i+1 < d {
			term = s.mul(term, k-1)
		}
		if !s.ok {
			return 0, false
		}
	}
	n = s.add(1, s.mul(k, sum))
	return n, s.ok
}

// GeneralizedMooreHist returns the distance distribution of a generalized
// Moore graph (Sampels; eqs. (3)-(4) of the projective networks paper) with
// the given number of routers and degree k >= 3: hist[0] = 1 and hist[t] =
// k(k-1)^(t-1) routers at distance t from any router for t below the
// diameter, and the remaining routers at the diameter D = len(hist)-1. Its
// average distance sum t*hist[t] / (routers - 1) is the smallest possible for
// that size and degree (eq. (4) approximates it by D - k^(D-1)/routers).
// ok is false for k < 3 or routers < 1.
func GeneralizedMooreHist(k, routers int64) (hist []int64, ok bool) {
	if k < 3 || routers < 1 {
		return nil, false
	}
	hist = []int64{1}
	left := routers - 1
	for w := k; left > 0; {
		if w >= left {
			hist = append(hist, left)
			break
		}
		hist = append(hist, w)
		left -= w
		if nw, ok := mul64(w, k-1); ok {
			w = nw
		} else {
			w = math.MaxInt64 // beyond any remaining count
		}
	}
	return hist, true
}

// sizingConc reads the concentration p: an integer >= 1 or "balanced" =
// ceil(kNet/diameter) (SC14's ceil(k'/2) for diameter 2; k'/3 for the
// diameter-3 graphs of the projective networks paper, Table 3).
func sizingConc(fam string, v Values, kNet, diameter int64) (int64, error) {
	p, choice, err := intOrChoice(fam, v, "p")
	switch {
	case err != nil:
		return 0, err
	case choice == "balanced":
		return (kNet + diameter - 1) / diameter, nil
	case choice != "":
		return 0, paramErr(fam, "p", "want an integer or \"balanced\", got %q", choice)
	}
	return p, checkRange(fam, "p", p, 1, maxConc)
}

func balancedP(doc string) Param {
	return paramP("balanced", []string{"balanced"}, doc)
}

// regularSize returns the sizing figures of routers routers of network
// radix kNet with p endpoints each; links = floor(routers*kNet/2), exact for
// a kNet-regular graph.
func regularSize(fam, param string, routers, kNet, p int64) (Size, error) {
	s := sizer{ok: true}
	sz := Size{
		Routers:      routers,
		Endpoints:    s.mul(p, routers),
		Links:        s.add(s.mul(routers/2, kNet), (routers%2)*(kNet/2)),
		Radix:        s.add(kNet, p),
		NetworkRadix: kNet,
	}
	if !s.ok {
		return Size{}, paramErr(fam, param, "sizes for %d routers of network radix %d with p = %d overflow int64", routers, kNet, p)
	}
	return sz, nil
}

// sizingParams are the resolved parameters of a sizing-only family: the
// routers and network radix its formulas give, and the concentration.
type sizingParams struct {
	routers, kNet, p int64
	links            int64 // 0: routers*kNet/2
	extra            int64 // long_hop: the resolved L
	param            string
	q                int64  // delorme, gq_incidence, gh_incidence: the order
	variant          string // delorme: the resolved variant
}

// wireSizing wires a family of this file whose only resolved choice is p.
// build is nil for a sizing-only family; sizing, if set, names the values
// build cannot construct. (pipeline.wire's Resolve sizes the values, so
// Normalize rejects what Size cannot compute.)
func wireSizing(f *Family, parse func(Values) (sizingParams, error),
	build func(context.Context, sizingParams, Size) (*Topology, error), sizing func(sizingParams) string) *Family {
	name := f.Name
	return pipeline[sizingParams]{
		parse:   parse,
		resolve: func(t sizingParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    func(t sizingParams) (Size, error) { return t.size(name) },
		limit:   "q",
		build:   build,
		sizing:  sizing,
	}.wire(f)
}

func (t sizingParams) size(fam string) (Size, error) {
	sz, err := regularSize(fam, t.param, t.routers, t.kNet, t.p)
	if err == nil && t.links != 0 {
		sz.Links = t.links
	}
	return sz, err
}

// longHopExtra returns the smallest L with 2^L - L - 1 >= n: the redundancy
// of a shortened Hamming code [n+L, n, 3].
func longHopExtra(n int64) int64 {
	l := int64(1)
	for (int64(1)<<l)-l-1 < n {
		l++
	}
	return l
}

func longHop() *Family {
	const name = "long_hop"
	parse := func(v Values) (sizingParams, error) {
		t := sizingParams{param: "n"}
		n, err := intParam(name, v, "n", 3, 62)
		if err != nil {
			return t, err
		}
		l, choice, err := intOrChoice(name, v, "extra")
		switch {
		case err != nil:
			return t, err
		case choice == "hamming":
			l = longHopExtra(n)
		case choice != "":
			return t, paramErr(name, "extra", "want an integer or \"hamming\", got %q", choice)
		default:
			// Distinct non-zero generators of Z_2^n: n + L <= 2^n - 1.
			if err := checkRange(name, "extra", l, 0, min((int64(1)<<n)-1-n, math.MaxInt32)); err != nil {
				return t, err
			}
		}
		t.extra, t.routers, t.kNet = l, int64(1)<<n, n+l
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Long Hop hypercube LH-HC of Tomic, as compared in SC14",
		Doc: "Long Hop hypercube LH-HC (R. V. Tomic, Network Throughput Optimization via Error " +
			"Correcting Codes, arXiv 2013, section E-S-3), as compared in Besta and Hoefler, Slim Fly, " +
			"SC14 (Tables II and IV, sections III and VI-B3b): a sizing-only family (no builder: the " +
			"papers do not fix the added generators). The routers are the 2^n binary words; each is " +
			"linked to the n routers that differ in one bit (the hypercube) and to L more routers " +
			"(\"additional L ports\", SC14 VI-B3b), a Cayley graph of Z_2^n with n + L generators. " +
			"Routers 2^n, network radix n + L, links 2^(n-1)*(n + L), endpoints p*2^n (p = 1 in SC14), " +
			"radix n + L + p. L = \"hamming\" is the smallest L with 2^L - L - 1 >= n, the redundancy " +
			"of a shortened Hamming [n+L, n, 3] code, whose minimum distance 3 gives the bisection of " +
			"3 times the hypercube's that SC14 reports (\"bandwidth of 3N\"); this reproduces Table " +
			"IV's LH-HC (n = 13, L = 5: 8,192 routers and endpoints, radix 19). The diameter is not a " +
			"closed formula: SC14 Table II reports 4 to 6 for 2^8 to 2^13 endpoints.",
		Params: []Param{
			{Name: "n", Kind: Int, Doc: "hypercube dimension: 2^n routers, 3..62"},
			{Name: "extra", Kind: Int, Default: "hamming", Choices: []string{"hamming"},
				Doc: "L, the long-hop links per router added to the hypercube, 0 <= L <= 2^n - 1 - n; \"hamming\" = smallest L with 2^L - L - 1 >= n (SC14: n = 13, L = 5)"},
			paramP(int64(1), nil, "endpoints per router, >= 1 (SC14 uses 1)"),
		},
		Version: 1,
	}
	return pipeline[sizingParams]{
		parse:   parse,
		resolve: func(t sizingParams, v Values) Values { return withValues(v, "extra", t.extra) },
		size:    func(t sizingParams) (Size, error) { return t.size(name) },
	}.wire(f)
}

// maxSizingQ bounds the prime-power parameters of bdf and delorme.
const maxSizingQ = 1 << 20

// primePowerError explains an invalid prime-power parameter and lists the
// nearest valid values (ok reports validity).
func primePowerError(fam, param string, x int64, what string, ok func(int64) bool) error {
	var near []string
	for d := int64(1); d <= 1<<12 && len(near) == 0 && x-d >= 2; d++ {
		if ok(x - d) {
			near = append(near, fmt.Sprint(x-d))
		}
	}
	for c := max(x+1, 2); c <= x+1<<20 && c <= maxSizingQ; c++ {
		if ok(c) {
			near = append(near, fmt.Sprint(c))
			break
		}
	}
	msg := fmt.Sprintf("%s = %d is not %s", param, x, what)
	if len(near) > 0 {
		msg += "; nearest valid: " + strings.Join(near, ", ")
	}
	return paramErr(fam, param, "%s", msg)
}

func isOddPrimePower(u int64) bool {
	_, _, ok := gf.IsPrimePower(int(u))
	return ok && u%2 == 1
}

func bdf() *Family {
	const name = "bdf"
	parse := func(v Values) (sizingParams, error) {
		t := sizingParams{param: "u"}
		u, err := intParam(name, v, "u", 3, maxSizingQ)
		if err != nil {
			return t, err
		}
		if !isOddPrimePower(u) {
			return t, primePowerError(name, "u", u, "an odd prime power", isOddPrimePower)
		}
		m := u + 1 // u <= 2^20: m^3 fits
		t.routers, t.kNet = m*m*m-m*m+m, 3*m/2
		if t.p, err = sizingConc(name, v, t.kNet, 3); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Bermond-Delorme-Farhi graphs of diameter 3, as in SC14 Fig. 5b",
		Doc: "Bermond-Delorme-Farhi (BDF) graphs of diameter 3 (Bermond, Delorme and Farhi, Large " +
			"graphs with given degree and diameter III, Annals of Discrete Mathematics 13, 1982), as " +
			"compared with the Moore bound in Besta and Hoefler, Slim Fly, SC14, section II-C and Fig. " +
			"5b: a sizing-only family (no builder). For an odd prime power u the network radix is k' = " +
			"3(u+1)/2 and the router count Nr = (8/27)k'^3 - (4/9)k'^2 + (2/3)k' = m^3 - m^2 + m with " +
			"m = u + 1 (u = 3: k' = 6, 52 routers), about 30% of the Moore bound (SC14). Links = " +
			"Nr*k'/2 (k'-regular, as the paper's k' implies), endpoints p*Nr, radix k' + p; p = " +
			"\"balanced\" = ceil(k'/3) = (u+1)/2, the diameter-3 analogue of SC14's ceil(k'/2) (k'/D " +
			"endpoints per router balance a graph of average distance near D, projective networks " +
			"paper, eq. (1) and Table 3).",
		Params: []Param{
			{Name: "u", Kind: Int, Doc: "odd prime power u >= 3 (3, 5, 7, 9, 11, 13, 17, ...)"},
			balancedP("endpoints per router: an integer >= 1 or \"balanced\" = ceil(k'/3)"),
		},
		Version: 1,
	}
	return wireSizing(f, parse, nil, nil)
}

// isOddPowerOf reports whether x = b^(2e+1) for some e >= 0.
func isOddPowerOf(x, b int64) bool {
	e := 0
	for x > 1 && x%b == 0 {
		x /= b
		e++
	}
	return x == 1 && e%2 == 1
}

func delorme() *Family {
	const name = "delorme"
	parse := func(v Values) (sizingParams, error) {
		t := sizingParams{param: "q"}
		variant := v.Str("variant")
		q, err := intParam(name, v, "q", 2, maxSizingQ)
		if err != nil {
			return t, err
		}
		t.q, t.variant = q, variant
		s := sizer{ok: true}
		var diameter int64
		switch variant {
		case "sc14":
			if _, _, ok := gf.IsPrimePower(int(q)); !ok {
				return t, primePowerError(name, "q", q, "a prime power", func(x int64) bool {
					_, _, ok := gf.IsPrimePower(int(x))
					return ok
				})
			}
			q1, q2 := q+1, s.add(s.mul(q, q), 1)
			t.kNet = q1 * q1
			t.routers = s.mul(t.kNet, s.mul(q2, q2))
			diameter = 3
		case "quadrangle":
			if !isOddPowerOf(q, 2) {
				return t, primePowerError(name, "q", q, "an odd power of 2 (the generalized quadrangle W(q) has a polarity only then)",
					func(x int64) bool { return isOddPowerOf(x, 2) })
			}
			q2 := s.add(s.mul(q, q), 1)
			t.kNet, t.routers = q+1, s.mul(q+1, q2)
			t.links = s.mul(s.mul(q/2, q+2), q2) // q(q+2)(q^2+1)/2, q even
			diameter = 3
		case "hexagon":
			if !isOddPowerOf(q, 3) {
				return t, primePowerError(name, "q", q, "an odd power of 3 (the generalized hexagon H(q) has a polarity only then)",
					func(x int64) bool { return isOddPowerOf(x, 3) })
			}
			q2 := s.mul(q, q)
			q4 := s.mul(q2, q2)
			t.kNet, t.routers = q+1, s.mul(q+1, s.add(s.add(q4, q2), 1))
			absolute := s.add(s.mul(q2, q), 1)
			t.links = s.add(s.mul(t.routers, q+1), -absolute) / 2
			diameter = 5
		default:
			return t, paramErr(name, "variant", "want one of \"sc14\", \"quadrangle\", \"hexagon\", got %q", variant)
		}
		if !s.ok {
			return t, paramErr(name, "q", "sizes for q = %d overflow int64", q)
		}
		if t.p, err = sizingConc(name, v, t.kNet, diameter); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Delorme's diameter-3 graphs from generalized quadrangles and hexagons",
		Doc: "Delorme graphs (C. Delorme, Grands graphes de degre et diametre donnes, European J. " +
			"Combin. 6, 1985). variant \"quadrangle\" (projective networks paper, section 4.3 and " +
			"Tables 2-3) is built: the points of the generalized quadrangle W(q), q an odd power of 2, " +
			"each adjacent to the other points of its image line under the Tits polarity (package " +
			"polygon): (q+1)(q^2+1) routers, maximum degree q+1, diameter 3; the q^2+1 absolute points " +
			"(a Suzuki-Tits ovoid) lose their loop and have degree q, so links = q(q+2)(q^2+1)/2 " +
			"(q = 2: 15 routers, 20 links; q = 8: 585 routers; q = 32: 33,825 routers). variant " +
			"\"hexagon\" is built the same way from the split Cayley hexagon H(q), which has a " +
			"polarity for q an odd power of 3 (found by an exhaustive search, so only q = 3 builds; " +
			"H(27) has 14.9 M points): (q+1)(q^4+q^2+1) routers, degree q+1 (q for the q^3+1 absolute " +
			"points), diameter 5, links ((q+1)Nr - q^3 - 1)/2 (q = 3: 364 routers, 714 links). " +
			"variant \"sc14\" (Besta and Hoefler, Slim Fly, SC14, section II-C and Fig. 5b; DEL) is " +
			"sizing-only, with the sizes SC14 prints: for a prime power q (the paper's v), diameter 3, " +
			"network radix k' = (q+1)^2 and Nr = (q+1)^2(q^2+1)^2 routers (q = 9: k' = 100, 672,400 " +
			"routers, 68% of the Moore bound as SC14 states); links = floor(Nr*k'/2), exact if the " +
			"graph is k'-regular (the paper gives only Nr and k'; for even q Nr*k' is odd, so the " +
			"floor is an upper bound). NetworkRadix is the maximum degree; endpoints p*Nr, radix k' + " +
			"p, p = \"balanced\" = ceil(k'/D) for diameter D ((q+1)/3 for quadrangles as in Table 3, " +
			"ceil(k'/3) for sc14, ceil((q+1)/5) for hexagons). Routers are numbered as the points of " +
			"the polygon (package polygon) and carry their homogeneous coordinates (4 for W(q), 7 for " +
			"H(q) on the quadric Q(6, q)).",
		Params: []Param{
			{Name: "variant", Kind: String, Default: "sc14", Choices: []string{"sc14", "quadrangle", "hexagon"},
				Doc: "\"sc14\": SC14's DEL graphs, k' = (q+1)^2; \"quadrangle\": generalized quadrangle (q = 2^(2e+1)); \"hexagon\": generalized hexagon (q = 3^(2e+1))"},
			{Name: "q", Kind: Int, Doc: "prime power (SC14's v): any for sc14, an odd power of 2 for quadrangle, an odd power of 3 for hexagon"},
			balancedP("endpoints per router: an integer >= 1 or \"balanced\" = ceil(k'/D)"),
		},
		Version: 2,
	}
	sizing := func(t sizingParams) string {
		if t.variant == "sc14" {
			return "variant \"sc14\" is sizing-only: SC14 gives the sizes of its DEL graphs but no construction"
		}
		return ""
	}
	build := func(ctx context.Context, t sizingParams, sz Size) (*Topology, error) {
		return buildDelorme(ctx, name, t.variant, int(t.q), t.p, sz)
	}
	return wireSizing(f, parse, build, sizing)
}

func mooreBound() *Family {
	const name = "moore_bound"
	parse := func(v Values) (sizingParams, error) {
		t := sizingParams{param: "degree"}
		var err error
		if t.kNet, err = intParam(name, v, "degree", 1, math.MaxInt32); err != nil {
			return t, err
		}
		d, err := intParam(name, v, "diameter", 1, 62)
		if err != nil {
			return t, err
		}
		var ok bool
		if t.routers, ok = MooreBound(t.kNet, d); !ok {
			return t, paramErr(name, "diameter", "the Moore bound for degree %d and diameter %d overflows int64", t.kNet, d)
		}
		if t.p, err = sizingConc(name, v, t.kNet, d); err != nil {
			return t, err
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Moore bound: the most routers a degree and diameter allow",
		Doc: "Moore bound (Miller and Siran, Moore graphs and beyond, Electron. J. Combin., dynamic " +
			"survey): the largest number of routers a network of network radix k' (degree) and diameter " +
			"D can have, Nr = 1 + k' * sum_{i<D} (k'-1)^i (Besta and Hoefler, Slim Fly, SC14, section " +
			"II-A and Fig. 5: k' = 96, D = 2 gives 9,217; equal to (k'(k'-1)^D - 2)/(k'-2), eq. (3) " +
			"of the projective networks paper). A sizing-only family: a Moore graph exists only for a " +
			"few (k', D), e.g. the Petersen (3, 2) and Hoffman-Singleton (7, 2, 50 routers, 175 " +
			"links) graphs. Links = Nr*k'/2 (a Moore graph is k'-regular), endpoints p*Nr, radix k' + " +
			"p; p = \"balanced\" = ceil(k'/D), SC14's full-global-bandwidth ceil(k'/2) for D = 2. The " +
			"generalized Moore bound (the smallest average distance for a given size and degree, eq. " +
			"(4)) is provided by GeneralizedMooreHist for analytics; eq. (5) (terminals versus radix " +
			"and average distance) is left to the analytics.",
		Params: []Param{
			{Name: "degree", Kind: Int, Doc: "network radix k' (router-to-router ports), >= 1"},
			{Name: "diameter", Kind: Int, Default: int64(2), Doc: "diameter D, 1..62"},
			balancedP("endpoints per router: an integer >= 1 or \"balanced\" = ceil(k'/D)"),
		},
		Version: 1,
	}
	return wireSizing(f, parse, nil, nil)
}

// generalizedPolygonIncidence returns the family of the incidence graph of
// a generalized quadrangle (n = 4) or hexagon (n = 6) of order q, listed in
// the projective networks paper (section 4.3, Tables 2 and 3), built from
// package polygon.
func generalizedPolygonIncidence(name string, n int64) *Family {
	what, table := "quadrangle", "Delta_0 = 2(q+1)/7: T = 4/7 (q+1)^2 (q^2+1), R = 9/7 (q+1)"
	construction := "the symplectic quadrangle W(q): the points of PG(3, q) and the lines totally " +
		"isotropic for a symplectic form (q = 2: 30 routers; q = 13: 4,760)"
	if n == 6 {
		what, table = "hexagon", "Delta_0 = 2(q+1)/11: T = 4/11 (q^4+q^2+1)(q+1)^2, R = 13/11 (q+1)"
		construction = "the split Cayley hexagon H(q): the points of the quadric Q(6, q) and the lines " +
			"of Q(6, q) whose Grassmann coordinates satisfy Tits' six linear equations (q = 2: 126 " +
			"routers; q = 5: 7,812)"
	}
	den := 2*n - 1 // 7 or 11: Table 3's Delta_0 = 2(q+1)/(2n-1)
	parse := func(v Values) (sizingParams, error) {
		t := sizingParams{param: "q"}
		q, err := intParam(name, v, "q", 2, maxSizingQ)
		if err != nil {
			return t, err
		}
		if _, _, ok := gf.IsPrimePower(int(q)); !ok {
			return t, primePowerError(name, "q", q, "a prime power", func(x int64) bool {
				_, _, ok := gf.IsPrimePower(int(x))
				return ok
			})
		}
		t.q = q
		s := sizer{ok: true}
		points, pw := int64(1), int64(1) // 1 + q + ... + q^(n-1)
		for i := int64(1); i < n; i++ {
			pw = s.mul(pw, q)
			points = s.add(points, pw)
		}
		t.routers, t.kNet = s.mul(2, points), q+1
		if !s.ok {
			return t, paramErr(name, "q", "sizes for q = %d overflow int64", q)
		}
		p, choice, err := intOrChoice(name, v, "p")
		switch {
		case err != nil:
			return t, err
		case choice == "balanced":
			t.p = max(1, (2*(q+1)+den/2)/den) // round(2(q+1)/(2n-1))
		case choice != "":
			return t, paramErr(name, "p", "want an integer or \"balanced\", got %q", choice)
		default:
			if err := checkRange(name, "p", p, 1, maxConc); err != nil {
				return t, err
			}
			t.p = p
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: fmt.Sprintf("incidence graph of a generalized %s of order q, diameter %d", what, n),
		Doc: fmt.Sprintf("Incidence graph of a generalized %s of order q (points and lines, adjacent when "+
			"incident), as listed by Camarero, Martinez, Vallejo and Beivide, Projective Networks, "+
			"section 4.3 and Tables 2-3: a (q+1)-regular bipartite generalized Moore graph of diameter "+
			"%d and girth %d with 2(1 + q + ... + q^%d) routers, average distance tending to %g and "+
			"link utilization 1, for every prime power q. The %s is %s (package polygon); routers "+
			"0..Nr/2-1 are its points in the order of their homogeneous coordinates, then its lines. "+
			"Links = Nr(q+1)/2, endpoints p*Nr, radix q+1+p; p = \"balanced\" is Table 3's %s "+
			"(rounded).",
			what, n, 2*n, n-1, float64(n)-0.5, what, construction, table),
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order: a prime power (2, 3, 4, 5, 7, 8, 9, ...)"},
			balancedP(fmt.Sprintf("endpoints per router: an integer >= 1 or \"balanced\" = round(2(q+1)/%d)", den)),
		},
		Version: 2,
	}
	build := func(ctx context.Context, t sizingParams, sz Size) (*Topology, error) {
		return buildPolygonIncidence(ctx, name, int(n), int(t.q), t.p, sz)
	}
	return wireSizing(f, parse, build, nil)
}
