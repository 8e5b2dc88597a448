package eval

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/runexp/runexp/pkg/cache"
)

// CellDiff is a cell that differs between two graphs of the same
// experiments (two revisions of the files).
type CellDiff struct {
	Experiment string `json:"experiment"`
	Status     string `json:"status"` // "added", "removed" or "changed"
	Cell       string `json:"cell"`   // its label
	Reason     string `json:"reason,omitempty"`
}

// DiffGraphs lists the cells of a and b that differ, matched by
// experiment and cell ID: cells only b has (added), only a has (removed),
// and cells whose key changed, with the reason as `plan` gives it (the
// parameters the file sets first, a dataset's rows as rows added and
// removed). Cells that changed only because an input did are left out:
// the input is listed.
func DiffGraphs(a, b *Graph) []CellDiff {
	type id struct{ exp, cell string }
	keysA, keysB := map[cache.Key]bool{}, map[cache.Key]bool{}
	for _, c := range a.Cells {
		keysA[c.Key] = true
	}
	for _, c := range b.Cells {
		keysB[c.Key] = true
	}
	// The cells of a that b lacks, by ID (an ID may repeat: the same
	// instance's metric cells under two studies' analysis options).
	gone := map[id][]*Cell{}
	var goneOrder []*Cell
	for _, c := range a.Cells {
		if !keysB[c.Key] {
			k := id{c.Exp.Name, c.ID}
			gone[k] = append(gone[k], c)
			goneOrder = append(goneOrder, c)
		}
	}
	paired := map[*Cell]bool{}
	var out []CellDiff
	for _, c := range b.Cells {
		if keysA[c.Key] {
			continue
		}
		k := id{c.Exp.Name, c.ID}
		var prev *Cell
		for _, p := range gone[k] {
			if !paired[p] {
				prev = p
				break
			}
		}
		if prev == nil {
			out = append(out, CellDiff{Experiment: c.Exp.Name, Status: "added", Cell: c.Label})
			continue
		}
		paired[prev] = true
		if len(c.Inputs) > 0 && prev.Kind == c.Kind && prev.Version == c.Version && string(prev.Params) == string(c.Params) {
			continue // only an input changed: the input is listed
		}
		_, why := staleness(c, manifestEntryOf(prev), nil, false)
		out = append(out, CellDiff{Experiment: c.Exp.Name, Status: "changed", Cell: c.Label, Reason: why})
	}
	for _, c := range goneOrder {
		if !paired[c] {
			out = append(out, CellDiff{Experiment: c.Exp.Name, Status: "removed", Cell: c.Label})
		}
	}
	return out
}

// ExportDatasets writes the Parquet file of every study of g whose dataset
// cell is in the cache of store to dir/<experiment>/<study>.parquet, for
// comparing the results of two revisions (package resultdiff); it returns
// the studies whose dataset is not cached.
func ExportDatasets(g *Graph, store *cache.Store, dir string) ([]string, error) {
	var missing []string
	for _, e := range g.Experiments {
		for _, s := range e.Studies {
			c := g.Datasets[s]
			if c == nil {
				continue
			}
			ent, err := store.Get(c.Key)
			if err != nil || ent == nil {
				missing = append(missing, e.Name+"/"+s.Name)
				continue
			}
			data, ok := ent.Blob(blobParquet)
			if !ok {
				missing = append(missing, e.Name+"/"+s.Name)
				continue
			}
			p := filepath.Join(dir, e.Name, s.Name+".parquet")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return nil, fmt.Errorf("export datasets: %w", err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return nil, fmt.Errorf("export datasets: %w", err)
			}
		}
	}
	return missing, nil
}
