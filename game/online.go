package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/art"
	"mahjong/game/client"
	"mahjong/game/online"
	"mahjong/relay"
)

// Online play (package game/online): the Game menu's "Host online
// game…" opens a room on the relay and plays at our table with guests
// and robots; "Join online game…" joins a room by its code (or the
// page's ?room=CODE link). The table is the same as a local game's; the
// Messages window is the chat. What brings us back after a reload (the
// guest's session, the host's saved game) is kept in onlineStore.

// Keys of onlineStore.
const (
	guestKey = "mj-online-guest"
	hostKey  = "mj-online-host"
)

// onlineSession is the online side of a table.
type onlineSession struct {
	host   *online.Host
	guest  *online.Guest
	name   string
	saved  bool   // the guest's session (with its player id) is stored
	auto   bool   // our seat plays itself (SetAutoPlay)
	server string // the mj-server we play on (JoinServer)
}

// update follows the room: a guest whose host restarted connects again.
func (o *onlineSession) update(a *App, t *tableScene) {
	if o.auto && t.cl != nil {
		autoStep(t.cl)
	}
	if o.guest == nil || t.cl == nil {
		return
	}
	if !o.saved && t.cl.ID() != 0 {
		o.saved = true
		storeJSON(guestKey, o.guest.Session())
	}
	if errors.Is(t.cl.Err(), online.ErrReconnect) {
		t.cl.Close()
		cl, err := o.guest.NewClient(client.Config{Name: o.name, Sort: a.cfg.Sort})
		if err != nil {
			t.err = err.Error()
			return
		}
		t.cl = cl
		a.announce("The host is back: rejoining the game.")
		a.dirty()
	}
}

// close leaves the room (a host's room ends).
func (o *onlineSession) close() {
	if o.host != nil {
		o.host.Close()
		storeJSON(hostKey, nil)
	}
	if o.guest != nil {
		o.guest.Close()
	}
}

// relayEndpoint is the relay to use: Config.Relay, or the one next to
// the page.
func relayEndpoint(cfg *Config) string {
	if cfg.Relay != "" {
		return cfg.Relay
	}
	return online.RelayForPage(cfg.Page)
}

// onlineForm is the working copy of the online dialogs.
type onlineForm struct {
	name   string
	room   string
	seats  [3]int // 0 person, 1 robot
	policy int    // online.Wait, StandIn, End

	// Set by the desktop program before the first frame.
	server   string // an mj-server to play on at once (host:port or a Unix socket)
	serverID int    // our player id there (0: a new player)
	connect  bool   // join Config.Room at once, without the Join dialog
	auto     bool   // our seat plays itself
}

var policyWords = []string{"Wait for them", "A robot stands in", "End the game"}

func (u *ui) onlineForm(a *App) *onlineForm {
	if u.onl == nil {
		u.onl = &onlineForm{name: a.cfg.Name, room: a.cfg.Room, seats: [3]int{0, 1, 1}}
	}
	return u.onl
}

// hostPanel is "Host online game…": the seats, then Open room. While we
// host, it shows the room instead.
func (u *ui) hostPanel(a *App) *panel {
	if t, ok := a.scene.(*tableScene); ok && t.onl != nil && t.onl.host != nil {
		return u.roomPanel(a, t.onl.host)
	}
	f := u.onlineForm(a)
	p := &panel{id: "host", title: "Host online game"}
	p.rows = []row{
		{kind: rowText, text: "Open a room on the relay and share its link: friends join from their browsers, robots take the other seats. You are East and the game manager."},
		{kind: rowEntry, label: "Your name", str: &f.name},
	}
	for i := range f.seats {
		p.rows = append(p.rows, row{kind: rowChoice, label: fmt.Sprintf("Seat %d", i+2), idx: &f.seats[i], opts: []string{"Person", "Robot"}})
	}
	p.rows = append(p.rows, row{kind: rowChoice, label: "If a guest leaves", idx: &f.policy, opts: policyWords})
	p.btns = []Button{{Label: "&Open room", ID: "open", Default: true}}
	var saved online.Saved
	if loadJSON(hostKey, &saved) && saved.Game != "" {
		p.rows = append(p.rows, row{kind: rowText, text: "A game you hosted can be resumed (room " + saved.Room + ")."})
		p.btns = append(p.btns, Button{Label: "&Resume hosted game", ID: "resume"})
	}
	p.btns = append(p.btns, Button{Label: "&Cancel", ID: "cancel"})
	p.press = func(a *App, p *panel, id string) {
		switch id {
		case "open":
			u.closePanel(a)
			startHosting(a, f, nil)
		case "resume":
			u.closePanel(a)
			startHosting(a, f, &saved)
		default:
			u.closePanel(a)
		}
	}
	return p
}

