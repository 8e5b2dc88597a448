package eval

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzLoad loads whole experiment files, as the command line does (decode,
// expansion and the checks of validate, then the graph of cells), and
// checks that any input gives experiments or diagnostics, never a panic or
// a hang (a load longer than 20 s fails). Inputs over 64 KiB are skipped,
// the cell limit is small and the evaluation budget a twentieth of the
// default, so that each input takes milliseconds. Its seed
// corpus (testdata/fuzz/FuzzLoad) holds the experiment files, small
// variants and every input that failed; f.Add seeds it with the
// experiments and the command line's bad inputs as they are now.
//
//	go test ./pkg/eval -run XXX -fuzz FuzzLoad -fuzztime 10m -parallel 1
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob("../../experiments/*.hcl")
	bad, _ := filepath.Glob("../cli/testdata/bad/*.hcl")
	for _, p := range append(append(files, bad...), "testdata/small.hcl") {
		if src, err := os.ReadFile(p); err == nil && len(src) <= maxFuzzInput {
			f.Add(src)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxFuzzInput {
			t.Skip()
		}
		fh, err := os.CreateTemp(dir, "x*.hcl")
		if err != nil {
			t.Fatal(err)
		}
		path := fh.Name()
		defer os.Remove(path)
		_, err = fh.Write(src)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			exps, diags := NewLoader(Options{MaxCells: 500, maxSteps: maxSteps / 20}).Load([]string{path})
			for _, d := range diags {
				if d.Summary == "" {
					t.Errorf("diagnostic without a summary: %q", d.Detail)
				}
			}
			if diags.HasErrors() {
				if exps != nil {
					t.Errorf("experiments and errors")
				}
				return
			}
			BuildGraph(exps)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			panic("loading takes more than 20 s")
		}
	})
}

// maxFuzzInput bounds the inputs of FuzzLoad.
const maxFuzzInput = 64 << 10
