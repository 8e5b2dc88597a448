package workload

import (
	"slices"
	"testing"
)

// torusNeighbors returns the ranks of the neighbours of rank r on torus
// dims in the order +x, -x, +y, -y, +z, -z, leaving out the dimensions of
// length 1, computed from coordinates.
func torusNeighbors(dims [3]int, r int) []int {
	c := [3]int{r % dims[0], r / dims[0] % dims[1], r / (dims[0] * dims[1])}
	rank := func(c [3]int) int { return c[0] + dims[0]*(c[1]+dims[1]*c[2]) }
	var out []int
	for k := range 3 {
		if dims[k] == 1 {
			continue
		}
		for _, step := range []int{1, dims[k] - 1} {
			n := c
			n[k] = (c[k] + step) % dims[k]
			out = append(out, rank(n))
		}
	}
	return out
}

func TestNearestNeighbor(t *testing.T) {
	tests := []struct {
		dims      [3]int
		endpoints int
		perProc   int32
	}{
		{[3]int{4, 3, 2}, 24, 6},
		{[3]int{4, 3, 2}, 30, 6},
		{[3]int{12, 14, 19}, 3192, 6},
		{[3]int{13, 13, 18}, 3042, 6},
		{[3]int{2, 2, 2}, 9, 6},
		{[3]int{5, 1, 3}, 15, 4},
		{[3]int{1, 7, 1}, 8, 2},
		{[3]int{1, 1, 1}, 3, 0},
	}
	for _, tt := range tests {
		w := mustNew(t, NearestNeighbor, tt.endpoints, Params{Flits: 9, Dims: tt.dims})
		p := tt.dims[0] * tt.dims[1] * tt.dims[2]
		for e := range int32(tt.endpoints) {
			count, steps := tt.perProc, int32(1)
			if int(e) >= p || count == 0 {
				count, steps = 0, 0
			}
			if w.Steps(e) != steps || w.Count(e, 0) != count || w.Recvs(e, 0) != count {
				t.Fatalf("%s: endpoint %d: %d steps, %d messages, %d receives; want %d, %d, %d",
					w.Name(), e, w.Steps(e), w.Count(e, 0), w.Recvs(e, 0), steps, count, count)
			}
			if count == 0 {
				continue
			}
			var got []int
			for i := range count {
				d, f := w.Message(e, 0, i)
				if f != 9 {
					t.Fatalf("%s: message %d of %d has %d flits", w.Name(), i, e, f)
				}
				got = append(got, int(d))
			}
			// The exact order +x, -x, +y, -y, +z, -z (hence the same
			// multiset as the torus neighbours).
			if want := torusNeighbors(tt.dims, int(e)); !slices.Equal(got, want) {
				t.Fatalf("%s: rank %d sends to %v, want %v", w.Name(), e, got, want)
			}
		}
		checkConsistent(t, w)
		if m, _ := Totals(w); m != int64(p)*int64(tt.perProc) {
			t.Errorf("%s: %d messages, want %d", w.Name(), m, p*int(tt.perProc))
		}
	}
}

// TestNearestNeighborExact spells out a few ranks of 4x3x2.
func TestNearestNeighborExact(t *testing.T) {
	w := mustNew(t, NearestNeighbor, 24, Params{Flits: 1, Dims: [3]int{4, 3, 2}})
	want := map[int32][]int32{
		// (0,0,0): +x (1,0,0), -x (3,0,0), +y (0,1,0), -y (0,2,0), +z = -z (0,0,1).
		0: {1, 3, 4, 8, 12, 12},
		// (3,2,1) = 3 + 4*(2 + 3*1) = 23.
		23: {20, 22, 15, 19, 11, 11},
		// (1,1,0) = 5.
		5: {6, 4, 9, 1, 17, 17},
	}
	for e, dsts := range want {
		for i, d := range dsts {
			if got, _ := w.Message(e, 0, int32(i)); got != d {
				t.Errorf("Message(%d, 0, %d) = %d, want %d", e, i, got, d)
			}
		}
	}
}

func TestNearestNeighborMapping(t *testing.T) {
	dims := [3]int{3, 2, 2}
	const e = 20
	// Rank r on endpoint 19 - r (reversed), endpoints 0..7 idle.
	mapping := make([]int32, 12)
	for r := range mapping {
		mapping[r] = int32(e - 1 - r)
	}
	w := mustNew(t, NearestNeighbor, e, Params{Flits: 2, Dims: dims, Mapping: mapping})
	checkConsistent(t, w)
	for x := range int32(e) {
		r := int(e - 1 - x)
		if r >= 12 {
			if w.Steps(x) != 0 {
				t.Errorf("idle endpoint %d has %d steps", x, w.Steps(x))
			}
			continue
		}
		var got []int
		for i := range w.Count(x, 0) {
			d, _ := w.Message(x, 0, i)
			got = append(got, e-1-int(d))
		}
		if want := torusNeighbors(dims, r); !slices.Equal(got, want) {
			t.Errorf("rank %d (endpoint %d) sends to ranks %v, want %v", r, x, got, want)
		}
	}
	// The mapping is copied.
	mapping[0] = 0
	if d, _ := w.Message(18, 0, 1); d != 19 {
		t.Errorf("rank 1 -x goes to endpoint %d after the caller's change, want 19", d)
	}
}
