package partition

// queues holds two max-priority queues of vertices keyed by FM gain, one per
// side; a vertex is in at most one of them. Ties are broken last in, first
// out: among vertices of equal gain the one inserted (or whose gain changed)
// most recently comes first. Two interchangeable representations give the
// same order:
//
//   - gain buckets (the FM data structure): for each side an array of
//     doubly linked lists indexed by gain + r, where every gain lies in
//     [−r, r] (r = largest weighted degree), and a pointer at or above the
//     highest non-empty bucket;
//   - an indexed binary heap keyed by (gain, insertion stamp), used when
//     the gain range is much larger than the number of vertices (heavily
//     contracted graphs), where buckets would waste memory and scan time.
type queues struct {
	heap  bool
	key   []int32 // gain of a queued vertex
	inq   []int8  // side of the queue holding the vertex, −1 if none
	count [2]int

	// Buckets.
	r    int32
	head [2][]int32 // first vertex of each bucket, −1 if empty
	top  [2]int32   // no bucket above top is non-empty; −1 when empty
	next []int32
	prev []int32

	// Heap.
	h     [2][]int32
	hpos  []int32
	stamp []uint64
	clock uint64
}

func newQueues(n int) queues {
	q := queues{
		key:   make([]int32, n),
		inq:   make([]int8, n),
		next:  make([]int32, n),
		prev:  make([]int32, n),
		hpos:  make([]int32, n),
		stamp: make([]uint64, n),
	}
	for i := range q.inq {
		q.inq[i] = -1
	}
	return q
}

// reset prepares empty queues for gains in [−r, r] on a graph of n vertices.
// Every inq entry must be −1 (clear restores that).
func (q *queues) reset(n int32, r int32, cfg *config) {
	q.heap = cfg.forceHeap || int64(2)*int64(r)+1 > 4*int64(n)+int64(cfg.bucketSlack)
	q.count = [2]int{}
	if q.heap {
		q.h[0], q.h[1] = q.h[0][:0], q.h[1][:0]
		return
	}
	q.r = r
	size := int(2*int64(r) + 1)
	for s := 0; s < 2; s++ {
		if cap(q.head[s]) < size {
			q.head[s] = make([]int32, size)
		}
		q.head[s] = q.head[s][:size]
		for i := range q.head[s] {
			q.head[s][i] = -1
		}
		q.top[s] = -1
	}
}

// clear removes every vertex of [0, n) from the queues.
func (q *queues) clear(n int32) {
	for v := int32(0); v < n; v++ {
		q.inq[v] = -1
	}
	q.count = [2]int{}
	q.h[0], q.h[1] = q.h[0][:0], q.h[1][:0]
}

func (q *queues) insert(v int32, s int, gain int32) {
	q.key[v] = gain
	q.inq[v] = int8(s)
	q.count[s]++
	if q.heap {
		q.clock++
		q.stamp[v] = q.clock
		q.hpos[v] = int32(len(q.h[s]))
		q.h[s] = append(q.h[s], v)
		q.up(s, q.hpos[v])
		return
	}
	b := gain + q.r
	hd := q.head[s][b]
	q.next[v], q.prev[v] = hd, -1
	if hd >= 0 {
		q.prev[hd] = v
	}
	q.head[s][b] = v
	if b > q.top[s] {
		q.top[s] = b
	}
}

func (q *queues) remove(v int32) {
	s := int(q.inq[v])
	q.inq[v] = -1
	q.count[s]--
	if q.heap {
		h := q.h[s]
		i := q.hpos[v]
		last := int32(len(h) - 1)
		if i != last {
			h[i] = h[last]
			q.hpos[h[i]] = i
			q.h[s] = h[:last]
			q.fix(s, i)
		} else {
			q.h[s] = h[:last]
		}
		return
	}
	nx, pv := q.next[v], q.prev[v]
	if pv >= 0 {
		q.next[pv] = nx
	} else {
		q.head[s][q.key[v]+q.r] = nx
	}
	if nx >= 0 {
		q.prev[nx] = pv
	}
}

// update changes the gain of queued vertex v; an unchanged gain keeps its
// place.
func (q *queues) update(v int32, gain int32) {
	if q.key[v] == gain {
		return
	}
	if q.heap {
		s := int(q.inq[v])
		q.key[v] = gain
		q.clock++
		q.stamp[v] = q.clock
		q.fix(s, q.hpos[v])
		return
	}
	s := int(q.inq[v])
	q.remove(v)
	q.insert(v, s, gain)
}

// first returns the vertex of highest priority in queue s, or −1.
func (q *queues) first(s int) int32 {
	if q.heap {
		if len(q.h[s]) == 0 {
			return -1
		}
		return q.h[s][0]
	}
	if q.count[s] == 0 {
		q.top[s] = -1
		return -1
	}
	hd := q.head[s]
	t := q.top[s]
	for hd[t] < 0 {
		t--
	}
	q.top[s] = t
	return hd[t]
}

// before reports whether vertex a has priority over vertex b in the heap.
func (q *queues) before(a, b int32) bool {
	ka, kb := q.key[a], q.key[b]
	return ka > kb || (ka == kb && q.stamp[a] > q.stamp[b])
}

func (q *queues) up(s int, i int32) {
	h := q.h[s]
	v := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if !q.before(v, h[p]) {
			break
		}
		h[i] = h[p]
		q.hpos[h[i]] = i
		i = p
	}
	h[i] = v
	q.hpos[v] = i
}

func (q *queues) down(s int, i int32) {
	h := q.h[s]
	n := int32(len(h))
	v := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && q.before(h[c+1], h[c]) {
			c++
		}
		if !q.before(h[c], v) {
			break
		}
		h[i] = h[c]
		q.hpos[h[i]] = i
		i = c
	}
	h[i] = v
	q.hpos[v] = i
}

// fix restores the heap order around position i.
func (q *queues) fix(s int, i int32) {
	if i > 0 && q.before(q.h[s][i], q.h[s][(i-1)/2]) {
		q.up(s, i)
	} else {
		q.down(s, i)
	}
}
