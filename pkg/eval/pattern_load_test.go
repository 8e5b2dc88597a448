package eval

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// patternSrc analyses the SC15 worst cases (section 4.2, Fig. 5) on small
// instances: the Slim Fly q = 5 with p = 3, whose busiest link carries 2p =
// 6 flows (1/6 of the link rate), the 4-MLFM (shift by h = 4: 4 flows) and
// the 4-OFT (shift by k = 4), next to their uniform loads.
const patternSrc = `
topology "sf" {
  family = "slimfly"
  q      = 5
  p      = 3
}
topology "mlfm" {
  family = "mlfm"
  h      = 4
}
topology "oft" {
  family = "oft"
  k      = 4
}
study "wc" {
  topologies = [topology.sf, topology.mlfm, topology.oft]
  metrics    = ["load_max", "throughput_bound", "utilization"]
  analysis {
    load_traffic = "worst_case"
  }
}
study "uni" {
  topologies = [topology.sf]
  metrics    = ["load_max", "utilization"]
}
`

// TestPatternLoad runs patternSrc: the worst-case loads are 2p, h and k
// flows, the throughput bounds their inverses, the uniform-only metrics
// empty; the uniform study's cell keeps the key of a study without the
// option (its load_max is the uniform one).
func TestPatternLoad(t *testing.T) {
	g, results := runSource(t, "pat", patternSrc)
	wc := readTable(t, filepath.Join(results, "pat", "wc.parquet"))
	lm, tb, ut := column(t, wc, "load_max"), column(t, wc, "throughput_bound"), column(t, wc, "utilization")
	for i, want := range []float64{6, 4, 4} {
		got, _ := strconv.ParseFloat(lm[i], 64)
		bound, _ := strconv.ParseFloat(tb[i], 64)
		if got != want || bound != 1/want || ut[i] != "" {
			t.Errorf("row %d: load_max %s, throughput_bound %s, utilization %q; want %v, 1/%v and empty", i, lm[i], tb[i], ut[i], want, want)
		}
	}
	uni := readTable(t, filepath.Join(results, "pat", "uni.parquet"))
	if u := column(t, uni, "utilization")[0]; u == "" {
		t.Error("uniform study: no utilization")
	}
	ids := map[string]string{}
	for _, c := range g.Cells {
		ids[c.ID] = string(c.Params)
	}
	if p, ok := ids["load/sf/0"]; !ok || strings.Contains(p, "load_traffic") {
		t.Errorf("uniform load cell: %v %q (the default load_traffic must stay out of the key)", ok, p)
	}
	if _, ok := ids["load[load_traffic=worst_case]/sf/0"]; !ok {
		t.Errorf("no worst-case load cell among %v", ids)
	}
}
