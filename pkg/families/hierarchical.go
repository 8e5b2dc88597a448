package families

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// Hierarchical and twisted families: Megafly / Dragonfly+ (leaf-spine
// groups joined all-to-all), HammingMesh (boards of accelerators in a 2D
// mesh joined by row and column networks), the rail-optimized fat tree of
// GPU clusters, and the twisted 3D tori of Camara et al.

// hierIntChoice reads the Int parameter param of family fam: an integer in
// [lo, hi], or the named choice named, which stands for def.
func hierIntChoice(fam string, v Values, param, named string, def, lo, hi int64) (int64, error) {
	i, s, err := intOrChoice(fam, v, param)
	switch {
	case err != nil:
		return 0, err
	case s == named:
		return def, nil
	case s != "":
		return 0, paramErr(fam, param, "want an integer or %q, got %q", named, s)
	}
	return i, checkRange(fam, param, i, lo, hi)
}

// ---------------------------------------------------------------------------
// Megafly / Dragonfly+

// megaflyParams are the resolved parameters of a Megafly: leaves and spines
// per group, h global links per spine, the number of groups, p endpoints
// per leaf and the radix limit.
type megaflyParams struct{ leaves, spines, h, groups, p, radix int64 }

// parseMegafly reads and checks the parameters of a Megafly.
func parseMegafly(v Values) (megaflyParams, error) {
	const name = "megafly"
	var t megaflyParams
	var err error
	if t.leaves, err = intParam(name, v, "leaves", 1, math.MaxInt32); err != nil {
		return t, err
	}
	if t.spines, err = hierIntChoice(name, v, "spines", "balanced", t.leaves, 1, math.MaxInt32); err != nil {
		return t, err
	}
	if t.h, err = hierIntChoice(name, v, "global_ports", "balanced", t.leaves, 1, math.MaxInt32); err != nil {
		return t, err
	}
	sh := t.spines * t.h // both <= 2^31: fits
	if t.groups, err = hierIntChoice(name, v, "groups", "max", sh+1, math.MinInt64, math.MaxInt64); err != nil {
		return t, err
	}
	if t.groups < 2 || t.groups > sh+1 {
		return t, paramErr(name, "groups", "groups = %d must be in [2, spines*global_ports+1] = [2, %d]", t.groups, sh+1)
	}
	if sh%(t.groups-1) != 0 {
		return t, paramErr(name, "groups", "groups = %d does not spread the spines*global_ports = %d global links of a group evenly over the groups-1 = %d other groups; valid groups: %s",
			t.groups, sh, t.groups-1, strings.Join(validDragonflyG(sh, 16), ", "))
	}
	if t.p, err = hierIntChoice(name, v, "p", "balanced", t.spines, 1, maxConc); err != nil {
		return t, err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	if t.radix > 0 {
		switch {
		case t.leaves+t.h > t.radix:
			return t, paramErr(name, "max_radix", "max_radix = %d is too small: a spine needs leaves + global_ports = %d ports", t.radix, t.leaves+t.h)
		case t.spines+1 > t.radix:
			return t, paramErr(name, "max_radix", "max_radix = %d is too small: a leaf needs spines = %d up ports plus at least 1 for endpoints", t.radix, t.spines)
		case t.p+t.spines > t.radix:
			return t, paramErr(name, "p", "p = %d needs %d ports on a leaf but max_radix = %d (at most p = %d fits)", t.p, t.p+t.spines, t.radix, t.radix-t.spines)
		}
	}
	return t, nil
}

// sizeMegafly returns the sizes of a Megafly: groups*(leaves+spines)
// routers, groups*leaves*p endpoints, groups*leaves*spines local plus
// groups*spines*h/2 global links.
func sizeMegafly(t megaflyParams) (Size, error) {
	s := sizer{ok: true}
	routers := s.mul(t.groups, t.leaves+t.spines)
	local := s.mul(t.groups, s.mul(t.leaves, t.spines))
	global := s.mul(t.groups, t.spines*t.h) / 2 // (groups-1) divides spines*h: groups*spines*h is even
	sz := Size{
		Routers:      routers,
		Endpoints:    s.mul(s.mul(t.groups, t.leaves), t.p),
		Links:        s.add(local, global),
		NetworkRadix: max(t.spines, t.leaves+t.h),
		Radix:        max(t.p+t.spines, t.leaves+t.h),
	}
	if !s.ok {
		return Size{}, paramErr("megafly", "groups", "sizes for leaves = %d, spines = %d, global_ports = %d, groups = %d, p = %d overflow int64",
			t.leaves, t.spines, t.h, t.groups, t.p)
	}
	return sz, nil
}

// megafly returns the Megafly / Dragonfly+ family.
func megafly() *Family {
	const name = "megafly"
	f := &Family{
		Name:    name,
		Summary: "Megafly / Dragonfly+: leaf-spine groups joined all-to-all by spine global links",
		Doc: "Megafly (Flajslik, Borch and Parker, Megafly: A Topology for Exascale Systems, ISC 2018), " +
			"published earlier as Dragonfly+ (Shpiner, Haramaty, Eliad, Zdornov, Gafni and Zahavi, " +
			"Dragonfly+: Low Cost Topology for Scaling Datacenters, HiPINEB 2017): an indirect dragonfly " +
			"whose groups are two-level leaf-spine networks. A group has a number (leaves) of leaf " +
			"routers and a number (spines) of spine routers forming a complete bipartite graph; each " +
			"leaf has p endpoints, each " +
			"spine has global_ports global links, and the groups are joined all-to-all by the global " +
			"links between spines. With radix-r routers both papers split the ports evenly: a leaf has " +
			"r/2 endpoints and r/2 spines, a spine r/2 leaves and r/2 global links, so leaves = spines = " +
			"global_ports = p = r/2 (the \"balanced\" choices: spines, global_ports = leaves and p = " +
			"spines) and at most spines*global_ports + 1 = (r/2)^2 + 1 groups (\"max\": one global link " +
			"between every pair of groups), i.e. (r/2)^2((r/2)^2 + 1) endpoints (leaves = 32, r = 64: " +
			"1,025 groups, 65,600 routers, 1,049,600 endpoints). Fewer global_ports than leaves tapers " +
			"the global bandwidth (Megafly's tapering); fewer groups are allowed when groups - 1 divides " +
			"spines*global_ports, and every pair of groups then gets m = spines*global_ports/(groups-1) " +
			"links. Global links use the absolute (consecutive) arrangement of the dragonfly family with " +
			"spines in place of routers: global channel c in [0, spines*global_ports) of a group belongs " +
			"to spine c / global_ports; channel c of group i has slot s = c mod (groups-1) and copy l = c " +
			"div (groups-1); slot s points to group j = s if s < i, else s + 1; and channel l*(groups-1) " +
			"+ (j-1) of group i is linked to channel l*(groups-1) + i of group j for i < j. When a spine " +
			"has several links to the same group some may join the same two spines (kept as parallel " +
			"links). Sizes: groups*(leaves+spines) routers, groups*leaves*p endpoints, " +
			"groups*leaves*spines local plus groups*spines*global_ports/2 global links; radix max(p + " +
			"spines, leaves + global_ports), network radix max(spines, leaves + global_ports). " +
			"Distances between leaves are 2 hops within a group and 3 (leaf-spine-spine-leaf, one " +
			"global hop) across groups: the endpoint diameter is 3 router hops, the minimal path of both " +
			"papers. The router diameter (between spines) is 3 when groups - 1 <= global_ports (every " +
			"spine has a link to every other group); otherwise it is 4 or 5 (spine-leaf-spine-spine-" +
			"leaf-spine), depending on how the global links of the spines meet: with the arrangement " +
			"above, the balanced instances have 4 for leaves = 2 and 5 for leaves >= 3. Endpoints " +
			"are only on leaves. Router id = group*(leaves+spines) + index, the leaves first (index < " +
			"leaves) then the spines; Group = group; Role = leaf or spine; Coords = (level, group, " +
			"index in level), level 0 for leaves and 1 for spines.",
		Params: []Param{
			{Name: "leaves", Kind: Int, Doc: "leaf routers per group (they carry the endpoints), >= 1"},
			{Name: "spines", Kind: Int, Default: "balanced", Choices: []string{"balanced"},
				Doc: "spine routers per group, each linked to every leaf of its group; \"balanced\" = leaves"},
			{Name: "global_ports", Kind: Int, Default: "balanced", Choices: []string{"balanced"},
				Doc: "global links per spine router; \"balanced\" = leaves (as many global as leaf ports)"},
			{Name: "groups", Kind: Int, Default: "max", Choices: []string{"max"},
				Doc: "number of groups, 2 <= groups <= spines*global_ports + 1 with groups - 1 dividing spines*global_ports; \"max\" = spines*global_ports + 1"},
			paramP("balanced", []string{"balanced"}, "endpoints per leaf router; \"balanced\" = spines (as many endpoint as up ports)"),
			{Name: "max_radix", Kind: Int, Default: int64(0), Doc: "router radix (ports per router) available; 0 = unconstrained. When > 0, a leaf's p + spines ports and a spine's leaves + global_ports ports must fit"},
		},
		Version: 1,
	}
	return pipeline[megaflyParams]{
		parse: parseMegafly,
		resolve: func(t megaflyParams, v Values) Values {
			return withValues(v, "spines", t.spines, "global_ports", t.h, "groups", t.groups, "p", t.p)
		},
		size:  sizeMegafly,
		limit: "groups",
		build: buildMegafly,
	}.wire(f)
}

// buildMegafly builds a Megafly (see the family's Doc).
func buildMegafly(ctx context.Context, t megaflyParams, sz Size) (*Topology, error) {
	const name = "megafly"
	l, s, h, g := int(t.leaves), int(t.spines), int(t.h), int(t.groups)
	per := l + s
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for grp := 0; grp < g; grp++ {
		base := grp * per
		for i := 0; i < l; i++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for j := 0; j < s; j++ {
				edges.add(base+i, base+l+j)
			}
		}
	}
	if !consecutiveGlobals(g, s*h, st, &edges, func(grp, c int) int { return grp*per + l + c/h }) {
		return nil, ctx.Err()
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	n := g * per
	top, err := newTopology(ctx, name, n, edges, 0)
	if err != nil {
		return nil, err
	}
	top.Role = make([]Role, n)
	top.Group = make([]int32, n)
	top.CoordDim = 3
	top.Coords = make([]int32, 3*n)
	for r := 0; r < n; r++ {
		grp, idx := r/per, r%per
		level := 0
		if idx < l {
			top.Conc[r], top.Role[r] = int32(t.p), RoleLeaf
		} else {
			level, idx = 1, idx-l
			top.Role[r] = RoleSpine
		}
		top.Group[r] = int32(grp)
		top.Coords[3*r], top.Coords[3*r+1], top.Coords[3*r+2] = int32(level), int32(grp), int32(idx)
	}
	return top, nil
}

// ---------------------------------------------------------------------------
// HammingMesh

// hammingMeshParams are the resolved parameters of a HammingMesh: boards of
// a x b accelerators arranged in x by y boards, p endpoints per
// accelerator and the radix limit.
type hammingMeshParams struct{ a, b, x, y, p, radix int64 }

// maxHammingMeshSide bounds board sides and board counts so that every
// product of two of them fits easily.
const maxHammingMeshSide = 1 << 20

// parseHammingMesh reads and checks the parameters of a HammingMesh.
func parseHammingMesh(v Values) (hammingMeshParams, error) {
	const name = "hammingmesh"
	var t hammingMeshParams
	var err error
	if t.a, err = intParam(name, v, "board_a", 2, maxHammingMeshSide); err != nil {
		return t, err
	}
	if t.b, err = hierIntChoice(name, v, "board_b", "square", t.a, 2, maxHammingMeshSide); err != nil {
		return t, err
	}
	if t.x, err = intParam(name, v, "boards_x", 1, maxHammingMeshSide); err != nil {
		return t, err
	}
	if t.y, err = hierIntChoice(name, v, "boards_y", "square", t.x, 1, maxHammingMeshSide); err != nil {
		return t, err
	}
	if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
		return t, err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	if t.radix > 0 {
		switch {
		case t.radix < 5:
			return t, paramErr(name, "max_radix", "max_radix = %d is too small: an accelerator needs 4 network ports plus at least 1 for endpoints", t.radix)
		case 4+t.p > t.radix:
			return t, paramErr(name, "p", "p = %d needs %d ports on an accelerator but max_radix = %d (at most p = %d fits)", t.p, 4+t.p, t.radix, t.radix-4)
		case 2*t.x > t.radix:
			return t, paramErr(name, "boards_x", "boards_x = %d needs row switches of 2*boards_x = %d ports but max_radix = %d (at most boards_x = %d fits)", t.x, 2*t.x, t.radix, t.radix/2)
		case 2*t.y > t.radix:
			return t, paramErr(name, "boards_y", "boards_y = %d needs column switches of 2*boards_y = %d ports but max_radix = %d (at most boards_y = %d fits)", t.y, 2*t.y, t.radix, t.radix/2)
		}
	}
	return t, nil
}

// sizeHammingMesh returns the sizes of a HammingMesh: a*b*x*y accelerators
// plus b*y row and a*x column switches, x*y*(2ab + a + b) links.
func sizeHammingMesh(t hammingMeshParams) (Size, error) {
	s := sizer{ok: true}
	acc := s.mul(t.a*t.b, t.x*t.y)
	switches := t.b*t.y + t.a*t.x
	sz := Size{
		Routers:      s.add(acc, switches),
		Endpoints:    s.mul(acc, t.p),
		Links:        s.mul(t.x*t.y, s.add(2*t.a*t.b, t.a+t.b)),
		NetworkRadix: max(4, 2*t.x, 2*t.y),
		Radix:        max(4+t.p, 2*t.x, 2*t.y),
	}
	if !s.ok {
		return Size{}, paramErr("hammingmesh", "boards_x", "sizes for %dx%d boards, %dx%d boards, p = %d overflow int64", t.a, t.b, t.x, t.y, t.p)
	}
	return sz, nil
}

// hammingMesh returns the HammingMesh family.
func hammingMesh() *Family {
	const name = "hammingmesh"
	f := &Family{
		Name:    name,
		Summary: "HammingMesh: 2D-mesh boards of accelerators joined by row and column switches",
		Doc: "HammingMesh (Hoefler, Bonato, De Sensi, Di Girolamo, Li, Heddes, Belk, Goel, Castro and " +
			"Scott, HammingMesh: A Network Topology for Large-Scale Deep Learning, SC22): boards of " +
			"board_a x board_b accelerators linked as a 2D mesh on the board, the boards arranged in a " +
			"boards_x x boards_y grid, and every row and every column of boards joined by a network " +
			"(HxaMesh: Hx2Mesh with 2x2 boards, Hx4Mesh with 4x4 boards). Every accelerator has four " +
			"network ports (west, east, south, north) and p endpoints (the accelerator's own injection " +
			"port: p = 1 by default). Global accelerator column gx = bx*board_a + u and row gy = " +
			"by*board_b + v for accelerator (u, v) of board (bx, by). On a board, (u, v) is linked to " +
			"(u+1, v) and (u, v+1); the ports that leave the board go to the row and column networks: " +
			"the west port of u = 0 and the east port of u = board_a - 1 of every board of board row by " +
			"go to the network of accelerator row gy, and the south port of v = 0 and the north port of " +
			"v = board_b - 1 go to the network of accelerator column gx (one network per accelerator row " +
			"and one per accelerator column: a row of boards has board_b row networks). The paper joins " +
			"the boards of a row or column by fat trees; this family models every row and every column " +
			"network as one switch, a " +
			"non-blocking crossbar standing for the fat tree: boards_y*board_b row switches of " +
			"2*boards_x ports and boards_x*board_a column switches of 2*boards_y ports, so a hop through " +
			"a row or column network counts 2 router hops (a two-level fat tree would add 2 more when " +
			"its traffic crosses the top level). Sizes: board_a*board_b*boards_x*boards_y accelerators " +
			"(routers with p endpoints) plus boards_y*board_b + boards_x*board_a switches (no endpoints); " +
			"boards_x*boards_y*(2*board_a*board_b + board_a + board_b) links; accelerator radix 4 + p, " +
			"switch radix 2*boards_x and 2*boards_y. The graph is the Cartesian product of a row graph " +
			"(boards_x paths of board_a accelerators whose ends are linked to one switch) and a column " +
			"graph, without the vertex (row switch, column switch), so the distance between two " +
			"accelerators is the sum of their row and column distances: in the row graph, between " +
			"positions u1 and u2 of the same board min(|u1-u2|, min(u1,u2) + 2 + board_a-1-max(u1,u2)), " +
			"and of different boards min(u1, board_a-1-u1) + 2 + min(u2, board_a-1-u2). The accelerator " +
			"(endpoint) diameter is therefore D(board_a, boards_x) + D(board_b, boards_y) with D(a, x) = " +
			"2*ceil(a/2) for x >= 2 and floor((a+1)/2) for x = 1: 4 for Hx2Mesh and 8 for Hx4Mesh with " +
			"at least 2x2 boards. Router id = gy*(boards_x*board_a) + gx for accelerators, then " +
			"boards_x*board_a*boards_y*board_b + gy for row switch gy, then that plus boards_y*board_b + " +
			"gx for column switch gx; Coords = (gx, gy), with row switch gy at (boards_x*board_a, gy) " +
			"and column switch gx at (gx, boards_y*board_b); Role = local for accelerators, global for " +
			"switches; Group = board by*boards_x + bx for accelerators, boards_x*boards_y + gy for row " +
			"switch gy and boards_x*boards_y + boards_y*board_b + gx for column switch gx.",
		Params: []Param{
			{Name: "board_a", Kind: Int, Default: int64(2), Doc: "accelerators per board along x (board columns), >= 2 (2: Hx2Mesh, 4: Hx4Mesh)"},
			{Name: "board_b", Kind: Int, Default: "square", Choices: []string{"square"}, Doc: "accelerators per board along y (board rows), >= 2; \"square\" = board_a"},
			{Name: "boards_x", Kind: Int, Doc: "boards per row of boards, >= 1 (row switches have 2*boards_x ports)"},
			{Name: "boards_y", Kind: Int, Default: "square", Choices: []string{"square"}, Doc: "boards per column of boards, >= 1; \"square\" = boards_x"},
			paramP(int64(1), nil, "endpoints per accelerator, >= 1 (switches have none)"),
			{Name: "max_radix", Kind: Int, Default: int64(0), Doc: "router radix (ports per router) available; 0 = unconstrained. When > 0, an accelerator's 4 + p ports and the switches' 2*boards_x and 2*boards_y ports must fit"},
		},
		Version: 1,
	}
	return pipeline[hammingMeshParams]{
		parse: parseHammingMesh,
		resolve: func(t hammingMeshParams, v Values) Values {
			return withValues(v, "board_b", t.b, "boards_y", t.y)
		},
		size:  sizeHammingMesh,
		limit: "boards_x",
		build: buildHammingMesh,
	}.wire(f)
}

// buildHammingMesh builds a HammingMesh (see the family's Doc).
func buildHammingMesh(ctx context.Context, t hammingMeshParams, sz Size) (*Topology, error) {
	const name = "hammingmesh"
	a, b, x, y := int(t.a), int(t.b), int(t.x), int(t.y)
	w, h := x*a, y*b // accelerator columns and rows
	acc := w * h
	rowSw := func(gy int) int { return acc + gy }
	colSw := func(gx int) int { return acc + h + gx }
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for gy := 0; gy < h; gy++ {
		v := gy % b
		for gx := 0; gx < w; gx++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			r, u := gy*w+gx, gx%a
			if u < a-1 {
				edges.add(r, r+1)
			}
			if v < b-1 {
				edges.add(r, r+w)
			}
			if u == 0 || u == a-1 {
				edges.add(r, rowSw(gy))
			}
			if v == 0 || v == b-1 {
				edges.add(r, colSw(gx))
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	n := acc + h + w
	top, err := newTopology(ctx, name, n, edges, 0)
	if err != nil {
		return nil, err
	}
	top.Role = make([]Role, n)
	top.Group = make([]int32, n)
	top.CoordDim = 2
	top.Coords = make([]int32, 2*n)
	boards := x * y
	for r := 0; r < n; r++ {
		var gx, gy, grp int
		switch {
		case r < acc:
			gx, gy = r%w, r/w
			grp = (gy/b)*x + gx/a
			top.Conc[r], top.Role[r] = int32(t.p), RoleLocal
		case r < acc+h:
			gx, gy = w, r-acc
			grp = boards + gy
			top.Role[r] = RoleGlobal
		default:
			gx, gy = r-acc-h, h
			grp = boards + h + gx
			top.Role[r] = RoleGlobal
		}
		top.Group[r] = int32(grp)
		top.Coords[2*r], top.Coords[2*r+1] = int32(gx), int32(gy)
	}
	return top, nil
}

// ---------------------------------------------------------------------------
// Rail-optimized fat tree

// railParams are the resolved parameters of a rail-optimized fat tree:
// rails (NICs per server), servers per scalable unit, units, trunk (links
// between a leaf and each switch above it), levels (2 or 3) and the radix
// limit.
type railParams struct{ rails, servers, units, trunk, levels, radix int64 }

// maxRailParam bounds rails, servers, units and trunk so that products of
// three of them fit easily.
const maxRailParam = 1 << 20

// parseRail reads and checks the parameters of a rail-optimized fat tree.
func parseRail(v Values) (railParams, error) {
	const name = "rail_fattree"
	var t railParams
	var err error
	if t.rails, err = intParam(name, v, "rails", 1, maxRailParam); err != nil {
		return t, err
	}
	if t.servers, err = intParam(name, v, "servers", 1, maxRailParam); err != nil {
		return t, err
	}
	if t.units, err = intParam(name, v, "units", 1, maxRailParam); err != nil {
		return t, err
	}
	if t.trunk, err = intParam(name, v, "trunk", 1, maxRailParam); err != nil {
		return t, err
	}
	if t.servers%t.trunk != 0 {
		return t, paramErr(name, "trunk", "trunk = %d does not divide servers = %d: a leaf's %d up links must go to servers/trunk switches, trunk links each",
			t.trunk, t.servers, t.servers)
	}
	if t.levels, err = intParam(name, v, "levels", 2, 3); err != nil {
		return t, err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	if t.radix > 0 {
		ut := t.units * t.trunk
		switch {
		case 2*t.servers > t.radix:
			return t, paramErr(name, "servers", "servers = %d needs leaves of 2*servers = %d ports (servers down, servers up) but max_radix = %d (at most servers = %d fits)",
				t.servers, 2*t.servers, t.radix, t.radix/2)
		case t.levels == 2 && t.rails*ut > t.radix:
			return t, paramErr(name, "units", "units = %d needs spines of units*rails*trunk = %d ports but max_radix = %d (at most units = %d fits)",
				t.units, t.rails*ut, t.radix, t.radix/(t.rails*t.trunk))
		case t.levels == 3 && 2*ut > t.radix:
			return t, paramErr(name, "units", "units = %d needs spines of 2*units*trunk = %d ports but max_radix = %d (at most units = %d fits)",
				t.units, 2*ut, t.radix, t.radix/(2*t.trunk))
		case t.levels == 3 && t.rails > t.radix:
			return t, paramErr(name, "rails", "rails = %d needs core switches of rails = %d ports but max_radix = %d", t.rails, t.rails, t.radix)
		}
	}
	return t, nil
}

// sizeRail returns the sizes of a rail-optimized fat tree (see the family's
// Doc). Every parameter is at most 2^20, so the products fit.
func sizeRail(t railParams) (Size, error) {
	leaves := t.units * t.rails
	tops := t.servers / t.trunk
	ut := t.units * t.trunk
	sz := Size{Endpoints: leaves * t.servers}
	if t.levels == 2 {
		sz.Routers = leaves + tops
		sz.Links = leaves * t.servers
		sz.NetworkRadix = max(t.servers, leaves*t.trunk)
		sz.Radix = max(2*t.servers, leaves*t.trunk)
	} else {
		sz.Routers = leaves + t.rails*tops + t.servers*t.units
		sz.Links = 2 * leaves * t.servers
		sz.NetworkRadix = max(t.servers, 2*ut, t.rails)
		sz.Radix = max(2*t.servers, 2*ut, t.rails)
	}
	return sz, nil
}

// railFatTree returns the rail-optimized fat tree family.
func railFatTree() *Family {
	const name = "rail_fattree"
	f := &Family{
		Name:    name,
		Summary: "rail-optimized fat tree of GPU clusters (NVIDIA DGX SuperPOD style), 2 or 3 levels",
		Doc: "Rail-optimized fat tree, the compute fabric of GPU clusters such as the NVIDIA DGX " +
			"SuperPOD (reference architectures of DGX A100/H100 SuperPOD): servers with r = rails NICs " +
			"(one per GPU) are grouped in scalable units (SUs) of s = servers servers, and there are u = " +
			"units units; NIC i of every server of a unit connects to leaf switch i of that unit (rail " +
			"i), so a unit has r leaves of s NICs each. The endpoints are the NICs: each leaf has s " +
			"endpoints and s up links (non-blocking); t = trunk is the number of parallel links from a " +
			"leaf to each switch it reaches. levels = 2: the up links go to s/t spine switches shared by " +
			"every rail and unit, each leaf linked t times to each of them (a DGX H100 SuperPOD-like " +
			"fabric of 4 SUs: r = 8, s = 32, u = 4, t = 2 gives 32 leaves and 16 spines of 64 ports); " +
			"u*r leaves plus s/t spines, u*r*s links, spine radix u*r*t. levels = 3 (rail-aligned spine " +
			"groups joined by core switches, the Al-Fares construction with the rails as pods): rail i " +
			"has its own group of s/t spines, each linked t times to leaf i of every unit and once to " +
			"each of the u*t core switches of core group j (spine j of every rail reaches the same core " +
			"group j), so a core switch has r ports; u*r leaves, r*s/t spines and s*u core switches, " +
			"2*u*r*s links, spine radix 2*u*t. Leaf radix is 2s. Minimal routes: NICs of the same rail " +
			"and unit share a leaf (0 router hops); otherwise 2 hops (leaf-spine-leaf) with 2 levels; " +
			"with 3 levels 2 hops between leaves of the same rail and 4 (leaf-spine-core-spine-leaf) " +
			"between rails, the router diameter. The top level is core, as in fattree and fattree_sc14 " +
			"(levels = 2: leaf and core roles; 3: leaf, spine and core). Router id = unit*r + rail for " +
			"leaves; then, with 2 levels, u*r + j for top switch j; with 3 levels, u*r + rail*(s/t) + j " +
			"for spine j of rail group rail, then u*r + r*s/t + j*u*t + c for core c of core group j. " +
			"Coords = (level, rail, unit) for leaves, (1, j, 0) for the top switches of 2 levels, (1, " +
			"rail, j) for spines and (2, j, c) for cores of 3 levels. Group = unit for leaves and u for " +
			"the top switches with 2 levels; with 3 levels the pods are the rails: Group = rail for " +
			"leaves and spines, r + j for core group j.",
		Params: []Param{
			{Name: "rails", Kind: Int, Default: int64(8), Doc: "NICs (rails) per server = leaf switches per unit, >= 1 (DGX: 8)"},
			{Name: "servers", Kind: Int, Default: int64(32), Doc: "servers per scalable unit = NICs per leaf = up links per leaf, >= 1 (DGX H100 SuperPOD: 32)"},
			{Name: "units", Kind: Int, Doc: "number of scalable units, >= 1"},
			{Name: "trunk", Kind: Int, Default: int64(1), Doc: "parallel links from a leaf to each spine it reaches (from a 3-level spine to each leaf below it), dividing servers; >= 1"},
			{Name: "levels", Kind: Int, Default: int64(2), Doc: "number of switch levels: 2 (leaves and the spines above them, the top level: role core) or 3 (leaves, rail spine groups, core switches)"},
			{Name: "max_radix", Kind: Int, Default: int64(0), Doc: "switch radix (ports per switch) available; 0 = unconstrained. When > 0, every leaf, spine and core switch must fit"},
		},
		Version: 1,
	}
	return pipeline[railParams]{parse: parseRail, size: sizeRail, limit: "units", build: buildRail}.wire(f)
}

// buildRail builds a rail-optimized fat tree (see the family's Doc).
func buildRail(ctx context.Context, t railParams, sz Size) (*Topology, error) {
	const name = "rail_fattree"
	r, s, u, tr := int(t.rails), int(t.servers), int(t.units), int(t.trunk)
	leaves, per := u*r, s/tr // per: spines reached by a leaf
	n := int(sz.Routers)
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	three := t.levels == 3
	spine := func(rail, j int) int { return leaves + j } // 2 levels: shared spines
	if three {
		spine = func(rail, j int) int { return leaves + rail*per + j }
	}
	for leaf := 0; leaf < leaves; leaf++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		rail := leaf % r
		for j := 0; j < per; j++ {
			for k := 0; k < tr; k++ {
				edges.add(leaf, spine(rail, j))
			}
		}
	}
	coreBase, cores := leaves+r*per, u*tr // cores per core group
	if three {
		for rail := 0; rail < r; rail++ {
			for j := 0; j < per; j++ {
				if st.stop(len(edges)) {
					return nil, ctx.Err()
				}
				for c := 0; c < cores; c++ {
					edges.add(spine(rail, j), coreBase+j*cores+c)
				}
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, n, edges, 0)
	if err != nil {
		return nil, err
	}
	top.Role = make([]Role, n)
	top.Group = make([]int32, n)
	top.CoordDim = 3
	top.Coords = make([]int32, 3*n)
	for v := 0; v < n; v++ {
		var role Role
		var level, c1, c2, grp int
		switch {
		case v < leaves:
			unit, rail := v/r, v%r
			role, level, c1, c2, grp = RoleLeaf, 0, rail, unit, unit
			if three {
				grp = rail
			}
			top.Conc[v] = int32(s)
		case !three:
			role, level, c1, c2, grp = RoleCore, 1, v-leaves, 0, u
		case v < coreBase:
			rail, j := (v-leaves)/per, (v-leaves)%per
			role, level, c1, c2, grp = RoleSpine, 1, rail, j, rail
		default:
			j, c := (v-coreBase)/cores, (v-coreBase)%cores
			role, level, c1, c2, grp = RoleCore, 2, j, c, r+j
		}
		top.Role[v], top.Group[v] = role, int32(grp)
		top.Coords[3*v], top.Coords[3*v+1], top.Coords[3*v+2] = int32(level), int32(c1), int32(c2)
	}
	return top, nil
}

// ---------------------------------------------------------------------------
// Twisted tori

// twistedShape is a twisted torus shape: the ring lengths in units of k
// and, for each dimension, the shift (in units of k) added to the other
// coordinates when a link wraps around that dimension.
type twistedShape struct {
	name  string
	dims  []int64   // ring length / k per dimension
	twist [][]int64 // twist[i][j]: shift of coordinate j / k when dimension i wraps
}

// twistedShapes are the shapes of Camara et al.: the rectangular twisted
// torus, the prismatic twisted torus and the prismatic doubly twisted
// torus.
var twistedShapes = []twistedShape{
	{"2kxk", []int64{2, 1}, [][]int64{{0, 0}, {1, 0}}},
	{"2kxkxk", []int64{2, 1, 1}, [][]int64{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}}},
	{"2kx2kxk", []int64{2, 2, 1}, [][]int64{{0, 0, 0}, {0, 0, 0}, {1, 1, 0}}},
}

// twistedShapeNames returns the names of twistedShapes.
func twistedShapeNames() []string {
	out := make([]string, len(twistedShapes))
	for i, s := range twistedShapes {
		out[i] = s.name
	}
	return out
}

// twistedParams are the resolved parameters of a twisted torus.
type twistedParams struct {
	k, p, radix int64
	shape       twistedShape
}

// maxTwistedK bounds k so that 4k^3 routers and 3 links per router fit.
const maxTwistedK = 1 << 19

// parseTwisted reads and checks the parameters of a twisted torus.
func parseTwisted(v Values) (twistedParams, error) {
	const name = "twisted_torus"
	var t twistedParams
	var err error
	if t.k, err = intParam(name, v, "k", 2, maxTwistedK); err != nil {
		return t, err
	}
	sh, ok := v["shape"].(string)
	if !ok {
		return t, paramErr(name, "shape", "want one of %s, got %s", quoteList(twistedShapeNames()), describe(v["shape"]))
	}
	found := false
	for _, s := range twistedShapes {
		if s.name == sh {
			t.shape, found = s, true
		}
	}
	if !found {
		return t, paramErr(name, "shape", "want one of %s, got %q", quoteList(twistedShapeNames()), sh)
	}
	if t.p, err = intParam(name, v, "p", 1, maxConc); err != nil {
		return t, err
	}
	if t.radix, err = intParam(name, v, "max_radix", 0, math.MaxInt32); err != nil {
		return t, err
	}
	return t, checkRadix(name, t.p, 2*int64(len(t.shape.dims)), t.radix)
}

// sizeTwisted returns the sizes of a twisted torus: n dimensions of the
// shape's lengths, n*N links, radix 2n + p.
func sizeTwisted(t twistedParams) (Size, error) {
	s := sizer{ok: true}
	routers := int64(1)
	for _, d := range t.shape.dims {
		routers *= d * t.k
	}
	n := int64(len(t.shape.dims))
	sz := Size{
		Routers:      routers,
		Endpoints:    s.mul(routers, t.p),
		Links:        n * routers,
		NetworkRadix: 2 * n,
		Radix:        2*n + t.p,
	}
	if !s.ok {
		return Size{}, paramErr("twisted_torus", "p", "sizes for k = %d, shape %s, p = %d overflow int64", t.k, t.shape.name, t.p)
	}
	return sz, nil
}

// twistedTorus returns the twisted torus family.
func twistedTorus() *Family {
	const name = "twisted_torus"
	f := &Family{
		Name:    name,
		Summary: "twisted mixed-radix tori of Camara et al.: 2k x k, 2k x k x k and 2k x 2k x k",
		Doc: "Twisted tori of Camara, Moreto, Vallejo, Beivide, Miguel-Alonso, Martinez and " +
			"Navaridas, Twisted Torus Topologies for Enhanced Interconnection Networks, IEEE TPDS " +
			"21(12), 2010: mixed-radix tori whose wrap-around links are twisted so that they become " +
			"edge-symmetric and have a lower diameter and average distance than the plain torus of the " +
			"same shape. Routers are the coordinates (x, y[, z]) with x in [0, 2k); each router is " +
			"linked to the router one step up in every dimension, and a link that wraps around adds the " +
			"shape's twist to the other coordinates (modulo their lengths). shape = \"2kxk\": the " +
			"rectangular twisted torus RTT (2k x k; the wrap-around links of y add k to x), 2k^2 routers, " +
			"diameter k (plain torus k + floor(k/2)), sum of distances from a router k(4k^2-1)/3. shape " +
			"= \"2kxkxk\" (the default): the prismatic twisted torus PTT (2k x k x k; the wrap-around " +
			"links of y and of z each add k to x), 2k^3 routers, diameter floor(3k/2) (plain torus k + " +
			"2*floor(k/2)), sum of distances (7k^4 - 2k^2)/4 for even k and (7k^4 - 2k^2 - 1)/4 for odd " +
			"k, average distance about 7k/8 (plain torus about k). shape = \"2kx2kxk\": the prismatic " +
			"doubly twisted torus PDTT (2k x 2k x k; the wrap-around links of z add k to both x and y), " +
			"4k^3 routers, diameter floor(3k/2) (plain torus 2k + floor(k/2)), sum of distances (35k^4 - " +
			"8k^2)/8 for even k and (35k^4 - 14k^2 + 3)/8 for odd k, average distance about 35k/32 " +
			"(plain torus about 5k/4). The average distance is the sum divided by N - 1 (ordered pairs " +
			"of distinct routers; the graphs are vertex-transitive). These are the lattice graphs Z^n / " +
			"MZ^n with M = [[2k, k], [0, k]], [[2k, k, k], [0, k, 0], [0, 0, k]] and [[2k, 0, k], [0, " +
			"2k, k], [0, 0, k]] (columns are the wrap-around vectors); the 3D ones generate the FCC and " +
			"BCC lattices (scaled by k), as in the crystal-lattice networks of Camarero, Martinez and " +
			"Beivide (Symmetric Interconnection Networks from Cubic Crystal Lattices, 2013), and the " +
			"distance from router 0 to router v is the least L1 norm over v + MZ^n. The twists are this " +
			"family's reading of the paper's RTT and of its 3D prismatic twisted tori (twists of k, half " +
			"the longer dimension, on the wrap-around links of the shorter ones); the diameters and " +
			"distance sums above were derived from the construction and checked by breadth-first " +
			"search, as the paper's own tables could not be consulted. The graph is simple and 2n-regular for every k " +
			">= 2 (where the plain torus with k = 2 has parallel links, the twist sends the two " +
			"wrap-around links of a ring of length 2 to different routers), with n*N links and p " +
			"endpoints per router. k is the number of routers of the shorter dimensions (the " +
			"longer have 2k). Router id = x + 2k*(y + L_y*z) with L_y the length of y; Coords = (x, y[, " +
			"z]).",
		Params: []Param{
			{Name: "k", Kind: Int, Doc: "routers per shorter dimension (the longer dimensions have 2k), >= 2"},
			{Name: "shape", Kind: String, Default: "2kxkxk", Choices: twistedShapeNames(),
				Doc: "\"2kxk\" (rectangular twisted torus), \"2kxkxk\" (prismatic twisted torus) or \"2kx2kxk\" (prismatic doubly twisted torus)"},
			paramP(int64(1), nil, "endpoints per router, >= 1"),
			paramRadix(),
		},
		Version: 1,
	}
	return pipeline[twistedParams]{parse: parseTwisted, size: sizeTwisted, limit: "k", build: buildTwisted}.wire(f)
}

// buildTwisted builds a twisted torus: router r is linked to the router
// one step up in every dimension, with the shape's twist on wrap-around.
func buildTwisted(ctx context.Context, t twistedParams, sz Size) (*Topology, error) {
	const name = "twisted_torus"
	k := int(t.k)
	n := len(t.shape.dims)
	dims := make([]int, n)
	for i, d := range t.shape.dims {
		dims[i] = int(d) * k
	}
	routers := int(sz.Routers)
	coords := make([]int32, n*routers)
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	c := make([]int, n)
	next := make([]int, n)
	encode := func(x []int) int {
		id, stride := 0, 1
		for i, d := range dims {
			id += x[i] * stride
			stride *= d
		}
		return id
	}
	for r := 0; r < routers; r++ {
		if st.stop(r) {
			return nil, ctx.Err()
		}
		for i, x := 0, r; i < n; i++ {
			c[i] = x % dims[i]
			x /= dims[i]
			coords[r*n+i] = int32(c[i])
		}
		for i := 0; i < n; i++ {
			copy(next, c)
			next[i]++
			if next[i] == dims[i] {
				next[i] = 0
				for j, s := range t.shape.twist[i] {
					next[j] = (next[j] + int(s)*k) % dims[j]
				}
			}
			edges.add(r, encode(next))
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, routers, edges, t.p)
	if err != nil {
		return nil, err
	}
	top.Coords, top.CoordDim = coords, n
	return top, nil
}
