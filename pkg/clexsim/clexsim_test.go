package clexsim

import (
	"context"
	"math"
	"reflect"
	"testing"
)

func run1(t *testing.T, cfg Config) *Result {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestInvariants checks what the algorithm fixes exactly: every message
// crosses one arc of level l in each of the 2^(T-l) instances of A(l) it
// takes part in (l >= 2), A(l) runs (2K)^(T-l) times, the top instance holds
// the workload, and every instance of A(1) ends with nothing left.
func TestInvariants(t *testing.T) {
	for _, cfg := range []Config{
		{K: 4, T: 3, Messages: 3, RequestAck: true, Seed: 1},
		{K: 8, T: 2, Messages: 7, RequestAck: true, Seed: 2},
		{K: 8, T: 3, Messages: 2, Seed: 3},
		{K: 5, T: 1, Messages: 4, Seed: 4},
	} {
		res := run1(t, cfg)
		n := int64(math.Pow(float64(cfg.K), float64(cfg.T)))
		if res.Nodes != n || res.Messages != n*int64(cfg.Messages) {
			t.Errorf("%+v: %d nodes, %d messages", cfg, res.Nodes, res.Messages)
		}
		for _, lv := range res.Levels {
			calls := math.Pow(2, float64(cfg.T-lv.Level))
			if want := int64(math.Pow(float64(2*cfg.K), float64(cfg.T-lv.Level))); lv.Instances != want {
				t.Errorf("%+v level %d: %d instances, want %d", cfg, lv.Level, lv.Instances, want)
			}
			if lv.Level >= 2 && lv.AvgHops != calls {
				t.Errorf("%+v level %d: %v hops per message, want %v", cfg, lv.Level, lv.AvgHops, calls)
			}
			if lv.Level == 1 && lv.AvgHops < calls {
				t.Errorf("%+v level 1: %v hops per message, below the %v direct ones", cfg, lv.AvgHops, calls)
			}
			if lv.AvgRounds < calls || lv.MaxRounds < 1 {
				t.Errorf("%+v level %d: %v rounds (max %d), below one per call", cfg, lv.Level, lv.AvgRounds, lv.MaxRounds)
			}
		}
		if top := res.Levels[cfg.T-1]; top.MaxAvgLoad != float64(cfg.Messages) {
			t.Errorf("%+v: top load %v, want %d", cfg, top.MaxAvgLoad, cfg.Messages)
		}
		p0, last := res.Phases[0], res.Phases[len(res.Phases)-1]
		if want := res.Messages << (cfg.T - 1); p0.Remaining != want || p0.Active != res.Levels[0].Instances {
			t.Errorf("%+v: phase 0 %+v, want %d messages in %d instances", cfg, p0, want, res.Levels[0].Instances)
		}
		if last.Remaining == 0 || last.Active == 0 || len(res.Phases) != res.MaxPhases || len(res.Phases) > 1 && last.Remaining > res.Phases[len(res.Phases)-2].Remaining {
			t.Errorf("%+v: last phase %+v of %d, max phases %d", cfg, last, len(res.Phases), res.MaxPhases)
		}
	}
}

// TestTwoNodes enumerates K = 2, one level, two messages per node: either
// every node's two messages go to distinct nodes (all direct: 1 round and
// 1 hop each), or node 0 holds both messages for itself and node 1 both for
// itself; then one of each is relayed in phase 2 (2 hops, 3 rounds; the
// instance takes 2*2+1 rounds with the request and acknowledgement).
func TestTwoNodes(t *testing.T) {
	seen := map[bool]bool{}
	for seed := range uint64(40) {
		res := run1(t, Config{K: 2, T: 1, Messages: 2, RequestAck: true, Seed: seed})
		lv := res.Levels[0]
		direct := Level{Level: 1, MaxRounds: 1, AvgRounds: 1, MaxAvgLoad: 2, AvgHops: 1, Instances: 1}
		relayed := Level{Level: 1, MaxRounds: 5, AvgRounds: 2, MaxAvgLoad: 2, AvgHops: 1.5, Instances: 1}
		switch lv {
		case direct:
			seen[false] = true
		case relayed:
			seen[true] = true
			if want := []Phase{{0, 4, 4, 1}, {1, 2, 2, 1}}; !reflect.DeepEqual(res.Phases, want) {
				t.Errorf("seed %d: phases %+v, want %+v", seed, res.Phases, want)
			}
		default:
			t.Fatalf("seed %d: level 1 %+v, neither %+v nor %+v", seed, lv, direct, relayed)
		}
	}
	// The second case has probability 1/3 (2 of the 6 orders of 0,0,1,1).
	if !seen[false] || !seen[true] {
		t.Errorf("40 seeds gave only one case: %v", seen)
	}
}

// TestDirectFraction compares the first phase with its expectation: a
// node holding M messages with uniformly random destinations among K sends
// one per distinct destination, K(1 - (1 - 1/K)^M) in expectation. With
// T = 1 the clique holds the whole workload (a permutation of the
// multiset, so destinations are only nearly independent: 2% tolerance).
func TestDirectFraction(t *testing.T) {
	for _, c := range []struct{ K, M int }{{32, 28}, {64, 57}, {32, 4}} {
		var left, total int64
		for seed := range uint64(20) {
			res := run1(t, Config{K: c.K, T: 1, Messages: c.M, RequestAck: true, Seed: seed})
			left += res.Phases[1].Remaining
			total += res.Messages
		}
		got := 1 - float64(left)/float64(total)
		want := float64(c.K) * (1 - math.Pow(1-1/float64(c.K), float64(c.M))) / float64(c.M)
		if math.Abs(got-want) > 0.02*want {
			t.Errorf("K=%d M=%d: %.4f delivered directly, want %.4f", c.K, c.M, got, want)
		}
	}
}

// TestThreads checks that results do not depend on the number of
// goroutines, and that a seed changes them.
func TestThreads(t *testing.T) {
	cfg := Config{K: 8, T: 3, Messages: 7, RequestAck: true, Seed: 9}
	want := run1(t, cfg)
	for _, th := range []int{2, 3, 4} {
		cfg.Threads = th
		if got := run1(t, cfg); !reflect.DeepEqual(got, want) {
			t.Errorf("threads %d: %+v, want %+v", th, got, want)
		}
	}
	cfg.Seed++
	if got := run1(t, cfg); reflect.DeepEqual(got, want) {
		t.Error("another seed gave the same result")
	}
}

func TestValidate(t *testing.T) {
	for _, cfg := range []Config{{K: 1, T: 2, Messages: 1}, {K: 4, T: 0, Messages: 1}, {K: 4, T: 2}, {K: 1 << 16, T: 2, Messages: 1}, {K: 64, T: 6, Messages: 1}} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{K: 8, T: 3, Messages: 4, Threads: 2}); err == nil {
		t.Error("a cancelled run returned no error")
	}
}

