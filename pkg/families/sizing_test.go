package families

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/gf"
)

func TestSizingFamiliesAreSizingOnly(t *testing.T) {
	for _, name := range []string{"long_hop", "bdf", "moore_bound"} {
		f, ok := Default().Lookup(name)
		if !ok {
			t.Fatalf("family %s not registered", name)
		}
		if !f.SizingOnly() || f.Build != nil || f.PartlySizingOnly() {
			t.Errorf("%s: not sizing-only", name)
		}
	}
	// delorme builds its quadrangle and hexagon variants, not SC14's.
	f, _ := Default().Lookup("delorme")
	if f.SizingOnly() || !f.PartlySizingOnly() {
		t.Errorf("delorme: SizingOnly %v PartlySizingOnly %v, want false and true", f.SizingOnly(), f.PartlySizingOnly())
	}
	for variant, want := range map[string]bool{"sc14": true, "quadrangle": false, "hexagon": false} {
		q := map[string]int64{"sc14": 9, "quadrangle": 8, "hexagon": 3}[variant]
		v, err := f.Normalize(Values{"variant": variant, "q": q})
		if err != nil {
			t.Fatal(err)
		}
		if got := f.SizingOnlyFor(v); got != want {
			t.Errorf("delorme %s: SizingOnlyFor = %v, want %v", variant, got, want)
		}
		if _, err := f.Build(context.Background(), v); (err != nil) != want {
			t.Errorf("delorme %s: Build error %v", variant, err)
		} else if err != nil && !strings.Contains(err.Error(), "sizing-only") {
			t.Errorf("delorme %s: Build error %q does not say sizing-only", variant, err)
		}
	}
}

