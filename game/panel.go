package game

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game/art"
)

// This file is a small form toolkit for the windows of the menus: a
// panel is a title, rows (text, check boxes, choices, spin entries, text
// entries, colour swatches, inline buttons, a chart) and a row of buttons
// at the bottom. Every control is at least MinButton CSS pixels tall so it
// can be used by touch; the body scrolls by dragging or with Up/Down.
// Keyboard: Tab and Shift-Tab move the focus, Left/Right change the
// focused choice or number, Space/Return toggle or press it (or press the
// default button), letters jump to the next row whose label starts with
// them, and Alt with a letter presses a bottom button.

// rowKind is what a panel row holds.
type rowKind int

const (
	rowText    rowKind = iota // a paragraph of text (wrapped)
	rowHead                   // a bold heading
	rowCheck                  // a check box: on
	rowChoice                 // one of opts: idx
	rowSpin                   // a number: val in [lo, hi] by step
	rowEntry                  // a line of text: str
	rowColour                 // a colour: col (swatches and an entry)
	rowActions                // inline buttons: acts
	rowChart                  // a chart: chart
)

// row is one line of a panel.
type row struct {
	kind   rowKind
	label  string
	text   string
	on     *bool
	idx    *int
	opts   []string
	val    *int
	lo, hi int
	step   int
	str    *string
	col    *color.RGBA
	acts   []Button
	chart  *chart
	indent bool
	change func(a *App) // after the value changed
	act    func(a *App, id string)
	off    bool // shown dimmed, not changeable

	// Layout (device pixels, body coordinates: before scrolling).
	r     Rect   // the whole row
	lab   Rect   // the label
	ctl   Rect   // the control
	parts []Rect // choice segments, spin −/+, swatches, action buttons
	lines []string
}

func (r *row) focusable() bool {
	switch r.kind {
	case rowText, rowHead, rowChart:
		return false
	}
	return !r.off
}

// panel is one window.
type panel struct {
	id      string
	title   string
	rows    []row
	btns    []Button
	press   func(a *App, p *panel, id string) // a bottom button
	close   func(a *App, p *panel)            // Escape (nil: close)
	focus   int                               // -1 none, rows 0..n-1, then buttons
	editing bool
	prose   bool // the text rows are in the text font (Messages, Game info, Scoring history)

	off, max float64
	box      Rect
	titleR   Rect
	body     Rect
	font     float64
	lineH    float64 // a line of the main font
	proseH   float64 // a line of a text row (the text font when prose)
	rowH     float64
	dragY    float64
	dragging bool
	typed    string
	typedT   int
}

// panelMetrics returns the geometry constants of a panel on screen s.
func panelMetrics(s Screen) (font, rowH, pad float64) {
	css := s.scale()
	font = math.Round(clamp(math.Min(s.W, s.H)/css/30, 13, 16) * css)
	return font, math.Round(MinButton * css), math.Round(10 * css)
}

