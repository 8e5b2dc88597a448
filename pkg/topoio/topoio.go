// Package topoio writes built topologies in exchange formats so that the
// same network can be analysed or simulated by other tools, and reads them
// back where a round trip is useful:
//
//   - stats: a JSON object with the sizing figures, degrees, diameter and
//     average distances (Stats);
//   - edgelist: one line "u v" per router-to-router link (0-based ids);
//   - anynet: the network file of BookSim2's "anynet" topology;
//   - metis: the graph file format of METIS (gpmetis, graphchk);
//   - json: every router with its metadata and neighbours;
//   - graphml, nodelink: GraphML and networkx node-link JSON;
//   - booksim: a BookSim2 simulation, anynet network file and configuration
//     matched to a netsim run (WriteBookSim; two files);
//   - merlin: an SST Merlin simulation script (anytopo) matched to a netsim
//     run (WriteMerlin).
package topoio

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// Format names accepted by Write.
const (
	FormatStats    = "stats"
	FormatEdgeList = "edgelist"
	FormatAnynet   = "anynet"
	FormatMETIS    = "metis"
	FormatJSON     = "json"
	FormatGraphML  = "graphml"
	FormatNodeLink = "nodelink"
	FormatBookSim  = "booksim"
	FormatMerlin   = "merlin"
)

// Formats returns the format names in documentation order.
func Formats() []string {
	return []string{FormatStats, FormatEdgeList, FormatAnynet, FormatMETIS, FormatJSON, FormatGraphML, FormatNodeLink, FormatBookSim, FormatMerlin}
}

// Stats summarises one topology instance. Sizing fields come from the
// family's formulas; degree and distance fields from the built graph (they
// are absent for a sizing-only family).
type Stats struct {
	Family       string          `json:"family"`
	Params       families.Values `json:"params"`
	SizingOnly   bool            `json:"sizing_only,omitempty"`
	Routers      int64           `json:"routers"`
	Endpoints    int64           `json:"endpoints"`
	Radix        int64           `json:"radix"`
	NetworkRadix int64           `json:"network_radix"`
	Links        int64           `json:"links"`
	MinDegree    *int            `json:"min_degree,omitempty"`
	MaxDegree    *int            `json:"max_degree,omitempty"`
	Connected    *bool           `json:"connected,omitempty"`
	Diameter     *int            `json:"diameter,omitempty"`
	// AvgDistance is the mean router-to-router distance over ordered pairs
	// of distinct routers; AvgEndpointDistance the mean number of router
	// hops between two distinct endpoints (endpoints on one router are 0
	// hops apart), the hop count of uniform random traffic.
	AvgDistance         *float64 `json:"avg_distance,omitempty"`
	AvgEndpointDistance *float64 `json:"avg_endpoint_distance,omitempty"`
}

// ComputeStats returns the statistics of the instance v of family f. t is
// the built topology (nil for a sizing-only family); the all-pairs searches
// use workers goroutines (0: all CPUs). Distances of a disconnected graph
// are left out and Connected is false.
func ComputeStats(ctx context.Context, f *families.Family, v families.Values, t *families.Topology, workers int) (*Stats, error) {
	sz, err := f.Size(v)
	if err != nil {
		return nil, err
	}
	s := &Stats{Family: f.Name, Params: v, Routers: sz.Routers, Endpoints: sz.Endpoints,
		Radix: sz.Radix, NetworkRadix: sz.NetworkRadix, Links: sz.Links}
	if t == nil {
		s.SizingOnly = f.SizingOnlyFor(v)
		return s, nil
	}
	g := t.Graph
	minD, maxD := g.MinDegree(), g.MaxDegree()
	s.MinDegree, s.MaxDegree = &minD, &maxD
	ds, err := graph.Distances(ctx, g, t.Conc, workers)
	if err != nil {
		return nil, err
	}
	conn := ds.Connected()
	s.Connected = &conn
	if conn {
		diam, avg, epAvg := ds.Diameter, ds.AvgDistance(), ds.AvgEndpointDistance()
		s.Diameter, s.AvgDistance, s.AvgEndpointDistance = &diam, &avg, &epAvg
	}
	return s, nil
}

// WriteStats writes s as indented JSON followed by a newline.
func WriteStats(w io.Writer, s *Stats) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteEdgeList writes a comment line "# routers N links M" and then every
// router-to-router link once as "u v" with u <= v (0-based router ids,
// ascending). Parallel links appear once per link.
func WriteEdgeList(w io.Writer, g *graph.Graph) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "# routers %d links %d\n", g.N(), g.Edges())
	var line []byte
	for u := int32(0); int(u) < g.N(); u++ {
		for _, v := range g.Neighbors(u) {
			if v < u {
				continue
			}
			line = strconv.AppendInt(line[:0], int64(u), 10)
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(v), 10)
			line = append(line, '\n')
			bw.Write(line)
		}
	}
	return bw.Flush()
}

// forEachNeighbour calls fn for every distinct neighbour of u with the
// number of parallel links to it (adjacency lists are sorted).
func forEachNeighbour(g *graph.Graph, u int32, fn func(v int32, mult int)) {
	nb := g.Neighbors(u)
	for i := 0; i < len(nb); {
		j := i + 1
		for j < len(nb) && nb[j] == nb[i] {
			j++
		}
		fn(nb[i], j-i)
		i = j
	}
}
