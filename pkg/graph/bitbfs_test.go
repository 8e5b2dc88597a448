package graph

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestBitBFS compares the levels BitBFS reports with plain BFS distances on
// random graphs (disconnected ones too), for batches of 1 to 64 sources,
// reusing one BitBFS, also after a search the callback stopped.
func TestBitBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for it := 0; it < 30; it++ {
		n := 1 + rng.IntN(300)
		g, _ := randomGraph(rng, n, rng.IntN(3*n), -1)
		b := NewBitBFS(g)
		want := make([]int32, n)
		for _, stopAt := range []int{2, 0} {
			srcs := make([]int32, 0, 64)
			for _, s := range rng.Perm(n)[:min(n, 1+rng.IntN(64))] {
				srcs = append(srcs, int32(s))
			}
			got := make([][]int32, len(srcs))
			for i := range got {
				got[i] = make([]int32, n)
				for v := range got[i] {
					got[i][v] = -1
				}
				got[i][srcs[i]] = 0
			}
			last := 0
			ok := b.Run(nil, srcs, func(d int, reached []int32, bits []uint64) bool {
				if d != last+1 {
					t.Fatalf("level %d after %d", d, last)
				}
				last = d
				if d == stopAt {
					return false
				}
				for _, v := range reached {
					if bits[v] == 0 {
						t.Fatalf("level %d: vertex %d reported without bits", d, v)
					}
					for x := bits[v]; x != 0; x &= x - 1 {
						i := 0
						for x>>uint(i)&1 == 0 {
							i++
						}
						if got[i][v] >= 0 {
							t.Fatalf("source %d reaches %d twice", srcs[i], v)
						}
						got[i][v] = int32(d)
					}
				}
				return true
			})
			if stopAt > 0 {
				if ok && last >= stopAt {
					t.Fatalf("Run = true after the callback stopped it")
				}
				continue
			}
			if !ok {
				t.Fatal("Run = false")
			}
			for i, s := range srcs {
				BFS(g, s, want)
				for v := range want {
					if got[i][v] != want[v] {
						t.Fatalf("n = %d: dist(%d, %d) = %d, want %d", n, s, v, got[i][v], want[v])
					}
				}
			}
		}
	}
}

// TestBitBFSCancelled: a closed done channel stops the search.
func TestBitBFSCancelled(t *testing.T) {
	g, _ := randomGraph(rand.New(rand.NewPCG(1, 2)), 1000, 3000, -1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if NewBitBFS(g).Run(ctx.Done(), []int32{0, 1, 2}, func(int, []int32, []uint64) bool { return true }) {
		t.Error("Run = true with a closed done channel")
	}
}
