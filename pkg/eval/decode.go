package eval

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agext/levenshtein"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/runexp/runexp/pkg/families"
)

// DefaultMaxCells is the default limit on the number of cells a run may
// expand to; larger experiments need an explicit Options.MaxCells.
const DefaultMaxCells = 100000

// Options control loading of experiment files.
type Options struct {
	// Registry holds the topology families (families.Default() if nil).
	Registry *families.Registry
	// Vars are --var overrides: variable name to raw value. A value is
	// parsed as an HCL expression unless the variable is a string.
	Vars map[string]string
	// MaxCells limits the number of cells (DefaultMaxCells if 0).
	MaxCells int

	maxSteps int // the evaluation budget of a file (maxSteps if 0); for tests
}

// Loader parses and decodes experiment files. Its Files method returns the
// parsed sources for printing diagnostics.
type Loader struct {
	opts   Options
	parser *hclparse.Parser
}

// NewLoader returns a loader with the given options.
func NewLoader(opts Options) *Loader {
	if opts.Registry == nil {
		opts.Registry = families.Default()
	}
	if opts.MaxCells == 0 {
		opts.MaxCells = DefaultMaxCells
	}
	return &Loader{opts: opts, parser: hclparse.NewParser()}
}

// Files returns the parsed files by name, for hcl.NewDiagnosticTextWriter.
func (l *Loader) Files() map[string]*hcl.File { return l.parser.Files() }

// ExperimentFiles expands the command-line arguments: a file is taken as
// is; a directory stands for every *.hcl file directly inside it, sorted.
func ExperimentFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(a, "*.hcl"))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s: no .hcl files in directory", a)
		}
		sort.Strings(matches)
		files = append(files, matches...)
	}
	return files, nil
}

// Load parses and decodes the experiment files named by args (files or
// directories of .hcl files). Each file is one experiment, named after the
// file. Diagnostics carry source ranges; on errors the experiments are nil.
func (l *Loader) Load(args []string) ([]*Experiment, hcl.Diagnostics) {
	files, err := ExperimentFiles(args)
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read experiment", Detail: err.Error()}}
	}
	var (
		exps  []*Experiment
		diags hcl.Diagnostics
		names = map[string]string{}
		used  = map[string]bool{}
		// unread: a file could not be read or parsed, so the variables
		// it declares are not known.
		unread bool
	)
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if prev, dup := names[name]; dup {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate experiment name",
				Detail: fmt.Sprintf("%s and %s would both write results/%s/; rename one of them.", prev, path, name)})
			continue
		}
		names[name] = path
		if !validName(name) || strings.Contains(filepath.Base(path), "..") {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid experiment file name",
				Detail: fmt.Sprintf("%s: an experiment is named after its file, and the name becomes its results directory (results/%s/); %s", path, name, nameRule)})
			continue
		}
		exp, ds := l.loadFile(path, name, used)
		diags = append(diags, ds...)
		if exp != nil {
			exps = append(exps, exp)
		} else {
			unread = true
		}
	}
	declared := sortedKeys(used)
	for _, v := range sortedKeys(l.opts.Vars) {
		// A file that could not be read or parsed may declare v: its
		// errors are reported, not a misleading undeclared variable.
		if !used[v] && !unread {
			// A one-letter name is not "corrected" into another one.
			hint := ""
			switch s := Suggest(v, declared); {
			case s != "" && len(v) > 1:
				hint = fmt.Sprintf(" Did you mean %q?", s)
			case len(declared) > 0:
				hint = " Declared variables: " + strings.Join(declared, ", ") + "."
			default:
				hint = " The experiments declare no variables."
			}
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Undeclared variable",
				Detail: fmt.Sprintf("--var %s: no experiment declares a variable %q.%s", v, v, hint)})
		}
	}
	// Parameter values are checked by expanding the sweeps, also when other
	// parts of the files have errors, so that one pass reports them all.
	if limit := checkCellLimit(exps, l.opts.MaxCells); limit.HasErrors() {
		diags = append(diags, limit...)
	} else {
		for _, e := range exps {
			for _, t := range e.Topologies {
				diags = append(diags, expand(t)...)
			}
			diags = append(diags, checkBuildable(e)...)
			diags = append(diags, checkSimInstances(e)...)
			diags = append(diags, checkClexInstances(e)...)
			diags = append(diags, checkFigures(e)...)
		}
	}
	sortDiags(diags)
	if diags.HasErrors() {
		return nil, diags
	}
	return exps, diags
}

