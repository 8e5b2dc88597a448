// Package gf implements the finite (Galois) fields GF(q) for every prime
// power q = p^m.
//
// For m = 1 the field is the integers modulo p. For m > 1 the field is the
// ring of polynomials over GF(p) modulo a monic irreducible polynomial f of
// degree m; it is not the integers modulo q. An element is an int in [0, q):
// the base-p digits of the int, least significant first, are the
// coefficients of the polynomial c_0 + c_1 x + ... + c_{m-1} x^{m-1}.
//
// Multiplication, inversion and division use log/exp tables built once per
// field by New; addition works digit by digit (XOR for p = 2).
package gf

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// MaxOrder is the largest field order New accepts. The log/exp tables use
// 12 bytes per element.
const MaxOrder = 1 << 20

// Field is the finite field GF(q). A Field is immutable after New and safe
// for concurrent use.
type Field struct {
	q, p, m int
	poly    []int   // monic irreducible polynomial, coefficients c_0..c_m (c_m = 1)
	prim    int     // the primitive element used for Exp and Log
	exp     []int32 // exp[i] = prim^i for i in [0, 2(q-1)): no reduction needed in Mul
	log     []int32 // log[x] for x != 0; log[0] = -1
	pw      []int   // pw[i] = p^i for i in [0, m]
}

// IsPrimePower reports whether q = p^m for a prime p and an integer m >= 1,
// and returns p and m. It is exact for every int (primality is decided by
// the Baillie-PSW test of math/big, which has no counterexample below 2^64).
func IsPrimePower(q int) (p, m int, ok bool) {
	if q < 2 {
		return 0, 0, false
	}
	if isPrime(q) {
		return q, 1, true
	}
	// q = p^m with m >= 2 means p = q^(1/m) exactly.
	for m := 2; m < bits.Len(uint(q)); m++ {
		r := intRoot(q, m)
		if r >= 2 && ipow(r, m) == q && isPrime(r) {
			return r, m, true
		}
	}
	return 0, 0, false
}

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for _, s := range []int{2, 3, 5, 7, 11, 13} {
		if n%s == 0 {
			return n == s
		}
	}
	if n < 17*17 {
		return true
	}
	return big.NewInt(int64(n)).ProbablyPrime(0)
}

// intRoot returns floor(q^(1/m)) for q >= 1, m >= 2.
func intRoot(q, m int) int {
	r := int(math.Round(math.Pow(float64(q), 1/float64(m))))
	// Correct floating point error in either direction.
	for r > 0 && powExceeds(r, m, q) {
		r--
	}
	for !powExceeds(r+1, m, q) {
		r++
	}
	return r
}

// powExceeds reports whether r^m > q, without overflow.
func powExceeds(r, m, q int) bool {
	v := 1
	for i := 0; i < m; i++ {
		if v > q/r {
			return true
		}
		v *= r
	}
	return v > q
}

func ipow(b, e int) int {
	v := 1
	for i := 0; i < e; i++ {
		v *= b
	}
	return v
}

// New returns the field GF(q). It fails unless q is a prime power with
// 2 <= q <= MaxOrder.
//
// For q = p^m with m > 1 the modulus is the lexicographically smallest monic
// irreducible polynomial of degree m over GF(p), comparing the coefficient
// vectors (c_{m-1}, ..., c_1, c_0) with c_{m-1} most significant; equivalently
// the monic irreducible f of degree m with the smallest value f(p) (for
// example x^2+x+1 for GF(4), x^3+x+1 for GF(8), x^2+1 for GF(9)). The
// primitive element is the smallest int in [1, q) whose powers generate all
// q-1 non-zero elements (2 for GF(5), x = 2 for GF(4), x+1 = 4 for GF(9)).
func New(q int) (*Field, error) {
	if q > MaxOrder {
		return nil, fmt.Errorf("gf: order %d exceeds the maximum %d", q, MaxOrder)
	}
	p, m, ok := IsPrimePower(q)
	if !ok {
		return nil, fmt.Errorf("gf: order %d is not a prime power", q)
	}
	f := &Field{q: q, p: p, m: m}
	f.pw = make([]int, m+1)
	f.pw[0] = 1
	for i := 1; i <= m; i++ {
		f.pw[i] = f.pw[i-1] * p
	}
	if m == 1 {
		f.poly = []int{0, 1} // x: reduction modulo x leaves the constant term
	} else {
		f.poly = smallestIrreducible(p, m)
	}
	if err := f.buildTables(); err != nil {
		return nil, err
	}
	return f, nil
}

