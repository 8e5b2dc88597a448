package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/dataset"
)

// Status is the state of a cell before a run.
type Status string

// Cell states.
const (
	Cached Status = "cached" // a verified result is in the cache
	New    Status = "new"    // never computed under this identity
	Stale  Status = "stale"  // computed before with other inputs, parameters or code
)

// PlanEntry is the planned state of one cell.
type PlanEntry struct {
	Cell   *Cell
	Status Status
	Reason string // why the cell is new or stale
	Run    bool   // the cell will be computed
	// From is, for a dataset that is not in the cache but whose results
	// file carries its key, that file (results/<experiment>/<study>.parquet):
	// the dataset is taken from it, and the cells only it reads are not
	// computed.
	From string
	// PastSaturation is set for a point of a load sweep that will run but
	// not be simulated, since the point before it saturated twice in a row
	// (stop_at_saturation), as its cached result, or the prediction for
	// it, says: the run records it at once.
	PastSaturation bool
	// LikelyPast is set for a point of a load sweep that will run and is
	// not known to be past saturation, but is predicted to be: the
	// sweeps of the same network and traffic with other routings that
	// are computed stopped at lower loads (PlanEntry.LikelyWork). The run
	// simulates it unless its own sweep has stopped by then.
	LikelyPast bool
	// Elsewhere is set, by MarkElsewhere, for an entry that will run
	// whose cell another process sharing the cache is computing (it holds
	// the cell's claim, cache.Store.Claim): a run waits for such a cell
	// and takes its entry.
	Elsewhere bool
	// Outside is set, in the plan of a run that computes only some cells
	// (Plan.Select), for an entry that is neither among them nor a build
	// they read: it does not run, and the plan's counts leave it out.
	Outside bool
}

// Work returns the work the run of the entry's cell is expected to be
// (Cell.Work), almost none for a point past saturation.
func (pe *PlanEntry) Work() float64 {
	if pe.PastSaturation {
		return cellOverhead
	}
	return pe.Cell.Work()
}

// work is the expected work of c's run: its plan entry's (a point past
// saturation costs almost nothing), or Cell.Work for a cell the plan has
// no entry for.
func (p *Plan) work(c *Cell) float64 {
	if pe := p.Entry(c); pe != nil {
		return pe.Work()
	}
	return c.Work()
}

// likelyWork is work with the points predicted past saturation counted
// as recorded (PlanEntry.LikelyWork).
func (p *Plan) likelyWork(c *Cell) float64 {
	if pe := p.Entry(c); pe != nil {
		return pe.LikelyWork()
	}
	return c.Work()
}

// Plan is what a run would do.
type Plan struct {
	Graph   *Graph
	Entries []*PlanEntry // in Graph.Cells order
	byCell  map[*Cell]*PlanEntry
	// loaded holds cache entries verified while planning (outputs that will
	// be materialized, inputs of cells that will run), so that they are not
	// read twice.
	loaded map[cache.Key]*cache.Entry
}

// Entry returns the plan entry of c.
func (p *Plan) Entry(c *Cell) *PlanEntry { return p.byCell[c] }

// Counts returns the number of cells to compute, new, stale and cached
// (build cells that are neither cached nor needed are not counted, nor
// are the entries outside a selection: Select).
func (p *Plan) Counts() (run, newN, stale, cached int) {
	for _, e := range p.Entries {
		if e.Outside {
			continue
		}
		if e.Run {
			run++
			if e.Status == New {
				newN++
			} else {
				stale++
			}
		} else if e.Status == Cached {
			cached++
		}
	}
	return
}

// manifest records, per experiment, the cells of the last run: enough to say
// why a cell is stale (which parameter, input or code version changed).
type manifest struct {
	Version int                       `json:"version"`
	Cells   map[string]*manifestEntry `json:"cells"`
	Outputs []string                  `json:"outputs"` // files written under results/<experiment>/, relative
	// Failed records the cells of the last run that are not cached because
	// a cell failed (see run.incomplete), by cell ID.
	Failed map[string]*manifestFailure `json:"failed,omitempty"`
}

// manifestFailure is a cell that failed, or was left incomplete by a failed
// cell, in the last run.
type manifestFailure struct {
	Key    string `json:"key"`
	Reason string `json:"reason"` // e.g. "failed in the last run: netsim: ..."
}

type manifestEntry struct {
	Kind    string          `json:"kind"`
	Version int             `json:"version"`
	Key     string          `json:"key"`
	Label   string          `json:"label"`
	Params  json.RawMessage `json:"params"`
	Inputs  []manifestInput `json:"inputs,omitempty"`
}

