package netsim

import (
	"fmt"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// BenchmarkRoutingTables measures the routing computation of the layout
// paper's Fig. 17 (Koibuchi et al., HPCA 2013, section VI: the path
// calculation time of RING-log2 N against N, single-threaded, under 82 s
// at 16K switches with a priority-queue Dijkstra): the tables netsim builds
// before a simulation of duato-updown on RING-log2 N with 2^6 to 2^14
// switches. "routes" is Network.Routes, the all-pairs distances and the
// minimal next-hop sets of the adaptive VCs (a breadth-first search per
// router); "updown" is NewUpDownTree after it, the up*/down* levels and
// shortest legal distances of the escape VCs (a search per destination
// over the states (router, phase)). Run with -cpu 1 for the paper's single
// thread (both share destinations among GOMAXPROCS goroutines otherwise):
//
//	go test ./pkg/netsim -run '^$' -bench RoutingTables -cpu 1 -benchtime 1x
//
// The times are measurements of this machine, so they are reported (in
// docs/experiments.md), not cached as results.
func BenchmarkRoutingTables(b *testing.B) {
	for k := 6; k <= 14; k++ {
		top := buildFamily(b, "ring_random", families.Values{"routers": int64(1) << k, "degree": int64(k), "p": int64(1), "seed": int64(1)})
		b.Run(fmt.Sprintf("N=%d/routes", 1<<k), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				net, err := NewNetwork(top, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := net.Routes(); err != nil {
					b.Fatal(err)
				}
			}
		})
		net, err := NewNetwork(top, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := net.Routes(); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("N=%d/updown", 1<<k), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewUpDownTree(net, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
