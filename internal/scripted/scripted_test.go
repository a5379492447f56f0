package scripted_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/scripted"
)

// dealt returns the messages player me (ids 1-4 sit East to North)
// receives up to the end of the deal of a first hand in which it holds the
// tiles of hand, the last of them in the order dealt. The deal ends with
// East's fourteenth tile.
func dealt(t *testing.T, me int, hand string) []string {
	t.Helper()
	ts, err := engine.ParseTiles(hand)
	if err != nil {
		t.Fatal(err)
	}
	if want := 13 + map[bool]int{true: 1}[me == 1]; len(ts) != want {
		t.Fatalf("player %d is dealt %d tiles, want %d", me, len(ts), want)
	}
	lines := []string{fmt.Sprintf("ConnectReply 1110 %d ", me)}
	for id := 1; id <= 4; id++ {
		if id != me {
			lines = append(lines, fmt.Sprintf("Player %d P%d", id, id))
		}
	}
	lines = append(lines, "Game 1 2 3 4 E 0 1 0 0 0 0 1110 1", "NewHand 1 0 0")
	draw := func(id, i int) {
		tile := "--"
		if id == me {
			tile = ts[i].String()
		}
		lines = append(lines, fmt.Sprintf("PlayerDraws %d %s", id, tile))
	}
	for id := 1; id <= 4; id++ {
		for i := range 13 {
			draw(id, i)
		}
	}
	draw(1, 13)
	return lines
}

func apply(t *testing.T, g *engine.Game, lines ...string) engine.Event {
	t.Helper()
	var ev engine.Event
	for _, l := range lines {
		var err error
		ev, err = protocol.ParseEvent(l)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(ev, false); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	return ev
}

// declared finishes the declaring phase without flowers.
var declared = []string{
	"PlayerDeclaresSpecial 1 --", "PlayerDeclaresSpecial 2 --",
	"PlayerDeclaresSpecial 3 --", "PlayerDeclaresSpecial 4 --",
}

// started also ends the pause before play.
var started = append(declared[:4:4], "Pause 1 0 to start play", "PlayerReady 2", "PlayerReady 3", "PlayerReady 4")

const (
	waits5C = "4C 6C 1B 2B 3B 4B 5B 6B 7B 8B 9B 2D 2D" // 4C 5C 6C completes it
	junk    = "1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD"
)

func TestRespond(t *testing.T) {
	tests := []struct {
		name   string
		me     int
		hand   string
		events []string // the last is the one answered
		want   string   // the actions, "; " between
	}{
		{name: "ready to start", me: 3, hand: junk, events: []string{"Pause 0 0 to start hand"}, want: "Ready"},
		{name: "ready to play", me: 2, hand: junk, events: append(declared, "Pause 1 0 to start play"), want: "Ready"},
		{name: "exempt from the pause", me: 1, hand: junk + " 5C", events: append(declared, "Pause 1 0 to start play"), want: ""},
		{name: "already ready", me: 2, hand: junk, events: append(declared, "Pause 1 0 to start play", "PlayerReady 2", "Pause 0 0 again"), want: "Ready"},
		{name: "East declares first", me: 1, hand: junk + " 5C", want: "DeclareSpecial --"},
		{name: "others wait", me: 4, hand: junk, want: ""},
		{name: "declare a flower", me: 2, hand: "1F " + junk[3:], events: []string{"PlayerDeclaresSpecial 1 --"}, want: "DeclareSpecial 1F"},
		{name: "not my turn to declare", me: 3, hand: junk, events: []string{"PlayerDeclaresSpecial 1 --"}, want: ""},
		{name: "last Ready lets East discard", me: 1, hand: junk + " 5C", events: started, want: "Discard 5C 0"},
		{name: "East keeps a useful tile", me: 1, hand: junk + " 2C", events: started, want: "Discard 1B 0"},
		{name: "East goes out at once", me: 1, hand: waits5C + " 5C", events: started, want: "MahJong 0"},
		{name: "claim to go out", me: 3, hand: waits5C, events: append(started, "PlayerDiscards 1 5C 1 0"), want: "MahJong 1"},
		{name: "pass a discard", me: 3, hand: waits5C, events: append(started, "PlayerDiscards 1 7C 1 0"), want: "NoClaim 1"},
		{name: "own discard", me: 1, hand: junk + " 5C", events: append(started, "PlayerDiscards 1 5C 1 0"), want: ""},
		{name: "let a kong pass", me: 2, hand: waits5C,
			events: append(started, "PlayerDiscards 1 NW 1 0", "PlayerDraws 2 GD", "PlayerDiscards 2 GD 2 0", "PlayerDraws 3 --", "PlayerDeclaresClosedKong 3 5C 3"),
			want:   "NoClaim 3"},
		{name: "throw the least useful tile", me: 2, hand: "1B 2B 3B 5C 5C 7D 8D EW EW EW RD GD 9C",
			events: append(started, "PlayerDiscards 1 WD 1 0", "PlayerDraws 2 4B"), want: "Discard RD 0"},
		{name: "throw the tile drawn among equals", me: 2, hand: "1B 2B 3B 5C 5C 7D 8D EW EW EW RD GD 9C",
			events: append(started, "PlayerDiscards 1 WD 1 0", "PlayerDraws 2 NW"), want: "Discard NW 0"},
		{name: "declare a flower drawn", me: 2, hand: junk,
			events: append(started, "PlayerDiscards 1 2C 1 0", "PlayerDraws 2 3S"), want: "DeclareSpecial 3S"},
		{name: "place the discard claimed", me: 3, hand: waits5C,
			events: append(started, "PlayerDiscards 1 5C 1 0", "PlayerClaimsMahJong 3 1", "PlayerMahJongs 3 --"), want: "Chow 0 Middle"},
		{name: "declare the rest", me: 3, hand: waits5C,
			events: append(started, "PlayerDiscards 1 5C 1 0", "PlayerClaimsMahJong 3 1", "PlayerMahJongs 3 --", "PlayerChows 3 5C Middle"),
			want:   "FormClosedChow 1B"},
		{name: "show after the winner's score", me: 2, hand: junk,
			events: append(started, "PlayerDiscards 1 5C 1 0", "PlayerClaimsMahJong 3 1", "PlayerMahJongs 3 --",
				"PlayerChows 3 5C Middle", "PlayerFormsClosedChow 3 1B", "PlayerFormsClosedChow 3 4B", "PlayerFormsClosedChow 3 7B",
				"PlayerFormsClosedPair 3 2D", "HandScore 3 28 text"),
			want: "ShowTiles"},
		{name: "no show before it", me: 2, hand: junk,
			events: append(started, "PlayerDiscards 1 5C 1 0", "PlayerClaimsMahJong 3 1", "PlayerMahJongs 3 --",
				"PlayerChows 3 5C Middle", "PlayerFormsClosedChow 3 1B"),
			want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := engine.NewGame()
			ev := apply(t, g, append(dealt(t, tt.me, tt.hand), tt.events...)...)
			var got []string
			for _, a := range scripted.Respond(g, tt.me, ev) {
				got = append(got, a.String())
			}
			if s := strings.Join(got, "; "); s != tt.want {
				t.Errorf("got %q, want %q", s, tt.want)
			}
		})
	}
}

