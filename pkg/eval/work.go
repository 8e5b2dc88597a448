package eval

import (
	"math"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/placement"
)

// Work returns the expected computing time of the cell in seconds of one
// core of the reference machine (the 2-core machine of the README's
// timings), for progress estimates: a cost model of each kind from the
// sizing figures of the cell's topology (routers R, endpoints E, links L)
// and its options. It is a shape, not a promise: a progress display scales
// it by the ratio of measured time to work of the cells finished so far
// (see cli's ETA), so what matters is that it grows with the sizes as the
// computation does. The constants were fitted to runs of the paper
// experiments; pkg/cli's TestETAReplay checks the estimates they give
// against recorded runs.
func (c *Cell) Work() float64 {
	return cellOverhead + c.work()
}

// doneWork is the work a finished cell turned out to be, in the units of
// Work: for a simulation, the cycles and flits it simulated (a point past
// saturation stops early, one that a sweep skips simulates nothing);
// otherwise the expected work.
func (c *Cell) doneWork(v metricValues) float64 {
	if c.Kind != GroupSim || c.inst == nil || v == nil {
		return c.Work()
	}
	if sim, ok := v["simulated"]; ok && sim.Kind == dataset.Bool && !sim.B {
		return cellOverhead
	}
	if sp := v["search_probes"]; sp.Kind != dataset.Null {
		return c.Work() // the probes' cycles are not kept
	}
	cyc, flits := v["sim_cycles"], v["sim_flits_delivered"]
	if cyc.Kind != dataset.Int || flits.Kind != dataset.Int {
		return c.Work()
	}
	sz, err := c.inst.Topology.Family.Size(c.inst.Params)
	if err != nil {
		return c.Work()
	}
	R, E, L := float64(sz.Routers), float64(sz.Endpoints), float64(sz.Links)
	return cellOverhead + simFlitSeconds*(simIdleFlits*E*float64(cyc.I)+float64(flits.I))*c.simHops(R, L, float64(sz.NetworkRadix))
}

// TopologyName returns the name of the topology block whose instance the
// cell computes on (build, metric, sim and clex cells), or "".
func (c *Cell) TopologyName() string {
	switch {
	case c.inst != nil:
		return c.inst.Topology.Name
	case c.clex != nil:
		return c.clex.inst.Topology.Name
	}
	return ""
}

// cellOverhead is the time the engine spends on any cell: scheduling,
// encoding its result, writing and syncing its cache entry.
const cellOverhead = 0.004

// bfsWordSeconds is the time of one 64-bit word operation of the
// bit-parallel BFS (package graph): an all-pairs search of a graph of R
// routers, L links and diameter D costs about R*2L*D/64 of them.
const bfsWordSeconds = 9e-9

