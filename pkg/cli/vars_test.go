package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

// varsExperiment declares a variable of each type a --var value is
// converted to.
const varsExperiment = `variable "s" {
  type    = string
  default = "x"
}
variable "n" {
  type    = number
  default = 1
}
variable "b" {
  type    = bool
  default = false
}
variable "l" {
  type    = list(number)
  default = [1]
}
variable "m" {
  type    = map(string)
  default = { a = "x" }
}
`

// loadVar loads the experiment at path with --var name=value and returns
// the variable's value as the loader formats it, or the diagnostics.
func loadVar(path, name, value string) (string, hcl.Diagnostics) {
	l := eval.NewLoader(eval.Options{Registry: families.Default(), Vars: map[string]string{name: value}})
	exps, diags := l.Load([]string{path})
	if diags.HasErrors() {
		return "", diags
	}
	for _, v := range exps[0].Variables {
		if v.Name == name {
			return v.Value, nil
		}
	}
	return "", hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "variable " + name + " not loaded"}}
}

// TestSplitVar checks the name=value split of --var arguments.
func TestSplitVar(t *testing.T) {
	for _, c := range []struct {
		arg, name, value string
		ok               bool
	}{
		{"profile=quick", "profile", "quick", true},
		{"expr=a=b", "expr", "a=b", true},
		{"empty=", "empty", "", true},
		{"=x", "", "", false},
		{"novalue", "", "", false},
		{"", "", "", false},
	} {
		name, value, err := splitVar(c.arg)
		if (err == nil) != c.ok || name != c.name || value != c.value {
			t.Errorf("splitVar(%q) = %q, %q, %v", c.arg, name, value, err)
		}
	}
}

// numberLiteral matches HCL's number literals (with an optional minus).
var numberLiteral = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// FuzzVar fuzzes a --var argument through the command line's split
// (splitVar) and the loader's conversion of the value to each variable
// type (string, number, bool, list(number), map(string)); seed corpus in
// testdata/fuzz/FuzzVar. Properties: no panic; the split keeps the text
// (name + "=" + value is the argument, the name holds no "="); a string
// variable takes any value verbatim; a number literal converts to that
// number; a number, bool or list(number) value the loader accepts is
// formatted as HCL that, given again as --var, gives the same value (the
// conversion is idempotent), a map(string) as an HCL object (any type may
// be null: --var x=null); invalid
// values are diagnostics that name the variable.
func FuzzVar(f *testing.F) {
	path := filepath.Join(f.TempDir(), "vars.hcl")
	if err := os.WriteFile(path, []byte(varsExperiment), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		name, value, err := splitVar(arg)
		if err != nil {
			if i := strings.Index(arg, "="); i > 0 {
				t.Fatalf("splitVar(%q) refused a name=value argument: %v", arg, err)
			}
			return
		}
		if name+"="+value != arg || strings.Contains(name, "=") || name == "" {
			t.Fatalf("splitVar(%q) = %q, %q", arg, name, value)
		}
		// The value as each variable's, whatever name the argument had.
		for _, v := range []string{"s", "n", "b", "l", "m"} {
			got, diags := loadVar(path, v, value)
			if diags.HasErrors() {
				if v == "s" || v == "n" && numberLiteral.MatchString(value) {
					t.Fatalf("--var %s=%q refused: %s", v, value, diags.Error())
				}
				if !strings.Contains(diags.Error(), "--var "+v) && !strings.Contains(diags.Error(), "\""+v+"\"") {
					t.Fatalf("--var %s=%q: diagnostics do not name the variable: %s", v, value, diags.Error())
				}
				continue
			}
			switch v {
			case "s":
				if want := strconv.Quote(cty.StringVal(value).AsString()); got != want {
					t.Fatalf("string variable: %s, want %s", got, want)
				}
				continue
			case "n":
				if numberLiteral.MatchString(value) {
					want, _ := cty.ParseNumberVal(value)
					if got != want.AsBigFloat().Text('g', -1) {
						t.Fatalf("--var n=%s gives %s", value, got)
					}
				}
			case "m":
				// The loader formats map keys and strings with Go's
				// quoting, not always HCL (keys that are not identifiers,
				// "${", control characters): only the shape is checked.
				if got != "null" && (!strings.HasPrefix(got, "{") || !strings.HasSuffix(got, "}")) {
					t.Fatalf("--var m=%q gives %s", value, got)
				}
				continue
			}
			again, diags := loadVar(path, v, got)
			if diags.HasErrors() || again != got {
				t.Fatalf("--var %s=%q gives %s, which given again gives %q (%s)", v, value, got, again, diags.Error())
			}
		}
	})
}
