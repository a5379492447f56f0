//go:build !js

package online_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mahjong/game/online"
	"mahjong/relay"
)

// TestHostRelayBlip cuts the host's relay connection mid-game, without a
// close handshake, as a network blip does: the host comes back to its
// room by itself, the guest is told and connects again to its seat, and
// the game is played to its end with both sides agreeing on the scores.
func TestHostRelayBlip(t *testing.T) {
	ep := newRelay(t)
	var k cutter
	h := startHost(t, online.HostConfig{
		Endpoint: ep, Pace: -1, Dial: k.opts(), Name: "Ann", Seed: 12, Timeout: 5,
		Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Robot}, {Kind: online.Robot}},
		Options: []string{"NumRounds=1"},
	})
	ann := newPlayer(t, "Ann", h.Conn(), 0, 1)
	defer ann.c.Close()
	g := join(t, ep, h.Room(), "Bob", relay.DialOptions{})
	bob := newPlayer(t, "Bob", g.Conn(), 0, 2)
	defer func() { bob.c.Close() }()
	first := h.RelayClient()

	deadline := time.Now().Add(gameTime)
	bobDone := make(chan error, 1)
	reconnects := 0
	go func() {
		err := bob.play(deadline, nil)
		for errors.Is(err, online.ErrReconnect) {
			reconnects++
			bob.w.check(t, "Bob before the blip")
			bob.c.Close()
			bob = newPlayer(t, "Bob", g.Conn(), g.Session().ID, 3)
			err = bob.play(deadline, nil)
		}
		bobDone <- err
	}()
	if err := ann.play(deadline, countDiscards(12)); !errors.Is(err, errStopped) {
		t.Fatalf("Ann's game ended early: %v", err)
	}
	k.cut()
	if err := ann.play(deadline, nil); err != nil {
		t.Error(err)
	}
	if err := <-bobDone; err != nil {
		t.Error(err)
	}
	if reconnects != 1 {
		t.Errorf("Bob reconnected %d times, want 1", reconnects)
	}
	if h.RelayClient() == first {
		t.Error("the host still holds its first relay connection")
	}
	bob.w.check(t, "Bob after the blip")
	sameScores(t, ann, bob)
}

// TestHostRedialGivesUpOnClose closes a host while it is trying to come
// back to a relay that has gone: Close returns at once.
func TestHostRedialGivesUpOnClose(t *testing.T) {
	ep := newRelay(t)
	var k cutter
	h, err := online.NewHost(context.Background(), online.HostConfig{
		Endpoint: ep, Pace: -1, Dial: k.opts(), Name: "Ann", Seed: 3,
		Seats: [3]online.Seat{{Kind: online.Person}, {Kind: online.Person}, {Kind: online.Person}},
	})
	if err != nil {
		t.Fatal(err)
	}
	k.gone()
	done := make(chan error, 1)
	go func() { done <- h.Close() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return while the host was redialling")
	}
}
