package families

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/gf"
)

// maxProjectiveQ bounds the order q of the projective planes behind the pn,
// demi_pn, oft, spt and sspt families, so that every sizing figure fits in
// int64 (PN: 2(q^2+q+1) routers and about 0.8q^3 endpoints; OFT: about
// 2q^3 endpoints). It equals gf.MaxOrder.
const maxProjectiveQ = gf.MaxOrder

// ProjectivePlane is the projective plane P_2(F_q) over the finite field
// F_q, q a prime power, as Camarero, Martinez, Vallejo and Beivide define it
// (Projective Networks: Topologies for Large Parallel Computer Systems,
// section 3.1). Its q^2 + q + 1 points are the canonical representatives
//
//	(1, x, y) for x, y in F_q   index x*q + y
//	(0, 1, x) for x in F_q      index q^2 + x
//	(0, 0, 1)                   index q^2 + q
//
// with field elements numbered as in package gf. A line is represented by
// the unique point orthogonal to all of its points (its pole under the
// orthogonal polarity), so point P lies on line L iff the scalar product
// P.L is 0; the same index set serves for points and lines. Every point is
// orthogonal to exactly q + 1 points, two distinct points P, Q have the
// unique common orthogonal point P x Q (the vector product), and exactly
// q + 1 points are orthogonal to themselves (the absolute points). A
// ProjectivePlane is immutable and safe for concurrent use.
type ProjectivePlane struct {
	f *gf.Field
	q int
}

// NewProjectivePlane returns P_2(F_q). It fails unless q is a prime power
// with 2 <= q <= gf.MaxOrder.
func NewProjectivePlane(q int) (*ProjectivePlane, error) {
	f, err := gf.New(q)
	if err != nil {
		return nil, fmt.Errorf("projective plane of order %d: %w", q, err)
	}
	return &ProjectivePlane{f: f, q: q}, nil
}

// Order returns q.
func (pp *ProjectivePlane) Order() int { return pp.q }

// Field returns the field F_q.
func (pp *ProjectivePlane) Field() *gf.Field { return pp.f }

// Points returns the number of points (and of lines), q^2 + q + 1.
func (pp *ProjectivePlane) Points() int { return pp.q*pp.q + pp.q + 1 }

// Point returns the canonical homogeneous coordinates of point i, 0 <= i <
// Points().
func (pp *ProjectivePlane) Point(i int) [3]int {
	q := pp.q
	switch {
	case i < q*q:
		return [3]int{1, i / q, i % q}
	case i < q*q+q:
		return [3]int{0, 1, i - q*q}
	}
	return [3]int{0, 0, 1}
}

// Index returns the index of the point with homogeneous coordinates v (any
// non-zero multiple of the canonical representative, coordinates in
// [0, q)), or -1 for the zero vector.
func (pp *ProjectivePlane) Index(v [3]int) int {
	f, q := pp.f, pp.q
	switch {
	case v[0] != 0:
		inv := f.Inv(v[0])
		return f.Mul(v[1], inv)*q + f.Mul(v[2], inv)
	case v[1] != 0:
		return q*q + f.Div(v[2], v[1])
	case v[2] != 0:
		return q*q + q
	}
	return -1
}

// Dot returns the scalar product of points i and j; they are orthogonal
// (point i lies on line j) iff it is 0.
func (pp *ProjectivePlane) Dot(i, j int) int {
	f := pp.f
	a, b := pp.Point(i), pp.Point(j)
	return f.Add(f.Add(f.Mul(a[0], b[0]), f.Mul(a[1], b[1])), f.Mul(a[2], b[2]))
}

// Cross returns the index of the vector product of points i and j: for
// i != j the unique point orthogonal to both (the line through two points,
// the intersection of two lines); -1 for i == j.
func (pp *ProjectivePlane) Cross(i, j int) int {
	f := pp.f
	a, b := pp.Point(i), pp.Point(j)
	det := func(x, y, z, w int) int { return f.Sub(f.Mul(x, y), f.Mul(z, w)) }
	return pp.Index([3]int{
		det(a[1], b[2], a[2], b[1]),
		det(a[2], b[0], a[0], b[2]),
		det(a[0], b[1], a[1], b[0]),
	})
}