// layout places the panel on screen s.
func (p *panel) layout(a *App) {
	s := a.scr
	css := s.scale()
	font, rowH, pad := panelMetrics(s)
	p.font, p.rowH = font, rowH
	p.lineH = math.Round(font * 1.35 * a.g.mainScale())
	p.proseH = p.lineH
	if p.prose {
		p.proseH = math.Round(font * 1.35 * a.g.textScale())
	}
	m := math.Round(6 * css)
	w := math.Min(s.W-2*m, 640*css)
	if s.Phone() {
		w = s.W
		m = 0
	}
	x := math.Round((s.W - w) / 2)
	inner := w - 2*pad
	labW := math.Round(math.Min(inner*0.5, 260*css))
	ctlW := inner - labW - pad
	narrow := ctlW < 150*css
	// Rows.
	y := 0.0
	for i := range p.rows {
		r := &p.rows[i]
		r.parts = r.parts[:0]
		ind := 0.0
		if r.indent {
			ind = math.Round(16 * css)
		}
		lx := x + pad + ind
		switch r.kind {
		case rowText, rowHead:
			r.lines = wrapText(a.g, p.textFont(r.kind), font, r.text, inner-ind)
			h := float64(len(r.lines)) * p.proseH
			if r.kind == rowHead {
				h += math.Round(6 * css)
			}
			r.r = Rect{x, y, w, h}
			r.lab = Rect{lx, y, inner - ind, h}
			y += h
			continue
		case rowChart:
			h := math.Round(math.Min(220*css, s.H*0.3))
			r.r = Rect{x, y, w, h}
			r.ctl = Rect{x + pad, y, inner, h}
			y += h
			continue
		}
		lw, cw := labW-ind, ctlW
		cx := x + pad + labW + pad
		rh := rowH
		r.lines = nil
		if r.kind == rowActions && r.label == "" {
			lw, cw, cx = 0, inner-ind, lx
		}
		if narrow && r.label != "" && r.kind != rowCheck {
			// The label above its control.
			r.lines = wrapText(a.g, art.Regular, font, r.label, inner-ind)
			lh := float64(len(r.lines)) * p.lineH
			r.lab = Rect{lx, y, inner - ind, lh}
			y += lh
			cx, cw = lx, inner-ind
		} else {
			r.lines = wrapText(a.g, art.Regular, font, r.label, lw)
			rh = math.Max(rowH, float64(len(r.lines))*p.lineH)
			r.lab = Rect{lx, y, lw, rh}
		}
		if r.kind == rowCheck {
			// The box first, then the label over the whole width.
			bw := rowH
			r.ctl = Rect{lx, y, bw, rowH}
			r.lines = wrapText(a.g, art.Regular, font, r.label, inner-ind-bw)
			rh = math.Max(rowH, float64(len(r.lines))*p.lineH)
			r.lab = Rect{lx + bw, y, inner - ind - bw, rh}
			r.r = Rect{x, y, w, rh}
			y += rh + math.Round(2*css)
			continue
		}
		r.ctl = Rect{cx, y, cw, rowH}
		p.layoutControl(a, r)
		if r.kind == rowActions || r.kind == rowColour {
			bottom := r.ctl.Y + r.ctl.H
			for _, q := range r.parts {
				bottom = math.Max(bottom, q.Y+q.H)
			}
			r.ctl.H = bottom - r.ctl.Y
			rh = math.Max(rh, bottom-y)
		}
		r.r = Rect{x, r.lab.Y, w, y + rh - r.lab.Y}
		y += rh + math.Round(4*css)
	}
	content := y
	// Buttons.
	bh := rowH
	bws := make([]float64, len(p.btns))
	total := 0.0
	gap := math.Round(8 * css)
	for i := range p.btns {
		bws[i] = math.Max(MinButton*css, math.Ceil(a.g.textWidth(art.Bold, font, p.btns[i].Text())+2*font))
		total += bws[i] + gap
	}
	brows := 1.0
	if total-gap > inner {
		brows = math.Ceil((total - gap) / inner)
	}
	titleH := math.Round(font * 2.4)
	footH := 0.0
	if len(p.btns) > 0 {
		footH = brows*(bh+gap) + pad
	}
	maxH := s.H - 2*m
	h := math.Min(maxH, titleH+content+footH+pad)
	if s.Phone() {
		h = s.H
	}
	yb := math.Round((s.H - h) / 2)
	p.box = Rect{x, yb, w, h}
	p.titleR = Rect{x + pad, yb, inner, titleH}
	p.body = Rect{x, yb + titleH, w, h - titleH - footH}
	p.max = math.Max(0, content-p.body.H)
	p.off = clamp(p.off, 0, p.max)
	// Buttons right-aligned, wrapping.
	by := yb + h - footH
	rowStart := 0
	place := func(from, to int, y float64) {
		wsum := 0.0
		for i := from; i < to; i++ {
			wsum += bws[i] + gap
		}
		xx := x + w - pad - (wsum - gap)
		for i := from; i < to; i++ {
			p.btns[i].Rect = Rect{math.Round(xx), y, bws[i], bh}
			xx += bws[i] + gap
		}
	}
	lineW := 0.0
	for i := range p.btns {
		if lineW > 0 && lineW+bws[i] > inner {
			place(rowStart, i, by)
			by += bh + gap
			rowStart, lineW = i, 0
		}
		lineW += bws[i] + gap
	}
	place(rowStart, len(p.btns), by)
}