// sortDiags orders diagnostics by file and position (those without a
// position first), keeping the order of diagnostics at the same place.
func sortDiags(diags hcl.Diagnostics) {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].Subject, diags[j].Subject
		switch {
		case a == nil || b == nil:
			return a == nil && b != nil
		case a.Filename != b.Filename:
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
}

// loadFile parses and decodes one experiment file.
func (l *Loader) loadFile(path, name string, used map[string]bool) (*Experiment, hcl.Diagnostics) {
	f := l.parser.Files()[path]
	if f == nil {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read experiment", Detail: err.Error()}}
		}
		// The nesting depth is checked on the tokens before hclsyntax
		// parses them (its parser recurses once per level).
		if diags := checkSource(src, path); diags.HasErrors() {
			l.parser.AddFile(path, &hcl.File{Bytes: src, Body: hcl.EmptyBody()})
			return nil, diags
		}
		var diags hcl.Diagnostics
		f, diags = l.parser.ParseHCL(src, path)
		if diags.HasErrors() {
			return nil, diags
		}
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Unsupported file", Detail: path + " is not native HCL syntax."}}
	}
	guardBody(body)
	d := &decoder{opts: &l.opts, exp: &Experiment{Name: name, Path: path}, usedVars: used, budget: newBudget(l.opts.maxSteps), src: f.Bytes}
	d.decode(body)
	return d.exp, d.diags
}

// nameChars are the characters of block labels and experiment names.
var nameChars = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// validName reports whether name follows the rule for block labels and
// experiment names, which become file names under results/: nameChars,
// no "..", at most maxNameBytes bytes (with room for the suffixes and the
// temporary files' prefix within the 255 bytes of a file name).
func validName(name string) bool {
	return nameChars.MatchString(name) && !strings.Contains(name, "..") && len(name) <= maxNameBytes
}

// nameRule states the rule in messages (128 is maxNameBytes).
const nameRule = "names become file names: use letters, digits, '_', '-' and '.', starting with a letter or digit, without path separators or '..', at most 128 characters."

// blockTypes lists the top-level block types and their label names.
var blockTypes = []struct {
	Type  string
	Label string
}{
	{"experiment", ""},
	{"variable", "name"},
	{"locals", ""},
	{"topology", "name"},
	{"cost_model", "name"},
	{"study", "name"},
	{"figure", "name"},
	{"table", "name"},
}

func blockTypeNames() []string {
	var names []string
	for _, b := range blockTypes {
		names = append(names, b.Type)
	}
	return names
}

// decoder decodes one file.
type decoder struct {
	opts     *Options
	exp      *Experiment
	diags    hcl.Diagnostics
	ctx      *hcl.EvalContext
	blocks   map[string][]*hclsyntax.Block
	declared map[string]map[string]bool // block type -> names
	usedVars map[string]bool            // every declared variable (of all files): whether --var sets it
	vars     map[string]cty.Value
	locals   map[string]cty.Value
	disabled map[string]bool // studies with enabled = false
	budget   *budget         // what the file's expressions may still spend
	src      []byte          // the file's text
}

// budgetValue returns the file's budget as the value of the evaluation
// context variable budgetVar, where the guards find it.
func (d *decoder) budgetValue() cty.Value { return cty.CapsuleVal(budgetType, d.budget) }

// limitError reports an error of a limit (a *limitError) at rng.
func (d *decoder) limitError(rng hcl.Range, err error) {
	if le, ok := err.(*limitError); ok {
		d.errorf(rng, le.summary, "%s", le.detail)
		return
	}
	d.errorf(rng, "Invalid value", "%v", err)
}

func (d *decoder) errorf(rng hcl.Range, summary, format string, args ...any) {
	r := rng
	d.diags = append(d.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &r})
}

// warnf reports a warning at rng: the file is valid, but a reader would
// want it changed.
func (d *decoder) warnf(rng hcl.Range, summary, format string, args ...any) {
	r := rng
	d.diags = append(d.diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &r})
}

