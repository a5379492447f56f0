package online

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/client"
	"mahjong/game/online/roomconn"
	"mahjong/relay"
)

// Session is what a guest keeps (in the page's storage) to come back to
// its seat after a reload or a lost network: the room, the relay token
// that gives back its guest id, and the player id the controller gave
// it.
type Session struct {
	Endpoint string `json:"endpoint"` // the relay's URL
	Room     string `json:"room"`     // the room's code
	Token    string `json:"token"`    // the relay secret for our guest id
	ID       int    `json:"id"`       // our player id; 0 until admitted
	Name     string `json:"name"`     // our name at the table
}

// ErrReconnect ends a guest connection when the host has come back
// (after a reload, with a new controller): take a fresh Conn and
// connect again with the same player id (NewClient does both).
var ErrReconnect = errors.New("online: the host restarted the game; connect again")

// Guest is our end of a room we joined. It reads the relay in its own
// goroutine and hands the host's lines to the current connection.
type Guest struct {
	rc *relay.Client

	mu   sync.Mutex
	sess Session
	cur  *guestConn
	away bool
	err  error
	done chan struct{}
}

// Join enters room as a new guest called name.
func Join(ctx context.Context, endpoint, room, name string, opts relay.DialOptions) (*Guest, error) {
	return Rejoin(ctx, Session{Endpoint: endpoint, Room: room, Name: name}, opts)
}

// Rejoin comes back to a room with a saved Session (a new guest when its
// Token is empty).
func Rejoin(ctx context.Context, s Session, opts relay.DialOptions) (*Guest, error) {
	if s.Name == "" {
		return nil, errors.New("online: a name is required")
	}
	s.Room = NormalizeCode(s.Room)
	if s.Room == "" {
		return nil, errors.New("online: a room code is required")
	}
	rc, err := relay.Join(ctx, s.Endpoint, s.Room, s.Token, opts)
	if err != nil {
		return nil, fmt.Errorf("online: joining room: %w", err)
	}
	if rc.IsHost() {
		rc.Close()
		return nil, errors.New("online: that token is the host's")
	}
	s.Token = rc.Token()
	g := &Guest{rc: rc, sess: s, done: make(chan struct{})}
	go g.read()
	return g, nil
}

// NormalizeCode turns what a person typed or a link carried into a room
// code: upper case, without spaces or dashes.
func NormalizeCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Session returns what to keep to come back.
func (g *Guest) Session() Session {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sess
}

// HostAway reports whether the host's connection is down (it may come
// back: a reload).
func (g *Guest) HostAway() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.away
}

// Done is closed when the relay connection has ended; Err says why.
func (g *Guest) Done() <-chan struct{} { return g.done }

// Err returns why the relay connection ended.
func (g *Guest) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// Close leaves the room for now (the Session still brings us back).
func (g *Guest) Close() error {
	err := g.rc.Close()
	<-g.done
	return err
}

// Conn returns a new connection to the host's game; the previous one,
// if any, ends. Hand it to client.New with our Session's ID.
func (g *Guest) Conn() protocol.LineConn {
	c := &guestConn{g: g, in: roomconn.NewInbox()}
	g.mu.Lock()
	if g.cur != nil {
		g.cur.in.Finish(ErrReconnect)
	}
	if g.err != nil {
		c.in.Finish(g.err)
	}
	g.cur = c
	g.mu.Unlock()
	return c
}

// NewClient starts a table client on a new connection, asking for our
// seat back when we had one.
func (g *Guest) NewClient(cfg client.Config) (*client.Client, error) {
	s := g.Session()
	if cfg.Name == "" {
		cfg.Name = s.Name
	}
	cfg.ID = s.ID
	return client.New(g.Conn(), cfg)
}

func (g *Guest) read() {
	defer close(g.done)
	for {
		m, err := g.rc.ReadMessage()
		if err != nil {
			g.mu.Lock()
			g.err = err
			if g.cur != nil {
				g.cur.in.Finish(err)
			}
			g.mu.Unlock()
			return
		}
		g.mu.Lock()
		switch m.Kind {
		case relay.HostAway:
			g.away = true
		case relay.HostBack:
			// A new controller: our game must connect again.
			g.away = false
			if g.cur != nil {
				g.cur.in.Finish(ErrReconnect)
			}
		case relay.Data:
			g.data(m.Line)
		}
		g.mu.Unlock()
	}
}

// data hands one of the host's lines to the current connection. g.mu
// is held.
func (g *Guest) data(line string) {
	c := g.cur
	if c == nil {
		return
	}
	if strings.TrimSpace(line) == "Reconnect" {
		// The host asks us to connect again (it restarted); a connection
		// that has heard nothing yet is already doing so.
		if c.heard() {
			c.in.Finish(ErrReconnect)
		}
		return
	}
	ev, err := protocol.ParseEvent(line)
	if !c.answered {
		// Until the controller answers our Connect, what comes is the
		// tail of our previous connection's stream: the relay sends the
		// host's lines by guest id, and the host may not yet have heard
		// that the old connection ended. They are our own lines, but
		// not for this connection's client.
		switch ev.(type) {
		case engine.CConnectReply, engine.CError, engine.CAuthReqd, engine.CRedirect:
			c.answered = true
		default:
			return
		}
	}
	if r, ok := ev.(engine.CConnectReply); ok && err == nil && r.ID > 0 {
		g.sess.ID = r.ID
	}
	c.in.Push(line)
}

// guestConn is one game connection over the guest's relay connection.
type guestConn struct {
	g        *Guest
	in       *roomconn.Inbox // the host's lines
	answered bool            // the controller has answered our Connect (g.mu)
}

func (c *guestConn) heard() bool { return c.in.Received() > 0 }

// ReadLine returns the host's next line.
func (c *guestConn) ReadLine() (string, error) { return c.in.Next(nil) }

// WriteLine sends a line to the host.
func (c *guestConn) WriteLine(line string) error {
	if err := c.in.Err(); err != nil {
		return err
	}
	return c.g.rc.WriteLine(line)
}

// Close ends this connection; the relay connection stays.
func (c *guestConn) Close() error {
	c.in.Finish(errClosed)
	c.g.mu.Lock()
	if c.g.cur == c {
		c.g.cur = nil
	}
	c.g.mu.Unlock()
	return nil
}

var errClosed = errors.New("online: connection closed")
