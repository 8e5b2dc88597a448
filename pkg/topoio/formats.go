package topoio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/graph"
)

// ParallelLinks returns the number of links that duplicate another link
// between the same two routers (0 for a simple graph). Formats without
// multi-edges (anynet) write such links once.
func ParallelLinks(g *graph.Graph) int64 {
	var dup int64
	for u := int32(0); int(u) < g.N(); u++ {
		forEachNeighbour(g, u, func(v int32, mult int) {
			if v > u {
				dup += int64(mult - 1)
			}
		})
	}
	return dup
}

// WriteAnynet writes t in the network file format of BookSim2's anynet
// topology (topology = anynet; network_file = FILE): one line per router,
//
//	router R node E1 node E2 ... router N1 router N2 ...
//
// listing its endpoints (numbered consecutively: router 0's first, then
// router 1's, ...) and every distinct neighbouring router. BookSim stores a
// router's neighbours in a map, so parallel links collapse into one (see
// ParallelLinks); each link appears on both of its routers' lines, which
// BookSim accepts (the reverse entry is the same). Every channel has
// BookSim's default latency of 1 cycle; WriteBookSim writes latencies.
func WriteAnynet(w io.Writer, t *families.Topology) error { return writeAnynet(w, t, nil, 1) }

// writeAnynet is WriteAnynet with channel latencies in BookSim2 cycles:
// lat[i] for the channel from router u to Graph.Adj[i] (nil: all 1), and
// nodeLat for every injection and ejection channel. A latency other than
// 1 (BookSim's default) follows the entry it belongs to ("router 7 3":
// the channel from this line's router to router 7 takes 3 cycles; "node 5
// 2": node 5's injection and ejection channels take 2). Of parallel links
// the first one's latency is written.
func writeAnynet(w io.Writer, t *families.Topology, lat []int32, nodeLat int32) error {
	g := t.Graph
	bw := bufio.NewWriterSize(w, 1<<16)
	var line []byte
	var ep int64
	for u := int32(0); int(u) < g.N(); u++ {
		line = append(line[:0], "router "...)
		line = strconv.AppendInt(line, int64(u), 10)
		for i := int32(0); i < t.Conc[u]; i++ {
			line = append(line, " node "...)
			line = strconv.AppendInt(line, ep, 10)
			if nodeLat != 1 {
				line = append(line, ' ')
				line = strconv.AppendInt(line, int64(nodeLat), 10)
			}
			ep++
		}
		nb := g.Neighbors(u)
		for i, v := range nb {
			if i > 0 && nb[i-1] == v {
				continue // a parallel link: written once
			}
			line = append(line, " router "...)
			line = strconv.AppendInt(line, int64(v), 10)
			if lat != nil {
				if l := lat[int(g.Off[u])+i]; l != 1 {
					line = append(line, ' ')
					line = strconv.AppendInt(line, int64(l), 10)
				}
			}
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// ReadAnynet parses a BookSim2 anynet network file into a topology (graph
// and Conc; no other metadata), ignoring channel latencies (ParseAnynet
// returns them).
func ReadAnynet(r io.Reader) (*families.Topology, error) {
	n, err := ParseAnynet(r)
	if err != nil {
		return nil, err
	}
	return n.Topology, nil
}

// AnynetNetwork is an anynet network file as BookSim2 reads it: the
// topology and the latencies of its channels in BookSim2 cycles.
type AnynetNetwork struct {
	Topology *families.Topology
	// Latency[i] is the latency of the channel from router u to router
	// Graph.Adj[i] (Graph.Off[u] <= i < Graph.Off[u+1]): the number after
	// that entry on the line of router u, 1 if none. The two directions of
	// a link may differ.
	Latency []int32
	// NodeLatency[e] is the latency of endpoint e's injection and ejection
	// channels, 1 if the file gives none.
	NodeLatency []int32
}

// ParseAnynet parses a BookSim2 anynet network file
// (booksim/booksim2: src/networks/anynet.cpp, AnyNet::readFile). A line is
// a head ("router R" or "node E") followed by entries "router R [L]" or
// "node E [L]", L a latency in cycles (at least 1). Routers must be
// numbered 0..N-1 and endpoints 0..E-1, each endpoint attached to one
// router; router-to-router connections are symmetric whichever line lists
// them, and a connection listed several times is one link, as in BookSim.
// Latencies follow BookSim: an entry's latency applies to the channel from
// the head to the entry (for a node: both of its channels), an entry
// listed again without one is back to 1, and the reverse channel of a
// router entry keeps its own latency (1 if its line gives none). A latency
// on a line headed by a node is refused: BookSim files it under a router
// numbered like the node. Errors name the line.
func ParseAnynet(r io.Reader) (*AnynetNetwork, error) {
	type arc struct{ u, v int32 }
	var arcs []arc
	nodeRouter := map[int64]int32{}
	routers := map[int32]bool{} // every router id the file names
	maxRouter := int32(-1)
	dirLat := map[arc]int32{}    // latencies other than 1 of router-to-router channels
	nodeLat := map[int64]int32{} // latencies other than 1 of endpoint channels
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<28)
	for ln := 1; sc.Scan(); ln++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var headKind, kind string
		var head, id int64
		for i := 0; i < len(f); {
			word := f[i]
			if word != "router" && word != "node" {
				if i < 4 || kind == "" {
					return nil, fmt.Errorf("anynet line %d: %q is neither \"router\" nor \"node\"", ln, word)
				}
				l, err := strconv.ParseInt(word, 10, 32)
				if err != nil || l < 1 {
					return nil, fmt.Errorf("anynet line %d: %q is neither \"router\", \"node\" nor a latency (a whole number of cycles, at least 1)", ln, word)
				}
				switch {
				case headKind == "node":
					return nil, fmt.Errorf("anynet line %d: latency %d on a line that starts with a node (BookSim2 files it under router %d); give it on the router's line", ln, l, head)
				case kind == "router":
					if l == 1 {
						delete(dirLat, arc{int32(head), int32(id)})
					} else {
						dirLat[arc{int32(head), int32(id)}] = int32(l)
					}
				default:
					if l == 1 {
						delete(nodeLat, id)
					} else {
						nodeLat[id] = int32(l)
					}
				}
				kind = "" // one latency per entry
				i++
				continue
			}
			if i+1 == len(f) {
				return nil, fmt.Errorf("anynet line %d: %q without an id", ln, word)
			}
			var err error
			id, err = strconv.ParseInt(f[i+1], 10, 32)
			if err != nil || id < 0 {
				return nil, fmt.Errorf("anynet line %d: bad %s id %q", ln, word, f[i+1])
			}
			kind = word
			i += 2
			if kind == "router" {
				routers[int32(id)] = true
				maxRouter = max(maxRouter, int32(id))
			}
			if i == 2 {
				headKind, head = kind, id
				kind = "" // no latency after the head
				continue
			}
			var rtr, node int64
			switch {
			case headKind == "node" && kind == "node":
				return nil, fmt.Errorf("anynet line %d: cannot connect node %d to node %d", ln, head, id)
			case headKind == "router" && kind == "router":
				if head == id {
					return nil, fmt.Errorf("anynet line %d: router %d linked to itself", ln, id)
				}
				u, v := int32(min(head, id)), int32(max(head, id))
				arcs = append(arcs, arc{u, v})
				delete(dirLat, arc{int32(head), int32(id)})
				continue
			case headKind == "router":
				rtr, node = head, id
			default:
				rtr, node = id, head
			}
			if prev, ok := nodeRouter[node]; ok && int64(prev) != rtr {
				return nil, fmt.Errorf("anynet line %d: node %d is connected to routers %d and %d", ln, node, prev, rtr)
			}
			nodeRouter[node] = int32(rtr)
			delete(nodeLat, node)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("anynet: %w", err)
	}
	n := int(maxRouter) + 1
	if n == 0 {
		return nil, errors.New("anynet: no routers")
	}
	if len(routers) < n {
		return nil, fmt.Errorf("anynet: routers are not numbered 0..N-1: the largest id is %d but only %d routers appear", n-1, len(routers))
	}
	slices.SortFunc(arcs, func(a, b arc) int {
		if a.u != b.u {
			return int(a.u - b.u)
		}
		return int(a.v - b.v)
	})
	arcs = slices.Compact(arcs)
	edges := make([]graph.Edge, len(arcs))
	for i, a := range arcs {
		edges[i] = graph.Edge{U: a.u, V: a.v}
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		return nil, fmt.Errorf("anynet: %w", err)
	}
	conc := make([]int32, n)
	for node := int64(0); node < int64(len(nodeRouter)); node++ {
		rtr, ok := nodeRouter[node]
		if !ok {
			return nil, fmt.Errorf("anynet: endpoints are not numbered 0..%d: node %d is missing", len(nodeRouter)-1, node)
		}
		conc[rtr]++
	}
	lat := make([]int32, len(g.Adj))
	for u := int32(0); int(u) < n; u++ {
		for i, v := range g.Neighbors(u) {
			l, ok := dirLat[arc{u, v}]
			if !ok {
				l = 1
			}
			lat[int(g.Off[u])+i] = l
		}
	}
	nl := make([]int32, len(nodeRouter))
	for e := range nl {
		nl[e] = 1
		if l, ok := nodeLat[int64(e)]; ok {
			nl[e] = l
		}
	}
	return &AnynetNetwork{Topology: &families.Topology{Graph: g, Conc: conc}, Latency: lat, NodeLatency: nl}, nil
}

// WriteMETIS writes g in the METIS graph format: a header "n m" and one
// line per vertex listing its neighbours (1-based). METIS forbids parallel
// edges, so a multigraph is written with edge weights (header "n m 001",
// each neighbour followed by its number of parallel links, m counting
// distinct pairs).
func WriteMETIS(w io.Writer, g *graph.Graph) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	dup := ParallelLinks(g)
	if dup == 0 {
		fmt.Fprintf(bw, "%d %d\n", g.N(), g.Edges())
	} else {
		fmt.Fprintf(bw, "%d %d 001\n", g.N(), g.Edges()-dup)
	}
	var line []byte
	for u := int32(0); int(u) < g.N(); u++ {
		line = line[:0]
		forEachNeighbour(g, u, func(v int32, mult int) {
			if len(line) > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(v)+1, 10)
			if dup != 0 {
				line = append(line, ' ')
				line = strconv.AppendInt(line, int64(mult), 10)
			}
		})
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// ReadMETIS parses a METIS graph file without vertex weights (format 0 or
// 001: integer edge weights become parallel links) into a graph, checking
// the header counts. Lines starting with % are comments. Memory is bounded
// by the input and the links it describes: the graph is allocated only
// after the whole file is checked, and a weight w is w parallel links, at
// most MaxLinks in all (the graph's adjacency offsets are int32).
func ReadMETIS(r io.Reader) (*graph.Graph, error) { return readMETIS(r, MaxLinks) }

// MaxLinks is the most links (parallel links counted) a graph holds: its
// adjacency lists, two entries per link, are indexed by int32.
const MaxLinks = math.MaxInt32 / 2

// readMETIS is ReadMETIS with at most maxLinks links.
func readMETIS(r io.Reader, maxLinks int64) (*graph.Graph, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<28)
	ln := 0
	next := func() ([]string, bool) {
		for sc.Scan() {
			ln++
			if s := sc.Text(); !strings.HasPrefix(s, "%") {
				return strings.Fields(s), true
			}
		}
		return nil, false
	}
	hdr, ok := next()
	if !ok || len(hdr) < 2 || len(hdr) > 3 {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("metis: %w", err)
		}
		return nil, errors.New("metis: missing or malformed header \"n m [fmt]\"")
	}
	n, err1 := strconv.Atoi(hdr[0])
	m, err2 := strconv.ParseInt(hdr[1], 10, 64)
	if err1 != nil || err2 != nil || n < 0 || m < 0 {
		return nil, fmt.Errorf("metis line %d: bad header %q", ln, strings.Join(hdr, " "))
	}
	if n > math.MaxInt32-1 {
		return nil, fmt.Errorf("metis line %d: %d vertices, more than a graph holds (%d)", ln, n, math.MaxInt32-1)
	}
	weighted := false
	if len(hdr) == 3 {
		switch hdr[2] {
		case "0", "000":
		case "1", "001":
			weighted = true
		default:
			return nil, fmt.Errorf("metis line %d: unsupported format %q (vertex weights or sizes)", ln, hdr[2])
		}
	}
	// Every adjacency entry, checked for a reverse entry below; the links
	// are expanded only then, so that memory follows the input (and the
	// links it describes), not the counts it claims.
	type arc struct {
		u, v int32
		mult int64
	}
	var all []arc
	var links int64
	for u := 0; u < n; u++ {
		f, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("metis: %w", err)
			}
			return nil, fmt.Errorf("metis: %d vertex lines, want %d", u, n)
		}
		step := 1
		if weighted {
			step = 2
			if len(f)%2 != 0 {
				return nil, fmt.Errorf("metis line %d: odd number of fields in a weighted line", ln)
			}
		}
		for i := 0; i < len(f); i += step {
			v, err := strconv.Atoi(f[i])
			if err != nil || v < 1 || v > n {
				return nil, fmt.Errorf("metis line %d: bad neighbour %q", ln, f[i])
			}
			mult := int64(1)
			if weighted {
				if mult, err = strconv.ParseInt(f[i+1], 10, 64); err != nil || mult < 1 {
					return nil, fmt.Errorf("metis line %d: bad edge weight %q", ln, f[i+1])
				}
			}
			if v-1 == u {
				return nil, fmt.Errorf("metis line %d: vertex %d lists itself", ln, u+1)
			}
			all = append(all, arc{int32(u), int32(v - 1), mult})
			if v-1 > u {
				if mult > maxLinks-links {
					return nil, fmt.Errorf("metis line %d: more than %d links (edge weights are parallel links): more than a graph holds", ln, maxLinks)
				}
				links += mult
			}
		}
	}
	if int64(len(all)) != 2*m {
		return nil, fmt.Errorf("metis: %d adjacency entries, want 2m = %d", len(all), 2*m)
	}
	// Every entry u -> v needs exactly one entry v -> u of the same weight,
	// and no vertex may list a neighbour twice.
	key := func(a arc) [2]int32 { return [2]int32{a.u, a.v} }
	seen := make(map[[2]int32]int64, len(all))
	for _, a := range all {
		if _, dup := seen[key(a)]; dup {
			return nil, fmt.Errorf("metis: vertex %d lists neighbour %d twice", a.u+1, a.v+1)
		}
		seen[key(a)] = a.mult
	}
	for _, a := range all {
		if w, ok := seen[[2]int32{a.v, a.u}]; !ok || w != a.mult {
			return nil, fmt.Errorf("metis: edge %d-%d is not listed symmetrically (with the same weight) by both vertices", a.u+1, a.v+1)
		}
	}
	edges := make([]graph.Edge, 0, links)
	for _, a := range all {
		if a.v > a.u {
			for range a.mult {
				edges = append(edges, graph.Edge{U: a.u, V: a.v})
			}
		}
	}
	g, err := graph.FromEdges(n, edges)
	if err != nil {
		return nil, fmt.Errorf("metis: %w", err)
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("metis: %w", err)
	}
	return g, nil
}