// roomPanel shows the room we host: its code, its link and who is in.
func (u *ui) roomPanel(a *App, h *online.Host) *panel {
	link := h.Link(a.cfg.Page)
	p := &panel{id: "room", title: "Online room"}
	p.rows = []row{
		{kind: rowHead, text: "Room " + h.Room()},
		{kind: rowText, text: "Link: " + link},
		{kind: rowHead, text: "At the table"},
	}
	for _, ps := range h.Players() {
		name := ps.Name
		if name == "" {
			name = "(connecting)"
		}
		p.rows = append(p.rows, row{kind: rowText, text: fmt.Sprintf("%s — %s", name, ps.Role)})
	}
	p.btns = []Button{{Label: "&Fill with robots", ID: "fill"}, {Label: "&Close", ID: "close", Default: true}}
	p.press = func(a *App, p *panel, id string) {
		if id == "fill" {
			h.FillWithRobots()
			a.announce("Robots take the free seats.")
		}
		u.closePanel(a)
	}
	return p
}

// joinPanel is "Join online game…": a name and the room's code.
func (u *ui) joinPanel(a *App) *panel {
	f := u.onlineForm(a)
	p := &panel{id: "join", title: "Join online game"}
	p.rows = []row{
		{kind: rowText, text: "Join a friend's room: type the code of the room, or open the link the host shared."},
		{kind: rowEntry, label: "Your name", str: &f.name},
		{kind: rowEntry, label: "Room code", str: &f.room},
	}
	p.btns = []Button{{Label: "&Join", ID: "join", Default: true}, {Label: "&Cancel", ID: "cancel"}}
	p.press = func(a *App, p *panel, id string) {
		u.closePanel(a)
		if id == "join" {
			startJoining(a, f)
		}
	}
	return p
}

// startHosting opens (or reopens, resuming sv) a room and sits us at
// the table once it is open.
func startHosting(a *App, f *onlineForm, sv *online.Saved) {
	if t, ok := a.scene.(*tableScene); ok {
		t.close() // the game we were playing ends
	}
	name := strings.TrimSpace(f.name)
	if name == "" {
		name = "Player"
	}
	cfg := online.HostConfig{
		Endpoint:     relayEndpoint(&a.cfg),
		Name:         name,
		Timeout:      startSettings(a.cfg).claimTime,
		Options:      a.cfg.GameOptions,
		Seed:         int(time.Now().UnixNano() & 0x7fffffff),
		OnDisconnect: online.Policy(f.policy),
		Delay:        350 * time.Millisecond,
		Resume:       sv,
		Save:         func(s online.Saved) { storeJSON(hostKey, s) },
	}
	if sv != nil {
		cfg.Endpoint, cfg.Name = sv.Endpoint, sv.Name
	}
	for i, k := range f.seats {
		cfg.Seats[i] = online.Seat{Kind: online.SeatKind(k), Name: defaultRobotNames[i]}
	}
	a.switchTo(newOnlineWait(a, "Opening a room…", func(ctx context.Context) (*onlineSession, *client.Client, error) {
		h, err := online.NewHost(ctx, cfg)
		if err != nil {
			return nil, nil, err
		}
		cl, err := client.New(h.Conn(), client.Config{Name: cfg.Name, ID: h.ID(), Sort: a.cfg.Sort})
		if err != nil {
			h.Close()
			return nil, nil, err
		}
		return &onlineSession{host: h, name: cfg.Name}, cl, nil
	}))
}

