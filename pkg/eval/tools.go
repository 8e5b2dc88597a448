package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/userfile"
)

// FormatFiles formats experiment files with hclwrite. It returns the files
// that were not formatted (and, with write, have been rewritten with
// userfile.Write: through symbolic links, keeping modes and hard links).
// Files with syntax errors give diagnostics and are left alone; the
// returned map holds the parsed files for printing them.
func FormatFiles(paths []string, write bool) ([]string, hcl.Diagnostics, map[string]*hcl.File) {
	p := hclparse.NewParser()
	var changed []string
	var diags hcl.Diagnostics
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot read file", Detail: err.Error()})
			continue
		}
		if _, ds := p.ParseHCL(src, path); ds.HasErrors() {
			diags = append(diags, ds...)
			continue
		}
		out := keywordSpace(hclwrite.Format(src))
		if bytes.Equal(out, src) {
			continue
		}
		changed = append(changed, path)
		if write {
			if err := userfile.Write(path, out); err != nil {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cannot write file", Detail: err.Error()})
			}
		}
	}
	return changed, diags, p.Files()
}

// List writes the studies, figures and tables of the plan's experiments with
// their status (and every cell if cells is set), as text or JSON lines.
func List(w io.Writer, p *Plan, cells, asJSON bool) {
	enc := json.NewEncoder(w)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	defer tw.Flush()
	status := func(c *Cell) string {
		pe := p.Entry(c)
		if pe.Run {
			return string(pe.Status)
		}
		return string(Cached)
	}
	// summary of a set of cells: counts by status.
	count := func(keep func(*Cell) bool) string {
		var cached, run int
		for _, pe := range p.Entries {
			if !keep(pe.Cell) {
				continue
			}
			if pe.Run {
				run++
			} else if pe.Status == Cached {
				cached++
			}
		}
		if run == 0 {
			return fmt.Sprintf("%d cells, all cached", cached)
		}
		return fmt.Sprintf("%d cells, %d cached, %d to compute", cached+run, cached, run)
	}
	for _, e := range p.Graph.Experiments {
		if !asJSON {
			title := ""
			if e.Title != "" {
				title = ": " + e.Title
			}
			fmt.Fprintf(tw, "%s (%s)%s\n", e.Name, e.Path, title)
		}
		for _, s := range e.Studies {
			inputs := map[*Cell]bool{}
			var walk func(c *Cell)
			walk = func(c *Cell) {
				if inputs[c] {
					return
				}
				inputs[c] = true
				for _, in := range c.Inputs {
					walk(in)
				}
			}
			dc := p.Graph.Datasets[s]
			walk(dc)
			rows := s.Rows()
			cells := count(func(c *Cell) bool { return inputs[c] })
			if from := p.Entry(dc).From; from != "" {
				cells = "dataset from " + from
			}
			if asJSON {
				enc.Encode(map[string]any{"experiment": e.Name, "study": s.Name, "rows": rows, "metrics": metricNames(s.Metrics),
					"status": status(dc), "cells": cells})
				continue
			}
			fmt.Fprintf(tw, "  study %s\t%d rows\t%s\tmetrics: %s\n", s.Name, rows, cells, strings.Join(metricNames(s.Metrics), ", "))
		}
		for _, f := range e.Figures {
			if asJSON {
				enc.Encode(map[string]any{"experiment": e.Name, "figure": f.Name, "study": f.Study.Name, "status": status(p.Graph.Figures[f])})
				continue
			}
			fmt.Fprintf(tw, "  figure %s\tstudy %s\t%s\n", f.Name, f.Study.Name, status(p.Graph.Figures[f]))
		}
		for _, t := range e.Tables {
			if asJSON {
				enc.Encode(map[string]any{"experiment": e.Name, "table": t.Name, "study": t.Study.Name, "expectations": len(t.Expect), "status": status(p.Graph.Tables[t])})
				continue
			}
			fmt.Fprintf(tw, "  table %s\tstudy %s\t%s\t%d expectations\n", t.Name, t.Study.Name, status(p.Graph.Tables[t]), len(t.Expect))
		}
		if !cells {
			continue
		}
		for _, pe := range p.Entries {
			c := pe.Cell
			if c.Exp != e || (!pe.Run && pe.Status != Cached) {
				continue
			}
			if asJSON {
				enc.Encode(map[string]any{"experiment": e.Name, "cell": c.ID, "kind": c.Kind, "label": c.Label, "key": c.Key.String(), "status": status(c), "reason": pe.Reason})
				continue
			}
			fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", status(c), c.Label, c.Key.Short(), pe.Reason)
		}
	}
}

