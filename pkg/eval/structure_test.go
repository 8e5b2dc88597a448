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
