package eval

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A study asking for a metric added after its group's first epoch
// (metricSince) gets cells of its own, whose key holds that epoch, while
// the key of a twin study without the metric lists the epoch-0 metrics
// only (the keys every cell had before). Both simulate the same (the seed
// does not depend on the epoch): the all-to-all of TestSimWorkloadStudy
// completes at the same cycle, and the epoch-1 cell adds the times by
// which half and 99% of the sources were done, at most the completion.
func TestMetricEpoch(t *testing.T) {
	src := workloadSource + strings.Replace(strings.Replace(workloadSource, `study "a2a"`, `study "tail"`, 1),
		`"latency"]`, `"latency", "source_completion_p50_cycles", "source_completion_p99_cycles"]`, 1)
	src = strings.Replace(src, "topology \"ft\" {\n  family = \"fattree\"\n  p      = 4\n  levels = 2\n}\n", "", 1) // one topology block
	g, results := runSource(t, "ep", src)
	var a2a, tail *Cell
	for _, c := range g.Cells {
		switch {
		case c.Kind == GroupSim && c.ID == "sim/a2a/ft/0/0":
			a2a = c
		case c.Kind == GroupSim && c.ID == "sim/tail/ft/0/0":
			tail = c
		}
	}
	if a2a == nil || tail == nil {
		t.Fatal("sim cells not found")
	}
	var pa, pt map[string]any
	json.Unmarshal(a2a.Params, &pa)
	json.Unmarshal(tail.Params, &pt)
	if _, ok := pa["metrics_epoch"]; ok || pt["metrics_epoch"] != 1.0 || a2a.Key == tail.Key {
		t.Errorf("epochs: a2a %v, tail %v (keys equal: %v)", pa["metrics_epoch"], pt["metrics_epoch"], a2a.Key == tail.Key)
	}
	for _, m := range pa["metrics"].([]any) {
		if strings.HasPrefix(m.(string), "source_completion") {
			t.Errorf("the epoch-0 key lists %s", m)
		}
	}
	ta := readTable(t, filepath.Join(results, "ep", "a2a.parquet"))
	tt := readTable(t, filepath.Join(results, "ep", "tail.parquet"))
	c := floats(t, ta, "completion_cycles")[0]
	if ct := floats(t, tt, "completion_cycles")[0]; ct != c {
		t.Errorf("completion: %g cycles without the tail metrics, %g with them", c, ct)
	}
	p50, p99 := floats(t, tt, "source_completion_p50_cycles")[0], floats(t, tt, "source_completion_p99_cycles")[0]
	if !(p50 > 0.9*c && p50 <= p99 && p99 <= c) {
		t.Errorf("sources done: half at %g, 99%% at %g, all at %g cycles", p50, p99, c)
	}
	if ta.Column("source_completion_p50_cycles") != nil {
		t.Error("the study without the tail metrics has their column")
	}
}
