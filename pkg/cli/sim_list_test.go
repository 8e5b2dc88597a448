package cli

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/eval"
)

// simArgs are the arguments of a quick 'runexp sim' on the
// Hoffman-Singleton Slim Fly (q = 5, 50 routers).
var simArgs = []string{"sim", "slimfly", "q=5", "--cycles", "500"}

// simSaturatedArgs give a point that saturates in the warm-up (Valiant
// routing at load 0.95), so the run stops without a measurement window.
var simSaturatedArgs = []string{"--routing", "val", "--load", "0.95"}

// TestSimLoadList runs `runexp sim --load` with a list of loads (issue 18:
// "--load 0.1,0.2" was a Go parse error): a table with one row per load,
// a JSON array with one object per load, one object for a single load, and
// usage errors that name the offending load.
func TestSimLoadList(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		args  []string
		check func(t *testing.T, out string)
	}{
		{"table", []string{"--load", "0.1,0.2, 0.3"}, func(t *testing.T, out string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 6 || lines[0] != "network slimfly q=5, routing min, traffic uniform" ||
				!strings.HasPrefix(lines[5], "units: load, offered_load, accepted_load in flits/endpoint/cycle;") {
				t.Fatalf("table:\n%s", out)
			}
			header := strings.Fields(lines[1])
			if want := []string{"load", "offered_load", "accepted_load", "latency", "latency_p50", "latency_p99", "network_latency",
				"sim_hops", "link_util_max", "saturated", "seconds"}; !slices.Equal(header, want) {
				t.Errorf("header %q, want %q", header, want)
			}
			col := strings.Index(lines[1], "offered_load")
			for i, load := range []string{"0.1", "0.2", "0.3"} {
				row := strings.Fields(lines[2+i])
				if len(row) != len(header) || row[0] != load || row[len(row)-2] != "false" || strings.Index(lines[2+i], row[1]) != col {
					t.Errorf("row %d %q: want load %s, unsaturated, %d aligned columns", i, lines[2+i], load, len(header))
				}
			}
		}},
		{"json array", []string{"--load", "0.1,0.2", "--json"}, func(t *testing.T, out string) {
			var runs []struct {
				Sim    map[string]any `json:"sim"`
				Result map[string]any `json:"result"`
			}
			if err := json.Unmarshal([]byte(out), &runs); err != nil {
				t.Fatalf("%v:\n%s", err, out)
			}
			if len(runs) != 2 || runs[0].Sim["load"] != 0.1 || runs[1].Sim["load"] != 0.2 ||
				runs[0].Result["offered_load"] == nil || runs[1].Result["sim_hops"] == nil {
				t.Errorf("runs %+v", runs)
			}
		}},
		{"json object", []string{"--load", "0.1", "--json"}, func(t *testing.T, out string) {
			var run map[string]any
			if err := json.Unmarshal([]byte(out), &run); err != nil {
				t.Fatalf("one load is one object: %v:\n%s", err, out)
			}
		}},
		{"one load", []string{"--load", "0.1"}, func(t *testing.T, out string) {
			if !strings.HasPrefix(out, "network               slimfly q=5\noffered_load  ") || !strings.Contains(out, "\nspeed  ") {
				t.Errorf("one load prints metric lines:\n%s", out)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := runexp(t, ctx, append(slices.Clone(simArgs), c.args...)...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			c.check(t, out)
		})
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--load", "0.1,,0.2"}, `--load "0.1,,0.2": want a load or a comma-separated list of loads (0.1,0.2), got an empty one`},
		{[]string{"--load", "0.1,"}, "got an empty one"},
		{[]string{"--load", "0.1,2"}, "--load 2: 2 is outside [0, 1]"},
		{[]string{"--load", "0.1,x"}, `--load x: want a number, got "x"`},
		{[]string{"--load", "0.1,0.2", "--set", "load=0.3"}, "--load 0.1,0.2 and --set load=0.3 both set the load"},
		{[]string{"--load", "0.1,0.2", "--set", "search=throughput"}, "--load 0.1: search = \"throughput\" chooses the loads itself"},
	} {
		code, out, stderr := runexp(t, ctx, append(slices.Clone(simArgs), c.args...)...)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, stderr, c.msg)
		}
	}
}

