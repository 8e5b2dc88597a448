package families

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// Expander topologies: the Lubotzky-Phillips-Sarnak Ramanujan graphs of
// Spectralfly (Young, Aksoy, Firoz, Gioiosa, Hagge, Kempton, Escobedo and
// Raugas, SpectralFly: Ramanujan Graphs as Flexible and Efficient
// Interconnection Networks, IPDPS 2022), the random lifts of the complete
// graph of Xpander (Valadarsky, Shahaf, Dinitz and Schapira, Xpander:
// Towards Optimal-Performance Datacenters, CoNEXT 2016), and the Kautz
// digraph made an undirected network.

// Spectralfly bounds: lps_p is the network radix minus one, and q about the
// cube root of the number of routers (q^3 <= 2^60 fits an int64).
const (
	maxLPSP = 1 << 15
	maxLPSQ = 1 << 20
)

// lpsParams are the parsed parameters of spectralfly: the LPS primes lpsP
// and q, p endpoints per router, the router radix, and whether lpsP is a
// square mod q (the graph is then a Cayley graph of PSL(2, q), otherwise of
// PGL(2, q)).
type lpsParams struct {
	lpsP, q, p, radix int64
	psl               bool
}

// validLPSP reports whether x can be the LPS p: a prime with x mod 4 = 1.
func validLPSP(x int64) bool { return x >= 5 && x%4 == 1 && d2Prime(x) }

// validLPSQ reports whether x can be the LPS q: an odd prime.
func validLPSQ(x int64) bool { return x >= 3 && x%2 == 1 && d2Prime(x) }

// expNearest returns "nearest valid: a, b" for the valid values (ok) nearest
// to x in [lo, hi] below and above it (within 2^12), or "" if there are none.
func expNearest(x, lo, hi int64, ok func(int64) bool) string {
	const span = 1 << 12
	var near []string
	for c := min(x-1, hi); c >= lo && c >= x-span; c-- {
		if ok(c) {
			near = append(near, fmt.Sprint(c))
			break
		}
	}
	for c := max(x+1, lo); c <= hi && c <= x+span; c++ {
		if ok(c) {
			near = append(near, fmt.Sprint(c))
			break
		}
	}
	if len(near) == 0 {
		return ""
	}
	return "; nearest valid: " + strings.Join(near, ", ")
}

