package families

import (
	"math"
	"testing"

	"github.com/runexp/runexp/pkg/gf"
)

// TestPolarStarScaleAdvantage reproduces, from the sizing formulas of
// polarstar, bundlefly, dragonfly and hyperx, the scale comparison of the
// PolarStar paper (Lakhotia et al., arXiv 2302.07217v2, abstract):
// PolarStar's "1.3x geometric mean increase in scale over Bundlefly, 1.9x
// over Dragonfly, and 6.7x over 3-D HyperX". The reading: for every network
// radix k' from 8 to 128 (the range a summary of the paper gives; the
// abstract gives none), the scale of a family is the router count of its
// largest configuration whose network radix is exactly k'; the geometric
// mean is over the radixes where both families have one (Bundlefly has
// none at 12 of the 121). Dragonfly is diameter-3 a(ah+1) with a-1+h = k'
// over every a; 3-D HyperX every S_1 x S_2 x S_3 with sum(S_i - 1) = k'.
// Counting configurations of radix at most k' instead gives 1.14 over
// Bundlefly, so the reading matters; ranges [8, 64] and [16, 128] give
// 1.25 and 1.33, 1.85 and 1.92, 6.08 and 6.93. Tolerance: the abstract
// prints one decimal (+-0.05).
func TestPolarStarScaleAdvantage(t *testing.T) {
	const lo, hi = 8, 128
	reg := Default()
	best := map[string][]int64{}
	add := func(fam string, given Values) {
		f, ok := reg.Lookup(fam)
		if !ok {
			t.Fatalf("no family %s", fam)
		}
		v, err := f.Normalize(given)
		if err != nil {
			return // not a configuration of the family
		}
		if v, err = f.Resolve(v); err != nil {
			return
		}
		sz, err := f.Size(v)
		if err != nil {
			return
		}
		k := sz.NetworkRadix
		if k < lo || k > hi {
			return
		}
		if best[fam] == nil {
			best[fam] = make([]int64, hi+1)
		}
		best[fam][k] = max(best[fam][k], sz.Routers)
	}
	var pp []int64 // prime powers up to 2*hi+1
	for n := int64(2); n <= 2*hi+1; n++ {
		if _, _, ok := gf.IsPrimePower(int(n)); ok {
			pp = append(pp, n)
		}
	}
	for _, q := range pp {
		if q+1 >= hi {
			break
		}
		for d := int64(2); q+1+d <= hi; d++ {
			add("polarstar", Values{"q": q, "supernode": "iq", "supernode_degree": d})
			add("polarstar", Values{"q": q, "supernode": "paley", "supernode_degree": d})
		}
		for _, qp := range pp {
			add("bundlefly", Values{"q": q, "paley_q": qp})
		}
	}
	for k := int64(lo); k <= hi; k++ {
		for a := int64(2); a <= k; a++ {
			add("dragonfly", Values{"p": int64(1), "a": a, "h": k - a + 1})
		}
		for s1 := int64(2); s1 <= k; s1++ {
			for s2 := s1; s1+s2-2 < k; s2++ {
				if s3 := k + 3 - s1 - s2; s3 >= s2 {
					add("hyperx", Values{"dims": []int64{s1, s2, s3}})
				}
			}
		}
	}
	for _, c := range []struct {
		other     string
		published float64
	}{{"bundlefly", 1.3}, {"dragonfly", 1.9}, {"hyperx", 6.7}} {
		var sum float64
		n := 0
		for k := lo; k <= hi; k++ {
			ps, o := best["polarstar"][k], best[c.other][k]
			if ps > 0 && o > 0 {
				sum += math.Log(float64(ps) / float64(o))
				n++
			}
		}
		if n == 0 {
			t.Fatalf("no radix with both polarstar and %s", c.other)
		}
		got := math.Exp(sum / float64(n))
		t.Logf("polarstar / %s: geometric mean %.3f over %d radixes (published %.1f)", c.other, got, n, c.published)
		if math.Abs(got-c.published) > 0.05 {
			t.Errorf("polarstar / %s: geometric mean %.3f over %d radixes, published %.1f (+-0.05)", c.other, got, n, c.published)
		}
	}
	// Every radix of the range has a PolarStar, a Dragonfly and a HyperX.
	for k := lo; k <= hi; k++ {
		for _, fam := range []string{"polarstar", "dragonfly", "hyperx"} {
			if best[fam][k] == 0 {
				t.Errorf("%s has no configuration of network radix %d", fam, k)
			}
		}
	}
}