// layoutControl places a control's parts within r.ctl.
func (p *panel) layoutControl(a *App, r *row) {
	css := a.scr.scale()
	c := r.ctl
	gap := math.Round(4 * css)
	switch r.kind {
	case rowChoice:
		need := 0.0
		for _, o := range r.opts {
			need += a.g.textWidth(art.Regular, p.font, o) + p.font*1.2
		}
		if len(r.opts) <= 4 && need <= c.W {
			x := c.X
			for _, o := range r.opts {
				bw := math.Round((a.g.textWidth(art.Regular, p.font, o) + p.font*1.2) * c.W / need)
				r.parts = append(r.parts, Rect{x, c.Y, bw, c.H})
				x += bw
			}
			return
		}
		fallthrough
	case rowSpin:
		b := p.rowH
		r.parts = append(r.parts, Rect{c.X, c.Y, b, c.H}, Rect{c.X + c.W - b, c.Y, b, c.H})
		if r.kind == rowSpin && c.W > 5*b {
			// A narrower spin entry.
			w := math.Min(c.W, 4*b)
			r.parts[1] = Rect{c.X + w - b, c.Y, b, c.H}
			r.ctl.W = w
		}
	case rowColour:
		// Swatches a touch target each, wrapping onto more lines when the
		// control is narrow (a phone).
		n := len(tableColours)
		sw := p.rowH
		per := max(1, int((c.W+gap)/(sw+gap)))
		y := c.Y
		for i := range n {
			if i > 0 && i%per == 0 {
				y += sw + gap
			}
			r.parts = append(r.parts, Rect{c.X + float64(i%per)*(sw+gap), y, sw, sw})
		}
		// The entry for any colour below the swatches.
		r.parts = append(r.parts, Rect{c.X, y + sw + gap, c.W, p.rowH})
	case rowActions:
		x := c.X
		y := c.Y
		for i := range r.acts {
			bw := math.Max(MinButton*css, math.Ceil(a.g.textWidth(art.Bold, p.font, r.acts[i].Text())+1.6*p.font))
			if x > c.X && x+bw > c.X+c.W {
				x = c.X
				y += p.rowH + gap
			}
			r.parts = append(r.parts, Rect{x, y, bw, p.rowH})
			r.acts[i].Rect = Rect{x, y, bw, p.rowH}
			x += bw + gap
		}
	}
}

// tableColours are the swatches of the table colour picker.
var tableColours = []color.RGBA{
	{0x1f, 0x5e, 0x3b, 0xff}, // the original's dark green
	{0x0f, 0x3d, 0x2a, 0xff},
	{0x1d, 0x4e, 0x6e, 0xff},
	{0x2b, 0x2f, 0x5a, 0xff},
	{0x5a, 0x1e, 0x24, 0xff},
	{0x5b, 0x3a, 0x1a, 0xff},
	{0x3a, 0x3a, 0x3a, 0xff},
}

// wrapText splits s into lines no wider than w (explicit newlines kept).
func wrapText(g *gfx, f art.Font, size float64, s string, w float64) []string {
	var out []string
	for para := range strings.SplitSeq(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		lead := para[:len(para)-len(strings.TrimLeft(para, " "))]
		cur := lead + words[0]
		for _, wd := range words[1:] {
			if g.textWidth(f, size, cur+" "+wd) > w {
				out = append(out, cur)
				cur = lead + wd
			} else {
				cur += " " + wd
			}
		}
		out = append(out, cur)
	}
	return out
}

// textFont returns the font of a text (rowText) or heading (rowHead) row.
func (p *panel) textFont(k rowKind) art.Font {
	switch {
	case p.prose && k == rowHead:
		return fontTextBold
	case p.prose:
		return fontText
	case k == rowHead:
		return art.Bold
	}
	return art.Regular
}

// screenRect converts a body rectangle to the screen (scrolled).
func (p *panel) screenRect(r Rect) Rect {
	return Rect{r.X, r.Y + p.body.Y - p.off, r.W, r.H}
}

// visible reports whether a body rectangle shows on screen.
func (p *panel) visible(r Rect) bool {
	s := p.screenRect(r)
	return s.Y+s.H > p.body.Y && s.Y < p.body.Y+p.body.H
}

