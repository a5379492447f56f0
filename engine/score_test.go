package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"mahjong/engine"
)

// scoringTable builds a game in the declaration phase: the four hands (in
// mustHand's notation, seats E S W N, player ids 1-4) and the winner's
// seat. The winning tile came from the wall unless the test says
// otherwise; the wall is fresh.
func scoringTable(t testing.TB, winner engine.Seat, hands ...string) *engine.Game {
	t.Helper()
	g := &engine.Game{Options: engine.DefaultOptions(), Round: engine.East, Phase: engine.MahJonging,
		Player: winner, Supplier: engine.NoSeat, Whence: engine.FromWall}
	for i, h := range hands {
		p := mustHand(t, h)
		p.ID = i + 1
		p.Wind = engine.Wind(i + 1)
		p.NoDiscard = false
		g.Players[i] = p
	}
	g.Wall = engine.Wall{Tiles: make(engine.Tiles, 144), DeadWall: true, LiveEnd: 130, DeadEnd: 144, LiveUsed: 80}
	return g
}

func TestScoreHand(t *testing.T) {
	losers := []string{"1B 5C 9D", "2B 6C 8D", "3B 7C 7D"}
	tests := []struct {
		name   string
		winner string // South's hand; East, West, North hold losers
		setup  func(g *engine.Game)
		caller string // South's hand before the winning tile; "" none
		score  int
		text   string
	}{
		{
			name:   "chows from the wall",
			winner: "* 1C+2C+3C 7C+8C+9C 2B-3B-4B 5D+6D+7D 2D+2D * 1S",
			setup:  func(g *engine.Game) { g.Tile = mustTile(t, "7D") },
			caller: "1C 2C 3C 7C 8C 9C 2D 2D 5D 6D * 2B-3B-4B",
			score:  52,
			text: "basic        20 (going Mah Jong)\n" +
				"1 special     4 (flowers and seasons)\n" +
				"extra         2 (winning from wall)\n" +
				"total pts    26\n" + // not filling the only place: 4D or 7D
				"              1 dbl (no score hand)\n" +
				"total dbls    1\n" +
				"SCORE:       52",
		},
		{
			name:   "fishing the eyes, only place, almost concealed",
			winner: "* 1C+2C+3C 7C+8C+9C RD+RD+RD 5D+6D+7D SW-SW",
			setup: func(g *engine.Game) {
				g.Tile, g.Whence = mustTile(t, "SW"), engine.FromDiscard
				g.Options.Values[engine.OptConcealedAlmost] = engine.ScoreDouble
			},
			caller: "1C 2C 3C 7C 8C 9C RD RD RD 5D 6D 7D SW",
			text: "basic        20 (going Mah Jong)\n" +
				"RD+RD+RD      8 (closed pung of majors)\n" +
				"SW-SW         2 (pair of own wind)\n" +
				"extra         4 (fishing the eyes)\n" +
				"extra         2 (filling the only place)\n" +
				"total pts    36\n" +
				"RD+RD+RD      1 dbl (pung/kong of dragons)\n" +
				"              1 dbl (almost concealed hand)\n" +
				"total dbls    2\n" +
				"SCORE:      144",
		},
		{
			name:   "over the limit",
			winner: "* RD-RD-RD GD-GD-GD+GD WD-WD-WD-WD SW+SW+SW 9B+9B",
			setup:  func(g *engine.Game) { g.Tile = mustTile(t, "9B") },
			text: "Limit Hand 1000 (Three Great Scholars)\n" +
				"SCORE:     1000",
		},
		{
			name:   "no limit: points, doubles and the limit as a minimum",
			winner: "* RD-RD-RD GD-GD-GD+GD WD-WD-WD-WD SW+SW+SW 9B+9B",
			setup: func(g *engine.Game) {
				g.Tile = mustTile(t, "9B")
				g.Options.Values[engine.OptNoLimit] = 1
			},
			text: "basic        20 (going Mah Jong)\n" +
				"RD-RD-RD      4 (open pung of majors)\n" +
				"GD-GD-GD+GD  16 (open kong of majors)\n" +
				"WD-WD-WD-WD  16 (open kong of majors)\n" +
				"SW+SW+SW      8 (closed pung of majors)\n" +
				"extra         2 (winning from wall)\n" +
				"extra         4 (fishing the eyes)\n" +
				"total pts    70\n" +
				"RD-RD-RD      1 dbl (pung/kong of dragons)\n" +
				"GD-GD-GD+GD   1 dbl (pung/kong of dragons)\n" +
				"WD-WD-WD-WD   1 dbl (pung/kong of dragons)\n" +
				"SW+SW+SW      1 dbl (pung/kong of own wind)\n" +
				"              2 dbl (Big Three Dragons)\n" +
				"              1 dbl (no chows)\n" +
				"              1 dbl (all majors)\n" +
				"              1 dbl (one suit with honours)\n" +
				"total dbls    9\n" +
				"Limit Hand 1000 (Three Great Scholars)\n" +
				"SCORE:    35840",
		},
		{
			name:   "doubling stops at the cap",
			winner: "* RD-RD-RD GD-GD-GD+GD WD-WD-WD-WD SW+SW+SW 9B+9B",
			setup: func(g *engine.Game) {
				g.Tile = mustTile(t, "9B")
				g.Options.Values[engine.OptNoLimit] = 1
				g.Options.Values[engine.OptMahJongScore] = 90*engine.ScoreDouble + 20
			},
			text: "basic        20 (going Mah Jong)\n" +
				"RD-RD-RD      4 (open pung of majors)\n" +
				"GD-GD-GD+GD  16 (open kong of majors)\n" +
				"WD-WD-WD-WD  16 (open kong of majors)\n" +
				"SW+SW+SW      8 (closed pung of majors)\n" +
				"extra         2 (winning from wall)\n" +
				"extra         4 (fishing the eyes)\n" +
				"total pts    70\n" +
				"basic         90 dbl (going Mah Jong)\n" +
				"RD-RD-RD      1 dbl (pung/kong of dragons)\n" +
				"GD-GD-GD+GD   1 dbl (pung/kong of dragons)\n" +
				"WD-WD-WD-WD   1 dbl (pung/kong of dragons)\n" +
				"SW+SW+SW      1 dbl (pung/kong of own wind)\n" +
				"              2 dbl (Big Three Dragons)\n" +
				"              1 dbl (no chows)\n" +
				"              1 dbl (all majors)\n" +
				"              1 dbl (one suit with honours)\n" +
				"total dbls   99\n" +
				"Limit Hand 1000 (Three Great Scholars)\n" +
				"SCORE:    100000000",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := scoringTable(t, engine.SouthSeat, losers[0], tt.winner, losers[1], losers[2])
			tt.setup(g)
			var caller *engine.Player
			if tt.caller != "" {
				caller = mustHand(t, tt.caller)
				caller.ID = 2
			}
			score, text := engine.ScoreHand(g, engine.SouthSeat, caller, false)
			want := tt.text
			if text != want || tt.score != 0 && score != tt.score {
				t.Errorf("got %d\n%s\nwant\n%s", score, text, want)
			}
			if !strings.HasSuffix(text, fmt.Sprintf("%-9s %5d", "SCORE:", score)) {
				t.Errorf("score %d does not match the text", score)
			}
		})
	}
}

