package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
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
	var load float64
	var packetFlits, vcs int
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
  graphml   GraphML (networkx.read_graphml, igraph, Gephi): routers with
            endpoints, role, group, cabinet; one edge per link
  nodelink  networkx node-link JSON (networkx.node_link_graph)
  booksim   a BookSim2 simulation in the directory given by -o DIR (two files
            cannot go to standard output): anynet_file, the network, and
            booksim.cfg, the anynet configuration whose routing, VC, buffer,
            delay and speedup settings match a netsim run with
            netsim.BookSimConfig() timing (each setting's comment names the
            netsim value); run it there with 'booksim booksim.cfg'
  merlin    an SST configuration script (Python; 'sst FILE') that builds the
            network with SST Merlin's anytopo topology (topoAny, hr_router)
            and netsim's min routes, with the same VCs, buffers, packet size
            and load; needs an sst-elements with anytopo and networkx

booksim and merlin simulate uniform traffic under minimal routing at --load
with --packet-flits and --vcs (default: the diameter, the VCs netsim's min
routing uses), 64-flit input ports split over the VCs, credit delay 2 and
channels of netsim latency 2 (BookSim2 latency 1). BookSim2's anynet min
routing lets every hop use every VC where netsim's min puts hop k on VC k,
and anynet and anytopo keep parallel links once (a warning says so).

Sizing-only families support --format stats only (sizing figures).
'runexp families FAMILY' lists a family's parameters.`,
		Example: `  runexp topology slimfly q=19
  runexp topology torus dims=4,4,8 --format edgelist
  runexp topology slimfly q=5 --format anynet -o sf50.anynet
  runexp topology slimfly q=5 --format booksim --vcs 3 --load 0.7 -o sf50-booksim
  runexp topology slimfly q=5 --format merlin -o sf50-merlin.py`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			invalid := func(err error) error { return &exitError{ExitInvalid, err} }
			if !slices.Contains(topoio.Formats(), format) {
				return invalid(fmt.Errorf("unknown format %q; formats: %s", format, strings.Join(topoio.Formats(), ", ")))
			}
			simFormat := format == topoio.FormatBookSim || format == topoio.FormatMerlin
			for _, name := range []string{"load", "packet-flits", "vcs"} {
				if cmd.Flags().Changed(name) && !simFormat {
					return invalid(fmt.Errorf("--%s applies to --format booksim and merlin only", name))
				}
			}
			if !(load > 0 && load <= 1) {
				return invalid(fmt.Errorf("--load %g: want a load in (0, 1] flits per endpoint per cycle", load))
			}
			if packetFlits < 1 {
				return invalid(fmt.Errorf("--packet-flits %d: want at least 1", packetFlits))
			}
			if vcs < 0 || vcs > netsim.MaxVCs {
				return invalid(fmt.Errorf("--vcs %d: want 1 to %d (0: the diameter, as netsim's min routing)", vcs, netsim.MaxVCs))
			}
			if format == topoio.FormatBookSim && output == "" {
				return invalid(fmt.Errorf("--format booksim writes two files (%s and %s), which standard output cannot hold: give a directory with -o DIR", topoio.BookSimNetworkFile, topoio.BookSimConfigFile))
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
				if format == topoio.FormatAnynet || simFormat {
					if dup := topoio.ParallelLinks(t.Graph); dup > 0 {
						what := "anynet has no multi-links"
						if format == topoio.FormatMerlin {
							what = "SST's anytopo mis-wires parallel edges"
						}
						fmt.Fprintf(o.stderr, "runexp: warning: %d parallel links written once (%s)\n", dup, what)
					}
				}
				if format == topoio.FormatMerlin && slices.Contains(t.Conc, 0) {
					fmt.Fprintln(o.stderr, "runexp: warning: some routers have no endpoints, which SST Merlin's anytopo (as read) refuses; see the script's header")
				}
			}
			if simFormat {
				return o.writeSimExport(cmd, format, output, f, v, t, load, packetFlits, vcs)
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
	defaults := topoio.DefaultSimSetup(0)
	cmd.Flags().StringVar(&format, "format", topoio.FormatStats, "output format: "+strings.Join(topoio.Formats(), ", "))
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file instead of stdout (through links, keeping its mode; a regular file is replaced atomically); for --format booksim a directory, created if missing")
	cmd.Flags().Float64Var(&load, "load", defaults.Load, "booksim, merlin: offered load in flits per endpoint per cycle (uniform traffic)")
	cmd.Flags().IntVar(&packetFlits, "packet-flits", defaults.Config.PacketSize, "booksim, merlin: flits per packet (wormhole)")
	cmd.Flags().IntVar(&vcs, "vcs", 0, "booksim, merlin: virtual channels per port, sharing 64 flits of buffer (0: the diameter, as netsim's min routing)")
	return cmd
}

// writeSimExport writes the booksim (two files in the directory dir) or
// merlin (one script, to dir or standard output) format of t.
func (o *options) writeSimExport(cmd *cobra.Command, format, dir string, f *families.Family, v families.Values, t *families.Topology, load float64, packetFlits, vcs int) error {
	failed := func(err error) error { return &exitError{ExitFailed, err} }
	if vcs == 0 {
		var err error
		if vcs, err = topoio.MinRoutingVCs(cmd.Context(), t, o.jobs); err != nil {
			return &exitError{ExitInvalid, fmt.Errorf("--format %s: %w", format, err)}
		}
	}
	s := topoio.DefaultSimSetup(vcs)
	s.Load, s.Config.PacketSize = load, packetFlits
	if format == topoio.FormatMerlin {
		var buf bytes.Buffer
		if err := topoio.WriteMerlin(&buf, f.Name, v, t, s); err != nil {
			return failed(err)
		}
		if dir == "" {
			_, err := o.stdout.Write(buf.Bytes())
			return err
		}
		if err := userfile.Write(dir, buf.Bytes()); err != nil {
			return failed(err)
		}
		return nil
	}
	var network, config bytes.Buffer
	if err := topoio.WriteBookSim(&network, &config, f.Name, v, t, s); err != nil {
		return failed(err)
	}
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		return &exitError{ExitInvalid, fmt.Errorf("-o %s: not a directory (--format booksim writes %s and %s into a directory)", dir, topoio.BookSimNetworkFile, topoio.BookSimConfigFile)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return failed(err)
	}
	for _, file := range []struct {
		name string
		data []byte
	}{{topoio.BookSimNetworkFile, network.Bytes()}, {topoio.BookSimConfigFile, config.Bytes()}} {
		if err := userfile.Write(filepath.Join(dir, file.name), file.data); err != nil {
			return failed(err)
		}
	}
	return nil
}

// sizingWhat describes why f cannot build some values: the whole family is
// sizing-only, or the chosen variant is.
func sizingWhat(f *families.Family) string {
	if f.SizingOnly() {
		return "sizing-only"
	}
	return "sizing-only for these parameters"
}
