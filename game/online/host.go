package online

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
	"mahjong/game/local"
	"mahjong/game/online/roomconn"
	"mahjong/relay"
)

// SeatKind says who plays one of the host's three other seats.
type SeatKind int

const (
	Person SeatKind = iota // a guest who joins the room
	Robot                  // one of our robots, run by the host
)

// Seat is one of the three seats besides the host's.
type Seat struct {
	Kind  SeatKind
	Name  string   // a robot's name; default "Robot 1".."Robot 3"
	Level ai.Level // a robot's level
}

// Policy is what happens while a guest is away (the original server's
// disconnect options).
type Policy int

const (
	Wait    Policy = iota // play stops until the guest is back (the original's default)
	StandIn               // a robot plays the seat until the guest is back
	End                   // the game ends (--end-on-disconnect), with Penalties
)

// RedialFor is how long a host whose relay connection was lost keeps
// trying to come back to its room (the relay keeps the room for five
// minutes by default).
const RedialFor = 2 * time.Minute

// HostConfig describes an online game we host.
type HostConfig struct {
	Endpoint     string            // the relay's URL (ws:// or wss://…/relay)
	Dial         relay.DialOptions // how to reach it
	Name         string            // our name at the table (required)
	Seats        [3]Seat           // the other seats
	RandomSeats  bool              // seat players randomly (else in order of arrival: us first)
	Timeout      int               // claim time limit in seconds; 0: none
	Options      []string          // game options, "Name=value" (TimeoutGrace=…)
	Seed         int               // walls and dice; robots' noise
	OnDisconnect Policy            // while a guest is away
	Penalties    [3]int            // with End: points lost in a hand, at its end, at a round's end
	Delay        time.Duration     // pause before each robot move
	Pace         float64           // frames per second to the relay (0: roomconn.DefaultRate; negative: no limit)
	Log          func(string)      // diagnostics

	// Save, if set, receives the game as it goes (after every change),
	// on the host's goroutine: keep it quick (store it and return).
	Save func(Saved)
	// Resume continues a saved game (after a reload): the room is
	// rejoined with its token, robots and guests get their seats back.
	Resume *Saved
}

// Saved is what the host keeps to resume its game.
type Saved struct {
	Endpoint string       `json:"endpoint"`
	Room     string       `json:"room"`
	Token    string       `json:"token"` // the room's host token
	HostID   int          `json:"hostId"`
	Name     string       `json:"name"`
	Robots   []SavedRobot `json:"robots"`
	Game     string       `json:"game"` // the controller's saved game, wire lines
}

// SavedRobot is one robot seat of a saved game.
type SavedRobot struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Level ai.Level `json:"level"`
}

// Role is who holds a connection.
type Role int

const (
	RoleHost    Role = iota // our own seat
	RoleRobot               // a robot seat
	RoleGuest               // a person through the relay
	RoleStandIn             // a robot keeping an absent guest's seat
)

var roleNames = [...]string{"host", "robot", "guest", "stand-in"}

func (r Role) String() string {
	if r < 0 || int(r) >= len(roleNames) {
		return fmt.Sprintf("role(%d)", int(r))
	}
	return roleNames[r]
}

// PlayerStatus describes one player for the host's lobby.
type PlayerStatus struct {
	ID    int
	Name  string
	Role  Role
	Guest int // the relay guest id, for guests
}

// Host is an online game we host: the controller runs here, as in a
// local game, and guests reach it through the relay.
type Host struct {
	cfg  HostConfig
	ln   *roomconn.Listener
	host *local.Host
	ours protocol.LineConn
	auto local.Autosaver // the controller's saves, after every change

	// host goroutine only
	conns    map[int]*seatInfo // by connection number
	ourCnx   int
	ourIn    bool              // our Connect has been handled
	started  [3]bool           // robots started for cfg.Seats
	gone     map[int]*seatInfo // connections the controller closed
	resumed  bool
	nudged   map[int]bool // guests asked to reconnect after a resume
	ourID    int
	robotIDs map[int]SavedRobot

	hostIn chan struct{} // closed once we are in: guests may join

	mu  sync.Mutex
	err error
}

type seatInfo struct {
	role  Role
	id    int // player id once admitted
	name  string
	guest *roomconn.Conn
	robot SavedRobot
}

