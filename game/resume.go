package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

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
	// Shown, in a game saved between hands, is the finished hand as our
	// seat saw it (local.Saved.Shown), for the table to show it again.
	Shown string `json:"shown,omitempty"`
	// AwaitsReady: saved mid-hand while play waited for our Ready
	// (local.Saved.AwaitsReady): the resumed table leaves Ready to us.
	AwaitsReady bool `json:"awaitsReady,omitempty"`
	// SavedAt is when the game was saved (Unix milliseconds), for the
	// resume list.
	SavedAt int64 `json:"savedAt,omitempty"`
}

type savedSeat struct {
	Name   string   `json:"name"`
	Level  ai.Level `json:"level"`
	Preset string   `json:"preset,omitempty"`
}

// encodeSaved returns the stored form of sv, a game started with set and
// saved at.
func encodeSaved(set settings, sv local.Saved, at time.Time) string {
	sg := savedGame{Version: savedVersion, Name: set.name, Random: set.random, ClaimTime: set.claimTime, Seed: set.seed,
		Game: sv.Game, Hands: sv.Hands, Shown: sv.Shown, AwaitsReady: sv.AwaitsReady, SavedAt: at.UnixMilli()}
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
	if sg.Shown != "" {
		if _, err := local.ParseGame(sg.Shown); err != nil {
			return settings{}, fmt.Errorf("game: the saved game's last hand is damaged: %v", err)
		}
	}
	set := settings{name: sg.Name, random: sg.Random, claimTime: sg.ClaimTime, seed: sg.Seed, resume: sg.Game, hands: sg.Hands, shown: sg.Shown, awaitsReady: sg.AwaitsReady}
	for i, r := range sg.Robots {
		if r.Name == "" {
			return settings{}, errors.New("game: the saved game lacks a robot's name")
		}
		set.robots[i] = RobotSeat{Name: r.Name, Level: r.Level, Preset: r.Preset}
	}
	return set, nil
}

// autosave stores a table's local game after every change, and clears
// it once the game is over. A storage failure is reported once on the
// table (the game in memory goes on).
type autosave struct {
	shelf   shelf
	st      prefs.Store // set.slot on shelf
	fresh   bool        // the slot is new: make room on the shelf first
	set     settings    // as the game was started (seed included)
	resumed bool        // a resumed game: say Ready once for the player
	readied bool

	mu       sync.Mutex
	err      error       // the last storage failure, nil after a success
	reported bool        // err has been shown
	over     bool        // the game has ended: store nothing more
	pending  local.Saved // the latest save not yet stored (Game "" when none)
	last     string      // the latest save's game, stored or not (saves.go: Save)
	file     string      // the name the game was last saved under (Save)
	dropped  int         // old games dropped to make room, not yet said
}