// startJoining joins a room, as our former seat when we kept a session
// for it.
func startJoining(a *App, f *onlineForm) {
	if t, ok := a.scene.(*tableScene); ok {
		t.close() // the game we were playing ends
	}
	name := strings.TrimSpace(f.name)
	if name == "" {
		name = "Player"
	}
	code := online.NormalizeCode(f.room)
	s := online.Session{Endpoint: relayEndpoint(&a.cfg), Room: code, Name: name}
	var old online.Session
	if loadJSON(guestKey, &old) && old.Room == code && old.Token != "" {
		s.Token, s.ID = old.Token, old.ID
	}
	a.switchTo(newOnlineWait(a, "Joining room "+code+"…", func(ctx context.Context) (*onlineSession, *client.Client, error) {
		g, err := online.Rejoin(ctx, s, relay.DialOptions{})
		if err != nil && s.Token != "" {
			// The seat is gone (a new room with the same code is
			// impossible): join as a newcomer.
			s.Token, s.ID = "", 0
			g, err = online.Rejoin(ctx, s, relay.DialOptions{})
		}
		if err != nil {
			return nil, nil, err
		}
		storeJSON(guestKey, g.Session())
		cl, err := g.NewClient(client.Config{Name: name, Sort: a.cfg.Sort})
		if err != nil {
			g.Close()
			return nil, nil, err
		}
		return &onlineSession{guest: g, name: name, auto: f.auto}, cl, nil
	}))
}

// onlineWait is the screen shown while we reach the relay.
type onlineWait struct {
	text   string
	result chan onlineResult
	err    string
	back   Button
}

type onlineResult struct {
	s   *onlineSession
	cl  *client.Client
	err error
}

func newOnlineWait(a *App, text string, open func(context.Context) (*onlineSession, *client.Client, error)) *onlineWait {
	w := &onlineWait{text: text, result: make(chan onlineResult, 1)}
	w.back = Button{Label: "&Back", ID: "back", Default: true}
	a.announce(text)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s, cl, err := open(ctx)
		w.result <- onlineResult{s, cl, err}
	}()
	return w
}

func (w *onlineWait) update(a *App, its []Intent) error {
	select {
	case r := <-w.result:
		if r.err != nil {
			w.err = r.err.Error()
			a.announce("Could not reach the room: " + w.err)
			a.dirty()
			break
		}
		t := newOnlineTable(a, r.s, r.cl)
		a.switchTo(t)
		if r.s.host != nil {
			a.announce("Room " + r.s.host.Room() + " is open. Share the link: " + r.s.host.Link(a.cfg.Page))
			a.ui.openPanel(a, a.ui.roomPanel(a, r.s.host))
		} else if r.s.server != "" {
			a.announce("Connected to " + r.s.server + ".")
		} else {
			a.announce("Joined the room.")
		}
		return nil
	default:
	}
	if w.err != "" {
		for _, it := range its {
			if it.Kind == Tap || it.Kind == Default || it.Kind == Escape {
				a.switchTo(newStartScene(a))
			}
		}
	}
	return nil
}

func (w *onlineWait) draw(dst *ebiten.Image, a *App) {
	dst.Fill(colTable)
	css := a.scr.scale()
	f := 18 * css
	r := Rect{0, a.scr.H/2 - 3*f, a.scr.W, 2 * f}
	a.g.text(dst, r, art.Bold, f, w.text, colText, alignCenter)
	if w.err != "" {
		r.Y += 2 * f
		a.g.text(dst, r, art.Regular, f*0.8, w.err, colText, alignCenter)
		r.Y += 2 * f
		a.g.text(dst, r, art.Regular, f*0.8, "Tap or press Return to go back.", colText, alignCenter)
	}
}

