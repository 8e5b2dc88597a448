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
			net, pat := familyNet(t, c.family, c.v, c.pattern)
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

// SC15's MLFM-A under the MLFM worst case (every leaf sends to the next,
// one minimal path, 1/h): UGAL with leaf intermediates reaches indirect
// random routing's level (SC15 section 4.3.2), here at 6-MLFM's load 0.4
// (INR's bound: 0.5). Revision 1 of ugal-leaf, which took the least
// occupied first hop towards a candidate intermediate too, saturated there
// (accepted 0.303 of 0.4): it drew the candidates of the source's own
// column, whose second half crosses the overloaded global router.
func TestUGALLeafWorstCaseMLFM(t *testing.T) {
	net, pat := familyNet(t, "mlfm", families.Values{"h": int64(6)}, traffic.WorstCase)
	cfg := netsim.DefaultConfig()
	cfg.WarmupMax, cfg.MeasureCycles = 5000, 3000
	for _, c := range []struct {
		routing string
		load    float64
		sat     bool
	}{
		{"min-random", 0.4, true}, // 1/h = 0.167
		{"ugal-leaf:c=2,n=5,t=0", 0.4, false},
	} {
		rt, err := netsim.NewRouting(net, c.routing)
		if err != nil {
			t.Fatal(err)
		}
		res, err := netsim.Run(context.Background(), net, rt, pat, c.load, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-24s accepted %.4f saturated %-5v %s", c.routing, res.AcceptedLoad, res.Saturated, res.SaturationReason)
		if res.Saturated != c.sat {
			t.Errorf("%s at load %g: saturated %v (%s), want %v", c.routing, c.load, res.Saturated, res.SaturationReason, c.sat)
		}
		if !c.sat && res.AcceptedLoad < 0.98*c.load {
			t.Errorf("%s at load %g: accepted %.4f", c.routing, c.load, res.AcceptedLoad)
		}
	}
}

// familyNet builds a network of family with the values v and the traffic
// pattern of that name on it.
func familyNet(t *testing.T, family string, v families.Values, pattern string) (*netsim.Network, netsim.Pattern) {
	t.Helper()
	top, pat := familyTopo(t, family, v, pattern)
	net, err := netsim.NewNetwork(top, nil)
	if err != nil {
		t.Fatal(err)
	}
	return net, pat
}
