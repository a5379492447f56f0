// Package server runs an engine.Controller behind a listening socket: it
// accepts connections (TCP or a Unix socket), feeds their lines to the
// controller one at a time, sends what the controller answers, keeps the
// claim timer with the real clock, and writes the original's log, saved
// game and hand-history files.
package server

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/online/roomconn"
)

// Config is the server's configuration beyond the controller's options.
type Config struct {
	Addr      string        // host:port, or a Unix socket path (no colon)
	Pause     time.Duration // minimum time between tile movements
	LogFile   io.Writer     // --logfile, or nil
	Dir       string        // where saved games and hand histories go
	Stdout    io.Writer     // OK line and final scores
	Options   engine.ServerOptions
	LoadGame  string // --load-game file, or ""
	Listener  net.Listener
	HandFiles bool // --hand-history

	Relay     string // --relay: the relay endpoint to host a room on
	AddrGiven bool   // --server was given (with --relay, listen there too)

	// Room, if set, is a relay room we host (--relay): each guest
	// connection is a connection to the game, as if it had come through
	// Listener (which may then be nil).
	Room *roomconn.Listener
}

// Server is one running game.
type Server struct {
	cfg   Config
	ln    net.Listener
	c     *engine.Controller
	in    chan input
	conns map[int]*peer
	logMu sync.Mutex
	last  time.Time // last tile movement, for --pause
	done  chan struct{}
}

type peer struct {
	nc   net.Conn // nil for a relay guest
	lc   protocol.LineConn
	cnx  int
	dead bool
}

func (p *peer) close() {
	if p.nc != nil {
		p.nc.Close()
		return
	}
	p.lc.Close()
}

type input struct {
	p    *peer // the connection the input came from
	cnx  int
	line string
	err  error // non-nil: the connection is lost
	raw  bool  // line failed to parse (the parse error)
	new  *peer // a new connection
}

// Listen opens the listening socket.
func Listen(addr string) (net.Listener, error) {
	if !strings.Contains(addr, ":") {
		os.Remove(addr)
		return net.Listen("unix", addr)
	}
	return net.Listen("tcp", addr)
}

// New prepares a server; Serve runs it.
func New(cfg Config) (*Server, error) {
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Dir == "" {
		cfg.Dir = "."
	}
	s := &Server{cfg: cfg, in: make(chan input, 64), conns: map[int]*peer{}, done: make(chan struct{})}
	opts := cfg.Options
	opts.Save = s.save
	opts.Load = s.load
	if cfg.HandFiles {
		opts.HandHistory = func(name string, msgs []engine.Event) {
			if _, err := s.write(name, msgs); err != nil {
				fmt.Fprintf(os.Stderr, "+W+ hand history: %v\n", err)
			}
		}
	}
	s.c = engine.NewController(opts)
	if cfg.LoadGame != "" {
		msgs, err := s.load(cfg.LoadGame)
		if err == nil {
			err = s.c.LoadGame(msgs)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "+W+ Couldn't load the game state: %v\n", err)
		}
	}
	s.ln = cfg.Listener
	return s, nil
}

// Controller exposes the game for tests.
func (s *Server) Controller() *engine.Controller { return s.c }

