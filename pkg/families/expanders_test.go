package families

import (
	"context"
	"errors"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/runexp/runexp/pkg/graph"
)

// expFamilies are the constructors of the families of expanders.go by name
// (the tests do not rely on their registration in Default).
var expFamilies = map[string]func() *Family{"spectralfly": spectralfly, "xpander": xpander, "kautz": kautz}

// expBuild normalizes given for the named family, builds and validates the
// topology, and checks that Size agrees with it.
func expBuild(t testing.TB, fam string, given Values) (*Topology, Values) {
	t.Helper()
	f := expFamilies[fam]()
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	top, err := f.Build(context.Background(), v)
	if err != nil {
		t.Fatalf("%s %v: Build: %v", fam, given, err)
	}
	if err := top.Graph.Validate(); err != nil {
		t.Fatalf("%s %v: invalid graph: %v", fam, given, err)
	}
	sz, err := f.Size(v)
	if err != nil {
		t.Fatalf("%s %v: Size: %v", fam, given, err)
	}
	if got := measured(top); got != sz {
		t.Errorf("%s %v: built %+v, Size %+v", fam, given, got, sz)
	}
	return top, v
}

// expSize returns the Size of the named family for given (normalized).
func expSize(t testing.TB, fam string, given Values) Size {
	t.Helper()
	f := expFamilies[fam]()
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatalf("%s %v: Normalize: %v", fam, given, err)
	}
	sz, err := f.Size(v)
	if err != nil {
		t.Fatalf("%s %v: Size: %v", fam, given, err)
	}
	return sz
}

// expParamErr checks that Normalize refuses given with a *ParamError on
// param whose message contains msg.
func expParamErr(t *testing.T, fam string, given Values, param, msg string) {
	t.Helper()
	_, err := expFamilies[fam]().Normalize(given)
	var pe *ParamError
	if !errors.As(err, &pe) || pe.Param != param || !strings.Contains(pe.Msg, msg) {
		t.Errorf("%s %v: err = %v, want a ParamError on %s containing %q", fam, given, err, param, msg)
	}
}

// expEcc returns the eccentricity of router src and the number of routers it
// reaches. A Cayley graph is vertex-transitive: the eccentricity of any
// router is the diameter.
func expEcc(g *graph.Graph, src int32) (ecc, reached int) {
	dist := make([]int32, g.N())
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	queue := []int32{src}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		for _, w := range g.Neighbors(u) {
			if dist[w] < 0 {
				dist[w] = dist[u] + 1
				ecc = int(dist[w])
				queue = append(queue, w)
			}
		}
	}
	return ecc, len(queue)
}

// expBipartite reports whether the connected graph g is bipartite and
// returns the side of every router (router 0 on side 0).
func expBipartite(g *graph.Graph) (bool, []int8) {
	side := make([]int8, g.N())
	for i := range side {
		side[i] = -1
	}
	side[0] = 0
	queue := []int32{0}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		for _, w := range g.Neighbors(u) {
			switch side[w] {
			case -1:
				side[w] = 1 - side[u]
				queue = append(queue, w)
			case side[u]:
				return false, nil
			}
		}
	}
	return true, side
}

// expModInv returns 1/x mod q (q prime, x != 0 mod q).
func expModInv(x, q int64) int64 { return lpsPowMod((x%q+q)%q, q-2, q) }

// expIsSquare reports whether x != 0 is a square mod q, by search.
func expIsSquare(x, q int64) bool {
	x = (x%q + q) % q
	for y := int64(1); y < q; y++ {
		if y*y%q == x {
			return true
		}
	}
	return false
}

