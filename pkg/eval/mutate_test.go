package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// badNumbers replace the number literals of experiment files in
// TestMutatedNumbers: infinite as float64s, zero, negative, huge,
// fractional, and computed infinities.
var badNumbers = []string{"1e309", "-1e309", "0", "-1", "1e18", "0.5", "pow(10, 400)", "(1e300 * 1e300)"}

// TestMutatedNumbers replaces the number literals of the experiment files
// (experiments/*.hcl, the command line's bad inputs, the engine tests'
// experiment) one at a time with each of badNumbers and checks that
// loading never panics or hangs (errors are expected), and that a graph is
// built for what loads. A mutation harness found 12 such panics in 3,200
// inputs. Small files are mutated whole; in the large ones, the first
// number of every distinct attribute (block type and attribute name, over
// all large files) is mutated in a reduction of the file to the blocks the
// attribute's block needs (variables, locals and the blocks it refers to).
func TestMutatedNumbers(t *testing.T) {
	files, _ := filepath.Glob("../../experiments/*.hcl")
	bad, _ := filepath.Glob("../cli/testdata/bad/*.hcl")
	for _, f := range bad {
		// The inputs that exercise the evaluation limits stay as costly
		// when mutated, and have no numeric attributes of their own.
		if name := filepath.Base(f); !strings.HasPrefix(name, "eval_") && !strings.HasPrefix(name, "range_") &&
			name != "sim_points.hcl" && name != "panels.hcl" && name != "nesting.hcl" {
			files = append(files, f)
		}
	}
	files = append(files, "testdata/small.hcl")
	if len(files) < 20 {
		t.Fatalf("found %d files", len(files))
	}
	seen := map[string]bool{} // the attributes mutated in large files
	dir := t.TempDir()
	// validation.hcl reads ../../shared/validation: the mutants are
	// written two levels below a link to it.
	if shared, err := filepath.Abs("../../../shared"); err == nil {
		os.Symlink(shared, filepath.Join(dir, "shared"))
	}
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)
	start, mutants := time.Now(), 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range numberMutants(src, f, seen) {
			for _, r := range badNumbers {
				text := m.apply(r)
				path := filepath.Join(sub, filepath.Base(f))
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if msg := loadGuarded(path, 20*time.Second); msg != "" {
					t.Fatalf("%s, %s = %s: %s\n%s", f, m.where, r, msg, text)
				}
				mutants++
			}
		}
	}
	t.Logf("%d mutants of %d files in %v", mutants, len(files), time.Since(start))
}

// loadGuarded loads path and builds its graph, and returns "" or what went
// wrong: a panic (with its stack) or a load that takes longer than limit.
func loadGuarded(path string, limit time.Duration) string {
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		exps, diags := NewLoader(Options{}).Load([]string{path})
		if !diags.HasErrors() {
			BuildGraph(exps)
		}
		done <- ""
	}()
	select {
	case msg := <-done:
		return msg
	case <-time.After(limit):
		return fmt.Sprintf("loading takes more than %v", limit)
	}
}

// A mutant is a source with one number literal to replace.
type mutant struct {
	text       []byte // the source (or its reduction)
	start, end int    // the literal's bytes in text
	where      string // the attribute, for messages
}

func (m mutant) apply(r string) string {
	return string(m.text[:m.start]) + r + string(m.text[m.end:])
}

// numberMutants returns the mutants of a source: every number literal of a
// small file (under 4 KiB); the first literal of every attribute of a large
// file not in seen (block type and attribute name), in the file's reduction
// to the blocks it needs.
func numberMutants(src []byte, filename string, seen map[string]bool) []mutant {
	tokens, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	var lits []hclsyntax.Token
	for _, tok := range tokens {
		if tok.Type == hclsyntax.TokenNumberLit {
			lits = append(lits, tok)
		}
	}
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	body, ok := f.Body.(*hclsyntax.Body)
	if len(src) < 4<<10 || diags.HasErrors() || !ok {
		var out []mutant
		for _, tok := range lits {
			out = append(out, mutant{src, tok.Range.Start.Byte, tok.Range.End.Byte, tok.Range.String()})
		}
		return out
	}
	var out []mutant
	for _, tok := range lits {
		off := tok.Range.Start.Byte
		for bi, b := range body.Blocks {
			r := b.Range()
			if off < r.Start.Byte || off >= r.End.Byte {
				continue
			}
			key := b.Type + "." + attributeAt(b.Body, off)
			if seen[key] {
				break
			}
			seen[key] = true
			text, shift := reduce(src, body, bi)
			out = append(out, mutant{text, off + shift, tok.Range.End.Byte + shift, key})
			break
		}
	}
	return out
}

