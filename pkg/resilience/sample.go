package resilience

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Network is a graph prepared for resiliency sampling: its links (cables)
// numbered, the failure counts of the steps, and the intact network's
// endpoint diameter and average endpoint distance. It is read-only after
// NewNetwork and may be shared by concurrent Sample calls (each with its
// own Scratch).
type Network struct {
	g      *graph.Graph
	conc   []int32 // nil: one endpoint per router
	opt    Options // resolved
	links  []graph.Edge
	linkOf []int32 // adjacency index -> link id
	isEP   []bool  // router has endpoints
	nEP    int     // routers with endpoints
	// removed[i] = round(i * Step * L): links failed at step i = 0..steps.
	removed []int
	intact  Intact
	// Thresholds of criteria (b) and (c): endpoint diameter <= maxDiam;
	// endpoint distance sum S <= sum0 + MaxAvgIncrease * pairs0 (the
	// average S/pairs0 <= A0 + MaxAvgIncrease, decided without rounding
	// error in the difference: while connected the pair count is pairs0).
	maxDiam      int
	sum0, pairs0 int64
}

// Intact describes the network before failures.
type Intact struct {
	// EndpointRouters is the number of routers with at least one endpoint
	// (all routers when conc is nil).
	EndpointRouters int
	// EndpointDiameter is D0, the largest distance between two routers
	// with endpoints (-1 if not computed: criteria (b) and (c) not
	// requested).
	EndpointDiameter int
	// AvgEndpointDistance is A0, graph.DistanceStats.AvgEndpointDistance
	// of the intact network (NaN if not computed).
	AvgEndpointDistance float64
}

// NewNetwork prepares g with conc[r] endpoints on router r (nil: one per
// router; otherwise len(conc) = g.N()) for sampling with the options opt
// (zero fields take their defaults, see Options). Every router-to-router
// adjacency pair is one link (a cable); parallel links are separate cables.
// It returns an error for invalid options, a graph without links, or when
// the routers with endpoints are not connected in the intact network. When
// opt.Criteria includes the diameter or average distance criterion it
// computes the intact all-pairs distances with opt.Workers workers. It
// returns ctx.Err() if ctx is cancelled (checked every stopBlock routers or
// links).
func NewNetwork(ctx context.Context, g *graph.Graph, conc []int32, opt Options) (*Network, error) {
	opt, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	n := g.N()
	if n < 0 {
		return nil, fmt.Errorf("resilience: graph has no offset array")
	}
	if conc != nil && len(conc) != n {
		return nil, fmt.Errorf("resilience: len(conc) = %d, want %d routers", len(conc), n)
	}
	done := ctx.Done()
	nw := &Network{g: g, conc: conc, opt: opt, isEP: make([]bool, n),
		intact: Intact{EndpointDiameter: -1, AvgEndpointDistance: math.NaN()}}
	for r := range n {
		if conc != nil && conc[r] < 0 {
			return nil, fmt.Errorf("resilience: conc[%d] = %d is negative", r, conc[r])
		}
		if conc == nil || conc[r] > 0 {
			nw.isEP[r] = true
			nw.nEP++
		}
	}
	nw.intact.EndpointRouters = nw.nEP

	// Number the links: link ids in the order of their lower end point's
	// adjacency list. The k-th entry u in the list of v (v < u) and the k-th
	// entry v in the list of u are the same cable; since v ascends and the
	// lists are sorted, a cursor per router pairs them.
	L := g.Edges()
	if L == 0 {
		return nil, fmt.Errorf("resilience: graph has no links")
	}
	if L > math.MaxInt32 {
		return nil, fmt.Errorf("resilience: %d links exceed the int32 link ids", L)
	}
	nw.links = make([]graph.Edge, 0, L)
	nw.linkOf = make([]int32, len(g.Adj))
	cur := make([]int32, n)
	copy(cur, g.Off[:n])
	for v := range int32(n) {
		if v%stopBlock == 0 && stop.Requested(done) {
			return nil, ctx.Err()
		}
		for j := g.Off[v]; j < g.Off[v+1]; j++ {
			u := g.Adj[j]
			if u == v {
				return nil, fmt.Errorf("resilience: self loop at router %d", v)
			}
			if u < v {
				continue
			}
			id := int32(len(nw.links))
			nw.links = append(nw.links, graph.Edge{U: v, V: u})
			nw.linkOf[j] = id
			if c := cur[u]; c >= g.Off[u+1] || g.Adj[c] != v {
				return nil, fmt.Errorf("resilience: adjacency of router %d does not mirror router %d (invalid graph)", u, v)
			}
			nw.linkOf[cur[u]] = id
			cur[u]++
		}
	}
	if int64(len(nw.links)) != L {
		return nil, fmt.Errorf("resilience: adjacency is not symmetric (invalid graph)")
	}

	steps := int(math.Floor(1/opt.Step + 1e-9))
	nw.removed = make([]int, steps+1)
	for i := range nw.removed {
		nw.removed[i] = min(int(math.Round(float64(i)*opt.Step*float64(L))), int(L))
	}

	// The intact network must connect its endpoint routers.
	sc := nw.NewScratch(1)
	for i := range sc.perm {
		sc.perm[i] = int32(i)
	}
	if m, ok := nw.connectAt(done, sc); !ok {
		return nil, ctx.Err()
	} else if m < 0 {
		return nil, fmt.Errorf("resilience: the routers with endpoints are not connected in the intact network")
	}
	if opt.Criteria&(DiameterIncrease|AvgDistanceIncrease) != 0 {
		st, err := graph.Distances(ctx, g, conc, opt.Workers)
		if err != nil {
			return nil, err
		}
		nw.intact.EndpointDiameter = endpointDiameter(st)
		nw.intact.AvgEndpointDistance = st.AvgEndpointDistance()
		nw.maxDiam = nw.intact.EndpointDiameter + opt.MaxDiameterIncrease
		nw.sum0, nw.pairs0 = endpointSums(st)
	}
	return nw, nil
}