// lpsPowMod returns b^e mod m for 0 <= b < m <= 2^31.
func lpsPowMod(b, e, m int64) int64 {
	r := int64(1) % m
	for b %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

// lpsIsqrt returns floor(sqrt(x)) for 0 <= x < 2^52.
func lpsIsqrt(x int64) int64 {
	r := int64(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// lpsQuaternions returns the solutions (a, b, c, d) of a^2 + b^2 + c^2 + d^2
// = p with a > 0 odd and b, c, d even, in ascending lexicographic order.
// For a prime p with p mod 4 = 1 there are exactly p + 1 of them (Jacobi's
// four-square theorem: 8(p+1) representations, one in eight normalized so).
func lpsQuaternions(p int64) [][4]int64 {
	out := make([][4]int64, 0, p+1)
	for a := int64(1); a*a <= p; a += 2 {
		ra := p - a*a
		lb := lpsIsqrt(ra) &^ 1
		for b := -lb; b <= lb; b += 2 {
			rb := ra - b*b
			if rb < 0 {
				continue
			}
			lc := lpsIsqrt(rb) &^ 1
			for c := -lc; c <= lc; c += 2 {
				rc := rb - c*c
				d := lpsIsqrt(rc)
				if d*d != rc || d%2 != 0 {
					continue
				}
				if d > 0 {
					out = append(out, [4]int64{a, b, c, -d})
				}
				out = append(out, [4]int64{a, b, c, d})
			}
		}
	}
	return out
}

// lpsCollision checks that the quaternions of norm p give p + 1 distinct
// elements of PGL(2, q), none the identity. Two quaternions alpha, beta of
// norm p have the same image iff alpha = lambda beta (mod q); taking norms,
// lambda^2 = 1, so iff alpha = +-beta (mod q) componentwise; and alpha maps
// to the identity iff b = c = d = 0 (mod q). Neither can happen when q >
// 2 sqrt(p) (the components differ by less than q); lpsCollision returns a
// description of the first coincidence, or "".
func lpsCollision(p, q int64) string {
	type key [4]int64
	canon := func(x [4]int64) key {
		var pos, neg key
		for i, c := range x {
			pos[i] = (c%q + q) % q
			neg[i] = (q - pos[i]) % q
		}
		for i := range pos {
			if pos[i] != neg[i] {
				if neg[i] < pos[i] {
					return neg
				}
				break
			}
		}
		return pos
	}
	seen := make(map[key][4]int64)
	for _, x := range lpsQuaternions(p) {
		if x[1]%q == 0 && x[2]%q == 0 && x[3]%q == 0 {
			return fmt.Sprintf("the generator (a, b, c, d) = %v is the identity mod q (a loop at every router)", x)
		}
		k := canon(x)
		if y, dup := seen[k]; dup {
			return fmt.Sprintf("the generators (a, b, c, d) = %v and %v coincide mod q up to sign (parallel links)", y, x)
		}
		seen[k] = x
	}
	return ""
}

// lpsRouters returns the number of routers of X^{p,q}: q(q^2-1)/2 (PSL) or
// q(q^2-1) (PGL); q <= maxLPSQ so it fits.
func lpsRouters(t lpsParams) int64 {
	n := t.q * (t.q*t.q - 1)
	if t.psl {
		n /= 2
	}
	return n
}

// lpsGroup encodes the elements of PGL(2, q) as router ids. An element is a
// matrix class normalized so that its second row is (1, r), r in [0, q), or
// (0, 1) (r = q); x is then its upper-left entry (row (1, r)) or its
// upper-right entry (row (0, 1)), and its determinant is s^2 (side 0) or
// xi s^2 (side 1, xi the smallest non-square) for one s in [1, m], m =
// (q-1)/2. The id is side*half + (r q + x) m + s - 1, half = (q+1) q m: the
// elements of side 0, ids below half, form PSL(2, q).
type lpsGroup struct {
	q, m, half, xi int64
	inv            []int64 // inv[x] = 1/x mod q (inv[0] unused)
	side, sidx     []int64 // side[det] and s-1 for a nonzero determinant
	sq             []int64 // sq[s-1] = s^2 mod q
}

// newLPSGroup returns the encoding tables of PGL(2, q), q an odd prime.
func newLPSGroup(q int64) *lpsGroup {
	g := &lpsGroup{q: q, m: (q - 1) / 2, inv: make([]int64, q), side: make([]int64, q), sidx: make([]int64, q), sq: make([]int64, (q-1)/2)}
	g.half = (q + 1) * q * g.m
	for x := int64(1); x < q; x++ {
		g.inv[x] = lpsPowMod(x, q-2, q)
	}
	for g.xi = 2; lpsPowMod(g.xi, (q-1)/2, q) == 1; g.xi++ {
	}
	for s := int64(1); s <= g.m; s++ {
		d := s * s % q
		g.sq[s-1] = d
		g.side[d], g.sidx[d] = 0, s-1
		g.side[d*g.xi%q], g.sidx[d*g.xi%q] = 1, s-1
	}
	return g
}

// decode returns the normalized matrix (a, b, c, d) of router id.
func (g *lpsGroup) decode(id int64) [4]int64 {
	q := g.q
	side, rem := id/g.half, id%g.half
	s, rx := rem%g.m, rem/g.m
	x, r := rx%q, rx/q
	det := g.sq[s]
	if side == 1 {
		det = det * g.xi % q
	}
	if r == q {
		return [4]int64{det, x, 0, 1}
	}
	return [4]int64{x, ((x*r-det)%q + q) % q, 1, r}
}

// encode returns the router id of the class of the invertible matrix m
// (entries in [0, q)).
func (g *lpsGroup) encode(m [4]int64) int64 {
	q := g.q
	l := g.inv[m[3]]
	if m[2] != 0 {
		l = g.inv[m[2]]
	}
	a, b, c, d := m[0]*l%q, m[1]*l%q, m[2]*l%q, m[3]*l%q
	det := ((a*d-b*c)%q + q) % q
	r, x := d, a
	if c == 0 {
		r, x = q, b
	}
	return g.side[det]*g.half + (r*q+x)*g.m + g.sidx[det]
}

// lpsMul returns the product x y of 2x2 matrices mod q.
func lpsMul(x, y [4]int64, q int64) [4]int64 {
	return [4]int64{
		(x[0]*y[0] + x[1]*y[2]) % q, (x[0]*y[1] + x[1]*y[3]) % q,
		(x[2]*y[0] + x[3]*y[2]) % q, (x[2]*y[1] + x[3]*y[3]) % q,
	}
}

// lpsEmbedding returns g, h with g^2 + h^2 = -1 (mod q): the smallest h >=
// 0 for which -1 - h^2 is a square, and g the smallest square root of it
// (for q mod 4 = 1, h = 0 and g is the smaller square root of -1).
func lpsEmbedding(q int64) (g, h int64) {
	for h = 0; h < q; h++ {
		t := ((-1-h*h)%q + q) % q
		if t != 0 && lpsPowMod(t, (q-1)/2, q) != 1 {
			continue
		}
		for g = 0; g < q; g++ {
			if g*g%q == t {
				return g, h
			}
		}
	}
	panic("families: no g, h with g^2 + h^2 = -1 mod q")
}

// lpsGenerators returns the matrices of the quaternions of norm p over F_q:
// a + bi + cj + dk -> [[a + bg + dh, c + dg - bh], [-c + dg - bh, a - bg -
// dh]] with g^2 + h^2 = -1 (mod q), entries in [0, q).
func lpsGenerators(p, q int64) [][4]int64 {
	g, h := lpsEmbedding(q)
	mod := func(x int64) int64 { return (x%q + q) % q }
	var out [][4]int64
	for _, x := range lpsQuaternions(p) {
		a, b, c, d := x[0], x[1], x[2], x[3]
		out = append(out, [4]int64{mod(a + b*g + d*h), mod(c + d*g - b*h), mod(-c + d*g - b*h), mod(a - b*g - d*h)})
	}
	return out
}

// spectralfly returns the Spectralfly family: the LPS Ramanujan graphs.
func spectralfly() *Family {
	const name = "spectralfly"
	parse := func(v Values) (lpsParams, error) {
		var t lpsParams
		var err error
		if t.lpsP, err = intParam(name, v, "lps_p", 5, maxLPSP); err != nil {
			return t, err
		}
		if !validLPSP(t.lpsP) {
			return t, paramErr(name, "lps_p", "lps_p = %d is not a prime with lps_p mod 4 = 1 (5, 13, 17, 29, 37, 41, ...)%s",
				t.lpsP, expNearest(t.lpsP, 5, maxLPSP, validLPSP))
		}
		if t.q, err = intParam(name, v, "q", 3, maxLPSQ); err != nil {
			return t, err
		}
		okQ := func(x int64) bool { return validLPSQ(x) && x != t.lpsP }
		if !okQ(t.q) {
			why := "is not an odd prime"
			if t.q == t.lpsP {
				why = "equals lps_p"
			}
			return t, paramErr(name, "q", "q = %d %s: q must be an odd prime other than lps_p = %d%s", t.q, why, t.lpsP, expNearest(t.q, 3, maxLPSQ, okQ))
		}
		if t.q*t.q <= 4*t.lpsP {
			if why := lpsCollision(t.lpsP, t.q); why != "" {
				return t, paramErr(name, "q", "q = %d is too small for lps_p = %d: %s; every q > 2 sqrt(lps_p) = %.1f works",
					t.q, t.lpsP, why, 2*math.Sqrt(float64(t.lpsP)))
			}
		}
		t.psl = lpsPowMod(t.lpsP, (t.q-1)/2, t.q) == 1
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.lpsP+1, t.radix)
	}
	size := func(t lpsParams) (Size, error) {
		s := sizer{ok: true}
		n := lpsRouters(t)
		sz := Size{
			Routers:      n,
			Endpoints:    s.mul(t.p, n),
			Links:        s.mul(n/2, t.lpsP+1), // n is even
			NetworkRadix: t.lpsP + 1,
			Radix:        s.add(t.lpsP+1, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "q", "sizes for lps_p = %d, q = %d, p = %d overflow int64", t.lpsP, t.q, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Spectralfly: LPS Ramanujan graph X^{p,q}, a Cayley graph of PSL(2, q) or PGL(2, q)",
		Doc: "Spectralfly (Young, Aksoy, Firoz, Gioiosa, Hagge, Kempton, Escobedo and Raugas, SpectralFly: Ramanujan " +
			"Graphs as Flexible and Efficient Interconnection Networks, IPDPS 2022): the Ramanujan graph X^{p,q} of " +
			"Lubotzky, Phillips and Sarnak (Ramanujan graphs, Combinatorica 8, 1988) with the LPS p given as lps_p, " +
			"since p is the endpoints per router. Construction: the lps_p + 1 integer solutions of a^2 + b^2 + c^2 + " +
			"d^2 = lps_p with a > 0 odd and b, c, d even (lps_p a prime with lps_p mod 4 = 1; Jacobi's four-square " +
			"theorem) become the matrices [[a + bg + dh, c + dg - bh], [-c + dg - bh, a - bg - dh]] over F_q, with g^2 + " +
			"h^2 = -1 (mod q) (the embedding of Knuth's GB_RAMAN: for q mod 4 = 1, h = 0 and g is a square root of -1, " +
			"LPS's matrices; it also covers q mod 4 = 3; here h is the smallest such value and g the smallest root). " +
			"Routers are group elements (invertible matrices modulo scalars) and M ~ M S for every generator S (the " +
			"inverse of S is the matrix of the conjugate solution, so the links are undirected). If lps_p is a square " +
			"mod q the generators lie in PSL(2, q) and the graph is its Cayley graph: q(q^2-1)/2 routers, not bipartite; " +
			"otherwise it is the Cayley graph of PGL(2, q): q(q^2-1) routers, bipartite. It is (lps_p+1)-regular with routers * " +
			"(lps_p+1)/2 links, connected and Ramanujan: every adjacency eigenvalue other than +-(lps_p+1) has absolute " +
			"value at most 2 sqrt(lps_p). When q <= 2 sqrt(lps_p) two solutions can give the same element (parallel " +
			"links) or the identity (loops); such pairs (lps_p = 13 with q = 3, lps_p = 29 or 37 with q = 5, ...) are " +
			"refused, and every q > 2 sqrt(lps_p) is simple. Router id: a router is the matrix normalized to the second " +
			"row (1, r), r in [0, q), or (0, 1) (r = q); x is its upper-left entry (row (1, r)) or its upper-right entry " +
			"(row (0, 1)); its determinant is s^2 (side 0) or xi s^2 (side 1, xi the smallest non-square mod q) for one " +
			"s in [1, (q-1)/2]; id = side (q+1)q(q-1)/2 + (r q + x)(q-1)/2 + s - 1. A PSL graph has side 0 only; in a " +
			"PGL graph the two sides (ids below and above routers/2) are the bipartition, side 0 being PSL(2, q). " +
			"Coords = (a, b, c, d), the normalized matrix [[a, b], [c, d]]; no groups. Each router has p endpoints.",
		Params: []Param{
			{Name: "lps_p", Kind: Int, Doc: "the LPS prime p of X^{p,q} (network radix lps_p + 1): a prime with lps_p mod 4 = 1 (5, 13, 17, 29, 37, 41, ...), at most 32768"},
			{Name: "q", Kind: Int, Doc: "the LPS prime q: the order of the field F_q of PSL(2, q) and PGL(2, q); an odd prime other than lps_p, at most 2^20 (q mod 4 = 1 as in LPS, or 3)"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[lpsParams]{parse: parse, size: size, limit: "q",
		build: func(ctx context.Context, t lpsParams, sz Size) (*Topology, error) {
			return buildLPS(ctx, name, t, sz)
		},
	}.wire(f)
}

// buildLPS builds X^{p,q}: for each router M, the links M ~ M S to the
// routers of higher id.
func buildLPS(ctx context.Context, name string, t lpsParams, sz Size) (*Topology, error) {
	q := t.q
	g := newLPSGroup(q)
	gens := lpsGenerators(t.lpsP, q)
	n := int(sz.Routers)
	edges := make(edgeList, 0, sz.Links)
	coords := make([]int32, 4*n)
	st := newStopper(ctx)
	for u := 0; u < n; u++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		m := g.decode(int64(u))
		for i, x := range m {
			coords[4*u+i] = int32(x)
		}
		for _, s := range gens {
			if w := g.encode(lpsMul(m, s, q)); w > int64(u) {
				if w >= int64(n) {
					return nil, fmt.Errorf("family %s: internal error: router %d has a neighbour of id %d outside the group of %d routers", name, u, w, n)
				}
				edges.add(u, int(w))
			}
		}
	}
	if int64(len(edges)) != sz.Links || int64(len(gens)) != t.lpsP+1 {
		return nil, fmt.Errorf("family %s: internal error: %d generators gave %d links, want %d", name, len(gens), len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, n, edges, t.p)
	if err != nil {
		return nil, err
	}
	top.Coords, top.CoordDim = coords, 4
	return top, nil
}

// rndStreamXpander is the xpander stream constant (the second PCG seed word
// of attempt 0, as the random families of random.go): "xpander_".
const rndStreamXpander uint64 = 0x7870616e6465725f

// xpanderParams are the parsed parameters of xpander.
type xpanderParams struct{ degree, lift, p, seed, radix int64 }

// xpander returns the Xpander family: random lifts of K_{d+1}.
func xpander() *Family {
	const name = "xpander"
	parse := func(v Values) (xpanderParams, error) {
		var t xpanderParams
		var err error
		if t.degree, err = intParam(name, v, "degree", 3, math.MaxInt32); err != nil {
			return t, err
		}
		if t.lift, err = intParam(name, v, "lift", 1, math.MaxInt32); err != nil {
			return t, err
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.seed, err = intParam(name, v, "seed", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.degree, t.radix)
	}
	size := func(t xpanderParams) (Size, error) {
		s := sizer{ok: true}
		routers := s.mul(t.degree+1, t.lift)
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        s.mul(t.degree*(t.degree+1)/2, t.lift), // degree < 2^31: no overflow before the product
			NetworkRadix: t.degree,
			Radix:        s.add(t.degree, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "lift", "sizes for degree = %d, lift = %d, p = %d overflow int64", t.degree, t.lift, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Xpander: random k-lift of the complete graph K_{d+1} (Valadarsky et al.)",
		Doc: "Xpander (Valadarsky, Shahaf, Dinitz and Schapira, Xpander: Towards Optimal-Performance Datacenters, " +
			"CoNEXT 2016): a random lift of the complete graph K_{d+1}, d = degree. Each vertex u of K_{d+1} becomes a " +
			"meta-node of lift = k routers (u, 0), ..., (u, k-1), and each edge {u, v} a perfect matching between the " +
			"routers of u and those of v: (u, i) ~ (v, pi_uv(i)) for a uniformly random permutation pi_uv. The network " +
			"is simple and d-regular with (d+1)k routers and k d(d+1)/2 links; no link joins two routers of one " +
			"meta-node and every two meta-nodes are joined by exactly k links. lift = 1 is K_{d+1}. The paper builds " +
			"Xpanders by lifting K_{d+1}; this family draws one uniformly random k-lift and does not select lifts by " +
			"their spectral gap. Randomness: the matchings are drawn for the pairs u < v in lexicographic order, each " +
			"permutation a Fisher-Yates shuffle of the identity from the math/rand/v2 PCG stream of seed (as " +
			"random_regular), so a seed gives the same graph on every machine; a lift that is not connected is redrawn " +
			"from the next stream (up to 16 attempts). degree >= 3: a lift of K_3 is a union of cycles, often " +
			"disconnected. Router id = u k + i; Group = u, the meta-node; Coords = (u, i). Each router has p endpoints.",
		Params: []Param{
			{Name: "degree", Kind: Int, Doc: "router degree d (network ports), >= 3: the lift of K_{d+1}"},
			{Name: "lift", Kind: Int, Doc: "lift order k: routers per meta-node (copies of each vertex of K_{d+1}), >= 1"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			{Name: "seed", Kind: Int, Default: int64(1), Doc: "random seed (any integer); the same seed gives the same graph"},
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[xpanderParams]{parse: parse, size: size, limit: "lift",
		build: func(ctx context.Context, t xpanderParams, sz Size) (*Topology, error) {
			return buildXpander(ctx, name, t, sz)
		},
	}.wire(f)
}

// buildXpander draws random lifts of K_{d+1} until one is connected.
func buildXpander(ctx context.Context, name string, t xpanderParams, sz Size) (*Topology, error) {
	d, k := int(t.degree), int(t.lift)
	n := int(sz.Routers)
	edges := make(edgeList, 0, sz.Links)
	perm := make([]int32, k)
	parent := make([]int32, n)
	st := newStopper(ctx)
	for attempt := range rndMaxAttempts {
		r := newRndSource(t.seed, rndStreamXpander, attempt)
		edges = edges[:0]
		for u := 0; u <= d; u++ {
			for v := u + 1; v <= d; v++ {
				if st.stop(len(edges) + attempt*int(sz.Links)) {
					return nil, ctx.Err()
				}
				for i := range perm {
					perm[i] = int32(i)
				}
				r.shuffle(perm)
				for i, j := range perm {
					edges.add(u*k+i, v*k+int(j))
				}
			}
		}
		if xpanderConnected(edges, parent) {
			top, err := newTopology(ctx, name, n, edges, t.p)
			if err != nil {
				return nil, err
			}
			top.Group = make([]int32, n)
			top.Coords, top.CoordDim = make([]int32, 2*n), 2
			for x := range n {
				top.Group[x] = int32(x / k)
				top.Coords[2*x], top.Coords[2*x+1] = int32(x/k), int32(x%k)
			}
			return top, nil
		}
	}
	return nil, fmt.Errorf("family %s: no connected lift in %d attempts (degree = %d, lift = %d, seed = %d)", name, rndMaxAttempts, d, k, t.seed)
}

// xpanderConnected reports whether the graph of edges on len(parent)
// vertices is connected (union-find with path halving).
func xpanderConnected(edges edgeList, parent []int32) bool {
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	parts := len(parent)
	for _, e := range edges {
		if a, b := find(e.U), find(e.V); a != b {
			parent[a] = b
			parts--
		}
	}
	return parts == 1
}

// kautzParams are the parsed parameters of kautz: out-degree d, string
// length L = n + 1.
type kautzParams struct{ d, length, p, radix int64 }

// kautzNetRadix returns the network radix of the undirected K(d, n), n =
// length - 1: d for n = 0 (K_{d+1}), 2d - 1 for n = 1 (every router
// alternates), 2d otherwise.
func kautzNetRadix(d, length int64) int64 {
	switch length {
	case 1:
		return d
	case 2:
		return 2*d - 1
	}
	return 2 * d
}

// kautzSize returns the routers (d+1) d^n and the links (d+1) d^(n+1) -
// d(d+1)/2 of the undirected K(d, n), n = length - 1 (ok false on
// overflow).
func kautzSize(d, length int64) (routers, links int64, ok bool) {
	s := sizer{ok: true}
	dn, ok := pow64(d, length-1)
	routers = s.mul(d+1, dn)
	arcs := s.mul(routers, d)
	return routers, arcs - d*(d+1)/2, s.ok && ok
}

// kautz returns the Kautz family: the Kautz digraph K(d, n) with its arcs
// made undirected links.
func kautz() *Family {
	const name = "kautz"
	parse := func(v Values) (kautzParams, error) {
		var t kautzParams
		var err error
		if t.d, err = intParam(name, v, "kautz_degree", 2, math.MaxInt32); err != nil {
			return t, err
		}
		if t.length, err = intParam(name, v, "kautz_length", 1, 63); err != nil {
			return t, err
		}
		if _, _, ok := kautzSize(t.d, t.length); !ok {
			return t, paramErr(name, "kautz_length", "K(%d, %d) is too large: (d+1)d^n routers with d arcs each overflow int64", t.d, t.length-1)
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, kautzNetRadix(t.d, t.length), t.radix)
	}
	size := func(t kautzParams) (Size, error) {
		s := sizer{ok: true}
		routers, links, _ := kautzSize(t.d, t.length) // checked by parse
		net := kautzNetRadix(t.d, t.length)
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        links,
			NetworkRadix: net,
			Radix:        s.add(net, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for kautz_degree = %d, kautz_length = %d, p = %d overflow int64", t.d, t.length, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Kautz graph K(d, n) with undirected links: (d+1)d^n routers, network radix 2d",
		Doc: "Kautz graph K(d, n) as an undirected network (Kautz, Bounds on directed (d, k) graphs, 1968; Bermond and " +
			"Peyrat, de Bruijn and Kautz networks: a competitor for the hypercube?, 1989; the SiCortex SC072, SC648 and " +
			"SC5832 used the directed K(3, 1), K(3, 3) and K(3, 5) of 12, 108 and 972 nodes). kautz_degree = d >= 2 is " +
			"the out-degree and kautz_length = n + 1 >= 1 the length of the router strings, which is the directed " +
			"diameter. Routers are the strings s_0 s_1 ... s_n over the d + 1 symbols 0..d with s_i != s_(i+1): (d+1)d^n " +
			"routers. The Kautz digraph has the d arcs s_0 s_1 ... s_n -> s_1 ... s_n x, x != s_n, at every router " +
			"(in-degree d too, no loops: a loop needs s_0 = s_1), and directed diameter n + 1. The network drops the " +
			"directions: two routers are linked if an arc joins them either way. Both u -> v and v -> u exist iff u = " +
			"abab... and v = baba... alternate two symbols (the (d+1)d alternating strings pair up; every string does for " +
			"n <= 1), so there are (d+1)d^(n+1) - d(d+1)/2 = d(d+1)(2d^n - 1)/2 links; an alternating router has 2d - 1 " +
			"neighbours and any other 2d: network radix 2d for n >= 2, 2d - 1 for n = 1 (every router), d for n = 0 " +
			"(K_{d+1}). The undirected diameter is at most n + 1 (the tests measure n + 1 for the small instances). " +
			"Router id = s_0 d^n + sum over i = 1..n of e_i d^(n-i), with e_i = (s_i - s_(i-1) - 1) mod (d+1) in [0, d); " +
			"Coords = (s_0, ..., s_n), CoordDim = n + 1; no groups. Each router has p endpoints.",
		Params: []Param{
			{Name: "kautz_degree", Kind: Int, Doc: "d: out-degree of the Kautz digraph (d + 1 symbols; network radix 2d), >= 2"},
			{Name: "kautz_length", Kind: Int, Doc: "n + 1: length of the router strings, the directed diameter of K(d, n); (d+1)d^n routers; >= 1"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[kautzParams]{parse: parse, size: size, limit: "kautz_length",
		build: func(ctx context.Context, t kautzParams, sz Size) (*Topology, error) {
			return buildKautz(ctx, name, t, sz)
		},
	}.wire(f)
}

// buildKautz builds the undirected K(d, n): the arcs u -> v of every router
// u, except an arc whose reverse also exists (u alternates and v is its
// partner, or n = 0) when v < u.
func buildKautz(ctx context.Context, name string, t kautzParams, sz Size) (*Topology, error) {
	d, n := int(t.d), int(t.length-1)
	routers := int(sz.Routers)
	dn := routers / (d + 1)   // d^n
	dn1 := max(dn/d, 1)       // d^(n-1) (unused for n = 0)
	e := make([]int, n+1)     // e[i]: the deltas e_1..e_n of the current router
	sym := make([]int32, n+1) // its symbols
	edges := make(edgeList, 0, sz.Links)
	coords := make([]int32, routers*(n+1))
	st := newStopper(ctx)
	for u := 0; u < routers; u++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		s0, low := u/dn, u%dn
		sym[0] = int32(s0)
		for i, x := n, low; i >= 1; i-- {
			e[i], x = x%d, x/d
		}
		alt := true // for n >= 1: e_(i+1) = d-1-e_i for all i, i.e. s_(i+1) = s_(i-1)
		for i := 1; i <= n; i++ {
			sym[i] = int32((int(sym[i-1]) + e[i] + 1) % (d + 1))
			if i >= 2 && e[i] != d-1-e[i-1] {
				alt = false
			}
		}
		copy(coords[u*(n+1):], sym)
		for j := 0; j < d; j++ {
			var v int
			reverse := false // the arc v -> u exists too
			if n == 0 {
				v = (s0 + 1 + j) % (d + 1)
				reverse = true
			} else {
				v = int(sym[1])*dn + (low%dn1)*d + j
				reverse = alt && j == d-1-e[n]
			}
			if !reverse || v > u {
				edges.add(u, v)
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, routers, edges, t.p)
	if err != nil {
		return nil, err
	}
	top.Coords, top.CoordDim = coords, n+1
	return top, nil
}
