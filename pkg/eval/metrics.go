package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/runexp/runexp/pkg/analysis"
	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
	"github.com/runexp/runexp/pkg/partition"
	"github.com/runexp/runexp/pkg/resilience"
)

// Metric groups: metrics of one group are computed together by one cell.
const (
	GroupSize       = "size"       // sizing formulas; no graph is built
	GroupBounds     = "bounds"     // Moore bounds for the sizing figures; no graph is built
	GroupStructure  = "structure"  // the built graph's size and degrees against the sizing formulas
	GroupDistance   = "distance"   // all-pairs bit-parallel BFS on the built graph
	GroupPaths      = "paths"      // minimal-path counts between router pairs
	GroupLoad       = "load"       // channel loads of uniform traffic under minimal routing
	GroupBisection  = "bisection"  // multilevel balanced bisection
	GroupResilience = "resilience" // random link failures (SC14 section III-D)
	GroupCost       = "cost"       // the study's cost_model applied to the sizing figures
	GroupShortcuts  = "shortcuts"  // ring distances spanned by the shortcuts of a ring family
	GroupLayout     = "layout"     // racks and cable lengths of the study's cost_model layout of the built network
	GroupSpectral   = "spectral"   // extremal eigenvalues of the adjacency matrix
	GroupDisjoint   = "disjoint"   // edge-disjoint paths between router pairs (maximum flows)
	GroupJellyfish  = "jellyfish"  // distances of a random graph with the same equipment (Jellyfish)
	GroupMCF        = "mcf"        // maximum concurrent flow of a traffic matrix
)

// groupSpec says how a metric group is computed.
type groupSpec struct {
	// version is the code version of the group's computation: bump it when
	// its results change, and exactly the cells of that group rerun.
	version int
	// graph: the group needs the built topology (an input build cell).
	graph bool
	// compute evaluates the group for cell c; t is the built topology when
	// graph is set (nil otherwise).
	compute func(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error)
}

// groupSpecs returns the metric groups by name.
func groupSpecs() map[string]groupSpec {
	return map[string]groupSpec{
		GroupSize: {1, false, func(_ context.Context, c *Cell, _ *families.Topology, _ int) (metricValues, error) {
			return computeSize(c.inst.Topology.Family, c.inst.Params)
		}},
		GroupBounds: {1, false, func(_ context.Context, c *Cell, _ *families.Topology, _ int) (metricValues, error) {
			return computeBounds(c.inst.Topology.Family, c.inst.Params)
		}},
		GroupStructure: {1, true, func(_ context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
			return computeStructure(c.inst.Topology.Family, c.inst.Params, t)
		}},
		GroupDistance: {1, true, func(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
			return computeDistance(ctx, c.inst.Topology.Family, c.inst.Params, t, workers)
		}},
		GroupBisection: {1, true, computeBisection},
		GroupPaths:     {1, true, computePaths},
		GroupShortcuts: {1, true, func(_ context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
			return computeShortcuts(c.inst.Topology.Family, t), nil
		}},
		GroupLoad:       {1, true, computeLoad},
		GroupSpectral:   {1, true, computeSpectral},
		GroupDisjoint:   {1, true, computeDisjoint},
		GroupJellyfish:  {1, true, computeJellyfish},
		GroupMCF:        {1, true, computeMCF},
		GroupResilience: {1, true, computeResilience},
		// computeSim, with its inputs (compute). Version 3: per-endpoint
		// and per-router random streams (results independent of the
		// simulator's thread count).
		GroupSim:    {3, true, nil},
		GroupLayout: {1, true, computeLayout},
		GroupCost: {2, false, func(ctx context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
			return computeCost(ctx, c.inst.Topology.Family, c.inst.Params, c.model, t)
		}},
		// computeClex (compute); no graph: the simulator takes k and t.
		GroupClex: {clexVersion, false, nil},
	}
}

// lookupGroup returns the spec of a metric group; it panics on an unknown
// group (metric definitions and specs are kept in step by the tests).
func lookupGroup(group string) groupSpec {
	g, ok := groupSpecs()[group]
	if !ok {
		panic("eval: unknown metric group " + group)
	}
	return g
}

// derivedMetric is a metric computed, when a study's dataset is
// assembled, from other metrics of the same row: its inputs, which the
// study computes whether or not it lists them. Its Metric.Group is that of
// its first input (the group whose checks apply: a derived metric of a
// graph group needs the graph), but it is not part of that group's cells,
// so adding one changes no cell key, only the datasets that list it.
type derivedMetric struct {
	inputs []string
	// f computes the value from the inputs' values (in inputs order);
	// ok = false leaves it null (a zero denominator).
	f func(in []float64) (v float64, ok bool)
	// text, if set instead of f, gives a string value from the study's
	// cost model and the row's instance (a null when there is no model).
	text func(m *CostModel, in *Instance) string
}

// derivedMetrics returns the derived metrics by name.
func derivedMetrics() map[string]derivedMetric {
	perEndpoint := func(num func(in []float64) float64) func([]float64) (float64, bool) {
		return func(in []float64) (float64, bool) {
			n := in[len(in)-1] // endpoints, always the last input
			if n == 0 {
				return 0, false
			}
			return num(in) / n, true
		}
	}
	return map[string]derivedMetric{
		"ports_per_endpoint": {inputs: []string{"routers", "radix", "endpoints"},
			f: perEndpoint(func(in []float64) float64 { return in[0] * in[1] })},
		"links_per_endpoint": {inputs: []string{"links", "endpoints"},
			f: perEndpoint(func(in []float64) float64 { return in[0] + in[1] })},
		"avg_distance_all_pairs": {inputs: []string{"avg_distance", "routers"}, f: func(in []float64) (float64, bool) {
			return in[0] * (in[1] - 1) / in[1], in[1] > 0
		}},
		"bisection_per_endpoint": {inputs: []string{"bisection_links", "endpoints"},
			f: perEndpoint(func(in []float64) float64 { return 2 * in[0] })},
		"cost_method": {inputs: []string{"cost_total"}, text: costMethod},
	}
}

