package local

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"mahjong/ai"
	"mahjong/ai/player"
	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/client"
)

// Robot configures one robot seat.
type Robot struct {
	Name  string   // shown at the table; default "Robot 1".."Robot 3"
	Level ai.Level // zero: the default level
	Style ai.Style // personality; zero: the robot's default
}

// Config describes a local game.
type Config struct {
	Name        string        // our name (must match the name the client connects with)
	Robots      [3]Robot      // the other three seats
	RandomSeats bool          // seat players randomly (else in order of connection: us first = East)
	Timeout     int           // claim time limit in seconds; 0: no limit
	Options     []string      // game options as "Name=value" (e.g. "Flowers=0", "NumRounds=1")
	Seed        int           // the game's random seed (walls, dice, seating, robots' noise)
	Delay       time.Duration // pause before each robot move, so humans can follow; 0: none
	Log         func(string)  // optional diagnostics

	// Save, if set, receives the game as it goes: after every change,
	// from the first deal until the game ends. It runs on the host's
	// goroutine: keep it quick (store the text and return).
	Save func(Saved)
	// History is the Scoring history saved beside Resume.
	History []client.HandRecord
	// Resume, if set, continues this saved game (FormatGame's text, or
	// a file the original server saved) instead of starting a new one.
	// Name and the robots' names must be those of the saved game.
	Resume string
	// Shown is the Saved.Shown stored with Resume: kept in the saves of
	// the resumed game until its next hand is dealt.
	Shown string
}

// Saved is one autosave of a local game.
type Saved struct {
	// Game is the controller's saved game (FormatGame's text, the
	// original's .mjs format).
	Game string
	// Hands are the Scoring history's finished hands (a resumed game
	// does not send them again), to give back with Config.History.
	Hands []client.HandRecord
	// Shown, between hands, is what our seat was sent during the hand
	// just finished (wire lines, for client.Client.Replay): a game
	// resumed between hands is not sent that hand again. "" mid-hand.
	Shown string
	// AwaitsReady: the hand was paused for our Ready (a start-of-play
	// pause or someone's request). A resumed game then asks for Ready
	// anyway (the controller pauses it "to continue play"), and that
	// one answer must be the player's own, not an automatic one.
	AwaitsReady bool
}

// Game is a running local game.
type Game struct {
	cfg   Config
	host  *Host
	ours  protocol.LineConn // the client's end
	next  int               // robots started
	auto  Autosaver
	hist  client.HistoryRecorder // the hands as our seat sees them, for Save
	shown seatLog                // the hand as our seat sees it, for Save
	cnx   int                    // our connection number (host goroutine)
	me    int                    // our player id, once seated
	in    bool
	mu    sync.Mutex
	err   error
}

// ParseOptions turns "Name=value" strings into the controller's option
// entries; an unknown option or a bad value is an error.
func ParseOptions(opts []string) ([]engine.CGameOption, error) {
	var out []engine.CGameOption
	for _, o := range opts {
		name, val, ok := strings.Cut(o, "=")
		if !ok {
			return nil, fmt.Errorf("local: option %q: want Name=value", o)
		}
		id, ok := engine.LookupOption(strings.TrimSpace(name))
		if !ok {
			return nil, fmt.Errorf("local: unknown game option %q", name)
		}
		v, err := engine.ParseOptionValue(id, strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("local: option %s: %w", name, err)
		}
		def := engine.OptionDefs[id]
		out = append(out, engine.CGameOption{Entry: engine.OptionEntry{
			Name: def.Name, Type: def.Type, MinProt: def.MinProt, Enabled: true, Value: v, Desc: def.Desc,
		}})
	}
	return out, nil
}

// Start sets up the controller and starts the game's goroutines. Our seat
// is Conn(); the robots join once we have connected.
func Start(cfg Config) (*Game, error) {
	if cfg.Name == "" {
		return nil, errors.New("local: a name is required")
	}
	if cfg.Timeout < 0 {
		return nil, errors.New("local: negative time limit")
	}
	optFile, err := ParseOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	for i := range cfg.Robots {
		if cfg.Robots[i].Name == "" {
			cfg.Robots[i].Name = fmt.Sprintf("Robot %d", i+1)
		}
	}
	so := engine.ServerOptions{Timeout: cfg.Timeout, Seed: cfg.Seed, OptionFile: optFile}
	if cfg.RandomSeats {
		so.Seating = engine.SeatRandomly
	}
	g := &Game{cfg: cfg, cnx: -1}
	g.hist.Restore(cfg.History)
	if cfg.Shown != "" {
		if _, err := ParseGame(cfg.Shown); err != nil {
			return nil, fmt.Errorf("local: resuming the finished hand: %w", err)
		}
		g.shown.kept = cfg.Shown
	}
	g.auto.Install(&so) // keeps the hand history: a save can resume mid-hand
	c := engine.NewController(so)
	if cfg.Resume != "" {
		msgs, err := ParseGame(cfg.Resume)
		if err == nil {
			err = c.LoadGame(msgs)
		}
		if err != nil {
			return nil, fmt.Errorf("local: resuming: %w", err)
		}
	}
	g.host = NewHost(context.Background(), c, Hooks{
		Handled: g.handled,
		Send:    g.send,
		Tick:    g.tick,
		Lost: func(cnx int, err error) {
			c := g.host.Controller()
			if !c.GameOver() && !c.Exit() {
				g.fail(fmt.Errorf("local: connection %d lost: %v", cnx, err))
			}
		},
	})
	hostEnd, ours := protocol.Pipe()
	g.ours = ours
	if err := g.host.Do(func() { g.cnx = g.host.Attach(hostEnd) }); err != nil || g.cnx < 0 {
		hostEnd.Close()
		g.host.Close()
		return nil, errors.New("local: the controller refused our seat")
	}
	return g, nil
}

