package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/dataset"
)

// ErrorColumn is the string column of a study table assembled while some of
// its cells failed: in each row it holds why the row's null values are
// missing (the failed cell and its error), and null in the rows whose cells
// all succeeded. A table without failures has no such column.
//
// Renderers and checks read it: Markdown and LaTeX tables print a null cell
// of a failed row as "error" (CSV keeps it empty), figures skip null points
// as always, and an expectation whose value is null in a failed row fails
// with the row's error as its reason.
const ErrorColumn = "error"

// errorText is the cell text of a null value in a failed row.
const errorText = "error"

// CellFailure is a cell that failed in the last run, as listed in
// report.md and in the dataset's metadata: the rows of one study it left
// with null values.
type CellFailure struct {
	Study   string   `json:"study"`
	Cell    string   `json:"cell"`    // label of the failed cell, e.g. "sim t k=4 routing=min-adaptive load=0.1"
	Rows    []int    `json:"rows"`    // 1-based rows of the study's dataset, ascending
	Columns []string `json:"columns"` // columns left null in those rows, in dataset order
	Error   string   `json:"error"`   // the cell's error, short and deterministic
}

// rowError returns the error of row r of t: the non-null value of its
// ErrorColumn, or "".
func rowError(t *dataset.Table, r int) string {
	c := t.Column(ErrorColumn)
	if c == nil || c.Kind != dataset.String || !c.IsValid(r) {
		return ""
	}
	return c.Strings[r]
}

// failedUnmatched explains why no row matches where when a cell failed
// that might have given the row: the first failed row whose where columns
// are each null (the failed cell did not give them) or one of the wanted
// values. It returns "" when there is no such row.
func failedUnmatched(t *dataset.Table, where map[string][]dataset.Value) string {
	cols := make(map[string]*dataset.Column, len(where))
	for name := range where {
		cols[name] = t.Column(name)
	}
rows:
	for r := 0; r < t.NumRows(); r++ {
		e := rowError(t, r)
		if e == "" {
			continue
		}
		for name, wants := range where {
			v := cols[name].Value(r)
			if !v.IsNull() && !slices.ContainsFunc(wants, v.Equal) {
				continue rows
			}
		}
		return "cell failed: " + e
	}
	return ""
}

// failedValue explains a null value in row r of t whose cell failed, or
// returns "" when the value is not null or the row did not fail.
func failedValue(t *dataset.Table, r int, v dataset.Value) string {
	if !v.IsNull() {
		return ""
	}
	if e := rowError(t, r); e != "" {
		return "cell failed: " + e
	}
	return ""
}

// rowRanges formats ascending 1-based row numbers compactly: "row 3",
// "rows 3-5, 9".
func rowRanges(rows []int) string {
	var parts []string
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] == rows[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(rows[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", rows[i], rows[j]))
		}
		i = j + 1
	}
	if len(rows) == 1 {
		return "row " + parts[0]
	}
	return "rows " + strings.Join(parts, ", ")
}

// failureLine formats one failed cell for report.md.
func failureLine(f CellFailure) string {
	var cols []string
	for _, c := range f.Columns {
		cols = append(cols, "`"+strings.ReplaceAll(c, "`", "'")+"`")
	}
	where := "study " + mdText(f.Study) + ", " + rowRanges(f.Rows)
	if len(cols) > 0 {
		where += "; null: " + strings.Join(cols, ", ")
	}
	return fmt.Sprintf("`%s` (%s): %s", strings.ReplaceAll(f.Cell, "`", "'"), where, mdText(f.Error))
}
