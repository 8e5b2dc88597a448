package cost

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// evalRow normalizes, sizes and (when the family can be built and the model
// needs it) builds an instance and evaluates it under m. A non-nil size
// skips the registry: the values are used as given (for instances the
// family refuses, such as SC14's Dragonfly with g - 1 not dividing a*h).
func evalRow(t testing.TB, m Model, family string, given families.Values, size *families.Size) *Breakdown {
	t.Helper()
	ctx := context.Background()
	if size != nil {
		b, err := Evaluate(ctx, m, family, given, *size, nil)
		if err != nil {
			t.Fatalf("%s %v: %v", family, given, err)
		}
		return b
	}
	f, ok := families.Default().Lookup(family)
	if !ok {
		t.Fatalf("no family %s", family)
	}
	v, err := f.Normalize(given)
	if err != nil {
		t.Fatal(err)
	}
	sz, err := f.Size(v)
	if err != nil {
		t.Fatal(err)
	}
	var top *families.Topology
	if !f.SizingOnly() && !(family == "fattree_sc14" && v.Int("k")%2 == 1) {
		if top, err = f.Build(context.Background(), v); err != nil {
			t.Fatal(err)
		}
	}
	b, err := Evaluate(ctx, m, family, v, sz, top)
	if err != nil {
		t.Fatalf("%s %v: %v", family, given, err)
	}
	return b
}

func relErr(got, want float64) float64 {
	if want == 0 {
		return math.Abs(got)
	}
	return math.Abs(got/want - 1)
}

// tableIVRow is one row of SC14 Table IV with the family instance that has
// the paper's endpoints and routers, and what our model gives.
type tableIVRow struct {
	name   string
	family string
	values families.Values
	size   *families.Size // analytic instance the registry refuses (nil: use the registry)

	// SC14 Table IV: endpoints, routers, radix, electric and fiber cables,
	// cost per node ($) and power per node (W).
	pN, pNr, pK, pE, pF int64
	pCost, pPower       float64

	// Ours: radix, electric and fiber cables, cost per node ($, within
	// 0.05%) and power per node (W, within 1e-9 relative).
	k        int
	e, f     int64
	cost     float64
	power    float64
	cableTol float64 // cables vs paper, relative; 0 = not compared (see note)
	costTol  float64 // cost per node vs paper, relative; 0 = not compared (see note)
	powerTol float64 // power per node vs paper, relative; 0 = not compared (see note)
	note     string  // residual explanation
}

