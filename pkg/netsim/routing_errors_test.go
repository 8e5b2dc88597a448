package netsim

import (
	"strings"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestRoutingFamilyErrors checks that a family-specific routing refused by
// a topology says which families it needs, what the topology lacks and
// which routings run on any network (issue 18: "dor: link 0-30 does not
// join routers that differ in one coordinate" named neither).
func TestRoutingFamilyErrors(t *testing.T) {
	sf := newNet(t, "slimfly", families.Values{"q": int64(5)})
	torus := newNet(t, "torus", families.Values{"k": int64(4), "n": int64(2)})
	complete := newNet(t, "complete", families.Values{"n": int64(5)})
	hyperx := newNet(t, "hyperx", families.Values{"dims": []int64{4, 4}})
	for _, c := range []struct {
		net     *Network
		routing string
		want    []string
	}{
		{sf, "dor", []string{
			"netsim: dor needs routers on a grid", "families torus, mesh, hypercube",
			"this topology is not one: link 0-30 joins routers that differ in more than one coordinate",
			"updown and duato-updown run on any network"}},
		{complete, "dor-crossing", []string{"families torus, mesh, hypercube", "this topology is not one: its routers have no coordinates"}},
		{hyperx, "dor", []string{"hyperx and flattened_butterfly with at most 3 routers per dimension",
			"link 0-2 joins coordinates 0 and 2 of dimension 0 (length 4), which are not neighbours on a line or ring"}},
		{sf, "duato-dor", []string{"families torus, mesh, hypercube", "duato-dor escapes by dimension order"}},
		{torus, "anca", []string{"anca needs a fat tree", "(families fattree, fattree_sc14)",
			"this topology is not one", "updown and min run on any network"}},
		{torus, "min-df", []string{"needs a Dragonfly", "(family dragonfly)", "this topology is not one: its routers have no groups",
			"min, val and ugal-l run on any network"}},
		{sf, "ugal-l-df", []string{"(family dragonfly)", "this topology is not one: its group ", " is not a complete graph (routers "}},
	} {
		_, err := NewRouting(c.net, c.routing)
		if err == nil {
			t.Errorf("%s: no error", c.routing)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q\nwant %q", c.routing, err, w)
			}
		}
	}
}