func (d *decoder) decode(body *hclsyntax.Body) {
	for _, a := range sortedAttrs(body) {
		d.errorf(a.NameRange, "Unexpected attribute", "Attributes are not allowed at the top level of an experiment file; put %q inside a block (valid block types: %s).", a.Name, strings.Join(blockTypeNames(), ", "))
	}
	d.blocks = map[string][]*hclsyntax.Block{}
	d.declared = map[string]map[string]bool{}
	seen := map[string]hcl.Range{}
	for _, b := range body.Blocks {
		label, known := "", false
		for _, bt := range blockTypes {
			if bt.Type == b.Type {
				known, label = true, bt.Label
			}
		}
		if !known {
			d.errorf(b.TypeRange, "Unknown block type", "Blocks of type %q are not expected here; valid block types: %s.%s", b.Type, strings.Join(blockTypeNames(), ", "), didYouMean(b.Type, blockTypeNames()))
			continue
		}
		want := 0
		if label != "" {
			want = 1
		}
		if len(b.Labels) != want {
			if want == 1 {
				d.errorf(b.TypeRange, "Missing or extra block label", "A %s block takes exactly one label, its %s: %s \"my_%s\" { ... }.", b.Type, label, b.Type, b.Type)
			} else {
				d.errorf(b.TypeRange, "Unexpected block label", "A %s block takes no label.", b.Type)
			}
			continue
		}
		if want == 1 {
			name := b.Labels[0]
			if !validName(name) {
				d.errorf(b.LabelRanges[0], "Invalid name", "%q is not a valid %s name; %s", name, b.Type, nameRule)
				continue
			}
			k := b.Type + "." + name
			if prev, dup := seen[k]; dup {
				d.errorf(b.LabelRanges[0], "Duplicate "+b.Type, "A %s named %q is already declared at %s.", b.Type, name, prev)
				continue
			}
			seen[k] = b.LabelRanges[0]
			if d.declared[b.Type] == nil {
				d.declared[b.Type] = map[string]bool{}
			}
			d.declared[b.Type][name] = true
		} else if b.Type == "experiment" && len(d.blocks["experiment"]) > 0 {
			d.errorf(b.TypeRange, "Duplicate experiment block", "An experiment file has at most one experiment block.")
			continue
		}
		d.blocks[b.Type] = append(d.blocks[b.Type], b)
	}
	if d.diags.HasErrors() {
		return
	}
	d.decodeVariables()
	if d.diags.HasErrors() {
		return
	}
	fns := functions()
	for name, f := range fileFunctions(filepath.Dir(d.exp.Path)) {
		fns[name] = f
	}
	d.ctx = &hcl.EvalContext{Variables: map[string]cty.Value{"var": objectOrEmpty(d.vars), budgetVar: d.budgetValue()}, Functions: guardedFunctions(d.budget, fns)}
	d.decodeLocals()
	if d.diags.HasErrors() {
		return
	}
	d.ctx.Variables["local"] = objectOrEmpty(d.locals)
	for _, kind := range []string{"topology", "study", "cost_model"} {
		refs := map[string]cty.Value{}
		for name := range d.declared[kind] {
			refs[name] = refValue(kind, name)
		}
		d.ctx.Variables[kind] = objectOrEmpty(refs)
	}
	for _, b := range d.blocks["experiment"] {
		d.decodeExperimentBlock(b)
	}
	topos := map[string]*Topology{}
	for _, b := range d.blocks["topology"] {
		if t := d.decodeTopology(b); t != nil {
			topos[t.Name] = t
			d.exp.Topologies = append(d.exp.Topologies, t)
		}
	}
	models := map[string]*CostModel{}
	for _, b := range d.blocks["cost_model"] {
		if m := d.decodeCostModel(b); m != nil {
			models[m.Name] = m
			d.exp.CostModels = append(d.exp.CostModels, m)
		}
	}
	// Studies, figures and tables are decoded even if some topology or
	// study failed (references to a failed block are skipped quietly: its
	// error is already reported), so that one pass reports every error.
	studies := map[string]*Study{}
	d.disabled = map[string]bool{}
	for _, b := range d.blocks["study"] {
		if !d.blockEnabled(b) {
			d.disabled[b.Labels[0]] = true
			continue
		}
		if s := d.decodeStudy(b, topos, models); s != nil {
			studies[s.Name] = s
			if !s.partial {
				d.exp.Studies = append(d.exp.Studies, s)
			}
		}
	}
	// A figure or table of a partial study is checked, not kept.
	partial := func(s *Study, more []*Study) bool {
		return s.partial || slices.ContainsFunc(more, func(o *Study) bool { return o.partial })
	}
	for _, b := range d.blocks["figure"] {
		if d.usesDisabledStudy(b) {
			continue
		}
		if f := d.decodeFigure(b, studies); f != nil && !partial(f.Study, f.Overlay) {
			d.exp.Figures = append(d.exp.Figures, f)
		}
	}
	for _, b := range d.blocks["table"] {
		if d.usesDisabledStudy(b) {
			continue
		}
		if t := d.decodeTable(b, studies); t != nil && !partial(t.Study, nil) {
			d.exp.Tables = append(d.exp.Tables, t)
		}
	}
}

// blockEnabled evaluates a block's optional enabled attribute (true when
// absent or invalid: an invalid value is reported).
func (d *decoder) blockEnabled(b *hclsyntax.Block) bool {
	a, ok := b.Body.Attributes["enabled"]
	if !ok {
		return true
	}
	on, ok := d.boolAttr(a)
	return !ok || on
}

