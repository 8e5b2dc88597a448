package netsim

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// NextHops makes the clockwise ring routing of TestDeadlock enumerable.
func (c clockwise) NextHops(r int32, p Packet, yield func(port, class int32, next Packet)) {
	port, class := c.Route(nil, r, &p)
	yield(port, class, p)
}

// checkCycle verifies that cyc is a closed walk of existing channels with
// VCs below vcs.
func checkCycle(t *testing.T, n *Network, cyc []Channel, vcs int) {
	t.Helper()
	if len(cyc) < 2 {
		t.Fatalf("cycle %v too short", cyc)
	}
	for i, c := range cyc {
		if n.Neighbor(c.From, c.Port) != c.To || c.VC < 0 || int(c.VC) >= vcs {
			t.Fatalf("cycle %v: channel %d (%v) does not exist", cyc, i, c)
		}
		if next := cyc[(i+1)%len(cyc)]; next.From != c.To {
			t.Fatalf("cycle %v: channel %v is not followed by a channel leaving %d", cyc, c, c.To)
		}
	}
}

// cdgCase checks that rt needs want VCs on n: acyclic with want, cyclic
// with every smaller count (folded), and RequiredVCs = want.
func cdgCase(t *testing.T, n *Network, rt Routing, want int) {
	t.Helper()
	ok, cyc, err := CheckDeadlockFree(n, rt, want)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("%s: cyclic with %d VCs: %v", rt.Name(), want, cyc)
	}
	d, err := NewDependencies(n, rt)
	if err != nil {
		t.Fatal(err)
	}
	for v := 1; v < want; v++ {
		g, err := d.CDG(v)
		if err != nil {
			t.Fatal(err)
		}
		if cyc := g.Cycle(); cyc == nil {
			t.Errorf("%s: acyclic with %d VCs, want a cycle", rt.Name(), v)
		} else {
			checkCycle(t, n, cyc, v)
		}
	}
	got, err := RequiredVCs(n, rt)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("%s: RequiredVCs = %d, want %d", rt.Name(), got, want)
	}
	if rt.Classes() < want {
		t.Errorf("%s: %d classes below the %d VCs needed", rt.Name(), rt.Classes(), want)
	}
}

func mustRouting(t *testing.T, n *Network, name string) Routing {
	t.Helper()
	rt, err := NewRouting(n, name)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// Slim Fly q = 5: hop-indexed MIN needs 2 VCs (the diameter), VAL and UGAL
// 4 (SC14 section IV-D).
func TestCDGSlimFly(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	for _, c := range []struct {
		name string
		vcs  int
	}{
		{"min", 2}, {"min-random", 2}, {"val", 4}, {"ugal-l", 4}, {"ugal-g", 4}, {"ugal-threshold", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			cdgCase(t, n, mustRouting(t, n, c.name), c.vcs)
		})
	}
	d, err := NewDependencies(n, mustMin(t, n))
	if err != nil {
		t.Fatal(err)
	}
	if d.Routes != 50*49 || d.MaxHops != 2 || d.MaxClass != 1 {
		t.Errorf("min: %d routes, %d max hops, max class %d", d.Routes, d.MaxHops, d.MaxClass)
	}
	t.Logf("min: %d routes, %d states, %d class dependencies", d.Routes, d.States, d.Edges())
}

// The clockwise ring routing of TestDeadlock (which deadlocks in the
// simulator) has a cyclic CDG; hop-indexed MIN on the same ring does not
// (with random minimal ports it needs its 2 classes: ties go both ways).
func TestCDGClockwiseRing(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(4), "n": int64(1), "p": int64(2)})
	ok, cyc, err := CheckDeadlockFree(n, clockwise{n}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Fatal("clockwise ring routing: CDG acyclic with 1 VC")
	}
	checkCycle(t, n, cyc, 1)
	if len(cyc) != 4 {
		t.Errorf("cycle %v, want the 4 clockwise channels", cyc)
	}
	if _, err := RequiredVCs(n, clockwise{n}); err == nil {
		t.Error("RequiredVCs of the clockwise routing: no error")
	}
	cdgCase(t, n, mustRouting(t, n, "min-random"), 2)
}

func TestCDGDOR(t *testing.T) {
	for _, c := range []struct {
		name   string
		family string
		v      families.Values
		vcs    int
	}{
		{"torus4x4", "torus", families.Values{"k": int64(4), "n": int64(2)}, 2},
		{"torus5x5x5", "torus", families.Values{"k": int64(5), "n": int64(3)}, 2},
		{"torus-4x3x6", "torus", families.Values{"dims": []int64{4, 3, 6}}, 2},
		{"ring8", "torus", families.Values{"k": int64(8), "n": int64(1)}, 2},
		{"torus2x2x2", "torus", families.Values{"k": int64(2), "n": int64(3)}, 1},
		{"mesh4x5", "mesh", families.Values{"dims": []int64{4, 5}}, 1},
		{"hypercube5", "hypercube", families.Values{"n": int64(5)}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			rt := mustRouting(t, n, "dor")
			cdgCase(t, n, rt, c.vcs)
			if c.vcs == 2 {
				// Without datelines: cyclic whatever the VC count.
				nd, err := NewDOR(n, false)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range []int{1, 2} {
					ok, cyc, err := CheckDeadlockFree(n, nd, v)
					if err != nil {
						t.Fatal(err)
					}
					if ok {
						t.Errorf("DOR without datelines acyclic with %d VCs", v)
					} else {
						checkCycle(t, n, cyc, v)
					}
				}
			}
		})
	}
}