// NewHost opens a room (or rejoins it, with Resume) and starts the
// game's host. Our seat is Conn(); robots take their seats once we have
// connected, guests as they arrive.
func NewHost(ctx context.Context, cfg HostConfig) (*Host, error) {
	if cfg.Name == "" {
		return nil, errors.New("online: a name is required")
	}
	if cfg.Timeout < 0 {
		return nil, errors.New("online: negative time limit")
	}
	optFile, err := local.ParseOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	for i := range cfg.Seats {
		if cfg.Seats[i].Name == "" {
			cfg.Seats[i].Name = fmt.Sprintf("Robot %d", i+1)
		}
	}
	so := engine.ServerOptions{Timeout: cfg.Timeout, Seed: cfg.Seed, OptionFile: optFile}
	if cfg.RandomSeats {
		so.Seating = engine.SeatRandomly
	}
	if cfg.OnDisconnect == End {
		so.EndOnDisconnect = true
		so.DisconnectPenalties = cfg.Penalties
	}
	h := &Host{
		cfg:      cfg,
		conns:    map[int]*seatInfo{},
		nudged:   map[int]bool{},
		gone:     map[int]*seatInfo{},
		robotIDs: map[int]SavedRobot{},
		hostIn:   make(chan struct{}),
	}
	h.auto.Install(&so) // keeps the hand history: a save can resume mid-hand
	c := engine.NewController(so)
	var rc *relay.Client
	if r := cfg.Resume; r != nil {
		msgs, err := local.ParseGame(r.Game)
		if err == nil {
			err = c.LoadGame(msgs)
		}
		if err != nil {
			return nil, fmt.Errorf("online: resuming: %w", err)
		}
		rc, err = relay.Join(ctx, cfg.Endpoint, r.Room, r.Token, cfg.Dial)
		if err != nil {
			return nil, fmt.Errorf("online: rejoining room: %w", err)
		}
		if !rc.IsHost() {
			rc.Close()
			return nil, errors.New("online: the saved token is not the room's host token")
		}
		h.resumed = true
		h.ourID = r.HostID
		for _, rb := range r.Robots {
			h.robotIDs[rb.ID] = rb
		}
	} else {
		rc, err = relay.Create(ctx, cfg.Endpoint, cfg.Dial)
		if err != nil {
			return nil, fmt.Errorf("online: creating room: %w", err)
		}
	}
	h.ln = roomconn.New(rc, nil)
	room, token := rc.Room(), rc.Token()
	h.ln.Redial(func(ctx context.Context) (*relay.Client, error) {
		return relay.Join(ctx, cfg.Endpoint, room, token, cfg.Dial)
	}, RedialFor)
	if cfg.Pace != 0 {
		h.ln.SetPace(cfg.Pace, roomconn.DefaultBurst)
	}
	h.host = local.NewHost(context.Background(), c, local.Hooks{
		Request: h.request,
		Handled: h.handled,
		Lost:    h.lost,
		Send:    h.send,
		Tick:    h.tick,
	})
	hostEnd, ours := protocol.Pipe()
	h.ours = ours
	cnx := -1
	h.host.Do(func() {
		if cnx = h.host.Attach(hostEnd); cnx >= 0 {
			h.ourCnx = cnx
			h.conns[cnx] = &seatInfo{role: RoleHost, name: cfg.Name}
		}
	})
	if cnx < 0 {
		h.ln.Close()
		h.host.Close()
		return nil, errors.New("online: the controller refused our seat")
	}
	h.host.Go(h.acceptLoop)
	return h, nil
}

// Conn returns our seat's connection, for client.New (with Name and,
// when resuming, ID: see ID).
func (h *Host) Conn() protocol.LineConn { return h.ours }

// ID returns the player id to connect with: ours in the resumed game,
// 0 for a new game.
func (h *Host) ID() int {
	if h.cfg.Resume != nil {
		return h.cfg.Resume.HostID
	}
	return 0
}

// Room returns the room's code.
func (h *Host) Room() string { return h.ln.Room() }

// Token returns the room's host token (keep it secret).
func (h *Host) Token() string { return h.ln.Client().Token() }

// Link returns the link guests open: page with ?room=CODE.
func (h *Host) Link(page string) string { return RoomLink(page, h.Room()) }

// RoomLink returns page with its query set to room=code.
func RoomLink(page, code string) string { return roomconn.RoomLink(page, code) }

// PageForRelay guesses the web page served next to a relay endpoint
// (ws://host/relay → http://host/).
func PageForRelay(endpoint string) string { return roomconn.PageForRelay(endpoint) }

// Done is closed when the game's host has stopped.
func (h *Host) Done() <-chan struct{} { return h.host.Done() }

