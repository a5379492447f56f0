package game

import (
	"strings"
	"testing"
	"time"

	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

// TestChatLineInMain: with InfoInMain the main window has a message
// entry: a tap focuses it, typed letters go there (not to the buttons),
// Return sends the line (the local controller sends it back as a
// message), and with Keep cursor here the focus stays after a button of
// the game is pressed.
func TestChatLineInMain(t *testing.T) {
	for _, sc := range []Screen{{W: 1024, H: 768, Scale: 1}, {W: 390 * 2, H: 844 * 2, Scale: 2}} {
		var said []string
		cfg := Config{Name: "Ann", Store: prefs.NewMem("Display InfoInMain 1\n"), RobotDelay: -1, Seed: 3,
			Announce: func(s string) { said = append(said, s) }}
		a := NewApp(cfg)
		a.scr = sc
		a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
		ts, ok := a.next.(*tableScene)
		if !ok {
			t.Fatal("Start did not start a game")
		}
		a.scene = ts
		pl := clienttest.New(ts.cl, 3)
		for {
			p, ok := tablePrompt(t, a, ts, pl, 0, false)
			if !ok {
				t.Fatal("the game ended before we were asked to discard")
			}
			if p.Kind == client.Discard {
				break
			}
			if err := pl.Act(p); err != nil {
				t.Fatal(err)
			}
		}
		a.dirty()
		ts.update(a, nil)
		c := &ts.chat
		css := sc.scale()
		if c.entry.H < MinButton*css || c.send.Rect.H < MinButton*css || c.check.H < MinButton*css {
			t.Errorf("%v: controls lower than %v CSS px: %v %v %v", sc, MinButton, c.entry, c.send.Rect, c.check)
		}
		if overlaps(c.box, ts.lay.Hands[PosBottom]) || overlaps(c.box, ts.dlg.geom.Box) || c.box.Y < 0 || c.box.X < 0 || c.box.X+c.box.W > sc.W {
			t.Errorf("%v: message area %v covers the hand %v or the dialog %v", sc, c.box, ts.lay.Hands[PosBottom], ts.dlg.geom.Box)
		}
		// Focus by a tap; the live region says so.
		said = nil
		x, y := c.entry.Center()
		ts.handle(a, []Intent{{Kind: Tap, X: x, Y: y}})
		if !c.focused || len(said) == 0 || !strings.Contains(said[0], "Message entry") {
			t.Fatalf("tap on the entry: focused %v, said %q", c.focused, said)
		}
		// Typing: each key as the input layer makes it (Char, then Letter).
		var mn rune
		di := -1
		for i, b := range ts.prompt.Buttons {
			if b.Act == client.ActDiscard {
				di = i
			}
		}
		if di < 0 {
			t.Fatal("no Discard button")
		}
		mn = ts.dlg.buttons[di].Mnemonic()
		ts.cl.Select(0)
		line := "hi " + string(mn)
		for _, r := range line {
			its := []Intent{{Kind: Char, Rune: r}}
			if r == ' ' {
				its = append(its, Intent{Kind: Default, Rune: ' '})
			} else {
				its = append(its, Intent{Kind: Letter, Rune: r})
			}
			ts.handle(a, its)
		}
		if a.ui.chat != line || ts.cl.Prompt().Kind != client.Discard {
			t.Fatalf("typed %q (want %q), prompt now %v", a.ui.chat, line, ts.cl.Prompt().Kind)
		}
		// Return sends; the controller sends it back.
		ts.handle(a, []Intent{{Kind: Default}})
		if a.ui.chat != "" {
			t.Fatalf("entry after Return: %q", a.ui.chat)
		}
		deadline := time.NewTimer(20 * time.Second)
		for {
			ts.update(a, nil)
			a.ui.after(a)
			v := ts.cl.View()
			if n := len(v.Messages); n > 0 && v.Messages[n-1].Text == line {
				break
			}
			select {
			case <-ts.cl.Pending():
			case <-deadline.C:
				t.Fatalf("the chat line did not come back; said %q", said)
			}
		}
		deadline.Stop()
		if a.ui.win != nil {
			t.Errorf("a window opened: %s", a.ui.win.id)
		}
		// Escape leaves the entry.
		ts.handle(a, []Intent{{Kind: Escape}})
		if c.focused {
			t.Fatal("Escape did not leave the entry")
		}
		// Keep cursor here: a button press keeps the focus in the entry.
		x, y = c.check.Center()
		ts.handle(a, []Intent{{Kind: Tap, X: x, Y: y}})
		if !c.keep || !c.focused {
			t.Fatalf("Keep cursor here: keep %v focused %v", c.keep, c.focused)
		}
		ts.handle(a, []Intent{{Kind: Letter, Rune: mn}, {Kind: Escape}})
		if ts.cl.Prompt().Kind != client.Discard || !c.focused {
			t.Fatalf("kept: a mnemonic pressed a button (prompt %v) or Escape left (focused %v)", ts.cl.Prompt().Kind, c.focused)
		}
		x, y = ts.dlg.buttons[di].Rect.Center()
		ts.handle(a, []Intent{{Kind: Tap, X: x, Y: y}})
		if !c.focused {
			t.Fatal("the focus left the entry after a button press")
		}
		if ts.cl.Prompt().Kind == client.Discard && ts.notice == "" {
			t.Errorf("the Discard button was not pressed")
		}
		ts.close()
	}
}

func overlaps(a, b Rect) bool {
	return !a.Empty() && !b.Empty() && a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
