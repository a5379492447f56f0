package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/local"
)

// TableState is a read-only summary of what the table shows: the seat's
// view of the game, our hand in our order, what we are asked and whether
// the Scoring window is open. Tests compare it before and after a reload
// (the page's mahjong.state() returns it as JSON); nothing reads it back.
type TableState struct {
	View     string              `json:"view"` // engine.View.String: phase, turn, tiles, discards, wall
	Round    string              `json:"round"`
	Players  []PlayerState       `json:"players"`
	Hand     []string            `json:"hand"`     // our concealed tiles, in our order
	Scores   map[int]int         `json:"scores"`   // the last hand's scores by id
	Settled  []int               `json:"settled"`  // the last hand's settlement (East..North gains), if any
	History  []client.HandRecord `json:"history"`  // the hands finished
	Prompt   string              `json:"prompt"`   // what we are asked (client.Kind)
	Buttons  []string            `json:"buttons"`  // its buttons' labels
	Tile     string              `json:"tile"`     // the tile in question, if any
	Scoring  bool                `json:"scoring"`  // the Scoring window is open
	GameOver bool                `json:"gameOver"` // the game has ended
}

// PlayerState is one seat of a TableState.
type PlayerState struct {
	ID         int    `json:"id"`
	Name       string `json:"name"`
	Wind       string `json:"wind"`
	Cumulative int    `json:"cumulative"`
	HandScore  int    `json:"handScore"`
	Tiles      string `json:"tiles"` // as we see them
	Calling    bool   `json:"calling"`
}

// summarise summarises t (on the game loop's goroutine).
func summarise(t *tableScene) TableState {
	st := TableState{Scores: map[int]int{}, Prompt: t.prompt.Kind.String(), Scoring: t.score.open}
	if t.cl == nil {
		return st
	}
	v := t.cl.View()
	g := v.Game
	st.View = v.String()
	st.Round = g.Round.String()
	for i := range g.Players {
		p := g.Players[i]
		if p == nil {
			continue
		}
		name := p.Name
		if name == "" { // ours: the controller never names us to ourselves
			name = v.Names[p.ID]
		}
		st.Players = append(st.Players, PlayerState{ID: p.ID, Name: name, Wind: p.Wind.String(),
			Cumulative: p.CumulativeScore, HandScore: p.HandScore, Tiles: p.TilesString(p.ID != v.ID),
			Calling: p.Calling || p.OriginalCall})
	}
	for _, tl := range t.cl.Hand() {
		st.Hand = append(st.Hand, tl.String())
	}
	for id, s := range v.Scores {
		st.Scores[id] = s.Score
	}
	if v.Settled != nil {
		st.Settled = settlement(v.Settled)
	}
	st.History = t.cl.History()
	for _, b := range t.prompt.Buttons {
		st.Buttons = append(st.Buttons, b.Label)
	}
	if t.prompt.Tile != engine.Blank {
		st.Tile = t.prompt.Tile.String()
	}
	st.GameOver = v.Over
	return st
}

// settlement returns a settlement's gains, East, South, West, North.
func settlement(s *engine.CSettlement) []int {
	return []int{s.East, s.South, s.West, s.North}
}

// lastState is the latest TableState as JSON, for mahjong.state().
var lastState atomic.Pointer[string]

// stateGen is the App generation lastState was made for.
var stateGen uint64

// publishState refreshes lastState when the picture has changed (on the
// game loop's goroutine, from autosave.update). It waits for the first
// frame: on a first visit every function runs for the first time, and
// summarising the table cost 70 ms of the start there.
func publishState(a *App, t *tableScene) {
	if !a.first || a.gen == stateGen && lastState.Load() != nil {
		return
	}
	stateGen = a.gen
	b, err := json.Marshal(summarise(t))
	if err != nil {
		return
	}
	s := string(b)
	lastState.Store(&s)
	exposeState()
}

// StateJSON returns the table's latest TableState as JSON ("" before a
// table has been shown).
func StateJSON() string {
	if p := lastState.Load(); p != nil {
		return *p
	}
	return ""
}

// Save, Save as and Resume game… (the Game menu), as xmj has them: the
// game is written in the original's saved-game format (.mjs: the
// controller's wire lines, which both mj-servers load with --load-game),
// downloaded in the browser or written in the working directory on the
// desktop; Resume game… reads such a file (an upload in the browser, the
// newest .mjs of the working directory on the desktop), ours or the
// original server's, and continues it here against robots.

// openedFile is a file the player picked, on its way to the game loop
// (the browser's file picker answers on another goroutine).
type openedFile struct {
	kind       fileKind
	name, text string
	err        error
}

// fileKind is what a picked file is for.
type fileKind int

const (
	fileSave  fileKind = iota // a saved game, to resume
	filePrefs                 // preferences, to import (prefsfile.go)
)

var opened = make(chan openedFile, 1)

