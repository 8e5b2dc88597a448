package netsim_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// BenchmarkSim measures simulation speed in delivered flits per second of
// wall time (one core). sf19-min-0.5 is the acceptance case of issue 5:
// Slim Fly q = 19, p = 15 (722 routers, 10,830 endpoints), uniform traffic,
// MIN, single-flit packets, load 0.5, SC14 router setup. The other sf19
// cases are the speed targets of the netsim speed issue: UGAL-L, VAL (at
// 0.4, below its saturation) and 8-flit virtual cut-through packets, and
// UGAL-G, whose source decision walks the candidates' paths through other
// routers' state;
// sf19-min-0.1 is the low end of a load sweep, where costs per cycle
// rather than per flit show.
func BenchmarkSim(b *testing.B) {
	cases := []struct {
		name    string
		q       int64
		routing string
		load    float64
		cfg     func(*netsim.Config)
	}{
		{"sf19-min-0.5", 19, "min", 0.5, func(*netsim.Config) {}},
		{"sf19-ugal-l-0.5", 19, "ugal-l", 0.5, func(*netsim.Config) {}},
		{"sf19-val-0.4", 19, "val", 0.4, func(*netsim.Config) {}},
		{"sf19-ugal-g-0.5", 19, "ugal-g", 0.5, func(*netsim.Config) {}},
		{"sf19-min-0.1", 19, "min", 0.1, func(*netsim.Config) {}},
		{"sf19-vct8-0.5", 19, "min", 0.5, func(c *netsim.Config) {
			c.PacketSize, c.FlowControl, c.BufPerVC = 8, netsim.VirtualCutThrough, 32
		}},
		{"sf13-sc15-0.5", 13, "min-random", 0.5, func(c *netsim.Config) {
			ph, _ := netsim.PhysicalPreset("sc15")
			conv, _, err := ph.Convert(*c)
			if err != nil {
				panic(err)
			}
			conv.WarmupMin, conv.WarmupMax, conv.MeasureCycles = 1000, 1000, 3000
			*c = conv
		}},
		{"sf5-min-0.5", 5, "min", 0.5, func(*netsim.Config) {}},
		{"sf5-ugal-l-0.5", 5, "ugal-l", 0.5, func(*netsim.Config) {}},
		{"sf5-vct33-0.5", 5, "min", 0.5, func(c *netsim.Config) {
			c.PacketSize, c.FlowControl, c.BufPerVC = 33, netsim.VirtualCutThrough, 64
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			top, pat := slimFly(b, c.q, traffic.Uniform)
			n, rt := networkRouting(b, top, c.routing)
			cfg := netsim.DefaultConfig()
			cfg.SamplePeriod = 200
			cfg.WarmupMin, cfg.WarmupMax = 400, 400
			cfg.MeasureCycles = 600
			cfg.DrainMax = 2000
			c.cfg(&cfg)
			benchRun(b, n, rt, pat, c.load, cfg)
		})
	}
}

// benchRun runs the simulation b.N times with cfg (Threads from
// benchThreads) and reports delivered flits and cycles per second of wall
// time.
func benchRun(b *testing.B, n *netsim.Network, rt netsim.Routing, pat netsim.Pattern, load float64, cfg netsim.Config) {
	b.Helper()
	cfg.Threads = benchThreads
	benchLoop(b, func() (*netsim.Result, error) { return netsim.Run(context.Background(), n, rt, pat, load, cfg) })
}

// benchLoop calls run b.N times and reports delivered flits and cycles
// per second of wall time.
func benchLoop(b *testing.B, run func() (*netsim.Result, error)) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	var flits, cycles int64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		res, err := run()
		if err != nil {
			b.Fatal(err)
		}
		flits += res.FlitsDelivered
		cycles += res.Cycles
	}
	sec := time.Since(start).Seconds()
	b.ReportMetric(float64(flits)/sec, "flits/s")
	b.ReportMetric(float64(cycles)/sec, "cycles/s")
}

// benchThreads is the Config.Threads of the benchmarks: the
// RUNEXP_SIM_THREADS environment variable (0, the default: automatic).
var benchThreads = func() int {
	n, _ := strconv.Atoi(os.Getenv("RUNEXP_SIM_THREADS"))
	return n
}()

// networkRouting returns the network of top and the routing named routing
// on it.
func networkRouting(tb testing.TB, top *families.Topology, routing string) (*netsim.Network, netsim.Routing) {
	tb.Helper()
	n, err := netsim.NewNetwork(top, nil)
	if err != nil {
		tb.Fatal(err)
	}
	rt, err := netsim.NewRouting(n, routing)
	if err != nil {
		tb.Fatal(err)
	}
	return n, rt
}

// slimFly builds the Slim Fly of prime power q (balanced p) and a traffic
// pattern of pkg/traffic for it.
func slimFly(tb testing.TB, q int64, pattern string) (*families.Topology, netsim.Pattern) {
	tb.Helper()
	return familyTopo(tb, "slimfly", families.Values{"q": q}, pattern)
}

// familyTopo builds the topology of family with the values v and the
// traffic pattern of pkg/traffic of that name for it.
func familyTopo(tb testing.TB, family string, v families.Values, pattern string) (*families.Topology, netsim.Pattern) {
	tb.Helper()
	f, _ := families.Default().Lookup(family)
	v, err := f.Normalize(v)
	if err != nil {
		tb.Fatal(err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		tb.Fatal(err)
	}
	pat, err := traffic.New(pattern, top, family, v, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return top, pat
}
