package netsim_test

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
	"github.com/runexp/runexp/pkg/workload"
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
			cfg.FlowControl = netsim.VirtualCutThrough // the preset's, set by its options in eval
			cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 1000, 1000, 3000
			benchRun(b, n, rt, pat, 0.5, cfg)
		})
	}
}

// BenchmarkExchangeSC15 times the finite exchanges of SC15 Figs. 13 and 14
// (the workload path: per-endpoint message queues, interleaved injection,
// completion) on the paper's networks with the sc15 preset, cut down to a
// size a benchmark can repeat: an all-to-all of one packet per pair (the
// paper sends 30) in a uniformly random order per source, and a
// nearest-neighbour exchange of 8 KB per pair (the paper sends 512 KB).
func BenchmarkExchangeSC15(b *testing.B) {
	cases := []struct {
		name, family string
		v            families.Values
		routing      string
		wl           func(e int) (workload.Workload, error)
	}{
		{"mlfm15-a2a-min", "mlfm", families.Values{"h": int64(15)}, "min-random", func(e int) (workload.Workload, error) {
			return workload.NewAllToAll(e, 0, 4, workload.OrderPermutation, 1)
		}},
		{"sf13-nn-sfa", "slimfly", families.Values{"q": int64(13)}, "ugal-threshold:t=0,c=1,n=4", func(e int) (workload.Workload, error) {
			return workload.NewNearestNeighbor(e, [3]int{13, 13, 18}, 128, nil)
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			top, _ := familyTopo(b, c.family, c.v, traffic.Uniform)
			n, rt := networkRouting(b, top, c.routing)
			wl, err := c.wl(n.Endpoints())
			if err != nil {
				b.Fatal(err)
			}
			ph, _ := netsim.PhysicalPreset("sc15")
			cfg, _, err := ph.Convert(netsim.DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			cfg.FlowControl = netsim.VirtualCutThrough // the preset's, set by its options in eval
			cfg.InterleaveMessages = true
			cfg.Threads = benchThreads
			benchLoop(b, func() (*netsim.Result, error) { return netsim.RunWorkload(context.Background(), n, rt, wl, cfg) })
		})
	}
}