// deliverOpened hands a picked file to the game loop (any goroutine); a
// second pick before the first is taken replaces nothing.
func deliverOpened(f openedFile) {
	select {
	case opened <- f:
	default:
	}
}

// fileCommand runs the Game menu's save, saveas and resume entries.
func fileCommand(a *App, id string) {
	switch id {
	case "resume":
		pickFile(fileSave)
		return
	}
	t, _ := a.scene.(*tableScene)
	if t == nil || t.saver == nil || t.loc == nil {
		a.announce("There is no local game to save.")
		return
	}
	text := t.saver.latest()
	if text == "" {
		a.announce("There is nothing to save yet: the game has not started.")
		return
	}
	name := t.saver.file
	if name == "" || id == "saveas" {
		def := name
		if def == "" {
			def = "mahjong-" + time.Now().Format("20060102-1504") + ".mjs"
		}
		n, ok := askFileName(def)
		if !ok {
			return
		}
		name = cleanFileName(n)
	}
	where, err := writeSave(name, text)
	if err != nil {
		msg := fmt.Sprintf("The game could not be saved as %s: %v.", name, err)
		a.announce(msg)
		t.notice, t.noticeT = msg, a.tick+300
		a.dirty()
		return
	}
	t.saver.file = name
	a.announce("Game saved as " + where + ".")
}

// cleanFileName keeps a file name to its last element and gives it the
// .mjs extension.
func cleanFileName(n string) string {
	n = strings.TrimSpace(n)
	if i := strings.LastIndexAny(n, `/\`); i >= 0 {
		n = n[i+1:]
	}
	if n == "" || n == "." || n == ".." {
		n = "mahjong"
	}
	if !strings.HasSuffix(strings.ToLower(n), ".mjs") {
		n += ".mjs"
	}
	return n
}

// pollOpened takes a picked file, if one is waiting, and resumes it (on
// the game loop's goroutine: the start scene's and the table's updates).
func pollOpened(a *App) {
	select {
	case f := <-opened:
		if f.kind == filePrefs {
			importPrefs(a, f)
		} else {
			resumeFile(a, f)
		}
	default:
	}
}

// resumeFile starts the game in f, or says why it cannot (and changes
// nothing else: the game being played, if any, goes on).
func resumeFile(a *App, f openedFile) {
	set, err := fileSettings(a, f)
	if err != nil {
		msg := fmt.Sprintf("The file %s cannot be resumed: %v.", f.name, err)
		a.announce(msg)
		switch s := a.scene.(type) {
		case *startScene:
			s.saved.err = msg
		case *tableScene:
			s.notice, s.noticeT = msg, a.tick+300
		}
		a.dirty()
		return
	}
	if t, ok := a.scene.(*tableScene); ok {
		t.close()
	}
	a.announce("Resuming the game in " + f.name + ".")
	a.switchTo(newTableScene(a, set))
}

// fileSettings reads a picked file: our stored form (JSON) or a .mjs
// saved game. In a .mjs we are the player named as we are (else the first
// player) and robots take the other seats under their names.
func fileSettings(a *App, f openedFile) (settings, error) {
	if f.err != nil {
		return settings{}, f.err
	}
	text := strings.TrimPrefix(f.text, "\ufeff")
	if strings.HasPrefix(strings.TrimSpace(text), "{") {
		set, err := decodeSaved(text)
		if err != nil {
			return settings{}, errors.New(strings.TrimPrefix(err.Error(), "game: "))
		}
		return set, nil
	}
	msgs, err := local.ParseGame(text)
	if err != nil {
		return settings{}, errors.New(strings.TrimPrefix(err.Error(), "local: "))
	}
	if err := local.CheckGame(text); err != nil {
		return settings{}, errors.New(strings.TrimPrefix(err.Error(), "local: "))
	}
	var ids []int
	names := map[int]string{}
	for _, m := range msgs {
		if p, ok := m.(engine.CPlayer); ok && p.ID != 0 {
			if _, seen := names[p.ID]; !seen {
				ids = append(ids, p.ID)
			}
			names[p.ID] = p.Name
		}
	}
	if len(ids) != engine.NumSeats {
		return settings{}, fmt.Errorf("it names %d players, not %d", len(ids), engine.NumSeats)
	}
	set := startSettings(a.cfg)
	ours := 0
	for i, id := range ids {
		if names[id] == a.cfg.Name {
			ours = i
		}
	}
	set.name = names[ids[ours]]
	r := 0
	for i, id := range ids {
		if i == ours {
			continue
		}
		if names[id] == "" || names[id] == set.name {
			return settings{}, errors.New("its players' names are not all different")
		}
		set.robots[r] = RobotSeat{Name: names[id], Level: set.robots[r].Level}
		r++
	}
	set.resume = text
	return set, nil
}

// maxSaveBytes bounds a saved game read from a file (a whole game of
// the original's is a few tens of kilobytes).
const maxSaveBytes = 4 << 20
