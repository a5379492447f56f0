package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"mahjong/ai"
	"mahjong/engine"
)

// TestRobotsResumeAfterReturn cuts one robot's connection at random
// points of seeded games and brings it back on a new connection with a
// new robot, as a player's program restarts. While the game is
// suspended the others' requests are refused ("Game not active"); once
// everybody is Ready again, each robot must do whatever the table still
// waits for from it (its turn, a claim, the position of a chow, its
// declaration after mah-jong), or the game stalls.
func TestRobotsResumeAfterReturn(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games, cuts := 6, 8
	if testing.Short() {
		games, cuts = 3, 6
	}
	opts := [engine.NumSeats]ai.Options{{Level: ai.Hard}, {Level: ai.Medium}, {Level: ai.Hard}, {Level: ai.Easy}}
	gameOpts := map[string]string{"NumRounds": "1"}
	for g := 0; g < games; g++ {
		seed := 500 + g
		// The length of the uncut game bounds the cut points.
		full := newTable(t, engine.ServerOptions{Seed: seed}, opts, gameOpts)
		if err := full.run(200000); err != nil {
			t.Fatalf("seed %d uncut: %v", seed, err)
		}
		for c := 0; c < cuts; c++ {
			at := 20 + rng.IntN(full.steps-20)
			seat := rng.IntN(engine.NumSeats)
			tb := newTable(t, engine.ServerOptions{Seed: seed}, opts, gameOpts)
			tb.lenient = true
			if err := tb.cutAndReturn(at, seat, opts[seat]); err != nil {
				t.Errorf("seed %d, seat %d cut at step %d: %v", seed, seat, at, err)
				continue
			}
			if err := tb.run(200000); err != nil {
				t.Errorf("seed %d, seat %d cut at step %d: %v", seed, seat, at, err)
			}
		}
	}
}

// cutAndReturn plays to step at, drops seat's connection, lets the
// others' pending requests be refused, then reconnects the seat under its
// id with a fresh view and robot.
func (tb *table) cutAndReturn(at, seat int, o ai.Options) error {
	for tb.steps < at && !tb.c.GameOver() {
		if len(tb.queue) == 0 {
			return nil
		}
		r := tb.queue[0]
		tb.queue = tb.queue[1:]
		if err := tb.send(r.seat, r.a); err != nil {
			return err
		}
	}
	if tb.c.GameOver() {
		return nil
	}
	id := tb.views[seat].ID
	if err := tb.deliver(seat, nil, tb.c.Lost(tb.cnx[seat])); err != nil {
		return err
	}
	delete(tb.byCnx, tb.cnx[seat])
	// What the seat had still to send is lost with its connection; the
	// others' requests meet the suspended game.
	kept := tb.queue[:0]
	for _, r := range tb.queue {
		if r.seat != seat {
			kept = append(kept, r)
		}
	}
	tb.queue = kept
	for len(tb.queue) > 0 {
		r := tb.queue[0]
		tb.queue = tb.queue[1:]
		if err := tb.send(r.seat, r.a); err != nil {
			return err
		}
	}
	cnx, outs := tb.c.Accept()
	if cnx < 0 {
		return fmt.Errorf("reconnect refused: %v", outs)
	}
	tb.cnx[seat] = cnx
	tb.byCnx[cnx] = seat
	tb.views[seat] = engine.NewView()
	tb.robots[seat] = ai.New(o)
	return tb.send(seat, engine.PConnect{Version: engine.ProtocolVersion, LastID: id, Name: "back"})
}
