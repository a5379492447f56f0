package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Seating says how the four players are seated when the game starts.
type Seating uint8

// Seating orders (the original's default, --random-seats, --id-order-seats).
const (
	SeatByConnection Seating = iota
	SeatRandomly
	SeatByID
)

// Auth is one --auth-basic entry: the password a player id must give.
type Auth struct {
	ID       int
	Password string
}

// ServerOptions configures a Controller the way mj-server's command line
// configures the original.
type ServerOptions struct {
	Seating             Seating
	Timeout             int           // --timeout: seconds to answer a discard (0 waits for ever)
	Debug               bool          // --debug: allow SwapTile
	DisconnectPenalties [3]int        // in hand, end of hand, end of round
	EndOnDisconnect     bool          // end the game gracefully when a player is lost
	ExitOnDisconnect    bool          // stop the server when a player is lost
	SaveOnExit          bool          // save before stopping that way
	OptionFile          []CGameOption // --option-file entries, applied at game start
	NoIDRequired        bool          // resumed games: seat unknown players in free seats
	NoManager           bool          // nobody may change options
	Auth                []Auth        // --auth-basic entries
	NoSpecialScores     bool          // flowers and seasons score nothing
	Seed                int           // --seed
	Wall                Tiles         // --wallfile: deal this wall at every hand
	NoHistory           bool          // --nohist: keep no hand history (no resumption)

	// Save writes a saved game and returns the name used; name is as the
	// player gave it (possibly empty). Nil: saving is refused.
	Save func(name string, msgs []Event) (string, error)
	// HandHistory receives each scored hand's record (--hand-history).
	HandHistory func(name string, msgs []Event)
	// Load reads a saved game for LoadState. Nil: loading is refused.
	Load func(name string) ([]Event, error)
}

// Output is one message for one connection.
type Output struct {
	Conn   int   // connection number (1..MaxConnections-1)
	Event  Event // the message
	Logged bool  // the original's --logfile records this copy
	Close  bool  // close the connection after sending (Event may be nil)
}

// MaxConnections is the original's connection table size; slot 0 is the
// listening socket, so clients use 1..MaxConnections-1.
const MaxConnections = 8

// PlayerOptions are one player's SetPlayerOption values.
type playerExtras struct {
	options       [4]int // indexed by PlayerOption
	disconnected  bool   // must be told the game state when (re)connecting
	authState     int    // authNone, authPending, authDone
	authData      string // the password expected
	protVersion   int
	localTimeouts bool
}

const (
	authNone = iota
	authPending
	authDone
)

type connection struct {
	inUse   bool
	player  *Player   // nil until Connect succeeds
	seq     int       // lines received on this connection
	connect *PConnect // the accepted Connect, replayed by LoadState
}

// Controller runs one game with the rules and the observable behaviour of
// the original mj-server: it takes the players' requests connection by
// connection and returns the messages to send. It knows no sockets and no
// clock: the host delivers lines, connection events and elapsed time.
type Controller struct {
	g    *Game
	opts ServerOptions
	rnd  *Rand

	conns            [MaxConnections]connection
	extras           map[*Player]*playerExtras
	connected        int  // players with a connection
	nextID           int  // last id handed out
	firstHuman       int  // number of players connected when the first non-robot arrived
	protocol         int  // lowest protocol version among the players
	loadState        bool // a game is loaded or running: connections join it
	caller           Player
	history          []Event
	prehistory       []Event
	completed        int // completed rounds
	lastWallSize     int
	timeoutLeft      time.Duration
	localTO          bool
	handNumber       int // hand-history files written
	saveHack         int
	savedName        string
	loadedName       string
	endingInProgress bool
	gameOver         bool
	exit             bool
	out              []Output
	report           []string
}

// NewController makes a controller waiting for four players.
func NewController(opts ServerOptions) *Controller {
	c := &Controller{g: NewGame(), opts: opts, extras: map[*Player]*playerExtras{}}
	c.rnd = NewRand(int64(opts.Seed))
	c.conns[0].inUse = true // the listening socket
	c.g.ProtVersion = ProtocolVersion
	c.g.Options = OptionsFor(ProtocolVersion)
	c.protocol = ProtocolVersion
	for _, p := range c.g.Players {
		c.extras[p] = &playerExtras{}
	}
	return c
}

// Game returns the controller's game state (read only).
func (c *Controller) Game() *Game { return c.g }

// Exit reports whether the server should stop (exit-on-disconnect, or
// the first disconnection after the game is over).
func (c *Controller) Exit() bool { return c.exit }

// GameOver reports whether the game has ended.
func (c *Controller) GameOver() bool { return c.gameOver }

// Report returns and clears the lines the server prints on standard
// output (the final scores).
func (c *Controller) Report() []string {
	r := c.report
	c.report = nil
	return r
}

// flush hands over the messages of one request. The slice is reused by
// the next call, so callers must consume it before calling again.
func (c *Controller) flush() []Output {
	if len(c.out) == 0 {
		return nil
	}
	o := c.out
	c.out = c.out[:0]
	return o
}

// Accept registers a new connection and returns its number, or -1 with
// the refusal to send when the table is full.
func (c *Controller) Accept() (int, []Output) {
	if c.endingInProgress {
		return -1, []Output{{Event: CError{Text: "Game shutting down; no reconnect allowed"}, Close: true}}
	}
	for i := 1; i < MaxConnections; i++ {
		if !c.conns[i].inUse {
			c.conns[i] = connection{inUse: true}
			return i, nil
		}
	}
	return -1, []Output{{Event: CError{Text: "Unable to accept new connections"}, Close: true}}
}

// BadLine handles a line that could not be parsed.
func (c *Controller) BadLine(cnx int) []Output {
	if !c.validConn(cnx) {
		return nil
	}
	c.conns[cnx].seq++
	c.sendCnx(cnx, CError{Seq: c.conns[cnx].seq, Text: "Protocol error"}, true)
	return c.flush()
}

// Lost handles the loss of a connection (end of file or error).
func (c *Controller) Lost(cnx int) []Output {
	if !c.validConn(cnx) {
		return nil
	}
	if c.gameOver {
		c.exit = true
		c.closeConnection(cnx)
		return c.flush()
	}
	c.handleConnError(cnx)
	return c.flush()
}

func (c *Controller) validConn(cnx int) bool {
	return cnx > 0 && cnx < MaxConnections && c.conns[cnx].inUse
}

// Handle acts on one player message received on connection cnx.
func (c *Controller) Handle(cnx int, a Action) []Output {
	if !c.validConn(cnx) || a == nil {
		return nil
	}
	c.conns[cnx].seq++
	c.handle(cnx, a)
	return c.flush()
}

// TimeLeft reports how long until the claim timer expires, if it runs.
func (c *Controller) TimeLeft() (time.Duration, bool) {
	if c.g.Active && !c.g.Paused && c.timeoutLeft > 0 {
		return c.timeoutLeft, true
	}
	return 0, false
}

