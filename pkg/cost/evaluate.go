package cost

import (
	"context"
	"fmt"
	"math"

	"github.com/runexp/runexp/pkg/families"
)

// Breakdown is the cost and power of one network under a Model.
type Breakdown struct {
	Routers   int64 // routers (switches)
	Endpoints int64 // endpoints (compute nodes)
	Radix     int   // ports priced and powered per router
	Racks     int   // racks (cabinets, electrical groups; fat tree pods); 0 when not placed
	// RackEndpoints is the most common number of endpoints in a rack (the
	// larger on a tie) of a laid-out topology; 0 for formula evaluations.
	RackEndpoints int64

	ElectricCables int64   // electric cables, router-to-router plus priced endpoint cables
	FiberCables    int64   // optical cables, router-to-router plus priced endpoint cables
	EndpointCables int64   // priced endpoint-to-router cables (included in the two counts above)
	ElectricLength float64 // total length of the electric cables, m
	FiberLength    float64 // total length of the optical cables, m

	CableCost        float64 // $, all priced cables
	RouterCost       float64 // $, Routers * (RouterCostPerPort*Radix + RouterCostFixed)
	Total            float64 // $, CableCost + RouterCost
	PerEndpoint      float64 // $ per endpoint, Total / Endpoints
	Power            float64 // W, Routers * Radix * PowerPerPort
	PowerPerEndpoint float64 // W per endpoint, Power / Endpoints
}

// tally accumulates cables.
type tally struct {
	elec, fiber, ep int64
	elecLen, fibLen float64
	rackEP          int64 // modal endpoints per rack (laid-out topologies)
}

func (c *tally) electric(count int64, length float64) {
	c.elec += count
	c.elecLen += float64(count) * length
}

func (c *tally) optical(count int64, length float64) {
	c.fiber += count
	c.fibLen += float64(count) * length
}

// finish prices the cables and routers and fills the Breakdown.
func (c *tally) finish(m *Model, routers, endpoints int64, radix, racks int) *Breakdown {
	b := &Breakdown{
		Routers: routers, Endpoints: endpoints, Radix: radix, Racks: racks, RackEndpoints: c.rackEP,
		ElectricCables: c.elec, FiberCables: c.fiber, EndpointCables: c.ep,
		ElectricLength: c.elecLen, FiberLength: c.fibLen,
	}
	bw := m.LinkBandwidth
	b.CableCost = bw*(m.ElectricCostPerGbps*float64(c.elec)+m.ElectricCostPerGbpsMeter*c.elecLen) +
		bw*(m.OpticalCostPerGbps*float64(c.fiber)+m.OpticalCostPerGbpsMeter*c.fibLen)
	b.RouterCost = float64(routers) * m.RouterPrice(radix)
	b.Total = b.CableCost + b.RouterCost
	b.Power = float64(routers) * float64(radix) * m.PowerPerPort
	if endpoints > 0 {
		b.PerEndpoint = b.Total / float64(endpoints)
		b.PowerPerEndpoint = b.Power / float64(endpoints)
	}
	return b
}

// radixFor returns the priced radix: m.RouterRadix when set (it must cover
// the ports used), else used.
func radixFor(m *Model, family string, used int) (int, error) {
	if m.RouterRadix == 0 {
		return used, nil
	}
	if m.RouterRadix < used {
		return 0, fmt.Errorf("cost: family %s: router_radix = %d is less than the %d ports used on a router", family, m.RouterRadix, used)
	}
	return m.RouterRadix, nil
}

