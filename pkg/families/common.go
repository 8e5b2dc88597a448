package families

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Build limits. Build refuses instances beyond them (Size still works): the
// graph uses int32 vertex ids and offsets, and a build needs about 24 bytes
// per link while it runs.
const (
	MaxBuildRouters = 1 << 24 // routers (vertices)
	MaxBuildLinks   = 1 << 26 // router-to-router links (undirected edges)
)

// maxConc bounds endpoints per router (Topology.Conc is []int32).
const maxConc = math.MaxInt32

// Default returns a new registry holding every built-in family (see
// Registry.Names and the family reference in docs/families.md). Each call returns fresh
// Family values, so callers may not affect one another.
func Default() *Registry {
	fams := []*Family{permutable(torus()), permutable(hypercube()), slimFly(), dragonfly(), fatTree()}
	for _, more := range [][]*Family{
		directFamilies(),
		treeFamilies(),
		randomFamilies(),
		diameterTwoFamilies(),
		projectiveFamilies(),
		clexFamilies(),
		sizingFamilies(),
		newerFamilies(),
	} {
		fams = append(fams, more...)
	}
	setOrbits(fams)
	return NewRegistry(fams...)
}

// newerFamilies are the topologies published after the five reproduced
// papers (2016-2025).
func newerFamilies() []*Family {
	return []*Family{polarFly(), polarStar(), bundlefly(), spectralfly(), xpander(), kautz(),
		megafly(), hammingMesh(), railFatTree(), twistedTorus()}
}

// paramErr returns a *ParamError for family fam and parameter param.
func paramErr(fam, param, format string, args ...any) error {
	return &ParamError{Family: fam, Param: param, Msg: fmt.Sprintf(format, args...)}
}

// intOrChoice reads parameter name from v: an int64, or a string (a named
// choice that the caller resolves). Missing parameters and other types are
// errors.
func intOrChoice(fam string, v Values, name string) (int64, string, error) {
	x, ok := v[name]
	if !ok {
		return 0, "", paramErr(fam, name, "required parameter is missing")
	}
	switch x := x.(type) {
	case int64:
		return x, "", nil
	case string:
		return 0, x, nil
	}
	return 0, "", paramErr(fam, name, "want an integer, got %s", describe(x))
}

// intParam reads an Int parameter without named choices and checks that it
// lies in [lo, hi].
func intParam(fam string, v Values, name string, lo, hi int64) (int64, error) {
	i, s, err := intOrChoice(fam, v, name)
	if err != nil {
		return 0, err
	}
	if s != "" {
		return 0, paramErr(fam, name, "want an integer, got %q", s)
	}
	return i, checkRange(fam, name, i, lo, hi)
}

func checkRange(fam, name string, i, lo, hi int64) error {
	switch {
	case i < lo && lo == 1:
		return paramErr(fam, name, "%s = %d must be positive", name, i)
	case i < lo:
		return paramErr(fam, name, "%s = %d must be at least %d", name, i, lo)
	case i > hi:
		return paramErr(fam, name, "%s = %d must be at most %d", name, i, hi)
	}
	return nil
}

// checkRadix checks that p endpoint ports plus netRadix network ports fit a
// router of radix ports (radix 0: unconstrained).
func checkRadix(fam string, p, netRadix, radix int64) error {
	if radix <= 0 {
		return nil
	}
	if netRadix+1 > radix {
		return paramErr(fam, "max_radix", "max_radix = %d is too small: the network alone needs %d ports, plus at least 1 for endpoints", radix, netRadix)
	}
	if p+netRadix > radix {
		return paramErr(fam, "p", "p = %d needs %d ports but max_radix = %d (at most p = %d fits)", p, p+netRadix, radix, radix-netRadix)
	}
	return nil
}

// Checked int64 arithmetic for the sizing formulas.

func mul64(a, b int64) (int64, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

func add64(a, b int64) (int64, bool) {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		return 0, false
	}
	return s, true
}

func pow64(b, e int64) (int64, bool) {
	r := int64(1)
	for i := int64(0); i < e; i++ {
		var ok bool
		if r, ok = mul64(r, b); !ok {
			return 0, false
		}
	}
	return r, true
}

// sizer accumulates checked products; the first overflow sticks.
type sizer struct{ ok bool }

func (s *sizer) mul(a, b int64) int64 {
	r, ok := mul64(a, b)
	s.ok = s.ok && ok
	return r
}

func (s *sizer) add(a, b int64) int64 {
	r, ok := add64(a, b)
	s.ok = s.ok && ok
	return r
}