// tableIV lists the 14 rows of SC14 Table IV. Router prices: 350.4k - 892.3
// $ (k = 7: 1,560.5; 11: 2,962.1; 14: 4,013.3; 19: 5,765.3; 27: 8,568.5;
// 28: 8,918.9; 33: 10,670.9; 35: 11,371.7; 37: 12,072.5; 43: 14,174.9; 44:
// 14,525.3; 45: 14,875.7). An electric cable of 1 m costs 40 * 0.985 =
// 39.4 $; an optical cable of length x costs 40 * (7.2745 + 0.0919x) $,
// at least 298.3 $ (x >= 2 m of overhead).
func tableIV() []tableIVRow {
	v := func(kv ...any) families.Values {
		out := families.Values{}
		for i := 0; i < len(kv); i += 2 {
			switch x := kv[i+1].(type) {
			case int:
				out[kv[i].(string)] = int64(x)
			default:
				out[kv[i].(string)] = x
			}
		}
		return out
	}
	return []tableIVRow{
		{name: "T3D", family: "torus", values: v("k", 22, "n", 3),
			pN: 10648, pNr: 10648, pK: 7, pE: 31900, pF: 0, pCost: 1682, pPower: 19.6,
			k: 7, e: 31944, f: 0, cost: 1678.7, power: 19.6, cableTol: 0.01, costTol: 0.01, powerTol: 0.02,
			note: "22^3 torus: 3N = 31,944 links, all electric (folded), 1 m: 1,560.5 + 3 * 39.4 = 1,678.7 $/node; " +
				"the paper prints 31,900 (3N - 44), which priced at 1 m gives 1,678.5"},
		{name: "T5D", family: "torus", values: v("dims", []int64{6, 6, 6, 6, 8}),
			pN: 10368, pNr: 10368, pK: 11, pE: 50688, pF: 0, pCost: 3176, pPower: 30.8,
			k: 11, e: 51840, f: 0, cost: 3159.1, power: 30.8, cableTol: 0.03, costTol: 0.01, powerTol: 0.02,
			note: "6x6x6x6x8 torus (10,368 = 2^7 * 3^4): 5N = 51,840 electric links: 2,962.1 + 5 * 39.4 = 3,159.1; " +
				"the paper's 50,688 = 5N - N/9 matches no 5-D torus (any has 5N links)"},
		{name: "HC", family: "hypercube", values: v("n", 13),
			pN: 8192, pNr: 8192, pK: 14, pE: 32768, pF: 12288, pCost: 4631, pPower: 39.2,
			k: 14, e: 32768, f: 20480, cost: 4945.7, power: 39.2, costTol: 0.10, powerTol: 0.02,
			note: "racks of 2^8 routers (the paper's 32,768 electric = 8 * 8,192 / 2): the other 5 dimensions give 20,480 fiber; " +
				"the paper's 12,288 fiber makes 45,056 cables, N = 8,192 short of the 53,248 links of the 13-cube; " +
				"its cost is its own counts priced at our 5.15 m average fiber length (4,636, +0.1%)"},
		{name: "LH-HC", family: "long_hop", values: v("n", 13),
			pN: 8192, pNr: 8192, pK: 19, pE: 53248, pF: 12288, pCost: 6481, pPower: 53.2,
			k: 19, e: 53248, f: 20480, cost: 6796.2, power: 53.2, costTol: 0.10, powerTol: 0.02,
			note: "L = 5 long hops per router, electric inside racks (the paper's electric count is HC's + 5 * 8,192 / 2); " +
				"same 20,480 vs 12,288 fiber gap as HC; the paper's counts at our lengths give 6,486 (+0.1%)"},
		{name: "FT-3", family: "fattree_sc14", values: v("k", 43),
			pN: 19876, pNr: 2311, pK: 43, pE: 19414, pF: 40215, pCost: 2346, pPower: 14.0,
			k: 43, e: 19876, f: 39753, cost: 2331.1, power: 2311 * 43 * 2.8 / 19876.0, cableTol: 0.03, costTol: 0.01, powerTol: 0.02,
			note: "p = 21.5: 4p^3 = 39,753 optical router cables of 1 m, 2p^3 = 19,876 endpoint cables, all shorter than 20 m " +
				"(43 pods in 8 rows, central row in the middle: 3-6 m) so electric; the paper has 2p^3 - p^2 electric and " +
				"4p^3 + p^2 fiber (one pod of endpoint cables optical), a layout it does not describe"},
		{name: "DLN", family: "ring_random", values: v("routers", 4020, "degree", 33, "p", 10),
			pN: 40200, pNr: 4020, pK: 43, pE: 32488, pF: 33842, pCost: 1743, pPower: 12.04,
			k: 43, e: 4105, f: 62225, cost: 1934.6, power: 12.04, powerTol: 0.02,
			note: "racks of a = 22 routers (the k = 43 Dragonfly's group): random cables leave only the ring and ~5% of " +
				"shortcuts inside racks; the paper has 49% of the links electric, which no random placement gives; its " +
				"counts priced at our lengths give 1,728 (-0.8%), so the cost gap (+11%) is the electric/fiber split"},
		{name: "FBF-3", family: "flattened_butterfly", values: v("k", 12),
			pN: 20736, pNr: 1728, pK: 43, pE: 9504, pF: 20736, pCost: 1570, pPower: 10.8,
			k: 45, e: 9504, f: 19008, cost: 1545.8, power: 10.5, cableTol: 0.10, costTol: 0.02,
			note: "p = 12: radix 3(p-1) + p = 45, not 43; the 2 dimensions between racks give p^3 * 2(p-1) / 2 = p^3(p-1) = 19,008 fiber (the paper's p^4 = 20,736 " +
				"counts N too many); the paper's counts priced with k = 45 give 1,571.9 (+0.1%), so its cost used k = 45; " +
				"its power 10.8 W matches neither k = 43 (10.03) nor 45 (10.5)"},
		{name: "DF", family: "dragonfly", values: v("p", 11),
			pN: 58806, pNr: 5346, pK: 43, pE: 56133, pF: 29524, pCost: 1438, pPower: 10.9,
			k: 43, e: 56133, f: 29403, cost: 1494.6, power: 5346 * 43 * 2.8 / 58806.0, cableTol: 0.01, costTol: 0.05, powerTol: 0.02,
			note: "a = 22, h = 11, g = 243: g(g-1)/2 = 29,403 global links (the paper prints (g^2-1)/2 = 29,524); the paper's " +
				"cost is below what its own counts cost even at the minimum 2 m optical length (1,476, +2.6%)"},
		{name: "FT-3", family: "fattree_sc14", values: v("k", 35),
			pN: 10718, pNr: 1531, pK: 35, pE: 7350, pF: 24806, pCost: 2315, pPower: 14.0,
			k: 35, e: 10718, f: 21437, cost: 2306.7, power: 1531 * 35 * 2.8 / 10718.0, costTol: 0.01, powerTol: 0.02,
			note: "p = 17.5: 4p^3 = 21,437 optical, 2p^3 = 10,718 electric endpoint cables; the paper makes 11 of the 35 " +
				"pods' endpoint cables optical (2p^3 - 11p^2 = 7,350 electric), yet 3,369 optical cables of >= 20 m alone " +
				"would cost 115 $/node: its cost (2,315) is below its own counts' minimum (>= 2,355)"},
		{name: "DLN", family: "ring_random", values: v("routers", 1386, "degree", 21, "p", 7),
			pN: 9702, pNr: 1386, pK: 28, pE: 6837, pF: 7716, pCost: 1566, pPower: 11.2,
			k: 28, e: 1395, f: 13158, cost: 1717.6, power: 11.2, costTol: 0.10, powerTol: 0.02,
			note: "racks of a = 14 routers: as for the larger DLN the paper has 47% electric links; its counts at our " +
				"lengths give 1,559 (-0.5%)"},
		{name: "FBF-3", family: "flattened_butterfly", values: v("k", 10),
			pN: 10000, pNr: 1000, pK: 33, pE: 4500, pF: 10000, pCost: 1535, pPower: 10.8,
			k: 37, e: 4500, f: 9000, cost: 1505.6, power: 10.36, cableTol: 0.10, costTol: 0.02,
			note: "p = 10: radix 37 (the paper prints 33), fiber p^3(p-1) = 9,000 vs p^4; the paper's counts priced with " +
				"k = 37 give 1,536.8 (+0.1%); its power 10.8 W matches neither k = 33 (9.24) nor 37 (10.36)"},
		{name: "DF", family: "dragonfly", values: v("p", 7),
			pN: 9702, pNr: 1386, pK: 27, pE: 9009, pF: 4900, pCost: 1342, pPower: 10.8,
			k: 27, e: 9009, f: 4851, cost: 1422.1, power: 10.8, cableTol: 0.02, costTol: 0.10, powerTol: 0.02,
			note: "a = 14, h = 7, g = 99: 4,851 global links (the paper: (g^2-1)/2 = 4,900); the paper's cost is below its " +
				"counts' minimum (1,411, +5.2%); the projective paper's Table 4 prices this network at 1,404.42"},
		{name: "DF", family: "dragonfly", values: v("p", 11, "a", 22, "h", 11, "g", 45),
			size: &families.Size{Routers: 990, Endpoints: 10890, Links: 45*231 + 45*242/2, Radix: 43, NetworkRadix: 32},
			pN:   10890, pNr: 990, pK: 43, pE: 6885, pF: 1012, pCost: 1365, pPower: 10.9,
			k: 43, e: 10395, f: 5445, cost: 1483.7, power: 990 * 43 * 2.8 / 10890.0, costTol: 0.10, powerTol: 0.02,
			note: "k = 43, N near 10,830 with a >= 2h, p >= h: a = 22, h = 11, p = 11 and g = 45 groups (990 routers), " +
				"whose 242 global channels per group do not spread evenly over 44 other groups (the dragonfly family " +
				"refuses it; evaluated analytically): 45 * 231 = 10,395 local and 990 * 11 / 2 = 5,445 global links; " +
				"the paper's 6,885 = 45 * C(18,2) and 1,012 = (45^2-1)/2 fit no Dragonfly with 990 routers"},
		{name: "SF", family: "slimfly", values: v("q", 19),
			pN: 10830, pNr: 722, pK: 43, pE: 6669, pF: 6869, pCost: 1033, pPower: 8.02,
			k: 44, e: 3971, f: 6498, cost: 1168.2, power: 722 * 44 * 2.8 / 10830.0,
			note: "q = 19: 19 racks of 38 routers, 209 links inside each (3,971 electric) and 2q = 38 between every pair of " +
				"racks (6,498 fiber), 10,469 links in all (the paper's 6,669 + 6,869 = 13,538 exceeds the network's links); " +
				"radix 29 + 15 = 44 (the paper prices k = 43: 8.02 W is 722 * 43 * 2.8 / 10,830; ours 8.21 W, +2.4%); " +
				"the paper's 1,033 $ is below its own counts' minimum (1,158.5, 40 Gb/s optical cables of >= 2 m cost " +
				">= 298 $ but 1,033 leaves 100 $ per fiber cable); ours +13.1% (+10.8% at k = 43)"},
	}
}

