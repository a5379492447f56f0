package client

import (
	"errors"
	"fmt"
	"time"

	"mahjong/engine"
)

// Kind is what the controller is asking of us now: which dialog to show.
type Kind uint8

// Prompt kinds. Each lists, in Prompt.Buttons, only the actions that the
// controller would accept.
const (
	None        Kind = iota // nothing asked of us now (Prompt.Text may say what we wait for)
	Ready                   // a pause: say Ready (Text: what for, e.g. "to start next hand")
	Declare                 // our turn in the declaring phase: Declare / Kong / Finish
	Discard                 // our turn to play: Discard (Declare for a flower) / Calling / Kong / Mah Jong!
	Claim                   // another's discard: No claim / Chow / Pung / Kong / Mah Jong!
	Rob                     // a kong we may rob to go out: Mah Jong! / No claim
	ChooseChow              // which chow to make with the claimed tile (one button per position)
	ChooseForm              // after going out on a discard: Eyes / Chow / Pung / Special Hand
	DeclareSets             // set out concealed sets: Eyes / Chow / Pung / Special Hand (winner) / Finished (loser)
	GameOver                // the game has ended
)

var kindNames = [...]string{"None", "Ready", "Declare", "Discard", "Claim", "Rob",
	"ChooseChow", "ChooseForm", "DeclareSets", "GameOver"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Act is one button's action.
type Act uint8

// Actions. The request each sends is given in brackets.
const (
	ActReady     Act = iota // Ready [Ready]
	ActDeclare              // declare the selected flower or season [DeclareSpecial t]
	ActFinish               // finish declaring [DeclareSpecial --]
	ActKong                 // kong the selected tile: concealed kong or add to a pung [DeclareClosedKong t | AddToPung t]
	ActDiscard              // discard the selected tile; for a flower or season, declare it [Discard t 0 | DeclareSpecial t]
	ActCalling              // discard the selected tile and make an Original Call [Discard t 1]
	ActMahJong              // go out: from the wall, by claiming the discard, or robbing the kong [MahJong serial]
	ActNoClaim              // pass [NoClaim serial]
	ActChow                 // claim for a chow [Chow serial pos]; as a form, the tile in a chow [Chow 0 pos]; in DeclareSets a concealed chow from the selected (lowest) tile [FormClosedChow t]
	ActPung                 // claim for a pung [Pung serial]; form [Pung 0]; concealed pung of the selected tile [FormClosedPung t]
	ActClaimKong            // claim the discard for a kong [Kong serial]
	ActEyes                 // the tile in the pair [Pair]; concealed pair of the selected tile [FormClosedPair t]
	ActSpecial              // special hand (Thirteen Wonders) [SpecialSet | FormClosedSpecialSet]
	ActFinished             // a loser has finished declaring and shows the rest [ShowTiles]
)

var actNames = [...]string{"Ready", "Declare", "Finish", "Kong", "Discard", "Calling", "MahJong",
	"NoClaim", "Chow", "Pung", "ClaimKong", "Eyes", "Special", "Finished"}

func (a Act) String() string {
	if int(a) < len(actNames) {
		return actNames[a]
	}
	return fmt.Sprintf("Act(%d)", a)
}

// Button is one possible action of a prompt.
type Button struct {
	Act   Act
	Label string         // as xmj labels it: "No claim", "Mah Jong!", "Eyes", ...
	Key   rune           // keyboard accelerator (lower case), the underlined letter
	Pos   engine.ChowPos // the chow position (ChooseChow buttons)
	Chow  engine.Tile    // ChooseChow: the lowest tile of that chow
	// UsesSelection: the action takes the selected tile; Enabled then
	// says whether the current selection will do.
	UsesSelection bool
	Enabled       bool
}

// Prompt is what we are being asked now. Buttons lists only legal
// actions, in dialog order; Default is the index of the one Space and
// Return press (-1: none).
type Prompt struct {
	Kind     Kind
	Buttons  []Button
	Default  int
	Tile     engine.Tile      // Claim, Rob, ChooseChow, ChooseForm: the tile in question
	From     int              // Claim, Rob: id of its discarder (or konger)
	Serial   int              // Claim, Rob: serial of the discard or kong
	Timeout  time.Duration    // Claim, Rob: the claim time limit (0: none)
	Deadline time.Time        // Claim, Rob: when the time runs out (zero: no limit)
	Text     string           // Ready: the pause reason; None: what we wait for
	WallLeft int              // live tiles left in the wall
	Chows    []engine.ChowPos // ChooseChow: the possible positions, as in the buttons
	Winner   bool             // DeclareSets: we went out
	// Requests counts the requests we had sent when the prompt was made.
	// A prompt that follows one of our requests is a new question even
	// when it reads the same (a flower declared while discarding is
	// answered by the same "discard" prompt), and the count tells it from
	// the one before.
	Requests int
}

// Button returns the first button with the given action, if offered.
func (p *Prompt) Button(a Act) (Button, bool) {
	for _, b := range p.Buttons {
		if b.Act == a {
			return b, true
		}
	}
	return Button{}, false
}

// Has reports whether the prompt offers the action.
func (p *Prompt) Has(a Act) bool {
	_, ok := p.Button(a)
	return ok
}

// Remaining returns the claim time left at now (0 without a limit or
// when it has run out).
func (p *Prompt) Remaining(now time.Time) time.Duration {
	if p.Deadline.IsZero() {
		return 0
	}
	return max(p.Deadline.Sub(now), 0)
}

// Equal reports whether p and q ask the same thing with the same buttons
// (for noticing a change of dialog).
func (p *Prompt) Equal(q *Prompt) bool {
	if p.Kind != q.Kind || p.Tile != q.Tile || p.Serial != q.Serial || p.From != q.From ||
		p.Text != q.Text || len(p.Buttons) != len(q.Buttons) || p.Default != q.Default ||
		p.Requests != q.Requests {
		return false
	}
	for i, b := range p.Buttons {
		if b != q.Buttons[i] {
			return false
		}
	}
	return true
}

// Prompt returns what we are being asked now (as of the last Poll or
// selection change). The Buttons and Chows slices belong to the client
// and are replaced, not changed, when the prompt changes.
func (c *Client) Prompt() Prompt {
	c.refresh()
	return c.prompt
}

// refresh recomputes the prompt when something changed.
func (c *Client) refresh() {
	if !c.dirty {
		return
	}
	c.dirty = false
	c.prompt = c.compute()
	kind := c.prompt.Kind
	// xmj's preselection: the rightmost special when declaring, the first
	// undeclared tile when setting out a winning hand.
	if c.autoSelect {
		c.autoSelect = false
		sel := c.hand.sel
		switch {
		case kind == Declare:
			sel = -1
			for i, t := range c.hand.tiles {
				if t.IsSpecial() {
					sel = i
				}
			}
		case kind == DeclareSets && c.prompt.Winner:
			sel = 0
			if len(c.hand.tiles) == 0 {
				sel = -1
			}
		}
		if sel != c.hand.sel {
			c.hand.sel = sel
			c.prompt = c.compute()
		}
	}
	c.lastKind = kind
}

// trial applies ev, checked, to a scratch copy of the view's game: true
// when the controller would accept it.
func (c *Client) trial(ev engine.Event) bool {
	g := c.view.Game
	c.scratch = *g
	for i, p := range g.Players {
		c.scratchPlayers[i] = *p
		c.scratch.Players[i] = &c.scratchPlayers[i]
	}
	// The wall's tiles are not written by the messages we try.
	return c.scratch.Apply(ev, true) == nil
}

// compute works out the prompt from the view.
func (c *Client) compute() Prompt {
	v := c.view
	g := v.Game
	p := Prompt{Default: -1, WallLeft: g.LiveLeft(), Requests: c.requests}
	if v.Over {
		p.Kind = GameOver
		return p
	}
	if c.connErr != nil {
		p.Text = "disconnected"
		return p
	}
	me, s := v.Me(), v.Seat()
	if me == nil || s == engine.NoSeat {
		p.Text = "waiting for players"
		return p
	}
	if c.busy {
		p.Text = "waiting for the controller"
		return p
	}
	if g.Paused && !g.Ready[s] {
		p.Kind, p.Text = Ready, g.PauseReason
		p.add(Button{Act: ActReady, Label: "Ready", Key: 'r', Enabled: true})
		p.Default = 0
		return p
	}
	if g.Paused {
		// We are ready and others are not: nothing else is asked until
		// they are. (A request sent now would be answered after the
		// pause ends, and the end, which changes the state, would show
		// the prompt again first: the same request went twice.)
		p.Text = "waiting for the others to be ready"
		return p
	}
	if !g.Active {
		p.Text = "play suspended"
		return p
	}
	sel := c.SelectedTile()
	switch g.Phase {
	case engine.DeclaringSpecials, engine.Discarding:
		if g.Konging != engine.NotKonging {
			if g.Player != s && g.Claims[s] == engine.NoClaimYet && c.answered != g.Serial &&
				c.trial(engine.CPlayerClaimsMahJong{ID: me.ID, Serial: g.Serial}) {
				c.claimInfo(&p)
				p.Kind = Rob
				p.add(Button{Act: ActMahJong, Label: "Mah Jong!", Key: 'm', Enabled: true})
				p.add(Button{Act: ActNoClaim, Label: "No claim", Key: 'n', Enabled: true})
				p.Default = 0
			}
			return p
		}
		if g.Player != s || g.Needs != engine.FromNone || g.Paused {
			return p
		}
		if g.Phase == engine.DeclaringSpecials {
			c.declarePrompt(&p, me, sel)
		} else if c.awaitPause {
			// The controller pauses before the first discard; the
			// Pause follows the last declaration.
			p.Text = "waiting for the pause before play"
		} else {
			c.discardPrompt(&p, me, sel)
		}
	case engine.Discarded:
		if g.ChowPending && g.Player.Next() == s {
			c.chowPrompt(&p, me)
			return p
		}
		if g.Player == s || g.Claims[s] != engine.NoClaimYet || c.answered == g.Serial {
			return p
		}
		c.claimPrompt(&p, me)
	case engine.MahJonging:
		if g.Player == s {
			switch {
			case g.MahJongPending && g.ChowPending:
				c.chowPrompt(&p, me)
			case g.MahJongPending:
				c.formPrompt(&p, me)
			case !me.HandDeclared && me.NumConcealed > 0:
				c.setsPrompt(&p, me, sel, true)
			}
			return p
		}
		if w := g.Players[g.Player]; w.HandDeclared && !me.HandDeclared && me.NumConcealed > 0 {
			c.setsPrompt(&p, me, sel, false)
		}
	}
	return p
}

func (p *Prompt) add(b Button) { p.Buttons = append(p.Buttons, b) }

// setDefault makes the first enabled button of the given actions the
// default, else the first button.
func (p *Prompt) setDefault(acts ...Act) {
	for _, a := range acts {
		for i, b := range p.Buttons {
			if b.Act == a && b.Enabled {
				p.Default = i
				return
			}
		}
	}
	if len(p.Buttons) > 0 {
		p.Default = 0
	}
}

func (c *Client) claimInfo(p *Prompt) {
	g := c.view.Game
	p.Tile, p.Serial = g.Tile, g.Serial
	if g.Player != engine.NoSeat {
		p.From = g.Players[g.Player].ID
	}
	if t := g.Options.Value(engine.OptTimeout); t > 0 {
		p.Timeout = time.Duration(t) * time.Second
		if c.windowSer == g.Serial && !c.windowStart.IsZero() {
			p.Deadline = c.windowStart.Add(p.Timeout)
		}
	}
}

// held calls f for each distinct tile in our hand.
func (c *Client) distinct(me *engine.Player, f func(t engine.Tile)) {
	var seen [engine.MaxTile]bool
	for _, t := range me.Concealed[:me.NumConcealed] {
		if t < engine.MaxTile && !seen[t] {
			seen[t] = true
			f(t)
		}
	}
}

// kongTiles lists the tiles we could kong now (concealed or added).
func (c *Client) kongTiles(me *engine.Player) []engine.Tile {
	var ks []engine.Tile
	serial := c.view.Game.Serial + 1
	c.distinct(me, func(t engine.Tile) {
		if c.trial(engine.CPlayerDeclaresClosedKong{ID: me.ID, Tile: t, Serial: serial}) ||
			c.trial(engine.CPlayerAddsToPung{ID: me.ID, Tile: t, Serial: serial}) {
			ks = append(ks, t)
		}
	})
	return ks
}

func (c *Client) kongButton(p *Prompt, me *engine.Player, sel engine.Tile) {
	ks := c.kongTiles(me)
	if len(ks) == 0 {
		return
	}
	en := len(ks) == 1
	for _, k := range ks {
		en = en || k == sel
	}
	p.add(Button{Act: ActKong, Label: "Kong", Key: 'k', UsesSelection: true, Enabled: en})
}

func (c *Client) declarePrompt(p *Prompt, me *engine.Player, sel engine.Tile) {
	p.Kind = Declare
	specials := false
	c.distinct(me, func(t engine.Tile) {
		specials = specials || c.trial(engine.CPlayerDeclaresSpecial{ID: me.ID, Tile: t})
	})
	if specials {
		en := sel.IsSpecial() && c.trial(engine.CPlayerDeclaresSpecial{ID: me.ID, Tile: sel})
		p.add(Button{Act: ActDeclare, Label: "Declare", Key: 'd', UsesSelection: true, Enabled: en})
	}
	c.kongButton(p, me, sel)
	p.add(Button{Act: ActFinish, Label: "Finish", Key: 'f', Enabled: true})
	p.setDefault(ActDeclare, ActFinish)
}

func (c *Client) discardPrompt(p *Prompt, me *engine.Player, sel engine.Tile) {
	g := c.view.Game
	p.Kind = Discard
	p.Tile = g.Tile
	label, en := "Discard", false
	if sel != engine.Blank {
		if sel.IsSpecial() && c.trial(engine.CPlayerDeclaresSpecial{ID: me.ID, Tile: sel}) {
			label, en = "Declare", true
		} else {
			en = c.trial(engine.CPlayerDiscards{ID: me.ID, Tile: sel, Serial: g.Serial + 1})
		}
	}
	p.add(Button{Act: ActDiscard, Label: label, Key: 'd', UsesSelection: true, Enabled: en})
	// Calling is allowed for some tile exactly when it is for the first.
	if me.NumConcealed > 0 {
		probe := me.Concealed[0]
		if c.trial(engine.CPlayerDiscards{ID: me.ID, Tile: probe, Serial: g.Serial + 1, Calling: true}) {
			en := sel != engine.Blank && !sel.IsSpecial() &&
				c.trial(engine.CPlayerDiscards{ID: me.ID, Tile: sel, Serial: g.Serial + 1, Calling: true})
			p.add(Button{Act: ActCalling, Label: "Calling", Key: 'c', UsesSelection: true, Enabled: en})
		}
	}
	c.kongButton(p, me, sel)
	if c.trial(c.goOutEvent(me)) {
		p.add(Button{Act: ActMahJong, Label: "Mah Jong!", Key: 'm', Enabled: true})
	}
	p.setDefault(ActDiscard)
}

// goOutEvent is the message the controller would send for our MahJong
// from the wall.
func (c *Client) goOutEvent(me *engine.Player) engine.Event {
	t := c.view.Game.Tile
	if t == engine.Blank && me.NumConcealed > 0 {
		t = me.Concealed[me.NumConcealed-1]
	}
	if t == engine.Blank {
		t = engine.EastWind // no tile: the trial fails as the controller would refuse
	}
	return engine.CPlayerMahJongs{ID: me.ID, Tile: t}
}

func (c *Client) claimPrompt(p *Prompt, me *engine.Player) {
	g := c.view.Game
	c.claimInfo(p)
	p.Kind = Claim
	p.add(Button{Act: ActNoClaim, Label: "No claim", Key: 'n', Enabled: true})
	if c.trial(engine.CPlayerClaimsChow{ID: me.ID, Serial: g.Serial, Pos: engine.AnyPos}) {
		p.add(Button{Act: ActChow, Label: "Chow", Key: 'c', Enabled: true})
	}
	if c.trial(engine.CPlayerClaimsPung{ID: me.ID, Serial: g.Serial}) {
		p.add(Button{Act: ActPung, Label: "Pung", Key: 'p', Enabled: true})
	}
	if c.trial(engine.CPlayerClaimsKong{ID: me.ID, Serial: g.Serial}) {
		p.add(Button{Act: ActClaimKong, Label: "Kong", Key: 'k', Enabled: true})
	}
	if c.trial(engine.CPlayerClaimsMahJong{ID: me.ID, Serial: g.Serial}) {
		p.add(Button{Act: ActMahJong, Label: "Mah Jong!", Key: 'm', Enabled: true})
	}
	p.Default = 0
}

// chowPositions lists the positions at which we can chow the current tile
// (in MahJonging: keeping the hand complete).
func (c *Client) chowPositions(me *engine.Player) []engine.ChowPos {
	g := c.view.Game
	var ps []engine.ChowPos
	for pos := engine.Lower; pos <= engine.Upper; pos++ {
		if c.trial(engine.CPlayerChows{ID: me.ID, Tile: g.Tile, Pos: pos}) {
			ps = append(ps, pos)
		}
	}
	return ps
}

func (c *Client) chowPrompt(p *Prompt, me *engine.Player) {
	g := c.view.Game
	p.Kind = ChooseChow
	p.Tile = g.Tile
	p.Chows = c.chowPositions(me)
	for i, pos := range p.Chows {
		low := g.Tile - engine.Tile(pos)
		p.add(Button{Act: ActChow, Label: fmt.Sprintf("%d-%d-%d", low.Rank(), low.Rank()+1, low.Rank()+2),
			Key: rune('1' + i), Pos: pos, Chow: low, Enabled: true})
	}
	p.Default = 0
	if len(p.Buttons) == 0 {
		p.Default = -1
	}
}

func (c *Client) formPrompt(p *Prompt, me *engine.Player) {
	g := c.view.Game
	p.Kind = ChooseForm
	p.Tile = g.Tile
	if c.trial(engine.CPlayerPairs{ID: me.ID, Tile: g.Tile}) {
		p.add(Button{Act: ActEyes, Label: "Eyes", Key: 'e', Enabled: true})
	}
	if len(c.chowPositions(me)) > 0 {
		p.add(Button{Act: ActChow, Label: "Chow", Key: 'c', Enabled: true})
	}
	if c.trial(engine.CPlayerPungs{ID: me.ID, Tile: g.Tile}) {
		p.add(Button{Act: ActPung, Label: "Pung", Key: 'p', Enabled: true})
	}
	if c.trial(engine.CPlayerSpecialSet{ID: me.ID, Tile: g.Tile, Tiles: concealed(me)}) {
		p.add(Button{Act: ActSpecial, Label: "Special Hand", Key: 's', Enabled: true})
	}
	p.setDefault()
}

func concealed(me *engine.Player) engine.Tiles {
	return append(engine.Tiles(nil), me.Concealed[:me.NumConcealed]...)
}

func (c *Client) setsPrompt(p *Prompt, me *engine.Player, sel engine.Tile, winner bool) {
	p.Kind = DeclareSets
	p.Winner = winner
	forms := []struct {
		act   Act
		label string
		key   rune
		ev    func(t engine.Tile) engine.Event
	}{
		{ActEyes, "Eyes", 'e', func(t engine.Tile) engine.Event { return engine.CPlayerFormsClosedPair{ID: me.ID, Tile: t} }},
		{ActChow, "Chow", 'c', func(t engine.Tile) engine.Event { return engine.CPlayerFormsClosedChow{ID: me.ID, Tile: t} }},
		{ActPung, "Pung", 'p', func(t engine.Tile) engine.Event { return engine.CPlayerFormsClosedPung{ID: me.ID, Tile: t} }},
	}
	for _, f := range forms {
		any := false
		c.distinct(me, func(t engine.Tile) { any = any || c.trial(f.ev(t)) })
		if any {
			en := sel != engine.Blank && c.trial(f.ev(sel))
			p.add(Button{Act: f.act, Label: f.label, Key: f.key, UsesSelection: true, Enabled: en})
		}
	}
	if winner {
		if c.trial(engine.CPlayerFormsClosedSpecialSet{ID: me.ID, Tiles: concealed(me)}) {
			p.add(Button{Act: ActSpecial, Label: "Special Hand", Key: 's', Enabled: true})
		}
		p.setDefault(ActPung, ActChow, ActEyes, ActSpecial)
		return
	}
	p.add(Button{Act: ActFinished, Label: "Finished", Key: 'f', Enabled: true})
	p.setDefault(ActFinished)
}

// Errors of Press.
var (
	ErrNotOffered = errors.New("client: that action is not offered now")
	ErrDisabled   = errors.New("client: that action is not possible with the selected tile")
)

// PressKey presses the button with accelerator r (case-insensitive).
func (c *Client) PressKey(r rune) error {
	if r >= 'A' && r <= 'Z' {
		r += 'a' - 'A'
	}
	p := c.Prompt()
	for _, b := range p.Buttons {
		if b.Key == r {
			return c.Press(b)
		}
	}
	return ErrNotOffered
}

// PressDefault presses the prompt's default button (Space / Return).
func (c *Client) PressDefault() error {
	p := c.Prompt()
	if p.Default < 0 || p.Default >= len(p.Buttons) {
		return ErrNotOffered
	}
	return c.Press(p.Buttons[p.Default])
}

// Press carries out a button of the current prompt (matched by Act and
// Pos), with the selected tile where it needs one. It returns an error,
// and sends nothing, when the prompt does not offer that button or the
// selection does not suit it. After a successful Press the prompt is None
// until the controller has answered.
func (c *Client) Press(b Button) error {
	p := c.Prompt()
	found := false
	for _, x := range p.Buttons {
		if x.Act == b.Act && x.Pos == b.Pos {
			b, found = x, true
			break
		}
	}
	if !found {
		return fmt.Errorf("%w: %v in %v", ErrNotOffered, b.Act, p.Kind)
	}
	if !b.Enabled {
		if b.UsesSelection && c.SelectedTile() == engine.Blank {
			return ErrNoSelection
		}
		return fmt.Errorf("%w: %v", ErrDisabled, b.Act)
	}
	a, err := c.request(&p, b)
	if err != nil {
		return err
	}
	if err := c.Send(a); err != nil {
		return err
	}
	switch p.Kind {
	case Claim, Rob:
		c.answered = p.Serial
	}
	c.busy = true
	c.busyKey = c.stateKey()
	c.requests++
	c.dirty = true
	return nil
}

// request builds the message a button sends.
func (c *Client) request(p *Prompt, b Button) (engine.Action, error) {
	g := c.view.Game
	me := c.view.Me()
	sel := c.SelectedTile()
	switch b.Act {
	case ActReady:
		return engine.PReady{}, nil
	case ActDeclare:
		return engine.PDeclareSpecial{Tile: sel}, nil
	case ActFinish:
		return engine.PDeclareSpecial{Tile: engine.Blank}, nil
	case ActKong:
		ks := c.kongTiles(me)
		t := engine.Blank
		for _, k := range ks {
			if k == sel {
				t = k
			}
		}
		if t == engine.Blank && len(ks) == 1 {
			t = ks[0]
		}
		if t == engine.Blank {
			return nil, ErrDisabled
		}
		if c.trial(engine.CPlayerDeclaresClosedKong{ID: me.ID, Tile: t, Serial: g.Serial + 1}) {
			return engine.PDeclareClosedKong{Tile: t}, nil
		}
		return engine.PAddToPung{Tile: t}, nil
	case ActDiscard:
		if sel.IsSpecial() && c.trial(engine.CPlayerDeclaresSpecial{ID: me.ID, Tile: sel}) {
			return engine.PDeclareSpecial{Tile: sel}, nil
		}
		return engine.PDiscard{Tile: sel}, nil
	case ActCalling:
		return engine.PDiscard{Tile: sel, Calling: true}, nil
	case ActMahJong:
		if p.Kind == Discard {
			return engine.PMahJong{}, nil
		}
		return engine.PMahJong{Serial: p.Serial}, nil
	case ActNoClaim:
		return engine.PNoClaim{Serial: p.Serial}, nil
	case ActChow:
		switch p.Kind {
		case Claim:
			ps := c.chowPositionsClaim(me)
			pos := engine.AnyPos
			if len(ps) == 1 {
				pos = ps[0]
			}
			return engine.PChow{Serial: p.Serial, Pos: pos}, nil
		case ChooseChow:
			serial := 0
			if g.Phase == engine.Discarded {
				serial = g.Serial
			}
			return engine.PChow{Serial: serial, Pos: b.Pos}, nil
		case ChooseForm:
			ps := c.chowPositions(me)
			pos := engine.AnyPos
			if len(ps) == 1 {
				pos = ps[0]
			}
			return engine.PChow{Pos: pos}, nil
		default:
			return engine.PFormClosedChow{Tile: sel}, nil
		}
	case ActPung:
		switch p.Kind {
		case Claim:
			return engine.PPung{Serial: p.Serial}, nil
		case ChooseForm:
			return engine.PPung{}, nil
		default:
			return engine.PFormClosedPung{Tile: sel}, nil
		}
	case ActClaimKong:
		return engine.PKong{Serial: p.Serial}, nil
	case ActEyes:
		if p.Kind == ChooseForm {
			return engine.PPair{}, nil
		}
		return engine.PFormClosedPair{Tile: sel}, nil
	case ActSpecial:
		if p.Kind == ChooseForm {
			return engine.PSpecialSet{}, nil
		}
		return engine.PFormClosedSpecialSet{}, nil
	case ActFinished:
		return engine.PShowTiles{}, nil
	}
	return nil, ErrNotOffered
}

// chowPositionsClaim lists the positions at which we could chow the
// current discard.
func (c *Client) chowPositionsClaim(me *engine.Player) []engine.ChowPos {
	g := c.view.Game
	var ps []engine.ChowPos
	for pos := engine.Lower; pos <= engine.Upper; pos++ {
		if c.trial(engine.CPlayerClaimsChow{ID: me.ID, Serial: g.Serial, Pos: pos}) {
			ps = append(ps, pos)
		}
	}
	return ps
}

// stateKey summarises the table as far as our requests go: while a
// request is outstanding and this is unchanged, no new prompt is shown.
type stateKey struct {
	phase                engine.Phase
	player               engine.Seat
	serial               int
	needs                engine.Whence
	konging              engine.Konging
	mjPending, chowPend  bool
	paused               bool
	n                    int
	declared, mahjongged bool
	claim                engine.ClaimKind
}

func (c *Client) stateKey() stateKey {
	g := c.view.Game
	k := stateKey{phase: g.Phase, player: g.Player, serial: g.Serial, needs: g.Needs, konging: g.Konging,
		mjPending: g.MahJongPending, chowPend: g.ChowPending, paused: g.Paused}
	if me := c.view.Me(); me != nil {
		k.n, k.declared, k.mahjongged = me.NumConcealed, me.HandDeclared, me.MahJongged
		if s := c.view.Seat(); s != engine.NoSeat {
			k.claim = g.Claims[s]
		}
	}
	return k
}