type manifestInput struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Label string `json:"label"`
}

const manifestVersion = 1

func manifestPath(results, exp string) string {
	return filepath.Join(results, ".cache", "manifests", exp+".json")
}

func readManifest(results, exp string) *manifest {
	data, err := os.ReadFile(manifestPath(results, exp))
	m := &manifest{}
	if err != nil || json.Unmarshal(data, m) != nil || m.Version != manifestVersion || m.Cells == nil {
		return &manifest{Version: manifestVersion, Cells: map[string]*manifestEntry{}}
	}
	return m
}

func (m *manifest) write(results, exp string) error {
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return cache.WriteFileAtomic(manifestPath(results, exp), append(data, '\n'))
}

func manifestEntryOf(c *Cell) *manifestEntry {
	me := &manifestEntry{Kind: c.Kind, Version: c.Version, Key: c.Key.String(), Label: c.Label, Params: c.Params}
	for _, in := range c.Inputs {
		me.Inputs = append(me.Inputs, manifestInput{ID: in.ID, Key: in.Key.String(), Label: in.Label})
	}
	return me
}

// MakePlan determines the state of every cell. Every cell except build
// cells must be in the cache after a run, unless only available datasets
// read it; a missing or corrupt one runs. Cached outputs (datasets, figures,
// tables) and the cached inputs of cells that run are read and verified now,
// so a damaged entry is recomputed. Build cells run only when a cell that
// runs needs them.
//
// A dataset that is not in the cache is taken from its results file,
// results/<experiment>/<study>.parquet, when that file carries the
// dataset's key and no failed cell (PlanEntry.From): committed results on a
// fresh clone are as good as the cache. A dataset is available when it is
// cached and verified or taken from its file; the cells that only available
// datasets read are not computed (nor counted): the key of a dataset fixes
// the keys of all its inputs, so they could only reproduce it.
func MakePlan(g *Graph, store *cache.Store, results string) *Plan {
	p := &Plan{Graph: g, byCell: map[*Cell]*PlanEntry{}, loaded: map[cache.Key]*cache.Entry{}}
	manifests := map[*Experiment]*manifest{}
	for _, e := range g.Experiments {
		manifests[e] = readManifest(results, e.Name)
	}
	corrupt := map[*Cell]bool{}
	for _, c := range g.Cells {
		pe := &PlanEntry{Cell: c, Status: Cached}
		if !store.Has(c.Key) {
			pe.Status = New
			if c.Kind == KindDataset {
				if e, path := adoptDataset(c, results); e != nil {
					pe.Status, pe.From = Cached, path
					p.loaded[c.Key] = e
				}
			}
		}
		p.Entries = append(p.Entries, pe)
		p.byCell[c] = pe
	}
	var mark func(c *Cell)
	// ensure makes sure c's result will be available: a cached entry is
	// verified, anything else is marked to run.
	ensure := func(c *Cell) {
		pe := p.byCell[c]
		if pe.Run {
			return
		}
		if pe.Status == Cached {
			if _, ok := p.loaded[c.Key]; ok {
				return
			}
			e, err := store.Get(c.Key)
			if err == nil {
				if c.Kind != KindBuild {
					p.loaded[c.Key] = e
				}
				return
			}
			corrupt[c] = errors.Is(err, cache.ErrCorrupt)
			pe.Status = New
		}
		mark(c)
	}
	mark = func(c *Cell) {
		pe := p.byCell[c]
		if pe.Run {
			return
		}
		pe.Run = true
		for _, in := range c.Inputs {
			ensure(in)
		}
	}
	// Outputs first (they are materialized), then every other non-build cell.
	for _, c := range g.Cells {
		switch c.Kind {
		case KindDataset, KindFigure, KindTable:
			ensure(c)
		}
	}
	// The cells that only available datasets (cached and verified, or
	// taken from results files) read are not needed.
	available := map[*Cell]bool{}
	for _, c := range g.Cells {
		if pe := p.byCell[c]; c.Kind == KindDataset && pe.Status == Cached && !pe.Run {
			available[c] = true
		}
	}
	unneeded := onlyRead(g, available)
	for _, c := range g.Cells {
		if c.Kind != KindBuild && p.byCell[c].Status != Cached && !unneeded[c] {
			mark(c)
		}
	}
	for _, pe := range p.Entries {
		if pe.Status == Cached {
			continue
		}
		if !pe.Run && unneeded[pe.Cell] {
			pe.Reason = "not needed: the datasets that read it are cached or taken from results files"
			continue
		}
		m := manifests[pe.Cell.Exp]
		pe.Status, pe.Reason = staleness(pe.Cell, m.Cells[pe.Cell.ID], m.Failed[pe.Cell.ID], corrupt[pe.Cell])
	}
	p.markPastSaturation(store)
	p.markLikelyPast(store)
	return p
}

