package eval

import (
	"fmt"
	"github.com/agext/levenshtein"
	"maps"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/report"
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
	)
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if prev, dup := names[name]; dup {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate experiment name",
				Detail: fmt.Sprintf("%s and %s would both write results/%s/; rename one of them.", prev, path, name)})
			continue
		}
		names[name] = path
		if !validName.MatchString(name) {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid experiment file name",
				Detail: fmt.Sprintf("%s: the file name %q becomes the results directory; %s", path, name, nameRule)})
			continue
		}
		exp, ds := l.loadFile(path, name, used)
		diags = append(diags, ds...)
		if exp != nil {
			exps = append(exps, exp)
		}
	}
	for _, v := range sortedKeys(l.opts.Vars) {
		if !used[v] {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Undeclared variable",
				Detail: fmt.Sprintf("--var %s: no experiment declares a variable %q.", v, v)})
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
	f, diags := l.parser.ParseHCLFile(path)
	if diags.HasErrors() {
		return nil, diags
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Unsupported file", Detail: path + " is not native HCL syntax."}}
	}
	d := &decoder{opts: &l.opts, exp: &Experiment{Name: name, Path: path}, usedVars: used}
	d.decode(body)
	return d.exp, d.diags
}

// validName is the rule for block labels and experiment names: they become
// file names under results/.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

const nameRule = "names become file names: use letters, digits, '_', '-' and '.', starting with a letter or digit, without path separators or '..'."

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
	usedVars map[string]bool
	vars     map[string]cty.Value
	locals   map[string]cty.Value
	disabled map[string]bool // studies with enabled = false
}

func (d *decoder) errorf(rng hcl.Range, summary, format string, args ...any) {
	r := rng
	d.diags = append(d.diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &r})
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
			if !validName.MatchString(name) {
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
	d.ctx = &hcl.EvalContext{Variables: map[string]cty.Value{"var": objectOrEmpty(d.vars)}, Functions: functions()}
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
			d.exp.Studies = append(d.exp.Studies, s)
		}
	}
	for _, b := range d.blocks["figure"] {
		if d.usesDisabledStudy(b) {
			continue
		}
		if f := d.decodeFigure(b, studies); f != nil {
			d.exp.Figures = append(d.exp.Figures, f)
		}
	}
	for _, b := range d.blocks["table"] {
		if d.usesDisabledStudy(b) {
			continue
		}
		if t := d.decodeTable(b, studies); t != nil {
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
	ok := true
	for _, tr := range expr.Variables() {
		root := tr.RootName()
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
	if !d.checkRefs(expr) {
		return cty.NilVal, false
	}
	v, diags := expr.Value(d.ctx)
	d.diags = append(d.diags, diags...)
	if diags.HasErrors() {
		return cty.NilVal, false
	}
	if !v.IsWhollyKnown() {
		d.errorf(expr.Range(), "Unknown value", "The value of this expression cannot be determined.")
		return cty.NilVal, false
	}
	return v, true
}

// decodeVariables evaluates the variable blocks with --var overrides.
func (d *decoder) decodeVariables() {
	d.vars = map[string]cty.Value{}
	fnCtx := &hcl.EvalContext{Functions: functions()}
	for _, b := range d.blocks["variable"] {
		name := b.Labels[0]
		d.checkBody(b.Body, "a variable block", []string{"type", "default", "description"})
		v := &Variable{Name: name, Range: b.LabelRanges[0]}
		ty := cty.DynamicPseudoType
		if a, ok := b.Body.Attributes["type"]; ok {
			t, diags := typeexpr.TypeConstraint(a.Expr)
			d.diags = append(d.diags, diags...)
			if diags.HasErrors() {
				continue
			}
			ty = t
			v.Type = typeexpr.TypeString(t)
		}
		if a, ok := b.Body.Attributes["description"]; ok {
			v.Description, _ = d.stringAttr(a, fnCtx)
		}
		var val cty.Value
		var rng hcl.Range
		if raw, ok := d.opts.Vars[name]; ok {
			d.usedVars[name] = true
			var ok2 bool
			val, ok2 = d.parseVar(name, raw, ty, b)
			if !ok2 {
				continue
			}
			rng = b.LabelRanges[0]
		} else if a, ok := b.Body.Attributes["default"]; ok {
			dv, diags := a.Expr.Value(fnCtx)
			d.diags = append(d.diags, diags...)
			if diags.HasErrors() {
				continue
			}
			val, rng = dv, a.Expr.Range()
		} else {
			d.errorf(b.LabelRanges[0], "Variable without value", "Variable %q has no default; set it with --var %s=VALUE.", name, name)
			continue
		}
		if ty != cty.DynamicPseudoType {
			cv, err := convert.Convert(val, ty)
			if err != nil {
				d.errorf(rng, "Invalid value for variable", "Variable %q: %s.", name, err)
				continue
			}
			val = cv
		}
		v.Value = formatCty(val)
		d.vars[name] = val
		d.exp.Variables = append(d.exp.Variables, v)
	}
}

// parseVar converts a --var value: a string variable takes it verbatim;
// otherwise it is parsed as an HCL expression, falling back to a string.
func (d *decoder) parseVar(name, raw string, ty cty.Type, b *hclsyntax.Block) (cty.Value, bool) {
	isString := ty == cty.String
	if ty == cty.DynamicPseudoType {
		if a, ok := b.Body.Attributes["default"]; ok {
			if dv, diags := a.Expr.Value(&hcl.EvalContext{Functions: functions()}); !diags.HasErrors() && dv.Type() == cty.String {
				isString = true
			}
		}
	}
	if isString {
		return cty.StringVal(raw), true
	}
	expr, diags := hclsyntax.ParseExpression([]byte(raw), "--var "+name, hcl.InitialPos)
	if !diags.HasErrors() {
		if v, diags := expr.Value(&hcl.EvalContext{Functions: functions()}); !diags.HasErrors() {
			return v, true
		}
	}
	if ty == cty.DynamicPseudoType {
		return cty.StringVal(raw), true
	}
	d.errorf(b.LabelRanges[0], "Invalid --var value", "--var %s=%s is not a valid %s value.", name, raw, typeexpr.TypeString(ty))
	return cty.NilVal, false
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

// stringAttr evaluates a string attribute (in ctx, or the file's context if nil).
func (d *decoder) stringAttr(a *hclsyntax.Attribute, ctx *hcl.EvalContext) (string, bool) {
	var v cty.Value
	if ctx != nil {
		var diags hcl.Diagnostics
		v, diags = a.Expr.Value(ctx)
		d.diags = append(d.diags, diags...)
		if diags.HasErrors() {
			return "", false
		}
	} else {
		var ok bool
		if v, ok = d.eval(a.Expr); !ok {
			return "", false
		}
	}
	if v.IsNull() || v.Type() != cty.String {
		sv, err := convert.Convert(v, cty.String)
		if err != nil || sv.IsNull() || v.Type().IsCollectionType() || v.Type().IsTupleType() {
			d.errorf(a.Expr.Range(), "Invalid value", "%s must be a string.", a.Name)
			return "", false
		}
		v = sv
	}
	return v.AsString(), true
}

// stringListAttr evaluates an attribute that is a string or a list of strings.
func (d *decoder) stringListAttr(a *hclsyntax.Attribute) ([]string, []hcl.Range, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, nil, false
	}
	if v.Type() == cty.String {
		return []string{v.AsString()}, []hcl.Range{a.Expr.Range()}, true
	}
	if !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) || v.IsNull() {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be a string or a list of strings.", a.Name)
		return nil, nil, false
	}
	ranges := elementRanges(a.Expr, v.LengthInt())
	var out []string
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		if e.IsNull() || e.Type() != cty.String {
			d.errorf(ranges[i], "Invalid value", "%s must be a list of strings; element %d is %s.", a.Name, i+1, describeCty(e))
			return nil, nil, false
		}
		out = append(out, e.AsString())
	}
	return out, ranges, true
}

