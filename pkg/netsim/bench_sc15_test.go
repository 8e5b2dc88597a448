package netsim_test

import (
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// BenchmarkSimSC15 measures the cells that dominate SC15's paper profile:
// the adaptive load sweeps of Figs. 7-12 on the paper's networks (SF q =
// 13 with p = 9, MLFM h = 15, OFT k = 12) with the sc15 preset (VCT,
// 256-byte packets, 4 VCs), uniform traffic at load 0.5, a shortened
// measurement window.
func BenchmarkSimSC15(b *testing.B) {
	cases := []struct {
		name, family string
		v            families.Values
		routing      string
	}{
		{"sf13-sfa", "slimfly", families.Values{"q": int64(13)}, "ugal-threshold:t=0,c=1,n=4"},
		{"mlfm15-mlfma", "mlfm", families.Values{"h": int64(15)}, "ugal-leaf:c=2,n=5,t=0"},
		{"oft12-ofta", "oft", families.Values{"k": int64(12)}, "ugal-leaf:c=2,n=1,t=0"},
		{"mlfm15-min", "mlfm", families.Values{"h": int64(15)}, "min-random"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			top, pat := familyTopo(b, c.family, c.v, traffic.Uniform)
			n, rt := networkRouting(b, top, c.routing)
			ph, _ := netsim.PhysicalPreset("sc15")
			cfg, _, err := ph.Convert(netsim.DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 1000, 1000, 3000
			benchRun(b, n, rt, pat, 0.5, cfg)
		})
	}
}
