package netsim

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// Config.Progress is called at every sample boundary: WarmupCycles/period
// times in warm-up (the last at the warm-up's end), MeasureCycles/period
// times in the window, then in drain; cycles rise by the period,
// delivered flits never fall and the endpoints are the sending ones (all,
// under uniform traffic).
func TestProgress(t *testing.T) {
	n := newNet(t, "slimfly", families.Values{"q": int64(5)})
	cfg := quickConfig()
	var got []Progress
	cfg.Progress = func(p Progress) { got = append(got, p) }
	res, err := Run(context.Background(), n, mustMin(t, n), uniform{int32(n.Endpoints())}, 0.5, cfg)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int64{}
	for i, p := range got {
		count[p.Phase]++
		if want := int64(i+1) * int64(cfg.SamplePeriod); p.Cycle != want {
			t.Errorf("call %d at cycle %d, want %d", i, p.Cycle, want)
		}
		if i > 0 && p.FlitsDelivered < got[i-1].FlitsDelivered {
			t.Errorf("call %d: %d flits delivered, fewer than %d before", i, p.FlitsDelivered, got[i-1].FlitsDelivered)
		}
		if p.Endpoints != res.ActiveEndpoints || p.Endpoints != n.Endpoints() {
			t.Errorf("call %d: %d endpoints, want the %d active (of %d)", i, p.Endpoints, res.ActiveEndpoints, n.Endpoints())
		}
		if i > 0 && phaseRank(p.Phase) < phaseRank(got[i-1].Phase) {
			t.Errorf("call %d: phase %s after %s", i, p.Phase, got[i-1].Phase)
		}
	}
	period := int64(cfg.SamplePeriod)
	if count["warm-up"] != res.WarmupCycles/period || count["measure"] != res.MeasureCycles/period {
		t.Errorf("calls per phase %v; warm-up %d and measured %d cycles, period %d", count, res.WarmupCycles, res.MeasureCycles, period)
	}
	if last := got[len(got)-1]; last.FlitsDelivered > res.FlitsDelivered || last.Cycle > res.Cycles {
		t.Errorf("last call %+v after the run's end (%d cycles, %d flits)", last, res.Cycles, res.FlitsDelivered)
	}
}

func phaseRank(p string) int {
	for i := phWarmup; i <= phDone; i++ {
		if phaseName(i) == p {
			return i
		}
	}
	return -1
}
