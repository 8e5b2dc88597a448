package report

import (
	"fmt"
	"math"
)

// Limits of a figure. Its panels are drawn on one canvas (PNGDPI dots per
// inch), so its size bounds the memory rendering takes: 200 cm are 11,811
// pixels.
const (
	// MaxPanels is the largest number of panels of a figure.
	MaxPanels = 64
	// MaxFigureCm is the largest width and height of a figure, all its
	// panels and its title band included, in centimetres.
	MaxFigureCm = 200.0
)

// CheckGrid returns an error if a figure of spec with the given number of
// panels (0 without a Panels column) would have more than MaxPanels panels
// or be larger than MaxFigureCm on a side. RenderFigure checks it before
// drawing; it is exported for checking a figure before its data exist.
func CheckGrid(spec FigureSpec, panels int) error {
	if panels > MaxPanels {
		return fmt.Errorf("%d panels (the distinct values of column %q), more than %d", panels, spec.Panels, MaxPanels)
	}
	cols, rows := gridShape(spec.PanelCols, max(panels, 1))
	w, h := spec.Width, spec.Height
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	fw, fh := w*float64(cols), h*float64(rows)
	if panels > 0 && spec.Title != "" {
		fh += TitleBand
	}
	if !(fw <= MaxFigureCm && fh <= MaxFigureCm) {
		return fmt.Errorf("the figure would be %.4g x %.4g cm (%d x %d panels of %g x %g cm), larger than %g cm on a side", fw, fh, cols, rows, w, h, MaxFigureCm)
	}
	return nil
}

// gridShape returns the columns and rows of a grid of n >= 1 panels with
// cols panels per row (0: ceil(sqrt(n))).
func gridShape(cols, n int) (int, int) {
	if cols <= 0 {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
	}
	cols = min(cols, n)
	return cols, (n + cols - 1) / cols
}