func TestSizingFamilies(t *testing.T) {
	tests := []struct {
		fam   string
		given Values
		want  Size
		p     int64 // resolved p
	}{
		// SC14 section II-A and Fig. 5a: Moore bound for k' = 96, D = 2 is 9,217.
		{"moore_bound", Values{"degree": int64(96)}, Size{Routers: 9217, Endpoints: 9217 * 48, Links: 9217 * 48, Radix: 144, NetworkRadix: 96}, 48},
		// Hoffman-Singleton (SC14 II-B: 50 radix-7 vertices, 175 edges), Petersen.
		{"moore_bound", Values{"degree": int64(7), "p": int64(4)}, Size{Routers: 50, Endpoints: 200, Links: 175, Radix: 11, NetworkRadix: 7}, 4},
		{"moore_bound", Values{"degree": int64(3)}, Size{Routers: 10, Endpoints: 20, Links: 15, Radix: 5, NetworkRadix: 3}, 2},
		// D = 3, k' = 96 (Fig. 5b): 1 + 96 + 96*95 + 96*95^2; balanced p = 32.
		{"moore_bound", Values{"degree": int64(96), "diameter": int64(3)}, Size{Routers: 875617, Endpoints: 875617 * 32, Links: 875617 * 48, Radix: 128, NetworkRadix: 96}, 32},
		{"moore_bound", Values{"degree": int64(2), "diameter": int64(4)}, Size{Routers: 9, Endpoints: 9, Links: 9, Radix: 3, NetworkRadix: 2}, 1}, // C_9
		{"moore_bound", Values{"degree": int64(1), "diameter": int64(3)}, Size{Routers: 2, Endpoints: 2, Links: 1, Radix: 2, NetworkRadix: 1}, 1}, // K_2
		// SC14 Table IV LH-HC: 8,192 routers and endpoints, radix 19 (L = 5).
		{"long_hop", Values{"n": int64(13)}, Size{Routers: 8192, Endpoints: 8192, Links: 8192 * 9, Radix: 19, NetworkRadix: 18}, 1},
		{"long_hop", Values{"n": int64(8), "p": int64(2)}, Size{Routers: 256, Endpoints: 512, Links: 128 * 12, Radix: 14, NetworkRadix: 12}, 2},
		{"long_hop", Values{"n": int64(10), "extra": int64(0)}, Size{Routers: 1024, Endpoints: 1024, Links: 512 * 10, Radix: 11, NetworkRadix: 10}, 1},
		// BDF: k' = 3(u+1)/2, Nr = (u+1)^3 - (u+1)^2 + (u+1).
		{"bdf", Values{"u": int64(3)}, Size{Routers: 52, Endpoints: 104, Links: 156, Radix: 8, NetworkRadix: 6}, 2},
		{"bdf", Values{"u": int64(61)}, Size{Routers: 234546, Endpoints: 234546 * 31, Links: 234546 * 93 / 2, Radix: 124, NetworkRadix: 93}, 31},
		// SC14 DEL: k' = (v+1)^2, Nr = (v+1)^2 (v^2+1)^2.
		{"delorme", Values{"q": int64(9)}, Size{Routers: 672400, Endpoints: 672400 * 34, Links: 672400 * 50, Radix: 134, NetworkRadix: 100}, 34},
		{"delorme", Values{"q": int64(2)}, Size{Routers: 225, Endpoints: 675, Links: 1012, Radix: 12, NetworkRadix: 9}, 3},
		// Projective networks Table 3, Delorme on generalized quadrangles:
		// N = q^3+q^2+q+1, Delta = q+1, Delta_0 = (q+1)/3, R = 4(q+1)/3,
		// T = (q+1)^2(q^2+1)/3; links (N(q+1) - (q^2+1))/2.
		{"delorme", Values{"variant": "quadrangle", "q": int64(2)}, Size{Routers: 15, Endpoints: 15, Links: 20, Radix: 4, NetworkRadix: 3}, 1},
		{"delorme", Values{"variant": "quadrangle", "q": int64(8)}, Size{Routers: 585, Endpoints: 1755, Links: 2600, Radix: 12, NetworkRadix: 9}, 3},
		{"delorme", Values{"variant": "quadrangle", "q": int64(32)}, Size{Routers: 33825, Endpoints: 372075, Links: 33825*33/2 - 512, Radix: 44, NetworkRadix: 33}, 11},
		// Generalized hexagons: N = q^5+...+1, q^3+1 absolute points.
		{"delorme", Values{"variant": "hexagon", "q": int64(3)}, Size{Routers: 364, Endpoints: 364, Links: 714, Radix: 5, NetworkRadix: 4}, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s%v", tt.fam, tt.given), func(t *testing.T) {
			if got := sizeOf(t, tt.fam, tt.given); got != tt.want {
				t.Errorf("Size = %+v, want %+v", got, tt.want)
			}
			f, _ := Default().Lookup(tt.fam)
			v, err := f.Normalize(tt.given)
			if err != nil {
				t.Fatal(err)
			}
			if v.Int("p") != tt.p {
				t.Errorf("resolved p = %v, want %d", v["p"], tt.p)
			}
			again, err := f.Resolve(v)
			if err != nil || fmt.Sprint(again) != fmt.Sprint(v) {
				t.Errorf("Resolve not idempotent: %v, %v", again, err)
			}
		})
	}
}

// TestDelormeTable3 checks the quadrangle variant against every formula of
// the projective networks paper's Table 3 row for q = 2, 8, 32, 128, 512.
func TestDelormeTable3(t *testing.T) {
	for _, q := range []int64{2, 8, 32, 128, 512} {
		s := sizeOf(t, "delorme", Values{"variant": "quadrangle", "q": q})
		n, d0 := q*q*q+q*q+q+1, (q+1)/3
		if s.Routers != n || s.NetworkRadix != q+1 || s.Radix != 4*(q+1)/3 || s.Endpoints != (q+1)*(q+1)*(q*q+1)/3 || s.Endpoints != n*d0 {
			t.Errorf("q = %d: %+v", q, s)
		}
	}
}

