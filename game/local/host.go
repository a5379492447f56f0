package local

import (
	"context"
	"errors"
	"sync"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Hooks let a program that hosts a game (the local game, an online
// host) act around the controller. Every hook runs on the host's own
// goroutine, where it may call the Host's loop-only methods (Attach,
// Drop, Deliver, Controller).
type Hooks struct {
	// Request sees each parsed request before the controller does; when
	// it returns false the request is dropped.
	Request func(cnx int, a engine.Action) bool
	// Handled is called after the controller has handled a request and
	// its messages have been sent.
	Handled func(cnx int, a engine.Action)
	// Lost is called after a connection has ended and the controller has
	// been told; err is why (io.EOF for a clean end).
	Lost func(cnx int, err error)
	// Send, if set, sees every message before it is sent; false drops it.
	Send func(o engine.Output) bool
	// Tick is called after every step of the loop (a request, a lost
	// connection, the claim timer, a Do).
	Tick func()
}

// Host serves an engine.Controller over line connections: one goroutine
// owns the controller, each connection has a reader goroutine, and the
// claim timer runs on the real clock. It stops when the controller says
// so (Exit), when its last connection has gone, or on Close.
type Host struct {
	c     *engine.Controller
	hooks Hooks
	ctx   context.Context
	stop  context.CancelFunc
	in    chan hostInput
	calls chan func()
	seats map[int]*hostSeat
	wg    sync.WaitGroup
	done  chan struct{}

	mu   sync.Mutex
	over bool
}

type hostSeat struct {
	cnx  int
	conn protocol.LineConn
}

type hostInput struct {
	s    *hostSeat
	line string
	err  error
}

// NewHost starts serving c. Until Attach (or Add) gives it a connection
// it waits; ctx ending stops it like Close.
func NewHost(ctx context.Context, c *engine.Controller, hooks Hooks) *Host {
	ctx, cancel := context.WithCancel(ctx)
	h := &Host{
		c:     c,
		hooks: hooks,
		ctx:   ctx,
		stop:  cancel,
		in:    make(chan hostInput, 16),
		calls: make(chan func()),
		seats: map[int]*hostSeat{},
		done:  make(chan struct{}),
	}
	h.wg.Add(1)
	go h.run()
	return h
}

// Context is cancelled when the host stops; goroutines started with Go
// should end with it.
func (h *Host) Context() context.Context { return h.ctx }

// Go runs f in a goroutine that Close waits for.
func (h *Host) Go(f func()) {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		f()
	}()
}

// Done is closed when the host has stopped.
func (h *Host) Done() <-chan struct{} { return h.done }

// GameOver reports whether the game had ended when the host stopped.
func (h *Host) GameOver() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.over
}

// Close stops the host and every goroutine started with Go, closing all
// connections, and waits for them.
func (h *Host) Close() error {
	h.stop()
	h.wg.Wait()
	return nil
}

// ErrStopped is returned by Do and Add once the host has stopped.
var ErrStopped = errors.New("local: the host has stopped")

// Do runs f on the host's goroutine and waits for it.
func (h *Host) Do(f func()) error {
	ran := make(chan struct{})
	select {
	case h.calls <- func() { f(); close(ran) }:
	case <-h.done:
		return ErrStopped
	}
	select {
	case <-ran:
		return nil
	case <-h.done:
		return ErrStopped
	}
}

// Add registers conn with the controller from any goroutine and returns
// its connection number; -1 when the controller refused it (conn has
// then been told why and closed).
func (h *Host) Add(conn protocol.LineConn) (int, error) {
	cnx := -1
	if err := h.Do(func() { cnx = h.Attach(conn) }); err != nil {
		conn.Close()
		return -1, err
	}
	return cnx, nil
}

// Controller returns the controller: use it on the host's goroutine
// only (in hooks and Do).
func (h *Host) Controller() *engine.Controller { return h.c }