// TestTableIV checks every row of SC14 Table IV: endpoints and routers
// exactly, our radix, cable counts, cost and power, and the paper's figures
// within the row's tolerances (rows whose figures contradict the paper's
// own model are documented in note and compared only to our values).
func TestTableIV(t *testing.T) {
	m, err := Preset("sc14")
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	fmt.Fprintf(&report, "\n%-6s %13s %13s %17s %15s  note\n", "row", "electric", "fiber", "$/node", "W/node")
	for _, r := range tableIV() {
		b := evalRow(t, m, r.family, r.values, r.size)
		if b.Endpoints != r.pN || b.Routers != r.pNr {
			t.Errorf("%s: %d endpoints, %d routers; paper %d, %d", r.name, b.Endpoints, b.Routers, r.pN, r.pNr)
		}
		if b.Radix != r.k {
			t.Errorf("%s: radix %d, want %d", r.name, b.Radix, r.k)
		}
		if r.family == "ring_random" {
			// Random cables: the ring's N(a-1)/a links inside racks of a
			// routers plus about (a-1)/(N-1) of the N(d-2)/2 shortcuts.
			n, d, a := float64(r.pNr), float64(r.values.Int("degree")), float64((r.k+1)/2)
			want := n*(a-1)/a + n*(d-2)/2*(a-1)/(n-1)
			links := int64(n * d / 2)
			if relErr(float64(b.ElectricCables), want) > 0.05 || b.ElectricCables+b.FiberCables != links {
				t.Errorf("%s: %d electric + %d fiber, want about %.0f electric of %d", r.name, b.ElectricCables, b.FiberCables, want, links)
			}
		} else if b.ElectricCables != r.e || b.FiberCables != r.f {
			t.Errorf("%s: %d electric, %d fiber cables; want %d, %d", r.name, b.ElectricCables, b.FiberCables, r.e, r.f)
		}
		if relErr(b.PerEndpoint, r.cost) > 0.0005 {
			t.Errorf("%s: %.2f $/node, want %.1f", r.name, b.PerEndpoint, r.cost)
		}
		if relErr(b.PowerPerEndpoint, r.power) > 1e-9 {
			t.Errorf("%s: %.4f W/node, want %.4f", r.name, b.PowerPerEndpoint, r.power)
		}
		if r.cableTol > 0 && (relErr(float64(b.ElectricCables), float64(r.pE)) > r.cableTol || relErr(float64(b.FiberCables), float64(r.pF)) > r.cableTol) {
			t.Errorf("%s: cables %d/%d vs paper %d/%d beyond %.0f%%", r.name, b.ElectricCables, b.FiberCables, r.pE, r.pF, 100*r.cableTol)
		}
		if r.costTol > 0 && relErr(b.PerEndpoint, r.pCost) > r.costTol {
			t.Errorf("%s: %.1f $/node vs paper %.0f beyond %.0f%%", r.name, b.PerEndpoint, r.pCost, 100*r.costTol)
		}
		if r.powerTol > 0 && relErr(b.PowerPerEndpoint, r.pPower) > r.powerTol {
			t.Errorf("%s: %.3f W/node vs paper %.2f beyond %.0f%%", r.name, b.PowerPerEndpoint, r.pPower, 100*r.powerTol)
		}
		fmt.Fprintf(&report, "%-6s %6d/%6d %6d/%6d %7.1f/%5.0f %+5.1f%% %5.2f/%5.2f %+4.1f%%  %s\n", r.name,
			b.ElectricCables, r.pE, b.FiberCables, r.pF, b.PerEndpoint, r.pCost, 100*(b.PerEndpoint/r.pCost-1),
			b.PowerPerEndpoint, r.pPower, 100*(b.PowerPerEndpoint/r.pPower-1), r.note)
	}
	t.Log(report.String())
}

