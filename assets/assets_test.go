package assets

import "testing"

func TestFonts(t *testing.T) {
	for _, name := range []string{RegularFont, BoldFont, MonoFont, CJKFont} {
		b := Font(name)
		// A TrueType font starts with version 1.0 (00 01 00 00).
		if len(b) < 1000 || string(b[:4]) != "\x00\x01\x00\x00" {
			t.Errorf("%s: %d bytes, not a TrueType font", name, len(b))
		}
	}
	if Font("missing.ttf") != nil {
		t.Error("missing font returned bytes")
	}
	if _, err := FS.ReadFile("LICENSES.md"); err != nil {
		t.Error(err)
	}
}
