package engine_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/scripted"
)

// FuzzController plays a game with four scripted seats while the fuzz
// input slips in requests of every kind, mostly illegal, from any
// connection, unparsable lines and the passing of time. After every
// request it checks that
//   - the controller does not panic,
//   - every tile of the hand is somewhere (tableTiles), and every player
//     holds as many as it should (handSizes),
//   - a refusal is one Error, to the sender only, with the sender's line
//     count, and leaves the game exactly as it was,
//   - a request from a connection without a player changes nothing, and
//     so does one that is answered by nothing (but see NoClaim in check),
//   - every seat's view can apply what it is sent and agrees with the
//     controller on the phase and on how many tiles each player holds.
//
// seed chooses the game: its low byte sets options (see fuzzOptions), the
// rest is the shuffle's seed. data is a program for fuzzGame. The requests
// of TestControllerKnownBugs are not made unless -knownbugs is given.
func FuzzController(f *testing.F) {
	for _, seed := range []uint64{0x100, 0x201, 0x302, 0x40c, 0x530, 0x6ff} {
		f.Add(seed, []byte{})
	}
	f.Add(uint64(0x700), []byte{20, 129, 0, 0, 0, 98, 130, 1, 5, 0, 240, 10})
	f.Add(uint64(0x821), []byte{100, 131, 2, 0, 0, 50, 135, 1, 0, 0, 101, 134, 3, 1, 1, 225, 3})
	f.Add(uint64(0x9e0), []byte{127, 150, 0, 0, 4, 127, 133, 0, 0, 0, 0, 255, 20})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		fuzzGame(t, seed, data)
	})
}

// TestFuzzControllerLong runs FuzzController's checks over a few long
// programs made from a simple generator, so that the ordinary test run
// reaches the later states of hands too.
func TestFuzzControllerLong(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 8
	}
	for i := range n {
		r := engine.NewRand(int64(i + 1))
		data := make([]byte, 200)
		for j := range data {
			data[j] = byte(r.Index(255))
		}
		seed := uint64(r.Index(1<<20))<<8 | uint64(i)
		t.Run(fmt.Sprintf("%#x", seed), func(t *testing.T) { fuzzGame(t, seed, data) })
	}
}

// fuzzOptions reads the low byte of a fuzz seed as server options.
func fuzzOptions(t testing.TB, seed uint64) engine.ServerOptions {
	opts := engine.ServerOptions{Seed: int(seed >> 8 & 0xffffff)}
	bits := seed & 0xff
	set := func(bit uint64, name string, v int) {
		if bits&bit != 0 {
			opts.OptionFile = append(opts.OptionFile, ctlOption(t, name, v))
		}
	}
	set(1, "Flowers", 0)
	set(2, "FlowersLoose", 1)
	set(4, "DeadWall16", 1)
	set(8, "SevenPairs", 1)
	set(0x40, "DeadWall", 0)
	set(0x80, "ShowOnWashout", 1)
	opts.Debug = bits&0x10 != 0
	if bits&0x20 != 0 {
		opts.Timeout = 5
	}
	return opts
}

// fuzzReader hands out the bytes of a fuzz input, then zeros.
type fuzzReader struct {
	data []byte
	pos  int
}

func (r *fuzzReader) more() bool { return r.pos < len(r.data) }

func (r *fuzzReader) byte() byte {
	if r.pos >= len(r.data) {
		return 0
	}
	b := r.data[r.pos]
	r.pos++
	return b
}

// fuzzState is one fuzzed game.
type fuzzState struct {
	t      *testing.T
	c      *engine.Controller
	tb     *scripted.Table
	r      fuzzReader
	extra  int                        // a connection that never connects
	seq    [engine.MaxConnections]int // lines received per connection
	before gameSnapshot
	steps  int
}

const (
	fuzzMaxSteps = 2500 // requests per game
	fuzzTail     = 300  // scripted requests after the input is used up
)

