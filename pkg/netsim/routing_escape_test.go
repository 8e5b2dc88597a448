package netsim

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// escapeNets are the networks of the escape-routing tests: a 2D torus, a
// hypercube, a random ring topology (RING-4 of the layout paper) and a
// small Myrinet-Clos.
func escapeNets(t *testing.T) map[string]*Network {
	return map[string]*Network{
		"torus":    newNet(t, "torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}),
		"hcube":    newNet(t, "hypercube", families.Values{"n": int64(4), "p": int64(2)}),
		"ring":     newNet(t, "ring_random", families.Values{"routers": int64(16), "degree": int64(4), "p": int64(2), "seed": int64(3)}),
		"myrinet":  newNet(t, "myrinet_clos", families.Values{"hosts": int64(64), "radix": int64(8)}),
		"torus3x5": newNet(t, "torus", families.Values{"dims": []int64{3, 5}, "p": int64(1)}),
	}
}

// The extended dependency graph of the escape sub-network is acyclic for
// Duato-DOR (tori, hypercubes) and for up*/down* escape (any network) in
// virtual cut-through, and Duato-DOR's also in wormhole switching; the
// same adaptive routing without escape channels (min-adaptive, one class)
// is cyclic. up*/down* itself needs one VC.
func TestEscapeCDG(t *testing.T) {
	nets := escapeNets(t)
	for _, c := range []struct {
		net, routing string
		fc           FlowControl
		acyclic      bool
	}{
		{"torus", "duato-dor", VirtualCutThrough, true},
		{"torus", "duato-dor", Wormhole, true},
		{"torus3x5", "duato-dor", Wormhole, true},
		{"hcube", "duato-dor", Wormhole, true},
		{"torus", "duato-updown", VirtualCutThrough, true},
		{"hcube", "duato-updown", VirtualCutThrough, true},
		{"ring", "duato-updown", VirtualCutThrough, true},
		{"myrinet", "duato-updown", VirtualCutThrough, true},
		{"torus", "min-adaptive", VirtualCutThrough, false},
		{"torus3x5", "min-adaptive", VirtualCutThrough, false},
		{"hcube", "min-adaptive", VirtualCutThrough, false},
		{"ring", "min-adaptive", VirtualCutThrough, false},
		{"torus", "updown", Wormhole, true},
		{"hcube", "updown", Wormhole, true},
		{"ring", "updown", Wormhole, true},
		{"myrinet", "updown", Wormhole, true},
	} {
		t.Run(c.net+"/"+c.routing+"/"+c.fc.String(), func(t *testing.T) {
			n := nets[c.net]
			rt := mustRouting(t, n, c.routing)
			vcs := max(rt.Classes(), 4)
			if c.routing == "min-adaptive" || c.routing == "updown" {
				vcs = 1
			}
			ok, cyc, err := CheckDeadlockFreeFC(n, rt, vcs, c.fc)
			if err != nil {
				t.Fatal(err)
			}
			if ok != c.acyclic {
				t.Fatalf("acyclic = %v, want %v (cycle %v)", ok, c.acyclic, cyc)
			}
			if !ok {
				checkCycle(t, n, cyc, vcs)
			}
			d, err := NewDependencies(n, rt)
			if err != nil {
				t.Fatal(err)
			}
			wantEscape := c.routing == "duato-dor" || c.routing == "duato-updown"
			if d.Escape != wantEscape {
				t.Errorf("escape sub-network found %v, want %v", d.Escape, wantEscape)
			}
			t.Logf("%d routes, %d states, %d dependencies, cycle length %d", d.Routes, d.States, d.Edges(), len(cyc))
		})
	}
}

// Duato's protocol on a 2D torus and a random ring topology, loaded past
// saturation, never deadlocks (100 seeds each, deadlock detection after
// 300 idle cycles), in wormhole (DOR escape) and virtual cut-through
// (up*/down* escape); the same adaptive routing without escape channels
// does deadlock.
func TestEscapeNoDeadlock(t *testing.T) {
	nets := escapeNets(t)
	cfg := quickConfig()
	cfg.SamplePeriod, cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 200, 400, 400, 400
	cfg.AbortSaturated, cfg.LatencyKnee = false, 0
	cfg.DeadlockCycles = 300
	cfg.VCs, cfg.BufPerVC = 4, 8
	cfg.PacketSize = 4
	cfg.DrainMax = cfg.PacketSize - 1 // the shortest drain the limits allow
	seeds := 100
	if testing.Short() {
		seeds = 10
	}
	for _, c := range []struct {
		net, routing string
		fc           FlowControl
	}{
		{"torus", "duato-dor", Wormhole},
		{"torus", "duato-updown", VirtualCutThrough},
		{"ring", "duato-updown", VirtualCutThrough},
	} {
		t.Run(c.net+"/"+c.routing, func(t *testing.T) {
			// (up*/down* escape in wormhole switching is refused: see
			// TestEscapeWormholeRefused.)
			n := nets[c.net]
			rt := mustRouting(t, n, c.routing)
			cfg := cfg
			cfg.FlowControl = c.fc
			if c.fc == Wormhole && c.routing == "duato-updown" {
				t.Fatal("not a deadlock-free configuration")
			}
			var acc float64
			for seed := 1; seed <= seeds; seed++ {
				cfg.Seed = uint64(seed)
				res, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 1, cfg)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				acc += res.AcceptedLoad
			}
			t.Logf("mean accepted load at offered 1: %.3f", acc/float64(seeds))
		})
	}
	// Without escape channels the routing is refused before simulating,
	// and when simulated anyway it deadlocks under the same load.
	n := nets["torus"]
	rt := mustRouting(t, n, "min-adaptive")
	cfg.VCs, cfg.BufPerVC, cfg.FlowControl = 1, 4, Wormhole
	var cy *CyclicError
	if _, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 1, cfg); !errors.As(err, &cy) {
		t.Fatalf("min-adaptive: want a *CyclicError, got %v", err)
	}
	cfg.DeadlockCheck = -1
	deadlocks := 0
	for seed := 1; seed <= 10; seed++ {
		cfg.Seed = uint64(seed)
		_, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 1, cfg)
		var dl *DeadlockError
		if errors.As(err, &dl) {
			deadlocks++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if deadlocks == 0 {
		t.Error("min-adaptive with one VC never deadlocked on the torus at full load")
	}
	t.Logf("min-adaptive, 1 VC: %d of 10 seeds deadlocked", deadlocks)
}