// MarkElsewhere sets Elsewhere on the entries that will run whose cells
// another process is computing now (it holds their claims in store), adds
// so to their reasons, and returns how many there are.
func (p *Plan) MarkElsewhere(store *cache.Store) int {
	n := 0
	for _, pe := range p.Entries {
		if !pe.Run || pe.Outside || !rowCell(pe.Cell) {
			continue
		}
		if since, held := store.Claimed(pe.Cell.Key); held {
			pe.Elsewhere = true
			pe.Reason += "; being computed by another run"
			if !since.IsZero() {
				pe.Reason += " since " + since.Format("2006-01-02 15:04:05")
			}
			n++
		}
	}
	return n
}

// pastSaturationNote is the reason plan gives a point past saturation.
const pastSaturationNote = "past saturation: the load before saturated twice in a row, so the point is recorded without simulating (stop_at_saturation)"

// markPastSaturation sets PastSaturation on the sim cells that will run
// but will not simulate: a point of a load sweep whose previous point (its
// second input) is cached with a saturation streak of 2 or more, or is
// itself past saturation. Predecessors come first in the graph.
func (p *Plan) markPastSaturation(store *cache.Store) {
	for _, pe := range p.Entries {
		c := pe.Cell
		if !pe.Run || c.group != GroupSim || len(c.Inputs) < 2 {
			continue
		}
		prev := c.Inputs[1]
		pp := p.byCell[prev]
		skip := pp.PastSaturation
		if !skip && !pp.Run && pp.Status == Cached {
			if e, err := store.Get(prev.Key); err == nil {
				if res, err := decodeResult(prev, e); err == nil {
					skip = sweepStopped(res.values["sim_saturated_streak"].I)
				}
			}
		}
		if skip {
			pe.PastSaturation = true
			pe.Reason = pastSaturationNote
		}
	}
}

// onlyRead returns the cells of g that only the available datasets need:
// not available themselves, and read by no cell except through an
// available dataset.
func onlyRead(g *Graph, available map[*Cell]bool) map[*Cell]bool {
	if len(available) == 0 {
		return nil
	}
	read := map[*Cell]bool{}
	for _, c := range g.Cells {
		for _, in := range c.Inputs {
			read[in] = true
		}
	}
	needed := map[*Cell]bool{}
	var walk func(c *Cell)
	walk = func(c *Cell) {
		if needed[c] || available[c] {
			return
		}
		needed[c] = true
		for _, in := range c.Inputs {
			walk(in)
		}
	}
	for _, c := range g.Cells {
		if !read[c] {
			walk(c) // a root: a figure, a table, a dataset no block reads
		}
	}
	unneeded := map[*Cell]bool{}
	for _, c := range g.Cells {
		if !needed[c] && !available[c] {
			unneeded[c] = true
		}
	}
	return unneeded
}

// staleness compares a cell with its record from the last run, where it
// may have failed.
func staleness(c *Cell, prev *manifestEntry, failed *manifestFailure, corrupt bool) (Status, string) {
	if corrupt {
		return Stale, "cache entry was corrupt"
	}
	if failed != nil && failed.Key == c.Key.String() {
		return New, failed.Reason
	}
	if prev == nil {
		return New, "not computed before"
	}
	if prev.Key == c.Key.String() {
		return New, "cache entry missing"
	}
	var reasons []string
	if prev.Kind == c.Kind && prev.Version != c.Version {
		reasons = append(reasons, fmt.Sprintf("code version of %s changed %d → %d", c.Kind, prev.Version, c.Version))
	}
	if d := paramsDiff(c, prev.Params); len(d) > 0 {
		if len(d) > 3 {
			d = append(d[:3], fmt.Sprintf("and %d more", len(d)-3))
		}
		reasons = append(reasons, strings.Join(d, ", "))
	}
	var changed []string
	prevIn := map[string]string{}
	for _, in := range prev.Inputs {
		prevIn[in.ID] = in.Key
	}
	for _, in := range c.Inputs {
		if k, ok := prevIn[in.ID]; !ok || k != in.Key.String() {
			changed = append(changed, in.Label)
		}
	}
	if len(changed) > 0 && len(reasons) == 0 {
		if len(changed) > 3 {
			changed = append(changed[:3], fmt.Sprintf("%d more", len(changed)-3))
		}
		reasons = append(reasons, "input changed: "+strings.Join(changed, ", "))
	} else if len(prev.Inputs) != len(c.Inputs) && len(reasons) == 0 {
		reasons = append(reasons, fmt.Sprintf("inputs changed (%d → %d)", len(prev.Inputs), len(c.Inputs)))
	}
	if len(reasons) == 0 {
		reasons = append(reasons, "key scheme changed")
	}
	return Stale, strings.Join(reasons, "; ")
}