// fuzzGame runs a game driven by data. Each byte b starts an operation:
//
//	b < 96:       b+1 scripted requests (the seats' pending answers)
//	96 <= b < 128: 32*(b-95) scripted requests
//	128 <= b < 224: an injected request of kind b-128 (action, smartAction)
//	224 <= b < 240: an unparsable line from the connection of the next byte
//	240 <= b:     the next byte modulo 32, in seconds, passes
func fuzzGame(t *testing.T, seed uint64, data []byte) {
	c := engine.NewController(fuzzOptions(t, seed))
	fs := &fuzzState{t: t, c: c, tb: scripted.NewTable(c), r: fuzzReader{data: data}}
	fs.tb.AllowErrors = true
	if err := fs.tb.Connect(ctlNames); err != nil {
		t.Fatal(err)
	}
	for _, s := range fs.tb.Seats {
		fs.seq[s.Cnx] = 1
	}
	fs.extra, _ = c.Accept()
	fs.before.take(c.Game())
	fs.check(0, nil, nil)
	tail := 0
	for fs.steps < fuzzMaxSteps && !c.GameOver() {
		if !fs.r.more() {
			if tail >= fuzzTail || !fs.scripted() {
				break
			}
			tail++
			continue
		}
		switch b := fs.r.byte(); {
		case b < 96:
			fs.run(int(b) + 1)
		case b < 128:
			fs.run(32 * int(b-95))
		case b < 224:
			fs.inject(int(b - 128))
		case b < 240:
			cnx := fs.conn(fs.r.byte())
			fs.count(cnx)
			fs.request(cnx, nil, func() []engine.Output { return c.BadLine(cnx) })
		default:
			d := time.Duration(fs.r.byte()%32) * time.Second
			fs.request(0, nil, func() []engine.Output { return c.Advance(d) })
		}
	}
}

// run hands up to n pending scripted answers to the controller.
func (fs *fuzzState) run(n int) {
	for range n {
		if fs.steps >= fuzzMaxSteps || fs.c.GameOver() || !fs.scripted() {
			return
		}
	}
}

// scripted hands the oldest pending answer to the controller.
func (fs *fuzzState) scripted() bool {
	cnx, a, ok := fs.tb.Next()
	if !ok {
		return false
	}
	fs.seq[cnx]++
	fs.request(cnx, a, func() []engine.Output { return fs.c.Handle(cnx, a) })
	return true
}

// conn chooses a connection: mostly a seat's, sometimes the one without
// a player, sometimes one that is not open.
func (fs *fuzzState) conn(b byte) int {
	switch b % 8 {
	case 6:
		return fs.extra
	case 7:
		return []int{0, engine.MaxConnections - 1, -1}[int(b/8)%3]
	}
	return fs.tb.Seats[b%4].Cnx
}

// count counts a line received on an open connection.
func (fs *fuzzState) count(cnx int) {
	if cnx == fs.extra || cnx > 0 && cnx <= engine.NumSeats {
		fs.seq[cnx]++
	}
}

// inject sends a request of the given kind, built from the fuzz input,
// from a connection the input chooses. The request goes through its wire
// form, as it would from a real client.
func (fs *fuzzState) inject(kind int) {
	cnx := fs.conn(fs.r.byte())
	a := fs.action(kind, cnx)
	if kind%34 >= 31 {
		var forget bool
		a, cnx, forget = fs.smartAction(kind % 34)
		if forget {
			// Else the seat's NoClaim, already queued, would withdraw
			// the claim (as in the original, a NoClaim overrides).
			fs.tb.Forget(cnx)
		}
	}
	if a == nil {
		return
	}
	line := a.String()
	parsed, err := protocol.ParseAction(line)
	if err != nil {
		fs.t.Fatalf("%q, made by the fuzzer, does not parse: %v", line, err)
	}
	fs.count(cnx)
	fs.request(cnx, parsed, func() []engine.Output { return fs.c.Handle(cnx, parsed) })
}

// request makes one request a (nil for an unparsable line and for the
// passing of time, which has sender 0), checks its outputs and delivers
// them to the seats.
func (fs *fuzzState) request(sender int, a engine.Action, do func() []engine.Output) {
	fs.steps++
	fs.before.take(fs.c.Game())
	outs := do()
	fs.check(sender, a, outs)
	if err := fs.tb.Deliver(outs); err != nil {
		fs.t.Fatalf("after %s: %v", fs.describe(sender, outs), err)
	}
	fs.checkViews()
}

