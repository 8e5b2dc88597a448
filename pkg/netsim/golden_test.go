package netsim

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/workload"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_runs.txt")

// TestGoldenRuns pins the complete results of a set of small simulations:
// minimal, oblivious and adaptive routings on direct and indirect networks,
// wormhole and virtual cut-through, several router and channel timings,
// points below and past saturation, and finite workloads. A change of the
// simulator that is meant to be a pure speed-up must leave every result
// bit-identical; a deliberate model change rewrites the file with -update
// and says why in its commit.
func TestGoldenRuns(t *testing.T) {
	type tc struct {
		fam  string
		v    families.Values
		rts  []string
		load float64 // 0: the workload wl
		mod  func(*Config)
		wl   func(e int) (workload.Workload, error)
	}
	sf5 := families.Values{"q": int64(5)}
	cases := []tc{
		{"slimfly", sf5, []string{"min", "min-random", "val", "ugal-l", "ugal-g", "ugal-threshold", "duato-updown", "updown"}, 0.45, nil, nil},
		{"slimfly", sf5, []string{"min", "ugal-l"}, 0.9, nil, nil}, // past saturation
		{"slimfly", sf5, []string{"min", "val"}, 0.3, func(c *Config) { c.PacketSize = 3 }, nil},
		{"slimfly", sf5, []string{"min", "ugal-l"}, 0.5, func(c *Config) {
			c.PacketSize, c.FlowControl, c.BufPerVC = 4, VirtualCutThrough, 8
		}, nil},
		{"slimfly", sf5, []string{"min", "ugal-l"}, 0.5, func(c *Config) {
			b := BookSimConfig()
			b.SamplePeriod, b.WarmupMin, b.WarmupMax, b.MeasureCycles = c.SamplePeriod, c.WarmupMin, c.WarmupMax, c.MeasureCycles
			*c = b
		}, nil},
		{"slimfly", sf5, []string{"min"}, 0.4, func(c *Config) { c.Speedup = 1 }, nil},
		{"slimfly", sf5, []string{"min"}, 0.4, func(c *Config) { c.Speedup, c.VCAllocDelay, c.CreditDelay = 3, 0, 1 }, nil},
		{"dragonfly", families.Values{"p": int64(2)}, []string{"min-df", "ugal-l-df", "val-df"}, 0.5, nil, nil},
		{"dragonfly", families.Values{"p": int64(2)}, []string{"ugal-l-df"}, 0.4, func(c *Config) { c.GlobalLatency = 5 }, nil},
		{"torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}, []string{"dor", "duato-dor"}, 0.4, nil, nil},
		{"fattree", families.Values{"p": int64(3), "levels": int64(3)}, []string{"anca", "ugal-leaf"}, 0.5, nil, nil},
		{"slimfly", sf5, []string{"min", "ugal-l"}, 0, func(c *Config) { c.PacketSize = 4 }, func(e int) (workload.Workload, error) {
			return workload.NewAllToAll(e, 0, 6, workload.OrderRandom, 7)
		}},
		{"torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}, []string{"dor"}, 0, nil, func(e int) (workload.Workload, error) {
			return workload.NewRingAllreduce(e, 0, 64)
		}},
	}
	var got bytes.Buffer
	for ci, c := range cases {
		n := newNet(t, c.fam, c.v)
		for _, name := range c.rts {
			rt, err := NewRouting(n, name)
			if err != nil {
				t.Fatal(err)
			}
			cfg := quickConfig()
			cfg.SamplePeriod, cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 250, 500, 1000, 500
			if c.mod != nil {
				c.mod(&cfg)
			}
			var res *Result
			key := fmt.Sprintf("case %d: %s %v %s load=%g", ci, c.fam, c.v, name, c.load)
			if c.wl != nil {
				wl, err := c.wl(n.Endpoints())
				if err != nil {
					t.Fatal(err)
				}
				key = fmt.Sprintf("case %d: %s %v %s %s", ci, c.fam, c.v, name, wl.Name())
				res, err = RunWorkload(context.Background(), n, rt, wl, cfg)
				if err != nil {
					t.Fatalf("%s: %v", key, err)
				}
			} else {
				res, err = Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, c.load, cfg)
				if err != nil {
					t.Fatalf("%s: %v", key, err)
				}
			}
			if res.FlitsDelivered == 0 {
				t.Fatalf("%s: nothing delivered", key)
			}
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&got, "%s\n%s\n", key, b)
		}
	}
	path := filepath.Join("testdata", "golden_runs.txt")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("%d lines, golden has %d", len(gl), len(wl))
	}
	for i := 0; i+1 < len(gl); i += 2 {
		if gl[i] != wl[i] || gl[i+1] != wl[i+1] {
			t.Errorf("%s:\n got %s\nwant %s", gl[i], gl[i+1], wl[i+1])
		}
	}
}
