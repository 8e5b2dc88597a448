package families

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseAssignments parses command-line parameter assignments "name=value"
// for family f into Values, reading each value by its parameter's kind: an
// integer (or a named choice such as "balanced"), a number, a string, or a
// list of integers written "4,4,8" or "[4, 4, 8]". Unknown names and
// malformed values are errors naming the parameter; Normalize does the
// remaining checks.
func (f *Family) ParseAssignments(args []string) (Values, error) {
	v := Values{}
	for _, a := range args {
		name, val, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("family %s: %q is not a name=value assignment", f.Name, a)
		}
		p := f.Param(name)
		if p == nil {
			return nil, &ParamError{f.Name, name, fmt.Sprintf("unknown parameter; valid parameters: %s", strings.Join(f.ParamNames(), ", "))}
		}
		if _, dup := v[name]; dup {
			return nil, &ParamError{f.Name, name, "given twice"}
		}
		x, err := p.parse(strings.TrimSpace(val))
		if err != nil {
			return nil, &ParamError{f.Name, name, err.Error()}
		}
		v[name] = x
	}
	return v, nil
}

func (p *Param) parse(s string) (any, error) {
	switch p.Kind {
	case Int:
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		if len(p.Choices) == 0 {
			return nil, fmt.Errorf("want an integer, got %q", s)
		}
		return s, nil // a named choice, checked by Normalize
	case Float:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("want a number, got %q", s)
		}
		return x, nil
	case String:
		return s, nil
	case IntList:
		s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
		l := []int64{}
		if strings.TrimSpace(s) == "" {
			return l, nil
		}
		for _, e := range strings.Split(s, ",") {
			i, err := strconv.ParseInt(strings.TrimSpace(e), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("want a list of integers such as 4,4,8; %q is not an integer", strings.TrimSpace(e))
			}
			l = append(l, i)
		}
		return l, nil
	}
	return nil, fmt.Errorf("unsupported parameter kind %s", p.Kind)
}
