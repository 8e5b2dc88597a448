package eval

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/runexp/runexp/pkg/traffic"
)

// An analysis option tunes how a metric group is computed. A study sets
// options in its `analysis` block; a metric cell's parameters hold only the
// options of its own group, so changing one option reruns exactly the cells
// that use it.
type analysisOption struct {
	Name    string
	Kind    string // "int", "number" or "string"
	Default any    // int64, float64 or string
	Min     float64
	Max     float64
	Choices []string
	Groups  []string // metric groups that read the option
	Doc     string
	// keyOmitsDefault leaves the option out of the cells' parameters at
	// its default: an option added after cells were cached, whose default
	// is what those cells computed.
	keyOmitsDefault bool
}

// analysisOptions returns the options of the `analysis` block.
func analysisOptions() []analysisOption {
	return []analysisOption{
		{Name: "seed", Kind: "int", Default: int64(1), Min: 0, Max: math.MaxInt64,
			Groups: []string{GroupBisection, GroupResilience, GroupSpectral, GroupDisjoint, GroupJellyfish},
			Doc:    "seed of the randomized analyses (bisection starts, failure samples, the Lanczos start vector, the sampled router pairs of edge-disjoint paths, the Jellyfish equivalent's wiring); each cell derives its streams from it"},
		{Name: "mcf_traffic", Kind: "string", Default: "uniform", Choices: traffic.Names(),
			Groups: []string{GroupMCF},
			Doc:    "traffic matrix of the maximum concurrent flow: \"uniform\" (every endpoint spreads its unit of injection evenly over the other endpoints) or a fixed pattern of pkg/traffic (random_permutation, worst_case, transpose, ...: every endpoint sends its unit to its destination)"},
		{Name: "mcf_epsilon", Kind: "number", Default: 0.1, Min: 0.01, Max: 0.5,
			Groups: []string{GroupMCF},
			Doc:    "accuracy of the maximum concurrent flow: the feasible flow is within (1 - epsilon)^3 of the optimum; the work grows as 1/epsilon^2"},
		{Name: "mcf_max_routers", Kind: "int", Default: int64(256), Min: 2, Max: 1 << 20,
			Groups: []string{GroupMCF},
			Doc:    "largest network whose concurrent flow is computed (a Dijkstra search per router and phase, about ln(channels)/epsilon^2 phases: seconds at 100 routers, minutes at 500); larger ones get only mcf_distance_bound"},
		{Name: "disjoint_samples", Kind: "int", Default: int64(1000), Min: 1, Max: 1 << 24,
			Groups: []string{GroupDisjoint},
			Doc:    "router pairs whose edge-disjoint paths are counted: every unordered pair when there are at most this many, else this many distinct pairs drawn with the seed"},
		{Name: "load_routing", Kind: "string", Default: "split", Choices: []string{"split", "single", "group_minimal", "native", "updown"},
			Groups: []string{GroupLoad},
			Doc:    "minimal routing of the link-load analysis: \"split\" spreads each flow evenly over all minimal paths, \"single\" sends it along one deterministic minimal path (smallest next-hop id), \"group_minimal\" spreads it over the shortest paths that cross at most one link between the family's groups (a Dragonfly's local-global-local minimal routing; families without groups are refused), \"native\" uses each family's own minimal routing: group_minimal for the Dragonfly (as Kim et al. and the projective networks paper route it), split for every other family; \"updown\" is not minimal: it routes as the simulator's up*/down* routing \"updown\" does (from its default root, a graph center; shortest legal routes, each router splitting what it forwards evenly among its next hops on them), uniform traffic only, and fills load_avg, load_max, utilization and throughput_bound (the others stay empty): the throughput that up*/down*'s busiest channel allows"},
		{Name: "load_traffic", Kind: "string", Default: "uniform", Choices: traffic.Names(),
			Groups: []string{GroupLoad}, keyOmitsDefault: true,
			Doc: "traffic of the link-load analysis: \"uniform\" (every ordered pair of endpoints on different routers sends one unit) or a fixed pattern of pkg/traffic (worst_case, transpose, bit_reversal, random_permutation, ...: every endpoint sends one unit to its destination), routed as load_routing says (split only); load_max is then the most units on one channel and throughput_bound = min(1, 1/load_max), the accepted fraction of the injection rate that the busiest channel allows (SC15 section 4.2: 1/(2p) for the Slim Fly's worst case, 1/h and 1/k for the MLFM and the OFT); utilization, cost_k_over_u, balanced_p and subscription are uniform-traffic measures and stay empty"},
		{Name: "link_gbps", Kind: "number", Default: 10.0, Min: 0, Max: math.MaxFloat64,
			Groups: []string{GroupBisection},
			Doc:    "bandwidth of one link in Gb/s for bisection_bandwidth (SC14 Fig. 5c uses 10 Gb/s)"},
		{Name: "bisection_starts", Kind: "int", Default: int64(8), Min: 1, Max: 1 << 16,
			Groups: []string{GroupBisection},
			Doc:    "independent seeded runs of the multilevel bisection; the smallest cut wins"},
		{Name: "resilience_step", Kind: "number", Default: 0.05, Min: 1e-6, Max: 1,
			Groups: []string{GroupResilience},
			Doc:    "fraction of the links that fail per step (SC14 section III-D: 5%)"},
		{Name: "resilience_width", Kind: "number", Default: 0.02, Min: 1e-6, Max: 1,
			Groups: []string{GroupResilience},
			Doc:    "sampling stops when the 95% confidence interval of every requested resilience metric is narrower than this (a fraction: 0.02 = SC14's 2 percentage points)"},
		{Name: "resilience_min_samples", Kind: "int", Default: int64(10), Min: 2, Max: 1 << 30,
			Groups: []string{GroupResilience},
			Doc:    "failure samples drawn at least"},
		{Name: "resilience_max_samples", Kind: "int", Default: int64(1000), Min: 2, Max: 1 << 30,
			Groups: []string{GroupResilience},
			Doc:    "failure samples drawn at most (the confidence interval may then be wider than resilience_width)"},
	}
}

