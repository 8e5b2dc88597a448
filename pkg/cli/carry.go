package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/eval"
)

// cacheCmd groups the commands that carry cache entries between machines
// that share no filesystem.
func (o *options) cacheCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Carry computed cells between machines: export and import cache entries",
		Long: `cache export copies the cache entries of an experiment's computed metric,
simulation and layout cells (not its builds, datasets, figures or tables)
into a directory; cache import merges such a directory into the cache of
--results. Together they carry a long computation between machines that
share no filesystem, or across sessions when the directory is committed
with the results: entries are content-addressed and never change, so a
later export adds only new files, and every entry is verified (checksum,
key) when it is copied.`,
	}
	cmd.AddCommand(o.cacheExportCmd(), o.cacheImportCmd())
	return cmd
}

func (o *options) cacheExportCmd() *cobra.Command {
	var to string
	cmd := &cobra.Command{
		Use:   "export EXPERIMENT... --to DIR",
		Short: "Copy the cache entries of the experiments' computed cells into DIR",
		Long: `export copies into DIR the cache entries (results/.cache) of the named
experiments' metric, simulation and layout cells, with the current --var
values, that DIR does not hold yet. Cells not in the cache (not computed
yet, or only read by datasets a run took from the results files) are
counted, not an error: export what a run has finished so far, and import
it where the run goes on.`,
		Example: `  runexp cache export experiments/diameter-two-sc15.hcl --var simulate=all --results results/paper --to results/paper/cells
  runexp cache import results/paper/cells --results results/paper   # on the other machine`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if to == "" {
				return &exitError{ExitInvalid, fmt.Errorf("cache export: --to DIR is required")}
			}
			exps, err := o.load(args)
			if err != nil {
				return err
			}
			st, err := eval.ExportCells(cmd.Context(), eval.BuildGraph(exps), o.engine(nil).Store, cache.New(to))
			if err != nil {
				return &exitError{ExitFailed, err}
			}
			if o.json {
				return json.NewEncoder(o.stdout).Encode(map[string]any{"event": "cache_export", "copied": st.Copied, "bytes": st.Bytes,
					"present": st.Present, "not_cached": st.Missing, "to": to})
			}
			fmt.Fprintf(o.stdout, "exported %d cache entries (%s) to %s; %d were there already; %d cells not in the cache\n",
				st.Copied, fmtBytes(st.Bytes), to, st.Present, st.Missing)
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "directory to copy the entries into (created if missing)")
	return cmd
}

func (o *options) cacheImportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "import DIR",
		Short: "Merge the cache entries of DIR (written by cache export) into the cache",
		Long: `import copies every entry of DIR that the cache of --results lacks,
verifying each (a corrupt entry fails the import before it is written).
The next run finds those cells cached.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := eval.ImportCells(cmd.Context(), cache.New(args[0]), o.engine(nil).Store)
			if err != nil {
				return &exitError{ExitFailed, err}
			}
			if o.json {
				return json.NewEncoder(o.stdout).Encode(map[string]any{"event": "cache_import", "copied": st.Copied, "bytes": st.Bytes,
					"present": st.Present, "from": args[0]})
			}
			fmt.Fprintf(o.stdout, "imported %d cache entries (%s) from %s; %d were cached already\n",
				st.Copied, fmtBytes(st.Bytes), args[0], st.Present)
			return nil
		},
	}
}
