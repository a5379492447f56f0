package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/internal/scripted"
)

// This file checks, at the level of the transport-free Controller, what
// happens when players leave and come back (protocol.md sections 15-17):
// suspension, reconnection mid-hand and between hands, RequestReconnect,
// saved games, --end-on-disconnect with penalties, --nohist, basic
// authorisation and hand-history records. Four scripted seats play; each
// seat decides from its own View only and the table always lets the first
// seat (in connection order) with something to do act, so every game is
// the same at every run.

// --- a minimal scripted player ---

// --- the table: a controller and its connections ---

// rseat is one connection of a scripted player.
type rseat struct {
	name   string
	cnx    int
	v      *engine.View
	got    []engine.Event // every message received on this connection
	closed bool           // the controller closed the connection
}

// rtable drives a Controller with scripted seats, checking that nobody
// is ever refused anything unless the test says so.
type rtable struct {
	t      *testing.T
	c      *engine.Controller
	seats  []*rseat       // live connections, in connection order
	hands  int            // hands dealt
	steps  int            // requests made
	expect []string       // error texts the test provokes
	logged []engine.Event // the messages the original would write to its --logfile
	check  bool           // compare every view with the controller after each request
	quiet  bool           // fatalf panics with a problem instead of failing the test
	starts []engine.CGame // the state before each hand dealt
}

// tableProblem is what fatalf panics with on a quiet table.
type tableProblem string

func (tb *rtable) fatalf(format string, args ...any) {
	tb.t.Helper()
	if tb.quiet {
		panic(tableProblem(fmt.Sprintf(format, args...)))
	}
	tb.t.Fatalf(format, args...)
}

func newRTable(t *testing.T, opts engine.ServerOptions) *rtable {
	return &rtable{t: t, c: engine.NewController(opts)}
}

// oneRoundOption is an option-file entry that makes games one round long.
var oneRoundOption = engine.CGameOption{Entry: engine.OptionEntry{Name: "NumRounds", Type: engine.OptNat, Enabled: true, Value: 1}}

// startedRTable returns a table with four players connected and seated.
func startedRTable(t *testing.T, opts engine.ServerOptions) *rtable {
	tb := newRTable(t, opts)
	for i := 1; i <= 4; i++ {
		tb.join(fmt.Sprintf("Player%d", i), 0)
	}
	return tb
}

// open accepts a new connection.
func (tb *rtable) open(name string) *rseat {
	tb.t.Helper()
	cnx, outs := tb.c.Accept()
	if cnx < 0 {
		tb.fatalf("connection refused: %v", outs)
	}
	s := &rseat{name: name, cnx: cnx, v: engine.NewView()}
	tb.seats = append(tb.seats, s)
	return s
}

// join opens a connection and sends Connect.
func (tb *rtable) join(name string, lastID int) *rseat {
	tb.t.Helper()
	s := tb.open(name)
	tb.send(s, engine.PConnect{Version: engine.ProtocolVersion, LastID: lastID, Name: name})
	return s
}

// allow lets the next Error with this text through (once).
func (tb *rtable) allow(text string) { tb.expect = append(tb.expect, text) }

// send hands a request to the controller and delivers what it answers.
func (tb *rtable) send(s *rseat, a engine.Action) []engine.Output {
	tb.t.Helper()
	tb.steps++
	before := tb.c.Game().Phase
	var pre engine.CGame
	if before == engine.HandComplete {
		pre = gameLine(tb.c.Game())
	}
	outs := tb.c.Handle(s.cnx, a)
	if before == engine.HandComplete && tb.c.Game().Phase != engine.HandComplete {
		tb.hands++
		tb.starts = append(tb.starts, pre)
	}
	tb.deliver(outs)
	return outs
}

func (tb *rtable) seatOn(cnx int) *rseat {
	for _, s := range tb.seats {
		if s.cnx == cnx && !s.closed {
			return s
		}
	}
	return nil
}

func (tb *rtable) deliver(outs []engine.Output) {
	tb.t.Helper()
	for _, o := range outs {
		s := tb.seatOn(o.Conn)
		if s == nil {
			tb.fatalf("output for unknown connection %d: %v", o.Conn, o.Event)
		}
		if o.Event != nil {
			s.got = append(s.got, o.Event)
			if o.Logged {
				tb.logged = append(tb.logged, o.Event)
			}
			if e, ok := o.Event.(engine.CError); ok {
				if i := slices.Index(tb.expect, e.Text); i >= 0 {
					tb.expect = slices.Delete(tb.expect, i, i+1)
				} else {
					tb.fatalf("step %d: %s (cnx %d) got unexpected %q\n%s", tb.steps, s.name, s.cnx, e.String(), s.v)
				}
			}
			if err := s.v.Apply(o.Event); err != nil {
				tb.fatalf("step %d: %s: %v", tb.steps, s.name, err)
			}
		}
		if o.Close {
			s.closed = true
		}
	}
	tb.seats = slices.DeleteFunc(tb.seats, func(s *rseat) bool { return s.closed })
}

// next returns the first seat with something to do and its request.
func (tb *rtable) next() (*rseat, engine.Action) {
	for _, s := range tb.seats {
		if a := scripted.Request(s.v); a != nil {
			return s, a
		}
	}
	return nil, nil
}

// playUntil lets the seats play until stop reports true (checked before
// every request) or the game is over.
func (tb *rtable) playUntil(stop func() bool) {
	tb.t.Helper()
	for limit := tb.steps + 200000; tb.steps < limit; {
		if stop != nil && stop() {
			return
		}
		if tb.c.GameOver() {
			if stop != nil {
				tb.fatalf("game over before the stop condition")
			}
			return
		}
		s, a := tb.next()
		if s == nil {
			tb.fatalf("step %d: nobody can move; phase %s\n%s", tb.steps, tb.c.Game().Phase, tb.dump())
		}
		tb.send(s, a)
		if tb.check {
			tb.checkViews()
		}
	}
	tb.fatalf("game still running after %d requests", tb.steps)
}

func (tb *rtable) dump() string {
	var b strings.Builder
	for _, s := range tb.seats {
		fmt.Fprintf(&b, "%s cnx %d:\n%s", s.name, s.cnx, s.v)
	}
	return b.String()
}

// lose drops a seat's connection as if its socket had failed.
func (tb *rtable) lose(s *rseat) []engine.Output {
	tb.t.Helper()
	outs := tb.c.Lost(s.cnx)
	tb.deliver(outs)
	if !s.closed {
		tb.fatalf("connection %d not closed after its loss", s.cnx)
	}
	return outs
}

func (tb *rtable) seatByID(id int) *rseat {
	for _, s := range tb.seats {
		if s.v.ID == id {
			return s
		}
	}
	return nil
}

