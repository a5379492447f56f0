//go:build !js

package game

import (
	"os"
	"strings"
	"testing"

	"mahjong/game/prefs"
)

// TestPrefsExportImport: the preferences exported from one App import
// into another, which then has them in force and stored; an original
// xmj's .xmjrc imports too; a damaged file is refused with a message and
// changes nothing.
func TestPrefsExportImport(t *testing.T) {
	t.Chdir(t.TempDir())
	var said []string
	say := func(s string) { said = append(said, s) }
	a := NewApp(Config{Name: "Ann", Store: prefs.NewMem(""), Announce: say})
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	p := a.ui.p.Clone()
	p.Display.Animate = false
	p.Display.ShowWall = "never"
	p.Playing.AutoSpecials = true
	p.Mark("Display Animate")
	p.Mark("Display ShowWall")
	p.Mark("Playing AutoSpecials")
	a.ui.setPrefs(a, p, true)
	a.ui.choose(a, menuItem{id: "exportprefs"})
	text, err := os.ReadFile(prefsFileName)
	if err != nil || !strings.Contains(string(text), "Display ShowWall never\n") {
		t.Fatalf("exported %q, %v (said %q)", text, err, said)
	}

	mem := prefs.NewMem("")
	b := NewApp(Config{Name: "Ann", Store: mem, Announce: say})
	b.scr = a.scr
	said = said[:0]
	b.ui.choose(b, menuItem{id: "importprefs"})
	pollOpened(b)
	if b.ui.p.Display.Animate || b.ui.p.Display.ShowWall != "never" || !b.ui.p.Playing.AutoSpecials {
		t.Errorf("imported preferences not in force: %+v (said %q)", b.ui.p, said)
	}
	if b.cfg.ShowWall != wallMode("never") || !b.cfg.NoAnimation {
		t.Errorf("the table options did not follow: %+v", b.cfg)
	}
	if stored, _ := mem.Load(); stored != string(text) {
		t.Errorf("stored %q, want the file %q", stored, text)
	}
	if len(said) == 0 || !strings.HasPrefix(said[len(said)-1], "Preferences imported from mahjong.xmjrc") {
		t.Errorf("said %q", said)
	}

	// An original xmj's file: its unknown lines are kept.
	orig := "Display Animate 1\nDisplay DialogPosition below\nDisplay Gtk2Rcfile \nPlaying AutoLosing 1\nGameOption 0 Timeout nat 0 1 20 time limit for claims\n"
	os.WriteFile(prefsFileName, []byte(orig), 0o644)
	b.ui.choose(b, menuItem{id: "importprefs"})
	pollOpened(b)
	if !b.ui.p.Display.Animate || b.ui.p.Display.DialogPosition != "below" || !b.ui.p.Playing.AutoLosing {
		t.Errorf("the original's file was not taken: %+v", b.ui.p)
	}
	if stored, _ := mem.Load(); !strings.Contains(stored, "Display Gtk2Rcfile") || !strings.Contains(stored, "Timeout nat 0 1 20") {
		t.Errorf("stored %q: lost the original's lines", stored)
	}

	// Damaged files: refused, nothing changes.
	before, _ := mem.Load()
	inForce := prefs.Format(b.ui.p)
	for _, bad := range []string{"Display Animate maybe\n", "\x00\x01\x02binary", "Display Size 99\n", strings.Repeat("x", prefs.MaxSize+1)} {
		os.WriteFile(prefsFileName, []byte(bad), 0o644)
		said = said[:0]
		b.ui.win = nil
		b.ui.choose(b, menuItem{id: "importprefs"})
		pollOpened(b)
		if len(said) == 0 || !strings.Contains(strings.Join(said, "|"), "cannot be imported: ") {
			t.Errorf("%.20q: said %q", bad, said)
		}
		if b.ui.win == nil || b.ui.win.title != "Import preferences" {
			t.Errorf("%.20q: no message window", bad)
		}
		if got, _ := mem.Load(); got != before {
			t.Errorf("%.20q: the stored preferences changed", bad)
		}
		if prefs.Format(b.ui.p) != inForce {
			t.Errorf("%.20q: the preferences in force changed", bad)
		}
	}
	os.Remove(prefsFileName)
	said = said[:0]
	b.ui.choose(b, menuItem{id: "importprefs"})
	pollOpened(b)
	if len(said) == 0 || !strings.Contains(said[0], "cannot be imported") {
		t.Errorf("a missing file: said %q", said)
	}
}