// Conn returns our seat's connection, for client.New. The client owns it
// (closing it leaves the game).
func (g *Game) Conn() protocol.LineConn { return g.ours }

// Done is closed when the game's host has stopped (game over and the
// players gone, a player lost, or Close).
func (g *Game) Done() <-chan struct{} { return g.host.Done() }

// Err returns a robot's or the host's failure, if any.
func (g *Game) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// GameOver reports whether the game has ended (valid after Done).
func (g *Game) GameOver() bool { return g.host.GameOver() }

func (g *Game) fail(err error) {
	g.mu.Lock()
	if g.err == nil {
		g.err = err
	}
	g.mu.Unlock()
	g.logf("%v", err)
}

func (g *Game) logf(format string, args ...any) {
	if g.cfg.Log != nil {
		g.cfg.Log(fmt.Sprintf(format, args...))
	}
}

// Close stops the game: the robots, the host and our connection's host
// end, and waits for all of them.
func (g *Game) Close() error { return g.host.Close() }

// send sees every message: it learns when we are seated, and lets the
// autosaver see the game change.
func (g *Game) send(o engine.Output) bool {
	if r, ok := o.Event.(engine.CConnectReply); ok && r.ID > 0 && o.Conn == g.cnx {
		g.in, g.me = true, r.ID
	}
	keep := g.auto.Sent(o)
	if o.Conn == g.cnx && keep {
		cg := g.host.Controller().Game()
		g.hist.Record(cg, o.Event)
		g.shown.record(cg, g.me, o.Event)
	}
	return keep
}

// tick saves the game after every change.
func (g *Game) tick() {
	if g.cfg.Save == nil || !g.in {
		return
	}
	if s, ok := g.auto.Take(g.host, g.cnx); ok {
		cg := g.host.Controller().Game()
		g.cfg.Save(Saved{Game: s, Hands: g.hist.Finished(), Shown: g.shown.finished(cg), AwaitsReady: awaitsReady(cg, g.me)})
	}
}

// awaitsReady reports whether hand play is paused until player me says
// Ready (between hands does not count: a resume keeps that pause as it is).
func awaitsReady(cg *engine.Game, me int) bool {
	s := cg.SeatOf(me)
	return cg.Phase != engine.HandComplete && cg.Paused && s != engine.NoSeat && !cg.Ready[s]
}

// handled starts the robots one by one once we are in, so that the
// seating does not depend on goroutine scheduling.
func (g *Game) handled(cnx int, a engine.Action) {
	if _, ok := a.(engine.PConnect); !ok || g.next >= len(g.cfg.Robots) || (g.cfg.Resume == "" && g.host.Controller().Game().PlayerByID(0) == nil) {
		return
	}
	r := g.cfg.Robots[g.next]
	g.next++
	hostEnd, robotEnd := protocol.Pipe()
	if g.host.Attach(hostEnd) < 0 {
		g.fail(errors.New("local: the controller refused a robot"))
		return
	}
	n := g.next
	g.host.Go(func() { g.robot(robotEnd, r, n) })
}

// robot runs one robot seat until the game ends or Close.
func (g *Game) robot(conn protocol.LineConn, r Robot, n int) {
	ctx := g.host.Context()
	var lc protocol.LineConn = conn
	if g.cfg.Delay > 0 {
		lc = &slowConn{LineConn: conn, delay: g.cfg.Delay, ctx: ctx}
	}
	rob := ai.New(ai.Options{Level: r.Level, Style: r.Style, Seed: uint64(g.cfg.Seed)*4 + uint64(n)})
	err := player.Run(ctx, lc, player.Config{Name: r.Name, Robot: rob, Log: g.cfg.Log})
	if err != nil && ctx.Err() == nil {
		g.fail(fmt.Errorf("local: robot %s: %w", r.Name, err))
	}
}

// slowConn delays a robot's moves that change the table.
type slowConn struct {
	protocol.LineConn
	delay time.Duration
	ctx   context.Context
}

func (s *slowConn) WriteLine(line string) error {
	if slowed(line) {
		t := time.NewTimer(s.delay)
		select {
		case <-t.C:
		case <-s.ctx.Done():
			t.Stop()
		}
	}
	return s.LineConn.WriteLine(line)
}

// slowed reports whether a robot's request moves tiles.
func slowed(line string) bool {
	kw, _, _ := strings.Cut(line, " ")
	switch kw {
	case "Discard", "DeclareSpecial", "DeclareClosedKong", "AddToPung", "Pung", "Chow", "Kong", "MahJong":
		return true
	}
	return false
}

// SaveNow returns the game as it stands (FormatGame's text), for Save
// and Save as; an error before the first deal, after the game or once
// the game has stopped.
func (g *Game) SaveNow() (string, error) {
	var s string
	ok := false
	err := g.host.Do(func() {
		if !g.in {
			return
		}
		g.auto.dirty = true
		s, ok = g.auto.Take(g.host, g.cnx)
		if !ok {
			s, ok = g.auto.Latest()
		}
	})
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errors.New("local: there is no game in progress to save")
	}
	return s, nil
}
