package families

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// Random topologies: the ring plus random shortcuts of Koibuchi et al. (A
// Case for Random Shortcut Topologies for HPC Interconnects, ISCA 2012; the
// DLN of Besta and Hoefler, Slim Fly, SC14), its constrained variants Nbr and
// Gau (Koibuchi, Fujiwara, Matsutani and Casanova, Layout-conscious Random
// Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B), and
// random regular graphs (Jellyfish, Singla et al., NSDI 2012).
//
// Reproducibility. Every draw comes from rand.PCG (math/rand/v2), whose
// output is specified, through the helpers of rndSource (random_source.go): bounded
// integers by Lemire's multiply-shift with rejection, Gaussians by
// Marsaglia's polar method with a logarithm written out in plain float64
// operations, each product explicitly rounded so that no platform fuses a
// multiply-add. A seed therefore gives the same graph on every machine and
// Go release. Attempt t = 0, 1, 2, ... of a build uses the stream
// rand.NewPCG(uint64(seed), c + t) with a family constant c; a later attempt
// is made only when an attempt fails (a random regular graph that is not
// connected, or a completion step that finds no repair), at most
// rndMaxAttempts times.

// rndRingSpec describes a ring-with-shortcuts family instance.
type rndRingSpec struct {
	routers, degree int
	limit           int     // largest ring distance of a shortcut
	gauss           bool    // ring_gau
	sigma           float64 // ring_gau standard deviation in ring hops
	seed            int64
	stream          uint64
}

// rndBuildShortcuts runs the degree-2 shortcut rounds and the completion of
// a ring family, with the next stream after a failed completion, and
// returns the graph, an error after rndMaxAttempts failed attempts, or
// ctx.Err() if ctx is cancelled.
func rndBuildShortcuts(ctx context.Context, fam string, sp rndRingSpec) (*rndGraph, error) {
	n, k := sp.routers, sp.degree-2
	g := newRndGraph(n, k, true)
	if k == 0 {
		return g, nil
	}
	s := &rndGen{g: g, limit: sp.limit, gauss: sp.gauss, nearest: sp.gauss, sigma: sp.sigma,
		tries: min(4*n, 1<<22), rem: make([]int32, n), pos: make([]int32, n), st: newStopper(ctx)}
	for attempt := range rndMaxAttempts {
		g.reset()
		s.r = newRndSource(sp.seed, sp.stream, attempt)
		for range k {
			s.round()
		}
		ok := s.complete()
		if err := ctx.Err(); err != nil { // round and complete stop early
			return nil, err
		}
		if ok {
			return g, nil
		}
	}
	return nil, fmt.Errorf("family %s: could not complete a degree-%d graph on %d routers in %d attempts (the shortcut constraint leaves too few partners; allow longer shortcuts or lower the degree)",
		fam, sp.degree, n, rndMaxAttempts)
}