// GameOver reports whether the game had ended when the host stopped.
func (h *Host) GameOver() bool { return h.host.GameOver() }

// Err returns a robot's failure, if any.
func (h *Host) Err() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// RelayClient returns the relay connection in use (a new one after the
// host came back from a lost connection).
func (h *Host) RelayClient() *relay.Client { return h.ln.Client() }

// RelayErr returns why the relay connection ended, nil while it is up.
func (h *Host) RelayErr() error { return h.ln.Err() }

// Close ends the room and stops the game.
func (h *Host) Close() error {
	err := h.ln.Close()
	h.host.Close()
	return err
}

// Players lists who holds a connection now, in connection order.
func (h *Host) Players() []PlayerStatus {
	var out []PlayerStatus
	h.host.Do(func() {
		for cnx := 1; cnx < engine.MaxConnections; cnx++ {
			s := h.conns[cnx]
			if s == nil {
				continue
			}
			ps := PlayerStatus{ID: s.id, Name: s.name, Role: s.role}
			if s.guest != nil {
				ps.Guest = s.guest.Guest()
			}
			out = append(out, ps)
		}
	})
	return out
}

// FillWithRobots gives every seat still waiting for a person to a robot,
// so the game starts now.
func (h *Host) FillWithRobots() {
	h.host.Do(func() {
		if !h.ourIn || h.resumed {
			return
		}
		// Only as many robots as there are free places.
		free := engine.NumSeats - len(h.conns)
		for i := range h.cfg.Seats {
			if !h.started[i] && h.cfg.Seats[i].Kind == Person && free > 0 {
				h.cfg.Seats[i].Kind = Robot
				free--
			}
		}
		h.startRobots()
	})
}

func (h *Host) fail(err error) {
	h.mu.Lock()
	if h.err == nil {
		h.err = err
	}
	h.mu.Unlock()
	h.logf("%v", err)
}

func (h *Host) logf(format string, args ...any) {
	if h.cfg.Log != nil {
		h.cfg.Log(fmt.Sprintf(format, args...))
	}
}

// acceptLoop hands each guest connection to the controller once we are
// seated (so that we are East and the game manager).
func (h *Host) acceptLoop() {
	ctx := h.host.Context()
	stop := context.AfterFunc(ctx, func() { h.ln.Close() })
	defer stop()
	for {
		gc, err := h.ln.Accept()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, roomconn.ErrClosed) {
				h.logf("online: relay: %v", err)
			}
			return
		}
		select {
		case <-h.hostIn:
		case <-ctx.Done():
			return
		}
		h.host.Do(func() {
			h.logf("online: guest %d connects", gc.Guest())
			if h.resumed && !h.nudged[gc.Guest()] {
				// Guests of the game before our reload must connect again.
				h.nudged[gc.Guest()] = true
				gc.WriteLine(engine.CReconnect{}.String())
			}
			cnx := h.host.Attach(gc)
			if cnx >= 0 {
				delete(h.gone, cnx)
				h.conns[cnx] = &seatInfo{role: RoleGuest, guest: gc}
			}
		})
	}
}

// request runs before the controller sees a request.
func (h *Host) request(cnx int, a engine.Action) bool {
	s := h.conns[cnx]
	m, ok := a.(engine.PConnect)
	if !ok || s == nil {
		return true
	}
	s.name = m.Name
	if s.role != RoleGuest || m.LastID == 0 {
		return true
	}
	// A guest coming back takes its seat from the robot standing in.
	for rc, r := range h.conns {
		if r.role == RoleStandIn && r.robot.ID == m.LastID {
			h.logf("online: player %d is back; the stand-in leaves", m.LastID)
			h.host.Drop(rc)
			delete(h.conns, rc)
		}
	}
	return true
}

// handled runs after the controller handled a request.
func (h *Host) handled(cnx int, a engine.Action) {
	if _, ok := a.(engine.PConnect); !ok || cnx != h.ourCnx || h.ourIn {
		return
	}
	if h.conns[cnx] == nil || h.conns[cnx].id == 0 {
		return
	}
	h.ourIn = true
	close(h.hostIn)
	if h.resumed {
		for _, r := range h.robotIDs {
			h.startRobot(r, RoleRobot)
		}
		return
	}
	h.startRobots()
}

