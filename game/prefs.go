package game

import (
	"fmt"
	"image/color"
	"strings"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/prefs"
)

// ApplyPrefs sets the display fields of cfg from the Display preferences
// that p has (keys absent from p leave cfg alone). Programs call it
// before applying their command-line flags, so that flags win, as in the
// original:
//
//	p, err := prefs.Load(prefs.Default())
//	game.ApplyPrefs(&cfg, p)
//	cfg.Prefs = &p // in force; NewApp will not load them again
//	// then the flags change cfg
//
// The game option preferences are not in cfg: the App adds them to the
// options of each local game it starts.
func ApplyPrefs(cfg *Config, p prefs.Prefs) {
	d := p.Display
	if p.Has("Display DialogPosition") {
		cfg.Dialogs = dialogPos(d.DialogPosition)
	}
	if p.Has("Display Animate") {
		cfg.NoAnimation = !d.Animate
	}
	if p.Has("Display ShowWall") {
		cfg.ShowWall = wallMode(d.ShowWall)
	}
	if p.Has("Display Size") {
		cfg.Size = d.Size
	}
	if p.Has("Display Tileset") {
		cfg.Tileset = tilesetOf(d.Tileset)
	}
	if p.Has("Display RotateLabels") {
		cfg.FlatLabels = !d.RotateLabels
	}
	if p.Has("Display AlertMahjong") {
		cfg.AlertMahJong = d.AlertMahjong
	}
	if p.Has("Display SortTiles") {
		cfg.Sort = sortMode(d.SortTiles)
	}
}