// rndBuildRegular returns a connected simple d-regular graph on n
// vertices (n*d even): Jellyfish's random link process on free ports, then
// completion, regenerated with the next stream when not connected.
//
// Link process: the free ports ("stubs", d per vertex) are in a list; two
// distinct stubs are drawn uniformly; if their vertices differ and are not
// linked, the link is added and both stubs removed, otherwise the draw is
// rejected. After 64 consecutive rejections the valid vertex pairs are
// enumerated and one is drawn with probability proportional to the product
// of the free ports of its vertices (the same distribution); when there is
// none the process ends and complete repairs the remaining free ports. It
// returns ctx.Err() if ctx is cancelled.
func rndBuildRegular(ctx context.Context, fam string, n, d int, seed int64) (*rndGraph, error) {
	g := newRndGraph(n, d, false)
	s := &rndGen{g: g, st: newStopper(ctx)}
	stubs := make([]int32, 0, n*d)
	var seen []bool
	var verts []int32
	for attempt := range rndMaxAttempts {
		g.reset()
		s.r = newRndSource(seed, rndStreamRegular, attempt)
		r := s.r
		stubs = stubs[:0]
		for v := range n {
			if s.stop() {
				return nil, ctx.Err()
			}
			for range d {
				stubs = append(stubs, int32(v))
			}
		}
		remove := func(i int) {
			stubs[i] = stubs[len(stubs)-1]
			stubs = stubs[:len(stubs)-1]
		}
		fails := 0
		for len(stubs) >= 2 {
			if s.stop() {
				return nil, ctx.Err()
			}
			if fails < 64 {
				k := len(stubs)
				i, j := r.intN(k), r.intN(k-1)
				if j >= i {
					j++
				}
				a, b := int(stubs[i]), int(stubs[j])
				if a == b || g.has(a, b) {
					fails++
					continue
				}
				g.link(a, b)
				remove(max(i, j))
				remove(min(i, j))
				fails = 0
				continue
			}
			// Enumerate the distinct vertices with free ports.
			if seen == nil {
				seen = make([]bool, n)
			}
			verts = verts[:0]
			for _, v := range stubs {
				if !seen[v] {
					seen[v] = true
					verts = append(verts, v)
				}
			}
			for _, v := range verts {
				seen[v] = false
			}
			slices.Sort(verts)
			var total uint64
			for i, a := range verts {
				for _, b := range verts[i+1:] {
					if !g.has(int(a), int(b)) {
						total += uint64(g.deficit(int(a)) * g.deficit(int(b)))
					}
				}
			}
			if total == 0 {
				break
			}
			k := uint64(r.intN(int(total)))
			var a, b int
		pick:
			for i, x := range verts {
				for _, y := range verts[i+1:] {
					if !g.has(int(x), int(y)) {
						w := uint64(g.deficit(int(x)) * g.deficit(int(y)))
						if k < w {
							a, b = int(x), int(y)
							break pick
						}
						k -= w
					}
				}
			}
			g.link(a, b)
			remove(slices.Index(stubs, int32(a)))
			remove(slices.Index(stubs, int32(b)))
			fails = 0
		}
		ok := s.complete() && g.connected(ctx.Done())
		if err := ctx.Err(); err != nil { // complete and connected stop early
			return nil, err
		}
		if ok {
			return g, nil
		}
	}
	return nil, fmt.Errorf("family %s: no connected %d-regular graph on %d routers found in %d attempts", fam, d, n, rndMaxAttempts)
}

// rndFloatParam reads a Float parameter and checks that it lies in (lo, hi].
func rndFloatParam(fam string, v Values, name string, lo, hi float64) (float64, error) {
	x, ok := v[name]
	if !ok {
		return 0, paramErr(fam, name, "required parameter is missing")
	}
	f, ok := x.(float64)
	if !ok {
		return 0, paramErr(fam, name, "want a number, got %s", describe(x))
	}
	if !(f > lo && f <= hi) { // also rejects NaN
		return 0, paramErr(fam, name, "%s = %g must be in (%g, %g]", name, f, lo, hi)
	}
	return f, nil
}

// rndParams are the parsed parameters of the ring families.
type rndParams struct {
	routers, degree, p, seed int64
	limit                    int64   // largest shortcut ring distance
	sigma                    float64 // ring_gau
}

// rndParseRing reads routers, degree, p and seed.
func rndParseRing(name string, v Values) (rndParams, error) {
	var t rndParams
	var err error
	if t.routers, err = intParam(name, v, "routers", 3, math.MaxInt32); err != nil {
		return t, err
	}
	if t.degree, err = intParam(name, v, "degree", 2, math.MaxInt32); err != nil {
		return t, err
	}
	if t.degree > t.routers-1 {
		return t, paramErr(name, "degree", "degree = %d must be at most routers - 1 = %d", t.degree, t.routers-1)
	}
	if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
		return t, err
	}
	if t.seed, err = intParam(name, v, "seed", math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	t.limit = t.routers / 2
	return t, nil
}

// rndRingSize is the size of a ring of N routers with degree n: N ring links
// plus floor(N(n-2)/2) shortcuts (one router is one link short when
// N(n-2) is odd).
func rndRingSize(name string, t rndParams) (Size, error) {
	s := sizer{ok: true}
	short := s.mul(t.routers, t.degree-2) / 2
	sz := Size{
		Routers:      t.routers,
		Endpoints:    s.mul(t.p, t.routers),
		Links:        s.add(t.routers, short),
		NetworkRadix: t.degree,
		Radix:        s.add(t.degree, t.p),
	}
	if !s.ok {
		return Size{}, paramErr(name, "routers", "sizes for routers = %d, degree = %d, p = %d overflow int64", t.routers, t.degree, t.p)
	}
	return sz, nil
}

