package game

import (
	"image/color"

	"mahjong/game/prefs"
)

// displayForm is the Display panel's working copy.
type displayForm struct {
	d                      prefs.Display
	dpos, size, wall, sort int
	tiles, tiles0          int     // index in tilesetChoices (as the panel opened)
	msg                    *string // the tileset message row's text
	mainFam, mainSize      int     // mainFam indexes fontFamilies
	textFam, textSize      int     // textFam: 0 standard, then fontFamilies
	col                    color.RGBA
}

var (
	dposWords  = []string{prefs.Central, prefs.Below, prefs.Popup}
	wallWords  = []string{prefs.Always, prefs.WhenRoom, prefs.Never}
	sortWords  = []string{prefs.Always, prefs.OnDeal, prefs.Never}
	sizeLabels = []string{"auto", "14", "15", "16", "17", "18", "19"}
)

func indexIn(ws []string, w string, def int) int {
	for i, x := range ws {
		if x == w {
			return i
		}
	}
	return def
}

func newDisplayForm(d prefs.Display) *displayForm {
	f := &displayForm{d: d}
	f.dpos = indexIn(dposWords, d.DialogPosition, 0)
	f.wall = indexIn(wallWords, d.ShowWall, 1)
	f.sort = indexIn(sortWords, d.SortTiles, 0)
	if d.Size >= 14 && d.Size <= 19 {
		f.size = d.Size - 13
	}
	switch {
	case isCustomTileset(d.Tileset):
		f.tiles = 2
	case tilesetOf(d.Tileset) != 0:
		f.tiles = 1
	}
	f.tiles0 = f.tiles
	mf, tf := parseFont(d.MainFont), parseFont(d.TextFont)
	f.mainFam, f.mainSize = max(mf.fam, famGo), mf.size
	f.textFam, f.textSize = tf.fam+1, tf.size
	if c, err := prefs.ParseColour(d.TableColour); err == nil && d.TableColour != "" {
		f.col = c
	} else {
		f.col = defaultTable
	}
	return f
}

// result returns the preferences the form shows.
func (f *displayForm) result() prefs.Display {
	d := f.d
	d.DialogPosition = dposWords[f.dpos]
	d.ShowWall = wallWords[f.wall]
	d.SortTiles = sortWords[f.sort]
	d.Size = 0
	if f.size > 0 {
		d.Size = 13 + f.size
	}
	if f.tiles != f.tiles0 || (f.tiles == 2 && !isCustomTileset(d.Tileset)) {
		// A new choice (else the preference stays as it was: it may name
		// a directory of the original's tiles).
		d.Tileset = [...]string{"", "numbered", customTileset}[clampInt(f.tiles, 0, 2)]
	}
	mf := fontPref{fam: f.mainFam, size: f.mainSize}
	if mf.fam == famGo {
		mf.fam = famStandard // Go is the standard main font
	}
	d.MainFont = mf.String()
	d.TextFont = fontPref{fam: f.textFam - 1, size: f.textSize}.String()
	d.TableColour = ""
	if f.col != defaultTable {
		d.TableColour = prefs.FormatColour(f.col)
	}
	return d
}

