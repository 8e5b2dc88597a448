// Package polygon constructs the classical finite generalized polygons of
// order (q, q) used as network topologies by Camarero, Martinez, Vallejo
// and Beivide (Projective Networks, section 4.3): the symplectic
// generalized quadrangle W(q) and the split Cayley generalized hexagon
// H(q), for every prime power q, and their polarities, which exist for
// W(q) when q is an odd power of 2 and for H(q) when q is an odd power of 3.
//
// A generalized n-gon of order (q, q) has q+1 points on every line and q+1
// lines through every point, and its point-line incidence graph is
// bipartite with diameter n and girth 2n. The incidence graph is the
// "incidence graph of generalized quadrangles/hexagons" of the paper's
// Tables 2 and 3; identifying every point with its image under a polarity
// gives Delorme's graph (C. Delorme, Grands graphes de degre et diametre
// donnes, European J. Combin. 6, 1985) of diameter n-1.
package polygon

import (
	"fmt"
	"math"
	"slices"

	"github.com/runexp/runexp/pkg/gf"
)

// Polygon is a generalized polygon of order (q, q) given by its incidence
// relation: points and lines are numbered from 0, every line has q+1 points
// and every point lies on q+1 lines. A Polygon is immutable and safe for
// concurrent use.
type Polygon struct {
	gon, q     int
	points     int
	pointLines []int32 // (q+1) lines per point, ascending
	linePoints []int32 // (q+1) points per line, ascending
	dim        int
	coords     []int // canonical homogeneous coordinates, dim per point
}

// N returns n for a generalized n-gon (4: quadrangle, 6: hexagon).
func (g *Polygon) N() int { return g.gon }

// Order returns q.
func (g *Polygon) Order() int { return g.q }

// Points returns the number of points, which equals the number of lines.
func (g *Polygon) Points() int { return g.points }

// LinesOf returns the q+1 lines through point p, ascending. The slice must
// not be modified.
func (g *Polygon) LinesOf(p int) []int32 {
	k := g.q + 1
	return g.pointLines[p*k : p*k+k]
}

// PointsOf returns the q+1 points of line l, ascending. The slice must not
// be modified.
func (g *Polygon) PointsOf(l int) []int32 {
	k := g.q + 1
	return g.linePoints[l*k : l*k+k]
}

// Coords returns the homogeneous coordinates of point p (first non-zero
// coordinate 1): 4 for W(q) in PG(3, q), 7 for H(q) on the quadric Q(6, q).
// The slice must not be modified.
func (g *Polygon) Coords(p int) []int { return g.coords[p*g.dim : p*g.dim+g.dim] }

// pointCount returns 1 + q + ... + q^(n-1), the number of points of a
// generalized n-gon of order (q, q) for n = 4 and 6 ((1+q)(1+q^2) and
// (1+q)(1+q^2+q^4)).
func pointCount(q, n int) int {
	s, pw := 1, 1
	for i := 1; i < n; i++ {
		pw *= q
		s += pw
	}
	return s
}

// MaxPoints bounds the number of points of the polygons this package
// builds: W(q) up to q = 157, H(q) up to q = 19.
const MaxPoints = 1 << 22

// build collects the lines of a polygon whose points are the given points
// of sp (idx maps a space index to the polygon's point number, -1 outside)
// and whose lines through each point P span, together with P, the vector
// subspace plane(P) of dimension 3.
func build(sp *Space, gon int, pts []int, idx []int32, plane func(p []int) [][]int) (*Polygon, error) {
	q := sp.q
	n := len(pts)
	if n != pointCount(q, gon) {
		return nil, fmt.Errorf("polygon: internal error: %d points, want %d", n, pointCount(q, gon))
	}
	if math.Pow(float64(q), float64(2*(sp.d-2)))*float64(sp.d*sp.d) >= 1<<63 {
		return nil, fmt.Errorf("polygon: order %d is too large for line keys in PG(%d, q)", q, sp.d-1)
	}
	k := q + 1
	g := &Polygon{gon: gon, q: q, points: n, dim: sp.d, coords: make([]int, 0, n*sp.d)}
	g.linePoints = make([]int32, 0, n*k)
	lineID := make(map[uint64]int32, n)
	incid := make([]int32, 0, n*k) // lines through each point, in discovery order
	p := make([]int, sp.d)
	buf := make([]int32, 0, k)
	scratch := make([]int, 2*sp.d)
	dirs := make([][]int, k)
	for i := range dirs {
		dirs[i] = make([]int, sp.d)
	}
	for i, si := range pts {
		sp.Point(si, p)
		g.coords = append(g.coords, p...)
		u, v, err := sp.completeBasis(p, plane(p))
		if err != nil {
			return nil, err
		}
		// The lines through P in the plane <P, u, v> are <P, v> and
		// <P, u + t v> for t in F_q.
		copy(dirs[0], v)
		for t := 0; t < q; t++ {
			sp.axpy(dirs[t+1], t, v, u)
		}
		for _, d := range dirs {
			key := sp.lineKey(p, d, scratch)
			id, ok := lineID[key]
			if !ok {
				id = int32(len(lineID))
				lineID[key] = id
				buf = sp.linePoints(d, p, buf[:0])
				for j, s := range buf {
					if idx[s] < 0 {
						return nil, fmt.Errorf("polygon: internal error: line through point %d leaves the point set", i)
					}
					buf[j] = idx[s]
				}
				slices.Sort(buf)
				g.linePoints = append(g.linePoints, buf...)
			}
			incid = append(incid, id)
		}
	}
	if len(lineID) != n {
		return nil, fmt.Errorf("polygon: internal error: %d lines, want %d", len(lineID), n)
	}
	for i := 0; i < n; i++ {
		slices.Sort(incid[i*k : i*k+k])
	}
	g.pointLines = incid
	return g, nil
}