// midHand is a stop condition: hand n is in play and its discard number
// serial is on the table.
func (tb *rtable) midHand(n, serial int) func() bool {
	return func() bool {
		g := tb.c.Game()
		return tb.hands >= n && g.Phase == engine.Discarded && g.Serial >= serial
	}
}

// betweenHands is a stop condition: hand n has been scored or washed out
// and ready players are awaited for the next one, ready of them given.
func (tb *rtable) betweenHands(n, ready int) func() bool {
	return func() bool {
		g := tb.c.Game()
		if tb.hands < n || g.Phase != engine.HandComplete || !g.Paused {
			return false
		}
		k := 0
		for _, r := range g.Ready {
			if r {
				k++
			}
		}
		return k == ready
	}
}

// fromLast returns the messages s received from the last one of type T
// (included) on, for T a message type such as engine.CNewHand.
func fromLast[T engine.Event](evs []engine.Event) []engine.Event {
	for i := len(evs) - 1; i >= 0; i-- {
		if _, ok := evs[i].(T); ok {
			return evs[i:]
		}
	}
	return nil
}

// inHandHistory reports whether a message is part of a hand's history, the
// record replayed to a returning player.
func inHandHistory(ev engine.Event) bool {
	switch ev.(type) {
	case engine.CNewHand, engine.CPlayerDeclaresSpecial, engine.CPause, engine.CPlayerReady,
		engine.CPlayerDraws, engine.CPlayerDrawsLoose, engine.CPlayerDiscards,
		engine.CPlayerDoesntClaim, engine.CDangerousDiscard, engine.CPlayerClaimsPung,
		engine.CPlayerPungs, engine.CPlayerFormsClosedPung, engine.CPlayerClaimsKong,
		engine.CPlayerKongs, engine.CPlayerDeclaresClosedKong, engine.CPlayerAddsToPung,
		engine.CPlayerRobsKong, engine.CPlayerClaimsChow, engine.CPlayerChows,
		engine.CPlayerFormsClosedChow, engine.CWashOut, engine.CPlayerClaimsMahJong,
		engine.CPlayerMahJongs, engine.CPlayerPairs, engine.CPlayerFormsClosedPair,
		engine.CPlayerShowsTiles, engine.CPlayerSpecialSet, engine.CPlayerFormsClosedSpecialSet,
		engine.CHandScore, engine.CSettlement, engine.CSwapTile:
		return true
	}
	return false
}

func wireLines(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.String())
	}
	return out
}

// firstDifference describes the first difference between two transcripts.
func firstDifference(want, got []string) string {
	for i := 0; i < max(len(want), len(got)); i++ {
		w, g := "(end)", "(end)"
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("line %d: want %q, got %q", i, w, g)
		}
	}
	return ""
}

// seatViewDiff compares what a seat's view knows with the controller's
// state: the seating, its own concealed tiles in holding order, every
// player's sets, flowers, tile count and score, and the table.
func seatViewDiff(g *engine.Game, v *engine.View) string {
	vg := v.Game
	if vg.Round != g.Round || vg.HandsAsEast != g.HandsAsEast || vg.FirstEast != g.FirstEast || vg.Manager != g.Manager {
		return fmt.Sprintf("game: view round %s hands as east %d first east %d manager %d; controller %s %d %d %d",
			vg.Round, vg.HandsAsEast, vg.FirstEast, vg.Manager, g.Round, g.HandsAsEast, g.FirstEast, g.Manager)
	}
	if g.Phase == engine.HandComplete {
		// Between hands a returning player learns the seating and the
		// scores, not the tiles of the hand that has ended.
		for i := range g.Players {
			cp, vp := g.Players[i], vg.Players[i]
			if vg.Phase != g.Phase || cp.ID != vp.ID || cp.Name != vp.Name && cp.ID != v.ID || cp.CumulativeScore != vp.CumulativeScore {
				return fmt.Sprintf("seat %d between hands: controller %d %q score %d, view %s %d %q score %d",
					i, cp.ID, cp.Name, cp.CumulativeScore, vg.Phase, vp.ID, vp.Name, vp.CumulativeScore)
			}
		}
		return ""
	}
	if vg.Phase != g.Phase || vg.Player != g.Player || vg.Serial != g.Serial || vg.Tile != g.Tile && g.Phase == engine.Discarded ||
		vg.LiveLeft() != g.LiveLeft() || vg.Round != g.Round {
		return fmt.Sprintf("rtable: view phase %s player %d serial %d tile %s live %d round %s; controller %s %d %d %s %d %s",
			vg.Phase, vg.Player, vg.Serial, vg.Tile, vg.LiveLeft(), vg.Round, g.Phase, g.Player, g.Serial, g.Tile, g.LiveLeft(), g.Round)
	}
	if g.Phase == engine.Discarded {
		// Other players' NoClaims are private to them.
		want := g.Claims
		for i := range want {
			if want[i] == engine.Declined && g.Players[i].ID != v.ID {
				want[i] = engine.NoClaimYet
			}
		}
		if vg.Claims != want {
			return fmt.Sprintf("claims: view %v, controller %v", vg.Claims, g.Claims)
		}
	}
	for i := range g.Players {
		cp, vp := g.Players[i], vg.Players[i]
		if cp.ID != vp.ID || cp.Name != vp.Name && cp.ID != v.ID || cp.NumConcealed != vp.NumConcealed || cp.Melds != vp.Melds ||
			cp.Specials != vp.Specials || cp.NumSpecials != vp.NumSpecials || cp.CumulativeScore != vp.CumulativeScore {
			return fmt.Sprintf("rseat %d: controller %d %q %s score %d, view %d %q %s score %d", i,
				cp.ID, cp.Name, cp.TilesString(cp.ID != v.ID), cp.CumulativeScore,
				vp.ID, vp.Name, vp.TilesString(vp.ID != v.ID), vp.CumulativeScore)
		}
		if cp.ID == v.ID && !slices.Equal(cp.Concealed[:cp.NumConcealed], vp.Concealed[:vp.NumConcealed]) {
			return fmt.Sprintf("own tiles: controller %s, view %s",
				engine.Tiles(cp.Concealed[:cp.NumConcealed]), engine.Tiles(vp.Concealed[:vp.NumConcealed]))
		}
	}
	return ""
}

// checkViews compares every live seat's view with the controller.
func (tb *rtable) checkViews() {
	tb.t.Helper()
	for _, s := range tb.seats {
		if d := seatViewDiff(tb.c.Game(), s.v); d != "" {
			tb.fatalf("view of %s (id %d) disagrees with the controller: %s\n%s", s.name, s.v.ID, d, s.v)
		}
	}
}

