package eval

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rangeSrc sweeps tori of 3..8 routers per dimension; table t keeps the
// ones of 16 to 49 routers (k = 4..7) with where = { routers = { min, max }
// }, table lo those of at most 25 with a min-less range and k = 5 or 6
// besides, and the figure draws the same range.
const rangeSrc = `
topology "t" {
  family = "torus"
  k      = [3, 4, 5, 6, 7, 8]
  n      = 2
}
study "s" {
  topologies = [topology.t]
  metrics    = ["routers", "diameter"]
}
table "t" {
  study   = study.s
  columns = ["k", "routers"]
  where   = { routers = { min = 16, max = 49 } }
  expect "k8" {
    where   = { k = 8 }
    routers = 64
  }
}
table "lo" {
  study   = study.s
  columns = ["k", "routers"]
  where   = { routers = { max = 25 }, k = [5, 6] }
}
figure "f" {
  study = study.s
  x     = "routers"
  y     = "diameter"
  where = { routers = { min = 16 } }
}
`

func TestWhereRange(t *testing.T) {
	_, results := runSource(t, "rng", rangeSrc)
	for _, c := range []struct {
		table string
		want  string // k values, in order
	}{{"t", "4 5 6 7"}, {"lo", "5"}} {
		f, err := os.Open(filepath.Join(results, "rng", tablesDir, c.table+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var ks []string
		for _, r := range rows[1:] {
			ks = append(ks, r[0])
		}
		if got := strings.Join(ks, " "); got != c.want {
			t.Errorf("table %s: k = %s, want %s", c.table, got, c.want)
		}
	}
	// The expectation sees the whole study: k = 8 is outside the range.
	data, err := os.ReadFile(filepath.Join(results, "rng", "scorecard.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "Reproduced 1 of 1") {
		t.Errorf("scorecard:\n%s", data)
	}
}

func TestWhereRangeErrors(t *testing.T) {
	head := strings.SplitAfter(rangeSrc, "}\n")[0] + `study "s" {
  topologies = [topology.t]
  metrics    = ["routers", "diameter"]
}
`
	for _, c := range []struct{ name, block, want string }{
		{"min above max", `table "x" {
  study = study.s
  where = { routers = { min = 50, max = 10 } }
}`, "x.hcl:13,11-47: Invalid where; where.routers: min 50 is above max 10."},
		{"no bound", `table "x" {
  study = study.s
  where = { routers = {} }
}`, "where.routers: a range needs min, max or both"},
		{"unknown bound", `table "x" {
  study = study.s
  where = { routers = { low = 3 } }
}`, "where.routers.low: a range takes min and max only."},
		{"not a number", `table "x" {
  study = study.s
  where = { routers = { min = "a" } }
}`, "where.routers.min must be a number"},
		{"string column", `table "x" {
  study = study.s
  where = { topology = { min = 1 } }
}`, `Column "topology" of study "s" holds string values`},
		{"expectation", `table "x" {
  study = study.s
  expect "e" {
    where   = { routers = { min = 1 } }
    routers = 9
  }
}`, "a range { min = ..., max = ... } filters the rows of a figure or table, not an expectation"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errs := loadSource(t, head+c.block+"\n", nil)
			if !strings.Contains(errs, c.want) {
				t.Errorf("errors %q, want %q", errs, c.want)
			}
		})
	}
}
