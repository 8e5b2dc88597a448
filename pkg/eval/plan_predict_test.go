package eval

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// The plan's prediction of sweep points past saturation: on the ring of
// TestSimStopAtSaturation (its bisection saturates it from 0.25), DOR's
// sweep of loads 0.1 to 0.7 stops after two saturated loads. When Valiant
// routing joins the study, its points above DOR's last simulated load are
// predicted past saturation (the loads DOR did not simulate), and the
// plan's likely work counts them as recorded, as does show's; none is
// predicted before DOR's sweep is computed.
func TestPlanLikelyPast(t *testing.T) {
	dir := t.TempDir()
	src := strings.NewReplacer("STOP", "true", "[0.6, 0.1, 0.4, 0.5, 0.7]", "[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]",
		"sim {", "sim {\n    routing = ROUTING").Replace(stopSource)
	results := filepath.Join(dir, "results")
	path := writeSource(t, dir, "stop", strings.Replace(src, "ROUTING", `"dor"`, 1))
	lastDOR := ""
	plan := func() (likely []string, work, likelyWork float64) {
		t.Helper()
		en := NewEngine(results, 2, nil)
		defer en.Close()
		p := MakePlan(load(t, nil, path), en.Store, results)
		// show's count of the study's missing cells (no build): the same
		// saving.
		pk, err := p.Peek(context.Background(), en.Store, "", "s")
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if d := (pk.MissingWork - pk.MissingLikelyWork) - (work - likelyWork); math.Abs(d) > 1e-9*work {
				t.Errorf("show: missing work %g, likely %g; plan: %g, %g", pk.MissingWork, pk.MissingLikelyWork, work, likelyWork)
			}
		}()
		for _, pe := range p.Entries {
			if !pe.Run {
				continue
			}
			work += pe.Work()
			likelyWork += pe.LikelyWork()
			if pe.LikelyPast {
				likely = append(likely, fmt.Sprintf("%s %v", pe.Cell.point["routing"], pe.Cell.point["load"]))
				if !strings.HasSuffix(pe.Reason, "; probably past saturation: the computed sweeps of its network and traffic with other routings simulated no load above "+lastDOR) {
					t.Errorf("%s: reason %q", pe.Cell.Label, pe.Reason)
				}
				if pe.LikelyWork() != cellOverhead {
					t.Errorf("%s: likely work %g, want %g", pe.Cell.Label, pe.LikelyWork(), cellOverhead)
				}
			}
		}
		return likely, work, likelyWork
	}
	if likely, work, lw := plan(); len(likely) != 0 || work != lw {
		t.Errorf("before any run: predicted %v past saturation (work %g, likely %g), want none", likely, work, lw)
	}
	runAll(t, load(t, nil, path), results, 2)
	// DOR's last simulated load: the sweep stops after two saturated
	// points in a row.
	loads := []string{"0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"}
	simulated := column(t, readTable(t, filepath.Join(results, "stop", "s.parquet")), "simulated")
	var want []string
	for i, s := range simulated {
		if s == "false" {
			want = append(want, "val "+loads[i])
		} else {
			lastDOR = loads[i]
		}
	}
	if len(want) < 2 || strings.Join(simulated[:2], " ") != "true true" {
		t.Fatalf("DOR simulated %v at loads %v: want a sweep that stops after 0.2", simulated, loads)
	}
	writeSource(t, dir, "stop", strings.Replace(src, "ROUTING", `["dor", "val"]`, 1))
	likely, work, lw := plan()
	if got := strings.Join(likely, ", "); got != strings.Join(want, ", ") {
		t.Errorf("predicted past saturation: %s; want %s (DOR simulated %v)", got, strings.Join(want, ", "), simulated)
	}
	if lw >= work {
		t.Errorf("likely work %g, want less than the work %g", lw, work)
	}
}