// Evaluate computes the cost and power of a network of the named family
// with resolved parameter values v (as returned by Family.Normalize), sizing
// figures sz (Family.Size) and, when the family can be built, the built
// topology t.
//
// With a topology, every router-to-router link is classified and measured
// on the Layout that NewLayout builds: a link inside a rack is electric of
// length m.IntraRackLength, a link between racks is optical, of length the
// Manhattan distance between the racks plus m.InterRackOverhead (SC14
// VI-B: "Local (intra-rack) links are electric while global (inter-rack)
// channels are optic"); with m.FoldedTorus every torus or mesh link is
// electric of length m.IntraRackLength (SC14 VI-B3a). Endpoint cables are
// priced when m.EndpointCables = "all" (electric, m.EndpointCableLength).
//
// Some families are evaluated from formulas (t may then be nil):
//
//   - fattree_sc14 and fattree with rack assignment "sc14" (always, also
//     when t is given): SC14 VI-B3c: the routers stand in a central row and
//     their sz.Links cables are optical of length
//     m.FatTreeRouterCableLength; endpoints form pods (fattree_sc14: 2p = k
//     pods of p^(levels-1) endpoints, p = k/2 possibly fractional;
//     fattree: p pods of p^(levels-1)) in racks placed per m.Floor, with the
//     central row of routers inserted as an extra row after the first
//     ceil(rows/2) rows of pods; the endpoint cables of a pod run straight
//     across to the central row: length = (row distance to the central
//     row) * m.RackDepth + m.InterRackOverhead, electric when shorter than
//     m.FatTreeElectricMaxLength, else optical. They are priced unless
//     m.EndpointCables = "none". Counts are floors of the fractional values
//     for odd k.
//   - long_hop (no builder) and hypercube without t, with rack assignment
//     "sc14" or "cabinet": 2^n routers in racks of 2^r consecutive labels
//     (m.RackRouters or the default of the assignment, a power of two); the
//     r*2^(n-1) hypercube links inside racks are electric, the (n-r)*2^(n-1)
//     others optical between racks whose labels differ in one bit. Long Hop's
//     L*2^(n-1) extra links are electric inside racks: SC14 Table IV counts
//     53,248 = 32,768 + 5 * 8,192 / 2 electric cables for LH-HC, 20,480 more
//     than for HC and the same fiber count.
//   - dragonfly without t (rack assignment "sc14"): g*a(a-1)/2 electric
//     links inside groups (racks) and g*a*h/2 optical ones at the average
//     distance between two racks (the global links spread evenly over the
//     pairs of groups; exact for g = a*h+1); this admits an unbuildable
//     Dragonfly such as SC14 Table IV's k = 43 variant with 990 routers.
//   - torus and mesh without t when m.FoldedTorus: sz.Links electric links.
func Evaluate(ctx context.Context, m Model, family string, v families.Values, sz families.Size, t *families.Topology) (*Breakdown, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.RackAssignment == "sc14" && isFatTree(family) {
		return evalFatTree(&m, family, v, sz)
	}
	if family == "long_hop" {
		if m.RackAssignment != "sc14" && m.RackAssignment != "cabinet" {
			return nil, fmt.Errorf("cost: family long_hop: the analytic Long Hop layout needs rack assignment \"sc14\" or \"cabinet\", not %q", m.RackAssignment)
		}
		return evalHypercube(&m, family, v, sz)
	}
	if t == nil {
		if m.RackMapping == "anneal" || m.RackAssignment == "walktrap" {
			return nil, fmt.Errorf("cost: family %s: rack_mapping %q and rack_assignment %q need the built topology", family, m.RackMapping, m.RackAssignment)
		}
		switch {
		case family == "hypercube" && (m.RackAssignment == "sc14" || m.RackAssignment == "cabinet"):
			return evalHypercube(&m, family, v, sz)
		case family == "dragonfly" && m.RackAssignment == "sc14":
			return evalDragonfly(&m, v, sz)
		case isTorus(family) && m.FoldedTorus:
			var c tally
			c.electric(sz.Links, m.IntraRackLength)
			radix, err := radixFor(&m, family, int(sz.Radix))
			if err != nil {
				return nil, err
			}
			c.endpoints(&m, sz.Endpoints)
			return c.finish(&m, sz.Routers, sz.Endpoints, radix, 0), nil
		}
		return nil, fmt.Errorf("cost: family %s: the %q rack assignment needs the built topology", family, m.RackAssignment)
	}
	return evalTopology(ctx, &m, family, t)
}

// endpoints adds the endpoint cables of a direct network when priced.
func (c *tally) endpoints(m *Model, endpoints int64) {
	if m.EndpointCables == "all" {
		c.electric(endpoints, m.EndpointCableLength)
		c.ep += endpoints
	}
}

