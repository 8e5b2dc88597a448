// Package duckdb_test reads the quickstart's results with DuckDB, through
// the Go binding (cgo, a prebuilt static DuckDB library). It is a module of
// its own so that the main module does not depend on cgo or DuckDB; CI runs
// it with `(cd interop/duckdb && go test ./...)`.
//
// The queries are those of docs/reading-results.md: a change there should
// be made here too, and the other way round.
package duckdb_test

import (
	"context"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver
)

// repoRoot is the main module's directory, seen from this one.
const repoRoot = "../.."

// runQuickstart runs experiments/quickstart.hcl with the runexp of the
// main module (go run, from its directory) into a new results directory,
// and returns the quickstart's output directory.
func runQuickstart(t *testing.T) string {
	t.Helper()
	return runExperiment(t, "experiments/quickstart.hcl")
}

// runExperiment runs the experiment file (relative to the main module)
// with the runexp of the main module into a new results directory, and
// returns the experiment's output directory.
func runExperiment(t *testing.T, file string) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build runexp: %v", err)
	}
	results := filepath.Join(t.TempDir(), "results")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goCmd, "run", "./cmd/runexp", "run", "--quiet", "--results", results, file)
	cmd.Dir = repoRoot
	// Build the main module on its own terms, whatever this module's
	// test was started with.
	cmd.Env = append(os.Environ(), "GOWORK=off")
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("runexp run %s: %v\n%s", file, err, out)
	}
	t.Logf("go run ./cmd/runexp run %s: %.1fs", file, time.Since(start).Seconds())
	return filepath.Join(results, strings.TrimSuffix(filepath.Base(file), ".hcl"))
}

// quote returns s as a SQL string literal.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// query runs q and returns its rows, every value formatted with %v
// (NULL as "NULL"), one row a line, columns separated by " | ".
func query(t *testing.T, db *sql.DB, q string) string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s\n%v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("%s\n%v", q, err)
		}
		line := make([]string, len(cols))
		for i, v := range vals {
			line[i] = "NULL"
			if v.Valid {
				line[i] = v.String
			}
		}
		out = append(out, strings.Join(line, " | "))
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s\n%v", q, err)
	}
	return strings.Join(out, "\n")
}

