//go:build !js

package online_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/online"
	"mahjong/relay"
)

const gameTime = 120 * time.Second

// newRelay serves a real relay hub on a local socket and returns its
// endpoint. The limits are raised: robots and scripted players move
// far faster than people.
func newRelay(t *testing.T) string {
	t.Helper()
	hub := relay.NewHub(relay.HubOptions{FrameRate: 1e6, FrameBurst: 1e6, SendQueue: 4096,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/relay"
}

// cutter dials the relay and can cut its connections without a close
// handshake, as a lost network or a reloaded page does.
type cutter struct {
	mu      sync.Mutex
	conns   []net.Conn
	refused bool // dialling fails (a network that is down)
}

// gone is a page that went away: every later dial fails (so no redial
// gets through to share or end the session), then the open connections
// are cut.
func (k *cutter) gone() {
	k.mu.Lock()
	k.refused = true
	k.mu.Unlock()
	k.cut()
}

func (k *cutter) opts() relay.DialOptions {
	var d net.Dialer
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		k.mu.Lock()
		refused := k.refused
		k.mu.Unlock()
		if refused {
			return nil, errors.New("cutter: the network is down")
		}
		c, err := d.DialContext(ctx, network, addr)
		if err == nil {
			k.mu.Lock()
			k.conns = append(k.conns, c)
			k.mu.Unlock()
		}
		return c, err
	}}
	return relay.DialOptions{HTTPClient: &http.Client{Transport: tr}}
}

func (k *cutter) cut() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, c := range k.conns {
		c.Close()
	}
	k.conns = nil
}

// wire records every line a connection receives and checks that none
// shows another seat's concealed tiles.
type wire struct {
	protocol.LineConn
	mu    sync.Mutex
	me    int
	lines int
	bad   []string
}

func (w *wire) ReadLine() (string, error) {
	line, err := w.LineConn.ReadLine()
	if err != nil {
		return line, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lines++
	ev, perr := protocol.ParseEvent(line)
	if perr != nil {
		w.bad = append(w.bad, "unparsable: "+line)
		return line, nil
	}
	if why := leak(w.me, ev); why != "" {
		w.bad = append(w.bad, why+": "+line)
	}
	if r, ok := ev.(engine.CConnectReply); ok && r.ID > 0 {
		w.me = r.ID
	}
	return line, nil
}

// leak says why ev must not reach player me, or "".
func leak(me int, ev engine.Event) string {
	switch m := ev.(type) {
	case engine.CPlayerDraws:
		if m.ID != me && m.Tile != engine.Blank {
			return "another player's drawn tile"
		}
	case engine.CPlayerDrawsLoose:
		if m.ID != me && m.Tile != engine.Blank {
			return "another player's loose tile"
		}
	case engine.CSwapTile:
		if m.ID != me {
			return "another player's swap"
		}
	case engine.CWall:
		return "the wall"
	case engine.CInfoTiles:
		if m.ID != me {
			return "another player's tile summary"
		}
	case engine.CConnectReply:
		if me != 0 && m.ID != me {
			return "another connection's reply"
		}
	case engine.CMessage:
		if m.Addressee != 0 && m.Addressee != me {
			return "a message for somebody else"
		}
	case engine.CPlayerDoesntClaim:
		if m.ID != me {
			return "another player's pass"
		}
	}
	return ""
}

func (w *wire) check(t *testing.T, who string) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.lines == 0 {
		t.Errorf("%s received nothing", who)
	}
	for _, b := range w.bad {
		t.Errorf("%s: %s", who, b)
	}
}

// player is one scripted person at the table.
type player struct {
	name string
	c    *client.Client
	pl   *clienttest.Player
	w    *wire

	hands int // NewHand messages seen
}

func newPlayer(t *testing.T, name string, conn protocol.LineConn, id int, seed uint64) *player {
	t.Helper()
	w := &wire{LineConn: conn}
	c, err := client.New(w, client.Config{Name: name, ID: id})
	if err != nil {
		t.Fatal(err)
	}
	return &player{name: name, c: c, pl: clienttest.New(c, seed), w: w}
}

var errStopped = errors.New("stopped")