// numberAttr evaluates a number attribute.
func (d *decoder) numberAttr(a *hclsyntax.Attribute) (float64, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return 0, false
	}
	if v.IsNull() || v.Type() != cty.Number {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be a number, got %s.", a.Name, describeCty(v))
		return 0, false
	}
	f, _ := v.AsBigFloat().Float64()
	return f, true
}

// boolAttr evaluates a bool attribute.
func (d *decoder) boolAttr(a *hclsyntax.Attribute) (bool, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return false, false
	}
	if v.IsNull() || v.Type() != cty.Bool {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be true or false, got %s.", a.Name, describeCty(v))
		return false, false
	}
	return v.True(), true
}

// refAttr evaluates a single reference such as study.x (a bare name string
// is accepted too) and returns the name.
func (d *decoder) refAttr(a *hclsyntax.Attribute, kind string) (string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return "", false
	}
	return d.refName(v, a.Expr.Range(), kind, a.Name)
}

func (d *decoder) refName(v cty.Value, rng hcl.Range, kind, attr string) (string, bool) {
	if !v.IsNull() && v.Type() == cty.String {
		name := v.AsString()
		if !d.declared[kind][name] {
			d.errorf(rng, "Reference to undeclared "+strings.ReplaceAll(kind, "_", " "), "No %s named %q is declared in this file (declared: %s).", kind, name, strings.Join(sortedKeys(d.declared[kind]), ", "))
			return "", false
		}
		return name, true
	}
	if !v.IsNull() && v.Type().IsObjectType() && v.Type().HasAttribute("kind") && v.Type().HasAttribute("name") {
		if k := v.GetAttr("kind"); k.Type() == cty.String && k.AsString() == kind {
			return v.GetAttr("name").AsString(), true
		}
	}
	d.errorf(rng, "Invalid reference", "%s must refer to a %s, as in %s.<name>; got %s.", attr, kind, kind, describeCty(v))
	return "", false
}

// refListAttr evaluates a list of references.
func (d *decoder) refListAttr(a *hclsyntax.Attribute, kind string) ([]string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		name, ok := d.refName(v, a.Expr.Range(), kind, a.Name)
		return []string{name}, ok
	}
	ranges := elementRanges(a.Expr, v.LengthInt())
	var out []string
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		name, ok := d.refName(e, ranges[i], kind, a.Name)
		if !ok {
			return nil, false
		}
		out = append(out, name)
	}
	return out, true
}

// elementRanges returns the source range of each element of a literal list
// expression, or n copies of the expression's range.
func elementRanges(expr hcl.Expression, n int) []hcl.Range {
	out := make([]hcl.Range, n)
	if tup, ok := expr.(*hclsyntax.TupleConsExpr); ok && len(tup.Exprs) == n {
		for i, e := range tup.Exprs {
			out[i] = e.Range()
		}
		return out
	}
	for i := range out {
		out[i] = expr.Range()
	}
	return out
}

// describeCty describes a value's type for error messages.
func describeCty(v cty.Value) string {
	if v == cty.NilVal || v.IsNull() {
		return "null"
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return fmt.Sprintf("the string %q", v.AsString())
	case t == cty.Number:
		return "the number " + v.AsBigFloat().Text('g', -1)
	case t == cty.Bool:
		return fmt.Sprintf("%t", v.True())
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		return "a list"
	case t.IsObjectType() || t.IsMapType():
		if t.IsObjectType() && t.HasAttribute("kind") && t.HasAttribute("name") {
			return fmt.Sprintf("%s.%s", v.GetAttr("kind").AsString(), v.GetAttr("name").AsString())
		}
		return "an object"
	}
	return t.FriendlyName()
}

