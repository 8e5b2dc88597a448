package eval

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// maxFileBytes bounds what file() reads.
const maxFileBytes = 16 << 20

// fileFunctions returns the functions that read data files: file(path),
// the text of a UTF-8 file (a relative path is taken from the directory
// of the experiment file dir), and csvdecode, tonumber and tobool to turn
// a CSV table into values, e.g. published reference curves for literal
// study rows. The text read is part of the values it flows into, so cells
// depending on it rerun when the file changes.
func fileFunctions(dir string) map[string]function.Function {
	return map[string]function.Function{
		"file": function.New(&function.Spec{
			Description: "Returns the text of a UTF-8 file; a relative path starts at the experiment file's directory.",
			Params:      []function.Parameter{{Name: "path", Type: cty.String}},
			Type:        function.StaticReturnType(cty.String),
			Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
				p := args[0].AsString()
				if !filepath.IsAbs(p) {
					p = filepath.Join(dir, p)
				}
				info, err := os.Stat(p)
				if err != nil {
					return cty.NilVal, fmt.Errorf("cannot read %s: %w", p, err)
				}
				// Devices (/dev/zero), pipes and directories are refused:
				// they have no size to check, and reading them may never end.
				if !info.Mode().IsRegular() {
					return cty.NilVal, fmt.Errorf("%s is not a regular file", p)
				}
				if info.Size() > maxFileBytes {
					return cty.NilVal, fmt.Errorf("%s has %d bytes, more than file() reads (%d)", p, info.Size(), maxFileBytes)
				}
				fh, err := os.Open(p)
				if err != nil {
					return cty.NilVal, fmt.Errorf("cannot read %s: %w", p, err)
				}
				defer fh.Close()
				b, err := io.ReadAll(io.LimitReader(fh, maxFileBytes+1)) // the file may grow
				if err != nil {
					return cty.NilVal, fmt.Errorf("cannot read %s: %w", p, err)
				}
				if len(b) > maxFileBytes {
					return cty.NilVal, fmt.Errorf("%s has more than %d bytes, more than file() reads", p, maxFileBytes)
				}
				if !utf8.Valid(b) {
					return cty.NilVal, fmt.Errorf("%s is not UTF-8 text", p)
				}
				return cty.StringVal(string(b)), nil
			},
		}),
		"csvdecode": stdlib.CSVDecodeFunc,
		"tonumber": function.New(&function.Spec{
			Description: "Converts a string to a number; an empty string (a missing value of a CSV table) gives null.",
			Params:      []function.Parameter{{Name: "v", Type: cty.DynamicPseudoType, AllowNull: true}},
			Type:        function.StaticReturnType(cty.Number),
			Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
				v := args[0]
				switch {
				case v.IsNull():
					return cty.NullVal(cty.Number), nil
				case v.Type() == cty.Number:
					return v, nil
				case v.Type() != cty.String:
					return cty.NilVal, fmt.Errorf("want a string or a number, got %s", v.Type().FriendlyName())
				}
				s := strings.TrimSpace(v.AsString())
				if s == "" {
					return cty.NullVal(cty.Number), nil
				}
				n, err := cty.ParseNumberVal(s)
				if err != nil {
					return cty.NilVal, fmt.Errorf("%q is not a number", s)
				}
				return n, nil
			},
		}),
		"tobool": function.New(&function.Spec{
			Description: `Converts "true" or "false" to a bool; an empty string gives null.`,
			Params:      []function.Parameter{{Name: "v", Type: cty.DynamicPseudoType, AllowNull: true}},
			Type:        function.StaticReturnType(cty.Bool),
			Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
				v := args[0]
				switch {
				case v.IsNull():
					return cty.NullVal(cty.Bool), nil
				case v.Type() == cty.Bool:
					return v, nil
				case v.Type() != cty.String:
					return cty.NilVal, fmt.Errorf("want a string or a bool, got %s", v.Type().FriendlyName())
				}
				switch s := strings.TrimSpace(strings.ToLower(v.AsString())); s {
				case "true":
					return cty.True, nil
				case "false":
					return cty.False, nil
				case "":
					return cty.NullVal(cty.Bool), nil
				default:
					return cty.NilVal, fmt.Errorf("%q is not true or false", s)
				}
			},
		}),
	}
}

