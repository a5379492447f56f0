package relay

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// All is WriteTo's address for every guest of the room.
const All = -1

// Client is one end of a room: its host (ID 0) or one of its guests.
// ReadLine, WriteLine and Close make it a line connection like
// protocol.LineConn. Reads and writes may run concurrently with each
// other; keep reading, because pings are answered while a read is
// under way and a peer that does not read is dropped.
type Client struct {
	c     *conn  // the WebSocket: coder/websocket natively, the browser's under GOOS=js
	room  string // the room's code
	token string // brings this peer back to the room (keep it secret)
	id    int    // 0 for the host
}

// Kind says what a Message is.
type Kind int

const (
	Data     Kind = iota // a line from Peer
	Joined               // guest Peer connected (for the host; also after a rejoin)
	Left                 // guest Peer's connection ended (for the host)
	HostAway             // the host's connection ended; it may come back (for guests)
	HostBack             // the host is back (for guests)
)

var kindNames = [...]string{"data", "joined", "left", "host away", "host back"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// Message is one frame from the relay.
type Message struct {
	Kind Kind
	Peer int    // the guest for the host; 0 (the host) for guests
	Line string // the line, for Data
}

// CloseError is how a Client reports the relay closing the connection
// with a status other than a normal closure (which reads as io.EOF).
type CloseError struct {
	Status int    // a WebSocket close status, such as StatusRoomFull
	Reason string // the relay's reason, "relay: …"
}

func (e *CloseError) Error() string {
	return fmt.Sprintf("relay: connection closed with status %d: %s", e.Status, e.Reason)
}

// CloseStatus returns the status of a *CloseError in err's chain, or -1.
func CloseStatus(err error) int {
	var ce *CloseError
	if errors.As(err, &ce) {
		return ce.Status
	}
	return -1
}

// Create opens a new room on the relay at endpoint (such as
// "wss://example.org/relay") and returns its host.
func Create(ctx context.Context, endpoint string, opts DialOptions) (*Client, error) {
	u, err := withQuery(endpoint, url.Values{"create": {""}})
	if err != nil {
		return nil, err
	}
	return Dial(ctx, u, opts)
}

// Join enters the room with the given code as a new guest (token ""),
// or comes back as the guest or the host that token belongs to.
func Join(ctx context.Context, endpoint, room, token string, opts DialOptions) (*Client, error) {
	q := url.Values{"room": {room}}
	if token != "" {
		q.Set("token", token)
	}
	u, err := withQuery(endpoint, q)
	if err != nil {
		return nil, err
	}
	return Dial(ctx, u, opts)
}

// withQuery adds q to the endpoint's query.
func withQuery(endpoint string, q url.Values) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "", fmt.Errorf("relay: bad endpoint: %w", err)
	}
	v := u.Query()
	for k, vs := range q {
		v[k] = vs
	}
	u.RawQuery = v.Encode()
	return u.String(), nil
}

// Dial connects to a relay URL that already names what to do
// (?create, ?room=CODE, ?room=CODE&token=TOKEN) and waits for the
// relay's welcome. Create and Join build the URL.
func Dial(ctx context.Context, url string, opts DialOptions) (*Client, error) {
	c, err := dial(ctx, url, opts)
	if err != nil {
		return nil, fmt.Errorf("relay: dial: %w", err)
	}
	text, b, err := c.read(ctx)
	if err != nil {
		c.closeNow()
		return nil, fmt.Errorf("relay: dial: %w", err)
	}
	cl := &Client{c: c}
	f := strings.Fields(string(b))
	switch {
	case text && len(f) == 3 && f[0] == "!room":
		cl.room, cl.token = f[1], f[2]
	case text && len(f) == 3 && f[0] == "!guest":
		cl.room, cl.token = roomOf(url), f[2]
		if cl.id, err = strconv.Atoi(f[1]); err != nil || cl.id <= 0 {
			c.closeNow()
			return nil, fmt.Errorf("relay: dial: bad welcome %q", b)
		}
	default:
		c.closeNow()
		return nil, fmt.Errorf("relay: dial: bad welcome %q", b)
	}
	return cl, nil
}

