package game

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/prefs"
)

// tilePNG returns a PNG of one colour.
func tilePNG(t *testing.T, c color.NRGBA) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 30, 40))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// writeTiles writes files into a new directory under root.
func writeTiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTilesetDirs(t *testing.T) {
	tests := []struct {
		tileset, path string
		want          []string
	}{
		{"", "", nil},
		{"numbered", "", nil},
		{"tiles-v1", "/usr/share/mah-jong", []string{"/usr/share/mah-jong/tiles-v1"}},
		{"tiles-v1", "/a:/b;/c", []string{"/a/tiles-v1", "/b/tiles-v1", "/c/tiles-v1"}},
		{"/home/me/tiles", "/a", []string{"/home/me/tiles", "/a/home/me/tiles"}},
		{"", "/home/me/tiles", nil},
		{"custom", "/home/me/tiles", []string{"/home/me/tiles"}},
		{"custom", "/a::/b", []string{"/a", "/b"}},
	}
	for _, tt := range tests {
		if got := tilesetDirs(tt.tileset, tt.path); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tilesetDirs(%q, %q) = %q, want %q", tt.tileset, tt.path, got, tt.want)
		}
	}
}

// On the desktop the preferences name a directory of pictures: found on
// the path, drawn for the tiles it has; the compiled-in names load none;
// a directory with a bad picture is an error.
func TestDirTiles(t *testing.T) {
	root := t.TempDir()
	red := color.NRGBA{0xe0, 0x10, 0x10, 0xff}
	writeTiles(t, filepath.Join(root, "mine"), map[string][]byte{"1B.png": tilePNG(t, red), "notes.txt": []byte("x")})
	writeTiles(t, filepath.Join(root, "broken"), map[string][]byte{"2B.png": []byte("not a png")})
	s, err := dirTiles(prefs.Display{Tileset: "mine", TilesetPath: "/nonexistent:" + root})
	if err != nil || s.Len() != 1 {
		t.Fatalf("mine: %v, %v", s.Codes(), err)
	}
	s, err = dirTiles(prefs.Display{Tileset: customTileset, TilesetPath: root + ":" + filepath.Join(root, "mine") + ":" + filepath.Join(root, "broken")})
	if err != nil || s.Len() != 1 {
		t.Fatalf("custom on the path: %v, %v", s.Codes(), err)
	}
	if _, err := dirTiles(prefs.Display{Tileset: customTileset, TilesetPath: filepath.Join(root, "broken") + ":" + filepath.Join(root, "mine")}); err == nil {
		t.Errorf("custom, a bad directory first: no error")
	}
	if s, err := dirTiles(prefs.Display{Tileset: "numbered", TilesetPath: root}); s != nil || err != nil {
		t.Errorf("numbered: %v, %v", s, err)
	}
	if _, err := dirTiles(prefs.Display{Tileset: "broken", TilesetPath: root}); err == nil || !strings.Contains(err.Error(), "2B.png") {
		t.Errorf("broken: %v", err)
	}
	if _, err := dirTiles(prefs.Display{Tileset: customTileset, TilesetPath: root}); err == nil {
		t.Errorf("custom without pictures: no error")
	}

	// The stored form (the browser's) reads back the same set.
	text, err := encodeTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeTiles(text)
	if err != nil || !reflect.DeepEqual(back.Codes(), s.Codes()) {
		t.Fatalf("decoded %v, %v", back.Codes(), err)
	}
	for _, bad := range []string{"", "junk\n", tileStoreHeader + "\n1B !!!\n", tileStoreHeader + "\n"} {
		if _, err := decodeTiles(bad); err == nil {
			t.Errorf("decodeTiles(%q): no error", bad)
		}
	}
}