// newOnlineTable is the table of an online game: the local game's table
// over the room's client.
func newOnlineTable(a *App, s *onlineSession, cl *client.Client) *tableScene {
	set := startSettings(a.cfg)
	set.name = s.name
	t := &tableScene{set: set, ours: engine.NoSeat, cl: cl, onl: s}
	t.over = Button{Label: "&New game", ID: "new", Default: true}
	t.show = Button{Label: "Show dialog", ID: "show"}
	return t
}

// storeJSON keeps v under key (nil removes it).
func storeJSON(key string, v any) {
	if v == nil {
		onlineStore.set(key, "")
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		onlineStore.set(key, string(b))
	}
}

// loadJSON reads key into v; false when nothing usable is stored.
func loadJSON(key string, v any) bool {
	s := onlineStore.get(key)
	return s != "" && json.Unmarshal([]byte(s), v) == nil
}

// kvStore keeps small strings (the page's localStorage in the browser).
type kvStore interface {
	get(key string) string
	set(key, value string)
}

// startOnline starts what the program asked for: a game on an
// mj-server (JoinServer), or a room, joined at once (JoinRoomNow) or
// through Join online game (the page's ?room=CODE link).
func (a *App) startOnline() {
	f := a.ui.onlineForm(a)
	switch {
	case f.server != "":
		startServerGame(a, f)
	case a.cfg.Room != "" && f.connect:
		startJoining(a, f)
	case a.cfg.Room != "":
		a.ui.openPanel(a, a.ui.joinPanel(a))
	}
}

// JoinServer makes the App play on the game server at addr (host:port,
// or the path of a Unix socket) from its first frame, as player id (0: a
// new player), like the original xmj's --server with --connect. Call it
// before the App runs.
func (a *App) JoinServer(addr string, id int) {
	f := a.ui.onlineForm(a)
	f.server, f.serverID = addr, id
}

// JoinRoomNow makes the App join Config.Room at once instead of opening
// Join online game. Call it before the App runs.
func (a *App) JoinRoomNow() { a.ui.onlineForm(a).connect = true }

// SetAutoPlay makes our seat in an online or server game play itself,
// pressing each prompt's default button (discarding the last tile of the
// hand): for tests that run the whole program without a person. Call it
// before the App runs.
func (a *App) SetAutoPlay(on bool) { a.ui.onlineForm(a).auto = on }

// startServerGame connects to an mj-server and sits us at its table.
func startServerGame(a *App, f *onlineForm) {
	name := strings.TrimSpace(f.name)
	if name == "" {
		name = "Player"
	}
	addr, id, auto := f.server, f.serverID, f.auto
	a.switchTo(newOnlineWait(a, "Connecting to "+addr+"…", func(ctx context.Context) (*onlineSession, *client.Client, error) {
		network := "tcp"
		if !strings.Contains(addr, ":") || strings.Contains(addr, "/") {
			network = "unix"
		}
		var d net.Dialer
		nc, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, nil, fmt.Errorf("game: connecting to the server: %w", err)
		}
		cl, err := client.New(protocol.NewConn(nc), client.Config{Name: name, ID: id, Sort: a.cfg.Sort})
		if err != nil {
			nc.Close()
			return nil, nil, err
		}
		return &onlineSession{name: name, auto: auto, server: addr}, cl, nil
	}))
}

// autoStep answers the prompt, if any, with its default button; a
// button that needs a tile gets the last tile of the hand that suits it.
func autoStep(cl *client.Client) {
	p := cl.Prompt()
	if p.Kind == client.None || p.Kind == client.GameOver || len(p.Buttons) == 0 {
		return
	}
	i := max(p.Default, 0)
	b := p.Buttons[i]
	if b.UsesSelection && !b.Enabled {
		for k := len(cl.Hand()) - 1; k >= 0; k-- {
			cl.Select(k)
			if q := cl.Prompt(); i < len(q.Buttons) && q.Buttons[i].Act == b.Act && q.Buttons[i].Enabled {
				b = q.Buttons[i]
				break
			}
		}
	}
	cl.Press(b) // refused presses are tried again next frame
}