// TestBDFFormula compares the router count with SC14's formula in k',
// (8/27)k'^3 - (4/9)k'^2 + (2/3)k', in exact rational arithmetic.
func TestBDFFormula(t *testing.T) {
	count := 0
	for u := int64(3); u < 300; u += 2 {
		if _, _, ok := gf.IsPrimePower(int(u)); !ok {
			continue
		}
		count++
		s := sizeOf(t, "bdf", Values{"u": u})
		k := big.NewRat(3*(u+1), 2)
		k2 := new(big.Rat).Mul(k, k)
		k3 := new(big.Rat).Mul(k2, k)
		n := new(big.Rat).Mul(big.NewRat(8, 27), k3)
		n.Sub(n, new(big.Rat).Mul(big.NewRat(4, 9), k2))
		n.Add(n, new(big.Rat).Mul(big.NewRat(2, 3), k))
		if !n.IsInt() || n.Num().Int64() != s.Routers || !k.IsInt() || k.Num().Int64() != s.NetworkRadix {
			t.Errorf("u = %d: %+v; formula gives Nr = %v, k' = %v", u, s, n, k)
		}
	}
	if count < 50 {
		t.Errorf("only %d odd prime powers tested", count)
	}
}

// TestMooreBoundRatios checks the SC14 section II-C statement that Delorme
// and BDF graphs achieve about 68% and 30% of the Moore bound (Fig. 5b,
// near k' = 96-100).
func TestMooreBoundRatios(t *testing.T) {
	ratio := func(fam string, given Values) float64 {
		s := sizeOf(t, fam, given)
		mb := sizeOf(t, "moore_bound", Values{"degree": s.NetworkRadix, "diameter": int64(3)})
		return float64(s.Routers) / float64(mb.Routers)
	}
	if r := ratio("delorme", Values{"q": int64(9)}); math.Abs(r-0.68) > 0.005 {
		t.Errorf("Delorme v = 9 (k' = 100): %.4f of the Moore bound, want about 0.68", r)
	}
	if r := ratio("bdf", Values{"u": int64(61)}); math.Abs(r-0.30) > 0.01 {
		t.Errorf("BDF u = 61 (k' = 93): %.4f of the Moore bound, want about 0.30", r)
	}
	// MMS (Slim Fly) for k' = 96 (q = 64): 8,192 routers vs 9,217 (SC14 II-B3).
	sf := sizeOf(t, "slimfly", Values{"q": int64(64)})
	if mb := sizeOf(t, "moore_bound", Values{"degree": sf.NetworkRadix}); sf.NetworkRadix != 96 || sf.Routers != 8192 || mb.Routers != 9217 {
		t.Errorf("slimfly q = 64: %+v, Moore bound %+v", sf, mb)
	}
}

// TestMooreBoundClosedForm compares SC14's sum with the closed form of the
// projective networks paper, eq. (3): (k(k-1)^D - 2)/(k - 2) for k >= 3.
func TestMooreBoundClosedForm(t *testing.T) {
	for k := int64(3); k <= 64; k++ {
		for d := int64(1); d <= 8; d++ {
			got, ok := MooreBound(k, d)
			num := new(big.Int).Exp(big.NewInt(k-1), big.NewInt(d), nil)
			num.Mul(num, big.NewInt(k))
			num.Sub(num, big.NewInt(2))
			num.Quo(num, big.NewInt(k-2))
			if !num.IsInt64() {
				if ok {
					t.Errorf("MooreBound(%d, %d) = %d, want overflow", k, d, got)
				}
				continue
			}
			if !ok || got != num.Int64() {
				t.Errorf("MooreBound(%d, %d) = %d, %v; want %v", k, d, got, ok, num)
			}
		}
	}
	for d := int64(1); d <= 10; d++ {
		if got, _ := MooreBound(2, d); got != 2*d+1 {
			t.Errorf("MooreBound(2, %d) = %d, want the cycle C_%d", d, got, 2*d+1)
		}
	}
	if _, ok := MooreBound(1<<20, 4); ok {
		t.Error("MooreBound(2^20, 4) did not overflow")
	}
	if _, ok := MooreBound(0, 2); ok {
		t.Error("MooreBound(0, 2) accepted")
	}
}

