package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/resultdiff"
)

func (o *options) diffCmd() *cobra.Command {
	var md bool
	cmd := &cobra.Command{
		Use:   "diff A B [EXPERIMENT...]",
		Short: "Show what changed between two results directories or two revisions",
		Long: `diff compares two versions of an experiment's results and lists only what
changed.

With two results directories (results/<experiment>), it compares the study
datasets row by row (rows added and removed, named by the parameters that
vary; metric values that changed), the scorecard (expectations that changed
state or value: held, missed, error) and the rendered tables and figures.

With two git revisions and the experiment files, it loads each file as it
is at each revision (git show) and lists the cells added, removed and
changed, with the reason as 'runexp plan' gives it; where both revisions'
datasets are in the cache (both were run), it also compares their rows and
values as above.

  runexp diff results-old/quickstart results/quickstart
  runexp diff HEAD~1 HEAD experiments/quickstart.hcl

--md writes Markdown, --json one JSON document.`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, b, files := args[0], args[1], args[2:]
			if isDir(a) && isDir(b) && len(files) == 0 {
				r, err := resultdiff.Dirs(a, b, resultdiff.Options{IsMetric: metricColumn()})
				if err != nil {
					return &exitError{ExitInvalid, err}
				}
				return o.writeDiff(r, nil, md)
			}
			if len(files) == 0 {
				return &exitError{ExitInvalid, fmt.Errorf("diff: %s and %s are not both results directories; to compare two revisions, name the experiment files: runexp diff %s %s experiments/NAME.hcl", a, b, a, b)}
			}
			return o.diffRevisions(a, b, files, md)
		},
	}
	cmd.Flags().BoolVar(&md, "md", false, "write Markdown")
	return cmd
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// metricColumn reports whether a dataset column holds a metric (compared
// by value) rather than a parameter (part of a row's identity).
func metricColumn() func(string) bool {
	names := map[string]bool{}
	for _, m := range eval.Metrics() {
		names[m.Name] = true
	}
	return func(c string) bool {
		if names[c] || c == "replicates" {
			return true
		}
		for _, suf := range []string{"_ci95", "_min", "_max"} {
			if names[strings.TrimSuffix(c, suf)] && strings.HasSuffix(c, suf) {
				return true
			}
		}
		return false
	}
}

// revisionDiff is the JSON form of a diff between two revisions.
type revisionDiff struct {
	A, B    string               `json:"-"`
	Cells   []eval.CellDiff      `json:"cells"`
	Results []*resultdiff.Report `json:"results,omitempty"`
	// NotCached lists the studies whose dataset one revision has not
	// computed (their values are not compared).
	NotCached []string `json:"not_cached,omitempty"`
}

