package clexsim

import "math/bits"

// rng is a small, fast pseudo-random generator (wyrand) for the
// simulator's many independent streams; every stream is seeded from the
// run's seed and the position of its instance in the recursion, so results
// do not depend on the order in which instances run.
type rng struct{ s uint64 }

// mix hashes a and b into a seed (splitmix64 finalizer of a combination).
func mix(a, b uint64) uint64 {
	z := a ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// newRNG returns the stream of seed.
func newRNG(seed uint64) rng { return rng{mix(seed, 0x5eed)} }

func (r *rng) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// n returns a uniform integer in [0, bound), bound >= 1, without bias
// (Lemire's multiply-and-reject).
func (r *rng) n(bound uint32) uint32 {
	m := uint64(uint32(r.next())) * uint64(bound)
	if l := uint32(m); l < bound {
		t := -bound % bound
		for l < t {
			m = uint64(uint32(r.next())) * uint64(bound)
			l = uint32(m)
		}
	}
	return uint32(m >> 32)
}
