package analysis

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// DefaultHistCap is the histogram cap MinimalPaths uses when PathOptions.HistCap
// is 0: PathStats.Hist counts pairs with exactly 1, ..., 63 minimal paths
// and, in its last bucket, pairs with 64 or more.
const DefaultHistCap = 64

// PathOptions configures MinimalPaths.
type PathOptions struct {
	// HistCap is the last histogram bucket: Hist[HistCap] counts the pairs
	// with HistCap or more minimal paths. 0 means DefaultHistCap; it must
	// be 0 or >= 1.
	HistCap int
	// Workers is the number of goroutines; <= 0 means runtime.GOMAXPROCS(0).
	Workers int
}

// DistancePaths summarizes the minimal path counts of the router pairs at
// one distance.
type DistancePaths struct {
	Pairs int64   // ordered pairs of distinct routers at this distance
	Mean  float64 // mean number of minimal paths over those pairs (0 if none)
	Min   uint64  // smallest number of minimal paths (0 if no pair)
	Max   uint64  // largest number of minimal paths (saturated, see PathStats)
}

// PathStats is the path diversity of a graph: for every ordered pair (s, t)
// of distinct routers, sigma(s, t) is the number of minimal (shortest) paths
// from s to t, a path being a sequence of routers in which consecutive
// routers are linked. Parallel links between two routers do not multiply the
// count: the paths are router paths, not channel paths.
//
// Every router pair counts, whether or not its routers carry endpoints (the
// router-level figures); the Endpoint fields weight the pair (s, t) by
// conc[s]*conc[t], the number of ordered endpoint pairs with one endpoint on
// s and the other on t, so that routers without endpoints (fat tree
// switches) contribute nothing and the figures describe what uniform
// endpoint traffic sees.
//
// Overflow: path counts are uint64 and saturate at math.MaxUint64 (the count
// of a pair is then at least that). Sums are exact (128- and 192-bit
// integers), so Mean is exact up to the final float64 rounding unless
// Saturated > 0, in which case it is a lower bound.
type PathStats struct {
	// Pairs is the number of ordered pairs of distinct routers joined by a
	// path; Unreachable the number of those with no path.
	Pairs, Unreachable int64
	// Mean is the mean of sigma(s, t) over the Pairs pairs (0 if none).
	Mean float64
	// Max is the largest sigma(s, t).
	Max uint64
	// Saturated is the number of pairs whose count reached math.MaxUint64.
	Saturated int64
	// Cap is the histogram cap.
	Cap int
	// Hist[k] for 1 <= k < Cap is the number of ordered router pairs with
	// exactly k minimal paths; Hist[Cap] counts those with Cap or more and
	// Hist[0] the unreachable pairs (no path). len(Hist) = Cap+1.
	Hist []int64
	// ByDistance[d] summarizes the pairs at distance d >= 1 (ByDistance[0]
	// is zero); len(ByDistance) = the diameter + 1 (1 for a graph without
	// pairs).
	ByDistance []DistancePaths
	// NonAdjacent summarizes the connected pairs at distance 2 or more
	// (routers that are not linked): the pairs whose minimal paths can be
	// several, as in Kathareios et al., SC15, section 2.3.3 (Slim Fly
	// q = 23: about 1.1 minimal paths on average). Its Mean is exact up to
	// the final rounding, like Mean.
	NonAdjacent DistancePaths
	// EndpointPairs is the sum of conc[s]*conc[t] over the Pairs pairs: the
	// ordered endpoint pairs on distinct, connected routers.
	EndpointPairs int64
	// EndpointMean is the mean of sigma(s, t) weighted by conc[s]*conc[t]
	// (0 if EndpointPairs = 0).
	EndpointMean float64
	// EndpointHist is Hist weighted by conc[s]*conc[t]; EndpointHist[0]
	// counts the endpoint pairs on routers with no path between them.
	EndpointHist []int64
	// EndpointMax is the largest sigma(s, t) over the connected pairs of
	// routers that both have endpoints (0 if there is none): the path
	// diversity endpoint traffic can use, without the pairs of switches
	// that carry no endpoints (SC15 section 2.3.3: k between the leaves
	// (0, i) and (2, i) of a k-OFT, h within a column of an h-MLFM).
	EndpointMax uint64
}