func TestGeneralizedMooreHist(t *testing.T) {
	tests := []struct {
		k, n int64
		want []int64
	}{
		{7, 50, []int64{1, 7, 42}},   // Hoffman-Singleton: a Moore graph
		{3, 10, []int64{1, 3, 6}},    // Petersen
		{3, 11, []int64{1, 3, 6, 1}}, // one router beyond the bound moves to distance 3
		{3, 22, []int64{1, 3, 6, 12}},
		{96, 8192, []int64{1, 96, 8095}},
		{5, 1, []int64{1}},
		{4, 3, []int64{1, 2}},
	}
	for _, tt := range tests {
		got, ok := GeneralizedMooreHist(tt.k, tt.n)
		if !ok || !slices.Equal(got, tt.want) {
			t.Errorf("GeneralizedMooreHist(%d, %d) = %v, %v; want %v", tt.k, tt.n, got, ok, tt.want)
		}
	}
	if _, ok := GeneralizedMooreHist(2, 10); ok {
		t.Error("degree 2 accepted")
	}
	if h, ok := GeneralizedMooreHist(3, math.MaxInt64); !ok || len(h) < 60 || h[len(h)-1] <= 0 {
		t.Errorf("huge graph: %v, %v", h, ok)
	}
	// The Hoffman-Singleton graph (Slim Fly q = 5) attains it.
	top, _ := build(t, "slimfly", Values{"q": int64(5)})
	s := distances(t, top)
	want, _ := GeneralizedMooreHist(7, 50)
	for d := range want {
		if d > 0 && s.Hist[d] != 50*want[d] {
			t.Errorf("Hoffman-Singleton: %d ordered pairs at distance %d, want %d", s.Hist[d], d, 50*want[d])
		}
	}
	// Eq. (4): average distance ~ D - k^(D-1)/N for large k (k = 96, N = 8192).
	h, _ := GeneralizedMooreHist(96, 8192)
	var sum int64
	for d, c := range h {
		sum += int64(d) * c
	}
	avg := float64(sum) / 8191
	if approx := 2 - 96.0/8192; math.Abs(avg-approx) > 1e-3 {
		t.Errorf("average distance %v, eq. (4) gives %v", avg, approx)
	}
}

func TestLongHopExtra(t *testing.T) {
	// Smallest L with n + L distinct non-zero L-bit parity-check columns.
	want := map[int64]int64{3: 3, 4: 3, 5: 4, 8: 4, 11: 4, 12: 5, 13: 5, 26: 5, 27: 6, 57: 6, 58: 7, 62: 7}
	for n, l := range want {
		if got := longHopExtra(n); got != l {
			t.Errorf("longHopExtra(%d) = %d, want %d", n, got, l)
		}
	}
	// With extra = 0 the sizes are the hypercube's.
	for n := int64(3); n <= 20; n++ {
		lh := sizeOf(t, "long_hop", Values{"n": n, "extra": int64(0), "p": int64(2)})
		hc := sizeOf(t, "hypercube", Values{"n": n, "p": int64(2)})
		if lh != hc {
			t.Errorf("n = %d: long_hop %+v, hypercube %+v", n, lh, hc)
		}
	}
}

