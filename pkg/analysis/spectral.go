package analysis

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/runexp/runexp/pkg/graph"
)

// Spectrum holds extremal eigenvalues of a graph's adjacency matrix
// (parallel links counted with their multiplicity).
type Spectrum struct {
	Lambda1 float64 // largest eigenvalue (the degree, for a connected regular graph)
	Lambda2 float64 // second largest (a repeated largest counts twice)
	Min     float64 // smallest eigenvalue (-Lambda1 for a bipartite graph)
	// Exact is set when the whole spectrum was computed (a dense
	// eigendecomposition); otherwise the values are Lanczos estimates.
	Exact bool
}

// Gap returns Lambda1 - Lambda2, the spectral gap.
func (s Spectrum) Gap() float64 { return s.Lambda1 - s.Lambda2 }

// SecondAbs returns the largest absolute value of an eigenvalue other than
// Lambda1: the quantity a Ramanujan graph bounds by 2 sqrt(d - 1).
// For a bipartite graph, whose smallest eigenvalue is -Lambda1, the trivial
// -Lambda1 is skipped as well (Min is then not informative: use Lambda2).
func (s Spectrum) SecondAbs(bipartite bool) float64 {
	if bipartite {
		return math.Abs(s.Lambda2)
	}
	return math.Max(math.Abs(s.Lambda2), math.Abs(s.Min))
}

// DenseSpectrumLimit is the largest graph whose spectrum is computed in
// full (an n x n dense eigendecomposition: about 0.3 s at the limit);
// larger graphs use Lanczos iterations.
const DenseSpectrumLimit = 1200

// lanczosSteps bounds the Lanczos iterations: with full
// reorthogonalization, the extremal Ritz values of a few hundred steps
// agree with the exact eigenvalues to about 1e-9 on the graphs tested
// (spectral_test.go).
const lanczosSteps = 300

// AdjacencySpectrum returns the largest, second largest and smallest
// eigenvalues of g's adjacency matrix: exactly for graphs of at most
// DenseSpectrumLimit vertices, else by the Lanczos method with full
// reorthogonalization from a start vector drawn with seed (the result is
// deterministic). The Lanczos values are accurate (about 1e-9) on
// expanders, the graphs whose gap matters; where the eigenvalues crowd
// near the ends (rings, large tori: gaps below about 1e-3) the extremal
// Ritz values are inner bounds and Lambda2 is not resolved. Lanczos sees
// each distinct eigenvalue once: on a disconnected graph, whose largest
// eigenvalue is repeated, its Lambda2 is the next distinct one.
func AdjacencySpectrum(ctx context.Context, g *graph.Graph, seed uint64) (Spectrum, error) {
	n := g.N()
	if n == 0 {
		return Spectrum{}, fmt.Errorf("analysis: spectrum of an empty graph")
	}
	if n <= DenseSpectrumLimit {
		return denseSpectrum(g)
	}
	return lanczos(ctx, g, seed, lanczosLength(n))
}

// lanczosLength is the number of Lanczos steps on n vertices: lanczosSteps,
// fewer on large graphs so that the m vectors kept for
// reorthogonalization (m n floats) and its m^2 n operations stay bounded
// (about 2 x 10^9 operations: 44 steps on a million vertices).
func lanczosLength(n int) int {
	m := int(math.Sqrt(2e9 / float64(n)))
	return max(2, min(n, lanczosSteps, m))
}

// denseSpectrum computes every eigenvalue.
func denseSpectrum(g *graph.Graph) (Spectrum, error) {
	n := g.N()
	a := mat.NewSymDense(n, nil)
	for v := range n {
		for _, u := range g.Neighbors(int32(v)) {
			a.SetSym(v, int(u), a.At(v, int(u))+0.5) // each link is seen from both ends
		}
	}
	var es mat.EigenSym
	if !es.Factorize(a, false) {
		return Spectrum{}, fmt.Errorf("analysis: eigendecomposition of %d x %d adjacency matrix failed", n, n)
	}
	vals := es.Values(nil) // ascending
	s := Spectrum{Lambda1: vals[n-1], Min: vals[0], Exact: true}
	s.Lambda2 = s.Lambda1
	if n > 1 {
		s.Lambda2 = vals[n-2]
	}
	return s, nil
}

// lanczos runs m Lanczos steps with full reorthogonalization and returns
// the extremal Ritz values.
func lanczos(ctx context.Context, g *graph.Graph, seed uint64, m int) (Spectrum, error) {
	n := g.N()
	rng := rand.New(rand.NewPCG(seed, 0x7370656374726131))
	q := make([][]float64, 0, m+1)
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.Float64() - 0.5
	}
	scale(v, 1/norm(v))
	q = append(q, v)
	alpha := make([]float64, 0, m)
	beta := make([]float64, 0, m)
	w := make([]float64, n)
	for j := 0; j < m; j++ {
		if err := ctx.Err(); err != nil {
			return Spectrum{}, err
		}
		qj := q[j]
		for x := range n {
			s := 0.0
			for _, u := range g.Neighbors(int32(x)) {
				s += qj[u]
			}
			w[x] = s
		}
		a := dot(w, qj)
		alpha = append(alpha, a)
		// Full reorthogonalization, twice (classical Gram-Schmidt twice is
		// as stable as modified Gram-Schmidt).
		for range 2 {
			for _, qi := range q {
				axpy(w, -dot(w, qi), qi)
			}
		}
		b := norm(w)
		if j == m-1 || b < 1e-10 {
			break
		}
		beta = append(beta, b)
		next := make([]float64, n)
		for x := range n {
			next[x] = w[x] / b
		}
		q = append(q, next)
	}
	k := len(alpha)
	t := mat.NewSymDense(k, nil)
	for i := range k {
		t.SetSym(i, i, alpha[i])
		if i+1 < k {
			t.SetSym(i, i+1, beta[i])
		}
	}
	var es mat.EigenSym
	if !es.Factorize(t, false) {
		return Spectrum{}, fmt.Errorf("analysis: Lanczos tridiagonal eigendecomposition failed")
	}
	vals := es.Values(nil)
	slices.Sort(vals)
	s := Spectrum{Lambda1: vals[k-1], Min: vals[0]}
	s.Lambda2 = s.Lambda1
	if k > 1 {
		s.Lambda2 = vals[k-2]
	}
	return s, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }

func scale(a []float64, c float64) {
	for i := range a {
		a[i] *= c
	}
}

func axpy(y []float64, c float64, x []float64) {
	for i := range y {
		y[i] += c * x[i]
	}
}
