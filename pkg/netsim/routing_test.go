package netsim

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// routingCase is a routing on a network built for it.
type routingCase struct {
	name    string // test name
	routing string
	family  string
	v       families.Values
	// hops returns the zero-load hop count from router a to router b
	// (nil: the distance).
	hops func(n *Network, rt Routing, a, b int32) int32
}

func dfHops(_ *Network, rt Routing, a, b int32) int32 { return rt.(*Dragonfly).hops(a, b) }

var newRoutingCases = []routingCase{
	{"dor/torus4x4", "dor", "torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}, nil},
	{"dor/torus-4x3x5", "dor", "torus", families.Values{"dims": []int64{4, 3, 5}}, nil},
	{"dor/mesh4x4", "dor", "mesh", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}, nil},
	{"dor/hypercube4", "dor", "hypercube", families.Values{"n": int64(4), "p": int64(2)}, nil},
	{"anca/fattree-4-3", "anca", "fattree", families.Values{"p": int64(4), "levels": int64(3)}, nil},
	{"anca/fattree_sc14-4-3", "anca", "fattree_sc14", families.Values{"k": int64(4), "levels": int64(3)}, nil},
	{"anca/fattree_sc14-6-2", "anca", "fattree_sc14", families.Values{"k": int64(6), "levels": int64(2)}, nil},
	{"min-df/dragonfly", "min-df", "dragonfly", families.Values{"p": int64(2)}, dfHops},
	{"ugal-l-df/dragonfly", "ugal-l-df", "dragonfly", families.Values{"p": int64(2)}, dfHops},
	{"ugal-l-df/dragonfly-g5", "ugal-l-df", "dragonfly", families.Values{"p": int64(2), "g": int64(5)}, dfHops},
	{"val-df/dragonfly", "val-df", "dragonfly", families.Values{"p": int64(2)}, nil},
	{"ugal-threshold/slimfly", "ugal-threshold", "slimfly", families.Values{"q": int64(5)}, nil},
	{"ugal-threshold/torus", "ugal-threshold:t=0.2,c=1.5,n=2", "torus", families.Values{"k": int64(4), "n": int64(2)}, nil},
	{"ugal-pf/polarfly", "ugal-pf", "polarfly", families.Values{"q": int64(7), "p": int64(3)}, nil},
	{"ugal-pf/slimfly", "ugal-pf:n=2,m=2,t=0.2", "slimfly", families.Values{"q": int64(5)}, nil},
}

// Zero load: one source sends to the farthest routers one at a time; every
// packet's latency is the analytic zero-load latency of its hop count, and
// the hop count is the expected one (the distance, or the hierarchical
// Dragonfly path). VAL is checked for consistency of latency and hops only.
func TestNewRoutingsZeroLoad(t *testing.T) {
	for _, c := range newRoutingCases {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			rt := mustRouting(t, n, c.routing)
			cfg := quickConfig()
			cfg.MeasureCycles = 1000
			src := int32(0) // router 0 has endpoints in every family used
			// Destinations: the first router with endpoints at each distance.
			seen := map[int32]bool{}
			for r := int32(1); r < int32(n.Routers()); r++ {
				h := n.Dist(src, r)
				if n.top.Conc[r] == 0 || seen[h] {
					continue
				}
				seen[h] = true
				res, err := Run(context.Background(), n, rt, pair{n.epOff[src], n.epOff[r]}, 0.05, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if res.DeliveredPackets < 10 || res.Saturated {
					t.Fatalf("-> router %d: %d packets, saturated %v", r, res.DeliveredPackets, res.Saturated)
				}
				lat := res.NetworkLatency
				if c.routing == "val-df" {
					want := zeroLoad(cfg, 0) + res.AvgHops*(1+4.0/2)
					if math.Abs(lat.Mean-want) > 0.01*want || res.AvgHops < float64(h) || lat.Max > zeroLoad(cfg, 5)+1 {
						t.Errorf("-> router %d: latency %+v, want %g for %g hops", r, lat, want, res.AvgHops)
					}
					continue
				}
				want := h
				if c.hops != nil {
					want = c.hops(n, rt, src, r)
				}
				z := zeroLoad(cfg, int(want))
				if c.routing == "ugal-l-df" {
					// UGAL-L sees the occupancy of a port whose last flit
					// is not yet acknowledged by a credit, and then may
					// take a Valiant path (as SC14's ugal-l does): the
					// typical packet is minimal.
					if lat.P50 != z || res.AvgHops < float64(want) || res.AvgHops > float64(want)+0.5 {
						t.Errorf("-> router %d (distance %d): latency %+v, hops %g; want median %g, about %d hops", r, h, lat, res.AvgHops, z, want)
					}
					continue
				}
				if lat.Mean != z || lat.Max != z || res.AvgHops != float64(want) {
					t.Errorf("-> router %d (distance %d): latency %+v, hops %g; want %g, %d hops", r, h, lat, res.AvgHops, z, want)
				}
			}
			if len(seen) == 0 {
				t.Error("no destination tried")
			}
		})
	}
}