// TestSpectralflyLPS builds LPS graphs X^{p,q} and checks the group (PSL if
// lps_p is a square mod q, else PGL) and its order, regularity lps_p + 1, a
// simple connected graph, bipartiteness (exactly the PGL graphs, split as
// the id encoding says) and the diameter (measured by this implementation;
// the values agree with an independent Python construction of the same
// Cayley graphs). q = 3, 7, 11 are q mod 4 = 3 cases.
func TestSpectralflyLPS(t *testing.T) {
	tests := []struct {
		lpsP, q  int64
		psl      bool
		routers  int64
		diameter int
	}{
		{5, 13, false, 2184, 7},
		{13, 5, false, 120, 3},
		{5, 29, true, 12180, 8},
		{17, 5, false, 120, 3},
		{5, 3, false, 24, 3},
		{5, 7, false, 336, 6},
		{5, 11, true, 660, 6},
		{13, 7, false, 336, 4},
		{13, 11, false, 1320, 5},
		{13, 17, true, 2448, 4},
		{17, 13, true, 1092, 4},
		{29, 7, true, 168, 2},
		{5, 17, false, 4896, 9},
	}
	for _, tt := range tests {
		given := Values{"lps_p": tt.lpsP, "q": tt.q, "p": int64(2)}
		top, _ := expBuild(t, "spectralfly", given)
		g := top.Graph
		q := tt.q
		want := q * (q*q - 1)
		if tt.psl {
			want /= 2
		}
		if tt.psl != expIsSquare(tt.lpsP, q) || want != tt.routers {
			t.Fatalf("X^{%d,%d}: test case inconsistent", tt.lpsP, q)
		}
		rndSimple(t, g)
		d, reg := regular(g)
		if int64(g.N()) != tt.routers || !reg || int64(d) != tt.lpsP+1 || g.Edges() != tt.routers*(tt.lpsP+1)/2 {
			t.Errorf("X^{%d,%d}: %d routers, degree %d (regular %v), %d links; want %d routers, degree %d",
				tt.lpsP, q, g.N(), d, reg, g.Edges(), tt.routers, tt.lpsP+1)
		}
		ecc, reached := expEcc(g, 0)
		if reached != g.N() {
			t.Errorf("X^{%d,%d}: router 0 reaches %d of %d routers", tt.lpsP, q, reached, g.N())
		}
		if ecc != tt.diameter {
			t.Errorf("X^{%d,%d}: diameter %d, want %d", tt.lpsP, q, ecc, tt.diameter)
		}
		if g.N() <= 2500 { // vertex-transitive: all pairs give the same diameter
			if s := distances(t, top); s.Diameter != tt.diameter || !s.Connected() {
				t.Errorf("X^{%d,%d}: all-pairs diameter %d, connected %v", tt.lpsP, q, s.Diameter, s.Connected())
			}
		}
		bip, side := expBipartite(g)
		if bip == tt.psl {
			t.Errorf("X^{%d,%d}: bipartite %v, want %v (PSL %v)", tt.lpsP, q, bip, !tt.psl, tt.psl)
		}
		if bip { // the sides are the ids below and above routers/2
			half := int32(g.N() / 2)
			for u := range int32(g.N()) {
				if (side[u] == side[0]) != (u < half == (0 < half)) {
					t.Fatalf("X^{%d,%d}: router %d on side %d, id encoding says otherwise", tt.lpsP, q, u, side[u])
				}
			}
		}
	}
}

// TestSpectralflyCayley checks the Cayley structure from the coordinates:
// every router's Coords are a normalized invertible matrix whose
// determinant class (square or not) matches its id, and for every link
// u ~ v the class of X = M_u^{-1} M_v has tr(X)^2 / det(X) = 4a^2 / lps_p
// (mod q) for a solution (a, b, c, d) of the four-square equation, this
// invariant of a generator's class taking, at every router, the multiset
// of values the lps_p + 1 solutions give (solutions found here by brute
// force, independently of lpsQuaternions).
func TestSpectralflyCayley(t *testing.T) {
	for _, c := range [][2]int64{{5, 13}, {13, 7}, {29, 7}, {5, 3}, {17, 5}} {
		p, q := c[0], c[1]
		top, _ := expBuild(t, "spectralfly", Values{"lps_p": p, "q": q})
		g := top.Graph
		if top.CoordDim != 4 || len(top.Coords) != 4*g.N() {
			t.Fatalf("X^{%d,%d}: CoordDim %d, %d coordinates", p, q, top.CoordDim, len(top.Coords))
		}
		// Brute force: the invariants 4a^2/p of the solutions.
		var want []int64
		r := int64(math.Sqrt(float64(p)))
		e := r &^ 1 // the largest even value
		for a := int64(1); a <= r; a += 2 {
			for b := -e; b <= e; b += 2 {
				for c := -e; c <= e; c += 2 {
					for d := -e; d <= e; d += 2 {
						if a*a+b*b+c*c+d*d == p {
							want = append(want, 4*a*a%q*expModInv(p, q)%q)
						}
					}
				}
			}
		}
		if int64(len(want)) != p+1 {
			t.Fatalf("lps_p = %d: %d solutions, want %d", p, len(want), p+1)
		}
		slices.Sort(want)
		m := func(u int32) [4]int64 {
			x := top.Coords[4*u : 4*u+4]
			return [4]int64{int64(x[0]), int64(x[1]), int64(x[2]), int64(x[3])}
		}
		half := int32(g.N() / 2)
		psl := expIsSquare(p, q)
		for u := range int32(g.N()) {
			mu := m(u)
			det := ((mu[0]*mu[3]-mu[1]*mu[2])%q + q) % q
			norm := (mu[2] == 1) || (mu[2] == 0 && mu[3] == 1)
			square := expIsSquare(det, q)
			if det == 0 || !norm || (square != (psl || u < half)) {
				t.Fatalf("X^{%d,%d}: router %d has matrix %v (determinant %d)", p, q, u, mu, det)
			}
			adj := [4]int64{mu[3], q - mu[1], q - mu[2], mu[0]} // M^{-1} up to a scalar
			var got []int64
			for _, v := range g.Neighbors(u) {
				x := lpsMul(adj, m(v), q)
				tr := (x[0] + x[3]) % q
				dx := ((x[0]*x[3]-x[1]*x[2])%q + q) % q
				got = append(got, tr*tr%q*expModInv(dx, q)%q)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("X^{%d,%d}: router %d: generator invariants %v, want %v", p, q, u, got, want)
			}
		}
	}
}

