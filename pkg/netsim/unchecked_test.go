package netsim

import "testing"

// TestAt checks that at addresses the element a[i] for every index of
// arrays of the element types the simulator indexes with it, and that the
// netsimcheck build (which .ci/run tests too) refuses an index out of
// range as a[i] does.
func TestAt(t *testing.T) {
	ivs := make([]ivState, 5)
	ports := make([]port, 3)
	words := make([]uint64, 7)
	evs := make([]event, 4)
	for i := range ivs {
		if at(ivs, int32(i)) != &ivs[i] {
			t.Errorf("at(ivs, %d) is not &ivs[%d]", i, i)
		}
	}
	for i := range ports {
		if at(ports, int32(i)) != &ports[i] {
			t.Errorf("at(ports, %d) is not &ports[%d]", i, i)
		}
	}
	for i := range words {
		*at(words, int32(i)) = uint64(i) * 3
	}
	for i, w := range words {
		if w != uint64(i)*3 {
			t.Errorf("words[%d] = %d after *at(words, %d) = %d", i, w, i, i*3)
		}
	}
	at(evs, 3).b = 9
	if evs[3].b != 9 {
		t.Errorf("at(evs, 3).b = 9 wrote %+v", evs)
	}
	if !checkedIndex {
		return
	}
	for _, i := range []int32{-1, 5, 1 << 30} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("netsimcheck build: at(ivs, %d) on 5 elements did not panic", i)
				}
			}()
			_ = at(ivs, i)
		}()
	}
}
