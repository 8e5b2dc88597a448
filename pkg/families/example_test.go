package families_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// Build the Slim Fly of the SC14 paper (q = 19, balanced concentration) from
// the default registry, check its sizing figures and measure its distances.
func Example() {
	reg := families.Default()
	sf, ok := reg.Lookup("slimfly")
	if !ok {
		panic("no slimfly family")
	}
	v, err := sf.Normalize(families.Values{"q": int64(19)}) // p defaults to "balanced"
	if err != nil {
		panic(err)
	}
	size, err := sf.Size(v) // closed form, no graph
	if err != nil {
		panic(err)
	}
	fmt.Printf("p = %d: %d routers, %d endpoints, radix %d (network %d), %d links\n",
		v.Int("p"), size.Routers, size.Endpoints, size.Radix, size.NetworkRadix, size.Links)

	top, err := sf.Build(context.Background(), v)
	if err != nil {
		panic(err)
	}
	stats, err := graph.Distances(context.Background(), top.Graph, top.Conc, 0)
	if err != nil {
		panic(err)
	}
	fmt.Printf("diameter %d, average router distance %.4f\n", stats.Diameter, stats.AvgDistance())
	// Output:
	// p = 15: 722 routers, 10830 endpoints, radix 44 (network 29), 10469 links
	// diameter 2, average router distance 1.9598
}

// Parameter errors name the parameter and suggest valid values.
func ExampleFamily_Normalize() {
	sf, _ := families.Default().Lookup("slimfly")
	_, err := sf.Normalize(families.Values{"q": int64(6)})
	fmt.Println(err)
	// Output:
	// family slimfly: parameter q: q = 6 is not a prime power: q must be a prime power 4w + delta with delta in {-1, 0, 1}, w >= 1; nearest valid: 5, 7
}