// lastReceived returns the last message of type T that s received.
func lastReceived[T engine.Event](s *rseat) (T, bool) {
	for i := len(s.got) - 1; i >= 0; i-- {
		if m, ok := s.got[i].(T); ok {
			return m, true
		}
	}
	var zero T
	return zero, false
}

// --- the tests ---

// TestResumeHarnessGame checks the harness itself: four scripted seats play
// a one-round game to its end without a single refused request, and
// every view agrees with the controller throughout.
func TestResumeHarnessGame(t *testing.T) {
	tb := startedRTable(t, engine.ServerOptions{Seed: 7, Timeout: 0, OptionFile: []engine.CGameOption{oneRoundOption}})
	tb.check = true
	tb.playUntil(nil)
	if !tb.c.GameOver() {
		t.Fatal("game not over")
	}
	for _, s := range tb.seats {
		if !s.v.Over {
			t.Errorf("%s did not get GameOver", s.name)
		}
	}
	t.Logf("%d hands, %d requests", tb.hands, tb.steps)
}

// suspend drops victim's connection and checks that the others are told
// the game is suspended and that requests are now refused.
func (tb *rtable) suspend(victim *rseat) {
	tb.t.Helper()
	id := victim.v.ID
	outs := tb.lose(victim)
	want := fmt.Sprintf("StopPlay Lost connection to player %d; game suspended", id)
	stops := 0
	for _, o := range outs {
		if o.Event == nil || o.Conn == victim.cnx {
			// The controller also addresses the lost connection, which
			// the server can no longer write to.
			continue
		}
		if o.Event.String() != want {
			tb.t.Errorf("on losing player %d: got %q, want only %q", id, o.Event, want)
		}
		stops++
	}
	if stops != 3 {
		tb.t.Errorf("on losing player %d: %d StopPlay messages to the others, want 3", id, stops)
	}
	// Nobody may move now: the views know it, and the controller refuses.
	if s, a := tb.next(); s != nil {
		tb.fatalf("%s still wants to %s during the suspension", s.name, a)
	}
	g := tb.c.Game()
	other := tb.seats[0]
	for _, a := range []engine.Action{engine.PNoClaim{Serial: g.Serial}, engine.PDiscard{Tile: other.v.Me().Concealed[0]}, engine.PReady{}} {
		tb.allow("Game not active")
		outs := tb.send(other, a)
		if len(outs) != 1 || outs[0].Logged || outs[0].Conn != other.cnx {
			tb.t.Errorf("%s during the suspension: got %v, want one unlogged Error", a, outs)
		}
	}
}

// rejoin connects a returning player on a new connection and checks what
// it is told: ConnectReply, the other players, Game, the options, then
// (mid-hand) the hand so far exactly as it saw it live, minus private
// messages of others; and everybody is asked to be ready.
func (tb *rtable) rejoin(name string, lastID int, old *rseat) *rseat {
	tb.t.Helper()
	others := slices.Clone(tb.seats)
	marks := map[*rseat]int{}
	for _, s := range others {
		marks[s] = len(s.got)
	}
	ready := tb.c.Game().Ready
	s := tb.join(name, lastID)
	tb.checkReturn(s, old, others, marks, ready)
	return s
}

