package netsim

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/workload"
)

// All-to-all on a small full-bisection fat tree (k-ary 2-tree, p = 4: 8
// switches, 16 endpoints) with adaptive routing, 128-flit messages in the
// shift order (at every moment each endpoint is the target of one source):
// every endpoint sends (N-1) x 128 = 1,920 flits, so the exchange cannot
// end before the last source has injected its last flit and that flit has
// crossed the network at zero load (1,919 + 10 cycles). It ends within 3%
// of this bound: what remains is the pipeline filling at the start and
// short head-of-line waits when two sources drifting out of step target
// one destination (measured: 1,956 cycles with 4 VCs, 1.4%).
func TestAllToAllFatTreeBound(t *testing.T) {
	n := newNet(t, "fattree", families.Values{"p": int64(4), "levels": int64(2)})
	wl, err := workload.New(workload.AllToAll, n.Endpoints(), workload.Params{Flits: 128})
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.VCs, cfg.PacketSize, cfg.FlowControl = 4, 8, VirtualCutThrough
	res, err := RunWorkload(context.Background(), n, mustRouting(t, n, "anca"), wl, cfg)
	if err != nil {
		t.Fatal(err)
	}
	flits := workload.InjectionBound(wl)
	tail := zeroLoad(cfg, 2) - float64(cfg.PacketSize-1) // one flit over 2 links
	bound := float64(flits-1) + tail
	if flits != 15*128 || res.MessagesDelivered != 16*15 || res.FlitsDelivered != 16*15*128 {
		t.Fatalf("bound %d flits, %d messages, %d flits delivered", flits, res.MessagesDelivered, res.FlitsDelivered)
	}
	if res.CompletionCycles < bound || res.CompletionCycles > 1.03*bound {
		t.Errorf("completion %.1f cycles, analytic bound %.1f (want within 3%%)", res.CompletionCycles, bound)
	}
	if want := float64(res.FlitsDelivered) / res.CompletionCycles / 16; math.Abs(res.EffectiveThroughput-want) > 1e-12 {
		t.Errorf("effective throughput %g, want %g", res.EffectiveThroughput, want)
	}
	t.Logf("completion %.1f cycles, bound %.1f (+%.1f%%), effective throughput %.3f", res.CompletionCycles, bound,
		100*(res.CompletionCycles/bound-1), res.EffectiveThroughput)
}

// Ring allreduce on a ring network of 8 routers: every step sends one
// chunk to the next router and waits for the chunk from the previous one,
// so the 2(N-1) = 14 steps take exactly 14 x (chunk - 1 + the zero-load
// latency of one hop) cycles: the blocking steps add no cycle of their
// own.
func TestRingAllreduceExact(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1), "p": int64(1)})
	for _, chunk := range []int64{1, 8} {
		wl, err := workload.New(workload.RingAllreduce, n.Endpoints(), workload.Params{Flits: chunk * 8})
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		res, err := RunWorkload(context.Background(), n, mustRouting(t, n, "dor"), wl, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := 14 * (float64(chunk-1) + zeroLoad(cfg, 1))
		if res.CompletionCycles != want || res.MessagesDelivered != 14*8 {
			t.Errorf("chunk %d: completion %.1f cycles, %d messages; want %.1f, 112", chunk, res.CompletionCycles, res.MessagesDelivered, want)
		}
	}
}

// Every workload runs to completion on a Slim Fly, with its messages sent
// one after another and interleaved, delivers all its flits, and the same
// seed gives the same result.
func TestWorkloadsComplete(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	for _, inter := range []bool{false, true} {
		t.Run(map[bool]string{false: "sequential", true: "interleaved"}[inter], func(t *testing.T) {
			workloadsComplete(t, n, inter)
		})
	}
}

