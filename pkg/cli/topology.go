package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/topoio"
	"github.com/runexp/runexp/pkg/userfile"
)

// familyInstance resolves "FAMILY name=value..." command arguments into a
// family and its normalized parameters; errors are usage errors (exit 1),
// suggesting the closest family or parameter name for a typo.
func familyInstance(args []string) (*families.Family, families.Values, error) {
	invalid := func(err error) error { return &exitError{ExitInvalid, err} }
	reg := families.Default()
	f, ok := reg.Lookup(args[0])
	if !ok {
		return nil, nil, invalid(unknownFamily(reg, args[0]))
	}
	for _, a := range args[1:] {
		name, _, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || f.Param(name) != nil {
			continue // ParseAssignments reports a malformed one
		}
		msg := "unknown parameter; "
		if s := suggest(name, f.ParamNames()); s != "" {
			msg += fmt.Sprintf("did you mean %q? ", s)
		}
		return nil, nil, invalid(&families.ParamError{Family: f.Name, Param: name, Msg: msg + "valid parameters: " + strings.Join(f.ParamNames(), ", ")})
	}
	given, err := f.ParseAssignments(args[1:])
	if err != nil {
		return nil, nil, invalid(err)
	}
	v, err := f.Normalize(given)
	if err != nil {
		return nil, nil, invalid(err)
	}
	return f, v, nil
}

func (o *options) topologyCmd() *cobra.Command {
	var format, output string
	cmd := &cobra.Command{
		Use:   "topology FAMILY [name=value...]",
		Short: "Build one topology and print its statistics or export it",
		Long: `topology builds one instance of a family (parameters as name=value; lists as
4,4,8; named choices such as p=balanced) and prints it in a format:

  stats     JSON: routers, endpoints, radix, network radix, links, minimum and
            maximum degree, connectivity, diameter and average distances
  edgelist  one "u v" line per router-to-router link (0-based router ids)
  anynet    BookSim2's anynet network file (topology = anynet)
  metis     METIS graph file (gpmetis, graphchk); 1-based ids
  json      every router with its endpoints, role, group, cabinet,
            coordinates and neighbours

Sizing-only families support --format stats only (sizing figures).
'runexp families FAMILY' lists a family's parameters.`,
		Example: `  runexp topology slimfly q=19
  runexp topology torus dims=4,4,8 --format edgelist
  runexp topology slimfly q=5 --format anynet -o sf50.anynet`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			invalid := func(err error) error { return &exitError{ExitInvalid, err} }
			if !slices.Contains(topoio.Formats(), format) {
				return invalid(fmt.Errorf("unknown format %q; formats: %s", format, strings.Join(topoio.Formats(), ", ")))
			}
			f, v, err := familyInstance(args)
			if err != nil {
				return err
			}
			sizing := f.SizingOnlyFor(v)
			if sizing && format != topoio.FormatStats {
				return invalid(fmt.Errorf("family %s is %s: only --format stats is available", f.Name, sizingWhat(f)))
			}
			var t *families.Topology
			if !sizing {
				if t, err = f.Build(cmd.Context(), v); err != nil {
					return invalid(err)
				}
				if format == topoio.FormatAnynet {
					if dup := topoio.ParallelLinks(t.Graph); dup > 0 {
						fmt.Fprintf(o.stderr, "runexp: warning: %d parallel links written once (anynet has no multi-links)\n", dup)
					}
				}
			}
			var w io.Writer = o.stdout
			var buf bytes.Buffer
			if output != "" {
				w = &buf
			}
			if err := topoio.Write(cmd.Context(), w, format, f, v, t, o.jobs); err != nil {
				return &exitError{ExitFailed, err}
			}
			if output != "" {
				if err := userfile.Write(output, buf.Bytes()); err != nil {
					return &exitError{ExitFailed, err}
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", topoio.FormatStats, "output format: "+strings.Join(topoio.Formats(), ", "))
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file instead of stdout (through links, keeping its mode; a regular file is replaced atomically)")
	return cmd
}

// sizingWhat describes why f cannot build some values: the whole family is
// sizing-only, or the chosen variant is.
func sizingWhat(f *families.Family) string {
	if f.SizingOnly() {
		return "sizing-only"
	}
	return "sizing-only for these parameters"
}
