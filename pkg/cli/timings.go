package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/runexp/runexp/pkg/eval"
)

// The timings log records how long the cells computed under a results
// directory took on this machine, so that plan can scale its expected work
// (a model of the cells' sizes, fitted on the reference machine) by the
// rates measured here. It is local like the rest of results/.cache and is
// never read by a computation: one line per computed cell,
//
//	experiment <TAB> kind <TAB> topology <TAB> work_s <TAB> duration_s <TAB> cpu_s
//
// with work_s the work the cell turned out to be (eval.Event.Work on its
// finish event), duration_s the seconds it took and cpu_s the processor
// time it used, when it ran alone in its process (eval.Event.CPU; else 0).
// A cell's measured time is its cpu_s, or its duration_s without one: the
// processor time is that of one core whatever else the machine runs.
// Processes append whole lines with one write each (O_APPEND), so runs on
// one machine can share the log; a line cut short by a crash is skipped on
// reading.
func timingsPath(results string) string {
	return filepath.Join(results, ".cache", "timings.tsv")
}

// timingObserver passes every event on to its observer and appends the
// finish events of computed cells to the timings log (opened, appended to
// and closed for each: cells are few and long beside that). A log that
// cannot be written is reported once on warn and otherwise ignored: it only
// informs estimates.
type timingObserver struct {
	eval.Observer
	path string
	warn io.Writer

	mu     sync.Mutex
	failed bool
}

// Event records e if it is the finish of a computed cell, then passes it on.
func (o *timingObserver) Event(e eval.Event) {
	if e.Type == eval.EventFinish && e.Duration > 0 && e.Work > 0 && e.Experiment != "" {
		o.record(e)
	}
	o.Observer.Event(e)
}

func (o *timingObserver) record(e eval.Event) {
	line := strings.Join([]string{clean(e.Experiment), clean(e.Kind), clean(e.Topology),
		strconv.FormatFloat(e.Work, 'g', 6, 64), strconv.FormatFloat(e.Duration, 'g', 6, 64),
		strconv.FormatFloat(e.CPU, 'g', 6, 64)}, "\t") + "\n"
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.failed {
		return
	}
	if err := appendLine(o.path, line); err != nil {
		o.failed = true
		if o.warn != nil {
			fmt.Fprintf(o.warn, "warning: cell timings not recorded (they only inform plan's estimate): %v\n", err)
		}
	}
}

// appendLine appends line to the file at path with one write.
func appendLine(path, line string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// clean keeps a field on its line and in its column.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// measuredRates reads the timings log of results: per experiment, the
// rates of its computed cells by kind and topology (etaModel.rate), and how
// many cells they sum. A missing or unreadable log gives none.
func measuredRates(results string) map[string]*measured {
	f, err := os.Open(timingsPath(results))
	if err != nil {
		return nil
	}
	defer f.Close()
	out := map[string]*measured{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 6 {
			continue
		}
		w, err1 := strconv.ParseFloat(fs[3], 64)
		d, err2 := strconv.ParseFloat(fs[4], 64)
		cpu, err3 := strconv.ParseFloat(fs[5], 64)
		if err1 != nil || err2 != nil || err3 != nil || !(w > 0) || !(d > 0) {
			continue
		}
		if cpu > 0 {
			d = cpu
		}
		m := out[fs[0]]
		if m == nil {
			m = &measured{eta: newETAModel()}
			out[fs[0]] = m
		}
		m.eta.finished(fs[1], fs[2], w, d)
		m.cells++
		m.seconds += d
	}
	return out
}

// measured is what the timings log holds of one experiment.
type measured struct {
	eta     *etaModel
	cells   int
	seconds float64 // the cells' measured times, summed
}

// planMeasuredShown is the time the logged cells of an experiment must sum
// to before plan and show state an estimate at their rates: a few seconds
// of small cells say little of long ones.
const planMeasuredShown = 60

// shown reports whether m holds enough to estimate by (planMeasuredShown).
func (m *measured) shown() bool { return m != nil && m.seconds >= planMeasuredShown }

// rate returns the measured seconds per second of work of cells of kind k
// on topology topo.
func (m *measured) rate(k, topo string) float64 { return m.eta.rate(k, topo) }

// planMeasured is plan's estimate at the measured rates: work and likely
// are the expected work of the cells to run, without and with the points
// predicted past saturation, each summed at the rate of its kind and
// topology; nothing when the log holds too little or the work is below
// planWorkShown.
func planMeasured(m *measured, work, likely float64, likelyN, jobs int) string {
	if !m.shown() || work < planWorkShown {
		return ""
	}
	j := float64(max(1, jobs))
	s := fmt.Sprintf("  measured here: at the rates of the %d cells run so far under this results directory (by kind and network; processor time, or seconds where other cells ran beside one), about %s of one core, %s at -j %d",
		m.cells, fmtHours(work), fmtHours(work/j), max(1, jobs))
	if likelyN > 0 {
		s += fmt.Sprintf("; %s, %s at -j %d with the predicted stops", fmtHours(likely), fmtHours(likely/j), max(1, jobs))
	}
	return s + "\n"
}
