package topoio_test

import (
	"context"
	"fmt"
	"os"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/topoio"
)

// Export the Heawood graph (the projective network PN for q = 2) as a
// BookSim2 anynet network file, one endpoint per router.
func ExampleWriteAnynet() {
	f, _ := families.Default().Lookup("pn")
	v, _ := f.Normalize(families.Values{"q": int64(2), "p": int64(1)})
	t, _ := f.Build(context.Background(), v)
	topoio.WriteAnynet(os.Stdout, t)
	// Output:
	// router 0 node 0 router 11 router 12 router 13
	// router 1 node 1 router 8 router 10 router 11
	// router 2 node 2 router 9 router 10 router 13
	// router 3 node 3 router 8 router 9 router 12
	// router 4 node 4 router 7 router 8 router 13
	// router 5 node 5 router 7 router 10 router 12
	// router 6 node 6 router 7 router 9 router 11
	// router 7 node 7 router 4 router 5 router 6
	// router 8 node 8 router 1 router 3 router 4
	// router 9 node 9 router 2 router 3 router 6
	// router 10 node 10 router 1 router 2 router 5
	// router 11 node 11 router 0 router 1 router 6
	// router 12 node 12 router 0 router 3 router 5
	// router 13 node 13 router 0 router 2 router 4
}

// Statistics of the Slim Fly of SC14 section V: 722 routers, 10,830
// endpoints, diameter 2.
func ExampleComputeStats() {
	f, _ := families.Default().Lookup("slimfly")
	v, _ := f.Normalize(families.Values{"q": int64(19)})
	t, _ := f.Build(context.Background(), v)
	s, _ := topoio.ComputeStats(context.Background(), f, v, t, 0)
	fmt.Println(s.Routers, s.Endpoints, s.Radix, s.NetworkRadix, *s.Diameter)
	// Output: 722 10830 44 29 2
}
