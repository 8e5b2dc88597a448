package workload

import (
	"fmt"
	"math/bits"
)

// ringAllreduce is the ring allreduce on processes 0..n-1.
type ringAllreduce struct {
	e      int32 // endpoints
	n      int32 // processes
	vector int64 // flits of the vector
	chunk  int64 // flits of a chunk: ceil(vector/n), at least 1
	steps  int32 // 2(n-1)
}

// NewRingAllreduce returns the ring allreduce of [TRG05] (reduce-scatter,
// then allgather, on a ring) of a vector of vectorFlits flits on the first
// active endpoints (0 = all endpoints): 2(N-1) blocking steps in which
// every process sends one chunk of ceil(vectorFlits/N) flits to its
// successor. See Doc(RingAllreduce).
func NewRingAllreduce(endpoints, active int, vectorFlits int64) (Workload, error) {
	n, err := checkEndpoints(endpoints, active)
	if err != nil {
		return nil, fmt.Errorf("workload: %s: %w", RingAllreduce, err)
	}
	if err := checkFlits("vector_flits", vectorFlits, 0); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", RingAllreduce, err)
	}
	w := &ringAllreduce{e: int32(endpoints), n: n, vector: vectorFlits}
	w.chunk = max(1, (vectorFlits-1)/int64(n)+1) // ceil without overflow
	if n >= 2 {
		w.steps = 2 * (n - 1)
		if err := checkFlits("chunk_flits", w.chunk, int64(w.steps)*int64(n)); err != nil {
			return nil, fmt.Errorf("workload: %s: vector_flits = %d: %w", RingAllreduce, vectorFlits, err)
		}
	}
	return w, nil
}

func (w *ringAllreduce) Endpoints() int { return int(w.e) }

func (w *ringAllreduce) Steps(e int32) int32 {
	if e >= w.n {
		return 0
	}
	return w.steps
}

func (w *ringAllreduce) Count(e, s int32) int32 {
	if s < 0 || s >= w.Steps(e) {
		return 0
	}
	return 1
}

func (w *ringAllreduce) Message(e, _, _ int32) (int32, int64) {
	d := e + 1
	if d == w.n {
		d = 0
	}
	return d, w.chunk
}

func (w *ringAllreduce) Recvs(e, s int32) int32 { return w.Count(e, s) }

func (w *ringAllreduce) Blocking() bool { return true }

func (w *ringAllreduce) Name() string {
	return fmt.Sprintf("%s(n=%d, vector_flits=%d, chunk_flits=%d)", RingAllreduce, w.n, w.vector, w.chunk)
}

// allgatherRD is the recursive-doubling allgather on processes 0..n-1, n a
// power of two.
type allgatherRD struct {
	e     int32 // endpoints
	n     int32 // processes: a power of two
	steps int32 // log2 n
	block int64 // flits of one block
}

// NewAllgatherRD returns the recursive-doubling allgather of [TRG05] on the
// first N endpoints, N the largest power of two <= active (0 = all
// endpoints), each process holding one block of blockFlits flits: log2 N
// blocking steps, in step s process e sends 2^s blocks to e XOR 2^s. See
// Doc(AllgatherRD).
func NewAllgatherRD(endpoints, active int, blockFlits int64) (Workload, error) {
	n, err := checkEndpoints(endpoints, active)
	if err != nil {
		return nil, fmt.Errorf("workload: %s: %w", AllgatherRD, err)
	}
	steps := int32(bits.Len32(uint32(n)) - 1)
	n = 1 << steps
	// Every process sends N-1 blocks in all.
	if err := checkFlits("block_flits", blockFlits, int64(n)*int64(n-1)); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", AllgatherRD, err)
	}
	return &allgatherRD{e: int32(endpoints), n: n, steps: steps, block: blockFlits}, nil
}

func (w *allgatherRD) Endpoints() int { return int(w.e) }

func (w *allgatherRD) Steps(e int32) int32 {
	if e >= w.n {
		return 0
	}
	return w.steps
}

func (w *allgatherRD) Count(e, s int32) int32 {
	if s < 0 || s >= w.Steps(e) {
		return 0
	}
	return 1
}

func (w *allgatherRD) Message(e, s, _ int32) (int32, int64) {
	return e ^ 1<<s, w.block << s
}

func (w *allgatherRD) Recvs(e, s int32) int32 { return w.Count(e, s) }

func (w *allgatherRD) Blocking() bool { return true }

func (w *allgatherRD) Name() string {
	return fmt.Sprintf("%s(n=%d, block_flits=%d)", AllgatherRD, w.n, w.block)
}
