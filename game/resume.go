package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/ai"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/local"
	"mahjong/game/prefs"
)

// The local game is saved after every change (local.Config.Save) so that
// a reload, a closed tab or a crash loses nothing: the start dialog then
// offers "Resume game". The stored text is a small JSON envelope: the
// settings the game was started with and the controller's saved game
// (the original's .mjs wire lines).

// savedVersion is the envelope's format version.
const savedVersion = 1

// savedGame is the stored form of an unfinished local game.
type savedGame struct {
	Version   int          `json:"version"`
	Name      string       `json:"name"`
	Robots    [3]savedSeat `json:"robots"`
	Random    bool         `json:"random,omitempty"`
	ClaimTime int          `json:"claimTime"`
	Seed      uint64       `json:"seed"`
	Game      string       `json:"game"` // the controller's saved game
	// Hands are the Scoring history's hands that Game does not replay.
	Hands []client.HandRecord `json:"hands,omitempty"`
}

type savedSeat struct {
	Name   string   `json:"name"`
	Level  ai.Level `json:"level"`
	Preset string   `json:"preset,omitempty"`
}

// encodeSaved returns the stored form of game, started with set.
func encodeSaved(set settings, game string, hands []client.HandRecord) string {
	sg := savedGame{Version: savedVersion, Name: set.name, Random: set.random, ClaimTime: set.claimTime, Seed: set.seed, Game: game, Hands: hands}
	for i, r := range set.robots {
		sg.Robots[i] = savedSeat{Name: r.Name, Level: r.Level, Preset: r.Preset}
	}
	b, err := json.Marshal(sg)
	if err != nil { // cannot happen: plain fields
		return ""
	}
	return string(b)
}

// decodeSaved reads a stored game and checks that it can be resumed; the
// settings it returns carry the game in resume.
func decodeSaved(text string) (settings, error) {
	var sg savedGame
	if err := json.Unmarshal([]byte(text), &sg); err != nil {
		return settings{}, fmt.Errorf("game: the saved game is damaged: %v", err)
	}
	if sg.Version != savedVersion {
		return settings{}, fmt.Errorf("game: the saved game has format version %d, not %d", sg.Version, savedVersion)
	}
	if sg.Name == "" || sg.Game == "" {
		return settings{}, errors.New("game: the saved game is incomplete")
	}
	if sg.ClaimTime < 0 {
		return settings{}, errors.New("game: the saved game has a negative claim time")
	}
	if err := local.CheckGame(sg.Game); err != nil {
		return settings{}, fmt.Errorf("game: the saved game cannot go on: %v", err)
	}
	set := settings{name: sg.Name, random: sg.Random, claimTime: sg.ClaimTime, seed: sg.Seed, resume: sg.Game, hands: sg.Hands}
	for i, r := range sg.Robots {
		if r.Name == "" {
			return settings{}, errors.New("game: the saved game lacks a robot's name")
		}
		set.robots[i] = RobotSeat{Name: r.Name, Level: r.Level, Preset: r.Preset}
	}
	return set, nil
}

// savesKeeper is a preferences store that also says where saved games
// go (tests: a store that fails).
type savesKeeper interface {
	SavedGames() prefs.Store
}

// memSaves keeps the saved games of in-memory preference stores (tests):
// Apps sharing a prefs.Mem share their saved game too.
var memSaves sync.Map // *prefs.Mem → *prefs.Mem

// savedGames returns where an App's local game is autosaved: in memory
// beside an in-memory preferences store, else the platform's place
// (defaultSavedGames: localStorage, or a file in the configuration
// directory).
func savedGames(st prefs.Store) prefs.Store {
	if w, ok := st.(savesKeeper); ok {
		return w.SavedGames()
	}
	if m, ok := st.(*prefs.Mem); ok {
		v, _ := memSaves.LoadOrStore(m, new(prefs.Mem))
		return v.(*prefs.Mem)
	}
	return defaultSavedGames()
}

// autosave stores a table's local game after every change, and clears
// it once the game is over. A storage failure is reported once on the
// table (the game in memory goes on).
type autosave struct {
	st      prefs.Store
	set     settings // as the game was started (seed included)
	resumed bool     // a resumed game: say Ready once for the player
	readied bool

	mu       sync.Mutex
	err      error               // the last storage failure, nil after a success
	reported bool                // err has been shown
	over     bool                // the game has ended: store nothing more
	pending  string              // the latest save not yet stored ("" when none)
	hands    []client.HandRecord // the earlier hands, with pending
	last     string              // the latest save, stored or not (saves.go: Save)
	file     string              // the name the game was last saved under (Save)
}

func newAutosave(a *App, set settings) *autosave {
	// Only a game saved mid-hand needs the Ready the resume asks for;
	// one saved between hands asks for the player's own Ready, as
	// before the reload.
	midHand := strings.HasPrefix(set.resume, "Wall ") || strings.Contains(set.resume, "\nWall ")
	return &autosave{st: savedGames(a.cfg.Store), set: set, resumed: midHand, last: set.resume}
}

