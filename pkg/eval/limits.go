package eval

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Limits of the experiment language (docs/language.md, "Limits"). They bound what a
// small file can make the loader compute or allocate, so that it reports an
// error with the source location instead of running out of memory or
// stack; no real experiment comes near them (the paper experiments nest 6
// deep, evaluate about 20,000 steps and build lists of at most a few
// hundred elements).
const (
	// maxNesting bounds the nesting depth of the source, counted on its
	// tokens before parsing: every open bracket, brace, parenthesis,
	// quote or template sequence is a level, and so is every operator of
	// an expression inside it (a chain a + b + c nests as deep as it is
	// long). hclsyntax's parser and evaluator recurse once per level.
	maxNesting = 256
	// maxNumberLiteral bounds the length of a number literal: a float64
	// needs 17 significant digits; longer literals only cost parse time.
	maxNumberLiteral = 400
	// maxElements bounds the elements of one list, set, map or object
	// made by a function (range, setproduct, csvdecode, ...) and the
	// iterations of one for expression.
	maxElements = 100_000
	// maxSteps bounds the evaluation steps of one experiment file: every
	// expression evaluated (each element of a list, each operand, each
	// iteration of a for expression, ...) is one, every element a
	// function returns or walks is one.
	maxSteps = 1_000_000
	// maxStringBytes bounds one string made by a function or a template
	// (the size of what file() reads).
	maxStringBytes = maxFileBytes
	// maxTotalStringBytes bounds the bytes of all strings made by the
	// functions and templates of one experiment file.
	maxTotalStringBytes = 4 * maxFileBytes
	// maxSimPoints bounds the points of a sim block (the product of its
	// list-valued options): each point is a simulation per seed and
	// topology instance.
	maxSimPoints = 10_000
	// maxNameBytes bounds block labels and experiment names: they become
	// file names such as results/<experiment>/<study>.parquet, written
	// through temporary files ".tmp-<name>.parquet-<digits>" in the same
	// directory, which must fit the 255 bytes of a file name.
	maxNameBytes = 128
	// maxFormatWidth bounds the width and precision of a printf verb (in
	// format(), formatlist() and table formats).
	maxFormatWidth = 1000
)

// budget is what the expressions of one experiment file may still spend.
// Every decoder has its own; the functions and the expression guards of
// the file charge it.
type budget struct {
	steps     int  // evaluation steps left
	bytes     int  // string bytes left
	exhausted bool // steps or bytes ran out: the file's evaluation stops
	reported  bool // the exhaustion is reported
}

// newBudget returns the budget of one file: steps evaluation steps
// (maxSteps if 0).
func newBudget(steps int) *budget {
	if steps == 0 {
		steps = maxSteps
	}
	return &budget{steps: steps, bytes: maxTotalStringBytes}
}

// limitError is an error of a limit: a diagnostic summary and a detail.
type limitError struct{ summary, detail string }

func (e *limitError) Error() string { return e.detail }

// spend charges n steps.
func (b *budget) spend(n int) error {
	if b.steps -= n; b.steps < 0 {
		b.steps, b.exhausted = 0, true
		return &limitError{"Expressions too costly", fmt.Sprintf(
			"Evaluating the expressions of this file takes more than %s steps (every expression evaluated, element built or walked and for-expression iteration is one; the limit keeps a small file from making runexp compute for hours).",
			commas(maxSteps))}
	}
	return nil
}

// spendBytes charges n string bytes.
func (b *budget) spendBytes(n int) error {
	if n > maxStringBytes {
		return &limitError{"String too long", fmt.Sprintf("This string would have %s bytes, more than the limit of a string (%s bytes).", commas(n), commas(maxStringBytes))}
	}
	if b.bytes -= n; b.bytes < 0 {
		b.bytes, b.exhausted = 0, true
		return &limitError{"Strings too long", fmt.Sprintf("The strings built by the expressions of this file exceed %s bytes in all (the limit).", commas(maxTotalStringBytes))}
	}
	return nil
}