// checkReturn checks the messages s received on its return (see rejoin).
// ready is who was ready before the return.
func (tb *rtable) checkReturn(s, old *rseat, others []*rseat, marks map[*rseat]int, ready [engine.NumSeats]bool) {
	tb.t.Helper()
	g := tb.c.Game()
	id := old.v.ID
	got := wireLines(s.got)
	var want []string
	want = append(want, fmt.Sprintf("ConnectReply %d %d ", engine.ProtocolVersion, id))
	for _, q := range g.Players {
		if q.ID != id {
			want = append(want, fmt.Sprintf("Player %d %s", q.ID, q.Name))
		}
	}
	want = append(want, gameLine(g).String())
	for _, e := range g.Options.Lines() {
		want = append(want, engine.CGameOption{Entry: e}.String())
	}
	start := "to start hand"
	if g.Phase != engine.HandComplete {
		// The hand so far, as the player saw it before it left.
		for _, ev := range fromLast[engine.CNewHand](old.got) {
			if inHandHistory(ev) {
				want = append(want, ev.String())
			}
		}
		start = "to continue play"
	} else if p, ok := lastReceived[engine.CPause](old); ok {
		want = append(want, p.String())
		for i, r := range ready {
			if r {
				want = append(want, fmt.Sprintf("PlayerReady %d", g.Players[i].ID))
			}
		}
	}
	// Said outright: others' draws are hidden, others' NoClaims absent.
	for _, ev := range s.got {
		switch m := ev.(type) {
		case engine.CPlayerDraws:
			if m.ID != id && m.Tile != engine.Blank {
				tb.fatalf("player %d returning sees another's draw: %s", id, m)
			}
		case engine.CPlayerDrawsLoose:
			if m.ID != id && m.Tile != engine.Blank {
				tb.fatalf("player %d returning sees another's draw: %s", id, m)
			}
		case engine.CPlayerDoesntClaim:
			if m.ID != id {
				tb.fatalf("player %d returning is told of another's NoClaim: %s", id, m)
			}
		}
	}
	mover := 0
	if g.Phase == engine.Discarding || g.Phase == engine.DeclaringSpecials {
		mover = g.Players[g.Player].ID
	}
	tail := []string{"Pause 0 0 " + start, fmt.Sprintf("StartPlay %d", mover)}
	want = append(want, tail...)
	if d := firstDifference(want, got); d != "" {
		tb.fatalf("player %d returning: %s\nwant:\n%s\ngot:\n%s", id, d, strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
	for _, o := range others {
		want := append([]string{fmt.Sprintf("Player %d %s", id, s.name)}, tail...)
		if d := firstDifference(want, wireLines(o.got[marks[o]:])); d != "" {
			tb.t.Errorf("%s on player %d's return: %s", o.name, id, d)
		}
	}
	tb.checkViews()
}

// TestResumeReconnect loses a player at various points (mid-hand while
// others must answer a discard, the discarder, East in the declaring
// phase, the winner or a loser while hands are declared, between hands
// ready or not) and brings it back on a new connection, by id or by name
// (id 0). The others are told the game is suspended and their requests
// are refused; the returning player is told the game, the options and
// the hand so far exactly as it saw it (others' draws hidden, others'
// NoClaims left out), its view then agrees with the controller, and after
// everybody's Ready the game runs to its end without a refused request.
func TestResumeReconnect(t *testing.T) {
	tests := []struct {
		name   string
		stop   func(tb *rtable) func() bool
		victim func(tb *rtable) *rseat // whom to lose
		byName bool                    // reconnect with id 0 and the same name
	}{
		{"mid-hand/by-id", func(tb *rtable) func() bool { return tb.midHand(2, 6) }, victimNext, false},
		{"mid-hand/by-name", func(tb *rtable) func() bool { return tb.midHand(2, 6) }, victimNext, true},
		{"mid-hand/discarder", func(tb *rtable) func() bool { return tb.midHand(1, 3) }, victimDiscarder, false},
		{"mid-hand/first-hand-declaring", func(tb *rtable) func() bool {
			return func() bool {
				g := tb.c.Game()
				return g.Phase == engine.DeclaringSpecials && g.Player == engine.WestSeat
			}
		}, victimEast, false},
		{"declaring-mah-jong/loser", func(tb *rtable) func() bool { return tb.declaring(false) }, victimLoser, false},
		{"declaring-mah-jong/winner", func(tb *rtable) func() bool { return tb.declaring(true) }, victimWinner, true},
		{"between-hands/not-ready", func(tb *rtable) func() bool { return tb.betweenHands(2, 2) }, victimNotReady, false},
		{"between-hands/ready", func(tb *rtable) func() bool { return tb.betweenHands(1, 3) }, victimReady, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := startedRTable(t, engine.ServerOptions{Seed: 11, OptionFile: []engine.CGameOption{oneRoundOption}})
			tb.playUntil(tt.stop(tb))
			victim := tt.victim(tb)
			tb.suspend(victim)
			lastID := victim.v.ID
			if tt.byName {
				lastID = 0
			}
			tb.rejoin(victim.name, lastID, victim)
			tb.check = true
			tb.playUntil(nil)
		})
	}
}

// TestResumeRequestReconnect: RequestReconnect suspends the game and
// lets the player connect again on the same socket.
func TestResumeRequestReconnect(t *testing.T) {
	for _, between := range []bool{false, true} {
		t.Run(fmt.Sprintf("between-hands=%v", between), func(t *testing.T) {
			tb := startedRTable(t, engine.ServerOptions{Seed: 5, OptionFile: []engine.CGameOption{oneRoundOption}})
			if between {
				tb.playUntil(tb.betweenHands(1, 1))
			} else {
				tb.playUntil(tb.midHand(1, 4))
			}
			s := victimNext(tb)
			old := *s
			others := slices.DeleteFunc(slices.Clone(tb.seats), func(x *rseat) bool { return x == s })
			marks := map[*rseat]int{}
			for _, o := range others {
				marks[o] = len(o.got)
			}
			tb.send(s, engine.PRequestReconnect{})
			want := fmt.Sprintf("StopPlay Player %s requested reconnect - please wait...", s.name)
			if got := wireLines(s.got[len(old.got):]); !slices.Equal(got, []string{want, "Reconnect"}) {
				t.Fatalf("requester got %q", got)
			}
			for _, o := range others {
				if got := wireLines(o.got[marks[o]:]); !slices.Equal(got, []string{want}) {
					t.Fatalf("%s got %q", o.name, got)
				}
				marks[o] = len(o.got)
			}
			// The client starts afresh on the same socket.
			old.got = slices.Clone(s.got)
			s.v, s.got = engine.NewView(), nil
			ready := tb.c.Game().Ready
			tb.send(s, engine.PConnect{Version: engine.ProtocolVersion, LastID: old.v.ID, Name: s.name})
			tb.checkReturn(s, &old, others, marks, ready)
			tb.check = true
			tb.playUntil(nil)
		})
	}
}

// Whom to lose: the seat to play after the current one, the current
// player (the discarder, or the winner), East, a seat not ready or
// ready between hands, a loser while hands are declared.

func victimNext(tb *rtable) *rseat {
	g := tb.c.Game()
	return tb.seatByID(g.Players[g.Player.Next()].ID)
}

func victimDiscarder(tb *rtable) *rseat {
	g := tb.c.Game()
	return tb.seatByID(g.Players[g.Player].ID)
}

func victimEast(tb *rtable) *rseat { return tb.seatByID(tb.c.Game().Players[engine.EastSeat].ID) }

func victimNotReady(tb *rtable) *rseat {
	g := tb.c.Game()
	for i, r := range g.Ready {
		if !r {
			return tb.seatByID(g.Players[i].ID)
		}
	}
	return nil
}

func victimReady(tb *rtable) *rseat {
	g := tb.c.Game()
	for i, r := range g.Ready {
		if r {
			return tb.seatByID(g.Players[i].ID)
		}
	}
	return nil
}

// declaring is a stop condition: somebody has gone out and, when
// declared is set, has set out the whole hand.
func (tb *rtable) declaring(declared bool) func() bool {
	return func() bool {
		g := tb.c.Game()
		return g.Phase == engine.MahJonging && g.Players[g.Player].HandDeclared == declared
	}
}

func victimWinner(tb *rtable) *rseat { return victimDiscarder(tb) }

func victimLoser(tb *rtable) *rseat { return victimNext(tb) }

// --- saved games ---

// saveRecorder records what the controller asks to save.
type saveRecorder struct {
	names []string         // names as the players gave them
	msgs  [][]engine.Event // the messages of each save
	fail  bool             // refuse to save
}

func (sv *saveRecorder) save(name string, msgs []engine.Event) (string, error) {
	if sv.fail {
		return "", fmt.Errorf("disk full")
	}
	sv.names = append(sv.names, name)
	sv.msgs = append(sv.msgs, slices.Clone(msgs))
	if name == "" {
		name = "game-2000-01-01-0"
	}
	return name + ".mjs", nil
}

// checkSaved checks the layout of a saved game: the players, Game, the
// CompletedRounds comment, the options and, mid-hand, the wall and every
// logged message of the hand.
func (tb *rtable) checkSaved(msgs []engine.Event) {
	tb.t.Helper()
	g := tb.c.Game()
	var want []string
	for _, p := range g.Players {
		want = append(want, engine.CPlayer{ID: p.ID, Name: p.Name}.String())
	}
	want = append(want, gameLine(g).String(), "# CompletedRounds 0")
	for _, e := range g.Options.Lines() {
		want = append(want, engine.CGameOption{Entry: e}.String())
	}
	if g.Phase != engine.HandComplete {
		want = append(want, engine.CWall{Tiles: g.Wall.Tiles}.String())
		for _, ev := range fromLast[engine.CNewHand](tb.logged) {
			if inHandHistory(ev) {
				want = append(want, ev.String())
			}
		}
	}
	if d := firstDifference(want, wireLines(msgs)); d != "" {
		tb.fatalf("saved game: %s\nsaved:\n%s", d, strings.Join(wireLines(msgs), "\n"))
	}
}

// gameLine is the Game message describing g.
func gameLine(g *engine.Game) engine.CGame {
	return engine.CGame{
		East: g.Players[0].ID, South: g.Players[1].ID, West: g.Players[2].ID, North: g.Players[3].ID,
		Round: g.Round, HandsAsEast: g.HandsAsEast, FirstEast: g.FirstEast,
		EastScore: g.Players[0].CumulativeScore, SouthScore: g.Players[1].CumulativeScore,
		WestScore: g.Players[2].CumulativeScore, NorthScore: g.Players[3].CumulativeScore,
		ProtVersion: g.ProtVersion, Manager: g.Manager,
	}
}

// TestResumeSaveAndLoad saves a game mid-hand and between hands, loads
// each save into a new controller, lets the players come back by id, by
// name and, with NoIDRequired, as strangers, checks what each is told
// and that every view matches the new controller, finishes the hand on
// both controllers with the same result, and plays the loaded game to
// its end.
func TestResumeSaveAndLoad(t *testing.T) {
	byID := []rejoinAs{{3, "Player3"}, {1, "Player1"}, {4, "Player4"}, {2, "Player2"}}
	byName := []rejoinAs{{0, "Player2"}, {0, "Player4"}, {0, "Player1"}, {0, "Player3"}}
	// Strangers take the first free seat, in seat order, even if its
	// owner might still come (as in the original), so Player2 comes first.
	strangers := []rejoinAs{{2, "Player2"}, {0, "Xavier"}, {0, "Yvonne"}, {0, "Zoe"}}
	tests := []struct {
		name       string
		between    bool
		players    []rejoinAs
		noIDNeeded bool
	}{
		{"mid-hand/by-id", false, byID, false},
		{"mid-hand/by-name", false, byName, false},
		{"mid-hand/no-id-required", false, strangers, true},
		{"between-hands/by-id", true, byID, false},
		{"between-hands/no-id-required", true, strangers, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sv := &saveRecorder{}
			a := startedRTable(t, engine.ServerOptions{Seed: 17, Save: sv.save, OptionFile: []engine.CGameOption{oneRoundOption}})
			if tt.between {
				a.playUntil(a.betweenHands(2, 1))
			} else {
				a.playUntil(a.midHand(2, 5))
			}
			s := a.seats[2]
			outs := a.send(s, engine.PSaveState{Filename: "saved"})
			if len(sv.names) != 1 || sv.names[0] != "saved" {
				t.Fatalf("Save called with %q", sv.names)
			}
			want := fmt.Sprintf("StateSaved %d saved.mjs", s.v.ID)
			if len(outs) != 4 || outs[0].Event.String() != want {
				t.Fatalf("SaveState: got %v, want %q to all", outs, want)
			}
			a.checkSaved(sv.msgs[0])

			b := newRTable(t, engine.ServerOptions{Seed: 99, NoIDRequired: tt.noIDNeeded})
			if err := b.c.LoadGame(sv.msgs[0]); err != nil {
				t.Fatalf("LoadGame: %v", err)
			}
			b.joinLoaded(tt.players, a)
			b.check = true
			if !tt.between {
				// The rest of the hand goes as it would have gone.
				a.playUntil(func() bool { return a.c.Game().Phase == engine.HandComplete })
				b.playUntil(func() bool { return b.c.Game().Phase == engine.HandComplete })
				sa, _ := lastReceived[engine.CSettlement](a.seats[0])
				sb, _ := lastReceived[engine.CSettlement](b.seats[0])
				if sa.String() != sb.String() {
					t.Errorf("the loaded hand ended %q, the original one %q", sb, sa)
				}
			}
			b.playUntil(nil)
		})
	}
}