// jsonHeader is the part of the json format before the router list.
type jsonHeader struct {
	Family    string          `json:"family"`
	Params    families.Values `json:"params"`
	Routers   int             `json:"routers"`
	Endpoints int64           `json:"endpoints"`
	Links     int64           `json:"links"`
	CoordDim  int             `json:"coord_dim,omitempty"`
}

// Router is one element of the "router_list" array of the json format.
type Router struct {
	ID        int32   `json:"id"`
	Endpoints int32   `json:"endpoints"`
	Role      string  `json:"role"`
	Group     *int32  `json:"group,omitempty"`
	Cabinet   *int32  `json:"cabinet,omitempty"`
	Coords    []int32 `json:"coords,omitempty"`
	Neighbors []int32 `json:"neighbors"`
}

// WriteJSON writes the instance as one JSON object: family, params,
// routers, endpoints, links, coord_dim and "router_list", an array of Router
// objects in id order (neighbour lists sorted, parallel links repeated).
func WriteJSON(w io.Writer, family string, v families.Values, t *families.Topology) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	g := t.Graph
	hdr, err := json.Marshal(jsonHeader{family, v, g.N(), t.Endpoints(), g.Edges(), t.CoordDim})
	if err != nil {
		return fmt.Errorf("topoio: %w", err)
	}
	bw.Write(hdr[:len(hdr)-1])
	bw.WriteString(`,"router_list":[`)
	var rb bytes.Buffer
	enc := json.NewEncoder(&rb)
	for u := int32(0); int(u) < g.N(); u++ {
		if u > 0 {
			bw.WriteByte(',')
		}
		bw.WriteByte('\n')
		r := Router{ID: u, Endpoints: t.Conc[u], Role: families.RoleRouter.String(), Neighbors: g.Neighbors(u)}
		if t.Role != nil {
			r.Role = t.Role[u].String()
		}
		if t.Group != nil {
			r.Group = &t.Group[u]
		}
		if t.Cabinet != nil {
			r.Cabinet = &t.Cabinet[u]
		}
		if t.Coords != nil {
			r.Coords = t.Coords[int(u)*t.CoordDim : int(u+1)*t.CoordDim]
		}
		rb.Reset()
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("topoio: %w", err)
		}
		bw.Write(bytes.TrimSuffix(rb.Bytes(), []byte("\n")))
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// Write writes the instance v of family f (built topology t, nil for a
// sizing-only family, which supports only FormatStats) in the named format.
// For FormatStats the distances use workers goroutines, and for
// FormatMerlin (DefaultSimSetup with MinRoutingVCs; WriteMerlin takes
// another setup) too. FormatBookSim is two files: use WriteBookSim.
func Write(ctx context.Context, w io.Writer, format string, f *families.Family, v families.Values, t *families.Topology, workers int) error {
	if t == nil && format != FormatStats {
		return fmt.Errorf("family %s is sizing-only: only --format stats is available", f.Name)
	}
	switch format {
	case FormatStats:
		s, err := ComputeStats(ctx, f, v, t, workers)
		if err != nil {
			return err
		}
		return WriteStats(w, s)
	case FormatEdgeList:
		return WriteEdgeList(w, t.Graph)
	case FormatAnynet:
		return WriteAnynet(w, t)
	case FormatMETIS:
		return WriteMETIS(w, t.Graph)
	case FormatJSON:
		return WriteJSON(w, f.Name, v, t)
	case FormatGraphML:
		return WriteGraphML(w, f.Name, v, t)
	case FormatNodeLink:
		return WriteNodeLink(w, f.Name, v, t)
	case FormatBookSim:
		return fmt.Errorf("format %s writes two files (%s and %s): use WriteBookSim", format, BookSimNetworkFile, BookSimConfigFile)
	case FormatMerlin:
		vcs, err := MinRoutingVCs(ctx, t, workers)
		if err != nil {
			return fmt.Errorf("merlin: %w", err)
		}
		return WriteMerlin(w, f.Name, v, t, DefaultSimSetup(vcs))
	}
	return fmt.Errorf("unknown format %q; formats: %s", format, strings.Join(Formats(), ", "))
}
