package families

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/gf"
)

// Reference graphs of Camarero, Martinez, Vallejo and Beivide, Projective
// Networks: Topologies for Large Parallel Computer Systems (section 4.1,
// Tables 2 and 3): the complete graph, the complete bipartite graph, the
// Turan graph and the Paley graph, all diameter <= 2 generalized Moore
// graphs used as optimal or reference direct networks.

// roundDiv returns num/den rounded to the nearest integer (halves up) for
// num >= 0, den > 0, without overflow.
func roundDiv(num, den int64) int64 {
	q, r := num/den, num%den
	if r >= den-r {
		q++
	}
	return q
}

// refParams are the resolved parameters of a reference graph: n routers
// (complete: n; bipartite: n per side; Turan: n in r parts; Paley: q = n).
type refParams struct{ n, r, p, radix int64 }

// parseRefP reads p (with "balanced" = bal) and max_radix and checks the
// radix against the network radix netRadix.
func parseRefP(name string, v Values, t *refParams, bal, netRadix int64) error {
	var err error
	if t.p, err = choiceP(name, v, bal); err != nil {
		return err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return err
	}
	return checkRadix(name, t.p, netRadix, t.radix)
}

// refSize returns the sizes of a regular reference graph (s.ok checked by
// the caller's arithmetic: routers, links and netRadix fit by construction).
func refSize(name string, t refParams, routers, links, netRadix int64) (Size, error) {
	s := sizer{ok: true}
	sz := Size{
		Routers:      routers,
		Endpoints:    s.mul(t.p, routers),
		Links:        links,
		NetworkRadix: netRadix,
		Radix:        s.add(netRadix, t.p),
	}
	if !s.ok {
		return Size{}, paramErr(name, "p", "sizes for %d routers, p = %d overflow int64", routers, t.p)
	}
	return sz, nil
}

func resolveRefP(t refParams, v Values) Values { return withValues(v, "p", t.p) }