// formatCty formats a value as HCL for display.
func formatCty(v cty.Value) string {
	if v.IsNull() {
		return "null"
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return fmt.Sprintf("%q", v.AsString())
	case t == cty.Number:
		return v.AsBigFloat().Text('g', -1)
	case t == cty.Bool:
		return fmt.Sprintf("%t", v.True())
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			parts = append(parts, formatCty(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case t.IsObjectType() || t.IsMapType():
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			parts = append(parts, k.AsString()+" = "+formatCty(e))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return t.FriendlyName()
}

// ctyScalar converts a number, string or bool to a dataset value: integral
// numbers that fit an int64 become Int, other numbers Float.
func ctyScalar(v cty.Value) (dataset.Value, bool) {
	if v.IsNull() {
		return dataset.Value{}, false
	}
	switch v.Type() {
	case cty.String:
		return dataset.StringValue(v.AsString()), true
	case cty.Bool:
		return dataset.BoolValue(v.True()), true
	case cty.Number:
		bf := v.AsBigFloat()
		if bf.IsInt() {
			if i, acc := bf.Int64(); acc == big.Exact {
				return dataset.IntValue(i), true
			}
		}
		f, _ := bf.Float64()
		return dataset.FloatValue(f), true
	}
	return dataset.Value{}, false
}

// decodeTopology decodes a topology block (sweep axes are expanded later by
// expand, after the cell limit is checked).
func (d *decoder) decodeTopology(b *hclsyntax.Block) *Topology {
	t := &Topology{Name: b.Labels[0], Label: b.Labels[0], Range: b.LabelRanges[0], paramRange: map[string]hcl.Range{}}
	for _, nb := range b.Body.Blocks {
		d.errorf(nb.TypeRange, "Unsupported block", "A topology block holds only attributes: family, label, description and the family's parameters.")
	}
	fa, ok := b.Body.Attributes["family"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing family", "Topology %q needs a family = \"...\" attribute; families: %s.", t.Name, strings.Join(d.opts.Registry.Names(), ", "))
		return nil
	}
	fname, ok := d.stringAttr(fa, nil)
	if !ok {
		return nil
	}
	fam, ok := d.opts.Registry.Lookup(fname)
	if !ok {
		d.errorf(fa.Expr.Range(), "Unknown family", "There is no topology family %q; families: %s.%s", fname, strings.Join(d.opts.Registry.Names(), ", "), didYouMean(fname, d.opts.Registry.Names()))
		return nil
	}
	t.Family = fam
	fixed := families.Values{}
	bad := false
	for _, a := range sortedAttrs(b.Body) {
		switch a.Name {
		case "family":
			continue
		case "label":
			if s, ok := d.stringAttr(a, nil); ok {
				t.Label = s
			}
			continue
		case "description":
			t.Description, _ = d.stringAttr(a, nil)
			continue
		}
		p := fam.Param(a.Name)
		if p == nil {
			d.errorf(a.NameRange, "Unknown parameter", "Family %q has no parameter %q; its parameters: %s (plus label and description).%s", fam.Name, a.Name, strings.Join(fam.ParamNames(), ", "), didYouMean(a.Name, append(fam.ParamNames(), "label", "description")))
			bad = true
			continue
		}
		v, ok := d.eval(a.Expr)
		if !ok {
			bad = true
			continue
		}
		t.paramRange[p.Name] = a.Expr.Range()
		vals, ranges, sweep, ok := d.paramValues(fam.Name, p, v, a)
		if !ok {
			bad = true
			continue
		}
		if sweep {
			t.Axes = append(t.Axes, Axis{Param: p.Name, Values: vals, Ranges: ranges})
		} else {
			fixed[p.Name] = vals[0]
		}
	}
	if bad {
		return nil
	}
	t.fixed = fixed
	return t
}

// paramValues converts an attribute value to parameter values: one value,
// or a sweep (a list of values) for a list-valued attribute.
func (d *decoder) paramValues(fam string, p *families.Param, v cty.Value, a *hclsyntax.Attribute) ([]any, []hcl.Range, bool, bool) {
	isList := func(v cty.Value) bool {
		t := v.Type()
		return !v.IsNull() && (t.IsListType() || t.IsTupleType() || t.IsSetType())
	}
	sweep := isList(v)
	if p.Kind == families.IntList {
		// A list of numbers is one value; a list of lists is a sweep.
		sweep = false
		if isList(v) && v.LengthInt() > 0 {
			for it := v.ElementIterator(); it.Next(); {
				_, e := it.Element()
				sweep = isList(e)
				break
			}
		}
	}
	if !sweep {
		x, msg := d.paramScalar(p, v)
		if msg != "" {
			d.errorf(a.Expr.Range(), "Invalid parameter value", "Parameter %q of family %q: %s.", p.Name, fam, msg)
			return nil, nil, false, false
		}
		return []any{x}, []hcl.Range{a.Expr.Range()}, false, true
	}
	n := v.LengthInt()
	if n == 0 {
		d.errorf(a.Expr.Range(), "Empty sweep", "Parameter %q is an empty list; a sweep needs at least one value.", p.Name)
		return nil, nil, false, false
	}
	ranges := elementRanges(a.Expr, n)
	vals := make([]any, 0, n)
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		x, msg := d.paramScalar(p, e)
		if msg != "" {
			d.errorf(ranges[i], "Invalid parameter value", "Parameter %q, sweep value %d: %s.", p.Name, i+1, msg)
			return nil, nil, false, false
		}
		vals = append(vals, x)
	}
	return vals, ranges, true, true
}

// paramScalar converts one parameter value; msg is non-empty on error.
func (d *decoder) paramScalar(p *families.Param, v cty.Value) (any, string) {
	if v.IsNull() {
		return nil, "the value is null"
	}
	t := v.Type()
	switch p.Kind {
	case families.Int:
		if t == cty.String {
			return v.AsString(), "" // a named choice, checked by Normalize
		}
		if t != cty.Number {
			return nil, "want an integer, got " + describeCty(v)
		}
		bf := v.AsBigFloat()
		i, acc := bf.Int64()
		if !bf.IsInt() || acc != big.Exact {
			return nil, "want an integer, got " + describeCty(v)
		}
		return i, ""
	case families.Float:
		if t != cty.Number {
			return nil, "want a number, got " + describeCty(v)
		}
		f, _ := v.AsBigFloat().Float64()
		return f, ""
	case families.String:
		if t != cty.String {
			return nil, "want a string, got " + describeCty(v)
		}
		return v.AsString(), ""
	case families.IntList:
		if !(t.IsListType() || t.IsTupleType()) {
			return nil, "want a list of integers, got " + describeCty(v)
		}
		var out []int64
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if e.IsNull() || e.Type() != cty.Number {
				return nil, "want a list of integers, got an element " + describeCty(e)
			}
			i, acc := e.AsBigFloat().Int64()
			if !e.AsBigFloat().IsInt() || acc != big.Exact {
				return nil, "want a list of integers, got an element " + describeCty(e)
			}
			out = append(out, i)
		}
		return out, ""
	}
	return nil, "unsupported parameter kind " + p.Kind.String()
}

