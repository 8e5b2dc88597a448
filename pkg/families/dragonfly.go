package families

import (
	"context"
	"fmt"
	"math"
	"strings"
)

type dragonflyParams struct{ p, a, h, g, radix int64 }

// validDragonflyG lists the group counts g that spread the ah global
// channels of a group evenly: g - 1 divides ah (at most limit values).
func validDragonflyG(ah int64, limit int) []string {
	const maxTrials = 1 << 20 // bounds the time of the error message
	if ah > maxTrials*maxTrials {
		return []string{"2", fmt.Sprint(ah + 1), "(and g-1 any divisor of a*h)"}
	}
	var out []string
	for d := int64(1); d*d <= ah; d++ {
		if ah%d == 0 {
			out = append(out, fmt.Sprint(d+1))
		}
	}
	// Add the large divisors in increasing order.
	var large []string
	for d := int64(1); d*d <= ah; d++ {
		if ah%d == 0 && d*d != ah {
			large = append([]string{fmt.Sprint(ah/d + 1)}, large...)
		}
	}
	out = append(out, large...)
	if len(out) > limit {
		out = append(out[:limit/2], append([]string{"..."}, out[len(out)-limit/2:]...)...)
	}
	return out
}

func dragonfly() *Family {
	const name = "dragonfly"
	parse := func(v Values) (dragonflyParams, error) {
		var t dragonflyParams
		var err error
		if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
			return t, err
		}
		choice := func(param, named string, def int64) (int64, error) {
			i, s, err := intOrChoice(name, v, param)
			switch {
			case err != nil:
				return 0, err
			case s == named:
				return def, nil
			case s != "":
				return 0, paramErr(name, param, "want an integer or %q, got %q", named, s)
			}
			return i, checkRange(name, param, i, 1, math.MaxInt32)
		}
		if t.a, err = choice("a", "balanced", 2*t.p); err != nil {
			return t, err
		}
		if t.h, err = choice("h", "balanced", t.p); err != nil {
			return t, err
		}
		ah := t.a * t.h // a, h <= 2^32: fits
		if t.g, err = choice("g", "max", ah+1); err != nil {
			return t, err
		}
		if t.g < 2 || t.g > ah+1 {
			return t, paramErr(name, "g", "g = %d groups must be in [2, a*h+1] = [2, %d]", t.g, ah+1)
		}
		if ah%(t.g-1) != 0 {
			return t, paramErr(name, "g", "g = %d does not spread the a*h = %d global channels of a group evenly over the g-1 = %d other groups; valid g: %s",
				t.g, ah, t.g-1, strings.Join(validDragonflyG(ah, 16), ", "))
		}
		if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
			return t, err
		}
		return t, checkRadix(name, t.p, t.a-1+t.h, t.radix)
	}
	size := func(t dragonflyParams) (Size, error) {
		s := sizer{ok: true}
		routers := s.mul(t.a, t.g)
		local := s.mul(t.g, t.a*(t.a-1)/2)
		global := s.mul(t.g, t.a*t.h) / 2
		sz := Size{
			Routers:      routers,
			Endpoints:    s.mul(t.p, routers),
			Links:        s.add(local, global),
			NetworkRadix: t.a - 1 + t.h,
			Radix:        t.p + t.a - 1 + t.h,
		}
		if !s.ok {
			return Size{}, paramErr(name, "g", "sizes for p = %d, a = %d, h = %d, g = %d overflow int64", t.p, t.a, t.h, t.g)
		}
		return sz, nil
	}
	f := &Family{
		Name:    name,
		Summary: "Dragonfly of Kim et al.: complete-graph groups joined by global links",
		Doc: "Dragonfly (Kim, Dally, Scott and Abts, Technology-Driven, Highly-Scalable Dragonfly " +
			"Topology, ISCA 2008; DF in Besta and Hoefler, SC14): g groups of a routers; the routers " +
			"of a group form a complete graph, each router has p endpoints and h global channels, so " +
			"radix = p + (a - 1) + h. The balanced dragonfly has a = 2p = 2h and g = a*h + 1 (p = 7: " +
			"1,386 routers, 9,702 endpoints, radix 27, diameter 3). Global channel c in [0, a*h) of a " +
			"group belongs to router c / h of the group (its global port c % h). Global links use the " +
			"absolute (consecutive) arrangement: with m = a*h/(g-1) links between every pair of groups, " +
			"channel c of group i has slot s = c mod (g-1) and copy l = c div (g-1); slot s points to " +
			"group j = s if s < i, else s + 1; and channel l*(g-1) + (j-1) of group i is linked to " +
			"channel l*(g-1) + i of group j for i < j. For g = a*h + 1 (m = 1) this is: group i's " +
			"channel j-1 is linked to group j's channel i. A smaller g is allowed when g - 1 divides " +
			"a*h, so that every pair of groups gets m links and every global port is used; when " +
			"g - 1 < h a router has several links to the same group and some may join the same two " +
			"routers (kept as parallel links); the diameter can then drop to 2. " +
			"Router id = group*a + index; Group = group; Coords = (group, index).",
		Params: []Param{
			paramP(nil, nil, "endpoints per router, >= 1"),
			{Name: "a", Kind: Int, Default: "balanced", Choices: []string{"balanced"}, Doc: "routers per group; \"balanced\" = 2p"},
			{Name: "h", Kind: Int, Default: "balanced", Choices: []string{"balanced"}, Doc: "global channels per router; \"balanced\" = p"},
			{Name: "g", Kind: Int, Default: "max", Choices: []string{"max"}, Doc: "number of groups, 2 <= g <= a*h+1 with g-1 dividing a*h; \"max\" = a*h+1"},
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[dragonflyParams]{
		parse: parse,
		resolve: func(t dragonflyParams, v Values) Values {
			return withValues(v, "a", t.a, "h", t.h, "g", t.g)
		},
		size:  size,
		limit: "g",
		build: func(ctx context.Context, t dragonflyParams, sz Size) (*Topology, error) {
			return buildDragonfly(ctx, int(t.a), int(t.h), int(t.g), t.p, sz)
		},
	}.wire(f)
}

func buildDragonfly(ctx context.Context, a, h, g int, p int64, sz Size) (*Topology, error) {
	const name = "dragonfly"
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for grp := 0; grp < g; grp++ {
		base := grp * a
		for i := 0; i < a; i++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for j := i + 1; j < a; j++ {
				edges.add(base+i, base+j)
			}
		}
	}
	if !consecutiveGlobals(g, a*h, st, &edges, func(grp, c int) int { return grp*a + c/h }) {
		return nil, ctx.Err()
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	t, err := newTopology(ctx, name, a*g, edges, p)
	if err != nil {
		return nil, err
	}
	t.Group = make([]int32, a*g)
	t.Coords = make([]int32, 2*a*g)
	t.CoordDim = 2
	for r := range t.Group {
		t.Group[r] = int32(r / a)
		t.Coords[2*r], t.Coords[2*r+1] = int32(r/a), int32(r%a)
	}
	return t, nil
}

// consecutiveGlobals adds the global links of the consecutive (absolute)
// arrangement of g groups with channels global channels each: channel c
// of group i goes to group s or s+1 (s = c mod (g-1), skipping i itself),
// copy c / (g-1), and meets that group's channel of the same copy towards
// i. router maps a group and channel to the router that owns it (the
// Dragonfly's routers, Megafly's spines). It returns false if the build
// was cancelled.
func consecutiveGlobals(g, channels int, st *stopper, edges *edgeList, router func(grp, c int) int) bool {
	others := g - 1
	for i := 0; i < g; i++ {
		for c := 0; c < channels; c++ {
			if st.stop(len(*edges)) {
				return false
			}
			s, l := c%others, c/others
			j := s
			if s >= i {
				j = s + 1
			}
			if j < i {
				continue // added from the lower group
			}
			// Group j's channel towards i: slot i (i < j), same copy l.
			edges.add(router(i, c), router(j, l*others+i))
		}
	}
	return true
}
