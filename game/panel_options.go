package game

import (
	"fmt"
	"strconv"

	"mahjong/engine"
	"mahjong/game/prefs"
)

// OptionWidget is the control a game option gets in the option panels.
type OptionWidget int

// Option widgets, by option type.
const (
	WidgetCheck OptionWidget = iota // bool: a check box
	WidgetSpin                      // int, nat: a spin entry
	WidgetEntry                     // string: a text entry
	WidgetScore                     // score: Limit / Half-limit / other, with doubles and points
)

// WidgetFor returns the widget of an option type.
func WidgetFor(t engine.OptionType) OptionWidget {
	switch t {
	case engine.OptBool:
		return WidgetCheck
	case engine.OptInt, engine.OptNat:
		return WidgetSpin
	case engine.OptScore:
		return WidgetScore
	}
	return WidgetEntry
}

// optEdit is one option in an option panel: what it was and what the
// panel now says.
type optEdit struct {
	e, orig      engine.OptionEntry
	has, origHas bool // preferences panel: a preference is stored
	on           bool
	n            int
	s            string
	kind         int // score: 0 limit, 1 half limit, 2 other
	centi        int // score: other fraction of the limit, kept
	dbl, pts     int
}

func newOptEdit(e engine.OptionEntry, has bool) *optEdit {
	o := &optEdit{orig: e, origHas: has}
	o.reset()
	return o
}

// reset returns the entry to its previous state.
func (o *optEdit) reset() {
	o.e, o.has = o.orig, o.origHas
	v := o.e.Value
	o.on, o.n, o.s = v != 0, v, o.e.StrValue
	c, d, p := SplitScore(v)
	o.kind, o.centi, o.dbl, o.pts = 2, c, d, p
	switch c {
	case 100:
		o.kind, o.centi = 0, 0
	case 50:
		o.kind, o.centi = 1, 0
	}
}

// entry returns the option with the panel's value.
func (o *optEdit) entry() engine.OptionEntry {
	e := o.e
	switch e.Type {
	case engine.OptBool:
		e.Value = 0
		if o.on {
			e.Value = 1
		}
	case engine.OptScore:
		switch o.kind {
		case 0:
			e.Value = 100 * 1000000
		case 1:
			e.Value = 50 * 1000000
		default:
			e.Value = o.centi*1000000 + o.dbl*10000 + o.pts
		}
	case engine.OptString:
		e.StrValue = o.s
	default:
		e.Value = o.n
	}
	return e
}

// value returns the panel's value as SetGameOption takes it.
func (o *optEdit) value() string {
	e := o.entry()
	if e.Type == engine.OptString {
		return e.StrValue
	}
	return strconv.Itoa(e.Value)
}

// optionRows builds the rows for the options: for the preferences panel
// (prefs) an option without a preference has only "Add pref"; the others
// have their widget and Reset (and "Remove pref"). act handles the inline
// buttons (ids "add:Name", "remove:Name", "reset:Name").
func optionRows(eds []*optEdit, prefsPanel, locked bool, act func(a *App, id string)) []row {
	var rows []row
	for _, o := range eds {
		e := o.e
		label := e.Name + ": " + e.Desc
		if prefsPanel && !o.has {
			rows = append(rows, row{kind: rowActions, label: label, acts: []Button{{Label: "Add pref", ID: "add:" + e.Name}}, act: act})
			continue
		}
		switch WidgetFor(e.Type) {
		case WidgetCheck:
			rows = append(rows, row{kind: rowCheck, label: label, on: &o.on, off: locked})
		case WidgetSpin:
			lo, hi := -1000000, 1000000
			if e.Type == engine.OptNat {
				lo = 0
			}
			rows = append(rows, row{kind: rowSpin, label: label, val: &o.n, lo: lo, hi: hi, step: 1, off: locked})
		case WidgetEntry:
			rows = append(rows, row{kind: rowEntry, label: label, str: &o.s, off: locked})
		case WidgetScore:
			rows = append(rows,
				row{kind: rowChoice, label: label, idx: &o.kind, opts: []string{"Limit", "Half-limit", "Other"}, off: locked},
				row{kind: rowSpin, label: "doubles", val: &o.dbl, lo: 0, hi: 99, step: 1, indent: true, off: locked},
				row{kind: rowSpin, label: "points", val: &o.pts, lo: 0, hi: 9999, step: 2, indent: true, off: locked})
		}
		acts := []Button{{Label: "Reset", ID: "reset:" + e.Name}}
		if prefsPanel {
			acts = append(acts, Button{Label: "Remove pref", ID: "remove:" + e.Name})
		}
		if !locked {
			rows = append(rows, row{kind: rowActions, acts: acts, act: act, indent: true})
		}
	}
	return rows
}

// knownOptions returns every option to list: the controller's lines when
// we have them, then any others the engine knows (in a game that has not
// sent them, or before any game).
func knownOptions(a *App) []engine.OptionEntry {
	var out []engine.OptionEntry
	seen := map[string]bool{}
	if cl := tableClient(a); cl != nil {
		for _, e := range cl.GameOptions() {
			out = append(out, e)
			seen[e.Name] = true
		}
	}
	def := engine.DefaultOptions()
	for _, e := range def.Lines() {
		if e.Name == "End" || seen[e.Name] {
			continue
		}
		out = append(out, e)
		seen[e.Name] = true
	}
	return out
}

