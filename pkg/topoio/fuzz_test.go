package topoio

import (
	"bytes"
	"runtime"
	"slices"
	"testing"

	"github.com/runexp/runexp/pkg/graph"
)

// fuzzLinks is the link limit of FuzzReadMETIS.
const fuzzLinks = 1 << 16

// allocBound is the most a reader may allocate for an input of n bytes:
// a fixed allowance (the scanner's buffer, small maps) plus a linear share
// of the input. Readers must bound their allocations by the input, not
// by the counts it claims.
func allocBound(n int) uint64 { return 1<<20 + 256*uint64(n) }

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzReadAnynet feeds ReadAnynet arbitrary input (seed corpus:
// testdata/fuzz/FuzzReadAnynet, files written by WriteAnynet, one with
// channel latencies, and broken variants). It must not panic, must allocate within allocBound, must
// return a valid topology when it accepts the input, and that topology
// written by WriteAnynet must read back equal.
func FuzzReadAnynet(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var err error
		got := allocated(func() { _, err = ReadAnynet(bytes.NewReader(data)) })
		if bound := allocBound(len(data)); got > bound {
			t.Fatalf("%d bytes of input allocated %d bytes, more than %d", len(data), got, bound)
		}
		if err != nil {
			return
		}
		top, _ := ReadAnynet(bytes.NewReader(data))
		if err := top.Graph.Validate(); err != nil {
			t.Fatalf("accepted an invalid graph: %v", err)
		}
		if len(top.Conc) != top.Graph.N() {
			t.Fatalf("%d routers, %d concentrations", top.Graph.N(), len(top.Conc))
		}
		var buf bytes.Buffer
		if err := WriteAnynet(&buf, top); err != nil {
			t.Fatal(err)
		}
		back, err := ReadAnynet(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("written file does not read back: %v\n%s", err, buf.Bytes())
		}
		if !sameGraph(top.Graph, back.Graph) || !slices.Equal(top.Conc, back.Conc) {
			t.Fatalf("round trip differs:\n%s", buf.Bytes())
		}
	})
}

// FuzzReadMETIS feeds ReadMETIS arbitrary input (seed corpus:
// testdata/fuzz/FuzzReadMETIS, files written by WriteMETIS, weighted ones
// included, and broken variants). It must not panic, must allocate within
// allocBound plus the links the file describes (a weight w is w parallel
// links, which the graph stores one by one), must return a valid graph
// when it accepts the input, and that graph written by WriteMETIS must read
// back equal.
func FuzzReadMETIS(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var g *graph.Graph
		var err error
		// At most fuzzLinks links, so that the fuzzer's weights stay
		// small enough to allocate; the limit's code path is ReadMETIS's.
		got := allocated(func() { g, err = readMETIS(bytes.NewReader(data), fuzzLinks) })
		bound := allocBound(len(data))
		if err == nil {
			bound += 48 * uint64(g.Edges()) // the edges, then the graph's two adjacency passes
		}
		if got > bound {
			t.Fatalf("%d bytes of input allocated %d bytes, more than %d", len(data), got, bound)
		}
		if err != nil {
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("accepted an invalid graph: %v", err)
		}
		var buf bytes.Buffer
		if err := WriteMETIS(&buf, g); err != nil {
			t.Fatal(err)
		}
		back, err := ReadMETIS(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("written file does not read back: %v\n%s", err, buf.Bytes())
		}
		if !sameGraph(g, back) {
			t.Fatalf("round trip differs:\n%s", buf.Bytes())
		}
	})
}