// TestQuickstartWithDuckDB runs the quickstart and reads its two datasets,
// fig1.parquet and paper_sizes.parquet, with DuckDB: values, the units and
// docs of the Parquet key/value metadata, and a join of both datasets.
func TestQuickstartWithDuckDB(t *testing.T) {
	dir := runQuickstart(t)
	db, err := sql.Open("duckdb", "") // in memory
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The datasets as views, named as in the docs.
	fig1 := quote(filepath.Join(dir, "fig1.parquet"))
	sizes := quote(filepath.Join(dir, "paper_sizes.parquet"))
	for _, v := range []string{
		"CREATE VIEW fig1 AS SELECT * FROM read_parquet(" + fig1 + ")",
		"CREATE VIEW paper_sizes AS SELECT * FROM read_parquet(" + sizes + ")",
	} {
		if _, err := db.Exec(v); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}

	t.Logf("DuckDB %s", query(t, db, "SELECT version()"))
	checks := []struct {
		name, q, want string
	}{
		// The whole dataset: 54 networks of six topologies.
		{"count", "SELECT count(*), count(DISTINCT topology) FROM read_parquet(" + fig1 + ")", "54 | 6"},
		// The column names and types: identity columns, family
		// parameters, then metrics.
		{"describe", "SELECT string_agg(column_name || ' ' || column_type, ', ') FROM (DESCRIBE SELECT * FROM fig1)",
			"topology VARCHAR, label VARCHAR, family VARCHAR, k BIGINT, n BIGINT, p BIGINT, max_radix BIGINT, dims BIGINT[], " +
				"permute VARCHAR, cabinet_size BIGINT, seed BIGINT, levels BIGINT, a BIGINT, h BIGINT, g BIGINT, q BIGINT, " +
				"endpoints BIGINT, routers BIGINT, radix BIGINT, diameter BIGINT, avg_endpoint_distance DOUBLE"},
		// The Hoffman-Singleton graph: Slim Fly q = 5.
		{"slimfly q=5", "SELECT label, p, routers, endpoints, diameter, round(avg_endpoint_distance, 4) FROM fig1 WHERE topology = 'sf' AND q = 5",
			"Slim Fly | 4 | 50 | 200 | 2 | 1.8291"},
		{"per topology", "SELECT label, count(*), max(endpoints), min(avg_endpoint_distance) < 2 FROM fig1 GROUP BY label ORDER BY label",
			"Dragonfly | 4 | 2550 | false\nFat tree (3 levels) | 15 | 4913 | false\nHypercube | 9 | 4096 | false\n" +
				"Slim Fly | 8 | 3380 | true\nTorus 3D | 15 | 4913 | false\nTorus 5D | 3 | 3125 | false"},
		// Units and docs, as plain key/value metadata (DuckDB returns
		// keys and values as BLOBs: decode makes them text).
		{"unit", "SELECT decode(value) FROM parquet_kv_metadata(" + fig1 + ") WHERE decode(key) = 'runexp:unit:avg_endpoint_distance'", "hops"},
		{"units", `SELECT string_agg(substr(decode(key), length('runexp:unit:') + 1) || ' [' || decode(value) || ']', ', ' ORDER BY decode(key))
			FROM parquet_kv_metadata(` + fig1 + `) WHERE starts_with(decode(key), 'runexp:unit:')`,
			"avg_endpoint_distance [hops], diameter [hops], endpoints [endpoints], radix [ports], routers [routers]"},
		{"doc", "SELECT decode(value) FROM parquet_kv_metadata(" + fig1 + ") WHERE decode(key) = 'runexp:doc:diameter'",
			"largest router-to-router distance (in router-to-router links)"},
		{"columns json", `SELECT json_extract_string(decode(value), '$.diameter.unit'), json_extract_string(decode(value), '$.label.doc')
			FROM parquet_kv_metadata(` + fig1 + `) WHERE decode(key) = 'runexp:columns'`, "hops | topology display label"},
		{"table metadata", "SELECT decode(value) FROM parquet_kv_metadata(" + fig1 + ") WHERE decode(key) = 'runexp.title'",
			"Average hops under uniform traffic vs network size"},
		// A join of two datasets of the study: the paper's full-size
		// networks against the largest of the Fig. 1 sweep.
		{"join", `SELECT s.label, s.endpoints, max(f.endpoints), s.diameter = max(f.diameter)
			FROM paper_sizes s JOIN fig1 f USING (label)
			GROUP BY s.label, s.endpoints, s.diameter ORDER BY s.label`,
			"Dragonfly | 9702 | 2550 | true\nFat tree (3 levels) | 10648 | 4913 | true\nSlim Fly | 10830 | 3380 | true"},
		// The tables' CSV files and the scorecard.
		{"csv", "SELECT count(*), max(endpoints), max(avg_endpoint_distance) FILTER (WHERE label = 'Slim Fly') FROM read_csv(" + quote(filepath.Join(dir, "tables", "fig1.csv")) + ")",
			"54 | 4913 | 1.9384433264279373"},
		{"scorecard", "SELECT experiment, passed, total FROM read_json(" + quote(filepath.Join(dir, "scorecard.json")) + ")", "quickstart | 20 | 20"},
		{"scorecard results", `SELECT r.name, r.column, r.kind, r.want, r.got, r.ok
			FROM (SELECT unnest(results) AS r FROM read_json(` + quote(filepath.Join(dir, "scorecard.json")) + `))
			WHERE r.name = 'sf_q13' ORDER BY r.column`,
			"sf_q13 | diameter | reproduction | 2 | 2 | true\nsf_q13 | endpoints | check | 3380 | 3380 | true\nsf_q13 | routers | check | 338 | 338 | true"},
		// Both datasets at once, with the file name as a column.
		{"glob", "SELECT parse_filename(filename, true), count(*) FROM read_parquet(" + quote(filepath.Join(dir, "*.parquet")) + ", union_by_name = true, filename = true) GROUP BY ALL ORDER BY 1",
			"fig1 | 54\npaper_sizes | 3"},
	}
	for _, c := range checks {
		if got := query(t, db, c.q); got != c.want {
			t.Errorf("%s: %s\ngot:\n%s\nwant:\n%s", c.name, c.q, got, c.want)
		}
	}
}

// TestListColumns reads a list parameter (a torus's dims) as a DuckDB
// list, null where the torus is given by k and n, and the complete
// graph's router count under its own column name.
func TestListColumns(t *testing.T) {
	dir := runExperiment(t, "interop/duckdb/testdata/lists.hcl")
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sizes := quote(filepath.Join(dir, "sizes.parquet"))
	checks := []struct{ name, q, want string }{
		{"types", "SELECT string_agg(column_name || ' ' || column_type, ', ') FROM (DESCRIBE SELECT * FROM read_parquet(" + sizes + "))",
			"topology VARCHAR, label VARCHAR, family VARCHAR, k BIGINT, n BIGINT, p BIGINT, max_radix BIGINT, dims BIGINT[], " +
				"permute VARCHAR, cabinet_size BIGINT, seed BIGINT, complete_n BIGINT, routers BIGINT, diameter BIGINT"},
		// A 4 x 4 x 8 torus: 128 routers, diameter 2 + 2 + 4; a 2 x 3
		// torus: 6 routers, diameter 1 + 1; the 4-ary 3-cube has no dims.
		{"lists", "SELECT topology, dims::VARCHAR, len(dims), dims[3], list_product(dims)::BIGINT = routers, diameter, complete_n FROM read_parquet(" + sizes + ") ORDER BY topology, routers",
			"cube | NULL | NULL | NULL | NULL | 6 | NULL\nkn | NULL | NULL | NULL | NULL | 1 | 5\nshaped | [2, 3] | 2 | NULL | true | 2 | NULL\nshaped | [4, 4, 8] | 3 | 8 | true | 8 | NULL"},
	}
	for _, c := range checks {
		if got := query(t, db, c.q); got != c.want {
			t.Errorf("%s: %s\ngot:\n%s\nwant:\n%s", c.name, c.q, got, c.want)
		}
	}
}
