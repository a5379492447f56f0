package game

import (
	"math"
	"strings"
	"testing"

	"mahjong/game/art"
)

func TestParseFont(t *testing.T) {
	tests := []struct {
		in   string
		want fontPref
		out  string
	}{
		{"", fontPref{famStandard, 0}, ""},
		{"Go 14", fontPref{famGo, 14}, "Go 14"},
		{"Go Bold 16", fontPref{famBold, 16}, "Go Bold 16"},
		{"go mono", fontPref{famMono, 0}, "Go Mono"},
		{"Go Mono Bold 18", fontPref{famMono, 18}, "Go Mono 18"},
		{"18", fontPref{famStandard, 18}, "18"},
		{"Sans 10", fontPref{famGo, 10}, "Go 10"},            // another family: ours
		{"Sans 64", fontPref{famGo, maxFontSize}, "Go 20"},   // clamped
		{"Go 3", fontPref{famGo, minFontSize}, "Go 10"},      // clamped
		{"Go 12.6px", fontPref{famGo, 13}, "Go 13"},          // rounded
		{"-*-helvetica-*-r-*", fontPref{famGo, 0}, "Go"},     // an X LFD: the family is unknown
		{"Go NaN", fontPref{famGo, 0}, "Go"},                 // not a size: part of the name
		{"Go 1e300", fontPref{famGo, 0}, "Go"},               // not a sensible size
		{"\x00\xff 14", fontPref{famGo, 14}, "Go 14"},        // junk family
		{"   Go   Bold   ", fontPref{famBold, 0}, "Go Bold"}, // spaces
	}
	for _, tt := range tests {
		got := parseFont(tt.in)
		if got != tt.want || got.String() != tt.out {
			t.Errorf("parseFont(%q) = %+v %q, want %+v %q", tt.in, got, got.String(), tt.want, tt.out)
		}
	}
}

// The font preferences change the typeface and size of what is drawn in
// each role: the main font (art.Regular, art.Bold) and the text font
// (fontText, fontTextMono).
func TestFontRoles(t *testing.T) {
	g := newGfx()
	const s = "iiiiWWWW mahjong"
	w := func(f art.Font) float64 { return g.textWidth(f, 14, s) }
	regular, bold, mono := w(art.Regular), w(art.Bold), w(fontTextMono)
	if w(fontText) != regular || regular == mono || regular == bold {
		t.Fatalf("standard fonts: regular %v bold %v text %v mono %v", regular, bold, w(fontText), mono)
	}
	if !g.setFonts("Go Mono 20", "Go Bold") {
		t.Fatal("setFonts reported no change")
	}
	if g.setFonts("Go Mono 20", "Go Bold") {
		t.Fatal("setFonts reported a change for the same fonts")
	}
	// The main font: Go Mono at 20/14 of each size (mono has no bold).
	if got, want := w(art.Regular), g.textWidth(art.Mono, 20, s); got != want {
		t.Errorf("main font: %v, want Go Mono 20's %v", got, want)
	}
	if w(art.Bold) != w(art.Regular) {
		t.Errorf("bold main font %v differs from Go Mono %v", w(art.Bold), w(art.Regular))
	}
	if r := w(art.Regular) / mono; math.Abs(r-20.0/14) > 0.08 {
		t.Errorf("main font scale %.3f, want %.3f", r, 20.0/14)
	}
	// The text font: Go Bold at the standard size, for prose and columns.
	if w(fontText) != bold || w(fontTextMono) != bold {
		t.Errorf("text font: %v / %v, want Go Bold's %v", w(fontText), w(fontTextMono), bold)
	}
	// Back to the standard fonts.
	g.setFonts("", "")
	if w(art.Regular) != regular || w(fontTextMono) != mono {
		t.Errorf("standard fonts not restored")
	}
}

// The Display panel shows the font preferences and writes them back; Save
// & Apply puts them in force in the panels' layout (a bigger text font
// makes the Game info window's lines taller) and stores them.
func TestDisplayPanelFonts(t *testing.T) {
	a, said := testApp(t, 1280, 800, 1, "Display MainFont Go Bold 18\n")
	ustep(a)
	a.ui.openPanel(a, a.ui.displayPanel(a))
	text := a.ui.win.text()
	for _, want := range []string{"Main font: Go Bold.", "Main font size (0: standard): 18.", "Text font: Standard.", "Text font size (0: standard): 0."} {
		if !strings.Contains(text, want) {
			t.Errorf("panel lacks %q: %s", want, text)
		}
	}
	f := a.ui.disp
	if f == nil {
		t.Fatal("no form")
	}
	// The text font size spins from 0 (standard) to the smallest size,
	// and back.
	var spin *row
	for i := range a.ui.win.rows {
		if strings.HasPrefix(a.ui.win.rows[i].label, "Text font size") {
			spin = &a.ui.win.rows[i]
		}
	}
	a.ui.win.step(a, spin, 1)
	if f.textSize != minFontSize {
		t.Fatalf("text size %d after +, want %d", f.textSize, minFontSize)
	}
	a.ui.win.step(a, spin, -1)
	if f.textSize != 0 {
		t.Fatalf("text size %d after -, want 0", f.textSize)
	}
	for range 10 {
		a.ui.win.step(a, spin, 1)
	}
	f.textFam = 3 // Go Mono
	f.mainFam, f.mainSize = 0, 0
	lineBefore := a.g.face(fontText, 14).LineHeight()
	a.ui.win.press(a, a.ui.win, "save")
	if a.ui.win != nil {
		t.Fatal("the panel stayed open")
	}
	d := a.ui.p.Display
	if d.MainFont != "" || d.TextFont != "Go Mono 19" {
		t.Errorf("fonts %q %q, want \"\" and \"Go Mono 19\"; said %q", d.MainFont, d.TextFont, *said)
	}
	rc, _ := a.ui.store.Load()
	if !strings.Contains(rc, "Display TextFont Go Mono 19\n") {
		t.Errorf("stored preferences lack the text font:\n%s", rc)
	}
	if got := a.g.face(fontText, 14); got.LineHeight() <= lineBefore || got.Width("i") != got.Width("W") {
		t.Errorf("the text font is not a bigger Go Mono: line %d (was %d)", got.LineHeight(), lineBefore)
	}
	if got, want := a.g.face(art.Regular, 14).Width("iiii"), art.NewFace(art.Regular, 14).Width("iiii"); got != want {
		t.Errorf("the main font is not the standard one: %d, want %d", got, want)
	}
	// The prose windows are laid out with the text font's lines.
	p := okPanel("info", "Game info", []row{{kind: rowText, text: "Round: East. Hand 1 of the game."}})
	a.ui.openPanel(a, p)
	if p.proseH <= p.lineH {
		t.Errorf("prose line %v not taller than the main font's %v", p.proseH, p.lineH)
	}
}

// Fonts stored before the program starts are in force at once.
func TestFontsAtStart(t *testing.T) {
	a, _ := testApp(t, 390, 844, 2, "Display MainFont Go Mono\nDisplay TextFont 20\n")
	ustep(a)
	if got, want := a.g.face(art.Bold, 28).Width("iiii"), art.NewFace(art.Mono, 28).Width("iiii"); got != want {
		t.Errorf("main font width %d, want Go Mono's %d", got, want)
	}
	if got, want := a.g.face(fontTextMono, 28).Size(), 40.0; got != want {
		t.Errorf("text font size %v, want %v", got, want)
	}
}
