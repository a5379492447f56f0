package game

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/engine"
	"mahjong/game/announce"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/local"
)

// Ticks (1/60 s) that things stay on the screen.
const (
	bubbleTicks = 120 // a claim announcement ("Pung!")
	tipTicks    = 150 // a tile's name after a long press
	flightTicks = 12  // a tile moving across the table
)

// bubble is a claim announcement over a player's tiles.
type bubble struct {
	text  string
	until int // tick it disappears
}

// tip is a tile's name shown near it.
type tip struct {
	text  string
	r     Rect
	until int
}

// dragState is a tile of our hand being dragged.
type dragState struct {
	on     bool
	from   int     // hand index
	x, y   float64 // pointer
	tile   engine.Tile
	offset [2]float64
}

// tableScene is the table: a local game played through a client.
type tableScene struct {
	set     settings
	loc     *local.Game
	cl      *client.Client
	ann     announce.Announcer
	err     string
	lay     TableLayout
	sprites []Sprite
	prompt  client.Prompt
	dlg     dialog
	bubbles [4]bubble
	tip     tip
	drag    dragState
	score   scoreWin
	flights []flight
	drawn   bool // the table has been drawn once
	notice  string
	noticeT int
	ours    engine.Seat
	over    Button // "New game" after the game
	built   uint64 // App generation the geometry was built for
}

func newTableScene(a *App, set settings) *tableScene {
	s := &tableScene{set: set, ours: engine.NoSeat}
	s.over = Button{Label: "&New game", ID: "new", Default: true}
	robots := [3]local.Robot{}
	for i, r := range set.robots {
		robots[i] = local.Robot{Name: r.Name, Level: r.Level}
	}
	seed := int(set.seed & 0x7fffffff)
	if set.seed == 0 {
		seed = int(time.Now().UnixNano() & 0x7fffffff)
	}
	delay := a.cfg.RobotDelay
	if delay == 0 {
		delay = 350 * time.Millisecond
	} else if delay < 0 {
		delay = 0
	}
	loc, err := local.Start(local.Config{Name: set.name, Robots: robots, RandomSeats: set.random,
		Timeout: set.claimTime, Seed: seed, Delay: delay, Options: a.cfg.GameOptions})
	if err != nil {
		s.err = err.Error()
		return s
	}
	cl, err := client.New(loc.Conn(), client.Config{Name: set.name})
	if err != nil {
		loc.Close()
		s.err = err.Error()
		return s
	}
	s.loc, s.cl = loc, cl
	return s
}

// ready reports whether the table has been drawn (for Config.FirstFrame).
func (s *tableScene) ready() bool { return s.drawn }

// close stops the game.
func (s *tableScene) close() {
	if s.cl != nil {
		s.cl.Close()
	}
	if s.loc != nil {
		s.loc.Close()
	}
}

func (s *tableScene) update(a *App, its []Intent) error {
	if a.gen != s.built {
		s.lay = LayoutTable(a.scr, a.cfg.ShowWall, a.cfg.Dialogs, a.cfg.Size)
	}
	if s.cl == nil {
		for _, it := range its {
			if ButtonFor([]Button{s.over}, it) == 0 {
				a.switchTo(newStartScene(a))
			}
		}
		return nil
	}
	v := s.cl.View()
	evs := s.cl.Poll()
	if len(evs) > 0 {
		a.dirty()
		for _, ev := range evs {
			s.event(a, v, ev)
		}
	}
	p := s.cl.Prompt()
	for _, line := range s.ann.Update(v, evs, p) {
		a.announce(line)
	}
	if !p.Equal(&s.prompt) || len(evs) > 0 {
		s.prompt = p
		s.score.sync(s.cl.Scoring())
		a.dirty()
	}
	s.ours = v.Seat()

	s.handle(a, its)

	// Timers.
	for i := range s.bubbles {
		if s.bubbles[i].text != "" && a.tick >= s.bubbles[i].until {
			s.bubbles[i].text = ""
			a.dirty()
		}
	}
	if s.tip.text != "" && a.tick >= s.tip.until {
		s.tip.text = ""
		a.dirty()
	}
	if s.notice != "" && a.tick >= s.noticeT {
		s.notice = ""
		a.dirty()
	}
	if !s.prompt.Deadline.IsZero() && a.tick%6 == 0 {
		a.dirty()
	}
	if stepFlights(&s.flights) {
		a.dirty()
	}

	// Geometry for Draw and the next tick's hit tests, when anything
	// changed: an idle table costs almost nothing.
	if a.gen != s.built {
		s.built = a.gen
		s.sprites = BuildSprites(s.sprites[:0], &s.lay, TableModel{View: v, Hand: s.cl.Hand(), Selected: s.cl.Selected(), Lift: -1})
		s.dlg.build(a, s)
		s.score.layout(a, s)
	}
	return nil
}