// optionPrefsPanel is xmj's Game Option Preferences panel.
func (u *ui) optionPrefsPanel(a *App) *panel {
	var eds []*optEdit
	seen := map[string]bool{}
	for _, e := range knownOptions(a) {
		pe, has := u.p.Option(e.Name)
		if has && pe.Type == e.Type {
			e.Value, e.StrValue = pe.Value, pe.StrValue
		}
		eds = append(eds, newOptEdit(e, has))
		seen[e.Name] = true
	}
	for _, pe := range u.p.Options { // preferences for options nobody knows
		if !seen[pe.Name] {
			eds = append(eds, newOptEdit(pe, true))
		}
	}
	p := &panel{id: "gameprefs", title: "Game Option Preferences",
		btns: []Button{{Label: "&Save changes", ID: "save", Default: true}, {Label: "&Cancel", ID: "cancel"}}}
	var act func(a *App, id string)
	act = func(a *App, id string) {
		o := findEdit(eds, id)
		if o == nil {
			return
		}
		switch id[:len(id)-len(o.e.Name)] {
		case "add:":
			o.has = true
		case "remove:":
			o.has = false
		case "reset:":
			o.reset()
		}
		u.rebuild(a, p, optionRows(eds, true, false, act))
		a.announce(fmt.Sprintf("%s: %s.", o.e.Name, prefState(o)))
	}
	p.rows = optionRows(eds, true, false, act)
	p.press = func(a *App, p *panel, id string) {
		if id == "cancel" {
			u.closePanel(a)
			return
		}
		np := u.p.Clone()
		for _, o := range eds {
			if o.has {
				np.SetOption(o.entry())
			} else {
				np.RemoveOption(o.e.Name)
			}
		}
		u.closePanel(a)
		u.setPrefs(a, np, true)
	}
	return p
}

func prefState(o *optEdit) string {
	if !o.has {
		return "no preference"
	}
	return "preference " + OptionValueText(o.entry())
}

func findEdit(eds []*optEdit, id string) *optEdit {
	for _, o := range eds {
		for _, pre := range []string{"add:", "remove:", "reset:"} {
			if id == pre+o.e.Name {
				return o
			}
		}
	}
	return nil
}

// rebuild replaces a panel's rows, keeping its scroll and focus.
func (u *ui) rebuild(a *App, p *panel, rows []row) {
	p.rows = rows
	if p.focus >= len(rows)+len(p.btns) {
		p.focus = -1
	}
	p.layout(a)
	a.dirty()
}

// mayManage reports whether we may change the game's options: we are
// its manager or it has none.
func mayManage(a *App) bool {
	cl := tableClient(a)
	if cl == nil {
		return false
	}
	m := cl.View().Game.Manager
	return m == 0 || m == cl.ID()
}

// currentOptionsPanel is xmj's Current Game Options panel.
func (u *ui) currentOptionsPanel(a *App) *panel {
	cl := tableClient(a)
	if cl == nil || len(cl.GameOptions()) == 0 {
		return okPanel("current", "Current Game Options", []row{{kind: rowText, text: "No game options yet: start a game first."}})
	}
	locked := !mayManage(a)
	var eds []*optEdit
	for _, e := range cl.GameOptions() {
		if e.Enabled {
			eds = append(eds, newOptEdit(e, true))
		}
	}
	p := &panel{id: "current", title: "Current Game Options",
		btns: []Button{{Label: "Apply &changes", ID: "apply", Default: true}, {Label: "Apply &prefs", ID: "prefs"}, {Label: "&Cancel", ID: "cancel"}}}
	var act func(a *App, id string)
	act = func(a *App, id string) {
		if o := findEdit(eds, id); o != nil {
			o.reset()
			u.rebuild(a, p, optionRows(eds, false, locked, act))
		}
	}
	p.rows = optionRows(eds, false, locked, act)
	if locked {
		p.rows = append([]row{{kind: rowText, text: "Only the game manager may change the options of this game."}}, p.rows...)
		p.btns[0].Off, p.btns[1].Off = true, true
		p.btns[0].Default, p.btns[2].Default = false, true
	}
	p.press = func(a *App, p *panel, id string) {
		switch id {
		case "apply":
			n := 0
			for _, o := range eds {
				if o.value() != prefs.OptionValue(o.orig) {
					cl.Send(engine.PSetGameOption{Name: o.e.Name, Value: o.value()})
					n++
				}
			}
			a.announce(fmt.Sprintf("%d game options changed.", n))
		case "prefs":
			n := u.applyOptionPrefs(a)
			a.announce(fmt.Sprintf("%d game option preferences applied.", n))
		}
		u.closePanel(a)
	}
	return p
}

// applyOptionPrefs sends our game option preferences to the game, when
// we may manage it; it returns how many it sent.
func (u *ui) applyOptionPrefs(a *App) int {
	cl := tableClient(a)
	if cl == nil || !mayManage(a) {
		return 0
	}
	n := 0
	for _, s := range optionStrings(&u.p) {
		name, val, _ := cutEq(s)
		cl.Send(engine.PSetGameOption{Name: name, Value: val})
		n++
	}
	return n
}

func cutEq(s string) (string, string, bool) {
	for i := range len(s) {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
