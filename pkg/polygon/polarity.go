package polygon

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// Polarity is an incidence-preserving involution of a generalized polygon
// that maps points to lines and lines to points: point p lies on line l if
// and only if Point(l) lies on Line(p), and Point(Line(p)) = p. A point on
// its own image is absolute. A Polarity is immutable and safe for
// concurrent use.
type Polarity struct {
	g      *Polygon
	lineOf []int32 // image of each point
	ptOf   []int32 // image of each line
}

// Line returns the image of point p.
func (pl *Polarity) Line(p int) int { return int(pl.lineOf[p]) }

// Point returns the image of line l.
func (pl *Polarity) Point(l int) int { return int(pl.ptOf[l]) }

// Absolute reports whether point p lies on its image.
func (pl *Polarity) Absolute(p int) bool {
	return slices.Contains(pl.g.PointsOf(pl.Line(p)), int32(p))
}

// Polygon returns the polygon the polarity acts on.
func (pl *Polarity) Polygon() *Polygon { return pl.g }

// oddPowerExponent returns e if q = p^(2e+1) for the prime p, and ok false
// otherwise.
func oddPowerExponent(q, p int) (e int, ok bool) {
	m := 0
	for q > 1 && q%p == 0 {
		q /= p
		m++
	}
	if q != 1 || m%2 == 0 {
		return 0, false
	}
	return (m - 1) / 2, true
}

// SymplecticPolarity returns the Tits polarity of W(q), q = 2^(2e+1):
// line L, with Pluecker coordinates p_ij = x_i y_j + x_j y_i for two of its
// points x, y, maps to the point (p02, p13, p03, p12)^theta, where theta is
// the field automorphism x -> x^(2^e). (In characteristic 2 the lines of
// W(q) are the points of the parabolic quadric p01^2 = p02 p13 + p03 p12,
// whose projection from its nucleus is W(q) again; theta, with theta^2
// composed with the Frobenius map equal to the identity, makes that duality
// an involution.) Its absolute points form a Suzuki-Tits ovoid of q^2+1
// points. It fails unless g is W(q) from Symplectic with q an odd power of 2.
func SymplecticPolarity(g *Polygon) (*Polarity, error) {
	q := g.q
	e, ok := oddPowerExponent(q, 2)
	if g.gon != 4 || !ok {
		return nil, fmt.Errorf("polygon: W(%d) has a polarity only for q an odd power of 2", q)
	}
	f, err := field("W(q) polarity", q)
	if err != nil {
		return nil, err
	}
	sp, _ := NewSpace(f, 4)
	theta := func(x int) int {
		for i := 0; i < e; i++ {
			x = f.Mul(x, x)
		}
		return x
	}
	n := g.points
	pl := &Polarity{g: g, lineOf: make([]int32, n), ptOf: make([]int32, n)}
	for i := range pl.lineOf {
		pl.lineOf[i] = -1
	}
	v := make([]int, 4)
	for l := 0; l < n; l++ {
		ps := g.PointsOf(l)
		x, y := g.Coords(int(ps[0])), g.Coords(int(ps[1]))
		plk := func(i, j int) int { return theta(f.Add(f.Mul(x[i], y[j]), f.Mul(x[j], y[i]))) }
		v[0], v[1], v[2], v[3] = plk(0, 2), plk(1, 3), plk(0, 3), plk(1, 2)
		p := sp.Index(v) // W(q) holds every point of PG(3, q) at its own index
		if p < 0 || pl.lineOf[p] >= 0 {
			return nil, fmt.Errorf("polygon: internal error: W(%d) duality is not a bijection", q)
		}
		pl.ptOf[l], pl.lineOf[p] = int32(p), int32(l)
	}
	if err := pl.check(); err != nil {
		return nil, err
	}
	return pl, nil
}

// check verifies that pl preserves incidence and is an involution: for
// every point p and every point r on Line(p), p lies on Line(r).
func (pl *Polarity) check() error {
	g := pl.g
	for p := 0; p < g.points; p++ {
		for _, r := range g.PointsOf(pl.Line(p)) {
			if !slices.Contains(g.PointsOf(pl.Line(int(r))), int32(p)) {
				return fmt.Errorf("polygon: internal error: the map is not a polarity (point %d, point %d)", p, r)
			}
		}
	}
	return nil
}

