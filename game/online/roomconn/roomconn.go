// Package roomconn turns the host end of a relay room into one line
// connection per guest connection, like a listening socket: Accept
// returns a Conn when a guest arrives (or comes back), the Conn reads
// that guest's lines and writes to that guest only, and reads io.EOF
// when the guest's connection ends. A game host (package game/online,
// and mj-server --relay) hands each Conn to its controller as a
// connection of its own, so that each guest receives exactly the lines
// the controller addresses to it.
//
// When a guest comes back, its new Conn holds back the guest's lines
// until the host has closed the guest's previous Conn, so that the
// controller always hears of the old connection's loss before the
// returning player's Connect.
//
// With Redial, a host whose relay connection is lost (not closed) comes
// back to its room by itself; its guests' connections end and start
// again, and the relay's notice that the host is back makes the guests
// connect again.
//
// It builds natively and for the browser (GOOS=js).
package roomconn

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"mahjong/relay"
)

// Listener reads a relay room's host end and sorts its frames by guest.
type Listener struct {
	host *relay.Client

	mu      sync.Mutex
	conns   map[int]*Conn // the current connection of each guest
	backlog []*Conn       // accepted by nobody yet
	sig     chan struct{} // a newcomer or the end
	err     error         // why reading stopped
	done    chan struct{} // closed when reading stops
	notify  func(relay.Message)

	// Coming back after a lost relay connection (Redial).
	dial    func(context.Context) (*relay.Client, error)
	giveUp  time.Duration
	closing bool               // Close was called
	stop    context.CancelFunc // ends a redial under way
	stopCtx context.Context

	pace pacer // keeps our frames under the relay's rate limit
}

// pacer is a token bucket: writes wait rather than exceed the relay's
// frame rate for hosts (which drops a host that floods it).
type pacer struct {
	mu     sync.Mutex
	rate   float64 // frames per second; <= 0: no limit
	burst  float64
	tokens float64
	last   time.Time
}

// wait blocks until one more frame may be sent.
func (p *pacer) wait() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rate <= 0 {
		return
	}
	now := time.Now()
	if !p.last.IsZero() {
		p.tokens = min(p.burst, p.tokens+now.Sub(p.last).Seconds()*p.rate)
	}
	p.last = now
	if p.tokens < 1 {
		d := time.Duration((1 - p.tokens) / p.rate * float64(time.Second))
		time.Sleep(d) // pacing, not synchronisation: the relay counts time
		p.tokens = 1
		p.last = time.Now()
	}
	p.tokens--
}

// Default pace of a host's frames: under the relay's default allowance
// for hosts (relay.DefaultFrameRate and DefaultFrameBurst times four).
const (
	DefaultRate  = 350
	DefaultBurst = 1500
)

// Conn is one connection of one guest.
type Conn struct {
	l     *Listener
	guest int
	prev  *Conn  // the guest's previous connection, until closed
	in    *Inbox // the guest's lines; ends with io.EOF when its connection does

	closed chan struct{} // closed by Close
	once   sync.Once
}

// New starts reading host's frames. notify, if not nil, sees every
// notice (Joined, Left) before it takes effect, from the reading
// goroutine.
func New(host *relay.Client, notify func(relay.Message)) *Listener {
	l := &Listener{
		host:   host,
		conns:  map[int]*Conn{},
		sig:    make(chan struct{}, 1),
		done:   make(chan struct{}),
		notify: notify,
		pace:   pacer{rate: DefaultRate, burst: DefaultBurst, tokens: DefaultBurst},
	}
	l.stopCtx, l.stop = context.WithCancel(context.Background())
	go l.read()
	return l
}

// Redial makes the listener come back to its room by itself when the
// relay connection is lost rather than closed (a network blip, a relay
// restart): every guest connection ends, as if the guests had left, dial
// is called with growing pauses until it returns the room's host again
// or giveUp has passed, and the guests, whom the relay tells that the
// host is back, arrive again through Accept. dial should rejoin with the
// room's code and host token (relay.Join). Call it before anything can
// fail, right after New.
func (l *Listener) Redial(dial func(context.Context) (*relay.Client, error), giveUp time.Duration) {
	l.mu.Lock()
	l.dial, l.giveUp = dial, giveUp
	l.mu.Unlock()
}

