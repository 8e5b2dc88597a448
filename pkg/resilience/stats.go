package resilience

import (
	"math"
	"slices"
)

// Metric summarises one resiliency criterion over the samples: each sample
// gives the largest failed fraction of links (a multiple of Options.Step)
// at which the criterion still holds.
type Metric struct {
	// Mean is the sample mean of the per-sample fractions.
	Mean float64
	// HalfWidth is the half-width of the 95% confidence interval of the
	// mean, t(0.975, n-1) * s / sqrt(n) with s the sample standard
	// deviation (Student t interval; the samples are independent).
	HalfWidth float64
	// Step is the value as SC14 Table III prints it: the largest multiple
	// of Options.Step not above Mean (the mean rounded down to the step
	// grid). See the package documentation for this choice.
	Step float64
	// Median is the median sample (the mean of the two middle samples for
	// an even count).
	Median float64
	// Min and Max are the smallest and largest sample.
	Min, Max float64
}

// summarize computes the Metric of the samples xs (len >= 1; the order of
// xs is the sample order, so the floating-point sums are reproducible) for
// fractions on a grid of the given step. scratch is reused for sorting.
func summarize(xs []float64, step float64, scratch []float64) Metric {
	n := len(xs)
	// The values are multiples of step: sum their step counts (exact
	// integers), so that identical samples give their value exactly and a
	// zero-width interval.
	var sum float64
	for _, x := range xs {
		sum += math.Round(x / step)
	}
	meanSteps := sum / float64(n)
	var ss float64
	for _, x := range xs {
		d := math.Round(x/step) - meanSteps
		ss += d * d
	}
	mean := meanSteps * step
	m := Metric{Mean: mean}
	if n >= 2 {
		m.HalfWidth = tQuantile975(n-1) * math.Sqrt(ss/float64(n-1)/float64(n)) * step
	} else {
		m.HalfWidth = math.Inf(1)
	}
	m.Step = floorToStep(mean, step)
	sorted := append(scratch[:0], xs...)
	slices.Sort(sorted)
	m.Min, m.Max = sorted[0], sorted[n-1]
	if n%2 == 1 {
		m.Median = sorted[n/2]
	} else {
		m.Median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	return m
}

// floorToStep returns the largest multiple of step not above x. A
// tolerance of 1e-9 steps absorbs the rounding error of a mean of grid
// values (the mean of samples that are all 0.6 may come out as
// 0.59999999999999998).
func floorToStep(x, step float64) float64 {
	return fraction(int(math.Floor(x/step+1e-9)), step)
}

// tQuantile975 returns the 0.975 quantile of Student's t distribution with
// df >= 1 degrees of freedom: the factor of a two-sided 95% confidence
// interval of a mean of df+1 samples. df = 1 and 2 have closed forms; larger
// df are found by bisection on the distribution function (computed with the
// regularized incomplete beta function), to about 1e-12.
func tQuantile975(df int) float64 {
	const p = 0.975
	switch {
	case df < 1:
		return math.NaN()
	case df == 1:
		return math.Tan(math.Pi * (p - 0.5))
	case df == 2:
		return (2*p - 1) / math.Sqrt(2*p*(1-p))
	}
	nu := float64(df)
	lo, hi := 1.959963984540054, 4.302652729749464 // z(0.975) < t(df) <= t(2)
	for range 100 {
		mid := (lo + hi) / 2
		if tCDF(mid, nu) < p {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-13 {
			break
		}
	}
	return (lo + hi) / 2
}

// tCDF is the distribution function of Student's t with nu degrees of
// freedom at t >= 0: 1 - I_{nu/(nu+t^2)}(nu/2, 1/2) / 2.
func tCDF(t, nu float64) float64 {
	return 1 - 0.5*regIncBeta(nu/2, 0.5, nu/(nu+t*t))
}

// regIncBeta is the regularized incomplete beta function I_x(a, b) for
// a, b > 0 and x in [0, 1], by the continued fraction of Numerical Recipes
// (section 6.4) evaluated with the modified Lentz method.
func regIncBeta(a, b, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

// betaCF evaluates the continued fraction of the incomplete beta function.
func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1-qab*x/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		m2 := 2 * fm
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}