// Advance tells the controller that d has passed; when the claim timer
// runs out, players who have not answered are deemed to pass.
func (c *Controller) Advance(d time.Duration) []Output {
	if _, ok := c.TimeLeft(); !ok {
		return nil
	}
	c.timeoutLeft -= d
	if c.timeoutLeft <= 0 {
		c.timeoutLeft = 0
		c.timeoutHandler()
	}
	return c.flush()
}

// --- sending ---

func (c *Controller) idToCnx(id int) int {
	for i := 1; i < MaxConnections; i++ {
		if c.conns[i].inUse && c.conns[i].player != nil && c.conns[i].player.ID == id {
			return i
		}
	}
	return -1
}

func (c *Controller) cnxToID(cnx int) int {
	if p := c.conns[cnx].player; p != nil {
		return p.ID
	}
	return -1
}

func (c *Controller) sendCnx(cnx int, ev Event, logit bool) {
	if cnx < 0 {
		return
	}
	c.out = append(c.out, Output{Conn: cnx, Event: ev, Logged: logit})
}

// sendID sends to a player by id (nothing if not connected); a logged
// copy also enters the hand's history.
func (c *Controller) sendID(id int, ev Event, logit bool) {
	cnx := c.idToCnx(id)
	if cnx < 0 {
		return
	}
	c.sendCnx(cnx, ev, logit)
	if !c.opts.NoHistory && logit && c.g.Active {
		c.historyAdd(ev)
	}
}

// sendAll sends to the four players, logging the copy sent to East.
func (c *Controller) sendAll(ev Event) {
	for i, p := range c.g.Players {
		c.sendID(p.ID, ev, i == 0)
	}
}

func (c *Controller) sendOthers(id int, ev Event) {
	for _, p := range c.g.Players {
		if p.ID != id {
			c.sendID(p.ID, ev, false)
		}
	}
}

func (c *Controller) sendError(cnx int, text string) {
	c.sendCnx(cnx, CError{Seq: c.conns[cnx].seq, Text: text}, true)
}

func (c *Controller) historyAdd(ev Event) {
	switch ev.(type) {
	case CNewHand, CPlayerDeclaresSpecial, CPause, CPlayerReady, CPlayerDraws,
		CPlayerDrawsLoose, CPlayerDiscards, CPlayerDoesntClaim, CDangerousDiscard,
		CPlayerClaimsPung, CPlayerPungs, CPlayerFormsClosedPung, CPlayerClaimsKong,
		CPlayerKongs, CPlayerDeclaresClosedKong, CPlayerAddsToPung, CPlayerRobsKong,
		CPlayerClaimsChow, CPlayerChows, CPlayerFormsClosedChow, CWashOut,
		CPlayerClaimsMahJong, CPlayerMahJongs, CPlayerPairs, CPlayerFormsClosedPair,
		CPlayerShowsTiles, CPlayerSpecialSet, CPlayerFormsClosedSpecialSet,
		CHandScore, CSettlement, CComment, CSwapTile:
		c.history = append(c.history, ev)
	}
}

// apply applies a message with checking; a consistency failure means our
// own bookkeeping is wrong, which must never go unnoticed.
func (c *Controller) apply(ev Event) error { return c.g.Apply(ev, true) }

func (c *Controller) mustApply(ev Event) {
	if err := c.apply(ev); err != nil {
		panic(fmt.Sprintf("engine: controller state inconsistent applying %q: %v", ev.String(), err))
	}
}

// --- the requests ---

