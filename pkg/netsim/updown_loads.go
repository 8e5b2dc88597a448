package netsim

import (
	"context"
	"runtime"
	"sync"
)

// UniformLoads returns the expected load of every directed channel (one
// entry per adjacency index of the network's graph, the channel from r to
// Neighbor(r, i)) when every ordered pair of endpoints on different routers
// sends one unit under up*/down* as UpDown routes it: along shortest legal
// routes, each router splitting what it forwards evenly among its next hops
// on such routes (UpDown's uniformly random choice, in expectation). The
// largest entry over endpoints - 1 is the busiest channel's load per unit
// of injection, so min(1, (endpoints - 1) / max) is the fraction of the
// injection bandwidth uniform traffic can sustain with this routing (the
// load analysis' throughput_bound under load_routing = "updown").
//
// The destinations are shared out among workers (at most workers
// goroutines; < 1: GOMAXPROCS) in fixed blocks whose sums are added in
// block order, so the result does not depend on the number of workers.
func (t *UpDownTree) UniformLoads(ctx context.Context, workers int) ([]float64, error) {
	net := t.net
	R := net.r
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	blocks := min(R, 64)
	sums := make([][]float64, blocks)
	next := make(chan int, blocks)
	for b := range blocks {
		next <- b
	}
	close(next)
	var wg sync.WaitGroup
	for range min(workers, blocks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newUDLoadScratch(R)
			for b := range next {
				if ctx.Err() != nil {
					return
				}
				load := make([]float64, len(net.g.Adj))
				for d := b * R / blocks; d < (b+1)*R/blocks; d++ {
					t.addUniformLoads(int32(d), load, s)
				}
				sums[b] = load
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]float64, len(net.g.Adj))
	for _, load := range sums {
		for i, x := range load {
			out[i] += x
		}
	}
	return out, nil
}

// udLoadScratch holds one worker's per-destination arrays: the flow at each
// state (router, phase) and the states bucketed by legal distance.
type udLoadScratch struct {
	flow   []float64 // flow[2r+phase], phase 1 = down
	order  []int32   // states sorted by decreasing distance
	counts []int32
}

func newUDLoadScratch(R int) *udLoadScratch {
	return &udLoadScratch{flow: make([]float64, 2*R), order: make([]int32, 0, 2*R)}
}

// addUniformLoads adds to load the channel loads of the flows to
// destination router d: conc(s) x conc(d) units from every other router s.
func (t *UpDownTree) addUniformLoads(d int32, load []float64, s *udLoadScratch) {
	net := t.net
	R := net.r
	cd := float64(net.top.Conc[d])
	if cd == 0 {
		return
	}
	du, dd := t.du[int(d)*R:(int(d)+1)*R], t.dd[int(d)*R:(int(d)+1)*R]
	// Counting sort of the reachable states by decreasing distance.
	maxd := 0
	for r := range R {
		if du[r] != unreach {
			maxd = max(maxd, int(du[r]))
		}
		if dd[r] != unreach {
			maxd = max(maxd, int(dd[r])) // a down-only route can be longer
		}
	}
	if cap(s.counts) < maxd+2 {
		s.counts = make([]int32, maxd+2)
	}
	cnt := s.counts[:maxd+2]
	clear(cnt)
	for r := range R {
		if x := du[r]; x != unreach {
			cnt[maxd-int(x)+1]++
		}
		if x := dd[r]; x != unreach {
			cnt[maxd-int(x)+1]++
		}
	}
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	order := s.order[:cnt[len(cnt)-1]]
	for r := range R {
		if x := du[r]; x != unreach {
			order[cnt[maxd-int(x)]] = int32(2 * r)
			cnt[maxd-int(x)]++
		}
		if x := dd[r]; x != unreach {
			order[cnt[maxd-int(x)]] = int32(2*r + 1)
			cnt[maxd-int(x)]++
		}
	}
	flow := s.flow
	clear(flow)
	for r := range R {
		if int32(r) != d {
			flow[2*r] = float64(net.top.Conc[r]) * cd
		}
	}
	for _, st := range order {
		f := flow[st]
		r := st >> 1
		if f == 0 || r == d {
			continue
		}
		down := st&1 == 1
		n := 0
		t.each(r, d, down, func(int32, bool) { n++ })
		share := f / float64(n)
		off := net.g.Off[r]
		t.each(r, d, down, func(port int32, downAfter bool) {
			load[off+port] += share
			u := net.g.Adj[off+port]
			if downAfter {
				flow[2*u+1] += share
			} else {
				flow[2*u] += share
			}
		})
	}
}
