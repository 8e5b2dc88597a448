package netsim

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestThreadsIdentical runs the same simulations with 1, 2, 3 and 4
// shards and requires identical results: minimal, oblivious and adaptive
// routings (UGAL-L and UGAL-G, which reads other routers' queues; Duato's
// escape protocols, whose options VC allocation chooses among with random
// ties), wormhole and virtual cut-through, direct and indirect networks,
// below and past saturation.
func TestThreadsIdentical(t *testing.T) {
	type tc struct {
		fam  string
		v    families.Values
		rts  []string
		load float64
		mod  func(*Config)
	}
	cases := []tc{
		{"slimfly", families.Values{"q": int64(5)}, []string{"min-random", "val", "ugal-l", "ugal-g", "duato-updown"}, 0.45, nil},
		{"slimfly", families.Values{"q": int64(5)}, []string{"ugal-l"}, 0.9, nil}, // past saturation
		{"slimfly", families.Values{"q": int64(7)}, []string{"min", "ugal-l"}, 0.5, func(c *Config) {
			c.PacketSize, c.FlowControl, c.BufPerVC = 4, VirtualCutThrough, 8
		}},
		{"slimfly", families.Values{"q": int64(5)}, []string{"val"}, 0.3, func(c *Config) { c.PacketSize = 3 }},
		{"dragonfly", families.Values{"p": int64(2)}, []string{"ugal-l-df", "val-df"}, 0.5, nil},
		{"torus", families.Values{"k": int64(4), "n": int64(2), "p": int64(2)}, []string{"duato-dor", "dor"}, 0.4, nil},
		{"fattree", families.Values{"p": int64(3), "levels": int64(3)}, []string{"anca", "ugal-leaf"}, 0.5, nil},
	}
	for _, c := range cases {
		n := newNet(t, c.fam, c.v)
		for _, name := range c.rts {
			rt, err := NewRouting(n, name)
			if err != nil {
				t.Fatal(err)
			}
			cfg := quickConfig()
			cfg.WarmupMin, cfg.WarmupMax, cfg.MeasureCycles = 500, 1000, 500
			if c.mod != nil {
				c.mod(&cfg)
			}
			var ref *Result
			for T := 1; T <= 4; T++ {
				cfg.Threads = T
				res, err := Run(context.Background(), n, rt, uniform{int32(n.Endpoints())}, c.load, cfg)
				if err != nil {
					t.Fatalf("%s %v %s threads %d: %v", c.fam, c.v, name, T, err)
				}
				if res.FlitsDelivered == 0 {
					t.Fatalf("%s %v %s: nothing delivered", c.fam, c.v, name)
				}
				if T == 1 {
					ref = res
				} else if !reflect.DeepEqual(ref, res) {
					t.Errorf("%s %v %s: %d threads differ from 1:\n%+v\n%+v", c.fam, c.v, name, T, res, ref)
				}
			}
		}
	}
}

// TestShards checks the split of routers into shards: consecutive, none
// empty, about equal in ports, every router in one.
func TestShards(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(7)}) // 98 routers
	for _, T := range []int{1, 2, 3, 4, 7, 98, 500} {
		cfg := quickConfig()
		cfg.Threads = T
		s, err := newSim(n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.1, &cfg, false)
		if err != nil {
			t.Fatal(err)
		}
		want := min(T, 98)
		if len(s.shards) != want {
			t.Fatalf("threads %d: %d shards, want %d", T, len(s.shards), want)
		}
		r := int32(0)
		for k, h := range s.shards {
			if h.r0 != r || h.r1 <= h.r0 || h.k != int32(k) {
				t.Fatalf("threads %d: shard %d is routers [%d, %d), want from %d", T, k, h.r0, h.r1, r)
			}
			if h.e0 != n.epOff[h.r0] || h.e1 != n.epOff[h.r1] {
				t.Fatalf("threads %d: shard %d endpoints [%d, %d)", T, k, h.e0, h.e1)
			}
			// Every router has 11 network and 5 endpoint ports: equal
			// shards differ by at most one router.
			if sz, avg := h.r1-h.r0, 98/int32(want); sz < avg-1 || sz > avg+2 {
				t.Errorf("threads %d: shard %d has %d routers, about %d expected", T, k, sz, avg)
			}
			r = h.r1
		}
		if r != 98 {
			t.Fatalf("threads %d: shards end at router %d", T, r)
		}
	}
}

// panicky panics when it routes at router 90 (in the last shard of a
// four-way split of Slim Fly q = 7's 98 routers).
type panicky struct{ *Minimal }

func (p panicky) Route(v *View, r int32, pk *Packet) (int32, int32) {
	if r == 90 {
		panic("routing bug")
	}
	return p.Minimal.Route(v, r, pk)
}

// TestShardPanic checks that a panic on a worker goroutine becomes the
// run's error rather than ending the process, and that the automatic
// thread count follows the ports and ThreadCap.
func TestShardPanic(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(7)})
	cfg := quickConfig()
	cfg.Threads = 4
	_, err := Run(context.Background(), n, panicky{mustMin(t, n)}, uniform{int32(n.Endpoints())}, 0.3, cfg)
	if err == nil || !strings.Contains(err.Error(), "panic in shard 3: routing bug") {
		t.Fatalf("err = %v, want the panic of shard 3", err)
	}
	// 98 routers of 16 ports: fewer than 8,192 ports, one shard.
	cfg.Threads, cfg.ThreadCap = 0, 4
	s, err := newSim(n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.1, &cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.shards) != 1 {
		t.Errorf("automatic threads on %d ports: %d shards, want 1", len(s.ports), len(s.shards))
	}
}
