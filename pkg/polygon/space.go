package polygon

import (
	"fmt"

	"github.com/runexp/runexp/pkg/gf"
)

// Space is the projective space PG(d-1, q): the one-dimensional subspaces
// (points) of the vector space GF(q)^d. A point is stored as its canonical
// representative, the vector whose first non-zero coordinate is 1, and
// numbered by the position of that coordinate (first position first) and
// then by the remaining coordinates read as a base-q number, most
// significant first. For d = 3 this is the numbering of
// families.ProjectivePlane: (1, x, y) has index x*q + y.
type Space struct {
	f      *gf.Field
	d, q   int
	offset []int // offset[i]: index of the first point whose leading 1 is at position i
	n      int
}

// NewSpace returns PG(d-1, q) for a prime power q and d >= 2.
func NewSpace(f *gf.Field, d int) (*Space, error) {
	if d < 2 {
		return nil, fmt.Errorf("polygon: projective space needs vector dimension >= 2, got %d", d)
	}
	s := &Space{f: f, d: d, q: f.Q(), offset: make([]int, d+1)}
	for i := 0; i < d; i++ {
		cnt := 1
		for j := i + 1; j < d; j++ {
			cnt *= s.q
		}
		s.offset[i+1] = s.offset[i] + cnt
	}
	s.n = s.offset[d]
	return s, nil
}

// Points returns the number of points, (q^d - 1)/(q - 1).
func (s *Space) Points() int { return s.n }

// Dim returns d, the length of the coordinate vectors.
func (s *Space) Dim() int { return s.d }

// Point writes the canonical representative of point i to dst (len d).
func (s *Space) Point(i int, dst []int) {
	lead := 0
	for s.offset[lead+1] <= i {
		lead++
	}
	r := i - s.offset[lead]
	for j := 0; j < lead; j++ {
		dst[j] = 0
	}
	dst[lead] = 1
	for j := s.d - 1; j > lead; j-- {
		dst[j] = r % s.q
		r /= s.q
	}
}

// Index returns the index of the point spanned by the non-zero vector v,
// or -1 if v is zero. v is not modified.
func (s *Space) Index(v []int) int {
	lead := 0
	for lead < s.d && v[lead] == 0 {
		lead++
	}
	if lead == s.d {
		return -1
	}
	inv := s.f.Inv(v[lead])
	r := 0
	for j := lead + 1; j < s.d; j++ {
		r = r*s.q + s.f.Mul(v[j], inv)
	}
	return s.offset[lead] + r
}

// nullSpace returns a basis of the vectors x with rows·x = 0 (each row of
// length d), computed by Gauss-Jordan elimination over the field.
func (s *Space) nullSpace(rows [][]int) [][]int {
	f, d := s.f, s.d
	m := make([][]int, len(rows))
	for i, r := range rows {
		m[i] = append([]int(nil), r...)
	}
	pivotCol := []int{}
	rank := 0
	for c := 0; c < d && rank < len(m); c++ {
		p := -1
		for r := rank; r < len(m); r++ {
			if m[r][c] != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			continue
		}
		m[rank], m[p] = m[p], m[rank]
		inv := f.Inv(m[rank][c])
		for j := c; j < d; j++ {
			m[rank][j] = f.Mul(m[rank][j], inv)
		}
		for r := range m {
			if r == rank || m[r][c] == 0 {
				continue
			}
			k := m[r][c]
			for j := c; j < d; j++ {
				m[r][j] = f.Sub(m[r][j], f.Mul(k, m[rank][j]))
			}
		}
		pivotCol = append(pivotCol, c)
		rank++
	}
	isPivot := make([]bool, d)
	for _, c := range pivotCol {
		isPivot[c] = true
	}
	var basis [][]int
	for free := 0; free < d; free++ {
		if isPivot[free] {
			continue
		}
		v := make([]int, d)
		v[free] = 1
		for r, c := range pivotCol {
			v[c] = f.Neg(m[r][free])
		}
		basis = append(basis, v)
	}
	return basis
}

// axpy sets dst to a*x + y.
func (s *Space) axpy(dst []int, a int, x, y []int) {
	for i := range dst {
		dst[i] = s.f.Add(s.f.Mul(a, x[i]), y[i])
	}
}

// linePoints appends to dst the indices of the q+1 points of the line
// spanned by the independent vectors u and v: v itself and u + t v.
func (s *Space) linePoints(u, v []int, dst []int32) []int32 {
	dst = append(dst, int32(s.Index(v)))
	var buf [16]int
	w := buf[:s.d]
	if s.d > len(buf) {
		w = make([]int, s.d)
	}
	for t := 0; t < s.q; t++ {
		s.axpy(w, t, v, u)
		dst = append(dst, int32(s.Index(w)))
	}
	return dst
}

// lineKey returns a key identifying the line spanned by the independent
// vectors u and v: the reduced row echelon form of the 2 x d matrix [u; v]
// (pivot columns and the other entries, as base-q digits). The caller
// ensures q^(2(d-2)) d^2 fits in a uint64. u and v are not modified; r is
// scratch of length 2d.
func (s *Space) lineKey(u, v []int, r []int) uint64 {
	f, d := s.f, s.d
	r0, r1 := r[:d], r[d:2*d]
	copy(r0, u)
	copy(r1, v)
	c0 := 0
	for r0[c0] == 0 && r1[c0] == 0 {
		c0++
	}
	if r0[c0] == 0 {
		r0, r1 = r1, r0
	}
	inv := f.Inv(r0[c0])
	for j := c0; j < d; j++ {
		r0[j] = f.Mul(r0[j], inv)
	}
	if k := r1[c0]; k != 0 {
		for j := c0; j < d; j++ {
			r1[j] = f.Sub(r1[j], f.Mul(k, r0[j]))
		}
	}
	c1 := c0 + 1
	for r1[c1] == 0 {
		c1++
	}
	inv = f.Inv(r1[c1])
	for j := c1; j < d; j++ {
		r1[j] = f.Mul(r1[j], inv)
	}
	if k := r0[c1]; k != 0 {
		for j := c1; j < d; j++ {
			r0[j] = f.Sub(r0[j], f.Mul(k, r1[j]))
		}
	}
	key := uint64(c0*d + c1)
	q := uint64(s.q)
	for j := 0; j < d; j++ {
		if j != c0 && j != c1 {
			key = key*q*q + uint64(r0[j])*q + uint64(r1[j])
		}
	}
	return key
}
