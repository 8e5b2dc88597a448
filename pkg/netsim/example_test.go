package netsim_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// Simulate the Slim Fly q = 5 (50 routers, 200 endpoints) under uniform
// traffic with minimal routing and the SC14 router setup.
func Example() {
	f, _ := families.Default().Lookup("slimfly")
	v, err := f.Normalize(families.Values{"q": int64(5)})
	if err != nil {
		panic(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		panic(err)
	}
	pat, err := traffic.New(traffic.Uniform, top, "slimfly", v, 1)
	if err != nil {
		panic(err)
	}
	net, err := netsim.NewNetwork(top, nil)
	if err != nil {
		panic(err)
	}
	rt, err := netsim.NewRouting(net, "min")
	if err != nil {
		panic(err)
	}
	res, err := netsim.Run(context.Background(), net, rt, pat, 0.5, netsim.DefaultConfig())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: offered %.2f, accepted %.2f, saturated %v, %.2f hops, %.0f%% minimal\n",
		res.Routing, res.OfferedLoad, res.AcceptedLoad, res.Saturated, res.AvgHops, 100*res.MinimalFraction)
	// Output:
	// min: offered 0.50, accepted 0.50, saturated false, 1.83 hops, 100% minimal
}

// Under the Slim Fly worst-case pattern (SC14 section V-C) minimal routing
// saturates early; Valiant and UGAL spread the load.
func TestWorstCase(t *testing.T) {
	top, pat := slimFly(t, 5, traffic.WorstCase)
	net, err := netsim.NewNetwork(top, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := netsim.DefaultConfig()
	cfg.SamplePeriod, cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles, cfg.DrainMax = 500, 1000, 5000, 2000, 3000
	cfg.AbortSaturated = false
	acc := map[string]float64{}
	for _, name := range []string{"min", "val", "ugal-l", "ugal-g"} {
		rt, err := netsim.NewRouting(net, name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := netsim.Run(context.Background(), net, rt, pat, 0.4, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-6s accepted %.3f saturated %-5v latency %.1f hops %.2f minimal %.2f", name,
			res.AcceptedLoad, res.Saturated, res.PacketLatency.Mean, res.AvgHops, res.MinimalFraction)
		acc[name] = res.AcceptedLoad
	}
	for _, name := range []string{"val", "ugal-l", "ugal-g"} {
		if acc[name] <= acc["min"] {
			t.Errorf("%s accepted %.3f, not above min %.3f", name, acc[name], acc["min"])
		}
	}
}
