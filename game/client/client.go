package client

import (
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Config describes how we join a table.
type Config struct {
	Name     string           // our name (required)
	ID       int              // player id to ask for when reconnecting; 0: a new player
	Password string           // answered to AuthReqd ("basic" authorisation)
	Sort     SortMode         // how our concealed tiles are kept in order (default SortAlways)
	Now      func() time.Time // the clock for claim deadlines; nil: time.Now
}

// Client is the client-side model of one seat at a table. It reads the
// controller's lines in its own goroutine and writes our requests from
// another, so that none of its methods blocks. Apart from Pending and
// Close, its methods are meant for one goroutine (the UI's Update).
type Client struct {
	cfg  Config
	conn protocol.LineConn
	view *engine.View

	mu      sync.Mutex
	inbox   []engine.Event // parsed, not yet applied
	readErr error          // why the reader stopped (io.EOF: cleanly)
	pending chan struct{}  // signalled when inbox or readErr change

	outMu  sync.Mutex
	outbox []string
	outSig chan struct{}
	outErr error

	done      chan struct{} // closed by Close
	wg        sync.WaitGroup
	closeOnce sync.Once

	polled  []engine.Event // returned by Poll, reused
	errText string         // last refusal, until our next request
	badLine string         // last unreadable line

	// claims: the serial we have answered (claim or no claim) and when the
	// current claim window opened.
	answered    int
	windowSer   int
	windowStart time.Time

	hand     hand
	scoring  Scoring
	prompt   Prompt
	dirty    bool // prompt must be recomputed
	lastKind Kind
	connErr  error

	awaitPause bool     // the hand's declaring phase is over but the pause before play has not come
	autoSelect bool     // apply xmj's preselection at the next refresh
	busy       bool     // a play request is outstanding
	busyKey    stateKey // the state when it was sent
	requests   int      // play requests sent by Press (Prompt.Requests)

	scratch        engine.Game // for trial applications
	scratchPlayers [engine.NumSeats]engine.Player

	replaying bool // Replay is applying a saved hand: no history
	replayed  bool // the table shows a replayed hand, until the next deal

	hist    HistoryRecorder      // finished hands (History)
	options []engine.OptionEntry // the controller's option lines (GameOptions)
}

// New starts a client on conn: it sends Connect with cfg's name and id and
// starts reading. The client owns conn and closes it in Close.
func New(conn protocol.LineConn, cfg Config) (*Client, error) {
	if cfg.Name == "" {
		return nil, errors.New("client: a name is required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	c := &Client{
		cfg:     cfg,
		conn:    conn,
		view:    engine.NewView(),
		pending: make(chan struct{}, 1),
		outSig:  make(chan struct{}, 1),
		done:    make(chan struct{}),
		dirty:   true,
	}
	c.hand.mode = cfg.Sort
	c.hand.sel = -1
	c.queue(engine.PConnect{Version: engine.ProtocolVersion, LastID: cfg.ID, Name: cfg.Name}.String())
	c.wg.Add(2)
	go c.readLoop()
	go c.writeLoop()
	return c, nil
}

func (c *Client) signal() {
	select {
	case c.pending <- struct{}{}:
	default:
	}
}

func (c *Client) readLoop() {
	defer c.wg.Done()
	for {
		line, err := c.conn.ReadLine()
		if errors.Is(err, protocol.ErrLineTooLong) {
			continue
		}
		if err != nil {
			c.mu.Lock()
			select {
			case <-c.done:
				err = net.ErrClosed
			default:
			}
			c.readErr = err
			c.mu.Unlock()
			c.signal()
			return
		}
		ev, perr := protocol.ParseEvent(line)
		c.mu.Lock()
		if perr != nil {
			c.badLine = line
		} else {
			c.inbox = append(c.inbox, ev)
		}
		c.mu.Unlock()
		if perr == nil {
			c.signal()
		}
	}
}

func (c *Client) writeLoop() {
	defer c.wg.Done()
	for {
		c.outMu.Lock()
		lines := c.outbox
		c.outbox = nil
		c.outMu.Unlock()
		for _, l := range lines {
			if err := c.conn.WriteLine(l); err != nil {
				c.outMu.Lock()
				c.outErr = err
				c.outMu.Unlock()
				c.signal()
				return
			}
		}
		select {
		case <-c.outSig:
		case <-c.done:
			return
		}
	}
}

// queue hands a line to the writer.
func (c *Client) queue(line string) {
	c.outMu.Lock()
	c.outbox = append(c.outbox, line)
	c.outMu.Unlock()
	select {
	case c.outSig <- struct{}{}:
	default:
	}
}

// Pending returns a channel that receives a value when messages (or the
// end of the connection) wait to be taken by Poll. It may be selected on
// from any goroutine; a UI need not use it (Poll never blocks).
func (c *Client) Pending() <-chan struct{} { return c.pending }

// Poll applies every message received since the last call to the view,
// updates our hand's order and selection, the scoring texts and the
// prompt, and returns the messages in order so the UI can animate and
// announce them. It never blocks. The slice is reused by the next call.
// Refusals (engine.CError) are among the messages; see also Refusal.
func (c *Client) Poll() []engine.Event {
	c.mu.Lock()
	evs := c.inbox
	c.inbox = c.polled[:0]
	rerr := c.readErr
	c.mu.Unlock()
	c.polled = evs
	for _, ev := range evs {
		c.apply(ev)
	}
	if rerr != nil && c.connErr == nil {
		c.connErr = rerr
		c.dirty = true
	}
	c.outMu.Lock()
	if c.outErr != nil && c.connErr == nil {
		c.connErr = c.outErr
		c.dirty = true
	}
	c.outMu.Unlock()
	if len(evs) > 0 {
		c.dirty = true
		c.autoSelect = true
		if c.busy && c.stateKey() != c.busyKey {
			c.busy = false
		}
		c.autoNoClaim()
	}
	c.refresh()
	return evs
}

// nameOf returns player id's name: from the Player messages, else from
// the seat, else (the controller sends no Player line about ourselves)
// the name we connected with.
func (c *Client) nameOf(id int) string {
	if n := c.view.Names[id]; n != "" {
		return n
	}
	if p := c.view.Game.PlayerByID(id); p != nil && p.Name != "" {
		return p.Name
	}
	if id == c.view.ID {
		return c.cfg.Name
	}
	return ""
}

// apply records one message.
func (c *Client) apply(ev engine.Event) {
	v := c.view
	g := v.Game
	// Scoring texts last until the next hand is scored.
	switch m := ev.(type) {
	case engine.CHandScore:
		if c.scoring.Complete() || c.scoring.Washout != "" {
			c.scoring = Scoring{}
		}
		c.scoring.Hands = append(c.scoring.Hands, HandScore{
			ID: m.ID, Name: c.nameOf(m.ID), Wind: windOf(g, m.ID), Score: m.Score, Text: m.Text,
		})
	case engine.CSettlement:
		mc := m
		c.scoring.Settlement = &mc
	case engine.CWashOut:
		c.scoring = Scoring{Washout: m.Text}
	case engine.CError:
		c.errText = m.Text
		c.busy = false
		c.answered = 0
	}
	if !c.replaying {
		c.record(ev)
	} else if _, ok := ev.(engine.CGameOption); ok {
		c.record(ev)
	}
	if c.busy && engine.Actor(ev) == c.view.ID && c.view.ID != 0 {
		c.busy = false
	}
	if c.replayed {
		c.applyAfterReplay(ev)
	} else if err := v.Apply(ev); err != nil {
		c.badLine = ev.String()
	}
	switch m := ev.(type) {
	case engine.CConnectReply:
		if m.ID == 0 {
			c.connErr = fmt.Errorf("client: refused: %s", m.Reason)
		} else if v.Names[m.ID] == "" {
			// The controller tells us the others' names, never ours.
			v.Names[m.ID] = c.cfg.Name
		}
	case engine.CAuthReqd:
		c.queue(engine.PAuthInfo{AuthType: m.AuthType, Data: c.cfg.Password}.String())
	case engine.CPlayerDiscards:
		c.openWindow(g.Serial)
		c.awaitPause = false
	case engine.CPlayerDeclaresClosedKong:
		c.openWindow(m.Serial)
	case engine.CPlayerAddsToPung:
		c.openWindow(m.Serial)
	case engine.CNewHand:
		c.hand.newHand()
		c.awaitPause = true
	case engine.CPause:
		if g.Phase == engine.Discarding {
			c.awaitPause = false
		}
	}
	c.hand.sync(v, ev)
}

// autoNoClaim passes on a kong we cannot rob, as xmj does: the dialog
// appears only when robbing is possible, and the controller waits for
// every player's answer.
func (c *Client) autoNoClaim() {
	g := c.view.Game
	me, s := c.view.Me(), c.view.Seat()
	if me == nil || s == engine.NoSeat || g.Konging == engine.NotKonging || g.Player == s ||
		g.Claims[s] != engine.NoClaimYet || c.answered == g.Serial || !g.Active {
		return
	}
	if g.Phase != engine.Discarding && g.Phase != engine.DeclaringSpecials {
		return
	}
	if c.trial(engine.CPlayerClaimsMahJong{ID: me.ID, Serial: g.Serial}) {
		return
	}
	c.answered = g.Serial
	c.queue(engine.PNoClaim{Serial: g.Serial}.String())
}

func (c *Client) openWindow(serial int) {
	c.windowSer = serial
	c.windowStart = c.cfg.Now()
}

func windOf(g *engine.Game, id int) engine.Wind {
	if s := g.SeatOf(id); s != engine.NoSeat {
		return s.Wind()
	}
	return engine.NoWind
}

// View returns our seat's view of the game, as of the last Poll. Read it
// only; it changes in Poll.
func (c *Client) View() *engine.View { return c.view }

// ID returns our player id (0 until the controller has admitted us).
func (c *Client) ID() int { return c.view.ID }

// Err returns why the connection ended (nil while it is open; io.EOF when
// the controller closed it cleanly), as of the last Poll.
func (c *Client) Err() error { return c.connErr }

// Refusal returns the text of the controller's last refusal of one of our
// requests, until we send the next request ("" if none).
func (c *Client) Refusal() string { return c.errText }

// Send writes any request to the controller (chat, options, ...). The
// play requests are better made with Press, which checks them first.
func (c *Client) Send(a engine.Action) error {
	if a == nil {
		return errors.New("client: no request")
	}
	if c.connErr != nil && !errors.Is(c.connErr, io.EOF) {
		return fmt.Errorf("client: connection lost: %w", c.connErr)
	}
	c.errText = ""
	c.queue(a.String())
	return nil
}

// Close ends the connection and waits for the client's goroutines.
func (c *Client) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.done)
		err = c.conn.Close()
		c.wg.Wait()
	})
	return err
}
