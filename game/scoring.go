package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game/art"
	"mahjong/game/client"
)

// scoreWin is the Scoring window: the controller's explanation of each
// hand's score and the settlement. It opens when a hand is settled and
// stays until closed or the next hand starts (key S or a tap on the
// middle of the table shows it again).
type scoreWin struct {
	open  bool
	seen  string   // text last shown, to notice a new scoring
	text  []string // lines
	box   Rect
	body  Rect
	ok    Button
	font  float64
	mono  float64 // size of the controller's text (Go Mono), fitted to the width
	off   float64 // scrolled by, pixels
	max   float64 // most it can scroll
	lastY float64
}

// ScoringText returns the Scoring window's text for sc.
func ScoringText(sc client.Scoring) string {
	var b strings.Builder
	if sc.Washout != "" {
		fmt.Fprintf(&b, "Hand washed out: %s\n", sc.Washout)
	}
	for _, h := range sc.Hands {
		fmt.Fprintf(&b, "%s  %s: %d\n", h.Wind.Name(), h.Name, h.Score)
		for ln := range strings.SplitSeq(strings.TrimRight(h.Text, "\n"), "\n") {
			if strings.TrimSpace(ln) != "" {
				b.WriteString("    " + ln + "\n")
			}
		}
	}
	if st := sc.Settlement; st != nil {
		fmt.Fprintf(&b, "Settlement: East %+d, South %+d, West %+d, North %+d\n", st.East, st.South, st.West, st.North)
		for ln := range strings.SplitSeq(strings.TrimRight(st.Text, "\n"), "\n") {
			if strings.TrimSpace(ln) != "" {
				b.WriteString("    " + ln + "\n")
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// sync opens the window when a new scoring is complete.
func (w *scoreWin) sync(sc client.Scoring) {
	if !sc.Complete() && sc.Washout == "" {
		return
	}
	t := ScoringText(sc)
	if t == w.seen {
		return
	}
	w.seen = t
	w.text = strings.Split(t, "\n")
	w.open = true
	w.off = 0
}

func (w *scoreWin) scroll(dy float64) {
	w.off = clamp(w.off-dy, 0, w.max)
}

// layout places the window above the dialog.
func (w *scoreWin) layout(a *App, s *tableScene) {
	if !w.open {
		return
	}
	l := &s.lay
	css := a.scr.scale()
	m := 6 * css
	width := math.Min(a.scr.W-2*m, 640*css)
	top := l.Hands[PosTop].Y + m
	bottom := l.Sets[PosBottom].Y - m
	if db := s.dlg.geom.Box; !db.Empty() && db.Y > top {
		bottom = math.Min(bottom, db.Y-m)
	}
	w.box = Rect{(a.scr.W - width) / 2, top, width, math.Max(bottom-top, 120*css)}
	w.font = math.Max(12*css, l.Font*0.85)
	bh := MinButton * css
	w.ok = Button{Label: "&OK", Rect: Rect{w.box.X + w.box.W - 100*css - 10*css, w.box.Y + w.box.H - bh - 8*css, 100 * css, bh}}
	w.body = Rect{w.box.X + 12*css, w.box.Y + w.font*2.2, w.box.W - 24*css, w.ok.Rect.Y - 6*css - (w.box.Y + w.font*2.2)}
	// The controller's columns need a fixed-width font; shrink it until
	// the longest line fits (but not below 9 CSS pixels).
	longest := 0
	for _, ln := range w.text {
		if strings.HasPrefix(ln, "    ") {
			longest = max(longest, len([]rune(ln))-4)
		}
	}
	w.mono = w.font
	for w.mono > 9*css && a.g.monoAdvance(w.mono)*float64(longest)+12*css > w.body.W {
		w.mono--
	}
	lh := math.Round(w.font * 1.3)
	w.max = math.Max(0, float64(len(w.text))*lh-w.body.H)
	w.off = clamp(w.off, 0, w.max)
}

func (w *scoreWin) draw(dst *ebiten.Image, a *App) {
	css := a.scr.scale()
	b := w.box
	roundRect(dst, Rect{b.X, b.Y + 4*css, b.W, b.H}, 10*css, colShadow)
	roundRect(dst, b, 10*css, colPanel)
	a.g.text(dst, Rect{b.X, b.Y + 4*css, b.W, w.font * 2}, art.Bold, w.font*1.1, "Scoring", colText, alignCenter)
	lh := math.Round(w.font * 1.3)
	sub := dst.SubImage(rectImage(w.body)).(*ebiten.Image)
	y := w.body.Y - w.off
	for _, ln := range w.text {
		if y+lh >= w.body.Y && y <= w.body.Y+w.body.H {
			if body, ok := strings.CutPrefix(ln, "    "); ok {
				a.g.monoText(sub, Rect{w.body.X + 12*css, y, w.body.W - 12*css, lh}, w.mono, body, colText)
			} else {
				a.g.text(sub, Rect{w.body.X, y, w.body.W, lh}, art.Bold, w.font, ln, colText, alignLeft)
			}
		}
		y += lh
	}
	if w.max > 0 {
		a.g.text(dst, Rect{b.X + 12*css, w.ok.Rect.Y, b.W / 2, w.ok.Rect.H}, art.Regular, w.font*0.9, "drag to scroll", colPanelEdge, alignLeft)
	}
	drawButton(dst, a.g, &w.ok, w.font, css)
}