// Serve accepts connections and runs the game until the controller says
// to stop or the listener fails.
func (s *Server) Serve() error {
	if s.ln != nil {
		go s.acceptLoop()
	}
	if s.cfg.Room != nil {
		go s.roomLoop()
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var armed time.Time
	for {
		if d, ok := s.c.TimeLeft(); ok {
			timer.Reset(d)
			armed = time.Now()
		}
		select {
		case in := <-s.in:
			timer.Stop()
			if !armed.IsZero() {
				s.deliver(s.c.Advance(time.Since(armed)))
				armed = time.Time{}
			}
			s.input(in)
		case <-timer.C:
			s.deliver(s.c.Advance(time.Since(armed)))
			armed = time.Time{}
		}
		if s.c.Exit() {
			s.shutdown()
			return nil
		}
	}
}

func (s *Server) shutdown() {
	if s.ln != nil {
		s.ln.Close()
	}
	if s.cfg.Room != nil {
		s.cfg.Room.Close()
	}
	for _, p := range s.conns {
		p.close()
	}
	close(s.done)
}

// roomLoop takes each relay guest connection as a new connection.
func (s *Server) roomLoop() {
	for {
		gc, err := s.cfg.Room.Accept()
		if err != nil {
			if !errors.Is(err, roomconn.ErrClosed) {
				fmt.Fprintf(os.Stderr, "+W+ relay: %v\n", err)
			}
			return
		}
		select {
		case s.in <- input{new: &peer{lc: gc}}:
		case <-s.done:
			gc.Close()
			return
		}
	}
}

func (s *Server) acceptLoop() {
	for {
		nc, err := s.ln.Accept()
		if err != nil {
			return
		}
		select {
		case s.in <- input{new: &peer{nc: nc, lc: protocol.NewConn(nc)}}:
		case <-s.done:
			nc.Close()
			return
		}
	}
}

func (s *Server) readLoop(p *peer) {
	for {
		line, err := p.lc.ReadLine()
		if errors.Is(err, protocol.ErrLineTooLong) {
			select {
			case s.in <- input{p: p, cnx: p.cnx, raw: true}:
				continue
			case <-s.done:
				return
			}
		}
		select {
		case s.in <- input{p: p, cnx: p.cnx, line: line, err: err}:
		case <-s.done:
			return
		}
		if err != nil {
			return
		}
	}
}

func (s *Server) input(in input) {
	if in.new != nil {
		cnx, outs := s.c.Accept()
		if cnx < 0 {
			for _, o := range outs {
				in.new.lc.WriteLine(o.Event.String())
			}
			in.new.close()
			return
		}
		in.new.cnx = cnx
		s.conns[cnx] = in.new
		go s.readLoop(in.new)
		return
	}
	// A closed connection's reader may report after a newcomer has taken
	// its slot: only the slot's current connection speaks for it.
	if p, ok := s.conns[in.cnx]; !ok || p != in.p {
		return
	}
	if in.err != nil {
		s.logf("<cnx%d (null)", in.cnx)
		s.deliver(s.c.Lost(in.cnx))
		return
	}
	s.logf("<cnx%d %s\r\n", in.cnx, in.line)
	a, err := protocol.ParseAction(in.line)
	if in.raw || err != nil {
		s.deliver(s.c.BadLine(in.cnx))
		return
	}
	s.deliver(s.c.Handle(in.cnx, a))
}

// deliver sends the controller's messages, pacing tile movements when
// --pause asks for it.
func (s *Server) deliver(outs []engine.Output) {
	for _, o := range outs {
		p := s.conns[o.Conn]
		if o.Event != nil {
			if s.cfg.Pause > 0 && movesTile(o.Event) && o.Logged {
				if wait := s.cfg.Pause - time.Since(s.last); wait > 0 {
					time.Sleep(wait)
				}
				s.last = time.Now()
			}
			if o.Logged {
				s.logf(">cnx%d %s\r\n", o.Conn, o.Event.String())
			}
			if p != nil && !p.dead {
				if p.nc != nil {
					p.nc.SetWriteDeadline(time.Now().Add(30 * time.Second))
				}
				if err := p.lc.WriteLine(o.Event.String()); err != nil {
					p.dead = true
				}
			}
		}
		if o.Close && p != nil {
			p.close()
			delete(s.conns, o.Conn)
		}
	}
	for _, l := range s.c.Report() {
		fmt.Fprintln(s.cfg.Stdout, l)
	}
}

func movesTile(ev engine.Event) bool {
	switch ev.(type) {
	case engine.CPlayerDraws, engine.CPlayerDrawsLoose, engine.CPlayerDiscards,
		engine.CPlayerPungs, engine.CPlayerKongs, engine.CPlayerChows, engine.CPlayerDeclaresSpecial:
		return true
	}
	return false
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.LogFile == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.cfg.LogFile, format, args...)
}

// save writes a saved game in the working directory. Directories in the
// name are stripped and ".mjs" appended, as the original does; with no
// name, game-YYYY-MM-DD-N.mjs with the first free N.
func (s *Server) save(name string, msgs []engine.Event) (string, error) {
	if name != "" {
		name = filepath.Base(strings.ReplaceAll(name, `\`, "/"))
		if !strings.HasSuffix(name, ".mjs") {
			name += ".mjs"
		}
	} else {
		day := time.Now().Format("2006-01-02")
		for i := 0; i < 1000; i++ {
			name = fmt.Sprintf("game-%s-%d.mjs", day, i)
			if _, err := os.Stat(filepath.Join(s.cfg.Dir, name)); err != nil {
				break
			}
		}
	}
	return s.write(name, msgs)
}

func (s *Server) write(name string, msgs []engine.Event) (string, error) {
	var b []byte
	for _, m := range msgs {
		b = protocol.AppendWire(b, m.String())
	}
	tmp := filepath.Join(s.cfg.Dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, filepath.Join(s.cfg.Dir, name)); err != nil {
		return "", err
	}
	return name, nil
}

// load reads a saved game file.
func (s *Server) load(name string) ([]engine.Event, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := protocol.NewScanner(bufio.NewReader(f))
	var msgs []engine.Event
	for sc.Scan() {
		msgs = append(msgs, sc.Event())
	}
	return msgs, sc.Err()
}