// Redial pauses: the first try at once, then growing to the longest.
const (
	redialFirst   = 100 * time.Millisecond
	redialLongest = 5 * time.Second
)

// fatal reports whether a relay connection's end rules out coming back:
// the relay closed it normally (io.EOF itself, not a connection's EOF
// wrapped in an error), the room is gone, or another connection took
// our place. (When we close it ourselves, Listener.closing says so.)
func fatal(err error) bool {
	if err == io.EOF {
		return true
	}
	switch relay.CloseStatus(err) {
	case relay.StatusReplaced, relay.StatusRoomGone, relay.StatusBadToken, relay.StatusUnknownRoom,
		relay.StatusKicked, relay.StatusBadRequest:
		return true
	}
	return false
}

// redial tries to come back after err; it returns the new connection,
// or nil when it gave up or the listener is closing.
func (l *Listener) redial(err error) *relay.Client {
	l.mu.Lock()
	dial, giveUp := l.dial, l.giveUp
	if dial == nil || l.closing || fatal(err) {
		l.mu.Unlock()
		return nil
	}
	// The guests' connections end now. They stay in conns, so that a
	// guest's next connection waits until the host has closed this one:
	// the controller hears of the loss before the guest's return.
	for _, c := range l.conns {
		c.in.Finish(io.EOF)
	}
	l.mu.Unlock()
	ctx, cancel := context.WithTimeout(l.stopCtx, giveUp)
	defer cancel()
	pause := redialFirst
	for {
		try, cancelTry := context.WithTimeout(ctx, 10*time.Second)
		rc, derr := dial(try)
		cancelTry()
		if derr == nil {
			if !rc.IsHost() || rc.Room() != l.Room() {
				rc.Close()
				return nil
			}
			l.mu.Lock()
			if l.closing {
				l.mu.Unlock()
				rc.Close()
				return nil
			}
			l.host = rc
			l.mu.Unlock()
			return rc
		}
		if fatal(derr) {
			return nil
		}
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil
		}
		pause = min(2*pause, redialLongest)
	}
}

// SetPace changes how many frames per second (with bursts of burst) we
// send at most; rate <= 0 lifts the limit (for a relay without one).
func (l *Listener) SetPace(rate float64, burst int) {
	l.pace.mu.Lock()
	l.pace.rate, l.pace.burst, l.pace.tokens = rate, float64(burst), float64(burst)
	l.pace.mu.Unlock()
}

// Client returns the relay connection (a new one after Redial came back).
func (l *Listener) Client() *relay.Client {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.host
}

// Room returns the room's code.
func (l *Listener) Room() string { return l.Client().Room() }

// Done is closed when the relay connection has ended.
func (l *Listener) Done() <-chan struct{} { return l.done }

// Err returns why the relay connection ended (nil while it is open).
func (l *Listener) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// ErrClosed is what Accept returns after Close.
var ErrClosed = errors.New("roomconn: listener closed")

// Accept waits for the next guest connection.
func (l *Listener) Accept() (*Conn, error) {
	for {
		l.mu.Lock()
		if len(l.backlog) > 0 {
			c := l.backlog[0]
			l.backlog = l.backlog[1:]
			l.mu.Unlock()
			return c, nil
		}
		err := l.err
		l.mu.Unlock()
		if err != nil {
			return nil, err
		}
		<-l.sig
	}
}

// Close leaves the room (ending it, since we are its host) and ends
// every guest connection.
func (l *Listener) Close() error {
	l.mu.Lock()
	l.closing = true
	host := l.host
	l.mu.Unlock()
	l.stop()
	err := host.Close()
	<-l.done
	return err
}

func (l *Listener) wake() {
	select {
	case l.sig <- struct{}{}:
	default:
	}
}