// evalTopology classifies every link of a built topology on its layout.
func evalTopology(ctx context.Context, m *Model, family string, t *families.Topology) (*Breakdown, error) {
	g := t.Graph
	n := g.N()
	radix, err := radixFor(m, family, usedRadix(t))
	if err != nil {
		return nil, err
	}
	var c tally
	racks := 0
	if isTorus(family) && m.FoldedTorus {
		c.electric(g.Edges(), m.IntraRackLength)
	} else {
		l, err := NewLayout(ctx, m, family, t)
		if err != nil {
			return nil, err
		}
		racks = l.Racks()
		var intra, inter int64
		var dist float64
		for u := 0; u < n; u++ {
			if u&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			ru := l.Rack[u]
			xu, yu := l.X[ru], l.Y[ru]
			for _, w := range g.Neighbors(int32(u)) {
				if int(w) <= u {
					continue
				}
				rw := l.Rack[w]
				if rw == ru {
					intra++
					continue
				}
				inter++
				dist += math.Abs(xu-l.X[rw]) + math.Abs(yu-l.Y[rw])
			}
		}
		c.electric(intra, m.IntraRackLength)
		c.fiber += inter
		c.fibLen += dist + float64(inter)*m.InterRackOverhead
		c.rackEP = modalRackEndpoints(l, t.Conc)
	}
	ep := t.Endpoints()
	c.endpoints(m, ep)
	return c.finish(m, int64(n), ep, radix, racks), nil
}

// modalRackEndpoints returns the most common number of endpoints in a rack
// (the larger on a tie): the "size of electrical group" of the projective
// networks paper's Tables 4 and 5, which gives the size of most groups.
func modalRackEndpoints(l *Layout, conc []int32) int64 {
	per := make([]int64, l.Racks())
	for r, c := range conc {
		per[l.Rack[r]] += int64(c)
	}
	count := map[int64]int{}
	var best int64
	for _, e := range per {
		count[e]++
		if count[e] > count[best] || (count[e] == count[best] && e > best) {
			best = e
		}
	}
	return best
}

// fatTreePods returns the number of pods and the (possibly fractional)
// endpoints per pod of a fat tree.
func fatTreePods(family string, v families.Values) (pods int, perPod float64, err error) {
	levels := v.Int("levels")
	switch family {
	case "fattree_sc14":
		k := v.Int("k")
		if k < 2 || levels < 2 {
			return 0, 0, fmt.Errorf("cost: family %s: need resolved k >= 2 and levels >= 2, got k = %d, levels = %d", family, k, levels)
		}
		p := float64(k) / 2
		return int(k), math.Pow(p, float64(levels-1)), nil
	case "fattree":
		p := v.Int("p")
		if p < 1 || levels < 1 {
			return 0, 0, fmt.Errorf("cost: family %s: need resolved p >= 1 and levels >= 1, got p = %d, levels = %d", family, p, levels)
		}
		if levels == 1 {
			return 1, float64(p), nil
		}
		return int(p), math.Pow(float64(p), float64(levels-1)), nil
	}
	return 0, 0, fmt.Errorf("cost: family %s is not a fat tree", family)
}

// evalFatTree is the SC14 VI-B3c fat tree model (see Evaluate).
func evalFatTree(m *Model, family string, v families.Values, sz families.Size) (*Breakdown, error) {
	pods, perPod, err := fatTreePods(family, v)
	if err != nil {
		return nil, err
	}
	radix, err := radixFor(m, family, int(sz.Radix))
	if err != nil {
		return nil, err
	}
	var c tally
	c.optical(sz.Links, m.FatTreeRouterCableLength)
	if m.EndpointCables != "none" {
		_, rowOf, err := Grid(m.Floor, pods)
		if err != nil {
			return nil, err
		}
		rows := 0
		if pods > 0 {
			rows = rowOf[pods-1] + 1
		}
		half := (rows + 1) / 2 // the central row follows row half-1
		var elecEP, elecLen, fibLen float64
		for i := 0; i < pods; i++ {
			row := rowOf[i]
			crossed := half - row
			if row >= half {
				crossed = row - half + 1
			}
			length := float64(crossed)*m.RackDepth + m.InterRackOverhead
			if length < m.FatTreeElectricMaxLength {
				elecEP += perPod
				elecLen += perPod * length
			} else {
				fibLen += perPod * length
			}
		}
		ne := int64(math.Floor(elecEP + 1e-9))
		nf := sz.Endpoints - ne
		if nf < 0 {
			nf, ne = 0, sz.Endpoints
		}
		c.elec += ne
		c.elecLen += elecLen
		c.fiber += nf
		c.fibLen += fibLen
		c.ep += sz.Endpoints
	}
	return c.finish(m, sz.Routers, sz.Endpoints, radix, pods), nil
}