// functions returns the functions available in experiment files: the go-cty
// standard library under Terraform's names.
func functions() map[string]function.Function {
	return map[string]function.Function{
		"abs":             stdlib.AbsoluteFunc,
		"ceil":            stdlib.CeilFunc,
		"chunklist":       stdlib.ChunklistFunc,
		"coalesce":        stdlib.CoalesceFunc,
		"coalescelist":    stdlib.CoalesceListFunc,
		"compact":         stdlib.CompactFunc,
		"concat":          stdlib.ConcatFunc,
		"contains":        stdlib.ContainsFunc,
		"distinct":        distinctFunc(),
		"element":         stdlib.ElementFunc,
		"flatten":         stdlib.FlattenFunc,
		"floor":           stdlib.FloorFunc,
		"format":          stdlib.FormatFunc,
		"formatlist":      stdlib.FormatListFunc,
		"index":           stdlib.IndexFunc,
		"join":            stdlib.JoinFunc,
		"jsonencode":      stdlib.JSONEncodeFunc,
		"keys":            stdlib.KeysFunc,
		"length":          stdlib.LengthFunc,
		"log":             stdlib.LogFunc,
		"lookup":          stdlib.LookupFunc,
		"lower":           stdlib.LowerFunc,
		"max":             stdlib.MaxFunc,
		"merge":           stdlib.MergeFunc,
		"min":             stdlib.MinFunc,
		"parseint":        stdlib.ParseIntFunc,
		"pow":             stdlib.PowFunc,
		"range":           rangeFunc(),
		"replace":         stdlib.ReplaceFunc,
		"reverse":         stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc,
		"setproduct":      stdlib.SetProductFunc,
		"setsubtract":     stdlib.SetSubtractFunc,
		"setunion":        stdlib.SetUnionFunc,
		"signum":          stdlib.SignumFunc,
		"slice":           stdlib.SliceFunc,
		"sort":            stdlib.SortFunc,
		"split":           stdlib.SplitFunc,
		"strlen":          stdlib.StrlenFunc,
		"substr":          stdlib.SubstrFunc,
		"title":           stdlib.TitleFunc,
		"trimspace":       stdlib.TrimSpaceFunc,
		"upper":           stdlib.UpperFunc,
		"values":          stdlib.ValuesFunc,
		"zipmap":          stdlib.ZipmapFunc,
	}
}

