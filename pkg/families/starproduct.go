package families

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/gf"
	"github.com/runexp/runexp/pkg/graph"
)

// Diameter-3 star products: PolarStar (Lakhotia, Monroe, Isham, Besta,
// Blach, Hoefler and Petrini, PolarStar: Expanding the Scalability Horizon
// of Diameter-3 Networks, SPAA 2024, arXiv 2302.07217) and Bundlefly (Lei,
// Dong, Chen, Iyer, Karanth, Guo, Lombardi and Wang, Bundlefly: A
// Low-Diameter Topology for Multicore Fiber, ICS 2020).
//
// The star product G * H of a structure graph G and a supernode graph H with
// a bijection f of V(H) (Bermond, Delorme and Farhi, Large graphs with given
// degree and diameter III, 1982) has the vertices (x, a), x in V(G), a in
// V(H), and the links
//
//	(x, a) ~ (x, b)     for every link a ~ b of H (the supernode x),
//	(x, a) ~ (y, f(a))  for every link x ~ y of G with x < y,
//
// so that every link of G becomes a bundle of |V(H)| parallel links between
// two supernodes. A self-loop of G at x, where used, gives the links
// (x, a) ~ (x, f(a)); runexp uses it only for an involution f, where it is a
// perfect matching of the supernode.
//
// Diameter 3, Paley supernode (Bundlefly; PolarStar with supernode =
// "paley"): G has diameter 2, H = Paley(q') and f(a) = xi*a with xi a
// primitive element of F_q', a non-square. Then f and f^-1 map the links of
// H onto its non-links: for a != b exactly one of a ~ b and f(a) ~ f(b)
// holds. Write f' for the map a link of G applies in the direction it is
// traversed (f from x to y > x, f^-1 back). A router (x, a) reaches
//
//   - (x, b), a and b not linked: (x, a), (z, f'(a)), (z, f'(b)), (x, b)
//     for any neighbour z of x;
//   - (y, b), y ~ x, b != f'(a): (x, a), (y, f'(a)), (y, b) if f'(a) ~ b,
//     else (x, a), (x, f'^-1(b)), (y, b), as a - f'^-1(b) = f'^-1(f'(a) - b);
//   - (y, b), y !~ x: the walk x, z, y through a common neighbour z takes a
//     to g(a), g = f''f' in {1, xi^2, xi^-2}; for b != g(a) one supernode
//     link at the end (g(a) ~ b) or in the middle (f'(a) ~ f''^-1(b), as
//     f'(a) - f''^-1(b) = f''^-1(g(a) - b)) completes a path of 3 hops.
//
// No loops of G are needed. IQ supernode (PolarStar with supernode = "iq"):
// f is an involution and H has property R* (for a != b: a ~ b, b = f(a) or
// f(a) ~ f(b)). In ER_q with its loops at the q+1 quadrics any two points x,
// y (equal or not) are joined by walks of length exactly 2 (through their
// common orthogonal point) and exactly 3, and a walk of length l takes
// (x, a) to (y, f^l(a)). So (x, a) reaches (y, a) in 2 hops, (y, f(a)) in at
// most 3 (a walk of length 1 or 3) and any other (y, b) in 3: the 2-walk x,
// z, y with a supernode link at its start (a ~ b) or in its middle (f(a) ~
// f(b)).

// starProductDiameter is the diameter of both families, used for p.
const starProductDiameter = 3

// maxSupernodeDegree bounds the supernode degree d' so that supernode sizes
// fit in an int32 (IQ: 2d'+2; Paley: q' = 2d'+1 <= maxPaleyQ).
const maxSupernodeDegree = (math.MaxInt32 - 2) / 2

// Supernode kinds of PolarStar.
const (
	supernodeIQ    = "iq"
	supernodePaley = "paley"
)

// starStructure is the structure graph of a star product: n vertices, the
// links U < V, the vertices carrying a self-loop (used with an involutive f
// only), and dim coordinates per vertex.
type starStructure struct {
	n      int
	links  []graph.Edge
	loops  []int32
	coords []int32
	dim    int
}

// starSupernode is the supernode graph of a star product: n vertices, the
// links U < V and the bijection f (f[a] is the image of vertex a).
type starSupernode struct {
	n     int
	links []graph.Edge
	f     []int32
}