// nFocus is the number of focus stops: rows, then buttons.
func (p *panel) nFocus() int { return len(p.rows) + len(p.btns) }

// moveFocus moves the keyboard focus by d among the focusable rows and
// the buttons, and scrolls the focused row into view.
func (p *panel) moveFocus(d int) {
	n := p.nFocus()
	if n == 0 {
		return
	}
	f := p.focus
	if f < 0 && d < 0 {
		f = n
	}
	for range n {
		f = ((f+d)%n + n) % n
		if f >= len(p.rows) || p.rows[f].focusable() {
			break
		}
	}
	p.setFocus(f)
}

func (p *panel) setFocus(f int) {
	p.focus = f
	p.editing = false
	for i := range p.btns {
		p.btns[i].Focus = len(p.rows)+i == f
	}
	if f >= 0 && f < len(p.rows) {
		r := p.rows[f].r
		if r.Y < p.off {
			p.off = r.Y
		} else if r.Y+r.H > p.off+p.body.H {
			p.off = r.Y + r.H - p.body.H
		}
		p.off = clamp(p.off, 0, p.max)
		if k := p.rows[f].kind; k == rowEntry || k == rowColour {
			p.editing = true
		}
	}
}

// describe says a row in words (for the live region when it is focused
// or changed).
func (r *row) describe() string {
	label := strings.TrimSpace(r.label)
	switch r.kind {
	case rowCheck:
		if *r.on {
			return label + ": on"
		}
		return label + ": off"
	case rowChoice:
		return label + ": " + r.opts[*r.idx]
	case rowSpin:
		return fmt.Sprintf("%s: %d", label, *r.val)
	case rowEntry:
		return label + ": " + *r.str
	case rowColour:
		return label + ": " + colourName(*r.col)
	case rowActions:
		var ls []string
		for _, b := range r.acts {
			ls = append(ls, b.Text())
		}
		return strings.TrimSpace(label + " " + strings.Join(ls, ", "))
	}
	return label + r.text
}

