package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/report"
)

// maxListed bounds the cells not computed that show lists by label.
const maxListed = 12

func (o *options) showCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show EXPERIMENT [STUDY|TABLE]",
		Short: "Print a study, a table or the scorecard from the cells computed so far",
		Long: `show prints what the cache holds now, computing nothing and writing
nothing: the way to look at a long run while it is going on, or at one that
stopped half-way (a paper profile carried over several sessions, a cluster
job).

With a study name it prints the study's rows; with a table name, the table
as 'run' would render it and its expectations; with no name, the
experiment's scorecard. Rows whose cells are not computed yet are blank, and
the expectations that read them are listed as pending, not as misses. The
cells come from the cache (results/.cache) and from the results files a
fresh clone has, exactly as 'run' would take them.`,
		Example: `  runexp show experiments/diameter-two-sc15.hcl --var simulate=all --results results/paper
  runexp show experiments/diameter-two-sc15.hcl fig13_sf --var simulate=all --results results/paper`,
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
			exp := ""
			if len(exps) > 1 {
				// A directory of experiments: the one that has the name.
				exp = experimentWith(exps, name)
			}
			pk, err := p.Peek(en.Store, exp, name)
			if err != nil {
				return &exitError{ExitInvalid, err}
			}
			if o.json {
				return json.NewEncoder(o.stdout).Encode(showJSON(pk))
			}
			printPeek(o.stdout, pk)
			return nil
		},
	}
}

// experimentWith returns the name of the first of exps that has a study or
// table called name, or "" (Peek then asks for one).
func experimentWith(exps []*eval.Experiment, name string) string {
	for _, e := range exps {
		if e.Has(name) {
			return e.Name
		}
	}
	return ""
}

// printPeek writes pk as text.
func printPeek(w io.Writer, pk *eval.Peek) {
	what := "scorecard"
	switch {
	case pk.Table != "":
		what = "table " + pk.Table + " (study " + pk.Study + ")"
	case pk.Study != "":
		what = "study " + pk.Study
	}
	fmt.Fprintf(w, "%s, %s: %d of %d cells computed", pk.Experiment, what, pk.Computed, pk.Cells)
	if n := len(pk.Missing); n > 0 {
		fmt.Fprintf(w, ", %d not computed yet", n)
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
		fmt.Fprintf(w, "\nNot computed yet (%d):\n", n)
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

// showJSON is the --json form of pk.
func showJSON(pk *eval.Peek) map[string]any {
	missing := pk.Missing
	if missing == nil {
		missing = []string{}
	}
	out := map[string]any{"event": "show", "experiment": pk.Experiment, "cells": pk.Cells, "computed": pk.Computed,
		"not_computed": missing}
	if pk.Study != "" {
		out["study"] = pk.Study
	}
	if pk.Table != "" {
		out["table"] = pk.Table
	}
	if pk.Markdown != nil {
		out["markdown"] = string(pk.Markdown)
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
		out["expectations"] = rows
	}
	return out
}