// rejoinAs is who connects to a loaded game: the last id and the name.
type rejoinAs struct {
	id   int
	name string
}

// joinLoaded connects players to a loaded game and checks what each is
// told once all four are in: mid-hand, the hand exactly as the matching
// player of the table the game was saved from saw it.
func (tb *rtable) joinLoaded(players []rejoinAs, from *rtable) {
	tb.t.Helper()
	for _, pl := range players {
		tb.join(pl.name, pl.id)
	}
	g := tb.c.Game()
	for _, s := range tb.seats {
		old := from.seatByID(s.v.ID)
		if old == nil {
			tb.fatalf("%s got id %d, not in the saved game", s.name, s.v.ID)
		}
		var want []string
		if g.Phase != engine.HandComplete {
			for _, ev := range fromLast[engine.CNewHand](old.got) {
				if inHandHistory(ev) {
					want = append(want, ev.String())
				}
			}
		}
		got := wireLines(s.got)
		i := slices.Index(got, "GameOption 0 End bool 0 1 1 end of option list")
		if i < 0 || len(got) < i+3 {
			tb.fatalf("%s got %q", s.name, got)
		}
		if d := firstDifference(want, got[i+1:len(got)-2]); d != "" {
			tb.fatalf("%s's replay: %s", s.name, d)
		}
		start := "Pause 0 0 to continue play"
		if g.Phase == engine.HandComplete {
			start = "Pause 0 0 to start hand"
		}
		if got[len(got)-2] != start {
			tb.t.Errorf("%s got %q, want %q", s.name, got[len(got)-2], start)
		}
	}
	tb.checkViews()
}

// TestResumeSaveNames: the controller passes the name as given (the
// server strips directories and adds .mjs), announces the name used, and
// a refused save is an error to the requester only.
func TestResumeSaveNames(t *testing.T) {
	sv := &saveRecorder{}
	tb := startedRTable(t, engine.ServerOptions{Seed: 2, Save: sv.save})
	tb.playUntil(tb.midHand(1, 2))
	s := tb.seats[1]
	tb.send(s, engine.PSaveState{})
	tb.send(s, engine.PSaveState{Filename: "dir/name"})
	tb.send(s, engine.PSaveState{})
	// An empty name reuses the last name saved under.
	if want := []string{"", "dir/name", "dir/name.mjs"}; !slices.Equal(sv.names, want) {
		t.Errorf("Save called with %q, want %q", sv.names, want)
	}
	sv.fail = true
	tb.allow("Unable to save state")
	if outs := tb.send(s, engine.PSaveState{Filename: "x"}); len(outs) != 1 {
		t.Errorf("refused save: got %v", outs)
	}
	none := startedRTable(t, engine.ServerOptions{Seed: 2})
	none.allow("Unable to save state")
	none.send(none.seats[0], engine.PSaveState{Filename: "x"})
}

// savedRTable plays a game to a point and returns its saved messages.
func savedRTable(t *testing.T, stop func(tb *rtable) func() bool) ([]engine.Event, *rtable) {
	t.Helper()
	sv := &saveRecorder{}
	tb := startedRTable(t, engine.ServerOptions{Seed: 23, Save: sv.save, OptionFile: []engine.CGameOption{oneRoundOption}})
	tb.playUntil(stop(tb))
	tb.send(tb.seats[0], engine.PSaveState{Filename: "g"})
	return sv.msgs[0], tb
}