// displayPanel is xmj's Display Options panel.
func (u *ui) displayPanel(a *App) *panel {
	f := newDisplayForm(displayOf(&a.cfg, u.p.Display))
	rows := []row{
		{kind: rowChoice, label: "Position of action dialogs", idx: &f.dpos, opts: []string{"central", "below", "popup"}},
		{kind: rowCheck, label: "Animation", on: &f.d.Animate},
		{kind: rowCheck, label: "Display status and messages in main window", on: &f.d.InfoInMain},
		{kind: rowCheck, label: "Don't popup scoring/message windows", on: &f.d.NoPopups},
		{kind: rowCheck, label: "Tiletips always shown", on: &f.d.Tiletips},
		{kind: rowCheck, label: "Rotate player info text", on: &f.d.RotateLabels},
		{kind: rowCheck, label: "Show when players are thinking", on: &f.d.ThinkingClaim},
		{kind: rowCheck, label: "Alert on possible mah-jong", on: &f.d.AlertMahjong},
		{kind: rowChoice, label: "Display size (in tile-widths)", idx: &f.size, opts: sizeLabels},
		{kind: rowChoice, label: "Show the wall", idx: &f.wall, opts: []string{"always", "when room", "never"}},
		{kind: rowChoice, label: "Sort tiles in hand", idx: &f.sort, opts: []string{"always", "on deal", "never"}},
		{kind: rowChoice, label: "Tileset", idx: &f.tiles, opts: tilesetChoices},
		{kind: rowEntry, label: "Tileset path", str: &f.d.TilesetPath},
		{kind: rowActions, label: "Custom tile pictures", acts: []Button{{Label: tilePickLabel, ID: "pick"}},
			act: func(a *App, id string) { pickTiles(f.d.TilesetPath) }},
		{kind: rowText, text: tilesHelp},
		{kind: rowChoice, label: "Main font", idx: &f.mainFam, opts: fontFamilies},
		{kind: rowSpin, label: "Main font size (0: standard)", val: &f.mainSize, lo: 0, hi: maxFontSize, step: 1},
		{kind: rowChoice, label: "Text font", idx: &f.textFam, opts: append([]string{"Standard"}, fontFamilies...)},
		{kind: rowSpin, label: "Text font size (0: standard)", val: &f.textSize, lo: 0, hi: maxFontSize, step: 1},
		{kind: rowColour, label: "Table colour", col: &f.col},
	}
	// Font sizes jump between 0 (standard) and minFontSize.
	for i := range rows {
		if rows[i].kind == rowSpin {
			v := rows[i].val
			last := *v
			rows[i].change = func(a *App) {
				if *v > 0 && *v < minFontSize {
					if last == 0 {
						*v = minFontSize
					} else {
						*v = 0
					}
				}
				last = *v
			}
		}
	}
	p := &panel{id: "display", title: "Display Options", rows: rows,
		btns: []Button{{Label: "&Save & Apply", ID: "save", Default: true}, {Label: "&Apply (no save)", ID: "apply"}, {Label: "&Cancel", ID: "cancel"}}}
	for i := range p.rows {
		if p.rows[i].kind == rowText && p.rows[i].text == tilesHelp {
			f.msg = &p.rows[i].text
		}
	}
	u.disp = f
	p.press = func(a *App, p *panel, id string) {
		u.disp = nil
		if id == "cancel" {
			u.closePanel(a)
			return
		}
		np := u.p.Clone()
		np.Display = f.result()
		np.Mark(prefs.DisplayKeys()...)
		u.closePanel(a)
		u.setPrefs(a, np, id == "save")
	}
	p.close = func(a *App, p *panel) {
		u.disp = nil
		u.closePanel(a)
	}
	return p
}

// tilesHelp says how a custom tileset is named.
const tilesHelp = "Custom tiles: PNG, GIF, JPEG or XPM pictures named by tile code, as the original's: 1B…9B, 1C…9C, 1D…9D, EW SW WW NW, RD WD GD, 1F…4F, 1S…4S, and -- for the back."

// playingPanel is xmj's Playing Preferences panel.
func (u *ui) playingPanel(a *App) *panel {
	pl := u.p.Playing
	rows := []row{
		{kind: rowHead, text: "Auto-declare"},
		{kind: rowCheck, label: "Flowers and seasons", on: &pl.AutoSpecials},
		{kind: rowCheck, label: "Losing hands", on: &pl.AutoLosing},
		{kind: rowCheck, label: "Winning hands", on: &pl.AutoWinning},
	}
	p := &panel{id: "playing", title: "Playing Preferences", rows: rows,
		btns: []Button{{Label: "&Save & Apply", ID: "save", Default: true}, {Label: "&Apply (no save)", ID: "apply"}, {Label: "&Cancel", ID: "cancel"}}}
	p.press = func(a *App, p *panel, id string) {
		if id == "cancel" {
			u.closePanel(a)
			return
		}
		np := u.p.Clone()
		np.Playing = pl
		np.Mark(prefs.PlayingKeys()...)
		u.closePanel(a)
		u.setPrefs(a, np, id == "save")
	}
	return p
}