// TestSpectralflyRamanujan computes the adjacency spectrum (gonum EigenSym)
// of small LPS graphs: the largest eigenvalue is lps_p + 1 and simple
// (connected), -(lps_p + 1) is an eigenvalue exactly for the bipartite PGL
// graphs, and every other eigenvalue has absolute value at most
// 2 sqrt(lps_p) (Ramanujan; q = 3, 7, 11 included).
func TestSpectralflyRamanujan(t *testing.T) {
	for _, c := range [][2]int64{{5, 3}, {13, 5}, {17, 5}, {5, 7}, {13, 7}, {29, 7}, {5, 11}} {
		p, q := c[0], c[1]
		top, _ := expBuild(t, "spectralfly", Values{"lps_p": p, "q": q})
		g := top.Graph
		n := g.N()
		a := mat.NewSymDense(n, nil)
		for u := range int32(n) {
			for _, v := range g.Neighbors(u) {
				a.SetSym(int(u), int(v), 1)
			}
		}
		var es mat.EigenSym
		if !es.Factorize(a, false) {
			t.Fatalf("X^{%d,%d}: eigendecomposition failed", p, q)
		}
		ev := es.Values(nil) // ascending
		k := float64(p + 1)
		bound := 2 * math.Sqrt(float64(p))
		const eps = 1e-8
		pgl := !expIsSquare(p, q)
		if math.Abs(ev[n-1]-k) > eps || ev[n-2] > bound+eps {
			t.Errorf("X^{%d,%d}: top eigenvalues %g, %g; want %g simple, then at most %g", p, q, ev[n-1], ev[n-2], k, bound)
		}
		lo := 0
		if pgl {
			if math.Abs(ev[0]+k) > eps {
				t.Errorf("X^{%d,%d}: smallest eigenvalue %g, want %g (bipartite)", p, q, ev[0], -k)
			}
			lo = 1
		}
		lam := 0.0
		for _, x := range ev[lo : n-1] {
			lam = max(lam, math.Abs(x))
		}
		if lam > bound+eps {
			t.Errorf("X^{%d,%d}: nontrivial eigenvalue of absolute value %g > 2 sqrt(%d) = %g", p, q, lam, p, bound)
		}
		t.Logf("X^{%d,%d}: %d routers, largest nontrivial |eigenvalue| %.4f <= 2 sqrt(%d) = %.4f", p, q, n, lam, p, bound)
	}
}

// TestSpectralflyGirth checks the girth bounds of Lubotzky, Phillips and
// Sarnak: at least 4 log_p q - log_p 4 for the bipartite PGL graphs and
// 2 log_p q for the PSL graphs; the measured girths are pinned.
func TestSpectralflyGirth(t *testing.T) {
	for _, c := range [][3]int64{{5, 13, 8}, {5, 11, 6}, {5, 7, 6}, {13, 7, 4}} {
		p, q := c[0], c[1]
		top, _ := expBuild(t, "spectralfly", Values{"lps_p": p, "q": q})
		lp := func(x float64) float64 { return math.Log(x) / math.Log(float64(p)) }
		bound := 2 * lp(float64(q))
		if !expIsSquare(p, q) {
			bound = 4*lp(float64(q)) - lp(4)
		}
		gi := girth(top.Graph)
		if float64(gi) < bound || int64(gi) != c[2] {
			t.Errorf("X^{%d,%d}: girth %d, want %d (LPS bound %.2f)", p, q, gi, c[2], bound)
		}
	}
}

