package netsim_test

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// Under the family worst cases of pkg/traffic the adaptive and
// non-minimal routings accept more than the deterministic minimal ones:
// Dragonfly group i -> i+1 (Kim et al. 2008, section 4.2): UGAL-L and VAL
// beat MIN; fat tree pod shift: ANCA (adaptive up ports) beats
// table-driven MIN (always the first up port).
func TestWorstCaseNewRoutings(t *testing.T) {
	for _, c := range []struct {
		family  string
		v       families.Values
		load    float64
		base    string
		better  []string
		pattern string
	}{
		{"dragonfly", families.Values{"p": int64(2)}, 0.5, "min-df", []string{"val-df", "ugal-l-df"}, traffic.WorstCase},
		{"fattree", families.Values{"p": int64(4), "levels": int64(3)}, 0.5, "min", []string{"anca"}, traffic.WorstCase},
	} {
		t.Run(c.family, func(t *testing.T) {
			f, _ := families.Default().Lookup(c.family)
			v, err := f.Normalize(c.v)
			if err != nil {
				t.Fatal(err)
			}
			top, err := f.Build(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			pat, err := traffic.New(c.pattern, top, c.family, v, 1)
			if err != nil {
				t.Fatal(err)
			}
			net, err := netsim.NewNetwork(top, nil)
			if err != nil {
				t.Fatal(err)
			}
			cfg := netsim.DefaultConfig()
			cfg.SamplePeriod, cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles, cfg.DrainMax = 500, 1000, 3000, 2000, 2000
			cfg.AbortSaturated = false
			acc := map[string]float64{}
			for _, name := range append([]string{c.base}, c.better...) {
				rt, err := netsim.NewRouting(net, name)
				if err != nil {
					t.Fatal(err)
				}
				res, err := netsim.Run(context.Background(), net, rt, pat, c.load, cfg)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%-10s accepted %.3f saturated %-5v latency %.1f hops %.2f minimal %.2f", name,
					res.AcceptedLoad, res.Saturated, res.PacketLatency.Mean, res.AvgHops, res.MinimalFraction)
				acc[name] = res.AcceptedLoad
			}
			for _, name := range c.better {
				if acc[name] <= 1.2*acc[c.base] {
					t.Errorf("%s accepted %.3f, not clearly above %s %.3f", name, acc[name], c.base, acc[c.base])
				}
			}
		})
	}
}