// completeBasis returns u, v such that p, u, v is a basis of the span of
// basis (which must have dimension 3 and contain p).
func (sp *Space) completeBasis(p []int, basis [][]int) (u, v []int, err error) {
	if len(basis) != 3 {
		return nil, nil, fmt.Errorf("polygon: internal error: plane of dimension %d, want 3", len(basis))
	}
	for i := range basis {
		for j := i + 1; j < len(basis); j++ {
			if sp.rank([][]int{p, basis[i], basis[j]}) == 3 {
				return basis[i], basis[j], nil
			}
		}
	}
	return nil, nil, fmt.Errorf("polygon: internal error: plane does not contain the point")
}

// rank returns the rank of the vectors.
func (sp *Space) rank(vs [][]int) int { return sp.d - len(sp.nullSpace(vs)) }

// field returns GF(q) or an error naming what is built.
func field(what string, q int) (*gf.Field, error) {
	f, err := gf.New(q)
	if err != nil {
		return nil, fmt.Errorf("polygon: %s: %w", what, err)
	}
	return f, nil
}

// space returns GF(q) and PG(d-1, q) for the generalized n-gon named what
// ("W" or "H"), after checking that it has at most MaxPoints points.
func space(what string, q, gon, d int) (*gf.Field, *Space, error) {
	f, err := field(what+"(q)", q)
	if err != nil {
		return nil, nil, err
	}
	if pointCount(q, gon) > MaxPoints {
		return nil, nil, fmt.Errorf("polygon: %s(%d) has more than %d points", what, q, MaxPoints)
	}
	sp, err := NewSpace(f, d)
	return f, sp, err
}

// Symplectic returns the symplectic generalized quadrangle W(q): the points
// of PG(3, q) and the lines totally isotropic for the alternating form
// x0 y1 - x1 y0 + x2 y3 - x3 y2. It has (q+1)(q^2+1) points and as many
// lines.
func Symplectic(q int) (*Polygon, error) {
	f, sp, err := space("W", q, 4, 4)
	if err != nil {
		return nil, err
	}
	pts := make([]int, sp.Points())
	idx := make([]int32, sp.Points())
	for i := range pts {
		pts[i], idx[i] = i, int32(i)
	}
	return build(sp, 4, pts, idx, func(p []int) [][]int {
		// P^perp: x with P0 x1 - P1 x0 + P2 x3 - P3 x2 = 0.
		row := []int{f.Neg(p[1]), p[0], f.Neg(p[3]), p[2]}
		return sp.nullSpace([][]int{row})
	})
}

// SplitCayley returns the split Cayley hexagon H(q) (Tits; Van Maldeghem,
// Generalized Polygons, 2.4.13): its points are the points of the
// parabolic quadric Q(6, q): X0 X4 + X1 X5 + X2 X6 = X3^2 in PG(6, q), and
// its lines are the lines of Q(6, q) whose Grassmann coordinates
// p_ij = x_i y_j - x_j y_i satisfy p12 = p34, p54 = p32, p20 = p35,
// p65 = p30, p01 = p36 and p46 = p31. It has (q^6-1)/(q-1) points and as
// many lines. The lines through a point P are found in the solutions y of
// those six equations (linear in y for x = P) that also lie in the tangent
// hyperplane of Q(6, q) at P: a plane through P (in characteristic 2 the
// six equations alone leave a 4-dimensional space). The tests check the
// result: a bipartite incidence graph of diameter 6 and girth 12.
func SplitCayley(q int) (*Polygon, error) {
	f, sp, err := space("H", q, 6, 7)
	if err != nil {
		return nil, err
	}
	idx := make([]int32, sp.Points())
	var pts []int
	x := make([]int, 7)
	for i := range idx {
		sp.Point(i, x)
		idx[i] = -1
		if onQ6(f, x) {
			idx[i] = int32(len(pts))
			pts = append(pts, i)
		}
	}
	// Each condition p_ab - p_cd = 0 is linear in y for fixed x:
	// x_a y_b - x_b y_a - x_c y_d + x_d y_c.
	conds := [6][4]int{{1, 2, 3, 4}, {5, 4, 3, 2}, {2, 0, 3, 5}, {6, 5, 3, 0}, {0, 1, 3, 6}, {4, 6, 3, 1}}
	return build(sp, 6, pts, idx, func(p []int) [][]int {
		rows := make([][]int, len(conds))
		for r, c := range conds {
			row := make([]int, 7)
			a, b, cc, d := c[0], c[1], c[2], c[3]
			row[b] = f.Add(row[b], p[a])
			row[a] = f.Sub(row[a], p[b])
			row[d] = f.Sub(row[d], p[cc])
			row[cc] = f.Add(row[cc], p[d])
			rows[r] = row
		}
		// The tangent hyperplane of Q(6, q) at P: B(P, y) = 0 for the polar
		// form B(x, y) = x0 y4 + x4 y0 + x1 y5 + x5 y1 + x2 y6 + x6 y2 - 2 x3 y3.
		two := f.Add(1, 1)
		rows = append(rows, []int{p[4], p[5], p[6], f.Neg(f.Mul(two, p[3])), p[0], p[1], p[2]})
		return sp.nullSpace(rows)
	})
}

// onQ6 reports whether x lies on X0 X4 + X1 X5 + X2 X6 = X3^2.
func onQ6(f *gf.Field, x []int) bool {
	s := f.Add(f.Add(f.Mul(x[0], x[4]), f.Mul(x[1], x[5])), f.Mul(x[2], x[6]))
	return s == f.Mul(x[3], x[3])
}