// event reacts to one message: claim announcements and animations.
func (s *tableScene) event(a *App, v *engine.View, ev engine.Event) {
	g := v.Game
	ours := v.Seat()
	if ours == engine.NoSeat {
		ours = 0
	}
	say := func(id int, text string) {
		seat := g.SeatOf(id)
		if seat == engine.NoSeat {
			return
		}
		pos := RelPos(int(seat), int(ours))
		s.bubbles[pos] = bubble{text: text, until: a.tick + bubbleTicks}
	}
	switch m := ev.(type) {
	case engine.CPlayerClaimsPung:
		say(m.ID, "Pung!")
	case engine.CPlayerClaimsKong:
		say(m.ID, "Kong!")
	case engine.CPlayerClaimsChow:
		say(m.ID, "Chow!")
	case engine.CPlayerClaimsMahJong:
		say(m.ID, "Mah Jong!")
	case engine.CPlayerMahJongs:
		if m.Tile != engine.Blank {
			say(m.ID, "Mah Jong!")
		}
	case engine.CPlayerRobsKong:
		say(m.ID, "Robbed!")
	case engine.CPlayerDiscards:
		if !a.cfg.NoAnimation {
			s.flyDiscard(v, m.ID)
		}
	case engine.CNewHand:
		s.flights = s.flights[:0]
		s.bubbles = [4]bubble{}
	case engine.CError:
		s.notice, s.noticeT = m.Text, a.tick+180
	}
}

// flyDiscard starts the animation of a discard from its player's rack to
// its place among the discards.
func (s *tableScene) flyDiscard(v *engine.View, id int) {
	g := v.Game
	seat := g.SeatOf(id)
	if seat == engine.NoSeat {
		return
	}
	ours := v.Seat()
	if ours == engine.NoSeat {
		ours = 0
	}
	pos := RelPos(int(seat), int(ours))
	var sp []Sprite
	sp = discardSprites(sp, &s.lay, v, int(seat), pos)
	if len(sp) == 0 {
		return
	}
	to := sp[len(sp)-1]
	from := s.lay.Hands[pos]
	cx, cy := from.Center()
	fr := Rect{cx - to.R.W/2, cy - to.R.H/2, to.R.W, to.R.H}
	s.flights = append(s.flights, flight{tile: to.Tile, from: fr, to: to.R, q: to.Q, seat: int(seat), index: to.Index, n: flightTicks})
}