func TestScoreHandLosers(t *testing.T) {
	g := scoringTable(t, engine.SouthSeat, "1B 5C 9D * * 1F 2F 3F 4F", "* 1C+2C+3C 7C+8C+9C 2B-3B-4B 5D+6D+7D 2D+2D",
		"2B 6C 8D", "3B 7C 7D")
	g.Options.Values[engine.OptFlowersBouquet] = 50000000
	if score, text := engine.ScoreHand(g, engine.EastSeat, nil, false); score != 500 ||
		text != " 0.5 Limit  500 (all four flowers)\nSCORE:      500" {
		t.Errorf("half limit: %d %q", score, text)
	}
	if score, text := engine.ScoreHand(g, engine.EastSeat, nil, true); score != 0 ||
		text != "total pts     0\ntotal dbls    0\nSCORE:        0" {
		t.Errorf("no special scores: %d %q", score, text)
	}
	if g.Players[engine.EastSeat].DangerFlags != [engine.NumSeats]engine.DangerFlags{} {
		t.Error("a loser's danger flags changed")
	}
}

func TestScoreHandSetsWinnerDanger(t *testing.T) {
	g := scoringTable(t, engine.WestSeat, "1B 5C 9D", "2B 6C 8D", "* 1B-1B-1B 2B-3B-4B 5B+5B+5B 7B-8B-9B 3B+3B", "3B 7C 7D")
	w := g.Players[engine.WestSeat]
	w.DangerFlags = [engine.NumSeats]engine.DangerFlags{engine.DangerEnd, 0, engine.DangerWind, 0}
	engine.ScoreHand(g, engine.WestSeat, nil, false)
	if got, want := w.DangerFlags[engine.WestSeat], engine.DangerEnd|engine.DangerBamboo; got != want {
		t.Errorf("winner's flags %b, want %b", got, want)
	}
	if w.DangerFlags[engine.EastSeat] != engine.DangerEnd {
		t.Error("liabilities changed")
	}
}

