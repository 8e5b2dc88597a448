package families

import (
	"strings"
	"testing"
)

// TestSummaries checks that every family has a one-line summary for the
// index of runexp families: not empty, one line, no final period, short
// enough for a terminal line beside the name.
func TestSummaries(t *testing.T) {
	reg := Default()
	for _, n := range reg.Names() {
		f, _ := reg.Lookup(n)
		switch s := f.Summary; {
		case s == "":
			t.Errorf("%s: no summary", n)
		case strings.Contains(s, "\n") || strings.HasSuffix(s, "."):
			t.Errorf("%s: summary %q is not one line without a final period", n, s)
		case len(s) > 90:
			t.Errorf("%s: summary of %d characters, want at most 90", n, len(s))
		}
	}
	if f, _ := reg.Lookup("demi_pn"); !strings.Contains(f.Summary, "PolarFly") || !strings.Contains(f.Summary, "ER_q") {
		t.Errorf("demi_pn summary %q does not say it is PolarFly, the ER_q graph", f.Summary)
	}
}
