package families

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// leafDistances returns the histogram of distances between ordered pairs of
// distinct routers that have endpoints, by BFS from each of them.
func leafDistances(top *Topology) []int64 {
	g := top.Graph
	dist := make([]int32, g.N())
	var hist []int64
	for s := 0; s < g.N(); s++ {
		if top.Conc[s] == 0 {
			continue
		}
		graph.BFS(g, int32(s), dist)
		for v, d := range dist {
			if v == s || top.Conc[v] == 0 {
				continue
			}
			if d < 0 {
				d = 0 // unreachable: counted at 0, which no distinct pair can have
			}
			for len(hist) <= int(d) {
				hist = append(hist, 0)
			}
			hist[d]++
		}
	}
	return hist
}

// simple reports whether g has no parallel links (adjacency lists are sorted).
func simple(g *graph.Graph) bool {
	for v := 0; v < g.N(); v++ {
		nb := g.Neighbors(int32(v))
		for i := 1; i < len(nb); i++ {
			if nb[i] == nb[i-1] {
				return false
			}
		}
	}
	return true
}

func TestFatTreeSC14Size(t *testing.T) {
	tests := []struct {
		k, levels int64
		want      Size
	}{
		// SC14 Table IV, FT-3 rows (p = k/2 fractional; the table prints floors).
		{k: 43, levels: 3, want: Size{Routers: 2311, Endpoints: 19876, Links: 39753, Radix: 43, NetworkRadix: 43}},
		{k: 35, levels: 3, want: Size{Routers: 1531, Endpoints: 10718, Links: 21437, Radix: 35, NetworkRadix: 35}},
		// Even k: exact 5p^2, 2p^3, 4p^3 (p = 22).
		{k: 44, levels: 3, want: Size{Routers: 2420, Endpoints: 21296, Links: 42592, Radix: 44, NetworkRadix: 44}},
		// Two levels: 3p, 2p^2, 2p^2.
		{k: 36, levels: 2, want: Size{Routers: 54, Endpoints: 648, Links: 648, Radix: 36, NetworkRadix: 36}},
		{k: 5, levels: 2, want: Size{Routers: 7, Endpoints: 12, Links: 12, Radix: 5, NetworkRadix: 5}}, // 7.5, 12.5, 12.5
		{k: 1 << 20, levels: 3, want: Size{Routers: 5 << 38, Endpoints: 1 << 58, Links: 1 << 59, Radix: 1 << 20, NetworkRadix: 1 << 20}},
	}
	for _, tt := range tests {
		given := Values{"k": tt.k, "levels": tt.levels}
		if got := sizeOf(t, "fattree_sc14", given); got != tt.want {
			t.Errorf("%v: Size = %+v, want %+v", given, got, tt.want)
		}
	}
}

func TestFatTreeSC14Build(t *testing.T) {
	for _, levels := range []int64{2, 3} {
		for k := int64(2); k <= 14; k += 2 {
			given := Values{"k": k, "levels": levels}
			top, _ := build(t, "fattree_sc14", given)
			if got, want := measured(top), sizeOf(t, "fattree_sc14", given); got != want {
				t.Errorf("%v: built %+v, Size %+v", given, got, want)
			}
			p := int(k / 2)
			g := top.Graph
			if !simple(g) {
				t.Errorf("%v: parallel links", given)
			}
			// Ports: leaves p endpoints + p up; the level above the leaves
			// p down (+ p up in 3 levels); the top level k down.
			for r := 0; r < g.N(); r++ {
				level := int(top.Coords[r*top.CoordDim])
				up, down := 0, 0
				for _, u := range g.Neighbors(int32(r)) {
					if int(top.Coords[int(u)*top.CoordDim]) > level {
						up++
					} else {
						down++
					}
				}
				wantConc, wantUp, wantDown, wantRole := 0, p, p, RoleSpine
				switch {
				case level == 0:
					wantConc, wantDown, wantRole = p, 0, RoleLeaf
				case level == int(levels)-1:
					wantUp, wantDown, wantRole = 0, 2*p, RoleCore
				}
				if int(top.Conc[r]) != wantConc || up != wantUp || down != wantDown || top.Role[r] != wantRole {
					t.Fatalf("%v: router %d (level %d): conc %d, %d up, %d down, role %v; want %d, %d, %d, %v",
						given, r, level, top.Conc[r], up, down, top.Role[r], wantConc, wantUp, wantDown, wantRole)
				}
			}
			s := distances(t, top)
			wantLeaf := 2 * int(levels-1)
			if s.Diameter != wantLeaf || !s.Connected() || len(s.EndpointHist)-1 != wantLeaf || s.EndpointHist[wantLeaf] == 0 {
				t.Errorf("%v: diameter %d, endpoint hist %v; want diameter %d", given, s.Diameter, s.EndpointHist, wantLeaf)
			}
			if levels == 3 {
				checkFatTreeSC14Pods(t, top, p)
			}
		}
	}
}