// paramsDiff lists how cell c's parameters differ from prev, for a stale
// reason: the parameters the file sets (of a topology instance) before the
// ones the family derives from them, and a dataset's rows as the rows
// added and removed ("rows added: sf q=31") rather than by position.
func paramsDiff(c *Cell, prev json.RawMessage) []string {
	if c.Kind == KindDataset && c.study != nil {
		given := map[string][]string{}
		for _, t := range c.study.Topologies {
			given[t.Name] = t.givenParams()
		}
		if d, ok := rowsDiff(prev, c.Params, given); ok {
			// The other parameters (columns, title, ...) leaf by leaf.
			return append(d, diffJSON(withoutRows(prev), withoutRows(c.Params))...)
		}
	}
	d := diffJSON(prev, c.Params)
	if c.inst == nil {
		return d
	}
	names := c.inst.Topology.givenParams()
	given := func(line string) bool {
		name, _, _ := strings.Cut(line, ":")
		return slices.Contains(names, name)
	}
	slices.SortStableFunc(d, func(a, b string) int {
		ga, gb := given(a), given(b)
		switch {
		case ga && !gb:
			return -1
		case gb && !ga:
			return 1
		}
		return 0
	})
	return d
}

// rowsDiff describes a change of a dataset cell's rows by the rows added
// and removed, named by topology and parameters (and sim point); ok is
// false when the rows are the same or the parameters cannot be read (the
// caller then diffs the parameters leaf by leaf).
func rowsDiff(a, b json.RawMessage, given map[string][]string) ([]string, bool) {
	// rows decodes the "rows" of a dataset cell's parameters; ok is false
	// without them (a null list is no rows).
	rows := func(p json.RawMessage) ([]map[string]any, bool) {
		var m map[string]json.RawMessage
		if json.Unmarshal(p, &m) != nil {
			return nil, false
		}
		raw, ok := m["rows"]
		var out []map[string]any
		return out, ok && json.Unmarshal(raw, &out) == nil
	}
	rowsA, okA := rows(a)
	rowsB, okB := rows(b)
	if !okA || !okB {
		return nil, false
	}
	name := func(r map[string]any) (id, label string) {
		key := map[string]any{"topology": r["topology"], "params": r["params"], "sim": r["sim"]}
		j, _ := json.Marshal(key)
		topo := fmt.Sprint(r["topology"])
		label = topo
		if ps, ok := r["params"].(map[string]any); ok {
			names, ok := given[topo]
			if !ok {
				names = sortedKeys(ps)
			}
			for _, k := range names {
				if v, ok := ps[k]; ok {
					label += fmt.Sprintf(" %s=%s", k, jsonText(v))
				}
			}
		}
		if sp, ok := r["sim"].(map[string]any); ok {
			for _, k := range []string{"routing", "traffic", "load"} {
				if v, ok := sp[k]; ok {
					label += fmt.Sprintf(" %s=%s", k, jsonText(v))
				}
			}
		}
		return string(j), label
	}
	count := func(rows []map[string]any) (map[string]int, map[string]string, []string) {
		n, labels := map[string]int{}, map[string]string{}
		var order []string
		for _, r := range rows {
			id, l := name(r)
			if n[id] == 0 {
				order = append(order, id)
			}
			n[id]++
			labels[id] = l
		}
		return n, labels, order
	}
	na, la, oa := count(rowsA)
	nb, lb, ob := count(rowsB)
	list := func(what string, ids []string, labels map[string]string) string {
		if len(ids) > 3 {
			return fmt.Sprintf("rows %s: %s and %d more", what, strings.Join(mapLabels(ids[:3], labels), ", "), len(ids)-3)
		}
		return fmt.Sprintf("rows %s: %s", what, strings.Join(mapLabels(ids, labels), ", "))
	}
	var added, removed []string
	for _, id := range ob {
		if nb[id] > na[id] {
			added = append(added, id)
		}
	}
	for _, id := range oa {
		if na[id] > nb[id] {
			removed = append(removed, id)
		}
	}
	var out []string
	if len(added) > 0 {
		out = append(out, list("added", added, lb))
	}
	if len(removed) > 0 {
		out = append(out, list("removed", removed, la))
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// withoutRows returns the parameters of a dataset cell without its rows.
func withoutRows(p json.RawMessage) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(p, &m) != nil {
		return p
	}
	delete(m, "rows")
	b, _ := json.Marshal(m)
	return b
}

// mapLabels returns the labels of ids.
func mapLabels(ids []string, labels map[string]string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = labels[id]
	}
	return out
}

