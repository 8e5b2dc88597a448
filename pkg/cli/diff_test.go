package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffQuickstart makes a git repository with two revisions of the
// quickstart (the second sweeps Fig. 1 up to 2,000 endpoints instead of
// 5,000), runs both, and compares them by revision (cells and dataset
// values from the cache) and by results directory (datasets, scorecard,
// files), against golden outputs.
func TestDiffQuickstart(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: runexp diff of revisions needs it")
	}
	repo := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "experiments", "quickstart.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(repo, "quickstart.hcl")
	results := filepath.Join(repo, "results")
	run := func() {
		t.Helper()
		if code, _, stderr := runexp(t, context.Background(), "run", "--results", results, file); code != ExitOK {
			t.Fatalf("run: exit %d\n%s", code, stderr)
		}
	}
	git("init", "-q")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "quickstart.hcl")
	git("commit", "-q", "-m", "one")
	run()
	old := filepath.Join(repo, "old")
	if err := os.CopyFS(old, os.DirFS(filepath.Join(results, "quickstart"))); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "default     = 5000", "default     = 2000", 1)
	if edited == string(src) {
		t.Fatal("the quickstart's max_endpoints default is not 5000 any more: update the test")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-q", "-am", "two")
	run()
	code, stdout, stderr := runexp(t, context.Background(), "diff", "--results", results, "HEAD~1", "HEAD", file)
	if code != ExitOK {
		t.Fatalf("diff revisions: exit %d\n%s", code, stderr)
	}
	golden(t, filepath.Join("testdata", "diff_revisions.golden"), stdout)
	code, stdout, stderr = runexp(t, context.Background(), "diff", old, filepath.Join(results, "quickstart"))
	if code != ExitOK {
		t.Fatalf("diff directories: exit %d\n%s", code, stderr)
	}
	golden(t, filepath.Join("testdata", "diff_results.golden"), strings.ReplaceAll(stdout, repo, "REPO"))
	code, stdout, _ = runexp(t, context.Background(), "diff", "--md", old, old)
	if code != ExitOK || !strings.Contains(stdout, "No difference.") {
		t.Errorf("diff of a directory with itself: exit %d\n%s", code, stdout)
	}
}
