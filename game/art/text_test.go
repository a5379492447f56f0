package art

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// outDir returns the folder for pictures people may look at:
// $TEST_OUTPUT_DIR/art if set, else a temporary folder.
func outDir(t testing.TB) string {
	if d := os.Getenv("TEST_OUTPUT_DIR"); d != "" {
		d = filepath.Join(d, "art")
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

func writePNG(t testing.TB, name string, img image.Image) {
	t.Helper()
	p := filepath.Join(outDir(t), name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", p)
}

// inked counts the pixels of img with any coverage.
func inked(img *image.RGBA) int {
	n := 0
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0 {
			n++
		}
	}
	return n
}

func TestFontsParse(t *testing.T) {
	for f := Regular; f < numFonts; f++ {
		if parsed(f) == nil {
			t.Fatalf("font %v not parsed", f)
		}
	}
	for _, r := range "一二三四五六七八九萬東南西北中發白梅蘭菊竹春夏秋冬" {
		if parsed(CJK).Index(r) == 0 {
			t.Errorf("CJK font lacks %c", r)
		}
	}
	for r := rune(' '); r <= '~'; r++ {
		for _, f := range []Font{Regular, Bold} {
			if parsed(f).Index(r) == 0 {
				t.Errorf("%v font lacks %q", f, r)
			}
		}
	}
}

func TestMeasureMonotonic(t *testing.T) {
	for _, f := range []Font{Regular, Bold, CJK} {
		prevW, prevH := 0, 0
		for _, size := range []float64{8, 12, 16, 24, 48, 96} {
			face := NewFace(f, size)
			w, h, asc := face.Measure("Mah Jong! 東")
			if w <= prevW || h <= prevH {
				t.Errorf("%v %v: size %dx%d not larger than %dx%d", f, size, w, h, prevW, prevH)
			}
			if asc <= 0 || asc >= h {
				t.Errorf("%v %v: ascent %d outside (0,%d)", f, size, asc, h)
			}
			prevW, prevH = w, h
		}
		face := NewFace(f, 20)
		prev := 0
		s := ""
		for _, r := range "Pung! Chow Kong" {
			s += string(r)
			w := face.Width(s)
			if w < prev || (r != ' ' && w == prev) {
				t.Errorf("%v: width(%q)=%d after %d", f, s, w, prev)
			}
			prev = w
		}
	}
}

func TestMeasureLines(t *testing.T) {
	face := NewFace(Regular, 16)
	w1, h1, _ := face.Measure("Short")
	w2, h2, _ := face.Measure("Short\nA much longer line")
	if h2 != 2*h1 || h1 != face.LineHeight() {
		t.Errorf("heights %d, %d; line height %d", h1, h2, face.LineHeight())
	}
	if w2 <= w1 || w2 != face.Width("A much longer line") {
		t.Errorf("widths %d, %d", w1, w2)
	}
}

func TestRenderAndDraw(t *testing.T) {
	face := NewFace(Bold, 24)
	img := face.Render("Pung!", color.Black)
	w, h, _ := face.Measure("Pung!")
	if img.Bounds() != image.Rect(0, 0, w, h) {
		t.Fatalf("render bounds %v, want %dx%d", img.Bounds(), w, h)
	}
	if n := inked(img); n < 50 {
		t.Errorf("only %d pixels inked", n)
	}
	if n := inked(face.Render("   ", color.Black)); n != 0 {
		t.Errorf("spaces inked %d pixels", n)
	}
	// Clipped drawing outside the image must not panic.
	small := image.NewRGBA(image.Rect(0, 0, 10, 10))
	face.Draw(small, -30, -5, "clipped 東南", color.White)
	face.Draw(small, 1000, 1000, "far away", color.White)
}

func TestBadInput(t *testing.T) {
	for _, size := range []float64{-1, 0, 0.5, 1e9} {
		face := NewFace(Font(99), size)
		if face.Size() < MinFaceSize || face.Size() > MaxFaceSize {
			t.Errorf("size %v not clamped: %v", size, face.Size())
		}
		face.Render("x\x00\r\t\xff\xfe\U0010FFFF", color.Black)
	}
	if NewFace(Regular, 16).Width("") != 0 {
		t.Error("empty string has width")
	}
}

func TestWrap(t *testing.T) {
	face := NewFace(Regular, 16)
	text := "East wins with a concealed hand of three pungs and a pair of red dragons.\nSecond paragraph."
	lines := face.Wrap(text, 200)
	if len(lines) < 3 {
		t.Fatalf("wrapped into %d lines: %q", len(lines), lines)
	}
	for _, l := range lines[:len(lines)-1] {
		if face.Width(l) > 200 {
			t.Errorf("line %q is %d px wide", l, face.Width(l))
		}
	}
	if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != strings.Join(strings.Fields(text), " ") {
		t.Errorf("wrap lost words: %q", got)
	}
}

func TestTextSample(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 640, 300))
	draw := func(f Font, size float64, y int, s string) int {
		face := NewFace(f, size)
		face.Draw(img, 8, y, s, color.RGBA{0x20, 0x20, 0x20, 0xff})
		return y + face.LineHeight()
	}
	for i := range img.Pix {
		img.Pix[i] = 0xf4
	}
	y := 4
	y = draw(Regular, 12, y, "Regular 12: The quick brown fox jumps over the lazy dog. 0123456789")
	y = draw(Regular, 16, y, "Regular 16: Claim: No claim / Chow / Pung / Kong / Mah Jong!")
	y = draw(Bold, 16, y, "Bold 16: East 東 South 南 West 西 North 北 — wall 83 tiles…")
	y = draw(Bold, 32, y, "Pung! Kong! Mah Jong!")
	y = draw(Regular, 24, y, "Score: 1 024 × 2 ⇒ éàü «ok»")
	draw(CJK, 40, y, "一二三四五六七八九萬 中發白")
	writePNG(t, "text-sample.png", img)
}

func BenchmarkDrawLine(b *testing.B) {
	face := NewFace(Regular, 32)
	img := image.NewRGBA(image.Rect(0, 0, 1200, 60))
	s := "East discards the Five Bamboo; South claims Pung!"
	face.Draw(img, 0, 0, s, color.Black)
	for b.Loop() {
		face.Draw(img, 0, 0, s, color.Black)
	}
}

func BenchmarkMeasureLine(b *testing.B) {
	face := NewFace(Regular, 32)
	s := "East discards the Five Bamboo; South claims Pung!"
	for b.Loop() {
		face.Measure(s)
	}
}

func BenchmarkNewFaceFirstLine(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1200, 60))
	s := "East discards the Five Bamboo; South claims Pung!"
	for b.Loop() {
		NewFace(Regular, 32).Draw(img, 0, 0, s, color.Black)
	}
}