// Orthogonal appends to dst the indices of the q + 1 points orthogonal to
// point i (the points of line i, or the lines through point i), in
// ascending order, and returns the extended slice. It runs in O(q) time.
func (pp *ProjectivePlane) Orthogonal(i int, dst []int32) []int32 {
	f, q := pp.f, pp.q
	p := pp.Point(i)
	a, b, c := p[0], p[1], p[2]
	// Points (1, x, y): a + b*x + c*y = 0.
	switch {
	case c != 0:
		// y = alpha + beta*x with alpha = -a/c, beta = -b/c.
		nc := f.Neg(f.Inv(c))
		alpha, beta := f.Mul(a, nc), f.Mul(b, nc)
		for x := 0; x < q; x++ {
			dst = append(dst, int32(x*q+f.Add(alpha, f.Mul(beta, x))))
		}
	case b != 0:
		x := f.Neg(f.Div(a, b))
		for y := 0; y < q; y++ {
			dst = append(dst, int32(x*q+y))
		}
	}
	// Points (0, 1, x): b + c*x = 0.
	switch {
	case c != 0:
		dst = append(dst, int32(q*q+f.Neg(f.Div(b, c))))
	case b == 0:
		for x := 0; x < q; x++ {
			dst = append(dst, int32(q*q+x))
		}
	}
	// Point (0, 0, 1): c = 0.
	if c == 0 {
		dst = append(dst, int32(q*q+q))
	}
	return dst
}

// Absolute reports whether point i is orthogonal to itself (an absolute
// point of the orthogonal polarity; there are q + 1 of them).
func (pp *ProjectivePlane) Absolute(i int) bool { return pp.Dot(i, i) == 0 }

// projNearestPrimePowers returns the nearest prime powers >= lo below and above
// n (0 if none within a bounded search or beyond hi).
func projNearestPrimePowers(n, lo, hi int64) (below, above int64) {
	const span = 1 << 12
	for c := min(n-1, hi); c >= lo && c >= n-span; c-- {
		if _, _, ok := gf.IsPrimePower(int(c)); ok {
			below = c
			break
		}
	}
	for c := max(n+1, lo); c <= hi && c <= n+span; c++ {
		if _, _, ok := gf.IsPrimePower(int(c)); ok {
			above = c
			break
		}
	}
	return below, above
}

// projCheckOrder validates the projective plane order q = value - offset
// given as parameter param (offset 0: param is q itself; offset 1: param is
// k = q + 1). It names the nearest valid values of the parameter.
func projCheckOrder(fam, param string, value, offset int64) error {
	if value < 2+offset {
		return paramErr(fam, param, "%s = %d is too small; nearest valid %s: %d", param, value, param, 2+offset)
	}
	q := value - offset
	if q >= 2 && q <= maxProjectiveQ {
		if _, _, ok := gf.IsPrimePower(int(q)); ok {
			return nil
		}
	}
	what := fmt.Sprintf("%s = %d", param, value)
	if offset != 0 {
		what = fmt.Sprintf("%s = %d: %s-%d = %d", param, value, param, offset, q)
	}
	if q > maxProjectiveQ {
		return paramErr(fam, param, "%s is too large (the plane order must be at most %d)", what, maxProjectiveQ)
	}
	why := "is not a prime power"
	if q < 2 {
		why = "is too small"
	}
	below, above := projNearestPrimePowers(q, 2, maxProjectiveQ)
	var near []string
	for _, c := range []int64{below, above} {
		if c != 0 {
			near = append(near, fmt.Sprint(c+offset))
		}
	}
	order := "q"
	if offset != 0 {
		order = fmt.Sprintf("%s-%d", param, offset)
	}
	return paramErr(fam, param, "%s %s: the construction needs a projective plane P_2(F_q) of prime power order %s >= 2; nearest valid %s: %s",
		what, why, order, param, strings.Join(near, ", "))
}

// pnBalancedP returns the PN concentration Delta/kbar rounded to the
// nearest integer (halves up) and floor(Delta/kbar), where Delta = q + 1 and
// kbar = (5q^2 + 3q + 1)/(2q^2 + 2q + 1) is the exact average distance of
// G_q, so Delta/kbar = (q + 1)(2q^2 + 2q + 1)/(5q^2 + 3q + 1) (equation (1)
// of the projective networks paper with u = 1: G_q is symmetric). q <= 2^20
// keeps the products below 2^62.
func pnBalancedP(q int64) (nearest, floor int64) {
	num := (q + 1) * (2*q*q + 2*q + 1)
	den := 5*q*q + 3*q + 1
	floor = num / den
	nearest = floor
	if 2*(num%den) >= den {
		nearest++
	}
	return nearest, floor
}