// checkFatTreeSC14Pods checks the 3-level wiring: edge and aggregation
// switches of a pod form K_{p,p} and stay in the pod; core switch (j, i)
// reaches exactly aggregation switch j of every pod.
func checkFatTreeSC14Pods(t *testing.T, top *Topology, p int) {
	t.Helper()
	g := top.Graph
	for r := 0; r < g.N(); r++ {
		c := top.Coords[3*r : 3*r+3]
		for _, u := range g.Neighbors(int32(r)) {
			cu := top.Coords[3*u : 3*u+3]
			switch {
			case c[0] == 0 && (cu[0] != 1 || cu[1] != c[1]):
				t.Fatalf("edge switch %v linked to %v", c, cu)
			case c[0] == 2 && (cu[0] != 1 || cu[2] != c[1]):
				t.Fatalf("core switch %v linked to %v", c, cu)
			}
		}
		wantGroup := c[1]
		if c[0] == 2 {
			wantGroup = int32(2*p) + c[1]
		}
		if top.Group[r] != wantGroup {
			t.Fatalf("router %d coords %v: group %d, want %d", r, c, top.Group[r], wantGroup)
		}
	}
}

func TestFatTreeSC14Errors(t *testing.T) {
	f, _ := Default().Lookup("fattree_sc14")
	v, err := f.Normalize(Values{"k": int64(43)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Build(context.Background(), v)
	var pe *ParamError
	if !errors.As(err, &pe) || pe.Param != "k" || !strings.Contains(pe.Msg, "21.5") {
		t.Errorf("odd k: Build error %v, want a *ParamError on k naming p = 21.5", err)
	}
	checkParamErrors(t, []paramErrorCase{
		{"fattree_sc14", Values{}, "k", "required"},
		{"fattree_sc14", Values{"k": int64(1)}, "k", "at least 2"},
		{"fattree_sc14", Values{"k": int64(1 << 21)}, "k", "at most"},
		{"fattree_sc14", Values{"k": int64(8), "levels": int64(4)}, "levels", "at most 3"},
		{"fattree_sc14", Values{"k": int64(8), "levels": int64(1)}, "levels", "at least 2"},
	})
}

type paramErrorCase struct {
	fam      string
	given    Values
	param    string
	contains string
}

func checkParamErrors(t *testing.T, cases []paramErrorCase) {
	t.Helper()
	for _, tt := range cases {
		f, ok := Default().Lookup(tt.fam)
		if !ok {
			t.Fatalf("family %s not registered", tt.fam)
		}
		_, err := f.Normalize(tt.given)
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Family != tt.fam || pe.Param != tt.param || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%s %v: error %v; want a *ParamError on %s containing %q", tt.fam, tt.given, err, tt.param, tt.contains)
		}
	}
}

func TestMyrinetClos(t *testing.T) {
	tests := []struct {
		hosts, switches int64
	}{
		{256, 80},  // layout paper section III-C
		{512, 160}, // layout paper section III-C
		{128, 40},
		{1024, 320},
	}
	for _, tt := range tests {
		given := Values{"hosts": tt.hosts}
		top, v := build(t, "myrinet_clos", given)
		g := top.Graph
		sz := measured(top)
		want := Size{Routers: tt.switches, Endpoints: tt.hosts, Links: 2 * tt.hosts, Radix: 16, NetworkRadix: 16}
		if sz != want {
			t.Errorf("%v: built %+v, want %+v", given, sz, want)
		}
		if s := sizeOf(t, "myrinet_clos", given); s != sz {
			t.Errorf("%v: Size %+v, built %+v", given, s, sz)
		}
		if v.Int("radix") != 16 {
			t.Errorf("default radix %d", v.Int("radix"))
		}
		if !simple(g) {
			t.Errorf("%v: parallel links", given)
		}
		// Every leaf-to-leaf distance is even, at most 4, and 4 occurs.
		hist := leafDistances(top)
		if len(hist) != 5 || hist[0] != 0 || hist[1] != 0 || hist[3] != 0 || hist[2] == 0 || hist[4] == 0 {
			t.Errorf("%v: leaf-to-leaf distance histogram %v", given, hist)
		}
		leaves := int(tt.hosts / 8)
		// Leaves in a block of 8 are at distance 2: 8*7 ordered pairs per leaf block.
		if hist[2] != int64(leaves*7) {
			t.Errorf("%v: %d leaf pairs at distance 2, want %d", given, hist[2], leaves*7)
		}
		checkClosPorts(t, top, 8, leaves)
		checkClosCabinets(t, top, leaves)
	}
}

// checkClosPorts checks the Myrinet-Clos port usage: leaves h hosts and h
// up, spines h down and h up, tops 2h down; roles, groups and coordinates.
func checkClosPorts(t *testing.T, top *Topology, h, leaves int) {
	t.Helper()
	g := top.Graph
	blocks := leaves / h
	for r := 0; r < g.N(); r++ {
		c := top.Coords[3*r : 3*r+3]
		level := int(c[0])
		up, down := 0, 0
		for _, u := range g.Neighbors(int32(r)) {
			lu := int(top.Coords[3*u])
			switch {
			case lu == level+1:
				up++
			case lu == level-1:
				down++
			default:
				t.Fatalf("router %d (level %d) linked to level %d", r, level, lu)
			}
			if level == 0 && top.Coords[3*u+1] != c[1] {
				t.Fatalf("leaf %d of block %d linked to spine of block %d", r, c[1], top.Coords[3*u+1])
			}
		}
		wantConc, wantUp, wantDown, wantRole, wantGroup := 0, h, h, RoleSpine, c[1]
		switch level {
		case 0:
			wantConc, wantDown, wantRole = h, 0, RoleLeaf
		case 2:
			wantUp, wantDown, wantRole, wantGroup = 0, 2*h, RoleCore, int32(blocks)+c[1]
		}
		if int(top.Conc[r]) != wantConc || up != wantUp || down != wantDown || top.Role[r] != wantRole || top.Group[r] != wantGroup {
			t.Fatalf("router %d coords %v: conc %d, %d up, %d down, role %v, group %d", r, c, top.Conc[r], up, down, top.Role[r], top.Group[r])
		}
		if level < 2 && int(c[1])*h+int(c[2])+level*leaves != r {
			t.Fatalf("router %d has coords %v", r, c)
		}
	}
}

// checkClosCabinets checks the packaging: leaf cabinets hold at most 128
// hosts, switch-only cabinets at most 16 switches and no leaf; cabinets are
// numbered 0, 1, ... in router order.
func checkClosCabinets(t *testing.T, top *Topology, leaves int) {
	t.Helper()
	hosts := map[int32]int{}
	switches := map[int32]int{}
	leafCab := map[int32]bool{}
	prev := int32(0)
	for r, c := range top.Cabinet {
		if c != prev && c != prev+1 {
			t.Fatalf("router %d: cabinet %d after %d", r, c, prev)
		}
		prev = c
		hosts[c] += int(top.Conc[r])
		switches[c]++
		if r < leaves {
			leafCab[c] = true
		} else if leafCab[c] {
			t.Fatalf("switch %d shares leaf cabinet %d", r, c)
		}
	}
	for c, n := range switches {
		if leafCab[c] && (hosts[c] > 128 || hosts[c] != 8*n) || !leafCab[c] && (n > 16 || hosts[c] != 0) {
			t.Errorf("cabinet %d: %d switches, %d hosts (leaf cabinet %v)", c, n, hosts[c], leafCab[c])
		}
	}
	wantCabs := (leaves+15)/16 + (len(top.Cabinet)-leaves+15)/16
	if len(switches) != wantCabs {
		t.Errorf("%d cabinets, want %d", len(switches), wantCabs)
	}
}

func TestMyrinetClosSizeMatchesBuild(t *testing.T) {
	for _, r := range []int64{4, 6, 8, 10, 12, 16, 20} {
		for _, hosts := range myrinetClosHosts(r) {
			if hosts > 4096 {
				continue
			}
			given := Values{"hosts": hosts, "radix": r}
			top, _ := build(t, "myrinet_clos", given)
			if got, want := measured(top), sizeOf(t, "myrinet_clos", given); got != want {
				t.Errorf("%v: built %+v, Size %+v", given, got, want)
			}
			h := int(r / 2)
			if !simple(top.Graph) {
				t.Errorf("%v: parallel links", given)
			}
			checkClosPorts(t, top, h, int(hosts)/h)
			hist := leafDistances(top)
			if len(hist) != 5 || hist[1] != 0 || hist[3] != 0 || hist[4] == 0 {
				t.Errorf("%v: leaf-to-leaf distances %v", given, hist)
			}
		}
	}
	if got := myrinetClosHosts(16); fmt.Sprint(got) != "[128 256 512 1024]" {
		t.Errorf("valid hosts for radix 16: %v", got)
	}
	if got := myrinetClosHosts(6); fmt.Sprint(got) != "[18 54]" {
		t.Errorf("valid hosts for radix 6: %v", got) // B = 2, 6; B = 3 gives 3*3/2 top switches
	}
}

func TestMyrinetClosErrors(t *testing.T) {
	checkParamErrors(t, []paramErrorCase{
		{"myrinet_clos", Values{"hosts": int64(300)}, "hosts", "valid: 128, 256, 512, 1024"},
		{"myrinet_clos", Values{"hosts": int64(64)}, "hosts", "valid: 128, 256"},
		{"myrinet_clos", Values{"hosts": int64(2048)}, "hosts", "B >= 2 dividing radix = 16"},
		{"myrinet_clos", Values{"hosts": int64(384)}, "hosts", "B*64"}, // B = 6 does not divide 16
		{"myrinet_clos", Values{"radix": int64(15)}, "radix", "even"},
		{"myrinet_clos", Values{"radix": int64(2)}, "radix", "at least 4"},
		{"myrinet_clos", Values{"hosts": int64(0)}, "hosts", "positive"},
	})
}

func BenchmarkBuildTrees(b *testing.B) {
	cases := []struct {
		name, fam string
		given     Values
	}{
		{"fattree-p22-l3", "fattree", Values{"p": int64(22), "levels": int64(3)}},
		{"fattree_sc14-k44-l3", "fattree_sc14", Values{"k": int64(44)}},
		{"myrinet_clos-512", "myrinet_clos", Values{"hosts": int64(512)}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			f, _ := Default().Lookup(c.fam)
			v, err := f.Normalize(c.given)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Build(context.Background(), v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
