package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game/art"
)

// The player's word on a new version (issue 6, item 2): the site's
// service worker installs a new version in the background and keeps it
// waiting while a page of the old one is open, so nothing changes in the
// middle of a hand. The start dialog (and only it: never the table) asks
// the page whether a version is waiting, at most every updatePollTicks,
// and then shows "A new version is ready" with an "Update now" button
// (key U), which tells the page to take the new version at once; the page
// reloads and the saved game is offered for resuming as after any start.

// updatePollTicks is how often the start dialog asks the page (about
// two seconds at 60 ticks a second): the question crosses into
// JavaScript, so not on every frame.
const updatePollTicks = 120

// Said in the live region.
const (
	updateReadyText    = "A new version is ready: Update now (U) restarts with it, and your saved game is kept."
	updateApplyingText = "Updating to the new version."
	updateGoneText     = "The new version is no longer waiting; it is used at the next start."
)

// updateNotice is the start dialog's notice of a waiting version.
type updateNotice struct {
	btn      Button
	ready    bool // a new version is waiting
	applying bool // Update now was pressed: the page reloads soon
	said     bool // the notice has been announced
	next     int  // the App tick of the next question to the page
	bar      Rect // the notice (set by layout)
	text     Rect // its text

	// The page's answers (update_js.go; no-ops elsewhere), replaced in
	// tests.
	waiting func() bool // a new version is waiting
	apply   func() bool // take it now; false when none is waiting
}

func newUpdateNotice() updateNotice {
	return updateNotice{btn: Button{Label: "&Update now", ID: "update"}, waiting: updateWaiting, apply: applyUpdate}
}

// update asks the page, when it is time, whether a version is waiting
// (start scene update hook).
func (n *updateNotice) update(a *App) {
	if n.applying || a.tick < n.next || n.waiting == nil {
		return
	}
	n.next = a.tick + updatePollTicks
	ready := n.waiting()
	if ready == n.ready {
		return
	}
	n.ready = ready
	a.dirty()
	if ready && !n.said {
		n.said = true
		a.announce(updateReadyText)
	}
}

// intent handles Update now (its key or a tap on it); true if it was.
func (n *updateNotice) intent(a *App, it Intent) bool {
	if !n.ready || ButtonFor([]Button{n.btn}, it) != 0 {
		return false
	}
	if n.applying {
		// Pressed again: the word goes to the page again (a message to a
		// stopped worker can be lost; taking the version twice is harmless).
		if n.apply != nil {
			n.apply()
		}
		return true
	}
	a.dirty()
	if n.apply == nil || !n.apply() {
		n.ready = false
		a.announce(updateGoneText)
		return true
	}
	n.applying = true
	n.btn.Label = "&Updating…" // U again sends the word again
	a.announce(updateApplyingText)
	return true
}

// layout places the notice on screen s beside the dialog g: above it when
// there is room, else below it, else over the top of the screen.
func (n *updateNotice) layout(s Screen, g *StartGeom) {
	css := s.scale()
	h := math.Round(MinButton*css) + math.Round(8*css)
	gap := math.Round(6 * css)
	r := Rect{g.Panel.X, g.Panel.Y - h - gap, g.Panel.W, h}
	switch {
	case r.Y >= 0:
	case g.Panel.Y+g.Panel.H+gap+h <= s.H:
		r.Y = g.Panel.Y + g.Panel.H + gap
	default:
		r.Y = 0
	}
	n.bar = r
	in := r.Inset(4 * css)
	bw := math.Round(math.Min(160*css, in.W*0.45))
	n.btn.Rect = Rect{in.X + in.W - bw, in.Y, bw, in.H}
	n.text = Rect{in.X + 4*css, in.Y, in.W - bw - 8*css, in.H}
}

// draw draws the notice when a version is waiting.
func (n *updateNotice) draw(dst *ebiten.Image, a *App, f, css float64) {
	if !n.ready {
		return
	}
	roundRect(dst, Rect{n.bar.X, n.bar.Y + 3*css, n.bar.W, n.bar.H}, 8*css, colShadow)
	roundRect(dst, n.bar, 8*css, colPanel)
	tf := f * 0.9
	const msg = "A new version is ready."
	for tf > f*0.6 && a.g.textWidth(art.Regular, tf, msg) > n.text.W {
		tf--
	}
	a.g.text(dst, n.text, art.Regular, tf, msg, colText, alignLeft)
	drawButton(dst, a.g, &n.btn, f, css)
}