// GCStats reports what CollectGarbage removed and kept.
type GCStats = cache.Collected

// CollectGarbage removes the cache entries that no cell of g references and
// no live run has leased (see cache.Store.Collect), and the temporary files
// of killed writers: all of them when no run is live, else those older than
// an hour. It touches only runexp's own files. With dryRun it only counts.
func CollectGarbage(g *Graph, store *cache.Store, dryRun bool) (GCStats, error) {
	keep := map[cache.Key]bool{}
	for _, c := range g.Cells {
		keep[c.Key] = true
	}
	return store.Collect(keep, dryRun)
}

// FamilyDoc is the JSON form of a family's documentation.
type FamilyDoc struct {
	Name    string     `json:"name"`
	Summary string     `json:"summary"` // one line: what the family is
	Doc     string     `json:"doc"`
	Params  []ParamDoc `json:"params"`
}

// ParamDoc documents one parameter.
type ParamDoc struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Default string   `json:"default,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Doc     string   `json:"doc"`
	// Column is the parameter's dataset column where it is not Name (see
	// paramColumn).
	Column string `json:"column,omitempty"`
}

// metricSet returns the names of all metrics.
func metricSet() map[string]bool {
	out := map[string]bool{}
	for _, m := range Metrics() {
		out[m.Name] = true
	}
	return out
}

// paramDocText is p's documentation with, where the dataset column is not
// the parameter's name, the column's name.
func paramDocText(p families.Param, metric map[string]bool) string {
	if c := paramColumn(p, metric); c != p.Name {
		return p.Doc + "; dataset column " + c
	}
	return p.Doc
}

// FamiliesDoc returns the documentation of the named families (all if none)
// and of the metrics.
func FamiliesDoc(reg *families.Registry, names []string) map[string]any {
	if len(names) == 0 {
		names = reg.Names()
	}
	var fams []FamilyDoc
	metric := metricSet()
	for _, n := range names {
		f, _ := reg.Lookup(n)
		fd := FamilyDoc{Name: f.Name, Summary: f.Summary, Doc: f.Doc}
		for _, p := range f.Params {
			pd := ParamDoc{Name: p.Name, Kind: p.Kind.String(), Default: defaultString(p), Choices: p.Choices, Doc: p.Doc}
			if c := paramColumn(p, metric); c != p.Name {
				pd.Column = c
			}
			fd.Params = append(fd.Params, pd)
		}
		fams = append(fams, fd)
	}
	return map[string]any{"families": fams, "metrics": Metrics()}
}

func defaultString(p families.Param) string {
	switch d := p.Default.(type) {
	case nil:
		return ""
	case string:
		return fmt.Sprintf("%q", d)
	default:
		return formatParam(d)
	}
}

func kindString(p families.Param) string {
	k := p.Kind.String()
	if p.Kind == families.Int && len(p.Choices) > 0 {
		for _, c := range p.Choices {
			k += fmt.Sprintf(" | %q", c)
		}
	}
	return k
}

// FamiliesText is the plain-text output of `runexp families`: without names
// an index (one line per family: its name and summary, marked when it is
// sizing-only or partly built) followed by the metrics; with names the documentation and
// parameters of those families, and a pointer to the metrics instead of
// the metrics themselves.
func FamiliesText(reg *families.Registry, names []string) string {
	var b strings.Builder
	if len(names) == 0 {
		b.WriteString("families (runexp families NAME... for documentation and parameters)\n")
		tw := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
		for _, n := range reg.Names() {
			f, _ := reg.Lookup(n)
			summary := f.Summary
			switch {
			case f.SizingOnly():
				summary += " [sizing-only]"
			case f.PartlySizingOnly():
				summary += " [partly built]"
			}
			fmt.Fprintf(tw, "    %s\t%s\n", f.Name, summary)
		}
		tw.Flush()
		b.WriteString("\nmetrics (study metrics = [...])\n")
		tw = tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
		for _, m := range Metrics() {
			fmt.Fprintf(tw, "    %s\t%s\t[%s]\t%s\n", m.Name, m.Group, m.Unit, m.Doc)
		}
		tw.Flush()
		return b.String()
	}
	doc := FamiliesDoc(reg, names)["families"].([]FamilyDoc)
	metric := metricSet()
	for i, n := range names {
		f, _ := reg.Lookup(n)
		fmt.Fprintf(&b, "%s: %s\n", f.Name, f.Summary)
		for _, line := range wrap(f.Doc, 76) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		tw := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
		for j, p := range f.Params {
			kind := p.Kind.String()
			if p.Kind == families.Int {
				for _, c := range p.Choices {
					kind += fmt.Sprintf(" | %q", c)
				}
			}
			def := "required"
			if d := doc[i].Params[j].Default; d != "" {
				def = "default " + d
			}
			fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", p.Name, kind, def, paramDocText(p, metric))
		}
		tw.Flush()
		b.WriteString("\n")
	}
	b.WriteString("metrics: runexp families (without names) lists them\n")
	return b.String()
}

// buildKind says whether f builds its graphs: "built", "sizing-only" or
// "partly built" (some variants are sizing-only).
func buildKind(f *families.Family) string {
	switch {
	case f.SizingOnly():
		return "sizing-only"
	case f.PartlySizingOnly():
		return "partly built"
	}
	return "built"
}

// FamiliesMarkdown is the reference of families and metrics for docs/ (pkg/cli's TestDocsReference checks the pages hold it).
func FamiliesMarkdown(reg *families.Registry) string {
	var b strings.Builder
	b.WriteString("### Families\n\n| family | parameters | graph |\n|---|---|---|\n")
	for _, n := range reg.Names() {
		f, _ := reg.Lookup(n)
		graph := buildKind(f)
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", f.Name, f.Name, strings.Join(f.ParamNames(), ", "), graph)
	}
	b.WriteString("\n")
	metric := metricSet()
	for _, n := range reg.Names() {
		f, _ := reg.Lookup(n)
		fmt.Fprintf(&b, "#### `%s`\n\n%s\n\n| parameter | type | default | meaning |\n|---|---|---|---|\n", f.Name, f.Doc)
		for _, p := range f.Params {
			def := defaultString(p)
			if def == "" {
				def = "required"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Name, strings.ReplaceAll(kindString(p), "|", "\\|"), def, paramDocText(p, metric))
		}
		b.WriteString("\n")
	}
	b.WriteString("### Metrics\n\n| metric | group | unit | meaning |\n|---|---|---|---|\n")
	for _, m := range Metrics() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", m.Name, m.Group, m.Unit, m.Doc)
	}
	b.WriteString("\n### Cost model fields\n\nAttributes of a `cost_model` block, on top of its `preset` (")
	for i, n := range cost.PresetNames() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "`%s`", n)
	}
	b.WriteString("; default `sc14`).\n\n| field | type | unit | ")
	for _, n := range cost.PresetNames() {
		fmt.Fprintf(&b, "%s | ", n)
	}
	b.WriteString("meaning |\n|---|---|---|")
	for range cost.PresetNames() {
		b.WriteString("---|")
	}
	b.WriteString("---|\n")
	presets := make([]cost.Model, 0, len(cost.PresetNames()))
	for _, n := range cost.PresetNames() {
		m, _ := cost.Preset(n)
		presets = append(presets, m)
	}
	for _, f := range cost.Fields() {
		if f.Name == "name" {
			continue
		}
		kind := f.Kind
		if len(f.Choices) > 0 {
			kind = strings.ReplaceAll(quoteAll(f.Choices), ", ", " \\| ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | ", f.Name, kind, f.Unit)
		for i := range presets {
			v, _ := presets[i].Get(f.Name)
			if s, ok := v.(string); ok {
				v = fmt.Sprintf("%q", s)
			}
			fmt.Fprintf(&b, "%v | ", v)
		}
		fmt.Fprintf(&b, "%s |\n", f.Doc)
	}
	b.WriteString("\n### Sim options\n\nSet in a study's `sim { ... }` block; any option may be a list (a sweep axis).\n\n| option | type | default | meaning |\n|---|---|---|---|\n")
	for _, o := range simOptions() {
		kind, def := optionKindDefault(o.Kind, o.Choices, o.Default)
		doc := o.Doc
		if o.Limits != "" {
			doc += "; limits: " + o.Limits
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", o.Name, kind, def, doc)
	}
	b.WriteString("\n### Clex options\n\nSet in a study's `clex { ... }` block (family clex only); `messages_per_node` and `request_ack` may be lists (sweep axes).\n\n| option | type | default | meaning |\n|---|---|---|---|\n")
	for _, o := range clexOptions() {
		kind, def := optionKindDefault(o.Kind, nil, o.Default)
		if o.Default == nil {
			def = "required"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", o.Name, kind, def, o.Doc)
	}
	b.WriteString("\n### Analysis options\n\nSet in a study's `analysis { ... }` block.\n\n| option | type | default | groups | meaning |\n|---|---|---|---|---|\n")
	for _, o := range analysisOptions() {
		kind, def := optionKindDefault(o.Kind, o.Choices, o.Default)
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", o.Name, kind, def, strings.Join(o.Groups, ", "), o.Doc)
	}
	return b.String()
}

// optionKindDefault formats an option's type (its choices when it has
// some) and default for a Markdown table.
func optionKindDefault(kind string, choices []string, def any) (string, string) {
	if len(choices) > 0 {
		kind = strings.ReplaceAll(quoteAll(choices), ", ", " \\| ")
	}
	if s, ok := def.(string); ok {
		return kind, fmt.Sprintf("%q", s)
	}
	return kind, fmt.Sprint(def)
}

// wrap splits text into lines of at most width characters.
func wrap(text string, width int) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}

// keywordSpace puts back the space that hclwrite.Format removes between a
// for expression's keyword and a parenthesis (`q if (3 * q) > 1` would
// become `q if(3 * q) > 1`, read as a function call): HCL has no function
// named if, in or for, so such an identifier before "(" is the keyword.
func keywordSpace(src []byte) []byte {
	toks, diags := hclsyntax.LexConfig(src, "", hcl.InitialPos)
	if diags.HasErrors() {
		return src
	}
	var at []int
	for i := 0; i+1 < len(toks); i++ {
		t, next := toks[i], toks[i+1]
		if t.Type != hclsyntax.TokenIdent || next.Type != hclsyntax.TokenOParen || t.Range.End.Byte != next.Range.Start.Byte {
			continue
		}
		switch string(t.Bytes) {
		case "if", "in", "for":
			at = append(at, t.Range.End.Byte)
		}
	}
	if len(at) == 0 {
		return src
	}
	out := make([]byte, 0, len(src)+len(at))
	prev := 0
	for _, b := range at {
		out = append(out, src[prev:b]...)
		out = append(out, ' ')
		prev = b
	}
	return append(out, src[prev:]...)
}