// decodeCostModel decodes a cost_model block: a preset of package cost and
// field overrides.
func (d *decoder) decodeCostModel(b *hclsyntax.Block) *CostModel {
	m := &CostModel{Name: b.Labels[0], Range: b.LabelRanges[0], Preset: "sc14"}
	var fields []cost.Field
	allowed := []string{"description", "preset"}
	for _, f := range cost.Fields() {
		if f.Name == "name" { // the preset's name: set by preset
			continue
		}
		fields = append(fields, f)
		allowed = append(allowed, f.Name)
	}
	before := len(d.diags)
	d.checkBody(b.Body, "a cost_model block", allowed)
	if a, ok := b.Body.Attributes["description"]; ok {
		m.Description, _ = d.stringAttr(a, nil)
	}
	if a, ok := b.Body.Attributes["preset"]; ok {
		if p, ok := d.stringAttr(a, nil); ok {
			if !slices.Contains(cost.PresetNames(), p) {
				d.errorf(a.Expr.Range(), "Unknown cost model preset", "There is no preset %q; presets: %s.%s", p, strings.Join(cost.PresetNames(), ", "), didYouMean(p, cost.PresetNames()))
				return nil
			}
			m.Preset = p
		}
	}
	model, err := cost.Preset(m.Preset)
	if err != nil {
		d.errorf(b.LabelRanges[0], "Invalid cost model", "%v", err)
		return nil
	}
	for _, f := range fields {
		a, ok := b.Body.Attributes[f.Name]
		if !ok {
			continue
		}
		var v any
		switch f.Kind {
		case "string":
			s, ok := d.stringAttr(a, nil)
			if !ok {
				continue
			}
			v = s
		case "bool":
			x, ok := d.boolAttr(a)
			if !ok {
				continue
			}
			v = x
		default:
			x, ok := d.numberAttr(a)
			if !ok {
				continue
			}
			v = x
		}
		if err := model.Set(f.Name, v); err != nil {
			d.errorf(a.Expr.Range(), "Invalid value", "%v", err)
		}
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	if err := model.Validate(); err != nil {
		d.errorf(b.LabelRanges[0], "Invalid cost model", "Cost model %q: %v", m.Name, err)
		return nil
	}
	m.Model = model
	return m
}

// decodeStudy decodes a study block and computes its dataset columns.
func (d *decoder) decodeStudy(b *hclsyntax.Block, topos map[string]*Topology, models map[string]*CostModel) *Study {
	s := &Study{Name: b.Labels[0], Range: b.LabelRanges[0]}
	before := len(d.diags)
	d.checkBody(b.Body, "a study block", []string{"title", "description", "enabled", "topologies", "metrics", "cost_model", "rows"}, "analysis", "sim")
	if sb := d.nestedBlock(b, "sim"); sb != nil {
		s.Sim = d.decodeSim(sb)
	}
	if ab := d.nestedBlock(b, "analysis"); ab != nil {
		s.Analysis = d.decodeAnalysis(ab)
	}
	if a, ok := b.Body.Attributes["title"]; ok {
		s.Title, _ = d.stringAttr(a, nil)
	}
	if a, ok := b.Body.Attributes["description"]; ok {
		s.Description, _ = d.stringAttr(a, nil)
	}
	if ra, ok := b.Body.Attributes["rows"]; ok {
		for _, other := range []string{"topologies", "metrics", "cost_model"} {
			if a, ok := b.Body.Attributes[other]; ok {
				d.errorf(a.NameRange, "Conflicting arguments", "Study %q has literal rows; it takes no %s.", s.Name, other)
			}
		}
		if d.diags[before:].HasErrors() {
			return nil
		}
		if !d.decodeRows(s, ra) {
			return nil
		}
		return s
	}
	ta, ok := b.Body.Attributes["topologies"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing topologies", "Study %q needs topologies = [topology.<name>, ...] (or literal rows = [{...}, ...]).", s.Name)
		return nil
	}
	names, ok := d.refListAttr(ta, "topology")
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			d.errorf(ta.Expr.Range(), "Duplicate topology", "Topology %q is listed twice in study %q.", n, s.Name)
			return nil
		}
		seen[n] = true
		if topos[n] == nil {
			return nil // the topology block has errors, reported already
		}
		s.Topologies = append(s.Topologies, topos[n])
	}
	if a, ok := b.Body.Attributes["cost_model"]; ok {
		name, ok := d.refAttr(a, "cost_model")
		if !ok {
			return nil
		}
		if s.CostModel = models[name]; s.CostModel == nil {
			return nil
		}
	}
	ma, ok := b.Body.Attributes["metrics"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing metrics", "Study %q needs metrics = [\"...\", ...]; metrics: %s.", s.Name, strings.Join(metricNames(Metrics()), ", "))
		return nil
	}
	mnames, ranges, ok := d.stringListAttr(ma)
	if !ok {
		return nil
	}
	all := Metrics()
	for i, n := range mnames {
		m := lookupMetric(all, n)
		if m == nil {
			d.errorf(ranges[i], "Unknown metric", "There is no metric %q; metrics: %s.%s", n, strings.Join(metricNames(all), ", "), didYouMean(n, metricNames(all)))
			continue
		}
		if lookupMetric(s.Metrics, n) != nil {
			d.errorf(ranges[i], "Duplicate metric", "Metric %q is listed twice.", n)
			continue
		}
		if lookupGroup(m.Group).graph {
			if t := sizingOnly(s.Topologies); t != nil {
				d.errorf(ranges[i], "Metric needs a built graph", "Metric %q needs the graph, but family %q of topology %q is sizing-only (it has formulas but no builder); use the size metrics for it.", n, t.Family.Name, t.Name)
				continue
			}
		}
		if m.Group == GroupCost && s.CostModel == nil {
			d.errorf(ranges[i], "Missing cost model", "Metric %q needs the study to name a cost model: cost_model = cost_model.<name>.", n)
			continue
		}
		if m.Group == GroupCost {
			bad := false
			for _, t := range s.Topologies {
				if t.sizingOnly() && cost.NeedsTopology(s.CostModel.Model, t.Family.Name) {
					d.errorf(ranges[i], "Metric needs a built graph", "Metric %q under cost model %q needs the layout of the built network, but family %q of topology %q is sizing-only (package cost prices only long_hop, fat trees, hypercubes, Dragonflies and folded tori from formulas).", n, s.CostModel.Name, t.Family.Name, t.Name)
					bad = true
					break
				}
			}
			if bad {
				continue
			}
		}
		s.Metrics = append(s.Metrics, m)
	}
	hasSim := slices.ContainsFunc(s.Metrics, func(m *Metric) bool { return m.Group == GroupSim })
	if simBlock := slices.ContainsFunc(b.Body.Blocks, func(x *hclsyntax.Block) bool { return x.Type == "sim" }); hasSim && !simBlock {
		d.errorf(ma.Expr.Range(), "Missing sim block", "Study %q asks for simulation metrics but has no sim { routing = ..., traffic = ..., load = ... } block.", s.Name)
	} else if simBlock && !hasSim && !d.diags[before:].HasErrors() {
		d.errorf(ma.Expr.Range(), "No simulation metrics", "Study %q has a sim block but none of its metrics is a simulation metric (%s, ...).", s.Name, "accepted_load, latency")
	}
	if d.diags[before:].HasErrors() {
		return nil
	}
	s.Columns = studyColumns(s)
	return s
}

