package netsim_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
)

// BenchmarkLargeSim is the scale case of the netsim speed issue, run on
// request (go test -run '^$' -bench LargeSim -benchtime 1x ./pkg/netsim):
// a Slim Fly of a million endpoints (q = 89: 15,842 routers, network radix
// 133, p = 67, 1,061,414 endpoints) and a Dragonfly of 114,582 endpoints
// (p = h = 13, a = 26, g = 339), uniform traffic at load 0.5, minimal
// routing, SC14's router setup, a fixed warm-up of 500 cycles and 1,000
// measured cycles. It reports delivered flits per second of wall time, the
// setup time (topology, routing tables, simulator state) and the process's
// peak resident memory, and prints a progress line on standard error every
// 30 seconds. RUNEXP_SIM_THREADS sets the threads (default: all
// processors). Skipped with -short.
func BenchmarkLargeSim(b *testing.B) {
	if testing.Short() {
		b.Skip("a million endpoints take minutes")
	}
	cases := []struct {
		name, family string
		params       families.Values
		routing      string
	}{
		{"sf89-min-0.5", "slimfly", families.Values{"q": int64(89)}, "min"},
		{"df13-min-df-0.5", "dragonfly", families.Values{"p": int64(13)}, "min-df"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			t0 := time.Now()
			f, _ := families.Default().Lookup(c.family)
			v, err := f.Normalize(c.params)
			if err != nil {
				b.Fatal(err)
			}
			top, err := f.Build(context.Background(), v)
			if err != nil {
				b.Fatal(err)
			}
			pat, err := traffic.New(traffic.Uniform, top, c.family, v, 1)
			if err != nil {
				b.Fatal(err)
			}
			n, rt := networkRouting(b, top, c.routing)
			setup := time.Since(t0).Seconds()
			cfg := netsim.DefaultConfig()
			cfg.SamplePeriod = 100
			cfg.WarmupMin, cfg.WarmupMax = 500, 500
			cfg.MeasureCycles = 1000
			cfg.DrainMax = 2000
			cfg.Threads = benchThreads
			if cfg.Threads == 0 {
				cfg.Threads = runtime.GOMAXPROCS(0) // all processors
			}
			b.ResetTimer()
			var flits, cycles int64
			start := time.Now()
			last := start
			cfg.Progress = func(p netsim.Progress) {
				if time.Since(last) >= 30*time.Second {
					last = time.Now()
					fmt.Fprintf(os.Stderr, "%s: %s, cycle %d, %d flits, %.0f s\n", c.name, p.Phase, p.Cycle, p.FlitsDelivered, time.Since(start).Seconds())
				}
			}
			for i := 0; i < b.N; i++ {
				res, err := netsim.Run(context.Background(), n, rt, pat, 0.5, cfg)
				if err != nil {
					b.Fatal(err)
				}
				if res.Saturated {
					b.Fatalf("saturated: %s", res.SaturationReason)
				}
				flits += res.FlitsDelivered
				cycles += res.Cycles
			}
			sec := time.Since(start).Seconds()
			b.ReportMetric(float64(n.Endpoints()), "endpoints")
			b.ReportMetric(float64(flits)/sec, "flits/s")
			b.ReportMetric(float64(cycles)/sec, "cycles/s")
			b.ReportMetric(setup, "setup-s")
			b.ReportMetric(peakRSS(), "peak-GiB")
		})
	}
}

// peakRSS returns the process's peak resident memory in GiB (VmHWM of
// /proc/self/status; 0 where there is none).
func peakRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			return kb / (1 << 20)
		}
	}
	return 0
}
