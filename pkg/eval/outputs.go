package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/report"
)

// Output layout under results/<experiment>/.
const (
	figuresDir = "figures"
	tablesDir  = "tables"
)

// entryOf returns the stored entry of an output cell. Without an entry it
// says why: the cell failed or was skipped in this run, or it was neither
// cached nor computed (a report without data); it returns an error if the
// entry should be there and is not (removed by another process).
func (r *run) entryOf(c *Cell) (*cache.Entry, string, error) {
	r.mu.Lock()
	res, ok := r.results[c]
	failed := r.failed[c]
	r.mu.Unlock()
	switch {
	case failed:
		return nil, "its cell failed or was skipped", nil
	case ok:
		return res.entry, "", nil
	}
	if e, ok := r.plan.loaded[c.Key]; ok {
		return e, "", nil
	}
	if pe := r.plan.Entry(c); pe != nil && !pe.Run && pe.Status != Cached {
		return nil, "not computed", nil
	}
	e, err := r.en.Store.Get(c.Key)
	if err != nil {
		return nil, "its cache entry could not be read", fmt.Errorf("%s: %w", c.Label, err)
	}
	return e, "", nil
}

// computed returns the result of c computed in this run, or nil.
func (r *run) computed(c *Cell) *result {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.results[c]
}

// declaredOutputs lists the files e's blocks produce under
// results/<experiment>/, relative and slash-separated.
func declaredOutputs(e *Experiment) []string {
	outs := []string{"report.md"}
	for _, s := range e.Studies {
		outs = append(outs, s.Name+".parquet")
	}
	for _, f := range e.Figures {
		outs = append(outs, path.Join(figuresDir, f.Name+".pdf"), path.Join(figuresDir, f.Name+".png"))
	}
	expect := false
	for _, t := range e.Tables {
		outs = append(outs, path.Join(tablesDir, t.Name+".md"), path.Join(tablesDir, t.Name+".tex"), path.Join(tablesDir, t.Name+".csv"))
		expect = expect || len(t.Expect) > 0
	}
	if expect {
		outs = append(outs, "scorecard.md", "scorecard.json")
	}
	return outs
}

// Outputs returns the number of outputs a run of e checks and writes when
// they changed: one per study dataset, figure and table, the scorecard
// (when a table has expectations) and the report (the blocks of
// declaredOutputs, whose figures, tables and scorecard are several files).
func (e *Experiment) Outputs() int {
	n := len(e.Studies) + len(e.Figures) + len(e.Tables) + 1 // report.md
	if slices.ContainsFunc(e.Tables, func(t *Table) bool { return len(t.Expect) > 0 }) {
		n++ // scorecard.md and .json
	}
	return n
}

// removeTemps removes the temporary files a killed run left while writing
// e's outputs (those it declares and prev, the outputs of the last run),
// its writability probe and its manifest. The caller holds e's output lock, so no live process is writing
// them.
func (r *run) removeTemps(e *Experiment, prev []string) error {
	byDir := map[string][]string{}
	names := append(append(declaredOutputs(e), prev...), probeName)
	for _, o := range names {
		if !filepath.IsLocal(o) {
			continue
		}
		dir, base := path.Split(o)
		byDir[dir] = append(byDir[dir], base)
	}
	var errs []error
	for dir, bases := range byDir {
		_, err := cache.RemoveTempsIn(filepath.Join(r.en.Results, e.Name, filepath.FromSlash(dir)), bases)
		errs = append(errs, err)
	}
	_, err := cache.RemoveTempsIn(filepath.Dir(manifestPath(r.en.Results, e.Name)), []string{e.Name + ".json"})
	errs = append(errs, err)
	return errors.Join(errs...)
}

// relPos makes an expectation's position ("file:line,col-col") relative to
// the experiment's directory, so that scorecards do not depend on how the
// experiment's path was typed.
func relPos(e *Experiment, pos string) string {
	if rest, ok := strings.CutPrefix(pos, e.Path+":"); ok {
		return filepath.Base(e.Path) + ":" + rest
	}
	return pos
}

