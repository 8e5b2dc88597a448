package cli

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/eval"
)

// etaRecord is a line of a recorded run: a --json event and the seconds
// since the run started at which it was printed.
type etaRecord struct {
	eval.Event
	T float64 `json:"t"`
}

// TestETAReplay replays recorded runs of the paper experiments (the
// events of `runexp run -j 2 --json` from an empty results directory, each
// stamped with the time it was printed; testdata/eta/README) through the
// ETA model and compares every estimate, at every start and finish event,
// with the time the run actually had left. The goal (issue 18): right
// within a factor of 2. Estimates are checked from the first 10% of the
// run to its last 5% (before, few cells of each kind have finished; after,
// seconds of noise are large factors). The work model's constants were
// fitted to these runs, so they are a check that the model keeps what it
// achieved, not an independent validation.
func TestETAReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "eta", "*.jsonl.gz"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded runs in testdata/eta: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl.gz")
		t.Run(name, func(t *testing.T) {
			recs := readETARecords(t, f)
			currentWork(t, recs)
			// ETA_FROM=0.001 checks nearly the whole run; ETA_DEBUG=1
			// logs every estimate.
			from := 0.1
			if f, err := strconv.ParseFloat(os.Getenv("ETA_FROM"), 64); err == nil {
				from = f
			}
			end := recs[len(recs)-1].T
			t0 := time.Unix(0, 0)
			at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
			m := newETAModel()
			var checked, within int
			worst := 1.0
			var worstAt float64
			for _, r := range recs {
				m.event(r.Event, at(r.T))
				if r.Type != eval.EventStart && r.Type != eval.EventFinish {
					continue
				}
				left := end - r.T
				if r.T < from*end || left < 0.05*end {
					continue
				}
				est, ok := m.remaining(at(r.T), 2)
				if !ok {
					continue
				}
				ratio := est.Seconds() / left
				if os.Getenv("ETA_DEBUG") != "" {
					t.Logf("t=%.1f left=%.1f est=%.1f ratio=%.2f after %s %s", r.T, left, est.Seconds(), ratio, r.Type, r.Label)
				}
				checked++
				if ratio >= 0.5 && ratio <= 2 {
					within++
				}
				if math.Abs(math.Log(ratio)) > math.Abs(math.Log(worst)) {
					worst, worstAt = ratio, r.T
				}
			}
			t.Logf("%s: %.0f s run, %d estimates checked, %d within 2x, worst %.2fx at %.0f s", name, end, checked, within, worst, worstAt)
			if checked == 0 {
				t.Fatal("no estimate checked")
			}
			if within < checked {
				t.Errorf("%d of %d estimates off by more than 2x (worst %.2fx at %.0f s of %.0f s)", checked-within, checked, worst, worstAt, end)
			}
		})
	}
}

func readETARecords(t *testing.T, path string) []etaRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var recs []etaRecord
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r etaRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		recs = append(recs, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: empty", path)
	}
	return recs
}

// currentWork sets the work (and topology) of the recorded plan events to
// what the current work model (eval.Cell.Work) gives for the same cells of
// the experiment files, matched by experiment, ID and key, so that the test
// checks the model as it is, not as it was when the run was recorded; the
// work a finish event reports is scaled by the same ratio (exact for a
// change of the model by a factor per cell). Cells whose key changed since
// keep their recorded work.
func currentWork(t *testing.T, recs []etaRecord) {
	exps := map[string]bool{}
	for _, r := range recs {
		if r.Experiment != "" {
			exps[r.Experiment] = true
		}
	}
	var paths []string
	for e := range exps {
		paths = append(paths, filepath.Join("..", "..", "experiments", e+".hcl"))
	}
	loaded, diags := eval.NewLoader(eval.Options{}).Load(paths)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	type cellInfo struct {
		work float64
		topo string
	}
	info := map[etaRef]cellInfo{}
	for _, c := range eval.BuildGraph(loaded).Cells {
		info[etaRef{c.Exp.Name, c.ID, c.Key.Short()}] = cellInfo{c.Work(), c.TopologyName()}
	}
	matched, plans := 0, 0
	scale := map[etaRef]float64{}
	for i := range recs {
		ref := etaRef{recs[i].Experiment, recs[i].Cell, recs[i].Key}
		switch recs[i].Type {
		case eval.EventPlan:
			plans++
			if c, ok := info[ref]; ok {
				if recs[i].Work > 0 {
					scale[ref] = c.work / recs[i].Work
				}
				recs[i].Work, recs[i].Topology = c.work, c.topo
				matched++
			}
		case eval.EventFinish:
			if f, ok := scale[ref]; ok {
				recs[i].Work *= f
			}
		}
	}
	t.Logf("%d of %d recorded cells matched in the experiment files", matched, plans)
}
