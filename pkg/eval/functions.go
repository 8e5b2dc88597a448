package eval

import (
	"fmt"
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
				if info.Size() > maxFileBytes {
					return cty.NilVal, fmt.Errorf("%s has %d bytes, more than file() reads (%d)", p, info.Size(), maxFileBytes)
				}
				b, err := os.ReadFile(p)
				if err != nil {
					return cty.NilVal, fmt.Errorf("cannot read %s: %w", p, err)
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
