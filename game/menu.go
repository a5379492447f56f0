package game

import (
	"encoding/json"
	"image/color"
	"math"
	"strings"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/prefs"
)

// The menus, as xmj's menu bar: Game, Show and Options. A menu button in
// the top left corner opens them (a tap or click); on a keyboard Alt with
// the menu's underlined letter (xmj's Meta-G, Meta-S, Meta-O) or F10
// opens one, Left/Right move between the menus, Up/Down between the
// entries, Return or the entry's letter chooses, Escape closes. On phones
// the open menu is a full-width sheet.

// menuItem is one entry of a menu.
type menuItem struct {
	label string // with '&' before the mnemonic
	id    string
	off   bool // not available yet
}

// menuDef is one menu of the bar.
type menuDef struct {
	title string
	items []menuItem
}

// Menus returns the menu bar's menus and their entries (labels with '&'
// before the mnemonic).
func menus() []menuDef {
	return []menuDef{
		{"&Game", []menuItem{
			{"&New local game…", "new", false},
			{"&Host online game…", "host", false},
			{"&Join online game…", "join", false},
			{"&Save", "save", false},
			{"Save &as…", "saveas", false},
			{"&Resume game…", "resume", false},
			{"&Quit", "quit", false},
		}},
		{"&Show", []menuItem{
			{"&Scoring", "scoring", false},
			{"Scoring &history", "history", false},
			{"&Game info", "info", false},
			{"&Messages", "messages", false},
		}},
		{"&Options", []menuItem{
			{"&Display options…", "display", false},
			{"&Playing preferences…", "playing", false},
			{"&Game option preferences…", "gameprefs", false},
			{"&Current game options…", "current", false},
			{"&Export preferences…", "exportprefs", false},
			{"&Import preferences…", "importprefs", false},
		}},
	}
}

// menuKeys are the keys the menus read besides the intents: a letter
// typed with Alt, F10, Up and Down.
type menuKeys struct {
	alt   rune // lower-case letter typed with Alt held (0 none)
	f10   bool
	up    bool
	down  bool
	wheel float64 // mouse wheel: lines up (+) or down (-)
}

// ui is the menus and windows over the scenes, and the preferences.
type ui struct {
	p     prefs.Prefs // the preferences in force
	store prefs.Store
	err   string // a problem with the preferences, shown once

	menu   int // open menu (-1 none)
	item   int // highlighted entry (-1 none)
	defs   []menuDef
	button Rect   // the menu button
	titles []Rect // the open bar's menu titles
	items  []Rect // the open menu's entries
	sheet  bool   // phone: full width

	win *panel // the open window (nil none)

	// What the table has shown, to notice news.
	msgs      int    // chat messages seen
	scoreSeen string // scoring text seen (popups)
	hist      historyState
	tick      int
	autoFail  autoFail
	chat      string      // the Messages entry
	onl       *onlineForm // the online dialogs' fields (online.go)
	baseOpts  []string    // the game options the program was given

	// The fonts and the user tileset (mono.go, tileart.go).
	snapGen  uint64       // a.gen of the last UI snapshot (uiSnapshot)
	applied  bool         // applyDisplay has run once
	tilesKey string       // the Tileset preferences whose set is in force
	disp     *displayForm // the open Display panel's form (tile uploads change it)
}

func newUI(cfg *Config) *ui {
	u := &ui{menu: -1, item: -1, defs: menus()}
	u.store = cfg.Store
	if u.store == nil {
		u.store = prefs.Default()
	}
	if cfg.Prefs != nil {
		u.p = cfg.Prefs.Clone()
		if tilesetOf(u.p.Display.Tileset) != cfg.Tileset {
			// A --tileset flag overrides the preference.
			u.p.Display.Tileset = cfg.Tileset.String()
		}
	} else {
		p, err := prefs.Load(u.store)
		u.p = p
		if err != nil {
			u.err = err.Error()
		}
		ApplyPrefs(cfg, p)
	}
	u.baseOpts = cfg.GameOptions
	cfg.GameOptions = append(optionStrings(&u.p), u.baseOpts...)
	applyColours(u.p.Display)
	return u
}

// menuButton returns where the menu button is on screen s.
func menuButton(a *App) Rect {
	if t, ok := a.scene.(*tableScene); ok && !t.lay.Menu.Empty() {
		return t.lay.Menu
	}
	css := a.scr.scale()
	m := math.Round(4 * css)
	return Rect{m, m, math.Round(MinButton * css), math.Round(MinButton * css)}
}

