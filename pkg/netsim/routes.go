package netsim

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// routeTable holds all-pairs router distances and minimal next hops.
//
// Distances: d8[a*R+b] when the diameter is below 255, else d16.
//
// Next hops: nh[a*R+b] below nhMulti is the only minimal port from a
// towards b. Otherwise x - nhMulti numbers a set of minimal ports (several,
// or one port >= nhMulti): set id rowBase[2a + b>>15] + x - nhMulti, whose
// port list is ports[setOff[id]+1 : setOff[id]+1+count], ascending, with
// count = ports[setOff[id]]. Each row numbers the distinct sets of each
// block of 32,768 destinations 0, 1, ... in the order of their first
// destination (so 15 bits always suffice), and rows share the port lists.
// If the distinct sets of the whole network number at most 32,768, the
// entries number them directly and rowBase is all zero instead (the shared
// form: tori, fat trees and hypercubes have few). b == a: nh is 0 (unused).
type routeTable struct {
	r    int
	diam int
	d8   []uint8
	d16  []uint16

	nh      []uint16
	rowBase []uint32 // len 2R
	setOff  []uint32
	ports   []uint16
}

const (
	nhMulti  = 1 << 15 // flag of a port-set entry of nh
	blkShift = 15      // destinations per block of a row: 1 << blkShift
)

// distAt returns the distance from router a to router b.
func (t *routeTable) distAt(a, b int) int32 {
	i := a*t.r + b
	if t.d8 != nil {
		return int32(t.d8[i])
	}
	return int32(t.d16[i])
}

// touch loads the next-hop entry from a towards b (nil table: nothing) so
// that a later lookup finds it in cache; see sim.touchArrivals.
func (t *routeTable) touch(a, b int32) int32 {
	if t == nil {
		return 0
	}
	return int32(t.nh[int(a)*t.r+int(b)])
}

// bytes returns the memory of the tables.
func (t *routeTable) bytes() int64 {
	return int64(len(t.d8)) + 2*int64(len(t.d16)) + 2*int64(len(t.nh)) +
		4*int64(len(t.rowBase)) + 4*int64(len(t.setOff)) + 2*int64(len(t.ports))
}

// Routes builds (once) the all-pairs distance and minimal next-hop tables:
// 3 bytes per ordered router pair (a one-byte distance, two bytes if the
// diameter exceeds 254, and a two-byte next-hop entry that holds either the
// single minimal port or the number of a set of several), plus 8 bytes per
// router and the sets of several minimal ports: 2 bytes per port of each
// distinct set, and 4 bytes per distinct set of each router unless the
// network has at most 32,768 distinct sets (tori, fat trees, the Slim Fly
// of q = 89: 15,842 routers, 0.75 GB). It fails for a disconnected graph, a
// diameter above 65,534 or a router degree above 65,535.
func (n *Network) Routes() error { return n.RoutesContext(context.Background()) }

// RoutesContext is Routes with a context: the tables of thousands of
// routers take up to seconds (runtime.GOMAXPROCS goroutines build them). If
// ctx is cancelled first it returns ctx.Err(), and so do Routes and every
// routing constructor on this network from then on (build another
// Network).
func (n *Network) RoutesContext(ctx context.Context) error {
	n.once.Do(func() { n.rt, n.err = buildRoutes(ctx, n.g) })
	return n.err
}

// Diameter returns the router graph's diameter (Routes must have succeeded).
func (n *Network) Diameter() int { return n.rt.diam }

// Dist returns the router distance from a to b (Routes must have
// succeeded).
func (n *Network) Dist(a, b int32) int32 { return n.rt.distAt(int(a), int(b)) }

// MinPorts returns the number of minimal next-hop ports from router r
// towards router d != r (Routes must have succeeded).
func (n *Network) MinPorts(r, d int32) int {
	t := n.rt
	x := t.nh[int(r)*t.r+int(d)]
	if x < nhMulti {
		return 1
	}
	return int(t.ports[t.setOff[t.rowBase[2*int(r)+int(d>>blkShift)]+uint32(x-nhMulti)]])
}

