package cost

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/placement"
)

// DefaultHypercubeRackRouters is the number of hypercube routers per rack in
// the "sc14" rack assignment: 2^8, the rack size that SC14 Table IV's
// hypercube cable counts imply (HC, n = 13: 32,768 electric cables =
// 8 * 2^13 / 2, the links of the 8 dimensions inside a rack of 2^8 routers).
const DefaultHypercubeRackRouters = 256

// DefaultCabinetRouters is the number of routers per cabinet in the
// "cabinet" rack assignment for families that define no cabinets (layout
// paper, section III-B: 16 switches per cabinet).
const DefaultCabinetRouters = 16

// Layout places the routers of a topology in racks (cabinets, electrical
// groups) and the racks on a floor.
type Layout struct {
	// Rack[r] is the rack holding router r, in [0, Racks()).
	Rack []int32
	// X and Y are the floor positions of the racks in m, indexed by rack: X
	// along a row, Y across rows.
	X, Y []float64
}

// Racks returns the number of racks.
func (l *Layout) Racks() int { return len(l.X) }

// Distance returns the Manhattan distance in m between racks a and b.
func (l *Layout) Distance(a, b int32) float64 {
	return math.Abs(l.X[a]-l.X[b]) + math.Abs(l.Y[a]-l.Y[b])
}

// CableLength returns the length in m of a cable between routers u and v:
// m.IntraRackLength when they share a rack, else the Manhattan distance
// between their racks plus m.InterRackOverhead.
func (l *Layout) CableLength(m *Model, u, v int32) float64 {
	ru, rv := l.Rack[u], l.Rack[v]
	if ru == rv {
		return m.IntraRackLength
	}
	return l.Distance(ru, rv) + m.InterRackOverhead
}

