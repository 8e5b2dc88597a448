// Package traffic defines the synthetic traffic patterns of runexp's network
// simulator: for every packet, the destination endpoint chosen by its source
// endpoint.
//
// Endpoints are numbered 0..E-1 router by router: the endpoints of router r
// follow those of routers 0..r-1 (prefix sums of families.Topology.Conc).
// New builds a pattern by name from a built topology; Names lists the
// patterns and Doc documents each one with its source. Patterns are
// deterministic: a fixed pattern (a permutation) draws its randomness once
// from the seed given to New, a random pattern draws from the *rand.Rand
// passed to Dest, and nothing else is random.
//
// Sources:
//
//   - [SC14] M. Besta and T. Hoefler, Slim Fly: A Cost Effective
//     Low-Diameter Network Topology, SC14, section V (V-A uniform random,
//     V-B bit permutations and shift, V-C worst case, Fig. 9).
//   - [SC15] G. Kathareios, C. Minkenberg, B. Prisacari, G. Rodriguez and
//     T. Hoefler, Cost-Effective Diameter-Two Topologies: Analysis and
//     Evaluation, SC15, section 4.2 (worst-case traffic, Fig. 5).
//   - [DF] J. Kim, W. J. Dally, S. Scott and D. Abts, Technology-Driven,
//     Highly-Scalable Dragonfly Topology, ISCA 2008, section 4.2 (the
//     worst-case pattern SC14 uses for DF).
//   - [DT] W. J. Dally and B. Towles, Principles and Practices of
//     Interconnection Networks, 2004, section 3.2 (the bit permutations,
//     transpose and random permutations as used by BookSim).
package traffic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/families"
)

// Pattern chooses the destination endpoint of each packet.
type Pattern interface {
	// Dest returns the destination endpoint of a packet injected by
	// endpoint src, or -1 if src injects nothing (idle under this pattern).
	Dest(src int32, rng *rand.Rand) int32
}

// Fixed is implemented by the patterns whose destinations do not depend on
// the rng passed to Dest (every pattern here except uniform, shift and the
// Dragonfly worst case): Table returns dst with Dest(s, rng) == dst[s] for
// every endpoint s (-1 for an idle endpoint). The slice is the pattern's
// own: do not modify it.
type Fixed interface {
	Pattern
	Table() []int32
}

// Pattern names.
const (
	Uniform           = "uniform"
	BitComplement     = "bit_complement"
	BitReversal       = "bit_reversal"
	Shuffle           = "shuffle"
	Shift             = "shift"
	ShiftLiteral      = "shift_literal"
	Transpose         = "transpose"
	RandomPermutation = "random_permutation"
	WorstCase         = "worst_case"
)

