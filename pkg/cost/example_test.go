package cost_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/families"
)

// Price the Slim Fly of SC14 Table IV (q = 19, 10,830 endpoints) under the
// paper's model, and the same network under a variant with 48-port routers.
func Example() {
	sf, _ := families.Default().Lookup("slimfly")
	v, err := sf.Normalize(families.Values{"q": int64(19)})
	if err != nil {
		panic(err)
	}
	size, _ := sf.Size(v)
	top, err := sf.Build(context.Background(), v)
	if err != nil {
		panic(err)
	}
	m, _ := cost.Preset("sc14")
	b, err := cost.Evaluate(context.Background(), m, "slimfly", v, size, top)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d racks, %d electric and %d fiber cables (%.0f m of fiber)\n", b.Racks, b.ElectricCables, b.FiberCables, b.FiberLength)
	fmt.Printf("radix %d: %.2f $ and %.2f W per endpoint\n", b.Radix, b.PerEndpoint, b.PowerPerEndpoint)

	if err := m.Set("router_radix", 48); err != nil {
		panic(err)
	}
	b, _ = cost.Evaluate(context.Background(), m, "slimfly", v, size, top)
	fmt.Printf("radix %d: %.2f $ and %.2f W per endpoint\n", b.Radix, b.PerEndpoint, b.PowerPerEndpoint)
	// Output:
	// 19 racks, 3971 electric and 6498 fiber cables (31996 m of fiber)
	// radix 44: 1168.25 $ and 8.21 W per endpoint
	// radix 48: 1261.69 $ and 8.96 W per endpoint
}

// The fields a configuration language can override.
func ExampleFields() {
	for _, f := range cost.Fields()[:4] {
		fmt.Printf("%s [%s] %s\n", f.Name, f.Unit, f.Doc)
	}
	// Output:
	// name [] preset the model was derived from
	// link_bandwidth [Gb/s] data rate of one cable; cable prices are per Gb/s (SC14 VI-B1: 40 Gb/s FDR10)
	// electric_cost_per_gbps [$/(Gb/s)] electric cable price intercept (SC14: 0.5771)
	// electric_cost_per_gbps_meter [$/(Gb/s)/m] electric cable price per meter of length (SC14: 0.4079)
}