// Links returns the links (cables) of the network indexed by link id, with
// U < V (do not modify).
func (nw *Network) Links() []graph.Edge { return nw.links }

// Intact returns the intact network's description.
func (nw *Network) Intact() Intact { return nw.intact }

// Options returns the resolved options (defaults filled in).
func (nw *Network) Options() Options { return nw.opt }

// Steps returns the number of failure steps S = floor(1/Step): step i =
// 0..S fails round(i * Step * L) links.
func (nw *Network) Steps() int { return len(nw.removed) - 1 }

// endpointDiameter returns the largest d >= 1 with endpoint pairs at
// distance d (0 if there is none).
func endpointDiameter(st *graph.DistanceStats) int {
	for d := len(st.EndpointHist) - 1; d >= 1; d-- {
		if st.EndpointHist[d] > 0 {
			return d
		}
	}
	return 0
}

// endpointSums returns the sum of the distances over ordered pairs of
// distinct endpoints joined by a path, and the number of those pairs.
func endpointSums(st *graph.DistanceStats) (sum, pairs int64) {
	for d, c := range st.EndpointHist {
		sum += int64(d) * c
		pairs += c
	}
	return sum, pairs
}

// Scratch holds the per-goroutine buffers of Sample: after the first sample
// a sample allocates only inside graph.Distances.
type Scratch struct {
	nw          *Network
	distWorkers int
	perm        []int32 // failure order of the last sample (link ids)
	rank        []int32 // rank[link] = position of link in perm
	parent      []int32 // union-find forest
	size        []int32
	hasEP       []bool // per union-find root: component has endpoints
	sub         graph.Graph
	src         *rand.PCG // reseeded per sample
	rng         *rand.Rand
}

// NewScratch returns buffers for Sample; distWorkers is the number of
// workers of graph.Distances inside a sample (<= 0: runtime.GOMAXPROCS).
func (nw *Network) NewScratch(distWorkers int) *Scratch {
	n, L := nw.g.N(), len(nw.links)
	src := rand.NewPCG(0, 0)
	return &Scratch{
		src:         src,
		rng:         rand.New(src),
		nw:          nw,
		distWorkers: distWorkers,
		perm:        make([]int32, L),
		rank:        make([]int32, L),
		parent:      make([]int32, n),
		size:        make([]int32, n),
		hasEP:       make([]bool, n),
		sub:         graph.Graph{Off: make([]int32, n+1), Adj: make([]int32, 0, 2*L)},
	}
}

// Order returns the failure order of the last sample: link ids (see
// Network.Links), the first round(i*Step*L) of which fail at step i. Do not
// modify.
func (sc *Scratch) Order() []int32 { return sc.perm }