// play answers prompts until the game is over, the connection ends, the
// deadline passes, or stop returns true for a message. Refusals while
// the game is suspended (a player away) are expected: a request may
// cross the news.
func (p *player) play(deadline time.Time, stop func(ev engine.Event) bool) error {
	c := p.c
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		for _, ev := range c.Poll() {
			if e, ok := ev.(engine.CError); ok && !tolerated(e.Text) {
				return fmt.Errorf("%s refused: %q\n%v", p.name, e.Text, c.View())
			}
			if _, ok := ev.(engine.CNewHand); ok {
				p.hands++
			}
			if stop != nil && stop(ev) {
				return errStopped
			}
		}
		pr := c.Prompt()
		if pr.Kind == client.GameOver {
			return nil
		}
		if pr.Kind != client.None {
			if err := p.pl.Act(pr); err != nil {
				return fmt.Errorf("%s: %v prompt: %w", p.name, pr.Kind, err)
			}
			continue
		}
		if err := c.Err(); err != nil {
			return err
		}
		select {
		case <-c.Pending():
		case <-timer.C:
			return fmt.Errorf("%s: deadline passed; prompt %v\n%v", p.name, pr.Kind, c.View())
		}
	}
}

func tolerated(text string) bool {
	return text == "Game not active" || strings.Contains(text, "not reasonable") ||
		strings.Contains(text, "Not reasonable") ||
		// a discard that crossed the pause for a returning player
		text == "Can't discard until everybody's ready"
}

