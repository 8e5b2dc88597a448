package eval

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// guardedFunctions returns fns, each wrapped so that its arguments and
// result respect the limits (limits.go), charging b.
func guardedFunctions(b *budget, fns map[string]function.Function) map[string]function.Function {
	out := make(map[string]function.Function, len(fns))
	for name, f := range fns {
		out[name] = guardFunction(b, name, f)
	}
	return out
}

// guardFunction wraps f: one step per call; its number arguments must be
// in range; a check of its own bounds what it would build before it runs
// (precheck); its result is charged (one step per element, its bytes if a
// string) and must be in range; a panic recovered from it becomes a short
// error without a stack trace.
func guardFunction(b *budget, name string, f function.Function) function.Function {
	pre := precheck(name)
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			// Some functions compute their type from their arguments'
			// values (csvdecode parses the header): the checks come first.
			if pre != nil && allKnown(args) {
				if _, err := pre(args); err != nil {
					return cty.NilType, err
				}
			}
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if err := b.spend(1); err != nil {
				return cty.NilVal, err
			}
			for _, a := range args {
				if err := checkNumber(a); err != nil {
					return cty.NilVal, err
				}
			}
			if pre != nil && allKnown(args) {
				cost, err := pre(args)
				if err == nil {
					err = b.spend(cost)
				}
				if err != nil {
					return cty.NilVal, err
				}
			}
			v, err := f.Call(args)
			if err != nil {
				var pe function.PanicError
				if errors.As(err, &pe) {
					msg := fmt.Sprint(pe.Value)
					if strings.Contains(msg, "NaN") {
						return cty.NilVal, errors.New("the result is not a number (NaN)")
					}
					return cty.NilVal, fmt.Errorf("failed: %s", msg)
				}
				return cty.NilVal, err
			}
			return v, chargeResult(b, name, v)
		},
	})
}

func allKnown(args []cty.Value) bool {
	for _, a := range args {
		if !a.IsWhollyKnown() {
			return false
		}
	}
	return true
}

// chargeResult checks and charges a function's result.
func chargeResult(b *budget, name string, v cty.Value) error {
	if !v.IsKnown() || v.IsNull() {
		return nil
	}
	if err := checkNumber(v); err != nil {
		return err
	}
	switch t := v.Type(); {
	case t == cty.String:
		return b.spendBytes(len(v.AsString()))
	case t.IsListType() || t.IsSetType() || t.IsMapType() || t.IsTupleType() || t.IsObjectType():
		n := v.LengthInt()
		if n > maxElements {
			return tooManyElements(name, n)
		}
		return b.spend(n)
	}
	return nil
}

func tooManyElements(name string, n int) error {
	return &limitError{"List too long", fmt.Sprintf("%s would make %s elements, more than the limit of a list (%s).", name, commas(n), commas(maxElements))}
}

// valueSize walks v and returns its elements (of nested lists, maps and
// objects too, each counted as often as it occurs), the bytes of its
// strings, and whether it is wholly known; the walk stops once the
// elements exceed limit.
func valueSize(v cty.Value, limit int) (elems, bytes int, known bool) {
	known = true
	var walk func(v cty.Value)
	walk = func(v cty.Value) {
		if elems > limit {
			return
		}
		if !v.IsKnown() {
			known = false
			return
		}
		if v.IsNull() {
			return
		}
		switch t := v.Type(); {
		case t == cty.String:
			bytes += len(v.AsString())
		case t.IsListType() || t.IsSetType() || t.IsMapType() || t.IsTupleType() || t.IsObjectType():
			for it := v.ElementIterator(); it.Next() && elems <= limit; {
				elems++
				_, e := it.Element()
				walk(e)
			}
		}
	}
	walk(v)
	return elems, bytes, known
}

