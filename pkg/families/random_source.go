package families

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Family stream constants (the second PCG seed word): ASCII names.
const (
	rndStreamRing    uint64 = 0x72696e675f72616e // "ring_ran"
	rndStreamNbr     uint64 = 0x72696e675f6e6272 // "ring_nbr"
	rndStreamGau     uint64 = 0x72696e675f676175 // "ring_gau"
	rndStreamRegular uint64 = 0x72616e645f726567 // "rand_reg"

	rndMaxAttempts = 16
)

// rndSource draws from a PCG stream.
type rndSource struct {
	pcg   *rand.PCG
	spare float64 // second Gaussian deviate of the last polar pair
	has   bool
}

func newRndSource(seed int64, stream uint64, attempt int) *rndSource {
	return &rndSource{pcg: rand.NewPCG(uint64(seed), stream+uint64(attempt))}
}

func (r *rndSource) u64() uint64 { return r.pcg.Uint64() }

// intN returns a uniform integer in [0, n), n > 0 (Lemire's method).
func (r *rndSource) intN(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.u64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.u64(), un)
		}
	}
	return int(hi)
}

// coin returns a fair random bit.
func (r *rndSource) coin() bool { return r.u64()>>63 != 0 }

// shuffle permutes s uniformly (Fisher-Yates from the end).
func (r *rndSource) shuffle(s []int32) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// normal returns a standard Gaussian deviate (Marsaglia's polar method:
// each accepted pair (x, y) gives x*f, returned first, then y*f).
func (r *rndSource) normal() float64 {
	if r.has {
		r.has = false
		return r.spare
	}
	for {
		x := float64(float64(r.u64()>>11)*0x1p-52) - 1 // exact: multiples of 2^-52 in [-1, 1)
		y := float64(float64(r.u64()>>11)*0x1p-52) - 1
		s := float64(x*x) + float64(y*y)
		if s >= 1 || s == 0 {
			continue
		}
		f := math.Sqrt(-2 * rndLog(s) / s)
		r.spare, r.has = float64(y*f), true
		return float64(x * f)
	}
}

// rndLog is the natural logarithm of x > 0 by the fdlibm algorithm (as in
// Go's portable math.Log), with every product explicitly rounded so that the
// result is bit-identical on every platform (math.Log uses assembly on some
// architectures, and the compiler may fuse multiply-adds on others).
func rndLog(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
		l1    = 6.666666666666735130e-01
		l2    = 3.999999999940941908e-01
		l3    = 2.857142874366239149e-01
		l4    = 2.222219843214978396e-01
		l5    = 1.818357216161805012e-01
		l6    = 1.531383769920937332e-01
		l7    = 1.479819860511658591e-01
	)
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	f := f1 - 1
	k := float64(ki)
	s := f / (2 + f)
	s2 := float64(s * s)
	s4 := float64(s2 * s2)
	t1 := float64(s2 * (l1 + float64(s4*(l3+float64(s4*(l5+float64(s4*l7)))))))
	t2 := float64(s4 * (l2 + float64(s4*(l4+float64(s4*l6)))))
	rr := t1 + t2
	hfsq := float64(0.5 * float64(f*f))
	return float64(k*ln2Hi) - ((hfsq - (float64(s*(hfsq+rr)) + float64(k*ln2Lo))) - f)
}

// rndRingDist is the distance between u and v along an n-vertex ring.
func rndRingDist(u, v, n int) int {
	d := u - v
	if d < 0 {
		d = -d
	}
	return min(d, n-d)
}