// TestSpectralflySweep builds every pair of lps_p in {5, 13, 17, 29, 37, 41}
// and odd prime q < 50 with at most 20000 routers: an accepted pair gives a
// simple connected (lps_p+1)-regular graph, bipartite iff PGL; a refused one
// has q <= 2 sqrt(lps_p) (the pairs that LPS's bound does not cover), and
// the refusals include the known degenerate pairs.
func TestSpectralflySweep(t *testing.T) {
	refused := map[[2]int64]bool{}
	for _, p := range []int64{5, 13, 17, 29, 37, 41} {
		for q := int64(3); q < 50; q += 2 {
			if !d2Prime(q) || q == p {
				continue
			}
			given := Values{"lps_p": p, "q": q}
			f := spectralfly()
			v, err := f.Normalize(given)
			if err != nil {
				var pe *ParamError
				if !errors.As(err, &pe) || pe.Param != "q" || q*q > 4*p {
					t.Errorf("X^{%d,%d}: refused: %v", p, q, err)
				}
				refused[[2]int64{p, q}] = true
				continue
			}
			if sz, _ := f.Size(v); sz.Routers > 20000 {
				continue
			}
			top, _ := expBuild(t, "spectralfly", given)
			g := top.Graph
			rndSimple(t, g)
			d, reg := regular(g)
			_, reached := expEcc(g, 0)
			bip, _ := expBipartite(g)
			if !reg || int64(d) != p+1 || reached != g.N() || bip == expIsSquare(p, q) {
				t.Errorf("X^{%d,%d}: degree %d (regular %v), reaches %d of %d routers, bipartite %v", p, q, d, reg, reached, g.N(), bip)
			}
		}
	}
	for _, c := range [][2]int64{{13, 3}, {17, 3}, {29, 3}, {29, 5}, {37, 5}} {
		if !refused[c] {
			t.Errorf("X^{%d,%d} (repeated generators) was accepted", c[0], c[1])
		}
	}
	for _, c := range [][2]int64{{5, 3}, {13, 5}, {17, 5}, {41, 7}} {
		if refused[c] {
			t.Errorf("X^{%d,%d} (simple, though q <= 2 sqrt(lps_p)) was refused", c[0], c[1])
		}
	}
}

// TestSpectralflySizeLarge sizes instances far beyond the build limits
// without building: the order q(q^2-1)/2 or q(q^2-1) with the Legendre
// symbol decided by search, overflow reported as a ParamError, and Build
// refusing what is too large.
func TestSpectralflySizeLarge(t *testing.T) {
	for _, c := range [][2]int64{{5, 1009}, {13, 1009}, {5, 1048573}, {13, 1048573}} {
		p, q := c[0], c[1]
		sz := expSize(t, "spectralfly", Values{"lps_p": p, "q": q, "p": int64(3)})
		n := q * (q*q - 1)
		if q < 5000 && expIsSquare(p, q) || q > 5000 && lpsPowMod(p, (q-1)/2, q) == 1 {
			n /= 2
		}
		want := Size{Routers: n, Endpoints: 3 * n, Links: n / 2 * (p + 1), Radix: p + 4, NetworkRadix: p + 1}
		if sz != want {
			t.Errorf("X^{%d,%d}: Size %+v, want %+v", p, q, sz, want)
		}
	}
	expParamErr(t, "spectralfly", Values{"lps_p": int64(37), "q": int64(1048573)}, "q", "overflow")
	f := spectralfly()
	v, _ := f.Normalize(Values{"lps_p": int64(5), "q": int64(409)})
	if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "too large to build") {
		t.Errorf("X^{5,409} (68 million routers): Build err = %v", err)
	}
}

// TestSpectralflyErrors checks the parameter errors.
func TestSpectralflyErrors(t *testing.T) {
	tests := []struct {
		given      Values
		param, msg string
	}{
		{Values{"lps_p": int64(7), "q": int64(13)}, "lps_p", "lps_p = 7 is not a prime with lps_p mod 4 = 1"},
		{Values{"lps_p": int64(9), "q": int64(13)}, "lps_p", "nearest valid: 5, 13"},
		{Values{"lps_p": int64(3), "q": int64(13)}, "lps_p", "at least 5"},
		{Values{"lps_p": int64(1 << 16), "q": int64(13)}, "lps_p", "at most 32768"},
		{Values{"lps_p": int64(5), "q": int64(9)}, "q", "q = 9 is not an odd prime"},
		{Values{"lps_p": int64(5), "q": int64(2)}, "q", "at least 3"},
		{Values{"lps_p": int64(13), "q": int64(13)}, "q", "q = 13 equals lps_p"},
		{Values{"lps_p": int64(13), "q": int64(15)}, "q", "nearest valid: 11, 17"},
		{Values{"lps_p": int64(13), "q": int64(3)}, "q", "coincide mod q up to sign"},
		{Values{"lps_p": int64(37), "q": int64(3)}, "q", "is the identity mod q"},
		{Values{"lps_p": int64(5)}, "q", "required parameter is missing"},
		{Values{"lps_p": int64(5), "q": int64(13), "p": int64(0)}, "p", "must be positive"},
		{Values{"lps_p": int64(5), "q": int64(13), "max_radix": int64(6)}, "max_radix", "the network alone needs 6 ports"},
		{Values{"lps_p": int64(5), "q": int64(13), "max_radix": int64(8), "p": int64(3)}, "p", "at most p = 2 fits"},
	}
	for _, tt := range tests {
		expParamErr(t, "spectralfly", tt.given, tt.param, tt.msg)
	}
}