// commas formats n with thousands separators.
func commas(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + commas(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// numberRangeMsg describes the range of numbers.
const numberRangeMsg = "numbers must be finite, with a magnitude of at most 1.8e308 and, unless 0, at least 4.9e-324 (float64)"

// numberInRange reports whether a number value is a finite float64
// (nonzero values that would round to 0 are out of range too). Values out
// of range are refused wherever they arise: formatting a number with an
// exponent of millions takes minutes.
func numberInRange(bf *big.Float) bool {
	if bf.IsInf() {
		return false
	}
	f, _ := bf.Float64()
	return !math.IsInf(f, 0) && (f != 0 || bf.Sign() == 0)
}

// describeNumber describes a number for messages without formatting all
// its digits (a huge exponent would take minutes): its float64 value, or
// its order of magnitude.
func describeNumber(bf *big.Float) string {
	if numberInRange(bf) {
		return bf.Text('g', -1)
	}
	if bf.IsInf() {
		if bf.Sign() < 0 {
			return "-Inf"
		}
		return "+Inf"
	}
	binExp := bf.MantExp(nil)
	if binExp > -10000 && binExp < 10000 {
		return bf.Text('g', 6) // a few thousand bits: cheap to convert
	}
	exp := float64(binExp) * math.Log10(2)
	sign := ""
	if bf.Sign() < 0 {
		sign = "-"
	}
	return fmt.Sprintf("%sabout 1e%+.0f", sign, math.Round(exp))
}

// checkNumber returns an error if v is a number out of range.
func checkNumber(v cty.Value) error {
	if v.IsKnown() && !v.IsNull() && v.Type() == cty.Number {
		if bf := v.AsBigFloat(); !numberInRange(bf) {
			return &limitError{"Number out of range", fmt.Sprintf("The number %s is out of range: %s.", describeNumber(bf), numberRangeMsg)}
		}
	}
	return nil
}

// checkValue returns an error if v holds a number out of range or more
// than maxElements elements (nested ones included).
func checkValue(v cty.Value) error {
	n := 0
	var walk func(v cty.Value) error
	walk = func(v cty.Value) error {
		if !v.IsKnown() || v.IsNull() {
			return nil
		}
		if err := checkNumber(v); err != nil {
			return err
		}
		if !v.CanIterateElements() {
			return nil
		}
		for it := v.ElementIterator(); it.Next(); {
			if n++; n > maxElements {
				return &limitError{"Value too large", fmt.Sprintf("The value has more than %s elements (counting those of nested lists and objects), the limit.", commas(maxElements))}
			}
			_, e := it.Element()
			if err := walk(e); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(v)
}

// checkSource checks a source before it is parsed: its nesting depth
// (hclsyntax's parser recurses once per level, and 100,000 nested
// parentheses overflow the stack) and the length of its number literals.
// Lexical errors are left to the parser.
func checkSource(src []byte, filename string) hcl.Diagnostics {
	tokens, lexDiags := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	if lexDiags.HasErrors() {
		return nil
	}
	return checkTokens(tokens)
}

// checkExpressionSource is checkSource for a standalone expression (a
// --var value).
func checkExpressionSource(src []byte, filename string) hcl.Diagnostics {
	tokens, lexDiags := hclsyntax.LexExpression(src, filename, hcl.InitialPos)
	if lexDiags.HasErrors() {
		return nil
	}
	return checkTokens(tokens)
}

// checkTokens measures the nesting of a token stream: each open bracket,
// brace, parenthesis, quote, heredoc or template sequence is a level, and
// each operator (including ? and unary - and !) and each index bracket
// adds a level to the expression it is in until the next separator (a
// comma, or a newline in a block or object). This bounds the recursion
// depth of the parser and of the evaluation of the syntax tree.
func checkTokens(tokens hclsyntax.Tokens) hcl.Diagnostics {
	type frame struct {
		open hclsyntax.TokenType
		ops  int
	}
	var (
		diags hcl.Diagnostics
		stack = []frame{{open: hclsyntax.TokenNil}}
		depth = 0
	)
	top := func() *frame { return &stack[len(stack)-1] }
	addOp := func() { top().ops++; depth++ }
	push := func(t hclsyntax.TokenType) { stack = append(stack, frame{open: t}); depth++ }
	pop := func() {
		if len(stack) > 1 {
			depth -= 1 + top().ops
			stack = stack[:len(stack)-1]
		}
	}
	reset := func() { depth -= top().ops; top().ops = 0 }
	for _, tok := range tokens {
		switch tok.Type {
		case hclsyntax.TokenOBrack:
			addOp() // a[i][j]... nests as deep as the chain is long
			push(tok.Type)
		case hclsyntax.TokenOBrace, hclsyntax.TokenOParen, hclsyntax.TokenOQuote, hclsyntax.TokenOHeredoc,
			hclsyntax.TokenTemplateInterp:
			push(tok.Type)
		case hclsyntax.TokenTemplateControl:
			addOp() // template directives nest
			push(tok.Type)
		case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen, hclsyntax.TokenCQuote,
			hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			pop()
		case hclsyntax.TokenComma:
			reset()
		case hclsyntax.TokenNewline:
			if o := top().open; o == hclsyntax.TokenNil || o == hclsyntax.TokenOBrace {
				reset()
			}
		case hclsyntax.TokenQuestion, hclsyntax.TokenBang, hclsyntax.TokenMinus, hclsyntax.TokenPlus,
			hclsyntax.TokenStar, hclsyntax.TokenSlash, hclsyntax.TokenPercent, hclsyntax.TokenEqualOp,
			hclsyntax.TokenNotEqual, hclsyntax.TokenLessThan, hclsyntax.TokenLessThanEq, hclsyntax.TokenGreaterThan,
			hclsyntax.TokenGreaterThanEq, hclsyntax.TokenAnd, hclsyntax.TokenOr:
			addOp()
		case hclsyntax.TokenNumberLit:
			if msg := checkNumberLiteral(string(tok.Bytes)); msg != "" {
				rng := tok.Range
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Number too long", Detail: msg, Subject: &rng})
			}
		}
		if depth > maxNesting {
			rng := tok.Range
			return append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Nesting too deep", Subject: &rng,
				Detail: fmt.Sprintf("The source nests more than %d levels deep here (brackets, parentheses, braces, quotes and template sequences, and the operators of an expression, each count as one level); simplify the expression or split it into locals.", maxNesting)})
		}
	}
	return diags
}

// checkNumberLiteral returns why a number literal is refused, or "": a
// literal longer than maxNumberLiteral (parsing a long mantissa takes time
// quadratic in its length). Its value is checked where it is used.
func checkNumberLiteral(lit string) string {
	if len(lit) > maxNumberLiteral {
		return fmt.Sprintf("A number literal of %s characters is longer than the limit (%d).", commas(len(lit)), maxNumberLiteral)
	}
	return ""
}
