package eval

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/dataset"
)

// runSource writes src as name.hcl in a temporary directory, runs it and
// returns the graph and the results directory.
func runSource(t *testing.T, name, src string) (*Graph, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name+".hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g := load(t, nil, path)
	results := filepath.Join(dir, "results")
	runAll(t, g, results, 2)
	return g, results
}

// column returns the values of a dataset column as strings, by row.
func column(t *testing.T, tab *dataset.Table, name string) []string {
	t.Helper()
	c := tab.Column(name)
	if c == nil {
		t.Fatalf("no column %q in %v", name, tab.ColumnNames())
	}
	out := make([]string, c.Len())
	for i := range out {
		out[i] = c.Value(i).String()
	}
	return out
}

// TestBounds checks the Moore-bound metrics against SC14 section II-B3
// (k' = 96: MMS 8,192 routers vs the bound 9,217) and the
// Hoffman-Singleton graph, which attains the bound (50 routers, k' = 7).
func TestBounds(t *testing.T) {
	_, results := runSource(t, "bounds", `
topology "sf" {
  family = "slimfly"
  q      = [5, 64]
}
study "b" {
  topologies = [topology.sf]
  metrics    = ["routers", "network_radix", "moore_bound_2", "moore_ratio_2", "moore_bound_3", "moore_avg_distance"]
}
`)
	tab := readTable(t, filepath.Join(results, "bounds", "b.parquet"))
	for name, want := range map[string]string{
		"routers":       "50 8192",
		"network_radix": "7 96",
		"moore_bound_2": "50 9217",
		"moore_ratio_2": "1 " + ftoa(8192.0/9217),
		"moore_bound_3": "302 875617",
		// Generalized Moore graphs: 7 routers at distance 1 and 42 at 2
		// (91/49); 96 at 1 and 8,095 at 2 (16,286/8,191).
		"moore_avg_distance": ftoa(91.0/49) + " " + ftoa(16286.0/8191),
	} {
		if got := strings.Join(column(t, tab, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
}

func ftoa(x float64) string { return dataset.FloatValue(x).String() }

// TestDistanceMetrics checks the distance group's distribution and
// eccentricity metrics on the Hoffman-Singleton graph (Slim Fly q = 5: 7
// neighbours and 42 routers at distance 2 from each of the 50 routers) and on
// a 4 x 8 torus.
func TestDistanceMetrics(t *testing.T) {
	_, results := runSource(t, "dist", `
topology "sf" {
  family = "slimfly"
  q      = 5
  p      = 2
}
topology "t" {
  family = "torus"
  dims   = [4, 8]
}
study "d" {
  topologies = [topology.sf, topology.t]
  metrics    = ["diameter", "radius", "avg_eccentricity", "distance_hist", "endpoint_distance_hist", "moore_ratio"]
}
`)
	tab := readTable(t, filepath.Join(results, "dist", "d.parquet"))
	for name, want := range map[string]string{
		"diameter":         "2 6",
		"radius":           "2 6",
		"avg_eccentricity": "2 6",
		// 4 x 8 torus: from each router 4, 7, 8, 7, 4, 1 at distance 1..6.
		"distance_hist": "[0,350,2100] [0,128,224,256,224,128,32]",
		// 100 endpoints: 2 per router; pairs on one router: 50*2*1.
		"endpoint_distance_hist": "[100,1400,8400] [0,128,224,256,224,128,32]",
		// Moore bound for degree 4, diameter 6: 1 + 4(1 + 3 + ... + 3^5) = 1,457.
		"moore_ratio": "1 " + ftoa(32.0/1457),
	} {
		if got := strings.Join(column(t, tab, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
}

// TestBisection checks the bisection metrics against analytic widths:
// hypercube N/2 links, a k x k x k torus 2k^2, a k-ary 3-tree with endpoints
// as weights N/2; bandwidth at link_gbps = 40.
func TestBisection(t *testing.T) {
	_, results := runSource(t, "bis", `
topology "hc" {
  family = "hypercube"
  n      = 8
}
topology "t" {
  family = "torus"
  k      = 6
  n      = 3
}
topology "ft" {
  family = "fattree"
  p      = 4
}
study "b" {
  topologies = [topology.hc, topology.t, topology.ft]
  metrics    = ["endpoints", "bisection_links", "bisection_bandwidth"]
  analysis {
    link_gbps = 40
  }
}
`)
	tab := readTable(t, filepath.Join(results, "bis", "b.parquet"))
	for name, want := range map[string]string{
		"bisection_links":     "128 72 32",
		"bisection_bandwidth": "5120 2880 1280",
	} {
		if got := strings.Join(column(t, tab, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
}

// TestLoadAndPaths checks the load and path metrics on graphs with exact
// values: the Hoffman-Singleton graph (u = 1, unique minimal paths, k/u =
// 91/49 with one endpoint per router), demi-PN q = 3 (u = (2q^2+q+1) /
// (2q(q+1)) = 22/24, projective networks Theorem 3.10) and the 4-cube (u = 1;
// d! minimal paths between routers at distance d).
func TestLoadAndPaths(t *testing.T) {
	_, results := runSource(t, "load", `
topology "hs" {
  family = "slimfly"
  q      = 5
  p      = 1
}
topology "dpn" {
  family = "demi_pn"
  q      = 3
  p      = 1
}
topology "hc" {
  family = "hypercube"
  n      = 4
}
study "l" {
  topologies = [topology.hs, topology.dpn, topology.hc]
  metrics    = ["utilization", "cost_k_over_u", "paths_mean", "paths_max"]
}
study "single" {
  topologies = [topology.dpn]
  metrics    = ["utilization"]
  analysis {
    load_routing = "single"
  }
}
`)
	tab := readTable(t, filepath.Join(results, "load", "l.parquet"))
	// 4-cube: from a vertex, C(4,d) vertices at distance d with d! paths:
	// (4*1 + 6*2 + 4*6 + 1*24) / 15 = 64/15.
	u := tab.Column("utilization")
	for i, want := range []float64{1, 22.0 / 24, 1} {
		// Split loads are sums of fractions: exact up to float rounding.
		if got, _ := u.Value(i).Float64(); math.Abs(got-want) > 1e-12 {
			t.Errorf("row %d: utilization %v, want %v", i, got, want)
		}
	}
	for name, want := range map[string]string{
		"paths_mean": "1 1 " + ftoa(64.0/15),
		"paths_max":  "1 1 24",
	} {
		if got := strings.Join(column(t, tab, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if got := column(t, tab, "cost_k_over_u")[0]; got != ftoa(91.0/49) {
		t.Errorf("Hoffman-Singleton k/u = %s, want 91/49", got)
	}
	// demi-PN has unique minimal paths: one path and all paths agree.
	single := readTable(t, filepath.Join(results, "load", "single.parquet"))
	if got := column(t, single, "utilization")[0]; got != ftoa(22.0/24) {
		t.Errorf("demi-PN u with single-path routing = %s, want 22/24", got)
	}
}

// TestLiteralRows checks studies given as data: columns from the object
// attributes (sorted), kinds from the values, figures and expectations on
// them.
func TestLiteralRows(t *testing.T) {
	_, results := runSource(t, "lit", `
study "curve" {
  rows = concat(
    [for x in range(0, 31, 10) : { length = x, cable = "electric", cost = 0.4079 * x + 0.5771 }],
    [for x in range(0, 31, 10) : { length = x, cable = "optical", cost = 0.0919 * x + 7.2745 }],
  )
}
figure "f" {
  study  = study.curve
  x      = "length"
  y      = "cost"
  series = ["cable"]
}
table "t" {
  study = study.curve
  expect "e30" {
    where  = { cable = "electric", length = 30 }
    source = "SC14 section VI-B1: f(x) = 0.4079x + 0.5771"
    cost   = { value = 12.8141, abs = 1e-9 }
  }
  expect "off" {
    where   = { cable = "optical", length = 30 }
    enabled = false
    cost    = 0
  }
}
`)
	tab := readTable(t, filepath.Join(results, "lit", "curve.parquet"))
	if got := strings.Join(tab.ColumnNames(), " "); got != "cable cost length" {
		t.Errorf("columns %s", got)
	}
	if k := tab.Column("length").Kind; k != dataset.Int {
		t.Errorf("length kind %v, want Int", k)
	}
	if got := strings.Join(column(t, tab, "cable"), " "); got != "electric electric electric electric optical optical optical optical" {
		t.Errorf("cable = %s", got)
	}
	sc, err := os.ReadFile(filepath.Join(results, "lit", "scorecard.md"))
	if err != nil || !strings.Contains(string(sc), "Reproduced 1 of 1 published number.") {
		t.Errorf("scorecard: %v\n%s", err, sc)
	}
	if _, err := os.Stat(filepath.Join(results, "lit", "figures", "f.png")); err != nil {
		t.Error(err)
	}
}

// TestResilience checks the resilience metrics on a 20-router ring, where
// every sample is exact: one failed link (5%) leaves it connected, two
// disconnect it, and one failure already stretches the diameter from 10 to
// 19 and the average distance from 100/19 to 7.
func TestResilience(t *testing.T) {
	g, results := runSource(t, "res", `
topology "ring" {
  family = "torus"
  k      = 20
  n      = 1
}
study "r" {
  topologies = [topology.ring]
  metrics    = ["resilience_disconnect", "resilience_disconnect_step", "resilience_diameter", "resilience_avg_distance", "resilience_samples", "resilience_halfwidth"]
  analysis {
    resilience_min_samples = 12
  }
}
study "d" {
  topologies = [topology.ring]
  metrics    = ["resilience_disconnect"]
}
`)
	tab := readTable(t, filepath.Join(results, "res", "r.parquet"))
	for name, want := range map[string]string{
		"resilience_disconnect":      "0.05",
		"resilience_disconnect_step": "0.05",
		"resilience_diameter":        "0",
		"resilience_avg_distance":    "0",
		"resilience_samples":         "12",
		"resilience_halfwidth":       "0",
	} {
		if got := strings.Join(column(t, tab, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	// The second study needs only the disconnection criterion: its own cell.
	var ids []string
	for _, c := range g.Cells {
		if c.group == GroupResilience {
			ids = append(ids, c.ID+" "+strings.Join(c.opts["criteria"].([]string), ","))
		}
	}
	if got := strings.Join(ids, "; "); got != "resilience[resilience_min_samples=12]/ring/0 disconnect,diameter,avg_distance; resilience/ring/0 disconnect" {
		t.Errorf("resilience cells: %s", got)
	}
}

// TestFigureOverlay draws a literal study's rows over a topology study's.
func TestFigureOverlay(t *testing.T) {
	g, results := runSource(t, "ov", `
topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["network_radix", "routers"]
}
study "bound" {
  rows = [for k in range(5, 12) : { network_radix = k, routers = k * k + 1, label = "Moore bound" }]
}
figure "f" {
  study   = study.s
  overlay = [study.bound]
  x       = "network_radix"
  y       = "routers"
}
`)
	var fig *Cell
	for _, c := range g.Cells {
		if c.Kind == KindFigure {
			fig = c
		}
	}
	if fig == nil || len(fig.Inputs) != 2 || fig.Inputs[1].study.Name != "bound" {
		t.Fatalf("figure inputs %v", fig.Inputs)
	}
	if _, err := os.Stat(filepath.Join(results, "ov", "figures", "f.png")); err != nil {
		t.Error(err)
	}
	_, diags := loadSource(t, `
study "a" {
  rows = [{ x = 1, y = 2 }]
}
study "b" {
  rows = [{ x = 1, z = 2 }]
}
figure "f" {
  study   = study.a
  overlay = [study.b]
  x       = "x"
  y       = "y"
}
`, nil)
	if !strings.Contains(diags, `Overlay study "b" has no column "y"`) {
		t.Errorf("overlay without the plotted column: %q", diags)
	}
}

// TestStudyEnabled drops a disabled study with the figures and tables that
// draw on it, and removes it from overlays.
func TestStudyEnabled(t *testing.T) {
	exps, diags := loadSource(t, `
variable "on" {
  type    = bool
  default = false
}
study "a" {
  rows = [{ x = 1, y = 2 }]
}
study "b" {
  enabled = var.on
  rows    = [{ x = 1, y = 3 }]
}
figure "fa" {
  study   = study.a
  overlay = [study.b]
  x       = "x"
  y       = "y"
}
figure "fb" {
  study = study.b
  x     = "x"
  y     = "y"
}
table "tb" {
  study = study.b
}
`, nil)
	if diags != "no diagnostics" {
		t.Fatal(diags)
	}
	e := exps[0]
	if len(e.Studies) != 1 || len(e.Figures) != 1 || len(e.Tables) != 0 || len(e.Figures[0].Overlay) != 0 {
		t.Errorf("%d studies, %d figures, %d tables, overlay %v", len(e.Studies), len(e.Figures), len(e.Tables), e.Figures[0].Overlay)
	}
}

// TestAnalysisOptions checks that an analysis option enters only the cells
// of its group, and that cells computed with non-default options get their
// own IDs.
func TestAnalysisOptions(t *testing.T) {
	exps, _ := loadSource(t, `
topology "sf" {
  family = "slimfly"
  q      = 5
}
study "a" {
  topologies = [topology.sf]
  metrics    = ["routers", "moore_bound_2"]
}
study "b" {
  topologies = [topology.sf]
  metrics    = ["routers", "moore_bound_2"]
  analysis {
    load_routing = "single"
    seed         = 7
  }
}
`, nil)
	g := BuildGraph(exps)
	var ids []string
	for _, c := range g.Cells {
		if c.group != "" {
			ids = append(ids, c.ID)
		}
	}
	// size and bounds read no option: both studies share their cells.
	if got := strings.Join(ids, " "); got != "size/sf/0 bounds/sf/0" && got != "bounds/sf/0 size/sf/0" {
		t.Errorf("metric cells %s", got)
	}
	s := exps[0].Studies[1]
	if tag := s.optionTag(GroupLoad); tag != "load_routing=single" {
		t.Errorf("load tag %q", tag)
	}
	if tag := s.optionTag(GroupResilience); tag != "seed=7" {
		t.Errorf("resilience tag %q", tag)
	}
	if opts := s.groupOptions(GroupBisection); opts["seed"] != int64(7) || opts["link_gbps"] != 10.0 || opts["bisection_starts"] != int64(8) || len(opts) != 3 {
		t.Errorf("bisection options %v", opts)
	}
}

// TestNativeLoadRouting checks load_routing = "native": the Dragonfly (h =
// 2, a = 4, p = 2) is routed local-global-local, so its local channels carry
// 2ahp^2 + p^2 = 68 and its global ones (ap)^2 = 64, while the Slim Fly
// keeps split routing and shares its cell with a study that asks for split.
func TestNativeLoadRouting(t *testing.T) {
	src := `
topology "df" {
  family = "dragonfly"
  p      = 2
}
topology "sf" {
  family = "slimfly"
  q      = 5
  p      = 1
}
study "native" {
  topologies = [topology.df, topology.sf]
  metrics    = ["utilization"]
  analysis {
    load_routing = "native"
  }
}
study "split" {
  topologies = [topology.sf]
  metrics    = ["utilization"]
}
`
	exps, _ := loadSource(t, src, nil)
	var ids []string
	for _, c := range BuildGraph(exps).Cells {
		if c.group == GroupLoad {
			ids = append(ids, c.ID)
		}
	}
	slices.Sort(ids)
	if got := strings.Join(ids, " "); got != "load/sf/0 load[load_routing=group_minimal]/df/0" {
		t.Errorf("load cells %s", got)
	}
	_, results := runSource(t, "native", src)
	// Per router: 3 local channels (a - 1) at 68, 2 global (h) at 64.
	want := (3*68.0 + 2*64.0) / (5 * 68.0)
	u := readTable(t, filepath.Join(results, "native", "native.parquet")).Column("utilization")
	if got, _ := u.Value(0).Float64(); math.Abs(got-want) > 1e-12 {
		t.Errorf("Dragonfly u = %v, want %v", got, want)
	}
	if got, _ := u.Value(1).Float64(); math.Abs(got-1) > 1e-12 {
		t.Errorf("Hoffman-Singleton u = %v, want 1", got)
	}
}

// TestUpDownLoadRouting checks load_routing = "updown" on the 512-host
// Myrinet-Clos: from netsim's default root (a spine) a leaf of the root's
// block sends all of its 8 hosts' flows to the 504 hosts of other leaves
// over its up-link to the root, 4,032 flows, so throughput_bound is
// 511 / 4,032; the minimal-routing measures of the group stay empty, and a
// traffic pattern is refused.
func TestUpDownLoadRouting(t *testing.T) {
	src := `
topology "clos" {
  family = "myrinet_clos"
  hosts  = 512
}
study "updown" {
  topologies = [topology.clos]
  metrics    = ["load_max", "throughput_bound", "balanced_p"]
  analysis {
    load_routing = "updown"
  }
}
`
	_, results := runSource(t, "updown", src)
	tab := readTable(t, filepath.Join(results, "updown", "updown.parquet"))
	if got, _ := tab.Column("load_max").Value(0).Float64(); got != 4032 {
		t.Errorf("load_max = %v, want 4032", got)
	}
	if got, _ := tab.Column("throughput_bound").Value(0).Float64(); math.Abs(got-511.0/4032) > 1e-12 {
		t.Errorf("throughput_bound = %v, want 511/4032", got)
	}
	if v := tab.Column("balanced_p").Value(0); !v.IsNull() {
		t.Errorf("balanced_p = %v, want empty", v)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "pattern.hcl")
	pattern := strings.Replace(src, `load_routing = "updown"`, "load_routing = \"updown\"\n    load_traffic = \"transpose\"", 1)
	if err := os.WriteFile(path, []byte(pattern), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs []string
	results = filepath.Join(dir, "results")
	en := NewEngine(results, 2, ObserverFunc(func(e Event) {
		if e.Type == EventError {
			errs = append(errs, e.Error)
		}
	}))
	_, err := en.Run(context.Background(), MakePlan(load(t, nil, path), en.Store, results))
	if !errors.Is(err, ErrCellsFailed) || len(errs) == 0 || !strings.Contains(errs[0], `load_routing "updown" takes uniform traffic only`) {
		t.Errorf("transpose with updown: %v %q", err, errs)
	}
}

// TestDerivedMetrics checks the metrics derived from other metrics of a
// row when the dataset is assembled: router ports and cables per endpoint
// (SC15 Fig. 3) and bisection links per endpoint (SC15 Fig. 4), computed
// whether or not the study lists their inputs, without changing the keys
// of the cells they are derived from.
func TestDerivedMetrics(t *testing.T) {
	g, results := runSource(t, "derived", `
topology "ft2" {
  family = "fattree_sc14"
  k      = 4
  levels = 2
}
topology "oft" {
  family = "oft"
  k      = 3
}
topology "hc" {
  family = "hypercube"
  n      = 4
}
topology "sf" {
  family = "slimfly"
  q      = 13
  p      = [9, 10]
}
study "scale" {
  topologies = [topology.ft2, topology.oft, topology.hc, topology.sf]
  metrics    = ["ports_per_endpoint", "links_per_endpoint"]
}
study "bisection" {
  topologies = [topology.hc]
  metrics    = ["bisection_per_endpoint", "bisection_links"]
}
study "plain" {
  topologies = [topology.hc]
  metrics    = ["endpoints", "routers"]
}
`)
	scale := readTable(t, filepath.Join(results, "derived", "scale.parquet"))
	// FT-2 of radix 4: 6 routers, 8 endpoints, 8 links: 24/8 ports, 16/8
	// cables. 3-OFT: 21 routers of radix 6, 42 endpoints, 42 links.
	// Hypercube n = 4: 16 routers of radix 5, 16 endpoints, 32 links.
	// Slim Fly q = 13 (SC15 section 2.1.2): 338 routers, k' = 19, 3,211
	// links; p = 9: 3,042 endpoints, radix 28; p = 10: 3,380, radix 29.
	for name, want := range map[string]string{
		"ports_per_endpoint": "3 3 5 " + ftoa(338.0*28/3042) + " 2.9",
		"links_per_endpoint": "2 2 3 " + ftoa((3211.0+3042)/3042) + " 1.95",
	} {
		if got := strings.Join(column(t, scale, name), " "); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if names := scale.ColumnNames(); slices.Contains(names, "endpoints") || slices.Contains(names, "links") {
		t.Errorf("scale columns %v: the inputs of derived metrics are not columns unless listed", names)
	}
	bis := readTable(t, filepath.Join(results, "derived", "bisection.parquet"))
	// The 4-cube's bisection: 8 links for 16 endpoints, 1 per endpoint of
	// a half.
	if got := strings.Join(column(t, bis, "bisection_per_endpoint"), " ") + " " + strings.Join(column(t, bis, "bisection_links"), " "); got != "1 8" {
		t.Errorf("bisection_per_endpoint, bisection_links = %s, want 1 8", got)
	}
	// The size cell of hc serves all three studies, with the key it has
	// without derived metrics.
	var sizeCells []string
	for _, c := range g.Cells {
		if c.Kind == GroupSize && strings.Contains(c.ID, "/hc/") {
			sizeCells = append(sizeCells, c.ID)
			if !strings.Contains(string(c.Params), `"metrics":["endpoints","links","network_radix","radix","routers"]`) {
				t.Errorf("size cell %s: params %s list more than the size group's own metrics", c.ID, c.Params)
			}
		}
	}
	if len(sizeCells) != 1 {
		t.Errorf("size cells of hc: %v, want one shared cell", sizeCells)
	}
}