// update takes the intents first: an open window or menu takes them all;
// otherwise the menu keys and a tap on the menu button open a menu, and
// the rest go to the scene.
func (u *ui) update(a *App, its []Intent, k menuKeys) []Intent {
	u.tick = a.tick
	u.button = menuButton(a)
	if !u.applied {
		u.applied = true
		u.applyDisplay(a)
	}
	if up := takeTiles(); up != nil {
		u.tilesPicked(a, up)
	}
	if u.err != "" {
		a.announce(u.err)
		u.err = ""
	}
	if u.win != nil {
		ud := 0
		if k.up {
			ud = -1
		} else if k.down {
			ud = 1
		}
		if k.wheel != 0 {
			u.win.off = clamp(u.win.off-k.wheel*u.win.lineH*2, 0, u.win.max)
			a.dirty()
		}
		if k.alt != 0 || ud != 0 || len(its) > 0 {
			w := u.win
			w.handle(a, its, k.alt, ud)
			if u.win == w {
				u.layoutWin(a)
			}
		}
		return its[:0]
	}
	if u.menu >= 0 {
		u.menuInput(a, its, k)
		return its[:0]
	}
	if k.alt != 0 {
		for i, d := range u.defs {
			if mnemonic(d.title) == k.alt {
				u.openMenu(a, i, 0)
				return its[:0]
			}
		}
	}
	if k.f10 {
		u.openMenu(a, 0, 0)
		return its[:0]
	}
	out := its[:0]
	for _, it := range its {
		if (it.Kind == Tap || it.Kind == DoubleTap) && u.button.Contains(it.X, it.Y) {
			u.openMenu(a, 0, -1)
			continue
		}
		if it.Kind == Hover && u.p.Display.Tiletips {
			u.tiletip(a, it.X, it.Y)
		}
		out = append(out, it)
	}
	return out
}

