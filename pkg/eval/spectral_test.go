package eval

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestSpectralAndDisjoint computes the spectral and disjoint groups on
// graphs with known values: the 6-cube (eigenvalues 6, 4, ..., -6,
// bipartite; every pair joined by 6 edge-disjoint paths) and the
// Hoffman-Singleton graph, Slim Fly q = 5 (eigenvalues 7, 2 and -3;
// edge connectivity 7), and their Jellyfish equivalents.
func TestSpectralAndDisjoint(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "spec.hcl")
	src := `
topology "hc" {
  family = "hypercube"
  n      = 6
}
topology "hs" {
  family = "slimfly"
  q      = 5
}
study "s" {
  topologies = [topology.hc, topology.hs]
  metrics    = ["lambda1", "lambda2", "lambda_min", "spectral_gap", "ramanujan_ratio", "spectrum_exact",
                "edge_disjoint_min", "edge_disjoint_mean", "edge_disjoint_at_degree", "edge_disjoint_pairs",
                "avg_distance", "jellyfish_avg_distance", "jellyfish_diameter"]
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, exp), results, 2)
	tab := readTable(t, filepath.Join(results, "spec", "s.parquet"))
	want := map[string][2]float64{
		"lambda1":                 {6, 7},
		"lambda2":                 {4, 2},
		"lambda_min":              {-6, -3},
		"spectral_gap":            {2, 5},
		"ramanujan_ratio":         {4 / (2 * math.Sqrt(5)), 3 / (2 * math.Sqrt(6))},
		"edge_disjoint_min":       {6, 7},
		"edge_disjoint_mean":      {6, 7},
		"edge_disjoint_at_degree": {1, 1},
		"edge_disjoint_pairs":     {1000, 1000}, // 2,016 and 1,225 unordered pairs: 1,000 sampled
	}
	for col, w := range want {
		c := tab.Column(col)
		if c == nil {
			t.Fatalf("no column %s", col)
		}
		for r := range 2 {
			got, _ := c.Value(r).Float64()
			if math.Abs(got-w[r]) > 1e-9 {
				t.Errorf("%s row %d = %v, want %v", col, r, got, w[r])
			}
		}
	}
	// The Jellyfish equivalent of the 6-cube (a random 6-regular graph of
	// 64 routers) is closer on average than the cube (2.51 against
	// 3.05); the Hoffman-Singleton graph is a Moore graph, so no graph of
	// its degree and size does better.
	for r, name := range []string{"6-cube", "Hoffman-Singleton"} {
		own, _ := tab.Column("avg_distance").Value(r).Float64()
		jf, _ := tab.Column("jellyfish_avg_distance").Value(r).Float64()
		d, _ := tab.Column("jellyfish_diameter").Value(r).Float64()
		if r == 0 && (jf >= own || jf < 2.3 || d < 3) || r == 1 && (jf < own || d < 2) {
			t.Errorf("%s: average distance %.3f, Jellyfish equivalent %.3f (diameter %v)", name, own, jf, d)
		}
	}
	if c := tab.Column("spectrum_exact"); !c.Value(0).B || !c.Value(1).B {
		t.Error("spectra of 64 and 50 routers are not exact")
	}
}

// TestMCF computes the mcf group on the 4-cube with 4 endpoints per
// router under uniform traffic: edge-transitive, so the optimum is the
// distance bound, 64 channels / (16 x 32 hops x 16/63) = 0.4922; with
// mcf_max_routers below its size only the bound is computed.
func TestMCF(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "mcf.hcl")
	src := `
topology "hc" {
  family = "hypercube"
  n      = 4
  p      = 4
}
study "s" {
  topologies = [topology.hc]
  metrics    = ["mcf_throughput", "mcf_throughput_upper", "mcf_distance_bound"]
}
study "big" {
  topologies = [topology.hc]
  metrics    = ["mcf_throughput", "mcf_distance_bound"]
  analysis {
    mcf_max_routers = 8
  }
}
study "perm" {
  topologies = [topology.hc]
  metrics    = ["mcf_throughput", "mcf_throughput_upper", "mcf_distance_bound"]
  analysis {
    mcf_traffic = "random_permutation"
  }
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, exp), results, 2)
	bound := 64 / (16 * 32 * 16 / 63.0)
	tab := readTable(t, filepath.Join(results, "mcf", "s.parquet"))
	lo, _ := tab.Column("mcf_throughput").Value(0).Float64()
	hi, _ := tab.Column("mcf_throughput_upper").Value(0).Float64()
	db, _ := tab.Column("mcf_distance_bound").Value(0).Float64()
	if math.Abs(db-bound) > 1e-12 || math.Abs(hi-bound) > 1e-9 || lo > bound+1e-12 || lo < bound*math.Pow(0.9, 3) {
		t.Errorf("mcf %v .. %v, bound %v; want the optimum %v bracketed", lo, hi, db, bound)
	}
	// A random permutation: a bracket below the distance bound.
	perm := readTable(t, filepath.Join(results, "mcf", "perm.parquet"))
	plo, _ := perm.Column("mcf_throughput").Value(0).Float64()
	phi, _ := perm.Column("mcf_throughput_upper").Value(0).Float64()
	pdb, _ := perm.Column("mcf_distance_bound").Value(0).Float64()
	if plo <= 0 || plo > phi*(1+1e-9) || phi > pdb*(1+1e-9) || phi > plo/math.Pow(0.9, 3) {
		t.Errorf("random permutation: mcf %v .. %v, distance bound %v", plo, phi, pdb)
	}
	big := readTable(t, filepath.Join(results, "mcf", "big.parquet"))
	db2, _ := big.Column("mcf_distance_bound").Value(0).Float64()
	if !big.Column("mcf_throughput").Value(0).IsNull() || math.Abs(db2-bound) > 1e-12 {
		t.Errorf("beyond mcf_max_routers: throughput %v, bound %v", big.Column("mcf_throughput").Value(0), db2)
	}
}
