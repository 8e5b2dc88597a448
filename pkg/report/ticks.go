package report

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks marks a logarithmic axis: a major (labelled) tick at every power
// of ten, a minor tick at every other integer multiple of a power of ten.
// When only powers of ten are labelled, they read 10^n (drawn as a
// superscript by richText). When the range holds fewer than two powers of
// ten, the multiples 2 and 5 are labelled too, and if that gives fewer than
// three labels, every multiple; such labels are plain numbers (20, 50,
// 100). Over very wide ranges only every k-th power of ten is labelled and
// minor ticks are dropped.
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
				t.Label = powerLabel(e)
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
				if l == m && len(labelled) == 1 {
					t.Label = powerLabel(e)
				} else if l == m {
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

// powerLabel returns the label of 10^e in richText markup, with a true
// minus sign: "10^{3}", "10^{−2}".
func powerLabel(e int) string {
	if e < 0 {
		return "10^{\u2212" + strconv.Itoa(-e) + "}"
	}
	return "10^{" + strconv.Itoa(e) + "}"
}

// tickLabel formats a tick value with at most 4 significant digits.
func tickLabel(v float64) string {
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// linearTicks marks a linear axis with "nice" major ticks: steps of 1, 2,
// 2.5 or 5 times a power of ten, chosen for four to eight labels, and four
// or five minor ticks between them; labels use as few decimals as the step
// needs (so 0, 1000, 2000 and 2.5, 5, 7.5, not 2.50).
type linearTicks struct{}

var _ plot.Ticker = linearTicks{}

// niceStep returns the smallest nice step giving at most max intervals.
func niceStep(span float64, max int) float64 {
	raw := span / float64(max)
	mag := math.Pow10(int(math.Floor(math.Log10(raw))))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// Ticks implements plot.Ticker.
func (linearTicks) Ticks(min, max float64) []plot.Tick {
	if math.IsNaN(min) || math.IsNaN(max) || math.IsInf(min, 0) || math.IsInf(max, 0) || max < min {
		return nil
	}
	if max-min <= 1e-9*math.Max(math.Abs(min), math.Abs(max)) {
		// A (nearly) constant axis: one label, in the middle.
		mid := min + (max-min)/2
		return []plot.Tick{{Value: mid, Label: strconv.FormatFloat(mid, 'g', 6, 64)}}
	}
	step := niceStep(max-min, 7)
	// Decimals needed to print multiples of step exactly (2.5 needs 1).
	dec := 0
	for s := step; dec < 12 && math.Abs(s-math.Round(s)) > 1e-9*math.Max(1, math.Abs(s)); s *= 10 {
		dec++
	}
	minor := step / 5
	if m := step / math.Pow10(int(math.Floor(math.Log10(step)))); math.Abs(m-2.5) < 1e-9 || math.Abs(m-2) < 1e-9 {
		minor = step / 4
		if math.Abs(m-2) < 1e-9 {
			minor = step / 2
		}
	}
	var ticks []plot.Tick
	eps := 1e-9 * step
	for i := math.Ceil((min - eps) / minor); len(ticks) < 200; i++ {
		v := i * minor
		if v > max+eps {
			break
		}
		t := plot.Tick{Value: v}
		if k := v / step; math.Abs(k-math.Round(k)) < 1e-6 {
			v = math.Round(k) * step
			t.Value = v
			if v == 0 {
				v = 0 // no "-0"
			}
			r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', dec, 64), 64)
			t.Label = strconv.FormatFloat(r, 'f', -1, 64)
			if math.Max(math.Abs(min), math.Abs(max)) >= 1e6 {
				t.Label = strconv.FormatFloat(r, 'g', -1, 64) // 2.5e+08, as the papers print
			}
		}
		ticks = append(ticks, t)
	}
	return ticks
}
