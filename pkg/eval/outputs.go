package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/report"
)

// Output layout under results/<experiment>/.
const (
	figuresDir = "figures"
	tablesDir  = "tables"
)

// entryOf returns the stored entry of an output cell, or nil if it is not
// available (failed or skipped in this run).
func (r *run) entryOf(c *Cell) *cache.Entry {
	if e, ok := r.plan.loaded[c.Key]; ok {
		return e
	}
	e, err := r.en.Store.Get(c.Key)
	if err != nil {
		return nil
	}
	return e
}

// writeOutputs writes the Parquet datasets, figures, tables, scorecard and
// report of e. A file is rewritten only if its content changed; outputs of
// an earlier run that are no longer produced are removed. It returns the
// number of files written.
func (r *run) writeOutputs(e *Experiment) (int, error) {
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
		if err := cache.WriteFileAtomic(path, data); err != nil {
			errs = append(errs, err)
			return
		}
		written++
		r.en.emit(Event{Type: EventWrite, Experiment: e.Name, Path: path})
	}
	ix := report.Index{Experiment: e.Name, Title: e.Title, Description: e.Description}
	for _, s := range e.Studies {
		ent := r.entryOf(g.Datasets[s])
		if ent == nil {
			continue
		}
		data, _ := ent.Blob(blobParquet)
		rel := s.Name + ".parquet"
		put(rel, data)
		ix.Studies = append(ix.Studies, report.StudyEntry{Name: s.Name, Path: rel, Rows: s.Rows(), Columns: columnNames(s)})
	}
	for _, f := range e.Figures {
		ent := r.entryOf(g.Figures[f])
		if ent == nil {
			continue
		}
		pdf, _ := ent.Blob(blobPDF)
		png, _ := ent.Blob(blobPNG)
		fe := report.FigureEntry{Name: f.Name, Title: f.Spec.Title,
			PDF: filepath.Join(figuresDir, f.Name+".pdf"), PNG: filepath.Join(figuresDir, f.Name+".png")}
		put(fe.PDF, pdf)
		put(fe.PNG, png)
		ix.Figures = append(ix.Figures, fe)
	}
	var score []report.Result
	for _, t := range e.Tables {
		ent := r.entryOf(g.Tables[t])
		if ent == nil {
			continue
		}
		md, _ := ent.Blob(blobMarkdown)
		tex, _ := ent.Blob(blobLaTeX)
		csv, _ := ent.Blob(blobCSV)
		te := report.TableEntry{Name: t.Name, Title: t.Spec.Title, Content: md,
			Markdown: filepath.Join(tablesDir, t.Name+".md"), LaTeX: filepath.Join(tablesDir, t.Name+".tex"), CSV: filepath.Join(tablesDir, t.Name+".csv")}
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
			rs[i].Pos = t.Expect[i].Pos // positions are not part of the cell key
		}
		score = append(score, rs...)
	}
	if len(score) > 0 {
		js, err := report.ScorecardJSON(e.Name, score)
		if err != nil {
			errs = append(errs, err)
		} else {
			passed := 0
			for _, s := range score {
				if s.OK {
					passed++
				}
			}
			ix.Scorecard = &report.ScoreSummary{Passed: passed, Total: len(score), Markdown: "scorecard.md", JSON: "scorecard.json"}
			put("scorecard.md", report.ScorecardMarkdown(e.Name, score))
			put("scorecard.json", js)
		}
	}
	put("report.md", report.RenderIndex(ix))
	sort.Strings(outs)
	// Remove what an earlier run wrote and this one no longer produces.
	prev := readManifest(r.en.Results, e.Name).Outputs
	keep := map[string]bool{}
	for _, o := range outs {
		keep[o] = true
	}
	for _, o := range prev {
		if !keep[o] && filepath.IsLocal(o) {
			if err := os.Remove(filepath.Join(dir, o)); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	r.outputs[e] = outs
	return written, errors.Join(errs...)
}
