package game

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/ai"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/prefs"
)

// Config sets up an App. The zero value is a usable default: a new-game
// dialog, then a local game against three robots.
type Config struct {
	Announce   func(string) // says a game event in words (the page's live region); nil: silent
	FirstFrame func()       // called once, after the first frame of the table is drawn

	// The new local game (the start dialog's initial values).
	Name        string        // our name; "" means "Player"
	Robots      [3]RobotSeat  // the three robots (zero: default names, level Hard)
	RandomSeats bool          // seat the players randomly
	ClaimTime   int           // seconds to claim a discard; 0 means 15, negative means no limit
	Seed        uint64        // seed of the local game (walls, dice, robots); 0: from the clock
	AutoStart   bool          // start the local game at once, without the start dialog
	RobotDelay  time.Duration // pause before each robot move; 0 means 350 ms, negative means none
	GameOptions []string      // game options for the local game, "Name=value" (e.g. "NumRounds=1")

	// Online play (online.go): the page's address (for room links), the
	// relay's endpoint ("" : the one next to Page) and a room to join at
	// once (the page's ?room=CODE).
	Page  string
	Relay string
	Room  string

	// Display options (xmj's display preferences and flags).
	ShowWall     WallMode        // WallWhenRoom (default), WallAlways, WallNever
	NoAnimation  bool            // do not animate tile movements
	Tileset      art.TileSet     // art.Classic (default) or art.Numbered
	Dialogs      DialogPos       // DialogsCentral (default), DialogsBelow, DialogsPopup
	Size         int             // rack length in tiles, 14..19; 0: automatic
	Scale        float64         // device pixels per CSS pixel; 0: the monitor's
	FlatLabels   bool            // keep the left and right players' labels horizontal (xmj's RotateLabels off)
	AlertMahJong bool            // alert when the discard or drawn tile makes mah-jong possible
	Sort         client.SortMode // how our tiles are kept in order (xmj's SortTiles)

	// Preferences (menus.go, prefs.go): where they are kept (nil:
	// prefs.Default(), localStorage or the .xmjrc file) and, if the
	// program has already loaded and applied them (ApplyPrefs, before its
	// flags), those; nil: NewApp loads them from Store and applies them.
	Store prefs.Store
	Prefs *prefs.Prefs
}

// RobotSeat is one robot of a new local game.
type RobotSeat struct {
	Name   string   // "" means a default name
	Level  ai.Level // zero means the default (Hard)
	Preset string   // personality: the name of one of ai.Presets; "" the default
}

// scene is one screen of the App: the start dialog or the table.
type scene interface {
	update(a *App, its []Intent) error
	draw(dst *ebiten.Image, a *App)
}

// App is the whole program as Ebitengine runs it: a start scene with the
// new-game dialog, then the table. It implements ebiten.Game (with
// LayoutF, drawing in device pixels).
type App struct {
	cfg   Config
	in    *Input
	poll  poller
	g     *gfx
	scr   Screen
	scene scene
	next  scene // switch at the next Update

	tick     int    // Update count
	gen      uint64 // changes whenever the picture must be redrawn
	drawnGen uint64 // generation last drawn (render cache, written by Draw)
	drawnW   float64
	drawnH   float64
	first    bool // FirstFrame has been called
	ui       *ui  // menus, windows and preferences (menu.go)
	quit     bool // the Quit menu entry was chosen

	// saving is the table's autosave, for Flush (which the page calls
	// from outside the game loop).
	saving atomic.Pointer[autosave]
	draws  atomic.Int64 // frames drawn (Draw calls that drew), for Draws
	idle   *idler       // frames on demand while nothing changes (idle.go)
}

// Draws returns how many frames the App has drawn: Draw returns at once
// when nothing changed, so this, against the time or the CPU spent, says
// what a drawn frame costs.
func (a *App) Draws() int64 { return a.draws.Load() }

