package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// splitVar splits a --var argument at its first "=" into the variable's
// name (what precedes it, not empty) and its raw value (everything after
// it, verbatim: it may be empty or hold more "="). The loader converts the
// value to the variable's type (eval.Options.Vars).
func splitVar(arg string) (name, value string, err error) {
	name, value, ok := strings.Cut(arg, "=")
	if !ok || name == "" {
		return "", "", fmt.Errorf("--var %q: want name=value", arg)
	}
	return name, value, nil
}

// suggest returns the candidate closest to name by edit distance when it
// is close enough to be a typo of it, or "": at most a third of name's
// length and at least 1 (as the experiment decoder's suggestions), but less
// than name's length, so that a one-letter name is not "corrected" into
// another one.
func suggest(name string, candidates []string) string {
	best, bestD := "", 0
	for _, c := range candidates {
		d := levenshtein.Distance(name, c, nil)
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(1, len(name)/3) || bestD >= len(name) {
		return ""
	}
	return best
}

// suggestVars completes the loader's "Undeclared variable" diagnostics for
// --var NAME=...: with the declared variable closest to NAME ("Did you
// mean"), else with the list of the variables the files declare.
func suggestVars(diags hcl.Diagnostics, files map[string]*hcl.File) {
	var declared []string
	seen := map[string]bool{}
	for _, f := range files {
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		for _, b := range body.Blocks {
			if b.Type == "variable" && len(b.Labels) == 1 && !seen[b.Labels[0]] {
				seen[b.Labels[0]] = true
				declared = append(declared, b.Labels[0])
			}
		}
	}
	sort.Strings(declared)
	for _, d := range diags {
		rest, ok := strings.CutPrefix(d.Detail, "--var ")
		if d.Summary != "Undeclared variable" || !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, ":")
		switch s := suggest(name, declared); {
		case s != "":
			d.Detail += fmt.Sprintf(" Did you mean %q?", s)
		case len(declared) > 0:
			d.Detail += " Declared variables: " + strings.Join(declared, ", ") + "."
		default:
			d.Detail += " The experiments declare no variables."
		}
	}
}