// buildTables finds the smallest primitive element and fills exp and log.
func (f *Field) buildTables() error {
	q := f.q
	f.log = make([]int32, q)
	f.exp = make([]int32, 2*(q-1))
	if q == 2 {
		f.prim = 1
		f.exp[0], f.exp[1] = 1, 1
		f.log[0], f.log[1] = -1, 0
		return nil
	}
	order := q - 1
	var factors []int
	n := order
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			factors = append(factors, d)
			for n%d == 0 {
				n /= d
			}
		}
	}
	if n > 1 {
		factors = append(factors, n)
	}
	a := make([]int, f.m)
	b := make([]int, f.m)
	tmp := make([]int, 2*f.m)
	f.prim = 0
	for g := 2; g < q && f.prim == 0; g++ {
		prim := true
		for _, r := range factors {
			if f.slowPow(g, order/r, a, b, tmp) == 1 {
				prim = false
				break
			}
		}
		if prim {
			f.prim = g
		}
	}
	if f.prim == 0 {
		return fmt.Errorf("gf: no primitive element found for GF(%d)", q) // cannot happen
	}
	for i := range f.log {
		f.log[i] = -1
	}
	x := 1
	for i := 0; i < order; i++ {
		if f.log[x] != -1 {
			return fmt.Errorf("gf: element %d of GF(%d) is not primitive", f.prim, q) // cannot happen
		}
		f.exp[i] = int32(x)
		f.exp[i+order] = int32(x)
		f.log[x] = int32(i)
		x = f.slowMul(x, f.prim, a, b, tmp)
	}
	if x != 1 {
		return errors.New("gf: internal error: primitive power does not cycle")
	}
	return nil
}

// slowMul multiplies two elements by polynomial arithmetic, using a, b
// (length m) and tmp (length 2m) as scratch space.
func (f *Field) slowMul(x, y int, a, b, tmp []int) int {
	if f.m == 1 {
		return x * y % f.p
	}
	f.digits(x, a)
	f.digits(y, b)
	for i := range tmp {
		tmp[i] = 0
	}
	p := f.p
	for i, ai := range a {
		if ai == 0 {
			continue
		}
		for j, bj := range b {
			tmp[i+j] = (tmp[i+j] + ai*bj) % p
		}
	}
	polyReduce(tmp[:2*f.m-1], f.poly, p)
	return f.fromDigits(tmp[:f.m])
}

func (f *Field) slowPow(x, e int, a, b, tmp []int) int {
	r := 1
	for e > 0 {
		if e&1 == 1 {
			r = f.slowMul(r, x, a, b, tmp)
		}
		x = f.slowMul(x, x, a, b, tmp)
		e >>= 1
	}
	return r
}

func (f *Field) digits(x int, d []int) {
	for i := range d {
		d[i] = x % f.p
		x /= f.p
	}
}

func (f *Field) fromDigits(d []int) int {
	x := 0
	for i := len(d) - 1; i >= 0; i-- {
		x = x*f.p + d[i]
	}
	return x
}

// Q returns the order q of the field.
func (f *Field) Q() int { return f.q }

// Char returns the characteristic p of the field.
func (f *Field) Char() int { return f.p }

// Degree returns m, the degree of the field over its prime field GF(p).
func (f *Field) Degree() int { return f.m }

// Modulus returns the coefficients c_0, ..., c_m of the monic irreducible
// polynomial defining the field (for a prime field, x: {0, 1}).
func (f *Field) Modulus() []int { return append([]int(nil), f.poly...) }

// Primitive returns the primitive element: Exp(i) = Primitive()^i.
func (f *Field) Primitive() int { return f.prim }

// Add returns x + y.
func (f *Field) Add(x, y int) int {
	switch {
	case f.m == 1:
		s := x + y
		if s >= f.p {
			s -= f.p
		}
		return s
	case f.p == 2:
		return x ^ y
	}
	s := 0
	p := f.p
	for i := 0; i < f.m; i++ {
		d := x%p + y%p
		if d >= p {
			d -= p
		}
		s += d * f.pw[i]
		x /= p
		y /= p
	}
	return s
}

// Neg returns -x.
func (f *Field) Neg(x int) int {
	switch {
	case f.p == 2:
		return x
	case f.m == 1:
		if x == 0 {
			return 0
		}
		return f.p - x
	}
	s := 0
	p := f.p
	for i := 0; i < f.m; i++ {
		if d := x % p; d != 0 {
			s += (p - d) * f.pw[i]
		}
		x /= p
	}
	return s
}

// Sub returns x - y.
func (f *Field) Sub(x, y int) int {
	if f.m == 1 {
		s := x - y
		if s < 0 {
			s += f.p
		}
		return s
	}
	return f.Add(x, f.Neg(y))
}

// Mul returns x * y.
func (f *Field) Mul(x, y int) int {
	if x == 0 || y == 0 {
		return 0
	}
	return int(f.exp[f.log[x]+f.log[y]])
}

// Inv returns the multiplicative inverse of x. It panics if x == 0.
func (f *Field) Inv(x int) int {
	if x == 0 {
		panic("gf: inverse of zero")
	}
	l := f.log[x]
	if l == 0 {
		return 1
	}
	return int(f.exp[int32(f.q-1)-l])
}