func (fs *fuzzState) describe(sender int, outs []engine.Output) string {
	return fmt.Sprintf("request %d from cnx%d (input byte %d), outputs\n%s", fs.steps, sender, fs.r.pos, outputsText(outs))
}

// check checks the invariants after one request.
func (fs *fuzzState) check(sender int, a engine.Action, outs []engine.Output) {
	t := fs.t
	g := fs.c.Game()
	if n := tableTiles(g); n != g.Wall.Size() {
		t.Fatalf("after %s: %d tiles on the table, want %d\n%s", fs.describe(sender, outs), n, g.Wall.Size(), dumpGame(g))
	}
	if d := handSizes(g); d != "" {
		t.Fatalf("after %s: %s\n%s", fs.describe(sender, outs), d, dumpGame(g))
	}
	refused := false
	for _, o := range outs {
		if o.Conn <= 0 || o.Conn >= engine.MaxConnections {
			t.Fatalf("after %s: output to connection %d", fs.describe(sender, outs), o.Conn)
		}
		if o.Event == nil && !o.Close {
			t.Fatalf("after %s: empty output", fs.describe(sender, outs))
		}
		if _, ok := o.Event.(engine.CError); ok {
			refused = true
		}
	}
	if refused {
		e, ok := outs[0].Event.(engine.CError)
		if len(outs) != 1 || !ok || outs[0].Conn != sender {
			t.Fatalf("after %s: a refusal must be one Error to the sender", fs.describe(sender, outs))
		}
		if e.Seq != fs.seq[sender] {
			t.Fatalf("after %s: Error numbered %d, the connection sent %d lines", fs.describe(sender, outs), e.Seq, fs.seq[sender])
		}
	}
	if refused || sender == fs.extra {
		if d := fs.before.diff(g); d != "" {
			t.Fatalf("after %s: the request was refused but changed the game:\n%s", fs.describe(sender, outs), d)
		}
	}
	if len(outs) == 0 {
		if _, ok := a.(engine.PNoClaim); ok {
			// As in the original, a NoClaim that nobody hears still
			// records a pass when its serial is current, even outside
			// the claims (and over the sender's own claim).
			fs.before.g.Claims = g.Claims
		}
		if d := fs.before.diff(g); d != "" {
			t.Fatalf("after %s: a request answered by nothing changed the game:\n%s", fs.describe(sender, outs), d)
		}
	}
}

// checkViews compares what the seats know with the controller's game.
func (fs *fuzzState) checkViews() {
	g := fs.c.Game()
	for i, s := range fs.tb.Seats {
		v := s.View
		if v.Phase != g.Phase {
			fs.t.Fatalf("request %d: seat %d sees phase %v, controller %v", fs.steps, i, v.Phase, g.Phase)
		}
		for _, p := range g.Players {
			if p.ID == 0 {
				continue
			}
			q := v.PlayerByID(p.ID)
			if q == nil || q.NumConcealed != p.NumConcealed || q.NumSpecials != p.NumSpecials || q.Melds != p.Melds {
				fs.t.Fatalf("request %d: seat %d's view of player %d: %+v\ncontroller: %+v", fs.steps, i, p.ID, q, p)
			}
		}
	}
}

// handSizes checks that every player holds 13 tiles, counting a set as
// three, while the hand is played: the player to move holds 14 unless a
// tile is owed to it (Needs), and so does East while declaring. It
// returns what is wrong, or "".
func handSizes(g *engine.Game) string {
	switch g.Phase {
	case engine.DeclaringSpecials, engine.Discarding, engine.Discarded:
	default:
		return ""
	}
	for i, p := range g.Players {
		n := p.NumConcealed
		for _, m := range p.Melds {
			n += min(m.Kind.Size(), 3)
		}
		want := 13
		switch {
		case g.Phase == engine.DeclaringSpecials && engine.Seat(i) == engine.EastSeat,
			g.Phase == engine.Discarding && engine.Seat(i) == g.Player:
			want = 14
		}
		owed := engine.Seat(i) == g.Player && g.Phase != engine.Discarded && g.Needs != engine.FromNone
		if owed {
			want--
		}
		// The deal does not reset Needs (nor Tile, nor Whence), in the
		// original as here, so while declaring Needs may be left over
		// from the last hand: then East holds its 14.
		stale := g.Phase == engine.DeclaringSpecials && owed && n == want+1
		if n != want && !stale {
			return fmt.Sprintf("seat %d holds %d tiles, want %d", i, n, want)
		}
	}
	return ""
}

