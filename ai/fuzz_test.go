package ai_test

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/engine/protocol"
)

// A robot is only ever asked about a view that accepted every message
// so far (ai/player stops at the first one it cannot apply), but a
// server may be buggy or hostile: it may skip, repeat or reorder
// messages, or name tiles and players that do not fit. FuzzRespond
// takes the messages one seat received in a real game, changes them as
// its input says, and feeds them to a fresh view and robot until the
// view refuses one. The robot must never panic, and everything it
// answers must be a request that reads back as itself.
//
// seed picks the recorded game (its low three bits: one of eight), the
// robot's level (the bits above the low byte) and its noise; data is a
// list of changes (mutate).
func FuzzRespond(f *testing.F) {
	for _, seed := range []uint64{0x0001, 0x0102, 0x0203, 0x0304, 0x0405} {
		f.Add(seed, []byte{})
	}
	f.Add(uint64(0x0306), []byte{3, 40, 7, 0, 60, 0, 1, 80, 0, 2, 90, 0})
	f.Add(uint64(0x0407), []byte{4, 30, 2, 3, 31, 130, 3, 120, 9})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		respondTo(t, seed, data)
	})
}

// TestRespondMutated runs FuzzRespond's check over programs made by a
// simple generator, so that the ordinary test run covers it too.
func TestRespondMutated(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 6
	}
	for i := range n {
		r := engine.NewRand(int64(i + 1))
		data := make([]byte, 3*(1+i%12))
		for j := range data {
			data[j] = byte(r.Index(256))
		}
		seed := uint64(r.Index(1<<16))<<8 | uint64(i%8)
		t.Run(fmt.Sprintf("%#x", seed), func(t *testing.T) { respondTo(t, seed, data) })
	}
}

func respondTo(t *testing.T, seed uint64, data []byte) {
	evs := mutate(recorded(t, int(seed&7)+1), data)
	level := ai.Level(int(seed>>8) % (int(ai.Expert) + 1))
	r := ai.New(ai.Options{Level: level, Seed: seed})
	v := engine.NewView()
	for i, ev := range evs {
		if err := v.Apply(ev); err != nil {
			return
		}
		for _, a := range r.Respond(v, ev) {
			back, err := protocol.ParseAction(a.String())
			if err != nil || back.String() != a.String() {
				t.Fatalf("message %d %q: %v answered %q, which reads back as %v (%v)", i, ev.String(), level, a.String(), back, err)
			}
		}
	}
}

var (
	recordedMu    sync.Mutex
	recordedGames = map[int][]engine.Event{}
)

// recorded returns the messages the first seat received in the first
// hands of the game of seed between four Medium robots (kept for the
// next call).
func recorded(t *testing.T, seed int) []engine.Event {
	t.Helper()
	recordedMu.Lock()
	defer recordedMu.Unlock()
	if evs, ok := recordedGames[seed]; ok {
		return evs
	}
	var opts [engine.NumSeats]ai.Options
	for i := range opts {
		opts[i] = ai.Options{Level: ai.Medium, Seed: uint64(seed*4 + i)}
	}
	var evs []engine.Event
	hands := 0
	tb := newTableSeen(t, engine.ServerOptions{Seed: seed}, opts, nil, func(seat int, ev engine.Event) {
		if seat != 0 {
			return
		}
		if _, ok := ev.(engine.CNewHand); ok {
			hands++
		}
		evs = append(evs, ev)
	})
	for hands <= 3 && !tb.c.GameOver() && len(tb.queue) > 0 {
		q := tb.queue[0]
		tb.queue = tb.queue[1:]
		if err := tb.send(q.seat, q.a); err != nil {
			t.Fatal(err)
		}
	}
	if hands < 2 {
		t.Fatalf("game %d: %d hands recorded", seed, hands)
	}
	recordedGames[seed] = evs
	return evs
}

// mutate returns a copy of evs changed by data, read three bytes at a
// time as (change, where, what): drop the message at where, repeat it,
// swap it with the next, put the tile what in place of one of its tiles,
// or the number what in place of one of its numbers.
func mutate(evs []engine.Event, data []byte) []engine.Event {
	out := append([]engine.Event(nil), evs...)
	for len(data) >= 3 && len(out) > 1 {
		op, at, what := data[0], int(data[1])*len(out)/256, int(data[2])
		data = data[3:]
		switch op % 5 {
		case 0:
			out = append(out[:at], out[at+1:]...)
		case 1:
			out = append(out[:at+1], out[at:]...)
		case 2:
			if at+1 < len(out) {
				out[at], out[at+1] = out[at+1], out[at]
			}
		case 3:
			out[at] = rewrite(out[at], what, func(tok string) bool {
				_, err := engine.ParseTile(tok)
				return err == nil && len(tok) == 2
			}, ai.TileOf(what%ai.NumKinds).String())
		case 4:
			out[at] = rewrite(out[at], what, func(tok string) bool {
				_, err := strconv.Atoi(tok)
				return err == nil
			}, strconv.Itoa(what%16-2))
		}
	}
	return out
}

// rewrite replaces the k-th token of ev's line (counting those match
// accepts, k taken modulo their number) by with; ev itself when the new
// line does not parse.
func rewrite(ev engine.Event, k int, match func(string) bool, with string) engine.Event {
	toks := strings.Split(ev.String(), " ")
	var idx []int
	for i, tok := range toks {
		if i > 0 && match(tok) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return ev
	}
	toks[idx[k%len(idx)]] = with
	if e, err := protocol.ParseEvent(strings.Join(toks, " ")); err == nil {
		return e
	}
	return ev
}