func (c *Controller) handle(cnx int, a Action) {
	g := c.g
	if !g.Active {
		switch a.(type) {
		case PSaveState, PLoadState, PConnect, PDisconnect, PAuthInfo, PRequestReconnect,
			PSetPlayerOption, PSendMessage, PQueryGameOption, PListGameOptions:
		default:
			c.sendCnx(cnx, CError{Seq: c.conns[cnx].seq, Text: "Game not active"}, false)
			return
		}
	}
	if _, ok := a.(PSwapTile); ok && !c.opts.Debug {
		c.sendCnx(cnx, CError{Seq: c.conns[cnx].seq, Text: "Debugging not enabled"}, false)
		return
	}
	p := c.conns[cnx].player
	switch a.(type) {
	case PConnect, PDisconnect, PAuthInfo:
	default:
		if p == nil {
			// The original would crash here; a connection must say who it is first.
			c.sendCnx(cnx, CError{Seq: c.conns[cnx].seq, Text: "Not connected"}, true)
			return
		}
	}
	switch m := a.(type) {
	case PConnect:
		c.handleConnect(cnx, m)
	case PAuthInfo:
		c.handleAuthInfo(cnx, m)
	case PNewAuthInfo:
		c.sendError(cnx, "Password changing not supported")
	case PDisconnect:
		c.closeConnection(cnx)
	case PRequestReconnect:
		c.sendAll(CStopPlay{Text: fmt.Sprintf("Player %s requested reconnect - please wait...", p.Name)})
		g.Active = false
		c.sendID(p.ID, CReconnect{}, true)
		c.conns[cnx].player = nil
		c.extras[p].authState = authNone
		c.connected--
	case PSaveState:
		c.handleSave(cnx, m)
	case PLoadState:
		c.handleLoad(cnx, m)
	case PRequestPause:
		if !(g.Phase == Discarding || g.Phase == HandComplete) {
			c.sendError(cnx, "Not reasonable to pause at this point")
			return
		}
		// The original only announced this pause; ours holds play until
		// everybody has said Ready again.
		pause := CPause{Requestor: p.ID, Text: m.Text}
		c.apply(pause)
		c.sendAll(pause)
	case PSetPlayerOption:
		c.handleSetPlayerOption(cnx, p, m)
	case PReady:
		c.handleReady(cnx, p)
	case PDeclareSpecial:
		c.handleDeclareSpecial(cnx, p, m)
	case PDiscard:
		ev := CPlayerDiscards{ID: p.ID, Tile: m.Tile, Serial: g.Serial + 1, Calling: m.Calling}
		if err := c.apply(ev); err != nil {
			c.refuse(cnx, err)
			return
		}
		c.sendAll(ev)
		c.sendInfoTiles(p)
		c.timeoutLeft = c.timeoutTime()
	case PNoClaim:
		ev := CPlayerDoesntClaim{ID: p.ID, Serial: m.Serial}
		c.apply(ev)
		if !(g.Phase == Discarded || ((g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Konging != NotKonging)) {
			return
		}
		c.sendID(p.ID, ev, true)
		c.checkClaims()
	case PPung:
		if g.Phase != MahJonging {
			c.claim(cnx, CPlayerClaimsPung{ID: p.ID, Serial: m.Serial})
			return
		}
		c.declareWinning(cnx, p, CPlayerPungs{ID: p.ID, Tile: g.Tile})
	case PPair:
		c.declareWinning(cnx, p, CPlayerPairs{ID: p.ID, Tile: g.Tile})
	case PSpecialSet:
		ev := CPlayerSpecialSet{ID: p.ID, Tile: g.Tile, Tiles: p.concealedTiles()}
		if err := c.apply(ev); err != nil {
			c.refuse(cnx, err)
			return
		}
		c.sendAll(ev)
		c.sendInfoTiles(p)
		c.scoreIfDeclared(p)
	case PFormClosedPair:
		c.formClosed(cnx, p, CPlayerFormsClosedPair{ID: p.ID, Tile: m.Tile})
	case PFormClosedPung:
		c.formClosed(cnx, p, CPlayerFormsClosedPung{ID: p.ID, Tile: m.Tile})
	case PFormClosedChow:
		c.formClosed(cnx, p, CPlayerFormsClosedChow{ID: p.ID, Tile: m.Tile})
	case PFormClosedSpecialSet:
		c.formClosed(cnx, p, CPlayerFormsClosedSpecialSet{ID: p.ID, Tiles: p.concealedTiles()})
	case PKong:
		c.claim(cnx, CPlayerClaimsKong{ID: p.ID, Serial: m.Serial})
	case PChow:
		c.handleChow(cnx, p, m)
	case PDeclareWashOut:
		c.sendError(cnx, "Can't declare a Wash-Out")
	case PMahJong:
		if g.Phase == Discarded || ((g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Konging != NotKonging) {
			c.claim(cnx, CPlayerClaimsMahJong{ID: p.ID, Serial: m.Serial})
			return
		}
		c.goOut(cnx, p)
	case PDeclareClosedKong:
		c.declareKong(cnx, CPlayerDeclaresClosedKong{ID: p.ID, Tile: m.Tile, Serial: g.Serial + 1})
	case PAddToPung:
		c.declareKong(cnx, CPlayerAddsToPung{ID: p.ID, Tile: m.Tile, Serial: g.Serial + 1})
	case PQueryMahJong:
		c.sendID(p.ID, CCanMahJong{Tile: m.Tile, Answer: p.CanMahJong(m.Tile, g.sevenPairs())}, true)
	case PShowTiles:
		if p.NumConcealed == 0 {
			return
		}
		ev := CPlayerShowsTiles{ID: p.ID, Tiles: p.concealedTiles()}
		if err := c.apply(ev); err != nil {
			c.refuse(cnx, err)
			return
		}
		c.sendAll(ev)
		c.scoreHand(g.SeatOf(p.ID))
	case PSetGameOption:
		c.handleSetGameOption(cnx, p, m)
	case PQueryGameOption:
		id, ok := LookupOption(m.Name)
		if !ok {
			c.sendError(cnx, "Option not known")
			return
		}
		c.sendID(p.ID, CGameOption{Entry: g.Options.Entry(id)}, true)
	case PListGameOptions:
		c.listOptions(p.ID, m.IncludeDisabled)
	case PChangeManager:
		ev := CChangeManager{ID: p.ID, Manager: m.Manager}
		if err := c.apply(ev); err != nil {
			c.refuse(cnx, err)
			return
		}
		c.sendAll(ev)
	case PSendMessage:
		ev := CMessage{Sender: p.ID, Addressee: m.Addressee, Text: m.Text}
		if m.Addressee == 0 {
			c.sendAll(ev)
		} else if c.idToCnx(m.Addressee) < 0 {
			c.sendError(cnx, "Addressee not found in game")
		} else {
			c.sendID(m.Addressee, ev, true)
		}
	case PSwapTile:
		c.handleSwapTile(cnx, m)
	}
}

// concealedTiles lists p's concealed tiles in holding order.
func (p *Player) concealedTiles() Tiles {
	return append(Tiles(nil), p.Concealed[:p.NumConcealed]...)
}

func (c *Controller) refuse(cnx int, err error) {
	text := err.Error()
	if ae, ok := err.(*ApplyError); ok {
		text = ae.Text
	}
	c.sendError(cnx, text)
}

// claim records a claim on the current discard or kong.
func (c *Controller) claim(cnx int, ev Event) {
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	c.checkClaims()
}

// sendDanger announces that the claimed discard was dangerous.
func (c *Controller) sendDanger() {
	g := c.g
	if g.Flags&DangerousDiscardFlag != 0 {
		c.sendAll(CDangerousDiscard{ID: g.Players[g.Supplier].ID, Serial: g.Serial, NoChoice: g.Flags&NoChoiceFlag != 0})
	}
}

// declareWinning places the winner's claimed tile in a pung or pair.
func (c *Controller) declareWinning(cnx int, p *Player, ev Event) {
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	c.sendInfoTiles(p)
	c.sendDanger()
	c.scoreIfDeclared(p)
}

func (c *Controller) scoreIfDeclared(p *Player) {
	if p.HandDeclared {
		c.scoreHand(c.g.SeatOf(p.ID))
	}
}

func (c *Controller) formClosed(cnx int, p *Player, ev Event) {
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	c.sendInfoTiles(p)
	c.scoreIfDeclared(p)
}

func (c *Controller) handleChow(cnx int, p *Player, m PChow) {
	g := c.g
	if g.Phase == Discarded {
		if g.ChowPending {
			// The position of a chow claim already granted.
			ev := CPlayerChows{ID: p.ID, Tile: g.Tile, Pos: m.Pos}
			if err := c.apply(ev); err != nil {
				c.refuse(cnx, err)
				return
			}
			c.sendAll(ev)
			return
		}
		c.claim(cnx, CPlayerClaimsChow{ID: p.ID, Serial: m.Serial, Pos: m.Pos})
		return
	}
	ev := CPlayerChows{ID: p.ID, Tile: g.Tile, Pos: m.Pos}
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	if m.Pos == AnyPos {
		c.sendID(p.ID, ev, true)
		return
	}
	c.sendAll(ev)
	c.sendInfoTiles(p)
	c.sendDanger()
	c.scoreIfDeclared(p)
}

// goOut handles MahJong from the player to move.
func (c *Controller) goOut(cnx int, p *Player) {
	g := c.g
	t := g.Tile
	s := g.SeatOf(p.ID)
	if !(g.Phase == Discarding && g.Player == s) {
		c.sendError(cnx, "Don't have a complete hand")
		return
	}
	if t == Blank && p.NumConcealed > 0 {
		// The original's current tile is still blank only at the start of
		// a game; it then wrongly accepted any MahJong. We check the hand.
		t = p.Concealed[p.NumConcealed-1]
	}
	ev := CPlayerMahJongs{ID: p.ID, Tile: t}
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
}

func (c *Controller) declareKong(cnx int, ev Event) {
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	c.sendInfoTiles(c.g.Players[c.g.Player])
	c.timeoutLeft = c.timeoutTime()
}

func (c *Controller) handleReady(cnx int, p *Player) {
	g := c.g
	s := g.SeatOf(p.ID)
	if s == NoSeat || g.Ready[s] {
		return
	}
	ev := CPlayerReady{ID: p.ID}
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	if g.Phase == HandComplete && !g.Paused {
		c.startHand()
	}
	if g.Phase == Discarded || (g.Phase == Discarding && g.Konging != NotKonging) {
		c.timeoutLeft = c.timeoutTime()
	}
}

func (c *Controller) handleDeclareSpecial(cnx int, p *Player, m PDeclareSpecial) {
	g := c.g
	ev := CPlayerDeclaresSpecial{ID: p.ID, Tile: m.Tile}
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
	if m.Tile == Blank {
		if g.Phase == Discarding {
			pause := CPause{Exempt: g.Players[EastSeat].ID, Text: "to start play"}
			if c.apply(pause) == nil {
				c.sendAll(pause)
			}
		}
		return
	}
	var draw Event
	var ok bool
	var t Tile
	loose := g.Options.Bool(OptFlowersLoose)
	if loose {
		t, ok = g.PeekLoose()
		draw = CPlayerDrawsLoose{ID: p.ID, Tile: t}
	} else {
		t, ok = g.PeekLive()
		draw = CPlayerDraws{ID: p.ID, Tile: t}
	}
	if !ok {
		c.washout("")
		return
	}
	if g.Phase == Discarding {
		c.caller = *p
	}
	c.mustApply(draw)
	c.sendDraw(p.ID, t, loose)
	c.sendInfoTiles(p)
}

// sendDraw sends a draw: the real tile to the drawer, a blank to others.
func (c *Controller) sendDraw(id int, t Tile, loose bool) {
	if loose {
		c.sendID(id, CPlayerDrawsLoose{ID: id, Tile: t}, true)
		c.sendOthers(id, CPlayerDrawsLoose{ID: id})
		return
	}
	c.sendID(id, CPlayerDraws{ID: id, Tile: t}, true)
	c.sendOthers(id, CPlayerDraws{ID: id})
}

func (c *Controller) handleSwapTile(cnx int, m PSwapTile) {
	g := c.g
	p := c.playerByIDConnected(m.ID)
	if p == nil {
		c.sendError(cnx, "SwapTile: no such player")
		return
	}
	i, ok := g.Wall.FindUnused(m.New)
	if !ok {
		c.sendError(cnx, "No new tile in wall")
		return
	}
	ev := CSwapTile{ID: m.ID, Old: m.Old, New: m.New}
	if err := c.apply(ev); err != nil {
		c.refuse(cnx, err)
		return
	}
	c.sendID(m.ID, ev, true)
	g.Wall.Tiles[i] = m.Old
}

func (c *Controller) playerByIDConnected(id int) *Player {
	if cnx := c.idToCnx(id); cnx >= 0 {
		return c.conns[cnx].player
	}
	return nil
}

func (c *Controller) timeoutTime() time.Duration {
	t := c.g.Options.Value(OptTimeout)
	if c.localTO {
		t += c.g.Options.Value(OptTimeoutGrace)
	}
	return time.Duration(t) * time.Second
}

// timeoutHandler deems every player who has not answered to pass.
func (c *Controller) timeoutHandler() {
	g := c.g
	if g.Phase != Discarded && !(g.Phase == Discarding && g.Konging != NotKonging) {
		return
	}
	for i, p := range g.Players {
		if Seat(i) == g.Player || g.Claims[i] != NoClaimYet {
			continue
		}
		ev := CPlayerDoesntClaim{ID: p.ID, Serial: g.Serial, Timeout: true}
		c.apply(ev)
		c.sendID(p.ID, ev, true)
	}
	c.checkClaims()
}

// checkClaims resolves the claims once everybody has answered.
func (c *Controller) checkClaims() {
	g := c.g
	if g.Phase != Discarded && !((g.Phase == Discarding || g.Phase == DeclaringSpecials) && g.Konging != NotKonging) {
		return
	}
	ds := g.Player
	for i := range g.Claims {
		if Seat(i) != ds && g.Claims[i] == NoClaimYet {
			return
		}
	}
	if g.ChowPending {
		return // a duplicate claim after an AnyPos chow was granted
	}
	c.timeoutLeft = 0
	s := NoSeat
	for _, kind := range []ClaimKind{MahJongClaim, KongClaim, PungClaim} {
		for i := 0; i < NumSeats && s == NoSeat; i++ {
			if q := (ds + Seat(i)) % NumSeats; g.Claims[q] == kind {
				s = q
			}
		}
	}
	if s == NoSeat && g.Claims[ds.Next()] == ChowClaim {
		s = ds.Next()
	}
	if s == NoSeat {
		c.noClaim(ds)
		return
	}
	if g.Claims[s] == ChowClaim {
		c.grantChow(s)
		return
	}
	for i := range g.Players {
		if Seat(i) != ds && Seat(i) != s && g.Claims[i] != Declined {
			id := g.Players[i].ID
			c.sendID(id, CClaimDenied{ID: id, Text: "There was a prior claim"}, true)
		}
	}
	p := g.Players[s]
	switch g.Claims[s] {
	case PungClaim:
		c.caller = *p
		c.mustApply(CPlayerPungs{ID: p.ID, Tile: g.Tile})
		c.sendAll(CPlayerPungs{ID: p.ID, Tile: g.Tile})
		c.sendInfoTiles(p)
		c.sendDanger()
	case KongClaim:
		ev := CPlayerKongs{ID: p.ID, Tile: g.Tile}
		c.mustApply(ev)
		c.sendAll(ev)
		c.drawLooseFor(p)
	case MahJongClaim:
		c.caller = *p
		if g.Phase == Discarded {
			ev := CPlayerMahJongs{ID: p.ID}
			if err := c.apply(ev); err != nil {
				c.refuse(c.idToCnx(p.ID), err)
				return
			}
			c.sendAll(ev)
			return
		}
		ev := CPlayerRobsKong{ID: p.ID, Tile: g.Tile}
		if err := c.apply(ev); err != nil {
			c.refuse(c.idToCnx(p.ID), err)
			return
		}
		c.sendAll(ev)
	}
}

// noClaim moves play on when nobody claimed: the next player draws, or
// (after a kong nobody robbed) the konger takes a loose tile.
func (c *Controller) noClaim(ds Seat) {
	g := c.g
	if g.Phase != Discarded {
		c.drawLooseFor(g.Players[ds])
		return
	}
	s := ds.Next()
	t, ok := g.PeekLive()
	if !ok {
		c.washout("")
		return
	}
	p := g.Players[s]
	c.caller = *p
	c.mustApply(CPlayerDraws{ID: p.ID, Tile: t})
	c.sendDraw(p.ID, t, false)
	c.sendInfoTiles(p)
}

func (c *Controller) drawLooseFor(p *Player) {
	g := c.g
	t, ok := g.PeekLoose()
	if !ok {
		c.washout("")
		return
	}
	c.caller = *p
	c.mustApply(CPlayerDrawsLoose{ID: p.ID, Tile: t})
	c.sendDraw(p.ID, t, true)
	c.sendInfoTiles(p)
}

func (c *Controller) grantChow(s Seat) {
	g := c.g
	p := g.Players[s]
	ev := CPlayerChows{ID: p.ID, Tile: g.Tile, Pos: g.ChowPos}
	if ev.Pos == AnyPos {
		if err := c.apply(ev); err != nil {
			c.refuse(c.idToCnx(p.ID), err)
			return
		}
		c.sendID(p.ID, ev, true)
		return
	}
	c.caller = *p
	c.mustApply(ev)
	c.sendAll(ev)
	c.sendInfoTiles(p)
	c.sendDanger()
}

// sendInfoTiles tells players who asked for InfoTiles about p's hand.
func (c *Controller) sendInfoTiles(p *Player) {
	wanted := false
	for _, q := range c.g.Players {
		wanted = wanted || c.extras[q].options[InfoTiles] != 0
	}
	if !wanted {
		return // the summaries are costly to format and nobody reads them
	}
	if c.extras[p].options[InfoTiles] != 0 {
		c.sendID(p.ID, CInfoTiles{ID: p.ID, Text: p.TilesString(false)}, true)
	}
	hidden := CInfoTiles{ID: p.ID, Text: p.TilesString(true)}
	for _, q := range c.g.Players {
		if q != p && c.extras[q].options[InfoTiles] != 0 {
			c.sendID(q.ID, hidden, true)
		}
	}
}

// washout ends the hand without a winner.
func (c *Controller) washout(reason string) {
	g := c.g
	if reason == "" {
		reason = "wall exhausted"
	}
	ev := CWashOut{Text: reason}
	c.apply(ev)
	c.sendAll(ev)
	if g.Options.Bool(OptShowOnWashout) {
		for _, p := range g.Players {
			if p.NumConcealed == 0 {
				continue
			}
			show := CPlayerShowsTiles{ID: p.ID, Tiles: p.concealedTiles()}
			if c.apply(show) != nil {
				return
			}
			c.sendAll(show)
		}
	}
	pause := CPause{Text: "to start next hand"}
	c.apply(pause)
	c.sendAll(pause)
}

// dealPasses reports whether the deal moves on after the hand just
// finished: somebody other than East won, or East won a 13th time.
func (c *Controller) dealPasses() bool {
	g := c.g
	return g.Player != NoSeat && (g.Player != EastSeat || g.HandsAsEast == 13)
}

// startHand shuffles, deals and enters the declaring phase.
func (c *Controller) startHand() {
	g := c.g
	if g.Phase != HandComplete {
		return
	}
	c.saveHack = 0
	east := g.Players[EastSeat].ID
	if c.dealPasses() {
		if g.Players[SouthSeat].ID == g.FirstEast {
			nr := CNewRound{Wind: g.Round.Next()}
			c.apply(nr)
			c.completed++
			c.sendAll(nr)
		}
		east = g.Players[SouthSeat].ID
	}
	c.history = c.history[:0]
	c.prehistory = append(c.prehistory[:0], c.gameMsg())
	for _, e := range g.Options.Lines() {
		c.prehistory = append(c.prehistory, CGameOption{Entry: e})
	}
	flowers := g.Options.Bool(OptFlowers)
	tiles := c.opts.Wall
	if len(tiles) != WallSize(flowers) {
		// No wall file, or one made for the other tile set.
		tiles = ShuffleWall(c.rnd, flowers)
	}
	startWall, startStack := Dice(c.rnd, c.lastWallSize)
	nh := CNewHand{East: east, StartWall: startWall, StartStack: startStack}
	c.mustApply(nh)
	copy(g.Wall.Tiles, tiles)
	c.lastWallSize = g.Wall.Size()
	c.sendAll(nh)
	deal := func(s Seat, n int) {
		p := g.Players[s]
		for i := 0; i < n; i++ {
			t, _ := g.Wall.DrawLive()
			p.DrawsTile(t)
			c.sendID(p.ID, CPlayerDraws{ID: p.ID, Tile: t}, true)
			c.sendOthers(p.ID, CPlayerDraws{ID: p.ID})
		}
	}
	for round := 0; round < 3; round++ {
		for s := EastSeat; s <= NorthSeat; s++ {
			deal(s, 4)
		}
	}
	for s := EastSeat; s <= NorthSeat; s++ {
		deal(s, 1)
	}
	c.caller = *g.Players[EastSeat]
	deal(EastSeat, 1)
	for _, p := range g.Players {
		c.sendInfoTiles(p)
	}
	g.Phase = DeclaringSpecials
	g.Player = EastSeat
}

func (c *Controller) gameMsg() CGame {
	g := c.g
	return CGame{
		East: g.Players[0].ID, South: g.Players[1].ID, West: g.Players[2].ID, North: g.Players[3].ID,
		Round: g.Round, HandsAsEast: g.HandsAsEast, FirstEast: g.FirstEast,
		EastScore: g.Players[0].CumulativeScore, SouthScore: g.Players[1].CumulativeScore,
		WestScore: g.Players[2].CumulativeScore, NorthScore: g.Players[3].CumulativeScore,
		ProtVersion: g.ProtVersion, Manager: g.Manager,
	}
}

var seatNames = [NumSeats]string{"East ", "South", "West ", "North"}

// scoreHand announces the score of the hand in seat s and, when all four
// are scored, settles and moves on.
func (c *Controller) scoreHand(s Seat) {
	g := c.g
	p := g.Players[s]
	var caller *Player
	if s == g.Player {
		caller = &c.caller
	}
	score, text := ScoreHand(g, s, caller, c.opts.NoSpecialScores)
	c.sendAll(CHandScore{ID: p.ID, Score: score, Text: text})
	if s == g.Player {
		p.MahJongged = true
	}
	p.HandScore = score
	for _, q := range g.Players {
		if q.HandScore < 0 {
			return
		}
	}
	deltas, expl := Settle(g)
	sm := CSettlement{East: deltas[0], South: deltas[1], West: deltas[2], North: deltas[3], Text: expl}
	c.apply(sm)
	c.sendAll(sm)
	if c.opts.HandHistory != nil {
		c.handNumber++
		c.saveHack = 1
		c.opts.HandHistory(fmt.Sprintf("hand-%02d.mjs", c.handNumber), c.saveMessages())
	}
	if c.endingInProgress {
		c.finishGame()
	}
	if c.dealPasses() && g.Players[SouthSeat].ID == g.FirstEast &&
		c.completed == g.Options.Value(OptNumRounds)-1 {
		c.finishGame()
	}
	pause := CPause{Text: "to start next hand"}
	c.apply(pause)
	c.sendAll(pause)
}

func (c *Controller) finishGame() {
	g := c.g
	c.sendAll(CGameOver{})
	c.report = append(c.report, "Game over. Final scores:")
	for i := 0; i < NumSeats; i++ {
		p := g.Players[(i+1)%NumSeats]
		c.report = append(c.report, fmt.Sprintf("%5d (%-20s)  %5d", p.ID, p.Name, p.CumulativeScore))
	}
	c.gameOver = true
	g.Active = false
}

// FinalScores returns each player's id, name and score in the order the
// server prints them.
func (c *Controller) FinalScores() []Player {
	var ps []Player
	for i := 0; i < NumSeats; i++ {
		ps = append(ps, *c.g.Players[(i+1)%NumSeats])
	}
	return ps
}

// --- options ---

func (c *Controller) listOptions(id int, includeDisabled bool) {
	g := c.g
	for _, e := range g.Options.Lines() {
		if !e.Enabled && !includeDisabled {
			continue
		}
		c.sendID(id, CGameOption{Entry: e}, true)
	}
}

func (c *Controller) handleSetGameOption(cnx int, p *Player, m PSetGameOption) {
	g := c.g
	id, ok := LookupOption(m.Name)
	if !ok {
		c.sendError(cnx, "Trying to set unknown option")
		return
	}
	if id == OptEnd {
		return
	}
	if !g.Options.Enabled[id] {
		c.sendError(cnx, "Option not available in this game")
		return
	}
	v, err := ParseOptionValue(id, m.Value)
	if err != nil {
		c.sendError(cnx, err.Error())
		return
	}
	e := g.Options.Entry(id)
	e.Value = v
	ev := CGameOption{ID: p.ID, Entry: e}
	if err := c.apply(ev); err != nil {
		// The original announced refused changes anyway; we do not.
		c.refuse(cnx, err)
		return
	}
	c.sendAll(ev)
}

func (c *Controller) handleSetPlayerOption(cnx int, p *Player, m PSetPlayerOption) {
	ex := c.extras[p]
	reply := CPlayerOptionSet{Option: m.Option, Ack: true, Value: m.Value, Text: m.Text}
	switch m.Option {
	case UnknownPlayerOption:
		c.sendError(cnx, "Unknown option")
		return
	case InfoTiles:
		if m.Value < 0 || m.Value > 1 {
			c.sendError(cnx, "Bad value for InfoTiles")
			return
		}
	case LocalTimeouts:
		if m.Ack {
			break
		}
		if m.Value != 0 {
			ex.localTimeouts = true
			for _, q := range c.g.Players {
				if !c.extras[q].localTimeouts {
					return
				}
			}
			c.localTO = true
			for _, q := range c.g.Players {
				c.extras[q].options[LocalTimeouts] = 1
			}
			c.sendAll(reply)
			return
		}
		c.localTO = false
		ex.localTimeouts = false
		other := reply
		other.Ack = false
		for _, q := range c.g.Players {
			if q != p {
				c.sendID(q.ID, other, true)
			}
		}
	case DelayTime:
		if m.Value < 0 {
			c.sendError(cnx, "Bad value for DelayTime")
			return
		}
	}
	if !m.Ack {
		c.sendID(p.ID, reply, true)
	}
	if int(m.Option) < len(ex.options) {
		ex.options[m.Option] = m.Value
	}
}

// --- connections ---

func (c *Controller) closeConnection(cnx int) {
	if p := c.conns[cnx].player; p != nil {
		c.extras[p].authState = authNone
		c.connected--
	}
	c.conns[cnx] = connection{}
	c.out = append(c.out, Output{Conn: cnx, Close: true})
}

func (c *Controller) handleAuthInfo(cnx int, m PAuthInfo) {
	p := c.conns[cnx].player
	if p == nil || c.conns[cnx].connect == nil || c.extras[p].authState != authPending {
		c.sendError(cnx, "Not expecting authorization")
		return
	}
	if m.Data != c.extras[p].authData {
		// The original kept a half-made player here, leaking the seat.
		c.sendCnx(cnx, CConnectReply{Version: ProtocolVersion, Reason: "Authentication failure"}, true)
		c.closeConnection(cnx)
		if !c.loadState {
			if p.ID == c.nextID {
				c.nextID-- // a newcomer's id goes to the next newcomer
			}
			*p = Player{}
			p.NewHand(NoWind)
		}
		return
	}
	c.extras[p].authState = authDone
	c.handleConnect(cnx, *c.conns[cnx].connect)
}

func (c *Controller) refuseConnect(cnx int, reason string) {
	c.sendCnx(cnx, CConnectReply{Version: ProtocolVersion, Reason: reason}, true)
	c.closeConnection(cnx)
}

func (c *Controller) handleConnect(cnx int, m PConnect) {
	g := c.g
	refusal := ""
	cur := c.cnxToID(cnx)
	if m.Version/1000 != ProtocolVersion/1000 {
		refusal = "Protocol major version mismatch"
	}
	if cur < 0 && c.connected == NumSeats {
		refusal = "Already have players"
	}
	if m.Name == "" {
		refusal = "A non-empty name must be given"
	}
	if cur >= 0 && cur != m.LastID {
		refusal = "You already have a player ID"
	}
	var p *Player
	if refusal == "" && c.loadState {
		i := 0
		if m.LastID != 0 {
			for i < NumSeats && g.Players[i].ID != m.LastID {
				i++
			}
		} else {
			for i < NumSeats && g.Players[i].Name != m.Name {
				i++
			}
		}
		if i == NumSeats && c.opts.NoIDRequired {
			i = 0
			for i < NumSeats && c.idToCnx(g.Players[i].ID) >= 0 {
				i++
			}
		}
		switch {
		case i == NumSeats:
			refusal = "Can't find you in the resumed game"
		case c.idToCnx(g.Players[i].ID) >= 0 && c.idToCnx(g.Players[i].ID) != cnx:
			refusal = "Your id is already connected elsewhere"
		default:
			p = g.Players[i]
			p.Name = m.Name
			if cur < 0 {
				c.conns[cnx].player = p
				c.connected++
			}
		}
	} else if refusal == "" {
		id := m.LastID
		if id != 0 {
			if x := c.idToCnx(id); x >= 0 && x != cnx {
				refusal = "Your id is already connected elsewhere"
			}
		} else {
			for {
				c.nextID++
				if c.idToCnx(c.nextID) < 0 {
					break
				}
			}
			id = c.nextID
		}
		if refusal == "" && cur < 0 {
			p = g.PlayerByID(0)
			if p == nil {
				refusal = "Already have players"
			} else {
				*p = Player{}
				p.NewHand(NoWind)
				c.extras[p] = &playerExtras{}
				c.connected++
				p.ID, p.Name = id, m.Name
				if c.firstHuman == 0 && !strings.HasPrefix(m.Name, "Robot") {
					c.firstHuman = c.connected
				}
				c.conns[cnx].player = p
			}
		}
		m.LastID = id
	}
	if refusal != "" {
		c.refuseConnect(cnx, refusal)
		return
	}
	if p == nil {
		p = g.PlayerByID(m.LastID)
	}
	ex := c.extras[p]
	if len(c.opts.Auth) > 0 && ex.authState != authDone {
		j := 0
		for j < len(c.opts.Auth) && c.opts.Auth[j].ID != p.ID {
			j++
		}
		if j == len(c.opts.Auth) {
			// Unlike the original, a refused player leaves no trace.
			c.conns[cnx].player = nil
			c.connected--
			if !c.loadState {
				if p.ID == c.nextID {
					c.nextID-- // a newcomer's id goes to the next newcomer
				}
				*p = Player{}
				p.NewHand(NoWind)
			}
			c.refuseConnect(cnx, "id not authorized for this game")
			return
		}
		ex.authState = authPending
		ex.authData = c.opts.Auth[j].Password
		if ex.authData == "" {
			ex.authState = authDone
		}
	} else {
		ex.authState = authDone
	}
	ex.protVersion = m.Version
	ex.disconnected = true
	if c.conns[cnx].connect == nil {
		mc := m
		c.conns[cnx].connect = &mc
	}
	if ex.authState != authDone {
		c.sendCnx(cnx, CAuthReqd{AuthType: "basic"}, false)
		return
	}
	c.sendCnx(cnx, CConnectReply{Version: ProtocolVersion, ID: p.ID}, true)
	for _, q := range g.Players {
		if q.ID == 0 || q.ID == p.ID {
			continue
		}
		c.sendCnx(cnx, CPlayer{ID: q.ID, Name: q.Name}, true)
		c.sendID(q.ID, CPlayer{ID: p.ID, Name: p.Name}, true)
	}
	c.protocol = ProtocolVersion
	for _, q := range g.Players {
		if q.ID != 0 && c.extras[q].protVersion < c.protocol {
			c.protocol = c.extras[q].protVersion
		}
	}
	if c.connected < NumSeats {
		return
	}
	if !c.loadState {
		c.setUpGame()
	}
	c.resume(cnx)
}

// setUpGame seats the four players and fixes the options for a new game.
func (c *Controller) setUpGame() {
	g := c.g
	switch c.opts.Seating {
	case SeatRandomly:
		temp := g.Players
		var taken [NumSeats]bool
		for i := 0; i < NumSeats; i++ {
			n := c.rnd.Index(NumSeats - (i + 1))
			j := 0
			for taken[j] || j < n {
				if taken[j] {
					n++
				}
				j++
			}
			g.Players[i] = temp[j]
			taken[j] = true
		}
	case SeatByID:
		for i := 0; i < NumSeats-1; i++ {
			for j := i + 1; j > 0 && g.Players[j].ID < g.Players[j-1].ID; j-- {
				g.Players[j], g.Players[j-1] = g.Players[j-1], g.Players[j]
			}
		}
	}
	g.Phase = HandComplete
	g.Player = NoSeat
	g.Round = East
	g.HandsAsEast = 0
	g.FirstEast = g.Players[EastSeat].ID
	g.ProtVersion = c.protocol
	if c.opts.NoManager {
		g.Manager = -1
	} else {
		g.Manager = c.firstHuman
	}
	g.Options = OptionsFor(g.ProtVersion)
	g.Options.Values[OptTimeout] = c.opts.Timeout
	if g.Options.Enabled[OptDeadWall16] {
		g.Options.Values[OptDeadWall16] = 0
	}
	for _, m := range c.opts.OptionFile {
		if id, ok := LookupOption(m.Entry.Name); ok && m.Entry.Type == OptionDefs[id].Type {
			g.Options.Values[id] = m.Entry.Value
			g.Options.Enabled[id] = m.Entry.Enabled
		}
	}
}

// resume tells every (re)connecting player the state of the game and
// asks everybody to be ready.
func (c *Controller) resume(cnx int) {
	g := c.g
	gm := c.gameMsg()
	for _, p := range g.Players {
		if !c.extras[p].disconnected {
			continue
		}
		c.sendID(p.ID, gm, true)
		c.listOptions(p.ID, false)
		if g.Phase == HandComplete && g.Paused {
			c.sendID(p.ID, CPause{Text: g.PauseReason}, true)
			for i, r := range g.Ready {
				if r {
					c.sendID(p.ID, CPlayerReady{ID: g.Players[i].ID}, true)
				}
			}
		}
	}
	if g.Phase != HandComplete {
		if c.opts.NoHistory {
			c.sendAll(CError{Seq: c.conns[cnx].seq, Text: "No history kept: resumption not supported"})
			c.exit = true
			return
		}
		for _, h := range c.history {
			for _, p := range g.Players {
				if c.extras[p].disconnected {
					c.resend(p.ID, h)
				}
			}
		}
	}
	for _, p := range g.Players {
		c.extras[p].disconnected = false
	}
	sp := CStartPlay{}
	switch g.Phase {
	case HandComplete, Dealing, Discarded, MahJonging:
	default:
		sp.ID = g.Players[g.Player].ID
	}
	reason := "to continue play"
	if g.Phase == HandComplete {
		reason = "to start hand"
	}
	pause := CPause{Text: reason}
	c.apply(pause)
	c.sendAll(pause)
	c.sendAll(sp)
	g.Active = true
	c.loadState = true
}

// resend replays one history message to a reconnecting player, hiding
// what that player may not see.
func (c *Controller) resend(id int, m Event) {
	switch e := m.(type) {
	case CPlayerDoesntClaim:
		if e.ID == id {
			c.sendID(id, m, true)
		}
	case CSwapTile:
		if e.ID == id {
			c.sendID(id, m, true)
		}
	case CPlayerDraws:
		if e.ID != id {
			e.Tile = Blank
		}
		c.sendID(id, e, true)
	case CPlayerDrawsLoose:
		if e.ID != id {
			e.Tile = Blank
		}
		c.sendID(id, e, true)
	case CComment:
	default:
		c.sendID(id, m, true)
	}
}

// handleConnError deals with a lost connection.
func (c *Controller) handleConnError(cnx int) {
	g := c.g
	id := c.cnxToID(cnx)
	if id >= 0 {
		if g.Round == NoWind && !c.opts.ExitOnDisconnect {
			pm := CPlayer{ID: id}
			c.apply(pm)
			c.closeConnection(cnx)
			c.sendAll(pm)
			return
		}
		suffix := ""
		if c.opts.ExitOnDisconnect {
			suffix = "; quitting"
		} else if c.loadState {
			suffix = "; game suspended"
		}
		text := fmt.Sprintf("Lost connection to player %d%s", id, suffix)
		if !c.opts.EndOnDisconnect {
			c.sendAll(CStopPlay{Text: text})
			g.Active = false
		} else {
			c.endOnDisconnect(cnx, id)
		}
		c.timeoutLeft = 0
	}
	if c.opts.ExitOnDisconnect {
		c.exit = true
		if c.opts.SaveOnExit {
			c.save("")
		}
	}
	c.closeConnection(cnx)
}

func (c *Controller) endOnDisconnect(cnx, id int) {
	g := c.g
	text := fmt.Sprintf("Lost connection to player %d - ", id)
	washedOut := false
	switch g.Phase {
	case HandComplete:
		text += "game will end now"
	case MahJonging:
		s := g.SeatOf(id)
		p := g.Players[s]
		if g.Player == s && !p.HandDeclared {
			wo := CWashOut{Text: "Lost the winner"}
			c.apply(wo)
			c.sendAll(wo)
			washedOut = true
			text += "ending game"
		} else {
			c.endingInProgress = true
			if !p.HandDeclared {
				c.handle(cnx, PShowTiles{})
			}
			text += "game will end after scoring this hand"
		}
	default:
		wo := CWashOut{Text: "Lost a player"}
		c.apply(wo)
		c.sendAll(wo)
		washedOut = true
		text += "ending game"
	}
	c.sendAll(CMessage{Text: text})
	pen := 0
	switch {
	case g.Phase == HandComplete && g.Round == East && g.Players[EastSeat].ID == g.FirstEast && g.HandsAsEast == 0 && !washedOut:
	case (g.Phase == HandComplete || g.Phase == MahJonging) && g.Player != NoSeat:
		if c.dealPasses() && g.Players[SouthSeat].ID == g.FirstEast {
			if g.Round != North {
				pen = c.opts.DisconnectPenalties[2]
			}
		} else {
			pen = c.opts.DisconnectPenalties[1]
		}
	default:
		pen = c.opts.DisconnectPenalties[0]
	}
	if p := g.PlayerByID(id); pen > 0 && p != nil {
		p.CumulativeScore -= pen
	}
	if !c.endingInProgress {
		c.finishGame()
	}
}

// --- saving and loading ---

// saveMessages returns the saved-game form of the current state.
func (c *Controller) saveMessages() []Event {
	g := c.g
	var msgs []Event
	for _, p := range g.Players {
		if p.ID != 0 {
			msgs = append(msgs, CPlayer{ID: p.ID, Name: p.Name})
		}
	}
	if g.Phase == HandComplete {
		c.saveHack++
	}
	if c.saveHack > 1 {
		msgs = append(msgs, c.prehistory...)
	} else {
		msgs = append(msgs, c.gameMsg(), CComment{Text: "CompletedRounds " + strconv.Itoa(c.completed)})
		for _, e := range g.Options.Lines() {
			msgs = append(msgs, CGameOption{Entry: e})
		}
	}
	if g.Phase != HandComplete || c.saveHack > 1 {
		msgs = append(msgs, CWall{Tiles: append(Tiles(nil), g.Wall.Tiles...)})
		msgs = append(msgs, c.history...)
	}
	return msgs
}

func (c *Controller) save(name string) (string, error) {
	if c.opts.Save == nil {
		return "", fmt.Errorf("engine: saving not supported")
	}
	if name == "" {
		if c.savedName != "" {
			name = c.savedName
		} else {
			name = c.loadedName
		}
	}
	saved, err := c.opts.Save(name, c.saveMessages())
	if err == nil {
		c.savedName = saved
	}
	return saved, err
}

func (c *Controller) handleSave(cnx int, m PSaveState) {
	id := c.cnxToID(cnx)
	saved, err := c.save(m.Filename)
	if err != nil {
		c.sendError(cnx, "Unable to save state")
		return
	}
	c.sendAll(CStateSaved{ID: id, Filename: saved})
}

func (c *Controller) handleLoad(cnx int, m PLoadState) {
	switch {
	case c.g.HasStarted() || c.loadState:
		c.sendError(cnx, "Can't load game state when already playing")
	case m.Filename == "":
		c.sendError(cnx, "No game file specified in LoadState")
	case c.opts.Load == nil:
		c.sendError(cnx, "Loading game state failed")
	default:
		msgs, err := c.opts.Load(m.Filename)
		if err == nil {
			err = c.LoadGame(msgs)
		}
		if err != nil {
			// Unlike the original, a failed load changes nothing.
			c.sendError(cnx, "Loading game state failed")
			return
		}
		c.loadedName = m.Filename
		// Everybody connected so far joins the loaded game afresh.
		for i := 1; i < MaxConnections; i++ {
			if p := c.conns[i].player; c.conns[i].inUse && p != nil {
				c.sendAll(CPlayer{ID: p.ID})
			}
		}
		var pending []int
		for i := 1; i < MaxConnections; i++ {
			if c.conns[i].inUse && c.conns[i].player != nil {
				c.conns[i].player = nil
				c.connected--
				pending = append(pending, i)
			}
		}
		for _, i := range pending {
			if cm := c.conns[i].connect; cm != nil {
				c.handleConnect(i, *cm)
			}
		}
	}
}

// LoadGame replaces the game with a saved one (the messages of a .mjs
// file). The players then join it by id or name. On error nothing
// changes.
func (c *Controller) LoadGame(msgs []Event) (err error) {
	g := NewGame()
	g.ProtVersion = ProtocolVersion
	var history []Event
	manager, completed := 0, 0
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine: corrupt saved game: %v", r)
		}
	}()
	for _, m := range msgs {
		if cm, ok := m.(CComment); ok {
			f := strings.Fields(cm.Text)
			if len(f) == 2 && f[0] == "CompletedRounds" {
				if n, err := strconv.Atoi(f[1]); err == nil && n >= 0 {
					completed = n
				}
			}
			continue
		}
		if err := g.Apply(m, true); err != nil {
			return fmt.Errorf("engine: saved game: %q: %w", m.String(), err)
		}
		if _, ok := m.(CGame); ok {
			manager = g.Manager
			g.Manager = 0
		}
		switch m.(type) {
		case CPlayer, CGame, CGameOption, CWall:
		default:
			history = append(history, m)
		}
	}
	g.Manager = manager
	count := 0
	for _, p := range g.Players {
		if p.ID != 0 {
			count++
		}
	}
	if count != NumSeats || g.Round == NoWind {
		return fmt.Errorf("engine: saved game lacks players or game state")
	}
	// A hand in progress needs its whole wall: a short, missing or blank
	// Wall line would deal blank tiles later and break the controller.
	for _, t := range g.Wall.Tiles {
		if g.Phase != HandComplete && !t.Valid() {
			return fmt.Errorf("engine: saved game: the wall of the hand in progress is incomplete")
		}
	}
	if owed := owedMessage(g); owed != "" {
		return fmt.Errorf("engine: saved game stops where the controller still owes %s", owed)
	}
	g.Active = false
	c.g = g
	c.extras = map[*Player]*playerExtras{}
	for _, p := range g.Players {
		c.extras[p] = &playerExtras{}
	}
	c.history = history
	c.completed = completed
	c.loadState = true
	c.lastWallSize = g.Wall.Size()
	return nil
}

// owedMessage says what the controller would have sent next if a saved
// game stops at a point where it, not a player, must act (a file cut
// short); such a game could never continue. It returns "" when the
// players are to move.
func owedMessage(g *Game) string {
	answered := func() bool {
		for i, cl := range g.Claims {
			if Seat(i) != g.Player && cl == NoClaimYet {
				return false
			}
		}
		return true
	}
	switch g.Phase {
	case Dealing:
		return "the rest of the deal"
	case Discarded:
		if answered() && !g.ChowPending {
			return "the resolution of the claims"
		}
	case Discarding, DeclaringSpecials:
		if g.Konging != NotKonging && answered() {
			return "a loose tile"
		}
		if g.Konging == NotKonging && g.Needs != FromNone {
			return "a replacement tile"
		}
	case MahJonging:
		for _, p := range g.Players {
			if p.HandDeclared && p.HandScore < 0 {
				return "a hand score"
			}
		}
		if all := g.Players[0].HandScore >= 0 && g.Players[1].HandScore >= 0 &&
			g.Players[2].HandScore >= 0 && g.Players[3].HandScore >= 0; all {
			return "the settlement"
		}
	}
	return ""
}
