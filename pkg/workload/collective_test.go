package workload

import "testing"

func TestRingAllreduce(t *testing.T) {
	tests := []struct {
		endpoints, active int
		vector            int64
		n                 int32
		chunk             int64
	}{
		{12, 0, 120, 12, 10},
		{12, 0, 100, 12, 9}, // ceil(100/12)
		{12, 0, 5, 12, 1},   // at least 1 flit
		{12, 5, 11, 5, 3},
		{12, 2, 1, 2, 1},
		{300, 0, 1 << 20, 300, 3496}, // ceil(1048576/300)
	}
	for _, tt := range tests {
		w := mustNew(t, RingAllreduce, tt.endpoints, Params{Flits: tt.vector, Active: tt.active})
		checkConsistent(t, w)
		steps := 2 * (tt.n - 1)
		for e := range int32(tt.endpoints) {
			if e >= tt.n {
				if w.Steps(e) != 0 {
					t.Fatalf("%s: idle endpoint %d has %d steps", w.Name(), e, w.Steps(e))
				}
				continue
			}
			if w.Steps(e) != steps {
				t.Fatalf("%s: Steps(%d) = %d, want %d", w.Name(), e, w.Steps(e), steps)
			}
			for s := range steps {
				if w.Count(e, s) != 1 || w.Recvs(e, s) != 1 {
					t.Fatalf("%s: endpoint %d step %d: %d messages, %d receives, want 1, 1", w.Name(), e, s, w.Count(e, s), w.Recvs(e, s))
				}
				d, f := w.Message(e, s, 0)
				if d != (e+1)%tt.n || f != tt.chunk {
					t.Fatalf("%s: endpoint %d step %d sends %d flits to %d, want %d to %d", w.Name(), e, s, f, d, tt.chunk, (e+1)%tt.n)
				}
			}
		}
		m, f := Totals(w)
		if want := int64(steps) * int64(tt.n); m != want || f != want*tt.chunk {
			t.Errorf("%s: Totals = %d messages, %d flits, want %d, %d", w.Name(), m, f, want, want*tt.chunk)
		}
		if !w.Blocking() {
			t.Errorf("%s is not blocking", w.Name())
		}
	}
}

func TestAllgatherRD(t *testing.T) {
	tests := []struct {
		endpoints, active int
		n, steps          int32
	}{
		{12, 0, 8, 3},
		{16, 0, 16, 4},
		{17, 0, 16, 4},
		{12, 7, 4, 2},
		{12, 2, 2, 1},
		{3, 1, 1, 0},
		{1 << 12, 0, 1 << 12, 12},
	}
	const block = 5
	for _, tt := range tests {
		w := mustNew(t, AllgatherRD, tt.endpoints, Params{Flits: block, Active: tt.active})
		checkConsistent(t, w)
		for e := range int32(tt.endpoints) {
			if e >= tt.n {
				if w.Steps(e) != 0 {
					t.Fatalf("%s: idle endpoint %d has %d steps", w.Name(), e, w.Steps(e))
				}
				continue
			}
			if w.Steps(e) != tt.steps {
				t.Fatalf("%s: Steps(%d) = %d, want %d", w.Name(), e, w.Steps(e), tt.steps)
			}
			for s := range tt.steps {
				if w.Count(e, s) != 1 || w.Recvs(e, s) != 1 {
					t.Fatalf("%s: endpoint %d step %d: %d messages, %d receives, want 1, 1", w.Name(), e, s, w.Count(e, s), w.Recvs(e, s))
				}
				d, f := w.Message(e, s, 0)
				if want := e ^ 1<<s; d != want || f != block<<s {
					t.Fatalf("%s: endpoint %d step %d sends %d flits to %d, want %d to %d", w.Name(), e, s, f, d, block<<s, want)
				}
			}
		}
		// Every process ends with all N blocks: it receives N-1.
		if got, want := EjectionBound(w), int64(tt.n-1)*block; got != want {
			t.Errorf("%s: EjectionBound = %d, want %d", w.Name(), got, want)
		}
	}
	// E = 12: the exact messages of process 5.
	w := mustNew(t, AllgatherRD, 12, Params{Flits: 3})
	for s, want := range [][2]int64{{4, 3}, {7, 6}, {1, 12}} {
		if d, f := w.Message(5, int32(s), 0); int64(d) != want[0] || f != want[1] {
			t.Errorf("Message(5, %d, 0) = %d, %d, want %d, %d", s, d, f, want[0], want[1])
		}
	}
}
