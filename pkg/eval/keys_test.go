package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

var updateKeys = flag.Bool("update", false, "rewrite testdata/keys.golden")

// pinnedConfigs are the experiment configurations whose results are
// committed under results/ (or are being computed for it over several
// sessions): their cells took hours to days of CPU, so a change that gives
// them new cache keys makes every later run recompute them.
var pinnedConfigs = []struct {
	file string
	vars map[string]string
}{
	{"quickstart.hcl", nil},
	{"beyond.hcl", nil},
	{"projective-networks.hcl", nil},
	{"clex.hcl", nil},
	{"validation.hcl", nil},
	{"examples/cheapest.hcl", nil},
	{"slimfly-sc14.hcl", nil},
	{"slimfly-sc14.hcl", map[string]string{"simulate": "all"}},
	{"diameter-two-sc15.hcl", nil},
	{"diameter-two-sc15.hcl", map[string]string{"simulate": "fig6"}},
	{"diameter-two-sc15.hcl", map[string]string{"simulate": "all"}},
	{"layout-conscious-random.hcl", nil},
	{"layout-conscious-random.hcl", map[string]string{"simulate": "latency"}},
	{"layout-conscious-random.hcl", map[string]string{"simulate": "all"}},
}

// TestCellKeysPinned pins the cache keys of the computed cells (builds,
// metric groups, simulations; not datasets, figures and tables) of the
// committed experiments, one digest per cell kind and configuration, so
// that a change that would make
// the cache miss (a parameter default, the canonical form of parameters, a
// code version, a family's build version) is seen in review, with the
// number of cells it sends back to be computed, rather than discovered
// when a paper-scale run starts over. An intended change (a bumped
// version, an edited experiment) is recorded with
//
//	go test ./pkg/eval -run TestCellKeysPinned -update
func TestCellKeysPinned(t *testing.T) {
	var lines []string
	for _, pc := range pinnedConfigs {
		g := load(t, pc.vars, filepath.Join("../../experiments", pc.file))
		byKind := map[string][]string{}
		for _, c := range g.Cells {
			switch c.Kind {
			case KindDataset, KindFigure, KindTable:
				// Assembled and rendered in seconds, and keyed by what the
				// file says (titles, positions): every edit changes them.
			default:
				byKind[c.Kind] = append(byKind[c.Kind], c.Key.String())
			}
		}
		name := pc.file
		var vs []string
		for k, v := range pc.vars {
			vs = append(vs, k+"="+v)
		}
		sort.Strings(vs)
		if len(vs) > 0 {
			name += " " + strings.Join(vs, " ")
		}
		kinds := make([]string, 0, len(byKind))
		for k := range byKind {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		for _, k := range kinds {
			keys := byKind[k]
			slices.Sort(keys)
			h := sha256.Sum256([]byte(strings.Join(keys, "\n")))
			lines = append(lines, fmt.Sprintf("%s | %s | %d | %s", name, k, len(keys), hex.EncodeToString(h[:8])))
		}
	}
	got := "# experiment [vars] | cell kind | cells | digest of their sorted cache keys\n" + strings.Join(lines, "\n") + "\n"
	golden := filepath.Join("testdata", "keys.golden")
	if *updateKeys {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (create it with -update)", err)
	}
	if got == string(want) {
		return
	}
	old := map[string]string{}
	for _, l := range strings.Split(string(want), "\n") {
		if f := strings.Split(l, " | "); len(f) == 4 && !strings.HasPrefix(l, "#") {
			old[f[0]+" | "+f[1]] = f[2] + " | " + f[3]
		}
	}
	seen := map[string]bool{}
	for _, l := range lines {
		f := strings.Split(l, " | ")
		id := f[0] + " | " + f[1]
		seen[id] = true
		switch o, ok := old[id]; {
		case !ok:
			t.Errorf("%s: %s cells, not pinned before", id, f[2])
		case o != f[2]+" | "+f[3]:
			t.Errorf("%s: keys changed (cells then | digest: %s; now: %s | %s): every cell with a new key is computed, whether added or a cached one invalidated", id, o, f[2], f[3])
		}
	}
	for id := range old {
		if !seen[id] {
			t.Errorf("%s: pinned, no longer expanded", id)
		}
	}
	t.Log("if the change is intended, record it: go test ./pkg/eval -run TestCellKeysPinned -update")
}
