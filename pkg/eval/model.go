// Package eval turns runexp experiment files into results: it parses and
// decodes the HCL experiment language into a model (topologies with sweep
// axes, cost models, studies, figures, tables), expands the sweeps into
// cells, links them into a DAG (build-topology cells feed metric cells, which
// feed one dataset per study, which feeds figures and tables), plans which
// cells are cached, new or stale, executes the rest on a worker pool with the
// content-addressed cache of package cache, and writes each experiment's
// Parquet datasets, figures, tables, scorecard and report under
// results/<experiment>/.
package eval

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/report"
)

// Experiment is one decoded experiment file.
type Experiment struct {
	Name        string // file base name without .hcl; names results/<Name>/
	Path        string // the file
	Title       string
	Description string
	Variables   []*Variable
	Topologies  []*Topology
	CostModels  []*CostModel
	Studies     []*Study
	Figures     []*Figure
	Tables      []*Table
}

// Variable is a declared input variable and its final value.
type Variable struct {
	Name        string
	Description string
	Type        string // type constraint as written, e.g. "string"
	Value       string // the value used, formatted as HCL
	Range       hcl.Range
}

// Topology is a topology block: a family with parameters, some of which may
// be sweep axes.
type Topology struct {
	Name        string
	Label       string // display name (default Name)
	Description string
	Family      *families.Family
	Axes        []Axis      // sweep axes in source order; the first varies slowest
	Instances   []*Instance // the expanded sweep (one if there are no axes)
	Range       hcl.Range   // the block's label

	fixed      families.Values      // parameters that are not sweep axes
	paramRange map[string]hcl.Range // source range of each parameter attribute
	keep       *keepFilter          // the keep condition, nil for none
}

// givenParams returns the names of the parameters the topology block sets
// (fixed or swept), in the family's parameter order.
func (t *Topology) givenParams() []string {
	var out []string
	for _, name := range t.Family.ParamNames() {
		_, fixed := t.fixed[name]
		if fixed || slices.ContainsFunc(t.Axes, func(a Axis) bool { return a.Param == name }) {
			out = append(out, name)
		}
	}
	return out
}

// Axis is one list-valued parameter.
type Axis struct {
	Param  string
	Values []any
	Ranges []hcl.Range // source range of each value (the attribute's if not a literal list)
}

// Instance is one point of a topology's sweep: resolved family parameters.
type Instance struct {
	Topology *Topology
	Index    int             // position in the sweep
	Params   families.Values // resolved parameters (every parameter of the family)
	Point    []any           // the value of each axis at this instance

	paramsJSON json.RawMessage // canonical Params, encoded once (see topoParams)
}

// Label returns a short human description: the topology name and its sweep
// point, e.g. "sf q=7" (just "sf" without sweep axes).
func (in *Instance) Label() string {
	if len(in.Topology.Axes) == 0 {
		return in.Topology.Name
	}
	var b strings.Builder
	b.WriteString(in.Topology.Name)
	for i, ax := range in.Topology.Axes {
		fmt.Fprintf(&b, " %s=%s", ax.Param, formatParam(in.Point[i]))
	}
	return b.String()
}

// CostModel is a cost_model block: a preset of package cost ("sc14",
// "projective10k", ...) with fields overridden by the block's attributes.
type CostModel struct {
	Name        string
	Description string
	Preset      string
	Model       cost.Model // the preset with the overrides applied
	Range       hcl.Range

	canon json.RawMessage // canonical(), encoded once
}

// Study is a study block: which topologies and which metrics. Its dataset
// has one row per topology instance.
type Study struct {
	// partial marks a study whose only errors are unknown metric names:
	// it is decoded for the figures and tables that use it, so that one
	// pass reports their errors too, and is not part of the experiment.
	partial bool

	Name        string
	Title       string
	Description string
	Topologies  []*Topology
	Metrics     []*Metric
	CostModel   *CostModel
	// Analysis holds the options set in the study's analysis block (see
	// analysisOptions); options not set take their defaults.
	Analysis map[string]any
	// Sim is the study's sim block (nil without one): its points multiply
	// the rows.
	Sim *SimSpec
	// Clex is the study's clex block (nil without one): its runs, and
	// their levels or phases, make the rows.
	Clex *ClexSpec
	// Literal holds the rows of a study given as data (a rows attribute)
	// instead of topologies and metrics, one value per column.
	Literal [][]dataset.Value
	Columns []Column // the dataset's columns, computed by Decode
	Range   hcl.Range
}

// Column describes one column of a study's dataset.
type Column struct {
	Name   string
	Kind   dataset.Kind
	Unit   string
	Doc    string
	Metric bool   // a metric column (otherwise an identity or parameter column)
	Param  string // for a parameter column: the family parameter it holds
	Sim    string // for a sim column: the sim option it holds
	// Clex names what a clex column holds: messages_per_node, request_ack,
	// seed, level or phase. (Left out of the dataset cell's parameters when
	// empty, so that the keys of other studies' datasets stay as they were.)
	Clex string `json:",omitempty"`

	// unknown marks the column of a metric name the study does not know
	// (decoded only to check the figures and tables that use the study, in
	// the same pass that reports the name).
	unknown bool
}

// Rows returns the number of rows of the study's dataset: one per instance
// of each of its topologies (times the points of its sim block); for a
// clex block, see clexRows.
func (s *Study) Rows() int {
	if s.Literal != nil {
		return len(s.Literal)
	}
	if s.Clex != nil {
		return clexRows(s)
	}
	if s.Sim != nil {
		n := 0
		for _, t := range s.Topologies {
			n += len(t.Instances)
		}
		return n * len(s.Sim.Points)
	}
	n := 0
	for _, t := range s.Topologies {
		n += len(t.Instances)
	}
	return n
}

// Column returns the study column with the given name, or nil.
func (s *Study) Column(name string) *Column {
	for i := range s.Columns {
		if s.Columns[i].Name == name {
			return &s.Columns[i]
		}
	}
	return nil
}

// Figure is a figure block.
type Figure struct {
	Name  string
	Study *Study
	// Overlay lists studies whose rows are drawn on the figure too (after
	// the study's rows): model curves, bounds, published data points given
	// as literal rows, or other simulations. Where filters the study's rows
	// and each overlay's rows on the columns that overlay has.
	Overlay []*Study
	Where   map[string][]dataset.Value
	// Ranges keeps the rows whose numeric columns lie within bounds
	// (where = { endpoints = { min = 15000, max = 30000 } }), applied
	// with Where.
	Ranges map[string]dataset.Range
	Spec   report.FigureSpec
	// Means holds the merge of replicate rows (mean_over) of the study
	// and of each overlay, in that order; nil entries merge nothing.
	Means []*report.MeanSpec
	Range hcl.Range

	attrRanges map[string]hcl.Range // source range of each attribute's value
}

// Table is a table block, with its expectations.
type Table struct {
	Name   string
	Study  *Study
	Where  map[string][]dataset.Value
	Ranges map[string]dataset.Range // as Figure.Ranges
	Spec   report.TableSpec
	Expect []report.Expectation
	Range  hcl.Range
}

// formatParam formats a parameter value for labels and messages.
func formatParam(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []int64:
		return dataset.FormatIntList(x)
	}
	return fmt.Sprint(v)
}
