package report_test

import (
	"fmt"

	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/report"
)

// costTable returns a small study table.
func costTable() *dataset.Table {
	topo := dataset.NewColumn("topology", dataset.String, "")
	ep := dataset.NewColumn("endpoints", dataset.Int, "endpoints")
	cost := dataset.NewColumn("cost_per_node", dataset.Float, "$")
	for _, r := range []struct {
		t string
		e int64
		c float64
	}{{"DF", 10890, 1221.98765}, {"SF", 10830, 998.5}, {"FT-3", 10240, 1405.25}} {
		_ = topo.Append(dataset.StringValue(r.t))
		_ = ep.Append(dataset.IntValue(r.e))
		_ = cost.Append(dataset.FloatValue(r.c))
	}
	return &dataset.Table{Columns: []*dataset.Column{topo, ep, cost}}
}

func ExampleRenderMarkdown() {
	md, err := report.RenderMarkdown(report.TableSpec{
		Name:    "table4",
		Title:   "Cost per endpoint",
		Headers: map[string]string{"cost_per_node": "cost/node [$]"},
		SortBy:  []string{"cost_per_node"},
	}, costTable())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(md))
	// Output:
	// **Cost per endpoint**
	//
	// | topology | endpoints | cost/node [$] |
	// | -------- | --------: | ------------: |
	// | SF       |     10830 |         998.5 |
	// | DF       |     10890 |     1221.9877 |
	// | FT-3     |     10240 |       1405.25 |
}

func ExampleCheck() {
	t := costTable()
	for _, e := range []report.Expectation{
		{Table: "table4", Name: "SF endpoints", Column: "endpoints",
			Where: map[string][]dataset.Value{"topology": {dataset.StringValue("SF")}},
			Want:  dataset.IntValue(10830)},
		{Table: "table4", Name: "SF cost", Column: "cost_per_node",
			Where: map[string][]dataset.Value{"topology": {dataset.StringValue("SF")}},
			Want:  dataset.FloatValue(1033), Rel: 0.03, Source: "Slim Fly SC14, Table IV"},
		{Table: "table4", Name: "torus cost", Column: "cost_per_node",
			Where: map[string][]dataset.Value{"topology": {dataset.StringValue("T3D")}},
			Want:  dataset.FloatValue(1100), Rel: 0.05},
	} {
		r := report.Check(e, t)
		if r.Err != "" {
			fmt.Printf("%s: error: %s\n", r.Name, r.Err)
			continue
		}
		fmt.Printf("%s: got %v, ok=%v\n", r.Name, r.Got, r.OK)
	}
	// Output:
	// SF endpoints: got 10830, ok=true
	// SF cost: got 998.5, ok=false
	// torus cost: error: no row matches topology=T3D
}
