package eval

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFilteredFigureStyles: a figure that keeps some rows of its study
// (where) draws each series in the colour the figure of the whole study
// gives it, not restyled from the first colour.
func TestFilteredFigureStyles(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "styles.hcl")
	src := `
study "s" {
  title = "three series"
  rows = [
    { label = "a", x = 1, y = 1 }, { label = "a", x = 2, y = 2 },
    { label = "b", x = 1, y = 2 }, { label = "b", x = 2, y = 3 },
    { label = "c", x = 1, y = 3 }, { label = "c", x = 2, y = 4 },
  ]
}
figure "all" {
  study  = study.s
  x      = "x"
  y      = "y"
  series = ["label"]
}
figure "b" {
  study  = study.s
  where  = { label = "b" }
  x      = "x"
  y      = "y"
  series = ["label"]
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, exp), results, 1)
	blue := color.RGBA{0x1f, 0x77, 0xb4, 0xff}   // the first series' colour
	orange := color.RGBA{0xff, 0x7f, 0x0e, 0xff} // the second's: b in "all"
	for _, tc := range []struct {
		fig          string
		blue, orange bool
	}{
		{"all", true, true},
		{"b", false, true},
	} {
		f, err := os.Open(filepath.Join(results, "styles", "figures", tc.fig+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := hasColour(img, blue); got != tc.blue {
			t.Errorf("figure %s: first colour drawn %v, want %v", tc.fig, got, tc.blue)
		}
		if got := hasColour(img, orange); got != tc.orange {
			t.Errorf("figure %s: second colour drawn %v, want %v", tc.fig, got, tc.orange)
		}
	}
}

// TestFilteredOverlayStyles: the series of an overlay keep their styles
// in a figure whose filter removes one of them (SC14 Fig. 6d, where one
// Dragonfly routing saturates before the first load): the overlay's
// second series stays green and nothing is drawn orange.
func TestFilteredOverlayStyles(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "overlay.hcl")
	src := `
study "s" {
  title = "one series"
  rows  = [{ label = "a", x = 1, y = 1, ok = true }, { label = "a", x = 2, y = 2, ok = true }]
}
study "o" {
  title = "two series"
  rows = [
    { label = "b", x = 1, y = 2, ok = false }, { label = "b", x = 2, y = 3, ok = false },
    { label = "c", x = 1, y = 3, ok = true }, { label = "c", x = 2, y = 4, ok = true },
  ]
}
figure "all" {
  study   = study.s
  overlay = [study.o]
  x       = "x"
  y       = "y"
  series  = ["label"]
}
figure "ok" {
  study   = study.s
  overlay = [study.o]
  where   = { ok = true }
  x       = "x"
  y       = "y"
  series  = ["label"]
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	runAll(t, load(t, nil, exp), results, 1)
	orange := color.RGBA{0xff, 0x7f, 0x0e, 0xff} // b's colour
	green := color.RGBA{0x2c, 0xa0, 0x2c, 0xff}  // c's colour
	for _, tc := range []struct {
		fig           string
		orange, green bool
	}{
		{"all", true, true},
		{"ok", false, true},
	} {
		f, err := os.Open(filepath.Join(results, "overlay", "figures", tc.fig+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := hasColour(img, orange); got != tc.orange {
			t.Errorf("figure %s: the overlay's first colour drawn %v, want %v", tc.fig, got, tc.orange)
		}
		if got := hasColour(img, green); got != tc.green {
			t.Errorf("figure %s: the overlay's second colour drawn %v, want %v", tc.fig, got, tc.green)
		}
	}
}

// hasColour reports whether some pixel of img is exactly c.
func hasColour(img image.Image, c color.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(bl>>8) == c.B && uint8(a>>8) == c.A {
				return true
			}
		}
	}
	return false
}

// TestFigureOutsideNote: report.md says under a figure how many points its
// axis limits leave out, from the figure cell's cache entry, so a second
// run that computes nothing writes the same report; a figure whose limits
// hold every point gets no note.
func TestFigureOutsideNote(t *testing.T) {
	dir := t.TempDir()
	exp := filepath.Join(dir, "outside.hcl")
	src := `
study "s" {
  title = "five points"
  rows  = [{ x = 1, y = 1 }, { x = 2, y = 2 }, { x = 3, y = 3 }, { x = 4, y = 40 }, { x = 5, y = 50 }]
}
figure "clipped" {
  study = study.s
  x     = "x"
  y     = "y"
  y_max = 10
}
figure "whole" {
  study = study.s
  x     = "x"
  y     = "y"
  y_max = 60
}
`
	if err := os.WriteFile(exp, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	const note = "\n2 of 5 points lie outside the axes and are not drawn: 2 above y\\_max = 10.\n"
	for run := range 2 {
		runAll(t, load(t, nil, exp), results, 1)
		md, err := os.ReadFile(filepath.Join(results, "outside", "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(md), note); n != 1 || strings.Count(string(md), "not drawn") != 1 {
			t.Errorf("run %d: report.md has the note %d times (want once, under figure clipped):\n%s", run+1, n, md)
		}
	}
}
