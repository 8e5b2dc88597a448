package eval_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/runexp/runexp/pkg/eval"
	"github.com/runexp/runexp/pkg/families"
)

// An experiment file is loaded, expanded into a graph of cells, planned
// against the cache and run; a second plan has nothing to compute. Peek
// then reads the table and its expectations back from the cache, as
// `runexp show` does, computing nothing.
func Example() {
	dir, err := os.MkdirTemp("", "runexp-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tiny.hcl")
	os.WriteFile(path, []byte(`
topology "sf" {
  family = "slimfly"
  q      = [5, 7]
}

study "s" {
  topologies = [topology.sf]
  metrics    = ["routers", "endpoints", "diameter"]
}

table "t" {
  study   = study.s
  columns = ["q", "routers", "endpoints", "diameter"]

  expect "hoffman_singleton" {
    where    = { q = 5 }
    kind     = "check"
    routers  = 50
    diameter = 2
  }
}
`), 0o644)

	exps, diags := eval.NewLoader(eval.Options{Registry: families.Default()}).Load([]string{path})
	if diags.HasErrors() {
		panic(diags.Error())
	}
	results := filepath.Join(dir, "results")
	en := eval.NewEngine(results, 1, nil)
	defer en.Close()
	g := eval.BuildGraph(exps)
	sum, err := en.Run(context.Background(), eval.MakePlan(g, en.Store, results))
	if err != nil {
		panic(err)
	}
	fmt.Printf("first run: %d computed, %d files written\n", sum.Computed, sum.Written)
	run, _, _, _ := eval.MakePlan(g, en.Store, results).Counts()
	fmt.Printf("second plan: %d cells to compute\n", run)

	pk, err := eval.MakePlan(g, en.Store, results).Peek(context.Background(), en.Store, "", "t")
	if err != nil {
		panic(err)
	}
	fmt.Print(string(pk.Markdown))
	for _, r := range pk.Results {
		fmt.Println(r.Name, r.Column, r.GotString(), r.OK)
	}
	// Output:
	// first run: 8 computed, 7 files written
	// second plan: 0 cells to compute
	// |   q | routers | endpoints | diameter [hops] |
	// | --: | ------: | --------: | --------------: |
	// |   5 |      50 |       200 |               2 |
	// |   7 |      98 |       588 |               2 |
	// hoffman_singleton routers 50 true
	// hoffman_singleton diameter 2 true
}
