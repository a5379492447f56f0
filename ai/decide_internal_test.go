package ai

import (
	"strings"
	"testing"

	"mahjong/engine"
)

// position is a table for known-answer tests: we are player 1 in seat
// seat; melds are written "Pung 5B" / "Chow 1C" per player.
type position struct {
	seat  engine.Seat
	hand  string
	melds [engine.NumSeats][]string
	used  int // live tiles drawn so far
	// tiles already discarded in the hand: they set how far the hand
	// has gone, for the race against the others
	discarded string
}

func (ps position) view(t testing.TB) *engine.View {
	t.Helper()
	v := engine.NewView()
	v.ID = 1
	g := v.Game
	g.Options = engine.DefaultOptions()
	g.Round = engine.East
	for i := range g.Players {
		p := g.Players[i]
		p.NewHand(engine.Seat(i).Wind())
		p.ID = 2 + (i-int(ps.seat)+3)%4
		if engine.Seat(i) == ps.seat {
			p.ID = 1
		}
		p.NumConcealed = 13
		for j, m := range ps.melds[i] {
			f := strings.Fields(m)
			tile, err := engine.ParseTile(f[1])
			if err != nil {
				t.Fatal(err)
			}
			kind := map[string]engine.MeldKind{"Pung": engine.Pung, "Chow": engine.Chow, "Kong": engine.Kong,
				"ClosedKong": engine.ClosedKong}[f[0]]
			p.Melds[j] = engine.Meld{Kind: kind, Tile: tile}
			p.NumConcealed -= 3
			n := 3
			if kind == engine.Kong || kind == engine.ClosedKong {
				n = 4
			}
			for d := range n {
				x := tile
				if kind == engine.Chow {
					x += engine.Tile(d)
				}
				g.ExposedCount[x]++
			}
		}
	}
	me := g.Players[ps.seat]
	me.Hidden = false
	ts, err := engine.ParseTiles(ps.hand)
	if err != nil {
		t.Fatal(err)
	}
	me.NumConcealed = copy(me.Concealed[:], ts)
	g.Wall = *engine.NewWall(make(engine.Tiles, engine.WallSize(true)), true, true)
	g.Wall.LiveUsed = max(53, ps.used)
	g.Phase = engine.Discarding
	g.Player = ps.seat
	g.Whence = engine.FromWall
	if len(ts) > 0 {
		g.Tile = ts[len(ts)-1]
	}
	g.Active = true
	ds, err := engine.ParseTiles(ps.discarded)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		g.ExposedCount[d]++
		g.DiscardedCount[d]++
	}
	return v
}

// offer puts the discard d of seat from before the other players
// (claims answer serial 7) and returns the event that announces it.
func offer(v *engine.View, from engine.Seat, d engine.Tile) engine.Event {
	g := v.Game
	g.Phase, g.Player, g.Tile, g.Serial = engine.Discarded, from, d, 7
	return engine.CPlayerDiscards{ID: g.Players[from].ID, Tile: d, Serial: 7}
}

func actionsString(as []engine.Action) string {
	var s []string
	for _, a := range as {
		s = append(s, a.String())
	}
	return strings.Join(s, "; ")
}

// midHand is 24 discards, none of them a suit tile: a hand half-way
// through, when the others may be near going out.
const midHand = "EW EW EW EW SW SW SW SW WW WW WW WW NW NW NW NW RD RD RD RD WD WD WD WD"