// Same seed, same result; another seed, another result.
func TestNewRoutingsDeterminism(t *testing.T) {
	for _, c := range newRoutingCases {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			rt := mustRouting(t, n, c.routing)
			cfg := quickConfig()
			cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 1000, 1000, 1000
			cfg.Seed = 42
			pat := uniform{int32(n.Endpoints())}
			a, err := Run(context.Background(), n, rt, pat, 0.3, cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Run(context.Background(), n, rt, pat, 0.3, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("same seed, different results:\n%+v\n%+v", a, b)
			}
			cfg.Seed = 43
			d, err := Run(context.Background(), n, rt, pat, 0.3, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if reflect.DeepEqual(a, d) {
				t.Errorf("seeds 42 and 43 gave identical results")
			}
		})
	}
}

// Uniform traffic below saturation: the offered load is accepted.
func TestNewRoutingsBelowSaturation(t *testing.T) {
	for _, c := range newRoutingCases {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			rt := mustRouting(t, n, c.routing)
			cfg := quickConfig()
			load := 0.4
			if c.name == "dor/mesh4x4" {
				// DOR loads the middle x-links of a 4x4 mesh with p = 2 at
				// 2.06 x the offered load, and DOR on a mesh has one VC
				// per port: head-of-line blocking saturates it near 0.38.
				load = 0.3
			}
			res, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, load, cfg)
			if err != nil {
				t.Fatal(err)
			}
			E := float64(n.Endpoints())
			sd := math.Sqrt(load*E*float64(cfg.MeasureCycles)) / (E * float64(cfg.MeasureCycles))
			if math.Abs(res.AcceptedLoad-load) > 5*sd || res.Saturated || !res.Drained {
				t.Errorf("load %g: offered %g accepted %g (sd %g) saturated %v (%s) drained %v",
					load, res.OfferedLoad, res.AcceptedLoad, sd, res.Saturated, res.SaturationReason, res.Drained)
			}
			minimal := c.routing == "dor" || c.routing == "anca"
			if minimal && res.MinimalFraction != 1 {
				t.Errorf("%s: minimal fraction %g", c.routing, res.MinimalFraction)
			}
			t.Logf("accepted %.3f latency %.2f hops %.2f minimal %.2f", res.AcceptedLoad, res.PacketLatency.Mean, res.AvgHops, res.MinimalFraction)
		})
	}
}