// usesDisabledStudy reports whether a figure or table block draws on a
// study disabled with enabled = false: such blocks are dropped with it.
func (d *decoder) usesDisabledStudy(b *hclsyntax.Block) bool {
	a, ok := b.Body.Attributes["study"]
	if !ok {
		return false
	}
	for _, tr := range a.Expr.Variables() {
		if len(tr) == 2 && tr.RootName() == "study" {
			if attr, ok := tr[1].(hcl.TraverseAttr); ok && d.disabled[attr.Name] {
				return true
			}
		}
	}
	return false
}

// refValue is the value of a reference such as topology.sf.
func refValue(kind, name string) cty.Value {
	return cty.ObjectVal(map[string]cty.Value{"kind": cty.StringVal(kind), "name": cty.StringVal(name)})
}

func objectOrEmpty(m map[string]cty.Value) cty.Value {
	if len(m) == 0 {
		return cty.EmptyObjectVal
	}
	return cty.ObjectVal(m)
}

// sortedAttrs returns a body's attributes in source order.
func sortedAttrs(body *hclsyntax.Body) []*hclsyntax.Attribute {
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].SrcRange.Start.Byte < attrs[j].SrcRange.Start.Byte })
	return attrs
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// checkBody reports attributes not in allowed and nested blocks not in
// blocks, listing the valid names.
func (d *decoder) checkBody(body *hclsyntax.Body, what string, allowed []string, blocks ...string) {
	for _, a := range sortedAttrs(body) {
		if !contains(allowed, a.Name) {
			d.errorf(a.NameRange, "Unsupported argument", "An argument named %q is not expected in %s; valid arguments: %s.%s", a.Name, what, strings.Join(allowed, ", "), didYouMean(a.Name, allowed))
		}
	}
	for _, b := range body.Blocks {
		if !contains(blocks, b.Type) {
			if len(blocks) == 0 {
				d.errorf(b.TypeRange, "Unsupported block", "Blocks of type %q are not expected in %s; it takes no nested blocks.", b.Type, what)
			} else {
				d.errorf(b.TypeRange, "Unsupported block", "Blocks of type %q are not expected in %s; valid nested blocks: %s.", b.Type, what, strings.Join(blocks, ", "))
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkRefs reports references to undeclared variables, locals, topologies,
// studies or cost models before evaluation, listing the declared names.
func (d *decoder) checkRefs(expr hcl.Expression) bool {
	return d.checkRefsWith(expr, nil)
}

// checkRefsWith is checkRefs where the root names in extra are variables
// too (a topology's keep: the family's parameters and sizing figures).
func (d *decoder) checkRefsWith(expr hcl.Expression, extra map[string]bool) bool {
	ok := true
	for _, tr := range expr.Variables() {
		root := tr.RootName()
		if extra[root] {
			continue
		}
		var declared map[string]bool
		var what string
		switch root {
		case "var":
			declared, what = keysSet(d.vars), "variable"
		case "local":
			declared, what = keysSet(d.locals), "local value"
		case "topology", "study", "cost_model":
			declared, what = d.declared[root], strings.ReplaceAll(root, "_", " ")
		default:
			if _, isVar := d.ctx.Variables[root]; !isVar {
				d.errorf(tr.SourceRange(), "Unknown reference", "There is no %q; references start with var, local, topology, study or cost_model.", root)
				ok = false
			}
			continue
		}
		if len(tr) < 2 {
			d.errorf(tr.SourceRange(), "Incomplete reference", "Name a %s after %q, as in %s.<name>.", what, root, root)
			ok = false
			continue
		}
		attr, isAttr := tr[1].(hcl.TraverseAttr)
		if !isAttr {
			continue
		}
		if !declared[attr.Name] {
			names := sortedKeys(declared)
			list := "none are declared"
			if len(names) > 0 {
				list = "declared: " + strings.Join(names, ", ")
			}
			d.errorf(tr.SourceRange(), "Reference to undeclared "+what, "No %s named %q is declared in this file (%s).%s", what, attr.Name, list, didYouMean(attr.Name, names))
			ok = false
		}
	}
	return ok
}

func keysSet[V any](m map[string]V) map[string]bool {
	s := make(map[string]bool, len(m))
	for k := range m {
		s[k] = true
	}
	return s
}

// eval evaluates an expression in the file's context.
func (d *decoder) eval(expr hcl.Expression) (cty.Value, bool) {
	if d.budget.exhausted {
		return cty.NilVal, false // reported where it ran out
	}
	if !d.checkRefs(expr) {
		return cty.NilVal, false
	}
	v, diags := expr.Value(d.ctx)
	d.diags = append(d.diags, cleanDiags(diags)...)
	if diags.HasErrors() || d.budget.exhausted {
		return cty.NilVal, false
	}
	if err := checkNumber(v); err != nil {
		d.limitError(expr.Range(), err)
		return cty.NilVal, false
	}
	// Every value the decoder sees holds at most maxElements elements,
	// nested ones included (counted as often as they occur), so that its
	// walks of values are bounded; the walk is charged.
	n, _, known := valueSize(v, maxElements+1)
	if n > maxElements {
		d.errorf(expr.Range(), "Value too large", "The value of this expression has more than %s elements (counting those of nested lists and objects as often as they occur), the limit.", commas(maxElements))
		return cty.NilVal, false
	}
	if err := d.budget.spend(n); err != nil {
		d.diags = append(d.diags, d.budget.diag(err, expr.Range())...)
		return cty.NilVal, false
	}
	if !known {
		// Values are unknown only downstream of an error (a local that
		// failed), which is reported already.
		if !d.diags.HasErrors() {
			d.errorf(expr.Range(), "Unknown value", "The value of this expression cannot be determined.")
		}
		return cty.NilVal, false
	}
	return v, true
}

// decodeLocals evaluates every locals attribute in dependency order and
// reports reference cycles.
func (d *decoder) decodeLocals() {
	d.locals = map[string]cty.Value{}
	attrs := map[string]*hclsyntax.Attribute{}
	var order []string
	for _, b := range d.blocks["locals"] {
		for _, nb := range b.Body.Blocks {
			d.errorf(nb.TypeRange, "Unsupported block", "A locals block holds only attributes (name = expression).")
		}
		for _, a := range sortedAttrs(b.Body) {
			if prev, dup := attrs[a.Name]; dup {
				d.errorf(a.NameRange, "Duplicate local value", "local.%s is already defined at %s.", a.Name, prev.NameRange)
				continue
			}
			attrs[a.Name] = a
			order = append(order, a.Name)
		}
	}
	if d.diags.HasErrors() {
		return
	}
	// All local names are declared up front so that references resolve;
	// their values are filled in dependency order.
	for name := range attrs {
		d.locals[name] = cty.DynamicVal
	}
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(name string) bool
	visit = func(name string) bool {
		switch state[name] {
		case done:
			return true
		case visiting:
			i := len(stack) - 1
			for stack[i] != name {
				i--
			}
			cycle := append(append([]string{}, stack[i:]...), name)
			path := "local." + strings.Join(cycle, " → local.")
			for _, n := range cycle[:len(cycle)-1] {
				d.errorf(attrs[n].NameRange, "Reference cycle", "The local values refer to each other in a cycle: %s.", path)
			}
			return false
		}
		state[name] = visiting
		stack = append(stack, name)
		a := attrs[name]
		for _, tr := range a.Expr.Variables() {
			if tr.RootName() != "local" || len(tr) < 2 {
				continue
			}
			if step, ok := tr[1].(hcl.TraverseAttr); ok {
				if _, exists := attrs[step.Name]; exists && !visit(step.Name) {
					return false
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[name] = done
		d.ctx.Variables["local"] = objectOrEmpty(d.locals)
		if v, ok := d.eval(a.Expr); ok {
			d.locals[name] = v
		}
		return true
	}
	for _, name := range order {
		if !visit(name) {
			return
		}
	}
}

func (d *decoder) decodeExperimentBlock(b *hclsyntax.Block) {
	d.checkBody(b.Body, "the experiment block", []string{"title", "description"})
	if a, ok := b.Body.Attributes["title"]; ok {
		d.exp.Title, _ = d.stringAttr(a, nil)
	}
	if a, ok := b.Body.Attributes["description"]; ok {
		d.exp.Description, _ = d.stringAttr(a, nil)
	}
}

// didYouMean returns ` Did you mean "x"?` for Suggest's candidate, or "".
func didYouMean(name string, candidates []string) string {
	if best := Suggest(name, candidates); best != "" {
		return fmt.Sprintf(" Did you mean %q?", best)
	}
	return ""
}

// Suggest returns the candidate closest to name by edit distance when it
// is close enough to be a typo of it (at most a third of name's length, and
// at least 1), or "".
func Suggest(name string, candidates []string) string {
	best, bestD := "", 0
	for _, c := range candidates {
		d := levenshtein.Distance(name, c, nil)
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(1, len(name)/3) {
		return ""
	}
	return best
}
