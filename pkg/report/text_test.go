package report

import (
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// TestRichText: a combining mark is centred over its letter and lifted
// clear of a tall one; "^{...}" is a raised, smaller run; plain text has
// the widths of text.Plain.
func TestRichText(t *testing.T) {
	h := figureText.(richText)
	fnt := font.From(plot.DefaultFont, vg.Points(10))
	face := h.face(fnt, false)

	// "k̄/u": the runs "k/u" and the macron over the k.
	runs, w := h.layout("k\u0304/u", fnt)
	if len(runs) != 2 || runs[1].s != "k/u" || runs[0].s != "\u0304" {
		t.Fatalf("runs %+v", runs)
	}
	if want := face.Width("k/u"); w != want {
		t.Errorf("width %v, want that of k/u, %v", w, want)
	}
	kx0, ky0, kx1, _, _ := glyphBox(face, 'k')
	mx0, _, mx1, my1, _ := glyphBox(face, '\u0304')
	mark := runs[0]
	if c, kc := mark.x+(mx0+mx1)/2, (kx0+kx1)/2; c-kc > 0.01 || kc-c > 0.01 {
		t.Errorf("macron centred at %v, k at %v", c, kc)
	}
	if bottom := -(my1) + mark.y; bottom < -ky0 {
		t.Errorf("macron bottom %v below the top of k %v", bottom, -ky0)
	}
	// Over a short letter the mark stays where the font puts it.
	runs, _ = h.layout("x\u0304", fnt)
	if runs[0].y != 0 {
		t.Errorf("macron over x lifted by %v", runs[0].y)
	}

	// "10^{−3}": "10", then the superscript, raised and smaller.
	runs, w = h.layout("10^{\u22123}", fnt)
	if len(runs) != 2 || runs[0].s != "10" || runs[1].s != "\u22123" || !runs[1].sup {
		t.Fatalf("runs %+v", runs)
	}
	sup := h.face(fnt, true)
	if runs[1].x != face.Width("10") || runs[1].y != supRaise*fnt.Size || w != face.Width("10")+sup.Width("\u22123") {
		t.Errorf("superscript at %v,%v, width %v", runs[1].x, runs[1].y, w)
	}
	if sup.Font.Size != supScale*fnt.Size {
		t.Errorf("superscript size %v", sup.Font.Size)
	}
	_, ht, _ := h.Box("10^{3}", fnt)
	if _, pht, _ := h.Plain.Box("103", fnt); ht < pht {
		t.Errorf("height %v of a superscript below the plain height %v", ht, pht)
	}
	// An unclosed "^{" is text.
	if runs, _ := h.layout("a^{b", fnt); len(runs) != 2 || runs[0].s != "a" || runs[1].s != "^{b" || runs[1].sup {
		t.Errorf("unclosed: %+v", runs)
	}
	for _, s := range []string{"latency [cycles]", "Δ, ≤ 64", ""} {
		w1, h1, d1 := h.Box(s, fnt)
		w2, h2, d2 := h.Plain.Box(s, fnt)
		if w1 != w2 || h1 != h2 || d1 != d2 {
			t.Errorf("%q: box differs from Plain's", s)
		}
	}
}
