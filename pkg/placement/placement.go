// Package placement provides the two layout steps of constrained
// shortcutting in Koibuchi, Fujiwara, Matsutani and Casanova,
// Layout-conscious Random Topologies for HPC Off-chip Interconnects, HPCA
// 2013, section IV:
//
//   - clustering (section IV-C): routers are grouped into cabinets of at
//     most size routers, either sequentially in router-id order (Sequential,
//     the paper's baseline) or by the Walktrap community method of Pons and
//     Latapy, capped at the cabinet size and packed into exactly
//     ceil(n/size) cabinets (Walktrap);
//   - mapping (section IV-D): cabinets are assigned to floor locations so as
//     to minimize the total cable length, a quadratic assignment problem,
//     either in order (Baseline, the paper's baseline: the caller's
//     locations are in serpentine row order) or by simulated annealing over
//     pairwise swaps (Anneal).
//
// A clustering is a []int32 giving the cabinet of every router, cabinets
// numbered 0..m-1. InterCabinetLinks and CabinetPairs measure it (the
// paper's Figure 14 counts inter-cabinet links); NewFlow turns it into the
// sparse cabinet-to-cabinet flow of the mapping problem, and Cost gives the
// total cable length of an assignment for a caller's distance matrix (for
// example ManhattanDistances of the floor positions of pkg/cost's "rows"
// floor, section III-D).
//
// Everything is deterministic: the same inputs and options give the same
// result, for any number of threads. (Walktrap and Anneal compute in
// floating point in a fixed order; an architecture that fuses
// multiply-adds may round differently and break near-ties otherwise.)
package placement

import (
	"fmt"
	"slices"

	"github.com/runexp/runexp/pkg/graph"
)

// Sequential returns the paper's baseline clustering of n routers into
// cabinets of at most size routers (section IV-C: it "groups every 2^p or
// 2^p - 1 vertices (so that the grouping is as even as possible) in order
// of generation"): m = ceil(n/size) groups of consecutive router ids, as
// even as possible: the first n mod m groups have ceil(n/m) routers and the
// others floor(n/m). The groups have size or size-1 routers whenever m >=
// size-1 (always at the paper's sizes, where size divides n and every group
// has size routers); for fewer routers the groups are still as even as
// possible. Router r is in cabinet cab[r]. Sequential panics if n < 0 or
// size < 1.
func Sequential(n, size int) []int32 {
	if n < 0 || size < 1 {
		panic(fmt.Sprintf("placement: Sequential(%d, %d): want n >= 0 and size >= 1", n, size))
	}
	cab := make([]int32, n)
	if n == 0 {
		return cab
	}
	m := (n + size - 1) / size
	q, rem := n/m, n%m
	v := 0
	for c := 0; c < m; c++ {
		k := q
		if c < rem {
			k++
		}
		for end := v + k; v < end; v++ {
			cab[v] = int32(c)
		}
	}
	return cab
}

// InterCabinetLinks returns the number of links of g whose end points are
// in different cabinets (parallel links counted). cab[r] is the cabinet of
// router r; it panics if len(cab) < g.N().
func InterCabinetLinks(g *graph.Graph, cab []int32) int {
	_ = cab[:g.N()]
	k := 0
	for v := 0; v < g.N(); v++ {
		cv := cab[v]
		for _, u := range g.Neighbors(int32(v)) {
			if int(u) > v && cab[u] != cv {
				k++
			}
		}
	}
	return k
}

// CabinetPairs returns the number of unordered pairs of distinct cabinets
// joined by at least one link of g (the paper's measure of cable-packaging
// complexity, section IV-B). cab[r] is the cabinet of router r; it panics if
// len(cab) < g.N().
func CabinetPairs(g *graph.Graph, cab []int32) int {
	_ = cab[:g.N()]
	var keys []uint64
	for v := 0; v < g.N(); v++ {
		cv := cab[v]
		for _, u := range g.Neighbors(int32(v)) {
			cu := cab[u]
			if int(u) > v && cu != cv {
				lo, hi := min(cu, cv), max(cu, cv)
				keys = append(keys, uint64(uint32(lo))<<32|uint64(uint32(hi)))
			}
		}
	}
	slices.Sort(keys)
	return len(slices.Compact(keys))
}

// cabinetCount returns max(cab)+1 (0 for an empty cab) and an error for a
// negative cabinet id.
func cabinetCount(cab []int32) (int, error) {
	m := int32(-1)
	for r, c := range cab {
		if c < 0 {
			return 0, fmt.Errorf("placement: router %d has negative cabinet %d", r, c)
		}
		m = max(m, c)
	}
	return int(m) + 1, nil
}