// roomOf returns the room parameter of a URL.
func roomOf(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return strings.ToUpper(u.Query().Get("room"))
}

// Room returns the room's code, which guests need to join.
func (c *Client) Room() string { return c.room }

// Token returns the secret that brings this peer back with Join.
func (c *Client) Token() string { return c.token }

// ID returns this peer's id in the room: 0 for the host.
func (c *Client) ID() int { return c.id }

// IsHost reports whether this peer is the room's host.
func (c *Client) IsHost() bool { return c.id == 0 }

// ReadMessage returns the next frame: a line or a notice.
func (c *Client) ReadMessage() (Message, error) {
	for {
		_, b, err := c.c.read(context.Background())
		if err != nil {
			return Message{}, err
		}
		if m, ok := parseFrame(b); ok {
			return m, nil
		}
		// An unknown notice, from a newer relay: skip it.
	}
}

// parseFrame reads "ID:line" or a notice.
func parseFrame(b []byte) (Message, bool) {
	s := string(b)
	if rest, ok := strings.CutPrefix(s, "!"); ok {
		word, arg, _ := strings.Cut(rest, " ")
		id, _ := strconv.Atoi(arg)
		switch word {
		case "join":
			return Message{Kind: Joined, Peer: id}, true
		case "leave":
			return Message{Kind: Left, Peer: id}, true
		case "away":
			return Message{Kind: HostAway}, true
		case "back":
			return Message{Kind: HostBack}, true
		}
		return Message{}, false
	}
	from, line, ok := strings.Cut(s, ":")
	if !ok {
		return Message{}, false
	}
	id, err := strconv.Atoi(from)
	if err != nil {
		return Message{}, false
	}
	return Message{Kind: Data, Peer: id, Line: line}, true
}

// ReadFrom returns the next line and who sent it (the guest's id for
// the host, 0 for guests), skipping notices.
func (c *Client) ReadFrom() (int, string, error) {
	for {
		m, err := c.ReadMessage()
		if err != nil {
			return 0, "", err
		}
		if m.Kind == Data {
			return m.Peer, m.Line, nil
		}
	}
}

// ReadLine returns the next line, skipping notices. It reads io.EOF
// when the room ends normally.
func (c *Client) ReadLine() (string, error) {
	_, line, err := c.ReadFrom()
	return line, err
}

// WriteLine sends a line to the host (from a guest) or to every guest
// (from the host).
func (c *Client) WriteLine(line string) error {
	if c.id == 0 {
		return c.WriteTo(All, line)
	}
	return c.write("0:", line)
}

// WriteTo sends a line from the host to one guest, or to All.
func (c *Client) WriteTo(peer int, line string) error {
	if c.id != 0 {
		return errors.New("relay: only the host addresses guests")
	}
	if peer == All {
		return c.write("*:", line)
	}
	if peer <= 0 {
		return fmt.Errorf("relay: no guest %d", peer)
	}
	return c.write(strconv.Itoa(peer)+":", line)
}

// Kick removes a guest from the host's room for good.
func (c *Client) Kick(peer int) error {
	if c.id != 0 {
		return errors.New("relay: only the host removes guests")
	}
	return c.write("!kick ", strconv.Itoa(peer))
}

// write sends "prefix" + line as one frame.
func (c *Client) write(prefix, line string) error {
	b := make([]byte, 0, len(prefix)+len(line))
	b = append(append(b, prefix...), line...)
	if err := c.c.write(b); err != nil {
		return fmt.Errorf("relay: write: %w", err)
	}
	return nil
}

// Close leaves the room. A host closing ends the room for everybody; a
// host that just vanishes (or reloads its page) can come back with its
// token.
func (c *Client) Close() error {
	if err := c.c.close(); err != nil {
		return fmt.Errorf("relay: close: %w", err)
	}
	return nil
}