// precheck returns the check a function runs before it is called, to
// bound what it builds (nil if its result is bounded by its arguments).
func precheck(name string) func(args []cty.Value) (int, error) {
	switch name {
	case "setproduct":
		return func(args []cty.Value) (int, error) {
			n := 1
			for _, a := range args {
				if !a.CanIterateElements() {
					return 0, nil
				}
				if n *= a.LengthInt(); n > maxElements {
					return 0, &limitError{"List too long", fmt.Sprintf("setproduct would make more than %s elements (the limit of a list).", commas(maxElements))}
				}
			}
			return n * len(args), nil
		}
	case "flatten", "jsonencode", "format", "formatlist", "setunion", "setintersection", "setsubtract", "distinct", "concat", "merge", "join", "sort", "contains", "index", "zipmap", "coalescelist":
		return func(args []cty.Value) (int, error) {
			elems, bytes := 0, 0
			for _, a := range args {
				e, by, _ := valueSize(a, maxElements+1-elems)
				elems, bytes = elems+e, bytes+by
				if elems > maxElements {
					return 0, &limitError{"Value too large", fmt.Sprintf("The arguments of %s have more than %s elements (counting those of nested lists and objects), the limit.", name, commas(maxElements))}
				}
			}
			switch {
			case name == "format" || name == "formatlist":
				return elems, checkFormatArgs(name, args, bytes)
			case name == "join" && len(args) > 0 && args[0].Type() == cty.String:
				return elems, checkBytes(name, bytes+elems*len(args[0].AsString()))
			}
			return elems, checkBytes(name, bytes)
		}
	case "replace":
		return func(args []cty.Value) (int, error) {
			s, sub, repl := args[0].AsString(), args[1].AsString(), args[2].AsString()
			n := utf8.RuneCountInString(s) + 1
			if sub != "" {
				n = strings.Count(s, sub)
			}
			return 0, checkBytes(name, len(s)+n*len(repl))
		}
	case "split":
		return func(args []cty.Value) (int, error) {
			sep, s := args[0].AsString(), args[1].AsString()
			n := utf8.RuneCountInString(s)
			if sep != "" {
				n = strings.Count(s, sep) + 1
			}
			if n > maxElements {
				return 0, tooManyElements(name, n)
			}
			return n, nil
		}
	case "csvdecode":
		return func(args []cty.Value) (int, error) {
			s := args[0].AsString()
			n := strings.Count(s, ",") + strings.Count(s, "\n") + 1
			if n > maxElements {
				return 0, &limitError{"Table too large", fmt.Sprintf("csvdecode: the text has about %s values, more than the limit (%s).", commas(n), commas(maxElements))}
			}
			return n, nil
		}
	case "tonumber", "parseint":
		return func(args []cty.Value) (int, error) {
			if a := args[0]; a.Type() == cty.String && len(a.AsString()) > maxNumberLiteral {
				return 0, &limitError{"Number too long", fmt.Sprintf("%s: a number of %s characters is longer than the limit (%d).", name, commas(len(a.AsString())), maxNumberLiteral)}
			}
			return 0, nil
		}
	}
	return nil
}

// checkBytes refuses a result estimated at more than maxStringBytes.
func checkBytes(name string, n int) error {
	if n > maxStringBytes {
		return &limitError{"String too long", fmt.Sprintf("%s would make a string of about %s bytes, more than the limit of a string (%s bytes).", name, commas(n), commas(maxStringBytes))}
	}
	return nil
}

// checkFormatArgs checks the format string of format and formatlist (its
// widths and precisions) and the size of what they would print: formatlist
// prints the format once per element of its longest list, with each
// non-list argument every time.
func checkFormatArgs(name string, args []cty.Value, bytes int) error {
	if len(args) == 0 || args[0].Type() != cty.String {
		return nil
	}
	f := args[0].AsString()
	widths, err := printfWidths(f)
	if err != nil {
		return &limitError{"Invalid format", fmt.Sprintf("%s: %v.", name, err)}
	}
	if name == "format" {
		return checkBytes(name, len(f)+widths+bytes)
	}
	rows, scalar := 1, len(f)+widths
	for _, a := range args[1:] {
		t := a.Type()
		if t.IsListType() || t.IsTupleType() || t.IsSetType() {
			rows = max(rows, a.LengthInt())
		} else if t == cty.String {
			scalar += len(a.AsString())
		}
	}
	if rows > maxElements {
		return tooManyElements(name, rows)
	}
	return checkBytes(name, bytes+rows*scalar)
}

// printfWidths scans the verbs of a printf format and returns the sum of
// their widths and precisions; a width, precision or argument index
// larger than maxFormatWidth, or given by '*', is an error.
func printfWidths(f string) (int, error) {
	sum := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		for i++; i < len(f); i++ {
			c := f[i]
			if c == '*' {
				return 0, fmt.Errorf("a width or precision given by '*' is not supported")
			}
			if c >= '0' && c <= '9' {
				n := 0
				for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
					if n = n*10 + int(f[i]-'0'); n > maxFormatWidth {
						return 0, fmt.Errorf("a width, precision or argument index above %d in %q", maxFormatWidth, f)
					}
				}
				sum += n
				i--
				continue
			}
			if strings.IndexByte("+-# .[]", c) < 0 {
				break // the verb (or %%)
			}
		}
	}
	return sum, nil
}
