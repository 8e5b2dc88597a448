package eval

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// NotComputed is the error text Peek gives the rows of cells that are not
// in the cache: their values are null and the expectations that read them
// are pending rather than missed. A cell that failed in an earlier run is
// not cached either and reads the same (`runexp plan` says why it will
// run again).
const NotComputed = "not computed yet"

// Peek is one study, table or figure of an experiment, or its whole scorecard,
// assembled from the cells computed so far and computing nothing: what
// `runexp show` prints while a long run is under way or after it stopped
// half-way (over sessions, or on a cluster). A study's rows whose cells are
// not cached are null; expectations that read them are pending.
type Peek struct {
	// Experiment is the experiment's name.
	Experiment string
	// Study is the study shown, or read by the table shown; empty for a
	// scorecard.
	Study string
	// Table is the table shown; empty for a study or a scorecard.
	Table string
	// Figure is the figure drawn; empty otherwise. Its study is Study.
	Figure string
	// PDF and PNG are the figure drawn from the rows computed so far, as
	// the run would write it; nil unless Figure is set.
	PDF, PNG []byte
	// Data is the study's rows as its dataset holds them (with the error
	// column when cells are missing); nil for a scorecard.
	Data *dataset.Table
	// Markdown is the table rendered as the run would write it, or the
	// study's rows, with the cells of rows not computed blank; nil for a
	// scorecard.
	Markdown []byte
	// Cells counts the computing cells the shown datasets read (topology
	// metrics, simulations ...; for a figure or a table, those of the rows
	// it shows, with the cells they need: what run --only NAME computes);
	// Computed those in the cache.
	Cells, Computed int
	// Missing lists the labels of the cells not in the cache, in order;
	// the label of one that another run is computing now (it holds the
	// cell's claim, cache.Store.Claim) ends with " (being computed by
	// another run)".
	Missing []string
	// MissingWork is the expected work of the Missing cells, in seconds of
	// one core (PlanEntry.Work: the work model's estimate).
	MissingWork float64
	// MissingLikelyWork is MissingWork with the points predicted past
	// saturation counted as recorded (PlanEntry.LikelyWork).
	MissingLikelyWork float64
	// MissingWorkBy splits MissingWork and MissingLikelyWork by the kind
	// and topology block ({kind, topology}) of the cells, for estimates
	// that scale each by a rate measured for it.
	MissingWorkBy map[[2]string][2]float64
	// Results are the expectations checked on the rows computed so far: the
	// table's, or every table's for a scorecard.
	Results []report.Result
}

// Pending reports whether r could not be checked because the cell of its
// row is not computed yet (see NotComputed).
func Pending(r report.Result) bool {
	return !r.OK && strings.HasSuffix(r.Err, ": "+NotComputed)
}