func TestPlayErrors(t *testing.T) {
	c := engine.NewController(engine.ServerOptions{Seed: 1})
	if err := scripted.Play(c, [4]string{"Ann", "Bob", "Cat", "Dan"}, 100); !errors.Is(err, scripted.ErrSteps) {
		t.Errorf("Play with 100 steps: %v, want ErrSteps", err)
	}
	c = engine.NewController(engine.ServerOptions{Seed: 1})
	tb := scripted.NewTable(c)
	if err := tb.Connect([4]string{"Ann", "Bob", "Cat", "Dan"}); err != nil {
		t.Fatal(err)
	}
	if err := tb.Send(tb.Seats[0].Cnx, engine.PDiscard{Tile: engine.RedDragon}); !errors.Is(err, scripted.ErrRefused) {
		t.Errorf("illegal discard: %v, want ErrRefused", err)
	}
	tb.Forget(tb.Seats[1].Cnx)
	for {
		ok, err := tb.Step()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
	}
	if err := tb.Run(1000); !errors.Is(err, scripted.ErrStalled) {
		t.Errorf("Run after a seat forgot its Ready: %v, want ErrStalled", err)
	}
}

func ExamplePlay() {
	c := engine.NewController(engine.ServerOptions{Seed: 1})
	if err := scripted.Play(c, [4]string{"Ann", "Bob", "Cat", "Dan"}, 1_000_000); err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range c.FinalScores() {
		fmt.Println(p.Name, p.CumulativeScore)
	}
	// Output:
	// Ann 404
	// Bob -148
	// Cat -196
	// Dan -60
}