// With threshold 0 and penalty 1, UGAL with a threshold is SC14's UGAL-L,
// down to the random draws.
func TestUGALThresholdZeroIsUGALL(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	cfg := quickConfig()
	cfg.MeasureCycles = 1000
	pat := uniform{int32(n.Endpoints())}
	a, err := Run(context.Background(), n, mustRouting(t, n, "ugal-l"), pat, 0.6, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rt := mustRouting(t, n, "ugal-threshold:t=0,c=1,n=4")
	if rt.Name() != "ugal-threshold:t=0,c=1,n=4" {
		t.Errorf("name %q", rt.Name())
	}
	b, err := Run(context.Background(), n, rt, pat, 0.6, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b.Routing = a.Routing
	if !reflect.DeepEqual(a, b) {
		t.Errorf("ugal-threshold with t = 0 differs from ugal-l:\n%+v\n%+v", a, b)
	}
	// The default threshold keeps more packets minimal under uniform load
	// (SC15 section 4: SF-ATh selects only minimal routes there).
	c, err := Run(context.Background(), n, mustRouting(t, n, "ugal-threshold"), pat, 0.6, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if c.MinimalFraction <= a.MinimalFraction {
		t.Errorf("minimal fraction: ugal-threshold %g, ugal-l %g", c.MinimalFraction, a.MinimalFraction)
	}
	t.Logf("minimal fraction at load 0.6: ugal-l %.3f, ugal-threshold %.3f", a.MinimalFraction, c.MinimalFraction)
}

func TestNewRoutingErrors(t *testing.T) {
	sf := newNet(t, "slimfly", families.Values{"q": int64(5)})
	torus := newNet(t, "torus", families.Values{"k": int64(4), "n": int64(2)})
	for _, c := range []struct {
		net  *Network
		name string
		want string
	}{
		{sf, "dor", "dor"},
		{newNet(t, "dragonfly", families.Values{"p": int64(2)}), "dor", "link 0-2 joins coordinates 0 and 2 of dimension 1"},
		{torus, "anca", "fat tree"},
		{sf, "ugal-l-df", "complete graph"},
		{torus, "ugal-l-df", "groups"},
		{sf, "min:x=1", "no parameters"},
		{sf, "ugal-threshold:t=2", "outside"},
		{sf, "ugal-threshold:c=0", "penalty"},
		{sf, "ugal-threshold:n=0", "candidates"},
		{sf, "ugal-threshold:z=1", "unknown parameter"},
		{sf, "ugal-threshold:t=0.1,t=0.2", "given twice"},
		{sf, "ugal-threshold:t", "bad parameter"},
		{sf, "ugal-threshold:n=1.5", "whole number"},
		{sf, "ugal-threshold:c=x", "not a number"},
		{sf, "nope", "unknown routing"},
		{sf, "val-leaf", "no routers without endpoints"},
		{sf, "ugal-leaf", "no routers without endpoints"},
		{sf, "duato-dor", "dor"},
		{sf, "updown:root=-1", "root = -1"},
		{sf, "updown:root=50", "outside [0, 50)"},
		{sf, "duato-updown:depth=2", "unknown parameter"},
		{newNet(t, "dragonfly", families.Values{"p": int64(2)}), "ugal-l-df:m=0", "multiplier"},
	} {
		_, err := NewRouting(c.net, c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	for _, name := range []string{"ugal-threshold", "ugal-threshold:n=2", "ugal-threshold:c=2,t=0.5"} {
		rt := mustRouting(t, sf, name)
		again := mustRouting(t, sf, rt.Name())
		if !reflect.DeepEqual(rt, again) {
			t.Errorf("%s: Name %q does not rebuild it", name, rt.Name())
		}
	}
	for _, name := range RoutingNames() {
		familySpecific := strings.Contains(name, "df") || strings.Contains(name, "dor") || strings.Contains(name, "leaf") || name == "anca"
		if _, err := NewRouting(sf, name); err != nil && !familySpecific {
			t.Errorf("%s on slimfly: %v", name, err)
		}
	}
}

// The simulator agrees with the CDG: DOR without datelines deadlocks on a
// ring under traffic that loads the cycle; with datelines it does not.
func TestDORDatelineSim(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1), "p": int64(2)})
	cfg := quickConfig()
	cfg.BufPerVC = 2
	cfg.DeadlockCycles = 200
	cfg.AbortSaturated = false
	cfg.WarmupMax, cfg.MeasureCycles, cfg.DrainMax = 2000, 1000, 1000
	pat := shift{int32(n.Endpoints()), 6} // 3 routers ahead: + direction
	nd, err := NewDOR(n, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), n, nd, pat, 1, cfg)
	var cy *CyclicError
	if !errors.As(err, &cy) || len(cy.Cycle) != 8 {
		t.Fatalf("DOR without datelines: want the 8-channel ring cycle refused, got %v", err)
	}
	cfg.DeadlockCheck = -1
	_, err = Run(context.Background(), n, nd, pat, 1, cfg)
	var dl *DeadlockError
	if !errors.As(err, &dl) {
		t.Fatalf("DOR without datelines: want a deadlock, got %v", err)
	}
	res, err := Run(context.Background(), n, mustRouting(t, n, "dor"), pat, 1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.AcceptedLoad <= 0 || res.VCs != 2 {
		t.Errorf("DOR with datelines: accepted %g with %d VCs", res.AcceptedLoad, res.VCs)
	}
}

// Past saturation on an 8 x 8 torus (2 VCs of 8 flits, BookSim2 timing,
// uniform traffic): DOR with the partition scheme holds its accepted load
// near the peak, DOR with the crossing dateline loses a third of it and
// starves half of the sources (see DOR). Both are deadlock-free with their
// 2 classes.
func TestTorusPastSaturation(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(2), "p": int64(1)})
	run := func(name string, load float64) *Result {
		cfg := BookSimConfig()
		cfg.VCs, cfg.BufPerPort = 2, 16
		cfg.SamplePeriod, cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles, cfg.DrainMax = 1000, 5000, 5000, 10000, 0
		cfg.AbortSaturated, cfg.LatencyKnee = false, 0
		res, err := Run(context.Background(), n, mustRouting(t, n, name), uniform{int32(n.Endpoints())}, load, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	peak, past := run("dor", 0.6), run("dor", 1)
	if peak.AcceptedLoad < 0.54 || past.AcceptedLoad < 0.95*peak.AcceptedLoad || past.Fairness < 0.8 {
		t.Errorf("dor: accepted %.3f at 0.6, %.3f at 1 (fairness %.3f)", peak.AcceptedLoad, past.AcceptedLoad, past.Fairness)
	}
	cpeak, cpast := run("dor-crossing", 0.5), run("dor-crossing", 1)
	if cpast.AcceptedLoad > 0.8*cpeak.AcceptedLoad || cpast.Fairness > 0.6 {
		t.Errorf("dor-crossing: accepted %.3f at 0.5, %.3f at 1 (fairness %.3f); the collapse this test documents is gone", cpeak.AcceptedLoad, cpast.AcceptedLoad, cpast.Fairness)
	}
	t.Logf("dor: %.3f at 0.6, %.3f at 1 (fairness %.2f); dor-crossing: %.3f at 0.5, %.3f at 1 (fairness %.2f)",
		peak.AcceptedLoad, past.AcceptedLoad, past.Fairness, cpeak.AcceptedLoad, cpast.AcceptedLoad, cpast.Fairness)
	ring := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1), "p": int64(1)})
	for _, name := range []string{"dor", "dor-crossing"} {
		cdgCase(t, ring, mustRouting(t, ring, name), 2)
		cdgCase(t, n, mustRouting(t, n, name), 2)
	}
}