// Div returns x / y. It panics if y == 0.
func (f *Field) Div(x, y int) int {
	if y == 0 {
		panic("gf: division by zero")
	}
	if x == 0 {
		return 0
	}
	return int(f.exp[f.log[x]-f.log[y]+int32(f.q-1)])
}

// Exp returns Primitive()^i; i may be negative.
func (f *Field) Exp(i int) int {
	i %= f.q - 1
	if i < 0 {
		i += f.q - 1
	}
	return int(f.exp[i])
}

// Log returns the discrete logarithm of x to the base Primitive(): the i in
// [0, q-1) with Exp(i) = x. It panics if x == 0.
func (f *Field) Log(x int) int {
	if x == 0 {
		panic("gf: logarithm of zero")
	}
	return int(f.log[x])
}

// String returns "GF(q)".
func (f *Field) String() string { return fmt.Sprintf("GF(%d)", f.q) }

// smallestIrreducible returns the coefficients c_0..c_m of the
// lexicographically smallest monic irreducible polynomial of degree m >= 2
// over GF(p) (see New).
func smallestIrreducible(p, m int) []int {
	f := make([]int, m+1)
	f[m] = 1
	limit := ipow(p, m)
	for t := 1; t < limit; t++ {
		x := t
		for i := 0; i < m; i++ {
			f[i] = x % p
			x /= p
		}
		if f[0] == 0 {
			continue // divisible by x
		}
		if irreducible(f, p) {
			return f
		}
	}
	panic("gf: no irreducible polynomial found") // impossible: one exists for every p, m
}

// irreducible reports whether the monic polynomial f (coefficients c_0..c_m,
// m >= 1) is irreducible over GF(p), by Ben-Or's test: f has no factor of
// degree i <= m/2 iff gcd(x^(p^i) - x, f) = 1 for every such i.
func irreducible(f []int, p int) bool {
	m := len(f) - 1
	xpow := []int{0, 1} // x^(p^i) mod f
	for i := 1; i <= m/2; i++ {
		xpow = polyPowMod(xpow, p, f, p)
		g := append([]int(nil), xpow...)
		for len(g) < 2 {
			g = append(g, 0)
		}
		g[1] = (g[1] - 1 + p) % p
		g = polyTrim(g)
		if len(polyGCD(append([]int(nil), f...), g, p)) != 1 {
			return false
		}
	}
	return true
}

// Polynomials below are coefficient slices, lowest degree first; polyTrim
// removes leading zeros (the zero polynomial is the empty slice).

func polyTrim(a []int) []int {
	for len(a) > 0 && a[len(a)-1] == 0 {
		a = a[:len(a)-1]
	}
	return a
}

func polyMulMod(a, b, f []int, p int) []int {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	r := make([]int, len(a)+len(b)-1)
	for i, ai := range a {
		for j, bj := range b {
			r[i+j] = (r[i+j] + ai*bj) % p
		}
	}
	polyReduce(r, f, p)
	if len(r) > len(f)-1 {
		r = r[:len(f)-1]
	}
	return polyTrim(r)
}

// polyReduce reduces r in place modulo the monic polynomial f; afterwards
// only r[:deg f] can be non-zero.
func polyReduce(r, f []int, p int) {
	m := len(f) - 1
	for d := len(r) - 1; d >= m; d-- {
		c := r[d]
		if c == 0 {
			continue
		}
		for i := 0; i <= m; i++ {
			r[d-m+i] = ((r[d-m+i]-c*f[i])%p + p) % p
		}
	}
}

func polyPowMod(a []int, e int, f []int, p int) []int {
	r := []int{1}
	for e > 0 {
		if e&1 == 1 {
			r = polyMulMod(r, a, f, p)
		}
		a = polyMulMod(a, a, f, p)
		e >>= 1
	}
	return r
}

func invModP(a, p int) int {
	// p is prime: a^(p-2).
	r, e := 1, p-2
	a %= p
	for e > 0 {
		if e&1 == 1 {
			r = r * a % p
		}
		a = a * a % p
		e >>= 1
	}
	return r
}

// polyMod returns a mod b (b non-zero); a is modified.
func polyMod(a, b []int, p int) []int {
	a = polyTrim(a)
	db := len(b) - 1
	inv := invModP(b[db], p)
	for len(a)-1 >= db {
		da := len(a) - 1
		c := a[da] * inv % p
		for i := 0; i <= db; i++ {
			a[da-db+i] = ((a[da-db+i]-c*b[i])%p + p) % p
		}
		a = polyTrim(a)
	}
	return a
}

// polyGCD returns gcd(a, b) up to a constant factor; a and b are modified.
func polyGCD(a, b []int, p int) []int {
	a, b = polyTrim(a), polyTrim(b)
	for len(b) > 0 {
		a, b = b, polyMod(a, b, p)
	}
	return a
}