// TestTableIVPaperCounts prices the paper's own cable counts (electric at
// 1 m, optical at our average inter-rack length) with the radix the paper's
// cost implies, separating count disagreements from pricing: where the rows
// agree within 1% the model (40 Gb/s cables, endpoint cables not priced,
// 1 m intra-rack, Manhattan + 2 m inter-rack) is the paper's. For SF and the
// balanced DFs even the minimum optical length (2 m) prices the paper's
// counts above its cost, so those costs contradict the paper's own model.
func TestTableIVPaperCounts(t *testing.T) {
	m, _ := Preset("sc14")
	rows := tableIV()
	priced := func(r tableIVRow, k int, fiberLen float64) float64 {
		return (float64(r.pNr)*m.RouterPrice(k) + float64(r.pE)*m.ElectricCablePrice(1) + float64(r.pF)*m.OpticalCablePrice(fiberLen)) / float64(r.pN)
	}
	for _, c := range []struct {
		row      int
		k        int     // radix the paper's cost implies
		within   float64 // |priced/paper - 1| <= within; 0: instead the minimum exceeds the paper by at least above
		above    float64
		minPrice float64 // the paper's counts at 2 m optical length, $/node (above > 0)
	}{
		{row: 0, k: 7, within: 0.01}, {row: 1, k: 11, within: 0.01},
		{row: 2, k: 14, within: 0.01}, {row: 3, k: 19, within: 0.01},
		{row: 5, k: 43, within: 0.01}, {row: 9, k: 28, within: 0.01},
		{row: 6, k: 45, within: 0.01}, {row: 10, k: 37, within: 0.01}, // FBF-3: 4p - 3 ports, not the printed 43 / 33
		{row: 12, k: 43, within: 0.02},
		{row: 7, k: 43, above: 0.025, minPrice: 1476.0},
		{row: 11, k: 27, above: 0.05, minPrice: 1411.3},
		{row: 13, k: 43, above: 0.12, minPrice: 1158.5},
	} {
		r := rows[c.row]
		b := evalRow(t, m, r.family, r.values, r.size)
		fl := 0.0
		if b.FiberCables > 0 {
			fl = b.FiberLength / float64(b.FiberCables)
		}
		if c.above == 0 {
			got := priced(r, c.k, fl)
			if relErr(got, r.pCost) > c.within {
				t.Errorf("%s: the paper's counts at %.2f m fiber cost %.1f $/node vs the paper's %.0f", r.name, fl, got, r.pCost)
			}
			continue
		}
		low := priced(r, c.k, 2)
		if relErr(low, c.minPrice) > 1e-4 || low < r.pCost*(1+c.above) {
			t.Errorf("%s: the paper's counts cost at least %.1f $/node (want %.1f, above %.0f by %.1f%%)", r.name, low, c.minPrice, r.pCost, 100*c.above)
		}
	}
}