// starConc reads p: an integer >= 1, "balanced" = ceil(k'/3) or "floor" =
// floor(k'/3) for network radix kNet.
func starConc(fam string, v Values, kNet int64) (int64, error) {
	p, choice, err := intOrChoice(fam, v, "p")
	if err != nil {
		return 0, err
	}
	switch choice {
	case "":
		return p, checkRange(fam, "p", p, 1, maxConc)
	case "balanced":
		return (kNet + starProductDiameter - 1) / starProductDiameter, nil
	case "floor":
		return max(1, kNet/starProductDiameter), nil
	}
	return 0, paramErr(fam, "p", "want an integer or one of \"balanced\", \"floor\", got %q", choice)
}

// starPDoc documents p of both families.
const starPDoc = "endpoints per router: an integer >= 1, \"balanced\" = ceil(k'/3) (k'/D for diameter D = 3, as for bdf) " +
	"or \"floor\" = floor(k'/3) (the authors' PolarStar generators' k'/3 rounded down), k' the network radix"

// starSize returns the sizes of a star product with the given routers,
// links and network radix and p endpoints per router; param names the
// parameter blamed, and what the instance, when routers or links overflowed
// (s.ok false).
func starSize(fam, param, what string, s sizer, routers, links, kNet, p int64) (Size, error) {
	if !s.ok {
		return Size{}, paramErr(fam, param, "the router or link count of %s overflows int64", what)
	}
	sz := Size{Routers: routers, Links: links, NetworkRadix: kNet}
	sz.Endpoints = s.mul(p, routers)
	sz.Radix = s.add(kNet, p)
	if !s.ok {
		return Size{}, paramErr(fam, "p", "p = %d endpoints per router on %d routers overflows int64", p, routers)
	}
	return sz, nil
}

// validIQDegree reports whether an Inductive-Quad graph IQ(d) exists: d >= 3
// and d mod 4 in {0, 3}.
func validIQDegree(d int64) bool { return d >= 3 && (d%4 == 0 || d%4 == 3) }

// validPaleyDegree reports whether a Paley graph of degree d exists: q' =
// 2d+1 a prime power with q' mod 4 = 1 (d even, d >= 2).
func validPaleyDegree(d int64) bool { return d <= maxSupernodeDegree && validPaleyQ(2*d+1) }

// iqQuad adds the 8-vertex 3-regular quad Q of the Inductive-Quad
// construction at vertex offset off to links and sets f on it: vertices
// off+i and off+i+4 (i = 0..3) are f-twins; off ~ off+i and off+4 ~ off+i
// for i = 1, 2, 3; and for y = 1, 2, 3 with w = y mod 3 + 1, off+y ~
// off+4+w and off+4+y ~ off+4+w.
func iqQuad(links []graph.Edge, f []int32, off int32) []graph.Edge {
	add := func(a, b int32) { links = append(links, graph.Edge{U: off + min(a, b), V: off + max(a, b)}) }
	for i := int32(1); i <= 3; i++ {
		add(0, i)
		add(4, i)
	}
	for y := int32(1); y <= 3; y++ {
		w := y%3 + 1
		add(y, 4+w)
		add(4+y, 4+w)
	}
	for i := int32(0); i < 4; i++ {
		f[off+i], f[off+i+4] = off+i+4, off+i
	}
	return links
}

// iqGraph returns the Inductive-Quad graph IQ(d) of PolarStar (d >= 3, d mod
// 4 in {0, 3}) with its involution f, as the first author's generator in SST
// Merlin builds it (sstsimulator/sst-elements, merlin/topology/
// pymerlin-topo-polarstar.py, class IQ): 2d+2 vertices, d-regular,
// d(d+1) links. It starts from IQ(0) (two isolated f-twins 0 and 1, A = {0})
// for d mod 4 = 0 or from the quad Q (A = {0, 1, 2, 3}) for d mod 4 = 3, and
// while the degree is below d adds a copy of Q at offset n (the current
// vertex count): its vertices n+i and n+i+4 (i = 0, 1) are linked to every
// vertex of A, those of i = 2, 3 to every vertex of f(A); then A gains n..n+3
// and the degree grows by 4 (the old vertices gain 4 links, the new ones have
// 3 + |A| = 3 + (d_old + 1)). f is a fixed-point-free involution, a and f(a)
// are never linked, and IQ(d) has property R* with respect to f (checked by
// the tests for every d <= 64).
func iqGraph(d int) starSupernode {
	n := 2*d + 2
	sn := starSupernode{n: n, f: make([]int32, n), links: make([]graph.Edge, 0, d*(d+1))}
	var a, fa []int32
	cur, size := 0, int32(0)
	if d%4 == 0 {
		sn.f[0], sn.f[1] = 1, 0
		a, fa, size = []int32{0}, []int32{1}, 2
	} else {
		sn.links = iqQuad(sn.links, sn.f, 0)
		a, fa, cur, size = []int32{0, 1, 2, 3}, []int32{4, 5, 6, 7}, 3, 8
	}
	for ; cur < d; cur, size = cur+4, size+8 {
		sn.links = iqQuad(sn.links, sn.f, size)
		for i := int32(0); i < 4; i++ {
			to := a
			if i >= 2 {
				to = fa
			}
			for _, v := range to {
				sn.links = append(sn.links, graph.Edge{U: v, V: size + i}, graph.Edge{U: v, V: size + i + 4})
			}
		}
		for i := int32(0); i < 4; i++ {
			a, fa = append(a, size+i), append(fa, size+i+4)
		}
	}
	return sn
}