// TestResumeLoadState: LoadState before the game has started loads a
// game and rematches the players already connected; a file that cannot
// be loaded is refused with "Loading game state failed" and changes
// nothing; and LoadState is refused once a game is under way.
func TestResumeLoadState(t *testing.T) {
	msgs, _ := savedRTable(t, func(tb *rtable) func() bool { return tb.midHand(1, 3) })
	bad := slices.Clone(msgs[:len(msgs)-3])
	bad = append(bad, engine.CPlayerDiscards{ID: 1, Tile: engine.RedDragon, Serial: 99})
	files := map[string][]engine.Event{"good.mjs": msgs, "bad.mjs": bad}
	load := func(name string) ([]engine.Event, error) {
		if m, ok := files[name]; ok {
			return m, nil
		}
		return nil, fmt.Errorf("open %s: no such file", name)
	}
	tb := newRTable(t, engine.ServerOptions{Seed: 1, Load: load})
	a := tb.join("Player2", 0)
	b := tb.join("Player1", 0)
	for _, tc := range []struct{ file, err string }{
		{"", "No game file specified in LoadState"},
		{"missing.mjs", "Loading game state failed"},
		{"bad.mjs", "Loading game state failed"},
	} {
		na, nb := len(a.got), len(b.got)
		tb.allow(tc.err)
		tb.send(a, engine.PLoadState{Filename: tc.file})
		if got := wireLines(a.got[na:]); len(got) != 1 || !strings.HasSuffix(got[0], tc.err) || len(b.got) != nb {
			t.Fatalf("LoadState %q: requester got %q, the other %q", tc.file, got, wireLines(b.got[nb:]))
		}
	}
	// Nothing changed: the two players are still there as ids 1 and 2.
	if g := tb.c.Game(); g.PlayerByID(1) == nil || g.PlayerByID(2) == nil || g.Round != engine.NoWind {
		t.Fatalf("a failed LoadState changed the game:\n%s", tb.dump())
	}
	tb.send(a, engine.PLoadState{Filename: "good.mjs"})
	// Player2 was id 1 and Player1 id 2 in this game; by id they now
	// hold the seats of those ids in the loaded game, under their names.
	tb.join("Player4", 0)
	tb.join("Player3", 0)
	tb.checkViews()
	tb.check = true
	tb.playUntil(nil)

	// Once a game is under way there is nothing to load.
	tb2 := startedRTable(t, engine.ServerOptions{Seed: 1, Load: load})
	tb2.allow("Can't load game state when already playing")
	tb2.send(tb2.seats[0], engine.PLoadState{Filename: "good.mjs"})
}

// TestResumeLoadCorrupt: a saved game that does not hold together is
// refused by LoadGame with an error that says what is wrong, and the
// controller is left exactly as it was.
func TestResumeLoadCorrupt(t *testing.T) {
	mid, _ := savedRTable(t, func(tb *rtable) func() bool { return tb.midHand(1, 3) })
	between, _ := savedRTable(t, func(tb *rtable) func() bool { return tb.betweenHands(1, 0) })
	wallAt := slices.IndexFunc(mid, func(e engine.Event) bool { _, ok := e.(engine.CWall); return ok })
	drawAt := slices.IndexFunc(mid, func(e engine.Event) bool { _, ok := e.(engine.CPlayerDraws); return ok })
	replace := func(msgs []engine.Event, i int, evs ...engine.Event) []engine.Event {
		return slices.Concat(msgs[:i], evs, msgs[i+1:])
	}
	wrongDraw := mid[drawAt].(engine.CPlayerDraws)
	wrongDraw.Tile = wrongDraw.Tile%9 + 1 // another bamboo
	shortWall := mid[wallAt].(engine.CWall)
	shortWall.Tiles = shortWall.Tiles[:100]
	blankWall := mid[wallAt].(engine.CWall)
	blankWall.Tiles = slices.Clone(blankWall.Tiles)
	blankWall.Tiles[120] = engine.Blank
	tests := []struct {
		name string
		msgs []engine.Event
		want string // in the error
	}{
		{"empty", nil, "lacks players"},
		{"players only", mid[:4], "lacks players or game state"},
		{"three players", mid[1:], ""},
		{"no game", slices.Concat(mid[:4], mid[5:]), ""},
		{"truncated in the deal", mid[:drawAt+10], ""},
		{"wrong tile drawn", replace(mid, drawAt, wrongDraw), "PlayerDraws"},
		{"extra tile drawn", replace(mid, drawAt, mid[drawAt], mid[drawAt]), "PlayerDraws"},
		{"short wall", replace(mid, wallAt, shortWall), "wall"},
		{"no wall", replace(mid, wallAt), "wall"},
		{"blank in the wall", replace(mid, wallAt, blankWall), "wall"},
		{"discard not held", append(slices.Clone(mid), engine.CPlayerDiscards{ID: 1, Tile: engine.RedDragon, Serial: 99}), "PlayerDiscards"},
		{"history between hands", append(slices.Clone(between), engine.CPlayerDraws{ID: 1, Tile: engine.RedDragon}), "PlayerDraws"},
		{"unknown seat in game", replace(mid, 4, engine.CGame{East: 9, South: 2, West: 3, North: 4, Round: engine.East}), "Game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := newRTable(t, engine.ServerOptions{Seed: 1})
			tb.join("Player1", 0)
			before := tb.c.Game()
			snapshot := *before
			err := tb.c.LoadGame(tt.msgs)
			if tt.name == "truncated in the deal" && err == nil {
				// A file cut after a complete message is a shorter but
				// consistent hand; that it loads is fine.
				return
			}
			if err == nil {
				t.Fatalf("LoadGame accepted a corrupt game")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "engine: ") {
				t.Errorf("error %q, want one mentioning %q", err, tt.want)
			}
			if tb.c.Game() != before || before.Round != snapshot.Round || before.Players != snapshot.Players {
				t.Fatalf("a refused LoadGame changed the game")
			}
			// The fresh game goes on as if nothing had happened.
			for i := 2; i <= 4; i++ {
				tb.join(fmt.Sprintf("Player%d", i), 0)
			}
			tb.check = true
			tb.playUntil(tb.midHand(1, 4))
		})
	}
}

