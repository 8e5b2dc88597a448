package report

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks marks a logarithmic axis: a major (labelled) tick at every power
// of ten, a minor tick at every other integer multiple of a power of ten.
// When the range holds fewer than two powers of ten, the multiples 2 and 5
// are labelled too, and if that gives fewer than three labels, every
// multiple. Over very wide ranges
// only every k-th power of ten is labelled and minor ticks are dropped.
//
// Unlike plot.LogTicks it handles ranges below 1 (it rounds the lower
// exponent down, not towards zero) and ranges within one decade.
type logTicks struct{}

var _ plot.Ticker = logTicks{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) || math.IsInf(max, 0) {
		return nil
	}
	lo := int(math.Floor(math.Log10(min)))
	hi := int(math.Ceil(math.Log10(max)))
	if hi == lo {
		hi++
	}
	in := func(v float64) bool { return v >= min*(1-1e-9) && v <= max*(1+1e-9) }
	if hi-lo > 12 {
		step := (hi - lo + 5) / 6
		var ticks []plot.Tick
		for e := lo; e <= hi; e++ {
			v := math.Pow10(e)
			t := plot.Tick{Value: v}
			if e%step == 0 {
				t.Label = tickLabel(v)
			}
			ticks = append(ticks, t)
		}
		return ticks
	}
	labelSets := [][]int{{1}, {1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}}
	enough := []int{2, 3, 0}
	labelled := labelSets[len(labelSets)-1]
	for k, set := range labelSets {
		n := 0
		for e := lo; e <= hi; e++ {
			for _, m := range set {
				if in(float64(m) * math.Pow10(e)) {
					n++
				}
			}
		}
		if n >= enough[k] {
			labelled = set
			break
		}
	}
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		for m := 1; m <= 9; m++ {
			v := float64(m) * math.Pow10(e)
			t := plot.Tick{Value: v}
			for _, l := range labelled {
				if l == m {
					t.Label = tickLabel(v)
				}
			}
			ticks = append(ticks, t)
			if e == hi {
				break // only the power of ten itself at the top
			}
		}
	}
	return ticks
}

// tickLabel formats a tick value with at most 4 significant digits.
func tickLabel(v float64) string {
	return strconv.FormatFloat(v, 'g', 4, 64)
}