// TestSimJSONKeys checks that the result keys of `runexp sim --json` are
// the metric names of the registry (the dataset columns), e.g. sim_hops and
// not netsim's avg_hops, and that the help says so.
func TestSimJSONKeys(t *testing.T) {
	ctx := context.Background()
	code, out, stderr := runexp(t, ctx, append(slices.Clone(simArgs), "--load", "0.2", "--json")...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var run struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range eval.SimMetrics() {
		names = append(names, m.Name)
	}
	for k := range run.Result {
		if !slices.Contains(names, k) {
			t.Errorf("result key %q is not a sim metric of the registry", k)
		}
	}
	if _, ok := run.Result["sim_hops"]; !ok {
		t.Errorf("no sim_hops in %v", run.Result)
	}
	code, out, _ = runexp(t, ctx, "sim", "--help")
	help := strings.Join(strings.Fields(out), " ") // the help's lines joined
	for _, want := range []string{"sim_hops (netsim's own result calls it avg_hops)", "a list of loads prints a JSON array", "prints n/a, or null in JSON"} {
		if code != ExitOK || !strings.Contains(help, want) {
			t.Errorf("sim --help (exit %d) does not say %q:\n%s", code, want, out)
		}
	}
}

// TestSimSaturatedNA checks the metrics a saturated point leaves undefined
// (issue 18: "p50 0, p99 0"): n/a in the text, null in JSON, n/a cells in a
// table; every metric an unsaturated run of the same kind has is there.
func TestSimSaturatedNA(t *testing.T) {
	ctx := context.Background()
	run := func(args ...string) (string, map[string]any) {
		t.Helper()
		code, out, stderr := runexp(t, ctx, append(slices.Clone(simArgs), args...)...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var r struct {
			Result map[string]any `json:"result"`
		}
		if slices.Contains(args, "--json") {
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
		}
		return out, r.Result
	}
	_, sat := run(append(slices.Clone(simSaturatedArgs), "--json")...)
	_, ok := run("--routing", "val", "--load", "0.1", "--json")
	if sat["saturated"] != true || ok["saturated"] != false {
		t.Fatalf("saturated %v at load 0.95, %v at 0.1: want true, false", sat["saturated"], ok["saturated"])
	}
	for k := range ok {
		if _, there := sat[k]; !there {
			t.Errorf("%s: %v unsaturated, left out when saturated (want null)", k, ok[k])
		}
	}
	for _, name := range []string{"latency_p50", "latency_p99", "latency_max", "network_latency", "sim_hops", "hop_hist", "link_util_max"} {
		if x, there := sat[name]; !there || x != nil {
			t.Errorf("saturated %s = %v (present %v), want null", name, x, there)
		}
		if ok[name] == nil {
			t.Errorf("unsaturated %s is null", name)
		}
	}
	text, _ := run(simSaturatedArgs...)
	for _, name := range []string{"latency_p50", "latency_p99", "sim_hops", "hop_hist"} {
		if !slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return slices.Equal(strings.Fields(l), []string{name, "n/a"}) }) {
			t.Errorf("no %q line:\n%s", name+"  n/a", text)
		}
	}
	if strings.Contains(text, "latency_p50           0") {
		t.Errorf("latency_p50 0 at a saturated point:\n%s", text)
	}
	table, _ := run("--routing", "val", "--load", "0.1,0.95")
	lines := strings.Split(table, "\n")
	if len(lines) < 5 || strings.Contains(lines[2], "n/a") || strings.Count(lines[3], "n/a") != 5 ||
		!strings.Contains(table, "\nload 0.95 saturated: ") {
		t.Errorf("table: want no n/a at 0.1, five at 0.95 and the reason:\n%s", table)
	}
}

// TestSimRoutingFamily checks that a routing the topology cannot run names
// the instance, the families the routing needs and what the topology lacks
// (issue 18: "dor: link 0-30 does not join routers that differ in one
// coordinate"), and exits as invalid input (1), not as a failed
// simulation (2).
func TestSimRoutingFamily(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--routing", "dor"}, []string{"runexp: slimfly q=5: netsim: dor needs routers on a grid",
			"(families torus, mesh, hypercube;", "this topology is not one: link 0-30", "updown and duato-updown run on any network"}},
		{[]string{"--routing", "dor", "--load", "0.1,0.2"}, []string{"runexp: slimfly q=5 at --load 0.1: netsim: dor needs"}},
		{[]string{"--routing", "min-df"}, []string{"needs a Dragonfly", "(family dragonfly)", "this topology is not one"}},
		{[]string{"--routing", "anca"}, []string{"anca needs a fat tree", "(families fattree, fattree_sc14)", "this topology is not one"}},
	} {
		code, out, stderr := runexp(t, context.Background(), append(slices.Clone(simArgs), c.args...)...)
		for _, w := range c.want {
			if code != ExitInvalid || out != "" || !strings.Contains(stderr, w) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, stderr, w)
			}
		}
	}
}