// TestXpander builds Xpanders and checks the lift structure: (d+1)k
// routers, simple and d-regular with k d(d+1)/2 links, connected, Group =
// meta-node and Coords = (meta-node, copy) as encoded in the id, no link
// inside a meta-node and exactly k links (a perfect matching) between any
// two meta-nodes; lift = 1 is the complete graph.
func TestXpander(t *testing.T) {
	tests := []struct{ degree, lift, seed int64 }{
		{3, 1, 1}, {3, 2, 1}, {3, 2, 5}, {4, 8, 1}, {8, 16, 1}, {8, 16, 2},
		{10, 50, 2}, {5, 200, 1}, {16, 64, 1}, {40, 3, 7}, {7, 1, 3},
	}
	for _, tt := range tests {
		given := Values{"degree": tt.degree, "lift": tt.lift, "seed": tt.seed, "p": int64(2)}
		top, _ := expBuild(t, "xpander", given)
		g := top.Graph
		d, k := int(tt.degree), int(tt.lift)
		rndSimple(t, g)
		deg, reg := regular(g)
		if g.N() != (d+1)*k || !reg || deg != d || g.Edges() != int64(k*d*(d+1)/2) {
			t.Errorf("%v: %d routers, degree %d (regular %v), %d links", given, g.N(), deg, reg, g.Edges())
		}
		if s := distances(t, top); !s.Connected() {
			t.Errorf("%v: not connected", given)
		}
		if len(top.Group) != g.N() || top.CoordDim != 2 || len(top.Coords) != 2*g.N() {
			t.Fatalf("%v: %d groups, CoordDim %d, %d coordinates", given, len(top.Group), top.CoordDim, len(top.Coords))
		}
		between := make([]int, (d+1)*(d+1))
		for u := range int32(g.N()) {
			gu := int(top.Group[u])
			if gu != int(u)/k || top.Coords[2*u] != top.Group[u] || int(top.Coords[2*u+1]) != int(u)%k {
				t.Fatalf("%v: router %d has group %d and coordinates %v", given, u, gu, top.Coords[2*u:2*u+2])
			}
			for _, v := range g.Neighbors(u) {
				between[gu*(d+1)+int(top.Group[v])]++
			}
		}
		for a := 0; a <= d; a++ {
			for b := 0; b <= d; b++ {
				if want := k * min(1, expAbs(a-b)); between[a*(d+1)+b] != want {
					t.Fatalf("%v: %d links from meta-node %d to %d, want %d", given, between[a*(d+1)+b], a, b, want)
				}
			}
		}
	}
}