// handle turns intents into actions.
func (s *tableScene) handle(a *App, its []Intent) {
	for _, it := range its {
		// The scoring window first.
		if s.score.open {
			if it.Kind == Escape || (it.Kind == Letter && it.Rune == 'o') || ((it.Kind == Tap || it.Kind == DoubleTap) && s.score.ok.Rect.Contains(it.X, it.Y)) {
				s.score.open = false
				continue
			}
			if it.Kind == DragMove && s.score.box.Contains(it.X0, it.Y0) {
				s.score.scroll(it.Y - s.score.lastY)
				s.score.lastY = it.Y
				continue
			}
			if it.Kind == DragStart && s.score.box.Contains(it.X0, it.Y0) {
				s.score.lastY = it.Y
				continue
			}
		}
		if s.prompt.Kind == client.GameOver {
			if ButtonFor([]Button{s.over}, it) == 0 {
				s.close()
				a.switchTo(newStartScene(a))
				return
			}
		}
		if i := ButtonFor(s.dlg.buttons, it); i >= 0 {
			s.press(a, i)
			continue
		}
		switch it.Kind {
		case Prev:
			s.cl.MoveSelection(-1)
		case Next:
			s.cl.MoveSelection(+1)
		case MovePrev:
			_ = s.cl.MoveTile(-1)
		case MoveNext:
			_ = s.cl.MoveTile(+1)
		case Tab:
			MoveFocus(s.dlg.buttons, +1)
		case BackTab:
			MoveFocus(s.dlg.buttons, -1)
		case Escape:
			s.cl.Select(-1)
		case Letter:
			switch it.Rune {
			case 'h':
				a.announce(announce.Hand(s.cl.View(), s.cl.Hand()))
				a.announce(announce.Prompt(s.cl.View(), s.prompt))
			case 's', 'o':
				if sc := s.cl.Scoring(); len(sc.Hands) > 0 || sc.Washout != "" {
					s.score.open = !s.score.open
				}
			}
		case Tap:
			if i := HandIndexAt(s.sprites, it.X, it.Y); i >= 0 {
				s.cl.ToggleSelect(i)
			} else if s.lay.Center.Contains(it.X, it.Y) && !s.dlg.geom.Box.Contains(it.X, it.Y) {
				if sc := s.cl.Scoring(); len(sc.Hands) > 0 || sc.Washout != "" {
					s.score.open = !s.score.open
				}
			}
		case DoubleTap:
			if i := HandIndexAt(s.sprites, it.X, it.Y); i >= 0 {
				s.cl.Select(i)
				s.discard(a)
			}
		case LongPress:
			if sp, ok := SpriteAt(s.sprites, it.X, it.Y); ok {
				s.tip = tip{text: sp.Tile.Name(), r: sp.R, until: a.tick + tipTicks}
				a.announce(sp.Tile.Name() + ".")
			}
		case DragStart:
			if i := HandIndexAt(s.sprites, it.X0, it.Y0); i >= 0 {
				s.drag = dragState{on: true, from: i, x: it.X, y: it.Y, tile: s.cl.Hand()[i]}
			}
		case DragMove:
			if s.drag.on {
				s.drag.x, s.drag.y = it.X, it.Y
			}
		case DragEnd:
			if s.drag.on {
				s.drag.on = false
				if to := HandInsertAt(s.sprites, it.X); to >= 0 && to != s.drag.from {
					_ = s.cl.MoveTileTo(s.drag.from, to)
				}
			}
		}
	}
}

// discard discards (or declares) the selected tile if the prompt allows.
func (s *tableScene) discard(a *App) {
	for i, b := range s.prompt.Buttons {
		if b.Act == client.ActDiscard {
			s.press(a, i)
			return
		}
	}
}

// press presses button i of the current dialog.
func (s *tableScene) press(a *App, i int) {
	if s.dlg.own != nil {
		s.dlg.own(a, s)
		return
	}
	if i < 0 || i >= len(s.prompt.Buttons) {
		return
	}
	b := s.prompt.Buttons[i]
	if err := s.cl.Press(b); err != nil {
		msg := "That is not possible now."
		if b.UsesSelection && s.cl.SelectedTile() == engine.Blank {
			msg = "Select a tile first."
		} else if !b.Enabled {
			msg = fmt.Sprintf("%s is not possible with the selected tile.", b.Label)
		}
		s.notice, s.noticeT = msg, a.tick+150
		a.announce(msg)
		return
	}
	if b.Act == client.ActReady {
		s.score.open = false
	}
	a.dirty()
}

// names returns a player's display name.
func playerName(v *engine.View, p *engine.Player) string {
	if p == nil {
		return ""
	}
	if p.Name != "" {
		return p.Name
	}
	return v.Names[p.ID]
}

// thinking reports whether the robot at seat s is expected to act now.
func thinking(g *engine.Game, s engine.Seat) bool {
	switch g.Phase {
	case engine.Discarding, engine.DeclaringSpecials:
		return g.Player == s && g.Active && !g.Paused
	case engine.Discarded:
		return g.Player != s && g.Claims[s] == engine.NoClaimYet && g.Active
	}
	return false
}

