package families

import (
	"context"
	"fmt"
	"strings"
)

// treeFamilies returns the further tree networks: the SC14 cost-model fat
// tree and Myrinet-Clos.
func treeFamilies() []*Family {
	return []*Family{fatTreeSC14(), permutable(myrinetClos())}
}

// Myrinet-Clos packaging (layout-conscious random topologies paper, section
// III-C): leaf switches share cabinets with
// their hosts, at most closCabinetHosts hosts per cabinet; the other
// switches fill switch-only cabinets of closCabinetSwitches switches, the
// paper's general cabinet size (section III-C1: "Each cabinet stores 16
// switches").
const (
	closCabinetHosts    = 128
	closCabinetSwitches = 16
	maxClosRadix        = 1 << 16
)

type myrinetClosParams struct {
	hosts, radix int64
	h, blocks    int64 // h = radix/2: hosts per leaf, leaves and spines per block
}

// myrinetClosHosts lists the valid host counts for a switch radix r: B*(r/2)^2
// for every block count B >= 2 dividing r with B*r/2 even.
func myrinetClosHosts(r int64) []int64 {
	h := r / 2
	var out []int64
	for b := int64(2); b <= r; b++ {
		if r%b == 0 && b*h%2 == 0 {
			out = append(out, b*h*h)
		}
	}
	return out
}

func myrinetClos() *Family {
	const name = "myrinet_clos"
	parse := func(v Values) (myrinetClosParams, error) {
		var t myrinetClosParams
		var err error
		if t.radix, err = intParam(name, v, "radix", 4, maxClosRadix); err != nil {
			return t, err
		}
		if t.radix%2 != 0 {
			return t, paramErr(name, "radix", "radix = %d must be even (half the ports of a leaf go to hosts, half up)", t.radix)
		}
		if t.hosts, err = intParam(name, v, "hosts", 1, maxClosRadix*maxClosRadix*maxClosRadix/4); err != nil {
			return t, err
		}
		t.h = t.radix / 2
		hh := t.h * t.h
		t.blocks = t.hosts / hh
		b := t.blocks
		if t.hosts%hh != 0 || b < 2 || t.radix%b != 0 || b*t.h%2 != 0 {
			valid := myrinetClosHosts(t.radix)
			s := make([]string, len(valid))
			for i, x := range valid {
				s[i] = fmt.Sprint(x)
			}
			return t, paramErr(name, "hosts", "hosts = %d is not B*(radix/2)^2 = B*%d for a block count B >= 2 dividing radix = %d (with B*radix/2 even); valid: %s",
				t.hosts, hh, t.radix, strings.Join(s, ", "))
		}
		return t, nil
	}
	size := func(t myrinetClosParams) (Size, error) {
		bh := t.blocks * t.h
		return Size{
			Routers:      2*bh + bh/2,
			Endpoints:    t.hosts,
			Links:        2 * t.hosts,
			Radix:        t.radix,
			NetworkRadix: t.radix,
		}, nil
	}
	f := &Family{
		Name:    name,
		Summary: "three-level Clos of 16-port Myrinet crossbars (layout paper)",
		Doc: "Myrinet-Clos: the three-level Clos network of 16-port Myrinet crossbars (Myricom, " +
			"Myrinet-2000 switch guide, section 9, Clos networks for more than 128 hosts) used in the " +
			"layout-conscious random topologies paper (Koibuchi et al.), section III-C: 80 switches for " +
			"256 hosts, 160 for 512. With switch radix r and h = r/2, hosts = B*h^2 for B blocks: each " +
			"block is the 64-host Clos (r = 16) of h leaf switches, each with h hosts and one up-link to " +
			"each of the block's h spine switches (h down, h up); the top level has B*h/2 switches using " +
			"all r ports down. That gives 5*B*h/2 = 5*hosts/r switches, 2*hosts links and leaf-to-leaf " +
			"distances 2 (same block) or 4. Top wiring: with m = r/B, top switch t is linked to the m " +
			"spines j = (t*m + i) mod h, i < m, of every block, so the graph is simple, every spine has " +
			"h up-links and any two blocks share every top switch; this needs B >= 2 dividing r with " +
			"B*h even (r = 16: 128, 256, 512 or 1024 hosts). Router id: leaf b*h + i, spine B*h + " +
			"b*h + j, top 2*B*h + t; Coords = (level, block, index) for leaves and spines and (2, t mod " +
			"P, t div P) for tops, P = h/gcd(m, h) the number of distinct spine windows; Group = block " +
			"b, or B + (t mod P) for a top switch (tops of a group are wired to the same spines); Role " +
			"= leaf, spine, core. Cabinet (the paper's packaging): leaves in cabinets with their hosts, " +
			"max(1, floor(128/h)) leaves (up to 128 hosts; 16 leaves at r = 16) per cabinet, then the spines " +
			"and top switches in router-id order in switch-only cabinets of 16 switches.",
		Params: []Param{
			{Name: "hosts", Kind: Int, Default: int64(256), Doc: "number of hosts B*(radix/2)^2 with B >= 2 blocks dividing radix (radix 16: 128, 256, 512, 1024)"},
			{Name: "radix", Kind: Int, Default: int64(16), Doc: "switch radix r, even, >= 4 (Myrinet Xbar16: 16)"},
		},
		Version: 1,
	}
	return pipeline[myrinetClosParams]{parse: parse, size: size, limit: "hosts",
		build: func(ctx context.Context, t myrinetClosParams, sz Size) (*Topology, error) {
			return buildMyrinetClos(ctx, int(t.radix), int(t.blocks), sz)
		},
	}.wire(f)
}

func closGCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func buildMyrinetClos(ctx context.Context, r, blocks int, sz Size) (*Topology, error) {
	const name = "myrinet_clos"
	h := r / 2
	leaves := blocks * h // also the number of spines
	tops := leaves / 2
	m := r / blocks
	period := h / closGCD(m, h)
	routers := int(sz.Routers)
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for b := 0; b < blocks; b++ {
		for i := 0; i < h; i++ {
			if st.stop(len(edges)) {
				return nil, ctx.Err()
			}
			for j := 0; j < h; j++ {
				edges.add(b*h+i, leaves+b*h+j)
			}
		}
	}
	for t := 0; t < tops; t++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		s0 := t * m % h
		for b := 0; b < blocks; b++ {
			for i := 0; i < m; i++ {
				edges.add(leaves+b*h+(s0+i)%h, 2*leaves+t)
			}
		}
	}
	if int64(len(edges)) != sz.Links {
		return nil, fmt.Errorf("family %s: internal error: built %d links, want %d", name, len(edges), sz.Links)
	}
	top, err := newTopology(ctx, name, routers, edges, 0)
	if err != nil {
		return nil, err
	}
	top.Role = make([]Role, routers)
	top.Group = make([]int32, routers)
	top.Cabinet = make([]int32, routers)
	top.CoordDim = 3
	top.Coords = make([]int32, 3*routers)
	perCab := max(1, closCabinetHosts/h)
	leafCabs := (leaves + perCab - 1) / perCab
	for v := 0; v < routers; v++ {
		var level, a, b int
		switch {
		case v < leaves:
			level, a, b = 0, v/h, v%h
			top.Conc[v], top.Role[v], top.Group[v] = int32(h), RoleLeaf, int32(a)
			top.Cabinet[v] = int32(v / perCab)
		case v < 2*leaves:
			level, a, b = 1, (v-leaves)/h, (v-leaves)%h
			top.Role[v], top.Group[v] = RoleSpine, int32(a)
		default:
			t := v - 2*leaves
			level, a, b = 2, t%period, t/period
			top.Role[v], top.Group[v] = RoleCore, int32(blocks+a)
		}
		if v >= leaves {
			top.Cabinet[v] = int32(leafCabs + (v-leaves)/closCabinetSwitches)
		}
		top.Coords[3*v], top.Coords[3*v+1], top.Coords[3*v+2] = int32(level), int32(a), int32(b)
	}
	return top, nil
}