// SearchPolarity finds a polarity of g by a backtracking search over
// distance-preserving involutions of its incidence graph that swap points
// and lines. Every vertex keeps the set of images still possible: mapping
// a to b (and b to a) keeps for each other vertex x only the images y with
// d(y, b) = d(x, a) and d(y, a) = d(x, b). The search always extends the
// vertex with the fewest candidates. The automorphism group of a Moufang
// polygon is transitive on flags, so the search fixes the image of point 0
// to its first line (conjugating any polarity with an absolute point by a
// suitable automorphism gives one that does this). The search is
// exhaustive, so an error means g has no polarity. It stores the distance
// matrix and distance classes of the incidence graph, about (4 + (N+1)/2) P^2
// bytes for a generalized N-gon of P points, and is meant for small polygons
// such as H(3), which has 364 points; maxPoints bounds the size it accepts.
func SearchPolarity(ctx context.Context, g *Polygon, maxPoints int) (*Polarity, error) {
	n := g.points
	if n > maxPoints {
		return nil, fmt.Errorf("polygon: polarity search on %d points exceeds the limit %d", n, maxPoints)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, deg, nd := 2*n, g.q+1, g.gon+1
	// Vertices: points 0..n-1, lines n..2n-1.
	nb := func(x, i int) int {
		if x < n {
			return int(g.LinesOf(x)[i]) + n
		}
		return int(g.PointsOf(x - n)[i])
	}
	w := (v + 63) / 64
	dist := make([]uint8, v*v)
	cls := make([]uint64, v*nd*w) // cls[(b*nd+d)*w:]: vertices at distance d from b
	queue := make([]int32, 0, v)
	for s := 0; s < v; s++ {
		row := dist[s*v : s*v+v]
		for i := range row {
			row[i] = 255
		}
		row[s] = 0
		queue = append(queue[:0], int32(s))
		for h := 0; h < len(queue); h++ {
			x := int(queue[h])
			for i := 0; i < deg; i++ {
				if y := nb(x, i); row[y] == 255 {
					row[y] = row[x] + 1
					queue = append(queue, int32(y))
				}
			}
		}
		for y, d := range row {
			if int(d) >= nd {
				return nil, fmt.Errorf("polygon: internal error: incidence graph diameter exceeds %d", g.gon)
			}
			cls[(s*nd+int(d))*w+y/64] |= 1 << (y % 64)
		}
	}
	phi := make([]int32, v)
	for i := range phi {
		phi[i] = -1
	}
	// cand[x*w:]: the images still possible for x (the other side).
	cand := make([]uint64, v*w)
	for x := 0; x < v; x++ {
		lo, hi := n, v
		if x >= n {
			lo, hi = 0, n
		}
		for y := lo; y < hi; y++ {
			cand[x*w+y/64] |= 1 << (y % 64)
		}
	}
	assign := func(a, b int) {
		phi[a], phi[b] = int32(b), int32(a)
		for x := 0; x < v; x++ {
			if phi[x] >= 0 {
				continue
			}
			c := cand[x*w : x*w+w]
			ca := cls[(b*nd+int(dist[x*v+a]))*w:]
			cb := cls[(a*nd+int(dist[x*v+b]))*w:]
			for i := range c {
				c[i] &= ca[i] & cb[i]
			}
			c[a/64] &^= 1 << (a % 64)
			c[b/64] &^= 1 << (b % 64)
		}
	}
	var stack [][]uint64
	steps := 0
	var solve func(depth int) (bool, error)
	solve = func(depth int) (bool, error) {
		if steps++; steps&255 == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		best, bestCnt := -1, 1<<30
		for x := 0; x < v; x++ {
			if phi[x] >= 0 {
				continue
			}
			cnt := 0
			for _, word := range cand[x*w : x*w+w] {
				cnt += bits.OnesCount64(word)
			}
			if cnt < bestCnt {
				best, bestCnt = x, cnt
			}
		}
		if best < 0 {
			return true, nil
		}
		if bestCnt == 0 {
			return false, nil
		}
		if len(stack) <= depth {
			stack = append(stack, make([]uint64, len(cand)))
		}
		saved := stack[depth]
		copy(saved, cand)
		x := best
		for y := 0; y < v; y++ {
			if saved[x*w+y/64]&(1<<(y%64)) == 0 || saved[y*w+x/64]&(1<<(x%64)) == 0 {
				continue
			}
			assign(x, y)
			done, err := solve(depth + 1)
			if err != nil || done {
				return done, err
			}
			phi[x], phi[y] = -1, -1
			copy(cand, saved)
		}
		return false, nil
	}
	assign(0, nb(0, 0))
	done, err := solve(0)
	if err != nil {
		return nil, err
	}
	if !done {
		return nil, fmt.Errorf("polygon: the generalized %d-gon of order %d has no polarity", g.gon, g.q)
	}
	pl := &Polarity{g: g, lineOf: make([]int32, n), ptOf: make([]int32, n)}
	for p := 0; p < n; p++ {
		pl.lineOf[p] = phi[p] - int32(n)
		pl.ptOf[phi[p]-int32(n)] = int32(p)
	}
	if err := pl.check(); err != nil {
		return nil, err
	}
	return pl, nil
}

// SplitCayleyPolarity returns a polarity of H(q) for q an odd power of 3,
// found by SearchPolarity. Only q = 3 (364 points) is within the search's
// reach; H(27) has 14,900,788 points.
func SplitCayleyPolarity(ctx context.Context, g *Polygon) (*Polarity, error) {
	if _, ok := oddPowerExponent(g.q, 3); g.gon != 6 || !ok {
		return nil, fmt.Errorf("polygon: H(%d) has a polarity only for q an odd power of 3", g.q)
	}
	return SearchPolarity(ctx, g, 4096)
}
