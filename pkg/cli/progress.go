package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/runexp/runexp/pkg/eval"
)

// jsonObserver writes one JSON object per event and line.
type jsonObserver struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func newJSONObserver(w io.Writer) *jsonObserver { return &jsonObserver{enc: json.NewEncoder(w)} }

func (o *jsonObserver) Event(e eval.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.enc.Encode(e)
}

// quietObserver passes on only the events --quiet prints: failures and
// errors (EventError) and the summary.
type quietObserver struct{ eval.Observer }

// Event forwards e if it is an error or the summary.
func (o quietObserver) Event(e eval.Event) {
	if e.Type == eval.EventError || e.Type == eval.EventSummary {
		o.Observer.Event(e)
	}
}

// plainObserver writes one line of text per event, for logs and pipes.
type plainObserver struct {
	mu  sync.Mutex
	w   io.Writer
	sum summarizer
}

// Event prints e as one line (nothing for plan events).
func (o *plainObserver) Event(e eval.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sum.see(e)
	progress := ""
	if e.Total > 0 {
		progress = fmt.Sprintf("[%*d/%d] ", len(fmt.Sprint(e.Total)), e.Done, e.Total)
	}
	switch e.Type {
	case eval.EventPlan:
		// The cells of a run are announced by their start lines.
	case eval.EventStart:
		fmt.Fprintf(o.w, "%sstart  %s\n", progress, e.Label)
	case eval.EventFinish:
		if e.Reason != "" { // an output computed from failed cells
			fmt.Fprintf(o.w, "%sdone   %s  %s (%s)\n", progress, e.Label, fmtDuration(e.Duration), e.Reason)
		} else {
			fmt.Fprintf(o.w, "%sdone   %s  %s\n", progress, e.Label, fmtDuration(e.Duration))
		}
	case eval.EventError:
		if e.Label != "" {
			fmt.Fprintf(o.w, "%sFAILED %s: %s\n", progress, e.Label, e.Error)
		} else {
			fmt.Fprintf(o.w, "error   %s: %s\n", e.Experiment, e.Error)
		}
	case eval.EventSkip:
		fmt.Fprintf(o.w, "%sskip   %s: %s\n", progress, e.Label, e.Reason)
	case eval.EventWrite:
		fmt.Fprintf(o.w, "wrote   %s\n", e.Path)
	case eval.EventSummary:
		fmt.Fprintln(o.w, o.sum.line(e.Summary))
	}
}

// summarizer words the summary line. outputs is the number of outputs the
// run checks (countOutputs); errors records whether an error event (a
// failed cell, an output that could not be written) was seen.
type summarizer struct {
	outputs int
	errors  bool
}

func (s *summarizer) see(e eval.Event) {
	if e.Type == eval.EventError {
		s.errors = true
	}
}

// line returns the summary line: the cells by outcome, then the files
// written, or "all N outputs up to date" when the run had nothing to write
// (no file changed, nothing failed, skipped or interrupted). Its failed
// count is the one runError reports as "F of N cells failed".
func (s *summarizer) line(sum *eval.Summary) string {
	line := fmt.Sprintf("%d cells: %d computed, %d cached", sum.Cells, sum.Computed, sum.Cached)
	if sum.Shared > 0 {
		line += fmt.Sprintf(", %d computed meanwhile by another run", sum.Shared)
	}
	if sum.Failed > 0 {
		line += fmt.Sprintf(", %d failed", sum.Failed)
	}
	if sum.Skipped > 0 {
		line += fmt.Sprintf(", %d skipped", sum.Skipped)
	}
	switch {
	case sum.Written > 0 || sum.Failed > 0 || sum.Skipped > 0 || sum.Interrupted || s.errors || s.outputs == 0:
		line += fmt.Sprintf("; %d files written", sum.Written)
	case s.outputs == 1:
		line += "; its 1 output is up to date"
	default:
		line += fmt.Sprintf("; all %d outputs up to date", s.outputs)
	}
	line += "; " + fmtDuration(sum.Duration)
	switch {
	case sum.TimeLimit:
		line += fmt.Sprintf(" (time limit: %d cells not started; finished cells are cached, the next run resumes)", sum.Skipped)
	case sum.Interrupted:
		line += " (interrupted: finished cells are cached, the next run resumes)"
	}
	return line
}