// playAll plays every player to the end in its own goroutine.
func playAll(t *testing.T, ps ...*player) {
	t.Helper()
	deadline := time.Now().Add(gameTime)
	errs := make(chan error, len(ps))
	for _, p := range ps {
		go func() { errs <- p.play(deadline, nil) }()
	}
	for range ps {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func startHost(t *testing.T, cfg online.HostConfig) *online.Host {
	t.Helper()
	h, err := online.NewHost(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func join(t *testing.T, endpoint, room, name string, opts relay.DialOptions) *online.Guest {
	t.Helper()
	g, err := online.Join(context.Background(), endpoint, room, name, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func TestHostTwoGuestsAndARobot(t *testing.T) {
	ep := newRelay(t)
	h := startHost(t, online.HostConfig{
		Endpoint: ep, Pace: -1, Name: "Ann", Seed: 11, Timeout: 5,
		Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Person}, {Kind: online.Robot, Name: "Robo"}},
		Options: []string{"NumRounds=1"},
	})
	if len(h.Room()) != 16 {
		t.Fatalf("room code %q", h.Room())
	}
	if got := h.Link("https://example.org/mj/index.html"); got != "https://example.org/mj/index.html?room="+h.Room() {
		t.Errorf("link %q", got)
	}
	ann := newPlayer(t, "Ann", h.Conn(), 0, 1)
	defer ann.c.Close()
	var guests []*player
	for i, name := range []string{"Bob", "Cat"} {
		g := join(t, ep, strings.ToLower(h.Room()), name, relay.DialOptions{})
		p := newPlayer(t, name, g.Conn(), 0, uint64(i+2))
		defer p.c.Close()
		guests = append(guests, p)
	}
	playAll(t, append([]*player{ann}, guests...)...)
	for _, p := range guests {
		p.w.check(t, p.name)
	}
	v := ann.c.View()
	if v.Game.Manager != v.ID || v.Game.FirstEast != v.ID {
		t.Errorf("the host (id %d) should be East and manager; manager %d, first East %d", v.ID, v.Game.Manager, v.Game.FirstEast)
	}
	if n := ann.hands; n < 4 {
		t.Errorf("only %d hands", n)
	}
	names := map[string]bool{"Ann": true}
	for _, id := range []int{1, 2, 3, 4} {
		names[v.Names[id]] = true
	}
	for _, n := range []string{"Ann", "Bob", "Cat", "Robo"} {
		if !names[n] {
			t.Errorf("%s is not at the table: %v", n, v.Names)
		}
	}
	for _, p := range append(guests, ann) {
		p.c.Close()
	}
	select {
	case <-h.Done():
	case <-time.After(10 * time.Second):
		t.Error("the host did not stop after the game")
	}
	if err := h.Err(); err != nil {
		t.Error(err)
	}
}

// countDiscards returns a stop function true at the n-th discard.
func countDiscards(n int) func(engine.Event) bool {
	seen := 0
	return func(ev engine.Event) bool {
		if _, ok := ev.(engine.CPlayerDiscards); ok {
			seen++
		}
		return seen == n
	}
}

// sameScores checks that two players end with the same table.
func sameScores(t *testing.T, a, b *player) {
	t.Helper()
	ga, gb := a.c.View().Game, b.c.View().Game
	for i := range ga.Players {
		pa, pb := ga.Players[i], gb.Players[i]
		if pa.ID != pb.ID || pa.CumulativeScore != pb.CumulativeScore {
			t.Errorf("seat %d: %s sees id %d score %d, %s sees id %d score %d",
				i, a.name, pa.ID, pa.CumulativeScore, b.name, pb.ID, pb.CumulativeScore)
		}
	}
	if ga.Round != gb.Round || ga.HandsAsEast != gb.HandsAsEast {
		t.Errorf("%s and %s disagree on the round", a.name, b.name)
	}
}

// rejoin brings a guest back with its saved session and checks it gets
// its seat back.
func rejoin(t *testing.T, s online.Session, opts relay.DialOptions, seed uint64) (*online.Guest, *player) {
	t.Helper()
	g, err := online.Rejoin(context.Background(), s, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if got := g.Session(); got.Token != s.Token || got.ID != s.ID || got.ID == 0 {
		t.Fatalf("session after rejoining %+v, before %+v", got, s)
	}
	return g, newPlayer(t, s.Name, g.Conn(), s.ID, seed)
}

func TestGuestRejoinsItsSeat(t *testing.T) {
	for _, policy := range []online.Policy{online.Wait, online.StandIn} {
		t.Run(fmt.Sprint(policy), func(t *testing.T) {
			ep := newRelay(t)
			h := startHost(t, online.HostConfig{
				Endpoint: ep, Pace: -1, Name: "Ann", Seed: 5, Timeout: 5, OnDisconnect: policy,
				Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Robot}, {Kind: online.Robot}},
				Options: []string{"NumRounds=1"},
			})
			ann := newPlayer(t, "Ann", h.Conn(), 0, 1)
			defer ann.c.Close()
			var k cutter
			g := join(t, ep, h.Room(), "Bob", k.opts())
			bob := newPlayer(t, "Bob", g.Conn(), 0, 2)

			deadline := time.Now().Add(gameTime)
			standIn := make(chan struct{}) // Ann has seen a robot play Bob's seat
			annDone := make(chan error, 1)
			go func() {
				discards, lost := 0, false
				annDone <- ann.play(deadline, func(ev engine.Event) bool {
					switch m := ev.(type) {
					case engine.CPlayer:
						lost = lost || strings.HasSuffix(m.Name, "(robot)")
					case engine.CPlayerDiscards:
						if lost {
							if discards++; discards == 4 {
								close(standIn)
							}
						}
					}
					return false
				})
			}()
			if err := bob.play(deadline, countDiscards(12)); !errors.Is(err, errStopped) {
				t.Fatalf("Bob's game ended early: %v", err)
			}
			s := g.Session()
			// Bob's page goes away. A redial of the old page that got
			// through would share the session with the page that rejoins,
			// and its end would end the rejoined one's seat too.
			k.gone()
			bob.c.Close()
			<-g.Done()
			bob.w.check(t, "Bob before the cut")
			if policy == online.StandIn {
				select {
				case <-standIn:
				case err := <-annDone:
					t.Fatalf("Ann's game ended before the stand-in played: %v", err)
				}
			}
			var k2 cutter // the new page's network works
			_, bob2 := rejoin(t, s, k2.opts(), 3)
			defer bob2.c.Close()
			if err := bob2.play(deadline, nil); err != nil {
				t.Error(err)
			}
			if err := <-annDone; err != nil {
				t.Error(err)
			}
			if bob2.c.ID() != s.ID {
				t.Errorf("Bob came back as %d, was %d", bob2.c.ID(), s.ID)
			}
			bob2.w.check(t, "Bob after rejoining")
			sameScores(t, ann, bob2)
			if err := h.Err(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestHostReloadResumes(t *testing.T) {
	ep := newRelay(t)
	var mu sync.Mutex
	var saved *online.Saved
	var k cutter
	cfg := online.HostConfig{
		Endpoint: ep, Pace: -1, Dial: k.opts(), Name: "Ann", Seed: 8, Timeout: 5,
		Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Robot}, {Kind: online.Robot}},
		Options: []string{"NumRounds=1"},
		Save: func(s online.Saved) {
			mu.Lock()
			saved = &s
			mu.Unlock()
		},
	}
	h, err := online.NewHost(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ann := newPlayer(t, "Ann", h.Conn(), 0, 1)
	g := join(t, ep, h.Room(), "Bob", relay.DialOptions{})
	bob := newPlayer(t, "Bob", g.Conn(), 0, 2)
	defer func() { bob.c.Close() }()

	deadline := time.Now().Add(gameTime)
	bobDone := make(chan error, 1)
	reconnects := 0
	go func() {
		err := bob.play(deadline, nil)
		for errors.Is(err, online.ErrReconnect) {
			reconnects++
			// The host came back: a new client on a new connection.
			bob.w.check(t, "Bob before the host's reload")
			bob.c.Close()
			bob = newPlayer(t, "Bob", g.Conn(), g.Session().ID, 4)
			err = bob.play(deadline, nil)
		}
		bobDone <- err
	}()
	if err := ann.play(deadline, countDiscards(15)); !errors.Is(err, errStopped) {
		t.Fatalf("Ann's game ended early: %v", err)
	}
	// The host's page reloads: its connection vanishes, everything stops.
	// No redial may get through first: the host redials a lost relay
	// connection, and closing that new one would end the room cleanly.
	k.gone()
	ann.c.Close()
	h.Close()
	mu.Lock()
	sv := saved
	mu.Unlock()
	if sv == nil || sv.HostID == 0 || len(sv.Robots) != 2 || sv.Room != h.Room() {
		t.Fatalf("saved game %+v", sv)
	}

	cfg.Resume = sv
	var k2 cutter // the reloaded page's network works
	cfg.Dial = k2.opts()
	h2 := startHost(t, cfg)
	if h2.Room() != h.Room() || h2.ID() != sv.HostID {
		t.Fatalf("resumed room %q id %d, want %q %d", h2.Room(), h2.ID(), h.Room(), sv.HostID)
	}
	ann2 := newPlayer(t, "Ann", h2.Conn(), h2.ID(), 5)
	defer ann2.c.Close()
	if err := ann2.play(deadline, nil); err != nil {
		t.Error(err)
	}
	if err := <-bobDone; err != nil {
		t.Error(err)
	}
	if reconnects != 1 {
		t.Errorf("Bob reconnected %d times, want 1", reconnects)
	}
	bob.w.check(t, "Bob after the host's reload")
	sameScores(t, ann2, bob)
	if ann2.c.ID() != sv.HostID {
		t.Errorf("the host came back as %d, was %d", ann2.c.ID(), sv.HostID)
	}
}

// TestLeakCheck makes sure the wire check would see a leak.
func TestLeakCheck(t *testing.T) {
	tests := []struct {
		ev   engine.Event
		leak bool
	}{
		{engine.CPlayerDraws{ID: 2, Tile: engine.Blank}, false},
		{engine.CPlayerDraws{ID: 1, Tile: 0x21}, false},
		{engine.CPlayerDraws{ID: 2, Tile: 0x21}, true},
		{engine.CPlayerDrawsLoose{ID: 3, Tile: 0x21}, true},
		{engine.CSwapTile{ID: 2, Old: 0x21, New: 0x22}, true},
		{engine.CWall{}, true},
		{engine.CMessage{Sender: 2, Addressee: 3, Text: "psst"}, true},
		{engine.CMessage{Sender: 2, Text: "hello all"}, false},
		{engine.CPlayerDoesntClaim{ID: 4, Serial: 3}, true},
	}
	for _, tc := range tests {
		if got := leak(1, tc.ev) != ""; got != tc.leak {
			t.Errorf("%q: leak %v, want %v", tc.ev.String(), got, tc.leak)
		}
	}
}

func TestNormalizeCode(t *testing.T) {
	if got := online.NormalizeCode(" abcd-efgh 2345 "); got != "ABCDEFGH2345" {
		t.Errorf("got %q", got)
	}
}
