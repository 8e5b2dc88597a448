package polygon

import (
	"context"
	"testing"
)

// BenchmarkSymplectic builds W(32): 35,937 points and lines.
func BenchmarkSymplectic(b *testing.B) {
	for b.Loop() {
		if _, err := Symplectic(32); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSplitCayley builds H(5): 3,906 points and lines.
func BenchmarkSplitCayley(b *testing.B) {
	for b.Loop() {
		if _, err := SplitCayley(5); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSymplecticPolarity computes the Tits polarity of W(32).
func BenchmarkSymplecticPolarity(b *testing.B) {
	g, err := Symplectic(32)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := SymplecticPolarity(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchPolarity finds a polarity of H(3) by search.
func BenchmarkSearchPolarity(b *testing.B) {
	g, err := SplitCayley(3)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := SplitCayleyPolarity(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