// The Display panel's "Load from path" reads the pictures of the Tileset
// path entry's directory; good pictures make the form choose Custom and
// Save & Apply draws them; bad ones are reported and change nothing.
func TestDisplayPanelLoadsTiles(t *testing.T) {
	root := t.TempDir()
	red := color.NRGBA{0xe0, 0x10, 0x10, 0xff}
	good, bad := filepath.Join(root, "good"), filepath.Join(root, "bad")
	writeTiles(t, good, map[string][]byte{"1B.png": tilePNG(t, red), "--.png": tilePNG(t, red)})
	writeTiles(t, bad, map[string][]byte{"1B.png": tilePNG(t, red), "2B.png": []byte("GIF89a junk")})
	a, said := testApp(t, 1280, 800, 1, "")
	ustep(a)
	load := func(dir string) {
		t.Helper()
		a.ui.openPanel(a, a.ui.displayPanel(a))
		a.ui.disp.d.TilesetPath = dir
		var r *row
		for i := range a.ui.win.rows {
			if a.ui.win.rows[i].kind == rowActions && a.ui.win.rows[i].label == "Custom tile pictures" {
				r = &a.ui.win.rows[i]
			}
		}
		if r == nil {
			t.Fatal("no Custom tile pictures row")
		}
		r.act(a, r.acts[0].ID)
		ustep(a)
	}
	load(bad)
	last := (*said)[len(*said)-1]
	if !strings.Contains(last, "2B.png: not a PNG, GIF, JPEG or XPM image. Nothing was changed.") || a.ui.disp.tiles != 0 {
		t.Errorf("bad pictures: %q, tiles %d", last, a.ui.disp.tiles)
	}
	if !strings.Contains(a.ui.win.text(), "Nothing was changed.") {
		t.Errorf("the panel does not show the error: %s", a.ui.win.text())
	}
	a.ui.win.press(a, a.ui.win, "save")
	if a.g.user != nil || a.ui.p.Display.Tileset != "" {
		t.Fatalf("bad pictures changed the tileset: %q", a.ui.p.Display.Tileset)
	}

	load(good)
	last = (*said)[len(*said)-1]
	if !strings.Contains(last, "Loaded 2 tile pictures from "+good+".") || !strings.Contains(last, "Tileset: Custom.") {
		t.Errorf("good pictures: %q", last)
	}
	if !strings.Contains(a.ui.win.text(), "Tileset: Custom.") {
		t.Errorf("the panel does not choose Custom: %s", a.ui.win.text())
	}
	a.ui.win.press(a, a.ui.win, "save")
	d := a.ui.p.Display
	if d.Tileset != customTileset || d.TilesetPath != good || a.g.user.Len() != 2 {
		t.Fatalf("saved %q %q, set %v", d.Tileset, d.TilesetPath, a.g.user.Codes())
	}
	// The tile of the set is the picture; the others are the built-in art.
	one := engine.NewTile(engine.Bamboo, 1)
	img := a.g.rasterTile(one, false, art.Classic, 60, 80).(*image.RGBA)
	if c := img.RGBAAt(30, 37); c.R < 0xc0 || c.G > 0x40 {
		t.Errorf("1B is %v, not the picture", c)
	}
	two := engine.NewTile(engine.Bamboo, 2)
	if got, want := a.g.rasterTile(two, false, art.Classic, 60, 80).(*image.RGBA).Pix, art.Tile(two, art.Classic, 60, 80).Pix; !bytes.Equal(got, want) {
		t.Errorf("2B is not the built-in art")
	}
	rc, _ := a.ui.store.Load()
	if !strings.Contains(rc, "Display Tileset custom\n") || !strings.Contains(rc, "Display TilesetPath "+good+"\n") {
		t.Errorf("stored:\n%s", rc)
	}

	// Started again with those preferences, the set is in force at once;
	// back to Classic, it is not.
	b, _ := testApp(t, 390, 844, 1, rc)
	ustep(b)
	if b.g.user.Len() != 2 {
		t.Fatalf("at start: %v", b.g.user.Codes())
	}
	b.ui.openPanel(b, b.ui.displayPanel(b))
	b.ui.disp.tiles = 0
	b.ui.win.press(b, b.ui.win, "apply")
	if b.g.user != nil || b.ui.p.Display.Tileset != "" {
		t.Errorf("Classic: set %v, tileset %q", b.g.user.Codes(), b.ui.p.Display.Tileset)
	}
}

// An original .xmjrc naming the original's tile directory: the desktop
// draws those pictures (XPM).
func TestOriginalTilesetPrefs(t *testing.T) {
	if _, err := os.Stat("/usr/share/mah-jong/tiles-v1"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip("the original's tiles are not installed")
	}
	a, said := testApp(t, 1280, 800, 1, "Display Tileset tiles-v1\nDisplay TilesetPath /usr/share/mah-jong\n")
	ustep(a)
	if len(a.g.user.Missing()) != 0 {
		t.Fatalf("set %v; said %q", a.g.user.Codes(), *said)
	}
	a.ui.openPanel(a, a.ui.displayPanel(a))
	if !strings.Contains(a.ui.win.text(), "Tileset: Classic.") {
		t.Errorf("panel: %s", a.ui.win.text())
	}
	a.ui.win.press(a, a.ui.win, "save")
	if a.ui.p.Display.Tileset != "tiles-v1" || a.g.user == nil {
		t.Errorf("an unchanged panel changed the tileset to %q", a.ui.p.Display.Tileset)
	}
}