// paleySupernode returns Paley(q) (q a prime power, q mod 4 = 1) on the
// field elements in package gf's encoding with f(a) = xi*a, xi the field's
// primitive element: f maps the links of Paley(q) (square differences) onto
// its non-links (property R1: the links of H and of f(H) make up the
// complete graph).
func paleySupernode(q int) (starSupernode, error) {
	fld, err := gf.New(q)
	if err != nil {
		return starSupernode{}, err
	}
	isSq := make([]bool, q)
	for x := 1; x < q; x++ {
		isSq[fld.Mul(x, x)] = true
	}
	sn := starSupernode{n: q, f: make([]int32, q), links: make([]graph.Edge, 0, q*(q-1)/4)}
	xi := fld.Primitive()
	for a := 0; a < q; a++ {
		sn.f[a] = int32(fld.Mul(xi, a))
		for b := a + 1; b < q; b++ {
			if isSq[fld.Sub(b, a)] {
				sn.links = append(sn.links, graph.Edge{U: int32(a), V: int32(b)})
			}
		}
	}
	return sn, nil
}

// buildStarProduct builds the star product of st and sn (see the comment at
// the top of this file): router id = x*sn.n + a, Group = x, Coords = the
// structure vertex's coordinates followed by a. Loops of st are used only
// when loops is true (f an involution). It checks the link count against
// sz.Links.
func buildStarProduct(ctx context.Context, name string, st starStructure, sn starSupernode, loops bool, p int64, sz Size) (*Topology, error) {
	n, m := st.n, sn.n
	edges := make(edgeList, 0, sz.Links)
	stp := newStopper(ctx)
	for x := 0; x < n; x++ {
		if stp.stop(len(edges)) {
			return nil, ctx.Err()
		}
		base := x * m
		for _, e := range sn.links {
			edges.add(base+int(e.U), base+int(e.V))
		}
	}
	for _, e := range st.links {
		if stp.stop(len(edges)) {
			return nil, ctx.Err()
		}
		bx, by := int(e.U)*m, int(e.V)*m
		for a := 0; a < m; a++ {
			edges.add(bx+a, by+int(sn.f[a]))
		}
	}
	if loops {
		for _, x := range st.loops {
			base := int(x) * m
			for a := 0; a < m; a++ {
				if fa := int(sn.f[a]); a < fa {
					edges.add(base+a, base+fa)
				}
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	routers := n * m
	t, err := newTopology(ctx, name, routers, edges, p)
	if err != nil {
		return nil, err
	}
	dim := st.dim + 1
	t.CoordDim = dim
	t.Coords = make([]int32, dim*routers)
	t.Group = make([]int32, routers)
	for r := 0; r < routers; r++ {
		x, a := r/m, r%m
		t.Group[r] = int32(x)
		c := t.Coords[dim*r : dim*r+dim]
		copy(c, st.coords[st.dim*x:st.dim*x+st.dim])
		c[st.dim] = int32(a)
	}
	return t, nil
}

// polarStarParams are the resolved parameters of a PolarStar: ER_q order q,
// supernode kind and degree d, network radix kNet.
type polarStarParams struct {
	q, d, kNet, p, radix int64
	supernode            string
}

// polarStar returns the PolarStar family.
func polarStar() *Family {
	const name = "polarstar"
	parse := func(v Values) (polarStarParams, error) {
		var t polarStarParams
		var err error
		if t.q, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		if err := projCheckOrder(name, "q", t.q, 0); err != nil {
			return t, err
		}
		t.supernode = v.Str("supernode")
		if t.d, err = intParam(name, v, "supernode_degree", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		switch t.supernode {
		case supernodeIQ:
			if err := checkRange(name, "supernode_degree", t.d, 3, maxSupernodeDegree); err != nil {
				return t, err
			}
			if !validIQDegree(t.d) {
				return t, primePowerError(name, "supernode_degree", t.d,
					"a valid Inductive-Quad degree (supernode = \"iq\" needs supernode_degree >= 3 with supernode_degree mod 4 = 0 or 3)", validIQDegree)
			}
		case supernodePaley:
			if err := checkRange(name, "supernode_degree", t.d, 2, maxSupernodeDegree); err != nil {
				return t, err
			}
			if !validPaleyDegree(t.d) {
				return t, primePowerError(name, "supernode_degree", t.d,
					fmt.Sprintf("a valid Paley degree (supernode = \"paley\" needs q' = 2*supernode_degree+1 a prime power with q' mod 4 = 1; here q' = %d)", 2*t.d+1),
					validPaleyDegree)
			}
		default:
			return t, paramErr(name, "supernode", "want one of %q, %q, got %q", supernodeIQ, supernodePaley, t.supernode)
		}
		t.kNet = t.q + 1 + t.d
		if t.p, err = starConc(name, v, t.kNet); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.kNet, t.radix)
	}
	size := func(t polarStarParams) (Size, error) {
		s := sizer{ok: true}
		points := t.q*t.q + t.q + 1 // q <= 2^20: no overflow
		var routers, links int64
		if t.supernode == supernodeIQ {
			routers = s.mul(points, 2*t.d+2)
			links = s.mul(s.mul(points, t.d+1), t.kNet)
		} else {
			qp := 2*t.d + 1
			routers = s.mul(points, qp)
			// q(q+1)^2/2 structure links, each a bundle of q' links, and
			// (q^2+q+1) Paley graphs of q'd'/2 links (d' even).
			links = s.add(s.mul(qp, t.q*(t.q+1)/2*(t.q+1)), s.mul(routers, t.d/2))
		}
		return starSize(name, "supernode_degree", fmt.Sprintf("q = %d with supernode_degree = %d", t.q, t.d), s, routers, links, t.kNet, t.p)
	}
	f := &Family{
		Name:    name,
		Summary: "PolarStar: star product of ER_q with an Inductive-Quad or Paley supernode, diameter 3",
		Doc: "PolarStar (Lakhotia, Monroe, Isham, Besta, Blach, Hoefler and Petrini, PolarStar: Expanding " +
			"the Scalability Horizon of Diameter-3 Networks, SPAA 2024, arXiv 2302.07217): the star product " +
			"of the structure graph ER_q (the Erdos-Renyi polarity graph of demi_pn, i.e. PolarFly: the " +
			"q^2+q+1 points of P_2(F_q), q a prime power, P ~ Q iff P.Q = 0) with a supernode graph H of " +
			"degree d' = supernode_degree and a bijection f of its vertices. The routers are the pairs (x, a), " +
			"x a point and a a vertex of H; (x, a) ~ (x, b) for every link a ~ b of H, and (x, a) ~ (y, f(a)) " +
			"for every link x ~ y of ER_q with x < y (point index). supernode = \"iq\": H is the " +
			"Inductive-Quad graph IQ(d') with 2d'+2 vertices (d' >= 3, d' mod 4 = 0 or 3), built as the " +
			"authors' generators build it (from two isolated vertices or an 8-vertex 3-regular quad, adding " +
			"an 8-vertex quad per +4 of degree), and f is its fixed-point-free involution, for which H has " +
			"property R* (for a != b: a ~ b, b = f(a) or f(a) ~ f(b)); the self-loops of the q+1 quadrics " +
			"(self-orthogonal points) of ER_q become the links (x, a) ~ (x, f(a)), so every router has " +
			"k' = q+1+d' links: (q^2+q+1)(2d'+2) routers and (q^2+q+1)(d'+1)(q+1+d') links. supernode = " +
			"\"paley\": H is Paley(q') with q' = 2d'+1 a prime power, q' mod 4 = 1 (d' = 2, 4, 6, 8, 12, 14, " +
			"...), and f(a) = xi*a for the primitive element xi of F_q', which maps H onto its complement " +
			"(property R1); f is not an involution, so the quadrics' self-loops are dropped (the diameter " +
			"stays 3) and the routers of the q+1 quadric supernodes have q+d' links, the others k' = q+1+d': " +
			"(q^2+q+1)q' routers and q'(q(q+1)^2/2 + (q^2+q+1)d'/2) links. The authors' generators instead " +
			"fill some of those spare ports with a partial matching a ~ xi*a that depends on the element " +
			"order; runexp leaves them unused. The diameter is 3 in both cases (the package tests verify it " +
			"with the builder). Each router has p endpoints; p = \"balanced\" is ceil(k'/3), \"floor\" is " +
			"floor(k'/3), the authors' generators' choice. Router id = x*|H| + a (x the point index of " +
			"ProjectivePlane, a the IQ vertex or the field element in package gf's encoding); Group = x, the " +
			"supernode; Coords = (x0, x1, x2, a), the point's canonical homogeneous coordinates and a.",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order of the ER_q structure graph (projective plane over F_q): a prime power (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, ...)"},
			{Name: "supernode", Kind: String, Default: supernodeIQ, Choices: []string{supernodeIQ, supernodePaley},
				Doc: "supernode graph: \"iq\" = Inductive-Quad IQ(d') (2d'+2 routers, property R*) or \"paley\" = Paley(2d'+1) (property R1)"},
			{Name: "supernode_degree", Kind: Int, Doc: "degree d' of the supernode graph (its links per router): for \"iq\" d' >= 3 with d' mod 4 = 0 or 3 " +
				"(3, 4, 7, 8, 11, 12, ...); for \"paley\" 2d'+1 must be a prime power = 1 mod 4 (2, 4, 6, 8, 12, 14, 18, 20, 24, ...)"},
			paramP("balanced", []string{"balanced", "floor"}, starPDoc),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[polarStarParams]{
		parse:   parse,
		resolve: func(t polarStarParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t polarStarParams, sz Size) (*Topology, error) {
			st, err := erStructure(ctx, int(t.q))
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("family %s: %w", name, err)
			}
			var sn starSupernode
			if t.supernode == supernodeIQ {
				sn = iqGraph(int(t.d))
			} else if sn, err = paleySupernode(int(2*t.d + 1)); err != nil {
				return nil, fmt.Errorf("family %s: %w", name, err)
			}
			return buildStarProduct(ctx, name, st, sn, t.supernode == supernodeIQ, t.p, sz)
		},
	}.wire(f)
}

// erStructure returns ER_q as a star-product structure graph: the points of
// P_2(F_q) (ProjectivePlane), P ~ Q iff P.Q = 0 and P != Q, loops at the q+1
// absolute points (quadrics), Coords = the canonical homogeneous
// coordinates.
func erStructure(ctx context.Context, q int) (starStructure, error) {
	pp, err := NewProjectivePlane(q)
	if err != nil {
		return starStructure{}, err
	}
	n := pp.Points()
	st := starStructure{n: n, dim: 3, coords: make([]int32, 3*n), links: make([]graph.Edge, 0, q*(q+1)*(q+1)/2)}
	nb := make([]int32, 0, q+1)
	stp := newStopper(ctx)
	for i := 0; i < n; i++ {
		if stp.stop(len(st.links)) {
			return st, ctx.Err()
		}
		nb = pp.Orthogonal(i, nb[:0])
		for _, j := range nb {
			if int(j) > i {
				st.links = append(st.links, graph.Edge{U: int32(i), V: j})
			}
		}
		if pp.Absolute(i) {
			st.loops = append(st.loops, int32(i))
		}
		pt := pp.Point(i)
		st.coords[3*i], st.coords[3*i+1], st.coords[3*i+2] = int32(pt[0]), int32(pt[1]), int32(pt[2])
	}
	return st, nil
}

// bundleflyParams are the resolved parameters of a Bundlefly: MMS order q
// (q = 4w + delta), Paley order qp, network radix kNet.
type bundleflyParams struct {
	q, delta, qp, kNet, p, radix int64
}

// bundlefly returns the Bundlefly family.
func bundlefly() *Family {
	const name = "bundlefly"
	parse := func(v Values) (bundleflyParams, error) {
		var t bundleflyParams
		var err error
		if t.q, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		var ok bool
		if t.delta, _, ok = SlimFlyDelta(t.q); !ok || t.q > maxSlimFlyQ {
			return t, slimFlyQError(name, t.q)
		}
		if t.qp, err = intParam(name, v, "paley_q", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		if err := checkRange(name, "paley_q", t.qp, 5, maxPaleyQ); err != nil {
			return t, err
		}
		if !validPaleyQ(t.qp) {
			return t, primePowerError(name, "paley_q", t.qp, "a prime power with paley_q mod 4 = 1", validPaleyQ)
		}
		t.kNet = (3*t.q-t.delta)/2 + (t.qp-1)/2
		if t.p, err = starConc(name, v, t.kNet); err != nil {
			return t, err
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.kNet, t.radix)
	}
	size := func(t bundleflyParams) (Size, error) {
		s := sizer{ok: true}
		qq := t.q * t.q // q <= 2^20
		routers := s.mul(2*qq, t.qp)
		links := s.mul(s.mul(qq, t.qp), t.kNet) // routers*k'/2, routers even
		return starSize(name, "paley_q", fmt.Sprintf("q = %d with paley_q = %d", t.q, t.qp), s, routers, links, t.kNet, t.p)
	}
	f := &Family{
		Name:    name,
		Summary: "Bundlefly: star product of the Slim Fly MMS graph with a Paley supernode, diameter 3",
		Doc: "Bundlefly (Lei, Dong, Chen, Iyer, Karanth, Guo, Lombardi and Wang, Bundlefly: A Low-Diameter " +
			"Topology for Multicore Fiber, ICS 2020): the star product of the diameter-2 McKay-Miller-Siran " +
			"graph MMS(q) of slimfly (q = 4w + delta a prime power, delta in {-1, 0, 1}; 2q^2 vertices of " +
			"degree (3q - delta)/2, built by slimfly's code) with the Paley graph Paley(q') (q' = paley_q a " +
			"prime power, q' mod 4 = 1; degree (q'-1)/2) as supernode. The routers are the pairs (x, a), x a " +
			"Slim Fly router and a an element of F_q'; (x, a) ~ (x, b) iff b - a is a nonzero square, and " +
			"(x, a) ~ (y, xi*a) for every MMS link x ~ y with x < y (router id), xi the primitive element of " +
			"F_q': multiplication by xi maps Paley(q') onto its complement, and the star product with such a " +
			"bijection of a diameter-2 graph has diameter 3 (the package tests verify it with the builder). " +
			"Every MMS link becomes a bundle of q' parallel links between two supernodes (one multicore fiber " +
			"in the paper). That gives 2q^2 q' routers of network radix k' = (3q - delta)/2 + (q'-1)/2 and " +
			"q^2 q' k' links (radix-25 configurations: q = 7 with q' = 13, 1,274 routers of k' = 17 and p = 8, " +
			"10,192 endpoints; q = 7 with q' = 17, 1,666 routers of k' = 19 and p = 6, 9,996 endpoints). Each " +
			"router has p endpoints; p = \"balanced\" is ceil(k'/3), \"floor\" is floor(k'/3). Router id = " +
			"x*q' + a with x = s*q^2 + u*q + v the Slim Fly router id and a the field element in package " +
			"gf's encoding; Group = x, the supernode; Coords = (s, u, v, a).",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order of the MMS (Slim Fly) structure graph: a prime power q = 4w + delta, delta in {-1, 0, 1} (3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, ...)"},
			{Name: "paley_q", Kind: Int, Doc: "order q' of the Paley supernode graph (routers per supernode): a prime power with q' mod 4 = 1 (5, 9, 13, 17, 25, 29, 37, 41, 49, ...)"},
			paramP("balanced", []string{"balanced", "floor"}, starPDoc),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[bundleflyParams]{
		parse:   parse,
		resolve: func(t bundleflyParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t bundleflyParams, sz Size) (*Topology, error) {
			q := int(t.q)
			mms, err := buildSlimFly(ctx, q, 1, Size{Links: (3*t.q - t.delta) / 2 * t.q * t.q})
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("family %s: MMS structure graph: %w", name, err)
			}
			g := mms.Graph
			st := starStructure{n: g.N(), dim: mms.CoordDim, coords: mms.Coords, links: make([]graph.Edge, 0, g.Edges())}
			for u := int32(0); int(u) < g.N(); u++ {
				for _, w := range g.Neighbors(u) {
					if w > u {
						st.links = append(st.links, graph.Edge{U: u, V: w})
					}
				}
			}
			sn, err := paleySupernode(int(t.qp))
			if err != nil {
				return nil, fmt.Errorf("family %s: %w", name, err)
			}
			return buildStarProduct(ctx, name, st, sn, false, t.p, sz)
		},
	}.wire(f)
}
