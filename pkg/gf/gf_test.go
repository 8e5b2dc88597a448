package gf

import (
	"fmt"
	"testing"
)

func TestIsPrimePower(t *testing.T) {
	tests := []struct {
		q, p, m int
		ok      bool
	}{
		{-4, 0, 0, false}, {0, 0, 0, false}, {1, 0, 0, false},
		{2, 2, 1, true}, {3, 3, 1, true}, {4, 2, 2, true}, {6, 0, 0, false},
		{8, 2, 3, true}, {9, 3, 2, true}, {12, 0, 0, false}, {16, 2, 4, true},
		{25, 5, 2, true}, {27, 3, 3, true}, {32, 2, 5, true}, {49, 7, 2, true},
		{100, 0, 0, false}, {121, 11, 2, true}, {343, 7, 3, true}, {1000, 0, 0, false},
		{1 << 40, 2, 40, true}, {(1 << 31) - 1, (1 << 31) - 1, 1, true},
		{(1 << 61) - 1, (1 << 61) - 1, 1, true}, {1 << 62, 2, 62, true},
		{3486784401, 3, 20, true}, {3486784401 * 2, 0, 0, false},
		{1000003 * 1000003, 1000003, 2, true}, {1000003 * 1000033, 0, 0, false},
	}
	for _, tt := range tests {
		p, m, ok := IsPrimePower(tt.q)
		if p != tt.p || m != tt.m || ok != tt.ok {
			t.Errorf("IsPrimePower(%d) = %d, %d, %v; want %d, %d, %v", tt.q, p, m, ok, tt.p, tt.m, tt.ok)
		}
	}
	// Cross-check against trial division for small numbers.
	for q := 2; q < 5000; q++ {
		var want bool
		var wp, wm int
		for d := 2; d <= q; d++ {
			if q%d == 0 {
				x, e := q, 0
				for x%d == 0 {
					x /= d
					e++
				}
				want, wp, wm = x == 1, d, e
				break
			}
		}
		p, m, ok := IsPrimePower(q)
		if ok != want || (ok && (p != wp || m != wm)) {
			t.Fatalf("IsPrimePower(%d) = %d, %d, %v; want %d, %d, %v", q, p, m, ok, wp, wm, want)
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, q := range []int{-1, 0, 1, 6, 10, 12, 100, MaxOrder + 1, 1 << 30} {
		if f, err := New(q); err == nil {
			t.Errorf("New(%d) = %v, want error", q, f)
		}
	}
}

func TestFieldAxioms(t *testing.T) {
	for _, q := range []int{2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32, 49} {
		t.Run(fmt.Sprint(q), func(t *testing.T) {
			f, err := New(q)
			if err != nil {
				t.Fatal(err)
			}
			p, m, _ := IsPrimePower(q)
			if f.Q() != q || f.Char() != p || f.Degree() != m {
				t.Fatalf("Q, Char, Degree = %d, %d, %d; want %d, %d, %d", f.Q(), f.Char(), f.Degree(), q, p, m)
			}
			checkAxioms(t, f)
		})
	}
}

func checkAxioms(t *testing.T, f *Field) {
	q, p := f.Q(), f.Char()
	for a := 0; a < q; a++ {
		if f.Add(a, 0) != a || f.Mul(a, 1) != a || f.Mul(a, 0) != 0 {
			t.Fatalf("identities fail for %d", a)
		}
		if f.Add(a, f.Neg(a)) != 0 {
			t.Fatalf("%d + -%d != 0", a, a)
		}
		// Characteristic: p*a = 0.
		s := 0
		for i := 0; i < p; i++ {
			s = f.Add(s, a)
		}
		if s != 0 {
			t.Fatalf("%d added %d times = %d, want 0", a, p, s)
		}
		if a != 0 {
			if inv := f.Inv(a); f.Mul(a, inv) != 1 {
				t.Fatalf("%d * Inv(%d) = %d", a, a, f.Mul(a, inv))
			}
		}
		for b := 0; b < q; b++ {
			sum, prod := f.Add(a, b), f.Mul(a, b)
			if sum < 0 || sum >= q || prod < 0 || prod >= q {
				t.Fatalf("result out of range: %d+%d=%d, %d*%d=%d", a, b, sum, a, b, prod)
			}
			if sum != f.Add(b, a) || prod != f.Mul(b, a) {
				t.Fatalf("not commutative at %d, %d", a, b)
			}
			if f.Sub(sum, b) != a || f.Sub(a, b) != f.Add(a, f.Neg(b)) {
				t.Fatalf("subtraction fails at %d, %d", a, b)
			}
			if b != 0 && f.Div(prod, b) != a {
				t.Fatalf("(%d*%d)/%d = %d", a, b, b, f.Div(prod, b))
			}
			if a != 0 && b != 0 && prod == 0 {
				t.Fatalf("zero divisor: %d*%d = 0", a, b)
			}
			for c := 0; c < q; c++ {
				if f.Add(sum, c) != f.Add(a, f.Add(b, c)) {
					t.Fatalf("addition not associative at %d, %d, %d", a, b, c)
				}
				if f.Mul(prod, c) != f.Mul(a, f.Mul(b, c)) {
					t.Fatalf("multiplication not associative at %d, %d, %d", a, b, c)
				}
				if f.Mul(a, f.Add(b, c)) != f.Add(prod, f.Mul(a, c)) {
					t.Fatalf("not distributive at %d, %d, %d", a, b, c)
				}
			}
		}
	}
}

// TestNotModQ checks that GF(p^m), m > 1, is polynomial arithmetic, not the
// integers modulo q.
func TestNotModQ(t *testing.T) {
	tests := []struct{ q, op, a, b, want int }{
		{4, '+', 1, 1, 0},  // 1 + 1 = 0 (mod q: 2)
		{4, '*', 2, 2, 3},  // x * x = x + 1 (mod q: 0)
		{8, '*', 4, 2, 3},  // x^2 * x = x + 1 (mod q: 0)
		{9, '+', 1, 2, 0},  // 1 + 2 = 0 (mod q: 3)
		{9, '*', 3, 3, 2},  // x * x = -1 = 2 (mod q: 0)
		{9, '+', 5, 7, 0},  // (2 + x) + (1 + 2x) = 0 (mod q: 3)
		{16, '*', 8, 2, 3}, // x^3 * x = x + 1
	}
	for _, tt := range tests {
		f, err := New(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		got := f.Add(tt.a, tt.b)
		if tt.op == '*' {
			got = f.Mul(tt.a, tt.b)
		}
		if got != tt.want {
			t.Errorf("GF(%d): %d %c %d = %d, want %d", tt.q, tt.a, tt.op, tt.b, got, tt.want)
		}
	}
}

func TestPrimitive(t *testing.T) {
	tests := []struct {
		q, prim int
		modulus []int
	}{
		{2, 1, []int{0, 1}},
		{3, 2, []int{0, 1}},
		{4, 2, []int{1, 1, 1}},    // x^2+x+1, primitive x
		{5, 2, []int{0, 1}},       // the paper's example: xi = 2
		{7, 3, []int{0, 1}},       //
		{8, 2, []int{1, 1, 0, 1}}, // x^3+x+1
		{9, 4, []int{1, 0, 1}},    // x^2+1, primitive x+1
		{13, 2, []int{0, 1}},
		{16, 2, []int{1, 1, 0, 0, 1}}, // x^4+x+1
		{19, 2, []int{0, 1}},
		{25, 6, []int{2, 0, 1}}, // x^2+2, primitive x+1
		{27, 3, []int{1, 2, 0, 1}},
		{32, 2, []int{1, 0, 1, 0, 0, 1}},
		{49, 9, []int{1, 0, 1}}, // x^2+1, primitive x+2
	}
	for _, tt := range tests {
		f, err := New(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if f.Primitive() != tt.prim {
			t.Errorf("GF(%d): primitive = %d, want %d", tt.q, f.Primitive(), tt.prim)
		}
		if fmt.Sprint(f.Modulus()) != fmt.Sprint(tt.modulus) {
			t.Errorf("GF(%d): modulus = %v, want %v", tt.q, f.Modulus(), tt.modulus)
		}
	}
	for _, q := range []int{2, 3, 4, 5, 7, 8, 9, 11, 16, 25, 27, 32, 49, 64, 81, 121, 125, 128, 243, 256, 343, 1024, 2187, 4096, 65536} {
		f, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, q)
		x := 1
		for i := 0; i < q-1; i++ {
			if seen[x] || x == 0 {
				t.Fatalf("GF(%d): primitive %d has order %d < q-1", q, f.Primitive(), i)
			}
			seen[x] = true
			if f.Exp(i) != x || f.Log(x) != i {
				t.Fatalf("GF(%d): Exp(%d) = %d, Log(%d) = %d; want %d, %d", q, i, f.Exp(i), x, f.Log(x), x, i)
			}
			x = f.Mul(x, f.Primitive())
		}
		if x != 1 {
			t.Fatalf("GF(%d): primitive^(q-1) = %d, want 1", q, x)
		}
		if f.Exp(-1) != f.Inv(f.Primitive()) || f.Exp(q-1) != 1 || f.Exp(3*(q-1)+1) != f.Primitive() {
			t.Fatalf("GF(%d): Exp does not reduce its exponent modulo q-1", q)
		}
		// No smaller element is primitive.
		for g := 2; g < f.Primitive(); g++ {
			if order(f, g) == q-1 {
				t.Fatalf("GF(%d): %d is primitive but smaller than %d", q, g, f.Primitive())
			}
		}
	}
}

func order(f *Field, g int) int {
	x, n := g, 1
	for x != 1 {
		x = f.Mul(x, g)
		n++
	}
	return n
}

// TestLargerFieldsSpotCheck runs the axioms on random triples of larger
// fields, where the exhaustive check would be slow.
func TestLargerFieldsSpotCheck(t *testing.T) {
	for _, q := range []int{81, 125, 243, 256, 343, 729, 961, 1024, 2197, 3125} {
		f, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		x := uint64(q)
		next := func() int {
			x = x*6364136223846793005 + 1442695040888963407
			return int((x >> 33) % uint64(q))
		}
		for i := 0; i < 20000; i++ {
			a, b, c := next(), next(), next()
			if f.Mul(a, f.Add(b, c)) != f.Add(f.Mul(a, b), f.Mul(a, c)) {
				t.Fatalf("GF(%d): not distributive at %d, %d, %d", q, a, b, c)
			}
			if f.Add(f.Add(a, b), c) != f.Add(a, f.Add(b, c)) {
				t.Fatalf("GF(%d): addition not associative at %d, %d, %d", q, a, b, c)
			}
		}
	}
}

func TestPanics(t *testing.T) {
	f, _ := New(9)
	for name, fn := range map[string]func(){
		"Inv(0)":    func() { f.Inv(0) },
		"Div(1, 0)": func() { f.Div(1, 0) },
		"Log(0)":    func() { f.Log(0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			fn()
		}()
	}
}

func BenchmarkNew(b *testing.B) {
	for _, q := range []int{49, 1024, 2187} {
		b.Run(fmt.Sprint(q), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New(q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func ExampleNew() {
	f, err := New(9) // GF(3^2) = GF(3)[x] / (x^2 + 1)
	if err != nil {
		panic(err)
	}
	x := 3 // the element x: digits (0, 1) in base 3
	fmt.Println(f.Mul(x, x), f.Add(x, x), f.Primitive(), f.Exp(2))
	// Output: 2 6 4 6
}
