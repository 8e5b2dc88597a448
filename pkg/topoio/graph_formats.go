package topoio

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"github.com/runexp/runexp/pkg/families"
)

// WriteGraphML writes t as GraphML (networkx.read_graphml, igraph, Gephi,
// yEd): an undirected graph whose nodes are the routers (ids "0", "1", ...)
// with data endpoints, role and, where the family defines them, group and
// cabinet; one edge per link (parallel links repeated, which readers such
// as networkx turn into a multigraph); the graph's data family and params
// (JSON).
func WriteGraphML(w io.Writer, family string, v families.Values, t *families.Topology) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	params, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("topoio: %w", err)
	}
	esc := func(s string) string {
		var b []byte
		buf := &byteWriter{b}
		xml.EscapeText(buf, []byte(s))
		return string(buf.b)
	}
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="family" for="graph" attr.name="family" attr.type="string"/>
  <key id="params" for="graph" attr.name="params" attr.type="string"/>
  <key id="endpoints" for="node" attr.name="endpoints" attr.type="int"/>
  <key id="role" for="node" attr.name="role" attr.type="string"/>
`)
	if t.Group != nil {
		bw.WriteString(`  <key id="group" for="node" attr.name="group" attr.type="int"/>` + "\n")
	}
	if t.Cabinet != nil {
		bw.WriteString(`  <key id="cabinet" for="node" attr.name="cabinet" attr.type="int"/>` + "\n")
	}
	fmt.Fprintf(bw, "  <graph id=\"G\" edgedefault=\"undirected\">\n    <data key=\"family\">%s</data>\n    <data key=\"params\">%s</data>\n", esc(family), esc(string(params)))
	g := t.Graph
	var line []byte
	for u := int32(0); int(u) < g.N(); u++ {
		role := families.RoleRouter.String()
		if t.Role != nil {
			role = t.Role[u].String()
		}
		line = append(line[:0], `    <node id="`...)
		line = strconv.AppendInt(line, int64(u), 10)
		line = append(line, `"><data key="endpoints">`...)
		line = strconv.AppendInt(line, int64(t.Conc[u]), 10)
		line = append(line, `</data><data key="role">`...)
		line = append(line, role...)
		line = append(line, `</data>`...)
		if t.Group != nil {
			line = append(line, `<data key="group">`...)
			line = strconv.AppendInt(line, int64(t.Group[u]), 10)
			line = append(line, `</data>`...)
		}
		if t.Cabinet != nil {
			line = append(line, `<data key="cabinet">`...)
			line = strconv.AppendInt(line, int64(t.Cabinet[u]), 10)
			line = append(line, `</data>`...)
		}
		line = append(line, "</node>\n"...)
		bw.Write(line)
	}
	for u := int32(0); int(u) < g.N(); u++ {
		for _, x := range g.Neighbors(u) {
			if x < u {
				continue
			}
			line = append(line[:0], `    <edge source="`...)
			line = strconv.AppendInt(line, int64(u), 10)
			line = append(line, `" target="`...)
			line = strconv.AppendInt(line, int64(x), 10)
			line = append(line, "\"/>\n"...)
			bw.Write(line)
		}
	}
	bw.WriteString("  </graph>\n</graphml>\n")
	return bw.Flush()
}

// byteWriter collects the output of xml.EscapeText.
type byteWriter struct{ b []byte }

func (w *byteWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// nodeLinkNode is a node of the node-link format.
type nodeLinkNode struct {
	ID        int32  `json:"id"`
	Endpoints int32  `json:"endpoints"`
	Role      string `json:"role"`
	Group     *int32 `json:"group,omitempty"`
	Cabinet   *int32 `json:"cabinet,omitempty"`
}

// WriteNodeLink writes t in networkx's node-link JSON format
// (networkx.node_link_graph(data, edges="links")): directed false,
// multigraph true when t has parallel links, graph {family, params}, nodes
// (id, endpoints, role, group, cabinet) and links (source, target), one per
// link.
func WriteNodeLink(w io.Writer, family string, v families.Values, t *families.Topology) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	g := t.Graph
	hdr, err := json.Marshal(map[string]any{"directed": false, "multigraph": ParallelLinks(g) > 0,
		"graph": map[string]any{"family": family, "params": v}})
	if err != nil {
		return fmt.Errorf("topoio: %w", err)
	}
	bw.Write(hdr[:len(hdr)-1])
	bw.WriteString(`,"nodes":[`)
	for u := int32(0); int(u) < g.N(); u++ {
		n := nodeLinkNode{ID: u, Endpoints: t.Conc[u], Role: families.RoleRouter.String()}
		if t.Role != nil {
			n.Role = t.Role[u].String()
		}
		if t.Group != nil {
			n.Group = &t.Group[u]
		}
		if t.Cabinet != nil {
			n.Cabinet = &t.Cabinet[u]
		}
		b, err := json.Marshal(n)
		if err != nil {
			return fmt.Errorf("topoio: %w", err)
		}
		if u > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n")
		bw.Write(b)
	}
	bw.WriteString(`],"links":[`)
	first := true
	var line []byte
	for u := int32(0); int(u) < g.N(); u++ {
		for _, x := range g.Neighbors(u) {
			if x < u {
				continue
			}
			line = line[:0]
			if !first {
				line = append(line, ',')
			}
			first = false
			line = append(line, "\n{\"source\":"...)
			line = strconv.AppendInt(line, int64(u), 10)
			line = append(line, ",\"target\":"...)
			line = strconv.AppendInt(line, int64(x), 10)
			line = append(line, '}')
			bw.Write(line)
		}
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}