// The open menu's and window's geometry, for the page's mahjong.ui()
// (browser tests find the controls there; read-only), in CSS pixels.
type uiBox struct {
	Label string  `json:"label,omitempty"`
	Kind  string  `json:"kind,omitempty"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
	Parts []uiBox `json:"parts,omitempty"`
	Value string  `json:"value,omitempty"`
}

type uiSnap struct {
	Gen    uint64  `json:"gen"`
	Screen uiBox   `json:"screen"`
	Button uiBox   `json:"menuButton"`
	Menu   string  `json:"menu,omitempty"`
	Titles []uiBox `json:"titles,omitempty"`
	Items  []uiBox `json:"items,omitempty"`
	Panel  string  `json:"panel,omitempty"`
	Title  string  `json:"title,omitempty"`
	Box    *uiBox  `json:"box,omitempty"`
	Body   *uiBox  `json:"body,omitempty"`
	Focus  int     `json:"focus"` // the focused row (then the buttons); -1 none
	Scroll float64 `json:"scroll"`
	Max    float64 `json:"maxScroll"`
	Rows   []uiBox `json:"rows,omitempty"` // a row's box, its control in Parts[0] and the control's parts after
	Btns   []uiBox `json:"buttons,omitempty"`
	Chat   []uiBox `json:"chat,omitempty"` // InfoInMain: the message entry, Send and Keep cursor here
}

var lastUI atomic.Pointer[string]

var rowKinds = [...]string{rowText: "text", rowHead: "head", rowCheck: "check", rowChoice: "choice", rowSpin: "spin",
	rowEntry: "entry", rowColour: "colour", rowActions: "actions", rowChart: "chart"}

// snapshotUI records the menus' and window's geometry when the picture
// changed (only where the page reads it).
func (u *ui) snapshotUI(a *App) {
	if !exposeUI || a.gen == u.snapGen {
		return
	}
	u.snapGen = a.gen
	css := a.scr.scale()
	box := func(label string, r Rect) uiBox {
		return uiBox{Label: label, X: r.X / css, Y: r.Y / css, W: r.W / css, H: r.H / css}
	}
	s := uiSnap{Gen: a.gen, Screen: box("", Rect{0, 0, a.scr.W, a.scr.H}), Button: box("Menu", u.button)}
	if u.menu >= 0 && u.menu < len(u.defs) {
		d := u.defs[u.menu]
		s.Menu = strings.Replace(d.title, "&", "", 1)
		for i, r := range u.titles {
			s.Titles = append(s.Titles, box(strings.Replace(u.defs[i].title, "&", "", 1), r))
		}
		for i, r := range u.items {
			s.Items = append(s.Items, box(strings.Replace(d.items[i].label, "&", "", 1), r))
		}
	}
	if p := u.win; p != nil {
		s.Panel, s.Title, s.Focus, s.Scroll, s.Max = p.id, p.title, p.focus, p.off/css, p.max/css
		b, body := box("", p.box), box("", p.body)
		s.Box, s.Body = &b, &body
		for i := range p.rows {
			r := &p.rows[i]
			rb := box(r.label, p.screenRect(r.r))
			rb.Kind = rowKinds[r.kind]
			if r.kind != rowText && r.kind != rowHead && r.kind != rowChart {
				rb.Value = r.describe()
			} else {
				rb.Value = r.text
			}
			if r.kind != rowText && r.kind != rowHead {
				rb.Parts = append(rb.Parts, box("", p.screenRect(r.ctl)))
				for j, q := range r.parts {
					lb := ""
					if j < len(r.opts) && len(r.parts) == len(r.opts) {
						lb = r.opts[j]
					}
					if r.kind == rowActions && j < len(r.acts) {
						lb = r.acts[j].Text()
					}
					rb.Parts = append(rb.Parts, box(lb, p.screenRect(q)))
				}
			}
			s.Rows = append(s.Rows, rb)
		}
		for _, b := range p.btns {
			s.Btns = append(s.Btns, box(b.Text(), b.Rect))
		}
	}
	if t, ok := a.scene.(*tableScene); ok && chatOn(a) && !t.chat.entry.Empty() {
		c := &t.chat
		e := box("Message", c.entry)
		e.Value = u.chat
		s.Chat = []uiBox{e, box("Send", c.send.Rect), box("Keep cursor here", c.check)}
	}
	if j, err := json.Marshal(s); err == nil {
		str := string(j)
		lastUI.Store(&str)
		exposeUIFunc()
	}
}

// UIJSON returns the latest snapshot of the menus' and window's geometry
// as JSON ("" before one; only the browser build records them).
func UIJSON() string {
	if p := lastUI.Load(); p != nil {
		return *p
	}
	return ""
}

// mnemonic returns the lower-case letter after '&' in label.
func mnemonic(label string) rune {
	b := Button{Label: label}
	return b.Mnemonic()
}

func (u *ui) openMenu(a *App, i, item int) {
	u.menu, u.item = i, item
	u.layoutMenu(a)
	d := u.defs[i]
	var names []string
	for _, it := range d.items {
		n := strings.Replace(it.label, "&", "", 1)
		if it.off {
			n += " (not available)"
		}
		names = append(names, n)
	}
	a.announce(strings.Replace(d.title, "&", "", 1) + " menu: " + strings.Join(names, ", ") + ".")
	a.dirty()
}

func (u *ui) closeMenu(a *App) {
	u.menu, u.item = -1, -1
	a.dirty()
}

func (u *ui) menuInput(a *App, its []Intent, k menuKeys) {
	d := u.defs[u.menu]
	move := func(dd int) {
		n := len(d.items)
		i := u.item
		for range n {
			if i < 0 && dd < 0 {
				i = n
			}
			i = ((i+dd)%n + n) % n
			if !d.items[i].off {
				break
			}
		}
		u.item = i
		a.announce(strings.Replace(d.items[i].label, "&", "", 1))
		a.dirty()
	}
	if k.alt != 0 {
		// An entry's letter first (Alt may still be held from opening
		// the menu), then another menu's.
		for _, m := range d.items {
			if !m.off && mnemonic(m.label) == k.alt {
				u.choose(a, m)
				return
			}
		}
		for i, m := range u.defs {
			if mnemonic(m.title) == k.alt {
				u.openMenu(a, i, 0)
				return
			}
		}
	}
	if k.up {
		move(-1)
	}
	if k.down {
		move(+1)
	}
	if k.f10 {
		u.closeMenu(a)
		return
	}
	for _, it := range its {
		switch it.Kind {
		case Escape:
			u.closeMenu(a)
			return
		case Prev, Next:
			dd := 1
			if it.Kind == Prev {
				dd = -1
			}
			n := len(u.defs)
			u.openMenu(a, ((u.menu+dd)%n+n)%n, 0)
			return
		case Tab:
			move(+1)
		case BackTab:
			move(-1)
		case Default:
			if u.item >= 0 {
				u.choose(a, d.items[u.item])
				return
			}
		case Letter:
			for _, m := range d.items {
				if !m.off && mnemonic(m.label) == it.Rune {
					u.choose(a, m)
					return
				}
			}
		case Tap, DoubleTap:
			for i, r := range u.titles {
				if r.Contains(it.X, it.Y) {
					u.openMenu(a, i, -1)
					return
				}
			}
			for i, r := range u.items {
				if r.Contains(it.X, it.Y) {
					if !d.items[i].off {
						u.choose(a, d.items[i])
					}
					return
				}
			}
			u.closeMenu(a) // a tap outside
			return
		}
	}
}

// choose carries out a menu entry.
func (u *ui) choose(a *App, m menuItem) {
	u.closeMenu(a)
	t, _ := a.scene.(*tableScene)
	switch m.id {
	case "save", "saveas", "resume":
		fileCommand(a, m.id) // saves.go
	case "exportprefs", "importprefs":
		prefsFileCommand(a, m.id) // prefsfile.go
	case "host":
		u.openPanel(a, u.hostPanel(a))
	case "join":
		u.openPanel(a, u.joinPanel(a))
	case "new":
		if t != nil {
			t.close()
		}
		a.switchTo(newStartScene(a))
	case "quit":
		if t != nil {
			t.close()
		}
		if quitEnds {
			a.quit = true
		} else {
			a.switchTo(newStartScene(a))
		}
	case "scoring":
		if t != nil && t.cl != nil {
			if sc := t.cl.Scoring(); len(sc.Hands) > 0 || sc.Washout != "" {
				t.score.sync(sc)
				t.score.open = true
				a.announce(ScoringText(sc))
				a.dirty()
				return
			}
		}
		a.announce("No hand has been scored yet.")
		u.openPanel(a, infoPanel("scoring", "Scoring", "No hand has been scored yet."))
	case "history":
		u.openPanel(a, u.historyPanel(a))
	case "info":
		u.openPanel(a, u.gameInfoPanel(a))
	case "messages":
		u.openPanel(a, u.messagesPanel(a))
	case "display":
		u.openPanel(a, u.displayPanel(a))
	case "playing":
		u.openPanel(a, u.playingPanel(a))
	case "gameprefs":
		u.openPanel(a, u.optionPrefsPanel(a))
	case "current":
		u.openPanel(a, u.currentOptionsPanel(a))
	}
}

// openPanel shows a window and says what is in it.
func (u *ui) openPanel(a *App, p *panel) {
	u.win = p
	p.focus = -1
	u.layoutWin(a)
	a.announce(p.text())
	a.dirty()
}

// closePanel closes the window.
func (u *ui) closePanel(a *App) {
	if u.win != nil {
		a.announce(u.win.title + " closed.")
	}
	u.win = nil
	a.dirty()
}

func (u *ui) layoutWin(a *App) {
	if u.win != nil {
		u.win.layout(a)
	}
}

// layoutMenu places the open menu.
func (u *ui) layoutMenu(a *App) {
	css := a.scr.scale()
	font, rowH, pad := panelMetrics(a.scr)
	u.sheet = a.scr.Phone()
	u.titles = u.titles[:0]
	b := u.button
	x := b.X + b.W + math.Round(4*css)
	y := b.Y
	if u.sheet {
		// The titles across the top, the entries below at full width.
		w := (a.scr.W - x - pad) / float64(len(u.defs))
		for i := range u.defs {
			u.titles = append(u.titles, Rect{x + float64(i)*w, y, w, b.H})
		}
	} else {
		for _, d := range u.defs {
			w := math.Ceil(a.g.textWidth(art.Bold, font, strings.Replace(d.title, "&", "", 1)) + 2*font)
			u.titles = append(u.titles, Rect{x, y, w, b.H})
			x += w
		}
	}
	u.items = u.items[:0]
	if u.menu < 0 {
		return
	}
	d := u.defs[u.menu]
	iy := b.Y + b.H + math.Round(4*css)
	ix := u.titles[u.menu].X
	iw := 0.0
	for _, it := range d.items {
		iw = math.Max(iw, a.g.textWidth(art.Regular, font, it.label)+3*font)
	}
	if u.sheet {
		ix, iw = 0, a.scr.W
	}
	ix = math.Min(ix, a.scr.W-iw)
	for i := range d.items {
		u.items = append(u.items, Rect{ix, iy + float64(i)*rowH, iw, rowH})
	}
}

// draw draws the menu button, an open menu and the open window.
func (u *ui) draw(dst *ebiten.Image, a *App) {
	css := a.scr.scale()
	font, _, _ := panelMetrics(a.scr)
	b := menuButton(a)
	u.button = b
	// The button: three bars.
	bg := color.RGBA{0, 0, 0, 0x40}
	if u.menu >= 0 {
		bg = colFocus
	}
	roundRect(dst, b.Inset(2*css), 6*css, bg)
	bw := b.W * 0.5
	for i := range 3 {
		fill(dst, Rect{math.Round(b.X + (b.W-bw)/2), math.Round(b.Y + b.H*(0.3+0.2*float64(i)) - css), math.Round(bw), math.Max(2, math.Round(2.5*css))}, colLabel)
	}
	if u.menu >= 0 {
		u.layoutMenu(a)
		bar := Rect{u.titles[0].X, b.Y, u.titles[len(u.titles)-1].X + u.titles[len(u.titles)-1].W - u.titles[0].X, b.H}
		roundRect(dst, Rect{bar.X, bar.Y + 3*css, bar.W, bar.H}, 6*css, colShadow)
		roundRect(dst, bar, 6*css, colPanel)
		for i, r := range u.titles {
			if i == u.menu {
				roundRect(dst, r.Inset(3*css), 5*css, colDefault)
			}
			t := Button{Label: u.defs[i].title, Rect: r}
			drawMenuLabel(dst, a.g, &t, font, colText, alignCenter, css)
		}
		if n := len(u.items); n > 0 {
			box := Rect{u.items[0].X, u.items[0].Y, u.items[0].W, u.items[n-1].Y + u.items[n-1].H - u.items[0].Y}
			roundRect(dst, Rect{box.X, box.Y + 4*css, box.W, box.H}, 8*css, colShadow)
			roundRect(dst, box, 8*css, colPanel)
			d := u.defs[u.menu]
			for i, r := range u.items {
				if i == u.item {
					roundRect(dst, r.Inset(3*css), 5*css, colFocus)
				}
				c := colText
				if d.items[i].off {
					c = color.RGBA{0x90, 0x90, 0x90, 0xff}
				} else if i == u.item {
					c = colLabel
				}
				t := Button{Label: d.items[i].label, Rect: Rect{r.X + font, r.Y, r.W - 2*font, r.H}}
				drawMenuLabel(dst, a.g, &t, font, c, alignLeft, css)
			}
		}
	}
	if u.win != nil {
		u.win.draw(dst, a)
	}
}

// drawMenuLabel draws a label with its mnemonic underlined.
func drawMenuLabel(dst *ebiten.Image, g *gfx, b *Button, font float64, c color.RGBA, align int, css float64) {
	txt := b.Text()
	g.text(dst, b.Rect, art.Regular, font, txt, c, align)
	i := strings.IndexByte(b.Label, '&')
	if i < 0 || i+1 >= len(b.Label) {
		return
	}
	fc := g.face(art.Regular, font)
	full := float64(fc.Width(txt))
	pre := float64(fc.Width(txt[:i]))
	ch := float64(fc.Width(txt[i : i+1]))
	x := b.Rect.X
	if align == alignCenter {
		x += (b.Rect.W - full) / 2
	}
	_, lh, asc := fc.Measure(txt)
	y := math.Round(b.Rect.Y+(b.Rect.H-float64(lh))/2) + float64(asc) + math.Max(1, math.Round(2*css))
	fill(dst, Rect{math.Round(x + pre), y, ch, math.Max(1, math.Round(1.5*css))}, c)
}

// infoPanel is a window with a text and an OK button.
func infoPanel(id, title, text string) *panel {
	p := &panel{id: id, title: title, rows: []row{{kind: rowText, text: text}},
		btns: []Button{{Label: "&OK", ID: "ok", Default: true}}}
	p.press = func(a *App, p *panel, id string) { a.ui.closePanel(a) }
	return p
}

// tiletip shows the name of the tile under the mouse (the Tiletips
// display preference).
func (u *ui) tiletip(a *App, x, y float64) {
	t, ok := a.scene.(*tableScene)
	if !ok {
		return
	}
	sp, ok := SpriteAt(t.sprites, x, y)
	if !ok || sp.Back || sp.Tile == engine.Blank {
		return
	}
	if t.tip.text != sp.Tile.Name() || t.tip.r != sp.R {
		t.tip = tip{text: sp.Tile.Name(), r: sp.R, until: a.tick + tipTicks}
		a.dirty()
	}
}
