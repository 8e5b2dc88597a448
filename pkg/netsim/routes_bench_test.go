package netsim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// BenchmarkRoutes builds the all-pairs tables of Slim Flies: q = 19 (722
// routers, degree 28), q = 47 (4,418 routers, degree 70) and, unless
// -short, q = 89 (15,842 routers, degree 133: 0.56 GB of tables).
func BenchmarkRoutes(b *testing.B) {
	for _, q := range []int64{19, 47, 89} {
		b.Run(fmt.Sprintf("sf%d", q), func(b *testing.B) {
			if q == 89 && testing.Short() {
				b.Skip("q = 89 takes 0.56 GB and seconds")
			}
			g := buildFamily(b, "slimfly", families.Values{"q": q}).Graph
			b.ReportAllocs()
			b.ResetTimer()
			var rt *routeTable
			for b.Loop() {
				var err error
				if rt, err = buildRoutes(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(rt.bytes()), "table-bytes")
			b.ReportMetric(float64(rt.bytes())/float64(g.N())/float64(g.N()), "bytes/pair")
		})
	}
}

// BenchmarkMinPort looks up the minimal ports of random router pairs as
// Minimal does (MinPorts, then one of the ports if there are several): on a Slim Fly, where most
// pairs have one minimal port, and on a torus and a fat tree, where most
// have several. ns/op is per lookup.
func BenchmarkMinPort(b *testing.B) {
	for _, c := range []struct {
		name, fam string
		v         families.Values
	}{
		{"sf19", "slimfly", families.Values{"q": int64(19)}},
		{"sf47", "slimfly", families.Values{"q": int64(47)}},
		{"torus-16^3", "torus", families.Values{"k": int64(16), "n": int64(3)}},
		{"fattree-p12-3", "fattree", families.Values{"p": int64(12), "levels": int64(3)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			n := newNet(b, c.fam, c.v)
			R := int32(n.Routers())
			rng := rand.New(rand.NewPCG(1, 2))
			const pairs = 1 << 20
			rd := make([]int32, 2*pairs)
			for i := 0; i < pairs; i++ {
				r := rng.Int32N(R)
				d := rng.Int32N(R - 1)
				if d >= r {
					d++
				}
				rd[2*i], rd[2*i+1] = r, d
			}
			var sink int32
			i := 0
			for b.Loop() {
				j := 2 * (i & (pairs - 1))
				r, d := rd[j], rd[j+1]
				p := 0
				if k := n.MinPorts(r, d); k > 1 {
					p = i % k
				}
				sink += n.MinPort(r, d, p)
				i++
			}
			if sink == -1 {
				b.Log(sink)
			}
		})
	}
}

// BenchmarkRoutingComputation is Fig. 17 of Koibuchi et al., Layout-conscious
// Random Topologies for HPC Off-chip Interconnects (HPCA 2013): the time to
// compute the routes of the topology-agnostic deadlock-free routing of
// their simulations (adaptive minimal routes with up*/down* escape paths,
// netsim's "duato-updown") on RING-log2(N), for N = 2^10 to 2^14 switches
// (the paper: under 82 s single-threaded at 16K switches, with Dijkstra's
// algorithm on a 3.47 GHz Xeon X5690). One op builds the network, its
// all-pairs minimal tables (bit-parallel BFS) and the up*/down* tables.
// Run with -cpu 1 for one thread; N = 2^14 takes about 2 GB and is skipped
// with -short.
func BenchmarkRoutingComputation(b *testing.B) {
	for n := int64(10); n <= 14; n++ {
		b.Run(fmt.Sprintf("ring%d-%d", n, 1<<n), func(b *testing.B) {
			if n == 14 && testing.Short() {
				b.Skip("2^14 switches take about 2 GB")
			}
			top := buildFamily(b, "ring_random", families.Values{"routers": int64(1) << n, "degree": n})
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				net, err := NewNetwork(top, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := NewRouting(net, "duato-updown"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