// decodeRows decodes a study's literal rows: a list of objects whose
// attributes become the dataset's columns (sorted by name). A column holds
// numbers (Int when every value is a whole number, else Float), strings or
// bools; a row may omit a column (null).
func (d *decoder) decodeRows(s *Study, a *hclsyntax.Attribute) bool {
	v, ok := d.eval(a.Expr)
	if !ok {
		return false
	}
	if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType()) || v.LengthInt() == 0 {
		d.errorf(a.Expr.Range(), "Invalid rows", "rows must be a non-empty list of objects, such as [{ length = 1, cost = 2.5 }, ...].")
		return false
	}
	type colInfo struct {
		kind     dataset.Kind
		integral bool
	}
	cols := map[string]*colInfo{}
	var objs []map[string]cty.Value
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		if e.IsNull() || !(e.Type().IsObjectType() || e.Type().IsMapType()) {
			d.errorf(a.Expr.Range(), "Invalid rows", "Element %d of rows is %s, not an object.", i+1, describeCty(e))
			return false
		}
		obj := e.AsValueMap()
		for name, x := range obj {
			if !validName.MatchString(name) {
				d.errorf(a.Expr.Range(), "Invalid rows", "Column name %q (row %d) is not a valid name.", name, i+1)
				return false
			}
			if x.IsNull() {
				continue
			}
			var k dataset.Kind
			switch x.Type() {
			case cty.Number:
				k = dataset.Float
			case cty.String:
				k = dataset.String
			case cty.Bool:
				k = dataset.Bool
			default:
				d.errorf(a.Expr.Range(), "Invalid rows", "Row %d, column %q: want a number, string or bool, got %s.", i+1, name, describeCty(x))
				return false
			}
			c := cols[name]
			if c == nil {
				c = &colInfo{kind: k, integral: true}
				cols[name] = c
			} else if c.kind != k {
				d.errorf(a.Expr.Range(), "Invalid rows", "Column %q mixes kinds: row %d has %s.", name, i+1, describeCty(x))
				return false
			}
			if k == dataset.Float {
				f, _ := x.AsBigFloat().Float64()
				c.integral = c.integral && f == math.Trunc(f) && math.Abs(f) < 1<<53
			}
		}
		objs = append(objs, obj)
	}
	names := sortedKeys(cols)
	for _, n := range names {
		k := cols[n].kind
		if k == dataset.Float && cols[n].integral {
			k = dataset.Int
		}
		s.Columns = append(s.Columns, Column{Name: n, Kind: k, Doc: "literal value"})
	}
	for _, obj := range objs {
		row := make([]dataset.Value, len(names))
		for j, n := range names {
			x, ok := obj[n]
			if !ok || x.IsNull() {
				continue
			}
			switch s.Columns[j].Kind {
			case dataset.Int:
				f, _ := x.AsBigFloat().Float64()
				row[j] = dataset.IntValue(int64(f))
			case dataset.Float:
				f, _ := x.AsBigFloat().Float64()
				row[j] = dataset.FloatValue(f)
			case dataset.String:
				row[j] = dataset.StringValue(x.AsString())
			case dataset.Bool:
				row[j] = dataset.BoolValue(x.True())
			}
		}
		s.Literal = append(s.Literal, row)
	}
	return true
}

// nestedBlock returns the unlabelled nested block of type typ in b (nil if
// there is none), reporting a second one and labels.
func (d *decoder) nestedBlock(b *hclsyntax.Block, typ string) *hclsyntax.Block {
	var found *hclsyntax.Block
	for _, nb := range b.Body.Blocks {
		if nb.Type != typ {
			continue
		}
		if found != nil {
			d.errorf(nb.TypeRange, "Duplicate "+typ+" block", "%s %q has more than one %s block.", b.Type, b.Labels[0], typ)
			continue
		}
		if len(nb.Labels) > 0 {
			d.errorf(nb.LabelRanges[0], "Unexpected label", "A %s block takes no label.", typ)
		}
		found = nb
	}
	return found
}

// sizingOnly returns the first topology with an instance that its family
// cannot build (a sizing-only family, or a variant without a construction).
func sizingOnly(ts []*Topology) *Topology {
	for _, t := range ts {
		if t.sizingOnly() {
			return t
		}
	}
	return nil
}

// sizingOnly reports whether t's family is sizing-only or, once the sweep
// is expanded, cannot build one of t's instances (a variant without a
// construction, such as delorme's "sc14").
func (t *Topology) sizingOnly() bool { return t.Family.SizingOnly() || t.unbuildable() != nil }

// unbuildable returns the first instance of t that its family cannot build,
// or nil.
func (t *Topology) unbuildable() *Instance {
	for _, in := range t.Instances {
		if t.Family.SizingOnlyFor(in.Params) {
			return in
		}
	}
	return nil
}

// Identity columns at the start of every study dataset.
const (
	colTopology = "topology" // the topology block name
	colLabel    = "label"    // its display label
	colFamily   = "family"   // the family name
)