// costMethod says how the cost cell of instance in prices it under m:
// "layout" (built and laid out, every cable measured) or "formula" (the
// family's sizing formulas), as needsBuild decides.
func costMethod(m *CostModel, in *Instance) string {
	if needsBuild(GroupCost, in, m) {
		return "layout"
	}
	return "formula"
}

// derivedValue computes derived metric d from the row's values vals: null
// when an input is null or the value is undefined.
func derivedValue(d derivedMetric, vals metricValues) dataset.Value {
	in := make([]float64, len(d.inputs))
	for i, name := range d.inputs {
		f, ok := vals[name].Float64()
		if !ok {
			return dataset.Value{}
		}
		in[i] = f
	}
	v, ok := d.f(in)
	if !ok {
		return dataset.Value{}
	}
	return dataset.FloatValue(v)
}

// metricGroups returns the metric groups whose cells compute metric m:
// its own group, or for a derived metric the groups of its inputs.
func metricGroups(m *Metric) []string {
	d, ok := derivedMetrics()[m.Name]
	if !ok {
		return []string{m.Group}
	}
	all := Metrics()
	var out []string
	for _, in := range d.inputs {
		if g := lookupMetric(all, in).Group; !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// groupMetricNames returns the names of the metrics of group's first
// epoch (metricSince), derived metrics excluded, sorted: the list every
// key of the group's cells holds.
func groupMetricNames(group string) []string {
	var names []string
	derived := derivedMetrics()
	for _, m := range Metrics() {
		if _, ok := derived[m.Name]; !ok && m.Group == group && metricSince[m.Name] == 0 {
			names = append(names, m.Name)
		}
	}
	sort.Strings(names)
	return names
}

// metricSince numbers the metrics added to a group after its cells' keys
// were first made (the group's epochs; a metric not listed is of epoch 0).
// A cell computes every metric of its group, but its key lists only those
// of epoch 0, plus, when its study asks for a later metric, the highest
// epoch asked for (metrics_epoch): so adding a metric leaves the keys and
// the cached values of every other study as they were (days of
// simulations), and a study that asks for it gets cells of their own,
// computed with it. The seeds of simulations do not depend on the epoch:
// such a cell repeats the simulation of its epoch-0 twin, with more
// metrics.
var metricSince = map[string]int{
	"source_completion_p50_cycles": 1, "source_completion_p99_cycles": 1,
	"source_completion_p50_us": 1, "source_completion_p99_us": 1,
}

// metricEpoch returns the highest epoch (metricSince) of the metrics of
// group that study s asks for, derived metrics through their inputs: 0
// when it asks for none added after the group's cells' keys were made.
func (s *Study) metricEpoch(group string) int {
	epoch := 0
	derived := derivedMetrics()
	all := Metrics()
	for _, m := range s.Metrics {
		d, ok := derived[m.Name]
		if !ok {
			if m.Group == group {
				epoch = max(epoch, metricSince[m.Name])
			}
			continue
		}
		for _, n := range d.inputs {
			if in := lookupMetric(all, n); in != nil && in.Group == group {
				epoch = max(epoch, metricSince[n])
			}
		}
	}
	return epoch
}

// groupVersion returns the code version of a metric group's computation.
func groupVersion(group string) int { return lookupGroup(group).version }

// Metric describes a metric usable in a study's metrics list.
type Metric struct {
	Name  string       `json:"name"`
	Group string       `json:"group"`
	Kind  dataset.Kind `json:"-"`
	Unit  string       `json:"unit"`
	Doc   string       `json:"doc"`
}

// Metrics returns every metric, sorted by group then name.
func Metrics() []*Metric {
	ms := []*Metric{
		{"routers", GroupSize, dataset.Int, "routers", "number of routers (switches)"},
		{"endpoints", GroupSize, dataset.Int, "endpoints", "number of endpoints (compute nodes)"},
		{"links", GroupSize, dataset.Int, "links", "number of router-to-router links (cables between routers)"},
		{"radix", GroupSize, dataset.Int, "ports", "router radix k: the most ports used on one router (network plus endpoint ports)"},
		{"network_radix", GroupSize, dataset.Int, "ports", "network radix k': the most router-to-router ports on one router"},
		{"ports_per_endpoint", GroupSize, dataset.Float, "ports/endpoint", "router ports per endpoint, routers x radix / endpoints (every router counted at the radix): the N_p/N of Kathareios et al., SC15, section 2 and Fig. 3 (3 for SSPTs, 2D HyperX and two-level fat trees); derived from the size metrics"},
		{"links_per_endpoint", GroupSize, dataset.Float, "links/endpoint", "cables per endpoint, counting each endpoint's own link: (links + endpoints) / endpoints, the N_l/N of SC15 section 2 and Fig. 3 (2 for SSPTs); derived from the size metrics"},
		{"moore_bound_2", GroupBounds, dataset.Int, "routers", "Moore bound for the network radix k' and diameter 2: 1 + k'^2 routers at most (SC14 section II-A; projective networks eq. (3)); empty if it overflows"},
		{"moore_bound_3", GroupBounds, dataset.Int, "routers", "Moore bound for the network radix k' and diameter 3: 1 + k' + k'(k'-1) + k'(k'-1)^2 routers at most"},
		{"moore_ratio_2", GroupBounds, dataset.Float, "", "routers / moore_bound_2 (SC14 Fig. 5a: MMS graphs approach 8/9)"},
		{"moore_ratio_3", GroupBounds, dataset.Float, "", "routers / moore_bound_3 (SC14 Fig. 5b)"},
		{"moore_avg_distance", GroupBounds, dataset.Float, "hops", "smallest average router-to-router distance of any graph with this many routers and degree k': that of a generalized Moore graph (projective networks section 2, eqs. (3)-(4)); empty for k' < 3"},
		{"degree_min", GroupStructure, dataset.Int, "ports", "smallest number of router-to-router links at a router of the built graph"},
		{"degree_max", GroupStructure, dataset.Int, "ports", "largest number of router-to-router links at a router of the built graph"},
		{"size_mismatch", GroupStructure, dataset.Int, "figures", "how many of the five sizing figures (routers, endpoints, links, radix, network radix) the built graph contradicts: 0 when the family's formulas agree with its construction"},
		{"shortcut_hops_avg", GroupShortcuts, dataset.Float, "hops", "average number of hops along the ring between the two routers of a shortcut (a link other than r ~ r+1): the x axis of Fig. 12 of Koibuchi et al., Layout-conscious Random Topologies (N/4 for uniformly random shortcuts on a ring of N, less for Nbr and Gau); ring families (ring_random, ring_nbr, ring_gau) only, empty for the others"},
		{"shortcut_hops_max", GroupShortcuts, dataset.Int, "hops", "largest number of hops along the ring spanned by a shortcut; ring families only"},
		{"inter_rack_links", GroupLayout, dataset.Int, "links", "router-to-router links between different racks of the cost_model's layout of the built network (Koibuchi et al., Layout-conscious Random Topologies, Fig. 14: inter-cabinet links; rack_assignment = \"cabinet\" is the paper's sequential method, \"walktrap\" its clustering)"},
		{"rack_pairs", GroupLayout, dataset.Int, "pairs", "pairs of racks joined by at least one link (the layout paper's section IV-B: the number of cabinet pairs directly connected, which makes cable packaging complex)"},
		{"cable_length_total", GroupLayout, dataset.Float, "m", "total length of the router-to-router cables on the layout: intra_rack_length inside a rack, the Manhattan distance between the racks plus inter_rack_overhead between racks (the layout paper's section III-D and Fig. 1(b)); endpoint cables not counted"},
		{"cable_length_avg", GroupLayout, dataset.Float, "m", "cable_length_total / links: the average router-to-router cable length (the layout paper's Fig. 15)"},
		{"inter_rack_cable_length_avg", GroupLayout, dataset.Float, "m", "average length of the cables between racks (the layout paper's Figs. 9, 10 and 16: average inter-cabinet cable length); empty without such cables"},
		{"diameter", GroupDistance, dataset.Int, "hops", "largest router-to-router distance (in router-to-router links)"},
		{"avg_distance_all_pairs", GroupDistance, dataset.Float, "hops", "average router-to-router distance over all N^2 ordered pairs, a router with itself included (0 hops): avg_distance x (N - 1) / N, the average shortest path length of Koibuchi et al., Layout-conscious Random Topologies, Table 1 (8.00 for the 16 x 16 torus, whose avg_distance is 8.03); derived from avg_distance and routers"},
		{"endpoint_diameter", GroupDistance, dataset.Int, "hops", "largest distance between two routers that have endpoints"},
		{"avg_distance", GroupDistance, dataset.Float, "hops", "average router-to-router distance over ordered pairs of distinct routers"},
		{"avg_endpoint_distance", GroupDistance, dataset.Float, "hops", "average number of router-to-router hops between two distinct endpoints, over all ordered endpoint pairs (endpoints on the same router are 0 hops apart): the average hop count of uniform random traffic under minimal routing"},
		{"radius", GroupDistance, dataset.Int, "hops", "smallest eccentricity of a router (its largest distance to another router)"},
		{"avg_eccentricity", GroupDistance, dataset.Float, "hops", "mean eccentricity over routers"},
		{"distance_hist", GroupDistance, dataset.String, "pairs", "distance distribution: JSON array whose element d counts the ordered pairs of distinct routers at distance d (element 0 is 0)"},
		{"endpoint_distance_hist", GroupDistance, dataset.String, "pairs", "JSON array whose element d counts the ordered pairs of distinct endpoints whose routers are d hops apart (element 0: pairs on one router)"},
		{"moore_ratio", GroupDistance, dataset.Float, "", "routers / Moore bound for the largest degree and the measured diameter (1 for a Moore graph such as Hoffman-Singleton)"},
		{"paths_mean", GroupPaths, dataset.Float, "paths", "mean number of minimal paths between two distinct routers (ordered pairs; a path is a sequence of routers)"},
		{"paths_max", GroupPaths, dataset.Int, "paths", "largest number of minimal paths between two routers"},
		{"paths_hist", GroupPaths, dataset.String, "pairs", "JSON array: element k counts the ordered router pairs with exactly k minimal paths (the last element: 64 or more; element 0: unreachable pairs)"},
		{"endpoint_paths_mean", GroupPaths, dataset.Float, "paths", "mean number of minimal paths between the routers of two endpoints on different routers (router pairs weighted by their endpoints)"},
		{"endpoint_paths_max", GroupPaths, dataset.Int, "paths", "largest number of minimal paths between two routers that both have endpoints (SC15 section 2.3.3: k between the leaves (0, i) and (2, i) of a k-OFT, h within a column of an h-MLFM)"},
		{"paths_mean_nonadjacent", GroupPaths, dataset.Float, "paths", "mean number of minimal paths between two routers that are not linked (ordered pairs at distance 2 or more; SC15 section 2.3.3: about 1.1 for the Slim Fly q = 23); empty if every pair is linked"},
		{"paths_max_nonadjacent", GroupPaths, dataset.Int, "paths", "largest number of minimal paths between two routers that are not linked; empty if every pair is linked"},
		{"load_avg", GroupLoad, dataset.Float, "flows", "average load of a directed channel when every ordered pair of endpoints on different routers sends one unit along minimal paths (load_routing: split evenly over all minimal paths, or one path)"},
		{"load_max", GroupLoad, dataset.Float, "flows", "largest load of a directed channel under the same traffic"},
		{"utilization", GroupLoad, dataset.Float, "", "average link utilization u = load_avg / load_max (projective networks section 2.1; 1 for edge-transitive graphs, 8/9 in the limit for Slim Fly MMS)"},
		{"cost_k_over_u", GroupLoad, dataset.Float, "hops", "k/u: the average hop count of the traffic divided by u, the cost measure of the projective networks paper (eq. (2), Fig. 6)"},
		{"balanced_p", GroupLoad, dataset.Float, "endpoints", "balanced concentration u * degree / k (projective networks eq. (1)): endpoints per router that the network serves at saturation"},
		{"subscription", GroupLoad, dataset.Float, "", "endpoints per router over balanced_p: above 1 the network saturates before the endpoints do (projective networks Tables 4 and 5)"},
		{"throughput_bound", GroupLoad, dataset.Float, "", "accepted fraction of injection bandwidth under uniform traffic that the busiest channel allows: min(1, 1 / (load_max / (endpoints - 1))), each endpoint injecting one channel's bandwidth"},
		{"resilience_disconnect", GroupResilience, dataset.Float, "", "mean over samples of the largest fraction of links (in resilience_step steps) that can fail at random while the routers with endpoints stay connected (SC14 section III-D1)"},
		{"resilience_disconnect_step", GroupResilience, dataset.Float, "", "resilience_disconnect rounded down to a multiple of resilience_step: the form of SC14 Table III"},
		{"resilience_diameter", GroupResilience, dataset.Float, "", "mean largest failed fraction with the network connected and its endpoint diameter at most 2 above the intact one (SC14 section III-D2)"},
		{"resilience_diameter_step", GroupResilience, dataset.Float, "", "resilience_diameter rounded down to a multiple of resilience_step"},
		{"resilience_avg_distance", GroupResilience, dataset.Float, "", "mean largest failed fraction with the network connected and its average endpoint distance at most 1 above the intact one (SC14 section III-D3)"},
		{"resilience_avg_distance_step", GroupResilience, dataset.Float, "", "resilience_avg_distance rounded down to a multiple of resilience_step"},
		{"resilience_halfwidth", GroupResilience, dataset.Float, "", "largest half-width of the 95% confidence intervals (Student t) of the computed resilience means"},
		{"resilience_samples", GroupResilience, dataset.Int, "samples", "failure samples drawn: until every 95% confidence interval is narrower than resilience_width, within resilience_min_samples and resilience_max_samples"},
		{"lambda1", GroupSpectral, dataset.Float, "", "largest eigenvalue of the router graph's adjacency matrix (parallel links counted): the degree for a connected regular graph; exact up to 1,200 routers, a Lanczos estimate beyond (spectrum_exact)"},
		{"lambda2", GroupSpectral, dataset.Float, "", "second largest adjacency eigenvalue (Lanczos beyond 1,200 routers: accurate on expanders, unresolved where the eigenvalues crowd, as on rings and large tori)"},
		{"lambda_min", GroupSpectral, dataset.Float, "", "smallest adjacency eigenvalue (-lambda1 for a bipartite graph)"},
		{"spectral_gap", GroupSpectral, dataset.Float, "", "lambda1 - lambda2: the larger, the better the graph expands (Young et al., Spectralfly, IPDPS 2022)"},
		{"ramanujan_ratio", GroupSpectral, dataset.Float, "", "for a d-regular graph, the largest |eigenvalue| other than d (and -d if bipartite) divided by 2 sqrt(d-1): at most 1 for a Ramanujan graph (Lubotzky, Phillips and Sarnak; Spectralfly's LPS graphs); empty for irregular graphs"},
		{"spectrum_exact", GroupSpectral, dataset.Bool, "", "true when the spectrum was computed in full (at most 1,200 routers), false for Lanczos estimates"},
		{"edge_disjoint_min", GroupDisjoint, dataset.Int, "paths", "fewest edge-disjoint paths between two routers of the evaluated pairs (maximum flow with unit link capacities): the edge connectivity when every pair is evaluated, an upper bound on it otherwise (see edge_disjoint_pairs and the disjoint_samples option)"},
		{"edge_disjoint_mean", GroupDisjoint, dataset.Float, "paths", "mean number of edge-disjoint paths over the evaluated router pairs"},
		{"edge_disjoint_at_degree", GroupDisjoint, dataset.Float, "", "fraction of the evaluated router pairs with as many edge-disjoint paths as the smaller of their two degrees (the most possible): 1 for an optimally connected graph"},
		{"edge_disjoint_pairs", GroupDisjoint, dataset.Int, "pairs", "router pairs evaluated: all unordered pairs when there are at most disjoint_samples, else that many distinct pairs drawn with the analysis seed"},
		{"jellyfish_diameter", GroupJellyfish, dataset.Int, "hops", "diameter of the topology's Jellyfish equivalent: a random graph with the same routers, the same router-to-router ports on each (degree sequence) and the same endpoints, drawn with the analysis seed by 10 degree-preserving link swaps per link (Singla et al., Jellyfish, NSDI 2012: the equal-equipment random baseline)"},
		{"jellyfish_avg_distance", GroupJellyfish, dataset.Float, "hops", "average router-to-router distance of the Jellyfish equivalent (compare with avg_distance)"},
		{"jellyfish_avg_endpoint_distance", GroupJellyfish, dataset.Float, "hops", "average endpoint-to-endpoint distance of the Jellyfish equivalent (compare with avg_endpoint_distance)"},
		{"mcf_throughput", GroupMCF, dataset.Float, "", "throughput of the mcf_traffic matrix under the best routing: the largest fraction of their injection rate that all endpoints can send at once over any paths, every channel (link direction) carrying at most its capacity (the maximum concurrent flow, as Jellyfish and Xpander measure networks), capped at 1; the feasible flow of Garg and Konemann's approximation (within (1 - mcf_epsilon)^3 of the optimum); up to mcf_max_routers routers, empty beyond"},
		{"mcf_throughput_upper", GroupMCF, dataset.Float, "", "the best dual bound of the maximum concurrent flow found (capped at 1): the optimum lies between mcf_throughput and this"},
		{"mcf_distance_bound", GroupMCF, dataset.Float, "", "channels / (sum over the demands of demand x hop distance), capped at 1: an upper bound on the maximum concurrent flow, exact for edge-transitive networks under uniform traffic; computed at every size"},
		{"bisection_links", GroupBisection, dataset.Int, "links", "links cut by the best balanced bisection found (multilevel partitioning with Fiduccia-Mattheyses refinement, bisection_starts seeded runs): the two halves hold equal numbers of endpoints, up to one router's endpoints; an upper bound on the exact bisection width, exact for hypercubes, tori and fat trees"},
		{"bisection_bandwidth", GroupBisection, dataset.Float, "Gb/s", "bisection_links x link_gbps: the bandwidth across the bisection in one direction (SC14 Fig. 5c, 10 Gb/s per link)"},
		{"bisection_per_endpoint", GroupBisection, dataset.Float, "links/endpoint", "bisection_links / (endpoints / 2): the bandwidth across the bisection per endpoint of one half, in units of the link bandwidth b (Kathareios et al., SC15, Fig. 4: about 0.89 for the OFT; 1 for a full-bisection fat tree); derived from bisection_links and endpoints"},
		{"cost_total", GroupCost, dataset.Float, "$", "network cost under the study's cost_model: routers plus priced cables (package cost: SC14 section VI-B, projective networks section 5.3)"},
		{"cost_per_endpoint", GroupCost, dataset.Float, "$/endpoint", "cost_total divided by endpoints"},
		{"cost_method", GroupCost, dataset.String, "", "how the cost metrics were computed: \"layout\" (the topology built and laid out rack by rack, every cable measured) or \"formula\" (the family's sizing formulas: fat trees and Long Hop, hypercubes and Dragonflies on sc14 racks, folded tori; package cost, NeedsTopology)"},
		{"cost_routers", GroupCost, dataset.Float, "$", "routers x (router_cost_per_port x priced radix + router_cost_fixed)"},
		{"cost_cables", GroupCost, dataset.Float, "$", "all priced cables: link_bandwidth x (intercept + slope x length) each, electric or optical"},
		{"power_total", GroupCost, dataset.Float, "W", "router power: routers x priced radix x power_per_port (SC14 section VI-C: 4 lanes x 0.7 W)"},
		{"power_per_endpoint", GroupCost, dataset.Float, "W/endpoint", "power_total divided by endpoints"},
		{"electric_cables", GroupCost, dataset.Int, "cables", "electric cables (intra-rack router links, plus priced endpoint cables)"},
		{"fiber_cables", GroupCost, dataset.Int, "cables", "optical cables (inter-rack router links, plus priced endpoint cables)"},
		{"endpoint_cables", GroupCost, dataset.Int, "cables", "priced endpoint-to-router cables (included in the two counts above)"},
		{"electric_length", GroupCost, dataset.Float, "m", "total length of the electric cables"},
		{"fiber_length", GroupCost, dataset.Float, "m", "total length of the optical cables"},
		{"racks", GroupCost, dataset.Int, "racks", "racks (cabinets, electrical groups, fat-tree pods) of the layout; 0 when the model places none"},
		{"rack_endpoints", GroupCost, dataset.Int, "endpoints", "the most common number of endpoints in a rack or electrical group (projective networks Tables 4 and 5: size of electrical group); 0 when the cost comes from formulas"},
		{"priced_radix", GroupCost, dataset.Int, "ports", "ports priced and powered per router (router_radix, or the most ports used on one router)"},
	}
	ms = append(ms, simMetrics()...)
	ms = append(ms, clexMetrics()...)
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Group < ms[j].Group })
	return ms
}

