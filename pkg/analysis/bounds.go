package analysis

import (
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// MinAvgDistance returns the generalized Moore bound on the average distance
// (Camarero et al., Projective Networks, section 2.2; Sampels): the average
// distance of a generalized Moore graph of routers vertices and degree
// degree, whose distance distribution from any vertex is
//
//	W(0) = 1, W(t) = Delta*(Delta-1)^(t-1) for 1 <= t <= k-1, W(k) = N - M(Delta, k-1),
//
// k being the smallest diameter with M(Delta, k) >= N. Since no router of
// a graph of maximum degree Delta has more than Delta*(Delta-1)^(t-1)
// routers at distance t, every connected graph of N routers and maximum
// degree Delta has average distance (over ordered pairs of distinct
// routers) at least this value. Degree 2 gives the cycle (W(t) = 2) and
// degree 1 allows at most 2 routers. ok is false for routers < 2 or
// degree < 1, and when degree = 1 and routers > 2. For degree >= 3 it uses
// families.GeneralizedMooreHist.
func MinAvgDistance(routers, degree int64) (avg float64, diameter int, ok bool) {
	hist, ok := generalizedMoore(routers, degree)
	if !ok {
		return 0, 0, false
	}
	var sum int64
	for t, w := range hist {
		sum += int64(t) * w
	}
	return float64(sum) / float64(routers-1), len(hist) - 1, true
}

// generalizedMoore returns the generalized Moore distance distribution.
func generalizedMoore(routers, degree int64) ([]int64, bool) {
	switch {
	case routers < 2 || degree < 1:
		return nil, false
	case degree == 1:
		if routers > 2 {
			return nil, false
		}
		return []int64{1, 1}, true
	case degree == 2:
		hist := []int64{1}
		for left := routers - 1; left > 0; left -= min(left, 2) {
			hist = append(hist, min(left, 2))
		}
		return hist, true
	}
	return families.GeneralizedMooreHist(degree, routers)
}

// ApproxMinAvgDistance returns eq. (4) of the projective networks paper, the
// large-degree approximation of the generalized Moore average distance:
// kbar ~ k - Delta^(k-1)/N, with k the generalized Moore diameter (as in
// MinAvgDistance). ok is false when MinAvgDistance's is.
func ApproxMinAvgDistance(routers, degree int64) (avg float64, ok bool) {
	_, k, ok := MinAvgDistance(routers, degree)
	if !ok {
		return 0, false
	}
	return float64(k) - math.Pow(float64(degree), float64(k-1))/float64(routers), true
}

// IdealDesign is the ideal direct network of section 2.2 of the projective
// networks paper: a well-balanced (u = 1) generalized Moore graph of
// diameter k and average distance kbar built from routers of radix R, with
// eq. (1) at equality.
type IdealDesign struct {
	Radix       float64 // R = Delta + Delta_0
	Diameter    int     // k
	AvgDistance float64 // kbar
	Conc        float64 // Delta_0 = R/(kbar+1)
	Degree      float64 // Delta = R*kbar/(kbar+1)
	Routers     float64 // N = T*(kbar+1)/R
	Terminals   float64 // T of eq. (5)
}

// IdealTerminals returns eq. (5) of the projective networks paper, the
// number of compute nodes of an ideal network of routers of radix R,
// diameter k and average distance kbar:
//
//	T ~ R^k * kbar^(k-1) / ((k - kbar) * (kbar+1)^k),
//
// obtained from eq. (4), k - kbar ~ Delta^(k-1)/N, with Delta_0 =
// R/(kbar+1), Delta = R*kbar/(kbar+1) and N = T/Delta_0; the paper uses it
// as an upper bound on the compute nodes of direct topologies. ok is false
// unless radix > 0, diameter >= 1 and diameter-1 <= avgDist < diameter
// (a generalized Moore graph of diameter k has k-1 < kbar <= k; kbar = k
// would need infinitely many nodes in the formula).
func IdealTerminals(radix float64, diameter int, avgDist float64) (IdealDesign, bool) {
	k := float64(diameter)
	if !(radix > 0) || diameter < 1 || !(avgDist >= k-1) || !(avgDist < k) || avgDist <= 0 {
		return IdealDesign{}, false
	}
	t := math.Pow(radix, k) * math.Pow(avgDist, k-1) / ((k - avgDist) * math.Pow(avgDist+1, k))
	return IdealDesign{
		Radix:       radix,
		Diameter:    diameter,
		AvgDistance: avgDist,
		Conc:        radix / (avgDist + 1),
		Degree:      radix * avgDist / (avgDist + 1),
		Routers:     t * (avgDist + 1) / radix,
		Terminals:   t,
	}, true
}

// BoundsReport compares a graph with the Moore bounds (Camarero et al.,
// Projective Networks, section 2.2). Degree is the maximum router degree
// Delta (parallel links counted), which both bounds need: a graph of
// maximum degree Delta and diameter D has at most M(Delta, D) routers, and
// its average distance is at least that of the generalized Moore graph of
// as many routers and degree Delta.
type BoundsReport struct {
	Routers  int64
	Degree   int // maximum degree Delta
	Diameter int // D
	// MooreBound is M(Delta, D) = 1 + Delta*sum_{i<D} (Delta-1)^i (eq. (3),
	// equal to (Delta(Delta-1)^D - 2)/(Delta-2) for Delta >= 3; from
	// families.MooreBound); 0 if it overflows int64 or D < 1.
	MooreBound int64
	// MooreRatio = Routers/MooreBound, in (0, 1] (1 for Moore graphs such
	// as Petersen and Hoffman-Singleton); 0 when MooreBound is 0.
	MooreRatio float64
	// AvgDistance is kbar over ordered pairs of distinct routers.
	AvgDistance float64
	// MinAvgDistance is the generalized Moore bound kbar_min(N, Delta)
	// (MinAvgDistance) and MinDiameter the diameter of that generalized
	// Moore graph; ApproxMinAvgDistance its eq. (4) approximation.
	MinAvgDistance       float64
	MinDiameter          int
	ApproxMinAvgDistance float64
	// AvgDistanceRatio = AvgDistance/MinAvgDistance >= 1 (1 for generalized
	// Moore graphs such as PN and Hoffman-Singleton).
	AvgDistanceRatio float64
}

// Bounds compares the connected graph g, whose distances ds come from
// graph.Distances, with the Moore bound and the generalized Moore bound. It
// returns an error for a graph of fewer than 2 routers, a disconnected one,
// or ds of another graph.
func Bounds(g *graph.Graph, ds *graph.DistanceStats) (*BoundsReport, error) {
	n := g.N()
	if ds == nil || len(ds.Ecc) != n {
		return nil, fmt.Errorf("analysis: bounds: distance stats do not match the %d routers", n)
	}
	if n < 2 {
		return nil, fmt.Errorf("analysis: bounds: %d routers, want >= 2", n)
	}
	if !ds.Connected() {
		return nil, fmt.Errorf("analysis: bounds: graph is disconnected (%d unreachable pairs)", ds.Unreachable)
	}
	r := &BoundsReport{
		Routers:     int64(n),
		Degree:      g.MaxDegree(),
		Diameter:    ds.Diameter,
		AvgDistance: ds.AvgDistance(),
	}
	if m, ok := families.MooreBound(int64(r.Degree), int64(r.Diameter)); ok {
		r.MooreBound = m
		r.MooreRatio = float64(n) / float64(m)
	}
	kmin, kd, ok := MinAvgDistance(int64(n), int64(r.Degree))
	if !ok { // unreachable for a connected graph of >= 2 routers
		return nil, fmt.Errorf("analysis: bounds: no generalized Moore bound for %d routers of degree %d", n, r.Degree)
	}
	r.MinAvgDistance, r.MinDiameter = kmin, kd
	r.ApproxMinAvgDistance, _ = ApproxMinAvgDistance(int64(n), int64(r.Degree))
	r.AvgDistanceRatio = r.AvgDistance / kmin
	return r, nil
}

// EccSummary summarizes router eccentricities (the largest finite distance
// from a router to another).
type EccSummary struct {
	Radius   int     // smallest eccentricity (0 without routers)
	Diameter int     // largest eccentricity
	Mean     float64 // mean eccentricity over the routers
	Center   int     // routers whose eccentricity is the radius
}

// Eccentricities summarizes ds.Ecc from graph.Distances. For a disconnected
// graph the eccentricities are within each router's component.
func Eccentricities(ds *graph.DistanceStats) EccSummary {
	var s EccSummary
	if len(ds.Ecc) == 0 {
		return s
	}
	s.Radius = math.MaxInt
	var sum int64
	for _, e := range ds.Ecc {
		e := int(e)
		sum += int64(e)
		s.Diameter = max(s.Diameter, e)
		switch {
		case e < s.Radius:
			s.Radius, s.Center = e, 1
		case e == s.Radius:
			s.Center++
		}
	}
	s.Mean = float64(sum) / float64(len(ds.Ecc))
	return s
}
