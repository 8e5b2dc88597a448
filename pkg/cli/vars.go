package cli

import (
	"fmt"
	"strings"

	"github.com/runexp/runexp/pkg/eval"
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

// suggest returns eval.Suggest's candidate for a name typed on the command
// line, or "": a one-letter name is not "corrected" into another one.
func suggest(name string, candidates []string) string {
	if len(name) <= 1 {
		return ""
	}
	return eval.Suggest(name, candidates)
}