func colourName(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// text returns the panel's content in words: the title and every row
// (announced when the window opens, for screen readers and tests).
func (p *panel) text() string {
	var ls []string
	ls = append(ls, p.title+".")
	for i := range p.rows {
		r := &p.rows[i]
		switch r.kind {
		case rowChart:
			continue
		case rowText, rowHead:
			ls = append(ls, strings.TrimSpace(r.text))
		default:
			ls = append(ls, r.describe()+".")
		}
	}
	return strings.Join(ls, " ")
}

// changed reports a row's change.
func (p *panel) changed(a *App, r *row) {
	if r.change != nil {
		r.change(a)
	}
	a.announce(r.describe())
	a.dirty()
}

// step changes the focused choice or spin row by d.
func (p *panel) step(a *App, r *row, d int) {
	if r.off {
		return
	}
	switch r.kind {
	case rowChoice:
		n := len(r.opts)
		*r.idx = ((*r.idx+d)%n + n) % n
	case rowSpin:
		st := r.step
		if st == 0 {
			st = 1
		}
		*r.val = max(r.lo, min(r.hi, *r.val+d*st))
	case rowCheck:
		*r.on = !*r.on
	default:
		return
	}
	p.changed(a, r)
}

// handle takes the intents while the panel is open. alt is a letter
// typed with Alt (a bottom button's mnemonic), ud is Up (-1) or Down (+1).
func (p *panel) handle(a *App, its []Intent, alt rune, ud int) {
	if alt != 0 {
		if i := ButtonFor(p.btns, Intent{Kind: Letter, Rune: alt}); i >= 0 {
			p.pressButton(a, i)
			return
		}
		p.typeAhead(a, alt) // Alt still held from the menu
	}
	if ud != 0 {
		p.off = clamp(p.off+float64(ud)*p.rowH, 0, p.max)
		a.dirty()
	}
	for _, it := range its {
		if p.handleOne(a, it) {
			return // the panel was closed or replaced
		}
	}
}

// handleOne handles one intent; it reports whether the panel went away.
func (p *panel) handleOne(a *App, it Intent) bool {
	var fr *row
	if p.focus >= 0 && p.focus < len(p.rows) {
		fr = &p.rows[p.focus]
	}
	if p.editing && fr != nil {
		var s *string
		if fr.kind == rowEntry {
			s = fr.str
		}
		var hex string
		if fr.kind == rowColour {
			hex = colourName(*fr.col)
			s = &hex
		}
		if s != nil {
			switch it.Kind {
			case Char:
				if it.Rune >= ' ' && utf8.RuneCountInString(*s) < 200 {
					*s += string(it.Rune)
				}
			case Backspace:
				if *s != "" {
					_, n := utf8.DecodeLastRuneInString(*s)
					*s = (*s)[:len(*s)-n]
				}
			case Letter, Prev, Next, MovePrev, MoveNext:
				return false // typed as Char
			case Default:
				if it.Rune == ' ' {
					return false // a space typed in the field, not the button
				}
			}
			if it.Kind == Char || it.Kind == Backspace {
				if fr.kind == rowColour {
					if c, ok := parseHexColour(hex); ok {
						*fr.col = c
						p.changed(a, fr)
					}
				} else if fr.change != nil {
					fr.change(a)
				}
				a.dirty()
				return false
			}
		}
	}
	switch it.Kind {
	case Escape:
		p.cancel(a)
		return true
	case Tab:
		p.moveFocus(+1)
		p.sayFocus(a)
	case BackTab:
		p.moveFocus(-1)
		p.sayFocus(a)
	case Prev, Next:
		if fr != nil {
			d := -1
			if it.Kind == Next {
				d = 1
			}
			p.step(a, fr, d)
		}
	case Default:
		if fr != nil && fr.focusable() {
			switch fr.kind {
			case rowCheck, rowChoice:
				p.step(a, fr, +1)
				return false
			case rowActions:
				if len(fr.acts) > 0 && fr.act != nil {
					fr.act(a, fr.acts[0].ID)
				}
				return false
			}
		}
		if i := ButtonFor(p.btns, it); i >= 0 {
			p.pressButton(a, i)
			return true
		}
	case Letter:
		if p.typeAhead(a, it.Rune) {
			return false
		}
		if i := ButtonFor(p.btns, it); i >= 0 {
			p.pressButton(a, i)
			return true
		}
	case Char:
		if it.Rune == '+' || it.Rune == '-' {
			if fr != nil && fr.kind == rowSpin {
				d := 1
				if it.Rune == '-' {
					d = -1
				}
				p.step(a, fr, d)
			}
		}
	case Tap, DoubleTap:
		if i := ButtonFor(p.btns, it); i >= 0 {
			p.pressButton(a, i)
			return true
		}
		p.tap(a, it.X, it.Y)
	case DragStart:
		if p.body.Contains(it.X0, it.Y0) {
			p.dragging, p.dragY = true, it.Y
		}
	case DragMove:
		if p.dragging {
			p.off = clamp(p.off-(it.Y-p.dragY), 0, p.max)
			p.dragY = it.Y
			a.dirty()
		}
	case DragEnd:
		p.dragging = false
	}
	return false
}

// typeAhead moves the focus to the next row whose label starts with the
// letters typed in the last second.
func (p *panel) typeAhead(a *App, r rune) bool {
	if a.tick-p.typedT > 120 { // 2 s (in ticks: generous on a slow page)
		p.typed = ""
	}
	p.typedT = a.tick
	p.typed += string(r)
	n := len(p.rows)
	if n == 0 {
		return false
	}
	start := p.focus
	if len(p.typed) == 1 || start < 0 {
		start++
	}
	for k := range n {
		i := (max(start, 0) + k) % n
		rr := &p.rows[i]
		if !rr.focusable() {
			continue
		}
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(rr.label)), p.typed) {
			p.setFocus(i)
			p.sayFocus(a)
			a.dirty()
			return true
		}
	}
	if len(p.typed) > 1 {
		p.typed = ""
		return p.typeAhead(a, r)
	}
	return false
}