// pathAcc accumulates one worker's share of MinimalPaths; every field is an
// integer, so the sum over workers does not depend on how roots were shared.
type pathAcc struct {
	pairs, unreachable, saturated int64
	max                           uint64
	sum                           u128
	hist                          []int64
	distPairs                     []int64
	distSum                       []u128
	distMin, distMax              []uint64
	epairs                        int64
	esum                          u192
	ehist                         []int64
	emax                          uint64
}

func (a *pathAcc) grow(d int) {
	for len(a.distPairs) <= d {
		a.distPairs = append(a.distPairs, 0)
		a.distSum = append(a.distSum, u128{})
		a.distMin = append(a.distMin, math.MaxUint64)
		a.distMax = append(a.distMax, 0)
	}
}

// MinimalPaths counts the minimal paths between every ordered pair of
// distinct routers of g (conc[r] endpoints on router r; nil means one per
// router) and summarizes them (see PathStats).
//
// It runs one breadth-first search per source router, counting paths on the
// way (sigma(s, w) = sum of sigma(s, v) over the neighbours v of w one hop
// closer to s, Brandes' recurrence), in O(N*(N+E)) time. Sources are spread
// over opt.Workers goroutines, each with its own scratch arrays (no
// allocation per source); every accumulated figure is an integer, so the
// result is identical for any number of workers. ctx is checked before
// every source and every stopBlock routers of a search (one search on a
// graph of millions of routers takes seconds).
func MinimalPaths(ctx context.Context, g *graph.Graph, conc []int32, opt PathOptions) (*PathStats, error) {
	conc, err := checkInput("minimal paths", g, conc)
	if err != nil {
		return nil, err
	}
	capH := opt.HistCap
	if capH == 0 {
		capH = DefaultHistCap
	}
	if capH < 1 {
		return nil, fmt.Errorf("analysis: minimal paths: histogram cap %d < 1", opt.HistCap)
	}
	n := g.N()
	var totalConc int64
	for _, c := range conc {
		totalConc += int64(c)
	}
	const chunk = 8
	workers := numWorkers(opt.Workers, (n+chunk-1)/chunk)
	accs := make([]*pathAcc, workers)
	done := ctx.Done()
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range accs {
		a := &pathAcc{hist: make([]int64, capH+1), ehist: make([]int64, capH+1)}
		a.grow(0)
		accs[w] = a
		wg.Go(func() {
			dist := make([]int32, n)
			if !fill(done, dist, -1) {
				return
			}
			sigma := make([]uint64, n)
			queue := make([]int32, 0, n)
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				for s := lo; s < min(lo+chunk, n); s++ {
					var ok bool
					if queue, ok = countPaths(done, g, int32(s), dist, sigma, queue[:0]); !ok {
						return
					}
					a.addSource(conc, int64(conc[s]), totalConc, n, dist, sigma, queue, capH)
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Integer sums: the order does not matter.
	t := accs[0]
	for _, a := range accs[1:] {
		t.pairs += a.pairs
		t.unreachable += a.unreachable
		t.saturated += a.saturated
		t.max = max(t.max, a.max)
		t.sum.add(a.sum)
		t.epairs += a.epairs
		t.esum.add(a.esum)
		t.emax = max(t.emax, a.emax)
		for k := range t.hist {
			t.hist[k] += a.hist[k]
			t.ehist[k] += a.ehist[k]
		}
		t.grow(len(a.distPairs) - 1)
		for d := range a.distPairs {
			t.distPairs[d] += a.distPairs[d]
			t.distSum[d].add(a.distSum[d])
			t.distMin[d] = min(t.distMin[d], a.distMin[d])
			t.distMax[d] = max(t.distMax[d], a.distMax[d])
		}
	}
	st := &PathStats{
		Pairs:         t.pairs,
		Unreachable:   t.unreachable,
		Max:           t.max,
		Saturated:     t.saturated,
		Cap:           capH,
		Hist:          t.hist,
		ByDistance:    make([]DistancePaths, len(t.distPairs)),
		EndpointPairs: t.epairs,
		EndpointHist:  t.ehist,
		EndpointMax:   t.emax,
	}
	if t.pairs > 0 {
		st.Mean = t.sum.float() / float64(t.pairs)
	}
	if t.epairs > 0 {
		st.EndpointMean = t.esum.float() / float64(t.epairs)
	}
	var far u128 // exact sum of sigma over the pairs at distance >= 2
	for d := 1; d < len(t.distPairs); d++ {
		if p := t.distPairs[d]; p > 0 {
			st.ByDistance[d] = DistancePaths{Pairs: p, Mean: t.distSum[d].float() / float64(p), Min: t.distMin[d], Max: t.distMax[d]}
			if d >= 2 {
				na := &st.NonAdjacent
				if na.Pairs == 0 {
					na.Min = t.distMin[d]
				}
				na.Pairs += p
				na.Min = min(na.Min, t.distMin[d])
				na.Max = max(na.Max, t.distMax[d])
				far.add(t.distSum[d])
			}
		}
	}
	if p := st.NonAdjacent.Pairs; p > 0 {
		st.NonAdjacent.Mean = far.float() / float64(p)
	}
	return st, nil
}

// countPaths runs a breadth-first search from s, setting dist and sigma
// (saturating path counts) of the reached routers, and returns them in BFS
// order in queue. dist must be -1 and sigma 0 everywhere on entry; the
// caller restores that for the returned routers. The search stops as soon
// as every router is found and no deeper one remains (the last level's links
// cannot add to any count): in a diameter-2 graph it scans only the links of
// the source and its neighbours. It returns false, leaving dist and sigma
// dirty, as soon as done is closed (checked every stopBlock routers).
func countPaths(done <-chan struct{}, g *graph.Graph, s int32, dist []int32, sigma []uint64, queue []int32) ([]int32, bool) {
	adj, off := g.Adj, g.Off
	dist[s] = 0
	sigma[s] = 1
	queue = append(queue, s)
	n := len(dist)
	for head := 0; head < len(queue); head++ {
		if head%stopBlock == 0 && stop.Requested(done) {
			return queue, false
		}
		v := queue[head]
		if len(queue) == n && dist[queue[n-1]] == dist[v] {
			break
		}
		dn, sv := dist[v]+1, sigma[v]
		prev := int32(-1)
		for _, w := range adj[off[v]:off[v+1]] {
			if w == prev { // parallel link: same router path
				continue
			}
			prev = w
			if dist[w] < 0 { // rare: first visit
				dist[w] = dn
				queue = append(queue, w)
			}
			// Branch-free (the comparison is unpredictable in random
			// graphs): add sv when w is one hop farther than v. Adding 0
			// keeps a saturated count.
			sigma[w] = satAdd(sigma[w], sv&eqMask(dist[w], dn))
		}
	}
	return queue, true
}

// addSource accumulates the pairs (s, t) of the search in queue (queue[0] =
// s) and resets dist and sigma.
func (a *pathAcc) addSource(conc []int32, cs, totalConc int64, n int, dist []int32, sigma []uint64, queue []int32, capH int) {
	var reachedConc int64
	for _, t := range queue[1:] {
		sg, d := sigma[t], int(dist[t])
		ct := int64(conc[t])
		reachedConc += ct
		w := cs * ct
		a.sum.add64(sg)
		a.max = max(a.max, sg)
		if sg == math.MaxUint64 {
			a.saturated++
		}
		k := int(min(sg, uint64(capH)))
		a.hist[k]++
		a.ehist[k] += w
		a.esum.addMul(uint64(w), sg)
		a.epairs += w
		if w > 0 {
			a.emax = max(a.emax, sg)
		}
		if d >= len(a.distPairs) {
			a.grow(d)
		}
		a.distPairs[d]++
		a.distSum[d].add64(sg)
		a.distMin[d] = min(a.distMin[d], sg)
		a.distMax[d] = max(a.distMax[d], sg)
		dist[t] = -1
		sigma[t] = 0
	}
	s := queue[0]
	dist[s] = -1
	sigma[s] = 0
	a.pairs += int64(len(queue) - 1)
	unreached := int64(n - len(queue))
	a.unreachable += unreached
	a.hist[0] += unreached
	a.ehist[0] += cs * (totalConc - cs - reachedConc)
}