// expAbs returns |x|.
func expAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestXpanderDeterminism checks that a seed gives the same graph (the golden
// checksums pin the exact graphs on every machine) and other seeds other
// graphs.
func TestXpanderDeterminism(t *testing.T) {
	tests := []struct {
		given  Values
		golden uint32
	}{
		{Values{"degree": int64(8), "lift": int64(16)}, 0xd4576390},
		{Values{"degree": int64(3), "lift": int64(100), "seed": int64(-5)}, 0x2f69e25d},
	}
	for _, tt := range tests {
		a, _ := expBuild(t, "xpander", tt.given)
		b, _ := expBuild(t, "xpander", tt.given)
		if !slices.Equal(a.Graph.Off, b.Graph.Off) || !slices.Equal(a.Graph.Adj, b.Graph.Adj) {
			t.Errorf("%v: same seed, different graphs", tt.given)
		}
		if h := rndAdjHash(a.Graph); h != tt.golden {
			t.Errorf("%v: graph checksum %#08x, want %#08x", tt.given, h, tt.golden)
		}
		for _, seed := range []int64{2, 3, math.MaxInt64} {
			c, _ := expBuild(t, "xpander", withValues(tt.given, "seed", seed))
			if slices.Equal(a.Graph.Adj, c.Graph.Adj) {
				t.Errorf("%v: seed %d gives the same graph as seed %v", tt.given, seed, tt.given["seed"])
			}
		}
	}
}

// expMooreDiameter returns the smallest diameter a d-regular graph on n
// vertices can have: the least D with 1 + d + d(d-1) + ... + d(d-1)^(D-1) >= n.
func expMooreDiameter(d, n int) int {
	reach, layer, dm := 1, d, 0
	for reach < n {
		reach += layer
		layer *= d - 1
		dm++
	}
	return dm
}

// TestXpanderDiameter checks that Xpanders of moderate degree have a
// diameter within one of the Moore bound's minimum (the assertion: Moore
// minimum <= diameter <= Moore minimum + 1; all these instances measure
// 4, the minimum being 3), as expanders should.
func TestXpanderDiameter(t *testing.T) {
	for _, tt := range []struct{ degree, lift, seed int64 }{
		{8, 16, 1}, {8, 16, 2}, {8, 16, 3}, {8, 16, 4}, {10, 50, 1}, {10, 50, 2}, {16, 64, 1},
	} {
		given := Values{"degree": tt.degree, "lift": tt.lift, "seed": tt.seed}
		top, _ := expBuild(t, "xpander", given)
		s := distances(t, top)
		lo := expMooreDiameter(int(tt.degree), top.Graph.N())
		if s.Diameter < lo || s.Diameter > lo+1 {
			t.Errorf("%v: diameter %d, want %d or %d", given, s.Diameter, lo, lo+1)
		}
		t.Logf("%v: %d routers, diameter %d (Moore minimum %d), average distance %.3f", given, top.Graph.N(), s.Diameter, lo, s.AvgDistance())
	}
}

// TestXpanderErrors checks the parameter errors, and sizes and refuses to
// build an instance beyond the build limits.
func TestXpanderErrors(t *testing.T) {
	tests := []struct {
		given      Values
		param, msg string
	}{
		{Values{"degree": int64(2), "lift": int64(4)}, "degree", "at least 3"},
		{Values{"degree": int64(4), "lift": int64(0)}, "lift", "must be positive"},
		{Values{"degree": int64(4)}, "lift", "required parameter is missing"},
		{Values{"degree": int64(8), "lift": int64(4), "max_radix": int64(8)}, "max_radix", "the network alone needs 8 ports"},
		{Values{"degree": int64(8), "lift": int64(4), "max_radix": int64(10), "p": int64(3)}, "p", "at most p = 2 fits"},
		{Values{"degree": int64(math.MaxInt32), "lift": int64(math.MaxInt32)}, "lift", "overflow"},
	}
	for _, tt := range tests {
		expParamErr(t, "xpander", tt.given, tt.param, tt.msg)
	}
	given := Values{"degree": int64(64), "lift": int64(1_000_000), "p": int64(32)}
	if sz := expSize(t, "xpander", given); sz != (Size{Routers: 65_000_000, Endpoints: 32 * 65_000_000, Links: 2080 * 1_000_000, Radix: 96, NetworkRadix: 64}) {
		t.Errorf("%v: Size %+v", given, sz)
	}
	f := xpander()
	v, _ := f.Normalize(given)
	if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "too large to build") {
		t.Errorf("%v: Build err = %v", given, err)
	}
}

// kautzRef returns the Kautz strings of length L over d+1 symbols in
// lexicographic order and the undirected links of K(d, L-1) between their
// indices, from the definition (arcs s_0 s_1 ... s_n -> s_1 ... s_n x), and
// the directed diameter measured on the arcs.
func kautzRef(d, length int) (strs [][]int32, links map[[2]int]bool, dirDiam int) {
	var rec func(prefix []int32)
	rec = func(prefix []int32) {
		if len(prefix) == length {
			strs = append(strs, slices.Clone(prefix))
			return
		}
		for x := int32(0); x <= int32(d); x++ {
			if len(prefix) == 0 || prefix[len(prefix)-1] != x {
				rec(append(prefix, x))
			}
		}
	}
	rec(nil)
	index := map[string]int{}
	for i, s := range strs {
		index[sprintInts(s)] = i
	}
	links = map[[2]int]bool{}
	out := make([][]int, len(strs))
	for i, s := range strs {
		for x := int32(0); x <= int32(d); x++ {
			if x == s[length-1] {
				continue
			}
			j := index[sprintInts(append(slices.Clone(s[1:]), x))]
			out[i] = append(out[i], j)
			links[[2]int{min(i, j), max(i, j)}] = true
		}
	}
	for src := range strs {
		dist := make([]int, len(strs))
		for i := range dist {
			dist[i] = -1
		}
		dist[src] = 0
		queue := []int{src}
		for i := 0; i < len(queue); i++ {
			for _, w := range out[queue[i]] {
				if dist[w] < 0 {
					dist[w] = dist[queue[i]] + 1
					dirDiam = max(dirDiam, dist[w])
					queue = append(queue, w)
				}
			}
		}
	}
	return strs, links, dirDiam
}

