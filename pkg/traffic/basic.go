package traffic

import (
	"math/bits"
	"math/rand/v2"
)

// uniform is uniform random traffic over the other endpoints.
type uniform struct{ e int32 }

func (u *uniform) Dest(src int32, rng *rand.Rand) int32 {
	if u.e < 2 {
		return -1
	}
	d := rng.Int32N(u.e - 1)
	if d >= src {
		d++
	}
	return d
}

// pow2Bits returns b with 2^b the largest power of two <= e (e >= 1).
func pow2Bits(e int32) int { return bits.Len32(uint32(e)) - 1 }

// idleTable returns a table of e idle endpoints.
func idleTable(e int32) []int32 {
	dst := make([]int32, e)
	for i := range dst {
		dst[i] = -1
	}
	return dst
}

// newBitPattern returns bit_complement, bit_reversal or shuffle on the
// first 2^b endpoints.
func newBitPattern(name string, e int32) *table {
	dst := idleTable(e)
	b := pow2Bits(e)
	if b == 0 {
		return &table{dst}
	}
	n := uint32(1) << b
	mask := n - 1
	for s := uint32(0); s < n; s++ {
		var d uint32
		switch name {
		case BitComplement:
			d = s ^ mask
		case BitReversal:
			d = bits.Reverse32(s) >> (32 - b)
		case Shuffle:
			d = (s<<1 | s>>(b-1)) & mask
		}
		dst[s] = int32(d)
	}
	return &table{dst}
}

// newTranspose returns the matrix transpose on the first 2^b endpoints
// (b >= 2): a 2^(b-m) x 2^m matrix, m = floor(b/2), stored by rows, s = hi
// 2^m + lo, is transposed, d = lo 2^(b-m) + hi; bit by bit d_i =
// s_((i+m) mod b). For even b it is BookSim's square transpose.
func newTranspose(e int32) *table {
	dst := idleTable(e)
	b := pow2Bits(e)
	if b < 2 {
		return &table{dst}
	}
	m := uint32(b / 2)
	n := uint32(1) << b
	low := uint32(1)<<m - 1
	for s := uint32(0); s < n; s++ {
		dst[s] = int32((s&low)<<(uint32(b)-m) | s>>m)
	}
	return &table{dst}
}

// newShift returns SC14's shift as the paper evidently means it: on the
// first N = 2^b endpoints, s goes to (s + N/2) mod N, the one of the
// literal formula's two choices that is not s itself (the others idle).
func newShift(e int32) *table {
	n := int32(1) << pow2Bits(e)
	dst := idleTable(e)
	if n < 2 {
		return &table{dst}
	}
	for s := range n {
		dst[s] = (s + n/2) % n
	}
	return &table{dst}
}

// shiftLiteral is SC14's shift read literally on the first N = 2^b
// endpoints: d = (s mod N/2) + N/2 or d = s mod N/2 with probability 1/2
// each, so that half of the packets are addressed to their own source.
type shiftLiteral struct{ n, half int32 }

func newShiftLiteral(e int32) *shiftLiteral {
	n := int32(1) << pow2Bits(e)
	return &shiftLiteral{n: n, half: n / 2}
}

func (s *shiftLiteral) Dest(src int32, rng *rand.Rand) int32 {
	if src >= s.n || s.half == 0 {
		return -1
	}
	d := src & (s.half - 1) // s mod N/2
	if rng.Uint64()&1 == 0 {
		d += s.half
	}
	return d
}

// newRandomPermutation returns a uniformly drawn derangement of e
// endpoints (all idle if e < 2).
func newRandomPermutation(e int32, seed uint64) *table {
	if e < 2 {
		return &table{idleTable(e)}
	}
	return &table{Derangement(e, seed)}
}

// Derangement returns a permutation of 0..n-1 without fixed points drawn
// uniformly from the seed (nil if n < 2): Fisher-Yates shuffles on the
// random_permutation stream, rejected until no element maps to itself. The
// random_permutation pattern and pkg/workload's permutation exchange use
// it, so the two agree for the same seed.
func Derangement(n int32, seed uint64) []int32 {
	if n < 2 {
		return nil
	}
	rng := newRNG(seed, streamRandomPermutation)
	dst := make([]int32, n)
	for {
		for i := range dst {
			dst[i] = int32(i)
		}
		// A uniform permutation conditioned on having no fixed point is a
		// uniform derangement (about e = 2.718 tries expected). Position i
		// is final once swapped, so a fixed point there rejects the draw
		// at once.
		ok := true
		for i := n - 1; i > 0; i-- {
			j := rng.Int32N(i + 1)
			dst[i], dst[j] = dst[j], dst[i]
			if dst[i] == i {
				ok = false
				break
			}
		}
		if ok && dst[0] != 0 {
			return dst
		}
	}
}