// TestResumeLoadTruncated cuts a saved game after every message of the
// hand in progress: each shortened file must either be refused by
// LoadGame or give a game that can be played on to the end of the hand.
// A file cut where the controller owed the players more messages (in the
// middle of the deal, after the last answer to a discard, between a kong
// or a flower and its replacement tile, between the last HandScore and
// the Settlement, ...) must not load into a game that nobody can move
// on.
func TestResumeLoadTruncated(t *testing.T) {
	msgs, _ := savedRTable(t, func(tb *rtable) func() bool { return tb.declaring(true) })
	first := slices.IndexFunc(msgs, func(e engine.Event) bool { _, ok := e.(engine.CNewHand); return ok })
	var kinds []string                // kinds of failure, in order of appearance
	examples := map[string][]string{} // cut points of each kind
	for n := first + 1; n <= len(msgs); n++ {
		if why := loadAndFinish(t, msgs[:n]); why != "" {
			kind := fmt.Sprintf("cut after %s: %s", strings.Fields(msgs[n-1].String())[0], why)
			if examples[kind] == nil {
				kinds = append(kinds, kind)
			}
			examples[kind] = append(examples[kind], fmt.Sprintf("%d %q", n, msgs[n-1]))
		}
	}
	for _, k := range kinds {
		ex := examples[k]
		t.Errorf("%d shortened saves load into a game that cannot go on: %s\n  e.g. message %s",
			len(ex), k, strings.Join(ex[:min(3, len(ex))], ", "))
	}
}

// loadAndFinish loads msgs into a new controller and, if it loads, lets
// four players come back and play to the end of the hand. It returns
// what went wrong, or "".
func loadAndFinish(t *testing.T, msgs []engine.Event) (why string) {
	tb := newRTable(t, engine.ServerOptions{Seed: 1})
	tb.quiet = true
	if err := tb.c.LoadGame(msgs); err != nil {
		return ""
	}
	defer func() {
		switch r := recover().(type) {
		case nil:
		case tableProblem:
			why = string(r)
			if i := strings.IndexByte(why, '\n'); i >= 0 {
				why = why[:i]
			}
		default:
			why = fmt.Sprintf("controller panic: %v", r)
		}
	}()
	for i := 1; i <= 4; i++ {
		tb.join(fmt.Sprintf("Player%d", i), i)
	}
	tb.playUntil(func() bool { return tb.c.Game().Phase == engine.HandComplete })
	return ""
}

// --- basic authorisation ---

// TestResumeAuthBasic: a wrong password gets ConnectReply 1110 0
// Authentication failure and the connection is closed; an unlisted id
// is refused without AuthReqd; an id with an empty password needs none.
// Failed attempts leave nothing behind (the original's table filled up
// with half-made players): afterwards every player gets in with the
// right password and the game is played to its end.
func TestResumeAuthBasic(t *testing.T) {
	auth := []engine.Auth{{ID: 1, Password: "one"}, {ID: 2, Password: "two"}, {ID: 3, Password: "three"}, {ID: 4}}
	type try struct {
		id         int
		name, pass string
		refusal    string // "" when accepted
	}
	tests := []struct {
		name  string
		tries []try
	}{
		{"by-id", []try{
			{1, "Alice", "bad", "Authentication failure"},
			{1, "Alice", "", "Authentication failure"},
			{7, "Mallory", "", "id not authorized for this game"},
			{2, "Bob", "one", "Authentication failure"},
			{1, "Alice", "bad", "Authentication failure"},
			{1, "Alice", "bad", "Authentication failure"},
			{1, "Alice", "bad", "Authentication failure"},
			{1, "Alice", "bad", "Authentication failure"},
			{1, "Alice", "one", ""},
			{1, "Alice", "one", "Your id is already connected elsewhere"},
			{3, "Carol", "two", "Authentication failure"},
			{2, "Bob", "two", ""},
			{4, "Dave", "", ""},
			{3, "Carol", "three", ""},
		}},
		// Players who let the server choose their id get the next one;
		// a failed attempt does not use an id up.
		{"new-players", []try{
			{0, "Eve", "bad", "Authentication failure"},
			{0, "Alice", "one", ""},
			{0, "Eve", "bad", "Authentication failure"},
			{0, "Bob", "two", ""},
			{0, "Carol", "three", ""},
			{0, "Dave", "", ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := newRTable(t, engine.ServerOptions{Seed: 3, Auth: auth, OptionFile: []engine.CGameOption{oneRoundOption}})
			for _, tr := range tt.tries {
				s := tb.open(tr.name)
				outs := tb.send(s, engine.PConnect{Version: engine.ProtocolVersion, LastID: tr.id, Name: tr.name})
				if tr.refusal == "Authentication failure" || tr.refusal == "" && tr.pass != "" {
					if len(outs) != 1 || outs[0].Event.String() != "AuthReqd basic " || outs[0].Logged {
						t.Fatalf("%v: Connect got %v, want an unlogged AuthReqd basic", tr, outs)
					}
					outs = tb.send(s, engine.PAuthInfo{AuthType: "basic", Data: tr.pass})
				}
				if tr.refusal != "" {
					want := engine.CConnectReply{Version: engine.ProtocolVersion, Reason: tr.refusal}.String()
					if len(outs) != 2 || outs[0].Event.String() != want || !outs[0].Logged || !outs[1].Close {
						t.Fatalf("%v: got %v, want %q and the connection closed", tr, outs, want)
					}
					continue
				}
				if r, ok := outs[0].Event.(engine.CConnectReply); !ok || r.ID == 0 {
					t.Fatalf("%v: got %v, want to be accepted", tr, outs)
				}
			}
			for i, s := range tb.seats {
				if want := i + 1; s.v.ID != want && tt.name == "new-players" {
					t.Errorf("%s has id %d, want %d", s.name, s.v.ID, want)
				}
			}
			if len(tb.seats) != 4 || !tb.c.Game().Active {
				t.Fatalf("the game has not started:\n%s", tb.dump())
			}
			tb.check = true
			tb.playUntil(nil)
		})
	}
}

// --- --end-on-disconnect, --nohist, --hand-history, before the game ---

// TestResumeEndOnDisconnect: with EndOnDisconnect a lost player ends the
// game: mid-hand the hand is washed out, the server says why in a
// Message, GameOver follows, and the penalty for the time of the loss is
// taken from the lost player's score in the final scores printed.
func TestResumeEndOnDisconnect(t *testing.T) {
	tests := []struct {
		name    string
		stop    func(tb *rtable) func() bool
		victim  func(tb *rtable) *rseat
		want    []string // what the others receive, %d being the lost player's id
		penalty int
	}{
		{"mid-hand", func(tb *rtable) func() bool { return tb.midHand(2, 5) }, victimNext,
			[]string{"WashOut Lost a player", "Message 0 0 Lost connection to player %d - ending game", "GameOver"}, 10},
		{"between-hands", func(tb *rtable) func() bool { return tb.betweenHands(2, 1) }, victimNotReady,
			[]string{"Message 0 0 Lost connection to player %d - game will end now", "GameOver"}, 20},
		{"winner-before-declaring", func(tb *rtable) func() bool { return tb.declaring(false) }, victimWinner,
			[]string{"WashOut Lost the winner", "Message 0 0 Lost connection to player %d - ending game", "GameOver"}, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := startedRTable(t, engine.ServerOptions{Seed: 29, EndOnDisconnect: true, DisconnectPenalties: [3]int{10, 20, 30}})
			tb.playUntil(tt.stop(tb))
			victim := tt.victim(tb)
			id := victim.v.ID
			before := tb.c.Game().PlayerByID(id).CumulativeScore
			other := tb.seats[slices.IndexFunc(tb.seats, func(s *rseat) bool { return s != victim })]
			mark := len(other.got)
			tb.lose(victim)
			var want []string
			for _, w := range tt.want {
				if strings.Contains(w, "%d") {
					w = fmt.Sprintf(w, id)
				}
				want = append(want, w)
			}
			if d := firstDifference(want, wireLines(other.got[mark:])); d != "" {
				t.Errorf("on losing player %d: %s\ngot %q", id, d, wireLines(other.got[mark:]))
			}
			if !tb.c.GameOver() {
				t.Fatal("game not over")
			}
			report := strings.Join(tb.c.Report(), "\n")
			line := fmt.Sprintf("%5d (%-20s)  %5d", id, victim.name, before-tt.penalty)
			if !strings.HasPrefix(report, "Game over. Final scores:") || !strings.Contains(report, line) {
				t.Errorf("final scores lack %q:\n%s", line, report)
			}
			// The server stops when the next player leaves.
			tb.lose(tb.seats[0])
			if !tb.c.Exit() {
				t.Error("the controller does not ask to exit after the game")
			}
		})
	}
}

