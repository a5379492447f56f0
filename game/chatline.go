package game

import (
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/engine"
	"mahjong/game/art"
)

// The message area of the main window: with the display preference
// "Display status and messages in main window" (Display.InfoInMain) the
// chat is shown on the table, at the top of the area between the
// players, instead of in the Messages window: the latest messages, an
// entry line with a Send button, and a "Keep cursor here" check box.
//
// A tap on the entry focuses it: typed characters go there, Return sends
// the line (through ui.sendChat, as the Messages window's Send), Escape
// or a tap elsewhere leaves it. With "Keep cursor here" checked the entry
// keeps the focus even when a button of the game is pressed, so letters
// always go to the entry: the keyboard accelerators (button mnemonics,
// Left/Right through the hand, H, S) are off while it is checked. The
// entry text is the same as the Messages window's (ui.chat).

// chatLines is how many of the latest messages the area shows.
const chatLines = 2

// chatLine is the main window's message area.
type chatLine struct {
	focused bool // typing goes to the entry
	keep    bool // "Keep cursor here": the entry keeps the focus
	box     Rect // the whole area
	entry   Rect // the entry line
	send    Button
	check   Rect // the check box with its label
}

// chatOn reports whether the message area is shown.
func chatOn(a *App) bool { return a.ui != nil && a.ui.p.Display.InfoInMain }

// layout places the area at the top of the table, clear of our hand and
// of the dialog.
func (c *chatLine) layout(a *App, l *TableLayout, dlg Rect) {
	css := a.scr.scale()
	bh := math.Round(MinButton * css)
	lh := math.Round(l.Font * 1.35)
	pad := math.Round(4 * css)
	t := l.Table
	w := math.Min(t.W-2*pad, math.Round(560*css))
	sendW := math.Round(80 * css)
	checkW := math.Round(a.g.textWidth(art.Regular, l.Font, "Keep cursor here") + bh)
	// Narrow (a phone): the check box on a row of its own, so that the
	// entry keeps most of the width.
	narrow := w-4*pad-sendW-checkW < w/2
	h := float64(chatLines)*lh + bh + 3*pad
	if narrow {
		h += bh + pad
	}
	c.box = Rect{math.Round(t.X + (t.W-w)/2), t.Y + pad, w, h}
	if !dlg.Empty() && c.box.Y+c.box.H > dlg.Y && c.box.Y < dlg.Y+dlg.H && dlg.Y-h-pad >= t.Y {
		c.box.Y = dlg.Y - h - pad
	}
	y := c.box.Y + float64(chatLines)*lh + 2*pad
	entryW := w - 4*pad - sendW - checkW
	if narrow {
		entryW = w - 3*pad - sendW
	}
	c.entry = Rect{c.box.X + pad, y, entryW, bh}
	c.send = Button{Label: "Send", ID: "chatsend", Rect: Rect{c.entry.X + entryW + pad, y, sendW, bh}}
	c.check = Rect{c.send.Rect.X + sendW + pad, y, checkW, bh}
	if narrow {
		c.check = Rect{c.box.X + pad, y + bh + pad, math.Min(checkW, w-2*pad), bh}
	}
}

// setFocus moves the keyboard focus into the entry or out of it and says
// so in the live region.
func (c *chatLine) setFocus(a *App, on bool) {
	if c.focused == on {
		return
	}
	c.focused = on
	if on {
		a.announce("Message entry: typing goes to the chat line; Return sends it.")
	} else {
		a.announce("Left the message entry: keys work the game again.")
	}
	a.dirty()
}