// diffRevisions compares the experiment files at git revisions a and b.
func (o *options) diffRevisions(a, b string, files []string, md bool) error {
	tmp, err := os.MkdirTemp("", "runexp-diff-")
	if err != nil {
		return &exitError{ExitInvalid, err}
	}
	defer os.RemoveAll(tmp)
	var graphs [2]*eval.Graph
	for i, rev := range []string{a, b} {
		var paths []string
		for _, f := range files {
			data, err := gitShow(rev, f)
			if err != nil {
				return &exitError{ExitInvalid, err}
			}
			p := filepath.Join(tmp, fmt.Sprint(i), filepath.Base(f))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return &exitError{ExitInvalid, err}
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return &exitError{ExitInvalid, err}
			}
			paths = append(paths, p)
		}
		exps, err := o.load(paths)
		if err != nil {
			return err
		}
		graphs[i] = eval.BuildGraph(exps)
	}
	rd := &revisionDiff{A: a, B: b, Cells: eval.DiffGraphs(graphs[0], graphs[1])}
	// Values, where both revisions' datasets are cached.
	store := o.engine(nil).Store
	var dirs [2]string
	for i, g := range graphs {
		dirs[i] = filepath.Join(tmp, "results", fmt.Sprint(i))
		missing, err := eval.ExportDatasets(g, store, dirs[i])
		if err != nil {
			return &exitError{ExitInvalid, err}
		}
		for _, m := range missing {
			rd.NotCached = append(rd.NotCached, fmt.Sprintf("%s (%s)", m, []string{a, b}[i]))
		}
	}
	for _, e := range graphs[1].Experiments {
		da, db := filepath.Join(dirs[0], e.Name), filepath.Join(dirs[1], e.Name)
		if !isDir(da) || !isDir(db) {
			continue
		}
		r, err := resultdiff.Dirs(da, db, resultdiff.Options{IsMetric: metricColumn()})
		if err != nil {
			return &exitError{ExitInvalid, err}
		}
		// Only the datasets of both: a study only one revision has is
		// listed among the cells.
		var kept []resultdiff.DatasetDiff
		for _, d := range r.Datasets {
			if d.Status == "changed" {
				kept = append(kept, d)
			}
		}
		r.Datasets = kept
		r.A, r.B = e.Name+"@"+a, e.Name+"@"+b
		if len(r.Datasets) > 0 {
			rd.Results = append(rd.Results, r)
		}
	}
	return o.writeDiff(nil, rd, md)
}

// gitShow returns file as it is at git revision rev.
func gitShow(rev, file string) ([]byte, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	top, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return nil, fmt.Errorf("diff: %s is not in a git work tree (git rev-parse: %v)", file, err)
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), abs)
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command("git", "-C", dir, "show", rev+":"+filepath.ToSlash(rel))
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("diff: git show %s:%s: %s", rev, filepath.ToSlash(rel), strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// writeDiff prints a results-directory diff r or a revision diff rd.
func (o *options) writeDiff(r *resultdiff.Report, rd *revisionDiff, md bool) error {
	w := o.stdout
	if r != nil {
		switch {
		case o.json:
			return r.WriteJSON(w)
		case md:
			return r.WriteMarkdown(w)
		}
		return r.WriteText(w)
	}
	if o.json {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rd)
	}
	var b strings.Builder
	if md {
		fmt.Fprintf(&b, "# %s → %s\n\n", rd.A, rd.B)
	}
	if len(rd.Cells) == 0 {
		fmt.Fprintf(&b, "%s and %s expand to the same cells\n", rd.A, rd.B)
	} else {
		counts := map[string]int{}
		for _, c := range rd.Cells {
			counts[c.Status]++
		}
		fmt.Fprintf(&b, "cells: %d added, %d removed, %d changed\n", counts["added"], counts["removed"], counts["changed"])
		if md {
			b.WriteString("\n| | cell | why |\n| --- | --- | --- |\n")
		}
		sign := map[string]string{"added": "+", "removed": "-", "changed": "~"}
		for _, c := range rd.Cells {
			if md {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", sign[c.Status], mdCell(c.Cell), mdCell(c.Reason))
			} else if c.Reason != "" {
				fmt.Fprintf(&b, "  %s %s: %s\n", sign[c.Status], c.Cell, c.Reason)
			} else {
				fmt.Fprintf(&b, "  %s %s\n", sign[c.Status], c.Cell)
			}
		}
	}
	if _, err := fmt.Fprint(w, b.String()); err != nil {
		return err
	}
	for _, r := range rd.Results {
		fmt.Fprintln(w)
		var err error
		if md {
			err = r.WriteMarkdown(w)
		} else {
			fmt.Fprintf(w, "values (%s → %s):\n", r.A, r.B)
			err = r.WriteText(w)
		}
		if err != nil {
			return err
		}
	}
	if len(rd.NotCached) > 0 {
		fmt.Fprintf(w, "\nnot compared (not computed at that revision): %s\n", strings.Join(rd.NotCached, ", "))
	}
	return nil
}

// mdCell escapes a Markdown table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
