package cost

import (
	"fmt"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestProjectiveTables checks Tables 4, 5 and 6 of Camarero et al.,
// Projective Networks (section 5.3 and 6): the instance sizes exactly, cost
// and power per node within 3% (Tables 4 and 5) or 0.01% (Table 6 and the
// rows whose cable counts we reproduce exactly). The electrical groups of
// PN and demi-PN come from our greedy clustering, which keeps a different
// number of links inside groups than the paper's (unpublished) grouping.
func TestProjectiveTables(t *testing.T) {
	type row struct {
		name, family, preset string
		values               families.Values
		// Paper: compute nodes T, radix R, routers N, electric and optical
		// cables, cost ($) and power (W) per node.
		pT, pR, pN, pE, pF int64
		pCost, pPower      float64
		// Ours: electric and optical cables, electrical groups.
		e, f    int64
		groups  int
		costTol float64
		note    string
	}
	q := func(kv ...any) families.Values {
		v := families.Values{}
		for i := 0; i < len(kv); i += 2 {
			if x, ok := kv[i+1].(int); ok {
				v[kv[i].(string)] = int64(x)
			} else {
				v[kv[i].(string)] = kv[i+1]
			}
		}
		return v
	}
	rows := []row{
		// Table 4, about 10,000 nodes.
		{"Hamming K22^2", "hyperx", "projective10k", q("dims", []int64{22, 22}, "p", "balanced"), 10648, 64, 484, 5082, 5082, 1145.41, 8.15,
			5082, 5082, 22, 0.0001, "one 22-router line (484 nodes) per group"},
		{"demi-PN(27)", "demi_pn", "projective10k", q("q", 27), 10598, 42, 757, 556, 10028, 1282.59, 8.40,
			1619, 8965, 22, 0.03, "greedy groups of 36 routers keep 1,619 links inside (paper 556)"},
		{"SF MMS(19)", "slimfly", "projective10k", q("q", 19, "p", 13), 9386, 42, 722, 3971, 6498, 1294.51, 9.05,
			3971, 6498, 19, 0.0001, "SC14 racks: blocks (0,x) and (1,x), 494 nodes"},
		{"PN(23)", "pn", "projective10k", q("q", 23, "p", "floor"), 9954, 33, 1106, 1907, 11365, 1546.83, 10.27,
			1799, 11473, 20, 0.03, "greedy groups of 56 routers (the paper: 44, 26 groups)"},
		{"dragonfly(7)", "dragonfly", "projective10k", q("p", 7), 9702, 27, 1386, 8926, 4514, 1404.42, 10.80,
			9205, 4655, 20, 0.03, "5 DF groups (490 nodes) per group: 9,009 local + 19*10 + 6 global links inside; " +
				"the paper's 8,926 + 4,514 = 13,440 is 420 short of the network's 13,860 links"},
		// Table 5, about 25,000 nodes.
		{"Hamming K29^2", "hyperx", "projective25k", q("dims", []int64{29, 29}, "p", "balanced"), 24389, 85, 841, 5684, 17864, 1237.43, 8.21,
			5684, 17864, 58, 0.0001, "each 29-router line split 15 + 14 (435 nodes)"},
		{"demi-PN(37)", "demi_pn", "projective25k", q("q", 37), 26733, 57, 1407, 620, 26094, 1314.29, 8.40,
			2606, 24108, 55, 0.03, "greedy groups of 26 routers (the paper: 28)"},
		{"SF MMS(27)", "slimfly", "projective25k", q("q", 27, "p", 18), 26244, 59, 1458, 10935, 18954, 1344.11, 9.18,
			10206, 19683, 54, 0.03, "racks of 972 nodes split into their blocks of 486 (the paper's group size and count); " +
				"the paper's 10,935 electric = 27 racks * (2*189 + 27) counts whole racks"},
		{"PN(31)", "pn", "projective25k", q("q", 31), 25818, 45, 1986, 3381, 28395, 1497.77, 9.70,
			1830, 29946, 53, 0.03, "greedy groups of 38 routers (the paper: 40)"},
		{"dragonfly(9)", "dragonfly", "projective25k", q("p", 9), 26406, 35, 2934, 25101, 13041, 1457.39, 10.89,
			25101, 13041, 55, 0.0001, "3 DF groups (486 nodes) per group"},
		// Table 6: indirect networks, every cable optical.
		{"MLFM 22", "mlfm", "projective10k", q("h", 21), 9702, 42, 693, 0, 9702, 1297.18, 8.40, 0, 9702, 693, 0.0001, ""},
		{"MLFM 30", "mlfm", "projective25k", q("h", 29), 25230, 58, 1305, 0, 25230, 1321.76, 8.40, 0, 25230, 1305, 0.0001, ""},
		{"OFT 16", "oft", "projective10k", q("k", 17), 9282, 34, 819, 0, 9282, 1282.19, 8.40, 0, 9282, 819, 0.0001, ""},
		{"OFT 23", "oft", "projective25k", q("k", 24), 26544, 48, 1659, 0, 26544, 1312.14, 8.40, 0, 26544, 1659, 0.0001, ""},
	}
	var report strings.Builder
	for _, r := range rows {
		m, err := Preset(r.preset)
		if err != nil {
			t.Fatal(err)
		}
		b := evalRow(t, m, r.family, r.values, nil)
		if b.Endpoints != r.pT || int64(b.Radix) != r.pR || b.Routers != r.pN {
			t.Errorf("%s: T = %d, R = %d, N = %d; paper %d, %d, %d", r.name, b.Endpoints, b.Radix, b.Routers, r.pT, r.pR, r.pN)
		}
		if b.ElectricCables != r.e || b.FiberCables != r.f || b.Racks != r.groups {
			t.Errorf("%s: %d electric, %d optical, %d groups; want %d, %d, %d", r.name, b.ElectricCables, b.FiberCables, b.Racks, r.e, r.f, r.groups)
		}
		if relErr(b.PerEndpoint, r.pCost) > r.costTol {
			t.Errorf("%s: %.2f $/node vs paper %.2f beyond %.2f%%", r.name, b.PerEndpoint, r.pCost, 100*r.costTol)
		}
		// The paper prints power to 0.01 W (PN(31): 1,986 * 45 * 2.8 / 25,818
		// = 9.692 printed 9.70).
		if relErr(b.PowerPerEndpoint, r.pPower) > 0.001 {
			t.Errorf("%s: %.4f W/node vs paper %.2f", r.name, b.PowerPerEndpoint, r.pPower)
		}
		fmt.Fprintf(&report, "%-14s %5d/%5d %5d/%5d %8.2f/%8.2f %+6.2f%% %5.2f/%5.2f  %s\n", r.name, b.ElectricCables, r.pE,
			b.FiberCables, r.pF, b.PerEndpoint, r.pCost, 100*(b.PerEndpoint/r.pCost-1), b.PowerPerEndpoint, r.pPower, r.note)
	}
	t.Log("\n" + report.String())
}
