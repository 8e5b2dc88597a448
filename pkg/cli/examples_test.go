package cli

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestExampleCheapest runs experiments/examples/cheapest.hcl: with routers
// of at most 64 ports, the Slim Fly is the cheapest per endpoint at about
// 20,000 endpoints under the SC14 cost model, and only the Dragonfly
// among the eight families reaches about 100,000; every row of a table
// lies in its band and fits the radix.
func TestExampleCheapest(t *testing.T) {
	results := filepath.Join(t.TempDir(), "results")
	code, _, stderr := runexp(t, context.Background(), "run", "--results", results, filepath.Join("..", "..", "experiments", "examples", "cheapest.hcl"))
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, c := range []struct {
		table    string
		min, max int
		first    string
		families string // the labels present, sorted
	}{
		{"cheapest_20k", 15000, 30000, "Slim Fly", "Dragonfly, Fat tree (3 levels), HyperX (3D), MLFM, OFT, PN, Slim Fly, demi-PN (PolarFly)"},
		{"cheapest_100k", 75000, 130000, "Dragonfly", "Dragonfly"},
	} {
		f, err := os.Open(filepath.Join(results, "cheapest", "tables", c.table+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rows[0], " ") != "label endpoints routers radix cost_per_endpoint power_per_endpoint cost_method" || len(rows) < 2 {
			t.Fatalf("%s: %q", c.table, rows)
		}
		if rows[1][0] != c.first {
			t.Errorf("%s: cheapest %s, want %s", c.table, rows[1][0], c.first)
		}
		seen := map[string]bool{}
		for _, r := range rows[1:] {
			seen[r[0]] = true
			e, err1 := strconv.Atoi(r[1])
			k, err2 := strconv.Atoi(r[3])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: row %q", c.table, r)
			}
			if e < c.min || e > c.max || k > 64 {
				t.Errorf("%s: %s with %d endpoints and radix %d", c.table, r[0], e, k)
			}
			// SC14's model prices Dragonflies and fat trees from formulas
			// and lays the others out.
			want := "layout"
			if r[0] == "Dragonfly" || strings.HasPrefix(r[0], "Fat tree") {
				want = "formula"
			}
			if r[6] != want {
				t.Errorf("%s: %s priced by %s, want %s", c.table, r[0], r[6], want)
			}
		}
		var labels []string
		for l := range seen {
			labels = append(labels, l)
		}
		slices.Sort(labels)
		if got := strings.Join(labels, ", "); got != c.families {
			t.Errorf("%s: families %s, want %s", c.table, got, c.families)
		}
	}
	report, err := os.ReadFile(filepath.Join(results, "cheapest", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if row := "| cost  | sc14       | demi\\_pn, hyperx, mlfm, oft, pn, slimfly | dragonfly, fattree   |"; !strings.Contains(string(report), row) {
		t.Errorf("report.md lacks the pricing row %s:\n%s", row, report)
	}
}

// TestBeyond runs experiments/beyond.hcl: its five expectations hold (the
// Moore-bound efficiencies of PolarFly and Slim Fly, Spectralfly's
// Ramanujan bound), the 10,000-endpoint band holds every family, and at
// 100,000 endpoints with 64 ports only the diameter-3 families remain.
func TestBeyond(t *testing.T) {
	results := filepath.Join(t.TempDir(), "results")
	code, _, stderr := runexp(t, context.Background(), "run", "--results", results, filepath.Join("..", "..", "experiments", "beyond.hcl"))
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	sc, err := os.ReadFile(filepath.Join(results, "beyond", "scorecard.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sc), "Reproduced 5 of 5 published numbers; 2 of 2 configuration checks hold.") {
		t.Errorf("scorecard:\n%s", sc)
	}
	for table, want := range map[string]string{
		"compare_10k":  "Bundlefly, Dragonfly, HyperX (2D), MLFM, Megafly, OFT, PN, PolarFly, PolarStar (IQ), Slim Fly, Spectralfly",
		"compare_100k": "Bundlefly, Dragonfly, Megafly, PolarStar (IQ), Spectralfly",
	} {
		f, err := os.Open(filepath.Join(results, "beyond", "tables", table+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(rows) < 2 {
			t.Fatalf("%s: %q %v", table, rows, err)
		}
		seen := map[string]bool{}
		for _, r := range rows[1:] {
			seen[r[0]] = true
			if k, _ := strconv.Atoi(r[3]); k > 64 {
				t.Errorf("%s: %s with radix %d", table, r[0], k)
			}
		}
		var labels []string
		for l := range seen {
			labels = append(labels, l)
		}
		slices.Sort(labels)
		if got := strings.Join(labels, ", "); got != want {
			t.Errorf("%s: families %s, want %s", table, got, want)
		}
	}
}