// rndBuildRing builds the ring family topology from the generated shortcuts.
func rndBuildRing(ctx context.Context, name string, t rndParams, sz Size, gauss bool, stream uint64) (*Topology, error) {
	n := int(t.routers)
	g, err := rndBuildShortcuts(ctx, name, rndRingSpec{routers: n, degree: int(t.degree),
		limit: int(t.limit), gauss: gauss, sigma: t.sigma, seed: t.seed, stream: stream})
	if err != nil {
		return nil, err
	}
	edges := make(edgeList, 0, sz.Links)
	for v := range n {
		edges.add(v, (v+1)%n)
	}
	st := newStopper(ctx)
	for v := range n {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for _, u := range g.nbrs(v) {
			if int(u) > v {
				edges.add(v, int(u))
			}
		}
	}
	return newTopology(ctx, name, n, edges, t.p)
}

const rndCompletionDoc = "The paper's procedure can leave a router without a partner in a round (no acceptable router left in V), " +
	"which would leave it short of links; the graph is then completed so that every router has degree exactly n " +
	"(when N(n-2) is odd, one router has n-1): each missing link of a router x is made directly to another short " +
	"router y, or by a swap (remove a shortcut u ~ v, add x ~ u and v ~ y), or by moving it along the ring toward the " +
	"nearest short router with such swaps; every added shortcut respects the family's constraint and no other degree " +
	"changes. If that fails the whole graph is regenerated with the next random stream (up to 16 attempts). "

const rndRingIDDoc = "Router id = ring position; the ring links are r ~ r+1 mod N. Each router has p endpoints; " +
	"seed selects the random stream (math/rand/v2 PCG), and the same seed gives the same graph on every machine."

func rndRingParamList(extra ...Param) []Param {
	ps := []Param{
		{Name: "routers", Kind: Int, Doc: "number of routers N on the ring, >= 3"},
		{Name: "degree", Kind: Int, Doc: "router degree n (2 ring links + n-2 shortcuts), 2..N-1"},
	}
	ps = append(ps, extra...)
	return append(ps,
		paramP(int64(1), nil, "endpoints per router, >= 1"),
		Param{Name: "seed", Kind: Int, Default: int64(1), Doc: "random seed (any integer); the same seed gives the same graph"},
	)
}

func ringRandom() *Family {
	const name = "ring_random"
	f := &Family{
		Name:    name,
		Summary: "ring plus uniformly random shortcuts, RING-n (Koibuchi et al.)",
		Doc: "Ring plus random shortcuts, RING-n (Koibuchi et al., A Case for Random Shortcut Topologies for HPC " +
			"Interconnects, ISCA 2012; the DLN compared in Besta and Hoefler, Slim Fly, SC14; RING-n of the layout paper, " +
			"Koibuchi et al., HPCA 2013, sections III-B and IV-B): a ring of N routers plus n-2 random shortcuts at every " +
			"router. Construction (the layout paper's procedure with no distance bound): repeat n-2 rounds: V = all " +
			"routers; while V is not empty, remove a uniformly random router u from V and pick v uniformly among the " +
			"routers of V that are not u and not already linked to u; link u ~ v and remove v from V. " + rndCompletionDoc +
			"The graph is simple, connected (the ring) and has N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params:  rndRingParamList(),
		Version: 1,
	}
	return wireRing(f, func(v Values) (rndParams, error) { return rndParseRing(name, v) }, false, rndStreamRing)
}

