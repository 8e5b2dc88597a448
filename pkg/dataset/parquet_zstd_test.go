package dataset

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/compress"
)

// TestZstdCodecSameBytes checks that the cached-encoder codec produces the
// same bytes as Arrow's own codec, so files do not depend on which one ran.
func TestZstdCodecSameBytes(t *testing.T) {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		t.Fatal(err)
	}
	ours, ok := c.(*zstdCodec)
	if !ok {
		t.Fatalf("registered zstd codec is %T", c)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	inputs := [][]byte{{}, []byte("a"), bytes.Repeat([]byte("runexp "), 10000)}
	for _, n := range []int{100, 5000, 300000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(8)) // compressible
		}
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		for _, level := range []int{compress.DefaultCompressionLevel, 1, 3, 9, 19} {
			want := ours.Codec.EncodeLevel(nil, in, level)
			for i := 0; i < 2; i++ {
				if got := ours.EncodeLevel(nil, in, level); !bytes.Equal(got, want) {
					t.Fatalf("len %d level %d: output differs from Arrow's codec", len(in), level)
				}
			}
			if level == compress.DefaultCompressionLevel {
				if got := ours.Encode(nil, in); !bytes.Equal(got, want) {
					t.Fatalf("len %d: Encode differs from Arrow's codec", len(in))
				}
			}
			if got := ours.Decode(nil, want); !bytes.Equal(got, in) {
				t.Fatalf("len %d level %d: round trip failed", len(in), level)
			}
		}
	}
}

// BenchmarkWriteParquetSmall writes a one-row table of ten columns, the
// typical cell result.
func BenchmarkWriteParquetSmall(b *testing.B) {
	tab := &Table{}
	for i := 0; i < 10; i++ {
		c := NewColumn(string(rune('a'+i)), Float, "hops")
		_ = c.Append(FloatValue(float64(i) / 3))
		tab.Columns = append(tab.Columns, c)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteParquet(&buf, tab); err != nil {
			b.Fatal(err)
		}
	}
}