func (p *panel) sayFocus(a *App) {
	switch {
	case p.focus >= 0 && p.focus < len(p.rows):
		a.announce(p.rows[p.focus].describe())
	case p.focus >= len(p.rows) && p.focus < p.nFocus():
		a.announce(p.btns[p.focus-len(p.rows)].Text() + " button")
	}
	a.dirty()
}

func (p *panel) pressButton(a *App, i int) {
	if p.btns[i].Off {
		return
	}
	if p.press != nil {
		p.press(a, p, p.btns[i].ID)
	}
	a.dirty()
}

func (p *panel) cancel(a *App) {
	if p.close != nil {
		p.close(a, p)
		return
	}
	a.ui.closePanel(a)
}

// tap handles a tap on the panel's body.
func (p *panel) tap(a *App, x, y float64) {
	if !p.body.Contains(x, y) {
		return
	}
	for i := range p.rows {
		r := &p.rows[i]
		if !p.visible(r.r) || !p.screenRect(r.r).Contains(x, y) {
			continue
		}
		if !r.focusable() {
			return
		}
		p.setFocus(i)
		switch r.kind {
		case rowCheck:
			p.step(a, r, 1)
		case rowChoice:
			if len(r.parts) == len(r.opts) {
				for j, q := range r.parts {
					if p.screenRect(q).Contains(x, y) {
						*r.idx = j
						p.changed(a, r)
					}
				}
			} else if len(r.parts) == 2 {
				if p.screenRect(r.parts[0]).Contains(x, y) {
					p.step(a, r, -1)
				} else if p.screenRect(r.parts[1]).Contains(x, y) {
					p.step(a, r, 1)
				}
			}
		case rowSpin:
			if p.screenRect(r.parts[0]).Contains(x, y) {
				p.step(a, r, -1)
			} else if p.screenRect(r.parts[1]).Contains(x, y) {
				p.step(a, r, 1)
			}
		case rowColour:
			for j, q := range r.parts[:len(r.parts)-1] {
				if p.screenRect(q).Contains(x, y) {
					*r.col = tableColours[j]
					p.changed(a, r)
				}
			}
		case rowActions:
			for _, b := range r.acts {
				if !b.Off && p.screenRect(b.Rect).Contains(x, y) && r.act != nil {
					r.act(a, b.ID)
					return
				}
			}
		}
		a.dirty()
		return
	}
}

// parseHexColour reads "#rrggbb".
func parseHexColour(s string) (color.RGBA, bool) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, false
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, true
}

// draw draws the panel.
func (p *panel) draw(dst *ebiten.Image, a *App) {
	css := a.scr.scale()
	b := p.box
	// Dim the table behind.
	fill(dst, Rect{0, 0, a.scr.W, a.scr.H}, color.RGBA{0, 0, 0, 0x60})
	roundRect(dst, Rect{b.X, b.Y + 4*css, b.W, b.H}, 10*css, colShadow)
	roundRect(dst, b, 10*css, colPanel)
	a.g.text(dst, p.titleR, art.Bold, p.font*1.15, p.title, colText, alignCenter)
	fill(dst, Rect{b.X, p.body.Y - 1, b.W, math.Max(1, css)}, colButton)
	sub := dst.SubImage(rectImage(p.body)).(*ebiten.Image)
	for i := range p.rows {
		r := &p.rows[i]
		if !p.visible(r.r) {
			continue
		}
		p.drawRow(sub, a, r, i == p.focus)
	}
	if p.max > 0 {
		// A scroll bar.
		h := p.body.H * p.body.H / (p.body.H + p.max)
		y := p.body.Y + (p.body.H-h)*p.off/p.max
		roundRect(dst, Rect{b.X + b.W - 6*css, y, 4 * css, h}, 2*css, colPanelEdge)
	}
	for i := range p.btns {
		drawButton(dst, a.g, &p.btns[i], p.font, css)
	}
}