// sprintInts formats s as space-separated integers.
func sprintInts(s []int32) string {
	var b strings.Builder
	for i, x := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(x)))
	}
	return b.String()
}

// TestKautzDefinition compares the built K(d, n) with the definition: the
// routers' Coords are exactly the Kautz strings, the links are the arcs
// with directions dropped, and the directed diameter of the arcs is
// kautz_length = n + 1.
func TestKautzDefinition(t *testing.T) {
	for _, c := range [][2]int{{2, 1}, {2, 2}, {2, 3}, {2, 5}, {3, 1}, {3, 2}, {3, 4}, {4, 3}, {5, 2}} {
		d, length := c[0], c[1]
		top, _ := expBuild(t, "kautz", Values{"kautz_degree": int64(d), "kautz_length": int64(length)})
		g := top.Graph
		strs, links, dirDiam := kautzRef(d, length)
		if dirDiam != length {
			t.Errorf("K(%d, %d): directed diameter %d, want %d", d, length-1, dirDiam, length)
		}
		if g.N() != len(strs) || top.CoordDim != length || len(top.Coords) != length*g.N() {
			t.Fatalf("K(%d, %d): %d routers (want %d), CoordDim %d", d, length-1, g.N(), len(strs), top.CoordDim)
		}
		ref := map[string]int{}
		for i, s := range strs {
			ref[sprintInts(s)] = i
		}
		id := make([]int, g.N()) // router -> reference index
		seen := make([]bool, g.N())
		for u := range g.N() {
			i, ok := ref[sprintInts(top.Coords[u*length:(u+1)*length])]
			if !ok || seen[i] {
				t.Fatalf("K(%d, %d): router %d has coordinates %v, not a new Kautz string", d, length-1, u, top.Coords[u*length:(u+1)*length])
			}
			id[u], seen[i] = i, true
		}
		got := map[[2]int]bool{}
		for u := range int32(g.N()) {
			for _, v := range g.Neighbors(u) {
				i, j := id[u], id[v]
				got[[2]int{min(i, j), max(i, j)}] = true
			}
		}
		if len(got) != len(links) || int64(len(links)) != g.Edges() {
			t.Errorf("K(%d, %d): %d links (%d distinct), definition %d", d, length-1, g.Edges(), len(got), len(links))
		}
		for l := range links {
			if !got[l] {
				t.Fatalf("K(%d, %d): link %v ~ %v missing", d, length-1, strs[l[0]], strs[l[1]])
			}
		}
	}
}

// TestKautz checks sizes, the link count formula d(d+1)(2d^n - 1)/2, the
// degrees (2d - 1 at the (d+1)d alternating routers, 2d elsewhere; n = 1:
// all 2d - 1; n = 0: K_{d+1}), connectivity and the undirected diameter,
// which measures n + 1 = kautz_length on every instance here (as the
// directed one). SiCortex's K(3, 1), K(3, 3) and K(3, 5) have 12, 108 and
// 972 routers.
func TestKautz(t *testing.T) {
	tests := []struct {
		d, length, routers, links, netRadix int64
	}{
		{2, 1, 3, 3, 2}, {2, 2, 6, 9, 3}, {2, 3, 12, 21, 4}, {2, 4, 24, 45, 4}, {2, 8, 384, 765, 4},
		{3, 1, 4, 6, 3}, {3, 2, 12, 30, 5}, {3, 4, 108, 318, 6}, {3, 6, 972, 2910, 6},
		{4, 3, 80, 310, 8}, {4, 4, 320, 1270, 8}, {5, 2, 30, 135, 9}, {7, 3, 392, 2716, 14}, {2, 12, 6144, 12285, 4},
	}
	for _, tt := range tests {
		given := Values{"kautz_degree": tt.d, "kautz_length": tt.length, "p": int64(3)}
		top, _ := expBuild(t, "kautz", given)
		g := top.Graph
		d, n := tt.d, tt.length-1
		dn, _ := pow64(d, n)
		if formula := d * (d + 1) * (2*dn - 1) / 2; formula != tt.links {
			t.Fatalf("K(%d, %d): formula gives %d links, table %d", d, n, formula, tt.links)
		}
		if int64(g.N()) != tt.routers || g.Edges() != tt.links || int64(g.MaxDegree()) != tt.netRadix {
			t.Errorf("K(%d, %d): %d routers, %d links, network radix %d; want %d, %d, %d", d, n, g.N(), g.Edges(), g.MaxDegree(), tt.routers, tt.links, tt.netRadix)
		}
		rndSimple(t, g)
		hist := map[int]int64{}
		for u := range int32(g.N()) {
			hist[g.Degree(u)]++
		}
		want := map[int]int64{int(2*d - 1): (d + 1) * d, int(2 * d): tt.routers - (d+1)*d}
		switch n {
		case 0:
			want = map[int]int64{int(d): tt.routers}
		case 1:
			want = map[int]int64{int(2*d - 1): tt.routers}
		}
		if !expHistEqual(hist, want) {
			t.Errorf("K(%d, %d): degree histogram %v, want %v", d, n, hist, want)
		}
		s := distances(t, top)
		if !s.Connected() || s.Diameter != int(tt.length) {
			t.Errorf("K(%d, %d): connected %v, undirected diameter %d, want %d", d, n, s.Connected(), s.Diameter, tt.length)
		}
	}
}