// TestResumeNoHistory: without a hand history a player lost between
// hands comes back as usual, but one lost mid-hand cannot: everybody
// gets "No history kept: resumption not supported" and the server is
// told to exit.
func TestResumeNoHistory(t *testing.T) {
	tb := startedRTable(t, engine.ServerOptions{Seed: 31, NoHistory: true, OptionFile: []engine.CGameOption{oneRoundOption}})
	tb.playUntil(tb.betweenHands(1, 2))
	victim := victimNotReady(tb)
	tb.suspend(victim)
	tb.rejoin(victim.name, victim.v.ID, victim)
	tb.playUntil(tb.midHand(2, 3))
	victim = victimNext(tb)
	tb.suspend(victim)
	for range 4 {
		tb.allow("No history kept: resumption not supported")
	}
	tb.join(victim.name, victim.v.ID)
	if len(tb.expect) != 0 || !tb.c.Exit() {
		t.Errorf("errors not sent: %q; exit %v", tb.expect, tb.c.Exit())
	}
}

// TestResumeHandHistory: after each scored hand (washouts skipped) the
// HandHistory hook gets hand-NN.mjs with the players, the Game line and
// options at the start of the hand, the wall and every logged message
// of the hand up to the Settlement.
func TestResumeHandHistory(t *testing.T) {
	type record struct {
		name string
		msgs []engine.Event
	}
	var files []record
	var tb *rtable
	opts := engine.ServerOptions{Seed: 191, OptionFile: []engine.CGameOption{oneRoundOption},
		HandHistory: func(name string, msgs []engine.Event) { files = append(files, record{name, slices.Clone(msgs)}) }}
	tb = startedRTable(t, opts)
	var seating [][]string // the Player lines of each hand, in its seat order
	for !tb.c.GameOver() {
		n := tb.hands
		tb.playUntil(func() bool {
			if g := tb.c.Game(); g.Phase != engine.HandComplete && len(seating) < tb.hands {
				var ps []string
				for _, p := range g.Players {
					ps = append(ps, engine.CPlayer{ID: p.ID, Name: p.Name}.String())
				}
				seating = append(seating, ps)
			}
			return tb.hands > n || tb.c.GameOver()
		})
	}
	hands := indexesOf[engine.CNewHand](tb.logged)
	washouts := len(indexesOf[engine.CWashOut](tb.logged))
	if washouts == 0 || len(files) != len(hands)-washouts {
		t.Fatalf("%d files for %d hands with %d washouts", len(files), len(hands), washouts)
	}
	// Split the log into hands and keep the scored ones.
	var scored [][]engine.Event
	var startGames []engine.CGame
	var players [][]string
	for i, at := range hands {
		end := len(tb.logged)
		if i+1 < len(hands) {
			end = hands[i+1]
		}
		hand := tb.logged[at:end]
		if slices.ContainsFunc(hand, func(e engine.Event) bool { _, ok := e.(engine.CSettlement); return ok }) {
			scored = append(scored, hand)
			startGames = append(startGames, tb.starts[i])
			players = append(players, seating[i])
		}
	}
	g := tb.c.Game()
	for i, f := range files {
		if want := fmt.Sprintf("hand-%02d.mjs", i+1); f.name != want {
			t.Errorf("file %d named %q, want %q", i, f.name, want)
		}
		want := slices.Clone(players[i])
		want = append(want, startGames[i].String())
		for _, e := range g.Options.Lines() {
			want = append(want, engine.CGameOption{Entry: e}.String())
		}
		got := wireLines(f.msgs)
		if len(got) < len(want)+2 {
			t.Fatalf("%s: too short: %q", f.name, got)
		}
		if !strings.HasPrefix(got[len(want)], "Wall ") {
			t.Errorf("%s: no Wall after the options: %q", f.name, got[len(want)])
		}
		want = append(want, got[len(want)])
		for _, ev := range scored[i] {
			if inHandHistory(ev) {
				want = append(want, ev.String())
			}
			if _, ok := ev.(engine.CSettlement); ok {
				break
			}
		}
		if d := firstDifference(want, got); d != "" {
			t.Errorf("%s: %s", f.name, d)
		}
	}
}

// indexesOf returns the indexes of the messages of type T.
func indexesOf[T engine.Event](evs []engine.Event) []int {
	var at []int
	for i, e := range evs {
		if _, ok := e.(T); ok {
			at = append(at, i)
		}
	}
	return at
}

// TestResumeBeforeGame: before the game starts a player who leaves is
// removed (Player <id> with no name to the others) and another can take
// the place.
func TestResumeBeforeGame(t *testing.T) {
	tb := newRTable(t, engine.ServerOptions{Seed: 37, OptionFile: []engine.CGameOption{oneRoundOption}})
	tb.join("Player1", 0)
	b := tb.join("Player2", 0)
	tb.join("Player3", 0)
	outs := tb.lose(b)
	var got []string
	for _, o := range outs {
		if o.Event != nil && o.Conn != b.cnx {
			got = append(got, o.Event.String())
		}
	}
	if want := []string{"Player 2 ", "Player 2 "}; !slices.Equal(got, want) {
		t.Errorf("on a departure before the game: got %q, want %q", got, want)
	}
	tb.join("Player4", 0)
	tb.join("Player5", 0)
	tb.check = true
	tb.playUntil(nil)
}
