package report

import (
	"math"
	"strings"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Superscript layout: "^{...}" is drawn at supScale times the font size,
// its baseline raised by supRaise times the font size.
const (
	supScale = 0.7
	supRaise = 0.38
)

// richText is the text handler of every text of a figure (titles, axis
// and tick labels, legends). It draws as text.Plain does, and in addition:
//
//   - a combining mark (Unicode category Mn, such as the macron of "k̄",
//     U+0304) is centred over the letter before it and, if that letter is
//     taller than the x-height the mark is designed for, raised above it.
//     Plain draws the mark where the font puts it, which is centred on the
//     boundary between the letter and the next one;
//   - "^{...}" is a superscript, as in the "10^{4}" labels of log axes
//     (the font has no glyphs for the superscript digits 0 and minus).
//
// Text without either takes Plain's path, glyph for glyph.
type richText struct {
	text.Plain
}

// figureText is the handler of figure texts.
var figureText text.Handler = richText{text.Plain{Fonts: font.DefaultCache}}

// textRun is a piece of a line drawn with one FillString call.
type textRun struct {
	s    string
	sup  bool
	x, y vg.Length // origin relative to the line's origin
}

// plain reports whether a line needs none of richText's extras.
func plainText(s string) bool {
	if strings.Contains(s, "^{") {
		return false
	}
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}

// face returns the face of fnt, scaled for a superscript if sup.
func (h richText) face(fnt font.Font, sup bool) *font.Face {
	if sup {
		fnt.Size *= supScale
	}
	f := h.Fonts.Lookup(fnt, fnt.Size)
	return &f
}

// glyphBox returns the bounds of the glyph of r in face, y pointing down
// (a glyph above the baseline has negative y), and false if the font has
// no glyph for r.
func glyphBox(face *font.Face, r rune) (minX, minY, maxX, maxY vg.Length, ok bool) {
	var buf sfnt.Buffer
	upem := face.Face.UnitsPerEm()
	gi, err := face.Face.GlyphIndex(&buf, r)
	if err != nil || gi == 0 {
		return 0, 0, 0, 0, false
	}
	b, _, err := face.Face.GlyphBounds(&buf, gi, fixed.Int26_6(upem), xfont.HintingNone)
	if err != nil {
		return 0, 0, 0, 0, false
	}
	scale := face.Font.Size / vg.Length(upem)
	l := func(v fixed.Int26_6) vg.Length { return vg.Length(v) * scale }
	return l(b.Min.X), l(b.Min.Y), l(b.Max.X), l(b.Max.Y), true
}

// layout splits line into runs and returns them with the line's width.
func (h richText) layout(line string, fnt font.Font) (runs []textRun, width vg.Length) {
	var x vg.Length
	for line != "" {
		seg, sup := line, false
		if i := strings.Index(line, "^{"); i > 0 {
			seg, line = line[:i], line[i:]
		} else if i == 0 {
			if j := strings.IndexByte(line, '}'); j > 0 {
				seg, sup, line = line[2:j], true, line[j+1:]
			} else {
				line = "" // an unclosed "^{" is text
			}
		} else {
			line = ""
		}
		face := h.face(fnt, sup)
		var y vg.Length
		if sup {
			y = supRaise * fnt.Size
		}
		var cur strings.Builder
		lastStart, last := -1, rune(0) // the base letter of a mark
		for _, r := range seg {
			if !unicode.Is(unicode.Mn, r) || lastStart < 0 {
				lastStart, last = cur.Len(), r
				cur.WriteRune(r)
				continue
			}
			bx0, by0, bx1, _, ok1 := glyphBox(face, last)
			mx0, _, mx1, my1, ok2 := glyphBox(face, r)
			if !ok1 || !ok2 {
				cur.WriteRune(r) // as Plain draws it
				continue
			}
			baseX := x + face.Width(cur.String()[:lastStart])
			// Centre the mark over the letter, and lift it clear of a
			// letter taller than the mark's bottom (y points down).
			gap := 0.06 * face.Font.Size
			lift := max(0, my1-by0+gap)
			runs = append(runs, textRun{s: string(r), sup: sup,
				x: baseX + (bx0+bx1)/2 - (mx0+mx1)/2, y: y + lift})
		}
		if cur.Len() > 0 {
			runs = append(runs, textRun{s: cur.String(), sup: sup, x: x, y: y})
			x += face.Width(cur.String())
		}
	}
	return runs, x
}

// Box implements text.Handler.
func (h richText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	if plainText(txt) {
		return h.Plain.Box(txt, fnt)
	}
	ext := h.face(fnt, false).Extents()
	_, width = h.layout(txt, fnt)
	height = ext.Ascent
	if strings.Contains(txt, "^{") {
		height = max(height, supRaise*fnt.Size+supScale*ext.Ascent)
	}
	return width, height, ext.Descent
}

// Draw implements text.Handler, as text.Plain.Draw does.
func (h richText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if plainText(txt) {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	fnt := h.face(sty.Font, false)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	ht := sty.Height(txt)
	pt.Y += ht*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		runs, w := h.layout(line, sty.Font)
		origin := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, r := range runs {
			c.FillString(*h.face(sty.Font, r.sup), origin.Add(vg.Point{X: r.x, Y: r.y}), r.s)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}