// TestUGALPF runs PolarFly q = 7 (diameter 2) under uniform traffic at
// load 0.8: UGAL_PF takes non-minimal paths there, but with its Valiant
// candidates among the source's neighbours a non-minimal path has 3 hops
// unless the destination is adjacent (then 4), while UGAL-L's random
// intermediates make most of them 4 hops; both deliver the offered load,
// as minimal routing does.
func TestUGALPF(t *testing.T) {
	n := newNet(t, "polarfly", families.Values{"q": int64(7), "p": int64(4)})
	cfg := quickConfig()
	cfg.MeasureCycles = 1000
	pat := uniform{int32(n.Endpoints())}
	res := map[string]*Result{}
	for _, name := range []string{"min", "ugal-l", "ugal-pf"} {
		r, err := Run(context.Background(), n, mustRouting(t, n, name), pat, 0.8, cfg)
		if err != nil {
			t.Fatal(err)
		}
		res[name] = r
		t.Logf("%s: accepted %.3f hops %.3f minimal %.3f", name, r.AcceptedLoad, r.AvgHops, r.MinimalFraction)
	}
	pf, ul := res["ugal-pf"], res["ugal-l"]
	// The share of the non-minimal packets that took 4 hops.
	four := func(r *Result) float64 {
		var all int64
		for _, c := range r.HopHistogram {
			all += c
		}
		if len(r.HopHistogram) < 5 || r.MinimalFraction >= 1 {
			return 0
		}
		return float64(r.HopHistogram[4]) / (float64(all) * (1 - r.MinimalFraction))
	}
	t.Logf("4-hop share of non-minimal packets: ugal-l %.3f, ugal-pf %.3f", four(ul), four(pf))
	if len(pf.HopHistogram) > 5 && pf.HopHistogram[5] > 0 || pf.MinimalFraction >= 1 || four(pf) > 0.5*four(ul) ||
		pf.AcceptedLoad < res["min"].AcceptedLoad-0.01 {
		t.Errorf("ugal-pf: minimal %.3f, hops %v (ugal-l %v), accepted %.3f (min %.3f)",
			pf.MinimalFraction, pf.HopHistogram, ul.HopHistogram, pf.AcceptedLoad, res["min"].AcceptedLoad)
	}
}