// handle takes the intents meant for the message area; it reports
// whether it used it.
func (c *chatLine) handle(a *App, it Intent) bool {
	u := a.ui
	switch it.Kind {
	case Tap, DoubleTap:
		switch {
		case c.entry.Contains(it.X, it.Y):
			c.setFocus(a, true)
			return true
		case c.send.Rect.Contains(it.X, it.Y):
			u.sendChat(a)
			return true
		case c.check.Contains(it.X, it.Y):
			c.keep = !c.keep
			if c.keep {
				a.announce("Keep cursor here checked: typing stays in the message entry; keyboard accelerators are off.")
				c.setFocus(a, true)
			} else {
				a.announce("Keep cursor here unchecked.")
			}
			a.dirty()
			return true
		}
		if !c.keep {
			c.setFocus(a, false)
		}
		return false // the tap goes on to the game
	}
	if !c.focused {
		return false
	}
	switch it.Kind {
	case Char:
		if it.Rune >= ' ' && utf8.RuneCountInString(u.chat) < 200 {
			u.chat += string(it.Rune)
			a.dirty()
		}
	case Backspace:
		if u.chat != "" {
			_, n := utf8.DecodeLastRuneInString(u.chat)
			u.chat = u.chat[:len(u.chat)-n]
			a.dirty()
		}
	case Letter, Prev, Next, MovePrev, MoveNext:
		// typed as Char
	case Default:
		if it.Rune != ' ' { // a space is typed as Char
			u.sendChat(a)
		}
	case Escape:
		if !c.keep {
			c.setFocus(a, false)
		}
	case Tab, BackTab:
		if c.keep {
			return true
		}
		c.setFocus(a, false)
		return false
	default:
		return false
	}
	return true
}

// draw draws the area: the latest messages, the entry, Send and the
// check box.
func (c *chatLine) draw(dst *ebiten.Image, a *App, l *TableLayout, v *engine.View) {
	css := a.scr.scale()
	f := l.Font * 0.9
	lh := math.Round(l.Font * 1.35)
	pad := math.Round(4 * css)
	roundRect(dst, c.box, 6*css, colLabelBg)
	ms := v.Messages[max(0, len(v.Messages)-chatLines):]
	y := c.box.Y + pad
	if len(ms) == 0 {
		a.g.text(dst, Rect{c.box.X + 2*pad, y, c.box.W - 4*pad, lh}, art.Regular, f, "No messages yet.", colDim, alignLeft)
	}
	for _, m := range ms {
		ln := messageLine(v, m)
		for len(ln) > 4 && a.g.textWidth(art.Regular, f, ln) > c.box.W-4*pad {
			ln = trimLast(trimLast(ln)) + "…"
		}
		a.g.text(dst, Rect{c.box.X + 2*pad, y, c.box.W - 4*pad, lh}, art.Regular, f, ln, colLabel, alignLeft)
		y += lh
	}
	// The entry.
	roundRect(dst, c.entry, 4*css, colPanel)
	if c.focused {
		roundRectOutline(dst, c.entry, 4*css, math.Max(2, 2.5*css), colSelect)
	}
	txt := a.ui.chat
	if c.focused && (a.tick/30)%2 == 0 {
		txt += "|"
	}
	for utf8.RuneCountInString(txt) > 1 && a.g.textWidth(art.Regular, f, txt) > c.entry.W-4*pad {
		_, n := utf8.DecodeRuneInString(txt)
		txt = txt[n:]
	}
	tc := colText
	if txt == "" && !c.focused {
		txt, tc = "Message", colPanelEdge
	}
	a.g.text(dst, Rect{c.entry.X + 2*pad, c.entry.Y, c.entry.W - 4*pad, c.entry.H}, art.Regular, f, txt, tc, alignLeft)
	drawButton(dst, a.g, &c.send, f, css)
	// The check box.
	bs := math.Round(20 * css)
	b := Rect{c.check.X + pad, c.check.Y + (c.check.H-bs)/2, bs, bs}
	roundRect(dst, b, 3*css, colPanel)
	if c.keep {
		roundRect(dst, Rect{b.X + 4*css, b.Y + 4*css, b.W - 8*css, b.H - 8*css}, 2*css, colSelect)
	}
	a.g.text(dst, Rect{b.X + bs + pad, c.check.Y, c.check.W - bs - 2*pad, c.check.H}, art.Regular, f*0.9, "Keep cursor here", colLabel, alignLeft)
}
