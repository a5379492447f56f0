package game

import (
	"slices"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/game/client"
)

func TestDialogTitle(t *testing.T) {
	v := engine.NewView()
	v.ID = 1
	v.Names[2] = "Bob"
	tests := []struct {
		name string
		p    client.Prompt
		wall bool
		want []string
	}{
		{"ready", client.Prompt{Kind: client.Ready, Text: "to start next hand"}, true, []string{"Ready to start next hand?"}},
		{"discard, wall hidden", client.Prompt{Kind: client.Discard, WallLeft: 40}, false,
			[]string{"Your turn: select a tile to discard", "40 tiles left in the wall"}},
		{"discard, wall shown", client.Prompt{Kind: client.Discard, WallLeft: 40}, true, []string{"Your turn: select a tile to discard"}},
		{"claim", client.Prompt{Kind: client.Claim, From: 2, Tile: engine.RedDragon}, true, []string{"Bob discarded Red Dragon"}},
		{"rob", client.Prompt{Kind: client.Rob, From: 2, Tile: engine.EastWind}, true, []string{"Bob konged East Wind: rob the kong?"}},
		{"none", client.Prompt{Kind: client.None, Text: "waiting"}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DialogTitle(v, &tt.p, tt.wall); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestScoringText(t *testing.T) {
	sc := client.Scoring{
		Hands:      []client.HandScore{{ID: 1, Name: "Ann", Wind: engine.East, Score: 24, Text: "basic 20\nSCORE: 24\n"}},
		Settlement: &engine.CSettlement{East: 72, South: -24, West: -24, North: -24, Text: "Ann +72\n"},
	}
	got := ScoringText(sc)
	for _, want := range []string{"East  Ann: 24", "    basic 20", "Settlement: East +72, South -24, West -24, North -24", "    Ann +72"} {
		if !strings.Contains(got, want) {
			t.Errorf("scoring text lacks %q:\n%s", want, got)
		}
	}
	var w scoreWin
	w.sync(client.Scoring{Hands: sc.Hands})
	if w.open {
		t.Error("the window opened before the settlement")
	}
	w.sync(sc)
	if !w.open {
		t.Error("the window did not open at the settlement")
	}
	w.open = false
	w.sync(sc)
	if w.open {
		t.Error("the same scoring opened the window again")
	}
}