func (p *panel) drawRow(dst *ebiten.Image, a *App, r *row, focus bool) {
	css := a.scr.scale()
	tc := colText
	if r.off {
		tc = color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	sr := p.screenRect
	if focus {
		roundRectOutline(dst, sr(r.r).Inset(1*css), 6*css, 2*css, colFocus)
	}
	drawLines := func(box Rect, f art.Font, lines []string) {
		lh := p.lineH
		if r.kind == rowText || r.kind == rowHead {
			lh = p.proseH
		}
		y := box.Y + (box.H-float64(len(lines))*lh)/2
		for _, ln := range lines {
			a.g.text(dst, Rect{box.X, y, box.W, lh}, f, p.font, ln, tc, alignLeft)
			y += lh
		}
	}
	switch r.kind {
	case rowText, rowHead:
		drawLines(sr(r.lab), p.textFont(r.kind), r.lines)
		return
	case rowChart:
		r.chart.draw(dst, a, sr(r.ctl), p.font*0.85)
		return
	}
	drawLines(sr(r.lab), art.Regular, r.lines)
	c := sr(r.ctl)
	switch r.kind {
	case rowCheck:
		bx := Rect{c.X + (c.W-24*css)/2, c.Y + (c.H-24*css)/2, 24 * css, 24 * css}
		roundRect(dst, bx, 4*css, colLabel)
		roundRectOutline(dst, bx, 4*css, math.Max(1, 1.5*css), colPanelEdge)
		if *r.on {
			fill(dst, bx.Inset(6*css), tc)
		}
	case rowChoice:
		if len(r.parts) == len(r.opts) {
			for j, q := range r.parts {
				q = sr(q).Inset(1 * css)
				bg := colButton
				if j == *r.idx {
					bg = colDefault
				}
				roundRect(dst, q, 5*css, bg)
				a.g.text(dst, q, art.Regular, p.font, r.opts[j], tc, alignCenter)
			}
			return
		}
		p.drawStepper(dst, a, r, r.opts[*r.idx])
	case rowSpin:
		p.drawStepper(dst, a, r, strconv.Itoa(*r.val))
	case rowEntry:
		roundRect(dst, c, 4*css, colLabel)
		edge := colPanelEdge
		if focus {
			edge = colFocus
		}
		roundRectOutline(dst, c, 4*css, math.Max(1, 1.5*css), edge)
		t := *r.str
		if focus && p.editing {
			t += "|"
		}
		a.g.text(dst, Rect{c.X + 8*css, c.Y, c.W - 16*css, c.H}, art.Regular, p.font, t, colText, alignLeft)
	case rowColour:
		for j, q := range r.parts[:len(r.parts)-1] {
			q = sr(q)
			roundRect(dst, q, 5*css, tableColours[j])
			if tableColours[j] == *r.col {
				roundRectOutline(dst, q, 5*css, 3*css, colDefault)
			}
		}
		e := sr(r.parts[len(r.parts)-1])
		sw := Rect{e.X, e.Y, e.H, e.H}
		roundRect(dst, sw, 5*css, *r.col)
		e = Rect{e.X + e.H + 8*css, e.Y, e.W - e.H - 8*css, e.H}
		roundRect(dst, e, 4*css, colLabel)
		t := colourName(*r.col)
		if focus && p.editing {
			t += "|"
		}
		a.g.text(dst, Rect{e.X + 8*css, e.Y, e.W - 16*css, e.H}, art.Regular, p.font, t, colText, alignLeft)
	case rowActions:
		for j := range r.acts {
			b := r.acts[j]
			b.Rect = sr(b.Rect)
			drawButton(dst, a.g, &b, p.font*0.9, css)
		}
	}
}

func (p *panel) drawStepper(dst *ebiten.Image, a *App, r *row, v string) {
	css := a.scr.scale()
	sr := p.screenRect
	c := sr(r.ctl)
	roundRect(dst, c, 5*css, colLabel)
	minus := Button{Rect: sr(r.parts[0]), Label: "−", Off: r.off}
	plus := Button{Rect: sr(r.parts[1]), Label: "+", Off: r.off}
	if r.kind == rowChoice {
		minus.Label, plus.Label = "<", ">"
	}
	drawButton(dst, a.g, &minus, p.font, css)
	drawButton(dst, a.g, &plus, p.font, css)
	mid := Rect{minus.Rect.X + minus.Rect.W, c.Y, plus.Rect.X - minus.Rect.X - minus.Rect.W, c.H}
	a.g.text(dst, mid, art.Regular, p.font, v, colText, alignCenter)
}
