package graph

// BitBFS is the bit-parallel breadth-first search of Distances, from up to
// 64 sources at once, for callers that need the distances themselves (such
// as all-pairs routing tables) rather than their distribution: it reports
// the (source, vertex) pairs every level reaches. A BitBFS runs one search
// at a time; use one per goroutine.
type BitBFS struct {
	g *Graph
	w *bfsWorker
}

// NewBitBFS allocates the arrays of a search of g: three words and two
// int32 per vertex.
func NewBitBFS(g *Graph) *BitBFS { return &BitBFS{g: g, w: newBFSWorker(g, nil, levelAuto)} }

// Run searches from srcs, 1 to 64 distinct vertices. At every level d >= 1
// that reaches new pairs it calls level(d, reached, bits): reached lists the
// vertices at distance d from at least one source, and for v in reached bit
// i of bits[v] is set iff v is at distance exactly d from srcs[i] (the other
// entries of bits are 0). level must not modify or retain reached and bits.
// Vertices no source reaches are never reported.
//
// Run returns true when the search is complete, false as soon as done is
// closed (checked every level and every 4096 vertices within a level) or
// level returns false. The levels come in increasing order, so a false from
// level stops the search at that level.
func (b *BitBFS) Run(done <-chan struct{}, srcs []int32, level func(d int, reached []int32, bits []uint64) bool) bool {
	if len(srcs) == 0 || len(srcs) > 64 {
		panic("graph: BitBFS.Run needs 1 to 64 sources")
	}
	if b.w == nil { // a stopped search left the arrays dirty
		b.w = newBFSWorker(b.g, nil, levelAuto)
	}
	b.w.level = level
	ok := b.w.run(done, srcs, 1, 1, nil)
	b.w.level = nil
	if !ok {
		b.w = nil
	}
	return ok
}
