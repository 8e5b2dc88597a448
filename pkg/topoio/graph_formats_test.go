package topoio

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

// TestGraphFormats writes the Hoffman-Singleton graph (Slim Fly q = 5: 50
// routers of 4 endpoints, 175 links) and a 2 x 2 torus (4 routers, 8
// links: every link doubled) as GraphML and node-link JSON and reads them
// back: node, endpoint and edge counts, the multigraph flag.
func TestGraphFormats(t *testing.T) {
	for _, c := range []struct {
		family    string
		given     families.Values
		nodes     int
		endpoints int64
		edges     int
		multi     bool
	}{
		{"slimfly", families.Values{"q": int64(5)}, 50, 200, 175, false},
		{"torus", families.Values{"k": int64(2), "n": int64(2)}, 4, 4, 8, true},
	} {
		f, ok := families.Default().Lookup(c.family)
		if !ok {
			t.Fatal(c.family)
		}
		v, err := f.Normalize(c.given)
		if err != nil {
			t.Fatal(err)
		}
		top, err := f.Build(t.Context(), v)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteGraphML(&buf, c.family, v, top); err != nil {
			t.Fatal(err)
		}
		var gml struct {
			Keys []struct {
				ID string `xml:"id,attr"`
			} `xml:"key"`
			Graph struct {
				Default string `xml:"edgedefault,attr"`
				Nodes   []struct {
					ID   string `xml:"id,attr"`
					Data []struct {
						Key   string `xml:"key,attr"`
						Value string `xml:",chardata"`
					} `xml:"data"`
				} `xml:"node"`
				Edges []struct{ Source, Target string } `xml:"edge"`
			} `xml:"graph"`
		}
		if err := xml.Unmarshal(buf.Bytes(), &gml); err != nil {
			t.Fatalf("%s graphml: %v", c.family, err)
		}
		var ep int64
		for _, n := range gml.Graph.Nodes {
			for _, d := range n.Data {
				if d.Key == "endpoints" {
					var x int64
					json.Unmarshal([]byte(d.Value), &x)
					ep += x
				}
			}
		}
		if len(gml.Graph.Nodes) != c.nodes || len(gml.Graph.Edges) != c.edges || ep != c.endpoints || gml.Graph.Default != "undirected" {
			t.Errorf("%s graphml: %d nodes, %d edges, %d endpoints, %q", c.family, len(gml.Graph.Nodes), len(gml.Graph.Edges), ep, gml.Graph.Default)
		}
		buf.Reset()
		if err := WriteNodeLink(&buf, c.family, v, top); err != nil {
			t.Fatal(err)
		}
		var nl struct {
			Directed, Multigraph bool
			Graph                struct{ Family string }
			Nodes                []struct{ ID, Endpoints int64 }
			Links                []struct{ Source, Target int64 }
		}
		if err := json.Unmarshal(buf.Bytes(), &nl); err != nil {
			t.Fatalf("%s nodelink: %v", c.family, err)
		}
		ep = 0
		for _, n := range nl.Nodes {
			ep += n.Endpoints
		}
		if nl.Directed || nl.Multigraph != c.multi || nl.Graph.Family != c.family || len(nl.Nodes) != c.nodes || len(nl.Links) != c.edges || ep != c.endpoints {
			t.Errorf("%s nodelink: %+v", c.family, nl)
		}
	}
}
