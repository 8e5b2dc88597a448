package eval

import (
	"strings"
	"testing"
)

// TestVariableChoices checks choices = [...] of a variable block: a value
// among them (default or --var, of the variable's type after conversion)
// is taken; one outside them is an error at the --var's variable or the
// default, naming the choices and the closest one; choices that are not a
// non-empty list are an error.
func TestVariableChoices(t *testing.T) {
	const src = `variable "simulate" {
  type    = string
  default = "none"
  choices = ["none", "latency", "throughput", "all"]
}
variable "n" {
  type    = number
  default = 2
  choices = [1, 2, 4]
}
`
	for _, c := range []struct {
		vars map[string]string
		want string // "" = no diagnostics; else a part of the error
	}{
		{nil, ""},
		{map[string]string{"simulate": "throughput", "n": "4"}, ""},
		{map[string]string{"simulate": "throughpt"}, `x.hcl:1,10-20: Invalid value for variable; Variable "simulate" must be one of "none", "latency", "throughput", "all", got "throughpt". Did you mean "throughput"?`},
		{map[string]string{"n": "3"}, `Variable "n" must be one of 1, 2, 4, got 3.`},
	} {
		exps, errs := loadSource(t, src, c.vars)
		switch {
		case c.want == "" && errs != "no diagnostics":
			t.Errorf("%v: %s", c.vars, errs)
		case c.want == "" && exps[0].Variables[0].Value != `"`+map[bool]string{true: "none", false: c.vars["simulate"]}[c.vars == nil]+`"`:
			t.Errorf("%v: simulate = %s", c.vars, exps[0].Variables[0].Value)
		case c.want != "" && !strings.Contains(errs, c.want):
			t.Errorf("%v: %s, want %s", c.vars, errs, c.want)
		}
	}
	for _, bad := range []struct{ src, want string }{
		{`variable "v" {
  default = "b"
  choices = ["a", "c"]
}`, `x.hcl:2,13-16: Invalid value for variable; Variable "v" must be one of "a", "c", got "b".`},
		{`variable "v" {
  default = "a"
  choices = "a"
}`, `Variable "v": choices must be a non-empty list of the values the variable may take.`},
		{`variable "v" {
  default = "a"
  choices = []
}`, `choices must be a non-empty list`},
	} {
		if _, errs := loadSource(t, bad.src, nil); !strings.Contains(errs, bad.want) {
			t.Errorf("%s: %s, want %s", bad.src, errs, bad.want)
		}
	}
}
