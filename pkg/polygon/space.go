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

// axpy returns a*x + y as a new vector.
func (s *Space) axpy(a int, x, y []int) []int {
	out := make([]int, s.d)
	for i := range out {
		out[i] = s.f.Add(s.f.Mul(a, x[i]), y[i])
	}
	return out
}

// linePoints appends to dst the indices of the q+1 points of the line
// spanned by the independent vectors u and v: v itself and u + t v.
func (s *Space) linePoints(u, v []int, dst []int32) []int32 {
	dst = append(dst, int32(s.Index(v)))
	w := make([]int, s.d)
	for t := 0; t < s.q; t++ {
		for i := range w {
			w[i] = s.f.Add(u[i], s.f.Mul(t, v[i]))
		}
		dst = append(dst, int32(s.Index(w)))
	}
	return dst
}
