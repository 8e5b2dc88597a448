package eval

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/runexp/runexp/pkg/cache"
)

// TestProbeLeftover: the temporary file of the writability probe that a
// killed run left in an experiment's output directory is removed by the
// next run (which holds the output lock while it probes and cleans).
func TestProbeLeftover(t *testing.T) {
	g, results := runSource(t, "probe", rangeSrc)
	stale := filepath.Join(results, "probe", cache.TempName(probeName)+"123456")
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	runAll(t, g, results, 2)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("%s is still there after a run (%v)", stale, err)
	}
}