// groupOptions returns the study's option values read by group: every
// option of the group, defaults filled in, for the cell parameters. The
// resilience group also records which criteria the study's metrics need
// (the diameter and average-distance criteria cost all-pairs searches).
func (s *Study) groupOptions(group string) map[string]any {
	out := map[string]any{}
	if group == GroupResilience {
		out["criteria"] = resilienceCriteria(s.Metrics)
	}
	for _, o := range analysisOptions() {
		if slices.Contains(o.Groups, group) {
			v, ok := s.Analysis[o.Name]
			if !ok {
				v = o.Default
			}
			if o.keyOmitsDefault && v == o.Default {
				continue
			}
			out[o.Name] = v
			if name, ok := v.(string); ok && o.Name == "load_traffic" && traffic.Revision(name) > 1 {
				// A pattern whose definition changed: its earlier cells rerun.
				out["load_traffic_revision"] = traffic.Revision(name)
			}
		}
	}
	return out
}

// optionTag lists the study's options of group that differ from their
// defaults ("load_routing=single"), to tell apart the cells of one instance
// computed with different options; "" when all are defaults.
func (s *Study) optionTag(group string) string { return optionTag(group, s.groupOptions(group)) }

// optionTag lists the options of group in opts that differ from their
// defaults.
func optionTag(group string, opts map[string]any) string {
	var tags []string
	for _, o := range analysisOptions() {
		if v, ok := opts[o.Name]; ok && slices.Contains(o.Groups, group) && v != o.Default {
			tags = append(tags, fmt.Sprintf("%s=%v", o.Name, v))
		}
	}
	return strings.Join(tags, ",")
}

// instanceOptions returns the study's options of group for one instance:
// load_routing = "native" becomes the family's own routing, so the cells of
// other families share their cache with the plain "split" ones.
func (s *Study) instanceOptions(group string, in *Instance) map[string]any {
	opts := s.groupOptions(group)
	if group == GroupLoad && opts["load_routing"] == "native" {
		opts["load_routing"] = nativeLoadRouting(in.Topology.Family.Name)
	}
	return opts
}

// optInt, optFloat and optString read an option from a cell's option map.
func optInt(opts map[string]any, name string) int64 {
	i, _ := opts[name].(int64)
	return i
}

func optFloat(opts map[string]any, name string) float64 {
	f, _ := opts[name].(float64)
	return f
}

func optString(opts map[string]any, name string) string {
	s, _ := opts[name].(string)
	return s
}

// decodeAnalysis decodes a study's `analysis` block into option values.
func (d *decoder) decodeAnalysis(b *hclsyntax.Block) map[string]any {
	opts := analysisOptions()
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	d.checkBody(b.Body, "an analysis block", names)
	out := map[string]any{}
	for _, o := range opts {
		a, ok := b.Body.Attributes[o.Name]
		if !ok {
			continue
		}
		switch o.Kind {
		case "string":
			s, ok := d.stringAttr(a, nil)
			if !ok {
				continue
			}
			if len(o.Choices) > 0 && !slices.Contains(o.Choices, s) {
				d.errorf(a.Expr.Range(), "Invalid value", "%s must be one of %s, got %q.%s", o.Name, quoteAll(o.Choices), s, didYouMean(s, o.Choices))
				continue
			}
			out[o.Name] = s
		case "int":
			if x, ok := d.intAttr(a, floatBound(o.Min), floatBound(o.Max)); ok {
				out[o.Name] = x
			}
		default:
			x, ok := d.numberAttr(a)
			if !ok {
				continue
			}
			if x < o.Min || x > o.Max {
				d.errorf(a.Expr.Range(), "Invalid value", "%s = %g is outside [%g, %g].", o.Name, x, o.Min, o.Max)
				continue
			}
			out[o.Name] = x
		}
	}
	if lo, hi := out["resilience_min_samples"], out["resilience_max_samples"]; lo != nil && hi != nil && lo.(int64) > hi.(int64) {
		d.errorf(b.Body.Attributes["resilience_min_samples"].Expr.Range(), "Invalid value", "resilience_min_samples = %d exceeds resilience_max_samples = %d.", lo, hi)
	}
	return out
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

// resilienceCriteria returns the resilience criteria that metrics need, in
// a fixed order: "disconnect", "diameter", "avg_distance".
func resilienceCriteria(metrics []*Metric) []string {
	need := map[string]bool{}
	for _, m := range metrics {
		if m.Group != GroupResilience {
			continue
		}
		switch {
		case strings.HasPrefix(m.Name, "resilience_diameter"):
			need["diameter"] = true
		case strings.HasPrefix(m.Name, "resilience_avg_distance"):
			need["avg_distance"] = true
		default:
			need["disconnect"] = true
		}
	}
	var out []string
	for _, c := range []string{"disconnect", "diameter", "avg_distance"} {
		if need[c] {
			out = append(out, c)
		}
	}
	return out
}