func newAutosave(a *App, set settings) *autosave {
	// Only a game saved mid-hand needs the Ready the resume asks for;
	// one saved between hands, or while play waited for the player's
	// Ready, asks for the player's own Ready, as before the reload.
	midHand := strings.HasPrefix(set.resume, "Wall ") || strings.Contains(set.resume, "\nWall ")
	midHand = midHand && !set.awaitsReady
	sh := savedShelf(a.cfg.Store)
	fresh := set.slot == ""
	if fresh {
		set.slot = newSlotName(time.Now())
	}
	return &autosave{shelf: sh, st: sh.Slot(set.slot), fresh: fresh, set: set, resumed: midHand, last: set.resume}
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
func (s *autosave) save(sv local.Saved) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.over {
		s.pending = sv
		s.last = sv.Game
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
	if s.pending.Game == "" || s.over {
		s.pending = local.Saved{}
		return
	}
	if s.fresh {
		// A new game's first save: drop the oldest kept games if the
		// shelf is full. A failure here is not the save's.
		s.fresh = false
		if n, err := makeRoom(s.shelf, s.set.slot); err == nil && n > 0 {
			s.dropped = n
		}
	}
	s.failed(s.st.Save(encodeSaved(s.set, s.pending, time.Now())))
	s.pending = local.Saved{}
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
	if s.dropped > 0 && msg == "" {
		msg = fmt.Sprintf("At most %d unfinished games are kept: the oldest was removed.", maxKept)
		if s.dropped > 1 {
			msg = fmt.Sprintf("At most %d unfinished games are kept: the %d oldest were removed.", maxKept, s.dropped)
		}
		s.dropped = 0
	}
	s.mu.Unlock()
	if msg != "" {
		a.announce(msg)
		t.notice, t.noticeT = msg, a.tick+300
		a.dirty()
	}
}

// resumeOffer is the start dialog's "Resume game": shown when saved
// games are kept. With one game it resumes it; with several it opens the
// list of kept games (Saved games).
type resumeOffer struct {
	btn  Button
	kept []keptGame // newest first
	err  string     // why a game cannot be resumed
}

func loadResumeOffer(a *App) resumeOffer {
	o := resumeOffer{btn: Button{Label: "&Resume game", ID: "resume"}}
	sh := savedShelf(a.cfg.Store)
	kept, err := listKept(sh)
	if err != nil {
		o.err = fmt.Sprintf("The saved games could not be read from %s: %v.", sh.Where(), err)
		a.announce(o.err)
		return o
	}
	o.kept = kept
	if len(kept) > 1 {
		o.btn.Label = fmt.Sprintf("&Resume game… (%d)", len(kept))
	}
	return o
}

// shown reports whether the Resume button is on the dialog.
func (o *resumeOffer) shown() bool { return len(o.kept) > 0 }

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

// resume resumes the one kept game, or lists them when there are
// several.
func (o *resumeOffer) resume(a *App) {
	if len(o.kept) == 1 {
		if msg := resumeKept(a, o.kept[0]); msg != "" {
			o.err = msg
			o.btn.Off = true
		}
		return
	}
	a.ui.openPanel(a, keptPanel(a, o))
}

// resumeKept starts a kept game, or says why it cannot (and changes
// nothing else: the stored text stays as it is).
func resumeKept(a *App, k keptGame) string {
	err := k.err
	var set settings
	if err == nil {
		set, err = decodeSaved(k.text)
	}
	if err != nil {
		msg := "This saved game cannot be resumed: " + strings.TrimPrefix(err.Error(), "game: ") + "."
		a.announce(msg)
		a.dirty()
		return msg
	}
	set.slot = k.slot
	a.announce("Resuming the saved game.")
	a.switchTo(newTableScene(a, set))
	return ""
}

// keptPanel lists the kept games, newest first, each with Resume and
// Delete.
func keptPanel(a *App, o *resumeOffer) *panel {
	p := &panel{id: "kept", title: "Saved games", btns: []Button{{Label: "&Close", ID: "close", Default: true}}}
	p.press = func(a *App, p *panel, id string) { a.ui.closePanel(a) }
	act := func(a *App, id string) {
		verb, n, _ := strings.Cut(id, ":")
		i, err := strconv.Atoi(n)
		if err != nil || i < 0 || i >= len(o.kept) {
			return
		}
		k := o.kept[i]
		switch verb {
		case "resume":
			if msg := resumeKept(a, k); msg != "" {
				o.err = msg
				return
			}
			a.ui.closePanel(a)
		case "delete":
			sh := savedShelf(a.cfg.Store)
			if err := sh.Slot(k.slot).Save(""); err != nil {
				a.announce(fmt.Sprintf("The saved game could not be deleted from %s: %v.", sh.Where(), err))
				return
			}
			o.kept = slices.Delete(o.kept, i, i+1)
			a.announce("Saved game deleted: " + k.title() + ".")
			if len(o.kept) == 0 {
				a.ui.closePanel(a)
				return
			}
			if len(o.kept) == 1 {
				o.btn.Label = "&Resume game"
			} else {
				o.btn.Label = fmt.Sprintf("&Resume game… (%d)", len(o.kept))
			}
			a.ui.rebuild(a, p, keptRows(o, p))
		}
	}
	p.rows = keptRows(o, p)
	for i := range p.rows {
		p.rows[i].act = act
	}
	return p
}

// keptRows returns a row per kept game: when it was saved and what it
// is, with its Resume and Delete buttons.
func keptRows(o *resumeOffer, p *panel) []row {
	var rows []row
	var act func(a *App, id string)
	if len(p.rows) > 0 {
		act = p.rows[0].act
	}
	for i, k := range o.kept {
		n := strconv.Itoa(i)
		rows = append(rows, row{kind: rowActions, label: k.title(), act: act,
			acts: []Button{{Label: "Resume", ID: "resume:" + n}, {Label: "Delete", ID: "delete:" + n}}})
	}
	return rows
}

// title describes a kept game for the list: when it was saved and who
// plays, the round and the scores (or why it cannot be read).
func (k keptGame) title() string {
	when := "Saved"
	if !k.saved.IsZero() {
		when = "Saved " + k.saved.Local().Format("2 Jan 15:04")
	}
	if k.err != nil {
		return when + ": cannot be read (" + k.err.Error() + ")"
	}
	return when + ": " + k.about
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