// Attach registers conn with the controller and starts reading it; -1
// when the controller refused it. Host goroutine only.
func (h *Host) Attach(conn protocol.LineConn) int {
	cnx, outs := h.c.Accept()
	if cnx < 0 {
		for _, o := range outs {
			if o.Event != nil {
				conn.WriteLine(o.Event.String())
			}
		}
		conn.Close()
		return -1
	}
	s := &hostSeat{cnx: cnx, conn: conn}
	h.seats[cnx] = s
	h.wg.Add(1)
	go h.read(s)
	return cnx
}

// Drop tells the controller that connection cnx is lost and closes it,
// as if it had ended. Host goroutine only.
func (h *Host) Drop(cnx int) {
	if _, ok := h.seats[cnx]; !ok {
		return
	}
	h.Deliver(h.c.Lost(cnx))
	if s, ok := h.seats[cnx]; ok {
		s.conn.Close()
		delete(h.seats, cnx)
	}
}

// Conns returns how many connections are open.  Host goroutine only.
func (h *Host) Conns() int { return len(h.seats) }

// Deliver sends the controller's messages to their connections and
// closes the connections it says to close. Host goroutine only.
func (h *Host) Deliver(outs []engine.Output) {
	for _, o := range outs {
		if h.hooks.Send != nil && !h.hooks.Send(o) {
			continue
		}
		s, ok := h.seats[o.Conn]
		if !ok {
			continue
		}
		if o.Event != nil {
			s.conn.WriteLine(o.Event.String())
		}
		if o.Close {
			s.conn.Close()
			delete(h.seats, o.Conn)
		}
	}
}

// read feeds one connection's lines to the host.
func (h *Host) read(s *hostSeat) {
	defer h.wg.Done()
	for {
		line, err := s.conn.ReadLine()
		if errors.Is(err, protocol.ErrLineTooLong) {
			continue
		}
		select {
		case h.in <- hostInput{s: s, line: line, err: err}:
		case <-h.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// run owns the controller.
func (h *Host) run() {
	defer h.wg.Done()
	defer close(h.done)
	defer h.stop() // the readers and robots stop with the host
	defer func() {
		for _, s := range h.seats {
			s.conn.Close()
		}
		h.mu.Lock()
		h.over = h.c.GameOver()
		h.mu.Unlock()
	}()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var armed time.Time
	// catchUp tells the controller how long the claim timer has run.
	catchUp := func() {
		if !armed.IsZero() {
			timer.Stop()
			h.Deliver(h.c.Advance(time.Since(armed)))
			armed = time.Time{}
		}
	}
	started := false
	for {
		if d, ok := h.c.TimeLeft(); ok && armed.IsZero() {
			timer.Reset(d)
			armed = time.Now()
		}
		select {
		case <-h.ctx.Done():
			return
		case f := <-h.calls:
			catchUp()
			f()
		case in := <-h.in:
			catchUp()
			// A closed connection's reader may report after a newcomer
			// took its number: only the number's current holder counts.
			if h.seats[in.s.cnx] != in.s {
				continue
			}
			if in.err != nil {
				h.Drop(in.s.cnx)
				if h.hooks.Lost != nil {
					h.hooks.Lost(in.s.cnx, in.err)
				}
				break
			}
			a, err := protocol.ParseAction(in.line)
			if err != nil {
				h.Deliver(h.c.BadLine(in.s.cnx))
				break
			}
			if h.hooks.Request != nil && !h.hooks.Request(in.s.cnx, a) {
				break
			}
			h.Deliver(h.c.Handle(in.s.cnx, a))
			if h.hooks.Handled != nil {
				h.hooks.Handled(in.s.cnx, a)
			}
		case <-timer.C:
			if armed.IsZero() {
				continue
			}
			h.Deliver(h.c.Advance(time.Since(armed)))
			armed = time.Time{}
		}
		if h.hooks.Tick != nil {
			h.hooks.Tick()
		}
		if len(h.seats) > 0 {
			started = true
		}
		if h.c.Exit() || (started && len(h.seats) == 0) {
			return
		}
	}
}
