package eval

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestComputeStructure checks the structure group on Delorme's graph on
// W(8): 585 routers of degree 8 (the 65 absolute points) or 9 agree with the
// sizing formulas; measured against the values of W(2)'s graph instead,
// routers, endpoints, links, radix and network radix all differ.
func TestComputeStructure(t *testing.T) {
	f, _ := families.Default().Lookup("delorme")
	norm := func(q int64) families.Values {
		v, err := f.Normalize(families.Values{"variant": "quadrangle", "q": q})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v8, v2 := norm(8), norm(2)
	top, err := f.Build(context.Background(), v8)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v        families.Values
		mismatch int64
	}{{v8, 0}, {v2, 5}} {
		got, err := computeStructure(f, c.v, top)
		if err != nil {
			t.Fatal(err)
		}
		if got["degree_min"].I != 8 || got["degree_max"].I != 9 || got["size_mismatch"].I != c.mismatch {
			t.Errorf("q=%d: %+v, want degrees 8 and 9 and %d mismatches", c.v.Int("q"), got, c.mismatch)
		}
	}
}

// TestComputeShortcuts: RING-n's shortcuts are uniform over the ring, so
// their mean ring distance is close to N/4 (64 for N = 256; 3 seeds of 256
// shortcuts each: the mean of a uniform distance on 2..128 has a standard
// deviation of about 37/sqrt(256) = 2.3, so within 8 of 64); Nbr(0.5)
// spans at most ceil(N*0.5/2) - 1 = 63 hops; a torus has no ring ids.
func TestComputeShortcuts(t *testing.T) {
	build := func(fam string, v families.Values) (*families.Family, *families.Topology) {
		f, _ := families.Default().Lookup(fam)
		nv, err := f.Normalize(v)
		if err != nil {
			t.Fatal(err)
		}
		top, err := f.Build(context.Background(), nv)
		if err != nil {
			t.Fatal(err)
		}
		return f, top
	}
	for seed := int64(1); seed <= 3; seed++ {
		f, top := build("ring_random", families.Values{"routers": int64(256), "degree": int64(4), "seed": seed})
		got := computeShortcuts(f, top)
		if avg := got["shortcut_hops_avg"].F; avg < 56 || avg > 72 || got["shortcut_hops_max"].I > 128 {
			t.Errorf("RING-4 seed %d: %v", seed, got)
		}
		f, top = build("ring_nbr", families.Values{"routers": int64(256), "degree": int64(4), "reach": 0.5, "seed": seed})
		got = computeShortcuts(f, top)
		if m := got["shortcut_hops_max"].I; m > 63 || m < 50 || got["shortcut_hops_avg"].F >= 40 {
			t.Errorf("Nbr(0.5)-4 seed %d: %v", seed, got)
		}
	}
	f, top := build("torus", families.Values{"k": int64(4), "n": int64(2)})
	if got := computeShortcuts(f, top); !got["shortcut_hops_avg"].IsNull() || !got["shortcut_hops_max"].IsNull() {
		t.Errorf("torus: %v", got)
	}
}