// latest returns the game as last saved (the .mjs text; "" none yet).
func (s *autosave) latest() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// save keeps game to be stored on the next table tick (local.Config.Save:
// on the game's host goroutine). A burst of robot moves within one frame
// is stored once: each store writes the whole game, and in the browser
// that write blocks the page.
func (s *autosave) save(game string, hands []client.HandRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.over {
		s.pending, s.hands = game, hands
		s.last = game
	}
}

// flushNow stores the pending save, if any, now.
func (s *autosave) flushNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flush()
}

// flush stores the pending save, if any (s.mu held).
func (s *autosave) flush() {
	if s.pending != "" && !s.over {
		s.failed(s.st.Save(encodeSaved(s.set, s.pending, s.hands)))
	}
	s.pending = ""
}

// failed records the outcome of a store operation (s.mu held).
func (s *autosave) failed(err error) {
	if err == nil {
		s.err, s.reported = nil, false
	} else if s.err == nil {
		s.err = err
	}
}

// update runs on each table tick: it says Ready once after a resume (the
// controller pauses a resumed game until everybody is ready, and the
// player returns to the dialog they left), reports storage failures and
// forgets the game once it is over.
func (s *autosave) update(a *App, t *tableScene) {
	if t.cl == nil {
		return
	}
	publishState(a, t) // saves.go: mahjong.state()
	pollOpened(a)      // saves.go: Resume game…
	if s.resumed && !s.readied && t.prompt.Kind != client.None {
		s.readied = true
		if t.prompt.Kind == client.Ready {
			if err := t.cl.PressDefault(); err != nil {
				a.announce(err.Error())
			}
		}
	}
	s.mu.Lock()
	s.flush()
	if t.prompt.Kind == client.GameOver && !s.over {
		s.over = true
		s.failed(s.st.Save(""))
	}
	var msg string
	if s.err != nil && !s.reported {
		s.reported = true
		msg = fmt.Sprintf("The game could not be saved in %s (%v); it goes on, but a reload would lose it.", s.st.Where(), s.err)
	}
	s.mu.Unlock()
	if msg != "" {
		a.announce(msg)
		t.notice, t.noticeT = msg, a.tick+300
		a.dirty()
	}
}

// resumeOffer is the start dialog's "Resume game": shown when a saved
// game is stored.
type resumeOffer struct {
	btn  Button
	text string // the stored game ("" none)
	err  string // why it cannot be resumed
}

func loadResumeOffer(a *App) resumeOffer {
	o := resumeOffer{btn: Button{Label: "&Resume game", ID: "resume"}}
	st := savedGames(a.cfg.Store)
	text, err := st.Load()
	if err != nil {
		o.err = fmt.Sprintf("The saved game could not be read from %s: %v.", st.Where(), err)
		a.announce(o.err)
		return o
	}
	o.text = text
	return o
}

// shown reports whether the Resume button is on the dialog.
func (o *resumeOffer) shown() bool { return o.text != "" }

// layoutResume puts Start and Resume side by side on the Start row when
// a saved game is offered.
func layoutResume(g *StartGeom, start, resume *Button, css float64) {
	if start.Rect.W == 0 || resume == nil {
		return
	}
	gap := math.Round(6 * css)
	w := math.Min(math.Round((g.Title.W-gap)/2), math.Round(200*css))
	x := g.Title.X + math.Round((g.Title.W-2*w-gap)/2)
	g.Start = Rect{x, g.Start.Y, w, g.Start.H}
	start.Rect = g.Start
	resume.Rect = Rect{x + w + gap, g.Start.Y, w, g.Start.H}
}

// layout places the Resume button (start scene update hook).
func (o *resumeOffer) layout(a *App, s *startScene) {
	pollOpened(a) // saves.go: Resume game…
	if o.shown() {
		layoutResume(&s.geom, &s.start, &o.btn, a.scr.scale())
	}
}

// intent handles a key or tap for the Resume button; true if it was.
func (o *resumeOffer) intent(a *App, it Intent) bool {
	if !o.shown() || ButtonFor([]Button{o.btn}, it) != 0 {
		return false
	}
	o.resume(a)
	return true
}

// resume starts the saved game, or refuses it with a message (and
// changes nothing else: the stored text stays as it is).
func (o *resumeOffer) resume(a *App) {
	set, err := decodeSaved(o.text)
	if err != nil {
		o.err = "This saved game cannot be resumed: " + err.Error() + "."
		o.btn.Off = true
		a.announce(o.err)
		a.dirty()
		return
	}
	a.announce("Resuming the saved game.")
	a.switchTo(newTableScene(a, set))
}

// draw draws the Resume button and any message under the dialog.
func (o *resumeOffer) draw(dst *ebiten.Image, a *App, g *StartGeom, f, css float64) {
	if o.shown() {
		drawButton(dst, a.g, &o.btn, f, css)
	}
	if o.err == "" {
		return
	}
	h := math.Round(MinButton * css)
	r := Rect{g.Panel.X, g.Panel.Y + g.Panel.H + 6*css, g.Panel.W, h}
	if r.Y+r.H > a.scr.H {
		r.Y = math.Max(0, g.Panel.Y-h-6*css)
	}
	roundRect(dst, r, 6*css, colPanel)
	a.g.text(dst, r.Inset(8*css), art.Regular, f*0.85, o.err, colText, alignCenter)
}
