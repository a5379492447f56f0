package game

import (
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/game/prefs"
)

// testApp returns an App on a phone or desktop screen, with preferences
// in memory, showing the start scene.
func testApp(t *testing.T, w, h, scale float64, rc string) (*App, *[]string) {
	t.Helper()
	said := &[]string{}
	a := NewApp(Config{Store: prefs.NewMem(rc), Announce: func(s string) { *said = append(*said, s) }})
	a.scr = Screen{W: w, H: h, Scale: scale}
	return a, said
}

func ustep(a *App, its ...Intent) {
	a.tick++
	rest := a.ui.update(a, its, menuKeys{})
	a.scene.update(a, rest)
	a.ui.after(a)
}

func TestPanelScrollByDrag(t *testing.T) {
	a, _ := testApp(t, 1280, 800, 1, "")
	a.ui.openPanel(a, a.ui.displayPanel(a))
	p := a.ui.win
	if p.max <= 0 {
		t.Fatalf("nothing to scroll: max %v", p.max)
	}
	ustep(a, Intent{Kind: DragStart, X: 640, Y: 640, X0: 640, Y0: 650})
	ustep(a, Intent{Kind: DragMove, X: 640, Y: 300, X0: 640, Y0: 650})
	ustep(a, Intent{Kind: DragEnd, X: 640, Y: 300, X0: 640, Y0: 650})
	if p.off == 0 {
		t.Errorf("not scrolled")
	}
}

var _ = strings.Contains
var _ = engine.Blank

// The menus open with Alt and the menu's letter, or a tap on the menu
// button; an entry's letter opens its window, Escape closes it.
func TestMenusKeyboardAndTouch(t *testing.T) {
	a, said := testApp(t, 390, 844, 1, "")
	rest := a.ui.update(a, nil, menuKeys{alt: 'o'})
	if a.ui.menu != 2 || len(rest) != 0 {
		t.Fatalf("Alt-O: menu %d", a.ui.menu)
	}
	a.ui.update(a, []Intent{{Kind: Letter, Rune: 'd'}}, menuKeys{})
	if a.ui.win == nil || a.ui.win.id != "display" {
		t.Fatalf("no Display panel; said %q", *said)
	}
	a.ui.update(a, []Intent{{Kind: Escape}}, menuKeys{})
	if a.ui.win != nil {
		t.Fatal("Escape did not close the panel")
	}
	b := menuButton(a)
	cx, cy := b.Center()
	a.ui.update(a, []Intent{{Kind: Tap, X: cx, Y: cy}}, menuKeys{})
	if a.ui.menu != 0 || !a.ui.sheet {
		t.Fatalf("tap: menu %d sheet %v", a.ui.menu, a.ui.sheet)
	}
	// The Show menu's Scoring history entry, by touch.
	a.ui.update(a, []Intent{{Kind: Tap, X: a.ui.titles[1].X + 5, Y: a.ui.titles[1].Y + 5}}, menuKeys{})
	r := a.ui.items[1]
	a.ui.update(a, []Intent{{Kind: Tap, X: r.X + 10, Y: r.Y + 10}}, menuKeys{})
	if a.ui.win == nil || a.ui.win.id != "history" {
		t.Fatalf("no history window")
	}
}

// Every panel fits a phone: full width, controls at least MinButton tall,
// nothing outside the screen.
func TestPanelsFitPhone(t *testing.T) {
	for _, scale := range []float64{1, 3} {
		a, _ := testApp(t, 390*scale, 844*scale, scale, "GameOption 0 NoLimit bool 0 1 1 no-limit game\n")
		scr := Rect{0, 0, a.scr.W, a.scr.H}
		for _, mk := range []func(*App) *panel{a.ui.displayPanel, a.ui.playingPanel, a.ui.optionPrefsPanel,
			a.ui.currentOptionsPanel, a.ui.historyPanel, a.ui.gameInfoPanel, a.ui.messagesPanel} {
			p := mk(a)
			p.layout(a)
			if !p.box.Inside(scr) || p.box.W != a.scr.W {
				t.Errorf("%s: box %+v", p.id, p.box)
			}
			for _, b := range p.btns {
				if !b.Rect.Inside(scr) || b.Rect.H < MinButton*scale-0.5 {
					t.Errorf("%s: button %q at %+v", p.id, b.Text(), b.Rect)
				}
			}
			for _, r := range p.rows {
				if r.r.X < 0 || r.r.X+r.r.W > a.scr.W+0.5 {
					t.Errorf("%s: row %q at %+v", p.id, r.label, r.r)
				}
				if r.focusable() && r.kind != rowActions && r.ctl.H < MinButton*scale-0.5 {
					t.Errorf("%s: row %q control %+v too small", p.id, r.label, r.ctl)
				}
				for _, q := range r.parts {
					if q.X < 0 || q.X+q.W > a.scr.W+0.5 {
						t.Errorf("%s: row %q part %+v off screen", p.id, r.label, q)
					}
				}
			}
		}
	}
}

// Save & Apply stores the Display panel's values in the .xmjrc format
// and applies them; Cancel changes nothing.
func TestDisplayPanelSaves(t *testing.T) {
	store := prefs.NewMem("OpenDialog Name Zed\n")
	a := NewApp(Config{Store: store})
	a.scr = Screen{W: 1280, H: 800, Scale: 1}
	a.ui.openPanel(a, a.ui.displayPanel(a))
	p := a.ui.win
	for i := range p.rows {
		switch p.rows[i].label {
		case "Show the wall":
			*p.rows[i].idx = 2
		case "Animation":
			*p.rows[i].on = false
		case "Table colour":
			*p.rows[i].col = tableColours[2]
		}
	}
	p.press(a, p, "save")
	text, _ := store.Load()
	for _, want := range []string{"Display ShowWall never\n", "Display Animate 0\n", "Display TableColour #1d1d4e4e6e6e\n", "OpenDialog Name Zed\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("saved %q lacks %q", text, want)
		}
	}
	if a.cfg.ShowWall != WallNever || !a.cfg.NoAnimation || colTable != tableColours[2] {
		t.Errorf("not applied: %+v %v", a.cfg, colTable)
	}
	applyColours(prefs.Display{})
}
