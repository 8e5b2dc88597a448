// Package report renders the outputs of a runexp experiment from its study
// tables (*dataset.Table): figures as PDF and PNG (drawn with gonum/plot),
// tables as Markdown, LaTeX (booktabs) and CSV, the scorecard that checks
// published numbers ("expectations") against reproduced ones, and the
// report.md index that links everything together.
//
// Every renderer is a pure function of its inputs: rendering the same spec
// and table twice yields identical bytes, PDFs included (see RenderFigure).
//
// # Figures
//
// A FigureSpec names an x column, one or more y columns, optional series
// columns whose distinct value combinations become separate lines, and an
// optional panel column that splits the figure into a grid of plots.
// Series keep one colour and marker shape across panels, assigned in order
// of first appearance in the table.
//
// # Tables
//
// A TableSpec selects and orders columns, sets display headers and printf
// formats, and sorts rows. Without a format, Markdown and LaTeX cells use
// FormatValue; CSV always holds raw, full-precision values.
//
// # Expectations
//
// An Expectation selects one row of a study table, names a column and gives
// the expected value with an absolute or relative tolerance. Check evaluates
// it; ScorecardMarkdown and ScorecardJSON summarise the results.
//
// # Failed cells
//
// A study table assembled while some of its cells failed has null values
// in the rows those cells feed and an ErrorColumn saying why. Figures skip
// the null points, Markdown and LaTeX tables print "error" in their place,
// Check fails an expectation on such a value with the error as its reason,
// and RenderIndex lists the failed cells (Index.Failures) near the top.
package report