func (l *Listener) read() {
	defer close(l.done)
	host := l.Client()
	for {
		m, err := host.ReadMessage()
		if err != nil {
			if rc := l.redial(err); rc != nil {
				host = rc
				continue
			}
			l.mu.Lock()
			if l.closing || errors.Is(err, net.ErrClosed) || errors.Is(err, io.EOF) {
				err = ErrClosed
			}
			l.err = err
			for id, c := range l.conns {
				c.in.Finish(io.EOF)
				delete(l.conns, id)
			}
			l.mu.Unlock()
			l.wake()
			return
		}
		if m.Kind != relay.Data && l.notify != nil {
			l.notify(m)
		}
		l.mu.Lock()
		switch m.Kind {
		case relay.Joined:
			l.open(m.Peer)
		case relay.Left:
			// The connection ends but stays in conns, so that the guest's
			// return waits until the host has closed it: the controller
			// must hear of the loss before the returning player's Connect.
			if c := l.conns[m.Peer]; c != nil {
				c.in.Finish(io.EOF)
			}
		case relay.Data:
			c := l.conns[m.Peer]
			if c == nil || c.isClosed() || c.in.Err() != nil {
				// The host closed this guest's connection, or it ended, or
				// the host never saw the guest join: the guest's next line
				// starts a new one.
				c = l.open(m.Peer)
			}
			c.in.Push(m.Line)
		}
		l.mu.Unlock()
	}
}

// open starts a new connection for guest id, ending its previous one.
// l.mu is held.
func (l *Listener) open(id int) *Conn {
	c := &Conn{l: l, guest: id, in: NewInbox(), closed: make(chan struct{})}
	if old := l.conns[id]; old != nil {
		old.in.Finish(io.EOF)
		c.prev = old
	}
	l.conns[id] = c
	l.backlog = append(l.backlog, c)
	l.wake()
	return c
}

// Guest returns the relay id of the guest on this connection.
func (c *Conn) Guest() int { return c.guest }

func (c *Conn) isClosed() bool {
	select {
	case <-c.closed:
		return true
	default:
		return false
	}
}

// ReadLine returns the guest's next line, io.EOF once the guest's
// connection has ended and its lines are read, net.ErrClosed after
// Close.
func (c *Conn) ReadLine() (string, error) {
	if p := c.prev; p != nil {
		select {
		case <-p.closed:
		case <-c.closed:
			return "", net.ErrClosed
		}
	}
	return c.in.Next(c.closed)
}

// WriteLine sends line to this guest only.
func (c *Conn) WriteLine(line string) error {
	if c.isClosed() {
		return net.ErrClosed
	}
	if c.in.Err() != nil {
		return fmt.Errorf("roomconn: guest %d has gone", c.guest)
	}
	c.l.pace.wait()
	return c.l.Client().WriteTo(c.guest, line)
}

// Close detaches this connection; the guest stays in the room, and its
// next line (or its return) starts a new connection.
func (c *Conn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

// RoomLink returns page with its query set to room=code: the link that
// opens the game's page and joins the room.
func RoomLink(page, code string) string {
	u, err := url.Parse(page)
	if err != nil {
		return page + "?room=" + code
	}
	u.RawQuery = url.Values{"room": {code}}.Encode()
	u.Fragment = ""
	return u.String()
}

// PageForRelay guesses the web page served next to a relay endpoint
// (ws://host/relay → http://host/, wss → https).
func PageForRelay(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return endpoint
	}
	switch u.Scheme {
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	}
	u.Path = strings.TrimSuffix(u.Path, "relay")
	if u.Path == "" {
		u.Path = "/"
	}
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}

// RelayForPage guesses the relay endpoint served next to a web page
// (http://host/dir/index.html?x → ws://host/dir/relay), as cmd/mj-web
// serves it.
func RelayForPage(page string) string {
	u, err := url.Parse(page)
	if err != nil || u.Host == "" {
		return "ws://localhost:8080/relay"
	}
	switch u.Scheme {
	case "https":
		u.Scheme = "wss"
	default:
		u.Scheme = "ws"
	}
	dir := u.Path[:strings.LastIndexByte(u.Path, '/')+1]
	if dir == "" {
		dir = "/"
	}
	u.Path = dir + "relay"
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}