func TestCDGDragonfly(t *testing.T) {
	n := newNet(t, "dragonfly", families.Values{"p": int64(2)}) // a = 4, h = 2, g = 9
	for _, c := range []struct {
		name string
		vcs  int
	}{{"min-df", 2}, {"val-df", 3}, {"ugal-l-df", 3}, {"min", 3}} {
		t.Run(c.name, func(t *testing.T) { cdgCase(t, n, mustRouting(t, n, c.name), c.vcs) })
	}
	// g < a*h + 1: several global channels between groups.
	n2 := newNet(t, "dragonfly", families.Values{"p": int64(2), "g": int64(5)})
	for _, c := range []struct {
		name string
		vcs  int
	}{{"min-df", 2}, {"val-df", 3}, {"ugal-l-df", 3}} {
		t.Run(c.name+"-g5", func(t *testing.T) { cdgCase(t, n2, mustRouting(t, n2, c.name), c.vcs) })
	}
}

func TestCDGFatTree(t *testing.T) {
	for _, c := range []struct {
		name   string
		family string
		v      families.Values
	}{
		{"fattree-3-3", "fattree", families.Values{"p": int64(3), "levels": int64(3)}},
		{"fattree-2-4", "fattree", families.Values{"p": int64(2), "levels": int64(4)}},
		{"fattree_sc14-4-3", "fattree_sc14", families.Values{"k": int64(4), "levels": int64(3)}},
		{"fattree_sc14-6-2", "fattree_sc14", families.Values{"k": int64(6), "levels": int64(2)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := newNet(t, c.family, c.v)
			cdgCase(t, n, mustRouting(t, n, "anca"), 1)
		})
	}
}

// TestCheckMemo: a run with a memo and an ID stores its deadlock check and
// gives the same result as a run without; a later run with that ID takes
// the stored outcome (seen by planting one), one with other VCs, flow
// control or budget, or without an ID, checks again.
func TestCheckMemo(t *testing.T) {
	n := newNet(t, "ring_random", families.Values{"routers": int64(16), "degree": int64(4), "p": int64(2), "seed": int64(3)})
	rt, err := NewRouting(n, "duato-updown")
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.PacketSize, cfg.FlowControl = 4, VirtualCutThrough
	cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 500, 500, 500
	pat := uniform{int32(n.Endpoints())}
	plain, err := Run(context.Background(), n, rt, pat, 0.2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if plain.DeadlockCheck != "acyclic" {
		t.Fatalf("deadlock check %q, want acyclic", plain.DeadlockCheck)
	}
	memo := &CheckMemo{}
	cfg.CheckMemo, cfg.CheckID = memo, "ring"
	first, err := Run(context.Background(), n, rt, pat, 0.2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first, plain) {
		t.Errorf("with the memo the result differs:\n%+v\n%+v", first, plain)
	}
	V := rt.Classes()
	k := checkMemoKey{"ring", V, VirtualCutThrough, DefaultDeadlockCheckStates}
	if o, ok := memo.m[k]; len(memo.m) != 1 || !ok || !o.checked || o.err != nil {
		t.Fatalf("memo %+v, want one acyclic outcome under %+v", memo.m, k)
	}
	// Plant "not checked": a run under the same key reports it.
	memo.m[k] = checkOutcome{checked: false}
	res, err := Run(context.Background(), n, rt, pat, 0.3, cfg)
	if err != nil || res.DeadlockCheck != "not checked (more than 250000 states)" {
		t.Errorf("same key: %v, %q; want the planted outcome", err, res.DeadlockCheck)
	}
	for _, c := range []struct {
		name string
		edit func(*Config)
	}{
		{"no id", func(c *Config) { c.CheckID = "" }},
		{"other VCs", func(c *Config) { c.VCs = V + 1 }},
		{"other budget", func(c *Config) { c.DeadlockCheck = 1000000 }},
	} {
		c2 := cfg
		c.edit(&c2)
		res, err := Run(context.Background(), n, rt, pat, 0.3, c2)
		if err != nil || res.DeadlockCheck != "acyclic" {
			t.Errorf("%s: %v, %q; want a check of its own (acyclic)", c.name, err, res.DeadlockCheck)
		}
	}
	// Wormhole: up*/down* escape is cyclic there (TestEscapeWormholeRefused),
	// found by a check of its own.
	c2 := cfg
	c2.FlowControl = Wormhole
	if _, err := Run(context.Background(), n, rt, pat, 0.3, c2); !errors.As(err, new(*CyclicError)) {
		t.Errorf("other flow control: %v, want its own check's cycle", err)
	}
	// A cyclic outcome is an error every time.
	memo.m[k] = checkOutcome{checked: true, err: &CyclicError{Routing: "planted"}}
	if _, err := Run(context.Background(), n, rt, pat, 0.3, cfg); !errors.As(err, new(*CyclicError)) {
		t.Errorf("planted cyclic outcome: %v", err)
	}
}

// BenchmarkDeadlockCheck times the check a run makes before simulating
// (checkRun with the default budget) where the enumeration exceeds its
// budget: duato-updown on the layout paper's RING-8 of 256 routers, which
// every run of such a network paid before CheckMemo.
func BenchmarkDeadlockCheck(b *testing.B) {
	n := newNet(b, "ring_random", families.Values{"routers": int64(256), "degree": int64(8), "p": int64(8), "seed": int64(1)})
	rt, err := NewRouting(n, "duato-updown")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		checked, err := checkRun(n, rt, 4, VirtualCutThrough, DefaultDeadlockCheckStates)
		if err != nil || checked {
			b.Fatalf("checked %v, %v: want the budget exceeded", checked, err)
		}
	}
}