// writeOutputs writes the Parquet datasets, figures, tables, scorecard and
// report of e. A file is rewritten only if its content changed. The outputs
// of a dataset assembled with failed cells are written (the report lists
// the failures). The files
// of an output whose cell failed or was skipped are left as an earlier run
// wrote them, and the report says so; only the files of blocks that left
// the experiment are removed (prev lists the outputs of the last run). It
// returns the number of files written.
func (r *run) writeOutputs(e *Experiment, prev []string) (int, error) {
	g := r.plan.Graph
	dir := filepath.Join(r.en.Results, e.Name)
	var outs []string
	written := 0
	var errs []error
	put := func(rel string, data []byte) {
		outs = append(outs, rel)
		path := filepath.Join(dir, rel)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
			return
		}
		if r.dry {
			r.would = append(r.would, filepath.Join(e.Name, rel))
			return
		}
		if err := cache.WriteFileAtomic(path, data); err != nil {
			errs = append(errs, err)
			return
		}
		written++
		r.en.emit(Event{Type: EventWrite, Experiment: e.Name, Path: path})
	}
	ix := report.Index{Experiment: e.Name, Title: e.Title, Description: e.Description}
	// entry returns c's entry, or nil after recording why there is none:
	// the files rels are kept from an earlier run where they exist.
	entry := func(c *Cell, what string, rels ...string) *cache.Entry {
		if pe := r.plan.Entry(c); r.dry && pe != nil && pe.Run {
			// Computed by the run: its files will be written.
			for _, rel := range rels {
				r.would = append(r.would, filepath.Join(e.Name, rel))
				outs = append(outs, rel)
			}
			return nil
		}
		ent, why, err := r.entryOf(c)
		if err != nil {
			errs = append(errs, fmt.Errorf("output %s not written: %w", what, err))
		}
		if ent != nil {
			return ent
		}
		var kept []string
		for _, rel := range rels {
			if fi, err := os.Stat(filepath.Join(dir, rel)); err == nil && fi.Mode().IsRegular() {
				kept = append(kept, rel)
				outs = append(outs, rel)
			}
		}
		if len(kept) > 0 {
			ix.NotUpdated = append(ix.NotUpdated, fmt.Sprintf("%s: %s; %s kept from an earlier run", what, why, strings.Join(kept, ", ")))
		} else {
			ix.NotUpdated = append(ix.NotUpdated, fmt.Sprintf("%s: %s; no earlier output", what, why))
		}
		return nil
	}
	for _, s := range e.Studies {
		rel := s.Name + ".parquet"
		se := report.StudyEntry{Name: s.Name, Path: rel, Rows: s.Rows(), Columns: columnNames(s), Pricing: studyPricing(s)}
		ent := entry(g.Datasets[s], "study "+s.Name, rel)
		if ent == nil {
			if _, err := os.Stat(filepath.Join(dir, rel)); err == nil {
				ix.Studies = append(ix.Studies, se)
			}
			continue
		}
		data, _ := ent.Blob(blobParquet)
		put(rel, data)
		if s.Clex != nil && s.Clex.Grain == clexGrainPhase {
			se.Rows = datasetRows(data, se.Rows) // the phases are known now
		}
		if res := r.computed(g.Datasets[s]); res != nil && res.incomplete {
			se.Columns = append(se.Columns, report.ErrorColumn)
			ix.Failures = append(ix.Failures, res.failures...)
		}
		ix.Studies = append(ix.Studies, se)
	}
	for _, f := range e.Figures {
		fe := report.FigureEntry{Name: f.Name, Title: f.Spec.Title,
			PDF: path.Join(figuresDir, f.Name+".pdf"), PNG: path.Join(figuresDir, f.Name+".png")}
		ent := entry(g.Figures[f], "figure "+f.Name, fe.PDF, fe.PNG)
		if ent == nil {
			if _, err := os.Stat(filepath.Join(dir, fe.PNG)); err == nil {
				ix.Figures = append(ix.Figures, fe)
			}
			continue
		}
		pdf, _ := ent.Blob(blobPDF)
		png, _ := ent.Blob(blobPNG)
		outside, _ := ent.Blob(blobOutside)
		fe.Outside = string(outside)
		put(fe.PDF, pdf)
		put(fe.PNG, png)
		ix.Figures = append(ix.Figures, fe)
	}
	var score []report.Result
	for _, t := range e.Tables {
		te := report.TableEntry{Name: t.Name, Title: t.Spec.Title,
			Markdown: path.Join(tablesDir, t.Name+".md"), LaTeX: path.Join(tablesDir, t.Name+".tex"), CSV: path.Join(tablesDir, t.Name+".csv")}
		ent := entry(g.Tables[t], "table "+t.Name, te.Markdown, te.LaTeX, te.CSV)
		if ent == nil {
			if md, err := os.ReadFile(filepath.Join(dir, te.Markdown)); err == nil {
				te.Content = md
				ix.Tables = append(ix.Tables, te)
			}
			for _, x := range t.Expect {
				x.Pos = relPos(e, x.Pos)
				score = append(score, report.Result{Expectation: x,
					Err: "not evaluated: table " + t.Name + " was not rendered in the last run"})
			}
			continue
		}
		md, _ := ent.Blob(blobMarkdown)
		tex, _ := ent.Blob(blobLaTeX)
		csv, _ := ent.Blob(blobCSV)
		te.Content = md
		put(te.Markdown, md)
		put(te.LaTeX, tex)
		put(te.CSV, csv)
		ix.Tables = append(ix.Tables, te)
		raw, _ := ent.Blob(blobExpect)
		var rs []report.Result
		if err := json.Unmarshal(raw, &rs); err != nil || len(rs) != len(t.Expect) {
			errs = append(errs, fmt.Errorf("table %s: stored expectation results do not match the table", t.Name))
			continue
		}
		for i := range rs {
			// Positions, kinds, notes, reasons and printed forms are
			// not part of the cell key: they come from the file as it is.
			x := t.Expect[i]
			rs[i].Pos = relPos(e, x.Pos)
			rs[i].Kind, rs[i].Note, rs[i].Why, rs[i].Printed = x.Kind, x.Note, x.Why, x.Printed
		}
		score = append(score, rs...)
	}
	if len(score) > 0 {
		js, err := report.ScorecardJSON(e.Name, score)
		if err != nil {
			errs = append(errs, err)
		} else {
			ix.Scorecard = report.NewScoreSummary(score, "scorecard.md", "scorecard.json")
			put("scorecard.md", report.ScorecardMarkdown(e.Name, score))
			put("scorecard.json", js)
		}
	}
	put("report.md", report.RenderIndex(ix))
	sort.Strings(outs)
	outs = slices.Compact(outs)
	// Remove what an earlier run wrote for blocks that left the experiment.
	keep := map[string]bool{}
	for _, o := range append(declaredOutputs(e), outs...) {
		keep[o] = true
	}
	for _, o := range prev {
		if !keep[o] && filepath.IsLocal(o) && !r.dry {
			if err := os.Remove(filepath.Join(dir, o)); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	r.outputs[e] = outs
	return written, errors.Join(errs...)
}

// studyPricing says how study s prices its topologies, if it has cost
// metrics: the families laid out and those priced from formulas.
func studyPricing(s *Study) *report.Pricing {
	if s.CostModel == nil || !slices.Contains(studyGroups(s), GroupCost) {
		return nil
	}
	p := &report.Pricing{CostModel: s.CostModel.Name}
	for _, t := range s.Topologies {
		for _, in := range t.Instances {
			name := t.Family.Name
			dst := &p.Formula
			if costMethod(s.CostModel, in) == "layout" {
				dst = &p.Layout
			}
			if !slices.Contains(*dst, name) {
				*dst = append(*dst, name)
			}
		}
	}
	slices.Sort(p.Layout)
	slices.Sort(p.Formula)
	return p
}

// PlannedWrites lists the output files (relative to the results directory,
// experiment/…) that running plan p would write: the datasets, figures
// and tables of the cells it computes, and those whose cached content
// differs from the file on disk (or whose file is missing), with the
// scorecards and reports that change. It writes nothing.
func (en *Engine) PlannedWrites(p *Plan) ([]string, error) {
	r := &run{en: en, plan: p, results: map[*Cell]*result{}, failed: map[*Cell]bool{}, outputs: map[*Experiment][]string{}, dry: true}
	var errs []error
	for _, e := range p.Graph.Experiments {
		if _, err := r.writeOutputs(e, nil); err != nil {
			errs = append(errs, err)
		}
	}
	sort.Strings(r.would)
	return slices.Compact(r.would), errors.Join(errs...)
}
