package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestPaperExperimentsQuick runs every paper experiment with profile =
// "quick" (the CI-sized variant) and requires every expectation of its
// scorecard to hold.
func TestPaperExperimentsQuick(t *testing.T) {
	for _, name := range []string{"slimfly-sc14"} {
		t.Run(name, func(t *testing.T) {
			results := filepath.Join(t.TempDir(), "results")
			code, _, stderr := runexp(t, context.Background(), "run", "--results", results, "--var", "profile=quick",
				filepath.Join("..", "..", "experiments", name+".hcl"))
			if code != ExitOK {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			data, err := os.ReadFile(filepath.Join(results, name, "scorecard.json"))
			if err != nil {
				t.Fatal(err)
			}
			var sc struct {
				Passed, Total int
				Results       []struct {
					Table, Name, Column string
					Want, Got           any
					OK                  bool
				}
			}
			if err := json.Unmarshal(data, &sc); err != nil {
				t.Fatal(err)
			}
			if sc.Total == 0 || sc.Passed != sc.Total {
				for _, r := range sc.Results {
					if !r.OK {
						t.Errorf("%s/%s %s: want %v, got %v", r.Table, r.Name, r.Column, r.Want, r.Got)
					}
				}
				t.Fatalf("%d of %d expectations hold", sc.Passed, sc.Total)
			}
		})
	}
}
