package graph

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// orbitTorus returns the k x k x k torus.
func orbitTorus(k int) *Graph {
	id := func(x, y, z int) int32 { return int32(((x+k)%k)*k*k + ((y+k)%k)*k + (z+k)%k) }
	var e []Edge
	for x := range k {
		for y := range k {
			for z := range k {
				e = append(e, Edge{U: id(x, y, z), V: id(x+1, y, z)}, Edge{U: id(x, y, z), V: id(x, y+1, z)}, Edge{U: id(x, y, z), V: id(x, y, z+1)})
			}
		}
	}
	g, err := FromEdges(k*k*k, e)
	if err != nil {
		panic(err)
	}
	return g
}

// bipartite returns K_{a,b} (routers 0..a-1 on one side).
func bipartite(a, b int) *Graph {
	var e []Edge
	for i := range a {
		for j := range b {
			e = append(e, Edge{U: int32(i), V: int32(a + j)})
		}
	}
	g, err := FromEdges(a+b, e)
	if err != nil {
		panic(err)
	}
	return g
}

// TestDistancesByOrbitMatches compares the orbit search with the full one
// on vertex-transitive graphs (one orbit) and on K_{3,5} (two orbits, the
// sides, with different endpoint counts), and on a disconnected union of
// two cycles.
func TestDistancesByOrbitMatches(t *testing.T) {
	fill := func(n int, v int32) []int32 {
		c := make([]int32, n)
		for i := range c {
			c[i] = v
		}
		return c
	}
	twoCycles := func() *Graph {
		var e []Edge
		for i := range 5 {
			e = append(e, Edge{U: int32(i), V: int32((i + 1) % 5)}, Edge{U: int32(5 + i), V: int32(5 + (i+1)%5)})
		}
		g, _ := FromEdges(10, e)
		return g
	}
	kab := bipartite(3, 5)
	kabConc := []int32{2, 2, 2, 7, 7, 7, 7, 7}
	tests := []struct {
		name  string
		g     *Graph
		conc  []int32
		orbit []int32
	}{
		{"torus 6^3", orbitTorus(6), fill(216, 3), fill(216, 0)},
		{"cycle 11", cycle(11), nil, fill(11, 0)},
		{"Petersen", petersen(), fill(10, 2), fill(10, 0)},
		{"K9", complete(9), fill(9, 1), fill(9, 0)},
		{"K3,5", kab, kabConc, []int32{0, 0, 0, 1, 1, 1, 1, 1}},
		{"two 5-cycles", twoCycles(), nil, fill(10, 0)},
		// From bitOrbits orbits on: the bit-parallel search, sources
		// weighted by their orbit sizes.
		{"torus 6^3, every router", orbitTorus(6), fill(216, 3), NumberOrbits(216, func(r int) int { return r })},
		{"torus 6^3, x and x+3", orbitTorus(6), fill(216, 3), NumberOrbits(216, func(r int) int { return r % 108 })},
		{"torus 6^3, yz-planes", orbitTorus(6), nil, NumberOrbits(216, func(r int) int { return r - r%36 })},
		{"K3,5, sizes 1 and 2", kab, kabConc, NumberOrbits(8, func(r int) int { return []int{0, 1, 2, 3, 3, 5, 5, 7}[r] })},
		{"two 5-cycles, pairs", twoCycles(), nil, NumberOrbits(10, func(r int) int { return r % 5 })},
	}
	for _, tt := range tests {
		want, err := Distances(context.Background(), tt.g, tt.conc, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DistancesByOrbit(context.Background(), tt.g, tt.conc, tt.orbit, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: by orbit %+v\nfull %+v", tt.name, got, want)
		}
	}
}

// TestDistancesByOrbitErrors rejects orbits out of order and endpoint
// counts that differ within an orbit.
func TestDistancesByOrbitErrors(t *testing.T) {
	g := cycle(4)
	for _, tt := range []struct {
		conc, orbit []int32
		want        string
	}{
		{nil, []int32{1, 0, 0, 0}, "numbered 0, 1, ..."},
		{[]int32{1, 1, 2, 1}, []int32{0, 0, 0, 0}, "routers 0 and 2 of orbit 0 have 1 and 2 endpoints"},
		{nil, []int32{0, 0}, "2 orbit entries"},
	} {
		if _, err := DistancesByOrbit(context.Background(), g, tt.conc, tt.orbit, 2); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("orbit %v conc %v: %v, want %q", tt.orbit, tt.conc, err, tt.want)
		}
	}
}

// BenchmarkDistancesByOrbitTorus100 is the distance statistics of the
// 100 x 100 x 100 torus (a million routers) by one search.
func BenchmarkDistancesByOrbitTorus100(b *testing.B) {
	g := orbitTorus(100)
	orbit := make([]int32, g.N())
	b.ResetTimer()
	for range b.N {
		if _, err := DistancesByOrbit(context.Background(), g, nil, orbit, 2); err != nil {
			b.Fatal(err)
		}
	}
}