// TestKnownAnswers checks curated positions with an expected choice.
func TestKnownAnswers(t *testing.T) {
	tests := []struct {
		name    string
		pos     position
		discard string // another player's discard to answer (else our move)
		from    engine.Seat
		want    string
		not     bool // want is what must NOT be done
	}{
		{name: "take mah-jong from the wall",
			pos:  position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 4D 5C 5C"},
			want: "MahJong 0"},
		{name: "take mah-jong on a discard",
			pos:     position{seat: 1, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C", discarded: midHand},
			discard: "4D", from: 3, want: "MahJong 7"},
		// the first discard of the hand: nobody else is near going out,
		// and a drawn 1D or 4D doubles the hand (fully concealed)
		{name: "let an early discard go for the concealed hand",
			pos:     position{seat: 1, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C"},
			discard: "4D", from: 3, want: "NoClaim 7"},
		{name: "chow for mah-jong out of turn",
			pos:     position{seat: 2, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C", discarded: midHand},
			discard: "1D", from: 0, want: "MahJong 7"},
		{name: "do not spoil the no-score hand",
			pos:     position{seat: 1, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C"},
			discard: "5C", from: 3, want: "NoClaim 7"},
		{name: "pung a dragon",
			pos:     position{seat: 1, hand: "1B 2B 3B 4C 5C 7C 7D 8D 9D 2D RD RD NW"},
			discard: "RD", from: 3, want: "Pung 7"},
		{name: "chow the better way",
			pos:     position{seat: 1, hand: "2B 3B 5B 6B 7B 1C 2C 3C 7D 8D EW EW NW"},
			discard: "4B", from: 0, want: "Chow 7 Upper"},
		{name: "avoid an available cannon",
			pos: position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5C 5C 9B NW",
				melds: [4][]string{1: {"Pung 2B", "Pung 5B", "Chow 6B"}}},
			want: "Discard 9B 0", not: true},
		{name: "fresh tile at the end of the wall",
			pos:  position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5C 5C 9B NW", used: 200},
			want: "Discard NW 0", not: true},
		// a robbed kong's tile is judged as a discard: at the end of
		// the wall a chow that robs it is a cannon
		{name: "add to a pung",
			pos: position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5B",
				melds: [4][]string{0: {"Pung 5B"}}},
			want: "AddToPung 5B"},
		{name: "no kong to be robbed at the end of the wall",
			pos: position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5B", used: 125,
				melds: [4][]string{0: {"Pung 5B"}}},
			want: "AddToPung 5B", not: true},
		{name: "no kong to be robbed into a one-suit hand",
			pos: position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5B",
				melds: [4][]string{0: {"Pung 5B"}, 2: {"Pung 2B", "Chow 6B", "Pung 9B"}}},
			want: "AddToPung 5B", not: true},
		{name: "declare a useless kong",
			pos:  position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D NW NW NW NW"},
			want: "DeclareClosedKong NW"},
		{name: "take a limit hand on a discard",
			pos:     position{seat: 2, hand: "EW EW EW SW SW SW RD RD RD GD GD WD WD"},
			discard: "WD", from: 0, want: "MahJong 7"},
		{name: "keep a pair of dragons",
			pos:  position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D RD RD 9B NW"},
			want: "Discard RD 0", not: true},
		{name: "pung own wind",
			pos:     position{seat: 1, hand: "1B 2B 3B 4C 5C 7C 7D 8D 9D 2D SW SW NW"},
			discard: "SW", from: 0, want: "Pung 7"},
		{name: "no dangerous tile when a safe one is at hand",
			pos: position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 5C 5C RD NW",
				melds: [4][]string{2: {"Pung GD", "Pung WD"}}},
			want: "Discard RD 0", not: true},
		// two copies of 1B unseen against three of 2D: the others keep a
		// 2 and let a terminal go (Hard without its wait weights counts
		// only the copies, throws the 1B and waits on the 2D)
		{name: "wait on a terminal rather than a 2 or an 8",
			pos: position{seat: 1, hand: "4C 5C 6C 7D 8D 9D 5B 6B 7B 2C 3C 4C 1B 2D",
				melds: [4][]string{2: {"Chow 1B"}}},
			want: "Discard 2D 0"},
		{name: "original call when ready",
			pos:  position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C NW"},
			want: "Discard NW 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.pos.view(t)
			g := v.Game
			g.Players[tt.pos.seat].NoDiscard = tt.name == "original call when ready"
			r := New(Options{Level: Hard})
			var ev engine.Event
			if tt.discard != "" {
				d, _ := engine.ParseTile(tt.discard)
				ev = offer(v, tt.from, d)
				g.ExposedCount[d]++
				g.DiscardedCount[d]++
			} else {
				ev = engine.CPlayerDraws{ID: 1, Tile: g.Tile}
			}
			got := actionsString(r.Respond(v, ev))
			if tt.not && got == tt.want || !tt.not && got != tt.want {
				t.Errorf("got %q, want %s%q\n%s", got, map[bool]string{true: "not "}[tt.not], tt.want, v)
			}
		})
	}
}

