package eval

import (
	"context"
	"errors"
	"fmt"

	"github.com/runexp/runexp/pkg/cache"
)

// CarryStats counts what ExportCells or ImportCells did.
type CarryStats struct {
	Copied  int   // entries written
	Bytes   int64 // their size
	Present int   // entries the destination already held
	Missing int   // export: cells of the graph not in the cache (not computed, or only read by datasets taken from results files)
}

// exportable reports whether ExportCells carries c: the metric, simulation
// and layout cells (every cell of a metric group), not the builds, which
// are cheap next to what they feed and can be large, nor the datasets,
// figures and tables, which the results files already hold.
func exportable(c *Cell) bool { return c.group != "" }

// ExportCells copies into dst the cache entries of g's metric, simulation
// and layout cells that store holds and dst lacks: a directory of entries
// in the cache's own layout and format, to be carried to another machine
// (or committed with the results) and merged there with ImportCells.
// Entries are content-addressed and immutable, so a later export adds only
// new files. Each entry is verified (checksum, key) before it is copied.
func ExportCells(ctx context.Context, g *Graph, store, dst *cache.Store) (CarryStats, error) {
	var st CarryStats
	for _, c := range g.Cells {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if !exportable(c) {
			continue
		}
		if dst.Has(c.Key) {
			st.Present++
			continue
		}
		e, err := store.Get(c.Key)
		if errors.Is(err, cache.ErrNotFound) {
			st.Missing++
			continue
		}
		if err != nil {
			return st, fmt.Errorf("cell %s: %w", c.Label, err)
		}
		if err := dst.Put(c.Key, e); err != nil {
			return st, err
		}
		st.Copied++
		st.Bytes += e.Size()
	}
	return st, nil
}

// ImportCells copies into store every entry of src that store lacks (the
// directory ExportCells wrote), verifying each: a corrupt entry is an
// error and nothing of it is written. Entries of cells no experiment
// references are copied too; runexp gc drops them like any other.
func ImportCells(ctx context.Context, src, store *cache.Store) (CarryStats, error) {
	var st CarryStats
	list, err := src.List()
	if err != nil {
		return st, err
	}
	for _, info := range list {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if store.Has(info.Key) {
			st.Present++
			continue
		}
		e, err := src.Get(info.Key)
		if err != nil {
			return st, fmt.Errorf("%s: %w", src.Path(info.Key), err)
		}
		if err := store.Put(info.Key, e); err != nil {
			return st, err
		}
		st.Copied++
		st.Bytes += e.Size()
	}
	return st, nil
}
