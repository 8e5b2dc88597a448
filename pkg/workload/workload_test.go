package workload

import (
	"strings"
	"testing"
)

func mustNew(t testing.TB, name string, endpoints int, p Params) Workload {
	t.Helper()
	w, err := New(name, endpoints, p)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// msg is one message of a workload.
type msg struct {
	src, step, dst int32
	flits          int64
}

// messages returns all messages of w in (source, step, index) order.
func messages(w Workload) []msg {
	var out []msg
	for e := int32(0); int(e) < w.Endpoints(); e++ {
		for s := range w.Steps(e) {
			for i := range w.Count(e, s) {
				d, f := w.Message(e, s, i)
				out = append(out, msg{e, s, d, f})
			}
		}
	}
	return out
}

// checkConsistent checks the invariants every workload must satisfy:
// destinations in range and != source, flits >= 1, Count and Recvs 0
// outside the steps, an endpoint with steps has messages or receives in
// some step, and Recvs(e, s) equal to the number of messages of step s
// addressed to e.
func checkConsistent(t *testing.T, w Workload) {
	t.Helper()
	e := int32(w.Endpoints())
	recv := map[[2]int32]int32{}
	for _, m := range messages(w) {
		if m.dst < 0 || m.dst >= e || m.dst == m.src {
			t.Fatalf("%s: endpoint %d step %d sends to %d (E = %d)", w.Name(), m.src, m.step, m.dst, e)
		}
		if m.flits < 1 {
			t.Fatalf("%s: endpoint %d step %d sends %d flits", w.Name(), m.src, m.step, m.flits)
		}
		recv[[2]int32{m.dst, m.step}]++
	}
	for x := range e {
		steps := w.Steps(x)
		if steps < 0 {
			t.Fatalf("%s: Steps(%d) = %d", w.Name(), x, steps)
		}
		for _, s := range []int32{-1, steps} {
			if c, r := w.Count(x, s), w.Recvs(x, s); c != 0 || r != 0 {
				t.Fatalf("%s: endpoint %d outside its %d steps: Count(%d) = %d, Recvs = %d", w.Name(), x, steps, s, c, r)
			}
		}
		for s := range steps {
			if got, want := w.Recvs(x, s), recv[[2]int32{x, s}]; got != want {
				t.Fatalf("%s: Recvs(%d, %d) = %d, but %d messages of step %d go to %d", w.Name(), x, s, got, want, s, x)
			}
			delete(recv, [2]int32{x, s})
		}
	}
	for k, n := range recv {
		t.Fatalf("%s: %d messages of step %d go to endpoint %d, which has only %d steps", w.Name(), n, k[1], k[0], w.Steps(k[0]))
	}
}

func TestNamesDoc(t *testing.T) {
	want := []string{AllToAll, AllgatherRD, NearestNeighbor, Permutation, RingAllreduce}
	if got := Names(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, n := range Names() {
		d, ok := Doc(n)
		if !ok || len(d) < 100 {
			t.Errorf("Doc(%q) = %q, %v", n, d, ok)
		}
	}
	if _, ok := Doc("nope"); ok {
		t.Error(`Doc("nope") found`)
	}
}

// TestAll checks every workload, on several sizes, for consistency and its
// Name.
func TestAll(t *testing.T) {
	tests := []struct {
		name      string
		endpoints int
		p         Params
		wantName  string
	}{
		{AllToAll, 12, Params{Flits: 30}, "all_to_all(n=12, msg_flits=30, order=shift)"},
		{AllToAll, 12, Params{Flits: 30, Order: OrderShift, Active: 7}, "all_to_all(n=7, msg_flits=30, order=shift)"},
		{AllToAll, 13, Params{Flits: 2, Order: OrderRandom, Seed: 5}, "all_to_all(n=13, msg_flits=2, order=random, seed=5)"},
		{AllToAll, 2, Params{Flits: 1, Order: OrderRandom}, "all_to_all(n=2, msg_flits=1, order=random, seed=0)"},
		{AllToAll, 1, Params{Flits: 1}, "all_to_all(n=1, msg_flits=1, order=shift)"},
		{NearestNeighbor, 30, Params{Flits: 4, Dims: [3]int{4, 3, 2}}, "nearest_neighbor(torus=4x3x2, msg_flits=4)"},
		{NearestNeighbor, 12, Params{Flits: 4, Dims: [3]int{4, 1, 3}}, "nearest_neighbor(torus=4x1x3, msg_flits=4)"},
		{NearestNeighbor, 5, Params{Flits: 4, Dims: [3]int{1, 1, 1}}, "nearest_neighbor(torus=1x1x1, msg_flits=4)"},
		{NearestNeighbor, 8, Params{Flits: 1, Dims: [3]int{2, 3, 1}, Mapping: []int32{7, 0, 3, 5, 1, 2}}, "nearest_neighbor(torus=2x3x1, msg_flits=1, mapping=custom)"},
		{Permutation, 12, Params{Flits: 3, Seed: 9}, "permutation(n=12, msg_flits=3, seed=9)"},
		{Permutation, 12, Params{Flits: 3, Active: 2}, "permutation(n=2, msg_flits=3, seed=0)"},
		{Permutation, 1, Params{Flits: 3}, "permutation(n=1, msg_flits=3, seed=0)"},
		{RingAllreduce, 12, Params{Flits: 100}, "ring_allreduce(n=12, vector_flits=100, chunk_flits=9)"},
		{RingAllreduce, 12, Params{Flits: 5, Active: 3}, "ring_allreduce(n=3, vector_flits=5, chunk_flits=2)"},
		{RingAllreduce, 1, Params{Flits: 5}, "ring_allreduce(n=1, vector_flits=5, chunk_flits=5)"},
		{AllgatherRD, 12, Params{Flits: 7}, "allgather_rd(n=8, block_flits=7)"},
		{AllgatherRD, 12, Params{Flits: 7, Active: 3}, "allgather_rd(n=2, block_flits=7)"},
		{AllgatherRD, 1, Params{Flits: 7}, "allgather_rd(n=1, block_flits=7)"},
	}
	for _, tt := range tests {
		w := mustNew(t, tt.name, tt.endpoints, tt.p)
		if got := w.Name(); got != tt.wantName {
			t.Errorf("Name() = %q, want %q", got, tt.wantName)
		}
		if w.Endpoints() != tt.endpoints {
			t.Errorf("%s: Endpoints() = %d, want %d", w.Name(), w.Endpoints(), tt.endpoints)
		}
		if got, want := w.Blocking(), tt.name == RingAllreduce || tt.name == AllgatherRD; got != want {
			t.Errorf("%s: Blocking() = %v, want %v", w.Name(), got, want)
		}
		checkConsistent(t, w)
	}
}

func TestTotalsBounds(t *testing.T) {
	tests := []struct {
		name      string
		endpoints int
		p         Params
		msgs      int64
		flits     int64
		inj, ej   int64
	}{
		// 12*11 messages of 30 flits; every endpoint sends and receives 11.
		{AllToAll, 12, Params{Flits: 30}, 132, 3960, 330, 330},
		{AllToAll, 12, Params{Flits: 30, Order: OrderRandom, Active: 5}, 20, 600, 120, 120},
		{AllToAll, 1, Params{Flits: 30}, 0, 0, 0, 0},
		// 24 processes * 6 neighbours.
		{NearestNeighbor, 30, Params{Flits: 4, Dims: [3]int{4, 3, 2}}, 144, 576, 24, 24},
		{NearestNeighbor, 12, Params{Flits: 4, Dims: [3]int{4, 1, 3}}, 48, 192, 16, 16},
		{Permutation, 12, Params{Flits: 3}, 12, 36, 3, 3},
		// 2*11 steps * 12 processes * chunk 9.
		{RingAllreduce, 12, Params{Flits: 100}, 264, 2376, 198, 198},
		// N = 8: every process sends 7 blocks of 7 flits.
		{AllgatherRD, 12, Params{Flits: 7}, 24, 392, 49, 49},
	}
	for _, tt := range tests {
		w := mustNew(t, tt.name, tt.endpoints, tt.p)
		m, f := Totals(w)
		if m != tt.msgs || f != tt.flits {
			t.Errorf("%s: Totals = %d messages, %d flits, want %d, %d", w.Name(), m, f, tt.msgs, tt.flits)
		}
		if got := InjectionBound(w); got != tt.inj {
			t.Errorf("%s: InjectionBound = %d, want %d", w.Name(), got, tt.inj)
		}
		if got := EjectionBound(w); got != tt.ej {
			t.Errorf("%s: EjectionBound = %d, want %d", w.Name(), got, tt.ej)
		}
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name      string
		endpoints int
		p         Params
		want      string
	}{
		{"all2all", 12, Params{Flits: 1}, `workload: unknown workload "all2all"; valid workloads: all_to_all, allgather_rd, nearest_neighbor, permutation, ring_allreduce`},
		{AllToAll, 12, Params{}, "workload: all_to_all: msg_flits = 0: need at least 1 flit"},
		{AllToAll, 12, Params{Flits: 1, Order: "zigzag"}, `workload: all_to_all: unknown order "zigzag"; valid orders: shift, random`},
		{AllToAll, 12, Params{Flits: 1, Active: 13}, "workload: all_to_all: active = 13 processes, but the network has 12 endpoints: use 1..12, or 0 for all"},
		{AllToAll, 12, Params{Flits: 1, Active: -1}, "active = -1 processes"},
		{AllToAll, 0, Params{Flits: 1}, "workload: all_to_all: 0 endpoints: need 1..2147483647"},
		{AllToAll, 12, Params{Flits: 1 << 62}, "workload: all_to_all: msg_flits = 4611686018427387904: 132 messages of that size overflow int64 flits; use at most 69874030582233150"},
		{AllToAll, 12, Params{Flits: 1, Dims: [3]int{2, 2, 3}}, "workload: all_to_all: dims 2x2x3 apply only to nearest_neighbor; leave them zero"},
		{AllToAll, 12, Params{Flits: 1, Mapping: []int32{0}}, "workload: all_to_all: a mapping applies only to nearest_neighbor; leave it nil"},
		{RingAllreduce, 12, Params{Flits: 1, Order: OrderShift}, `workload: ring_allreduce: order "shift" applies only to all_to_all; leave it empty`},
		{RingAllreduce, 12, Params{Flits: -4}, "workload: ring_allreduce: vector_flits = -4: need at least 1 flit"},
		{AllgatherRD, 12, Params{}, "workload: allgather_rd: block_flits = 0: need at least 1 flit"},
		{Permutation, 12, Params{}, "workload: permutation: msg_flits = 0: need at least 1 flit"},
		{NearestNeighbor, 3042, Params{Flits: 1, Dims: [3]int{13, 13, 20}}, "workload: nearest_neighbor: torus 13x13x20 = 3380 processes, but the network has 3042 endpoints: use at most 3042 processes"},
		{NearestNeighbor, 3042, Params{Flits: 1, Dims: [3]int{1 << 40, 1 << 40, 1 << 40}}, "workload: nearest_neighbor: torus 1099511627776x1099511627776x1099511627776 has more processes than the network's 3042 endpoints"},
		{NearestNeighbor, 100, Params{Flits: 1}, "workload: nearest_neighbor: torus 0x0x0: every dimension must be >= 1 (e.g. dims 12x14x19)"},
		{NearestNeighbor, 100, Params{Flits: 1, Dims: [3]int{4, -1, 2}}, "torus 4x-1x2: every dimension must be >= 1"},
		{NearestNeighbor, 100, Params{Dims: [3]int{4, 3, 2}}, "workload: nearest_neighbor: msg_flits = 0: need at least 1 flit"},
		{NearestNeighbor, 100, Params{Flits: 1, Dims: [3]int{4, 3, 2}, Active: 24}, "workload: nearest_neighbor: active = 24 does not apply: the torus dims set the number of processes; leave it 0"},
		{NearestNeighbor, 10, Params{Flits: 1, Dims: [3]int{2, 2, 1}, Mapping: []int32{0, 1, 2}}, "workload: nearest_neighbor: torus 2x2x1 = 4 processes, but the mapping has 3 entries: give one endpoint per rank"},
		{NearestNeighbor, 10, Params{Flits: 1, Dims: [3]int{2, 2, 1}, Mapping: []int32{0, 1, 10, 3}}, "workload: nearest_neighbor: mapping[2] = 10: endpoints are 0..9"},
		{NearestNeighbor, 10, Params{Flits: 1, Dims: [3]int{2, 2, 1}, Mapping: []int32{0, 5, 2, 5}}, "workload: nearest_neighbor: ranks 1 and 3 both map to endpoint 5: the mapping must be one-to-one"},
	}
	for _, tt := range tests {
		_, err := New(tt.name, tt.endpoints, tt.p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q, %d, %+v) error = %v, want %q", tt.name, tt.endpoints, tt.p, err, tt.want)
		}
	}
}

// TestAllocs checks that the per-message methods do not allocate.
func TestAllocs(t *testing.T) {
	ws := []Workload{
		mustNew(t, AllToAll, 1000, Params{Flits: 30}),
		mustNew(t, AllToAll, 1000, Params{Flits: 30, Order: OrderRandom, Seed: 1}),
		mustNew(t, NearestNeighbor, 1000, Params{Flits: 30, Dims: [3]int{10, 10, 10}}),
		mustNew(t, NearestNeighbor, 6, Params{Flits: 30, Dims: [3]int{2, 3, 1}, Mapping: []int32{5, 4, 3, 2, 1, 0}}),
		mustNew(t, Permutation, 1000, Params{Flits: 30, Seed: 1}),
		mustNew(t, RingAllreduce, 1000, Params{Flits: 30000}),
		mustNew(t, AllgatherRD, 1000, Params{Flits: 30}),
	}
	for _, w := range ws {
		var sink int64
		allocs := testing.AllocsPerRun(100, func() {
			for e := int32(0); e < 6; e++ {
				for s := range w.Steps(e) {
					sink += int64(w.Recvs(e, s))
					for i := range w.Count(e, s) {
						d, f := w.Message(e, s, i)
						sink += int64(d) + f
					}
				}
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run", w.Name(), allocs)
		}
		if sink == 0 {
			t.Errorf("%s: no messages", w.Name())
		}
	}
}

func benchmarkMessage(b *testing.B, w Workload) {
	e := int32(w.Endpoints())
	var sink int64
	var src, i int32
	for b.Loop() {
		if i == w.Count(src, 0) {
			i = 0
			if src++; src == e {
				src = 0
			}
		}
		d, f := w.Message(src, 0, i)
		sink += int64(d) + f
		i++
	}
	if sink == 0 {
		b.Fatal("no messages")
	}
}

func BenchmarkMessage(b *testing.B) {
	b.Run("all_to_all_shift", func(b *testing.B) {
		benchmarkMessage(b, mustNew(b, AllToAll, 100000, Params{Flits: 30}))
	})
	b.Run("all_to_all_random", func(b *testing.B) {
		benchmarkMessage(b, mustNew(b, AllToAll, 100000, Params{Flits: 30, Order: OrderRandom, Seed: 1}))
	})
	b.Run("nearest_neighbor", func(b *testing.B) {
		benchmarkMessage(b, mustNew(b, NearestNeighbor, 3192, Params{Flits: 30, Dims: [3]int{12, 14, 19}}))
	})
}
