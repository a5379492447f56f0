package game

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/client"
)

// dialog is the dialog of play for the current prompt.
type dialog struct {
	kind    client.Kind
	lines   []string
	tile    engine.Tile
	tileQ   int
	buttons []Button
	geom    DialogGeom
	font    float64
	prog    float64 // claim timer: fraction left (-1 none)
	own     func(a *App, s *tableScene)
	key     string // identity of the prompt, to keep the focus
}

// Label returns a client button's label with '&' before its accelerator.
func Label(text string, key rune) string {
	if key == 0 {
		return text
	}
	i := strings.IndexFunc(text, func(r rune) bool { return unicode.ToLower(r) == unicode.ToLower(key) })
	if i < 0 {
		return text
	}
	return text[:i] + "&" + text[i:]
}

// DialogTitle returns the dialog's text lines for prompt p.
func DialogTitle(v *engine.View, p *client.Prompt, wallShown bool) []string {
	g := v.Game
	name := func(id int) string {
		if id == v.ID {
			return "You"
		}
		if n := v.Names[id]; n != "" {
			return n
		}
		return fmt.Sprintf("Player %d", id)
	}
	wall := ""
	if !wallShown {
		wall = fmt.Sprintf("%d tiles left in the wall", p.WallLeft)
	}
	var ls []string
	switch p.Kind {
	case client.Ready:
		t := p.Text
		if t == "" {
			t = "to continue"
		}
		ls = append(ls, "Ready "+t+"?")
	case client.Declare:
		ls = append(ls, "Declare flowers, seasons and concealed kongs")
	case client.Discard:
		ls = append(ls, "Your turn: select a tile to discard")
		ls = append(ls, wall)
	case client.Claim:
		ls = append(ls, fmt.Sprintf("%s discarded %s", name(p.From), p.Tile.Name()))
		ls = append(ls, wall)
	case client.Rob:
		ls = append(ls, fmt.Sprintf("%s konged %s: rob the kong?", name(p.From), p.Tile.Name()))
	case client.ChooseChow:
		ls = append(ls, fmt.Sprintf("Which chow with %s?", p.Tile.Name()))
	case client.ChooseForm:
		ls = append(ls, fmt.Sprintf("Mah Jong! What does %s complete?", p.Tile.Name()))
	case client.DeclareSets:
		if p.Winner {
			ls = append(ls, "Declare your concealed sets")
		} else {
			ls = append(ls, "Declare your concealed sets, then Finished")
		}
		ls = append(ls, "Select a tile (the lowest of a chow)")
	case client.GameOver:
		ls = append(ls, "Game over")
		var parts []string
		for _, pl := range g.Players {
			if pl != nil {
				parts = append(parts, fmt.Sprintf("%s %d", name(pl.ID), pl.CumulativeScore))
			}
		}
		ls = append(ls, strings.Join(parts, ", "))
	}
	out := ls[:0]
	for _, l := range ls {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// build makes the dialog for the scene's prompt.
func (d *dialog) build(a *App, s *tableScene) {
	p := &s.prompt
	v := s.cl.View()
	l := &s.lay
	key := fmt.Sprintf("%d/%d/%d/%d", p.Kind, p.Serial, p.Tile, len(p.Buttons))
	focus := -1
	if key == d.key {
		for i := range d.buttons {
			if d.buttons[i].Focus {
				focus = i
			}
		}
	}
	d.key = key
	d.kind = p.Kind
	d.own = nil
	d.font = l.Font
	d.lines = DialogTitle(v, p, l.Wall)
	d.buttons = d.buttons[:0]
	d.tile = engine.Blank
	d.prog = -1
	switch p.Kind {
	case client.None:
		d.lines = nil
		d.geom = DialogGeom{}
		return
	case client.GameOver:
		d.buttons = append(d.buttons, s.over)
		d.own = func(a *App, s *tableScene) {
			s.close()
			a.switchTo(newStartScene(a))
		}
	}
	for i, b := range p.Buttons {
		nb := Button{Label: Label(b.Label, b.Key), Default: i == p.Default, Off: !b.Enabled, Focus: i == focus}
		if !strings.Contains(nb.Label, "&") {
			nb.Key = b.Key
		}
		d.buttons = append(d.buttons, nb)
	}
	side := PosTop
	d.tileQ = 0
	if p.Kind == client.Claim || p.Kind == client.Rob || p.Kind == client.ChooseChow || p.Kind == client.ChooseForm {
		d.tile = p.Tile
		if a.cfg.Dialogs != DialogsBelow && (p.Kind == client.Claim || p.Kind == client.Rob) {
			// Shown facing its discarder, on the discarder's side.
			if seat := v.Game.SeatOf(p.From); seat != engine.NoSeat {
				pos := RelPos(int(seat), int(s.oursOr0()))
				d.tileQ = quarter(pos)
				if pos != PosBottom {
					side = pos
				}
			}
		}
	}
	if !p.Deadline.IsZero() && p.Timeout > 0 {
		d.prog = float64(p.Remaining(time.Now())) / float64(p.Timeout)
	}
	pp := &s.popup
	if pp.hidden && pp.key != key {
		pp.hidden = false // a new question: show it again
	}
	spec := DialogSpec{Lines: len(d.lines), Tile: d.tile != engine.Blank, TileSide: side, Progress: d.prog >= 0, DX: pp.dx, DY: pp.dy}
	for i, ln := range d.lines {
		f := art.Regular
		if i == 0 {
			f = art.Bold
		}
		spec.TextW = math.Max(spec.TextW, a.g.textWidth(f, d.font, ln)+2)
	}
	for _, b := range d.buttons {
		spec.Buttons = append(spec.Buttons, a.g.textWidth(art.Bold, d.font, b.Text()))
	}
	tw := math.Floor(math.Max(l.Small.W, l.Disc.W*1.3))
	ts := Size{tw, math.Floor(tw * TileAspect)}
	if d.tileQ%2 == 1 {
		ts = Size{ts.H, ts.W}
	}
	area := l.Dialog
	if s.score.open && a.cfg.Dialogs == DialogsCentral {
		// Below the scoring window.
		area = Rect{area.X, area.Y + area.H*0.55, area.W, area.H * 0.45}
	}
	d.geom = LayoutDialog(a.scr, area, d.font, spec, ts, a.cfg.Dialogs)
	// Keep the stored offset within what the screen allows.
	if a.cfg.Dialogs == DialogsPopup {
		base := LayoutDialog(a.scr, area, d.font, DialogSpec{Lines: spec.Lines, Tile: spec.Tile, TileSide: side, Progress: spec.Progress,
			Buttons: spec.Buttons, TextW: spec.TextW}, ts, a.cfg.Dialogs)
		pp.dx, pp.dy = d.geom.Box.X-base.Box.X, d.geom.Box.Y-base.Box.Y
	}
	for i := range d.buttons {
		d.buttons[i].Rect = d.geom.Buttons[i]
		if a.cfg.Dialogs == DialogsPopup && pp.hidden {
			d.buttons[i].Rect = Rect{} // keys still work; taps do not
		}
	}
}

// popupTitle is the title of the popup dialog for a prompt.
func popupTitle(k client.Kind) string {
	switch k {
	case client.Claim, client.Rob:
		return "Claim?"
	case client.Discard:
		return "Your turn"
	case client.Declare:
		return "Declare"
	case client.ChooseChow, client.ChooseForm:
		return "Mah Jong"
	case client.DeclareSets:
		return "Sets"
	case client.Ready:
		return "Ready?"
	case client.GameOver:
		return "Game over"
	}
	return "Mah-Jong"
}

// draw draws the dialog.
func (d *dialog) draw(dst *ebiten.Image, a *App, s *tableScene) {
	if d.kind == client.None || d.geom.Box.Empty() {
		return
	}
	css := a.scr.scale()
	b := d.geom.Box
	roundRect(dst, Rect{b.X, b.Y + 4*css, b.W, b.H}, 10*css, colShadow)
	roundRect(dst, b, 10*css, colPanel)
	if t := d.geom.Title; !t.Empty() {
		// A window's title bar: drag it to move the dialog; "–" hides it.
		bar := Rect{b.X, b.Y, b.W, t.H}
		roundRect(dst, bar, 10*css, colTitle)
		fill(dst, Rect{b.X, b.Y + t.H/2, b.W, t.H / 2}, colTitle)
		a.g.text(dst, Rect{t.X + 12*css, t.Y, t.W - 12*css, t.H}, art.Bold, d.font*0.95, popupTitle(d.kind), colLabel, alignLeft)
		// Grip dots.
		gx := t.X + t.W - 26*css
		for i := range 3 {
			for j := range 2 {
				fill(dst, Rect{math.Round(gx + float64(i)*5*css), math.Round(t.Y + t.H/2 - 4*css + float64(j)*6*css), math.Max(1, 2*css), math.Max(1, 2*css)}, colDim)
			}
		}
		hb := d.geom.Hide
		cx, cy := hb.Center()
		fill(dst, Rect{math.Round(cx - 8*css), math.Round(cy - css), math.Round(16 * css), math.Max(2, math.Round(2.5*css))}, colLabel)
		roundRectOutline(dst, b, 10*css, 2*css, colTitle)
	}
	if d.tile != engine.Blank && !d.geom.Tile.Empty() {
		a.g.drawTile(dst, d.geom.Tile, d.tile, false, a.cfg.Tileset, d.tileQ, false)
	}
	for i, r := range d.geom.Lines {
		ln := d.lines[i]
		f := art.Regular
		if i == 0 {
			f = art.Bold
		}
		size := d.font
		for size > d.font*0.7 && a.g.textWidth(f, size, ln) > r.W {
			size--
		}
		a.g.text(dst, r, f, size, ln, colText, alignCenter)
	}
	if d.prog >= 0 {
		r := d.geom.Progress
		roundRect(dst, r, r.H/2, colButton)
		// The filled part is the whole bar's shape clipped, so that the
		// bar's every width does not make a shape of its own.
		if w := math.Round(r.W * clamp(d.prog, 0, 1)); w >= 1 {
			clip := rectImage(Rect{r.X, r.Y, w, r.H}).Intersect(dst.Bounds())
			if !clip.Empty() {
				roundRect(dst.SubImage(clip).(*ebiten.Image), r, r.H/2, colFocus)
			}
		}
	}
	for i := range d.buttons {
		drawButton(dst, a.g, &d.buttons[i], d.font, css)
	}
}