func TestSettle(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *engine.Game)
		want  [engine.NumSeats]int
		text  string
	}{
		{
			name: "losers settle, East doubles",
			want: [engine.NumSeats]int{-80, 128, -40, -8},
			text: "East  pays South    64\nWest  pays South    32\nNorth pays South    32\nSouth GAINS   128\n\n" +
				"East  and West  are even\nEast  pays North    16\nEast  LOSES    80\n\n" +
				"West  pays North     8\nWest  LOSES    40\n\nNorth LOSES     8\n\n",
		},
		{
			name: "cannon",
			setup: func(g *engine.Game) {
				w := g.Players[engine.SouthSeat]
				w.DangerFlags[engine.SouthSeat] = engine.DangerEnd | engine.DangerDragon
				w.DangerFlags[engine.NorthSeat] = engine.DangerDragon
			},
			want: [engine.NumSeats]int{0, 128, 0, -128},
			text: "North let off a cannon\n\n" +
				"North pays South (for East )    64\nNorth pays South (for West )    32\nNorth pays South    32\nSouth GAINS   128\n\n" +
				"East  GAINS     0\n\nWest  GAINS     0\n\nNorth LOSES   128\n\n",
		},
		{
			name: "discarder pays double, no settling among losers",
			setup: func(g *engine.Game) {
				g.Whence, g.Supplier = engine.FromDiscard, engine.WestSeat
				g.Options.Values[engine.OptDiscDoubles] = 1
				g.Options.Values[engine.OptEastDoubles] = 0
				g.Options.Values[engine.OptLosersSettle] = 0
			},
			want: [engine.NumSeats]int{-32, 128, -64, -32},
			text: "East  pays South    32\nWest  pays South    64\nNorth pays South    32\nSouth GAINS   128\n\n" +
				"East  LOSES    32\n\nWest  LOSES    64\n\nNorth LOSES    32\n\n",
		},
		{
			name: "robbed kong counts as self-drawn",
			setup: func(g *engine.Game) {
				g.Whence, g.Supplier = engine.FromRobbedKong, engine.WestSeat
				g.Options.Values[engine.OptDiscDoubles] = 1
				g.Options.Values[engine.OptEastDoubles] = 0
				g.Options.Values[engine.OptLosersSettle] = 0
			},
			want: [engine.NumSeats]int{-64, 192, -64, -64},
			text: "East  pays South    64\nWest  pays South    64\nNorth pays South    64\nSouth GAINS   192\n\n" +
				"East  LOSES    64\n\nWest  LOSES    64\n\nNorth LOSES    64\n\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := scoringTable(t, engine.SouthSeat, "", "", "", "")
			for i, s := range []int{0, 32, 0, 8} {
				g.Players[i].HandScore = s
			}
			if tt.setup != nil {
				tt.setup(g)
			}
			before := *g.Players[engine.SouthSeat]
			got, text := engine.Settle(g)
			if got != tt.want || text != tt.text {
				t.Errorf("got %v\n%s\nwant %v\n%s", got, text, tt.want, tt.text)
			}
			if *g.Players[engine.SouthSeat] != before {
				t.Error("Settle changed the winner")
			}
		})
	}
}

