// Package families defines the topology families runexp can build: each
// family has a parameter schema with defaults and documentation, sizing
// formulas that work without building the graph, and a builder producing a
// compact CSR graph with per-router metadata.
//
// A Registry holds the families; Default returns one with every built-in
// family. Parameters travel as Values (int64, float64, string or []int64),
// are checked against the schema by Registry.Normalize and then resolved by
// the family (named choices such as p = "balanced" become integers).
package families

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/runexp/runexp/pkg/graph"
)

// ParamKind is the type of a family parameter.
type ParamKind uint8

// Parameter kinds.
const (
	Int     ParamKind = iota // int64; may also accept named Choices (strings)
	Float                    // float64
	String                   // string from Choices (if any)
	IntList                  // []int64
)

// String returns the kind's name as shown in documentation.
func (k ParamKind) String() string {
	switch k {
	case Int:
		return "int"
	case Float:
		return "float"
	case String:
		return "string"
	case IntList:
		return "list(int)"
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Param describes one parameter of a family.
type Param struct {
	Name string
	Kind ParamKind
	// Default is the value used when the parameter is not given: int64,
	// float64, string or []int64. nil means the parameter is required.
	Default any
	// Choices are named values accepted in place of an Int (for example
	// "balanced") or the allowed values of a String parameter.
	Choices []string
	Doc     string
	// Column is the parameter's dataset column when it is not Name: set
	// where other families use Name with another meaning (the complete
	// graph's n counts routers, a hypercube's n dimensions), so that a
	// column name means one thing in every dataset.
	Column string
}

// ColumnName returns the parameter's dataset column name: Column, or Name.
func (p Param) ColumnName() string {
	if p.Column != "" {
		return p.Column
	}
	return p.Name
}

// Values maps parameter names to values: int64, float64, string or []int64.
type Values map[string]any

// Int returns the int64 parameter name (0 if absent or not an int64).
func (v Values) Int(name string) int64 {
	i, _ := v[name].(int64)
	return i
}

// Str returns the string parameter name ("" if absent or not a string).
func (v Values) Str(name string) string {
	s, _ := v[name].(string)
	return s
}

// Float returns the float64 parameter name (0 if absent or not a float64).
func (v Values) Float(name string) float64 {
	f, _ := v[name].(float64)
	return f
}

// IntList returns the []int64 parameter name (nil if absent).
func (v Values) IntList(name string) []int64 {
	l, _ := v[name].([]int64)
	return l
}

// Clone returns a copy of v (lists are copied too).
func (v Values) Clone() Values {
	out := make(Values, len(v))
	for k, x := range v {
		if l, ok := x.([]int64); ok {
			x = append([]int64(nil), l...)
		}
		out[k] = x
	}
	return out
}

// ParamError reports an invalid parameter value; Param names the parameter
// so that callers can point at its source location.
type ParamError struct {
	Family string
	Param  string
	Msg    string
}

// Error returns "family F: parameter P: message".
func (e *ParamError) Error() string {
	return fmt.Sprintf("family %s: parameter %s: %s", e.Family, e.Param, e.Msg)
}

// Size holds the sizing figures of one topology instance.
type Size struct {
	Routers      int64 // number of routers (switches)
	Endpoints    int64 // number of endpoints (compute nodes)
	Links        int64 // router-to-router links (undirected cables)
	Radix        int64 // router radix k: maximum ports used on a router (network + endpoint ports)
	NetworkRadix int64 // network radix k': maximum router-to-router ports on a router
}

// Role is the function of a router in an indirect or hierarchical network.
type Role uint8

// Router roles.
const (
	RoleRouter Role = iota // a router of a direct network
	RoleLeaf               // fat tree edge / leaf switch (endpoints attached)
	RoleSpine              // fat tree aggregation (middle level)
	RoleCore               // fat tree core (top level)
	RoleLocal              // a router of a group-local level (MLFM local router, OFT level 0/2)
	RoleGlobal             // a router joining groups (MLFM global router, OFT level 1)

	roleMax = RoleGlobal
)

// String returns the role's name.
func (r Role) String() string {
	switch r {
	case RoleRouter:
		return "router"
	case RoleLeaf:
		return "leaf"
	case RoleSpine:
		return "spine"
	case RoleCore:
		return "core"
	case RoleLocal:
		return "local"
	case RoleGlobal:
		return "global"
	}
	return fmt.Sprintf("role(%d)", r)
}

// Topology is a built network: the router graph plus per-router metadata.
type Topology struct {
	Graph *graph.Graph
	// Conc[r] is the number of endpoints attached to router r.
	Conc []int32
	// Role[r] is the router's role; nil means every router is RoleRouter.
	Role []Role
	// Group[r] is the router's group (Dragonfly group, fat tree pod, Slim Fly
	// subgraph block); nil if the family has no groups.
	Group []int32
	// Coords holds CoordDim coordinates per router (torus position, Slim Fly
	// (s, x, y)); nil if the family has none.
	Coords   []int32
	CoordDim int
	// Cabinet[r] is the cabinet (rack) holding router r when the family
	// defines a physical packaging (permuted topologies, Myrinet-Clos); nil
	// otherwise.
	Cabinet []int32
}

// Endpoints returns the total number of endpoints.
func (t *Topology) Endpoints() int64 {
	var n int64
	for _, c := range t.Conc {
		n += int64(c)
	}
	return n
}

// Family is one topology family.
type Family struct {
	Name string
	// Summary is one line, without a final period, saying what the family
	// is (for the index printed by runexp families).
	Summary string
	Doc     string // a paragraph: what the family is, its construction, its source
	Params  []Param
	Version int // code version of Resolve/Size/Build: bump when results change

	// Resolve checks normalized values (every parameter present with its
	// kind) and returns them with named choices replaced by concrete values.
	// Errors should be *ParamError.
	Resolve func(Values) (Values, error)
	// Size computes the sizing figures from resolved values without building.
	Size func(Values) (Size, error)
	// Build constructs the topology from resolved values. It is nil for a
	// sizing-only family (the paper gives formulas but no construction is
	// implemented): such a family supports the size metrics only. A large
	// build takes seconds to minutes; Build returns ctx.Err() soon after
	// ctx is cancelled (its loops check ctx every few tens of microseconds
	// of work).
	Build func(ctx context.Context, v Values) (*Topology, error)

	// Orbits, if set, returns for the topology t built from values v the
	// orbit of each router under the graph's automorphisms that preserve
	// endpoint counts (numbered 0, 1, ... in order of first router), so
	// that all-pairs distance statistics need one search per orbit
	// (graph.DistancesByOrbit); nil when these values have no known
	// symmetry (a randomly permuted torus). Tests check every declaration
	// against the full search.
	Orbits func(v Values, t *Topology) []int32

	// sizingFor reports, for a family with a builder, which resolved values
	// it cannot build (delorme builds its quadrangle and hexagon variants
	// but not SC14's); nil: it builds every value set.
	sizingFor func(Values) bool
}

// SizingOnly reports whether f has sizing formulas but no builder at all.
func (f *Family) SizingOnly() bool { return f.Build == nil }

// SizingOnlyFor reports whether f cannot build the resolved values v: it is
// sizing-only, or v selects a variant without a construction (delorme's
// variant "sc14"). Size still works for such values.
func (f *Family) SizingOnlyFor(v Values) bool {
	return f.Build == nil || (f.sizingFor != nil && f.sizingFor(v))
}

// PartlySizingOnly reports whether f builds some of its variants but not
// all of them.
func (f *Family) PartlySizingOnly() bool { return f.Build != nil && f.sizingFor != nil }

// Param returns the parameter with the given name, or nil.
func (f *Family) Param(name string) *Param {
	for i := range f.Params {
		if f.Params[i].Name == name {
			return &f.Params[i]
		}
	}
	return nil
}

// ParamNames returns the names of the parameters in schema order.
func (f *Family) ParamNames() []string {
	names := make([]string, len(f.Params))
	for i, p := range f.Params {
		names[i] = p.Name
	}
	return names
}

// Registry is a set of families by name.
type Registry struct {
	byName map[string]*Family
}

// NewRegistry returns a registry holding fams. Names must be distinct.
func NewRegistry(fams ...*Family) *Registry {
	r := &Registry{byName: make(map[string]*Family, len(fams))}
	for _, f := range fams {
		if _, dup := r.byName[f.Name]; dup {
			panic("families: duplicate family " + f.Name)
		}
		r.byName[f.Name] = f
	}
	return r
}

// Lookup returns the family with the given name.
func (r *Registry) Lookup(name string) (*Family, bool) {
	f, ok := r.byName[name]
	return f, ok
}

// Names returns the family names in sorted order.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Normalize checks given against f's schema (unknown names, kinds, choices),
// fills in defaults, and resolves the values with f.Resolve. The result
// holds every parameter of f.
func (f *Family) Normalize(given Values) (Values, error) {
	out := make(Values, len(f.Params))
	for name := range given {
		if f.Param(name) == nil {
			return nil, &ParamError{f.Name, name, fmt.Sprintf("unknown parameter; valid parameters: %s", strings.Join(f.ParamNames(), ", "))}
		}
	}
	for _, p := range f.Params {
		v, ok := given[p.Name]
		if !ok {
			if p.Default == nil {
				return nil, &ParamError{f.Name, p.Name, "required parameter is missing"}
			}
			v = p.Default
		}
		if err := p.check(v); err != nil {
			return nil, &ParamError{f.Name, p.Name, err.Error()}
		}
		if l, ok := v.([]int64); ok {
			v = append([]int64(nil), l...)
		}
		out[p.Name] = v
	}
	if f.Resolve == nil {
		return out, nil
	}
	return f.Resolve(out)
}

func (p *Param) check(v any) error {
	switch x := v.(type) {
	case int64:
		if p.Kind == Int {
			return nil
		}
	case float64:
		if p.Kind == Float {
			return nil
		}
	case string:
		if p.Kind == Int || p.Kind == String {
			if len(p.Choices) == 0 && p.Kind == String {
				return nil
			}
			for _, c := range p.Choices {
				if x == c {
					return nil
				}
			}
			if p.Kind == Int {
				if len(p.Choices) == 0 {
					return fmt.Errorf("want an integer, got %q", x)
				}
				return fmt.Errorf("want an integer or one of %s, got %q", quoteList(p.Choices), x)
			}
			return fmt.Errorf("want one of %s, got %q", quoteList(p.Choices), x)
		}
	case []int64:
		if p.Kind == IntList {
			return nil
		}
	}
	return fmt.Errorf("want %s, got %s", p.Kind, describe(v))
}

func describe(v any) string {
	switch x := v.(type) {
	case int64:
		return fmt.Sprintf("integer %d", x)
	case float64:
		return fmt.Sprintf("number %g", x)
	case string:
		return fmt.Sprintf("string %q", x)
	case []int64:
		return fmt.Sprintf("list %v", x)
	}
	return fmt.Sprintf("%T", v)
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
