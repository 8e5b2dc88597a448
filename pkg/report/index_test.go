package report

import (
	"strings"
	"testing"
)

func TestRenderIndexGolden(t *testing.T) {
	tab := structureTable(t)
	spec := TableSpec{Name: "table4", Title: "Cost per node", Columns: []string{"topology", "endpoints", "cost_per_node"}, SortBy: []string{"topology"}}
	content, err := RenderMarkdown(spec, tab)
	if err != nil {
		t.Fatal(err)
	}
	rs := checkAll(t)
	ix := Index{
		Experiment:  "slimfly",
		Title:       "Slim Fly (SC14) reproduction",
		Description: "Structure, cost and latency of Slim Fly against Dragonfly, fat tree and torus.\n",
		Studies: []StudyEntry{
			{Name: "structure", Path: "structure.parquet", Rows: tab.NumRows(), Columns: tab.ColumnNames()},
			{Name: "fig6", Path: "fig6 (all).parquet", Rows: 1216, Columns: []string{"traffic", "routing", "offered_load", "latency"}},
		},
		Figures: []FigureEntry{
			{Name: "fig6a", Title: "Latency under uniform traffic", PDF: "figures/fig6a.pdf", PNG: "figures/fig6a.png"},
			{Name: "fig6b", PDF: "figures/fig6b.pdf", PNG: "figures/fig6b.png",
				Outside: "3 of 120 points lie outside the axes and are not drawn: 3 above y_max = 100"},
		},
		Tables: []TableEntry{
			{Name: "table4", Title: "Cost per node", Markdown: "tables/table4.md", LaTeX: "tables/table4.tex", CSV: "tables/table4.csv", Content: content},
			{Name: "table5", Title: "Power per node", CSV: "tables/table5.csv"},
		},
		Scorecard: NewScoreSummary(rs, "scorecard.md", "scorecard.json"),
	}
	md := RenderIndex(ix)
	golden(t, "report.md", md)
	for _, want := range []string{"![Latency under uniform traffic](figures/fig6a.png)", "[LaTeX](tables/table4.tex)", "Reproduced 17 of 38 published numbers; 1 of 2 configuration checks hold", "[structure.parquet](structure.parquet)", "<fig6 (all).parquet>",
		"\n3 of 120 points lie outside the axes and are not drawn: 3 above y\\_max = 100.\n"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}

	golden(t, "report_minimal.md", RenderIndex(Index{Experiment: "quickstart"}))
}