// studyColumns returns a study's dataset columns: identity columns, the
// union of the families' parameters (in order of first appearance), then the
// metrics in the order listed. A parameter whose kinds differ across
// families becomes a Float column if all kinds are numeric, else String.
func studyColumns(s *Study) []Column {
	cols := []Column{
		{Name: colTopology, Kind: dataset.String, Doc: "topology block name"},
		{Name: colLabel, Kind: dataset.String, Doc: "topology display label"},
		{Name: colFamily, Kind: dataset.String, Doc: "topology family"},
	}
	index := map[string]int{}
	for _, t := range s.Topologies {
		for _, p := range t.Family.Params {
			k := paramColumnKind(p.Kind)
			if i, ok := index[p.Name]; ok {
				if prev := cols[i].Kind; prev != k {
					if (prev == dataset.Int || prev == dataset.Float) && (k == dataset.Int || k == dataset.Float) {
						cols[i].Kind = dataset.Float
					} else {
						cols[i].Kind = dataset.String
					}
				}
				continue
			}
			index[p.Name] = len(cols)
			cols = append(cols, Column{Name: p.Name, Kind: k, Doc: "parameter: " + p.Doc, Param: p.Name})
		}
	}
	if s.Sim != nil {
		for _, c := range simColumns(s.Sim) {
			if i, clash := index[c.Name]; clash {
				cols[i].Name = "param_" + c.Name // a family parameter named like a sim option
			}
			index[c.Name] = len(cols)
			cols = append(cols, c)
		}
	}
	for _, m := range s.Metrics {
		if i, clash := index[m.Name]; clash {
			// A family parameter named like a metric: the metric wins the
			// name, the parameter is renamed.
			cols[i].Name = "param_" + m.Name
		}
		cols = append(cols, Column{Name: m.Name, Kind: m.Kind, Unit: m.Unit, Doc: m.Doc, Metric: true})
	}
	return cols
}

func paramColumnKind(k families.ParamKind) dataset.Kind {
	switch k {
	case families.Int:
		return dataset.Int
	case families.Float:
		return dataset.Float
	}
	return dataset.String
}

// columnNames lists a study's column names.
func columnNames(s *Study) []string {
	names := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		names[i] = c.Name
	}
	return names
}

// studyRef decodes the study attribute of a figure or table.
func (d *decoder) studyRef(b *hclsyntax.Block, studies map[string]*Study) *Study {
	a, ok := b.Body.Attributes["study"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing study", "%s %q needs study = study.<name>.", b.Type, b.Labels[0])
		return nil
	}
	name, ok := d.refAttr(a, "study")
	if !ok {
		return nil
	}
	return studies[name] // nil if the study block has errors, reported already
}

// columnRef checks that name is a column of s.
func (d *decoder) columnRef(s *Study, name string, rng hcl.Range, numeric bool) bool {
	c := s.Column(name)
	if c == nil {
		d.errorf(rng, "Unknown column", "Study %q has no column %q; its columns: %s.%s", s.Name, name, strings.Join(columnNames(s), ", "), didYouMean(name, columnNames(s)))
		return false
	}
	if numeric && c.Kind != dataset.Int && c.Kind != dataset.Float {
		d.errorf(rng, "Non-numeric column", "Column %q of study %q holds %s values; this axis needs numbers.", name, s.Name, c.Kind)
		return false
	}
	return true
}

// whereAttr decodes where = { column = value or [values] }.
func (d *decoder) whereAttr(a *hclsyntax.Attribute, s *Study) (map[string][]dataset.Value, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	if v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		d.errorf(a.Expr.Range(), "Invalid where", "where must be an object: { column = value, other = [value, value] }.")
		return nil, false
	}
	out := map[string][]dataset.Value{}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		col := k.AsString()
		if !d.columnRef(s, col, a.Expr.Range(), false) {
			return nil, false
		}
		var elems []cty.Value
		if !e.IsNull() && (e.Type().IsListType() || e.Type().IsTupleType() || e.Type().IsSetType()) {
			for it2 := e.ElementIterator(); it2.Next(); {
				_, x := it2.Element()
				elems = append(elems, x)
			}
		} else {
			elems = []cty.Value{e}
		}
		for _, x := range elems {
			dv, ok := ctyScalar(x)
			if !ok {
				d.errorf(a.Expr.Range(), "Invalid where", "where.%s must be a number, string or bool (or a list of them), got %s.", col, describeCty(x))
				return nil, false
			}
			out[col] = append(out[col], dv)
		}
	}
	return out, true
}

// stringMapAttr decodes an object of strings.
func (d *decoder) stringMapAttr(a *hclsyntax.Attribute) (map[string]string, bool) {
	v, ok := d.eval(a.Expr)
	if !ok {
		return nil, false
	}
	if v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		d.errorf(a.Expr.Range(), "Invalid value", "%s must be an object of strings: { key = \"text\" }.", a.Name)
		return nil, false
	}
	out := map[string]string{}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		s, err := convert.Convert(e, cty.String)
		if err != nil || s.IsNull() {
			d.errorf(a.Expr.Range(), "Invalid value", "%s.%s must be a string.", a.Name, k.AsString())
			return nil, false
		}
		out[k.AsString()] = s.AsString()
	}
	return out, true
}

var figureAttrs = []string{"study", "overlay", "title", "description", "x", "y", "series", "panels", "panel_cols", "where",
	"x_scale", "y_scale", "x_label", "y_label", "x_min", "x_max", "y_min", "y_max", "width", "height",
	"legend", "lines", "series_labels"}