// TestDeclarations checks the winner's arrangement and a loser's sets.
func TestDeclarations(t *testing.T) {
	// Self-drawn: pungs (three concealed pungs, no chows) beat chows.
	v := position{hand: "1B 1B 1B 2B 2B 2B 3B 3B 3B 4C 4C 7D 8D 9D"}.view(t)
	g := v.Game
	g.Phase = engine.MahJonging
	r := New(Options{})
	if got := actionsString(r.Respond(v, engine.CPlayerMahJongs{ID: 1, Tile: engine.NewTile(engine.Circles, 9)})); got != "FormClosedPung 1B" {
		t.Errorf("winner's first set: %q", got)
	}
	// A claimed tile that can sit in a pung or a chow.
	v = position{hand: "1B 1B 2B 3B 4B 4C 5C 6C 7D 8D 9D 5D 5D"}.view(t)
	g = v.Game
	g.Phase = engine.MahJonging
	g.MahJongPending = true
	g.Tile = engine.NewTile(engine.Bamboo, 1)
	g.Whence = engine.FromDiscard
	if got := actionsString(r.Respond(v, engine.CPlayerMahJongs{ID: 1})); got != "Pung 0" {
		t.Errorf("placing the claimed tile: %q", got)
	}
	// A loser declares its concealed pung, then shows.
	v = position{seat: 1, hand: "1B 1B 1B 3B 4C 5C 6C 7D 8D 9D 5D RD RD"}.view(t)
	g = v.Game
	g.Phase = engine.MahJonging
	g.Player = 0
	g.Players[0].HandScore = 40
	if got := actionsString(r.Respond(v, engine.CHandScore{ID: g.Players[0].ID, Score: 40})); got != "FormClosedPung 1B" {
		t.Errorf("loser's first declaration: %q", got)
	}
	g.Players[1].Melds[0] = engine.Meld{Kind: engine.ClosedPung, Tile: engine.NewTile(engine.Bamboo, 1)}
	ts, _ := engine.ParseTiles("3B 4C 5C 6C 7D 8D 9D 5D RD RD")
	g.Players[1].NumConcealed = copy(g.Players[1].Concealed[:], ts)
	if got := actionsString(r.Respond(v, engine.CPlayerFormsClosedPung{ID: 1, Tile: engine.NewTile(engine.Bamboo, 1)})); got != "FormClosedPair RD" {
		t.Errorf("loser's second declaration: %q", got)
	}
}

func TestParseLevel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Level
		ok   bool
	}{{"hard", Hard, true}, {"Expert", Expert, true}, {"1", Beginner, true}, {" medium ", Medium, true}, {"bogus", 0, false}, {"0", 0, false}} {
		got, err := ParseLevel(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseLevel(%q) = %v, %v", tt.in, got, err)
		}
	}
	if _, ok := PresetStyle("pung hunter"); !ok {
		t.Error("no Pung hunter preset")
	}
}

