package art

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mahjong/engine"
)

// solid returns a w×h picture of one colour with a 1-pixel black frame.
func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				img.SetNRGBA(x, y, color.NRGBA{0, 0, 0, 0xff})
			} else {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	return img
}

func encode(t testing.TB, format string, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	switch format {
	case "png":
		err = png.Encode(&b, img)
	case "gif":
		err = gif.Encode(&b, img, nil)
	case "jpeg":
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 95})
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A small XPM as the original's tile directories hold them.
const testXPM = `/* XPM */
static char *noname[] = {
/* width height ncolors chars_per_pixel */
"4 3 3 1",
/* colors */
"  c None",
". c #FF0000",
"X c #00f",
/* pixels */
" .X.",
"..XX",
"X  X"
};
`

func TestDecodeXPM(t *testing.T) {
	img, err := DecodeXPM([]byte(testXPM))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 4, 3) {
		t.Fatalf("bounds %v", img.Bounds())
	}
	for _, c := range []struct {
		x, y int
		want color.NRGBA
	}{{0, 0, color.NRGBA{}}, {1, 0, color.NRGBA{0xff, 0, 0, 0xff}}, {2, 0, color.NRGBA{0, 0, 0xff, 0xff}}, {3, 2, color.NRGBA{0, 0, 0xff, 0xff}}} {
		if got := img.NRGBAAt(c.x, c.y); got != c.want {
			t.Errorf("(%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	bad := map[string]string{
		"not xpm":        "hello",
		"no header":      "/* XPM */",
		"bad header":     `/* XPM */ "a b c d"`,
		"huge":           `/* XPM */ "99999 2 1 1" "  c None"`,
		"short":          `/* XPM */ "2 2 1 1" "  c None" "  "`,
		"narrow row":     `/* XPM */ "2 1 1 1" "  c None" " "`,
		"unknown colour": `/* XPM */ "2 1 1 1" "  c None" " x"`,
		"colour name":    `/* XPM */ "1 1 1 1" "  c PapayaWhip" " "`,
		"bad hex":        `/* XPM */ "1 1 1 1" "  c #GG0000" " "`,
		"unterminated":   `/* XPM */ "1 1 1 1`,
		"open comment":   `/* XPM */ /* "1 1 1 1"`,
	}
	for name, src := range bad {
		if _, err := DecodeXPM([]byte(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestTileCode(t *testing.T) {
	for in, want := range map[string]string{
		"1B.png": "1B", "dir/5c.XPM": "5C", `C:\t\EW.gif`: "EW", "rd.jpeg": "RD", "--.png": "--",
		"1F.jpg": "1F", "4S.png": "4S", "tongE.xpm": "", "XX.xpm": "", "README": "", "1B.bmp": "", "0B.png": "", "5F.png": "",
	} {
		if got := TileCode(in); got != want {
			t.Errorf("TileCode(%q) = %q, want %q", in, got, want)
		}
	}
}

// A set from pictures of every format: drawn on our tiles, missing tiles
// reported, stored as PNG and read back the same; bad files refused with
// their names.
func TestUserSet(t *testing.T) {
	red, blue := color.NRGBA{0xd0, 0x10, 0x10, 0xff}, color.NRGBA{0x10, 0x20, 0xd0, 0xff}
	files := []UserFile{
		{"1B.png", encode(t, "png", solid(50, 70, red))},
		{"EW.gif", encode(t, "gif", solid(25, 35, blue))},
		{"RD.jpg", encode(t, "jpeg", solid(40, 56, red))},
		{"5C.xpm", []byte(testXPM)},
		{"--.png", encode(t, "png", solid(600, 800, blue))}, // scaled down when read
		{"README", []byte("not a picture")},
	}
	s, err := NewUserSet(files)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 5 || len(s.Missing()) != len(engine.AllTiles)-4 {
		t.Fatalf("%d pictures, %d missing", s.Len(), len(s.Missing()))
	}
	if b := s.imgs["--"].Bounds(); b.Dx() > MaxUserTile || b.Dy() > MaxUserTile {
		t.Errorf("back kept at %v", b)
	}
	one := engine.NewTile(engine.Bamboo, 1)
	img := s.Tile(one, false, 60, 80)
	if img == nil || img.Bounds() != image.Rect(0, 0, 60, 80) {
		t.Fatalf("1B: %v", img)
	}
	near := func(c color.RGBA, want color.NRGBA) bool {
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		return d(c.R, want.R) < 24 && d(c.G, want.G) < 24 && d(c.B, want.B) < 24
	}
	if c := img.RGBAAt(30, 37); !near(c, red) {
		t.Errorf("the middle of 1B is %v, not the picture's red", c)
	}
	if c := img.RGBAAt(1, 79); c == img.RGBAAt(30, 37) {
		t.Errorf("the tile's edge is the picture's colour")
	}
	if c := s.Tile(engine.RedDragon, true, 60, 80).RGBAAt(30, 37); !near(c, blue) {
		t.Errorf("the back is %v, not the picture's blue", c)
	}
	if s.Tile(engine.NewTile(engine.Circles, 2), false, 60, 80) != nil {
		t.Errorf("a tile without a picture was drawn")
	}
	var nilSet *UserSet
	if nilSet.Tile(one, false, 10, 10) != nil || nilSet.Len() != 0 {
		t.Errorf("a nil set draws")
	}
	writePNG(t, "userset-1B.png", img)

	stored, err := s.Files()
	if err != nil {
		t.Fatal(err)
	}
	back, err := NewUserSet(stored)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(back.Codes(), " ") != strings.Join(s.Codes(), " ") {
		t.Errorf("read back %v, want %v", back.Codes(), s.Codes())
	}
	for _, c := range s.Codes() {
		if !bytes.Equal(back.imgs[c].Pix, s.imgs[c].Pix) {
			t.Errorf("%s changed when stored", c)
		}
	}

	for _, tt := range []struct {
		name  string
		files []UserFile
		want  string
	}{
		{"damaged", []UserFile{{"1B.png", encode(t, "png", solid(5, 5, red))[:40]}}, "1B.png: "},
		{"not a picture", []UserFile{{"2B.png", []byte("hello")}}, "2B.png: not a PNG, GIF, JPEG or XPM image"},
		{"bad xpm", []UserFile{{"3B.xpm", []byte("/* XPM */ \"1 1\"")}}, "3B.xpm: XPM: bad header"},
		{"too large", []UserFile{{"4B.png", make([]byte, MaxUserFile+1)}}, "4B.png: the file is too large"},
		{"none", []UserFile{{"README", nil}, {"tongE.xpm", []byte(testXPM)}}, "no tile pictures"},
		{"empty", nil, "no tile pictures"},
	} {
		s, err := NewUserSet(append(tt.files, files[0]))
		if tt.name == "none" || tt.name == "empty" {
			s, err = NewUserSet(tt.files)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || s != nil {
			t.Errorf("%s: %v, %v; want an error with %q", tt.name, s, err, tt.want)
		}
	}
}

// The original's own tile directories load: every tile and the back.
func TestOriginalTilesets(t *testing.T) {
	const dir = "/usr/share/mah-jong"
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the original's tiles are missing: %v", err)
		}
		t.Skip("the original's tiles are not installed")
	}
	for _, set := range []string{"tiles-v1", "tiles-small", "tiles-numbered", "fallbacktiles"} {
		ents, err := os.ReadDir(filepath.Join(dir, set))
		if err != nil {
			t.Fatal(err)
		}
		var files []UserFile
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, set, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, UserFile{e.Name(), b})
		}
		s, err := NewUserSet(files)
		if err != nil {
			t.Fatalf("%s: %v", set, err)
		}
		if len(s.Missing()) != 0 || s.imgs[BackCode] == nil {
			t.Errorf("%s: missing %v", set, s.Missing())
		}
		writePNG(t, "original-"+set+"-RD.png", s.Tile(engine.RedDragon, false, 75, 100))
	}
}

func BenchmarkUserTile(b *testing.B) {
	s, err := NewUserSet([]UserFile{{"1B.png", encode(b, "png", solid(25, 35, color.NRGBA{0xd0, 0x10, 0x10, 0xff}))}})
	if err != nil {
		b.Fatal(err)
	}
	one := engine.NewTile(engine.Bamboo, 1)
	for b.Loop() {
		s.Tile(one, false, 60, 80)
	}
}