func (c *Cell) work() float64 {
	switch c.Kind {
	case KindDataset, KindTable:
		return 0.001
	case KindFigure:
		return 0.3 // a PDF and a PNG
	case GroupClex:
		if c.clex == nil {
			return 0
		}
		k, t := c.clex.inst.Params.Int("k"), c.clex.inst.Params.Int("t")
		nodes := math.Pow(float64(k), float64(t))
		return 1.5e-6 * nodes * float64(c.clex.point.MessagesPerNode)
	}
	if c.inst == nil {
		return 0
	}
	sz, err := c.inst.Topology.Family.Size(c.inst.Params)
	if err != nil {
		return 0
	}
	R, E, L := float64(sz.Routers), float64(sz.Endpoints), float64(sz.Links)
	allPairs := func() float64 {
		return bfsWordSeconds * R * 2 * L * diameterEstimate(c.inst.Topology.Family.Name, R, L, float64(sz.NetworkRadix)) / 64
	}
	switch c.Kind {
	case KindBuild:
		return 1e-6 * (R + L)
	case GroupSize, GroupBounds, GroupCost:
		if c.model != nil && cost.NeedsTopology(c.model.Model, c.inst.Topology.Family.Name) {
			return layoutWork(c.model, R, L)
		}
		return 0
	case GroupStructure, GroupShortcuts:
		return 1e-7 * (R + L)
	case GroupDistance:
		return allPairs()
	case GroupPaths, GroupLoad:
		// A search from every router that stops when every router is
		// found: it scans all 2L arcs, or about k^D of them when the
		// Moore bound's depth D is small (a diameter-2 graph scans the
		// links of the root and its neighbours).
		k := float64(sz.NetworkRadix)
		scanned := min(2*L, math.Pow(max(k, 1), diameterEstimate(c.inst.Topology.Family.Name, R, L, k)))
		return 7e-8 * R * scanned
	case GroupBisection:
		starts := 8.0
		if v, ok := c.opts["bisection_starts"].(int64); ok {
			starts = float64(v)
		}
		return 2e-7 * starts * L * math.Log2(R+2)
	case GroupResilience:
		// Every sample finds its disconnection step by union-find and
		// binary-searches the failure steps with all-pairs searches for
		// the diameter and distance criteria, which grow more slowly
		// than a full search (the power 0.9, fitted to the SC14 runs
		// of pkg/cli's testdata/eta, 3D tori of 512 to 8,000 routers);
		// the number of samples follows from the confidence interval's
		// width (about 100 for SC14's 2 points, fewer for wider ones).
		lo, hi, width := 10.0, 1000.0, 0.02
		if v, ok := c.opts["resilience_min_samples"].(int64); ok {
			lo = float64(v)
		}
		if v, ok := c.opts["resilience_max_samples"].(int64); ok {
			hi = float64(v)
		}
		if v, ok := c.opts["resilience_width"].(float64); ok && v > 0 {
			width = v
		}
		samples := min(hi, max(lo, 100*(0.02/width)*(0.02/width)))
		per := 1e-7 * L
		if crit, _ := c.opts["criteria"].([]string); slices.ContainsFunc(crit, func(s string) bool { return s != "disconnect" }) {
			per += 5 * math.Pow(allPairs()/bfsWordSeconds, 0.9) * bfsWordSeconds
		}
		return samples * per
	case GroupSpectral:
		if R <= 1200 {
			return 3e-9 * R * R * R // a dense symmetric eigendecomposition
		}
		m := min(R, 300, math.Sqrt(2e9/R))
		return 2e-9 * (m*2*L + 2*m*m*R) // Lanczos with full reorthogonalization
	case GroupDisjoint:
		pairs := 1000.0
		if v, ok := c.opts["disjoint_samples"].(int64); ok {
			pairs = float64(v)
		}
		pairs = min(pairs, R*(R-1)/2)
		// An augmenting-path search per path, at most the degree of them.
		return 3e-9 * pairs * float64(max(sz.NetworkRadix, 1)) * 2 * L
	case GroupMCF:
		eps := 0.1
		if v, ok := c.opts["mcf_epsilon"].(float64); ok && v > 0 {
			eps = v
		}
		limit := 256.0
		if v, ok := c.opts["mcf_max_routers"].(int64); ok {
			limit = float64(v)
		}
		if R > limit {
			return allPairs()
		}
		phases := math.Log(4*L) / (eps * eps)
		return 1e-8 * phases * R * 2 * L * math.Log2(R+2)
	case GroupJellyfish:
		return 2e-7*10*L + bfsWordSeconds*R*2*L*math.Max(2, math.Log(R)/math.Log(math.Max(2*L/R, 2)))/64
	case GroupLayout:
		return layoutWork(c.model, R, L)
	case GroupSim:
		return simWork(c.point, E) * c.simHops(R, L, float64(sz.NetworkRadix))
	}
	return 0
}

// simHops is the factor by which a simulation's flits cost more than on a
// diameter-2 network under minimal routing: a flit costs the simulator a
// visit per router it crosses, and non-minimal routings cross about twice
// as many (Valiant) or some more (UGAL).
func (c *Cell) simHops(R, L, k float64) float64 {
	f := (1 + diameterEstimate(c.inst.Topology.Family.Name, R, L, k)) / 3
	rt, _ := c.point["routing"].(string)
	switch {
	case strings.HasPrefix(rt, "val"):
		f *= 1.8
	case strings.HasPrefix(rt, "ugal"):
		f *= 1.4
	}
	return f
}