func dumpGame(g *engine.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "phase %v player %d whence %d tile %v serial %d\nwall %v\n", g.Phase, g.Player, g.Whence, g.Tile, g.Serial, &g.Wall)
	for i, p := range g.Players {
		fmt.Fprintf(&b, "seat %d id %d: %s\n", i, p.ID, p.TilesString(false))
	}
	return b.String()
}

// smartAction plays on (up to 300 scripted requests) until a request of
// the given kind is legal, and returns it with its sender: a pung, kong
// or chow claim of the current discard (kind 31), a concealed kong or an
// addition to a pung by the player to move (32), the robbing of a kong
// (33). It returns nil when the moment does not come. forget says
// whether to drop the sender's own pending answer.
func (fs *fuzzState) smartAction(kind int) (a engine.Action, cnx int, forget bool) {
	pref := fs.r.byte()
	for range 300 {
		if a, cnx := fs.legalAction(kind, pref); a != nil {
			return a, cnx, pref&8 == 0
		}
		if fs.steps >= fuzzMaxSteps || fs.c.GameOver() || !fs.scripted() {
			break
		}
	}
	return nil, 0, false
}

func (fs *fuzzState) legalAction(kind int, pref byte) (engine.Action, int) {
	g := fs.c.Game()
	sp := g.Options.Bool(engine.OptSevenPairs)
	robbable := g.Konging != engine.NotKonging && (g.Phase == engine.Discarding || g.Phase == engine.DeclaringSpecials)
	for i := range engine.NumSeats {
		s := engine.Seat((int(pref>>4) + i) % engine.NumSeats)
		p := g.Players[s]
		cnx := 0
		for _, st := range fs.tb.Seats {
			if st.ID == p.ID {
				cnx = st.Cnx
			}
		}
		if cnx == 0 {
			continue
		}
		switch kind {
		case 31:
			if g.Phase != engine.Discarded || s == g.Player || g.Claims[s] != engine.NoClaimYet {
				continue
			}
			switch {
			case p.CanKong(g.Tile) && pref&1 == 0:
				return engine.PKong{Serial: g.Serial}, cnx
			case p.CanPung(g.Tile):
				return engine.PPung{Serial: g.Serial}, cnx
			case s == g.Player.Next() && p.CanChow(g.Tile, engine.AnyPos):
				for pos := engine.Lower; pos <= engine.AnyPos; pos++ {
					if p.CanChow(g.Tile, pos) && (pos == engine.AnyPos || pref&2 == 0) {
						return engine.PChow{Serial: g.Serial, Pos: pos}, cnx
					}
				}
			}
		case 32:
			if s != g.Player || g.Phase != engine.Discarding && g.Phase != engine.DeclaringSpecials || g.Needs != engine.FromNone {
				continue
			}
			for _, t := range p.Concealed[:p.NumConcealed] {
				if p.CanDeclareClosedKong(t) {
					return engine.PDeclareClosedKong{Tile: t}, cnx
				}
				if p.CanAddToPung(t) {
					return engine.PAddToPung{Tile: t}, cnx
				}
			}
		case 33:
			if robbable && s != g.Player && g.Claims[s] == engine.NoClaimYet && p.CanMahJong(g.Tile, sp) {
				return engine.PMahJong{Serial: g.Serial}, cnx
			}
		}
	}
	return nil, 0
}