// expHistEqual reports whether the histograms a and b are equal (zero counts
// ignored).
func expHistEqual(a, b map[int]int64) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	for k, v := range b {
		if a[k] != v {
			return false
		}
	}
	return true
}

// TestKautzErrors checks the parameter errors, sizing without building
// beyond the build limits, and the refusal to build.
func TestKautzErrors(t *testing.T) {
	tests := []struct {
		given      Values
		param, msg string
	}{
		{Values{"kautz_degree": int64(1), "kautz_length": int64(3)}, "kautz_degree", "at least 2"},
		{Values{"kautz_degree": int64(3), "kautz_length": int64(0)}, "kautz_length", "must be positive"},
		{Values{"kautz_degree": int64(3), "kautz_length": int64(64)}, "kautz_length", "at most 63"},
		{Values{"kautz_degree": int64(3), "kautz_length": int64(40)}, "kautz_length", "too large"},
		{Values{"kautz_degree": int64(3)}, "kautz_length", "required parameter is missing"},
		{Values{"kautz_degree": int64(3), "kautz_length": int64(4), "max_radix": int64(6)}, "max_radix", "the network alone needs 6 ports"},
		{Values{"kautz_degree": int64(3), "kautz_length": int64(2), "max_radix": int64(6), "p": int64(2)}, "p", "at most p = 1 fits"},
	}
	for _, tt := range tests {
		expParamErr(t, "kautz", tt.given, tt.param, tt.msg)
	}
	given := Values{"kautz_degree": int64(3), "kautz_length": int64(30), "p": int64(2)}
	n := 4 * int64(math.Pow(3, 29))
	if sz := expSize(t, "kautz", given); sz != (Size{Routers: n, Endpoints: 2 * n, Links: 3*n - 6, Radix: 8, NetworkRadix: 6}) {
		t.Errorf("%v: Size %+v", given, sz)
	}
	f := kautz()
	v, _ := f.Normalize(given)
	if _, err := f.Build(context.Background(), v); err == nil || !strings.Contains(err.Error(), "too large to build") {
		t.Errorf("%v: Build err = %v", given, err)
	}
}

// TestExpanderSchemas checks the house rules of the three families: a
// Summary without a final period, a Doc paragraph naming its source,
// documented parameters with p and max_radix in their shared meaning, no
// parameter named like a metric, Version 1, and idempotent Resolve.
func TestExpanderSchemas(t *testing.T) {
	sources := map[string]string{"spectralfly": "IPDPS 2022", "xpander": "CoNEXT 2016", "kautz": "Kautz"}
	examples := map[string]Values{
		"spectralfly": {"lps_p": int64(5), "q": int64(13)},
		"xpander":     {"degree": int64(4), "lift": int64(3)},
		"kautz":       {"kautz_degree": int64(2), "kautz_length": int64(3)},
	}
	metrics := []string{"routers", "endpoints", "links", "radix", "network_radix", "diameter"}
	for name, mk := range expFamilies {
		f := mk()
		if f.Name != name || f.Version != 1 || f.Summary == "" || strings.HasSuffix(f.Summary, ".") ||
			len(f.Doc) < 200 || !strings.Contains(f.Doc, sources[name]) || f.SizingOnly() {
			t.Errorf("%s: name %q, version %d, summary %q, doc of %d characters", name, f.Name, f.Version, f.Summary, len(f.Doc))
		}
		for _, p := range f.Params {
			if p.Doc == "" || slices.Contains(metrics, p.ColumnName()) {
				t.Errorf("%s: parameter %s (column %s) undocumented or named like a metric", name, p.Name, p.ColumnName())
			}
		}
		if f.Param("p") == nil || f.Param("max_radix") == nil || f.Param("p").Default != int64(1) {
			t.Errorf("%s: missing p or max_radix", name)
		}
		v, err := f.Normalize(examples[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		again, err := f.Normalize(v)
		if err != nil || !maps.Equal(again, v) {
			t.Errorf("%s: Resolve not idempotent: %v, %v", name, again, err)
		}
	}
}