// startRobots seats the robots the configuration asks for.
func (h *Host) startRobots() {
	for i, st := range h.cfg.Seats {
		if st.Kind == Robot && !h.started[i] {
			h.started[i] = true
			h.startRobot(SavedRobot{Name: st.Name, Level: st.Level}, RoleRobot)
		}
	}
}

// startRobot runs a robot on a pipe; r.ID asks for a seat back.
func (h *Host) startRobot(r SavedRobot, role Role) {
	hostEnd, robotEnd := protocol.Pipe()
	cnx := h.host.Attach(hostEnd)
	if cnx < 0 {
		h.fail(errors.New("online: the controller refused a robot"))
		return
	}
	delete(h.gone, cnx)
	h.conns[cnx] = &seatInfo{role: role, name: r.Name, robot: r}
	ctx := h.host.Context()
	seed := uint64(h.cfg.Seed)*4 + uint64(cnx)
	h.host.Go(func() {
		var lc protocol.LineConn = robotEnd
		if h.cfg.Delay > 0 {
			lc = &slowConn{LineConn: robotEnd, delay: h.cfg.Delay, ctx: ctx}
		}
		rob := ai.New(ai.Options{Level: r.Level, Seed: seed})
		err := player.Run(ctx, lc, player.Config{ID: r.ID, Name: r.Name, Robot: rob, Log: h.cfg.Log})
		if err != nil && ctx.Err() == nil && role != RoleStandIn {
			h.fail(fmt.Errorf("online: robot %s: %w", r.Name, err))
		}
	})
}

// lost runs after a connection ended.
func (h *Host) lost(cnx int, err error) {
	s := h.conns[cnx]
	if s == nil {
		s = h.gone[cnx]
	}
	delete(h.conns, cnx)
	delete(h.gone, cnx)
	if s == nil {
		return
	}
	c := h.host.Controller()
	if s.role == RoleGuest && s.id > 0 && h.cfg.OnDisconnect == StandIn &&
		c.Game().Round != engine.NoWind && !c.GameOver() && !c.Exit() {
		name := s.name
		if name == "" {
			name = "Robot"
		}
		h.logf("online: player %d lost (%v); a robot stands in", s.id, err)
		h.startRobot(SavedRobot{ID: s.id, Name: name + " (robot)"}, RoleStandIn)
	}
}

// send sees every message: it learns player ids and keeps saves quiet.
func (h *Host) send(o engine.Output) bool {
	if !h.auto.Sent(o) {
		return false // the save's own messages (StateSaved or an error)
	}
	if o.Close {
		if s := h.conns[o.Conn]; s != nil {
			h.gone[o.Conn] = s
			delete(h.conns, o.Conn)
		}
	}
	if r, ok := o.Event.(engine.CConnectReply); ok && r.ID > 0 {
		if s := h.conns[o.Conn]; s != nil {
			s.id = r.ID
			switch s.role {
			case RoleHost:
				h.ourID = r.ID
			case RoleRobot:
				s.robot.ID = r.ID
				h.robotIDs[r.ID] = s.robot
			}
		}
	}
	return true
}

// tick saves the game after every change.
func (h *Host) tick() {
	if h.cfg.Save == nil || h.ourID == 0 {
		return
	}
	if s := h.conns[h.ourCnx]; s == nil || s.id == 0 {
		return
	}
	game, ok := h.auto.Take(h.host, h.ourCnx)
	if !ok {
		return
	}
	sv := Saved{
		Endpoint: h.cfg.Endpoint,
		Room:     h.ln.Room(),
		Token:    h.ln.Client().Token(),
		HostID:   h.ourID,
		Name:     h.cfg.Name,
		Game:     game,
	}
	for _, r := range h.robotIDs {
		sv.Robots = append(sv.Robots, r)
	}
	h.cfg.Save(sv)
}

// slowConn delays a robot's moves that change the table.
type slowConn struct {
	protocol.LineConn
	delay time.Duration
	ctx   context.Context
}

func (s *slowConn) WriteLine(line string) error {
	kw, _, _ := strings.Cut(line, " ")
	switch kw {
	case "Discard", "DeclareSpecial", "DeclareClosedKong", "AddToPung", "Pung", "Chow", "Kong", "MahJong":
		t := time.NewTimer(s.delay)
		select {
		case <-t.C:
		case <-s.ctx.Done():
			t.Stop()
		}
	}
	return s.LineConn.WriteLine(line)
}

// RelayForPage guesses the relay endpoint next to a web page
// (https://host/dir/index.html → wss://host/dir/relay).
func RelayForPage(page string) string { return roomconn.RelayForPage(page) }