func TestSizingErrors(t *testing.T) {
	checkParamErrors(t, []paramErrorCase{
		{"moore_bound", Values{}, "degree", "required"},
		{"moore_bound", Values{"degree": int64(0)}, "degree", "positive"},
		{"moore_bound", Values{"degree": int64(10), "diameter": int64(0)}, "diameter", "positive"},
		{"moore_bound", Values{"degree": int64(1 << 20), "diameter": int64(4)}, "diameter", "overflows"},
		{"moore_bound", Values{"degree": int64(10), "p": "most"}, "p", `"balanced"`},
		{"moore_bound", Values{"degree": int64(10), "p": int64(0)}, "p", "positive"},
		{"long_hop", Values{"n": int64(2)}, "n", "at least 3"},
		{"long_hop", Values{"n": int64(3), "extra": int64(5)}, "extra", "at most 4"},
		{"long_hop", Values{"n": int64(3), "extra": int64(-1)}, "extra", "at least 0"},
		{"long_hop", Values{"n": int64(10), "extra": "code"}, "extra", `"hamming"`},
		{"long_hop", Values{"n": int64(62)}, "n", "overflow"},
		{"bdf", Values{"u": int64(4)}, "u", "nearest valid: 3, 5"},
		{"bdf", Values{"u": int64(8)}, "u", "nearest valid: 7, 9"},
		{"bdf", Values{"u": int64(15)}, "u", "not an odd prime power; nearest valid: 13, 17"},
		{"bdf", Values{"u": int64(1)}, "u", "at least 3"},
		{"bdf", Values{"u": int64(1 << 20)}, "u", "nearest valid"},
		{"bdf", Values{"u": int64(1<<20 - 3)}, "u", "overflow"},
		{"delorme", Values{"q": int64(6)}, "q", "nearest valid: 5, 7"},
		{"delorme", Values{"q": int64(1 << 19)}, "q", "overflow"},
		{"delorme", Values{"variant": "quadrangle", "q": int64(4)}, "q", "nearest valid: 2, 8"},
		{"delorme", Values{"variant": "hexagon", "q": int64(9)}, "q", "nearest valid: 3, 27"},
		{"delorme", Values{"variant": "octagon", "q": int64(2)}, "variant", `"sc14", "quadrangle", "hexagon"`},
		{"delorme", Values{"q": int64(4), "p": int64(-1)}, "p", "positive"},
	})
}

// TestGeneralizedPolygonIncidence checks the incidence graphs of generalized
// quadrangles and hexagons against the projective networks paper's Table 3
// where its formulas are integers: GQ q = 13 (Delta_0 = 2(q+1)/7 = 4, T =
// 4/7 (q+1)^2 (q^2+1) = 19,040, R = 9/7 (q+1) = 18) and GH q = 43
// (Delta_0 = 2(q+1)/11 = 8, R = 13/11 (q+1) = 52), and the Tutte 12-cage
// (GH q = 2: 126 vertices, 3-regular).
func TestGeneralizedPolygonIncidence(t *testing.T) {
	for _, c := range []struct {
		fam  string
		q    int64
		want Size
	}{
		{"gq_incidence", 13, Size{Routers: 4760, Endpoints: 19040, Links: 4760 * 14 / 2, Radix: 18, NetworkRadix: 14}},
		{"gh_incidence", 2, Size{Routers: 126, Endpoints: 126, Links: 189, Radix: 4, NetworkRadix: 3}},
		{"gh_incidence", 43, Size{}}, // computed below
	} {
		got := sizeOf(t, c.fam, Values{"q": c.q})
		if c.q == 43 {
			// 1 + 43 + ... + 43^5 = (43^6 - 1)/42.
			n := int64(2) * (6321363049 - 1) / 42
			c.want = Size{Routers: n, Endpoints: 8 * n, Links: n * 44 / 2, Radix: 52, NetworkRadix: 44}
		}
		if got != c.want {
			t.Errorf("%s q=%d: %+v, want %+v", c.fam, c.q, got, c.want)
		}
	}
	f, _ := Default().Lookup("gq_incidence")
	if _, err := f.Normalize(Values{"q": int64(6)}); err == nil || !strings.Contains(err.Error(), "prime power") {
		t.Errorf("q = 6: %v", err)
	}
}
