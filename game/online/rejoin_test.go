//go:build !js

package online_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/online"
	"mahjong/relay"
)

// transcript keeps the last lines a table's connections received and
// sent, to show when a game goes wrong.
type transcript struct {
	mu    sync.Mutex
	lines []string
}

func (tr *transcript) add(s string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.lines) == 400 {
		tr.lines = append(tr.lines[:0], tr.lines[200:]...)
	}
	tr.lines = append(tr.lines, s)
}

func (tr *transcript) log(t *testing.T) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	for _, l := range tr.lines[max(0, len(tr.lines)-150):] {
		t.Log(l)
	}
}

// taped records one connection's traffic in a transcript.
type taped struct {
	protocol.LineConn
	who string
	tr  *transcript
}

func (c *taped) ReadLine() (string, error) {
	l, err := c.LineConn.ReadLine()
	if err != nil {
		c.tr.add(c.who + " <- (" + err.Error() + ")")
	} else {
		c.tr.add(c.who + " <- " + l)
	}
	return l, err
}

func (c *taped) WriteLine(l string) error {
	c.tr.add(c.who + " -> " + l)
	return c.LineConn.WriteLine(l)
}

// TestGuestRejoinsAnywhere cuts a guest's network after a random number
// of messages (so at any point of a hand: dealing, declaring, a claim
// window, a kong, the declarations after mah-jong, the pause between
// hands) and brings it back at once on a new page. Every player, the
// robot included, must play on to the end and agree on the scores: a
// request refused while play was suspended must not leave a seat owing
// a move, and one sent during the pause that follows the return must not
// go twice.
func TestGuestRejoinsAnywhere(t *testing.T) {
	ep := newRelay(t)
	r := rand.New(rand.NewPCG(26, 1))
	cuts := 24
	if testing.Short() {
		cuts = 8
	}
	for i := range cuts {
		at := 1 + r.IntN(600)
		t.Run(fmt.Sprintf("seed %d after message %d", 40+i, at), func(t *testing.T) {
			rejoinAfter(t, ep, 40+i, at)
		})
	}
}

// rejoinAfter plays one game of seed in which Bob's page loses its
// network after at messages and rejoins.
func rejoinAfter(t *testing.T, ep string, seed, at int) {
	h := startHost(t, online.HostConfig{
		Endpoint: ep, Pace: -1, Name: "Ann", Seed: seed, Timeout: 5,
		Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Person}, {Kind: online.Robot}},
		Options: []string{"NumRounds=1"},
	})
	var tr transcript
	defer func() {
		if t.Failed() {
			tr.log(t)
		}
	}()
	ann := newPlayer(t, "Ann", &taped{h.Conn(), "Ann", &tr}, 0, 1)
	defer ann.c.Close()
	var kb, kc cutter
	g := join(t, ep, h.Room(), "Bob", kb.opts())
	defer g.Close()
	bob := newPlayer(t, "Bob", &taped{g.Conn(), "Bob", &tr}, 0, 2)
	defer bob.c.Close()
	gc := join(t, ep, h.Room(), "Cat", kc.opts())
	defer gc.Close()
	cat := newPlayer(t, "Cat", &taped{gc.Conn(), "Cat", &tr}, 0, 3)
	defer cat.c.Close()

	deadline := time.Now().Add(gameTime)
	errs := make(chan error, 2)
	go func() { errs <- ann.play(deadline, nil) }()
	go func() { errs <- cat.play(deadline, nil) }()
	n := 0
	last := bob
	err := bob.play(deadline, func(engine.Event) bool { n++; return n == at })
	if errors.Is(err, errStopped) {
		s := g.Session()
		kb.gone()
		bob.c.Close()
		<-g.Done()
		bob.w.check(t, "Bob before the cut")
		var k2 cutter // the new page's network works
		g2, rerr := online.Rejoin(context.Background(), s, k2.opts())
		if rerr != nil {
			t.Fatal(rerr)
		}
		defer g2.Close()
		bob2 := newPlayer(t, "Bob", &taped{g2.Conn(), "Bob again", &tr}, s.ID, 4)
		defer bob2.c.Close()
		last = bob2
		err = bob2.play(deadline, nil)
	}
	if err != nil {
		t.Error(err)
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		return
	}
	last.w.check(t, "Bob")
	cat.w.check(t, "Cat")
	sameScores(t, ann, last)
	sameScores(t, ann, cat)
	if err := h.Err(); err != nil {
		t.Error(err)
	}
}

// TestRejoinDropsTheOldStream: the host writes to a guest's id before it
// has heard that the guest came back on a new connection; the relay
// delivers those lines to the new one. They are the old connection's
// tail, and the new connection's reader starts at the controller's
// answer to its Connect.
func TestRejoinDropsTheOldStream(t *testing.T) {
	ep := newRelay(t)
	ctx := context.Background()
	host, err := relay.Create(ctx, ep, relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	g, err := online.Join(ctx, ep, host.Room(), "Bob", relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := g.Session()
	g.Close()
	<-g.Done()
	g2, err := online.Rejoin(ctx, s, relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Close()
	conn := g2.Conn()
	// The guest's id is 1 both times; the host has read no notice yet.
	for _, l := range []string{"PlayerDraws 3 2D", "PlayerDiscards 3 2D 7 0", "ConnectReply 1110 3", "PlayerDraws 3 5B"} {
		if err := host.WriteTo(1, l); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"ConnectReply 1110 3", "PlayerDraws 3 5B"} {
		got, err := conn.ReadLine()
		if err != nil || got != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
	}
	if id := g2.Session().ID; id != 3 {
		t.Errorf("session id %d after the reply, want 3", id)
	}
}