var docs = map[string]string{
	Uniform: "Uniform random [SC14 V-A]: every packet of endpoint s goes to an endpoint drawn " +
		"uniformly from the E-1 other endpoints (endpoints of the same router included, s never). " +
		"A network with a single endpoint is idle.",
	BitComplement: "Bit complement [SC14 V-B]: on the active set of N = 2^b endpoints (the largest " +
		"power of two <= E; endpoints 0..N-1 are active, endpoints N..E-1 idle, as SC14 \"artificially " +
		"prevent[s] some endpoints from sending and receiving\"), d_i = NOT s_i for every bit i, i.e. " +
		"d = s XOR (N-1). A permutation without fixed points (N >= 2); N = 1 is idle.",
	BitReversal: "Bit reversal [SC14 V-B]: on the active set of N = 2^b endpoints (as bit_complement), " +
		"d_i = s_(b-1-i): d is s with its b bits reversed. A permutation; palindromic addresses map to " +
		"themselves (the packet is addressed to its own source).",
	Shuffle: "Perfect shuffle [SC14 V-B]: on the active set of N = 2^b endpoints (as bit_complement), " +
		"d_i = s_((i-1) mod b): d is s rotated left by one bit within b bits. A permutation; 0 and N-1 " +
		"(and other rotation-invariant addresses) map to themselves.",
	Shift: "Shift [SC14 V-B], as the paper evidently means it: on the active set of N = 2^b " +
		"endpoints (as bit_complement), s goes to d = (s + N/2) mod N, the endpoint at the same offset " +
		"in the other half. SC14 writes d = (s mod N/2) + N/2 or d = s mod N/2 with probability 1/2 " +
		"each; read literally one of the two is s itself (shift_literal), so half of the packets would " +
		"never enter the network: this pattern keeps the other choice. A permutation; N < 2 is idle.",
	ShiftLiteral: "SC14's shift read literally [SC14 V-B]: on the active set of N = 2^b endpoints, each " +
		"packet of s goes with probability 1/2 each to d = (s mod N/2) + N/2 or to d = s mod N/2, so " +
		"half of the packets are addressed to their own source (they are delivered without entering " +
		"the network) and the other half cross between the halves. Only for comparison with shift. " +
		"N < 2 is idle.",
	Transpose: "Matrix transpose [DT section 3.2; BookSim \"transpose\"]: on the active set of the " +
		"largest N = 2^b <= E endpoints (b >= 2; endpoints N..E-1 idle), the 2^(b-m) x 2^m matrix stored " +
		"by rows (m = floor(b/2)) is transposed: s = (hi, lo) with lo the m low bits goes to d = (lo, hi), " +
		"d_i = s_((i+m) mod b). For even b the square transpose of BookSim; for odd b (2,048 endpoints: " +
		"a 64 x 32 matrix) the rectangular one, so that every endpoint of a power of two takes part. " +
		"A permutation; E < 4 is idle.",
	RandomPermutation: "Random permutation [DT section 3.2]: a fixed permutation of all E endpoints " +
		"without fixed points (a derangement), drawn uniformly from the seed by Fisher-Yates " +
		"shuffles rejected until no endpoint maps to itself. E < 2 is idle.",
	WorstCase: "Adversarial pattern for minimal routing, by family. slimfly [SC14 V-C, Fig. 9; SC15 " +
		"4.2, Fig. 5]: routers communicate in pairs at distance 2, endpoint j of a router with endpoint " +
		"j of its partner. Over the links B-C in a seeded random order (each in a random orientation), " +
		"while B and C are unpaired, the first unpaired A ~ B whose only path of length 2 to C is via B " +
		"and the first unpaired D ~ C whose only path of length 2 to B is via C give the pairs {A, C} " +
		"and {B, D}: link B->C carries the 2p flows A->C and B->D, link C->B the 2p flows C->A and " +
		"D->B, the most any link can carry in a diameter-2 network with p endpoints per router. " +
		"The remaining routers are paired at distance 2 greedily; two left over (adjacent) are " +
		"re-paired with the routers of an existing pair, outside the quadruples if possible, so that " +
		"every pair is at distance 2. dragonfly [DF 4.2]: each packet of group i goes to an endpoint " +
		"drawn uniformly from group i+1 (mod g). fattree, fattree_sc14, myrinet_clos (permute = " +
		"\"none\") [SC14 V-C]: endpoint j of pod P goes to endpoint j of pod P+1 (mod the number of " +
		"pods; a pod is the set of leaf switches with the same Group), so every packet crosses the top " +
		"(core) level. mlfm, oft, spt, sspt [SC15 4.2]: the shift by one leaf router, d = (s + p) mod " +
		"E with p endpoints per leaf router, which is SC15's \"shift by h\" (MLFM) and \"shift by k\" " +
		"(OFT) in its configurations p = h and p = k; every leaf router sends all its traffic to the " +
		"next leaf router, never in its column (MLFM) nor its symmetrical equivalent (OFT), so each " +
		"link of their single minimal path carries p flows (SC15: h resp. k).",
}

