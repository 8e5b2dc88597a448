package families

import (
	"context"
	"fmt"
	"math"
)

// PolarFly (Lakhotia, Besta, Monroe, Isham, Iff, Hoefler and Petrini,
// PolarFly: A Cost-Effective and Flexible Low-Diameter Topology, SC22,
// arXiv:2208.01695): the Erdos-Renyi polarity graph ER_q, which the demi_pn
// family builds too (see ProjectivePlane), with the paper's modular layout
// and its incremental expansion by replicated non-quadric clusters.
//
// Layout (the paper's Algorithm 1, as the authors' reference generator
// IntelLabs/PolarFly topogen/BrownExtGenerator.py implements it for odd q):
// the q+1 quadrics (absolute points, degree q) form cluster C_0 = W; v0 is
// a quadric (here the one of smallest point index); each neighbour c of v0
// is the centre of a cluster made of c and the non-quadric neighbours of c.
// Two points P, Q have the single common orthogonal point P x Q, which gives
// the clusters their shape:
//
//   - q odd: the q centres lie on the tangent at v0, so each is adjacent to
//     two quadrics and q-1 non-quadrics. Each cluster has q routers and is a
//     fan (friendship graph) of (q-1)/2 triangles {c, y, c x y} sharing c;
//     no other links join its routers. Total (q+1) + q*q = q^2+q+1.
//   - q even: the quadrics are the points of one line, whose pole N (the
//     nucleus) is adjacent to all q+1 of them and to nothing else; every
//     other router is adjacent to exactly one quadric. Algorithm 1 then gives
//     q-1 fans of q/2 triangles (q+1 routers each) and the singleton {N}.
//     Total (q+1) + (q-1)(q+1) + 1 = q^2+q+1. (The authors' code lays out
//     even q differently, around the quadrics; we keep Algorithm 1.)
//
// Expansion (our reading of the paper's "replicating non-quadric clusters":
// the paper's text was not at hand, and the authors' generator adds further
// links between replicated routers and cluster centres that we leave out):
// fan cluster C_i, i = 1..e, gets a replica C_i' whose router x' copies
// router x: x' is linked to the replicas of x's neighbours inside C_i (the
// fan is copied), to every neighbour y of x outside C_i, and to the replica
// y' of such a y when y's cluster was replicated too; the centre c is linked
// to its replica c'. No existing link is removed. Each fan cluster is
// replicated at most once, as in the authors' generator (r1 <= q). The
// diameter is at most 3, and exactly 3 (for x not the centre, x' and the
// routers of C_i other than x and c have no common neighbour, as c is the
// only common neighbour of two routers of C_i):
//
//   - x' and a router z of ER_q outside C_i: x' ~ z if x ~ z; otherwise the
//     common neighbour w of x and z is a common neighbour of x' and z, or
//     w' is when w is in C_i (w' inherits the link w - z);
//   - x' and y in C_i: x' - c' - c - y (c' - c - y for x = c);
//   - two routers of C_i': the common neighbour c';
//   - x' in C_i' and z' in C_j', i != j: adjacent if x ~ z, else w (outside
//     C_i and C_j) or w' (in C_i or C_j, hence replicated) is a common
//     neighbour.
//
// Routers of ER_q keep their links, so their distances stay at most 2.

// polarFlyParams are the resolved parameters of a PolarFly: q, the number
// of replicated fan clusters e (parameter expansion), p and max_radix.
type polarFlyParams struct {
	q, e, p, radix int64
}

// pfFans returns the number of fan clusters of PolarFly(q), which expansion
// can replicate, and the number of routers of each: q clusters of q routers
// for odd q, q-1 clusters of q+1 routers for even q.
func pfFans(q int64) (fans, size int64) {
	if q%2 == 1 {
		return q, q
	}
	return q - 1, q + 1
}

// pfNetRadix returns the network radix of PolarFly(q) with e replicated
// fans (q+1 for e = 0). Replicating a fan adds to a router outside it one
// link per neighbour it has in the fan (the twin of that link at the
// replica), to the centre the link to its replica, and gives each replica
// the final degree of its original. A router of a fan has at most one
// neighbour in any other fan: that fan's centre has only quadrics and its
// own fan as neighbours, and its other routers lie on the centre's polar
// line, which meets the router's own polar line in one point. The routers
// of a fan without a quadric neighbour (odd q: the (q-1)/2 routers of V2 in
// every fan) and, for even q, all routers of a fan but its centre have
// exactly one neighbour in every other fan, so they reach q+1+e while a fan
// is left unreplicated and q+e once all are. A quadric has one neighbour in
// every fan (degree q+e), a centre reaches q+2 and the nucleus (even q)
// keeps q+1.
func pfNetRadix(q, e int64) int64 {
	if e == 0 {
		return q + 1
	}
	fans, _ := pfFans(q)
	k := q + e
	if e < fans {
		k++
	}
	return max(k, q+2)
}