// fuzzOptionNames are the option names SetGameOption and QueryGameOption
// try: real ones and one that does not exist.
var fuzzOptionNames = []string{"Timeout", "Flowers", "FlowersLoose", "DeadWall", "DeadWall16", "SevenPairs", "NumRounds", "ShowOnWashout", "End", "Bogus"}

var fuzzOptionValues = []string{"0", "1", "2", "4", "-1", "x", "20"}

// action builds a request of the given kind from the fuzz input. Tiles
// and serials are often taken from the game (a tile the sender holds, the
// current tile and serial) so that some requests are legal.
func (fs *fuzzState) action(kind, cnx int) engine.Action {
	g := fs.c.Game()
	var p *engine.Player
	for _, s := range fs.tb.Seats {
		if s.Cnx == cnx {
			p = g.PlayerByID(s.ID)
		}
	}
	r := &fs.r
	tile := func() engine.Tile {
		b := r.byte()
		switch {
		case b < 128 && p != nil && p.NumConcealed > 0:
			return p.Concealed[int(b)%p.NumConcealed]
		case b < 160:
			return g.Tile
		case b < 176:
			return engine.Blank
		}
		return engine.AllTiles[int(b)%len(engine.AllTiles)]
	}
	serial := func() int {
		switch b := r.byte(); b % 4 {
		case 0:
			return g.Serial
		case 1:
			return 0
		case 2:
			return g.Serial + 1
		default:
			return int(int8(b))
		}
	}
	id := func() int { return int(r.byte()%6) - 1 }
	switch kind % 31 {
	case 0:
		return engine.PDeclareSpecial{Tile: tile()}
	case 1:
		b := r.byte()
		return engine.PDiscard{Tile: tile(), Calling: b&1 != 0}
	case 2:
		return engine.PNoClaim{Serial: serial()}
	case 3:
		return engine.PPung{Serial: serial()}
	case 4:
		return engine.PKong{Serial: serial()}
	case 5:
		return engine.PChow{Serial: serial(), Pos: engine.ChowPos(r.byte() % 4)}
	case 6:
		return engine.PMahJong{Serial: serial()}
	case 7:
		return engine.PPair{}
	case 8:
		return engine.PSpecialSet{}
	case 9:
		return engine.PFormClosedPung{Tile: tile()}
	case 10:
		return engine.PFormClosedChow{Tile: tile()}
	case 11:
		return engine.PFormClosedPair{Tile: tile()}
	case 12:
		return engine.PFormClosedSpecialSet{}
	case 13:
		return engine.PDeclareClosedKong{Tile: tile()}
	case 14:
		return engine.PAddToPung{Tile: tile()}
	case 15:
		return engine.PShowTiles{}
	case 16:
		return engine.PReady{}
	case 17:
		return engine.PRequestPause{Text: "fuzz"}
	case 18:
		return engine.PQueryMahJong{Tile: tile()}
	case 19:
		return engine.PDeclareWashOut{}
	case 20:
		return engine.PSwapTile{ID: id(), Old: tile(), New: engine.AllTiles[int(r.byte())%len(engine.AllTiles)]}
	case 21:
		return engine.PSendMessage{Addressee: id(), Text: "hello"}
	case 22:
		return engine.PSetGameOption{
			Name:  fuzzOptionNames[int(r.byte())%len(fuzzOptionNames)],
			Value: fuzzOptionValues[int(r.byte())%len(fuzzOptionValues)],
		}
	case 23:
		return engine.PChangeManager{Manager: id()}
	case 24:
		return engine.PQueryGameOption{Name: fuzzOptionNames[int(r.byte())%len(fuzzOptionNames)]}
	case 25:
		return engine.PListGameOptions{IncludeDisabled: r.byte()&1 != 0}
	case 26:
		return engine.PSetPlayerOption{Option: engine.PlayerOption(r.byte() % 4), Value: int(r.byte()%3) - 1}
	case 27:
		return engine.PNewAuthInfo{AuthType: "basic", Data: "x"}
	case 28:
		return engine.PAuthInfo{AuthType: "basic", Data: "x"}
	case 29:
		return engine.PSaveState{Filename: "fuzz"}
	case 30:
		return engine.PLoadState{Filename: "fuzz"}
	}
	return nil
}