// jsonText formats a decoded JSON scalar for a row label: strings bare.
func jsonText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// diffJSON lists the leaf values that differ between two JSON documents, as
// "path: old → new".
func diffJSON(a, b json.RawMessage) []string {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return []string{"parameters changed"}
	}
	fa, fb := map[string]string{}, map[string]string{}
	flatten("", va, fa)
	flatten("", vb, fb)
	var out []string
	for _, k := range sortedKeys(fb) {
		if old, ok := fa[k]; !ok {
			out = append(out, fmt.Sprintf("%s: added %s", k, fb[k]))
		} else if old != fb[k] {
			out = append(out, fmt.Sprintf("%s: %s → %s", k, old, fb[k]))
		}
	}
	for _, k := range sortedKeys(fa) {
		if _, ok := fb[k]; !ok {
			out = append(out, fmt.Sprintf("%s: removed", k))
		}
	}
	return out
}

// flatten maps every leaf of a decoded JSON value to its path; the
// "params." prefix of topology parameters is dropped for readability.
func flatten(path string, v any, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := k
			if path != "" && path != "params" {
				p = path + "." + k
			}
			flatten(p, x[k], out)
		}
	case []any:
		if len(x) > 0 && isScalar(x[0]) {
			b, _ := json.Marshal(x)
			out[path] = string(b)
			return
		}
		for i, e := range x {
			flatten(fmt.Sprintf("%s[%d]", path, i), e, out)
		}
	default:
		b, _ := json.Marshal(x)
		out[path] = string(b)
	}
}

func isScalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// MakeReportPlan plans re-rendering the figures and tables of g from stored
// datasets, without computing any topology or metric cell. A dataset comes
// from the cache or, if it is not there, from results/<experiment>/<study>.parquet
// when that file carries the dataset's key (so committed results can be
// re-rendered on a fresh clone); it is then added to the cache. A file
// assembled with failed cells is not a result: `run` computes it again. With force,
// every figure and table is rendered again even if cached. A figure or table
// whose dataset is unavailable fails when run, naming the study.
func MakeReportPlan(g *Graph, store *cache.Store, results string, force bool) *Plan {
	p := &Plan{Graph: g, byCell: map[*Cell]*PlanEntry{}, loaded: map[cache.Key]*cache.Entry{}}
	for _, c := range g.Cells {
		pe := &PlanEntry{Cell: c, Status: New}
		p.Entries = append(p.Entries, pe)
		p.byCell[c] = pe
		switch c.Kind {
		case KindDataset:
			if e := loadDataset(c, store, results); e != nil {
				pe.Status = Cached
				p.loaded[c.Key] = e
			} else {
				pe.Reason = "study not computed"
			}
		case KindFigure, KindTable:
			e, err := store.Get(c.Key)
			switch {
			case err == nil && !force:
				pe.Status = Cached
				p.loaded[c.Key] = e
			case err == nil: // cached, but rendered again
				pe.Status, pe.Run, pe.Reason = Stale, true, "re-render (--force)"
			default:
				pe.Run, pe.Reason = true, "not rendered yet"
			}
		default:
			pe.Status = Cached // not considered by report
			if !store.Has(c.Key) {
				pe.Status = New
			}
		}
	}
	return p
}

// loadDataset returns a dataset cell's entry from the cache or adopts the
// results Parquet file when its key matches, adding it to the cache.
func loadDataset(c *Cell, store *cache.Store, results string) *cache.Entry {
	if e, err := store.Get(c.Key); err == nil {
		return e
	}
	e, _ := adoptDataset(c, results)
	if e == nil || store.Put(c.Key, e) != nil {
		return nil
	}
	return e
}

// adoptDataset returns the entry of dataset cell c made of its results
// file, and the file's path, if the file carries c's key and was not
// assembled with failed cells; otherwise nil.
func adoptDataset(c *Cell, results string) (*cache.Entry, string) {
	path := filepath.Join(results, c.Exp.Name, c.study.Name+".parquet")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, ""
	}
	t, err := dataset.ReadParquet(bytes.NewReader(data), int64(len(data)))
	if err != nil || t.Meta["runexp.key"] != c.Key.String() || t.Meta[metaFailures] != "" {
		return nil, "" // another dataset, or one assembled with failed cells: not a result
	}
	return &cache.Entry{Blobs: []cache.Blob{{Name: blobParquet, Data: data}}}, path
}
