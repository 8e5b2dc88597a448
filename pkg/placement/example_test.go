package placement_test

import (
	"context"
	"fmt"
	"log"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/placement"
)

// Example lays out a RING-8 topology of 256 routers (a ring plus 6 random
// shortcuts per router) as in the layout paper, section IV: routers into
// cabinets of 16 (sequentially and by Walktrap), then cabinets onto the
// paper's floor of serpentine rows (0.6 m wide, 2.1 m deep cabinets), in
// order and by simulated annealing.
func Example() {
	ctx := context.Background()
	fam, _ := families.Default().Lookup("ring_random")
	v, err := fam.Normalize(families.Values{"routers": int64(256), "degree": int64(8)})
	if err != nil {
		log.Fatal(err)
	}
	top, err := fam.Build(ctx, v)
	if err != nil {
		log.Fatal(err)
	}
	g := top.Graph

	seq := placement.Sequential(g.N(), 16)
	walk, err := placement.Walktrap(ctx, g, placement.WalktrapOptions{Size: 16})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d links, %d cabinets\n", g.Edges(), 256/16)
	fmt.Printf("inter-cabinet links: sequential %d, walktrap %d\n",
		placement.InterCabinetLinks(g, seq), placement.InterCabinetLinks(g, walk))

	flow, err := placement.NewFlow(g, walk)
	if err != nil {
		log.Fatal(err)
	}
	x, y, err := cost.Place("rows", flow.M(), 0.6, 2.1)
	if err != nil {
		log.Fatal(err)
	}
	dist := placement.ManhattanDistances(x, y)
	base := placement.Cost(flow, dist, placement.Baseline(flow.M()))
	_, sa, err := placement.Anneal(ctx, flow, dist, placement.AnnealOptions{Iterations: 100_000, Restarts: 2, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("inter-cabinet cable length: baseline %.0f m, annealed %.0f m\n", base, sa)
	// Output:
	// 1024 links, 16 cabinets
	// inter-cabinet links: sequential 739, walktrap 661
	// inter-cabinet cable length: baseline 2330 m, annealed 2072 m
}