// Peek assembles, from the cache and the committed results files, the
// study, table or figure named name of the experiment exp (when exp is
// empty, the plan's only experiment, or the only one that has name), or
// with name empty the scorecard of every table. A name that several blocks share is the
// table's, then the figure's, unless written study.NAME, table.NAME or
// figure.NAME. It computes nothing and writes nothing.
func (p *Plan) Peek(ctx context.Context, store *cache.Store, exp, name string) (*Peek, error) {
	e, err := p.experiment(exp, name)
	if err != nil {
		return nil, err
	}
	pk := &Peek{Experiment: e.Name}
	seen := map[*Cell]bool{}
	// need, for a figure or a table, holds the cells of the rows it
	// shows (and their inputs): the cells a run --only NAME computes. Only
	// those are counted.
	var need map[*Cell]bool
	tables := map[*Study]*dataset.Table{} // each study assembled once
	data := func(s *Study) (*dataset.Table, error) {
		if t, ok := tables[s]; ok {
			return t, nil
		}
		t, err := p.peekDataset(store, p.Graph.Datasets[s], pk, seen, need)
		if err != nil {
			return nil, fmt.Errorf("study %s: %w", s.Name, err)
		}
		tables[s] = t
		return t, nil
	}
	// check appends the expectations of tb checked on its study's rows t
	// and returns the rows tb shows.
	check := func(tb *Table, t *dataset.Table) (*dataset.Table, error) {
		shown, checked, err := tableView(tb, t)
		if err != nil {
			return nil, err
		}
		for _, x := range tb.Expect {
			pk.Results = append(pk.Results, report.Check(x, checked))
		}
		return shown, nil
	}
	if name == "" {
		for _, tb := range e.Tables {
			t, err := data(tb.Study)
			if err != nil {
				return nil, err
			}
			if _, err := check(tb, t); err != nil {
				return nil, err
			}
		}
		return pk, nil
	}
	study, table, figure := e.lookup(name)
	switch {
	case table != nil:
		need = map[*Cell]bool{}
		addNeeds(p.Graph.Tables[table], table.Where, table.Ranges, need, map[*Cell]bool{})
		pk.Study, pk.Table = table.Study.Name, table.Name
		if pk.Data, err = data(table.Study); err != nil {
			return nil, err
		}
		shown, err := check(table, pk.Data)
		if err != nil {
			return nil, err
		}
		if pk.Markdown, err = report.RenderMarkdown(table.Spec, withoutErrors(shown)); err != nil {
			return nil, err
		}
		return pk, nil
	case figure != nil:
		pk.Study, pk.Figure = figure.Study.Name, figure.Name
		fc := p.Graph.Figures[figure]
		need = map[*Cell]bool{}
		addNeeds(fc, figure.Where, figure.Ranges, need, map[*Cell]bool{})
		in := make([]*result, len(fc.Inputs))
		for i, dc := range fc.Inputs {
			t, err := data(dc.study)
			if err != nil {
				return nil, err
			}
			in[i] = &result{table: t} // figures skip the null points
		}
		res, err := compute(ctx, fc, in, 1)
		if err != nil {
			return nil, err
		}
		pk.PDF, _ = res.entry.Blob(blobPDF)
		pk.PNG, _ = res.entry.Blob(blobPNG)
		return pk, nil
	case study != nil:
		pk.Study = study.Name
		if pk.Data, err = data(study); err != nil {
			return nil, err
		}
		if pk.Markdown, err = report.RenderMarkdown(report.TableSpec{Name: study.Name}, withoutErrors(pk.Data)); err != nil {
			return nil, err
		}
		return pk, nil
	}
	var names []string
	for _, s := range e.Studies {
		names = append(names, s.Name)
	}
	for _, tb := range e.Tables {
		if !slices.Contains(names, tb.Name) {
			names = append(names, tb.Name)
		}
	}
	for _, f := range e.Figures {
		if !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	if s := Suggest(name, names); s != "" {
		return nil, fmt.Errorf("experiment %s has no study, table or figure %q; did you mean %q?", e.Name, name, s)
	}
	return nil, fmt.Errorf("experiment %s has no study, table or figure %q (enabled ones: %s)", e.Name, name, strings.Join(names, ", "))
}

// lookup returns the study, the table or the figure of e that name (NAME,
// study.NAME, table.NAME or figure.NAME) designates: for a bare name the
// table, else the figure, else the study of that name.
func (e *Experiment) lookup(name string) (*Study, *Table, *Figure) {
	kind, bare, ok := strings.Cut(name, ".")
	if !ok || (kind != "study" && kind != "table" && kind != "figure") {
		kind, bare = "", name
	}
	if kind == "" || kind == "table" {
		for _, t := range e.Tables {
			if t.Name == bare {
				return nil, t, nil
			}
		}
	}
	if kind == "" || kind == "figure" {
		for _, f := range e.Figures {
			if f.Name == bare {
				return nil, nil, f
			}
		}
	}
	if kind == "" || kind == "study" {
		for _, s := range e.Studies {
			if s.Name == bare {
				return s, nil, nil
			}
		}
	}
	return nil, nil, nil
}

// experiment returns the experiment of p named exp; with exp empty, the
// plan's only experiment, or the only one with a study, table or figure
// that name designates.
func (p *Plan) experiment(exp, name string) (*Experiment, error) {
	var names, with []string
	var found *Experiment
	for _, e := range p.Graph.Experiments {
		if exp != "" && e.Name == exp {
			return e, nil
		}
		names = append(names, e.Name)
		if exp == "" && name != "" && e.has(name) {
			with = append(with, e.Name)
			found = e
		}
	}
	switch {
	case exp != "":
		return nil, fmt.Errorf("no experiment %q (%s)", exp, strings.Join(names, ", "))
	case len(names) == 1:
		return p.Graph.Experiments[0], nil
	case name == "":
		return nil, fmt.Errorf("%d experiments: name one (%s)", len(names), strings.Join(names, ", "))
	case len(with) == 1:
		return found, nil
	case len(with) > 1:
		return nil, fmt.Errorf("%q is in %d experiments (%s): name the experiment's file", name, len(with), strings.Join(with, ", "))
	}
	return nil, fmt.Errorf("none of the %d experiments has a study, table or figure %q enabled (with the --var values given)", len(names), name)
}

// peekDataset returns the dataset of dc: its cached or committed entry
// when it has one, else assembled from whichever of its input cells are in
// the cache, the others failed with NotComputed. It counts the input cells
// (once each, over the datasets of one Peek) into pk: those in need, or
// all of them when need is nil.
func (p *Plan) peekDataset(store *cache.Store, dc *Cell, pk *Peek, seen, need map[*Cell]bool) (*dataset.Table, error) {
	count := func(c *Cell, computed bool) {
		if seen[c] || (need != nil && !need[c]) {
			return
		}
		seen[c] = true
		pk.Cells++
		if computed {
			pk.Computed++
		} else {
			label := c.Label
			if _, held := store.Claimed(c.Key); held {
				label += " (being computed by another run)"
			}
			pk.Missing = append(pk.Missing, label)
			w, lw := p.work(c), p.likelyWork(c)
			pk.MissingWork += w
			pk.MissingLikelyWork += lw
			if pk.MissingWorkBy == nil {
				pk.MissingWorkBy = map[[2]string][2]float64{}
			}
			k := [2]string{c.Kind, c.TopologyName()}
			by := pk.MissingWorkBy[k]
			pk.MissingWorkBy[k] = [2]float64{by[0] + w, by[1] + lw}
		}
	}
	if pe := p.Entry(dc); !pe.Run && pe.Status == Cached {
		e, ok := p.loaded[dc.Key]
		if !ok {
			var err error
			if e, err = store.Get(dc.Key); err != nil {
				return nil, err
			}
		}
		res, err := decodeResult(dc, e)
		if err != nil {
			return nil, err
		}
		for _, in := range dc.Inputs {
			count(in, true)
		}
		return res.table, nil
	}
	inputs := make([]*result, len(dc.Inputs))
	for i, in := range dc.Inputs {
		e, err := store.Get(in.Key)
		switch {
		case errors.Is(err, cache.ErrNotFound) || errors.Is(err, cache.ErrCorrupt):
			inputs[i] = &result{failed: &failure{cell: in, msg: NotComputed}}
			count(in, false)
			continue
		case err != nil:
			return nil, err
		}
		if inputs[i], err = decodeResult(in, e); err != nil {
			return nil, fmt.Errorf("%s: %w", in.Label, err)
		}
		count(in, true)
	}
	res, err := computeDataset(dc, inputs)
	if err != nil {
		return nil, err
	}
	return res.table, nil
}

// withoutErrors returns t without its error column, so that the values of
// cells not computed yet print blank rather than as failed.
func withoutErrors(t *dataset.Table) *dataset.Table {
	out := &dataset.Table{Meta: t.Meta}
	for _, c := range t.Columns {
		if c.Name != report.ErrorColumn {
			out.Columns = append(out.Columns, c)
		}
	}
	return out
}

// has reports whether e has a study, a table or a figure that name (as
// Plan.Peek takes it) designates.
func (e *Experiment) has(name string) bool {
	s, t, f := e.lookup(name)
	return s != nil || t != nil || f != nil
}