// isqrt returns floor(sqrt(n)) for n >= 0.
func isqrt(n int) int {
	r := int(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// Place returns the floor positions in m of n racks of pitch width (along a
// row) and depth (between rows):
//
//   - "near_square" (SC14 section VI-A: "We place the racks as a square (or
//     a rectangle close to a square) where x and y are the numbers of racks
//     along the corresponding dimensions. If the number of racks Nrck is not
//     divisible by any x and y, then we find z such that Nrck = xy + z and we
//     place remaining z racks at an arbitrary side"): x = floor(sqrt(n))
//     racks per row, y = floor(n/x) full rows and z = n mod x racks in one
//     more row; rack i is at column i mod x of row i div x.
//   - "rows" (layout paper, section III-D: "the number of cabinet rows is q =
//     ceil(sqrt(m)) and the number of cabinets per row is p = ceil(m/q)";
//     section IV-D's baseline mapping "assigns the locations from left to
//     right in the first row, from right to left in the second row, etc."):
//     rack i is in row i div p, at column i mod p in even rows and p - 1 -
//     (i mod p) in odd rows.
func Place(floor string, n int, width, depth float64) (x, y []float64, err error) {
	col, row, err := Grid(floor, n)
	if err != nil {
		return nil, nil, err
	}
	x, y = make([]float64, n), make([]float64, n)
	for i := range col {
		x[i], y[i] = float64(col[i])*width, float64(row[i])*depth
	}
	return x, y, nil
}

// Grid returns the column and row of each of n racks on the floor (see
// Place).
func Grid(floor string, n int) (col, row []int, err error) {
	if n < 0 {
		return nil, nil, fmt.Errorf("cost: %d racks", n)
	}
	col, row = make([]int, n), make([]int, n)
	if n == 0 {
		return col, row, nil
	}
	switch floor {
	case "near_square":
		c := isqrt(n)
		for i := 0; i < n; i++ {
			col[i], row[i] = i%c, i/c
		}
	case "rows":
		q := isqrt(n)
		if q*q < n {
			q++
		}
		p := (n + q - 1) / q
		for i := 0; i < n; i++ {
			row[i], col[i] = i/p, i%p
			if row[i]%2 == 1 {
				col[i] = p - 1 - col[i]
			}
		}
	default:
		return nil, nil, fmt.Errorf("cost: unknown floor %q; want one of near_square, rows", floor)
	}
	return col, row, nil
}

// usedRadix returns the most ports used on one router of t (network links
// plus endpoints).
func usedRadix(t *families.Topology) int {
	k := 0
	g := t.Graph
	for v := 0; v < g.N(); v++ {
		d := g.Degree(int32(v))
		if t.Conc != nil {
			d += int(t.Conc[v])
		}
		k = max(k, d)
	}
	return k
}

// isFatTree reports whether family is one of the fat trees that SC14 lays
// out with a central row of routers.
func isFatTree(family string) bool { return family == "fattree" || family == "fattree_sc14" }

// isTorus reports whether family is a torus or mesh (folded by FoldedTorus).
func isTorus(family string) bool { return family == "torus" || family == "mesh" }

// NewLayout assigns the routers of t (a topology of the named family) to
// racks as m.RackAssignment says and places the racks on the floor as
// m.Floor says. The rack assignments:
//
// "sc14" follows Besta and Hoefler, Slim Fly, SC14, sections VI-A and VI-B3:
//
//   - slimfly: rack x holds the routers (0, x, y) and (1, x, y) for all y
//     (VI-A: "two corresponding subgroups of vertices (one consisting of
//     routers (0, x, y), the other consisting of routers (1, m, c)) form one
//     rack"; any pairing of a (0, x) block with a (1, m) block gives the q
//     links between them, so the pairing m = x is used): q racks of 2q
//     routers, from Coords = (s, x, y).
//   - dragonfly: one group per rack (VI-B3e), from Group.
//   - flattened_butterfly, hyperx: the routers of a dimension-0 line (a
//     complete graph) per rack (VI-B3d: "p routers in every group (rack) and
//     p^2 groups forming an ideal square"), from Group.
//   - torus, mesh: the routers of a dimension-0 ring per rack (SC14 gives no
//     rack size: folded tori are all electric, see Model.FoldedTorus), or
//     m.RackRouters consecutive ids when positive.
//   - hypercube, folded_hypercube: m.RackRouters consecutive router ids per
//     rack, default DefaultHypercubeRackRouters (256, from Table IV).
//   - myrinet_clos: the family's cabinets.
//   - every other family: m.RackRouters consecutive router ids per rack,
//     default floor((k+1)/2) for router radix k: the group size a = 2p = 2h
//     of the balanced Dragonfly of the same radix k = 4p - 1 (VI-B3e: "DLN
//     have groups with the same size (a), but cables are placed randomly").
//   - fattree, fattree_sc14: no rack layout (Evaluate uses the analytic
//     central-row model of VI-B3c); NewLayout returns an error.
//
// "cabinet" (Koibuchi et al., Layout-conscious Random Topologies for HPC
// Off-chip Interconnects, HPCA 2013, section III): Topology.Cabinet when the
// family sets it (permutable families, Myrinet-Clos, flattened butterfly),
// else m.RackRouters consecutive router ids per cabinet (default
// DefaultCabinetRouters = 16), the paper's "canonical topological order".
//
// "groups" (Camarero et al., Projective Networks, section 5.3: "nodes are
// arranged into fully electrical groups and cables outside them are
// optical. These groups are the closest possible to 500 compute nodes, while
// trying to maximize the connections inside a group"): indirect networks
// (topologies with router roles) get no electrical groups, every router its
// own rack (section 6: "A typical layout of indirect networks is done
// without electrical groups"). Slim Fly (racks as in "sc14"), Dragonfly
// (groups) and flattened butterfly / HyperX (dimension-0 lines) are built
// from their natural units: units of U <= m.GroupEndpoints endpoints are
// merged round(m.GroupEndpoints/U) consecutive units per group (dragonfly(7)
// of Table 4: 5 groups of 14 routers, 490 endpoints); larger units are split
// into round(U/m.GroupEndpoints) near-equal parts in router-id order
// (Hamming K_29^2 of Table 5: lines of 29 routers split 15 + 14, 435
// endpoints; SF MMS(27): a rack of 972 endpoints split into its two blocks
// of 486). Other families are clustered greedily (see GreedyGroups) into
// groups of round(m.GroupEndpoints/c) routers, c the average endpoints per
// router.
//
// "router": every router in its own rack.
func NewLayout(ctx context.Context, m *Model, family string, t *families.Topology) (*Layout, error) {
	if t == nil || t.Graph == nil {
		return nil, fmt.Errorf("cost: family %s: the layout needs a built topology", family)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	n := t.Graph.N()
	var rack []int32
	var err error
	switch m.RackAssignment {
	case "sc14":
		rack, err = sc14Racks(family, t, m.RackRouters)
	case "cabinet":
		if t.Cabinet != nil {
			if len(t.Cabinet) != n {
				return nil, fmt.Errorf("cost: family %s: %d cabinets for %d routers", family, len(t.Cabinet), n)
			}
			rack = append([]int32(nil), t.Cabinet...)
		} else {
			rack = sequentialRacks(n, m.RackRouters, DefaultCabinetRouters)
		}
	case "walktrap":
		size := m.RackRouters
		if size <= 0 {
			size = DefaultCabinetRouters
		}
		rack, err = placement.Walktrap(ctx, t.Graph, placement.WalktrapOptions{Size: size})
	case "groups":
		rack, err = electricalGroups(ctx, family, t, m.GroupEndpoints)
	case "router":
		rack = sequentialRacks(n, 1, 1)
	default:
		return nil, fmt.Errorf("cost: unknown rack assignment %q", m.RackAssignment)
	}
	if err != nil {
		return nil, err
	}
	racks, err := compactRacks(rack)
	if err != nil {
		return nil, fmt.Errorf("cost: family %s: %w", family, err)
	}
	x, y, err := Place(m.Floor, racks, m.RackWidth, m.RackDepth)
	if err != nil {
		return nil, err
	}
	if m.RackMapping == "anneal" {
		if x, y, err = annealRacks(ctx, m, t, rack, x, y); err != nil {
			return nil, fmt.Errorf("cost: family %s: %w", family, err)
		}
	}
	return &Layout{Rack: rack, X: x, Y: y}, nil
}

// annealRacks moves the racks of rack (at x, y in the floor's order) to the
// locations that simulated annealing finds for the shortest inter-rack
// cables (placement.Anneal: m.AnnealIterations moves per restart,
// m.AnnealRestarts restarts in parallel, m.AnnealSeed), and returns the
// racks' new positions. The result does not depend on the number of
// threads.
func annealRacks(ctx context.Context, m *Model, t *families.Topology, rack []int32, x, y []float64) ([]float64, []float64, error) {
	flow, err := placement.NewFlow(t.Graph, rack)
	if err != nil {
		return nil, nil, err
	}
	assign, _, err := placement.Anneal(ctx, flow, placement.ManhattanDistances(x, y), placement.AnnealOptions{
		Iterations: int64(m.AnnealIterations), Restarts: m.AnnealRestarts, Seed: uint64(m.AnnealSeed),
	})
	if err != nil {
		return nil, nil, err
	}
	nx, ny := make([]float64, len(x)), make([]float64, len(y))
	for r, loc := range assign {
		nx[r], ny[r] = x[loc], y[loc]
	}
	return nx, ny, nil
}

// sequentialRacks puts size (or def when size is 0) consecutive router ids
// in each rack.
func sequentialRacks(n, size, def int) []int32 {
	if size <= 0 {
		size = def
	}
	size = max(size, 1)
	rack := make([]int32, n)
	for r := range rack {
		rack[r] = int32(r / size)
	}
	return rack
}

// compactRacks renumbers rack ids to 0..m-1 keeping their order and returns
// m. Negative ids are an error.
func compactRacks(rack []int32) (int, error) {
	if len(rack) == 0 {
		return 0, nil
	}
	hi := int32(-1)
	for _, r := range rack {
		if r < 0 {
			return 0, fmt.Errorf("negative rack id %d", r)
		}
		hi = max(hi, r)
	}
	idx := make([]int32, int(hi)+1)
	for i := range idx {
		idx[i] = -1
	}
	for _, r := range rack {
		idx[r] = 0
	}
	m := int32(0)
	for i := range idx {
		if idx[i] == 0 {
			idx[i] = m
			m++
		}
	}
	for i, r := range rack {
		rack[i] = idx[r]
	}
	return int(m), nil
}

func groupRacks(family string, t *families.Topology) ([]int32, error) {
	if len(t.Group) != t.Graph.N() {
		return nil, fmt.Errorf("cost: family %s: the topology has no router groups", family)
	}
	return append([]int32(nil), t.Group...), nil
}

func slimFlyRacks(t *families.Topology) ([]int32, error) {
	n := t.Graph.N()
	if t.CoordDim != 3 || len(t.Coords) != 3*n {
		return nil, fmt.Errorf("cost: family slimfly: the topology has no (s, x, y) coordinates")
	}
	rack := make([]int32, n)
	for r := range rack {
		rack[r] = t.Coords[3*r+1]
	}
	return rack, nil
}

func sc14Racks(family string, t *families.Topology, rackRouters int) ([]int32, error) {
	n := t.Graph.N()
	switch {
	case family == "slimfly":
		return slimFlyRacks(t)
	case family == "dragonfly" || family == "flattened_butterfly" || family == "hyperx":
		return groupRacks(family, t)
	case isTorus(family):
		if rackRouters > 0 || t.CoordDim < 1 || len(t.Coords) != n*t.CoordDim {
			return sequentialRacks(n, rackRouters, 1), nil
		}
		ring := int32(0)
		for r := 0; r < n; r++ {
			ring = max(ring, t.Coords[r*t.CoordDim]+1)
		}
		return sequentialRacks(n, int(ring), 1), nil
	case family == "hypercube" || family == "folded_hypercube":
		return sequentialRacks(n, rackRouters, DefaultHypercubeRackRouters), nil
	case family == "myrinet_clos" && t.Cabinet != nil:
		return append([]int32(nil), t.Cabinet...), nil
	case isFatTree(family):
		return nil, fmt.Errorf("cost: family %s: SC14 lays fat trees out analytically (routers in a central row); use Evaluate", family)
	}
	return sequentialRacks(n, rackRouters, max(1, (usedRadix(t)+1)/2)), nil
}

// indirect reports whether t is an indirect network: some router has no
// endpoints (fat tree spines, MLFM global routers, OFT's middle level).
// Roles alone do not say so: PolarFly marks its quadrics while every router
// has endpoints.
func indirect(t *families.Topology) bool {
	return t.Role != nil && slices.Contains(t.Conc, 0)
}

// electricalGroups implements the "groups" rack assignment (see NewLayout).
func electricalGroups(ctx context.Context, family string, t *families.Topology, target float64) ([]int32, error) {
	n := t.Graph.N()
	if indirect(t) {
		return sequentialRacks(n, 1, 1), nil
	}
	var unit []int32
	var err error
	switch family {
	case "slimfly":
		unit, err = slimFlyRacks(t)
	case "dragonfly", "flattened_butterfly", "hyperx", "polarfly":
		// PolarFly's groups are its clusters (the quadrics, then the
		// fans around the centres: Lakhotia et al., SC22).
		unit, err = groupRacks(family, t)
	default:
		var ep int64
		for _, c := range t.Conc {
			ep += int64(c)
		}
		size := 1
		if ep > 0 {
			size = max(1, int(math.Round(target*float64(n)/float64(ep))))
		}
		return GreedyGroups(ctx, t, size)
	}
	if err != nil {
		return nil, err
	}
	units, err := compactRacks(unit)
	if err != nil {
		return nil, err
	}
	// Members of each unit in router-id order, and unit endpoints.
	start := make([]int32, units+1)
	ep := make([]int64, units)
	for r, u := range unit {
		start[u+1]++
		ep[u] += int64(t.Conc[r])
	}
	for u := 0; u < units; u++ {
		start[u+1] += start[u]
	}
	var big int64
	for _, e := range ep {
		big = max(big, e)
	}
	group := make([]int32, n)
	if float64(big) <= target {
		per := 1
		if big > 0 {
			per = max(1, int(math.Round(target/float64(big))))
		}
		for r, u := range unit {
			group[r] = u / int32(per)
		}
		return group, nil
	}
	parts := max(1, int(math.Round(float64(big)/target)))
	pos := make([]int32, units) // next member index within the unit
	for r, u := range unit {
		size := int(start[u+1] - start[u])
		i := int(pos[u])
		pos[u]++
		// Chunk of member i when size members are split in parts near-equal
		// chunks, the first size mod parts chunks one larger.
		q, rem := size/parts, size%parts
		var c int
		if i < rem*(q+1) {
			c = i / (q + 1)
		} else {
			c = rem + (i-rem*(q+1))/max(q, 1)
		}
		group[r] = u*int32(parts) + int32(c)
	}
	return group, nil
}

// GreedyGroups partitions the routers of t into groups of size routers (the
// last group may be smaller) so as to keep many links inside groups: each
// group starts from the lowest-numbered unassigned router and repeatedly
// adds the unassigned router with the most links into the group (ties to the
// lowest id; an unassigned router without such links when none has any). It
// returns the group of every router. The result is deterministic; the time
// is O(N * size * degree).
func GreedyGroups(ctx context.Context, t *families.Topology, size int) ([]int32, error) {
	g := t.Graph
	n := g.N()
	if size < 1 {
		return nil, fmt.Errorf("cost: group size %d", size)
	}
	group := make([]int32, n)
	for i := range group {
		group[i] = -1
	}
	gain := make([]int32, n)
	var cand []int32
	next := 0
	add := func(v int32, id int32) {
		group[v] = id
		for _, u := range g.Neighbors(v) {
			if group[u] < 0 {
				if gain[u] == 0 {
					cand = append(cand, u)
				}
				gain[u]++
			}
		}
	}
	for id := int32(0); ; id++ {
		if id&63 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for next < n && group[next] >= 0 {
			next++
		}
		if next == n {
			break
		}
		add(int32(next), id)
		for members := 1; members < size; members++ {
			best := int32(-1)
			k := 0
			for _, u := range cand {
				if group[u] >= 0 {
					continue // assigned since it became a candidate
				}
				cand[k] = u
				k++
				if best < 0 || gain[u] > gain[best] || (gain[u] == gain[best] && u < best) {
					best = u
				}
			}
			cand = cand[:k]
			if best < 0 {
				for next < n && group[next] >= 0 {
					next++
				}
				if next == n {
					break
				}
				best = int32(next)
			}
			add(best, id)
		}
		for _, u := range cand {
			gain[u] = 0
		}
		cand = cand[:0]
	}
	return group, nil
}

// sumPairDistances returns the sum over unordered pairs i < j of the
// Manhattan distance between points (x[i], y[i]) and (x[j], y[j]).
func sumPairDistances(x, y []float64) float64 {
	return sumAbsDiff(x) + sumAbsDiff(y)
}

func sumAbsDiff(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	var total, prefix float64
	for i, a := range s {
		total += a*float64(i) - prefix
		prefix += a
	}
	return total
}
