package game

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/announce"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/local"
)

// Ticks (1/60 s) that things stay on the screen.
const (
	bubbleTicks = 120 // a claim announcement ("Pung!")
	bubblePop   = 8   // its growing in
	tipTicks    = 150 // a tile's name after a long press
)

// bubble is a claim announcement over a player's tiles.
type bubble struct {
	text  string
	from  int // tick it appeared
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
	on   bool
	from int     // hand index
	x, y float64 // pointer
	tile engine.Tile
}

// popupState is where the player has put the popup dialog.
type popupState struct {
	dx, dy   float64 // moved by
	hidden   bool    // collapsed to its "Show" tab
	key      string  // the prompt it was hidden for
	dragging bool
	x0, y0   float64 // the offset when the drag started
}

// tableScene is the table: a local game played through a client.
type tableScene struct {
	set     settings
	loc     *local.Game
	saver   *autosave      // resume.go
	onl     *onlineSession // an online game (online.go), or nil
	cl      *client.Client
	ann     announce.Announcer
	err     string
	lay     TableLayout
	sprites []Sprite
	old     []Sprite // the sprites before the last change (animations start there)
	prompt  client.Prompt
	dlg     dialog
	bubbles [4]bubble
	// bubbleScratch holds each position's bubble while it grows in.
	bubbleScratch [4]*ebiten.Image
	tip           tip
	drag          dragState
	score         scoreWin
	flights       []flight
	reqs          []animReq
	slot          int // tick the next staggered flight may start
	drawn         bool
	notice        string
	noticeT       int
	alert         bool // mah-jong is possible now
	ours          engine.Seat
	over          Button // "New game" after the game
	popup         popupState
	show          Button   // the popup's "Show" tab when it is hidden
	built         uint64   // App generation the geometry was built for
	chat          chatLine // the message area with InfoInMain (chatline.go)

	startWall, startStack int // where the live wall starts (NewHand)
	liveUsed, deadEnd     int // the wall before this tick's events
}