// rangeFunc is range(end), range(start, end) or range(start, end, step) as
// in go-cty's standard library, with a limit of maxElements elements
// instead of its 1,024. Element i is start + i*step, so a fractional step
// does not accumulate rounding errors: range(0.05, 1, 0.05) has 19
// elements, 0.05 to 0.95. The number of elements is computed exactly
// before anything is built: range(1e19) and range(0, 1, 1e-300) are
// errors, not empty lists.
func rangeFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Returns a list of numbers from start (inclusive) to end (exclusive) by step.",
		VarParam:    &function.Parameter{Name: "params", Type: cty.Number},
		Type:        function.StaticReturnType(cty.List(cty.Number)),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			f := make([]*big.Float, len(args))
			for i, a := range args {
				f[i] = a.AsBigFloat()
				if !numberInRange(f[i]) {
					return cty.NilVal, function.NewArgErrorf(i, "%s is out of range: %s", describeNumber(f[i]), numberRangeMsg)
				}
			}
			var start, end, step *big.Float
			switch len(args) {
			case 1:
				start, end = new(big.Float), f[0]
			case 2:
				start, end = f[0], f[1]
			case 3:
				start, end, step = f[0], f[1], f[2]
			default:
				return cty.NilVal, fmt.Errorf("range takes one, two or three arguments")
			}
			if step == nil {
				step = big.NewFloat(1)
				if end.Cmp(start) < 0 {
					step = big.NewFloat(-1)
				}
			}
			if step.Sign() == 0 {
				return cty.NilVal, function.NewArgErrorf(2, "step must not be zero")
			}
			span := new(big.Float).Sub(end, start)
			if span.Sign() != 0 && span.Sign() != step.Sign() {
				return cty.NilVal, function.NewArgErrorf(1, "end must be beyond start in the direction of step")
			}
			// The quotient of two numbers in range is finite (big.Float's
			// exponent has room for it); it is compared with the limit
			// before it is converted to an int.
			q := new(big.Float).Quo(span, step)
			if q.Cmp(big.NewFloat(maxElements+1)) > 0 {
				return cty.NilVal, &limitError{"List too long", fmt.Sprintf("range would have %s elements, more than the limit of a list (%s).", describeCount(q), commas(maxElements))}
			}
			qf, _ := q.Float64()
			n := int(math.Ceil(qf - 1e-9))
			if n > maxElements {
				return cty.NilVal, &limitError{"List too long", fmt.Sprintf("range would have %s elements, more than the limit of a list (%s).", commas(n), commas(maxElements))}
			}
			if n <= 0 {
				return cty.ListValEmpty(cty.Number), nil
			}
			vals := make([]cty.Value, n)
			for i := range vals {
				x := new(big.Float).Mul(step, big.NewFloat(float64(i)))
				vals[i] = cty.NumberVal(x.Add(x, start))
			}
			return cty.ListVal(vals), nil
		},
	})
}

// describeCount formats a large count: exactly up to 10^15, else as 1.2e+19.
func describeCount(q *big.Float) string {
	f, _ := q.Float64()
	if f < 1e15 {
		return commas(int(math.Ceil(f)))
	}
	return fmt.Sprintf("%.3g", f)
}

// distinctFunc is go-cty's distinct(list), linear instead of quadratic:
// elements are bucketed by a key (equal values have equal keys) and
// compared only within their bucket.
func distinctFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Removes duplicate elements from a list, keeping the first of each.",
		Params:      []function.Parameter{{Name: "list", Type: cty.List(cty.DynamicPseudoType)}},
		Type: func(args []cty.Value) (cty.Type, error) {
			return args[0].Type(), nil
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			list := args[0]
			if !list.IsWhollyKnown() {
				return stdlib.DistinctFunc.Call(args)
			}
			if list.LengthInt() == 0 {
				return cty.ListValEmpty(retType.ElementType()), nil
			}
			buckets := map[string][]cty.Value{}
			var out []cty.Value
			for it := list.ElementIterator(); it.Next(); {
				_, v := it.Element()
				k := valueKey(v)
				dup := false
				for _, w := range buckets[k] {
					if w.RawEquals(v) {
						dup = true
						break
					}
				}
				if !dup {
					buckets[k] = append(buckets[k], v)
					out = append(out, v)
				}
			}
			return cty.ListVal(out), nil
		},
	})
}

// valueKey is a key of a known value: equal values have equal keys
// (numbers are keyed by their float64 value).
func valueKey(v cty.Value) string {
	var b strings.Builder
	var walk func(v cty.Value)
	walk = func(v cty.Value) {
		if v.IsNull() {
			b.WriteString("n;")
			return
		}
		switch t := v.Type(); {
		case t == cty.String:
			fmt.Fprintf(&b, "s%d:%s;", len(v.AsString()), v.AsString())
		case t == cty.Number:
			f, _ := v.AsBigFloat().Float64()
			fmt.Fprintf(&b, "f%v;", f)
		case t == cty.Bool:
			fmt.Fprintf(&b, "b%t;", v.True())
		case v.CanIterateElements():
			b.WriteString("(")
			for it := v.ElementIterator(); it.Next(); {
				k, e := it.Element()
				walk(k)
				walk(e)
			}
			b.WriteString(")")
		default:
			b.WriteString("?;")
		}
	}
	walk(v)
	return b.String()
}
