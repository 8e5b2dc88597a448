package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/report"
)

// maxListed bounds the cells not computed that show lists by label.
const maxListed = 12

func (o *options) showCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "show EXPERIMENT [STUDY|TABLE|FIGURE]",
		Short: "Print a study, a table, a figure or the scorecard from the cells computed so far",
		Long: `show prints what the cache holds now, computing nothing and writing
nothing under results/: the way to look at a long run while it is going on,
or at one that stopped half-way (a paper profile carried over several
sessions, a cluster job).

With a study name it prints the study's rows; with a table name, the table
as 'run' would render it and its expectations; with a figure name, it draws
the figure into the file -o names (.png or .pdf); with no name, the
experiment's scorecard. Rows whose cells are not computed yet are blank (a
figure lacks their points), and the expectations that read them are listed
as pending, not as misses. The cells come from the cache (results/.cache)
and from the results files a fresh clone has, exactly as 'run' would take
them. A name that several blocks share is the table's, then the figure's:
write study.NAME, table.NAME or figure.NAME to choose.`,
		Example: `  runexp show experiments/diameter-two-sc15.hcl --var simulate=all --results results/paper
  runexp show experiments/diameter-two-sc15.hcl fig13_sf --var simulate=all --results results/paper
  runexp show experiments/diameter-two-sc15.hcl fig9a -o /tmp/fig9a.png --var simulate=all --results results/paper`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			exps, err := o.load(args[:1])
			if err != nil {
				return err
			}
			name := ""
			if len(args) == 2 {
				name = args[1]
			}
			en := o.engine(nil)
			p := eval.MakePlan(eval.BuildGraph(exps), en.Store, o.results)
			pk, err := p.Peek(cmd.Context(), en.Store, "", name)
			if err != nil {
				return &exitError{ExitInvalid, err}
			}
			if err := writeFigure(pk, out); err != nil {
				return err
			}
			if o.json {
				return json.NewEncoder(o.stdout).Encode(showJSON(pk, out))
			}
			printPeek(o.stdout, pk, out, measuredRates(o.results)[pk.Experiment])
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the file a figure is drawn into (.png or .pdf)")
	return cmd
}

// writeFigure writes pk's figure into path, as PNG or PDF by its
// extension; -o without a figure is an error.
func writeFigure(pk *eval.Peek, path string) error {
	switch {
	case pk.Figure == "" && path != "":
		return &exitError{ExitInvalid, fmt.Errorf("-o draws a figure: name one (this is %s)", peekWhat(pk))}
	case pk.Figure == "":
		return nil
	case path == "":
		return &exitError{ExitInvalid, fmt.Errorf("figure %s: name the file to draw it into with -o FILE.png or -o FILE.pdf", pk.Figure)}
	}
	var data []byte
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		data = pk.PNG
	case ".pdf":
		data = pk.PDF
	default:
		return &exitError{ExitInvalid, fmt.Errorf("-o %s: want a .png or .pdf file", path)}
	}
	if err := cache.WriteFileAtomic(path, data); err != nil {
		return &exitError{ExitFailed, err}
	}
	return nil
}

// peekWhat names what pk shows: "scorecard", "study S", "table T (study
// S)" or "figure F (study S)".
func peekWhat(pk *eval.Peek) string {
	switch {
	case pk.Table != "":
		return "table " + pk.Table + " (study " + pk.Study + ")"
	case pk.Figure != "":
		return "figure " + pk.Figure + " (study " + pk.Study + ")"
	case pk.Study != "":
		return "study " + pk.Study
	}
	return "scorecard"
}

