package netsim

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

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
		if int64(len(t.ports)) > math.MaxUint32-1-int64(maxDeg) {
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
