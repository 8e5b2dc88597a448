package partition

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

var benchCases = []struct {
	name string
	fam  string
	v    families.Values
	conc bool
}{
	{"slimfly-q19", "slimfly", families.Values{"q": int64(19)}, true},
	{"slimfly-q49", "slimfly", families.Values{"q": int64(49)}, true},
	{"dragonfly-p7", "dragonfly", families.Values{"p": int64(7)}, true},
	{"fattree-p22", "fattree", families.Values{"p": int64(22), "levels": int64(3)}, true},
	{"torus-22^3", "torus", families.Values{"k": int64(22), "n": int64(3)}, false},
	{"hypercube-13", "hypercube", families.Values{"n": int64(13)}, false},
}

// BenchmarkBisect bisects paper-scale topologies with the default options
// (weights = endpoints per router where the topology has them) and reports
// the cut found.
func BenchmarkBisect(b *testing.B) {
	for _, c := range benchCases {
		top := buildTop(b, c.fam, c.v)
		var w []int32
		if c.conc {
			w = top.Conc
		}
		b.Run(c.name, func(b *testing.B) {
			var cut int64
			for b.Loop() {
				r, err := Bisect(context.Background(), top.Graph, w, Options{})
				if err != nil {
					b.Fatal(err)
				}
				cut = r.Cut
			}
			b.ReportMetric(float64(cut), "cut")
		})
	}
}

// BenchmarkContract measures one heavy-edge matching and contraction of
// the Slim Fly q = 49 (4,802 routers, 175,273 links).
func BenchmarkContract(b *testing.B) {
	top := buildTop(b, "slimfly", families.Values{"q": int64(49)})
	base := fromGraph(nil, top.Graph, top.Conc)
	ws := newWork(int(base.n()), defaultConfig())
	rng := rand.New(rand.NewPCG(1, 2))
	maxvw := 3 * base.total / 200
	for b.Loop() {
		ws.contract(base, rng, maxvw)
	}
}

// BenchmarkRefine measures balancing plus FM passes on the finest level of
// the Slim Fly q = 49, from a random bisection.
func BenchmarkRefine(b *testing.B) {
	top := buildTop(b, "slimfly", families.Values{"q": int64(49)})
	base := fromGraph(nil, top.Graph, top.Conc)
	ws := newWork(int(base.n()), defaultConfig())
	rng := rand.New(rand.NewPCG(1, 2))
	side := ws.sides[0][:base.n()]
	tol := Tolerance(base.total, base.maxvw, 0)
	var cut int64
	for b.Loop() {
		for v := range side {
			side[v] = uint8(rng.IntN(2))
		}
		st := &state{g: base, side: side, tol: tol}
		ws.degrees(st)
		if err := ws.refine(context.Background(), st); err != nil {
			b.Fatal(err)
		}
		cut = st.cut
	}
	b.ReportMetric(float64(cut), "cut")
}