func (s *tableScene) draw(dst *ebiten.Image, a *App) {
	s.drawn = true
	l := &s.lay
	css := a.scr.scale()
	dst.Fill(colTable)
	if s.cl == nil {
		r := Rect{0, a.scr.H/2 - 60*css, a.scr.W, 40 * css}
		a.g.text(dst, r, art.Regular, l.Font, "Could not start the game: "+s.err, colLabel, alignCenter)
		s.over.Rect = Rect{a.scr.W/2 - 80*css, a.scr.H / 2, 160 * css, MinButton * css}
		drawButton(dst, a.g, &s.over, l.Font, css)
		return
	}
	v := s.cl.View()
	g := v.Game
	// Table felt for the middle.
	roundRect(dst, l.Table, 8*css, colTableDark)
	set := a.cfg.Tileset

	// Hidden by flights in progress.
	hidden := func(sp *Sprite) bool {
		if sp.Kind != SpriteDiscard {
			return false
		}
		for _, f := range s.flights {
			if RelPos(f.seat, int(s.oursOr0())) == sp.Pos && f.index == sp.Index {
				return true
			}
		}
		return false
	}
	for i := range s.sprites {
		sp := &s.sprites[i]
		if hidden(sp) {
			continue
		}
		if s.drag.on && sp.Kind == SpriteHand && sp.Pos == PosBottom && sp.Index == s.drag.from {
			continue
		}
		if sp.Kind == SpriteWall {
			if sp.Index == 2 {
				sh := *sp
				if sh.Q%2 == 0 {
					sh.R.Y -= math.Round(sp.R.H * 0.18)
				} else {
					sh.R.X -= math.Round(sp.R.W * 0.18)
				}
				a.g.drawTile(dst, sp.R, engine.Blank, true, set, sp.Q, true)
				a.g.drawTile(dst, sh.R, engine.Blank, true, set, sp.Q, false)
				continue
			}
		}
		a.g.drawTile(dst, sp.R, sp.Tile, sp.Back, set, sp.Q, false)
		if sp.Mark {
			c := colRed
			if sp.Kind == SpriteHand && sp.Pos == PosBottom {
				c = colSelect
			}
			roundRectOutline(dst, sp.R, 3*css, math.Max(2, 2.5*css), c)
		}
	}
	// Flights.
	for _, f := range s.flights {
		r := f.rect()
		a.g.drawTile(dst, r, f.tile, false, set, f.q, false)
	}
	// Tong box with the round wind, in front of East.
	for seat := range engine.NumSeats {
		if g.Players[seat] == nil || !g.HasStarted() {
			continue
		}
		if engine.Seat(seat) == engine.EastSeat {
			r := TongRect(l, RelPos(seat, int(s.oursOr0())))
			a.g.drawTong(dst, r, g.Round, set)
		}
	}
	s.drawLabels(dst, a, v)
	s.drawCenter(dst, a, v)
	// The dragged tile.
	if s.drag.on {
		t := l.Tile
		r := Rect{s.drag.x - t.W/2, s.drag.y - t.H/2, t.W, t.H}
		a.g.drawTile(dst, r, s.drag.tile, false, set, 0, false)
		roundRectOutline(dst, r, 3*css, 2.5*css, colSelect)
	}
	if s.score.open {
		s.score.draw(dst, a)
	}
	s.dlg.draw(dst, a, s)
	// Claim announcements, over everything.
	for pos, b := range s.bubbles {
		if b.text == "" {
			continue
		}
		s.drawBubble(dst, a, pos, b.text)
	}
	if s.tip.text != "" {
		s.drawTip(dst, a)
	}
	if s.notice != "" {
		w := a.g.textWidth(art.Regular, l.Font, s.notice) + 24*css
		r := Rect{(a.scr.W - w) / 2, l.Sets[PosBottom].Y - l.Font*2.6, w, l.Font * 2}
		roundRect(dst, r, 6*css, colPanelEdge)
		a.g.text(dst, r, art.Regular, l.Font, s.notice, colLabel, alignCenter)
	}
}

func (s *tableScene) oursOr0() engine.Seat {
	if s.ours == engine.NoSeat {
		return 0
	}
	return s.ours
}

