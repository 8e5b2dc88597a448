package eval

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// meanSrc sweeps the hypercube of 16 routers unpermuted and partially
// permuted (cabinets of 4) over three seeds; table t merges the seeds.
const meanSrc = `
topology "hc" {
  family       = "hypercube"
  n            = 4
  permute      = ["none", "partial"]
  cabinet_size = 4
  seed         = [1, 2, 3]
}
study "s" {
  topologies = [topology.hc]
  metrics    = ["diameter", "avg_distance"]
}
table "t" {
  study     = study.s
  mean_over = ["seed"]
  columns   = ["permute", "diameter", "diameter_min", "diameter_max", "avg_distance", "avg_distance_ci95", "replicates"]
  expect "base" {
    where        = { permute = "none" }
    diameter     = 4
    diameter_max = 4
    avg_distance = { value = 2.1333, abs = 0.00005, why = "32/15 to four decimals" }
    replicates   = 3
  }
}
study "ring" {
  topologies = [topology.ring]
  metrics    = ["diameter", "avg_distance"]
}
topology "ring" {
  family  = "ring_random"
  routers = 16
  degree  = 4
  seed    = [1, 2]
}
figure "f" {
  study      = study.s
  overlay    = [study.ring]
  mean_over  = ["seed"]
  x          = "diameter"
  y          = "avg_distance"
  series     = ["permute"]
  error_bars = true
}
`

// TestMeanOverRun runs meanSrc: the table has one row per permutation,
// whose means, extremes and counts agree with the seeds' rows of the
// study's dataset; the expectation on the merged row holds; the figure,
// with an overlay whose seeds are merged too, renders.
func TestMeanOverRun(t *testing.T) {
	_, results := runSource(t, "mean", meanSrc)
	raw := readTable(t, filepath.Join(results, "mean", "s.parquet"))
	perm, avg := column(t, raw, "permute"), column(t, raw, "avg_distance")
	f, err := os.Open(filepath.Join(results, "mean", tablesDir, "t.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || strings.Join(rows[0], " ") != "permute diameter diameter_min diameter_max avg_distance avg_distance_ci95 replicates" {
		t.Fatalf("table %q", rows)
	}
	for _, row := range rows[1:] {
		var sum, lo, hi float64 = 0, math.Inf(1), math.Inf(-1)
		n := 0
		for i, p := range perm {
			if p == row[0] {
				x, _ := strconv.ParseFloat(avg[i], 64)
				sum, lo, hi, n = sum+x, min(lo, x), max(hi, x), n+1
			}
		}
		got, _ := strconv.ParseFloat(row[4], 64)
		if n != 3 || row[6] != "3" || math.Abs(got-sum/3) > 1e-12 || got < lo || got > hi {
			t.Errorf("%s: mean avg_distance %s over %s rows, want %g (%d seeds)", row[0], row[4], row[6], sum/3, n)
		}
	}
	data, err := os.ReadFile(filepath.Join(results, "mean", "scorecard.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sc struct{ Reproduced, Reproductions int }
	if err := json.Unmarshal(data, &sc); err != nil {
		t.Fatal(err)
	}
	if sc.Reproductions != 4 || sc.Reproduced != 4 {
		t.Errorf("scorecard: %d of %d hold, want 4 of 4", sc.Reproduced, sc.Reproductions)
	}
	if _, err := os.Stat(filepath.Join(results, "mean", figuresDir, "f.png")); err != nil {
		t.Error(err)
	}
}

// TestMeanOverDecode: mean_over exposes the merged columns to columns and
// expectations, hides the replicate column, and refuses metrics, unknown
// columns and clashes.
func TestMeanOverDecode(t *testing.T) {
	head := `
topology "hc" {
  family = "hypercube"
  n      = 4
  seed   = [1, 2]
}
study "s" {
  topologies = [topology.hc]
  metrics    = ["diameter"]
}
table "t" {
  study     = study.s
  mean_over = ["seed"]
`
	for _, c := range []struct{ body, want string }{
		{`columns = ["diameter_ci95", "replicates"]`, "no diagnostics"},
		{`columns = ["seed"]`, "Unknown column"},
		{`mean_over = ["diameter"]`, "Attribute redefined"},
	} {
		if _, errs := loadSource(t, head+c.body+"\n}\n", nil); !strings.Contains(errs, c.want) {
			t.Errorf("%s: diagnostics %q, want %q", c.body, errs, c.want)
		}
	}
	other := strings.Replace(head, `mean_over = ["seed"]`, `mean_over = ["diameter"]`, 1)
	if _, errs := loadSource(t, other+"}\n", nil); !strings.Contains(errs, "Invalid mean_over") {
		t.Errorf("metric: %q", errs)
	}
	other = strings.Replace(head, `mean_over = ["seed"]`, `mean_over = ["sed"]`, 1)
	if _, errs := loadSource(t, other+"}\n", nil); !strings.Contains(errs, "Unknown column") || !strings.Contains(errs, `"seed"`) {
		t.Errorf("unknown: %q", errs)
	}
}
