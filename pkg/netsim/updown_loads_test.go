package netsim

import (
	"context"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestUpDownUniformLoadsClos checks UniformLoads on the 512-host
// Myrinet-Clos (64 leaves of 8 hosts, 8 blocks) against exact counts. With a
// leaf as root every minimal route is legal and a leaf's 8 up-links share
// its hosts' 8 x 504 flows to other leaves' hosts evenly: 504 each, the
// largest load. From the default root, spine 64 (a centre), a leaf of block
// 0 is one level below the root and its other spines one level below the
// leaf, so all of its hosts' off-leaf flows (8 x 504 = 4,032) take its up
// link to the root: the busiest channel, a throughput bound of 511 / 4,032
// = 0.127 of the injection bandwidth (the simulated search finds 0.125).
func TestUpDownUniformLoadsClos(t *testing.T) {
	net, err := NewNetwork(buildFamily(t, "myrinet_clos", families.Values{"hosts": int64(512)}), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		root     int32
		wantRoot int32
		max      float64
		from, to int32 // a channel carrying max
	}{
		{-1, 64, 4032, 0, 64},
		{0, 0, 504, 0, 64},
	} {
		tree, err := NewUpDownTree(net, c.root)
		if err != nil {
			t.Fatal(err)
		}
		if tree.Root != c.wantRoot {
			t.Fatalf("root %d: tree rooted at %d, want %d", c.root, tree.Root, c.wantRoot)
		}
		loads, err := tree.UniformLoads(context.Background(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Max(loads); got != c.max {
			t.Errorf("root %d: largest channel load %g, want %g", tree.Root, got, c.max)
		}
		port := slices.Index(net.g.Neighbors(c.from), c.to)
		if got := loads[int(net.g.Off[c.from])+port]; got != c.max {
			t.Errorf("root %d: load of channel %d -> %d is %g, want %g", tree.Root, c.from, c.to, got, c.max)
		}
	}
}

// TestUpDownUniformLoadsConservation checks that the loads add up to the
// flows times their legal route lengths (every unit crosses Dist(s, d)
// channels) and that they do not depend on the number of workers.
func TestUpDownUniformLoadsConservation(t *testing.T) {
	for _, c := range []struct {
		family string
		v      families.Values
	}{
		{"myrinet_clos", families.Values{"hosts": int64(256), "permute": "full", "seed": int64(1)}},
		{"ring_random", families.Values{"routers": int64(64), "degree": int64(6), "p": int64(2), "seed": int64(3)}},
		{"torus", families.Values{"k": int64(5), "n": int64(2), "p": int64(2)}},
	} {
		top := buildFamily(t, c.family, c.v)
		net, err := NewNetwork(top, nil)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := NewUpDownTree(net, -1)
		if err != nil {
			t.Fatal(err)
		}
		var want float64
		for s := range int32(net.r) {
			for d := range int32(net.r) {
				if s != d {
					want += float64(top.Conc[s]) * float64(top.Conc[d]) * float64(tree.Dist(s, d, false))
				}
			}
		}
		one, err := tree.UniformLoads(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		three, err := tree.UniformLoads(context.Background(), 3)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(one, three) {
			t.Errorf("%s: loads differ between 1 and 3 workers", c.family)
		}
		var sum float64
		for _, x := range one {
			sum += x
		}
		if d := sum - want; d > 1e-6*want || d < -1e-6*want {
			t.Errorf("%s: loads sum to %g, want %g (flows x legal route lengths)", c.family, sum, want)
		}
	}
}

// TestUpDownUniformLoadsCancel checks that a cancelled context stops the
// computation with its error.
func TestUpDownUniformLoadsCancel(t *testing.T) {
	net, err := NewNetwork(buildFamily(t, "torus", families.Values{"k": int64(4), "n": int64(2)}), nil)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := NewUpDownTree(net, -1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tree.UniformLoads(ctx, 2); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// BenchmarkUpDownUniformLoads times the up*/down* channel loads of the
// 512-host PF-Myrinet-Clos (160 routers) and of a 512-router RING-9.
func BenchmarkUpDownUniformLoads(b *testing.B) {
	for _, c := range []struct {
		name, family string
		v            families.Values
	}{
		{"pf-clos-512", "myrinet_clos", families.Values{"hosts": int64(512), "permute": "full", "seed": int64(1)}},
		{"ring-9-512", "ring_random", families.Values{"routers": int64(512), "degree": int64(9), "p": int64(8), "seed": int64(1)}},
	} {
		net, err := NewNetwork(buildFamily(b, c.family, c.v), nil)
		if err != nil {
			b.Fatal(err)
		}
		tree, err := NewUpDownTree(net, -1)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := tree.UniformLoads(context.Background(), 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