// MinPort returns the i-th (0 <= i < MinPorts(r, d)) minimal next-hop port
// from r towards d, in ascending port order.
func (n *Network) MinPort(r, d int32, i int) int32 {
	t := n.rt
	x := t.nh[int(r)*t.r+int(d)]
	if x < nhMulti {
		return int32(x)
	}
	return int32(t.ports[int(t.setOff[t.rowBase[2*int(r)+int(d>>blkShift)]+uint32(x-nhMulti)])+1+i])
}

// routeOptions are the settings of buildRoutesOpts (tests vary them).
type routeOptions struct {
	workers int // goroutines; <= 0: runtime.GOMAXPROCS(0)
	// perRow numbers the port sets per row (and block) even when the
	// shared numbering fits.
	perRow bool
	// sharedMax > 0 replaces 32,768 as the most sets of the shared
	// numbering, chunk > 0 replaces rowChunk.
	sharedMax, chunk int
}

// buildRoutes builds the tables of g with runtime.GOMAXPROCS(0) goroutines;
// it returns ctx.Err() if ctx is cancelled.
func buildRoutes(ctx context.Context, g *graph.Graph) (*routeTable, error) {
	return buildRoutesOpts(ctx, g, routeOptions{})
}

// rowChunk is the number of rows whose next hops the workers compute
// between two merges of their port sets into the network's.
const rowChunk = 256