func TestExposedDanger(t *testing.T) {
	tests := []struct {
		hand string
		want engine.DangerFlags
	}{
		{"* 1B-1B-1B 2B-3B-4B", 0},
		{"* 1B-1B-1B 2B-3B-4B 9B-9B-9B+9B", engine.DangerBamboo},
		{"* 1B-1B-1B 2B+3B+4B 9B-9B-9B", 0}, // a concealed chow is not counted
		{"* 2B-2B-2B 6B-6B-6B GD-GD-GD", engine.DangerGreen},
		{"* 1B-1B-1B 9C-9C-9C 1D-1D-1D", engine.DangerTerminal},
		{"* EW-EW-EW RD-RD-RD NW-NW-NW", engine.DangerHonour},
		{"* EW-EW-EW SW-SW-SW WW+WW+WW+WW", engine.DangerWind},
		{"* RD-RD-RD GD+GD+GD+GD", engine.DangerDragon},
		{"* 5C-5C-5C 5C+5C+5C+5C 6C+6C+6C+6C", 0},
	}
	for _, tt := range tests {
		if got := engine.ExposedDanger(mustHand(t, tt.hand)); got != tt.want|engine.DangerEnd {
			t.Errorf("%s: got %b, want %b", tt.hand, got, tt.want|engine.DangerEnd)
		}
	}
}

func TestMarkDangerousDiscard(t *testing.T) {
	// West has three bamboo sets; North discarded 5B and West pungs it.
	setup := func(north string) *engine.Game {
		g := scoringTable(t, engine.WestSeat, "1C 1C 9D", "2C 6C 8D", "5B 5B * 1B-1B-1B 2B-3B-4B 9B-9B-9B", north)
		for s, p := range g.Players {
			p.DangerFlags[s] = engine.ExposedDanger(p)
		}
		g.Phase, g.Tile, g.Supplier = engine.Discarding, mustTile(t, "5B"), engine.NorthSeat
		g.DiscardedCount[g.Tile] = 1
		// a stale liability of East's towards West
		g.Players[engine.WestSeat].DangerFlags[engine.EastSeat] = engine.DangerEnd
		return g
	}
	g := setup("3C 7B 7D")
	danger, noChoice := engine.MarkDangerousDiscard(g)
	w := g.Players[engine.WestSeat]
	if danger != engine.DangerBamboo || noChoice || w.DangerFlags[engine.NorthSeat] != engine.DangerBamboo ||
		w.DangerFlags[engine.EastSeat] != 0 || g.Flags != engine.DangerousDiscardFlag {
		t.Errorf("with a choice: %b %v, flags %v, table flags %b", danger, noChoice, w.DangerFlags, g.Flags)
	}
	g = setup("3B 7B 8B")
	if danger, noChoice := engine.MarkDangerousDiscard(g); danger != engine.DangerBamboo || !noChoice ||
		g.Flags != engine.DangerousDiscardFlag|engine.NoChoiceFlag ||
		g.Players[engine.WestSeat].DangerFlags[engine.NorthSeat] != 0 {
		t.Errorf("without a choice: %b %v, table flags %b", danger, noChoice, g.Flags)
	}
	g = setup("3C 7B 7D")
	g.Tile = mustTile(t, "5C")
	if danger, _ := engine.MarkDangerousDiscard(g); danger != 0 || g.Flags != 0 {
		t.Errorf("a safe tile: %b", danger)
	}
	// Near the end of the wall a tile not discarded before is dangerous,
	// and so is every tile discarded at most once, for the excuse.
	g = setup("3C 3C 7D")
	g.Tile = mustTile(t, "5C")
	g.Wall.LiveUsed = g.Wall.LiveEnd - 4
	g.DiscardedCount[mustTile(t, "5C")] = 1
	g.DiscardedCount[mustTile(t, "3C")] = 1
	g.DiscardedCount[mustTile(t, "7D")] = 2
	if danger, noChoice := engine.MarkDangerousDiscard(g); danger != engine.DangerEnd || noChoice {
		t.Errorf("end of wall: %b %v", danger, noChoice)
	}
	if engine.NoChoice(g, engine.NorthSeat) {
		t.Error("7D was discarded twice before, so it was safe")
	}
}