// displayOf returns the Display preferences in force in cfg, with the
// others taken from p.
func displayOf(cfg *Config, p prefs.Display) prefs.Display {
	p.DialogPosition = [...]string{prefs.Central, prefs.Below, prefs.Popup}[clampInt(int(cfg.Dialogs), 0, 2)]
	p.Animate = !cfg.NoAnimation
	p.ShowWall = [...]string{prefs.WhenRoom, prefs.Always, prefs.Never}[clampInt(int(cfg.ShowWall), 0, 2)]
	p.Size = cfg.Size
	if p.Size != 0 && (p.Size < 14 || p.Size > 19) {
		p.Size = 0
	}
	if tilesetOf(p.Tileset) != cfg.Tileset {
		p.Tileset = cfg.Tileset.String()
	}
	p.RotateLabels = !cfg.FlatLabels
	p.AlertMahjong = cfg.AlertMahJong
	p.SortTiles = [...]string{prefs.Always, prefs.OnDeal, prefs.Never}[clampInt(int(cfg.Sort), 0, 2)]
	return p
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

func dialogPos(s string) DialogPos {
	switch s {
	case prefs.Below:
		return DialogsBelow
	case prefs.Popup:
		return DialogsPopup
	}
	return DialogsCentral
}

func wallMode(s string) WallMode {
	switch s {
	case prefs.Always:
		return WallAlways
	case prefs.Never:
		return WallNever
	}
	return WallWhenRoom
}

// DesktopTileset resolves the Tileset and TilesetPath preferences of d as
// the desktop does: the compiled-in set that draws what the pictures do
// not, whether a directory of tile pictures was found for them, and why
// its pictures could not be read, if they could not.
func DesktopTileset(d prefs.Display) (base art.TileSet, found bool, err error) {
	set, err := dirTiles(d)
	return tilesetOf(d.Tileset), set != nil, err
}

// tilesetOf maps a Tileset preference (a set name or the original's
// directory name, e.g. "tiles-numbered") to a compiled-in set.
func tilesetOf(name string) art.TileSet {
	if strings.Contains(strings.ToLower(name), "numb") {
		return art.Numbered
	}
	return art.Classic
}

// sortMode maps the SortTiles preference.
func sortMode(s string) client.SortMode {
	switch s {
	case prefs.OnDeal:
		return client.SortOnDeal
	case prefs.Never:
		return client.SortNever
	}
	return client.SortAlways
}

var (
	defaultTable     = colTable
	defaultTableDark = colTableDark
)

// applyColours sets the table colour from the TableColour preference.
func applyColours(d prefs.Display) {
	c, err := prefs.ParseColour(d.TableColour)
	if d.TableColour == "" || err != nil {
		colTable, colTableDark = defaultTable, defaultTableDark
		return
	}
	colTable = c
	colTableDark = color.RGBA{uint8(int(c.R) * 4 / 5), uint8(int(c.G) * 4 / 5), uint8(int(c.B) * 4 / 5), 0xff}
}

// optionStrings returns the game option preferences that the engine
// knows and accepts, as "Name=value" for local.Config.Options.
func optionStrings(p *prefs.Prefs) []string {
	var out []string
	for _, e := range p.Options {
		id, ok := engine.LookupOption(e.Name)
		if !ok || engine.OptionDefs[id].Type != e.Type {
			continue
		}
		v := prefs.OptionValue(e)
		if _, err := engine.ParseOptionValue(id, v); err != nil {
			continue
		}
		out = append(out, e.Name+"="+v)
	}
	return out
}

// syncOptions makes the options of the next local game the game option
// preferences followed by the options the program was given (which win).
func (u *ui) syncOptions(a *App) {
	a.cfg.GameOptions = append(optionStrings(&u.p), u.baseOpts...)
}

// setPrefs puts p in force (Apply) and, if save, stores it (Save & Apply).
func (u *ui) setPrefs(a *App, p prefs.Prefs, save bool) {
	u.p = p
	// The display preferences are applied whole: the panel shows them all.
	d := p.Display
	a.cfg.Dialogs = dialogPos(d.DialogPosition)
	a.cfg.NoAnimation = !d.Animate
	a.cfg.ShowWall = wallMode(d.ShowWall)
	a.cfg.Size = d.Size
	a.cfg.Tileset = tilesetOf(d.Tileset)
	a.cfg.FlatLabels = !d.RotateLabels
	a.cfg.AlertMahJong = d.AlertMahjong
	a.cfg.Sort = sortMode(d.SortTiles)
	applyColours(d)
	u.applyDisplay(a)
	u.syncOptions(a)
	a.dirty()
	if t, ok := a.scene.(*tableScene); ok {
		t.built = 0 // the geometry depends on the display options
	}
	if save {
		if err := prefs.Save(u.store, p); err != nil {
			a.announce("Could not save the preferences: " + err.Error())
			u.openPanel(a, infoPanel("error", "Preferences", "Could not save the preferences: "+err.Error()))
			return
		}
		a.announce("Preferences saved.")
	} else {
		a.announce("Preferences applied.")
	}
}

// applyDisplay puts the display preferences that gfx applies in force:
// the fonts and the user tileset (loaded again when its preferences
// changed). A tileset that cannot be loaded is reported and the
// compiled-in art used.
func (u *ui) applyDisplay(a *App) {
	d := u.p.Display
	changed := a.g.setFonts(d.MainFont, d.TextFont)
	if key := d.Tileset + "\x00" + d.TilesetPath; key != u.tilesKey {
		u.tilesKey = key
		set, err := userTiles(d)
		if err != nil {
			u.err = "The tileset could not be loaded: " + err.Error() + ". The built-in tiles are shown."
		}
		if a.g.setUserSet(set) {
			changed = true
		}
	}
	if changed {
		a.dirty()
		if t, ok := a.scene.(*tableScene); ok {
			t.built = 0 // text sizes change the geometry
		}
		if u.win != nil {
			u.layoutWin(a)
		}
	}
}

// tilesPicked takes the pictures the player picked for a tileset: if they
// make a set, it is stored and the open Display panel chooses it (Apply
// puts it in force); if not, the player is told why and nothing changes.
func (u *ui) tilesPicked(a *App, up *tileUpload) {
	say := func(msg string) {
		a.announce(msg)
		if f := u.disp; f != nil && f.msg != nil {
			*f.msg = msg
			if u.win != nil {
				u.layoutWin(a)
			}
		}
		a.dirty()
	}
	if up.err != nil {
		say("Could not load the tile pictures: " + up.err.Error() + ". Nothing was changed.")
		return
	}
	set, err := art.NewUserSet(up.files)
	if err != nil {
		say("Could not load the tile pictures: " + strings.TrimPrefix(err.Error(), "art: ") + ". Nothing was changed.")
		return
	}
	if err := storeTiles(set); err != nil {
		say("Could not store the tile pictures: " + err.Error() + ". Nothing was changed.")
		return
	}
	u.tilesKey = "" // load it again when applied
	msg := fmt.Sprintf("Loaded %d tile pictures from %s.", set.Len(), up.from)
	if n := len(set.Missing()); n > 0 {
		msg += fmt.Sprintf(" %d tiles have no picture: the built-in art draws them.", n)
	}
	if f := u.disp; f != nil {
		f.tiles = 2
		f.d.Tileset = customTileset
		msg += " Tileset: Custom. Apply to use them."
	}
	say(msg)
}

// after runs after the scene's update: what the preferences make the
// client do for us (auto-declaring, sorting, popups, alerts).
func (u *ui) after(a *App) {
	defer u.snapshotUI(a)
	t, ok := a.scene.(*tableScene)
	if !ok || t.cl == nil {
		return
	}
	cl := t.cl
	d := u.p.Display
	if cl.SortMode() != a.cfg.Sort {
		cl.SetSortMode(a.cfg.Sort)
		a.dirty()
	}
	u.auto(a, cl)
	// Popups.
	v := cl.View()
	if n := len(v.Messages); n != u.msgs {
		if n < u.msgs {
			u.msgs = 0 // another client (a guest reconnecting, a new game): its chat starts afresh
		}
		news := v.Messages[u.msgs:]
		u.msgs = n
		for _, m := range news {
			a.announce(messageLine(v, m))
		}
		if u.win == nil && !d.NoPopups && !d.InfoInMain && len(news) > 0 {
			u.openPanel(a, u.messagesPanel(a))
		} else if u.win != nil && u.win.id == "messages" {
			u.refreshMessages(a)
		}
	}
	if d.NoPopups && t.score.open && t.score.seen != u.scoreSeen {
		t.score.open = false // shown only when asked for
		a.dirty()
	}
	u.scoreSeen = t.score.seen
	// Windows that show live state follow it.
	if u.win != nil && a.tick%30 == 0 {
		switch u.win.id {
		case "info":
			u.refresh(a, u.gameInfoPanel(a))
		case "history":
			if len(cl.History()) != u.hist.n {
				u.refresh(a, u.historyPanel(a))
			}
		}
	}
}

// refresh replaces the open window's content, keeping its scroll.
func (u *ui) refresh(a *App, p *panel) {
	if u.win == nil {
		return
	}
	p.off, p.focus = u.win.off, u.win.focus
	u.win = p
	u.layoutWin(a)
	a.dirty()
}

// auto does for the player what the Playing preferences ask (autoPlay).
// The table scene calls it between its Poll and the announcement of the
// prompt, so that a prompt answered for the player is never announced;
// after calls it too, for a prompt that changed without a Poll.
func (u *ui) auto(a *App, cl *client.Client) {
	if autoPlay(cl, u.p.Playing, &u.autoFail) {
		a.dirty()
	}
}

// autoFail remembers a state in which automation could not act, so that
// it does not try again every frame.
type autoFail struct {
	kind client.Kind
	n    int
	ser  int
}

// autoPlay presses, for the player, what the Playing preferences ask:
// declaring flowers and seasons (and finishing the declarations when
// nothing else can be declared), and setting out the concealed sets of
// a losing or winning hand. It reports whether it pressed something.
func autoPlay(cl *client.Client, pl prefs.Playing, fail *autoFail) bool {
	if !pl.AutoSpecials && !pl.AutoLosing && !pl.AutoWinning {
		return false
	}
	p := cl.Prompt()
	if p.Kind == client.None || p.Kind == client.Ready || p.Kind == client.GameOver {
		return false
	}
	hand := cl.Hand()
	key := autoFail{kind: p.Kind, n: len(hand), ser: cl.View().Game.Serial}
	if *fail == key {
		return false
	}
	ok := false
	switch p.Kind {
	case client.Declare, client.Discard:
		if !pl.AutoSpecials {
			return false
		}
		for i, t := range hand {
			if t.IsSpecial() {
				act := client.ActDeclare
				if p.Kind == client.Discard {
					act = client.ActDiscard
				}
				ok = pressWith(cl, i, act)
				break
			}
		}
		if !ok && p.Kind == client.Declare && !p.Has(client.ActKong) {
			if b, has := p.Button(client.ActFinish); has {
				ok = cl.Press(b) == nil
			}
		}
		if !ok && p.Kind == client.Discard {
			return false // nothing to declare: the player plays
		}
	case client.DeclareSets:
		if (p.Winner && !pl.AutoWinning) || (!p.Winner && !pl.AutoLosing) {
			return false
		}
		ok = autoSets(cl, p)
	default:
		return false
	}
	if !ok {
		*fail = key
	}
	return ok
}

// pressWith selects hand[i] and presses the button act if it is enabled.
func pressWith(cl *client.Client, i int, act client.Act) bool {
	cl.Select(i)
	q := cl.Prompt()
	b, ok := q.Button(act)
	if !ok || !b.Enabled {
		return false
	}
	return cl.Press(b) == nil
}

// autoSets declares one concealed set: for a winner, the first set of a
// complete arrangement of the concealed tiles; for a loser, in xmj's
// order pungs, pairs, chows; a loser with nothing left to declare
// finishes.
func autoSets(cl *client.Client, p client.Prompt) bool {
	hand := cl.Hand()
	if p.Winner {
		if p.Has(client.ActSpecial) {
			if b, _ := p.Button(client.ActSpecial); b.Enabled {
				return cl.Press(b) == nil
			}
		}
		sets, ok := Arrange(hand)
		if !ok || len(sets) == 0 {
			return false
		}
		return pressWith(cl, indexOf(hand, sets[0].Tile), sets[0].Act)
	}
	for _, act := range []client.Act{client.ActPung, client.ActEyes, client.ActChow} {
		if !p.Has(act) {
			continue
		}
		for i := range hand {
			if pressWith(cl, i, act) {
				return true
			}
		}
	}
	if b, ok := p.Button(client.ActFinished); ok {
		return cl.Press(b) == nil
	}
	return false
}

func indexOf(ts []engine.Tile, t engine.Tile) int {
	for i, x := range ts {
		if x == t {
			return i
		}
	}
	return -1
}

// SetOut is one concealed set to declare: the act (ActPung, ActEyes or
// ActChow) and its tile (the lowest of a chow).
type SetOut struct {
	Act  client.Act
	Tile engine.Tile
}

// Arrange finds a way to set out tiles as pungs, chows and at most one
// pair, using every tile; it reports false when there is none.
func Arrange(tiles []engine.Tile) ([]SetOut, bool) {
	var n [engine.MaxTile]int
	for _, t := range tiles {
		if int(t) >= engine.MaxTile || !t.Valid() {
			return nil, false
		}
		n[t]++
	}
	var out []SetOut
	var rec func(pair bool) bool
	rec = func(pair bool) bool {
		first := -1
		for i := range n {
			if n[i] > 0 {
				first = i
				break
			}
		}
		if first < 0 {
			return true
		}
		t := engine.Tile(first)
		if n[t] >= 3 {
			n[t] -= 3
			out = append(out, SetOut{client.ActPung, t})
			if rec(pair) {
				return true
			}
			out = out[:len(out)-1]
			n[t] += 3
		}
		if !pair && n[t] >= 2 {
			n[t] -= 2
			out = append(out, SetOut{client.ActEyes, t})
			if rec(true) {
				return true
			}
			out = out[:len(out)-1]
			n[t] += 2
		}
		if t.IsSuit() && t.Rank() <= 7 && int(t)+2 < engine.MaxTile && n[t+1] > 0 && n[t+2] > 0 {
			n[t]--
			n[t+1]--
			n[t+2]--
			out = append(out, SetOut{client.ActChow, t})
			if rec(pair) {
				return true
			}
			out = out[:len(out)-1]
			n[t]++
			n[t+1]++
			n[t+2]++
		}
		return false
	}
	if !rec(false) {
		return nil, false
	}
	return out, true
}

// messageLine says a chat message in words.
func messageLine(v *engine.View, m engine.CMessage) string {
	from := "Controller"
	if m.Sender != 0 {
		from = v.Names[m.Sender]
		if from == "" {
			from = fmt.Sprintf("Player %d", m.Sender)
		}
		if m.Sender == v.ID {
			from = "You"
		}
	}
	return from + ": " + m.Text
}
