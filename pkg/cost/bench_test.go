package cost

import (
	"context"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

func benchEvaluate(b *testing.B, preset, family string, given families.Values) {
	v, sz, top := build(b, family, given)
	m, _ := Preset(preset)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Evaluate(ctx, m, family, v, sz, top); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluateSlimFly prices the SC14 Slim Fly (722 routers, 10,469
// links) link by link.
func BenchmarkEvaluateSlimFly(b *testing.B) {
	benchEvaluate(b, "sc14", "slimfly", families.Values{"q": int64(19)})
}

// BenchmarkEvaluateDragonfly prices the SC14 Table IV Dragonfly (5,346
// routers, 85,536 links).
func BenchmarkEvaluateDragonfly(b *testing.B) {
	benchEvaluate(b, "sc14", "dragonfly", families.Values{"p": int64(11)})
}

// BenchmarkEvaluatePNGroups prices PN(31) of the projective paper's Table 5
// with greedy electrical groups (1,986 routers in groups of 38).
func BenchmarkEvaluatePNGroups(b *testing.B) {
	benchEvaluate(b, "projective25k", "pn", families.Values{"q": int64(31)})
}