func TestCannoneer(t *testing.T) {
	g := scoringTable(t, engine.EastSeat, "", "", "", "")
	if s := engine.Cannoneer(g); s != engine.NoSeat {
		t.Errorf("no flags: %v", s)
	}
	w := g.Players[engine.EastSeat]
	w.DangerFlags = [engine.NumSeats]engine.DangerFlags{engine.DangerEnd | engine.DangerBamboo, 0, engine.DangerCharacter, 0}
	if s := engine.Cannoneer(g); s != engine.NoSeat {
		t.Errorf("other category: %v", s)
	}
	w.DangerFlags[engine.WestSeat] |= engine.DangerEnd
	if s := engine.Cannoneer(g); s != engine.WestSeat {
		t.Errorf("end of wall: %v", s)
	}
}

func ExampleScoreHand() {
	g := &engine.Game{Options: engine.DefaultOptions(), Round: engine.East, Phase: engine.MahJonging,
		Player: engine.EastSeat, Whence: engine.FromDiscard, Tile: engine.RedDragon,
		Wall: engine.Wall{Tiles: make(engine.Tiles, 144), DeadWall: true, LiveEnd: 130, DeadEnd: 144, LiveUsed: 60}}
	for i := range g.Players {
		g.Players[i] = &engine.Player{ID: i + 1}
		g.Players[i].NewHand(engine.Wind(i + 1))
		g.Players[i].NoDiscard = false
	}
	g.Players[engine.EastSeat].Melds = [engine.MaxMelds]engine.Meld{
		{Kind: engine.Pung, Tile: engine.RedDragon},
		{Kind: engine.ClosedChow, Tile: engine.NewTile(engine.Bamboo, 2)},
		{Kind: engine.Pung, Tile: engine.EastWind},
		{Kind: engine.Chow, Tile: engine.NewTile(engine.Circles, 7)},
		{Kind: engine.ClosedPair, Tile: engine.NewTile(engine.Characters, 5)},
	}
	score, text := engine.ScoreHand(g, engine.EastSeat, nil, false)
	fmt.Println(text)
	fmt.Println(score)
	// Output:
	// basic        20 (going Mah Jong)
	// RD-RD-RD      4 (open pung of majors)
	// EW-EW-EW      4 (open pung of majors)
	// total pts    28
	// RD-RD-RD      1 dbl (pung/kong of dragons)
	// EW-EW-EW      1 dbl (pung/kong of own wind)
	// EW-EW-EW      1 dbl (pung/kong of prevailing wind)
	// total dbls    3
	// SCORE:      224
	// 224
}

func BenchmarkScoreHand(b *testing.B) {
	g := scoringTable(b, engine.SouthSeat, "1B 5C 9D 4D", "* 1C+2C+3C 7C+8C+9C RD+RD+RD 5D+6D+7D WW-WW * 2F 2S",
		"2B 6C 8D EW", "3B 7C 7D SW")
	g.Tile, g.Whence = mustTile(b, "WW"), engine.FromDiscard
	caller := mustHand(b, "1C 2C 3C 7C 8C 9C RD RD RD 5D 6D 7D WW * * 2F 2S")
	caller.ID = 2
	for b.Loop() {
		engine.ScoreHand(g, engine.SouthSeat, caller, false)
	}
}