// attributeAt names the attribute of body (or of its nested blocks) that
// holds the byte offset, as "sim.load".
func attributeAt(body *hclsyntax.Body, off int) string {
	for name, a := range body.Attributes {
		if r := a.SrcRange; off >= r.Start.Byte && off < r.End.Byte {
			return name
		}
	}
	for _, b := range body.Blocks {
		if r := b.Range(); off >= r.Start.Byte && off < r.End.Byte {
			return b.Type + "." + attributeAt(b.Body, off)
		}
	}
	return "?"
}

// reduce returns the source of the variable and experiment blocks, block
// bi, the blocks it refers to and the locals they use (transitively), in
// file order (the locals first), and the shift of block bi's bytes in it.
func reduce(src []byte, body *hclsyntax.Body, bi int) ([]byte, int) {
	index := map[string]int{}
	locals := map[string]*hclsyntax.Attribute{}
	for i, b := range body.Blocks {
		if len(b.Labels) == 1 {
			index[b.Type+"."+b.Labels[0]] = i
		}
		if b.Type == "locals" {
			for name, a := range b.Body.Attributes {
				locals[name] = a
			}
		}
	}
	keep := map[int]bool{}
	keepLocal := map[string]bool{}
	var visitRef func(ref string)
	visitRef = func(ref string) {
		if name, ok := strings.CutPrefix(ref, "local."); ok {
			if a := locals[name]; a != nil && !keepLocal[name] {
				keepLocal[name] = true
				for _, r := range exprRefs(a.Expr) {
					visitRef(r)
				}
			}
			return
		}
		if i, ok := index[ref]; ok && !keep[i] {
			keep[i] = true
			for _, r := range blockRefs(body.Blocks[i].Body) {
				visitRef(r)
			}
		}
	}
	for i, b := range body.Blocks {
		if b.Type == "variable" || b.Type == "experiment" {
			keep[i] = true
		}
	}
	b := body.Blocks[bi]
	if len(b.Labels) == 1 {
		visitRef(b.Type + "." + b.Labels[0])
	}
	keep[bi] = true
	if b.Type != "locals" { // a mutated locals block comes whole
		for _, r := range blockRefs(b.Body) {
			visitRef(r)
		}
	}
	var out strings.Builder
	out.WriteString("locals {\n")
	for _, name := range sortedKeys(keepLocal) {
		r := locals[name].SrcRange
		out.Write(src[r.Start.Byte:r.End.Byte])
		out.WriteString("\n")
	}
	out.WriteString("}\n\n")
	shift := 0
	for i := range body.Blocks {
		if !keep[i] {
			continue
		}
		r := body.Blocks[i].Range()
		if i == bi {
			shift = out.Len() - r.Start.Byte
		}
		out.Write(src[r.Start.Byte:r.End.Byte])
		out.WriteString("\n\n")
	}
	return []byte(out.String()), shift
}

// exprRefs returns the references of an expression, as "local.name".
func exprRefs(e hclsyntax.Expression) []string {
	var refs []string
	for _, tr := range e.Variables() {
		if len(tr) < 2 {
			continue
		}
		if step, ok := tr[1].(hcl.TraverseAttr); ok {
			refs = append(refs, tr.RootName()+"."+step.Name)
		}
	}
	return refs
}

// blockRefs returns the references of a body's expressions.
func blockRefs(body *hclsyntax.Body) []string {
	var refs []string
	for _, a := range body.Attributes {
		refs = append(refs, exprRefs(a.Expr)...)
	}
	for _, b := range body.Blocks {
		refs = append(refs, blockRefs(b.Body)...)
	}
	return refs
}