// SampleResult is the outcome of one sample: for each criterion the largest
// failed fraction i*Step (i = 0..S) at which it holds.
type SampleResult struct {
	// Disconnect is criterion (a): the largest failed fraction at which the
	// routers with endpoints are still connected.
	Disconnect float64
	// Diameter is criterion (b): the largest failed fraction at which they
	// are connected and the endpoint diameter is at most D0 + 2 (NaN if
	// not requested).
	Diameter float64
	// AvgDistance is criterion (c): the largest failed fraction at which
	// they are connected and the average endpoint distance is at most
	// A0 + 1 (NaN if not requested).
	AvgDistance float64
	// MaxConnected is the exact largest number of failed links (a prefix
	// of the failure order, not rounded to steps) that keeps the endpoint
	// routers connected.
	MaxConnected int
	// Probes is the number of all-pairs distance computations.
	Probes int
}

// Sample runs sample number index: the links fail in the order of a random
// permutation drawn from rand.NewPCG(Options.Seed, index), so failure sets
// are nested across steps, and each criterion's fraction is the largest
// step at which it holds. sc must come from nw.NewScratch (nil: allocate
// one). The result depends only on the network, the options and index.
//
// Monotonicity: the failed set of step i is contained in that of step
// i+1, so the surviving graph of step i+1 is a subgraph of that of step i.
// Removing links never shortens a path: every distance is non-decreasing in
// i (a pair that becomes unreachable stays so). Hence connectivity of the
// endpoint routers, "endpoint diameter <= D0 + 2" and, while connected (the
// averaged set of endpoint pairs is then fixed), "average endpoint distance
// <= A0 + 1" each hold for a prefix 0..i* of the steps, and the largest
// such i can be found by binary search instead of a scan.
//
// Criterion (a) needs no search at all: adding the links back in reverse
// failure order to a union-find forest gives the exact number m of
// last-failing links that connect the endpoint routers, and step i keeps
// them connected iff round(i*Step*L) <= L - m. Criteria (b) and (c) imply
// (a), so their search runs on 0..i_a; one all-pairs computation (of the
// surviving graph, built in place from the base CSR) decides both at its
// step and narrows both searches.
func (nw *Network) Sample(ctx context.Context, index int, sc *Scratch) (SampleResult, error) {
	if sc == nil {
		sc = nw.NewScratch(nw.opt.Workers)
	} else if sc.nw != nw {
		return SampleResult{}, fmt.Errorf("resilience: scratch belongs to another network")
	}
	done := ctx.Done()
	if !nw.shuffle(done, sc, index) {
		return SampleResult{}, ctx.Err()
	}
	res := SampleResult{Diameter: math.NaN(), AvgDistance: math.NaN()}
	m, ok := nw.connectAt(done, sc)
	if !ok {
		return SampleResult{}, ctx.Err()
	}
	L := len(nw.links)
	res.MaxConnected = L - m
	ia := 0
	for i, k := range nw.removed {
		if k <= L-m {
			ia = i
		}
	}
	res.Disconnect = fraction(ia, nw.opt.Step)
	wantD := nw.opt.Criteria&DiameterIncrease != 0
	wantA := nw.opt.Criteria&AvgDistanceIncrease != 0
	if !wantD && !wantA {
		return res, nil
	}
	// Binary searches on [lo, hi): lo holds, hi fails (ia+1 fails by
	// connectivity or lies beyond the last step).
	loD, hiD, loA, hiA := 0, ia+1, 0, ia+1
	if !wantD {
		hiD = 1
	}
	if !wantA {
		hiA = 1
	}
	for hiD-loD > 1 || hiA-loA > 1 {
		var mid int
		if hiD-loD > 1 {
			mid = (loD + hiD) / 2
		} else {
			mid = (loA + hiA) / 2
		}
		okD, okA, err := nw.probe(ctx, sc, nw.removed[mid])
		if err != nil {
			return SampleResult{}, err
		}
		res.Probes++
		if okD {
			loD = max(loD, mid)
		} else {
			hiD = min(hiD, mid)
		}
		if okA {
			loA = max(loA, mid)
		} else {
			hiA = min(hiA, mid)
		}
	}
	if wantD {
		res.Diameter = fraction(loD, nw.opt.Step)
	}
	if wantA {
		res.AvgDistance = fraction(loA, nw.opt.Step)
	}
	return res, nil
}

// fraction returns the failed fraction i*step of step i, rounded to 12
// decimals so that 6 steps of 0.05 print as 0.3 (not 0.30000000000000004).
func fraction(i int, step float64) float64 {
	return math.Round(float64(i)*step*1e12) / 1e12
}

