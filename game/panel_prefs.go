package game

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"mahjong/game/prefs"
)

// Font choices of the Display panel: the faces we ship, with sizes.
var fontFaces = []string{"Go", "Go Bold"}

// parseFont reads a font preference "Go 14" / "Go Bold 16" into a face
// index and size (0: the default size).
func parseFont(s string) (face, size int) {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		if n, err := strconv.Atoi(s[i+1:]); err == nil {
			size = n
			s = s[:i]
		}
	}
	if strings.Contains(strings.ToLower(s), "bold") {
		face = 1
	}
	if size != 0 && (size < 8 || size > 32) {
		size = 0
	}
	return face, size
}

func formatFont(face, size int) string {
	if size == 0 {
		return ""
	}
	return fmt.Sprintf("%s %d", fontFaces[clampInt(face, 0, len(fontFaces)-1)], size)
}

// displayForm is the Display panel's working copy.
type displayForm struct {
	d                      prefs.Display
	dpos, size, wall, sort int
	tiles                  int
	mainFace, mainSize     int
	textFace, textSize     int
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
	if tilesetOf(d.Tileset) != 0 {
		f.tiles = 1
	}
	f.mainFace, f.mainSize = parseFont(d.MainFont)
	f.textFace, f.textSize = parseFont(d.TextFont)
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
	d.Tileset = ""
	if f.tiles == 1 {
		d.Tileset = "numbered"
	}
	d.MainFont = formatFont(f.mainFace, f.mainSize)
	d.TextFont = formatFont(f.textFace, f.textSize)
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
		{kind: rowChoice, label: "Tileset", idx: &f.tiles, opts: []string{"Classic", "Numbered"}},
		{kind: rowEntry, label: "Tileset path", str: &f.d.TilesetPath},
		{kind: rowChoice, label: "Main font", idx: &f.mainFace, opts: fontFaces},
		{kind: rowSpin, label: "Main font size (0: automatic)", val: &f.mainSize, lo: 0, hi: 32, step: 1},
		{kind: rowChoice, label: "Text font", idx: &f.textFace, opts: fontFaces},
		{kind: rowSpin, label: "Text font size (0: automatic)", val: &f.textSize, lo: 0, hi: 32, step: 1},
		{kind: rowColour, label: "Table colour", col: &f.col},
	}
	// Font sizes jump from 0 (automatic) to 8.
	for i := range rows {
		if rows[i].kind == rowSpin {
			v := rows[i].val
			rows[i].change = func(a *App) {
				if *v > 0 && *v < 8 {
					*v = 8
				}
			}
		}
	}
	p := &panel{id: "display", title: "Display Options", rows: rows,
		btns: []Button{{Label: "&Save & Apply", ID: "save", Default: true}, {Label: "&Apply (no save)", ID: "apply"}, {Label: "&Cancel", ID: "cancel"}}}
	p.press = func(a *App, p *panel, id string) {
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
	return p
}

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
