package placement

import (
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

func TestSequential(t *testing.T) {
	tests := []struct {
		n, size int
		want    []int // group sizes
	}{
		{0, 16, nil},
		{1, 16, []int{1}},
		{16, 16, []int{16}},
		{17, 16, []int{9, 8}},
		{32, 16, []int{16, 16}},
		{10, 3, []int{3, 3, 2, 2}},
		{11, 3, []int{3, 3, 3, 2}},
		{7, 1, []int{1, 1, 1, 1, 1, 1, 1}},
		{5, 100, []int{5}},
	}
	for _, tt := range tests {
		cab := Sequential(tt.n, tt.size)
		got := make([]int, 0)
		for v, c := range cab {
			if v > 0 && c != cab[v-1] && c != cab[v-1]+1 {
				t.Fatalf("Sequential(%d, %d): router %d in cabinet %d after %d: not consecutive", tt.n, tt.size, v, c, cab[v-1])
			}
			if int(c) == len(got) {
				got = append(got, 0)
			}
			got[c]++
		}
		if len(got) != len(tt.want) {
			t.Errorf("Sequential(%d, %d) sizes %v, want %v", tt.n, tt.size, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Sequential(%d, %d) sizes %v, want %v", tt.n, tt.size, got, tt.want)
				break
			}
		}
	}
}

// TestSequentialEven checks, over many sizes, the count ceil(n/size), the
// capacity, evenness (sizes differ by at most one) and the paper's "size or
// size-1" whenever there are at least size-1 groups.
func TestSequentialEven(t *testing.T) {
	for size := 1; size <= 20; size++ {
		for n := 0; n <= 500; n += 1 + n/50 {
			cab := Sequential(n, size)
			checkCabinets(t, cab, n, size)
			lo, hi := n, 0
			for _, grp := range groups(cab) {
				lo, hi = min(lo, len(grp)), max(hi, len(grp))
			}
			m := (n + size - 1) / size
			if n > 0 && hi-lo > 1 {
				t.Errorf("Sequential(%d, %d): sizes %d..%d, not as even as possible", n, size, lo, hi)
			}
			if n > 0 && m >= size-1 && lo < size-1 {
				t.Errorf("Sequential(%d, %d): %d groups, smallest %d < size-1", n, size, m, lo)
			}
		}
	}
}

func TestSequentialPanics(t *testing.T) {
	for _, c := range []struct{ n, size int }{{-1, 4}, {4, 0}, {4, -2}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Sequential(%d, %d) did not panic", c.n, c.size)
				}
			}()
			Sequential(c.n, c.size)
		}()
	}
}

func TestInterCabinetLinksAndPairs(t *testing.T) {
	e := func(u, v int32) graph.Edge { return graph.Edge{U: u, V: v} }
	tests := []struct {
		name       string
		n          int
		edges      []graph.Edge
		cab        []int32
		inter, prs int
	}{
		{"ring8-pairs", 8, []graph.Edge{e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(5, 6), e(6, 7), e(7, 0)},
			[]int32{0, 0, 1, 1, 2, 2, 3, 3}, 4, 4},
		{"ring8-one-cabinet", 8, []graph.Edge{e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(5, 6), e(6, 7), e(7, 0)},
			make([]int32, 8), 0, 0},
		{"ring8-halves", 8, []graph.Edge{e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(5, 6), e(6, 7), e(7, 0)},
			[]int32{0, 0, 0, 0, 1, 1, 1, 1}, 2, 1},
		{"parallel", 3, []graph.Edge{e(0, 1), e(0, 1), e(1, 2)}, []int32{0, 1, 1}, 2, 1},
		{"star", 5, []graph.Edge{e(0, 1), e(0, 2), e(0, 3), e(0, 4)}, []int32{0, 1, 2, 3, 3}, 4, 3},
		{"empty", 0, nil, nil, 0, 0},
	}
	for _, tt := range tests {
		g := mustGraph(t, tt.n, tt.edges)
		if got := InterCabinetLinks(g, tt.cab); got != tt.inter {
			t.Errorf("%s: InterCabinetLinks = %d, want %d", tt.name, got, tt.inter)
		}
		if got := CabinetPairs(g, tt.cab); got != tt.prs {
			t.Errorf("%s: CabinetPairs = %d, want %d", tt.name, got, tt.prs)
		}
	}
}