// pfLinks returns the number of links of PolarFly(q) with e replicated
// clusters: the q(q+1)^2/2 links of ER_q, then per replica its copied fan,
// the centre link and one link per link leaving the original cluster, and
// for two replicated clusters one link per link between the originals.
// Two fans are joined by q-2 links for odd q (the q(q-1)(q-2)/2 links
// between fans spread evenly over the q(q-1)/2 pairs, as the stabiliser of
// the conic and v0 permutes the fans 2-transitively) and by q links for
// even q (each of the q non-centre routers of a fan has one neighbour in
// every other fan, a centre none). The tests check the count against the
// builds. q <= 2^20 and e <= q keep every term below 2^62.
func pfLinks(q, e int64) int64 {
	links := q * (q + 1) * (q + 1) / 2
	var perCluster, between int64
	if q%2 == 1 {
		// Fan of (q-1)/2 triangles: 3(q-1)/2 links; q routers of degree
		// q+1 send q(q+1) - 3(q-1) links outside; plus the centre link.
		perCluster, between = (2*q*q-q+5)/2, q-2
	} else {
		// Fan of q/2 triangles: 3q/2 links; q+1 routers of degree q+1
		// send (q+1)^2 - 3q links outside; plus the centre link.
		perCluster, between = q*q+q/2+2, q
	}
	return links + e*perCluster + e*(e-1)/2*between
}

// pfBalancedP returns floor(k'/2) and ceil(k'/2) for the network radix k'.
func pfBalancedP(netRadix int64) (balanced, ceil int64) {
	return netRadix / 2, (netRadix + 1) / 2
}

