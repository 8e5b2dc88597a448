package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNativeRoutingWarning: a generic routing on a family with its own
// version is a warning naming the native one (once per study, routing and
// topology); the native routing, a family without one, or a block that
// runs the generic and the native routing side by side (a comparison) is
// not.
func TestNativeRoutingWarning(t *testing.T) {
	for _, c := range []struct{ family, params, routing, want string }{
		{"dragonfly", "p = 2", `["min", "val-df"]`, `runs the generic routing "min" on topology "t" of family dragonfly, whose own is "min-df"`},
		{"dragonfly", "p = 2", `["min", "min-df"]`, ""},
		{"dragonfly", "p = 2", `["ugal-l-df", "ugal-l"]`, ""},
		{"oft", "k = 4", `"val"`, `whose own is "val-leaf"`},
		{"dragonfly", "p = 2", `"ugal-l-df"`, ""},
		{"slimfly", "q = 5", `"val"`, ""},
	} {
		src := `topology "t" {
  family = "` + c.family + `"
  ` + c.params + `
}
study "s" {
  topologies = [topology.t]
  metrics    = ["latency"]
  sim {
    routing = ` + c.routing + `
    load    = 0.1
  }
}
`
		path := filepath.Join(t.TempDir(), "x.hcl")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags := NewLoader(Options{}).Load([]string{path})
		if diags.HasErrors() {
			t.Fatalf("%s %s: %v", c.family, c.routing, diags)
		}
		var warns []string
		for _, d := range diags {
			warns = append(warns, d.Detail)
		}
		switch {
		case c.want == "" && len(warns) > 0:
			t.Errorf("%s %s: warnings %q", c.family, c.routing, warns)
		case c.want != "" && (len(warns) != 1 || !strings.Contains(warns[0], c.want)):
			t.Errorf("%s %s: warnings %q, want one with %q", c.family, c.routing, warns, c.want)
		}
	}
}