// InputsSeen returns how many presses and releases the App's input has
// seen (Input.Seen), for tests that hold an input until it is seen.
func (a *App) InputsSeen() int64 { return a.in.Seen() }

// Flush stores the local game's latest autosave now, if one is waiting
// for the next tick. The page calls it when it is hidden or unloaded.
func (a *App) Flush() {
	if s := a.saving.Load(); s != nil {
		s.flushNow()
	}
}

// NewApp returns the App for cfg.
func NewApp(cfg Config) *App {
	if cfg.Name == "" {
		cfg.Name = "Player"
	}
	// Nothing is redrawn while nothing changes: the screen keeps the last
	// frame.
	ebiten.SetScreenClearedEveryFrame(false)
	a := &App{cfg: cfg, g: newGfx(), gen: 1, idle: newIdler()}
	a.in = NewInput(1)
	a.ui = newUI(&a.cfg)
	if cfg.AutoStart {
		a.scene = newTableScene(a, startSettings(cfg))
	} else {
		a.scene = newStartScene(a)
	}
	return a
}

// Update advances the App by one tick: input, the game, animations.
func (a *App) Update() error {
	a.tick++
	if a.tick == 1 {
		a.startOnline() // online.go: a ?room=CODE link opens Join online game
	}
	if a.next != nil {
		a.scene, a.next = a.next, nil
		a.dirty()
	}
	a.in.Scale = a.scr.scale()
	k, ptrs := a.poll.poll()
	its := a.in.Step(k, ptrs)
	for _, it := range its {
		if it.Kind != Hover {
			a.dirty()
		}
	}
	its = a.ui.update(a, its, pollMenuKeys())
	err := a.scene.update(a, its)
	a.ui.after(a)
	var cl *client.Client
	if t, ok := a.scene.(*tableScene); ok {
		cl = t.cl
	}
	a.idle.step(a.gen, a.in.Held() || a.next != nil, cl)
	if a.quit {
		return ebiten.Termination
	}
	return err
}

// dirty asks for the picture to be redrawn.
func (a *App) dirty() { a.gen++ }

// switchTo changes the scene at the next Update.
func (a *App) switchTo(s scene) { a.next = s }

// Draw draws the current scene when something changed since the last
// frame; otherwise the screen, which Ebitengine keeps, is left alone.
func (a *App) Draw(screen *ebiten.Image) {
	w, h := float64(screen.Bounds().Dx()), float64(screen.Bounds().Dy())
	if a.gen == a.drawnGen && w == a.drawnW && h == a.drawnH {
		return
	}
	a.drawnGen, a.drawnW, a.drawnH = a.gen, w, h
	a.draws.Add(1)
	a.scene.draw(screen, a)
	a.ui.draw(screen, a)
	if t, ok := a.scene.(*tableScene); ok && !a.first && t.ready() {
		a.first = true
		if a.cfg.FirstFrame != nil {
			a.cfg.FirstFrame()
		}
	}
}

// LayoutF makes the screen as large as the window in device pixels, so
// that text and tiles are drawn crisply.
func (a *App) LayoutF(ow, oh float64) (float64, float64) {
	s := a.cfg.Scale
	if s <= 0 {
		s = ebiten.Monitor().DeviceScaleFactor()
	}
	if s <= 0 {
		s = 1
	}
	w, h := math.Ceil(ow*s), math.Ceil(oh*s)
	if w != a.scr.W || h != a.scr.H || s != a.scr.Scale {
		a.scr = Screen{W: w, H: h, Scale: s}
		a.dirty()
	}
	return w, h
}

// Layout is never called (LayoutF is); it is here for ebiten.Game.
func (a *App) Layout(ow, oh int) (int, int) {
	w, h := a.LayoutF(float64(ow), float64(oh))
	return int(w), int(h)
}

// announce says s through Config.Announce.
func (a *App) announce(s string) {
	if a.cfg.Announce != nil && s != "" {
		a.cfg.Announce(s)
	}
}