// parsePolarFly reads q, expansion, p and max_radix of the polarfly family.
func parsePolarFly(name string, v Values) (polarFlyParams, error) {
	var t polarFlyParams
	var err error
	if t.q, err = intParam(name, v, "q", math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	if err := projCheckOrder(name, "q", t.q, 0); err != nil {
		return t, err
	}
	if t.e, err = intParam(name, v, "expansion", math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	fans, size := pfFans(t.q)
	switch {
	case t.e < 0:
		return t, paramErr(name, "expansion", "expansion = %d must be at least 0 (0 = PolarFly without expansion)", t.e)
	case t.e > fans:
		return t, paramErr(name, "expansion", "expansion = %d is too large: q = %d has %d non-quadric clusters of %d routers and each is replicated at most once (expansion <= %d)",
			t.e, t.q, fans, size, fans)
	}
	netRadix := pfNetRadix(t.q, t.e)
	p, choice, err := intOrChoice(name, v, "p")
	if err != nil {
		return t, err
	}
	balanced, ceil := pfBalancedP(netRadix)
	switch choice {
	case "":
		if err := checkRange(name, "p", p, 1, maxConc); err != nil {
			return t, err
		}
		t.p = p
	case "balanced":
		t.p = balanced
	case "ceil":
		t.p = ceil
	default:
		return t, paramErr(name, "p", "want an integer or one of \"balanced\", \"ceil\", got %q", choice)
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	return t, checkRadix(name, t.p, netRadix, t.radix)
}

// polarFly returns the polarfly family: ER_q with the PolarFly paper's
// cluster layout and incremental expansion.
func polarFly() *Family {
	const name = "polarfly"
	size := func(t polarFlyParams) (Size, error) {
		s := sizer{ok: true}
		_, cs := pfFans(t.q)
		netRadix := pfNetRadix(t.q, t.e)
		routers := t.q*t.q + t.q + 1 + t.e*cs // q <= 2^20: no overflow
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(routers, t.p),
			Links:        pfLinks(t.q, t.e),
			NetworkRadix: netRadix,
			Radix:        s.add(netRadix, t.p),
		}
		if !s.ok {
			return Size{}, paramErr(name, "p", "sizes for q = %d, expansion = %d, p = %d overflow int64", t.q, t.e, t.p)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "PolarFly: ER_q in the paper's quadric and fan clusters, expandable by cluster replicas",
		Doc: "PolarFly (Lakhotia, Besta, Monroe, Isham, Iff, Hoefler and Petrini, PolarFly: A Cost-Effective " +
			"and Flexible Low-Diameter Topology, SC22, arXiv:2208.01695): the Erdos-Renyi polarity graph ER_q " +
			"of demi_pn (q a prime power; the q^2+q+1 canonical points of P_2(F_q), P ~ L iff P.L = 0 and " +
			"P != L), diameter 2, network radix q+1 (the q+1 quadrics P.P = 0 have degree q), Moore-bound " +
			"efficiency (q^2+q+1)/((q+1)^2+1): 96.9% at radix 32 (q = 31), 99.2% at 128. Layout (the paper's " +
			"Algorithm 1): the quadrics form cluster W = Group 0 (Role global, the other routers Role router); " +
			"each neighbour c of the quadric v0 of smallest index is the centre of a cluster holding c and " +
			"its non-quadric neighbours. For odd q that gives q clusters of q routers, each a fan of (q-1)/2 " +
			"triangles sharing c; for even q, q-1 fans of q+1 routers (q/2 triangles) and the nucleus, the " +
			"one router adjacent to all quadrics, alone in the last cluster. Groups 1..q number the clusters, " +
			"fans by ascending centre index (the nucleus last). Incremental expansion (our reading of the " +
			"paper's replication of non-quadric clusters; see the source for the details and the proof): " +
			"expansion = e replicates fans 1..e, each once; a replica copies its fan's links, shares every " +
			"link leaving the fan (and links to the replica of a replicated neighbour) and its centre is " +
			"linked to the original centre. No link is rewired; the diameter becomes 3. Sizes with s the " +
			"fan size (q for odd q, q+1 for even q) and F the number of fans (q for odd q, q-1 for even q): " +
			"q^2+q+1+e*s routers; q(q+1)^2/2 + e*((2q^2-q+5)/2) + (e(e-1)/2)(q-2) links for odd q, " +
			"q(q+1)^2/2 + e*(q^2+q/2+2) + (e(e-1)/2)q for even q; network radix k' = q+1 for e = 0, " +
			"else max(q+e+1, q+2) for e < F and max(q+e, q+2) for e = F. Each router has p endpoints; p = " +
			"\"balanced\" is floor(k'/2) as in the authors' reference generator ((q+1)/2 for odd q), \"ceil\" " +
			"is ceil(k'/2). Router id = point index (see ProjectivePlane) for the routers of ER_q, as in " +
			"demi_pn; router j of fan i's replica (j = 0 the centre, then by ascending point index) has id " +
			"q^2+q+1 + (i-1)s + j and Group q+i. Coords = (x0, x1, x2), the canonical homogeneous coordinates " +
			"of the router's point (a replica has its original's).",
		Params: []Param{
			{Name: "q", Kind: Int, Doc: "order of the field and projective plane: a prime power (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, ...)"},
			{Name: "expansion", Kind: Int, Default: int64(0),
				Doc: "number of replicated non-quadric (fan) clusters, incremental expansion: 0 = PolarFly (diameter 2); 1..q for odd q, 1..q-1 for even q (diameter 3)"},
			paramP("balanced", []string{"balanced", "ceil"}, "endpoints per router: an integer >= 1, \"balanced\" = floor(k'/2) or \"ceil\" = ceil(k'/2), k' the network radix"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[polarFlyParams]{
		parse:   func(v Values) (polarFlyParams, error) { return parsePolarFly(name, v) },
		resolve: func(t polarFlyParams, v Values) Values { return withValues(v, "p", t.p) },
		size:    size,
		limit:   "q",
		build: func(ctx context.Context, t polarFlyParams, sz Size) (*Topology, error) {
			return buildPolarFly(ctx, name, int(t.q), int(t.e), t.p, sz)
		},
	}.wire(f)
}

// pfLayout is the paper's layout of ER_q (Algorithm 1): clusters[0] = W,
// the quadrics by ascending index; clusters[1..fans] the fans, each centre
// first and then its non-quadric neighbours by ascending index; for even q
// clusters[q] = {nucleus}. group and pos give each point's cluster and its
// position there.
type pfLayout struct {
	quadric  []bool
	group    []int32
	pos      []int32
	clusters [][]int32
	fans     int
}

// newPFLayout computes the layout of ER_q over pp. It returns ctx.Err() if
// ctx is cancelled, and fails (an internal error) if the clusters do not
// partition the points as the geometry says.
func newPFLayout(ctx context.Context, pp *ProjectivePlane) (*pfLayout, error) {
	n, q := pp.Points(), pp.Order()
	l := &pfLayout{quadric: make([]bool, n), group: make([]int32, n), pos: make([]int32, n), clusters: make([][]int32, q+1)}
	v0 := -1
	st := newStopper(ctx)
	for i := 0; i < n; i++ {
		if st.stop(i) {
			return nil, ctx.Err()
		}
		l.group[i] = -1
		if pp.Absolute(i) {
			l.quadric[i] = true
			if v0 < 0 {
				v0 = i
			}
		}
	}
	// place appends point x to cluster g; a point placed twice is an error.
	place := func(g int, x int32) error {
		if l.group[x] >= 0 {
			return fmt.Errorf("point %d is in clusters %d and %d", x, l.group[x], g)
		}
		l.group[x], l.pos[x] = int32(g), int32(len(l.clusters[g]))
		l.clusters[g] = append(l.clusters[g], x)
		return nil
	}
	for i := 0; i < n; i++ {
		if l.quadric[i] {
			if err := place(0, int32(i)); err != nil {
				return nil, err
			}
		}
	}
	nucleus := int32(-1)
	g := 1
	var nb []int32
	for _, c := range pp.Orthogonal(v0, nil) {
		if int(c) == v0 {
			continue
		}
		nb = pp.Orthogonal(int(c), nb[:0])
		members := 0
		for _, x := range nb {
			if !l.quadric[x] {
				members++
			}
		}
		if members == 0 {
			nucleus = c
			continue
		}
		if g > q {
			return nil, fmt.Errorf("more than %d clusters", q)
		}
		if err := place(g, c); err != nil {
			return nil, err
		}
		for _, x := range nb {
			if !l.quadric[x] {
				if err := place(g, x); err != nil {
					return nil, err
				}
			}
		}
		g++
	}
	l.fans = g - 1
	if nucleus >= 0 {
		if err := place(g, nucleus); err != nil {
			return nil, err
		}
		g++
	}
	if g != q+1 {
		return nil, fmt.Errorf("%d clusters besides W, want %d", g-1, q)
	}
	for i, c := range l.group {
		if c < 0 {
			return nil, fmt.Errorf("point %d is in no cluster", i)
		}
	}
	return l, nil
}

// buildPolarFly builds PolarFly(q) with e replicated fan clusters.
func buildPolarFly(ctx context.Context, name string, q, e int, p int64, sz Size) (*Topology, error) {
	pp, err := NewProjectivePlane(q)
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	l, err := newPFLayout(ctx, pp)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("family %s: internal error: layout of q = %d: %w", name, q, err)
	}
	fans, cs64 := pfFans(int64(q))
	cs := int(cs64)
	if l.fans != int(fans) || e > l.fans {
		return nil, fmt.Errorf("family %s: internal error: %d fan clusters, want %d", name, l.fans, fans)
	}
	for i := 1; i <= l.fans; i++ {
		if len(l.clusters[i]) != cs {
			return nil, fmt.Errorf("family %s: internal error: cluster %d has %d routers, want %d", name, i, len(l.clusters[i]), cs)
		}
	}
	n := pp.Points()
	edges := make(edgeList, 0, sz.Links)
	nb := make([]int32, 0, q+1)
	st := newStopper(ctx)
	// ER_q: P ~ L iff P.L = 0, without the loops at the quadrics.
	for i := 0; i < n; i++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		nb = pp.Orthogonal(i, nb[:0])
		for _, j := range nb {
			if int(j) > i {
				edges.add(i, int(j))
			}
		}
	}
	// replica returns the id of the replica of point x (its cluster is
	// replicated).
	replica := func(x int32) int { return n + (int(l.group[x])-1)*cs + int(l.pos[x]) }
	for k := 1; k <= e; k++ {
		for _, x := range l.clusters[k] {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			xr := replica(x)
			if l.pos[x] == 0 {
				edges.add(int(x), xr) // centre to its replica
			}
			nb = pp.Orthogonal(int(x), nb[:0])
			for _, y := range nb {
				switch g := int(l.group[y]); {
				case g == k:
					if y > x {
						edges.add(xr, replica(y)) // the fan, copied
					}
				default:
					edges.add(xr, int(y))
					if g >= 1 && g < k {
						edges.add(xr, replica(y)) // both clusters replicated
					}
				}
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	routers := int(sz.Routers)
	t, err := newTopology(ctx, name, routers, edges, p)
	if err != nil {
		return nil, err
	}
	t.Role = make([]Role, routers)
	t.Group = make([]int32, routers)
	t.CoordDim = 3
	t.Coords = make([]int32, 3*routers)
	for r := 0; r < routers; r++ {
		pt := r
		if r >= n {
			k, j := (r-n)/cs, (r-n)%cs
			pt = int(l.clusters[k+1][j])
			t.Group[r] = int32(q + k + 1)
		} else {
			t.Group[r] = l.group[r]
			if l.quadric[r] {
				t.Role[r] = RoleGlobal
			}
		}
		c := pp.Point(pt)
		t.Coords[3*r], t.Coords[3*r+1], t.Coords[3*r+2] = int32(c[0]), int32(c[1]), int32(c[2])
	}
	return t, nil
}