type projectiveParams struct {
	q, p, radix int64
}

// parseProjective reads q, p and max_radix of the pn and demi_pn families;
// balanced and floor give the named concentrations for q.
func parseProjective(name string, v Values, choices func(q int64) (balanced, floor int64)) (projectiveParams, error) {
	var t projectiveParams
	var err error
	if t.q, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	if err := projCheckOrder(name, "q", t.q, 0); err != nil {
		return t, err
	}
	p, choice, err := intOrChoice(name, v, "p")
	if err != nil {
		return t, err
	}
	balanced, floor := choices(t.q)
	switch choice {
	case "":
		if err := checkRange(name, "p", p, 1, maxConc); err != nil {
			return t, err
		}
		t.p = p
	case "balanced":
		t.p = balanced
	case "floor":
		t.p = floor
	default:
		return t, paramErr(name, "p", "want an integer or one of \"balanced\", \"floor\", got %q", choice)
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	return t, checkRadix(name, t.p, t.q+1, t.radix)
}

func projectiveFamilies() []*Family { return []*Family{projectiveNetwork(), demiProjectiveNetwork()} }

func projectiveNetwork() *Family {
	const name = "pn"
	size := func(t projectiveParams) (Size, error) {
		s := sizer{ok: true}
		points := t.q*t.q + t.q + 1 // q <= 2^20: no overflow
		sz := Size{
			Routers:      2 * points,
			Endpoints:    s.mul(2*points, t.p),
			Links:        s.mul(points, t.q+1),
			NetworkRadix: t.q + 1,
			Radix:        t.q + 1 + t.p,
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for q = %d, p = %d overflow int64", t.q, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "projective network: incidence graph of the projective plane over F_q, diameter 3",
		Doc: "Projective network PN (Camarero, Martinez, Vallejo and Beivide, Projective Networks: " +
			"Topologies for Large Parallel Computer Systems, section 3.1, Definition 3.2 and Notation " +
			"3.11): the incidence graph G_q of the projective plane P_2(F_q), q a prime power. With the " +
			"q^2+q+1 canonical points (1, x, y), (0, 1, x), (0, 0, 1) of P_2(F_q) (see ProjectivePlane), " +
			"the routers are (s, P) for s in {0, 1} and (0, P) ~ (1, L) iff the scalar product P.L is 0 " +
			"(point P lies on the line with pole L). That gives 2(q^2+q+1) routers, (q+1)-regular, " +
			"bipartite, symmetric, girth 6, diameter 3, with q+1, q^2+q and q^2 routers at distances " +
			"1, 2 and 3 from every router (q = 2 is the Heawood graph). Each router has p endpoints; " +
			"p = \"balanced\" is Delta/kbar = (q+1)(2q^2+2q+1)/(5q^2+3q+1) rounded to the nearest " +
			"integer (equation (1) with u = 1 and the exact average distance; the paper's Table 3 gives " +
			"the limit 2(q+1)/5; PN(31) of Table 5: p = 13, 25,818 endpoints), \"floor\" rounds it down " +
			"(PN(23) of Table 4 uses p = 9 = floor, 9,954 endpoints). Router id = s*(q^2+q+1) + point " +
			"index; Coords = (s, x0, x1, x2), the canonical homogeneous coordinates of P; no groups.",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order of the projective plane: a prime power (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, ...)"},
			paramP("balanced", []string{"balanced", "floor"}, "endpoints per router: an integer >= 1, \"balanced\" = round((q+1)/kbar) or \"floor\" = floor((q+1)/kbar), kbar the average distance"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[projectiveParams]{
		parse:   func(v Values) (projectiveParams, error) { return parseProjective(name, v, pnBalancedP) },
		resolve: func(t projectiveParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t projectiveParams, sz Size) (*Topology, error) {
			return buildProjective(ctx, name, int(t.q), t.p, sz, false)
		},
	}.wire(f)
}

func demiProjectiveNetwork() *Family {
	const name = "demi_pn"
	size := func(t projectiveParams) (Size, error) {
		s := sizer{ok: true}
		points := t.q*t.q + t.q + 1
		sz := Size{
			Routers:      points,
			Endpoints:    s.mul(points, t.p),
			Links:        t.q * (t.q + 1) * (t.q + 1) / 2, // < 2^61 for q <= 2^20
			NetworkRadix: t.q + 1,
			Radix:        t.q + 1 + t.p,
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for q = %d, p = %d overflow int64", t.q, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "demi-projective network, i.e. PolarFly: the Erdos-Renyi polarity graph ER_q, diameter 2",
		Doc: "Demi-projective network demi-PN (Camarero, Martinez, Vallejo and Beivide, Projective " +
			"Networks: Topologies for Large Parallel Computer Systems, section 3.2, Definition 3.6; the " +
			"Brown / Erdos-Renyi-Sos polarity graph): G_q with each point (0, P) identified with the line " +
			"(1, P). The routers are the q^2+q+1 canonical points of P_2(F_q), q a prime power (see " +
			"ProjectivePlane), and P ~ L iff P.L = 0 and P != L (the loops at the q+1 absolute points, " +
			"P.P = 0, are removed). The absolute points have degree q, the others q+1; the diameter is 2 " +
			"and, by Lemma 3.8, every pair of routers has a unique minimal path (no 4-cycles: two " +
			"non-adjacent routers P, Q have the single common neighbour P x Q). Each router has p " +
			"endpoints; p = \"balanced\" is ceil((q+1)/2): the paper's Table 3 gives (q+1)/2, which is " +
			"exactly the load 2|E|u/(N kbar) with u of Theorem 3.10 (demi-PN(27) of Table 4: p = 14, " +
			"10,598 endpoints; demi-PN(37) of Table 5: p = 19, 26,733 endpoints), rounded up for even q " +
			"as Delta*u/kbar = (q^2+q+1)/(2q) > (q+1)/2 suggests; \"floor\" = floor((q+1)/2). Router " +
			"id = point index; Coords = (x0, x1, x2), the canonical homogeneous coordinates; no groups.",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order of the projective plane: a prime power (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, ...)"},
			paramP("balanced", []string{"balanced", "floor"}, "endpoints per router: an integer >= 1, \"balanced\" = ceil((q+1)/2) or \"floor\" = floor((q+1)/2)"),
			paramRadix(),
		},
		Version: 1,
	}
	demiP := func(q int64) (balanced, floor int64) { return (q + 2) / 2, (q + 1) / 2 }
	return pipeline[projectiveParams]{
		parse:   func(v Values) (projectiveParams, error) { return parseProjective(name, v, demiP) },
		resolve: func(t projectiveParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t projectiveParams, sz Size) (*Topology, error) {
			return buildProjective(ctx, name, int(t.q), t.p, sz, true)
		},
	}.wire(f)
}

// buildProjective builds G_q (demi false) or the modified graph (demi true).
func buildProjective(ctx context.Context, name string, q int, p int64, sz Size, demi bool) (*Topology, error) {
	pp, err := NewProjectivePlane(q)
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	n := pp.Points()
	edges := make(edgeList, 0, sz.Links)
	nb := make([]int32, 0, q+1)
	st := newStopper(ctx)
	for i := 0; i < n; i++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		nb = pp.Orthogonal(i, nb[:0])
		for _, j := range nb {
			switch {
			case !demi:
				edges.add(i, n+int(j))
			case int(j) > i:
				edges.add(i, int(j))
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	routers := int(sz.Routers)
	t, err := newTopology(ctx, name, routers, edges, p)
	if err != nil {
		return nil, err
	}
	dim := 3
	if !demi {
		dim = 4
	}
	t.CoordDim = dim
	t.Coords = make([]int32, dim*routers)
	for r := 0; r < routers; r++ {
		c := t.Coords[dim*r : dim*r+dim]
		if !demi {
			c[0] = int32(r / n)
			c = c[1:]
		}
		pt := pp.Point(r % n)
		c[0], c[1], c[2] = int32(pt[0]), int32(pt[1]), int32(pt[2])
	}
	return t, nil
}