// printPeek writes pk as text; out is the file its figure went to, m the
// timings log's rates of the experiment (nil: none).
func printPeek(w io.Writer, pk *eval.Peek, out string, m *measured) {
	fmt.Fprintf(w, "%s, %s: %d of %d cells computed", pk.Experiment, peekWhat(pk), pk.Computed, pk.Cells)
	if n := len(pk.Missing); n > 0 {
		fmt.Fprintf(w, ", %d not computed yet", n)
	}
	if pk.Figure != "" {
		fmt.Fprintf(w, "; drawn into %s", out)
	}
	fmt.Fprintln(w)
	if pk.Markdown != nil {
		fmt.Fprintln(w)
		w.Write(pk.Markdown)
	}
	if len(pk.Results) > 0 {
		printResults(w, pk.Results, pk.Table == "")
	}
	if n := len(pk.Missing); n > 0 {
		fmt.Fprintf(w, "\nNot computed yet (%d", n)
		if pk.MissingWork >= planWorkShown {
			fmt.Fprintf(w, ", about %s of one core", fmtHours(pk.MissingWork))
			if pk.MissingLikelyWork < pk.MissingWork {
				fmt.Fprintf(w, "; %s if each load sweep stops no later than the computed sweeps of its network and traffic with other routings", fmtHours(pk.MissingLikelyWork))
			}
			if m.shown() {
				var mw, ml float64
				for k, by := range pk.MissingWorkBy {
					r := m.rate(k[0], k[1])
					mw += by[0] * r
					ml += by[1] * r
				}
				fmt.Fprintf(w, "; measured here: about %s", fmtHours(mw))
				if pk.MissingLikelyWork < pk.MissingWork {
					fmt.Fprintf(w, ", %s with the predicted stops", fmtHours(ml))
				}
			}
		}
		fmt.Fprintln(w, "):")
		for i, m := range pk.Missing {
			if i == maxListed {
				fmt.Fprintf(w, "  ... and %d more\n", n-maxListed)
				break
			}
			fmt.Fprintf(w, "  %s\n", m)
		}
	}
}

// printResults writes the headline of rs over the expectations that could
// be checked, then the rows: all of them for a table (all), the misses and
// the pending ones for a scorecard.
func printResults(w io.Writer, rs []report.Result, scorecard bool) {
	var checked []report.Result
	pending := 0
	for _, r := range rs {
		if eval.Pending(r) {
			pending++
			continue
		}
		checked = append(checked, r)
	}
	if len(checked) == 0 {
		fmt.Fprint(w, "\nSo far: no expectation checked")
	} else {
		fmt.Fprintf(w, "\nSo far: %s", strings.TrimSuffix(report.Summarize(checked).Headline(), "."))
	}
	if pending > 0 {
		fmt.Fprintf(w, "; %d pending (their cells are not computed yet)", pending)
	}
	fmt.Fprintln(w, ".")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	defer tw.Flush()
	header := false
	for _, r := range rs {
		status := "ok"
		switch {
		case eval.Pending(r):
			status = "pending"
		case !r.OK:
			status = "MISS"
		}
		if scorecard && status == "ok" {
			continue
		}
		if !header {
			fmt.Fprintln(tw, "\n\ttable\tname\tkind\tcolumn\texpected\tgot")
			header = true
		}
		got := r.GotString()
		if status == "pending" {
			got = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", status, r.Table, r.Name, r.KindName(), r.Column, r.WantString(), got)
	}
}

// showJSON is the --json form of pk; out is the file its figure went to.
func showJSON(pk *eval.Peek, out string) map[string]any {
	missing := pk.Missing
	if missing == nil {
		missing = []string{}
	}
	js := map[string]any{"event": "show", "experiment": pk.Experiment, "cells": pk.Cells, "computed": pk.Computed,
		"not_computed": missing, "not_computed_work_s": pk.MissingWork}
	if pk.Study != "" {
		js["study"] = pk.Study
	}
	if pk.Table != "" {
		js["table"] = pk.Table
	}
	if pk.Figure != "" {
		js["figure"], js["file"] = pk.Figure, out
	}
	if pk.Markdown != nil {
		js["markdown"] = string(pk.Markdown)
	}
	var rows []map[string]any
	for _, r := range pk.Results {
		row := map[string]any{"table": r.Table, "name": r.Name, "kind": r.KindName(), "column": r.Column,
			"expected": r.WantString(), "ok": r.OK, "pending": eval.Pending(r)}
		if !eval.Pending(r) {
			row["got"] = r.GotString()
		}
		if r.Err != "" {
			row["error"] = r.Err
		}
		rows = append(rows, row)
	}
	if rows != nil {
		js["expectations"] = rows
	}
	return js
}