// decodeFigure decodes a figure block.
func (d *decoder) decodeFigure(b *hclsyntax.Block, studies map[string]*Study) *Figure {
	d.checkBody(b.Body, "a figure block", figureAttrs)
	s := d.studyRef(b, studies)
	if s == nil {
		return nil
	}
	f := &Figure{Name: b.Labels[0], Study: s, Range: b.LabelRanges[0]}
	spec := &f.Spec
	spec.Name = f.Name
	attrs := b.Body.Attributes
	str := func(name string, dst *string) {
		if a, ok := attrs[name]; ok {
			*dst, _ = d.stringAttr(a, nil)
		}
	}
	str("title", &spec.Title)
	xa, ok := attrs["x"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing x", "Figure %q needs x = \"<column>\"; columns: %s.", f.Name, strings.Join(columnNames(s), ", "))
		return nil
	}
	if x, ok := d.stringAttr(xa, nil); ok && d.columnRef(s, x, xa.Expr.Range(), true) {
		spec.X = x
	}
	ya, ok := attrs["y"]
	if !ok {
		d.errorf(b.LabelRanges[0], "Missing y", "Figure %q needs y = \"<column>\" (or a list of columns); columns: %s.", f.Name, strings.Join(columnNames(s), ", "))
		return nil
	}
	if ys, ranges, ok := d.stringListAttr(ya); ok {
		for i, y := range ys {
			if d.columnRef(s, y, ranges[i], true) {
				spec.Y = append(spec.Y, y)
			}
		}
	}
	spec.Series = []string{colLabel}
	if a, ok := attrs["series"]; ok {
		spec.Series = nil
		if ss, ranges, ok := d.stringListAttr(a); ok {
			for i, c := range ss {
				if d.columnRef(s, c, ranges[i], false) {
					spec.Series = append(spec.Series, c)
				}
			}
		}
	}
	if a, ok := attrs["panels"]; ok {
		if p, ok := d.stringAttr(a, nil); ok && d.columnRef(s, p, a.Expr.Range(), false) {
			spec.Panels = p
		}
	}
	if a, ok := attrs["panel_cols"]; ok {
		if n, ok := d.numberAttr(a); ok {
			if n < 1 || n != math.Trunc(n) {
				d.errorf(a.Expr.Range(), "Invalid value", "panel_cols must be a positive integer.")
			}
			spec.PanelCols = int(n)
		}
	}
	if a, ok := attrs["where"]; ok {
		f.Where, _ = d.whereAttr(a, s)
	}
	for _, ax := range []struct {
		name string
		dst  *string
	}{{"x_scale", &spec.XScale}, {"y_scale", &spec.YScale}} {
		if a, ok := attrs[ax.name]; ok {
			if v, ok := d.stringAttr(a, nil); ok {
				if v != "linear" && v != "log" {
					d.errorf(a.Expr.Range(), "Invalid scale", "%s must be \"linear\" or \"log\", got %q.", ax.name, v)
				}
				*ax.dst = v
			}
		}
	}
	str("x_label", &spec.XLabel)
	str("y_label", &spec.YLabel)
	for _, lim := range []struct {
		name string
		dst  **float64
	}{{"x_min", &spec.XMin}, {"x_max", &spec.XMax}, {"y_min", &spec.YMin}, {"y_max", &spec.YMax}} {
		if a, ok := attrs[lim.name]; ok {
			if v, ok := d.numberAttr(a); ok {
				*lim.dst = &v
			}
		}
	}
	for _, dim := range []struct {
		name string
		dst  *float64
	}{{"width", &spec.Width}, {"height", &spec.Height}} {
		if a, ok := attrs[dim.name]; ok {
			if v, ok := d.numberAttr(a); ok {
				if v <= 0 || v > 200 {
					d.errorf(a.Expr.Range(), "Invalid size", "%s is in centimetres and must be in (0, 200], got %g.", dim.name, v)
				}
				*dim.dst = v
			}
		}
	}
	if a, ok := attrs["legend"]; ok {
		if v, ok := d.stringAttr(a, nil); ok {
			valid := []string{"top-right", "top-left", "bottom-right", "bottom-left", "none"}
			if !contains(valid, v) {
				d.errorf(a.Expr.Range(), "Invalid legend", "legend must be one of %s, got %q.", strings.Join(valid, ", "), v)
			}
			spec.Legend = v
		}
	}
	if a, ok := attrs["lines"]; ok {
		if v, ok := d.boolAttr(a); ok {
			spec.Lines = &v
		}
	}
	if a, ok := attrs["series_labels"]; ok {
		spec.SeriesLabels, _ = d.stringMapAttr(a)
	}
	if a, ok := attrs["overlay"]; ok {
		names, ok := d.refListAttr(a, "study")
		if !ok {
			return f
		}
		for _, n := range names {
			if d.disabled[n] {
				continue // dropped with enabled = false
			}
			o := studies[n]
			if o == nil {
				return f // reported by the reference check
			}
			if o == s {
				d.errorf(a.Expr.Range(), "Invalid overlay", "Figure %q overlays its own study %q.", f.Name, n)
				continue
			}
			for _, col := range append([]string{spec.X}, spec.Y...) {
				if col != "" && o.Column(col) == nil {
					d.errorf(a.Expr.Range(), "Invalid overlay", "Overlay study %q has no column %q (figure %q plots it); its columns: %s.", n, col, f.Name, strings.Join(columnNames(o), ", "))
				}
			}
			f.Overlay = append(f.Overlay, o)
		}
	}
	return f
}

// decodeTable decodes a table block with its expect blocks.
func (d *decoder) decodeTable(b *hclsyntax.Block, studies map[string]*Study) *Table {
	d.checkBody(b.Body, "a table block", []string{"study", "title", "description", "columns", "where", "sort_by", "headers", "formats"}, "expect")
	s := d.studyRef(b, studies)
	if s == nil {
		return nil
	}
	t := &Table{Name: b.Labels[0], Study: s, Range: b.LabelRanges[0]}
	t.Spec.Name = t.Name
	attrs := b.Body.Attributes
	if a, ok := attrs["title"]; ok {
		t.Spec.Title, _ = d.stringAttr(a, nil)
	}
	colList := func(name string) []string {
		a, ok := attrs[name]
		if !ok {
			return nil
		}
		cols, ranges, ok := d.stringListAttr(a)
		if !ok {
			return nil
		}
		var out []string
		for i, c := range cols {
			if d.columnRef(s, c, ranges[i], false) {
				out = append(out, c)
			}
		}
		return out
	}
	t.Spec.Columns = colList("columns")
	if len(t.Spec.Columns) == 0 && !hasAttr(attrs, "columns") {
		t.Spec.Columns = columnNames(s)
	}
	t.Spec.SortBy = colList("sort_by")
	if a, ok := attrs["where"]; ok {
		t.Where, _ = d.whereAttr(a, s)
	}
	for _, m := range []struct {
		name string
		dst  *map[string]string
	}{{"headers", &t.Spec.Headers}, {"formats", &t.Spec.Formats}} {
		if a, ok := attrs[m.name]; ok {
			if mm, ok := d.stringMapAttr(a); ok {
				for _, k := range sortedKeys(mm) {
					d.columnRef(s, k, a.Expr.Range(), false)
				}
				*m.dst = mm
			}
		}
	}
	for _, eb := range b.Body.Blocks {
		if eb.Type != "expect" {
			continue
		}
		t.Expect = append(t.Expect, d.decodeExpect(eb, t, s)...)
	}
	return t
}

func hasAttr(attrs hclsyntax.Attributes, name string) bool {
	_, ok := attrs[name]
	return ok
}