// SC15's leaf-intermediate routings on MLFM and OFT: every indirect path
// is exactly 4 hops leaf to leaf, minimal paths 2; the towards/away scheme
// needs 2 VCs (1 is cyclic).
func TestLeafIndirect(t *testing.T) {
	for _, c := range []struct {
		name, family string
		v            families.Values
	}{
		{"mlfm", "mlfm", families.Values{"h": int64(3)}},
		{"oft", "oft", families.Values{"k": int64(4)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			val := mustRouting(t, n, "val-leaf")
			cfg := quickConfig()
			// Packets between endpoints of one router are delivered by the
			// router itself; the pattern sends every packet to another
			// leaf.
			pat := otherRouter{n}
			res, err := Run(context.Background(), n, val, pat, 0.05, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.HopHistogram) != 5 || res.HopHistogram[4] != res.DeliveredPackets || res.DeliveredPackets == 0 {
				t.Errorf("val-leaf hop histogram %v, want all %d packets at 4 hops", res.HopHistogram, res.DeliveredPackets)
			}
			// Generic UGAL at low load: mostly minimal (2 hops), the rest 4.
			ugal := mustRouting(t, n, "ugal-leaf")
			res, err = Run(context.Background(), n, ugal, pat, 0.05, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for h, k := range res.HopHistogram {
				if k > 0 && h != 2 && h != 4 {
					t.Errorf("ugal-leaf: %d packets took %d hops (histogram %v)", k, h, res.HopHistogram)
				}
			}
			for _, name := range []string{"val-leaf", "ugal-leaf", "ugal-leaf:t=0.1"} {
				cdgCase(t, n, mustRouting(t, n, name), 2)
			}
		})
	}
}

// otherRouter sends every packet to an endpoint drawn uniformly among
// those of the other routers.
type otherRouter struct{ n *Network }

func (o otherRouter) Dest(src int32, rng *rand.Rand) int32 {
	r := o.n.EndpointRouter(src)
	for {
		d := rng.Int32N(int32(o.n.Endpoints()))
		if o.n.EndpointRouter(d) != r {
			return d
		}
	}
}

// Up*/down* escape paths in wormhole switching: a packet may hold an
// escape down channel while it requests an escape up channel after
// adaptive hops, and on a torus these indirect dependencies close a
// cycle, so the simulator refuses the configuration, naming it; in
// virtual cut-through it runs.
func TestEscapeWormholeRefused(t *testing.T) {
	n := escapeNets(t)["torus"]
	rt := mustRouting(t, n, "duato-updown")
	cfg := quickConfig()
	cfg.VCs, cfg.BufPerVC, cfg.PacketSize = 4, 8, 4
	_, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 0.1, cfg)
	var cy *CyclicError
	if !errors.As(err, &cy) || !cy.Escape || len(cy.Cycle) < 2 {
		t.Fatalf("wormhole: want an escape *CyclicError, got %v", err)
	}
	t.Log(err)
	cfg.FlowControl = VirtualCutThrough
	res, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, 0.1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.DeadlockCheck != "acyclic" {
		t.Errorf("deadlock check %q, want acyclic", res.DeadlockCheck)
	}
}

// Up*/down* (and every table-driven routing) refuses a disconnected
// network, naming two routers that cannot reach each other. (The families
// build connected graphs, so a study cannot ask for this.)
func TestUpDownDisconnected(t *testing.T) {
	g, err := graph.FromEdges(4, []graph.Edge{{U: 0, V: 1}, {U: 2, V: 3}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := NewNetwork(&families.Topology{Graph: g, Conc: []int32{1, 1, 1, 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"updown", "duato-updown", "min"} {
		if _, err := NewRouting(n, name); err == nil || !strings.Contains(err.Error(), "disconnected (router 0 cannot reach 2)") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}
