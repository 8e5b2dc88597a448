package analysis

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// specGraph builds a graph or fails the test.
func specGraph(t *testing.T, n int, edges []graph.Edge) *graph.Graph {
	t.Helper()
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cycle(n int) []graph.Edge {
	var e []graph.Edge
	for i := range n {
		e = append(e, graph.Edge{U: int32(i), V: int32((i + 1) % n)})
	}
	return e
}

func hypercube(d int) []graph.Edge {
	var e []graph.Edge
	for v := range 1 << d {
		for b := range d {
			if u := v ^ 1<<b; v < u {
				e = append(e, graph.Edge{U: int32(v), V: int32(u)})
			}
		}
	}
	return e
}

func complete(n int) []graph.Edge {
	var e []graph.Edge
	for i := range n {
		for j := i + 1; j < n; j++ {
			e = append(e, graph.Edge{U: int32(i), V: int32(j)})
		}
	}
	return e
}

// petersen is the Petersen graph: spectrum 3, 1 (x5), -2 (x4).
func petersen() []graph.Edge {
	var e []graph.Edge
	for i := range 5 {
		e = append(e, graph.Edge{U: int32(i), V: int32((i + 1) % 5)}, graph.Edge{U: int32(i), V: int32(5 + i)},
			graph.Edge{U: int32(5 + i), V: int32(5 + (i+2)%5)})
	}
	return e
}

// randomRegular draws a d-regular multigraph by the configuration model
// (parallel links and loops allowed: the spectrum is still defined).
func randomRegular(n, d int, seed uint64) []graph.Edge {
	rng := rand.New(rand.NewPCG(seed, 1))
	stubs := make([]int32, 0, n*d)
	for v := range n {
		for range d {
			stubs = append(stubs, int32(v))
		}
	}
	rng.Shuffle(len(stubs), func(i, j int) { stubs[i], stubs[j] = stubs[j], stubs[i] })
	var e []graph.Edge
	for i := 0; i+1 < len(stubs); i += 2 {
		if stubs[i] != stubs[i+1] {
			e = append(e, graph.Edge{U: stubs[i], V: stubs[i+1]})
		}
	}
	return e
}

// TestSpectrumKnown checks the exact spectra of graphs whose eigenvalues
// are known in closed form, by the dense and the Lanczos computation.
func TestSpectrumKnown(t *testing.T) {
	tests := []struct {
		name          string
		n             int
		edges         []graph.Edge
		l1, l2, lmin  float64
		lanczosStable bool // Lanczos sees each distinct eigenvalue once: compare it too
	}{
		{"Petersen", 10, petersen(), 3, 1, -2, true},
		{"hypercube Q5", 32, hypercube(5), 5, 3, -5, true},
		{"hypercube Q10", 1024, hypercube(10), 10, 8, -10, true},
		{"cycle C12", 12, cycle(12), 2, 2 * math.Cos(2*math.Pi/12), -2, true},
		{"K7", 7, complete(7), 6, -1, -1, true},
	}
	for _, tt := range tests {
		g := specGraph(t, tt.n, tt.edges)
		s, err := AdjacencySpectrum(context.Background(), g, 1)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(s.Lambda1-tt.l1) > 1e-9 || math.Abs(s.Lambda2-tt.l2) > 1e-9 || math.Abs(s.Min-tt.lmin) > 1e-9 {
			t.Errorf("%s: %+v, want %g %g %g", tt.name, s, tt.l1, tt.l2, tt.lmin)
		}
		if s.Exact != (tt.n <= DenseSpectrumLimit) {
			t.Errorf("%s: exact = %v", tt.name, s.Exact)
		}
		if !tt.lanczosStable {
			continue
		}
		l, err := lanczos(context.Background(), g, 7, min(tt.n, lanczosSteps))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(l.Lambda1-tt.l1) > 1e-8 || math.Abs(l.Lambda2-tt.l2) > 1e-8 || math.Abs(l.Min-tt.lmin) > 1e-8 {
			t.Errorf("%s: Lanczos %+v, want %g %g %g", tt.name, l, tt.l1, tt.l2, tt.lmin)
		}
	}
}

// TestLanczosSmallGap shows the limit of the Lanczos estimate: on a ring
// of 1,501 routers, whose eigenvalues crowd near 2, 300 steps leave the
// extremal Ritz values inside the spectrum (an inner bound, about 3e-5
// off), and the second largest is not resolved.
func TestLanczosSmallGap(t *testing.T) {
	g := specGraph(t, 1501, cycle(1501))
	s, err := AdjacencySpectrum(context.Background(), g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.Exact || s.Lambda1 > 2 || s.Lambda1 < 2-1e-3 || s.Min < -2 || s.Min > -2+1e-3 {
		t.Errorf("%+v: want Lanczos values inside [-2, 2] within 1e-3 of the ends", s)
	}
}

// TestLanczosMatchesDense compares the Lanczos estimates with the dense
// spectrum on random regular graphs (simple eigenvalues, small gaps), at
// the step count used for a graph of 20,000 vertices.
func TestLanczosMatchesDense(t *testing.T) {
	m := lanczosLength(20000)
	for _, seed := range []uint64{1, 2, 3} {
		g := specGraph(t, 1000, randomRegular(1000, 8, seed))
		d, err := denseSpectrum(g)
		if err != nil {
			t.Fatal(err)
		}
		l, err := lanczos(context.Background(), g, seed, m)
		if err != nil {
			t.Fatal(err)
		}
		// The Ramanujan bound: a random 8-regular graph is nearly
		// Ramanujan, lambda2 close to 2 sqrt(7) = 5.29.
		if d.Lambda2 > 6 || d.Lambda2 < 4.5 {
			t.Errorf("seed %d: dense lambda2 %g, far from 2 sqrt(7)", seed, d.Lambda2)
		}
		if math.Abs(l.Lambda1-d.Lambda1) > 1e-9 || math.Abs(l.Lambda2-d.Lambda2) > 1e-6 || math.Abs(l.Min-d.Min) > 1e-6 {
			t.Errorf("seed %d (%d steps): Lanczos %+v, dense %+v", seed, m, l, d)
		}
	}
	if lanczosLength(1_000_000) != 44 || lanczosLength(5000) != lanczosSteps {
		t.Errorf("steps: %d at 10^6, %d at 5000", lanczosLength(1_000_000), lanczosLength(5000))
	}
}