// benchDecision measures one decision: ev answered in position ps.
func benchDecision(b *testing.B, ps position, discard string, level Level) {
	v := ps.view(b)
	g := v.Game
	var ev engine.Event = engine.CPlayerDraws{ID: 1, Tile: g.Tile}
	if discard != "" {
		d, _ := engine.ParseTile(discard)
		ev = offer(v, (ps.seat+3)%engine.NumSeats, d)
	}
	r := New(Options{Level: level})
	r.Respond(v, ev)
	b.ReportAllocs()
	for b.Loop() {
		r.Respond(v, ev)
	}
}

func BenchmarkDiscardEarly(b *testing.B) {
	benchDecision(b, position{hand: "1B 2B 5B 7B 9B 2C 3C 8C 4D 4D 6D EW RD GD"}, "", Hard)
}

func BenchmarkDiscardReady(b *testing.B) {
	benchDecision(b, position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C NW"}, "", Hard)
}

func BenchmarkDiscardOneAway(b *testing.B) {
	benchDecision(b, position{hand: "1B 2B 3B 4C 5C 7C 7D 8D 2D 3D 5C 5C 9B NW"}, "", Hard)
}

func BenchmarkClaim(b *testing.B) {
	benchDecision(b, position{seat: 1, hand: "2B 3B 5B 6B 7B 1C 2C 3C 7D 8D EW EW NW"}, "4B", Hard)
}

func BenchmarkClaimPass(b *testing.B) {
	benchDecision(b, position{seat: 1, hand: "2B 3B 5B 6B 7B 1C 2C 3C 7D 8D EW EW NW"}, "9D", Hard)
}

func BenchmarkKong(b *testing.B) {
	benchDecision(b, position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D NW NW NW NW"}, "", Hard)
}

func BenchmarkDeclaration(b *testing.B) {
	v := position{hand: "1B 1B 1B 2B 2B 2B 3B 3B 3B 4C 4C 7D 8D 9D"}.view(b)
	v.Game.Phase = engine.MahJonging
	r := New(Options{})
	ev := engine.CPlayerMahJongs{ID: 1, Tile: engine.NewTile(engine.Circles, 9)}
	b.ReportAllocs()
	for b.Loop() {
		r.Respond(v, ev)
	}
}

// benchCold measures one decision by a fresh robot (no cached scores).
func benchCold(b *testing.B, ps position, level Level) {
	v := ps.view(b)
	ev := engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile}
	b.ReportAllocs()
	for b.Loop() {
		r := New(Options{Level: level})
		r.Respond(v, ev)
	}
}

func BenchmarkDiscardEarlyCold(b *testing.B) {
	benchCold(b, position{hand: "1B 2B 5B 7B 9B 2C 3C 8C 4D 4D 6D EW RD GD"}, Hard)
}

func BenchmarkDiscardTwoAwayCold(b *testing.B) {
	benchCold(b, position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD"}, Hard)
}

func BenchmarkDiscardOneAwayCold(b *testing.B) {
	benchCold(b, position{hand: "1B 2B 3B 4C 5C 7C 7D 8D 2D 3D 5C 5C 9B NW"}, Hard)
}

func BenchmarkExpertTwoAwayCold(b *testing.B) {
	benchCold(b, position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD"}, Expert)
}

func BenchmarkExpertTwoAway(b *testing.B) {
	benchDecision(b, position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD"}, "", Expert)
}

// TestLoserValuePairs: a pair adds to the losing hand's value for the
// pung it may still become, while copies of its tile are unseen (Hard);
// Medium, which ignores the losing hand, does not count it.
func TestLoserValuePairs(t *testing.T) {
	pos := position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 9B 9B NW"}
	nine, _ := engine.ParseTile("9B")
	value := func(seen int, l Level) float64 {
		v := pos.view(t)
		v.Game.ExposedCount[nine] += seen
		r := New(Options{Level: l})
		x := r.load(v)
		return r.loserValue(x, &x.hand, &x.decl)
	}
	if got := value(2, Hard); got != 0 {
		t.Errorf("a pair with no copy left scores nothing for a loser, got %v", got)
	}
	if got, want := value(0, Hard), 4*0.2*2; got < want-1e-9 || got > want+1e-9 {
		t.Errorf("a major pair with two copies unseen: got %v, want %v", got, want)
	}
	if got := value(1, Hard); got >= value(0, Hard) {
		t.Errorf("fewer unseen copies must be worth less: %v", got)
	}
	if got := value(0, Medium); got != 0 {
		t.Errorf("Medium counts no pair: got %v", got)
	}
}

// TestExplain: the robot reports what it weighed, its choice first,
// and that choice is what it plays.
func TestExplain(t *testing.T) {
	var got *Decision
	r := New(Options{Level: Hard})
	r.Explain(func(d *Decision) { got = d })

	v := position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D RD RD 9B NW"}.view(t)
	acts := r.Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile})
	if got == nil || got.Claim || got.Seq != 1 {
		t.Fatalf("discard decision: %+v", got)
	}
	if len(got.Options) != 13 { // the distinct tiles of the hand
		t.Errorf("%d options, want 13", len(got.Options))
	}
	if len(acts) != 1 || got.Options[0].Action != acts[0] {
		t.Errorf("played %v, explained %v first", acts, got.Options[0].Action)
	}
	for i := 2; i < len(got.Options); i++ {
		if got.Options[i].Value > got.Options[i-1].Value {
			t.Errorf("options after the choice are not by value: %v", got.Options)
		}
	}
	// the estimates behind each value: the hand kept by throwing the
	// lone north wind is one step from ready
	for _, w := range got.Options {
		if w.Chance <= 0 || w.Chance > 1 || w.Worth <= 0 || w.Steps < 1 {
			t.Errorf("%v: chance %v, worth %v, %d steps", w.Action, w.Chance, w.Worth, w.Steps)
		}
		if w.Action == (engine.PDiscard{Tile: mustTile(t, "NW")}) && w.Steps != 1 {
			t.Errorf("throwing the north wind keeps a hand %d steps from ready, want 1", w.Steps)
		}
	}

	ps := position{seat: 1, hand: "1B 2B 3B 4C 5C 7C 7D 8D 9D 2D RD RD NW"}
	v = ps.view(t)
	g := v.Game
	d, _ := engine.ParseTile("RD")
	g.Phase, g.Player, g.Tile, g.Serial = engine.Discarded, 3, d, 7
	g.ExposedCount[d]++
	g.DiscardedCount[d]++
	got = nil
	acts = r.Respond(v, engine.CPlayerDiscards{ID: g.Players[3].ID, Tile: d, Serial: 7})
	if got == nil || !got.Claim || got.Seq != 2 {
		t.Fatalf("claim decision: %+v", got)
	}
	if len(acts) != 1 || got.Options[0].Action != acts[0] || acts[0] != (engine.PPung{Serial: 7}) {
		t.Errorf("played %v, explained %v", acts, got.Options)
	}
	if len(got.Options) != 2 || got.Options[1].Action != (engine.PNoClaim{Serial: 7}) {
		t.Errorf("options %v, want the pung and passing", got.Options)
	}
	// passing keeps the hand two steps from ready; the pung and the best
	// discard after it, one
	for i, want := range []int{1, 2} {
		if w := got.Options[i]; w.Steps != want || w.Chance <= 0 || w.Chance > 1 || w.Worth <= 0 {
			t.Errorf("%v: %d steps (want %d), chance %v, worth %v", w.Action, w.Steps, want, w.Chance, w.Worth)
		}
	}
	// passing's draw comes a player's turn sooner (tempo.go); without
	// that, the nearer hand has the better chance
	lead := r.leadAfter(r.load(v), waiting(3, 1))
	if lead <= 1 || got.Options[0].Chance <= got.Options[1].Chance/lead {
		t.Errorf("the pung brings the hand nearer but not its chance: %v (passing's lead %v)", got.Options, lead)
	}
}

// TestLoneHonour: a lone dragon is worth more than a lone plain wind
// while it may still become a pung, and no more once two of its copies
// are out.
func TestLoneHonour(t *testing.T) {
	value := func(hand string, seen int) float64 {
		v := position{hand: hand}.view(t)
		rd, _ := engine.ParseTile("RD")
		v.Game.ExposedCount[rd] += seen
		r := New(Options{Level: Hard})
		x := r.load(v)
		return r.estimate(x, &x.hand, &x.decl, 2)
	}
	const base = "1B 2B 3B 4C 5C 7C 7D 8D 2D 3D 9B 9B "
	dragon, wind := value(base+"RD", 0), value(base+"NW", 0)
	if dragon <= wind {
		t.Errorf("lone red dragon %v, lone north wind %v: the dragon should be worth more", dragon, wind)
	}
	if got := value(base+"RD", 2); got != wind {
		t.Errorf("lone red dragon with two copies out: %v, want %v as a plain wind", got, wind)
	}
}

// TestPungFeed: a lone wind none of whose copies is out may be paired in
// another hand, a 1C two of whose copies are out hardly; Hard keeps the
// wind and throws the 1C, where without the charge for feeding pungs it
// throws the wind. The expected pairs follow the unseen copies and the
// others' concealed tiles.
func TestPungFeed(t *testing.T) {
	const hand = "1D SW 4B 5C 4C 1C WD 8C GD 5D 8B RD WD 5B"
	const seen = "6C WW 6C 4B 9B 3B 1D 1C 2B 9B EW 3D EW 9D 3D 5D 1B 6D NW 4D"
	view := func() *engine.View {
		v := position{hand: hand, used: 60}.view(t)
		ts, err := engine.ParseTiles(seen)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ts {
			v.Game.ExposedCount[x]++
			v.Game.DiscardedCount[x]++
		}
		return v
	}
	hard := func(tuning string) *Robot {
		tu, err := ParseTuning(tuning)
		if err != nil {
			t.Fatal(err)
		}
		return New(Options{Level: Hard, Tuning: tu})
	}
	discard := func(tuning string) string {
		v := view()
		return actionsString(hard(tuning).Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile}))
	}
	if got := discard(""); got != "Discard 1C 0" {
		t.Errorf("Hard: %s, want Discard 1C 0", got)
	}
	if got := discard("pungFeed=0"); got != "Discard SW 0" {
		t.Errorf("Hard without the feeding charge: %s, want Discard SW 0 (the position no longer shows the charge)", got)
	}

	x := New(Options{Level: Hard}).load(view())
	sw, c1, gd := Kind(mustTile(t, "SW")), Kind(mustTile(t, "1C")), Kind(mustTile(t, "GD"))
	if x.unseen[sw] != 3 || x.unseen[c1] != 2 || x.unseen[gd] != 3 {
		t.Fatalf("unseen SW %d, 1C %d, GD %d; want 3, 2, 3", x.unseen[sw], x.unseen[c1], x.unseen[gd])
	}
	if a, b := x.pairsHeld(sw), x.pairsHeld(c1); !(a > 2*b && b > 0) {
		t.Errorf("expected pairs of SW %v and 1C %v: three unseen copies make three pairs, two one", a, b)
	}
	ew := Kind(mustTile(t, "EW"))
	if a, b := x.pairsHeld(ew), x.pairsHeld(c1); a != b {
		t.Errorf("expected pairs of EW %v and 1C %v, two unseen copies each: want equal", a, b)
	}
	x.unseen[ew] = 1
	if got := x.pairsHeld(ew); got != 0 {
		t.Errorf("expected pairs of a kind with one copy unseen %v, want 0", got)
	}
	before := x.pairsHeld(sw)
	for i := range x.g.Players {
		if engine.Seat(i) != x.seat {
			x.g.Players[i].NumConcealed = 4
		}
	}
	if after := x.pairsHeld(sw); after >= before/4 {
		t.Errorf("expected pairs of SW with four concealed tiles a hand %v, with thirteen %v", after, before)
	}

	// with passRead, a seat that let SW go since its last discard holds
	// no pair of it; without, the pass is not read
	passedSW := func(tuning string) *context {
		r := hard(tuning)
		v := view()
		other := (v.Seat() + 1) % engine.NumSeats
		r.read.passed[other] |= 1 << sw
		return r.load(v)
	}
	off, on := passedSW(""), passedSW("passRead=1")
	full := off.pairsHeld(sw)
	if got := on.pairsHeld(sw); !(got > 0 && got < full*0.7) {
		t.Errorf("expected pairs of SW with one seat having let it go: %v, %v when nobody did; want about two thirds", got, full)
	}
	for i := range on.passed {
		if engine.Seat(i) != on.seat {
			on.passed[i] |= 1 << sw
		}
	}
	if got := on.pairsHeld(sw); got != 0 {
		t.Errorf("expected pairs of SW when every other seat let it go: %v, want 0", got)
	}

	// with feedSkip, a pair held by the player after us weighs more than
	// one held by the player before us (whose pung brings our draw at
	// once); the three together weigh as without it
	skip := hard("feedSkip=0.5").load(view())
	next, prev := skip.seat.Next(), skip.seat.Next().Next().Next()
	if a, b := skip.feedWeight(next), skip.feedWeight(prev); a != 1.5 || b != 0.5 {
		t.Errorf("feedSkip 0.5: the next seat weighs %v, the one before us %v; want 1.5 and 0.5", a, b)
	}
	if a, b := skip.pairsHeld(sw), hard("").load(view()).pairsHeld(sw); a-b > 1e-9 || b-a > 1e-9 {
		t.Errorf("feedSkip 0.5: expected pairs of SW %v, without it %v; want the same with equal hands", a, b)
	}
}