// shuffle draws the failure order of sample index into sc.perm (a
// Fisher-Yates shuffle of the link ids) and its inverse into sc.rank. It
// returns false, the order unfinished, as soon as done is closed (checked
// every stopBlock links).
func (nw *Network) shuffle(done <-chan struct{}, sc *Scratch, index int) bool {
	if stop.Requested(done) {
		return false
	}
	sc.src.Seed(nw.opt.Seed, uint64(index))
	r := sc.rng
	perm := sc.perm
	for i := range perm {
		perm[i] = int32(i)
	}
	for i := len(perm) - 1; i > 0; i-- {
		if i%stopBlock == 0 && stop.Requested(done) {
			return false
		}
		j := int(r.Uint64N(uint64(i + 1)))
		perm[i], perm[j] = perm[j], perm[i]
	}
	for i, e := range perm {
		if i%stopBlock == 0 && stop.Requested(done) {
			return false
		}
		sc.rank[e] = int32(i)
	}
	return true
}

// connectAt adds the links of sc.perm in reverse order to a union-find
// forest and returns the number m of links added when the endpoint routers
// first form one component (0 if there are fewer than two), or -1 if they
// never do. It returns ok = false as soon as done is closed (checked every
// stopBlock links).
func (nw *Network) connectAt(done <-chan struct{}, sc *Scratch) (m int, ok bool) {
	if nw.nEP <= 1 {
		return 0, true
	}
	parent, size, hasEP := sc.parent, sc.size, sc.hasEP
	for v := range parent {
		parent[v] = int32(v)
		size[v] = 1
	}
	copy(hasEP, nw.isEP)
	comps := nw.nEP // components containing endpoint routers
	find := func(v int32) int32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]] // path halving
			v = parent[v]
		}
		return v
	}
	L := len(sc.perm)
	for j := L - 1; j >= 0; j-- {
		if j%stopBlock == 0 && stop.Requested(done) {
			return 0, false
		}
		e := nw.links[sc.perm[j]]
		a, b := find(e.U), find(e.V)
		if a == b {
			continue
		}
		if size[a] < size[b] {
			a, b = b, a
		}
		parent[b] = a
		size[a] += size[b]
		if hasEP[a] && hasEP[b] {
			comps--
			if comps == 1 {
				return L - j, true
			}
		}
		hasEP[a] = hasEP[a] || hasEP[b]
	}
	return -1, true
}

// surviving builds in sc.sub the graph without the first k links of the
// failure order: the adjacency entries j of the base CSR whose link has
// rank >= k, in the base order (so the lists stay sorted). It reuses the
// buffers of sc and does not allocate. It returns nil as soon as done is
// closed (checked every stopBlock routers).
func (nw *Network) surviving(done <-chan struct{}, sc *Scratch, k int) *graph.Graph {
	g, rank, linkOf := nw.g, sc.rank, nw.linkOf
	off := sc.sub.Off
	adj := sc.sub.Adj[:0]
	kk := int32(k)
	off[0] = 0
	for v := range g.N() {
		if v%stopBlock == 0 && stop.Requested(done) {
			return nil
		}
		for j := g.Off[v]; j < g.Off[v+1]; j++ {
			if rank[linkOf[j]] >= kk {
				adj = append(adj, g.Adj[j])
			}
		}
		off[v+1] = int32(len(adj))
	}
	sc.sub.Adj = adj
	return &sc.sub
}

// probe evaluates criteria (b) and (c) on the surviving graph after k
// failures (the endpoint routers must be connected).
func (nw *Network) probe(ctx context.Context, sc *Scratch, k int) (okD, okA bool, err error) {
	sub := nw.surviving(ctx.Done(), sc, k)
	if sub == nil {
		return false, false, ctx.Err()
	}
	st, err := graph.Distances(ctx, sub, nw.conc, sc.distWorkers)
	if err != nil {
		return false, false, err
	}
	sum, _ := endpointSums(st)
	return endpointDiameter(st) <= nw.maxDiam, float64(sum-nw.sum0) <= nw.opt.MaxAvgIncrease*float64(nw.pairs0), nil
}

// stopBlock is the number of routers or links a loop handles between two
// checks for cancellation: a check costs a few nanoseconds, a block tens of
// microseconds at least, so a cancelled sample stops within milliseconds on
// a network of tens of millions of links.
const stopBlock = 1 << 14
