package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mahjong/game/art"
)

// writeTileDir makes dir with one tile picture (1B.png), or a damaged one.
func writeTileDir(t *testing.T, dir string, damaged bool) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if damaged {
		b.WriteString("not a picture")
	} else {
		img := image.NewNRGBA(image.Rect(0, 0, 8, 10))
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		img.Set(3, 3, color.NRGBA{0xc0, 0, 0, 0xff})
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "1B.png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTilesetFlags: --tileset names a directory of tile pictures sought
// along --tileset-path (or a compiled-in set), --tileset-path sets the
// search path, and both override the stored preferences, as in the
// original; a tileset that is not found is said and the compiled-in tiles
// drawn.
func TestTilesetFlags(t *testing.T) {
	t.Setenv("LOGNAME", "tester")
	root := t.TempDir()
	sets := filepath.Join(root, "sets")
	writeTileDir(t, filepath.Join(sets, "mytiles"), false)
	writeTileDir(t, filepath.Join(sets, "tiles-numbered-big"), false)
	writeTileDir(t, filepath.Join(sets, "broken"), true)
	writeTileDir(t, filepath.Join(root, "flat"), false) // the pictures in a path directory itself
	other := filepath.Join(root, "other")
	writeTileDir(t, filepath.Join(other, "mytiles"), false)
	nowhere := filepath.Join(root, "nowhere")
	path := nowhere + ":" + sets

	tests := []struct {
		name     string
		rc       string // the stored preferences
		args     []string
		set      art.TileSet
		tileset  string // Display Tileset in force
		tilePath string // Display TilesetPath in force
		warn     string // on stderr, "" for nothing
	}{
		{name: "stored only", rc: "Display Tileset mytiles\nDisplay TilesetPath " + sets + "\n",
			set: art.Classic, tileset: "mytiles", tilePath: sets},
		{name: "directory along the path", args: []string{"--tileset", "mytiles", "--tileset-path", path},
			set: art.Classic, tileset: "mytiles", tilePath: path},
		{name: "path given first or last", args: []string{"--tileset-path", path, "--tileset", "mytiles"},
			set: art.Classic, tileset: "mytiles", tilePath: path},
		{name: "numbered directory", args: []string{"--tileset", "tiles-numbered-big", "--tileset-path", sets},
			set: art.Numbered, tileset: "tiles-numbered-big", tilePath: sets},
		{name: "a path of its own", args: []string{"--tileset", filepath.Join(sets, "mytiles") + "/"},
			set: art.Classic, tileset: filepath.Join(sets, "mytiles") + "/"},
		{name: "path overrides the stored path", rc: "Display Tileset mytiles\nDisplay TilesetPath " + nowhere + "\n",
			args: []string{"--tileset-path", other}, set: art.Classic, tileset: "mytiles", tilePath: other},
		{name: "tileset overrides the stored one", rc: "Display Tileset numbered\nDisplay TilesetPath " + sets + "\n",
			args: []string{"--tileset", "mytiles"}, set: art.Classic, tileset: "mytiles", tilePath: sets},
		{name: "classic over stored numbered", rc: "Display Tileset numbered\n",
			args: []string{"--tileset", "classic"}, set: art.Classic, tileset: ""},
		{name: "numbered over stored directory", rc: "Display Tileset mytiles\nDisplay TilesetPath " + sets + "\n",
			args: []string{"--tileset", "numbered"}, set: art.Numbered, tileset: "numbered", tilePath: sets},
		{name: "the original's numbered set", args: []string{"--tileset", "tiles-numbered"},
			set: art.Numbered, tileset: "tiles-numbered"},
		{name: "the original's default set", args: []string{"--tileset", "/usr/share/xmj/tiles-v1"},
			set: art.Classic, tileset: ""},
		{name: "custom: pictures in the path", args: []string{"--tileset", "custom", "--tileset-path", filepath.Join(root, "flat")},
			set: art.Classic, tileset: "custom", tilePath: filepath.Join(root, "flat")},
		// Not found or unreadable: said, and the compiled-in tiles drawn.
		{name: "not found", args: []string{"--tileset", "fancy", "--tileset-path", path},
			set: art.Classic, tileset: "fancy", tilePath: path, warn: `tileset "fancy": no such directory along the tileset path ` + path},
		{name: "no path", args: []string{"--tileset", "fancy"},
			set: art.Classic, tileset: "fancy", warn: `tileset "fancy": no such directory`},
		{name: "damaged pictures", args: []string{"--tileset", "broken", "--tileset-path", sets},
			set: art.Classic, tileset: "broken", tilePath: sets, warn: "1B.png"},
		{name: "custom without pictures", args: []string{"--tileset", "custom", "--tileset-path", nowhere},
			set: art.Classic, tileset: "custom", tilePath: nowhere, warn: `tileset "custom": `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := noPrefs(t)
			if tt.rc != "" {
				if err := os.WriteFile(filepath.Join(home, ".xmjrc"), []byte(tt.rc), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			var stderr bytes.Buffer
			o, err := parseFlags(tt.args, &stderr)
			if err != nil {
				t.Fatalf("parseFlags(%q): %v (%s)", tt.args, err, stderr.String())
			}
			d := o.cfg.Prefs.Display
			if o.cfg.Tileset != tt.set || d.Tileset != tt.tileset || d.TilesetPath != tt.tilePath {
				t.Errorf("parseFlags(%q): set %v, Tileset %q, TilesetPath %q; want %v, %q, %q",
					tt.args, o.cfg.Tileset, d.Tileset, d.TilesetPath, tt.set, tt.tileset, tt.tilePath)
			}
			got := stderr.String()
			switch {
			case tt.warn == "" && got != "":
				t.Errorf("parseFlags(%q) said %q", tt.args, got)
			case tt.warn != "" && !strings.Contains(got, tt.warn):
				t.Errorf("parseFlags(%q) said %q, want it to say %q", tt.args, got, tt.warn)
			}
		})
	}
}