func complete() *Family {
	const name = "complete"
	parse := func(v Values) (refParams, error) {
		var t refParams
		var err error
		if t.n, err = intParam(name, v, "n", 1, math.MaxInt32); err != nil {
			return t, err
		}
		return t, parseRefP(name, v, &t, t.n, t.n-1)
	}
	f := &Family{
		Name:    name,
		Summary: "complete graph K_n, diameter 1",
		Doc: "Complete graph K_n: n routers, every pair linked; n(n-1)/2 links, network radix n - 1, " +
			"diameter 1 (n >= 2). The cost-optimal direct network of Camarero, Martinez, Vallejo and " +
			"Beivide, Projective Networks (section 2.2: average distance 1 and link utilization 1; " +
			"Tables 2 and 3: Delta_0 = N endpoints per router, T = N^2 endpoints, radix 2N - 1), a " +
			"reference when the router radix allows it. Each router has p endpoints; p = \"balanced\" " +
			"is Table 3's Delta_0 = n. Router id = 0..n-1; no coordinates or groups.",
		Params: []Param{
			{Name: "n", Kind: Int, Column: "complete_n", Doc: "number of routers, >= 1"},
			paramP(int64(1), []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = n"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[refParams]{
		parse:   parse,
		resolve: resolveRefP,
		size: func(t refParams) (Size, error) {
			return refSize(name, t, t.n, t.n*(t.n-1)/2, t.n-1)
		},
		limit: "n",
		build: func(ctx context.Context, t refParams, sz Size) (*Topology, error) {
			n := int(t.n)
			edges := make(edgeList, 0, sz.Links)
			st := newStopper(ctx)
			for u := 0; u < n; u++ {
				if st.stop(len(edges)) {
					return nil, ctx.Err()
				}
				for w := u + 1; w < n; w++ {
					edges.add(u, w)
				}
			}
			return newTopology(ctx, name, n, edges, t.p)
		},
	}.wire(f)
}

func completeBipartite() *Family {
	const name = "complete_bipartite"
	parse := func(v Values) (refParams, error) {
		var t refParams
		var err error
		if t.n, err = intParam(name, v, "n", 1, math.MaxInt32); err != nil {
			return t, err
		}
		return t, parseRefP(name, v, &t, roundDiv(2*t.n, 3), t.n)
	}
	f := &Family{
		Name:    name,
		Summary: "complete bipartite graph K_{n,n}, diameter 2",
		Doc: "Complete bipartite graph K_{n,n}: two sides of n routers, every router linked to every " +
			"router of the other side; 2n routers, n^2 links, n-regular, diameter 2 (n >= 2). It is the " +
			"Turan graph Turan(2n, 2) and a reference of Camarero, Martinez, Vallejo and Beivide, " +
			"Projective Networks (section 4.1; Table 2: average distance 1.5 in the limit; Table 3: " +
			"Delta_0 = 2n/3, T = 4n^2/3, radix 5n/3). It is used as a direct network: both sides play " +
			"the same role and every router has p endpoints; p = \"balanced\" is Table 3's Delta_0 = " +
			"2n/3 rounded to the nearest integer. Router id = side*n + index; Group = side (0 or 1); " +
			"Coords = (side, index).",
		Params: []Param{
			{Name: "n", Kind: Int, Column: "complete_bipartite_n", Doc: "routers per side, >= 1"},
			paramP(int64(1), []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = round(2n/3)"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[refParams]{
		parse:   parse,
		resolve: resolveRefP,
		size: func(t refParams) (Size, error) {
			return refSize(name, t, 2*t.n, t.n*t.n, t.n)
		},
		limit: "n",
		build: func(ctx context.Context, t refParams, sz Size) (*Topology, error) {
			return buildMultipartite(ctx, name, int(t.n*2), 2, t.p, sz)
		},
	}.wire(f)
}

// turanParts returns the part sizes of Turan(n, r): a = n mod r parts of
// b + 1 vertices followed by r - a parts of b = floor(n/r) vertices.
func turanParts(n, r int64) (a, b int64) { return n % r, n / r }

func turan() *Family {
	const name = "turan"
	parse := func(v Values) (refParams, error) {
		var t refParams
		var err error
		if t.n, err = intParam(name, v, "n", 2, math.MaxInt32); err != nil {
			return t, err
		}
		if t.r, err = intParam(name, v, "r", 2, math.MaxInt32); err != nil {
			return t, err
		}
		if t.r > t.n {
			return t, paramErr(name, "r", "r = %d parts must be at most n = %d vertices", t.r, t.n)
		}
		_, b := turanParts(t.n, t.r)
		return t, parseRefP(name, v, &t, roundDiv(t.n*(t.r-1), t.r+1), t.n-b)
	}
	f := &Family{
		Name:    name,
		Summary: "Turan graph: the complete r-partite graph on n routers",
		Doc: "Turan graph Turan(n, r) (Camarero, Martinez, Vallejo and Beivide, Projective Networks, " +
			"section 4.1, Tables 2 and 3): the complete r-partite graph on n routers whose parts have " +
			"floor(n/r) or ceil(n/r) routers; two routers are linked iff they lie in different parts. " +
			"With a = n mod r parts of b + 1 = ceil(n/r) routers (listed first) and r - a parts of b = " +
			"floor(n/r), it has (n^2 - a(b+1)^2 - (r-a)b^2)/2 links, a router of a part of size s has " +
			"n - s links (network radix n - b), and the diameter is 1 for r = n (the complete graph) " +
			"and 2 otherwise. Turan(2n, 2) is K_{n,n}. The paper gives average distance 1 + 1/r in the " +
			"limit and Delta_0 = n(r-1)/(r+1) endpoints per router (Table 3); p = \"balanced\" is that " +
			"value rounded to the nearest integer, otherwise every router has p endpoints. Router ids " +
			"are consecutive within a part; Group = part; Coords = (part, index in part).",
		Params: []Param{
			{Name: "n", Kind: Int, Column: "turan_n", Doc: "number of routers, >= 2"},
			{Name: "r", Kind: Int, Doc: "number of parts, 2 <= r <= n"},
			paramP(int64(1), []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = round(n(r-1)/(r+1))"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[refParams]{
		parse:   parse,
		resolve: resolveRefP,
		size: func(t refParams) (Size, error) {
			a, b := turanParts(t.n, t.r)
			// n^2 <= 2^62 and the part sums are smaller: no overflow.
			links := (t.n*t.n - a*(b+1)*(b+1) - (t.r-a)*b*b) / 2
			return refSize(name, t, t.n, links, t.n-b)
		},
		limit: "n",
		build: func(ctx context.Context, t refParams, sz Size) (*Topology, error) {
			return buildMultipartite(ctx, name, int(t.n), int(t.r), t.p, sz)
		},
	}.wire(f)
}

// buildMultipartite builds the complete r-partite graph on n routers with
// parts as equal as possible (larger parts first), Group = part and Coords =
// (part, index in part).
func buildMultipartite(ctx context.Context, name string, n, r int, p int64, sz Size) (*Topology, error) {
	a, b := n%r, n/r
	part := make([]int32, n)
	coords := make([]int32, 2*n)
	for v, i, idx := 0, 0, 0; v < n; v++ {
		size := b
		if i < a {
			size = b + 1
		}
		if idx == size {
			i, idx = i+1, 0
		}
		part[v] = int32(i)
		coords[2*v], coords[2*v+1] = int32(i), int32(idx)
		idx++
	}
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for u := 0; u < n; u++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for w := u + 1; w < n; w++ {
			if part[u] != part[w] {
				edges.add(u, w)
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	t, err := newTopology(ctx, name, n, edges, p)
	if err != nil {
		return nil, err
	}
	t.Group, t.Coords, t.CoordDim = part, coords, 2
	return t, nil
}

// validPaleyQ reports whether q is a Paley graph order: a prime power with
// q = 1 (mod 4).
func validPaleyQ(q int64) bool {
	if q < 5 || q%4 != 1 {
		return false
	}
	_, _, ok := gf.IsPrimePower(int(q))
	return ok
}

// maxPaleyQ bounds q so that the sizes fit easily (q(q-1)/4 links).
const maxPaleyQ = math.MaxInt32

func paleyQError(name string, q int64) error {
	if q > maxPaleyQ {
		return paramErr(name, "q", "q = %d is too large (at most %d)", q, int64(maxPaleyQ))
	}
	if q < 5 {
		return paramErr(name, "q", "q = %d is too small: q must be a prime power with q mod 4 = 1; nearest valid: 5", q)
	}
	const span = 1 << 12
	var near []string
	for c := q - 1; c >= max(q-span, 5); c-- {
		if validPaleyQ(c) {
			near = append(near, fmt.Sprint(c))
			break
		}
	}
	for c := max(q+1, 5); c <= q+span && c <= maxPaleyQ; c++ {
		if validPaleyQ(c) {
			near = append(near, fmt.Sprint(c))
			break
		}
	}
	why := "is not a prime power"
	switch {
	case q < 5:
		why = "is too small"
	default:
		if _, _, ok := gf.IsPrimePower(int(q)); ok {
			why = fmt.Sprintf("is a prime power but q mod 4 = %d", q%4)
		}
	}
	return paramErr(name, "q", "q = %d %s: q must be a prime power with q mod 4 = 1; nearest valid: %s",
		q, why, strings.Join(near, ", "))
}

func paley() *Family {
	const name = "paley"
	parse := func(v Values) (refParams, error) {
		var t refParams
		var err error
		if t.n, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
			return t, err
		}
		if t.n > maxPaleyQ || !validPaleyQ(t.n) {
			return t, paleyQError(name, t.n)
		}
		return t, parseRefP(name, v, &t, roundDiv(t.n-1, 3), (t.n-1)/2)
	}
	f := &Family{
		Name:    name,
		Summary: "Paley graph over F_q (q mod 4 = 1), diameter 2",
		Doc: "Paley graph Paley(q) (Camarero, Martinez, Vallejo and Beivide, Projective Networks, " +
			"section 4.1): the routers are the elements of the finite field F_q, q a prime power with " +
			"q mod 4 = 1 (5, 9, 13, 17, 25, 29, ...), and x ~ y iff x - y is a nonzero square (-1 is a " +
			"square, so the relation is symmetric). The graph is (q-1)/2-regular with q(q-1)/4 links, " +
			"self-complementary and strongly regular with parameters (q, (q-1)/2, (q-5)/4, (q-1)/4): " +
			"adjacent routers have (q-5)/4 common neighbours and non-adjacent ones (q-1)/4, so the " +
			"diameter is 2 (Paley(5) is the 5-cycle, Paley(9) the 3x3 rook's graph). The paper gives " +
			"average distance 1.5 in the limit and the graph is arc-transitive (link utilization 1), so " +
			"its equation (1) gives Delta_0 = Delta/1.5 = (q-1)/3 endpoints per router: p = " +
			"\"balanced\" is that value rounded to the nearest integer; otherwise every router has p " +
			"endpoints. Router id = the field element in package gf's encoding (for q = p^m the base-p " +
			"digits are the polynomial coefficients); no coordinates or groups.",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "field order: a prime power with q mod 4 = 1 (5, 9, 13, 17, 25, 29, 37, 41, 49, ...)"},
			paramP(int64(1), []string{"balanced"}, "endpoints per router: an integer >= 1 or \"balanced\" = round((q-1)/3)"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[refParams]{
		parse:   parse,
		resolve: resolveRefP,
		size: func(t refParams) (Size, error) {
			return refSize(name, t, t.n, t.n*(t.n-1)/4, (t.n-1)/2)
		},
		limit: "q",
		build: func(ctx context.Context, t refParams, sz Size) (*Topology, error) {
			q := int(t.n)
			f, err := gf.New(q)
			if err != nil {
				return nil, fmt.Errorf("family %s: %w", name, err)
			}
			isSq := make([]bool, q)
			for x := 1; x < q; x++ {
				isSq[f.Mul(x, x)] = true
			}
			squares := make([]int, 0, (q-1)/2)
			for x := 1; x < q; x++ {
				if isSq[x] {
					squares = append(squares, x)
				}
			}
			edges := make(edgeList, 0, sz.Links)
			st := newStopper(ctx)
			for x := 0; x < q; x++ {
				if st.stop(len(edges)) {
					return nil, ctx.Err()
				}
				for _, s := range squares {
					if y := f.Add(x, s); x < y {
						edges.add(x, y)
					}
				}
			}
			if int64(len(edges)) != sz.Links || len(squares) != (q-1)/2 {
				return nil, fmt.Errorf("family %s: internal error: built %d links from %d squares, want %d links", name, len(edges), len(squares), sz.Links)
			}
			return newTopology(ctx, name, q, edges, t.p)
		},
	}.wire(f)
}
