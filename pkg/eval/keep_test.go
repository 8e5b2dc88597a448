package eval

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestKeep: keep selects Slim Fly instances by the family's sizing
// figures, the same as SC14's hand-written endpoint formula 2 q^2
// ceil((3q + 1)/4) (p = ceil(k'/2) with k' = (3q - d)/2) for balanced p;
// it may mix parameters, sizing figures and locals.
func TestKeep(t *testing.T) {
	qs := []int{3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19}
	for _, c := range []struct {
		keep string
		want func(q int) bool
	}{
		{"endpoints <= local.max", func(q int) bool { return 2*q*q*int(math.Ceil(float64(3*q+1)/4)) <= 5000 }},
		{"radix <= 30 && q != 5", func(q int) bool {
			d := map[int]int{0: 0, 1: 1, 3: -1}[q%4]
			kp := (3*q - d) / 2
			return kp+(kp+1)/2 <= 30 && q != 5
		}},
		{"routers >= 100 && network_radix < 20", func(q int) bool {
			d := map[int]int{0: 0, 1: 1, 3: -1}[q%4]
			return 2*q*q >= 100 && (3*q-d)/2 < 20
		}},
	} {
		src := fmt.Sprintf(`
locals {
  max = 5000
}
topology "sf" {
  family = "slimfly"
  q      = %s
  keep   = %s
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers"]
}
`, strings.ReplaceAll(fmt.Sprint(qs), " ", ", "), c.keep)
		exps, errs := loadSource(t, src, nil)
		if errs != "no diagnostics" {
			t.Fatalf("%s: %s", c.keep, errs)
		}
		var got, want []int
		for _, in := range exps[0].Topologies[0].Instances {
			got = append(got, int(in.Params.Int("q")))
		}
		for _, q := range qs {
			if c.want(q) {
				want = append(want, q)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("keep = %s: q = %v, want %v", c.keep, got, want)
		}
	}
}

func TestKeepErrors(t *testing.T) {
	for _, c := range []struct{ keep, want string }{
		{"endpoint <= 100", `x.hcl:4,12-20: Unknown name in keep; keep may use the sizing figures routers, endpoints, links, radix, network_radix, the parameters of family slimfly`},
		{"endpoint <= 100", `Did you mean "endpoints"?`},
		{"endpoints + 1", `x.hcl:4,12-25: Invalid keep; Topology "sf" at sf q=5: keep must be a condition (true or false), got the number 201.`},
		{"endpoints > 1000000", `x.hcl:4,12-31: No instance kept; Topology "sf": keep holds for none of its 3 instances.`},
		{"local.nope > 1", `No local value named "nope"`},
	} {
		src := `topology "sf" {
  family = "slimfly"
  q      = [5, 7, 11]
  keep   = ` + c.keep + `
}
study "s" {
  topologies = [topology.sf]
  metrics    = ["routers"]
}
`
		_, errs := loadSource(t, src, nil)
		if !strings.Contains(errs, c.want) {
			t.Errorf("keep = %s: errors %q, want %q", c.keep, errs, c.want)
		}
	}
}