func fmtDuration(sec float64) string {
	d := time.Duration(sec * float64(time.Second))
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// termObserver draws a live status line on a terminal: cells done/total,
// the running cells with their elapsed time, and an ETA. Failures, skips and
// the summary are printed as permanent lines.
type termObserver struct {
	mu      sync.Mutex
	w       io.Writer
	width   int
	start   time.Time
	done    int
	total   int
	running map[string]time.Time // label -> start
	stop    chan struct{}
	drawn   bool
	workers int
	sum     summarizer

	eta *etaModel
}

func newTermObserver(w io.Writer, width, workers int) *termObserver {
	if width <= 20 {
		width = 80
	}
	o := &termObserver{w: w, width: width, start: time.Now(), running: map[string]time.Time{}, stop: make(chan struct{}),
		workers: max(workers, 1), eta: newETAModel()}
	go o.tick()
	return o
}

func (o *termObserver) tick() {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-o.stop:
			return
		case <-t.C:
			o.mu.Lock()
			if o.total > 0 {
				o.draw()
			}
			o.mu.Unlock()
		}
	}
}

// Close stops the ticker and clears the status line.
func (o *termObserver) Close() {
	close(o.stop)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.clear()
}

func (o *termObserver) clear() {
	if o.drawn {
		fmt.Fprint(o.w, "\r\033[K")
		o.drawn = false
	}
}

func (o *termObserver) draw() {
	now := time.Now()
	var b strings.Builder
	fmt.Fprintf(&b, "[%d/%d] %3d%%", o.done, o.total, 100*o.done/max(o.total, 1))
	if eta, ok := o.eta.remaining(now, o.workers); ok {
		fmt.Fprintf(&b, " · ETA %s", eta.Round(time.Second))
	}
	if len(o.running) > 0 {
		labels := make([]string, 0, len(o.running))
		for l := range o.running {
			labels = append(labels, l)
		}
		sort.Slice(labels, func(i, j int) bool { return o.running[labels[i]].Before(o.running[labels[j]]) })
		fmt.Fprintf(&b, " · %d running:", len(labels))
		for _, l := range labels {
			fmt.Fprintf(&b, " %s (%s)", l, now.Sub(o.running[l]).Round(100*time.Millisecond))
		}
	}
	line := b.String()
	if r := []rune(line); len(r) > o.width-1 {
		line = string(r[:o.width-2]) + "…"
	}
	fmt.Fprint(o.w, "\r\033[K"+line)
	o.drawn = true
}

// Event updates the status line with e, or prints e as a permanent line
// (a failure, the summary).
func (o *termObserver) Event(e eval.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sum.see(e)
	o.eta.event(e, time.Now())
	if e.Total > 0 {
		o.total, o.done = e.Total, e.Done
	}
	switch e.Type {
	case eval.EventPlan:
		return
	case eval.EventStart:
		o.running[e.Label] = time.Now()
	case eval.EventFinish:
		delete(o.running, e.Label)
	case eval.EventError:
		delete(o.running, e.Label)
		o.clear()
		if e.Label != "" {
			fmt.Fprintf(o.w, "FAILED %s: %s\n", e.Label, e.Error)
		} else {
			fmt.Fprintf(o.w, "error: %s: %s\n", e.Experiment, e.Error)
		}
	case eval.EventSkip:
		delete(o.running, e.Label)
	case eval.EventSummary:
		o.clear()
		fmt.Fprintln(o.w, o.sum.line(e.Summary))
		return
	default:
		return
	}
	o.draw()
}