// evalHypercube is the analytic hypercube / Long Hop model (see Evaluate).
func evalHypercube(m *Model, family string, v families.Values, sz families.Size) (*Breakdown, error) {
	n := v.Int("n")
	if n < 1 || n > 62 {
		return nil, fmt.Errorf("cost: family %s: need a resolved n in [1, 62], got %d", family, n)
	}
	extra := int64(0)
	if family == "long_hop" {
		extra = v.Int("extra")
	}
	def := DefaultHypercubeRackRouters
	if m.RackAssignment == "cabinet" {
		def = DefaultCabinetRouters
	}
	size := m.RackRouters
	if size == 0 {
		size = def
	}
	if size&(size-1) != 0 {
		return nil, fmt.Errorf("cost: family %s: racks of %d routers: the analytic hypercube layout needs a power of two", family, size)
	}
	r := int64(0)
	for int64(1)<<(r+1) <= int64(size) && r < n {
		r++
	}
	if n-r > 24 {
		return nil, fmt.Errorf("cost: family %s: 2^%d racks are too many to lay out", family, n-r)
	}
	racks := 1 << (n - r)
	x, y, err := Place(m.Floor, racks, m.RackWidth, m.RackDepth)
	if err != nil {
		return nil, err
	}
	half := int64(1) << (n - 1) // links per hypercube dimension
	var c tally
	c.electric(r*half+extra*half, m.IntraRackLength)
	perPair := int64(1) << r // links between racks a and a^(1<<j)
	var dist float64
	for a := 0; a < racks; a++ {
		for j := 0; j < int(n-r); j++ {
			if b := a ^ (1 << j); a < b {
				dist += math.Abs(x[a]-x[b]) + math.Abs(y[a]-y[b])
			}
		}
	}
	inter := (n - r) * half
	c.fiber += inter
	c.fibLen += float64(perPair)*dist + float64(inter)*m.InterRackOverhead
	radix, err := radixFor(m, family, int(sz.Radix))
	if err != nil {
		return nil, err
	}
	c.endpoints(m, sz.Endpoints)
	return c.finish(m, sz.Routers, sz.Endpoints, radix, racks), nil
}

// evalDragonfly is the analytic Dragonfly model (see Evaluate).
func evalDragonfly(m *Model, v families.Values, sz families.Size) (*Breakdown, error) {
	a, h, g := v.Int("a"), v.Int("h"), v.Int("g")
	if a < 1 || h < 1 || g < 1 || g > 1<<24 {
		return nil, fmt.Errorf("cost: family dragonfly: need resolved a, h, g >= 1, got a = %d, h = %d, g = %d", a, h, g)
	}
	x, y, err := Place(m.Floor, int(g), m.RackWidth, m.RackDepth)
	if err != nil {
		return nil, err
	}
	var c tally
	c.electric(g*a*(a-1)/2, m.IntraRackLength)
	global := g * a * h / 2
	avg := 0.0
	if g > 1 {
		avg = sumPairDistances(x, y) / (float64(g) * float64(g-1) / 2)
	}
	c.optical(global, avg+m.InterRackOverhead)
	radix, err := radixFor(m, "dragonfly", int(sz.Radix))
	if err != nil {
		return nil, err
	}
	c.endpoints(m, sz.Endpoints)
	return c.finish(m, sz.Routers, sz.Endpoints, radix, int(g)), nil
}

// NeedsTopology reports whether Evaluate needs the built topology of family
// under m, or can work from the sizing formulas alone (fat trees and Long
// Hop under the "sc14" assignment; hypercubes, Dragonflies and folded tori
// in the cases Evaluate lists).
func NeedsTopology(m Model, family string) bool {
	switch {
	case m.RackMapping == "anneal" || m.RackAssignment == "walktrap":
		return !(m.RackAssignment == "sc14" && isFatTree(family)) && family != "long_hop"
	case m.RackAssignment == "sc14" && isFatTree(family):
		return false
	case family == "long_hop":
		return false
	case family == "hypercube" && (m.RackAssignment == "sc14" || m.RackAssignment == "cabinet"):
		return false
	case family == "dragonfly" && m.RackAssignment == "sc14":
		return false
	case isTorus(family) && m.FoldedTorus:
		return false
	}
	return true
}