// buildRoutesOpts builds the tables in two parallel passes; they are
// identical for any number of workers.
//
// Distances: bit-parallel BFS (graph.BitBFS) from batches of 64 consecutive
// sources, one batch per worker at a time. Distances are symmetric, so the
// pairs a level reaches at vertex v fill row v, in the 64 columns of the
// batch. Besides the distance, it records dist mod 3 of every pair in two
// bit planes (bit j of word k of row v: source 64k+j).
//
// Next hops: a neighbour u of a is a minimal next hop towards b iff
// dist(u, b) = dist(a, b) - 1, and as dist(u, b) is dist(a, b) - 1,
// dist(a, b) or dist(a, b) + 1, iff dist(u, b) = dist(a, b) - 1 mod 3: one
// comparison of bit planes covers 64 destinations, R*deg*R/64 word
// operations in all. For row a, the ports in ascending order set the single
// port of the destinations they reach first and mark those reached again;
// the port sets of the marked destinations are then collected as bit masks
// and numbered within the row, and the rows' sets are merged into the
// network's in row order (see nextHops).
//
// A BFS from router 0 checks connectivity first: a disconnected graph fails
// with the first router 0 cannot reach, as a source-by-source search would.
func buildRoutesOpts(ctx context.Context, g *graph.Graph, opts routeOptions) (*routeTable, error) {
	R := g.N()
	if int64(R)*int64(R) > 1<<32 {
		return nil, fmt.Errorf("netsim: %d routers too many for all-pairs routing tables", R)
	}
	if d := g.MaxDegree(); d > math.MaxUint16 {
		return nil, fmt.Errorf("netsim: router degree %d too large for the routing tables (at most 65,535)", d)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	workers := opts.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &routeTable{r: R, nh: make([]uint16, R*R), rowBase: make([]uint32, 2*R), ports: []uint16{}}
	if R == 0 {
		t.d8 = []uint8{}
		return t, nil
	}
	d := make([]int32, R)
	graph.BFS(g, 0, d)
	ecc0 := 0
	for v, x := range d {
		if x < 0 {
			return nil, fmt.Errorf("netsim: graph is disconnected (router %d cannot reach %d)", 0, v)
		}
		if x >= math.MaxUint16 {
			return nil, fmt.Errorf("netsim: distance %d too large", x)
		}
		ecc0 = max(ecc0, int(x))
	}

	W := (R + 63) / 64
	planes := make([]uint64, 2*R*W)
	// Two bytes per distance if ecc0 (at most the diameter) exceeds 254;
	// else one, and two after all if the search meets a distance of 255.
	wide := ecc0 >= math.MaxUint8
	for {
		overflow, err := t.distances(ctx, g, planes, wide, workers)
		if err != nil {
			return nil, err
		}
		if !overflow {
			break
		}
		wide = true
		clear(planes)
	}
	if err := t.nextHops(ctx, g, planes, workers, opts); err != nil {
		return nil, err
	}
	return t, nil
}

// distances fills the distance table (d16 if wide, else d8) and the planes
// of dist mod 3, and sets the diameter. It reports overflow, leaving the
// tables unusable, if a distance does not fit d8.
func (t *routeTable) distances(ctx context.Context, g *graph.Graph, planes []uint64, wide bool, workers int) (overflow bool, err error) {
	R := t.r
	W := (R + 63) / 64
	limit := math.MaxUint8
	t.d8, t.d16 = nil, nil
	if wide {
		limit = math.MaxUint16
		t.d16 = make([]uint16, R*R)
	} else {
		t.d8 = make([]uint8, R*R)
	}
	workers = max(1, min(workers, W))
	done := ctx.Done()
	var next atomic.Int64
	var tooFar atomic.Bool
	diam := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bfs := graph.NewBitBFS(g)
			srcs := make([]int32, 0, 64)
			// The batch's distances and planes, 64 columns and two words
			// per vertex, moved to the tables when it is done (a level
			// reaches vertices all over the tables; one move per batch
			// and vertex streams through them).
			var d8 []uint8
			var d16 []uint16
			if wide {
				d16 = make([]uint16, 64*R)
			} else {
				d8 = make([]uint8, 64*R)
			}
			pl := make([]uint64, 2*R)
			level := func(d int, reached []int32, words []uint64) bool {
				if d >= limit {
					tooFar.Store(true)
					return false
				}
				diam[w] = max(diam[w], d)
				plane := d%3 - 1 // -1: residue 0, no bit
				for _, v := range reached {
					x := words[v]
					if plane >= 0 {
						pl[2*int(v)+plane] |= x
					}
					if wide {
						putLevel16(d16[64*int(v):64*int(v)+64], x, uint64(d))
					} else {
						putLevel8(d8[64*int(v):64*int(v)+64], x, uint64(d))
					}
				}
				return true
			}
			for !tooFar.Load() {
				k := int(next.Add(1)) - 1
				if k >= W {
					return
				}
				srcs = srcs[:0]
				for s := 64 * k; s < min(64*k+64, R); s++ {
					srcs = append(srcs, int32(s))
				}
				if !bfs.Run(done, srcs, level) {
					return
				}
				cols := len(srcs)
				for v := range R {
					base := v*R + 64*k
					if wide {
						copy(t.d16[base:base+cols], d16[64*v:64*v+cols])
					} else {
						copy(t.d8[base:base+cols], d8[64*v:64*v+cols])
					}
					planes[2*(v*W+k)] = pl[2*v]
					planes[2*(v*W+k)+1] = pl[2*v+1]
				}
				clear(d8)
				clear(d16)
				clear(pl)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if tooFar.Load() {
		if wide {
			return false, fmt.Errorf("netsim: distance %d too large", limit)
		}
		return true, nil
	}
	t.diam = 0
	for _, x := range diam {
		t.diam = max(t.diam, x)
	}
	return false, nil
}

// spread8[m] has byte j = 1 for every bit j of m; spread16[m] has 16-bit
// lane j = 1 for every bit j of m (m < 16).
var spread8, spread16 = func() (s8 [256]uint64, s16 [16]uint64) {
	for m := range 256 {
		for j := range 8 {
			if m>>j&1 != 0 {
				s8[m] |= 1 << (8 * j)
				if m < 16 && j < 4 {
					s16[m] |= 1 << (16 * j)
				}
			}
		}
	}
	return
}()

// putLevel8 sets row[j] = d for every bit j of x (64 one-byte distances,
// those of x zero before), eight at a time.
func putLevel8(row []uint8, x, d uint64) {
	_ = row[63]
	for j := 0; x != 0; j, x = j+8, x>>8 {
		if m := x & 0xff; m != 0 {
			binary.LittleEndian.PutUint64(row[j:], binary.LittleEndian.Uint64(row[j:])|spread8[m]*d)
		}
	}
}

// putLevel16 is putLevel8 for two-byte distances, four at a time.
func putLevel16(row []uint16, x, d uint64) {
	_ = row[63]
	for j := 0; x != 0; j, x = j+4, x>>4 {
		if m := x & 0xf; m != 0 {
			r := row[j : j+4]
			v := spread16[m] * d
			r[0] |= uint16(v)
			r[1] |= uint16(v >> 16)
			r[2] |= uint16(v >> 32)
			r[3] |= uint16(v >> 48)
		}
	}
}

// rowSets is the output of one row of nextHops: the port sets of the row,
// n[k] of them for destination block k, masks of pw words each at
// keys[start*pw:] of worker w's arena, and their network ids (-1: not yet
// numbered) at gid[start:].
type rowSets struct {
	w, start int
	n        [2]int
}

// nhWorker holds one goroutine's scratch arrays of nextHops.
type nhWorker struct {
	g      *graph.Graph
	t      *routeTable
	planes []uint64
	w, pw  int
	t0, t1 []uint64 // per destination word: target residue planes
	s1, s2 []uint64 // per destination word: reached by a port, by several
	m      []uint64 // m[i*W+w]: destinations of word w port i leads to minimally
	pm     []uint64 // port masks of the 64 destinations of a word
	// multi has bit w%64 of word a*mwPerRow + w/64 set if destination word
	// w of row a has port sets (rows do not share words: no races).
	multi    []uint64
	mwPerRow int
	tr       [64]uint64
	local    setIndex // the port sets of a block of the row
	keys     []uint64 // port-set masks of the rows of the chunk
	gid      []int32  // their network ids, -1 if new
	sets     *setIndex
}

// row computes the next hops of row a: single ports into the table, port
// sets numbered per block of the row and appended to the worker's arena.
func (nw *nhWorker) row(a int) (rowSets, error) {
	t, W, pw := nw.t, nw.w, nw.pw
	R := t.r
	nb := nw.g.Neighbors(int32(a))
	planes, m, pm := nw.planes, nw.m, nw.pm
	// The row's entries; the bits of destinations >= R are never set.
	nh := t.nh[a*R:]
	t0, t1, s1, s2 := nw.t0[:W], nw.t1[:W], nw.s1[:W], nw.s2[:W]
	pa := planes[2*a*W : 2*(a+1)*W]
	for w := range W {
		// Residue r = p0 + 2*p1 of dist(a, b); the target (r-1) mod 3 is 2
		// for r = 0, 0 for r = 1 and 1 for r = 2.
		p0, p1 := pa[2*w], pa[2*w+1]
		t0[w], t1[w] = p1, ^(p0 | p1)
		s1[w], s2[w] = 0, 0
	}
	if rem := R % 64; rem != 0 {
		pad := ^uint64(0) << uint(rem)
		t0[W-1] |= pad // target 3 matches no residue
		t1[W-1] |= pad
	}
	// Four ports at a time (four streams of plane words in flight), in
	// ascending order within each word.
	i := 0
	for ; i+4 <= min(len(nb), nhMulti); i += 4 {
		pu0 := planes[2*int(nb[i])*W:][:2*W]
		pu1 := planes[2*int(nb[i+1])*W:][:2*W]
		pu2 := planes[2*int(nb[i+2])*W:][:2*W]
		pu3 := planes[2*int(nb[i+3])*W:][:2*W]
		m0, m1, m2, m3 := m[i*W:][:W], m[(i+1)*W:][:W], m[(i+2)*W:][:W], m[(i+3)*W:][:W]
		p := uint16(i)
		for w := range W {
			a0, a1 := t0[w], t1[w]
			x0 := ^(pu0[2*w] ^ a0) & ^(pu0[2*w+1] ^ a1)
			x1 := ^(pu1[2*w] ^ a0) & ^(pu1[2*w+1] ^ a1)
			x2 := ^(pu2[2*w] ^ a0) & ^(pu2[2*w+1] ^ a1)
			x3 := ^(pu3[2*w] ^ a0) & ^(pu3[2*w+1] ^ a1)
			m0[w], m1[w], m2[w], m3[w] = x0, x1, x2, x3
			o1, o2 := s1[w], s2[w]
			f0 := x0 &^ o1
			o2 |= x0 & o1
			o1 |= x0
			f1 := x1 &^ o1
			o2 |= x1 & o1
			o1 |= x1
			f2 := x2 &^ o1
			o2 |= x2 & o1
			o1 |= x2
			f3 := x3 &^ o1
			o2 |= x3 & o1
			o1 |= x3
			s1[w], s2[w] = o1, o2
			if f0|f1|f2|f3 == 0 {
				continue
			}
			fw := nh[64*w:]
			for ; f0 != 0; f0 &= f0 - 1 {
				fw[bits.TrailingZeros64(f0)] = p
			}
			for ; f1 != 0; f1 &= f1 - 1 {
				fw[bits.TrailingZeros64(f1)] = p + 1
			}
			for ; f2 != 0; f2 &= f2 - 1 {
				fw[bits.TrailingZeros64(f2)] = p + 2
			}
			for ; f3 != 0; f3 &= f3 - 1 {
				fw[bits.TrailingZeros64(f3)] = p + 3
			}
		}
	}
	for ; i < len(nb); i++ {
		pu := planes[2*int(nb[i])*W:][:2*W]
		mi := m[i*W:][:W]
		p := uint16(i)
		big := i >= nhMulti // a single port this large is stored as a set
		for w := range W {
			x := ^(pu[2*w] ^ t0[w]) & ^(pu[2*w+1] ^ t1[w])
			mi[w] = x
			f := x &^ s1[w]
			s2[w] |= x & s1[w]
			s1[w] |= x
			if big {
				s2[w] |= x
			}
			fw := nh[64*w:]
			for ; f != 0; f &= f - 1 {
				fw[bits.TrailingZeros64(f)] = p
			}
		}
	}
	nh = nh[:R]
	out := rowSets{start: len(nw.gid)}
	const blkWords = (1 << blkShift) / 64
	for w := range W {
		if w%blkWords == 0 && w > 0 {
			out.n[w/blkWords-1] = nw.flush()
		}
		want := ^uint64(0)
		if w == W-1 && R%64 != 0 {
			want = ^(^uint64(0) << uint(R%64))
		}
		if w == a/64 {
			want &^= 1 << uint(a%64)
		}
		if miss := want &^ s1[w]; miss != 0 {
			return rowSets{}, fmt.Errorf("netsim: internal error: no next hop from %d to %d", a, 64*w+bits.TrailingZeros64(miss))
		}
		dst := nh[64*w : min(64*w+64, R)]
		mw := s2[w]
		if mw == 0 {
			continue
		}
		nw.multi[a*nw.mwPerRow+w/64] |= 1 << uint(w%64)
		if bits.OnesCount64(mw) >= 32 {
			// Many sets: transpose the port x destination bit matrix,
			// 64 ports at a time.
			tr := &nw.tr
			for c := range pw {
				for i := range 64 {
					if p := 64*c + i; p < len(nb) {
						tr[i] = m[p*W+w] & mw
					} else {
						tr[i] = 0
					}
				}
				transpose64(tr)
				for y := mw; y != 0; y &= y - 1 {
					b := bits.TrailingZeros64(y)
					pm[b*pw+c] = tr[b]
				}
			}
		} else {
			for i := range nb {
				bit := uint64(1) << uint(i%64)
				for y := m[i*W+w] & mw; y != 0; y &= y - 1 {
					pm[bits.TrailingZeros64(y)*pw+i/64] |= bit
				}
			}
		}
		for y := mw; y != 0; y &= y - 1 {
			b := bits.TrailingZeros64(y)
			key := pm[b*pw : (b+1)*pw]
			n := nw.local.n
			id := nw.local.id(key)
			if id == n { // new in the block: its network id, if known
				nw.gid = append(nw.gid, int32(nw.sets.lookup(key)))
			}
			dst[b] = nhMulti + uint16(id)
			clear(key)
		}
	}
	out.n[(W-1)/blkWords] = nw.flush()
	return out, nil
}

// transpose64 transposes the 64 x 64 bit matrix a: bit j of a[i] becomes
// bit i of a[j] (Hacker's Delight, section 7-3).
func transpose64(a *[64]uint64) {
	j := 32
	m := uint64(0x00000000FFFFFFFF)
	for j != 0 {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := ((a[k] >> uint(j)) ^ a[k+j]) & m
			a[k] ^= t << uint(j)
			a[k+j] ^= t
		}
		j >>= 1
		m ^= m << uint(j)
	}
}

// flush moves the port sets of the block to the chunk's arena and returns
// their number.
func (nw *nhWorker) flush() int {
	n := nw.local.n
	nw.keys = append(nw.keys, nw.local.keys...)
	nw.local.reset()
	return n
}

// appendKey is append(keys, key...) without the call of a copy for keys
// of a few words.
func appendKey(keys, key []uint64) []uint64 {
	if len(key) > 4 {
		return append(keys, key...)
	}
	for _, x := range key {
		keys = append(keys, x)
	}
	return keys
}

func hashKey(k []uint64) uint64 {
	h := uint64(len(k))
	for _, x := range k {
		h = (h ^ x) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

func equalKey(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// setIndex numbers distinct port-set masks in the order of their first
// appearance (open addressing, at most half full).
type setIndex struct {
	pw    int
	keys  []uint64 // mask of set id at keys[id*pw:]
	tab   []int32  // id+1, 0 empty
	slots []int32  // the used entries of tab
	n     int
}

// reset removes every set.
func (s *setIndex) reset() {
	for _, h := range s.slots {
		s.tab[h] = 0
	}
	s.slots, s.keys, s.n = s.slots[:0], s.keys[:0], 0
}

// lookup returns the id of key, -1 if it has none. Goroutines may look up
// concurrently while no id is added.
func (s *setIndex) lookup(key []uint64) int {
	if s.n == 0 {
		return -1
	}
	mask := uint64(len(s.tab) - 1)
	for h := hashKey(key) & mask; ; h = (h + 1) & mask {
		e := s.tab[h]
		if e == 0 {
			return -1
		}
		if equalKey(s.keys[int(e-1)*s.pw:int(e)*s.pw], key) {
			return int(e - 1)
		}
	}
}

// id returns the id of key, numbering it if it has none.
func (s *setIndex) id(key []uint64) int {
	if 2*(s.n+1) > len(s.tab) {
		s.tab = make([]int32, max(64, 2*len(s.tab)))
		s.slots = s.slots[:0]
		for id := 0; id < s.n; id++ {
			h := hashKey(s.keys[id*s.pw:(id+1)*s.pw]) & uint64(len(s.tab)-1)
			for s.tab[h] != 0 {
				h = (h + 1) & uint64(len(s.tab)-1)
			}
			s.tab[h] = int32(id + 1)
			s.slots = append(s.slots, int32(h))
		}
	}
	mask := uint64(len(s.tab) - 1)
	for h := hashKey(key) & mask; ; h = (h + 1) & mask {
		e := s.tab[h]
		if e == 0 {
			s.tab[h] = int32(s.n + 1)
			s.slots = append(s.slots, int32(h))
			s.keys = appendKey(s.keys, key)
			s.n++
			return s.n - 1
		}
		if equalKey(s.keys[int(e-1)*s.pw:int(e)*s.pw], key) {
			return int(e - 1)
		}
	}
}

// nextHops fills the next-hop table and the port sets from the planes.
//
// The rows are computed rowChunk at a time in parallel, each numbering its
// own sets (per block), and merged in row order: the sets new to the
// network get their ids. While the network has at most sharedMax sets,
// the workers then rewrite the chunk's entries to the network's set ids
// (the shared numbering); when it gets more, the rows rewritten so far are
// numbered per row again (unshare) and the later rows keep their own
// numbering.
func (t *routeTable) nextHops(ctx context.Context, g *graph.Graph, planes []uint64, workers int, opts routeOptions) error {
	R := t.r
	W := (R + 63) / 64
	maxDeg := g.MaxDegree()
	pw := max(1, (maxDeg+63)/64)
	chunk := rowChunk
	if opts.chunk > 0 {
		chunk = opts.chunk
	}
	sharedMax := nhMulti
	if opts.perRow {
		sharedMax = -1
	} else if opts.sharedMax > 0 {
		sharedMax = opts.sharedMax
	}
	shared := sharedMax >= 0
	workers = max(1, min(workers, R))
	ws := make([]*nhWorker, workers)
	mwPerRow := (W + 63) / 64
	multi := make([]uint64, R*mwPerRow)
	sets := &setIndex{pw: pw}
	for i := range ws {
		ws[i] = &nhWorker{
			g: g, t: t, planes: planes, w: W, pw: pw,
			t0: make([]uint64, W), t1: make([]uint64, W),
			s1: make([]uint64, W), s2: make([]uint64, W),
			m:     make([]uint64, maxDeg*W),
			pm:    make([]uint64, 64*pw),
			local: setIndex{pw: pw},
			multi: multi, mwPerRow: mwPerRow,
			sets: sets,
		}
	}
	done := ctx.Done()
	// parallel runs f for the rows lo .. hi-1 on the workers.
	parallel := func(lo, hi int, f func(nw *nhWorker, wi, a int)) error {
		var next atomic.Int64
		next.Store(int64(lo))
		var wg sync.WaitGroup
		for wi, nw := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					a := int(next.Add(1)) - 1
					if a >= hi || stop.Requested(done) {
						return
					}
					f(nw, wi, a)
				}
			}()
		}
		wg.Wait()
		return ctx.Err()
	}
	// gids: the network ids of the rows' sets; per-row numbering: block k
	// of row a from rowBase[2a+k], shared: of the chunk's rows from
	// cbase[2(a-lo)+k].
	var gids, cg []uint32
	cbase := make([]uint32, 2*chunk)
	outs := make([]rowSets, chunk)
	errs := make([]error, chunk)
	for lo := 0; lo < R; lo += chunk {
		hi := min(lo+chunk, R)
		for _, nw := range ws {
			nw.keys, nw.gid = nw.keys[:0], nw.gid[:0]
		}
		err := parallel(lo, hi, func(nw *nhWorker, wi, a int) {
			out, err := nw.row(a)
			out.w = wi
			outs[a-lo], errs[a-lo] = out, err
		})
		if err != nil {
			return err
		}
		// The workers numbered the sets known before the chunk.
		cg = cg[:0]
		for a := lo; a < hi; a++ {
			if err := errs[a-lo]; err != nil {
				return err
			}
			out := outs[a-lo]
			nw := ws[out.w]
			j := out.start
			for blk, n := range out.n {
				if int64(len(gids))+int64(len(cg))+int64(n) > math.MaxUint32 {
					return fmt.Errorf("netsim: next-hop table too large")
				}
				cbase[2*(a-lo)+blk] = uint32(len(cg))
				for ; n > 0; n-- {
					id := int(nw.gid[j])
					if id < 0 {
						id = sets.id(nw.keys[j*pw : (j+1)*pw])
					}
					cg = append(cg, uint32(id))
					j++
				}
			}
		}
		if shared && sets.n <= sharedMax {
			err := parallel(lo, hi, func(nw *nhWorker, _, a int) {
				row := t.nh[a*R : (a+1)*R]
				for k, mk := range multi[a*mwPerRow : (a+1)*mwPerRow] {
					for ; mk != 0; mk &= mk - 1 {
						w := 64*k + bits.TrailingZeros64(mk)
						id := cg[cbase[2*(a-lo)+(64*w>>blkShift)]:]
						for b := 64 * w; b < min(64*w+64, R); b++ {
							if x := row[b]; x >= nhMulti {
								row[b] = nhMulti + uint16(id[x-nhMulti])
							}
						}
					}
				}
			})
			if err != nil {
				return err
			}
			continue
		}
		if shared {
			shared = false
			var err error
			if gids, err = t.unshare(ctx, lo, sets.n, multi, mwPerRow); err != nil {
				return err
			}
		}
		for a := lo; a < hi; a++ {
			for blk := range 2 {
				t.rowBase[2*a+blk] = uint32(len(gids)) + cbase[2*(a-lo)+blk]
			}
		}
		gids = append(gids, cg...)
	}
	ws = nil

	// Port lists: the count, then the ports in ascending order.
	off := make([]uint32, sets.n)
	for id := range sets.n {
		if len(t.ports) > math.MaxUint32-1-maxDeg {
			return fmt.Errorf("netsim: next-hop table too large")
		}
		key := sets.keys[id*pw : (id+1)*pw]
		cnt := 0
		for _, x := range key {
			cnt += bits.OnesCount64(x)
		}
		off[id] = uint32(len(t.ports))
		t.ports = append(t.ports, uint16(cnt))
		for k, x := range key {
			for ; x != 0; x &= x - 1 {
				t.ports = append(t.ports, uint16(64*k+bits.TrailingZeros64(x)))
			}
		}
	}
	if shared {
		t.setOff = off
		return nil
	}
	t.setOff = make([]uint32, len(gids))
	for i, id := range gids {
		t.setOff[i] = off[id]
	}
	return nil
}

// unshare numbers the sets of rows 0 .. rows-1, whose entries hold the
// network's set ids (fewer than n), per row and block again, in the order
// of their first destination as nhWorker.row does, and returns the network
// ids of the rows' sets (block k of row a from rowBase[2a+k]).
func (t *routeTable) unshare(ctx context.Context, rows, n int, multi []uint64, mwPerRow int) ([]uint32, error) {
	R := t.r
	var gids []uint32
	stamp := make([]int32, n) // 2a+k+1: id numbered in block k of row a
	local := make([]uint16, n)
	done := ctx.Done()
	for a := range rows {
		if stop.Requested(done) {
			return nil, ctx.Err()
		}
		row := t.nh[a*R : (a+1)*R]
		blk := -1
		var cnt uint16
		for k, mk := range multi[a*mwPerRow : (a+1)*mwPerRow] {
			for ; mk != 0; mk &= mk - 1 {
				w := 64*k + bits.TrailingZeros64(mk)
				for ; blk < 64*w>>blkShift; blk++ {
					t.rowBase[2*a+blk+1] = uint32(len(gids))
					cnt = 0
				}
				tag := int32(2*a + blk + 1)
				for b := 64 * w; b < min(64*w+64, R); b++ {
					x := row[b]
					if x < nhMulti {
						continue
					}
					id := x - nhMulti
					if stamp[id] != tag {
						stamp[id], local[id] = tag, cnt
						cnt++
						gids = append(gids, uint32(id))
					}
					row[b] = nhMulti + local[id]
				}
			}
		}
		for ; blk < 1; blk++ {
			t.rowBase[2*a+blk+1] = uint32(len(gids))
		}
	}
	return gids, nil
}