// metricNames returns the sorted names of ms.
func metricNames(ms []*Metric) []string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	sort.Strings(names)
	return names
}

// lookupMetric returns the metric with the given name.
func lookupMetric(ms []*Metric, name string) *Metric {
	for _, m := range ms {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// metricValues is the result of a metric cell: one value per metric name.
type metricValues map[string]dataset.Value

// computeSize evaluates the size group from the family's sizing formulas.
func computeSize(f *families.Family, p families.Values) (metricValues, error) {
	s, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	return sizeValues(s), nil
}

func sizeValues(s families.Size) metricValues {
	return metricValues{
		"routers":       dataset.IntValue(s.Routers),
		"endpoints":     dataset.IntValue(s.Endpoints),
		"links":         dataset.IntValue(s.Links),
		"radix":         dataset.IntValue(s.Radix),
		"network_radix": dataset.IntValue(s.NetworkRadix),
	}
}

// computeStructure evaluates the structure group: the built graph's degrees
// and how many sizing figures of the family's formulas it contradicts.
func computeStructure(f *families.Family, p families.Values, t *families.Topology) (metricValues, error) {
	s, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	g := t.Graph
	radix := int64(0)
	for r := 0; r < g.N(); r++ {
		radix = max(radix, int64(g.Degree(int32(r)))+int64(t.Conc[r]))
	}
	built := [5]int64{int64(g.N()), t.Endpoints(), g.Edges(), radix, int64(g.MaxDegree())}
	formula := [5]int64{s.Routers, s.Endpoints, s.Links, s.Radix, s.NetworkRadix}
	mismatch := int64(0)
	for i := range built {
		if built[i] != formula[i] {
			mismatch++
		}
	}
	return metricValues{
		"degree_min":    dataset.IntValue(int64(g.MinDegree())),
		"degree_max":    dataset.IntValue(int64(g.MaxDegree())),
		"size_mismatch": dataset.IntValue(mismatch),
	}, nil
}

// computeShortcuts evaluates the shortcuts group: for a family whose
// routers are numbered along a ring (families.HasRingIDs), the mean and
// largest ring distance min(|u-v|, N-|u-v|) between the ends of the links
// other than the ring's; null for other families and for a ring without
// shortcuts.
func computeShortcuts(f *families.Family, t *families.Topology) metricValues {
	out := metricValues{"shortcut_hops_avg": dataset.Value{}, "shortcut_hops_max": dataset.Value{}}
	if !families.HasRingIDs(f.Name) {
		return out
	}
	g := t.Graph
	n := int32(g.N())
	var sum, cnt int64
	var most int32
	for u := range n {
		for _, v := range g.Neighbors(u) {
			if v <= u {
				continue
			}
			d := min(v-u, n-(v-u))
			if d <= 1 {
				continue // a ring link
			}
			sum, cnt, most = sum+int64(d), cnt+1, max(most, d)
		}
	}
	if cnt > 0 {
		out["shortcut_hops_avg"] = dataset.FloatValue(float64(sum) / float64(cnt))
		out["shortcut_hops_max"] = dataset.IntValue(int64(most))
	}
	return out
}

// computeBounds evaluates the bounds group: Moore bounds for the network
// radix, the ratio of the router count to them, and the smallest average
// distance any graph of this size and degree can have (a generalized Moore
// graph).
func computeBounds(f *families.Family, p families.Values) (metricValues, error) {
	s, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	out := metricValues{}
	for _, d := range []int64{2, 3} {
		name := fmt.Sprintf("moore_bound_%d", d)
		ratio := fmt.Sprintf("moore_ratio_%d", d)
		if mb, ok := families.MooreBound(s.NetworkRadix, d); ok {
			out[name] = dataset.IntValue(mb)
			out[ratio] = dataset.FloatValue(float64(s.Routers) / float64(mb))
		} else {
			out[name], out[ratio] = dataset.Value{}, dataset.Value{}
		}
	}
	out["moore_avg_distance"] = dataset.Value{}
	if hist, ok := families.GeneralizedMooreHist(s.NetworkRadix, s.Routers); ok && s.Routers > 1 {
		var sum float64
		for t, c := range hist {
			sum += float64(t) * float64(c)
		}
		out["moore_avg_distance"] = dataset.FloatValue(sum / float64(s.Routers-1))
	}
	return out, nil
}

// computePaths evaluates the paths group: minimal-path counts.
func computePaths(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	ps, err := analysis.MinimalPaths(ctx, t.Graph, t.Conc, analysis.PathOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	out := metricValues{
		"paths_mean":          dataset.FloatValue(ps.Mean),
		"paths_max":           dataset.IntValue(int64(min(ps.Max, 1<<62))),
		"paths_hist":          dataset.StringValue(string(canonical(ps.Hist))),
		"endpoint_paths_mean": dataset.FloatValue(ps.EndpointMean),
		"endpoint_paths_max":  dataset.IntValue(int64(min(ps.EndpointMax, 1<<62))),
	}
	out["paths_mean_nonadjacent"], out["paths_max_nonadjacent"] = dataset.Value{}, dataset.Value{}
	if na := ps.NonAdjacent; na.Pairs > 0 {
		out["paths_mean_nonadjacent"] = dataset.FloatValue(na.Mean)
		out["paths_max_nonadjacent"] = dataset.IntValue(int64(min(na.Max, 1<<62)))
	}
	return out, nil
}

// computeLoad evaluates the load group: channel loads of uniform traffic
// under minimal routing.
func computeLoad(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	routing := analysis.SplitMinimal
	switch optString(c.opts, "load_routing") { // "native" is resolved by instanceOptions
	case "single":
		routing = analysis.SmallestNextHop
	case "group_minimal":
		routing = analysis.GroupMinimal
		if t.Group == nil {
			return nil, fmt.Errorf("load_routing \"group_minimal\" needs router groups, and family %s defines none", c.inst.Topology.Family.Name)
		}
	case "updown":
		if name := optString(c.opts, "load_traffic"); name != "" && name != "uniform" {
			return nil, fmt.Errorf("load_traffic %q: load_routing \"updown\" takes uniform traffic only", name)
		}
		return upDownLoad(ctx, t, workers)
	}
	if name := optString(c.opts, "load_traffic"); name != "" && name != "uniform" {
		if routing != analysis.SplitMinimal {
			return nil, fmt.Errorf("load_traffic %q: the load analysis of a traffic pattern splits flows over all minimal paths (load_routing \"split\"), not %q", name, optString(c.opts, "load_routing"))
		}
		return patternLoad(ctx, c, t, name)
	}
	ls, err := analysis.ChannelLoads(ctx, t.Graph, t.Conc, analysis.LoadOptions{Routing: routing, Groups: t.Group, Workers: workers})
	if err != nil {
		return nil, err
	}
	if ls.UnreachableFlows > 0 {
		if routing == analysis.GroupMinimal {
			return nil, fmt.Errorf("%d flows have no path crossing at most one link between groups (load_routing \"group_minimal\" suits hierarchical networks such as the Dragonfly)", ls.UnreachableFlows)
		}
		return nil, fmt.Errorf("the topology is disconnected (%d flows have no path)", ls.UnreachableFlows)
	}
	return metricValues{
		"load_avg":         dataset.FloatValue(ls.AvgLoad),
		"load_max":         dataset.FloatValue(ls.MaxLoad),
		"utilization":      dataset.FloatValue(ls.Utilization),
		"cost_k_over_u":    dataset.FloatValue(ls.CostRatio),
		"balanced_p":       dataset.FloatValue(ls.BalancedConc),
		"throughput_bound": dataset.FloatValue(ls.Throughput),
		"subscription":     subscription(t, ls.BalancedConc),
	}, nil
}

// nativeLoadRouting returns the load_routing that stands for a family's
// own minimal routing: a Dragonfly routes local-global-local (its only
// global hop is the link between the two groups), every other family over
// all of its minimal paths.
func nativeLoadRouting(family string) string {
	if family == "dragonfly" {
		return "group_minimal"
	}
	return "split"
}

// computeResilience evaluates the resilience group: random link failures
// sampled until the confidence intervals are narrow enough.
func computeResilience(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	var crit resilience.Criteria
	for _, name := range c.opts["criteria"].([]string) {
		switch name {
		case "disconnect":
			crit |= resilience.Disconnection
		case "diameter":
			crit |= resilience.DiameterIncrease
		case "avg_distance":
			crit |= resilience.AvgDistanceIncrease
		}
	}
	res, err := resilience.Analyze(ctx, t.Graph, t.Conc, resilience.Options{
		Step:       optFloat(c.opts, "resilience_step"),
		Width:      optFloat(c.opts, "resilience_width"),
		MinSamples: int(optInt(c.opts, "resilience_min_samples")),
		MaxSamples: int(optInt(c.opts, "resilience_max_samples")),
		Seed:       uint64(optInt(c.opts, "seed")),
		Workers:    workers,
		Criteria:   crit,
	})
	if err != nil {
		return nil, err
	}
	out := metricValues{"resilience_samples": dataset.IntValue(int64(res.Samples))}
	half := 0.0
	for _, m := range []struct {
		name string
		bit  resilience.Criteria
		v    resilience.Metric
	}{
		{"resilience_disconnect", resilience.Disconnection, res.Disconnect},
		{"resilience_diameter", resilience.DiameterIncrease, res.Diameter},
		{"resilience_avg_distance", resilience.AvgDistanceIncrease, res.AvgDistance},
	} {
		if crit&m.bit == 0 {
			out[m.name], out[m.name+"_step"] = dataset.Value{}, dataset.Value{}
			continue
		}
		out[m.name] = dataset.FloatValue(m.v.Mean)
		out[m.name+"_step"] = dataset.FloatValue(m.v.Step)
		half = max(half, m.v.HalfWidth)
	}
	out["resilience_halfwidth"] = dataset.FloatValue(half)
	return out, nil
}

// subscription is the mean number of endpoints of the routers that have
// endpoints over the balanced concentration (null when undefined).
func subscription(t *families.Topology, balanced float64) dataset.Value {
	var ep, routers int64
	for _, c := range t.Conc {
		if c > 0 {
			ep += int64(c)
			routers++
		}
	}
	if routers == 0 || balanced <= 0 {
		return dataset.Value{}
	}
	return dataset.FloatValue(float64(ep) / float64(routers) / balanced)
}

// computeBisection evaluates the bisection group: a balanced bisection of
// the routers weighted by their endpoints.
// computeSpectral evaluates the spectral group: the adjacency matrix's
// extremal eigenvalues (analysis.AdjacencySpectrum).
func computeSpectral(ctx context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
	s, err := analysis.AdjacencySpectrum(ctx, t.Graph, uint64(optInt(c.opts, "seed")))
	if err != nil {
		return nil, err
	}
	out := metricValues{
		"lambda1":         dataset.FloatValue(s.Lambda1),
		"lambda2":         dataset.FloatValue(s.Lambda2),
		"lambda_min":      dataset.FloatValue(s.Min),
		"spectral_gap":    dataset.FloatValue(s.Gap()),
		"spectrum_exact":  dataset.BoolValue(s.Exact),
		"ramanujan_ratio": {},
	}
	if d := t.Graph.MaxDegree(); d == t.Graph.MinDegree() && d >= 2 {
		bipartite := math.Abs(s.Min+s.Lambda1) < 1e-9*s.Lambda1
		out["ramanujan_ratio"] = dataset.FloatValue(s.SecondAbs(bipartite) / (2 * math.Sqrt(float64(d-1))))
	}
	return out, nil
}

// computeDisjoint evaluates the disjoint group: edge-disjoint paths
// between router pairs (analysis.EdgeDisjointPaths).
func computeDisjoint(ctx context.Context, c *Cell, t *families.Topology, _ int) (metricValues, error) {
	d, err := analysis.EdgeDisjointPaths(ctx, t.Graph, int(optInt(c.opts, "disjoint_samples")), uint64(optInt(c.opts, "seed")))
	if err != nil {
		return nil, err
	}
	return metricValues{
		"edge_disjoint_min":       dataset.IntValue(int64(d.Min)),
		"edge_disjoint_mean":      dataset.FloatValue(d.Mean),
		"edge_disjoint_at_degree": dataset.FloatValue(float64(d.MinDegreeBound) / float64(d.Pairs)),
		"edge_disjoint_pairs":     dataset.IntValue(int64(d.Pairs)),
	}, nil
}

// jellyfishSwaps is the double-edge swaps per link that draw a Jellyfish
// equivalent (analysis.JellyfishEquivalent): enough for the average
// distance to settle (10 swaps per link mix a random regular graph).
const jellyfishSwaps = 10

// computeJellyfish evaluates the jellyfish group: the distance statistics
// of a random graph with the topology's routers, degrees and endpoints.
func computeJellyfish(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	g, err := analysis.JellyfishEquivalent(ctx, t.Graph, jellyfishSwaps, uint64(optInt(c.opts, "seed")))
	if err != nil {
		return nil, err
	}
	st, err := graph.Distances(ctx, g, t.Conc, workers)
	if err != nil {
		return nil, err
	}
	return metricValues{
		"jellyfish_diameter":              dataset.IntValue(int64(st.Diameter)),
		"jellyfish_avg_distance":          dataset.FloatValue(st.AvgDistance()),
		"jellyfish_avg_endpoint_distance": dataset.FloatValue(st.AvgEndpointDistance()),
	}, nil
}

func computeBisection(ctx context.Context, c *Cell, t *families.Topology, workers int) (metricValues, error) {
	res, err := partition.Bisect(ctx, t.Graph, t.Conc, partition.Options{
		Starts:  int(optInt(c.opts, "bisection_starts")),
		Seed:    uint64(optInt(c.opts, "seed")),
		Workers: workers,
	})
	if err != nil {
		return nil, err
	}
	return metricValues{
		"bisection_links":     dataset.IntValue(res.Cut),
		"bisection_bandwidth": dataset.FloatValue(float64(res.Cut) * optFloat(c.opts, "link_gbps")),
	}, nil
}

// computeDistance evaluates the distance group on a built topology: one
// search per router orbit when the family declares its orbits
// (families.Family.Orbits; the same statistics), else one per router.
func computeDistance(ctx context.Context, fam *families.Family, v families.Values, t *families.Topology, workers int) (metricValues, error) {
	var st *graph.DistanceStats
	err := graph.ErrOrbitEndpoints
	if fam != nil && fam.Orbits != nil {
		if orbit := fam.Orbits(v, t); orbit != nil {
			st, err = graph.DistancesByOrbit(ctx, t.Graph, t.Conc, orbit, workers)
		}
	}
	// No declared orbits, or endpoint counts the symmetry does not keep
	// (per-router concentrations): one search per router.
	if errors.Is(err, graph.ErrOrbitEndpoints) {
		st, err = graph.Distances(ctx, t.Graph, t.Conc, workers)
	}
	if err != nil {
		return nil, err
	}
	if !st.Connected() {
		return nil, fmt.Errorf("the topology is disconnected (%d ordered router pairs have no path)", st.Unreachable)
	}
	epDiam := 0
	for d := len(st.EndpointHist) - 1; d > 0; d-- {
		if st.EndpointHist[d] > 0 {
			epDiam = d
			break
		}
	}
	radius, eccSum := int32(0), 0.0
	for i, e := range st.Ecc {
		if i == 0 || e < radius {
			radius = e
		}
		eccSum += float64(e)
	}
	out := metricValues{
		"diameter":               dataset.IntValue(int64(st.Diameter)),
		"endpoint_diameter":      dataset.IntValue(int64(epDiam)),
		"avg_distance":           dataset.FloatValue(st.AvgDistance()),
		"avg_endpoint_distance":  dataset.FloatValue(st.AvgEndpointDistance()),
		"radius":                 dataset.IntValue(int64(radius)),
		"avg_eccentricity":       dataset.FloatValue(eccSum / float64(len(st.Ecc))),
		"distance_hist":          dataset.StringValue(string(canonical(st.Hist))),
		"endpoint_distance_hist": dataset.StringValue(string(canonical(st.EndpointHist))),
		"moore_ratio":            {},
	}
	if mb, ok := families.MooreBound(int64(t.Graph.MaxDegree()), int64(st.Diameter)); ok {
		out["moore_ratio"] = dataset.FloatValue(float64(t.Graph.N()) / float64(mb))
	}
	return out, nil
}

// computeCost evaluates the cost group: package cost's model on the
// instance (its built topology t when the model needs the layout, else nil).
func computeCost(ctx context.Context, f *families.Family, p families.Values, m *CostModel, t *families.Topology) (metricValues, error) {
	sz, err := f.Size(p)
	if err != nil {
		return nil, err
	}
	b, err := cost.Evaluate(ctx, m.Model, f.Name, p, sz, t)
	if err != nil {
		return nil, err
	}
	return metricValues{
		"cost_total":         dataset.FloatValue(b.Total),
		"cost_per_endpoint":  dataset.FloatValue(b.PerEndpoint),
		"cost_routers":       dataset.FloatValue(b.RouterCost),
		"cost_cables":        dataset.FloatValue(b.CableCost),
		"power_total":        dataset.FloatValue(b.Power),
		"power_per_endpoint": dataset.FloatValue(b.PowerPerEndpoint),
		"electric_cables":    dataset.IntValue(b.ElectricCables),
		"fiber_cables":       dataset.IntValue(b.FiberCables),
		"endpoint_cables":    dataset.IntValue(b.EndpointCables),
		"electric_length":    dataset.FloatValue(b.ElectricLength),
		"fiber_length":       dataset.FloatValue(b.FiberLength),
		"racks":              dataset.IntValue(int64(b.Racks)),
		"rack_endpoints":     dataset.IntValue(b.RackEndpoints),
		"priced_radix":       dataset.IntValue(int64(b.Radix)),
	}, nil
}
