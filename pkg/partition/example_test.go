package partition_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/partition"
)

// Bisection width of the three-level fat tree with p = 4 (64 endpoints):
// weights are the endpoints per router, so only the leaf switches weigh and
// the sides get 32 endpoints each. The optimum is N/2 = 32 links (Besta and
// Hoefler, SC14, section III-C).
func Example() {
	ft, _ := families.Default().Lookup("fattree")
	v, err := ft.Normalize(families.Values{"p": int64(4), "levels": int64(3)})
	if err != nil {
		panic(err)
	}
	top, err := ft.Build(context.Background(), v)
	if err != nil {
		panic(err)
	}
	r, err := partition.Bisect(context.Background(), top.Graph, top.Conc, partition.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d routers, cut %d links, endpoints per side %v\n", top.Graph.N(), r.Cut, r.Weights)
	fmt.Println("check:", partition.CutSize(top.Graph, r.Side) == r.Cut)
	// Output:
	// 48 routers, cut 32 links, endpoints per side [32 32]
	// check: true
}