// BenchmarkRun runs the paper's four configurations (Tables I-IV); the
// million-node ones take tens of seconds per iteration.
func BenchmarkRun(b *testing.B) {
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"c33-dense", Config{K: 64, T: 3, Messages: 57, RequestAck: true}},
		{"c33-light", Config{K: 64, T: 3, Messages: 5}},
		{"c44-dense", Config{K: 32, T: 4, Messages: 28, RequestAck: true}},
		{"c44-light", Config{K: 32, T: 4, Messages: 4}},
		{"small", Config{K: 16, T: 3, Messages: 14, RequestAck: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c.cfg.Seed = uint64(i)
				if _, err := Run(context.Background(), c.cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDerived recomputes the paper's Section III factors from its own
// Table I values through the same formulas: 2.5, 7.3 and 8.6.
func TestDerived(t *testing.T) {
	res := &Result{Nodes: 32 * 32 * 32 * 32, Levels: []Level{
		{Level: 1, AvgRounds: 13.69, AvgHops: 10.63}, {Level: 2, AvgRounds: 4.11, AvgHops: 4},
		{Level: 3, AvgRounds: 2.05, AvgHops: 2}, {Level: 4, AvgRounds: 1.03, AvgHops: 1},
	}}
	derive(res, 32, 4)
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"propagation", res.PropagationRatio, 2.5}, {"hops", res.HopGain, 7.3}, {"bandwidth", res.BandwidthGain, 8.6}} {
		if math.Abs(c.got-c.want) > 0.05 {
			t.Errorf("%s: %.3f, the paper prints %.1f", c.name, c.got, c.want)
		}
	}
}