// decodeExpect decodes an expect block: one expectation per column attribute.
func (d *decoder) decodeExpect(b *hclsyntax.Block, t *Table, s *Study) []report.Expectation {
	if len(b.Labels) != 1 {
		d.errorf(b.TypeRange, "Missing expect label", "An expect block takes one label naming the expectation: expect \"sf19\" { ... }.")
		return nil
	}
	label := b.Labels[0]
	for _, nb := range b.Body.Blocks {
		d.errorf(nb.TypeRange, "Unsupported block", "An expect block holds only attributes: where, every, source, enabled and column = value.")
	}
	if a, ok := b.Body.Attributes["enabled"]; ok {
		on, ok := d.boolAttr(a)
		if !ok || !on {
			return nil // disabled (e.g. rows a quick profile does not compute)
		}
	}
	var where map[string][]dataset.Value
	if a, ok := b.Body.Attributes["where"]; ok {
		var ok2 bool
		if where, ok2 = d.whereAttr(a, s); !ok2 {
			return nil
		}
	} else {
		isTopo := false
		for _, tp := range s.Topologies {
			isTopo = isTopo || tp.Name == label
		}
		if !isTopo {
			d.errorf(b.LabelRanges[0], "Missing where", "expect %q needs where = { column = value, ... } selecting one row (or a label that names a topology of study %q).", label, s.Name)
			return nil
		}
		where = map[string][]dataset.Value{colTopology: {dataset.StringValue(label)}}
	}
	source := ""
	if a, ok := b.Body.Attributes["source"]; ok {
		source, _ = d.stringAttr(a, nil)
	}
	every := false
	if a, ok := b.Body.Attributes["every"]; ok {
		every, _ = d.boolAttr(a)
	}
	var out []report.Expectation
	stated := 0 // column attributes, valid or not
	for _, a := range sortedAttrs(b.Body) {
		if a.Name == "where" || a.Name == "source" || a.Name == "enabled" || a.Name == "every" {
			continue
		}
		stated++
		if !d.columnRef(s, a.Name, a.NameRange, false) {
			continue
		}
		v, ok := d.eval(a.Expr)
		if !ok {
			continue
		}
		e := report.Expectation{Table: t.Name, Name: label, Where: where, Column: a.Name, Every: every, Source: source, Pos: a.NameRange.String()}
		if !v.IsNull() && (v.Type().IsObjectType() || v.Type().IsMapType()) {
			for it := v.ElementIterator(); it.Next(); {
				k, x := it.Element()
				switch key := k.AsString(); key {
				case "value":
					want, ok := ctyScalar(x)
					if !ok {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.value must be a number, string or bool.", a.Name)
					}
					e.Want = want
				case "abs", "rel":
					tv, ok := ctyScalar(x)
					f, num := tv.Float64()
					if !ok || !num || f < 0 {
						d.errorf(a.Expr.Range(), "Invalid tolerance", "%s.%s must be a non-negative number.", a.Name, key)
						continue
					}
					if key == "abs" {
						e.Abs = f
					} else {
						e.Rel = f
					}
				case "decimals":
					tv, ok := ctyScalar(x)
					f, num := tv.Float64()
					if !ok || !num || f < 0 || f > 15 || f != math.Trunc(f) {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.decimals must be an integer from 0 to 15.", a.Name)
						continue
					}
					e.Rounded, e.Decimals = true, int(f)
				case "rounding":
					tv, _ := ctyScalar(x)
					if tv.Kind != dataset.String || (tv.S != "nearest" && tv.S != "up" && tv.S != "down") {
						d.errorf(a.Expr.Range(), "Invalid expectation", "%s.rounding must be \"nearest\", \"up\" or \"down\".", a.Name)
						continue
					}
					e.Rounding = tv.S
				default:
					d.errorf(a.Expr.Range(), "Invalid expectation", "Unknown key %q in %s; use { value = X, abs = A }, { value = X, rel = R } or { value = X, decimals = D, rounding = \"up\" }.", key, a.Name)
				}
			}
			if e.Want.IsNull() {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s needs a value: { value = X, rel = 0.01 }.", a.Name)
				continue
			}
			if e.Rounding != "" && !e.Rounded {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s.rounding needs decimals: { value = X, decimals = 2, rounding = %q }.", a.Name, e.Rounding)
				continue
			}
			if e.Rounded && (e.Abs != 0 || e.Rel != 0) {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s: decimals compares the value as printed; it takes no abs or rel.", a.Name)
				continue
			}
		} else {
			want, ok := ctyScalar(v)
			if !ok {
				d.errorf(a.Expr.Range(), "Invalid expectation", "%s must be a number, string or bool, or { value = X, abs = A, rel = R }.", a.Name)
				continue
			}
			e.Want = want
		}
		out = append(out, e)
	}
	if stated == 0 {
		d.errorf(b.LabelRanges[0], "Empty expectation", "expect %q states no column value.", label)
	}
	return out
}

// didYouMean returns ` Did you mean "x"?` for the candidate closest to name
// (edit distance at most a third of its length, and at least 1), or "".
func didYouMean(name string, candidates []string) string {
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
	return fmt.Sprintf(" Did you mean %q?", best)
}

// checkBuildable reports, after the sweeps are expanded, studies that ask
// a family building only some of its variants for graph metrics on an
// instance it cannot build (families sizing-only as a whole are reported
// at the metric while decoding).
func checkBuildable(e *Experiment) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, s := range e.Studies {
		for _, t := range s.Topologies {
			bad := t.unbuildable()
			if t.Family.SizingOnly() || bad == nil {
				continue
			}
			for _, m := range s.Metrics {
				graph := lookupGroup(m.Group).graph ||
					(m.Group == GroupCost && s.CostModel != nil && cost.NeedsTopology(s.CostModel.Model, t.Family.Name))
				if !graph {
					continue
				}
				rng := s.Range
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Metric needs a built graph",
					Detail: fmt.Sprintf("Study %q asks for metric %q, which needs the built network, but instance %s of family %q cannot be built: %v.",
						s.Name, m.Name, bad.Label(), t.Family.Name, buildError(t.Family, bad.Params)),
					Subject: &rng})
				break
			}
		}
	}
	return diags
}

// buildError returns why f cannot build v, as its builder says.
func buildError(f *families.Family, v families.Values) error {
	if _, err := f.Build(v); err != nil {
		return err
	}
	return fmt.Errorf("sizing-only")
}
