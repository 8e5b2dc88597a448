// Package analysis computes simulation-free figures of merit of a router
// graph (a *graph.Graph whose routers carry conc[r] endpoints):
//
//   - MinimalPaths: path diversity, the number of minimal (shortest) router
//     paths between ordered pairs of distinct routers, with a histogram, per
//     distance means and an endpoint-weighted variant.
//   - ChannelLoads: the load of every directed channel under uniform traffic
//     with minimal routing, either split evenly over all minimal paths or
//     along one deterministic minimal path, and the figures Camarero,
//     Martinez, Vallejo and Beivide derive from it (Projective Networks:
//     Topologies for Large Parallel Computer Systems, section 2.1): the
//     average link utilization u (the average channel load over the maximum
//     one), the cost measure kbar/u of their eq. (2) and Fig. 6, the
//     balanced concentration Delta_0 = u*Delta/kbar of eq. (1), and the
//     saturation throughput bound.
//   - Bounds, MinAvgDistance, ApproxMinAvgDistance, IdealTerminals: the
//     Moore bound (eq. (3)), the generalized Moore bound on the average
//     distance (eq. (4)) and the ideal number of terminals of a radix
//     (eq. (5)), and how far a graph is from them.
//   - Eccentricities: radius, diameter and mean eccentricity from a
//     graph.DistanceStats.
//
// Every computation runs one breadth-first search per root router, spread
// over workers goroutines (runtime.GOMAXPROCS(0) when workers <= 0) with
// per-worker scratch arrays, checks its context between roots, and returns
// results that are bit-identical for any number of workers.
package analysis