// diameterEstimate is a coarse estimate of the diameter of a network of
// family fam with R routers, L links and network radix k, for work
// estimates: exact for tori and hypercubes, the depth of the Moore bound
// for the average degree otherwise (low-diameter families come close to
// it).
func diameterEstimate(fam string, R, L, k float64) float64 {
	switch fam {
	case "torus":
		n := max(1, math.Round(k/2))
		return n * math.Floor(math.Round(math.Pow(R, 1/n))/2)
	case "mesh":
		n := max(1, math.Round(k/2))
		return n * (math.Round(math.Pow(R, 1/n)) - 1)
	case "hypercube":
		return math.Log2(max(R, 2))
	}
	d := 2 * L / max(R, 1)
	if d <= 2 {
		return R / 2 // a ring or a path
	}
	// The Moore bound's depth: the least D with 1 + d + d(d-1) + ... +
	// d(d-1)^(D-1) >= R.
	D, reach, layer := 0.0, 1.0, 1.0
	for reach < R && D < 64 {
		if D == 0 {
			layer = d
		} else {
			layer *= d - 1
		}
		reach += layer
		D++
	}
	return D
}

// layoutWork is the expected time of a cost model's cable layout of a
// network of R routers and L links: the racks (Walktrap clustering takes
// about R^2 log R: 30 s at 8,192 routers), the floor and the cables, and
// the cabinet annealing's moves over all restarts.
func layoutWork(m *CostModel, R, L float64) float64 {
	w := 1e-6 * (R + L)
	if m == nil {
		return w
	}
	if m.Model.RackAssignment == "walktrap" {
		w += 3.5e-8 * R * R * math.Log2(R+2)
	}
	if m.Model.RackMapping == "anneal" {
		it := float64(m.Model.AnnealIterations)
		if it == 0 {
			it = placement.DefaultIterations
		}
		restarts := float64(m.Model.AnnealRestarts)
		if restarts == 0 {
			restarts = 5
		}
		w += 1e-4*R + 8e-7*it*restarts
	}
	return w
}

// simFlitSeconds is the time the simulator takes per delivered flit on one
// core of the reference machine (pkg/netsim's BenchmarkSim: 0.3-1.0 M
// flits per second depending on network size and routing).
const simFlitSeconds = 1.5e-6

// simIdleFlits is what an endpoint costs the simulator per cycle whether
// it sends or not, in flits (the simulator visits the routers and
// endpoints with work every cycle): fitted to the validation experiment's
// load sweeps, where a point at load 0.01 takes about a fiftieth of the
// time per flit-cycle of one at 0.5.
const simIdleFlits = 0.02

// simWork is the expected time of a sim point on E endpoints: the flits
// its cycles carry, plus what every endpoint costs per cycle whether it
// sends or not (simIdleFlits). A throughput search probes about
// log2(1/resolution) loads, half of them past saturation, where a run
// stops after a few samples.
func simWork(pt map[string]any, E float64) float64 {
	if pt == nil {
		return 0
	}
	setup, err := simConfig(pt)
	if err != nil {
		return 0
	}
	cfg := setup.cfg
	if a, ok := pt["active"].(int64); ok && a > 0 {
		E = math.Min(E, float64(a))
	}
	if wl, _ := pt["workload"].(string); wl != "" {
		w, err := simWorkload(pt, int(E), setup)
		if err != nil || w.Endpoints() == 0 {
			return 0.01
		}
		// The flits endpoint 0 sends, times the endpoints.
		var flits float64
		for s := int32(0); s < w.Steps(0); s++ {
			for i := int32(0); i < w.Count(0, s); i++ {
				_, f := w.Message(0, s, i)
				flits += float64(f)
			}
		}
		return simFlitSeconds * flits * E
	}
	cycles := float64(cfg.WarmupMin + cfg.MeasureCycles + cfg.SamplePeriod)
	load, _ := pt["load"].(float64)
	if s, _ := pt["search"].(string); s == "throughput" {
		res := pt["search_resolution"].(float64)
		probes := math.Ceil(math.Log2(1/res)) + 1
		// Unsaturated probes near the throughput, saturated ones cut short.
		return simFlitSeconds * E * cycles * (simIdleFlits + 0.5) * probes * 0.6
	}
	return simFlitSeconds * E * cycles * (simIdleFlits + load)
}