func newTableScene(a *App, set settings) *tableScene {
	s := &tableScene{set: set, ours: engine.NoSeat}
	s.over = Button{Label: "&New game", ID: "new", Default: true}
	s.show = Button{Label: "Show dialog", ID: "show"}
	robots := [3]local.Robot{}
	for i, r := range set.robots {
		robots[i] = local.Robot{Name: r.Name, Level: r.Level}
		if st, ok := ai.PresetStyle(r.Preset); ok {
			robots[i].Style = st
		}
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
	set.seed = uint64(seed)
	s.saver = newAutosave(a, set)
	a.saving.Store(s.saver)
	loc, err := local.Start(local.Config{Name: set.name, Robots: robots, RandomSeats: set.random,
		Timeout: set.claimTime, Seed: seed, Delay: delay, Options: a.cfg.GameOptions,
		Save: s.saver.save, Resume: set.resume, History: set.hands, Shown: set.shown})
	if err != nil {
		s.err = err.Error()
		return s
	}
	cl, err := client.New(loc.Conn(), client.Config{Name: set.name, Sort: a.cfg.Sort})
	if err != nil {
		loc.Close()
		s.err = err.Error()
		return s
	}
	cl.RestoreHistory(set.hands)
	if set.shown != "" {
		// A game saved between hands: show the finished hand again.
		if err := cl.Replay(set.shown); err != nil {
			a.announce("The last hand cannot be shown again: " + err.Error() + ".")
		}
	}
	s.loc, s.cl = loc, cl
	return s
}

// ready reports whether the table has been drawn (for Config.FirstFrame).
func (s *tableScene) ready() bool { return s.drawn }

// close stops the game.
func (s *tableScene) close() {
	if s.onl != nil {
		defer s.onl.close()
	}
	if s.cl != nil {
		s.cl.Close()
	}
	if s.loc != nil {
		s.loc.Close()
	}
	if s.saver != nil {
		s.saver.flushNow()
	}
}

// layoutOpts returns the display options of the table's geometry.
func layoutOpts(cfg *Config) LayoutOpts {
	return LayoutOpts{Wall: cfg.ShowWall, Dialogs: cfg.Dialogs, Size: cfg.Size, FlatLabels: cfg.FlatLabels}
}

func (s *tableScene) update(a *App, its []Intent) error {
	if s.onl != nil {
		s.onl.update(a, s)
	}
	if a.gen != s.built {
		s.lay = LayoutTableOpts(a.scr, layoutOpts(&a.cfg))
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
	s.liveUsed, s.deadEnd = v.Game.Wall.LiveUsed, v.Game.Wall.DeadEnd
	evs := s.cl.Poll()
	if len(evs) > 0 {
		a.dirty()
		for _, ev := range evs {
			s.event(a, v, ev)
		}
	}
	a.ui.auto(a, s.cl) // before the prompt is announced: one answered for us is not
	p := s.cl.Prompt()
	for _, line := range s.ann.Update(v, evs, p) {
		a.announce(line)
	}
	if !p.Equal(&s.prompt) || len(evs) > 0 {
		s.prompt = p
		s.score.sync(s.cl.Scoring())
		s.alert = a.cfg.AlertMahJong && mahJongPossible(v, &p)
		a.dirty()
	}
	s.ours = v.Seat()
	if s.saver != nil {
		s.saver.update(a, s)
	}

	s.handle(a, its)

	// Timers.
	for i := range s.bubbles {
		b := &s.bubbles[i]
		if b.text != "" && (a.tick >= b.until || a.tick <= b.from+bubblePop) {
			if a.tick >= b.until {
				b.text = ""
			}
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
		s.old, s.sprites = s.sprites, s.old[:0]
		s.sprites = BuildSprites(s.sprites, &s.lay, TableModel{View: v, Hand: s.cl.Hand(), Selected: s.cl.Selected(), Lift: -1,
			StartWall: s.startWall, StartStack: s.startStack})
		if len(s.reqs) > 0 {
			if !a.cfg.NoAnimation {
				wallAt := func(i int) (Rect, bool) {
					return WallTileRect(&s.lay, v.Game, i, int(s.oursOr0()), s.startWall, s.startStack)
				}
				s.flights, s.slot = planFlights(s.flights, s.reqs, s.old, s.sprites, s.lay.Center, wallAt, a.tick, s.slot)
			}
			s.reqs = s.reqs[:0]
		}
		s.dlg.build(a, s)
		s.chat.layout(a, &s.lay, s.dlg.geom.Box)
		s.score.layout(a, s)
		s.layoutChrome(a)
	}
	return nil
}

// mahJongPossible reports whether the tile we are offered (a discard) or
// have drawn completes our hand, as far as we can tell (the server knows
// the rules in full).
func mahJongPossible(v *engine.View, p *client.Prompt) bool {
	me := v.Me()
	if me == nil {
		return false
	}
	sp := v.Game.Options.Bool(engine.OptSevenPairs)
	switch p.Kind {
	case client.Claim, client.Rob:
		return p.Has(client.ActMahJong) && me.CanMahJong(p.Tile, sp)
	case client.Discard:
		return p.Has(client.ActMahJong) && me.CanMahJong(engine.Blank, sp)
	}
	return false
}

// layoutChrome places the popup's "Show" tab.
func (s *tableScene) layoutChrome(a *App) {
	css := a.scr.scale()
	w := math.Round(130 * css)
	h := math.Round(MinButton * css)
	r := s.lay.Sets[PosBottom]
	s.show.Rect = Rect{r.X + r.W - w, r.Y - h - 4*css, w, h}
}

// event reacts to one message: claim announcements and animations.
func (s *tableScene) event(a *App, v *engine.View, ev engine.Event) {
	g := v.Game
	ours := v.Seat()
	if ours == engine.NoSeat {
		ours = 0
	}
	posOf := func(id int) int {
		seat := g.SeatOf(id)
		if seat == engine.NoSeat {
			return -1
		}
		return RelPos(int(seat), int(ours))
	}
	say := func(id int, text string) {
		if pos := posOf(id); pos >= 0 {
			s.bubbles[pos] = bubble{text: text, from: a.tick, until: a.tick + bubbleTicks}
		}
	}
	req := func(k animKind, id int, t engine.Tile) {
		if pos := posOf(id); pos >= 0 {
			s.reqs = append(s.reqs, animReq{kind: k, pos: pos, tile: t})
		}
	}
	switch m := ev.(type) {
	case engine.CNewHand:
		s.flights = s.flights[:0]
		s.bubbles = [4]bubble{}
		s.startWall, s.startStack = 0, 0
		// StartWall counts from the side of East (the dealer).
		s.startWall = m.StartWall
		if seat := g.SeatOf(m.East); seat != engine.NoSeat {
			s.startWall += int(seat)
		}
		s.startStack = m.StartStack
		s.liveUsed, s.deadEnd = 0, g.Wall.Size()
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
	case engine.CPlayerDeclaresClosedKong:
		say(m.ID, "Kong!")
		req(animSet, m.ID, m.Tile)
	case engine.CPlayerAddsToPung:
		say(m.ID, "Kong!")
		req(animSet, m.ID, m.Tile)
	case engine.CPlayerDraws:
		if pos := posOf(m.ID); pos >= 0 {
			s.reqs = append(s.reqs, animReq{kind: animDraw, pos: pos, tile: m.Tile, wall: s.liveUsed})
		}
		s.liveUsed++
	case engine.CPlayerDrawsLoose:
		s.deadEnd--
		if pos := posOf(m.ID); pos >= 0 {
			s.reqs = append(s.reqs, animReq{kind: animLoose, pos: pos, tile: m.Tile, wall: s.deadEnd})
		}
	case engine.CPlayerDiscards:
		req(animDiscard, m.ID, m.Tile)
	case engine.CPlayerDeclaresSpecial:
		if m.Tile != engine.Blank {
			req(animFlower, m.ID, m.Tile)
		}
	case engine.CPlayerPungs:
		req(animClaim, m.ID, m.Tile)
	case engine.CPlayerKongs:
		req(animClaim, m.ID, m.Tile)
	case engine.CPlayerChows:
		if m.Tile != engine.Blank {
			req(animClaim, m.ID, g.Tile)
		}
	case engine.CPlayerPairs:
		req(animClaim, m.ID, m.Tile)
	case engine.CPlayerFormsClosedPung:
		req(animSet, m.ID, m.Tile)
	case engine.CPlayerFormsClosedChow:
		req(animSet, m.ID, m.Tile)
	case engine.CError:
		s.notice, s.noticeT = m.Text, a.tick+180
	}
}

// handle turns intents into actions.
// saySelection tells the live region which tile is selected now, so
// that moving through the hand by keyboard can be followed by ear.
func (s *tableScene) saySelection(a *App) {
	a.announce(announce.Selection(s.cl.Hand(), s.cl.Selected()))
}

func (s *tableScene) handle(a *App, its []Intent) {
	if !chatOn(a) {
		s.chat.focused = false
	}
	for _, it := range its {
		// The message area (InfoInMain) first: typing goes there when
		// it has the focus.
		if chatOn(a) && s.chat.handle(a, it) {
			continue
		}
		// The scoring window.
		if s.score.open {
			if it.Kind == Escape || (it.Kind == Letter && it.Rune == 'o') || ((it.Kind == Tap || it.Kind == DoubleTap) && s.score.ok.Rect.Contains(it.X, it.Y)) {
				s.score.open = false
				a.dirty()
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
		if s.popupHandle(a, it) {
			continue
		}
		if i := ButtonFor(s.dlg.buttons, it); i >= 0 {
			s.press(a, i)
			continue
		}
		switch it.Kind {
		case Prev:
			s.cl.MoveSelection(-1)
			s.saySelection(a)
		case Next:
			s.cl.MoveSelection(+1)
			s.saySelection(a)
		case MovePrev:
			_ = s.cl.MoveTile(-1)
			s.saySelection(a)
		case MoveNext:
			_ = s.cl.MoveTile(+1)
			s.saySelection(a)
		case Tab:
			MoveFocus(s.dlg.buttons, +1)
		case BackTab:
			MoveFocus(s.dlg.buttons, -1)
		case Escape:
			s.cl.Select(-1)
			s.saySelection(a)
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
				s.saySelection(a)
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

// popupHandle handles the popup dialog's own gestures: dragging it by its
// title bar, hiding it and showing it again. It reports whether it used
// the intent.
func (s *tableScene) popupHandle(a *App, it Intent) bool {
	pp := &s.popup
	if a.cfg.Dialogs != DialogsPopup || (s.dlg.kind == client.None && !pp.dragging) {
		return false
	}
	g := &s.dlg.geom
	switch it.Kind {
	case Tap, DoubleTap:
		if pp.hidden && s.show.Rect.Contains(it.X, it.Y) {
			pp.hidden = false
			return true
		}
		if !pp.hidden && g.Hide.Contains(it.X, it.Y) {
			pp.hidden, pp.key = true, s.dlg.key
			return true
		}
	case DragStart:
		if !pp.hidden && g.Title.Contains(it.X0, it.Y0) {
			pp.dragging = true
			pp.x0, pp.y0 = pp.dx, pp.dy
			return true
		}
	case DragMove:
		if pp.dragging {
			pp.dx, pp.dy = pp.x0+it.X-it.X0, pp.y0+it.Y-it.Y0
			return true
		}
	case DragEnd:
		if pp.dragging {
			pp.dragging = false
			return true
		}
	}
	return false
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

// playerName returns a player's display name.
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

// thinkingClaims returns the table positions of the other players who
// may still claim the discard in play (xmj's ThinkingClaim "…"), leaving
// out those already showing a claim.
func thinkingClaims(g *engine.Game, ours int, bubbles *[4]bubble) []int {
	if g.Phase != engine.Discarded {
		return nil
	}
	var out []int
	for seat := range engine.NumSeats {
		pos := RelPos(seat, ours)
		if pos == PosBottom || g.Players[seat] == nil || bubbles[pos].text != "" || !thinking(g, engine.Seat(seat)) {
			continue
		}
		out = append(out, pos)
	}
	return out
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
	// Table felt for the middle.
	roundRect(dst, l.Table, 8*css, colTableDark)
	set := a.cfg.Tileset
	s.drawCenter(dst, a, v)

	hidden := map[spriteKey]bool{}
	for _, f := range s.flights {
		hidden[f.hide] = true
	}
	for i := range s.sprites {
		sp := &s.sprites[i]
		if len(hidden) > 0 && hidden[keyOf(*sp)] {
			continue
		}
		if s.drag.on && sp.Kind == SpriteHand && sp.Pos == PosBottom && sp.Index == s.drag.from {
			continue
		}
		switch sp.Kind {
		case SpriteWall:
			dim := sp.Mark
			a.g.drawTile(dst, sp.R, engine.Blank, true, set, sp.Q, dim)
			if sp.Layers > 1 {
				a.g.drawTile(dst, WallUpper(*sp), engine.Blank, true, set, sp.Q, dim)
			}
			continue
		case SpriteTong:
			a.g.drawTong(dst, sp.R, engine.Wind(sp.Index), set)
			continue
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
		if f.wait > 0 {
			continue
		}
		a.g.drawTileAs(dst, f.rect(), f.to, f.tile, f.back, set, f.q, false)
	}
	s.drawLabels(dst, a, v)
	// The dragged tile.
	if s.drag.on {
		t := l.Tile
		r := Rect{s.drag.x - t.W/2, s.drag.y - t.H/2, t.W, t.H}
		a.g.drawTile(dst, r, s.drag.tile, false, set, 0, false)
		roundRectOutline(dst, r, 3*css, 2.5*css, colSelect)
	}
	if chatOn(a) {
		s.chat.draw(dst, a, l, v)
	}
	if s.score.open {
		s.score.draw(dst, a)
	}
	if a.cfg.Dialogs == DialogsPopup && s.popup.hidden && s.dlg.kind != client.None {
		drawButton(dst, a.g, &s.show, l.Font, css)
	} else {
		s.dlg.draw(dst, a, s)
	}
	if s.alert {
		s.drawAlert(dst, a)
	}
	// Claim announcements, over everything; with ThinkingClaim, "…" over
	// the players who have not yet claimed the discard in play.
	for pos, b := range s.bubbles {
		if b.text == "" {
			continue
		}
		s.drawBubble(dst, a, pos, b, a.tick)
	}
	if a.ui != nil && a.ui.p.Display.ThinkingClaim {
		for _, pos := range thinkingClaims(v.Game, int(s.oursOr0()), &s.bubbles) {
			s.drawBubble(dst, a, pos, bubble{text: "…", from: -bubblePop}, a.tick)
		}
	}
	if s.tip.text != "" {
		s.drawTip(dst, a)
	}
	if s.notice != "" {
		w := a.g.textWidth(art.Regular, l.Font, s.notice) + 24*css
		r := Rect{(a.scr.W - w) / 2, l.Labels[PosBottom].Y - l.Font*2.4, w, l.Font * 2}
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
	css := a.scr.scale()
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
			txt += "  · thinking…"
		}
		if v.Calling[seat] {
			txt += "  · calling"
		}
		current := g.Player == engine.Seat(seat) && g.HasStarted() && g.Phase != engine.HandComplete
		col := colLabel
		if current {
			col = colText
		}
		r := l.Labels[pos]
		f := l.Font * 0.9
		rot := (pos == PosLeft || pos == PosRight) && !l.Flat
		along := r.W
		if rot {
			along = r.H
		}
		// Shrink a long label to fit, then cut it.
		for f > l.Font*0.65 && a.g.textWidth(art.Bold, f, txt)+16*css > along {
			f--
		}
		for len(txt) > 4 && a.g.textWidth(art.Bold, f, txt)+16*css > along {
			txt = trimLast(txt) + "…"
			txt = trimLast(txt)
		}
		tw := a.g.textWidth(art.Bold, f, txt) + 16*css
		th := math.Min(math.Round(f*1.5), map[bool]float64{true: r.W, false: r.H}[rot])
		// A pill behind the text: yellow for the player to move.
		var pill Rect
		cx, cy := r.Center()
		align := alignCenter
		if rot {
			pill = Rect{cx - th/2, cy - tw/2, th, tw}
		} else {
			pill = Rect{cx - tw/2, cy - th/2, tw, th}
			if l.Flat && pos == PosLeft {
				pill.X, align = r.X, alignLeft
			}
			if l.Flat && pos == PosRight {
				pill.X, align = r.X+r.W-tw, alignRight
			}
		}
		_ = align
		if current {
			roundRect(dst, pill, th/2, colYellow)
		} else {
			roundRect(dst, pill, th/2, colLabelBg)
		}
		switch {
		case rot && pos == PosLeft:
			a.g.textRot(dst, pill, art.Bold, f, txt, col, 3)
		case rot:
			a.g.textRot(dst, pill, art.Bold, f, txt, col, 1)
		default:
			a.g.text(dst, pill, art.Bold, f, txt, col, alignCenter)
		}
	}
}

// trimLast drops the last rune of s.
func trimLast(s string) string {
	r := []rune(s)
	return string(r[:len(r)-1])
}

// drawCenter draws the middle: the round, the wall count and what we
// wait for.
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
	if sc := s.cl.Scoring(); !s.score.open && (len(sc.Hands) > 0 || sc.Washout != "") {
		lines = append(lines, "Tap here or press S for the scores")
	}
	f := l.Font * 0.9
	lh := math.Round(f * 1.35)
	n := min(len(lines), int(c.H/lh))
	y := c.Y + (c.H-lh*float64(n))/2
	for _, ln := range lines[:n] {
		for len(ln) > 4 && a.g.textWidth(art.Regular, f, ln) > c.W {
			ln = trimLast(trimLast(ln)) + "…"
		}
		a.g.text(dst, Rect{c.X, y, c.W, lh}, art.Regular, f, ln, colDim, alignCenter)
		y += lh
	}
}

// drawAlert draws the "Mah Jong possible" alert above the dialog (or our
// tiles when the dialog is elsewhere).
func (s *tableScene) drawAlert(dst *ebiten.Image, a *App) {
	l := &s.lay
	css := a.scr.scale()
	txt := "Mah Jong is possible!"
	f := l.Font
	w := a.g.textWidth(art.Bold, f, txt) + 28*css
	h := math.Round(f * 2)
	b := s.dlg.geom.Box
	var r Rect
	if !b.Empty() && !(a.cfg.Dialogs == DialogsPopup && s.popup.hidden) {
		cx, _ := b.Center()
		r = Rect{cx - w/2, b.Y - h - 6*css, w, h}
	} else {
		cx, _ := l.Labels[PosBottom].Center()
		r = Rect{cx - w/2, l.Labels[PosBottom].Y - h - 4*css, w, h}
	}
	r.X = clamp(r.X, 0, a.scr.W-r.W)
	r.Y = clamp(r.Y, 0, a.scr.H-r.H)
	roundRect(dst, Rect{r.X, r.Y + 3*css, r.W, r.H}, h/2, colShadow)
	roundRect(dst, r, h/2, colRed)
	a.g.text(dst, r, art.Bold, f, txt, colLabel, alignCenter)
}

// drawBubble draws a claim announcement over the player at pos: big text
// on yellow, growing in, with a tail towards the player. While it grows,
// the full-size bubble is painted once into a scratch image and drawn
// scaled, so that no text or shape is rasterised at passing sizes.
func (s *tableScene) drawBubble(dst *ebiten.Image, a *App, pos int, b bubble, tick int) {
	box, tail := s.bubbleBox(a, pos, b.text)
	d := tick - b.from
	if d >= bubblePop {
		s.paintBubble(dst, a, pos, b.text, box, tail, 0, 0)
		return
	}
	u := float64(d) / bubblePop
	k := 0.55 + 0.45*(1-(1-u)*(1-u))
	// The scratch covers the box, its shadow and its tail.
	m := tail + 8*a.scr.scale()
	ox, oy := math.Floor(box.X-m), math.Floor(box.Y-m)
	w, h := int(math.Ceil(box.W+2*m))+1, int(math.Ceil(box.H+2*m))+1
	img := s.bubbleScratch[pos]
	if img == nil || img.Bounds().Dx() < w || img.Bounds().Dy() < h {
		if img != nil {
			img.Deallocate()
		}
		img = ebiten.NewImage(w, h)
		s.bubbleScratch[pos] = img
	}
	img.Clear()
	s.paintBubble(img, a, pos, b.text, box, tail, ox, oy)
	cx, cy := box.Center()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(ox-cx, oy-cy)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(cx, cy)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

// bubbleBox returns where the full-size bubble for text over pos goes on
// the screen, and the length of its tail.
func (s *tableScene) bubbleBox(a *App, pos int, text string) (Rect, float64) {
	l := &s.lay
	css := a.scr.scale()
	size := math.Round(l.Big)
	w := a.g.textWidth(art.Bold, size, text) + size
	h := math.Round(size * 1.55)
	r := l.Sets[pos]
	if l.Compact && pos != PosBottom {
		r = l.Hands[pos]
	}
	cx, cy := r.Center()
	tail := math.Round(10 * css)
	switch pos {
	case PosBottom:
		cy = r.Y - h/2 - tail
	case PosTop:
		cy = r.Y + r.H + h/2 + tail
	case PosLeft:
		cx = r.X + r.W + w/2 + tail
	case PosRight:
		cx = r.X - w/2 - tail
	}
	box := Rect{cx - w/2, cy - h/2, w, h}
	box.X = clamp(box.X, 2*css, a.scr.W-box.W-2*css)
	box.Y = clamp(box.Y, 2*css, a.scr.H-box.H-2*css)
	return box, tail
}

// paintBubble paints the bubble at box (screen coordinates) into dst,
// whose top left corner is at (ox, oy) on the screen.
func (s *tableScene) paintBubble(dst *ebiten.Image, a *App, pos int, text string, box Rect, tail, ox, oy float64) {
	css := a.scr.scale()
	size := math.Round(s.lay.Big)
	box.X -= ox
	box.Y -= oy
	bx, by := box.Center()
	var p vector.Path
	t := float32(tail)
	switch pos {
	case PosBottom:
		p.MoveTo(float32(bx)-t, float32(box.Y+box.H)-1)
		p.LineTo(float32(bx)+t, float32(box.Y+box.H)-1)
		p.LineTo(float32(bx), float32(box.Y+box.H)+t)
	case PosTop:
		p.MoveTo(float32(bx)-t, float32(box.Y)+1)
		p.LineTo(float32(bx)+t, float32(box.Y)+1)
		p.LineTo(float32(bx), float32(box.Y)-t)
	case PosLeft:
		p.MoveTo(float32(box.X)+1, float32(by)-t)
		p.LineTo(float32(box.X)+1, float32(by)+t)
		p.LineTo(float32(box.X)-t, float32(by))
	default:
		p.MoveTo(float32(box.X+box.W)-1, float32(by)-t)
		p.LineTo(float32(box.X+box.W)-1, float32(by)+t)
		p.LineTo(float32(box.X+box.W)+t, float32(by))
	}
	p.Close()
	roundRect(dst, Rect{box.X, box.Y + 4*css, box.W, box.H}, 12*css, colShadow)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(colBubbleEdge)
	vector.FillPath(dst, &p, nil, op)
	roundRect(dst, box, 12*css, colBubbleEdge)
	roundRect(dst, box.Inset(math.Max(2, 3*css)), 10*css, colYellow)
	a.g.text(dst, Rect{box.X, box.Y + 2*css, box.W, box.H}, art.Bold, size, text, colShadow, alignCenter)
	a.g.text(dst, box, art.Bold, size, text, colText, alignCenter)
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
