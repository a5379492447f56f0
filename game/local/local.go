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
}

// Game is a running local game.
type Game struct {
	cfg    Config
	c      *engine.Controller
	ours   protocol.LineConn // the client's end
	ctx    context.Context
	cancel context.CancelFunc
	in     chan input
	wg     sync.WaitGroup
	done   chan struct{}
	mu     sync.Mutex
	err    error
	over   bool
}

type input struct {
	cnx  int
	line string
	err  error
}

type seat struct {
	cnx  int
	conn protocol.LineConn // host end
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
	so := engine.ServerOptions{Timeout: cfg.Timeout, Seed: cfg.Seed, OptionFile: optFile, NoHistory: true}
	if cfg.RandomSeats {
		so.Seating = engine.SeatRandomly
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &Game{
		cfg:    cfg,
		c:      engine.NewController(so),
		ctx:    ctx,
		cancel: cancel,
		in:     make(chan input, 16),
		done:   make(chan struct{}),
	}
	hostEnd, ours := protocol.Pipe()
	g.ours = ours
	cnx, _ := g.c.Accept()
	g.wg.Add(1)
	go g.run(seat{cnx: cnx, conn: hostEnd})
	return g, nil
}

// Conn returns our seat's connection, for client.New. The client owns it
// (closing it leaves the game).
func (g *Game) Conn() protocol.LineConn { return g.ours }

// Done is closed when the game's host has stopped (game over and the
// players gone, a player lost, or Close).
func (g *Game) Done() <-chan struct{} { return g.done }

// Err returns a robot's or the host's failure, if any.
func (g *Game) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// GameOver reports whether the game has ended (valid after Done).
func (g *Game) GameOver() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.over
}

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
func (g *Game) Close() error {
	g.cancel()
	g.wg.Wait()
	return nil
}

// readLoop feeds one connection's lines to the host.
func (g *Game) readLoop(s seat) {
	defer g.wg.Done()
	for {
		line, err := s.conn.ReadLine()
		if errors.Is(err, protocol.ErrLineTooLong) {
			continue
		}
		select {
		case g.in <- input{cnx: s.cnx, line: line, err: err}:
		case <-g.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// run is the host: it owns the controller.
func (g *Game) run(us seat) {
	defer g.wg.Done()
	defer close(g.done)
	defer g.cancel() // the readers and robots stop with the host
	seats := map[int]seat{us.cnx: us}
	defer func() {
		for _, s := range seats {
			s.conn.Close()
		}
		g.mu.Lock()
		g.over = g.c.GameOver()
		g.mu.Unlock()
	}()
	g.wg.Add(1)
	go g.readLoop(us)
	next := 0 // robots started
	deliver := func(outs []engine.Output) {
		for _, o := range outs {
			s, ok := seats[o.Conn]
			if !ok {
				continue
			}
			if o.Event != nil {
				s.conn.WriteLine(o.Event.String())
			}
			if o.Close {
				s.conn.Close()
				delete(seats, o.Conn)
			}
		}
	}
	startRobot := func() {
		r := g.cfg.Robots[next]
		next++
		hostEnd, robotEnd := protocol.Pipe()
		cnx, outs := g.c.Accept()
		if cnx < 0 {
			deliver(outs)
			g.fail(errors.New("local: the controller refused a robot"))
			return
		}
		s := seat{cnx: cnx, conn: hostEnd}
		seats[cnx] = s
		g.wg.Add(2)
		go g.readLoop(s)
		go g.robot(robotEnd, r, next)
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var armed time.Time
	for {
		if d, ok := g.c.TimeLeft(); ok && armed.IsZero() {
			timer.Reset(d)
			armed = time.Now()
		}
		select {
		case <-g.ctx.Done():
			return
		case in := <-g.in:
			if !armed.IsZero() {
				timer.Stop()
				deliver(g.c.Advance(time.Since(armed)))
				armed = time.Time{}
			}
			if _, ok := seats[in.cnx]; !ok {
				continue
			}
			if in.err != nil {
				deliver(g.c.Lost(in.cnx))
				if s, ok := seats[in.cnx]; ok {
					s.conn.Close()
					delete(seats, in.cnx)
				}
				if !g.c.GameOver() && !g.c.Exit() {
					g.fail(fmt.Errorf("local: connection %d lost: %v", in.cnx, in.err))
				}
				if g.c.Exit() || len(seats) == 0 {
					return
				}
				continue
			}
			a, err := protocol.ParseAction(in.line)
			if err != nil {
				deliver(g.c.BadLine(in.cnx))
				continue
			}
			deliver(g.c.Handle(in.cnx, a))
			// The robots join one by one once we are in, so that the
			// seating does not depend on goroutine scheduling.
			if _, ok := a.(engine.PConnect); ok && next < len(g.cfg.Robots) && g.c.Game().PlayerByID(0) != nil {
				startRobot()
			}
		case <-timer.C:
			if armed.IsZero() {
				continue
			}
			deliver(g.c.Advance(time.Since(armed)))
			armed = time.Time{}
		}
		if g.c.Exit() {
			return
		}
	}
}

// robot runs one robot seat until the game ends or Close.
func (g *Game) robot(conn protocol.LineConn, r Robot, n int) {
	defer g.wg.Done()
	var lc protocol.LineConn = conn
	if g.cfg.Delay > 0 {
		lc = &slowConn{LineConn: conn, delay: g.cfg.Delay, ctx: g.ctx}
	}
	rob := ai.New(ai.Options{Level: r.Level, Style: r.Style, Seed: uint64(g.cfg.Seed)*4 + uint64(n)})
	err := player.Run(g.ctx, lc, player.Config{Name: r.Name, Robot: rob, Log: g.cfg.Log})
	if err != nil && g.ctx.Err() == nil {
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