// checkBuildable refuses sizes beyond the build limits; param names the
// parameter to blame.
func checkBuildable(fam, param string, s Size) error {
	if s.Routers > MaxBuildRouters || s.Links > MaxBuildLinks {
		return paramErr(fam, param, "too large to build: %d routers and %d links exceed the build limits of %d routers and %d links (Size works for any size)",
			s.Routers, s.Links, MaxBuildRouters, MaxBuildLinks)
	}
	return nil
}

// edgeList collects edges with a capacity known in advance.
type edgeList []graph.Edge

func (e *edgeList) add(u, v int) { *e = append(*e, graph.Edge{U: int32(u), V: int32(v)}) }

// stopBlock is the work (edges made, routers or draws visited) a builder
// does between two checks for cancellation: tens of microseconds, so the
// checks cost nothing measurable and a cancelled build stops within
// milliseconds.
const stopBlock = 1 << 14

// stopper checks a build for cancellation at most once per stopBlock units
// of work, so that a check inside any loop of a builder costs a comparison.
type stopper struct {
	done <-chan struct{}
	next int
}

// newStopper returns a stopper for ctx.
func newStopper(ctx context.Context) *stopper { return &stopper{done: ctx.Done()} }

// stop reports whether the build is cancelled; work is a count that grows as
// the build proceeds (edges made, routers visited). The context is read only
// once work has passed the next checkpoint; once it was seen cancelled, stop
// reports true at every call.
func (s *stopper) stop(work int) bool {
	if work < s.next {
		return false
	}
	if stop.Requested(s.done) {
		s.next = math.MinInt
		return true
	}
	s.next = work + stopBlock
	return false
}

// newTopology builds the graph from edges and fills Conc with conc for every
// router (or per-router values if concs is non-nil). It returns ctx.Err()
// if ctx is cancelled.
func newTopology(ctx context.Context, fam string, n int, edges []graph.Edge, conc int64) (*Topology, error) {
	g, err := graph.FromEdgesContext(ctx, n, edges)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("family %s: building graph: %w", fam, err)
	}
	t := &Topology{Graph: g, Conc: make([]int32, n)}
	for i := range t.Conc {
		t.Conc[i] = int32(conc)
	}
	return t, nil
}

// withValues returns a clone of v with the given replacements.
func withValues(v Values, kv ...any) Values {
	out := v.Clone()
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// pipeline is the part of a family that differs from family to family: how
// its values are parsed and checked, resolved, sized and built. wire turns
// it into the Family's Resolve, Size and Build, which all parse first, and
// Build refuses a topology beyond the build limits before allocating.
type pipeline[T any] struct {
	parse   func(Values) (T, error)
	resolve func(T, Values) Values // nil: the values as given
	size    func(T) (Size, error)
	limit   string                                            // the parameter named when the topology is too large to build
	build   func(context.Context, T, Size) (*Topology, error) // nil: a sizing-only family; ctx.Err() when cancelled
	// sizing, if set, names the values that have no construction: Build
	// refuses them with the returned reason (empty: buildable).
	sizing func(T) string
}

// wire sets f's Resolve, Size and Build from p and returns f.
func (p pipeline[T]) wire(f *Family) *Family {
	f.Resolve = func(v Values) (Values, error) {
		t, err := p.parse(v)
		if err != nil {
			return nil, err
		}
		// Values that Normalize accepts must size: overflow is reported here.
		if _, err := p.size(t); err != nil {
			return nil, err
		}
		if p.resolve == nil {
			return v.Clone(), nil
		}
		return p.resolve(t, v), nil
	}
	f.Size = func(v Values) (Size, error) {
		t, err := p.parse(v)
		if err != nil {
			return Size{}, err
		}
		return p.size(t)
	}
	if p.build == nil {
		f.Build = nil
		return f
	}
	f.Build = func(ctx context.Context, v Values) (*Topology, error) {
		t, err := p.parse(v)
		if err != nil {
			return nil, err
		}
		sz, err := p.size(t)
		if err != nil {
			return nil, err
		}
		if p.sizing != nil {
			if why := p.sizing(t); why != "" {
				return nil, fmt.Errorf("family %s: %s", f.Name, why)
			}
		}
		if err := checkBuildable(f.Name, p.limit, sz); err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return p.build(ctx, t, sz)
	}
	if p.sizing != nil {
		f.sizingFor = func(v Values) bool {
			t, err := p.parse(v)
			return err == nil && p.sizing(t) != ""
		}
	}
	return f
}