func ringNbr() *Family {
	const name = "ring_nbr"
	parse := func(v Values) (rndParams, error) {
		t, err := rndParseRing(name, v)
		if err != nil {
			return t, err
		}
		reach, err := rndFloatParam(name, v, "reach", 0, 1)
		if err != nil {
			return t, err
		}
		// Fewer than N*reach/2 hops: distance <= ceil(N*reach/2) - 1.
		lim := int64(math.Ceil(float64(t.routers)*reach/2)) - 1
		t.limit = min(lim, t.routers/2)
		if c := int64(rndRingCandidates(int(t.routers), int(t.limit))); c < t.degree-2 {
			return t, paramErr(name, "reach", "reach = %g allows shortcuts of at most %d ring hops (fewer than N*reach/2 = %g), "+
				"that is %d partners per router, fewer than the degree - 2 = %d shortcuts needed", reach, t.limit, float64(t.routers)*reach/2, c, t.degree-2)
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "ring plus random shortcuts of bounded reach, Nbr(p)-n (layout paper)",
		Doc: "Ring with constrained random shortcuts, Nbr(reach)-n (Koibuchi, Fujiwara, Matsutani and Casanova, " +
			"Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B1, where reach is " +
			"called p): as RING-n (ring_random), but the partner v of u is drawn uniformly among the routers of V not " +
			"linked to u that are fewer than N*reach/2 hops away from u along the ring, so that every shortcut spans at " +
			"most ceil(N*reach/2) - 1 ring hops. Repeat n-2 rounds: V = all routers; while V is not empty, remove a " +
			"uniformly random u from V; if such a v exists, link u ~ v and remove v from V. " + rndCompletionDoc +
			"Nbr(1.0)-n is RING-n except that for even N the antipodal router (exactly N/2 hops) is excluded. The paper " +
			"recommends reach >= 0.5. The graph is simple, connected and has N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params: rndRingParamList(Param{Name: "reach", Kind: Float, Default: 0.5,
			Doc: "shortcut reach (the paper's p): shortcuts join routers fewer than N*reach/2 ring hops apart, 0 < reach <= 1"}),
		Version: 1,
	}
	return wireRing(f, parse, false, rndStreamNbr)
}

func ringGau() *Family {
	const name = "ring_gau"
	parse := func(v Values) (rndParams, error) {
		t, err := rndParseRing(name, v)
		if err != nil {
			return t, err
		}
		alpha, err := rndFloatParam(name, v, "alpha", 0, 1e6)
		if err != nil {
			return t, err
		}
		t.sigma = float64(float64(t.routers)*alpha) / 2
		if t.sigma < 1 {
			return t, paramErr(name, "alpha", "alpha = %g gives a standard deviation N*alpha/2 = %g of less than one ring hop", alpha, t.sigma)
		}
		return t, nil
	}
	f := &Family{
		Name:    name,
		Summary: "ring plus Gaussian-distributed random shortcuts, Gau(alpha)-n (layout paper)",
		Doc: "Ring with Gaussian random shortcuts, Gau(alpha)-n (Koibuchi, Fujiwara, Matsutani and Casanova, " +
			"Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA 2013, section IV-B1): as RING-n " +
			"(ring_random), but the partner of u is u + k (mod N) with the signed ring offset k = round(x), x drawn from " +
			"a Gaussian with mean 0 and standard deviation N*alpha/2 truncated to [-N/2, N/2] (draws outside are " +
			"redrawn); a draw is rejected when k = 0 or u + k is not in V or already linked to u, and after " +
			"min(4N, 2^22) draws u is deemed to have no partner. Repeat n-2 rounds: V = all routers; while V is not " +
			"empty, remove a uniformly random u from V; if a partner v is found, link u ~ v and remove v from V. " +
			rndCompletionDoc + "Completion links of ring_gau are the shortest possible (nearest candidates first). " +
			"The paper recommends alpha >= 1.0; larger alpha approaches RING-n. The graph is simple, connected and has " +
			"N + floor(N(n-2)/2) links. " + rndRingIDDoc,
		Params: rndRingParamList(Param{Name: "alpha", Kind: Float, Default: 1.0,
			Doc: "Gaussian width: shortcut ring offsets have standard deviation N*alpha/2 (at least 1 hop), alpha > 0"}),
		Version: 1,
	}
	return wireRing(f, parse, true, rndStreamGau)
}

// wireRing wires a ring-with-shortcuts family: ring sizes, and the build of
// rndBuildRing with the family's shortcut rule (gaussian) and stream.
func wireRing(f *Family, parse func(Values) (rndParams, error), gaussian bool, stream uint64) *Family {
	name := f.Name
	return pipeline[rndParams]{
		parse: parse,
		size:  func(t rndParams) (Size, error) { return rndRingSize(name, t) },
		limit: "routers",
		build: func(ctx context.Context, t rndParams, sz Size) (*Topology, error) {
			return rndBuildRing(ctx, name, t, sz, gaussian, stream)
		},
	}.wire(f)
}