// drawLabels draws each player's name, wind and score.
func (s *tableScene) drawLabels(dst *ebiten.Image, a *App, v *engine.View) {
	g := v.Game
	l := &s.lay
	for seat := range engine.NumSeats {
		p := g.Players[seat]
		if p == nil {
			continue
		}
		pos := RelPos(seat, int(s.oursOr0()))
		name := playerName(v, p)
		if p.ID == v.ID {
			if name == "" {
				name = s.set.name
			}
			name += " (you)"
		}
		txt := fmt.Sprintf("%s  %s  %d", engine.Seat(seat).Wind().Name(), name, p.CumulativeScore)
		if p.ID != v.ID && thinking(g, engine.Seat(seat)) {
			txt += "  thinking…"
		}
		if v.Calling[seat] {
			txt += "  calling"
		}
		col := colLabel
		if g.Player == engine.Seat(seat) && g.Phase != engine.HandComplete {
			col = colYellow
		}
		r := l.Labels[pos]
		switch pos {
		case PosLeft:
			a.g.textRot(dst, r, art.Regular, l.Font*0.9, txt, col, 3)
		case PosRight:
			a.g.textRot(dst, r, art.Regular, l.Font*0.9, txt, col, 1)
		default:
			a.g.text(dst, r, art.Regular, l.Font*0.9, txt, col, alignCenter)
		}
	}
}

// drawCenter draws the middle: the wall count and what we wait for.
func (s *tableScene) drawCenter(dst *ebiten.Image, a *App, v *engine.View) {
	l := &s.lay
	g := v.Game
	c := l.Center
	lines := []string{}
	if g.HasStarted() {
		lines = append(lines, fmt.Sprintf("%s round", g.Round.Name()))
		lines = append(lines, fmt.Sprintf("Wall: %d", g.LiveLeft()))
	}
	if s.prompt.Kind == client.None && s.prompt.Text != "" {
		lines = append(lines, s.prompt.Text)
	}
	if v.Washout != "" {
		lines = append(lines, "Washout: "+v.Washout)
	}
	lh := l.Font * 1.4
	y := c.Y + (c.H-lh*float64(len(lines)))/2
	for _, ln := range lines {
		a.g.text(dst, Rect{c.X, y, c.W, lh}, art.Regular, l.Font*0.9, ln, colDim, alignCenter)
		y += lh
	}
}

// drawBubble draws a claim announcement over the player at pos.
func (s *tableScene) drawBubble(dst *ebiten.Image, a *App, pos int, text string) {
	l := &s.lay
	css := a.scr.scale()
	w := a.g.textWidth(art.Bold, l.Big, text) + l.Big
	h := l.Big * 1.6
	r := l.Sets[pos]
	cx, cy := r.Center()
	switch pos {
	case PosBottom:
		cy = r.Y - h/2
	case PosTop:
		cy = r.Y + r.H + h/2
	case PosLeft:
		cx = r.X + r.W + w/2
	case PosRight:
		cx = r.X - w/2
	}
	b := Rect{cx - w/2, cy - h/2, w, h}
	b.X = clamp(b.X, 0, a.scr.W-b.W)
	b.Y = clamp(b.Y, 0, a.scr.H-b.H)
	roundRect(dst, Rect{b.X, b.Y + 3*css, b.W, b.H}, 10*css, colShadow)
	roundRect(dst, b, 10*css, colYellow)
	a.g.text(dst, b, art.Bold, l.Big, text, colText, alignCenter)
}

// drawTip draws a tile's name above it.
func (s *tableScene) drawTip(dst *ebiten.Image, a *App) {
	l := &s.lay
	css := a.scr.scale()
	w := a.g.textWidth(art.Regular, l.Font, s.tip.text) + 16*css
	h := l.Font * 1.8
	cx, _ := s.tip.r.Center()
	r := Rect{cx - w/2, s.tip.r.Y - h - 4*css, w, h}
	r.X = clamp(r.X, 0, a.scr.W-r.W)
	r.Y = clamp(r.Y, 0, a.scr.H-r.H)
	roundRect(dst, r, 5*css, colText)
	a.g.text(dst, r, art.Regular, l.Font, s.tip.text, colLabel, alignCenter)
}

// drawTong draws the tong box in r.
func (g *gfx) drawTong(dst *ebiten.Image, r Rect, round engine.Wind, set art.TileSet) {
	px := int(math.Round(math.Min(r.W, r.H)))
	k := tileKey{t: engine.Tile(200 + int(round)), set: set, w: px, h: px}
	img, ok := g.tiles[k]
	if !ok {
		img = ebiten.NewImageFromImage(art.TongBox(round, set, px))
		g.tiles[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X), math.Round(r.Y))
	dst.DrawImage(img, op)
}
