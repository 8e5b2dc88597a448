package eval

import "testing"

// TestKeywordSpace: hclwrite.Format glues a for expression's keyword to a
// following parenthesis; keywordSpace puts the space back and leaves
// function calls and other spacing alone.
func TestKeywordSpace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a = [for q in [1, 2] : q if(3 * q) > 1]\n", "a = [for q in [1, 2] : q if (3 * q) > 1]\n"},
		{"a = [for q in(local.x) : q]\n", "a = [for q in (local.x) : q]\n"},
		{"a = max(1, 2)\n", "a = max(1, 2)\n"},
		{"a = [for q in [1] : q if q > 1]\n", "a = [for q in [1] : q if q > 1]\n"},
	} {
		if got := string(keywordSpace([]byte(c.in))); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}
