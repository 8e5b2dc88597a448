package eval

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestRowsDiff: a dataset's stale reason names the rows added and removed
// by topology and the parameters the file sets, not by position.
func TestRowsDiff(t *testing.T) {
	row := func(topo string, q int, load float64) map[string]any {
		r := map[string]any{"topology": topo, "params": map[string]any{"q": q, "p": q - 1, "max_radix": 0}}
		if load > 0 {
			r["sim"] = map[string]any{"load": load, "routing": "min"}
		}
		return r
	}
	doc := func(title string, rows ...map[string]any) json.RawMessage {
		b, _ := json.Marshal(map[string]any{"title": title, "rows": rows})
		return b
	}
	given := map[string][]string{"sf": {"q"}}
	for _, c := range []struct {
		name string
		a, b json.RawMessage
		want []string
	}{
		{"added", doc("t", row("sf", 5, 0)), doc("t", row("sf", 5, 0), row("sf", 7, 0)), []string{"rows added: sf q=7"}},
		{"replaced", doc("t", row("sf", 5, 0)), doc("t", row("sf", 7, 0)), []string{"rows added: sf q=7", "rows removed: sf q=5"}},
		{"many", doc("t"), doc("t", row("sf", 5, 0), row("sf", 7, 0), row("sf", 9, 0), row("sf", 11, 0), row("df", 3, 0)),
			[]string{"rows added: sf q=5, sf q=7, sf q=9 and 2 more"}},
		{"sim", doc("t", row("sf", 5, 0.1)), doc("t", row("sf", 5, 0.1), row("sf", 5, 0.2)), []string{"rows added: sf q=5 routing=min load=0.2"}},
		{"same", doc("t", row("sf", 5, 0)), doc("u", row("sf", 5, 0)), nil},
	} {
		got, ok := rowsDiff(c.a, c.b, given)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("%s: %q (%v), want %q", c.name, got, ok, c.want)
		}
	}
}