func randomRegular() *Family {
	const name = "random_regular"
	parse := func(v Values) (rndParams, error) {
		var t rndParams
		var err error
		if t.routers, err = intParam(name, v, "routers", 4, math.MaxInt32); err != nil {
			return t, err
		}
		if t.degree, err = intParam(name, v, "degree", 3, math.MaxInt32); err != nil {
			return t, err
		}
		if t.degree > t.routers-1 {
			return t, paramErr(name, "degree", "degree = %d must be at most routers - 1 = %d", t.degree, t.routers-1)
		}
		if t.routers%2 == 1 && t.degree%2 == 1 {
			return t, paramErr(name, "degree", "routers * degree = %d * %d is odd: no regular graph exists", t.routers, t.degree)
		}
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		t.seed, err = intParam(name, v, "seed", math.MinInt64, math.MaxInt64)
		return t, err
	}
	size := func(t rndParams) (Size, error) {
		s := sizer{ok: true}
		sz := Size{
			Routers:      t.routers,
			Endpoints:    s.mul(t.p, t.routers),
			Links:        s.mul(t.routers, t.degree) / 2,
			NetworkRadix: t.degree,
			Radix:        s.add(t.degree, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "routers", "sizes for routers = %d, degree = %d, p = %d overflow int64", t.routers, t.degree, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "random regular graph (Jellyfish's switch graph)",
		Doc: "Random regular graph (the switch graph of Jellyfish, Singla, Hong, Popa and Godfrey, Jellyfish: " +
			"Networking Data Centers Randomly, NSDI 2012; the fully random graphs cited by the layout paper): a " +
			"connected simple degree-regular graph on N routers, N*degree even. Construction: every router has " +
			"degree free ports; two free ports are drawn uniformly at random and linked if their routers differ and " +
			"are not yet linked, else redrawn (after 64 rejections in a row the valid router pairs are enumerated " +
			"and drawn with the same probabilities); when no valid pair remains, the remaining free ports are filled " +
			"by Jellyfish's repair (remove a link x ~ y, link the port owner to both, or one or two such swaps between " +
			"two owners). A graph that is not connected is regenerated with the next random stream (up to 16 attempts). " +
			"The result is close to, but not exactly, uniform over the regular graphs. Router ids carry no structure. " +
			"Each router has p endpoints; seed selects the random stream (math/rand/v2 PCG), and the same seed gives " +
			"the same graph on every machine.",
		Params: []Param{
			{Name: "routers", Kind: Int, Doc: "number of routers N, >= 4"},
			{Name: "degree", Kind: Int, Doc: "router degree d (network ports), 3..N-1, N*d even"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			{Name: "seed", Kind: Int, Default: int64(1), Doc: "random seed (any integer); the same seed gives the same graph"},
		},
		Version: 1,
	}
	return pipeline[rndParams]{parse: parse, size: size, limit: "routers",
		build: func(ctx context.Context, t rndParams, sz Size) (*Topology, error) {
			n := int(t.routers)
			g, err := rndBuildRegular(ctx, name, n, int(t.degree), t.seed)
			if err != nil {
				return nil, err
			}
			edges := make(edgeList, 0, sz.Links)
			st := newStopper(ctx)
			for v := range n {
				if st.stop(len(edges)) {
					return nil, ctx.Err()
				}
				for _, u := range g.nbrs(v) {
					if int(u) > v {
						edges.add(v, int(u))
					}
				}
			}
			return newTopology(ctx, name, n, edges, t.p)
		},
	}.wire(f)
}

// randomFamilies returns the seeded random topologies: RING-n, random regular graphs, constrained shortcuts Nbr and Gau.
func randomFamilies() []*Family {
	return []*Family{ringRandom(), ringNbr(), ringGau(), randomRegular()}
}

// HasRingIDs reports whether the routers of the named family are numbered
// along a ring whose links r ~ r+1 (mod N) every instance has, the other
// links being shortcuts: ring_random, ring_nbr and ring_gau.
func HasRingIDs(family string) bool {
	switch family {
	case "ring_random", "ring_nbr", "ring_gau":
		return true
	}
	return false
}