func workloadsComplete(t *testing.T, n *Network, inter bool) {
	for _, name := range workload.Names() {
		p := workload.Params{Flits: 18, Seed: 3}
		if name == workload.NearestNeighbor {
			p.Dims = [3]int{5, 5, 8}
		}
		wl, err := workload.New(name, n.Endpoints(), p)
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.PacketSize = 4 // 18 flits: packets of 4, 4, 4, 4 and 2
		cfg.InterleaveMessages = inter
		rt := mustRouting(t, n, "ugal-l")
		a, err := RunWorkload(context.Background(), n, rt, wl, cfg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, flits := workload.Totals(wl)
		if a.FlitsDelivered != flits || a.EffectiveThroughput <= 0 || a.EffectiveThroughput > 1 || !strings.HasPrefix(a.Workload, name) {
			t.Errorf("%s: %d of %d flits, effective throughput %g", name, a.FlitsDelivered, flits, a.EffectiveThroughput)
		}
		b, err := RunWorkload(context.Background(), n, rt, wl, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: same inputs, different results", name)
		}
		t.Logf("%-17s completion %8.1f cycles, effective throughput %.3f", name, a.CompletionCycles, a.EffectiveThroughput)
	}
}

func TestWorkloadErrors(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	rt := mustMin(t, n)
	wl, _ := workload.New(workload.Permutation, 100, workload.Params{Flits: 4})
	if _, err := RunWorkload(context.Background(), n, rt, wl, DefaultConfig()); err == nil || !strings.Contains(err.Error(), "for 100 endpoints") {
		t.Errorf("workload for another network: %v", err)
	}
	wl, _ = workload.New(workload.AllToAll, n.Endpoints(), workload.Params{Flits: 1000})
	cfg := DefaultConfig()
	cfg.MaxCycles = 100
	if _, err := RunWorkload(context.Background(), n, rt, wl, cfg); err == nil || !strings.Contains(err.Error(), "not finished after") {
		t.Errorf("max_cycles: %v", err)
	}
}

// fanWorkload is a one-step workload for the injection-order test:
// endpoint a sends flits flits to c and then to d, endpoint b sends flits
// to c; every other endpoint is idle.
type fanWorkload struct {
	e, a, b, c, d int32
	flits         int64
}

func (w fanWorkload) Endpoints() int { return int(w.e) }
func (w fanWorkload) Steps(e int32) int32 {
	if e == w.a || e == w.b {
		return 1
	}
	return 0
}
func (w fanWorkload) Count(e, s int32) int32 {
	switch {
	case s != 0:
		return 0
	case e == w.a:
		return 2
	case e == w.b:
		return 1
	}
	return 0
}
func (w fanWorkload) Message(e, _, i int32) (int32, int64) {
	if e == w.a && i == 1 {
		return w.d, w.flits
	}
	return w.c, w.flits
}
func (w fanWorkload) Recvs(int32, int32) int32 { return 0 }
func (w fanWorkload) Blocking() bool           { return false }
func (w fanWorkload) Name() string             { return "fan" }

// The injection order of a step's messages (Config.InterleaveMessages) on
// a k-ary 2-tree (p = 4: four endpoints per leaf, 16 in all). Endpoints a
// and b both send M flits to c on their own leaf, and a then M flits to d
// on another leaf. c's ejection channel is the bottleneck; its output
// port serves the injection ports of a and b in turn.
//   - One after another, a's message to c and b's share c's channel and
//     both end at 2M; only then does a start the message to d: 3M, less
//     what the input buffers of a and b at the leaf (B flits each) still
//     hold for c when a injects its last flit to c, at most 3M - 2B.
//   - Interleaved, a alternates packets to c and to d. Its flow to c gets
//     half of c's channel, b's flow the other half, and the flow to d the
//     rest of a's injection: all three end at 2M, and not before.
//
// Both end within 2% of 3M and 2M plus the zero-load crossing of three
// links.
func TestInterleavedInjection(t *testing.T) {
	n := newNet(t, "fattree", families.Values{"p": int64(4), "levels": int64(2)})
	const M = 1024
	wl := fanWorkload{e: int32(n.Endpoints()), a: 0, b: 1, c: 2, d: 8, flits: M}
	B := float64(DefaultConfig().BufPerPort)
	for _, tt := range []struct {
		inter    bool
		lo, want float64
	}{{false, 3*M - 2*B, 3 * M}, {true, 2 * M, 2 * M}} {
		cfg := DefaultConfig()
		cfg.VCs, cfg.PacketSize, cfg.FlowControl = 4, 8, VirtualCutThrough
		cfg.InterleaveMessages = tt.inter
		res, err := RunWorkload(context.Background(), n, mustRouting(t, n, "anca"), wl, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if res.MessagesDelivered != 3 || res.FlitsDelivered != 3*M {
			t.Fatalf("interleave %v: %d messages, %d flits delivered", tt.inter, res.MessagesDelivered, res.FlitsDelivered)
		}
		hi := 1.02*tt.want + zeroLoad(cfg, 3)
		if res.CompletionCycles < tt.lo || res.CompletionCycles > hi {
			t.Errorf("interleave %v: completion %.1f cycles, want in [%.0f, %.1f]", tt.inter, res.CompletionCycles, tt.lo, hi)
		}
		t.Logf("interleave %v: completion %.1f cycles, want in [%.0f, %.1f]", tt.inter, res.CompletionCycles, tt.lo, hi)
	}
}

// growingShift is a one-step exchange on E endpoints in which endpoint i
// sends one message of i+1 flits to endpoint i+1 (mod E).
type growingShift struct{ e int32 }

func (g growingShift) Endpoints() int                       { return int(g.e) }
func (g growingShift) Steps(int32) int32                    { return 1 }
func (g growingShift) Count(int32, int32) int32             { return 1 }
func (g growingShift) Recvs(int32, int32) int32             { return 1 }
func (g growingShift) Blocking() bool                       { return false }
func (g growingShift) Name() string                         { return "growing_shift" }
func (g growingShift) Message(e, _, _ int32) (int32, int64) { return (e + 1) % g.e, int64(e) + 1 }

// Sources that finish at different times: on a ring of 8 routers with one
// endpoint each, endpoint i streams i+1 one-flit packets to its neighbour
// over a link no other source uses, so it finishes i + Z cycles after the
// first injection (Z the zero-load latency of one hop). Half the sources
// are done at the 4th of those times (nearest rank), 99% at the 8th, which
// is the completion of the whole exchange.
func TestSourceCompletion(t *testing.T) {
	n := newNet(t, "torus", families.Values{"k": int64(8), "n": int64(1), "p": int64(1)})
	cfg := DefaultConfig()
	res, err := RunWorkload(context.Background(), n, mustRouting(t, n, "dor"), growingShift{8}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	z := zeroLoad(cfg, 1)
	if res.SourceCompletionP50 != 3+z || res.SourceCompletionP99 != 7+z || res.CompletionCycles != 7+z {
		t.Errorf("sources done: half at %g, 99%% at %g, all at %g cycles; want %g, %g, %g",
			res.SourceCompletionP50, res.SourceCompletionP99, res.CompletionCycles, 3+z, 7+z, 7+z)
	}
}