// Names returns the pattern names in sorted order.
func Names() []string {
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Doc returns the documentation of the pattern name: its definition and
// source.
func Doc(name string) (string, bool) {
	d, ok := docs[name]
	return d, ok
}

// WorstCaseFamilies returns the families for which the worst_case pattern is
// defined, in sorted order.
func WorstCaseFamilies() []string {
	return []string{"dragonfly", "fattree", "fattree_sc14", "mlfm", "myrinet_clos", "oft", "slimfly", "spt", "sspt"}
}

// New returns the pattern name for topology top. family and params (the
// family's resolved parameters) are needed only by worst_case, which
// depends on the family; seed is the only source of randomness of fixed
// patterns (random_permutation, the Slim Fly worst case). Each pattern
// draws from its own stream of seed, so one seed may serve all of them.
//
// Dest must be called with src in [0, E); the random patterns (uniform,
// shift_literal, the Dragonfly worst case) need a non-nil rng, the Fixed ones
// ignore it. Dest does not allocate, and a pattern is safe for concurrent
// use when each goroutine passes its own rng. Some permutations map an
// endpoint to itself (see Doc); such a packet is addressed to its source.
func New(name string, top *families.Topology, family string, params families.Values, seed uint64) (Pattern, error) {
	if _, ok := docs[name]; !ok {
		return nil, fmt.Errorf("traffic: unknown pattern %q; valid patterns: %s", name, strings.Join(Names(), ", "))
	}
	l, err := newLayout(top)
	if err != nil {
		return nil, fmt.Errorf("traffic: pattern %s: %w", name, err)
	}
	switch name {
	case Uniform:
		return &uniform{e: l.e}, nil
	case BitComplement, BitReversal, Shuffle:
		return newBitPattern(name, l.e), nil
	case Shift:
		return newShift(l.e), nil
	case ShiftLiteral:
		return newShiftLiteral(l.e), nil
	case Transpose:
		return newTranspose(l.e), nil
	case RandomPermutation:
		return newRandomPermutation(l.e, seed), nil
	}
	p, err := newWorstCase(top, l, family, params, seed)
	if err != nil {
		return nil, fmt.Errorf("traffic: pattern %s: %w", name, err)
	}
	return p, nil
}

// layout is the endpoint numbering of a topology.
type layout struct {
	e     int32   // number of endpoints
	first []int32 // first[r] = first endpoint of router r; first[R] = e
}

func newLayout(top *families.Topology) (layout, error) {
	if top == nil || top.Graph == nil {
		return layout{}, fmt.Errorf("no topology")
	}
	n := top.Graph.N()
	if len(top.Conc) != n {
		return layout{}, fmt.Errorf("topology has %d routers but %d concentrations", n, len(top.Conc))
	}
	first := make([]int32, n+1)
	var e int64
	for r, c := range top.Conc {
		if c < 0 {
			return layout{}, fmt.Errorf("router %d has %d endpoints", r, c)
		}
		first[r] = int32(e)
		e += int64(c)
		if e > math.MaxInt32 {
			return layout{}, fmt.Errorf("more than %d endpoints", math.MaxInt32)
		}
	}
	first[n] = int32(e)
	if e == 0 {
		return layout{}, fmt.Errorf("topology has no endpoints")
	}
	return layout{e: int32(e), first: first}, nil
}

// routers returns the router of every endpoint.
func (l layout) routers() []int32 {
	out := make([]int32, l.e)
	for r := 0; r+1 < len(l.first); r++ {
		for x := l.first[r]; x < l.first[r+1]; x++ {
			out[x] = int32(r)
		}
	}
	return out
}

// table is a fixed pattern: dst[s] is the destination of s.
type table struct{ dst []int32 }

func (t *table) Dest(src int32, _ *rand.Rand) int32 { return t.dst[src] }
func (t *table) Table() []int32                     { return t.dst }

// newRNG returns the generator of a fixed pattern's stream of seed.
func newRNG(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// Streams of the seeded patterns (arbitrary distinct constants).
const (
	streamRandomPermutation uint64 = 0x7472616666696301 // "traffic" + 1
	streamSlimFly           uint64 = 0x7472616666696302
)

// Revision returns the revision of the definition of pattern name, for
// the cache keys of the cells that use it: a cell computed under an
// earlier definition must rerun. Every pattern is at revision 1 but
// transpose, at 2: revision 1 used only the largest 4^m endpoints.
func Revision(name string) int {
	if name == Transpose {
		return 2
	}
	return 1
}
