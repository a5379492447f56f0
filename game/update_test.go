package game

import (
	"testing"

	"mahjong/game/prefs"
)

// updateApp returns an App showing the start dialog on a w×h screen whose
// page answers updateReady() with *waiting, counting the questions and the
// applyUpdate() calls (which answer apply).
func updateApp(t *testing.T, w, h float64, waiting *bool, apply bool) (a *App, s *startScene, asked, applied *int, said *[]string) {
	t.Helper()
	said = &[]string{}
	a = NewApp(Config{Store: prefs.NewMem(""), Announce: func(x string) { *said = append(*said, x) }})
	a.scr = Screen{W: w, H: h, Scale: 1}
	s, ok := a.scene.(*startScene)
	if !ok {
		t.Fatalf("the App starts with %T", a.scene)
	}
	asked, applied = new(int), new(int)
	s.upd.waiting = func() bool { *asked++; return *waiting }
	s.upd.apply = func() bool { *applied++; return apply }
	return a, s, asked, applied, said
}

// tick runs one App tick of the start scene with its.
func tick(t *testing.T, a *App, s *startScene, its ...Intent) {
	t.Helper()
	a.tick++
	if err := s.update(a, its); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateNoticePolling(t *testing.T) {
	waiting := false
	a, s, asked, _, said := updateApp(t, 1280, 800, &waiting, true)
	for range 3 * updatePollTicks {
		tick(t, a, s)
	}
	if *asked != 3 {
		t.Errorf("asked the page %d times in %d ticks, want 3", *asked, 3*updatePollTicks)
	}
	if s.upd.ready || len(*said) != 0 {
		t.Errorf("nothing waits, yet ready %v, said %q", s.upd.ready, *said)
	}
	// A version comes: shown (a redraw) and announced, once, even when it
	// goes and comes again.
	waiting = true
	gen := a.gen
	for range updatePollTicks {
		tick(t, a, s)
	}
	if !s.upd.ready || a.gen == gen {
		t.Fatalf("ready %v, gen %d -> %d", s.upd.ready, gen, a.gen)
	}
	waiting = false
	for range updatePollTicks {
		tick(t, a, s)
	}
	if s.upd.ready {
		t.Error("still shown once nothing waits")
	}
	waiting = true
	for range updatePollTicks {
		tick(t, a, s)
	}
	if n := countOf(*said, updateReadyText); n != 1 || !s.upd.ready {
		t.Errorf("announced %d times (ready %v): %q", n, s.upd.ready, *said)
	}
}

func countOf(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

func TestUpdateNoticeIntents(t *testing.T) {
	for _, tc := range []struct {
		name    string
		apply   bool   // what applyUpdate() answers
		press   Intent // how Update now is pressed (X < 0: on the button)
		applied int
		ready   bool // the notice is still shown
		said    string
	}{
		{"key U", true, Intent{Kind: Letter, Rune: 'u'}, 2, true, updateApplyingText},
		{"tap", true, Intent{Kind: Tap, X: -1}, 2, true, updateApplyingText},
		{"gone", false, Intent{Kind: Letter, Rune: 'u'}, 1, false, updateGoneText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			waiting := true
			a, s, _, applied, said := updateApp(t, 1280, 800, &waiting, tc.apply)
			tick(t, a, s)
			if !s.upd.ready {
				t.Fatal("not shown")
			}
			it := tc.press
			if it.Kind == Tap {
				it.X, it.Y = s.upd.btn.Rect.X+2, s.upd.btn.Rect.Y+2
			}
			tick(t, a, s, it)
			tick(t, a, s, it) // a second press sends the word again, and says nothing more
			if *applied != tc.applied || s.upd.ready != tc.ready || (*said)[len(*said)-1] != tc.said || len(*said) > 2 {
				t.Errorf("applied %d, ready %v, said %q", *applied, s.upd.ready, *said)
			}
			if _, still := a.scene.(*startScene); !still || a.next != nil {
				t.Errorf("the press also did something else: scene %T, next %T", a.scene, a.next)
			}
		})
	}
	// With no version waiting, U and a tap there do nothing.
	waiting := false
	a, s, _, applied, said := updateApp(t, 1280, 800, &waiting, true)
	tick(t, a, s)
	tick(t, a, s, Intent{Kind: Letter, Rune: 'u'}, Intent{Kind: Tap, X: s.upd.btn.Rect.X + 2, Y: s.upd.btn.Rect.Y + 2})
	if *applied != 0 || len(*said) != 0 {
		t.Errorf("applied %d, said %q", *applied, *said)
	}
	// Typing a name, U is a letter of it.
	waiting = true
	tick(t, a, s, Intent{Kind: Tab})
	tick(t, a, s, Intent{Kind: Char, Rune: 'u'}, Intent{Kind: Letter, Rune: 'u'})
	if *applied != 0 || s.set.name != "Playeru" {
		t.Errorf("applied %d, name %q", *applied, s.set.name)
	}
}

func TestUpdateNoticeLayout(t *testing.T) {
	for _, scr := range []Screen{{1280, 800, 1}, {360, 640, 1}, {2560, 1600, 2}, {640, 360, 1}, {320, 480, 1}} {
		g := LayoutStart(scr)
		var n updateNotice
		n.btn.Label = "&Update now"
		n.layout(scr, &g)
		if n.bar.X < 0 || n.bar.Y < 0 || n.bar.X+n.bar.W > scr.W || n.bar.Y+n.bar.H > scr.H {
			t.Errorf("%v: the notice %v is off the screen", scr, n.bar)
		}
		b := n.btn.Rect
		if b.W < 60*scr.Scale || b.H < MinButton*scr.Scale || !n.bar.Contains(b.X, b.Y) || !n.bar.Contains(b.X+b.W-1, b.Y+b.H-1) {
			t.Errorf("%v: button %v in %v", scr, b, n.bar)
		}
		over := n.bar.Y < g.Panel.Y+g.Panel.H && g.Panel.Y < n.bar.Y+n.bar.H
		room := g.Panel.Y >= n.bar.H+6*scr.Scale || scr.H-(g.Panel.Y+g.Panel.H) >= n.bar.H+6*scr.Scale
		if over && room {
			t.Errorf("%v: the notice %v covers the dialog %v though there is room", scr, n.bar, g.Panel)
		}
	}
}