// TestDecisionAllocs: a discard allocates nothing (its actions are boxed
// once, at start-up) and a claim only the action it returns, which
// carries the discard's serial. Asking the engine whether each held
// tile can go to a pung used to allocate an error per tile, and weighing
// each claim boxed its action.
func TestDecisionAllocs(t *testing.T) {
	if raceOn {
		t.Skip("the race detector allocates")
	}
	cases := []struct {
		name    string
		ps      position
		discard string
		most    float64 // allocations allowed: a claim boxes its action, which carries the discard's serial
	}{
		{"discard", position{hand: "1B 2B 5B 7B 9B 2C 3C 8C 4D 4D 6D EW RD GD"}, "", 0},
		{"discard, one away", position{hand: "1B 2B 3B 4C 5C 7C 7D 8D 2D 3D 5C 5C 9B NW"}, "", 0},
		{"claim", position{seat: 1, hand: "2B 3B 5B 6B 7B 1C 2C 3C 7D 8D EW EW NW"}, "4B", 1},
	}
	for _, c := range cases {
		v := c.ps.view(t)
		g := v.Game
		var ev engine.Event = engine.CPlayerDraws{ID: 1, Tile: g.Tile}
		if c.discard != "" {
			g.Phase, g.Player, g.Tile, g.Serial = engine.Discarded, (c.ps.seat+3)%engine.NumSeats, mustTile(t, c.discard), 7
			ev = engine.CPlayerDiscards{ID: g.Players[g.Player].ID, Tile: g.Tile, Serial: 7}
		}
		r := New(Options{Level: Hard})
		if as := r.Respond(v, ev); len(as) != 1 {
			t.Fatalf("%s: %s", c.name, actionsString(as))
		}
		if n := testing.AllocsPerRun(20, func() { r.Respond(v, ev) }); n > c.most {
			t.Errorf("%s: %v allocations a decision, want at most %v", c.name, n, c.most)
		}
	}
}
